//! The bots open a lock that stands in their way (SEC-7, SEC-8): with the lock known, a
//! model at a locked door in a wall across the table, its rival beyond, takes Pick the Lock,
//! Shoot the Lock or Force the Door by the engine's odds (`Game::lock_odds`) rather than
//! stand and wait; an opening that is not on the way is worth nothing. They read only what
//! their side knows of a lock (MOPEN-8).

mod common;

use redline_ai::{Bot, EasyBot, NormalBot};
use redline_battlespace::{Opening, OpeningKind, SceneryKind, SceneryPiece, SceneryShape};
use redline_rules::card::Skills;
use redline_rules::geometry::Table;
use redline_rules::scenario::ScenarioRules;
use redline_rules::security::{LockGrade, LockPlan, SecurityPlan, SecurityRules};
use redline_rules::{
    ActionCommand, Battlespace, Command, FORCE_THE_DOOR, Game, LockKnowledge, ModelId, Module,
    PICK_THE_LOCK, SHOOT_THE_LOCK, Seat, TRY_IT, Target, WinCondition,
};

const CRACKER: ModelId = ModelId(0);
const DOOR: Target = Target::Opening {
    piece: 0,
    opening: 0,
};

/// A brick wall across the whole table along x = 12, a door 1.5" wide at z = 12; 8" tall,
/// so no one move climbs up and over it (MOVE-23) and the door is the way through.
fn wall_with_door() -> SceneryPiece {
    SceneryPiece::new(
        0,
        "Yard Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [12.0, 0.0],
            to: [12.0, 30.0],
            thickness: 0.5,
            height: 8.0,
        },
    )
    .with_opening(Opening {
        kind: OpeningKind::Door,
        along: 12.0,
        width: 1.5,
        bottom: 0.0,
        top: 2.5,
    })
}

/// Seat 1 defends with the door locked at External; seat 0's cracker (Tech 2) stands at the
/// door, the marker it must hold beyond it, the guard beyond the wall out of sight. The
/// cracker has Tried the door, so its lock is known, and is asked for its next action.
fn at_the_locked_door() -> Game {
    let mut g = at_the_door();
    let try_it = Command::Act(ActionCommand {
        model: CRACKER,
        action: TRY_IT,
        token: Some(0), // TOK-10: free, so it stays Ready
        target: DOOR,
    });
    g.apply(try_it).expect("SEC-7: Try It");
    assert_eq!(
        g.lock_known_to(Seat(0), 0, 0),
        LockKnowledge::Locked(LockGrade::External)
    );
    g
}

/// The same before the door is tried: its lock is hidden from seat 0 (SEC-7).
fn at_the_door() -> Game {
    let mut cracker = common::profile("Cracker", Vec::new());
    cracker.skills = Skills {
        tech: 2,
        reflexes: 1,
        melee: 2,
        ranged: 1,
        ..Skills::default()
    };
    // SEC-1: the defender's side has a Tech character.
    let mut guard = common::profile("Guard", Vec::new());
    guard.skills.tech = 1;
    let mut setup = common::open_setup(
        vec![
            common::place(cracker, 0, [11.0, 0.0, 12.0]),
            common::place(guard, 1, [24.0, 0.0, 27.0]),
        ],
        0,
    );
    setup.battlespace = Battlespace::new(
        Table {
            width: 30.0,
            depth: 30.0,
        },
        vec![wall_with_door()],
    )
    .expect("a valid table");
    setup.modules = [Module::Sec].into_iter().collect();
    // The marker to hold lies beyond the door (HoldMarkers): the goal is through it.
    setup.scenario = ScenarioRules {
        markers: vec![[20.0, 0.0, 12.0]],
        win: vec![WinCondition::HoldMarkers(1)],
        security: Some(SecurityRules {
            plan: SecurityPlan {
                locks: vec![LockPlan {
                    piece: 0,
                    opening: 0,
                    grade: LockGrade::External,
                }],
                ..SecurityPlan::default()
            },
            ..SecurityRules::new(Seat(1))
        }),
        ..ScenarioRules::default()
    };
    let mut g = Game::new(setup, 7).expect("a valid setup");
    g.apply(Command::Activate { model: CRACKER })
        .expect("the cracker activates");
    g
}

fn is_lock_work(c: &Command) -> bool {
    matches!(c, Command::Act(a)
        if [PICK_THE_LOCK, SHOOT_THE_LOCK, FORCE_THE_DOOR].contains(&a.action)
            && a.target == DOOR)
}

#[test]
fn sec_8_normal_opens_the_lock_in_its_way() {
    let g = at_the_locked_door();
    let chosen = NormalBot::new().choose(&g);
    assert!(is_lock_work(&chosen), "{chosen:?}");
}

#[test]
fn sec_8_easy_opens_the_lock_in_its_way() {
    let g = at_the_locked_door();
    let chosen = EasyBot::new(3).choose(&g);
    assert!(is_lock_work(&chosen), "{chosen:?}");
}

#[test]
fn mopen_8_no_level_works_a_lock_it_does_not_know_of() {
    let g = at_the_door();
    assert_eq!(g.lock_known_to(Seat(0), 0, 0), LockKnowledge::Unknown);
    let bots: Vec<(&str, Box<dyn Bot>)> = vec![
        ("easy", Box::new(EasyBot::new(3))),
        ("normal", Box::new(NormalBot::new())),
    ];
    for (name, mut bot) in bots {
        let chosen = bot.choose(&g);
        assert!(
            !is_lock_work(&chosen),
            "{name} worked a hidden lock: {chosen:?}"
        );
    }
}
