//! `mind mcp`: the stdio MCP server, driven the way a client drives it: the binary spawned,
//! JSON-RPC lines on its stdin, replies read from its stdout, effects checked on disk.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command as StdCommand, Stdio};
use std::sync::mpsc::{Receiver, channel};

use common::{Env, NO_HANG, User};
use serde_json::{Value, json};

/// A running `mind mcp` and the lines it has written to stdout.
pub(crate) struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    next_id: u64,
}

impl Client {
    fn spawn(mut cmd: StdCommand) -> Client {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn mind mcp");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Client {
            child,
            stdin,
            lines,
            next_id: 0,
        }
    }

    /// `mind mcp` in the environment's project folder, with its environment.
    pub(crate) fn in_env(env: &Env) -> Client {
        let mut cmd = StdCommand::new(env!("CARGO_BIN_EXE_mind"));
        cmd.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", env.dir.path())
            .env("MIND_HOME", env.home())
            .env("MIND_NOW", &env.now)
            .env("TZ", "UTC")
            .env("NO_COLOR", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .current_dir(env.root())
            .arg("mcp");
        Client::spawn(cmd)
    }

    fn send_raw(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, message: &Value) {
        self.send_raw(&message.to_string());
    }

    /// Send a request; its id.
    fn request(&mut self, method: &str, params: Value) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// The next line on stdout, which must be a JSON-RPC message.
    fn read(&mut self) -> Value {
        let line = self
            .lines
            .recv_timeout(NO_HANG)
            .expect("a reply from mind mcp");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON on stdout ({e}): {line}"))
    }

    /// The reply to request `id` (replies to other requests are not expected here).
    fn reply_to(&mut self, id: u64) -> Value {
        let message = self.read();
        assert_eq!(message["id"], id, "reply to another request: {message}");
        message
    }

    pub(crate) fn call_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.request(method, params);
        self.reply_to(id)
    }

    pub(crate) fn initialize(&mut self) -> Value {
        let reply = self.call_raw(
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "test-client", "version": "1.0"}
            }),
        );
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        reply
    }

    /// `tools/call`: the result (panics on a JSON-RPC error).
    fn tool(&mut self, name: &str, arguments: Value) -> Value {
        let reply = self.call_raw("tools/call", json!({"name": name, "arguments": arguments}));
        assert!(reply.get("error").is_none(), "{name} failed: {reply}");
        reply["result"].clone()
    }

    /// A tool's successful reply, parsed from its one text item.
    fn ok(&mut self, name: &str, arguments: Value) -> Value {
        let result = self.tool(name, arguments);
        assert_ne!(
            result["isError"], true,
            "{name} returned an error: {result}"
        );
        let text = result["content"][0]["text"].as_str().expect("text content");
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{name}: not JSON ({e}): {text}"))
    }

    /// Close stdin and wait: the server must exit 0 and have printed nothing else.
    pub(crate) fn finish(mut self) -> String {
        drop(self.stdin.take());
        let out = self.child.wait_with_output().expect("wait for mind mcp");
        assert!(out.status.success(), "mind mcp exited with {}", out.status);
        assert!(
            self.lines.try_recv().is_err(),
            "unexpected output after the last reply"
        );
        String::from_utf8_lossy(&out.stderr).into_owned()
    }
}

const TOOLS: [&str; 18] = [
    "mind_add_global_edge",
    "mind_blocker",
    "mind_checkpoint",
    "mind_context",
    "mind_edges",
    "mind_log",
    "mind_memory_delete",
    "mind_memory_list",
    "mind_memory_read",
    "mind_memory_write",
    "mind_recall",
    "mind_remind",
    "mind_reminder_done",
    "mind_reminders",
    "mind_search",
    "mind_session",
    "mind_spawn_helper",
    "mind_status",
];

