//! Breakout is won by getting three models off the far edge (`Escape`, FIELD-6) or by taking
//! out three rival models (`TakeOut(3)`). With five take-outs, games between two Normal crews
//! often came down to the last two or three models of each crew trading shots from cover,
//! too few to escape three, until the arena's 60-turn backstop.

mod skirmishes;

use redline_ai::Level;
use skirmishes::{Table, assert_arena_games_end_by_the_scenario};

/// Breakout on its two tables of the arena list, each with seeds whose Normal-against-Normal
/// game reached the backstop with five take-outs.
const GAMES: [(Table, [u64; 2]); 2] = [
    (
        ("breakout", "pier_nine", ["choir", "tidewater"]),
        [2460922381, 2535143287],
    ),
    (
        ("breakout", "tenement_yard", ["ashfall", "choir"]),
        [4021746687, 3786909283],
    ),
];

#[test]
fn field_6_normal_breakout_ends_by_the_scenario_not_the_backstop() {
    for (table, seeds) in GAMES {
        assert_arena_games_end_by_the_scenario(table, &seeds, [Level::Normal, Level::Normal]);
    }
}
