//! Solo play: any seat can be played by the computer (`crates/ai`'s bots, through the
//! [`redline_ai::Bot`] interface, answering the same decisions with the same commands as a
//! player). A computer seat gets a legal team for the budget without the team builder
//! (`computer_team`), deploys where the skirmish set-up puts its models (its bot answers
//! the engine's deployment by the match's standard deployment), and skips hand-over
//! screens. In the battle its bot thinks on Bevy's `AsyncComputeTaskPool` on a copy of the
//! game, so the window keeps rendering; in the browser, where the page has one thread and a
//! task would run to its end inside one frame, it thinks in slices instead, a few
//! milliseconds each frame ([`ThinkInSlices`], [`redline_ai::Bot::think`]: the same answer as
//! at once). Its answer goes through the same [`Match::answer`]
//! as a player's and is animated from the same events. Nothing waits on an animation: the
//! view plays each answer's events as they come.

use std::sync::Mutex;
use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;

#[cfg(target_arch = "wasm32")]
use web_time::Instant;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use redline_ai::{Bot, Persona, PlannedDeployment};
use redline_content::Catalog;
use redline_rules::{Command, Seat};

use crate::headless::flow::battle::BattleIntent;
use crate::headless::game::ai_level::AiLevel;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::Match;
use crate::headless::game::meta::MatchMeta;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// What a bot worked out on the task pool.
struct Thought {
    bot: Box<dyn Bot + Send>,
    command: Command,
    why: Option<String>,
}

/// A bot at work on one decision.
struct Thinking {
    seat: Seat,
    /// The game's state hash when it started: an answer for any other state is dropped.
    hash: u64,
    started: f32,
    /// The task on the pool; `None` when the bot thinks in slices, in its seat.
    task: Option<Task<Thought>>,
}

/// Whether the computer thinks in slices on the app's own thread, each frame a little,
/// rather than on the task pool: on in the browser (a page has one thread, so a task would
/// block it until the answer), off on the desktop. The answer is the same either way.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThinkInSlices {
    /// Whether it does.
    pub on: bool,
    /// Work per call of the bot's [`redline_ai::Bot::think`] (Hard's play-out work: about
    /// a play-out or two).
    pub slice: u32,
    /// Thinking time per frame: slices are thought until it is spent (at least one).
    pub per_frame: Duration,
}

impl Default for ThinkInSlices {
    fn default() -> Self {
        ThinkInSlices {
            on: cfg!(target_arch = "wasm32"),
            slice: 100,
            per_frame: Duration::from_millis(12),
        }
    }
}

/// The computer players of the match in play and the decision one of them is working on.
#[derive(Resource, Default)]
pub struct Computer {
    /// Each seat's bot (`None` for people); a bot is out on the task pool while it thinks.
    bots: Vec<Option<Mutex<Box<dyn Bot + Send>>>>,
    levels: Vec<Option<AiLevel>>,
    thinking: Option<Thinking>,
}

impl Computer {
    /// The bots of a match's computer seats, seeded from the game's seed and the seat, each
    /// playing its crew in character (its faction's deck and personality from `catalog`, the
    /// generic ones for a faction without them); each deploys by the match's standard
    /// deployment (FIELD-7) when it has one.
    pub fn for_match(meta: &MatchMeta, seed: u64, catalog: &Catalog) -> Computer {
        let levels: Vec<Option<AiLevel>> = meta.seats.iter().map(|s| s.ai).collect();
        let bot = |i: usize, level: AiLevel| -> Box<dyn Bot + Send> {
            let persona = catalog
                .factions
                .get(&meta.seats[i].faction)
                .map_or_else(Persona::generic, Persona::of_faction);
            let bot = level.bot_as(seed ^ (0x9e37_79b9 * (i as u64 + 1)), &persona);
            if meta.deployment.is_empty() {
                bot
            } else {
                Box::new(PlannedDeployment::new(meta.deployment.clone(), bot))
            }
        };
        let bots = levels
            .iter()
            .enumerate()
            .map(|(i, l)| l.map(|l| Mutex::new(bot(i, l))))
            .collect();
        Computer {
            bots,
            levels,
            thinking: None,
        }
    }

    /// The seat the computer is thinking for, with seconds since it started.
    pub fn thinking(&self, now: f32) -> Option<(Seat, f32)> {
        self.thinking.as_ref().map(|t| (t.seat, now - t.started))
    }

    /// Puts `bot` in the seat (a computer seat only; `false` otherwise): a bot of one's
    /// own, with its own budget, for tests and tools.
    pub fn set_bot(&mut self, seat: Seat, bot: Box<dyn Bot + Send>) -> bool {
        match self.bots.get_mut(usize::from(seat.0)) {
            Some(slot @ Some(_)) => {
                *slot = Some(Mutex::new(bot));
                true
            }
            _ => false,
        }
    }

