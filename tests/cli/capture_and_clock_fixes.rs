//! Capture and clock rules met over a project's life: a nested repository's comments, a fix
//! committed again for a problem that came back, the retry window on mind's clock, WHEN
//! phrases with an impossible time, and a bare repository.

use crate::common;

use std::fs;
use std::path::Path;

use common::User;
use serde_json::Value;

fn json(out: &str) -> Value {
    serde_json::from_str(out).expect("json output")
}

/// The typed lines of a memory file (MEMORY.md or the commit store) after its template or
/// header: every line that is not blank, a heading, a comment or the template's rule.
fn entries(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap_or_default();
    let body = match text.rsplit_once("-->\n") {
        Some((_, after)) => after,
        None => &text,
    };
    body.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#') && *l != "---")
        .map(str::to_string)
        .collect()
}

fn store(project: &Path) -> Vec<String> {
    entries(&project.join(".mind/cache/commits.md"))
}

/// The section `## NAME` of what `mind recall` prints.
fn recalled(user: &User, project: &Path, name: &str) -> Vec<String> {
    common::block_section(&user.ok(project, &["recall"]), name)
}

#[test]
fn checkpoint_skips_a_nested_repository_but_reads_a_submodule() {
    let user = User::new();
    let project = user.project("app", &["init", "-q"]);
    fs::write(project.join("main.rs"), "// MEMORY: decided: keep TLS on\n").unwrap();

    // A scratch clone of someone else's code: a repository of its own, as `.git` says.
    let scratch = project.join("scratch/upstream");
    fs::create_dir_all(&scratch).unwrap();
    user.git(&scratch, &["init", "-q"]);
    fs::write(
        scratch.join("n.rs"),
        "// MEMORY: decided: drop TLS verification to speed up the demo\n",
    )
    .unwrap();
    // A `.git` file (a linked worktree, a separated git dir) marks one just the same.
    let linked = project.join("tools/linked");
    fs::create_dir_all(&linked).unwrap();
    fs::write(
        linked.join(".git"),
        "gitdir: /nowhere/.git/worktrees/linked\n",
    )
    .unwrap();
    fs::write(
        linked.join("x.py"),
        "# MEMORY: learned: not this project's\n",
    )
    .unwrap();

    // A real submodule is part of the work tree: its comments are the project's.
    let lib = user.folder("lib");
    user.git(&lib, &["init", "-q"]);
    fs::write(
        lib.join("lib.rs"),
        "// MEMORY: gotcha: f is not reentrant\n",
    )
    .unwrap();
    user.git(&lib, &["add", "-A"]);
    user.git(&lib, &["commit", "-qm", "lib"]);
    user.git(
        &project,
        &[
            "-c",
            "protocol.file.allow=always",
            "submodule",
            "add",
            "-q",
            lib.to_str().unwrap(),
            "vendor/lib",
        ],
    );

    let out = json(&user.ok(&project, &["checkpoint", "--json"]));
    assert_eq!(out["comments"], 2, "{out}");
    let memory = entries(&project.join(".mind/MEMORY.md"));
    assert_eq!(
        memory,
        vec![
            "decided: keep TLS on (main.rs:1)",
            "gotcha: f is not reentrant (vendor/lib/lib.rs:1)",
        ]
    );
    // The nested repository is still a place of its own.
    user.mind(&scratch, &["status"]).assert().code(1);
}

#[test]
fn a_fix_committed_again_for_a_problem_that_came_back_is_kept_and_closes_it() {
    let mut user = User::new();
    user.at("2026-03-02T09:00:00Z");
    let project = user.project("app", &["init", "-q", "--hooks"]);
    user.ok(&project, &["log", "problem", "signup fails on Safari"]);
    user.at("2026-03-02T10:00:00Z");
    let fix = "fixed: signup fails on Safari - retry with backoff";
    user.commit_file(&project, "a", "1", fix);
    let march = user.git(&project, &["rev-parse", "--short=7", "HEAD"]);

    // Three months later the problem is back, and the same fix goes in again.
    user.at("2026-06-10T09:00:00Z");
    user.ok(&project, &["recall"]);
    user.ok(
        &project,
        &["log", "decision", "keep Safari in the browser matrix"],
    );
    user.ok(&project, &["log", "problem", "signup fails on Safari"]);
    user.at("2026-06-10T10:00:00Z");
    user.commit_file(&project, "a", "2", fix);
    let june = user.git(&project, &["rev-parse", "--short=7", "HEAD"]);
    let both = vec![
        format!("{fix} (commit {})", march.trim()),
        format!("{fix} (commit {})", june.trim()),
    ];
    assert_eq!(store(&project), both);
    user.at("2026-06-11T09:00:00Z");
    assert_eq!(
        recalled(&user, &project, "Open Loops"),
        Vec::<String>::new()
    );

    // Said a third time with no problem left open, it is a copy again ("never twice").
    user.commit_file(&project, "a", "3", fix);
    assert_eq!(store(&project), both);

    // A new clone's harvest keeps the same two, and a second harvest adds nothing.
    fs::remove_dir_all(project.join(".mind/cache")).unwrap();
    let out = json(&user.ok(&project, &["harvest", "--json"]));
    assert_eq!(
        (
            out["added"].as_array().unwrap().len(),
            &out["already_known"]
        ),
        (2, &1.into())
    );
    assert_eq!(store(&project), both);
    let out = json(&user.ok(&project, &["harvest", "--json"]));
    assert_eq!(
        (
            out["added"].as_array().unwrap().len(),
            &out["already_known"]
        ),
        (0, &3.into())
    );

    // Moved into MEMORY.md, both go, and the problem stays closed.
    user.ok(&project, &["harvest", "--to-memory"]);
    let memory = entries(&project.join(".mind/MEMORY.md"));
    assert_eq!(memory[memory.len() - 2..], both[..]);
    assert_eq!(
        recalled(&user, &project, "Open Loops"),
        Vec::<String>::new()
    );
}

