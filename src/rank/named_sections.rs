//! Named memories searched by section: a long memory ranks by its best part, and a result
//! names the memory and the section it comes from.
//!
//! A section is the text under one heading of a memory. Lines are scored one by one (a
//! line already gains from its section's heading words and from its best neighbour in the
//! section, see [`super::bm25`]); the best line then represents its section and the other
//! lines of that section are dropped from the results. Summing a section's lines instead
//! would favour long sections over the one line that answers the query, and the line-level
//! ranking is what the search evaluation measures.

use std::collections::HashSet;

use super::index::{Found, Source};
use crate::store::{MEMORIES_DIR, MIND_DIR};

/// The name of the named memory a source is (`.mind/memories/auth-design.md` →
/// `auth-design`), if it is one.
pub fn memory_name(source: &Source) -> Option<&str> {
    source
        .file
        .strip_prefix(MIND_DIR)?
        .strip_prefix('/')?
        .strip_prefix(MEMORIES_DIR)?
        .strip_prefix('/')?
        .strip_suffix(".md")
}

/// The heading of the section a result of a named memory is under (`None` for other files
/// and for lines above the memory's first heading).
pub fn section_heading<'a>(found: &Found<'a>) -> Option<&'a str> {
    memory_name(found.source)?;
    let source: &'a Source = found.source;
    let section = source.segment.section(found.meta.section);
    let heading = source.slice(section.start, section.len).trim();
    (!heading.is_empty()).then_some(heading)
}

/// Results (best first) with only the best line of each section of a named memory; lines of
/// other files are all kept, in order.
pub fn best_per_section(found: Vec<Found<'_>>) -> Vec<Found<'_>> {
    let mut seen: HashSet<(*const Source, usize)> = HashSet::new();
    found
        .into_iter()
        .filter(|f| {
            memory_name(f.source).is_none()
                || seen.insert((std::ptr::from_ref(f.source), f.meta.section))
        })
        .collect()
}
