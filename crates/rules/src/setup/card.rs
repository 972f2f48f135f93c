//! Definition types the engine interprets: token colours, Skills, ranges, action keywords,
//! the closed effect language and the compiled profile of a model in play.
//!
//! These are plain data (serde) so content packs (`redline-content`) can write them in RON.
//! Cards in a pack compile down to a [`ModelProfile`] plus [`ActionDef`]s; the engine never
//! runs code from a pack, only these definitions (GEN-2, GEN-9, KW-2).
//!
//! Ownership: shared by the rules engine and the content crate. Change it additively
//! (new variants / fields with `#[serde(default)]`) so packs written earlier keep loading.

use serde::{Deserialize, Serialize};

/// The colour of an action token, of an action die, or of a program's quality (DICE-1, DICE-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// GREEN: d12, the best quality; a 12" move.
    Green,
    /// YELLOW: d8; a 7" move.
    Yellow,
    /// RED: d6, the worst quality; a 3" move.
    Red,
}

impl Colour {
    /// All colours, best first.
    pub const ALL: [Colour; 3] = [Colour::Green, Colour::Yellow, Colour::Red];

    /// Number of faces of the action die of this colour (DICE-1).
    pub fn die_faces(self) -> u8 {
        match self {
            Colour::Green => 12,
            Colour::Yellow => 8,
            Colour::Red => 6,
        }
    }

    /// Length in inches of a move with a token of this colour (MOVE-1), and the outer edge of
    /// the Limiter band of the same colour (GEN-6).
    pub fn move_inches(self) -> f32 {
        match self {
            Colour::Green => 12.0,
            Colour::Yellow => 7.0,
            Colour::Red => 3.0,
        }
    }

    /// Rank for "best colour" comparisons: GREEN 2, YELLOW 1, RED 0 (DICE-2).
    pub fn quality(self) -> u8 {
        match self {
            Colour::Green => 2,
            Colour::Yellow => 1,
            Colour::Red => 0,
        }
    }

    /// The name a player reads, in caps as on the Limiter.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Green => "GREEN",
            Colour::Yellow => "YELLOW",
            Colour::Red => "RED",
        }
    }
}

/// The six Skills (GEN-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Skill {
    /// Moving, climbing, jumping, thrown items; opposes Ranged and Reflexes (GEN-12).
    Reflexes,
    /// Ranged attacks.
    Ranged,
    /// Close combat; opposes Melee.
    Melee,
    /// Healing, drugs, poisons; opposes Medical.
    Medical,
    /// Machinery, netrunning, hacking; opposes Tech.
    Tech,
    /// Commanding, intimidating; opposes Influence.
    Influence,
}

impl Skill {
    /// All Skills in card order.
    pub const ALL: [Skill; 6] = [
        Skill::Reflexes,
        Skill::Ranged,
        Skill::Melee,
        Skill::Medical,
        Skill::Tech,
        Skill::Influence,
    ];

    /// The Skill a target adds when it opposes an action that uses `self` (GEN-12, ACT-15).
    pub fn opposed_by(self) -> Skill {
        match self {
            Skill::Ranged | Skill::Reflexes => Skill::Reflexes,
            other => other,
        }
    }

    /// Index into [`Skills`] arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A model's Skill values; a Skill missing from a card is 0 (TOK-9).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Skills {
    /// Reflexes value.
    pub reflexes: i8,
    /// Ranged value.
    pub ranged: i8,
    /// Melee value.
    pub melee: i8,
    /// Medical value.
    pub medical: i8,
    /// Tech value.
    pub tech: i8,
    /// Influence value.
    pub influence: i8,
}

impl Skills {
    /// The value of one Skill.
    pub fn get(&self, skill: Skill) -> i8 {
        match skill {
            Skill::Reflexes => self.reflexes,
            Skill::Ranged => self.ranged,
            Skill::Melee => self.melee,
            Skill::Medical => self.medical,
            Skill::Tech => self.tech,
            Skill::Influence => self.influence,
        }
    }
}

/// A Limiter band a range icon can colour in (ACT-3, ACT-4; OPEN-2 for the edges).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Band {
    /// ≤ 3".
    Red,
    /// > 3" and ≤ 7".
    Yellow,
    /// > 7" and ≤ 12".
    Green,
    /// > 12": the black "+" long-range area.
    Long,
}

impl Band {
    /// The band a distance in inches falls in; each band includes its outer edge (OPEN-2).
    pub fn of_distance(inches: f32) -> Band {
        if inches <= 3.0 {
            Band::Red
        } else if inches <= 7.0 {
            Band::Yellow
        } else if inches <= 12.0 {
            Band::Green
        } else {
            Band::Long
        }
    }
}

