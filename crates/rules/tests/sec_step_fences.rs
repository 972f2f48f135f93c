//! SEC-2 and SEC-14 in the security step: the listed answers offer a few fence sections the
//! engine accepts, and every fenced area has a gate, also when walls close it together with
//! the fence. Refusals name SEC-2 and change nothing.

mod common;

use common::*;
use redline_battlespace::{SceneryKind, SceneryPiece, SceneryShape};
use redline_rules::card::{ModelProfile, Skills};
use redline_rules::scenario::{DeploymentZone, Edge, ScenarioRules, SeatZone};
use redline_rules::security::{FenceKind, SecurityPlacement, SecurityPlan, SecurityRules};
use redline_rules::{Command, Entry, Game, ModelSetup, Module, Rule, Setup};

/// A solid brick wall from `from` to `to`, (x, z).
fn wall(id: u32, from: [f32; 2], to: [f32; 2]) -> SceneryPiece {
    SceneryPiece::new(
        id,
        &format!("Wall {id}"),
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from,
            to,
            thickness: 0.5,
            height: 3.0,
        },
    )
}

/// A model of `seat` left for the deployment, with Tech `tech`.
fn to_deploy(name: &str, tech: i8, seat: u8) -> ModelSetup {
    let profile = ModelProfile {
        skills: Skills {
            tech,
            reflexes: 1,
            ..Skills::default()
        },
        ..character(name)
    };
    ModelSetup {
        entry: Entry::Deploy,
        ..model(profile, seat, [0.0; 3])
    }
}

/// Seat 1 defends the east half with a 20 EB budget and one Tech character; seat 0 deploys
/// along the west edge; these walls stand on the table.
fn site(walls: Vec<SceneryPiece>) -> Setup {
    let edge = |edge| DeploymentZone::Edge {
        edge,
        distance: 4.0,
    };
    Setup {
        battlespace: table(walls),
        modules: [Module::Sec].into(),
        scenario: ScenarioRules {
            deployment: vec![
                SeatZone {
                    seat: P0,
                    zone: edge(Edge::West),
                },
                SeatZone {
                    seat: P1,
                    zone: edge(Edge::East),
                },
            ],
            security: Some(SecurityRules {
                budget_eb: 20,
                plan: SecurityPlan::default(),
                ..SecurityRules::new(P1)
            }),
            ..ScenarioRules::default()
        },
        ..no_luck_with(vec![to_deploy("Raider", 0, 0), to_deploy("Tech", 1, 1)])
    }
}

fn fence(from: [f32; 2], to: [f32; 2]) -> Command {
    Command::PlaceSecurity(SecurityPlacement::Fence {
        kind: FenceKind::ChainLink,
        from,
        to,
    })
}

/// The command is refused with `rule`, and the game is as it was.
fn refused(g: &mut Game, cmd: Command, rule: Rule) {
    let hash = g.state_hash();
    assert_eq!(refusal(g.apply(cmd.clone())), rule, "{cmd:?}");
    assert_eq!(g.state_hash(), hash, "a refusal changes nothing: {cmd:?}");
}

fn listed_fences(g: &Game) -> Vec<(FenceKind, [f32; 2], [f32; 2])> {
    g.legal_commands()
        .into_iter()
        .filter_map(|c| match c {
            Command::PlaceSecurity(SecurityPlacement::Fence { kind, from, to }) => {
                Some((kind, from, to))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn sec_2_the_listed_answers_offer_a_few_fence_sections_the_engine_accepts() {
    let mut g = start(site(Vec::new()));
    let offered = listed_fences(&g);
    assert!(
        !offered.is_empty(),
        "SEC-2: a fence can be bought from the list"
    );
    assert!(offered.len() <= 8, "a short list: {offered:?}");
    for kind in [FenceKind::ChainLink, FenceKind::RazorWire] {
        assert!(offered.iter().any(|f| f.0 == kind), "{kind:?} offered");
    }
    for &(kind, from, to) in &offered {
        let cmd = Command::PlaceSecurity(SecurityPlacement::Fence { kind, from, to });
        assert!(g.check(&cmd).is_ok(), "{cmd:?}");
        // SEC-14: 4" sections.
        let len = (to[0] - from[0]).hypot(to[1] - from[1]);
        assert!((len - 4.0).abs() < 0.01);
    }
    // Bought from the list, and the list offers more (but never the same section again).
    let (kind, from, to) = offered[0];
    ok(
        &mut g,
        Command::PlaceSecurity(SecurityPlacement::Fence { kind, from, to }),
    );
    let next = listed_fences(&g);
    assert!(!next.is_empty());
    assert!(!next.iter().any(|f| (f.1, f.2) == (from, to)));
}

#[test]
fn sec_2_a_fence_closing_an_area_against_a_wall_needs_a_gate() {
    // A solid wall along z = 4; two sides of a square stand against it.
    let mut g = start(site(vec![wall(0, [14.0, 4.0], [22.0, 4.0])]));
    ok(&mut g, fence([15.0, 4.5], [15.0, 8.5]));
    ok(&mut g, fence([15.0, 8.5], [19.0, 8.5]));
    // The third side, back to the wall, would close the yard with no gate.
    refused(&mut g, fence([19.0, 8.5], [19.0, 4.5]), Rule::Sec2);
    // Ending a gate's width or more from the wall (1.85" here) leaves a gate.
    ok(
        &mut g,
        fence([19.0, 8.5], [19.0 + 4.0 * 0.8, 8.5 - 4.0 * 0.6]),
    );
}

#[test]
fn sec_2_walls_that_meet_close_an_area_with_the_fence_too() {
    // Two walls meeting in a corner; a fence across the corner closes a yard.
    let mut g = start(site(vec![
        wall(0, [14.0, 4.0], [22.0, 4.0]),
        wall(1, [22.0, 4.0], [22.0, 12.0]),
    ]));
    ok(&mut g, fence([17.5, 4.5], [17.5, 8.5]));
    refused(&mut g, fence([17.5, 8.5], [21.5, 8.5]), Rule::Sec2);
    // Running on away from the other wall closes nothing.
    ok(&mut g, fence([17.5, 8.5], [13.5, 8.5]));
}
