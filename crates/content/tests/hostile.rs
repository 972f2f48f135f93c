//! Hostile packs, team files and saved files: each input a hostile user tried becomes a
//! test here. Packs read only regular files inside their folder, within the limits on input
//! (docs/limits.md); errors never quote a foreign file or a huge token; sums of costs never
//! wrap.

mod common;

use std::path::Path;

use common::TempPack;
use redline_content::limits;
use redline_content::team::{MemberSpec, TeamError, TeamRules, TeamSpec, check_team};
use redline_content::{LoadError, ProblemKind, load_with_user_pack};

const FACTION: &str = r#"[Faction(id: "rats", name: "Harbour Rats", colour: (90, 90, 60))]"#;

fn manifest(files: &[&str]) -> String {
    let list: Vec<String> = files.iter().map(|f| format!("{f:?}")).collect();
    format!(
        "PackManifest(id: \"rats\", name: \"Rats\", version: 1, files: [{}])",
        list.join(", ")
    )
}

fn errors(err: &LoadError) -> Vec<String> {
    err.errors().map(ToString::to_string).collect()
}

#[test]
fn manifest_entries_outside_the_pack_folder_are_refused_unread() {
    let entries = [
        "/etc/passwd",
        "../../../../etc/hostname",
        "/dev/zero",
        "cards/../../outside.ron",
        "./faction.ron",
        "C:\\\\Windows\\\\win.ini",
    ];
    let mut listed = vec!["faction.ron"];
    listed.extend(entries);
    let pack = TempPack::new(
        "redline-hostile-paths",
        &[
            ("pack.ron", manifest(&listed)),
            ("faction.ron", FACTION.into()),
        ],
    );
    let err = load_with_user_pack(pack.path()).unwrap_err();
    let lines = errors(&err);
    assert_eq!(lines.len(), entries.len(), "{lines:#?}");
    for line in &lines {
        assert!(
            line.contains("absolute path") || line.contains("'..' part"),
            "{line}"
        );
    }
    // The foreign files' contents never reach a message.
    for foreign in ["/etc/hostname", "/etc/passwd"] {
        if let Ok(text) = std::fs::read_to_string(foreign) {
            let first = text.lines().next().unwrap_or_default().trim();
            if first.len() > 3 {
                assert!(lines.iter().all(|l| !l.contains(first)), "{lines:#?}");
            }
        }
    }
}

