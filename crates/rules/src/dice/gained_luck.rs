//! Luck gained while a game is on: a completed campaign Objective's reward applies at once
//! (LUCK-1, CAMP-11). The command answers no decision, so it leaves the flow of play exactly
//! where it was; only the Luck count changes (and a pending Luck offer shows it).

use crate::ids::Seat;
use crate::protocol::decision::DecisionKind;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::state::Game;

impl Game {
    /// Whether `seat` may gain `luck` tokens now (CAMP-11): the game is on, the seat plays
    /// and the reward is not empty.
    pub(crate) fn check_gain_luck(&self, seat: Seat, luck: u8) -> Result<(), RuleError> {
        if self.outcome.is_some() || self.decision.is_none() {
            return refuse(
                Rule::Camp11,
                "The game is over: a reward gained now counts from the next game",
            );
        }
        if usize::from(seat.0) >= self.luck.len() {
            return refuse(Rule::Camp11, format!("There is no player {}", seat.0));
        }
        if luck == 0 {
            return refuse(Rule::Camp11, "A reward of no Luck gives nothing");
        }
        Ok(())
    }

    /// Gives `seat` its Luck at once, after [`Game::check_gain_luck`]; the decision waiting
    /// stays, with its Luck count brought up to date.
    pub(crate) fn apply_gain_luck(
        &mut self,
        seat: Seat,
        luck: u8,
    ) -> Result<Vec<Event>, RuleError> {
        self.check_gain_luck(seat, luck)?;
        self.events.clear();
        let left = self.luck(seat).saturating_add(luck);
        self.emit(Event::LuckGained {
            seat,
            gained: luck,
            left,
        });
        if let Some(d) = self.decision.as_mut()
            && d.seat == seat
            && let DecisionKind::OfferLuck { luck: shown, .. } = &mut d.kind
        {
            *shown = left;
        }
        Ok(std::mem::take(&mut self.events))
    }
}
