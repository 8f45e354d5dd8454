//! `mind checkpoint`: inline `MEMORY:` comments harvested from the project's files.

use crate::common;

use common::Env;
use serde_json::Value;

fn json(out: &str) -> Value {
    serde_json::from_str(out).expect("json output")
}

/// The lines mind appended after the template's last line.
fn appended(env: &Env) -> Vec<String> {
    let memory = env.read(".mind/MEMORY.md");
    let (_, after) = memory.rsplit_once("-->\n---\n").expect("template end");
    after.lines().map(str::to_string).collect()
}

fn sources(env: &Env) {
    env.write(
        "src/auth.rs",
        "fn login() {}\n\n// MEMORY: decided: cache tokens for 5 min because the API rate limits\nfn logout() {}\n",
    );
    env.write(
        "app/api.py",
        "def f():\n    \"\"\"Fetch.\n\n    MEMORY: the API allows 100 requests a minute\n    \"\"\"\n    s = '# MEMORY: not a comment'\n",
    );
    env.write(
        "web/page.html",
        "<main>\n<!-- MEMORY: gotcha: Safari drops the cookie -->\n</main>\n",
    );
    env.write(
        "db/schema.sql",
        "-- MEMORY: problem: ids overflow at 2^31\nSELECT 1;\n",
    );
    env.write(
        "README.md",
        "```rust\n// MEMORY: decided: an example in docs\n```\n",
    );
}

#[test]
fn harvests_comments_with_provenance_under_todays_heading() {
    let env = Env::initialised();
    sources(&env);
    let out = json(&env.ok(&["checkpoint", "--json"]));
    assert_eq!(out["comments"], 4);
    assert_eq!(out["dry_run"], false);
    let added: Vec<&str> = out["added"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["line"].as_str().unwrap())
        .collect();
    assert_eq!(
        added,
        vec![
            "learned: the API allows 100 requests a minute (app/api.py:4)",
            "problem: ids overflow at 2^31 (db/schema.sql:1)",
            "decided: cache tokens for 5 min because the API rate limits (src/auth.rs:3)",
            "gotcha: Safari drops the cookie (web/page.html:2)",
        ]
    );
    assert_eq!(out["added"][2]["type"], "decision");
    assert_eq!(out["added"][0]["type"], "learning");
    // The template's date heading is today's, so the lines go straight under it.
    assert_eq!(appended(&env), added);
    assert!(env.read("CLAUDE.md").contains("cache tokens for 5 min"));
}

#[test]
fn checkpoint_twice_adds_nothing() {
    let env = Env::initialised();
    sources(&env);
    env.ok(&["checkpoint"]);
    let memory = env.read_bytes(".mind/MEMORY.md");
    let out = json(&env.ok(&["checkpoint", "--json"]));
    assert_eq!(out["added"].as_array().unwrap().len(), 0);
    assert_eq!(out["already_known"], 4);
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
}

#[test]
fn a_moved_comment_adds_nothing() {
    let mut env = Env::initialised();
    env.write("src/a.rs", "// MEMORY: decided: keep the retry loop\n");
    env.ok(&["checkpoint"]);
    env.write(
        "src/a.rs",
        "use std::io;\n\nfn main() {}\n\n    // MEMORY:   decided: keep the retry loop.\n",
    );
    env.write("src/b.rs", "/* MEMORY: decided: keep the retry loop */\n");
    env.at("2026-01-16T09:00:00Z");
    let memory = env.read_bytes(".mind/MEMORY.md");
    let out = json(&env.ok(&["checkpoint", "--json"]));
    assert_eq!(out["added"].as_array().unwrap().len(), 0);
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
}

#[test]
fn new_day_new_heading() {
    let mut env = Env::initialised();
    env.at("2026-01-17T10:00:00Z");
    env.write("a.rs", "// MEMORY: learned: the cache warms in 2 s\n");
    env.ok(&["checkpoint"]);
    assert_eq!(
        appended(&env),
        vec![
            "",
            "## 2026-01-17",
            "",
            "learned: the cache warms in 2 s (a.rs:1)"
        ]
    );
    let state = json(&env.read(".mind/state.json"));
    assert_eq!(state["last_activity"], 1_768_644_000_000_i64);
}

#[test]
fn a_harvested_line_deleted_by_hand_stays_deleted() {
    let env = Env::initialised();
    env.write("a.rs", "// MEMORY: decided: not worth keeping\n");
    env.ok(&["checkpoint"]);
    let memory = env.read(".mind/MEMORY.md");
    let trimmed = memory.replace("decided: not worth keeping (a.rs:1)\n", "");
    env.write(".mind/MEMORY.md", &trimmed);
    env.ok(&["checkpoint"]);
    assert_eq!(env.read(".mind/MEMORY.md"), trimmed);
    // The ledger is a cache: without it the comment comes back once.
    std::fs::remove_dir_all(env.path(".mind/cache")).unwrap();
    env.ok(&["checkpoint"]);
    assert!(
        env.read(".mind/MEMORY.md")
            .contains("decided: not worth keeping (a.rs:1)")
    );
}

