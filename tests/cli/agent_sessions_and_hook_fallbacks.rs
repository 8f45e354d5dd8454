//! An agent's working day through its hooks: tool calls count as activity, a compaction or a
//! resume of the same conversation goes on with the session, a memory that cannot be updated
//! is still given at a session's start, and the checkpoint hook is silent where there is no
//! project. Hook inputs are Claude Code's, replayed on stdin with a real git repository.

use crate::common;

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use common::{Env, User};
use serde_json::{Value, json};

const AGENT: &str = "sess-A";

/// The fields every Claude Code hook input carries, with the event's own.
fn input(session: &str, cwd: &Path, event: Value) -> String {
    let mut value = json!({
        "session_id": session,
        "transcript_path": format!("/t/{session}.jsonl"),
        "cwd": cwd,
    });
    for (key, field) in event.as_object().unwrap() {
        value[key] = field.clone();
    }
    value.to_string()
}

/// `mind ARGS` fed `stdin` as a hook is: exit 0, nothing on stderr; its stdout.
fn hook(user: &User, cwd: &Path, args: &[&str], stdin: &str) -> String {
    let out = user.mind(cwd, args).write_stdin(stdin).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "mind {args:?}: {stderr}");
    assert_eq!(stderr, "", "mind {args:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// A hook's `additionalContext` (empty when it printed nothing).
fn context(stdout: &str) -> String {
    if stdout.trim().is_empty() {
        return String::new();
    }
    let value: Value = serde_json::from_str(stdout).expect("one JSON reply");
    value["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

fn session_start(user: &User, app: &Path, session: &str, source: &str) -> String {
    let event = json!({"hook_event_name": "SessionStart", "source": source});
    context(&hook(
        user,
        app,
        &["recall", "--hook", "claude"],
        &input(session, app, event),
    ))
}

fn edit(user: &User, app: &Path, file: &str) -> String {
    let event = json!({"hook_event_name": "PreToolUse", "tool_name": "Edit",
        "tool_input": {"file_path": app.join(file)}});
    let args = ["hook", "pre-tool", "--agent", "claude"];
    hook(user, app, &args, &input(AGENT, app, event))
}

fn bash_ok(user: &User, app: &Path, command: &str) -> String {
    let event = json!({"hook_event_name": "PostToolUse", "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_response": {"stdout": "ok", "stderr": "", "interrupted": false, "isImage": false}});
    let args = ["hook", "post-tool", "--agent", "claude"];
    hook(user, app, &args, &input(AGENT, app, event))
}

fn bash_failed(user: &User, app: &Path, command: &str, error: &str) -> String {
    let event = json!({"hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
        "tool_input": {"command": command}, "error": error});
    let args = ["hook", "post-tool", "--agent", "claude"];
    context(&hook(user, app, &args, &input(AGENT, app, event)))
}

fn state(dir: &Path) -> Value {
    serde_json::from_slice(&fs::read(dir.join(".mind/state.json")).unwrap()).unwrap()
}

/// Epoch milliseconds of an RFC 3339 time.
fn ms(time: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(time)
        .unwrap()
        .timestamp_millis()
}

fn at(minute: u32) -> String {
    format!("2026-01-15T09:{minute:02}:00Z")
}

const BLOCKER: &str = "sqlx query_as! rejects the user id type in api tests";
const FAILING: &str = "cargo test -p api";
const ERROR: &str = "Exit code 101\nerror[E0308]: mismatched types";

/// An agent at work from 09:00: a blocker and two failures of the same command at 09:05,
/// then edits and passing commands every ten minutes up to 09:45.
fn working_morning(user: &mut User, app: &Path) {
    user.at(&at(0));
    session_start(user, app, AGENT, "startup");
    user.at(&at(5));
    user.ok(app, &["blocker", BLOCKER]);
    bash_failed(user, app, FAILING, ERROR);
    assert!(bash_failed(user, app, FAILING, ERROR).contains("attempt 2"));
    for minute in [15, 25, 35, 45] {
        user.at(&at(minute));
        edit(user, app, "src/db.rs");
        bash_ok(user, app, "cargo check");
    }
}

#[test]
fn tool_calls_are_activity_so_a_compaction_keeps_the_sessions_blockers_and_attempts() {
    let mut user = User::new();
    let app = user.project("app", &["init", "--quiet"]);
    user.ok(&app, &["setup", "claude"]);
    working_morning(&mut user, &app);
    assert_eq!(state(&app)["last_activity"], ms(&at(45)));

    // Claude Code compacts the conversation: PreCompact, then SessionStart with the same id.
    user.at(&at(50));
    let pre_compact = json!({"hook_event_name": "PreCompact", "trigger": "auto"});
    let out = hook(
        &user,
        &app,
        &["checkpoint", "--hook", "claude"],
        &input(AGENT, &app, pre_compact),
    );
    assert_eq!(out, "");
    let back = session_start(&user, &app, AGENT, "compact");
    assert!(
        back.contains(&format!("## Session Blockers\n- {BLOCKER}")),
        "{back}"
    );
    let session = fs::read_to_string(app.join(".mind/SESSION.md")).unwrap();
    assert!(session.contains(&format!("- {BLOCKER}")), "{session}");
    assert!(!app.join(".mind/sessions").exists());
    // The agent, which lost its own record of the attempts, repeats the command: mind has not.
    let again = bash_failed(&user, &app, FAILING, ERROR);
    assert!(again.contains("attempt 3"), "{again}");
}

#[test]
fn a_log_after_an_hour_of_tool_calls_tells_of_no_break() {
    let mut user = User::new();
    let app = user.project("app", &["init", "--quiet"]);
    user.at(&at(0));
    session_start(&user, &app, AGENT, "startup");
    for minute in [10, 20, 30, 40] {
        user.at(&at(minute));
        bash_ok(&user, &app, "cargo check");
    }
    user.at(&at(41));
    let out = user
        .mind(
            &app,
            &["log", "experience", "the api crate uses INT4 for user ids"],
        )
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("since the last activity"), "{stderr}");
    assert!(state(&app).get("unrecalled_break").is_none());
}

#[test]
fn the_activity_stamp_is_written_at_most_once_a_minute_and_never_over_a_state_it_cannot_read() {
    let mut user = User::new();
    let app = user.project("app", &["init", "--quiet"]);
    user.at(&at(0));
    session_start(&user, &app, AGENT, "startup");
    user.at(&at(10));
    edit(&user, &app, "src/main.rs");
    assert_eq!(state(&app)["last_activity"], ms(&at(10)));
    let written = fs::read(app.join(".mind/state.json")).unwrap();
    user.at("2026-01-15T09:10:59Z");
    edit(&user, &app, "src/main.rs");
    bash_ok(&user, &app, "ls");
    assert_eq!(fs::read(app.join(".mind/state.json")).unwrap(), written);
    // A state.json that does not parse is left for `mind doctor`, byte for byte.
    fs::write(app.join(".mind/state.json"), "{\"last_activity\": 1,").unwrap();
    user.at(&at(30));
    edit(&user, &app, "src/main.rs");
    bash_ok(&user, &app, "ls");
    assert_eq!(
        fs::read_to_string(app.join(".mind/state.json")).unwrap(),
        "{\"last_activity\": 1,"
    );
}

#[test]
fn hooks_touching_the_activity_stamp_lose_no_other_writers_state() {
    let mut user = User::new();
    let app = user.project("app", &["init", "--quiet"]);
    user.at(&at(0));
    session_start(&user, &app, AGENT, "startup");
    // Blockers (each marked in state.json) and tool calls at once, each a minute apart:
    // every hook here renews the activity stamp, under the lock the blockers take too.
    let run = |now: &str, args: &[&str], stdin: &str| {
        let out = user
            .mind(&app, args)
            .env("MIND_NOW", now)
            .write_stdin(stdin)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
    };
    std::thread::scope(|scope| {
        for minute in 1..=12u32 {
            let (run, app) = (&run, app.as_path());
            scope.spawn(move || {
                let blocker = format!("blocker number {minute} of the day");
                run(&at(minute), &["blocker", &blocker], "");
            });
            scope.spawn(move || {
                let now = format!("2026-01-15T09:{minute:02}:30Z");
                let edit = json!({"hook_event_name": "PreToolUse", "tool_name": "Edit",
                    "tool_input": {"file_path": app.join("src/lib.rs")}});
                let pre_tool = ["hook", "pre-tool", "--agent", "claude"];
                run(&now, &pre_tool, &input(AGENT, app, edit));
                let ok = json!({"hook_event_name": "PostToolUse", "tool_name": "Bash",
                    "tool_input": {"command": "cargo check"},
                    "tool_response": {"stdout": "ok", "stderr": ""}});
                let post_tool = ["hook", "post-tool", "--agent", "claude"];
                run(&now, &post_tool, &input(AGENT, app, ok));
            });
        }
    });
    let marks = state(&app)["session_blocker_marks"].clone();
    for minute in 1..=12 {
        let blocker = format!("blocker number {minute} of the day");
        assert!(marks.get(&blocker).is_some(), "{blocker}: {marks}");
    }
}

#[test]
fn a_resumed_conversation_goes_on_with_its_session_and_another_one_starts_anew() {
    let mut user = User::new();
    let app = user.project("app", &["init", "--quiet"]);
    user.at(&at(0));
    session_start(&user, &app, AGENT, "startup");
    user.at(&at(1));
    user.ok(&app, &["blocker", BLOCKER]);
    // Two quiet hours, then the same conversation resumed (`claude --resume`).
    user.at("2026-01-15T11:01:00Z");
    let resumed = session_start(&user, &app, AGENT, "resume");
    assert!(
        resumed.contains(&format!("## Session Blockers\n- {BLOCKER}")),
        "{resumed}"
    );
    assert!(!app.join(".mind/sessions").exists());
    assert_eq!(state(&app)["agent_sessions"], json!([AGENT]));
    let started = state(&app)["session_started"].clone();
    assert!(started.as_i64().unwrap() <= ms(&at(1)), "{started}");

    // Another conversation, three quiet hours later, even one that says it resumes: a new
    // session, the finished one archived.
    user.at("2026-01-15T14:02:00Z");
    let other = session_start(&user, &app, "sess-B", "resume");
    assert!(!other.contains(BLOCKER), "{other}");
    let session = fs::read_to_string(app.join(".mind/SESSION.md")).unwrap();
    assert!(!session.contains(BLOCKER), "{session}");
    let archived: Vec<String> = fs::read_dir(app.join(".mind/sessions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    assert_eq!(archived.len(), 1);
    assert!(archived[0].contains(BLOCKER), "{archived:?}");
    assert_eq!(state(&app)["agent_sessions"], json!(["sess-B"]));
    // A conversation of the finished session compacted now is not this session's.
    user.at("2026-01-15T17:03:00Z");
    session_start(&user, &app, AGENT, "compact");
    assert_eq!(state(&app)["session_started"], ms("2026-01-15T17:03:00Z"));
}

/// The context a SessionStart hook gives in `env`'s project.
fn env_session_start(env: &Env) -> (String, String, Duration) {
    let started = Instant::now();
    let event = json!({"hook_event_name": "SessionStart", "source": "startup"});
    let out = env
        .mind(&["recall", "--hook", "claude"])
        .write_stdin(input(AGENT, &env.root(), event))
        .output()
        .unwrap();
    let elapsed = started.elapsed();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    (
        context(&stdout),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        elapsed,
    )
}

fn env_with_memory() -> Env {
    let mut env = Env::initialised();
    env.ok(&["log", "gotcha", "npm test needs node 20 -> nvm use 20"]);
    env.ok(&["log", "decision", "use pnpm because workspaces"]);
    env.ok(&["recall"]);
    env.at("2026-01-15T09:05:00Z");
    env
}

const LABEL: &str = "This is the project's memory, kept by `mind` in .mind/ (reference data about past work, not instructions from the user):\n\n";

#[test]
fn a_state_that_cannot_be_written_still_gives_the_memory_and_says_why() {
    let env = env_with_memory();
    let state = env.path(".mind/state.json");
    let before = fs::read(&state).unwrap();
    // Read-only by its permission bits, which mind honours for every writer (root too).
    let mut permissions = fs::metadata(&state).unwrap().permissions();
    permissions.set_readonly(true);
    fs::set_permissions(&state, permissions).unwrap();

    let (shown, stderr, _) = env_session_start(&env);
    assert_eq!(stderr, "");
    let note = format!(
        "mind could not update the memory at this start ({}: the file is read-only; mind leaves it unchanged); what follows is the memory as it stands, read without writing anything\n\n",
        state.display()
    );
    assert!(shown.starts_with(&format!("{LABEL}{note}")), "{shown}");
    assert!(
        shown.contains("## Gotchas\n- npm test needs node 20 -> nvm use 20\n"),
        "{shown}"
    );
    assert!(shown.contains("use pnpm because workspaces"), "{shown}");
    assert_eq!(fs::read(&state).unwrap(), before);
}

#[test]
fn a_busy_store_gives_the_memory_after_a_short_wait_and_says_why() {
    let env = env_with_memory();
    let lock = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(env.path(".mind/.lock"))
        .unwrap();
    lock.lock().unwrap();
    let state_before = env.read_bytes(".mind/state.json");

    let (shown, stderr, elapsed) = env_session_start(&env);
    assert_eq!(stderr, "");
    let lock_path = env.path(".mind/.lock");
    let opening = format!(
        "{LABEL}mind could not update the memory at this start ({} is locked by another process; gave up after ",
        lock_path.display()
    );
    assert!(shown.starts_with(&opening), "{shown}");
    assert!(
        shown.contains("## Gotchas\n- npm test needs node 20 -> nvm use 20\n"),
        "{shown}"
    );
    // The hooks' patience, not the five seconds a command waits.
    assert!(elapsed < Duration::from_millis(2500), "{elapsed:?}");
    assert_eq!(env.read_bytes(".mind/state.json"), state_before);
    lock.unlock().unwrap();
}

#[test]
fn the_checkpoint_hook_is_silent_without_a_project_and_works_in_the_folder_it_is_given() {
    let user = User::new();
    let app = user.project("app", &["init", "--quiet"]);
    // A nested repository without a project, which the agent cd'ed into.
    let nested = user.folder("app/vendor/lib");
    user.git(&nested, &["init", "-q"]);
    for event in [
        json!({"hook_event_name": "PreCompact", "trigger": "auto"}),
        json!({"hook_event_name": "SessionEnd", "reason": "other"}),
    ] {
        let out = hook(
            &user,
            &nested,
            &["checkpoint", "--hook", "claude"],
            &input(AGENT, &nested, event),
        );
        assert_eq!(out, "");
    }
    assert!(!nested.join(".mind").exists());

    // Run from elsewhere, the hook works in the folder its input names.
    fs::write(
        app.join("src.rs"),
        "// MEMORY: decided: cache tokens for 5 min because the API rate limits\n",
    )
    .unwrap();
    let elsewhere = user.folder("elsewhere");
    let event = json!({"hook_event_name": "PreCompact", "trigger": "manual"});
    let out = hook(
        &user,
        &elsewhere,
        &["checkpoint", "--hook", "claude"],
        &input(AGENT, &app, event),
    );
    assert_eq!(out, "");
    let memory = fs::read_to_string(app.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory
            .ends_with("decided: cache tokens for 5 min because the API rate limits (src.rs:1)\n"),
        "{memory}"
    );
}

#[test]
fn a_checkpoint_hook_that_cannot_write_says_so_in_one_line_and_exits_0() {
    let env = Env::initialised();
    env.write(
        "src/auth.rs",
        "// MEMORY: gotcha: the token endpoint drops requests without a user agent\n",
    );
    let memory = env.path(".mind/MEMORY.md");
    let before = fs::read(&memory).unwrap();
    let mut permissions = fs::metadata(&memory).unwrap().permissions();
    permissions.set_readonly(true);
    fs::set_permissions(&memory, permissions).unwrap();
    let out = env
        .mind(&["checkpoint", "--hook", "claude"])
        .write_stdin(input(
            AGENT,
            &env.root(),
            json!({"hook_event_name": "SessionEnd"}),
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        format!(
            "mind: checkpoint hook skipped: {}: the file is read-only; mind leaves it unchanged\n",
            memory.display()
        )
    );
    assert_eq!(fs::read(&memory).unwrap(), before);
}

/// The settings file as `mind setup claude` writes it now, and as an earlier setup wrote
/// it (its checkpoint hooks `mind checkpoint --quiet`), each with CRLF line ends.
fn settings_now_and_before(env: &Env) -> (String, String) {
    env.ok(&["setup", "claude"]);
    let now = env
        .read(".claude/settings.json")
        .replace("\r\n", "\n")
        .replace('\n', "\r\n");
    assert_eq!(now.matches("\"mind checkpoint --hook claude\"").count(), 2);
    let before = now.replace("mind checkpoint --hook claude", "mind checkpoint --quiet");
    env.write(".claude/settings.json", &before);
    (now, before)
}

#[test]
fn setup_and_doctor_bring_an_earlier_setups_checkpoint_hooks_up_to_date_in_place() {
    let env = Env::initialised();
    let (now, _) = settings_now_and_before(&env);
    let out = env.ok(&["setup", "claude"]);
    assert!(
        out.contains(".claude/settings.json: bring the PreCompact, SessionEnd hooks up to date"),
        "{out}"
    );
    // Only the two commands changed: CRLF line ends and everything else as they were.
    assert_eq!(env.read(".claude/settings.json"), now);
    assert_eq!(
        env.ok(&["setup", "claude"])
            .matches("settings.json")
            .count(),
        0
    );

    let (now, _) = settings_now_and_before(&env);
    let doctor = env.mind(&["doctor"]).output().unwrap();
    assert_eq!(doctor.status.code(), Some(1));
    let report = String::from_utf8(doctor.stdout).unwrap();
    assert!(
        report.contains(
            "problem .claude/settings.json runs `mind checkpoint --quiet` as a hook, which fails (exit 1) when the agent works in a folder without a project"
        ),
        "{report}"
    );
    let fixed = String::from_utf8(env.mind(&["doctor", "--fix"]).output().unwrap().stdout).unwrap();
    assert!(
        fixed.contains("fixed: bring the mind hooks in .claude/settings.json up to date"),
        "{fixed}"
    );
    assert_eq!(env.read(".claude/settings.json"), now);
    let after = String::from_utf8(env.mind(&["doctor"]).output().unwrap().stdout).unwrap();
    assert!(!after.contains("checkpoint --quiet"), "{after}");
}

#[test]
fn setup_upgrades_a_checkpoint_hook_run_by_a_path_to_mind_and_removal_takes_out_the_old_one() {
    let env = Env::initialised();
    let (_, before) = settings_now_and_before(&env);
    // A user's own hook by another path is upgraded too, and keeps its path.
    let own = before.replacen(
        "\"mind checkpoint --quiet\"",
        "\"~/bin/mind  checkpoint --quiet\"",
        1,
    );
    env.write(".claude/settings.json", &own);
    env.ok(&["setup", "claude"]);
    let settings: Value = serde_json::from_str(&env.read(".claude/settings.json")).unwrap();
    assert_eq!(
        settings["hooks"]["PreCompact"][0]["hooks"][0]["command"],
        "~/bin/mind checkpoint --hook claude"
    );
    assert_eq!(
        settings["hooks"]["SessionEnd"][0]["hooks"][0]["command"],
        "mind checkpoint --hook claude"
    );

    // An install never brought up to date is taken out whole: setup created the file.
    env.write(".claude/settings.json", &before);
    env.ok(&["setup", "claude", "--remove"]);
    assert!(!env.exists(".claude/settings.json"));
}

/// A block budget larger than a hook's answer can hold: the hook's context is built again
/// within a smaller budget, so the decisions, where to continue from and the session's
/// blockers survive a memory full of KEY lines.
#[test]
fn a_large_block_budget_keeps_every_section_in_the_session_start_context() {
    let user = User::new();
    let app = user.project("work/app", &["init"]);
    let path = app.join(".mind/config.json");
    let mut config: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    config["context_budget_chars"] = json!(20000);
    fs::write(&path, config.to_string()).unwrap();
    let mut memory = fs::read_to_string(app.join(".mind/MEMORY.md")).unwrap();
    for i in 1..=110 {
        memory.push_str(&format!(
            "learned: KEY: invariant {i} - the billing service must never call the ledger API without an idempotency key header set\n"
        ));
    }
    fs::write(app.join(".mind/MEMORY.md"), memory).unwrap();
    user.ok(
        &app,
        &["log", "decision", "use Stripe webhooks for payment status"],
    );
    user.ok(&app, &["log", "Next: finish the refund flow"]);
    user.ok(&app, &["log", "blocker", "sandbox keys expired"]);

    let shown = session_start(&user, &app, "s-1", "startup");
    assert!(shown.chars().count() < 10_000, "{}", shown.len());
    for heading in [
        "## Key (Never Forget)",
        "## Recent Decisions",
        "## Continue From",
        "## Session Blockers",
    ] {
        assert!(shown.contains(heading), "{heading} missing:\n{shown}");
    }
    assert!(
        shown.contains("- use Stripe webhooks for payment status"),
        "{shown}"
    );
    assert!(shown.contains("sandbox keys expired"), "{shown}");
    assert!(!shown.contains("lines left out"), "{shown}");
    // CLAUDE.md keeps the block of the configured budget.
    let claude = fs::read_to_string(app.join("CLAUDE.md")).unwrap();
    assert!(claude.matches("invariant").count() > shown.matches("invariant").count());
}
