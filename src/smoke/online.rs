//! The smoke scenes of online play: the lobby of a match this app hosts, and a hosted match
//! on the table waiting for the other seat (a computer on the host, as a remote player
//! would be). Each sends on fixed frames what a player would click.

use redline_online::lobby::SeatKind;
use redline_rules::{Command, DecisionKind, Seat};

use super::run::SmokeRun;
use super::stage::Stage;
use crate::headless::flow::battle::BattleIntent;
use crate::headless::flow::menu::MenuIntent;
use crate::headless::game::autoplay::scripted_answer;
use crate::headless::online::{HostRequest, OnlineIntent, TeamChoice};

/// Frames the waiting table is shown before the shot.
const WAIT_SHOT: u32 = 3;

/// Hosts Street Claim on a free local port, seat 1 played here, seat 2 by `second`.
fn host(stage: &mut Stage, second: SeatKind) {
    stage.send.online.write(OnlineIntent::Host(HostRequest {
        scenario: "street_claim".into(),
        layout: None,
        seats: vec![SeatKind::Local, second],
        turn_limit: None,
        size: None,
        modules: Default::default(),
        bind: "127.0.0.1:0".into(),
        name: "Ana".into(),
    }));
}

/// Sends the Tidewater quick team for seat 1.
fn send_team(stage: &mut Stage) {
    stage.send.online.write(OnlineIntent::Team {
        seat: Seat(0),
        choice: TeamChoice::Quick("tidewater".into()),
    });
}

/// `lobby`: this app hosts, seat 1 with the Tidewater quick team, seat 2 waiting for
/// someone with its code; a chat line.
pub(super) fn lobby(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    match frame {
        3 => {
            stage.send.menu.write(MenuIntent::HostOnline);
        }
        6 => host(stage, SeatKind::Remote),
        12 => send_team(stage),
        16 => {
            stage
                .send
                .online
                .write(OnlineIntent::Chat("Codes are up: join when ready".into()));
        }
        _ => stage.shoot(run, frame, 40),
    }
}

/// `online-match`: this app hosts against a Hard computer seat; seat 1 (here) deploys and
/// plays by the scripted player through the battle intents until the other seat decides,
/// and the table waits for it.
pub(super) fn online_match(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    match frame {
        3 => {
            stage.send.menu.write(MenuIntent::HostOnline);
        }
        6 => host(
            stage,
            SeatKind::Computer {
                level: "hard".into(),
                faction: "ashfall".into(),
            },
        ),
        12 => send_team(stage),
        _ => {
            if let Some(start) = run.shot_at {
                stage.shoot(run, frame, start + WAIT_SHOT);
                return;
            }
            let Some(game) = stage.current.as_deref().map(|m| m.game().clone()) else {
                return;
            };
            let Some(decision) = game.decision() else {
                return;
            };
            if decision.seat == Seat(1) && game.deploying().is_none() {
                run.shot_at = Some(frame);
                return;
            }
            if decision.seat != Seat(0) || !frame.is_multiple_of(4) {
                return;
            }
            let answer = match &decision.kind {
                DecisionKind::DeployTeam { to_place, .. } if to_place.is_empty() => {
                    Some(Command::EndDeployment)
                }
                DecisionKind::DeployTeam { .. } => None,
                _ => scripted_answer(&game),
            };
            if let Some(command) = answer {
                stage.send.battle.write(BattleIntent::Answer(command));
            }
        }
    }
}
