//! The battle's panels around the 3D view: top bar (teams, Luck, turn, save, undo, menu),
//! the decision prompt (left), the card panel (right), the log (bottom), and labels on the
//! table for the Path of Attack. During deployment the left panel guides the deploying
//! player (`screens::deployment`). Whatever the panels leave free becomes the camera's
//! viewport, so the table is never hidden behind a panel.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_rules::Command;

use asks::Out;

use crate::headless::flow::aim::{Aim, AimIntent, AimPreview};
use crate::headless::flow::battle::BattleIntent;
use crate::headless::flow::coach::{Coach, ToggleCoach};
use crate::headless::flow::menu::MenuIntent;
use crate::headless::flow::security::{SecurityIntent, SecurityTool};
use crate::headless::flow::solo::Computer;
use crate::headless::game::card_layer::CardLayer;
use crate::headless::game::describe;
use crate::headless::game::feed::DiceTray;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::Match;
use crate::headless::notice::Notice;
use crate::headless::online::link::OnlineLink;
use crate::headless::persist::saves::SaveIntent;
use crate::headless::persist::transfer::TransferIntent;
use crate::headless::screen::Screen;
use crate::screens::deployment::{deployment_panel, security_panel};
use crate::screens::theme::{notice_line, panel_frame};
use crate::table::camera::{TableCamera, ViewArea};
use crate::table::eye::{EyeView, ToggleEyeView};
use crate::table::haywire::Haywire;
use crate::table::module_card::ModuleCard;
use crate::table::scene::BattleScene;
use crate::table::selection::SelectedModel;
use crate::table::spawn::{ActionTokens, CardSkills, Miniature, Teams};
use crate::table::visuals::toggles::ViewToggles;

mod asks;
mod card_panel;
mod coach_panel;
mod dice;
mod log_panel;
mod module_card;
mod poa_labels;
mod preview;
mod prompt;
mod state_lines;
mod top_bar;

/// `legal_commands()` of the state with this hash, kept so the prompt doesn't ask the
/// engine every frame.
#[derive(Resource, Debug, Default)]
pub(crate) struct LegalCache {
    hash: u64,
    commands: Vec<Command>,
}

impl LegalCache {
    fn get(&mut self, current: &Match) -> &[Command] {
        let hash = current.game().state_hash();
        if hash != self.hash || self.commands.is_empty() {
            self.hash = hash;
            self.commands = current.game().legal_commands();
        }
        &self.commands
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(coach_panel::plugin);
    app.init_resource::<LegalCache>();
    app.add_systems(
        EguiPrimaryContextPass,
        battle_hud
            .run_if(in_state(Screen::Battle))
            .in_set(crate::screens::order::PanelsDrawn),
    );
    app.add_systems(OnExit(Screen::Battle), release_view_area);
}

/// Everything the HUD sends.
#[derive(SystemParam)]
struct HudOut<'w> {
    answers: MessageWriter<'w, BattleIntent>,
    aims: MessageWriter<'w, AimIntent>,
    saves: MessageWriter<'w, SaveIntent>,
    transfers: MessageWriter<'w, TransferIntent>,
    menu: MessageWriter<'w, MenuIntent>,
    coach: MessageWriter<'w, ToggleCoach>,
    eye: MessageWriter<'w, ToggleEyeView>,
    security: MessageWriter<'w, SecurityIntent>,
}

/// The match state the HUD shows.
#[derive(SystemParam)]
struct HudGame<'w> {
    current: Option<Res<'w, Match>>,
    eye: Res<'w, EyeView>,
    aim: Res<'w, Aim>,
    aim_preview: Res<'w, AimPreview>,
    tray: Res<'w, DiceTray>,
    tumble: Res<'w, crate::table::animate::DiceTumble>,
    notice: Res<'w, Notice>,
    legal: ResMut<'w, LegalCache>,
    computer: Res<'w, Computer>,
    time: Res<'w, Time>,
    coach: Res<'w, Coach>,
    bindings: Res<'w, crate::headless::persist::bindings::Bindings>,
    online: Option<Res<'w, OnlineLink>>,
    security: Res<'w, SecurityTool>,
}

