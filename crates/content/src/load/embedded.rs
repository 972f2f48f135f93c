//! The starter pack, embedded in the binary so the game runs with no files on disk.
//!
//! The list is written by hand; a test checks it matches `pack.ron` and the folder.

use crate::source::PackSource;

macro_rules! starter_files {
    ($($path:literal),* $(,)?) => {
        /// Every file of the starter pack but `pack.ron`: (path in the pack, text).
        pub const STARTER_FILES: &[(&str, &str)] = &[
            $(($path, include_str!(concat!("../../../../assets/packs/starter/", $path)))),*
        ];
    };
}

/// The starter pack's `pack.ron`.
pub const STARTER_MANIFEST: &str = include_str!("../../../../assets/packs/starter/pack.ron");

starter_files![
    "factions.ron",
    "characters/ashfall.ron",
    "characters/choir.ron",
    "characters/tidewater.ron",
    "characters/glasswork.ron",
    "characters/lantern.ron",
    "characters/mercs.ron",
    "gear/general.ron",
    "gear/ashfall.ron",
    "gear/choir.ron",
    "gear/tidewater.ron",
    "gear/glasswork.ron",
    "gear/lantern.ron",
    "programs.ron",
    "loot.ron",
    "objectives/ashfall.ron",
    "objectives/choir.ron",
    "objectives/tidewater.ron",
    "objectives/glasswork.ron",
    "objectives/lantern.ron",
    "scenery.ron",
    "layouts.ron",
    "scenarios.ron",
    "third_forces.ron",
    "campaign.ron",
];

/// The starter pack as a [`PackSource`].
pub fn starter_source() -> PackSource {
    PackSource::from_memory(STARTER_MANIFEST, STARTER_FILES)
}
