//! Deployment in campaign games (FIELD-7), through the engine: a game started from
//! `Campaign::game_start` deploys with the engine's commands and its log holds the
//! placements; a table handed over as `Step::Deploy` is deployed through the engine too, its
//! refusals the engine's, and the game replays from it.

mod common;

use common::*;
use redline_ai::{Bot, PlayLimits, RandomBot, play_game};
use redline_battlespace::{ModelBase, inches_from_mm};
use redline_campaign::{Campaign, Phase, Step};
use redline_content::Catalog;
use redline_rules::scenario::Entry;
use redline_rules::{Command, Game, ModelId, Replay, Setup};

fn at_play(catalog: &Catalog, seed: u64) -> Campaign {
    let mut c = campaign(catalog, seed);
    to_build(catalog, &mut c, Some("street_claim"));
    build(catalog, &mut c);
    c
}

fn positions(setup: &Setup) -> Vec<[f32; 3]> {
    setup.models.iter().map(|m| m.position).collect()
}

fn base(setup: &Setup, i: usize, at: [f32; 3]) -> ModelBase {
    let m = &setup.models[i];
    ModelBase::on_base(i as u32, m.owner.0, at, m.profile.base_mm)
}

/// Seat 0's first model on the table, moved to the legal spot of its zone farthest from
/// where the set-up put it.
fn moved(setup: &Setup) -> (usize, Vec<[f32; 3]>) {
    let i = (0..setup.models.len())
        .find(|&i| setup.models[i].owner.0 == 0 && setup.models[i].entry == Entry::Table)
        .expect("seat 0 has a model on the table");
    let m = &setup.models[i];
    let others: Vec<ModelBase> = (0..setup.models.len())
        .filter(|&j| j != i && setup.models[j].entry == Entry::Table)
        .map(|j| base(setup, j, setup.models[j].position))
        .collect();
    let zone = setup.scenario.zone_of(m.owner).expect("seat 0 has a zone");
    let radius = inches_from_mm(m.profile.base_mm) / 2.0;
    let spots = setup
        .battlespace
        .placements_in_zone(zone, radius, 1.0, &others);
    let spot = *spots.last().expect("the zone has room");
    assert_ne!(spot, m.position);
    let mut all = positions(setup);
    all[i] = spot;
    (i, all)
}

#[test]
fn field_7_campaign_deployment_is_kept_and_the_game_replays_from_it() {
    let catalog = catalog();
    let mut c = at_play(&catalog, 5);
    let before = c.game_setup(&catalog).unwrap();
    let (i, deployed) = moved(&before);
    c.apply(
        &catalog,
        Step::Deploy {
            positions: deployed.clone(),
        },
    )
    .unwrap();
    let after = c.game_setup(&catalog).unwrap();
    assert_eq!(after.models[i].position, deployed[i]);
    assert_eq!(positions(&after), deployed);
    let seed = c.pending.as_ref().unwrap().seed;
    assert_ne!(
        Game::new(after.clone(), seed).unwrap().state_hash(),
        Game::new(before, seed).unwrap().state_hash(),
        "the game starts from the deployed table"
    );
    // Once per game.
    let kept = c.clone();
    let again = c.apply(
        &catalog,
        Step::Deploy {
            positions: deployed.clone(),
        },
    );
    assert_eq!(again.unwrap_err().rule(), Some("FIELD-7"));
    assert_eq!(c, kept);
    // The game played from the deployed table replays in the campaign, and the history
    // keeps the positions with the log.
    play(&catalog, &mut c, 5);
    finish(&catalog, &mut c);
    assert_eq!(c.history[0].deployed, deployed);
}

