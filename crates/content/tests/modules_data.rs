//! The scenery data only the optional modules read (MODULES.md, Data): the starter pack's
//! values, and each broken value refused at file:line:col (MOD-9, TERR-2..5, FIRE-4); and a
//! scenario's module list (MOD-1).

use redline_content::schema::Material;
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::TeamRules;
use redline_content::{PackSource, Problem, load};
use redline_rules::modules::{Module, ModuleError};

const MANIFEST: &str =
    r#"PackManifest(id: "test", name: "Test", version: 1, files: ["scenery.ron"])"#;

fn errors(text: &str) -> Vec<Problem> {
    match load(&[PackSource::from_memory(MANIFEST, &[("scenery.ron", text)])]) {
        Ok(_) => panic!("expected errors"),
        Err(err) => err.errors().cloned().collect(),
    }
}

/// A two-part hut; `storeys` and `extra` (part fields of the wall) are spliced in.
fn hut(extra: &str, storeys: &str) -> String {
    format!(
        r#"[
    Scenery(
        id: "hut",
        name: "Hut",
        parts: [
            (name: "wall", shape: Wall(length: 4.0, thickness: 0.4, height: 3.0),
             tags: [Barrier]{extra}),
            (name: "roof", shape: Box(width: 4.0, depth: 4.0, height: 0.3), at: (0.0, 3.0, 0.0),
             tags: [Barrier, Elevated]),
            (name: "lid", shape: Box(width: 4.0, depth: 4.0, height: 0.3), at: (0.0, 3.3, 0.0),
             tags: [Barrier, Elevated]),
        ],
        storeys: [{storeys}],
    ),
]"#
    )
}

fn one_error(text: &str) -> (String, usize, usize) {
    let errs = errors(text);
    assert_eq!(errs.len(), 1, "{errs:?}");
    let e = &errs[0];
    (e.to_string(), e.location.line, e.location.col)
}

#[test]
fn mod_9_the_starter_tenement_has_two_storeys_and_an_outside_ladder() {
    let catalog = redline_content::starter();
    let tenement = catalog.scenery.get("tenement").expect("the tenement");
    assert_eq!(tenement.storeys.len(), 2); // MOD-9
    let all: Vec<&String> = tenement.storeys.iter().flat_map(|s| &s.parts).collect();
    assert_eq!(all.len(), 10);
    assert!(!all.iter().any(|p| *p == "ladder")); // MOD-9: in no storey
    assert!(
        tenement
            .storeys
            .iter()
            .all(|s| s.structure == Some(4) && s.fuel == Some(1))
    );
    let brick = tenement
        .parts
        .iter()
        .filter(|p| p.material == Some(Material::Brick));
    assert_eq!(brick.count(), 10); // TERR-3
}

#[test]
fn terr_3_every_starter_part_has_a_material() {
    let catalog = redline_content::starter();
    for piece in catalog.scenery.iter() {
        for part in &piece.parts {
            assert!(part.material.is_some(), "{} '{}'", piece.id, part.name); // TERR-3
        }
    }
    assert_eq!(Material::Brick.hardness(), Some(3)); // TERR-3
    assert_eq!(Material::Immune.hardness(), None);
}

