//! The smoke scenes of the menus and the set-up: the main menu, a solo game's settings, the
//! team builder with a rule broken, a hot-seat deployment, a 2 vs 2 deployment and the
//! terrain planner. Each sends on fixed frames what a player would click.

use super::run::SmokeRun;
use super::stage::Stage;
use crate::headless::flow::builder_intents::BuilderIntent;
use crate::headless::flow::hand_over::HandOverReady;
use crate::headless::flow::menu::MenuIntent;
use crate::headless::flow::new_game::SetupIntent;
use crate::headless::planner::PlannerIntent;
use crate::headless::screen::Screen;

/// `main-menu`: the menu as it opens.
pub(super) fn main_menu(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if stage.on(Screen::MainMenu) {
        stage.shoot(run, frame, 14);
    }
}

/// `solo-setup`: the Setup screen of a new solo game.
pub(super) fn solo_setup(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    match frame {
        3 => {
            stage.send.menu.write(MenuIntent::NewSolo);
        }
        _ => stage.shoot(run, frame, 12),
    }
}

/// `team-builder`: the quick team with its Leader taken out, so the TEAM-3 violation shows.
pub(super) fn team_builder(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    let send = &mut stage.send;
    match frame {
        3 => {
            send.menu.write(MenuIntent::NewGame);
        }
        6 => {
            send.setup.write(SetupIntent::Start);
        }
        9 => {
            send.ready.write(HandOverReady);
        }
        11 => {
            send.build.write(BuilderIntent::QuickTeam);
        }
        13 => {
            send.build.write(BuilderIntent::Remove(0));
        }
        _ => stage.shoot(run, frame, 20),
    }
}

/// `deployment`: both seats build their quick teams; the first deploys, a model selected.
pub(super) fn deployment(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    let send = &mut stage.send;
    match frame {
        3 => {
            send.menu.write(MenuIntent::NewGame);
        }
        6 => {
            send.setup.write(SetupIntent::Start);
        }
        9 | 15 | 21 => {
            send.ready.write(HandOverReady);
        }
        11 | 17 => {
            send.build.write(BuilderIntent::QuickTeam);
        }
        13 | 19 => {
            send.build.write(BuilderIntent::Done);
        }
        25 => stage.select_first(),
        _ => stage.shoot(run, frame, 34),
    }
}

/// `two-vs-two`: the four seats of the 2 vs 2 scenario each build their quick team after
/// the hand-over, then the first seat deploys (four teams in the top bar).
pub(super) fn two_vs_two(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    let send = &mut stage.send;
    match frame {
        3 => {
            send.menu.write(MenuIntent::NewGame);
        }
        6 => {
            send.setup
                .write(SetupIntent::Scenario("alliance_night".into()));
        }
        7 => {
            send.setup.write(SetupIntent::Start);
        }
        9..=32 => match (frame - 9) % 6 {
            0 => {
                send.ready.write(HandOverReady);
            }
            2 => {
                send.build.write(BuilderIntent::QuickTeam);
            }
            4 => {
                send.build.write(BuilderIntent::Done);
            }
            _ => {}
        },
        35 => {
            send.ready.write(HandOverReady);
        }
        38 => stage.select_first(),
        _ => stage.shoot(run, frame, 48),
    }
}

/// `planner`: a generated, mirrored table with its heat map and climbing routes, the
/// rulebook's tags agreed, one piece selected (its tags shown) and a Path of Attack checked
/// across the middle.
pub(super) fn planner(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    match frame {
        3 => {
            stage.send.menu.write(MenuIntent::Planner);
        }
        6 => {
            let plan = &mut stage.send.plan;
            plan.write(PlannerIntent::Generate {
                seed: 7,
                symmetry: redline_planner::Symmetry::Mirror,
            });
            plan.write(PlannerIntent::HeatMap(true));
            plan.write(PlannerIntent::Climbs(true));
            // The players take the rulebook's suggestion for every piece (the water tanks
            // become elevated), so routes up are drawn.
            plan.write(PlannerIntent::SelectOnly((0..32).collect()));
            plan.write(PlannerIntent::SuggestTags);
            plan.write(PlannerIntent::Select {
                index: Some(0),
                add: false,
            });
            plan.write(PlannerIntent::PoaPoint([5.0, 9.0]));
            plan.write(PlannerIntent::PoaPoint([20.0, 13.0]));
        }
        _ => {
            // The checks run on the task pool: shoot two frames after they are in.
            let checked = frame >= 16 && stage.planner.as_ref().is_some_and(|p| !p.checking());
            if checked && run.shot_at.is_none() {
                run.shot_at = Some(frame + 2);
            }
            if let Some(at) = run.shot_at {
                stage.shoot(run, frame, at);
            }
        }
    }
}

/// `planner-3d`: the starter layout Tenement Yard, loaded through its share code as a
/// player would paste it, in the planner's 3D view framed by the table camera.
pub(super) fn planner_3d(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    match frame {
        3 => {
            stage.send.menu.write(MenuIntent::Planner);
        }
        6 => {
            let layout = stage.content.0.layouts.get("tenement_yard");
            let code = layout
                .map(redline_planner::share::encode)
                .unwrap_or_default();
            stage.send.plan.write(PlannerIntent::ShareIn(code));
        }
        8 => {
            stage
                .send
                .view
                .write(crate::headless::planner::view3d::PlannerViewIntent::ThreeD(
                    true,
                ));
        }
        _ => stage.shoot(run, frame, 24),
    }
}
