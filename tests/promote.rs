//! Smart promotion at a new session: duplicates skipped, near-duplicates linked or
//! superseding the matched line, novel items added, problems kept only when reusable.

mod common;

use common::Env;
use serde_json::Value;

const MEMORY: &str = "# demo

## Session Log

## 2026-01-10

decided: keep the session cache in Redis
learned: Safari drops cookies on cross-site redirects
decided: deploy with a blue-green switch on Fridays
";

/// A project whose memory is `MEMORY` and whose session (started 09:00) holds `items`
/// (`(type, text)`), then a recall two hours later. Returns the recall's JSON.
fn promote(items: &[(&str, &str)]) -> (Env, Value) {
    let mut env = Env::initialised();
    env.write(".mind/MEMORY.md", MEMORY);
    for (kind, text) in items {
        env.ok(&["log", kind, text]);
    }
    env.at("2026-01-15T11:00:00Z");
    let v: Value = serde_json::from_str(&env.ok(&["--json", "recall"])).expect("JSON");
    assert_eq!(v["new_session"], true);
    (env, v)
}

fn actions(v: &Value) -> Vec<(String, String)> {
    v["promotion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["action"].as_str().unwrap().to_string(),
                p["line"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn duplicate_is_skipped_and_memory_unchanged() {
    let (env, v) = promote(&[("experience", "Safari drops cookies on cross-site redirects")]);
    assert_eq!(
        actions(&v),
        vec![(
            "skipped".into(),
            "learned: Safari drops cookies on cross-site redirects".into()
        )]
    );
    assert_eq!(v["promotion"][0]["similar_to"]["line"], 8);
    assert_eq!(v["promoted"].as_array().unwrap().len(), 0);
    assert_eq!(env.read(".mind/MEMORY.md"), MEMORY);
}

#[test]
fn confident_near_duplicate_supersedes_the_matched_line() {
    let (env, v) = promote(&[(
        "rejected",
        "keep the session cache in Redis - too heavy to run in CI",
    )]);
    let p = &v["promotion"][0];
    assert_eq!(p["action"], "superseded", "{v:#}");
    assert_eq!(p["similar_to"]["line"], 7);
    assert!(p["confidence"].as_f64().unwrap() >= 0.7);
    let memory = env.read(".mind/MEMORY.md");
    let expected = MEMORY.replace(
        "decided: keep the session cache in Redis\n",
        "[superseded] decided: keep the session cache in Redis\n",
    ) + "\n## 2026-01-15\n\ndecided against: keep the session cache in Redis - too heavy to run in CI\n";
    assert_eq!(memory, expected);
    // The lines around it are untouched: only line 7 changed.
    let before: Vec<&str> = MEMORY.lines().collect();
    let after: Vec<&str> = memory.lines().collect();
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .map(|i| i + 1)
        .collect();
    assert_eq!(changed, vec![7]);
}

#[test]
fn tentative_near_duplicate_links_to_the_date_heading() {
    let (env, v) = promote(&[(
        "experience",
        "Safari drops our cookies on cross-site redirects to the login page",
    )]);
    let p = &v["promotion"][0];
    assert_eq!(p["action"], "linked", "{v:#}");
    assert!(p["confidence"].as_f64().unwrap() < 0.7);
    let line = "learned: Safari drops our cookies on cross-site redirects to the login page (see also: [[MEMORY#2026-01-10]])";
    assert_eq!(p["line"], line);
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!("{MEMORY}\n## 2026-01-15\n\n{line}\n")
    );
}

#[test]
fn novel_items_are_added_once_per_batch() {
    let (env, v) = promote(&[
        (
            "experience",
            "the cargo build cache lives in target/ and is 4 GB",
        ),
        (
            "experience",
            "The cargo build cache lives in target/ and is 4 GB!",
        ),
        ("rejected", "memcached - no persistence"),
        ("experience", "had lunch"),
        ("assumption", "the API is stable"),
    ]);
    assert_eq!(
        actions(&v),
        vec![
            (
                "added".into(),
                "decided against: memcached - no persistence".into()
            ),
            (
                "added".into(),
                "learned: the cargo build cache lives in target/ and is 4 GB".into()
            ),
            (
                "skipped".into(),
                "learned: The cargo build cache lives in target/ and is 4 GB!".into()
            ),
        ]
    );
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!(
            "{MEMORY}\n## 2026-01-15\n\ndecided against: memcached - no persistence\nlearned: the cargo build cache lives in target/ and is 4 GB\n"
        )
    );
}

#[test]
fn reusable_problems_are_kept_as_problem_cause_fix() {
    let (env, v) = promote(&[
        (
            "blocker",
            "docker build fails on Windows: entrypoint.sh not found",
        ),
        (
            "experience",
            "entrypoint.sh not found because git converted it to CRLF",
        ),
        (
            "experience",
            "fixed entrypoint.sh not found with a .gitattributes eol=lf rule",
        ),
        ("blocker", "stuck on the settings page layout"),
    ]);
    let line = "problem: docker build fails on Windows: entrypoint.sh not found → cause: entrypoint.sh not found because git converted it to CRLF → fix: fixed entrypoint.sh not found with a .gitattributes eol=lf rule";
    assert_eq!(actions(&v), vec![("added".into(), line.into())]);
    assert!(env.read(".mind/MEMORY.md").ends_with(&format!("{line}\n")));
    // The context block's parser reads it as a problem.
    let found: Value = serde_json::from_str(&env.ok(&[
        "--json",
        "search",
        "entrypoint CRLF",
        "--type",
        "problem",
    ]))
    .unwrap();
    assert_eq!(found["results"][0]["text"], line);
}

#[test]
fn recall_reports_what_promotion_did() {
    let mut env = Env::initialised();
    env.write(".mind/MEMORY.md", MEMORY);
    env.ok(&[
        "log",
        "experience",
        "Safari drops cookies on cross-site redirects",
    ]);
    env.ok(&[
        "log",
        "rejected",
        "keep the session cache in Redis - too heavy to run in CI",
    ]);
    env.at("2026-01-15T11:00:00Z");
    let out = env.mind(&["recall"]).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("promoted 1 item(s) to MEMORY.md\n  + decided against: keep the session cache in Redis - too heavy to run in CI\n  ~ superseded MEMORY.md:7: decided: keep the session cache in Redis\n  = already known (100% similar): Safari drops cookies on cross-site redirects"),
        "{stderr}"
    );
}
