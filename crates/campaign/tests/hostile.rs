//! Campaign files edited by hand or damaged in ways the parser can't see: each is refused on
//! loading with a sentence saying what is wrong, never a panic later (`campaign show`
//! indexed its teams with a game's `winner: Some(99)`).

mod common;

use std::fs;
use std::path::PathBuf;

use common::*;
use redline_campaign::{Campaign, save};
use redline_content::limits;
use redline_content::store::StoreError;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("redline-hostile-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// A campaign that has played one game and is preparing the next, saved (in a folder of its
/// own, `name`), as text.
fn played(name: &str) -> (Campaign, String) {
    let catalog = catalog();
    let mut c = campaign(&catalog, 11);
    to_build(&catalog, &mut c, Some("street_claim"));
    build(&catalog, &mut c);
    play(&catalog, &mut c, 3);
    finish(&catalog, &mut c);
    to_build(&catalog, &mut c, Some("street_claim"));
    let d = dir(name);
    let path = d.join("p.campaign.ron");
    save::save(&path, &c).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(save::load(&path).unwrap(), c, "the untouched file loads");
    (c, text)
}

/// Loads `text` as a campaign file and returns the refusal.
fn refusal(name: &str, text: &str) -> String {
    let path = dir(name).join("x.campaign.ron");
    fs::write(&path, text).unwrap();
    match save::load(&path) {
        Err(e @ StoreError::Refused { .. }) => e.to_string(),
        other => panic!("{name}: expected a refusal, got {other:?}"),
    }
}

/// `text` with the first `from` after `after` replaced by `to`.
fn edit(text: &str, after: &str, from: &str, to: &str) -> String {
    let start = text.find(after).unwrap_or_else(|| panic!("no {after:?}"));
    let at = start
        + text[start..]
            .find(from)
            .unwrap_or_else(|| panic!("no {from:?}"));
    format!("{}{to}{}", &text[..at], &text[at + from.len()..])
}

#[test]
fn a_winner_naming_no_team_is_refused_on_loading() {
    let (c, text) = played("played-winner");
    assert_eq!(c.winner, None);
    // The input of the report: a well-formed file whose winner is team 99 of 2.
    let at = text.rfind("winner: None").unwrap();
    let broken = format!("{}winner: Some(99){}", &text[..at], &text[at + 12..]);
    let e = refusal("winner", &broken);
    assert!(
        e.ends_with(
            "the campaign is refused: the winner names team 99; the campaign has teams 0 to 1"
        ),
        "{e}"
    );
}

#[test]
fn team_numbers_and_lists_of_the_wrong_length_in_games_are_refused() {
    let (c, text) = played("played-games");
    assert_eq!(c.history[0].seats, vec![0, 1]);
    let cases = [
        (
            "winners",
            edit(&text, "history:", "winners: [", "winners: [42, "),
            "game 1: a winner names team 42; the campaign has teams 0 to 1",
        ),
        (
            "seats",
            edit(&text, "history:", "seats: [", "seats: [7, "),
            "game 1: a seat names team 7; the campaign has teams 0 to 1",
        ),
        (
            "luck",
            edit(&text, "history:", "luck: [", "luck: [1, "),
            "game 1: luck has 3 entries for 2 seats",
        ),
        (
            "pending seats",
            edit(&text, "pending:", "seats: [", "seats: [5, "),
            "the game in progress: a seat names team 5; the campaign has teams 0 to 1",
        ),
        (
            "drawn",
            edit(&text, "pending:", "drawn: [", "drawn: [[], "),
            "the game in progress: drawn has 3 entries for 2 teams",
        ),
    ];
    for (name, broken, want) in cases {
        let e = refusal(name, &broken);
        assert!(e.ends_with(want), "{name}: {e}");
    }
}

#[test]
fn a_campaign_at_a_step_with_no_game_and_a_huge_bonus_are_refused() {
    let catalog = catalog();
    let c = campaign(&catalog, 12);
    let d = dir("fresh");
    let path = d.join("f.campaign.ron");
    save::save(&path, &c).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    let broken = text.replace("phase: ChooseScenario", "phase: CleanUp");
    let e = refusal("phase", &broken);
    assert!(e.ends_with("it is at CleanUp but holds no game"), "{e}");
    let broken = text.replacen("eb: 0", "eb: 4294967295", 1);
    let e = refusal("bonus", &broken);
    assert!(e.contains("4294967295 bonus EB; at most 100000"), "{e}");
}

#[test]
fn a_fifty_megabyte_campaign_file_is_refused_by_its_size_at_once() {
    let path = dir("big").join("big.campaign.ron");
    fs::File::create(&path)
        .unwrap()
        .set_len(50_000_000)
        .unwrap();
    let e = save::load(&path).unwrap_err();
    assert!(matches!(e, StoreError::Refused { .. }), "{e}");
    assert!(
        e.to_string().contains(&format!(
            "is read only up to {} bytes",
            limits::STORE_FILE.max_bytes
        )),
        "{e}"
    );
}
