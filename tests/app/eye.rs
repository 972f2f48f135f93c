//! The model's-eye view, headless: it outlines the cover of the aimed Path of Attack
//! (exactly the scenery pieces the engine's Path of Attack reports, and none when nothing
//! is aimed or the view is off), and it hides the looking model's own figure (with the
//! table's visuals, which dress the figures) until the view is left.

use std::collections::BTreeSet;

use crate::driver::{
    aim_a_shot, data_dir, new_app, new_app_with_visuals, quick_skirmish_to_an_activation, send,
};

use bevy::prelude::*;
use redline::headless::flow::aim::AimIntent;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::game::match_state::Match;
use redline::table::eye::{CoverOutline, EyeView, ToggleEyeView};
use redline::table::look::FigureMesh;
use redline::table::selection::SelectModel;
use redline::table::spawn::{Miniature, Scenery};
use redline_battlespace::CoverSource;
use redline_rules::{Command, Game, ModelId, basic};

/// The pieces outlined on the table, by the engine's id.
fn outlined(app: &mut App) -> BTreeSet<u32> {
    let world = app.world_mut();
    let mut q = world.query_filtered::<&Scenery, With<CoverOutline>>();
    q.iter(world).map(|s| s.id.0).collect()
}

/// The scenery pieces of the engine's Path of Attack: cover, and the barrier blocking it.
fn engine_pieces(game: &Game, actor: ModelId, target: ModelId, action: u16) -> BTreeSet<u32> {
    let poa = game.path_of_attack(actor, target, action);
    poa.cover
        .iter()
        .filter_map(|c| match c.source {
            CoverSource::Scenery(id) => Some(id.0),
            CoverSource::Model(_) => None,
        })
        .chain(poa.blocked_by.map(|id| id.0))
        .collect()
}

/// With the eye view on and an attack aimed, the outlined pieces are exactly the
/// engine's cover (and blocking barrier) for that Path of Attack, for every rival aimed at.
#[test]
fn the_eye_view_outlines_exactly_the_engines_cover() {
    let mut app = new_app(&data_dir("eye-cover"));
    let shooter = quick_skirmish_to_an_activation(&mut app);
    send(
        &mut app,
        BattleIntent::Answer(Command::Activate { model: shooter }),
    );
    let game = app.world().resource::<Match>().game().clone();
    send(&mut app, ToggleEyeView);
    assert!(app.world().resource::<EyeView>().on);
    assert!(
        outlined(&mut app).is_empty(),
        "nothing aimed, nothing outlined"
    );

    let rivals: Vec<ModelId> = (0..game.model_count() as u16)
        .map(ModelId)
        .filter(|m| game.owner(*m) != game.owner(shooter) && game.in_play(*m))
        .collect();
    let mut with_cover = 0;
    for rival in rivals {
        aim_a_shot(&mut app, shooter, rival);
        let want = engine_pieces(&game, shooter, rival, basic::RANGED);
        assert_eq!(outlined(&mut app), want, "aimed at {rival:?}");
        with_cover += usize::from(!want.is_empty());
        send(&mut app, AimIntent::Clear);
    }
    assert!(with_cover > 0, "some rival is behind cover");

    // Off again: nothing outlined.
    send(&mut app, ToggleEyeView);
    assert!(outlined(&mut app).is_empty());
}

/// Each miniature's figure meshes' visibilities, by the miniature's model.
fn figure_visibility(app: &mut App) -> Vec<(ModelId, Visibility)> {
    let world = app.world_mut();
    let mut figures = world.query_filtered::<(&ChildOf, &Visibility), With<FigureMesh>>();
    let figures: Vec<(Entity, Visibility)> =
        figures.iter(world).map(|(c, v)| (c.parent(), *v)).collect();
    let mut miniatures = world.query::<&Miniature>();
    figures
        .into_iter()
        .map(|(parent, v)| (miniatures.get(world, parent).expect("a miniature").model, v))
        .collect()
}

/// The miniature entity of `model`.
fn miniature_of(app: &mut App, model: ModelId) -> Entity {
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &Miniature)>();
    q.iter(world)
        .find(|(_, m)| m.model == model)
        .map(|(e, _)| e)
        .expect("the model's miniature")
}

/// With a model selected, the eye view hides exactly that model's figure (every part of it)
/// and leaves every other figure shown; leaving the view shows it again.
#[test]
fn the_eye_view_hides_the_lookers_own_figure_until_it_is_left() {
    let mut app = new_app_with_visuals(&data_dir("eye-figure"));
    let looker = quick_skirmish_to_an_activation(&mut app);
    let entity = miniature_of(&mut app, looker);
    send(&mut app, SelectModel(Some(entity)));
    let all_shown = |figures: &[(ModelId, Visibility)]| {
        figures.iter().all(|(_, v)| *v == Visibility::Inherited)
    };
    let before = figure_visibility(&mut app);
    assert!(
        before.iter().any(|(m, _)| *m == looker),
        "the looker is dressed"
    );
    assert!(
        before.iter().any(|(m, _)| *m != looker),
        "others are dressed"
    );
    assert!(
        all_shown(&before),
        "every figure shows outside the eye view"
    );

    send(&mut app, ToggleEyeView);
    let eye = app.world().resource::<EyeView>();
    assert_eq!(eye.shot.as_ref().map(|s| s.looker), Some(entity));
    for (model, visibility) in figure_visibility(&mut app) {
        let want = if model == looker {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        assert_eq!(visibility, want, "{model:?}");
    }

    send(&mut app, ToggleEyeView);
    assert!(!app.world().resource::<EyeView>().on);
    assert!(all_shown(&figure_visibility(&mut app)), "shown again");
}
