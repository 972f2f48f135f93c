//! MOD-2 over the arena's seed lists: a game with every module off is the core game. Every
//! list in `tests/arena/` is set up as the arena sets it up, once with the setup as built
//! and once read back with an explicit empty module list, and both games are played the
//! same way; their state hashes must agree at every step and end on the hashes recorded in
//! `tests/modules/arena_hashes.txt` (rewrite it with `REDLINE_BLESS_HASHES=1` only when a
//! change to the core game is intended).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use redline_rules::{Game, Setup};

use super::seeds;

/// Commands played in each game after the deployment.
const STEPS: usize = 12;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every seed list of the repo, by path relative to `tests/arena/`.
fn lists() -> Vec<(String, String)> {
    let arena = repo().join("tests/arena");
    let mut files = Vec::new();
    for dir in [arena.clone(), arena.join("chunks")] {
        for entry in std::fs::read_dir(&dir).expect("tests/arena is readable") {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|e| e == "ron") {
                let name = path.strip_prefix(&arena).expect("under tests/arena");
                let text = std::fs::read_to_string(&path).expect("a readable list");
                files.push((name.display().to_string(), text));
            }
        }
    }
    files.sort();
    files
}

/// The setup read back from RON with `modules: []` written out.
fn with_explicit_empty_modules(setup: &Setup) -> Setup {
    let text = ron::to_string(setup).expect("a setup serialises");
    assert!(
        !text.contains("modules"),
        "an empty list is left out (MOD-2)"
    );
    let open = text.find('(').expect("a struct");
    let explicit = format!("{}modules:[],{}", &text[..=open], &text[open + 1..]);
    let back: Setup = ron::from_str(&explicit).expect("the setup reads back");
    assert!(back.modules.is_empty());
    back
}

/// Starts the game as the arena does (deployment as planned) and plays the first legal
/// command `STEPS` times, returning the hash after each step.
fn play(setup: Setup, seed: u64) -> Vec<u64> {
    let (setup, plan) = setup.unplaced();
    let mut game = Game::new(setup, seed).expect("the arena's setup starts");
    game.deploy_as_planned(&plan)
        .expect("the planned deployment");
    let mut hashes = vec![game.state_hash()];
    for _ in 0..STEPS {
        let Some(cmd) = game.legal_commands().into_iter().next() else {
            break;
        };
        game.apply(cmd).expect("a legal command applies");
        hashes.push(game.state_hash());
    }
    hashes
}

#[test]
fn mod_2_every_arena_list_plays_and_hashes_as_the_core_game() {
    let catalog = redline_content::starter();
    let mut found = BTreeMap::new();
    for (name, text) in lists() {
        let list = seeds::parse(&name, &text).expect("the list parses");
        let setups = list.setups(&catalog).expect("every table sets up");
        for (i, setup) in setups.iter().enumerate() {
            let seed = list.seed(i);
            let plain = play(setup.clone(), seed);
            let explicit = play(with_explicit_empty_modules(setup), seed);
            assert_eq!(plain, explicit, "{name} game {i}: MOD-2");
            let last = plain.last().copied().unwrap_or_default();
            found.insert(format!("{name} {i}"), format!("{last:016x}"));
        }
    }
    let golden = repo().join("tests/modules/arena_hashes.txt");
    let text: String = found.iter().map(|(k, v)| format!("{k} {v}\n")).collect();
    if std::env::var_os("REDLINE_BLESS_HASHES").is_some() {
        std::fs::write(&golden, &text).expect("write the recorded hashes");
    }
    let recorded = std::fs::read_to_string(&golden).expect("tests/modules/arena_hashes.txt");
    assert_eq!(recorded, text, "MOD-2: a core game's hashes changed");
}
