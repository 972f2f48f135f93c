//! A content pack added from chosen files (the browser's file picker): loaded with the
//! starter pack and put in play, or refused with every problem at its
//! `pack/file.ron:line:col` and the content in play left as it was.

use redline::headless::content::{Content, PackIntent, PackReport};
use redline::headless::notice::Notice;

use crate::driver::{data_dir, new_app, send};

const MANIFEST: &str = r#"PackManifest(id: "harbour_rats", name: "Harbour Rats", version: 1,
    files: ["faction.ron", "cards/rats.ron"])"#;

const FACTION: &str = r#"[Faction(id: "rats", name: "Harbour Rats", colour: (90, 90, 60))]"#;

const RATS: &str = r#"[
    Character(id: "rat_king", name: "Rat King", faction: "rats", keywords: [Leader],
        cost: 25, tokens: [Green, Yellow], skills: (influence: 2, tech: 1)),
]"#;

fn chosen(rats: &str) -> PackIntent {
    PackIntent::Chosen {
        name: "chosen pack".into(),
        files: vec![
            ("pack.ron".into(), MANIFEST.into()),
            ("faction.ron".into(), FACTION.into()),
            ("rats.ron".into(), rats.into()),
        ],
    }
}

#[test]
fn a_pack_from_chosen_files_is_played_with_and_a_broken_one_is_refused_with_its_places() {
    let dir = data_dir("chosen-pack");
    let mut app = new_app(&dir);
    let factions = |app: &bevy::prelude::App| app.world().resource::<Content>().0.factions.len();
    let starter = factions(&app);

    send(&mut app, chosen(&RATS.replace("cost: 25,", "cost: 25")));
    let report = app.world().resource::<PackReport>().clone();
    assert!(report.refused);
    // The missing comma, at its file, line and column.
    let place = "harbour_rats/cards/rats.ron:3:18: syntax";
    assert!(
        report.lines.iter().any(|l| l.starts_with(place)),
        "{:?}",
        report.lines
    );
    let notice = app.world().resource::<Notice>().clone();
    assert!(notice.error && notice.text.contains(place), "{notice:?}");
    assert_eq!(factions(&app), starter, "the content in play is unchanged");

    send(&mut app, chosen(RATS));
    let report = app.world().resource::<PackReport>().clone();
    assert!(!report.refused, "{:?}", report.lines);
    let content = &app.world().resource::<Content>().0;
    assert!(content.factions.contains("rats") && content.characters.contains("rat_king"));
    assert_eq!(factions(&app), starter + 1);
    let notice = app.world().resource::<Notice>().clone();
    assert!(
        !notice.error && notice.text.contains("Harbour Rats"),
        "{notice:?}"
    );
}
