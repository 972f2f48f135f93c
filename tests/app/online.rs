//! Online play in the app over real sockets on localhost: an app hosts a match (its own
//! seat and a remote one), a client with a bot joins with the seat's code, both send teams,
//! and the match plays to the end, the app's seat answered through its battle intents and
//! followed on its table; both end on the host's state hash. A second app joins the same
//! way, loses the host for a moment mid-match (the notice says so), rejoins and catches up.
//! A wrong code is refused in words.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::log::BattleLog;
use redline::headless::game::match_state::{Match, OnlineGame};
use redline::headless::notice::Notice;
use redline::headless::online::host::Hosting;
use redline::headless::online::link::{FinishCheck, LinkState, OnlineLink};
use redline::headless::online::{HostRequest, OnlineIntent, TeamChoice};
use redline::headless::screen::Screen;
use redline::table::animate::SkipAnimations;
use redline_ai::{Bot, RandomBot};
use redline_content::skirmish::quick_team;
use redline_content::team::TeamRules;
use redline_online::client::ClientEvent;
use redline_online::lobby::{LobbyState, SeatKind};
use redline_online::net::Online;
use redline_rules::Seat;

use crate::driver::{data_dir, new_app, screen, send, send_and_settle};

/// How long a match may take before the test gives up (a hang, not a speed check).
const PATIENCE: Duration = Duration::from_secs(300);

/// The app hosting Street Claim on a free localhost port: seat 1 played here, seat 2 by
/// someone with a code.
fn hosting_app(name: &str) -> App {
    let mut app = new_app(&data_dir(name));
    send_and_settle(&mut app, MenuIntent::HostOnline);
    assert_eq!(screen(&app), Screen::HostOnline);
    send(
        &mut app,
        OnlineIntent::Host(HostRequest {
            scenario: "street_claim".into(),
            layout: None,
            seats: vec![SeatKind::Local, SeatKind::Remote],
            turn_limit: Some(3),
            size: None,
            modules: Default::default(),
            bind: "127.0.0.1:0".into(),
            name: "ana".into(),
        }),
    );
    app.update();
    assert_eq!(screen(&app), Screen::Lobby, "{:?}", notice(&app));
    let started = Instant::now();
    while app_lobby_seen(&app).is_none() {
        assert!(started.elapsed() < PATIENCE, "{:?}", notice(&app));
        app.update();
    }
    app
}

/// [`hosting_app`] with the host's own seat given a quick Tidewater team; the app, its
/// address and the remote seat's code.
fn hosting_with_a_quick_team(name: &str) -> (App, String, String) {
    let mut app = hosting_app(name);
    let (addr, code) = address_and_code(&app);
    let choice = TeamChoice::Quick("tidewater".into());
    send(
        &mut app,
        OnlineIntent::Team {
            seat: Seat(0),
            choice,
        },
    );
    (app, addr, code)
}

fn notice(app: &App) -> Notice {
    app.world().resource::<Notice>().clone()
}

/// The host's address and the remote seat's code.
fn address_and_code(app: &App) -> (String, String) {
    let hosting = app.world().resource::<Hosting>();
    let code = hosting
        .seat_codes
        .iter()
        .find(|c| c.seat == Seat(1))
        .expect("a code for the remote seat")
        .code
        .clone();
    (format!("127.0.0.1:{}", hosting.port()), code)
}

/// A remote player: a client with a random bot, sending a quick team once seated.
struct Remote {
    online: Online,
    bot: RandomBot,
    team_sent: bool,
}

impl Remote {
    fn join(addr: &str, code: &str) -> Remote {
        let mut online = Online::connect(addr, "bo");
        online.session.join(code);
        Remote {
            online,
            bot: RandomBot::new(7),
            team_sent: false,
        }
    }

