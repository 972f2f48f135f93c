//! Gear and Loot cards in play (GEN-13, TOK-5, TOK-12, BASIC-13..BASIC-16): what a card
//! is, the abilities it grants, and the state a card is in during a game.
//!
//! A model's Gear comes with its profile ([`crate::setup::card::ModelProfile::cards`]), the Loot
//! deck with the setup ([`crate::Setup::loot_deck`]). The engine numbers every card of the
//! game once ([`CardId`]) and keeps each card's state: who holds it, whether it is Ready,
//! exhausted or discarded. Looting moves a card to the looter with its state.

use serde::{Deserialize, Serialize};

use crate::setup::card::{ActionDef, Skill};

/// The action index of the first action printed on a card (see [`crate::Game::action`]):
/// a card's actions have fixed indices from here on, numbered across every card in the
/// game, so an index keeps naming the same action when the card changes hands.
pub const FIRST_CARD_ACTION: u16 = 1024;

/// A card in the game, numbered once when the game starts: every model's Gear and
/// programs in model order, then the Loot deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u16);

impl CardId {
    /// Index into per-card arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl std::fmt::Display for CardId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "card #{}", self.0)
    }
}

/// What sort of card it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardKind {
    /// A Gear card, bought or printed on the character card (GEN-13, TEAM-8).
    Gear,
    /// A Loot card from the shared deck (BASIC-14, BASIC-16).
    Loot,
    /// A netrunning program (NET-8); its definition is a [`crate::setup::program::ProgramDef`].
    Program,
}

/// A passive ability a card grants its holder while the card is Ready (GEN-9, TOK-5).
/// Closed, like the effect language: the engine interprets these, packs never run code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    /// +X whenever the holder opposes with the Skill (KW-17).
    Defense(Skill, u8),
    /// The holder's Skill changes by X.
    SkillBonus(Skill, i8),
    /// The holder's team starts with X more Luck tokens (LUCK-1).
    ExtraLuck(u8),
    /// A medical kit: +X to the holder's First Aid (AID-6; read only while AID is on).
    FirstAid(u8),
    /// A tool kit: the holder's Tech tests lose no 2 for want of one (SEC-4), and its Field
    /// Patch gains X (BOT-6); read only while SEC or BOT is on.
    ToolKit(u8),
    /// A Precision Kit: a Tool Kit that also adds 1 to the holder's Tech tests (SEC-4).
    PrecisionKit,
    /// Wire Cutters: the holder may Cut a gap in a fence section within reach (SEC-16;
    /// read only while SEC is on).
    WireCutters,
}

/// A Gear or Loot card (GEN-13, BASIC-16).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// The card's id in its pack.
    pub id: String,
    /// Its name; a model never equips two Gear cards of the same name (GEN-13).
    pub name: String,
    /// Gear or Loot.
    pub kind: CardKind,
    /// Gear Armor value (ARM-2); 0 for cards that are not Armor.
    #[serde(default)]
    pub armor: u8,
    /// Bulky: a character equips at most one (TEAM-9), looting included.
    #[serde(default)]
    pub bulky: bool,
    /// Actions the holder may take (TOK-12, BASIC-16).
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// Passive abilities while the card is Ready (GEN-9).
    #[serde(default)]
    pub abilities: Vec<Ability>,
}

impl CardDef {
    /// A card with no Armor, actions or abilities, for builders to fill in by struct
    /// update.
    pub fn new(id: &str, name: &str, kind: CardKind) -> CardDef {
        CardDef {
            id: id.to_owned(),
            name: name.to_owned(),
            kind,
            armor: 0,
            bulky: false,
            actions: Vec::new(),
            abilities: Vec::new(),
        }
    }
}

/// Where a card is and which way up (TOK-5, KW-18, BASIC-13, NET-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardStatus {
    /// Face up and usable; a program is Loaded (NET-8).
    Ready,
    /// Face down: no text or abilities until it refreshes at Inspire (TOK-5).
    Exhausted,
    /// A program on its Running side (NET-5, NET-10).
    Running,
    /// Discarded (KW-18, ARM-4): out of the game.
    Discarded,
    /// Still in the Loot deck (BASIC-14).
    InDeck,
}

/// One card as a player sees it in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardView<'a> {
    /// Its number in this game.
    pub id: CardId,
    /// Its definition (a program's card text is in [`crate::Game::program`]).
    pub def: &'a CardDef,
    /// Which way up it is.
    pub status: CardStatus,
    /// The model holding it (`None` in the Loot deck).
    pub holder: Option<crate::ids::ModelId>,
    /// The model that brought it into the game (`None` for Loot cards).
    pub origin: Option<crate::ids::ModelId>,
}
