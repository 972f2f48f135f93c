//! Normal: greedy one-step scoring. Every legal answer for the acting model is scored:
//! an attack by its exact chance to land (`redline_rules::odds`, cover from the Path of
//! Attack included) times what the hit is worth (a wound, a model taken out, a leader); a
//! move by how much better its end point is than where the model stands (threat from rivals
//! that could reach it with their odds, against its own chances on rivals from there, Body
//! tokens nearby). The best score wins; ties go to the first in legal order. Defences, Luck,
//! extra wounds and opposers are answered by expected value too.

mod support;

use redline_content::schema::Personality;
use redline_rules::{Command, DecisionKind, Game, ModelId, Seat};

use crate::Bot;
use crate::assess::{self, Kind};
use crate::choice::{Choice, fallback};
use crate::common::answer_other;
use crate::describe::describe;
use crate::models::in_play;
use crate::support::{ready_tokens, used_tokens};

pub use crate::position::position_value;

/// Worth of ending the activation or holding a Gonk: a Ready token kept for [RE]actions.
/// An activation goes on while an action is worth more (0.04 held fights at long range to
/// the backstop; docs/decisions/ai-finishing.md).
const PASS_VALUE: f64 = 0.02;
/// How much a rival's chance to hit counts in Normal's scores: a third of the shared
/// position value's [`crate::position::THREAT_WEIGHT`], so fights are played to the
/// scenario's end rather than held at long range (docs/decisions/ai-finishing.md).
pub(crate) const THREAT_WEIGHT: f64 = 0.3;
/// Worth of declining a [RE]action: the token stays Ready for our own turn.
const DECLINE_VALUE: f64 = 0.12;
/// Worth of a scenario action (Search, Pick Up, Leave the Table): the way games are won.
const OBJECTIVE_VALUE: f64 = 0.7;
/// Worth of bringing a character waiting in Reserve into play, on top of its first action:
/// left there it never fights, and a crew whose models on the table have fallen can then
/// neither fight on nor be beaten by take-outs (Breakout's tidewater Bilge Diver did so).
const ENTER_FROM_RESERVE: f64 = 0.3;
/// Worth of Inspiring when it meets a win condition checked at the end of an Inspire.
const WINNING_INSPIRE: f64 = 10.0;
/// Worth of looting a Body token within reach.
const LOOT_VALUE: f64 = 0.3;
/// Worth of tending a Red-lined friend.
const HEAL_VALUE: f64 = 0.35;
/// Factor on an attack's worth when its target carries a marker.
const CARRIER_WORTH: f64 = 1.5;
/// Cost of spending a token, per colour rank: spend the worse token when scores tie.
const TOKEN_COST: f64 = 0.005;

/// The greedy bot.
#[derive(Debug, Clone, Default)]
pub struct NormalBot {
    last_why: Option<String>,
    /// Rate characters at Take Control by their best shot only, without playing their
    /// first action on a copy: Hard's play-outs, where speed buys more play-outs.
    quick: bool,
    /// Legal answers this bot has rated (Hard counts its play-outs' work by them).
    pub(crate) rated: u64,
    /// What the crew it plays values (neutral by default).
    personality: Personality,
}

impl NormalBot {
    /// A new bot (it has no randomness of its own).
    pub fn new() -> NormalBot {
        NormalBot::default()
    }

    /// A bot that weighs its scores by `personality` (`crate::persona`).
    pub fn with_personality(personality: Personality) -> NormalBot {
        NormalBot {
            personality,
            ..NormalBot::default()
        }
    }

    /// A bot that skips the one-action look-ahead at Take Control (Hard's play-outs).
    pub(crate) fn quick() -> NormalBot {
        NormalBot {
            quick: true,
            ..NormalBot::default()
        }
    }

    /// The answer to the current decision and why.
    pub fn decide(&mut self, game: &Game) -> Choice {
        let legal = game.legal_commands();
        self.rated += legal.len() as u64;
        let Some(d) = game.decision() else {
            return fallback(&legal, "no decision");
        };
        if matches!(d.kind, DecisionKind::InspireGonks { .. })
            && let Some(c) = crate::answers::scenario::enter_from_reserve(game, &legal)
        {
            return c;
        }
        match &d.kind {
            DecisionKind::TakeControl { .. } => {
                take_control(game, d.seat, &legal, !self.quick, &self.personality)
            }
            DecisionKind::NextAction { .. }
            | DecisionKind::InspireGonks { .. }
            | DecisionKind::OfferReaction { .. } => best_action(game, &legal, &self.personality),
            _ => answer_other(game, d, &legal, true),
        }
    }
}

