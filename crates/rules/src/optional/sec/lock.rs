//! Locks on doors and windows (SEC-5..SEC-8): what a lock does to a rival's move, and the
//! actions that find and open one. A rival's answers never read a hidden lock (MOPEN-8): a
//! route through one is accepted and resolved as a stop, and an attempt on an opening that
//! turns out not to be locked is accepted and finds it open.

use crate::actions::ActionCtx;
use crate::dice::Die;
use crate::flow::contest::Contest;
use crate::ids::ModelId;
use crate::odds::{Odds, OddsQuery};
use crate::optional::sec::{LockKnowledge, LockWork, lock_work};
use crate::protocol::command::{ActionCommand, Target};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::{Event, SecEvent};
use crate::protocol::rule::Rule;
use crate::setup::card::{ActionDef, Colour, Skill};
use crate::state::Game;
use redline_battlespace::{self as bs, SceneryId};

impl Game {
    /// Checks a lock action, or a Breach with TERR on, aimed at opening `opening` of wall
    /// `piece` (SEC-3, SEC-6..SEC-8). It reads only what the actor's side knows of the lock
    /// (MOPEN-8).
    pub(crate) fn check_opening_target(
        &self,
        m: ModelId,
        action: u16,
        def: &ActionDef,
        piece: u32,
        opening: u8,
    ) -> Result<(), RuleError> {
        let breach = lock_work(action).is_none() && self.breaches_locks(def);
        let Some(work) = lock_work(action).or(breach.then_some(LockWork::Break)) else {
            return refuse(
                crate::protocol::rule::Rule::Act16,
                format!("{} is not aimed at a door or window", def.name),
            );
        };
        let id = SceneryId(piece);
        if self.space().opening_centre(id, opening).is_none() {
            return refuse(Rule::Sec7, "There is no such door or window");
        }
        if self.is_drone(m) {
            return refuse(
                Rule::Drone2,
                "A drone only moves and uses the actions its program gives it",
            );
        }
        if self.defends(m) {
            return refuse(
                Rule::Sec6,
                "The defender's locks don't hold its own side: its models pass them freely",
            );
        }
        let reach = self
            .space()
            .distance_to_opening_span(&self.base(m), id, opening);
        if reach.is_none_or(|d| d > 1.0) {
            let rule = if work == LockWork::Try {
                Rule::Sec7
            } else {
                Rule::Sec8
            };
            return refuse(
                rule,
                format!("{} is taken within reach of the opening", def.name),
            );
        }
        match (work, self.lock_known_to(self.owner(m), piece, opening)) {
            (LockWork::Try, LockKnowledge::Unknown) => {}
            (LockWork::Try, _) => {
                return refuse(
                    Rule::Sec7,
                    "Whether that opening is locked is known already",
                );
            }
            (_, LockKnowledge::Open) => {
                return refuse(Rule::Sec8, "That opening isn't locked");
            }
            _ => {}
        }
        if work == LockWork::Pick {
            self.check_tech_test(m)?;
        }
        if breach {
            self.check_breach_on_lock(m, def, piece, opening)?; // SEC-8, TERR on
        }
        Ok(())
    }

    /// SEC-6, SEC-7: the first locked opening a rival's move passes through, as the index of
    /// its crossing in the geometry's plan. A lock the mover's side knows of is part of its
    /// wall, so the route is refused; a hidden one stops the move there.
    pub(crate) fn lock_on_route(
        &self,
        m: ModelId,
        plan: &bs::MovePlan,
    ) -> Result<Option<(usize, u32, u8)>, RuleError> {
        if self.security.is_empty() || self.defends(m) {
            return Ok(None);
        }
        let seat = self.owner(m);
        for (i, c) in plan.crossings.iter().enumerate() {
            let (bs::CrossingKind::Door { piece } | bs::CrossingKind::Window { piece }) = c.kind
            else {
                continue;
            };
            let Some(opening) = self.space().opening_near(piece, c.stop[0], c.stop[2]) else {
                continue;
            };
            if self.lock_in_force(piece.0, opening).is_none() {
                continue;
            }
            if let LockKnowledge::Locked(grade) = self.lock_known_to(seat, piece.0, opening) {
                return refuse(
                    Rule::Sec6,
                    format!(
                        "'{}' is locked ({} lock): open it before moving through",
                        self.space().piece_name(piece),
                        grade.name()
                    ),
                );
            }
            return Ok(Some((i, piece.0, opening)));
        }
        Ok(None)
    }

