//! The inputs a hostile user tried on the built binary, each a test: share codes of absurd
//! tables, overflowing costs, campaign files naming teams that don't exist, devices and FIFOs
//! given as files, huge tokens, and a reader that closes the pipe. None may panic, hang or
//! print more than a short error.

mod common;

use std::io::Write as _;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// The code of an empty table 1e38" a side (see the planner's tests).
const HUGE_TABLE: &str = "AmNMYnRimFk2rQ6EGRgAY1XF2w";

fn assert_refused_without_panic(output: &std::process::Output, needle: &str) {
    let err = stderr(output);
    assert_eq!(code(output), 2, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains(needle), "{err}");
}

#[test]
fn a_share_code_of_a_huge_table_is_refused_by_check_and_export() {
    let out = cli(&["layout", "check", HUGE_TABLE]);
    assert_refused_without_panic(&out, "sides are at most 96");
    let dir = TempDir::new("hostile-export", &[]);
    let pdf = dir.join("t.pdf");
    let svg = dir.join("t.svg");
    let out = cli(&[
        "layout",
        "export",
        HUGE_TABLE,
        "--pdf",
        arg(&pdf),
        "--svg",
        arg(&svg),
    ]);
    assert_refused_without_panic(&out, "sides are at most 96");
    assert!(!pdf.exists() && !svg.exists(), "nothing is written");
    let out = cli(&["layout", "generate", "--table", "100000x100000"]);
    assert_refused_without_panic(&out, "the table is refused");
    for spot in ["1e38,5", "NaN,5", "5,5,1e38"] {
        let out = cli(&[
            "layout",
            "check",
            "pier_nine",
            "--from",
            spot,
            "--to",
            "3,3",
        ]);
        assert_refused_without_panic(&out, "is off the 30\" x 22\" table");
    }
}

#[test]
fn a_pack_of_two_gear_cards_costing_i32_max_is_refused_by_validate_and_sim() {
    let cards = RATS_CARDS.replace(
        "    Objective(id: \"rat_obj_1\"",
        "    Gear(id: \"gold_a\", name: \"Gold A\", cost: 2147483647, rarity: 1),\n    \
         Gear(id: \"gold_b\", name: \"Gold B\", cost: 2147483647, rarity: 1),\n    \
         Objective(id: \"rat_obj_1\"",
    );
    let pack = rats_pack("hostile-costs", &cards);
    let out = cli(&["validate", pack.arg()]);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    let text = stdout(&out);
    assert_eq!(
        text.matches("a card costs at most 1000 EB").count(),
        2,
        "{text}"
    );
    let out = cli(&[
        "--pack",
        pack.arg(),
        "sim",
        "--scenario",
        "street_claim",
        "--teams",
        "rats,tidewater",
        "--games",
        "1",
    ]);
    assert_refused_without_panic(&out, "a card costs at most 1000 EB");
}

#[test]
fn campaign_show_refuses_a_winner_naming_no_team() {
    let dir = TempDir::new("hostile-campaign", &[]);
    let file = dir.join("c.campaign.ron");
    run_expecting(
        0,
        &[
            "campaign",
            "sim",
            "--seed",
            "3",
            "--max-games",
            "1",
            "--save",
            arg(&file),
        ],
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let at = text.rfind("winner: ").unwrap();
    let end = at + text[at..].find(',').unwrap();
    std::fs::write(
        &file,
        format!("{}winner: Some(99){}", &text[..at], &text[end..]),
    )
    .unwrap();
    let out = cli(&["campaign", "show", arg(&file)]);
    assert_refused_without_panic(&out, "the winner names team 99");
}

/// Runs the binary, killing it if it takes more than `limit`; returns its output.
fn bounded(args: &[&str], limit: Duration) -> std::process::Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("redline-cli {args:?} still runs after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

#[cfg(unix)]
#[test]
fn replay_refuses_a_device_and_a_fifo_without_reading_them() {
    let out = bounded(&["replay", "/dev/zero"], Duration::from_secs(60));
    assert_refused_without_panic(&out, "is a device, not a regular file");
    let dir = TempDir::new("hostile-fifo", &[]);
    let fifo = dir.join("pipe.ron");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available; skipped");
        return;
    }
    let out = bounded(&["replay", arg(&fifo)], Duration::from_secs(60));
    assert_refused_without_panic(&out, "is a FIFO, not a regular file");
    let out = bounded(&["teams", "check", arg(&fifo)], Duration::from_secs(60));
    assert_refused_without_panic(&out, "is a FIFO, not a regular file");
}

#[test]
fn a_replay_of_one_huge_token_is_refused_with_a_short_message() {
    let dir = TempDir::new("hostile-token", &[]);
    let file = dir.join("token.ron");
    let mut f = std::fs::File::create(&file).unwrap();
    f.write_all(b"(version: 2, label: ").unwrap();
    f.write_all(&vec![b'x'; 10 * 1024 * 1024]).unwrap();
    drop(f);
    let out = cli(&["replay", arg(&file)]);
    assert_refused_without_panic(&out, "a word of 10485760 bytes");
    assert!(stderr(&out).len() < 1_000, "{}", stderr(&out).len());
    // Larger than any replay: refused by its size before a byte is read.
    let big = dir.join("big.ron");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(50_000_000)
        .unwrap();
    let out = cli(&["replay", arg(&big)]);
    assert_refused_without_panic(&out, "a replay file is read only up to");
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    for args in [
        &["odds", "--table", "--json"][..],
        &["odds", "--table"],
        &["teams", "list"],
        &["layout", "check", "pier_nine", "--json"],
        &["no-such-command", "--json"],
    ] {
        // A pipe whose reading end is closed before the binary writes a byte: every write
        // fails with EPIPE, as when `| head` has read enough.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = Command::new(BIN)
            .args(args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = stderr(&out);
        assert!(
            !err.contains("panicked") && !err.contains("Broken pipe"),
            "{args:?}: {err}"
        );
        if args[0] != "no-such-command" {
            assert_eq!(code(&out), 0, "{args:?}: {err}");
        }
    }
}
