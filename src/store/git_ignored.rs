//! Which of `.mind/`'s shared files git ignores, and by which rule: git's own answer
//! (`git check-ignore`, which reads every `.gitignore`, `info/exclude` and
//! `core.excludesFile`, and counts a tracked file as not ignored), never a copy of its rules.
//! A `.mind/.gitignore` kept from the Python Mind (`*`) ignores MEMORY.md, so the memory the
//! shared context block is built from would never reach a teammate.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Serialize;

use super::{
    CONFIG_FILE, GITATTRIBUTES_FILE, GITIGNORE_FILE, MEMORY_FILE, MIND_DIR, Project,
    REMINDERS_FILE, SESSION_FILE, STATE_FILE,
};

/// The files of `.mind/` that `mind init` writes for git (README: "in git: yes").
pub const SHARED: [&str; 3] = [MEMORY_FILE, CONFIG_FILE, GITATTRIBUTES_FILE];

/// What `.mind/.gitignore` must be rewritten with for the shared files to be committed.
pub const REWRITE_FIX: &str = "mind init --rewrite-gitignore";

/// Shared files git ignores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ignored {
    /// The shared files git ignores, as `.mind/NAME`, in [`SHARED`]'s order.
    pub files: Vec<String>,
    /// The rule that ignores the first of them.
    pub rule: Rule,
    /// The command that makes them shared when the rule is in `.mind/.gitignore` (mind's
    /// file, replaced by `mind init --rewrite-gitignore`); `None` for a rule in a file of the
    /// user's own, which mind never edits.
    pub fix: Option<&'static str>,
}

/// An ignore rule, as git reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rule {
    /// The file holding it: relative to the project root when inside it, else absolute.
    pub file: String,
    pub line: u64,
    pub pattern: String,
}

impl Ignored {
    /// One sentence: what is ignored, by which rule, what follows, and the way out.
    pub fn message(&self) -> String {
        let rule = &self.rule;
        let way_out = match self.fix {
            Some(fix) => format!(
                "`{fix}` replaces {MIND_DIR}/{GITIGNORE_FILE} with mind's, which keeps only the personal files out of git"
            ),
            None => format!("take that rule out of {} to share it", rule.file),
        };
        let memory = format!("{MIND_DIR}/{MEMORY_FILE}");
        let outcome = match self.files.as_slice() {
            files if files.contains(&memory) => {
                "so the memory is not committed and teammates never get it"
            }
            [_] => "so it is not committed",
            _ => "so they are not committed",
        };
        format!(
            "git ignores {} (`{}` in {}, line {}), {outcome}; {way_out}",
            list(&self.files),
            rule.pattern,
            rule.file,
            rule.line,
        )
    }
}

/// "a", "a and b", "a, b and c".
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The shared files of `project` that git ignores; `None` when none is, when the project is
/// private by choice (its `.mind/.gitignore` is the one `mind init --private` writes), when
/// it is not in a git work tree, or when git cannot be run (nothing to say then).
pub fn shared_ignored(project: &Project) -> Option<Ignored> {
    let gitignore = project.file(GITIGNORE_FILE);
    if std::fs::read(&gitignore).is_ok_and(|b| b == super::templates::GITIGNORE_PRIVATE.as_bytes())
    {
        return None;
    }
    // Only a work tree has ignore rules; its top is what git's rule files are relative to.
    let repo = crate::capture::commits::open(&project.root).ok()?;
    let top = repo.workdir()?.to_path_buf();
    let paths: Vec<String> = SHARED
        .iter()
        .map(|name| format!("{MIND_DIR}/{name}"))
        .collect();
    let matches = check_ignore(&project.root, &paths)?;
    let ignored: Vec<&Match> = paths
        .iter()
        .filter_map(|p| matches.iter().find(|m| &m.path == p))
        // `-v` also reports a path a negated rule (`!name`) keeps in git.
        .filter(|m| !m.pattern.starts_with('!'))
        .collect();
    let first = ignored.first()?;
    let source = top.join(&first.source);
    let in_mind_gitignore = super::same_file(&source, &gitignore);
    Some(Ignored {
        files: ignored.iter().map(|m| m.path.clone()).collect(),
        rule: Rule {
            file: shown(&project.root, &source),
            line: first.line,
            pattern: first.pattern.clone(),
        },
        fix: in_mind_gitignore.then_some(REWRITE_FIX),
    })
}

