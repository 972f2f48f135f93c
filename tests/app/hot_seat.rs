//! A whole hot-seat match through the app's own systems, headless: main menu → game
//! settings → team builder for both seats → deployment → battle → result → main menu, fed
//! with the same intents the egui screens send. Plus saving and loading, the autosave and
//! undo.

use crate::driver::{data_dir, new_app, results_then_menu, screen, send};

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::aim::{AimIntent, AimPreview};
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::builder::TeamBuilder;
use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::decider::Decider;
use redline::headless::flow::hand_over::{HandOver, HandOverReady};
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::SetupIntent;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::log::BattleLog;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::saves::SaveIntent;
use redline::headless::screen::Screen;
use redline_content::team::{Addition, TeamError, available_additions};
use redline_rules::{Command, Outcome, Seat, Target};

/// Hands the screen over if a hand-over is pending, as the next player clicking "Ready".
pub fn take_screen(app: &mut App) -> bool {
    let pending = app
        .world()
        .resource::<HandOver>()
        .pending(*app.world().resource::<Decider>());
    if pending.is_some() {
        send(app, HandOverReady);
    }
    pending.is_some()
}

pub fn notice(app: &App) -> Notice {
    app.world().resource::<Notice>().clone()
}

fn builder(app: &App) -> TeamBuilder {
    app.world().resource::<TeamBuilder>().clone()
}

/// Builds the current seat's team by hand: a Leader from the list of what can be added,
/// then the dearest addable cards until nothing fits.
fn build_by_hand(app: &mut App, faction: &str) {
    send(app, BuilderIntent::Faction(faction.into()));
    let catalog = app.world().resource::<Content>().0.clone();
    let b = builder(app);
    assert_eq!(b.violations(&catalog), vec![TeamError::NoLeader]);
    let leader = available_additions(&catalog, b.team(), &b.rules)
        .into_iter()
        .find(|a| {
            matches!(a, Addition::Character { card, .. }
                if catalog.characters.get(card).is_some_and(|c| c.has(
                    redline_content::schema::CardKeyword::Leader)))
        })
        .expect("a Leader to hire");
    send(app, BuilderIntent::Add(leader));
    for _ in 0..12 {
        let b = builder(app);
        let next = available_additions(&catalog, b.team(), &b.rules)
            .into_iter()
            .filter(|a| {
                !matches!(a, Addition::Character { card, .. }
                if catalog.characters.get(card).is_some_and(|c| c.has(
                    redline_content::schema::CardKeyword::Leader)))
            })
            .max_by_key(|a| match a {
                Addition::Character { cost, .. }
                | Addition::Gonk { cost, .. }
                | Addition::Gear { cost, .. }
                | Addition::Program { cost, .. } => *cost,
            });
        let Some(next) = next else { break };
        send(app, BuilderIntent::Add(next));
    }
    let b = builder(app);
    assert!(
        b.violations(&catalog).is_empty(),
        "{:?}",
        b.violations(&catalog)
    );
    assert!(b.cost(&catalog) <= b.rules.eb_limit);
}

/// Answers decisions with the scripted player until the game ends (or `limit` answers);
/// moves go through the action tool (aim, click the table, confirm) while `by_hand` lasts.
pub fn play(app: &mut App, limit: usize, by_hand: usize) -> usize {
    play_counting(app, limit, by_hand).0
}

