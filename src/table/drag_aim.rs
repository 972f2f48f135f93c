//! The table's mark of an aimed Drag (MOVE-14, BRAWL-11): the scenery piece or the
//! miniature under the pointer that the engine offers a drag of, or the one picked, carries
//! [`DragHighlight`], and the visuals outline it. Where the drag goes is the aim's
//! `AimPreview::Drag`, the engine's offered drag nearest the pointer.

use bevy::prelude::*;

use crate::headless::flow::aim::{Aim, DragOffers, Dragged};
use crate::headless::schedule::{AppSystems, PlaySystems};
use crate::headless::screen::Screen;
use crate::table::spawn::{Miniature, Scenery};

/// A scenery piece or a miniature the aimed Drag would pick (or has picked).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DragHighlight;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mark_the_dragged
            .after(PlaySystems::Derive)
            .in_set(AppSystems::Update)
            .run_if(in_state(Screen::Battle)),
    );
}

/// What the aimed Drag highlights: what it picked, else the piece or model under the
/// pointer when the engine offers a drag of it.
pub fn highlighted(aim: &Aim, offers: &DragOffers) -> Option<Dragged> {
    aim.action.as_ref()?;
    aim.dragged.or_else(|| {
        let offered = |d: &Dragged| offers.offers(*d);
        (aim.pointed_piece.map(Dragged::Object).filter(offered))
            .or_else(|| aim.hover.map(Dragged::Model).filter(offered))
    })
}

/// Puts [`DragHighlight`] on exactly the highlighted piece or miniature.
fn mark_the_dragged(
    mut commands: Commands,
    aim: Res<Aim>,
    offers: Res<DragOffers>,
    scenery: Query<(Entity, &Scenery, Has<DragHighlight>)>,
    miniatures: Query<(Entity, &Miniature, Has<DragHighlight>)>,
) {
    if !aim.is_changed() && !offers.is_changed() {
        return;
    }
    let wanted = highlighted(&aim, &offers);
    let pieces = scenery
        .iter()
        .map(|(e, s, has)| (e, Dragged::Object(s.id.0), has));
    let models = (miniatures.iter()).map(|(e, m, has)| (e, Dragged::Model(m.model), has));
    for (entity, dragged, has) in pieces.chain(models) {
        match (wanted == Some(dragged), has) {
            (true, false) => {
                commands.entity(entity).insert(DragHighlight);
            }
            (false, true) => {
                commands.entity(entity).remove::<DragHighlight>();
            }
            _ => {}
        }
    }
}
