//! Team games (2 vs 2) in a four-player campaign (CTRL-20): a pair wins or loses together,
//! both winners get the scenario's rewards and each may promote; the history lists both.
//! And format 1 campaign files, which held one `winner`, still load.

mod common;

use std::fs;

use common::*;
use redline_ai::{Bot, PlayLimits, RandomBot, play_game};
use redline_campaign::{Campaign, NewPlayer, Phase, Step, save};
use redline_content::Catalog;

/// Ana, Bo, Cy and Di: seats 1+3 (Ana, Cy) against 2+4 (Bo, Di) in a team game.
fn four(catalog: &Catalog, seed: u64) -> Campaign {
    let players = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
        NewPlayer::new("Cy", "choir"),
        NewPlayer::new("Di", "glasswork"),
    ];
    Campaign::new(catalog, "pacts", seed, &players, false).unwrap()
}

/// Alliance Night agreed, Objectives kept and every team built from its HQ.
fn alliance_night(catalog: &Catalog, c: &mut Campaign) {
    c.apply(
        catalog,
        Step::ChooseScenario {
            agreed: Some("alliance_night".into()),
        },
    )
    .expect("a team game can be agreed in a four-player campaign (CTRL-20)");
    for team in 0..4 {
        let objective = c.pending.as_ref().unwrap().drawn[team][0].clone();
        c.apply(catalog, Step::DiscardObjective { team, objective })
            .unwrap();
    }
    for team in 0..4 {
        let spec = hq_team(catalog, c, team);
        c.apply(catalog, Step::BuildTeam { team, spec }).unwrap();
    }
    assert_eq!(c.phase, Phase::Play);
}

/// Plays the pending game with four random bots and records it.
fn play_four(catalog: &Catalog, c: &mut Campaign, bot_seed: u64) {
    let setup = c.game_setup(catalog).unwrap();
    let seed = c.pending.as_ref().unwrap().seed;
    let mut bots: Vec<Box<dyn Bot>> = (0..4)
        .map(|i| Box::new(RandomBot::new(bot_seed + i)) as Box<dyn Bot>)
        .collect();
    let commands = play_game(setup, seed, &mut bots, PlayLimits { max_steps: 40_000 })
        .unwrap()
        .commands;
    c.apply(catalog, Step::RecordGame { commands }).unwrap();
}

#[test]
fn ctrl_20_camp_44_camp_21_both_winners_of_a_team_game_get_the_rewards_and_promote() {
    let catalog = catalog();
    let mut found = false;
    for seed in 0..12 {
        let mut c = four(&catalog, seed);
        alliance_night(&catalog, &mut c);
        play_four(&catalog, &mut c, seed * 10);
        let p = c.pending.clone().unwrap();
        if p.winners.is_empty() {
            continue;
        }
        found = true;
        // CTRL-20: the pair wins together — seats 1+3 or 2+4.
        let mut winners = p.winners.clone();
        winners.sort_unstable();
        assert!(winners == [0, 2] || winners == [1, 3], "{winners:?}");
        let losers: Vec<usize> = (0..4).filter(|t| !winners.contains(t)).collect();
        // CAMP-44 with CTRL-20: both winners gain the winner's star, both losers the Luck.
        for &w in &winners {
            assert_eq!(c.teams[w].scenario_stars, 1, "{}", c.teams[w].player);
            assert_eq!(c.teams[w].wins, 1);
        }
        for &l in &losers {
            assert_eq!(c.teams[l].scenario_stars, 0);
            assert_eq!(c.teams[l].next_game.luck, 1);
            assert_eq!(c.teams[l].wins, 0);
        }
        assert!(p.log.iter().any(|l| l.contains("together (CTRL-20)")));

        // CAMP-21: each winner promotes, hires or passes in turn; a loser may not.
        assert_eq!(c.phase, Phase::Promotion);
        let e = refused(&catalog, &mut c, Step::Pass { team: losers[0] });
        assert_eq!(e.rule(), Some("CAMP-21"));
        c.apply(&catalog, Step::Pass { team: winners[1] }).unwrap();
        assert_eq!(c.phase, Phase::Promotion, "the other winner still chooses");
        let e = refused(&catalog, &mut c, Step::Pass { team: winners[1] });
        assert!(e.to_string().contains("already"), "{e}");
        c.apply(&catalog, Step::Pass { team: winners[0] }).unwrap();
        assert_eq!(c.phase, Phase::Recovery);

        finish(&catalog, &mut c);
        let last = c.history.last().unwrap();
        let mut listed = last.winners.clone();
        listed.sort_unstable();
        assert_eq!(listed, winners, "the history holds both winners");
        break;
    }
    assert!(found, "some team game of twelve has winners");
}

