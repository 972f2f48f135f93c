//! The bot levels by name, so the CLI's arena, the examples and the app's solo mode build
//! the same bots from the same words.

use std::fmt;
use std::str::FromStr;

use crate::{Bot, EasyBot, HardBot, HardBudget, NormalBot, Persona, RandomBot};

/// A bot level: what `redline-cli arena` and the app's solo mode let a player pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// [`RandomBot`]: uniform among the legal answers.
    Random,
    /// [`EasyBot`]: the behaviour deck.
    Easy,
    /// [`NormalBot`]: greedy on exact odds.
    Normal,
    /// [`HardBot`] with its budget.
    Hard(HardBudget),
}

impl Level {
    /// Every level at its default settings, weakest first.
    pub const ALL: [Level; 4] = [
        Level::Random,
        Level::Easy,
        Level::Normal,
        Level::Hard(HardBudget::DEFAULT),
    ];

    /// A fresh bot of this level; `seed` feeds its own random generator (levels without
    /// one ignore it). Bots are `Send`, so a game may be played on another thread.
    pub fn bot(self, seed: u64) -> Box<dyn Bot + Send> {
        self.bot_as(seed, &Persona::generic())
    }

    /// A fresh bot of this level playing in `persona`'s character: Easy draws from its deck,
    /// Normal and Hard weigh by its personality (Random ignores it).
    pub fn bot_as(self, seed: u64, persona: &Persona) -> Box<dyn Bot + Send> {
        let p = persona.personality;
        match self {
            Level::Random => Box::new(RandomBot::new(seed)),
            Level::Easy => Box::new(EasyBot::with_persona(seed, persona.clone())),
            Level::Normal => Box::new(NormalBot::with_personality(p)),
            Level::Hard(b) => Box::new(HardBot::with_budget(seed, b).with_personality(p)),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Random => f.write_str("random"),
            Level::Easy => f.write_str("easy"),
            Level::Normal => f.write_str("normal"),
            Level::Hard(b) => {
                let d = HardBudget::DEFAULT;
                if *b == d {
                    f.write_str("hard")
                } else if b.work % d.work == 0 && *b == d.times(b.work / d.work) {
                    write!(f, "hard@{}x", b.work / d.work)
                } else {
                    write!(f, "hard@{}/{}ms", b.work, b.turn_ms)
                }
            }
        }
    }
}

/// A level name that is not one [`Level`] knows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown bot level {0:?}: use random, easy, normal, hard, hard@2x (a multiple of Hard's \
     budget) or hard@WORK/MSms (play-out work per turn of Control / its wall-clock cap in ms)"
)]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let bad = || UnknownLevel(s.to_owned());
        match s {
            "random" => return Ok(Level::Random),
            "easy" => return Ok(Level::Easy),
            "normal" => return Ok(Level::Normal),
            "hard" => return Ok(Level::Hard(HardBudget::DEFAULT)),
            _ => {}
        }
        let budget = s.strip_prefix("hard@").ok_or_else(bad)?;
        let d = HardBudget::DEFAULT;
        if let Some(k) = budget.strip_suffix('x') {
            let k: u32 = k.parse().map_err(|_| bad())?;
            if k == 0 {
                return Err(bad());
            }
            return Ok(Level::Hard(d.times(k)));
        }
        let (it, ms) = budget.split_once('/').ok_or_else(bad)?;
        let work: u32 = it.parse().map_err(|_| bad())?;
        let turn_ms: u32 = ms
            .strip_suffix("ms")
            .ok_or_else(bad)?
            .parse()
            .map_err(|_| bad())?;
        if work == 0 || turn_ms == 0 {
            return Err(bad());
        }
        Ok(Level::Hard(HardBudget { work, turn_ms }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_reads_back_its_own_name() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        }
        for name in ["hard@2x", "hard@6400/250ms"] {
            assert_eq!(name.parse::<Level>().unwrap().to_string(), name);
        }
        let two = "hard@2x".parse::<Level>().unwrap();
        assert_eq!(
            two,
            Level::Hard(HardBudget {
                work: 2 * HardBudget::DEFAULT.work,
                turn_ms: 2 * HardBudget::DEFAULT.turn_ms
            })
        );
        for bad in [
            "grandmaster",
            "hard@",
            "hard@0x",
            "hard@5/",
            "hard@5/10",
            "hard@0/10ms",
        ] {
            assert!(bad.parse::<Level>().is_err(), "{bad}");
        }
    }
}
