//! What the app keeps about a match beside the engine's `Setup`: the scenario and layout
//! played, each seat's name, faction, colour and team as built, and each model's Gear and
//! programs by name (the engine only keeps their compiled effects). Saved with the replay.

use redline_content::Catalog;
use redline_content::skirmish::Skirmish;
use redline_content::team::TeamSpec;
use redline_rules::{Command, Seat};
use serde::{Deserialize, Serialize};

use crate::headless::game::ai_level::AiLevel;

/// One player at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatMeta {
    /// Name shown to players ("Player 1").
    pub name: String,
    /// Faction id.
    pub faction: String,
    /// Faction name.
    pub faction_name: String,
    /// Team colour, sRGB.
    pub colour: [u8; 3],
    /// The team as built.
    pub team: TeamSpec,
    /// The computer's level when the computer plays this seat (solo); `None` for a person.
    #[serde(default)]
    pub ai: Option<AiLevel>,
}

/// The third force's colour on the table (THIRD-1).
pub const THIRD_FORCE_COLOUR: [u8; 3] = [0xCC, 0x79, 0xA7];

/// The kit of one model in the setup, by name, for its card.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ModelKit {
    /// Gear cards, printed and bought.
    pub gear: Vec<String>,
    /// Installed programs (NET-2).
    pub programs: Vec<String>,
}

/// The app's record of a match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchMeta {
    /// Scenario id.
    pub scenario: String,
    /// Scenario name.
    pub scenario_name: String,
    /// Layout id.
    pub layout: String,
    /// Layout name.
    pub layout_name: String,
    /// Players in seat order.
    pub seats: Vec<SeatMeta>,
    /// Kit of each model, in setup order.
    pub models: Vec<ModelKit>,
    /// Hide the table between players (hot-seat hand-over screens).
    pub hand_over: bool,
    /// The standard deployment (FIELD-7): a `Command::Deploy` for each model the game
    /// leaves to place, where the skirmish set-up puts it. A person's models start there
    /// and may be moved; a computer seat deploys by it. Empty for a game set up with every
    /// model already on the table (and in saves written before the deployment was the
    /// engine's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deployment: Vec<Command>,
}

impl MatchMeta {
    /// The record of a skirmish set up from `teams` (one per seat).
    pub fn of_skirmish(
        catalog: &Catalog,
        skirmish: &Skirmish,
        teams: &[TeamSpec],
        hand_over: bool,
    ) -> MatchMeta {
        let seats = teams
            .iter()
            .enumerate()
            .map(|(seat, team)| {
                let faction = catalog.factions.get(&team.faction);
                SeatMeta {
                    name: format!("Player {}", seat + 1),
                    faction: team.faction.clone(),
                    faction_name: faction.map_or_else(|| team.faction.clone(), |f| f.name.clone()),
                    colour: faction.map_or([200, 200, 200], |f| f.colour),
                    team: team.clone(),
                    ai: None,
                }
            })
            .collect();
        // The setup lists each seat's models on the table in member order, then (when the
        // scenario allows them) each seat's Reserves, so walk the compiled teams the same way.
        let kit = |seat: usize, model: &redline_content::team::CompiledModel| {
            let member = teams
                .get(seat)
                .and_then(|t| t.members.get(model.member))
                .cloned()
                .unwrap_or_default();
            let printed = catalog
                .characters
                .get(&member.card)
                .map(|c| c.printed_gear.clone())
                .unwrap_or_default();
            let gear = printed
                .iter()
                .chain(&member.gear)
                .map(|g| {
                    catalog
                        .gear
                        .get(g)
                        .map_or_else(|| g.clone(), |c| c.name.clone())
                })
                .collect();
            let programs = model.programs.iter().map(|p| p.name.clone()).collect();
            ModelKit { gear, programs }
        };
        let mut models = Vec::new();
        for reserve in [false, true] {
            for (seat, compiled) in skirmish.teams.iter().enumerate() {
                for model in compiled.models.iter().filter(|m| m.reserve == reserve) {
                    if models.len() < skirmish.setup.models.len() {
                        models.push(kit(seat, model));
                    }
                }
            }
        }
        MatchMeta {
            scenario: skirmish.scenario.id.clone(),
            scenario_name: skirmish.scenario.name.clone(),
            layout: skirmish.layout.clone(),
            layout_name: catalog
                .layouts
                .get(&skirmish.layout)
                .map_or_else(|| skirmish.layout.clone(), |l| l.name.clone()),
            seats,
            models,
            hand_over,
            deployment: Vec::new(),
        }
    }

    /// This record with the standard deployment of its game ([`MatchMeta::deployment`]).
    pub fn with_deployment(mut self, plan: Vec<Command>) -> MatchMeta {
        self.deployment = plan;
        self
    }

    /// The seat's name with its faction: "Player 1 (Ashfall Crew)".
    pub fn seat_label(&self, seat: Seat) -> String {
        match self.seats.get(usize::from(seat.0)) {
            Some(s) => format!("{} ({})", s.name, s.faction_name),
            None => seat.to_string(),
        }
    }

    /// Marks the seats the computer plays (by seat index) and names them after their level:
    /// "Computer 2 (Easy)".
    pub fn with_computer(mut self, levels: &[Option<AiLevel>]) -> MatchMeta {
        for (i, seat) in self.seats.iter_mut().enumerate() {
            seat.ai = levels.get(i).copied().flatten();
            if let Some(level) = seat.ai {
                seat.name = format!("Computer {} ({})", i + 1, level.name());
            }
        }
        self
    }

    /// The record with the third force's seat when `setup` has one (THIRD-1): the last
    /// seat, under the setup's name for it, played by the engine itself (so by no person and
    /// no bot of the app).
    pub fn with_third_force(mut self, setup: &redline_rules::Setup) -> MatchMeta {
        let Some(force) = setup.third_force() else {
            return self;
        };
        let name = setup
            .players
            .get(usize::from(force.seat.0))
            .map_or_else(|| force.id.clone(), |p| p.name.clone());
        self.seats.push(SeatMeta {
            name: name.clone(),
            faction: force.id.clone(),
            faction_name: name,
            // Okabe–Ito's reddish purple: none of the starter factions' colours (ART.md).
            colour: THIRD_FORCE_COLOUR,
            team: TeamSpec::default(),
            ai: None,
        });
        self
    }

    /// Whether the computer plays this seat.
    pub fn is_computer(&self, seat: Seat) -> bool {
        self.seats
            .get(usize::from(seat.0))
            .is_some_and(|s| s.ai.is_some())
    }

    /// Seats the computer plays.
    pub fn computer_seats(&self) -> Vec<Seat> {
        (0..self.seats.len() as u8)
            .map(Seat)
            .filter(|s| self.is_computer(*s))
            .collect()
    }

    /// The seat's short name: "Player 1".
    pub fn seat_name(&self, seat: Seat) -> String {
        self.seats
            .get(usize::from(seat.0))
            .map_or_else(|| seat.to_string(), |s| s.name.clone())
    }
}
