//! Luck as a player sees it before the engine asks: what each seat starts with, and who
//! may still spend Luck on a roll already made, so no screen restates a Luck rule.

use crate::dice::luck::starting_luck;
use crate::dice::odds::OddsQuery;
use crate::protocol::event::DieResult;
use crate::setup::Setup;
use crate::setup::card::Keyword;
use crate::state::Game;

impl Setup {
    /// The Luck tokens each seat starts with, in seat order: 3, plus what its cards add,
    /// plus Underdog's Luck and the scenario's, unless the setup states a number (LUCK-1,
    /// LUCK-6, OPEN-10). The same figure `Game::luck` starts from.
    pub fn starting_luck(&self) -> Vec<u8> {
        starting_luck(self)
    }
}

impl Game {
    /// The [`OddsQuery`] of an Opposed Roll between `actor`'s die and `opposer`'s as the
    /// rules stand now: each side may spend Luck if its player has a token left (LUCK-2),
    /// never on a drone's defence die (LUCK-8); the actor re-rolls for free with an Accurate
    /// `action` (KW-3); the player with Control decides first (LUCK-4). Turn the Luck flags
    /// off to ask for the odds with less Luck spent ([`OddsQuery::without_luck`]).
    pub fn odds_of_roll(
        &self,
        actor: &DieResult,
        opposer: &DieResult,
        action: Option<u16>,
    ) -> OddsQuery {
        let has_luck = |r: &DieResult| self.luck(r.seat) > 0;
        let drone_defence = opposer
            .model
            .is_some_and(|m| m.index() < self.model_count() && self.profile(m).is_drone());
        let accurate = match (actor.model, action) {
            (Some(m), Some(a)) => self
                .action(m, a)
                .is_some_and(|d| d.keywords.contains(&Keyword::Accurate)),
            _ => false,
        };
        OddsQuery {
            actor_luck: has_luck(actor),
            opposer_luck: has_luck(opposer) && !drone_defence,
            actor_accurate: accurate,
            actor_has_control: self.control() == actor.seat,
            ..OddsQuery::new(actor.die, actor.modifier, opposer.die, opposer.modifier)
        }
    }
}
