//! `mind edges INTENT` and `mind edges add`: project gotchas and global edges.

use crate::common;
use crate::gitrun;

use common::Env;
use predicates::prelude::*;
use serde_json::{Value, json};

const MEMORY: &str = ".mind/MEMORY.md";

/// Global edges in the Python Mind's schema; one has no code patterns, one a null.
const GLOBAL_EDGES: &str = r#"[
  {
    "id": "a1b2c3d4",
    "title": "Safari ITP blocks cross-domain cookies",
    "description": "Third-party cookies are dropped, so a session cookie set by another domain vanishes.",
    "workaround": "Serve the auth endpoint from the same domain",
    "detection": {"context": ["nextjs"], "intent": ["cross-domain cookie", "third-party cookie"], "code": ["document.cookie", "SameSite=None"]},
    "stack_tags": ["safari"],
    "severity": "critical",
    "created_at": "2025-12-01T10:00:00"
  },
  {
    "id": "e5f6a7b8",
    "title": "Django CSRF cookie needs the trusted origins list",
    "description": "Cookie-based CSRF fails behind a proxy.",
    "workaround": "Set CSRF_TRUSTED_ORIGINS",
    "detection": {"context": [], "intent": [], "code": null},
    "stack_tags": ["django"],
    "severity": "warning",
    "created_at": "2025-12-02T10:00:00"
  },
  {
    "id": "c9d0e1f2",
    "title": "Vercel Edge runtime has no Node crypto",
    "description": "",
    "workaround": "Use the Web Crypto API",
    "detection": {"intent": ["edge function"]},
    "stack_tags": ["vercel", "nextjs"],
    "created_at": "2025-12-03T10:00:00"
  }
]
"#;

fn with_gotchas(env: &Env) {
    let memory = env.read(MEMORY).replace(
        "<!-- Project-specific gotchas -->\n",
        "<!-- Project-specific gotchas -->\n- Session cookie lost after login redirect -> set it on the API domain\n- Windows paths break the file watcher -> normalise with dunce\n",
    );
    env.write(MEMORY, memory);
    env.ok(&[
        "log",
        "gotcha",
        "tests share one database -- run them with --test-threads=1",
    ]);
}

fn json_of(env: &Env, args: &[&str]) -> Value {
    serde_json::from_str(&env.ok(args)).expect("JSON reply")
}

