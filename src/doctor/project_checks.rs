//! Checks of one registered project: its folder, `.mind/` files (and whether git ignores the
//! shared ones), config, state, context blocks, git hooks, agent settings, lock and cache folder.

use std::path::Path;

use serde_json::Value;

use super::{Finding, Fix, Severity};
use crate::config::Config;
use crate::context::{inspect, splice};
use crate::error::Result;
use crate::store::{self, Project, guard, lock, state::State, text};

fn subject(project: &Project) -> String {
    project.root.display().to_string()
}

/// The project's folder and its `.mind/` exist. `in_registry`: the entry can be removed
/// (a project only the Python Mind's file lists cannot, that file is never written).
pub fn folder(root: &Path, in_registry: bool) -> Option<Finding> {
    if root.join(store::MIND_DIR).is_dir() {
        return None;
    }
    let what = if root.is_dir() {
        "has no .mind/ folder any more"
    } else {
        "is gone"
    };
    let finding = Finding::problem(
        "project-folder",
        root.display().to_string(),
        format!("the registered project folder {what}"),
    );
    Some(if in_registry {
        finding.with_fix(Fix::Unregister {
            root: root.to_path_buf(),
        })
    } else {
        Finding {
            message: format!(
                "{} (listed in the Python Mind's projects.json, which mind never writes)",
                finding.message
            ),
            ..finding
        }
    })
}

/// The files `mind init` writes are all there.
pub fn files(project: &Project) -> Vec<Finding> {
    let mut out = Vec::new();
    for name in [
        store::MEMORY_FILE,
        store::SESSION_FILE,
        store::REMINDERS_FILE,
        store::CONFIG_FILE,
    ] {
        if !project.file(name).exists() {
            out.push(
                Finding::problem("file", subject(project), format!(".mind/{name} is missing"))
                    .with_fix(Fix::CreateFile {
                        root: project.root.clone(),
                        name,
                    }),
            );
        }
    }
    if out.is_empty() {
        out.push(Finding::ok("file", subject(project), ".mind/ is complete"));
    }
    if let Ok(Some(bytes)) = text::read_optional(&project.memory())
        && std::str::from_utf8(&bytes).is_err()
    {
        out.push(Finding::new(
            "file",
            subject(project),
            Severity::Warning,
            ".mind/MEMORY.md has invalid UTF-8 (read lossily; mind never rewrites it)",
        ));
    }
    out
}

/// config.json parses and every key is valid. Never fixed: it is the user's file.
pub fn config(project: &Project, config: &Config) -> Finding {
    match &config.problem {
        None => Finding::ok("config", subject(project), "config.json is valid"),
        Some(problem) => Finding::problem(
            "config",
            subject(project),
            format!("config.json: {problem}; edit it by hand (defaults apply meanwhile)"),
        ),
    }
}

/// state.json parses (a bad one only costs the current session: the next recall starts a new one).
pub fn state(project: &Project, state: &State) -> Option<Finding> {
    let problem = state.problem.as_ref()?;
    Some(Finding::new(
        "state",
        subject(project),
        Severity::Warning,
        format!("state.json: {problem}; the next `mind recall` starts a new session"),
    ))
}

/// Each target's block is there (the personal one only once written), pairs up, is what
/// mind last wrote and fits the budget; a target that imports the one holding the block
/// (`@AGENTS.md`) has none of its own.
pub fn blocks(project: &Project, config: &Config, state: &State) -> Result<Vec<Finding>> {
    let mut out = Vec::new();
    let rewrite = || Fix::RewriteBlocks {
        root: project.root.clone(),
    };
    for target in inspect::targets(project, config)? {
        let name = &target.file;
        let disk = inspect::inspect(project, state, name)?;
        let problem = |message: String| Finding::problem("block", subject(project), message);
        if !project.leads_inside(&project.root.join(name)) {
            // Never written (a cloned repository's link): no fix to offer but the user's own.
            out.push(problem(format!(
                "{name} leads outside the project (a symbolic link), so mind leaves it alone; replace the link with a file or take {name} out of context_targets"
            )));
            continue;
        }
        if let Some(holder) = &target.imports {
            out.push(if matches!(disk.block, "no file" | "missing") {
                Finding::ok(
                    "block",
                    subject(project),
                    format!("{name}: imports {holder}, which holds the block (none of its own)"),
                )
            } else {
                problem(format!(
                    "{name} imports {holder}, which holds the context block, and has a block of its own (its agent reads the block twice)"
                ))
                .with_fix(rewrite())
            });
            continue;
        }
        let finding = match disk.block {
            "no file" | "missing" if target.personal => continue,
            "no file" => Some(problem(format!("{name} does not exist")).with_fix(rewrite())),
            "missing" => Some(problem(format!("{name} has no context block")).with_fix(rewrite())),
            "doubled" => {
                Some(problem(format!("{name} has the context block twice")).with_fix(rewrite()))
            }
            "damaged" => {
                let reason = disk.damage.clone().unwrap_or_default();
                let bytes = text::read_optional(&project.root.join(name))?.unwrap_or_default();
                let previous = disk.last_written.as_deref();
                // Repairable only when the block mind last wrote shows where it ends.
                let repairable = splice::splice(&bytes, previous.unwrap_or(""), previous).is_ok();
                let found = problem(format!("{name}: {reason}"));
                Some(if repairable {
                    found.with_fix(rewrite())
                } else {
                    Finding {
                        message: format!(
                            "{}; fix the markers by hand (one start line, one end line)",
                            found.message
                        ),
                        ..found
                    }
                })
            }
            _ => None,
        };
        if let Some(finding) = finding {
            out.push(finding);
            continue;
        }
        if disk.matches_last_written() == Some(false) {
            out.push(
                problem(format!(
                    "{name}: the context block was edited inside its markers (edits there are replaced; keep notes outside them)"
                ))
                .with_fix(rewrite()),
            );
            continue;
        }
        let chars = disk.body.as_deref().map_or(0, inspect::block_chars);
        if chars > config.context_budget_chars {
            out.push(
                problem(format!(
                    "{name}: the block has {chars} characters, over the budget of {}",
                    config.context_budget_chars
                ))
                .with_fix(rewrite()),
            );
            continue;
        }
        out.push(Finding::ok(
            "block",
            subject(project),
            format!(
                "{name}: block present, {chars} chars (~{} tokens)",
                inspect::estimated_tokens(chars)
            ),
        ));
    }
    Ok(out)
}