    /// A rival's move reached a hidden lock (SEC-7): it stops there and the lock is revealed.
    pub(crate) fn stopped_at_lock(&mut self, model: ModelId, piece: u32, opening: u8) {
        self.emit(Event::Sec(SecEvent::StoppedAtLock {
            model,
            piece,
            opening,
        }));
        self.reveal_lock(piece, opening);
    }

    /// Makes the lock on the opening known to every player, or the opening known to be
    /// open if no lock holds it (SEC-7).
    fn reveal_lock(&mut self, piece: u32, opening: u8) {
        match self.security.lock(piece, opening) {
            Some(l) if !l.unlocked => {
                if !l.revealed {
                    let grade = l.grade;
                    self.emit(Event::Sec(SecEvent::LockRevealed {
                        piece,
                        opening,
                        grade,
                    }));
                }
            }
            _ => {
                if !self.security.found_open.contains(&(piece, opening)) {
                    self.emit(Event::Sec(SecEvent::FoundOpen { piece, opening }));
                }
            }
        }
    }

    /// Resolves a lock action aimed and paid for: Try It reveals (SEC-7); any attempt on an
    /// opening reveals its lock, and if one holds it, rolls (SEC-8).
    pub(crate) fn open_lock_action(
        &mut self,
        ctx: ActionCtx,
        def: &ActionDef,
        colour: Colour,
        penalty: i16,
        (piece, opening): (u32, u8),
    ) {
        self.reveal_lock(piece, opening);
        let work = lock_work(ctx.action);
        let Some(grade) = self.lock_in_force(piece, opening) else {
            return;
        };
        if work.is_none() && self.breaches_locks(def) {
            let aim = (colour, penalty);
            self.open_breach_on_lock(ctx, def, aim, (piece, opening), grade); // SEC-8
            return;
        }
        let (Some(work), Some(skill)) = (work.filter(|w| *w != LockWork::Try), def.skill) else {
            return;
        };
        let m = ctx.actor;
        let mut actor = self.actor_side(m, colour, skill, true);
        let bonus = penalty
            + if work == LockWork::Pick {
                self.tech_modifier(m)
            } else {
                0
            };
        actor.base_modifier += bonus;
        actor.modifier += bonus;
        self.push_obstacle_roll(ctx, &def.name, actor, lock_opposition(work, grade));
    }

    /// The lock roll is settled: a win unlocks the opening for good (SEC-8).
    pub(crate) fn finish_lock_action(&mut self, ctx: &ActionCtx, c: &Contest, at: (u32, u8)) {
        if lock_work(ctx.action).is_none() {
            self.finish_breach_on_lock(ctx, c, at); // SEC-8, TERR on
            return;
        }
        if c.verdicts().first().copied().unwrap_or(false) {
            self.emit(Event::Sec(SecEvent::Unlocked {
                piece: at.0,
                opening: at.1,
                by: ctx.actor,
            }));
        }
    }

