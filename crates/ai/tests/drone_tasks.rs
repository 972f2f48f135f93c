//! The computer plays the starter drones' tasks (DRONE-2): Normal sends the Scrap Hound to
//! strip a Body token within reach (`Effect::Scavenge`) and detonates the Breach Mite beside
//! a rival (`Effect::SelfDestruct`, DRONE-7), but not when the Blast would catch its own.

mod common;

use redline_ai::{Bot, NormalBot};
use redline_content::starter;
use redline_content::team::compile_drone;
use redline_rules::card::{Colour, ModelKeyword, ModelProfile};
use redline_rules::{Command, DecisionKind, Game, ModelId, Seat, Target, basic};

/// A starter drone's profile, as a program deploys it.
fn starter_drone(id: &str) -> ModelProfile {
    compile_drone(starter().drones.get(id).expect("a starter drone"))
}

fn character(name: &str) -> ModelProfile {
    common::profile(name, Vec::new())
}

fn red_lined(name: &str) -> ModelProfile {
    ModelProfile {
        tokens: vec![Colour::Red],
        ..character(name)
    }
}

fn gonk(name: &str) -> ModelProfile {
    ModelProfile {
        keywords: vec![ModelKeyword::Gonk],
        tokens: Vec::new(),
        gonk_colour: Some(Colour::Yellow),
        ..character(name)
    }
}

/// Answers every decision with the first legal command until `seat` is asked to act with
/// one of its drones or Gonks at its Inspire.
fn to_inspire(g: &mut Game, seat: Seat) {
    for _ in 0..50 {
        let d = g.decision().expect("the game goes on");
        if d.seat == seat && matches!(d.kind, DecisionKind::InspireGonks { .. }) {
            return;
        }
        let legal = g.legal_commands();
        let c = if let DecisionKind::TakeControl { may_inspire, .. } = &d.kind {
            if d.seat == seat && !may_inspire.is_empty() {
                Command::Inspire { seat }
            } else {
                legal
                    .iter()
                    .find(|c| matches!(c, Command::Activate { .. }))
                    .unwrap_or(&legal[0])
                    .clone()
            }
        } else if let DecisionKind::NextAction { model } = d.kind {
            // Spend a token with a step, so an Inspire is allowed afterwards (CTRL-3).
            let ready = g.tokens(model).iter().all(|t| t.ready);
            let step = legal
                .iter()
                .find(|c| matches!(c, Command::Act(a) if a.action == basic::MOVE));
            match step {
                Some(c) if ready && d.seat == seat => c.clone(),
                _ => Command::EndActivation,
            }
        } else {
            legal[0].clone()
        };
        g.apply(c).expect("legal");
    }
    panic!("seat {seat:?} never Inspired");
}

const HOUND: ModelId = ModelId(3);

#[test]
fn drone_2_normal_sends_the_scrap_hound_to_strip_a_body_within_reach() {
    let setup = common::open_setup(
        vec![
            common::place(character("Killer"), 0, [8.0, 0.0, 7.0]),
            common::place(red_lined("Victim"), 1, [8.0, 0.0, 8.3]),
            common::place(character("Boss"), 1, [25.0, 0.0, 25.0]),
            common::place(starter_drone("drone_ash_scrap_hound"), 0, [9.3, 0.0, 8.3]),
        ],
        0,
    );
    let mut g = Game::new(setup, 3).expect("a legal table");
    g.apply(Command::Activate { model: ModelId(0) }).unwrap();
    g.load_dice(&[9, 1]);
    g.apply(Command::Act(redline_rules::ActionCommand {
        model: ModelId(0),
        action: basic::MELEE,
        token: Some(1),
        target: Target::Model(ModelId(1)),
    }))
    .unwrap();
    while matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::ChooseDefence { .. })
    ) {
        let c = g.legal_commands()[0].clone();
        g.apply(c).unwrap();
    }
    assert!(!g.in_play(ModelId(1)));
    to_inspire(&mut g, Seat(0));
    let (body, _, _) = g.bodies()[0];
    let chosen = NormalBot::new().choose(&g);
    assert!(
        matches!(&chosen, Command::Act(a) if a.model == HOUND && a.target == Target::Body(body)),
        "{chosen:?}"
    );
    let luck = g.luck(Seat(0));
    g.apply(chosen).unwrap();
    assert_eq!(g.luck(Seat(0)), luck + 1, "the scrap is Luck for the team");
}

const MITE: ModelId = ModelId(2);
const TARGET: ModelId = ModelId(1);

/// Seat 0's Handler (0), a rival Gonk (1) with seat 0's Breach Mite (2) beside it, seat 1's
/// Boss (3) far off, and seat 0's `friends` (4..) where given; seat 0 Inspires.
fn mite_beside_a_gonk(friends: &[[f32; 3]]) -> Game {
    let mut models = vec![
        common::place(character("Handler"), 0, [2.0, 0.0, 2.0]),
        common::place(gonk("Rival"), 1, [8.0, 0.0, 10.0]),
        common::place(starter_drone("drone_glass_breach_mite"), 0, [8.0, 0.0, 8.9]),
        common::place(character("Boss"), 1, [25.0, 0.0, 25.0]),
    ];
    for (i, &at) in friends.iter().enumerate() {
        models.push(common::place(red_lined(&format!("Friend{i}")), 0, at));
    }
    let mut g = Game::new(common::open_setup(models, 0), 3).expect("a legal table");
    to_inspire(&mut g, Seat(0));
    g
}

fn detonates(c: &Command) -> bool {
    matches!(c, Command::Act(a) if a.model == MITE && a.target == Target::Model(TARGET))
}

#[test]
fn drone_7_normal_detonates_the_breach_mite_beside_a_rival() {
    let mut g = mite_beside_a_gonk(&[]);
    let chosen = NormalBot::new().choose(&g);
    assert!(detonates(&chosen), "{chosen:?}");
    g.apply(chosen).unwrap();
    while g
        .decision()
        .is_some_and(|d| !matches!(d.kind, DecisionKind::TakeControl { .. }))
        && g.in_play(MITE)
    {
        let c = g.legal_commands()[0].clone();
        g.apply(c).unwrap();
    }
    assert!(!g.in_play(MITE), "DRONE-7: the mite is gone");
}

#[test]
fn drone_7_normal_keeps_the_breach_mite_when_the_blast_would_catch_its_own() {
    let g = mite_beside_a_gonk(&[[9.3, 0.0, 10.6], [6.7, 0.0, 10.6]]);
    let chosen = NormalBot::new().choose(&g);
    assert!(!detonates(&chosen), "{chosen:?}");
}
