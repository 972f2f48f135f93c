//! A campaign through the app's own systems, headless: the Campaigns screen → a new
//! campaign (a person against the Easy computer) → the hub's pre-game steps (scenario,
//! Objectives, the team from the HQ) → the game on the table through the match flow →
//! Results → the guided post-game sequence, the campaign file rewritten after every step;
//! and a crash in the middle of the post-game sequence, after which the campaign reopens at
//! the last completed step.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use redline::headless::campaign::battle::battle_path;
use redline::headless::campaign::{
    CampaignIntent, CampaignSeats, CampaignSession, DraftChange, NewCampaign, NewSeat,
    list_campaigns, write_seats,
};
use redline::headless::content::Content;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::ai_level::AiLevel;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::CampaignGame;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::saves::{self, SaveIntent};
use redline::headless::screen::Screen;
use redline_campaign::{Campaign, NewPlayer, Phase, Step, save};
use redline_content::Catalog;
use redline_content::schema::CardKeyword;
use redline_content::team::check_team;
use redline_rules::{Command, Game, ModelId, Seat};

use crate::driver::{
    data_dir, deploying, end_deployment, new_app, play_against_the_computer, screen,
    send_and_settle, until_deployment_over,
};

fn session(app: &App) -> CampaignSession {
    app.world().resource::<CampaignSession>().clone()
}

fn phase(app: &App) -> Phase {
    session(app).campaign.phase
}

/// The campaign as its file says, which must be what the hub shows: saved after every step.
fn on_disk(app: &App) -> Campaign {
    save::load(&session(app).path).expect("the campaign file reads back")
}

fn notice(app: &App) -> Notice {
    app.world().resource::<Notice>().clone()
}

