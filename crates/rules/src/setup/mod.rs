//! What a game starts from: the Battlespace, the players and their teams, every model with
//! its profile, position and owner, Luck, first Control and the victory condition.

pub mod basic;
pub mod card;
pub mod cards;
pub mod construct;
pub mod modules;
pub mod program;
pub mod scenario;
pub mod security;
mod security_check;
pub mod third_force;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use std::sync::Arc;

use crate::geometry::Battlespace;
use crate::ids::{Seat, TeamId};
use crate::setup::card::ModelProfile;
use crate::setup::scenario::{Entry, ScenarioRules};
use crate::state::model::MAX_TOKENS;

/// One player at the table. Seats are numbered clockwise in the order players are listed
/// (CTRL-16).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerSetup {
    /// Name shown to players.
    pub name: String,
    /// The player's team; two players sharing a team play a team game (CTRL-18..CTRL-20).
    pub team: TeamId,
    /// Starting Luck tokens. `None` = 3 plus Underdog's Luck (LUCK-1, LUCK-6, OPEN-10).
    #[serde(default)]
    pub luck: Option<u8>,
}

/// One model placed at setup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelSetup {
    /// The compiled card (and equipped Gear) of the model.
    pub profile: Arc<ModelProfile>,
    /// The player who owns it.
    pub owner: Seat,
    /// Centre of the base's bottom face, in inches (DESIGN §3).
    pub position: [f32; 3],
    /// Hacked tokens it starts with (scenario effects, tests; NET-14).
    #[serde(default)]
    pub hacked: u8,
    /// On the table, in Reserve (FIELD-8) or set aside for an effect to deploy (DRONE-8).
    /// Off-table models ignore `position` until they enter.
    #[serde(default)]
    pub entry: Entry,
}

/// The engine's backstop on game length; the scenario's own win conditions are in
/// [`ScenarioRules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Victory {
    /// Turns of Control after which the game stops; the team with the most models in play
    /// wins, equal counts draw. `None` = play until the scenario is won (CTRL-21).
    pub turn_limit: Option<u32>,
}

impl Default for Victory {
    fn default() -> Self {
        Victory {
            turn_limit: Some(200),
        }
    }
}

/// Everything [`crate::Game::new`] needs.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Setup {
    /// The table and its scenery (static for the whole game; an `Arc` inside, so cheap to
    /// clone). Serialised as its layout.
    #[serde(with = "crate::geometry::layout_serde")]
    pub battlespace: Battlespace,
    /// Players in clockwise seat order.
    pub players: Vec<PlayerSetup>,
    /// Every model in play at the start; a model's [`crate::ModelId`] is its index here.
    pub models: Vec<ModelSetup>,
    /// The seat that has Control first (CTRL-15).
    pub first_control: Seat,
    /// The engine's turn limit, a backstop for games nobody finishes.
    #[serde(default)]
    pub victory: Victory,
    /// The scenario's rules: first Control, zones, Reserves, markers, special rules and
    /// win conditions (GEN-1, FIELD-6).
    #[serde(default)]
    pub scenario: ScenarioRules,
    /// The Loot deck, one entry per copy; Loot Goods draws one at random (BASIC-14).
    #[serde(default)]
    pub loot_deck: Vec<crate::setup::cards::CardDef>,
    /// Forced die faces used before the seeded RNG (loaded dice for tests and scripts).
    #[serde(default)]
    pub loaded_dice: Vec<u8>,
    /// The optional rule modules on in this game (MOD-1). Left out of the serialised setup
    /// (and so of the replay and the state hash) when empty, so a game with every module
    /// off plays, replays and hashes as the core game (MOD-2, MOD-3).
    #[serde(default, skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    pub modules: crate::setup::modules::Modules,
    /// The neutral force the engine plays, if one is in the game (THIRD-1). Left out of the
    /// serialised setup (and so of the replay and the state hash) when absent, so a game
    /// without one plays, replays and hashes as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub third_force: Option<crate::setup::third_force::ThirdForce>,
}

/// Why a [`Setup`] can't start a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Fewer than two players, or all of them on one team.
    #[error("a game needs at least two teams (found {teams})")]
    TooFewTeams {
        /// Number of distinct teams.
        teams: usize,
    },
    /// A model's owner is not a seat in the game.
    #[error("model {model} belongs to seat {seat}, but only {players} players are seated")]
    UnknownOwner {
        /// Index of the model.
        model: usize,
        /// The seat named.
        seat: u8,
        /// Number of players.
        players: usize,
    },
    /// First Control names a seat that does not exist.
    #[error("first Control goes to seat {seat}, but only {players} players are seated")]
    UnknownFirstControl {
        /// The seat named.
        seat: u8,
        /// Number of players.
        players: usize,
    },
    /// A character card has more tokens than the engine holds.
    #[error("model {model} ({name}) has {tokens} tokens; at most {max} are supported")]
    TooManyTokens {
        /// Index of the model.
        model: usize,
        /// Card name.
        name: String,
        /// Tokens on the card.
        tokens: usize,
        /// The engine's limit.
        max: usize,
    },
    /// A character has no tokens, or a Gonk has no card colour.
    #[error("model {model} ({name}) has neither action tokens nor a Gonk colour")]
    NoActions {
        /// Index of the model.
        model: usize,
        /// Card name.
        name: String,
    },
    /// The defender's security breaks a rule of the security module (SEC-1, SEC-2, SEC-9,
    /// SEC-14).
    #[error("{rule}: {reason}")]
    Security {
        /// The rule broken.
        rule: crate::protocol::rule::Rule,
        /// What is wrong.
        reason: String,
    },
    /// A scenario rule names a seat that is not at the table, or a marker off the table.
    #[error("the scenario is not playable with this setup: {reason}")]
    Scenario {
        /// What is wrong.
        reason: String,
    },
    /// The third force can't be added, or its seat is not the setup's last (THIRD-1).
    #[error("the third force can't play in this game: {reason}")]
    ThirdForce {
        /// What is wrong.
        reason: String,
    },
    /// Too many models or players for the engine's id sizes.
    #[error("too many models ({models}) or players ({players})")]
    TooLarge {
        /// Models listed.
        models: usize,
        /// Players listed.
        players: usize,
    },
    /// More cards or card actions than the engine numbers.
    #[error("too many cards ({cards}) or card actions ({actions})")]
    TooManyCards {
        /// Gear, program and Loot cards.
        cards: usize,
        /// Actions printed on them.
        actions: usize,
    },
    /// A model has more installed programs than the engine numbers.
    #[error("model {model} ({name}) has {programs} programs installed; at most 255")]
    TooManyPrograms {
        /// Index of the model.
        model: usize,
        /// Card name.
        name: String,
        /// Programs installed.
        programs: usize,
    },
}

