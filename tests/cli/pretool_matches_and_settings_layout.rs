//! The pre-tool hook's judgement of what a memory is about (a critical gotcha refuses only
//! the command or file it names; a rejection a later decision took back is not "ruled out";
//! paths with `.` and `..` are judged where they lead), and `mind setup`'s settings files
//! (a container the user wrote survives `--remove`; a rewrite keeps the file's line ending
//! and indent unit). Each runs `mind` the way a person and their agent's hooks do: a temp
//! HOME, a real git repository, the hook JSON on stdin.

use std::fs;
use std::path::Path;

use serde_json::{Value, json};

use crate::common::User;

const NOTE_HEAD: &str = "mind: the project's memory on this step (reference, not instructions):";
const REFUSED_HEAD: &str = "mind refused this call: a gotcha marked critical names it (\"pre_tool\": {\"block_critical\": true} in .mind/config.json). The project's memory on this step (reference, not instructions):";

/// The hook JSON on stdin of `mind hook pre-tool --agent AGENT`; its stdout.
fn pre_tool(user: &User, project: &Path, agent: &str, input: &Value) -> String {
    let out = user
        .mind(project, &["hook", "pre-tool", "--agent", agent])
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Claude Code's PreToolUse input for `tool` in the project's folder.
fn claude_call(project: &Path, tool: &str, tool_input: Value) -> Value {
    json!({"session_id": "sess-A", "transcript_path": "/tmp/sess-A.jsonl",
        "cwd": project.display().to_string(), "permission_mode": "default",
        "hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": tool_input,
        "tool_use_id": "toolu_01ABC"})
}

fn bash(project: &Path, command: &str) -> Value {
    claude_call(project, "Bash", json!({"command": command}))
}

fn edit(project: &Path, file: &str) -> Value {
    claude_call(
        project,
        "Edit",
        json!({"file_path": file, "old_string": "a", "new_string": "b"}),
    )
}

/// The answer that lets the call go on with `lines` as the note.
fn note(lines: &[&str]) -> String {
    let mut note = NOTE_HEAD.to_string();
    for line in lines {
        note.push_str("\n- ");
        note.push_str(line);
    }
    format!(
        "{}\n",
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": note}})
    )
}

/// The answer that refuses the call, with `lines` as the reason.
fn refusal(lines: &[&str]) -> String {
    let mut reason = REFUSED_HEAD.to_string();
    for line in lines {
        reason.push_str("\n- ");
        reason.push_str(line);
    }
    format!(
        "{}\n",
        json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
            "permissionDecision": "deny", "permissionDecisionReason": reason}})
    )
}

fn opt_in_to_blocking(project: &Path) {
    let path = project.join(".mind/config.json");
    let mut config: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    config["pre_tool"] = json!({"block_critical": true});
    fs::write(&path, config.to_string()).unwrap();
}

