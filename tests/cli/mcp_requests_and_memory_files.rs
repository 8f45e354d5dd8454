//! `mind mcp` answering every request (one too large, one of the wrong shape), its tools
//! checking values and naming `project_path` as the command line would, config warnings in
//! tool replies; and `.mind/` files no command can use, as `mind doctor` and `mind init`
//! tell them.

use crate::common;

use std::fs;
use std::io::{Read, Write};
use std::path::Path;
use std::process::Stdio;

use common::User;
use serde_json::{Value, json};

/// What `mind mcp` wrote for `lines` sent to it in `cwd` (stdin then closed): each stdout
/// line as JSON, stderr, and whether it exited 0.
fn serve(user: &User, cwd: &Path, lines: Vec<String>) -> (Vec<Value>, String, bool) {
    let mut child = user
        .command(env!("CARGO_BIN_EXE_mind"), cwd)
        .arg("mcp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn mind mcp");
    let mut stdin = child.stdin.take().unwrap();
    // Written from a thread: a large request fills the pipe while the server reads it.
    let writer = std::thread::spawn(move || {
        for line in lines {
            stdin.write_all(line.as_bytes()).unwrap();
            stdin.write_all(b"\n").unwrap();
        }
    });
    let mut stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).unwrap();
        text
    });
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    writer.join().unwrap();
    let status = child.wait().unwrap();
    let replies = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    (replies, errors.join().unwrap(), status.success())
}

fn initialize() -> Vec<String> {
    vec![
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "test-client", "version": "1.0"}}})
        .to_string(),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
    ]
}

fn call(id: u64, tool: &str, arguments: Value) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": tool, "arguments": arguments}})
    .to_string()
}

/// The reply with `id` (exactly one).
fn reply(replies: &[Value], id: Value) -> Value {
    let found: Vec<&Value> = replies.iter().filter(|r| r["id"] == id).collect();
    assert_eq!(found.len(), 1, "one reply to {id} in {replies:#?}");
    found[0].clone()
}

/// A tool's text, and whether it is an error.
fn tool_text(reply: &Value) -> (String, bool) {
    assert!(reply.get("error").is_none(), "a JSON-RPC error: {reply}");
    let result = &reply["result"];
    (
        result["content"][0]["text"].as_str().unwrap().to_string(),
        result["isError"] == true,
    )
}

