//! BOT, constructs (MODULES.md): a construct's tokens bound to systems and what a damaged
//! system stops (BOT-1..BOT-5), repairs (BOT-6, BOT-9, BOT-10) and toppling (BOT-11,
//! BOT-12). Nothing here changes a game unless it has the module on (MOD-2): every query
//! answers "not a construct" then.

mod actions;
mod burst;
mod heavy;
mod repair;
mod systems;
mod topple;

pub use actions::{FIELD_PATCH, STAND_UP, START_REPAIR, TOPPLE};
pub(crate) use actions::{bot_action_def, bot_action_defs, bot_action_ids, is_bot_action};

use serde::Serialize;

use crate::ids::{ModelId, Seat};
use crate::protocol::event::{BotEvent, Event};
use crate::setup::card::Colour;
use crate::setup::construct::{ConstructProfile, System};
use crate::setup::modules::Module;
use crate::state::Game;

/// What the module adds to the game state (MOD-3). Empty while nothing has happened to a
/// construct, and hashed only once something has.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub(crate) struct BotState {
    /// The construct that is Haywire for the rest of its activation (BOT-5).
    haywire: Option<ModelId>,
    /// Constructs whose damaged Power already gave back its one token in the Inspire under
    /// way (BOT-4).
    power_spent: Vec<ModelId>,
    /// Constructs Under Repair, each with the colour of the token spent on Start Repair
    /// (BOT-9, BOT-10). Left out of the serialised state while empty, so games from before
    /// repairs hash as they did.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    repairs: Vec<(ModelId, Colour)>,
    /// Toppled constructs (BOT-12).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    toppled: Vec<ModelId>,
    /// Topple attempts against each construct since its owner's most recent Inspire (BOT-11).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    topple_tries: Vec<(ModelId, u8)>,
}

impl BotState {
    /// Whether nothing is recorded (the hash leaves it out then).
    pub(crate) fn is_empty(&self) -> bool {
        self.haywire.is_none()
            && self.power_spent.is_empty()
            && self.repairs.is_empty()
            && self.toppled.is_empty()
            && self.topple_tries.is_empty()
    }
}

impl Game {
    /// The construct data of `m` while BOT is on; `None` for every other model, and for
    /// every model in a game without the module (MOD-2).
    pub(crate) fn construct(&self, m: ModelId) -> Option<&ConstructProfile> {
        if !self.module_on(Module::Bot) || !self.is_character(m) {
            return None;
        }
        self.profile(m).construct.as_ref()
    }

