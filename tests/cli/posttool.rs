//! `mind hook post-tool --agent claude`: Claude Code's post-tool inputs replayed on stdin.
//! A failed shell command is recorded once in SESSION.md (repeats counted), a repeat
//! answers with a loop warning, a later success records the fix, which the next session
//! promotes to MEMORY.md. Unreadable input or no project: nothing, exit 0.

use crate::common;

use std::path::Path;

use common::{Env, User};
use serde_json::{Value, json};

const HOOK: [&str; 4] = ["hook", "post-tool", "--agent", "claude"];

/// A failed Bash call as Claude Code reports it (`PostToolUseFailure`, with `error`).
fn failed(cwd: &Path, command: &str, error: &str) -> String {
    json!({
        "session_id": "abc123",
        "transcript_path": "/tmp/t.jsonl",
        "cwd": cwd,
        "hook_event_name": "PostToolUseFailure",
        "tool_name": "Bash",
        "tool_input": {"command": command, "description": "Run the tests"},
        "tool_use_id": "toolu_01",
        "error": error,
    })
    .to_string()
}

/// A successful Bash call (`PostToolUse`, with `tool_response`).
fn succeeded(cwd: &Path, command: &str) -> String {
    json!({
        "session_id": "abc123",
        "cwd": cwd,
        "hook_event_name": "PostToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_response": {"stdout": "test result: ok", "stderr": "", "interrupted": false, "isImage": false},
    })
    .to_string()
}

/// Run the hook with `input`; its stdout (it must exit 0 with nothing on stderr).
fn hook(env: &Env, input: &str) -> String {
    let out = env
        .mind(&HOOK)
        .write_stdin(input)
        .output()
        .expect("run mind");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    String::from_utf8(out.stdout).unwrap()
}

fn context(stdout: &str) -> String {
    let v: Value = serde_json::from_str(stdout).expect("JSON reply");
    assert_eq!(
        v["hookSpecificOutput"]["hookEventName"],
        "PostToolUseFailure"
    );
    v["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap()
        .to_string()
}

fn experience(env: &Env) -> String {
    let session = env.read(".mind/SESSION.md");
    let start = session.find("## Experience").unwrap();
    let end = session.find("## Blockers").unwrap();
    session[start..end].to_string()
}

const ERROR: &str = "Exit code 101\n   Compiling api v0.1.0\nerror[E0308]:  mismatched types\n  --> src/lib.rs:3:5\n";

#[test]
fn failures_are_counted_warned_about_and_the_fix_is_promoted() {
    let mut env = Env::initialised();
    let root = env.root();
    let command = "cd /tmp/build-7f3a && cargo  test -p api\n";

    // First failure: recorded, no warning.
    assert_eq!(hook(&env, &failed(&root, command, ERROR)), "");
    assert_eq!(
        experience(&env),
        "## Experience\n<!-- Raw moments, thoughts, what's happening -->\n- command failed: `cargo test -p api` (agent 33739d): error[E0308]: mismatched types\n\n"
    );

    // Second: the same line counted, and a loop warning.
    let second = context(&hook(&env, &failed(&root, command, ERROR)));
    assert_eq!(
        second,
        "mind: this command keeps failing (critical, 100% similar to an earlier failure in this session; attempt 2)
STOP: this repeats an approach that already failed
earlier: command failed: `cargo test -p api`: error[E0308]: mismatched types
before the next attempt:
  1. question assumptions: which one would make every attempt fail? (`mind session` lists them)
  2. reframe: what are you actually trying to achieve, and is this the right problem?
  3. try the opposite of what keeps failing
  4. simplify: remove variables until something works, then add them back one by one
"
    );
    assert!(experience(&env).contains(
        "- command failed 2 times: `cargo test -p api` (agent 33739d): error[E0308]: mismatched types\n\n"
    ));

    // Third: one line (the way out was given at the first repeat), and a fresh agent.
    let third = context(&hook(&env, &failed(&root, command, ERROR)));
    assert_eq!(
        third,
        "mind: this command keeps failing (critical, 100% similar to an earlier failure in this session; attempt 3): step back as the warning at its first repeat said, or hand it to a fresh agent: mind helper 'cargo test -p api: error[E0308]: mismatched types'\n"
    );

    // A success of another command changes nothing; of this one, records the fix once.
    assert_eq!(hook(&env, &succeeded(&root, "ls")), "");
    assert_eq!(hook(&env, &succeeded(&root, "cargo test -p api")), "");
    assert_eq!(hook(&env, &succeeded(&root, "cargo test -p api")), "");
    assert_eq!(
        experience(&env),
        "## Experience\n<!-- Raw moments, thoughts, what's happening -->\n- command failed 3 times: `cargo test -p api` (agent 33739d): error[E0308]: mismatched types\n- fixed: `cargo test -p api` (agent 33739d) succeeded after 3 failed attempts\n\n"
    );

    // The next session promotes the fix (as progress), not the failures.
    env.at("2026-01-15T12:00:00Z");
    let v: Value = serde_json::from_str(&env.ok(&["--json", "recall"])).unwrap();
    assert_eq!(v["new_session"], true);
    let promoted: Vec<(String, String)> = v["promotion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["type"].as_str().unwrap().into(),
                p["line"].as_str().unwrap().into(),
            )
        })
        .collect();
    // Without the agent's tag.
    let fixed = "fixed: `cargo test -p api` succeeded after 3 failed attempts";
    assert_eq!(promoted, vec![("progress".to_string(), fixed.to_string())]);
    let memory = env.read(".mind/MEMORY.md");
    // Under the day's heading, which the template already holds.
    assert!(
        memory.ends_with(&format!("mood: X -->\n---\n{fixed}\n")),
        "{memory}"
    );
    assert!(!memory.contains("command failed"));
}

