//! Input at mind's edges: every hook's stdin bounded by one limit, a lone `-` refused in every
//! MCP text field, shared `.mind/` files that git ignores named by `init` and `doctor`, and
//! agent JSON files that start with a byte order mark.

use crate::common;
use crate::mcp::Client;

use std::io::Write;
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};

use common::{Env, NO_HANG, User};
use serde_json::{Value, json};

/// The most any hook reads of its stdin (8 MiB).
const LIMIT: usize = 8 << 20;

/// `json` followed by spaces up to `len` bytes: still one valid JSON text.
fn padded(json: &str, len: usize) -> Vec<u8> {
    let mut bytes = json.as_bytes().to_vec();
    bytes.resize(len, b' ');
    bytes
}

/// Run `mind ARGS` in the environment with `input` on stdin; (exit code, stdout).
fn with_input(env: &Env, args: &[&str], input: Vec<u8>) -> (Option<i32>, String) {
    let out = env
        .mind(args)
        .write_stdin(input)
        .timeout(NO_HANG)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn every_hook_answers_input_up_to_8_mib_and_reads_none_beyond() {
    let env = Env::initialised();
    env.ok(&[
        "log",
        "rejected",
        "Redis for sessions - overkill for one server",
    ]);
    let root = env.root();
    let cwd = root.display();

    // pre-tool: a matching call answers with its note; one byte over the limit, nothing.
    let pre = format!(
        r#"{{"cwd":"{cwd}","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{{"command":"docker run -d redis:7"}}}}"#
    );
    let args = ["hook", "pre-tool", "--agent", "claude"];
    let (code, out) = with_input(&env, &args, padded(&pre, LIMIT));
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with(
            r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"#
        ) && out.contains("Redis for sessions"),
        "{out}"
    );
    let (code, out) = with_input(&env, &args, padded(&pre, LIMIT + 1));
    assert_eq!((code, out.as_str()), (Some(0), ""));

    // post-tool: the same limit; over it the failure is not recorded.
    let failed = |command: &str| {
        format!(
            r#"{{"cwd":"{cwd}","hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{{"command":"{command}"}},"error":"Exit code 2\nerror: no such target"}}"#
        )
    };
    let args = ["hook", "post-tool", "--agent", "claude"];
    let before = env.read(".mind/SESSION.md");
    let (code, out) = with_input(&env, &args, padded(&failed("make over"), LIMIT + 1));
    assert_eq!((code, out.as_str()), (Some(0), ""));
    assert_eq!(env.read(".mind/SESSION.md"), before);
    let (code, _) = with_input(&env, &args, padded(&failed("make within"), LIMIT));
    assert_eq!(code, Some(0));
    let session = env.read(".mind/SESSION.md");
    assert!(
        session.contains("command failed: `make within`: error: no such target"),
        "{session}"
    );
    assert!(!session.contains("make over"), "{session}");

    // The SessionStart hook: a `Stop` event takes no context; over the limit the input counts
    // as empty (no event named: a session start), as unreadable input always has.
    let stop = format!(r#"{{"cwd":"{cwd}","hook_event_name":"Stop"}}"#);
    let args = ["recall", "--hook", "claude"];
    let (code, out) = with_input(&env, &args, padded(&stop, LIMIT));
    assert_eq!((code, out.as_str()), (Some(0), ""));
    let (code, out) = with_input(&env, &args, padded(&stop, LIMIT + 1));
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with(
            r#"{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"#
        ),
        "{out}"
    );
}

