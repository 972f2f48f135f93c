//! How strong a computer player is: which of `crates/ai`'s bots plays a seat.

use redline_ai::{Bot, HardBudget, Level, Persona};
use serde::{Deserialize, Serialize};

/// Hard's budget in the app: the default on the desktop; in the browser
/// [`HardBudget::IN_BROWSER`] (the same work, a longer safety net), where the search thinks
/// in slices (`flow::solo::ThinkInSlices`) and does not freeze the page while it runs.
#[cfg(not(target_arch = "wasm32"))]
const HARD: HardBudget = HardBudget::DEFAULT;
#[cfg(target_arch = "wasm32")]
const HARD: HardBudget = HardBudget::IN_BROWSER;

/// How strong a computer player is: which of `crates/ai`'s bots plays it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AiLevel {
    /// The behaviour deck: a scripted card of priorities each time it takes Control.
    #[default]
    Easy,
    /// The greedy scorer: exact odds and a position evaluation.
    Normal,
    /// The search: Normal's best answers played forward with fresh dice, within its
    /// default budget (two to three seconds per turn of Control).
    Hard,
}

impl AiLevel {
    /// Every level, weakest first.
    pub const ALL: [AiLevel; 3] = [AiLevel::Easy, AiLevel::Normal, AiLevel::Hard];

    /// The level's name on screen.
    pub fn name(self) -> &'static str {
        match self {
            AiLevel::Easy => "Easy",
            AiLevel::Normal => "Normal",
            AiLevel::Hard => "Hard",
        }
    }

    /// A new bot of this level playing in `persona`'s character (the crew's own Easy deck,
    /// its personality for Normal and Hard); `seed` drives whatever randomness it has.
    pub fn bot_as(self, seed: u64, persona: &Persona) -> Box<dyn Bot + Send> {
        self.level().bot_as(seed, persona)
    }

    /// The `crates/ai` level this is.
    fn level(self) -> Level {
        match self {
            AiLevel::Easy => Level::Easy,
            AiLevel::Normal => Level::Normal,
            AiLevel::Hard => Level::Hard(HARD),
        }
    }
}