#[test]
fn a_failure_after_the_fix_starts_a_new_count() {
    let env = Env::initialised();
    let root = env.root();
    hook(&env, &failed(&root, "make", "make: *** [all] Error 2"));
    hook(&env, &succeeded(&root, "make"));
    assert_eq!(
        hook(&env, &failed(&root, "make", "make: *** [all] Error 2")),
        ""
    );
    assert!(experience(&env).ends_with(
        "- command failed: `make` (agent 33739d): make: *** [all] Error 2\n- fixed: `make` (agent 33739d) succeeded after 1 failed attempt\n- command failed: `make` (agent 33739d): make: *** [all] Error 2\n\n"
    ));
}

#[test]
fn secrets_in_the_command_and_error_are_redacted() {
    let env = Env::initialised();
    let root = env.root();
    hook(
        &env,
        &failed(
            &root,
            "curl -H 'Authorization: Bearer abcdef1234567890' https://api.example.com",
            "Exit code 22\ncurl: (22) 401 for token ghp_0123456789abcdefghij password=hunter2 key AKIAIOSFODNN7EXAMPLE sk-live1234567890",
        ),
    );
    let session = env.read(".mind/SESSION.md");
    for secret in [
        "abcdef1234567890",
        "ghp_0123",
        "hunter2",
        "AKIAIOSF",
        "sk-live",
    ] {
        assert!(!session.contains(secret), "{secret} leaked:\n{session}");
    }
    assert!(session.contains(
        "- command failed: `curl -H 'Authorization: Bearer [redacted]' https://api.example.com` (agent 33739d): curl: (22) 401 for token [redacted] password=[redacted] key [redacted] [redacted]\n"
    ));
}

#[test]
fn a_non_zero_exit_code_in_the_response_is_a_failure() {
    let env = Env::initialised();
    let input = json!({
        "hook_event_name": "PostToolUse", "cwd": env.root(), "tool_name": "Bash",
        "tool_input": {"command": "npm test"},
        "tool_response": {"stdout": "", "stderr": "npm ERR! missing script: test", "exit_code": 1},
    });
    hook(&env, &input.to_string());
    assert!(
        experience(&env).contains("- command failed: `npm test`: npm ERR! missing script: test\n")
    );
}

#[test]
fn distinct_failures_are_capped_per_session() {
    let env = Env::initialised();
    let root = env.root();
    for i in 0..22 {
        hook(&env, &failed(&root, &format!("tool{i}"), "boom"));
    }
    let lines = experience(&env).matches("- command failed").count();
    assert_eq!(lines, 20);
}

