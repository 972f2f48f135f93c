//! Street Claim is a fight for ground to a round limit (`ControlQuarters(3)`,
//! `InspireLimit(6)`, `MostQuartersAtEnd`, FIELD-10, CTRL-21): with two or three models a
//! side left no crew can hold three quarters, so the bots run the round clock to the limit,
//! where the quarters held decide, instead of fighting on past the arena's 60-turn backstop.

mod skirmishes;

use redline_ai::{EasyBot, NormalBot};
use redline_rules::scenario::Tiebreak;
use skirmishes::{ARENA_BACKSTOP, Table, ends_by_the_scenario};

/// Street Claim on pier_nine, ashfall against tidewater, as on the arena list.
const TABLE: Table = ("street_claim", "pier_nine", ["ashfall", "tidewater"]);

/// Without the sheet's limit every one of these fights went on; with it, the quarters held
/// decide some of them.
const SEEDS: [u64; 6] = [1, 2, 3, 4, 5, 6];

#[test]
fn ctrl_21_field_10_normal_street_claim_ends_by_the_scenario_not_the_backstop() {
    ends_by_the_scenario(
        TABLE,
        (&SEEDS, ARENA_BACKSTOP),
        Tiebreak::MostQuarters,
        &mut |_| Box::new(NormalBot::new()),
    );
}

#[test]
fn ctrl_21_field_10_easy_street_claim_ends_by_the_scenario_not_the_backstop() {
    ends_by_the_scenario(
        TABLE,
        (&SEEDS, ARENA_BACKSTOP),
        Tiebreak::MostQuarters,
        &mut |s| Box::new(EasyBot::new(s)),
    );
}
