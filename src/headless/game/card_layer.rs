//! A model's cards in play as the rules engine has them now (TOK-5, TOK-12, NET-5, NET-8,
//! NET-14): what the card panel shows. Read from the game's card layer, never from the
//! team roster, so looted cards, exhausted Gear and Running programs show as they are.

use redline_rules::card::Skill;
use redline_rules::cards::{CardKind, CardStatus};
use redline_rules::{Game, ModelId};

use crate::headless::game::describe;

/// One card a model holds, as the engine has it now.
#[derive(Debug, Clone, PartialEq)]
pub struct HeldCard {
    /// The card's name.
    pub name: String,
    /// Gear, Loot or program.
    pub kind: CardKind,
    /// Which way up it is.
    pub status: CardStatus,
    /// Who brought it into the game, when that is another model (looted).
    pub looted_from: Option<String>,
    /// A Running program's target.
    pub target: Option<String>,
}

/// What the engine's state says about the selected model's cards.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CardLayer {
    /// Its own character card is face down (TOK-5).
    pub character_exhausted: bool,
    /// Cards it holds, in card order (discarded ones left out).
    pub cards: Vec<HeldCard>,
    /// Hacked tokens on it (NET-14).
    pub hacked: u8,
    /// Skills as they stand now, with the bonuses of its Ready cards.
    pub skills: Vec<(Skill, i8)>,
}

impl CardLayer {
    /// Reads a model's card layer from the game.
    pub fn of(game: &Game, model: ModelId) -> CardLayer {
        let cards = game
            .cards_of(model)
            .into_iter()
            .filter(|c| c.status != CardStatus::Discarded)
            .map(|c| HeldCard {
                name: c.def.name.clone(),
                kind: c.def.kind,
                status: c.status,
                looted_from: c
                    .origin
                    .filter(|o| *o != model)
                    .map(|o| describe::model(game, o)),
                target: (c.status == CardStatus::Running)
                    .then(|| game.program_target(c.id))
                    .flatten()
                    .map(|t| describe::model(game, t)),
            })
            .collect();
        CardLayer {
            character_exhausted: game.character_card_exhausted(model),
            cards,
            hacked: game.hacked(model),
            skills: Skill::ALL
                .iter()
                .map(|s| (*s, game.skill(model, *s)))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::headless::game::quick::quick_match;

    #[test]
    fn tok_12_the_card_layer_lists_each_models_cards_ready_and_programs_loaded() {
        let catalog = redline_content::starter();
        let m = quick_match(&catalog, 3).expect("the quick skirmish sets up");
        let game = m.game();
        let mut gear = 0;
        for i in 0..game.model_count() as u16 {
            let layer = CardLayer::of(game, ModelId(i));
            assert_eq!(layer.cards.len(), game.cards_of(ModelId(i)).len());
            assert!(!layer.character_exhausted);
            assert_eq!(layer.skills.len(), Skill::ALL.len());
            for card in &layer.cards {
                assert_eq!(card.status, CardStatus::Ready, "{}", card.name);
                assert_eq!(card.looted_from, None);
                match card.kind {
                    CardKind::Gear => gear += 1,
                    CardKind::Program | CardKind::Loot => {}
                }
            }
        }
        assert!(gear > 0, "the quick teams carry Gear");
    }
}