#[test]
fn endless_hook_input_is_read_only_up_to_the_limit() {
    let env = Env::initialised();
    let hooks: [&[&str]; 3] = [
        &["hook", "pre-tool", "--agent", "claude"],
        &["hook", "post-tool", "--agent", "claude"],
        &["recall", "--hook", "claude"],
    ];
    for hook in hooks {
        let mut child = StdCommand::new(env!("CARGO_BIN_EXE_mind"))
            .args(hook)
            .env_clear()
            .env("PATH", common::BASE_PATH)
            .env("HOME", env.dir.path())
            .env("MIND_HOME", env.home())
            .env("MIND_NOW", &env.now)
            .env("NO_COLOR", "1")
            .current_dir(env.root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Zeros until the hook stops reading (the pipe breaks), or 64 MiB: a hook that read
        // on would take all of it.
        let mut stdin = child.stdin.take().unwrap();
        let chunk = vec![0u8; 64 << 10];
        let mut written = 0;
        while written < 64 << 20 {
            match stdin.write(&chunk) {
                Ok(n) => written += n,
                Err(_) => break,
            }
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{hook:?}");
        assert!(out.stderr.is_empty(), "{hook:?}");
        // The limit, plus what the pipe held when the hook stopped reading.
        assert!(
            written < LIMIT + (2 << 20),
            "{hook:?} read {written} bytes of endless input"
        );
    }
}

/// Each request's reply from one `mind mcp` session in `env`, in order, one at a time.
fn mcp_replies(env: &Env, calls: &[Value]) -> Vec<Value> {
    let mut client = Client::in_env(env);
    client.initialize();
    let replies = calls
        .iter()
        .map(|call| client.call_raw("tools/call", call.clone()))
        .collect();
    client.finish();
    replies
}

#[test]
fn a_lone_dash_is_refused_in_every_mcp_text_field() {
    let env = Env::initialised();
    let files = [".mind/MEMORY.md", ".mind/SESSION.md", ".mind/REMINDERS.md"];
    let before: Vec<String> = files.iter().map(|f| env.read(f)).collect();
    let calls = [
        (
            "message",
            json!({"name": "mind_log", "arguments": {"message": "-"}}),
        ),
        (
            "message",
            json!({"name": "mind_log", "arguments": {"message": " - ", "type": "decision"}}),
        ),
        (
            "description",
            json!({"name": "mind_blocker", "arguments": {"description": "-"}}),
        ),
        (
            "query",
            json!({"name": "mind_search", "arguments": {"query": "-"}}),
        ),
        (
            "message",
            json!({"name": "mind_remind", "arguments": {"message": "-", "when": "tomorrow"}}),
        ),
        (
            "intent",
            json!({"name": "mind_edges", "arguments": {"intent": "-"}}),
        ),
        (
            "code",
            json!({"name": "mind_edges", "arguments": {"intent": "store a cookie", "code": "-"}}),
        ),
        (
            "workaround",
            json!({"name": "mind_add_global_edge", "arguments": {
                "title": "Safari drops cookies", "description": "on cross-site redirects",
                "workaround": "-"}}),
        ),
        (
            "description",
            json!({"name": "mind_add_global_edge", "arguments": {
                "title": "Safari drops cookies", "description": "-",
                "workaround": "same-site auth domain"}}),
        ),
        (
            "problem",
            json!({"name": "mind_spawn_helper", "arguments": {"problem": "-"}}),
        ),
        (
            "attempts",
            json!({"name": "mind_spawn_helper", "arguments": {
                "problem": "uploads hang", "attempts": ["raised the timeout", "-"]}}),
        ),
        (
            "hypothesis",
            json!({"name": "mind_spawn_helper", "arguments": {
                "problem": "uploads hang", "hypothesis": "-"}}),
        ),
        (
            "content",
            json!({"name": "mind_memory_write", "arguments": {"name": "notes", "content": "-"}}),
        ),
    ];
    let params: Vec<Value> = calls.iter().map(|(_, c)| c.clone()).collect();
    for ((field, call), reply) in calls.iter().zip(mcp_replies(&env, &params)) {
        assert_eq!(reply["error"]["code"], -32602, "{call}: {reply}");
        assert_eq!(
            reply["error"]["message"],
            format!("{field}: `-` is not text here; give the text itself"),
            "{call}"
        );
    }
    let after: Vec<String> = files.iter().map(|f| env.read(f)).collect();
    assert_eq!(after, before, "nothing written");
    assert!(!env.home().join("global_edges.json").exists());
    assert!(!env.exists(".mind/memories/notes.md"));
    // Text that only starts with a dash is text.
    let replies = mcp_replies(
        &env,
        &[
            json!({"name": "mind_log", "arguments": {"message": "- flag parsing needs --", "type": "learning"}}),
        ],
    );
    assert!(replies[0].get("error").is_none(), "{}", replies[0]);
    assert!(
        env.read(".mind/MEMORY.md")
            .ends_with("learned: - flag parsing needs --\n")
    );
}

const PY_GITIGNORE: &str = "# Mind files are personal/local - don't commit\n*\n!.gitignore\n";

const KEPT_WARNING: &str = "git ignores .mind/MEMORY.md, .mind/config.json and .mind/.gitattributes (`*` in .mind/.gitignore, line 2), so the memory is not committed and teammates never get it; `mind init --rewrite-gitignore` replaces .mind/.gitignore with mind's, which keeps only the personal files out of git";

/// `mind ARGS` in `cwd` as `user`, asserting success; (stdout, stderr).
fn both(user: &User, cwd: &Path, args: &[&str]) -> (String, String) {
    let out = user.mind(cwd, args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    (text(&out.stdout), text(&out.stderr))
}

#[test]
fn a_kept_python_gitignore_that_hides_the_memory_is_named_with_its_fix() {
    let user = User::new();
    let app = user.folder("app");
    user.git(&app, &["init", "-q"]);
    std::fs::create_dir_all(app.join(".mind")).unwrap();
    std::fs::write(
        app.join(".mind/MEMORY.md"),
        "# app\n\n## Project State\n- Goal: x\n\ndecided: use postgres\n",
    )
    .unwrap();
    std::fs::write(app.join(".mind/.gitignore"), PY_GITIGNORE).unwrap();

    let (out, err) = both(&user, &app, &["init"]);
    assert_eq!(
        out.lines().take(5).collect::<Vec<_>>(),
        [
            "created .mind/SESSION.md",
            "created .mind/REMINDERS.md",
            "created .mind/config.json (git ignores it, see below)",
            "created .mind/.gitattributes (git ignores it, see below)",
            "created CLAUDE.md (context block)",
        ]
    );
    assert_eq!(err, format!("mind: warning: {KEPT_WARNING}\n"));
    assert_eq!(
        std::fs::read_to_string(app.join(".mind/.gitignore")).unwrap(),
        PY_GITIGNORE,
        "the user's file is kept"
    );
    let reply: Value = serde_json::from_str(&user.ok(&app, &["init", "--json"])).unwrap();
    assert_eq!(
        reply["git_ignored"],
        json!({
            "files": [".mind/MEMORY.md", ".mind/config.json", ".mind/.gitattributes"],
            "rule": {"file": ".mind/.gitignore", "line": 2, "pattern": "*"},
            "fix": "mind init --rewrite-gitignore"
        })
    );
    let (doctor, _) = both(&user, &app, &["doctor"]);
    assert!(
        doctor.contains(&format!("\n  warning {KEPT_WARNING}\n")),
        "{doctor}"
    );

    // The fix it names makes them shared, and nothing is said any more.
    let (_, err) = both(&user, &app, &["init", "--rewrite-gitignore"]);
    assert_eq!(err, "");
    user.git(&app, &["add", "-A"]);
    let tracked = user.git(&app, &["ls-files"]);
    for file in [
        ".mind/.gitattributes",
        ".mind/MEMORY.md",
        ".mind/config.json",
    ] {
        assert!(tracked.lines().any(|l| l == file), "{tracked}");
    }
    let (doctor, _) = both(&user, &app, &["doctor"]);
    assert!(!doctor.contains("git ignores"), "{doctor}");
}

#[test]
fn git_decides_what_is_ignored_a_rule_of_your_own_is_a_note_and_private_says_nothing() {
    let user = User::new();

    // MEMORY.md committed on purpose despite the kept `*`: git does not ignore a tracked
    // file, so only the other two are named.
    let tracked = user.folder("tracked");
    user.git(&tracked, &["init", "-q"]);
    std::fs::create_dir_all(tracked.join(".mind")).unwrap();
    std::fs::write(tracked.join(".mind/MEMORY.md"), "# tracked\n").unwrap();
    std::fs::write(tracked.join(".mind/.gitignore"), PY_GITIGNORE).unwrap();
    user.git(&tracked, &["add", "-f", ".mind/MEMORY.md"]);
    let (_, err) = both(&user, &tracked, &["init"]);
    assert_eq!(
        err,
        "mind: warning: git ignores .mind/config.json and .mind/.gitattributes (`*` in .mind/.gitignore, line 2), so they are not committed; `mind init --rewrite-gitignore` replaces .mind/.gitignore with mind's, which keeps only the personal files out of git\n"
    );

    // A rule in the project's own .gitignore: the user's choice, a note, no mind command.
    let own = user.folder("own");
    user.git(&own, &["init", "-q"]);
    std::fs::write(own.join(".gitignore"), "node_modules/\n.mind/\n").unwrap();
    let (out, err) = both(&user, &own, &["init"]);
    assert!(
        out.contains("created .mind/MEMORY.md (git ignores it, see below)\n"),
        "{out}"
    );
    let note = "git ignores .mind/MEMORY.md, .mind/config.json and .mind/.gitattributes (`.mind/` in .gitignore, line 2), so the memory is not committed and teammates never get it; take that rule out of .gitignore to share it";
    assert_eq!(err, format!("mind: {note}\n"));
    let (doctor, _) = both(&user, &own, &["doctor"]);
    assert!(
        doctor.contains(&format!("\n  note    {note}\n")),
        "{doctor}"
    );

    // `--private` keeps .mind/ out of git on purpose: not a word, then or later.
    let private = user.folder("private");
    user.git(&private, &["init", "-q"]);
    let (out, err) = both(&user, &private, &["init", "--private"]);
    assert!(!out.contains("git ignores") && err.is_empty(), "{out}{err}");
    let (_, err) = both(&user, &private, &["init"]);
    assert_eq!(err, "");
    let reply: Value = serde_json::from_str(&user.ok(&private, &["init", "--json"])).unwrap();
    assert!(reply.get("git_ignored").is_none(), "{reply}");
    let out = user.mind(&private, &["doctor", "--json"]).output().unwrap();
    let doctor: Value = serde_json::from_slice(&out.stdout).unwrap();
    let subject = std::fs::canonicalize(&private).unwrap();
    let findings: Vec<&Value> = doctor["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["subject"] == subject.display().to_string())
        .collect();
    assert!(findings.iter().any(|f| f["check"] == "file"), "{doctor}");
    assert!(
        !findings.iter().any(|f| f["check"] == "git-ignore"),
        "{doctor}"
    );
    // The other project's rule is still named: the check ran.
    assert!(
        doctor["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["check"] == "git-ignore" && f["severity"] == "note"),
        "{doctor}"
    );
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

#[test]
fn a_settings_file_with_a_byte_order_mark_is_merged_keeps_the_mark_and_comes_back() {
    let env = Env::initialised();
    let original = [BOM, b"{\r\n  \"model\": \"opus\"\r\n}\r\n"].concat();
    env.write(".claude/settings.json", &original);
    let out = env.ok(&["setup", "claude"]);
    assert!(
        out.contains(".claude/settings.json: add SessionStart hook"),
        "{out}"
    );
    let merged = env.read_bytes(".claude/settings.json");
    assert!(merged.starts_with(BOM), "the mark stays");
    let settings: Value = serde_json::from_slice(&merged[BOM.len()..]).unwrap();
    assert_eq!(settings["model"], "opus");
    assert_eq!(
        settings["hooks"]["SessionStart"][0]["hooks"][0]["command"],
        "mind recall --hook claude"
    );
    // Run again: already there, nothing added.
    env.ok(&["setup", "claude"]);
    assert_eq!(env.read_bytes(".claude/settings.json"), merged);
    // The doctor reads it as Claude Code does.
    let doctor = String::from_utf8(env.mind(&["doctor"]).output().unwrap().stdout).unwrap();
    assert!(
        doctor.contains(
            "ok      .claude/settings.json runs `mind recall --hook claude` through PATH"
        ),
        "{doctor}"
    );
    assert!(!doctor.contains("not valid JSON"), "{doctor}");
    env.ok(&["setup", "claude", "--remove"]);
    assert_eq!(env.read_bytes(".claude/settings.json"), original);

    // Invalid JSON after the mark: refused, the mark named, the file untouched.
    let broken = [BOM, b"{\"model\": \"opus\",}\n"].concat();
    env.write(".claude/settings.json", &broken);
    let out = env.mind(&["setup", "claude"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(".claude/settings.json: not valid JSON after its byte order mark ("),
        "{stderr}"
    );
    assert_eq!(env.read_bytes(".claude/settings.json"), broken);
}

#[test]
fn an_mcp_file_with_a_byte_order_mark_gets_the_server_and_keeps_the_mark() {
    let env = Env::initialised();
    let original = [
        BOM,
        br#"{"mcpServers": {"db": {"command": "pg-mcp"}}}"#.as_slice(),
    ]
    .concat();
    env.write(".mcp.json", &original);
    env.ok(&["setup", "claude", "--mcp"]);
    let merged = env.read_bytes(".mcp.json");
    assert!(merged.starts_with(BOM));
    let config: Value = serde_json::from_slice(&merged[BOM.len()..]).unwrap();
    assert_eq!(config["mcpServers"]["db"]["command"], "pg-mcp");
    assert_eq!(config["mcpServers"]["mind"]["command"], "mind");
    env.ok(&["setup", "claude", "--mcp", "--remove"]);
    assert_eq!(env.read_bytes(".mcp.json"), original);
}
