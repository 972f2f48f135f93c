//! Decisions around the scenario on the arena's starter tables — a model entering play
//! (FIELD-9, DRONE-8), first Control after the roll-off (CTRL-15), the card a looter takes
//! (BASIC-13) — answered by a policy at every level, never by the first legal answer; Hard
//! searches where its own models enter play.

use std::collections::BTreeMap;

use redline_ai::normal::position_value;
use redline_ai::{Bot, EasyBot, HardBot, HardBudget, NormalBot};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::{Command, DecisionKind, Game, Victory};
use serde::Deserialize;

/// The arena's seed list (`redline-cli arena`), read here for its tables.
const ARENA_SEEDS: &str = include_str!("../../../tests/arena/seeds.ron");

/// The part of the arena's seed list this file uses.
#[derive(Deserialize)]
struct ArenaList {
    tables: Vec<ArenaTable>,
}

/// One table of the arena's list.
#[derive(Deserialize)]
struct ArenaTable {
    scenario: String,
    layout: String,
    teams: Vec<String>,
}

/// Every two-player starter table of the arena's list.
fn tables() -> Vec<ArenaTable> {
    let list: ArenaList = ron::from_str(ARENA_SEEDS).expect("the arena's seed list parses");
    list.tables
}

fn game(table: usize, seed: u64, turns: u32) -> Game {
    let catalog = starter();
    let t = &tables()[table];
    let rules = TeamRules::one_off(100);
    let teams: Vec<_> = t
        .teams
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).expect("quick team"))
        .collect();
    let mut s = skirmish(&catalog, &t.scenario, Some(&t.layout), &teams, seed)
        .expect("skirmish")
        .setup;
    s.victory = Victory {
        turn_limit: Some(turns),
    };
    Game::new(s, seed + 1).expect("game")
}

/// The name of a decision kind, for counting.
fn kind_name(k: &DecisionKind) -> &'static str {
    match k {
        DecisionKind::Deploy { .. } => "Deploy",
        DecisionKind::ChooseFirstControl { .. } => "ChooseFirstControl",
        DecisionKind::ChooseLootedCard { .. } => "ChooseLootedCard",
        _ => "other",
    }
}

/// The position evaluation of a placement's spot for the entering model (−∞ for anything
/// else).
fn spot_value(g: &Game, c: &Command) -> f64 {
    match (g.decision().map(|d| &d.kind), c) {
        (Some(DecisionKind::Deploy { model, .. }), Command::Deploy { at, .. }) => {
            position_value(g, *model, *at, true)
        }
        _ => f64::NEG_INFINITY,
    }
}

/// How many legal spots rate strictly better than the one `c` takes.
fn better_spots(g: &Game, c: &Command) -> usize {
    let taken = spot_value(g, c);
    g.legal_commands()
        .iter()
        .filter(|o| spot_value(g, o) > taken + 1e-9)
        .count()
}

/// Plays `tables` with `make` on both seats for `turns` turns of Control; checks each
/// answer to the three decisions has a reason that is not the fallback, the roll-off winner
/// takes first Control, and `placed(better spots, reason)` holds for every placement.
/// Returns how often each kind came up.
fn play_all(
    make: fn(u64) -> Box<dyn Bot>,
    tables: std::ops::Range<usize>,
    turns: u32,
    placed: fn(usize, &str),
) -> BTreeMap<&'static str, u32> {
    let mut seen = BTreeMap::new();
    for table in tables {
        let mut g = game(table, 31 + table as u64, turns);
        let mut bots = [make(2 * table as u64), make(2 * table as u64 + 1)];
        let mut steps = 0;
        while let Some(d) = g.decision() {
            steps += 1;
            assert!(steps < 20_000, "table {table}: the game never ends");
            let bot = &mut bots[usize::from(d.seat.0)];
            let c = bot.choose(&g);
            let why = bot.explain().unwrap_or_default();
            let kind = kind_name(&d.kind);
            if kind != "other" {
                assert!(
                    !why.contains("the first legal answer"),
                    "table {table}: {:?} answered by the fallback: {why}",
                    d.kind
                );
                *seen.entry(kind).or_insert(0) += 1;
            }
            if let DecisionKind::Deploy { .. } = &d.kind {
                placed(better_spots(&g, &c), &why);
            }
            if let DecisionKind::ChooseFirstControl { .. } = &d.kind {
                // CTRL-15: the roll-off winner takes the first turn of Control.
                assert_eq!(c, Command::GiveFirstControl { seat: d.seat }, "{why}");
            }
            g.apply(c).expect("a legal answer");
        }
    }
    seen
}

