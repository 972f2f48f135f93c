//! Errors: a broken layout, a refused move or route, a refused target. Messages are written
//! for players and name the piece or model involved.

use thiserror::Error;

use crate::scenery::SceneryId;

/// Why a layout can't be built.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum LayoutError {
    /// The table has a non-positive or non-finite size.
    #[error("the table must have a positive size, not {width}\" x {depth}\"")]
    BadTable {
        /// Size along x.
        width: f32,
        /// Size along z.
        depth: f32,
    },
    /// Two pieces share an id.
    #[error("scenery id {id} is used by both '{first}' and '{second}'")]
    DuplicateId {
        /// The shared id.
        id: u32,
        /// The first piece's name.
        first: String,
        /// The second piece's name.
        second: String,
    },
    /// A size, radius, height or thickness is zero, negative or not a number.
    #[error("'{name}' has a bad size: {what}")]
    BadSize {
        /// The piece's name.
        name: String,
        /// What is wrong.
        what: String,
    },
    /// The footprint of a hull is degenerate.
    #[error("'{name}' needs at least three footprint points that are not in a line")]
    BadHull {
        /// The piece's name.
        name: String,
    },
    /// An opening is on a piece that is not a wall, or doesn't fit in the wall.
    #[error("'{name}' has an opening that {what}")]
    BadOpening {
        /// The piece's name.
        name: String,
        /// What is wrong.
        what: String,
    },
    /// The piece lies (partly) off the table.
    #[error("'{name}' is not on the table")]
    OffTable {
        /// The piece's name.
        name: String,
    },
    /// No piece has this id (for moving a draggable object).
    #[error("there is no scenery piece with id {0}")]
    UnknownPiece(u32),
    /// The piece to move is not a draggable object (MOVE-14).
    #[error("'{name}' is not light enough to drag")]
    NotDraggable {
        /// The piece's name.
        name: String,
    },
}

/// Why a move along a route is refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum MoveError {
    /// The route is longer than the Limiter allows (MOVE-1).
    #[error("the move is {length:.1}\" long but may be at most {max:.1}\"")]
    TooLong {
        /// Length of the route, climbing included.
        length: f32,
        /// Allowed length.
        max: f32,
    },
    /// The route goes through a barrier it can't cross (MOVE-11, MOVE-22).
    #[error("the move crosses the barrier '{name}': {why}")]
    Barrier {
        /// The barrier.
        piece: SceneryId,
        /// Its name.
        name: String,
        /// Why it can't be crossed here.
        why: String,
    },
    /// The route leaves the table.
    #[error("the move leaves the table")]
    LeavesTable,
    /// The model would end with its base overlapping another base (MOVE-4).
    #[error("the move ends overlapping model {model}")]
    EndOverlapsModel {
        /// The model overlapped.
        model: u32,
    },
    /// The model would end with its base inside a scenery piece.
    #[error("the move ends inside '{name}'")]
    EndInsideScenery {
        /// The piece.
        piece: SceneryId,
        /// Its name.
        name: String,
    },
    /// The model would end in the middle of a jump, standing on nothing.
    #[error("the move ends in mid-air over a gap")]
    EndsInMidAir,
    /// A drop or gap along the route that can't be taken (a jump longer than RED, MOVE-17).
    #[error("the move drops {height:.1}\" off '{name}' where no climb or jump is possible")]
    Drop {
        /// The piece stepped off.
        piece: SceneryId,
        /// Its name.
        name: String,
        /// Height of the drop.
        height: f32,
    },
    /// The route has a non-finite point.
    #[error("the route has an invalid point")]
    BadRoute,
    /// A move asked for as a two-action climb isn't one (MOVE-25, OPEN-24).
    #[error("not a two-action climb: {why}")]
    NotATwoActionClimb {
        /// Why, for the player.
        why: String,
    },
}

/// Why no route was found.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RouteError {
    /// The destination can't be reached within the length allowed.
    #[error("no legal route of at most {max:.1}\" reaches that point")]
    Unreachable {
        /// The length allowed.
        max: f32,
    },
    /// The destination itself is not a legal place to stand.
    #[error("a model can't stand there: {0}")]
    BadDestination(String),
}

/// Why a model can't be targeted.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum TargetingError {
    /// A barrier crosses the whole Path of Attack (POA-8).
    #[error("Path of Attack crosses the barrier '{name}'")]
    Blocked {
        /// The barrier.
        piece: SceneryId,
        /// Its name.
        name: String,
    },
    /// The target is beyond the action's range.
    #[error("the target is {distance:.1}\" away, beyond the {range:.0}\" range")]
    OutOfRange {
        /// Distance to the target.
        distance: f32,
        /// The action's range.
        range: f32,
    },
}
