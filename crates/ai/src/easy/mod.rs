//! Easy: the behaviour deck. Each time its player takes Control the bot draws a
//! [`BehaviourCard`] from a seeded deck; the card's ordered rules pick which model acts and
//! what it does, and every choice carries the card and the rule used, for the log.
//! Near the turn limit a team not ahead in what the limit counts plays a fixed card instead
//! of drawing (the last 24 turns of Control), and so does a team closing out rivals down to
//! their last models (the Aggressive card).
//! It sees only what a player sees: positions, tokens, Luck and the odds of a roll.

mod clock_turn;
mod deck;
mod support;

pub use deck::{ActionRule, BehaviourCard, ControlRule, Situation, generic_deck};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use redline_battlespace::Hypot;
use redline_rules::scenario::Tiebreak;
use redline_rules::{Command, DecisionKind, Game, ModelId, Seat};

use crate::Bot;
use crate::assess::{self, Kind};
use crate::choice::{Choice, fallback};
use crate::common::answer_other;
use crate::describe::{describe, rule_words};
use crate::models::{flat, in_play};
use crate::persona::Persona;

/// A rival this close (inches) counts as able to reach a model soon.
const THREAT_RANGE: f32 = 12.0;

/// Protect-the-leader keeps its models within this many inches of the leader.
const LEADER_GUARD: f32 = 6.0;
/// How near (base to base, inches) a Downed friend must lie for a model to tend or drag it
/// now: within reach.
const RESCUE_REACH: f32 = 1.0;
/// The least a Breach must be worth (`crate::breach`) for Easy to take it.
const BREACH_WORTH: f64 = 0.05;
/// The least a lock action must be worth (`crate::lock`) for Easy to take it on its way to
/// the goal: a free Try It, or an even chance at a lock.
const LOCK_WORTH: f64 = 0.02;

/// Turns of Control before the turn limit from which a team not ahead in what the limit
/// counts (models in play, or markers when the scenario says so) plays the Aggressive card
/// every time: at the limit the leader in that count wins (CTRL-21), so the last turns go
/// to taking rivals and carriers out rather than to errands that no longer pay.
const ENDGAME_TURNS: u32 = 24;

/// A team with this many times as many models in play as its rivals, who have no more
/// than [`FEW_LEFT`], plays the Aggressive card to finish them (`closing_out`).
const CLOSING_OUT: usize = 2;
/// The most rival models left for a team to close out.
const FEW_LEFT: usize = 2;

/// The behaviour-deck bot.
#[derive(Debug, Clone)]
pub struct EasyBot {
    rng: ChaCha8Rng,
    draw_pile: Vec<usize>,
    card: usize,
    persona: Persona,
    last_why: Option<String>,
}

impl EasyBot {
    /// A bot with the generic deck whose deck shuffles follow from `seed`.
    pub fn new(seed: u64) -> EasyBot {
        EasyBot::with_persona(seed, Persona::generic())
    }

