//! Commits a rebase or a reset took off every branch: their memories leave the commit store.
//!
//! post-commit sees an amend and a revert as they happen ([`commits::taken_back`]). A
//! rebase that drops, squashes or rewords commits and a `reset --hard` run no hook that
//! says what was thrown away, so the commit store went on holding what those commits said:
//! a dropped fix still closed its problem, a decision from an abandoned attempt still read
//! as current. HEAD's reflog says when such a rewrite happened. Each check costs one
//! `stat` of the reflog while it has not grown; what it gained is read, and only when it
//! holds a rewrite (a reset, a rebase, an amend, a checkout away from a detached HEAD)
//! are commits walked: those reachable from
//! where HEAD was before it and from neither HEAD nor any local branch now. Their lines
//! leave the store, except what a standing commit says again (a rebased commit's copy),
//! which stays under that commit's id.
//!
//! A commit still on another local branch stands: the store serves the whole clone. A
//! commit thrown away before the first check (a reflog not seen yet) is not looked for.

use std::collections::HashMap;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use gix::ObjectId;

use crate::capture::commits::{self, Scope};
use crate::capture::derived::{self, Replacements, Withdrawal};
use crate::capture::routing::{Router, Whose};
use crate::capture::settings::CaptureSettings;
use crate::capture::{dedupe, rules};
use crate::error::Result;
use crate::store::state::State;
use crate::store::{Project, text};

/// The state's record of how many bytes of HEAD's reflog were read.
const REFLOG_READ: &str = "reflog_read";

/// At most this many commits are walked for one check: a reset across a huge history is
/// still bounded (commits beyond it keep their lines).
const MAX_WALK: usize = 100_000;

/// At most this many standing commits are read for copies of what the gone ones said.
const MAX_COPIES: usize = 2_000;

/// Take out of the commit store the lines of commits that a rewrite recorded in HEAD's
/// reflog since the last check left on no branch. The caller holds the store lock and saves
/// `state`. Nothing happens outside a git repository, during a rebase or a merge (the branch
/// has not moved yet), or on the first check (the reflog's end is only noted).
pub fn settle(project: &Project, state: &mut State) -> Result<Withdrawal> {
    let Some((reflog, len)) = head_reflog(project) else {
        return Ok(Withdrawal::default());
    };
    let read = state.get(REFLOG_READ).and_then(serde_json::Value::as_u64);
    let from = match read {
        None => {
            state.set(REFLOG_READ, serde_json::Value::from(len));
            return Ok(Withdrawal::default());
        }
        Some(read) if read == len => return Ok(Withdrawal::default()),
        // A reflog that shrank was expired or rewritten: what it holds now is read whole.
        Some(read) if read > len => 0,
        Some(read) => read,
    };
    // Noted as read only once its rewrites are dealt with: a failure is retried next time.
    let repo = commits::open(&project.root)?;
    let withdrawal = withdraw_left_behind(project, &repo, &reflog, from, state)?;
    state.set(REFLOG_READ, serde_json::Value::from(len));
    Ok(withdrawal)
}

/// Note where HEAD's reflog ends, when no check has yet (`mind init`): a rewrite from then
/// on is looked at by the first recall.
pub fn note_reflog_end(project: &Project, state: &mut State) {
    if state.get(REFLOG_READ).is_some() {
        return;
    }
    if let Some((_, len)) = head_reflog(project) {
        state.set(REFLOG_READ, serde_json::Value::from(len));
    }
}

/// HEAD's reflog of the work tree the project is in, and its length; `None` outside a
/// repository, without a reflog, or during a rebase (its branch has not moved yet, and what
/// it leaves behind is known only when it ends). Found from the files alone: a recall whose
/// reflog has not grown opens no repository.
fn head_reflog(project: &Project) -> Option<(PathBuf, u64)> {
    let git_dir = git_dir_above(&project.root)?;
    if ["rebase-merge", "rebase-apply"]
        .iter()
        .any(|d| git_dir.join(d).exists())
    {
        return None;
    }
    let reflog = git_dir.join("logs").join("HEAD");
    // A repository with no commit yet has no reflog: everything it will hold is new.
    let len = match std::fs::metadata(&reflog) {
        Ok(meta) => meta.len(),
        Err(_) if git_dir.join("HEAD").is_file() => 0,
        Err(_) => return None,
    };
    Some((reflog, len))
}

