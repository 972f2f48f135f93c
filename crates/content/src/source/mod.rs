//! Pack sources (files and their text) and how positions in them are found and reported.

mod chosen;
mod location;
mod pack_source;
mod split;

pub use location::Location;
pub(crate) use location::position_of;
pub use pack_source::{PackSource, SourceFile};
pub(crate) use split::split_list;
