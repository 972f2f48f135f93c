//! A team game in a four-player campaign through the app, headless (CTRL-20, CAMP-21): both
//! winners of the pair choose after the game — the computer for the winner it plays, the
//! person for theirs — and the recovery rolls wait for both.

use bevy::prelude::*;
use redline::headless::campaign::{CampaignIntent, CampaignSeats, CampaignSession, write_seats};
use redline::headless::game::ai_level::AiLevel;
use redline::headless::notice::Notice;
use redline::headless::screen::Screen;
use redline_campaign::{Campaign, NewPlayer, Phase, Step, save};

use crate::driver::{data_dir, new_app, screen, send_and_settle};

fn campaign(app: &App) -> Campaign {
    app.world().resource::<CampaignSession>().campaign.clone()
}

#[test]
fn ctrl_20_camp_21_both_winners_of_a_team_game_choose_the_computer_for_its_own() {
    let dir = data_dir("campaign-teams");
    let catalog = redline_content::starter();
    let players = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
        NewPlayer::new("Cy", "choir"),
        NewPlayer::new("Di", "glasswork"),
    ];
    let mut c = Campaign::new(&catalog, "Pacts", 5, &players, false).unwrap();
    c.apply(
        &catalog,
        Step::ChooseScenario {
            agreed: Some("alliance_night".into()),
        },
    )
    .expect("a team game may be agreed (CTRL-20)");
    for team in 0..4 {
        let objective = c.pending.as_ref().unwrap().drawn[team][0].clone();
        c.apply(&catalog, Step::DiscardObjective { team, objective })
            .unwrap();
    }
    for team in 0..4 {
        let spec = redline::headless::campaign::computer::team_from_hq(&catalog, &c, team).unwrap();
        c.apply(&catalog, Step::BuildTeam { team, spec }).unwrap();
    }
    // The game ended without a result; the pair Ana + Cy is then made its winner, as a won
    // game leaves the campaign.
    c.apply(&catalog, Step::RecordGame { commands: vec![] })
        .unwrap();
    c.pending.as_mut().unwrap().winners = vec![0, 2];
    c.phase = Phase::Promotion;
    let path = save::path_in(&dir.join("campaigns"), "Pacts");
    save::save(&path, &c).unwrap();
    // Ana is a person; Cy, Bo and Di are the computer.
    write_seats(
        &path,
        &CampaignSeats {
            computer: vec![
                None,
                Some(AiLevel::Easy),
                Some(AiLevel::Easy),
                Some(AiLevel::Easy),
            ],
        },
    )
    .unwrap();

    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::Open(path.clone()));
    assert_eq!(screen(&app), Screen::CampaignHub);
    // The computer made Cy's choice by itself; Ana's is still waited for.
    let now = campaign(&app);
    assert_eq!(now.phase, Phase::Promotion);
    assert_eq!(now.pending.as_ref().unwrap().to_promote(), vec![0]);
    assert_eq!(now.pending.as_ref().unwrap().promoted, vec![2]);
    assert_eq!(
        save::load(&path).unwrap(),
        now,
        "saved after the computer's step"
    );
    // A loser's step is the computer's, and refused when a person sends it.
    send_and_settle(&mut app, CampaignIntent::Step(Step::Pass { team: 1 }));
    assert!(app.world().resource::<Notice>().error);
    assert_eq!(campaign(&app), now);
    send_and_settle(&mut app, CampaignIntent::Step(Step::Pass { team: 0 }));
    assert_eq!(campaign(&app).phase, Phase::Recovery);
    assert_eq!(save::load(&path).unwrap().phase, Phase::Recovery);
}