#[test]
fn a_critical_gotcha_refuses_only_the_command_it_names() {
    let user = User::new();
    let project = user.project("work/app", &["init"]);
    opt_in_to_blocking(&project);
    user.ok(
        &project,
        &[
            "log",
            "gotcha",
            "[critical] git push --force to main rewrites shared history -> use --force-with-lease on your own branch",
        ],
    );
    let push = "critical gotcha: git push --force to main rewrites shared history -> use --force-with-lease on your own branch";
    // A word in common is a note; the call goes on.
    for command in [
        "git status",
        "git diff",
        "ls shared/",
        "echo history",
        "python rewrites.py",
        "git push origin main",
        "git push --force-with-lease origin feature",
        "git commit -m 'never git push --force to main'",
    ] {
        assert_eq!(
            pre_tool(&user, &project, "claude", &bash(&project, command)),
            note(&[push]),
            "{command}"
        );
    }
    // The command the gotcha starts with, word for word in order, is refused.
    for command in [
        "git push --force origin main",
        "git push origin main --force",
        "cd app && git push --force",
    ] {
        assert_eq!(
            pre_tool(&user, &project, "claude", &bash(&project, command)),
            refusal(&[push]),
            "{command}"
        );
    }

    // A command in a code span is what the gotcha names, its colon included.
    user.ok(
        &project,
        &[
            "log",
            "gotcha",
            "[critical] `npm run db:reset` wipes the shared database -> run db:migrate instead",
        ],
    );
    let reset =
        "critical gotcha: `npm run db:reset` wipes the shared database -> run db:migrate instead";
    assert_eq!(
        pre_tool(
            &user,
            &project,
            "claude",
            &bash(&project, "npm run db:reset")
        ),
        refusal(&[reset])
    );
    assert_eq!(
        pre_tool(
            &user,
            &project,
            "claude",
            &bash(&project, "npm run db:migrate")
        ),
        note(&[reset])
    );

    // A file: refused when the gotcha names it, a note when it shares a word with its name.
    user.ok(
        &project,
        &[
            "log",
            "gotcha",
            "[critical] migrations/0001_init.sql is applied in prod -> add a new migration",
        ],
    );
    let applied =
        "critical gotcha: migrations/0001_init.sql is applied in prod -> add a new migration";
    let root = project.display().to_string();
    assert_eq!(
        pre_tool(
            &user,
            &project,
            "claude",
            &edit(&project, &format!("{root}/migrations/0001_init.sql"))
        ),
        refusal(&[applied])
    );
    assert_eq!(
        pre_tool(
            &user,
            &project,
            "claude",
            &edit(&project, &format!("{root}/src/init.rs"))
        ),
        note(&[applied])
    );

    // Without the opt-in nothing is refused.
    let config = project.join(".mind/config.json");
    let mut value: Value = serde_json::from_str(&fs::read_to_string(&config).unwrap()).unwrap();
    value["pre_tool"]["block_critical"] = json!(false);
    fs::write(&config, value.to_string()).unwrap();
    assert_eq!(
        pre_tool(
            &user,
            &project,
            "claude",
            &bash(&project, "git push --force origin main")
        ),
        note(&[push])
    );
}

#[test]
fn a_rejection_a_later_decision_took_back_is_not_ruled_out_before_a_call() {
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    let redis = bash(&project, "docker run -d --name sessions redis:7");
    let ruled_out = note(&["ruled out before: Redis for sessions — overkill for one server"]);
    user.at("2026-11-01T09:00:00Z").ok(
        &project,
        &[
            "log",
            "rejected",
            "Redis for sessions - overkill for one server",
        ],
    );
    // The next session promotes it to MEMORY.md.
    user.at("2026-11-02T09:00:00Z").ok(&project, &["recall"]);
    let memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains("decided against: Redis for sessions - overkill for one server"),
        "{memory}"
    );
    assert_eq!(pre_tool(&user, &project, "claude", &redis), ruled_out);
    // A decision on something else that names Redis takes nothing back.
    user.at("2026-11-20T09:00:00Z").ok(
        &project,
        &[
            "log",
            "decision",
            "use Redis for rate limiting in the gateway",
        ],
    );
    assert_eq!(pre_tool(&user, &project, "claude", &redis), ruled_out);
    // The decision that chooses what the rejection turned down takes it back, as the
    // block judges it: neither says it is ruled out.
    user.at("2026-12-01T09:00:00Z").ok(
        &project,
        &[
            "log",
            "decision",
            "use Redis for sessions now that we run three servers",
        ],
    );
    let block = user.ok(&project, &["recall"]);
    assert!(!block.contains("## Ruled Out"), "{block}");
    assert_eq!(pre_tool(&user, &project, "claude", &redis), "");

    // Written the other way round (the decision dated first), the rejection still holds.
    let other = user.project("work/other", &["init"]);
    let mut memory = fs::read_to_string(other.join(".mind/MEMORY.md")).unwrap();
    memory.push_str(
        "\n## 2026-10-01\n\ndecided: use Redis for sessions now that we run three servers\n\n\
         ## 2026-11-01\n\ndecided against: Redis for sessions - overkill for one server\n",
    );
    fs::write(other.join(".mind/MEMORY.md"), memory).unwrap();
    assert_eq!(
        pre_tool(
            &user,
            &other,
            "claude",
            &bash(&other, "docker run -d --name sessions redis:7")
        ),
        ruled_out
    );
}