/// The range icon of an action: which bands it colours in (ACT-3..ACT-6).
///
/// `reach_only` marks actions that work only within reach (1"), such as Triage (BASIC-7).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RangeSpec {
    /// Colours in RED (≤ 3").
    pub red: bool,
    /// Colours in YELLOW (≤ 7").
    pub yellow: bool,
    /// Colours in GREEN (≤ 12").
    pub green: bool,
    /// Has the long-range "+" area (> 12", no limit).
    pub long: bool,
    /// Only targets within reach (≤ 1").
    pub reach_only: bool,
}

impl RangeSpec {
    /// Within reach only (Triage, looting).
    pub const REACH: RangeSpec = RangeSpec {
        red: true,
        yellow: false,
        green: false,
        long: false,
        reach_only: true,
    };
    /// RED only (Basic Melee, Basic Command, Firewall Defender).
    pub const RED: RangeSpec = RangeSpec {
        red: true,
        yellow: false,
        green: false,
        long: false,
        reach_only: false,
    };
    /// YELLOW and GREEN without RED (Basic Ranged Attack, BASIC-4).
    pub const YELLOW_GREEN: RangeSpec = RangeSpec {
        red: false,
        yellow: true,
        green: true,
        long: false,
        reach_only: false,
    };

    /// Whether a target at `inches` (closest points of bases) is in range.
    pub fn allows(&self, inches: f32) -> bool {
        if self.reach_only {
            return inches <= 1.0;
        }
        match Band::of_distance(inches) {
            Band::Red => self.red,
            Band::Yellow => self.yellow,
            Band::Green => self.green,
            Band::Long => self.long,
        }
    }

    /// The farthest distance this range reaches (`f32::INFINITY` with long range).
    pub fn max_inches(&self) -> f32 {
        if self.reach_only {
            1.0
        } else if self.long {
            f32::INFINITY
        } else if self.green {
            12.0
        } else if self.yellow {
            7.0
        } else if self.red {
            3.0
        } else {
            0.0
        }
    }
}

/// Whom an action may affect (ACT-7, ACT-16, POA-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TargetKind {
    /// No target: the actor itself acts (Basic Move, climbing).
    SelfOnly,
    /// One rival model (attacks, BASIC-3).
    Rival,
    /// One friendly model other than the actor.
    OtherFriendly,
    /// One friendly model, the actor included.
    Friendly,
    /// One friendly character that is Red-lined, not the actor (Triage, BASIC-7).
    OtherRedLinedFriendly,
    /// A Body token within reach (loot actions, BASIC-12).
    BodyToken,
    /// A scenery object: a draggable one within reach (MOVE-14), an objective marker, or
    /// the part a Breach action aims at (MOD-7, TERR-1).
    Object,
    /// A point on the table (Blast aimed at a spot).
    Point,
    /// Any other model within range, friendly or rival (dragging a model, BRAWL-11).
    OtherModel,
}

/// An action keyword with its [X] value (KW-2). The vocabulary is the rulebook's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Keyword {
    /// The actor may re-roll its die once (KW-3).
    Accurate,
    /// Area effect around an Impact token (KW-4..KW-12).
    Blast,
    /// Not while an enemy is within RED (KW-13, TOK-13).
    Complex,
    /// A Fumble wounds the actor (KW-15).
    Dangerous,
    /// One extra wound on a hit (KW-16).
    Deadly,
    /// Deadly, only on a Crit (KW-14).
    DeadlyCrits,
    /// +X whenever the model opposes with the Skill (KW-17).
    Defense(Skill, u8),
    /// Discard the card after resolving (KW-18).
    Discard,
    /// Once until the next Inspire (TOK-7).
    Difficult,
    /// No roll (TOK-8).
    Easy,
    /// No token is spent (TOK-10).
    Free,
    /// Remove up to X wounds (KW-19).
    Heal(u8),
    /// Obstacles add nothing (KW-20).
    Indirect,
    /// Lower Armor by X (KW-21).
    Pierce(u8),
    /// Move the target RED straight away (KW-22).
    Push,
    /// Flip X tokens to Ready (KW-23).
    Refresh(u8),
    /// Repeat X times (KW-24..KW-27).
    Rapid(u8),
    /// Only unobscured attack [RE]actions against it (KW-28).
    Silent,
    /// Flip X of the target's tokens to Used (KW-29).
    Stun(u8),
    /// Only move [RE]actions against it (KW-31).
    Suppression,
    /// Every model in the path (KW-32).
    Torrent,
    /// The Skill is not added (KW-33).
    Unwieldy,
    /// Using the action exhausts the card it is printed on, whether it succeeds or not
    /// (TOK-5); the card refreshes at the next Inspire.
    Exhaust,
    /// May target a scenery part and puts X damage markers on it, X+1 on a Crit (TERR-1,
    /// TERR-2). Ignored while the damaging-scenery module is off (MOD-2).
    Breach(u8),
    /// Starts fires of colour C once the action has resolved, whatever its result (FIRE-1,
    /// FIRE-3); only on a Blast or Torrent action. Ignored while the fire module is off
    /// (MOD-2).
    Ignite(Colour),
}

