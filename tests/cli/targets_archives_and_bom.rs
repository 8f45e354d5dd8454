//! Where the context block may go (a markdown file in the work tree, never inside a git
//! folder or `.mind/`, whatever a committed config.json or a link says), a recall that cannot
//! write MEMORY.md (nothing archived, however often it is tried), and files saved with a
//! UTF-8 byte order mark (config.json, state.json, SESSION.md, CLAUDE.md).

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;

use crate::common::{Env, User};
use serde_json::Value;

const BOM: &str = "\u{feff}";

fn json(out: &str) -> Value {
    serde_json::from_str(out).expect("JSON output")
}

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn set_mode(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// The archive names in `.mind/sessions/`, sorted.
fn archives(env: &Env) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(env.path(".mind/sessions"))
        .map(|dir| {
            dir.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".md"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_cloned_config_never_aims_the_block_at_git_or_mind_files() {
    let user = User::new();
    let upstream = user.project("upstream", &["init", "-q"]);
    fs::write(
        upstream.join(".mind/config.json"),
        r#"{"context_targets": ["CLAUDE.md", ".git/config", ".mind/MEMORY.md", ".mind/config.json"],
            "personal_target": ".git/hooks/post-merge"}"#,
    )
    .unwrap();
    user.git(&upstream, &["add", "-A"]);
    user.git(&upstream, &["commit", "-q", "-m", "init"]);
    user.git(user.home(), &["clone", "-q", "upstream", "victim"]);
    let victim = user.home().join("victim");
    // A hook the user already has, as git-lfs installs it.
    let hook = victim.join(".git/hooks/post-merge");
    fs::create_dir_all(hook.parent().unwrap()).unwrap();
    fs::write(&hook, "#!/bin/sh\ngit lfs post-merge \"$@\"\n").unwrap();
    set_mode(&hook, 0o755);
    let before: Vec<(&str, Vec<u8>)> =
        [".git/config", ".git/hooks/post-merge", ".mind/config.json"]
            .into_iter()
            .map(|f| (f, fs::read(victim.join(f)).unwrap()))
            .collect();

    user.ok(&victim, &["log", "decision", "use postgres for jobs"]);
    user.ok(&victim, &["log", "blocker", "ci is red"]);
    let out = user.mind(&victim, &["recall"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));

    for (file, bytes) in &before {
        assert_eq!(
            &fs::read(victim.join(file)).unwrap(),
            bytes,
            "{file} changed"
        );
    }
    assert!(
        !fs::read_to_string(victim.join(".mind/MEMORY.md"))
            .unwrap()
            .contains("MIND:CONTEXT")
    );
    // git still works (it reads .git/config), and the memory is read once.
    assert_eq!(
        user.git(&victim, &["status", "--short"]),
        " M .mind/MEMORY.md\n M CLAUDE.md\n"
    );
    let claude = fs::read_to_string(victim.join("CLAUDE.md")).unwrap();
    assert_eq!(claude.matches("<!-- MIND:CONTEXT").count(), 1);
    assert!(claude.contains("use postgres for jobs"), "{claude}");
    // The refused personal target leaves the session's block in the default one.
    let local = fs::read_to_string(victim.join("CLAUDE.local.md")).unwrap();
    assert!(local.contains("ci is red"), "{local}");
    let status = json(&user.ok(&victim, &["status", "--json"]));
    assert_eq!(status["counts"]["decision"], 1, "{status}");

    // Each refused context target is named, with why and what to do.
    fs::write(
        victim.join(".mind/config.json"),
        r#"{"context_targets": ["CLAUDE.md", ".git/config", ".mind/MEMORY.md", "package.json", "../x.md"]}"#,
    )
    .unwrap();
    let out = user.mind(&victim, &["recall"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains(
            "config.json: context_targets: left out \".git/config\" (inside a git folder, which \
             belongs to git), \".mind/MEMORY.md\" (inside .mind, which holds mind's own memory \
             and settings), \"package.json\" (not a markdown file), \"../x.md\" (not a path \
             inside the project: empty, absolute, or with `.` or `..`): a target is a markdown \
             file (.md, .mdc, .markdown, or an agent's .cursorrules, .windsurfrules, .clinerules) \
             in the work tree, outside .git, .mind, node_modules and any git repository \
             nested in it; remove it or name another file\n"
        ),
        "{}",
        stderr_of(&out)
    );
    assert_eq!(
        fs::read(victim.join(".git/config")).unwrap(),
        before[0].1,
        ".git/config changed"
    );
    // Doctor reports the config, and offers no block for a file inside .git.
    let doctor = user.mind(&victim, &["doctor"]).output().unwrap();
    let doctor = String::from_utf8_lossy(&doctor.stdout).into_owned();
    assert!(
        doctor.contains("context_targets: left out \".git/config\""),
        "{doctor}"
    );
    assert!(
        !doctor.contains(".git/config has no context block"),
        "{doctor}"
    );
    assert!(!doctor.contains(".git/config: block"), "{doctor}");
}

#[test]
fn a_target_that_leads_into_a_git_folder_or_mind_is_never_written() {
    let env = Env::new();
    env.git(&["init", "-q"]);
    env.ok(&["init"]);
    fs::remove_file(env.path("CLAUDE.md")).unwrap();
    // A cloned repository can commit links; a bare clone inside the tree is a git folder too.
    symlink(".git/config", env.path("CLAUDE.md")).unwrap();
    symlink(".mind/MEMORY.md", env.path("AGENTS.md")).unwrap();
    env.git(&["init", "-q", "--bare", "vendor/lib.git"]);
    env.write(
        ".mind/config.json",
        r#"{"context_targets": ["CLAUDE.md", "AGENTS.md", "vendor/lib.git/notes.md"], "personal_target": false}"#,
    );
    env.ok(&["log", "decision", "use postgres for jobs"]);
    let config = env.read_bytes(".git/config");
    let memory = env.read_bytes(".mind/MEMORY.md");

    let out = env.mind(&["recall", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    let reply = json(&String::from_utf8_lossy(&out.stdout));
    let reasons: Vec<(&str, &str, &str)> = reply["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["file"].as_str().unwrap(),
                t["status"].as_str().unwrap(),
                t["reason"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        reasons,
        [
            (
                "CLAUDE.md",
                "refused",
                "it leads to .git/config (a symbolic link), inside a git folder, which belongs to git; left unchanged"
            ),
            (
                "AGENTS.md",
                "refused",
                "it leads to .mind/MEMORY.md (a symbolic link), inside .mind, which holds mind's own memory and settings; left unchanged"
            ),
            (
                "vendor/lib.git/notes.md",
                "refused",
                "it is inside vendor/lib.git, a git folder, which belongs to git; left unchanged"
            ),
        ]
    );
    assert!(
        stderr_of(&out).contains("CLAUDE.md: it leads to .git/config (a symbolic link)"),
        "{}",
        stderr_of(&out)
    );
    assert_eq!(env.read_bytes(".git/config"), config);
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
    assert!(!env.exists("vendor/lib.git/notes.md"));
    // `mind context` says what a write would do: nothing, for each of them.
    let context = json(&env.ok(&["context", "--json"]));
    let changes: Vec<&str> = context["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["change"].as_str().unwrap())
        .collect();
    assert_eq!(changes, ["refused", "refused", "refused"], "{context}");
}

#[test]
fn a_recall_that_cannot_write_memory_archives_nothing_however_often_it_is_tried() {
    let mut env = Env::new();
    env.at("2026-12-01T09:00:00Z").ok(&["init"]);
    env.write(".mind/config.json", r#"{"session_archive_keep": 3}"#);
    for day in ["01", "02", "03"] {
        env.at(&format!("2026-12-{day}T09:00:00Z")).ok(&["recall"]);
        env.at(&format!("2026-12-{day}T09:05:00Z")).ok(&[
            "log",
            "experience",
            &format!("day {day}: found that src/d{day}.rs caches because of lazy init"),
        ]);
    }
    assert_eq!(archives(&env), ["2026-12-01-0900.md", "2026-12-02-0900.md"]);
    let memory = env.path(".mind/MEMORY.md");
    set_mode(&memory, 0o444);
    let memory_bytes = env.read_bytes(".mind/MEMORY.md");
    let session = env.read_bytes(".mind/SESSION.md");

    // A SessionStart hook tries again at every session start.
    for minute in 1..=4 {
        let out = env
            .at(&format!("2026-12-04T09:0{minute}:00Z"))
            .mind(&["recall"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let err = stderr_of(&out);
        assert!(
            err.contains(
                ".mind/MEMORY.md: the file is read-only; mind leaves it unchanged; the recall \
                 stopped before its first write: nothing was archived, promoted or reset\n"
            ) && err.contains("`chmod u+w .mind/MEMORY.md`), then run `mind recall` again"),
            "{err}"
        );
    }
    assert_eq!(archives(&env), ["2026-12-01-0900.md", "2026-12-02-0900.md"]);
    assert_eq!(env.read_bytes(".mind/SESSION.md"), session);
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory_bytes);

    // Made writable, the next recall starts the session as the first would have.
    set_mode(&memory, 0o644);
    let reply = json(&env.at("2026-12-04T09:10:00Z").ok(&["recall", "--json"]));
    assert_eq!(reply["new_session"], true);
    assert_eq!(reply["archived"], ".mind/sessions/2026-12-03-0900.md");
    assert_eq!(
        archives(&env),
        [
            "2026-12-01-0900.md",
            "2026-12-02-0900.md",
            "2026-12-03-0900.md"
        ]
    );
    assert_eq!(env.read_bytes(".mind/sessions/2026-12-03-0900.md"), session);
}

#[test]
fn a_full_session_that_cannot_start_over_is_archived_once() {
    let env = Env::initialised();
    // SESSION.md a few bytes short of its 1 MiB bound, made read-only.
    let mut session = env.read(".mind/SESSION.md");
    let item = format!("- {}\n", "x".repeat(1000));
    while session.len() + item.len() < (1 << 20) - 200 {
        session = session.replacen("## Blockers\n", &format!("## Blockers\n{item}"), 1);
    }
    env.write(".mind/SESSION.md", &session);
    set_mode(&env.path(".mind/SESSION.md"), 0o444);

    // Each log reaches the bound, archives the session and cannot start it over.
    for _ in 0..3 {
        let out = env
            .mind(&["log", "experience", &"y".repeat(400)])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    }
    assert_eq!(archives(&env).len(), 1, "{:?}", archives(&env));
    let archive = format!(".mind/sessions/{}", archives(&env)[0]);
    assert_eq!(env.read(&archive), session);
    assert_eq!(env.read(".mind/SESSION.md"), session);
}

#[test]
fn json_settings_saved_with_a_byte_order_mark_are_read() {
    let mut env = Env::initialised();
    env.write(
        ".mind/config.json",
        format!("{BOM}{{\"session_gap_minutes\": 240}}\n"),
    );
    env.ok(&["log", "experience", "reading src/a.rs"]);
    // state.json too: Notepad saves any file with the mark.
    let state = env.read(".mind/state.json");
    env.write(".mind/state.json", format!("{BOM}{state}"));
    let status = json(&env.ok(&["status", "--json"]));
    assert_eq!(status["problems"], Value::Array(Vec::new()), "{status}");

    // Two hours later is within the 240-minute gap: the same session.
    let reply = json(&env.at("2026-01-15T11:00:00Z").ok(&["recall", "--json"]));
    assert_eq!(reply["new_session"], false, "{reply}");

    // A setup that edits config.json keeps the mark and every key.
    env.ok(&["setup", "codex"]);
    let config = env.read(".mind/config.json");
    assert!(config.starts_with(&format!("{BOM}{{\n")), "{config:?}");
    let value: Value = serde_json::from_str(config.trim_start_matches(BOM)).unwrap();
    assert_eq!(value["session_gap_minutes"], 240);
    assert_eq!(
        value["context_targets"],
        serde_json::json!(["CLAUDE.md", "AGENTS.md"])
    );
    let status = json(&env.ok(&["status", "--json"]));
    assert_eq!(status["problems"], Value::Array(Vec::new()), "{status}");
}

#[test]
fn a_session_file_with_a_byte_order_mark_keeps_one_title() {
    let mut env = Env::initialised();
    let session = env.read(".mind/SESSION.md");
    env.write(".mind/SESSION.md", format!("{BOM}{session}"));
    env.ok(&["log", "blocker", "ci is red"]);
    let now = json(&env.ok(&["session", "--json"]));
    assert_eq!(now["date"], "2026-01-15", "{now}");
    for day in ["16", "17"] {
        env.at(&format!("2026-01-{day}T12:00:00Z")).ok(&["recall"]);
    }
    let after = env.read(".mind/SESSION.md");
    let template = session.replace("2026-01-15", "2026-01-17");
    assert_eq!(after, format!("{BOM}{template}"));
}

#[test]
fn a_block_at_the_start_of_a_file_with_a_byte_order_mark_stays_one_block() {
    let mut env = Env::initialised();
    // mind created CLAUDE.md with the block first; an editor saved it with the mark.
    let claude = env.read("CLAUDE.md");
    assert!(claude.starts_with("<!-- MIND:CONTEXT"));
    env.write("CLAUDE.md", format!("{BOM}{claude}my own notes\n"));
    env.ok(&["log", "decision", "use postgres for jobs"]);
    env.at("2026-01-16T09:00:00Z").ok(&["recall"]);
    let after = env.read("CLAUDE.md");
    assert!(
        after.starts_with(&format!("{BOM}<!-- MIND:CONTEXT")),
        "{after:?}"
    );
    assert_eq!(after.matches("<!-- MIND:CONTEXT").count(), 1, "{after}");
    assert!(after.contains("use postgres for jobs"), "{after}");
    assert!(
        after.ends_with("<!-- MIND:END -->\nmy own notes\n"),
        "{after:?}"
    );
}

/// Every problem of config.json is reported at once, not only the last one found.
#[test]
fn every_config_problem_is_reported_not_only_the_last() {
    let user = User::new();
    let project = user.project("code/app", &["init"]);
    fs::write(
        project.join(".mind/config.json"),
        r#"{"context_targets": ["package.json"], "personal_target": ".git/notes.md", "session_gap_minutes": "soon"}"#,
    )
    .unwrap();
    let out = user.mind(&project, &["recall"]).output().unwrap();
    let stderr = stderr_of(&out);
    assert!(
        stderr.contains("\"package.json\" (not a markdown file)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("personal_target: left out \".git/notes.md\""),
        "{stderr}"
    );
    assert!(stderr.contains("session_gap_minutes"), "{stderr}");
    assert_eq!(stderr.matches("mind: warning:").count(), 1, "{stderr}");
}

/// The capture settings of a config.json saved with a byte order mark apply to the hooks.
#[test]
fn capture_settings_after_a_byte_order_mark_apply() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    fs::write(
        project.join(".mind/config.json"),
        "\u{feff}{\"capture\": {\"commits\": false}}\n",
    )
    .unwrap();
    user.commit_file(
        &project,
        "a.rs",
        "a\n",
        "Cache\n\ndecided: cache sessions in Redis",
    );
    assert!(!project.join(".mind/cache/commits.md").exists());
}
