//! `mind search`: ranked results from memory, session and named memories; filters;
//! cross-project search; the on-disk index cache.

use crate::common;

use common::{Env, User};
use predicates::prelude::*;
use serde_json::{Value, json};

const MEMORY: &str = "# demo

## Project State
- Goal: ship the API
- Blocked: None

## Gotchas
- gotcha: the CI runner has no Docker socket

## Session Log

## 2026-01-05 | auth

decided: use JWT access tokens with a 15 minute expiry
problem: users cannot log in after the session cookie expires
learned: Safari drops cookies on cross-site redirects
- [superseded] decided: keep sessions in Redis

## 2026-01-12 | graphql

decided: every resolver goes through a DataLoader created per request
learned: DataLoader only batches loads made in the same tick
fixed: orders page no longer fires one SQL query per row
";

fn env_with_memory() -> Env {
    let env = Env::initialised();
    env.write(".mind/MEMORY.md", MEMORY);
    env
}

fn search_json(env: &Env, args: &[&str]) -> Value {
    let mut all = vec!["search", "--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&env.ok(&all)).expect("JSON")
}

/// (type, line) of each result.
fn hits(v: &Value) -> Vec<(String, u64)> {
    v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["type"].as_str().unwrap().to_string(),
                r["line"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn search_returns_lines_as_written_with_type_date_file_line_and_project() {
    let env = env_with_memory();
    let v = search_json(&env, &["DataLoader", "-n", "5"]);
    assert_eq!(v["query"], "DataLoader");
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{v:#}");
    let mut first = results[0].clone();
    let score = first.as_object_mut().unwrap().remove("score").unwrap();
    assert!(score.as_f64().unwrap() > 0.0);
    assert_eq!(
        first,
        json!({
            "type": "decision",
            "text": "decided: every resolver goes through a DataLoader created per request",
            "date": "2026-01-12",
            "file": ".mind/MEMORY.md",
            "line": 21,
            "project": "project",
            "project_path": env.root().display().to_string(),
        })
    );
    // Equally good lines of the same day keep file order.
    assert_eq!(results[1]["line"], 22);
    assert_eq!(results[1]["type"], "learning");
    assert_eq!(results[0]["score"], results[1]["score"]);
    // A more specific query puts the line that says it first.
    let v = search_json(&env, &["DataLoader batches"]);
    assert_eq!(
        hits(&v),
        vec![("learning".into(), 22), ("decision".into(), 21)]
    );
}

#[test]
fn search_limit_and_type_filters() {
    let env = env_with_memory();
    let v = search_json(
        &env,
        &["resolver DataLoader SQL query cookies JWT", "-n", "2"],
    );
    assert_eq!(v["results"].as_array().unwrap().len(), 2);

    let v = search_json(
        &env,
        &["DataLoader JWT sessions query", "--type", "decision"],
    );
    let got = hits(&v);
    assert!(!got.is_empty());
    assert!(got.iter().all(|(t, _)| t == "decision"), "{got:?}");
    assert!(got.contains(&("decision".into(), 21)), "{got:?}");
    assert!(got.contains(&("decision".into(), 14)), "{got:?}");

    let v = search_json(
        &env,
        &["docker DataLoader", "--type", "gotcha", "-t", "learning"],
    );
    let mut got = hits(&v);
    got.sort();
    assert_eq!(got, vec![("gotcha".into(), 8), ("learning".into(), 22)]);
}

#[test]
fn search_since_keeps_lines_dated_on_or_after_the_day() {
    let env = env_with_memory();
    let v = search_json(&env, &["decided JWT DataLoader", "--since", "2026-01-12"]);
    let got = hits(&v);
    assert!(!got.is_empty());
    assert!(got.iter().all(|(_, line)| *line >= 21), "{got:?}");
    // The clock is 2026-01-15, a Thursday: 3d, monday and Jan 12 are the same day.
    for day in ["3d", "3 days ago", "monday", "Jan 12", "last week"] {
        let v = search_json(&env, &["decided JWT DataLoader", "--since", day]);
        assert_eq!(hits(&v), got, "--since {day}");
    }
    let v = search_json(&env, &["JWT", "--since", "yesterday"]);
    assert_eq!(v["results"], json!([]));
    let v = search_json(&env, &["JWT", "--since", "2026-01-06"]);
    assert_eq!(v["results"], json!([]));
}

#[test]
fn search_finds_other_wording_through_stems_and_synonyms() {
    let env = env_with_memory();
    // "sign in" ~ "log in", "failing" ~ "cannot"... the problem line comes first.
    let v = search_json(&env, &["users unable to sign in"]);
    assert_eq!(hits(&v)[0], ("problem".into(), 15));
    // "batching" stems to "batch".
    let v = search_json(&env, &["batching"]);
    assert_eq!(hits(&v)[0], ("learning".into(), 22));
}

#[test]
fn search_ranks_superseded_lines_below_current_ones() {
    let env = env_with_memory();
    env.write(
        ".mind/MEMORY.md",
        "## 2026-01-05\n- [superseded] decided: keep sessions in Redis\ndecided: keep sessions in Postgres\n",
    );
    let v = search_json(&env, &["sessions"]);
    assert_eq!(
        hits(&v),
        vec![("decision".into(), 3), ("decision".into(), 2)]
    );
}

#[test]
fn search_covers_session_items_and_named_memories() {
    let env = env_with_memory();
    env.ok(&[
        "log",
        "rejected",
        "memcached for rate limiting - no persistence",
    ]);
    env.write(
        ".mind/memories/ratelimit.md",
        "---\ncategory: ops\ncreated: 2026-01-02\n---\n# Rate limits\n\n- the gateway allows 100 requests per minute per token\n",
    );
    let v = search_json(&env, &["rate limiting requests"]);
    let results = v["results"].as_array().unwrap();
    let files: Vec<(&str, &str, u64)> = results
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap(),
                r["type"].as_str().unwrap(),
                r["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert!(
        files.contains(&(".mind/SESSION.md", "rejected", 10)),
        "{files:?}"
    );
    assert!(
        files.contains(&(".mind/memories/ratelimit.md", "note", 7)),
        "{files:?}"
    );
    let named = results
        .iter()
        .find(|r| r["file"] == ".mind/memories/ratelimit.md")
        .unwrap();
    assert_eq!(named["date"], "2026-01-02");
    assert_eq!(
        named["text"],
        "- the gateway allows 100 requests per minute per token"
    );
}

#[test]
fn search_all_projects_labels_results_by_project() {
    let env = env_with_memory();
    let other = env.dir.path().join("billing");
    std::fs::create_dir_all(&other).unwrap();
    env.mind(&["init", other.to_str().unwrap()])
        .assert()
        .success();
    std::fs::write(
        other.join(".mind/MEMORY.md"),
        "## 2026-01-09\ndecided: invoices batch through a DataLoader too\n",
    )
    .unwrap();
    let v = search_json(&env, &["DataLoader", "--all-projects"]);
    let got: Vec<(String, String)> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["project"].as_str().unwrap().to_string(),
                r["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(got.len(), 3, "{got:?}");
    assert!(got.contains(&(
        "billing".into(),
        "decided: invoices batch through a DataLoader too".into()
    )));
    assert_eq!(got.iter().filter(|(p, _)| p == "project").count(), 2);
    // Without the flag only this project is searched.
    let v = search_json(&env, &["invoices"]);
    assert_eq!(v["results"], json!([]));
    // Human output names the project.
    env.mind(&["search", "invoices", "--all-projects"])
        .assert()
        .success()
        .stdout(predicate::str::contains("billing: .mind/MEMORY.md:2"));
}

#[test]
fn search_human_output_shows_type_date_place_and_text() {
    let env = env_with_memory();
    let out = env.ok(&["search", "Safari"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with(" 1. learning   2026-01-05  .mind/MEMORY.md:16  "),
        "{out}"
    );
    assert_eq!(
        lines[1],
        "    learned: Safari drops cookies on cross-site redirects"
    );
}

#[test]
fn a_filtered_search_with_no_match_says_which_filters_it_ran_with() {
    let user = User::new();
    let project = user.project("work/app", &["init"]);
    user.ok(&project, &["log", "rejected", "timeout bump - same error"]);
    let out = user
        .mind(
            &project,
            &["search", "timeout", "--type", "decision", "--since", "2w"],
        )
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "mind: no memories match \"timeout\" with --type decision, --since 2w\n"
    );
    // Without the filter the words find the rejection.
    assert!(
        user.ok(&project, &["search", "timeout"])
            .contains("timeout bump")
    );
}

#[test]
fn search_with_no_match_exits_zero_with_a_note() {
    let env = env_with_memory();
    env.mind(&["search", "kubernetes"])
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains("no memories match \"kubernetes\""));
    let v = search_json(&env, &["kubernetes"]);
    assert_eq!(
        v,
        json!({"schema_version": 1, "query": "kubernetes", "results": []})
    );
}

#[test]
fn search_rejects_bad_arguments_without_writing() {
    let env = env_with_memory();
    for args in [
        vec!["search", "  "],
        vec!["search", "x", "--type", "bogus"],
        vec!["search", "x", "--since", "last monsoon"],
        vec!["search", "x", "--since", "tomorrow"],
    ] {
        env.mind(&args).assert().code(2);
    }
    env.mind(&["search"]).assert().code(2);
    assert!(!env.exists(".mind/cache"));
}

#[test]
fn search_index_cache_follows_the_files_and_can_be_deleted() {
    let env = env_with_memory();
    assert_eq!(hits(&search_json(&env, &["DataLoader"])).len(), 2);
    assert!(env.exists(".mind/cache/index.bin"));
    // A hand edit changes the file's hash: the new line is found.
    let mut memory = env.read(".mind/MEMORY.md");
    memory.push_str("learned: DataLoader caches per request too\n");
    env.write(".mind/MEMORY.md", &memory);
    assert_eq!(hits(&search_json(&env, &["DataLoader"])).len(), 3);
    // A damaged cache is ignored and rebuilt.
    env.write(".mind/cache/index.bin", "garbage");
    assert_eq!(hits(&search_json(&env, &["DataLoader"])).len(), 3);
    // A deleted cache too.
    std::fs::remove_dir_all(env.path(".mind/cache")).unwrap();
    assert_eq!(hits(&search_json(&env, &["DataLoader"])).len(), 3);
    assert!(env.exists(".mind/cache/index.bin"));
}

#[test]
fn search_covers_memory_archived_into_the_archive_folder() {
    let env = env_with_memory();
    env.write(
        ".mind/archive/2024.md",
        "# demo, 2024\n\n## 2024-06-03\n\nlearned: the legacy FTP importer chokes on BOM-prefixed CSV files\n",
    );
    let v = search_json(&env, &["FTP importer CSV"]);
    assert_eq!(hits(&v), vec![("learning".to_string(), 5)], "{v:#}");
    assert_eq!(v["results"][0]["file"], ".mind/archive/2024.md");
    assert_eq!(v["results"][0]["date"], "2024-06-03");
    // The archive is indexed through the cache like MEMORY.md, and found again from it.
    assert_eq!(hits(&search_json(&env, &["FTP importer CSV"])).len(), 1);
}

#[test]
fn search_covers_finished_sessions_in_their_archive() {
    let mut env = Env::initialised();
    env.ok(&["log", "experience", "reading the chunked upload handler"]);
    env.at("2026-01-15T12:00:00Z");
    env.ok(&["recall"]);
    // The item was not promoted and SESSION.md was reset: the archive still answers.
    assert!(!env.read(".mind/SESSION.md").contains("chunked upload"));
    let v = search_json(&env, &["chunked upload handler"]);
    assert_eq!(
        v["results"][0]["text"],
        "- reading the chunked upload handler"
    );
    assert_eq!(v["results"][0]["type"], "experience");
    assert_eq!(v["results"][0]["file"], ".mind/sessions/2026-01-15-0900.md");
    assert_eq!(v["results"][0]["date"], "2026-01-15");
}

#[test]
fn search_types_a_rejection_as_rejected() {
    let env = Env::initialised();
    let memory = format!(
        "{}\n## 2026-01-14\n\ndecided: use a queue for webhook retries\ndecided against: bumping the webhook timeout to 60s - still fails under load\n",
        env.read(".mind/MEMORY.md")
    );
    env.write(".mind/MEMORY.md", &memory);
    let line = memory
        .lines()
        .position(|l| l.starts_with("decided against"))
        .unwrap() as u64
        + 1;
    let v = search_json(&env, &["webhook timeout"]);
    assert_eq!(v["results"][0]["type"], "rejected", "{v:#}");
    assert_eq!(v["results"][0]["line"], line);
    // `--type rejected` finds it; `--type decision` does not.
    assert_eq!(
        hits(&search_json(&env, &["webhook", "--type", "rejected"])),
        vec![("rejected".to_string(), line)]
    );
    assert_eq!(
        hits(&search_json(&env, &["webhook", "--type", "decision"])),
        vec![("decision".to_string(), line - 1)]
    );
    let human = env.ok(&["search", "webhook timeout"]);
    assert!(human.contains("rejected"), "{human}");
}

/// Removes colour escape sequences (ESC [ ... letter).
fn strip_colour(text: &str) -> String {
    let escape = regex::Regex::new("\u{1b}\\[[0-9;]*[A-Za-z]").unwrap();
    escape.replace_all(text, "").into_owned()
}

fn search_output(env: &Env, flags: &[&str], vars: &[(&str, &str)]) -> String {
    let mut cmd = env.mind(&["search", "resolver"]);
    cmd.args(flags).env_remove("NO_COLOR");
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn colour_into_a_pipe_follows_the_flag_then_no_color_then_clicolor_force() {
    let env = env_with_memory();
    let plain = search_output(&env, &[], &[]);
    assert!(!plain.contains('\u{1b}'), "a pipe is plain: {plain:?}");
    assert!(
        plain.contains(" 1. decision   2026-01-12  .mind/MEMORY.md:"),
        "{plain:?}"
    );
    let coloured =
        |flags: &[&str], vars: &[(&str, &str)]| search_output(&env, flags, vars).contains('\u{1b}');
    assert!(coloured(&[], &[("CLICOLOR_FORCE", "1")]));
    assert!(coloured(
        &[],
        &[("CLICOLOR_FORCE", "1"), ("CLICOLOR", "0"), ("TERM", "dumb")]
    ));
    assert!(!coloured(
        &[],
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]
    ));
    assert!(
        !coloured(&[], &[("CLICOLOR_FORCE", "")]),
        "an empty value is unset"
    );
    assert!(
        !coloured(&[], &[("CLICOLOR", "1")]),
        "CLICOLOR=1 does not colour a pipe"
    );
    assert!(coloured(&["--color", "always"], &[("NO_COLOR", "1")]));
    assert!(!coloured(&["--color", "never"], &[("CLICOLOR_FORCE", "1")]));
    // Coloured columns line up as the plain ones do: padding counts what the terminal shows.
    let forced = search_output(&env, &[], &[("CLICOLOR_FORCE", "1")]);
    assert_eq!(strip_colour(&forced), plain);
}

/// `mind search` with its stdout on a terminal (a pseudo-terminal from `script`), with the
/// given variables; None where this system cannot give one.
fn search_on_a_terminal(env: &Env, vars: &[(&str, &str)]) -> Option<String> {
    let mind = env!("CARGO_BIN_EXE_mind");
    let mut cmd = std::process::Command::new("script");
    cmd.args(["-qec", &format!("'{mind}' search resolver"), "/dev/null"])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", env.dir.path())
        .env("MIND_HOME", env.home())
        .env("MIND_NOW", &env.now)
        .env("TERM", "xterm-256color")
        .current_dir(env.root());
    for (k, v) in vars {
        cmd.env(k, v);
    }
    let out = cmd.output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n");
    (out.status.success() && text.contains("resolver")).then_some(text)
}

#[test]
fn colour_on_a_terminal_unless_no_color_clicolor_0_or_a_dumb_terminal() {
    let env = env_with_memory();
    let Some(tty) = search_on_a_terminal(&env, &[]) else {
        eprintln!("no pseudo-terminal here (`script`); skipped");
        return;
    };
    assert!(tty.contains('\u{1b}'), "a terminal gets colour: {tty:?}");
    assert!(strip_colour(&tty).contains(" 1. decision   2026-01-12  .mind/MEMORY.md:"));
    for vars in [[("NO_COLOR", "1")], [("CLICOLOR", "0")], [("TERM", "dumb")]] {
        let text = search_on_a_terminal(&env, &vars).unwrap();
        assert!(!text.contains('\u{1b}'), "{vars:?}: {text:?}");
    }
    let forced = search_on_a_terminal(&env, &[("TERM", "dumb"), ("CLICOLOR_FORCE", "1")]).unwrap();
    assert!(forced.contains('\u{1b}'));
}

#[test]
fn search_counts_what_it_shows_in_the_usage_ledger() {
    let env = env_with_memory();
    let first = search_json(&env, &["DataLoader", "--limit", "1"]);
    assert_eq!(first["results"].as_array().unwrap().len(), 1);
    env.ok(&["search", "DataLoader", "--limit", "1"]);
    let ledger = env.read(".mind/cache/usage.tsv");
    let lines: Vec<&str> = ledger.lines().collect();
    // One line appended per search, for the one result shown; same key both times.
    assert_eq!(lines.len(), 2, "{ledger}");
    let key = lines[0].split('\t').next().unwrap();
    assert_eq!(key.len(), 16);
    for line in &lines {
        assert_eq!(
            line.split('\t').collect::<Vec<_>>(),
            [key, "2026-01-15", "1"]
        );
    }
    // Folded, the entry was shown twice, today.
    let v: Value =
        serde_json::from_str(&env.ok(&["status", "--unused", "--json", "--days", "1"])).unwrap();
    let texts: Vec<&str> = v["unused"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["text"].as_str().unwrap())
        .collect();
    let shown = first["results"][0]["text"].as_str().unwrap();
    assert!(!texts.iter().any(|t| shown.contains(t)), "{texts:?}");
    assert!(texts.len() >= 6, "{texts:?}");
}

/// The texts of the results, in order.
fn texts(v: &Value) -> Vec<String> {
    v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["text"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn search_finds_a_gotcha_by_the_workaround_after_its_arrow() {
    // Run the way a person does: a temp HOME, no MIND_HOME, a real git repository.
    let user = User::new();
    let dir = user.folder("work/app");
    user.git(&dir, &["init", "-q"]);
    user.ok(&dir, &["init"]);
    std::fs::write(
        dir.join(".mind/MEMORY.md"),
        "# app\n\n## Gotchas\n- bcrypt is slow on ARM -> use argon2\n- gotcha: the CDN caches 404s → purge after every deploy\n- gotcha: pip resolver backtracks forever -- pin setuptools\n\n## Notes\n- hashing passwords happens in the auth service\n",
    )
    .unwrap();
    let search = |q: &str| -> Value {
        serde_json::from_str(&user.ok(&dir, &["search", q, "--json"])).expect("JSON")
    };
    assert_eq!(
        texts(&search("argon2")),
        vec!["- bcrypt is slow on ARM -> use argon2"]
    );
    assert_eq!(
        texts(&search("purge")),
        vec!["- gotcha: the CDN caches 404s → purge after every deploy"]
    );
    assert_eq!(
        texts(&search("setuptools")),
        vec!["- gotcha: pip resolver backtracks forever -- pin setuptools"]
    );
    // The title still finds it, and the gotcha is still a gotcha.
    let bcrypt = search("bcrypt");
    assert_eq!(hits(&bcrypt), vec![("gotcha".to_string(), 4)]);
}

#[test]
fn search_finds_camel_case_identifiers_by_the_lower_case_word() {
    let env = env_with_memory();
    let lower = search_json(&env, &["dataloader"]);
    assert_eq!(
        hits(&lower),
        vec![("decision".to_string(), 21), ("learning".to_string(), 22)]
    );
    assert_eq!(hits(&lower), hits(&search_json(&env, &["DataLoader"])));
    // Written in snake or kebab case, the identifier is the same word.
    assert_eq!(hits(&lower), hits(&search_json(&env, &["data_loader"])));
    assert_eq!(hits(&lower), hits(&search_json(&env, &["data-loader"])));
}

#[test]
fn a_synonym_alone_never_outranks_the_query_word_itself() {
    // "crash" is common here and "segfault" (its synonym) rare: the rare expansion must not
    // put the segfault line above the lines that say "crash".
    let env = Env::initialised();
    let mut memory = String::from("# demo\n\n## Notes\n- segfault in the image decoder\n");
    for topic in [
        "uploads", "login", "export", "search", "billing", "sync", "charts", "imports",
    ] {
        memory.push_str(&format!("- the app can crash during {topic}\n"));
    }
    for filler in [
        "dark mode ships next week",
        "the docs site moved to a new host",
        "release notes are written by hand",
        "tabs are two spaces wide",
        "the logo is an SVG",
        "staging resets every night",
        "nightly builds are tagged",
        "translations live in one folder",
        "feature flags are read at start",
        "the team meets on Tuesdays",
        "support answers within a day",
    ] {
        memory.push_str(&format!("- {filler}\n"));
    }
    env.write(".mind/MEMORY.md", &memory);
    let found = texts(&search_json(&env, &["crash", "-n", "9"]));
    assert_eq!(found.len(), 9, "{found:?}");
    assert!(found[..8].iter().all(|t| t.contains("crash")), "{found:?}");
    assert_eq!(found[8], "- segfault in the image decoder");
}

const AUTH_DESIGN: &str = "---
category: architecture
tags:
- auth
- api
createdAt: 2026-01-02T09:00:00Z
updatedAt: 2026-02-20T09:00:00Z
---

# Auth design

Access tokens are JWTs signed by the gateway.

## Sessions

- sessions live in Postgres, one row per device
- a session ends after thirty days without use

## Token refresh

- the client refreshes the access token a minute before expiry
- a refresh token is used once and then rotated
- a reused refresh token revokes the whole token family

## Rate limits

- the login endpoint allows five attempts per minute
";

fn env_with_named_memories() -> Env {
    let env = env_with_memory();
    env.write(".mind/memories/auth-design.md", AUTH_DESIGN);
    env.write(
        ".mind/memories/billing-notes.md",
        "---\ncategory: decision\ntags: [billing]\nupdatedAt: 2026-01-30T10:00:00Z\n---\n\n# Billing\n\n## Invoices\n\n- invoices are rotated into cold storage after a year\n- a refresh of the exchange rates runs nightly\n",
    );
    env
}

/// (memory, section) of each result, `-` where absent.
fn places(v: &Value) -> Vec<(String, String)> {
    v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let field = |k: &str| r[k].as_str().unwrap_or("-").to_string();
            (field("memory"), field("section"))
        })
        .collect()
}

#[test]
fn search_finds_a_section_of_a_long_memory_and_names_it() {
    let env = env_with_named_memories();
    let v = search_json(&env, &["refresh token rotated"]);
    let results = v["results"].as_array().unwrap();
    // The best line stands for its section: the section's other matching lines are not
    // listed again.
    let found = places(&v);
    assert_eq!(
        found[..2],
        [
            ("auth-design".to_string(), "Token refresh".to_string()),
            ("billing-notes".to_string(), "Invoices".to_string()),
        ],
        "{v}"
    );
    assert_eq!(
        found
            .iter()
            .filter(|(_, section)| section == "Token refresh")
            .count(),
        1,
        "{v}"
    );
    assert_eq!(
        results[0]["text"],
        "- a refresh token is used once and then rotated"
    );
    assert_eq!(results[0]["file"], ".mind/memories/auth-design.md");
    assert_eq!(results[0]["line"], 22);
    // A named memory's lines are dated by its last update.
    assert_eq!(results[0]["date"], "2026-02-20");
    // MEMORY.md results carry no memory or section.
    let v = search_json(&env, &["Safari cookies"]);
    assert_eq!(v["results"][0]["file"], ".mind/MEMORY.md");
    assert!(v["results"][0].get("memory").is_none(), "{v}");
    assert!(v["results"][0].get("section").is_none(), "{v}");
    // Text above the first heading belongs to the title's section.
    let v = search_json(&env, &["JWTs signed gateway"]);
    assert_eq!(
        places(&v)[0],
        ("auth-design".to_string(), "Auth design".to_string())
    );
    let out = env.ok(&["search", "refresh token rotated"]);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .contains("memory auth-design § Token refresh"),
        "{out}"
    );
}

#[test]
fn search_by_category_and_tag_keeps_only_matching_named_memories() {
    let env = env_with_named_memories();
    // Without a filter MEMORY.md and both memories answer.
    let all = search_json(&env, &["rotated refresh sessions"]);
    let files: Vec<&str> = all["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    assert!(files.contains(&".mind/MEMORY.md"), "{files:?}");
    let memories = |args: &[&str]| -> Vec<String> {
        let mut with = vec!["rotated refresh sessions"];
        with.extend_from_slice(args);
        let mut names: Vec<String> = places(&search_json(&env, &with))
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        names.sort();
        names.dedup();
        names
    };
    assert_eq!(memories(&["--category", "decision"]), vec!["billing-notes"]);
    assert_eq!(
        memories(&["--category", "Architecture"]),
        vec!["auth-design"]
    );
    assert_eq!(memories(&["--tag", "auth"]), vec!["auth-design"]);
    // Repeated tags must all be there; repeated categories are alternatives.
    assert_eq!(
        memories(&["--tag", "auth", "--tag", "api"]),
        vec!["auth-design"]
    );
    assert!(memories(&["--tag", "auth", "--tag", "billing"]).is_empty());
    assert_eq!(
        memories(&["--category", "decision", "--category", "architecture"]),
        vec!["auth-design", "billing-notes"]
    );
    env.mind(&["search", "refresh", "--category", "wizardry"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown category \"wizardry\""));
}

#[test]
fn search_threshold_drops_results_weaker_than_a_share_of_the_best() {
    let env = env_with_named_memories();
    let all = search_json(&env, &["refresh token rotated"]);
    let scores: Vec<f64> = all["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["score"].as_f64().unwrap())
        .collect();
    assert!(scores.len() >= 3, "{all}");
    // The threshold is a share of the best score: between the second's and the third's
    // share, two results are left.
    let second = scores[1] / scores[0];
    let third = scores[2] / scores[0];
    let above = format!("{:.3}", second + 0.01);
    let below = format!("{:.3}", (second + third) / 2.0);
    assert_eq!(
        places(&search_json(
            &env,
            &["refresh token rotated", "--threshold", &above]
        ))
        .len(),
        1
    );
    assert_eq!(
        places(&search_json(
            &env,
            &["refresh token rotated", "--threshold", &below]
        ))
        .len(),
        2
    );
    assert_eq!(
        search_json(&env, &["refresh token rotated", "--threshold", "0"]),
        all
    );
    for bad in ["1.5", "-0.1", "half", "NaN"] {
        env.mind(&["search", "refresh", &format!("--threshold={bad}")])
            .assert()
            .failure()
            .stderr(predicate::str::contains("--threshold"));
    }
}

#[test]
fn search_decay_ranks_the_newer_of_two_close_matches_first_only_when_on() {
    let mut env = Env::initialised();
    env.at("2026-03-15T12:00:00Z");
    env.write(
        ".mind/MEMORY.md",
        "# demo\n\n## 2025-03-01 | cache\n\n- the cache key includes the tenant id\n\n## 2026-03-14 | cache again\n\n- the cache key includes the tenant id and the region name\n",
    );
    let dates = |env: &Env| -> Vec<String> {
        search_json(env, &["cache key tenant"])["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["date"].as_str().unwrap().to_string())
            .collect()
    };
    // Off (the default): the older line matches a little better and ranks first.
    assert_eq!(dates(&env), vec!["2025-03-01", "2026-03-14"]);
    env.write(
        ".mind/config.json",
        r#"{"search": {"decay_half_life_days": 30}}"#,
    );
    assert_eq!(dates(&env), vec!["2026-03-14", "2025-03-01"]);
    // A value that is not a positive number of days is reported and leaves decay off.
    env.write(
        ".mind/config.json",
        r#"{"search": {"decay_half_life_days": -3}}"#,
    );
    assert_eq!(dates(&env), vec!["2025-03-01", "2026-03-14"]);
    env.mind(&["search", "cache key tenant"])
        .assert()
        .success()
        .stderr(predicate::str::contains("search.decay_half_life_days"));
}

#[test]
fn search_all_projects_covers_every_registered_projects_named_memories() {
    // Run the way a person does: a temp HOME, no MIND_HOME, real git repositories.
    let user = User::new();
    let api = user.folder("work/api");
    let shop = user.folder("work/shop");
    for dir in [&api, &shop] {
        user.git(dir, &["init", "-q"]);
        user.ok(dir, &["init"]);
    }
    user.ok(
        &api,
        &[
            "memory",
            "write",
            "auth-design",
            "--category",
            "architecture",
            "--content",
            "# Auth\n\n## Token refresh\n\n- a refresh token is used once and then rotated\n",
        ],
    );
    std::fs::write(
        shop.join(".mind/MEMORY.md"),
        "# shop\n\n## 2026-01-09 | keys\n\n- decided: API keys are rotated every ninety days\n",
    )
    .unwrap();
    let v: Value =
        serde_json::from_str(&user.ok(&shop, &["search", "rotated", "--all-projects", "--json"]))
            .unwrap();
    let got: Vec<(String, String, String)> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let field = |k: &str| r[k].as_str().unwrap_or("-").to_string();
            (field("project"), field("memory"), field("section"))
        })
        .collect();
    assert_eq!(got.len(), 2, "{v}");
    assert!(got.contains(&("api".into(), "auth-design".into(), "Token refresh".into())));
    assert!(got.contains(&("shop".into(), "-".into(), "-".into())));
    let out = user.ok(&shop, &["search", "rotated", "--all-projects"]);
    assert!(
        out.contains("api: memory auth-design § Token refresh"),
        "{out}"
    );
    assert!(out.contains("shop: .mind/MEMORY.md:5"), "{out}");
}

#[test]
fn a_file_written_just_before_the_cache_is_read_again_only_until_the_cache_is_rewritten() {
    let env = Env::initialised();
    env.write(
        ".mind/memories/auth.md",
        "---\ncategory: guide\n---\n# Auth\n\nRefresh tokens rotate on every use.\n",
    );
    let touch = |rel: &str, stamp: &str| {
        let status = std::process::Command::new("touch")
            .args(["-m", "-d", stamp])
            .arg(env.path(rel))
            .status()
            .unwrap();
        assert!(status.success());
    };
    touch(".mind/memories/auth.md", "2026-01-05 10:00:00.000");
    // The files init wrote are long settled as well, so only auth.md is ever racy here,
    // however slowly the searches follow init.
    for written_by_init in [".mind/MEMORY.md", ".mind/SESSION.md"] {
        touch(written_by_init, "2026-01-05 09:00:00.000");
    }
    env.ok(&["search", "refresh tokens"]);
    // The cache as if written half a second after the file last changed: "racily clean", so
    // the file's length and time do not vouch for it and it is read again ...
    touch(".mind/cache/index.bin", "2026-01-05 10:00:00.500");
    let modified = || {
        std::fs::metadata(env.path(".mind/cache/index.bin"))
            .unwrap()
            .modified()
            .unwrap()
    };
    let racy = modified();
    let out = env.ok(&["search", "refresh tokens"]);
    assert!(out.contains("Refresh tokens rotate"), "{out}");
    // ... but that moment is long past, so the cache is written again, and from then on the
    // file is trusted unread: the next search leaves the cache as it is.
    let rewritten = modified();
    assert_ne!(rewritten, racy, "the cache was not rewritten");
    env.ok(&["search", "refresh tokens"]);
    assert_eq!(modified(), rewritten, "the cache was rewritten again");
}

#[test]
fn a_named_memory_edited_in_place_to_the_same_length_is_read_again() {
    // Run the way a person does: a temp HOME, no MIND_HOME, a real git repository.
    let user = User::new();
    let api = user.folder("work/api");
    user.git(&api, &["init", "-q"]);
    user.ok(&api, &["init"]);
    let memory = api.join(".mind/memories/auth.md");
    let other = api.join(".mind/memories/billing.md");
    std::fs::create_dir_all(api.join(".mind/memories")).unwrap();
    std::fs::write(&memory, "# Auth\n\nRefresh tokens rotate on every use.\n").unwrap();
    std::fs::write(&other, "# Billing\n\nInvoices are sent monthly.\n").unwrap();
    let touch = |path: &std::path::Path, stamp: &str| {
        let status = std::process::Command::new("touch")
            .args(["-m", "-d", stamp])
            .arg(path)
            .status()
            .unwrap();
        assert!(status.success());
    };
    touch(&memory, "2026-01-05 10:00:00");
    touch(&other, "2026-01-05 10:00:00");
    // The cache is written now, long after both files last changed: it vouches for them.
    let out = user.ok(&api, &["search", "refresh tokens"]);
    assert!(out.contains("Refresh tokens rotate"), "{out}");
    // Overwrite the bytes in place (same length, the folder's own time untouched), then
    // give the file another old time: only its own time says it changed.
    {
        use std::io::{Seek, Write};
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(&memory)
            .unwrap();
        f.seek(std::io::SeekFrom::Start(8)).unwrap();
        f.write_all(b"Session").unwrap();
    }
    touch(&memory, "2026-01-06 10:00:00");
    assert_eq!(
        std::fs::read_to_string(&memory).unwrap(),
        "# Auth\n\nSession tokens rotate on every use.\n"
    );
    let out = user.ok(&api, &["search", "session tokens"]);
    assert!(out.contains("Session tokens rotate"), "{out}");
    let out = user.ok(&api, &["search", "refresh"]);
    assert!(!out.contains("tokens rotate"), "{out}");
    // The untouched memory is still found through the cache.
    let out = user.ok(&api, &["search", "invoices"]);
    assert!(out.contains("Invoices are sent monthly"), "{out}");
}

/// (text, line, date) of each result of `mind search --json QUERY` run by `user` in `dir`.
fn user_hits(user: &User, dir: &std::path::Path, query: &str) -> Vec<(String, u64, String)> {
    common::search_hits(&user.ok(dir, &["search", "--json", query]))
}

#[test]
fn search_over_a_memory_larger_than_a_read_piece_finds_lines_anywhere_and_after_an_append() {
    // Larger than the piece the index reads at a time, with a section, a fence and invalid
    // UTF-8 on either side of the boundaries: every line keeps its text, line number, type
    // and date, before and after a log appends to it.
    let user = User::new();
    let dir = user.folder("work/big");
    user.ok(&dir, &["init", "--quiet"]);
    let mut memory =
        b"# big\n\n## 2025-01-02 | start\n\ndecided: use zebracache for the first sessions\n"
            .to_vec();
    let mut line = 5;
    for i in 0..32_000 {
        if i % 1000 == 0 {
            memory.extend_from_slice(
                format!("\n## 2025-02-{:02} | filler\n\n", 1 + i / 1000 % 28).as_bytes(),
            );
            line += 3;
        }
        match i % 500 {
            7 => {
                memory.extend_from_slice(b"```\ndecided: zebracache inside a fence is code\n```\n")
            }
            9 => memory.extend_from_slice(b"learned: bytes \xff\xfe here are not UTF-8\n"),
            _ => memory
                .extend_from_slice(format!("decided: use filler {i} for padding\n").as_bytes()),
        }
        line += if i % 500 == 7 { 3 } else { 1 };
    }
    memory
        .extend_from_slice(b"\n## 2025-03-04 | end\n\nlearned: zebracache drops keys under load\n");
    let last = line + 4;
    assert!(memory.len() > 1 << 20, "{} bytes", memory.len());
    std::fs::write(dir.join(".mind/MEMORY.md"), &memory).unwrap();
    let expected = vec![
        (
            "learned: zebracache drops keys under load".to_string(),
            last as u64,
            "2025-03-04".to_string(),
        ),
        (
            "decided: use zebracache for the first sessions".to_string(),
            5,
            "2025-01-02".to_string(),
        ),
    ];
    let mut found = user_hits(&user, &dir, "zebracache");
    found.sort_by_key(|h| std::cmp::Reverse(h.1));
    assert_eq!(found, expected);
    let broken = user_hits(&user, &dir, "UTF-8");
    assert!(!broken.is_empty());
    assert!(
        broken
            .iter()
            .all(|h| h.0 == "learned: bytes \u{fffd}\u{fffd} here are not UTF-8")
    );

    user.ok(
        &dir,
        &[
            "log",
            "decision",
            "zebracache stays for the sessions",
            "--quiet",
        ],
    );
    let mut found = user_hits(&user, &dir, "zebracache");
    found.sort_by_key(|h| std::cmp::Reverse(h.1));
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(
        found[0].0.contains("zebracache stays for the sessions"),
        "{found:?}"
    );
    assert!(found[0].1 > last as u64);
    assert_eq!(found[1..], expected[..]);
}

#[test]
fn a_search_shows_its_lines_right_when_other_lines_of_a_large_memory_change_in_place() {
    // Run the way a person does: a temp HOME, no MIND_HOME, a real git repository.
    let user = User::new();
    let dir = user.folder("work/big");
    user.git(&dir, &["init", "-q"]);
    user.ok(&dir, &["init", "--quiet"]);
    let mut memory =
        b"# big\n\n## 2025-01-02 | start\n\ndecided: use zebracache for the first sessions\n"
            .to_vec();
    for i in 0..20_000 {
        memory.extend_from_slice(format!("decided: use filler {i:05} for padding\n").as_bytes());
    }
    memory.extend_from_slice(b"learned: zebracache drops keys under load\n");
    assert!(
        memory.len() > 4 << 16,
        "several blocks: {} bytes",
        memory.len()
    );
    let path = dir.join(".mind/MEMORY.md");
    std::fs::write(&path, &memory).unwrap();
    let touch = |stamp: &str| {
        let status = std::process::Command::new("touch")
            .args(["-m", "-d", stamp])
            .arg(&path)
            .status()
            .unwrap();
        assert!(status.success());
    };
    // Long settled when the cache is written: from then on its length and time vouch for it.
    touch("2026-01-05 10:00:00");
    let expected = vec![
        (
            "learned: zebracache drops keys under load".to_string(),
            20_006,
            "2025-01-02".to_string(),
        ),
        (
            "decided: use zebracache for the first sessions".to_string(),
            5,
            "2025-01-02".to_string(),
        ),
    ];
    let mut found = user_hits(&user, &dir, "zebracache");
    found.sort_by_key(|h| std::cmp::Reverse(h.1));
    assert_eq!(found, expected);
    // A line in the middle, far from both shown lines, rewritten in place to the same length
    // and the file given back its time: the cache still vouches for the file, and the lines
    // shown are read from their own part of the file, which did not change.
    let at = memory
        .windows(6)
        .position(|w| w == b"10000 ")
        .expect("the middle line");
    {
        use std::io::{Seek, Write};
        let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.seek(std::io::SeekFrom::Start(at as u64)).unwrap();
        f.write_all(b"99999 ").unwrap();
    }
    touch("2026-01-05 10:00:00");
    let mut found = user_hits(&user, &dir, "zebracache");
    found.sort_by_key(|h| std::cmp::Reverse(h.1));
    assert_eq!(found, expected);
    // A shown line rewritten the same way is not shown as it was.
    let first = memory.windows(10).position(|w| w == b"zebracache").unwrap();
    {
        use std::io::{Seek, Write};
        let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.seek(std::io::SeekFrom::Start(first as u64)).unwrap();
        f.write_all(b"zebraCACHE").unwrap();
    }
    touch("2026-01-05 10:00:00");
    let found = user_hits(&user, &dir, "zebracache");
    assert!(
        found.iter().all(|h| h.0 != expected[1].0),
        "a changed line shown as it was: {found:?}"
    );
}

/// A promoted item is in MEMORY.md and in the finished session's archive: search shows the
/// memory's line once, not the archive's copy beside it; what only the archive holds is still
/// found. Run as a person runs it: temp HOME, a git repository.
#[test]
fn a_promoted_line_is_not_shown_again_from_the_session_archive() {
    let mut user = common::User::new();
    let project = user.project("work/web", &["init"]);
    user.ok(
        &project,
        &[
            "log",
            "experience",
            "turns out Safari drops cookies on cross-site redirects",
        ],
    );
    user.ok(
        &project,
        &[
            "log",
            "assumption",
            "the Safari cookie fix holds for iOS too",
        ],
    );
    user.at("2026-01-16T09:00:00Z");
    user.ok(&project, &["recall"]);
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains("learned: turns out Safari drops cookies"),
        "{memory}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&user.ok(&project, &["search", "safari cookies", "--json"])).unwrap();
    let hits: Vec<(String, String)> = (json["results"].as_array().unwrap().iter())
        .map(|r| {
            let file = r["file"].as_str().unwrap_or_default().to_string();
            (file, r["text"].as_str().unwrap().to_string())
        })
        .collect();
    let copies = hits
        .iter()
        .filter(|(_, t)| t.contains("turns out Safari drops cookies"))
        .count();
    assert_eq!(copies, 1, "{hits:?}");
    assert!(
        hits.iter()
            .any(|(f, t)| f.contains(".mind/sessions/") && t.contains("holds for iOS too")),
        "{hits:?}"
    );
}

/// A decision that a later one takes back is marked where a search shows it beside the one
/// that replaced it ("use bcrypt for password hashing", then "use argon2 instead of bcrypt
/// for password hashing"): the context block no longer lists it, and the search says why.
/// A decision about the same thing that still holds is not marked. Run as a person runs it:
/// temp HOME, a git repository.
#[test]
fn a_search_marks_a_decision_a_later_one_took_back() {
    let user = User::new();
    let project = user.project("work/auth", &["init"]);
    user.log_each(&project, "decision", &crate::recall::BCRYPT_TO_ARGON2);
    let out = user.ok(&project, &["search", "bcrypt password hashing"]);
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    let line_of = |text: &str| {
        memory
            .lines()
            .position(|l| l.contains(text))
            .map(|i| i + 1)
            .unwrap()
    };
    let argon2 = line_of("use argon2 instead of bcrypt");
    assert!(
        out.contains(&format!(
            "decided: use bcrypt for password hashing [taken back by .mind/MEMORY.md:{argon2}]"
        )),
        "{out}"
    );
    assert!(
        out.contains(
            "decided: keep bcrypt hashes of the legacy API tokens until they expire in March\n"
        ),
        "{out}"
    );
    let json: Value =
        serde_json::from_str(&user.ok(&project, &["search", "--json", "bcrypt password hashing"]))
            .unwrap();
    let marks: Vec<(u64, Value)> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["line"].as_u64().unwrap(), r["taken_back_by"].clone()))
        .collect();
    let bcrypt = line_of("use bcrypt for password hashing") as u64;
    assert!(
        marks.contains(&(bcrypt, json!(format!(".mind/MEMORY.md:{argon2}")))),
        "{marks:?}"
    );
    assert_eq!(
        marks.iter().filter(|(_, by)| !by.is_null()).count(),
        1,
        "{marks:?}"
    );
}

#[test]
fn chinese_japanese_and_korean_lines_are_found_by_a_word_inside_them_and_a_fix_closes_its_problem()
{
    // Run the way a person does: a temp HOME, no MIND_* but the clock, real git, two
    // projects. CJK text has no spaces between words, so a word is found inside a run.
    let user = User::new();
    let app = user.project("work/app", &["init", "--quiet"]);
    let other = user.project("work/other", &["init", "--quiet"]);
    user.ok(&app, &["log", "问题：构建失败"]);
    user.ok(&app, &["log", "问题：部署脚本超时"]);
    user.ok(&app, &["log", "修复：构建失败已修复，原因是缓存过期"]);
    user.ok(
        &app,
        &[
            "log",
            "learning",
            "キャッシュの期限が切れるとビルドが失敗する",
        ],
    );
    user.ok(&app, &["log", "gotcha", "빌드가 캐시 때문에 실패함"]);
    user.ok(
        &other,
        &["log", "decision", "keep the build cache for a day"],
    );

    let texts = |query: &str| -> Vec<String> {
        user_hits(&user, &app, query)
            .into_iter()
            .map(|h| h.0)
            .collect()
    };
    assert_eq!(
        texts("构建"),
        vec!["问题：构建失败", "修复：构建失败已修复，原因是缓存过期"]
    );
    assert_eq!(texts("缓存"), vec!["修复：构建失败已修复，原因是缓存过期"]);
    assert_eq!(texts("脚本"), vec!["问题：部署脚本超时"]);
    assert_eq!(
        texts("キャッシュ"),
        vec!["learned: キャッシュの期限が切れるとビルドが失敗する"]
    );
    assert_eq!(texts("빌드"), vec!["gotcha: 빌드가 캐시 때문에 실패함"]);
    // A word that is not in any line finds nothing, and the other project is its own.
    for (dir, query) in [(&app, "超市"), (&other, "构建")] {
        user.mind(dir, &["search", query])
            .assert()
            .success()
            .stdout("")
            .stderr(format!("mind: no memories match \"{query}\"\n"));
    }

    // The Chinese fix resolves the Chinese problem it names, and only that one.
    let memory = app.join(".mind/MEMORY.md");
    let parsed = user.ok(&app, &["parse", "--json", memory.to_str().unwrap()]);
    let status = |title: &str| -> (String, bool) {
        let v: Value = parsed
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .find(|v| v["title"] == title)
            .unwrap_or_else(|| panic!("{title} in {parsed}"));
        (
            v["status"].as_str().unwrap_or_default().to_string(),
            v["resolved_by"].is_u64(),
        )
    };
    assert_eq!(status("构建失败"), ("resolved".to_string(), true));
    assert_eq!(status("部署脚本超时"), ("open".to_string(), false));
    let recall = user.ok(&app, &["recall"]);
    assert!(recall.contains("- [!] 部署脚本超时"), "{recall}");
    assert!(!recall.contains("[!] 构建失败"), "{recall}");
}

#[test]
fn a_choice_taken_back_ranks_right_after_the_one_that_replaced_it() {
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    user.at("2026-03-06T09:00:00Z");
    user.ok(
        &project,
        &[
            "log",
            "decision",
            "use Postmark for transactional email instead of SES",
        ],
    );
    user.at("2026-03-11T09:00:00Z");
    user.ok(
        &project,
        &[
            "log",
            "decision",
            "switch from Postmark to Resend for transactional email because Postmark pricing changed",
        ],
    );
    let hits = common::search_hits(&user.ok(
        &project,
        &[
            "search",
            "transactional email provider",
            "-n",
            "2",
            "--json",
        ],
    ));
    let texts: Vec<&str> = hits.iter().map(|(t, _, _)| t.as_str()).collect();
    assert_eq!(
        texts,
        [
            "decided: switch from Postmark to Resend for transactional email because Postmark pricing changed",
            "decided: use Postmark for transactional email instead of SES",
        ]
    );
    let shown = user.ok(
        &project,
        &["search", "transactional email provider", "-n", "2"],
    );
    assert!(
        shown.contains("instead of SES [taken back by .mind/MEMORY.md:"),
        "{shown}"
    );
}
