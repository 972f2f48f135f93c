//! Scenario rules as data the [`crate::Setup`] carries (GEN-1, FIELD-6): who has Control
//! first (CTRL-15), each seat's deployment zone (FIELD-7), how Reserves enter (FIELD-8,
//! FIELD-9), objective markers, special rules and the win conditions (CTRL-21).
//!
//! The engine's side lives in `deploy.rs` (Reserves and deploying models during the game),
//! `markers.rs` (the marker actions), `victory.rs` (conditions and the end of the game) and
//! `first_control.rs` (roll-offs). The content crate turns a scenario sheet into these.

use serde::{Deserialize, Serialize};

use crate::ids::{ModelId, Seat, TeamId};
use crate::setup::card::Band;

pub use redline_battlespace::{Corner, DeploymentZone, Edge};

/// Where a model is when the game starts (FIELD-7, FIELD-8, DRONE-8).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Entry {
    /// Deployed on the table at its setup position.
    #[default]
    Table,
    /// In Reserve: enters the first time it is activated, placed by its owner (FIELD-8,
    /// FIELD-9).
    Reserve,
    /// Set aside: enters only when an effect deploys it (a drone's program, DRONE-8).
    SetAside,
    /// Placed by its owner in the deployment that opens the game, inside its seat's zone
    /// (FIELD-7): a [`crate::DecisionKind::DeployTeam`] per seat. Its `position` is ignored.
    Deploy,
}

/// Who takes Control first (CTRL-15).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FirstControl {
    /// The seat named by [`crate::Setup::first_control`].
    #[default]
    Seat,
    /// The team with the lowest Street Cred (TEAM-15); a roll-off between the tied teams.
    LowestStreetCred,
    /// Each team rolls a RED die, re-rolling ties; the highest chooses who has Control first.
    RollOff,
}

/// One seat's deployment zone (FIELD-4, FIELD-7).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SeatZone {
    /// The seat.
    pub seat: Seat,
    /// Its zone.
    pub zone: DeploymentZone,
}

/// Where models in Reserve may be placed when they enter (FIELD-9).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub enum ReserveEntry {
    /// The rulebook's default: within reach of any table edge (FIELD-9).
    #[default]
    AnyEdge,
    /// Inside the owner's own deployment zone.
    OwnZone,
    /// Inside this zone.
    Zone(DeploymentZone),
}

/// Which edge an exit-type condition uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExitEdge {
    /// This edge, for every seat.
    Fixed(Edge),
    /// The edge(s) of the seat's own deployment zone (both edges of a corner zone).
    OwnZone,
    /// The edge(s) opposite the seat's own deployment zone.
    OppositeZone,
}

/// A rule that changes play for one scenario only. Closed, like card effects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpecialRule {
    /// No action may target a model beyond this band (smoke, darkness).
    MaxRange(Band),
    /// A character within reach of a marker may pick it up (Easy); it is carried with the
    /// model and dropped where the carrier is taken out.
    CarryMarkers,
    /// A character within reach of a marker may search it (Tech vs the Obstacle die,
    /// Complex) and draws a Loot card on success; each marker is searched once.
    SearchMarkers,
    /// Each seat's first this-many Gonks taken out go back into Reserve, once each.
    GonkReinforcements(u8),
    /// The game ends once every seat still playing has Inspired this many times.
    InspireLimit(u8),
    /// Every player starts with this many extra Luck tokens.
    ExtraLuck(u8),
}

/// How a scenario is won (CTRL-21). A team wins on meeting any one; all its players win
/// together (CTRL-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinCondition {
    /// Every rival model is gone: taken out or off the table, none left in Reserve.
    LastStanding,
    /// Every rival Leader has been taken out.
    TakeOutLeader,
    /// This many rival models have been taken out by the team (see `victory.rs` for who is
    /// credited).
    TakeOut(u8),
    /// Control this many quarters at the end of one of the team's own Inspires (FIELD-10).
    ControlQuarters(u8),
    /// Hold this many markers at the end of one of the team's own Inspires: a model within
    /// reach of each, no rival within reach of it (or carrying it).
    HoldMarkers(u8),
    /// Carry this many markers off the table over the given edge.
    CarryMarkersOff {
        /// How many.
        count: u8,
        /// Over which edge.
        edge: ExitEdge,
    },
    /// Move this many of the team's models off the table over the given edge.
    Escape {
        /// How many.
        count: u8,
        /// Over which edge.
        edge: ExitEdge,
    },
    /// When the game ends by [`SpecialRule::InspireLimit`], the team holding the most
    /// markers wins.
    MostMarkersAtEnd,
    /// The side holds out: when the game ends by [`SpecialRule::InspireLimit`] (the
    /// scenario's round limit) and the team still has a model in play, it wins. A
    /// defender's condition in a scenario with sides (CTRL-18, CTRL-21).
    HoldOut,
    /// When the game ends by [`SpecialRule::InspireLimit`], the team that saved the most of
    /// its casualties wins (with AID on): a point for each of its characters that was
    /// Downed and stands again, revived by First Aid (AID-8), and one for each still lying
    /// Downed wholly inside its own deployment zone, dragged back to its lines (AID-10).
    MostRescuedAtEnd,
    /// When the game ends by [`SpecialRule::InspireLimit`], the team controlling the most
    /// quarters (FIELD-10) wins: the round limit of a fight for ground.
    MostQuartersAtEnd,
}

