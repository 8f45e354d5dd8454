//! `mind diff [BASE]`: what a branch taught, from MEMORY.md at the base against the working
//! tree, the named memories, and the messages of the branch's commits.

use crate::common;

use std::path::{Path, PathBuf};

use common::User;
use serde_json::Value;

const BASE_MEMORY: &str = "# Memory\n\n## 2026-01-01\n\ndecided: use REST for the API\nlearned: the CI runners have 2 cores\n";

/// A repository with `main` and a branch `feature` checked out: the branch supersedes a
/// decision, adds one, rules something out, adds a named memory, and its two commits carry
/// a learning and a fix; MEMORY.md also has an uncommitted gotcha. `main` moved on after the
/// branch started, with a memory of its own that is not the branch's.
fn feature_branch(user: &User) -> PathBuf {
    let dir = user.folder("app");
    user.git(&dir, &["init", "-q", "-b", "main"]);
    user.ok(&dir, &["init"]);
    std::fs::write(dir.join(".mind/MEMORY.md"), BASE_MEMORY).unwrap();
    user.git(&dir, &["add", "-A"]);
    user.git(&dir, &["commit", "-qm", "start"]);
    user.git(&dir, &["checkout", "-qb", "feature"]);
    std::fs::write(
        dir.join(".mind/MEMORY.md"),
        "# Memory\n\n## 2026-01-01\n\ndecided: use REST for the API [superseded]\nlearned: the CI runners have 2 cores\n\n## 2026-01-02\n\ndecided: use gRPC for the API\ndecided against: GraphQL for the API\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join(".mind/memories")).unwrap();
    std::fs::write(
        dir.join(".mind/memories/deploy.md"),
        "# Deploy\n\nBlue-green.\n",
    )
    .unwrap();
    user.git(&dir, &["add", "-A"]);
    user.git(
        &dir,
        &[
            "commit",
            "-qm",
            "switch the API to gRPC\n\nlearned: protobuf enums need a zero value",
        ],
    );
    std::fs::write(dir.join("ports.txt"), "9000\n").unwrap();
    user.git(&dir, &["add", "-A"]);
    user.git(
        &dir,
        &["commit", "-qm", "fixed: flaky port allocation in tests"],
    );
    // main moves on; its memories are not the branch's.
    user.git(&dir, &["checkout", "-q", "main"]);
    std::fs::write(dir.join("main.txt"), "x\n").unwrap();
    user.git(&dir, &["add", "main.txt"]);
    user.git(&dir, &["commit", "-qm", "decided: main-only choice"]);
    user.git(&dir, &["checkout", "-q", "feature"]);
    let mut memory = std::fs::read_to_string(dir.join(".mind/MEMORY.md")).unwrap();
    memory.push_str("gotcha: the gRPC gateway drops trailers\n");
    std::fs::write(dir.join(".mind/MEMORY.md"), memory).unwrap();
    dir
}

fn short(user: &User, dir: &Path, rev: &str) -> String {
    user.git(dir, &["rev-parse", "--short=7", rev])
        .trim()
        .to_string()
}

#[test]
fn a_feature_branch_gives_a_pull_request_description() {
    // Run the way a person does: a temp HOME, no MIND_HOME, real git.
    let user = User::new();
    let dir = feature_branch(&user);
    let base = short(&user, &dir, "feature~2");
    let learned = short(&user, &dir, "feature~1");
    let fixed = short(&user, &dir, "feature");
    let out = user.ok(&dir, &["diff"]);
    assert_eq!(
        out,
        format!(
            "## What this branch taught

Since `main` (merge base {base}), 2 commits. Includes uncommitted changes to the memory files.

### Decisions

- use gRPC for the API

### Ruled out

- GraphQL for the API

### Learned

- protobuf enums need a zero value (commit {learned})

### Fixed

- flaky port allocation in tests (commit {fixed})

### Gotchas

- the gRPC gateway drops trailers

### Superseded

- use REST for the API

### Named memories

- `deploy.md` (added)
"
        )
    );
}

#[test]
fn json_names_the_base_and_every_entry() {
    let user = User::new();
    let dir = feature_branch(&user);
    let base = user
        .git(&dir, &["rev-parse", "feature~2"])
        .trim()
        .to_string();
    let fixed = short(&user, &dir, "feature");
    let reply: Value = serde_json::from_str(&user.ok(&dir, &["diff", "--json"])).unwrap();
    assert_eq!(reply["schema_version"], 1);
    assert_eq!(reply["base"]["rev"], "main");
    assert_eq!(reply["base"]["how"], "merge-base");
    assert_eq!(reply["base"]["commit"], base.as_str());
    assert_eq!(reply["commits"], 2);
    assert_eq!(reply["uncommitted"], true);
    let entries = reply["entries"].as_array().unwrap();
    let summary: Vec<(String, String, String)> = entries
        .iter()
        .map(|e| {
            (
                e["type"].as_str().unwrap().to_string(),
                e["text"].as_str().unwrap().to_string(),
                e["source"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected = [
        ("decision", "use gRPC for the API", "MEMORY.md"),
        ("rejected", "GraphQL for the API", "MEMORY.md"),
        ("gotcha", "the gRPC gateway drops trailers", "MEMORY.md"),
        ("learning", "protobuf enums need a zero value", "commit"),
        ("progress", "flaky port allocation in tests", "commit"),
    ]
    .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()));
    assert_eq!(summary, expected);
    assert_eq!(entries[0]["line"], 10);
    assert_eq!(entries[4]["commit"], fixed.as_str());
    assert!(entries[4].get("line").is_none());
    assert_eq!(reply["superseded"][0]["text"], "use REST for the API");
    assert_eq!(reply["superseded"][0]["line"], 5);
    assert_eq!(reply["named_memories"][0]["name"], "deploy.md");
    assert_eq!(reply["named_memories"][0]["change"], "added");
}

#[test]
fn an_explicit_base_limits_the_commits_and_the_comparison() {
    let user = User::new();
    let dir = feature_branch(&user);
    // Commit everything, so the working tree is HEAD.
    user.git(&dir, &["commit", "-qam", "note the gateway"]);
    let base = short(&user, &dir, "HEAD~2");
    let fixed = short(&user, &dir, "HEAD~1");
    let out = user.ok(&dir, &["diff", "HEAD~2"]);
    assert_eq!(
        out,
        format!(
            "## What this branch taught

Since `HEAD~2` ({base}), 2 commits.

### Fixed

- flaky port allocation in tests (commit {fixed})

### Gotchas

- the gRPC gateway drops trailers
"
        )
    );
}

#[test]
fn no_new_memory_is_nothing_new() {
    let user = User::new();
    let dir = user.folder("app");
    user.git(&dir, &["init", "-q", "-b", "main"]);
    user.ok(&dir, &["init"]);
    std::fs::write(dir.join(".mind/MEMORY.md"), BASE_MEMORY).unwrap();
    user.git(&dir, &["add", "-A"]);
    user.git(&dir, &["commit", "-qm", "start"]);
    user.git(&dir, &["checkout", "-qb", "feature"]);
    std::fs::write(dir.join("a.txt"), "a\n").unwrap();
    user.git(&dir, &["add", "a.txt"]);
    user.git(&dir, &["commit", "-qm", "plain work"]);
    let base = short(&user, &dir, "main");
    let out = user.mind(&dir, &["diff"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("nothing new since `main` (merge base {base})")),
        "{err}"
    );
}

#[test]
fn master_is_the_default_branch_when_there_is_no_main() {
    let user = User::new();
    let dir = user.folder("app");
    user.git(&dir, &["init", "-q", "-b", "master"]);
    user.ok(&dir, &["init"]);
    user.git(&dir, &["add", "-A"]);
    user.git(&dir, &["commit", "-qm", "start"]);
    user.git(&dir, &["checkout", "-qb", "topic"]);
    user.git(
        &dir,
        &[
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            "decided: keep it small",
        ],
    );
    let out = user.ok(&dir, &["diff"]);
    assert!(out.contains("Since `master` (merge base "), "{out}");
    assert!(
        out.contains("### Decisions\n\n- keep it small (commit "),
        "{out}"
    );
}

#[test]
fn outside_git_or_with_an_unknown_base_is_an_error() {
    let user = User::new();
    let plain = user.folder("plain");
    user.ok(&plain, &["init"]);
    let out = user.mind(&plain, &["diff"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not in a git repository"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let dir = feature_branch(&user);
    let out = user
        .mind(&dir, &["diff", "no-such-branch"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown base \"no-such-branch\""), "{err}");
}