/// `mind ARGS` in `cwd` expected to fail: its stderr.
fn failure(user: &User, cwd: &Path, args: &[&str]) -> String {
    let out = user.mind(cwd, args).output().unwrap();
    assert!(!out.status.success(), "mind {args:?} succeeded");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn a_request_over_the_size_limit_is_answered_with_its_id_and_the_server_goes_on() {
    let user = User::new();
    let project = user.project("app", &["init"]);
    let memory = fs::read(project.join(".mind/MEMORY.md")).unwrap();
    // Just over 16 MiB, an agent keeping a large log as a named memory; its id comes last,
    // after the content, as some clients write it.
    let content = "a".repeat(16 * 1024 * 1024);
    let big = format!(
        r#"{{"jsonrpc":"2.0","method":"tools/call","params":{{"name":"mind_memory_write","arguments":{{"name":"big","content":"{content}"}}}},"id":2}}"#
    );
    // A batch that large: no id can be read from it.
    let batch = format!("[{big}]");
    let mut lines = initialize();
    lines.extend([
        big.clone(),
        call(
            3,
            "mind_log",
            json!({"message": "retry with backoff", "type": "learning"}),
        ),
        batch.clone(),
        call(4, "mind_session", json!({})),
    ]);
    let (replies, stderr, ok) = serve(&user, &project, lines);
    assert!(ok, "{stderr}");
    let too_large = |bytes: usize| {
        format!(
            "request too large: {bytes} bytes; one request may have at most 16 MiB \
             (16777216 bytes); nothing in it was read"
        )
    };
    let first = reply(&replies, json!(2));
    assert_eq!(first["error"]["code"], -32600, "{first}");
    assert_eq!(first["error"]["message"], too_large(big.len()));
    let second = reply(&replies, Value::Null);
    assert_eq!(second["error"]["code"], -32600, "{second}");
    assert_eq!(second["error"]["message"], too_large(batch.len()));
    // Nothing of it was read or written; the requests after it were served.
    assert!(!project.join(".mind/memories/big.md").exists());
    let (logged, failed) = tool_text(&reply(&replies, json!(3)));
    assert!(!failed, "{logged}");
    let now = fs::read(project.join(".mind/MEMORY.md")).unwrap();
    assert!(now.starts_with(&memory));
    assert!(now.ends_with(b"learned: retry with backoff\n"));
    assert!(!tool_text(&reply(&replies, json!(4))).1);
    assert_eq!(replies.len(), 5, "{replies:#?}");
    // The client's log says so too.
    assert_eq!(
        stderr,
        format!(
            "mind: warning: an MCP request of {} bytes (id 2) is over the limit of 16 MiB \
             (16777216 bytes); answered with an error, not read\n\
             mind: warning: an MCP request of {} bytes is over the limit of 16 MiB \
             (16777216 bytes); answered with an error, not read\n",
            big.len(),
            batch.len()
        )
    );
}

#[test]
fn a_tools_call_with_missing_or_malformed_params_gets_invalid_params_with_its_id() {
    let user = User::new();
    let project = user.project("app", &["init"]);
    let session = fs::read(project.join(".mind/SESSION.md")).unwrap();
    let memory = fs::read(project.join(".mind/MEMORY.md")).unwrap();
    let mut lines = initialize();
    lines.extend([
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call"}).to_string(),
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
               "params": {"name": "mind_log", "arguments": "str"}})
        .to_string(),
        json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": "mind_log"})
            .to_string(),
        json!({"jsonrpc": "2.0", "id": "five", "method": "tools/call",
               "params": {"arguments": {"message": "x"}}})
        .to_string(),
        json!({"jsonrpc": "2.0", "id": 6, "method": "tools/list", "params": 5}).to_string(),
        // Not a method of this server: still "method not found".
        json!({"jsonrpc": "2.0", "id": 7, "method": "no/such/method"}).to_string(),
        call(
            8,
            "mind_log",
            json!({"message": "retry with backoff", "type": "learning"}),
        ),
    ]);
    let (replies, stderr, ok) = serve(&user, &project, lines);
    assert!(ok, "{stderr}");
    let usage = r#"give {"name": TOOL, "arguments": {...}}"#;
    for (id, code, message) in [
        (
            json!(2),
            -32602,
            format!("invalid params for tools/call: params missing; {usage}"),
        ),
        (
            json!(3),
            -32602,
            "invalid params for tools/call: \"arguments\" (the tool's arguments) must be an \
             object, not a string"
                .to_string(),
        ),
        (
            json!(4),
            -32602,
            "invalid params for tools/call: params must be an object, not a string".to_string(),
        ),
        (
            json!("five"),
            -32602,
            format!("invalid params for tools/call: \"name\" (the tool to call) missing; {usage}"),
        ),
        (
            json!(6),
            -32602,
            "invalid params for tools/list: params must be an object, not a number".to_string(),
        ),
        (
            json!(7),
            -32601,
            "method not found: no/such/method".to_string(),
        ),
    ] {
        let reply = reply(&replies, id.clone());
        assert_eq!(reply["error"]["code"], code, "{reply}");
        assert_eq!(reply["error"]["message"], message, "{reply}");
    }
    assert_eq!(fs::read(project.join(".mind/SESSION.md")).unwrap(), session);
    assert!(!tool_text(&reply(&replies, json!(8))).1);
    let now = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert_eq!(
        now.strip_suffix("learned: retry with backoff\n")
            .map(|rest| rest.len() >= memory.len()),
        Some(true),
        "{now}"
    );
}

/// The message and hint `mind` printed for a refused value (`mind: error: ...`, `hint: ...`).
fn message_and_hint(stderr: &str) -> (String, String) {
    let mut lines = stderr.lines();
    let message = lines.next().unwrap().strip_prefix("mind: error: ").unwrap();
    let hint = lines.next().unwrap().strip_prefix("hint: ").unwrap();
    (message.to_string(), hint.to_string())
}

