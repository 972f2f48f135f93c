//! Helpers shared by the end-to-end tests: run the real `redline-cli` binary, read its exit
//! code and output, and write throw-away packs and team files under the system temp folder.

// Each test binary uses a different subset of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_redline-cli");

/// Runs `redline-cli` with `args`.
pub fn cli(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("redline-cli runs")
}

/// The exit code; panics if the process was killed by a signal.
pub fn code(output: &Output) -> i32 {
    output.status.code().expect("exited with a code")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 stdout")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 stderr")
}

/// Runs `args`, checks the exit code, and returns standard output.
pub fn run_expecting(expected: i32, args: &[&str]) -> String {
    let output = cli(args);
    assert_eq!(
        code(&output),
        expected,
        "redline-cli {args:?}\nstdout:\n{}\nstderr:\n{}",
        stdout(&output),
        stderr(&output)
    );
    stdout(&output)
}

/// Runs `args` with `--json` added, checks the exit code, and parses the one JSON document.
pub fn json_expecting(expected: i32, args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let text = run_expecting(expected, &args);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not one JSON document ({e}):\n{text}"))
}

/// A fresh folder under the system temp folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A folder named after the test and this process, holding `files` (path, text).
    pub fn new(name: &str, files: &[(&str, &str)]) -> TempDir {
        let dir = std::env::temp_dir().join(format!("redline-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        for (path, text) in files {
            let full = dir.join(path);
            std::fs::create_dir_all(full.parent().expect("parent")).expect("folders");
            std::fs::write(full, text).expect("write");
        }
        TempDir(dir)
    }

    /// A path inside the folder.
    pub fn join(&self, path: &str) -> PathBuf {
        self.0.join(path)
    }

    /// The folder as a command-line argument.
    pub fn arg(&self) -> &str {
        self.0.to_str().expect("UTF-8 temp path")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A path as a command-line argument.
pub fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

pub const RATS_MANIFEST: &str = r#"PackManifest(id: "harbour_rats", name: "Harbour Rats", version: 1,
    files: ["faction.ron", "cards/rats.ron"])"#;

pub const RATS_FACTION: &str =
    r#"[Faction(id: "rats", name: "Harbour Rats", colour: (90, 90, 60))]"#;

/// A new faction: a Leader, a second character, a Gonk and the four Objectives a faction needs.
pub const RATS_CARDS: &str = r#"[
    Character(id: "rat_king", name: "Rat King", faction: "rats", keywords: [Leader],
        cost: 25, tokens: [Green, Yellow], skills: (influence: 2, melee: 1)),
    Character(id: "rat_biter", name: "Biter", faction: "rats", cost: 12, tokens: [Yellow],
        skills: (melee: 2)),
    Gonk(id: "rat_runner", name: "Rat Runner", faction: "rats", cost: 3, colour: Red,
        skills: (reflexes: 1)),
    Objective(id: "rat_obj_1", name: "Gnaw", faction: "rats", goal: LootBodies(1), kind: Recycle),
    Objective(id: "rat_obj_2", name: "Swarm", faction: "rats", goal: TakeOut(count: 2, of: Gonk),
        kind: Ongoing, reward: (stars: 1)),
    Objective(id: "rat_obj_3", name: "Scurry", faction: "rats", goal: InvadeDeployment(1),
        kind: Recycle, reward: (luck: 1)),
    Objective(id: "rat_obj_4", name: "Crown", faction: "rats", goal: WinScenario, kind: Ongoing,
        reward: (stars: 1)),
]"#;

/// The Harbour Rats pack with `cards` as its card file.
pub fn rats_pack(name: &str, cards: &str) -> TempDir {
    TempDir::new(
        name,
        &[
            ("pack.ron", RATS_MANIFEST),
            ("faction.ron", RATS_FACTION),
            ("cards/rats.ron", cards),
        ],
    )
}

/// 1-based line and column of the first occurrence of `needle` in `text`.
pub fn line_col_of(text: &str, needle: &str) -> (u64, u64) {
    let offset = text.find(needle).expect("needle in text");
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before[before.rfind('\n').map_or(0, |i| i + 1)..]
        .chars()
        .count()
        + 1;
    (line as u64, col as u64)
}
