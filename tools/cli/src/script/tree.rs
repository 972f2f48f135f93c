//! Engine values (events, decisions, commands) as serde trees: printed in RON style with
//! models and players by their script labels, and matched against a script's patterns.
//!
//! A tree is what `serde_json` makes of an engine value: an enum variant is a one-key map
//! (`{"Wounded": {"model": 1, ...}}`), a unit variant a string. Patterns parsed from a script
//! have the same shape, so one recursive walk compares them. Which numbers are models and
//! which are seats is read from the field names the engine uses.

use serde_json::Value;

use super::build::Cast;

/// What a number under a field means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A model id: printed and matched by label.
    Model,
    /// A seat: printed and matched by player name.
    Seat,
    /// Anything else.
    Plain,
}

/// The role of the values under field `key` of variant `variant`.
pub fn role_of(variant: Option<&str>, key: &str) -> Role {
    match key {
        "model" | "by" | "with" | "mover" | "defender" | "actor" | "wounded_by" | "gonks"
        | "may_activate" | "target" | "Rival" | "Escape" | "to_place" | "placed" | "touching"
        | "caught" | "sheltered" | "models" | "launcher" | "looter" | "last_target" | "sentry" => {
            Role::Model
        }
        "seat" | "seats" | "may_inspire" => Role::Seat,
        "options"
            if matches!(
                variant,
                Some("ChooseOpposer" | "BreakBrawlTie" | "CombatNetrunning")
            ) =>
        {
            Role::Model
        }
        "from" | "to" if variant == Some("ControlPassed") => Role::Seat,
        "from" if variant == Some("GearLooted") => Role::Model,
        _ => Role::Plain,
    }
}

/// Fields printed first, in this order; the rest follow alphabetically.
const FIRST_KEYS: [&str; 8] = [
    "model", "seat", "die", "face", "modifier", "total", "from", "to",
];

fn ordered_keys(map: &serde_json::Map<String, Value>) -> Vec<&String> {
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort_by_key(|k| {
        (
            FIRST_KEYS
                .iter()
                .position(|f| f == k)
                .unwrap_or(FIRST_KEYS.len()),
            k.as_str(),
        )
    });
    keys
}

/// `value` in RON style, labels for models and players.
pub fn render(value: &Value, cast: &Cast) -> String {
    let mut out = String::new();
    write_value(&mut out, value, cast, None, Role::Plain);
    out
}

fn write_value(out: &mut String, value: &Value, cast: &Cast, variant: Option<&str>, role: Role) {
    match value {
        Value::Null => out.push_str("None"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => match (role, n.as_u64()) {
            (Role::Model, Some(id)) => {
                let label = cast.models.get(id as usize);
                push_label(out, label.map(String::as_str), id);
            }
            (Role::Seat, Some(seat)) => {
                let name = cast.players.get(seat as usize);
                push_label(out, name.map(String::as_str), seat);
            }
            _ => out.push_str(&number(n)),
        },
        // Unit variants (`Green`, `Skill`) are strings in the tree; print them bare.
        Value::String(s) if is_variant_name(s) => out.push_str(s),
        Value::String(s) => out.push_str(&format!("{s:?}")),
        Value::Array(items) => {
            let point = items.len() == 3 && items.iter().all(|i| i.is_f64());
            out.push(if point { '(' } else { '[' });
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(out, item, cast, variant, role);
            }
            out.push(if point { ')' } else { ']' });
        }
        Value::Object(map) => {
            // A one-key map whose key starts upper case is an enum variant.
            if let Some((name, inner)) = single_variant(map) {
                out.push_str(name);
                match inner {
                    Value::Object(fields) => write_fields(out, fields, cast, Some(name)),
                    other => {
                        out.push('(');
                        write_value(out, other, cast, Some(name), role_for_newtype(name, role));
                        out.push(')');
                    }
                }
            } else {
                write_fields(out, map, cast, variant);
            }
        }
    }
}

/// Whether a string looks like an enum variant: one capitalised identifier.
fn is_variant_name(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_uppercase())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The role of a newtype variant's content: `Rival(3)` is a model.
fn role_for_newtype(name: &str, outer: Role) -> Role {
    match role_of(None, name) {
        Role::Plain => outer,
        r => r,
    }
}

fn write_fields(
    out: &mut String,
    fields: &serde_json::Map<String, Value>,
    cast: &Cast,
    variant: Option<&str>,
) {
    out.push('(');
    for (i, key) in ordered_keys(fields).into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(key);
        out.push_str(": ");
        write_value(out, &fields[key], cast, variant, role_of(variant, key));
    }
    out.push(')');
}

