//! Named memories (`mind memory`), through the binary: exact files on disk and replies.

use crate::common;

use std::process::Command as StdCommand;
use std::thread;

use common::Env;
use serde_json::{Value, json};

const API: &str = "---
category: decision
project: project
tags:
- api
- http
createdAt: \"2026-01-15T09:00:00Z\"
updatedAt: \"2026-01-15T09:00:00Z\"
---

# API design
REST, see [[deploy]].
";

fn json_of(env: &Env, args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&env.ok(&all)).unwrap()
}

/// Every file under `.mind/memories/` with its bytes, sorted.
fn memory_files(env: &Env) -> Vec<(String, String)> {
    let dir = env.path(".mind/memories");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut out: Vec<(String, String)> = entries
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read_to_string(e.path()).unwrap_or_default(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn write_read_list_delete_round_trip_with_exact_front_matter() {
    let env = Env::initialised();
    let out = env.ok(&[
        "memory",
        "write",
        "api-design",
        "--category",
        "decision",
        "--tag",
        "api",
        "--tag",
        "http",
        "--content",
        "# API design\nREST, see [[deploy]].",
    ]);
    assert_eq!(out, "created .mind/memories/api-design.md\n");
    assert_eq!(env.read(".mind/memories/api-design.md"), API);
    // Body from stdin; no category means a note.
    env.mind(&["memory", "write", "deploy", "-"])
        .write_stdin("Ship with `make release`.\n")
        .assert()
        .success()
        .stdout("created .mind/memories/deploy.md\n");

    assert_eq!(env.ok(&["memory", "read", "api-design"]), API);
    assert_eq!(
        env.ok(&["memory", "read", "deploy"]),
        "---\ncategory: note\nproject: project\ntags: []\ncreatedAt: \"2026-01-15T09:00:00Z\"\n\
         updatedAt: \"2026-01-15T09:00:00Z\"\n---\n\nShip with `make release`.\n\nLinked from: [[api-design]]\n"
    );
    let read = json_of(&env, &["memory", "read", "deploy"]);
    assert_eq!(
        read,
        json!({
            "schema_version": 1,
            "name": "deploy",
            "path": ".mind/memories/deploy.md",
            "category": "note",
            "project": "project",
            "tags": [],
            "createdAt": "2026-01-15T09:00:00Z",
            "updatedAt": "2026-01-15T09:00:00Z",
            "size": 144,
            "body": "Ship with `make release`.\n",
            "backlinks": ["api-design"]
        })
    );
    let list = json_of(&env, &["memory", "list"]);
    assert_eq!(list["total"], 2);
    assert_eq!(
        list["memories"][0],
        json!({
            "name": "api-design",
            "category": "decision",
            "project": "project",
            "tags": ["api", "http"],
            "createdAt": "2026-01-15T09:00:00Z",
            "updatedAt": "2026-01-15T09:00:00Z",
            "size": API.len()
        })
    );
    assert_eq!(
        env.ok(&["memory", "list"]),
        "api-design  decision     2026-01-15T09:00:00Z [api, http]\n\
         deploy      note         2026-01-15T09:00:00Z\n"
    );
    let decisions = json_of(&env, &["memory", "list", "--category", "decision"]);
    assert_eq!(decisions["total"], 1);
    let tagged = json_of(&env, &["memory", "list", "--tag", "http", "--tag", "nope"]);
    assert_eq!(tagged["memories"][0]["name"], "api-design");
    assert_eq!(tagged["total"], 1);

    assert_eq!(
        env.ok(&["memory", "delete", "deploy"]),
        "deleted .mind/memories/deploy.md\n"
    );
    assert!(!env.exists(".mind/memories/deploy.md"));
    env.mind(&["memory", "delete", "deploy"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no memory named \"deploy\""));
    env.mind(&["memory", "read", "deploy"]).assert().code(2);
}

#[test]
fn updated_at_changes_only_when_the_body_or_a_field_changes() {
    let mut env = Env::initialised();
    env.ok(&[
        "memory",
        "write",
        "api-design",
        "--category",
        "decision",
        "--tag",
        "api",
        "--tag",
        "http",
        "--content",
        "# API design\nREST, see [[deploy]].",
    ]);
    // The same content later: nothing is written.
    env.at("2026-01-20T10:00:00Z");
    assert_eq!(
        env.ok(&[
            "memory",
            "write",
            "api-design",
            "--content",
            "# API design\nREST, see [[deploy]].\n"
        ]),
        "unchanged .mind/memories/api-design.md\n"
    );
    assert_eq!(env.read(".mind/memories/api-design.md"), API);
    // A new tag set: updatedAt moves, createdAt, category and body stay.
    assert_eq!(
        env.ok(&["memory", "write", "api-design", "--tag", "rest"]),
        "updated .mind/memories/api-design.md\n"
    );
    let expected = API.replace("- api\n- http\n", "- rest\n").replace(
        "updatedAt: \"2026-01-15T09:00:00Z\"",
        "updatedAt: \"2026-01-20T10:00:00Z\"",
    );
    assert_eq!(env.read(".mind/memories/api-design.md"), expected);
    // A new body a day later.
    env.at("2026-01-21T10:00:00Z");
    env.ok(&[
        "memory",
        "write",
        "api-design",
        "--content",
        "# API design\ngRPC now.",
    ]);
    let text = env.read(".mind/memories/api-design.md");
    assert!(
        text.contains("createdAt: \"2026-01-15T09:00:00Z\"\nupdatedAt: \"2026-01-21T10:00:00Z\"\n"),
        "{text}"
    );
    assert!(text.ends_with("---\n\n# API design\ngRPC now.\n"), "{text}");
    // A new memory without content is refused.
    env.mind(&["memory", "write", "empty"]).assert().code(2);
    assert!(!env.exists(".mind/memories/empty.md"));
}

#[test]
fn bad_names_are_refused_and_nothing_is_written() {
    let env = Env::initialised();
    let long = "x".repeat(300);
    for bad in ["../x", "a/b", ".hidden", "", long.as_str(), "..", "a\\b"] {
        env.mind(&["memory", "write", bad, "--content", "text"])
            .assert()
            .code(2)
            .stderr(predicates::str::contains("the memory name"));
        env.mind(&["memory", "read", bad]).assert().code(2);
        env.mind(&["memory", "delete", bad]).assert().code(2);
    }
    assert_eq!(memory_files(&env), Vec::<(String, String)>::new());
    assert!(!env.exists("x.md"));
    assert!(!env.exists(".mind/x.md"));
    assert!(!env.exists(".mind/memories/a"));
}

#[test]
fn broken_front_matter_is_reported_and_never_rewritten() {
    let mut env = Env::initialised();
    let broken = "---\ncategory: [decision\ntags: x\n---\n\nHand-written.\n";
    let unclosed = "---\ncategory: guide\n\nno end of the header\n";
    env.write(".mind/memories/hand.md", broken);
    env.write(".mind/memories/open.md", unclosed);
    env.write(".mind/memories/plain.md", "# Just markdown\n");
    let list = json_of(&env, &["memory", "list"]);
    let names: Vec<&str> = list["memories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["hand", "open", "plain"]);
    assert!(
        list["memories"][0]["broken"]
            .as_str()
            .unwrap()
            .starts_with("invalid front matter")
    );
    assert!(list["memories"][0].get("category").is_none());
    assert!(
        list["memories"][1]["broken"]
            .as_str()
            .unwrap()
            .contains("never closed")
    );
    // Plain markdown is a note without times.
    assert_eq!(list["memories"][2]["category"], "note");
    assert_eq!(list["memories"][2]["createdAt"], Value::Null);
    let text = env.ok(&["memory", "list"]);
    assert!(
        text.starts_with("hand   broken: invalid front matter"),
        "{text}"
    );

    env.mind(&["memory", "read", "hand"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            ".mind/memories/hand.md: invalid front matter",
        ))
        .stderr(predicates::str::contains("mind never rewrites it"));
    env.at("2026-02-01T00:00:00Z");
    env.mind(&["memory", "write", "hand", "--content", "new"])
        .assert()
        .code(1);
    env.mind(&["memory", "write", "open", "--tag", "t"])
        .assert()
        .code(1);
    assert_eq!(env.read(".mind/memories/hand.md"), broken);
    assert_eq!(env.read(".mind/memories/open.md"), unclosed);
    // An editor that leaves the header broken: reported, the file as the editor left it.
    env.mind(&["memory", "edit", "plain"])
        .env(
            "EDITOR",
            "sh -c 'printf -- \"---\\ncategory: wizardry\\n---\\nx\\n\" > \"$1\"' edit",
        )
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "`category` is \"wizardry\"; it must be one of architecture,",
        ));
    assert_eq!(
        env.read(".mind/memories/plain.md"),
        "---\ncategory: wizardry\n---\nx\n"
    );
}

#[test]
fn edit_opens_the_editor_and_stamps_updated_at_on_change() {
    let mut env = Env::initialised();
    env.ok(&["memory", "write", "deploy", "--content", "Steps."]);
    env.at("2026-01-16T09:00:00Z");
    // An editor that changes nothing: nothing changes.
    env.mind(&["memory", "edit", "deploy"])
        .env("VISUAL", "true")
        .assert()
        .success()
        .stdout("unchanged .mind/memories/deploy.md\n");
    env.mind(&["memory", "edit", "deploy"])
        .env("EDITOR", "sh -c 'echo \"More steps.\" >> \"$1\"' edit")
        .assert()
        .success()
        .stdout("updated .mind/memories/deploy.md\n");
    assert_eq!(
        env.read(".mind/memories/deploy.md"),
        "---\ncategory: note\nproject: project\ntags: []\ncreatedAt: \"2026-01-15T09:00:00Z\"\n\
         updatedAt: \"2026-01-16T09:00:00Z\"\n---\n\nSteps.\nMore steps.\n"
    );
    // A memory that does not exist yet is created with a heading, then opened.
    env.mind(&["memory", "edit", "fresh"])
        .env("VISUAL", "true")
        .assert()
        .success()
        .stdout("created .mind/memories/fresh.md\n");
    assert_eq!(
        env.read(".mind/memories/fresh.md"),
        "---\ncategory: note\nproject: project\ntags: []\ncreatedAt: \"2026-01-16T09:00:00Z\"\n\
         updatedAt: \"2026-01-16T09:00:00Z\"\n---\n\n# fresh\n"
    );
    // No editor at all: a usage error.
    env.mind(&["memory", "edit", "deploy"]).assert().code(2);
}

#[test]
fn a_memory_is_never_written_through_a_link_leaving_the_project() {
    let env = Env::initialised();
    let outside = env.dir.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("secret.md"), "private\n").unwrap();
    std::fs::create_dir_all(env.path(".mind/memories")).unwrap();
    std::os::unix::fs::symlink(
        outside.join("secret.md"),
        env.path(".mind/memories/secret.md"),
    )
    .unwrap();
    env.mind(&["memory", "write", "secret", "--content", "overwritten"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("leads outside the project"));
    env.mind(&["memory", "read", "secret"]).assert().code(1);
    assert_eq!(
        std::fs::read_to_string(outside.join("secret.md")).unwrap(),
        "private\n"
    );
    // A memories folder that is a link elsewhere is refused too.
    std::fs::remove_dir_all(env.path(".mind/memories")).unwrap();
    std::os::unix::fs::symlink(&outside, env.path(".mind/memories")).unwrap();
    env.mind(&["memory", "write", "new", "--content", "x"])
        .assert()
        .code(1);
    env.mind(&["memory", "delete", "secret"]).assert().code(1);
    assert!(!outside.join("new.md").exists());
    assert!(outside.join("secret.md").exists());
}

fn mind_at(env: &Env, args: &[&str]) -> std::process::Output {
    StdCommand::new(env!("CARGO_BIN_EXE_mind"))
        .args(args)
        .current_dir(env.root())
        .env("MIND_HOME", env.home())
        .env("MIND_NOW", common::T0)
        .env("NO_COLOR", "1")
        .env("MIND_LOCK_TIMEOUT_MS", "120000")
        .output()
        .expect("run mind")
}

#[test]
fn concurrent_memory_writes_and_logs_lose_nothing() {
    let env = Env::initialised();
    thread::scope(|scope| {
        for writer in 0..2 {
            let env = &env;
            scope.spawn(move || {
                for i in 0..20 {
                    let name = format!("m{writer}-{i}");
                    let out = mind_at(env, &["memory", "write", &name, "--content", &name]);
                    assert!(
                        out.status.success(),
                        "{}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                    // Rewrite one shared memory, too: the last body wins whole.
                    let out = mind_at(env, &["memory", "write", "shared", "--content", &name]);
                    assert!(
                        out.status.success(),
                        "{}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                }
            });
            scope.spawn(move || {
                for i in 0..20 {
                    let message = format!("l{writer}-{i}");
                    let out = mind_at(env, &["log", "decision", &message]);
                    assert!(
                        out.status.success(),
                        "{}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                }
            });
        }
    });
    let files = memory_files(&env);
    assert_eq!(files.len(), 41, "{files:?}");
    for (file, text) in &files {
        let name = file.trim_end_matches(".md");
        if name != "shared" {
            assert!(
                text.ends_with(&format!("---\n\n{name}\n")),
                "{file}: {text}"
            );
        } else {
            assert!(text.starts_with("---\ncategory: note\n"), "{text}");
        }
    }
    let memory = env.read(".mind/MEMORY.md");
    for writer in 0..2 {
        for i in 0..20 {
            assert_eq!(
                memory
                    .lines()
                    .filter(|l| *l == format!("decided: l{writer}-{i}"))
                    .count(),
                1,
                "l{writer}-{i} in {memory}"
            );
        }
    }
}

#[test]
fn the_context_block_lists_the_named_memories() {
    let env = Env::initialised();
    env.ok(&[
        "memory",
        "write",
        "api-design",
        "--category",
        "architecture",
        "--content",
        "# API design\nREST.",
    ]);
    env.ok(&[
        "memory",
        "write",
        "deploy",
        "--category",
        "guide",
        "--content",
        "# deploy\nmake release",
    ]);
    env.write(".mind/memories/hand.md", "---\ncategory: [\n---\n");
    env.ok(&["recall"]);
    let claude = env.read("CLAUDE.md");
    assert!(
        claude.contains(
            "\n## Named Memories\nRead one with `mind memory read NAME`.\n\
             - api-design — architecture: API design\n\
             - deploy — guide\n\
             - hand — front matter broken\n"
        ),
        "{claude}"
    );
    // A small budget drops the list's lines before the budget is exceeded.
    env.write(".mind/config.json", "{\"context_budget_chars\": 700}\n");
    env.ok(&["recall"]);
    let claude = env.read("CLAUDE.md");
    let start = claude.find("<!-- MIND:CONTEXT").unwrap();
    let end = claude.find("<!-- MIND:END -->").unwrap() + "<!-- MIND:END -->".len();
    assert!(claude[start..end].chars().count() <= 700, "{claude}");
}

#[test]
fn projects_list_flags_a_gone_folder_and_prune_removes_it_after_confirmation() {
    let env = Env::initialised();
    let other = env.dir.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    env.ok(&["init", other.to_str().unwrap()]);
    let root = std::fs::canonicalize(env.root()).unwrap();
    let other = std::fs::canonicalize(&other).unwrap();
    let list = json_of(&env, &["projects"]);
    assert_eq!(list["gone"], 0);
    assert_eq!(list["projects"][0]["path"], root.to_str().unwrap());
    assert_eq!(list["projects"][1]["status"], "ok");

    std::fs::remove_dir_all(&other).unwrap();
    let list = json_of(&env, &["projects", "list"]);
    assert_eq!(list["gone"], 1);
    assert_eq!(
        list["projects"][1],
        json!({"name": "other", "path": other.to_str().unwrap(), "status": "gone", "legacy": false})
    );
    let text = env.ok(&["projects"]);
    assert!(
        text.contains(&format!("other    {}  [gone]\n", other.display())),
        "{text}"
    );
    let before = std::fs::read_to_string(env.home().join("projects.json")).unwrap();
    // No terminal and no --yes: refused, nothing changes.
    env.mind(&["projects", "prune"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("pass --yes"));
    assert_eq!(
        std::fs::read_to_string(env.home().join("projects.json")).unwrap(),
        before
    );
    assert_eq!(
        env.ok(&["projects", "prune", "--yes"]),
        format!("unregistered {}\n", other.display())
    );
    let list = json_of(&env, &["projects"]);
    assert_eq!(list["projects"].as_array().unwrap().len(), 1);
    env.mind(&["projects", "prune", "--yes"])
        .assert()
        .success()
        .stdout("");

    // add and remove by path; a folder without .mind/ is not a project.
    env.mind(&["projects", "add", env.dir.path().to_str().unwrap()])
        .assert()
        .code(2);
    assert_eq!(
        env.ok(&["projects", "remove", "."]),
        format!("unregistered {}\n", root.display())
    );
    assert_eq!(json_of(&env, &["projects"])["projects"], json!([]));
    assert_eq!(
        env.ok(&["projects", "add", "."]),
        format!("registered {}\n", root.display())
    );
    assert_eq!(
        env.ok(&["projects", "add", "."]),
        format!("already registered {}\n", root.display())
    );
    env.mind(&["projects", "remove", "/nowhere"])
        .assert()
        .code(2);
}

#[test]
fn a_user_keeps_named_memories_in_two_projects() {
    let user = common::User::new();
    let app = user.folder("code/app");
    let site = user.folder("code/site");
    for dir in [&app, &site] {
        user.git(dir, &["init", "-q"]);
        user.ok(dir, &["init"]);
    }
    std::fs::write(app.join("Cargo.toml"), "[package]\nname = \"app\"\n").unwrap();
    user.ok(
        &app,
        &[
            "memory",
            "write",
            "api-design",
            "--category",
            "architecture",
            "--content",
            "# API design\nREST.",
        ],
    );
    user.ok(
        &site,
        &[
            "memory",
            "write",
            "deploy",
            "--category",
            "guide",
            "--content",
            "# Deploying the site\nSee [[MEMORY#2026-01-15]].",
        ],
    );
    // Each project has its own memories; the names reach the context block at recall.
    let src = app.join("src");
    std::fs::create_dir_all(&src).unwrap();
    assert_eq!(
        user.ok(&src, &["memory", "list"]),
        "api-design  architecture 2026-01-15T09:00:00Z\n"
    );
    user.ok(&site, &["recall"]);
    let claude = std::fs::read_to_string(site.join("CLAUDE.md")).unwrap();
    assert!(
        claude.contains("- deploy — guide: Deploying the site\n"),
        "{claude}"
    );
    assert!(!claude.contains("api-design"));
    // Both projects are registered in the default data folder; one goes away.
    let listed = user.ok(&app, &["projects"]);
    assert!(
        listed.contains("app ") && listed.contains("site "),
        "{listed}"
    );
    std::fs::remove_dir_all(&site).unwrap();
    let listed = user.ok(&app, &["projects"]);
    assert!(listed.contains("  [gone]\n"), "{listed}");
    user.ok(&app, &["projects", "prune", "--yes"]);
    let listed = user.ok(&app, &["--json", "projects"]);
    let listed: Value = serde_json::from_str(&listed).unwrap();
    assert_eq!(listed["projects"].as_array().unwrap().len(), 1);
    assert_eq!(listed["projects"][0]["name"], "app");
}

const ONBOARD_HEAD: &str =
    "Detected by `mind onboard` from the project's files; `mind onboard --write` refreshes it.\n";

#[test]
fn onboarding_lists_the_commands_of_a_rust_project_and_its_ci() {
    let mut env = Env::initialised();
    env.write("Cargo.toml", "[package]\nname = \"app\"\n");
    env.write("Cargo.lock", "");
    env.write("src/main.rs", "fn main() {}\n");
    env.write(
        ".github/workflows/ci.yml",
        "jobs:\n  test:\n    steps:\n      - uses: actions/checkout@v4\n      - run: cargo fmt --all -- --check\n      - name: test\n        run: cargo test --locked\n      - run: |\n          echo multi\n",
    );
    let expected = format!(
        "# Onboarding: project\n\n{ONBOARD_HEAD}\n**Languages:** Rust\n**Package managers:** cargo\n\n## Commands\n\n\
         Build:\n- `cargo build --locked` (Cargo.toml)\n\
         Test:\n- `cargo test --locked` (Cargo.toml)\n\
         Run:\n- `cargo run` (Cargo.toml)\n\
         Lint:\n- `cargo clippy --all-targets -- -D warnings` (Cargo.toml)\n\
         Format:\n- `cargo fmt --all` (Cargo.toml)\n\n\
         ## CI\n\n- .github/workflows/ci.yml: `cargo fmt --all -- --check`, `cargo test --locked`\n"
    );
    assert_eq!(env.ok(&["onboard"]), expected);
    assert!(
        !env.exists(".mind/memories/onboarding.md"),
        "printing writes nothing"
    );
    // --write keeps it as the `onboarding` memory; again later, nothing changes.
    env.mind(&["onboard", "--write"])
        .assert()
        .success()
        .stdout(expected.clone())
        .stderr(predicates::str::contains(
            "created .mind/memories/onboarding.md",
        ));
    let stored = env.read(".mind/memories/onboarding.md");
    assert_eq!(
        stored,
        format!(
            "---\ncategory: onboarding\nproject: project\ntags: []\ncreatedAt: \"2026-01-15T09:00:00Z\"\n\
             updatedAt: \"2026-01-15T09:00:00Z\"\n---\n\n{expected}"
        )
    );
    env.at("2026-01-20T09:00:00Z");
    let again = json_of(&env, &["onboard", "--write"]);
    assert_eq!(again["written"]["status"], "unchanged");
    assert_eq!(env.read(".mind/memories/onboarding.md"), stored);
    // A new build file: updated in place, createdAt kept.
    env.write("Makefile", "release:\n\tcargo build --release\n");
    let again = json_of(&env, &["onboard", "--write"]);
    assert_eq!(again["written"]["status"], "updated");
    let stored = env.read(".mind/memories/onboarding.md");
    assert!(
        stored
            .contains("createdAt: \"2026-01-15T09:00:00Z\"\nupdatedAt: \"2026-01-20T09:00:00Z\"\n"),
        "{stored}"
    );
    assert!(stored.contains("- `make release` (Makefile)\n"), "{stored}");
}

#[test]
fn onboarding_reads_node_scripts_and_the_lockfile_kind() {
    let env = Env::initialised();
    env.write(
        "package.json",
        r#"{"name": "web", "scripts": {"dev": "vite", "build": "tsc && vite build", "test": "vitest", "test:e2e": "playwright test", "lint": "eslint .", "format": "prettier -w .", "postinstall": "patch"}, "devDependencies": {"typescript": "^5"}}"#,
    );
    env.write("yarn.lock", "");
    env.write("docker-compose.yml", "services: {}\n");
    let reply = json_of(&env, &["onboard"]);
    assert_eq!(reply["languages"], json!(["TypeScript"]));
    assert_eq!(reply["package_managers"], json!(["Docker Compose", "yarn"]));
    let commands: Vec<String> = reply["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            format!(
                "{}: {}",
                c["kind"].as_str().unwrap(),
                c["command"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        commands,
        [
            "install: yarn install",
            "build: yarn build",
            "test: yarn test",
            "test: yarn test:e2e",
            "run: docker compose up",
            "run: yarn dev",
            "lint: yarn lint",
            "format: yarn format",
        ]
    );
    // npm's own spelling when package-lock.json says npm.
    env.write(
        "package.json",
        r#"{"scripts": {"test": "jest", "start": "node ."}}"#,
    );
    std::fs::remove_file(env.path("yarn.lock")).unwrap();
    env.write("package-lock.json", "{}");
    let text = env.ok(&["onboard"]);
    assert!(
        text.contains("**Languages:** JavaScript\n**Package managers:** Docker Compose, npm\n"),
        "{text}"
    );
    assert!(text.contains("Test:\n- `npm test` (package.json)\nRun:\n- `docker compose up` (docker-compose.yml)\n- `npm start` (package.json)\n"), "{text}");
}

#[test]
fn onboarding_reads_python_projects_with_uv_or_poetry() {
    let env = Env::initialised();
    env.write(
        "pyproject.toml",
        "[project]\nname = \"tool\"\n\n[project.scripts]\ntool = \"tool.cli:main\"\n\n[dependency-groups]\ndev = [\"pytest>=8\", \"ruff\"]\n",
    );
    env.write("uv.lock", "");
    env.write("justfile", "test *args:\n    uv run pytest {{args}}\n");
    let text = env.ok(&["onboard"]);
    assert_eq!(
        text,
        format!(
            "# Onboarding: project\n\n{ONBOARD_HEAD}\n**Languages:** Python\n**Package managers:** just, uv\n\n## Commands\n\n\
             Install:\n- `uv sync` (pyproject.toml)\n\
             Test:\n- `just test` (justfile)\n- `uv run pytest` (pyproject.toml)\n\
             Run:\n- `uv run tool` (pyproject.toml)\n\
             Lint:\n- `uv run ruff check .` (pyproject.toml)\n\
             Format:\n- `uv run ruff format .` (pyproject.toml)\n"
        )
    );
    env.write("pyproject.toml", "[tool.poetry]\nname = \"tool\"\n\n[tool.poetry.group.dev.dependencies]\npytest = \"^8\"\nblack = \"*\"\n");
    std::fs::remove_file(env.path("uv.lock")).unwrap();
    std::fs::remove_file(env.path("justfile")).unwrap();
    let reply = json_of(&env, &["onboard"]);
    assert_eq!(reply["package_managers"], json!(["poetry"]));
    let commands: Vec<&str> = reply["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["command"].as_str().unwrap())
        .collect();
    assert_eq!(
        commands,
        ["poetry install", "poetry run pytest", "poetry run black ."]
    );
}

/// Every path under `dir` (links not followed) with its kind and, for files, bytes.
fn tree(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let path = e.path();
            let rel = path.strip_prefix(dir).unwrap().display().to_string();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.file_type().is_symlink() {
                out.push((
                    rel,
                    format!("-> {}", std::fs::read_link(&path).unwrap().display()),
                ));
            } else if meta.is_dir() {
                out.push((rel, "dir".into()));
                stack.push(path);
            } else {
                out.push((rel, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn vault_link_twice_changes_nothing_and_status_shows_it() {
    let env = Env::initialised();
    let vault = env.dir.path().join("vault");
    std::fs::create_dir_all(vault.join(".obsidian")).unwrap();
    let vault_arg = vault.to_str().unwrap();
    let mind_dir = std::fs::canonicalize(env.path(".mind")).unwrap();
    let link = std::fs::canonicalize(&vault).unwrap().join("project");
    assert_eq!(
        env.ok(&["vault", "link", vault_arg]),
        format!("created link {} -> .mind/\n", link.display())
    );
    assert_eq!(std::fs::read_link(&link).unwrap(), mind_dir);
    let vault_before = tree(&vault);
    let state_before = env.read(".mind/state.json");
    assert_eq!(
        env.ok(&["vault", "link", vault_arg]),
        format!("unchanged link {} -> .mind/\n", link.display())
    );
    assert_eq!(tree(&vault), vault_before);
    assert_eq!(env.read(".mind/state.json"), state_before);
    assert_eq!(
        env.ok(&["vault", "status"]),
        format!("link  {}  linked\n", link.display())
    );
    // A folder of that name that mind did not make is never replaced.
    std::fs::create_dir_all(vault.join("other")).unwrap();
    std::fs::write(vault.join("other/note.md"), "mine\n").unwrap();
    env.mind(&["vault", "link", vault_arg, "--name", "other"])
        .assert()
        .code(2);
    assert_eq!(
        std::fs::read_to_string(vault.join("other/note.md")).unwrap(),
        "mine\n"
    );
    // The link gone: status says so.
    std::fs::remove_file(&link).unwrap();
    let status = json_of(&env, &["vault", "status"]);
    assert_eq!(status["links"][0]["status"], "missing");
}

#[test]
fn a_vault_copy_syncs_both_ways_and_never_overwrites_a_change_on_both_sides() {
    let env = Env::initialised();
    env.ok(&[
        "memory",
        "write",
        "api-design",
        "--content",
        "# API\nSee [[MEMORY#2026-01-15]].",
    ]);
    let vault = env.dir.path().join("vault");
    std::fs::create_dir_all(&vault).unwrap();
    let vault_arg = vault.to_str().unwrap();
    let copy = std::fs::canonicalize(&vault).unwrap().join("app");
    let first = json_of(
        &env,
        &["vault", "link", vault_arg, "--copy", "--name", "app"],
    );
    assert_eq!(first["status"], "created");
    assert_eq!(first["mode"], "copy");
    assert_eq!(
        first["to_vault"],
        json!([
            "MEMORY.md",
            "REMINDERS.md",
            "SESSION.md",
            "memories/api-design.md"
        ])
    );
    assert_eq!(
        std::fs::read_to_string(copy.join("memories/api-design.md")).unwrap(),
        env.read(".mind/memories/api-design.md")
    );
    // Twice: nothing changes.
    let vault_before = tree(&vault);
    let again = json_of(
        &env,
        &["vault", "link", vault_arg, "--copy", "--name", "app"],
    );
    assert_eq!(again["status"], "unchanged");
    assert_eq!(tree(&vault), vault_before);
    assert_eq!(
        env.ok(&["vault", "status"]),
        format!("copy  {}  in sync\n", copy.display())
    );

    // Edited in Obsidian: comes home. Logged in the project: goes out. A new note in the
    // vault's memories/ comes home too.
    let edited = env
        .read(".mind/memories/api-design.md")
        .replace("# API", "# API v2");
    std::fs::write(copy.join("memories/api-design.md"), &edited).unwrap();
    std::fs::write(copy.join("memories/ideas.md"), "# Ideas\n").unwrap();
    env.ok(&["log", "decision", "use REST"]);
    assert_eq!(
        env.ok(&["vault", "status"]),
        format!("copy  {}  out of sync\n", copy.display())
    );
    let synced = json_of(&env, &["vault", "sync"]);
    assert_eq!(synced["copies"][0]["to_vault"], json!(["MEMORY.md"]));
    assert_eq!(
        synced["copies"][0]["to_project"],
        json!(["memories/api-design.md", "memories/ideas.md"])
    );
    assert_eq!(env.read(".mind/memories/api-design.md"), edited);
    assert_eq!(env.read(".mind/memories/ideas.md"), "# Ideas\n");
    assert!(
        std::fs::read_to_string(copy.join("MEMORY.md"))
            .unwrap()
            .contains("decided: use REST\n")
    );

    // Changed on both sides: a conflict, neither side touched, reported again next time,
    // and the sync fails until it is settled.
    std::fs::write(copy.join("memories/ideas.md"), "# Ideas from the vault\n").unwrap();
    env.ok(&[
        "memory",
        "write",
        "ideas",
        "--content",
        "# Ideas from the project",
    ]);
    let project_side = env.read(".mind/memories/ideas.md");
    let out = env.mind(&["vault", "sync"]).assert().code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("  conflict   memories/ideas.md: changed in .mind/ and in the vault"),
        "{text}"
    );
    assert_eq!(env.read(".mind/memories/ideas.md"), project_side);
    assert_eq!(
        std::fs::read_to_string(copy.join("memories/ideas.md")).unwrap(),
        "# Ideas from the vault\n"
    );
    let out = env.mind(&["--json", "vault", "sync"]).assert().code(1);
    let again: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(
        again["copies"][0]["conflicts"],
        json!(["memories/ideas.md"])
    );
}

#[test]
fn backlinks_come_from_memories_and_from_memory_md() {
    let env = Env::initialised();
    env.ok(&["memory", "write", "api-design", "--content", "# API"]);
    env.ok(&[
        "memory",
        "write",
        "deploy",
        "--content",
        "Uses the [[API-design#Auth|auth rules]].",
    ]);
    env.ok(&["log", "decision", "keep the API stable, see [[api-design]]"]);
    let read = json_of(&env, &["memory", "read", "api-design"]);
    assert_eq!(read["backlinks"], json!(["deploy", "MEMORY"]));
    let text = env.ok(&["memory", "read", "api-design"]);
    assert!(
        text.ends_with("\nLinked from: [[deploy]], [[MEMORY]]\n"),
        "{text}"
    );
}

#[test]
fn onboarding_reads_a_go_module() {
    let env = Env::initialised();
    env.write("go.mod", "module example.com/app\n\ngo 1.22\n");
    env.write("main.go", "package main\n");
    let reply = json_of(&env, &["onboard"]);
    assert_eq!(reply["languages"], json!(["Go"]));
    let commands: Vec<&str> = reply["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["command"].as_str().unwrap())
        .collect();
    assert_eq!(
        commands,
        [
            "go build ./...",
            "go test ./...",
            "go run .",
            "go vet ./...",
            "gofmt -l -w ."
        ]
    );
}
