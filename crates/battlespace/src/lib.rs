//! Redline's battlespace geometry: the table, its scenery and the models on it, and every
//! geometric question the [RE]action rules ask — distances and range bands, reach, Paths of
//! Attack, movement along a bent Limiter, route finding, Blast, Torrent, Push, quarters and
//! deployment zones. Built on parry3d shapes (rapier3d 0.35's geometry), no Bevy.
//!
//! Units are inches, Y is up, the table's corner is the origin and x runs along the long edge.
//! A model is a vertical cylinder ([`MODEL_HEIGHT`] tall) on a round base; scenery pieces
//! are convex solids (boxes, cylinders, prisms, wall segments) tagged obstacle or barrier.
//!
//! # Use from the rules engine
//!
//! Build one [`Battlespace`] per layout and keep it in the game state: it holds an `Arc`, so
//! a clone is a reference-count bump. When a draggable object is moved (MOVE-14..16), make a
//! new one with [`Battlespace::with_object_moved`] (or [`Battlespace::with_object_shifted`]
//! when it also drops off raised scenery); the old one is untouched.
//!
//! * [`Battlespace::distance`], [`Battlespace::band`], [`Battlespace::within_reach`]
//! * [`Battlespace::path_of_attack`] → [`PathOfAttack`] (blocked, cover items, obscured);
//!   [`Battlespace::require_target`] turns it into a player-readable [`TargetingError`].
//! * [`Battlespace::check_move`] → [`MovePlan`] (ordered [`Crossing`]s with roll, stop point
//!   and fall height) or a [`MoveError`] naming the barrier;
//!   [`Battlespace::check_two_action_climb`] for a climb spread over two actions;
//!   [`Battlespace::climb_spots`] for where a climb from a model's position can end, up or
//!   down ([`Battlespace::climb_down_spots`], MOVE-26).
//! * [`Battlespace::find_route`], [`Battlespace::reachable_area`]
//! * [`Battlespace::level_at`], [`Battlespace::standing_levels`], [`Battlespace::standing_on`]
//! * [`Battlespace::blast`], [`Battlespace::torrent`], [`Battlespace::push`]
//! * [`Battlespace::land`] → [`Landing`]: where a model let go above a surface comes to rest
//!   and whom it falls onto; [`Battlespace::fallen_onto`] for one that has come down already
//!   (MOVE-18, MOVE-21)
//! * [`Battlespace::distance_to_section`], [`Battlespace::path_to_section`] for a scenery
//!   part as a target (MOD-7, TERR-4); [`Battlespace::with_section_destroyed`] for the
//!   battlespace after a Breach destroyed a section or part (TERR-8, TERR-16, TERR-17)
//! * [`Battlespace::brawls`], [`Battlespace::brawling_with`], [`Battlespace::outnumbers`]
//! * [`Table::quarter_of`], [`Table::quarter_control`], [`Table::in_zone`]
//!
//! # Interpretations of the open questions (`docs/rules/open-questions.md`)
//!
//! * **OPEN-1** Distances are the shortest 3D distance between the two bases, the discs at
//!   the models' feet (GEN-3: the base is what is measured), so a model on a 4" roof is 4"
//!   from one straight below it. Move length is the length of the route the base centre
//!   follows, plus every height climbed up or down.
//! * **OPEN-2** Bands include their edges: RED ≤ 3", YELLOW ≤ 7", GREEN ≤ 12", reach ≤ 1".
//! * **OPEN-5** The Path of Attack is a cuboid 1" wide and one model tall from the middle of
//!   the attacker's body to the middle of the target's. A piece *crosses* it when, at some
//!   point along the way, the piece contains the corridor's whole cross-section (all four long
//!   edges are inside it at once); otherwise, if it touches the corridor, it *enters*. Each
//!   piece counts once; a wall with windows counts once. Barriers also block when together,
//!   or one lying across the path at a slant, they cut the corridor in two so that no straight
//!   line in it gets from one model to the other (two wall segments meeting, a corner); gaps
//!   under 0.1" count as closed. Moving, barriers the base touches at once are one wall: one
//!   roll, the tallest height counted once.
//! * **OPEN-6** Every other model whose body touches the corridor gives +1, anywhere along
//!   it; for a shot into a Brawl, leave the other Brawl members out of `others`.
//! * **OPEN-7** The corridor is 3D: scenery counts only if it reaches into it, so low walls
//!   between raised models add nothing, and a roof blocks shots from below at a model away
//!   from its edge.
//! * **POA-9** A scenery piece any part of which is within reach of the attacker's base is
//!   ignored for cover, however far along the path it runs. Blocking is tested on the whole
//!   corridor, so blocking is symmetric between the two models.
//! * **MOVE-12** A shot through a window reports the window (one +1 for that wall, OPEN-5),
//!   even though the sill under it enters the corridor too.
//! * **POA-10** Only a barrier taller than RED that models stand on is elevated. The
//!   elevated piece a model stands on never blocks its path when the model is within reach
//!   of the edge the path passes over; as the target, that edge gives +1.
//! * **KW-20** Indirect ignores everything that counts as an obstacle: obstacles, windows,
//!   other models (POA-6) and elevated edges (POA-10). Barriers still enter and block.
//! * **OPEN-22** Torrent and Blast take friendly models as well as rivals; the area queries
//!   don't look at teams.
//! * **OPEN-26** An escape from a Blast is an ordinary move ([`Battlespace::check_move`])
//!   that must end more than RED from the Impact token ([`Battlespace::blast`] no longer
//!   catches the model there).
//! * **OPEN-27** A fumbled Blast puts the Impact token touching the attacker:
//!   [`Battlespace::impact_point`] with the attacker as the target.
//! * **OPEN-39** Drones are passed to every query as ordinary [`ModelBase`]s, so they block
//!   paths, can't be overlapped and count for quarters like models.
//! * **OPEN-23** A barrier no taller than RED is crossed with one roll; its height (up and
//!   down again for a wall) counts toward the move; a failure leaves the model at the barrier.
//! * **OPEN-24** [`Battlespace::check_move`] plans single-action climbs; a failed climb
//!   leaves the model where it started and it falls the barrier's height, capped at the move's
//!   length. [`Battlespace::check_two_action_climb`] spreads a longer climb over two actions
//!   with a roll each: the first failure falls from what one action could climb, the second
//!   from the height the second action would have reached.
//! * **OPEN-29** A Push moves straight away with no rolls and stops at a barrier (or the
//!   side of a raised piece), another base or the table edge; obstacles are passed but never
//!   ended in. Off a raised edge the model falls to the surface below; landing on a model it
//!   is put in base contact with it (MOVE-21).
//! * **KW-11, KW-12** A Blast is sheltered by a barrier on the straight line from the token's
//!   centre to a model's body, except the top the token lies on and the top the model stands
//!   on: the Blast goes up and down past their edges.
//!
//! # Levels
//!
//! A model stands on the first surface at or below its feet. Walking, it steps onto any top
//! whose solid would otherwise hold its body, and walks under a raised piece whose bottom
//! clears it (a catwalk, an upper floor): [`Battlespace::level_at`]. Where both are possible
//! the height of a route point says which the player means, and a climb onto a top happens
//! only where the route crosses its edge, never up through it. MOVE-22: a climb that needs a
//! roll must start the action at the foot (going up) or the edge (going down, unless the
//! same action climbed up that piece); easy climbs (MOVE-27: ladders, an easy piece touched
//! at the face) are moved normally, anywhere in the move.
//! * **OPEN-30** A Torrent stops at the first barrier that crosses its corridor and at its
//!   range; each target's cover is then counted with its own Path of Attack.
//! * **OPEN-31** Obscured means an obstacle, window, model or barrier crosses the corridor's
//!   whole width somewhere (OPEN-5 sense) at any height inside it, so a fence lower than a
//!   model across the path obscures it; scenery within the attacker's reach excepted.
//! * **OPEN-43** A fall of exactly 12" is 1 wound; more is taken out; exactly 3" is nothing.
//!
//! Further choices (climbs start at the foot, step-downs within RED need no roll, jumps,
//! windows and doors in the Path of Attack) are described in `docs/decisions/geometry-*.md`.

