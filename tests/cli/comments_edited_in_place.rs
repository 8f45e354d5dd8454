//! A `MEMORY:` comment edited where it stands replaces the memory it gave: the old one is
//! marked superseded, never shown as current beside the new one; a comment still in its
//! file word for word stays current however the rest of the file changes.

use std::fs;

use crate::common::{User, block_section};

fn commit(user: &User, dir: &std::path::Path, message: &str) {
    user.git(dir, &["add", "-A"]);
    user.git(dir, &["commit", "-q", "-m", message]);
}

/// stdout and stderr of `mind ARGS`, which must succeed.
fn all_output(user: &User, dir: &std::path::Path, args: &[&str]) -> String {
    let out = user.mind(dir, args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn an_edited_comment_supersedes_its_memory_and_the_unchanged_ones_stay_current() {
    let mut user = User::new();
    let project = user.project("work/auth", &["init"]);
    let other = user.project("work/web", &["init"]);
    let other_memory = fs::read(other.join(".mind/MEMORY.md")).unwrap();
    user.at("2026-03-02T09:00:00Z");
    fs::write(
        project.join("auth.rs"),
        "// MEMORY: decided: tokens live 15 minutes because refresh is cheap\nfn a() {}\n\
         // MEMORY: gotcha: never log the raw Authorization header\n",
    )
    .unwrap();
    user.ok(&project, &["checkpoint"]);
    commit(&user, &project, "one");

    user.at("2026-03-23T09:00:00Z");
    fs::write(
        project.join("auth.rs"),
        "// MEMORY: decided: tokens live 5 minutes because the security review said so\n\
         fn a() {}\nfn b() {}\n// MEMORY: gotcha: never log the raw Authorization header\n",
    )
    .unwrap();
    let dry = user.ok(&project, &["checkpoint", "--dry-run"]);
    assert!(
        dry.contains(
            "  ~ would mark MEMORY.md:29 [superseded] (its comment now says otherwise): \
             decided: tokens live 15 minutes because refresh is cheap (auth.rs:1)\n"
        ),
        "{dry}"
    );
    let out = user.ok(&project, &["checkpoint", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["superseded"][0]["line"], 29, "{v:#}");
    commit(&user, &project, "two");
    let memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains(
            "\n[superseded] decided: tokens live 15 minutes because refresh is cheap (auth.rs:1)\n"
        ),
        "{memory}"
    );
    let block = user.ok(&project, &["recall"]);
    assert_eq!(
        block_section(&block, "Recent Decisions"),
        ["- “tokens live 5 minutes because the security review said so” (auth.rs:1) (2026-03-23)"]
    );
    // The gotcha's comment moved down a line but says what it said: not stale.
    assert_eq!(
        block_section(&block, "Gotchas"),
        ["- “never log the raw Authorization header” (auth.rs:3)"]
    );
    let stale = all_output(&user, &project, &["status", "--stale"]);
    assert!(stale.contains("no stale entries"), "{stale}");
    // A comment removed is stale: its file changed after it and no longer holds it.
    user.at("2026-04-02T09:00:00Z");
    fs::write(project.join("auth.rs"), "fn a() {}\n").unwrap();
    commit(&user, &project, "three");
    let stale = all_output(&user, &project, &["status", "--stale"]);
    assert!(
        stale.contains("never log the raw Authorization header"),
        "{stale}"
    );
    assert_eq!(
        fs::read(other.join(".mind/MEMORY.md")).unwrap(),
        other_memory
    );
}

#[test]
fn a_line_logged_by_hand_that_cites_the_place_is_never_superseded() {
    let mut user = User::new();
    let project = user.project("svc", &["init"]);
    user.at("2026-03-02T09:00:00Z");
    fs::create_dir_all(project.join("src")).unwrap();
    fs::write(project.join("src/auth.rs"), "fn a() {}\nfn b() {}\n").unwrap();
    user.ok(
        &project,
        &[
            "log",
            "decision",
            "keep sessions server-side (src/auth.rs:2)",
        ],
    );
    user.at("2026-03-03T09:00:00Z");
    fs::write(
        project.join("src/auth.rs"),
        "fn a() {}\n// MEMORY: decided: refresh tokens rotate on every use\n",
    )
    .unwrap();
    let out = user.ok(&project, &["checkpoint"]);
    assert!(!out.contains("superseded"), "{out}");
    let memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains("\ndecided: keep sessions server-side (src/auth.rs:2)\n"),
        "{memory}"
    );
}

#[test]
fn a_comment_edited_and_committed_the_same_day_replaces_what_the_hook_kept() {
    let mut user = User::new();
    let project = user.project("work/auth", &["init", "--hooks"]);
    user.at("2026-03-02T09:00:00Z");
    user.commit_file(
        &project,
        "auth.rs",
        "// MEMORY: decided: tokens live 15 minutes because refresh is cheap\nfn a() {}\n\
         // MEMORY: gotcha: never log the raw Authorization header\n",
        "auth",
    );
    user.at("2026-03-02T11:00:00Z");
    user.commit_file(
        &project,
        "auth.rs",
        "// MEMORY: decided: tokens live 5 minutes because the security review said so\n\
         fn a() {}\n// MEMORY: gotcha: never log the raw Authorization header\n",
        "shorter tokens",
    );
    let store = fs::read_to_string(project.join(".mind/cache/commits.md")).unwrap();
    let lines: Vec<&str> = store.lines().filter(|l| l.contains("(auth.rs:")).collect();
    assert_eq!(lines.len(), 3, "{store}");
    assert!(
        lines[0].starts_with(
            "[superseded] decided: tokens live 15 minutes because refresh is cheap (auth.rs:1, commit "
        ),
        "{store}"
    );
    assert!(
        lines[1].starts_with("gotcha: never log the raw Authorization header (auth.rs:3, commit "),
        "{store}"
    );
    let block = user.ok(&project, &["recall"]);
    let decisions = block_section(&block, "Recent Decisions");
    assert_eq!(decisions.len(), 1, "{block}");
    assert!(decisions[0].contains("tokens live 5 minutes"), "{block}");
    assert!(!block.contains("15 minutes"), "{block}");
}
