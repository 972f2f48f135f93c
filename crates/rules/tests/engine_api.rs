//! The engine's public surface (DESIGN §1, §2): `Game::new`, `decision`, `legal_commands`,
//! `check`, `apply` (a refused command changes nothing), `state_hash` and `Replay`.

mod common;

use redline_rules::Rule;
use std::sync::Arc;

use common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use redline_battlespace::SceneryKind;
use redline_rules::card::Colour;
use redline_rules::{
    ActionCommand, Command, DecisionKind, Game, ModelId, Outcome, REPLAY_VERSION, Replay,
    ReplayError, Seat, Setup, Target, TeamId, Victory, basic,
};

/// Two players on an open 24" x 24" table, a character and a Gonk each, 10" apart.
fn setup() -> Setup {
    Setup {
        victory: Victory {
            turn_limit: Some(30),
        },
        ..with_models(vec![
            model(character("Alpha"), 0, [8.0, 0.0, 7.0]),
            model(gonk("Grunt"), 0, [12.0, 0.0, 7.0]),
            model(character("Bravo"), 1, [8.0, 0.0, 17.0]),
            model(gonk("Goon"), 1, [12.0, 0.0, 17.0]),
        ])
    }
}

/// Plays `steps` commands, always the legal command at `pick(step) % len`.
fn play(game: &mut Game, steps: usize, pick: impl Fn(usize) -> usize) -> Vec<Command> {
    let mut log = Vec::new();
    for i in 0..steps {
        let legal = game.legal_commands();
        if legal.is_empty() {
            break;
        }
        let c = legal[pick(i) % legal.len()].clone();
        game.apply(c.clone()).expect("a listed command is legal");
        log.push(c);
    }
    log
}

#[test]
fn a_new_game_asks_the_first_player_to_take_control() {
    let game = Game::new(setup(), 1).expect("valid setup");
    let d = game.decision().expect("a decision");
    assert_eq!(d.seat, Seat(0));
    // CTRL-3: every token of Alpha is Ready, so Activate is forced; no Inspire offered.
    assert_eq!(
        d.kind,
        DecisionKind::TakeControl {
            may_activate: vec![ModelId(0)],
            may_inspire: vec![],
        }
    );
    assert_eq!(
        game.legal_commands(),
        vec![Command::Activate { model: ModelId(0) }]
    );
    assert!(game.outcome().is_none());
}

#[test]
fn ctrl_21_the_turn_limit_is_forecast_from_models_in_play() {
    // Two models a side: the limit, reached now, would be a draw on models in play.
    let game = Game::new(setup(), 1).expect("valid setup");
    let draw = game.outcome_at_turn_limit().expect("a turn limit");
    assert!(matches!(draw, Outcome::Draw { .. }), "{draw:?}");
    // One side a model short: the other would win, and the game is still on.
    let mut short = setup();
    short.models.pop();
    let game = Game::new(short, 1).expect("valid setup");
    assert!(matches!(
        game.outcome_at_turn_limit(),
        Some(Outcome::Win {
            team: TeamId(0),
            ..
        })
    ));
    assert!(game.outcome().is_none());
    // No turn limit, no forecast.
    let open = Setup {
        victory: Victory { turn_limit: None },
        ..setup()
    };
    let game = Game::new(open, 1).expect("valid setup");
    assert_eq!(game.outcome_at_turn_limit(), None);
}

#[test]
fn ctrl_1_a_refused_command_names_its_rule_and_changes_nothing() {
    let mut game = Game::new(setup(), 1).expect("valid setup");
    let before = game.state_hash();
    let decision = game.decision().cloned();
    let err = game
        .apply(Command::Activate { model: ModelId(2) })
        .expect_err("a rival's model");
    assert_eq!(err.rule, Rule::Ctrl1);
    assert!(err.to_string().contains("(CTRL-1)"), "{err}");
    assert!(err.message.starts_with(char::is_uppercase), "{err}");
    assert_eq!(game.state_hash(), before);
    assert_eq!(game.decision().cloned(), decision);
    // CTRL-3: Inspire is refused while every token is Ready.
    let err = game
        .apply(Command::Inspire { seat: Seat(0) })
        .expect_err("must activate");
    assert_eq!(err.rule, Rule::Ctrl3);
    assert_eq!(game.state_hash(), before);
}

