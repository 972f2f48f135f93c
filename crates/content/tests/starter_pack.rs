//! The embedded starter pack: loads cleanly, holds what the brief promises, every action
//! keyword is used, every layout builds a battlespace, and every faction fields 100 EB.

use std::collections::BTreeSet;

use redline_battlespace::Battlespace;
use redline_content::convert::to_battlespace_layout;
use redline_content::schema::{CardKeyword, TeamFormat};
use redline_content::team::{MemberSpec, TeamRules, TeamSpec, check_team};
use redline_content::{
    Catalog, load::STARTER_FILES, load::STARTER_MANIFEST, load_starter, starter,
};
use redline_rules::card::{ActionDef, Effect, Keyword};

#[test]
fn starter_pack_loads_with_no_errors_and_no_warnings() {
    match load_starter() {
        Ok(loaded) => {
            let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
            assert!(warnings.is_empty(), "warnings:\n{}", warnings.join("\n"));
        }
        Err(err) => panic!("{err}"),
    }
}

#[test]
fn embedded_file_list_matches_manifest_and_folder() {
    let listed = redline_content::schema::PackManifest::clone(&starter().packs[0]).files;
    let embedded: Vec<&str> = STARTER_FILES.iter().map(|(p, _)| *p).collect();
    assert_eq!(
        listed, embedded,
        "pack.ron and embedded.rs list different files"
    );
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/packs/starter");
    let source = redline_content::PackSource::from_dir(&dir).expect("starter folder");
    assert!(
        source.unlisted.is_empty(),
        "unlisted: {:?}",
        source.unlisted
    );
    assert_eq!(source.manifest, STARTER_MANIFEST);
    for (file, (path, text)) in source.files.iter().zip(STARTER_FILES) {
        assert_eq!((file.path.as_str(), file.text.as_str()), (*path, *text));
    }
}

fn leaders_of(catalog: &Catalog, faction: &str) -> usize {
    catalog
        .characters
        .iter()
        .filter(|c| c.faction.as_deref() == Some(faction) && c.has(CardKeyword::Leader))
        .count()
}

#[test]
fn every_faction_has_leader_characters_gonks_gear_and_objectives() {
    let catalog = starter();
    assert!(catalog.factions.len() >= 4);
    for f in catalog.factions.iter() {
        let id = f.id.as_str();
        assert!(leaders_of(&catalog, id) >= 1, "{id} has no Leader");
        let basics: Vec<_> = catalog
            .characters
            .iter()
            .filter(|c| c.faction.as_deref() == Some(id) && c.veteran_of.is_none())
            .collect();
        let others = basics
            .iter()
            .filter(|c| !c.has(CardKeyword::Leader))
            .count();
        assert!(others >= 4, "{id}: {others} non-Leader character types");
        for basic in &basics {
            let has_veteran = catalog
                .characters
                .iter()
                .any(|c| c.veteran_of.as_deref() == Some(basic.id.as_str()));
            assert!(has_veteran, "{} has no Veteran version", basic.id);
        }
        assert!(
            catalog
                .gonks
                .iter()
                .any(|g| g.faction.as_deref() == Some(id)),
            "{id}: no Gonk"
        );
        let gear = catalog
            .gear
            .iter()
            .filter(|g| g.faction.as_deref() == Some(id) && !g.reward_only)
            .count();
        assert!(gear >= 6, "{id}: {gear} Gear cards");
        assert!(
            catalog.objective_deck(id).len() >= 10,
            "{id}: small Objective deck"
        );
    }
}

#[test]
fn pack_has_mercs_programs_drones_loot_scenery_layouts_and_scenarios() {
    let catalog = starter();
    let mercs = catalog
        .characters
        .iter()
        .filter(|c| c.has(CardKeyword::Merc) && c.veteran_of.is_none())
        .count();
    assert!(mercs >= 4, "{mercs} Mercs");
    assert!(catalog.programs.len() >= 8);
    let drone_programs = catalog
        .programs
        .iter()
        .filter(|p| {
            p.loaded
                .effects
                .iter()
                .any(|e| matches!(e, Effect::DeployDrone { .. }))
        })
        .count();
    assert!(drone_programs >= 2);
    assert!(catalog.loot.len() >= 12);
    for piece in [
        "container",
        "wall_door",
        "wall_window",
        "barricade",
        "wrecked_car",
        "barrel",
        "tenement",
        "catwalk",
    ] {
        assert!(catalog.scenery.contains(piece), "no {piece}");
    }
    let sizes: BTreeSet<(u32, u32)> = catalog
        .layouts
        .iter()
        .map(|l| (l.size[0] as u32, l.size[1] as u32))
        .collect();
    assert!(catalog.layouts.len() >= 4);
    assert!(
        sizes.contains(&(30, 22)) && sizes.contains(&(44, 30)),
        "{sizes:?}"
    );
    assert!(catalog.scenarios.len() >= 8);
    assert!(!catalog.scenarios_for(3).is_empty());
    assert!(!catalog.scenarios_for(4).is_empty());
    assert!(
        catalog
            .scenarios
            .iter()
            .any(|s| s.teams == TeamFormat::TwoVsTwo)
    );
}

