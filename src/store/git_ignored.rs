//! Which of `.mind/`'s shared files git ignores, and by which rule: git's own answer
//! (`git check-ignore`, which reads every `.gitignore`, `info/exclude` and
//! `core.excludesFile`, and counts a tracked file as not ignored), never a copy of its rules.
//! A `.mind/.gitignore` kept from the Python Mind (`*`) ignores MEMORY.md, so the memory the
//! shared context block is built from would never reach a teammate.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Serialize;

use super::{CONFIG_FILE, GITATTRIBUTES_FILE, GITIGNORE_FILE, MEMORY_FILE, MIND_DIR, Project};

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

/// One line of `git check-ignore -v -z`.
struct Match {
    source: String,
    line: u64,
    pattern: String,
    path: String,
}

/// `git check-ignore -v` for `paths` (relative to `root`); `None` when git cannot answer.
fn check_ignore(root: &Path, paths: &[String]) -> Option<Vec<Match>> {
    let mut command = Command::new("git");
    command
        .arg("-C")
        .arg(root)
        .args(["check-ignore", "--verbose", "-z", "--stdin"])
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
    // Exit 0: some path is ignored; 1: none is; anything else: git could not tell.
    match output.status.code() {
        Some(0) if written => Some(parse(&output.stdout)),
        Some(1) if written => Some(Vec::new()),
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
