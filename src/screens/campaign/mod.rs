//! The campaign screens: the list of campaigns and a new campaign ([`list`]), the hub
//! between games ([`hub`]) and the guided post-game sequence ([`after`]).

use bevy::prelude::*;

mod after;
mod arc;
mod draft;
mod hub;
mod list;
mod names;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((list::plugin, hub::plugin));
}
