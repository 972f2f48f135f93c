//! The team builder screen: the seat's faction and members (with Gear and programs),
//! what can still be added (from `available_additions`), every violation as it happens
//! (from `check_team`), the EB total, rosters, undo and "done".

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_content::Catalog;
use redline_content::team::Addition;

use crate::headless::content::Content;
use crate::headless::flow::builder::TeamBuilder;
use crate::headless::flow::builder_intents::BuilderIntent;
use crate::headless::notice::Notice;
use crate::headless::persist::rosters::Rosters;
use crate::headless::screen::Screen;

mod additions;
mod team;
mod totals;

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

/// A card by name: a character with its stars, a Gonk or program said as such.
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

/// An addition as its button says it, with its cost.
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

/// What the builder's columns show and send.
struct Building<'a, 'w> {
    catalog: &'a Catalog,
    builder: &'a TeamBuilder,
    out: &'a mut MessageWriter<'w, BuilderIntent>,
}

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
    let mut b = Building {
        catalog: &content.0,
        builder: &builder,
        out: &mut out,
    };
    egui::Window::new(format!("Team builder — Player {}", builder.seat + 1))
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .fixed_size(egui::vec2(1180.0, 560.0))
        .show(ctx, |ui| {
            ui.columns(3, |cols| {
                team::faction_and_members(&mut cols[0], &mut b);
                additions::additions(&mut cols[1], &mut b, &mut view.show_all);
                totals::totals(&mut cols[2], &mut b);
                totals::rosters(&mut cols[2], &mut b, &rosters, &mut view.roster_name);
                totals::done(&mut cols[2], &mut b, &notice);
            });
        });
    Ok(())
}
