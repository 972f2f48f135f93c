//! Evaluating a script's checks against the game and the events in scope, and saying what
//! was expected and what was found when one fails.

use redline_rules::card::Colour;
use redline_rules::{Game, Outcome, Token};
use serde_json::Value;

use super::build::Cast;
use super::format::{Check, Pattern, TokenState};
use super::plan::PlannedCheck;
use super::tree::{matches, render};

/// A failed check: what it wanted and what the game had.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Diff {
    /// What the check asked for.
    pub expected: String,
    /// What the game had; several lines for event lists.
    pub found: String,
}

/// The events a check looks at, as trees for matching.
pub struct Scope<'a> {
    /// Every event in scope, in order.
    pub events: &'a [Value],
    /// What the scope is, for messages: "the last command", "the script".
    pub name: &'a str,
}

/// Whether `check` holds.
pub fn evaluate(
    check: &PlannedCheck,
    game: &Game,
    scope: &Scope<'_>,
    cast: &Cast,
) -> Result<(), Diff> {
    let model = check.model;
    let seat = check.seat;
    let fail = |expected: String, found: String| Err(Diff { expected, found });
    match &check.check {
        Check::Event(p) => {
            if scope.events.iter().any(|e| matches(p.value(), e, cast)) {
                Ok(())
            } else {
                fail(
                    format!(
                        "an event matching {} in {}",
                        render(p.value(), cast),
                        scope.name
                    ),
                    event_list(scope, cast),
                )
            }
        }
        Check::NoEvent(p) => {
            let hits: Vec<String> = scope
                .events
                .iter()
                .filter(|e| matches(p.value(), e, cast))
                .map(|e| render(e, cast))
                .collect();
            if hits.is_empty() {
                Ok(())
            } else {
                fail(
                    format!(
                        "no event matching {} in {}",
                        render(p.value(), cast),
                        scope.name
                    ),
                    hits.join("\n"),
                )
            }
        }
        Check::Events(patterns) => events_diff(patterns, scope, cast),
        Check::Tokens(_, states) => {
            let m = model.expect("planned");
            let found: Vec<TokenState> = game.tokens(m).iter().map(token_state).collect();
            compare(token_list(states), token_list(&found))
        }
        Check::InPlay(_) => compare("in play".into(), in_play(game, model)),
        Check::TakenOut(_) => compare("taken out".into(), in_play(game, model)),
        Check::RedLined(_) => compare("Red-lined".into(), red_lined(game, model)),
        Check::NotRedLined(_) => compare("not Red-lined".into(), red_lined(game, model)),
        Check::At(_, at) => {
            let found = game.position(model.expect("planned"));
            let close = at.iter().zip(found).all(|(a, f)| (a - f).abs() <= 0.01);
            if close {
                Ok(())
            } else {
                fail(point(*at), point(found))
            }
        }
        Check::InReach(..) | Check::NotInReach(..) | Check::Within(..) | Check::Beyond(..) => {
            apart(check, game, cast)
        }
        Check::Hacked(_, n) => compare(
            n.to_string(),
            game.hacked(model.expect("planned")).to_string(),
        ),
        Check::Control(_) => compare(
            cast.player_name(seat.expect("planned")),
            cast.player_name(game.control()),
        ),
        Check::Active(_) => compare(
            model.map_or_else(|| "no Active Model".to_owned(), |m| cast.model_label(m)),
            game.active_model()
                .map_or_else(|| "no Active Model".to_owned(), |m| cast.model_label(m)),
        ),
        Check::Luck(_, n) => compare(n.to_string(), game.luck(seat.expect("planned")).to_string()),
        Check::Decision { kind, .. } => decision(game, seat, kind.as_ref(), cast),
        Check::Winner(name) => {
            let seat = seat.expect("planned");
            let team = game.team_of(seat);
            match game.outcome() {
                Some(Outcome::Win { team: won, .. }) if *won == team => Ok(()),
                other => fail(format!("{name}'s team wins"), outcome_text(other, cast)),
            }
        }
        Check::Draw => match game.outcome() {
            Some(Outcome::Draw { .. }) => Ok(()),
            other => fail("a draw".into(), outcome_text(other, cast)),
        },
        Check::Ongoing => match game.outcome() {
            None => Ok(()),
            other => fail("the game goes on".into(), outcome_text(other, cast)),
        },
        Check::Hash(hex) => {
            let wanted = u64::from_str_radix(hex, 16).unwrap_or_default();
            compare(
                format!("state hash {wanted:016x}"),
                format!("state hash {:016x}", game.state_hash()),
            )
        }
        Check::DiceLeft(n) => compare(
            format!("{n} loaded dice left"),
            format!("{} loaded dice left", game.loaded_dice_left()),
        ),
        Check::Bodies(n) => compare(
            format!("{n} Body tokens"),
            format!("{} Body tokens", game.bodies().len()),
        ),
        Check::Turns(n) => compare(format!("{n} turns"), format!("{} turns", game.turns())),
        Check::Unavailable { rule, .. } => {
            let found = availability(game, model, check.action);
            match rule {
                Some(id) if found.ends_with(&format!("({id})")) => Ok(()),
                Some(id) => fail(format!("not on offer ({id})"), found),
                None if found != ON_OFFER => Ok(()),
                None => fail("not on offer".into(), found),
            }
        }
        Check::Available { .. } => {
            compare(ON_OFFER.into(), availability(game, model, check.action))
        }
    }
}

