//! What search, status and doctor say about the model and about the lines found: a model
//! damaged or cut short after its install is named by all three (and vectors made before a
//! reinstall are never reused), damage among the half-precision weights is found, fixed
//! problems and same-named projects are told apart in results, a Python Mind SESSION.md's
//! notes are found, counts refuse what they cannot mean, and every command's help ends
//! with examples.

use crate::common;

use std::path::Path;

use common::{Env, User};
use predicates::prelude::*;
use serde_json::Value;

fn json(out: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

// ---------------------------------------------------------------------------------------
// The model: damaged after its install, reinstalled, its half-precision copy damaged.

#[cfg(feature = "semantic")]
mod model {
    use super::*;
    use std::path::PathBuf;

    const MODEL_DIR: &str = ".local/share/mind/models/all-MiniLM-L6-v2";

    /// A user's project with two memories and the tiny model installed from a folder of
    /// their own; the installed model's folder.
    fn project_with_model(user: &User) -> (PathBuf, PathBuf, PathBuf) {
        let project = user.project("code/app", &["init"]);
        let src = user.folder("downloads/tiny");
        mind::embed::tiny::write_tiny_model(&src);
        user.ok(
            &project,
            &["model", "install", "--from", src.to_str().unwrap()],
        );
        user.ok(
            &project,
            &["log", "decided: the container scheduler runs pods"],
        );
        user.ok(
            &project,
            &["log", "learned: login timeout tests need the cache"],
        );
        (project, src, user.home().join(MODEL_DIR))
    }

    fn search(user: &User, project: &Path) -> Value {
        json(&user.ok(project, &["search", "kubernetes pods", "--json"]))
    }

    fn set_time(path: &Path, time: std::time::SystemTime) {
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(time)
            .unwrap();
    }

    /// The damage a full disk or a broken copy leaves: cut short, or the same length with
    /// other bytes. Status, doctor and search each say so in one line with what to do;
    /// a reinstall mends it.
    #[test]
    fn a_model_damaged_after_its_install_is_named_by_status_doctor_and_search() {
        let user = User::new();
        let (project, src, installed) = project_with_model(&user);
        let weights = installed.join("model.safetensors");
        let good = std::fs::read(&weights).unwrap();

        // Working: status says hybrid, doctor says it loads.
        let status = user.ok(&project, &["status"]);
        assert!(
            status.contains("\nsearch   hybrid: lexical and semantic (all-MiniLM-L6-v2)\n"),
            "{status}"
        );
        let v = json(&user.ok(&project, &["status", "--json"]));
        assert_eq!(
            v["search"],
            serde_json::json!({"mode": "hybrid", "model": "installed"})
        );
        let doctor = user.ok(&project, &["doctor"]);
        assert!(
            doctor.contains(&format!(
                "  ok      all-MiniLM-L6-v2 at {} loads: search is hybrid\n",
                installed.display()
            )),
            "{doctor}"
        );
        let first = search(&user, &project);
        assert_eq!(first["semantic"]["embedded"], 2, "{first}");

        let cut = good.len() / 2;
        let same_length: Vec<u8> = (good.iter().enumerate())
            .map(|(i, b)| if i > good.len() / 2 { b ^ 0x5a } else { *b })
            .collect();
        for (damaged, why) in [
            (
                good[..cut].to_vec(),
                format!(
                    "model.safetensors changed since it was installed: {} bytes then, {cut} now",
                    good.len()
                ),
            ),
            (
                same_length,
                "model.safetensors changed since it was installed: the same length, other bytes"
                    .to_string(),
            ),
        ] {
            std::fs::write(&weights, &damaged).unwrap();
            let line = format!(
                "the model at {} does not load ({why}), so search is lexical; install it \
                 again: `mind model install` (or `mind model install --from PATH`) replaces \
                 the folder",
                installed.display()
            );
            let status = user.ok(&project, &["status"]);
            assert!(
                status.contains(&format!("\nsearch   lexical · {line}\n")),
                "{status}"
            );
            let v = json(&user.ok(&project, &["status", "--json"]));
            assert_eq!(v["search"]["mode"], "lexical");
            assert_eq!(v["search"]["model"], "does not load");
            assert_eq!(v["search"]["hint"], line.as_str());
            // Doctor: a problem (exit 1), the same line.
            user.mind(&project, &["doctor"])
                .assert()
                .code(1)
                .stdout(predicate::str::contains(format!("  problem {line}\n")));
            // Search: lexical, with the line on stderr and in the JSON.
            let out = user
                .mind(&project, &["search", "kubernetes pods", "--json"])
                .output()
                .unwrap();
            assert!(out.status.success());
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!("mind: {line}\n")
            );
            let v = json(&String::from_utf8_lossy(&out.stdout));
            assert!(v.get("semantic").is_none(), "{v}");
            assert_eq!(v["model_problem"], line.as_str());
            assert!(!v["results"].as_array().unwrap().is_empty(), "{v}");
        }

        // A file gone: the folder lacks it, which is not "never installed".
        std::fs::write(&weights, &good).unwrap();
        std::fs::remove_file(installed.join("tokenizer.json")).unwrap();
        let status = user.ok(&project, &["status"]);
        assert!(
            status.contains(&format!(
                "\nsearch   lexical · the model at {} lacks tokenizer.json, so search is lexical;",
                installed.display()
            )),
            "{status}"
        );
        assert!(!status.contains("semantic search is off"), "{status}");
        let v = json(&user.ok(&project, &["status", "--json"]));
        assert_eq!(v["search"]["model"], "incomplete");
        user.mind(&project, &["doctor"]).assert().code(1);

        // The install mends it: hybrid again, doctor healthy.
        user.ok(
            &project,
            &["model", "install", "--from", src.to_str().unwrap()],
        );
        let v = json(&user.ok(&project, &["status", "--json"]));
        assert_eq!(v["search"]["mode"], "hybrid");
        user.mind(&project, &["doctor"]).assert().success();
        let again = search(&user, &project);
        assert_eq!(again["results"], first["results"]);
        assert!(again.get("model_problem").is_none());
    }

    /// Vectors are tied to the model's files as they were when they were made: after a
    /// reinstall (the repair of a model that went bad, even one whose damage no length or
    /// time showed) every line is embedded again, none taken from the old vectors.
    #[test]
    fn vectors_made_before_a_reinstall_are_never_reused() {
        let user = User::new();
        let (project, src, installed) = project_with_model(&user);
        let weights = installed.join("model.safetensors");
        let first = search(&user, &project);
        assert_eq!(first["semantic"]["embedded"], 2, "{first}");
        assert_eq!(search(&user, &project)["semantic"]["cached"], 2);

        // Damage that keeps the length and the time (as bad storage can): not seen, and
        // the vectors made now are kept in the cache.
        let time = std::fs::metadata(&weights).unwrap().modified().unwrap();
        let mut bytes = std::fs::read(&weights).unwrap();
        let at = bytes.len() - 64;
        for b in &mut bytes[at..] {
            *b = 0;
        }
        std::fs::write(&weights, &bytes).unwrap();
        set_time(&weights, time);
        std::fs::remove_file(project.join(".mind/cache/vectors.bin")).unwrap();
        let damaged = search(&user, &project);
        assert_eq!(damaged["semantic"]["embedded"], 2, "{damaged}");

        // The reinstall: nothing of the old vectors is used.
        user.ok(
            &project,
            &["model", "install", "--from", src.to_str().unwrap()],
        );
        let repaired = search(&user, &project);
        assert_eq!(repaired["semantic"]["embedded"], 2, "{repaired}");
        assert_eq!(repaired["semantic"]["cached"], 0, "{repaired}");
        assert_eq!(repaired["results"], first["results"]);
        assert_eq!(search(&user, &project)["semantic"]["cached"], 2);
    }

    /// `weights-f16.bin`: a byte changed among its halves (its header intact) is found
    /// and the file derived again; a file only touched is used as it is and given its
    /// time back.
    #[test]
    fn damage_among_the_half_precision_weights_is_found_and_derived_again() {
        let user = User::new();
        let (project, _src, installed) = project_with_model(&user);
        let half = installed.join("weights-f16.bin");
        let source_time = std::fs::metadata(installed.join("model.safetensors"))
            .unwrap()
            .modified()
            .unwrap();
        let kept = std::fs::read(&half).unwrap();
        let first = search(&user, &project);

        let mut damaged = kept.clone();
        let at = kept.len() * 2 / 3;
        damaged[at] ^= 0x7c;
        damaged[at + 1] ^= 0x13;
        std::fs::write(&half, &damaged).unwrap();
        std::fs::remove_file(project.join(".mind/cache/vectors.bin")).unwrap();
        let again = search(&user, &project);
        assert_eq!(again["results"], first["results"]);
        assert!(std::fs::read(&half).unwrap() == kept, "derived again");
        assert_eq!(
            std::fs::metadata(&half).unwrap().modified().unwrap(),
            source_time,
            "the derived file has the time of the file it was made from"
        );

        // Touched only (copied back with a new time): the same bytes, its time put back.
        set_time(
            &half,
            std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_600_000_000),
        );
        assert_eq!(search(&user, &project)["results"], first["results"]);
        assert!(std::fs::read(&half).unwrap() == kept);
        assert_eq!(
            std::fs::metadata(&half).unwrap().modified().unwrap(),
            source_time
        );
    }

    /// Where stderr is a pipe (an agent), a long first build is announced; it says
    /// whether the vectors can be kept, and no rate that depends on the machine.
    #[test]
    fn the_embedding_note_says_whether_the_vectors_can_be_kept() {
        let user = User::new();
        let (project, _src, _installed) = project_with_model(&user);
        let mut memory = String::from("# demo\n\n## Session Log\n\n## 2026-01-05\n\n");
        for i in 0..200 {
            memory.push_str(&format!(
                "decided: use queue worker {i} for the nightly export\n"
            ));
        }
        std::fs::write(project.join(".mind/MEMORY.md"), &memory).unwrap();
        let cache = project.join(".mind/cache");
        let _ = std::fs::remove_dir_all(&cache);
        std::fs::write(&cache, "not a folder").unwrap();
        for _ in 0..2 {
            user.mind(&project, &["search", "nightly export"])
                .assert()
                .success()
                .stderr(
                    "mind: embedding 200 new lines for semantic search; .mind/cache cannot be \
                     written, so every search embeds them again (see `mind doctor`)\n",
                );
        }
        std::fs::remove_file(&cache).unwrap();
        user.mind(&project, &["search", "nightly export"])
            .assert()
            .success()
            .stderr(
                "mind: embedding 200 new lines for semantic search; their vectors are kept, so \
                 later searches embed only new lines\n",
            );
        user.mind(&project, &["search", "nightly export"])
            .assert()
            .success()
            .stderr("");
    }
}

