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
use crate::capture::routing::{Route, Router};
use crate::capture::settings::{CaptureSettings, CommitPrompt};
use crate::capture::{self, Candidate, dedupe, derived, edited, kept_keys, rules, staleness};
use crate::cli::{GlobalArgs, HookArgs};
use crate::error::{Error, Result};
use crate::output;
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
    // `mind hook NAME ... --help`: the parser passes everything after NAME on as the hook's
    // arguments, and the fast path of the busiest hooks skips the parser, so the help asked
    // for is printed here, for every hook alike. Neither git nor an agent gives a hook
    // `-h` or `--help`.
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print_help();
        return;
    }
    // An agent's pre-tool hook answers on stdout only, and says nothing on any failure.
    if name == "pre-tool" {
        let _ = catch_unwind(AssertUnwindSafe(|| super::pre_tool::run(args)));
        return;
    }
    let outcome = catch_unwind(AssertUnwindSafe(|| match name {
        "post-commit" => post_commit(global),
        "prepare-commit-msg" => prepare_commit_msg(args),
        "post-merge" => post_merge(args, global),
        "post-tool" => super::post_tool::run(args, global),
        other => Err(Error::usage(format!(
            "unknown hook {other:?} (known: post-commit, prepare-commit-msg, post-merge, pre-tool, post-tool)"
        ))),
    }));
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(e)) => output::note(
            &output::Paint::plain(),
            &format!("{name} hook skipped: {e}"),
        ),
        Err(_) => output::to_stderr(&format!(
            "mind: {name} hook skipped after an internal error\n"
        )),
    }
}

/// `mind hook --help`, as the parser prints it (stdout; a closed pipe is no error).
fn print_help() {
    use clap::Parser;
    if let Err(help) = crate::cli::Cli::try_parse_from(["mind", "hook", "--help"]) {
        let _ = help.print();
    }
}

/// The repository the hook runs in, with its routing rules ([`Router`]): git runs hooks at
/// the work tree's top folder, and each commit goes to the project its files belong to (one
/// at the top folder takes what no deeper project holds). `None` outside a repository or in
/// one without a work tree; outside a repository a project here makes that worth a word.
/// `MIND_PROJECT` is ignored: a hook belongs to its repository.
fn repository_here(cwd: &Path) -> Result<Option<(gix::Repository, Router)>> {
    let repo = match commits::open(cwd) {
        Ok(repo) => repo,
        Err(e) if store::find_upwards(cwd).is_some() => return Err(e),
        Err(_) => return Ok(None),
    };
    Ok(Router::new(&repo).map(|router| (repo, router)))
}

fn current_dir() -> Result<PathBuf> {
    std::env::current_dir()
        .map_err(|e| Error::Failed(format!("cannot read the current folder: {e}")))
}

/// The project the commit being prepared belongs to: the one its staged files route to.
fn project_for_staged() -> Result<Option<(PathBuf, Project)>> {
    let cwd = current_dir()?;
    let Some((repo, mut router)) = repository_here(&cwd)? else {
        return Ok(None);
    };
    let paths: Vec<String> = staged_files(&repo, &cwd, |_| true)?
        .into_iter()
        .map(|f| f.path)
        .collect();
    Ok(match router.route(&paths) {
        Route::One(project) => Some((cwd, project)),
        // Only the commit just made is worth a word; a message being written is not.
        Route::None | Route::Several(_) => None,
    })
}

/// How many memories a commit that changes files of several projects holds: what any of
/// them would have kept of it (each by its own settings), counted once. A commit with none
/// loses nothing by being kept by none.
fn memories_of_several(
    repo: &gix::Repository,
    projects: &[Project],
    facts: &commits::CommitFacts,
) -> Result<usize> {
    let mut keys = std::collections::HashSet::new();
    for project in projects {
        let settings = CaptureSettings::load(&project.config());
        let mut found = commits::message_candidates(facts, &settings);
        if settings.comments {
            let scope = Scope::new(repo, &project.root, settings.max_file_bytes);
            found.extend(commits::comment_candidates(repo, facts, &scope)?);
        }
        keys.extend(found.iter().map(|c| dedupe::key(&c.text)));
    }
    Ok(keys.len())
}

