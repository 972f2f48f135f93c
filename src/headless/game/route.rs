//! The route a move answer takes as the engine resolves it, for the view to walk: the
//! answer's waypoints checked by the same geometry query the engine makes for the move
//! (`Battlespace::check_move` with the token's band and the bases in play), giving the 3D
//! path with a vertical step wherever the level changes, and the jumps among its
//! crossings. Nothing here decides a rule: the path is the geometry's, and where the model
//! ends is the engine's `Moved` event.

use redline_battlespace::CrossingKind;
use redline_rules::{ActionCommand, Command, Game, ModelId, Target};

use crate::headless::game::probe::bases_in_play;

/// How a stretch of a route is travelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegKind {
    /// Along a surface.
    Walk,
    /// Straight up a face (MOVE-22).
    Climb,
    /// Straight down: climbing down or dropping (MOVE-18).
    Drop,
    /// Across a gap between raised surfaces (MOVE-17).
    Jump,
}

/// One stretch of a route, ending at `to`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RouteLeg {
    /// Where the stretch ends (the base centre), inches.
    pub to: [f32; 3],
    /// How it is travelled.
    pub kind: LegKind,
}

/// A move as resolved before it is applied: where it starts and each stretch.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedRoute {
    /// The moving model.
    pub model: ModelId,
    /// Where its base starts.
    pub start: [f32; 3],
    /// The stretches, in order.
    pub legs: Vec<RouteLeg>,
}

/// How close (inches, along the route) a jump crossing's start must be to a stretch's.
const JUMP_MATCH: f32 = 0.05;

/// The route `command` makes its model take on `game` (before it is applied), when it is a
/// move along a route. When the geometry refuses the route (a climb split over two actions,
/// say) the answer's own waypoints are the route.
pub fn resolved_route(game: &Game, command: &Command) -> Option<ResolvedRoute> {
    let (Command::Act(action) | Command::React(action)) = command else {
        return None;
    };
    let ActionCommand {
        model,
        action: index,
        token,
        target: Target::Route(waypoints),
    } = action
    else {
        return None;
    };
    let model = *model;
    let start = game.position(model);
    let planned = game.move_band(model, *index, *token).and_then(|band| {
        game.setup()
            .battlespace
            .check_move(
                &game.model_base(model),
                waypoints,
                band.move_inches(),
                &bases_in_play(game),
            )
            .ok()
    });
    let legs = match planned {
        Some(plan) => {
            let jumps: Vec<f32> = plan
                .crossings
                .iter()
                .filter(|c| matches!(c.kind, CrossingKind::Jump { .. }))
                .map(|c| c.at)
                .collect();
            legs_of(&plan.path, &jumps)
        }
        None => legs_of(
            &std::iter::once(start)
                .chain(waypoints.iter().copied())
                .collect::<Vec<_>>(),
            &[],
        ),
    };
    Some(ResolvedRoute { model, start, legs })
}

/// The stretches between a path's points: vertical ones climb or drop, a level one that
/// starts where a jump crossing does is a jump, the rest are walked.
fn legs_of(path: &[[f32; 3]], jumps: &[f32]) -> Vec<RouteLeg> {
    let mut along = 0.0;
    let mut legs = Vec::new();
    for pair in path.windows(2) {
        let ([ax, ay, az], [bx, by, bz]) = (pair[0], pair[1]);
        let level = (bx - ax).hypot(bz - az);
        let kind = if level < 1e-3 {
            if by > ay {
                LegKind::Climb
            } else {
                LegKind::Drop
            }
        } else if jumps.iter().any(|j| (j - along).abs() < JUMP_MATCH) {
            LegKind::Jump
        } else {
            LegKind::Walk
        };
        if level >= 1e-3 || (by - ay).abs() >= 1e-3 {
            legs.push(RouteLeg { to: pair[1], kind });
        }
        along += level;
    }
    legs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertical_steps_climb_or_drop_and_a_jump_is_found_by_its_start() {
        let path = [
            [0.0, 0.0, 0.0],
            [2.0, 0.0, 0.0],
            [2.0, 3.0, 0.0],
            [4.0, 3.0, 0.0],
            [6.0, 3.0, 0.0],
            [6.0, 0.0, 0.0],
        ];
        let kinds: Vec<LegKind> = legs_of(&path, &[4.0]).iter().map(|l| l.kind).collect();
        assert_eq!(
            kinds,
            [
                LegKind::Walk,
                LegKind::Climb,
                LegKind::Walk,
                LegKind::Jump,
                LegKind::Drop
            ]
        );
    }
}
