//! The client connection of an online match ([`OnlineLink`]): pumped every frame without
//! waiting, what it reports sorted for the lobby (seats, chat, refusals in words) and for the
//! table (`follow`), the lobby's requests sent, and a dropped connection reconnected.

use std::time::Duration;

use bevy::prelude::*;
use redline_content::skirmish::{quick_team, quick_team_rules};
use redline_content::team::{TeamRules, TeamSpec};
use redline_online::client::ClientEvent;
use redline_online::lobby::{LobbyState, Presence, SeatState};
use redline_rules::{Command, Seat};

use crate::headless::content::Content;
use crate::headless::game::match_state::OnlineGame;
use crate::headless::notice::Notice;
use crate::headless::online::host::{Hosting, start_hosting};
use crate::headless::online::net::{self, Online};
use crate::headless::online::{OnlineIntent, TeamChoice};
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::rosters::Rosters;
use crate::headless::persist::settings::{GameSettings, remember_size};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// Seconds between two attempts to reach the host again.
pub const RETRY_SECS: f32 = 1.0;

/// How the connection stands.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkState {
    /// Reaching the host (the first time or again).
    Connecting,
    /// Open: the match goes on.
    Open,
    /// Dropped: why, and when the next attempt is (the app's clock, seconds).
    Lost {
        /// Why it dropped.
        why: String,
        /// When to try again.
        retry_at: f32,
    },
}

/// The end of the match as this app saw it, with the check of the whole match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishCheck {
    /// The host's full state hash at the end.
    pub host_hash: u64,
    /// The hash this app reached playing the whole match again with the revealed seed, or
    /// why it could not.
    pub verified: Result<u64, String>,
}

impl FinishCheck {
    /// Whether this app's copy ends exactly where the host's game does.
    pub fn agrees(&self) -> bool {
        self.verified == Ok(self.host_hash)
    }

    /// The check in words, for the result screen.
    pub fn words(&self) -> String {
        match &self.verified {
            Ok(hash) if *hash == self.host_hash => format!(
                "Checked: every roll came from the seed the host revealed at the end, and the \
                 whole match played again here ends on the host's state ({hash:016x})."
            ),
            Ok(hash) => format!(
                "The check failed: played again with the revealed seed the match ends on \
                 {hash:016x}, the host says {:016x}.",
                self.host_hash
            ),
            Err(why) => format!("The check of the match could not be made: {why}."),
        }
    }
}

/// This app's connection to the host of an online match, and what it has heard.
#[derive(Resource, Debug)]
pub struct OnlineLink {
    /// The connection and its session (seats, replica, prompt).
    pub online: Online,
    /// How the connection stands.
    pub state: LinkState,
    /// The lobby as last sent, and when it came (the app's clock, seconds).
    lobby: Option<(LobbyState, f32)>,
    /// Chat lines, oldest first ("name: text").
    pub chat: Vec<String>,
    /// The last refusal of the host, in words.
    pub refusal: Option<String>,
    /// The teams this app submitted, by seat.
    pub teams: Vec<(Seat, TeamSpec)>,
    /// The end of the match, once over.
    pub finish: Option<FinishCheck>,
    /// Whether a seat was taken (the host accepted a code).
    pub joined: bool,
    /// What the table follows, in order (taken by `follow`).
    pub(super) for_table: Vec<ClientEvent>,
    /// An answer waiting for its prompt: the command and the step it answers.
    pub(super) pending: Option<(Command, u32)>,
}

impl OnlineLink {
    /// A link over a connection (already asked to join).
    pub fn new(online: Online) -> OnlineLink {
        OnlineLink {
            online,
            state: LinkState::Connecting,
            lobby: None,
            chat: Vec::new(),
            refusal: None,
            teams: Vec::new(),
            finish: None,
            joined: false,
            for_table: Vec::new(),
            pending: None,
        }
    }

    /// The lobby as last sent.
    pub fn lobby(&self) -> Option<&LobbyState> {
        self.lobby.as_ref().map(|(l, _)| l)
    }

    /// The seats this app plays.
    pub fn seats(&self) -> &[Seat] {
        self.online.session.seats()
    }

