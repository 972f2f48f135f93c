//! The behaviour cards' support rules: Stun or weaken a dangerous rival, refresh a friend's
//! Used tokens, command a friend that has a shot, deploy a drone. Each picks by a fixed key
//! the log can state (chance, then the legal order), like the attack rules.

use redline_rules::{Command, Game, ModelId};

use super::deck::ActionRule;
use crate::assess;
use crate::describe::describe;
use crate::support::{self, Support, SupportAction, ready_tokens, used_tokens};

/// The least chance a support rule accepts: below it the token is better kept.
const FAIR_CHANCE: f64 = 0.4;

/// The command a support rule picks among `legal`, with the log's reason.
pub(super) fn support_rule(
    rule: ActionRule,
    game: &Game,
    legal: &[Command],
) -> Option<(Command, String)> {
    let list: Vec<(&Command, SupportAction)> = legal
        .iter()
        .filter_map(|c| support::support(game, c).map(|s| (c, s)))
        .filter(|(_, s)| s.chance >= FAIR_CHANCE)
        .collect();
    // The candidate with the highest key; ties go to the first in legal order.
    let best = |key: &dyn Fn(&SupportAction) -> Option<f64>| {
        let mut best: Option<(&Command, &SupportAction, f64)> = None;
        for (c, s) in &list {
            if let Some(k) = key(s)
                && best.is_none_or(|(_, _, b)| k > b)
            {
                best = Some((c, s, k));
            }
        }
        best.map(|(c, s, _)| {
            (
                c.clone(),
                format!(
                    "{} ({:.0}% to succeed)",
                    describe(game, c),
                    100.0 * s.chance
                ),
            )
        })
    };
    match rule {
        // A rival that can still act loses its tokens, or is marked Vulnerable: the rival
        // with the most Ready tokens to lose first (a Gonk counts as one), then the chance.
        ActionRule::DisruptRival => best(&|s| match s.what {
            Support::Stun { target, tokens } => {
                let can_lose = if game.profile(target).is_character() {
                    ready_tokens(game, target).min(usize::from(tokens))
                } else {
                    1
                };
                (can_lose > 0).then_some(can_lose as f64 + s.chance)
            }
            Support::Vulnerable { target } if !game.vulnerable(target) => Some(s.chance),
            _ => None,
        }),
        // A friend with Used tokens to refresh, the most first.
        ActionRule::RefreshFriend => best(&|s| match s.what {
            Support::Refresh { target, tokens } => {
                let flipped = used_tokens(game, target).min(usize::from(tokens));
                (flipped > 0).then_some(flipped as f64 + s.chance)
            }
            _ => None,
        }),
        // A friend that can land an attack from where it stands, the best chance first.
        ActionRule::CommandFriendWithShot => best(&|s| match s.what {
            Support::Command { target } => {
                let shot = best_chance(game, target);
                (shot >= FAIR_CHANCE).then_some(shot + s.chance)
            }
            _ => None,
        }),
        ActionRule::LaunchDrone => best(&|s| match s.what {
            Support::Drone => Some(s.chance),
            _ => None,
        }),
        _ => None,
    }
}

/// The best chance `m` has to land an attack on a rival in range from where it stands, with
/// its best Ready colour.
fn best_chance(game: &Game, m: ModelId) -> f64 {
    let Some(colour) = assess::best_ready_colour(game, m) else {
        return 0.0;
    };
    let rivals = assess::rivals_of(game, game.owner(m));
    assess::best_attack_from_here(game, m, colour, &rivals, |p, _, _| p)
}
