//! `.mind/config.json`: per-project settings. Unknown keys (the Python Mind's among them)
//! are ignored and never rewritten; missing keys take their defaults.

use std::path::Path;

use serde_json::Value;

use crate::error::Result;
use crate::log_level::LoggingLevel;
use crate::store::text;

pub const DEFAULT_GAP_MINUTES: u64 = 30;
/// The longest session gap accepted: one year. Larger values (1.5e14 minutes) overflow the
/// clock arithmetic and mean nothing.
pub const MAX_GAP_MINUTES: u64 = 366 * 24 * 60;
/// The largest context budget accepted: ten million characters.
pub const MAX_BUDGET_CHARS: u64 = 10_000_000;
/// The longest search decay half-life accepted: a hundred years.
pub const MAX_DECAY_HALF_LIFE_DAYS: f64 = 36_500.0;
pub const DEFAULT_BUDGET_CHARS: usize = 6000;
/// Where the session's own sections go (Claude Code reads it next to CLAUDE.md).
pub const DEFAULT_PERSONAL_TARGET: &str = "CLAUDE.local.md";

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// A recall this many minutes after the last activity starts a new session.
    pub session_gap_minutes: u64,
    /// Each context block (shared and personal) never exceeds this many characters
    /// (Unicode scalar values, marker lines included).
    pub context_budget_chars: usize,
    /// Instruction files that carry the shared context block, relative to the project root.
    pub context_targets: Vec<String>,
    /// How many finished sessions `.mind/sessions/` keeps (0 keeps all).
    pub session_archive_keep: usize,
    /// The git-ignored file that carries the personal block (session blockers, reminders);
    /// `None` puts everything in the shared block.
    pub personal_target: Option<String>,
    /// Which low-value session notes `mind log` skips (`"logging": {"level": ...}`).
    pub logging_level: LoggingLevel,
    /// Whether tokens, keys and passwords are replaced by `[redacted]` before anything is
    /// written (`"redact": {"secrets": false}` turns it off).
    pub redact_secrets: bool,
    /// The half-life of `mind search`'s temporal decay (`"search": {"decay_half_life_days":
    /// N}`, see [`crate::rank::decay`]); `None` (the default) leaves it off.
    pub search_decay_half_life_days: Option<f32>,
    /// Whether `mind team push` sends this project (`"team": {"push": false}` keeps it out).
    pub team_push: bool,
    /// Whether `mind recall` adds team memories (`"team": {"recall": true}`); `None` leaves it
    /// to the global config.
    pub team_recall: Option<bool>,
    /// The project's name in the team database (`"team": {"identity": "..."}`); `None`: the
    /// `origin` remote's, else the folder's ([`crate::team::identity`]).
    pub team_identity: Option<String>,
    /// What in config.json could not be used, if anything (defaults apply there): every
    /// problem found, joined with "; ", so fixing one does not reveal the next only then.
    pub problem: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            session_gap_minutes: DEFAULT_GAP_MINUTES,
            context_budget_chars: DEFAULT_BUDGET_CHARS,
            context_targets: vec!["CLAUDE.md".into()],
            session_archive_keep: crate::store::session_archive::DEFAULT_KEEP,
            personal_target: Some(DEFAULT_PERSONAL_TARGET.into()),
            logging_level: LoggingLevel::Detailed,
            redact_secrets: true,
            search_decay_half_life_days: None,
            team_push: true,
            team_recall: None,
            team_identity: None,
            problem: None,
        }
    }
}

impl Config {
    /// Note a problem of config.json beside any noted before.
    fn add_problem(&mut self, problem: String) {
        match &mut self.problem {
            Some(all) => {
                all.push_str("; ");
                all.push_str(&problem);
            }
            None => self.problem = Some(problem),
        }
    }

    /// The session gap in epoch milliseconds: a longer pause between two activities ends a
    /// session.
    pub fn session_gap_ms(&self) -> i64 {
        self.session_gap_minutes as i64 * 60_000
    }