    /// A bot playing `persona`'s deck (a faction's own, or the generic one).
    pub fn with_persona(seed: u64, persona: Persona) -> EasyBot {
        EasyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            draw_pile: Vec::new(),
            card: 0,
            persona,
            last_why: None,
        }
    }

    /// The behaviour card in play (the one drawn at the last Take Control).
    pub fn card(&self) -> &BehaviourCard {
        &self.persona.deck[self.card]
    }

    fn draw(&mut self) {
        if self.draw_pile.is_empty() {
            self.draw_pile = (0..self.persona.deck.len()).collect();
            self.draw_pile.shuffle(&mut self.rng);
        }
        self.card = self.draw_pile.pop().unwrap_or(0);
    }

    /// The answer to the current decision and why.
    pub fn decide(&mut self, game: &Game) -> Choice {
        let legal = game.legal_commands();
        let Some(d) = game.decision() else {
            return fallback(&legal, "no decision");
        };
        if matches!(d.kind, DecisionKind::InspireGonks { .. })
            && let Some(c) = crate::answers::scenario::enter_from_reserve(game, &legal)
        {
            return c;
        }
        let card = match &d.kind {
            DecisionKind::TakeControl { may_activate, .. } => {
                self.draw();
                if let Some(c) =
                    crate::win_now::activation_that_wins(game, d.seat, may_activate, &legal)
                {
                    let why = format!(
                        "{}: its scenario action wins the game now",
                        describe(game, &c)
                    );
                    return Choice::new(c, why);
                }
                if let Some((c, why)) = clock_turn::run_out(game, d.seat, may_activate, &legal) {
                    let label = self.persona.card_label(self.card());
                    return Choice::new(c, format!("{label}, {why}"));
                }
                let late = endgame(game, d.seat, &self.persona.deck)
                    .map(|k| (k, "endgame, not ahead"))
                    .or_else(|| closing_out(game, d.seat, &self.persona.deck));
                if let Some((k, _)) = late {
                    self.card = k;
                }
                let card = self.card();
                let workers: Vec<ModelId> = may_activate
                    .iter()
                    .copied()
                    .filter(|&m| has_work(game, card, m))
                    .collect();
                for &rule in &card.control {
                    let found = control_rule(rule, game, d.seat, &workers, may_activate, &legal);
                    if let Some((c, why)) = found {
                        let label = self.persona.card_label(card);
                        let name = match late {
                            Some((_, why)) => format!("{label} ({why})"),
                            None => label,
                        };
                        return Choice::new(c, format!("{name}, {}: {why}", rule_words(&rule)));
                    }
                }
                return fallback(&legal, &card.name);
            }
            DecisionKind::NextAction { .. } | DecisionKind::InspireGonks { .. } => {
                let team = game.team_of(d.seat);
                if let Some(c) = crate::win_now::winning_action(game, team, &legal) {
                    let why = format!("{}: it wins the game now", describe(game, &c));
                    return Choice::new(c, why);
                }
                self.card()
            }
            DecisionKind::OfferReaction { .. } => self.card(),
            _ => return answer_other(game, d, &legal, false),
        };
        let label = self.persona.card_label(card);
        let found = action_rules(game, d.seat, card)
            .into_iter()
            .find_map(|rule| {
                action_rule(rule, game, d.seat, &legal)
                    .map(|(c, why)| (c, format!("{label}, {}: {why}", rule_words(&rule))))
            })
            // No rule matched (a kind of action the card does not know): pass if we may.
            .or_else(|| {
                legal
                    .iter()
                    .find(|c| assess::kind(game, c) == Kind::Pass)
                    .map(|c| (c.clone(), format!("{label}: nothing to do")))
            });
        match found {
            Some((c, why)) => match clock_turn::instead_of_ending(game, d.seat, &c, &legal) {
                Some((c, instead)) => Choice::new(c, format!("{label}: {instead}")),
                None => Choice::new(c, why),
            },
            None => fallback(&legal, &card.name),
        }
    }
}

impl Bot for EasyBot {
    fn choose(&mut self, game: &Game) -> Command {
        let choice = self.decide(game);
        self.last_why = Some(choice.why);
        choice.command
    }

    fn explain(&self) -> Option<String> {
        self.last_why.clone()
    }
}

/// The card to play instead of drawing when the turn limit is near and `seat`'s team does
/// not lead in what decides the game there: the deck's Objective card when the scenario
/// counts markers (held or carried off), else its Aggressive card (models in play).
fn endgame(game: &Game, seat: Seat, deck: &[BehaviourCard]) -> Option<usize> {
    let limit = game.setup().victory.turn_limit?;
    if game.turns() + ENDGAME_TURNS < limit {
        return None;
    }
    // Ahead means the limit, reached now, would give us the game (CTRL-21).
    let team = game.team_of(seat);
    if matches!(
        game.outcome_at_turn_limit(),
        Some(redline_rules::Outcome::Win { team: t, .. }) if t == team
    ) {
        return None;
    }
    // The limit counts something of the scenario's own before models (markers, rescues,
    // quarters: `ScenarioRules::limit_counts`).
    let by_markers = game.setup().scenario.limit_counts().first() != Some(&Tiebreak::MostModels);
    let card = if by_markers {
        Situation::Objective
    } else {
        Situation::Aggressive
    };
    deck.iter().position(|c| c.situation == card)
}

/// The Aggressive card when `seat`'s team has at least [`CLOSING_OUT`] times as many
/// models in play as its rivals and they have no more than [`FEW_LEFT`]: the game is won by
/// taking the last of them out (LastStanding, a Leader), not by the card's errands or cover.
fn closing_out(game: &Game, seat: Seat, deck: &[BehaviourCard]) -> Option<(usize, &'static str)> {
    if !outnumbers_the_last(game, seat) {
        return None;
    }
    deck.iter()
        .position(|c| c.situation == Situation::Aggressive)
        .map(|k| (k, "closing out"))
}

