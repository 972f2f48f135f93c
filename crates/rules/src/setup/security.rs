//! What a scenario with the security module says (SEC-1, SEC-2, SEC-4): which seat defends,
//! its budget, the light, and the security the defender has placed: locks on doors and
//! windows (SEC-5). All of it is read only while SEC is on (MOD-2).

use serde::{Deserialize, Serialize};

use crate::ids::Seat;
use crate::setup::card::{
    ActionDef, Colour, Keyword, ModelKeyword, ModelProfile, RangeSpec, Skill, Skills,
};

/// How well lit the site is (SEC-4): Dim takes 1 from a Tech test, Dark takes 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Light {
    /// Ordinary light: no modifier.
    #[default]
    Normal,
    /// Dim light: −1 to Tech tests.
    Dim,
    /// Dark: −2 to Tech tests.
    Dark,
}

impl Light {
    /// Whether this is ordinary light (left out of a serialised scenario then).
    pub fn is_normal(&self) -> bool {
        *self == Light::Normal
    }

    /// The light's modifier to a Tech test (SEC-4).
    pub fn tech_modifier(self) -> i16 {
        match self {
            Light::Normal => 0,
            Light::Dim => -1,
            Light::Dark => -2,
        }
    }
}

/// A lock's grade (SEC-5): how hard it is to pick, how hard to shoot or force, its cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LockGrade {
    /// Grade 1, Internal: Routine to pick, Hardness 1, 2 EB.
    Internal,
    /// Grade 2, External: Hard to pick, Hardness 2, 3 EB.
    External,
    /// Grade 3, Reinforced: Hard to pick, Hardness 3, 4 EB.
    Reinforced,
    /// Grade 4, Security: a Vault pick, Hardness 5, 6 EB.
    Security,
}

impl LockGrade {
    /// Every grade, cheapest first.
    pub const ALL: [LockGrade; 4] = [
        LockGrade::Internal,
        LockGrade::External,
        LockGrade::Reinforced,
        LockGrade::Security,
    ];

    /// The grade with this number (1..=4).
    pub fn from_number(n: u8) -> Option<LockGrade> {
        match n {
            1 => Some(LockGrade::Internal),
            2 => Some(LockGrade::External),
            3 => Some(LockGrade::Reinforced),
            4 => Some(LockGrade::Security),
            _ => None,
        }
    }

    /// The grade's number, 1..=4.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The Difficulty added to the Obstacle die against Pick the Lock (SEC-3, SEC-5):
    /// Routine +0, Hard +2, Vault +4.
    pub fn pick_difficulty(self) -> i16 {
        match self {
            LockGrade::Internal => 0,
            LockGrade::External | LockGrade::Reinforced => 2,
            LockGrade::Security => 4,
        }
    }

    /// The Hardness added to the Obstacle die against Shoot the Lock and Force the Door
    /// (SEC-5, SEC-8).
    pub fn hardness(self) -> i16 {
        match self {
            LockGrade::Internal => 1,
            LockGrade::External => 2,
            LockGrade::Reinforced => 3,
            LockGrade::Security => 5,
        }
    }

    /// What the lock costs the defender, in EB (SEC-1, SEC-5).
    pub fn cost(self) -> u16 {
        match self {
            LockGrade::Internal => 2,
            LockGrade::External => 3,
            LockGrade::Reinforced => 4,
            LockGrade::Security => 6,
        }
    }

    /// The grade's name as players say it.
    pub fn name(self) -> &'static str {
        match self {
            LockGrade::Internal => "Internal",
            LockGrade::External => "External",
            LockGrade::Reinforced => "Reinforced",
            LockGrade::Security => "Security",
        }
    }
}

/// A lock placed on one door or window (SEC-2, SEC-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockPlan {
    /// The wall: its battlespace piece id.
    pub piece: u32,
    /// Which of the wall's openings, in the wall's list.
    pub opening: u8,
    /// The lock's grade.
    pub grade: LockGrade,
}

