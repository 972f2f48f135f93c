//! Fuzzing every loader of `redline-content` with mutated valid inputs and random bytes:
//! pack files (in memory and in a folder), pack manifests, team files, layouts, replays,
//! stored files and RON text. None may panic or hang; memory stays bounded because every
//! loader reads within the limits on input (docs/limits.md).
//!
//! A fixed set of cases runs in `cargo test`; `REDLINE_FUZZ_CASES=<n>` runs `n` fresh random
//! cases per property (docs/limits.md).

mod common;

use std::sync::OnceLock;

use common::TempPack;
use common::fuzz::{self, apply_text, mutations};
use proptest::prelude::*;
use redline_content::convert::to_battlespace_layout_of;
use redline_content::input::{check_ron_text, parse_ron, replay_from_text};
use redline_content::schema::Layout;
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::{TeamRules, TeamSpec, check_team, compile_team};
use redline_content::{Catalog, PackSource, load, store};
use redline_rules::{Game, Replay};

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(redline_content::starter)
}

/// Starter pack files small enough to mutate many times.
const PACK_FILES: [(&str, &str); 5] = [
    (
        "characters/ashfall.ron",
        include_str!("../../../assets/packs/starter/characters/ashfall.ron"),
    ),
    (
        "gear/general.ron",
        include_str!("../../../assets/packs/starter/gear/general.ron"),
    ),
    (
        "scenery.ron",
        include_str!("../../../assets/packs/starter/scenery.ron"),
    ),
    (
        "scenarios.ron",
        include_str!("../../../assets/packs/starter/scenarios.ron"),
    ),
    (
        "programs.ron",
        include_str!("../../../assets/packs/starter/programs.ron"),
    ),
];

const MANIFEST: &str = r#"PackManifest(id: "fuzz", name: "Fuzz", version: 1, files: ["a.ron"])"#;

/// A team file as `teams quick` writes it.
fn team_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let spec = quick_team(catalog(), "tidewater", &TeamRules::one_off(100)).unwrap();
        ron::ser::to_string_pretty(&spec, ron::ser::PrettyConfig::default()).unwrap()
    })
}

/// A saved layout's text (the envelope the planner writes).
fn layout_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let pier = catalog().layouts.get("pier_nine").unwrap();
        store::to_text("redline-layout", 2, pier).unwrap()
    })
}

/// A replay of the first commands of a game, as the CLI writes it.
fn replay_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let rules = TeamRules::one_off(100);
        let teams = [
            quick_team(catalog(), "ashfall", &rules).unwrap(),
            quick_team(catalog(), "tidewater", &rules).unwrap(),
        ];
        let setup = skirmish(catalog(), "street_claim", None, &teams, 1)
            .unwrap()
            .setup;
        let mut game = Game::new(setup, 7).unwrap();
        let mut replay = Replay::start(&game, "fuzz");
        for step in 0..24 {
            let legal = game.legal_commands();
            let Some(command) = legal.get(step * 7919 % legal.len().max(1)).cloned() else {
                break;
            };
            game.apply(command.clone()).unwrap();
            replay.record(command, &game);
        }
        replay.to_ron().unwrap()
    })
}

proptest! {
    #![proptest_config(fuzz::config(300))]

    /// A mutated pack file loads or is refused with problems; never a panic.
    #[test]
    fn mutated_pack_files_never_panic(file in 0..PACK_FILES.len(), m in mutations(6)) {
        let text = apply_text(PACK_FILES[file].1, &m);
        let source = PackSource::from_memory(MANIFEST, &[("a.ron", &text)]);
        let _ = load(&[source]);
    }

    /// A mutated team file is parsed, checked and compiled against the starter pack, or
    /// refused; never a panic, never an overflow.
    #[test]
    fn mutated_team_files_never_panic(m in mutations(6)) {
        let text = apply_text(team_text(), &m);
        if let Ok(spec) = parse_ron::<TeamSpec>(&text, ron::Options::default()) {
            let rules = TeamRules::one_off(100);
            let _ = check_team(catalog(), &spec, &rules);
            let _ = compile_team(catalog(), &spec, &rules);
        }
    }

    /// A mutated saved layout is read through the store, checked against the limits and
    /// turned into geometry, or refused; never a panic.
    #[test]
    fn mutated_layout_files_never_panic(m in mutations(6)) {
        let text = apply_text(layout_text(), &m);
        let path = std::path::Path::new("fuzz.layout.ron");
        if let Ok(layout) = store::from_text::<Layout>(path, &text, "redline-layout", 2)
            && layout.limits_problem().is_none()
            && let Ok(bs) = to_battlespace_layout_of(catalog(), &layout)
        {
            let _ = redline_battlespace::Battlespace::from_layout(bs);
        }
    }

    /// Random RON-like text and random bytes: the text checks and the parser never panic.
    #[test]
    fn random_ron_text_never_panics(soup in fuzz::ron_soup(200), bytes in fuzz::bytes(300)) {
        let noise = String::from_utf8_lossy(&bytes).into_owned();
        for text in [&soup, &noise] {
            let _ = check_ron_text(text);
            let _ = parse_ron::<TeamSpec>(text, ron::Options::default());
            let source = PackSource::from_memory(MANIFEST, &[("a.ron", text.as_str())]);
            let _ = load(&[source]);
        }
    }
}

proptest! {
    #![proptest_config(fuzz::config(150))]

    /// A mutated replay is read, and what reads is played again; a refusal is an error,
    /// never a panic.
    #[test]
    fn mutated_replays_never_panic(m in mutations(4)) {
        let text = apply_text(replay_text(), &m);
        if let Ok(replay) = replay_from_text(&text) {
            let _ = replay.verify();
        }
    }

    /// A mutated manifest and pack file in a real folder: paths are checked, only regular
    /// files inside the folder are read.
    #[test]
    fn mutated_pack_folders_never_panic(
        manifest in mutations(4),
        file in 0..PACK_FILES.len(),
        m in mutations(4),
    ) {
        let listed = format!(
            r#"PackManifest(id: "fuzz", name: "Fuzz", version: 1, files: ["{}", "../x.ron", "sub/b.ron"])"#,
            PACK_FILES[file].0
        );
        let manifest = apply_text(&listed, &manifest);
        let text = apply_text(PACK_FILES[file].1, &m);
        let pack = TempPack::new(
            "redline-fuzz-pack",
            &[("pack.ron", manifest.as_str()), (PACK_FILES[file].0, text.as_str()), ("sub/b.ron", "[]")],
        );
        if let Ok(source) = PackSource::from_dir(pack.path()) {
            let _ = load(&[source]);
        }
    }
}
