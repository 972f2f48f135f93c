//! Co-op campaign arcs (COOP-7..COOP-10): the starter pack's Chrome Run played by bots end
//! to end, each result carried into the next game, the arc's refusals, and a save made
//! mid-arc that plays on to the same end.

mod common;

use std::fs;

use redline_campaign::sim::{self, CampaignScript, ScriptPlayer};
use redline_campaign::{Campaign, NewPlayer, Phase, Step, save};
use redline_content::Catalog;
use redline_rules::{Entry, Seat};

const ARC: &str = "chrome_run";

fn person(name: &str, faction: &str) -> ScriptPlayer {
    ScriptPlayer {
        name: name.to_owned(),
        faction: faction.to_owned(),
        bot: "easy".to_owned(),
        mercs: Vec::new(),
    }
}

fn script(seed: u64) -> CampaignScript {
    CampaignScript::arc(
        "chrome",
        seed,
        ARC,
        vec![person("Ana", "choir"), person("Bo", "lantern")],
        "easy",
    )
}

fn people() -> [NewPlayer; 2] {
    [
        NewPlayer::new("Ana", "choir"),
        NewPlayer::new("Bo", "lantern"),
    ]
}

/// A new arc whose first `results` games went as given (set directly, as a save would hold
/// them), with the next game chosen and both crews built by the bots' rule.
fn at_game(catalog: &Catalog, results: &[bool]) -> Campaign {
    let mut c = Campaign::new_arc(catalog, "arc", 3, ARC, &people(), "easy").unwrap();
    c.arc.as_mut().unwrap().results = results.to_vec();
    c.apply(catalog, Step::ChooseScenario { agreed: None })
        .unwrap();
    for team in 0..2 {
        let spec = sim::bot_team(catalog, &c, team).unwrap();
        c.apply(catalog, Step::BuildTeam { team, spec }).unwrap();
    }
    assert_eq!(c.phase, Phase::Play);
    c
}

/// The computer's models that wait off the table in the pending game (COOP-2).
fn computer_reserves(catalog: &Catalog, c: &Campaign) -> usize {
    let setup = c.game_setup(catalog).unwrap();
    setup
        .models
        .iter()
        .filter(|m| m.owner == Seat(0) && m.entry == Entry::Reserve)
        .count()
}

#[test]
fn coop_7_coop_10_the_chrome_run_plays_three_linked_games_to_an_ending() {
    let catalog = common::catalog();
    let (campaign, outcome) = sim::run(&catalog, &script(11), |_| Ok(())).unwrap();
    assert_eq!(outcome.games, 3, "{outcome:?}");
    let scenarios: Vec<&str> = campaign
        .history
        .iter()
        .map(|g| g.scenario.as_str())
        .collect();
    assert_eq!(
        scenarios,
        ["glass_vault", "witness_run", "pumphouse_holdout"]
    );
    let results = campaign.arc.as_ref().unwrap().results.clone();
    assert_eq!(results.len(), 3);
    let ending = outcome.arc.expect("the arc ended");
    assert_eq!(ending.finished, results[2]);
    assert_eq!(ending.won, results.iter().filter(|&&w| w).count());
    assert!(campaign.is_over(&catalog));
    assert!(campaign.history.iter().all(|g| g.seats == [0, 1]));
    // COOP-7: both crews win or lose every game together.
    for (g, &won) in campaign.history.iter().zip(&results) {
        let expected: Vec<usize> = if won { vec![0, 1] } else { Vec::new() };
        assert_eq!(g.winners, expected, "game {}", g.number);
    }
    // Over: no fourth game.
    let mut more = campaign.clone();
    let refusal = more
        .apply(&catalog, Step::ChooseScenario { agreed: None })
        .unwrap_err();
    assert_eq!(refusal.rule(), Some("COOP-10"));
    // Deterministic by seed.
    let (again, _) = sim::run(&catalog, &script(11), |_| Ok(())).unwrap();
    assert_eq!(again, campaign);
}

#[test]
fn coop_9_a_lost_game_brings_bigger_waves_into_the_next() {
    let catalog = common::catalog();
    // Game 2 (Witness Run): a lost heist puts two more Dockhands in the first wave.
    let won = at_game(&catalog, &[true]);
    let lost = at_game(&catalog, &[false]);
    assert_eq!(won.pending.as_ref().unwrap().scenario, "witness_run");
    assert_eq!(
        computer_reserves(&catalog, &lost),
        computer_reserves(&catalog, &won) + 2
    );
    // Game 3 (Pumphouse Holdout): a lost handover, two more Cinderlings.
    let won = at_game(&catalog, &[true, true]);
    let lost = at_game(&catalog, &[true, false]);
    assert_eq!(
        computer_reserves(&catalog, &lost),
        computer_reserves(&catalog, &won) + 2
    );
}