/// The closed effect language: what an action does on success beyond its keywords.
///
/// Packs combine these; there is no scripting. New variants are added here with a rule ID.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// Deal N wounds to the target (an attack's result, BASIC-3).
    Wound(u8),
    /// The actor moves up to the band of the spent token's colour (BASIC-2, MOVE-1), or a
    /// stated colour for free moves (MOVE-28).
    Move {
        /// Fixed distance colour; `None` = the token's colour.
        colour: Option<Colour>,
    },
    /// Activate the target model (Command, CMD-1..CMD-8).
    Activate,
    /// Remove one Hacked token from the target (Firewall Defender, BASIC-8).
    RemoveHacked(u8),
    /// Put a Hacked token on the target (NET-14).
    Hack,
    /// Mark the target Vulnerable (NET-11).
    MakeVulnerable,
    /// Take one Gear or Loot card from the Body token's model (BASIC-13).
    LootGear,
    /// Draw a random Loot card (BASIC-14).
    LootGoods,
    /// Drag an object or model within reach up to RED (MOVE-14..MOVE-16, BRAWL-11..BRAWL-13).
    Drag,
    /// The actor's team gains N Luck tokens.
    GainLuck(u8),
    /// Deploy a drone (DRONE-2, DRONE-8) of the given profile id within the given band.
    DeployDrone {
        /// Id of the drone's profile in the pack.
        drone: String,
        /// How far from the actor it may be placed.
        within: Band,
    },
    /// The action only affects Hacked models: it may only target a model with a Hacked
    /// token, and a model without one that ends up in its way is not affected (NET-15).
    OnlyHacked,
    /// An attack deals N more wounds for each Hacked token on the model it hits (NET-15).
    WoundPerHacked(u8),
    /// A drone gathers scrap from the Body token it targets: the token is removed and the
    /// drone's team gains N Luck tokens. Not looting (BASIC-12 keeps that for characters):
    /// what the drone does is its program's to say (DRONE-2).
    Scavenge(u8),
    /// The acting drone self-destructs once the action has resolved, hit or miss: it is
    /// taken out and leaves no Body token (DRONE-2, DRONE-7).
    SelfDestruct,
    /// First Aid on a Downed friendly model (AID-6..AID-8): the engine's own action while
    /// the AID module is on.
    FirstAid,
}

/// One action: its Skill, range and result (ACT-1). `skill: None` makes it Easy (ACT-2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDef {
    /// Stable id, unique within the card (for commands and logs).
    pub id: String,
    /// Name shown to the player.
    pub name: String,
    /// The Skill rolled; `None` for Easy actions (TOK-8).
    #[serde(default)]
    pub skill: Option<Skill>,
    /// The range icon; `None` for actions without one (ACT-7).
    #[serde(default)]
    pub range: Option<RangeSpec>,
    /// Whom it may target.
    pub target: TargetKind,
    /// Marked with the attack symbol (BASIC-3).
    #[serde(default)]
    pub attack: bool,
    /// Keywords with their [X] values.
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    /// What happens on success, in order.
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// A Command action (CMD-1); derived from [`Effect::Activate`] but stated for clarity.
    #[serde(default)]
    pub command: bool,
    /// Can't be used by Gonks (BASIC-1 "characters only").
    #[serde(default)]
    pub characters_only: bool,
    /// The card says the action works on drones (DRONE-4): a non-attack action without it
    /// can't target a drone, catch one in its area or name one among its models. Written
    /// out only when set, so setups (and their hashes) without it read as before.
    #[serde(default, skip_serializing_if = "is_false")]
    pub works_on_drones: bool,
}

/// Whether a flag is off (for `skip_serializing_if`).
fn is_false(flag: &bool) -> bool {
    !*flag
}

impl ActionDef {
    /// A plain action `id` named `name`: `skill` (none for an Easy action) over `range` at
    /// `target`, no attack, no keywords or effects: the shape the built-in and the modules'
    /// engine actions start from. Add keywords and effects by struct update.
    pub fn plain(
        id: &str,
        name: &str,
        skill: Option<Skill>,
        range: Option<RangeSpec>,
        target: TargetKind,
    ) -> Self {
        ActionDef {
            id: id.into(),
            name: name.into(),
            skill,
            range,
            target,
            attack: false,
            keywords: Vec::new(),
            effects: Vec::new(),
            command: false,
            characters_only: false,
            works_on_drones: false,
        }
    }

