//! BOT, constructs (MODULES.md): a construct's tokens bound to systems and what a damaged
//! system stops (BOT-1..BOT-5). Nothing here changes a game unless it has the module on
//! (MOD-2): every query answers "not a construct" then.

mod burst;
mod heavy;
mod repair;
mod systems;

use serde::Serialize;

use crate::ids::{ModelId, Seat};
use crate::protocol::event::Event;
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
}

impl BotState {
    /// Whether nothing is recorded (the hash leaves it out then).
    pub(crate) fn is_empty(&self) -> bool {
        self.haywire.is_none() && self.power_spent.is_empty()
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
            Event::InspireEnded { .. } => self.bot.power_spent.clear(),
            _ => {}
        }
    }
}
