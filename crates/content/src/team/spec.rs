//! What a player picked: a faction and members (characters or Gonks) with their Gear and
//! programs, plus the rules of the game being built for.

use serde::{Deserialize, Serialize};

/// One-off game or campaign (TEAM-11..TEAM-14, CAMP-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum GameMode {
    /// A one-off game: +5 EB per Veteran star, at most 2 Mercs (TEAM-11, TEAM-13).
    #[default]
    OneOff,
    /// A campaign game: no star surcharge (TEAM-12); the first game allows no Veterans and
    /// at most 2 basic Mercs (TEAM-14).
    Campaign {
        /// Whether this is the campaign's first game.
        first_game: bool,
    },
}

/// The limits a team is built under.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TeamRules {
    /// The agreed EB limit (TEAM-5).
    pub eb_limit: u32,
    /// One-off or campaign.
    #[serde(default)]
    pub mode: GameMode,
    /// EB above the limit from completed Objectives (TEAM-18).
    #[serde(default)]
    pub bonus_eb: u32,
    /// Street Cred from completed Objectives (TEAM-15, CAMP-17).
    #[serde(default)]
    pub bonus_street_cred: u8,
    /// Reward-only Gear the team has earned (Cybergear Objectives, CAMP-16).
    #[serde(default)]
    pub earned_gear: Vec<String>,
    /// Shared Market campaign (CAMP-43): Gear ignores its Street Cred and faction
    /// requirements (the campaign only lets a team field Gear in its HQ).
    #[serde(default)]
    pub shared_market: bool,
    /// The optional rule modules on in the team's games (MOD-1): with BOT on, constructs need
    /// Tech characters beside them (BOT-13). Left out when empty.
    #[serde(default, skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    pub modules: redline_rules::Modules,
}

impl TeamRules {
    /// A one-off game at `eb_limit`.
    pub fn one_off(eb_limit: u32) -> TeamRules {
        TeamRules {
            eb_limit,
            ..TeamRules::default()
        }
    }

    /// Whether Veteran stars cost 5 EB each (TEAM-11, TEAM-12, CAMP-22).
    pub fn star_surcharge(&self) -> bool {
        self.mode == GameMode::OneOff
    }

    /// The most Mercs allowed, if limited (TEAM-13, TEAM-14, CAMP-24).
    pub fn merc_limit(&self) -> Option<usize> {
        match self.mode {
            GameMode::OneOff | GameMode::Campaign { first_game: true } => Some(2),
            GameMode::Campaign { first_game: false } => None,
        }
    }
}

/// One model of the team: a character or a Gonk card id, and what it carries.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MemberSpec {
    /// Character or Gonk card id.
    pub card: String,
    /// Bought Gear ids (TEAM-8).
    #[serde(default)]
    pub gear: Vec<String>,
    /// Installed program ids (NET-2).
    #[serde(default)]
    pub programs: Vec<String>,
}

impl MemberSpec {
    /// A member with no Gear or programs.
    pub fn new(card: &str) -> MemberSpec {
        MemberSpec {
            card: card.to_owned(),
            ..MemberSpec::default()
        }
    }

    /// Adds a Gear card.
    pub fn gear(mut self, gear: &str) -> MemberSpec {
        self.gear.push(gear.to_owned());
        self
    }

    /// Installs a program.
    pub fn program(mut self, program: &str) -> MemberSpec {
        self.programs.push(program.to_owned());
        self
    }
}

/// A team as picked, before checking.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TeamSpec {
    /// Faction id (TEAM-1).
    pub faction: String,
    /// Members in the order picked; a Gonk type appears once per Gonk.
    pub members: Vec<MemberSpec>,
}

impl TeamSpec {
    /// An empty team of a faction.
    pub fn new(faction: &str) -> TeamSpec {
        TeamSpec {
            faction: faction.to_owned(),
            members: Vec::new(),
        }
    }

    /// Adds a member.
    pub fn with(mut self, member: MemberSpec) -> TeamSpec {
        self.members.push(member);
        self
    }

    /// Adds `count` Gonks of a type.
    pub fn with_gonks(mut self, card: &str, count: usize) -> TeamSpec {
        self.members
            .extend(std::iter::repeat_n(MemberSpec::new(card), count));
        self
    }
}
