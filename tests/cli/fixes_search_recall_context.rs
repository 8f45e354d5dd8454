//! A promoted item found once by `mind search`, the first session's own entries kept out of
//! "you've dealt with this before", and the context block's bounded lists saying what they
//! leave out — each run the way a user runs `mind`: a temp HOME, no MIND_* variable but the
//! clock.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::User;
use serde_json::Value;

/// A project at `rel` under the user's home: a git repository with `mind init` run at the
/// user's clock.
fn project(user: &User, rel: &str) -> PathBuf {
    user.project(rel, &["init", "-q"])
}

fn read(dir: &Path, rel: &str) -> String {
    fs::read_to_string(dir.join(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).expect("JSON output")
}

/// (file, line text) of each result of `mind search --json ARGS`.
fn hits(user: &User, dir: &Path, args: &[&str]) -> Vec<(String, String)> {
    let mut all = vec!["search", "--json"];
    all.extend_from_slice(args);
    let out = json(&user.ok(dir, &all));
    (out["results"].as_array().expect("results"))
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                r["text"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The one finished session's archive under `.mind/sessions/`.
fn archive(dir: &Path) -> String {
    let files: Vec<_> = fs::read_dir(dir.join(".mind/sessions"))
        .expect("the sessions folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    fs::read_to_string(&files[0]).unwrap()
}

const REJECTED: &str = "bumping the timeout to 60s - still fails under load";

#[test]
fn search_shows_a_promoted_rejection_once_from_the_memory() {
    let mut user = User::new();
    user.at("2026-01-15T09:00:00+00:00");
    let dir = project(&user, "app");
    user.ok(&dir, &["recall", "-q"]);
    user.ok(&dir, &["log", "-q", "rejected", REJECTED]);
    user.at("2026-01-15T11:00:00+00:00");
    user.ok(&dir, &["recall", "-q"]);

    // The item is in both files: promoted to MEMORY.md, kept as written in the archive.
    let line = format!("decided against: {REJECTED}");
    assert!(read(&dir, ".mind/MEMORY.md").contains(&format!("\n{line}\n")));
    assert!(archive(&dir).contains(&format!("\n- {REJECTED}\n")));

    assert_eq!(
        hits(&user, &dir, &["timeout"]),
        vec![(".mind/MEMORY.md".to_string(), line.clone())]
    );
    let human = user.ok(&dir, &["search", "timeout"]);
    assert_eq!(human.matches("bumping the timeout").count(), 1, "{human}");
    assert!(
        human.contains(" 1. rejected   2026-01-15  .mind/MEMORY.md:"),
        "{human}"
    );
    assert!(!human.contains(".mind/sessions/"), "{human}");
}

#[test]
fn promoted_learnings_and_problems_show_once_and_other_archived_lines_still_show() {
    let mut user = User::new();
    user.at("2026-01-15T09:00:00+00:00");
    let dir = project(&user, "app");
    user.ok(&dir, &["recall", "-q"]);
    // A learning already in memory: the experience is promoted with a link to it.
    user.ok(
        &dir,
        &[
            "log",
            "-q",
            "learning",
            "the redis client retries forever by default",
        ],
    );
    user.log_each(
        &dir,
        "experience",
        &["the redis client retries forever without a timeout in src/cache.rs"],
    );
    // A blocker written as `problem: ... → cause: ...`, with the fix the session logged
    // and a link to that fix.
    user.log_each(
        &dir,
        "blocker",
        &["the docker build fails on arm64 because the base image is amd64 only"],
    );
    user.ok(
        &dir,
        &["log", "-q", "fixed", "the docker build fails on arm64"],
    );
    // A rejection without a reason is not promoted: the archive alone holds it.
    user.log_each(&dir, "rejected", &["raising the redis timeout to 90s"]);
    user.at("2026-01-15T11:00:00+00:00");
    user.ok(&dir, &["recall", "-q"]);

    let memory = read(&dir, ".mind/MEMORY.md");
    let learned = "learned: the redis client retries forever without a timeout in src/cache.rs (see also: [[MEMORY#2026-01-15]])";
    assert!(memory.contains(&format!("\n{learned}\n")), "{memory}");
    let problem = "problem: the docker build fails on arm64 → cause: the base image is amd64 only → fix: the docker build fails on arm64 (see also: [[MEMORY#2026-01-15]])";
    assert!(memory.contains(&format!("\n{problem}\n")), "{memory}");
    let session = archive(&dir);
    for item in [
        "- the redis client retries forever without a timeout in src/cache.rs",
        "- the docker build fails on arm64 because the base image is amd64 only",
        "- raising the redis timeout to 90s",
    ] {
        assert!(
            session.contains(&format!("\n{item}\n")),
            "{item}: {session}"
        );
    }

    let redis = hits(&user, &dir, &["redis"]);
    let texts: Vec<&str> = redis.iter().map(|(_, t)| t.as_str()).collect();
    assert!(texts.contains(&learned), "{redis:?}");
    assert!(
        !texts.contains(&"- the redis client retries forever without a timeout in src/cache.rs"),
        "{redis:?}"
    );
    // Another line, in the archive only, still shows.
    assert!(
        redis.contains(&(
            ".mind/sessions/2026-01-15-0900.md".to_string(),
            "- raising the redis timeout to 90s".to_string()
        )),
        "{redis:?}"
    );

    let docker = hits(&user, &dir, &["docker", "arm64", "base", "image"]);
    assert!(
        docker
            .iter()
            .any(|(f, t)| f == ".mind/MEMORY.md" && t == problem),
        "{docker:?}"
    );
    assert!(
        !docker.iter().any(|(f, _)| f.starts_with(".mind/sessions/")),
        "{docker:?}"
    );
}

#[test]
fn search_across_projects_shows_each_projects_promoted_item_once() {
    let mut user = User::new();
    user.at("2026-01-15T09:00:00+00:00");
    let api = project(&user, "api");
    let web = project(&user, "web");
    for dir in [&api, &web] {
        user.ok(dir, &["recall", "-q"]);
        user.ok(dir, &["log", "-q", "rejected", REJECTED]);
    }
    user.at("2026-01-15T11:00:00+00:00");
    for dir in [&api, &web] {
        user.ok(dir, &["recall", "-q"]);
    }
    let out = json(&user.ok(&api, &["search", "--json", "--all-projects", "timeout"]));
    let results: Vec<(&str, &str, &str)> = (out["results"].as_array().unwrap())
        .iter()
        .map(|r| {
            (
                r["project"].as_str().unwrap(),
                r["file"].as_str().unwrap(),
                r["text"].as_str().unwrap(),
            )
        })
        .collect();
    let line = format!("decided against: {REJECTED}");
    let mut got = results.clone();
    got.sort();
    assert_eq!(
        got,
        vec![
            ("api", ".mind/MEMORY.md", line.as_str()),
            ("web", ".mind/MEMORY.md", line.as_str())
        ]
    );
}

#[cfg(feature = "semantic")]
#[test]
fn a_hybrid_search_shows_a_promoted_item_once() {
    let mut user = User::new();
    let model = user.folder("tiny-model");
    mind::embed::tiny::write_tiny_model(&model);
    user.at("2026-01-15T09:00:00+00:00");
    let dir = project(&user, "app");
    user.ok(
        &dir,
        &["model", "install", "--from", model.to_str().unwrap()],
    );
    user.ok(&dir, &["recall", "-q"]);
    user.ok(&dir, &["log", "-q", "rejected", REJECTED]);
    user.log_each(
        &dir,
        "experience",
        &["the redis client retries forever without a timeout in src/cache.rs"],
    );
    user.at("2026-01-15T11:00:00+00:00");
    user.ok(&dir, &["recall", "-q"]);
    let out = json(&user.ok(&dir, &["search", "--json", "timeout"]));
    assert!(out["semantic"].is_object(), "a hybrid search: {out}");
    let files: Vec<&str> = (out["results"].as_array().unwrap())
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    let texts: Vec<&str> = (out["results"].as_array().unwrap())
        .iter()
        .map(|r| r["text"].as_str().unwrap())
        .collect();
    assert!(
        texts.contains(&format!("decided against: {REJECTED}").as_str()),
        "{texts:?}"
    );
    assert!(
        texts.contains(
            &"learned: the redis client retries forever without a timeout in src/cache.rs"
        ),
        "{texts:?}"
    );
    assert!(
        !files.iter().any(|f| f.starts_with(".mind/sessions/")),
        "{texts:?}"
    );
}

/// `.mind/state.json`'s `session_memory_offset`.
fn memory_offset(dir: &Path) -> u64 {
    json(&read(dir, ".mind/state.json"))["session_memory_offset"]
        .as_u64()
        .expect("session_memory_offset")
}

const DECISION: &str = "use Postgres for sessions because row locks suffice";

#[test]
fn an_entry_logged_in_the_first_session_is_not_offered_back_as_dealt_with_before() {
    let mut user = User::new();
    user.at("2026-01-15T06:00:00+00:00");
    let dir = project(&user, "app");
    let initial = fs::metadata(dir.join(".mind/MEMORY.md")).unwrap().len();
    user.at("2026-01-15T09:00:00+00:00");
    user.ok(&dir, &["log", "-q", "decision", DECISION]);
    // The session started with this log: it began where MEMORY.md ended before the entry.
    assert_eq!(memory_offset(&dir), initial);
    let logged = json(&user.ok(
        &dir,
        &[
            "log",
            "--json",
            "experience",
            "looking at the Postgres sessions table",
        ],
    ));
    assert!(
        logged
            .get("relevant_memories")
            .is_none_or(|r| r.as_array().unwrap().is_empty()),
        "{logged}"
    );
    user.at("2026-01-15T09:05:00+00:00");
    let recalled = json(&user.ok(&dir, &["recall", "--json"]));
    assert_eq!(recalled["new_session"], Value::Bool(false));
    assert!(
        recalled
            .get("relevant_memories")
            .is_none_or(|r| r.as_array().unwrap().is_empty()),
        "{recalled}"
    );

    // The next session has dealt with it before.
    user.at("2026-01-15T13:00:00+00:00");
    let recalled = json(&user.ok(&dir, &["recall", "--json"]));
    assert_eq!(recalled["new_session"], Value::Bool(true));
    let logged = json(&user.ok(
        &dir,
        &[
            "log",
            "--json",
            "experience",
            "looking at the Postgres sessions table again",
        ],
    ));
    let offered: Vec<&str> = (logged["relevant_memories"].as_array())
        .map(|r| r.iter().map(|m| m["text"].as_str().unwrap()).collect())
        .unwrap_or_default();
    assert_eq!(offered, vec![format!("decided: {DECISION}").as_str()]);
}

#[test]
fn a_checkpoint_that_starts_the_session_keeps_what_it_harvests_as_this_sessions() {
    let mut user = User::new();
    user.at("2026-01-15T06:00:00+00:00");
    let dir = project(&user, "app");
    let initial = fs::metadata(dir.join(".mind/MEMORY.md")).unwrap().len();
    user.at("2026-01-15T09:00:00+00:00");
    fs::write(
        dir.join("main.rs"),
        format!("// MEMORY: decided: {DECISION}\nfn main() {{}}\n"),
    )
    .unwrap();
    user.ok(&dir, &["checkpoint", "-q"]);
    assert!(read(&dir, ".mind/MEMORY.md").contains(&format!("decided: {DECISION} (main.rs:1)")));
    assert_eq!(memory_offset(&dir), initial);
    let logged = json(&user.ok(
        &dir,
        &[
            "log",
            "--json",
            "experience",
            "looking at the Postgres sessions table",
        ],
    ));
    assert!(
        logged
            .get("relevant_memories")
            .is_none_or(|r| r.as_array().unwrap().is_empty()),
        "{logged}"
    );
}

/// The lines of the shared block in CLAUDE.md from `## TITLE` to the next blank line.
fn block_section(dir: &Path, title: &str) -> Vec<String> {
    let claude = read(dir, "CLAUDE.md");
    assert!(
        claude.contains(&format!("## {title}\n")),
        "no {title} in {claude}"
    );
    common::block_section(&claude, title)
}

#[test]
fn a_bounded_list_says_how_many_older_entries_it_leaves_out() {
    let user = User::new();
    let dir = project(&user, "app");
    user.ok(&dir, &["recall", "-q"]);
    for i in 1..=7 {
        let text = format!("use tool{i} for job{i} because reason{i}");
        user.ok(&dir, &["log", "-q", "decision", &text]);
    }
    user.ok(&dir, &["recall", "-q"]);
    let mut expected: Vec<String> = (3..=7)
        .rev()
        .map(|i| format!("- use tool{i} for job{i} because reason{i} (2026-01-15)"))
        .collect();
    expected.push("+2 older: `mind search --type decision \"...\"`".to_string());
    assert_eq!(block_section(&dir, "Recent Decisions"), expected);

    let human = user.ok(&dir, &["context"]);
    assert!(
        human.contains("+2 older: `mind search --type decision \"...\"`\n\n## Continue From\n"),
        "{human}"
    );
    assert!(
        human.contains(
            "left out past the lists' bounds (the block says how to see them):\n  Recent Decisions (2 entries)\nnothing left out for the budget\n"
        ),
        "{human}"
    );
    let out = json(&user.ok(&dir, &["context", "--json"]));
    let shared = &out["targets"][0];
    assert_eq!(shared["file"], "CLAUDE.md");
    assert_eq!(
        shared["capped"],
        serde_json::json!([{"section": "Recent Decisions", "entries": 2}])
    );
    assert_eq!(shared["dropped"], serde_json::json!([]));
    // What the block says is there.
    let found = hits(&user, &dir, &["--type", "decision", "tool1"]);
    assert_eq!(
        found.first().map(|(_, t)| t.as_str()),
        Some("decided: use tool1 for job1 because reason1")
    );
}

#[test]
fn open_loops_count_what_the_bound_and_the_budget_leave_out() {
    let user = User::new();
    let dir = project(&user, "app");
    user.ok(&dir, &["recall", "-q"]);
    for i in 1..=8 {
        let text = format!("uploads{i} stall on slow networks when the proxy buffers whole files");
        user.ok(&dir, &["log", "-q", "problem", &text]);
    }
    user.ok(&dir, &["recall", "-q"]);
    let loops = block_section(&dir, "Open Loops");
    assert_eq!(loops.len(), 6, "{loops:?}");
    assert!(loops[0].starts_with("- [!] uploads8 stall"), "{loops:?}");
    assert_eq!(loops[5], "+3 more: `mind search --type problem \"...\"`");

    // A budget that holds fewer lines: the line counts those the budget dropped too.
    let config_path = dir.join(".mind/config.json");
    let mut config = json(&read(&dir, ".mind/config.json"));
    config["context_budget_chars"] = Value::from(1000);
    fs::write(&config_path, serde_json::to_string_pretty(&config).unwrap()).unwrap();
    let out = json(&user.ok(&dir, &["context", "--json"]));
    let shared = &out["targets"][0];
    let block = shared["block"].as_str().unwrap();
    assert!(shared["chars"].as_u64().unwrap() <= 1000, "{block}");
    let dropped: Vec<&Value> = (shared["dropped"].as_array().unwrap())
        .iter()
        .filter(|d| d["section"] == "Open Loops")
        .flat_map(|d| d["lines"].as_array().unwrap())
        .collect();
    assert!(!dropped.is_empty(), "{block}");
    let shown = block.matches("- [!] uploads").count();
    assert_eq!(shown + dropped.len(), 5, "{block}");
    assert!(
        block.contains(&format!(
            "+{} more: `mind search --type problem \"...\"`\n",
            3 + dropped.len()
        )),
        "{block}"
    );
    assert_eq!(
        shared["capped"],
        serde_json::json!([{"section": "Open Loops", "entries": 3}])
    );
}
