//! Named memories: `.mind/memories/NAME.md`, a markdown body under YAML front matter
//! (category, project, tags, createdAt, updatedAt). [`name`] says which names are allowed,
//! [`front_matter`] reads and writes the header, [`store`] lists, reads, writes and deletes
//! the files (under the store lock, atomically, never through a link leaving the project),
//! and [`links`] finds the wikilinks between them.

pub mod front_matter;
pub mod links;
pub mod name;
pub mod pulled;
pub mod store;

pub use front_matter::{Category, FrontMatter};
pub use store::{Listed, Memory};
