//! The quick skirmish: a match on the starter pack with no set-up at all, for the main
//! menu's "Quick skirmish", `--battle` and the smoke scenes.

use redline_content::Catalog;
use redline_content::skirmish::{SkirmishError, quick_team, skirmish};
use redline_content::team::TeamRules;

use crate::headless::game::match_state::Match;
use crate::headless::game::meta::MatchMeta;

/// The scenario and layout the quick skirmish (and the smoke run) plays.
pub const QUICK_SCENARIO: &str = "street_claim";
/// The factions of the quick skirmish, in seat order.
pub const QUICK_FACTIONS: [&str; 2] = ["ashfall", "tidewater"];

/// The quick skirmish as a match: [`QUICK_SCENARIO`] on its first layout, the quick team of
/// each of [`QUICK_FACTIONS`], deployed through the engine where the skirmish set-up puts
/// every model, shared screen.
pub fn quick_match(catalog: &Catalog, seed: u64) -> Result<Match, SkirmishError> {
    let rules = TeamRules::one_off(
        catalog
            .scenarios
            .get(QUICK_SCENARIO)
            .map_or(100, |s| s.eb_limit),
    );
    let teams = QUICK_FACTIONS
        .iter()
        .map(|f| quick_team(catalog, f, &rules))
        .collect::<Result<Vec<_>, _>>()?;
    let set_up = skirmish(catalog, QUICK_SCENARIO, None, &teams, seed)?;
    let (setup, plan) = set_up.to_deploy();
    let meta = MatchMeta::of_skirmish(catalog, &set_up, &teams, false).with_deployment(plan);
    let bad_table = |reason: String| SkirmishError::BadTable {
        layout: QUICK_SCENARIO.into(),
        reason,
    };
    let mut quick = Match::new(setup, seed, meta).map_err(|e| bad_table(e.to_string()))?;
    quick
        .deploy_as_planned()
        .map_err(|e| bad_table(e.to_string()))?;
    Ok(quick)
}
