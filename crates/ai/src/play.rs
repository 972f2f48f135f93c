//! Playing whole games between bots.

use redline_rules::{Command, DecisionKind, Event, Game, Outcome, RuleError, Setup, SetupError};
use thiserror::Error;

use crate::Bot;

/// Bounds on a game between bots, so a runaway game stops instead of hanging.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayLimits {
    /// The most commands applied before the game is abandoned.
    pub max_steps: usize,
}

impl Default for PlayLimits {
    fn default() -> Self {
        PlayLimits { max_steps: 100_000 }
    }
}

/// What happened in a game between bots.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The dice seed the game was played with.
    pub seed: u64,
    /// Every command applied, in order: with the setup and the seed, the whole game.
    pub commands: Vec<Command>,
    /// How many events the commands produced.
    pub events: usize,
    /// How the game ended; `None` if it hit [`PlayLimits::max_steps`] first.
    pub outcome: Option<Outcome>,
    /// Turns of Control taken.
    pub turns: u32,
    /// [`Game::state_hash`] at the end.
    pub final_hash: u64,
}

/// Why a game between bots could not be played to its end.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum PlayError {
    /// The setup does not start a game.
    #[error("the setup does not start a game: {0}")]
    Setup(#[from] SetupError),
    /// No bot plays the seat that must decide.
    #[error("seat {seat} must decide but only {bots} bots were given")]
    NoBot {
        /// The seat.
        seat: u8,
        /// Bots given.
        bots: usize,
    },
    /// A bot answered with a command the engine refused.
    #[error("step {step}: the bot of seat {seat} chose a refused command {command:?}: {error}")]
    Refused {
        /// Index of the step (0 = first command).
        step: usize,
        /// The seat.
        seat: u8,
        /// The command.
        command: Box<Command>,
        /// Why it was refused.
        error: RuleError,
    },
    /// The referee of a [`play_game_refereed`] gave a command the engine refused.
    #[error("step {step}: the referee gave a refused command {command:?}: {error}")]
    RefereeRefused {
        /// Index of the step (0 = first command).
        step: usize,
        /// The command.
        command: Box<Command>,
        /// Why it was refused.
        error: RuleError,
    },
}

/// One applied command, as shown to a [`play_game_observed`] callback.
#[derive(Debug)]
pub struct Step<'a> {
    /// Index of the step (0 = first command).
    pub index: usize,
    /// The game just before the command.
    pub before: &'a Game,
    /// The command.
    pub command: &'a Command,
    /// What it made happen.
    pub events: &'a [Event],
    /// The game after it.
    pub after: &'a Game,
}

/// Plays a game from `setup` with dice `seed`, seat `i` answered by `bots[i]`, until it ends
/// or `limits` stop it.
pub fn play_game(
    setup: Setup,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    limits: PlayLimits,
) -> Result<GameRecord, PlayError> {
    play(setup, seed, bots, limits, Followers::default())
}

/// [`play_game`], showing every step to `observe` (with a copy of the game before it, so
/// this is slower).
pub fn play_game_observed(
    setup: Setup,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    limits: PlayLimits,
    mut observe: impl FnMut(&Step<'_>),
) -> Result<GameRecord, PlayError> {
    let followers = Followers {
        observe: Some(&mut observe),
        referee: None,
    };
    play(setup, seed, bots, limits, followers)
}

/// [`play_game`] with a referee: after every command applied (its own too) it is given the
/// events and the game, and the commands it returns are applied at once, before the next
/// bot answers, and kept in the record. A campaign's Objectives are its referee: a reward
/// that applies at once is a [`Command::GainLuck`] (CAMP-11).
pub fn play_game_refereed(
    setup: Setup,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    limits: PlayLimits,
    mut referee: impl FnMut(&[Event], &Game) -> Vec<Command>,
) -> Result<GameRecord, PlayError> {
    let followers = Followers {
        observe: None,
        referee: Some(&mut referee),
    };
    play(setup, seed, bots, limits, followers)
}

/// A referee: given each command's events and the game after it, the commands to apply next.
type Referee<'f> = &'f mut dyn FnMut(&[Event], &Game) -> Vec<Command>;

/// Who follows a game besides its bots.
#[derive(Default)]
struct Followers<'f> {
    observe: Option<&'f mut dyn FnMut(&Step<'_>)>,
    referee: Option<Referee<'f>>,
}

