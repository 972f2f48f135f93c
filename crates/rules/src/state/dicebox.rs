//! Where die faces come from: a queue of loaded faces first (tests, scripts), then the
//! game's own seeded ChaCha8 generator (DESIGN §2). Never a global RNG.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::dice::Die;
use crate::state::hash::Fnv;

#[derive(Debug, Clone)]
pub(crate) struct DiceBox {
    rng: ChaCha8Rng,
    loaded: VecDeque<u8>,
}

impl DiceBox {
    pub fn new(seed: u64, loaded: &[u8]) -> DiceBox {
        DiceBox {
            rng: ChaCha8Rng::seed_from_u64(seed),
            loaded: loaded.iter().copied().collect(),
        }
    }

    pub fn load(&mut self, faces: &[u8]) {
        self.loaded.extend(faces.iter().copied());
    }

    pub fn loaded_left(&self) -> usize {
        self.loaded.len()
    }

    /// A face 1..=N. Loaded faces are clamped to the die.
    pub fn roll(&mut self, die: Die) -> u8 {
        let n = u32::from(die.faces());
        if let Some(f) = self.loaded.pop_front() {
            return f.clamp(1, die.faces());
        }
        self.below(n) as u8 + 1
    }

    /// Mixes the generator's whole state (key, stream, position) and the loaded faces into
    /// a state hash.
    pub fn hash_into(&self, h: &mut Fnv) {
        h.bytes(&self.rng.get_seed());
        h.u64(self.rng.get_stream());
        h.value(&self.rng.get_word_pos());
        h.value(&self.loaded);
    }

    /// Uniform in 0..n without modulo bias.
    pub fn below(&mut self, n: u32) -> u32 {
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let v = self.rng.next_u32();
            if v < zone {
                return v % n;
            }
        }
    }
}
