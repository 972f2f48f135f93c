//! Campaign files: atomic saves with a previous copy, located errors, export and import.

mod common;

use std::fs;
use std::path::PathBuf;

use common::*;
use redline_campaign::save;
use redline_content::store::ReadFrom;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("redline-campaign-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn saved_after_a_step_and_reloaded_equal() {
    let catalog = catalog();
    let d = dir("roundtrip");
    let mut c = campaign(&catalog, 5);
    to_build(&catalog, &mut c, Some("street_claim"));
    let path = save::path_in(&d, &c.name);
    save::save(&path, &c).unwrap();
    assert_eq!(save::load(&path).unwrap(), c);
}

#[test]
fn half_written_save_leaves_the_last_good_one_loadable() {
    let catalog = catalog();
    let d = dir("crash");
    let path = d.join("a.campaign.ron");
    let mut c = campaign(&catalog, 6);
    save::save(&path, &c).unwrap();
    let good = c.clone();
    to_build(&catalog, &mut c, None);
    // The write stops after the temporary file: as if the game was killed mid-save.
    drop(save::stage(&path, &c).unwrap());
    assert_eq!(save::load(&path).unwrap(), good);
    // A torn file in place falls back to the previous copy.
    save::save(&path, &c).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, &text[..text.len() / 2]).unwrap();
    let (back, from) = save::load_or_previous(&path).unwrap();
    assert_eq!(from, ReadFrom::Previous);
    assert_eq!(back, good);
}

#[test]
fn broken_file_reports_file_line_and_column() {
    let d = dir("broken");
    let path = d.join("b.campaign.ron");
    fs::write(
        &path,
        "(kind: \"redline-campaign\", version: 1, data: (name: 3))",
    )
    .unwrap();
    let e = save::load(&path).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}:1:", path.display())), "{e}");
}

#[test]
fn campaigns_side_by_side_export_and_import() {
    let catalog = catalog();
    let d = dir("many");
    let mut a = campaign(&catalog, 1);
    a.name = "Harbour Wars".into();
    let mut b = campaign(&catalog, 2);
    b.name = "Night Shift".into();
    save::save(&save::path_in(&d, &a.name), &a).unwrap();
    save::save(&save::path_in(&d, &b.name), &b).unwrap();
    assert_eq!(save::list(&d).len(), 2);
    let out = dir("export").join("shared.ron");
    save::export(&a, &out).unwrap();
    let other = dir("import");
    let at = save::import(&out, &other).unwrap();
    assert_eq!(save::load(&at).unwrap(), a);
}