// ---------------------------------------------------------------------------------------
// Problems a later entry fixed.

/// `mind search` marks a problem that a later entry fixed, as Open Loops and `mind status`
/// judge it, whether or not the fix is among the results; an open problem has no mark.
#[test]
fn a_fixed_problem_is_marked_as_fixed_in_search_results() {
    let mut env = Env::initialised();
    env.at("2026-09-01T10:00:00Z").ok(&[
        "log",
        "problem",
        "checkout page hangs when the payment provider times out",
    ]);
    env.ok(&["log", "problem", "checkout button is grey on Safari"]);
    env.at("2026-09-03T10:00:00Z").ok(&[
        "log",
        "progress",
        "checkout no longer hangs: payment provider calls have a 10s timeout",
    ]);
    env.at("2026-09-04T10:00:00Z");
    assert!(env.ok(&["status"]).contains("2 problems (1 open)"));
    let memory = env.read(".mind/MEMORY.md");
    let line_of = |text: &str| memory.lines().position(|l| l.contains(text)).unwrap() + 1;
    let (hangs, grey, fix) = (
        line_of("checkout page hangs"),
        line_of("checkout button is grey"),
        line_of("checkout no longer hangs"),
    );
    let out = env.ok(&["search", "checkout hangs", "--type", "problem"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with(&format!(
            " 1. problem    2026-09-01  .mind/MEMORY.md:{hangs}  "
        )),
        "{out}"
    );
    assert_eq!(
        lines[1],
        format!(
            "    problem: checkout page hangs when the payment provider times out \
             [fixed by .mind/MEMORY.md:{fix}]"
        )
    );
    assert!(
        lines[2].starts_with(&format!(
            " 2. problem    2026-09-01  .mind/MEMORY.md:{grey}  "
        )),
        "{out}"
    );
    assert_eq!(lines[3], "    problem: checkout button is grey on Safari");
    let v = json(&env.ok(&["search", "checkout hangs", "-n", "1", "--json"]));
    assert_eq!(v["results"][0]["line"], hangs);
    assert_eq!(
        v["results"][0]["fixed_by"],
        format!(".mind/MEMORY.md:{fix}").as_str()
    );
    let v = json(&env.ok(&["search", "Safari", "--json"]));
    assert!(v["results"][0].get("fixed_by").is_none(), "{v}");
}

/// A memory large enough to have a parse cache: problems fixed among the cached lines, by a
/// line logged after them, and by a commit (the commit store) are marked with their fix's
/// place; the open one is not. The same as `mind status` and the context block count.
#[test]
fn fixed_problems_are_marked_in_a_large_memory_and_by_commits() {
    let mut user = User::new();
    let project = user.project("code/shop", &["init", "--hooks"]);
    let memory_path = project.join(".mind/MEMORY.md");
    let mut memory = std::fs::read_to_string(&memory_path).unwrap();
    memory.push_str("\n## 2026-01-10\n\n");
    memory.push_str("problem: checkout page hangs when the payment provider times out\n");
    memory.push_str("problem: nightly export job crashes on large tenants\n");
    memory.push_str("problem: webhook retries flood the queue\n");
    memory.push_str("problem: search index rebuild is slow on Windows\n");
    for i in 0..700 {
        memory.push_str(&format!(
            "learned: filler fact number {i} about the build cache layout and its folders\n"
        ));
    }
    memory.push_str(
        "\n## 2026-01-12\n\nfixed: checkout no longer hangs: payment provider calls time out after 10s\n",
    );
    std::fs::write(&memory_path, &memory).unwrap();
    assert!(memory.len() > 40_000);
    // A recall writes the parse cache; what follows comes after the cached lines.
    user.ok(&project, &["recall"]);
    assert!(project.join(".mind/cache/memory.parse").is_file());
    user.at("2026-01-16T10:00:00Z");
    user.commit_file(
        &project,
        "webhooks.rs",
        "// retries\n",
        "fixed: webhook retries no longer flood the queue",
    );
    user.ok(
        &project,
        &[
            "log",
            "fixed",
            "nightly export job no longer crashes on large tenants: rows are streamed",
        ],
    );
    let memory = std::fs::read_to_string(&memory_path).unwrap();
    let line_of = |text: &str| memory.lines().position(|l| l.contains(text)).unwrap() + 1;
    let commits = std::fs::read_to_string(project.join(".mind/cache/commits.md")).unwrap();
    let commit_line = commits
        .lines()
        .position(|l| l.contains("webhook retries no longer flood"))
        .expect("the commit's fix is in the commit store")
        + 1;
    assert!(
        user.ok(&project, &["status"])
            .contains("4 problems (1 open)")
    );

    let marks = || {
        let v = json(&user.ok(
            &project,
            &[
                "search",
                "checkout export webhook index",
                "--type",
                "problem",
                "--json",
            ],
        ));
        let mut marks: Vec<(String, Option<String>)> = (v["results"].as_array().unwrap().iter())
            .map(|r| {
                (
                    r["text"].as_str().unwrap().to_string(),
                    r["fixed_by"].as_str().map(str::to_string),
                )
            })
            .collect();
        marks.sort();
        marks
    };
    let expected = vec![
        (
            "problem: checkout page hangs when the payment provider times out".into(),
            Some(format!(
                ".mind/MEMORY.md:{}",
                line_of("checkout no longer hangs")
            )),
        ),
        (
            "problem: nightly export job crashes on large tenants".into(),
            Some(format!(
                ".mind/MEMORY.md:{}",
                line_of("nightly export job no longer crashes")
            )),
        ),
        (
            "problem: search index rebuild is slow on Windows".into(),
            None,
        ),
        (
            "problem: webhook retries flood the queue".into(),
            Some(format!(".mind/cache/commits.md:{commit_line}")),
        ),
    ];
    assert_eq!(marks(), expected);

    // Files a while past their last change: the marks are kept in .mind/cache/fixes.bin and
    // read from it, the same; a line logged since is seen.
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for file in [".mind/MEMORY.md", ".mind/cache/commits.md"] {
        std::fs::File::options()
            .write(true)
            .open(project.join(file))
            .unwrap()
            .set_modified(old)
            .unwrap();
    }
    assert_eq!(marks(), expected);
    let kept = project.join(".mind/cache/fixes.bin");
    assert!(kept.is_file());
    assert_eq!(marks(), expected);
    user.ok(
        &project,
        &[
            "log",
            "fixed",
            "search index rebuild is no longer slow on Windows",
        ],
    );
    let memory = std::fs::read_to_string(&memory_path).unwrap();
    let fix = memory
        .lines()
        .position(|l| l.contains("rebuild is no longer slow"))
        .unwrap()
        + 1;
    let now = marks();
    assert_eq!(
        now[2],
        (
            "problem: search index rebuild is slow on Windows".into(),
            Some(format!(".mind/MEMORY.md:{fix}"))
        )
    );
    assert_eq!(now[..2], expected[..2]);
    assert_eq!(now[3], expected[3]);
}

// ---------------------------------------------------------------------------------------
// Projects of one folder name.

/// `~/client-a/app` and `~/client-b/app`: each result is labelled with the parent folder
/// that tells them apart, JSON carries the project's path, and one project's decision is
/// never marked as taken back by the other's.
#[test]
fn projects_that_share_a_folder_name_are_told_apart_in_results() {
    let user = User::new();
    let a = user.project("client-a/app", &["init"]);
    let b = user.project("client-b/app", &["init"]);
    let solo = user.project("tools/cli", &["init"]);
    user.ok(
        &a,
        &["log", "decision", "use redis streams for the job queue"],
    );
    user.ok(
        &b,
        &[
            "log",
            "decision",
            "use rabbitmq instead of redis streams for the job queue",
        ],
    );
    user.ok(
        &solo,
        &["log", "decision", "use clap for the job queue flags"],
    );
    let out = user.ok(user.home(), &["search", "job queue", "--all-projects"]);
    assert!(
        out.contains("  client-a/app: .mind/MEMORY.md:26  "),
        "{out}"
    );
    assert!(
        out.contains("  client-b/app: .mind/MEMORY.md:26  "),
        "{out}"
    );
    assert!(out.contains("  cli: .mind/MEMORY.md:26  "), "{out}");
    assert!(!out.contains("taken back"), "{out}");
    let v = json(&user.ok(
        user.home(),
        &["search", "job queue", "--all-projects", "--json"],
    ));
    let mut got: Vec<(String, String, String)> = (v["results"].as_array().unwrap().iter())
        .map(|r| {
            assert!(r.get("taken_back_by").is_none(), "{r}");
            (
                r["project"].as_str().unwrap().to_string(),
                r["project_path"].as_str().unwrap().to_string(),
                r["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    got.sort();
    let path = |p: &Path| std::fs::canonicalize(p).unwrap().display().to_string();
    assert_eq!(
        got,
        vec![
            (
                "cli".into(),
                path(&solo),
                "decided: use clap for the job queue flags".into()
            ),
            (
                "client-a/app".into(),
                path(&a),
                "decided: use redis streams for the job queue".into()
            ),
            (
                "client-b/app".into(),
                path(&b),
                "decided: use rabbitmq instead of redis streams for the job queue".into()
            ),
        ]
    );
    // Within one project the reversal is marked as before.
    user.ok(
        &a,
        &[
            "log",
            "decision",
            "use rabbitmq instead of redis streams for the job queue",
        ],
    );
    let out = user.ok(&a, &["search", "redis streams job queue"]);
    assert!(out.contains("[taken back by .mind/MEMORY.md:27]"), "{out}");
}

// ---------------------------------------------------------------------------------------
// A Python Mind SESSION.md's notes.

/// The notes around a Python Mind SESSION.md's sections (kept by every session reset) are
/// found by search, dated by their date heading; the copies the finished sessions hold are
/// not listed again.
#[test]
fn notes_around_the_session_sections_are_found_by_search() {
    let mut user = User::new();
    user.at("2026-02-17T09:00:00Z");
    let project = user.folder("app");
    std::fs::create_dir_all(project.join(".mind")).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/real/vultisig__vultisig-windows__SESSION.md"),
        project.join(".mind/SESSION.md"),
    )
    .unwrap();
    user.ok(&project, &["init"]);
    user.ok(&project, &["recall"]);
    user.ok(
        &project,
        &["log", "experience", "reviewed the billing request shape"],
    );
    // A second session: the notes are now in SESSION.md and in two finished sessions.
    user.at("2026-02-18T12:00:00Z");
    user.ok(&project, &["recall"]);
    let archives = std::fs::read_dir(project.join(".mind/sessions"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "md")
        })
        .count();
    assert_eq!(archives, 2);
    let session = std::fs::read_to_string(project.join(".mind/SESSION.md")).unwrap();
    let line = session
        .lines()
        .position(|l| l.contains("Potential goroutine leak"))
        .unwrap()
        + 1;
    let v = json(&user.ok(&project, &["search", "goroutine leak", "--json"]));
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{v}");
    assert_eq!(results[0]["type"], "note");
    assert_eq!(results[0]["file"], ".mind/SESSION.md");
    assert_eq!(results[0]["line"], line);
    assert_eq!(results[0]["date"], "2026-02-09");
    assert_eq!(
        results[0]["text"],
        "1. Potential goroutine leak in agent.go:136 - no context cancellation cleanup"
    );
    let v = json(&user.ok(&project, &["search", "billingFromPricing", "--json"]));
    assert!(
        v["results"][0]["text"]
            .as_str()
            .unwrap()
            .contains("billingFromPricing()"),
        "{v}"
    );
    // A session item still reads as its section's type.
    user.ok(
        &project,
        &[
            "log",
            "experience",
            "checking the goroutine leak in agent.go",
        ],
    );
    let v = json(&user.ok(&project, &["search", "goroutine leak", "--json"]));
    let kinds: Vec<&str> = (v["results"].as_array().unwrap().iter())
        .map(|r| r["type"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["experience", "note"], "{v}");
}

// ---------------------------------------------------------------------------------------
// Counts and option values.

/// `-n` and `--threshold` take what they cannot use as a usage error that names the range
/// (a negative number is the option's value, not an unknown option); another option's
/// value that starts with '-' is shown going after '='.
#[test]
fn counts_and_thresholds_out_of_range_are_refused_with_their_range() {
    let env = Env::initialised();
    env.ok(&["log", "decision", "use foo for the bar"]);
    for (args, message) in [
        (
            &["search", "foo", "-n", "-1"][..],
            "mind: error: invalid value '-1' for '--limit <N>': expected a whole number, 1 or more\n",
        ),
        (
            &["search", "foo", "-n", "0"][..],
            "mind: error: invalid value '0' for '--limit <N>': expected a whole number, 1 or more\n",
        ),
        (
            &["search", "foo", "--threshold", "-0.5"][..],
            "mind: error: --threshold \"-0.5\" is not a number from 0 to 1\n",
        ),
        (
            &["edges", "foo", "-n", "-2"][..],
            "mind: error: invalid value '-2' for '--limit <LIMIT>': expected a whole number, 1 or more\n",
        ),
        (
            &["reminders", "done", "-1"][..],
            "mind: error: invalid value '-1' for '<N>...': expected a whole number (0 or more)\n",
        ),
    ] {
        let out = env.mind(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with(message), "{args:?}: {err}");
        assert!(!err.contains("after `--`"), "{args:?}: {err}");
    }
    // Another option's value starting with '-': after '=', which works.
    env.mind(&["search", "foo", "--since", "-2w"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "hint: --since takes a value; one that starts with '-' goes after '=': mind search \
             foo --since=-2w\n",
        ));
    env.mind(&["search", "foo", "--since=-2w"])
        .assert()
        .stderr(predicate::str::contains("unexpected argument").not());
    // Text starting with '-' still gets the `--` tip.
    env.mind(&["search", "foo", "-x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "text starting with '-' goes after `--`: mind search foo -- -x",
        ));
    let v = json(&env.ok(&["search", "foo", "-n", "1", "--json"]));
    assert_eq!(v["results"].as_array().unwrap().len(), 1);
}

// ---------------------------------------------------------------------------------------
// Help and completion.

/// Every subcommand of a command (`mind model install`, `mind memory write`, ...) ends its
/// help with examples of itself, each a command line `mind` accepts.
#[test]
fn every_second_level_command_ends_its_help_with_examples_that_parse() {
    use clap::{CommandFactory, Parser};
    let mut cli = mind::cli::Cli::command();
    cli.build();
    let mut missing = Vec::new();
    let mut checked = 0;
    for top in (cli.get_subcommands()).filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        for sub in top.get_subcommands().filter(|s| !s.is_hide_set()) {
            let name = format!("{} {}", top.get_name(), sub.get_name());
            if sub.get_name() == "help" {
                continue;
            }
            checked += 1;
            let help = sub.clone().render_long_help().to_string();
            let Some((_, examples)) = help.split_once("Examples:\n") else {
                missing.push(name);
                continue;
            };
            let lines: Vec<&str> = (examples.lines().map(str::trim))
                .take_while(|l| !l.is_empty())
                .map(|l| l.rsplit_once("| ").map_or(l, |(_, cmd)| cmd))
                .collect();
            assert!(
                lines.iter().any(|l| l.starts_with(&format!("mind {name}"))),
                "mind {name}: {examples}"
            );
            for line in lines {
                let words = shell_words(line);
                if let Err(e) = mind::cli::Cli::try_parse_from(&words) {
                    panic!("example {line:?} of mind {name} does not parse: {e}");
                }
            }
        }
    }
    assert!(checked >= 23, "{checked}");
    assert!(
        missing.is_empty(),
        "no examples in the help of: {missing:?}"
    );
    // As a user sees it.
    let env = Env::new();
    env.mind(&["model", "install", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Examples:\n  mind model install\n  mind model install --from ~/Downloads/model.zip\n",
        ));
}

/// Words of a command line as a shell splits them (double quotes only).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut started) = (false, false);
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// `mind help --help` (and `-h` after `mind help COMMAND`) prints help, as `mind help`
/// does, and exits 0.
#[test]
fn help_asked_of_the_help_command_prints_help() {
    let env = Env::new();
    let plain = env.ok(&["help"]);
    assert!(plain.contains("Usage: mind [OPTIONS] <COMMAND>"), "{plain}");
    env.mind(&["help", "--help"])
        .assert()
        .success()
        .stdout(plain)
        .stderr("");
    let search = env.ok(&["help", "search"]);
    assert!(search.contains("Usage: mind search"), "{search}");
    env.mind(&["help", "search", "-h"])
        .assert()
        .success()
        .stdout(search);
}

/// Bash completes `mind search --category` with the categories, as `mind memory write
/// --category` does, not with file names.
#[test]
fn bash_completes_the_search_category_with_the_categories() {
    let user = User::new();
    let script = user.home().join("mind.bash");
    std::fs::write(&script, user.ok(user.home(), &["completions", "bash"])).unwrap();
    let out = user
        .command("bash", user.home())
        .arg("-c")
        .arg(format!(
            "source '{}'\n\
             COMP_WORDS=(mind search --category ''); COMP_CWORD=3; _mind mind '' --category; \
             echo \"${{COMPREPLY[*]}}\"",
            script.display()
        ))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "architecture decision pattern guide onboarding note progress\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
