//! A rebase or a reset that leaves commits on no branch takes their memories out of the
//! commit store at the next recall (or harvest): a dropped fix no longer closes its
//! problem, a decision from a thrown-away attempt no longer reads as current, and a
//! rebased commit's lines stay under the new commit's id. Run as a person runs it: temp
//! HOME, no MIND_* variables but the clock, real git with the hooks installed.

use std::path::Path;

use crate::common::User;

fn store(project: &Path) -> String {
    std::fs::read_to_string(project.join(".mind/cache/commits.md")).unwrap_or_default()
}

fn short_head(user: &User, project: &Path) -> String {
    user.git(project, &["rev-parse", "--short=7", "HEAD"])
        .trim()
        .to_string()
}

/// The Open Loops section of the block recall printed.
fn open_loops(block: &str) -> String {
    crate::common::block_section(block, "Open Loops").join("\n")
}

#[test]
fn a_fix_dropped_by_a_rebase_no_longer_closes_its_problem() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    user.commit_file(&project, "README", "app\n", "Start");
    user.commit_file(
        &project,
        "proxy.rs",
        "retry\n",
        "Login retries\n\nproblem: login times out behind the corporate proxy",
    );
    user.commit_file(
        &project,
        "proxy.rs",
        "honour\n",
        "Proxy\n\nfixed: login times out behind the corporate proxy by honouring HTTPS_PROXY",
    );
    user.commit_file(
        &project,
        "cache.rs",
        "redis\n",
        "Cache\n\ndecided: cache sessions in Redis because restarts lose them",
    );
    let block = user.ok(&project, &["recall"]);
    assert!(!open_loops(&block).contains("corporate proxy"), "{block}");

    // Drop the fix; the decision's commit is replayed under a new id.
    let out = user
        .command("git", &project)
        .env("GIT_SEQUENCE_EDITOR", "sed -i -e '/ Proxy$/s/^pick/drop/'")
        .args(["rebase", "-q", "-i", "HEAD~2"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let replayed = short_head(&user, &project);
    assert!(
        store(&project).contains("HTTPS_PROXY"),
        "nothing happens before a recall"
    );

    let out = user.mind(&project, &["recall"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "mind: 1 memory of commits no longer on any branch (a rebase or a reset) left the commit store"
        ),
        "{stderr}"
    );
    let block = String::from_utf8_lossy(&out.stdout);
    assert!(
        open_loops(&block).contains("login times out behind the corporate proxy"),
        "{block}"
    );
    let now = store(&project);
    assert!(!now.contains("HTTPS_PROXY"), "{now}");
    assert!(
        now.contains(&format!(
            "decided: cache sessions in Redis because restarts lose them (commit {replayed})"
        )),
        "{now}"
    );
    assert_eq!(now.matches("cache sessions in Redis").count(), 1, "{now}");

    // Its new id is the one a revert names: the decision goes with the revert.
    user.git(&project, &["revert", "--no-edit", "HEAD"]);
    assert!(!store(&project).contains("Redis"), "{}", store(&project));

    // A second recall finds nothing more to do and says nothing about it.
    let out = user.mind(&project, &["recall"]).output().unwrap();
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("no longer on any branch"),
        "{out:?}"
    );
}

#[test]
fn a_reset_throws_away_what_only_its_commits_said_and_branches_keep_theirs() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    user.commit_file(&project, "README", "app\n", "Start");
    user.ok(&project, &["recall"]);
    user.commit_file(
        &project,
        "a.rs",
        "a\n",
        "Attempt\n\ndecided: shard the jobs table by tenant",
    );
    user.commit_file(
        &project,
        "b.rs",
        "b\n",
        "Kept elsewhere\n\nlearned: the jobs table needs a vacuum after bulk deletes",
    );
    // The second commit is kept on a branch; the first is only on main, under it.
    user.git(&project, &["branch", "keep"]);
    user.git(&project, &["reset", "-q", "--hard", "HEAD~2"]);

    let out = user
        .mind(&project, &["harvest", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let reply: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Both commits are still on `keep`: nothing leaves.
    assert!(reply.get("withdrawn").is_none(), "{reply}");
    let now = store(&project);
    assert!(now.contains("shard the jobs table by tenant"), "{now}");

    // On `keep`, the last commit is thrown away: its lesson goes, the decision under it stays.
    user.git(&project, &["checkout", "-q", "keep"]);
    user.git(&project, &["reset", "-q", "--hard", "HEAD~1"]);
    let out = user
        .mind(&project, &["harvest", "--json"])
        .output()
        .unwrap();
    let reply: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reply["withdrawn"]["removed"], 1, "{reply}");
    let now = store(&project);
    assert!(!now.contains("vacuum"), "{now}");
    assert!(now.contains("shard the jobs table by tenant"), "{now}");
    let out = user.mind(&project, &["harvest"]).output().unwrap();
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("took out"),
        "{out:?}"
    );
    let block = user.ok(&project, &["recall"]);
    assert!(!block.contains("vacuum"), "{block}");
}

#[test]
fn a_rebase_stopped_on_a_conflict_is_left_alone_until_it_ends() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    user.commit_file(&project, "README", "app\n", "Start");
    let base = user.git(&project, &["branch", "--show-current"]);
    let base = base.trim();
    user.git(&project, &["checkout", "-q", "-b", "feature"]);
    user.commit_file(
        &project,
        "config.toml",
        "timeout = 30\n",
        "Timeout\n\ndecided: raise the request timeout to 30 seconds",
    );
    user.git(&project, &["checkout", "-q", base]);
    user.commit_file(&project, "config.toml", "timeout = 5\n", "Main timeout");
    user.git(&project, &["checkout", "-q", "feature"]);
    let out = user
        .command("git", &project)
        .args(["rebase", "-q", base])
        .output()
        .unwrap();
    assert!(!out.status.success(), "the rebase stops on the conflict");
    user.ok(&project, &["recall"]);
    assert!(
        store(&project).contains("raise the request timeout to 30 seconds"),
        "{}",
        store(&project)
    );

    std::fs::write(project.join("config.toml"), "timeout = 30\n").unwrap();
    user.git(&project, &["add", "config.toml"]);
    let out = user
        .command("git", &project)
        .env("GIT_EDITOR", "true")
        .args(["rebase", "--continue"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let rebased = short_head(&user, &project);
    user.ok(&project, &["recall"]);
    let now = store(&project);
    assert!(
        now.contains(&format!(
            "decided: raise the request timeout to 30 seconds (commit {rebased})"
        )),
        "{now}"
    );
    assert_eq!(now.matches("request timeout").count(), 1, "{now}");
}

#[test]
fn commits_left_behind_on_a_detached_head_go_when_it_is_left() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    user.commit_file(&project, "README", "app\n", "Start");
    let base = user.git(&project, &["branch", "--show-current"]);
    user.git(&project, &["checkout", "-q", "--detach"]);
    user.commit_file(
        &project,
        "try.rs",
        "x\n",
        "Experiment\n\ndecided: drop the ORM for raw SQL",
    );
    assert!(store(&project).contains("drop the ORM"));
    user.git(&project, &["checkout", "-q", base.trim()]);
    let out = user.mind(&project, &["recall"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(
        !store(&project).contains("drop the ORM"),
        "{}",
        store(&project)
    );
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("drop the ORM"),
        "{out:?}"
    );
}