impl WinCondition {
    /// Whether the condition counts the quarters a team controls (FIELD-10): so many at an
    /// Inspire, or the most when the round limit ends the game.
    pub fn counts_quarters(&self) -> bool {
        matches!(self, Self::ControlQuarters(_) | Self::MostQuartersAtEnd)
    }
}

/// Which side a seat plays in a scenario with sides (CTRL-18): one team attacks, the other
/// defends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Goes for the objective: a site to take, an exit to reach, cargo to carry off.
    Attacker,
    /// Holds the objective against the attacker.
    Defender,
}

/// What one seat plays for in a scenario with sides (CTRL-18, CTRL-21): its role and the
/// win conditions only it (and its team) can meet, on top of the scenario's shared ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSide {
    /// The seat.
    pub seat: Seat,
    /// Attacker or defender.
    pub role: Role,
    /// Conditions only this seat's team wins by.
    pub win: Vec<WinCondition>,
}

/// A wave of reinforcements for a computer crew in a co-op game (COOP-2, COOP-3): models
/// that wait in Reserve (FIELD-8) until their owner has finished a number of Inspires, then
/// enter inside the wave's zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Wave {
    /// The models of the wave, each set up in Reserve ([`Entry::Reserve`]).
    pub models: Vec<ModelId>,
    /// Inspires the owner must have finished before the wave may enter (COOP-2).
    pub after_inspires: u8,
    /// Where the wave is set down (COOP-3); `None` = the scenario's Reserve entry.
    pub zone: Option<DeploymentZone>,
}

/// Most zones one seat deploys in (a side that comes from every edge has four, FIELD-7).
pub const MAX_SEAT_ZONES: usize = 4;

/// Everything scenario-specific a game is set up with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ScenarioRules {
    /// Name of the scenario, for logs.
    pub name: String,
    /// Who has Control first (CTRL-15).
    pub first_control: FirstControl,
    /// Each seat's deployment zones (FIELD-7), usually one a seat; a seat listed more than
    /// once deploys wholly inside any one of its zones (at most [`MAX_SEAT_ZONES`]: a side
    /// whose rivals come from every edge). Reserves and exit edges are measured from them.
    pub deployment: Vec<SeatZone>,
    /// How Reserves enter (FIELD-9).
    pub reserves: ReserveEntry,
    /// Objective markers, centre points in inches (on the surface below them).
    pub markers: Vec<[f32; 3]>,
    /// Special rules.
    pub rules: Vec<SpecialRule>,
    /// Any one of these wins (CTRL-21). A game also ends when only one team has models
    /// left, whether or not [`WinCondition::LastStanding`] is listed.
    pub win: Vec<WinCondition>,
    /// The sides of a scenario with sides (CTRL-18): a seat's role and the conditions only
    /// it wins by. Empty in a symmetric scenario, and then left out of the setup's hash and
    /// replays, so a symmetric game hashes as it always has.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<SeatSide>,
    /// The security module's defender, budget and placed security (SEC-1, SEC-2); read only
    /// while SEC is on, and left out of the setup's hash when absent (MOD-2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub security: Option<crate::setup::security::SecurityRules>,
    /// How well lit the site is, for Tech tests (SEC-4); left out when Normal.
    #[serde(skip_serializing_if = "crate::setup::security::Light::is_normal")]
    pub light: crate::setup::security::Light,
    /// Fires burning when the game starts, each naming its lighter (FIRE-15, MOD-3); read
    /// only with FIRE on. Empty in most scenarios, and then left out of the setup's hash
    /// and replays.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fires: Vec<crate::optional::fire::Fire>,
    /// The computer side's waves of reinforcements in a co-op game (COOP-2, COOP-3). Empty
    /// in every other game, and then left out of the setup's hash and replays.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub waves: Vec<Wave>,
    /// The seats the computer plays in a co-op game (COOP-1): the round limit
    /// ([`SpecialRule::InspireLimit`]) counts their Inspires only (COOP-6). Empty in every
    /// other game, and then left out of the setup's hash and replays.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub computer: Vec<Seat>,
}

