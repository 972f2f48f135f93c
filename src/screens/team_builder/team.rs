//! The builder's first column: the faction (a campaign team keeps its own) and the members
//! with their Gear and programs, each removable.

use bevy_egui::egui;
use redline_content::Catalog;
use redline_content::team::MemberSpec;

use super::{Building, card_name};
use crate::headless::flow::builder::TeamBuilder;
use crate::headless::flow::builder_intents::BuilderIntent;
use crate::headless::flow::one_off::rewards_text;
use crate::screens::theme::{MUTED, caption};

/// The faction, where the team comes from, then its members.
pub(super) fn faction_and_members(ui: &mut egui::Ui, b: &mut Building) {
    let (catalog, builder) = (b.catalog, b.builder);
    let team = builder.team();
    caption(ui, "FACTION");
    // A campaign team plays its own faction.
    ui.add_enabled_ui(builder.current_campaign().is_none(), |ui| {
        ui.horizontal_wrapped(|ui| {
            for f in catalog.factions.iter() {
                if ui.selectable_label(team.faction == f.id, &f.name).clicked() {
                    b.out.write(BuilderIntent::Faction(f.id.clone()));
                }
            }
        });
    });
    if let Some(f) = catalog.factions.get(&team.faction) {
        ui.label(egui::RichText::new(&f.blurb).weak().italics());
    }
    one_off_entry(ui, catalog, builder);
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
                member(ui, b, i, m);
            }
        });
}

/// One member, its Gear and its programs, each with a button that takes it off.
fn member(ui: &mut egui::Ui, b: &mut Building, i: usize, m: &MemberSpec) {
    let catalog = b.catalog;
    ui.horizontal(|ui| {
        if ui.small_button("✖").on_hover_text("Remove").clicked() {
            b.out.write(BuilderIntent::Remove(i));
        }
        ui.label(egui::RichText::new(card_name(catalog, &m.card)).strong());
    });
    for (g, gear) in m.gear.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.add_space(24.0);
            if ui.small_button("✖").clicked() {
                b.out.write(BuilderIntent::RemoveGear {
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
                b.out.write(BuilderIntent::RemoveProgram {
                    member: i,
                    index: p,
                });
            }
            ui.label(card_name(catalog, program));
        });
    }
}

/// Where the seat's team comes from and the Objectives it counts as completed
/// (CAMP-4, CAMP-5).
fn one_off_entry(ui: &mut egui::Ui, catalog: &Catalog, builder: &TeamBuilder) {
    if let Some(pick) = builder.current_campaign() {
        ui.label(
            egui::RichText::new(format!(
                "Campaign team: {} — only cards in its HQ",
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
            "Counted as completed, they give: {}",
            rewards_text(catalog, counted)
        ))
        .color(MUTED),
    );
}