fn required(tool: &Value) -> Vec<String> {
    let mut names: Vec<String> = tool["inputSchema"]["required"]
        .as_array()
        .map(|r| r.iter().map(|v| v.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn initialize_lists_every_tool_with_its_schema() {
    let env = Env::initialised();
    let mut client = Client::in_env(&env);
    let init = client.initialize();
    assert_eq!(init["result"]["serverInfo"]["name"], "mind");
    assert!(init["result"]["capabilities"]["tools"].is_object());
    let list = client.call_raw("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap().clone();
    let mut names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    names.sort();
    assert_eq!(names, TOOLS);
    for tool in &tools {
        assert_eq!(tool["inputSchema"]["type"], "object", "{tool}");
        assert!(
            tool["description"].as_str().unwrap().starts_with("Call "),
            "{tool}"
        );
    }
    let by_name = |n: &str| tools.iter().find(|t| t["name"] == n).unwrap().clone();
    // The Python Mind's argument names.
    assert_eq!(required(&by_name("mind_log")), ["message"]);
    let log = by_name("mind_log");
    for arg in ["message", "type", "project_path"] {
        assert!(log["inputSchema"]["properties"].get(arg).is_some(), "{arg}");
    }
    assert_eq!(required(&by_name("mind_search")), ["query"]);
    let search = by_name("mind_search");
    for arg in ["query", "scope", "types", "limit"] {
        assert!(
            search["inputSchema"]["properties"].get(arg).is_some(),
            "{arg}"
        );
    }
    assert_eq!(required(&by_name("mind_remind")), ["message", "when"]);
    assert_eq!(required(&by_name("mind_reminder_done")), ["index"]);
    // Numbering starts at 1, and so does a limit.
    assert_eq!(
        by_name("mind_reminder_done")["inputSchema"]["properties"]["index"]["minimum"],
        1
    );
    assert_eq!(search["inputSchema"]["properties"]["limit"]["minimum"], 1);
    assert_eq!(required(&by_name("mind_blocker")), ["description"]);
    assert_eq!(required(&by_name("mind_edges")), ["intent"]);
    assert_eq!(required(&by_name("mind_spawn_helper")), ["problem"]);
    assert_eq!(
        required(&by_name("mind_add_global_edge")),
        ["description", "title", "workaround"]
    );
    assert!(required(&by_name("mind_recall")).is_empty());
    client.finish();
}

#[test]
fn every_tool_changes_the_files_as_its_command_does() {
    let env = Env::initialised();
    let mut client = Client::in_env(&env);
    client.initialize();

    // mind_log: a decision under today's heading in MEMORY.md, the Python reply fields.
    let logged = client.ok(
        "mind_log",
        json!({"message": "use JWT because stateless", "type": "decision"}),
    );
    assert_eq!(logged["success"], true);
    assert_eq!(logged["target"], "MEMORY.md");
    assert_eq!(logged["logged"], "decided: use JWT because stateless");
    assert_eq!(logged["file"], ".mind/MEMORY.md");
    // Byte for byte what `mind log` writes.
    let cli = Env::initialised();
    cli.ok(&["log", "decision", "use JWT because stateless"]);
    assert_eq!(env.read(".mind/MEMORY.md"), cli.read(".mind/MEMORY.md"));
    // A session type goes to SESSION.md.
    let exp = client.ok(
        "mind_log",
        json!({"message": "the staging database is slow", "type": "experience"}),
    );
    assert_eq!(exp["target"], "SESSION.md");
    cli.ok(&["log", "experience", "the staging database is slow"]);
    assert_eq!(env.read(".mind/SESSION.md"), cli.read(".mind/SESSION.md"));
    assert!(
        env.read(".mind/SESSION.md")
            .contains("the staging database is slow")
    );

    // mind_blocker: a SESSION.md blocker and the Python reply fields.
    let blocker = client.ok("mind_blocker", json!({"description": "JWT refresh fails"}));
    assert_eq!(blocker["blocker_logged"], true);
    assert_eq!(blocker["description"], "JWT refresh fails");
    assert!(blocker["memory_search_results"].is_array());
    assert!(blocker["suggestions"].is_array());
    cli.ok(&["blocker", "JWT refresh fails"]);
    assert_eq!(env.read(".mind/SESSION.md"), cli.read(".mind/SESSION.md"));
    assert!(
        env.read(".mind/SESSION.md")
            .contains("## Blockers\n- JWT refresh fails\n")
    );

    // mind_session: the four sections and the stats.
    let session = client.ok("mind_session", json!({}));
    assert_eq!(session["session"]["blockers"], json!(["JWT refresh fails"]));
    assert_eq!(session["stats"]["blockers_count"], 1);
    assert_eq!(session["stats"]["experience_count"], 1);
    assert_eq!(session["stats"]["total_items"], 2);

    // mind_search: the logged decision found.
    let found = client.ok("mind_search", json!({"query": "JWT stateless", "limit": 5}));
    assert_eq!(found["query"], "JWT stateless");
    assert!(found["total"].as_u64().unwrap() >= 1, "{found}");
    assert!(
        found["results"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r.to_string().contains("use JWT because stateless")),
        "{found}"
    );
    let typed = client.ok(
        "mind_search",
        json!({"query": "JWT", "types": ["decision"], "scope": "project"}),
    );
    assert!(typed["total"].as_u64().unwrap() >= 1, "{typed}");

    // mind_remind / mind_reminders / mind_reminder_done: REMINDERS.md.
    let remind = client.ok(
        "mind_remind",
        json!({"message": "rotate the signing key", "when": "2026-02-01"}),
    );
    assert_eq!(remind["success"], true);
    assert_eq!(
        remind["message"],
        "Reminder set: 'rotate the signing key' - will remind on 2026-02-01"
    );
    assert!(
        env.read(".mind/REMINDERS.md")
            .contains("rotate the signing key")
    );
    let listed = client.ok("mind_reminders", json!({}));
    assert_eq!(listed["total"], 1);
    assert_eq!(listed["done_count"], 0);
    assert_eq!(listed["pending"][0]["message"], "rotate the signing key");
    let index = listed["pending"][0]["index"].clone();
    let done = client.ok("mind_reminder_done", json!({"index": index}));
    assert_eq!(done["success"], true);
    assert_eq!(done["marked_done"], "rotate the signing key");
    let after = client.ok("mind_reminders", json!({}));
    assert_eq!(after["done_count"], 1);
    assert_eq!(after["pending"], json!([]));
    // The same file the CLI reads.
    assert!(env.ok(&["reminders"]).is_empty() || !env.ok(&["reminders"]).contains("rotate"));

    // mind_recall: the context block written to CLAUDE.md and returned.
    let recall = client.ok("mind_recall", json!({"force_refresh": true}));
    let context = recall["context"].as_str().unwrap();
    assert!(context.contains("use JWT because stateless"), "{context}");
    assert!(recall["session_info"].is_object());
    assert!(recall["reminders_due"].is_array());
    assert!(env.read("CLAUDE.md").contains("use JWT because stateless"));

    // mind_status: counts per type.
    let status = client.ok("mind_status", json!({}));
    assert_eq!(status["counts"]["decision"], 1, "{status}");

    // mind_checkpoint: a MEMORY: comment harvested into MEMORY.md.
    env.write(
        "src/auth.rs",
        "fn login() {}\n// MEMORY: decided: cache tokens for 5 min because the API rate limits\n",
    );
    let checkpoint = client.ok("mind_checkpoint", json!({}));
    assert_eq!(checkpoint["comments"], 1);
    assert!(checkpoint["processed"].as_u64().unwrap() >= 2);
    assert!(
        env.read(".mind/MEMORY.md").contains(
            "decided: cache tokens for 5 min because the API rate limits (src/auth.rs:2)"
        )
    );

    // mind_edges: the project's gotchas for an intent.
    env.ok(&[
        "edges",
        "add",
        "Safari drops the session cookie",
        "--workaround",
        "use SameSite=None; Secure",
    ]);
    let edges = client.ok(
        "mind_edges",
        json!({"intent": "store the session cookie", "stack": ["nextjs"]}),
    );
    assert!(
        edges["edges"]
            .to_string()
            .contains("Safari drops the session cookie"),
        "{edges}"
    );

    // mind_add_global_edge: global_edges.json in the global folder.
    let edge = client.ok(
        "mind_add_global_edge",
        json!({
            "title": "Date parsing differs in Safari",
            "description": "new Date('2026-01-15 10:00') is invalid in Safari",
            "workaround": "use ISO 8601 with a T",
            "detection": {"code": ["new Date("], "intent": ["parse a date"]},
            "stack_tags": ["javascript"],
            "severity": "warning"
        }),
    );
    assert_eq!(edge["success"], true);
    assert_eq!(edge["title"], "Date parsing differs in Safari");
    let global: Value = serde_json::from_str(
        &std::fs::read_to_string(env.home().join("global_edges.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(global[0]["title"], "Date parsing differs in Safari");
    assert_eq!(global[0]["detection"]["code"], json!(["new Date("]));

    // mind_spawn_helper: the brief with the attempts; nothing written.
    let session_before = env.read(".mind/SESSION.md");
    let helper = client.ok(
        "mind_spawn_helper",
        json!({"problem": "JWT refresh fails after deploy", "attempts": ["cleared the cache"], "hypothesis": "clock skew"}),
    );
    assert_eq!(helper["success"], true);
    let prompt = helper["agent_prompt"].as_str().unwrap();
    assert!(
        prompt.contains("JWT refresh fails after deploy"),
        "{prompt}"
    );
    assert!(prompt.contains("cleared the cache"), "{prompt}");
    assert_eq!(helper["attempts_count"], 1);
    assert_eq!(env.read(".mind/SESSION.md"), session_before);

    // Named memories: write, read, list, delete.
    let written = client.ok(
        "mind_memory_write",
        json!({"name": "auth-flow", "content": "# Auth\n\nTokens live 5 minutes.\n", "category": "architecture", "tags": ["auth"]}),
    );
    assert_eq!(written["status"], "created");
    let file = env.read(".mind/memories/auth-flow.md");
    assert!(file.contains("category: architecture"), "{file}");
    assert!(
        file.ends_with("# Auth\n\nTokens live 5 minutes.\n"),
        "{file}"
    );
    let read = client.ok("mind_memory_read", json!({"name": "auth-flow"}));
    assert_eq!(read["body"], "# Auth\n\nTokens live 5 minutes.\n");
    assert_eq!(read["tags"], json!(["auth"]));
    let list = client.ok("mind_memory_list", json!({}));
    assert_eq!(list["total"], 1);
    let deleted = client.ok("mind_memory_delete", json!({"name": "auth-flow"}));
    assert_eq!(deleted["deleted"], true);
    assert!(!env.exists(".mind/memories/auth-flow.md"));

    // mind_context: the block that would be written; nothing changes.
    let claude = env.read("CLAUDE.md");
    let context = client.ok("mind_context", json!({}));
    assert_eq!(context["targets"][0]["file"], "CLAUDE.md", "{context}");
    assert_eq!(env.read("CLAUDE.md"), claude);

    let stderr = client.finish();
    assert!(!stderr.contains("panick"), "{stderr}");
}

#[test]
fn one_server_serves_several_projects_by_project_path() {
    let env = Env::initialised();
    let other = env.dir.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    env.mind(&["init", other.to_str().unwrap()])
        .assert()
        .success();
    let mut client = Client::in_env(&env);
    client.initialize();
    let memory_before = env.read(".mind/MEMORY.md");
    let logged = client.ok(
        "mind_log",
        json!({"message": "use sqlite for tests", "type": "decision", "project_path": other}),
    );
    assert_eq!(logged["target"], "MEMORY.md");
    let other_memory = std::fs::read_to_string(other.join(".mind/MEMORY.md")).unwrap();
    assert!(
        other_memory.ends_with("decided: use sqlite for tests\n"),
        "{other_memory}"
    );
    assert_eq!(env.read(".mind/MEMORY.md"), memory_before);
    // Edited by hand between calls: the next call reads the file afresh.
    std::fs::write(
        other.join(".mind/MEMORY.md"),
        format!("{other_memory}decided: deploy on fridays never\n"),
    )
    .unwrap();
    let found = client.ok(
        "mind_search",
        json!({"query": "fridays", "project_path": other.to_str().unwrap()}),
    );
    assert_eq!(found["total"], 1, "{found}");
    // The server's own project when no path is given.
    let here = client.ok("mind_search", json!({"query": "sqlite"}));
    assert_eq!(here["total"], 0, "{here}");
    // A limit of 0 is refused as the command line refuses `-n 0`: an empty answer would
    // read as "nothing in memory about this".
    let none = client.tool("mind_search", json!({"query": "sqlite", "limit": 0}));
    assert_eq!(none["isError"], true, "{none}");
    assert_eq!(
        none["content"][0]["text"],
        "Error: limit: expected a whole number, 1 or more"
    );
    // A folder without .mind/ is a tool error naming the way out.
    let missing = client.tool(
        "mind_status",
        json!({"project_path": env.dir.path().join("nowhere")}),
    );
    assert_eq!(missing["isError"], true);
    let text = missing["content"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("Error: "), "{text}");
    assert!(text.contains("mind init"), "{text}");
    client.finish();
}

#[test]
fn malformed_requests_get_errors_and_the_server_goes_on() {
    let env = Env::initialised();
    let mut client = Client::in_env(&env);
    client.initialize();
    // Not JSON at all: a JSON-RPC parse error (id null), and the server stays up.
    client.send_raw("this is not json {");
    let parse_error = client.read();
    assert_eq!(parse_error["id"], Value::Null, "{parse_error}");
    assert_eq!(parse_error["error"]["code"], -32700, "{parse_error}");
    assert!(
        parse_error["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("parse error: the line is not JSON"),
        "{parse_error}"
    );
    // An unknown method.
    let unknown = client.call_raw("no/such/method", json!({}));
    assert!(unknown["error"]["code"].is_i64(), "{unknown}");
    // An unknown tool.
    let no_tool = client.call_raw("tools/call", json!({"name": "mind_fly", "arguments": {}}));
    assert_eq!(no_tool["error"]["code"], -32602, "{no_tool}");
    assert_eq!(no_tool["error"]["message"], "tool not found", "{no_tool}");
    // Wrong argument types and a missing argument: a tool error naming the problem (the
    // agent can correct itself), nothing written.
    let memory = env.read(".mind/MEMORY.md");
    let session = env.read(".mind/SESSION.md");
    let wrong = [
        (
            json!({"name": "mind_log", "arguments": {"message": 42}}),
            "invalid type: integer `42`, expected a string",
        ),
        (
            json!({"name": "mind_log", "arguments": {}}),
            "missing field `message`",
        ),
        (
            json!({"name": "mind_search", "arguments": {"query": "x", "types": "decision"}}),
            "expected a sequence",
        ),
        (
            json!({"name": "mind_reminder_done", "arguments": {"index": "one"}}),
            "invalid type: string",
        ),
    ];
    for (params, says) in wrong {
        let reply = client.call_raw("tools/call", params);
        assert_eq!(reply["result"]["isError"], true, "{reply}");
        let text = reply["result"]["content"][0]["text"].as_str().unwrap();
        assert!(text.contains(says), "{text}");
    }
    // `-` would read stdin, which is the protocol: refused.
    let dash = client.call_raw(
        "tools/call",
        json!({"name": "mind_blocker", "arguments": {"description": "-"}}),
    );
    assert_eq!(dash["error"]["code"], -32602, "{dash}");
    // A command's own refusal is a tool error the agent reads.
    let bad_type = client.tool("mind_log", json!({"message": "x y", "type": "decison"}));
    assert_eq!(bad_type["isError"], true);
    assert!(
        bad_type["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("did you mean `decision`?")
    );
    assert_eq!(env.read(".mind/MEMORY.md"), memory);
    assert_eq!(env.read(".mind/SESSION.md"), session);
    // A good request after all of that.
    let ok = client.ok(
        "mind_log",
        json!({"message": "retry with backoff", "type": "learning"}),
    );
    assert_eq!(ok["success"], true);
    assert!(
        env.read(".mind/MEMORY.md")
            .ends_with("learned: retry with backoff\n")
    );
    client.finish();
}

#[test]
fn simultaneous_tool_logs_and_a_cli_log_lose_nothing() {
    let env = Env::initialised();
    let mut client = Client::in_env(&env);
    client.initialize();
    const ROUNDS: usize = 10;
    for round in 0..ROUNDS {
        // Two requests in flight at once, and the CLI writing meanwhile.
        let a = client.request(
            "tools/call",
            json!({"name": "mind_log", "arguments": {"message": format!("tool a round {round}"), "type": "decision"}}),
        );
        let b = client.request(
            "tools/call",
            json!({"name": "mind_log", "arguments": {"message": format!("tool b round {round}"), "type": "decision"}}),
        );
        env.mind(&["log", "decision", &format!("cli round {round}")])
            .assert()
            .success();
        let mut ids = vec![client.read(), client.read()];
        ids.sort_by_key(|m| m["id"].as_u64());
        assert_eq!(ids[0]["id"], a);
        assert_eq!(ids[1]["id"], b);
        for reply in ids {
            assert_ne!(reply["result"]["isError"], true, "{reply}");
        }
    }
    let memory = env.read(".mind/MEMORY.md");
    for round in 0..ROUNDS {
        for who in ["tool a", "tool b", "cli"] {
            let line = format!("decided: {who} round {round}\n");
            assert_eq!(memory.matches(&line).count(), 1, "{line} in\n{memory}");
        }
    }
    client.finish();
}

/// What a client reads from its MCP configuration: the server's command and arguments.
fn configured_server(config: &Path) -> (String, Vec<String>) {
    let value: Value = serde_json::from_str(&std::fs::read_to_string(config).unwrap()).unwrap();
    let server = &value["mcpServers"]["mind"];
    let command = server["command"].as_str().unwrap().to_string();
    let args = server["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    (command, args)
}

#[test]
fn a_python_mind_client_configuration_starts_the_server_for_a_user() {
    let user = User::new();
    let project = user.project("code/app", &["init"]);
    // The configuration the Python Mind documented, unchanged.
    std::fs::write(
        project.join(".mcp.json"),
        r#"{"mcpServers": {"mind": {"command": "mind", "args": ["mcp"]}}}"#,
    )
    .unwrap();
    let (command, args) = configured_server(&project.join(".mcp.json"));
    let mut cmd = user.command(&command, &project);
    cmd.args(&args);
    let mut client = Client::spawn(cmd);
    client.initialize();
    let recall = client.ok("mind_recall", json!({"project_path": project}));
    assert!(recall["context"].is_string());
    client.ok(
        "mind_log",
        json!({"message": "the API rate limits at 100 a minute", "type": "learning"}),
    );
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.ends_with("learned: the API rate limits at 100 a minute\n"),
        "{memory}"
    );
    // The CLI sees what the tool wrote.
    let found = user.ok(&project, &["search", "rate limits"]);
    assert!(
        found.contains("the API rate limits at 100 a minute"),
        "{found}"
    );
    client.finish();
}
