//! The names of the built-in visuals a pack may give its items, in one place for the
//! validator (an unknown name is a warning) and the game (`redline-meshes` maps each name
//! to its model; its tests check the two agree).
//!
//! * A scenery piece's `visual` is one of [`SCENERY_VISUALS`]; left out, a starter kind is
//!   drawn as itself and any other kind by the shape of its parts (`generic`).
//! * A faction's or a character's `visual` is one of [`CREW_VISUALS`], the crew style its
//!   models wear; left out, a character takes its faction's, a starter faction its own and
//!   any other faction `freelance`.

/// Scenery visuals, as packs write them.
pub const SCENERY_VISUALS: [&str; 18] = [
    "shipping_container",
    "stacked_containers",
    "brick_wall",
    "ruined_wall",
    "concrete_barricade",
    "burnt_out_car",
    "overturned_van",
    "oil_drum",
    "drum_cluster",
    "cargo_crate",
    "loading_dock",
    "water_tank",
    "steel_catwalk",
    "tenement",
    "chain_link_fence",
    "razor_wire_coil",
    "timber_house",
    "generic",
];

/// Crew styles for factions and characters, as packs write them.
pub const CREW_VISUALS: [&str; 6] = [
    "ashfall",
    "choir",
    "tidewater",
    "glasswork",
    "lantern",
    "freelance",
];

/// Whether a scenery visual of this name exists.
pub fn is_scenery_visual(name: &str) -> bool {
    SCENERY_VISUALS.contains(&name)
}

/// Whether a crew style of this name exists.
pub fn is_crew_visual(name: &str) -> bool {
    CREW_VISUALS.contains(&name)
}