/// The table the HUD frames: its scene, teams, the selected model's card, the camera.
#[derive(SystemParam)]
struct HudTable<'w, 's> {
    toggles: Res<'w, ViewToggles>,
    scene: Res<'w, BattleScene>,
    teams: Res<'w, Teams>,
    selected: Res<'w, SelectedModel>,
    haywire: Res<'w, Haywire>,
    models: Query<
        'w,
        's,
        (
            &'static Miniature,
            &'static ActionTokens,
            &'static CardSkills,
        ),
    >,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<TableCamera>>,
}

fn battle_hud(
    mut contexts: EguiContexts,
    table: HudTable,
    mut hud: HudGame,
    mut send: HudOut,
    log: Res<BattleLog>,
    mut view_area: ResMut<ViewArea>,
    mut save_name: Local<String>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "battle_hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let (status, sides) = status_and_sides(&hud);
    let modules = (hud.current.as_ref()).and_then(|m| describe::modules_on(m.game()));
    top_bar::show(
        &mut root,
        &table.scene.name,
        modules.as_deref(),
        &table.teams.0,
        &sides,
        &status,
        |ui| {
            top_bar_buttons(ui, &hud, &mut send, &mut save_name);
        },
    );
    // H hides the panels: the table alone under the top bar.
    if table.toggles.panels {
        let card = table
            .selected
            .0
            .and_then(|entity| table.models.get(entity).ok());
        let (layer, modules) = match (&hud.current, card) {
            (Some(m), Some((mini, _, _))) if mini.model.index() < m.game().model_count() => {
                let game = m.game();
                let modules = ModuleCard::of(game, mini.model, table.haywire.now(game));
                (Some(CardLayer::of(game, mini.model)), Some((game, modules)))
            }
            _ => (None, None),
        };
        card_panel::show(
            &mut root,
            card_panel::CardView {
                card,
                teams: &table.teams.0,
                layer: layer.as_ref(),
                modules: modules.as_ref().map(|(g, c)| (*g, c)),
            },
            &hud.bindings,
        );
        log_panel::show(&mut root, &log);
        egui::Panel::left("prompt_panel")
            .frame(panel_frame())
            .resizable(false)
            .exact_size(330.0)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| left_panel(ui, &mut hud, &mut send));
            });
    }
    let free = root.available_rect_before_wrap();
    let area = Some(Rect::new(free.min.x, free.min.y, free.max.x, free.max.y));
    if view_area.0 != area {
        view_area.0 = area;
    }
    if let Ok(camera) = table.camera.single() {
        poa_labels::show(&ctx, &hud.aim_preview, camera);
    }
    Ok(())
}

/// The top bar's status ("Turn 3 · Control: Player 2", "Turn 3 · Control: Player 2 (your
/// side)" in a co-op game, "Deployment · Player 1 (Ashfall Crew)") and each seat's side
/// (TeamId): allies share one in a team game.
fn status_and_sides(hud: &HudGame) -> (String, Vec<u8>) {
    let Some(m) = &hud.current else {
        return (String::new(), Vec::new());
    };
    let status = match m.game().deploying() {
        Some(seat) => format!("Deployment · {}", m.meta.seat_label(seat)),
        None => {
            let control = m.game().control();
            // COOP-1: in a co-op game the people hold Control as one side.
            let coop = !m.game().setup().scenario.computer.is_empty();
            let side = if coop && !m.meta.is_computer(control) {
                " (your side)"
            } else {
                ""
            };
            format!(
                "Turn {} · Control: {}{side}",
                m.game().turns() + 1,
                m.meta.seat_name(control)
            )
        }
    };
    let sides = m.game().setup().players.iter().map(|p| p.team.0).collect();
    (status, sides)
}

/// What "Export" does, for its hover text.
const EXPORT_HINT: &str = if cfg!(target_arch = "wasm32") {
    "Download this game's save file"
} else {
    "Write this game's save file into the data folder's exports"
};