impl Default for ScenarioRules {
    fn default() -> Self {
        ScenarioRules {
            name: String::new(),
            first_control: FirstControl::Seat,
            deployment: Vec::new(),
            reserves: ReserveEntry::AnyEdge,
            markers: Vec::new(),
            rules: Vec::new(),
            win: vec![WinCondition::LastStanding],
            sides: Vec::new(),
            security: None,
            light: crate::setup::security::Light::Normal,
            fires: Vec::new(),
            waves: Vec::new(),
            computer: Vec::new(),
        }
    }
}

impl ScenarioRules {
    /// Whether the scenario has a special rule (ignoring its number).
    pub fn has(&self, rule: fn(&SpecialRule) -> bool) -> bool {
        self.rules.iter().any(rule)
    }

    /// The first deployment zone of a seat, if the scenario gives one.
    pub fn zone_of(&self, seat: Seat) -> Option<DeploymentZone> {
        self.deployment
            .iter()
            .find(|z| z.seat == seat)
            .map(|z| z.zone)
    }

    /// Every deployment zone of a seat, in the sheet's order (FIELD-7).
    pub fn zones_of(&self, seat: Seat) -> Vec<DeploymentZone> {
        self.deployment
            .iter()
            .filter(|z| z.seat == seat)
            .map(|z| z.zone)
            .collect()
    }

    /// The area a seat's models are set down in: its one zone, any one of its zones when it
    /// has several, `None` when the scenario gives it none (FIELD-7).
    pub fn seat_area(&self, seat: Seat) -> Option<Area> {
        let zones = self.zones_of(seat);
        match zones.as_slice() {
            [] => None,
            [one] => Some(Area::Zone(*one)),
            many => {
                let mut out = [None; MAX_SEAT_ZONES];
                for (slot, z) in out.iter_mut().zip(many) {
                    *slot = Some(*z);
                }
                Some(Area::AnyZone(out))
            }
        }
    }

    /// The wave a model enters with, if it is one of a co-op game's reinforcements (COOP-2).
    pub fn wave_of(&self, model: ModelId) -> Option<&Wave> {
        self.waves.iter().find(|w| w.models.contains(&model))
    }

    /// The side a seat plays in a scenario with sides (CTRL-18), if any.
    pub fn role_of(&self, seat: Seat) -> Option<Role> {
        self.sides.iter().find(|s| s.seat == seat).map(|s| s.role)
    }

    /// The win conditions a seat plays for (CTRL-21): the shared ones, then its side's.
    pub fn win_for(&self, seat: Seat) -> Vec<WinCondition> {
        let mut out = self.win.clone();
        for side in self.sides.iter().filter(|s| s.seat == seat) {
            for &w in &side.win {
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
        out
    }

    /// Whether any seat plays for a condition (shared or on its side).
    pub fn any_win(&self, pred: impl Fn(&WinCondition) -> bool) -> bool {
        self.win.iter().any(&pred) || self.sides.iter().flat_map(|s| &s.win).any(&pred)
    }

    /// The scenario's band limit on targets, if any.
    pub fn max_range(&self) -> Option<Band> {
        self.rules.iter().find_map(|r| match r {
            SpecialRule::MaxRange(b) => Some(*b),
            _ => None,
        })
    }

    /// Inspires per seat after which the game ends, if any.
    pub fn inspire_limit(&self) -> Option<u8> {
        self.rules.iter().find_map(|r| match r {
            SpecialRule::InspireLimit(n) => Some(*n),
            _ => None,
        })
    }

    /// The counts that decide a game ended by a limit, in order (CTRL-21): the scenario's own
    /// (casualties saved, quarters, markers held or carried off, where it plays for them),
    /// then most models in play, then most healthy tokens.
    pub fn limit_counts(&self) -> Vec<Tiebreak> {
        let by = |c: WinCondition| self.any_win(|w| *w == c);
        [
            (Tiebreak::MostRescued, by(WinCondition::MostRescuedAtEnd)),
            (Tiebreak::MostQuarters, by(WinCondition::MostQuartersAtEnd)),
            (Tiebreak::MostMarkers, by(WinCondition::MostMarkersAtEnd)),
            (Tiebreak::MostModels, true),
            (Tiebreak::MostHealthyTokens, true),
        ]
        .into_iter()
        .filter_map(|(count, used)| used.then_some(count))
        .collect()
    }

    /// Extra Luck every player starts with.
    pub fn extra_luck(&self) -> u8 {
        self.rules
            .iter()
            .map(|r| match r {
                SpecialRule::ExtraLuck(n) => *n,
                _ => 0,
            })
            .fold(0u8, u8::saturating_add)
    }

    /// Gonks per seat that come back from being taken out.
    pub fn gonk_reinforcements(&self) -> u8 {
        self.rules
            .iter()
            .map(|r| match r {
                SpecialRule::GonkReinforcements(n) => *n,
                _ => 0,
            })
            .fold(0u8, u8::saturating_add)
    }
}

/// Where a model may be set down when it enters play during the game: from Reserve
/// (FIELD-9) or by an effect (DRONE-8). Checked by the engine for every proposed spot.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    /// The area the whole base must be in.
    pub area: Area,
    /// FIELD-9's distance rule: more than GREEN from every rival, or within RED of a
    /// friendly model.
    pub keep_clear: bool,
}

/// An area a model is deployed into.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Area {
    /// Within reach of any table edge (FIELD-9).
    AnyEdge,
    /// Wholly inside a zone (FIELD-4).
    Zone(DeploymentZone),
    /// Wholly inside any one of these zones: a seat that deploys on several edges (FIELD-7).
    AnyZone([Option<DeploymentZone>; MAX_SEAT_ZONES]),
    /// Within this many inches of a model in play (a drone near its Netrunner, DRONE-8).
    NearModel {
        /// The model.
        model: ModelId,
        /// How far, base to base, in inches.
        within: f32,
    },
    /// Anywhere on the table.
    Anywhere,
}

