//! Table-building helpers shared by the AI's integration tests: a plain character card, a
//! gun that reaches every band, a model placed on the table, an open table, a carry-off
//! scenario sheet and a game with a model activated.
//!
//! Every test binary that says `mod common;` compiles this file, so not every helper is used
//! by every binary.
#![allow(dead_code)]

use std::sync::Arc;

use redline_battlespace::{DeploymentZone, Edge};
use redline_rules::card::{ActionDef, Colour, ModelProfile, RangeSpec, Skill, Skills};
use redline_rules::geometry::open_table;
use redline_rules::scenario::{ExitEdge, ScenarioRules, SeatZone, SpecialRule, WinCondition};
use redline_rules::{
    Command, DecisionKind, Game, ModelId, ModelSetup, PlayerSetup, Seat, Setup, TeamId, Victory,
};

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

/// A plain Ranged attack (BASIC-3) `id` named `name` reaching RED, YELLOW and GREEN, for one
/// wound and with no keywords: a gun that may shoot at any band.
pub fn all_bands_gun(id: &str, name: &str) -> ActionDef {
    ActionDef::attack(
        id,
        name,
        Skill::Ranged,
        RangeSpec {
            red: true,
            yellow: true,
            green: true,
            ..RangeSpec::default()
        },
    )
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

/// A carry-off scenario sheet on the test table (`CarryMarkers`): seat 0 deploys within 3" of
/// `edges[0]`, seat 1 within 3" of `edges[1]`; a side wins by carrying two of the `markers`
/// off over its own zone's edge, or by being the last standing.
pub fn carry_off_sheet(edges: [Edge; 2], markers: Vec<[f32; 3]>) -> ScenarioRules {
    let zone = |seat: u8, edge: Edge| SeatZone {
        seat: Seat(seat),
        zone: DeploymentZone::Edge {
            edge,
            distance: 3.0,
        },
    };
    ScenarioRules {
        deployment: vec![zone(0, edges[0]), zone(1, edges[1])],
        markers,
        rules: vec![SpecialRule::CarryMarkers],
        win: vec![
            WinCondition::CarryMarkersOff {
                count: 2,
                edge: ExitEdge::OwnZone,
            },
            WinCondition::LastStanding,
        ],
        ..ScenarioRules::default()
    }
}

/// A game of `setup` with dice `seed` and `model` activated: the game asks for its first
/// action.
pub fn activated(setup: Setup, seed: u64, model: ModelId) -> Game {
    let mut g = Game::new(setup, seed).expect("a valid setup");
    g.apply(Command::Activate { model }).expect("may activate");
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ));
    g
}

/// The id of the action a command takes, if it is one.
pub fn action_id<'a>(g: &'a Game, c: &Command) -> Option<&'a str> {
    match c {
        Command::Act(a) => g.action(a.model, a.action).map(|d| d.id.as_str()),
        _ => None,
    }
}

/// Takes the action `id` (e.g. `scenario_pick_up`) with the active model: it must be offered.
pub fn take_action(g: &mut Game, id: &str) {
    let c = g
        .legal_commands()
        .into_iter()
        .find(|c| action_id(g, c) == Some(id))
        .unwrap_or_else(|| panic!("{id} is offered"));
    g.apply(c).expect("a legal action");
}