#[test]
fn a_campaign_game_from_the_menu_through_the_post_game_sequence() {
    let dir = data_dir("campaign");
    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::ToList);
    assert_eq!(screen(&app), Screen::Campaigns);
    let catalog = app.world().resource::<Content>().0.clone();
    let new = NewCampaign {
        name: "Harbour Wars".into(),
        seed: 7,
        players: vec![
            NewSeat {
                name: "Ana".into(),
                faction: "ashfall".into(),
                computer: None,
            },
            NewSeat {
                name: "Bo".into(),
                faction: "tidewater".into(),
                computer: Some(AiLevel::Easy),
            },
        ],
        shared_market: false,
        modules: Default::default(),
        arc: None,
    };
    send_and_settle(&mut app, CampaignIntent::Create(new.clone()));
    assert_eq!(screen(&app), Screen::CampaignHub);
    assert_eq!(phase(&app), Phase::ChooseScenario);
    // A second campaign of the same name is refused; the list shows the first.
    send_and_settle(&mut app, CampaignIntent::Create(new));
    assert!(notice(&app).text.contains("already a campaign"));
    let dir_res = app.world().resource::<DataDir>().clone();
    let listed = list_campaigns(&dir_res);
    assert_eq!(listed.len(), 1);
    assert!(
        listed[0]
            .summary
            .starts_with("Harbour Wars — Ana vs Bo — 0 game(s)")
    );

    // Before the game: the scenario, agreed.
    send_and_settle(
        &mut app,
        CampaignIntent::Step(Step::ChooseScenario {
            agreed: Some("street_claim".into()),
        }),
    );
    // The computer discards its Objective by itself; the person's step for it is refused.
    assert_eq!(phase(&app), Phase::Objectives);
    let pending = session(&app).campaign.pending.clone().unwrap();
    assert!(pending.kept[1].is_some(), "the computer kept three");
    assert!(pending.kept[0].is_none());
    assert_eq!(pending.drawn[0].len(), 4, "CAMP-10: four drawn");
    send_and_settle(
        &mut app,
        CampaignIntent::Step(Step::DiscardObjective {
            team: 0,
            objective: pending.drawn[0][0].clone(),
        }),
    );
    assert_eq!(
        on_disk(&app).pending.unwrap().kept[0]
            .as_ref()
            .unwrap()
            .len(),
        3
    );

    // The team from the HQ only: a Veteran still in the Supply is refused (CAMP-9).
    assert_eq!(phase(&app), Phase::BuildTeams);
    let s = session(&app);
    let draft = s.drafts[0]
        .clone()
        .expect("the person's draft starts from the quick team");
    assert!(s.campaign.check_from_hq(&catalog, 0, &draft).is_ok());
    let veteran = s.campaign.teams[0]
        .supply
        .characters
        .iter()
        .find(|id| catalog.characters.get(id).is_some_and(|c| c.stars > 0))
        .cloned()
        .expect("a Veteran waits in the Supply");
    send_and_settle(
        &mut app,
        CampaignIntent::Draft {
            team: 0,
            change: DraftChange::Add(veteran),
        },
    );
    send_and_settle(&mut app, CampaignIntent::Ready { team: 0 });
    let refused = notice(&app);
    assert!(
        refused.error && refused.text.contains("CAMP-9"),
        "{refused:?}"
    );
    assert_eq!(phase(&app), Phase::BuildTeams, "nothing changed");
    send_and_settle(
        &mut app,
        CampaignIntent::Draft {
            team: 0,
            change: DraftChange::Reset,
        },
    );
    send_and_settle(&mut app, CampaignIntent::Ready { team: 0 });
    assert_eq!(phase(&app), Phase::Play, "{:?}", notice(&app));
    assert_eq!(on_disk(&app).phase, Phase::Play);

    // The game, on the table: the person answers with the scripted player, the computer
    // by itself.
    // Deployment first, the engine's (FIELD-7): the person ends it with the models where
    // they were offered, the computer deploys by itself.
    send_and_settle(&mut app, CampaignIntent::PlayGame);
    assert_eq!(screen(&app), Screen::Battle);
    assert_eq!(deploying(&app), Some(Seat(0)));
    end_deployment(&mut app);
    until_deployment_over(&mut app);
    let started = app.world().resource::<Match>().clone();
    let (expected, _) = session(&app).campaign.game_start(&catalog).unwrap();
    assert_eq!(
        started.replay().start_hash,
        Game::new(expected, started.game().seed())
            .unwrap()
            .state_hash(),
        "the match starts from the campaign's own set-up"
    );
    assert!(
        matches!(commands_of(&started).first(), Some(Command::Deploy { .. })),
        "the game's log opens with the placements"
    );
    assert_eq!(started.meta.seat_name(Seat(0)), "Ana");
    assert!(started.meta.is_computer(Seat(1)));
    play_against_the_computer(&mut app, |_| false);
    let played = app.world().resource::<Match>().clone();
    assert!(played.game().outcome().is_some(), "the game ends");
    send_and_settle(&mut app, BattleIntent::ShowResults);
    assert_eq!(screen(&app), Screen::Results);

    // On the Results screen the game is already in the campaign, and on disk.
    let after = session(&app).campaign;
    assert!(matches!(after.phase, Phase::Promotion | Phase::Recovery));
    let commands: Vec<_> = played
        .replay()
        .steps
        .iter()
        .map(|s| s.command.clone())
        .collect();
    assert_eq!(after.pending.as_ref().unwrap().commands, commands);
    assert_eq!(on_disk(&app).phase, after.phase);

    // The post-game sequence, one step at a time, saved after each.
    send_and_settle(&mut app, CampaignIntent::ToHub);
    assert_eq!(screen(&app), Screen::CampaignHub);
    let winners = after.pending.as_ref().unwrap().winners.clone();
    if phase(&app) == Phase::Promotion {
        assert_eq!(winners, vec![0], "the computer promotes by itself");
        send_and_settle(&mut app, CampaignIntent::Step(Step::Pass { team: 0 }));
    }
    assert_eq!(phase(&app), Phase::Recovery);
    assert_eq!(on_disk(&app).phase, Phase::Recovery);
    // Clean-up before the recovery rolls is refused with the rule.
    send_and_settle(&mut app, CampaignIntent::Step(Step::CleanUp));
    assert!(notice(&app).error && notice(&app).text.contains("CAMP-1"));
    send_and_settle(&mut app, CampaignIntent::Step(Step::RollRecovery));
    assert_eq!(phase(&app), Phase::CleanUp);
    assert_eq!(on_disk(&app).phase, Phase::CleanUp);
    send_and_settle(&mut app, CampaignIntent::Step(Step::CleanUp));
    let done = on_disk(&app);
    assert_eq!(done.phase, Phase::ChooseScenario);
    assert_eq!(done.history.len(), 1);
    assert_eq!(done.history[0].commands, commands, "the replay is kept");
    assert_eq!(done.history[0].winners, winners);

    // Export, then import under the campaigns folder (the same campaign comes back).
    send_and_settle(&mut app, CampaignIntent::Export);
    let exported = save::path_in(&dir.join("exports"), "Harbour Wars");
    assert!(exported.exists(), "{:?}", notice(&app));
    std::fs::remove_file(save::path_in(&dir_res.campaigns(), "Harbour Wars")).unwrap();
    send_and_settle(&mut app, CampaignIntent::Import(exported));
    assert_eq!(session(&app).campaign, done);
}

