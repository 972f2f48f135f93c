//! Redline's content: the RON schema of content packs, loading with located errors,
//! team building under the TEAM rules, compiling teams to engine profiles, and the
//! embedded starter pack.
//!
//! * [`starter`] gives the embedded starter pack's [`Catalog`]; [`load_with_user_pack`]
//!   adds a pack folder (`--pack DIR`) and validates both together.
//! * [`team`] checks a [`team::TeamSpec`] against the TEAM rules, lists what can still be
//!   added within the budget, and compiles a team to [`redline_rules::card::ModelProfile`]s.
//! * [`input`] is the one way files from outside are read, within the [`limits`] listed in
//!   `docs/limits.md`.
//! * [`store`] keeps saves, rosters, layouts, campaigns and bindings as versioned files,
//!   through the [`backend`] of the build (the file system, or the browser's storage).
//! * Layouts, scenery and scenarios are in the catalog ([`Catalog::layouts`], ...);
//!   [`convert`] turns a layout into the geometry crate's scenery.
//!
//! ```
//! use redline_content::team::{compile_team, MemberSpec, TeamRules, TeamSpec};
//!
//! let catalog = redline_content::starter();
//! let spec = TeamSpec::new("tidewater")
//!     .with(MemberSpec::new("tide_harbour_queen"))
//!     .with(MemberSpec::new("tide_jack").program("prog_snoop"))
//!     .with(MemberSpec::new("tide_hookman").gear("tide_boat_hook"))
//!     .with_gonks("tide_dockhand", 3);
//! let team = compile_team(&catalog, &spec, &TeamRules::one_off(100)).unwrap();
//! assert_eq!(team.models.len(), 6);
//! assert_eq!(team.summary.cost, 75);
//! ```

pub mod backend;
pub mod convert;
pub mod coop;
pub mod fires;
pub mod game_size;
#[doc = include_str!("../../../docs/content.md")]
///
/// (This module holds no code: it is `docs/content.md`, included so that its Rust examples
/// are compiled and run as doc tests and can't drift from the API.)
pub mod guide {}
pub mod input;
pub mod limits;
pub mod load;
pub mod scenario_rules;
pub mod schema;
pub mod skirmish;
pub mod source;
pub mod store;
pub mod team;
pub mod third_force;
pub mod visuals;

pub use load::{
    Catalog, Character, LoadError, Loaded, Problem, ProblemKind, Severity, load, load_starter,
    load_with_chosen_pack, load_with_user_pack, starter,
};
pub use source::{Location, PackSource};
