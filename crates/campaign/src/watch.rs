//! Objectives watched during play (CAMP-10, CAMP-11): each hidden Objective's Goal (data in
//! the content's effect language) is checked after every event the rules engine reports, and
//! the Objective is revealed at the event that completes it.
//!
//! The app feeds the watch while a game is played; [`crate::Step::RecordGame`] feeds the same
//! watch while it replays the command log, so both see the same reveals at the same moments.
//!
//! ```
//! # use redline_campaign::{Campaign, NewPlayer, Step};
//! # let catalog = redline_content::starter();
//! # let players = [NewPlayer::new("Ana", "ashfall"), NewPlayer::new("Bo", "tidewater")];
//! # let mut campaign = Campaign::new(&catalog, "doc", 3, &players, false).unwrap();
//! # campaign.apply(&catalog, Step::ChooseScenario { agreed: Some("street_claim".into()) }).unwrap();
//! # for team in 0..2 {
//! #     let objective = campaign.pending.as_ref().unwrap().drawn[team][3].clone();
//! #     campaign.apply(&catalog, Step::DiscardObjective { team, objective }).unwrap();
//! # }
//! # for team in 0..2 {
//! #     let mut spec = redline_content::team::TeamSpec::new(&campaign.teams[team].faction);
//! #     let leader = campaign.teams[team].hq.characters.iter().find(|c| {
//! #         catalog.characters.get(c).is_some_and(|c| c.has(redline_content::schema::CardKeyword::Leader))
//! #     }).unwrap().clone();
//! #     spec.members.push(redline_content::team::MemberSpec::new(&leader));
//! #     campaign.apply(&catalog, Step::BuildTeam { team, spec }).unwrap();
//! # }
//! // The game is about to be played: set it up and watch its Objectives.
//! let setup = campaign.game_setup(&catalog).unwrap();
//! let seed = campaign.pending.as_ref().unwrap().seed;
//! let mut game = redline_rules::Game::new(setup, seed).unwrap();
//! let mut watch = campaign.objective_watch(&catalog).unwrap();
//! // After every command the player or a bot applies:
//! //     let events = game.apply(command)?;
//! //     for reveal in watch.observe(&events, &game) {
//! //         show(&reveal);
//! //         // CAMP-11: a Luck reward is gained at once, by one more command.
//! //         if let Some(gain) = reveal.luck_now(&catalog, &game) { apply(gain) }
//! //     }
//! assert!(watch.revealed().is_empty());
//! assert_eq!(watch.hidden(0).len(), 3);
//! # let _ = &mut game;
//! ```

use redline_content::Catalog;
use redline_content::schema::{Goal, Scenario};
use redline_rules::{Command, Event, Game, Seat};
use serde::{Deserialize, Serialize};

use crate::track::ObjectiveTracker;

/// An Objective revealed during play: completed at one event of one command (CAMP-11).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reveal {
    /// Campaign team index.
    pub team: usize,
    /// Seat of that team in the game.
    pub seat: u8,
    /// The Objective card id.
    pub objective: String,
    /// Index in the game's command log of the command that completed it.
    pub command: usize,
    /// The event that completed it (for end-of-game goals, the game's end).
    pub event: Event,
}

impl Reveal {
    /// The reward that applies at once in the game still being played (CAMP-11): the
    /// Objective's Luck, as the command that gives it, unless the game is over (then the Luck
    /// counts from the next game). Whoever plays the game applies it right after the command
    /// that completed the Objective; [`crate::Step::RecordGame`] checks each one.
    pub fn luck_now(&self, catalog: &Catalog, game: &Game) -> Option<Command> {
        let luck = catalog.objectives.get(&self.objective)?.reward.luck;
        (luck > 0 && game.outcome().is_none()).then_some(Command::GainLuck {
            seat: Seat(self.seat),
            luck,
        })
    }
}

/// Goals decided only when the game is over: they are revealed at its end.
fn at_end(goal: &Goal) -> bool {
    matches!(goal, Goal::LeaderUnwounded | Goal::WinScenario)
}

/// Watches one game's hidden Objectives and reveals each at the event that completes it.
#[derive(Debug, Clone)]
pub struct ObjectiveWatch {
    tracker: ObjectiveTracker,
    /// Campaign team per seat.
    teams: Vec<usize>,
    /// Per seat: Objectives still hidden, with their Goals, in the order kept.
    hidden: Vec<Vec<(String, Goal)>>,
    revealed: Vec<Reveal>,
    /// Commands observed so far.
    commands: usize,
}

impl ObjectiveWatch {
    /// A watch for a game on `scenario`: `teams[seat]` is the campaign team in each seat and
    /// `kept[seat]` the Objectives it plays with (unknown ids are ignored).
    pub fn new(
        catalog: &Catalog,
        scenario: &Scenario,
        teams: &[usize],
        kept: &[Vec<String>],
    ) -> ObjectiveWatch {
        let hidden = kept
            .iter()
            .map(|ids| {
                ids.iter()
                    .filter_map(|id| catalog.objectives.get(id).map(|o| (id.clone(), o.goal)))
                    .collect()
            })
            .collect();
        ObjectiveWatch {
            tracker: ObjectiveTracker::new(scenario, teams.len()),
            teams: teams.to_vec(),
            hidden,
            revealed: Vec::new(),
            commands: 0,
        }
    }

    /// Takes in the events of one applied command and the game after it; returns the
    /// Objectives this command completed, in the order their events happened.
    pub fn observe(&mut self, events: &[Event], after: &Game) -> Vec<Reveal> {
        let command = self.commands;
        self.commands += 1;
        let first = self.revealed.len();
        for event in events {
            self.tracker.observe_event(event, after);
            let game_over = matches!(event, Event::GameOver { .. });
            for seat in 0..self.hidden.len() {
                let mut i = 0;
                while i < self.hidden[seat].len() {
                    let goal = self.hidden[seat][i].1;
                    let due = if at_end(&goal) {
                        game_over
                    } else {
                        // Counts are updated event by event; the positions they read are
                        // the ones after the command.
                        true
                    };
                    if due && self.tracker.met(&goal, seat, after) {
                        let (objective, _) = self.hidden[seat].remove(i);
                        self.revealed.push(Reveal {
                            team: self.teams[seat],
                            seat: seat as u8,
                            objective,
                            command,
                            event: event.clone(),
                        });
                    } else {
                        i += 1;
                    }
                }
            }
        }
        self.revealed[first..].to_vec()
    }

    /// Every Objective revealed so far, in order.
    pub fn revealed(&self) -> &[Reveal] {
        &self.revealed
    }

    /// The Objectives of `seat` still hidden.
    pub fn hidden(&self, seat: usize) -> Vec<&str> {
        self.hidden
            .get(seat)
            .map(|h| h.iter().map(|(id, _)| id.as_str()).collect())
            .unwrap_or_default()
    }

    /// How many commands were observed.
    pub fn commands(&self) -> usize {
        self.commands
    }
}