/// What a hook says of a commit that changes files of several projects and holds `n`
/// memories: none keeps them, and where to put them by hand.
fn several_projects_note(names: &[String], n: usize) -> String {
    let (them, each) = if n == 1 {
        ("its memory".to_string(), "it")
    } else {
        (format!("its {n} memories"), "each")
    };
    format!(
        "mind: this commit changes files of several projects ({}), so none keeps {them}: `mind log` {each} in the project it belongs to",
        names.join(", ")
    )
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
    let cwd = current_dir()?;
    let Some((repo, mut router)) = repository_here(&cwd)? else {
        return Ok(());
    };
    let Some(head) = commits::head_id(&repo)? else {
        return Ok(());
    };
    let facts = commits::read_commit(&repo, head)?;
    let project = match router.route_commit(&repo, &facts)? {
        Route::One(project) => project,
        Route::None => return Ok(()),
        Route::Several(projects) => {
            let n = memories_of_several(&repo, &projects, &facts)?;
            if n > 0 {
                let names: Vec<String> = projects.iter().map(|p| router.name(p)).collect();
                output::to_stderr(&format!("{}\n", several_projects_note(&names, n)));
            }
            return Ok(());
        }
    };
    let settings = CaptureSettings::load(&project.config());
    if !settings.commits && !settings.comments {
        return Ok(());
    }
    let scope = settings
        .comments
        .then(|| Scope::new(&repo, &project.root, settings.max_file_bytes));
    let short = facts.short();
    let kept = keep_commit(&project, &repo, &settings, scope.as_ref(), facts)?;
    let keepers = if kept.added > 0 { vec![short] } else { vec![] };
    say_kept(global, kept, &keepers);
    Ok(())
}

/// What [`keep_commit`] did: memories added to the commit store, and lines taken out of it
/// (an amend's or a revert's).
#[derive(Debug, Default, Clone, Copy)]
struct Kept {
    added: usize,
    taken_back: usize,
}

impl std::ops::AddAssign for Kept {
    fn add_assign(&mut self, other: Kept) {
        self.added += other.added;
        self.taken_back += other.taken_back;
    }
}

/// "1 memory", "3 memories".
fn memories(n: usize) -> String {
    format!("{n} memor{}", if n == 1 { "y" } else { "ies" })
}