/// A reach or distance check between two models, asking the engine (GEN-7, OPEN-1); what
/// was found gives the engine's closest distance.
fn apart(check: &PlannedCheck, game: &Game, cast: &Cast) -> Result<(), Diff> {
    let (a, b) = (check.model.expect("planned"), check.other.expect("planned"));
    let (a_label, b_label) = (cast.model_label(a), cast.model_label(b));
    let (holds, expected) = match check.check {
        Check::InReach(..) => (
            game.within_reach(a, b),
            format!("{a_label} within reach of {b_label}"),
        ),
        Check::NotInReach(..) => (
            !game.within_reach(a, b),
            format!("{a_label} not within reach of {b_label}"),
        ),
        Check::Within(_, _, d) => (
            game.within(a, b, d),
            format!("{a_label} within {d}\" of {b_label}"),
        ),
        Check::Beyond(_, _, d) => (
            !game.within(a, b, d),
            format!("{a_label} more than {d}\" from {b_label}"),
        ),
        _ => unreachable!("only checks between two models"),
    };
    if holds {
        Ok(())
    } else {
        Err(Diff {
            expected,
            found: format!("{:.2}\" apart (closest distance)", game.distance(a, b)),
        })
    }
}

/// What [`availability`] says of an action some answer with is legal.
const ON_OFFER: &str = "on offer";

/// Whether a model's action is on offer, or the engine's reason why not.
fn availability(game: &Game, model: Option<redline_rules::ModelId>, action: Option<u16>) -> String {
    let (model, action) = (model.expect("planned"), action.expect("planned"));
    match game.why_unavailable(model, action) {
        None => ON_OFFER.into(),
        Some(reason) => format!("not on offer: {reason}"),
    }
}

fn compare(expected: String, found: String) -> Result<(), Diff> {
    if expected == found {
        Ok(())
    } else {
        Err(Diff { expected, found })
    }
}

fn in_play(game: &Game, model: Option<redline_rules::ModelId>) -> String {
    if game.in_play(model.expect("planned")) {
        "in play".into()
    } else {
        "taken out".into()
    }
}

fn red_lined(game: &Game, model: Option<redline_rules::ModelId>) -> String {
    if game.red_lined(model.expect("planned")) {
        "Red-lined".into()
    } else {
        "not Red-lined".into()
    }
}

/// A token as a check writes it.
pub fn token_state(token: &Token) -> TokenState {
    if token.ready {
        TokenState::Ready(token.colour)
    } else {
        TokenState::Used(token.colour)
    }
}

/// `[Ready(Red), Used(Yellow)]`.
pub fn token_list(states: &[TokenState]) -> String {
    let items: Vec<String> = states
        .iter()
        .map(|s| match s {
            TokenState::Ready(c) => format!("Ready({})", colour(*c)),
            TokenState::Used(c) => format!("Used({})", colour(*c)),
        })
        .collect();
    format!("[{}]", items.join(", "))
}

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::Green => "Green",
        Colour::Yellow => "Yellow",
        Colour::Red => "Red",
    }
}

/// `(4, 0, 10.5)`.
pub fn point(p: [f32; 3]) -> String {
    let n = |v: f32| {
        serde_json::Number::from_f64(f64::from(v))
            .map_or_else(|| v.to_string(), |n| super::tree::number(&n))
    };
    format!("({}, {}, {})", n(p[0]), n(p[1]), n(p[2]))
}

