//! Saves exported as files and imported again (a download and the file picker in the
//! browser, the data folder's `exports` and a path on the desktop): an exported save
//! imports into another data folder and loads to the same state; a damaged, foreign or
//! newer file is refused with the reason, and nothing is written or replaced.

use std::path::PathBuf;

use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::saves::{self, LoadError, list_saves};
use redline::headless::persist::transfer::{
    TransferIntent, check_import, export_text, import_save,
};
use redline::headless::screen::Screen;
use redline_content::store::{self, StoreError};

use crate::driver::{data_dir, new_app, screen, send};

/// A quick skirmish a few answers in: the exported save's text and the match's hash.
fn exported(name: &str) -> (String, u64) {
    let dir = data_dir(name);
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    for _ in 0..6 {
        let game = app.world().resource::<Match>().game().clone();
        let c = scripted_answer(&game).expect("an answer");
        send(&mut app, BattleIntent::Answer(c));
    }
    let current = app.world().resource::<Match>().clone();
    assert!(current.replay().steps.len() >= 6);
    let text = export_text(&current).expect("the save encodes");
    (text, current.game().state_hash())
}

/// The saves in the data folder but the autosave (a match loaded writes one).
fn saves_in(dir: &DataDir) -> Vec<PathBuf> {
    list_saves(dir)
        .into_iter()
        .filter(|s| s.name != "autosave")
        .map(|s| s.path)
        .collect()
}

#[test]
fn an_exported_save_imports_elsewhere_and_loads_to_the_same_state() {
    let (text, hash) = exported("transfer-out");
    let dir = DataDir(data_dir("transfer-in"));
    let path = import_save(&dir, "street-claim.ron", &text).expect("imported");
    assert_eq!(path, dir.save_named("street-claim"));
    assert_eq!(saves_in(&dir), vec![path.clone()]);
    let loaded = saves::load_match(&path).expect("the imported save loads");
    assert_eq!(loaded.game().state_hash(), hash);
    // A second import of the same name keeps the first and takes a name of its own.
    let again = import_save(&dir, "street-claim.ron", &text).expect("imported");
    assert_eq!(again, dir.save_named("street-claim-2"));
    assert_eq!(store::read_text(&path).unwrap(), text);
}

#[test]
fn a_damaged_foreign_or_newer_save_is_refused_and_nothing_is_written() {
    let (text, _) = exported("transfer-refused");
    let dir = DataDir(data_dir("transfer-refused-in"));
    // A save of that name is already there: a refused import leaves it as it is.
    let kept = import_save(&dir, "mine.ron", &text).expect("imported");
    let before = std::fs::read(&kept).unwrap();

    let damaged = &text[..text.len() / 2];
    let e = import_save(&dir, "mine.ron", damaged).expect_err("a damaged save");
    assert!(
        matches!(e, LoadError::Store(StoreError::Damaged { line, .. }) if line > 1),
        "{e}"
    );
    assert!(e.to_string().contains("mine.ron"), "{e}");

    let roster = text.replace("redline-save", "redline-rosters");
    let e = import_save(&dir, "mine.ron", &roster).expect_err("another kind of file");
    assert!(
        matches!(e, LoadError::Store(StoreError::WrongKind { .. })),
        "{e}"
    );

    let newer = text.replacen("version: 1", "version: 99", 1);
    let e = import_save(&dir, "mine.ron", &newer).expect_err("a newer save");
    assert!(
        matches!(e, LoadError::Store(StoreError::Newer { .. })),
        "{e}"
    );

    // A save whose replay no longer reaches its state (a hash changed) is refused too.
    let hash_line = text
        .lines()
        .find(|l| l.trim_start().starts_with("state_hash:"))
        .expect("the save's hash");
    let tampered = text.replace(hash_line, "    state_hash: 1,");
    let e = check_import("mine.ron", &tampered).expect_err("a save that does not reproduce");
    assert!(matches!(e, LoadError::Hash { .. }), "{e}");

    assert_eq!(saves_in(&dir), vec![kept.clone()]);
    assert_eq!(std::fs::read(&kept).unwrap(), before);
    assert!(!store::exists(&store::previous_path(&kept)));
}

#[test]
fn the_desktop_exports_into_the_data_folder_and_imports_from_a_path() {
    let dir = data_dir("transfer-app");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    send(&mut app, TransferIntent::Export);
    let notice = app.world().resource::<Notice>().clone();
    assert!(
        !notice.error && notice.text.starts_with("Exported to "),
        "{notice:?}"
    );
    let data = app.world().resource::<DataDir>().clone();
    let exported: Vec<_> = store::list(&data.exports());
    assert_eq!(exported.len(), 1, "{exported:?}");
    assert!(exported[0].to_string_lossy().ends_with("-turn-1.ron"));
    let hash = app.world().resource::<Match>().game().state_hash();

    // Another data folder imports it by its path, and loads it from the saves.
    let other = data_dir("transfer-app-in");
    let mut app = new_app(&other);
    send(&mut app, TransferIntent::ImportPath(exported[0].clone()));
    let notice = app.world().resource::<Notice>().clone();
    assert!(
        !notice.error && notice.text.starts_with("Imported "),
        "{notice:?}"
    );
    let data = app.world().resource::<DataDir>().clone();
    let saves = saves_in(&data);
    assert_eq!(saves.len(), 1);
    send(&mut app, MenuIntent::Load(saves[0].clone()));
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    assert_eq!(app.world().resource::<Match>().game().state_hash(), hash);

    // A file that is not a save is refused with the reason; the saves are unchanged.
    let stray = other.join("stray.ron");
    std::fs::write(&stray, "(kind: \"redline-save\", version: 1, data: (").unwrap();
    send(&mut app, TransferIntent::ImportPath(stray.clone()));
    let notice = app.world().resource::<Notice>().clone();
    assert!(notice.error, "{notice:?}");
    assert!(
        notice.text.contains("stray.ron") && notice.text.contains("line"),
        "{notice:?}"
    );
    assert_eq!(saves_in(&data), saves);
    // The picker is the browser's; the desktop says so.
    send(&mut app, TransferIntent::Pick);
    assert!(app.world().resource::<Notice>().error);
}