#[test]
fn every_wrong_answer_is_refused_without_touching_the_state() {
    // Answers of every kind; at each decision of a played game, those not listed as legal
    // must be refused by check and by apply, and leave the state as it was.
    let wrong = [
        Command::Activate { model: ModelId(1) },
        Command::Inspire { seat: Seat(1) },
        Command::EndActivation,
        Command::SkipGonk { model: ModelId(3) },
        Command::Reroll,
        Command::KeepRoll,
        Command::DeclineReaction,
        Command::AllocateWound { token: 9 },
        Command::HealToken { token: 9 },
        Command::ChooseOpposer { model: ModelId(0) },
        Command::ChooseAffected { model: ModelId(1) },
        Command::Act(ActionCommand {
            model: ModelId(2),
            action: basic::MOVE,
            token: Some(0),
            target: Target::Route(vec![[30.0, 0.0, 30.0]]),
        }),
        Command::Act(ActionCommand {
            model: ModelId(0),
            action: basic::RANGED,
            token: Some(7),
            target: Target::Model(ModelId(1)),
        }),
    ];
    let mut refused = 0;
    for seed in 0..8u64 {
        let mut game = Game::new(setup(), seed).expect("valid setup");
        for step in 0..150 {
            let legal = game.legal_commands();
            if legal.is_empty() {
                break;
            }
            let hash = game.state_hash();
            for c in wrong.iter().filter(|c| !legal.contains(c)) {
                let why = game.check(c).expect_err("not a legal answer");
                assert!(!why.message.is_empty(), "{why:?}");
                assert_eq!(game.apply(c.clone()), Err(why));
                assert_eq!(game.state_hash(), hash, "{c:?} changed the state");
                refused += 1;
            }
            for c in &legal {
                assert_eq!(game.check(c), Ok(()), "{c:?} is listed but refused");
            }
            let c = legal[(step * 7 + seed as usize) % legal.len()].clone();
            game.apply(c).expect("legal");
        }
    }
    assert!(refused > 1000);
}

#[test]
fn legal_moves_carry_their_route_and_pass_check() {
    let mut game = Game::new(setup(), 3).expect("valid setup");
    game.apply(Command::Activate { model: ModelId(0) })
        .expect("activate");
    let legal = game.legal_commands();
    assert!(legal.contains(&Command::EndActivation));
    let moves: Vec<&ActionCommand> = legal
        .iter()
        .filter_map(|c| match c {
            Command::Act(a) if a.action == basic::MOVE => Some(a),
            _ => None,
        })
        .collect();
    // One set of routes for each of the three token colours (MOVE-1).
    for token in 0..3 {
        assert!(
            moves.iter().filter(|a| a.token == Some(token)).count() >= 8,
            "too few moves with token {token}"
        );
    }
    for a in &moves {
        let Target::Route(route) = &a.target else {
            panic!("a move without a route: {a:?}");
        };
        assert!(!route.is_empty());
    }
    // A GREEN move (12") toward Bravo, 10" away, ends within reach of it.
    let mut closes_in = false;
    for a in moves.iter().filter(|a| a.token == Some(0)) {
        let mut g = game.clone();
        g.apply(Command::Act((*a).clone())).expect("legal");
        closes_in |= g.distance(ModelId(0), ModelId(2)) <= 1.0;
    }
    assert!(closes_in, "no candidate closes in on the nearest rival");
    // Bravo is 10" away: in the Basic Ranged Attack's YELLOW-GREEN range (BASIC-4).
    assert!(legal.iter().any(|c| matches!(c,
        Command::Act(a) if a.action == basic::RANGED && a.target == Target::Model(ModelId(2)))));
    // Only rivals are attacked (BASIC-3).
    assert!(!legal.iter().any(|c| matches!(c,
        Command::Act(a) if a.action == basic::RANGED && a.target == Target::Model(ModelId(1)))));
}