/// A sentry the defender has placed (SEC-9, SEC-10): one of the setup's models, with a
/// sentry's profile ([`crate::security::sentry_profile`]), and the fixed compass bearing
/// its arc is centred on (0° North, toward −z; 90° East; 180° South, toward +z).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SentryPlan {
    /// The sentry's index among the setup's models.
    pub model: u16,
    /// The bearing it faces, in degrees.
    pub facing_deg: f32,
}

/// What a fence section is made of (SEC-14): the battlespace's own kind, the one packs write,
/// so a fence from the pack and one the defender placed are the same thing. Razor wire may
/// snare whoever fumbles crossing it (SEC-15).
pub use redline_battlespace::FenceKind;

/// What one 4" fence section costs the defender, in EB (SEC-14): 1 for chain-link, 2 for
/// razor wire.
pub fn fence_section_cost(kind: FenceKind) -> u16 {
    match kind {
        FenceKind::ChainLink => 1,
        FenceKind::RazorWire => 2,
    }
}

/// A fence the defender has placed (SEC-14): a scenery piece of the battlespace (an obstacle)
/// and what it is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FencePlan {
    /// The fence's battlespace piece id.
    pub piece: u32,
    /// Chain-link or razor wire.
    pub kind: FenceKind,
}

/// The most sentries a defender ever places (SEC-9).
pub const MAX_SENTRIES: u8 = 3;

/// A sentry's arc, in degrees (SEC-10).
pub const SENTRY_ARC_DEG: f32 = 90.0;

/// The security the defender has placed before deployment (SEC-2). Which openings are
/// locked is hidden from rivals while the game is played (SEC-7, MOD-3); the sentries are
/// seen by all. A replay is a full-information file (MOPEN-8).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SecurityPlan {
    /// Locks on doors and windows.
    pub locks: Vec<LockPlan>,
    /// Sentries.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sentries: Vec<SentryPlan>,
    /// Fences.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fences: Vec<FencePlan>,
}

/// A scenario's security (SEC-1): the defender seat, its budget as a share of the EB
/// limit, the most sentries it may place, and what it has placed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecurityRules {
    /// The seat holding the secured site.
    pub defender: Seat,
    /// The budget, in percent of the EB limit, rounded down (25 in the rules).
    #[serde(default = "default_budget_pct")]
    pub budget_pct: u8,
    /// The most sentries the defender may place (3 in the rules).
    #[serde(default = "default_max_sentries")]
    pub max_sentries: u8,
    /// The security placed.
    #[serde(default)]
    pub plan: SecurityPlan,
    /// The EB the defender may spend on security in the security step before deployment
    /// (SEC-1): [`SecurityRules::budget_for`], filled in by whoever builds the setup from
    /// the teams. With 0 there is no step: nothing can be bought.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub budget_eb: u16,
}

fn is_zero(v: &u16) -> bool {
    *v == 0
}

fn default_budget_pct() -> u8 {
    25
}

fn default_max_sentries() -> u8 {
    3
}

impl SecurityRules {
    /// A defender with the rules' budget and sentry limit and nothing placed yet.
    pub fn new(defender: Seat) -> SecurityRules {
        SecurityRules {
            defender,
            budget_pct: default_budget_pct(),
            max_sentries: default_max_sentries(),
            plan: SecurityPlan::default(),
            budget_eb: 0,
        }
    }

    /// SEC-1: what the defender may spend on security: `budget_pct` percent of the EB limit,
    /// rounded down, and never more than its team left unspent of that limit (security is
    /// paid out of the EB limit like cards, TEAM-5).
    pub fn budget_for(&self, eb_limit: u32, unspent: u32) -> u16 {
        let share = eb_limit * u32::from(self.budget_pct) / 100;
        u16::try_from(share.min(unspent)).unwrap_or(u16::MAX)
    }
}

