//! From a scenario sheet to the engine's scenario rules (GEN-1, FIELD-6): first Control,
//! zones, Reserves, markers, special rules and win conditions become
//! [`redline_rules::ScenarioRules`], which the rules [`redline_rules::Setup`] carries. Also
//! the random pick of a scenario (FIELD-5).
//!
//! This is the one place a sheet's forms become the engine's: the sheet says what a person
//! writes (a seat for first Control, `None` for "the seat's own edge", a [`crate::schema::Distance`]
//! in bands), the engine what it plays by. Special rules need no conversion: a sheet holds the
//! engine's own [`redline_rules::scenario::SpecialRule`]s. Layouts become geometry in
//! [`crate::convert`].

use redline_rules::Seat;
use redline_rules::scenario::{
    ExitEdge, FirstControl as RulesFirstControl, ReserveEntry, ScenarioRules, SeatSide, SeatZone,
    WinCondition as RulesWin,
};

use crate::load::Catalog;
use crate::schema::{FirstControl, Reserves, Scenario, WinCondition};

/// The engine's rules for a scenario, and the seat its sheet gives first Control to (used
/// when the sheet names one; otherwise the engine settles it, CTRL-15).
pub fn scenario_rules(scenario: &Scenario) -> (ScenarioRules, Seat) {
    let (first_control, seat) = match scenario.first_control {
        FirstControl::Seat(s) => (RulesFirstControl::Seat, Seat(s)),
        FirstControl::LowestStreetCred => (RulesFirstControl::LowestStreetCred, Seat(0)),
        FirstControl::RollOff => (RulesFirstControl::RollOff, Seat(0)),
    };
    let reserves = match scenario.reserves {
        // NotAllowed: every model deploys at setup (the skirmish builder does that), so no
        // entry rule is ever used.
        Reserves::Default | Reserves::NotAllowed => ReserveEntry::AnyEdge,
        Reserves::OwnDeployment => ReserveEntry::OwnZone,
        Reserves::Edge { edge, within } => {
            ReserveEntry::Zone(redline_battlespace::DeploymentZone::Edge {
                edge,
                distance: within.inches(),
            })
        }
    };
    let rules = ScenarioRules {
        name: scenario.name.clone(),
        first_control,
        deployment: scenario
            .deployment
            .iter()
            .map(|d| SeatZone {
                seat: Seat(d.seat),
                zone: d.zone.to_battlespace(),
            })
            .collect(),
        reserves,
        markers: scenario
            .setup
            .markers
            .iter()
            .map(|&[x, z]| [x, 0.0, z])
            .collect(),
        rules: scenario.special_rules.clone(),
        win: scenario.win.iter().map(|&w| win(w)).collect(),
        sides: scenario
            .sides
            .iter()
            .map(|side| SeatSide {
                seat: Seat(side.seat),
                role: side.role,
                win: side.win.iter().map(|&w| win(w)).collect(),
            })
            .collect(),
        // FIRE-15: placed on the layout by the skirmish, and only with FIRE on (MOD-2).
        fires: Vec::new(),
        security: scenario.security.as_deref().cloned(),
        light: scenario.light,
        // COOP-2: the co-op builder adds the waves' models and fills this in.
        waves: Vec::new(),
        computer: Vec::new(),
    };
    (rules, seat)
}

fn win(condition: WinCondition) -> RulesWin {
    match condition {
        WinCondition::LastStanding => RulesWin::LastStanding,
        WinCondition::TakeOutLeader => RulesWin::TakeOutLeader,
        WinCondition::TakeOut(n) => RulesWin::TakeOut(n),
        WinCondition::ControlQuarters(n) => RulesWin::ControlQuarters(n),
        WinCondition::HoldMarkers(n) => RulesWin::HoldMarkers(n),
        WinCondition::CarryMarkersOff { count, edge } => RulesWin::CarryMarkersOff {
            count,
            edge: edge.map_or(ExitEdge::OwnZone, ExitEdge::Fixed),
        },
        WinCondition::Escape { count, edge } => RulesWin::Escape {
            count,
            edge: edge.map_or(ExitEdge::OppositeZone, ExitEdge::Fixed),
        },
        WinCondition::MostMarkersAtEnd => RulesWin::MostMarkersAtEnd,
        WinCondition::HoldOut => RulesWin::HoldOut,
        WinCondition::MostRescuedAtEnd => RulesWin::MostRescuedAtEnd,
        WinCondition::MostQuartersAtEnd => RulesWin::MostQuartersAtEnd,
    }
}

/// FIELD-5: a scenario for this many players picked at random (the same `seed` picks the
/// same one); `None` if the packs have none for that number (FIELD-12). Packs hold no
/// Prove Your Worth scenarios yet (CAMP-35), so every scenario for the number takes part.
pub fn random_scenario(catalog: &Catalog, players: u8, seed: u64) -> Option<&Scenario> {
    let choices = catalog.scenarios_for(players);
    if choices.is_empty() {
        return None;
    }
    let k = (splitmix64(seed) % choices.len() as u64) as usize;
    Some(choices[k])
}

/// A well-mixed 64-bit hash of the seed (SplitMix64), so nearby seeds pick unrelated
/// scenarios.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