#[cfg(unix)]
#[test]
fn symbolic_links_leaving_the_pack_or_looping_are_refused_and_never_hang() {
    use std::os::unix::fs::symlink;
    let pack = TempPack::new(
        "redline-hostile-links",
        &[
            (
                "pack.ron",
                manifest(&["faction.ron", "zero.ron", "out.ron", "loop_a.ron"]),
            ),
            ("faction.ron", FACTION.into()),
        ],
    );
    let dir = pack.path();
    symlink("/dev/zero", dir.join("zero.ron")).unwrap();
    symlink("/etc/passwd", dir.join("out.ron")).unwrap();
    symlink("loop_b.ron", dir.join("loop_a.ron")).unwrap();
    symlink("loop_a.ron", dir.join("loop_b.ron")).unwrap();
    // Two links to the pack's own folder: the search for unlisted files used to follow
    // them for ever.
    symlink(".", dir.join("again")).unwrap();
    symlink(".", dir.join("and_again")).unwrap();
    let err = load_with_user_pack(dir).unwrap_err();
    let lines = errors(&err);
    assert_eq!(lines.len(), 3, "{lines:#?}");
    assert!(lines[0].contains("zero.ron") && lines[0].contains("outside the pack folder"));
    assert!(lines[1].contains("out.ron") && lines[1].contains("outside the pack folder"));
    assert!(
        lines[2].contains("loop_a.ron") && lines[2].contains("symbolic links"),
        "{lines:#?}"
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_or_folder_listed_in_a_pack_is_refused_without_blocking() {
    let pack = TempPack::new(
        "redline-hostile-fifo",
        &[
            ("pack.ron", manifest(&["faction.ron", "pipe.ron", "sub"])),
            ("faction.ron", FACTION.into()),
            ("sub/x.ron", "[]".into()),
        ],
    );
    let made = std::process::Command::new("mkfifo")
        .arg(pack.path().join("pipe.ron"))
        .status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available; skipped");
        return;
    }
    let err = load_with_user_pack(pack.path()).unwrap_err();
    let lines = errors(&err);
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(
        lines[0].contains("pipe.ron") && lines[0].contains("a FIFO"),
        "{lines:#?}"
    );
    assert!(
        lines[1].contains("sub") && lines[1].contains("a folder"),
        "{lines:#?}"
    );
}

#[test]
fn a_pack_file_over_the_size_limit_is_refused_before_it_is_read() {
    let pack = TempPack::new(
        "redline-hostile-size",
        &[
            ("pack.ron", manifest(&["faction.ron", "huge.ron"])),
            ("faction.ron", FACTION.into()),
        ],
    );
    // 100 MB that take no room: the size alone refuses it.
    std::fs::File::create(pack.path().join("huge.ron"))
        .unwrap()
        .set_len(100_000_000)
        .unwrap();
    let err = load_with_user_pack(pack.path()).unwrap_err();
    let lines = errors(&err);
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(lines[0].contains("100000000 bytes"), "{lines:#?}");
    assert!(lines[0].contains(&limits::PACK_FILE.max_bytes.to_string()));
}

#[test]
fn a_long_string_in_a_pack_is_refused_at_its_line_and_column_and_not_echoed() {
    let long = "x".repeat(limits::MAX_STRING_BYTES + 1);
    let cards = format!("[\n  Faction(id: \"rats\", name: \"{long}\"),\n]");
    let pack = TempPack::new(
        "redline-hostile-string",
        &[
            ("pack.ron", manifest(&["faction.ron"])),
            ("faction.ron", cards),
        ],
    );
    let err = load_with_user_pack(pack.path()).unwrap_err();
    let lines = errors(&err);
    assert_eq!(
        lines,
        vec![
            "rats/faction.ron:2:29: over a limit: a string of 4097 bytes; strings are at most \
             4096 bytes (docs/limits.md)"
        ]
    );
}

#[test]
fn a_huge_unknown_word_is_quoted_as_a_short_excerpt() {
    // Within the word limit a ron error quotes the word: the message keeps an excerpt.
    let word = "K".repeat(limits::MAX_TOKEN_BYTES);
    let cards = format!("[Faction(id: \"rats\", name: \"R\", {word}: 1)]");
    let pack = TempPack::new(
        "redline-hostile-word",
        &[
            ("pack.ron", manifest(&["faction.ron"])),
            ("faction.ron", cards),
        ],
    );
    let err = load_with_user_pack(pack.path()).unwrap_err();
    let lines = errors(&err);
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(lines[0].contains("more characters"), "{lines:#?}");
    assert!(lines[0].len() < 600, "{}", lines[0].len());
    // Past the word limit the text is refused before it is parsed.
    let cards = format!("[Faction(id: \"rats\", name: \"R\", {word}K: 1)]");
    let pack = TempPack::new(
        "redline-hostile-word2",
        &[
            ("pack.ron", manifest(&["faction.ron"])),
            ("faction.ron", cards),
        ],
    );
    let lines = errors(&load_with_user_pack(pack.path()).unwrap_err());
    assert_eq!(
        lines,
        vec![
            "rats/faction.ron:1:33: over a limit: a word of 257 bytes; words and numbers are at \
             most 256 bytes (docs/limits.md)"
        ]
    );
}

#[test]
fn a_manifest_of_a_hundred_thousand_entries_is_refused_by_its_size() {
    let names: Vec<String> = (0..100_000).map(|i| format!("f{i}.ron")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let pack = TempPack::new(
        "redline-hostile-manifest",
        &[("pack.ron", manifest(&refs)), ("f0.ron", FACTION.into())],
    );
    let lines = errors(&load_with_user_pack(pack.path()).unwrap_err());
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(
        lines[0].contains("a pack manifest is read only up to 262144 bytes"),
        "{lines:#?}"
    );
}

#[test]
fn a_manifest_listing_more_files_than_the_limit_reads_only_the_first() {
    let names: Vec<String> = (0..15_000).map(|i| format!("f{i}.ron")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let pack = TempPack::new(
        "redline-hostile-many",
        &[("pack.ron", manifest(&refs)), ("f0.ron", FACTION.into())],
    );
    let err = load_with_user_pack(pack.path()).unwrap_err();
    let limit: Vec<String> = err
        .errors()
        .filter(|p| matches!(p.kind, ProblemKind::Limit { .. }))
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        limit,
        vec![
            "rats/pack.ron:1:52: over a limit: the manifest lists 15000 files; a pack holds at \
             most 1000 (the rest were not read) (docs/limits.md)"
        ]
    );
    // Only the first MAX_PACK_FILES were looked for: every other one is missing, unread.
    let missing = err
        .errors()
        .filter(|p| matches!(p.kind, ProblemKind::UnreadableFile { .. }))
        .count();
    assert_eq!(missing, limits::MAX_PACK_FILES - 1);
}

#[test]
fn two_gear_cards_costing_i32_max_fail_validation() {
    let cards = r#"[
    Gear(id: "gold_a", name: "Gold A", cost: 2147483647, rarity: 1),
    Gear(id: "gold_b", name: "Gold B", cost: 2147483647, rarity: 1),
]"#;
    let pack = TempPack::new(
        "redline-hostile-costs",
        &[
            ("pack.ron", manifest(&["faction.ron", "gear.ron"])),
            ("faction.ron", FACTION.into()),
            ("gear.ron", cards.into()),
        ],
    );
    let lines = errors(&load_with_user_pack(pack.path()).unwrap_err());
    assert_eq!(
        lines,
        vec![
            "rats/gear.ron:2:40: bad value for 'cost': 2147483647 EB; a card costs at most 1000 \
             EB (docs/limits.md)",
            "rats/gear.ron:3:40: bad value for 'cost': 2147483647 EB; a card costs at most 1000 \
             EB (docs/limits.md)",
        ]
    );
}

#[test]
fn team_sizes_and_eb_limits_beyond_the_limits_are_refused_without_wrapping() {
    let catalog = redline_content::starter();
    let crowd = TeamSpec::new("tidewater")
        .with(MemberSpec::new("tide_harbour_queen"))
        .with_gonks("tide_dockhand", 5_000);
    assert_eq!(
        check_team(&catalog, &crowd, &TeamRules::one_off(100)).unwrap_err(),
        vec![TeamError::TooManyModels {
            count: 5_001,
            max: limits::MAX_TEAM_MODELS
        }]
    );
    let mut laden = MemberSpec::new("tide_harbour_queen");
    laden.gear = vec!["tide_boat_hook".to_owned(); 100];
    let laden = TeamSpec::new("tidewater").with(laden);
    let errors = check_team(&catalog, &laden, &TeamRules::one_off(100)).unwrap_err();
    assert_eq!(
        errors,
        vec![TeamError::TooManyCards {
            member: 0,
            count: 100,
            max: limits::MAX_CARDS_PER_MODEL
        }]
    );
    // An EB limit and bonus that would wrap a u32 (CLI `--eb`, a campaign file's bonus).
    let rules = TeamRules {
        bonus_eb: u32::MAX,
        ..TeamRules::one_off(u32::MAX)
    };
    let legal = TeamSpec::new("tidewater").with(MemberSpec::new("tide_harbour_queen"));
    assert_eq!(
        check_team(&catalog, &legal, &rules).unwrap_err(),
        vec![TeamError::LimitTooLarge {
            limit: 2 * u64::from(u32::MAX),
            max: limits::MAX_EB_LIMIT
        }]
    );
}

#[test]
fn a_pack_folder_that_does_not_exist_or_is_a_file_is_one_clear_error() {
    let pack = TempPack::new("redline-hostile-file", &[("pack.ron", "x")]);
    let err = load_with_user_pack(&pack.path().join("pack.ron")).unwrap_err();
    assert_eq!(errors(&err).len(), 1, "{err}");
    let err = load_with_user_pack(Path::new("/no/such/pack")).unwrap_err();
    assert!(errors(&err)[0].contains("does not exist"), "{err}");
}

#[test]
fn a_replay_of_more_commands_than_any_game_is_refused_before_it_is_played() {
    use redline_content::input::{ReplayFileError, replay_from_text};
    use redline_content::skirmish::{quick_team, skirmish};
    use redline_rules::{Game, Replay, ReplayError};

    let catalog = redline_content::starter();
    let rules = TeamRules::one_off(100);
    let teams = [
        quick_team(&catalog, "ashfall", &rules).unwrap(),
        quick_team(&catalog, "tidewater", &rules).unwrap(),
    ];
    let setup = skirmish(&catalog, "street_claim", None, &teams, 1)
        .unwrap()
        .setup;
    let game = Game::new(setup, 7).unwrap();
    let text = Replay::start(&game, "long").to_ron().unwrap();
    let step = "(command: EndActivation, hash: 0),";
    let steps = format!("steps: [{}]", step.repeat(limits::MAX_REPLAY_STEPS + 1));
    let long = text.replace("steps: []", &steps);
    assert_ne!(long, text, "the replay has an empty step list to fill");
    match replay_from_text(&long) {
        Err(ReplayFileError::Replay(ReplayError::TooLong { steps, max })) => {
            assert_eq!((steps, max), (100_001, 100_000));
        }
        other => panic!("expected too many commands, got {other:?}"),
    }
}