/// A new campaign of Ana (Ashfall) against Bo (Tidewater), seed 3, with Street Claim agreed
/// for its first game and each team's first drawn Objective discarded.
fn street_claim_agreed(name: &str, shared_market: bool) -> (Catalog, Campaign) {
    let catalog = redline_content::starter();
    let players = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
    ];
    let mut c = Campaign::new(&catalog, name, 3, &players, shared_market).unwrap();
    c.apply(
        &catalog,
        Step::ChooseScenario {
            agreed: Some("street_claim".into()),
        },
    )
    .unwrap();
    for team in 0..2 {
        let objective = c.pending.as_ref().unwrap().drawn[team][0].clone();
        c.apply(&catalog, Step::DiscardObjective { team, objective })
            .unwrap();
    }
    (catalog, c)
}

/// A campaign that has just recorded its first game (played by the scripted player on
/// both sides), saved in the app's campaigns folder with both teams played by people.
fn campaign_after_a_game(dir: &Path, name: &str, shared_market: bool) -> PathBuf {
    let (catalog, mut c) = street_claim_agreed(name, shared_market);
    for team in 0..2 {
        let spec = redline::headless::campaign::computer::team_from_hq(&catalog, &c, team).unwrap();
        c.apply(&catalog, Step::BuildTeam { team, spec }).unwrap();
    }
    let setup = c.game_setup(&catalog).unwrap();
    let mut game = Game::new(setup, c.pending.as_ref().unwrap().seed).unwrap();
    let mut commands = Vec::new();
    while let Some(command) = scripted_answer(&game) {
        game.apply(command.clone()).unwrap();
        commands.push(command);
    }
    c.apply(&catalog, Step::RecordGame { commands }).unwrap();
    let path = save::path_in(&dir.join("campaigns"), name);
    save::save(&path, &c).unwrap();
    path
}

#[test]
fn a_crash_mid_post_game_reopens_at_the_last_completed_step() {
    let dir = data_dir("campaign-crash");
    let path = campaign_after_a_game(&dir, "Crash Test", false);
    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::Open(path.clone()));
    assert_eq!(screen(&app), Screen::CampaignHub);
    // The first post-game steps, through the hub.
    if phase(&app) == Phase::Promotion {
        let team = session(&app).campaign.pending.unwrap().winners[0];
        send_and_settle(&mut app, CampaignIntent::Step(Step::Pass { team }));
    }
    assert_eq!(phase(&app), Phase::Recovery);
    send_and_settle(&mut app, CampaignIntent::Step(Step::RollRecovery));
    assert_eq!(phase(&app), Phase::CleanUp);
    let completed = session(&app).campaign;
    // The next step is being written when the app dies: its text is staged beside the file
    // but never moved into place.
    let catalog = redline_content::starter();
    let mut cleaned = completed.clone();
    cleaned.apply(&catalog, Step::CleanUp).unwrap();
    drop(save::stage(&path, &cleaned).unwrap());
    drop(app);

    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::ToList);
    send_and_settle(&mut app, CampaignIntent::Open(path.clone()));
    assert_eq!(screen(&app), Screen::CampaignHub);
    assert_eq!(
        session(&app).campaign,
        completed,
        "back at the last completed step"
    );

    // A file torn mid-write opens from its previous copy: the step before.
    drop(app);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::Open(path.clone()));
    let reopened = session(&app);
    assert!(
        reopened.notes[0].contains("previous copy"),
        "{:?}",
        reopened.notes
    );
    assert_eq!(reopened.campaign.phase, Phase::Recovery);
    // And the sequence goes on from there, with the same dice.
    send_and_settle(&mut app, CampaignIntent::Step(Step::RollRecovery));
    assert_eq!(session(&app).campaign, completed);
    assert_eq!(save::load(&path).unwrap(), completed);
    send_and_settle(&mut app, CampaignIntent::Step(Step::CleanUp));
    assert_eq!(save::load(&path).unwrap(), cleaned);
}

