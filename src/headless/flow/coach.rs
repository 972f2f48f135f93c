//! The coach (solo play): after a person answers a decision in a match against the
//! computer, the Normal level looks at the same decision and rates the options the person
//! had — so the player can see how the AI would have judged them. It works on a copy of the
//! game from before the answer, on Bevy's `AsyncComputeTaskPool` like the bots, so the
//! window keeps rendering; the report replaces the previous one when it is ready.
//!
//! What the report holds:
//! * Normal's own pick and its reason — exactly what [`NormalBot::decide`] answers.
//! * Each option's rating as Normal itself scores it
//!   ([`redline_ai::normal::rate_commands`], in expected models taken out), with the facts
//!   behind it: for a move how far it goes and how much better its end point is than where
//!   the model stands ([`redline_ai::normal::move_gain`], Normal's own position
//!   evaluation); for an attack its exact chance to land (the targeting preview's
//!   `rules::odds`, the defender picking its best defence, no Luck) and the wounds it deals.
//!   A move the person drew to a point Normal did not sample is rated by that position
//!   gain. Decisions Normal answers without scoring (defences, Luck, wounds) list their
//!   options unrated.
//! * The option the person chose.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use redline_ai::NormalBot;
use redline_ai::normal::{RatedCommand, move_gain, rate_commands};
use redline_rules::{ActionCommand, Command, Game, Target};

use crate::headless::flow::battle::{BattleIntent, apply_answers};
use crate::headless::game::describe;
use crate::headless::game::match_state::Match;
use crate::headless::game::probe::target_preview;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// Options listed besides the chosen one and Normal's pick: the best rated.
pub const LISTED: usize = 8;

/// One option of a decision as the coach rates it.
#[derive(Debug, Clone, PartialEq)]
pub struct CoachOption {
    /// The answer, as the prompt's button says it.
    pub label: String,
    /// Normal's rating (expected models taken out); `None` for answers it gives no number.
    pub rating: Option<f64>,
    /// What the rating is made of, in a few words.
    pub reason: String,
    /// The person chose this one.
    pub chosen: bool,
    /// Normal would have chosen this one.
    pub normal_pick: bool,
}

/// How the Normal level rated the options of a person's last decision.
#[derive(Debug, Clone, PartialEq)]
pub struct CoachReport {
    /// The decision, as the prompt put it.
    pub decision: String,
    /// How many legal answers there were.
    pub legal: usize,
    /// The listed options, best rated first (unrated ones after), the chosen one and
    /// Normal's pick always among them.
    pub options: Vec<CoachOption>,
    /// Normal's pick in words and its own reason.
    pub normal: String,
    /// Whether the person's answer is the one Normal would have given.
    pub agreed: bool,
}

/// The coach: whether its panel shows, and its last report.
#[derive(Resource, Default)]
pub struct Coach {
    /// The panel is open (it is only offered in matches with a computer seat).
    pub open: bool,
    /// The last report, once ready.
    pub report: Option<CoachReport>,
    /// The game before a person's answer, waiting to see if the match took it.
    pending: Option<Pending>,
    task: Option<Task<CoachReport>>,
}

impl Coach {
    /// Whether a report is being worked out.
    pub fn working(&self) -> bool {
        self.task.is_some()
    }
}

/// A person's answer and the game it answered.
struct Pending {
    game: Game,
    command: Command,
    steps: usize,
    decision: String,
}

/// Opens or closes the coach panel.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToggleCoach;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Coach>();
    app.add_message::<ToggleCoach>();
    app.add_systems(
        Update,
        (
            toggle,
            note_answer.before(apply_answers),
            rate_taken_answer.after(apply_answers),
            collect,
        )
            .chain()
            .in_set(PlaySystems::Apply)
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Match>)),
    );
    app.add_systems(OnExit(Screen::Battle), forget);
}

fn toggle(mut toggles: MessageReader<ToggleCoach>, mut coach: ResMut<Coach>) {
    for _ in toggles.read() {
        coach.open = !coach.open;
    }
}

/// Keeps the game a person is answering in a match against the computer (before the
/// answer is applied).
fn note_answer(
    mut intents: MessageReader<BattleIntent>,
    current: Res<Match>,
    mut coach: ResMut<Coach>,
) {
    let solo = !current.meta.computer_seats().is_empty();
    for intent in intents.read() {
        let BattleIntent::Answer(command) = intent else {
            continue;
        };
        let person = current
            .decider()
            .is_some_and(|s| !current.meta.is_computer(s));
        if !solo || !coach.open || !person || current.game().check(command).is_err() {
            continue;
        }
        let game = current.game().clone();
        let decision = game
            .decision()
            .map(|d| describe::decision(&game, &current.meta, d))
            .unwrap_or_default();
        coach.pending = Some(Pending {
            game,
            command: command.clone(),
            steps: current.replay().steps.len(),
            decision,
        });
        // Only the first answer of a frame can be the one the match takes.
        break;
    }
}