/// [`play`], also counting the moves that went through the action tool.
fn play_counting(app: &mut App, limit: usize, mut by_hand: usize) -> (usize, usize) {
    let mut answered = 0;
    let mut aimed = 0;
    while answered < limit {
        if take_screen(app) {
            continue;
        }
        let game = app.world().resource::<Match>().game().clone();
        let Some(command) = scripted_answer(&game) else {
            break;
        };
        if by_hand > 0
            && let Command::Act(a) = &command
            && let Target::Route(route) = &a.target
        {
            by_hand -= 1;
            send(
                app,
                AimIntent::Action {
                    model: a.model,
                    action: a.action,
                    token: a.token,
                    reaction: false,
                },
            );
            send(app, AimIntent::Ground(*route.last().unwrap()));
            let ready = app.world().resource::<AimPreview>().ready().is_some();
            if ready {
                let before = app.world().resource::<Match>().replay().steps.len();
                send(app, AimIntent::Confirm);
                // The confirm becomes an answer on the next frame.
                app.update();
                assert_eq!(
                    app.world().resource::<Match>().replay().steps.len(),
                    before + 1
                );
                answered += 1;
                aimed += 1;
                continue;
            }
            send(app, AimIntent::Clear);
        }
        let before = app.world().resource::<Match>().replay().steps.len();
        send(app, BattleIntent::Answer(command.clone()));
        let after = app.world().resource::<Match>().replay().steps.len();
        assert_eq!(after, before + 1, "{command:?} refused: {:?}", notice(app));
        answered += 1;
    }
    (answered, aimed)
}

#[test]
fn a_whole_hot_seat_match_from_the_menu_to_the_winner() {
    let dir = data_dir("match");
    let mut app = new_app(&dir);
    assert_eq!(screen(&app), Screen::MainMenu);

    send(&mut app, MenuIntent::NewGame);
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    send(&mut app, SetupIntent::Scenario("street_claim".into()));
    send(&mut app, SetupIntent::Layout("tenement_yard".into()));
    send(&mut app, SetupIntent::Seed(11));
    send(&mut app, SetupIntent::Start);
    app.update();
    assert_eq!(screen(&app), Screen::TeamBuilder);

    // Seat 1: the builder waits for the hand-over, then the team is built card by card.
    assert!(take_screen(&mut app));
    build_by_hand(&mut app, "ashfall");
    // A misclick: remove the Leader, see the violation, undo it.
    let catalog = app.world().resource::<Content>().0.clone();
    send(&mut app, BuilderIntent::Remove(0));
    assert!(
        builder(&app)
            .violations(&catalog)
            .contains(&TeamError::NoLeader)
    );
    send(&mut app, BuilderIntent::Undo);
    assert!(builder(&app).violations(&catalog).is_empty());
    send(&mut app, BuilderIntent::Done);
    assert_eq!(builder(&app).seat, 1);
    // Seat 2 must take the screen first; its intents are ignored until then.
    send(&mut app, BuilderIntent::Faction("glasswork".into()));
    assert_ne!(builder(&app).team().faction, "glasswork");
    assert!(take_screen(&mut app));
    send(&mut app, BuilderIntent::Faction("tidewater".into()));
    send(&mut app, BuilderIntent::QuickTeam);
    send(&mut app, BuilderIntent::SaveRoster("Harbour".into()));
    send(&mut app, BuilderIntent::Done);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    assert!(dir.join("rosters.ron").exists());

    // Deployment: seat 1 moves one model, and a spot outside its zone is refused with the
    // engine's rule.
    assert!(take_screen(&mut app));
    let deploying = app.world().resource::<Match>().clone();
    assert_eq!(deploying.game().deploying(), Some(Seat(0)));
    let first = (0..deploying.game().model_count() as u16)
        .map(redline_rules::ModelId)
        .find(|&m| deploying.game().owner(m) == Seat(0))
        .expect("seat 1 has models");
    let [x, _, z] = deploying.game().position(first);
    let table = *deploying.game().setup().battlespace.table();
    let place = |at: [f32; 2]| {
        BattleIntent::Answer(Command::Deploy {
            model: first,
            at: deploying.table_spot(at),
        })
    };
    send(&mut app, place([table.width / 2.0, table.depth / 2.0]));
    assert!(notice(&app).error, "the centre is outside every edge zone");
    assert!(
        notice(&app).text.contains("(FIELD-7)"),
        "{:?}",
        notice(&app)
    ); // FIELD-7
    let spots = [[x + 0.5, z], [x - 0.5, z], [x, z + 0.5], [x, z - 0.5]];
    let moved = spots.iter().any(|at| {
        send(&mut app, place(*at));
        !notice(&app).error
    });
    assert!(moved, "a model can be moved half an inch within its zone");
    send(&mut app, BattleIntent::Answer(Command::EndDeployment));
    assert!(take_screen(&mut app));
    send(&mut app, BattleIntent::Answer(Command::EndDeployment));
    app.update();
    let started = app.world().resource::<Match>().game().clone();
    assert_eq!(started.deploying(), None);
    assert_ne!(started.position(first), [x, 0.0, z]);
    assert!(
        dir.join("saves/autosave.ron").exists(),
        "autosaved at the start"
    );

    // The battle, to the end.
    let (answers, aimed) = play_counting(&mut app, 5000, 6);
    assert!(
        aimed >= 3,
        "moves aimed on the table and confirmed: {aimed}"
    );
    let current = app.world().resource::<Match>().clone();
    let game = current.game();
    let outcome = game.outcome().cloned().unwrap_or_else(|| {
        panic!("no winner after {answers} answers");
    });
    let Outcome::Win { seats, .. } = &outcome else {
        panic!("the scripted match should have a winner, got {outcome:?}");
    };
    // The winner has models left; every rival model is out or the turn limit decided it.
    let winner = seats[0];
    let left = |seat| {
        (0..game.model_count() as u16)
            .map(redline_rules::ModelId)
            .filter(|m| game.owner(*m) == seat && game.in_play(*m))
            .count()
    };
    assert!(left(winner) > 0);
    let log = app.world().resource::<BattleLog>().entries().to_vec();
    let win_line = format!("{} wins!", current.meta.seat_label(winner));
    assert_eq!(log.last(), Some(&win_line), "the log ends with the result");
    assert!(
        log.iter().any(|l| l.starts_with("Roll — ")),
        "rolls are logged"
    );
    assert!(log.iter().any(|l| l.contains("is taken out")));
    assert!(
        !dir.join("saves/autosave.ron").exists(),
        "a finished game isn't continued"
    );

    results_then_menu(&mut app);
    assert!(app.world().get_resource::<Match>().is_none());
}

