//! The battle's panels around the 3D view: top bar (teams, Luck, turn, save, undo, menu),
//! the decision prompt (left), the card panel (right), the log (bottom), and labels on the
//! table for the Path of Attack. During deployment the left panel guides the deploying
//! player. Whatever the panels leave free becomes the camera's viewport, so the table is
//! never hidden behind a panel.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_rules::{Command, Seat};

use prompt::Out;

use crate::headless::flow::aim::{Aim, AimIntent, AimPreview};
use crate::headless::flow::battle::BattleIntent;
use crate::headless::flow::coach::{Coach, ToggleCoach};
use crate::headless::flow::deploy::{DeployIntent, Deployment};
use crate::headless::flow::menu::MenuIntent;
use crate::headless::flow::solo::Computer;
use crate::headless::game::feed::DiceTray;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::Match;
use crate::headless::notice::Notice;
use crate::headless::persist::saves::SaveIntent;
use crate::headless::screen::Screen;
use crate::screens::theme::{MUTED, caption, notice_line, panel_frame};
use crate::table::camera::{TableCamera, ViewArea};
use crate::table::scene::BattleScene;
use crate::table::selection::SelectedModel;
use crate::table::spawn::{ActionTokens, CardSkills, Miniature, Teams};

mod card_panel;
mod coach_panel;
mod dice;
mod log_panel;
mod preview;
mod prompt;
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
            .in_set(crate::screens::PanelsDrawn),
    );
    app.add_systems(OnExit(Screen::Battle), release_view_area);
}

/// Everything the HUD sends.
#[derive(SystemParam)]
struct HudOut<'w> {
    answers: MessageWriter<'w, BattleIntent>,
    aims: MessageWriter<'w, AimIntent>,
    deploys: MessageWriter<'w, DeployIntent>,
    saves: MessageWriter<'w, SaveIntent>,
    menu: MessageWriter<'w, MenuIntent>,
    coach: MessageWriter<'w, ToggleCoach>,
}