#[test]
fn the_state_hash_covers_the_dice_and_follows_the_game() {
    let a = Game::new(setup(), 5).expect("valid setup");
    let b = Game::new(setup(), 5).expect("valid setup");
    let c = Game::new(setup(), 6).expect("valid setup");
    assert_eq!(a.state_hash(), b.state_hash());
    // Same board, other dice to come: another state.
    assert_ne!(a.state_hash(), c.state_hash());
    assert_eq!(a.clone().state_hash(), a.state_hash());

    let mut x = a.clone();
    let mut y = b.clone();
    let log = play(&mut x, 120, |i| i * 5 + 1);
    for cmd in &log {
        y.apply(cmd.clone()).expect("same game, same answers");
    }
    assert_eq!(x.state_hash(), y.state_hash());
    assert_ne!(x.state_hash(), a.state_hash());
    // Loading a die changes what comes next, so it changes the hash.
    let mut z = x.clone();
    z.load_dice(&[1]);
    assert_ne!(z.state_hash(), x.state_hash());
}

#[test]
fn a_replay_reproduces_its_game_and_reports_the_first_bad_step() {
    let mut game = Game::new(setup(), 11).expect("valid setup");
    let mut replay = Replay::start(&game, "open table");
    for i in 0..200 {
        let legal = game.legal_commands();
        if legal.is_empty() {
            break;
        }
        let c = legal[(i * 3) % legal.len()].clone();
        game.apply(c.clone()).expect("legal");
        replay.record(c, &game);
    }
    assert_eq!(replay.version, REPLAY_VERSION);
    let back = Replay::from_ron(&replay.to_ron().expect("ron")).expect("reads back");
    let end = back.verify().expect("reproduces");
    assert_eq!(end.state_hash(), game.state_hash());

    let mut wrong_seed = back.clone();
    wrong_seed.seed += 1;
    assert!(matches!(
        wrong_seed.verify(),
        Err(ReplayError::StartMismatch { .. })
    ));

    // A command swapped at step k for another legal one that leads elsewhere is caught at
    // step k.
    let k = back.steps.len() / 2;
    let mut g = Game::new(back.setup.clone(), back.seed).expect("valid setup");
    for s in &back.steps[..k] {
        g.apply(s.command.clone()).expect("legal");
    }
    let other = g
        .legal_commands()
        .into_iter()
        .find(|c| {
            let mut h = g.clone();
            h.apply(c.clone()).expect("legal");
            h.state_hash() != back.steps[k].hash
        })
        .expect("some other answer at step k");
    let mut swapped = back.clone();
    swapped.steps[k].command = other;
    match swapped.verify() {
        Err(ReplayError::Mismatch { step, .. }) => assert_eq!(step, k),
        other => panic!("expected a mismatch at step {k}, got {other:?}"),
    }

    let mut newer = back.clone();
    newer.version = REPLAY_VERSION + 1;
    let text = newer.to_ron().expect("ron");
    assert_eq!(
        Replay::from_ron(&text).err(),
        Some(ReplayError::Version {
            found: REPLAY_VERSION + 1,
            supported: REPLAY_VERSION,
        })
    );
    assert!(matches!(
        Replay::from_ron(&format!("(version: {REPLAY_VERSION}, seed: oops)")),
        Err(ReplayError::Parse(_))
    ));
}

/// A random command of any shape, often nonsense: unknown models, actions and tokens,
/// routes off the table or empty, drags to anywhere.
fn arbitrary_command(rng: &mut ChaCha8Rng) -> Command {
    let mut n = |k: u32| rng.random_range(0..k);
    let model = ModelId(n(6) as u16);
    let point = |n: &mut dyn FnMut(u32) -> u32| {
        [n(300) as f32 / 10.0 - 3.0, 0.0, n(300) as f32 / 10.0 - 3.0]
    };
    let target = match n(6) {
        0 => Target::None,
        1 => Target::Model(ModelId(n(6) as u16)),
        2 => Target::Body(redline_rules::BodyId(n(3) as u16)),
        3 => Target::Route((0..n(3)).map(|_| point(&mut n)).collect()),
        4 => Target::Drag {
            model: ModelId(n(6) as u16),
            route: (0..n(3)).map(|_| point(&mut n)).collect(),
            drop: point(&mut n),
        },
        _ => Target::Route(vec![[f32::NAN, 0.0, 1.0]]),
    };
    let action = ActionCommand {
        model,
        action: n(12) as u16,
        token: if n(4) == 0 { None } else { Some(n(5) as u8) },
        target,
    };
    match n(14) {
        0 => Command::Activate { model },
        1 => Command::Inspire {
            seat: Seat(n(3) as u8),
        },
        2 => Command::EndActivation,
        3 => Command::SkipGonk { model },
        4 => Command::Reroll,
        5 => Command::KeepRoll,
        6 => Command::DeclineReaction,
        7 => Command::AllocateWound { token: n(5) as u8 },
        8 => Command::HealToken { token: n(5) as u8 },
        9 => Command::ChooseOpposer { model },
        10 => Command::ChooseAffected { model },
        11 => Command::React(action),
        _ => Command::Act(action),
    }
}