    /// Seconds a seat's player has been away at `now` (the app's clock), counting on from
    /// what the host last said; `None` when they are not away.
    pub fn away_secs(&self, seat: &SeatState, now: f32) -> Option<u64> {
        let Presence::Away { secs } = seat.presence else {
            return None;
        };
        let since = self.lobby.as_ref().map_or(now, |(_, at)| *at);
        Some(secs + (now - since).max(0.0) as u64)
    }

    /// The seat's player as the others see them: their name, else "Seat N".
    pub fn player_name(&self, seat: Seat) -> String {
        self.lobby()
            .and_then(|l| l.seats.get(usize::from(seat.0)))
            .and_then(|s| s.player.clone())
            .unwrap_or_else(|| format!("Seat {}", seat.0 + 1))
    }

    /// What the table says while another seat decides: "Waiting for bo", with the time they
    /// have been away when they dropped.
    pub fn waiting_words(&self, seat: Seat, now: f32) -> String {
        let name = self.player_name(seat);
        let away = self
            .lobby()
            .and_then(|l| l.seats.get(usize::from(seat.0)))
            .and_then(|s| self.away_secs(s, now));
        match away {
            Some(secs) => format!(
                "Waiting for {name}: away for {secs} s. The match waits for them to come back."
            ),
            None => format!("Waiting for {name}…"),
        }
    }

    /// Sends the answer waiting for its prompt once the prompt is there; drops it once the
    /// game moved on.
    pub(super) fn answer_pending(&mut self) {
        let Some((command, step)) = self.pending.take() else {
            return;
        };
        let held = self.online.session.replica().map(|r| r.steps());
        match self.online.session.prompt().map(|p| p.step) {
            Some(asked) if asked == step => {
                self.online.session.answer(command);
            }
            None if held == Some(step) => self.pending = Some((command, step)),
            _ => {}
        }
    }

    /// Sorts one event: the lobby's here, the table's kept in order for `follow`.
    fn take(&mut self, event: ClientEvent, now: f32, said: &mut Notice) -> bool {
        let mut joined_now = false;
        match event {
            ClientEvent::Joined { match_id, .. } => {
                if self.joined {
                    said.info("Back with the host: the match goes on.");
                } else {
                    said.info(format!("Joined match {match_id}."));
                }
                self.joined = true;
                joined_now = true;
            }
            ClientEvent::Lobby(state) => self.lobby = Some((state, now)),
            ClientEvent::Chat { from, text } => self.chat.push(format!("{from}: {text}")),
            ClientEvent::Refused(refusal) => {
                let words = format!("The host refused: {refusal}");
                said.error(words.clone());
                self.refusal = Some(words);
            }
            ClientEvent::Resync(why) => {
                said.error(format!(
                    "This copy of the match went out of step with the host ({why}): fetching \
                     the whole match again."
                ));
            }
            ClientEvent::Started
            | ClientEvent::Played { .. }
            | ClientEvent::Finished { .. }
            | ClientEvent::Prompt { .. } => self.for_table.push(event),
            ClientEvent::Welcomed { .. }
            | ClientEvent::Created { .. }
            | ClientEvent::CaughtUp { .. } => {}
        }
        joined_now
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            pump.in_set(PlaySystems::Computer)
                .run_if(resource_exists::<OnlineLink>),
            apply_intents.in_set(PlaySystems::Apply),
        ),
    );
    app.add_systems(OnEnter(Screen::MainMenu), leave);
}

/// Sends what the session queued and takes what the host sent, without waiting; a dropped
/// connection is tried again every [`RETRY_SECS`] with the notice saying so.
pub(super) fn pump(
    mut link: ResMut<OnlineLink>,
    time: Res<Time>,
    mut notice: ResMut<Notice>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let now = time.elapsed_secs();
    if let LinkState::Lost { retry_at, .. } = link.state {
        if now < retry_at {
            return;
        }
        link.online.reconnect();
        link.state = LinkState::Connecting;
    }
    let events = match link.online.pump(Duration::ZERO) {
        Ok(events) => events,
        Err(why) => {
            notice.error(format!(
                "The connection to the host dropped ({why}): reconnecting…"
            ));
            link.state = LinkState::Lost {
                why,
                retry_at: now + RETRY_SECS,
            };
            return;
        }
    };
    if link.online.is_open() {
        link.state = LinkState::Open;
    }
    for event in events {
        let joined = link.take(event, now, &mut notice);
        if joined && matches!(screen.get(), Screen::JoinOnline | Screen::HostOnline) {
            next.set(Screen::Lobby);
        }
    }
    link.answer_pending();
}

