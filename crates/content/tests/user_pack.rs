//! A user pack in a folder (`--pack DIR`): loaded, validated and merged with the starter pack.

mod common;

use common::TempPack;
use redline_content::team::{MemberSpec, TeamRules, TeamSpec, compile_team};
use redline_content::{ProblemKind, load_with_user_pack};

const MANIFEST: &str = r#"PackManifest(id: "harbour_rats", name: "Harbour Rats", version: 1,
    files: ["faction.ron", "cards/rats.ron"])"#;

const FACTION: &str = r#"[Faction(id: "rats", name: "Harbour Rats", colour: (90, 90, 60))]"#;

/// A new faction whose cards use starter Gear, programs and Mercs across the pack boundary.
const RATS: &str = r#"[
    Character(id: "rat_king", name: "Rat King", faction: "rats", keywords: [Leader, Netrunner],
        cost: 25, tokens: [Green, Yellow], skills: (influence: 2, tech: 1),
        printed_gear: ["gear_heavy_pistol"]),
    Character(id: "rat_king_v", veteran_of: "rat_king", stars: 1, cost: 28),
    Gonk(id: "rat_runner", name: "Rat Runner", faction: "rats", cost: 3, colour: Red,
        skills: (reflexes: 1)),
    Gear(id: "rat_shiv", name: "Rat Shiv", faction: "rats", keywords: [Weapon], cost: 2,
        rarity: 3, actions: [(id: "stab", name: "Stab", skill: Melee, range: (red: true),
        target: Rival, attack: true, keywords: [Silent], effects: [Wound(1)])]),
    Objective(id: "rat_obj_1", name: "Gnaw", faction: "rats", goal: LootBodies(1), kind: Recycle),
    Objective(id: "rat_obj_2", name: "Swarm", faction: "rats", goal: TakeOut(count: 2, of: Gonk), kind: Ongoing, reward: (stars: 1)),
    Objective(id: "rat_obj_3", name: "Scurry", faction: "rats", goal: InvadeDeployment(1), kind: Recycle, reward: (luck: 1)),
    Objective(id: "rat_obj_4", name: "Crown", faction: "rats", goal: WinScenario, kind: Ongoing, reward: (stars: 1)),
]"#;

#[test]
fn user_pack_with_a_new_faction_loads_and_merges_with_the_starter_pack() {
    let pack = TempPack::new(
        "redline-content-ok",
        &[
            ("pack.ron", MANIFEST),
            ("faction.ron", FACTION),
            ("cards/rats.ron", RATS),
        ],
    );
    let loaded = match load_with_user_pack(pack.path()) {
        Ok(loaded) => loaded,
        Err(err) => panic!("{err}"),
    };
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let catalog = &loaded.catalog;
    assert_eq!(
        catalog
            .packs
            .iter()
            .map(|p| p.id.as_str())
            .collect::<Vec<_>>(),
        vec!["starter", "harbour_rats"]
    );
    assert!(catalog.factions.contains("ashfall") && catalog.factions.contains("rats"));
    assert_eq!(
        catalog.characters.get("rat_king_v").unwrap().name,
        "Rat King"
    );

    // A team mixing the new faction with starter Mercs, Gear and programs.
    let spec = TeamSpec::new("rats")
        .with(
            MemberSpec::new("rat_king")
                .gear("rat_shiv")
                .gear("gear_medkit")
                .program("prog_snoop"),
        )
        .with(MemberSpec::new("merc_tonne"))
        .with_gonks("rat_runner", 2);
    let team = compile_team(catalog, &spec, &TeamRules::one_off(100)).unwrap();
    let king = &team.models[0].profile;
    // Printed Gear first, then bought Gear, each a card carrying its actions (TOK-12).
    let actions: Vec<String> = king
        .cards
        .iter()
        .flat_map(|c| c.actions.iter().map(|a| format!("{}/{}", c.id, a.id)))
        .collect();
    assert_eq!(
        actions,
        vec![
            "gear_heavy_pistol/shoot",
            "rat_shiv/stab",
            "gear_medkit/patch_up"
        ]
    );
    assert_eq!(team.models[0].programs[0].id, "prog_snoop");
}

#[test]
fn user_pack_problems_are_reported_with_the_user_pack_id() {
    let broken = RATS
        .replace("cost: 28", "cost: -28")
        .replace("\"gear_heavy_pistol\"", "\"gear_heavy_pistl\"");
    let pack = TempPack::new(
        "redline-content-bad",
        &[
            ("pack.ron", MANIFEST),
            ("faction.ron", FACTION),
            ("cards/rats.ron", &broken),
        ],
    );
    let err = load_with_user_pack(pack.path()).unwrap_err();
    let messages: Vec<String> = err.errors().map(|p| p.to_string()).collect();
    assert_eq!(
        messages,
        vec![
            "harbour_rats/cards/rats.ron:4:25: gear 'gear_heavy_pistl' not found",
            "harbour_rats/cards/rats.ron:5:67: bad value for 'cost': -28 EB; costs can't be negative",
        ]
    );
}

#[test]
fn missing_listed_file_is_an_error_and_unlisted_file_a_warning() {
    let pack = TempPack::new(
        "redline-content-files",
        &[
            ("pack.ron", MANIFEST),
            ("cards/rats.ron", RATS),
            ("extra/stray.ron", "[]"),
        ],
    );
    let err = load_with_user_pack(pack.path()).unwrap_err();
    let unreadable: Vec<_> = err
        .errors()
        .filter(|p| matches!(p.kind, ProblemKind::UnreadableFile { .. }))
        .collect();
    assert_eq!(unreadable.len(), 1);
    assert_eq!(
        unreadable[0].location.to_string(),
        "harbour_rats/faction.ron"
    );
    let unlisted: Vec<_> = err
        .problems
        .iter()
        .filter(|p| p.kind == ProblemKind::UnlistedFile)
        .collect();
    assert_eq!(unlisted.len(), 1);
    assert_eq!(unlisted[0].location.file, "extra/stray.ron");
}

#[test]
fn missing_pack_folder_is_an_error() {
    let err = load_with_user_pack(&std::env::temp_dir().join("redline-no-such-pack")).unwrap_err();
    assert!(matches!(
        err.problems[0].kind,
        ProblemKind::UnreadableFile { .. }
    ));
}
