//! The battle's flow: answers to the game's decisions (from the prompt, the action tools,
//! a test or the smoke script) go to [`Match::answer`]; what happened goes out as
//! [`MatchEvents`] for the log, the dice tray and the animations. The match is autosaved
//! after every activation; when the game is over the Results screen shows the outcome.
//! A campaign's game is not: the campaign keeps it beside its own file (see
//! `campaign::battle`), so the main menu's "Continue" never plays it as a one-off whose
//! result the campaign would not see, nor replaces or removes a one-off game's autosave.

use bevy::prelude::*;
use redline_content::Catalog;
use redline_rules::{Command, Event};

use crate::headless::campaign::CampaignGame;
use crate::headless::flow::decider::Decider;
use crate::headless::flow::hand_over::HandOver;
use crate::headless::flow::solo::Computer;
use crate::headless::game::match_state::Match;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::saves;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;
use crate::table::scene::BattleScene;

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

/// What one answer made happen, in order.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct MatchEvents(pub Vec<Event>);

/// The match went back a step; the view re-reads the state.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchRewound;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BattleIntent>();
    app.add_message::<MatchEvents>();
    app.add_message::<MatchRewound>();
    app.add_systems(
        Update,
        apply_answers
            .in_set(PlaySystems::Apply)
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Match>)),
    );
    app.add_systems(OnEnter(Screen::MainMenu), end_match);
}

/// Starts playing a match: the view is set from its setup (unless the deployment view is
/// already up) and the autosave written, so a crash from here on can be continued (a
/// campaign's game, marked by [`CampaignGame`] before this is called, is kept by the
/// campaign instead).
pub fn begin_match(commands: &mut Commands, catalog: &Catalog, started: Match, new_view: bool) {
    if new_view {
        commands.insert_resource(BattleScene::from_setup(
            catalog,
            started.game().setup(),
            &started.meta,
        ));
        commands.set_state(Screen::Battle);
    }
    commands.insert_resource(HandOver {
        enabled: started.meta.hand_over,
        viewer: None,
        computer: started.meta.computer_seats(),
    });
    commands.insert_resource(Computer::for_match(&started.meta, started.game().seed()));
    commands.queue(move |world: &mut World| {
        if let Some(dir) = world.get_resource::<DataDir>().cloned()
            && !world.contains_resource::<CampaignGame>()
        {
            let mut notice = Notice::default();
            saves::autosave(&dir, &started, &mut notice);
            if notice.error {
                world.insert_resource(notice);
            }
        }
        world.insert_resource(started);
    });
}

/// Whether the events close an activation (or an Inspire), after which the game is
/// autosaved.
fn closes_activation(events: &[Event]) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            Event::ActivationEnded { .. } | Event::InspireEnded { .. } | Event::GameOver { .. }
        )
    })
}

#[allow(clippy::too_many_arguments)]
pub(super) fn apply_answers(
    mut intents: MessageReader<BattleIntent>,
    mut current: ResMut<Match>,
    mut out: MessageWriter<MatchEvents>,
    mut rewound: MessageWriter<MatchRewound>,
    hand_over: Res<HandOver>,
    decider: Res<Decider>,
    dir: Res<DataDir>,
    campaign: Option<Res<CampaignGame>>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    for intent in intents.read() {
        match intent {
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
                        // A campaign's game is kept by the campaign (`campaign::battle`).
                        if campaign.is_none() {
                            if current.game().outcome().is_some() {
                                if let Err(e) = redline_content::store::remove(&dir.autosave()) {
                                    notice.error(e.to_string());
                                }
                            } else if closes_activation(&events) {
                                saves::autosave(&dir, &current, &mut notice);
                            }
                        }
                        out.write(MatchEvents(events));
                    }
                    Err(e) => notice.error(e.to_string()),
                }
            }
            BattleIntent::Undo => {
                if current.undo() {
                    rewound.write(MatchRewound);
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

fn end_match(mut commands: Commands) {
    commands.remove_resource::<Match>();
}