#[test]
fn the_retry_window_of_mind_log_runs_on_minds_clock() {
    let mut user = User::new();
    user.at("2026-03-02T09:00:00Z");
    let project = user.project("app", &["init", "-q"]);
    let memory = project.join(".mind/MEMORY.md");
    let session = project.join(".mind/SESSION.md");
    let logged = |user: &User, kind: &str, text: &str| -> String {
        user.ok(&project, &["log", kind, text])
            .lines()
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        logged(&user, "problem", "signup fails on Safari"),
        "logged problem to .mind/MEMORY.md:26"
    );
    // Five minutes later by mind's clock: a retry, whatever the system clock says.
    user.at("2026-03-02T09:05:00Z");
    assert_eq!(
        logged(&user, "problem", "signup fails on Safari"),
        "already logged problem to .mind/MEMORY.md:26"
    );
    // Months later by mind's clock (a moment later by the system's): a new entry.
    user.at("2026-06-10T09:00:00Z");
    assert!(logged(&user, "problem", "signup fails on Safari").starts_with("logged problem"));
    // Eleven minutes after that: past the window, so written again, as the same words
    // would be by a person who comes back to them.
    user.at("2026-06-10T09:11:00Z");
    assert!(logged(&user, "problem", "signup fails on Safari").starts_with("logged problem"));
    assert_eq!(
        entries(&memory),
        vec![
            "problem: signup fails on Safari",
            "problem: signup fails on Safari",
            "problem: signup fails on Safari",
        ]
    );
    let headings: Vec<String> = fs::read_to_string(&memory)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("## 2026"))
        .map(str::to_string)
        .collect();
    assert_eq!(headings, vec!["## 2026-03-02", "## 2026-06-10"]);

    // SESSION.md's items: the same window on the same clock.
    assert!(logged(&user, "blocker", "CI is red").starts_with("logged blocker"));
    user.at("2026-06-10T09:20:00Z");
    assert!(logged(&user, "blocker", "CI is red").starts_with("already logged blocker"));
    user.at("2026-06-10T09:30:00Z");
    assert!(logged(&user, "blocker", "CI is red").starts_with("logged blocker"));
    let text = fs::read_to_string(&session).unwrap();
    assert_eq!(text.matches("- CI is red").count(), 2, "{text}");
}

#[test]
fn a_day_followed_by_an_impossible_time_is_refused_and_nothing_written() {
    let mut user = User::new();
    user.at("2026-12-04T22:30:00Z");
    let project = user.project("app", &["init", "-q"]);
    let reminders = project.join(".mind/REMINDERS.md");
    let before = fs::read(&reminders).unwrap_or_default();
    for when in [
        "tomorrow 25:00",
        "tomorrow 13pm",
        "tomorrow 99:99",
        "tomorrow 19:300",
        "tomorrow at 8",
        "today 25:00",
        "day after tomorrow 24:00",
        "friday 25:00",
        "next friday 13pm",
        "Dec 20 99:99",
        "2026-12-24 29:30",
    ] {
        let out = user
            .mind(&project, &["remind", "msg", when])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{when}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!(
                "mind: error: unknown WHEN: cannot read {when:?} as a time"
            )) && stderr.contains("nothing written"),
            "{when}: {stderr}"
        );
        assert_eq!(fs::read(&reminders).unwrap_or_default(), before, "{when}");
    }
    // A time that is one still sets it.
    let out = user.ok(&project, &["remind", "msg", "tomorrow 19:30"]);
    assert!(
        out.starts_with("reminder 1: msg (due Sat 2026-12-05 19:30)"),
        "{out}"
    );
}

/// Every file under `dir` with its bytes, sorted by path.
fn tree(dir: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push((path.clone(), fs::read(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn init_in_a_bare_repository_is_refused_and_writes_nothing() {
    let user = User::new();
    let source = user.folder("src");
    user.git(&source, &["init", "-q"]);
    fs::write(source.join("a"), "a\n").unwrap();
    user.git(&source, &["add", "a"]);
    user.git(&source, &["commit", "-qm", "init"]);
    user.git(
        user.home(),
        &[
            "clone",
            "-q",
            "--bare",
            source.to_str().unwrap(),
            "bare.git",
        ],
    );
    let bare = user.home().join("bare.git");
    let before = tree(user.home());
    let refused = format!(
        "{} is a bare git repository: it has no work tree, so there are no files to remember \
         and no commit runs its hooks; nothing written",
        fs::canonicalize(&bare).unwrap().display()
    );
    for args in [&["init"][..], &["init", "--hooks"], &["init", "--json"]] {
        let out = user.mind(&bare, args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let message = if args.contains(&"--json") {
            json(&stderr)["error"]["message"]
                .as_str()
                .unwrap()
                .to_string()
        } else {
            stderr.lines().next().unwrap().to_string()
        };
        assert_eq!(
            message.trim_start_matches("mind: error: "),
            refused,
            "{args:?}"
        );
        // Nothing anywhere: no .mind/, no CLAUDE.md, no hooks, no registry entry.
        assert_eq!(tree(user.home()), before, "{args:?}");
    }
    // Named from outside, and a new folder inside the git directory of a clone: the same.
    user.mind(user.home(), &["init", "bare.git"])
        .assert()
        .code(1);
    user.mind(&source, &["init", ".git/notes"]).assert().code(1);
    assert_eq!(tree(user.home()), before);
    // A clone with a work tree is where it goes.
    user.ok(&source, &["init", "-q"]);
    assert!(source.join(".mind/MEMORY.md").is_file());
}
