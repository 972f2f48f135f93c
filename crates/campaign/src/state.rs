//! What a campaign remembers between games: each team's HQ and Supply (CAMP-6), its
//! completed Objectives, Street Cred, the Wounded Leader card, and the history of games.

use std::collections::BTreeSet;

use redline_content::Catalog;
use redline_content::schema::ObjectiveKind;
use redline_content::team::{TeamRules, TeamSpec};
use redline_rules::Command;
use serde::{Deserialize, Serialize};

use crate::dice::RollRecord;
use crate::watch::Reveal;

/// Street Cred at which a team must play its Prove Your Worth scenario (CAMP-35, CAMP-36).
pub const PROVE_YOUR_WORTH_CRED: u32 = 10;

/// One of a team's two card groups (CAMP-6): card ids by kind, sorted so saves are stable.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CardGroup {
    /// Character cards (basic, Veteran, Mercs).
    pub characters: BTreeSet<String>,
    /// Gonk cards.
    pub gonks: BTreeSet<String>,
    /// Gear cards.
    pub gear: BTreeSet<String>,
    /// Netrunning programs.
    pub programs: BTreeSet<String>,
    /// Objective cards (in the Supply: the deck drawn from before each game, CAMP-10).
    pub objectives: BTreeSet<String>,
}

/// A completed Objective kept face up in the HQ (CAMP-11, CAMP-12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompletedObjective {
    /// Objective card id.
    pub id: String,
    /// How it is used (CAMP-14..CAMP-16).
    pub kind: ObjectiveKind,
    /// The game (1-based) in which it was completed.
    pub game: u32,
}

/// Bonuses that apply to the next game only: recycled Objectives (CAMP-15) and scenario
/// consequences (CAMP-44).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct NextGame {
    /// EB above the scenario's limit (TEAM-18).
    pub eb: u32,
    /// Extra Luck tokens (LUCK-1).
    pub luck: u8,
}

/// One player's campaign team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignTeam {
    /// The player's name.
    pub player: String,
    /// Faction id (TEAM-1).
    pub faction: String,
    /// Cards the team can use (CAMP-6).
    pub hq: CardGroup,
    /// Cards not yet earned (CAMP-6).
    pub supply: CardGroup,
    /// Completed Objectives in the HQ (CAMP-12), in the order completed.
    pub completed: Vec<CompletedObjective>,
    /// The Wounded Leader card is in the HQ: -1 Street Cred (CAMP-33).
    pub wounded_leader: bool,
    /// Street Cred stars won from scenario consequences (CAMP-1, CAMP-44).
    pub scenario_stars: u8,
    /// Bonuses waiting for the next game.
    pub next_game: NextGame,
    /// Constructs left unserviced after the last game, which can't be fielded in the next
    /// (BOT-14). Left out of the file when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unserviced: Vec<String>,
    /// Shared Market only: Loot card ids the team keeps between games (CAMP-39).
    #[serde(default)]
    pub loot: Vec<String>,
    /// Games won.
    pub wins: u32,
}

impl CampaignTeam {
    /// Team Street Cred (CAMP-17): stars of the HQ's characters (promoted Veterans), of
    /// completed Objectives and of scenario wins, less one for the Wounded Leader card
    /// (CAMP-33).
    pub fn street_cred(&self, catalog: &Catalog) -> u32 {
        let characters: u32 = self
            .hq
            .characters
            .iter()
            .filter_map(|id| catalog.characters.get(id))
            .map(|c| u32::from(c.stars))
            .sum();
        let objectives: u32 = self
            .completed
            .iter()
            .filter_map(|o| catalog.objectives.get(&o.id))
            .map(|o| u32::from(o.reward.stars))
            .sum();
        (characters + objectives + u32::from(self.scenario_stars))
            .saturating_sub(u32::from(self.wounded_leader))
    }

    /// Completed Objectives of one kind.
    pub fn completed_of(&self, kind: ObjectiveKind) -> impl Iterator<Item = &CompletedObjective> {
        self.completed.iter().filter(move |o| o.kind == kind)
    }
}

/// Where the campaign stands: which step comes next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Before a game: choose the scenario (FIELD-5, CAMP-35..CAMP-37).
    ChooseScenario,
    /// Each team discards one of the four Objectives it drew (CAMP-10).
    Objectives,
    /// Each team is built from its HQ (CAMP-9).
    BuildTeams,
    /// The game is played; its command log comes back with [`crate::Step::RecordGame`].
    Play,
    /// The winner may promote a character or hire a Merc (CAMP-21, CAMP-23).
    Promotion,
    /// Recovery rolls for wounded and taken-out Veterans (CAMP-27..CAMP-33).
    Recovery,
    /// Shared Market picks (CAMP-41, CAMP-42).
    Market,
    /// Clean-up (CAMP-34).
    CleanUp,
}

/// A wounded or taken-out Veteran waiting for its recovery roll (CAMP-27).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casualty {
    /// Campaign team index.
    pub team: usize,
    /// The character card played.
    pub card: String,
    /// Taken out (CAMP-29) rather than only wounded (CAMP-28).
    pub taken_out: bool,
    /// The best token colour it had at the end of the game (CAMP-28).
    pub best: redline_rules::card::Colour,
}

/// A character able to make the Medical save for its team (CAMP-31, OPEN-37).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Medic {
    /// The character card.
    pub card: String,
    /// Its Medical Skill.
    pub medical: i8,
    /// The best token colour printed on its card.
    pub die: redline_rules::card::Colour,
}