/// Whether `seat`'s team has at least [`CLOSING_OUT`] times as many models in play as its
/// rivals, who have no more than [`FEW_LEFT`] (a third force not counted).
fn outnumbers_the_last(game: &Game, seat: Seat) -> bool {
    let theirs = rivals_in_play(game, seat);
    theirs > 0 && theirs <= FEW_LEFT && our(game, seat).count() >= CLOSING_OUT * theirs
}

/// Whether `seat`'s team has at least as many models in play as its rivals (a third force not
/// counted).
fn not_behind(game: &Game, seat: Seat) -> bool {
    our(game, seat).count() >= rivals_in_play(game, seat)
}

/// How many rival models `seat` faces in play, a third force not counted.
fn rivals_in_play(game: &Game, seat: Seat) -> usize {
    assess::rivals_of(game, seat)
        .into_iter()
        .filter(|&r| !game.is_third_force(r))
        .count()
}

/// Whether `seat`'s active model hunts the rival Leader: taking the Leader out wins (Take the
/// Head), its team has at least as many models in play as its rivals ([`not_behind`]), and
/// it is not its own Leader. It shoots the Leader or walks for it before the card's other
/// rules: the rest of the rival crew is not the game. A crew behind on models plays its
/// card.
fn hunts_leader(game: &Game, seat: Seat) -> bool {
    game.active_model().is_some_and(|m| {
        game.owner(m) == seat
            && !assess::is_leader(game, m)
            && crate::objective::leader_wins_for(game, game.team_of(seat))
            && not_behind(game, seat)
    })
}

/// How far `at` lies from `m`'s scenario goal ([`scenario_goal`]); infinite without one.
/// Height counts: a marker on a roof is reached by climbing, not by standing under it.
fn to_scenario_goal(game: &Game, m: ModelId, at: [f32; 3]) -> f32 {
    scenario_goal(game, m).map_or(f32::INFINITY, |g| flat(at, g).hypot_exact(at[1] - g[1]))
}

/// Where `m` heads under *move toward the scenario goal*: the scenario's goal
/// (`objective::goal`), else the nearest rival Leader where taking it out wins.
fn scenario_goal(game: &Game, m: ModelId) -> Option<[f32; 3]> {
    crate::objective::goal(game, m).or_else(|| {
        let team = game.team_of(game.owner(m));
        if !crate::objective::leader_wins_for(game, team) {
            return None;
        }
        let at = game.position(m);
        game.rival_leaders(team)
            .filter(|&r| game.in_play(r))
            .map(|r| game.position(r))
            .min_by(|a, b| flat(*a, at).total_cmp(&flat(*b, at)))
    })
}

fn our(game: &Game, seat: Seat) -> impl Iterator<Item = ModelId> + '_ {
    let team = game.team_of(seat);
    in_play(game).filter(move |&m| game.team_of(game.owner(m)) == team)
}

fn leader(game: &Game, seat: Seat) -> Option<ModelId> {
    our(game, seat).find(|&m| assess::is_leader(game, m))
}

fn nearest_rival_distance(game: &Game, m: ModelId, at: [f32; 3], rivals: &[ModelId]) -> f32 {
    rivals
        .iter()
        .map(|&r| assess::distance_from(game, m, at, r))
        .fold(f32::INFINITY, f32::min)
}

/// Whether `card` gives `m` something to do once active: on a copy of the game with `m`
/// activated, a rule of the card other than ending the activation finds a command. A
/// character waiting in Reserve always has: it enters play (FIELD-9), and a crew that
/// leaves it there fights a model short and can't be beaten by its last model falling.
fn has_work(game: &Game, card: &BehaviourCard, m: ModelId) -> bool {
    let mut g = game.clone();
    if g.apply(Command::Activate { model: m }).is_err() {
        return false;
    }
    let Some(d) = g.decision() else {
        return false;
    };
    if matches!(d.kind, DecisionKind::Deploy { .. }) {
        return true;
    }
    let legal = g.legal_commands();
    action_rules(&g, d.seat, card)
        .into_iter()
        .filter(|r| *r != ActionRule::Stop)
        .any(|r| action_rule(r, &g, d.seat, &legal).is_some())
}