/// Once the match has taken the noted answer, rates its decision on the task pool.
fn rate_taken_answer(current: Res<Match>, mut coach: ResMut<Coach>) {
    let Some(pending) = coach.pending.take() else {
        return;
    };
    let taken = current
        .replay()
        .steps
        .get(pending.steps)
        .is_some_and(|s| s.command == pending.command);
    if !taken {
        return;
    }
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { rate(&pending.game, &pending.command, pending.decision) });
    // A newer answer makes an older report moot: its task is dropped (cancelled).
    coach.task = Some(task);
}

fn collect(mut coach: ResMut<Coach>, mut redraw: MessageWriter<bevy::window::RequestRedraw>) {
    let Some(task) = &mut coach.task else {
        return;
    };
    // Keep frames coming in the reactive window mode until the report is in.
    redraw.write(bevy::window::RequestRedraw);
    if let Some(report) = check_ready(task) {
        coach.task = None;
        coach.report = Some(report);
    }
}

fn forget(mut coach: ResMut<Coach>) {
    let open = coach.open;
    *coach = Coach {
        open,
        ..Coach::default()
    };
}

/// Rates the options of `game`'s decision, the person having answered `chosen`.
pub fn rate(game: &Game, chosen: &Command, decision: String) -> CoachReport {
    let legal = game.legal_commands();
    let pick = NormalBot::new().decide(game);
    let scores = rate_commands(game);
    let mut rated: Vec<CoachOption> = legal
        .iter()
        .map(|c| option(game, &scores, c, c == chosen, *c == pick.command))
        .collect();
    // A person's move may end anywhere reachable, not only at the sampled points.
    if !legal.contains(chosen) {
        rated.push(option(game, &scores, chosen, true, *chosen == pick.command));
    }
    rated.sort_by(|a, b| match (a.rating, b.rating) {
        (Some(x), Some(y)) => y.total_cmp(&x),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    let mut options = Vec::new();
    for (i, o) in rated.into_iter().enumerate() {
        if i < LISTED || o.chosen || o.normal_pick {
            options.push(o);
        }
    }
    CoachReport {
        decision,
        legal: legal.len(),
        options,
        normal: format!("{} — {}", describe::command(game, &pick.command), pick.why),
        agreed: pick.command == *chosen,
    }
}

fn option(
    game: &Game,
    scores: &[RatedCommand],
    c: &Command,
    chosen: bool,
    normal_pick: bool,
) -> CoachOption {
    let (own, reason) = rating(game, c);
    // Normal's exact score where it scored this answer; the position gain otherwise.
    let rating = scores
        .iter()
        .find(|r| r.command == *c)
        .map(|r| r.score)
        .or(own);
    CoachOption {
        label: describe::command(game, c),
        rating,
        reason,
        chosen,
        normal_pick,
    }
}

fn action_of(c: &Command) -> Option<(&ActionCommand, bool)> {
    match c {
        Command::Act(a) => Some((a, false)),
        Command::React(a) => Some((a, true)),
        _ => None,
    }
}

/// What an answer does, and for a move the gain in Normal's position value at its end
/// point (the rating of a move Normal did not sample).
fn rating(game: &Game, c: &Command) -> (Option<f64>, String) {
    match c {
        Command::EndActivation | Command::SkipGonk { .. } => {
            return (None, "tokens kept Ready".into());
        }
        Command::DeclineReaction => return (None, "token kept Ready".into()),
        _ => {}
    }
    let Some((a, reaction)) = action_of(c) else {
        return (None, "not rated".into());
    };
    let Some(def) = game.action(a.model, a.action) else {
        return (None, "not rated".into());
    };
    match &a.target {
        Target::Route(route) if game.moves_along_route(a.model, a.action) => {
            let Some(end) = route.last() else {
                return (None, "stays put".into());
            };
            let here = game.position(a.model);
            let gain = move_gain(game, a.model, *end);
            let moved = (end[0] - here[0]).hypot(end[2] - here[2]);
            (
                Some(gain),
                format!("position {gain:+.2} ({moved:.1}\" move)"),
            )
        }
        Target::Model(t) if def.attack && game.rivals(a.model, *t) => {
            let preview = target_preview(game, a, reaction, *t);
            let chance = preview.worst_case().map_or(0.0, |d| d.odds.plain);
            let wounds = def.wounds_on_hit(false);
            (
                None,
                format!(
                    "{:.0}% to land, {wounds} wound{}",
                    chance * 100.0,
                    if wounds == 1 { "" } else { "s" }
                ),
            )
        }
        Target::Body(_) => (None, "loots a Body token".into()),
        _ => (None, "not rated".into()),
    }
}