#[test]
fn ignore_files_mind_dir_binary_and_large_files_are_skipped() {
    let env = Env::initialised();
    env.write(".gitignore", "generated/\n");
    env.write(".mindignore", "vendor/\n");
    env.write(
        "generated/x.rs",
        "// MEMORY: decided: ignored by gitignore\n",
    );
    env.write("vendor/y.rs", "// MEMORY: decided: ignored by mindignore\n");
    env.write("node_modules/z.js", "// MEMORY: decided: never scanned\n");
    env.write(
        ".mind/memories/n.md",
        "<!-- MEMORY: decided: inside .mind -->\n",
    );
    env.write("blob.bin", b"\x00\x01// MEMORY: decided: binary\n");
    env.write(
        "big.rs",
        format!("// MEMORY: decided: too big\n{}", "x".repeat(200)),
    );
    env.write("kept.rs", "// MEMORY: decided: the only one\n");
    let config = env.read(".mind/config.json");
    env.write(
        ".mind/config.json",
        config.replacen('{', "{\n  \"capture\": {\"max_file_bytes\": 100},", 1),
    );
    let out = json(&env.ok(&["checkpoint", "--json"]));
    assert_eq!(out["comments"], 1, "{out}");
    assert_eq!(out["added"][0]["line"], "decided: the only one (kept.rs:1)");
    // big.rs and CLAUDE.md (whose context block alone is larger than 100 bytes).
    assert_eq!(out["skipped"]["too_large"], 2);
    assert_eq!(out["skipped"]["binary"], 1);
}

#[test]
fn dry_run_writes_nothing() {
    let env = Env::initialised();
    env.write("a.rs", "// MEMORY: decided: maybe later\n");
    let memory = env.read_bytes(".mind/MEMORY.md");
    let claude = env.read_bytes("CLAUDE.md");
    let state = env.read_bytes(".mind/state.json");
    let out = env.ok(&["checkpoint", "--dry-run"]);
    assert_eq!(
        out,
        "scanned 2 files: 1 MEMORY: comment(s), 1 would add, 0 already known\n  + decided: maybe later (a.rs:1)\n"
    );
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
    assert_eq!(env.read_bytes("CLAUDE.md"), claude);
    assert_eq!(env.read_bytes(".mind/state.json"), state);
    assert!(!env.exists(".mind/cache/harvested.tsv"));
}

#[test]
fn comments_can_be_turned_off() {
    let env = Env::initialised();
    env.write("a.rs", "// MEMORY: decided: not today\n");
    let config = env.read(".mind/config.json");
    env.write(
        ".mind/config.json",
        config.replacen('{', "{\n  \"capture\": {\"comments\": false},", 1),
    );
    let out = json(&env.ok(&["checkpoint", "--json"]));
    assert_eq!(out["comments"], 0);
    assert!(!env.read(".mind/MEMORY.md").contains("not today"));
}

#[test]
fn checkpoint_needs_a_project() {
    let env = Env::new();
    let out = env.mind(&["checkpoint"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("run `mind init`"));
}

/// A note left in the code states what holds there: "the arena is not Sync" is harvested as
/// a learning, not as an open problem that nothing would ever close; `MEMORY: problem: ...`
/// still opens one. Run as a person runs it: a temp HOME, a git repository.
#[test]
fn a_comment_opens_a_problem_only_when_it_says_problem() {
    let user = common::User::new();
    let project = user.project("work/engine", &["init"]);
    std::fs::write(
        project.join("arena.rs"),
        "// MEMORY: the arena is not Sync\n\
         // MEMORY: uploads over 10MB are not supported by the proxy\n\
         // MEMORY: problem: the arena leaks on panic\n\
         pub struct Arena;\n",
    )
    .unwrap();
    let out = json(&user.ok(&project, &["checkpoint", "--json"]));
    let added: Vec<(&str, &str)> = (out["added"].as_array().unwrap().iter())
        .map(|a| (a["type"].as_str().unwrap(), a["line"].as_str().unwrap()))
        .collect();
    assert_eq!(
        added,
        [
            ("learning", "learned: the arena is not Sync (arena.rs:1)"),
            (
                "learning",
                "learned: uploads over 10MB are not supported by the proxy (arena.rs:2)"
            ),
            ("problem", "problem: the arena leaks on panic (arena.rs:3)"),
        ]
    );
    let claude = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    let open = claude.split("## ").find(|s| s.starts_with("Open Loops"));
    let open = open.unwrap_or_default();
    assert!(open.contains("the arena leaks on panic"), "{claude}");
    assert!(!open.contains("not Sync"), "{claude}");
    assert!(!open.contains("not supported"), "{claude}");
}
