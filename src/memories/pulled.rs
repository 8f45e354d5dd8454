//! Which project a pulled team memory came from: a line of `.mind/memories/NAME.md` whose
//! header says `readonly: true` and `source: team:<identity>` is another project's memory,
//! and is shown as such (quoted, its project named), never as this project's own.

use std::collections::HashMap;
use std::io::Read;

use crate::memories::front_matter::{self, FrontMatter};
use crate::store::{MIND_DIR, Project};

/// How much of a memory file is read for its header: a header is a few lines.
const HEADER_BYTES: u64 = 16 * 1024;

/// The header field naming where a pulled memory came from: `team:<identity>`.
pub const SOURCE: &str = "source";
/// What a pulled memory's [`SOURCE`] starts with.
pub const TEAM: &str = "team:";

/// The [`SOURCE`] a pull of the project `identity` writes.
pub fn team_source(identity: &str) -> String {
    format!("{TEAM}{identity}")
}

/// The identity of the project a header's [`SOURCE`] names, as stored.
pub fn pulled_from(front: &FrontMatter) -> Option<&str> {
    front.extra.get(SOURCE)?.as_str()?.strip_prefix(TEAM)
}

/// The identity of the project a pulled memory (`file`, relative to the project root, as a
/// search result names it) came from, shown on one line and clipped; `None` for any other
/// file, for a memory that is not a pulled copy, and for one that leads out of the project.
pub fn source_of(project: &Project, file: &str) -> Option<String> {
    let name = file
        .strip_prefix(&format!("{MIND_DIR}/memories/"))?
        .strip_suffix(".md")?;
    if name.contains('/') {
        return None;
    }
    let path = project.root.join(file);
    if !project.leads_inside(&path) {
        return None;
    }
    let mut head = String::new();
    std::fs::File::open(&path)
        .ok()?
        .take(HEADER_BYTES)
        .read_to_string(&mut head)
        .ok()?;
    let front = front_matter::split(&head).ok()?.front?;
    if !front.is_read_only() {
        return None;
    }
    Some(crate::safety::controls::one_field(
        pulled_from(&front)?,
        200,
    ))
}

/// [`source_of`] for many results of one project, each file read once.
#[derive(Default)]
pub struct Sources {
    known: HashMap<String, Option<String>>,
}

impl Sources {
    pub fn of(&mut self, project: &Project, file: &str) -> Option<String> {
        let key = format!("{}\0{file}", project.root.display());
        self.known
            .entry(key)
            .or_insert_with(|| source_of(project, file))
            .clone()
    }
}