/// A campaign of Ana (a person) against Bo (the Easy computer) saved in the app's campaigns
/// folder with the scenario chosen and the Objectives kept; at `Phase::Play` with both teams
/// built from the HQ too.
pub(crate) fn campaign_at(dir: &Path, name: &str, phase: Phase) -> PathBuf {
    let (catalog, mut c) = street_claim_agreed(name, false);
    if phase == Phase::Play {
        for team in 0..2 {
            let spec =
                redline::headless::campaign::computer::team_from_hq(&catalog, &c, team).unwrap();
            c.apply(&catalog, Step::BuildTeam { team, spec }).unwrap();
        }
    }
    assert_eq!(c.phase, phase);
    let path = save::path_in(&dir.join("campaigns"), name);
    save::save(&path, &c).unwrap();
    write_seats(
        &path,
        &CampaignSeats {
            computer: vec![None, Some(AiLevel::Easy)],
        },
    )
    .unwrap();
    path
}

fn commands_of(current: &Match) -> Vec<Command> {
    current
        .replay()
        .steps
        .iter()
        .map(|s| s.command.clone())
        .collect()
}

#[test]
fn field_7_a_campaign_battle_is_deployed_and_resumes_after_the_app_closed_mid_battle() {
    let dir = data_dir("campaign-resume");
    let path = campaign_at(&dir, "Resume Test", Phase::Play);
    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::Open(path.clone()));
    assert_eq!(session(&app).kept_battle, None);

    // The person moves a model to another spot of its zone, then ends the deployment; the
    // computer deploys by itself.
    send_and_settle(&mut app, CampaignIntent::PlayGame);
    let table = app.world().resource::<Match>().game().clone();
    assert_eq!(table.deploying(), Some(Seat(0)));
    let model = (0..table.model_count() as u16)
        .map(ModelId)
        .find(|&m| table.owner(m) == Seat(0) && table.in_play(m))
        .expect("Ana's models were set down at their offered spots");
    let spot = *table
        .deployment_spots(model)
        .iter()
        .rev()
        .find(|&&at| at != table.position(model))
        .expect("the zone has room");
    send_and_settle(
        &mut app,
        BattleIntent::Answer(Command::Deploy { model, at: spot }),
    );
    end_deployment(&mut app);
    until_deployment_over(&mut app);
    assert_eq!(
        app.world().resource::<Match>().game().position(model),
        spot,
        "the model stands where it went"
    );

    // Part of the battle, kept beside the campaign file after every command; then the app
    // is gone.
    play_against_the_computer(&mut app, |m| m.replay().steps.len() >= 12);
    app.update();
    let before = commands_of(app.world().resource::<Match>());
    assert!(before.len() >= 12);
    assert!(battle_path(&path).exists());
    assert_eq!(session(&app).kept_battle, Some(before.len()));
    drop(app);

    // Reopened: the hub offers the battle where it stopped, with no new deployment.
    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::Open(path.clone()));
    assert_eq!(session(&app).kept_battle, Some(before.len()));
    send_and_settle(&mut app, CampaignIntent::PlayGame);
    assert_eq!(screen(&app), Screen::Battle);
    assert_eq!(deploying(&app), None);
    assert_eq!(commands_of(app.world().resource::<Match>()), before);

    // Played to the end: the campaign records the whole game, its deployment first.
    play_against_the_computer(&mut app, |m| m.game().outcome().is_some());
    let played = commands_of(app.world().resource::<Match>());
    assert!(app.world().resource::<Match>().game().outcome().is_some());
    send_and_settle(&mut app, BattleIntent::ShowResults);
    assert_eq!(screen(&app), Screen::Results);
    let recorded = session(&app).campaign.pending.unwrap();
    assert_eq!(recorded.commands, played);
    assert_eq!(&recorded.commands[..before.len()], &before[..]);
    assert!(
        recorded
            .commands
            .contains(&Command::Deploy { model, at: spot })
    );
    assert!(!battle_path(&path).exists(), "the kept battle is removed");
    assert_eq!(session(&app).kept_battle, None);
}

