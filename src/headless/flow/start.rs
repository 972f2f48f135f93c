//! Starting a match: whoever sets one up (the team builder, the menu's quick skirmish and
//! loads, the campaign, the smoke scenes) puts it on the table through [`begin_match`].

use bevy::prelude::*;
use redline_content::Catalog;
use redline_rules::Seat;

use crate::headless::content::Content;

use crate::headless::flow::hand_over::HandOver;
use crate::headless::flow::solo::Computer;
use crate::headless::game::match_state::Match;
use crate::headless::game::messages::MatchStarted;
use crate::headless::screen::Screen;

/// Starts playing a match: the Battle screen opens on it and [`MatchStarted`] says so, so
/// that it is kept from here on (a crash can be continued). `viewer` is the player who has
/// the screen already (the last to build a team), if any.
pub fn begin_match(commands: &mut Commands, started: Match, viewer: Option<Seat>) {
    commands.set_state(Screen::Battle);
    commands.insert_resource(HandOver {
        enabled: started.meta.hand_over,
        viewer,
        computer: started.meta.computer_seats(),
    });
    // The computer plays each crew in character, from the content in use.
    let (meta, seed) = (started.meta.clone(), started.game().seed());
    commands.queue(move |world: &mut World| {
        let computer = match world.get_resource::<Content>() {
            Some(content) => Computer::for_match(&meta, seed, &content.0),
            None => Computer::for_match(&meta, seed, &Catalog::default()),
        };
        world.insert_resource(computer);
    });
    commands.insert_resource(started);
    commands.write_message(MatchStarted);
}
