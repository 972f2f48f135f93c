//! The battle's flow: answers to the game's decisions (from the prompt, the action tools,
//! a test or the smoke script) go to [`Match::answer`]; what happened goes out as
//! [`MatchEvents`] for the log, the dice tray and the animations, with
//! [`ActivationClosed`] and [`MatchEnded`] for whoever keeps the match (the autosave,
//! the campaign). When the game is over the Results screen shows the outcome. In an online
//! match ([`OnlineGame`]) the host plays the answers: an answer for one of this app's seats
//! is checked by the engine here and goes to the host as [`AnswerToHost`].

use bevy::prelude::*;
use redline_rules::{Command, Event, Seat, Setup};

use crate::headless::flow::decider::Decider;
use crate::headless::flow::hand_over::HandOver;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::{Match, OnlineGame};
use crate::headless::game::messages::{
    ActivationClosed, AnswerToHost, MatchEnded, MatchEvents, MatchRewound,
};
use crate::headless::game::meta::MatchMeta;
use crate::headless::notice::Notice;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// An answer from the battle screen.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum BattleIntent {
    /// Answer the current decision (a person's answer: refused while the computer decides).
    Answer(Command),
    /// The computer's answer for the seat it plays (see `solo`).
    Computer(Command),
    /// Take the last step back (only steps with no roll and nothing revealed).
    Undo,
    /// The game is over: show the result.
    ShowResults,
}

/// What the battle's answers write.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct MatchNews<'w> {
    events: MessageWriter<'w, MatchEvents>,
    rewound: MessageWriter<'w, MatchRewound>,
    closed: MessageWriter<'w, ActivationClosed>,
    ended: MessageWriter<'w, MatchEnded>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BattleIntent>();
    app.add_systems(
        Update,
        apply_answers
            .in_set(PlaySystems::Apply)
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Match>)),
    );
    app.add_systems(OnEnter(Screen::Battle), open_log);
    app.add_systems(OnEnter(Screen::MainMenu), end_match);
}

/// Whether the events close an activation (or an Inspire, or a seat's deployment), a point
/// to keep the game at.
pub fn closes_activation(events: &[Event]) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            Event::ActivationEnded { .. }
                | Event::InspireEnded { .. }
                | Event::DeploymentEnded { .. }
                | Event::GameOver { .. }
        )
    })
}

/// An online match's answer: only for this app's seats, checked by the engine at once (the
/// refusal shown), then sent to the host.
fn answer_online(
    online: &OnlineGame,
    current: &Match,
    command: &Command,
    notice: &mut Notice,
    to_host: &mut MessageWriter<AnswerToHost>,
) {
    let Some(seat) = current.decider() else {
        return;
    };
    if !online.plays(seat) {
        notice.error(format!(
            "Waiting for {}: this decision is theirs.",
            current.meta.seat_name(seat)
        ));
        return;
    }
    match current.game().check(command) {
        Ok(()) => {
            if notice.error {
                *notice = Notice::default();
            }
            to_host.write(AnswerToHost(command.clone()));
        }
        Err(e) => notice.error(e.to_string()),
    }
}

pub(super) fn apply_answers(
    mut intents: MessageReader<BattleIntent>,
    mut current: ResMut<Match>,
    mut news: MatchNews,
    turn: (Res<HandOver>, Res<Decider>),
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    online: (Option<Res<OnlineGame>>, MessageWriter<AnswerToHost>),
) {
    let (online, mut to_host) = online;
    let (hand_over, decider) = turn;
    for intent in intents.read() {
        match intent {
            BattleIntent::Answer(command) if online.is_some() => {
                if let Some(online) = online.as_deref() {
                    answer_online(online, &current, command, &mut notice, &mut to_host);
                }
            }
            BattleIntent::Computer(_) | BattleIntent::Undo if online.is_some() => {
                if matches!(intent, BattleIntent::Undo) {
                    notice.error("No undo in an online match: the host keeps the game.");
                }
            }
            BattleIntent::Answer(command) | BattleIntent::Computer(command) => {
                // Everyone's decisions wait for the hand-over, and a Decider that lags the
                // match (same frame as another answer) is checked against the match itself.
                if !hand_over.clear(*decider) || decider.0 != current.decider() {
                    continue;
                }
                // People answer for people, the computer for its own seats.
                let computer_decides = current
                    .decider()
                    .is_some_and(|s| current.meta.is_computer(s));
                if computer_decides != matches!(intent, BattleIntent::Computer(_)) {
                    if computer_decides {
                        notice.error("The computer is deciding this one.");
                    }
                    continue;
                }
                match current.answer(command.clone()) {
                    Ok(events) => {
                        // The refusal shown last no longer stands.
                        if notice.error {
                            *notice = Notice::default();
                        }
                        if current.game().outcome().is_some() {
                            news.ended.write(MatchEnded);
                        } else if closes_activation(&events) {
                            news.closed.write(ActivationClosed);
                        }
                        news.events.write(MatchEvents(events));
                    }
                    Err(e) => notice.error(e.to_string()),
                }
            }
            BattleIntent::Undo => {
                if current.undo() {
                    news.rewound.write(MatchRewound);
                    notice.info("Step undone.");
                } else {
                    notice.error("Nothing to undo: only steps with no roll can be taken back.");
                }
            }
            BattleIntent::ShowResults => {
                if current.game().outcome().is_some() {
                    next.set(Screen::Results);
                }
            }
        }
    }
}

/// Opens a new battle's log with the table and the teams; a loaded game's log (played
/// back from its replay) is kept as it is.
fn open_log(mut log: ResMut<BattleLog>, current: Option<Res<Match>>) {
    let Some(current) = current.filter(|_| log.entries().is_empty()) else {
        return;
    };
    for line in opening_lines(current.game().setup(), &current.meta) {
        log.push(line);
    }
}

/// The log's first lines: the table, then each team with its models and Luck.
fn opening_lines(setup: &Setup, meta: &MatchMeta) -> Vec<String> {
    let table = setup.battlespace.table();
    let mut lines = vec![format!(
        "Table set: {} — {} ({}\" × {}\"), {} scenery pieces.",
        meta.scenario_name,
        meta.layout_name,
        table.depth,
        table.width,
        setup.battlespace.pieces().len()
    )];
    let luck = setup.starting_luck();
    for (seat, player) in setup.players.iter().enumerate() {
        let name = meta
            .seats
            .get(seat)
            .map_or_else(|| player.name.clone(), |s| s.faction_name.clone());
        let models = setup
            .models
            .iter()
            .filter(|m| m.owner == Seat(seat as u8))
            .count();
        let luck = luck.get(seat).copied().unwrap_or_default();
        lines.push(format!("{name} brings {models} models and {luck} Luck."));
    }
    lines
}

fn end_match(mut commands: Commands) {
    commands.remove_resource::<Match>();
}
