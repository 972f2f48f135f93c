//! Scenery objects dragged in play (MOVE-14..MOVE-16, MOVE-21): each piece stands where the
//! engine's game has it, its solids and its model shifted by `Game::moved_objects`, so a
//! loaded game, an undone step and an online match all show the table as it stands.

use bevy::prelude::*;

use crate::headless::game::match_state::Match;
use crate::headless::schedule::AppSystems;
use crate::headless::screen::Screen;
use crate::table::spawn::{DressedScenery, Scenery};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        follow_dragged_objects
            .after(AppSystems::Update)
            .run_if(in_state(Screen::Battle)),
    );
}

/// How far the engine has moved the piece `id` from its set-up place, in inches.
fn shift_of(moved: &[(u32, [f32; 3])], ids: std::ops::Range<u32>) -> Vec3 {
    moved
        .iter()
        .find(|(object, _)| ids.contains(object))
        .map_or(Vec3::ZERO, |(_, by)| Vec3::from(*by))
}

/// Puts every scenery piece, solids and model, where the game has it now.
fn follow_dragged_objects(
    current: Option<Res<Match>>,
    mut solids: Query<(&Scenery, &mut Transform), Without<DressedScenery>>,
    mut models: Query<(&DressedScenery, &mut Transform), Without<Scenery>>,
) {
    let Some(current) = current else {
        return;
    };
    let moved = current.game().moved_objects();
    for (scenery, mut transform) in &mut solids {
        let at = shift_of(moved, scenery.id.0..scenery.id.0 + 1);
        if transform.translation != at {
            transform.translation = at;
        }
    }
    for (DressedScenery(dressed), mut transform) in &mut models {
        let parts = dressed.first_part..dressed.first_part + dressed.piece.parts.len() as u32;
        let at = dressed.at + shift_of(moved, parts);
        if transform.translation != at {
            transform.translation = at;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_16_a_piece_takes_the_shift_of_any_of_its_parts_and_no_other() {
        let moved = [(3, [1.0, 0.0, -0.5]), (7, [0.0, -2.0, 0.0])];
        assert_eq!(shift_of(&moved, 3..4), Vec3::new(1.0, 0.0, -0.5));
        assert_eq!(shift_of(&moved, 5..8), Vec3::new(0.0, -2.0, 0.0));
        assert_eq!(shift_of(&moved, 4..7), Vec3::ZERO);
        assert_eq!(shift_of(&[], 0..10), Vec3::ZERO);
    }
}
