//! `mind hook NAME [ARGS...]`: the work behind the git hook shims, and an agent's
//! pre-tool hook (`pre-tool`, see [`super::pre_tool`]).
//!
//! - `post-commit` harvests HEAD's message and the `MEMORY:` comments it adds.
//! - `prepare-commit-msg` leaves a message given with `-m`/`-F` (and merges, squashes,
//!   amends) alone; when an editor will open it adds commented lines — which git strips —
//!   listing this session's unlogged decisions and learnings and the `MEMORY:` comments
//!   being committed. `capture.commit_prompt: "trailers"` adds `Memory:` trailers instead.
//!
//! post-commit only appends to the ignored commit store `.mind/cache/commits.md` (and the
//! ledger), never to a tracked file: a commit leaves the work tree clean, so rebases,
//! cherry-picks and checkouts go on. The context block follows at the next `mind recall`
//! or `mind checkpoint`. prepare-commit-msg writes only the message file git gives it.
//!
//! Both always succeed: no project, no repository, a disabled setting is a silent no-op;
//! any failure is one line on stderr. The commit is never blocked or slowed by waiting:
//! a busy store lock is retried briefly, then given up.

use std::ffi::OsString;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::capture::commits::{self, Scope, TreeCache};
use crate::capture::settings::{CaptureSettings, CommitPrompt};
use crate::capture::{self, Candidate, dedupe, derived, kept_keys, rules};
use crate::cli::{GlobalArgs, HookArgs};
use crate::error::{Error, Result};
use crate::promote;
use crate::store::lock::StoreLock;
use crate::store::state::State;
use crate::store::{self, Project, session_file, text};

/// Give up on a busy store after this long rather than hold up the commit.
const LOCK_PATIENCE: Duration = Duration::from_millis(1500);

pub fn run(args: &HookArgs, global: &GlobalArgs) {
    run_named(&args.name.to_string_lossy(), &args.args, global);
}

/// Run the hook `name` with its arguments (git's or the agent's).
pub fn run_named(name: &str, args: &[OsString], global: &GlobalArgs) {
    // An agent's pre-tool hook answers on stdout only, and says nothing on any failure.
    if name == "pre-tool" {
        let _ = catch_unwind(AssertUnwindSafe(|| super::pre_tool::run(args)));
        return;
    }
    let outcome = catch_unwind(AssertUnwindSafe(|| match name {
        "post-commit" => post_commit(global),
        "prepare-commit-msg" => prepare_commit_msg(args),
        "post-tool" => super::post_tool::run(args, global),
        other => Err(Error::usage(format!(
            "unknown hook {other:?} (known: post-commit, prepare-commit-msg, pre-tool, post-tool)"
        ))),
    }));
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(e)) => eprintln!("mind: {name} hook skipped: {e}"),
        Err(_) => eprintln!("mind: {name} hook skipped after an internal error"),
    }
}

/// The project of the repository the hook runs in (hooks run at the work tree root).
/// `MIND_PROJECT` is ignored: a hook belongs to its repository.
fn project_here() -> Result<Option<(PathBuf, Project)>> {
    let cwd = std::env::current_dir()
        .map_err(|e| Error::Failed(format!("cannot read the current folder: {e}")))?;
    Ok(store::find_upwards(&cwd).map(|p| (cwd, p)))
}

/// The store lock for a hook: waited for at most `patience`, then `busy` as the error (a
/// hook never waits long: git or the agent is waiting on it).
pub(super) fn lock_patiently(
    project: &Project,
    patience: Duration,
    busy: &str,
) -> Result<StoreLock> {
    StoreLock::acquire_within(&project.file(store::LOCK_FILE), patience).map_err(|e| match e {
        Error::Locked { .. } => Error::Failed(busy.into()),
        other => other,
    })
}

