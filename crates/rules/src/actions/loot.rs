//! Looting (BASIC-12..BASIC-16, GEN-13, TEAM-9): Loot Gear takes a Gear or Loot card from
//! a body and the looter uses it from then on; Loot Goods draws a random card from the
//! Loot deck with the game's seeded dice.

use crate::actions::hand::CardStep;
use crate::flow::Step;
use crate::ids::{BodyId, ModelId};
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::event::Event;
use crate::setup::cards::{CardId, CardKind, CardStatus};
use crate::state::Game;

impl Game {
    /// BASIC-13..BASIC-15: remove the Body token; Loot Gear takes a card from the body,
    /// Loot Goods draws a Loot card.
    pub(crate) fn loot(&mut self, by: ModelId, body: Option<BodyId>, gear: bool) {
        let Some(b) = body else { return };
        let Some(from) = self.bodies.iter().find(|x| x.id == b).map(|x| x.model) else {
            return;
        };
        self.emit(Event::BodyLooted { body: b, by });
        if gear {
            self.stack
                .push(Step::Cards(CardStep::ChooseLoot { looter: by, from }));
        } else {
            self.draw_loot(by);
        }
    }

    /// Cards the looter may take from the body of `from` (BASIC-13): any Gear or Loot card
    /// it still holds, except Gear whose name the looter already carries (GEN-13) or a
    /// second Bulky card (TEAM-9).
    pub(crate) fn lootable(&self, looter: ModelId, from: ModelId) -> Vec<CardId> {
        let mine: Vec<CardId> = self
            .held(looter)
            .filter(|c| self.cards[c.index()].status != CardStatus::Discarded)
            .collect();
        let bulky = mine.iter().any(|c| self.st.cards[c.index()].def.bulky);
        self.held(from)
            .filter(|c| self.cards[c.index()].status != CardStatus::Discarded)
            .filter(|c| {
                let def = &self.st.cards[c.index()].def;
                match def.kind {
                    CardKind::Program => false,
                    CardKind::Loot => true,
                    CardKind::Gear => {
                        let same_name = mine.iter().any(|m| {
                            let other = &self.st.cards[m.index()].def;
                            other.kind == CardKind::Gear && other.name == def.name
                        });
                        let second_bulky = def.bulky && bulky;
                        !(same_name || second_bulky)
                    }
                }
            })
            .collect()
    }

    /// The choice of card after a successful Loot Gear; taken at once if there is no
    /// choice, nothing if the body carries nothing the looter can use.
    pub(crate) fn step_choose_loot(&mut self, looter: ModelId, from: ModelId) -> Option<Decision> {
        let options = self.lootable(looter, from);
        match options.len() {
            0 => None,
            1 => {
                self.take_card(looter, from, options[0]);
                None
            }
            _ => {
                self.stack
                    .push(Step::Cards(CardStep::ChooseLoot { looter, from }));
                Some(Decision {
                    seat: self.owner(looter),
                    kind: DecisionKind::ChooseLootedCard {
                        looter,
                        from,
                        options,
                    },
                })
            }
        }
    }

    /// The looter takes and equips the card (BASIC-13).
    pub(crate) fn take_card(&mut self, by: ModelId, from: ModelId, card: CardId) {
        self.emit(Event::CardTaken { by, from, card });
    }

    /// BASIC-14: a random card from the Loot deck, drawn with the game's dice, goes to
    /// `by`.
    pub(crate) fn draw_loot(&mut self, by: ModelId) {
        let deck: Vec<CardId> = (0..self.cards.len() as u16)
            .map(CardId)
            .filter(|c| self.cards[c.index()].status == CardStatus::InDeck)
            .collect();
        let card = if deck.is_empty() {
            None
        } else {
            Some(deck[self.dice.below(deck.len() as u32) as usize])
        };
        self.emit(Event::LootDrawn { by, card });
    }
}
