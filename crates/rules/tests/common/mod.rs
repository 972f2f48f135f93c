//! Shared test builder kit for the rule-ID tests: baseline profiles and setups overridden by
//! struct update, a game with loaded dice, and short command helpers.
//!
//! Every test binary that says `mod common;` compiles this file, so not every helper is used
//! by every binary.
#![allow(dead_code)]

use std::sync::Arc;

use redline_battlespace::{
    Damageable, Opening, OpeningKind, SceneryKind, SceneryPiece, SceneryShape, StoreyOf,
};
pub use redline_rules::Rule;
use redline_rules::card::{
    ActionDef, Colour, ModelKeyword, ModelProfile, RangeSpec, Skill, Skills,
};
use redline_rules::geometry::{Battlespace, Table, open_table};
use redline_rules::{
    ActionCommand, Command, Defence, DefenceBonus, DieResult, Event, Game, ModelId, ModelSetup,
    PlayerSetup, RuleError, Seat, Setup, StopReason, Target, TeamId, Victory, basic,
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
        construct: None,
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

/// A drone: a Gonk-like profile with the Drone keyword (DRONE-1).
pub fn drone(name: &str) -> ModelProfile {
    ModelProfile {
        keywords: vec![ModelKeyword::Drone],
        ..gonk(name)
    }
}

/// A baseline [`character`] carrying these Gear or Loot cards.
pub fn carrying(name: &str, cards: Vec<redline_rules::cards::CardDef>) -> ModelProfile {
    ModelProfile {
        cards,
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
        modules: Default::default(),
        scenario: Default::default(),
        third_force: None,
    }
}

/// Baseline setup with the given models.
pub fn with_models(models: Vec<ModelSetup>) -> Setup {
    Setup {
        models,
        ..baseline()
    }
}

/// [`no_luck`] with the given models: no Luck offers interrupt a roll.
pub fn no_luck_with(models: Vec<ModelSetup>) -> Setup {
    Setup {
        models,
        ..no_luck()
    }
}

/// A table with this scenery where the character `name` (model 0, seat 0) stands at `at` and
/// its only rival (model 1) waits far off at (22, 0, 22); no Luck.
pub fn alone_with_scenery(name: &str, at: [f32; 3], pieces: Vec<SceneryPiece>) -> Setup {
    Setup {
        battlespace: table(pieces),
        ..no_luck_with(vec![
            model(character(name), 0, at),
            model(character("Far"), 1, [22.0, 0.0, 22.0]),
        ])
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

/// Starts a game with these loaded die faces and activates `model` (its player must hold
/// Control, CTRL-2).
#[track_caller]
pub fn start_active(setup: Setup, faces: &[u8], model: ModelId) -> Game {
    let mut game = start_loaded(setup, faces);
    ok(&mut game, Command::Activate { model });
    game
}

/// Model id by setup index.
pub fn m(i: u16) -> ModelId {
    ModelId(i)
}

/// The rule a refused command names, to assert against the rule the test expects
/// (`assert_eq!(refusal(g.check(&cmd)), Rule::Move4)`); panics when the command is allowed.
#[track_caller]
pub fn refusal<T: std::fmt::Debug>(result: Result<T, RuleError>) -> Rule {
    match result {
        Ok(allowed) => panic!("expected a refusal, the command was allowed: {allowed:?}"),
        Err(e) => e.rule,
    }
}

/// Applies a command that must be legal; returns its events.
#[track_caller]
pub fn ok(game: &mut Game, cmd: Command) -> Vec<Event> {
    match game.apply(cmd.clone()) {
        Ok(ev) => ev,
        Err(e) => panic!("{cmd:?} refused: {e:?}; decision was {:?}", game.decision()),
    }
}

/// Ends the active model's activation, lets the rival model `rival` activate and end at once,
/// then seat 0 Inspires (it has a Used token, CTRL-3); returns the Inspire's events.
#[track_caller]
pub fn inspire_after_rival(game: &mut Game, rival: ModelId) -> Vec<Event> {
    ok(game, Command::EndActivation);
    ok(game, Command::Activate { model: rival });
    ok(game, Command::EndActivation);
    ok(game, Command::Inspire { seat: P0 })
}

/// Seat 1's Chief (2) wounded during seat 0's Inspire, now offered a [RE]action: the Boss (0)
/// spends a token, the Chief activates and ends, seat 0 Inspires and its Gonk (1) shoots the
/// Chief, whose GREEN defence (1) loses to YELLOW 7. The Aide (3) stands beside the Chief.
pub fn chief_wounded_during_inspire() -> Game {
    let setup = no_luck_with(vec![
        model(character("Boss"), 0, [8.0, 0.0, 4.0]),
        model(gonk("Grunt"), 0, [12.0, 0.0, 10.0]),
        model(character("Chief"), 1, [12.0, 0.0, 20.0]),
        model(character("Aide"), 1, [13.5, 0.0, 20.0]),
    ]);
    let mut g = start_loaded(setup, &[7, 1]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 2, [8.0, 0.0, 5.0]));
    inspire_after_rival(&mut g, m(2));
    ok(&mut g, act(m(1), basic::RANGED, None, Target::Model(m(2))));
    ok(&mut g, defend(Some(0)));
    g
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

/// A Move along a straight route to `to`, spending the token `token` (BASIC-2).
pub fn move_to(model: ModelId, token: u8, to: [f32; 3]) -> Command {
    act(model, basic::MOVE, Some(token), Target::Route(vec![to]))
}

/// A Gonk's Move to `to` during Inspire: it spends no token and moves its card colour's
/// length (CTRL-9).
pub fn gonk_move(model: ModelId, to: [f32; 3]) -> Command {
    act(model, basic::MOVE, None, Target::Route(vec![to]))
}

/// A Basic Ranged Attack on `target`, spending the token `token` (BASIC-4).
pub fn ranged_attack(model: ModelId, token: u8, target: ModelId) -> Command {
    act(model, basic::RANGED, Some(token), Target::Model(target))
}

/// A Basic Melee Attack on `target`, spending the token `token` (BASIC-6).
pub fn melee_attack(model: ModelId, token: u8, target: ModelId) -> Command {
    act(model, basic::MELEE, Some(token), Target::Model(target))
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

/// The dice of the first `Rolled` event; panics if nothing was rolled.
#[track_caller]
pub fn rolled(events: &[Event]) -> Vec<DieResult> {
    events
        .iter()
        .find_map(|e| match e {
            Event::Rolled { dice } => Some(dice.clone()),
            _ => None,
        })
        .expect("a Rolled event")
}

/// Checks the events of a failed climb: the move stopped at the climb (MOVE-24), `model`
/// fell `height` inches and the fall wounded the token `token` spent on the move (MOVE-20).
#[track_caller]
pub fn assert_failed_climb(events: &[Event], model: ModelId, height: f32, token: u8) {
    assert!(events.contains(&Event::MoveStopped {
        model,
        reason: StopReason::Climb
    }));
    assert!(events.contains(&Event::Fell { model, height }));
    assert!(events.contains(&Event::Wounded {
        model,
        token,
        by: None
    }));
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

/// The RED and YELLOW bands together: a short-ranged weapon's reach.
pub const RED_YELLOW: RangeSpec = RangeSpec {
    red: true,
    yellow: true,
    green: false,
    long: false,
    reach_only: false,
};

/// An attack action (BASIC-3) at a rival that deals one wound, with no keywords; its id is its
/// name in snake case. Add keywords and the like by struct update.
pub fn attack_action(name: &str, skill: Skill, range: RangeSpec) -> ActionDef {
    ActionDef::attack(&name.to_lowercase().replace(' ', "_"), name, skill, range)
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

/// A 24" x 24" table with these scenery pieces; panics if the layout is invalid.
pub fn table(pieces: Vec<SceneryPiece>) -> Battlespace {
    Battlespace::new(
        Table {
            width: 24.0,
            depth: 24.0,
        },
        pieces,
    )
    .expect("valid layout")
}

/// An unturned box of scenery centred at `centre` (x, z) with `size` (width, height, depth).
pub fn scenery_box(
    id: u32,
    name: &str,
    kind: SceneryKind,
    centre: [f32; 2],
    size: [f32; 3],
) -> SceneryPiece {
    SceneryPiece::new(
        id,
        name,
        kind,
        SceneryShape::Box {
            centre,
            size,
            yaw_degrees: 0.0,
        },
    )
}

/// Activate model 0 and shoot model 1, which defends with its GREEN token.
pub fn shot(g: &mut Game) {
    ok(g, Command::Activate { model: m(0) });
    ok(g, ranged_attack(m(0), 0, m(1)));
    ok(g, defend(Some(0)));
}

/// A character against a lone Gonk, no turn limit, no Luck: one hit ends the game (CTRL-21).
pub fn boss_against_a_lone_goon() -> Setup {
    Setup {
        models: vec![
            model(character("Boss"), 0, [8.0, 0.0, 7.0]),
            model(gonk("Goon"), 1, [8.0, 0.0, 17.0]),
        ],
        victory: redline_rules::Victory { turn_limit: None },
        ..no_luck()
    }
}

/// A straight wall, piece `id` named "wall {id}", `thickness` thick and `height` tall.
pub fn wall_piece(
    id: u32,
    from: [f32; 2],
    to: [f32; 2],
    thickness: f32,
    height: f32,
) -> SceneryPiece {
    SceneryPiece::new(
        id,
        &format!("wall {id}"),
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from,
            to,
            thickness,
            height,
        },
    )
}

/// A 0.4" wall of storey `number` of `building` (Structure 4) with Fuel 1, so every
/// compartment it bounds burns (FIRE-4).
pub fn burning_wall(
    id: u32,
    (building, number): (u32, u8),
    from: [f32; 2],
    to: [f32; 2],
    height: f32,
) -> SceneryPiece {
    let mut w = wall_piece(id, from, to, 0.4, height);
    w.storey = Some(StoreyOf {
        building,
        number,
        structure: 4,
        slab: false,
    });
    w.fuel = Some(1);
    w
}

/// Brick (TERR-3) with 3" sections that leave rubble, as the starter walls are.
pub fn brick() -> Damageable {
    Damageable {
        hardness: 3,
        structure: None,
        section_len: 3.0,
        rubble: true,
        soft: false,
    }
}

/// The door: opening 0 of wall 0.
pub const DOOR: Target = Target::Opening {
    piece: 0,
    opening: 0,
};

/// A brick wall along x = 12 from z = 6 to z = 18, with a door 1.5" wide at z = 12.
pub fn wall_with_door() -> SceneryPiece {
    SceneryPiece::new(
        0,
        "Front Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [12.0, 6.0],
            to: [12.0, 18.0],
            thickness: 0.5,
            height: 3.0,
        },
    )
    .with_opening(Opening {
        kind: OpeningKind::Door,
        along: 6.0,
        width: 1.5,
        bottom: 0.0,
        top: 2.5,
    })
}
