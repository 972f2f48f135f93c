//! Picking through bevy_rapier3d: the pointer's ray is cast against colliders built from
//! the rules' own shapes (`battle::colliders`), and clicks reach the observers in
//! `battle::visuals` (a miniature selects it, the mat or a scenery top is a point on the
//! table). Rapier runs only for these queries: nothing on the table has a rigid body.

use bevy::prelude::*;
use bevy_rapier3d::prelude::{NoUserData, RapierPhysicsPlugin, RapierPickingPlugin};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        RapierPhysicsPlugin::<NoUserData>::default(),
        RapierPickingPlugin,
    ));
}