#[test]
fn coop_9_a_won_game_gives_each_crew_what_the_arc_says() {
    let catalog = common::catalog();
    let mut script = script(11);
    script.max_games = 1;
    let (campaign, _) = sim::run(&catalog, &script, |_| Ok(())).unwrap();
    let won = campaign.arc.as_ref().unwrap().results[0];
    let luck = u8::from(won); // The Lift won: 1 Luck for each crew.
    for team in &campaign.teams {
        assert_eq!(team.next_game.luck, luck, "{}", team.player);
    }
    // The Luck is in the next game's start.
    let mut next = campaign.clone();
    next.apply(&catalog, Step::ChooseScenario { agreed: None })
        .unwrap();
    for team in 0..2 {
        let spec = sim::bot_team(&catalog, &next, team).unwrap();
        next.apply(&catalog, Step::BuildTeam { team, spec })
            .unwrap();
    }
    assert_eq!(next.pending.as_ref().unwrap().luck, vec![luck, luck]);
}

#[test]
fn coop_7_only_the_arcs_next_game_can_be_chosen() {
    let catalog = common::catalog();
    let mut c = Campaign::new_arc(&catalog, "arc", 3, ARC, &people(), "easy").unwrap();
    let refusal = c
        .apply(
            &catalog,
            Step::ChooseScenario {
                agreed: Some("street_claim".into()),
            },
        )
        .unwrap_err();
    assert_eq!(refusal.rule(), Some("COOP-7"));
    c.apply(
        &catalog,
        Step::ChooseScenario {
            agreed: Some("glass_vault".into()),
        },
    )
    .unwrap();
    // COOP-8: no Objectives are drawn: the crews are built at once.
    assert_eq!(c.phase, Phase::BuildTeams);
    assert!(c.pending.as_ref().unwrap().drawn.iter().all(Vec::is_empty));
}

#[test]
fn coop_1_coop_7_an_arc_is_for_two_or_three_people_and_a_known_arc() {
    let catalog = common::catalog();
    let four = [
        NewPlayer::new("A", "choir"),
        NewPlayer::new("B", "lantern"),
        NewPlayer::new("C", "ashfall"),
        NewPlayer::new("D", "tidewater"),
    ];
    let refusal = Campaign::new_arc(&catalog, "arc", 3, ARC, &four, "easy").unwrap_err();
    assert_eq!(refusal.rule(), Some("COOP-1"));
    let refusal = Campaign::new_arc(&catalog, "arc", 3, "nowhere", &people(), "easy").unwrap_err();
    assert_eq!(refusal.rule(), Some("COOP-7"));
    let three = Campaign::new_arc(&catalog, "arc", 3, ARC, &four[..3], "easy").unwrap();
    assert_eq!(three.teams.len(), 3);
}

#[test]
fn coop_8_the_computers_seats_come_first_and_the_crews_keep_their_names() {
    let catalog = common::catalog();
    let c = at_game(&catalog, &[]);
    assert_eq!(c.computer_seats(&catalog), 1);
    let setup = c.game_setup(&catalog).unwrap();
    assert_eq!(setup.players.len(), 3);
    assert_eq!(setup.players[1].name, "Ana");
    assert_eq!(setup.players[2].name, "Bo");
    // Three Luck and what the cards give, no Beginner's Luck (COOP-8).
    assert_eq!(c.pending.as_ref().unwrap().luck, vec![0, 0]);
}

#[test]
fn an_arc_saved_mid_way_plays_on_to_the_same_end() {
    let catalog = common::catalog();
    let dir = std::env::temp_dir().join(format!("redline-coop-arc-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let path = save::path_in(&dir, "chrome");
    let (whole, _) = sim::run(&catalog, &script(11), |_| Ok(())).unwrap();
    // Stop after the first game's clean-up, saving after every step.
    let mut first = script(11);
    first.max_games = 1;
    let (part, _) = sim::run(&catalog, &first, |note| match note {
        sim::SimNote::Step(c, _) => save::save(&path, c).map_err(|e| e.to_string()),
        sim::SimNote::Heading(_) => Ok(()),
    })
    .unwrap();
    let mut loaded = save::load(&path).unwrap();
    assert_eq!(loaded, part);
    assert_eq!(loaded.arc.as_ref().unwrap().results.len(), 1);
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("arc: Some("), "the arc is in the file");
    let outcome = sim::resume(&catalog, &script(11), &mut loaded, |_| Ok(())).unwrap();
    assert_eq!(outcome.games, 2);
    assert_eq!(loaded, whole);
    let _ = fs::remove_dir_all(&dir);
}
