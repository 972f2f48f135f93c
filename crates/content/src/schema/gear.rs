//! Gear cards (GEN-13): keywords, cost, Street Cred requirement, Rarity, Armor, actions and
//! passive abilities.

use redline_rules::card::ActionDef;
use serde::{Deserialize, Serialize};

use super::Passive;

/// A keyword on a Gear card (KW-34).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum GearKeyword {
    /// At most one Bulky card per character (TEAM-9).
    Bulky,
    /// Makes its wearer a Cyber-Character (TEAM-10).
    Cybergear,
    /// Armor Gear: its `armor` value may replace the Skill against attacks (ARM-2).
    Armor,
    /// A weapon (for Objectives and Loot that refer to weapons).
    Weapon,
}

/// A Gear card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GearCard {
    /// Unique id.
    pub id: String,
    /// Name; a model never equips two cards with the same name (GEN-13).
    pub name: String,
    /// Faction whose Gear deck holds it; `None` for Gear any faction may buy.
    #[serde(default)]
    pub faction: Option<String>,
    /// Keywords.
    #[serde(default)]
    pub keywords: Vec<GearKeyword>,
    /// EB cost, paid when equipped (TEAM-16).
    pub cost: i32,
    /// Street Cred the team needs to buy it (TEAM-15).
    #[serde(default)]
    pub street_cred: u8,
    /// Most copies a team may hold (TEAM-7).
    pub rarity: u8,
    /// Armor value for Armor Gear (ARM-2); 0 otherwise.
    #[serde(default)]
    pub armor: u8,
    /// Actions it grants (TOK-12).
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// Passive abilities it grants.
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Only this character card (basic id) may equip it; used by Cybergear Objective
    /// rewards that name a model (CAMP-16).
    #[serde(default)]
    pub only_for: Option<String>,
    /// Not sold: it is only ever gained as an Objective reward (CAMP-16).
    #[serde(default)]
    pub reward_only: bool,
    /// Flavour text.
    #[serde(default)]
    pub text: String,
}

impl GearCard {
    /// Whether the card has a keyword.
    pub fn has(&self, keyword: GearKeyword) -> bool {
        self.keywords.contains(&keyword)
    }

    /// Whether the card does nothing while every module is off (MOD-2): no action, no Armor,
    /// and only passives a module reads (a kit's `FirstAid`, AID-6; a `ToolKit`, SEC-4 and
    /// BOT-6; a `PrecisionKit`, SEC-4; `WireCutters`, SEC-16).
    pub fn module_only(&self) -> bool {
        self.actions.is_empty()
            && self.armor == 0
            && !self.passives.is_empty()
            && self.passives.iter().all(|p| {
                matches!(
                    p,
                    Passive::FirstAid(_)
                        | Passive::ToolKit(_)
                        | Passive::PrecisionKit
                        | Passive::WireCutters
                )
            })
    }
}
