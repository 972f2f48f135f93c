//! CAMP-11: a completed Objective's Luck is gained at once, in the game still being played;
//! the campaign's record of the game checks every such gain in the log, and a reward nobody
//! claimed in time is kept for the next game rather than lost.

mod common;

use common::edited_starter::luck_catalog;

use redline_ai::{Bot, Level, PlannedDeployment, PlayLimits, play_game, play_game_refereed};
use redline_campaign::Step;
use redline_campaign::sim::{self, CampaignScript, ScriptPlayer};
use redline_rules::{Command, Event, Game, Outcome, Seat};

/// Records the pending game's log, which the campaign must accept.
fn record_game(
    catalog: &redline_content::Catalog,
    c: &mut redline_campaign::Campaign,
    commands: Vec<Command>,
) -> Vec<String> {
    c.apply(catalog, Step::RecordGame { commands }).unwrap()
}

fn script(seed: u64) -> CampaignScript {
    let players = [("Ana", "ashfall"), ("Bo", "tidewater")]
        .iter()
        .map(|(name, faction)| ScriptPlayer {
            name: (*name).to_owned(),
            faction: (*faction).to_owned(),
            bot: "easy".to_owned(),
            mercs: Vec::new(),
        })
        .collect();
    let mut script = CampaignScript::new("luck now", seed, players);
    script.max_games = 1;
    script
}

#[test]
fn camp_11_luck_1_an_objectives_luck_is_gained_at_once_and_counted_once() {
    let catalog = luck_catalog();
    let (campaign, _) = sim::run(&catalog, &script(2), |_| Ok(())).unwrap();
    let played = &campaign.history[0];
    let gains: Vec<(usize, Seat, u8)> = played
        .commands
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match c {
            Command::GainLuck { seat, luck } => Some((i, *seat, *luck)),
            _ => None,
        })
        .collect();
    // The first rival taken out completes all three kept Objectives of one team at once,
    // mid-game: three gains of 1 Luck follow the command that did it.
    assert!(gains.len() >= 3, "{:?}", played.revealed);
    for &(i, seat, luck) in &gains {
        let completed_by = (0..i)
            .rev()
            .find(|&k| !matches!(played.commands[k], Command::GainLuck { .. }))
            .unwrap();
        assert!(
            played
                .revealed
                .iter()
                .any(|r| r.command == completed_by && r.seat == seat.0),
            "gain at {i} without a reveal at {completed_by}"
        );
        assert_eq!(luck, 1);
    }
    // Counted once: a recycled card whose Luck was gained at once gives no Luck next game.
    for (seat, &team) in played.seats.iter().enumerate() {
        let gained = gains.iter().filter(|g| usize::from(g.1.0) == seat).count() as u8;
        let revealed = played
            .revealed
            .iter()
            .filter(|r| usize::from(r.seat) == seat)
            .count() as u8;
        assert_eq!(campaign.teams[team].next_game.luck, revealed - gained);
    }
    assert!(
        played
            .log
            .iter()
            .any(|l| l.contains("Luck at once (CAMP-11)"))
    );
}

#[test]
fn camp_11_a_driver_that_watches_the_objectives_gives_the_luck_in_the_game() {
    let catalog = luck_catalog();
    let mut c = common::campaign(&catalog, 5);
    common::to_build(&catalog, &mut c, None);
    common::build(&catalog, &mut c);
    let (setup, plan) = c.game_start(&catalog).unwrap();
    let seed = c.pending.as_ref().unwrap().seed;
    let mut bots: Vec<Box<dyn Bot>> = (0..2)
        .map(|s| {
            let bot: Box<dyn Bot> = Level::Easy.bot(40 + s);
            Box::new(PlannedDeployment::new(plan.clone(), bot)) as Box<dyn Bot>
        })
        .collect();
    let mut watch = c.objective_watch(&catalog).unwrap();
    let limits = PlayLimits { max_steps: 20_000 };
    let record = play_game_refereed(setup.clone(), seed, &mut bots, limits, |events, game| {
        let reveals = watch.observe(events, game);
        reveals
            .iter()
            .filter_map(|r| r.luck_now(&catalog, game))
            .collect()
    })
    .unwrap();
    // Replayed: each gain raises its player's Luck at once and leaves the decision waiting.
    let mut game = Game::new(setup, seed).unwrap();
    let mut gains = 0;
    for command in &record.commands {
        let waiting = game.decision().cloned();
        if let Command::GainLuck { seat, luck } = command {
            let before = game.luck(*seat);
            let events = game.apply(command.clone()).unwrap();
            assert_eq!(game.luck(*seat), before + luck);
            assert!(matches!(events[..], [Event::LuckGained { .. }]));
            assert_eq!(game.decision().cloned(), waiting);
            gains += 1;
        } else {
            game.apply(command.clone()).unwrap();
        }
    }
    assert!(gains > 0, "no Objective was completed mid-game");
    assert_eq!(game.state_hash(), record.final_hash);
    // The campaign accepts the log and counts each claimed Luck once.
    let notes = record_game(&catalog, &mut c, record.commands);
    let claimed = notes
        .iter()
        .filter(|n| n.contains("Luck at once (CAMP-11)"))
        .count();
    assert_eq!(claimed, gains, "{notes:?}");
}

#[test]
fn camp_11_a_luck_gain_no_objective_gave_is_refused() {
    let catalog = common::catalog();
    let mut c = common::campaign(&catalog, 1);
    common::to_build(&catalog, &mut c, None);
    common::build(&catalog, &mut c);
    let mut commands = common::bot_commands(&catalog, &c, 7);
    commands.insert(
        1,
        Command::GainLuck {
            seat: Seat(0),
            luck: 2,
        },
    );
    let e = common::refused(&catalog, &mut c, Step::RecordGame { commands });
    assert_eq!(e.rule(), Some("CAMP-11"), "{e}");
    assert!(e.to_string().contains("step 1"), "{e}");
}

#[test]
fn camp_11_camp_15_luck_not_claimed_during_the_game_counts_next_game() {
    let catalog = luck_catalog();
    let mut c = common::campaign(&catalog, 4);
    common::to_build(&catalog, &mut c, None);
    common::build(&catalog, &mut c);
    // Played without anyone watching the Objectives: no gain in the log.
    let setup = c.game_setup(&catalog).unwrap();
    let seed = c.pending.as_ref().unwrap().seed;
    let mut bots: Vec<Box<dyn Bot>> = vec![Level::Easy.bot(3), Level::Easy.bot(4)];
    let record = play_game(setup, seed, &mut bots, PlayLimits { max_steps: 20_000 }).unwrap();
    assert!(matches!(
        record.outcome,
        Some(Outcome::Win { .. } | Outcome::Draw { .. })
    ));
    let notes = record_game(&catalog, &mut c, record.commands);
    let played = c.history.last().cloned();
    let revealed = c.pending.as_ref().map_or_else(
        || played.map_or(0, |p| p.revealed.len()),
        |p| p.revealed.len(),
    );
    assert!(revealed > 0, "{notes:?}");
    let next: u32 = c.teams.iter().map(|t| u32::from(t.next_game.luck)).sum();
    assert_eq!(next as usize, revealed, "{notes:?}");
    assert!(
        notes
            .iter()
            .any(|n| n.contains("counts next game (CAMP-11)")),
        "{notes:?}"
    );
}
