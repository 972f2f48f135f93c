//! Timed Heist is decided at its round limit (`InspireLimit(6)`, `MostMarkersAtEnd`,
//! CTRL-21), and the clock runs only while each turn of Control spends a token or Inspires:
//! a crew with every token Ready can't Inspire (CTRL-3), so Easy spends a token rather than
//! end an activation with nothing done (`easy/clock_turn.rs`), and the game reaches its
//! limit instead of the arena's 60-turn backstop.

mod skirmishes;

use redline_ai::{Bot, EasyBot, Level, play_until};
use redline_rules::scenario::Tiebreak;
use redline_rules::{Command, DecisionKind, Game};
use skirmishes::{
    ARENA_BACKSTOP, Table, all_ready, arena_game, quick_skirmish, round_limit_ending,
};

/// Timed Heist on tenement_yard, glasswork against tidewater, as on the arena list.
const TABLE: Table = ("timed_heist", "tenement_yard", ["glasswork", "tidewater"]);

const SEEDS: [u64; 12] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/// An arena seed whose Easy-against-Easy game reached the backstop, the crew behind
/// activating its last model and ending the activation turn after turn with every token
/// Ready.
const STALLED: u64 = 3946883513;

#[test]
fn ctrl_21_easy_timed_heist_ends_by_its_round_limit_not_the_backstop() {
    let g = arena_game(TABLE, (STALLED, ARENA_BACKSTOP), [Level::Easy, Level::Easy]);
    assert_eq!(
        round_limit_ending(&g, Tiebreak::MostMarkers),
        Some(true),
        "{:?} after {} turns",
        g.outcome(),
        g.turns()
    );
}

#[test]
fn ctrl_3_ctrl_21_easy_with_every_token_ready_spends_one_rather_than_stop_the_clock() {
    let (scenario, layout, factions) = TABLE;
    let mut checked = 0;
    for seed in SEEDS {
        let s = quick_skirmish(scenario, layout, factions, seed, ARENA_BACKSTOP);
        let mut g = Game::new(s, seed + 1).expect("game");
        let mut bot = EasyBot::new(seed);
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
