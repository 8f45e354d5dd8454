//! Text for shells, generated from the command line's definition: completion scripts and the
//! functions `mind shell-init` prints. Nothing here prints.

pub mod completion;
pub mod functions;
