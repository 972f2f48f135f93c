//! The deployment before the game over the network (FIELD-7): the engine's deployment
//! decision goes to the seat that owns the team, whose player places it in their own zone
//! from their own machine; a placement outside the zone, a rival's model, an early end and
//! a placement out of turn are refused with a reason and change nothing; every placement is
//! a step of the match, and the match plays on to the host's state hash.

mod common;

use std::time::{Duration, Instant};

use common::*;
use redline_battlespace::ModelBase;
use redline_online::client::ClientEvent;
use redline_online::lobby::SeatKind;
use redline_online::record::NoStore;
use redline_online::{ClientMsg, Reason, protocol};
use redline_rules::scenario::Area;
use redline_rules::{Command, DecisionKind, Game, ModelId, Seat};

/// Runs rounds until `done` holds.
fn until(players: &mut [Player], mut done: impl FnMut(&[Player]) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done(players) {
        assert!(Instant::now() < deadline, "waited too long");
        for p in players.iter_mut() {
            p.round(Duration::from_millis(2));
        }
    }
}

/// The seat's zone in the deployment now.
fn zone_of(game: &Game) -> redline_battlespace::DeploymentZone {
    match game.decision().map(|d| &d.kind) {
        Some(DecisionKind::DeployTeam { placement, .. }) => match placement.area {
            Area::Zone(zone) => zone,
            ref other => panic!("street_claim gives each seat a zone, not {other:?}"),
        },
        other => panic!("expected the deployment, got {other:?}"),
    }
}

/// The models `seat` has still to place in the deployment.
fn to_place(game: &Game, seat: Seat) -> Vec<ModelId> {
    (0..game.model_count() as u16)
        .map(ModelId)
        .filter(|&m| game.owner(m) == seat && game.waiting_to_deploy(m))
        .collect()
}

/// The refusals a player received since `from`.
fn refusals_from(p: &Player, from: usize) -> Vec<Reason> {
    refusals(p).split_off(from)
}

#[test]
fn field_7_each_remote_player_deploys_their_own_team_in_their_own_zone() {
    let server = host(hub(Box::new(NoStore), false));
    let opened = open(&server, lobby(vec![SeatKind::Remote, SeatKind::Remote]));
    let addr = server.addr().to_string();
    let mut players = vec![
        Player::join(&addr, "ana", &opened.seat_codes[0].code, "tidewater", 1),
        Player::join(&addr, "bo", &opened.seat_codes[1].code, "ashfall", 2),
    ];
    for p in &mut players {
        p.hold = true;
    }
    // The deployment begins with seat 0, and only seat 0's player is asked.
    until(&mut players, |p| p[0].online.session.prompt().is_some());
    let game = players[0].online.session.replica().expect("started").game();
    assert_eq!(game.deploying(), Some(Seat(0)));
    let zone = zone_of(game);
    let table = *game.setup().battlespace.table();
    let mine = to_place(game, Seat(0));
    let theirs = to_place(game, Seat(1));
    let spot = game.deployment_spots(mine[0])[0];
    // The same spot turned half way round the table: in the rival's zone.
    let rivals_side = [table.width - spot[0], spot[1], table.depth - spot[2]];
    assert!(!table.in_zone(&ModelBase::new(0, 0, rivals_side), zone));
    assert!(players[1].online.session.prompt().is_none());

    // Bo places one of his models while Ana deploys: out of turn.
    let step = players[1].steps();
    let bo = &mut players[1].online.session;
    bo.send_raw(protocol::encode(&ClientMsg::Answer {
        seat: Seat(1),
        step,
        command: Command::Deploy {
            model: theirs[0],
            at: spot,
        },
    }));
    until(&mut players, |p| !refusals(&p[1]).is_empty());
    assert!(
        matches!(refusals(&players[1])[0], Reason::OutOfTurn { .. }),
        "{:?}",
        refusals(&players[1])
    );

    // Ana's wrong answers, one at a time: each is refused by FIELD-7 and the prompt reopens.
    let wrong = [
        Command::Deploy {
            model: mine[0],
            at: rivals_side,
        },
        Command::Deploy {
            model: theirs[0],
            at: spot,
        },
        Command::EndDeployment,
    ];
    for (i, command) in wrong.into_iter().enumerate() {
        assert!(
            players[0].online.session.answer(command),
            "a prompt is open"
        );
        until(&mut players, |p| {
            refusals(&p[0]).len() > i && p[0].online.session.prompt().is_some()
        });
    }
    for reason in refusals_from(&players[0], 0) {
        assert!(
            matches!(&reason, Reason::Rule { rule, .. } if rule == "FIELD-7"),
            "{reason:?}"
        ); // FIELD-7
    }
    assert_eq!(players[0].steps(), 0, "nothing refused was played");

    // Now the bots answer: each deploys its own team, then the game is played out.
    for p in &mut players {
        p.hold = false;
    }
    players[0].answer();
    play(&mut players, |_| false);
    assert_eq!(players[0].final_hash(), players[1].final_hash());
    let placements: Vec<_> = players[1]
        .events
        .iter()
        .filter_map(|e| match e {
            ClientEvent::Played { step, .. } => match step.command {
                Command::Deploy { model, .. } => Some((step.seat, model)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    for (seat, team) in [(Seat(0), &mine), (Seat(1), &theirs)] {
        for model in team {
            assert!(
                placements.contains(&(seat, *model)),
                "{model} was placed by its own seat {seat:?}"
            );
        }
    }
    let game = players[1].online.session.replica().expect("replica").game();
    for (seat, model) in placements {
        assert_eq!(game.owner(model), seat, "no team placed by another seat");
    }
}

#[test]
fn field_7_a_placed_team_stands_wholly_in_its_zone_on_every_machine() {
    let server = host(hub(Box::new(NoStore), false));
    let opened = open(&server, lobby(vec![SeatKind::Remote, SeatKind::Remote]));
    let addr = server.addr().to_string();
    let mut players = vec![
        Player::join(&addr, "ana", &opened.seat_codes[0].code, "tidewater", 3),
        Player::join(&addr, "bo", &opened.seat_codes[1].code, "ashfall", 4),
    ];
    let mut checked = false;
    play(&mut players, |players| {
        let Some(game) = players[1].online.session.replica().map(|r| r.game()) else {
            return false;
        };
        if checked || game.deploying().is_some() {
            return false;
        }
        checked = true;
        let table = game.setup().battlespace.table();
        for m in (0..game.model_count() as u16).map(ModelId) {
            if game.in_play(m) {
                let base = ModelBase::new(u32::from(m.0), 0, game.position(m));
                let Area::Zone(zone) = game.deployment_placement(game.owner(m)).area else {
                    panic!("street_claim gives each seat a zone");
                };
                assert!(table.in_zone(&base, zone), "FIELD-7: {m} outside its zone");
            }
        }
        false
    });
    assert!(checked, "the deployment was seen to its end");
    assert_eq!(players[0].final_hash(), players[1].final_hash());
}
