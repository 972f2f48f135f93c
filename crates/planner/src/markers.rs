//! The scenario's markers against the scenery: which pieces stand within reach of each
//! marker (GEN-7). A scenario sheet's set-up may ask for markers to be kept clear (FIELD-6);
//! a marker against a wall can only be reached from one side, which changes the game.

use redline_battlespace::{Battlespace, ModelBase};
use serde::Serialize;

/// Reach: the Limiter's 1" width (GEN-7).
const REACH: f32 = 1.0;

/// One marker of the scenario and the scenery within reach of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MarkerCheck {
    /// The marker's place on the table, x and z in inches, as the scenario sheet gives it.
    pub at: [f32; 2],
    /// Each piece within reach of the marker: its name and the distance, in inches.
    pub scenery: Vec<(String, f32)>,
}

/// For each marker (x, z on the ground), the scenery pieces within reach of it, nearest
/// first.
pub fn check_markers(space: &Battlespace, markers: &[[f32; 2]]) -> Vec<MarkerCheck> {
    markers
        .iter()
        .map(|&[x, z]| {
            // The marker as a point on the table: a base of no width standing there.
            let point = ModelBase {
                radius: 0.0,
                ..ModelBase::new(u32::MAX, u8::MAX, [x, 0.0, z])
            };
            let mut scenery: Vec<(String, f32)> = space
                .pieces()
                .iter()
                .filter_map(|p| {
                    let d = space.distance_to_piece(&point, p.id)?;
                    (d <= REACH).then(|| (space.piece_name(p.id).to_owned(), d.max(0.0)))
                })
                .collect();
            scenery.sort_by(|a, b| a.1.total_cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
            MarkerCheck {
                at: [x, z],
                scenery,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battlespace_of;
    use check_markers as check;
    use redline_content::starter;

    fn markers_of(scenario: &str) -> Vec<[f32; 2]> {
        let catalog = starter();
        let s = catalog.scenarios.get(scenario).expect("scenario");
        s.setup.markers.clone()
    }

    fn space(layout: &str) -> Battlespace {
        let catalog = starter();
        let l = catalog.layouts.get(layout).expect("layout");
        battlespace_of(&catalog, l).expect("layout builds")
    }

    #[test]
    fn a_marker_against_a_wall_has_it_within_reach() {
        // GEN-7, FIELD-6: Salvage Run's crate at (7, 8) lies against the tenement's back
        // wall on refinery_row, and the one at (23, 8) against the loading dock.
        let found = check(&space("refinery_row"), &markers_of("salvage_run"));
        assert_eq!(found.len(), 5);
        let at = |x: f32, z: f32| found.iter().find(|m| m.at == [x, z]).expect("marker");
        let names = |m: &MarkerCheck| m.scenery.iter().map(|s| s.0.clone()).collect::<Vec<_>>();
        assert!(
            names(at(7.0, 8.0)).iter().any(|n| n.contains("Tenement")),
            "{:?}",
            at(7.0, 8.0)
        );
        assert!(
            names(at(23.0, 8.0))
                .iter()
                .any(|n| n.contains("Loading Dock")),
            "{:?}",
            at(23.0, 8.0)
        );
        assert!(at(7.0, 8.0).scenery[0].1 < 0.1, "{:?}", at(7.0, 8.0));
    }

    #[test]
    fn a_marker_in_the_open_has_nothing_within_reach() {
        // The same crates on pier_nine: report whatever is there, and nothing farther than
        // reach; on an empty table nothing at all.
        let markers = markers_of("salvage_run");
        for m in check(&space("pier_nine"), &markers) {
            assert!(m.scenery.iter().all(|s| s.1 <= REACH), "{m:?}");
        }
        let empty = Battlespace::new(*space("pier_nine").table(), Vec::new()).expect("empty");
        assert!(check(&empty, &markers).iter().all(|m| m.scenery.is_empty()));
    }
}
