//! The table follows the constructs' states (BOT) in a game with SEC and BOT on (the table of
//! `security_visuals`): a construct toppled by a rival lies on its side and its card says
//! TOPPLED; one Under Repair shows its wrench and its card gives the engine's chance of its
//! repair roll.

use bevy::prelude::*;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::saves;
use redline::table::look::FigureMesh;
use redline::table::module_card::ModuleCard;
use redline::table::spawn::Miniature;
use redline_rules::{
    Command, DecisionKind, Game, ModelId, START_REPAIR, Seat, Setup, TOPPLE, Target,
};

use crate::driver::{data_dir, new_app_with_visuals, send};
use crate::security_visuals::{game, look_of, secured};

/// The construct of the first crew and the second crew's character that topples it,
/// a few inches apart in the open.
fn toppling_pair(setup: &mut Setup) -> Option<(ModelId, ModelId)> {
    let t = *setup.battlespace.table();
    let construct = setup
        .models
        .iter()
        .position(|m| m.owner == Seat(0) && m.profile.construct.is_some())?;
    let toppler = setup.models.iter().position(|m| {
        m.owner == Seat(1) && m.profile.gonk_colour.is_none() && m.profile.construct.is_none()
    })?;
    let radius = |i: usize| setup.models[i].profile.base_mm / 25.4 / 2.0;
    let gap = radius(construct) + radius(toppler) + 3.0;
    let at = [t.width / 2.0 - 5.0, 0.0, 3.0];
    setup.models[construct].position = at;
    setup.models[toppler].position = [at[0] + gap, 0.0, at[2]];
    Some((ModelId(construct as u16), ModelId(toppler as u16)))
}

/// The engine's answer the test steers to: the construct spends its tokens on its
/// shortest moves, then the toppler walks up to it and Topples it (BOT-11) with the dice
/// loaded to win; the toppler never [RE]acts.
fn steer(g: &mut Game, construct: ModelId, toppler: ModelId) -> Option<Command> {
    let legal = g.legal_commands();
    let decision = g.decision()?;
    let pick = match decision.kind {
        DecisionKind::TakeControl { .. } if decision.seat == Seat(0) => {
            Some(Command::Activate { model: construct })
        }
        DecisionKind::TakeControl { .. } => Some(Command::Activate { model: toppler }),
        DecisionKind::OfferReaction { model, .. } if model == toppler => {
            Some(Command::DeclineReaction)
        }
        DecisionKind::NextAction { model } if model == construct => shortest_move(g, &legal),
        DecisionKind::NextAction { model } if model == toppler => {
            let topple = legal.iter().find(|c| {
                matches!(c, Command::Act(a) if a.action == TOPPLE
                    && a.target == Target::Model(construct))
            });
            if topple.is_some() {
                g.load_dice(&[u8::MAX, 1]);
            }
            topple.cloned().or_else(|| walk_up(g, toppler, construct))
        }
        _ => None,
    };
    pick.filter(|c| g.check(c).is_ok())
        .or_else(|| scripted_answer(g))
}

