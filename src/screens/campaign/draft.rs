//! A person's team for a campaign game: the members drafted from the HQ (remove one), the
//! HQ's cards still to add, and what the engine's team checks say (`check_team`).

use bevy::prelude::*;
use bevy_egui::egui;
use redline_campaign::{Campaign, CampaignTeam};
use redline_content::Catalog;
use redline_content::team::{MemberSpec, TeamSpec, check_team};

use crate::headless::campaign::{CampaignIntent, CampaignSession, DraftChange};
use crate::screens::campaign::names::card_name;
use crate::screens::theme::{BAD, GOOD, MUTED};

/// A person's team for the game: members (remove), HQ cards (add), what the checks say.
pub(super) fn draft(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    session: &CampaignSession,
    t: usize,
    out: &mut MessageWriter<CampaignIntent>,
) {
    let c = &session.campaign;
    ui.label(egui::RichText::new(format!("{}'s team", c.teams[t].player)).strong());
    let Some(spec) = session.drafts.get(t).cloned().flatten() else {
        ui.label(egui::RichText::new("preparing the quick team from the HQ…").color(MUTED));
        return;
    };
    // The Gear and programs the team may field; whether a member may carry a card (Street
    // Cred, limits, EB) shows as the draft's live violations.
    let fieldable = c.fieldable(catalog, t);
    let kit: Vec<String> = fieldable
        .gear
        .into_iter()
        .chain(fieldable.programs)
        .collect();
    let mut d = Drafting { catalog, t, out };
    for (i, m) in spec.members.iter().enumerate() {
        draft_member(ui, &mut d, i, m, &kit);
    }
    draft_additions(ui, &mut d, &c.teams[t], &spec);
    let legal = draft_checks(ui, catalog, c, t, &spec);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                legal,
                egui::Button::new(egui::RichText::new("Ready").strong()),
            )
            .clicked()
        {
            d.out.write(CampaignIntent::Ready { team: t });
        }
        if ui.button("Start again from the quick team").clicked() {
            d.change(DraftChange::Reset);
        }
    });
}

/// A draft's changes go to one campaign team.
struct Drafting<'a, 'w> {
    catalog: &'a Catalog,
    t: usize,
    out: &'a mut MessageWriter<'w, CampaignIntent>,
}

impl Drafting<'_, '_> {
    fn change(&mut self, change: DraftChange) {
        self.out.write(CampaignIntent::Draft {
            team: self.t,
            change,
        });
    }
}

/// One member of a draft: remove it, take a card off it, equip it from the kit.
fn draft_member(ui: &mut egui::Ui, d: &mut Drafting, i: usize, m: &MemberSpec, kit: &[String]) {
    let catalog = d.catalog;
    ui.horizontal_wrapped(|ui| {
        if ui.small_button("Remove").clicked() {
            d.change(DraftChange::Remove(i));
        }
        ui.label(card_name(catalog, &m.card));
        // Gear and programs on the member: a click takes one off.
        for card in m.gear.iter().chain(&m.programs) {
            if ui
                .small_button(format!("{} ×", card_name(catalog, card)))
                .on_hover_text("Unequip")
                .clicked()
            {
                d.change(DraftChange::Unequip {
                    member: i,
                    card: card.clone(),
                });
            }
        }
        if catalog.gonks.get(&m.card).is_some() {
            return;
        }
        egui::ComboBox::from_id_salt(("campaign_equip", d.t, i))
            .selected_text("Equip…")
            .show_ui(ui, |ui| {
                for card in kit {
                    if ui
                        .selectable_label(false, card_name(catalog, card))
                        .clicked()
                    {
                        d.change(DraftChange::Equip {
                            member: i,
                            card: card.clone(),
                        });
                    }
                }
            });
    });
}

/// The HQ's characters not in the draft yet, and its Gonks, to add.
fn draft_additions(ui: &mut egui::Ui, d: &mut Drafting, team: &CampaignTeam, spec: &TeamSpec) {
    let catalog = d.catalog;
    ui.horizontal_wrapped(|ui| {
        ui.label("Add from the HQ:");
        let absent = team
            .hq
            .characters
            .iter()
            .filter(|id| !spec.members.iter().any(|m| m.card == **id));
        for id in absent.chain(team.hq.gonks.iter()) {
            if ui.small_button(card_name(catalog, id)).clicked() {
                d.change(DraftChange::Add(id.clone()));
            }
        }
    });
}

/// The draft's cost when legal, else every rule it breaks; whether it is legal.
fn draft_checks(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    c: &Campaign,
    t: usize,
    spec: &TeamSpec,
) -> bool {
    let rules = c.team_rules(catalog, t, spec);
    let checked = check_team(catalog, spec, &rules);
    let mut problems: Vec<String> = checked
        .as_ref()
        .err()
        .into_iter()
        .flatten()
        .map(ToString::to_string)
        .collect();
    if let Err(e) = c.check_from_hq(catalog, t, spec) {
        problems.push(e.to_string());
    }
    match checked {
        Ok(summary) => {
            ui.label(
                egui::RichText::new(format!(
                    "{} EB of {} — legal",
                    summary.cost,
                    rules.eb_limit + rules.bonus_eb
                ))
                .color(GOOD),
            );
        }
        Err(_) => {
            for p in &problems {
                ui.label(egui::RichText::new(p).color(BAD));
            }
        }
    }
    problems.is_empty()
}
