//! Who has Control first (CTRL-15): the scenario's seat, the team with the lowest Street
//! Cred, or a roll-off with the game's seeded dice. Roll-offs are events before the first
//! decision ([`Game::opening_events`]); the winner then chooses who has Control first.

use crate::dice::Die;
use crate::field::ScenarioStep;
use crate::flow::Step;
use crate::ids::{Seat, TeamId};
use crate::protocol::event::Event;
use crate::setup::card::Colour;
use crate::setup::scenario::{FirstControl, FirstControlReason};
use crate::state::Game;

/// Rounds of re-rolled ties before a roll-off falls back to table order (never reached in
/// practice: all teams tying 64 times running).
const ROLL_OFF_ROUNDS: usize = 64;

impl Game {
    /// A team's Street Cred: the stars on all its characters, Reserves included (TEAM-15).
    pub fn street_cred(&self, team: TeamId) -> u32 {
        self.model_ids()
            .filter(|&m| self.team_of(self.owner(m)) == team && self.is_character(m))
            .map(|m| u32::from(self.profile(m).stars))
            .sum()
    }

    fn first_seat(&self, team: TeamId) -> Seat {
        self.seats_of(team).first().copied().unwrap_or(Seat(0))
    }

    /// CTRL-15: settles first Control before the game's first decision.
    pub(crate) fn settle_first_control(&mut self) {
        let teams = self.st.teams.clone();
        match self.st.setup.scenario.first_control {
            FirstControl::Seat => {
                let seat = self.st.setup.first_control;
                self.emit(Event::FirstControl {
                    seat,
                    reason: FirstControlReason::Scenario,
                });
            }
            FirstControl::LowestStreetCred => {
                let lowest = teams.iter().map(|&t| self.street_cred(t)).min();
                let tied: Vec<TeamId> = teams
                    .into_iter()
                    .filter(|&t| Some(self.street_cred(t)) == lowest)
                    .collect();
                if let [team] = tied.as_slice() {
                    let seat = self.first_seat(*team);
                    self.emit(Event::FirstControl {
                        seat,
                        reason: FirstControlReason::LowestStreetCred,
                    });
                } else {
                    self.roll_off(tied);
                }
            }
            FirstControl::RollOff => self.roll_off(teams),
        }
    }

    /// Each team's first seat rolls a RED die; ties re-roll among the tied. The winner
    /// chooses who has Control first.
    fn roll_off(&mut self, mut teams: Vec<TeamId>) {
        for _ in 0..ROLL_OFF_ROUNDS {
            let rolls: Vec<(Seat, u8)> = teams
                .iter()
                .map(|&t| (self.first_seat(t), self.dice.roll(Die::Action(Colour::Red))))
                .collect();
            let best = rolls.iter().map(|r| r.1).max().unwrap_or(0);
            self.emit(Event::FirstControlRoll {
                rolls: rolls.clone(),
            });
            teams = teams
                .into_iter()
                .zip(&rolls)
                .filter(|(_, r)| r.1 == best)
                .map(|(t, _)| t)
                .collect();
            if teams.len() == 1 {
                break;
            }
        }
        let chooser = self.first_seat(teams[0]);
        let options: Vec<Seat> = (0..self.seat_count() as u8)
            .map(Seat)
            .filter(|&s| Some(s) != self.third_force_seat()) // THIRD-1
            .filter(|&s| {
                self.model_ids()
                    .any(|m| self.owner(m) == s && self.still_playing(m))
            })
            .collect();
        self.stack.push(Step::Scenario(ScenarioStep::ChooseFirst {
            chooser,
            options,
        }));
    }
}
