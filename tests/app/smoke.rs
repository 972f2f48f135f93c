//! Headless app tests: the real match layer and table (screens, battle entities, selection,
//! the Limiter) under `MinimalPlugins`, with no window and no GPU.

use std::sync::atomic::{AtomicUsize, Ordering};

use bevy::prelude::*;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::log::BattleLog;
use redline::headless::screen::Screen;
use redline::table::limiter::{Limiter, LimiterBand};
use redline::table::scene::BattleScene;
use redline::table::selection::{SelectModel, SelectedModel};
use redline::table::spawn::{Miniature, Scenery, Table};

use crate::driver::{core_app, data_dir, screen};
use redline_rules::card::Colour;

/// The core plugin on a fresh data folder of its own (never the player's), not yet updated.
fn app() -> App {
    static APPS: AtomicUsize = AtomicUsize::new(0);
    let n = APPS.fetch_add(1, Ordering::Relaxed);
    core_app(&data_dir(&format!("smoke-{n}")))
}

fn go_to(app: &mut App, screen: Screen) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(screen);
    app.update();
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<C>>()
        .iter(app.world())
        .count()
}

fn model_named(app: &mut App, name: &str) -> (Entity, Transform, f32) {
    app.world_mut()
        .query::<(Entity, &Miniature, &Transform)>()
        .iter(app.world())
        .find(|(_, m, _)| m.name == name)
        .map(|(e, m, t)| (e, *t, m.base_diameter / 2.0))
        .unwrap_or_else(|| panic!("no model named {name}"))
}

fn select(app: &mut App, target: Option<Entity>) {
    app.world_mut().write_message(SelectModel(target));
    app.update();
}

/// The quick skirmish on the table, started from the main menu as a player does.
fn in_battle() -> App {
    let mut app = app();
    app.update();
    app.update();
    quick_skirmish(&mut app);
    app
}

fn quick_skirmish(app: &mut App) {
    app.world_mut().write_message(MenuIntent::QuickSkirmish);
    app.update();
    app.update();
}

#[test]
fn loading_opens_the_main_menu_and_battle_sets_the_whole_table() {
    let mut app = app();
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::MainMenu);
    assert_eq!(count::<Miniature>(&mut app), 0);

    quick_skirmish(&mut app);
    let scene = BattleScene::starter().unwrap();
    assert_eq!(screen(&app), Screen::Battle);
    assert_eq!(count::<Table>(&mut app), 1);
    assert_eq!(count::<Scenery>(&mut app), scene.scenery.len());
    assert_eq!(count::<Miniature>(&mut app), scene.miniatures.len());
    assert!(!app.world().resource::<BattleLog>().entries().is_empty());
}

#[test]
fn gen_6_selecting_a_model_lays_the_limiter_from_its_base_edge() {
    let mut app = in_battle();
    let (model, transform, radius) = model_named(&mut app, "Furnace Mother");
    select(&mut app, Some(model));

    assert_eq!(app.world().resource::<SelectedModel>().0, Some(model));
    let limiters: Vec<(Entity, Limiter, Transform)> = app
        .world_mut()
        .query::<(Entity, &Limiter, &Transform)>()
        .iter(app.world())
        .map(|(e, l, t)| (e, *l, *t))
        .collect();
    assert_eq!(limiters.len(), 1, "exactly one Limiter");
    let (limiter, Limiter { model: measured }, root) = limiters[0];
    assert_eq!(measured, model);
    let base_centre = Vec3::new(transform.translation.x, 0.0, transform.translation.z);
    assert!(root.translation.distance(base_centre) < 1e-5);

    let mut bands: Vec<(LimiterBand, Vec3)> = app
        .world_mut()
        .query::<(&LimiterBand, &Transform, &ChildOf)>()
        .iter(app.world())
        .filter(|(_, _, parent)| parent.parent() == limiter)
        .map(|(band, local, _)| (*band, root.transform_point(local.translation)))
        .collect();
    bands.sort_by(|a, b| a.0.start.total_cmp(&b.0.start));
    let summary: Vec<(Colour, f32, f32)> = bands
        .iter()
        .map(|(band, _)| (band.colour, band.end, band.length()))
        .collect();
    assert_eq!(
        summary,
        vec![
            (Colour::Red, 3.0, 3.0),
            (Colour::Yellow, 7.0, 4.0),
            (Colour::Green, 12.0, 5.0),
        ]
    );
    // Each band lies ahead of the model, starting at its base edge.
    let facing = transform.forward().as_vec3();
    for (band, centre) in &bands {
        let offset = centre - base_centre;
        let along = offset.dot(facing);
        let expected = radius + (band.start + band.end) / 2.0;
        assert!(
            (along - expected).abs() < 1e-4,
            "{band:?}: {along} vs {expected}"
        );
        let sideways = (offset - facing * along).with_y(0.0).length();
        assert!(
            sideways < 1e-4,
            "{band:?} is {sideways}\" off the facing line"
        );
    }
    let log = app.world().resource::<BattleLog>();
    assert!(
        log.entries()
            .iter()
            .any(|l| l.starts_with("Selected Furnace Mother"))
    );
}

#[test]
fn selecting_scenery_is_ignored_and_clearing_lifts_the_limiter() {
    let mut app = in_battle();
    let (model, _, _) = model_named(&mut app, "Furnace Mother");
    select(&mut app, Some(model));
    assert_eq!(count::<Limiter>(&mut app), 1);

    let container = app
        .world_mut()
        .query_filtered::<Entity, With<Scenery>>()
        .iter(app.world())
        .next()
        .unwrap();
    select(&mut app, Some(container));
    assert_eq!(app.world().resource::<SelectedModel>().0, Some(model));

    select(&mut app, None);
    assert_eq!(app.world().resource::<SelectedModel>().0, None);
    assert_eq!(count::<Limiter>(&mut app), 0);
    assert_eq!(count::<LimiterBand>(&mut app), 0);
}

#[test]
fn leaving_the_battle_despawns_its_entities() {
    let mut app = in_battle();
    let (model, _, _) = model_named(&mut app, "Furnace Mother");
    select(&mut app, Some(model));
    go_to(&mut app, Screen::MainMenu);

    assert_eq!(count::<Table>(&mut app), 0);
    assert_eq!(count::<Scenery>(&mut app), 0);
    assert_eq!(count::<Miniature>(&mut app), 0);
    assert_eq!(count::<Limiter>(&mut app), 0);
    assert_eq!(count::<LimiterBand>(&mut app), 0);
    assert_eq!(app.world().resource::<SelectedModel>().0, None);
}
