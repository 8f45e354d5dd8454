//! What `mind search` shows is what the files hold: a line is shown with the bytes the index
//! was checked against, or not at all; a problem moved into `.mind/archive/` keeps its
//! `[fixed by …]` mark wherever its fix is (its archive, a later one, MEMORY.md, the commit
//! store). And promotion links a line to memory only when they share a word, not only words
//! of one synonym group.

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

use serde_json::Value;

use crate::common::{Env, User, search_hits};

/// The 1-based line of `file` (of the project) holding `text`.
fn line_of(project: &Path, file: &str, text: &str) -> u64 {
    let content = fs::read_to_string(project.join(file)).unwrap();
    let at = content.lines().position(|l| l.contains(text));
    at.map(|i| i as u64 + 1)
        .unwrap_or_else(|| panic!("{text:?} in {file}:\n{content}"))
}

/// (text, file:line, fixed_by) of each result of `mind search --json --type problem QUERY`.
fn problems(json: &str) -> Vec<(String, String, Value)> {
    let v: Value = serde_json::from_str(json).expect("JSON");
    (v["results"].as_array().unwrap().iter())
        .map(|r| {
            (
                r["text"].as_str().unwrap().to_string(),
                format!("{}:{}", r["file"].as_str().unwrap(), r["line"]),
                r["fixed_by"].clone(),
            )
        })
        .collect()
}

/// The `fixed_by` of the result whose text ends with `text`.
fn fixed_by(results: &[(String, String, Value)], text: &str) -> Value {
    let found = results.iter().find(|(t, _, _)| t.ends_with(text));
    found
        .map(|(_, _, by)| by.clone())
        .unwrap_or_else(|| panic!("{text}: {results:?}"))
}

const ARCHIVED_PROBLEMS: &str = "checkout crash export emoji avatar webhook";

#[test]
fn a_line_whose_bytes_changed_under_an_index_that_vouches_for_it_is_left_out_not_shown_blank() {
    let env = Env::initialised();
    let memory = env.read(".mind/MEMORY.md");
    let line = "learned: the billing reconciler times out after 30s";
    env.write(
        ".mind/MEMORY.md",
        format!("{memory}\n## 2026-01-10\n\n{line}\nlearned: queue7 talks gRPC\n"),
    );
    let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_600_000_000);
    env.set_modified(".mind/MEMORY.md", old);
    let json = env.ok(&["search", "--json", "billing reconciler"]);
    let at = line_of(&env.root(), ".mind/MEMORY.md", line);
    assert_eq!(
        search_hits(&json),
        [(line.to_string(), at, "2026-01-10".to_string())]
    );
    // Rewritten in place with as many bytes and the same modification time, as a writer
    // caught between a search's check of the file and its read of the line leaves it: the
    // index kept by that search still vouches for the file; the line's bytes are not the
    // ones it describes.
    let before = env.read(".mind/MEMORY.md");
    let changed = before.replace("billing reconciler times", "payments exporter stalls");
    assert_eq!(changed.len(), before.len());
    env.write(".mind/MEMORY.md", &changed);
    env.set_modified(".mind/MEMORY.md", old);
    let json = env.ok(&["search", "--json", "billing reconciler"]);
    assert_eq!(search_hits(&json), [], "{json}");
    let out = env
        .mind(&["search", "billing reconciler"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no memories match"),
        "{out:?}"
    );
    // Any change that moves the time is read again: the new words are found.
    env.set_modified(".mind/MEMORY.md", SystemTime::now());
    let json = env.ok(&["search", "--json", "payments exporter"]);
    assert_eq!(
        search_hits(&json),
        [(
            "learned: the payments exporter stalls out after 30s".to_string(),
            at,
            "2026-01-10".to_string()
        )]
    );
}

/// A project with problems logged over three months, their fixes later, the first two
/// months moved into `.mind/archive/2025-11.md` and `2025-12.md`.
fn archived_project(user: &mut User) -> std::path::PathBuf {
    user.at("2025-11-03T09:00:00Z");
    let project = user.project("work/shop", &["init", "--quiet"]);
    user.log_each(
        &project,
        "problem",
        &[
            "checkout page crashes when the cart is empty",
            "nightly export drops rows with emoji names",
            "avatar upload rejects heic photos",
        ],
    );
    user.at("2025-11-20T09:00:00Z");
    user.ok(
        &project,
        &[
            "log",
            "fixed",
            "avatar upload rejects heic photos - convert heic to jpeg first",
        ],
    );
    user.at("2025-12-04T09:00:00Z");
    user.ok(
        &project,
        &[
            "log",
            "fixed",
            "nightly export drops rows with emoji names - utf8mb4 columns",
        ],
    );
    user.at("2026-01-08T09:00:00Z");
    user.ok(
        &project,
        &[
            "log",
            "fixed",
            "checkout page crashes when the cart is empty - guard the null cart",
        ],
    );
    user.ok(
        &project,
        &["log", "problem", "webhook retries flood the queue"],
    );
    crate::common::archive(&project, "2025-11.md", "2025-11-03", "2025-12-04");
    crate::common::archive(&project, "2025-12.md", "2025-12-04", "2026-01-08");
    project
}