/// The length of a fence section, in inches (SEC-2, SEC-14).
pub const FENCE_SECTION: f32 = 4.0;

/// The narrowest gap that is a gate in a fence, in inches (SEC-2).
pub const GATE_WIDTH: f32 = 1.5;

/// One piece of security the defender buys and places in the security step (SEC-2), the
/// payload of [`crate::Command::PlaceSecurity`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum SecurityPlacement {
    /// A lock of this grade on one door or window (SEC-5).
    Lock {
        /// The wall: its battlespace piece id.
        piece: u32,
        /// Which of the wall's openings.
        opening: u8,
        /// The lock's grade.
        grade: LockGrade,
    },
    /// A sentry (SEC-9, SEC-10), its base centred at `at`, facing a compass bearing.
    Sentry {
        /// Centre of the base's bottom face, in inches.
        at: [f32; 3],
        /// The bearing its arc is centred on, in degrees (0° North, toward −z).
        facing_deg: f32,
        /// Rapid 2 on its attack (4 EB more).
        rapid: bool,
        /// Optics, +1 Ranged (2 EB more).
        optics: bool,
    },
    /// One 4" fence section from `from` to `to`, (x, z) on the table (SEC-14).
    Fence {
        /// Chain-link or razor wire.
        kind: FenceKind,
        /// One end, (x, z).
        from: [f32; 2],
        /// The other end, (x, z).
        to: [f32; 2],
    },
}

impl SecurityPlacement {
    /// What it costs the defender, in EB (SEC-5, SEC-9, SEC-14).
    pub fn cost(&self) -> u16 {
        match *self {
            SecurityPlacement::Lock { grade, .. } => grade.cost(),
            SecurityPlacement::Sentry { rapid, optics, .. } => sentry_cost(rapid, optics),
            SecurityPlacement::Fence { kind, .. } => fence_section_cost(kind),
        }
    }
}

/// A sentry's profile (SEC-9): a drone on a 32 mm base that rolls YELLOW with Ranged 1 and
/// has one ranged attack at RED, YELLOW and GREEN for 1 wound; `rapid` gives the attack
/// Rapid 2, `optics` adds 1 to Ranged.
pub fn sentry_profile(rapid: bool, optics: bool) -> ModelProfile {
    let gun = ActionDef {
        keywords: if rapid {
            vec![Keyword::Rapid(2)]
        } else {
            Vec::new()
        },
        ..ActionDef::attack(
            "sentry_gun",
            "Sentry Gun",
            Skill::Ranged,
            RangeSpec {
                red: true,
                yellow: true,
                green: true,
                long: false,
                reach_only: false,
            },
        )
    };
    ModelProfile {
        card_id: "sentry".into(),
        name: "Sentry".into(),
        keywords: vec![ModelKeyword::Drone],
        tokens: Vec::new(),
        gonk_colour: Some(Colour::Yellow),
        skills: Skills {
            ranged: 1 + i8::from(optics),
            ..Skills::default()
        },
        card_armor: 0,
        actions: vec![gun],
        defenses: Vec::new(),
        cards: Vec::new(),
        programs: Vec::new(),
        luck: 0,
        stars: 0,
        base_mm: 32.0,
        construct: None,
    }
}

/// The compass bearing from `from` to `to`, in degrees from 0 to 360 (0° North, toward −z;
/// 90° East, toward +x), as a sentry's facing is given (SEC-10).
pub fn bearing(from: [f32; 3], to: [f32; 3]) -> f32 {
    let (dx, dz) = (to[0] - from[0], to[2] - from[2]);
    dx.atan2(-dz).to_degrees().rem_euclid(360.0)
}

/// What a sentry costs the defender, in EB (SEC-9): 6, Rapid 2 4 more, optics 2 more.
pub fn sentry_cost(rapid: bool, optics: bool) -> u16 {
    6 + 4 * u16::from(rapid) + 2 * u16::from(optics)
}
