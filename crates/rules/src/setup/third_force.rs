//! The third force (THIRD-1): an optional neutral crew or lone heavy that the engine plays
//! itself. Its models are ordinary models owned by one extra seat on a team of its own; the
//! setup names that seat and the deck of destinations it draws from (THIRD-3).
//!
//! [`Setup::add_third_force`] is the one way to put a third force into a game: a scenario
//! that names one, the CLI's `--third-force` and the app's settings toggle all call it.

use std::sync::Arc;

use redline_battlespace::{DeploymentZone, ModelBase, Quarter};
use serde::{Deserialize, Serialize};

use crate::geometry::radius_from_mm;
use crate::ids::{Seat, TeamId};
use crate::setup::card::ModelProfile;
use crate::setup::scenario::Entry;
use crate::setup::{ModelSetup, PlayerSetup, Setup, SetupError};

/// Grid step, in inches, of the spots searched for the third force's bases.
const PLACE_STEP: f32 = 0.5;

/// How far from the table's centre its models may start, in inches, tried in turn.
const PLACE_RADII: [f32; 3] = [4.0, 8.0, 40.0];

/// One card of a third force's destination deck: where it heads this round (THIRD-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Destination {
    /// Where most attacks were made since its last draw; with no attack made, the crew
    /// model nearest to it.
    LoudestFight,
    /// The scenario marker nearest to it that is still in the game; with none, the loudest
    /// fight.
    Marker,
    /// The centre of this quarter of the table (FIELD-10).
    Quarter(Quarter),
    /// The crew model nearest to it.
    NearestCrew,
}

impl std::fmt::Display for Destination {
    /// What the log says it heads for: "the loudest fight", "the north-east quarter".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Destination::LoudestFight => f.write_str("the loudest fight"),
            Destination::Marker => f.write_str("the nearest marker"),
            Destination::NearestCrew => f.write_str("the nearest crew"),
            Destination::Quarter(q) => f.write_str(match q {
                Quarter::NorthWest => "the north-west quarter",
                Quarter::NorthEast => "the north-east quarter",
                Quarter::SouthWest => "the south-west quarter",
                Quarter::SouthEast => "the south-east quarter",
            }),
        }
    }
}

/// The deck a third force draws from when its data gives none.
pub const STANDARD_DECK: [Destination; 6] = [
    Destination::LoudestFight,
    Destination::LoudestFight,
    Destination::Marker,
    Destination::NearestCrew,
    Destination::Quarter(Quarter::NorthWest),
    Destination::Quarter(Quarter::SouthEast),
];

/// The third force of a game: whose seat it plays and what it draws (THIRD-1, THIRD-3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThirdForce {
    /// The content id it was built from ("" for a hand-built one).
    pub id: String,
    /// The seat the engine plays for it: the last seat of the setup.
    pub seat: Seat,
    /// Its destination deck, drawn from with the game's dice; never empty.
    pub deck: Vec<Destination>,
}

/// What [`Setup::add_third_force`] adds: a name, the deck and the models' profiles.
#[derive(Debug, Clone)]
pub struct ThirdForceSpec {
    /// Content id.
    pub id: String,
    /// The name players read in the log ("The Drowned Engine").
    pub name: String,
    /// Its destination deck; empty means [`STANDARD_DECK`].
    pub deck: Vec<Destination>,
    /// Its models, set down round the table's centre in this order.
    pub models: Vec<Arc<ModelProfile>>,
}

impl Setup {
    /// The third force of this game, if one is in it (THIRD-1).
    pub fn third_force(&self) -> Option<&ThirdForce> {
        self.third_force.as_ref()
    }

    /// Puts a third force into this setup (THIRD-1): one more seat, on a team of its own,
    /// with no Luck, whose models stand on the table from the start, as near its centre as
    /// they fit clear of scenery and of every other model (THIRD-2). Refused when the setup
    /// already has one, when it has no models, or when no spot fits one of them.
    pub fn add_third_force(&mut self, spec: ThirdForceSpec) -> Result<(), SetupError> {
        let bad = |reason: &str| SetupError::ThirdForce {
            reason: reason.to_owned(),
        };
        if self.third_force.is_some() {
            return Err(bad("this game has a third force already"));
        }
        if spec.models.is_empty() {
            return Err(bad("a third force needs at least one model"));
        }
        let seat = Seat(u8::try_from(self.players.len()).map_err(|_| bad("too many seats"))?);
        let team = self.players.iter().map(|p| p.team.0).max().unwrap_or(0);
        let team = TeamId(team.checked_add(1).ok_or_else(|| bad("too many teams"))?);
        let spots = self.third_force_spots(&spec.models, seat)?;
        self.players.push(PlayerSetup {
            name: spec.name,
            team,
            luck: Some(0),
        });
        for (profile, position) in spec.models.into_iter().zip(spots) {
            self.models.push(ModelSetup {
                profile,
                owner: seat,
                position,
                hacked: 0,
                entry: Entry::Table,
            });
        }
        let deck = if spec.deck.is_empty() {
            STANDARD_DECK.to_vec()
        } else {
            spec.deck
        };
        self.third_force = Some(ThirdForce {
            id: spec.id,
            seat,
            deck,
        });
        Ok(())
    }

    /// Spots for the third force's bases round the centre, clear of the models set down.
    fn third_force_spots(
        &self,
        models: &[Arc<ModelProfile>],
        seat: Seat,
    ) -> Result<Vec<[f32; 3]>, SetupError> {
        let mut placed: Vec<ModelBase> = self
            .models
            .iter()
            .enumerate()
            .filter(|(_, m)| m.entry == Entry::Table || m.entry == Entry::Deploy)
            .map(|(i, m)| {
                ModelBase::new(i as u32, m.owner.0, m.position)
                    .with_radius(radius_from_mm(m.profile.base_mm))
            })
            .collect();
        let mut out = Vec::new();
        for profile in models {
            let radius = radius_from_mm(profile.base_mm);
            let spot = PLACE_RADII.iter().find_map(|&distance| {
                let zone = DeploymentZone::Centre { distance };
                self.battlespace
                    .placements_in_zone(zone, radius, PLACE_STEP, &placed)
                    .first()
                    .copied()
            });
            let spot = spot.ok_or_else(|| SetupError::ThirdForce {
                reason: format!("no room on the table for {}", profile.name),
            })?;
            let id = (self.models.len() + out.len()) as u32;
            placed.push(ModelBase::new(id, seat.0, spot).with_radius(radius));
            out.push(spot);
        }
        Ok(out)
    }
}