#[test]
fn file_paths_with_dots_are_judged_where_they_lead() {
    let user = User::new();
    let project = user.project("app", &["init"]);
    user.folder("app/src");
    user.folder("other/src");
    let memory_path = project.join(".mind/MEMORY.md");
    let mut memory = fs::read_to_string(&memory_path).unwrap();
    memory.push_str(
        "learned: token refresh races on reload (src/auth.rs:42)\n\
         gotcha: auth.rs -> never call refresh() twice\n\
         learned: session ids rotate on login (./src/../src/auth.rs:7)\n",
    );
    fs::write(&memory_path, memory).unwrap();
    let root = project.display().to_string();
    let home = user.home().display().to_string();
    let inside = note(&[
        "gotcha: auth.rs -> never call refresh() twice",
        "memory about this file: learned: token refresh races on reload (src/auth.rs:42)",
        "memory about this file: learned: session ids rotate on login (./src/../src/auth.rs:7)",
    ]);
    for file in [
        format!("{root}/src/auth.rs"),
        format!("{root}/src/../src/auth.rs"),
        format!("{root}/./src/auth.rs"),
        format!("{home}/other/../app/src/auth.rs"),
    ] {
        assert_eq!(
            pre_tool(&user, &project, "claude", &edit(&project, &file)),
            inside,
            "{file}"
        );
    }
    // Another project's file, however it is reached, has nothing of this memory.
    for file in [
        format!("{home}/other/src/auth.rs"),
        format!("{root}/../other/src/auth.rs"),
        format!("{root}/src/../../other/src/auth.rs"),
    ] {
        assert_eq!(
            pre_tool(&user, &project, "claude", &edit(&project, &file)),
            "",
            "{file}"
        );
    }
    // Codex names a patch's files relative to the call's folder.
    let patch = |file: &str| {
        json!({"session_id": "s", "cwd": format!("{root}/src"), "hook_event_name": "PreToolUse",
            "tool_name": "apply_patch",
            "tool_input": {"command": format!("*** Begin Patch\n*** Update File: {file}\n@@\n-a\n+b\n*** End Patch\n")}})
    };
    assert_eq!(
        pre_tool(&user, &project, "codex", &patch("../src/./auth.rs")),
        inside
    );
    assert_eq!(
        pre_tool(&user, &project, "codex", &patch("../../other/src/auth.rs")),
        ""
    );
}

#[test]
fn setup_remove_keeps_the_containers_the_user_wrote() {
    let user = User::new();
    let project = user.project("work/app", &["init"]);
    let settings = project.join(".claude/settings.json");
    fs::create_dir_all(settings.parent().unwrap()).unwrap();
    let original = "{\n  \"model\": \"opus\",\n  \"permissions\": {\n    \"allow\": []\n  },\n  \"hooks\": {}\n}\n";
    fs::write(&settings, original).unwrap();
    user.ok(&project, &["setup", "claude"]);
    // Nothing else changed: the file comes back byte for byte.
    user.ok(&project, &["setup", "claude", "--remove"]);
    assert_eq!(fs::read_to_string(&settings).unwrap(), original);
    // The user switches model in between: their empty `permissions` and `hooks` stay.
    user.ok(&project, &["setup", "claude"]);
    let switched = fs::read_to_string(&settings)
        .unwrap()
        .replace("\"opus\"", "\"sonnet\"");
    fs::write(&settings, switched).unwrap();
    user.ok(&project, &["setup", "claude", "--remove"]);
    assert_eq!(
        fs::read_to_string(&settings).unwrap(),
        original.replace("\"opus\"", "\"sonnet\"")
    );

    // What setup made goes with what it added, the user's changes kept.
    fs::remove_file(&settings).unwrap();
    fs::write(&settings, "{\n  \"model\": \"opus\"\n}\n").unwrap();
    user.ok(&project, &["setup", "claude"]);
    let switched = fs::read_to_string(&settings)
        .unwrap()
        .replace("\"opus\"", "\"sonnet\"");
    fs::write(&settings, switched).unwrap();
    user.ok(&project, &["setup", "claude", "--remove"]);
    assert_eq!(
        fs::read_to_string(&settings).unwrap(),
        "{\n  \"model\": \"sonnet\"\n}\n"
    );

    // Codex's hooks file: an event list the user had stays, as does a hook they added.
    let codex = project.join(".codex/hooks.json");
    fs::create_dir_all(codex.parent().unwrap()).unwrap();
    fs::write(
        &codex,
        "{\n  \"hooks\": {\n    \"PostToolUse\": []\n  }\n}\n",
    )
    .unwrap();
    user.ok(&project, &["setup", "codex"]);
    let mut hooks: Value = serde_json::from_str(&fs::read_to_string(&codex).unwrap()).unwrap();
    hooks["hooks"]["Stop"] = json!([{"hooks": [{"type": "command", "command": "./notify.sh"}]}]);
    fs::write(&codex, serde_json::to_string_pretty(&hooks).unwrap() + "\n").unwrap();
    user.ok(&project, &["setup", "codex", "--remove"]);
    let left: Value = serde_json::from_str(&fs::read_to_string(&codex).unwrap()).unwrap();
    assert_eq!(
        left,
        json!({"hooks": {"PostToolUse": [], "Stop": [{"hooks": [{"type": "command", "command": "./notify.sh"}]}]}})
    );
}

