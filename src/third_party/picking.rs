//! Bevy's mesh picking: clicks on miniatures select them (observers in
//! `battle::visuals`). Meshes that should not catch clicks carry `Pickable::IGNORE`.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(MeshPickingPlugin);
}
