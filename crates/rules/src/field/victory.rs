//! Scenario win conditions and the end of the game (CTRL-20, CTRL-21, FIELD-10).
//!
//! Conditions are evaluated from facts the state keeps (who is where, what was taken out
//! and by whom, which markers went where) at the moments the scenario names: most at any
//! moment (checked after every step of the flow), quarters and held markers at the end of
//! the team's own Inspire. The same facts and counters are what campaign Objective goals
//! need later (taken out by kind, markers, quarters), so they are public queries on
//! [`Game`], not private to the win check.

use crate::flow::Phase;
use crate::ids::{ModelId, Seat, TeamId};
use crate::protocol::event::Event;
use crate::protocol::outcome::Outcome;
use crate::setup::card::ModelKeyword;
use crate::setup::scenario::{EndReason, Limit, Tiebreak, WinCondition};
use crate::state::Game;

impl Game {
    /// The seats of a team, clockwise.
    pub(crate) fn seats_of(&self, team: TeamId) -> Vec<Seat> {
        (0..self.seat_count() as u8)
            .map(Seat)
            .filter(|&s| self.team_of(s) == team)
            .collect()
    }

    fn win(&self, team: TeamId, why: EndReason) -> Outcome {
        Outcome::Win {
            team,
            seats: self.seats_of(team),
            why,
        }
    }

