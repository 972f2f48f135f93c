//! The match as the app keeps it, headless: the [`match_state::Match`] resource over the
//! rules `Game`, the app's record of it ([`meta`]), what happens to it ([`messages`]), its
//! events in words ([`describe`], [`ending`], [`feed`] into the [`log`]), the previews a
//! player sees before committing ([`probe`]), a model's cards in play ([`card_layer`]),
//! the computer's levels ([`ai_level`]), the scripted player ([`autoplay`]) and the quick
//! skirmish ([`quick`]).

use bevy::prelude::*;

pub mod ai_level;
pub mod autoplay;
pub mod card_layer;
pub mod describe;
pub mod ending;
pub mod feed;
pub mod log;
pub mod match_state;
pub mod messages;
pub mod meta;
pub mod probe;
pub mod quick;
pub mod terms;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((messages::plugin, log::plugin, feed::plugin));
}