#[test]
fn mod_9_a_storey_naming_no_part_is_refused_at_the_name() {
    let (msg, line, col) = one_error(&hut("", r#"(parts: ["wall", "door"])"#));
    assert!(msg.contains("'door'"), "{msg}"); // MOD-9
    assert_eq!((line, col), (13, 37), "{msg}"); // at the name in `storeys`
}

#[test]
fn mod_9_a_part_in_two_storeys_is_refused() {
    let (msg, ..) = one_error(&hut("", r#"(parts: ["wall"]), (parts: ["wall", "roof"])"#));
    assert!(msg.contains("more than one storey"), "{msg}"); // MOD-9
}

#[test]
fn mod_9_a_storey_with_two_slabs_is_refused() {
    let (msg, ..) = one_error(&hut("", r#"(parts: ["wall", "roof", "lid"])"#));
    assert!(msg.contains("second slab"), "{msg}"); // MOD-9
}

#[test]
fn terr_5_fire_4_values_out_of_range_are_refused_at_the_part() {
    for (extra, word) in [
        (", structure: Some(0)", "Structure 0"),
        (", hardness: Some(12)", "Hardness 12"),
        (", fuel: Some(3)", "Fuel 3"),
        (", section_len: Some(0.0)", "section length"),
    ] {
        let (msg, line, _) = one_error(&hut(extra, r#"(parts: ["wall", "roof"])"#));
        assert!(msg.contains(word), "{msg}"); // TERR-2, TERR-4, TERR-5, FIRE-4
        assert_eq!(line, 6, "{msg}"); // at the part's name
    }
}

#[test]
fn mod_1_a_scenario_both_requiring_and_forbidding_a_module_is_refused() {
    let catalog = redline_content::starter();
    let mut scenario = catalog
        .scenarios
        .get("street_claim")
        .expect("a scenario")
        .clone();
    scenario.modules.require.insert(Module::Fire);
    scenario.modules.forbid.insert(Module::Fire);
    assert_eq!(
        scenario.modules.validate(),
        Err(ModuleError::RequiredAndForbidden {
            module: Module::Fire
        })
    ); // MOD-1
}

#[test]
fn mod_1_a_skirmish_gets_the_required_modules_plus_the_players_choice() {
    let catalog = redline_content::starter();
    let rules = TeamRules::one_off(100);
    let teams = ["ashfall", "tidewater"].map(|f| quick_team(&catalog, f, &rules).unwrap());
    let mut s = skirmish(&catalog, "street_claim", None, &teams, 1).unwrap();
    assert!(s.setup.modules.is_empty()); // MOD-1: every module off by default
    s.scenario.modules.require.insert(Module::Terr);
    s.scenario.modules.forbid.insert(Module::Sec);
    let chosen = [Module::Aid].into();
    let with = s.clone().with_modules(&chosen).unwrap();
    assert_eq!(with.setup.modules, [Module::Terr, Module::Aid].into()); // MOD-1
    let err = s.clone().with_modules(&[Module::Sec].into()).unwrap_err();
    assert!(err.to_string().contains("MOD-1"), "{err}"); // MOD-1: forbidden is refused
    let campaign = [Module::Sec, Module::Bot].into();
    let game = s.with_campaign_modules(&campaign).unwrap();
    assert_eq!(game.setup.modules, [Module::Terr, Module::Bot].into()); // MOD-1
}

/// A gear file with one charge whose Breach value is `x`.
fn charge(x: u8) -> String {
    format!(
        r#"[
    Gear(
        id: "test_charge",
        name: "Test Charge",
        cost: 3,
        rarity: 2,
        actions: [
            (
                id: "plant",
                name: "Plant",
                range: (red: true, reach_only: true),
                target: Object,
                keywords: [Breach({x})],
            ),
        ],
    ),
]"#
    )
}

fn gear_errors(text: &str) -> Vec<Problem> {
    let manifest = r#"PackManifest(id: "test", name: "Test", version: 1, files: ["gear.ron"])"#;
    match load(&[PackSource::from_memory(manifest, &[("gear.ron", text)])]) {
        Ok(_) => Vec::new(),
        Err(err) => err.errors().cloned().collect(),
    }
}

#[test]
fn terr_1_breach_x_runs_from_1_to_3_and_is_refused_at_the_action() {
    let fine = gear_errors(&charge(2));
    assert!(fine.is_empty(), "{fine:?}");
    for x in [0, 4] {
        let text = charge(x);
        let errs = gear_errors(&text);
        assert_eq!(errs.len(), 1, "{errs:?}");
        let msg = errs[0].to_string();
        assert!(msg.contains("TERR-1"), "{msg}"); // TERR-1
        // Located at the action's id, as every refusal of an action's values is.
        let action = text.lines().position(|l| l.contains("\"plant\"")).unwrap() + 1;
        assert_eq!(errs[0].location.line, action, "{msg}");
    }
}

#[test]
fn mod_2_a_skirmish_carries_the_scenery_data_only_with_terr_on() {
    let catalog = redline_content::starter();
    let rules = TeamRules::one_off(100);
    let teams = ["ashfall", "tidewater"].map(|f| quick_team(&catalog, f, &rules).unwrap());
    let s = skirmish(&catalog, "street_claim", None, &teams, 1).unwrap();
    let pieces = s.setup.battlespace.pieces();
    assert!(pieces.iter().all(|p| p.damage.is_none())); // MOD-2
    let core = ron::to_string(&s.setup).unwrap();
    assert!(
        !core.contains("damage"),
        "MOD-2: a core setup serialises as before"
    );
    let terr = s.clone().with_modules(&[Module::Terr].into()).unwrap();
    let damaged = terr.setup.battlespace.pieces();
    assert!(damaged.iter().any(|p| p.damage.is_some())); // TERR-3
    assert!(
        damaged
            .iter()
            .filter_map(|p| p.damage)
            .all(|d| d.hardness <= 5)
    );
    let off = terr.with_modules(&[Module::Aid].into()).unwrap();
    assert!(
        off.setup
            .battlespace
            .pieces()
            .iter()
            .all(|p| p.damage.is_none())
    );
}

#[test]
fn terr_1_the_starter_breaching_charge_is_an_easy_breach_2() {
    let catalog = redline_content::starter();
    let charge = catalog
        .gear
        .iter()
        .find(|g| g.id == "gear_breaching_charge")
        .expect("the Breaching Charge");
    let plant = &charge.actions[0];
    assert!(plant.is_easy()); // TERR-2: X markers with no roll
    assert_eq!(redline_rules::card::Keyword::Breach(2), plant.keywords[0]);
}

#[test]
fn mod_9_the_tenement_brings_its_storeys_with_terr_or_fire_on() {
    let catalog = redline_content::starter();
    let rules = TeamRules::one_off(100);
    let teams = ["ashfall", "tidewater"].map(|f| quick_team(&catalog, f, &rules).unwrap());
    let s = skirmish(&catalog, "street_claim", Some("tenement_yard"), &teams, 1).unwrap();
    let core = ron::to_string(&s.setup).unwrap();
    assert!(
        !core.contains("storey"),
        "MOD-2: a core setup serialises as before"
    );
    for modules in [[Module::Terr], [Module::Fire]] {
        let on = s.clone().with_modules(&modules.into()).unwrap();
        let pieces = on.setup.battlespace.pieces();
        let tenement: Vec<_> = pieces
            .iter()
            .filter(|p| p.name.starts_with("Two-Storey Tenement"))
            .collect();
        // MOD-9: ten parts in two storeys, each with its slab; the ladder is in none.
        let in_storeys: Vec<_> = tenement.iter().filter_map(|p| p.storey).collect();
        assert_eq!(in_storeys.len(), 10, "{modules:?}");
        assert_eq!(in_storeys.iter().filter(|s| s.slab).count(), 2);
        assert!(in_storeys.iter().all(|s| s.structure == 4)); // TERR-5: Brick
        let ladder = tenement.iter().find(|p| p.name.contains("ladder")).unwrap();
        assert!(ladder.storey.is_none());
        assert_eq!(on.setup.battlespace.top_storey(in_storeys[0].building), 2);
    }
    let aid = s.with_modules(&[Module::Aid].into()).unwrap();
    assert!(
        aid.setup
            .battlespace
            .pieces()
            .iter()
            .all(|p| p.storey.is_none())
    ); // MOD-2
}

/// A gear file with one thrown jar whose keywords are `keywords`.
fn jar(keywords: &str) -> String {
    format!(
        r#"[
    Gear(
        id: "test_jar",
        name: "Test Jar",
        cost: 3,
        rarity: 2,
        actions: [
            (
                id: "hurl",
                name: "Hurl",
                skill: Reflexes,
                range: (red: true, yellow: true),
                target: Rival,
                attack: true,
                keywords: [{keywords}],
                effects: [Wound(1)],
            ),
        ],
    ),
]"#
    )
}

#[test]
fn fire_1_ignite_needs_blast_or_torrent_and_is_refused_at_the_action() {
    for fine in ["Blast, Ignite(Red)", "Torrent, Ignite(Green)"] {
        let errs = gear_errors(&jar(fine));
        assert!(errs.is_empty(), "{fine}: {errs:?}");
    }
    let text = jar("Ignite(Yellow)");
    let errs = gear_errors(&text);
    assert_eq!(errs.len(), 1, "{errs:?}");
    let msg = errs[0].to_string();
    assert!(msg.contains("FIRE-1"), "{msg}"); // FIRE-1
    let action = text.lines().position(|l| l.contains("\"hurl\"")).unwrap() + 1;
    assert_eq!(errs[0].location.line, action, "{msg}");
    assert!(errs[0].location.col > 0, "{msg}");
}

#[test]
fn fire_4_the_tenement_compartments_burn_with_fuel_1_only_with_fire_on() {
    let catalog = redline_content::starter();
    let rules = TeamRules::one_off(100);
    let teams = ["ashfall", "tidewater"].map(|f| quick_team(&catalog, f, &rules).unwrap());
    let s = skirmish(&catalog, "street_claim", Some("tenement_yard"), &teams, 1).unwrap();
    for off in [&[][..], &[Module::Terr][..]] {
        let core = s
            .clone()
            .with_modules(&off.iter().copied().collect())
            .unwrap();
        let pieces = core.setup.battlespace.pieces();
        assert!(pieces.iter().all(|p| p.fuel.is_none()), "{off:?}"); // MOD-2
        assert!(!ron::to_string(&core.setup).unwrap().contains("fuel"));
    }
    let on = s.with_modules(&[Module::Fire].into()).unwrap();
    let pieces = on.setup.battlespace.pieces();
    // FIRE-4: every compartment of the tenement has Fuel 1; its ladder never burns.
    let tenement: Vec<_> = pieces
        .iter()
        .filter(|p| p.name.starts_with("Two-Storey Tenement"))
        .collect();
    assert!(
        tenement
            .iter()
            .filter(|p| p.storey.is_some())
            .all(|p| p.fuel == Some(1))
    );
    let ladder = tenement.iter().find(|p| p.name.contains("ladder")).unwrap();
    assert_eq!(ladder.fuel, None);
}

#[test]
fn gear_pitch_jar_is_a_yellow_ignite_blast() {
    let catalog = redline_content::starter();
    let jar = catalog
        .gear
        .iter()
        .find(|g| g.id == "gear_pitch_jar")
        .expect("the Pitch Jar");
    let hurl = &jar.actions[0];
    use redline_rules::card::{Colour, Keyword};
    assert!(hurl.keywords.contains(&Keyword::Blast));
    assert!(hurl.keywords.contains(&Keyword::Ignite(Colour::Yellow))); // FIRE-1
}

/// A two-seat scenario with `security` spliced in, alone in a pack.
fn guarded(security: &str) -> Vec<Problem> {
    let manifest =
        r#"PackManifest(id: "test", name: "Test", version: 1, files: ["scenarios.ron"])"#;
    let text = format!(
        r#"[
    Scenario(
        id: "guarded",
        name: "Guarded",
        players: 2,
        setup: (table: (30.0, 22.0)),
        deployment: [
            (seat: 0, zone: Edge(edge: North, within: Band(Red))),
            (seat: 1, zone: Edge(edge: South, within: Band(Red))),
        ],
        first_control: RollOff,
        win: [LastStanding],
        modules: (require: [Sec]),
        light: Dim,
        {security}
    ),
]"#
    );
    match load(&[PackSource::from_memory(
        manifest,
        &[("scenarios.ron", &text)],
    )]) {
        Ok(_) => Vec::new(),
        Err(err) => err.errors().cloned().collect(),
    }
}

#[test]
fn sec_1_a_scenario_names_a_seated_defender_and_is_refused_at_the_field() {
    assert!(guarded("security: (defender: Seat(1)),").is_empty());
    let errs = guarded("security: (defender: Seat(2), max_sentries: 4),");
    let sec: Vec<&Problem> = errs
        .iter()
        .filter(|e| e.to_string().contains("SEC-"))
        .collect();
    assert_eq!(sec.len(), 2, "{errs:?}"); // SEC-1 and SEC-9
    assert!(sec.iter().all(|e| e.location.line == 15), "{sec:?}");
}

#[test]
fn mod_9_fire_15_the_starter_shophouse_carries_its_two_named_rooms_into_a_fire_game_only() {
    use redline_battlespace::{Battlespace, Compartment, ModelBase};
    use redline_content::convert::{module_data, to_battlespace_layout, with_module_data};
    let catalog = redline_content::starter();
    let shop = catalog.scenery.get("shophouse").expect("the shophouse");
    assert_eq!(shop.storeys[0].rooms.len(), 2); // MOD-9
    let plain = Battlespace::from_layout(to_battlespace_layout(&catalog, "shop_row").unwrap());
    let plain = plain.unwrap();
    let data = module_data(&catalog, "shop_row").unwrap();
    let fire = with_module_data(&plain, &data, &[Module::Fire].into()).unwrap();
    // Placed at (15, 11): the west room is x 11..15, the east room x 15..19.
    let west = fire.compartment_of(&ModelBase::new(0, 0, [13.0, 0.0, 11.0]));
    let east = fire.compartment_of(&ModelBase::new(0, 0, [17.0, 0.0, 11.0]));
    assert_eq!(west.map(|c| c.room), Some(0)); // MOD-9: each room a compartment
    assert_eq!(east.map(|c| c.room), Some(1));
    let building = west.expect("in the shop").building;
    assert!(fire.compartment_enclosed(Compartment {
        building,
        storey: 1,
        room: 0
    })); // FIRE-9: 4"×4"
    // FIRE-15: each room keeps the pack's name.
    let room = |room| Compartment {
        building,
        storey: 1,
        room,
    };
    assert_eq!(fire.compartment_name(room(0)), Some("front"));
    assert_eq!(fire.compartment_name(room(1)), Some("back"));
    // MOD-2: with FIRE off (TERR on) the rooms and their names stay out of the game.
    let terr = with_module_data(&plain, &data, &[Module::Terr].into()).unwrap();
    assert!(terr.pieces().iter().all(|p| p.rooms.is_empty()));
    assert!(terr.pieces().iter().all(|p| p.room_names.is_empty()));
    assert_eq!(terr.compartment_name(room(0)), None);
    assert_eq!(terr.storey_compartments(building, 1).len(), 1);
}