/// A limit that ended the game before anyone met a win condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Limit {
    /// [`crate::Victory::turn_limit`] turns of Control were taken.
    Turns(u32),
    /// Every seat Inspired this many times ([`SpecialRule::InspireLimit`]).
    Inspires(u8),
}

/// How a game ended by a limit was decided: the count that parted the teams (CTRL-21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tiebreak {
    /// The team holding the most markers ([`WinCondition::MostMarkersAtEnd`]).
    MostMarkers,
    /// The team with the most models in play.
    MostModels,
    /// The team whose models in play have the most healthy tokens (tokens no wound has
    /// turned RED, WOUND-2): the count after [`Tiebreak::MostModels`] when the teams are
    /// level on models.
    MostHealthyTokens,
    /// The team that saved the most casualties ([`WinCondition::MostRescuedAtEnd`]).
    MostRescued,
    /// The team controlling the most quarters (FIELD-10,
    /// [`WinCondition::MostQuartersAtEnd`]).
    MostQuarters,
}

/// Why the game ended (CTRL-21).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// The winners met this scenario win condition.
    Condition(WinCondition),
    /// Only one team has models left (the scenario lists no [`WinCondition::LastStanding`],
    /// but nobody else can play on).
    OnlyTeamLeft,
    /// No team has a model left.
    NoTeamLeft,
    /// These teams met win conditions at the same moment: a draw.
    SameMoment(Vec<TeamId>),
    /// A limit was reached and decided as stated (a draw when the leaders are equal).
    Limit {
        /// Which limit.
        limit: Limit,
        /// How it was decided.
        decided_by: Tiebreak,
    },
}

/// Why the first Control went where it did (CTRL-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FirstControlReason {
    /// The scenario names the seat.
    Scenario,
    /// That seat's team has the lowest Street Cred.
    LowestStreetCred,
    /// The roll-off winner chose this seat.
    RollOffChoice,
}

/// The index of the first scenario action; a model's scenario actions come after every
/// built-in and card action, far enough that card lists never reach them.
pub const ACTION_BASE: u16 = 0xF000;
/// Search a marker ([`SpecialRule::SearchMarkers`]).
pub const SEARCH: u16 = ACTION_BASE;
/// Pick up a marker ([`SpecialRule::CarryMarkers`]).
pub const PICK_UP: u16 = ACTION_BASE + 1;
/// Leave the table over an exit edge ([`WinCondition::Escape`],
/// [`WinCondition::CarryMarkersOff`]).
pub const LEAVE_TABLE: u16 = ACTION_BASE + 2;
/// How many scenario actions exist.
pub const ACTION_COUNT: u16 = 3;

/// Whether an action index is a scenario action.
pub fn is_scenario_action(index: u16) -> bool {
    (ACTION_BASE..ACTION_BASE + ACTION_COUNT).contains(&index)
}