    /// A construct's systems, each with whether it is damaged now (BOT-1); empty for a model
    /// that is no construct or in a game without BOT.
    pub fn construct_systems(&self, m: ModelId) -> Vec<(System, bool)> {
        let Some(c) = self.construct(m) else {
            return Vec::new();
        };
        c.systems
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), self.system_damaged(m, i)))
            .collect()
    }

    /// BOT-1: a system is damaged while its token is a wound, a RED token that started GREEN
    /// or YELLOW; a token printed RED never damages its system.
    fn system_damaged(&self, m: ModelId, i: usize) -> bool {
        self.tokens(m)
            .get(i)
            .is_some_and(|t| t.colour == Colour::Red && t.original != Colour::Red)
    }

    /// Whether token `i` of `m` plays exactly as an earlier one, so that only the earlier is
    /// offered: same colour, state and starting colour and, on a construct, the same system
    /// (BOT-1: which system a wound lands on is the choice).
    pub(crate) fn repeats_token(&self, m: ModelId, i: usize) -> bool {
        let ts = self.tokens(m);
        let systems = self.construct(m).map(|c| &c.systems);
        ts[..i]
            .iter()
            .enumerate()
            .any(|(j, u)| *u == ts[i] && systems.is_none_or(|s| s.get(j) == s.get(i)))
    }

    /// How many systems of a kind the construct has, and how many of them are damaged.
    fn systems_of(&self, m: ModelId, kind: fn(&System) -> bool) -> (usize, usize) {
        let Some(c) = self.construct(m) else {
            return (0, 0);
        };
        c.systems
            .iter()
            .enumerate()
            .filter(|(_, s)| kind(s))
            .fold((0, 0), |(n, d), (i, _)| {
                (n + 1, d + usize::from(self.system_damaged(m, i)))
            })
    }

    /// BOT-2: the construct has Arms and every one is damaged.
    pub(crate) fn arms_all_damaged(&self, m: ModelId) -> bool {
        let (arms, damaged) = self.systems_of(m, |s| matches!(s, System::Arm(_)));
        arms > 0 && arms == damaged
    }

    /// BOT-4: the construct's Power is damaged.
    pub(crate) fn power_damaged(&self, m: ModelId) -> bool {
        self.systems_of(m, |s| *s == System::Power).1 > 0
    }

    /// BOT-5: the construct is Haywire in this activation.
    pub(crate) fn is_haywire(&self, m: ModelId) -> bool {
        self.bot.haywire == Some(m)
    }

    /// Who answers the decisions of model `m` for its owner: the owner, or for a Haywire
    /// construct the next player clockwise (BOT-5, MOPEN-12).
    pub(crate) fn decider(&self, m: ModelId) -> Seat {
        let owner = self.owner(m);
        if !self.is_haywire(m) {
            return owner;
        }
        let n = self.seat_count() as u8;
        Seat((owner.0 + 1) % n.max(1))
    }

    /// Whether a Haywire construct makes `a` and `b` rivals though they share a team (BOT-5).
    #[inline]
    pub(crate) fn haywire_rivals(&self, a: ModelId, b: ModelId) -> bool {
        a != b && self.bot.haywire.is_some_and(|h| h == a || h == b)
    }

    /// Changes the module's state; called from `apply_event` only.
    pub(crate) fn apply_bot_event(&mut self, ev: &Event) {
        match ev {
            Event::CpuRolled {
                model,
                haywire: true,
                ..
            } => self.bot.haywire = Some(*model),
            Event::ActivationEnded { model } if self.bot.haywire == Some(*model) => {
                self.bot.haywire = None;
            }
            Event::PowerLimited { model } => self.bot.power_spent.push(*model),
            Event::InspireEnded { seat } => {
                self.bot.power_spent.clear();
                // BOT-11: the count of Topple attempts starts again at the owner's Inspire.
                let kept: Vec<(ModelId, u8)> = self
                    .bot
                    .topple_tries
                    .iter()
                    .copied()
                    .filter(|&(m, _)| self.owner(m) != *seat)
                    .collect();
                self.bot.topple_tries = kept;
            }
            Event::Bot(b) => self.apply_bot_change(b),
            _ => {}
        }
    }

    /// The state change of a [`BotEvent`].
    fn apply_bot_change(&mut self, ev: &BotEvent) {
        let bot = &mut self.bot;
        match *ev {
            BotEvent::RepairStarted { model, colour } => bot.repairs.push((model, colour)),
            BotEvent::RepairRolled { .. } => {}
            BotEvent::RepairEnded { model } => bot.repairs.retain(|r| r.0 != model),
            BotEvent::ToppleTried { model, .. } => {
                match bot.topple_tries.iter_mut().find(|t| t.0 == model) {
                    Some(t) => t.1 = t.1.saturating_add(1),
                    None => bot.topple_tries.push((model, 1)),
                }
            }
            BotEvent::Toppled { model, .. } => bot.toppled.push(model),
            BotEvent::StoodUp { model } => bot.toppled.retain(|&t| t != model),
        }
    }

    /// BOT-10: the construct is Under Repair.
    pub fn under_repair(&self, m: ModelId) -> bool {
        self.bot.repairs.iter().any(|r| r.0 == m)
    }

    /// BOT-9: the colour of the token the construct spent on Start Repair, while Under Repair.
    pub fn repair_colour(&self, m: ModelId) -> Option<Colour> {
        self.bot.repairs.iter().find(|r| r.0 == m).map(|r| r.1)
    }

    /// BOT-12: the construct is Toppled.
    pub fn is_toppled(&self, m: ModelId) -> bool {
        self.bot.toppled.contains(&m)
    }

    /// BOT-11: Topple attempts against `m` since its owner's most recent Inspire.
    pub fn topple_tries(&self, m: ModelId) -> u8 {
        self.bot
            .topple_tries
            .iter()
            .find(|t| t.0 == m)
            .map_or(0, |t| t.1)
    }
}
