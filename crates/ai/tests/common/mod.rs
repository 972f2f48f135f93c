//! Table-building helpers shared by the AI's integration tests: a plain character card and
//! a model placed on the table.

use std::sync::Arc;

use redline_rules::card::{ActionDef, Colour, ModelProfile, Skills};
use redline_rules::geometry::open_table;
use redline_rules::{ModelSetup, PlayerSetup, Seat, Setup, TeamId, Victory};

/// A character with GREEN, YELLOW, YELLOW tokens, Skills Reflexes 1, Ranged 2, Melee 2,
/// Influence 2, no armour or cards, and `actions` on its card.
pub fn profile(name: &str, actions: Vec<ActionDef>) -> ModelProfile {
    ModelProfile {
        card_id: name.to_lowercase(),
        name: name.to_owned(),
        keywords: Vec::new(),
        tokens: vec![Colour::Green, Colour::Yellow, Colour::Yellow],
        gonk_colour: None,
        skills: Skills {
            reflexes: 1,
            ranged: 2,
            melee: 2,
            influence: 2,
            ..Skills::default()
        },
        card_armor: 0,
        cards: Vec::new(),
        programs: Vec::new(),
        luck: 0,
        actions,
        defenses: Vec::new(),
        stars: 0,
        base_mm: 27.0,
        construct: None,
    }
}

/// `p` on the table for `seat` at `at`.
pub fn place(p: ModelProfile, seat: u8, at: [f32; 3]) -> ModelSetup {
    ModelSetup {
        entry: Default::default(),
        profile: Arc::new(p),
        owner: Seat(seat),
        position: at,
        hacked: 0,
    }
}

/// An open 30" x 30" table for two seats with `luck` Luck tokens each, seat 0 first, 20 turns
/// of Control, no Loot deck and no loaded dice, with these models.
pub fn open_setup(models: Vec<ModelSetup>, luck: u8) -> Setup {
    Setup {
        scenario: Default::default(),
        battlespace: open_table(30.0, 30.0),
        players: (0..2)
            .map(|s| PlayerSetup {
                name: format!("P{s}"),
                team: TeamId(s),
                luck: Some(luck),
            })
            .collect(),
        models,
        first_control: Seat(0),
        victory: Victory {
            turn_limit: Some(20),
        },
        loot_deck: Vec::new(),
        loaded_dice: Vec::new(),
        modules: Default::default(),
        third_force: None,
    }
}
