//! The bots play for rescues where the scenario scores them (Medevac, `MostRescuedAtEnd`):
//! a Downed friend dragged wholly into its side's zone is a point (AID-10), First Aid is
//! weighed by the engine's odds against the point a failure would lose (AID-8), and a
//! casualty already home is not risked on poor odds.

mod common;

use redline_ai::{Bot, EasyBot, NormalBot};
use redline_battlespace::{DeploymentZone, Edge};
use redline_rules::card::Colour;
use redline_rules::scenario::{ScenarioRules, SeatZone, WinCondition};
use redline_rules::{Command, DecisionKind, FIRST_AID, Game, ModelId, Module, Seat, Target};

const MEDIC: ModelId = ModelId(0);
const CASUALTY: ModelId = ModelId(1);
const SHOOTER: ModelId = ModelId(2);

/// Medevac's sheet on the test table: seat 0 deploys along the West edge, seat 1 along the
/// East, within RED; the most rescued at the end wins.
fn medevac() -> ScenarioRules {
    ScenarioRules {
        deployment: vec![
            SeatZone {
                seat: Seat(0),
                zone: DeploymentZone::Edge {
                    edge: Edge::West,
                    distance: 3.0,
                },
            },
            SeatZone {
                seat: Seat(1),
                zone: DeploymentZone::Edge {
                    edge: Edge::East,
                    distance: 3.0,
                },
            },
        ],
        win: vec![WinCondition::MostRescuedAtEnd, WinCondition::LastStanding],
        ..ScenarioRules::default()
    }
}

/// Seat 1's shooter downs seat 0's one-token casualty lying at `casualty_at` (AID-1); seat 0
/// then activates its medic at `medic_at`, whose first token is `medic_token`.
fn casualty_beside_the_medic(
    casualty_at: [f32; 3],
    medic_at: [f32; 3],
    medic_token: Colour,
) -> Game {
    let mut casualty = common::profile("Casualty", Vec::new());
    casualty.tokens = vec![Colour::Red];
    let mut medic = common::profile("Medic", vec![common::all_bands_gun("rifle", "Rifle")]);
    medic.tokens = vec![medic_token];
    let mut setup = common::open_setup(
        vec![
            common::place(medic, 0, medic_at),
            common::place(casualty, 0, casualty_at),
            common::place(
                common::profile("Shooter", vec![common::all_bands_gun("rifle", "Rifle")]),
                1,
                [casualty_at[0] + 2.0, 0.0, 23.0],
            ),
        ],
        0,
    );
    setup.scenario = medevac();
    setup.modules = [Module::Aid].into_iter().collect();
    setup.first_control = Seat(1);
    // The shot: YELLOW 8 against the casualty's RED 1.
    setup.loaded_dice = vec![8, 1];
    let mut g = Game::new(setup, 5).expect("a valid setup");
    let apply = |g: &mut Game, c: Command| {
        g.apply(c.clone())
            .unwrap_or_else(|e| panic!("{c:?} refused: {e}"));
    };
    apply(&mut g, Command::Activate { model: SHOOTER });
    let shot = g
        .legal_commands()
        .into_iter()
        .find(|c| matches!(c, Command::Act(a) if a.target == Target::Model(CASUALTY)))
        .expect("a shot at the casualty");
    apply(&mut g, shot);
    assert!(g.is_downed(CASUALTY), "AID-1: the casualty lies Downed");
    while g.decision().is_some_and(|d| d.seat == Seat(1)) {
        let c = if g.legal_commands().contains(&Command::EndActivation) {
            Command::EndActivation
        } else {
            g.legal_commands()[0].clone()
        };
        apply(&mut g, c);
    }
    apply(&mut g, Command::Activate { model: MEDIC });
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ));
    g
}

/// Where a drag command puts the casualty down, if it is one.
fn drop_of(c: &Command) -> Option<[f32; 3]> {
    match c {
        Command::Act(a) => match &a.target {
            Target::Drag { model, drop, .. } if *model == CASUALTY => Some(*drop),
            _ => None,
        },
        _ => None,
    }
}

fn is_first_aid(c: &Command) -> bool {
    matches!(c, Command::Act(a) if a.action == FIRST_AID && a.target == Target::Model(CASUALTY))
}

/// The casualty lies 4.5" from the West edge; a RED drag west puts it wholly inside seat 0's
/// zone (AID-10), a point no other answer scores.
fn one_drag_from_home() -> Game {
    casualty_beside_the_medic([4.5, 0.0, 15.0], [5.9, 0.0, 15.0], Colour::Green)
}

