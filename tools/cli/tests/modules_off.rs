//! MOD-2: with every module off the game is the core game. Every replay in `tests/replays/`
//! verifies against the hashes it recorded, also when its setup names an explicit empty
//! module list; every script in `tests/scripts/` ends on the state hash recorded in
//! `tests/modules/script_hashes.txt`, also when it says `modules: []`. (The arena's seed
//! lists are checked by the `core_hashes` unit test of `arena/`.) Rewrite the recorded
//! hashes with `REDLINE_BLESS_HASHES=1` only when a change to the core game (or to the starter
//! pack its games are played with) is intended.

mod common;

use std::path::{Path, PathBuf};

use common::{TempDir, arg, json_expecting};
use redline_rules::Replay;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.ron` files of a folder of the repo, sorted.
fn ron_files(folder: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join(folder))
        .expect("the folder exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

/// Whether the script lists a module to turn on (`modules: [Terr]`); MOD-2 is about the
/// games that turn none on.
fn turns_a_module_on(text: &str) -> bool {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .any(|l| l.contains("modules: [") && !l.contains("modules: []"))
}

/// `text` with `field` written right after the first `marker`.
fn insert_after(text: &str, marker: &str, field: &str) -> String {
    let at = text.find(marker).expect("the marker") + marker.len();
    format!("{}{field}{}", &text[..at], &text[at..])
}

#[test]
fn mod_2_every_replay_verifies_with_and_without_an_empty_module_list() {
    let files = ron_files("tests/replays");
    assert!(!files.is_empty());
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a replay");
        let replay = Replay::from_ron(&text).expect("the replay reads");
        assert!(replay.setup.modules.is_empty(), "{}", file.display());
        replay.verify().expect("the recorded hashes hold"); // MOD-2
        let explicit = insert_after(&text, "setup: (", "modules: [], ");
        let again = Replay::from_ron(&explicit).expect("the replay reads");
        again
            .verify()
            .expect("an explicit empty list hashes the same"); // MOD-2
    }
}

/// The state hash a script ends on, run through the binary.
fn final_hash(file: &Path) -> String {
    let report = json_expecting(0, &["script", arg(file)]);
    report["state"]["hash"]
        .as_str()
        .expect("a hash in the report")
        .to_owned()
}

#[test]
fn mod_2_every_script_ends_on_its_recorded_hash() {
    let dir = TempDir::new("modules_off", &[]);
    let mut found = String::new();
    for file in ron_files("tests/scripts") {
        let name = file
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&file).expect("a script");
        if turns_a_module_on(&text) {
            // Not a core game: a module's worked example, checked by its own script.
            continue;
        }
        let plain = final_hash(&file);
        let copy = dir.join(&name);
        std::fs::write(&copy, insert_after(&text, "Script(", "modules: [], ")).expect("write");
        assert_eq!(final_hash(&copy), plain, "{name}: MOD-2");
        found.push_str(&format!("{name} {plain}\n"));
    }
    let golden = repo().join("tests/modules/script_hashes.txt");
    if std::env::var_os("REDLINE_BLESS_HASHES").is_some() {
        std::fs::write(&golden, &found).expect("write the recorded hashes");
    }
    let recorded = std::fs::read_to_string(&golden).expect("tests/modules/script_hashes.txt");
    assert_eq!(recorded, found, "MOD-2: a core script's hash changed");
}