/// The match state the HUD shows.
#[derive(SystemParam)]
struct HudGame<'w> {
    current: Option<Res<'w, Match>>,
    deployment: Option<Res<'w, Deployment>>,
    aim: Res<'w, Aim>,
    aim_preview: Res<'w, AimPreview>,
    tray: Res<'w, DiceTray>,
    notice: Res<'w, Notice>,
    legal: ResMut<'w, LegalCache>,
    computer: Res<'w, Computer>,
    time: Res<'w, Time>,
    coach: Res<'w, Coach>,
    bindings: Res<'w, crate::headless::persist::bindings::Bindings>,
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
    hud: HudGame,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    send: HudOut,
    mut save_name: Local<String>,
) -> Result {
    let HudGame {
        current,
        deployment,
        aim,
        aim_preview,
        tray,
        notice,
        mut legal,
        computer,
        time,
        coach,
        bindings,
    } = hud;
    let HudOut {
        mut answers,
        mut aims,
        mut deploys,
        mut saves,
        mut menu,
        coach: mut coach_toggle,
    } = send;
    let ctx = contexts.ctx_mut()?.clone();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "battle_hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let status = match (&current, &deployment) {
        (Some(m), _) => format!(
            "Turn {} · Control: {}",
            m.game().turns() + 1,
            m.meta.seat_name(m.game().control())
        ),
        (None, Some(d)) => format!("Deployment · {}", d.meta.seat_label(Seat(d.seat as u8))),
        _ => String::new(),
    };
    // Each seat's side (TeamId): allies share one in a team game (CTRL-18).
    let sides: Vec<u8> = match (&current, &deployment) {
        (Some(m), _) => m.game().setup().players.iter().map(|p| p.team.0).collect(),
        (None, Some(d)) => d.skirmish.setup.players.iter().map(|p| p.team.0).collect(),
        _ => Vec::new(),
    };
    top_bar::show(&mut root, &scene.name, &teams.0, &sides, &status, |ui| {
        if let Some(m) = &current {
            if ui
                .add_enabled(m.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("Only steps that rolled no dice and revealed nothing")
                .clicked()
            {
                answers.write(BattleIntent::Undo);
            }
            ui.add(
                egui::TextEdit::singleline(&mut *save_name)
                    .desired_width(90.0)
                    .hint_text("save name"),
            );
            if ui.button("Save").clicked() {
                let name = if save_name.trim().is_empty() {
                    "quicksave".to_string()
                } else {
                    save_name.clone()
                };
                saves.write(SaveIntent::Save(name));
            }
        }
        // Solo play: the coach rates the person's options (play::coach).
        if current
            .as_ref()
            .is_some_and(|m| !m.meta.computer_seats().is_empty())
            && ui
                .selectable_label(coach.open, "Coach")
                .on_hover_text("How the Normal AI rates the options of your last decision")
                .clicked()
        {
            coach_toggle.write(ToggleCoach);
        }
        if ui
            .button("Menu")
            .on_hover_text("The game is autosaved after every activation")
            .clicked()
        {
            menu.write(MenuIntent::ToMenu);
        }
    });
    let card = selected.0.and_then(|entity| models.get(entity).ok());
    let layer = match (&current, card) {
        (Some(m), Some((mini, _, _))) if mini.model.index() < m.game().model_count() => Some(
            crate::headless::game::card_layer::CardLayer::of(m.game(), mini.model),
        ),
        _ => None,
    };
    card_panel::show(&mut root, card, &teams.0, layer.as_ref(), &bindings);
    log_panel::show(&mut root, &log);

    let mut out = Out::default();
    egui::Panel::left("prompt_panel")
        .frame(panel_frame())
        .resizable(false)
        .exact_size(330.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                if let Some(d) = &deployment {
                    caption(ui, "DEPLOYMENT");
                    ui.label(egui::RichText::new(d.meta.seat_label(Seat(d.seat as u8))).size(18.0).strong());
                    ui.label("Drag your models within your highlighted zone, or click a model and then the table.");
                    ui.label(egui::RichText::new("Each spot is checked: inside the zone, on the table, clear of scenery and other bases.").color(MUTED));
                    notice_line(ui, &notice);
                    if ui.button(egui::RichText::new("Deployment done").strong()).clicked() {
                        deploys.write(DeployIntent::Confirm);
                    }
                } else if let Some(m) = &current {
                    let commands = legal.get(m).to_vec();
                    let thinking = computer.thinking(time.elapsed_secs()).map(|(_, secs)| secs);
                    let view = prompt::PromptView {
                        current: m,
                        legal: &commands,
                        aim: &aim,
                        preview: &aim_preview,
                        tray: &tray,
                        thinking,
                    };
                    prompt::show(ui, &view, &mut out);
                    notice_line(ui, &notice);
                }
            });
        });
    for a in out.answers {
        answers.write(a);
    }
    for a in out.aims {
        aims.write(a);
    }

    let free = root.available_rect_before_wrap();
    let area = Some(Rect::new(free.min.x, free.min.y, free.max.x, free.max.y));
    if view_area.0 != area {
        view_area.0 = area;
    }

    // Labels on the table: each +1 on its piece, the blocking barrier, the target.
    if let (AimPreview::Target(t), Ok((cam, cam_transform))) = (&*aim_preview, camera.single())
        && let Some(poa) = &t.poa
    {
        {
            let painter =
                ctx.layer_painter(egui::LayerId::new(egui::Order::Middle, "poa_labels".into()));
            let mut marks: Vec<(&str, Vec3, egui::Color32)> = poa
                .cover
                .iter()
                .map(|c| {
                    (
                        c.label.as_str(),
                        c.at,
                        egui::Color32::from_rgb(250, 204, 40),
                    )
                })
                .collect();
            if let Some(b) = &poa.blocked_by {
                marks.push((b.label.as_str(), b.at, egui::Color32::from_rgb(240, 90, 80)));
            }
            if let Some(worst) = t.worst_case() {
                let text = format!(
                    "{:.0}% ({:.0}% with Luck)",
                    worst.odds.plain * 100.0,
                    worst.odds.actor_luck * 100.0
                );
                let at = poa.to + Vec3::Y * 1.2;
                if let Ok(p) = cam.world_to_viewport(cam_transform, at) {
                    label(&painter, egui::pos2(p.x, p.y), &text, egui::Color32::WHITE);
                }
            }
            for (text, at, colour) in marks {
                if let Ok(p) = cam.world_to_viewport(cam_transform, at) {
                    label(&painter, egui::pos2(p.x, p.y), text, colour);
                }
            }
        }
    }
    Ok(())
}

fn label(painter: &egui::Painter, at: egui::Pos2, text: &str, colour: egui::Color32) {
    let galley = painter.layout_no_wrap(text.to_string(), egui::FontId::proportional(14.0), colour);
    let rect = egui::Rect::from_center_size(at, galley.size() + egui::vec2(10.0, 6.0));
    painter.rect_filled(
        rect,
        4.0,
        egui::Color32::from_rgba_unmultiplied(10, 10, 14, 220),
    );
    painter.galley(rect.min + egui::vec2(5.0, 3.0), galley, colour);
}

fn release_view_area(mut view_area: ResMut<ViewArea>) {
    view_area.0 = None;
}
