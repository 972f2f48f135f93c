//! Checks a scenario's security before the game (SEC-1, SEC-2, SEC-9): who may buy it,
//! where it may stand, how many sentries. Only while SEC is on (MOD-2).

use crate::geometry::Base;
use crate::protocol::rule::Rule;
use crate::setup::card::Skill;
use crate::setup::modules::Module;
use crate::setup::scenario::{DeploymentZone, Edge};
use crate::setup::security::{MAX_SENTRIES, SecurityRules};
use crate::setup::{Setup, SetupError};
use redline_battlespace::{OpeningKind, SceneryId, SceneryKind};

fn refuse(rule: Rule, reason: String) -> Result<(), SetupError> {
    Err(SetupError::Security { rule, reason })
}

impl Setup {
    /// SEC-1, SEC-2, SEC-9: the defender's security is one it may have placed.
    pub(crate) fn validate_security(&self) -> Result<(), SetupError> {
        let Some(sec) = self.scenario.security.as_ref() else {
            return Ok(());
        };
        if !self.modules.contains(&Module::Sec) {
            return Ok(());
        }
        if usize::from(sec.defender.0) >= self.players.len() {
            return refuse(
                Rule::Sec1,
                format!(
                    "the defender is seat {}, which is not seated",
                    sec.defender.0
                ),
            );
        }
        let plan = &sec.plan;
        if plan.locks.is_empty() && plan.sentries.is_empty() && plan.fences.is_empty() {
            return Ok(());
        }
        let techs = self
            .models
            .iter()
            .filter(|m| m.owner == sec.defender && m.profile.is_character())
            .filter(|m| m.profile.skills.get(Skill::Tech) >= 1)
            .count();
        if techs == 0 {
            return refuse(
                Rule::Sec1,
                "the defender has security but no character with Tech 1 or more".into(),
            );
        }
        self.validate_locks(sec)?;
        self.validate_fences(sec)?;
        self.validate_sentries(sec, techs)
    }

    fn validate_locks(&self, sec: &SecurityRules) -> Result<(), SetupError> {
        for l in &sec.plan.locks {
            let opening = self
                .battlespace
                .piece(SceneryId(l.piece))
                .and_then(|p| p.openings.get(usize::from(l.opening)));
            let door_or_window =
                opening.is_some_and(|o| matches!(o.kind, OpeningKind::Door | OpeningKind::Window));
            if !door_or_window {
                return refuse(
                    Rule::Sec2,
                    format!(
                        "a lock is on opening {} of piece {}, which is no door or window",
                        l.opening, l.piece
                    ),
                );
            }
        }
        Ok(())
    }

    fn validate_fences(&self, sec: &SecurityRules) -> Result<(), SetupError> {
        for f in &sec.plan.fences {
            let obstacle = self
                .battlespace
                .piece(SceneryId(f.piece))
                .is_some_and(|p| p.kind == SceneryKind::Obstacle);
            if !obstacle {
                return refuse(
                    Rule::Sec14,
                    format!("fence piece {} is not an obstacle on the table", f.piece),
                );
            }
        }
        Ok(())
    }

    fn validate_sentries(&self, sec: &SecurityRules, techs: usize) -> Result<(), SetupError> {
        let most = usize::from(sec.max_sentries.min(MAX_SENTRIES)).min(techs);
        if sec.plan.sentries.len() > most {
            return refuse(
                Rule::Sec9,
                format!(
                    "{} sentries, but the defender may place at most {most} (one per Tech \
                     character, at most {})",
                    sec.plan.sentries.len(),
                    sec.max_sentries.min(MAX_SENTRIES)
                ),
            );
        }
        let zone = self.scenario.zone_of(sec.defender);
        for s in &sec.plan.sentries {
            let Some(m) = self.models.get(usize::from(s.model)) else {
                return refuse(
                    Rule::Sec9,
                    format!("sentry model {} is not in the game", s.model),
                );
            };
            if m.owner != sec.defender || !m.profile.is_drone() {
                return refuse(
                    Rule::Sec9,
                    format!("model {} is no sentry of the defender's", s.model),
                );
            }
            let base = Base {
                id: u32::from(s.model),
                team: 0,
                position: m.position,
                radius: crate::geometry::radius_from_mm(m.profile.base_mm),
            };
            if let Some(zone) = zone
                && !self.in_defenders_half(&base, zone)
            {
                return refuse(
                    Rule::Sec2,
                    format!(
                        "sentry model {} is not wholly within the defender's half of the table",
                        s.model
                    ),
                );
            }
        }
        Ok(())
    }

    /// SEC-2: the half of the table holding the defender's deployment zone (the long axis'
    /// half for a corner; anywhere for a zone around the centre).
    pub(crate) fn in_defenders_half(&self, b: &Base, zone: DeploymentZone) -> bool {
        let t = self.battlespace.table();
        let [x, _, z] = b.position;
        let r = b.radius;
        let west = x + r <= t.width / 2.0;
        let east = x - r >= t.width / 2.0;
        let north = z + r <= t.depth / 2.0;
        let south = z - r >= t.depth / 2.0;
        match zone {
            DeploymentZone::Edge { edge, .. } => match edge {
                Edge::West => west,
                Edge::East => east,
                Edge::North => north,
                Edge::South => south,
            },
            DeploymentZone::Corner { corner, .. } => {
                let [cx, _] = t.corner(corner);
                if cx < t.width / 2.0 { west } else { east }
            }
            DeploymentZone::Centre { .. } => true,
        }
    }
}
