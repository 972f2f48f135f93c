//! Scripted bot campaigns: the five-game script reaches a Prove Your Worth winner, a
//! three-player campaign reaches one too, and Objectives are revealed during play.

mod common;

use redline_campaign::sim::{self, CampaignScript, ScriptPlayer, SimNote};
use redline_campaign::{Campaign, Phase, Step};
use redline_rules::{Event, Game};

const FIVE_GAMES: &str = include_str!("../../../tests/campaign/five_games.ron");

fn five_games() -> CampaignScript {
    CampaignScript::from_ron("five_games.ron", FIVE_GAMES).unwrap()
}

#[test]
fn camp_38_the_five_game_script_ends_with_a_prove_your_worth_winner() {
    let catalog = common::catalog();
    let script = five_games();
    let (campaign, outcome) = sim::run(&catalog, &script, |_| Ok(())).unwrap();
    assert_eq!(outcome.games, 5, "{outcome:?}");
    assert_eq!(outcome.winner, Some(0));
    let last = campaign.history.last().unwrap();
    assert_eq!(
        last.prove_your_worth,
        Some(0),
        "the fifth game is Prove Your Worth"
    );
    assert_eq!(last.winners, vec![0]);
    // CAMP-36: it was played because the team had the Street Cred, not because the script
    // asked for it (the script's list says Take the Head for game five).
    assert_eq!(last.scenario, "pyw_ashfall_last_furnace");
    assert_eq!(campaign.history[0].scenario, "salvage_run");
    assert!(
        campaign.history[1..4]
            .iter()
            .all(|g| g.scenario == "take_the_head")
    );
    // The Street Cred is honest: stars of promoted Veterans, completed Objectives and wins.
    let ana = &campaign.teams[0];
    assert!(ana.street_cred(&catalog) >= 10);
    assert!(!ana.completed.is_empty());
    // Deterministic by seed.
    let (again, _) = sim::run(&catalog, &script, |_| Ok(())).unwrap();
    assert_eq!(again, campaign);
}

#[test]
fn a_script_with_a_broken_line_is_reported_with_its_place() {
    let err = CampaignScript::from_ron("x.ron", "CampaignScript(\n  name: 3,\n)").unwrap_err();
    assert!(err.starts_with("x.ron:2:"), "{err}");
}

#[test]
fn camp_11_objectives_are_revealed_the_moment_they_are_completed() {
    let catalog = common::catalog();
    let mut script = five_games();
    script.max_games = 1;
    let mut at_record = None;
    let (campaign, _) = sim::run(&catalog, &script, |note| {
        if let SimNote::Step(c, _) = note
            && c.phase != Phase::Play
            && at_record.is_none()
            && c.pending.as_ref().is_some_and(|p| !p.commands.is_empty())
        {
            at_record = Some(c.clone());
        }
        Ok(())
    })
    .unwrap();
    let played = &campaign.history[0];
    assert!(!played.revealed.is_empty(), "{:?}", played.log);
    // At least one Objective was revealed mid-game, before the last command.
    assert!(
        played
            .revealed
            .iter()
            .any(|r| r.command + 1 < played.commands.len()),
        "{:?}",
        played.revealed
    );
    // End-of-game goals are revealed with the game's end.
    for r in &played.revealed {
        let goal = catalog.objectives.get(&r.objective).unwrap().goal;
        if matches!(
            goal,
            redline_content::schema::Goal::WinScenario
                | redline_content::schema::Goal::LeaderUnwounded
        ) {
            assert!(matches!(r.event, Event::GameOver { .. }), "{r:?}");
        }
    }
    // The watch the app feeds while playing reveals the same Objectives at the same moments
    // as the campaign's replay of the log.
    let mut before: Campaign = at_record.unwrap();
    before.phase = Phase::Play;
    let p = before.pending.as_mut().unwrap();
    let commands = std::mem::take(&mut p.commands);
    let seed = p.seed;
    // The bots' log begins with the deployment (FIELD-7): it starts from the table to deploy.
    let (setup, _) = before.game_start(&catalog).unwrap();
    let mut game = Game::new(setup, seed).unwrap();
    let mut watch = before.objective_watch(&catalog).unwrap();
    let mut live = Vec::new();
    for c in &commands {
        let events = game.apply(c.clone()).unwrap();
        live.extend(watch.observe(&events, &game));
    }
    assert_eq!(live, played.revealed);
    // Revealed Objectives are no longer hidden; the others still are.
    for (seat, &t) in played.seats.iter().enumerate() {
        for id in watch.hidden(seat) {
            assert!(!played.completed[t].iter().any(|c| c == id));
        }
    }
    assert_eq!(watch.commands(), commands.len());
}

#[test]
fn ctrl_16_a_three_player_bot_campaign_reaches_a_prove_your_worth_winner() {
    let catalog = common::catalog();
    let players = ["ashfall", "tidewater", "choir"]
        .iter()
        .enumerate()
        .map(|(i, f)| ScriptPlayer {
            name: format!("P{}", i + 1),
            faction: (*f).to_owned(),
            bot: "easy".to_owned(),
            mercs: Vec::new(),
        })
        .collect();
    let script = CampaignScript::new("three", 1, players);
    let (campaign, outcome) = sim::run(&catalog, &script, |_| Ok(())).unwrap();
    let winner = outcome.winner.expect("a team proved its worth");
    assert!(outcome.games <= 30);
    // The ordinary games were three-way; the Prove Your Worth games had two seats and the
    // third team sat out.
    for g in &campaign.history {
        if g.prove_your_worth.is_some() {
            assert_eq!(g.seats.len(), 2, "game {}", g.number);
            assert!(g.log.iter().any(|l| l.contains("sits this game out")));
        } else {
            assert_eq!(g.seats.len(), 3, "game {}", g.number);
            assert_eq!(g.scenario, "three_way_scramble");
        }
    }
    let last = campaign.history.last().unwrap();
    assert_eq!(last.prove_your_worth, Some(winner));
    assert_eq!(last.winners, vec![winner]);
}

#[test]
fn ctrl_16_a_team_sitting_out_a_game_can_neither_discard_nor_build() {
    let catalog = common::catalog();
    let players = ["ashfall", "tidewater", "choir"]
        .iter()
        .map(|f| redline_campaign::NewPlayer::new(f, f))
        .collect::<Vec<_>>();
    let mut c = Campaign::new(&catalog, "three", 5, &players, false).unwrap();
    // Team 2 has the Street Cred; team 0 is its strongest rival; team 1 sits out.
    c.teams[2].scenario_stars = 10;
    c.teams[0].scenario_stars = 3;
    c.apply(&catalog, Step::ChooseScenario { agreed: None })
        .unwrap();
    let p = c.pending.as_ref().unwrap();
    assert_eq!(p.seats, vec![2, 0]);
    assert!(p.drawn[1].is_empty());
    let err = c
        .apply(
            &catalog,
            Step::DiscardObjective {
                team: 1,
                objective: "x".into(),
            },
        )
        .unwrap_err();
    assert!(err.to_string().contains("sits this game out"), "{err}");
    let five = vec![players[0].clone(); 5];
    assert!(Campaign::new(&catalog, "five", 5, &five, false).is_err());
}
