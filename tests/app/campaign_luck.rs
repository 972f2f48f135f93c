//! CAMP-11 on the table: an Objective completed during a campaign's game is revealed in the
//! log at once, and its Luck is gained in the same game, right after the command that
//! completed it; the campaign then records the game with that gain checked.

use bevy::prelude::*;
use redline::headless::campaign::{CampaignIntent, CampaignSession};
use redline::headless::content::Content;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::game::log::BattleLog;
use redline::headless::game::match_state::Match;
use redline_campaign::Phase;
use redline_rules::{Command, Game};

use crate::campaign::campaign_at;
use crate::driver::{
    data_dir, end_deployment, new_app, play_against_the_computer, send_and_settle,
    until_deployment_over,
};

fn gains(current: &Match) -> Vec<(usize, Command)> {
    current
        .replay()
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s.command, Command::GainLuck { .. }))
        .map(|(i, s)| (i, s.command.clone()))
        .collect()
}

#[test]
fn camp_11_an_objective_completed_on_the_table_gives_its_luck_in_the_same_game() {
    let dir = data_dir("campaign-luck");
    let path = campaign_at(&dir, "Luck Test", Phase::Play);
    let mut app = new_app(&dir);
    // A pack whose Objectives are all completed by the first rival taken out, for 1 Luck.
    app.world_mut()
        .insert_resource(Content(crate::edited_starter::luck_catalog()));
    send_and_settle(&mut app, CampaignIntent::Open(path));
    send_and_settle(&mut app, CampaignIntent::PlayGame);
    end_deployment(&mut app);
    until_deployment_over(&mut app);
    play_against_the_computer(&mut app, |m| {
        !gains(m).is_empty() || m.game().outcome().is_some()
    });
    app.update();
    let current = app.world().resource::<Match>().clone();
    let gained = gains(&current);
    assert!(!gained.is_empty(), "nobody was taken out before the end");
    // Each gain raised its player's Luck at once.
    let replay = current.replay();
    let mut game = Game::new(replay.setup.clone(), replay.seed).unwrap();
    for step in &replay.steps {
        let before = game.luck(redline_rules::Seat(0)) + game.luck(redline_rules::Seat(1));
        game.apply(step.command.clone()).unwrap();
        if let Command::GainLuck { luck, .. } = step.command {
            let after = game.luck(redline_rules::Seat(0)) + game.luck(redline_rules::Seat(1));
            assert_eq!(after, before + luck);
        }
    }
    let log = app.world().resource::<BattleLog>().entries().join("\n");
    assert!(log.contains("reveals the Objective"), "{log}");
    assert!(log.contains("Luck at once"), "{log}");

    // Played to the end, the campaign records the game with its gains.
    play_against_the_computer(&mut app, |m| m.game().outcome().is_some());
    send_and_settle(&mut app, BattleIntent::ShowResults);
    let session = app.world().resource::<CampaignSession>().clone();
    let recorded = session.campaign.pending.expect("the game was recorded");
    assert!(
        recorded
            .commands
            .iter()
            .any(|c| matches!(c, Command::GainLuck { .. }))
    );
    assert!(
        session
            .notes
            .iter()
            .any(|n| n.contains("Luck at once (CAMP-11)")),
        "{:?}",
        session.notes
    );
}
