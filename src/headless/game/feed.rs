//! Turns the engine's events into what the players read: lines in the battle log and the
//! dice tray (each die with its colour, face, modifier, total, Crit or Fumble, re-rolls
//! and the verdict). The animations read the same events (`battle::animate`).

use bevy::prelude::*;
use redline_rules::dice::Die;
use redline_rules::{Event, Game, Replay};

use crate::headless::game::describe;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::Match;
use crate::headless::game::messages::{MatchEvents, MatchRewound};
use crate::headless::game::meta::MatchMeta;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// How many rolls the tray keeps.
const TRAY_ROLLS: usize = 4;

/// One die in the tray.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrayDie {
    /// Who rolled it: a model's name or "Obstacle".
    pub who: String,
    /// The die.
    pub die: Die,
    /// Face showing.
    pub face: u8,
    /// Modifiers added.
    pub modifier: i16,
    /// Face plus modifiers.
    pub total: i16,
    /// The face before a Luck re-roll, if it was re-rolled.
    pub rerolled_from: Option<u8>,
}

impl TrayDie {
    /// The highest face (DICE-6).
    pub fn crit(&self) -> bool {
        self.face == self.die.crit_face()
    }

    /// The lowest face (DICE-6).
    pub fn fumble(&self) -> bool {
        self.face == self.die.fumble_face()
    }
}

/// One Opposed Roll in the tray.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrayRoll {
    /// What was rolled for ("Basic Ranged Attack", "crossing the Crates").
    pub title: String,
    /// The actor's die first, then each opposer's.
    pub dice: Vec<TrayDie>,
    /// "succeeds" / "fails", once decided.
    pub verdict: Option<String>,
}

/// The last few rolls, newest last.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct DiceTray {
    /// Rolls, oldest first.
    pub rolls: Vec<TrayRoll>,
    title: String,
}

impl DiceTray {
    /// Adds what a batch of events rolled.
    pub fn take(&mut self, game: &Game, events: &[Event]) {
        for event in events {
            match event {
                Event::ActionTaken { model, name, .. } => {
                    self.title = format!("{}: {name}", describe::model(game, *model));
                }
                Event::Rolled { dice } => {
                    let roll = TrayRoll {
                        title: self.title.clone(),
                        dice: dice
                            .iter()
                            .map(|r| TrayDie {
                                who: r.model.map_or_else(
                                    || "Obstacle".to_string(),
                                    |m| describe::model(game, m),
                                ),
                                die: r.die,
                                face: r.face,
                                modifier: r.modifier,
                                total: r.total,
                                rerolled_from: None,
                            })
                            .collect(),
                        verdict: None,
                    };
                    self.rolls.push(roll);
                    if self.rolls.len() > TRAY_ROLLS {
                        self.rolls.remove(0);
                    }
                }
                Event::Rerolled { die, old_face } => {
                    let who = die
                        .model
                        .map_or_else(|| "Obstacle".to_string(), |m| describe::model(game, m));
                    if let Some(d) = self
                        .rolls
                        .last_mut()
                        .and_then(|r| r.dice.iter_mut().find(|d| d.who == who && d.die == die.die))
                    {
                        d.face = die.face;
                        d.modifier = die.modifier;
                        d.total = die.total;
                        d.rerolled_from = Some(*old_face);
                    }
                }
                Event::RollDecided { actor_won } => {
                    if let Some(roll) = self.rolls.last_mut() {
                        let words: Vec<&str> = actor_won
                            .iter()
                            .map(|w| if *w { "SUCCESS" } else { "FAILURE" })
                            .collect();
                        roll.verdict = Some(words.join(" / "));
                    }
                }
                Event::Moved { .. } | Event::Crossed { .. } => {}
                _ => {}
            }
        }
    }
}

/// The log lines of a whole recorded game, played again from its replay.
pub fn log_of_replay(replay: &Replay, meta: &MatchMeta) -> Vec<String> {
    let mut lines = Vec::new();
    let Ok(mut game) = Game::new(replay.setup.clone(), replay.seed) else {
        return lines;
    };
    for step in &replay.steps {
        let Ok(events) = game.apply(step.command.clone()) else {
            break;
        };
        lines.extend(
            events
                .iter()
                .filter_map(|e| describe::event(&game, meta, e)),
        );
    }
    lines
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DiceTray>();
    app.add_systems(
        Update,
        (log_events, note_undo)
            .in_set(PlaySystems::Derive)
            .run_if(resource_exists::<Match>),
    );
    app.add_systems(OnEnter(Screen::MainMenu), clear_tray);
}

fn log_events(
    mut batches: MessageReader<MatchEvents>,
    current: Res<Match>,
    mut log: ResMut<BattleLog>,
    mut tray: ResMut<DiceTray>,
) {
    for MatchEvents(events) in batches.read() {
        let game = current.game();
        for e in events {
            if let Some(line) = describe::event(game, &current.meta, e) {
                log.push(line);
            }
        }
        tray.take(game, events);
    }
}

fn note_undo(mut rewound: MessageReader<MatchRewound>, mut log: ResMut<BattleLog>) {
    for _ in rewound.read() {
        log.push("(The last step was taken back.)");
    }
}

fn clear_tray(mut tray: ResMut<DiceTray>) {
    *tray = DiceTray::default();
}
