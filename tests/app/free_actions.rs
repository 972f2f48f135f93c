//! A Free action in the app: a character carrying the Stim Injector spends its last Ready
//! token and the app keeps its activation open, offering the Free dose through the prompt's
//! own token choice and the action tool, instead of passing Control (TOK-10, CTRL-5).

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::aim::{AimIntent, offered_actions, offered_token};
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::headless::game::meta::MatchMeta;
use redline::headless::game::quick::QUICK_SCENARIO;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::saves;
use redline::headless::screen::Screen;
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::TeamRules;
use redline_rules::{Command, DecisionKind, Game, ModelId, Target};

use crate::driver::{data_dir, new_app, screen, send};
use crate::hot_seat::take_screen;

/// A hot-seat match of Glasswork, its first member carrying the Stim Injector, against
/// Tidewater, continued from the autosave.
fn stim_match() -> App {
    let dir = data_dir("stim");
    let app = new_app(&dir);
    let catalog = app.world().resource::<Content>().0.clone();
    let autosave = app.world().resource::<DataDir>().autosave();
    drop(app);
    let rules = TeamRules::one_off(catalog.scenarios.get(QUICK_SCENARIO).unwrap().eb_limit);
    let mut teams: Vec<_> = ["glasswork", "tidewater"]
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).unwrap())
        .collect();
    // Within the budget: the Glasswork members' other Gear makes room for the injector.
    for member in &mut teams[0].members {
        member.gear.clear();
    }
    teams[0].members[0].gear.push("glass_stim_injector".into());
    let placed = skirmish(&catalog, QUICK_SCENARIO, None, &teams, 3).unwrap();
    let meta = MatchMeta::of_skirmish(&catalog, &placed, &teams, false);
    let started = Match::new(placed.setup, 3, meta).unwrap();
    saves::save_match(&autosave, &started).unwrap();
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    app
}

fn game(app: &App) -> Game {
    app.world().resource::<Match>().game().clone()
}

/// Answers with the scripted player until `stop` holds.
fn answer_until(app: &mut App, stop: impl Fn(&Game) -> bool) {
    for _ in 0..2000 {
        if take_screen(app) {
            continue;
        }
        let g = game(app);
        if stop(&g) {
            return;
        }
        let command = scripted_answer(&g).expect("the game goes on");
        send(app, BattleIntent::Answer(command));
    }
    panic!("the awaited decision never came");
}

/// The carrier of the Stim Injector and its dose, as the prompt lists the actions.
fn dose_of(g: &Game) -> (ModelId, u16) {
    (0..g.model_count() as u16)
        .map(ModelId)
        .find_map(|m| {
            offered_actions(g, m)
                .into_iter()
                .find(|a| g.action(m, *a).is_some_and(|d| d.name == "Adrenal Dose"))
                .map(|a| (m, a))
        })
        .expect("the prompt lists the Stim Injector's dose for its carrier")
}

#[test]
fn tok_10_ctrl_5_the_app_keeps_offering_a_free_dose_after_the_last_ready_token() {
    let mut app = stim_match();
    let (carrier, dose) = dose_of(&game(&app));
    answer_until(&mut app, |g| {
        g.legal_commands()
            .contains(&Command::Activate { model: carrier })
    });
    send(
        &mut app,
        BattleIntent::Answer(Command::Activate { model: carrier }),
    );
    let seat = game(&app).control();
    // Spend every Ready token on moves, the rival's answers (if any) scripted.
    while game(&app).tokens(carrier).iter().any(|t| t.ready) {
        let g = game(&app);
        assert_eq!(g.active_model(), Some(carrier));
        let step = g
            .legal_commands()
            .into_iter()
            .find(|c| {
                matches!(c, Command::Act(a) if a.model == carrier && a.action != dose
                    && matches!(&a.target, Target::Route(r) if !r.is_empty()))
            })
            .expect("the carrier can move");
        send(&mut app, BattleIntent::Answer(step));
        answer_until(&mut app, |g| {
            g.active_model() != Some(carrier)
                || g.decision()
                    .is_some_and(|d| d.kind == DecisionKind::NextAction { model: carrier })
        });
    }
    // CTRL-5: the Free dose can still be taken (TOK-10), so the activation stays open.
    let g = game(&app);
    assert_eq!(g.control(), seat, "Control did not pass");
    assert_eq!(g.active_model(), Some(carrier));
    let legal = g.legal_commands();
    // The prompt's choice: no Ready token to pick, so the engine's Used colour is sent.
    assert!(offered_actions(&g, carrier).contains(&dose));
    let token = offered_token(&g, &legal, carrier, dose, None);
    assert!(token.is_some(), "a Free action takes a Used token's colour");
    let mut bare = legal
        .iter()
        .find_map(|c| match c {
            Command::Act(a) if a.model == carrier && a.action == dose => Some(a.clone()),
            _ => None,
        })
        .expect("the engine offers the dose");
    bare.token = None;
    assert!(
        g.check(&Command::Act(bare)).is_err(),
        "without a token's colour the dose is refused (TOK-10)"
    );
    send(
        &mut app,
        AimIntent::Action {
            model: carrier,
            action: dose,
            token,
            reaction: false,
        },
    );
    send(&mut app, AimIntent::Confirm);
    app.update();
    let m = app.world().resource::<Match>();
    let last = &m.replay().steps.last().unwrap().command;
    assert!(
        matches!(last, Command::Act(a) if a.model == carrier && a.action == dose),
        "the dose was taken through the action tool: {last:?}"
    );
    // Refresh(1): one Used token flips back, and the carrier acts on.
    answer_until(&mut app, |g| {
        g.tokens(carrier).iter().any(|t| t.ready) || g.active_model() != Some(carrier)
    });
    assert_eq!(game(&app).active_model(), Some(carrier));
}