fn post_commit(global: &GlobalArgs) -> Result<()> {
    let Some((cwd, project)) = project_here()? else {
        return Ok(());
    };
    let settings = CaptureSettings::load(&project.config());
    if !settings.commits && !settings.comments {
        return Ok(());
    }
    let repo = commits::open(&cwd)?;
    let Some(head) = commits::head_id(&repo)? else {
        return Ok(());
    };
    let facts = commits::read_commit(&repo, head)?;
    let mut candidates = commits::message_candidates(&facts, &settings);
    if settings.comments {
        let scope = Scope::new(&repo, &project.root, settings.max_file_bytes);
        candidates.extend(commits::comment_candidates(&repo, &facts, &scope)?);
    }
    // An amended commit's memories, and those of the commits a revert undoes, no longer
    // stand: what they said is taken out of the store (kept, under this commit's id, where
    // this commit says it again).
    let gone = commits::taken_back(&repo, &facts);
    if candidates.is_empty() && gone.is_empty() {
        return Ok(());
    }

    let _lock = lock_patiently(
        &project,
        LOCK_PATIENCE,
        "the memory store is busy; run `mind harvest` later to pick this commit up",
    )?;
    let mut store = derived::read(&project)?;
    if !gone.is_empty() {
        let kept: derived::Replacements = (candidates.iter())
            .map(|c| (dedupe::key(&c.text), facts.short()))
            .collect();
        // The session's offsets into the store move with the lines taken out before them.
        let state_path = project.state();
        let mut state = State::load(&state_path)
            .ok()
            .filter(|s| s.problem.is_none());
        store = derived::take_back(&project, &store, &gone, &kept, state.as_mut())?.0;
        if let Some(state) = state {
            state.save_if_changed(&state_path)?;
        }
    }
    if candidates.is_empty() {
        return Ok(());
    }
    let texts: Vec<&str> = candidates.iter().map(|c| c.text.as_str()).collect();
    let mut seen = kept_in_memory(&project, &texts)?;
    seen.add_lines_for(&text::lossy(&store), &texts);
    let mut seen = seen.with_ledger(&project);
    // Only a fix line memory holds already makes this parse MEMORY.md and the store.
    let (added, _) = capture::select_new_from_commits(&mut seen, candidates, || {
        let memory = super::read_memory_bytes(&project)?;
        let doc = super::memory_document(&project, &memory)?;
        Ok(dedupe::OpenProblems::of(&doc).with_ledger(&project))
    })?;
    if added.is_empty() {
        return Ok(());
    }
    // Only an append to the ignored commit store: the message is in git already, so the
    // tracked files stay as committed (a rebase or checkout right after finds a clean
    // tree). The context block follows at the next `mind recall` or `mind checkpoint`,
    // which keeps the hook to a few milliseconds.
    derived::append_new(&project, &store, &added)?;
    if !global.quiet {
        eprintln!(
            "mind: kept {} memor{} from commit {}",
            added.len(),
            if added.len() == 1 { "y" } else { "ies" },
            facts.short()
        );
    }
    Ok(())
}

/// What MEMORY.md holds of `texts`: from its cached keys while they still describe it
/// (MEMORY.md is not read), else from MEMORY.md itself, whose keys are then cached for the
/// next commit. The caller holds the store lock.
fn kept_in_memory(project: &Project, texts: &[&str]) -> Result<dedupe::Seen> {
    let state_path = project.state();
    let mut state = State::load(&state_path)
        .ok()
        .filter(|s| s.problem.is_none());
    let stamp = state.as_ref().and_then(State::memory_keys);
    if let Some(hashes) = kept_keys::load(project, stamp) {
        return Ok(dedupe::Seen::from_hashes_for(&hashes, texts));
    }
    let path = project.memory();
    let memory = text::read_optional(&path)?.ok_or_else(|| Error::BadFile {
        path: path.clone(),
        reason: "missing; run `mind init` to recreate it".into(),
    })?;
    let seen = dedupe::Seen::from_memory_for(&text::lossy(&memory), texts);
    // The cache is bookkeeping: failing to write it costs the next commit this read again.
    if let Some(state) = state.as_mut()
        && let Some(stamp) = kept_keys::rebuild(project, &memory)
    {
        state.set_memory_keys(Some(stamp));
        let _ = state.save(&state_path);
    }
    Ok(seen)
}

