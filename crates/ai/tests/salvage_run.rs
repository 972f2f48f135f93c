//! Salvage Run is a race for two crates to a round limit (`CarryMarkersOff(2)`,
//! `InspireLimit(6)`, `MostMarkersAtEnd`, FIELD-6, CTRL-21): where the crates run out or the
//! carriers fall, the crates carried off and held when every crew has Inspired six times
//! decide, instead of a fight of attrition going on past the arena's 60-turn backstop.

mod skirmishes;

use redline_ai::{EasyBot, NormalBot};
use redline_rules::scenario::Tiebreak;
use skirmishes::{ARENA_BACKSTOP, Table, ends_by_the_scenario};

/// Salvage Run on refinery_row, choir against ashfall, as on the arena list.
const TABLE: Table = ("salvage_run", "refinery_row", ["choir", "ashfall"]);

/// Without the sheet's limit seed 5 (Easy) and seed 9 (Normal) reach the backstop.
const SEEDS: [u64; 12] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

#[test]
fn field_6_ctrl_21_normal_salvage_run_ends_by_the_scenario_not_the_backstop() {
    ends_by_the_scenario(
        TABLE,
        (&SEEDS, ARENA_BACKSTOP),
        Tiebreak::MostMarkers,
        &mut |_| Box::new(NormalBot::new()),
    );
}

#[test]
fn field_6_ctrl_21_easy_salvage_run_ends_by_the_scenario_not_the_backstop() {
    ends_by_the_scenario(
        TABLE,
        (&SEEDS, ARENA_BACKSTOP),
        Tiebreak::MostMarkers,
        &mut |s| Box::new(EasyBot::new(s)),
    );
}
