//! The match on the table following the host's game: at `Started` a [`Match`] is built from
//! the replica's start (the game without its seed), every step the host played is played
//! on it with the dice the host revealed ([`Match::follow`]) and told as [`MatchEvents`]
//! (with [`ActivationClosed`] and [`MatchEnded`]) so the table animates and the log reads as
//! in hot-seat; if it ever differs from the replica it takes the replica's game. This app's
//! answers ([`AnswerToHost`]) go to the host when its prompt is there.

use bevy::prelude::*;
use redline_content::Catalog;
use redline_content::team::TeamSpec;
use redline_online::client::ClientEvent;
use redline_online::lobby::LobbyState;
use redline_rules::{Game, Replay, Seat, Setup};

use crate::headless::content::Content;
use crate::headless::flow::battle::closes_activation;
use crate::headless::flow::start::begin_match;
use crate::headless::game::feed::log_of_replay;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::{Match, OnlineGame};
use crate::headless::game::messages::{ActivationClosed, AnswerToHost, MatchEnded, MatchEvents};
use crate::headless::game::meta::{MatchMeta, ModelKit, SeatMeta};
use crate::headless::notice::Notice;
use crate::headless::online::link::{FinishCheck, OnlineLink, pump};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        follow_host
            .after(pump)
            .in_set(PlaySystems::Computer)
            .run_if(resource_exists::<OnlineLink>),
    );
    app.add_systems(
        Update,
        send_answers
            .in_set(PlaySystems::Derive)
            .run_if(resource_exists::<OnlineLink>),
    );
}

/// What following the host tells the rest of the app.
#[derive(bevy::ecs::system::SystemParam)]
struct TableNews<'w> {
    events: MessageWriter<'w, MatchEvents>,
    closed: MessageWriter<'w, ActivationClosed>,
    ended: MessageWriter<'w, MatchEnded>,
    notice: ResMut<'w, Notice>,
    next: ResMut<'w, NextState<Screen>>,
}

fn follow_host(
    mut commands: Commands,
    mut link: ResMut<OnlineLink>,
    content: Res<Content>,
    mut current: Option<ResMut<Match>>,
    mut news: TableNews,
) {
    let events = std::mem::take(&mut link.for_table);
    if events.is_empty() {
        return;
    }
    // A match that starts here (or again, after fetching it whole): its steps so far are
    // history, logged from its replay rather than animated.
    let mut fresh: Option<Match> = None;
    for event in events {
        match event {
            ClientEvent::Started => match match_of_replica(&content.0, &link) {
                Ok(m) => fresh = Some(m),
                Err(e) => news.notice.error(e),
            },
            ClientEvent::Played { step, events } => {
                if let Some(m) = fresh.as_mut() {
                    // Checked against the replica below.
                    let _ = m.follow(step.command.clone(), &step.draws);
                } else if let Some(m) = current.as_deref_mut() {
                    if let Err(e) = m.follow(step.command.clone(), &step.draws) {
                        news.notice
                            .error(format!("The table could not follow the host: {e}"));
                    }
                    if m.game().outcome().is_some() {
                        news.ended.write(MatchEnded);
                    } else if closes_activation(&events) {
                        news.closed.write(ActivationClosed);
                    }
                    news.events.write(MatchEvents(events));
                }
            }
            ClientEvent::Finished { .. } => {
                let check = link.online.session.finish().map(|f| FinishCheck {
                    host_hash: f.host_state_hash,
                    verified: f.verified.clone().map_err(|e| e.to_string()),
                });
                link.finish = check;
                news.next.set(Screen::Results);
            }
            _ => {}
        }
    }
    // The table ends where the replica is, whatever happened on the way.
    if let Some(replica) = link.online.session.replica() {
        let table = fresh.as_mut().or(current.as_deref_mut());
        if let Some(m) = table
            && m.game().public_hash() != replica.public_hash()
        {
            m.mirror(replica.game());
        }
    }
    if let Some(m) = fresh {
        let seats = link.seats().to_vec();
        put_on_table(&mut commands, m, seats);
    }
}

