//! Checks of one registered project: its folder, `.mind/` files (and whether git ignores the
//! shared ones), config, state, context blocks, git hooks, agent settings, lock and cache folder.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{Finding, Fix, Severity};
use crate::config::Config;
use crate::context::{inspect, splice};
use crate::error::Result;
use crate::store::{self, Project, encoding, guard, lock, state::State, text};

fn subject(project: &Project) -> String {
    project.root.display().to_string()
}

/// The project's folder and its `.mind/` exist. `in_registry`: the entry can be removed
/// (a project only the Python Mind's file lists cannot, that file is never written). A folder
/// outside the sparse checkout, or a project whose files the checked-out branch does not
/// have, is a note: the repository holds it, and nothing is to be repaired.
pub fn folder(root: &Path, in_registry: bool) -> Option<Finding> {
    if root.join(store::MIND_DIR).is_dir() {
        // Its files missing because the branch checked out does not have them: recreating
        // them would start a second project on this branch.
        return store::checkout::not_on_branch(&Project::new(root)).map(|absent| {
            Finding::new(
                "project-folder",
                root.display().to_string(),
                Severity::Note,
                format!("{}: {}", store::MEMORY_FILE, absent.reason()),
            )
        });
    }
    // Not on disk because a sparse checkout leaves it out: the repository still holds it,
    // and widening the checkout brings it back. Nothing to repair, and the registration
    // stays (`search --all-projects` finds it again then).
    if let Some(folder) = store::checkout::outside_sparse_checkout(root) {
        return Some(Finding::new(
            "project-folder",
            root.display().to_string(),
            Severity::Note,
            format!(
                "the project folder is outside the sparse checkout (the repository still holds it): \
                 `git sparse-checkout add {folder}` brings it back"
            ),
        ));
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

/// The files `mind init` writes are all there, and each is a file mind can use: not a
/// folder, nor a link leading out of the project (which every writer refuses); one of the
/// memory files that is read-only is a warning (every writer leaves it alone).
pub fn files(project: &Project) -> Vec<Finding> {
    let mut out = Vec::new();
    for name in [
        store::MEMORY_FILE,
        store::SESSION_FILE,
        store::REMINDERS_FILE,
        store::CONFIG_FILE,
    ] {
        let path = project.file(name);
        if let Some(finding) = unusable(project, name, &path) {
            out.push(finding);
        } else if !path.exists() {
            out.push(
                Finding::problem("file", subject(project), format!(".mind/{name} is missing"))
                    .with_fix(Fix::CreateFile {
                        root: project.root.clone(),
                        name,
                    }),
            );
        } else if name != store::CONFIG_FILE
            && std::fs::metadata(&path).is_ok_and(|m| m.permissions().readonly())
        {
            out.push(Finding::new(
                "file",
                subject(project),
                Severity::Warning,
                format!(
                    ".mind/{name} is read-only: mind leaves it unchanged, so every command that \
                     would write it fails; `chmod u+w .mind/{name}` if that is not meant"
                ),
            ));
        }
    }
    if !out.iter().any(|f| f.severity == Severity::Problem) {
        out.push(Finding::ok("file", subject(project), ".mind/ is complete"));
    }
    if let Ok(Some(bytes)) = text::read_optional(&project.memory())
        && std::str::from_utf8(&bytes).is_err()
        // UTF-16 is a problem of its own ([`encodings`]).
        && encoding::utf16_in(&bytes).is_none()
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

/// Why `.mind/NAME` at `path` cannot be used, when it is there but is not a file mind can
/// read and write: a link leading out of the project (or to nothing), which every writer
/// refuses; a folder or another kind of file, which every reader fails on. Never fixed:
/// what is there may be the user's, and nothing is removed.
fn unusable(project: &Project, name: &str, path: &Path) -> Option<Finding> {
    let link = std::fs::symlink_metadata(path).ok()?;
    let problem = |what: String| {
        Some(Finding::problem(
            "file",
            subject(project),
            format!(".mind/{name} {what}"),
        ))
    };
    if link.file_type().is_symlink() && !project.leads_inside(path) {
        return match std::fs::canonicalize(path) {
            Ok(real) => problem(format!(
                "is a symbolic link leading outside the project (to {}): every command that \
                 writes it refuses; replace the link with a copy of the file it leads to",
                real.display()
            )),
            Err(_) => {
                let to = std::fs::read_link(path).unwrap_or_default();
                problem(format!(
                    "is a symbolic link to {}, which does not exist: every command that reads \
                     or writes it fails; point it at the file, or remove it and `mind doctor \
                     --fix` writes a new one",
                    to.display()
                ))
            }
        };
    }
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_dir() {
        return problem(format!(
            "is a folder, not a file: every command that reads it fails; move the folder \
             away, then `mind doctor --fix` (or `mind init`) writes a new .mind/{name}"
        ));
    }
    if !meta.is_file() {
        return problem(
            "is not a regular file (a pipe, socket or device): every command that reads it \
             fails or waits; move it away, then `mind doctor --fix` writes a new one"
                .to_string(),
        );
    }
    None
}

/// The project's text files that hold UTF-16 (Windows PowerShell 5.1's `>` and `>>`,
/// Notepad's "Unicode"), each relative to the root with what was found: `.mind/`'s own
/// files, the context targets and the named memories. Links leading out of the project are
/// left out (never written, never converted). `mind status` reports the same files.
pub fn utf16_files(project: &Project, config: &Config) -> Result<Vec<(String, encoding::Utf16)>> {
    let mut names: Vec<String> = [
        store::MEMORY_FILE,
        store::SESSION_FILE,
        store::REMINDERS_FILE,
        store::CONFIG_FILE,
        store::STATE_FILE,
    ]
    .iter()
    .map(|name| format!("{}/{name}", store::MIND_DIR))
    .collect();
    names.extend(
        inspect::targets(project, config)?
            .into_iter()
            .map(|t| t.file),
    );
    if let Ok(entries) = std::fs::read_dir(project.dir().join(store::MEMORIES_DIR)) {
        let mut memories: Vec<String> = entries
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .filter(|name| name.ends_with(".md"))
            .map(|name| format!("{}/{}/{name}", store::MIND_DIR, store::MEMORIES_DIR))
            .collect();
        memories.sort();
        names.extend(memories);
    }
    let mut out = Vec::new();
    for name in names {
        let path = project.root.join(&name);
        if !path.is_file() || !project.leads_inside(&path) {
            continue;
        }
        if let Ok(Some(bytes)) = text::read_optional(&path)
            && let Some(found) = encoding::utf16_in(&bytes)
        {
            out.push((name, found));
        }
    }
    Ok(out)
}

/// Text files in UTF-16: mind reads none of that text and every writer refuses the file,
/// so each is a problem, fixed by converting it to UTF-8 when that is certain.
pub fn encodings(project: &Project, config: &Config) -> Result<Vec<Finding>> {
    let mut out = Vec::new();
    for (name, found) in utf16_files(project, config)? {
        let finding = Finding::problem(
            "encoding",
            subject(project),
            format!(
                "{name} {}: mind reads none of that text, and every command that would write the file refuses",
                found.describe()
            ),
        );
        let bytes = text::read_optional(&project.root.join(&name))?.unwrap_or_default();
        out.push(match encoding::to_utf8(&bytes) {
            Ok(_) => finding.with_fix(Fix::ConvertToUtf8 {
                root: project.root.clone(),
                file: name,
            }),
            Err(why) => Finding {
                message: format!(
                    "{}; it cannot be converted with certainty ({why}): save it as UTF-8 in your editor",
                    finding.message
                ),
                ..finding
            },
        });
    }
    Ok(out)
}

/// Named memories whose names differ only in case or Unicode form (`Deploy.md` and
/// `deploy.md`, written by hand or by an earlier version): Windows and macOS hold one file for
/// both, so a clone there has only one of them. Never fixed: which text to keep is the user's
/// choice; every command reaches each by its exact name meanwhile.
pub fn memory_names(project: &Project) -> Option<Finding> {
    let names = crate::memories::store::names(project).ok()?;
    let mut groups: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for name in names {
        groups
            .entry(crate::memories::name::fold(&name))
            .or_default()
            .push(format!("{name}.md"));
    }
    let clashes: Vec<String> = groups
        .into_values()
        .filter(|group| group.len() > 1)
        .map(|group| group.join(" and "))
        .collect();
    if clashes.is_empty() {
        return None;
    }
    Some(Finding::new(
        "memory-names",
        subject(project),
        Severity::Warning,
        format!(
            ".mind/memories/ {} differ only in case or Unicode form: a Windows or macOS clone \
             keeps one file of each; merge them into one memory",
            clashes.join("; ")
        ),
    ))
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
        if let Some(why) = crate::context::target_refusal(project, name) {
            let why = why.trim_end_matches("; left unchanged");
            // Never written (a cloned repository's link or name): no fix to offer but the
            // user's own.
            out.push(problem(format!(
                "{name} is never written: {why}; replace the link with a file or take {name} out of context_targets"
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
        // Whole and within the budget, but further into AGENTS.md than Codex reads.
        if let Some(past) = crate::agents::codex::block_past_limit(&project.root, name) {
            out.push(Finding::new(
                "block",
                subject(project),
                Severity::Warning,
                past.describe(name),
            ));
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
        // git runs a submodule's hooks from its own folder: one added after the install
        // has none, and its commits are not kept.
        let uncovered = status.uncovered_submodules();
        if !uncovered.is_empty() {
            return Some(
                Finding::problem(
                    "hooks",
                    subject(project),
                    format!(
                        "git hooks installed in {dir}, but not in the submodule {}: its commits are not kept",
                        uncovered.join(", ")
                    ),
                )
                .with_fix(Fix::InstallHooks {
                    root: project.root.clone(),
                }),
            );
        }
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
        // A hook an earlier setup wrote that fails where the agent has no project.
        let replaced: Vec<&str> = commands
            .iter()
            .filter_map(|c| {
                let (old, _) = crate::agents::claude::REPLACED_COMMANDS
                    .iter()
                    .find(|(old, _)| crate::agents::claude::runs_as(c, old))?;
                Some(*old)
            })
            .collect();
        if let Some(old) = replaced.first() {
            out.push(
                Finding::problem(
                    "agent-settings",
                    subject(project),
                    format!(
                        "{rel} runs `{old}` as a hook, which fails (exit 1) when the agent works in a folder without a project and ignores the folder the hook names; run `mind setup claude` again or `mind doctor --fix`"
                    ),
                )
                .with_fix(Fix::UpdateAgentHooks {
                    root: project.root.clone(),
                    file: rel,
                }),
            );
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

/// Codex's hooks file of an install an earlier `mind setup codex` made, before mind had all
/// its hooks (the `SessionStart` hook among them): a problem, since without that hook each
/// Codex session starts with the block the last recall left; `--fix` adds what is missing.
pub fn codex_hooks(project: &Project) -> Option<Finding> {
    use crate::agents::{claude, codex};
    let bytes = text::read_optional(&project.root.join(codex::HOOKS_FILE)).ok()??;
    let missing = codex::missing(&claude::parse(&bytes).ok()?);
    if missing.is_empty() {
        return None;
    }
    let why = if missing.iter().any(|e| e == "SessionStart") {
        "; without SessionStart each Codex session starts with the block the last recall left in AGENTS.md (a problem fixed since may still show as open)"
    } else {
        ""
    };
    Some(
        Finding::problem(
            "agent-settings",
            subject(project),
            format!(
                "{} has mind's Codex hooks but not its {} hook{}{why}; run `mind setup codex` again or `mind doctor --fix`",
                codex::HOOKS_FILE,
                missing.join(", "),
                if missing.len() == 1 { "" } else { "s" },
            ),
        )
        .with_fix(Fix::UpdateAgentHooks {
            root: project.root.clone(),
            file: codex::HOOKS_FILE,
        }),
    )
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

/// The personal files outside `.mind/` whose place in git is asked about: the personal
/// context target and Claude Code's personal settings (`mind setup claude --local`).
pub fn personal_root_files(config: &Config) -> Vec<String> {
    config
        .personal_target
        .iter()
        .cloned()
        .chain([crate::agents::claude::LOCAL_SETTINGS_FILE.to_string()])
        .collect()
}

/// The personal files (the session, reminders, state, the personal block) stay out of git:
/// a committed `!SESSION.md` in `.mind/.gitignore` or `!CLAUDE.local.md` in the root
/// `.gitignore` (a cloned repository's) outranks mind's lines in `.git/info/exclude`, and
/// `git add -A` would publish them. A warning naming each file and the rule; nothing to fix
/// automatically (the rule is in a committed file of the repository's).
pub fn personal_in_git(project: &Project, config: &Config) -> Option<Finding> {
    let exposed = store::git_ignored::personal_exposed(project, &personal_root_files(config));
    (!exposed.is_empty()).then(|| {
        Finding::new(
            "git-ignore",
            subject(project),
            Severity::Warning,
            store::git_ignored::exposed_message(&exposed),
        )
    })
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
    let problem = cache_problem(&project.file(store::CACHE_DIR))?;
    let off = "mind keeps no caches, so every search and recall reads all of memory again, \
               and harvested commits are not stored";
    Some(Finding::new(
        "cache",
        subject(project),
        Severity::Warning,
        format!("{}: {off}; {}", problem.what, problem.remedy),
    ))
}

/// Why a cache folder (a project's `.mind/cache`) cannot be written, and what to do.
pub struct CacheProblem {
    pub what: String,
    pub remedy: &'static str,
}

/// Where the cache folder `dir` (a project's `.mind/cache`) leads when that is a folder of
/// the same project.
fn folder_inside_project(dir: &Path) -> Option<PathBuf> {
    let root = std::fs::canonicalize(dir.parent()?.parent()?).ok()?;
    let real = std::fs::canonicalize(dir).ok()?;
    (real.starts_with(&root) && real.is_dir()).then_some(real)
}

/// Why the cache folder `dir` cannot be written, if it cannot: it links outside the
/// project, is no folder, or refuses a file (tried: the only sure answer). `None` when it is
/// fine or does not exist yet (it is made on first use).
pub fn cache_problem(dir: &Path) -> Option<CacheProblem> {
    let link = std::fs::symlink_metadata(dir).ok()?;
    if link.file_type().is_symlink()
        && let Some(target) = folder_inside_project(dir)
    {
        // Never written through either (see guard::linked_cache).
        return Some(CacheProblem {
            what: format!(".mind/cache is a link (to {})", target.display()),
            remedy: "replace the link with a folder",
        });
    }
    if guard::check(&dir.join("index.bin")).is_err() {
        let target = match std::fs::canonicalize(dir) {
            Ok(real) => real.display().to_string(),
            Err(_) => "a missing target".to_string(),
        };
        return Some(CacheProblem {
            what: format!(".mind/cache links outside the project (to {target})"),
            remedy: "replace the link with a folder",
        });
    }
    if !std::fs::metadata(dir).is_ok_and(|m| m.is_dir()) {
        let what = if link.file_type().is_symlink() {
            "a link to no folder"
        } else {
            "a file, not a folder"
        };
        return Some(CacheProblem {
            what: format!(".mind/cache is {what}"),
            remedy: "remove it (mind makes the folder again)",
        });
    }
    // A file made and removed at once: the only sure answer (permissions, a read-only
    // mount, an ACL, another user's folder).
    if let Err(e) = tempfile::Builder::new()
        .prefix(".write-check")
        .tempfile_in(dir)
    {
        return Some(CacheProblem {
            what: format!(".mind/cache cannot be written ({e})"),
            remedy: "make it writable",
        });
    }
    None
}

/// Every check of one project whose `.mind/` exists.
pub fn all(project: &Project, current: Option<&Path>) -> Result<Vec<Finding>> {
    let config = Config::load(&project.config())?;
    let state = State::load(&project.state())?;
    let mut out = files(project);
    out.extend(encodings(project, &config)?);
    out.extend(memory_names(project));
    out.extend(git_ignored(project));
    out.extend(personal_in_git(project, &config));
    // A config.json in UTF-16 is the encoding check's problem, which converts it: read as
    // JSON it is only "invalid", with no fix.
    let config_utf16 = text::read_optional(&project.config())
        .ok()
        .flatten()
        .is_some_and(|bytes| encoding::utf16_in(&bytes).is_some());
    if !config_utf16 {
        out.push(self::config(project, &config));
    }
    out.extend(self::state(project, &state));
    out.extend(blocks(project, &config, &state)?);
    out.extend(hooks(project));
    out.extend(agent_settings(project, current));
    out.extend(codex_hooks(project));
    out.extend(lock(project));
    out.extend(cache(project));
    Ok(out)
}