/// What post-commit does with one commit (HEAD, or each commit a merge brought, see
/// [`post_merge`]): its memories into the commit store, and what it takes back out.
/// `scope` is the project's, given when `settings.comments` is on.
fn keep_commit(
    project: &Project,
    repo: &gix::Repository,
    settings: &CaptureSettings,
    scope: Option<&Scope>,
    facts: commits::CommitFacts,
) -> Result<Kept> {
    // On a branch without the project's files (its `.mind/` holds only the personal files a
    // checkout left behind) there is no memory to keep this in, and nothing is wrong.
    if crate::store::checkout::not_on_branch(project).is_some() {
        return Ok(Kept::default());
    }
    let mut candidates = commits::message_candidates(&facts, settings);
    if let Some(scope) = scope {
        candidates.extend(commits::comment_candidates(repo, &facts, scope)?);
    }
    // An amended commit's memories, and those of the commits a revert undoes, no longer
    // stand: what they said is taken out of the store (kept, under this commit's id, where
    // this commit says it again). A revert of a revert brings back what the first one took.
    let commits::Undone { gone, back } = commits::taken_back(repo, &facts);
    for id in back {
        let Ok(restored) = commits::read_commit(repo, id) else {
            continue;
        };
        candidates.extend(commits::message_candidates(&restored, settings));
        if let Some(scope) = scope {
            candidates.extend(commits::comment_candidates(repo, &restored, scope)?);
        }
    }
    let mut kept_now = Kept::default();
    if candidates.is_empty() && gone.is_empty() {
        return Ok(kept_now);
    }

    let _lock = lock_patiently(
        project,
        LOCK_PATIENCE,
        "the memory store is busy; run `mind harvest` later to pick this commit up",
    )?;
    let mut store = derived::read(project)?;
    if !gone.is_empty() {
        // Each line stays under the commit that says it (this one, or one brought back).
        let mut kept = derived::Replacements::new();
        for c in &candidates {
            let id = rules::provenance_commit(&c.provenance).unwrap_or_default();
            kept.entry(dedupe::key(&c.text))
                .or_insert_with(|| id.to_string());
        }
        // The session's offsets into the store move with the lines taken out before them.
        let state_path = project.state();
        let mut state = State::load(&state_path)
            .ok()
            .filter(|s| s.problem.is_none());
        let withdrawal;
        (store, withdrawal) = derived::take_back(project, &store, &gone, &kept, state.as_mut())?;
        kept_now.taken_back = withdrawal.removed;
        if let Some(state) = state {
            state.save_if_changed(&state_path)?;
        }
    }
    if candidates.is_empty() {
        return Ok(kept_now);
    }
    // A store deleted by hand (or emptied to its header) is being rebuilt: what the ledger
    // says was harvested from commits no longer means "deleted by hand" (`mind harvest`
    // brings the rest back).
    if derived::left_empty(&store) {
        dedupe::forget_store_rows(project)?;
    }
    let texts: Vec<&str> = candidates.iter().map(|c| c.text.as_str()).collect();
    let mut seen = kept_in_memory(project, &texts)?;
    seen.add_lines_for(&text::lossy(&store), &texts);
    let mut seen = seen.with_ledger(project);
    // Only a fix line memory holds already makes this parse MEMORY.md and the store.
    let (added, repeated) = capture::select_new_from_commits(&mut seen, candidates, || {
        let memory = super::read_memory_bytes(project)?;
        let doc = super::memory_document(project, &memory)?;
        Ok(dedupe::OpenProblems::of(&doc).with_ledger(project))
    })?;
    // This commit says lines kept from another: it keeps them standing should that one be
    // reverted.
    dedupe::record_sayers(project, &repeated)?;
    if added.is_empty() {
        return Ok(kept_now);
    }
    // Only an append to the ignored commit store: the message is in git already, so the
    // tracked files stay as committed (a rebase or checkout right after finds a clean
    // tree). The context block follows at the next `mind recall` or `mind checkpoint`,
    // which keeps the hook to a few milliseconds.
    // A comment this commit edited where it stands replaces what the store kept of it.
    let mut files = std::collections::HashMap::new();
    let replaced = edited::replaced(&text::lossy(&store), &added, |line, place| {
        rules::provenance_path(place)
            .is_some_and(|path| !staleness::still_holds(project, &mut files, path, line))
    });
    if !replaced.is_empty() {
        let lines = replaced.into_keys().collect();
        store = crate::promote::rewrite::mark_superseded(&store, &lines);
        derived::rewrite(project, &store)?;
    }
    derived::append_new(project, &store, &added)?;
    kept_now.added = added.len();
    Ok(kept_now)
}

/// At most this many commits that a merge brought are harvested by its hook: more (a branch
/// that lived for months, a first pull in a long while) is `mind harvest`'s work, and the
/// hook says so rather than hold the merge up.
const MAX_MERGED: usize = 200;

