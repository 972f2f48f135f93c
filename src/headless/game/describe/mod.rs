//! Words for the engine's data: model names, decisions, commands, events and dice, as the
//! prompt, the buttons and the log show them. Only wording lives here; every fact comes
//! from the `Game`. Every engine enum is matched in full, so a new decision, command or
//! event does not build until it has words.

use redline_rules::card::{Colour, Skill};
use redline_rules::dice::Die;
use redline_rules::scenario::Edge;
use redline_rules::{DieResult, Game, ModelId, Outcome, Seat, TeamId};

use crate::headless::game::meta::MatchMeta;

mod command;
mod decision;
mod event;
mod module_event;
mod room;

pub use command::command;
pub use decision::decision;
pub use event::event;
pub use room::{compartment, floor};

/// A model's name; Gonks sharing a card get a number ("Dock Hand 2").
pub fn model(game: &Game, id: ModelId) -> String {
    if id.index() >= game.model_count() {
        return id.to_string();
    }
    let name = &game.profile(id).name;
    let owner = game.owner(id);
    let same = |m: &ModelId| game.profile(*m).name == *name && game.owner(*m) == owner;
    let all: Vec<ModelId> = (0..game.model_count() as u16)
        .map(ModelId)
        .filter(same)
        .collect();
    if all.len() > 1 {
        let n = all.iter().position(|m| *m == id).unwrap_or(0) + 1;
        format!("{name} {n}")
    } else {
        name.clone()
    }
}

/// The optional rule modules on in this game, as the top bar shows them ("Optional rules:
/// Fire, Casualties", MOD-1); `None` for the core game.
pub fn modules_on(game: &Game) -> Option<String> {
    let on: Vec<&str> = redline_rules::Module::ALL
        .into_iter()
        .filter(|m| game.modules().contains(m))
        .map(|m| m.title())
        .collect();
    (!on.is_empty()).then(|| format!("Optional rules: {}", on.join(", ")))
}

/// A scenery piece's name on the table as it stands ("scenery 4" if it isn't there).
pub fn scenery(game: &Game, object: u32) -> String {
    game.battlespace()
        .piece(redline_battlespace::SceneryId(object))
        .map_or_else(|| format!("scenery {}", object + 1), |p| p.name.clone())
}

/// A building by the name of its parts without the part's own ("Two-Storey Tenement"),
/// "the building" when none of its parts is known (MOD-9).
pub fn building(game: &Game, building: u32) -> String {
    game.setup()
        .battlespace
        .pieces()
        .iter()
        .find(|p| p.storey.is_some_and(|s| s.building == building))
        .map_or_else(
            || "the building".to_owned(),
            |p| p.name.split(" (").next().unwrap_or(&p.name).to_owned(),
        )
}

/// A scenery part aimed at, with its wall section when it has several (TERR-4).
pub fn scenery_part(game: &Game, part: u32, section: u8) -> String {
    let name = scenery(game, part);
    if section == 0 {
        name
    } else {
        format!("{name} (section {})", section + 1)
    }
}

/// The name of one of a model's actions.
pub fn action(game: &Game, model: ModelId, index: u16) -> String {
    game.action(model, index)
        .map_or_else(|| format!("action {index}"), |a| a.name.clone())
}

/// A token in words: "GREEN token" (with "Used" when it is).
pub fn token(game: &Game, model: ModelId, index: u8) -> String {
    match game.tokens(model).get(usize::from(index)) {
        Some(t) if t.ready => format!("{} token", t.colour.name()),
        Some(t) => format!("Used {} token", t.colour.name()),
        None => format!("token {}", index + 1),
    }
}

/// A seat's short name: "Player 1".
fn seat(meta: &MatchMeta, seat: Seat) -> String {
    meta.seat_name(seat)
}

/// A team by the names of its seats: "Player 1" or "Player 1 and Player 3".
fn team(game: &Game, meta: &MatchMeta, team: TeamId) -> String {
    let names: Vec<String> = (0..game.setup().players.len() as u8)
        .map(Seat)
        .filter(|&s| game.team_of(s) == team)
        .map(|s| seat(meta, s))
        .collect();
    names.join(" and ")
}

/// A point of the table: "(12.0", 4.5")".
fn point(p: &[f32; 3]) -> String {
    format!("({:.1}\", {:.1}\")", p[0], p[2])
}

/// Where a route ends.
fn route_end(route: &[[f32; 3]]) -> String {
    route.last().map_or_else(|| "nowhere".to_string(), point)
}

/// One die as the dice tray and the log show it: "d12 GREEN 9 +2 = 11 CRIT".
pub fn die(r: &DieResult) -> String {
    let modifier = if r.modifier == 0 {
        String::new()
    } else {
        format!(" {:+}", r.modifier)
    };
    let mark = if r.face == r.die.crit_face() {
        " CRIT"
    } else if r.face == r.die.fumble_face() {
        " FUMBLE"
    } else {
        ""
    };
    format!(
        "{} rolls {}{modifier} = {}{mark}",
        r.die.label(),
        r.face,
        r.total
    )
}

/// The result in one line: "Player 2 (Tidewater Runners) wins!" or "A draw."
pub fn outcome_line(meta: &MatchMeta, outcome: &Outcome) -> String {
    match outcome {
        Outcome::Win { seats, .. } => {
            let names: Vec<String> = seats.iter().map(|s| meta.seat_label(*s)).collect();
            if names.len() == 1 {
                format!("{} wins!", names[0])
            } else {
                format!("{} win!", names.join(" and "))
            }
        }
        Outcome::Draw { .. } => "The game ends in a draw.".to_string(),
    }
}

/// The colour's name in title case for prose ("Green").
pub fn colour_word(c: Colour) -> &'static str {
    match c {
        Colour::Green => "Green",
        Colour::Yellow => "Yellow",
        Colour::Red => "Red",
    }
}

/// A Skill's name as the card prints it.
pub fn skill_word(s: Skill) -> &'static str {
    match s {
        Skill::Reflexes => "Reflexes",
        Skill::Ranged => "Ranged",
        Skill::Melee => "Melee",
        Skill::Medical => "Medical",
        Skill::Tech => "Tech",
        Skill::Influence => "Influence",
    }
}

/// A table edge in words.
pub fn edge_word(e: Edge) -> &'static str {
    match e {
        Edge::West => "west edge",
        Edge::East => "east edge",
        Edge::North => "north edge",
        Edge::South => "south edge",
    }
}

/// The die's colour for the dice tray: the action colour, or none for the Obstacle die.
pub fn die_colour(d: Die) -> Option<Colour> {
    match d {
        Die::Action(c) => Some(c),
        Die::Obstacle => None,
    }
}