/// The action rules `card` plays for `seat`, in order. A team that wins by getting models
/// off the table (Escape, FIELD-6), and a carrier where carrying markers off wins, takes
/// Leave the Table when it pays, then heads for the nearest edge it may leave by, before
/// the card's other rules: standing to trade shots in the middle of the table never wins
/// it the game. Where rescues score, a model beside a
/// Downed friend drags it home (*move toward the scenario goal* tries that drag first) or
/// tends it before the card's other rules. A model hunting the rival Leader
/// ([`hunts_leader`]) shoots it or walks for it first.
fn action_rules(game: &Game, seat: Seat, card: &BehaviourCard) -> Vec<ActionRule> {
    let in_fire = game
        .active_model()
        .is_some_and(|m| game.owner(m) == seat && crate::fire::burning(game, m, game.position(m)));
    // A carrier where carrying markers off wins plays its errand home under any card, as
    // a team that wins by escaping does.
    let carrier = game.active_model().is_some_and(|m| {
        game.owner(m) == seat
            && crate::objective::carrying(game, m)
            && crate::errand::carries_off(game, m)
    });
    let first: &[ActionRule] = match (
        in_fire,
        carrier || crate::objective::plays_to_escape(game, game.team_of(seat)),
    ) {
        (false, false) if rescue_at_hand(game, seat) => {
            &[ActionRule::MoveTowardGoal, ActionRule::FirstAidFriend]
        }
        (false, false) if hunts_leader(game, seat) => {
            &[ActionRule::AttackRivalLeader, ActionRule::MoveTowardGoal]
        }
        (false, false) => return card.actions.clone(),
        (true, false) => &[ActionRule::LeaveFire],
        (false, true) => &[ActionRule::ScenarioAction, ActionRule::MoveTowardGoal],
        (true, true) => &[
            ActionRule::ScenarioAction,
            ActionRule::LeaveFire,
            ActionRule::MoveTowardGoal,
        ],
    };
    first
        .iter()
        .copied()
        .chain(card.actions.iter().copied().filter(|r| !first.contains(r)))
        .collect()
}

/// Whether `seat`'s active model stands within reach of a Downed friend not yet home where
/// the scenario scores rescues (Medevac): it tends or drags it before the card's other rules.
fn rescue_at_hand(game: &Game, seat: Seat) -> bool {
    game.active_model()
        .filter(|&m| game.owner(m) == seat)
        .and_then(|m| {
            let d = crate::rescue::nearest_casualty(game, m)?;
            Some(game.distance(m, d) <= RESCUE_REACH)
        })
        .unwrap_or(false)
}

/// `seat`'s own Inspire among the `legal` commands (not a teammate's, CTRL-19).
fn own_inspire(legal: &[Command], seat: Seat) -> Option<&Command> {
    legal
        .iter()
        .find(|c| matches!(c, Command::Inspire { seat: s } if *s == seat))
}

/// The legal Activate command for `m`.
fn activate(legal: &[Command], m: ModelId) -> Option<Command> {
    legal
        .iter()
        .find(|c| matches!(c, Command::Activate { model } if *model == m))
        .cloned()
}

/// The character offered that minimises `key` (ties: lowest model id).
fn activate_min(
    legal: &[Command],
    may: &[ModelId],
    key: impl Fn(ModelId) -> Option<f32>,
) -> Option<(ModelId, f32)> {
    let mut best: Option<(ModelId, f32)> = None;
    for &m in may {
        if let Some(k) = key(m)
            && activate(legal, m).is_some()
            && best.is_none_or(|(_, b)| k < b)
        {
            best = Some((m, k));
        }
    }
    best
}