/// The git folder of the work tree holding `dir`: the nearest `.git` folder, or the folder a
/// `.git` file (`gitdir: PATH`, a linked worktree or a submodule) names.
fn git_dir_above(dir: &Path) -> Option<PathBuf> {
    for folder in dir.ancestors() {
        let dot_git = folder.join(".git");
        let Ok(meta) = std::fs::symlink_metadata(&dot_git) else {
            continue;
        };
        if meta.is_dir() {
            return Some(dot_git);
        }
        let content = std::fs::read_to_string(&dot_git).ok()?;
        let target = content.lines().next()?.strip_prefix("gitdir:")?.trim();
        return Some(folder.join(target));
    }
    None
}

fn withdraw_left_behind(
    project: &Project,
    repo: &gix::Repository,
    reflog: &Path,
    from: u64,
    state: &mut State,
) -> Result<Withdrawal> {
    let before: Vec<ObjectId> = rewritten_from(reflog, from)
        .into_iter()
        .filter(|id| repo.has_object(id))
        .collect();
    if before.is_empty() {
        return Ok(Withdrawal::default());
    }
    let store = derived::read(project)?;
    let named = store_commits(&text::lossy(&store));
    if named.is_empty() {
        return Ok(Withdrawal::default());
    }
    let Some(head) = commits::head_id(repo)? else {
        return Ok(Withdrawal::default());
    };
    let mut standing = vec![head];
    standing.extend(local_branches(repo));
    let gone = left_behind(repo, &before, &standing, &named)?;
    if gone.is_empty() {
        return Ok(Withdrawal::default());
    }
    let kept = copies(project, repo, head, &before)?;
    Ok(derived::take_back(project, &store, &gone, &kept, Some(state))?.1)
}

/// The commits HEAD was at before each rewrite the reflog records from byte `from` on.
fn rewritten_from(reflog: &Path, from: u64) -> Vec<ObjectId> {
    let mut bytes = Vec::new();
    let read = std::fs::File::open(reflog).and_then(|mut file| {
        file.seek(SeekFrom::Start(from))?;
        file.read_to_end(&mut bytes)
    });
    if read.is_err() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for line in text::lossy(&bytes).lines() {
        // `<old> <new> <who> <when>\t<what>`
        let Some((ids, what)) = line.split_once('\t') else {
            continue;
        };
        if !is_rewrite(what) {
            continue;
        }
        let old = ids.split(' ').next().unwrap_or("");
        if let Ok(id) = ObjectId::from_hex(old.as_bytes())
            && !id.is_null()
            && !out.contains(&id)
        {
            out.push(id);
        }
    }
    out
}

/// A reflog message of a move that can leave commits behind: a reset, the start of a rebase
/// (by itself or by `pull --rebase`; its picks and its finish move HEAD among the new
/// copies, which must not count as left behind), an amend, leaving a detached HEAD.
fn is_rewrite(what: &str) -> bool {
    let rebase_start = (what.starts_with("rebase") || what.starts_with("pull --rebase"))
        && what.contains("(start)");
    rebase_start
        || what.starts_with("reset:")
        || what.starts_with("commit (amend)")
        || leaves_detached_head(what)
}

/// A checkout away from a detached HEAD (git names it by its full id: `checkout: moving
/// from 1a2b…9f to main`): commits made there and left stand on no branch.
fn leaves_detached_head(what: &str) -> bool {
    what.strip_prefix("checkout: moving from ")
        .and_then(|rest| rest.split(' ').next())
        .is_some_and(|from| {
            matches!(from.len(), 40 | 64) && from.bytes().all(|b| b.is_ascii_hexdigit())
        })
}