fn event_list(scope: &Scope<'_>, cast: &Cast) -> String {
    if scope.events.is_empty() {
        return format!("no events in {}", scope.name);
    }
    scope
        .events
        .iter()
        .map(|e| render(e, cast))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The events in scope against a list of patterns, line by line: `  ` matches, `-` the
/// pattern expected there, `+` the event found there.
fn events_diff(patterns: &[Pattern], scope: &Scope<'_>, cast: &Cast) -> Result<(), Diff> {
    let all_match = patterns.len() == scope.events.len()
        && patterns
            .iter()
            .zip(scope.events)
            .all(|(p, e)| matches(p.value(), e, cast));
    if all_match {
        return Ok(());
    }
    let mut lines = Vec::new();
    for i in 0..patterns.len().max(scope.events.len()) {
        match (patterns.get(i), scope.events.get(i)) {
            (Some(p), Some(e)) if matches(p.value(), e, cast) => {
                lines.push(format!("  {}", render(e, cast)));
            }
            (p, e) => {
                if let Some(p) = p {
                    lines.push(format!("- {}", render(p.value(), cast)));
                }
                if let Some(e) = e {
                    lines.push(format!("+ {}", render(e, cast)));
                }
            }
        }
    }
    Err(Diff {
        expected: format!(
            "exactly {} events in {} matching the list",
            patterns.len(),
            scope.name
        ),
        found: lines.join("\n"),
    })
}

fn decision(
    game: &Game,
    seat: Option<redline_rules::Seat>,
    kind: Option<&Pattern>,
    cast: &Cast,
) -> Result<(), Diff> {
    let wanted = {
        let mut parts = Vec::new();
        if let Some(s) = seat {
            parts.push(format!("{} decides", cast.player_name(s)));
        }
        if let Some(p) = kind {
            parts.push(render(p.value(), cast));
        }
        parts.join(": ")
    };
    let Some(d) = game.decision() else {
        return Err(Diff {
            expected: wanted,
            found: "no decision: the game is over".into(),
        });
    };
    let tree = serde_json::to_value(&d.kind).unwrap_or(Value::Null);
    let seat_ok = seat.is_none_or(|s| s == d.seat);
    let kind_ok = kind.is_none_or(|p| matches(p.value(), &tree, cast));
    if seat_ok && kind_ok {
        Ok(())
    } else {
        Err(Diff {
            expected: wanted,
            found: format!(
                "{} decides: {}",
                cast.player_name(d.seat),
                render(&tree, cast)
            ),
        })
    }
}

/// The outcome in words.
pub fn outcome_text(outcome: Option<&Outcome>, cast: &Cast) -> String {
    match outcome {
        None => "the game goes on".into(),
        Some(Outcome::Draw { .. }) => "a draw".into(),
        Some(Outcome::Win { seats, .. }) => {
            let names: Vec<String> = seats.iter().map(|s| cast.player_name(*s)).collect();
            format!("{} won", names.join(" and "))
        }
    }
}

/// A check as written, for the output.
pub fn describe(check: &Check, cast: &Cast) -> String {
    let q = |s: &str| format!("{s:?}");
    match check {
        Check::Event(p) => format!("Event({})", render(p.value(), cast)),
        Check::NoEvent(p) => format!("NoEvent({})", render(p.value(), cast)),
        Check::Events(ps) => format!("Events([{} events])", ps.len()),
        Check::Tokens(m, s) => format!("Tokens({}, {})", q(m), token_list(s)),
        Check::InPlay(m) => format!("InPlay({})", q(m)),
        Check::TakenOut(m) => format!("TakenOut({})", q(m)),
        Check::RedLined(m) => format!("RedLined({})", q(m)),
        Check::NotRedLined(m) => format!("NotRedLined({})", q(m)),
        Check::At(m, p) => format!("At({}, {})", q(m), point(*p)),
        Check::InReach(a, b) => format!("InReach({}, {})", q(a), q(b)),
        Check::NotInReach(a, b) => format!("NotInReach({}, {})", q(a), q(b)),
        Check::Within(a, b, d) => format!("Within({}, {}, {d})", q(a), q(b)),
        Check::Beyond(a, b, d) => format!("Beyond({}, {}, {d})", q(a), q(b)),
        Check::Hacked(m, n) => format!("Hacked({}, {n})", q(m)),
        Check::Control(p) => format!("Control({})", q(p)),
        Check::Active(m) => match m {
            Some(m) => format!("Active(Some({}))", q(m)),
            None => "Active(None)".into(),
        },
        Check::Luck(p, n) => format!("Luck({}, {n})", q(p)),
        Check::Decision { seat, kind } => {
            let mut fields = Vec::new();
            if let Some(s) = seat {
                fields.push(format!("seat: {}", q(s)));
            }
            if let Some(k) = kind {
                fields.push(format!("kind: {}", render(k.value(), cast)));
            }
            format!("Decision({})", fields.join(", "))
        }
        Check::Winner(p) => format!("Winner({})", q(p)),
        Check::Draw => "Draw".into(),
        Check::Ongoing => "Ongoing".into(),
        Check::Hash(h) => format!("Hash({})", q(h)),
        Check::DiceLeft(n) => format!("DiceLeft({n})"),
        Check::Bodies(n) => format!("Bodies({n})"),
        Check::Turns(n) => format!("Turns({n})"),
        Check::Unavailable {
            model,
            action,
            rule,
        } => match rule {
            Some(r) => format!(
                "Unavailable({}, {}, {})",
                q(model),
                action_text(action),
                q(r)
            ),
            None => format!("Unavailable({}, {})", q(model), action_text(action)),
        },
        Check::Available { model, action } => {
            format!("Available({}, {})", q(model), action_text(action))
        }
    }
}

/// An action reference as written.
fn action_text(action: &super::format::ActionRef) -> String {
    match action {
        super::format::ActionRef::Index(i) => i.to_string(),
        super::format::ActionRef::Name(name) => format!("{name:?}"),
    }
}
