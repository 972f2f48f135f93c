//! Scenario sheets (FIELD-6): players, setup, deployment, Reserves, special rules, win
//! conditions and consequences, all as data.

/// Table edges and corners, shared with the geometry crate: North is z = 0, South is
/// z = depth, West is x = 0, East is x = width (DESIGN §3).
pub use redline_battlespace::{Corner, Edge};
use redline_rules::card::Colour;
use serde::{Deserialize, Serialize};

use super::Reward;

/// A distance as a scenario states it: a Limiter band (FIELD-4) or inches.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Distance {
    /// 1" (GEN-7).
    Reach,
    /// The outer edge of a band: RED 3", YELLOW 7", GREEN 12" (OPEN-2).
    Band(Colour),
    /// A number of inches.
    Inches(f32),
}

impl Distance {
    /// The distance in inches.
    pub fn inches(self) -> f32 {
        match self {
            Distance::Reach => 1.0,
            Distance::Band(colour) => colour.move_inches(),
            Distance::Inches(inches) => inches,
        }
    }
}

/// An area of the table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Zone {
    /// Within a distance of an edge.
    Edge {
        /// Which edge.
        edge: Edge,
        /// How far in.
        within: Distance,
    },
    /// Within a distance of a corner.
    Corner {
        /// Which corner.
        corner: Corner,
        /// How far from it.
        within: Distance,
    },
    /// Within a distance of the table's centre (FIELD-4).
    Centre {
        /// How far from it.
        within: Distance,
    },
}

/// Where one seat deploys (FIELD-7). A seat may be listed more than once (at most four
/// times): its models deploy wholly inside any one of its zones, as a side whose rivals
/// come from every edge.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeploymentZone {
    /// Seat number, 0-based, in clockwise order (CTRL-16).
    pub seat: u8,
    /// The area.
    pub zone: Zone,
}

/// How the players are grouped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum TeamFormat {
    /// Everyone for themselves (CTRL-16).
    #[default]
    FreeForAll,
    /// Four players, seats 0 and 2 against seats 1 and 3 (CTRL-18..CTRL-20).
    TwoVsTwo,
    /// Two or three people on one team against the computer's seats, which come first
    /// (COOP-1); the sheet's `coop` gives the computer side.
    Coop,
}

/// Who takes Control first (CTRL-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FirstControl {
    /// This seat.
    Seat(u8),
    /// The team with the lower Street Cred, a roll-off if equal.
    LowestStreetCred,
    /// Each player rolls a RED die; highest chooses.
    RollOff,
}

/// How models in Reserve enter (FIELD-8, FIELD-9).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Reserves {
    /// The rulebook's default entry (FIELD-9).
    Default,
    /// Only within the seat's own deployment zone.
    OwnDeployment,
    /// Within a distance of a stated edge.
    Edge {
        /// Which edge.
        edge: Edge,
        /// How far in.
        within: Distance,
    },
    /// No Reserves in this scenario: every model deploys at setup.
    NotAllowed,
}

/// A rule that changes play for this scenario only: the engine's own
/// [`SpecialRule`](redline_rules::scenario::SpecialRule), written in packs as `MaxRange(Yellow)`,
/// `CarryMarkers`, `SearchMarkers`, `GonkReinforcements(n)`, `InspireLimit(n)` or `ExtraLuck(n)`.
pub use redline_rules::scenario::SpecialRule as ScenarioRule;

/// How a scenario is won (CTRL-21). A seat (or team in 2 vs 2) wins on meeting any one.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum WinCondition {
    /// Every rival model is taken out.
    LastStanding,
    /// The rival Leader(s) are taken out.
    TakeOutLeader,
    /// Take out this many rival models.
    TakeOut(u8),
    /// Control this many quarters at the end of your own Inspire (FIELD-10).
    ControlQuarters(u8),
    /// Have a model within reach of this many markers, with no rival within reach of them,
    /// at the end of your own Inspire.
    HoldMarkers(u8),
    /// Carry this many markers off a table edge (needs [`ScenarioRule::CarryMarkers`]).
    CarryMarkersOff {
        /// How many.
        count: u8,
        /// Off which edge; `None` = the seat's own deployment edge.
        edge: Option<Edge>,
    },
    /// Move this many of your models off a table edge.
    Escape {
        /// How many.
        count: u8,
        /// Which edge; `None` = the edge opposite the seat's own deployment zone.
        edge: Option<Edge>,
    },
    /// When the game ends by [`ScenarioRule::InspireLimit`], the seat with most markers
    /// held wins.
    MostMarkersAtEnd,
    /// When the game ends by [`ScenarioRule::InspireLimit`] (the round limit), the side
    /// still in play wins: a defender's condition (needs the rule; CTRL-18, CTRL-21).
    HoldOut,
    /// When the game ends by [`ScenarioRule::InspireLimit`], the seat that saved the most of
    /// its Downed characters wins: revived by First Aid, or lying inside its own deployment
    /// zone (needs the rule and the AID module required).
    MostRescuedAtEnd,
    /// When the game ends by [`ScenarioRule::InspireLimit`], the seat controlling the most
    /// quarters (FIELD-10) wins.
    MostQuartersAtEnd,
}

