//! Paths of Attack on the starter pack's Pier Nine as the pack lays it out: the centre line
//! passes the wall with the door partly through its doorway (+1, POA-7, OPEN-5, MOVE-13) and
//! is blocked by the wall with the window, whose sill is above a standing model (POA-8,
//! OPEN-7). See `docs/decisions/geometry-doorway-and-window-paths.md`.

use redline_battlespace::{BASE_27MM_RADIUS, Battlespace, CoverReason, CoverSource, ModelBase};
use redline_battlespace::{PathOfAttack, PoaOptions};
use redline_content::convert::to_battlespace_layout;
use redline_content::starter;

fn pier() -> Battlespace {
    let layout = to_battlespace_layout(&starter(), "pier_nine").expect("pier_nine converts");
    Battlespace::from_layout(layout).expect("pier_nine compiles")
}

fn standing(space: &Battlespace, id: u32, x: f32, z: f32) -> ModelBase {
    let y = space.level_at(x, z, 0.0);
    ModelBase::new(id, id as u8, [x, y, z]).with_radius(BASE_27MM_RADIUS)
}

fn path(space: &Battlespace, from: [f32; 2], to: [f32; 2]) -> PathOfAttack {
    let (a, b) = (
        standing(space, 0, from[0], from[1]),
        standing(space, 1, to[0], to[1]),
    );
    space.path_of_attack(&a, &b, &[], PoaOptions::default())
}

fn cover_names(space: &Battlespace, poa: &PathOfAttack) -> Vec<(String, CoverReason)> {
    poa.cover
        .iter()
        .map(|c| match c.source {
            CoverSource::Scenery(id) => (space.piece_name(id).to_owned(), c.reason),
            CoverSource::Model(m) => (format!("model {m}"), c.reason),
        })
        .collect()
}

#[test]
fn poa_8_open_7_the_pier_centre_line_is_blocked_by_the_wall_with_the_window() {
    let space = pier();
    let poa = path(&space, [3.0, 11.0], [27.0, 11.0]);
    let blocker = poa.blocked_by.map(|id| space.piece_name(id).to_owned());
    assert_eq!(blocker.as_deref(), Some("Brick Wall with Window"));
    assert!(poa.cover.is_empty());
    // Short of the window wall the same line is open: the wall with the door only enters it
    // (the doorway takes the line's top quarter-inch), and the barricade lies across it.
    let poa = path(&space, [3.0, 11.0], [20.0, 11.0]);
    assert_eq!(poa.blocked_by, None);
    assert_eq!(
        cover_names(&space, &poa),
        vec![
            ("Concrete Barricade".to_owned(), CoverReason::Obstacle),
            (
                "Brick Wall with Door".to_owned(),
                CoverReason::BarrierEnters
            ),
        ]
    );
}