fn play(
    setup: Setup,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    limits: PlayLimits,
    mut followers: Followers<'_>,
) -> Result<GameRecord, PlayError> {
    let mut game = Game::new(setup, seed)?;
    let mut commands = Vec::new();
    let mut refereed = std::collections::VecDeque::new();
    let mut events = 0;
    while commands.len() < limits.max_steps {
        let Some(decision) = game.decision() else {
            break;
        };
        let step = commands.len();
        let (seat, command) = match refereed.pop_front() {
            Some(command) => (None, command),
            None => {
                let seat = decision.seat.0;
                let bots_given = bots.len();
                let bot = bots.get_mut(usize::from(seat)).ok_or(PlayError::NoBot {
                    seat,
                    bots: bots_given,
                })?;
                (Some(seat), bot.choose(&game))
            }
        };
        let before = followers.observe.as_ref().map(|_| game.clone());
        let happened = game.apply(command.clone()).map_err(|error| match seat {
            Some(seat) => PlayError::Refused {
                step,
                seat,
                command: Box::new(command.clone()),
                error,
            },
            None => PlayError::RefereeRefused {
                step,
                command: Box::new(command.clone()),
                error,
            },
        })?;
        events += happened.len();
        if let (Some(f), Some(before)) = (followers.observe.as_mut(), before.as_ref()) {
            f(&Step {
                index: step,
                before,
                command: &command,
                events: &happened,
                after: &game,
            });
        }
        if let Some(referee) = followers.referee.as_mut() {
            refereed.extend(referee(&happened, &game));
        }
        commands.push(command);
    }
    Ok(GameRecord {
        seed,
        commands,
        events,
        outcome: game.outcome().cloned(),
        turns: game.turns(),
        final_hash: game.state_hash(),
    })
}

/// Lets `bot` answer every decision, whoever's seat it is, until `stop` picks the decision
/// waiting (it is given the game and the decision's kind) or the game is over: how tests
/// and examples reach a given kind of decision on a real game. Returns whether it stopped
/// at such a decision (`false`: the game ended first); a command the engine refuses is an
/// error, with the game as it stood before it.
pub fn play_until(
    game: &mut Game,
    bot: &mut dyn Bot,
    stop: impl Fn(&Game, &DecisionKind) -> bool,
) -> Result<bool, PlayError> {
    let mut step = 0;
    while let Some(d) = game.decision() {
        if stop(game, &d.kind) {
            return Ok(true);
        }
        let seat = d.seat.0;
        let command = bot.choose(game);
        if let Err(error) = game.apply(command.clone()) {
            return Err(PlayError::Refused {
                step,
                seat,
                command: Box::new(command),
                error,
            });
        }
        step += 1;
    }
    Ok(false)
}

/// A bot that deploys its seats' models where a plan puts them (FIELD-7) and leaves every
/// other decision to the bot it wraps: a game between bots started from a skirmish's
/// standard placements ([`redline_rules::Setup::unplaced`]) deploys through the engine's
/// commands, so its record holds the placements, and the wrapped bot is asked exactly what
/// it would be asked in a game set up with every model already placed.
///
/// Generic over the wrapped bot's type, so that wrapping a `Box<dyn Bot + Send>` stays
/// `Send`.
pub struct PlannedDeployment<B: Bot + ?Sized = dyn Bot> {
    plan: Vec<Command>,
    bot: Box<B>,
    planned_last: bool,
}

impl<B: Bot + ?Sized> PlannedDeployment<B> {
    /// `bot`, deploying as `plan` says ([`Game::planned_placement`]).
    pub fn new(plan: Vec<Command>, bot: Box<B>) -> PlannedDeployment<B> {
        PlannedDeployment {
            plan,
            bot,
            planned_last: false,
        }
    }
}

impl<B: Bot + ?Sized> Bot for PlannedDeployment<B> {
    fn choose(&mut self, game: &Game) -> Command {
        match game.planned_placement(&self.plan) {
            Some(c) => {
                self.planned_last = true;
                c
            }
            None => {
                self.planned_last = false;
                self.bot.choose(game)
            }
        }
    }

    fn think(&mut self, game: &Game, slice: u32) -> Option<Command> {
        match game.planned_placement(&self.plan) {
            Some(c) => {
                self.planned_last = true;
                Some(c)
            }
            None => {
                self.planned_last = false;
                self.bot.think(game, slice)
            }
        }
    }

    fn explain(&self) -> Option<String> {
        if self.planned_last {
            Some("deploy: the planned spot".to_owned())
        } else {
            self.bot.explain()
        }
    }

    fn clock_cuts(&self) -> u64 {
        self.bot.clock_cuts()
    }
}
