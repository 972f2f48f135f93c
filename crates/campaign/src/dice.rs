//! Campaign dice: every roll comes from the campaign's seed and a counter, so a campaign
//! replays exactly, and every roll is recorded like a battle roll.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use redline_rules::dice::Die;
use serde::{Deserialize, Serialize};

/// One die rolled between games, as shown to players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    /// The rule the roll is made for ("CAMP-28").
    pub rule: String,
    /// Who rolls and why, in words.
    pub what: String,
    /// The die.
    pub die: Die,
    /// The face shown.
    pub face: u8,
    /// Added to the face (Skill).
    pub modifier: i16,
}

impl RollRecord {
    /// The highest face (DICE-6).
    pub fn is_crit(&self) -> bool {
        self.face == self.die.crit_face()
    }

    /// The lowest face (DICE-6).
    pub fn is_fumble(&self) -> bool {
        self.face == self.die.fumble_face()
    }

    /// One line for logs: "CAMP-29 Torchhand (taken out): d6 RED 1 — Fumble".
    pub fn line(&self) -> String {
        let mark = if self.is_fumble() {
            " — Fumble"
        } else if self.is_crit() {
            " — Crit"
        } else {
            ""
        };
        let modifier = if self.modifier == 0 {
            String::new()
        } else {
            format!(
                " {:+} = {}",
                self.modifier,
                i16::from(self.face) + self.modifier
            )
        };
        format!(
            "{} {}: {} rolls {}{}{}",
            self.rule,
            self.what,
            self.die.label(),
            self.face,
            modifier,
            mark
        )
    }
}

/// A uniform number in `0..n` (rejection sampling, so no face is favoured).
fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let v = rng.next_u64();
        if v < zone {
            return v % n;
        }
    }
}

/// Mixes a seed and a counter into a well-spread seed (splitmix64).
pub(crate) fn mix(seed: u64, counter: u64) -> u64 {
    let mut z = seed ^ counter.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The campaign's random source: a seed and how many draws were made from it. Stored in the
/// campaign, so a reloaded campaign continues with the same dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CampaignDice {
    /// The campaign's seed.
    pub seed: u64,
    /// Draws made so far.
    pub draws: u64,
    /// Faces to use before random ones, for tests of worked examples (loaded dice).
    #[serde(skip)]
    pub loaded: LoadedFaces,
}

/// Faces queued by a test; not saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoadedFaces {
    faces: [u8; 16],
    len: usize,
    next: usize,
}

impl CampaignDice {
    /// A fresh generator for one random choice.
    pub(crate) fn rng(&mut self) -> ChaCha8Rng {
        self.draws += 1;
        ChaCha8Rng::seed_from_u64(mix(self.seed, self.draws))
    }

    /// Queues faces to come up before random ones (at most 16).
    pub fn load(&mut self, faces: &[u8]) {
        let mut loaded = LoadedFaces::default();
        for (slot, face) in loaded.faces.iter_mut().zip(faces) {
            *slot = *face;
            loaded.len += 1;
        }
        self.loaded = loaded;
    }

    /// Rolls a die and records it.
    pub(crate) fn roll(&mut self, die: Die, modifier: i16, rule: &str, what: String) -> RollRecord {
        let face = if self.loaded.next < self.loaded.len {
            self.loaded.next += 1;
            self.loaded.faces[self.loaded.next - 1].clamp(1, die.faces())
        } else {
            below(&mut self.rng(), u64::from(die.faces())) as u8 + 1
        };
        RollRecord {
            rule: rule.to_owned(),
            what,
            die,
            face,
            modifier,
        }
    }

    /// Shuffles a list (Fisher–Yates with the campaign's dice).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        let mut rng = self.rng();
        for i in (1..items.len()).rev() {
            let j = below(&mut rng, i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}
