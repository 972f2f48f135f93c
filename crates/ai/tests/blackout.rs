//! Blackout is won by holding two relay boxes at the end of an Inspire (`HoldMarkers(2)`),
//! and when every crew has Inspired six times by holding the most (`InspireLimit(6)`,
//! `MostMarkersAtEnd`, CTRL-21): crews whose last models trade shots in the dark no longer
//! play on past the arena's 60-turn backstop.

mod skirmishes;

use redline_ai::Level;
use skirmishes::{Table, assert_arena_games_end_by_the_scenario};

/// Blackout on refinery_row, glasswork against ashfall, as on the arena list.
const TABLE: Table = ("blackout", "refinery_row", ["glasswork", "ashfall"]);

/// Arena seeds whose Easy-against-Easy game reached the backstop without the round limit.
const SEEDS: [u64; 2] = [4084182242, 2467183514];

#[test]
fn ctrl_21_easy_blackout_ends_by_the_scenario_not_the_backstop() {
    assert_arena_games_end_by_the_scenario(TABLE, &SEEDS, [Level::Easy, Level::Easy]);
}
