//! Shared test helpers: a two-player campaign and a way to play its pending game with bots.

#![allow(dead_code)]

pub mod edited_starter;

use redline_ai::{Bot, PlayLimits, RandomBot, play_game};
use redline_campaign::{Campaign, CampaignError, NewPlayer, Phase, Step};
use redline_content::Catalog;
use redline_content::skirmish::quick_team;
use redline_content::team::{MemberSpec, TeamSpec, check_team};
use redline_rules::Command;

/// The starter pack's catalog.
pub fn catalog() -> Catalog {
    redline_content::starter()
}

/// A new two-player campaign, Ashfall against Tidewater.
pub fn campaign(catalog: &Catalog, seed: u64) -> Campaign {
    let players = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
    ];
    Campaign::new(catalog, "test", seed, &players, false).unwrap()
}

/// Chooses `scenario` and discards each team's last drawn Objective.
pub fn to_build(catalog: &Catalog, c: &mut Campaign, scenario: Option<&str>) {
    c.apply(
        catalog,
        Step::ChooseScenario {
            agreed: scenario.map(str::to_owned),
        },
    )
    .unwrap();
    for team in 0..2 {
        if c.phase != Phase::Objectives {
            break;
        }
        let p = c.pending.as_ref().unwrap();
        if p.kept[team].is_some() {
            continue;
        }
        let objective = p.drawn[team].last().unwrap().clone();
        c.apply(catalog, Step::DiscardObjective { team, objective })
            .unwrap();
    }
    assert_eq!(c.phase, Phase::BuildTeams);
}

/// A legal team of the HQ's cards: the quick team with HQ versions, shrunk until legal.
pub fn hq_team(catalog: &Catalog, c: &Campaign, team: usize) -> TeamSpec {
    let t = &c.teams[team];
    let rules = c.team_rules(catalog, team, &TeamSpec::new(&t.faction));
    let mut spec = quick_team(catalog, &t.faction, &rules).unwrap();
    c.narrow_to_hq(catalog, team, &mut spec);
    while check_team(catalog, &spec, &c.team_rules(catalog, team, &spec)).is_err() {
        spec.members.pop();
    }
    spec
}

/// A small legal team: the Leader in the HQ and nothing else.
pub fn leader_only(catalog: &Catalog, c: &Campaign, team: usize) -> TeamSpec {
    let t = &c.teams[team];
    let leader =
        t.hq.characters
            .iter()
            .find(|id| {
                catalog
                    .characters
                    .get(id)
                    .is_some_and(|ch| ch.has(redline_content::schema::CardKeyword::Leader))
            })
            .unwrap();
    TeamSpec::new(&t.faction).with(MemberSpec::new(leader))
}

/// The step fielding (a copy of) `spec` as `team`'s team for the pending game.
pub fn build_team(team: usize, spec: &TeamSpec) -> Step {
    Step::BuildTeam {
        team,
        spec: spec.clone(),
    }
}

/// Builds both teams from the HQ.
pub fn build(catalog: &Catalog, c: &mut Campaign) {
    for team in 0..2 {
        let spec = hq_team(catalog, c, team);
        c.apply(catalog, Step::BuildTeam { team, spec }).unwrap();
    }
    assert_eq!(c.phase, Phase::Play);
}

/// Plays the pending game with two random bots (seeds `bot_seed` and `bot_seed + 1`) and
/// returns its command log, without recording it.
pub fn bot_commands(catalog: &Catalog, c: &Campaign, bot_seed: u64) -> Vec<Command> {
    let setup = c.game_setup(catalog).unwrap();
    let seed = c.pending.as_ref().unwrap().seed;
    let mut bots: Vec<Box<dyn Bot>> = vec![
        Box::new(RandomBot::new(bot_seed)),
        Box::new(RandomBot::new(bot_seed + 1)),
    ];
    play_game(setup, seed, &mut bots, PlayLimits { max_steps: 20_000 })
        .unwrap()
        .commands
}

/// Plays the pending game with random bots and records it.
pub fn play(catalog: &Catalog, c: &mut Campaign, bot_seed: u64) -> Vec<String> {
    let commands = bot_commands(catalog, c, bot_seed);
    c.apply(catalog, Step::RecordGame { commands }).unwrap()
}

/// Applies a step that must be refused; checks the refusal left the campaign as it was and
/// returns the error.
#[track_caller]
pub fn refused(catalog: &Catalog, c: &mut Campaign, step: Step) -> CampaignError {
    let before = c.clone();
    let e = c.apply(catalog, step).unwrap_err();
    assert_eq!(*c, before, "a refused step changes nothing");
    e
}

/// Finishes the follow-up: pass promotion, roll recovery, first Market card, clean up.
pub fn finish(catalog: &Catalog, c: &mut Campaign) {
    while c.phase == Phase::Promotion {
        let team = c.pending.as_ref().unwrap().to_promote()[0];
        c.apply(catalog, Step::Pass { team }).unwrap();
    }
    c.apply(catalog, Step::RollRecovery).unwrap();
    while c.phase == Phase::Market {
        let offer = c.pending.as_ref().unwrap().offers[0].clone();
        c.apply(
            catalog,
            Step::MarketPick {
                team: offer.team,
                card: offer.cards[0].clone(),
            },
        )
        .unwrap();
    }
    c.apply(catalog, Step::CleanUp).unwrap();
    assert_eq!(c.phase, Phase::ChooseScenario);
}

/// Plays whole games (campaign seeds from `seed`) until `want` holds after a recorded game;
/// returns the campaign at that point, or panics after `tries`.
pub fn game_where(
    catalog: &Catalog,
    seed: u64,
    scenario: Option<&str>,
    tries: u64,
    want: impl Fn(&Campaign) -> bool,
) -> Campaign {
    for s in seed..seed + tries {
        let mut c = campaign(catalog, s);
        to_build(catalog, &mut c, scenario);
        build(catalog, &mut c);
        play(catalog, &mut c, s);
        if want(&c) {
            return c;
        }
    }
    panic!("no game in {tries} tries gave the wanted result");
}
