//! The computer's seats before the battle: the level and faction chosen in the game
//! settings, and the legal team the computer brings for the budget without the team
//! builder.

use redline_content::Catalog;
use redline_content::skirmish::{SkirmishError, quick_team};
use redline_content::team::{TeamRules, TeamSpec};
use serde::{Deserialize, Serialize};

use crate::headless::game::ai_level::AiLevel;

/// A seat the computer plays, as chosen in the game settings.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiSeat {
    /// Its bot.
    pub level: AiLevel,
    /// Its faction; `None` lets it pick one nobody else plays.
    pub faction: Option<String>,
}

/// The computer's team for a seat: the faction's legal team for the budget (content's
/// quick-team builder under the game's team rules). With no faction chosen it takes the
/// first faction (from `seed`) that no other seat plays.
pub fn computer_team(
    catalog: &Catalog,
    seat: &AiSeat,
    taken: &[String],
    rules: &TeamRules,
    seed: u64,
) -> Result<TeamSpec, SkirmishError> {
    let faction = match &seat.faction {
        Some(f) => f.clone(),
        None => {
            let all: Vec<&str> = catalog.factions.iter().map(|f| f.id.as_str()).collect();
            let start = (seed % all.len().max(1) as u64) as usize;
            let order = all.iter().cycle().skip(start).take(all.len());
            let mut free = order.clone().filter(|f| !taken.iter().any(|t| t == *f));
            free.next()
                .or_else(|| order.clone().next())
                .map_or_else(String::new, |f| (*f).to_string())
        }
    };
    quick_team(catalog, &faction, rules)
}