/// What the lobby's requests need.
#[derive(bevy::ecs::system::SystemParam)]
struct LobbyWorld<'w> {
    content: Res<'w, Content>,
    dir: Res<'w, DataDir>,
    rosters: Res<'w, Rosters>,
    link: Option<ResMut<'w, OnlineLink>>,
    settings: ResMut<'w, GameSettings>,
    notice: ResMut<'w, Notice>,
    next: ResMut<'w, NextState<Screen>>,
}

fn apply_intents(
    mut commands: Commands,
    mut intents: MessageReader<OnlineIntent>,
    mut world: LobbyWorld,
) {
    for intent in intents.read() {
        match intent {
            OnlineIntent::Host(request) => {
                match start_hosting(&world.content.0, &world.dir, request) {
                    Ok((hosting, online)) => {
                        world.notice.info(format!(
                            "Hosting on {}: hand out the codes.",
                            hosting.address
                        ));
                        commands.insert_resource(hosting);
                        commands.insert_resource(OnlineLink::new(online));
                        remember_size(&mut world.settings, Some(&world.dir), request.size);
                        world.next.set(Screen::Lobby);
                    }
                    Err(e) => world.notice.error(e),
                }
            }
            OnlineIntent::Join { addr, code, name } => {
                let (addr, code, name) = (addr.trim(), code.trim(), name.trim());
                if addr.is_empty() || code.is_empty() || name.is_empty() {
                    world
                        .notice
                        .error("To join, give the host's address, your code and your name.");
                    continue;
                }
                match net::connect(addr, name) {
                    Ok(mut online) => {
                        online.session.join(code);
                        world.notice.info(format!("Reaching {addr}…"));
                        commands.insert_resource(OnlineLink::new(online));
                    }
                    Err(e) => world.notice.error(e),
                }
            }
            OnlineIntent::Team { seat, choice } => {
                let Some(link) = world.link.as_deref_mut() else {
                    continue;
                };
                // SEC-1: the defender's quick team leaves its security budget unspent.
                let catalog = &world.content.0;
                let Some(rules) = link.lobby().map(|l| {
                    let rules = TeamRules {
                        modules: l.modules.clone(),
                        ..TeamRules::one_off(l.eb_limit)
                    };
                    catalog.scenarios.get(&l.scenario).map_or_else(
                        || rules.clone(),
                        |s| quick_team_rules(&rules, s, usize::from(seat.0)),
                    )
                }) else {
                    world
                        .notice
                        .error("The host has not sent the lobby yet: choose the team again.");
                    continue;
                };
                let team = match choice {
                    TeamChoice::Quick(faction) => {
                        quick_team(&world.content.0, faction, &rules).map_err(|e| e.to_string())
                    }
                    TeamChoice::Roster(name) => world
                        .rosters
                        .list
                        .iter()
                        .find(|r| &r.name == name)
                        .map(|r| r.team.clone())
                        .ok_or_else(|| format!("no saved team called \"{name}\"")),
                };
                match team {
                    Ok(team) => {
                        link.online.session.submit_team(*seat, team.clone());
                        link.teams.retain(|(s, _)| s != seat);
                        link.teams.push((*seat, team));
                    }
                    Err(e) => world.notice.error(e),
                }
            }
            OnlineIntent::HandToComputer { seat, level } => {
                if let Some(link) = world.link.as_deref_mut() {
                    link.online.session.hand_to_computer(*seat, level);
                }
            }
            OnlineIntent::Chat(text) => {
                if let Some(link) = world.link.as_deref_mut()
                    && !text.trim().is_empty()
                {
                    link.online.session.chat(text.trim());
                }
            }
            OnlineIntent::Leave => world.next.set(Screen::MainMenu),
        }
    }
}

/// Back at the main menu: the connection closes and a hosted match stops being served (its
/// file stays in the data folder).
fn leave(mut commands: Commands) {
    commands.remove_resource::<OnlineLink>();
    commands.remove_resource::<Hosting>();
    commands.remove_resource::<OnlineGame>();
}