/// `may`: the characters with work under the card; `offered`: every character offered.
fn control_rule(
    rule: ControlRule,
    game: &Game,
    seat: Seat,
    may: &[ModelId],
    offered: &[ModelId],
    legal: &[Command],
) -> Option<(Command, String)> {
    use ControlRule as C;
    let rivals = assess::rivals_of(game, seat);
    let inspire = own_inspire(legal, seat)
        .or_else(|| legal.iter().find(|c| matches!(c, Command::Inspire { .. })))
        .cloned();
    let name = |m: ModelId| game.profile(m).name.clone();
    let pick = |found: Option<(ModelId, f32)>, what: &str| {
        found.and_then(|(m, k)| {
            activate(legal, m).map(|c| (c, format!("activate {} ({what} {k:.1})", name(m))))
        })
    };
    match rule {
        C::InspireWhenItWins => {
            if crate::objective::inspire_would_win(game, game.team_of(seat)) {
                inspire.map(|c| (c, "Inspire: holding enough to win at its end".to_string()))
            } else if crate::clock::inspire_holds_out(game, seat) {
                inspire.map(|c| {
                    (
                        c,
                        "Inspire: the last round is over, we held out".to_string(),
                    )
                })
            } else {
                None
            }
        }
        C::ActivateFarthestFromGoal => pick(
            activate_min(legal, may, |m| {
                let g = crate::objective::goal(game, m)?;
                let d = flat(game.position(m), g);
                (d > 1.0).then_some(-d)
            })
            .map(|(m, k)| (m, -k)),
            "inches from its scenario goal:",
        ),
        C::InspireWhenHalfTheGonksCanAct => {
            let gonks: Vec<ModelId> = our(game, seat)
                .filter(|&m| !game.profile(m).is_character())
                .collect();
            let ready = gonks
                .iter()
                .filter(|&&g| {
                    nearest_rival_distance(game, g, game.position(g), &rivals) <= THREAT_RANGE
                })
                .count();
            if !gonks.is_empty() && ready * 2 >= gonks.len() {
                inspire.map(|c| {
                    (
                        c,
                        format!(
                            "Inspire: {ready} of {} Gonks have a rival near",
                            gonks.len()
                        ),
                    )
                })
            } else {
                None
            }
        }
        C::Inspire => inspire.map(|c| (c, "Inspire".to_string())),
        C::InspireWhenIdle => {
            if may.is_empty() {
                inspire.map(|c| {
                    (
                        c,
                        "Inspire: no character has anything to do under this card".to_string(),
                    )
                })
            } else {
                None
            }
        }
        C::ActivateNearestToRival => pick(
            activate_min(legal, may, |m| {
                Some(nearest_rival_distance(game, m, game.position(m), &rivals))
            }),
            "nearest a rival:",
        ),
        C::ActivateBestShot => {
            // The character whose best Ready token gives the best chance on a rival in range.
            let found = activate_min(legal, may, |m| {
                let colour = assess::best_ready_colour(game, m)?;
                let mut best = 0.0f64;
                for i in 0..game.action_count(m) {
                    let Some(def) = game.action(m, i) else {
                        continue;
                    };
                    for &r in &rivals {
                        if assess::attack_reaches(game, def, game.distance(m, r)) {
                            let p = assess::hit_chance(
                                game,
                                m,
                                game.position(m),
                                def,
                                colour,
                                r,
                                game.position(r),
                            );
                            best = best.max(p);
                        }
                    }
                }
                (best > 0.0).then_some(-(best as f32))
            });
            pick(found.map(|(m, k)| (m, -k)), "best chance to hit")
        }
        C::ActivateMostThreatened => pick(
            activate_min(legal, may, |m| {
                let n = rivals
                    .iter()
                    .filter(|&&r| game.distance(m, r) <= THREAT_RANGE)
                    .count();
                (n > 0).then_some(-(n as f32))
            })
            .map(|(m, k)| (m, -k)),
            "rivals within 12\":",
        ),
        C::ActivateNearestToBody => {
            let bodies = game.bodies();
            pick(
                activate_min(legal, may, |m| {
                    bodies
                        .iter()
                        .map(|(_, _, at)| flat(game.position(m), *at))
                        .reduce(f32::min)
                }),
                "distance to a Body token:",
            )
        }
        C::ActivateLeader => {
            let l = leader(game, seat).filter(|l| may.contains(l))?;
            activate(legal, l).map(|c| (c, format!("activate the leader {}", name(l))))
        }
        C::ActivateNearestToLeader => {
            let l = leader(game, seat)?;
            let threatened = rivals.iter().any(|&r| game.distance(l, r) <= THREAT_RANGE);
            if !threatened {
                return None;
            }
            pick(
                activate_min(legal, may, |m| (m != l).then(|| game.distance(m, l))),
                "distance to the threatened leader:",
            )
        }
        C::ActivateFirst => may
            .iter()
            .chain(offered)
            .find_map(|&m| activate(legal, m))
            .or_else(|| legal.first().cloned())
            .map(|c| (c, "the first choice offered".to_string())),
    }
}

/// An attack candidate: command, attacker, target, distance, chance to land.
struct Attack<'a> {
    command: &'a Command,
    target: ModelId,
    distance: f32,
    chance: f64,
    die: u8,
}

