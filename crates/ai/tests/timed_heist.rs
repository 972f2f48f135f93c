//! Timed Heist is decided at its round limit (`InspireLimit(6)`, `MostMarkersAtEnd`,
//! CTRL-21), and the clock runs only while each turn of Control spends a token or Inspires:
//! a crew with every token Ready can't Inspire (CTRL-3), so Easy spends a token rather than
//! end an activation with nothing done (`easy/clock_turn.rs`), and the game reaches its
//! limit instead of the arena's 60-turn backstop. The game ends only once every crew has
//! Inspired up to the limit, so the crew the limit would give the game to runs the clock
//! out: it Inspires when none of its characters has a shot worth taking.

mod skirmishes;

use redline_ai::{Bot, EasyBot, Level, play_until};
use redline_rules::scenario::Limit;
use redline_rules::{Command, DecisionKind, EndReason, Game, Outcome};
use skirmishes::{
    ARENA_BACKSTOP, Table, all_ready, arena_game, assert_arena_games_end_by_the_scenario,
    quick_skirmish,
};

/// Timed Heist on tenement_yard, glasswork against tidewater, as on the arena list.
const TABLE: Table = ("timed_heist", "tenement_yard", ["glasswork", "tidewater"]);

const SEEDS: [u64; 12] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/// An arena seed whose Easy-against-Easy game reached the backstop, the crew behind
/// activating its last model and ending the activation turn after turn with every token
/// Ready.
const STALLED: u64 = 3946883513;

/// A game of [`TABLE`] laid out with `seed`, dice from `seed + 1`, to the arena's backstop,
/// and the Easy bot (generic deck) seeded with `seed` that plays both seats.
fn easy_game(seed: u64) -> (Game, EasyBot) {
    let (scenario, layout, factions) = TABLE;
    let s = quick_skirmish(scenario, layout, factions, seed, ARENA_BACKSTOP);
    (Game::new(s, seed + 1).expect("game"), EasyBot::new(seed))
}

#[test]
fn ctrl_21_easy_timed_heist_ends_by_its_round_limit_not_the_backstop() {
    let g = arena_game(TABLE, (STALLED, ARENA_BACKSTOP), [Level::Easy, Level::Easy]);
    // By the six-Inspire limit, on whichever count decides there (caches, else models).
    let by_the_limit = matches!(
        g.outcome(),
        Some(Outcome::Win { why, .. } | Outcome::Draw { why })
            if matches!(why, EndReason::Limit { limit: Limit::Inspires(6), .. })
    );
    assert!(by_the_limit, "{:?} after {} turns", g.outcome(), g.turns());
}

#[test]
fn ctrl_3_ctrl_21_easy_with_every_token_ready_spends_one_rather_than_stop_the_clock() {
    let mut checked = 0;
    for seed in SEEDS {
        let (mut g, mut bot) = easy_game(seed);
        let stuck = |g: &Game, k: &DecisionKind| {
            matches!(*k, DecisionKind::NextAction { model } if all_ready(g, g.owner(model)))
                && g.legal_commands()
                    .iter()
                    .any(|c| matches!(c, Command::Act(_)))
        };
        while play_until(&mut g, &mut bot, stuck).expect("legal answers") {
            checked += 1;
            let c = bot.choose(&g);
            assert!(
                matches!(c, Command::Act(_)),
                "seed {seed}, turn {}: {c:?} ({:?}) with every token Ready",
                g.turns(),
                bot.explain()
            );
            g.apply(c).expect("legal");
        }
    }
    assert!(checked > 0, "no activation with every token Ready");
}

/// Games of the faction list (`tests/arena/factions.ron`) where Easy against Easy, in
/// character, reached the backstop: the crew ahead on caches walked each model once a round
/// and Inspired only when its card found nothing to do, so it took the longest to reach the
/// limit, and the game ended at turn 60 with its own count decided by the backstop.
const AHEAD_AND_SLOW: [(Table, u64); 5] = [
    (
        ("timed_heist", "tenement_yard", ["choir", "glasswork"]),
        427209676,
    ),
    (
        ("timed_heist", "tenement_yard", ["choir", "glasswork"]),
        1668697298,
    ),
    (
        ("timed_heist", "tenement_yard", ["choir", "tidewater"]),
        4076815602,
    ),
    (
        ("timed_heist", "tenement_yard", ["tidewater", "lantern"]),
        650441999,
    ),
    (
        ("timed_heist", "tenement_yard", ["tidewater", "lantern"]),
        968757598,
    ),
];

#[test]
fn ctrl_21_easy_ahead_at_the_round_limit_runs_the_clock_out() {
    for (table, seed) in AHEAD_AND_SLOW {
        assert_arena_games_end_by_the_scenario(table, &[seed], [Level::Easy, Level::Easy]);
    }
}

#[test]
fn ctrl_21_easy_runs_the_clock_only_when_the_limit_would_give_it_the_game() {
    let mut ran = 0;
    for seed in SEEDS {
        let (mut g, mut bot) = easy_game(seed);
        let limit = g.setup().scenario.inspire_limit().expect("a round limit");
        while let Some(d) = g.decision() {
            let c = bot.choose(&g);
            let why = bot.explain().unwrap_or_default();
            if matches!(d.kind, DecisionKind::TakeControl { .. })
                && why.contains("running the clock")
            {
                ran += 1;
                let ahead = matches!(
                    g.outcome_at_limit(None),
                    Some(Outcome::Win { team, .. }) if team == g.team_of(d.seat)
                );
                assert!(
                    matches!(c, Command::Inspire { seat } if seat == d.seat)
                        && ahead
                        && g.inspires(d.seat) < limit,
                    "seed {seed}, turn {}: {c:?} ({why}), ahead at the limit: {ahead}",
                    g.turns()
                );
            }
            g.apply(c).expect("legal");
        }
    }
    assert!(ran > 0, "no crew ran the clock out");
}