/// Attacker or defender in a scenario with sides (CTRL-18): the engine's own
/// [`Role`](redline_rules::scenario::Role), written in packs as `Attacker` or `Defender`.
pub use redline_rules::scenario::Role;

/// One seat's side in a scenario with sides (CTRL-18): its role and the win conditions only
/// it plays for, on top of the sheet's shared `win` list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Seat number, 0-based.
    pub seat: u8,
    /// Attacker or defender.
    pub role: Role,
    /// Conditions only this seat (and its team) wins by.
    pub win: Vec<WinCondition>,
}

/// Effects of the result on a campaign (CAMP-44).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Consequences {
    /// What each winner gets.
    pub winner: Reward,
    /// What each loser gets.
    pub loser: Reward,
}

/// Setup steps beyond deployment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSetup {
    /// Table size `(x, z)` in inches (FIELD-1).
    pub table: [f32; 2],
    /// Suggested layouts, by id.
    #[serde(default)]
    pub layouts: Vec<String>,
    /// Scenery guidance in our own words.
    #[serde(default)]
    pub scenery: String,
    /// Objective markers `(x, z)`, inches from the table's corner.
    #[serde(default)]
    pub markers: Vec<[f32; 2]>,
}

/// A scenario sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Unique id.
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// The story, our own words.
    #[serde(default)]
    pub story: String,
    /// Number of players (2, 3 or 4; FIELD-12).
    pub players: u8,
    /// Free for all or 2 vs 2.
    #[serde(default)]
    pub teams: TeamFormat,
    /// Suggested EB limit (TEAM-5).
    #[serde(default = "default_eb")]
    pub eb_limit: u32,
    /// Table and markers.
    pub setup: ScenarioSetup,
    /// One zone per seat.
    pub deployment: Vec<DeploymentZone>,
    /// Who has Control first.
    pub first_control: FirstControl,
    /// How Reserves enter.
    #[serde(default = "default_reserves")]
    pub reserves: Reserves,
    /// Scenario special rules.
    #[serde(default)]
    pub special_rules: Vec<ScenarioRule>,
    /// Any one of these wins, for every seat.
    pub win: Vec<WinCondition>,
    /// The sides of a scenario with sides: one entry per seat, each with its own win
    /// conditions (CTRL-18). Empty in a symmetric scenario.
    #[serde(default)]
    pub sides: Vec<Side>,
    /// Campaign consequences.
    #[serde(default)]
    pub consequences: Consequences,
    /// For a Prove Your Worth scenario: the faction whose scenario it is. Only a campaign
    /// team of that faction with at least 10 Street Cred plays it (CAMP-35), and it is never
    /// picked at random (FIELD-5).
    #[serde(default)]
    pub prove_your_worth: Option<String>,
    /// The optional rule modules the scenario requires and forbids (MOD-1), written
    /// `modules: (require: [Terr], forbid: [Sec])`. Left out, the players choose freely.
    #[serde(default, skip_serializing_if = "is_default_modules")]
    pub modules: ModuleRules,
    /// The third force that joins every game of it (THIRD-1), by id; left out, none does
    /// unless the players switch one on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub third_force: Option<String>,
    /// Fires burning when the game starts (FIRE-15), written
    /// `fires: [(piece: "label", storey: Some(1), colour: Red, lighter: Seat(0))]`. Read only
    /// with FIRE on; a scenario with fires must require FIRE.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fires: Vec<ScenarioFire>,
    /// The security module's defender seat, its budget share and sentry limit (SEC-1,
    /// SEC-9), written `security: (defender: Seat(1), budget_pct: 25, max_sentries: 3)`;
    /// read only while SEC is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security: Option<Box<redline_rules::security::SecurityRules>>,
    /// The computer side of a co-op scenario (`teams: Coop`): its crews and waves (COOP-1..
    /// COOP-5). `players` is then the computer's seats plus three, the largest table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coop: Option<Box<super::CoopSheet>>,
    /// The light at the site, `Normal`, `Dim` or `Dark`, for Tech tests (SEC-4).
    #[serde(
        default,
        skip_serializing_if = "redline_rules::security::Light::is_normal"
    )]
    pub light: redline_rules::security::Light,
}

/// A fire a scenario places at setup (FIRE-15): a storey of a placed building, or a
/// flammable piece in no storey.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFire {
    /// The placed piece: its label in the layout, or its scenery id.
    pub piece: String,
    /// The storey that burns, from 1; left out for a piece in no storey, whose first
    /// flammable part burns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storey: Option<u8>,
    /// The room of that storey that burns (MOD-9), by its name in the piece's `rooms`;
    /// left out, the storey's first room (or the storey, when it has no rooms) burns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room: Option<String>,
    /// The fire's colour.
    pub colour: Colour,
    /// The player named as its lighter.
    pub lighter: Lighter,
}

/// Who lit a scenario's fire (FIRE-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lighter {
    /// The player in this seat, from 0.
    Seat(u8),
}

/// A scenario's module list: the engine's own
/// [`ModuleRules`](redline_rules::modules::ModuleRules).
pub use redline_rules::modules::ModuleRules;

fn is_default_modules(m: &ModuleRules) -> bool {
    *m == ModuleRules::default()
}

fn default_eb() -> u32 {
    100
}

fn default_reserves() -> Reserves {
    Reserves::Default
}