fn prepare_commit_msg(args: &[OsString]) -> Result<()> {
    let Some(message_file) = args.first() else {
        return Err(Error::usage("prepare-commit-msg needs the message file"));
    };
    // A source other than a template means the message is given (-m, -F, merge, squash,
    // amend): never touch it.
    let source = args.get(1).map(|s| s.to_string_lossy().into_owned());
    if source
        .as_deref()
        .is_some_and(|s| !s.is_empty() && s != "template")
    {
        return Ok(());
    }
    let Some((cwd, project)) = project_here()? else {
        return Ok(());
    };
    let settings = CaptureSettings::load(&project.config());
    if settings.commit_prompt == CommitPrompt::Off {
        return Ok(());
    }
    let repo = commits::open(&cwd)?;

    let memory = text::read_optional(&project.memory())?.unwrap_or_default();
    let memory_text = text::lossy(&memory);
    let session = text::read_optional(&project.session())?
        .map(|b| session_file::parse(&text::lossy(&b)))
        .unwrap_or_default();
    // What a new session would promote: this session's decisions (against) and learnings
    // (its problems are not what a commit message is prompted for).
    let unlogged: Vec<String> = promote::candidates(&session, &Default::default())
        .into_iter()
        .map(|(_, _, line)| line)
        .collect();
    let staged = if settings.comments {
        staged_comments(&repo, &project, &settings, &cwd)?
    } else {
        Vec::new()
    };
    // Only what memory does not hold yet is worth a reminder.
    let texts: Vec<&str> = unlogged
        .iter()
        .map(String::as_str)
        .chain(staged.iter().map(|c| c.text.as_str()))
        .collect();
    let store = derived::read(&project).unwrap_or_default();
    let mut seen = dedupe::Seen::from_memory_for(&memory_text, &texts);
    seen.add_lines_for(&text::lossy(&store), &texts);
    let mut seen = seen.with_ledger(&project);
    let unlogged: Vec<String> = unlogged.into_iter().filter(|l| seen.insert(l)).collect();
    let staged: Vec<Candidate> = staged
        .into_iter()
        .filter(|c| seen.insert(&c.text))
        .collect();
    if unlogged.is_empty() && staged.is_empty() {
        return Ok(());
    }

    let path = cwd.join(PathBuf::from(message_file));
    let message = std::fs::read(&path).map_err(|e| Error::io(&path, e))?;
    // A message in another encoding (latin-1, i18n.commitEncoding) is left byte for byte:
    // a lossy round trip would replace its accents with U+FFFD in the commit.
    let Ok(message) = String::from_utf8(message) else {
        return Ok(());
    };
    let updated = match settings.commit_prompt {
        CommitPrompt::Trailers => with_trailers(&message, &unlogged, &staged, comment_char(&repo)),
        // A cleanup mode that keeps comment lines would put the reminders in the commit.
        _ if !strips_comments(&repo) => return Ok(()),
        _ => match comment_char(&repo) {
            Some(c) => with_comments(&message, &unlogged, &staged, c),
            // `core.commentChar=auto` (or an unusual value): no safe way to comment.
            None => return Ok(()),
        },
    };
    crate::store::atomic::write_atomic(&path, updated.as_bytes())
}

/// Whether `commit.cleanup` strips comment lines from an edited message (the default).
fn strips_comments(repo: &gix::Repository) -> bool {
    match repo.config_snapshot().string("commit.cleanup") {
        None => true,
        Some(mode) => matches!(mode.to_string().as_str(), "default" | "strip"),
    }
}

/// The comment character git strips, when it is a plain single character.
fn comment_char(repo: &gix::Repository) -> Option<char> {
    let value = repo.config_snapshot().string("core.commentChar");
    match value {
        None => Some('#'),
        Some(v) => {
            let v = v.to_string();
            let mut chars = v.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if !c.is_whitespace() => Some(c),
                _ => None,
            }
        }
    }
}

fn reminder_lines(unlogged: &[String], staged: &[Candidate], c: char) -> String {
    let mut out = String::new();
    if !unlogged.is_empty() {
        out.push_str(&format!(
            "{c} mind: this session noted these, not yet in memory. Copy any that matter into the\n{c} message (`decided: ...`, `learned: ...`) and mind keeps them with the commit:\n"
        ));
        for line in unlogged {
            out.push_str(&format!("{c}   {line}\n"));
        }
    }
    if !staged.is_empty() {
        out.push_str(&format!(
            "{c} mind: MEMORY: comments in this commit (mind keeps them once it is made):\n"
        ));
        for s in staged {
            out.push_str(&format!("{c}   {}  ({})\n", s.text, s.provenance));
        }
    }
    out
}

