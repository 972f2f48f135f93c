//! The third force the engine plays (THIRD-1..THIRD-7): what it remembers between its turns
//! (where it heads, how loud each fight has been), its draw of a destination each time
//! Control comes to it, and the loop in [`crate::Game::apply`] that answers its decisions.
//! Its choice among the legal commands is in `choose.rs`.

mod choose;

use serde::{Deserialize, Serialize};

use crate::ids::{ModelId, Seat, TeamId};
use crate::protocol::decision::DecisionKind;
use crate::protocol::event::Event;
use crate::setup::third_force::Destination;
use crate::state::Game;

/// Commands the engine plays for the third force in one go before it gives up (a guard
/// against a rule loop; a turn of the largest force takes a few dozen).
const MAX_OWN_COMMANDS: usize = 2000;

/// What the third force heads for this round (THIRD-3).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Heading {
    /// The card drawn.
    pub card: Destination,
    /// The point on the table it heads for.
    pub at: [f32; 3],
    /// The model there that made it the destination (the loudest fighter, the nearest crew
    /// model, a marker's carrier), if one did.
    pub focus: Option<ModelId>,
}

/// What the third force did, told so that a player can read why (THIRD-3, THIRD-4).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum ThirdForceEvent {
    /// Control came to it and it drew where to go this round.
    Heads {
        /// Its seat.
        seat: Seat,
        /// The destination.
        heading: Heading,
    },
}

/// The third force's memory, part of the game state: empty (and never hashed) in a game
/// without one.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub(crate) struct ThirdForceState {
    /// Where it heads; `None` before its first draw.
    pub heading: Option<Heading>,
    /// Attacks made since its last draw, by the model that made them (THIRD-3).
    pub noise: Vec<(ModelId, u16)>,
}

impl ThirdForceState {
    /// Whether there is nothing to hash.
    pub(crate) fn is_empty(&self) -> bool {
        self.heading.is_none() && self.noise.is_empty()
    }
}

impl Game {
    /// The seat the engine plays for the third force, if the game has one (THIRD-1).
    pub fn third_force_seat(&self) -> Option<Seat> {
        self.st.setup.third_force.as_ref().map(|f| f.seat)
    }

    /// The third force's team, if the game has one: a team that never wins and that no
    /// win condition counts (THIRD-6).
    pub fn third_force_team(&self) -> Option<TeamId> {
        self.third_force_seat().map(|s| self.team_of(s))
    }

    /// Whether this model belongs to the third force (THIRD-1).
    pub fn is_third_force(&self, model: ModelId) -> bool {
        self.third_force_seat().is_some_and(|s| {
            self.st
                .setup
                .models
                .get(model.index())
                .is_some_and(|m| m.owner == s)
        })
    }

    /// Where the third force heads this round, once it has drawn (THIRD-3).
    pub fn third_force_heading(&self) -> Option<Heading> {
        self.third.heading
    }

    /// THIRD-3: an attack by a crew model makes noise where it was made.
    pub(crate) fn third_force_hears(&mut self, ev: &Event) {
        let Event::ActionTaken { model, action, .. } = ev else {
            return;
        };
        if self.is_third_force(*model) || !self.action(*model, *action).is_some_and(|a| a.attack) {
            return;
        }
        match self.third.noise.iter_mut().find(|(m, _)| m == model) {
            Some((_, n)) => *n = n.saturating_add(1),
            None => self.third.noise.push((*model, 1)),
        }
    }

    /// The state change of a third-force event (through `emit`, like every other).
    pub(crate) fn apply_third_force_event(&mut self, ev: &ThirdForceEvent) {
        match ev {
            ThirdForceEvent::Heads { heading, .. } => {
                self.third.heading = Some(*heading);
                self.third.noise.clear();
            }
        }
    }

