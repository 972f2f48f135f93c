//! The cards in play (TOK-5, TOK-12, GEN-9, GEN-13, KW-18): the game's card table, who
//! holds which card and which way up it is, the actions and passive abilities a model
//! gets from the cards it holds, exhausting, discarding and refreshing.
//!
//! Every card of the game is numbered once at the start ([`CardId`]): each model's Gear
//! and programs in model order, then the Loot deck. What a card is never changes and lives
//! in the shared statics ([`CardInfo`]); what changes is a small `Copy` record per card
//! ([`CardState`]), so cloning a game stays a couple of memcpys.

use serde::Serialize;

use crate::flow::Step;
use crate::ids::{ModelId, Seat};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::Setup;
use crate::setup::basic;
use crate::setup::card::{ActionDef, Keyword, Skill};
use crate::setup::cards::{
    Ability, CardDef, CardId, CardKind, CardStatus, CardView, FIRST_CARD_ACTION,
};
use crate::state::{Game, Statics};

/// What never changes about a card.
#[derive(Debug, Clone)]
pub(crate) struct CardInfo {
    /// The card; for a program, its name and Loaded action (the rest is in the profile).
    pub def: CardDef,
    /// The model it came into the game with (`None` for Loot).
    pub origin: Option<ModelId>,
    /// For a program: its index in the origin's installed programs.
    pub program: Option<u8>,
    /// Offset of its first action among all card actions of the game.
    pub first_action: u16,
}

/// What changes about a card during the game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct CardState {
    /// The model holding it; `None` while it is in the Loot deck.
    pub holder: Option<ModelId>,
    /// Which way up it is.
    pub status: CardStatus,
    /// Difficult markers on its actions, by action number on the card (TOK-7, OPEN-15).
    pub difficult: u8,
    /// A program that failed to launch in the current activation (NET-6).
    pub failed: bool,
    /// The model a Running program succeeded against (`Who::Target`).
    pub target: Option<ModelId>,
}

/// A card that steps out of play after the action using it (KW-18) or turns face down
/// (TOK-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum CardStep {
    /// Discard the card once its action has resolved (KW-18).
    Discard(CardId),
    /// Exhaust the card once its action has resolved (TOK-5).
    Exhaust(CardId),
    /// Exhaust the character card of the model (TOK-5).
    ExhaustCharacter(ModelId),
    /// Loot Gear succeeded: the looter picks a card from the body (BASIC-13).
    ChooseLoot {
        /// The looter.
        looter: ModelId,
        /// The taken-out model.
        from: ModelId,
    },
}

/// Builds the card table of a setup: static facts and starting state.
pub(crate) fn card_table(setup: &Setup) -> (Vec<CardInfo>, Vec<CardState>) {
    let mut infos = Vec::new();
    let mut states = Vec::new();
    let mut next_action: usize = 0;
    let mut push = |def: CardDef, origin: Option<ModelId>, program: Option<u8>| {
        let n = def.actions.len();
        let holder = origin;
        let status = if origin.is_some() {
            CardStatus::Ready
        } else {
            CardStatus::InDeck
        };
        infos.push(CardInfo {
            def,
            origin,
            program,
            first_action: next_action as u16,
        });
        states.push(CardState {
            holder,
            status,
            difficult: 0,
            failed: false,
            target: None,
        });
        next_action += n;
    };
    for (i, m) in setup.models.iter().enumerate() {
        let model = ModelId(i as u16);
        for c in &m.profile.cards {
            push(c.clone(), Some(model), None);
        }
        for (k, p) in m.profile.programs.iter().enumerate() {
            let def = CardDef {
                actions: vec![p.loaded.clone()],
                ..CardDef::new(&p.id, &p.name, CardKind::Program)
            };
            push(def, Some(model), Some(k as u8));
        }
    }
    for c in &setup.loot_deck {
        push(c.clone(), None, None);
    }
    (infos, states)
}

/// How many card actions a setup holds, to check they fit the action numbering.
pub(crate) fn card_action_count(setup: &Setup) -> usize {
    let models: usize = setup
        .models
        .iter()
        .map(|m| {
            m.profile
                .cards
                .iter()
                .map(|c| c.actions.len())
                .sum::<usize>()
                + m.profile.programs.len()
        })
        .sum();
    models
        + setup
            .loot_deck
            .iter()
            .map(|c| c.actions.len())
            .sum::<usize>()
}

