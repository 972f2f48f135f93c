//! The deployment before the game (FIELD-7): seats place their teams in turn inside their
//! zones, clear of every base (MOVE-4) and of scenery; refusals name the rule; placements are
//! commands in the replay and change the state hash; a setup with every model placed has no
//! deployment and starts exactly as before.

mod common;

use common::*;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use redline_battlespace::{BASE_27MM_RADIUS, ModelBase, SceneryKind};
use redline_rules::Rule;
use redline_rules::scenario::{
    Area, Corner, DeploymentZone, Edge, FirstControl, Placement, ScenarioRules, SeatZone,
};
use redline_rules::{
    Command, DecisionKind, Entry, Event, Game, ModelId, ModelSetup, Replay, Seat, Setup,
};

/// A zone `distance` deep along `edge`.
fn edge(edge: Edge, distance: f32) -> DeploymentZone {
    DeploymentZone::Edge { edge, distance }
}

/// A model of `seat` left for the deployment.
fn to_deploy(name: &str, seat: u8) -> ModelSetup {
    ModelSetup {
        entry: Entry::Deploy,
        ..model(character(name), seat, [0.0; 3])
    }
}

/// Seat 0 deploys along the north edge (6" deep), seat 1 along the south edge; two models
/// each, all left for the deployment; no Luck.
fn two_teams() -> Setup {
    placed().unplaced().0
}

/// [`two_teams`] with every model placed: seat 0 at the north edge, seat 1 at the south.
fn placed() -> Setup {
    Setup {
        scenario: ScenarioRules {
            deployment: vec![
                SeatZone {
                    seat: P0,
                    zone: edge(Edge::North, 6.0),
                },
                SeatZone {
                    seat: P1,
                    zone: edge(Edge::South, 6.0),
                },
            ],
            ..ScenarioRules::default()
        },
        ..no_luck_with(vec![
            model(character("North A"), 0, [4.0, 0.0, 2.0]),
            model(character("North B"), 0, [8.0, 0.0, 2.0]),
            model(character("South A"), 1, [4.0, 0.0, 22.0]),
            model(character("South B"), 1, [8.0, 0.0, 22.0]),
        ])
    }
}

fn place(model: u16, at: [f32; 3]) -> Command {
    Command::Deploy {
        model: m(model),
        at,
    }
}

/// The pending decision's `DeployTeam` lists and seat.
fn deploying(g: &Game) -> (Seat, Vec<ModelId>, Vec<ModelId>) {
    match g.decision() {
        Some(d) => match &d.kind {
            DecisionKind::DeployTeam {
                to_place, placed, ..
            } => (d.seat, to_place.clone(), placed.clone()),
            other => panic!("expected the deployment, got {other:?}"),
        },
        None => panic!("the game is over"),
    }
}

/// Applies `cmd`, which the engine must refuse citing `rule`, and checks nothing changed.
#[track_caller]
fn refused(g: &mut Game, cmd: Command, rule: Rule) {
    let hash = g.state_hash();
    let e = g.apply(cmd).expect_err("the engine must refuse it");
    assert_eq!(e.rule, rule, "{e}");
    assert_eq!(g.state_hash(), hash, "a refused placement changed the game");
}

#[test]
fn field_7_seats_deploy_in_turn_then_first_control_is_settled() {
    let mut g = start(two_teams());
    assert_eq!(g.deploying(), Some(P0));
    assert_eq!(deploying(&g), (P0, vec![m(0), m(1)], vec![]));
    assert!(g.opening_events().is_empty(), "first Control waits");
    assert!(!g.in_play(m(0)) && g.waiting_to_deploy(m(0)));
    let ev = ok(&mut g, place(0, [4.0, 0.0, 2.0]));
    assert_eq!(
        ev,
        vec![Event::Placed {
            model: m(0),
            at: [4.0, 0.0, 2.0]
        }]
    );
    assert!(g.in_play(m(0)) && g.position(m(0)) == [4.0, 0.0, 2.0]);
    assert_eq!(deploying(&g), (P0, vec![m(1)], vec![m(0)]));
    ok(&mut g, place(1, [8.0, 0.0, 2.0]));
    let ev = ok(&mut g, Command::EndDeployment);
    assert_eq!(ev, vec![Event::DeploymentEnded { seat: P0 }]);
    // Seat 1's models are off the table while seat 0 deploys, yet nobody has won.
    assert_eq!(deploying(&g), (P1, vec![m(2), m(3)], vec![]));
    ok(&mut g, place(2, [4.0, 0.0, 22.0]));
    ok(&mut g, place(3, [8.0, 0.0, 22.0]));
    let ev = ok(&mut g, Command::EndDeployment);
    assert!(ev.contains(&Event::DeploymentEnded { seat: P1 }));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::FirstControl { seat, .. } if *seat == P0))
    );
    assert_eq!(g.deploying(), None);
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::TakeControl { .. })
    ));
}

