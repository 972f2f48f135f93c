//! Control of the Battlespace: taking it (Activate or Inspire, CTRL-2..CTRL-4), Inspire and
//! its refresh (CTRL-8..CTRL-13), passing it clockwise between teams (CTRL-5, CTRL-16..19).
//! When the game ends (CTRL-21) is in `victory.rs`.

use crate::flow::Phase;
use crate::ids::{ModelId, Seat};
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::event::Event;
use crate::state::Game;

impl Game {
    /// On the table or waiting in Reserve (FIELD-8).
    fn seat_has_models(&self, seat: Seat) -> bool {
        self.model_ids()
            .any(|m| self.still_playing(m) && self.owner(m) == seat)
    }

    /// CTRL-2, CTRL-3, CTRL-18, CTRL-19: the options of the team holding Control.
    pub(crate) fn take_control_decision(&self) -> Decision {
        let team = self.team_of(self.control);
        // FIELD-9: a character in Reserve enters the first time it is activated, if it
        // has somewhere to go.
        let may_activate: Vec<ModelId> = self
            .model_ids()
            .filter(|&m| {
                // The costly placement search (`can_enter`) last, only for a candidate.
                self.is_character(m)
                    && self.team_of(self.owner(m)) == team
                    && self.state(m).has_ready()
                    && !self.under_repair(m) // BOT-10
                    && (self.in_play(m) || (self.in_reserve(m) && self.can_enter(m)))
            })
            .collect();
        let may_inspire: Vec<Seat> = self
            .seats_of(team)
            .into_iter()
            .filter(|&s| self.seat_has_models(s))
            .filter(|&s| {
                let mut chars = self
                    .model_ids()
                    .filter(|&m| self.in_play(m) && self.owner(m) == s && self.is_character(m));
                // Forced Activate when every token is Ready, unless there is no character to
                // activate at all: Inspire is open if some character of the seat has a Used
                // token, or the seat has none.
                let mut has_char = false;
                let used = chars.any(|m| {
                    has_char = true;
                    !self.state(m).all_ready()
                });
                may_activate.is_empty() || !has_char || used
            })
            .collect();
        Decision {
            seat: self.control,
            kind: DecisionKind::TakeControl {
                may_activate,
                may_inspire,
            },
        }
    }

    /// CTRL-4.
    pub(crate) fn activate(&mut self, model: ModelId) {
        let seat = self.owner(model);
        self.emit(Event::ControlTaken { seat });
        self.emit(Event::Activated { model });
        self.phase = Phase::Active { model, actions: 0 };
        self.cpu_check(model);
    }

    /// CTRL-8.
    pub(crate) fn start_inspire(&mut self, seat: Seat) {
        self.emit(Event::ControlTaken { seat });
        self.phase = Phase::Inspire { seat };
        self.emit(Event::InspireStarted { seat });
        self.reload_sentries(seat); // SEC-11
        // FIRE-5, FIRE-8: before any Gonk acts. When the lighter orders its fire rolls, the
        // step that rolls them burns the models and rolls the repairs once they are done.
        if !self.fires_at_inspire(seat) {
            self.burning_at_inspire(seat); // FIRE-10: after the fire rolls
            self.repairs_at_inspire(seat); // BOT-9
        }
    }

    /// CTRL-11, CTRL-12, CTRL-13: refresh, clear Difficult markers, remove one Hacked token
    /// per character, then Control passes.
    pub(crate) fn finish_inspire(&mut self, seat: Seat) {
        for m in self.model_ids() {
            if self.owner(m) != seat || !self.in_play(m) {
                continue;
            }
            // BOT-4: a damaged Power's one token came back already.
            let tokens = if self.inspire_skips_tokens(m) {
                0
            } else {
                self.tokens(m).len() as u8
            };
            for t in 0..tokens {
                if !self.tokens(m)[usize::from(t)].ready {
                    self.emit(Event::TokenFlipped {
                        model: m,
                        token: t,
                        ready: true,
                    });
                }
            }
            if self.state(m).difficult_used != 0 || self.cards_marked(m) {
                self.emit(Event::DifficultCleared { model: m });
            }
            if self.is_character(m) && self.hacked(m) > 0 {
                self.emit(Event::HackedRemoved { model: m });
            }
        }
        self.refresh_cards(seat);
        self.inspire_net(seat);
        self.inspire_clears_keywords(seat);
        self.repairs_end(seat); // BOT-9
        self.emit(Event::InspireEnded { seat });
        // FIELD-10 and the scenario's other end-of-Inspire checks may end the game here.
        self.scenario_after_inspire(seat);
        if self.outcome.is_some() {
            return;
        }
        self.pass_control(seat);
    }

    /// CTRL-5: the activation ends and Control passes.
    pub(crate) fn end_activation(&mut self) {
        if let Phase::Active { model, .. } = self.phase {
            self.emit(Event::ActivationEnded { model });
        }
        self.pass_control(self.control);
    }

    /// Control goes to the next team clockwise that still has models (CTRL-13, CTRL-16,
    /// CTRL-18), to that team's first seat with models.
    pub(crate) fn pass_control(&mut self, from: Seat) {
        self.phase = Phase::AwaitControl;
        let n = self.seat_count() as u8;
        let my_team = self.team_of(from);
        let to = (1..=n)
            .map(|k| Seat((from.0 + k) % n))
            .find(|&s| self.team_of(s) != my_team && self.seat_has_models(s))
            .unwrap_or(from);
        self.emit(Event::ControlPassed {
            from: self.control,
            to,
        });
    }
}