impl Game {
    /// Every card of the game, in card order.
    pub fn card_count(&self) -> usize {
        self.cards.len()
    }

    /// One card: its definition, state, holder and origin.
    pub fn card(&self, card: CardId) -> CardView<'_> {
        let info = &self.st.cards[card.index()];
        let s = &self.cards[card.index()];
        CardView {
            id: card,
            def: &info.def,
            status: s.status,
            holder: s.holder,
            origin: info.origin,
        }
    }

    /// The cards a model holds now (its own, looted ones and Loot it drew), in card order,
    /// discarded ones included so a viewer can show them face down.
    pub fn cards_of(&self, model: ModelId) -> Vec<CardView<'_>> {
        (0..self.cards.len() as u16)
            .map(CardId)
            .filter(|c| self.cards[c.index()].holder == Some(model))
            .map(|c| self.card(c))
            .collect()
    }

    /// Whether the model's own character card is exhausted (TOK-5).
    pub fn character_card_exhausted(&self, model: ModelId) -> bool {
        self.state(model).card_exhausted
    }

    /// The card an action index belongs to, and the action's number on it.
    pub(crate) fn card_of_action(&self, action: u16) -> Option<(CardId, usize)> {
        self.st.card_of_action(action)
    }

    /// The action index of action `k` on `card`.
    pub fn card_action(&self, card: CardId, k: usize) -> u16 {
        FIRST_CARD_ACTION + self.st.cards[card.index()].first_action + k as u16
    }

    /// Every action index the model may use now: the built-in actions, its own card's
    /// (unless exhausted), and those of the Ready cards and Loaded programs it holds
    /// (TOK-12, BASIC-16, NET-1).
    pub fn actions_of(&self, model: ModelId) -> Vec<u16> {
        let own = if self.state(model).card_exhausted {
            basic::COUNT
        } else {
            self.action_count(model)
        };
        let mut out: Vec<u16> = (0..own).collect();
        for (c, s) in self.cards.iter().enumerate() {
            if s.holder == Some(model) && s.status == CardStatus::Ready {
                let info = &self.st.cards[c];
                let first = FIRST_CARD_ACTION + info.first_action;
                out.extend((0..info.def.actions.len() as u16).map(|k| first + k));
            }
        }
        out
    }

    /// Whether a card is a program (NET-8).
    pub(crate) fn is_program(&self, card: CardId) -> bool {
        self.st.cards[card.index()].program.is_some()
    }

    /// Cards held by `model`, by id.
    pub(crate) fn held(&self, model: ModelId) -> impl Iterator<Item = CardId> + '_ {
        (0..self.cards.len() as u16)
            .map(CardId)
            .filter(move |c| self.cards[c.index()].holder == Some(model))
    }

    /// Abilities of the Ready Gear and Loot cards the model holds (GEN-9, TOK-5).
    pub(crate) fn abilities(&self, model: ModelId) -> impl Iterator<Item = Ability> + '_ {
        self.held(model)
            .filter(|c| self.cards[c.index()].status == CardStatus::Ready)
            .flat_map(|c| self.st.cards[c.index()].def.abilities.iter().copied())
    }

    /// The model's Skill now: its card, the Ready cards it holds, Running programs, and
    /// Vulnerable (NET-11: every Skill but Tech is 0). One pass over the card table.
    pub fn skill(&self, model: ModelId, skill: Skill) -> i8 {
        if skill == Skill::Melee && self.arms_all_damaged(model) {
            return 0; // BOT-2: no Arm left to fight with
        }
        let mut v = i16::from(self.profile(model).skills.get(skill));
        let mut vulnerable = self.state(model).vulnerable;
        for (i, s) in self.cards.iter().enumerate() {
            match s.status {
                CardStatus::Ready if s.holder == Some(model) => {
                    for a in &self.st.cards[i].def.abilities {
                        if let Ability::SkillBonus(k, x) = *a
                            && k == skill
                        {
                            v += i16::from(x);
                        }
                    }
                }
                CardStatus::Running => {
                    let (m, x) = self.running_on(CardId(i as u16), model, skill);
                    vulnerable |= m;
                    v += i16::from(x);
                }
                _ => {}
            }
        }
        if skill != Skill::Tech && vulnerable {
            return 0;
        }
        v.clamp(i16::from(i8::MIN), i16::from(i8::MAX)) as i8
    }

    /// Defense X bonuses when the model opposes with `skill` (KW-17): its card's (unless
    /// exhausted), its Ready cards' and Running programs'.
    pub fn defense_bonus(&self, model: ModelId, skill: Skill) -> i16 {
        let mut v: i16 = 0;
        if !self.state(model).card_exhausted {
            v += self
                .profile(model)
                .defenses
                .iter()
                .filter(|(s, _)| *s == skill)
                .map(|(_, x)| i16::from(*x))
                .sum::<i16>();
        }
        for a in self.abilities(model) {
            if let Ability::Defense(s, x) = a
                && s == skill
            {
                v += i16::from(x);
            }
        }
        v + self.running_defense(model, skill)
    }

    /// Gear Armor the model may use now: Ready Armor cards it holds, its own or looted
    /// (ARM-2, BASIC-13), by card.
    pub(crate) fn gear_armor(&self, model: ModelId) -> Vec<(CardId, u8)> {
        self.held(model)
            .filter(|c| self.cards[c.index()].status == CardStatus::Ready)
            .filter_map(|c| {
                let a = self.st.cards[c.index()].def.armor;
                (a > 0).then_some((c, a))
            })
            .collect()
    }

    /// The Armor of a Gear card (ARM-2).
    pub(crate) fn card_armor_value(&self, card: CardId) -> u8 {
        self.st.cards.get(card.index()).map_or(0, |c| c.def.armor)
    }

    /// Whether a Difficult action was used since the model's last Inspire (TOK-7).
    pub(crate) fn difficult_used(&self, model: ModelId, action: u16) -> bool {
        match self.card_of_action(action) {
            Some((c, k)) => self.cards[c.index()].difficult & (1 << (k % 8)) != 0,
            None => self.state(model).difficult_used & (1u64 << (action % 64)) != 0,
        }
    }

    /// Why the model can't use the card an action is on right now, if it can't (TOK-5,
    /// TOK-12, KW-18, BASIC-13, BASIC-16).
    pub(crate) fn check_card_use(
        &self,
        model: ModelId,
        action: u16,
    ) -> Result<(), crate::protocol::error::RuleError> {
        use crate::protocol::error::refuse;
        if action < FIRST_CARD_ACTION {
            if action >= basic::COUNT && self.state(model).card_exhausted {
                return refuse(
                    Rule::Tok5,
                    "The model's card is exhausted: its special rules return when it refreshes",
                );
            }
            return Ok(());
        }
        let Some((c, _)) = self.card_of_action(action) else {
            return refuse(Rule::Tok12, "That model has no such action");
        };
        let s = &self.cards[c.index()];
        let name = &self.st.cards[c.index()].def.name;
        if s.holder != Some(model) {
            return match (self.st.cards[c.index()].origin, s.status) {
                (Some(o), _) if o == model => refuse(
                    Rule::Basic13,
                    format!("{name} was looted from this model: another model holds it now"),
                ),
                _ => refuse(Rule::Tok12, format!("This model doesn't hold {name}")),
            };
        }
        match s.status {
            CardStatus::Ready => Ok(()),
            CardStatus::Exhausted => refuse(
                Rule::Tok5,
                format!("{name} is exhausted: it has no text until it refreshes at Inspire"),
            ),
            CardStatus::Discarded => refuse(Rule::Kw18, format!("{name} has been discarded")),
            CardStatus::Running => refuse(
                Rule::Net10,
                format!("{name} is Running: it can't be launched again until it reloads"),
            ),
            CardStatus::InDeck => {
                refuse(Rule::Basic14, format!("{name} is still in the Loot deck"))
            }
        }
    }

    /// After declaring an action on a card: queue its discard or exhaustion for when the
    /// action has resolved (KW-18, TOK-5). Called right after the action's end step is
    /// pushed, so the card goes before any [RE]action.
    pub(crate) fn queue_card_after_action(&mut self, model: ModelId, action: u16, def: &ActionDef) {
        let card = self.card_of_action(action).map(|(c, _)| c);
        if def.keywords.contains(&Keyword::Discard)
            && let Some(c) = card
        {
            self.stack.push(Step::Cards(CardStep::Discard(c)));
        } else if def.keywords.contains(&Keyword::Exhaust) {
            let step = match card {
                Some(c) => CardStep::Exhaust(c),
                None => CardStep::ExhaustCharacter(model),
            };
            self.stack.push(Step::Cards(step));
        }
    }

    /// Works on a card step; returns a decision if a player must choose.
    pub(crate) fn step_cards(
        &mut self,
        step: CardStep,
    ) -> Option<crate::protocol::decision::Decision> {
        match step {
            CardStep::ChooseLoot { looter, from } => return self.step_choose_loot(looter, from),
            CardStep::Discard(card) => {
                let s = self.cards[card.index()];
                if let (Some(model), CardStatus::Ready | CardStatus::Exhausted) =
                    (s.holder, s.status)
                {
                    self.emit(Event::CardDiscarded { model, card });
                }
            }
            CardStep::Exhaust(card) => {
                let s = self.cards[card.index()];
                if let (Some(model), CardStatus::Ready) = (s.holder, s.status) {
                    self.emit(Event::CardExhausted {
                        model,
                        card: Some(card),
                    });
                }
            }
            CardStep::ExhaustCharacter(model) => {
                if !self.state(model).card_exhausted {
                    self.emit(Event::CardExhausted { model, card: None });
                }
            }
        }
        None
    }

    /// At Inspire: refresh the exhausted cards of the seat's models (TOK-5, CTRL-12).
    pub(crate) fn refresh_cards(&mut self, seat: Seat) {
        for m in self.model_ids() {
            if self.owner(m) != seat || !self.in_play(m) {
                continue;
            }
            if self.state(m).card_exhausted {
                self.emit(Event::CardRefreshed {
                    model: m,
                    card: None,
                });
            }
            let exhausted: Vec<CardId> = self
                .held(m)
                .filter(|c| self.cards[c.index()].status == CardStatus::Exhausted)
                .collect();
            for card in exhausted {
                self.emit(Event::CardRefreshed {
                    model: m,
                    card: Some(card),
                });
            }
        }
    }

    /// Whether any card the model holds carries a Difficult marker.
    pub(crate) fn cards_marked(&self, model: ModelId) -> bool {
        self.held(model)
            .any(|c| self.cards[c.index()].difficult != 0)
    }

    /// Applies a card event to the card table (called from `Game::apply_event` only).
    pub(crate) fn apply_card_event(&mut self, ev: &Event) {
        match ev {
            Event::CardExhausted { model, card } => match card {
                Some(c) => self.cards[c.index()].status = CardStatus::Exhausted,
                None => self.models[model.index()].card_exhausted = true,
            },
            Event::CardRefreshed { model, card } => match card {
                Some(c) => self.cards[c.index()].status = CardStatus::Ready,
                None => self.models[model.index()].card_exhausted = false,
            },
            Event::CardDiscarded { card, .. } | Event::ArmorDiscarded { card, .. } => {
                self.cards[card.index()].status = CardStatus::Discarded
            }
            Event::CardTaken { by, card, .. } => self.cards[card.index()].holder = Some(*by),
            Event::LootDrawn {
                by,
                card: Some(card),
            } => {
                let s = &mut self.cards[card.index()];
                s.holder = Some(*by);
                s.status = CardStatus::Ready;
            }
            Event::DifficultMarked { model, action } => match self.card_of_action(*action) {
                Some((c, k)) => self.cards[c.index()].difficult |= 1 << (k % 8),
                None => self.models[model.index()].difficult_used |= 1u64 << (action % 64),
            },
            Event::DifficultCleared { model } => {
                self.models[model.index()].difficult_used = 0;
                for s in self.cards.iter_mut().filter(|s| s.holder == Some(*model)) {
                    s.difficult = 0;
                }
            }
            _ => {}
        }
    }
}

impl Statics {
    /// The card an action index belongs to, and the action's number on it.
    pub(crate) fn card_of_action(&self, action: u16) -> Option<(CardId, usize)> {
        let i = usize::from(action.checked_sub(FIRST_CARD_ACTION)?);
        let cards = &self.cards;
        let c = cards.partition_point(|c| usize::from(c.first_action) + c.def.actions.len() <= i);
        let info = cards.get(c)?;
        let k = i.checked_sub(usize::from(info.first_action))?;
        (k < info.def.actions.len()).then_some((CardId(c as u16), k))
    }

    /// A card action's definition.
    pub(crate) fn card_action(&self, action: u16) -> Option<&ActionDef> {
        let (c, k) = self.card_of_action(action)?;
        self.cards[c.index()].def.actions.get(k)
    }
}
