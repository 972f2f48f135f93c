//! Starter-pack games for the AI's integration tests: a scenario on one of its layouts
//! between 100 EB quick teams.

use redline_ai::{Bot, play_until};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::{Game, Setup, Victory};

/// The set-up of `scenario` on `layout` between the 100 EB quick teams of `factions`, laid
/// out with `seed`, ended by the backstop after `turns` turns of Control.
pub fn quick_skirmish(
    scenario: &str,
    layout: &str,
    factions: [&str; 2],
    seed: u64,
    turns: u32,
) -> Setup {
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    let teams: Vec<_> = factions
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).expect("quick team"))
        .collect();
    let mut s = skirmish(&catalog, scenario, Some(layout), &teams, seed)
        .expect("skirmish")
        .setup;
    s.victory = Victory {
        turn_limit: Some(turns),
    };
    s
}

/// [`quick_skirmish`] played to its end, or to the backstop after `turns` turns of Control,
/// with `bot` answering for both seats and the dice seeded with `seed + 1`.
#[allow(dead_code)] // Not every test that shares this module plays a whole game.
pub fn play_skirmish(
    scenario: &str,
    layout: &str,
    factions: [&str; 2],
    (seed, turns): (u64, u32),
    bot: &mut dyn Bot,
) -> Game {
    let s = quick_skirmish(scenario, layout, factions, seed, turns);
    let mut g = Game::new(s, seed + 1).expect("game");
    play_until(&mut g, bot, |_, _| false).expect("legal answers");
    g
}
