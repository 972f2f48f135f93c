//! Shared test builder kit for the rule-ID tests: baseline profiles and setups overridden by
//! struct update, a game with loaded dice, and short command helpers.
//!
//! Every test binary that says `mod common;` compiles this file, so not every helper is used
//! by every binary.
#![allow(dead_code)]

use std::sync::Arc;

use redline_rules::card::{Colour, ModelKeyword, ModelProfile, Skills};
use redline_rules::geometry::open_table;
use redline_rules::{
    ActionCommand, Command, Defence, DefenceBonus, Event, Game, ModelId, ModelSetup, PlayerSetup,
    Seat, Setup, Target, TeamId, Victory,
};

/// Seat of the first player.
pub const P0: Seat = Seat(0);
/// Seat of the second player.
pub const P1: Seat = Seat(1);

/// A baseline character: GREEN, YELLOW, RED tokens; Reflexes 1, Ranged 2, Melee 1, others 0.
pub fn character(name: &str) -> ModelProfile {
    ModelProfile {
        card_id: name.to_lowercase(),
        name: name.to_owned(),
        keywords: Vec::new(),
        tokens: vec![Colour::Green, Colour::Yellow, Colour::Red],
        gonk_colour: None,
        skills: Skills {
            reflexes: 1,
            ranged: 2,
            melee: 1,
            ..Skills::default()
        },
        card_armor: 0,
        actions: Vec::new(),
        defenses: Vec::new(),
        cards: Vec::new(),
        programs: Vec::new(),
        luck: 0,
        stars: 0,
        base_mm: 27.0,
    }
}

/// A baseline Gonk: YELLOW card colour, no tokens, same Skills as [`character`].
pub fn gonk(name: &str) -> ModelProfile {
    ModelProfile {
        keywords: vec![ModelKeyword::Gonk],
        tokens: Vec::new(),
        gonk_colour: Some(Colour::Yellow),
        ..character(name)
    }
}

/// Places a profile for a seat at a position (inches, y up).
pub fn model(profile: ModelProfile, seat: u8, position: [f32; 3]) -> ModelSetup {
    ModelSetup {
        profile: Arc::new(profile),
        owner: Seat(seat),
        position,
        hacked: 0,
        entry: Default::default(),
    }
}

/// A player on its own team with the default Luck (`None` = 3 + Underdog's Luck).
pub fn player(seat: u8) -> PlayerSetup {
    PlayerSetup {
        name: format!("P{seat}"),
        team: TeamId(seat),
        luck: None,
    }
}

/// Baseline setup: two players on an open 24" x 24" table, seat 0 has Control first, no
/// models. Override with struct update: `Setup { models: vec![..], ..baseline() }`.
pub fn baseline() -> Setup {
    Setup {
        battlespace: open_table(24.0, 24.0),
        players: vec![player(0), player(1)],
        models: Vec::new(),
        first_control: P0,
        victory: Victory {
            turn_limit: Some(200),
        },
        loot_deck: Vec::new(),
        loaded_dice: Vec::new(),
        scenario: Default::default(),
    }
}

/// Baseline setup with the given models.
pub fn with_models(models: Vec<ModelSetup>) -> Setup {
    Setup {
        models,
        ..baseline()
    }
}

/// Starts a game (seed 1); panics with the setup error if it can't.
pub fn start(setup: Setup) -> Game {
    match Game::new(setup, 1) {
        Ok(g) => g,
        Err(e) => panic!("setup rejected: {e}"),
    }
}

/// Starts a game with these loaded die faces.
pub fn start_loaded(setup: Setup, faces: &[u8]) -> Game {
    start(Setup {
        loaded_dice: faces.to_vec(),
        ..setup
    })
}

/// Model id by setup index.
pub fn m(i: u16) -> ModelId {
    ModelId(i)
}

/// Applies a command that must be legal; returns its events.
#[track_caller]
pub fn ok(game: &mut Game, cmd: Command) -> Vec<Event> {
    match game.apply(cmd.clone()) {
        Ok(ev) => ev,
        Err(e) => panic!("{cmd:?} refused: {e:?}; decision was {:?}", game.decision()),
    }
}

/// An action command.
pub fn act(model: ModelId, action: u16, token: Option<u8>, target: Target) -> Command {
    Command::Act(ActionCommand {
        model,
        action,
        token,
        target,
    })
}

/// A [RE]action command.
pub fn react(model: ModelId, action: u16, token: Option<u8>, target: Target) -> Command {
    Command::React(ActionCommand {
        model,
        action,
        token,
        target,
    })
}

/// Defend with the token's colour and the opposing Skill.
pub fn defend(token: Option<u8>) -> Command {
    Command::Defend(Defence {
        token,
        bonus: DefenceBonus::Skill,
    })
}

/// The events of a given shape only, e.g. `only(&ev, |e| matches!(e, Event::Rolled { .. }))`.
pub fn only(events: &[Event], keep: impl Fn(&Event) -> bool) -> Vec<Event> {
    events.iter().filter(|e| keep(e)).cloned().collect()
}

/// Baseline with no Luck for either player, so rolls go straight to their verdict (no
/// Luck offers to answer).
pub fn no_luck() -> Setup {
    Setup {
        players: vec![
            PlayerSetup {
                luck: Some(0),
                ..player(0)
            },
            PlayerSetup {
                luck: Some(0),
                ..player(1)
            },
        ],
        ..baseline()
    }
}

/// One die of a `Rolled` event; `model: None` is the Obstacle die.
pub fn die_result(
    model: Option<ModelId>,
    seat: Seat,
    die: redline_rules::dice::Die,
    face: u8,
    modifier: i16,
) -> redline_rules::DieResult {
    redline_rules::DieResult {
        model,
        seat,
        die,
        face,
        modifier,
        total: i16::from(face) + modifier,
    }
}

/// Two characters 10" apart (GREEN band): model 0 for seat 0 at z = 7, model 1 for seat 1
/// at z = 17, no Luck.
pub fn duel() -> Setup {
    Setup {
        models: vec![
            model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
            model(character("Target"), 1, [8.0, 0.0, 17.0]),
        ],
        ..no_luck()
    }
}

/// A Gear card with an Armor value (ARM-2).
pub fn armor_card(name: &str, armor: u8) -> redline_rules::cards::CardDef {
    redline_rules::cards::CardDef {
        armor,
        ..redline_rules::cards::CardDef::new(
            &name.to_lowercase(),
            name,
            redline_rules::cards::CardKind::Gear,
        )
    }
}

/// A Gear or Loot card carrying these actions.
pub fn card_with(
    name: &str,
    kind: redline_rules::cards::CardKind,
    actions: Vec<redline_rules::card::ActionDef>,
) -> redline_rules::cards::CardDef {
    redline_rules::cards::CardDef {
        actions,
        ..redline_rules::cards::CardDef::new(&name.to_lowercase(), name, kind)
    }
}
