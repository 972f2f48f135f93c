//! The embedded starter pack: loads cleanly, holds what the brief promises, every action
//! keyword is used, every layout builds a battlespace, and every faction fields 100 EB.

use std::collections::BTreeSet;

use redline_battlespace::Battlespace;
use redline_content::convert::to_battlespace_layout;
use redline_content::schema::{
    CardKeyword, GearKeyword, OpeningKind, SceneryTag, Shape, TeamFormat,
};
use redline_content::team::{MemberSpec, TeamRules, TeamSpec, check_team};
use redline_content::{
    Catalog, load::STARTER_FILES, load::STARTER_MANIFEST, load_starter, starter,
};
use redline_rules::card::{ActionDef, Effect};

mod common;
use common::{ALL_KEYWORDS, keyword_name};

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
    // The rulebook's whole action keyword vocabulary appears on the starter pack's cards.
    let catalog = starter();
    let used: BTreeSet<&str> = all_actions(&catalog)
        .iter()
        .flat_map(|a| a.keywords.iter().map(keyword_name))
        .collect();
    let missing: Vec<&str> = ALL_KEYWORDS
        .iter()
        .map(keyword_name)
        .filter(|name| !used.contains(name))
        .collect();
    assert!(missing.is_empty(), "keywords no card uses: {missing:?}");
}

#[test]
fn every_card_keyword_is_used_by_some_card() {
    // KW-34: Leader, Specialist, Merc, Netrunner on characters; Gonk cards; Bulky and
    // Cybergear on Gear. The matches are exhaustive so a new keyword must be covered here.
    let catalog = starter();
    let mut used = BTreeSet::new();
    for c in catalog.characters.iter() {
        for k in &c.keywords {
            used.insert(match k {
                CardKeyword::Leader => "Leader",
                CardKeyword::Specialist => "Specialist",
                CardKeyword::Merc => "Merc",
                CardKeyword::Netrunner => "Netrunner",
                CardKeyword::Construct => "Construct",
                CardKeyword::Heavy => "Heavy",
            });
        }
    }
    if !catalog.gonks.is_empty() {
        used.insert("Gonk");
    }
    for g in catalog.gear.iter() {
        for k in &g.keywords {
            used.insert(match k {
                GearKeyword::Bulky => "Bulky",
                GearKeyword::Cybergear => "Cybergear",
                GearKeyword::Armor => "Armor",
                GearKeyword::Weapon => "Weapon",
            });
        }
    }
    let all = [
        "Leader",
        "Specialist",
        "Merc",
        "Netrunner",
        "Construct",
        "Heavy",
        "Gonk",
        "Bulky",
        "Cybergear",
        "Armor",
        "Weapon",
    ];
    let missing: Vec<&str> = all.into_iter().filter(|k| !used.contains(k)).collect();
    assert!(
        missing.is_empty(),
        "card keywords no card uses: {missing:?}"
    );
    // A Merc Gonk too, so every faction can hire cheap muscle (TEAM-13).
    assert!(catalog.gonks.iter().any(|g| g.merc));
}

#[test]
fn scenery_library_has_every_kind_of_piece_the_brief_lists() {
    let catalog = starter();
    let piece = |id: &str| {
        catalog
            .scenery
            .get(id)
            .unwrap_or_else(|| panic!("no scenery piece '{id}'"))
    };
    let tags = |id: &str| -> BTreeSet<SceneryTag> {
        piece(id)
            .parts
            .iter()
            .flat_map(|p| p.tags.iter().copied())
            .collect()
    };
    let openings = |id: &str| -> Vec<OpeningKind> {
        piece(id)
            .parts
            .iter()
            .flat_map(|p| p.openings.iter().map(|o| o.kind))
            .collect()
    };
    // Containers are tall solid boxes with a roof to stand on.
    assert!(tags("container").contains(&SceneryTag::Barrier));
    assert!(tags("container").contains(&SceneryTag::Elevated));
    // Walls with a door and with a window.
    assert!(matches!(
        piece("wall_door").parts[0].shape,
        Shape::Wall { .. }
    ));
    assert!(openings("wall_door").contains(&OpeningKind::Door));
    assert!(openings("wall_window").contains(&OpeningKind::Window));
    // Barricades, wrecked cars and barrels slow but don't stop (MOVE-6); a lone barrel can
    // be dragged (MOVE-14).
    for id in ["barricade", "wrecked_car", "barrel"] {
        assert!(tags(id).contains(&SceneryTag::Obstacle), "{id}");
    }
    assert!(matches!(
        piece("wrecked_car").parts[0].shape,
        Shape::Hull { .. }
    ));
    assert!(matches!(
        piece("barrel").parts[0].shape,
        Shape::Cylinder { .. }
    ));
    assert!(tags("barrel").contains(&SceneryTag::Draggable));
    // Catwalks: a raised deck reached by a ladder.
    let catwalk = piece("catwalk");
    assert!(
        catwalk
            .parts
            .iter()
            .any(|p| p.tags.contains(&SceneryTag::Elevated) && p.at[1] > 0.0)
    );
    assert!(tags("catwalk").contains(&SceneryTag::EasyClimb));
    // Every piece of the library is used by some layout.
    for p in catalog.scenery.iter() {
        assert!(
            catalog
                .layouts
                .iter()
                .any(|l| l.pieces.iter().any(|placed| placed.piece == p.id)),
            "scenery piece '{}' is in no layout",
            p.id
        );
    }
}