    /// The state change of a SEC event (called from `Game::apply_event`).
    pub(crate) fn apply_sec_event(&mut self, ev: &SecEvent) {
        match *ev {
            SecEvent::StoppedAtLock { .. } => {}
            SecEvent::LockRevealed { piece, opening, .. } => {
                if let Some(l) = self.security.lock_mut(piece, opening) {
                    l.revealed = true;
                }
            }
            SecEvent::FoundOpen { piece, opening } => {
                self.security.found_open.push((piece, opening));
            }
            SecEvent::Unlocked { piece, opening, .. } => {
                if let Some(l) = self.security.lock_mut(piece, opening) {
                    l.revealed = true;
                    l.unlocked = true;
                }
            }
            SecEvent::SentryFired { sentry, .. } => self.security.spent.push(sentry),
            SecEvent::SentryReloaded { sentry } => self.security.spent.retain(|&s| s != sentry),
            SecEvent::SentryOverrun { .. } => {}
            SecEvent::Snared { model } => self.security.snared.push(model),
            SecEvent::Freed { model } => self.security.snared.retain(|&m| m != model),
            SecEvent::FenceCut {
                piece, from, to, ..
            } => self.apply_fence_cut(piece, from, to),
            SecEvent::DoorBroken { piece, opening, .. } => {
                if let Some(l) = self.security.lock_mut(piece, opening) {
                    l.revealed = true;
                    l.unlocked = true;
                }
                self.security.broken.push((piece, opening));
            }
        }
    }

    /// The chance that Pick the Lock, Shoot the Lock or Force the Door succeeds (SEC-3,
    /// SEC-4, SEC-8), Luck left out, from what the actor's side knows: refused while the
    /// lock's grade is hidden from it (SEC-7), and as the command would be.
    pub fn lock_odds(&self, cmd: &ActionCommand) -> Result<Odds, RuleError> {
        let Target::Opening { piece, opening } = cmd.target else {
            return refuse(
                Rule::Sec8,
                "Lock odds are for an action aimed at a door or window",
            );
        };
        let plan = self.plan_action(cmd, None)?;
        let def = self.action(cmd.model, cmd.action).expect("checked action");
        let breach = lock_work(cmd.action).is_none() && self.breaches_locks(def);
        let work = lock_work(cmd.action).or(breach.then_some(LockWork::Break));
        let Some(work) = work.filter(|w| *w != LockWork::Try) else {
            return refuse(
                Rule::Sec8,
                "These odds are for Pick, Shoot, Force or Breach",
            );
        };
        let LockKnowledge::Locked(grade) =
            self.lock_known_to(self.owner(cmd.model), piece, opening)
        else {
            return refuse(
                Rule::Sec7,
                "Whether that opening is locked, and how well, isn't known yet: Try It first",
            );
        };
        if breach {
            if def.is_easy() {
                // TOK-8: an Easy Breach breaks the lock with no roll.
                return Ok(Odds {
                    success: 1.0,
                    ..Odds::default()
                });
            }
            let at = (piece, opening);
            return Ok(OddsQuery::new(
                Die::Action(plan.colour),
                self.breach_lock_bonus(cmd.model, def),
                Die::Obstacle,
                self.breach_lock_opposition(cmd.model, def, at, grade),
            )
            .without_luck()
            .odds());
        }
        let skill = match cmd.action {
            crate::optional::sec::PICK_THE_LOCK => Skill::Tech,
            crate::optional::sec::SHOOT_THE_LOCK => Skill::Ranged,
            _ => Skill::Melee,
        };
        let mut add = i16::from(self.skill(cmd.model, skill));
        if work == LockWork::Pick {
            add += self.tech_modifier(cmd.model);
        }
        Ok(OddsQuery::new(
            Die::Action(plan.colour),
            add,
            Die::Obstacle,
            lock_opposition(work, grade),
        )
        .without_luck()
        .odds())
    }
}

/// What the Obstacle die adds against a lock action: the pick Difficulty, or the Hardness
/// (SEC-3, SEC-5, SEC-8).
fn lock_opposition(work: LockWork, grade: crate::setup::security::LockGrade) -> i16 {
    if work == LockWork::Pick {
        grade.pick_difficulty()
    } else {
        grade.hardness()
    }
}