/// The git hooks: none installed is a choice; some but not all, or an edited shim, is broken.
pub fn hooks(project: &Project) -> Option<Finding> {
    crate::capture::commits::open(&project.root).ok()?;
    let status = match crate::hook_install::status(&project.root) {
        Ok(status) => status,
        Err(e) => {
            return Some(Finding::new(
                "hooks",
                subject(project),
                Severity::Warning,
                format!("cannot read the git hooks: {e}"),
            ));
        }
    };
    let active = |s: &str| matches!(s, "installed" | "chained" | "unchanged");
    let installed = status.hooks.iter().filter(|h| active(h.status)).count();
    let modified: Vec<&str> = status
        .hooks
        .iter()
        .filter(|h| h.status == "modified")
        .map(|h| h.hook.as_str())
        .collect();
    let dir = status.location.hooks_dir.display();
    if !modified.is_empty() {
        return Some(Finding::problem(
            "hooks",
            subject(project),
            format!(
                "mind's {} hook in {dir} was edited by hand; `mind hooks install --force` replaces it",
                modified.join(", ")
            ),
        ));
    }
    if installed == status.hooks.len() {
        return Some(Finding::ok(
            "hooks",
            subject(project),
            format!("git hooks installed in {dir}"),
        ));
    }
    if installed == 0 {
        return Some(Finding::new(
            "hooks",
            subject(project),
            Severity::Note,
            "git hooks not installed (optional: `mind hooks install` captures commits)",
        ));
    }
    let missing: Vec<&str> = status
        .hooks
        .iter()
        .filter(|h| !active(h.status))
        .map(|h| h.hook.as_str())
        .collect();
    Some(
        Finding::problem(
            "hooks",
            subject(project),
            format!("the {} hook is missing from {dir}", missing.join(", ")),
        )
        .with_fix(Fix::InstallHooks {
            root: project.root.clone(),
        }),
    )
}

/// Claude Code settings that run mind: they parse and name a mind that exists (this one).
pub fn agent_settings(project: &Project, current: Option<&Path>) -> Vec<Finding> {
    let mut out = Vec::new();
    for rel in [".claude/settings.json", ".claude/settings.local.json"] {
        let Ok(Some(bytes)) = text::read_optional(&project.root.join(rel)) else {
            continue;
        };
        // Read past a byte order mark, as Claude Code and `mind setup` do.
        let bytes = bytes
            .strip_prefix(crate::agents::claude::BOM)
            .unwrap_or(&bytes);
        let raw = text::lossy(bytes);
        if !raw.contains("mind") {
            continue;
        }
        let value: Value = match serde_json::from_str(&raw) {
            Ok(v) => v,
            Err(e) => {
                out.push(Finding::problem(
                    "agent-settings",
                    subject(project),
                    format!("{rel} is not valid JSON ({e}); Claude Code ignores it"),
                ));
                continue;
            }
        };
        if let Some(duplicate) = crate::agents::json_keys::duplicate_key(raw.as_bytes()) {
            out.push(Finding::new(
                "agent-settings",
                subject(project),
                Severity::Warning,
                format!(
                    "{rel}: {duplicate}; only the last one counts, and `mind setup claude` leaves the file alone until it is fixed"
                ),
            ));
        }
        let mut commands = Vec::new();
        if let Some(hooks) = value.get("hooks") {
            collect_commands(hooks, &mut commands);
        }
        for command in commands {
            let program = command
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_matches(['"', '\'']);
            let path = Path::new(program);
            let named = path.file_stem().and_then(|s| s.to_str()) == Some("mind");
            if !named {
                continue;
            }
            let finding = if !path.is_absolute() {
                Finding::ok(
                    "agent-settings",
                    subject(project),
                    format!("{rel} runs `{command}` through PATH"),
                )
            } else if !path.exists() {
                Finding::problem(
                    "agent-settings",
                    subject(project),
                    format!(
                        "{rel} runs {program}, which does not exist; run `mind setup claude` again"
                    ),
                )
            } else if current.is_some_and(|c| !super::global_checks::same_file(path, c)) {
                Finding::new(
                    "agent-settings",
                    subject(project),
                    Severity::Warning,
                    format!("{rel} runs {program}, not this binary"),
                )
            } else {
                Finding::ok(
                    "agent-settings",
                    subject(project),
                    format!("{rel} runs this binary"),
                )
            };
            out.push(finding);
        }
    }
    out
}

