//! The planner's zones for the scenarios with sides (FIELD-4, FIELD-7): a centre zone, a side
//! deploying on every edge, a side in two corners, each checked for room on its layouts.

use redline_battlespace::DeploymentZone;
use redline_content::starter;
use redline_planner::battlespace_of;
use redline_planner::zones::{check_zones, scenario_zones, zone_findings};

#[test]
fn field_4_field_7_centre_and_several_zones_a_seat_are_all_shown_and_open() {
    let catalog = starter();
    for id in [
        "relay_siege",
        "boxed_in",
        "king_of_the_heap",
        "smash_and_grab",
    ] {
        let scenario = catalog.scenarios.get(id).expect(id);
        let zones = scenario_zones(scenario);
        assert_eq!(zones.len(), scenario.deployment.len(), "{id}");
        for layout in &scenario.setup.layouts {
            let space = battlespace_of(&catalog, catalog.layouts.get(layout).unwrap()).unwrap();
            let checks = check_zones(&space, &zones);
            // FIELD-7: every zone of every seat leaves room to deploy.
            assert!(
                zone_findings(&checks).is_empty(),
                "{id} on {layout}: {checks:?}"
            );
            assert!(checks.iter().all(|c| c.spots > 0), "{id} on {layout}");
        }
    }
    // Boxed In: seat 0 round the centre, seat 1 on all four edges.
    let boxed = scenario_zones(catalog.scenarios.get("boxed_in").unwrap());
    assert!(matches!(boxed[0], (0, DeploymentZone::Centre { .. })));
    let edges: Vec<_> = boxed.iter().filter(|(seat, _)| *seat == 1).collect();
    assert_eq!(edges.len(), 4);
    assert!(
        edges
            .iter()
            .all(|(_, z)| matches!(z, DeploymentZone::Edge { .. }))
    );
    // King of the Heap: the attackers' two corners are two zones of seat 1.
    let heap = scenario_zones(catalog.scenarios.get("king_of_the_heap").unwrap());
    assert_eq!(heap.iter().filter(|(seat, _)| *seat == 1).count(), 2);
}