#[test]
fn a_campaign_battle_is_never_the_autosave_so_continue_cannot_take_its_result() {
    let dir = data_dir("campaign-autosave");
    let path = campaign_at(&dir, "Continue Test", Phase::Play);
    let mut app = new_app(&dir);
    let data = app.world().resource::<DataDir>().clone();
    // A one-off game, autosaved as it starts, then left for the menu.
    send_and_settle(&mut app, MenuIntent::QuickSkirmish);
    let one_off = app.world().resource::<Match>().game().state_hash();
    let autosaved = std::fs::read_to_string(data.autosave()).expect("the one-off is autosaved");
    send_and_settle(&mut app, MenuIntent::ToMenu);
    assert_eq!(screen(&app), Screen::MainMenu);

    // The campaign's game, past several activations: the autosave stays the one-off's.
    send_and_settle(&mut app, CampaignIntent::Open(path.clone()));
    send_and_settle(&mut app, CampaignIntent::PlayGame);
    end_deployment(&mut app);
    until_deployment_over(&mut app);
    let activated = |m: &Match| {
        m.replay()
            .steps
            .iter()
            .filter(|s| matches!(s.command, Command::Activate { .. }))
            .count()
    };
    // Stopped on the player's own decision, so the computer's next answer doesn't land
    // between the save and the notice read below.
    let players_turn = |m: &Match| m.game().decision().is_some_and(|d| d.seat == Seat(0));
    play_against_the_computer(&mut app, |m| activated(m) >= 4 && players_turn(m));
    app.update();
    let m = app.world().resource::<Match>();
    assert!(
        activated(m) >= 4,
        "{} steps, decision {:?}, outcome {:?}",
        m.replay().steps.len(),
        m.game().decision().map(|d| &d.kind),
        m.game().outcome()
    );
    assert_eq!(
        std::fs::read_to_string(data.autosave()).unwrap(),
        autosaved,
        "the campaign's game is not written over the one-off's autosave"
    );
    // Nor can it be copied to a named save, which the menu would load as a one-off.
    send_and_settle(&mut app, SaveIntent::Save("campaign copy".into()));
    let refused = notice(&app);
    assert!(
        refused.error && refused.text.contains("Resume the battle"),
        "{refused:?} on {:?}, outcome {:?}",
        screen(&app),
        app.world().resource::<Match>().game().outcome()
    );
    assert!(!data.save_named("campaign copy").exists());
    let kept = commands_of(app.world().resource::<Match>());
    assert_eq!(session(&app).kept_battle, Some(kept.len()));
    drop(app);

    // The app is gone mid-battle. "Continue" goes on with the one-off game, not as the
    // campaign's.
    let mut app = new_app(&dir);
    send_and_settle(&mut app, MenuIntent::Continue);
    assert_eq!(screen(&app), Screen::Battle);
    assert_eq!(app.world().resource::<Match>().game().state_hash(), one_off);
    assert!(!app.world().contains_resource::<CampaignGame>());
    send_and_settle(&mut app, MenuIntent::ToMenu);

    // The campaign resumes its own battle, which ends and is recorded; the one-off's
    // autosave is still there to continue.
    send_and_settle(&mut app, CampaignIntent::Open(path.clone()));
    assert_eq!(session(&app).kept_battle, Some(kept.len()));
    send_and_settle(&mut app, CampaignIntent::PlayGame);
    assert_eq!(commands_of(app.world().resource::<Match>()), kept);
    play_against_the_computer(&mut app, |m| m.game().outcome().is_some());
    let played = commands_of(app.world().resource::<Match>());
    send_and_settle(&mut app, BattleIntent::ShowResults);
    assert_eq!(screen(&app), Screen::Results);
    assert_eq!(session(&app).campaign.pending.unwrap().commands, played);
    let still = saves::load_autosave(&data).expect("the one-off's autosave is kept");
    assert_eq!(still.game().state_hash(), one_off);
}