#[test]
fn unreadable_input_other_tools_and_no_project_give_nothing() {
    // The way a user runs it: a temp HOME, no MIND_* but the clock, a real repository.
    let user = User::new();
    let project = user.project("work/app", &["init"]);
    let session_before = std::fs::read(project.join(".mind/SESSION.md")).unwrap();
    for input in [
        "",
        "not json",
        "{\"hook_event_name\":\"PostToolUse\"}",
        &json!({"hook_event_name": "PostToolUseFailure", "cwd": project, "tool_name": "Edit",
                "tool_input": {"file_path": "a"}, "error": "boom"})
        .to_string(),
    ] {
        user.mind(&project, &HOOK)
            .write_stdin(input)
            .assert()
            .success()
            .stdout("")
            .stderr("");
    }
    assert_eq!(
        std::fs::read(project.join(".mind/SESSION.md")).unwrap(),
        session_before
    );

    // Outside any project: nothing written, nothing said.
    let outside = user.folder("elsewhere");
    user.mind(&outside, &HOOK)
        .write_stdin(failed(&outside, "make", "boom"))
        .assert()
        .success()
        .stdout("")
        .stderr("");
    assert!(!outside.join(".mind").exists());

    // In the repository, as a user: the failure is recorded.
    user.mind(&project, &HOOK)
        .write_stdin(failed(
            &project,
            "make",
            "Exit code 2\nmake: *** No rule to make target",
        ))
        .assert()
        .success()
        .stdout("");
    let session = std::fs::read_to_string(project.join(".mind/SESSION.md")).unwrap();
    assert!(
        session.contains(
            "- command failed: `make` (agent 33739d): make: *** No rule to make target\n"
        )
    );
}

// `mind hook post-tool --agent codex`: Codex's PostToolUse, whose Bash `tool_response` is the
// output text the model reads, with the exit code in its header.

const CODEX_HOOK: [&str; 4] = ["hook", "post-tool", "--agent", "codex"];

/// A Bash call as Codex reports it after it ran.
fn codex_ran(cwd: &Path, command: &str, response: &str) -> String {
    json!({
        "session_id": "019a-thread", "turn_id": "turn-3", "transcript_path": null,
        "cwd": cwd, "hook_event_name": "PostToolUse", "model": "gpt-5-codex",
        "permission_mode": "default", "tool_name": "Bash",
        "tool_input": {"command": command}, "tool_use_id": "call_01",
        "tool_response": response,
    })
    .to_string()
}

fn codex_hook(env: &Env, input: &str) -> String {
    let out = env.mind(&CODEX_HOOK).write_stdin(input).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn codex_failures_are_recorded_and_a_repeat_is_warned_about_in_codex_format() {
    let env = Env::initialised();
    let root = env.root();
    let failing = "Exit code: 101\nWall time: 2.1 seconds\nOutput:\n   Compiling api v0.1.0\nerror[E0308]: mismatched types\n";
    assert_eq!(
        codex_hook(&env, &codex_ran(&root, "cargo test -p api", failing)),
        ""
    );
    let reply: Value = serde_json::from_str(&codex_hook(
        &env,
        &codex_ran(&root, "cargo test -p api", failing),
    ))
    .unwrap();
    assert_eq!(reply["hookSpecificOutput"]["hookEventName"], "PostToolUse");
    let warning = reply["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap();
    assert!(
        warning.starts_with("mind: this command keeps failing (critical, 100% similar to an earlier failure in this session; attempt 2)\n"),
        "{warning}"
    );
    // Unified exec's header says it another way; the success closes the failures.
    assert_eq!(
        codex_hook(
            &env,
            &codex_ran(
                &root,
                "cargo test -p api",
                "Process exited with code 0\nOutput:\nok\n"
            )
        ),
        ""
    );
    assert_eq!(
        experience(&env),
        "## Experience\n<!-- Raw moments, thoughts, what's happening -->\n- command failed 2 times: `cargo test -p api` (agent 30a988): error[E0308]: mismatched types\n- fixed: `cargo test -p api` (agent 30a988) succeeded after 2 failed attempts\n\n"
    );
}

#[test]
fn a_codex_output_without_an_exit_code_or_a_malformed_input_changes_nothing() {
    let env = Env::initialised();
    let root = env.root();
    let before = env.read(".mind/SESSION.md");
    for input in [
        codex_ran(&root, "make", "make: *** No rule to make target"),
        "not json".to_string(),
        codex_ran(&root, "make", "Exit code: 2").replace("\"Bash\"", "\"apply_patch\""),
    ] {
        assert_eq!(codex_hook(&env, &input), "");
    }
    assert_eq!(env.read(".mind/SESSION.md"), before);
}

#[test]
fn cursor_has_no_post_tool_hook_and_says_why() {
    let env = Env::initialised();
    let out = env
        .mind(&["hook", "post-tool", "--agent", "cursor"])
        .write_stdin("{}")
        .output()
        .unwrap();
    // A hook never fails the harness: exit 0, nothing on stdout, the reason on stderr.
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("gives no exit code"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
