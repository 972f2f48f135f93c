//! Playing a match, headless: the flow from the main menu through game set-up, team
//! building and deployment to the battle and its result, driven by intent messages that the
//! egui screens (or a test, or the smoke script) send. The rules `Game` lives in the
//! [`match_state::Match`] resource; nothing here implements a rule.

use bevy::prelude::*;
use redline_content::Catalog;
use redline_rules::Seat;

use crate::screens::Screen;

pub mod aim;
pub mod autoplay;
pub mod builder;
pub mod card_layer;
pub mod coach;
pub mod deploy;
pub mod describe;
pub mod ending;
pub mod feed;
pub mod flow;
pub mod hand_over;
pub mod match_state;
pub mod menu;
pub mod meta;
pub mod new_game;
pub mod one_off;
pub mod probe;
pub mod solo;

/// The loaded content: the embedded starter pack plus any `--pack`.
#[derive(Resource, Debug, Clone)]
pub struct Content(pub Catalog);

impl Default for Content {
    fn default() -> Self {
        Content(redline_content::starter())
    }
}

/// The order of the play systems inside `AppSystems::Update`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlaySystems {
    /// A hand-over confirmed with what the screen showed last frame.
    TakeOver,
    /// Computer seats: deploy, think on the task pool, send ready answers.
    Computer,
    /// Intents applied: menus, team building, deployment, answers.
    Apply,
    /// What follows from the new state: the decider, previews, entity sync.
    Derive,
}

/// The player who must act on the current screen (the seat building its team, deploying,
/// or answering the game's decision); `None` when nobody in particular.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Decider(pub Option<Seat>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Content>();
    app.init_resource::<Decider>();
    app.init_resource::<Notice>();
    app.add_plugins((
        menu::plugin,
        new_game::plugin,
        builder::plugin,
        deploy::plugin,
        flow::plugin,
        hand_over::plugin,
        feed::plugin,
        aim::plugin,
        solo::plugin,
        coach::plugin,
    ));
    app.configure_sets(
        Update,
        (
            PlaySystems::TakeOver,
            PlaySystems::Computer,
            PlaySystems::Apply,
            PlaySystems::Derive,
        )
            .chain()
            .in_set(crate::AppSystems::Update),
    );
    app.add_systems(Update, update_decider.in_set(PlaySystems::Derive));
    app.add_systems(OnEnter(Screen::MainMenu), forget_decider);
}

/// Who decides now, from whichever of team building, deployment or the match is running.
fn update_decider(
    screen: Res<State<Screen>>,
    builder: Option<Res<builder::TeamBuilder>>,
    deployment: Option<Res<deploy::Deployment>>,
    current: Option<Res<match_state::Match>>,
    mut decider: ResMut<Decider>,
) {
    let seat = match screen.get() {
        Screen::TeamBuilder => builder.map(|b| Seat(b.seat as u8)),
        Screen::Battle => match (deployment, current) {
            (Some(d), _) => Some(Seat(d.seat as u8)),
            (None, Some(m)) => m.decider(),
            _ => None,
        },
        _ => None,
    };
    if decider.0 != seat {
        decider.0 = seat;
    }
}

fn forget_decider(mut decider: ResMut<Decider>) {
    decider.0 = None;
}

/// A message for the player about something the app did (saved, loaded, refused).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Notice {
    /// The sentence; empty when there is nothing to say.
    pub text: String,
    /// Whether it reports a failure.
    pub error: bool,
}

impl Notice {
    /// Reports a success.
    pub fn info(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.error = false;
    }

    /// Reports a failure.
    pub fn error(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.error = true;
    }
}
