//! The builder's second column: what the team may still add, and with "show every card"
//! the members it could hire that would break a rule.

use bevy_egui::egui;
use redline_content::team::{Addition, available_additions};

use super::{Building, addition_text};
use crate::headless::flow::builder_intents::BuilderIntent;
use crate::screens::theme::caption;

/// The additions the rules allow now (a campaign team only from its HQ), then, when asked,
/// the members that would break a rule.
pub(super) fn additions(ui: &mut egui::Ui, b: &mut Building, show_all: &mut bool) {
    let (catalog, builder) = (b.catalog, b.builder);
    caption(ui, "ADD");
    ui.checkbox(show_all, "Show every card (even ones that break a rule)");
    egui::ScrollArea::vertical()
        .id_salt("additions")
        .max_height(440.0)
        .show(ui, |ui| {
            let mut allowed = available_additions(catalog, builder.team(), builder.current_rules());
            let fieldable = builder.fieldable(catalog);
            allowed.retain(|a| fieldable.as_ref().is_none_or(|f| f.allows(a)));
            for a in &allowed {
                if ui.button(addition_text(catalog, builder, a)).clicked() {
                    b.out.write(BuilderIntent::Add(a.clone()));
                }
            }
            if *show_all {
                ui.separator();
                caption(ui, "BREAKS A RULE");
                rule_breakers(ui, b, &allowed);
            }
        });
}

/// Every character and Gonk the faction may hire that is not among `allowed`.
fn rule_breakers(ui: &mut egui::Ui, b: &mut Building, allowed: &[Addition]) {
    let (catalog, builder) = (b.catalog, b.builder);
    let faction = &builder.team().faction;
    let characters =
        catalog
            .hireable_characters(faction)
            .into_iter()
            .map(|c| Addition::Character {
                card: c.id.clone(),
                cost: c.cost,
            });
    let gonks = catalog
        .hireable_gonks(faction)
        .into_iter()
        .map(|g| Addition::Gonk {
            card: g.id.clone(),
            cost: u32::try_from(g.cost).unwrap_or(0),
        });
    let member_card = |a: &Addition| match a {
        Addition::Character { card, .. } | Addition::Gonk { card, .. } => Some(card.clone()),
        Addition::Gear { .. } | Addition::Program { .. } => None,
    };
    let listed: Vec<String> = allowed.iter().filter_map(member_card).collect();
    for a in characters.chain(gonks) {
        if member_card(&a).is_some_and(|card| listed.contains(&card)) {
            continue;
        }
        let text = format!("⚠ {}", addition_text(catalog, builder, &a));
        let warn = egui::RichText::new(text).color(egui::Color32::from_rgb(240, 170, 80));
        if ui.button(warn).clicked() {
            b.out.write(BuilderIntent::Add(a));
        }
    }
}