#[test]
fn aid_10_normal_drags_the_casualty_into_its_zone() {
    let g = one_drag_from_home();
    assert!(g.casualties_saved(g.team_of(Seat(0))).is_empty());
    let chosen = NormalBot::new().choose(&g);
    let drop = drop_of(&chosen).unwrap_or_else(|| panic!("a drag, not {chosen:?}"));
    assert!(drop[0] < 4.5, "AID-10: dragged west, toward home: {drop:?}");
    let mut after = g.clone();
    after.apply(chosen).expect("legal");
    // The drag is opposed by the Obstacle die (AID-10): answer its roll to see it land.
    while after
        .decision()
        .is_some_and(|d| !matches!(d.kind, DecisionKind::NextAction { .. }))
    {
        let c = NormalBot::new().choose(&after);
        after.apply(c).expect("legal");
    }
    if (after.position(CASUALTY)[0] - drop[0]).abs() < 0.01 {
        // CTRL-21, AID-10: lying wholly in its zone, it counts as rescued.
        assert_eq!(
            after.casualties_saved(after.team_of(Seat(0))),
            vec![CASUALTY]
        );
    }
}

#[test]
fn aid_10_easy_drags_the_casualty_into_its_zone() {
    let g = one_drag_from_home();
    let mut bot = EasyBot::new(3);
    let chosen = bot.choose(&g);
    let drop = drop_of(&chosen).unwrap_or_else(|| panic!("a drag, not {chosen:?}"));
    assert!(drop[0] < 4.5, "AID-10: dragged west, toward home: {drop:?}");
    assert!(
        bot.explain().is_some_and(|w| w.contains("brought home")),
        "{:?}",
        bot.explain()
    );
}

#[test]
fn aid_8_normal_does_not_risk_a_casualty_already_home_on_poor_odds() {
    // The casualty already lies wholly in seat 0's zone: it is a point as it lies. A RED
    // medic's First Aid fails too often to stake that point on it (a failure takes the
    // casualty out, AID-8).
    let g = casualty_beside_the_medic([1.0, 0.0, 15.0], [2.4, 0.0, 15.0], Colour::Red);
    assert_eq!(g.casualties_saved(g.team_of(Seat(0))), vec![CASUALTY]);
    let aid = g
        .legal_commands()
        .into_iter()
        .find(is_first_aid)
        .expect("First Aid is offered");
    let Command::Act(a) = &aid else {
        unreachable!()
    };
    let p = g.first_aid_odds(a).expect("odds").success;
    // At odds below 1 / (revive + point) = 1 / 1.6 a try loses the point more often than
    // it adds a model (AID-8).
    assert!(p < 0.625, "the precondition: poor odds ({p})");
    let chosen = NormalBot::new().choose(&g);
    assert!(!is_first_aid(&chosen), "{chosen:?}");
    assert!(drop_of(&chosen).is_none_or(|d| d[0] <= 2.0), "{chosen:?}");
}

#[test]
fn aid_6_normal_gives_first_aid_at_good_odds_where_a_drag_scores_nothing() {
    // 12" from home no drag scores a point yet; a GREEN medic's First Aid is a point and a
    // model back at better than even odds.
    let g = casualty_beside_the_medic([15.0, 0.0, 15.0], [16.4, 0.0, 15.0], Colour::Green);
    let aid = g
        .legal_commands()
        .into_iter()
        .find(is_first_aid)
        .expect("First Aid is offered");
    let Command::Act(a) = &aid else {
        unreachable!()
    };
    let p = g.first_aid_odds(a).expect("odds").success;
    assert!(p > 0.5, "the precondition: good odds ({p})");
    let chosen = NormalBot::new().choose(&g);
    assert!(is_first_aid(&chosen), "{chosen:?}");
}

#[test]
fn aid_10_brawl_12_normal_weighs_a_drag_home_by_the_engines_chance() {
    // The drag home is a point if it succeeds; the Obstacle die opposes it (AID-10), so
    // Normal rates it at the engine's chance of that point, less the little a token costs.
    let g = one_drag_from_home();
    let rated = redline_ai::normal::rate_commands(&g);
    let (drag, score) = rated
        .iter()
        .filter(|r| drop_of(&r.command).is_some_and(|d| d[0] < 4.5))
        .map(|r| (&r.command, r.score))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .expect("a drag toward home is rated");
    let Command::Act(a) = drag else {
        unreachable!()
    };
    let p = g.drag_odds(a).expect("odds").success;
    assert!(p < 0.8, "the precondition: a drag that may fail ({p})");
    assert!((score - p).abs() < 0.02, "{score} against {p}");
}
