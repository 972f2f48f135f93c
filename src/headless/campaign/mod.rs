//! Campaigns in the app, headless: the list of campaigns in the data folder, a new
//! campaign, the hub between games and the guided post-game sequence, driven by
//! [`CampaignIntent`] messages the egui screens (or a test, or the smoke script) send.
//! Every rule is `redline_campaign`'s: the app only turns intents into its `Step`s, saves
//! the campaign after every step that went through (atomically, the previous copy kept),
//! takes the steps of computer-played teams, and plays the campaign's games through the
//! match flow of `play` (the campaign's own set-up and dice seed, so the command log it
//! replays afterwards is the game the players saw).

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use redline_campaign::{Campaign, NewPlayer, Phase, Step, save};
use redline_content::Catalog;
use redline_content::store;
use redline_content::team::MemberSpec;
use redline_rules::Command;

use crate::headless::content::Content;
use crate::headless::game::ai_level::AiLevel;
use crate::headless::game::match_state::{CampaignGame, Match};
use crate::headless::game::messages::MatchEnded;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

pub mod arc;
pub mod battle;
pub mod computer;
mod files;
pub mod objectives;
pub mod scripted;

pub use files::{CampaignEntry, CampaignSeats, list_campaigns, write_seats};
use files::{SEATS_KIND, seats_path};

/// What a campaign phase waits for, in words.
pub fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::ChooseScenario => "next: choose the scenario",
        Phase::Objectives => "next: draw Objectives",
        Phase::BuildTeams => "next: build the teams",
        Phase::Play => "next: play the game",
        Phase::Promotion => "after the game: promotion",
        Phase::Recovery => "after the game: recovery rolls",
        Phase::Market => "after the game: Shared Market",
        Phase::CleanUp => "after the game: clean up",
    }
}

/// Whether the phase belongs to the post-game sequence.
pub fn after_the_game(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::Promotion | Phase::Recovery | Phase::Market | Phase::CleanUp
    )
}

/// A player of a new campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSeat {
    /// Player name.
    pub name: String,
    /// Faction id.
    pub faction: String,
    /// The computer's level if the computer plays this team.
    pub computer: Option<AiLevel>,
}

/// The settings of a new campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCampaign {
    /// Campaign name (also its file name).
    pub name: String,
    /// Seed of the campaign's dice.
    pub seed: u64,
    /// The players, in order.
    pub players: Vec<NewSeat>,
    /// Shared Market mode (CAMP-39).
    pub shared_market: bool,
    /// The optional rule modules the whole campaign plays with (MOD-1).
    pub modules: redline_rules::Modules,
    /// The co-op arc the campaign plays (COOP-7), the players its two or three people;
    /// `None` for an ordinary campaign.
    pub arc: Option<arc::NewArc>,
}

impl NewCampaign {
    /// Two people with the first two factions, no Shared Market, a seed from the clock.
    pub fn new(catalog: &Catalog) -> NewCampaign {
        let seed = crate::headless::clock::since_epoch().map_or(1, |d| d.as_nanos() as u64);
        let factions: Vec<String> = catalog.factions.iter().map(|f| f.id.clone()).collect();
        let players = (0..2)
            .map(|i| NewSeat {
                name: format!("Player {}", i + 1),
                faction: factions
                    .get(i % factions.len().max(1))
                    .cloned()
                    .unwrap_or_default(),
                computer: None,
            })
            .collect();
        NewCampaign {
            name: "New campaign".to_owned(),
            seed,
            players,
            shared_market: false,
            modules: redline_rules::Modules::new(),
            arc: None,
        }
    }
}

/// A change to a person's team draft before it is sent as the campaign's `BuildTeam` step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftChange {
    /// Add an HQ character or Gonk.
    Add(String),
    /// Remove a member.
    Remove(usize),
    /// Equip a member with a Gear card or program from the HQ (CAMP-9, CAMP-19, CAMP-20).
    Equip {
        /// Member index in the draft.
        member: usize,
        /// Gear or program card id.
        card: String,
    },
    /// Take a Gear card or program off a member.
    Unequip {
        /// Member index in the draft.
        member: usize,
        /// Gear or program card id.
        card: String,
    },
    /// Start again from the quick team made of HQ cards.
    Reset,
}

