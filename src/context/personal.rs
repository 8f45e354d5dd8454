//! The personal target stays out of git: `mind` adds it to the repository's
//! `.git/info/exclude`, which git reads like a `.gitignore` but which is never committed,
//! so no shared file changes. Claude Code reads `CLAUDE.local.md` next to CLAUDE.md.

use std::fs;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::store::{append, text};

/// Make sure git ignores `name` (relative to the project root). Returns the exclude file
/// when a line was added; `None` when it was already ignored there or in the root
/// `.gitignore`, when the project is not in a git repository, or when the file is tracked
/// (ignoring cannot hide a tracked file; the user committed it on purpose).
pub fn ensure_ignored(root: &Path, name: &str) -> Result<Option<PathBuf>> {
    Ok(ensure_ignored_as(
        root,
        name,
        "# mind: the personal context block is not committed",
    )?
    .map(|added| added.file))
}

/// Lines [`ensure_ignored_as`] appended to an exclude file: enough to take them out again.
pub struct Excluded {
    pub file: PathBuf,
    /// The text appended (a line break first when the file did not end with one).
    pub text: String,
}

/// [`ensure_ignored`] with `comment` (a `# ...` line saying what `name` is) above the
/// pattern; returns what was appended.
pub fn ensure_ignored_as(root: &Path, name: &str, comment: &str) -> Result<Option<Excluded>> {
    let Ok(repo) = crate::capture::commits::open(root) else {
        return Ok(None);
    };
    let Some(workdir) = repo.workdir() else {
        return Ok(None);
    };
    let workdir = fs::canonicalize(workdir).unwrap_or_else(|_| workdir.to_path_buf());
    let file = fs::canonicalize(root)
        .unwrap_or_else(|_| root.to_path_buf())
        .join(name);
    let Ok(relative) = file.strip_prefix(&workdir) else {
        return Ok(None);
    };
    let relative: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let relative = relative.join("/");
    if is_tracked(&repo, &relative) {
        return Ok(None);
    }
    let pattern = format!("/{}", escape_pattern(&relative));
    let gitignore = text::read_optional(&workdir.join(".gitignore"))?.unwrap_or_default();
    if ignores_last(&gitignore, &[&pattern, &relative]) {
        return Ok(None);
    }
    let exclude = repo.common_dir().join("info").join("exclude");
    let existing = text::read_optional(&exclude)?.unwrap_or_default();
    if has_line(&existing, &[&pattern]) {
        return Ok(None);
    }
    if let Some(dir) = exclude.parent() {
        fs::create_dir_all(dir).map_err(|e| Error::io(dir.to_path_buf(), e))?;
    }
    let mut lines = String::new();
    if !existing.is_empty() && !existing.ends_with(b"\n") {
        lines.push('\n');
    }
    lines.push_str(comment);
    lines.push('\n');
    lines.push_str(&pattern);
    lines.push('\n');
    append::append_bytes(&exclude, lines.as_bytes())?;
    Ok(Some(Excluded {
        file: exclude,
        text: lines,
    }))
}

/// `bytes` of an exclude file without the `text` [`ensure_ignored_as`] appended, when
/// those lines are still there whole (None: they are not; the file stays as it is). The
/// line break put before them goes too while they are still the file's end.
pub fn without_excluded(bytes: &[u8], text: &str) -> Option<Vec<u8>> {
    let lines = text.strip_prefix('\n').unwrap_or(text).as_bytes();
    let at = (0..=bytes.len().checked_sub(lines.len())?)
        .rev()
        .find(|&i| bytes[i..].starts_with(lines) && (i == 0 || bytes[i - 1] == b'\n'))?;
    let mut start = at;
    if text.starts_with('\n') && at + lines.len() == bytes.len() && at > 0 {
        start -= 1;
    }
    let mut out = bytes[..start].to_vec();
    out.extend_from_slice(&bytes[at + lines.len()..]);
    Some(out)
}

/// Make sure `git add -A` never picks up what mind keeps out of git, on any branch: the temp
/// file of a rewrite that a kill interrupted (`.mind-tmp-*` beside CLAUDE.md until the next
/// command sweeps it), and the personal files of `.mind/` that its `.gitignore` names
/// (SESSION.md, state.json, REMINDERS.md, `.lock`, `cache/`). That `.gitignore` is tracked,
/// so a checkout of a branch without the project takes it away and leaves those untracked
/// files behind, unignored; the repository's `info/exclude` is never checked out. Lines go in
/// the exclude file of the work tree holding `root` (the nearest `.git` at or above it; for
/// a linked worktree or a submodule, of the git folder its `.git` file names), each once.
/// Best effort.
pub fn ensure_unshared_ignored(root: &Path) {
    let Some(git_dir) = holding_git_dir(root) else {
        return;
    };
    let info = git_dir.join("info");
    let exclude = info.join("exclude");
    let existing = text::read_optional(&exclude)
        .ok()
        .flatten()
        .unwrap_or_default();
    let temps = format!("{}*", crate::store::atomic::TEMP_PREFIX);
    let personal = personal_patterns();
    let mut lines = String::new();
    if !has_line(&existing, &[&temps]) {
        lines.push_str("# mind: temp files of an interrupted rewrite\n");
        lines.push_str(&temps);
        lines.push('\n');
    }
    let missing: Vec<&String> = (personal.iter())
        .filter(|p| !has_line(&existing, &[p.as_str()]))
        .collect();
    if !missing.is_empty() {
        lines.push_str(
            "# mind: personal files of .mind/, also on a branch without its .gitignore\n",
        );
        for pattern in missing {
            lines.push_str(pattern);
            lines.push('\n');
        }
    }
    if lines.is_empty() {
        return;
    }
    if !existing.is_empty() && !existing.ends_with(b"\n") {
        lines.insert(0, '\n');
    }
    if fs::create_dir_all(&info).is_ok() {
        if !exclude.exists() {
            let _ = crate::store::atomic::write_atomic(&exclude, b"");
        }
        let _ = append::append_bytes(&exclude, lines.as_bytes());
    }
}

