//! Starter-pack games for the AI's integration tests: a scenario on one of its layouts
//! between 100 EB quick teams.

use redline_content::skirmish::{quick_team, skirmish};
use redline_content::starter;
use redline_content::team::TeamRules;
use redline_rules::{Setup, Victory};

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