/// Opens the battle on a match that follows the host: its log (the steps so far, if it
/// joined late), no hand-over, marked online so that it is not autosaved here.
fn put_on_table(commands: &mut Commands, started: Match, seats: Vec<Seat>) {
    let mut log = BattleLog::default();
    if !started.replay().steps.is_empty() {
        for line in log_of_replay(started.replay(), &started.meta) {
            log.push(line);
        }
    }
    commands.insert_resource(log);
    commands.insert_resource(OnlineGame { seats });
    begin_match(commands, started, None);
}

/// A match at the replica's start: the host's setup and opening draws, no seed.
fn match_of_replica(catalog: &Catalog, link: &OnlineLink) -> Result<Match, String> {
    let replica = link
        .online
        .session
        .replica()
        .ok_or("the match started without its set-up")?;
    let start = replica.start();
    let game = Game::replica(start.setup.clone(), &start.opening).map_err(|e| e.to_string())?;
    let meta = online_meta(catalog, link.lobby(), &start.setup, &link.teams);
    let label = format!("{} on {} (online)", meta.scenario_name, meta.layout_name);
    let replay = Replay::start(&game, label);
    Ok(Match::resumed(game, replay, meta))
}

/// The app's record of an online match: each seat named after its player, with its
/// faction's name and colour; this app's own teams as built (the others' lists stay with
/// their players). Nobody is the computer here: computer seats are played on the host.
pub fn online_meta(
    catalog: &Catalog,
    lobby: Option<&LobbyState>,
    setup: &Setup,
    mine: &[(Seat, TeamSpec)],
) -> MatchMeta {
    let scenario = lobby.map(|l| l.scenario.clone()).unwrap_or_default();
    let layout = lobby
        .and_then(|l| l.layout.clone())
        .or_else(|| {
            catalog
                .scenarios
                .get(&scenario)
                .and_then(|s| s.setup.layouts.first().cloned())
        })
        .unwrap_or_default();
    let seats = (0..setup.players.len())
        .map(|i| {
            let state = lobby.and_then(|l| l.seats.get(i));
            let team = mine
                .iter()
                .find(|(s, _)| usize::from(s.0) == i)
                .map(|(_, t)| t.clone());
            let faction = team
                .as_ref()
                .map(|t| t.faction.clone())
                .or_else(|| state.and_then(|s| s.faction.clone()))
                .unwrap_or_default();
            let known = catalog.factions.get(&faction);
            SeatMeta {
                name: state
                    .and_then(|s| s.player.clone())
                    .unwrap_or_else(|| format!("Player {}", i + 1)),
                faction_name: known.map_or_else(|| faction.clone(), |f| f.name.clone()),
                colour: known.map_or([200, 200, 200], |f| f.colour),
                team: team.unwrap_or_else(|| TeamSpec::new(&faction)),
                faction,
                ai: None,
            }
        })
        .collect();
    MatchMeta {
        scenario_name: catalog
            .scenarios
            .get(&scenario)
            .map_or_else(|| scenario.clone(), |s| s.name.clone()),
        scenario,
        layout_name: catalog
            .layouts
            .get(&layout)
            .map_or_else(|| layout.clone(), |l| l.name.clone()),
        layout,
        seats,
        models: vec![ModelKit::default(); setup.models.len()],
        hand_over: false,
        deployment: Vec::new(),
    }
}

/// This app's answers wait for their prompt, then go to the host.
fn send_answers(mut link: ResMut<OnlineLink>, mut answers: MessageReader<AnswerToHost>) {
    let step = link.online.session.replica().map(|r| r.steps());
    for AnswerToHost(command) in answers.read() {
        if let Some(step) = step {
            link.pending = Some((command.clone(), step));
        }
    }
    link.answer_pending();
}
