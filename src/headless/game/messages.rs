//! What the match flow tells the rest of the app as the match goes on: the events of each
//! answer, a step taken back, the match started, an activation closed, the match over.
//! The table animates and logs from them; the autosave and the campaign listen to them.

use bevy::prelude::*;
use redline_rules::{Command, Event};

/// What one answer made happen, in order.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct MatchEvents(pub Vec<Event>);

/// The match went back a step; the view re-reads the state.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchRewound;

/// A match was put on the table (new, loaded or resumed): the `Match` resource holds it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchStarted;

/// An answer closed an activation, an Inspire or a seat's deployment, and the game goes on:
/// a point to keep.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActivationClosed;

/// An answer ended the game.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchEnded;

/// An answer for the host of an online match: checked by the engine here (a refusal is
/// shown at once) and sent to the host, which plays it and sends the step back.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct AnswerToHost(pub Command);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AnswerToHost>();
    app.add_message::<MatchEvents>();
    app.add_message::<MatchRewound>();
    app.add_message::<MatchStarted>();
    app.add_message::<ActivationClosed>();
    app.add_message::<MatchEnded>();
}
