//! The team builder screen: the seat's faction and members (with Gear and programs),
//! what can still be added (from `available_additions`), every violation as it happens
//! (from `check_team`), the EB total, rosters, undo and "done".

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_content::Catalog;
use redline_content::team::{Addition, available_additions};

use crate::headless::content::Content;
use crate::headless::flow::builder::{BuilderIntent, TeamBuilder};
use crate::headless::flow::one_off::rewards_text;
use crate::headless::notice::Notice;
use crate::headless::persist::rosters::Rosters;
use crate::headless::screen::Screen;
use crate::screens::theme::{MUTED, caption, notice_line};

/// The builder's own view settings.
#[derive(Resource, Debug, Clone, Default)]
pub struct BuilderView {
    /// List every card, also those that would break a rule.
    pub show_all: bool,
    /// The roster name being typed.
    pub roster_name: String,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BuilderView>();
    app.add_systems(
        EguiPrimaryContextPass,
        team_builder.run_if(in_state(Screen::TeamBuilder).and_then(resource_exists::<TeamBuilder>)),
    );
}

fn card_name(catalog: &Catalog, id: &str) -> String {
    if let Some(c) = catalog.characters.get(id) {
        let stars = "★".repeat(usize::from(c.stars));
        return format!(
            "{}{}{}",
            c.name,
            if stars.is_empty() { "" } else { " " },
            stars
        );
    }
    catalog
        .gonks
        .get(id)
        .map(|g| format!("{} (Gonk)", g.name))
        .or_else(|| catalog.gear.get(id).map(|g| g.name.clone()))
        .or_else(|| {
            catalog
                .programs
                .get(id)
                .map(|p| format!("{} (program)", p.name))
        })
        .unwrap_or_else(|| id.to_string())
}

fn addition_text(catalog: &Catalog, builder: &TeamBuilder, a: &Addition) -> String {
    let member = |i: usize| {
        builder
            .team()
            .members
            .get(i)
            .map_or_else(String::new, |m| card_name(catalog, &m.card))
    };
    match a {
        Addition::Character { card, cost } | Addition::Gonk { card, cost } => {
            format!("+ {}  ({cost} EB)", card_name(catalog, card))
        }
        Addition::Gear {
            member: m,
            gear,
            cost,
        } => {
            format!(
                "+ {} for {}  ({cost} EB)",
                card_name(catalog, gear),
                member(*m)
            )
        }
        Addition::Program {
            member: m,
            program,
            cost,
        } => format!(
            "+ {} on {}  ({cost} EB)",
            card_name(catalog, program),
            member(*m)
        ),
    }
}