/// post-merge: the commits a merge brought (`git merge`, `git pull`, a fast-forward; git
/// runs no post-commit for them), each harvested as post-commit harvests a commit made
/// here, oldest first, so a revert among them takes back what it undoes. They are the
/// commits reachable from HEAD and not from ORIG_HEAD, where git left the branch's tip
/// before merging. `git merge --squash` (`1`) merges nothing yet: its commit runs
/// post-commit.
fn post_merge(args: &[OsString], global: &GlobalArgs) -> Result<()> {
    if args.first().is_some_and(|squash| squash == "1") {
        return Ok(());
    }
    let cwd = current_dir()?;
    let Some((repo, mut router)) = repository_here(&cwd)? else {
        return Ok(());
    };
    let Some(head) = commits::head_id(&repo)? else {
        return Ok(());
    };
    let Ok(before) = repo.rev_parse_single("ORIG_HEAD") else {
        return Ok(());
    };
    let merged = match merged_commits(&repo, head, before.detach(), MAX_MERGED)? {
        Some(merged) => merged,
        None => {
            output::to_stderr(&format!(
                "mind: this merge brought more than {MAX_MERGED} commits; run `mind harvest` to keep their memories\n"
            ));
            return Ok(());
        }
    };
    // Commits that change files of several projects and hold memories, and how many.
    let (mut several, mut unkept) = (0, 0);
    let count = merged.len();
    // One line for the whole merge, not one per commit: a pull of a long-lived branch
    // would otherwise print a screenful.
    let mut kept = Kept::default();
    let mut keepers: Vec<String> = Vec::new();
    // Each project's settings and scope, read once for all the commits it takes.
    let mut prepared: std::collections::HashMap<PathBuf, (CaptureSettings, Option<Scope>)> =
        Default::default();
    for (n, facts) in merged.into_iter().enumerate() {
        // Each commit goes to the project its files belong to, as post-commit's does.
        let project = match router.route_commit(&repo, &facts)? {
            Route::One(project) => project,
            Route::None => continue,
            Route::Several(projects) => {
                let n = memories_of_several(&repo, &projects, &facts)?;
                if n > 0 {
                    several += 1;
                    unkept += n;
                }
                continue;
            }
        };
        let (settings, scope) = prepared.entry(project.root.clone()).or_insert_with(|| {
            let settings = CaptureSettings::load(&project.config());
            let scope = settings
                .comments
                .then(|| Scope::new(&repo, &project.root, settings.max_file_bytes));
            (settings, scope)
        });
        if !settings.commits && !settings.comments {
            continue;
        }
        let short = facts.short();
        let added = match keep_commit(&project, &repo, settings, scope.as_ref(), facts) {
            Ok(added) => added,
            Err(e) => {
                // What the commits before it kept stands, and is said.
                say_kept(global, kept, &keepers);
                return Err(Error::Failed(format!(
                    "commit {short} ({} of {count} merged): {e}",
                    n + 1
                )));
            }
        };
        if added.added > 0 {
            keepers.push(short);
        }
        kept += added;
    }
    say_kept(global, kept, &keepers);
    if several > 0 {
        let commits = if several == 1 {
            "1 merged commit changes".to_string()
        } else {
            format!("{several} merged commits change")
        };
        output::to_stderr(&format!(
            "mind: {commits} files of several projects, so none keeps {}: `mind log` each in the project it belongs to\n",
            memories(unkept)
        ));
    }
    Ok(())
}

/// The one line a commit's or a merge's hook prints: how many memories it kept (from which
/// commit, or from how many) and how many lines of the store it took back.
fn say_kept(global: &GlobalArgs, kept: Kept, keepers: &[String]) {
    if global.quiet || (kept.added == 0 && kept.taken_back == 0) {
        return;
    }
    let mut line = match keepers {
        [] => String::new(),
        [one] => format!("kept {} from commit {one}", memories(kept.added)),
        many => format!(
            "kept {} from {} merged commits",
            memories(kept.added),
            many.len()
        ),
    };
    if kept.taken_back > 0 {
        let took = format!(
            "took back {} of amended or reverted commits",
            memories(kept.taken_back)
        );
        line = if line.is_empty() {
            took
        } else {
            format!("{line}; {took}")
        };
    }
    output::to_stderr(&format!("mind: {line}\n"));
}