/// A campaign intent from the screens.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum CampaignIntent {
    /// Show the list of campaigns.
    ToList,
    /// Start a new campaign and open its hub.
    Create(NewCampaign),
    /// Open a campaign file (from the list).
    Open(PathBuf),
    /// Copy the open campaign to the exports folder.
    Export,
    /// Copy a campaign file into the campaigns folder and open it.
    Import(PathBuf),
    /// A person's step (scenario, discard, promotion, recovery, Market, clean-up).
    Step(Step),
    /// Change a person's team draft.
    Draft {
        /// Campaign team.
        team: usize,
        /// The change.
        change: DraftChange,
    },
    /// Send a person's team draft as the team for the game (CAMP-9).
    Ready {
        /// Campaign team.
        team: usize,
    },
    /// Play the prepared game on the table.
    PlayGame,
    /// Back to the hub (from the Results screen of a campaign game).
    ToHub,
}

/// The campaign open in the hub.
#[derive(Resource, Debug, Clone)]
pub struct CampaignSession {
    /// The campaign.
    pub campaign: Campaign,
    /// Its file.
    pub path: PathBuf,
    /// Who plays each team.
    pub seats: CampaignSeats,
    /// Each person's team draft while the teams are built.
    pub drafts: Vec<Option<redline_content::team::TeamSpec>>,
    /// What the last step did, in sentences.
    pub notes: Vec<String>,
    /// Commands played in the battle kept beside the campaign file, if the campaign's game
    /// was left mid-battle (it resumes there).
    pub kept_battle: Option<usize>,
}

impl CampaignSession {
    /// Whether the computer plays a campaign team.
    pub fn is_computer(&self, team: usize) -> bool {
        self.seats.computer.get(team).copied().flatten().is_some()
    }

    /// Per campaign team, whether the computer plays it.
    pub fn computer_teams(&self) -> Vec<bool> {
        (0..self.campaign.teams.len())
            .map(|t| self.is_computer(t))
            .collect()
    }

    /// Opens a campaign file (its previous copy if the file is damaged) with its seats.
    pub fn open(path: &Path) -> Result<CampaignSession, String> {
        let (campaign, from) = save::load_or_previous(path).map_err(|e| e.to_string())?;
        let seats: CampaignSeats =
            store::read(&seats_path(path), SEATS_KIND, 1).unwrap_or_else(|_| CampaignSeats {
                computer: vec![None; campaign.teams.len()],
            });
        let mut notes = Vec::new();
        if from == store::ReadFrom::Previous {
            notes.push("The campaign file was damaged: its previous copy was opened.".to_owned());
        }
        let mut session = CampaignSession {
            drafts: vec![None; campaign.teams.len()],
            campaign,
            path: path.to_owned(),
            seats,
            notes,
            kept_battle: None,
        };
        session.kept_battle = battle::saved_battle(&session);
        Ok(session)
    }

    /// Writes the campaign (atomically, keeping the previous copy).
    pub fn save(&self) -> Result<(), String> {
        save::save(&self.path, &self.campaign).map_err(|e| e.to_string())
    }