#[test]
fn two_storey_building_has_ladder_rooftop_doors_and_windows() {
    let catalog = starter();
    let tenement = catalog.scenery.get("tenement").unwrap();
    use redline_content::schema::{OpeningKind, SceneryTag};
    let tags: Vec<_> = tenement
        .parts
        .iter()
        .flat_map(|p| p.tags.iter().copied())
        .collect();
    assert!(tags.contains(&SceneryTag::EasyClimb) && tags.contains(&SceneryTag::Elevated));
    let openings: Vec<_> = tenement
        .parts
        .iter()
        .flat_map(|p| p.openings.iter().map(|o| o.kind))
        .collect();
    assert!(openings.contains(&OpeningKind::Door) && openings.contains(&OpeningKind::Window));
    let elevated_heights: BTreeSet<u32> = tenement
        .parts
        .iter()
        .filter(|p| p.tags.contains(&SceneryTag::Elevated))
        .map(|p| (p.at[1] * 10.0) as u32)
        .collect();
    assert_eq!(elevated_heights.len(), 2, "a first floor and a rooftop");
}

/// Index of a keyword variant; the exhaustive match makes a new variant fail to compile
/// here until the coverage test knows it.
fn keyword_index(k: &Keyword) -> usize {
    match k {
        Keyword::Accurate => 0,
        Keyword::Blast => 1,
        Keyword::Complex => 2,
        Keyword::Dangerous => 3,
        Keyword::Deadly => 4,
        Keyword::DeadlyCrits => 5,
        Keyword::Defense(..) => 6,
        Keyword::Discard => 7,
        Keyword::Difficult => 8,
        Keyword::Easy => 9,
        Keyword::Free => 10,
        Keyword::Heal(_) => 11,
        Keyword::Indirect => 12,
        Keyword::Pierce(_) => 13,
        Keyword::Push => 14,
        Keyword::Refresh(_) => 15,
        Keyword::Rapid(_) => 16,
        Keyword::Silent => 17,
        Keyword::Stun(_) => 18,
        Keyword::Suppression => 19,
        Keyword::Torrent => 20,
        Keyword::Unwieldy => 21,
        Keyword::Exhaust => 22,
    }
}
const KEYWORD_COUNT: usize = 23;

fn all_actions(catalog: &Catalog) -> Vec<&ActionDef> {
    let mut out: Vec<&ActionDef> = Vec::new();
    out.extend(catalog.characters.iter().flat_map(|c| c.actions.iter()));
    out.extend(catalog.gonks.iter().flat_map(|c| c.actions.iter()));
    out.extend(catalog.gear.iter().flat_map(|c| c.actions.iter()));
    out.extend(catalog.programs.iter().map(|p| &p.loaded));
    out.extend(catalog.drones.iter().flat_map(|c| c.actions.iter()));
    out.extend(catalog.loot.iter().flat_map(|c| c.actions.iter()));
    out
}

#[test]
fn every_action_keyword_is_used_by_some_card() {
    let catalog = starter();
    let used: BTreeSet<usize> = all_actions(&catalog)
        .iter()
        .flat_map(|a| a.keywords.iter().map(keyword_index))
        .collect();
    let missing: Vec<usize> = (0..KEYWORD_COUNT).filter(|i| !used.contains(i)).collect();
    assert!(
        missing.is_empty(),
        "keyword indexes never used: {missing:?}"
    );
}

#[test]
fn every_layout_builds_a_battlespace() {
    let catalog = starter();
    for layout in catalog.layouts.iter() {
        let converted = to_battlespace_layout(&catalog, &layout.id).unwrap();
        let parts: usize = layout
            .pieces
            .iter()
            .map(|p| catalog.scenery.get(&p.piece).unwrap().parts.len())
            .sum();
        assert_eq!(converted.scenery.len(), parts);
        if let Err(err) = Battlespace::from_layout(converted) {
            panic!("layout '{}': {err}", layout.id);
        }
    }
}

#[test]
fn every_faction_fields_a_legal_100_eb_team() {
    let catalog = starter();
    let teams = [
        TeamSpec::new("ashfall")
            .with(MemberSpec::new("ash_furnace_mother"))
            .with(MemberSpec::new("ash_torchhand").gear("ash_scrap_plate"))
            .with(MemberSpec::new("ash_scrapper").gear("ash_firebomb"))
            .with(
                MemberSpec::new("ash_flue_rat")
                    .program("prog_snoop")
                    .program("prog_tailwind"),
            )
            .with_gonks("ash_cinderling", 2),
        TeamSpec::new("choir")
            .with(MemberSpec::new("choir_cantor").program("prog_choir_loop"))
            .with(MemberSpec::new("choir_warden").gear("choir_static_cloak"))
            .with(MemberSpec::new("choir_broadcaster"))
            .with(MemberSpec::new("choir_acolyte").program("prog_patch_tunnel"))
            .with_gonks("choir_novice", 4),
        TeamSpec::new("tidewater")
            .with(MemberSpec::new("tide_harbour_queen"))
            .with(MemberSpec::new("tide_hookman").gear("tide_boat_hook"))
            .with(MemberSpec::new("tide_netcaster").gear("tide_oilskin"))
            .with(
                MemberSpec::new("tide_jack")
                    .program("prog_snoop")
                    .program("prog_tailwind"),
            )
            .with_gonks("tide_dockhand", 4),
        TeamSpec::new("glasswork")
            .with(MemberSpec::new("glass_commander"))
            .with(MemberSpec::new("glass_officer"))
            .with(
                MemberSpec::new("glass_handler")
                    .program("prog_crawler")
                    .program("prog_patch_tunnel"),
            )
            .with(MemberSpec::new("glass_marksman"))
            .with_gonks("glass_guard", 2),
    ];
    for spec in &teams {
        match check_team(&catalog, spec, &TeamRules::one_off(100)) {
            Ok(summary) => assert!(
                summary.cost <= 100 && summary.cost >= 85,
                "{}: {summary:?}",
                spec.faction
            ),
            Err(errors) => panic!("{}: {errors:?}", spec.faction),
        }
    }
}
