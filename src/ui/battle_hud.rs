//! The battle's panels around the 3D view: top bar, card panel (right), log (bottom).
//! Whatever they leave free becomes the camera's viewport, so the table is never hidden
//! behind a panel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{card_panel, log_panel, top_bar};
use crate::battle::log::BattleLog;
use crate::battle::scene::BattleScene;
use crate::battle::selection::SelectedModel;
use crate::battle::spawn::{ActionTokens, CardSkills, Miniature, Teams};
use crate::camera::ViewArea;
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        battle_hud.run_if(in_state(Screen::Battle)),
    );
    app.add_systems(OnExit(Screen::Battle), release_view_area);
}

#[allow(clippy::too_many_arguments)]
fn battle_hud(
    mut contexts: EguiContexts,
    scene: Res<BattleScene>,
    teams: Res<Teams>,
    selected: Res<SelectedModel>,
    models: Query<(&Miniature, &ActionTokens, &CardSkills)>,
    log: Res<BattleLog>,
    mut view_area: ResMut<ViewArea>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "battle_hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    top_bar::show(&mut root, &scene.name, &teams.0);
    let card = selected.0.and_then(|entity| models.get(entity).ok());
    card_panel::show(&mut root, card, &teams.0);
    log_panel::show(&mut root, &log);

    let free = root.available_rect_before_wrap();
    let area = Some(Rect::new(free.min.x, free.min.y, free.max.x, free.max.y));
    if view_area.0 != area {
        view_area.0 = area;
    }
    Ok(())
}

fn release_view_area(mut view_area: ResMut<ViewArea>) {
    view_area.0 = None;
}