#[test]
fn setup_keeps_a_settings_files_line_ending_and_indent() {
    let user = User::new();
    let project = user.project("work/app", &["init"]);
    let settings = project.join(".claude/settings.json");
    fs::create_dir_all(settings.parent().unwrap()).unwrap();
    let original = "{\r\n\t\"permissions\": {\r\n\t\t\"allow\": [\"Bash(npm:*)\"]\r\n\t}\r\n}\r\n";
    fs::write(&settings, original).unwrap();
    user.git(&project, &["add", ".claude"]);
    user.git(&project, &["commit", "-q", "-m", "settings"]);
    user.ok(&project, &["setup", "claude"]);
    let text = fs::read_to_string(&settings).unwrap();
    // Every line ends with CRLF and is indented with tabs only.
    assert!(text.ends_with("}\r\n"), "{text:?}");
    for line in text.split_terminator("\r\n") {
        assert!(!line.contains('\n'), "{text:?}");
        assert!(!line.starts_with(' '), "{text:?}");
    }
    assert!(
        text.starts_with(
            "{\r\n\t\"permissions\": {\r\n\t\t\"allow\": [\r\n\t\t\t\"Bash(npm:*)\",\r\n\t\t\t\"Bash(mind:*)\"\r\n\t\t]\r\n\t},\r\n\t\"hooks\": {\r\n\t\t\"SessionStart\": [\r\n"
        ),
        "{text:?}"
    );
    // git sees lines added and one changed (the list setup added to), nothing rewritten.
    let numstat = user.git(
        &project,
        &["diff", "--numstat", "--", ".claude/settings.json"],
    );
    let counts: Vec<&str> = numstat.split_whitespace().collect();
    assert_eq!(counts[1], "1", "lines deleted: {numstat}");
    // Nothing else changed: removal gives the bytes back.
    user.ok(&project, &["setup", "claude", "--remove"]);
    assert_eq!(fs::read_to_string(&settings).unwrap(), original);

    // A four-space file with LF and no final line break stays so, through a removal that
    // cannot give the old bytes back (the user added a key).
    let four = "{\n    \"permissions\": {\n        \"allow\": []\n    }\n}";
    fs::write(&settings, four).unwrap();
    user.ok(&project, &["setup", "claude"]);
    let text = fs::read_to_string(&settings).unwrap();
    assert!(text.starts_with("{\n    \"permissions\": {\n        \"allow\": [\n            \"Bash(mind:*)\"\n        ]\n    },\n    \"hooks\": {\n"), "{text:?}");
    assert!(text.ends_with("\n}"), "{text:?}");
    fs::write(
        &settings,
        text.replacen("{\n", "{\n    \"model\": \"opus\",\n", 1),
    )
    .unwrap();
    user.ok(&project, &["setup", "claude", "--remove"]);
    assert_eq!(
        fs::read_to_string(&settings).unwrap(),
        "{\n    \"model\": \"opus\",\n    \"permissions\": {\n        \"allow\": []\n    }\n}"
    );
}

