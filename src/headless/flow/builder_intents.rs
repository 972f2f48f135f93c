//! What the team builder's screen asks (faction, cards, undo, the quick team, rosters,
//! done, back), applied to the [`TeamBuilder`]; when every seat is done the skirmish is set
//! up with the teams and the match opens on its deployment.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use redline_content::Catalog;
use redline_content::game_size::skirmish_of_size;
use redline_content::skirmish::{Skirmish, skirmish};
use redline_content::team::Addition;

use crate::headless::content::Content;
use crate::headless::flow::builder::{Removal, TeamBuilder};
use crate::headless::flow::decider::Decider;
use crate::headless::flow::hand_over::HandOver;
use crate::headless::flow::new_game::NewGame;
use crate::headless::flow::start::begin_match;
use crate::headless::game::match_state::Match;
use crate::headless::game::meta::MatchMeta;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::rosters::{Roster, Rosters};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// A change in the team builder.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum BuilderIntent {
    /// Start over with a faction.
    Faction(String),
    /// Add a card (listed by `available_additions`, or any card when showing all).
    Add(Addition),
    /// Remove a member (and its Gear and programs).
    Remove(usize),
    /// Remove one of a member's Gear cards, by its index in the member's list.
    RemoveGear {
        /// Member index.
        member: usize,
        /// Index in its Gear.
        index: usize,
    },
    /// Uninstall one of a member's programs.
    RemoveProgram {
        /// Member index.
        member: usize,
        /// Index in its programs.
        index: usize,
    },
    /// Take the last change back.
    Undo,
    /// Fill in the faction's quick team.
    QuickTeam,
    /// Save the team as a roster under this name.
    SaveRoster(String),
    /// Replace the team with a saved roster.
    UseRoster(String),
    /// This team is done: next seat, or on to deployment.
    Done,
    /// Back to the game settings.
    Back,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BuilderIntent>();
    app.add_systems(
        Update,
        apply_builder
            .in_set(PlaySystems::Apply)
            .run_if(in_state(Screen::TeamBuilder).and_then(resource_exists::<TeamBuilder>)),
    );
}

/// What applying a builder intent reads and changes besides the builder.
#[derive(SystemParam)]
struct Building<'w, 's> {
    commands: Commands<'w, 's>,
    content: Res<'w, Content>,
    new_game: Option<Res<'w, NewGame>>,
    rosters: ResMut<'w, Rosters>,
    dir: Res<'w, DataDir>,
    hand_over: Res<'w, HandOver>,
    decider: Res<'w, Decider>,
    notice: ResMut<'w, Notice>,
    next: ResMut<'w, NextState<Screen>>,
}

fn apply_builder(
    mut intents: MessageReader<BuilderIntent>,
    mut builder: ResMut<TeamBuilder>,
    mut world: Building,
) {
    for intent in intents.read() {
        if !world.hand_over.clear(*world.decider) && *intent != BuilderIntent::Back {
            continue;
        }
        if let Err(e) = apply(&mut builder, intent, &mut world) {
            world.notice.error(e);
        }
    }
}

/// One intent; a refusal says why and changes nothing.
fn apply(
    builder: &mut TeamBuilder,
    intent: &BuilderIntent,
    world: &mut Building,
) -> Result<(), String> {
    let catalog = &world.content.0;
    match intent {
        BuilderIntent::Faction(f) => builder.choose_faction(catalog, f)?,
        BuilderIntent::Add(addition) => builder.add(catalog, addition)?,
        BuilderIntent::Remove(member) => builder.remove(Removal::Member(*member)),
        &BuilderIntent::RemoveGear { member, index } => {
            builder.remove(Removal::Gear { member, index })
        }
        &BuilderIntent::RemoveProgram { member, index } => {
            builder.remove(Removal::Program { member, index })
        }
        BuilderIntent::Undo => builder.undo(),
        BuilderIntent::QuickTeam => builder.quick_team(catalog)?,
        BuilderIntent::SaveRoster(name) => save_roster(builder, name, world)?,
        BuilderIntent::UseRoster(name) => {
            let roster = world.rosters.list.iter().find(|r| r.name == *name);
            let roster = roster.ok_or_else(|| format!("No roster '{name}'"))?;
            builder.use_roster(catalog, roster)?;
        }
        BuilderIntent::Done => done(builder, world)?,
        BuilderIntent::Back => world.next.set(Screen::Setup),
    }
    Ok(())
}

