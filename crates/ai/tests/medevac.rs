//! Medevac ends when every crew has Inspired five times (`InspireLimit(5)`, CTRL-21), the crew
//! that brought the most of its Downed home then winning (`MostRescuedAtEnd`, AID-10). Two
//! crews of five or six that activate every model every round take up to twelve turns of
//! Control a round while they are whole, so six rounds ran past the arena's 60-turn
//! backstop in games the round limit would have ended a few turns later.

mod skirmishes;

use redline_ai::Level;
use skirmishes::{Table, assert_arena_games_end_by_the_scenario};

/// Medevac on pier_nine, tidewater against glasswork, as on the module arena list.
const TABLE: Table = ("medevac", "pier_nine", ["tidewater", "glasswork"]);

/// Arena seeds whose Easy-against-Easy game reached the backstop under a six-Inspire limit.
const SEEDS: [u64; 3] = [2633739375, 347096280, 3744032180];

#[test]
fn ctrl_21_easy_medevac_ends_by_its_round_limit_not_the_backstop() {
    assert_arena_games_end_by_the_scenario(TABLE, &SEEDS, [Level::Easy, Level::Easy]);
}
