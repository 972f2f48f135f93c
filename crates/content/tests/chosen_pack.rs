//! A user pack from chosen files (the browser's file picker hands over names and texts): the
//! same loader, limits and problems as the pack in a folder (`--pack DIR`), each problem with
//! its `pack/file.ron:line:col`.

mod common;

use common::TempPack;
use redline_content::{LoadError, Loaded, load_with_chosen_pack, load_with_user_pack};

const MANIFEST: &str = r#"PackManifest(id: "harbour_rats", name: "Harbour Rats", version: 1,
    files: ["faction.ron", "cards/rats.ron"])"#;

const FACTION: &str = r#"[Faction(id: "rats", name: "Harbour Rats", colour: (90, 90, 60))]"#;

const RATS: &str = r#"[
    Character(id: "rat_king", name: "Rat King", faction: "rats", keywords: [Leader],
        cost: 25, tokens: [Green, Yellow], skills: (influence: 2, tech: 1)),
    Gonk(id: "rat_runner", name: "Rat Runner", faction: "rats", cost: 3, colour: Red,
        skills: (reflexes: 1)),
]"#;

/// The rats' pack with `rats` as its cards: from a folder, and from chosen files with bare
/// names as a file picker gives them.
fn both(folder: &str, rats: &str) -> (Result<Loaded, LoadError>, Result<Loaded, LoadError>) {
    let folder = TempPack::new(
        folder,
        &[
            ("pack.ron", MANIFEST),
            ("faction.ron", FACTION),
            ("cards/rats.ron", rats),
        ],
    );
    let chosen = [
        ("faction.ron".to_owned(), FACTION.to_owned()),
        ("pack.ron".to_owned(), MANIFEST.to_owned()),
        ("rats.ron".to_owned(), rats.to_owned()),
    ];
    (
        load_with_user_pack(folder.path()),
        load_with_chosen_pack("harbour_rats", &chosen),
    )
}

fn problems(e: &LoadError) -> Vec<String> {
    e.problems.iter().map(ToString::to_string).collect()
}

#[test]
fn a_pack_from_chosen_files_loads_as_from_its_folder() {
    let (folder, chosen) = both("redline-chosen-ok", RATS);
    let (folder, chosen) = (
        folder.expect("the folder loads"),
        chosen.expect("the files load"),
    );
    let said = |l: &Loaded| {
        l.warnings
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(said(&chosen), said(&folder));
    assert!(chosen.catalog.characters.contains("rat_king"));
    assert!(chosen.catalog.factions.contains("ashfall"));
    assert_eq!(
        format!("{:?}", chosen.catalog),
        format!("{:?}", folder.catalog)
    );
}

#[test]
fn a_broken_pack_from_chosen_files_is_refused_with_the_folder_s_problems() {
    // A missing comma: a syntax error in the second file, found at its line and column.
    let broken = RATS.replace("cost: 3, colour", "cost: 3 colour");
    let (folder, chosen) = both("redline-chosen-broken", &broken);
    let (folder, chosen) = (folder.expect_err("refused"), chosen.expect_err("refused"));
    assert_eq!(problems(&chosen), problems(&folder));
    let first = chosen.errors().next().expect("an error");
    assert_eq!(first.location.file, "cards/rats.ron");
    assert_eq!((first.location.line, first.location.col), (4, 73));
    assert!(
        first
            .to_string()
            .starts_with("harbour_rats/cards/rats.ron:4:73: syntax"),
        "{first}"
    );
}

#[test]
fn chosen_files_missing_doubled_or_without_a_manifest_are_reported() {
    // No manifest: refused before anything is read.
    let e = load_with_chosen_pack("rats", &[("rats.ron".into(), RATS.into())])
        .expect_err("no manifest");
    assert!(problems(&e)[0].contains("pack.ron"), "{:?}", problems(&e));
    // A listed file not chosen, and two chosen files of one listed name.
    let chosen = [
        ("pack.ron".to_owned(), MANIFEST.to_owned()),
        ("a/rats.ron".to_owned(), RATS.to_owned()),
        ("b/rats.ron".to_owned(), RATS.to_owned()),
    ];
    let e = load_with_chosen_pack("rats", &chosen).expect_err("files missing");
    let said = problems(&e).join("\n");
    assert!(
        said.contains("faction.ron") && said.contains("not among the chosen files"),
        "{said}"
    );
    assert!(
        said.contains("2 chosen files are called rats.ron"),
        "{said}"
    );
}