/// Saves the current team as a roster named `name`.
fn save_roster(builder: &TeamBuilder, name: &str, world: &mut Building) -> Result<(), String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("Give the roster a name first".to_string());
    }
    world.rosters.put(Roster {
        name: name.to_string(),
        eb_limit: builder.rules.eb_limit,
        team: builder.team().clone(),
    });
    world.rosters.write(&world.dir).map_err(|e| e.to_string())?;
    world.notice.info(format!("Roster '{name}' saved"));
    Ok(())
}

/// The current team is done: the next seat builds, or the skirmish is set up and the
/// match opens on its deployment.
fn done(builder: &mut TeamBuilder, world: &mut Building) -> Result<(), String> {
    builder.check_done(&world.content.0)?;
    *world.notice = Notice::default();
    if builder.next_seat() {
        return Ok(());
    }
    let Some(settings) = world.new_game.as_deref() else {
        return Ok(());
    };
    let started = set_up_match(&world.content.0, builder, settings)?;
    begin_match(&mut world.commands, started, world.hand_over.viewer);
    Ok(())
}

/// The skirmish of the built teams: at the game size chosen (its EB limit and a table of
/// its size, FIELD-1, TEAM-5), else at the scenario's own limit on its own tables.
fn set_up_skirmish(
    catalog: &Catalog,
    builder: &TeamBuilder,
    settings: &NewGame,
) -> Result<Skirmish, String> {
    let layout = settings.layout_id();
    let layout = (!layout.is_empty()).then_some(layout);
    let (scenario, teams) = (&builder.scenario, &builder.teams);
    match settings.size {
        Some(size) => skirmish_of_size(catalog, scenario, size, layout, teams),
        None => skirmish(catalog, scenario, layout, teams, settings.seed),
    }
    // MOD-1: the scenario's required modules and those the players turned on.
    .and_then(|s| s.with_modules(&settings.modules))
    // THIRD-1: the third force the players switched on joins as the last seat.
    .and_then(|s| match &settings.third_force {
        Some(id) => s.with_third_force(catalog, id),
        None => Ok(s),
    })
    .map_err(|e| e.to_string())
}

/// The match of the built teams: the skirmish with every model left for the engine's
/// deployment (FIELD-7), the set-up's spots as its standard deployment.
fn set_up_match(
    catalog: &Catalog,
    builder: &TeamBuilder,
    settings: &NewGame,
) -> Result<Match, String> {
    // A planned table joins the scenario's layouts in a copy of the catalog.
    let catalog = &settings.catalog_for(catalog);
    let set_up = set_up_skirmish(catalog, builder, settings)?;
    // With one person at the table there is nobody to hide the screen from.
    let hand_over = settings.hand_over && settings.people() > 1;
    let levels: Vec<_> = builder
        .computer
        .iter()
        .map(|c| c.as_ref().map(|c| c.level))
        .collect();
    let (setup, plan) = set_up.to_deploy();
    let mut meta = MatchMeta::of_skirmish(catalog, &set_up, &builder.teams, hand_over)
        .with_computer(&levels)
        .with_deployment(plan)
        .with_third_force(&setup);
    // A person's campaign team plays under the player's name from the campaign.
    for (seat, pick) in meta.seats.iter_mut().zip(&builder.campaign) {
        if let Some(pick) = pick
            && seat.ai.is_none()
        {
            seat.name = pick.campaign.teams[pick.team].player.clone();
        }
    }
    Match::new(setup, settings.seed, meta).map_err(|e| format!("The game can't start: {e}"))
}
