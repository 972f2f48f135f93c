//! Lantern Fire's six-Inspire limit counts the lockboxes held or carried, then models
//! (`InspireLimit(6)`, `MostMarkersAtEnd`, CTRL-21). The bots run the round clock there
//! (`objective::plays_to_limit`): no empty activations while Inspiring is open, so the
//! limit comes after about 60 turns of Control on the large night market, not past 100.

mod skirmishes;

use redline_ai::{NormalBot, play_until};
use redline_rules::scenario::Limit;
use redline_rules::{EndReason, Game, Outcome};
use skirmishes::quick_skirmish;

/// The first seeds of `tests/modules/lantern_fire_seeds.ron`.
const SEEDS: [u64; 2] = [1988601455, 2633739375];

/// Well short of the 110 turns of Control Normal's games took without the clock.
const BACKSTOP: u32 = 80;

#[test]
fn ctrl_21_normal_lantern_fire_ends_at_its_round_limit_before_80_turns() {
    for seed in SEEDS {
        let s = quick_skirmish(
            "lantern_fire",
            "night_market",
            ["glasswork", "choir"],
            seed,
            BACKSTOP,
        );
        let mut g = Game::new(s, seed + 1).expect("game");
        play_until(&mut g, &mut NormalBot::new(), |_, _| false).expect("legal answers");
        let by_the_limit = match g.outcome() {
            Some(Outcome::Win { why, .. } | Outcome::Draw { why }) => !matches!(
                why,
                EndReason::Limit {
                    limit: Limit::Turns(_),
                    ..
                }
            ),
            None => false,
        };
        assert!(
            by_the_limit,
            "seed {seed}: {:?} after {} turns",
            g.outcome(),
            g.turns()
        );
    }
}