impl Bot for NormalBot {
    fn choose(&mut self, game: &Game) -> Command {
        let choice = self.decide(game);
        self.last_why = Some(choice.why);
        choice.command
    }

    fn explain(&self) -> Option<String> {
        self.last_why.clone()
    }
}

/// Score of one action answer, weighed by what the crew values.
fn score(game: &Game, c: &Command, p: &Personality) -> f64 {
    let value = neutral_score(game, c);
    if *p == Personality::NEUTRAL {
        value
    } else {
        crate::persona::weigh(game, c, p, value)
    }
}

/// Score of one action answer with a neutral personality.
fn neutral_score(game: &Game, c: &Command) -> f64 {
    let spent = assess::action_of(c)
        .map(|a| {
            f64::from(assess::colour_rank(assess::token_colour(
                game, a.model, a.token,
            )))
        })
        .unwrap_or(0.0);
    // Repairs and Topples (BOT-6, BOT-9, BOT-11, BOT-12), by the engine's odds.
    if let Some(v) = crate::construct::construct_value(game, c) {
        return v - TOKEN_COST * spent;
    }
    let value = match assess::kind(game, c) {
        Kind::Attack { target, .. } => {
            // A carrier taken out drops its marker: the hit is worth more than the model.
            let carrier = if crate::objective::carrying(game, target) {
                CARRIER_WORTH
            } else {
                1.0
            };
            carrier * assess::attack_score(game, c)
        }
        // A sentry's shot drawn, or one overrun (SEC-12, SEC-13), by the engine on a copy.
        Kind::Move { actor, end } => {
            move_gain(game, actor, end) + crate::sentries::move_value(game, c)
        }
        Kind::Objective => OBJECTIVE_VALUE,
        Kind::Loot => LOOT_VALUE,
        Kind::Heal => {
            // First Aid: a Downed friend back on its feet, by the engine's odds (AID-6, AID-8),
            // and a rescue where the scenario counts them.
            if let Some(v) = crate::rescue::first_aid_value(game, c) {
                return v - TOKEN_COST * spent;
            }
            // Only worth it on a model with a wound to heal.
            let wounded = assess::action_of(c).and_then(|a| match a.target {
                redline_rules::Target::Model(t) => Some(t),
                _ => None,
            });
            match wounded {
                Some(t) if game.tokens(t).iter().any(|k| k.colour != k.original) => HEAL_VALUE,
                _ => -1.0,
            }
        }
        // Stun, Refresh, Commands, drones, programs, Breach, locks, drags home...: their worth if they succeed
        // times their chance to; anything else the bots don't model is worth nothing.
        Kind::OtherAction => support::support_value(game, c)
            .or_else(|| crate::breach::breach_value(game, c))
            .or_else(|| crate::lock::lock_value(game, c))
            .or_else(|| crate::rescue::drag_value(game, c))
            .unwrap_or(0.0),
        Kind::Pass => {
            if matches!(c, Command::DeclineReaction) {
                DECLINE_VALUE
            } else {
                PASS_VALUE
            }
        }
        Kind::NotAction => 0.0,
    };
    value - TOKEN_COST * spent - crate::fire::left_in_fire(game, c)
}

/// How much better Normal finds `actor` standing at `end` than where it stands now, in
/// its position value: what a move there is worth before the token it spends.
pub fn move_gain(game: &Game, actor: ModelId, end: [f32; 3]) -> f64 {
    let ready = ready_after(game, actor);
    let value = |at| weighed_value(game, actor, at, ready);
    value(end) - value(game.position(actor))
}

/// The position value of `m` at `at` with a rival's threat weighing Normal's
/// [`THREAT_WEIGHT`].
fn weighed_value(game: &Game, m: ModelId, at: [f32; 3], ready: bool) -> f64 {
    crate::position::value_weighing(game, m, at, ready, THREAT_WEIGHT)
}

/// Whether `m` will still have a Ready token after spending one now.
fn ready_after(game: &Game, m: ModelId) -> bool {
    !game.profile(m).is_character() || ready_tokens(game, m) > 1
}