#[test]
fn ctrl_20_camp_18_open_10_beginners_luck_in_a_team_game_counts_only_rivals() {
    let catalog = catalog();
    let mut c = four(&catalog, 3);
    // Ana has 5 Street Cred more than anyone; Cy is her teammate (seats 1+3).
    c.teams[0].scenario_stars = 5;
    alliance_night(&catalog, &mut c);
    let luck = c.pending.as_ref().unwrap().luck.clone();
    assert_eq!(luck[0], 0, "the strongest team gets none");
    assert_eq!(luck[2], 0, "a teammate is no rival: Cy gets none");
    assert_eq!(luck[1], 5, "Bo faces Ana");
    assert_eq!(luck[3], 5, "Di faces Ana");
}

#[test]
fn a_format_1_campaign_file_with_one_winner_is_migrated() {
    let catalog = catalog();
    let dir = std::env::temp_dir().join(format!("redline-campaign-v1-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    // A two-player campaign one game in, with the next game waiting for its promotion.
    let mut c = campaign(&catalog, 8);
    to_build(&catalog, &mut c, Some("street_claim"));
    build(&catalog, &mut c);
    play(&catalog, &mut c, 8);
    finish(&catalog, &mut c);
    to_build(&catalog, &mut c, Some("street_claim"));
    build(&catalog, &mut c);
    c.apply(&catalog, Step::RecordGame { commands: vec![] })
        .unwrap();
    c.pending.as_mut().unwrap().winners = vec![1];
    c.phase = Phase::Promotion;
    let path = save::path_in(&dir, &c.name);
    save::save(&path, &c).unwrap();

    // The same campaign as format 1 wrote it: one optional `winner`, no `promoted`.
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("version: 2"));
    let old = as_format_1(&text);
    assert!(
        !old.contains("winners") && !old.contains("promoted"),
        "{old}"
    );
    assert!(old.contains("winner: Some(1)"));
    fs::write(&path, &old).unwrap();

    let migrated = save::load(&path).expect("format 1 loads");
    assert_eq!(migrated, c);
    assert_eq!(save::load_or_previous(&path).unwrap().0, c);
    // Going on from the migrated file: the one winner promotes or passes.
    let mut going = migrated;
    going.apply(&catalog, Step::Pass { team: 1 }).unwrap();
    assert_eq!(going.phase, Phase::Recovery);
    // Written back as format 2.
    save::save(&path, &going).unwrap();
    assert!(fs::read_to_string(&path).unwrap().contains("version: 2"));
}

/// `text` as format 1 wrote it: one optional `winner` for each list of `winners`, no
/// `promoted` list, version 1.
fn as_format_1(text: &str) -> String {
    let mut out = text.replace("version: 2", "version: 1");
    // Each `field: [ ... ],` (no nested lists in these two fields) is cut out; the numbers
    // inside decide what a `winners` list becomes.
    for field in ["winners", "promoted"] {
        while let Some(start) = out.find(&format!("{field}: [")) {
            let close = start + out[start..].find(']').unwrap();
            let inside: Vec<usize> = out[start + field.len() + 3..close]
                .split(',')
                .filter_map(|n| n.trim().parse().ok())
                .collect();
            let end = close + 1 + usize::from(out[close + 1..].starts_with(','));
            let with = match (field, inside.as_slice()) {
                ("promoted", _) => String::new(),
                (_, []) => "winner: None,".to_owned(),
                (_, [one]) => format!("winner: Some({one}),"),
                _ => panic!("format 1 had one winner"),
            };
            out.replace_range(start..end, &with);
        }
    }
    out
}