    /// THIRD-4: while a decision belongs to the third force, the engine answers it with one
    /// of its own legal commands. Runs at the end of every `apply` and at the start.
    pub(crate) fn third_force_plays(&mut self) {
        let Some(seat) = self.third_force_seat() else {
            return;
        };
        for _ in 0..MAX_OWN_COMMANDS {
            let Some(d) = &self.decision else {
                return;
            };
            if d.seat != seat {
                return;
            }
            if matches!(d.kind, DecisionKind::TakeControl { .. }) {
                self.draw_destination(seat); // THIRD-3: once each time Control comes to it
            }
            let Some(cmd) = self.third_force_choice() else {
                return;
            };
            let Ok(prepared) = self.prepare(&cmd) else {
                return;
            };
            self.execute(cmd, prepared);
            self.advance();
        }
    }

    /// THIRD-3: draws a card of its deck with the game's dice and works out where it points.
    fn draw_destination(&mut self, seat: Seat) {
        let Some(force) = self.st.setup.third_force.as_ref() else {
            return;
        };
        let n = force.deck.len() as u32;
        let card = force.deck[self.dice.below(n.max(1)) as usize];
        let (at, focus) = self.destination_of(card);
        self.emit(Event::ThirdForce(ThirdForceEvent::Heads {
            seat,
            heading: Heading { card, at, focus },
        }));
    }

    /// The point a card sends the third force to, and the model that put it there.
    fn destination_of(&self, card: Destination) -> ([f32; 3], Option<ModelId>) {
        let centre = self.third_force_centre();
        let nearest_crew = || {
            self.nearest_crew_to(centre)
                .map_or((centre, None), |m| (self.position(m), Some(m)))
        };
        let loudest = || {
            self.third
                .noise
                .iter()
                .filter(|(m, _)| self.in_play(*m))
                .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
                .map(|&(m, _)| (self.position(m), Some(m)))
                .unwrap_or_else(nearest_crew)
        };
        match card {
            Destination::LoudestFight => loudest(),
            Destination::NearestCrew => nearest_crew(),
            Destination::Quarter(q) => {
                let [x, z] = self.space().table().quarter_centre(q);
                ([x, 0.0, z], None)
            }
            Destination::Marker => self
                .markers_in_game()
                .into_iter()
                .min_by(|a, b| dist(a.0, centre).total_cmp(&dist(b.0, centre)))
                .unwrap_or_else(loudest),
        }
    }

    /// Where each scenario marker still in the game is: on the ground, or with its carrier.
    fn markers_in_game(&self) -> Vec<([f32; 3], Option<ModelId>)> {
        self.scen
            .markers
            .iter()
            .filter(|k| k.carried_off_by.is_none())
            .map(|k| match k.carrier {
                Some(c) => (self.position(c), Some(c)),
                None => (k.at, None),
            })
            .collect()
    }

    /// Crew models on the table: every model in play that is not the third force's.
    pub(crate) fn crew_in_play(&self) -> impl Iterator<Item = ModelId> + '_ {
        self.model_ids()
            .filter(|&m| self.in_play(m) && !self.is_third_force(m))
    }

    /// The table's centre, on the ground.
    fn table_centre(&self) -> [f32; 3] {
        let [x, z] = self.space().table().centre();
        [x, 0.0, z]
    }

    /// The middle of the third force's models in play (the table's centre with none).
    fn third_force_centre(&self) -> [f32; 3] {
        let mine: Vec<[f32; 3]> = self
            .model_ids()
            .filter(|&m| self.in_play(m) && self.is_third_force(m))
            .map(|m| self.position(m))
            .collect();
        if mine.is_empty() {
            return self.table_centre();
        }
        let n = mine.len() as f32;
        let sum = mine
            .iter()
            .fold([0.0; 3], |s, p| [s[0] + p[0], s[1] + p[1], s[2] + p[2]]);
        [sum[0] / n, sum[1] / n, sum[2] / n]
    }
}

/// Distance across the table (x, z), in inches.
pub(crate) fn dist(a: [f32; 3], b: [f32; 3]) -> f32 {
    use redline_battlespace::Hypot;
    (a[0] - b[0]).hypot_exact(a[2] - b[2])
}