#[test]
fn save_quit_and_load_continue_the_same_game() {
    let dir = data_dir("save");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    play(&mut app, 40, 0);
    let saved = app.world().resource::<Match>().game().state_hash();
    send(&mut app, SaveIntent::Save("Friday night".into()));
    let path = app.world().resource::<DataDir>().save_named("Friday night");
    assert!(path.exists(), "{:?}", notice(&app));

    // Quit: a new app on the same data folder.
    drop(app);
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::Load(path.clone()));
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    let loaded = app.world().resource::<Match>();
    assert_eq!(loaded.game().state_hash(), saved);
    assert!(
        app.world().resource::<BattleLog>().entries().len() > 10,
        "the log is played back too"
    );
    // And the game goes on.
    assert_eq!(play(&mut app, 5, 0), 5);
}

#[test]
fn continue_resumes_the_autosave_after_a_crash() {
    let dir = data_dir("continue");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    // Play until at least one activation has ended (an autosave point), then stop there.
    let mut last_autosaved = None;
    for _ in 0..200 {
        play(&mut app, 1, 0);
        let m = app.world().resource::<Match>();
        let ended = m
            .replay()
            .steps
            .last()
            .is_some_and(|s| s.command == Command::EndActivation);
        if ended {
            last_autosaved = Some(m.game().state_hash());
            break;
        }
    }
    let expected = last_autosaved.expect("an activation ended");
    // The process dies: no clean exit, no save.
    drop(app);
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    assert_eq!(
        app.world().resource::<Match>().game().state_hash(),
        expected
    );
}