#[test]
fn an_archived_problem_is_marked_fixed_by_its_archive_a_later_one_or_memory() {
    let mut user = User::new();
    let project = archived_project(&mut user);
    user.at("2026-02-01T09:00:00Z");
    let json = user.ok(
        &project,
        &["search", "--json", "--type", "problem", ARCHIVED_PROBLEMS],
    );
    let results = problems(&json);
    let (nov, dec, memory) = (
        ".mind/archive/2025-11.md",
        ".mind/archive/2025-12.md",
        ".mind/MEMORY.md",
    );
    let at =
        |file: &str, text: &str| Value::from(format!("{file}:{}", line_of(&project, file, text)));
    assert_eq!(
        fixed_by(&results, "checkout page crashes when the cart is empty"),
        at(memory, "guard the null cart")
    );
    assert_eq!(
        fixed_by(&results, "nightly export drops rows with emoji names"),
        at(dec, "utf8mb4 columns")
    );
    assert_eq!(
        fixed_by(&results, "avatar upload rejects heic photos"),
        at(nov, "convert heic to jpeg")
    );
    assert_eq!(
        fixed_by(&results, "webhook retries flood the queue"),
        Value::Null
    );
    // The problems are shown where they are now, with their marks.
    let out = user.ok(&project, &["search", "--type", "problem", "checkout crash"]);
    let fix = line_of(&project, memory, "guard the null cart");
    let problem = line_of(&project, nov, "checkout page crashes");
    assert!(out.contains(&format!("{nov}:{problem}")), "{out}");
    assert!(
        out.contains(&format!(
            "problem: checkout page crashes when the cart is empty [fixed by {memory}:{fix}]\n"
        )),
        "{out}"
    );

    // The archives are read in name order: renamed to come before November's, December's
    // fix is no longer after the problem it fixed (and the kept marks are not reused).
    fs::rename(project.join(dec), project.join(".mind/archive/2025-10.md")).unwrap();
    let json = user.ok(
        &project,
        &["search", "--json", "--type", "problem", ARCHIVED_PROBLEMS],
    );
    let results = problems(&json);
    assert_eq!(
        fixed_by(&results, "nightly export drops rows with emoji names"),
        Value::Null
    );
    assert_eq!(
        fixed_by(&results, "checkout page crashes when the cart is empty"),
        at(memory, "guard the null cart")
    );
    // An archive edited by hand: its fix gone, the problem is open again.
    let file = project.join(nov);
    let text = fs::read_to_string(&file).unwrap();
    let without: String = (text.lines())
        .filter(|l| !l.contains("convert heic"))
        .map(|l| format!("{l}\n"))
        .collect();
    fs::write(&file, without).unwrap();
    let json = user.ok(
        &project,
        &["search", "--json", "--type", "problem", ARCHIVED_PROBLEMS],
    );
    assert_eq!(
        fixed_by(&problems(&json), "avatar upload rejects heic photos"),
        Value::Null
    );
}

#[test]
fn a_fix_committed_after_the_problem_was_archived_marks_it() {
    let mut user = User::new();
    user.at("2025-11-03T09:00:00Z");
    let project = user.project("work/shop", &["init", "--hooks", "--quiet"]);
    user.ok(
        &project,
        &[
            "log",
            "problem",
            "checkout page crashes when the cart is empty",
        ],
    );
    user.at("2026-01-08T09:00:00Z");
    user.ok(&project, &["log", "learning", "the cart cache is per-user"]);
    crate::common::archive(&project, "2025.md", "2025-11-03", "2026-01-08");
    user.at("2026-01-09T09:00:00Z");
    user.commit_file(
        &project,
        "cart.py",
        "if cart is None:\n    cart = []\n",
        "Guard the empty cart\n\nfixed: checkout page crashes when the cart is empty - guard the null cart",
    );
    let store = ".mind/cache/commits.md";
    let fix = line_of(&project, store, "guard the null cart");
    let json = user.ok(
        &project,
        &["search", "--json", "--type", "problem", "checkout crash"],
    );
    let results = problems(&json);
    assert_eq!(
        results,
        [(
            "problem: checkout page crashes when the cart is empty".to_string(),
            format!(
                ".mind/archive/2025.md:{}",
                line_of(&project, ".mind/archive/2025.md", "checkout page")
            ),
            Value::from(format!("{store}:{fix}"))
        )]
    );
}