/// The commits reachable from `head` and not from `before`, parents before children
/// (oldest first otherwise); `None` when there are more than `max`. The walk stops where
/// the two histories meet, so it reads about as many commits as the merge brought.
fn merged_commits(
    repo: &gix::Repository,
    head: gix::ObjectId,
    before: gix::ObjectId,
    max: usize,
) -> Result<Option<Vec<commits::CommitFacts>>> {
    if head == before {
        return Ok(Some(Vec::new()));
    }
    let walk = repo
        .rev_walk([head])
        .with_hidden([before])
        .all()
        .map_err(|e| Error::Failed(format!("git: walking the merged commits: {e}")))?;
    let mut found: Vec<commits::CommitFacts> = Vec::new();
    for info in walk {
        let info =
            info.map_err(|e| Error::Failed(format!("git: walking the merged commits: {e}")))?;
        if found.len() == max {
            return Ok(None);
        }
        found.push(commits::read_commit(repo, info.id)?);
    }
    Ok(Some(parents_first(found)))
}

/// `commits` ordered so that each comes after those of its parents among them, and else by
/// committer time, oldest first (a revert comes after what it reverts).
fn parents_first(mut commits: Vec<commits::CommitFacts>) -> Vec<commits::CommitFacts> {
    commits.sort_by_key(|c| c.seconds);
    let index: std::collections::HashMap<gix::ObjectId, usize> =
        commits.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
    let mut placed = vec![false; commits.len()];
    let mut order = Vec::with_capacity(commits.len());
    for start in 0..commits.len() {
        // Depth first: a commit is placed once every parent among them is.
        let mut stack = vec![(start, false)];
        while let Some((i, parents_done)) = stack.pop() {
            if placed[i] {
                continue;
            }
            if parents_done {
                placed[i] = true;
                order.push(i);
                continue;
            }
            stack.push((i, true));
            for parent in &commits[i].parents {
                if let Some(&p) = index.get(parent)
                    && !placed[p]
                {
                    stack.push((p, false));
                }
            }
        }
    }
    let mut slots: Vec<Option<commits::CommitFacts>> = commits.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
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
    let Some((cwd, project)) = project_for_staged()? else {
        return Ok(());
    };
    // No project on this branch: post-commit keeps nothing, so nothing is worth a prompt.
    if crate::store::checkout::not_on_branch(&project).is_some() {
        return Ok(());
    }
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
    // What git will strip is known only in part here (settings given on git's command line
    // do not reach the hook), and a reminder left in the commit publishes the session's
    // notes with it: whenever that is in doubt, nothing is added.
    let comment = comment_string(&repo, &message);
    let updated = match settings.commit_prompt {
        CommitPrompt::Trailers => with_trailers(&message, &unlogged, &staged, comment.as_deref()),
        _ => {
            let Some(comment) = comment else {
                return Ok(());
            };
            let block = reminder_lines(&unlogged, &staged, &comment);
            match with_comments(&message, &block, &comment, strips_comments(&repo)) {
                Some(updated) => updated,
                None => return Ok(()),
            }
        }
    };
    crate::store::atomic::write_atomic(&path, updated.as_bytes())
}

/// Whether `commit.cleanup` strips comment lines from an edited message (the default). A
/// mode given with `git -c` is not in the configuration the hook reads: not known, so no.
fn strips_comments(repo: &gix::Repository) -> bool {
    if set_on_gits_command_line(&["commit.cleanup"]) {
        return false;
    }
    match repo.config_snapshot().string("commit.cleanup") {
        None => true,
        Some(mode) => matches!(mode.to_string().as_str(), "default" | "strip"),
    }
}

/// Whether one of `keys` (lower case) is set on git's command line (`git -c KEY=VALUE`,
/// `--config-env`) or through `GIT_CONFIG_COUNT`: git hands those to its hooks in the
/// environment, where the configuration files the hook reads do not show them.
fn set_on_gits_command_line(keys: &[&str]) -> bool {
    let mentions = |text: &str| {
        let text = text.to_ascii_lowercase();
        keys.iter().any(|k| text.contains(k))
    };
    if std::env::var_os("GIT_CONFIG_PARAMETERS").is_some_and(|v| mentions(&v.to_string_lossy())) {
        return true;
    }
    let count = std::env::var("GIT_CONFIG_COUNT")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .unwrap_or(0);
    (0..count.min(10_000)).any(|i| {
        std::env::var_os(format!("GIT_CONFIG_KEY_{i}"))
            .is_some_and(|k| mentions(&k.to_string_lossy()))
    })
}