fn push_label(out: &mut String, label: Option<&str>, id: u64) {
    match label {
        Some(l) => out.push_str(&format!("{l:?}")),
        None => out.push_str(&id.to_string()),
    }
}

/// The one `(variant, content)` of a map that encodes an enum variant.
pub fn single_variant(map: &serde_json::Map<String, Value>) -> Option<(&str, &Value)> {
    let mut entries = map.iter();
    match (entries.next(), entries.next()) {
        (Some((name, inner)), None) if name.starts_with(|c: char| c.is_ascii_uppercase()) => {
            Some((name.as_str(), inner))
        }
        _ => None,
    }
}

/// A number as written in a script: integers plain, others with up to 3 decimals.
pub fn number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    let f = n.as_f64().unwrap_or(f64::NAN);
    let text = format!("{f:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

/// How close two numbers must be to match: positions are `f32`.
const TOLERANCE: f64 = 1e-3;

/// Whether `actual` matches `pattern`: maps match on the fields the pattern names, lists
/// item by item, a bare variant name any value of that variant, `None` under a variant any
/// content, a label the model or player it names.
pub fn matches(pattern: &Value, actual: &Value, cast: &Cast) -> bool {
    match_value(pattern, actual, cast, None, Role::Plain)
}

fn match_value(p: &Value, a: &Value, cast: &Cast, variant: Option<&str>, role: Role) -> bool {
    match (p, a) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => (x - y).abs() <= TOLERANCE,
            _ => false,
        },
        (Value::String(s), Value::Number(n)) => {
            let id = n.as_u64();
            let model = || cast.model(s).map(|m| u64::from(m.0));
            let seat = || cast.seat(s).map(|s| u64::from(s.0));
            match role {
                Role::Model => model() == id,
                Role::Seat => seat() == id,
                Role::Plain => model() == id || seat() == id,
            }
        }
        (Value::String(x), Value::String(y)) => x == y,
        // A bare variant name matches every value of that variant.
        (Value::String(name), Value::Object(map)) => {
            single_variant(map).is_some_and(|(actual, _)| actual == name)
        }
        (Value::Array(ps), Value::Array(xs)) => {
            ps.len() == xs.len()
                && ps
                    .iter()
                    .zip(xs)
                    .all(|(p, x)| match_value(p, x, cast, variant, role))
        }
        (Value::Object(pm), Value::Object(am)) => {
            if let (Some((pv, pinner)), Some((av, ainner))) =
                (single_variant(pm), single_variant(am))
            {
                if pv != av {
                    return false;
                }
                return match (pinner, ainner) {
                    // `Rolled()` or `Rolled(())`: any content.
                    (Value::Null, _) => true,
                    (Value::Object(pf), Value::Object(af)) => match_fields(pf, af, cast, Some(pv)),
                    (p, a) => match_value(p, a, cast, Some(pv), role_for_newtype(pv, role)),
                };
            }
            match_fields(pm, am, cast, variant)
        }
        _ => false,
    }
}

fn match_fields(
    pattern: &serde_json::Map<String, Value>,
    actual: &serde_json::Map<String, Value>,
    cast: &Cast,
    variant: Option<&str>,
) -> bool {
    pattern.iter().all(|(key, p)| {
        actual
            .get(key)
            .is_some_and(|a| match_value(p, a, cast, variant, role_of(variant, key)))
    })
}

/// The first label in `pattern` that names no model or player where one is expected, as
/// `(label, role)`.
pub fn unknown_label(pattern: &Value, cast: &Cast) -> Option<(String, Role)> {
    find_unknown(pattern, cast, None, Role::Plain)
}

fn find_unknown(
    value: &Value,
    cast: &Cast,
    variant: Option<&str>,
    role: Role,
) -> Option<(String, Role)> {
    match value {
        Value::String(s) => {
            let known = match role {
                Role::Model => cast.model(s).is_some(),
                Role::Seat => cast.seat(s).is_some(),
                Role::Plain => true,
            };
            (!known).then(|| (s.clone(), role))
        }
        Value::Array(items) => items
            .iter()
            .find_map(|i| find_unknown(i, cast, variant, role)),
        Value::Object(map) => {
            if let Some((name, inner)) = single_variant(map) {
                return match inner {
                    Value::Object(fields) => fields.iter().find_map(|(k, v)| {
                        find_unknown(v, cast, Some(name), role_of(Some(name), k))
                    }),
                    other => find_unknown(other, cast, Some(name), role_for_newtype(name, role)),
                };
            }
            map.iter()
                .find_map(|(k, v)| find_unknown(v, cast, variant, role_of(variant, k)))
        }
        _ => None,
    }
}

