//! Team-building violations, one variant per rule, with fields that say what broke.
//! `member` fields are indexes into [`super::TeamSpec::members`].

/// A way a team breaks the building rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    /// The faction doesn't exist (TEAM-1).
    #[error("unknown faction '{faction}'")]
    UnknownFaction {
        /// The id given.
        faction: String,
    },
    /// No character or Gonk card has this id.
    #[error("member {member}: no character or Gonk card '{card}'")]
    UnknownCard {
        /// Member index.
        member: usize,
        /// The id given.
        card: String,
    },
    /// No Gear card has this id.
    #[error("member {member}: no Gear card '{gear}'")]
    UnknownGear {
        /// Member index.
        member: usize,
        /// The id given.
        gear: String,
    },
    /// No program has this id.
    #[error("member {member}: no program '{program}'")]
    UnknownProgram {
        /// Member index.
        member: usize,
        /// The id given.
        program: String,
    },
    /// A model has neither the team's faction keyword nor Merc (TEAM-2).
    #[error("member {member}: '{card}' is neither of faction '{faction}' nor a Merc (TEAM-2)")]
    WrongFaction {
        /// Member index.
        member: usize,
        /// Its card.
        card: String,
        /// The team's faction.
        faction: String,
    },
    /// Gear or a program from another faction's deck (TEAM-1).
    #[error("member {member}: '{card}' belongs to the '{deck}' deck, not '{faction}' (TEAM-1)")]
    OtherFactionsDeck {
        /// Member index.
        member: usize,
        /// The Gear or program id.
        card: String,
        /// The deck it belongs to.
        deck: String,
        /// The team's faction.
        faction: String,
    },
    /// Gonks of two of the faction's Gonk types: where a faction offers several Gonk cards
    /// the team picks one (GEN-10, docs/decisions/gonk-types.md). Merc Gonks don't count.
    #[error(
        "the team fields both '{first}' and '{second}': a team picks one of its faction's Gonk types (GEN-10)"
    )]
    MixedGonkTypes {
        /// The Gonk card fielded first.
        first: String,
        /// Another faction Gonk card fielded with it.
        second: String,
    },
    /// The team has no Leader (TEAM-3).
    #[error("the team has no Leader (TEAM-3)")]
    NoLeader,
    /// The team has more than one Leader (TEAM-3).
    #[error("the team has {} Leaders: {} (TEAM-3)", .leaders.len(), .leaders.join(", "))]
    TooManyLeaders {
        /// Card ids of the Leaders.
        leaders: Vec<String>,
    },
    /// A Leader or Specialist is taken twice, in any versions (TEAM-4).
    #[error("'{character}' is unique but taken {copies} times (TEAM-4)")]
    NotUnique {
        /// Basic card id of the character.
        character: String,
        /// How many times.
        copies: usize,
    },
    /// The team costs more than allowed (TEAM-5, TEAM-18).
    #[error("the team costs {cost} EB; the limit is {limit} EB (TEAM-5)")]
    OverBudget {
        /// Total cost.
        cost: u32,
        /// Limit including bonus EB.
        limit: u32,
    },
    /// More Gonks than the characters' total Influence (TEAM-6).
    #[error("{gonks} Gonks but the characters' total Influence is {influence} (TEAM-6)")]
    TooManyGonks {
        /// Gonks in the team.
        gonks: usize,
        /// Total Influence of the characters.
        influence: i32,
    },
    /// More copies of a named Gear or program than its Rarity (TEAM-7, NET-3).
    #[error("{copies} copies of '{name}' but its Rarity is {rarity} (TEAM-7)")]
    RarityExceeded {
        /// The card name.
        name: String,
        /// Its Rarity.
        rarity: u8,
        /// Copies in the team.
        copies: usize,
    },
    /// Gear bought for a Gonk: Gear is equipped to characters (TEAM-8).
    #[error("member {member}: Gonk '{card}' can't equip Gear (TEAM-8)")]
    GearOnGonk {
        /// Member index.
        member: usize,
        /// The Gonk card.
        card: String,
    },
    /// More than one Bulky card on a character (TEAM-9).
    #[error("member {member}: more than one Bulky Gear: {} (TEAM-9)", .gear.join(", "))]
    TooManyBulky {
        /// Member index.
        member: usize,
        /// The Bulky Gear ids.
        gear: Vec<String>,
    },
    /// Two Gear cards of the same name on one character (TEAM-9, GEN-13).
    #[error("member {member}: two Gear cards named '{name}' (TEAM-9)")]
    DuplicateGearName {
        /// Member index.
        member: usize,
        /// The name.
        name: String,
    },
    /// Cybergear that names another model (TEAM-10, CAMP-16).
    #[error("member {member}: '{gear}' may only be equipped by '{allowed}' (TEAM-10)")]
    CybergearForOtherModel {
        /// Member index.
        member: usize,
        /// The Gear id.
        gear: String,
        /// The basic card id allowed.
        allowed: String,
    },
    /// A reward-only card the team hasn't earned (CAMP-16).
    #[error("member {member}: '{gear}' is an Objective reward the team hasn't earned")]
    NotEarned {
        /// Member index.
        member: usize,
        /// The Gear id.
        gear: String,
    },
    /// Veterans can't be hired in a campaign's first game (TEAM-12, TEAM-14).
    #[error(
        "member {member}: Veteran '{card}' can't be hired in a campaign's first game (TEAM-12)"
    )]
    VeteranInFirstGame {
        /// Member index.
        member: usize,
        /// The card.
        card: String,
    },
    /// Too many Mercs (TEAM-13, TEAM-14).
    #[error("{count} Mercs; at most {max} (TEAM-13)")]
    TooManyMercs {
        /// Mercs in the team.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// Gear or a program above the team's Street Cred (TEAM-15).
    #[error(
        "member {member}: '{card}' needs Street Cred {required}, the team has {street_cred} (TEAM-15)"
    )]
    StreetCredTooLow {
        /// Member index.
        member: usize,
        /// The Gear or program id.
        card: String,
        /// Its requirement.
        required: u8,
        /// The team's Street Cred.
        street_cred: u32,
    },
    /// Programs on a model without the Netrunner keyword (NET-1).
    #[error("member {member}: '{card}' is not a Netrunner and can't install programs (NET-1)")]
    NotANetrunner {
        /// Member index.
        member: usize,
        /// The card.
        card: String,
    },
    /// More programs than the Netrunner's Tech (NET-2).
    #[error("member {member}: {installed} programs installed but Tech is {tech} (NET-2)")]
    TooManyPrograms {
        /// Member index.
        member: usize,
        /// Programs installed.
        installed: usize,
        /// The Netrunner's Tech.
        tech: i8,
    },
    /// The same program installed twice on one Netrunner (NET-3).
    #[error("member {member}: program '{program}' installed twice (NET-3)")]
    DuplicateProgram {
        /// Member index.
        member: usize,
        /// The program id.
        program: String,
    },
    /// More models than any team may field (docs/limits.md); nothing else was checked.
    #[error("the team has {count} models; a team fields at most {max} (docs/limits.md)")]
    TooManyModels {
        /// Models listed.
        count: usize,
        /// [`crate::limits::MAX_TEAM_MODELS`].
        max: usize,
    },
    /// More Gear and programs on one model than any model may carry (docs/limits.md).
    #[error(
        "member {member}: {count} Gear cards and programs; a model carries at most {max} \
         (docs/limits.md)"
    )]
    TooManyCards {
        /// Member index.
        member: usize,
        /// Gear and programs listed.
        count: usize,
        /// [`crate::limits::MAX_CARDS_PER_MODEL`].
        max: usize,
    },
    /// The EB limit (with bonus EB) is beyond what any game uses (docs/limits.md).
    #[error("an EB limit of {limit} EB; limits are at most {max} EB (docs/limits.md)")]
    LimitTooLarge {
        /// The agreed limit plus bonus EB.
        limit: u64,
        /// [`crate::limits::MAX_EB_LIMIT`].
        max: u32,
    },
    /// The cards' EB costs add up past what a number can hold: a pack's costs are beyond
    /// its limits (a card costs at most [`crate::limits::MAX_CARD_COST`] EB).
    #[error(
        "the team's EB costs add up past {} EB; no card may cost that much (docs/limits.md)",
        u32::MAX
    )]
    CostTooLarge,
    /// With BOT on, more constructs than other characters with Tech 1 or more (BOT-13).
    #[error(
        "{constructs} construct(s) but {technicians} other character(s) with Tech 1 or more; \
         each construct needs one (BOT-13)"
    )]
    TooManyConstructs {
        /// Constructs in the team.
        constructs: usize,
        /// Characters in the team that are no construct and have Tech 1 or more.
        technicians: usize,
    },
}

impl TeamError {
    /// Errors that only say the team is unfinished; adding cards can still fix them.
    pub fn is_incomplete(&self) -> bool {
        matches!(self, TeamError::NoLeader)
    }
}