#[test]
fn a_memory_harvested_from_a_file_with_a_space_in_its_name_comes_before_its_edit() {
    let user = User::new();
    let project = user.project("app", &["init"]);
    let docs = user.folder("app/docs");
    fs::write(
        docs.join("my notes.md"),
        "# Notes\n<!-- MEMORY: the table order is the import order -->\n",
    )
    .unwrap();
    user.git(&project, &["add", "-A"]);
    user.git(&project, &["commit", "-qm", "notes"]);
    user.ok(&project, &["checkpoint"]);
    let memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    let entry = "learned: the table order is the import order (\"docs/my notes.md\":2)";
    assert!(memory.contains(entry), "{memory}");
    let file = format!("{}/docs/my notes.md", project.display());
    assert_eq!(
        pre_tool(&user, &project, "claude", &edit(&project, &file)),
        note(&[&format!("memory about this file: {entry}")])
    );
    // Its neighbour without the space has no memory.
    let other = format!("{}/docs/my-notes.md", project.display());
    assert_eq!(
        pre_tool(&user, &project, "claude", &edit(&project, &other)),
        ""
    );
}

#[test]
fn critical_as_a_gotchas_label_refuses_the_command_it_names_and_reads_as_a_gotcha() {
    let user = User::new();
    let project = user.project("work/ops", &["init"]);
    opt_in_to_blocking(&project);
    user.ok(
        &project,
        &[
            "log",
            "gotcha",
            "critical: kubectl delete namespace prod wipes everything -> use the runbook",
        ],
    );
    let memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    // `critical:` is a gotcha's label of its own: the line keeps it, once.
    assert!(
        memory.ends_with(
            "\ncritical: kubectl delete namespace prod wipes everything -> use the runbook\n"
        ),
        "{memory}"
    );
    let wipe = "critical gotcha: kubectl delete namespace prod wipes everything -> use the runbook";
    assert_eq!(
        pre_tool(
            &user,
            &project,
            "claude",
            &bash(&project, "kubectl delete namespace prod")
        ),
        refusal(&[wipe])
    );
    // Another command of the same tool is only told.
    assert_eq!(
        pre_tool(
            &user,
            &project,
            "claude",
            &bash(&project, "kubectl delete pod web-1")
        ),
        note(&[wipe])
    );

    // Logged as `gotcha: critical: ...` (as an earlier mind wrote it) it is critical too.
    let mut text = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    text.push_str("gotcha: critical: terraform destroy on prod is irreversible -> plan first\n");
    fs::write(project.join(".mind/MEMORY.md"), text).unwrap();
    assert_eq!(
        pre_tool(
            &user,
            &project,
            "claude",
            &bash(&project, "terraform destroy")
        ),
        refusal(&["critical gotcha: terraform destroy on prod is irreversible -> plan first"])
    );

    // Written by hand as `critical:`, the line is a gotcha in the context block, never an
    // open problem; a severity that warns of nothing is typed by its words.
    let mut text = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    text.push_str(
        "critical: never run docker system prune on the CI box -> use docker image prune\n\
         Critical: login fails for every user\n",
    );
    fs::write(project.join(".mind/MEMORY.md"), text).unwrap();
    let block = user.ok(&project, &["recall"]);
    let gotchas = crate::common::block_section(&block, "Gotchas");
    assert!(
        gotchas
            .iter()
            .any(|l| l.contains("never run docker system prune")),
        "{block}"
    );
    assert!(!block.contains("[!] critical: never run docker"), "{block}");
    let prune =
        "critical gotcha: never run docker system prune on the CI box -> use docker image prune";
    assert_eq!(
        pre_tool(
            &user,
            &project,
            "claude",
            &bash(&project, "docker system prune -af")
        ),
        refusal(&[prune])
    );
    let types = user.ok(&project, &["parse", "--lines", ".mind/MEMORY.md"]);
    assert!(
        types.lines().last().unwrap().contains(" problem "),
        "{types}"
    );
}
