//! The match as the app keeps it, headless: the [`match_state::Match`] resource over the
//! rules `Game`, the app's record of it ([`meta`]), its events in words ([`describe`],
//! [`ending`], [`feed`]), the previews a player sees before committing ([`probe`]), a
//! model's cards in play ([`card_layer`]) and the scripted player ([`autoplay`]).

use bevy::prelude::*;

pub mod autoplay;
pub mod card_layer;
pub mod describe;
pub mod ending;
pub mod feed;
pub mod match_state;
pub mod meta;
pub mod probe;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(feed::plugin);
}
