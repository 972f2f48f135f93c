//! Character cards (basic and Veteran, GEN-8, GEN-14), Gonk cards (GEN-10) and the passive
//! abilities a card or Gear can grant (GEN-9).

use redline_rules::card::{ActionDef, Colour, Skill, Skills};
use redline_rules::construct::System;
use serde::{Deserialize, Serialize};

/// A keyword printed on a character card (GEN-15, KW-34). The faction keyword is the
/// card's `faction` field, and Gonk cards are their own kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CardKeyword {
    /// Exactly one per team (TEAM-3).
    Leader,
    /// Unique in a team (TEAM-4).
    Specialist,
    /// Hireable by any faction, at most two in a one-off game (TEAM-13).
    Merc,
    /// Installs and runs programs (NET-1).
    Netrunner,
    /// A construct: each token is bound to a system (BOT-1); read only with BOT on.
    Construct,
    /// A Heavy construct: no climbs or jumps, no tall obstacles, no drag or Push (BOT-8).
    Heavy,
}

/// A passive ability: costs no token and needs no roll (GEN-9). Closed, like the effect
/// language: the engine reads these through the compiled profile, never runs pack code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Passive {
    /// +X whenever the model opposes with the Skill (KW-17).
    Defense(Skill, u8),
    /// The Skill's value changes by X (Gear such as scopes or stims).
    SkillBonus(Skill, i8),
    /// The team starts with X more Luck tokens (LUCK-1).
    ExtraLuck(u8),
    /// The model is not deployed at setup but kept in Reserve (FIELD-8, FIELD-9).
    Reserve,
    /// A medical kit: +X to the holder's First Aid, 1 or 2; a kit of 2 needs Medical 1 or
    /// more to help (AID-6). Read only while the AID module is on (MOD-2).
    FirstAid(u8),
    /// A construct may take Start Repair (BOT-9); read only with BOT on.
    SelfRepair,
    /// A tool kit: it counts as a Tool Kit for the holder's Tech tests (SEC-4) and adds X,
    /// 1 or 2, to its Field Patch (BOT-6). Read only while SEC or BOT is on (MOD-2).
    ToolKit(u8),
    /// A Precision Kit: a Tool Kit that adds 1 to the holder's Tech tests (SEC-4).
    PrecisionKit,
    /// Wire Cutters: the holder may Cut a fence section within reach (SEC-16). Read only
    /// while SEC is on (MOD-2).
    WireCutters,
}

/// A character card as written in a pack.
///
/// A Veteran card names its basic card in `veteran_of`; every field it leaves out is taken
/// from that basic card, so a Veteran usually restates only stars, cost, tokens and the
/// Skills or actions that improved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterCard {
    /// Unique id.
    pub id: String,
    /// For a Veteran: the id of its basic card.
    #[serde(default)]
    pub veteran_of: Option<String>,
    /// Name shown to players.
    #[serde(default)]
    pub name: Option<String>,
    /// Faction id; `None` for a Merc without a faction.
    #[serde(default)]
    pub faction: Option<String>,
    /// Card keywords.
    #[serde(default)]
    pub keywords: Option<Vec<CardKeyword>>,
    /// Street Cred stars, 0..=5 (GEN-8, TEAM-19).
    #[serde(default)]
    pub stars: u8,
    /// EB cost before any Veteran surcharge (TEAM-5, TEAM-11).
    pub cost: i32,
    /// Starting action tokens (TOK-2).
    #[serde(default)]
    pub tokens: Option<Vec<Colour>>,
    /// Skill values; missing Skills are 0 (TOK-9).
    #[serde(default)]
    pub skills: Option<Skills>,
    /// Card Armor (ARM-6).
    #[serde(default)]
    pub armor: Option<u8>,
    /// Special rules that are actions (GEN-9).
    #[serde(default)]
    pub actions: Option<Vec<ActionDef>>,
    /// Special rules that are passive abilities (GEN-9).
    #[serde(default)]
    pub passives: Option<Vec<Passive>>,
    /// Gear printed on the card: Gear ids, paid for by the card's cost (GEN-8, BASIC-13).
    #[serde(default)]
    pub printed_gear: Option<Vec<String>>,
    /// Base diameter in millimetres (GEN-3); 27 when left out.
    #[serde(default)]
    pub base_mm: Option<f32>,
    /// A construct's systems, one per token in token order (BOT-1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub systems: Option<Vec<System>>,
    /// Card height in inches; required with Heavy (BOT-8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<f32>,
    /// A construct's Mass against a Topple, 0 to 2 (BOT-11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mass: Option<u8>,
    /// Flavour text, our own words.
    #[serde(default)]
    pub text: Option<String>,
    /// The crew style the model is drawn in ([`crate::visuals::CREW_VISUALS`]); left out,
    /// its faction's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visual: Option<String>,
}

/// A Gonk card: shared by every Gonk of its type (GEN-10). Its cost is per Gonk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GonkCard {
    /// Unique id.
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// Faction id; `None` for a Merc Gonk.
    #[serde(default)]
    pub faction: Option<String>,
    /// Hireable by any faction (TEAM-13).
    #[serde(default)]
    pub merc: bool,
    /// EB cost per Gonk (GEN-10).
    pub cost: i32,
    /// The card colour every action of this Gonk uses (CTRL-9, ACT-14).
    pub colour: Colour,
    /// Skill values.
    #[serde(default)]
    pub skills: Skills,
    /// Card Armor (ARM-6).
    #[serde(default)]
    pub armor: u8,
    /// Card actions besides the basic ones (OPEN-14).
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// Passive abilities.
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Flavour text.
    #[serde(default)]
    pub text: String,
}