/// A personal file git would commit: one mind keeps out of git (SESSION.md, REMINDERS.md,
/// state.json, the cache and finished sessions, the personal context target, Claude Code's
/// personal settings) that a rule keeps in git, no rule ignores, or git already tracks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Exposed {
    /// Relative to the project root (`.mind/SESSION.md`, `CLAUDE.local.md`).
    pub file: String,
    /// Already in git's index: `git commit -a` takes each change.
    pub tracked: bool,
    /// The negated rule (`!SESSION.md`) that keeps it in git, when one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<Rule>,
}

/// What [`personal_exposed`] found, said in one sentence: each file with why git takes it,
/// and the way out.
pub fn exposed_message(exposed: &[Exposed]) -> String {
    let each: Vec<String> = exposed
        .iter()
        .map(|e| {
            let rule = e
                .rule
                .as_ref()
                .map(|rule| format!("`{}` in {}, line {}", rule.pattern, rule.file, rule.line));
            match (rule, e.tracked) {
                (Some(rule), true) => format!("{} (tracked; {rule})", e.file),
                (None, true) => format!("{} (tracked)", e.file),
                (Some(rule), false) => format!("{} ({rule})", e.file),
                (None, false) => format!("{} (no rule ignores it)", e.file),
            }
        })
        .collect();
    let mut way_out = Vec::new();
    if exposed.iter().any(|e| e.rule.is_some()) {
        way_out.push(
            "take the `!` rules out (a .gitignore outranks mind's lines in .git/info/exclude)",
        );
    }
    if exposed.iter().any(|e| e.rule.is_none() && !e.tracked) {
        way_out.push("ignore them (`mind init` adds mind's lines to .git/info/exclude)");
    }
    if exposed.iter().any(|e| e.tracked) {
        way_out.push("`git rm --cached` the tracked ones");
    }
    format!(
        "git would commit personal files: {}; `git add -A` would publish them: {}",
        list(&each),
        way_out.join(", and ")
    )
}

/// The personal files of `project` that exist and that git would commit ([`Exposed`]):
/// git's own answer (`git check-ignore --no-index`, which reports the rule that decides,
/// a negated one too), and its index. A committed `.mind/.gitignore` holding `!SESSION.md`,
/// or a root `.gitignore` holding `!CLAUDE.local.md`, outranks the lines mind adds to
/// `.git/info/exclude`: a clone can make `git add -A` take the session and its notes.
/// `root_files`: the personal files outside `.mind/` (the personal context target, an
/// agent's personal settings), relative to the project root. Empty outside a git work
/// tree, or when git cannot be run.
pub fn personal_exposed(project: &Project, root_files: &[String]) -> Vec<Exposed> {
    let Some(repo) = crate::capture::commits::open(&project.root).ok() else {
        return Vec::new();
    };
    let Some(top) = repo.workdir().map(Path::to_path_buf) else {
        return Vec::new();
    };
    let mut paths: Vec<String> = [SESSION_FILE, REMINDERS_FILE, STATE_FILE]
        .iter()
        .map(|name| format!("{MIND_DIR}/{name}"))
        .collect();
    paths.push(format!("{MIND_DIR}/{}", crate::capture::derived::RELATIVE));
    let sessions = project.dir().join(super::session_archive::SESSIONS_DIR);
    if let Some(first) = std::fs::read_dir(&sessions).ok().and_then(|entries| {
        let mut names: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".md"))
            .collect();
        names.sort();
        names.into_iter().next()
    }) {
        paths.push(format!(
            "{MIND_DIR}/{}/{first}",
            super::session_archive::SESSIONS_DIR
        ));
    }
    paths.extend(root_files.iter().cloned());
    // Only a file that is there can be committed.
    paths.retain(|p| std::fs::symlink_metadata(project.root.join(p)).is_ok());
    if paths.is_empty() {
        return Vec::new();
    }
    let Some(matches) = check_ignore_with(&project.root, &paths, true) else {
        return Vec::new();
    };
    let root = std::fs::canonicalize(&project.root).unwrap_or_else(|_| project.root.clone());
    let top_real = std::fs::canonicalize(&top).unwrap_or_else(|_| top.clone());
    let index = repo.index_or_empty().ok();
    let tracked = |path: &str| {
        let Ok(inside) = root
            .join(path)
            .strip_prefix(&top_real)
            .map(Path::to_path_buf)
        else {
            return false;
        };
        let relative: Vec<String> = inside
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let relative = relative.join("/");
        index
            .as_ref()
            .is_some_and(|index| index.entry_by_path(relative.as_str().into()).is_some())
    };
    paths
        .iter()
        .filter_map(|path| {
            let found = matches.iter().find(|m| &m.path == path);
            let ignored = found.is_some_and(|m| !m.pattern.starts_with('!'));
            let tracked = tracked(path);
            (tracked || !ignored).then(|| Exposed {
                file: path.clone(),
                tracked,
                rule: found.filter(|m| m.pattern.starts_with('!')).map(|m| Rule {
                    file: shown(&project.root, &top.join(&m.source)),
                    line: m.line,
                    pattern: m.pattern.clone(),
                }),
            })
        })
        .collect()
}

