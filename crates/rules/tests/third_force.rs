//! The third force the engine plays (THIRD-1..THIRD-6, docs/modules/third-force.md): its
//! seat and setup, its seeded draw, its own legal commands, its attacks on either crew and
//! its place outside every win.

mod common;

use std::sync::Arc;

use common::*;
use rand::SeedableRng;
use redline_rules::{
    Command, DecisionKind, Destination, Event, Game, ModelId, Outcome, Seat, Setup, SetupError,
    ThirdForceEvent, ThirdForceSpec,
};

/// A lone heavy: one baseline character.
fn lone_heavy() -> ThirdForceSpec {
    ThirdForceSpec {
        id: "heavy".to_owned(),
        name: "The Heavy".to_owned(),
        deck: Vec::new(),
        models: vec![Arc::new(character("Heavy"))],
    }
}

/// A wandering crew of three.
fn wandering_crew() -> ThirdForceSpec {
    ThirdForceSpec {
        id: "crew".to_owned(),
        name: "The Crew".to_owned(),
        deck: vec![Destination::NearestCrew],
        models: (0..3)
            .map(|i| Arc::new(character(&format!("Drifter {i}"))))
            .collect(),
    }
}

fn with_force(mut setup: Setup, spec: ThirdForceSpec) -> Setup {
    setup.add_third_force(spec).expect("third force fits");
    setup
}

/// Seat 0's model near the centre (where the third force stands), seat 1's far off.
fn near_seat(near: u8) -> Setup {
    let far = 1 - near;
    let mut models = vec![
        model(character("A"), 0, [3.0, 0.0, 3.0]),
        model(character("B"), 1, [21.0, 0.0, 21.0]),
    ];
    models[usize::from(near)].position = [12.0, 0.0, 14.5];
    models[usize::from(far)].position = [3.0 + 18.0 * f32::from(far), 0.0, 3.0];
    with_force(
        Setup {
            models,
            ..no_luck()
        },
        lone_heavy(),
    )
}

fn heads(events: &[Event]) -> Vec<ThirdForceEvent> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ThirdForce(t) => Some(*t),
            _ => None,
        })
        .collect()
}

/// Seat 0 then seat 1 activate their first model and end at once: Control comes round to
/// the third force, which the engine plays inside the second `apply`.
fn pass_round(game: &mut Game) -> Vec<Event> {
    ok(game, Command::Activate { model: m(0) });
    ok(game, Command::EndActivation);
    ok(game, Command::Activate { model: m(1) });
    ok(game, Command::EndActivation)
}

#[test]
fn third_1_adds_a_last_seat_on_a_team_of_its_own_with_no_luck() {
    let setup = with_force(duel(), wandering_crew());
    assert_eq!(setup.players.len(), 3);
    let force = setup.third_force().expect("a third force");
    assert_eq!(force.seat, Seat(2));
    assert_eq!(setup.players[2].luck, Some(0));
    assert!(
        setup.players[..2]
            .iter()
            .all(|p| p.team != setup.players[2].team)
    );
    let mine: Vec<_> = setup.models.iter().filter(|m| m.owner == Seat(2)).collect();
    assert_eq!(mine.len(), 3);
    // THIRD-2: round the centre, no two bases overlapping.
    for (i, a) in mine.iter().enumerate() {
        let d = (a.position[0] - 12.0).hypot(a.position[2] - 12.0);
        assert!(d <= 4.0, "{:?}", a.position);
        for b in &mine[i + 1..] {
            let gap = (a.position[0] - b.position[0]).hypot(a.position[2] - b.position[2]);
            assert!(gap >= 27.0 / 25.4, "bases overlap: {gap}");
        }
    }
    let game = start(setup);
    assert_eq!(game.luck(Seat(2)), 0);
    assert_eq!(game.third_force_seat(), Some(Seat(2)));
}

#[test]
fn third_1_a_setup_without_one_serialises_as_before() {
    let text = ron::to_string(&duel()).expect("serialise");
    assert!(!text.contains("third_force"));
    let text = ron::to_string(&with_force(duel(), lone_heavy())).expect("serialise");
    assert!(text.contains("third_force"));
}

#[test]
fn third_1_one_third_force_a_game_and_never_first_control() {
    let mut setup = with_force(duel(), lone_heavy());
    let twice = setup.add_third_force(lone_heavy());
    assert!(
        matches!(twice, Err(SetupError::ThirdForce { .. })),
        "{twice:?}"
    );
    setup.first_control = Seat(2);
    let first = Game::new(setup, 1).map(|_| ());
    assert!(
        matches!(first, Err(SetupError::ThirdForce { .. })),
        "{first:?}"
    );
}

