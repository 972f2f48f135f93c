//! Redline's table visuals as plain data (no Bevy).

pub mod figure;
pub mod markers;
pub mod mat;
pub mod mesh;
pub mod model;
pub mod scenery;
mod sculpt;
pub mod shape;
pub mod surface;

pub use figure::{Crew, FigureSpec, Kit, Pose, Role, figure};
pub use mesh::Mesh;
pub use model::Model;
pub use surface::{ColourSource, Material, Surface, Texture};