/// Every `"command"` string in a hooks tree that mentions mind.
fn collect_commands(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                match v {
                    Value::String(s) if key == "command" && s.contains("mind") => {
                        out.push(s.clone())
                    }
                    _ => collect_commands(v, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_commands(v, out)),
        _ => {}
    }
}

/// The shared files (MEMORY.md, config.json, .gitattributes) are not ignored by git. A
/// `.mind/.gitignore` kept from the Python Mind (`*`) ignores them: a warning naming
/// `mind init --rewrite-gitignore` (never applied by `--fix`: the file is the user's until
/// they ask). A rule in a file of the user's own is their choice: a note. A project made
/// with `mind init --private` is private on purpose: nothing.
pub fn git_ignored(project: &Project) -> Option<Finding> {
    let ignored = store::git_ignored::shared_ignored(project)?;
    let severity = if ignored.fix.is_some() {
        Severity::Warning
    } else {
        Severity::Note
    };
    Some(Finding::new(
        "git-ignore",
        subject(project),
        severity,
        ignored.message(),
    ))
}

/// `.mind/.lock` names no dead process (a holder that crashed leaves its pid behind).
pub fn lock(project: &Project) -> Option<Finding> {
    let path = project.file(store::LOCK_FILE);
    let pid = lock::recorded_pid(&path)?;
    match lock::process_alive(pid) {
        Some(false) => Some(
            Finding::problem(
                "lock",
                subject(project),
                format!(".mind/.lock names process {pid}, which is not running"),
            )
            .with_fix(Fix::ClearLock {
                root: project.root.clone(),
            }),
        ),
        Some(true) => Some(Finding::new(
            "lock",
            subject(project),
            Severity::Note,
            format!("process {pid} holds the lock right now"),
        )),
        None => None,
    }
}

/// `.mind/cache` can be written. Every cache there (the search index and vectors, the parse
/// caches, the line classifier's vectors) is skipped without a word when it cannot be, so
/// each search and recall reads all of memory again; and harvested commits, which are kept
/// there, cannot be stored. Nothing when the folder does not exist yet (it is made on first
/// use) or is fine.
pub fn cache(project: &Project) -> Option<Finding> {
    let dir = project.file(store::CACHE_DIR);
    let link = std::fs::symlink_metadata(&dir).ok()?;
    let off = "mind keeps no caches, so every search and recall reads all of memory again, \
               and harvested commits are not stored";
    let warn = |message: String| {
        Some(Finding::new(
            "cache",
            subject(project),
            Severity::Warning,
            message,
        ))
    };
    if guard::check(&dir.join("index.bin")).is_err() {
        let target = match std::fs::canonicalize(&dir) {
            Ok(real) => real.display().to_string(),
            Err(_) => "a missing target".to_string(),
        };
        return warn(format!(
            ".mind/cache links outside the project (to {target}): {off}; \
             replace the link with a folder"
        ));
    }
    if !std::fs::metadata(&dir).is_ok_and(|m| m.is_dir()) {
        let what = if link.file_type().is_symlink() {
            "a link to no folder"
        } else {
            "a file, not a folder"
        };
        return warn(format!(
            ".mind/cache is {what}: {off}; remove it (mind makes the folder again)"
        ));
    }
    // A file made and removed at once: the only sure answer (permissions, a read-only
    // mount, an ACL, another user's folder).
    if let Err(e) = tempfile::Builder::new()
        .prefix(".write-check")
        .tempfile_in(&dir)
    {
        return warn(format!(
            ".mind/cache cannot be written ({e}): {off}; make it writable"
        ));
    }
    None
}

/// Every check of one project whose `.mind/` exists.
pub fn all(project: &Project, current: Option<&Path>) -> Result<Vec<Finding>> {
    let config = Config::load(&project.config())?;
    let state = State::load(&project.state())?;
    let mut out = files(project);
    out.extend(git_ignored(project));
    out.push(self::config(project, &config));
    out.extend(self::state(project, &state));
    out.extend(blocks(project, &config, &state)?);
    out.extend(hooks(project));
    out.extend(agent_settings(project, current));
    out.extend(lock(project));
    out.extend(cache(project));
    Ok(out)
}