    /// Load config.json. A missing file gives the defaults; an unreadable or invalid one
    /// gives the defaults plus a `problem` that `mind status` reports.
    pub fn load(path: &Path) -> Result<Config> {
        let mut config = Config::default();
        let bytes = match text::read_optional(path) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Ok(config),
            Err(e) => {
                config.add_problem(format!("unreadable: {e}"));
                return Ok(config);
            }
        };
        // UTF-16 looks like valid JSON in Notepad: the problem names the encoding.
        if let Some(found) = crate::store::encoding::utf16_in(&bytes) {
            config.add_problem(format!(
                "the file {}; using defaults (`mind doctor --fix` converts it to UTF-8)",
                found.describe()
            ));
            return Ok(config);
        }
        // Read past a byte order mark (Notepad, PowerShell 5.1), as every JSON file people edit.
        let value = match text::parse_json::<Value>(&bytes) {
            Ok(Value::Object(map)) => Value::Object(map),
            Ok(_) => {
                config.add_problem("not a JSON object; using defaults".into());
                return Ok(config);
            }
            Err(e) => {
                config.add_problem(format!("invalid JSON ({e}); using defaults"));
                return Ok(config);
            }
        };
        if let Some(minutes) = value.get("session_gap_minutes") {
            match whole_number(minutes, MAX_GAP_MINUTES) {
                Whole::Within(m) if m >= 1 => config.session_gap_minutes = m,
                Whole::Above => {
                    config.session_gap_minutes = MAX_GAP_MINUTES;
                    config.add_problem(format!(
                        "session_gap_minutes {} is more than a year; using {MAX_GAP_MINUTES} (one year)",
                        shown(minutes)
                    ));
                }
                Whole::Within(_) | Whole::Not => {
                    config.add_problem(format!(
                        "session_gap_minutes must be a whole number from 1 to {MAX_GAP_MINUTES} (one year), not {}; using {DEFAULT_GAP_MINUTES}",
                        shown(minutes)
                    ))
                }
            }
        }
        if let Some(budget) = value.get("context_budget_chars") {
            // Out of range, above as below, gives the default rather than the nearest bound:
            // ten million characters is a limit on what mind builds, not a size for a block
            // (the largest session gap, by contrast, means what a larger one asked: "never").
            match whole_number(budget, MAX_BUDGET_CHARS) {
                Whole::Within(b) if b >= 200 => {
                    config.context_budget_chars = usize::try_from(b).unwrap_or(usize::MAX)
                }
                Whole::Within(_) | Whole::Above | Whole::Not => {
                    config.add_problem(format!(
                        "context_budget_chars must be a whole number from 200 to {MAX_BUDGET_CHARS}, not {}; using {DEFAULT_BUDGET_CHARS}",
                        shown(budget)
                    ))
                }
            }
        }
        if let Some(keep) = value.get("session_archive_keep") {
            match whole_number(keep, u64::MAX) {
                Whole::Within(k) => {
                    config.session_archive_keep = usize::try_from(k).unwrap_or(usize::MAX)
                }
                // More sessions than any folder holds: every one is kept.
                Whole::Above => config.session_archive_keep = usize::MAX,
                Whole::Not => config.add_problem(
                    "session_archive_keep must be a whole number (0 keeps every session)".into(),
                ),
            }
        }
        if let Some(targets) = value.get("context_targets") {
            match targets.as_array() {
                Some(list) => {
                    let mut names = Vec::new();
                    let mut refused = Vec::new();
                    // The project's root, to find repositories nested in it.
                    let root = path.parent().and_then(Path::parent);
                    // A name given again is written once: each copy would be judged, written
                    // and listed again (a cloned config can hold thousands).
                    let mut seen = std::collections::HashMap::<&str, usize>::new();
                    let mut repeated = Vec::new();
                    for entry in list {
                        let Some(name) = entry.as_str() else {
                            refused.push(format!("{entry} (not a file name)"));
                            continue;
                        };
                        let count = seen.entry(name).or_default();
                        *count += 1;
                        if *count > 1 {
                            if *count == 2 {
                                repeated.push(name);
                            }
                            continue;
                        }
                        match target_refusal(name)
                            .map(str::to_string)
                            .or_else(|| root.and_then(|root| nested_repository_refusal(root, name)))
                        {
                            None => names.push(name.to_string()),
                            Some(why) => refused.push(format!("{name:?} ({why})")),
                        }
                    }
                    if !repeated.is_empty() {
                        let named: Vec<String> = repeated
                            .iter()
                            .map(|name| format!("{name:?} ({} times)", seen[name]))
                            .collect();
                        config.add_problem(format!(
                            "context_targets: named more than once: {}; each is written once \
                             (remove the copies)",
                            named.join(", ")
                        ));
                    }
                    // The others are still written; the refused ones never are.
                    if !refused.is_empty() {
                        config.add_problem(format!(
                            "context_targets: left out {}: {TARGET_RULE}",
                            refused.join(", ")
                        ));
                    }
                    config.context_targets = names;
                }
                None => config.add_problem("context_targets must be a list of file names".into()),
            }
        }
        match value.get("personal_target") {
            None => {}
            Some(Value::Bool(false) | Value::Null) => config.personal_target = None,
            Some(Value::String(name)) if name.is_empty() => config.personal_target = None,
            Some(Value::String(name)) if target_refusal(name).is_some() => {
                let why = target_refusal(name).unwrap_or_default();
                config.add_problem(format!(
                    "personal_target: left out {name:?} ({why}): {TARGET_RULE}; {DEFAULT_PERSONAL_TARGET} is used meanwhile"
                ))
            }
            Some(Value::String(name)) if !config.context_targets.contains(name) => {
                config.personal_target = Some(name.clone())
            }
            Some(_) => {
                config.add_problem(
                    "personal_target must be a file name inside the project (not a context target), \"\" or false"
                        .into(),
                )
            }
        }
        if let Some(logging) = value.get("logging") {
            // The Python Mind's key; a level it did not know kept everything, and so do we.
            match logging.get("level").map(|l| l.as_str().and_then(LoggingLevel::parse)) {
                None => {}
                Some(Some(level)) => config.logging_level = level,
                Some(None) => {
                    config.add_problem(
                        "logging.level must be \"efficient\", \"balanced\" or \"detailed\"; keeping every message".into(),
                    )
                }
            }
        }
        match value.get("redact").map(|r| r.get("secrets")) {
            None | Some(None) => {}
            Some(Some(Value::Bool(on))) => config.redact_secrets = *on,
            Some(Some(_)) => {
                config.add_problem("redact.secrets must be true or false; redacting secrets".into())
            }
        }
        match value
            .get("search")
            .and_then(|s| s.get("decay_half_life_days"))
        {
            None | Some(Value::Null) => {}
            Some(days) => match days.as_f64() {
                Some(d) if d > 0.0 && d <= MAX_DECAY_HALF_LIFE_DAYS => {
                    config.search_decay_half_life_days = Some(d as f32)
                }
                _ => {
                    config.add_problem(format!(
                        "search.decay_half_life_days must be a number of days above 0 and at most {MAX_DECAY_HALF_LIFE_DAYS}, not {days}; searching without decay"
                    ))
                }
            },
        }
        match value.get("team").map(|t| t.get("push")) {
            None | Some(None) => {}
            Some(Some(Value::Bool(on))) => config.team_push = *on,
            Some(Some(_)) => {
                config.add_problem("team.push must be true or false; not pushing".into());
                config.team_push = false;
            }
        }
        if let Some(on) = value
            .get("team")
            .and_then(|t| t.get("recall"))
            .and_then(Value::as_bool)
        {
            config.team_recall = Some(on);
        }
        match value.get("team").map(|t| t.get("identity")) {
            None | Some(None) | Some(Some(Value::Null)) => {}
            Some(Some(Value::String(name)))
                if !name.trim().is_empty() && !name.chars().any(char::is_control) =>
            {
                config.team_identity = Some(name.trim().to_string())
            }
            // Pushing under another name than the one asked for would mix this project's
            // rows into another's: not at all, until it is fixed.
            Some(Some(other)) => {
                config.add_problem(format!(
                    "team.identity must be a non-empty name on one line, not {other}; not pushing"
                ));
                config.team_push = false;
            }
        }
        Ok(config)
    }
}