impl Setup {
    /// Checks the setup and reports the first problem.
    pub fn validate(&self) -> Result<(), SetupError> {
        let players = self.players.len();
        let cards = self.loot_deck.len()
            + self
                .models
                .iter()
                .map(|m| m.profile.cards.len() + m.profile.programs.len())
                .sum::<usize>();
        let card_actions = crate::actions::hand::card_action_count(self);
        if cards > 4096
            || card_actions
                > usize::from(
                    crate::setup::scenario::ACTION_BASE - crate::setup::cards::FIRST_CARD_ACTION,
                )
        {
            return Err(SetupError::TooManyCards {
                cards,
                actions: card_actions,
            });
        }
        if players > 32 || self.models.len() > 512 {
            return Err(SetupError::TooLarge {
                models: self.models.len(),
                players,
            });
        }
        let neutral = self.third_force_team()?;
        let mut teams: Vec<TeamId> = self
            .players
            .iter()
            .map(|p| p.team)
            .filter(|&t| Some(t) != neutral)
            .collect();
        teams.sort();
        teams.dedup();
        if teams.len() < 2 {
            return Err(SetupError::TooFewTeams { teams: teams.len() });
        }
        if usize::from(self.first_control.0) >= players {
            return Err(SetupError::UnknownFirstControl {
                seat: self.first_control.0,
                players,
            });
        }
        for (i, m) in self.models.iter().enumerate() {
            if usize::from(m.owner.0) >= players {
                return Err(SetupError::UnknownOwner {
                    model: i,
                    seat: m.owner.0,
                    players,
                });
            }
            let p = &m.profile;
            if p.tokens.len() > MAX_TOKENS {
                return Err(SetupError::TooManyTokens {
                    model: i,
                    name: p.name.clone(),
                    tokens: p.tokens.len(),
                    max: MAX_TOKENS,
                });
            }
            if p.programs.len() > 255 {
                return Err(SetupError::TooManyPrograms {
                    model: i,
                    name: p.name.clone(),
                    programs: p.programs.len(),
                });
            }
            let gonk_like = p.is_gonk() || p.is_drone();
            if (gonk_like && p.gonk_colour.is_none()) || (!gonk_like && p.tokens.is_empty()) {
                return Err(SetupError::NoActions {
                    model: i,
                    name: p.name.clone(),
                });
            }
        }
        self.validate_scenario()
    }

    /// The third force's team, checked: its seat is the last one and no other seat shares
    /// its team (THIRD-1). `None` without a third force.
    fn third_force_team(&self) -> Result<Option<TeamId>, SetupError> {
        let Some(force) = &self.third_force else {
            return Ok(None);
        };
        let bad = |reason: &str| SetupError::ThirdForce {
            reason: reason.to_owned(),
        };
        let seat = usize::from(force.seat.0);
        if seat + 1 != self.players.len() {
            return Err(bad("its seat must be the last one"));
        }
        if force.deck.is_empty() {
            return Err(bad("its destination deck is empty"));
        }
        let team = self.players[seat].team;
        if self.players[..seat].iter().any(|p| p.team == team) {
            return Err(bad("it shares its team with a player"));
        }
        if usize::from(self.first_control.0) == seat {
            return Err(bad("it can't have Control first"));
        }
        Ok(Some(team))
    }

    fn validate_scenario(&self) -> Result<(), SetupError> {
        self.validate_security()?;
        let bad = |reason: String| Err(SetupError::Scenario { reason });
        let players = self.players.len();
        for z in &self.scenario.deployment {
            if usize::from(z.seat.0) >= players {
                return bad(format!("a deployment zone names seat {}", z.seat.0));
            }
        }
        let table = self.battlespace.table();
        for (i, p) in self.scenario.markers.iter().enumerate() {
            if !table.contains_point(p[0], p[2]) {
                return bad(format!("marker {i} lies off the table"));
            }
        }
        if self.scenario.markers.len() > usize::from(u8::MAX) {
            return bad("more than 255 markers".to_owned());
        }
        Ok(())
    }
}