    /// The win conditions a team plays for (CTRL-21): the scenario's shared ones and those
    /// of its seats' sides (CTRL-18), in that order, each once. None for the third force,
    /// which plays for no win (THIRD-6).
    pub fn win_conditions(&self, team: TeamId) -> Vec<WinCondition> {
        let mut out: Vec<WinCondition> = Vec::new();
        if Some(team) == self.third_force_team() {
            return out;
        }
        for seat in self.seats_of(team) {
            for w in self.st.setup.scenario.win_for(seat) {
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
        out
    }

    /// Whether the team still has a model on the table or in Reserve.
    pub fn team_still_playing(&self, team: TeamId) -> bool {
        self.team_playing_without(team, None)
    }

    /// [`Game::team_still_playing`] with `gone` off the table.
    fn team_playing_without(&self, team: TeamId, gone: Option<ModelId>) -> bool {
        self.model_ids().any(|m| {
            Some(m) != gone && self.still_playing(m) && self.team_of(self.owner(m)) == team
        })
    }

    /// The team credited with taking `victim` out: the attacker's team when a rival's
    /// attack did it; otherwise, in a game of two teams, the other team; else nobody.
    /// A third-force model taken out, or one it took out, is credited to nobody (THIRD-6).
    pub fn takeout_credit(&self, victim: ModelId, by: Option<ModelId>) -> Option<TeamId> {
        if self.is_third_force(victim) || by.is_some_and(|b| self.is_third_force(b)) {
            return None;
        }
        let lost = self.team_of(self.owner(victim));
        if let Some(b) = by {
            let t = self.team_of(self.owner(b));
            if t != lost {
                return Some(t);
            }
        }
        match self.st.teams.as_slice() {
            [a, b] => Some(if *a == lost { *b } else { *a }),
            _ => None,
        }
    }

    /// Rival models the team is credited with taking out (WOUND-9), in order.
    pub fn taken_out_by_team(&self, team: TeamId) -> Vec<ModelId> {
        self.scen
            .taken_out
            .iter()
            .filter(|(v, by)| self.takeout_credit(*v, *by) == Some(team))
            .map(|(v, _)| *v)
            .collect()
    }

    /// Who holds each quarter (FIELD-10), in NorthWest, NorthEast, SouthWest, SouthEast
    /// order: the team with more models wholly inside than all rival models there together.
    pub fn quarter_holders(&self) -> [Option<TeamId>; 4] {
        self.quarter_holders_without(None)
    }

    /// [`Game::quarter_holders`] with `gone` off the table.
    fn quarter_holders_without(&self, gone: Option<ModelId>) -> [Option<TeamId>; 4] {
        let bases: crate::state::Bases = self
            .model_ids()
            .filter(|&m| Some(m) != gone && self.in_play(m))
            .map(|m| self.base(m))
            .collect();
        self.space()
            .table()
            .quarter_control(&bases)
            .map(|t| t.map(TeamId))
    }

    /// How many quarters `team` controls (FIELD-10): what [`WinCondition::ControlQuarters`]
    /// and [`WinCondition::MostQuartersAtEnd`] count.
    pub fn quarters_held(&self, team: TeamId) -> usize {
        self.quarters_held_without(team, None)
    }

    /// [`Game::quarters_held`] with `gone` off the table.
    fn quarters_held_without(&self, team: TeamId, gone: Option<ModelId>) -> usize {
        self.quarter_holders_without(gone)
            .iter()
            .filter(|h| **h == Some(team))
            .count()
    }

    /// Markers the team holds: carried by one of its models, or on the ground with one of
    /// its models within reach and no rival model within reach.
    pub fn markers_held(&self, team: TeamId) -> Vec<u8> {
        self.markers_held_without(team, None)
    }

    /// [`Game::markers_held`] with `gone` off the table: it holds no marker on the ground,
    /// and what it carries stays its team's (carried off with it).
    fn markers_held_without(&self, team: TeamId, gone: Option<ModelId>) -> Vec<u8> {
        let mine = |m: ModelId| self.team_of(self.owner(m)) == team;
        (0..self.scen.markers.len())
            .filter(|&k| {
                let mk = &self.scen.markers[k];
                if mk.carried_off_by.is_some() {
                    return false;
                }
                if let Some(c) = mk.carrier {
                    return mine(c);
                }
                let near: Vec<ModelId> = self
                    .model_ids()
                    .filter(|&m| Some(m) != gone && self.in_play(m))
                    .filter(|&m| self.base(m).distance_to_point(mk.at) <= 1.0)
                    .collect();
                near.iter().any(|&m| mine(m)) && near.iter().all(|&m| mine(m))
            })
            .map(|k| k as u8)
            .collect()
    }

    /// Markers the team has carried off the table over the edges the condition names.
    fn markers_carried_off(&self, team: TeamId, edge: crate::setup::scenario::ExitEdge) -> usize {
        self.scen
            .markers
            .iter()
            .filter_map(|k| k.carried_off_by)
            .filter(|&m| self.team_of(self.owner(m)) == team)
            .filter(|&m| {
                self.left_table(m)
                    .is_some_and(|e| self.exit_edges(self.owner(m), edge).contains(&e))
            })
            .count()
    }

    /// The team's models that left over the edges the condition names.
    fn models_escaped(&self, team: TeamId, edge: crate::setup::scenario::ExitEdge) -> usize {
        self.model_ids()
            .filter(|&m| self.team_of(self.owner(m)) == team)
            .filter(|&m| {
                self.left_table(m)
                    .is_some_and(|e| self.exit_edges(self.owner(m), edge).contains(&e))
            })
            .count()
    }

    /// The Leaders `team` must take out to win by [`WinCondition::TakeOutLeader`]: every
    /// rival team's, in play or not (a third force's Leader is not one).
    pub fn rival_leaders(&self, team: TeamId) -> impl Iterator<Item = ModelId> + '_ {
        self.model_ids()
            .filter(move |&m| self.team_of(self.owner(m)) != team && !self.is_third_force(m))
            .filter(|&m| self.profile(m).has_keyword(&ModelKeyword::Leader))
    }

    /// Every Leader of every rival team has been taken out (and there was at least one).
    fn rival_leaders_out(&self, team: TeamId) -> bool {
        let leaders: Vec<ModelId> = self.rival_leaders(team).collect();
        !leaders.is_empty() && leaders.iter().all(|&m| self.taken_out(m))
    }

    /// Whether a condition that can be met at any moment is met by the team.
    fn met_any_time(&self, team: TeamId, c: WinCondition) -> bool {
        match c {
            WinCondition::LastStanding => {
                self.team_still_playing(team)
                    && self
                        .st
                        .teams
                        .iter()
                        .all(|&t| t == team || !self.team_still_playing(t))
            }
            WinCondition::TakeOutLeader => self.rival_leaders_out(team),
            WinCondition::TakeOut(n) => self.taken_out_by_team(team).len() >= usize::from(n),
            WinCondition::CarryMarkersOff { count, edge } => {
                self.markers_carried_off(team, edge) >= usize::from(count)
            }
            WinCondition::Escape { count, edge } => {
                self.models_escaped(team, edge) >= usize::from(count)
            }
            WinCondition::ControlQuarters(_)
            | WinCondition::HoldMarkers(_)
            | WinCondition::MostMarkersAtEnd
            | WinCondition::MostRescuedAtEnd
            | WinCondition::MostQuartersAtEnd
            | WinCondition::HoldOut => false,
        }
    }

    /// Checked after every step of the flow: a condition met at any moment, the game with
    /// one team (or none) left, or the engine's turn limit.
    pub(crate) fn scenario_end(&self) -> Option<Outcome> {
        let sided = !self.st.setup.scenario.sides.is_empty();
        let shared = &self.st.setup.scenario.win;
        // Which teams still have models, in `st.teams` order: one pass over the models here
        // serves every condition below (this runs after every step of the flow). A setup
        // seats at most 32 players (`Setup::validate`), so no team is cut off.
        let mut alive = [false; 64];
        let teams = &self.st.teams[..self.st.teams.len().min(alive.len())];
        for m in self.model_ids() {
            if self.still_playing(m) {
                let t = self.model_team(m);
                if let Some(i) = teams.iter().position(|&x| x == t) {
                    alive[i] = true;
                }
            }
        }
        let alive = &alive[..teams.len()];
        let mut winners: Vec<(TeamId, WinCondition)> = Vec::new();
        for (i, &team) in teams.iter().enumerate() {
            // A symmetric scenario plays every team for the shared list; one with sides
            // adds each team's own conditions (CTRL-18).
            let own;
            let win: &[WinCondition] = if sided {
                own = self.win_conditions(team);
                &own
            } else {
                shared
            };
            let met = |c: WinCondition| match c {
                // As `met_any_time`, from the pass above.
                WinCondition::LastStanding => {
                    alive[i] && alive.iter().enumerate().all(|(k, &a)| k == i || !a)
                }
                _ => self.met_any_time(team, c),
            };
            if let Some(&c) = win.iter().find(|&&c| met(c)) {
                winners.push((team, c));
            }
        }
        match winners.as_slice() {
            [(team, c)] => return Some(self.win(*team, EndReason::Condition(*c))),
            [] => {}
            many => {
                let teams = many.iter().map(|(t, _)| *t).collect();
                return Some(Outcome::Draw {
                    why: EndReason::SameMoment(teams),
                });
            }
        }
        let mut still = teams
            .iter()
            .zip(alive)
            .filter(|(_, a)| **a)
            .map(|(t, _)| *t);
        match (still.next(), still.next()) {
            (None, _) => {
                return Some(Outcome::Draw {
                    why: EndReason::NoTeamLeft,
                });
            }
            (Some(team), None) => return Some(self.win(team, EndReason::OnlyTeamLeft)),
            _ => {}
        }
        let limit = self.st.setup.victory.turn_limit?;
        if self.turns < limit || self.phase != Phase::AwaitControl || !self.stack.is_empty() {
            return None;
        }
        Some(self.decide_by_limit(Limit::Turns(limit), None))
    }

    /// After a seat's Inspire: quarters and held markers for its team (FIELD-10), then the
    /// scenario's Inspire limit. May end the game.
    pub(crate) fn scenario_after_inspire(&mut self, seat: Seat) {
        let team = self.team_of(seat);
        let win = self.win_conditions(team);
        let mut met = None;
        for c in win {
            let done = match c {
                WinCondition::ControlQuarters(n) => {
                    let holders = self.quarter_holders();
                    self.emit(Event::QuartersCounted { team, holders });
                    holders.iter().filter(|h| **h == Some(team)).count() >= usize::from(n)
                }
                WinCondition::HoldMarkers(n) => {
                    let held = self.markers_held(team);
                    let done = held.len() >= usize::from(n);
                    self.emit(Event::MarkersCounted { team, held });
                    done
                }
                _ => false,
            };
            if done && met.is_none() {
                met = Some(c);
            }
        }
        if let Some(c) = met {
            let outcome = self.win(team, EndReason::Condition(c));
            self.take_out_the_downed(); // AID-11
            self.emit(Event::GameOver { outcome });
            return;
        }
        let Some(n) = self.st.setup.scenario.inspire_limit() else {
            return;
        };
        // COOP-6: in co-op the rounds are the computer's.
        let computer = &self.st.setup.scenario.computer;
        let playing: Vec<Seat> = (0..self.seat_count() as u8)
            .map(Seat)
            .filter(|&s| Some(s) != self.third_force_seat()) // THIRD-6
            .filter(|s| computer.is_empty() || computer.contains(s))
            .filter(|&s| {
                self.model_ids()
                    .any(|m| self.owner(m) == s && self.still_playing(m))
            })
            .collect();
        if playing.iter().all(|&s| self.inspires(s) >= n) {
            let outcome = self.round_limit_outcome(n, None);
            self.take_out_the_downed(); // AID-11
            self.emit(Event::GameOver { outcome });
        }
    }

    /// The scenario's round limit ended the game: the one team still in play that plays
    /// for [`WinCondition::HoldOut`] wins by it (CTRL-18, CTRL-21). `None` when no team, or
    /// more than one, held out; the limit's counts decide then.
    fn held_out(&self) -> Option<Outcome> {
        let mut held = self.st.teams.iter().copied().filter(|&t| {
            self.team_still_playing(t) && self.win_conditions(t).contains(&WinCondition::HoldOut)
        });
        match (held.next(), held.next()) {
            (Some(team), None) => Some(self.win(team, EndReason::Condition(WinCondition::HoldOut))),
            _ => None,
        }
    }

    /// What the turn limit would decide if it were reached now (CTRL-21): see
    /// [`Game::decide_by_limit`]. `None` when the game has no turn limit. Public information,
    /// as a player counting the table sees it.
    pub fn outcome_at_turn_limit(&self) -> Option<Outcome> {
        let limit = self.st.setup.victory.turn_limit?;
        Some(self.decide_by_limit(Limit::Turns(limit), None))
    }

    /// What the game's limit would decide if it were reached now (CTRL-21), with `gone` off
    /// the table carrying its markers: they count as carried off for its team, and it counts
    /// for nothing else (no model in play, no marker held on the ground, no healthy token).
    /// The limit is the scenario's round limit (`InspireLimit`) where it has one (a side
    /// holding out to it wins by it first), else the turn limit; `None` when the game has
    /// neither. Public information, as a player counting the table sees it; the computer
    /// asks it to weigh banking a marker.
    pub fn outcome_at_limit(&self, gone: Option<ModelId>) -> Option<Outcome> {
        let Some(n) = self.st.setup.scenario.inspire_limit() else {
            let turns = self.st.setup.victory.turn_limit?;
            return Some(self.decide_by_limit(Limit::Turns(turns), gone));
        };
        Some(self.round_limit_outcome(n, gone))
    }

    /// What the scenario's round limit of `n` Inspires decides (CTRL-18, CTRL-21): the side
    /// holding out to it wins by it first, else its counts decide, with `gone` off the table.
    fn round_limit_outcome(&self, n: u8, gone: Option<ModelId>) -> Outcome {
        self.held_out()
            .unwrap_or_else(|| self.decide_by_limit(Limit::Inspires(n), gone))
    }

    /// A limit ended the game. The rulebook plays on until someone meets a win condition
    /// (CTRL-21), so a limit stands in for the rest of the game and names the team ahead on
    /// the table: most markers (held or carried off, where the scenario counts them), then
    /// most models in play, then most healthy tokens on those models (no wound turned them
    /// RED, WOUND-2); teams equal on every count draw
    /// (docs/decisions/ctrl-21-limit-tiebreaks.md). `decided_by` names the count that parted
    /// the teams, or the first one when they drew. `gone`, when given, is counted as off the
    /// table with its markers ([`Game::outcome_at_limit`]).
    fn decide_by_limit(&self, limit: Limit, gone: Option<ModelId>) -> Outcome {
        let counts = self.st.setup.scenario.limit_counts();
        let mut leaders: Vec<TeamId> = self
            .st
            .teams
            .iter()
            .copied()
            .filter(|&t| self.team_playing_without(t, gone))
            .collect();
        for &count in &counts {
            let scored: Vec<(TeamId, usize)> = leaders
                .iter()
                .map(|&t| (t, self.limit_count(count, t, gone)))
                .collect();
            let best = scored.iter().map(|&(_, n)| n).max().unwrap_or(0);
            leaders = scored
                .into_iter()
                .filter(|&(_, n)| n == best)
                .map(|(t, _)| t)
                .collect();
            if let [team] = leaders.as_slice() {
                let why = EndReason::Limit {
                    limit,
                    decided_by: count,
                };
                return self.win(*team, why);
            }
        }
        Outcome::Draw {
            why: EndReason::Limit {
                limit,
                decided_by: counts[0],
            },
        }
    }

    /// `team`'s figure in one of the counts a limit is decided by.
    fn limit_count(&self, count: Tiebreak, team: TeamId, gone: Option<ModelId>) -> usize {
        let ours =
            |m: ModelId| Some(m) != gone && self.in_play(m) && self.team_of(self.owner(m)) == team;
        match count {
            Tiebreak::MostMarkers => {
                self.markers_held_without(team, gone).len()
                    + self
                        .scen
                        .markers
                        .iter()
                        .filter_map(|k| k.carried_off_by)
                        .filter(|&m| self.team_of(self.owner(m)) == team)
                        .count()
            }
            Tiebreak::MostQuarters => self.quarters_held_without(team, gone),
            Tiebreak::MostModels => self.model_ids().filter(|&m| ours(m)).count(),
            Tiebreak::MostHealthyTokens => self
                .model_ids()
                .filter(|&m| ours(m))
                .map(|m| self.healthy_tokens(m))
                .sum(),
            Tiebreak::MostRescued => self
                .casualties_saved(team)
                .into_iter()
                .filter(|&m| Some(m) != gone)
                .count(),
        }
    }

    /// The team's characters saved so far ([`WinCondition::MostRescuedAtEnd`]): each one
    /// that was Downed and stands again, revived by First Aid (AID-8), and each one still
    /// lying Downed wholly inside one of its seat's deployment zones (AID-10 drags it
    /// there). Empty while AID is off: nobody is ever Downed (MOD-2).
    pub fn casualties_saved(&self, team: TeamId) -> Vec<ModelId> {
        let table = self.space().table();
        let home = |m: ModelId| {
            let base = self.base(m);
            self.st
                .setup
                .scenario
                .zones_of(self.owner(m))
                .into_iter()
                .any(|zone| table.in_zone(&base, zone))
        };
        self.model_ids()
            .filter(|&m| self.team_of(self.owner(m)) == team && self.been_downed(m))
            .filter(|&m| self.in_play(m) || (self.is_downed(m) && home(m)))
            .collect()
    }
}