#[test]
fn a_category_the_command_line_refuses_is_refused_by_the_tools_in_the_same_words() {
    let user = User::new();
    let project = user.project("app", &["init"]);
    user.ok(
        &project,
        &[
            "memory",
            "write",
            "api-design",
            "--category",
            "architecture",
            "--content",
            "# API",
        ],
    );
    let stored = fs::read(project.join(".mind/memories/api-design.md")).unwrap();
    let (cli_write, write_hint) = message_and_hint(&failure(
        &user,
        &project,
        &["memory", "write", "release-guide", "--category", "guides"],
    ));
    assert_eq!(cli_write, "invalid value 'guides' for '--category <C>'");
    assert_eq!(
        write_hint,
        "possible values: architecture, decision, pattern, guide, onboarding, note, progress; \
         a similar value exists: 'guide'"
    );
    let (_, list_hint) = message_and_hint(&failure(
        &user,
        &project,
        &["memory", "list", "--category", "archtecture"],
    ));
    let (_, unchanged_hint) = message_and_hint(&failure(
        &user,
        &project,
        &[
            "memory",
            "write",
            "api-design",
            "--category",
            "Architecture-notes",
        ],
    ));
    let mut lines = initialize();
    lines.extend([
        call(
            2,
            "mind_memory_write",
            json!({"name": "release-guide", "category": "guides", "content": "# Release"}),
        ),
        call(
            3,
            "mind_memory_write",
            json!({"name": "api-design", "category": "Architecture-notes"}),
        ),
        call(4, "mind_memory_list", json!({"category": "archtecture"})),
        call(
            5,
            "mind_memory_write",
            json!({"name": "release-guide", "category": "guide", "content": "# Release"}),
        ),
    ]);
    let (replies, stderr, ok) = serve(&user, &project, lines);
    assert!(ok, "{stderr}");
    for (id, value, hint) in [
        (2, "guides", &write_hint),
        (3, "Architecture-notes", &unchanged_hint),
        (4, "archtecture", &list_hint),
    ] {
        let (text, failed) = tool_text(&reply(&replies, json!(id)));
        assert!(failed, "{text}");
        assert_eq!(
            text,
            format!("Error: invalid value '{value}' for `category`\nhint: {hint}")
        );
    }
    // Nothing written for a refused value; a good one works as on the command line.
    assert_eq!(
        fs::read(project.join(".mind/memories/api-design.md")).unwrap(),
        stored
    );
    let release = fs::read_to_string(project.join(".mind/memories/release-guide.md")).unwrap();
    assert!(release.contains("\ncategory: guide\n"), "{release}");
    // Calls run side by side: the list after the write, from a second server.
    let mut lines = initialize();
    lines.push(call(2, "mind_memory_list", json!({"category": "guide"})));
    let (replies, stderr, ok) = serve(&user, &project, lines);
    assert!(ok, "{stderr}");
    let (listed, failed) = tool_text(&reply(&replies, json!(2)));
    assert!(!failed, "{listed}");
    let listed: Value = serde_json::from_str(&listed).unwrap();
    let names: Vec<&str> = listed["memories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["release-guide"]);
}

#[test]
fn a_project_path_without_mind_is_named_as_project_path() {
    let user = User::new();
    let project = user.project("app", &["init"]);
    let sub = project.join("src");
    fs::create_dir_all(&sub).unwrap();
    let elsewhere = user.folder("notes");
    let mut lines = initialize();
    lines.extend([
        call(
            2,
            "mind_session",
            json!({"project_path": sub.to_str().unwrap()}),
        ),
        call(
            3,
            "mind_session",
            json!({"project_path": elsewhere.to_str().unwrap()}),
        ),
    ]);
    let (replies, stderr, ok) = serve(&user, &project, lines);
    assert!(ok, "{stderr}");
    let (text, failed) = tool_text(&reply(&replies, json!(2)));
    assert!(failed);
    assert_eq!(
        text,
        format!(
            "Error: no .mind/ in {} (the folder given as project_path)\n\
             hint: project_path is the project's root folder: give {}, which holds .mind/",
            sub.display(),
            fs::canonicalize(&project).unwrap().display()
        )
    );
    let (text, failed) = tool_text(&reply(&replies, json!(3)));
    assert!(failed);
    assert_eq!(
        text,
        format!(
            "Error: no .mind/ in {} (the folder given as project_path)\n\
             hint: give the project's root folder (the one holding .mind/) as project_path, \
             or run `mind init` there",
            elsewhere.display()
        )
    );
    assert!(!text.contains("--project"));
}

#[test]
fn config_warnings_reach_the_agent_in_each_tool_reply() {
    let user = User::new();
    let project = user.project("app", &["init"]);
    fs::write(
        project.join(".mind/config.json"),
        r#"{"session_gap_minutes": "240"}"#,
    )
    .unwrap();
    // The warning the command line prints.
    let out = user
        .mind(
            &project,
            &[
                "log",
                "decision",
                "use tokio for the server because of rmcp",
            ],
        )
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    let warning = stderr
        .lines()
        .find_map(|l| l.strip_prefix("mind: warning: "))
        .unwrap()
        .to_string();
    assert!(
        warning.ends_with(
            ".mind/config.json: session_gap_minutes must be a whole number from 1 to 527040 \
             (one year), not \"240\"; using 30"
        ),
        "{warning}"
    );
    let mut lines = initialize();
    lines.push(call(
        2,
        "mind_log",
        json!({"message": "retry with backoff", "type": "learning"}),
    ));
    lines.push(call(3, "mind_recall", json!({})));
    let (replies, stderr, ok) = serve(&user, &project, lines);
    assert!(ok, "{stderr}");
    for id in [2, 3] {
        let (text, failed) = tool_text(&reply(&replies, json!(id)));
        assert!(!failed, "{text}");
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["warnings"], json!([warning]), "{text}");
    }
    // A tool that fails says it under its error.
    let memory = project.join(".mind/MEMORY.md");
    let mut readonly = fs::metadata(&memory).unwrap().permissions();
    readonly.set_readonly(true);
    fs::set_permissions(&memory, readonly).unwrap();
    let mut lines = initialize();
    lines.push(call(
        2,
        "mind_log",
        json!({"message": "use serde for config because it is typed", "type": "decision"}),
    ));
    let (replies, stderr, ok) = serve(&user, &project, lines);
    assert!(ok, "{stderr}");
    let (text, failed) = tool_text(&reply(&replies, json!(2)));
    assert!(failed, "{text}");
    assert!(text.starts_with("Error: "), "{text}");
    assert!(text.ends_with(&format!("\nwarning: {warning}")), "{text}");
}