/// `**/.mind/NAME` for each file and folder `.mind/.gitignore` keeps out of git: one set of
/// lines for every project of the repository, wherever its folder is.
fn personal_patterns() -> Vec<String> {
    crate::store::templates::GITIGNORE_SHARED
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| format!("**/{}/{l}", crate::store::MIND_DIR))
        .collect()
}

/// The git folder of the work tree holding `root`: that of the nearest folder at or above
/// `root` with a `.git` ([`common_git_dir`]), looking no higher than the home folder.
fn holding_git_dir(root: &Path) -> Option<PathBuf> {
    let home = crate::store::home::user_home();
    for dir in root.ancestors() {
        if fs::symlink_metadata(dir.join(".git")).is_ok() {
            return common_git_dir(dir);
        }
        if home.as_deref() == Some(dir) {
            return None;
        }
    }
    None
}

/// The git folder whose `info/exclude` applies to the work tree at `root`, found from the
/// files alone (no repository is opened on this path): `root/.git` itself, or for a `.git`
/// file (`gitdir: PATH`) the folder it names, or that folder's `commondir` (a linked
/// worktree shares the main repository's exclude file). Only a folder that looks like a git
/// folder (a `HEAD` file and an `objects` folder) is returned: a `.git` file is the work
/// tree's content, and its target must not make mind write just anywhere.
fn common_git_dir(root: &Path) -> Option<std::path::PathBuf> {
    let dot_git = root.join(".git");
    let meta = fs::symlink_metadata(&dot_git).ok()?;
    let dir = if meta.is_dir() {
        return Some(dot_git);
    } else if meta.is_file() {
        let content = fs::read_to_string(&dot_git).ok()?;
        let target = content.lines().next()?.strip_prefix("gitdir:")?.trim();
        let dir = root.join(target);
        match fs::read_to_string(dir.join("commondir")) {
            Ok(common) => dir.join(common.trim()),
            Err(_) => dir,
        }
    } else {
        return None;
    };
    let looks_like_git = dir.join("HEAD").is_file() && dir.join("objects").is_dir();
    looks_like_git.then_some(dir)
}

/// Whether a `.gitignore`'s last line naming the file (as one of `names`) ignores it: a
/// later `!name` keeps it in git, so the file counts as named only when no negation
/// follows (`mind doctor` and `mind status` say when a rule keeps a personal file in git).
fn ignores_last(bytes: &[u8], names: &[&str]) -> bool {
    let mut ignored = false;
    for line in text::split_lines(bytes) {
        let line = text::trimmed(line);
        if names.contains(&line.as_ref()) {
            ignored = true;
        } else if line
            .strip_prefix('!')
            .is_some_and(|negated| names.contains(&negated))
        {
            ignored = false;
        }
    }
    ignored
}

fn has_line(bytes: &[u8], wanted: &[&str]) -> bool {
    text::split_lines(bytes)
        .iter()
        .any(|l| wanted.contains(&text::trimmed(l).as_ref()))
}

fn is_tracked(repo: &gix::Repository, relative: &str) -> bool {
    repo.index_or_empty()
        .ok()
        .is_some_and(|index| index.entry_by_path(relative.into()).is_some())
}

/// A path as a gitignore pattern that matches only itself.
fn escape_pattern(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if matches!(c, '\\' | '*' | '?' | '[' | ']' | '!' | '#') {
            out.push('\\');
        }
        out.push(c);
    }
    if out.ends_with(' ') {
        out.pop();
        out.push_str("\\ ");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{escape_pattern, ignores_last, without_excluded};

    #[test]
    fn excluded_lines_come_out_whole_or_not_at_all() {
        let ours = "# mind: x\n/a.json\n";
        assert_eq!(
            without_excluded(b"*.log\n# mind: x\n/a.json\n", ours).unwrap(),
            b"*.log\n"
        );
        let joined = "\n# mind: x\n/a.json\n";
        assert_eq!(
            without_excluded(b"*.log\n# mind: x\n/a.json\n", joined).unwrap(),
            b"*.log"
        );
        assert_eq!(
            without_excluded(b"*.log\n# mind: x\n/a.json\nb\n", joined).unwrap(),
            b"*.log\nb\n"
        );
        assert_eq!(without_excluded(b"/a.json\n", ours), None);
        assert_eq!(without_excluded(b"", ours), None);
    }

    #[test]
    fn a_name_negated_later_is_not_ignored() {
        let names = ["/CLAUDE.local.md", "CLAUDE.local.md"];
        assert!(ignores_last(b"CLAUDE.local.md\n", &names));
        assert!(!ignores_last(
            b"CLAUDE.local.md\n!CLAUDE.local.md\n",
            &names
        ));
        assert!(!ignores_last(b"!/CLAUDE.local.md\n", &names));
        assert!(ignores_last(
            b"!CLAUDE.local.md\n/CLAUDE.local.md\r\n",
            &names
        ));
        assert!(!ignores_last(b"", &names));
    }

    #[test]
    fn patterns_match_only_the_path() {
        assert_eq!(escape_pattern("CLAUDE.local.md"), "CLAUDE.local.md");
        assert_eq!(escape_pattern("a [b]/#c*.md"), "a \\[b\\]/\\#c\\*.md");
    }
}
