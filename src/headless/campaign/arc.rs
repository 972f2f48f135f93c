//! Co-op campaign arcs in the app (COOP-7..COOP-10): a new campaign that plays an arc, its
//! games on the table and what the hub says of it. Every rule is `redline_campaign`'s: the
//! campaign sets each game up as a co-op game with the computer's seats first
//! (`Campaign::game_start`); the app only builds the same game's record, gives the
//! computer's seats to the bot at the arc's level and names the people's seats after their
//! players.

use redline_campaign::{Campaign, NewPlayer};
use redline_content::Catalog;
use redline_content::coop::{CoopExtras, coop_skirmish_with};
use redline_content::schema::{MAX_PEOPLE, MIN_PEOPLE};
use redline_rules::Seat;

use crate::headless::campaign::CampaignSession;
use crate::headless::game::ai_level::AiLevel;
use crate::headless::game::match_state::Match;
use crate::headless::game::meta::MatchMeta;

/// The arc a new campaign plays, and the computer's level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewArc {
    /// The arc's id in the loaded packs.
    pub arc: String,
    /// The bot that plays the computer's crews in every game of the arc.
    pub computer: AiLevel,
}

impl NewArc {
    /// The first arc of the loaded packs against the Normal computer; `None` if the packs
    /// hold no arc.
    pub fn first(catalog: &Catalog) -> Option<NewArc> {
        catalog.coop_arcs.iter().next().map(|a| NewArc {
            arc: a.id.clone(),
            computer: AiLevel::Normal,
        })
    }
}

/// The campaign's word for a bot level (`ArcState::computer`).
pub fn level_id(level: AiLevel) -> &'static str {
    match level {
        AiLevel::Easy => "easy",
        AiLevel::Normal => "normal",
        AiLevel::Hard => "hard",
    }
}

/// The app's level for the campaign's word; a level the app does not offer (the CLI's
/// `random`) is played as Easy, the weakest it has.
pub fn level_of(id: &str) -> AiLevel {
    AiLevel::ALL
        .into_iter()
        .find(|l| level_id(*l) == id)
        .unwrap_or(AiLevel::Easy)
}

/// The computer's level in an arc campaign; `None` for an ordinary campaign.
pub fn computer_level(c: &Campaign) -> Option<AiLevel> {
    c.arc.as_ref().map(|a| level_of(&a.computer))
}

/// A new arc campaign (COOP-7): two or three people (COOP-1), each a new crew.
pub fn new_arc_campaign(
    catalog: &Catalog,
    name: &str,
    seed: u64,
    players: &[NewPlayer],
    arc: &NewArc,
) -> Result<Campaign, String> {
    let people = players.len();
    if !(usize::from(MIN_PEOPLE)..=usize::from(MAX_PEOPLE)).contains(&people) {
        return Err(format!(
            "A co-op arc is played by two or three people, not {people} (COOP-1)."
        ));
    }
    Campaign::new_arc(
        catalog,
        name,
        seed,
        &arc.arc,
        players,
        level_id(arc.computer),
    )
    .map_err(|e| e.to_string())
}

/// The arc campaign's game as a match: the campaign's own set-up and seed, opening on the
/// deployment (FIELD-7); the computer's seats (first, COOP-1) played by the bot at the arc's
/// level, the people's seats named after their players.
pub(super) fn arc_match(catalog: &Catalog, session: &CampaignSession) -> Result<Match, String> {
    let c = &session.campaign;
    let (setup, plan) = c.game_start(catalog).map_err(|e| e.to_string())?;
    let pending = c.pending.as_ref().ok_or("No game is being prepared.")?;
    let mut specs = Vec::new();
    let mut rules = Vec::new();
    for &t in &pending.seats {
        let spec = pending.teams[t].clone().unwrap_or_default();
        let built = pending.rules.get(t).cloned().flatten();
        rules.push(built.unwrap_or_else(|| c.team_rules(catalog, t, &spec)));
        specs.push(spec);
    }
    let extras = CoopExtras {
        people_rules: rules,
        reinforce: carried_reinforcements(catalog, c),
    };
    let game = coop_skirmish_with(catalog, &pending.scenario, None, &specs, &extras)
        .map_err(|e| e.to_string())?;
    let skirmish = game
        .skirmish
        .clone()
        .with_campaign_modules(&c.modules)
        .map_err(|e| e.to_string())?;
    let level = computer_level(c).unwrap_or_default();
    let levels: Vec<Option<AiLevel>> = (0..game.teams.len())
        .map(|s| game.is_computer(Seat(s as u8)).then_some(level))
        .collect();
    let mut meta = MatchMeta::of_skirmish(catalog, &skirmish, &game.teams, pending.seats.len() > 1)
        .with_computer(&levels)
        .with_deployment(plan);
    // COOP-1: the people's seats follow the computer's, in the campaign's seat order.
    for (seat, &t) in game.people_seats.iter().zip(&pending.seats) {
        if let Some(s) = meta.seats.get_mut(usize::from(seat.0)) {
            s.name = c.teams[t].player.clone();
        }
    }
    Match::new(setup, pending.seed, meta).map_err(|e| e.to_string())
}

/// COOP-9: the models the last game's result adds to the computer's waves.
fn carried_reinforcements(
    catalog: &Catalog,
    c: &Campaign,
) -> Vec<redline_content::schema::ArcReinforcement> {
    let Some(state) = c.arc.as_ref() else {
        return Vec::new();
    };
    let Some(last) = state.results.len().checked_sub(1) else {
        return Vec::new();
    };
    c.arc_def(catalog)
        .and_then(|a| a.carry(last, state.results[last]))
        .map(|carry| carry.reinforce.clone())
        .unwrap_or_default()
}

/// Where the arc stands, in one line: "Co-op arc The Chrome Run against the computer
/// (Normal): won 1 of 1; next: game 2, Title" or its ending (COOP-7, COOP-10).
pub fn arc_line(catalog: &Catalog, c: &Campaign) -> Option<String> {
    let state = c.arc.as_ref()?;
    let name = c.arc_def(catalog).map_or(state.arc.as_str(), |a| &a.name);
    let level = level_of(&state.computer).name();
    let won = state.results.iter().filter(|&&w| w).count();
    let so_far = format!("won {won} of {}", state.results.len());
    let what = match (c.arc_ending(catalog), c.arc_next(catalog)) {
        (Some(end), _) if end.finished => format!("the people finished it: {}", end.text),
        (Some(end), _) => format!("the computer won it: {}", end.text),
        (None, Some((i, game))) => format!("next: game {}, {}", i + 1, game.title),
        (None, None) => "its games are not in the loaded packs".to_owned(),
    };
    Some(format!(
        "Co-op arc {name} against the computer ({level}): {so_far}; {what}"
    ))
}
