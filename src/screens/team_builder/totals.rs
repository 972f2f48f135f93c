//! The builder's third column: the EB spent against the budget, the team's figures and
//! every rule it breaks, undo and the quick team, rosters, and "done".

use bevy_egui::egui;

use super::Building;
use crate::headless::flow::builder_intents::BuilderIntent;
use crate::headless::notice::Notice;
use crate::headless::persist::rosters::Rosters;
use crate::screens::theme::{BAD, GOOD, caption, notice_line};

/// The cost against the budget, the team's figures, and the rules it breaks.
pub(super) fn totals(ui: &mut egui::Ui, b: &mut Building) {
    let (catalog, builder) = (b.catalog, b.builder);
    caption(ui, "COST");
    let cost = builder.cost(catalog);
    let rules = builder.current_rules();
    let budget = rules.eb_limit + rules.bonus_eb;
    ui.label(
        egui::RichText::new(format!("{cost} / {budget} EB"))
            .size(24.0)
            .strong()
            .color(if cost > budget { BAD } else { GOOD }),
    );
    if let Some(summary) = builder.summary(catalog) {
        ui.label(format!(
            "Street Cred {} · Influence {} · {} Gonks",
            summary.street_cred, summary.influence, summary.gonks
        ));
    }
    ui.separator();
    caption(ui, "TEAM RULES");
    let violations = builder.violations(catalog);
    if violations.is_empty() {
        ui.label(egui::RichText::new("✔ The team is legal.").color(GOOD));
    }
    for v in &violations {
        ui.label(egui::RichText::new(format!("✖ {v}")).color(BAD));
    }
    ui.separator();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(builder.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            b.out.write(BuilderIntent::Undo);
        }
        if ui.button("Quick team").clicked() {
            b.out.write(BuilderIntent::QuickTeam);
        }
    });
}

/// Saving the team as a roster, and the saved rosters to pick.
pub(super) fn rosters(ui: &mut egui::Ui, b: &mut Building, rosters: &Rosters, name: &mut String) {
    caption(ui, "ROSTERS");
    ui.horizontal(|ui| {
        ui.text_edit_singleline(name);
        if ui.button("Save").clicked() {
            b.out.write(BuilderIntent::SaveRoster(name.clone()));
        }
    });
    ui.horizontal_wrapped(|ui| {
        for r in &rosters.list {
            if ui
                .button(format!("{} ({} EB)", r.name, r.eb_limit))
                .clicked()
            {
                b.out.write(BuilderIntent::UseRoster(r.name.clone()));
            }
        }
    });
}

/// The last word, back, and "done" once the team breaks no rule.
pub(super) fn done(ui: &mut egui::Ui, b: &mut Building, notice: &Notice) {
    ui.separator();
    notice_line(ui, notice);
    let legal = b.builder.violations(b.catalog).is_empty();
    ui.horizontal(|ui| {
        if ui.button("Back").clicked() {
            b.out.write(BuilderIntent::Back);
        }
        let label = if b.builder.last_person() {
            "Done: deploy"
        } else {
            "Done: next player"
        };
        if ui
            .add_enabled(
                legal,
                egui::Button::new(egui::RichText::new(label).strong()),
            )
            .clicked()
        {
            b.out.write(BuilderIntent::Done);
        }
    });
}
