//! The two-action climb in the engine (MOVE-25, OPEN-24, MOVE-24, MOVE-20) and where a
//! stopped move leaves a model under a raised floor (MOVE-4, MOVE-8, MOVE-10).

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use redline_battlespace::{SceneryKind, SceneryPiece};
use redline_rules::Rule;
use redline_rules::{Command, DecisionKind, Event, Game, Setup, Target, basic};

/// A 9" tall building (z 10..14) the climber stands at the foot of (z = 9.45).
fn tower() -> SceneryPiece {
    scenery_box(
        1,
        "Tower",
        SceneryKind::Barrier,
        [8.0, 12.0],
        [6.0, 9.0, 4.0],
    )
    .elevated()
}

/// The climber has GREEN, YELLOW and RED tokens (0, 1, 2).
fn climber(faces: &[u8]) -> Game {
    let setup = alone_with_scenery("Climber", [8.0, 0.0, 9.45], vec![tower()]);
    start_active(setup, faces, m(0))
}

const ROOF: [f32; 3] = [8.0, 9.0, 12.0];

fn climb(token: u8) -> Command {
    act(m(0), basic::MOVE, Some(token), Target::Route(vec![ROOF]))
}

fn rolls(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, Event::Rolled { .. }))
        .count()
}

#[test]
fn move_25_open_24_a_climb_too_long_for_one_action_takes_two_in_a_row() {
    let mut g = climber(&[9, 2, 9, 2]);
    // 9" up and 2.55" across is 11.55": too long for YELLOW (7") alone, but YELLOW then GREEN
    // covers it, GREEN being still Ready.
    let ev = ok(&mut g, climb(1));
    assert_eq!(rolls(&ev), 1, "the first action's roll");
    assert!(ev.iter().any(|e| matches!(e, Event::Crossed { .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::Moved { .. })));
    assert_eq!(g.position(m(0)), [8.0, 0.0, 9.45], "waiting on the face");
    assert_eq!(
        g.decision().expect("decision").kind,
        DecisionKind::NextAction { model: m(0) }
    );
    // OPEN-24: the next action must finish the climb; nothing else is offered or allowed.
    assert_eq!(
        g.legal_commands(),
        vec![climb(0)],
        "RED (3\") can't finish it"
    );
    let refused = g.check(&Command::EndActivation).expect_err("must climb on");
    assert_eq!(refused.rule, Rule::Open24);
    let other_route = move_to(m(0), 0, [8.0, 0.0, 6.0]);
    assert_eq!(
        g.check(&other_route).expect_err("same route").rule,
        Rule::Open24
    );
    let before = g.state_hash();
    assert_eq!(refusal(g.apply(Command::EndActivation)), Rule::Open24);
    assert_eq!(g.state_hash(), before, "a refused command changes nothing");
    // The second action: its own roll, then the model is on the roof.
    let ev = ok(&mut g, climb(0));
    assert_eq!(rolls(&ev), 1, "the second action's roll");
    assert_eq!(g.position(m(0)), ROOF);
    assert!(!g.tokens(m(0))[0].ready && !g.tokens(m(0))[1].ready);
    // The climb is over: the model may end its activation again.
    assert!(g.check(&Command::EndActivation).is_ok());
}

/// The Basic Moves `legal_commands` offers that end on the tower's roof, by token.
fn offered_onto_the_roof(g: &Game) -> Vec<Command> {
    g.legal_commands()
        .into_iter()
        .filter(|c| match c {
            Command::Act(a) if a.action == basic::MOVE => matches!(
                &a.target,
                Target::Route(r) if r.last().is_some_and(|p| (p[1] - ROOF[1]).abs() < 1e-3)
            ),
            _ => false,
        })
        .collect()
}

fn token_of(c: &Command) -> Option<u8> {
    match c {
        Command::Act(a) => a.token,
        _ => None,
    }
}

#[test]
fn move_24_move_25_legal_commands_offer_the_first_half_of_a_two_action_climb() {
    // At the foot of the 9" tower: a climb straight up its side onto the roof is offered with
    // every token. GREEN (12") climbs it in one action (MOVE-23); YELLOW (7") and RED (3")
    // can't, so theirs is the first half of a two-action climb, GREEN finishing it (MOVE-25).
    let offered = offered_onto_the_roof(&climber(&[]));
    let mut tokens: Vec<Option<u8>> = offered.iter().map(token_of).collect();
    tokens.sort();
    assert_eq!(tokens, vec![Some(0), Some(1), Some(2)], "{offered:?}");
    // The YELLOW first half: its roll succeeds and the model waits on the face, where only
    // the finishing move is legal (OPEN-24).
    let first = offered
        .iter()
        .find(|c| token_of(c) == Some(1))
        .expect("YELLOW's climb")
        .clone();
    let mut g = climber(&[9, 2, 9, 2]);
    let ev = ok(&mut g, first.clone());
    assert_eq!(rolls(&ev), 1);
    assert_eq!(g.position(m(0)), [8.0, 0.0, 9.45], "waiting on the face");
    let Command::Act(mut finish) = first else {
        unreachable!()
    };
    finish.token = Some(0);
    assert_eq!(g.legal_commands(), vec![Command::Act(finish.clone())]);
    ok(&mut g, Command::Act(finish));
    assert_eq!(g.position(m(0))[1], ROOF[1], "on the roof");
    // MOVE-24: the offered first half failing falls from what YELLOW could climb (7").
    let mut g = climber(&[2, 9]);
    let yellow = offered
        .iter()
        .find(|c| token_of(c) == Some(1))
        .expect("YELLOW's climb");
    let ev = ok(&mut g, yellow.clone());
    assert!(ev.contains(&Event::Fell {
        model: m(0),
        height: 7.0
    }));
}

#[test]
fn move_25_the_random_sampler_draws_the_first_half_of_a_two_action_climb() {
    // `random_legal_command` draws from the same candidates as `legal_commands`: over many
    // generator states at the foot of the tower it draws a climb onto the roof with a token
    // too short for it alone (YELLOW or RED), which leaves the model waiting on the face.
    let g = climber(&[]);
    let roof = offered_onto_the_roof(&g);
    let drawn = (0..3000u64)
        .filter_map(|seed| g.random_legal_command(&mut ChaCha8Rng::seed_from_u64(seed)))
        .find(|c| roof.contains(c) && matches!(token_of(c), Some(1 | 2)))
        .expect("a first half drawn");
    let mut g = climber(&[9, 2]);
    ok(&mut g, drawn);
    assert_eq!(g.position(m(0)), [8.0, 0.0, 9.45], "waiting on the face");
    assert_eq!(g.legal_commands().len(), 1, "only the finishing move");
}

#[test]
fn move_25_move_20_a_failed_second_roll_falls_from_where_the_second_action_would_reach() {
    let mut g = climber(&[9, 2, 2, 9]);
    ok(&mut g, climb(1));
    let ev = ok(&mut g, climb(0));
    // The whole 9" (YELLOW 7" + GREEN 12" reaches past it): one wound, on the GREEN token
    // spent on that action (MOVE-20).
    assert_failed_climb(&ev, m(0), 9.0, 0);
    assert_eq!(g.position(m(0)), [8.0, 0.0, 9.45], "at the foot");
    assert!(g.check(&Command::EndActivation).is_ok());
}

#[test]
fn move_24_open_24_a_failed_first_roll_falls_from_what_one_action_could_climb() {
    let mut g = climber(&[2, 9]);
    let ev = ok(&mut g, climb(1));
    // Capped at YELLOW's 7": one wound, on the YELLOW token (MOVE-20).
    assert!(ev.contains(&Event::Fell {
        model: m(0),
        height: 7.0
    }));
    assert!(ev.contains(&Event::Wounded {
        model: m(0),
        token: 1,
        by: None
    }));
    assert_eq!(g.position(m(0)), [8.0, 0.0, 9.45]);
    // No climb waits: the activation goes on as usual.
    assert!(g.check(&Command::EndActivation).is_ok());
    assert!(g.legal_commands().contains(&Command::EndActivation));
}

#[test]
fn move_25_no_two_action_climb_without_a_second_ready_token_that_reaches() {
    let mut g = climber(&[]);
    // Spend GREEN first on a short walk: YELLOW then RED reach only 7" + 3" < 11.55".
    ok(&mut g, move_to(m(0), 0, [9.0, 0.0, 9.45]));
    ok(&mut g, move_to(m(0), 2, [8.0, 0.0, 9.45]));
    let refused = g.check(&climb(1)).expect_err("too long");
    assert_eq!(refused.rule, Rule::Move1);
}

#[test]
fn move_4_move_10_a_stopped_move_under_a_catwalk_stays_on_the_ground() {
    // Alpha walks east under a catwalk (its floor 2" up), through Bravo, and fails the crate
    // just beyond: walking back to a spot clear of Bravo's base, it stays on the ground it
    // walked on, not on the catwalk over its head.
    let crate_ = scenery_box(
        1,
        "Crate",
        SceneryKind::Obstacle,
        [8.5, 12.0],
        [1.0, 1.0, 4.0],
    );
    let mut catwalk = scenery_box(
        2,
        "Catwalk",
        SceneryKind::Barrier,
        [5.5, 12.0],
        [7.0, 0.5, 4.0],
    )
    .elevated();
    catwalk.base = 2.0;
    let setup = Setup {
        battlespace: table(vec![crate_, catwalk]),
        models: vec![
            model(character("Alpha"), 0, [4.0, 0.0, 12.0]),
            model(character("Bravo"), 1, [7.0, 0.0, 12.0]),
        ],
        ..no_luck()
    };
    // Through Bravo: Alpha 12 against 1. The crate: Alpha 1 against the Obstacle die's 10.
    let mut g = start_loaded(setup, &[12, 1, 1, 10]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [12.0, 0.0, 12.0]));
    while g.loaded_dice_left() > 0 {
        let c = match &g.decision().expect("a decision").kind {
            DecisionKind::ChooseDefence { options, .. } => Command::Defend(options[0]),
            other => panic!("unexpected decision {other:?}"),
        };
        ok(&mut g, c);
    }
    let at = g.position(m(0));
    assert_eq!(at[1], 0.0, "on the ground under the catwalk: {at:?}");
    assert!(at[0] > 4.0 && at[0] < 7.0, "stopped at {at:?}");
    let gap = g.distance(m(0), m(1));
    assert!(
        (-0.01..=1.0).contains(&gap),
        "clear of Bravo and within reach: {gap}"
    );
}