/// The comment string git strips from this message, when it can be known: git's own rule
/// (`core.commentString`, git 2.45 and later, and `core.commentChar` set the same thing;
/// the one set last wins; unset is `#`). `None` when it cannot: `auto` (git picks a
/// character the message does not use), a value git would refuse, a value given on git's
/// command line, or a `core.commentString` the message does not show git using (a git
/// older than 2.45 ignores that key and keeps `#`).
fn comment_string(repo: &gix::Repository, message: &str) -> Option<String> {
    if set_on_gits_command_line(&["core.commentchar", "core.commentstring"]) {
        return None;
    }
    let snapshot = repo.config_snapshot();
    let mut last: Option<(String, String)> = None;
    for section in snapshot
        .plumbing()
        .sections_by_name("core")
        .into_iter()
        .flatten()
    {
        if section.header().subsection_name().is_some() {
            continue;
        }
        let body = section.body();
        let names: Vec<String> = body.value_names().collect();
        let Some(name) = names.into_iter().rfind(|n| {
            n.eq_ignore_ascii_case("commentChar") || n.eq_ignore_ascii_case("commentString")
        }) else {
            continue;
        };
        // A key written without `=` has no value: git refuses it.
        let value = body.value(&name).map(|v| v.to_string()).unwrap_or_default();
        last = Some((name, value));
    }
    let Some((name, value)) = last else {
        return Some("#".to_string());
    };
    let usable = !value.is_empty()
        && !value.eq_ignore_ascii_case("auto")
        && !value.contains(['\n', '\r'])
        && !value.starts_with(char::is_whitespace);
    if !usable {
        return None;
    }
    let shown = message
        .split('\n')
        .any(|line| line.starts_with(value.as_str()));
    if name.eq_ignore_ascii_case("commentString") && value != "#" && !shown {
        return None;
    }
    Some(value)
}

/// git's scissors line: what follows it is cut from the message in every cleanup mode that
/// writes it (`--cleanup=scissors`, `-v`).
fn scissors_line(comment: &str) -> String {
    format!("{comment} ------------------------ >8 ------------------------")
}

