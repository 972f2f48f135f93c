//! Solo play: any seat can be played by the computer (`crates/ai`'s bots, through the
//! [`redline_ai::Bot`] interface, answering the same decisions with the same commands as a
//! player). A computer seat gets a legal team for the budget without the team builder
//! (`computer_team`), deploys where the skirmish set-up puts its models (its bot answers
//! the engine's deployment by the match's standard deployment), and skips hand-over
//! screens. In the battle its bot thinks on Bevy's `AsyncComputeTaskPool` on a copy of the
//! game, so the window keeps rendering; its answer goes through the same [`Match::answer`]
//! as a player's and is animated from the same events. Nothing waits on an animation: the
//! view plays each answer's events as they come.

use std::sync::Mutex;

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
    task: Task<Thought>,
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

    /// Whether a computer plays this seat.
    pub fn plays(&self, seat: Seat) -> bool {
        self.levels
            .get(usize::from(seat.0))
            .is_some_and(Option::is_some)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Computer>();
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

/// Starts the deciding computer seat's bot on the task pool, and hands its answer to the
/// match when it is ready (if the game is still where it was).
fn think(
    mut computer: ResMut<Computer>,
    current: Res<Match>,
    time: Res<Time>,
    mut answers: MessageWriter<BattleIntent>,
    mut log: ResMut<BattleLog>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let computer = &mut *computer;
    if let Some(thinking) = &mut computer.thinking {
        // Keep frames coming: the indicator turns, and the answer is picked up promptly.
        redraw.write(bevy::window::RequestRedraw);
        let Some(thought) = check_ready(&mut thinking.task) else {
            return;
        };
        let seat = thinking.seat;
        let fresh = thinking.hash == current.game().state_hash() && current.decider() == Some(seat);
        computer.thinking = None;
        if let Some(slot) = computer.bots.get_mut(usize::from(seat.0)) {
            *slot = Some(Mutex::new(thought.bot));
        }
        if !fresh {
            return;
        }
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
        return;
    }
    let Some(seat) = current.decider() else {
        return;
    };
    let Some(bot) = computer
        .bots
        .get_mut(usize::from(seat.0))
        .and_then(Option::take)
    else {
        return;
    };
    let mut bot = bot.into_inner().unwrap_or_else(|e| e.into_inner());
    let game = current.game().clone();
    let hash = game.state_hash();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let command = bot.choose(&game);
        let why = bot.explain();
        Thought { bot, command, why }
    });
    computer.thinking = Some(Thinking {
        seat,
        hash,
        started: time.elapsed_secs(),
        task,
    });
    redraw.write(bevy::window::RequestRedraw);
}

/// Leaving the battle drops any answer in the works (its bot goes with it; the next
/// match makes new ones).
fn stop_thinking(mut computer: ResMut<Computer>) {
    *computer = Computer::default();
}
