//! Redline's campaigns (CAMP-1..CAMP-44): a gang that grows from game to game.
//!
//! A [`Campaign`] holds each player's team with its HQ and Supply card groups (CAMP-6),
//! completed Objectives, Street Cred, the Wounded Leader card and the history of games with
//! their command logs and seeds. It moves forward only through [`Step`]s applied with
//! [`Campaign::apply`]: before a game the scenario (Prove Your Worth forced at 10 Street
//! Cred), the Objective draw and the teams built from the HQ; after the game its command log,
//! which the campaign replays to find the winner and the completed Objectives, then the
//! guided sequence of promotion, recovery rolls, Shared Market and clean-up. A refused step
//! names its rule and leaves the campaign untouched. All dice come from the campaign's seed,
//! and every roll is recorded like a battle roll.
//!
//! [`save`] stores a campaign as versioned RON, atomically, keeping the previous copy; a
//! campaign read back is checked whole before it is used ([`loaded`]).
//!
//! ```
//! use redline_campaign::{Campaign, NewPlayer, Phase, Step};
//!
//! let catalog = redline_content::starter();
//! let players = [NewPlayer::new("Ana", "ashfall"), NewPlayer::new("Bo", "tidewater")];
//! let mut campaign = Campaign::new(&catalog, "Harbour Wars", 7, &players, false).unwrap();
//! campaign
//!     .apply(&catalog, Step::ChooseScenario { agreed: Some("street_claim".into()) })
//!     .unwrap();
//! assert_eq!(campaign.phase, Phase::Objectives);
//! ```

mod after;
mod arc;
mod before;
mod campaign;
mod claims;
mod deploy;
pub mod dice;
mod error;
mod hq;
pub mod loaded;
mod oneoff;
pub mod save;
mod service;
pub mod sim;
mod state;
pub mod track;
pub mod watch;

pub use after::recovery_of;
pub use arc::{ArcEnding, ArcState};
pub use campaign::{Campaign, NewPlayer, Step, card_name};
pub use error::CampaignError;
pub use hq::Fieldable;
pub use oneoff::{OneOffEntry, equalising_draw, one_off_rules};
pub use state::{
    CampaignTeam, CardGroup, Casualty, CompletedObjective, Medic, NextGame, Offer,
    PROVE_YOUR_WORTH_CRED, PendingGame, Phase, PlayedGame,
};
pub use watch::{ObjectiveWatch, Reveal};