/// A JSON number read as a whole number no larger than a key's maximum.
#[derive(Debug, PartialEq)]
enum Whole {
    Within(u64),
    /// More than the maximum, written as an integer or not (`600000`, `1.5e14`, `1e300`).
    Above,
    /// Not a number, negative, or with a fractional part (`1.5`).
    Not,
}

/// Read `value` as a whole number up to `max`. JSON has one kind of number: `90`, `90.0` and
/// `9e1` are the same whole number, and `1.5e14` is as far above a maximum as
/// `150000000000000` (serde reads the first as a float, the second as an integer; the
/// answer must not depend on which). A fraction below the maximum is no whole number.
fn whole_number(value: &Value, max: u64) -> Whole {
    if let Some(n) = value.as_u64() {
        return if n > max {
            Whole::Above
        } else {
            Whole::Within(n)
        };
    }
    match value.as_f64() {
        // `max as f64` rounds up for the largest maxima; the cast back saturates there.
        Some(f) if f > max as f64 => Whole::Above,
        Some(f) if f >= 0.0 && f.fract() == 0.0 => Whole::Within((f as u64).min(max)),
        _ => Whole::Not,
    }
}

/// A config value as a warning names it: a whole number as one, however JSON wrote it
/// (`1.5e14` as `150000000000000`, as the integer form is named), anything else as JSON.
fn shown(value: &Value) -> String {
    match value.as_f64() {
        Some(f) if value.is_f64() && f.fract() == 0.0 && f.abs() < 1e16 => format!("{f:.0}"),
        _ => value.to_string(),
    }
}

