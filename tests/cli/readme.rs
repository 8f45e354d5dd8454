//! The README documents every subcommand and the test command CI runs; docs/json.md documents
//! every JSON reply, and every reply follows it.

use crate::common;

use clap::{CommandFactory, Parser};
use common::{Env, User};
use serde_json::Value;

#[test]
fn every_visible_subcommand_has_a_readme_section() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let cli = mind::cli::Cli::command();
    let mut missing = Vec::new();
    for sub in cli.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = sub.get_name();
        if name == "help" {
            continue;
        }
        if !readme.contains(&format!("`mind {name}")) {
            missing.push(name.to_string());
        }
    }
    assert!(missing.is_empty(), "README has no section for: {missing:?}");
}

#[test]
fn readme_names_the_ci_test_command() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let ci = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/run")).unwrap();
    assert!(readme.contains("cargo test --locked"));
    assert!(ci.contains("cargo test --locked"));
}

/// The manifest says what a package index and `cargo install` need: the oldest toolchain that
/// builds it (the README names the same one), the licence (with its texts beside it), a
/// description, and a stripped release binary; the README installs with the committed lock file.
#[test]
fn manifest_carries_package_metadata_and_readme_installs_locked() {
    let root = env!("CARGO_MANIFEST_DIR");
    let manifest = std::fs::read_to_string(format!("{root}/Cargo.toml")).unwrap();
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let rust_version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("rust-version in Cargo.toml");
    assert!(
        readme.contains(&format!("Needs a Rust toolchain ({rust_version} or newer)")),
        "README names another minimum toolchain than rust-version {rust_version}"
    );
    assert!(manifest.contains("\nlicense = \"MIT OR Apache-2.0\"\n"));
    assert!(manifest.contains("\ndescription = \""));
    let release = manifest
        .split("[profile.release]")
        .nth(1)
        .expect("[profile.release]");
    assert!(release.contains("\nstrip = true\n"));
    for file in ["LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(
            std::path::Path::new(root).join(file).is_file(),
            "{file} missing"
        );
    }
    assert!(readme.contains("cargo install --locked --path ."));
    assert!(!readme.contains("cargo install --path"));
}

/// Runs `mind ARGS` (with `--json`), asserts success, and returns the reply after checking the
/// envelope: pretty-printed, `"schema_version": 1` first.
fn json_reply(env: &Env, args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let text = env.ok(&all);
    assert!(
        text.starts_with("{\n  \"schema_version\": 1,\n"),
        "mind {args:?}: {text}"
    );
    serde_json::from_str(&text).unwrap()
}

#[test]
fn every_json_reply_carries_schema_version_and_docs_name_its_fields() {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md")).unwrap();
    let env = Env::new();
    git(&env, &["init", "-q"]);
    let init = env.mind(&["--json", "init"]).output().unwrap();
    assert!(init.status.success());
    let init: Value = serde_json::from_slice(&init.stdout).unwrap();
    let mut replies = vec![("init", init)];
    env.write("src/lib.rs", "// MEMORY: decision - keep the parser pure\n");
    git(&env, &["add", "src/lib.rs"]);
    git(&env, &["commit", "-qm", "decided: keep the parser pure"]);
    for args in [
        &["log", "decision", "use Postgres for sessions"][..],
        &["log", "experience", "reading the session code"],
        &["blocker", "sessions drop after deploy"],
        &["session"],
        &["recall"],
        &["status"],
        &["status", "--stale"],
        &["search", "sessions"],
        &["remind", "check the audit", "tomorrow"],
        &["reminders"],
        &["reminders", "done", "1"],
        &[
            "edges",
            "add",
            "Safari drops cookies",
            "--workaround",
            "same site",
        ],
        &["edges", "cookies in Safari"],
        &["helper", "sessions drop"],
        &["checkpoint", "--dry-run"],
        &["harvest", "--dry-run"],
        &["hooks", "status"],
        &["context"],
        &["doctor"],
        &["setup", "cursor", "--dry-run"],
        &["diff", "HEAD"],
        &[
            "memory",
            "write",
            "notes",
            "--content",
            "See [[MEMORY#2026-01-15]].",
        ],
        &["memory", "read", "notes"],
        &["memory", "list"],
        &["memory", "delete", "notes"],
        &["onboard"],
        &["projects"],
        &["vault", "status"],
    ] {
        replies.push((args[0], json_reply(&env, args)));
    }
    for (command, reply) in &replies {
        assert_eq!(reply["schema_version"], 1, "{command}");
        for field in reply.as_object().unwrap().keys() {
            assert!(
                docs.contains(&format!("`{field}`")),
                "docs/json.md does not name `{field}` of mind {command} --json"
            );
        }
    }
    // JSON lines: one compact object per line, each versioned.
    let lines = env.ok(&["--json", "parse"]);
    let first = lines.lines().next().expect("an entity");
    assert!(first.starts_with("{\"schema_version\":1,"), "{first}");
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(
        readme.contains("(docs/json.md)"),
        "README links the JSON schema"
    );
}