/// The commit ids the store's lines name (as written, abbreviated), keyed by their first
/// seven digits.
fn store_commits(store: &str) -> HashMap<String, Vec<String>> {
    let mut out: HashMap<String, Vec<String>> = HashMap::new();
    for line in store.lines() {
        let Some((_, provenance)) = rules::split_provenance(line.trim_end()) else {
            continue;
        };
        let Some(id) = rules::provenance_commit(provenance) else {
            continue;
        };
        let id = id.to_ascii_lowercase();
        let ids = out.entry(id[..7].to_string()).or_default();
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    out
}

fn local_branches(repo: &gix::Repository) -> Vec<ObjectId> {
    let Ok(platform) = repo.references() else {
        return Vec::new();
    };
    let Ok(branches) = platform.local_branches() else {
        return Vec::new();
    };
    branches
        .filter_map(|r| r.ok())
        .filter_map(|mut r| r.peel_to_id().ok().map(|id| id.detach()))
        .collect()
}

/// The full ids of the commits the store names that are reachable from `before` and from
/// none of `standing`.
fn left_behind(
    repo: &gix::Repository,
    before: &[ObjectId],
    standing: &[ObjectId],
    named: &HashMap<String, Vec<String>>,
) -> Result<Vec<String>> {
    let walk = repo
        .rev_walk(before.iter().copied())
        .with_hidden(standing.iter().copied())
        .all()
        .map_err(|e| crate::error::Error::Failed(format!("git: walking history: {e}")))?;
    let mut gone = Vec::new();
    for info in walk.take(MAX_WALK) {
        // A commit that cannot be read ends the walk: what was found so far stands.
        let Ok(info) = info else { break };
        let hex = info.id.to_hex().to_string();
        if named
            .get(&hex[..7])
            .is_some_and(|ids| ids.iter().any(|id| hex.starts_with(id.as_str())))
        {
            gone.push(hex);
        }
    }
    Ok(gone)
}

/// What the commits now on HEAD and not reachable from `before` (a rebase's new copies)
/// say: each memory's key with the commit that says it.
fn copies(
    project: &Project,
    repo: &gix::Repository,
    head: ObjectId,
    before: &[ObjectId],
) -> Result<Replacements> {
    let settings = CaptureSettings::load(&project.config());
    let scope = Scope::new(repo, &project.root, settings.max_file_bytes);
    let walk = repo
        .rev_walk([head])
        .with_hidden(before.iter().copied())
        .all()
        .map_err(|e| crate::error::Error::Failed(format!("git: walking history: {e}")))?;
    let mut kept = Replacements::new();
    // Only a copy the hooks would have sent here keeps a line here: another package's
    // commit that says the same words is that package's.
    let mut router = Router::new(repo);
    for info in walk.take(MAX_COPIES) {
        let Ok(info) = info else { break };
        let facts = commits::read_commit(repo, info.id)?;
        let mut said = commits::message_candidates(&facts, &settings);
        if settings.comments {
            said.extend(commits::comment_candidates(repo, &facts, &scope).unwrap_or_default());
        }
        if let Some(router) = router.as_mut()
            && !said.is_empty()
            && router.whose(repo, &facts, project)? != Whose::Here
        {
            continue;
        }
        for candidate in said {
            // The walk is newest first: the oldest copy is the one that first said it.
            kept.insert(dedupe::key(&candidate.text), facts.short());
        }
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_are_resets_rebases_and_amends() {
        for what in [
            "reset: moving to HEAD~2",
            "rebase (start): checkout main",
            "rebase -i (start): checkout HEAD~3",
            "pull --rebase (start): checkout 1a2b3c4",
            "commit (amend): fix typo",
            "checkout: moving from 342941cd1958906debfde95dcbeaa2eab14b1e6f to main",
        ] {
            assert!(is_rewrite(what), "{what}");
        }
        for what in [
            "commit: add login",
            "checkout: moving from main to feature",
            "checkout: moving from main to HEAD",
            "merge feature: Fast-forward",
            "cherry-pick: add login",
            "commit (merge): Merge branch 'x'",
            "rebase -i (pick): add login",
            "rebase -i (finish): returning to refs/heads/main",
            "rebase (abort): returning to refs/heads/main",
        ] {
            assert!(!is_rewrite(what), "{what}");
        }
    }

    #[test]
    fn store_commits_are_keyed_by_their_first_seven_digits() {
        let store = "## 2026-01-14\n\ndecided: a (commit 1a2b3c4)\nlearned: b (src/a.rs:2, commit 1a2b3c4d5)\n- not harvested\n";
        let named = store_commits(store);
        assert_eq!(
            named.get("1a2b3c4"),
            Some(&vec!["1a2b3c4".to_string(), "1a2b3c4d5".to_string()])
        );
        assert_eq!(named.len(), 1);
    }
}