/// What a context or personal target must be, said with each refused one.
pub const TARGET_RULE: &str = "a target is a markdown file (.md, .mdc, .markdown, or an agent's \
     .cursorrules, .windsurfrules, .clinerules) in the work tree, outside .git, .mind, \
     node_modules and any git repository nested in it; remove it or name another file";

/// Why the target `name` (relative to the project's `root`) is not the project's own file
/// when a folder on its way holds a `.git` (a vendored clone, a scratch repository, a
/// submodule): that repository is a place of its own, and a block written there would
/// change its files, not this project's.
pub fn nested_repository_refusal(root: &Path, name: &str) -> Option<String> {
    let folder = Path::new(name).parent()?;
    let nested = folder
        .ancestors()
        .filter(|f| !f.as_os_str().is_empty())
        .find(|f| std::fs::symlink_metadata(root.join(f).join(".git")).is_ok())?;
    Some(format!(
        "inside {}, a git repository of its own nested in the project",
        nested.display()
    ))
}

/// The extensions a target may have. Agents read instruction files as markdown (Cursor's
/// rules as `.mdc`) and the block is markdown; any other file is read by a program (a JSON
/// or YAML setting, a script, a git hook, `.gitignore`), which the block's lines break.
const TARGET_EXTENSIONS: [&str; 3] = ["md", "mdc", "markdown"];

/// Agents' rule files that are markdown without the extension (Cursor's, Windsurf's and
/// Cline's older single-file rules): a target may be one of these at any depth.
const RULE_FILES: [&str; 3] = [".cursorrules", ".windsurfrules", ".clinerules"];

