//! The merged, validated content of every loaded pack, looked up by id.

use std::collections::BTreeMap;

use redline_rules::card::{ActionDef, Colour, Skills};

use crate::schema::{
    CardKeyword, DroneCard, FactionDef, GearCard, GonkCard, Layout, LootCard, ObjectiveCard,
    PackManifest, Passive, ProgramCard, Scenario, SceneryPiece,
};

/// Items of one kind in load order, with an id index.
#[derive(Debug, Clone)]
pub struct Table<T> {
    items: Vec<T>,
    index: BTreeMap<String, usize>,
}

impl<T> Default for Table<T> {
    fn default() -> Self {
        Table {
            items: Vec::new(),
            index: BTreeMap::new(),
        }
    }
}

impl<T> Table<T> {
    pub(crate) fn insert(&mut self, id: &str, item: T) {
        self.index.insert(id.to_owned(), self.items.len());
        self.items.push(item);
    }

    /// Replaces the item with this id, or adds it.
    pub fn put(&mut self, id: &str, item: T) {
        match self.index.get(id) {
            Some(&i) => self.items[i] = item,
            None => self.insert(id, item),
        }
    }

    /// The item with this id.
    pub fn get(&self, id: &str) -> Option<&T> {
        self.index.get(id).map(|&i| &self.items[i])
    }

    /// Whether an item has this id.
    pub fn contains(&self, id: &str) -> bool {
        self.index.contains_key(id)
    }

    /// All items, in load order (pack order, then file order).
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    /// Number of items.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// A character card with its Veteran inheritance resolved: every field is concrete.
#[derive(Debug, Clone, PartialEq)]
pub struct Character {
    /// Card id.
    pub id: String,
    /// The basic card's id for a Veteran (GEN-14).
    pub veteran_of: Option<String>,
    /// Name.
    pub name: String,
    /// Faction id; `None` for a factionless Merc.
    pub faction: Option<String>,
    /// Keywords.
    pub keywords: Vec<CardKeyword>,
    /// Street Cred stars.
    pub stars: u8,
    /// EB cost before the Veteran surcharge.
    pub cost: u32,
    /// Starting tokens.
    pub tokens: Vec<Colour>,
    /// Skills.
    pub skills: Skills,
    /// Card Armor.
    pub armor: u8,
    /// Card actions.
    pub actions: Vec<ActionDef>,
    /// Passive abilities.
    pub passives: Vec<Passive>,
    /// Printed Gear ids.
    pub printed_gear: Vec<String>,
    /// Base diameter in millimetres.
    pub base_mm: f32,
    /// A construct's systems, one per token (BOT-1); empty for other characters.
    pub systems: Vec<redline_rules::construct::System>,
    /// Card height in inches (BOT-8).
    pub height: Option<f32>,
    /// Mass against a Topple (BOT-11).
    pub mass: Option<u8>,
    /// Flavour text.
    pub text: String,
    /// The crew style it is drawn in, when the card (or its basic card) names one.
    pub visual: Option<String>,
}

impl Character {
    /// Whether the card carries a keyword.
    pub fn has(&self, keyword: CardKeyword) -> bool {
        self.keywords.contains(&keyword)
    }

    /// The id of the basic version: itself for a basic card.
    pub fn basic_id(&self) -> &str {
        self.veteran_of.as_deref().unwrap_or(&self.id)
    }
}

/// Everything the loaded packs define, validated.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    /// Manifests of the loaded packs, in load order.
    pub packs: Vec<PackManifest>,
    /// Factions.
    pub factions: Table<FactionDef>,
    /// Characters (basic and Veteran, resolved).
    pub characters: Table<Character>,
    /// Gonk cards.
    pub gonks: Table<GonkCard>,
    /// Gear cards.
    pub gear: Table<GearCard>,
    /// Programs.
    pub programs: Table<ProgramCard>,
    /// Drones.
    pub drones: Table<DroneCard>,
    /// Loot cards.
    pub loot: Table<LootCard>,
    /// Objective cards.
    pub objectives: Table<ObjectiveCard>,
    /// Scenery library.
    pub scenery: Table<SceneryPiece>,
    /// Layouts.
    pub layouts: Table<Layout>,
    /// Scenarios.
    pub scenarios: Table<Scenario>,
    /// Third forces the engine plays (THIRD-1).
    pub third_forces: Table<crate::schema::ThirdForceDef>,
    /// Co-op campaign arcs (COOP-7).
    pub coop_arcs: Table<crate::schema::CoopArc>,
}

impl Catalog {
    /// The Objective deck of a faction (TEAM-1, CAMP-10).
    pub fn objective_deck(&self, faction: &str) -> Vec<&ObjectiveCard> {
        self.objectives
            .iter()
            .filter(|o| o.faction == faction)
            .collect()
    }

    /// The Loot deck: each card repeated by its `copies` (BASIC-14).
    pub fn loot_deck(&self) -> Vec<&LootCard> {
        self.loot
            .iter()
            .flat_map(|card| std::iter::repeat_n(card, usize::from(card.copies)))
            .collect()
    }

    /// Characters a team of the faction may hire: its own and Mercs (TEAM-2, TEAM-13).
    pub fn hireable_characters(&self, faction: &str) -> Vec<&Character> {
        self.characters
            .iter()
            .filter(|c| c.faction.as_deref() == Some(faction) || c.has(CardKeyword::Merc))
            .collect()
    }

    /// Gonks a team of the faction may hire: its own and Merc Gonks (TEAM-2, TEAM-13).
    pub fn hireable_gonks(&self, faction: &str) -> Vec<&GonkCard> {
        self.gonks
            .iter()
            .filter(|g| g.merc || g.faction.as_deref() == Some(faction))
            .collect()
    }

    /// Gear a team of the faction may buy: its own deck and general Gear (TEAM-1).
    pub fn gear_for(&self, faction: &str) -> Vec<&GearCard> {
        self.gear
            .iter()
            .filter(|g| g.faction.as_deref().is_none_or(|f| f == faction))
            .collect()
    }

    /// Scenarios for a number of players (FIELD-12) that a random pick may choose (FIELD-5):
    /// without the Prove Your Worth scenarios (CAMP-35), and without those that require an
    /// optional module, which are played only when chosen by name, so a random pick never
    /// turns a module on behind the players' backs (MOD-1, MOD-2).
    pub fn scenarios_for(&self, players: u8) -> Vec<&Scenario> {
        self.scenarios
            .iter()
            .filter(|s| s.players == players && s.prove_your_worth.is_none())
            // COOP-1: a co-op sheet is played from its own menu, by people against the computer.
            .filter(|s| s.coop.is_none())
            .filter(|s| s.modules.require.is_empty())
            .collect()
    }

    /// A copy of the catalog with `layout` added (replacing one of the same id) and allowed
    /// in the scenario `scenario`: a table laid out in the planner, played with that
    /// scenario's rules and deployment zones.
    pub fn with_planned_layout(&self, scenario: &str, layout: Layout) -> Catalog {
        let mut out = self.clone();
        if let Some(mut s) = out.scenarios.get(scenario).cloned() {
            if !s.setup.layouts.contains(&layout.id) {
                s.setup.layouts.push(layout.id.clone());
            }
            out.scenarios.put(scenario, s);
        }
        let id = layout.id.clone();
        out.layouts.put(&id, layout);
        out
    }

    /// The Prove Your Worth scenario of a faction (CAMP-35), if the packs give it one.
    pub fn prove_your_worth(&self, faction: &str) -> Option<&Scenario> {
        self.scenarios
            .iter()
            .find(|s| s.prove_your_worth.as_deref() == Some(faction))
    }
}