fn attacks<'a>(game: &Game, legal: &'a [Command]) -> Vec<Attack<'a>> {
    legal
        .iter()
        .filter_map(|c| {
            let Kind::Attack { actor, target } = assess::kind(game, c) else {
                return None;
            };
            let a = assess::action_of(c)?;
            let def = game.action(actor, a.action)?;
            let colour = assess::token_colour(game, actor, a.token);
            Some(Attack {
                command: c,
                target,
                distance: game.distance(actor, target),
                chance: assess::hit_chance(
                    game,
                    actor,
                    game.position(actor),
                    def,
                    colour,
                    target,
                    game.position(target),
                ),
                die: assess::colour_rank(colour),
            })
        })
        .filter(|a| a.chance > 0.0)
        .collect()
}

/// The attack minimising `key`; ties go to the bigger die, then the list order.
fn best_attack<'a>(list: &[Attack<'a>], key: impl Fn(&Attack<'_>) -> f64) -> Option<&'a Command> {
    let mut best: Option<(&Attack<'a>, f64)> = None;
    for a in list {
        let k = key(a);
        let better = match best {
            None => true,
            Some((b, bk)) => k < bk || (k == bk && a.die > b.die),
        };
        if better {
            best = Some((a, k));
        }
    }
    best.map(|(a, _)| a.command)
}

/// The lock action on the way (to the goal, else the nearest rival) worth the most, at a
/// fair chance or better (SEC-7, SEC-8): a known lock opened, or an unknown opening tried.
/// Easy takes it before walking toward its goal or a rival.
fn open_lock(game: &Game, legal: &[Command]) -> Option<(Command, String)> {
    legal
        .iter()
        .filter_map(|c| crate::lock::lock_value(game, c).map(|v| (c, v)))
        .filter(|(_, v)| *v >= LOCK_WORTH)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(c, v)| {
            (
                c.clone(),
                format!("{} (worth {v:.2} on the way)", describe(game, c)),
            )
        })
}

/// The drag that brings a Downed friend nearest home where rescues score (AID-10), if it
/// brings it any nearer (`crate::rescue::drag_value`).
fn drag_home(game: &Game, legal: &[Command]) -> Option<(Command, String)> {
    legal
        .iter()
        .filter_map(|c| crate::rescue::drag_value(game, c).map(|v| (c, v)))
        .filter(|(_, v)| *v > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(c, v)| {
            (
                c.clone(),
                format!(
                    "{} (worth {v:.2}: a casualty brought home)",
                    describe(game, c)
                ),
            )
        })
}

/// The move minimising `score` of its end point, if it beats staying put.
fn best_move(
    game: &Game,
    legal: &[Command],
    score: impl Fn(ModelId, [f32; 3]) -> f32,
) -> Option<(Command, f32)> {
    // No card walks a model into a Loaded sentry's fire while another move serves
    // (SEC-12): the moves that draw none are tried first, then the rest.
    let fired_at = |c: &Command| crate::sentries::outcome(game, c).is_some_and(|o| o.fired_at);
    let (clear, exposed): (Vec<&Command>, Vec<&Command>) = legal.iter().partition(|c| !fired_at(c));
    best_move_of(game, &clear, &score).or_else(|| best_move_of(game, &exposed, &score))
}

/// [`best_move`] among `moves`.
fn best_move_of(
    game: &Game,
    moves: &[&Command],
    score: &impl Fn(ModelId, [f32; 3]) -> f32,
) -> Option<(Command, f32)> {
    let mut best: Option<(&Command, f32, f32)> = None;
    for &c in moves {
        if let Kind::Move { actor, end } = assess::kind(game, c) {
            // No card walks a model into a fire's reach (FIRE-10).
            if crate::fire::burning(game, actor, end)
                && !crate::fire::burning(game, actor, game.position(actor))
            {
                continue;
            }
            let now = score(actor, game.position(actor));
            let k = score(actor, end);
            if k < now - 0.05 && best.is_none_or(|(_, b, _)| k < b) {
                best = Some((c, k, now));
            }
        }
    }
    best.map(|(c, k, _)| (c.clone(), k))
}

/// A move that takes out a rival sentry by ending within reach of it without drawing its
/// fire (SEC-13: from outside its arc, or once it is Spent), the most worth first.
fn overrun_sentry(game: &Game, legal: &[Command]) -> Option<(Command, String)> {
    legal
        .iter()
        .filter_map(|c| crate::sentries::outcome(game, c).map(|o| (c, o)))
        .filter(|(_, o)| o.overrun > 0.0 && !o.fired_at)
        .max_by(|a, b| a.1.overrun.total_cmp(&b.1.overrun))
        .map(|(c, _)| {
            (
                c.clone(),
                format!("{} (overruns a sentry)", describe(game, c)),
            )
        })
}

fn action_rule(
    rule: ActionRule,
    game: &Game,
    seat: Seat,
    legal: &[Command],
) -> Option<(Command, String)> {
    use ActionRule as A;
    // In Take the Head our Leader is the game: it does not walk toward rivals, bodies or
    // errands but keeps to cover (a Leader taken out loses at once). A team that wins by
    // leaving the table takes its Leader along: off the table it is out of reach.
    let escaping = crate::objective::plays_to_escape(game, game.team_of(seat));
    if (matches!(rule, A::MoveTowardNearestRival | A::MoveTowardBody)
        || (rule == A::MoveTowardGoal && !escaping))
        && crate::objective::leader_wins(game)
        && game
            .active_model()
            .is_some_and(|m| game.owner(m) == seat && assess::is_leader(game, m))
    {
        return action_rule(A::MoveToCover, game, seat, legal)
            .map(|(c, why)| (c, format!("our Leader keeps to cover instead: {why}")));
    }
    // A model holding a marker by standing at it (Timed Heist, Blackout) stays there:
    // walking off for a body or a rival gives the marker up.
    if matches!(
        rule,
        A::MoveTowardNearestRival
            | A::MoveTowardBody
            | A::MoveToCover
            | A::MoveTowardLeader
            | A::MoveTowardGoal
    ) && game.active_model().is_some_and(|m| {
        game.owner(m) == seat && crate::objective::holds_marker_by_standing(game, m)
    }) {
        return None;
    }
    let rivals = assess::rivals_of(game, seat);
    let label = |c: &Command| describe(game, c);
    let with = |c: Option<&Command>| c.map(|c| (c.clone(), label(c)));
    match rule {
        A::AttackNearestWoundedInRange => {
            let list: Vec<_> = attacks(game, legal)
                .into_iter()
                .filter(|a| !game.profile(a.target).is_character() || game.red_lined(a.target))
                .collect();
            with(best_attack(&list, |a| f64::from(a.distance)))
        }
        A::AttackNearestInRange => with(best_attack(&attacks(game, legal), |a| {
            f64::from(a.distance)
        })),
        A::AttackBestChance => with(best_attack(&attacks(game, legal), |a| -a.chance)),
        A::AttackMostHurt => {
            let list: Vec<_> = attacks(game, legal)
                .into_iter()
                .filter(|a| a.chance >= 0.25)
                .collect();
            with(best_attack(&list, |a| {
                let left = if game.profile(a.target).is_character() {
                    assess::wounds_to_red_line(game, a.target) as f64 + 1.0
                } else {
                    0.0
                };
                left - a.chance
            }))
        }
        A::AttackIfFavourable => {
            let list: Vec<_> = attacks(game, legal)
                .into_iter()
                .filter(|a| a.chance >= 0.5)
                .collect();
            with(best_attack(&list, |a| -a.chance))
        }
        A::AttackLeader => {
            let list: Vec<_> = attacks(game, legal)
                .into_iter()
                .filter(|a| assess::is_leader(game, a.target) && a.chance >= 0.25)
                .collect();
            with(best_attack(&list, |a| -a.chance))
        }
        A::AttackNearestToLeader => {
            let l = leader(game, seat)?;
            with(best_attack(&attacks(game, legal), |a| {
                f64::from(game.distance(a.target, l))
            }))
        }
        A::ScenarioAction => with(
            legal
                .iter()
                .find(|c| assess::kind(game, c) == Kind::Objective),
        ),
        A::AttackCarrier => {
            let list: Vec<_> = attacks(game, legal)
                .into_iter()
                .filter(|a| crate::objective::carrying(game, a.target))
                .collect();
            with(best_attack(&list, |a| -a.chance))
        }
        A::AttackRivalLeader => {
            if !crate::objective::leader_wins_for(game, game.team_of(seat)) {
                return None;
            }
            let list: Vec<_> = attacks(game, legal)
                .into_iter()
                .filter(|a| assess::is_leader(game, a.target))
                .collect();
            with(best_attack(&list, |a| -a.chance))
        }
        A::MoveTowardGoal => drag_home(game, legal)
            .or_else(|| overrun_sentry(game, legal))
            .or_else(|| open_lock(game, legal))
            .or_else(|| {
                best_move(game, legal, |m, at| to_scenario_goal(game, m, at))
                    .filter(|(_, k)| k.is_finite())
                    .map(|(c, k)| {
                        (
                            c.clone(),
                            format!("{} ({k:.1}\" from its scenario goal)", label(&c)),
                        )
                    })
            }),
        A::TendFriend => with(legal.iter().find(|c| assess::kind(game, c) == Kind::Heal)),
        A::LootBody => with(legal.iter().find(|c| assess::kind(game, c) == Kind::Loot)),
        A::MoveTowardBody => {
            let bodies = game.bodies();
            if bodies.is_empty() {
                return None;
            }
            best_move(game, legal, |_, at| {
                bodies
                    .iter()
                    .map(|(_, _, b)| flat(at, *b))
                    .fold(f32::INFINITY, f32::min)
            })
            .map(|(c, k)| {
                (
                    c.clone(),
                    format!("{} ({k:.1}\" from a Body token)", label(&c)),
                )
            })
        }
        A::MoveToCover => best_move(game, legal, |m, at| {
            // Rivals within 12" with a clear Path of Attack, less a little per cover; a
            // little per inch beyond 12" of the nearest rival, so it does not leave the fight.
            let beyond = (nearest_rival_distance(game, m, at, &rivals) - THREAT_RANGE).max(0.0);
            let mut seen = 0.05 * beyond;
            for &r in &rivals {
                if assess::distance_from(game, m, at, r) > THREAT_RANGE {
                    continue;
                }
                if let Some(cover) = assess::cover(game, r, game.position(r), m, at) {
                    seen += 1.0 - 0.25 * f32::from(cover.min(3) as u8);
                }
            }
            seen
        })
        .map(|(c, k)| (c.clone(), format!("{} (exposure {k:.2})", label(&c)))),
        A::FirstAidFriend => legal
            .iter()
            .filter_map(|c| crate::rescue::first_aid_value(game, c).map(|v| (c, v)))
            .filter(|(_, v)| *v > 0.0)
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(c, v)| (c.clone(), format!("{} (worth {v:.2})", label(c)))),
        A::RepairConstruct => legal
            .iter()
            .filter_map(|c| crate::construct::construct_value(game, c).map(|v| (c, v)))
            .filter(|(_, v)| *v > 0.0)
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(c, v)| (c.clone(), format!("{} (worth {v:.2})", label(c)))),
        A::BreachScenery => legal
            .iter()
            .filter_map(|c| crate::breach::breach_value(game, c).map(|v| (c, v)))
            .filter(|(_, v)| *v >= BREACH_WORTH)
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(c, v)| (c.clone(), format!("{} (worth {v:.2})", label(c)))),
        A::LeaveFire => best_move(game, legal, |m, at| {
            // Out of the fire first, then the shortest step.
            let burns = if crate::fire::burning(game, m, at) {
                1000.0
            } else {
                0.0
            };
            burns + flat(at, game.position(m))
        })
        .filter(|(_, k)| *k < 1000.0)
        .map(|(c, _)| (c.clone(), format!("{} (out of the fire)", label(&c)))),
        A::MoveTowardNearestRival => overrun_sentry(game, legal)
            .or_else(|| open_lock(game, legal))
            .or_else(|| {
                best_move(game, legal, |m, at| {
                    nearest_rival_distance(game, m, at, &rivals)
                })
                .map(|(c, k)| (c.clone(), format!("{} ({k:.1}\" from a rival)", label(&c))))
            }),
        A::MoveTowardLeader => {
            let l = leader(game, seat)?;
            best_move(game, legal, |m, at| {
                if m == l {
                    f32::INFINITY
                } else {
                    (assess::distance_from(game, m, at, l) - LEADER_GUARD).max(0.0)
                }
            })
            .map(|(c, k)| {
                (
                    c.clone(),
                    format!("{} ({k:.1}\" beyond guard distance)", label(&c)),
                )
            })
        }
        A::DisruptRival | A::RefreshFriend | A::CommandFriendWithShot | A::LaunchDrone => {
            support::support_rule(rule, game, legal)
        }
        A::Stop => with(legal.iter().find(|c| assess::kind(game, c) == Kind::Pass)),
    }
}

/// A short description of a command for the log.
pub fn describe_pub(game: &Game, c: &Command) -> String {
    describe(game, c)
}