fn best_action(game: &Game, legal: &[Command], p: &Personality) -> Choice {
    // A scenario's round clock stops while a team with every token Ready ends activations
    // with nothing spent (CTRL-3 shuts Inspiring), and an attacker's last round lasts while
    // it has tokens: it acts rather than end the activation (`crate::clock::must_act`).
    let must_act = game.decision().is_some_and(|d| {
        matches!(d.kind, DecisionKind::NextAction { .. }) && crate::clock::must_act(game, d.seat)
    }) && legal.iter().any(|c| assess::action_of(c).is_some());
    let mut best: Option<(&Command, f64)> = None;
    for c in legal {
        if must_act && matches!(c, Command::EndActivation) {
            continue;
        }
        let s = score(game, c, p);
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((c, s));
        }
    }
    match best {
        Some((c, s)) => Choice::new(
            c.clone(),
            format!(
                "greedy: {} scores {s:.3}, best of {}",
                describe(game, c),
                legal.len()
            ),
        ),
        None => fallback(legal, "greedy"),
    }
}

/// The best attack `m` could make from where it stands with its best Ready colour.
fn best_shot(game: &Game, m: ModelId, rivals: &[ModelId]) -> f64 {
    let Some(colour) = assess::best_ready_colour(game, m) else {
        return 0.0;
    };
    shot_with(game, m, colour, rivals)
}

/// The best attack `m` could make on `rivals` from where it stands acting with `colour`.
fn shot_with(
    game: &Game,
    m: ModelId,
    colour: redline_rules::card::Colour,
    rivals: &[ModelId],
) -> f64 {
    assess::best_attack_from_here(game, m, colour, rivals, |p, r, def| {
        p * assess::hit_value(game, r, assess::wounds_of(def))
    })
}

/// The score of the best first action after `activate`, played on a copy of the game (0
/// if the copy refuses it or asks something else first); with `spending`, only actions that
/// spend a token count (a program launch spends none, OPEN-33).
fn first_action(game: &Game, activate: &Command, spending: bool, p: &Personality) -> f64 {
    let mut copy = game.clone();
    if copy.apply(activate.clone()).is_err() {
        return 0.0;
    }
    // A character in Reserve is set down first (FIELD-9), where it would stand best.
    if let Some(DecisionKind::Deploy { model, .. }) = copy.decision().map(|d| &d.kind) {
        let at = crate::answers::scenario::deploy(&copy, *model, &copy.legal_commands());
        if copy.apply(at.command).is_err() {
            return 0.0;
        }
    }
    if !matches!(
        copy.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ) {
        return 0.0;
    }
    copy.legal_commands()
        .iter()
        .filter(|c| assess::kind(&copy, c) != Kind::Pass)
        .filter(|c| !spending || assess::action_of(c).is_some_and(|a| a.token.is_some()))
        .map(|c| score(&copy, c, p))
        .fold(0.0, f64::max)
}

/// The worth of a Take Control answer and what it is, for the log.
fn control_value(
    game: &Game,
    seat: Seat,
    rivals: &[ModelId],
    c: &Command,
    look_ahead: bool,
    p: &Personality,
) -> (f64, String) {
    let team = game.team_of(seat);
    match c {
        Command::Activate { model } if game.in_reserve(*model) => {
            // FIELD-9: a character waiting in Reserve enters play when first activated.
            let first = if look_ahead {
                first_action(game, c, false, p)
            } else {
                0.0
            };
            (
                ENTER_FROM_RESERVE + first,
                format!(
                    "activate {} (enter from Reserve, first action {first:.2})",
                    game.profile(*model).name
                ),
            )
        }
        Command::Activate { model } => {
            // Under a round clock only what the model would really do with a token counts:
            // an activation whose best such first action is worth no more than ending it
            // leaves the clock stopped (a program launch spends no token, so launching the
            // same drone again each turn would too), and Inspiring (when open) goes first.
            if look_ahead && crate::clock::clock(game, seat).is_some() {
                let first = first_action(game, c, true, p);
                if first <= PASS_VALUE {
                    let name = &game.profile(*model).name;
                    return (-0.01, format!("activate {name} (nothing worth doing)"));
                }
            }
            // Look one action ahead: the best first action the model would take, as Normal
            // scores it (an attack, a move to a better spot, a scenario errand).
            let mut shot = best_shot(game, *model, rivals);
            if look_ahead {
                shot = shot.max(first_action(game, c, false, p));
            }
            // A model in danger gains from moving first: the threat it stands under.
            let here = weighed_value(game, *model, game.position(*model), true);
            let v = shot + 0.3 * (-here).max(0.0) + 0.01;
            (
                v,
                format!(
                    "activate {} (first action {shot:.2}, danger {:.2})",
                    game.profile(*model).name,
                    (-here).max(0.0)
                ),
            )
        }
        Command::Inspire { seat: s } => {
            let gonks: f64 = in_play(game)
                .filter(|&m| game.owner(m) == *s && !game.profile(m).is_character())
                .map(|g| best_shot(game, g, rivals).max(0.02))
                .sum();
            // Inspiring refreshes the team's Used tokens: worth more the more are Used.
            let used = in_play(game)
                .filter(|&m| game.team_of(game.owner(m)) == team)
                .map(|m| used_tokens(game, m))
                .sum::<usize>() as f64;
            let wins = if crate::objective::inspire_would_win(game, team)
                || crate::clock::inspire_holds_out(game, *s)
            {
                WINNING_INSPIRE
            } else if crate::clock::inspire_loses(game, *s) {
                -WINNING_INSPIRE
            } else {
                0.0
            };
            let v = gonks + 0.03 * used + wins;
            (
                v,
                format!("Inspire (Gonk attacks {gonks:.2}, {used} Used tokens)"),
            )
        }
        _ => (0.0, describe(game, c)),
    }
}