#[test]
fn field_7_a_model_outside_its_zone_is_refused() {
    let mut g = start(two_teams());
    // 6.5" from the north edge: the base reaches past the zone's 6".
    refused(&mut g, place(0, [4.0, 0.0, 6.2]), Rule::Field7);
    // In the rival's zone.
    refused(&mut g, place(0, [4.0, 0.0, 22.0]), Rule::Field7);
    // Hanging over the table's edge.
    refused(&mut g, place(0, [0.2, 0.0, 2.0]), Rule::Field7);
    refused(&mut g, place(0, [f32::NAN, 0.0, 2.0]), Rule::Field7);
}

#[test]
fn move_4_a_base_overlapping_another_is_refused() {
    let mut g = start(two_teams());
    ok(&mut g, place(0, [4.0, 0.0, 2.0]));
    refused(&mut g, place(1, [4.5, 0.0, 2.0]), Rule::Move4);
    // Touching is not overlapping.
    ok(&mut g, place(1, [4.0 + 2.0 * BASE_27MM_RADIUS, 0.0, 2.0]));
}

#[test]
fn move_4_a_base_overlapping_a_model_set_up_on_the_table_is_refused() {
    let mut setup = two_teams();
    setup.models[2] = model(character("Sentry"), 1, [12.0, 0.0, 3.0]);
    let mut g = start(setup);
    refused(&mut g, place(0, [12.5, 0.0, 3.0]), Rule::Move4);
    // The sentry was set up on the table: its owner does not place it.
    ok(&mut g, place(0, [4.0, 0.0, 2.0]));
    ok(&mut g, place(1, [6.0, 0.0, 2.0]));
    ok(&mut g, Command::EndDeployment);
    refused(&mut g, place(2, [4.0, 0.0, 22.0]), Rule::Field7);
}

#[test]
fn field_7_a_spot_inside_scenery_is_refused() {
    let setup = Setup {
        battlespace: table(vec![scenery_box(
            1,
            "Crate stack",
            SceneryKind::Barrier,
            [12.0, 3.0],
            [4.0, 4.0, 4.0],
        )]),
        ..two_teams()
    };
    let mut g = start(setup);
    let e = g.check(&place(0, [12.0, 0.0, 3.0])).unwrap_err();
    assert!(e.message.contains("scenery"), "{e}");
    refused(&mut g, place(0, [12.0, 0.0, 3.0]), Rule::Field7);
    // Half on the crates.
    refused(&mut g, place(0, [10.2, 0.0, 3.0]), Rule::Field7);
    // Every offered spot is clear of it.
    for at in g.deployment_spots(m(0)) {
        assert!(g.check(&place(0, at)).is_ok(), "offered {at:?} is refused");
        assert!(
            (at[0] - 12.0).abs() > 2.0 || (at[2] - 3.0).abs() > 2.0,
            "{at:?} inside the crates"
        );
    }
}

#[test]
fn field_7_models_are_placed_in_any_order_and_may_be_placed_again() {
    let mut g = start(two_teams());
    ok(&mut g, place(1, [8.0, 0.0, 2.0]));
    ok(&mut g, place(0, [4.0, 0.0, 2.0]));
    assert_eq!(deploying(&g), (P0, vec![], vec![m(0), m(1)]));
    // Moved a little: only its own old spot is under it.
    let ev = ok(&mut g, place(1, [8.5, 0.0, 2.5]));
    assert_eq!(
        ev,
        vec![Event::Placed {
            model: m(1),
            at: [8.5, 0.0, 2.5]
        }]
    );
    assert_eq!(g.position(m(1)), [8.5, 0.0, 2.5]);
    // Its candidate spots leave out only the other model's base.
    assert!(!g.deployment_spots(m(1)).is_empty());
    refused(&mut g, place(1, [4.5, 0.0, 2.0]), Rule::Move4);
}

#[test]
fn field_7_the_deployment_ends_only_once_the_team_is_placed() {
    let mut g = start(two_teams());
    ok(&mut g, place(0, [4.0, 0.0, 2.0]));
    refused(&mut g, Command::EndDeployment, Rule::Field7);
    // Nothing but placements answer the deployment.
    refused(&mut g, Command::Activate { model: m(0) }, Rule::Field7);
    // Listed answers: placements of the model still to place, never the end.
    let legal = g.legal_commands();
    assert!(!legal.is_empty());
    assert!(
        legal
            .iter()
            .all(|c| matches!(c, Command::Deploy { model, .. } if *model == m(1)))
    );
    ok(&mut g, place(1, [8.0, 0.0, 2.0]));
    assert_eq!(g.legal_commands(), vec![Command::EndDeployment]);
}