/// Why `name` cannot be a context or personal target, if it cannot; the same rule for
/// both. config.json is shared through git, so a cloned repository chooses these names and
/// mind writes into the files they name: only a markdown file in the project's work tree,
/// named relative to its root, is one mind writes. Never a path inside a git folder
/// (`.git/config`, `.git/hooks/post-merge`: git breaks, and `git status` shows nothing) or
/// inside `.mind/` (MEMORY.md would read the block back as memory, config.json would
/// corrupt itself). Names are compared without case: on a case-insensitive file system
/// `.GIT/config` is `.git/config`. Where a link leads is judged when the file is written
/// ([`crate::context::target_refusal`]).
pub fn target_refusal(name: &str) -> Option<&'static str> {
    use std::path::Component;
    let path = Path::new(name);
    let inside = !name.is_empty()
        && path.is_relative()
        && path.components().all(|c| matches!(c, Component::Normal(_)));
    if !inside {
        return Some("not a path inside the project: empty, absolute, or with `.` or `..`");
    }
    let named = |wanted: &str| {
        path.components().any(|c| {
            c.as_os_str()
                .to_str()
                .is_some_and(|c| c.eq_ignore_ascii_case(wanted))
        })
    };
    if named(".git") {
        return Some("inside a git folder, which belongs to git");
    }
    if named(crate::store::MIND_DIR) {
        return Some("inside .mind, which holds mind's own memory and settings");
    }
    // Installed packages: the package manager replaces them, and a block there changes a
    // package, not the project.
    if named("node_modules") {
        return Some("inside node_modules, which holds installed packages");
    }
    let markdown = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| TARGET_EXTENSIONS.iter().any(|m| e.eq_ignore_ascii_case(m)));
    let rule_file = (path.file_name().and_then(|f| f.to_str()))
        .is_some_and(|f| RULE_FILES.iter().any(|r| f.eq_ignore_ascii_case(r)));
    if !markdown && !rule_file {
        return Some("not a markdown file");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Whole, shown, target_refusal, whole_number};

    #[test]
    fn a_number_is_whole_however_it_is_written() {
        let read = |json: &str| whole_number(&serde_json::from_str(json).unwrap(), 527_040);
        for (json, n) in [
            ("90", 90),
            ("90.0", 90),
            ("9e1", 90),
            ("0", 0),
            ("527040", 527_040),
        ] {
            assert_eq!(read(json), Whole::Within(n), "{json}");
        }
        for above in [
            "527041",
            "600000",
            "1.5e14",
            "1e15",
            "1e300",
            "527040.5",
            "18446744073709551616",
        ] {
            assert_eq!(read(above), Whole::Above, "{above}");
        }
        for not in ["1.5", "-1", "-1.0", "\"240\"", "true", "null", "[1]"] {
            assert_eq!(read(not), Whole::Not, "{not}");
        }
        let named = |json: &str| shown(&serde_json::from_str(json).unwrap());
        assert_eq!(named("1.5e14"), "150000000000000");
        assert_eq!(named("150000000000000"), "150000000000000");
        assert_eq!(named("1.5"), "1.5");
        assert_eq!(named("1e300"), "1e+300");
        assert_eq!(named("\"240\""), "\"240\"");
        let huge = serde_json::json!(1e30);
        assert_eq!(whole_number(&huge, u64::MAX), Whole::Above);
        assert_eq!(
            whole_number(&serde_json::json!(u64::MAX), u64::MAX),
            Whole::Within(u64::MAX)
        );
    }

    #[test]
    fn targets_are_markdown_files_outside_git_and_mind_folders() {
        for fine in [
            "CLAUDE.md",
            "AGENTS.md",
            ".cursor/rules/mind.mdc",
            "docs/Agents.MARKDOWN",
            ".github/copilot-instructions.md",
            ".windsurfrules",
            ".clinerules",
            "web/.cursorrules",
        ] {
            assert_eq!(target_refusal(fine), None, "{fine}");
        }
        let refused = |name| target_refusal(name).unwrap_or("");
        for git in [
            ".git/config",
            ".git/hooks/post-merge.md",
            "sub/.git/x.md",
            ".GIT/x.md",
            ".git",
        ] {
            assert_eq!(
                refused(git),
                "inside a git folder, which belongs to git",
                "{git}"
            );
        }
        for packages in ["node_modules/pkg/README.md", "web/Node_Modules/x.md"] {
            assert_eq!(
                refused(packages),
                "inside node_modules, which holds installed packages",
                "{packages}"
            );
        }
        for mind in [
            ".mind/MEMORY.md",
            ".Mind/memories/a.md",
            "sub/.mind/MEMORY.md",
        ] {
            assert!(refused(mind).starts_with("inside .mind"), "{mind}");
        }
        for other in [
            "package.json",
            ".claude/settings.json",
            ".aider.conf.yml",
            ".gitignore",
            ".husky/post-commit",
            "Makefile",
        ] {
            assert_eq!(refused(other), "not a markdown file", "{other}");
        }
        for outside in ["", "/etc/x.md", "../x.md", "a/../b.md", "./CLAUDE.md"] {
            assert!(
                refused(outside).starts_with("not a path inside"),
                "{outside:?}"
            );
        }
    }
}