/// The message with commented reminder lines placed just before git's own comments.
fn with_comments(message: &str, unlogged: &[String], staged: &[Candidate], c: char) -> String {
    let block = reminder_lines(unlogged, staged, c);
    let mut offset = 0;
    for line in message.split_inclusive('\n') {
        if line.starts_with(c) {
            return format!("{}{block}{}", &message[..offset], &message[offset..]);
        }
        offset += line.len();
    }
    let mut out = message.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&block);
    out
}

/// The message with `Memory:` trailers placed before git's comments.
fn with_trailers(
    message: &str,
    unlogged: &[String],
    staged: &[Candidate],
    c: Option<char>,
) -> String {
    let mut trailers = String::new();
    for line in unlogged.iter().chain(staged.iter().map(|s| &s.text)) {
        trailers.push_str(&format!("Memory: {line}\n"));
    }
    let split = c
        .and_then(|c| {
            let mut offset = 0;
            for line in message.split_inclusive('\n') {
                if line.starts_with(c) {
                    return Some(offset);
                }
                offset += line.len();
            }
            None
        })
        .unwrap_or(message.len());
    let (body, comments) = message.split_at(split);
    let body = body.trim_end_matches('\n');
    format!("{body}\n\n{trailers}{comments}")
}

/// `MEMORY:` comments that the staged index adds compared with HEAD.
fn staged_comments(
    repo: &gix::Repository,
    project: &Project,
    settings: &CaptureSettings,
    cwd: &Path,
) -> Result<Vec<Candidate>> {
    let index_path = match std::env::var_os("GIT_INDEX_FILE") {
        Some(p) if !p.is_empty() => cwd.join(PathBuf::from(p)),
        _ => repo.index_path(),
    };
    let Ok(index) = gix::index::File::at(
        &index_path,
        repo.object_hash(),
        false,
        gix::index::decode::Options::default(),
    ) else {
        return Ok(Vec::new());
    };
    let head_tree = match commits::head_id(repo)? {
        Some(id) => Some(commits::read_commit(repo, id)?.tree),
        None => None,
    };
    let scope = Scope::new(repo, &project.root, settings.max_file_bytes);
    let mut trees = TreeCache::default();
    let today = crate::clock::Clock::from_env()
        .map(|c| c.today())
        .unwrap_or_default();
    let mut out = Vec::new();
    for entry in index.entries() {
        let is_file = entry.mode == gix::index::entry::Mode::FILE
            || entry.mode == gix::index::entry::Mode::FILE_EXECUTABLE;
        if entry.stage_raw() != 0 || !is_file {
            continue;
        }
        let repo_path = entry.path(&index).to_string();
        let Some(rel) = scope.project_path(&repo_path) else {
            continue;
        };
        let before = match head_tree {
            Some(tree) => trees.lookup(repo, tree, &repo_path)?,
            None => None,
        };
        if before == Some(entry.id) {
            continue;
        }
        for (line, text) in commits::added_comments_in_blobs(
            repo,
            &repo_path,
            before,
            entry.id,
            settings.max_file_bytes,
        )? {
            if let Some(h) = rules::from_comment(&text) {
                out.push(Candidate {
                    kind: h.kind,
                    text: h.line,
                    provenance: format!("{rel}:{line}"),
                    date: today,
                });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_go_before_gits_own() {
        let message = "\n# Please enter the commit message\n# Changes:\n";
        let out = with_comments(message, &["learned: x".into()], &[], '#');
        assert!(out.starts_with("\n# mind: this session noted"));
        assert!(out.ends_with("#   learned: x\n# Please enter the commit message\n# Changes:\n"));
    }

    #[test]
    fn trailers_follow_the_body() {
        let out = with_trailers(
            "subject\n\n# comment\n",
            &["learned: x".into()],
            &[],
            Some('#'),
        );
        assert_eq!(out, "subject\n\nMemory: learned: x\n# comment\n");
    }
}
