//! The security step (SEC-1, SEC-2, SEC-9): after the scenery is set and before anyone
//! deploys, the defender buys its security out of its budget and places it: locks on doors
//! and windows, sentries wholly in its half of the table, fences in 4" sections that never
//! close a fenced area without a gate. Each placement is checked here and refused with the
//! rule it breaks; the game's setup then holds the security as placed, so the rest of the
//! game reads it exactly as a plan given with the setup.

use std::sync::Arc;

use redline_battlespace::{OpeningKind, SceneryId};

use super::Lock;
use super::fence_ring::fence_section;
use crate::field::Presence;
use crate::flow::{Phase, Prepared, wrong};
use crate::geometry::{self, Base};
use crate::ids::{ModelId, Seat};
use crate::protocol::command::Command;
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::{Event, SecurityStepEvent};
use crate::protocol::rule::Rule;
use crate::setup::ModelSetup;
use crate::setup::card::Skill;
use crate::setup::scenario::Entry;
use crate::setup::security::{
    FencePlan, LockGrade, LockPlan, MAX_SENTRIES, SecurityPlacement, SecurityRules, SentryPlan,
    bearing, sentry_cost, sentry_profile,
};
use crate::state::hash::Fnv;
use crate::state::model::ModelState;
use crate::state::{Game, Statics};

/// A sentry's base, in millimetres (SEC-9).
const SENTRY_BASE_MM: f32 = 32.0;
/// Grid step of the sentry spots offered among the listed answers, in inches.
const SENTRY_STEP: f32 = 2.0;
/// Most sentry spots offered among the listed answers.
const SENTRY_SPOTS: usize = 8;

impl Game {
    /// SEC-2: the defender, when the game opens with its security step: SEC on, a scenario
    /// naming a seated defender with a budget, nothing placed with the setup, and a
    /// character of the defender's with Tech 1 or more to buy anything (SEC-1).
    pub(crate) fn security_step(&self) -> Option<Seat> {
        let rules = self.security_rules()?;
        let plan = &rules.plan;
        let placed = !plan.locks.is_empty() || !plan.sentries.is_empty() || !plan.fences.is_empty();
        let seated = usize::from(rules.defender.0) < self.seat_count();
        (rules.budget_eb > 0 && !placed && seated && self.defender_techs(rules.defender) > 0)
            .then_some(rules.defender)
    }

    /// FIELD-7: the teams deploy, seat after seat; with nothing to deploy first Control is
    /// settled at once.
    pub(crate) fn start_deployment(&mut self) {
        self.phase = Phase::AwaitControl;
        match self.first_to_deploy(0) {
            Some(seat) => self.phase = Phase::Deploy { seat },
            None => self.settle_first_control(),
        }
    }

    /// The defender placing its security now, while the game is in its security step
    /// (SEC-2).
    pub fn placing_security(&self) -> Option<Seat> {
        match self.phase {
            Phase::PlaceSecurity { seat } => Some(seat),
            _ => None,
        }
    }

    /// What is left of the defender's security budget (SEC-1), told only to the defender's
    /// side: a rival learns nothing of what the hidden locks cost (SEC-7, MOPEN-8).
    pub fn security_budget_left(&self, seat: Seat) -> Option<u16> {
        let rules = self.security_rules()?;
        if self.team_of(seat) != self.team_of(rules.defender) || rules.budget_eb == 0 {
            return None;
        }
        Some(rules.budget_eb.saturating_sub(self.security_spent(rules)))
    }

    /// The most sentries the defender may place (SEC-9): one per character of its with
    /// Tech 1 or more, never more than 3 nor the scenario's limit.
    pub fn sentries_allowed(&self) -> u8 {
        let Some(rules) = self.security_rules() else {
            return 0;
        };
        let techs = u8::try_from(self.defender_techs(rules.defender)).unwrap_or(u8::MAX);
        rules.max_sentries.min(MAX_SENTRIES).min(techs)
    }

    /// The defender's characters with Tech 1 or more (SEC-1, SEC-9).
    fn defender_techs(&self, defender: Seat) -> usize {
        self.st
            .setup
            .models
            .iter()
            .filter(|m| m.owner == defender && m.profile.is_character())
            .filter(|m| m.profile.skills.get(Skill::Tech) >= 1)
            .count()
    }