#[test]
fn a_damaged_or_newer_save_is_refused_and_left_alone() {
    let dir = data_dir("damaged");
    let mut app = new_app(&dir);
    let saves = dir.join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let damaged = saves.join("torn.ron");
    std::fs::write(
        &damaged,
        "(kind: \"redline-save\", version: 1, data: (meta: (",
    )
    .unwrap();
    send(&mut app, MenuIntent::Load(damaged.clone()));
    let n = notice(&app);
    assert!(n.error && n.text.contains("torn.ron:1:"), "{n:?}");
    assert_eq!(
        std::fs::read_to_string(&damaged).unwrap(),
        "(kind: \"redline-save\", version: 1, data: (meta: ("
    );
    let newer = saves.join("future.ron");
    std::fs::write(&newer, "(kind: \"redline-save\", version: 99, data: ())").unwrap();
    send(&mut app, MenuIntent::Load(newer));
    let n = notice(&app);
    assert!(n.error && n.text.contains("newer version"), "{n:?}");
    app.update();
    assert_eq!(screen(&app), Screen::MainMenu);
    assert!(app.world().get_resource::<Match>().is_none());
}

#[test]
fn a_move_without_rolls_can_be_undone_but_not_a_roll() {
    let dir = data_dir("undo");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    // Activate, then find an open move (no roll).
    let mut undone = false;
    for _ in 0..60 {
        let game = app.world().resource::<Match>().game().clone();
        let open_move = game.legal_commands().into_iter().find(|c| {
            matches!(c, Command::Act(a) if matches!(a.target, Target::Route(_)))
                && redline::headless::game::probe::probe_rolls(&game, c, None)
                    .is_ok_and(|r| r.is_empty())
        });
        if let Some(open_move) = open_move {
            let before = game.state_hash();
            send(&mut app, BattleIntent::Answer(open_move));
            assert!(app.world().resource::<Match>().can_undo());
            send(&mut app, BattleIntent::Undo);
            assert_eq!(app.world().resource::<Match>().game().state_hash(), before);
            undone = true;
            break;
        }
        play(&mut app, 1, 0);
    }
    assert!(undone, "an open move came up");
    // After any roll there is nothing to take back.
    for _ in 0..400 {
        play(&mut app, 1, 0);
        let m = app.world().resource::<Match>();
        let rolled = m.replay().steps.last().is_some_and(|s| {
            matches!(
                s.command,
                Command::Defend(_) | Command::KeepRoll | Command::Reroll
            )
        });
        if rolled {
            assert!(!m.can_undo());
            return;
        }
    }
    let log = app.world().resource::<BattleLog>().entries().to_vec();
    panic!(
        "no roll in 400 answers: {:#?}",
        &log[log.len().saturating_sub(30)..]
    );
}

#[test]
fn the_log_of_a_whole_match_speaks_in_words() {
    let dir = data_dir("log-words");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    play(&mut app, 5000, 0);
    assert!(app.world().resource::<Match>().game().outcome().is_some());
    let log = app.world().resource::<BattleLog>().entries().to_vec();
    assert!(log.len() > 50, "{} lines", log.len());
    assert_speaks_in_words(&log);
    assert!(log.iter().any(|l| l.contains("takes Control")), "{log:#?}");
}

/// No engine value printed as Rust debug text: no braces, no `Seat(0)`, no `ModelId(3)`,
/// no variant name glued to its fields.
fn assert_speaks_in_words(log: &[String]) {
    let raw: Vec<&String> = log
        .iter()
        .filter(|l| {
            ["{", "}", "Seat(", "ModelId(", "CardId(", "::"]
                .iter()
                .any(|r| l.contains(r))
        })
        .collect();
    assert!(raw.is_empty(), "raw engine values in the log: {raw:#?}");
}

#[test]
fn the_log_of_a_whole_match_against_the_computer_speaks_in_words() {
    let dir = data_dir("log-words-solo");
    crate::older_saves::autosave_a_placed_quick_skirmish(&dir);
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    crate::driver::play_against_the_computer(&mut app, |_| false);
    assert!(app.world().resource::<Match>().game().outcome().is_some());
    let log = app.world().resource::<BattleLog>().entries().to_vec();
    assert!(log.iter().any(|l| l.contains(" thinks: ")), "{log:#?}");
    assert_speaks_in_words(&log);
}
