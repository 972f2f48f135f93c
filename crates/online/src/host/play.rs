//! A match under way on the host: answers checked and played by the engine, saved, and
//! sent to everyone; prompts only to the seat the engine waits for; computer seats' turns
//! handed out as bot jobs; chat.

use redline_rules::{Command, Seat};

use super::{BotJob, ConnId, Hub};
use crate::limits;
use crate::protocol::{MatchId, ServerMsg};
use crate::refusal::Reason;

impl Hub {
    /// A seat's answer from a connection.
    pub(super) fn answer(
        &mut self,
        conn: ConnId,
        seat: Seat,
        step: u32,
        command: Command,
    ) -> Result<(), Reason> {
        let id = self.holder_match(conn, seat)?;
        // Luck is gained mid-game only from a campaign's Objective (CAMP-11), and an online
        // match plays none: no player may give themselves Luck.
        if matches!(command, Command::GainLuck { .. }) {
            return Err(Reason::Rule {
                rule: "CAMP-11".into(),
                message: "Luck is gained during a game only from a campaign Objective, and \
                          an online match has none"
                    .into(),
            });
        }
        self.check_turn(id, seat, step)?;
        self.play(id, seat, command)
    }

    /// Whether the engine waits for `seat` at `step` in match `id`.
    fn check_turn(&self, id: MatchId, seat: Seat, step: u32) -> Result<(), Reason> {
        let m = self.matches.get(&id).ok_or(Reason::NotJoined)?;
        let Some(run) = m.run.as_ref().filter(|_| !m.meta.finished) else {
            return Err(Reason::WrongPhase {
                match_id: id,
                state: m.phase_words().into(),
            });
        };
        let waiting = run.game().decision().map(|d| d.seat);
        if waiting != Some(seat) || step != run.steps() {
            return Err(Reason::OutOfTurn {
                waiting: match waiting {
                    Some(s) => format!("seat {}", s.0),
                    None => "nobody".into(),
                },
                step: run.steps(),
            });
        }
        Ok(())
    }

    /// Plays a checked seat's command: the engine checks it, the store saves it, everyone
    /// hears it; a refused command or a failed save changes nothing.
    fn play(&mut self, id: MatchId, seat: Seat, command: Command) -> Result<(), Reason> {
        let m = self.matches.get_mut(&id).ok_or(Reason::NotJoined)?;
        let run = m.run.as_mut().ok_or(Reason::NotJoined)?;
        let played = run.play(seat, command).map_err(|e| Reason::Rule {
            rule: e.rule.to_string(),
            message: e.message.to_string(),
        })?;
        // A match whose log is full is over, without an outcome (see limits::MATCH_STEPS).
        let over = run.over() || run.steps() as usize >= self.limits.steps;
        let saved = self.store.save_step(
            id,
            played.step.index,
            &played.logged,
            played.activation_over || over,
        );
        if let Err(e) = saved {
            let detail = e.to_string();
            self.store_errors.push(e);
            if let Some(run) = self.matches.get_mut(&id).and_then(|m| m.run.as_mut()) {
                run.undo_last();
            }
            return Err(Reason::Store { detail });
        }
        self.broadcast(id, &ServerMsg::Step(Box::new(played.step)));
        if over {
            self.finish(id);
        } else {
            self.prompt(id);
        }
        Ok(())
    }

    /// A bot's answer: played if the game still waits for that computer seat at that step.
    pub(super) fn play_bot(&mut self, id: MatchId, seat: Seat, step: u32, command: Command) {
        let Some(m) = self.matches.get(&id) else {
            return;
        };
        if m.computer(seat).is_none() || self.check_turn(id, seat, step).is_err() {
            return;
        }
        if let Err(reason) = self.play(id, seat, command) {
            // A bot answers only with what the engine offers; should one ever be refused,
            // the seat's turn goes to the random bot rather than stalling the match.
            let msg = ServerMsg::Chat {
                from: "host".into(),
                text: format!(
                    "the computer's answer for seat {} was refused: {reason}",
                    seat.0
                ),
            };
            self.broadcast(id, &msg);
            self.queue_bot(id, seat, "random");
        }
    }

    /// Asks whoever answers the engine's decision: a bot job for a computer seat, a prompt
    /// to the seat's connection, or nothing while its player is away.
    pub(super) fn prompt(&mut self, id: MatchId) {
        let Some(m) = self.matches.get(&id) else {
            return;
        };
        let Some(decision) = m.run.as_ref().and_then(|r| r.game().decision()) else {
            return;
        };
        let seat = decision.seat;
        if let Some(level) = m.computer(seat) {
            let level = level.to_owned();
            self.queue_bot(id, seat, &level);
        } else if let Some(conn) = m.holders[usize::from(seat.0)] {
            self.prompt_conn(id, conn);
        }
    }

    /// Sends `conn` the prompt if the engine waits for one of its seats.
    pub(super) fn prompt_conn(&mut self, id: MatchId, conn: ConnId) {
        let Some(m) = self.matches.get(&id) else {
            return;
        };
        let Some(run) = m.run.as_ref() else {
            return;
        };
        let Some(decision) = run.game().decision() else {
            return;
        };
        if m.holders[usize::from(decision.seat.0)] == Some(conn) {
            let msg = ServerMsg::Prompt {
                seat: decision.seat,
                step: run.steps(),
                decision: decision.clone(),
            };
            self.send(conn, &msg);
        }
    }

    fn queue_bot(&mut self, id: MatchId, seat: Seat, level: &str) {
        let Some(run) = self.matches.get(&id).and_then(|m| m.run.as_ref()) else {
            return;
        };
        self.jobs.push(BotJob {
            match_id: id,
            seat,
            step: run.steps(),
            level: level.to_owned(),
            game: run.game().clone(),
        });
    }

    /// The match is over: stored as such, and the seed revealed.
    fn finish(&mut self, id: MatchId) {
        if let Some(m) = self.matches.get_mut(&id) {
            m.meta.finished = true;
        }
        self.ended.push(id);
        self.save_meta(id);
        if let Some(done) = self.finished_msg(id) {
            self.broadcast(id, &done);
        }
    }

    /// The end of a finished match, with its seed.
    pub(super) fn finished_msg(&self, id: MatchId) -> Option<ServerMsg> {
        let m = self.matches.get(&id)?;
        let run = m.run.as_ref().filter(|_| m.meta.finished)?;
        Some(ServerMsg::Finished {
            outcome: run.game().outcome().cloned(),
            seed: run.seed(),
            steps: run.steps(),
            state_hash: run.game().state_hash(),
        })
    }

    /// A chat line to everyone in the match (not from spectators: they only watch).
    pub(super) fn chat(&mut self, conn: ConnId, text: String) -> Result<(), Reason> {
        let c = self.conns.get(&conn).ok_or(Reason::NotJoined)?;
        let id = c.in_match.ok_or(Reason::NotJoined)?;
        if c.seats.is_empty() && !c.owner {
            return Err(Reason::Spectator);
        }
        let n = text.trim().chars().count();
        if n == 0 || n > limits::CHAT_CHARS {
            return Err(Reason::Text {
                what: "a chat line".into(),
                limit: limits::CHAT_CHARS,
            });
        }
        let from = self
            .matches
            .get(&id)
            .and_then(|m| {
                c.seats
                    .first()
                    .and_then(|s| m.meta.seats[usize::from(s.0)].name.clone())
            })
            .unwrap_or_else(|| "owner".into());
        self.broadcast(id, &ServerMsg::Chat { from, text });
        Ok(())
    }
}