#[test]
fn camp_9_camp_19_gear_is_equipped_from_the_hq_with_live_checks() {
    let dir = data_dir("campaign-gear");
    let path = campaign_at(&dir, "Gear Test", Phase::BuildTeams);
    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::Open(path));
    app.update();
    let catalog = app.world().resource::<Content>().0.clone();
    // The Leader alone, so the team has EB to spare for Gear.
    let quick = session(&app).drafts[0].clone().expect("the person's draft");
    let leader = quick
        .members
        .iter()
        .position(|m| {
            catalog
                .characters
                .get(&m.card)
                .is_some_and(|c| c.has(CardKeyword::Leader))
        })
        .expect("a Leader in the draft");
    for i in (0..quick.members.len()).rev().filter(|&i| i != leader) {
        send_and_settle(
            &mut app,
            CampaignIntent::Draft {
                team: 0,
                change: DraftChange::Remove(i),
            },
        );
    }
    let s = session(&app);
    let draft = s.drafts[0].clone().unwrap();
    assert_eq!(draft.members.len(), 1);
    let member = 0;
    let c = &s.campaign;
    // A Gear card of the HQ this character can carry within the rules' limits.
    let legal = c.teams[0]
        .hq
        .gear
        .iter()
        .find(|g| {
            let mut spec = draft.clone();
            spec.members[member].gear.push((*g).clone());
            check_team(&catalog, &spec, &c.team_rules(&catalog, 0, &spec)).is_ok()
        })
        .cloned()
        .expect("some HQ Gear fits");
    let equip = |card: &str| CampaignIntent::Draft {
        team: 0,
        change: DraftChange::Equip {
            member,
            card: card.to_owned(),
        },
    };
    send_and_settle(&mut app, equip(&legal));
    let gear = |app: &App| {
        session(app).drafts[0].clone().unwrap().members[member]
            .gear
            .clone()
    };
    assert!(gear(&app).contains(&legal));
    // Starred Gear still in the Supply: the draft may hold it, but the team can't be sent.
    let supply = c.teams[0]
        .supply
        .gear
        .first()
        .cloned()
        .expect("starred Gear");
    send_and_settle(&mut app, equip(&supply));
    send_and_settle(&mut app, CampaignIntent::Ready { team: 0 });
    let refused = notice(&app);
    assert!(
        refused.error && refused.text.contains("CAMP-9"),
        "{refused:?}"
    );
    assert_eq!(phase(&app), Phase::BuildTeams);
    send_and_settle(
        &mut app,
        CampaignIntent::Draft {
            team: 0,
            change: DraftChange::Unequip {
                member,
                card: supply.clone(),
            },
        },
    );
    assert!(!gear(&app).contains(&supply));
    send_and_settle(&mut app, CampaignIntent::Ready { team: 0 });
    assert_eq!(phase(&app), Phase::Play, "{:?}", notice(&app));
    let built = session(&app).campaign.pending.unwrap().teams[0]
        .clone()
        .unwrap();
    assert!(built.members[member].gear.contains(&legal));
}

#[test]
fn camp_42_loot_is_spent_for_market_cards_from_the_hub() {
    let dir = data_dir("campaign-loot");
    let path = campaign_after_a_game(&dir, "Market Test", true);
    // Through the follow-up to the Shared Market, with a Loot card kept by Ana's team.
    let catalog = redline_content::starter();
    let mut c = save::load(&path).unwrap();
    if c.phase == Phase::Promotion {
        let team = c.pending.as_ref().unwrap().winners[0];
        c.apply(&catalog, Step::Pass { team }).unwrap();
    }
    c.apply(&catalog, Step::RollRecovery).unwrap();
    assert_eq!(c.phase, Phase::Market);
    let loot = catalog.loot.iter().next().expect("a Loot card").id.clone();
    c.teams[0].loot = vec![loot.clone()];
    save::save(&path, &c).unwrap();

    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::Open(path.clone()));
    let offers = session(&app).campaign.pending.unwrap().offers.len();
    // A Loot card the team doesn't hold: refused with the rule, nothing changes.
    send_and_settle(
        &mut app,
        CampaignIntent::Step(Step::SpendLoot {
            team: 0,
            loot: vec!["no_such_loot".into()],
        }),
    );
    assert!(notice(&app).error && notice(&app).text.contains("CAMP-42"));
    assert_eq!(session(&app).campaign, c);
    // Spent: one Market card drawn for it, offered to Ana first, not passed on.
    send_and_settle(
        &mut app,
        CampaignIntent::Step(Step::SpendLoot {
            team: 0,
            loot: vec![loot],
        }),
    );
    let after = on_disk(&app);
    assert!(after.teams[0].loot.is_empty());
    let pending = after.pending.unwrap();
    assert_eq!(pending.offers.len(), offers + 1);
    assert_eq!(pending.offers[0].team, 0);
    assert_eq!(pending.offers[0].cards.len(), 1);
    assert!(!pending.offers[0].pass_on);
    assert_eq!(after.market.len(), c.market.len() - 1);
}
