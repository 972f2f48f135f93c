//! Redline's table visuals as plain data: miniatures, scenery, the mat and markers built as
//! triangle meshes grouped by material slot, with no Bevy dependency. The app copies each
//! mesh into a Bevy `Mesh` and each [`Surface`]'s [`Material`] into a `StandardMaterial`;
//! tests here check the geometry without a GPU (`docs/decisions/table-visuals.md`).
//!
//! # Units and frames
//!
//! Inches, Y up, as in the engine. A [`Model`] is one [`Mesh`] per [`Surface`], so a visual
//! costs a handful of draw calls. UVs on textured surfaces are in inches
//! ([`Material::tile_inches`] says how much surface one copy of the texture covers).
//!
//! * Figures ([`figure()`]): origin at the centre of the base's underside, facing −Z
//!   (Bevy's forward). [`FigureSpec::from_profile`] reads the crew style, role, kit and
//!   base size off the engine's `ModelProfile`; [`Pose`] is Standing, Kneeling (Red-lined)
//!   or Lying (taken out). A figure is about 2,000–3,000 triangles.
//! * Scenery ([`scenery::scenery`]): in the piece's frame, as the pack writes it; the
//!   placed piece's `at`, `elevation` and `rotation_deg` give its transform. Every part is
//!   dressed inside the engine's solid for it (see [`scenery`] for the shell rule and how a
//!   pack names a visual).
//! * The mat ([`mat::mat`]) and deployment-zone hatching ([`markers::zone_hatch`]): in
//!   table coordinates.
//! * Markers ([`markers`]): pips, plates and icons stand in the XY plane facing +Z, for the
//!   app to turn toward the camera; the Body token, beacons and the active ring lie on the
//!   table.
//!
//! # Colours
//!
//! [`Surface::TeamCloth`] and [`Surface::TeamRim`] take the seat's colour, and
//! [`Surface::TokenColour`] a token's ([`Material::colour`] says which); every other
//! surface has a fixed, muted material, tinted per vertex where a mesh has colours. No
//! fixed colour is a saturated green, yellow or red: those belong to the rules (ART.md).
//!
//! # Textures
//!
//! [`texture::pixels`] makes each [`Texture`] from seeded noise; the committed files in
//! `assets/textures/` are exactly its output (`cargo run -p redline-meshes --example
//! textures` rewrites them).
//!
//! ```
//! use redline_meshes::{Crew, FigureSpec, Kit, Pose, Role, Surface, figure};
//! use redline_meshes::scenery::{SceneryVisual, scenery};
//!
//! let spec = FigureSpec {
//!     crew: Crew::Tidewater,
//!     role: Role::Leader,
//!     kit: Kit::Pistol,
//!     base_radius: 27.0 / 25.4 / 2.0,
//!     variant: 0,
//! };
//! let leader = figure(&spec, Pose::Standing);
//! for (surface, mesh) in leader.parts() {
//!     // One Bevy mesh and one material per surface.
//!     assert!(!mesh.positions.is_empty());
//!     let _material = surface.material();
//! }
//! assert!(leader.get(Surface::TeamRim).is_some());
//!
//! let catalog = redline_content::starter();
//! let container = catalog.scenery.get("container").unwrap();
//! let visual = SceneryVisual::for_piece(container, None);
//! assert_eq!(visual, SceneryVisual::ShippingContainer);
//! assert!(scenery(visual, container).triangle_count() < 3_000);
//! ```
//!
//! `examples/preview/` renders contact sheets of everything with a small software
//! renderer (`cargo run --release -p redline-meshes --example preview -- /tmp/preview`).

pub mod figure;
pub mod markers;
pub mod mat;
pub mod mesh;
pub mod model;
pub mod scenery;
mod sculpt;
pub mod shape;
pub mod surface;
pub mod texture;

pub use figure::{Crew, FigureSpec, Kit, Pose, Role, figure};
pub use mesh::Mesh;
pub use model::Model;
pub use surface::{ColourSource, Material, Surface, Texture};