#[test]
fn field_7_a_seat_places_only_its_own_models_left_for_the_deployment() {
    let mut setup = two_teams();
    setup.models.push(ModelSetup {
        entry: Entry::Reserve,
        ..model(character("Diver"), 0, [0.0; 3])
    });
    let mut g = start(setup);
    refused(&mut g, place(2, [4.0, 0.0, 2.0]), Rule::Field7);
    refused(&mut g, place(4, [4.0, 0.0, 2.0]), Rule::Field8);
    refused(&mut g, place(9, [4.0, 0.0, 2.0]), Rule::Field7);
    assert!(g.deployment_spots(m(2)).is_empty());
    assert!(g.deployment_spots(m(4)).is_empty());
}

#[test]
fn field_7_without_a_zone_a_team_deploys_anywhere_on_the_table() {
    let setup = Setup {
        scenario: ScenarioRules::default(),
        ..two_teams()
    };
    let mut g = start(setup);
    let (_, _, _) = deploying(&g);
    match &g.decision().unwrap().kind {
        DecisionKind::DeployTeam { placement, .. } => assert_eq!(
            *placement,
            Placement {
                area: Area::Anywhere,
                keep_clear: false
            }
        ),
        other => panic!("{other:?}"),
    }
    ok(&mut g, place(0, [12.0, 0.0, 12.0]));
    refused(&mut g, place(1, [23.9, 0.0, 12.0]), Rule::Field7);
}

#[test]
fn field_7_a_model_with_no_room_left_takes_no_part_in_the_game() {
    // A corner zone with room for one 27 mm base only.
    let mut setup = two_teams();
    setup.scenario.deployment[0].zone = DeploymentZone::Corner {
        corner: Corner::NorthWest,
        distance: 2.2,
    };
    let mut g = start(setup);
    let spots = g.deployment_spots(m(0));
    assert!(!spots.is_empty());
    ok(&mut g, place(0, spots[0]));
    assert!(g.deployment_spots(m(1)).is_empty());
    assert_eq!(g.legal_commands(), vec![Command::EndDeployment]);
    let ev = ok(&mut g, Command::EndDeployment);
    assert_eq!(
        ev,
        vec![
            Event::NoRoomToDeploy { model: m(1) },
            Event::DeploymentEnded { seat: P0 }
        ]
    );
    assert!(!g.in_play(m(1)) && !g.taken_out(m(1)) && !g.in_reserve(m(1)));
    assert_eq!(g.deploying(), Some(P1));
}

#[test]
fn ctrl_15_the_roll_off_for_first_control_follows_the_deployment() {
    let mut setup = two_teams();
    setup.scenario.first_control = FirstControl::RollOff;
    setup.loaded_dice = vec![2, 5];
    let mut g = start(setup);
    assert!(g.opening_events().is_empty());
    for (i, x) in [(0, 4.0), (1, 8.0)] {
        ok(&mut g, place(i, [x, 0.0, 2.0]));
    }
    ok(&mut g, Command::EndDeployment);
    for (i, x) in [(2, 4.0), (3, 8.0)] {
        ok(&mut g, place(i, [x, 0.0, 22.0]));
    }
    let ev = ok(&mut g, Command::EndDeployment);
    assert!(ev.contains(&Event::FirstControlRoll {
        rolls: vec![(P0, 2), (P1, 5)]
    }));
    let d = g.decision().expect("decision");
    assert_eq!(d.seat, P1);
    assert!(matches!(d.kind, DecisionKind::ChooseFirstControl { .. }));
}

#[test]
fn field_7_a_setup_with_every_model_placed_has_no_deployment() {
    let g = start(placed());
    assert_eq!(g.deploying(), None);
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::TakeControl { .. })
    ));
    assert!(!g.opening_events().is_empty());
}

#[test]
fn field_7_a_deployment_by_plan_reaches_the_table_of_the_placed_setup() {
    let (setup, plan) = placed().unplaced();
    assert!(setup.models.iter().all(|m| m.entry == Entry::Deploy));
    assert_eq!(plan.len(), 4);
    let mut deployed = start(setup);
    let events = deployed
        .deploy_as_planned(&plan)
        .expect("the plan is legal");
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Placed { .. }))
            .count(),
        4
    );
    let mut direct = start(placed());
    for i in 0..4 {
        assert_eq!(deployed.position(m(i)), direct.position(m(i)));
        assert!(deployed.in_play(m(i)));
    }
    assert_eq!(deployed.decision(), direct.decision());
    // The same commands from here make the same events.
    for cmd in [
        Command::Activate { model: m(0) },
        move_to(m(0), 0, [4.0, 0.0, 12.0]),
        Command::EndActivation,
    ] {
        assert_eq!(ok(&mut deployed, cmd.clone()), ok(&mut direct, cmd));
    }
}

