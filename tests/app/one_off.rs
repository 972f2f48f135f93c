//! A campaign team in a one-off game through the app's own systems, headless (CAMP-4,
//! CAMP-5): the Setup screen lists the saved campaigns' players, a seat picks one and is
//! told what the entry gives, the team builder starts it from the HQ and refuses cards the
//! HQ does not hold, the opponent counts as many drawn Objectives as completed, and the game
//! is played to its end — and the campaign file is the same byte for byte afterwards.

use crate::driver::{
    data_dir, end_deployment, new_app, play_against_the_computer, screen, send,
    street_claim_against_easy_tidewater, until_deployment_over,
};

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::builder::TeamBuilder;
use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::{NewGame, SetupIntent};
use redline::headless::flow::one_off::CampaignChoices;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::screen::Screen;
use redline_campaign::{Campaign, CompletedObjective, NewPlayer, save};
use redline_content::schema::ObjectiveKind;
use redline_content::team::{Addition, MemberSpec, check_team};
use redline_rules::Seat;

fn builder(app: &App) -> TeamBuilder {
    app.world().resource::<TeamBuilder>().clone()
}

fn notice(app: &App) -> Notice {
    app.world().resource::<Notice>().clone()
}

/// Ana (Ashfall, her Leader promoted, two Ongoing Objectives completed) against Bo,
/// saved in the campaigns folder of `dir`.
fn saved_campaign(dir: &std::path::Path) -> std::path::PathBuf {
    let catalog = redline_content::starter();
    let players = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
    ];
    let mut c = Campaign::new(&catalog, "Harbour Wars", 3, &players, false).unwrap();
    let ana = &mut c.teams[0];
    ana.hq.characters.remove("ash_furnace_mother");
    ana.hq.characters.insert("ash_furnace_mother_v".into());
    for id in ["ash_obj_strip_the_block", "ash_obj_smoke_them_out"] {
        ana.completed.push(CompletedObjective {
            id: id.into(),
            kind: ObjectiveKind::Ongoing,
            game: 1,
        });
    }
    let path = save::path_in(&dir.join("campaigns"), "Harbour Wars");
    save::save(&path, &c).unwrap();
    path
}