mod arc;
mod blast;
mod brawl;
mod breach;
mod building;
mod climb;
mod cut;
mod error;
mod fire;
mod grid;
mod model;
mod movement;
mod near;
mod opening;
mod opening_span;
mod placement;
mod poa;
mod push;
mod room;
mod route;
mod scenery;
mod smoke;
mod solid;
mod solid_grid;
mod space;
mod table;
mod torrent;
mod units;

pub use arc::{base_in_arc, bearing_direction};
pub use blast::{BlastArea, IMPACT_TOKEN_RADIUS};
pub use breach::RUBBLE_HEIGHT;
pub use building::{BuildingPlace, convex_hull};
pub use error::{LayoutError, MoveError, RouteError, TargetingError};
pub use fire::ENCLOSED_SIDE;
pub use grid::ROUTE_CELL;
pub use model::ModelBase;
pub use movement::{CLIMB_START_TOLERANCE, Crossing, CrossingKind, MovePlan};
pub use opening::OpeningPlace;
pub use poa::{Cover, CoverReason, CoverSource, PathOfAttack, PoaOptions};
pub use push::{Landing, PushResult, PushStop};
pub use room::{Compartment, OPENING_ROOM_GAP};
pub use route::{MAX_ROUTE_ROLLS, ReachCell, ReachableArea, Route};
pub use scenery::{
    Damageable, FenceKind, Ladder, Layout, Opening, OpeningKind, SECTION_LEN, SceneryId,
    SceneryKind, SceneryPiece, SceneryShape, StoreyOf,
};
pub use smoke::RouteMeets;
pub use space::Battlespace;
pub use table::{Corner, DeploymentZone, Edge, Quarter, Table};
pub use torrent::TorrentArea;
pub use units::{
    BASE_27MM_RADIUS, EPSILON, FallDamage, GREEN, Hypot, MM_PER_INCH, MODEL_HEIGHT, POA_WIDTH,
    REACH, RED, RangeBand, YELLOW, inches_from_mm, point_segment_distance, segments_apart,
    within_reach,
};