    /// Sends, receives, sends its team once the lobby is there and answers its prompt.
    fn round(&mut self) {
        let events = match self.online.pump(Duration::from_millis(2)) {
            Ok(events) => events,
            Err(_) => {
                self.online.reconnect();
                return;
            }
        };
        for event in events {
            match event {
                ClientEvent::Lobby(state) if !self.team_sent && !state.started => {
                    let catalog = redline_content::starter();
                    let rules = TeamRules::one_off(state.eb_limit);
                    let team = quick_team(&catalog, "ashfall", &rules).expect("a quick team");
                    self.online.session.submit_team(Seat(1), team);
                    self.team_sent = true;
                }
                ClientEvent::Prompt { .. } => {
                    if let Some(replica) = self.online.session.replica() {
                        let command = self.bot.choose(replica.game());
                        self.online.session.answer(command);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The app's player answers its own prompts through the battle intents, with a bot's
/// answer to the game on its table.
fn app_round(app: &mut App, bot: &mut RandomBot) {
    let world = app.world();
    let mine = world
        .get_resource::<OnlineLink>()
        .filter(|l| l.online.session.prompt().is_some())
        .map(|l| l.seats().to_vec())
        .unwrap_or_default();
    let answer = world
        .get_resource::<Match>()
        .filter(|m| m.decider().is_some_and(|s| mine.contains(&s)))
        .map(|m| bot.choose(m.game()));
    match answer {
        Some(command) => send(app, BattleIntent::Answer(command)),
        None => send(app, SkipAnimations),
    }
}

#[test]
fn an_app_hosts_a_match_a_remote_bot_joins_with_its_code_and_both_end_on_the_hosts_hash() {
    let (mut app, addr, code) = hosting_with_a_quick_team("online-host");
    let mut remote = Remote::join(&addr, &code);
    let mut bot = RandomBot::new(3);
    let started = Instant::now();
    while !(screen(&app) == Screen::Results && remote.online.session.finish().is_some()) {
        assert!(started.elapsed() < PATIENCE, "the match did not end");
        app_round(&mut app, &mut bot);
        remote.round();
    }
    let link = app.world().resource::<OnlineLink>();
    let check = link.finish.clone().expect("the app saw the end");
    assert!(check.agrees(), "{}", check.words());
    let remote_end = remote
        .online
        .session
        .finish()
        .expect("the remote saw the end");
    assert_eq!(remote_end.verified, Ok(check.host_hash));
    assert_eq!(remote_end.host_state_hash, check.host_hash);
    // The table followed the host's game step by step.
    let current = app.world().resource::<Match>();
    let replica = link.online.session.replica().expect("a replica");
    assert_eq!(current.game().public_hash(), replica.public_hash());
    assert_eq!(current.replay().steps.len(), replica.steps() as usize);
    assert!(current.game().outcome().is_some());
    assert_eq!(
        app.world().resource::<OnlineGame>().seats,
        vec![Seat(0)],
        "the app plays its own seat only"
    );
    // The log read the steps as in a hot-seat game.
    assert!(app.world().resource::<BattleLog>().entries().len() > replica.steps() as usize / 4);
}

/// The connection state of an app's link.
fn link_state(app: &App) -> LinkState {
    app.world().resource::<OnlineLink>().state.clone()
}

/// The check of the match's end an app shows on its result screen.
fn finish(app: &App) -> FinishCheck {
    let link = app.world().resource::<OnlineLink>();
    link.finish.clone().expect("the app saw the end")
}

#[test]
fn a_second_app_joins_with_its_code_drops_mid_match_rejoins_and_both_end_on_the_hosts_hash() {
    let (mut host, addr, code) = hosting_with_a_quick_team("online-two-apps-host");
    let mut guest = new_app(&data_dir("online-two-apps-guest"));
    send(&mut guest, MenuIntent::JoinOnline);
    send(
        &mut guest,
        OnlineIntent::Join {
            addr: addr.clone(),
            code,
            name: "bo".into(),
        },
    );
    let started = Instant::now();
    while app_lobby_seen(&guest).is_none() {
        assert!(started.elapsed() < PATIENCE, "{:?}", notice(&guest));
        host.update();
        guest.update();
    }
    guest.update();
    assert_eq!(screen(&guest), Screen::Lobby);
    send(
        &mut guest,
        OnlineIntent::Team {
            seat: Seat(1),
            choice: TeamChoice::Quick("ashfall".into()),
        },
    );
    let (mut bots, mut cut, mut back) = ([RandomBot::new(5), RandomBot::new(6)], false, false);
    while !(screen(&host) == Screen::Results && screen(&guest) == Screen::Results) {
        assert!(started.elapsed() < PATIENCE, "the match did not end");
        app_round(&mut host, &mut bots[0]);
        app_round(&mut guest, &mut bots[1]);
        let steps = guest
            .world()
            .resource::<OnlineLink>()
            .online
            .session
            .replica()
            .map_or(0, |r| r.steps());
        let lost = matches!(link_state(&guest), LinkState::Lost { .. });
        if !cut && steps > 15 {
            // The host cannot be reached for a moment.
            let mut link = guest.world_mut().resource_mut::<OnlineLink>();
            link.online.reconnect_to("127.0.0.1:1");
            cut = true;
        } else if cut && !back && lost {
            let said = notice(&guest);
            assert!(said.error && said.text.contains("reconnecting"), "{said:?}");
            let mut link = guest.world_mut().resource_mut::<OnlineLink>();
            link.online.reconnect_to(&addr);
            back = true;
        }
    }
    assert!(cut && back, "the guest was cut off and came back");
    assert_eq!(link_state(&guest), LinkState::Open);
    let (host_end, guest_end) = (finish(&host), finish(&guest));
    assert!(host_end.agrees(), "{}", host_end.words());
    assert!(guest_end.agrees(), "{}", guest_end.words());
    assert_eq!(host_end.host_hash, guest_end.host_hash);
    for app in [&host, &guest] {
        let current = app.world().resource::<Match>();
        let link = app.world().resource::<OnlineLink>();
        let replica = link.online.session.replica().expect("a replica");
        assert_eq!(current.game().public_hash(), replica.public_hash());
    }
}

/// The lobby an app has heard, once it has joined.
fn app_lobby_seen(app: &App) -> Option<LobbyState> {
    let link = app.world().get_resource::<OnlineLink>()?;
    link.joined.then(|| link.lobby().cloned()).flatten()
}

#[test]
fn a_wrong_join_code_is_refused_in_words_and_the_join_screen_stays() {
    let host = hosting_app("online-refused-host");
    let (addr, _) = address_and_code(&host);
    let mut app = new_app(&data_dir("online-refused"));
    send(&mut app, MenuIntent::JoinOnline);
    send(
        &mut app,
        OnlineIntent::Join {
            addr,
            code: "ZZZZ-ZZZZ".into(),
            name: "eve".into(),
        },
    );
    let started = Instant::now();
    while !notice(&app).text.contains("no match has the join code") {
        assert!(
            started.elapsed() < PATIENCE,
            "no refusal: {:?}",
            notice(&app)
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(notice(&app).error);
    assert_eq!(screen(&app), Screen::JoinOnline);
    assert!(!app.world().resource::<OnlineLink>().joined);
}

#[test]
fn an_away_players_seat_waits_with_a_timer_until_the_owner_hands_it_to_the_computer() {
    let (mut app, addr, code) = hosting_with_a_quick_team("online-away");
    // The remote player sends a team, then their connection is gone.
    let mut remote = Remote::join(&addr, &code);
    let started = Instant::now();
    while !app.world().contains_resource::<Match>() {
        assert!(started.elapsed() < PATIENCE, "the match did not start");
        app.update();
        remote.round();
    }
    drop(remote);
    let away = |app: &App| {
        let link = app.world().resource::<OnlineLink>();
        let seat = link.lobby()?.seats.get(1)?.clone();
        link.away_secs(&seat, app.world().resource::<Time>().elapsed_secs())
    };
    let mut bot = RandomBot::new(9);
    while away(&app).is_none() {
        assert!(started.elapsed() < PATIENCE, "seat 2 never showed as away");
        app_round(&mut app, &mut bot);
    }
    // The match waits on seat 2 (its deployment or its turn), the words say so.
    while app.world().resource::<Match>().decider() != Some(Seat(1)) {
        assert!(started.elapsed() < PATIENCE, "seat 2 was never asked");
        app_round(&mut app, &mut bot);
    }
    let words = app
        .world()
        .resource::<OnlineLink>()
        .waiting_words(Seat(1), 0.0);
    assert!(words.starts_with("Waiting for bo: away for"), "{words}");
    send(
        &mut app,
        OnlineIntent::HandToComputer {
            seat: Seat(1),
            level: "easy".into(),
        },
    );
    while screen(&app) != Screen::Results {
        assert!(started.elapsed() < PATIENCE, "the match did not end");
        app_round(&mut app, &mut bot);
    }
    let check = app
        .world()
        .resource::<OnlineLink>()
        .finish
        .clone()
        .expect("the end");
    assert!(check.agrees(), "{}", check.words());
}
