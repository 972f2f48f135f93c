//! The two-action climb (MOVE-25, OPEN-24): a climb longer than one move action can reach is
//! spread over two move actions in a row, each with its own Reflexes roll. The first action
//! names the whole route; if its roll succeeds the model waits on the barrier's face, and its
//! very next action must be a Basic Move along the same route with another token. A failed
//! first roll falls from what one action could climb (MOVE-24); a failed second roll falls
//! from the height the second action would have reached (MOVE-25). Both leave it at the foot.

use serde::Serialize;

use crate::actions::movement::MoveCtx;
use crate::geometry;
use crate::ids::ModelId;
use crate::protocol::command::{ActionCommand, Command, Target};
use crate::protocol::decision::DecisionKind;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::route::RouteLeg;
use crate::protocol::rule::Rule;
use crate::setup::basic;
use crate::setup::card::Colour;
use crate::state::Game;

/// A model halfway up a two-action climb, waiting on the face for its second action.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct ClimbHold {
    pub model: ModelId,
    /// The whole route, as the first action gave it.
    pub route: Vec<[f32; 3]>,
    /// The first action's length.
    pub first: f32,
}

/// Which half of a two-action climb a move is.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub(crate) enum ClimbPart {
    /// An ordinary move.
    #[default]
    None,
    /// The first action: on success the model waits on the face.
    First(ClimbHold),
    /// The second action.
    Second,
}

impl ClimbPart {
    /// An ordinary move.
    pub(crate) fn is_none(&self) -> bool {
        *self == ClimbPart::None
    }
}

impl Game {
    /// While a model waits on a face, the only answer is its second climbing action
    /// (OPEN-24: both actions in a row, in the same activation).
    pub(crate) fn check_climb_hold(&self, cmd: &Command) -> Result<(), RuleError> {
        let (Some(hold), Some(d)) = (&self.climb, &self.decision) else {
            return Ok(());
        };
        if !matches!(d.kind, DecisionKind::NextAction { model } if model == hold.model) {
            return Ok(());
        }
        match cmd {
            Command::Act(a)
                if a.model == hold.model
                    && a.action == basic::MOVE
                    && a.target == Target::Route(hold.route.clone()) =>
            {
                Ok(())
            }
            _ => refuse(
                Rule::Open24,
                "The model is halfway up its climb: its next action must be a Move along the \
                 same route to finish the climb",
            ),
        }
    }

    /// The commands that finish a waiting climb: a Basic Move along the same route with each
    /// Ready token that reaches far enough. `None` when no model is waiting on a face.
    pub(crate) fn climb_commands(&self) -> Option<Vec<Command>> {
        let hold = self.climb.as_ref()?;
        let d = self.decision.as_ref()?;
        if !matches!(d.kind, DecisionKind::NextAction { model } if model == hold.model) {
            return None;
        }
        let mut out = Vec::new();
        let mut seen: Vec<Colour> = Vec::new();
        for (i, t) in self.tokens(hold.model).iter().enumerate() {
            if !t.ready || seen.contains(&t.colour) {
                continue;
            }
            let cmd = Command::Act(ActionCommand {
                model: hold.model,
                action: basic::MOVE,
                token: Some(i as u8),
                target: Target::Route(hold.route.clone()),
            });
            if self.check(&cmd).is_ok() {
                seen.push(t.colour);
                out.push(cmd);
            }
        }
        Some(out)
    }

    /// A Basic Move: the second half of a waiting climb, an ordinary move, or — when the
    /// route is too long for one action only because of a climb — the first half of a
    /// two-action climb, if another Ready token could carry the second half (MOVE-25).
    pub(crate) fn plan_move_or_climb(
        &self,
        m: ModelId,
        a: &ActionCommand,
        route: &[[f32; 3]],
        length: f32,
        colour: Colour,
    ) -> Result<MoveCtx, RuleError> {
        if let Some(hold) = self.climb.as_ref().filter(|h| h.model == m) {
            let (plan, split) = self
                .two_action_plan(m, route, (hold.first, length))
                .map_err(|why| {
                    RuleError::new(Rule::Move25, format!("The climb can't be finished: {why}"))
                })?;
            let crossings = plan.crossings[split..].to_vec();
            return Ok(climb_ctx(
                m,
                a,
                colour,
                (crossings, plan.legs),
                plan.end,
                ClimbPart::Second,
            ));
        }
        let plain = self.plan_move(m, route, length, colour, a.token, None);
        let Err(err) = plain else {
            return plain;
        };
        // Only a character's own Basic Move in its activation, out of any Brawl (a climb
        // away from rivals would be an escape, BRAWL-5).
        let active = self
            .decision
            .as_ref()
            .is_some_and(|d| d.kind == DecisionKind::NextAction { model: m });
        if a.action != basic::MOVE
            || !active
            || self.is_gonk(m)
            || !self.brawling_with(m).is_empty()
        {
            return Err(err);
        }
        // The longest second action another Ready token allows.
        let Some(second) = self
            .tokens(m)
            .iter()
            .enumerate()
            .filter(|(i, t)| t.ready && Some(*i as u8) != a.token)
            .map(|(_, t)| t.colour.move_inches())
            .reduce(f32::max)
        else {
            return Err(err);
        };
        let Ok((plan, split)) = self.two_action_plan(m, route, (length, second)) else {
            return Err(err);
        };
        self.check_construct_climb(m)?;
        let hold = ClimbHold {
            model: m,
            route: route.to_vec(),
            first: length,
        };
        let crossings = plan.crossings[..split].to_vec();
        let here = self.position(m);
        Ok(climb_ctx(
            m,
            a,
            colour,
            (crossings, plan.legs),
            here,
            ClimbPart::First(hold),
        ))
    }

    fn two_action_plan(
        &self,
        m: ModelId,
        route: &[[f32; 3]],
        lengths: (f32, f32),
    ) -> Result<(geometry::MovePlan, usize), String> {
        let others = self.bases_in_play();
        geometry::check_two_action_climb(self.space(), &self.base(m), route, lengths, &others)
    }
}

/// The move step of one half of a two-action climb: its crossings and the whole route's
/// stretches.
fn climb_ctx(
    m: ModelId,
    a: &ActionCommand,
    colour: Colour,
    (crossings, route): (Vec<geometry::Crossing>, Vec<RouteLeg>),
    end: [f32; 3],
    climb: ClimbPart,
) -> MoveCtx {
    MoveCtx {
        actor: m,
        token: a.token,
        colour,
        crossings,
        end,
        next: 0,
        escape_from: Vec::new(),
        outnumbers: false,
        escape_done: false,
        drag: None,
        drag_done: false,
        drop_fall: None,
        object: None,
        opposer: None,
        climb,
        route,
        lock: None,
    }
}