/// `mind doctor --json` in `cwd`: the findings of check `file` as (severity, message), and
/// whether it exited 0.
fn file_findings(user: &User, cwd: &Path) -> (Vec<(String, String)>, bool) {
    let out = user.mind(cwd, &["doctor", "--json"]).output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let findings = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["check"] == "file" && f["subject"] == cwd.to_str().unwrap())
        .map(|f| {
            assert!(f.get("fix").is_none(), "no fix offered: {f}");
            (
                f["severity"].as_str().unwrap().to_string(),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (findings, out.status.success())
}

#[test]
fn doctor_reports_memory_files_no_command_can_use() {
    let user = User::new();
    // MEMORY.md a folder: every command fails on it.
    let a = fs::canonicalize(user.project("a", &["init"])).unwrap();
    fs::remove_file(a.join(".mind/MEMORY.md")).unwrap();
    fs::create_dir(a.join(".mind/MEMORY.md")).unwrap();
    fs::write(a.join(".mind/MEMORY.md/kept.md"), "mine").unwrap();
    assert!(failure(&user, &a, &["log", "decision", "use x because y"]).contains("MEMORY.md"));
    let (findings, ok) = file_findings(&user, &a);
    assert!(!ok);
    assert_eq!(
        findings,
        [(
            "problem".to_string(),
            ".mind/MEMORY.md is a folder, not a file: every command that reads it fails; move \
             the folder away, then `mind doctor --fix` (or `mind init`) writes a new \
             .mind/MEMORY.md"
                .to_string()
        )]
    );
    // --fix leaves the folder and what is in it alone.
    user.mind(&a, &["doctor", "--fix"]).output().unwrap();
    assert_eq!(
        fs::read_to_string(a.join(".mind/MEMORY.md/kept.md")).unwrap(),
        "mine"
    );

    // MEMORY.md a link leading out of the project: every writer refuses it.
    let b = fs::canonicalize(user.project("b", &["init"])).unwrap();
    let outside = fs::canonicalize(user.home()).unwrap().join("memory.md");
    fs::rename(b.join(".mind/MEMORY.md"), &outside).unwrap();
    std::os::unix::fs::symlink(&outside, b.join(".mind/MEMORY.md")).unwrap();
    let before = fs::read(&outside).unwrap();
    assert!(failure(&user, &b, &["log", "decision", "use x because y"]).contains("refused"));
    let (findings, ok) = file_findings(&user, &b);
    assert!(!ok);
    assert_eq!(
        findings,
        [(
            "problem".to_string(),
            format!(
                ".mind/MEMORY.md is a symbolic link leading outside the project (to {}): every \
                 command that writes it refuses; replace the link with a copy of the file it \
                 leads to",
                outside.display()
            )
        )]
    );
    user.mind(&b, &["doctor", "--fix"]).output().unwrap();
    assert_eq!(fs::read(&outside).unwrap(), before);

    // A link inside the project is followed by every command: fine. (Another user: doctor
    // checks every registered project, and the two above are broken.)
    let user = User::new();
    let c = fs::canonicalize(user.project("c", &["init"])).unwrap();
    fs::rename(c.join(".mind/MEMORY.md"), c.join("memory.md")).unwrap();
    std::os::unix::fs::symlink("../memory.md", c.join(".mind/MEMORY.md")).unwrap();
    user.ok(&c, &["log", "decision", "use x because y"]);
    let (findings, _) = file_findings(&user, &c);
    assert_eq!(
        findings,
        [("ok".to_string(), ".mind/ is complete".to_string())]
    );

    // A read-only SESSION.md: a warning (every writer leaves it alone, on purpose or not).
    let session = c.join(".mind/SESSION.md");
    let mut readonly = fs::metadata(&session).unwrap().permissions();
    readonly.set_readonly(true);
    fs::set_permissions(&session, readonly).unwrap();
    let (findings, ok) = file_findings(&user, &c);
    assert!(ok);
    assert_eq!(
        findings,
        [
            (
                "warning".to_string(),
                ".mind/SESSION.md is read-only: mind leaves it unchanged, so every command that \
                 would write it fails; `chmod u+w .mind/SESSION.md` if that is not meant"
                    .to_string()
            ),
            ("ok".to_string(), ".mind/ is complete".to_string())
        ]
    );
}

#[test]
fn init_where_mind_is_a_file_says_so_and_leaves_it() {
    let user = User::new();
    let project = fs::canonicalize(user.folder("app")).unwrap();
    user.git(&project, &["init", "-q"]);
    fs::write(project.join(".mind"), "my notes\n").unwrap();
    let stderr = failure(&user, &project, &["init"]);
    assert_eq!(
        stderr,
        format!(
            "mind: error: {}/.mind is a file, not a folder: mind keeps the project's memory in \
             a .mind/ folder there; nothing written\n\
             hint: rename or move it, then run `mind init` again\n",
            project.display()
        )
    );
    assert_eq!(
        fs::read_to_string(project.join(".mind")).unwrap(),
        "my notes\n"
    );
    // `mind init DIR` with a file on the way says which path is in the way.
    let stderr = failure(&user, &project, &["init", ".mind/inner"]);
    assert!(
        stderr.starts_with(&format!(
            "mind: error: {}/.mind is a file, not a folder: the project's .mind/ folder would \
             go inside it; nothing written\n",
            project.display()
        )),
        "{stderr}"
    );
    // Moved away, init works.
    fs::rename(project.join(".mind"), project.join("notes.txt")).unwrap();
    user.ok(&project, &["init"]);
    assert!(project.join(".mind/MEMORY.md").is_file());
}