#[test]
fn an_archived_problem_is_marked_from_a_large_memory_as_from_a_small_one() {
    let mut env = Env::initialised();
    env.write(
        ".mind/archive/2025.md",
        "## 2025-11-03\n\nproblem: checkout page crashes when the cart is empty\n\
         problem: nightly export drops rows with emoji names\n\
         problem: avatar upload rejects heic photos\n",
    );
    // Over the size from which MEMORY.md's parse is cached; one fix in the cached part.
    let mut memory = env.read(".mind/MEMORY.md");
    memory.push_str("\n## 2026-01-02\n\n");
    for i in 0..600 {
        memory.push_str(&format!(
            "learned: component {i} needs its cache warmed before the nightly batch run\n"
        ));
        if i == 300 {
            memory.push_str(
                "fixed: checkout page crashes when the cart is empty - guard the null cart\n",
            );
        }
    }
    assert!(memory.len() > 32 * 1024);
    env.write(".mind/MEMORY.md", &memory);
    env.at("2026-02-01T09:00:00Z");
    env.ok(&["recall", "--quiet"]);
    assert!(env.exists(".mind/cache/memory.parse"));
    // And one after it.
    env.ok(&[
        "log",
        "fixed",
        "nightly export drops rows with emoji names - utf8mb4 columns",
    ]);
    let query = ["search", "--json", "--type", "problem", ARCHIVED_PROBLEMS];
    let cached = problems(&env.ok(&query));
    let memory = ".mind/MEMORY.md";
    let at = |text: &str| Value::from(format!("{memory}:{}", line_of(&env.root(), memory, text)));
    assert_eq!(
        fixed_by(&cached, "checkout page crashes when the cart is empty"),
        at("guard the null cart")
    );
    assert_eq!(
        fixed_by(&cached, "nightly export drops rows with emoji names"),
        at("utf8mb4 columns")
    );
    assert_eq!(
        fixed_by(&cached, "avatar upload rejects heic photos"),
        Value::Null
    );
    // Worked out from the whole memory, the same.
    for cache in ["memory.parse", "memory.parse.prev", "fixes.bin"] {
        let _ = fs::remove_file(env.path(&format!(".mind/cache/{cache}")));
    }
    assert_eq!(problems(&env.ok(&query)), cached);
}

/// The memory of the lexical promotion tests: a decision among forty unrelated lines (the
/// vocabulary its words are weighed in).
fn memory_with_a_database_decision() -> String {
    let mut memory = String::from(
        "# demo\n\n## 2026-01-05\n\ndecided: use Postgres over MySQL because we need jsonb columns\n",
    );
    for i in 0..40 {
        memory.push_str(&format!(
            "learned: filler fact {i} about the module{i} layout and its build{i} flags\n"
        ));
    }
    memory
}

/// Each promotion of a recall's JSON: (action, line, the memory line it concerns).
fn promotions(json: &str) -> Vec<(String, String, Value)> {
    let v: Value = serde_json::from_str(json).expect("JSON");
    (v["promotion"].as_array().unwrap().iter())
        .map(|p| {
            (
                p["action"].as_str().unwrap().to_string(),
                p["line"].as_str().unwrap().to_string(),
                p["similar_to"]["line"].clone(),
            )
        })
        .collect()
}

#[test]
fn promotion_without_the_model_links_no_lines_that_share_only_synonyms() {
    let mut env = Env::initialised();
    let memory = memory_with_a_database_decision();
    env.write(".mind/MEMORY.md", &memory);
    // "DB" is in a synonym group with Postgres and MySQL, and no other word is shared.
    env.ok(&[
        "log",
        "rejected",
        "bump the DB pool size to 50 - still timeouts",
    ]);
    env.at("2026-01-15T13:00:00Z");
    let json = env.ok(&["--json", "recall"]);
    assert_eq!(
        promotions(&json),
        [(
            "added".to_string(),
            "decided against: bump the DB pool size to 50 - still timeouts".to_string(),
            Value::Null
        )]
    );
    assert!(
        env.read(".mind/MEMORY.md")
            .ends_with("decided against: bump the DB pool size to 50 - still timeouts\n"),
        "{}",
        env.read(".mind/MEMORY.md")
    );
}

#[test]
fn promotion_without_the_model_still_links_a_line_that_shares_a_word() {
    let mut env = Env::initialised();
    env.write(".mind/MEMORY.md", memory_with_a_database_decision());
    env.ok(&[
        "log",
        "rejected",
        "MySQL - jsonb support is weaker than Postgres",
    ]);
    env.at("2026-01-15T13:00:00Z");
    let json = env.ok(&["--json", "recall"]);
    assert_eq!(
        promotions(&json),
        [(
            "linked".to_string(),
            "decided against: MySQL - jsonb support is weaker than Postgres (see also: [[MEMORY#2026-01-05]])"
                .to_string(),
            Value::from(5)
        )]
    );
}
