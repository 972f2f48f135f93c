//! Take the Head is a hunt to a round limit (`TakeOutLeader`, `InspireLimit(6)`, CTRL-21):
//! where both Leaders keep to cover, the crew with the most models in play when every crew
//! has Inspired six times wins, instead of a fight of attrition going on past the arena's
//! 60-turn backstop.

mod skirmishes;

use redline_ai::EasyBot;
use redline_rules::scenario::Tiebreak;
use skirmishes::{ARENA_BACKSTOP, Table, ends_by_the_scenario};

/// Take the Head on refinery_row, tidewater against choir, as on the arena list.
const TABLE: Table = ("take_the_head", "refinery_row", ["tidewater", "choir"]);

const SEEDS: [u64; 24] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
];

#[test]
fn ctrl_21_easy_take_the_head_ends_by_the_scenario_not_the_backstop() {
    ends_by_the_scenario(
        TABLE,
        (&SEEDS, ARENA_BACKSTOP),
        Tiebreak::MostModels,
        &mut |s| Box::new(EasyBot::new(s)),
    );
}