#[test]
fn field_7_placements_are_in_the_replay_and_the_state_hash() {
    let (setup, plan) = placed().unplaced();
    let mut g = start(setup.clone());
    let mut hashes = vec![g.state_hash()];
    let mut commands = Vec::new();
    while let Some(cmd) = g.planned_placement(&plan) {
        ok(&mut g, cmd.clone());
        hashes.push(g.state_hash());
        commands.push(cmd);
    }
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(
        hashes.len(),
        commands.len() + 1,
        "every placement changes the hash"
    );
    let replay = Replay::from_commands(setup, 1, "deployment", &commands).expect("replays");
    assert_eq!(replay.steps.len(), 6, "four placements and two ends");
    replay.verify().expect("the replay reproduces");
}

/// The zones of a random table: along opposite edges, in opposite corners, or one team round
/// the centre and one along an edge.
fn zones(kind: u8, depth: f32) -> [DeploymentZone; 2] {
    match kind % 3 {
        0 => [edge(Edge::North, depth), edge(Edge::South, depth)],
        1 => [
            DeploymentZone::Corner {
                corner: Corner::NorthWest,
                distance: depth + 3.0,
            },
            DeploymentZone::Corner {
                corner: Corner::SouthEast,
                distance: depth + 3.0,
            },
        ],
        _ => [
            DeploymentZone::Centre {
                distance: depth + 1.0,
            },
            edge(Edge::East, depth),
        ],
    }
}

/// Random deployment on a table with crates: after every command no two bases overlap
/// (MOVE-4), each model placed stands wholly in its zone (FIELD-7), and the deployment ends
/// with every model placed or left out for want of room.
fn random_deployment_holds(
    seed: u64,
    kind: u8,
    depth: f32,
    per_seat: usize,
    crates: &[(f32, f32)],
) {
    let pieces = crates
        .iter()
        .enumerate()
        .map(|(i, &(x, z))| {
            scenery_box(
                i as u32,
                "Crate",
                SceneryKind::Barrier,
                [x, z],
                [2.0, 2.0, 2.0],
            )
        })
        .collect();
    let zones = zones(kind, depth);
    let models = (0..2u8)
        .flat_map(|seat| (0..per_seat).map(move |i| to_deploy(&format!("M{seat}{i}"), seat)))
        .collect();
    let setup = Setup {
        battlespace: table(pieces),
        scenario: ScenarioRules {
            deployment: (0..2)
                .map(|s| SeatZone {
                    seat: Seat(s),
                    zone: zones[usize::from(s)],
                })
                .collect(),
            ..ScenarioRules::default()
        },
        ..no_luck_with(models)
    };
    let mut g = start(setup);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while g.deploying().is_some() {
        let cmd = g.random_legal_command(&mut rng).expect("an answer");
        ok(&mut g, cmd);
        steps += 1;
        assert!(steps < 100, "the deployment never ends");
        let placed: Vec<ModelId> = (0..g.model_count() as u16)
            .map(ModelId)
            .filter(|&i| g.in_play(i))
            .collect();
        for (k, &a) in placed.iter().enumerate() {
            let base = ModelBase::new(u32::from(a.0), 0, g.position(a));
            let zone = zones[usize::from(g.owner(a).0)];
            assert!(
                g.setup().battlespace.table().in_zone(&base, zone),
                "FIELD-7: {a} stands outside its zone"
            );
            for &b in &placed[k + 1..] {
                let other = ModelBase::new(u32::from(b.0), 0, g.position(b));
                assert!(!base.overlaps(&other), "MOVE-4: {a} overlaps {b}"); // MOVE-4
            }
        }
    }
    for i in (0..g.model_count() as u16).map(ModelId) {
        assert!(
            g.in_play(i) != g.waiting_to_deploy(i),
            "{i} is neither placed nor left out"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5eed_0007),
        ..ProptestConfig::default()
    })]

    #[test]
    fn move_4_random_deployment_never_overlaps_and_keeps_to_the_zones(
        seed in any::<u64>(),
        kind in 0u8..3,
        depth in 2.5f32..7.0,
        per_seat in 1usize..7,
        crates in proptest::collection::vec((2.0f32..22.0, 2.0f32..22.0), 0..5),
    ) {
        random_deployment_holds(seed, kind, depth, per_seat, &crates);
    }
}