    /// Applies a step and saves the campaign; a refused step changes nothing and says why.
    pub fn step(&mut self, catalog: &Catalog, step: Step) -> Result<(), String> {
        let notes = self
            .campaign
            .apply(catalog, step)
            .map_err(|e| e.to_string())?;
        self.notes = notes;
        if self.campaign.phase != Phase::BuildTeams {
            self.drafts = vec![None; self.campaign.teams.len()];
        }
        self.save()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CampaignIntent>();
    app.add_systems(
        Update,
        (
            apply_intents.in_set(PlaySystems::Apply),
            (computer_steps, fill_drafts)
                .chain()
                .in_set(PlaySystems::Derive)
                .run_if(in_state(Screen::CampaignHub)),
        ),
    );
    app.add_systems(
        Update,
        (
            objectives::follow_the_objectives,
            battle::keep_the_battle,
            record_the_game,
        )
            .chain()
            .in_set(PlaySystems::Derive)
            .run_if(resource_exists::<Match>.and_then(resource_exists::<CampaignGame>)),
    );
    app.add_systems(
        OnEnter(Screen::MainMenu),
        (forget_the_game, objectives::forget_the_objectives),
    );
}

fn apply_intents(
    mut commands: Commands,
    mut intents: MessageReader<CampaignIntent>,
    content: Res<Content>,
    dir: Res<DataDir>,
    session: Option<ResMut<CampaignSession>>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    let catalog = &content.0;
    let mut session = session;
    for intent in intents.read() {
        match intent {
            CampaignIntent::ToList => {
                *notice = Notice::default();
                next.set(Screen::Campaigns);
            }
            CampaignIntent::Create(new) => match create(catalog, &dir, new) {
                Ok(opened) => {
                    notice.info(format!("Campaign '{}' started.", opened.campaign.name));
                    commands.insert_resource(opened);
                    next.set(Screen::CampaignHub);
                }
                Err(e) => notice.error(e),
            },
            CampaignIntent::Open(path) => match CampaignSession::open(path) {
                Ok(opened) => {
                    *notice = Notice::default();
                    commands.insert_resource(opened);
                    next.set(Screen::CampaignHub);
                }
                Err(e) => notice.error(e),
            },
            CampaignIntent::Import(from) => {
                match save::import(from, &dir.campaigns())
                    .map_err(|e| e.to_string())
                    .and_then(|to| CampaignSession::open(&to))
                {
                    Ok(opened) => {
                        notice.info(format!("Campaign '{}' imported.", opened.campaign.name));
                        commands.insert_resource(opened);
                        next.set(Screen::CampaignHub);
                    }
                    Err(e) => notice.error(e),
                }
            }
            _ => {
                let Some(s) = session.as_deref_mut() else {
                    notice.error("No campaign is open.");
                    continue;
                };
                hub_intent(
                    &mut commands,
                    catalog,
                    &dir,
                    s,
                    intent,
                    &mut notice,
                    &mut next,
                );
            }
        }
    }
}

/// The intents that need an open campaign.
fn hub_intent(
    commands: &mut Commands,
    catalog: &Catalog,
    dir: &DataDir,
    session: &mut CampaignSession,
    intent: &CampaignIntent,
    notice: &mut Notice,
    next: &mut NextState<Screen>,
) {
    match intent {
        CampaignIntent::Export => {
            let to = save::path_in(&dir.exports(), &session.campaign.name);
            match save::export(&session.campaign, &to) {
                Ok(()) => notice.info(format!("Exported to {}", to.display())),
                Err(e) => notice.error(e.to_string()),
            }
        }
        CampaignIntent::Step(step) => {
            let team = step_team(step);
            if team.is_some_and(|t| session.is_computer(t)) {
                notice.error("The computer takes that team's steps.");
                return;
            }
            match session.step(catalog, step.clone()) {
                Ok(()) => *notice = Notice::default(),
                Err(e) => notice.error(e),
            }
        }
        CampaignIntent::Draft { team, change } => draft(catalog, session, *team, change),
        CampaignIntent::Ready { team } => {
            let Some(spec) = session.drafts.get(*team).cloned().flatten() else {
                notice.error("That team has no draft to send.");
                return;
            };
            match session.step(catalog, Step::BuildTeam { team: *team, spec }) {
                Ok(()) => *notice = Notice::default(),
                Err(e) => notice.error(e),
            }
        }
        CampaignIntent::PlayGame => {
            *notice = Notice::default();
            if let Err(e) = battle::play_game(commands, catalog, session, notice) {
                notice.error(e);
            }
        }
        CampaignIntent::ToHub => next.set(Screen::CampaignHub),
        _ => {}
    }
}

/// The campaign team a person's step is taken for, if it names one.
fn step_team(step: &Step) -> Option<usize> {
    match step {
        Step::DiscardObjective { team, .. }
        | Step::BuildTeam { team, .. }
        | Step::Promote { team, .. }
        | Step::HireMerc { team, .. }
        | Step::Pass { team }
        | Step::MarketPick { team, .. }
        | Step::SpendLoot { team, .. } => Some(*team),
        _ => None,
    }
}

fn create(catalog: &Catalog, dir: &DataDir, new: &NewCampaign) -> Result<CampaignSession, String> {
    let name = new.name.trim();
    if name.is_empty() {
        return Err("Give the campaign a name first.".to_owned());
    }
    let path = save::path_in(&dir.campaigns(), name);
    if store::exists(&path) {
        return Err(format!(
            "There is already a campaign called '{name}': open it from the list or choose another name."
        ));
    }
    let players: Vec<NewPlayer> = new
        .players
        .iter()
        .map(|p| NewPlayer::new(p.name.trim(), &p.faction))
        .collect();
    let campaign = match &new.arc {
        // COOP-1: every crew of an arc is a person's; the computer plays its own crews.
        Some(a) => arc::new_arc_campaign(catalog, name, new.seed, &players, a).and_then(|c| {
            c.with_modules(new.modules.clone())
                .map_err(|e| e.to_string())
        })?,
        None => Campaign::new(catalog, name, new.seed, &players, new.shared_market)
            .and_then(|c| c.with_modules(new.modules.clone()))
            .map_err(|e| e.to_string())?,
    };
    let seats = CampaignSeats {
        computer: match new.arc {
            Some(_) => vec![None; new.players.len()],
            None => new.players.iter().map(|p| p.computer).collect(),
        },
    };
    if seats.computer.iter().all(Option::is_some) {
        return Err("At least one team must be played by a person.".to_owned());
    }
    let session = CampaignSession {
        drafts: vec![None; campaign.teams.len()],
        campaign,
        path: path.clone(),
        seats,
        notes: Vec::new(),
        kept_battle: None,
    };
    write_seats(&path, &session.seats)?;
    session.save()?;
    Ok(session)
}

fn draft(catalog: &Catalog, session: &mut CampaignSession, team: usize, change: &DraftChange) {
    if session.campaign.phase != Phase::BuildTeams || team >= session.drafts.len() {
        return;
    }
    if *change == DraftChange::Reset {
        session.drafts[team] = computer::team_from_hq(catalog, &session.campaign, team);
        return;
    }
    let Some(spec) = session.drafts[team].as_mut() else {
        return;
    };
    match change {
        DraftChange::Add(card) => spec.members.push(MemberSpec::new(card)),
        DraftChange::Remove(i) if *i < spec.members.len() => {
            spec.members.remove(*i);
        }
        DraftChange::Equip { member, card } => {
            if let Some(m) = spec.members.get_mut(*member) {
                if catalog.programs.get(card).is_some() {
                    m.programs.push(card.clone());
                } else {
                    m.gear.push(card.clone());
                }
            }
        }
        DraftChange::Unequip { member, card } => {
            if let Some(m) = spec.members.get_mut(*member) {
                if let Some(i) = m.gear.iter().position(|g| g == card) {
                    m.gear.remove(i);
                } else if let Some(i) = m.programs.iter().position(|p| p == card) {
                    m.programs.remove(i);
                }
            }
        }
        _ => {}
    }
}

/// The game is over: the campaign replays its command log (result, Objectives, scenario
/// consequences) and is saved at once, before anyone can close the app.
fn record_the_game(
    mut ended: MessageReader<MatchEnded>,
    current: Res<Match>,
    session: Option<ResMut<CampaignSession>>,
    content: Res<Content>,
    mut notice: ResMut<Notice>,
) {
    if ended.read().count() == 0 {
        return;
    }
    let Some(mut session) = session else {
        return;
    };
    if current.game().outcome().is_none() || session.campaign.phase != Phase::Play {
        return;
    }
    let commands: Vec<Command> = current
        .replay()
        .steps
        .iter()
        .map(|s| s.command.clone())
        .collect();
    match session.step(&content.0, Step::RecordGame { commands }) {
        Ok(()) => {
            notice.info("The campaign recorded the game.");
            battle::forget_the_battle(&mut session, &mut notice);
        }
        Err(e) => notice.error(format!("The campaign could not record the game: {e}")),
    }
}

fn forget_the_game(mut commands: Commands) {
    commands.remove_resource::<CampaignGame>();
}

/// The computer takes one step a frame for the teams it plays, so each shows in the hub.
fn computer_steps(
    session: Option<ResMut<CampaignSession>>,
    content: Res<Content>,
    mut notice: ResMut<Notice>,
) {
    let Some(mut session) = session else {
        return;
    };
    let computer = session.computer_teams();
    if let Some(step) = computer::next_step(&content.0, &session.campaign, &computer)
        && let Err(e) = session.step(&content.0, step)
    {
        notice.error(format!("The computer's step was refused: {e}"));
    }
}

/// Each person building a team starts from the quick team made of HQ cards.
fn fill_drafts(session: Option<ResMut<CampaignSession>>, content: Res<Content>) {
    let Some(mut session) = session else {
        return;
    };
    if session.campaign.phase != Phase::BuildTeams {
        return;
    }
    let Some(pending) = session.campaign.pending.clone() else {
        return;
    };
    for t in 0..session.campaign.teams.len() {
        let waiting = pending.teams.get(t).is_some_and(Option::is_none);
        if waiting && !session.is_computer(t) && session.drafts[t].is_none() {
            let spec = computer::team_from_hq(&content.0, &session.campaign, t);
            session.drafts[t] = spec;
        }
    }
}