/// A legal 100 EB team of `faction` that holds `member`, found by trying each Leader
/// (basic and Veteran) with it, if any.
fn team_with(
    catalog: &Catalog,
    faction: &str,
    member: MemberSpec,
    rules: &TeamRules,
) -> Option<TeamSpec> {
    let leaders: Vec<&str> = catalog
        .characters
        .iter()
        .filter(|c| c.faction.as_deref() == Some(faction) && c.has(CardKeyword::Leader))
        .map(|c| c.id.as_str())
        .collect();
    let member_is_leader = catalog
        .characters
        .get(&member.card)
        .is_some_and(|c| c.has(CardKeyword::Leader));
    if member_is_leader {
        let spec = TeamSpec::new(faction).with(member);
        return check_team(catalog, &spec, rules).is_ok().then_some(spec);
    }
    leaders.into_iter().find_map(|leader| {
        let spec = TeamSpec::new(faction)
            .with(MemberSpec::new(leader))
            .with(member.clone());
        check_team(catalog, &spec, rules).is_ok().then_some(spec)
    })
}

#[test]
fn every_card_of_every_faction_fits_a_legal_100_eb_team() {
    // Balance sanity: no character, Gear card or program is priced or gated out of the
    // standard 100 EB one-off game (TEAM-5, TEAM-11, TEAM-15, NET-2). A starred card is
    // tried at the Street Cred it needs: past what a small team's stars show, a campaign's
    // Objectives bring it (CAMP-17), and TEAM-15 itself is tested in `card_climb.rs`.
    let catalog = starter();
    let rules = TeamRules::one_off(100);
    for f in catalog.factions.iter() {
        let faction = f.id.as_str();
        let hireable = catalog.hireable_characters(faction);
        for c in &hireable {
            assert!(
                team_with(&catalog, faction, MemberSpec::new(&c.id), &rules).is_some(),
                "{faction}: no legal 100 EB team can hire '{}'",
                c.id
            );
        }
        for g in catalog.gear_for(faction) {
            let rules = TeamRules {
                earned_gear: vec![g.id.clone()],
                bonus_street_cred: g.street_cred,
                ..rules.clone()
            };
            let fits = hireable.iter().any(|c| {
                team_with(
                    &catalog,
                    faction,
                    MemberSpec::new(&c.id).gear(&g.id),
                    &rules,
                )
                .is_some()
            });
            assert!(fits, "{faction}: no legal 100 EB team can equip '{}'", g.id);
        }
        let programs = catalog
            .programs
            .iter()
            .filter(|p| p.faction.as_deref().is_none_or(|x| x == faction));
        for p in programs {
            let rules = TeamRules {
                bonus_street_cred: p.street_cred,
                ..rules.clone()
            };
            let fits = hireable.iter().any(|c| {
                team_with(
                    &catalog,
                    faction,
                    MemberSpec::new(&c.id).program(&p.id),
                    &rules,
                )
                .is_some()
            });
            assert!(
                fits,
                "{faction}: no legal 100 EB team can install '{}'",
                p.id
            );
        }
    }
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