#[test]
fn field_9_drone_8_ctrl_15_easy_and_normal_place_where_the_model_stands_best() {
    // FIELD-9, DRONE-8: no legal spot rates better than the one taken; CTRL-15: the
    // roll-off winner goes first.
    let best = |better: usize, why: &str| assert_eq!(better, 0, "{why}");
    let easy = play_all(|s| Box::new(EasyBot::new(s)), 0..tables().len(), 24, best);
    let normal = play_all(|_| Box::new(NormalBot::new()), 0..tables().len(), 24, best);
    // The starter tables roll off for first Control, and Normal launches the starter
    // drones, which then enter play.
    assert!(
        easy.get("ChooseFirstControl").copied().unwrap_or(0) > 0,
        "{easy:?}"
    );
    assert!(
        normal.get("ChooseFirstControl").copied().unwrap_or(0) > 0,
        "{normal:?}"
    );
    assert!(normal.get("Deploy").copied().unwrap_or(0) > 0, "{normal:?}");
}

#[test]
fn drone_8_hard_searches_its_placements_among_normals_best_spots() {
    // DRONE-8, FIELD-9: Hard plays each of Normal's best few spots forward and takes the
    // one that turns out best, so the spot is among the best six, not always the best.
    let make = |s| {
        Box::new(HardBot::with_budget(
            s,
            HardBudget {
                work: 1_500,
                turn_ms: 600_000,
            },
        )) as Box<dyn Bot>
    };
    let among_best = |better: usize, why: &str| {
        assert!(better < 6, "{better} spots rate better: {why}");
        assert!(why.starts_with("search:"), "{why}");
    };
    let seen = play_all(make, 0..tables().len(), 8, among_best);
    assert!(
        seen.get("ChooseFirstControl").copied().unwrap_or(0) > 0,
        "{seen:?}"
    );
    assert!(seen.get("Deploy").copied().unwrap_or(0) > 0, "{seen:?}");
}

#[test]
fn field_7_every_level_deploys_its_own_team_through_the_engine() {
    // FIELD-7: on every arena table with its teams left for the deployment, each level
    // places its seat's models one at a time, each where it stands best among the engine's
    // candidate spots, and ends the deployment once the team is placed.
    for (i, t) in tables().iter().enumerate() {
        let placed = game(i, 3, 60);
        let (setup, _) = placed.setup().unplaced();
        let mut g = Game::new(setup, 4).expect("game");
        let mut bots: [Box<dyn Bot>; 3] = [
            Box::new(EasyBot::new(1)),
            Box::new(NormalBot::new()),
            Box::new(HardBot::with_budget(
                2,
                HardBudget {
                    work: 200,
                    turn_ms: 60_000,
                },
            )),
        ];
        while let Some(d) = g.decision() {
            let DecisionKind::DeployTeam { to_place, .. } = &d.kind else {
                break;
            };
            let to_place = to_place.clone();
            // Over the tables, every level deploys both seats.
            let level = (i + usize::from(d.seat.0)) % bots.len();
            let c = bots[level].choose(&g);
            match &c {
                Command::Deploy { model, at } => {
                    // One placement at a time, of the first model still to place.
                    assert_eq!(
                        Some(model),
                        to_place.first(),
                        "{} on {}",
                        t.scenario,
                        t.layout
                    );
                    let best = g
                        .deployment_spots(*model)
                        .into_iter()
                        .map(|s| position_value(&g, *model, s, true))
                        .fold(f64::NEG_INFINITY, f64::max);
                    assert_eq!(position_value(&g, *model, *at, true), best);
                }
                Command::EndDeployment => {
                    assert!(to_place.is_empty(), "{} on {}", t.scenario, t.layout);
                }
                other => panic!("{} on {}: {other:?}", t.scenario, t.layout),
            }
            g.apply(c)
                .unwrap_or_else(|e| panic!("{} on {}: refused: {e}", t.scenario, t.layout));
        }
        assert!(g.deploying().is_none());
        for m in 0..g.model_count() as u16 {
            let m = redline_rules::ModelId(m);
            assert!(
                !g.waiting_to_deploy(m),
                "{} on {}: {m} left out",
                t.scenario,
                t.layout
            );
        }
    }
}