#[test]
fn arbitrary_commands_are_applied_or_refused_but_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let (mut applied, mut refused) = (0, 0);
    for seed in 0..8u64 {
        let mut game = Game::new(setup(), seed).expect("valid setup");
        for step in 0..150 {
            if game.decision().is_none() {
                break;
            }
            let hash = game.state_hash();
            for _ in 0..40 {
                let c = arbitrary_command(&mut rng);
                let mut g = game.clone();
                match g.apply(c.clone()) {
                    Ok(_) => applied += 1,
                    Err(e) => {
                        assert_eq!(game.check(&c), Err(e));
                        assert_eq!(g.state_hash(), hash, "refused {c:?} changed the state");
                        refused += 1;
                    }
                }
            }
            let legal = game.legal_commands();
            let c = legal[(step * 11 + seed as usize) % legal.len()].clone();
            game.apply(c).expect("legal");
        }
    }
    assert!(
        applied > 50 && refused > 1000,
        "{applied} applied, {refused} refused"
    );
}

#[test]
fn move_4_a_move_stopped_just_past_a_rival_does_not_end_on_its_base() {
    // Alpha moves east through Bravo; a crate starts 1" past Bravo's centre, so Alpha's base
    // meets the crate while still overlapping Bravo. Alpha beats Bravo (MOVE-10) and fails
    // the crate (MOVE-8): it stops, but not on top of Bravo.
    let crate_ = scenery_box(
        1,
        "Crate",
        SceneryKind::Obstacle,
        [8.5, 12.0],
        [1.0, 1.0, 4.0],
    );
    let mut s = setup();
    s.battlespace = table(vec![crate_]);
    s.models.truncate(3);
    s.models[0].position = [4.0, 0.0, 12.0];
    s.models[1].position = [4.0, 0.0, 20.0];
    s.models[2].position = [7.0, 0.0, 12.0];
    for p in &mut s.players {
        p.luck = Some(0);
    }
    // Through Bravo: Alpha 12 against 1. The crate: Alpha 1 against the Obstacle die's 10.
    s.loaded_dice = vec![12, 1, 1, 10];
    let mut game = Game::new(s, 1).expect("valid setup");
    game.apply(Command::Activate { model: ModelId(0) })
        .expect("activate");
    game.apply(Command::Act(ActionCommand {
        model: ModelId(0),
        action: basic::MOVE,
        token: Some(0),
        target: Target::Route(vec![[12.0, 0.0, 12.0]]),
    }))
    .expect("a GREEN move of 8\"");
    let mut events = Vec::new();
    while game.loaded_dice_left() > 0 || events.is_empty() {
        let c = match &game.decision().expect("a decision").kind {
            DecisionKind::ChooseDefence { options, .. } => Command::Defend(options[0]),
            other => panic!("unexpected decision {other:?}"),
        };
        events.extend(game.apply(c).expect("legal"));
    }
    assert!(
        events
            .iter()
            .any(|e| matches!(e, redline_rules::Event::MoveStopped { .. })),
        "{events:?}"
    );
    let at = game.position(ModelId(0));
    let reach = game.distance(ModelId(0), ModelId(2));
    assert!(at[0] > 4.0 && at[0] < 7.0, "stopped at {at:?}");
    assert!(
        reach >= -0.01,
        "Alpha's base overlaps Bravo's ({reach}\" apart)"
    );
    assert!(reach <= 1.0, "Alpha stopped out of reach of Bravo");
}