fn take_control(
    game: &Game,
    seat: Seat,
    legal: &[Command],
    look_ahead: bool,
    p: &Personality,
) -> Choice {
    let rivals = assess::rivals_of(game, seat);
    let mut best: Option<(&Command, f64, String)> = None;
    for c in legal {
        let (value, what) = control_value(game, seat, &rivals, c, look_ahead, p);
        if best.as_ref().is_none_or(|(_, b, _)| value > *b) {
            best = Some((c, value, what));
        }
    }
    match best {
        Some((c, v, what)) => Choice::new(c.clone(), format!("greedy: {what} scores {v:.3}")),
        None => fallback(legal, "Take Control"),
    }
}

/// Normal's score of every legal answer to a Take Control, action or placement decision
/// (a placement by the position evaluation of the spot), in legal order; `None` for other
/// decisions, weighed by `p`. Hard uses it to pick the candidates it searches.
pub(crate) fn scores(game: &Game, legal: &[Command], p: &Personality) -> Option<Vec<f64>> {
    let d = game.decision()?;
    match &d.kind {
        DecisionKind::TakeControl { .. } => {
            let rivals = assess::rivals_of(game, d.seat);
            Some(
                legal
                    .iter()
                    .map(|c| control_value(game, d.seat, &rivals, c, true, p).0)
                    .collect(),
            )
        }
        DecisionKind::NextAction { .. }
        | DecisionKind::InspireGonks { .. }
        | DecisionKind::OfferReaction { .. } => {
            Some(legal.iter().map(|c| score(game, c, p)).collect())
        }
        DecisionKind::Deploy { model, .. } => {
            Some(crate::answers::scenario::deploy_values(game, *model, legal))
        }
        _ => None,
    }
}

/// One legal answer as the Normal level rates it: for a coach panel that shows a player how
/// the computer saw their options.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedCommand {
    /// The legal answer.
    pub command: Command,
    /// Normal's score, in expected models taken out (higher is better; comparable within
    /// one decision only).
    pub score: f64,
    /// What the answer is and why it scores so, in a short phrase.
    pub why: String,
}

/// Every legal answer to the current Take Control or action decision (actions, Gonk
/// actions, [RE]actions) with Normal's score and a short reason, in legal order, for the
/// side that decides. Empty for other decisions (defences, Luck, wounds...), which Normal
/// answers by a single rule rather than a score per option.
pub fn rate_commands(game: &Game) -> Vec<RatedCommand> {
    let Some(d) = game.decision() else {
        return Vec::new();
    };
    let legal = game.legal_commands();
    match &d.kind {
        DecisionKind::TakeControl { .. } => {
            let rivals = assess::rivals_of(game, d.seat);
            legal
                .into_iter()
                .map(|c| {
                    let n = Personality::NEUTRAL;
                    let (score, why) = control_value(game, d.seat, &rivals, &c, true, &n);
                    RatedCommand {
                        command: c,
                        score,
                        why,
                    }
                })
                .collect()
        }
        DecisionKind::NextAction { .. }
        | DecisionKind::InspireGonks { .. }
        | DecisionKind::OfferReaction { .. } => legal
            .into_iter()
            .map(|c| RatedCommand {
                score: neutral_score(game, &c),
                why: describe(game, &c),
                command: c,
            })
            .collect(),
        _ => Vec::new(),
    }
}