#[test]
fn third_3_its_draw_comes_from_the_seeded_dice_each_time_control_comes_to_it() {
    let first_draw = |seed: u64| {
        let mut game = Game::new(with_force(duel(), lone_heavy()), seed).expect("setup");
        heads(&pass_round(&mut game))
    };
    let draws: Vec<_> = (0..16).map(first_draw).collect();
    assert_eq!(
        draws,
        (0..16).map(first_draw).collect::<Vec<_>>(),
        "same seed, same draw"
    );
    let mut cards: Vec<String> = draws
        .iter()
        .flatten()
        .map(|ThirdForceEvent::Heads { heading, .. }| format!("{:?}", heading.card))
        .collect();
    cards.sort();
    cards.dedup();
    assert!(cards.len() > 1, "every seed drew the same card: {cards:?}");
    // THIRD-3: one draw per round of Control.
    let mut game = start(with_force(duel(), lone_heavy()));
    assert_eq!(heads(&pass_round(&mut game)).len(), 1);
    assert!(game.third_force_heading().is_some());
}

#[test]
fn third_4_the_engine_answers_every_decision_of_the_third_force() {
    for seed in 0..6 {
        let setup = with_force(
            with_models(vec![
                model(character("A"), 0, [4.0, 0.0, 4.0]),
                model(character("B"), 0, [6.0, 0.0, 4.0]),
                model(character("C"), 1, [20.0, 0.0, 20.0]),
                model(gonk("D"), 1, [18.0, 0.0, 20.0]),
            ]),
            wandering_crew(),
        );
        let mut game = Game::new(setup, seed).expect("setup");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while let Some(cmd) = game.random_legal_command(&mut rng) {
            game.apply(cmd).expect("a legal command");
            if let Some(d) = game.decision() {
                assert_ne!(d.seat, Seat(2), "left to answer: {:?}", d.kind);
            }
            steps += 1;
            if steps > 3000 {
                break;
            }
        }
        // It played its turns (Control came round to it) and the game went on to an end.
        assert!(game.turns() >= 3, "seed {seed}: {} turns", game.turns());
        assert!(
            game.outcome().is_some() || steps > 3000,
            "seed {seed}: stuck"
        );
    }
}

#[test]
fn third_5_it_attacks_a_crew_model_of_either_side() {
    for near in [0u8, 1] {
        let mut game = start(near_seat(near));
        let events = pass_round(&mut game);
        let heavy = ModelId(2);
        let attacked = events.iter().any(|e| {
            matches!(e, Event::ActionTaken { model, action, .. }
                if *model == heavy && game.action(heavy, *action).is_some_and(|a| a.attack))
        });
        assert!(attacked, "seat {near}'s model was not attacked: {events:?}");
        // Its attack waits on the defender's choice: a decision of the attacked seat.
        match game.decision().map(|d| (d.seat, &d.kind)) {
            Some((seat, DecisionKind::ChooseDefence { .. })) => assert_eq!(seat, Seat(near)),
            other => panic!("expected seat {near} to defend, got {other:?}"),
        }
    }
}

#[test]
fn third_6_it_never_wins_and_no_win_counts_it() {
    // Seat 1 has no model left: seat 0 is the last crew standing, third force or not.
    let setup = with_force(
        with_models(vec![model(character("A"), 0, [3.0, 0.0, 3.0])]),
        wandering_crew(),
    );
    let game = start(setup);
    assert!(matches!(game.outcome(), Some(Outcome::Win { team, .. }) if team.0 == 0));
    // More models than either crew, yet the limit's counts leave it out.
    let game = start(with_force(duel(), wandering_crew()));
    let team = game.third_force_team().expect("its team");
    assert!(game.win_conditions(team).is_empty());
    assert_ne!(
        game.outcome_at_turn_limit().and_then(|o| o.winner()),
        Some(team)
    );
    // Taking one of its models out is credited to nobody.
    assert_eq!(game.takeout_credit(ModelId(2), Some(ModelId(0))), None);
    assert_eq!(game.takeout_credit(ModelId(0), Some(ModelId(2))), None);
}

#[test]
fn third_3_the_draw_reads_as_where_it_heads() {
    use redline_battlespace::Quarter;
    assert_eq!(Destination::LoudestFight.to_string(), "the loudest fight");
    assert_eq!(
        Destination::Quarter(Quarter::NorthEast).to_string(),
        "the north-east quarter"
    );
    // Its heading names a point on the table.
    let mut game = start(with_force(duel(), wandering_crew()));
    pass_round(&mut game);
    let heading = game.third_force_heading().expect("drawn");
    assert_eq!(heading.card, Destination::NearestCrew);
    assert!(heading.focus.is_some_and(|m| !game.is_third_force(m)));
}
