//! Aiming a Breach at scenery in the app (MOD-7, TERR-1..TERR-5): with the damaging-scenery
//! module on, a character carrying the Breaching Charge stands by the tenement's wall; the
//! player picks the charge, clicks the wall, sees the section, its markers against the
//! storey's Structure and the odds, and confirms: the engine puts the markers on.

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::aim::{AimIntent, AimPreview};
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::headless::game::meta::MatchMeta;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::saves;
use redline::headless::screen::Screen;
use redline_battlespace::SceneryShape;
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::TeamRules;
use redline_rules::{Command, Game, ModelId, Module, Target};

use crate::driver::{data_dir, new_app, screen, send};
use crate::hot_seat::take_screen;

/// A hot-seat Street Claim on Tenement Yard with TERR on, Ashfall's first member carrying
/// the Breaching Charge and standing just outside the tenement's first wall.
fn breach_match() -> (App, ModelId) {
    let dir = data_dir("breach-aim");
    let app = new_app(&dir);
    let catalog = app.world().resource::<Content>().0.clone();
    let autosave = app.world().resource::<DataDir>().autosave();
    drop(app);
    let eb = catalog.scenarios.get("street_claim").unwrap().eb_limit;
    let rules = TeamRules::one_off(eb);
    let mut teams: Vec<_> = ["ashfall", "tidewater"]
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).unwrap())
        .collect();
    for member in &mut teams[0].members {
        member.gear.clear();
    }
    teams[0].members[0]
        .gear
        .push("gear_breaching_charge".into());
    let placed = skirmish(&catalog, "street_claim", Some("tenement_yard"), &teams, 3)
        .unwrap()
        .with_modules(&[Module::Terr].into())
        .unwrap();
    let meta = MatchMeta::of_skirmish(&catalog, &placed, &teams, false);
    let carrier = ModelId(0);
    let started = [-1.2f32, 1.2]
        .iter()
        .find_map(|side| {
            let mut setup = placed.setup.clone();
            setup.models[0].position = beside_the_first_wall(&setup.battlespace, *side);
            Match::new(setup, 3, meta.clone()).ok()
        })
        .expect("a spot by the wall");
    saves::save_match(&autosave, &started).unwrap();
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    (app, carrier)
}

/// A point `side` inches off the middle of the tenement's front wall.
fn beside_the_first_wall(space: &redline_battlespace::Battlespace, side: f32) -> [f32; 3] {
    let wall = space
        .pieces()
        .iter()
        .find(|p| p.storey.is_some() && matches!(p.shape, SceneryShape::Wall { .. }))
        .expect("the tenement's wall");
    let SceneryShape::Wall { from, to, .. } = wall.shape else {
        unreachable!("a wall")
    };
    let (dx, dz) = (to[0] - from[0], to[1] - from[1]);
    let len = (dx * dx + dz * dz).sqrt();
    let [cx, cz] = [(from[0] + to[0]) / 2.0, (from[1] + to[1]) / 2.0];
    [cx - dz / len * side, 0.0, cz + dx / len * side]
}

fn game(app: &App) -> Game {
    app.world().resource::<Match>().game().clone()
}

#[test]
fn terr_2_the_player_aims_the_breaching_charge_at_the_wall_and_confirms() {
    let (mut app, carrier) = breach_match();
    for _ in 0..400 {
        if take_screen(&mut app) {
            continue;
        }
        let g = game(&app);
        if g.legal_commands()
            .contains(&Command::Activate { model: carrier })
        {
            break;
        }
        let command = scripted_answer(&g).expect("the game goes on");
        send(&mut app, BattleIntent::Answer(command));
    }
    send(
        &mut app,
        BattleIntent::Answer(Command::Activate { model: carrier }),
    );
    let g = game(&app);
    let breach = g
        .legal_commands()
        .into_iter()
        .find_map(|c| match c {
            Command::Act(a) if a.model == carrier && matches!(a.target, Target::Scenery { .. }) => {
                Some(a)
            }
            _ => None,
        })
        .expect("the engine offers the charge at the wall (MOD-7)");
    let Target::Scenery { part, section } = breach.target else {
        unreachable!()
    };
    send(
        &mut app,
        AimIntent::Action {
            model: carrier,
            action: breach.action,
            token: breach.token,
            reaction: false,
        },
    );
    let space = g.battlespace();
    let piece = space.piece(redline_battlespace::SceneryId(part)).unwrap();
    let [x, z] = piece.section_piece(section).centre();
    send(
        &mut app,
        AimIntent::Scenery {
            piece: part,
            at: [x, 1.0, z],
        },
    );
    let preview = app.world().resource::<AimPreview>().clone();
    let AimPreview::Breach(b) = &preview else {
        panic!("a Breach preview, not {preview:?}")
    };
    assert!(b.check.is_ok(), "{:?}", b.check);
    assert_eq!(b.success, Some(1.0)); // TOK-8: an Easy Breach places its markers
    assert!(
        b.damage.contains("of 4 markers on storey 1"),
        "{}",
        b.damage
    ); // TERR-5
    let storey = piece.storey.expect("a storey's wall");
    send(&mut app, AimIntent::Confirm);
    // TERR-2, TERR-5: the charge's two markers went on the storey.
    assert_eq!(game(&app).storey_markers(storey.building, storey.number), 2);
}