/// The climber on the tower's roof, its base's rim 0.07" in from the south edge (z = 10).
fn on_the_roof(faces: &[u8]) -> Game {
    let setup = alone_with_scenery("Climber", [8.0, 9.0, 10.6], vec![tower()]);
    start_active(setup, faces, m(0))
}

/// The Basic Moves `legal_commands` offers that end on the ground at the tower's south foot.
fn offered_down_to_the_foot(g: &Game) -> Vec<Command> {
    g.legal_commands()
        .into_iter()
        .filter(|c| match c {
            Command::Act(a) if a.action == basic::MOVE => matches!(
                &a.target,
                Target::Route(r) if r.last().is_some_and(|p| p[1].abs() < 1e-3 && p[2] < 10.0)
            ),
            _ => false,
        })
        .collect()
}

#[test]
fn move_26_legal_commands_offer_climbing_down_off_the_edge_of_a_raised_top() {
    // At the south edge of the 9" roof: no straight run of a whole band ends on the ground
    // (9" down plus the run is too long for any colour), so the climb down straight over the
    // edge is offered with every token: in one action with GREEN (12"), as the first half of
    // a two-action climb with YELLOW or RED (MOVE-22, MOVE-25).
    let offered = offered_down_to_the_foot(&on_the_roof(&[]));
    let mut tokens: Vec<Option<u8>> = offered.iter().map(token_of).collect();
    tokens.sort();
    assert_eq!(tokens, vec![Some(0), Some(1), Some(2)], "{offered:?}");
    // GREEN climbs down in one action, one roll, and ends at the foot.
    let green = offered
        .iter()
        .find(|c| token_of(c) == Some(0))
        .expect("GREEN's climb down")
        .clone();
    let mut g = on_the_roof(&[9, 2]);
    let ev = ok(&mut g, green.clone());
    assert_eq!(rolls(&ev), 1);
    let at = g.position(m(0));
    assert_eq!(at[1], 0.0, "at the foot: {at:?}");
    assert!(at[2] < 10.0 - 0.5, "clear of the face: {at:?}");
    // MOVE-26: a failed climb down puts the model at the foot with falling damage.
    let mut g = on_the_roof(&[2, 9]);
    let ev = ok(&mut g, green);
    assert!(ev.contains(&Event::Fell {
        model: m(0),
        height: 9.0
    }));
    assert_eq!(g.position(m(0))[1], 0.0, "fallen to the foot");
}

