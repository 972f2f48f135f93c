//! Street Claim is a fight for ground to a round limit (`ControlQuarters(3)`,
//! `InspireLimit(6)`, `MostQuartersAtEnd`, FIELD-10, CTRL-21): with two or three models a
//! side left no crew can hold three quarters, so the bots run the round clock to the limit,
//! where the quarters held decide, instead of fighting on past the arena's 60-turn backstop.

mod skirmishes;

use redline_ai::{Bot, EasyBot, NormalBot};
use redline_rules::scenario::{Limit, Tiebreak};
use redline_rules::{EndReason, Game, Outcome};
use skirmishes::play_skirmish;

/// The arena's backstop (`tests/arena/seeds.ron`).
const BACKSTOP: u32 = 60;

/// Plays Street Claim on pier_nine (ashfall against tidewater, as on the arena list) with
/// `bot` answering for both seats.
fn play(seed: u64, bot: &mut dyn Bot) -> Game {
    let factions = ["ashfall", "tidewater"];
    play_skirmish("street_claim", "pier_nine", factions, (seed, BACKSTOP), bot)
}

/// How the game ended: `None` at the backstop, else whether the round limit decided it on
/// quarters.
fn ending(g: &Game) -> Option<bool> {
    let why = match g.outcome()? {
        Outcome::Win { why, .. } | Outcome::Draw { why } => why,
    };
    match why {
        EndReason::Limit {
            limit: Limit::Turns(_),
            ..
        } => None,
        EndReason::Limit {
            limit: Limit::Inspires(6),
            decided_by,
        } => Some(*decided_by == Tiebreak::MostQuarters),
        _ => Some(false),
    }
}

fn plays_to_the_end(seeds: &[u64], bot: &mut dyn FnMut(u64) -> Box<dyn Bot>) {
    let mut by_quarters = 0;
    for &seed in seeds {
        let g = play(seed, bot(seed).as_mut());
        let end = ending(&g);
        println!("seed {seed}: {:?} after {} turns", g.outcome(), g.turns());
        assert!(
            end.is_some(),
            "seed {seed}: {:?} at the backstop",
            g.outcome()
        );
        by_quarters += usize::from(end == Some(true));
    }
    // Without the sheet's limit every one of these fights went on; with it, the quarters
    // held decide some of them.
    assert!(by_quarters > 0, "no game decided on quarters at the limit");
}

#[test]
fn ctrl_21_field_10_normal_street_claim_ends_by_the_scenario_not_the_backstop() {
    plays_to_the_end(&[1, 2, 3, 4, 5, 6], &mut |_| Box::new(NormalBot::new()));
}

#[test]
fn ctrl_21_field_10_easy_street_claim_ends_by_the_scenario_not_the_backstop() {
    plays_to_the_end(&[1, 2, 3, 4, 5, 6], &mut |s| Box::new(EasyBot::new(s)));
}