fn reminder_lines(unlogged: &[String], staged: &[Candidate], c: &str) -> String {
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

/// The message with the commented reminder `block` where git is sure to drop it: below
/// git's scissors line (after the comment lines that follow it), which git cuts off in
/// every mode that writes one; else, when `strips` (the cleanup mode strips comments),
/// just before git's own comments. `None` when neither is sure: the message is left alone.
fn with_comments(message: &str, block: &str, comment: &str, strips: bool) -> Option<String> {
    let scissors = scissors_line(comment);
    let mut offset = 0;
    let mut below_scissors = false;
    let mut first_comment = None;
    for line in message.split_inclusive('\n') {
        let text = line.trim_end_matches(['\n', '\r']);
        if below_scissors && !text.starts_with(comment) {
            break;
        }
        if text == scissors {
            below_scissors = true;
        } else if !below_scissors && first_comment.is_none() && text.starts_with(comment) {
            first_comment = Some(offset);
        }
        offset += line.len();
    }
    let at = match (below_scissors, first_comment) {
        (true, _) => offset,
        (false, _) if !strips => return None,
        (false, Some(at)) => at,
        (false, None) => message.len(),
    };
    let (before, after) = message.split_at(at);
    let mut out = before.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(block);
    out.push_str(after);
    Some(out)
}

/// The message with `Memory:` trailers placed before git's comments.
fn with_trailers(
    message: &str,
    unlogged: &[String],
    staged: &[Candidate],
    c: Option<&str>,
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
    let scope = Scope::new(repo, &project.root, settings.max_file_bytes);
    let today = crate::clock::Clock::from_env()
        .map(|c| c.today())
        .unwrap_or_default();
    let mut out = Vec::new();
    for staged in staged_files(repo, cwd, |path| scope.project_path(path).is_some())? {
        let Some(rel) = scope.project_path(&staged.path) else {
            continue;
        };
        for (line, text) in commits::added_comments_in_blobs(
            repo,
            &staged.path,
            staged.before,
            staged.id,
            settings.max_file_bytes,
        )? {
            if let Some(h) = rules::from_comment(&text) {
                out.push(Candidate {
                    kind: h.kind,
                    text: h.line,
                    provenance: rules::file_place(&rel, line),
                    date: today,
                });
            }
        }
    }
    Ok(out)
}

/// A file the index holds in another version than HEAD (or HEAD lacks).
struct StagedFile {
    /// Relative to the work tree's top folder.
    path: String,
    /// The blob in HEAD.
    before: Option<gix::ObjectId>,
    /// The blob in the index.
    id: gix::ObjectId,
}

/// The files (of those `wanted` keeps, by path) the commit being prepared adds or changes:
/// the index (`GIT_INDEX_FILE` when git names one, as for `git commit FILE`) against HEAD.
/// An unreadable index gives none.
fn staged_files(
    repo: &gix::Repository,
    cwd: &Path,
    wanted: impl Fn(&str) -> bool,
) -> Result<Vec<StagedFile>> {
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
    let mut trees = TreeCache::default();
    let mut out = Vec::new();
    for entry in index.entries() {
        let is_file = entry.mode == gix::index::entry::Mode::FILE
            || entry.mode == gix::index::entry::Mode::FILE_EXECUTABLE;
        if entry.stage_raw() != 0 || !is_file {
            continue;
        }
        let path = entry.path(&index).to_string();
        if !wanted(&path) {
            continue;
        }
        let before = match head_tree {
            Some(tree) => trees.lookup(repo, tree, &path)?,
            None => None,
        };
        if before != Some(entry.id) {
            out.push(StagedFile {
                path,
                before,
                id: entry.id,
            });
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
        let block = reminder_lines(&["learned: x".into()], &[], "#");
        let out = with_comments(message, &block, "#", true).unwrap();
        assert!(out.starts_with("\n# mind: this session noted"));
        assert!(out.ends_with("#   learned: x\n# Please enter the commit message\n# Changes:\n"));
        // A cleanup mode that keeps comments: nothing.
        assert_eq!(with_comments(message, &block, "#", false), None);
    }

    #[test]
    fn comments_go_below_the_scissors_line_in_any_mode() {
        let message = "\n// ------------------------ >8 ------------------------\n// Do not modify\ndiff --git a/x b/x\n";
        let block = reminder_lines(&["learned: x".into()], &[], "//");
        for strips in [true, false] {
            let out = with_comments(message, &block, "//", strips).unwrap();
            assert_eq!(
                out,
                format!(
                    "\n// ------------------------ >8 ------------------------\n// Do not modify\n{block}diff --git a/x b/x\n"
                )
            );
        }
    }

    #[test]
    fn merged_commits_come_parents_first_whatever_their_dates() {
        let id = |n: u8| gix::ObjectId::from_bytes_or_panic(&[n; 20]);
        let commit = |n: u8, seconds: i64, parents: &[u8]| commits::CommitFacts {
            id: id(n),
            tree: id(0),
            parents: parents.iter().map(|&p| id(p)).collect(),
            seconds,
            date: chrono::NaiveDate::default(),
            message: String::new(),
        };
        // 3 reverts 2 but carries an older date (a skewed clock); 4 merges 3 and 1.
        let ordered = parents_first(vec![
            commit(4, 40, &[3, 1]),
            commit(3, 5, &[2]),
            commit(2, 20, &[9]),
            commit(1, 10, &[9]),
        ]);
        let ids: Vec<gix::ObjectId> = ordered.iter().map(|c| c.id).collect();
        assert_eq!(ids, [id(2), id(3), id(1), id(4)]);
    }

    #[test]
    fn trailers_follow_the_body() {
        let out = with_trailers(
            "subject\n\n# comment\n",
            &["learned: x".into()],
            &[],
            Some("#"),
        );
        assert_eq!(out, "subject\n\nMemory: learned: x\n# comment\n");
    }
}
