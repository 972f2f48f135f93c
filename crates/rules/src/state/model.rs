//! The changing state of one model in play: its action tokens (Ready/Used, current and
//! starting colour), position, Hacked tokens, Difficult markers, an exhausted card,
//! Vulnerable.

use serde::{Deserialize, Serialize};

use crate::setup::card::Colour;

/// The most action tokens a character card may carry in this engine.
pub const MAX_TOKENS: usize = 6;

/// One action token (TOK-1): its colour now, the colour it started with (healing never goes
/// above it, WOUND-13) and whether it is Ready (face up) or Used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Token {
    /// Current colour; a wound turns it RED (WOUND-2).
    pub colour: Colour,
    /// Colour printed on the card (TOK-2).
    pub original: Colour,
    /// Ready (face up) or Used.
    pub ready: bool,
}

const BLANK: Token = Token {
    colour: Colour::Red,
    original: Colour::Red,
    ready: false,
};

/// The dynamic state of a model. Plain `Copy` data so cloning a game is a memcpy.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(crate) struct ModelState {
    pub pos: [f32; 3],
    tokens: [Token; MAX_TOKENS],
    n_tokens: u8,
    pub in_play: bool,
    pub hacked: u8,
    /// Difficult actions used since the owner's last Inspire, by action index (OPEN-15).
    pub difficult_used: u64,
    /// Gonk: already acted in the current Inspire (CTRL-8).
    pub gonk_acted: bool,
    /// Its own character card is exhausted (TOK-5).
    pub card_exhausted: bool,
    /// Carries a Vulnerable token from an action that is not a program (NET-11).
    pub vulnerable: bool,
    /// Gonk: stunned until the end of its owner's next Inspire (KW-30, OPEN-40).
    pub stunned: bool,
    /// Defense X per Skill (in [`crate::setup::card::Skill::index`] order) gained from actions,
    /// until the end of the owner's next Inspire (KW-17).
    pub gained_defense: [u8; 6],
}

impl ModelState {
    pub fn new(pos: [f32; 3], colours: &[Colour], hacked: u8) -> ModelState {
        let mut tokens = [BLANK; MAX_TOKENS];
        for (t, &c) in tokens.iter_mut().zip(colours) {
            *t = Token {
                colour: c,
                original: c,
                ready: true,
            };
        }
        ModelState {
            pos,
            tokens,
            n_tokens: colours.len() as u8,
            in_play: true,
            hacked,
            difficult_used: 0,
            gonk_acted: false,
            card_exhausted: false,
            vulnerable: false,
            stunned: false,
            gained_defense: [0; 6],
        }
    }

    pub fn tokens(&self) -> &[Token] {
        &self.tokens[..usize::from(self.n_tokens)]
    }

    pub fn token_mut(&mut self, i: u8) -> &mut Token {
        &mut self.tokens[..usize::from(self.n_tokens)][usize::from(i)]
    }

    pub fn has_ready(&self) -> bool {
        self.tokens().iter().any(|t| t.ready)
    }

    /// Every token RED (WOUND-5). A model without tokens is never Red-lined.
    pub fn red_lined(&self) -> bool {
        self.n_tokens > 0 && self.tokens().iter().all(|t| t.colour == Colour::Red)
    }

    pub fn all_ready(&self) -> bool {
        self.tokens().iter().all(|t| t.ready)
    }
}
