//! Team memory: a PostgreSQL mirror of many projects' memory, searchable by everyone who
//! can reach the database (`mind team`, cargo feature `team`). The markdown in each
//! repository stays the source of truth; the database is rebuilt from it by pushes.
//!
//! - [`identity`]: the project's identity (normalised git remote), HEAD, author.
//! - [`collect`]: the rows a push sends (MEMORY.md entries, named memory sections), redacted.
//! - [`db`]: connection and schema migrations (`migrations/*.sql`).
//! - [`push`], [`search_db`], [`db_status`], [`pull`]: one job each.
//! - [`recall_section`]: the few team memories `mind recall` adds when `team.recall` is on.
//!
//! Nothing here prints; every query is parameterised.

pub mod collect;
pub mod db;
pub mod db_status;
pub mod identity;
pub mod pull;
pub mod push;
pub mod recall_section;
pub mod search_db;