/// Where the seat's team comes from and the Objectives it counts as completed
/// (CAMP-4, CAMP-5).
fn one_off_entry(ui: &mut egui::Ui, catalog: &Catalog, builder: &TeamBuilder) {
    if let Some(pick) = builder.current_campaign() {
        ui.label(
            egui::RichText::new(format!(
                "Campaign team: {} — only cards in its HQ (CAMP-9)",
                pick.label()
            ))
            .strong(),
        );
    }
    let counted = &builder.counted[builder.seat];
    if counted.is_empty() {
        return;
    }
    let own = builder
        .current_campaign()
        .map_or(0, |p| p.objectives().len());
    let names = |ids: &[String]| {
        ids.iter()
            .map(|o| redline_campaign::card_name(catalog, o))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if own > 0 {
        ui.label(format!("Brings completed: {}", names(&counted[..own])));
    }
    if counted.len() > own {
        ui.label(format!(
            "Drawn to match, counted as completed: {}",
            names(&counted[own..])
        ));
    }
    ui.label(
        egui::RichText::new(format!(
            "Counted as completed, they give: {} (CAMP-5)",
            rewards_text(catalog, counted)
        ))
        .color(MUTED),
    );
}

#[allow(clippy::too_many_arguments)]
fn team_builder(
    mut contexts: EguiContexts,
    builder: Res<TeamBuilder>,
    content: Res<Content>,
    rosters: Res<Rosters>,
    notice: Res<Notice>,
    mut view: ResMut<BuilderView>,
    mut out: MessageWriter<BuilderIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let catalog = &content.0;
    let team = builder.team();
    let violations = builder.violations(catalog);
    let cost = builder.cost(catalog);
    egui::Window::new(format!("Team builder — Player {}", builder.seat + 1))
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .fixed_size(egui::vec2(1180.0, 560.0))
        .show(ctx, |ui| {
            ui.columns(3, |cols| {
                // The team.
                let ui = &mut cols[0];
                caption(ui, "FACTION");
                // A campaign team plays its own faction (CAMP-9).
                ui.add_enabled_ui(builder.current_campaign().is_none(), |ui| {
                    ui.horizontal_wrapped(|ui| {
                        for f in catalog.factions.iter() {
                            if ui.selectable_label(team.faction == f.id, &f.name).clicked() {
                                out.write(BuilderIntent::Faction(f.id.clone()));
                            }
                        }
                    });
                });
                if let Some(f) = catalog.factions.get(&team.faction) {
                    ui.label(egui::RichText::new(&f.blurb).weak().italics());
                }
                one_off_entry(ui, catalog, &builder);
                ui.separator();
                caption(ui, "MEMBERS");
                egui::ScrollArea::vertical()
                    .id_salt("members")
                    .max_height(400.0)
                    .show(ui, |ui| {
                        if team.members.is_empty() {
                            ui.label(egui::RichText::new("No one hired yet.").color(MUTED));
                        }
                        for (i, m) in team.members.iter().enumerate() {
                            ui.horizontal(|ui| {
                                if ui.small_button("✖").on_hover_text("Remove").clicked() {
                                    out.write(BuilderIntent::Remove(i));
                                }
                                ui.label(egui::RichText::new(card_name(catalog, &m.card)).strong());
                            });
                            for (g, gear) in m.gear.iter().enumerate() {
                                ui.horizontal(|ui| {
                                    ui.add_space(24.0);
                                    if ui.small_button("✖").clicked() {
                                        out.write(BuilderIntent::RemoveGear {
                                            member: i,
                                            index: g,
                                        });
                                    }
                                    ui.label(format!("Gear: {}", card_name(catalog, gear)));
                                });
                            }
                            for (p, program) in m.programs.iter().enumerate() {
                                ui.horizontal(|ui| {
                                    ui.add_space(24.0);
                                    if ui.small_button("✖").clicked() {
                                        out.write(BuilderIntent::RemoveProgram {
                                            member: i,
                                            index: p,
                                        });
                                    }
                                    ui.label(card_name(catalog, program));
                                });
                            }
                        }
                    });

                // What can be added.
                let ui = &mut cols[1];
                caption(ui, "ADD");
                ui.checkbox(
                    &mut view.show_all,
                    "Show every card (even ones that break a rule)",
                );
                egui::ScrollArea::vertical()
                    .id_salt("additions")
                    .max_height(440.0)
                    .show(ui, |ui| {
                        let mut allowed =
                            available_additions(catalog, team, builder.current_rules());
                        let fieldable = builder.fieldable(catalog);
                        allowed.retain(|a| fieldable.as_ref().is_none_or(|f| f.allows(a)));
                        for a in &allowed {
                            if ui.button(addition_text(catalog, &builder, a)).clicked() {
                                out.write(BuilderIntent::Add(a.clone()));
                            }
                        }
                        if view.show_all {
                            ui.separator();
                            caption(ui, "BREAKS A RULE");
                            let eb = |c: i32| u32::try_from(c).unwrap_or(0);
                            let mut others: Vec<Addition> = catalog
                                .hireable_characters(&team.faction)
                                .iter()
                                .map(|c| Addition::Character {
                                    card: c.id.clone(),
                                    cost: c.cost,
                                })
                                .collect();
                            others.extend(
                                catalog
                                    .gonks
                                    .iter()
                                    .filter(|g| {
                                        g.merc
                                            || g.faction.as_deref() == Some(team.faction.as_str())
                                    })
                                    .map(|g| Addition::Gonk {
                                        card: g.id.clone(),
                                        cost: eb(g.cost),
                                    }),
                            );
                            for a in others.iter().filter(|a| {
                                !allowed.iter().any(|b| match (a, b) {
                                    (
                                        Addition::Character { card: x, .. },
                                        Addition::Character { card: y, .. },
                                    )
                                    | (
                                        Addition::Gonk { card: x, .. },
                                        Addition::Gonk { card: y, .. },
                                    ) => x == y,
                                    _ => false,
                                })
                            }) {
                                let text = format!("⚠ {}", addition_text(catalog, &builder, a));
                                if ui
                                    .button(
                                        egui::RichText::new(text)
                                            .color(egui::Color32::from_rgb(240, 170, 80)),
                                    )
                                    .clicked()
                                {
                                    out.write(BuilderIntent::Add(a.clone()));
                                }
                            }
                        }
                    });

                // Totals, violations, rosters, done.
                let ui = &mut cols[2];
                caption(ui, "COST");
                let rules = builder.current_rules();
                let budget = rules.eb_limit + rules.bonus_eb;
                let over = cost > budget;
                ui.label(
                    egui::RichText::new(format!("{cost} / {budget} EB"))
                        .size(24.0)
                        .strong()
                        .color(if over {
                            egui::Color32::from_rgb(240, 90, 80)
                        } else {
                            egui::Color32::from_rgb(140, 210, 140)
                        }),
                );
                if let Some(summary) = builder.summary(catalog) {
                    ui.label(format!(
                        "Street Cred {} · Influence {} · {} Gonks",
                        summary.street_cred, summary.influence, summary.gonks
                    ));
                }
                ui.separator();
                caption(ui, "TEAM RULES");
                if violations.is_empty() {
                    ui.label(
                        egui::RichText::new("✔ The team is legal.")
                            .color(egui::Color32::from_rgb(140, 210, 140)),
                    );
                }
                for v in &violations {
                    ui.label(
                        egui::RichText::new(format!("✖ {v}"))
                            .color(egui::Color32::from_rgb(240, 90, 80)),
                    );
                }
                ui.separator();
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(builder.can_undo(), egui::Button::new("Undo"))
                        .clicked()
                    {
                        out.write(BuilderIntent::Undo);
                    }
                    if ui.button("Quick team").clicked() {
                        out.write(BuilderIntent::QuickTeam);
                    }
                });
                caption(ui, "ROSTERS");
                ui.horizontal(|ui| {
                    ui.text_edit_singleline(&mut view.roster_name);
                    if ui.button("Save").clicked() {
                        out.write(BuilderIntent::SaveRoster(view.roster_name.clone()));
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    for r in &rosters.list {
                        if ui
                            .button(format!("{} ({} EB)", r.name, r.eb_limit))
                            .clicked()
                        {
                            out.write(BuilderIntent::UseRoster(r.name.clone()));
                        }
                    }
                });
                ui.separator();
                notice_line(ui, &notice);
                ui.horizontal(|ui| {
                    if ui.button("Back").clicked() {
                        out.write(BuilderIntent::Back);
                    }
                    let last = builder.last_person();
                    let label = if last {
                        "Done: deploy"
                    } else {
                        "Done: next player"
                    };
                    if ui
                        .add_enabled(
                            violations.is_empty(),
                            egui::Button::new(egui::RichText::new(label).strong()),
                        )
                        .clicked()
                    {
                        out.write(BuilderIntent::Done);
                    }
                });
            });
        });
    Ok(())
}