#[test]
fn move_22_move_26_no_climb_down_is_offered_away_from_the_edge() {
    // In the middle of the roof the model is not at any edge (MOVE-22): nothing reaches the
    // ground from there.
    let setup = alone_with_scenery("Climber", [8.0, 9.0, 12.0], vec![tower()]);
    let g = start_active(setup, &[], m(0));
    let down: Vec<Command> = g
        .legal_commands()
        .into_iter()
        .filter(|c| match c {
            Command::Act(a) => matches!(
                &a.target,
                Target::Route(r) if r.last().is_some_and(|p| p[1] < 9.0 - 1e-3)
            ),
            _ => false,
        })
        .collect();
    assert!(down.is_empty(), "{down:?}");
}

#[test]
fn move_26_the_random_sampler_draws_a_climb_down() {
    // `random_legal_command` draws from the same candidates: over many generator states at the
    // roof's edge it draws a move that ends at the foot.
    let g = on_the_roof(&[]);
    let down = offered_down_to_the_foot(&g);
    let drawn = (0..3000u64)
        .filter_map(|seed| g.random_legal_command(&mut ChaCha8Rng::seed_from_u64(seed)))
        .find(|c| down.contains(c))
        .expect("a climb down drawn");
    let mut g = on_the_roof(&[9, 2, 9, 2]);
    ok(&mut g, drawn);
    // One action or the first of two: either at the foot or waiting on the face.
    let at = g.position(m(0));
    assert!(at[1] == 0.0 || at == [8.0, 9.0, 10.6], "{at:?}");
}