/// Undo, save, the coach (solo play) and the menu.
fn top_bar_buttons(ui: &mut egui::Ui, hud: &HudGame, send: &mut HudOut, save_name: &mut String) {
    if let Some(m) = &hud.current {
        if ui
            .add_enabled(m.can_undo(), egui::Button::new("Undo"))
            .on_hover_text("Only steps that rolled no dice and revealed nothing")
            .clicked()
        {
            send.answers.write(BattleIntent::Undo);
        }
        ui.add(
            egui::TextEdit::singleline(save_name)
                .desired_width(90.0)
                .hint_text("save name"),
        );
        if ui.button("Save").clicked() {
            let name = if save_name.trim().is_empty() {
                "quicksave".to_string()
            } else {
                save_name.clone()
            };
            send.saves.write(SaveIntent::Save(name));
        }
        if ui.button("Export").on_hover_text(EXPORT_HINT).clicked() {
            send.transfers.write(TransferIntent::Export);
        }
    }
    if ui
        .selectable_label(hud.eye.on, "Model's eye")
        .on_hover_text("Look from the selected model's eyes at the model under the pointer")
        .clicked()
    {
        send.eye.write(ToggleEyeView);
    }
    let solo = hud
        .current
        .as_ref()
        .is_some_and(|m| !m.meta.computer_seats().is_empty());
    if solo
        && ui
            .selectable_label(hud.coach.open, "Coach")
            .on_hover_text("How the Normal AI rates the options of your last decision")
            .clicked()
    {
        send.coach.write(ToggleCoach);
    }
    if ui
        .button("Menu")
        .on_hover_text("The game is autosaved after every activation")
        .clicked()
    {
        send.menu.write(MenuIntent::ToMenu);
    }
}

/// The left panel: the deployment's guidance, or the decision prompt.
fn left_panel(ui: &mut egui::Ui, hud: &mut HudGame, send: &mut HudOut) {
    let Some(m) = &hud.current else {
        return;
    };
    // Online, another seat's decision is theirs to make: this screen waits for it.
    if let (Some(link), Some(seat)) = (hud.online.as_deref(), m.decider())
        && !link.seats().contains(&seat)
    {
        waiting(
            ui,
            m,
            &link.waiting_words(seat, hud.time.elapsed_secs()),
            hud,
        );
        return;
    }
    if m.game().deploying().is_some() {
        deployment_panel(ui, m, &hud.notice, &mut send.answers);
        return;
    }
    if m.game().placing_security().is_some() && m.decider().is_some_and(|s| !m.meta.is_computer(s))
    {
        security_panel(ui, m, &hud.security, &hud.notice, &mut send.security);
        return;
    }
    let commands = hud.legal.get(m).to_vec();
    let thinking = hud
        .computer
        .thinking(hud.time.elapsed_secs())
        .map(|(_, secs)| secs);
    let view = prompt::PromptView {
        current: m,
        legal: &commands,
        aim: &hud.aim,
        preview: &hud.aim_preview,
        tray: &hud.tray,
        tumble: &hud.tumble,
        thinking,
    };
    let mut out = Out::default();
    prompt::show(ui, &view, &mut out);
    notice_line(ui, &hud.notice);
    for a in out.answers {
        send.answers.write(a);
    }
    for a in out.aims {
        send.aims.write(a);
    }
}

/// What another seat must decide, and whom the match waits for.
fn waiting(ui: &mut egui::Ui, m: &Match, words: &str, hud: &HudGame) {
    if let Some(decision) = m.game().decision() {
        crate::screens::theme::caption(ui, "DECISION");
        ui.label(
            egui::RichText::new(crate::headless::game::describe::decision(
                m.game(),
                &m.meta,
                decision,
            ))
            .size(16.0)
            .strong(),
        );
    }
    ui.label(egui::RichText::new(words).italics());
    notice_line(ui, &hud.notice);
    ui.separator();
    dice::dice_tray(ui, &hud.tray, &hud.tumble);
}

fn release_view_area(mut view_area: ResMut<ViewArea>) {
    view_area.0 = None;
}