    /// Whether a computer plays this seat.
    pub fn plays(&self, seat: Seat) -> bool {
        self.levels
            .get(usize::from(seat.0))
            .is_some_and(Option::is_some)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Computer>();
    app.init_resource::<ThinkInSlices>();
    // Registered by the window plugin in the game; a headless app needs it too.
    app.add_message::<bevy::window::RequestRedraw>();
    app.add_systems(
        Update,
        think
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Match>))
            .in_set(PlaySystems::Computer),
    );
    app.add_systems(OnExit(Screen::Battle), stop_thinking);
}

/// Starts the deciding computer seat's bot on the task pool (or, thinking in slices, in
/// its seat), and hands its answer to the match when it is ready (if the game is still where
/// it was).
fn think(
    mut computer: ResMut<Computer>,
    slices: Res<ThinkInSlices>,
    current: Res<Match>,
    time: Res<Time>,
    mut answers: MessageWriter<BattleIntent>,
    mut log: ResMut<BattleLog>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let computer = &mut *computer;
    if computer.thinking.is_none() && !start(computer, &current, &slices, time.elapsed_secs()) {
        return;
    }
    // Keep frames coming: the indicator turns, and the answer is picked up promptly.
    redraw.write(bevy::window::RequestRedraw);
    let Some((seat, thought)) = ready(computer, &current, &slices) else {
        return;
    };
    let name = current.meta.seat_name(seat);
    if let Some(why) = thought.why {
        log.push(format!("{name} thinks: {why}"));
    }
    let command = match current.game().check(&thought.command) {
        Ok(()) => thought.command,
        Err(e) => {
            // A bot must only answer legally; if one doesn't, the game goes on.
            log.push(format!(
                "{name} chose a move the rules refuse ({e}); it passes."
            ));
            match current.game().legal_commands().into_iter().next() {
                Some(c) => c,
                None => return,
            }
        }
    };
    answers.write(BattleIntent::Computer(command));
}

/// Starts the deciding computer seat's bot, if a computer decides: on the task pool on a
/// copy of the game, or in its seat when it thinks in slices. False when no bot starts.
fn start(computer: &mut Computer, current: &Match, slices: &ThinkInSlices, now: f32) -> bool {
    let Some(seat) = current.decider() else {
        return false;
    };
    let Some(slot) = computer.bots.get_mut(usize::from(seat.0)) else {
        return false;
    };
    let hash = current.game().state_hash();
    let task = if slices.on {
        if slot.is_none() {
            return false;
        }
        None
    } else {
        let Some(bot) = slot.take() else {
            return false;
        };
        let mut bot = bot.into_inner().unwrap_or_else(|e| e.into_inner());
        let game = current.game().clone();
        Some(AsyncComputeTaskPool::get().spawn(async move {
            let command = bot.choose(&game);
            let why = bot.explain();
            Thought { bot, command, why }
        }))
    };
    computer.thinking = Some(Thinking {
        seat,
        hash,
        started: now,
        task,
    });
    true
}

/// The answer of the bot at work, once it has one and the game is still where it was; the
/// bot is back in its seat then. Thinking in slices, the bot thinks this frame's share first.
fn ready(
    computer: &mut Computer,
    current: &Match,
    slices: &ThinkInSlices,
) -> Option<(Seat, Answer)> {
    let thinking = computer.thinking.as_mut()?;
    let seat = thinking.seat;
    let fresh = thinking.hash == current.game().state_hash() && current.decider() == Some(seat);
    let answer = match thinking.task.as_mut() {
        Some(task) => {
            let thought = check_ready(task)?;
            if let Some(slot) = computer.bots.get_mut(usize::from(seat.0)) {
                *slot = Some(Mutex::new(thought.bot));
            }
            Answer {
                command: thought.command,
                why: thought.why,
            }
        }
        None if !fresh => {
            computer.thinking = None;
            return None;
        }
        None => {
            let slot = computer.bots.get_mut(usize::from(seat.0))?.as_mut()?;
            let bot = slot.get_mut().unwrap_or_else(|e| e.into_inner());
            let answer = think_a_frame(bot.as_mut(), current, slices)?;
            Answer {
                command: answer,
                why: bot.explain(),
            }
        }
    };
    computer.thinking = None;
    fresh.then_some((seat, answer))
}

/// Thinks slices until the frame's share of thinking time is spent (at least one slice);
/// the answer if the bot reached it.
fn think_a_frame(
    bot: &mut (dyn Bot + Send),
    current: &Match,
    slices: &ThinkInSlices,
) -> Option<Command> {
    let began = Instant::now();
    loop {
        if let Some(c) = bot.think(current.game(), slices.slice) {
            return Some(c);
        }
        if began.elapsed() >= slices.per_frame {
            return None;
        }
    }
}

/// A bot's answer and why.
struct Answer {
    command: Command,
    why: Option<String>,
}

/// Leaving the battle drops any answer in the works (its bot goes with it; the next
/// match makes new ones).
fn stop_thinking(mut computer: ResMut<Computer>) {
    *computer = Computer::default();
}