#[test]
fn interchangeable_tokens_are_offered_once() {
    let mut s = setup();
    let mut alpha = character("Alpha");
    alpha.tokens = vec![Colour::Green, Colour::Green, Colour::Red];
    s.models[0].profile = Arc::new(alpha);
    let mut game = Game::new(s, 2).expect("valid setup");
    game.apply(Command::Activate { model: ModelId(0) })
        .expect("activate");
    let mut tokens: Vec<Option<u8>> = game
        .legal_commands()
        .iter()
        .filter_map(|c| match c {
            Command::Act(a) => Some(a.token),
            _ => None,
        })
        .collect();
    tokens.sort();
    tokens.dedup();
    // TOK-3: the two Ready GREEN tokens are the same choice; the first stands for both.
    assert_eq!(tokens, vec![Some(0), Some(2)]);
    // Either GREEN token is still a legal answer when sent.
    let by_second = Command::Act(ActionCommand {
        model: ModelId(0),
        action: basic::MOVE,
        token: Some(1),
        target: Target::Route(vec![[8.0, 0.0, 3.0]]),
    });
    assert_eq!(game.check(&by_second), Ok(()));
}

#[test]
fn a_random_legal_command_is_always_one_of_the_legal_commands_and_reproducible() {
    let mut kinds_seen = std::collections::BTreeSet::new();
    for seed in 0..6 {
        let mut game = Game::new(setup(), seed).expect("valid setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while game.decision().is_some() && steps < 400 {
            let legal = game.legal_commands();
            let mut again = rng.clone();
            let c = game
                .random_legal_command(&mut rng)
                .expect("every decision has an answer");
            assert!(legal.contains(&c), "{c:?} is not among {legal:?}");
            // Same generator state, same game: same answer.
            assert_eq!(game.random_legal_command(&mut again), Some(c.clone()));
            kinds_seen.insert(match &c {
                Command::Act(a) => format!("act {}", a.action),
                other => format!("{:?}", std::mem::discriminant(other)),
            });
            game.apply(c).expect("a legal command applies");
            steps += 1;
        }
    }
    // Moves, shots, brawls and the plain answers all come up.
    for action in [basic::MOVE, basic::RANGED] {
        assert!(
            kinds_seen.contains(&format!("act {action}")),
            "{kinds_seen:?}"
        );
    }
    assert!(kinds_seen.len() >= 6, "{kinds_seen:?}");
    let mut over = Game::new(setup(), 0).expect("valid setup");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while let Some(c) = over.random_legal_command(&mut rng) {
        over.apply(c).expect("legal");
    }
    assert!(over.outcome().is_some());
    assert_eq!(
        over.random_legal_command(&mut ChaCha8Rng::seed_from_u64(5)),
        None
    );
}

#[test]
fn gen_7_open_1_within_reach_and_within_inches_measure_between_the_bases() {
    // Centres 2" apart: the bases' rims are less than 1" apart (within reach, GEN-7); the
    // Gonk 4" from Alpha's centre is not within reach but is within 4" (OPEN-1).
    let game = start(with_models(vec![
        model(character("Alpha"), 0, [8.0, 0.0, 7.0]),
        model(character("Bravo"), 1, [8.0, 0.0, 9.0]),
        model(gonk("Goon"), 1, [12.0, 0.0, 7.0]),
    ]));
    let (alpha, bravo, goon) = (ModelId(0), ModelId(1), ModelId(2));
    let gap = game.distance(alpha, goon);
    assert!(gap > 1.0 && gap < 4.0, "{gap}");
    assert!(game.within_reach(alpha, bravo)); // GEN-7
    assert!(game.within_reach(bravo, alpha)); // GEN-7
    assert!(!game.within_reach(alpha, goon)); // GEN-7
    assert!(game.within(alpha, goon, gap)); // OPEN-1
    assert!(!game.within(alpha, goon, gap - 0.01)); // OPEN-1
    assert_eq!(game.brawling_with(alpha), vec![bravo]);
}
