//! Where die faces come from: a queue of loaded faces first (tests, scripts), then the
//! game's own seeded ChaCha8 generator (DESIGN §2). Never a global RNG.
//!
//! Every draw (a die's face, or a pick among `n` such as a Loot card) is also written on a
//! tape that the game hands out after each command, so a host can reveal a roll after it
//! happened. A replica (an online client's copy of the game) has no seed at all: its draws
//! come only from the tape the host revealed (`docs/decisions/online-play.md`).

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::dice::Die;
use crate::state::hash::Fnv;

#[derive(Debug, Clone)]
pub(crate) struct DiceBox {
    rng: ChaCha8Rng,
    loaded: VecDeque<u8>,
    /// On a replica: the draws the host revealed, used instead of the generator.
    revealed: Option<VecDeque<u32>>,
    /// Every draw since the tape was last cleared (not part of the state: never hashed).
    tape: Vec<u32>,
}

impl DiceBox {
    pub fn new(seed: u64, loaded: &[u8]) -> DiceBox {
        DiceBox {
            rng: ChaCha8Rng::seed_from_u64(seed),
            loaded: loaded.iter().copied().collect(),
            revealed: None,
            tape: Vec::new(),
        }
    }

    /// Dice without a seed: every draw is one of `revealed`, in order. Once they run out
    /// the box draws from a generator seeded with 0, so a replica fed too few draws goes
    /// its own way and its public hash stops matching the host's.
    pub fn replica(revealed: &[u32]) -> DiceBox {
        DiceBox {
            revealed: Some(revealed.iter().copied().collect()),
            ..DiceBox::new(0, &[])
        }
    }

    pub fn load(&mut self, faces: &[u8]) {
        self.loaded.extend(faces.iter().copied());
    }

    /// Queues draws the host revealed (a replica only; ignored otherwise).
    pub fn reveal(&mut self, draws: &[u32]) {
        if let Some(queue) = &mut self.revealed {
            queue.extend(draws.iter().copied());
        }
    }

    pub fn loaded_left(&self) -> usize {
        self.loaded.len()
    }

    /// Draws since the tape was last cleared.
    pub fn tape(&self) -> &[u32] {
        &self.tape
    }

    pub fn clear_tape(&mut self) {
        self.tape.clear();
    }

    /// A face 1..=N. Loaded faces are clamped to the die.
    pub fn roll(&mut self, die: Die) -> u8 {
        let n = u32::from(die.faces());
        let face = if let Some(f) = self.loaded.pop_front() {
            f.clamp(1, die.faces())
        } else if let Some(v) = self.revealed.as_mut().and_then(VecDeque::pop_front) {
            v.clamp(1, n) as u8
        } else {
            self.draw_below(n) as u8 + 1
        };
        self.tape.push(u32::from(face));
        face
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
        let v = match self.revealed.as_mut().and_then(VecDeque::pop_front) {
            Some(v) => v.min(n.saturating_sub(1)),
            None => self.draw_below(n),
        };
        self.tape.push(v);
        v
    }

    fn draw_below(&mut self, n: u32) -> u32 {
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let v = self.rng.next_u32();
            if v < zone {
                return v % n;
            }
        }
    }
}