/// One line of `git check-ignore -v -z`.
struct Match {
    source: String,
    line: u64,
    pattern: String,
    path: String,
}

/// `git check-ignore -v` for `paths` (relative to `root`); `None` when git cannot answer.
fn check_ignore(root: &Path, paths: &[String]) -> Option<Vec<Match>> {
    check_ignore_with(root, paths, false)
}

/// [`check_ignore`]; `no_index`: the rules' answer for a tracked file too (git otherwise
/// reports none for it).
fn check_ignore_with(root: &Path, paths: &[String], no_index: bool) -> Option<Vec<Match>> {
    let mut command = Command::new("git");
    command
        .arg("-C")
        .arg(root)
        .args(["check-ignore", "--verbose", "-z", "--stdin"]);
    if no_index {
        command.arg("--no-index");
    }
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    // The repository is the one at `root`, whatever a calling git hook set.
    for var in [
        "GIT_DIR",
        "GIT_WORK_TREE",
        "GIT_INDEX_FILE",
        "GIT_COMMON_DIR",
    ] {
        command.env_remove(var);
    }
    let mut child = command.spawn().ok()?;
    let mut input = Vec::new();
    for path in paths {
        input.extend_from_slice(path.as_bytes());
        input.push(0);
    }
    // A few short paths: the pipe takes them whole before git answers.
    let written = child
        .stdin
        .take()
        .is_some_and(|mut stdin| stdin.write_all(&input).is_ok());
    let output = child.wait_with_output().ok()?;
    // Exit 0: some path is ignored; 1: none is (a negated rule may still be reported);
    // anything else: git could not tell.
    match output.status.code() {
        Some(0 | 1) if written => Some(parse(&output.stdout)),
        _ => None,
    }
}

/// `SOURCE NUL LINE NUL PATTERN NUL PATH NUL`, repeated.
fn parse(out: &[u8]) -> Vec<Match> {
    let fields: Vec<String> = out
        .split(|&b| b == 0)
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .collect();
    fields
        .chunks_exact(4)
        .filter_map(|f| {
            Some(Match {
                source: f[0].clone(),
                line: f[1].parse().ok()?,
                pattern: f[2].clone(),
                path: f[3].clone(),
            })
        })
        .collect()
}

/// `path` relative to the project root when inside it, else absolute.
fn shown(root: &Path, path: &Path) -> String {
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| PathBuf::from(p));
    let (root, path) = (canonical(root), canonical(path));
    match path.strip_prefix(&root) {
        Ok(rel) => rel.display().to_string(),
        Err(_) => path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_ignore_lines_are_read_field_by_field() {
        let out = b".mind/.gitignore\x002\x00*\x00.mind/MEMORY.md\x00.mind/.gitignore\x003\x00!.gitignore\x00.mind/.gitignore\x00";
        let matches = parse(out);
        assert_eq!(matches.len(), 2);
        assert_eq!(
            (
                matches[0].source.as_str(),
                matches[0].line,
                matches[0].pattern.as_str(),
                matches[0].path.as_str()
            ),
            (".mind/.gitignore", 2, "*", ".mind/MEMORY.md")
        );
        assert_eq!(matches[1].pattern, "!.gitignore");
    }

    #[test]
    fn files_are_listed_in_words() {
        let files = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(list(&files(&["a"])), "a");
        assert_eq!(list(&files(&["a", "b"])), "a and b");
        assert_eq!(list(&files(&["a", "b", "c"])), "a, b and c");
    }
}