    /// A plain attack (BASIC-3) `id` named `name`, rolling `skill` over `range` at a rival
    /// for one wound, with no keywords: the shape most weapon actions start from. Add
    /// keywords, effects and the like by struct update.
    pub fn attack(id: &str, name: &str, skill: Skill, range: RangeSpec) -> Self {
        ActionDef {
            id: id.into(),
            name: name.into(),
            skill: Some(skill),
            range: Some(range),
            target: TargetKind::Rival,
            attack: true,
            keywords: Vec::new(),
            effects: vec![Effect::Wound(1)],
            command: false,
            characters_only: false,
            works_on_drones: false,
        }
    }

    /// Whether the action carries a keyword (ignoring its [X]).
    pub fn has(&self, keyword: fn(&Keyword) -> bool) -> bool {
        self.keywords.iter().any(keyword)
    }

    /// Easy: no Skill icon, or the Easy keyword (ACT-2, TOK-8).
    pub fn is_easy(&self) -> bool {
        self.skill.is_none() || self.keywords.contains(&Keyword::Easy)
    }
}

/// Keywords on a model's card (GEN-15, KW-34).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModelKeyword {
    /// Exactly one per team (TEAM-3).
    Leader,
    /// Unique in a team (TEAM-4).
    Specialist,
    /// Hireable by any faction (TEAM-13).
    Merc,
    /// Can install and run programs (NET-1).
    Netrunner,
    /// Shares one card, one action per activation, out on any wound (GEN-10).
    Gonk,
    /// A drone deployed by a program (DRONE-1).
    Drone,
    /// A faction keyword (TEAM-2), by faction id.
    Faction(String),
    /// Has Cybergear equipped: a Cyber-Character (TEAM-10). Added by the content crate
    /// when it compiles a team; pack files never write it.
    CyberCharacter,
    /// Flies: its moves need no roll to cross obstacles (a drone card's `flies`).
    Flying,
}

/// Everything the engine needs to know about a model in play, compiled from its card(s)
/// and equipped Gear by the content crate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelProfile {
    /// Card id (for logs and saves).
    pub card_id: String,
    /// Name shown to players.
    pub name: String,
    /// Card keywords.
    pub keywords: Vec<ModelKeyword>,
    /// Starting tokens (characters, TOK-2); empty for Gonks and drones.
    pub tokens: Vec<Colour>,
    /// The card colour of a Gonk (CTRL-9, ACT-14) or drone.
    #[serde(default)]
    pub gonk_colour: Option<Colour>,
    /// Skill values.
    pub skills: Skills,
    /// Card Armor (ARM-6), never lost.
    #[serde(default)]
    pub card_armor: u8,
    /// Actions printed on the model's own card (GEN-9, TOK-12); basic actions are added by
    /// the engine (BASIC-1) and Gear and Loot actions come with their [`Self::cards`].
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// Passive Defense bonuses printed on the model's own card (KW-17).
    #[serde(default)]
    pub defenses: Vec<(Skill, u8)>,
    /// Gear cards it carries into the game, printed ones included (GEN-13, TEAM-8,
    /// BASIC-13): each keeps its own state in play (ready, exhausted, discarded, looted).
    #[serde(default)]
    pub cards: Vec<crate::setup::cards::CardDef>,
    /// Programs installed on a Netrunner (NET-2), in install order.
    #[serde(default)]
    pub programs: Vec<crate::setup::program::ProgramDef>,
    /// Luck tokens the model's card adds to its team's pool at the start (LUCK-1).
    #[serde(default)]
    pub luck: u8,
    /// Street Cred stars (TEAM-15, TEAM-19).
    #[serde(default)]
    pub stars: u8,
    /// Base diameter in millimetres (GEN-3); 27 by default.
    #[serde(default = "default_base_mm")]
    pub base_mm: f32,
    /// A construct's systems and card data (BOT); `None` for every other model, and left
    /// out of the serialised setup then, so earlier setups hash unchanged (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub construct: Option<crate::setup::construct::ConstructProfile>,
}

fn default_base_mm() -> f32 {
    27.0
}

impl ModelProfile {
    /// Whether the card carries a keyword.
    pub fn has_keyword(&self, keyword: &ModelKeyword) -> bool {
        self.keywords.contains(keyword)
    }

    /// A Gonk (GEN-10).
    pub fn is_gonk(&self) -> bool {
        self.has_keyword(&ModelKeyword::Gonk)
    }

    /// A drone (DRONE-1).
    pub fn is_drone(&self) -> bool {
        self.has_keyword(&ModelKeyword::Drone)
    }

    /// A character: neither Gonk nor drone (GEN-5).
    pub fn is_character(&self) -> bool {
        !self.is_gonk() && !self.is_drone()
    }
}