impl Medic {
    /// The exact chance that its Medical save succeeds: its die plus Medical against the
    /// unmodified Obstacle die, with no Luck (CAMP-31, OPEN-37), from the engine's odds.
    pub fn save_chance(&self) -> redline_rules::dice::odds::Fraction {
        use redline_rules::dice::Die;
        use redline_rules::dice::odds::OddsQuery;
        OddsQuery::new(
            Die::Action(self.die),
            i16::from(self.medical),
            Die::Obstacle,
            0,
        )
        .without_luck()
        .exact_odds()
        .success
    }

    /// Whether this medic is the better one to roll the save (OPEN-37): the higher chance
    /// of success, weighing the die and the Skill together. On equal chances the one
    /// already chosen stays.
    pub fn better_than(&self, other: &Medic) -> bool {
        self.save_chance() > other.save_chance()
    }
}

/// A Shared Market offer waiting for a pick (CAMP-41, CAMP-42).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Campaign team index that picks.
    pub team: usize,
    /// Gear card ids on offer.
    pub cards: Vec<String>,
    /// Whether the cards not taken go on to the other player (CAMP-41) or back to the
    /// Market deck (CAMP-42, OPEN-42).
    pub pass_on: bool,
}

/// The game being prepared, played or followed up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingGame {
    /// Game number, from 1.
    pub number: u32,
    /// Scenario id.
    pub scenario: String,
    /// Why it was chosen: "agreed", "random", or the Prove Your Worth reason.
    pub chosen: String,
    /// Campaign team index playing each seat.
    pub seats: Vec<usize>,
    /// Whose Prove Your Worth scenario this is (campaign team index).
    pub prove_your_worth: Option<usize>,
    /// Objectives drawn per campaign team (CAMP-10).
    pub drawn: Vec<Vec<String>>,
    /// Objectives kept per campaign team; `None` until the team discarded.
    pub kept: Vec<Option<Vec<String>>>,
    /// The team built per campaign team; `None` until built.
    pub teams: Vec<Option<TeamSpec>>,
    /// The rules each campaign team was built under, kept for setting the game up after
    /// one-game bonuses are spent.
    #[serde(default)]
    pub rules: Vec<Option<TeamRules>>,
    /// Starting Luck per campaign team, once all teams are built (CAMP-18).
    pub luck: Vec<u8>,
    /// Dice seed of the game.
    pub seed: u64,
    /// Where each model of the set-up stands after deployment (FIELD-7), in set-up order;
    /// empty until the players deployed (the skirmish set-up's positions then stand).
    #[serde(default)]
    pub deployed: Vec<[f32; 3]>,
    /// After the game: the command log.
    pub commands: Vec<Command>,
    /// After the game: the winning campaign teams — one, both of a winning pair in a team
    /// game (CTRL-20), none for a draw. Format 1 saves hold one `winner`, read as a list.
    #[serde(default, alias = "winner", deserialize_with = "crate::save::winners")]
    pub winners: Vec<usize>,
    /// After the game: the winners that have promoted, hired or passed (CAMP-21, CAMP-23).
    #[serde(default)]
    pub promoted: Vec<usize>,
    /// After the game: Objectives completed per campaign team.
    pub completed: Vec<Vec<String>>,
    /// After the game: the Objectives revealed during play, in order, with the command and
    /// event that completed each (CAMP-11).
    #[serde(default)]
    pub revealed: Vec<Reveal>,
    /// After the game: Veterans to roll for (CAMP-27).
    pub casualties: Vec<Casualty>,
    /// After the game: who may make the Medical save, per campaign team (CAMP-31).
    pub medics: Vec<Option<Medic>>,
    /// After the game, with BOT on: who rolls a construct's save with Tech, per campaign
    /// team (BOT-14); its `medical` holds its Tech. Left out of the file when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mechanics: Vec<Option<Medic>>,
    /// After the game: Shared Market offers still to answer.
    pub offers: Vec<Offer>,
    /// Every campaign roll of this game's follow-up.
    pub rolls: Vec<RollRecord>,
    /// What happened, in order, in sentences.
    pub log: Vec<String>,
}

impl PendingGame {
    /// The winners still to promote, hire or pass, in team order (CAMP-21, CTRL-20).
    pub fn to_promote(&self) -> Vec<usize> {
        self.winners
            .iter()
            .copied()
            .filter(|w| !self.promoted.contains(w))
            .collect()
    }
}

/// A finished game in the campaign's history, with everything needed to replay it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayedGame {
    /// Game number, from 1.
    pub number: u32,
    /// Scenario id.
    pub scenario: String,
    /// Campaign team index per seat.
    pub seats: Vec<usize>,
    /// Team played per seat.
    pub teams: Vec<TeamSpec>,
    /// Luck tokens added per seat to the usual start (Beginner's Luck, Objectives,
    /// consequences; CAMP-18).
    pub luck: Vec<u8>,
    /// Dice seed.
    pub seed: u64,
    /// Where each model stood after deployment, in set-up order (empty: where the skirmish
    /// set-up placed them).
    #[serde(default)]
    pub deployed: Vec<[f32; 3]>,
    /// The command log: with the setup rebuilt from the fields above, the whole game.
    pub commands: Vec<Command>,
    /// The winning campaign teams: one, both of a winning pair in a team game (CTRL-20),
    /// none for a draw. Format 1 saves hold one `winner`, read as a list.
    #[serde(default, alias = "winner", deserialize_with = "crate::save::winners")]
    pub winners: Vec<usize>,
    /// Whose Prove Your Worth scenario it was.
    pub prove_your_worth: Option<usize>,
    /// Objectives completed per campaign team.
    pub completed: Vec<Vec<String>>,
    /// The Objectives revealed during play, in order, with the command and event that
    /// completed each (CAMP-11).
    #[serde(default)]
    pub revealed: Vec<Reveal>,
    /// Every campaign roll made after the game.
    pub rolls: Vec<RollRecord>,
    /// The follow-up, in sentences.
    pub log: Vec<String>,
}