#[test]
fn camp_4_camp_5_a_campaign_team_plays_a_one_off_game_and_the_campaign_is_unchanged() {
    let dir = data_dir("one-off-campaign-team");
    let path = saved_campaign(&dir);
    let file_before = std::fs::read(&path).unwrap();
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::NewSolo);
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    let choices = app.world().resource::<CampaignChoices>().clone();
    assert_eq!(choices.0.len(), 1);
    assert_eq!(choices.0[0].name, "Harbour Wars");
    assert_eq!(choices.0[0].players[0].0, "Ana");
    street_claim_against_easy_tidewater(&mut app);
    // A player that is not in the campaign is refused, and nothing is picked.
    send(
        &mut app,
        SetupIntent::CampaignTeam {
            seat: 0,
            pick: Some((path.clone(), 5)),
        },
    );
    assert!(notice(&app).error);
    assert!(
        notice(&app).text.contains("no player 6"),
        "{:?}",
        notice(&app)
    );
    assert_eq!(app.world().resource::<NewGame>().campaign_seats()[0], None);
    send(
        &mut app,
        SetupIntent::CampaignTeam {
            seat: 0,
            pick: Some((path.clone(), 0)),
        },
    );
    // The Setup screen says what the entry gives before the game starts.
    let catalog = app.world().resource::<Content>().0.clone();
    let settings = app.world().resource::<NewGame>().clone();
    let pick = settings.campaign_seats()[0]
        .clone()
        .expect("Ana's team is picked");
    assert_eq!(pick.label(), "Ana (Harbour Wars)");
    let said = pick.describe(&catalog).join("\n");
    for words in [
        "+5 EB",
        "at most 2 Mercs",
        "2 completed Objective(s)",
        "Equalisation",
        "until it holds 2",
    ] {
        assert!(said.contains(words), "'{words}' in: {said}");
    }

    send(&mut app, SetupIntent::Start);
    app.update();
    assert_eq!(screen(&app), Screen::TeamBuilder);
    let b = builder(&app);
    assert_eq!(b.seat, 0);
    assert_eq!(b.team().faction, "ashfall");
    let ana = &pick.campaign.teams[0];
    assert!(
        b.team()
            .members
            .iter()
            .all(|m| ana.hq.characters.contains(&m.card) || ana.hq.gonks.contains(&m.card)),
        "built from the HQ only (CAMP-9): {:?}",
        b.team()
    );
    // CAMP-5: Ana brings her two Objectives and their EB; the computer's Tidewater team
    // draws two of its own deck and counts them as completed.
    assert_eq!(b.counted[0], pick.objectives());
    assert_eq!(b.seat_rules[0].bonus_eb, 5);
    assert_eq!(b.counted[1].len(), 2);
    for o in &b.counted[1] {
        assert_eq!(catalog.objectives.get(o).unwrap().faction, "tidewater");
    }
    // CAMP-4: one-off rules, with +5 EB per Veteran star.
    let summary = check_team(&catalog, b.team(), &b.seat_rules[0]).expect("a legal first team");
    let unsurcharged = check_team(
        &catalog,
        b.team(),
        &redline_content::team::TeamRules {
            mode: redline_content::team::GameMode::Campaign { first_game: false },
            ..b.seat_rules[0].clone()
        },
    )
    .unwrap();
    let stars: u32 = b
        .team()
        .members
        .iter()
        .filter_map(|m| catalog.characters.get(&m.card))
        .map(|c| u32::from(c.stars))
        .sum();
    assert!(stars > 0, "the promoted Leader plays");
    assert_eq!(summary.cost, unsurcharged.cost + 5 * stars);

    // A card still in the Supply is refused with the rule, and the team stays as it was.
    let supply_card = ana.supply.characters.iter().next().unwrap().clone();
    send(
        &mut app,
        BuilderIntent::Add(Addition::Character {
            card: supply_card,
            cost: 0,
        }),
    );
    assert!(notice(&app).error && notice(&app).text.contains("CAMP-9"));
    assert_eq!(builder(&app).team(), b.team());
    send(&mut app, BuilderIntent::Faction("choir".into()));
    assert!(notice(&app).text.contains("CAMP-9"), "{:?}", notice(&app));
    assert_eq!(builder(&app).team(), b.team());
    // Not a card of the HQ through the quick team either.
    send(&mut app, BuilderIntent::QuickTeam);
    assert!(builder(&app).team().members.iter().all(|m: &MemberSpec| {
        ana.hq.characters.contains(&m.card) || ana.hq.gonks.contains(&m.card)
    }));
    send(&mut app, BuilderIntent::Undo);
    assert_eq!(builder(&app).team(), b.team());

    send(&mut app, BuilderIntent::Done);
    app.update();
    assert_eq!(screen(&app), Screen::Battle, "{:?}", notice(&app));
    end_deployment(&mut app);
    until_deployment_over(&mut app);
    let meta = app.world().resource::<Match>().meta.clone();
    assert_eq!(meta.seat_name(Seat(0)), "Ana", "the campaign player's name");
    assert_eq!(meta.seats[0].team.faction, "ashfall");
    play_against_the_computer(&mut app, |_| false);
    let played = app.world().resource::<Match>().replay().steps.len();
    assert!(
        app.world().resource::<Match>().game().outcome().is_some(),
        "the game ends"
    );
    assert!(played > 20, "a whole game: {played} steps");
    send(&mut app, BattleIntent::ShowResults);
    app.update();
    assert_eq!(screen(&app), Screen::Results);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        file_before,
        "a one-off game never changes the campaign"
    );
}
