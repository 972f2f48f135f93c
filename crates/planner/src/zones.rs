//! Deployment zones (FIELD-4, FIELD-7): how much room the scenery leaves in each seat's zone.

use redline_battlespace::{BASE_27MM_RADIUS, Battlespace, DeploymentZone};
use redline_content::schema::Scenario;
use serde::Serialize;

use crate::density::Finding;

/// Fewest clear spots (27 mm bases on a 1" grid) a zone must keep for the planner to call it
/// open: room for a full team with a choice of where to stand (docs/decisions note).
pub const ZONE_SPOTS_NEEDED: usize = 10;

/// Grid step of the spots counted, in inches.
const SPOT_STEP: f32 = 1.0;

/// One seat's deployment zone on the layout.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ZoneCheck {
    /// The seat that deploys there.
    pub seat: u8,
    /// The zone.
    pub zone: DeploymentZone,
    /// Clear spots for a 27 mm base on a 1" grid, with the scenery in place.
    pub spots: usize,
    /// The same on the empty table.
    pub empty_spots: usize,
}

impl ZoneCheck {
    /// Whether scenery leaves too little room to deploy (fewer than [`ZONE_SPOTS_NEEDED`]).
    pub fn blocked(&self) -> bool {
        self.spots < ZONE_SPOTS_NEEDED.min(self.empty_spots)
    }
}

/// The geometry's zones of a scenario, one per seat.
pub fn scenario_zones(scenario: &Scenario) -> Vec<(u8, DeploymentZone)> {
    scenario
        .deployment
        .iter()
        .map(|d| (d.seat, d.zone.to_battlespace()))
        .collect()
}

/// Counts the clear spots in each zone, with and without the scenery.
pub fn check_zones(space: &Battlespace, zones: &[(u8, DeploymentZone)]) -> Vec<ZoneCheck> {
    let empty = Battlespace::new(*space.table(), Vec::new())
        .expect("a table the layout was built on is a valid empty table");
    zones
        .iter()
        .map(|&(seat, zone)| ZoneCheck {
            seat,
            zone,
            spots: space
                .placements_in_zone(zone, BASE_27MM_RADIUS, SPOT_STEP, &[])
                .len(),
            empty_spots: empty
                .placements_in_zone(zone, BASE_27MM_RADIUS, SPOT_STEP, &[])
                .len(),
        })
        .collect()
}

/// Findings for zones the scenery crowds out (FIELD-7).
pub fn zone_findings(checks: &[ZoneCheck]) -> Vec<Finding> {
    checks
        .iter()
        .filter(|c| c.blocked())
        .map(|c| Finding {
            rule: "FIELD-7",
            message: format!(
                "seat {}'s deployment zone has room for only {} bases ({} on the empty table)",
                c.seat + 1,
                c.spots,
                c.empty_spots
            ),
        })
        .collect()
}