#[test]
fn field_7_move_4_field_8_an_illegal_deployment_is_refused_and_changes_nothing() {
    let catalog = catalog();
    let mut c = at_play(&catalog, 6);
    let setup = c.game_setup(&catalog).unwrap();
    let kept = c.clone();
    let refused = |c: &mut Campaign, positions: Vec<[f32; 3]>| {
        let why = c.apply(&catalog, Step::Deploy { positions }).unwrap_err();
        (why.rule(), why.to_string())
    };
    // One position short.
    let mut short = positions(&setup);
    short.pop();
    assert_eq!(refused(&mut c, short).0, Some("FIELD-7"));
    // Seat 0's model in seat 1's zone.
    let (i, _) = moved(&setup);
    let j = (0..setup.models.len())
        .find(|&j| setup.models[j].owner.0 == 1 && setup.models[j].entry == Entry::Table)
        .unwrap();
    let mut swapped = positions(&setup);
    swapped.swap(i, j);
    let (rule, why) = refused(&mut c, swapped);
    assert_eq!(rule, Some("FIELD-7"), "{why}");
    assert!(why.contains("deployment zone"), "{why}");
    // Two of seat 0's models on the same spot.
    let k = (i + 1..setup.models.len())
        .find(|&k| setup.models[k].owner.0 == 0 && setup.models[k].entry == Entry::Table)
        .expect("seat 0 has two models");
    let mut stacked = positions(&setup);
    stacked[k] = stacked[i];
    assert_eq!(refused(&mut c, stacked).0, Some("MOVE-4"));
    // Floating above the table.
    let mut floating = positions(&setup);
    floating[i][1] += 2.0;
    assert_eq!(refused(&mut c, floating).0, Some("FIELD-7"));
    // A model waiting off the table can't be put down now.
    if let Some(r) = (0..setup.models.len()).find(|&r| setup.models[r].entry != Entry::Table) {
        let mut early = positions(&setup);
        early[r] = early[i];
        early[r][0] += 0.5;
        assert_eq!(refused(&mut c, early).0, Some("FIELD-8"));
    }
    assert_eq!(c, kept, "nothing changed");
    // The set-up's own positions are a legal deployment.
    c.apply(
        &catalog,
        Step::Deploy {
            positions: positions(&setup),
        },
    )
    .unwrap();
    assert_eq!(c.phase, Phase::Play);
}

#[test]
fn field_7_deploying_is_a_step_of_the_game_only() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 7);
    to_build(&catalog, &mut c, Some("street_claim"));
    let refused = c
        .apply(&catalog, Step::Deploy { positions: vec![] })
        .unwrap_err();
    assert_eq!(refused.rule(), Some("CAMP-1"));
}

#[test]
fn field_7_a_campaign_game_deploys_through_the_engine_and_its_log_holds_the_placements() {
    let catalog = catalog();
    let mut c = at_play(&catalog, 8);
    let (setup, plan) = c.game_start(&catalog).unwrap();
    let placed = c.game_setup(&catalog).unwrap();
    let seed = c.pending.as_ref().unwrap().seed;
    // The plan puts every model where the skirmish set-up places it.
    let mut planned = Game::new(setup.clone(), seed).unwrap();
    planned.deploy_as_planned(&plan).unwrap();
    for (i, m) in placed.models.iter().enumerate() {
        if m.entry == Entry::Table {
            assert_eq!(planned.position(ModelId(i as u16)), m.position);
        }
    }
    // Random bots deploy their own teams (FIELD-7) and play; the log starts with the
    // deployment, and the campaign replays it from the table to deploy.
    let mut bots: Vec<Box<dyn Bot>> =
        vec![Box::new(RandomBot::new(3)), Box::new(RandomBot::new(4))];
    let commands = play_game(
        setup.clone(),
        seed,
        &mut bots,
        PlayLimits { max_steps: 20_000 },
    )
    .unwrap()
    .commands;
    assert!(matches!(commands[0], Command::Deploy { .. }));
    // Kept mid-deployment, the game resumes from its replay.
    let partial = Replay::from_commands(setup, seed, "kept", &commands[..2]).unwrap();
    let resumed = partial.verify().unwrap();
    assert!(resumed.deploying().is_some());
    c.apply(
        &catalog,
        Step::RecordGame {
            commands: commands.clone(),
        },
    )
    .unwrap();
    finish(&catalog, &mut c);
    assert_eq!(c.history[0].commands, commands);
    assert!(c.history[0].deployed.is_empty());
}