/// The legal move with a token that ends nearest where the mover stands.
fn shortest_move(g: &Game, legal: &[Command]) -> Option<Command> {
    let end = |c: &Command| match c {
        Command::Act(a) if a.token.is_some() && a.action == redline_rules::basic::MOVE => {
            match &a.target {
                Target::Route(r) => r.last().map(|p| {
                    let [x, _, z] = g.position(a.model);
                    (p[0] - x).hypot(p[2] - z)
                }),
                _ => None,
            }
        }
        _ => None,
    };
    legal
        .iter()
        .filter_map(|c| end(c).map(|d| (d, c)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.clone())
}

/// A Basic Move of `mover` to within reach of `to`, on its own side, if the engine allows it.
fn walk_up(g: &Game, mover: ModelId, to: ModelId) -> Option<Command> {
    let token = g.tokens(mover).iter().position(|t| t.ready)? as u8;
    let [mx, _, mz] = g.position(mover);
    let [tx, _, tz] = g.position(to);
    let radius = |m: ModelId| g.profile(m).base_mm / 25.4 / 2.0;
    let (dx, dz) = (mx - tx, mz - tz);
    let a = dz.atan2(dx);
    let r = radius(mover) + radius(to) + 0.4;
    [0.0f32, 0.6, -0.6, 1.2, -1.2].into_iter().find_map(|turn| {
        let at = [tx + r * (a + turn).cos(), 0.0, tz + r * (a + turn).sin()];
        let cmd = Command::Act(redline_rules::ActionCommand {
            model: mover,
            action: redline_rules::basic::MOVE,
            token: Some(token),
            target: Target::Route(vec![at]),
        });
        g.check(&cmd).is_ok().then_some(cmd)
    })
}

#[test]
fn bot_11_bot_12_a_toppled_construct_lies_on_its_side_and_its_card_says_so() {
    let (mut setup, meta, _) = secured("security-topple").expect("a secured table");
    let (construct, toppler) = toppling_pair(&mut setup).expect("a construct and a rival");
    let dir = data_dir("security-topple");
    let app = new_app_with_visuals(&dir);
    let autosave = app.world().resource::<DataDir>().autosave();
    drop(app);
    saves::save_match(&autosave, &Match::new(setup, 5, meta).unwrap()).unwrap();
    let mut app = new_app_with_visuals(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    let mut g = game(&app);
    for _ in 0..80 {
        if g.is_toppled(construct) {
            break;
        }
        let Some(next) = steer(&mut g, construct, toppler) else {
            break;
        };
        g.apply(next).expect("a legal answer");
    }
    assert!(g.is_toppled(construct), "BOT-11: the Topple won");
    app.world_mut().resource_mut::<Match>().mirror(&g);
    app.update();
    let look = look_of(&mut app, construct);
    assert!(look.marks.toppled, "BOT-12: the look says Toppled");
    let card = ModuleCard::of(&g, construct, None);
    assert!(card.construct.toppled, "BOT-12: the card says TOPPLED");
    // BOT-12: the figure lies on its side: its meshes are turned off the upright.
    let world = app.world_mut();
    let mut bodies = world.query::<(&ChildOf, &Transform, &FigureMesh)>();
    let entity = {
        let mut q = world.query::<(Entity, &Miniature)>();
        q.iter(world)
            .find(|(_, m)| m.model == construct)
            .map(|(e, _)| e)
            .unwrap()
    };
    let turned: Vec<f32> = bodies
        .iter(world)
        .filter(|(parent, _, _)| parent.parent() == entity)
        .map(|(_, t, _)| (t.rotation * Vec3::Y).y)
        .collect();
    assert!(!turned.is_empty(), "the construct's figure is drawn");
    assert!(turned.iter().all(|up| up.abs() < 0.1), "{turned:?}");
}

/// The answer the test steers to: the toppler walks up and wounds the construct with the
/// dice loaded to win, then the construct spends a token on Start Repair (BOT-9).
fn steer_to_repair(g: &mut Game, construct: ModelId, toppler: ModelId) -> Option<Command> {
    let legal = g.legal_commands();
    let decision = g.decision()?;
    let damaged = g.construct_systems(construct).iter().any(|s| s.1);
    let pick = match decision.kind {
        DecisionKind::ChooseFirstControl { .. } => {
            Some(Command::GiveFirstControl { seat: Seat(1) })
        }
        DecisionKind::TakeControl { .. } if decision.seat == Seat(0) => {
            Some(Command::Activate { model: construct })
        }
        DecisionKind::TakeControl { .. } => Some(Command::Activate { model: toppler }),
        DecisionKind::OfferReaction { .. } => Some(Command::DeclineReaction),
        DecisionKind::NextAction { model } if model == toppler && damaged => {
            Some(Command::EndActivation)
        }
        DecisionKind::NextAction { model } if model == toppler => {
            let attack = legal.iter().find(|c| {
                matches!(c, Command::Act(a) if a.target == Target::Model(construct)
                    && g.action(toppler, a.action).is_some_and(|d| d.attack))
            });
            if attack.is_some() {
                g.load_dice(&[u8::MAX, 1]);
            }
            attack.cloned().or_else(|| walk_up(g, toppler, construct))
        }
        DecisionKind::NextAction { model } if model == construct => {
            let token = g.tokens(construct).iter().position(|t| t.ready)? as u8;
            Some(Command::Act(redline_rules::ActionCommand {
                model: construct,
                action: START_REPAIR,
                token: Some(token),
                target: Target::None,
            }))
        }
        _ => None,
    };
    pick.filter(|c| g.check(c).is_ok())
        .or_else(|| scripted_answer(g))
}

#[test]
fn bot_9_bot_10_a_construct_under_repair_shows_it_and_its_card_gives_the_repair_odds() {
    let (mut setup, meta, _) = secured("security-repair").expect("a secured table");
    let (construct, toppler) = toppling_pair(&mut setup).expect("a construct and a rival");
    let dir = data_dir("security-repair");
    let app = new_app_with_visuals(&dir);
    let autosave = app.world().resource::<DataDir>().autosave();
    drop(app);
    saves::save_match(&autosave, &Match::new(setup, 5, meta).unwrap()).unwrap();
    let mut app = new_app_with_visuals(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    let mut g = game(&app);
    for _ in 0..80 {
        if g.under_repair(construct) {
            break;
        }
        let Some(next) = steer_to_repair(&mut g, construct, toppler) else {
            break;
        };
        g.apply(next).expect("a legal answer");
    }
    assert!(g.under_repair(construct), "BOT-9: Start Repair");
    app.world_mut().resource_mut::<Match>().mirror(&g);
    app.update();
    assert!(
        look_of(&mut app, construct).marks.under_repair,
        "BOT-10: the mark"
    );
    let card = ModuleCard::of(&g, construct, None);
    let (heal, _) = card
        .construct
        .under_repair
        .expect("BOT-9: the card says UNDER REPAIR");
    let colour = g.repair_colour(construct).expect("the token it spent");
    // BOT-9: the engine's chance of the repair roll.
    assert_eq!(heal, g.self_repair_odds(construct, colour).success);
}