fn titles(reply: &Value) -> Vec<String> {
    reply["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["title"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn ranks_project_and_global_edges_with_the_detected_stack() {
    let env = Env::initialised();
    with_gotchas(&env);
    env.write(
        "package.json",
        r#"{"dependencies": {"next": "15.1.0", "react": "19"}}"#,
    );
    std::fs::write(env.home().join("global_edges.json"), GLOBAL_EDGES).unwrap();

    let reply = json_of(
        &env,
        &[
            "--json",
            "edges",
            "store the session token in a cross-domain cookie",
        ],
    );
    assert_eq!(reply["stack_source"], "detected");
    assert_eq!(reply["stack"], json!(["nextjs", "react", "node"]));
    assert_eq!(
        titles(&reply),
        [
            "Safari ITP blocks cross-domain cookies",
            "Session cookie lost after login redirect",
            "Django CSRF cookie needs the trusted origins list",
        ]
    );
    let edges = reply["edges"].as_array().unwrap();
    // The intent phrase and the stack match: full confidence, with the reasons given.
    assert_eq!(edges[0]["confidence"], 1.0);
    assert_eq!(
        edges[0]["matched"]["intent"],
        json!(["cross-domain cookie"])
    );
    assert_eq!(edges[0]["matched"]["stack"], json!(["nextjs"]));
    assert_eq!(edges[0]["source"], "global");
    assert_eq!(edges[0]["severity"], "critical");
    assert_eq!(edges[1]["source"], "project");
    assert_eq!(edges[1]["line"], 15);
    assert_eq!(edges[1]["workaround"], "set it on the API domain");
    assert_eq!(
        edges[1]["matched"]["intent"],
        json!(["session", "domain", "cookie"])
    );
    // A Django edge on a Next.js project only matches on a word, and ranks last.
    assert!(edges[2]["confidence"].as_f64().unwrap() < edges[1]["confidence"].as_f64().unwrap());
    assert_eq!(edges[2]["matched"]["stack"], json!([]));

    // The same intent on a Django stack lifts the Django edge above the project gotcha.
    let reply = json_of(
        &env,
        &[
            "--json",
            "edges",
            "store the session token in a cross-domain cookie",
            "--stack",
            "Django",
        ],
    );
    assert_eq!(reply["stack_source"], "given");
    let edges = reply["edges"].as_array().unwrap();
    let django = edges.iter().position(|e| e["id"] == "e5f6a7b8").unwrap();
    assert_eq!(edges[django]["matched"]["stack"], json!(["django"]));
    assert!(edges[django]["confidence"].as_f64().unwrap() > 0.4);

    // Human output: confidence, title, origin, workaround, reasons.
    let out = env.ok(&["edges", "set a third-party cookie"]);
    assert!(out.starts_with("stack: nextjs, react, node (detected)\n1.00  Safari ITP blocks cross-domain cookies  [global, critical]\n"));
    assert!(out.contains("      workaround: Serve the auth endpoint from the same domain\n"));
    assert!(out.contains("      matched: intent third-party cookie; stack nextjs\n"));
}

#[test]
fn stop_words_and_substrings_do_not_match() {
    let env = Env::initialised();
    with_gotchas(&env);
    std::fs::write(env.home().join("global_edges.json"), GLOBAL_EDGES).unwrap();
    // "a", "to", "the", "in" are in nearly every title; "auth" is inside "author".
    env.mind(&["edges", "add a page to the author view in the app"])
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains("no gotchas match"));
    env.mind(&["edges", "add the a to"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("only common words"));
}

#[test]
fn code_patterns_match_and_edges_without_them_never_crash() {
    let env = Env::initialised();
    std::fs::write(env.home().join("global_edges.json"), GLOBAL_EDGES).unwrap();
    let reply = json_of(
        &env,
        &[
            "--json",
            "edges",
            "persist the login",
            "--code",
            "document.cookie = `sid=${id}; SameSite=None`",
        ],
    );
    let first = &reply["edges"][0];
    assert_eq!(first["id"], "a1b2c3d4");
    assert_eq!(
        first["matched"]["code"],
        json!(["document.cookie", "SameSite=None"])
    );
    // The Django edge has `"code": null` and the Vercel one no code key: both are ranked
    // without error, and code words are matched against their text instead.
    assert!(
        titles(&reply).contains(&"Django CSRF cookie needs the trusted origins list".to_string())
    );
    env.ok(&["edges", "write an edge function"]);
}

#[test]
fn global_edges_work_outside_a_project() {
    let env = Env::new();
    std::fs::write(env.home().join("global_edges.json"), GLOBAL_EDGES).unwrap();
    env.write("vercel.json", "{}");
    let reply = json_of(&env, &["--json", "edges", "deploy an edge function"]);
    assert_eq!(reply["stack"], json!(["vercel"]));
    assert_eq!(titles(&reply), ["Vercel Edge runtime has no Node crypto"]);
    assert_eq!(reply["edges"][0]["matched"]["stack"], json!(["vercel"]));
}

#[test]
fn malformed_global_edges_is_an_error_and_never_overwritten() {
    let env = Env::initialised();
    let path = env.home().join("global_edges.json");
    let broken = "[{\"title\": \"half written\",";
    std::fs::write(&path, broken).unwrap();
    env.mind(&["edges", "store a cookie"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("global_edges.json"))
        .stderr(predicate::str::contains("invalid JSON"));
    env.mind(&["edges", "add", "x", "--workaround", "y", "--global"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("global_edges.json"));
    std::fs::write(&path, "{\"not\": \"a list\"}").unwrap();
    env.mind(&["edges", "store a cookie"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a JSON list of edges"));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"not\": \"a list\"}"
    );
}

#[test]
fn add_a_project_gotcha_inserts_one_line() {
    let env = Env::initialised();
    let before = env.read(MEMORY);
    let out = env.ok(&[
        "edges",
        "add",
        "Safari private mode throws on localStorage",
        "--workaround",
        "wrap it in try/catch",
        "--description",
        "quota is zero",
    ]);
    assert_eq!(out, "added gotcha to .mind/MEMORY.md:15\n");
    let expected = before.replace(
        "<!-- Project-specific gotchas -->\n",
        "<!-- Project-specific gotchas -->\n- Safari private mode throws on localStorage: quota is zero -> wrap it in try/catch\n",
    );
    assert_eq!(env.read(MEMORY), expected);
    // It is found, and a second add of the same title is refused.
    let reply = json_of(&env, &["--json", "edges", "save drafts to localStorage"]);
    assert_eq!(reply["edges"][0]["line"], 15);
    let after = env.read_bytes(MEMORY);
    env.mind(&[
        "edges",
        "add",
        "safari private mode throws on localStorage: quota is zero",
        "--workaround",
        "z",
    ])
    .assert()
    .code(1)
    .stderr(predicate::str::contains("already has this gotcha"));
    env.mind(&["edges", "add", "x", "--workaround", "y", "--stack", "rust"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("describe global edges"));
    env.mind(&["edges", "add", "a -> b", "--workaround", "y"])
        .assert()
        .code(2);
    env.mind(&["edges", "add", "x", "--workaround", " "])
        .assert()
        .code(2);
    assert_eq!(env.read_bytes(MEMORY), after);
}

#[test]
fn add_global_edges_in_the_python_schema() {
    let env = Env::initialised();
    env.ok(&[
        "edges",
        "add",
        "Vercel Edge runtime has no Node crypto",
        "--workaround",
        "Use the Web Crypto API",
        "--global",
        "--stack",
        "Vercel",
        "--stack",
        "Next.js",
        "--intent",
        "edge function",
        "--code",
        "require('crypto')",
        "--severity",
        "critical",
    ]);
    let path = env.home().join("global_edges.json");
    let first = std::fs::read_to_string(&path).unwrap();
    let list: Value = serde_json::from_str(&first).unwrap();
    let edge = &list[0];
    let mut keys: Vec<&str> = edge
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort();
    let mut expected = vec![
        "id",
        "title",
        "description",
        "workaround",
        "detection",
        "stack_tags",
        "severity",
        "created_at",
    ];
    expected.sort();
    assert_eq!(keys, expected);
    assert_eq!(edge["id"].as_str().unwrap().len(), 8);
    assert_eq!(
        edge["detection"],
        json!({"context": [], "intent": ["edge function"], "code": ["require('crypto')"]})
    );
    assert_eq!(edge["stack_tags"], json!(["vercel", "nextjs"]));
    assert_eq!(edge["severity"], "critical");
    assert_eq!(edge["created_at"], "2026-01-15T09:00:00");

    env.ok(&["edges", "add", "Second", "--workaround", "w", "--global"]);
    let second = std::fs::read_to_string(&path).unwrap();
    // The first entry's bytes are untouched; the new one follows it.
    assert!(second.starts_with(first.trim_end().strip_suffix(']').unwrap().trim_end()));
    let list: Value = serde_json::from_str(&second).unwrap();
    assert_eq!(list[1]["severity"], "warning");
    env.mind(&["edges", "add", "second", "--workaround", "w", "--global"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("already exists"));

    let reply = json_of(
        &env,
        &[
            "--json",
            "edges",
            "call crypto in an edge function",
            "--stack",
            "vercel",
        ],
    );
    assert_eq!(titles(&reply), ["Vercel Edge runtime has no Node crypto"]);
}

#[test]
fn gotchas_taken_from_commits_are_found_like_memory_ones() {
    let env = gitrun::repo();
    env.write("worker.rs", "fn work() {}\n");
    let git = gitrun::Git::new(&env)
        .without_mind()
        .at("2026-01-14T10:00:00Z");
    git.ok(&["add", "-A"]);
    git.ok(&[
        "commit",
        "-q",
        "-m",
        "Add the worker\n\ngotcha: queue workers must be idempotent -> dedupe by job id",
    ]);
    env.ok(&["harvest"]);
    let id = gitrun::short(&env, "HEAD");
    // The context block lists it under Gotchas ...
    assert!(
        env.ok(&["recall"])
            .contains("- “queue workers must be idempotent -> dedupe by job id” (commit ")
    );
    // ... so `mind edges` finds it, and says where it is.
    let reply = json_of(&env, &["edges", "queue workers", "--json"]);
    assert_eq!(titles(&reply), vec!["queue workers must be idempotent"]);
    assert_eq!(reply["edges"][0]["source"], "commits");
    assert_eq!(
        reply["edges"][0]["workaround"],
        format!("dedupe by job id (commit {id})")
    );
    let out = env.ok(&["edges", "queue", "workers"]);
    assert!(out.contains("[commits, .mind/cache/commits.md:"), "{out}");
}
