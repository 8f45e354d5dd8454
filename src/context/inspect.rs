//! What an instruction file holds now compared with what `mind` last wrote there (for
//! `mind status`, `mind context` and `mind doctor`). Reads only.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use serde::Serialize;

use crate::agents::cursor;
use crate::config::Config;
use crate::context::splice::{self, BlockState};
use crate::error::Result;
use crate::store::{Project, state::State, text};

/// Instruction files whose agents read a line `@path` as the named file's text: Claude
/// Code's CLAUDE.md and Gemini CLI's GEMINI.md. Codex and the other readers of AGENTS.md
/// take such a line as plain text, so AGENTS.md never counts as importing.
const IMPORTING_FILES: &[&str] = &["CLAUDE.md", "GEMINI.md"];

/// One instruction file `mind` writes a block into.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Target {
    pub file: String,
    /// True for the git-ignored personal target (the session's own sections).
    pub personal: bool,
    /// The shared target holding the block this one loads through an import line
    /// (`@AGENTS.md`): this one gets no block of its own, or its agent would read it twice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imports: Option<String>,
}

/// The shared targets in config order, then the personal one.
pub fn targets(project: &Project, config: &Config) -> Result<Vec<Target>> {
    let mut imports = imports(project, config)?;
    let mut all: Vec<Target> = config
        .context_targets
        .iter()
        .map(|file| Target {
            file: file.clone(),
            personal: false,
            imports: imports.remove(file),
        })
        .collect();
    if let Some(file) = &config.personal_target {
        all.push(Target {
            file: file.clone(),
            personal: true,
            imports: None,
        });
    }
    Ok(all)
}

/// Each shared target that imports another shared target (a line `@AGENTS.md` in CLAUDE.md,
/// or a Cursor rule file while AGENTS.md is a target: Cursor loads both), with the target
/// that holds the block for it: the imported one, or the one that one imports in turn.
/// Targets whose imports go round in a circle hold the block themselves.
pub fn imports(project: &Project, config: &Config) -> Result<BTreeMap<String, String>> {
    let shared = &config.context_targets;
    let mut direct = Vec::with_capacity(shared.len());
    for name in shared {
        direct.push(imported_target(project, shared, name)?);
    }
    let mut out = BTreeMap::new();
    for (i, name) in shared.iter().enumerate() {
        let mut seen = vec![i];
        let mut at = i;
        while let Some(next) = direct[at] {
            if seen.contains(&next) {
                at = i;
                break;
            }
            seen.push(next);
            at = next;
        }
        if at != i {
            out.insert(name.clone(), shared[at].clone());
        }
    }
    Ok(out)
}

/// The index in `shared` of the first other target `name` imports, when `name` is a file
/// whose agent follows imports; for a Cursor rule file, AGENTS.md's, which Cursor loads too.
fn imported_target(project: &Project, shared: &[String], name: &str) -> Result<Option<usize>> {
    if cursor::is_rule_file(name) {
        // Cursor loads the root AGENTS.md in every request, with no import line: while
        // that holds the block, the rule file reads it there.
        let wanted = Some(PathBuf::from(cursor::READS_ALSO));
        return Ok(shared.iter().position(|t| {
            normalised(&project.root, Path::new(t)) == wanted
                && project.leads_inside(&project.root.join(t))
        }));
    }
    let file = Path::new(name);
    let follows_imports = file
        .file_name()
        .and_then(|f| f.to_str())
        .is_some_and(|f| IMPORTING_FILES.contains(&f));
    let path = project.root.join(name);
    if !follows_imports || !project.leads_inside(&path) {
        return Ok(None);
    }
    let Some(bytes) = text::read_optional(&path)? else {
        return Ok(None);
    };
    let dir = file.parent().unwrap_or(Path::new(""));
    let this = normalised(&project.root, file);
    for import in splice::import_lines(&bytes) {
        // Relative to the importing file's folder, as the agents resolve it.
        let Some(wanted) = normalised(&project.root, &dir.join(&import)) else {
            continue;
        };
        let found = shared.iter().position(|t| {
            let other = normalised(&project.root, Path::new(t));
            other == Some(wanted.clone())
                && other != this
                && project.leads_inside(&project.root.join(t))
        });
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}

/// What to tell the user about a target that gets no block because its agent reads the
/// block in `holder` (the sentence `mind init` and `mind setup` print); `from` goes before
/// each file's name (where the command ran, as `mind init` names files).
pub fn import_note(importer: &str, holder: &str, from: &str) -> String {
    if cursor::is_rule_file(importer) {
        format!(
            "Cursor reads {from}{holder} as well as {from}{importer}: the context block is written to {from}{holder} only (no second copy in each request)"
        )
    } else {
        format!(
            "{from}{importer} imports {from}{holder}: the context block is written to {from}{holder} only"
        )
    }
}

/// A path inside the project, relative to its root with `.` and `..` resolved; `None` for
/// one that leaves the project.
fn normalised(root: &Path, path: &Path) -> Option<PathBuf> {
    let path = if path.is_absolute() {
        path.strip_prefix(root).ok()?
    } else {
        path
    };
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(p) => out.push(p),
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// Tokens estimated from characters: one token per four characters, rounded up (a
/// common rule of thumb for English text and markdown; real tokenizers vary).
pub fn estimated_tokens(chars: usize) -> usize {
    chars.div_ceil(4)
}

/// Characters as the budget counts them: the block with its marker lines.
pub fn block_chars(body: &str) -> usize {
    splice::render_block(body, "\n").chars().count()
}

/// The state of one target's file.
#[derive(Debug, Clone, PartialEq)]
pub struct OnDisk {
    /// "present", "missing" (no block), "doubled", "damaged" or "no file".
    pub block: &'static str,
    /// Why the markers are damaged.
    pub damage: Option<String>,
    /// The body between the markers now, when they pair up.
    pub body: Option<String>,
    /// The body `mind` last wrote to this file (state.json).
    pub last_written: Option<String>,
}

impl OnDisk {
    /// Whether the block is what `mind` last wrote: `None` when there is no block or no record.
    pub fn matches_last_written(&self) -> Option<bool> {
        Some(self.body.as_deref()? == self.last_written.as_deref()?)
    }
}

pub fn inspect(project: &Project, state: &State, file: &str) -> Result<OnDisk> {
    let last_written = state.context_block(file).map(str::to_string);
    let Some(bytes) = text::read_optional(&project.root.join(file))? else {
        return Ok(OnDisk {
            block: "no file",
            damage: None,
            body: None,
            last_written,
        });
    };
    let (block, damage) = match splice::block_state(&bytes) {
        BlockState::Missing => ("missing", None),
        BlockState::Pairs(1) => ("present", None),
        BlockState::Pairs(_) => ("doubled", None),
        BlockState::Damaged(reason) => ("damaged", Some(reason)),
    };
    Ok(OnDisk {
        block,
        damage,
        body: splice::current_body(&bytes),
        last_written,
    })
}