/// The variant a pattern names at its top: `Wounded(...)` or a bare `Wounded`.
pub fn top_variant(pattern: &Value) -> Option<&str> {
    match pattern {
        Value::String(s) => Some(s),
        Value::Object(map) => single_variant(map).map(|(name, _)| name),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{matches, render, unknown_label};
    use crate::script::build::Cast;

    fn cast() -> Cast {
        Cast {
            models: vec!["boss".into(), "bruiser".into()],
            players: vec!["north".into(), "south".into()],
        }
    }

    #[test]
    fn events_print_with_labels_and_points() {
        let wounded = json!({"Wounded": {"model": 1, "token": 0, "by": 0}});
        assert_eq!(
            render(&wounded, &cast()),
            r#"Wounded(model: "bruiser", by: "boss", token: 0)"#
        );
        let moved =
            json!({"Moved": {"model": 0, "from": [4.0, 0.0, 2.0], "to": [4.5, 0.0, 10.25]}});
        assert_eq!(
            render(&moved, &cast()),
            r#"Moved(model: "boss", from: (4, 0, 2), to: (4.5, 0, 10.25))"#
        );
        let passed = json!({"ControlPassed": {"from": 0, "to": 1}});
        assert_eq!(
            render(&passed, &cast()),
            r#"ControlPassed(from: "north", to: "south")"#
        );
        let blast =
            json!({"BlastArea": {"at": [8.0, 0.0, 7.0], "caught": [0, 1], "sheltered": []}});
        assert_eq!(
            render(&blast, &cast()),
            r#"BlastArea(at: (8, 0, 7), caught: ["boss", "bruiser"], sheltered: [])"#
        );
        let escape = json!({"BlastEscape": {"at": [8.0, 0.0, 7.0], "models": [1]}});
        assert_eq!(
            render(&escape, &cast()),
            r#"BlastEscape(at: (8, 0, 7), models: ["bruiser"])"#
        );
        let stop = json!({"MoveStopped": {"model": 0, "reason": {"Rival": 1}}});
        assert_eq!(
            render(&stop, &cast()),
            r#"MoveStopped(model: "boss", reason: Rival("bruiser"))"#
        );
    }

    #[test]
    fn patterns_match_on_the_fields_they_name() {
        let c = cast();
        let wounded = json!({"Wounded": {"model": 1, "token": 0, "by": 0}});
        assert!(matches(
            &json!({"Wounded": {"model": "bruiser"}}),
            &wounded,
            &c
        ));
        assert!(matches(
            &json!({"Wounded": {"by": "boss", "token": 0}}),
            &wounded,
            &c
        ));
        assert!(matches(&json!("Wounded"), &wounded, &c));
        assert!(matches(&json!({"Wounded": null}), &wounded, &c));
        assert!(!matches(
            &json!({"Wounded": {"model": "boss"}}),
            &wounded,
            &c
        ));
        assert!(!matches(&json!({"Wounded": {"token": 1}}), &wounded, &c));
        assert!(!matches(&json!("RedLined"), &wounded, &c));
        // Lists match item by item, and must be as long.
        let decided = json!({"RollDecided": {"actor_won": [false]}});
        assert!(matches(
            &json!({"RollDecided": {"actor_won": [false]}}),
            &decided,
            &c
        ));
        assert!(!matches(
            &json!({"RollDecided": {"actor_won": [false, true]}}),
            &decided,
            &c
        ));
        // Positions within a thousandth of an inch.
        let moved = json!({"Moved": {"model": 0, "to": [4.0004, 0.0, 10.0]}});
        assert!(matches(&json!({"Moved": {"to": [4, 0, 10]}}), &moved, &c));
        assert!(!matches(
            &json!({"Moved": {"to": [4.1, 0, 10]}}),
            &moved,
            &c
        ));
    }

    #[test]
    fn unknown_labels_are_found_where_a_model_or_player_is_meant() {
        let c = cast();
        let pattern = json!({"Wounded": {"model": "brusier"}});
        assert_eq!(
            unknown_label(&pattern, &c).map(|(l, _)| l),
            Some("brusier".to_owned())
        );
        let pattern = json!({"ActionTaken": {"name": "Anything Goes", "model": "boss"}});
        assert_eq!(unknown_label(&pattern, &c), None);
    }
}
