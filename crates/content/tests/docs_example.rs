//! `docs/content.md`'s worked example is real: its RON blocks are written out as a pack,
//! loaded next to the starter pack with no warnings, and a team of the new faction is built
//! and compiled; the error listing the page shows is what the loader prints. (The page's
//! Rust blocks are doc tests of `redline_content::guide`.)

use redline_content::load_with_user_pack;
use redline_content::team::{MemberSpec, TeamRules, TeamSpec, compile_team};

mod common;

use common::TempPack;

const GUIDE: &str = include_str!("../../../docs/content.md");

/// Fenced blocks of the page: (language, the last `` `name.ron` `` mentioned in prose before
/// the block, body).
fn blocks(page: &str) -> Vec<(String, Option<String>, String)> {
    let mut out = Vec::new();
    let mut named: Option<String> = None;
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        if let Some(lang) = line.strip_prefix("```") {
            let body: Vec<&str> = lines
                .by_ref()
                .take_while(|l| !l.starts_with("```"))
                .collect();
            out.push((lang.to_owned(), named.take(), body.join("\n") + "\n"));
            continue;
        }
        for quoted in line.split('`').skip(1).step_by(2) {
            if quoted.ends_with(".ron") && !quoted.contains(' ') {
                named = Some(quoted.to_owned());
            }
        }
    }
    out
}

/// The worked example's files, by path in the pack.
fn example_files() -> Vec<(String, String)> {
    let files: Vec<(String, String)> = blocks(GUIDE)
        .into_iter()
        .filter(|(lang, _, _)| lang == "ron")
        .map(|(_, name, body)| {
            let path = if body.trim_start().starts_with("PackManifest(") {
                "pack.ron".to_owned()
            } else {
                name.unwrap_or_else(|| panic!("a ron block with no file name:\n{body}"))
            };
            (path, body)
        })
        .collect();
    let paths: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(paths, ["pack.ron", "faction.ron", "cards/rats.ron"]);
    files
}

#[test]
fn the_worked_example_loads_cleanly_and_fields_a_team() {
    let pack = TempPack::in_subfolder("redline-docs-ok", "harbour_rats", &example_files());
    let loaded = load_with_user_pack(pack.path()).unwrap_or_else(|err| panic!("{err}"));
    let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    assert!(warnings.is_empty(), "{warnings:#?}");
    let catalog = &loaded.catalog;
    assert_eq!(catalog.factions.get("rats").unwrap().name, "Harbour Rats");
    assert_eq!(catalog.objective_deck("rats").len(), 4);
    // The Veteran inherits what it leaves out.
    let king_v = catalog.characters.get("rat_king_v").unwrap();
    assert_eq!(
        (king_v.name.as_str(), king_v.printed_gear.len()),
        ("Rat King", 1)
    );

    let spec = TeamSpec::new("rats")
        .with(MemberSpec::new("rat_king").program("prog_snoop"))
        .with(MemberSpec::new("rat_scrounger").gear("rat_shiv"))
        .with(MemberSpec::new("rat_scrounger_v"))
        .with(MemberSpec::new("merc_tonne"))
        .with_gonks("rat_runner", 4);
    let team = compile_team(catalog, &spec, &TeamRules::one_off(100))
        .unwrap_or_else(|errs| panic!("{errs:?}"));
    assert_eq!(team.models.len(), 8);
    assert!(team.summary.cost <= 100);
}

#[test]
fn the_error_listing_on_the_page_is_what_the_loader_reports() {
    let files: Vec<(String, String)> = example_files()
        .into_iter()
        .map(|(path, text)| {
            let text = if path == "cards/rats.ron" {
                text.replace("\"gear_heavy_pistol\"", "\"gear_heavy_pistl\"")
                    .replace("stars: 1, cost: 28", "stars: 1, cost: -28")
                    .replace("keywords: [Silent]", "keywords: [Sneaky]")
            } else {
                text
            };
            (path, text)
        })
        .collect();
    let pack = TempPack::in_subfolder("redline-docs-broken", "harbour_rats", &files);
    let err = load_with_user_pack(pack.path()).unwrap_err();
    let reported: Vec<String> = err.errors().map(|p| p.to_string()).collect();
    let shown: Vec<String> = blocks(GUIDE)
        .into_iter()
        .filter(|(lang, _, body)| lang == "text" && body.contains(": bad value for"))
        .flat_map(|(_, _, body)| body.lines().map(str::to_owned).collect::<Vec<_>>())
        .collect();
    assert_eq!(reported.len(), shown.len(), "{reported:#?}");
    for (got, want) in reported.iter().zip(&shown) {
        // The page cuts the long list of keywords short with "...".
        let want = want.trim_end_matches("...");
        assert!(
            got.starts_with(want),
            "page shows {want:?}, loader says {got:?}\n{reported:#?}"
        );
    }
}

#[test]
fn the_page_names_every_action_keyword() {
    for k in common::ALL_KEYWORDS {
        let written = ron::to_string(&k).unwrap();
        let name = written.split('(').next().unwrap();
        assert!(
            GUIDE.contains(&format!("`{name}")),
            "docs/content.md doesn't name {name}"
        );
    }
}