    /// EB spent on the security placed so far (SEC-1).
    fn security_spent(&self, rules: &SecurityRules) -> u16 {
        let locks: u16 = rules.plan.locks.iter().map(|l| l.grade.cost()).sum();
        let fences: u16 = rules
            .plan
            .fences
            .iter()
            .map(|f| crate::setup::security::fence_section_cost(f.kind))
            .sum();
        let sentries: u16 = rules
            .plan
            .sentries
            .iter()
            .map(|s| self.sentry_bought(ModelId(s.model)))
            .sum();
        locks + fences + sentries
    }

    /// What a placed sentry cost: its profile says which upgrades it has (SEC-9).
    fn sentry_bought(&self, sentry: ModelId) -> u16 {
        let profile = self.profile(sentry);
        [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .find(|&(rapid, optics)| *profile == sentry_profile(rapid, optics))
            .map_or(0, |(rapid, optics)| sentry_cost(rapid, optics))
    }

    /// Every door and window on the table, (piece, opening): where a lock may go (SEC-2).
    fn lockable_openings(&self) -> Vec<(u32, u8)> {
        let mut out = Vec::new();
        for piece in self.space().pieces() {
            for (k, o) in piece.openings.iter().enumerate() {
                if matches!(o.kind, OpeningKind::Door | OpeningKind::Window)
                    && let Ok(k) = u8::try_from(k)
                {
                    out.push((piece.id.0, k));
                }
            }
        }
        out
    }

    /// SEC-2: the defender places its security.
    pub(crate) fn security_decision(&self, seat: Seat) -> Decision {
        Decision {
            seat,
            kind: DecisionKind::PlaceSecurity {
                budget: self.security_rules().map_or(0, |r| r.budget_eb),
                most_sentries: self.sentries_allowed(),
                openings: self.lockable_openings(),
            },
        }
    }

    /// Checks an answer to [`DecisionKind::PlaceSecurity`].
    pub(crate) fn prepare_security(
        &self,
        seat: Seat,
        cmd: &Command,
    ) -> Result<Prepared, RuleError> {
        let Some(rules) = self.security_rules().filter(|r| r.defender == seat) else {
            return wrong(Rule::Sec2, "the defender's security");
        };
        let placement = match cmd {
            Command::EndSecurity => return Ok(Prepared::Plain),
            Command::PlaceSecurity(p) => p,
            _ => return wrong(Rule::Sec2, "the defender's security"),
        };
        let left = rules.budget_eb.saturating_sub(self.security_spent(rules));
        if placement.cost() > left {
            return refuse(
                Rule::Sec1,
                format!(
                    "That costs {} EB, and only {left} EB of the security budget is left",
                    placement.cost()
                ),
            );
        }
        match *placement {
            SecurityPlacement::Lock { piece, opening, .. } => {
                self.check_lock(rules, piece, opening)
            }
            SecurityPlacement::Sentry { at, facing_deg, .. } => {
                self.check_sentry(rules, at, facing_deg)
            }
            SecurityPlacement::Fence { from, to, .. } => self.check_fence(rules, from, to),
        }?;
        Ok(Prepared::Plain)
    }

    /// SEC-2: a lock goes on a door or window, one lock to an opening.
    fn check_lock(&self, rules: &SecurityRules, piece: u32, opening: u8) -> Result<(), RuleError> {
        let door_or_window = self
            .space()
            .piece(SceneryId(piece))
            .and_then(|p| p.openings.get(usize::from(opening)))
            .is_some_and(|o| matches!(o.kind, OpeningKind::Door | OpeningKind::Window));
        if !door_or_window {
            return refuse(Rule::Sec2, "A lock goes on a door or a window");
        }
        let locked = rules
            .plan
            .locks
            .iter()
            .any(|l| l.piece == piece && l.opening == opening);
        if locked {
            return refuse(Rule::Sec2, "That opening is locked already");
        }
        Ok(())
    }

    /// SEC-9, SEC-2: one sentry more than placed is allowed, and its base stands wholly in
    /// the defender's half of the table, on the table, clear of scenery and of every base.
    fn check_sentry(
        &self,
        rules: &SecurityRules,
        at: [f32; 3],
        facing_deg: f32,
    ) -> Result<(), RuleError> {
        let most = self.sentries_allowed();
        if rules.plan.sentries.len() >= usize::from(most) {
            return refuse(
                Rule::Sec9,
                format!(
                    "At most {most} sentries: one per character with Tech 1 or more, never more \
                     than {MAX_SENTRIES}"
                ),
            );
        }
        if !facing_deg.is_finite() || !at.iter().all(|v| v.is_finite()) {
            return refuse(Rule::Sec9, "A sentry needs a place and a facing");
        }
        let base = self.sentry_base(rules.defender, at);
        if let Some(zone) = self.st.setup.scenario.zone_of(rules.defender)
            && !self.st.setup.in_defenders_half(&base, zone)
        {
            return refuse(
                Rule::Sec2,
                "A sentry stands wholly within the half of the table that holds the defender's \
                 deployment zone",
            );
        }
        if !self.space().table().contains_base(&base) {
            return refuse(Rule::Field7, "The whole base must be on the table");
        }
        let others = self.bases_in_play();
        if others.iter().any(|o| o.overlaps(&base)) {
            return refuse(Rule::Move4, "The base would overlap another model's base");
        }
        if !self.space().can_place(&base, &others) {
            return refuse(
                Rule::Field7,
                "The sentry can't stand there: the spot is inside scenery or off its surface",
            );
        }
        Ok(())
    }

    /// The base a sentry of the defender's would have at `at`.
    fn sentry_base(&self, defender: Seat, at: [f32; 3]) -> Base {
        Base {
            id: u32::try_from(self.models.len()).unwrap_or(u32::MAX),
            team: self.team_of(defender).0,
            position: at,
            radius: geometry::radius_from_mm(SENTRY_BASE_MM),
        }
    }

    /// Carries out a checked answer to [`DecisionKind::PlaceSecurity`].
    pub(crate) fn execute_security(&mut self, cmd: Command) {
        let Some(seat) = self.placing_security() else {
            return;
        };
        match cmd {
            Command::PlaceSecurity(SecurityPlacement::Lock {
                piece,
                opening,
                grade,
            }) => self.place_lock(piece, opening, grade),
            Command::PlaceSecurity(SecurityPlacement::Sentry {
                at,
                facing_deg,
                rapid,
                optics,
            }) => {
                let sentry = ModelId(u16::try_from(self.models.len()).unwrap_or(u16::MAX));
                self.emit(Event::SecurityStep(SecurityStepEvent::SentryPlaced {
                    sentry,
                    at,
                    facing_deg,
                    rapid,
                    optics,
                }));
            }
            Command::PlaceSecurity(SecurityPlacement::Fence { kind, from, to }) => {
                let piece = self
                    .space()
                    .pieces()
                    .iter()
                    .map(|p| p.id.0 + 1)
                    .max()
                    .unwrap_or(0);
                self.emit(Event::SecurityStep(SecurityStepEvent::FencePlaced {
                    piece,
                    kind,
                    from,
                    to,
                }));
            }
            Command::EndSecurity => {
                self.emit(Event::SecurityStep(SecurityStepEvent::Ended { seat }));
                self.start_deployment();
            }
            _ => {}
        }
    }

    /// SEC-2, SEC-7: a lock goes on. Where it is, and its grade, are the defender's secret:
    /// the event every seat sees says only that a lock was placed, so the lock is recorded
    /// here rather than from the event (the command, in the replay, says where: MOPEN-8).
    fn place_lock(&mut self, piece: u32, opening: u8, grade: LockGrade) {
        self.security.locks.push(Lock {
            piece,
            opening,
            grade,
            revealed: false,
            unlocked: false,
        });
        self.secured(|st| {
            if let Some(rules) = st.setup.scenario.security.as_mut() {
                rules.plan.locks.push(LockPlan {
                    piece,
                    opening,
                    grade,
                });
            }
        });
        self.emit(Event::SecurityStep(SecurityStepEvent::LockPlaced));
    }

    /// Applies a security step event: a sentry joins the models, a fence section the
    /// scenery (SEC-2).
    pub(crate) fn apply_security_step_event(&mut self, ev: SecurityStepEvent) {
        match ev {
            SecurityStepEvent::SentryPlaced {
                sentry,
                at,
                facing_deg,
                rapid,
                optics,
            } => {
                let Some(defender) = self.defender() else {
                    return;
                };
                let team = self.team_of(defender);
                self.secured(|st| {
                    st.setup.models.push(ModelSetup {
                        profile: Arc::new(sentry_profile(rapid, optics)),
                        owner: defender,
                        position: at,
                        hacked: 0,
                        entry: Entry::Table,
                    });
                    st.radius.push(geometry::radius_from_mm(SENTRY_BASE_MM));
                    st.model_team.push(team);
                    st.model_gonk.push(true);
                    st.model_drone.push(true);
                    if let Some(rules) = st.setup.scenario.security.as_mut() {
                        rules.plan.sentries.push(SentryPlan {
                            model: sentry.0,
                            facing_deg,
                        });
                    }
                });
                self.models.push(ModelState::new(at, &[], 0));
                self.scen.presence.push(Presence::Table);
            }
            SecurityStepEvent::FencePlaced {
                piece,
                kind,
                from,
                to,
            } => {
                let section = fence_section(piece, from, to);
                self.secured(|st| {
                    let space = &st.setup.battlespace;
                    let mut pieces = space.pieces().to_vec();
                    pieces.push(section);
                    if let Ok(space) = geometry::Battlespace::new(*space.table(), pieces) {
                        st.setup.battlespace = space;
                        if let Some(rules) = st.setup.scenario.security.as_mut() {
                            rules.plan.fences.push(FencePlan { piece, kind });
                        }
                    }
                });
            }
            SecurityStepEvent::LockPlaced | SecurityStepEvent::Ended { .. } => {}
        }
    }

    /// Changes the game's setup to hold the security placed (SEC-2), keeping the setup the
    /// game started from for its replay, and the state hash covering what was placed.
    fn secured(&mut self, change: impl FnOnce(&mut Statics)) {
        let st = Arc::make_mut(&mut self.st);
        if st.unsecured.is_none() {
            st.unsecured = Some(Box::new(st.setup.clone()));
        }
        change(st);
        let mut h = Fnv::default();
        h.value(&st.setup);
        st.setup_hash = h.finish();
    }

    /// The listed answers to [`DecisionKind::PlaceSecurity`]: ending the step; every
    /// affordable lock on every door and window still open; a plain sentry, and one with
    /// every upgrade, facing the table's centre from a few spots of the defender's half; a
    /// few fence sections around what the defender guards, in both kinds. Any other 4"
    /// section the checks accept is legal too, but not listed.
    pub(crate) fn security_commands(&self, out: &mut Vec<Command>) {
        out.push(Command::EndSecurity);
        let mut push = |p: SecurityPlacement| {
            let cmd = Command::PlaceSecurity(p);
            if self.check(&cmd).is_ok() {
                out.push(cmd);
            }
        };
        for (piece, opening) in self.lockable_openings() {
            for grade in LockGrade::ALL {
                push(SecurityPlacement::Lock {
                    piece,
                    opening,
                    grade,
                });
            }
        }
        for at in self.sentry_spots() {
            let facing_deg = self.bearing_to_centre(at);
            for upgrades in [false, true] {
                push(SecurityPlacement::Sentry {
                    at,
                    facing_deg,
                    rapid: upgrades,
                    optics: upgrades,
                });
            }
        }
        for (kind, from, to) in self.fence_spots() {
            push(SecurityPlacement::Fence { kind, from, to });
        }
    }

    /// Spots where a sentry may stand now, at most [`SENTRY_SPOTS`], spread over every legal
    /// one of a 2" grid, in a fixed order (SEC-2). Empty outside the security step or when
    /// no sentry more is allowed.
    pub fn sentry_spots(&self) -> Vec<[f32; 3]> {
        let Some(rules) = self
            .security_rules()
            .filter(|_| self.placing_security().is_some())
        else {
            return Vec::new();
        };
        let table = *self.space().table();
        let mut legal = Vec::new();
        let mut x = SENTRY_STEP / 2.0;
        while x < table.width {
            let mut z = SENTRY_STEP / 2.0;
            while z < table.depth {
                let at = [x, self.space().surface_height_at(x, z), z];
                if self.check_sentry(rules, at, 0.0).is_ok() {
                    legal.push(at);
                }
                z += SENTRY_STEP;
            }
            x += SENTRY_STEP;
        }
        if legal.len() <= SENTRY_SPOTS {
            return legal;
        }
        (0..SENTRY_SPOTS)
            .map(|i| legal[i * legal.len() / SENTRY_SPOTS])
            .collect()
    }

    /// The compass bearing from `at` to the table's centre (0° North, toward −z; 90° East).
    fn bearing_to_centre(&self, at: [f32; 3]) -> f32 {
        let t = self.space().table();
        bearing(at, [t.width / 2.0, 0.0, t.depth / 2.0])
    }
}