fn git(env: &Env, args: &[&str]) {
    let mut cmd = std::process::Command::new("git");
    let status = common::hermetic_git(&mut cmd, &env.now)
        .args(args)
        .current_dir(env.root())
        .status()
        .unwrap();
    assert!(status.success());
}

/// Under `--json` an error is a JSON object on stderr with the exit code it has without.
#[test]
fn errors_under_json_are_an_object_on_stderr_with_the_same_exit_code() {
    let user = User::new();
    let plain_dir = user.folder("scratch");
    let out = user
        .mind(&plain_dir, &["--json", "status"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err: Value = serde_json::from_slice(&out.stderr).unwrap();
    assert_eq!(err["schema_version"], 1);
    assert_eq!(err["error"]["exit_code"], 1);
    assert!(
        err["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("no .mind/ here or above: looked in ")
    );
    assert_eq!(
        err["error"]["hint"],
        "run `mind init` in the project root, or pass --project DIR"
    );
    // Without --json, the same error is text.
    let text = user.mind(&plain_dir, &["status"]).output().unwrap();
    assert_eq!(text.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&text.stderr).starts_with("mind: error: no .mind/"));

    let env = Env::initialised();
    let usage = |args: &[&str]| -> Value {
        let out = env.mind(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        serde_json::from_slice(&out.stderr)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stderr)))
    };
    let empty = usage(&["log", "decision", "   ", "--json"]);
    assert_eq!(empty["error"]["exit_code"], 2);
    assert!(
        empty["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("empty message")
    );
    // Refused by the argument parser, before any command runs.
    let typo = usage(&["--json", "serch", "x"]);
    assert_eq!(typo["error"]["message"], "unrecognized subcommand 'serch'");
    assert_eq!(
        typo["error"]["hint"],
        "a similar subcommand exists: 'search'"
    );
    assert_eq!(typo["error"]["exit_code"], 2);
    let flag = usage(&["search", "x", "--bogus", "--json"]);
    assert_eq!(
        flag["error"]["message"],
        "unexpected argument '--bogus' found"
    );
    assert!(flag["error"].get("hint").is_some(), "{flag}");
    // After `--`, `--json` is text: the error stays text.
    let text = env.mind(&["serch", "--", "--json"]).output().unwrap();
    assert_eq!(text.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&text.stderr)
            .starts_with("mind: error: unrecognized subcommand 'serch'\nhint: ")
    );
}

/// Words of a shell line: whitespace-separated, double quotes grouping (enough for examples).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
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

/// `mind NAME --help` ends with examples of that command, and every example is a command line
/// `mind` accepts.
#[test]
fn every_subcommand_help_has_examples_that_parse() {
    let mut cli = mind::cli::Cli::command();
    cli.build();
    let mut missing = Vec::new();
    for sub in cli.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = sub.get_name();
        if name == "help" {
            continue;
        }
        let help = sub.clone().render_long_help().to_string();
        let Some((_, examples)) = help.split_once("Examples:\n") else {
            missing.push(name.to_string());
            continue;
        };
        // Each example as `mind ...`: the command after a pipe into mind, before a pipe or
        // a redirection out of it.
        let lines: Vec<&str> = examples
            .lines()
            .map(str::trim)
            .take_while(|l| !l.is_empty())
            .map(|l| {
                l.rsplit_once("| mind ")
                    .map_or(l, |(_, cmd)| &l[l.len() - cmd.len() - 5..])
            })
            .map(|l| l.split(" | ").next().unwrap().split(" > ").next().unwrap())
            .collect();
        assert!(
            lines.iter().any(|l| l.starts_with(&format!("mind {name}"))),
            "mind {name}: {examples}"
        );
        for line in lines {
            assert!(line.starts_with("mind "), "mind {name}: {line:?}");
            if let Err(e) = mind::cli::Cli::try_parse_from(shell_words(line)) {
                panic!("example {line:?} of mind {name} does not parse: {e}");
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no examples in the help of: {missing:?}"
    );
}
