//! Run as a user runs them (a temp HOME, no MIND_* variable but the clock): a CLAUDE.md that
//! imports AGENTS.md, next steps logged, a vault copy edited on both sides, and the smaller
//! replies (status counts, a global edge's title taken, Claude Code's local MCP scope, MCP
//! argument choices, `onboard --write` without `.mind/`).

use crate::common;

use std::path::Path;

use common::User;
use serde_json::{Value, json};

const START: &str = "<!-- MIND:CONTEXT";

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

fn blocks_in(path: &Path) -> usize {
    read(path).matches(START).count()
}

/// stdout and stderr of `mind ARGS` in `cwd`, which must exit with `code`.
fn run(user: &User, cwd: &Path, args: &[&str], code: i32) -> (String, String) {
    let out = user.mind(cwd, args).assert().code(code);
    let out = out.get_output();
    (
        String::from_utf8(out.stdout.clone()).unwrap(),
        String::from_utf8(out.stderr.clone()).unwrap(),
    )
}

/// A git repository `rel` under HOME holding `files`, before `mind init`.
fn folder_with(user: &User, rel: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = user.folder(rel);
    user.git(&dir, &["init", "-q"]);
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

#[test]
fn a_claude_md_that_imports_agents_md_gets_no_block_and_loses_an_old_one() {
    let user = User::new();
    let app = folder_with(
        &user,
        "app",
        &[("AGENTS.md", "# Agents\n"), ("CLAUDE.md", "@AGENTS.md\n")],
    );
    let init = user.ok(&app, &["init"]);
    assert!(
        init.contains(
            "CLAUDE.md imports AGENTS.md: the context block is written to AGENTS.md only\n"
        ),
        "{init}"
    );
    assert_eq!(read(&app.join("CLAUDE.md")), "@AGENTS.md\n");
    assert_eq!(blocks_in(&app.join("AGENTS.md")), 1);

    let status = user.ok(&app, &["status"]);
    assert!(
        status.contains(
            "context  CLAUDE.md: imports AGENTS.md, so the block is written to AGENTS.md only\n"
        ),
        "{status}"
    );
    assert!(status.contains("problems none\n"), "{status}");
    let json: Value = serde_json::from_str(&user.ok(&app, &["status", "--json"])).unwrap();
    assert_eq!(json["context"][0]["file"], "CLAUDE.md");
    assert_eq!(json["context"][0]["imports"], "AGENTS.md");
    assert!(json["context"][1].get("imports").is_none());
    let doctor = user.ok(&app, &["doctor"]);
    assert!(
        doctor.contains(
            "ok      CLAUDE.md: imports AGENTS.md, which holds the block (none of its own)\n"
        ),
        "{doctor}"
    );
    let context = user.ok(&app, &["context", "--target", "CLAUDE.md"]);
    assert_eq!(
        context,
        "CLAUDE.md (shared): imports AGENTS.md, which gets the block; none of its own\n"
    );

    // A block an earlier version wrote into CLAUDE.md: reported, then taken out by the next
    // write, with every other byte kept.
    let agents = read(&app.join("AGENTS.md"));
    let block = &agents[agents.find(START).unwrap()..];
    std::fs::write(
        app.join("CLAUDE.md"),
        format!("@AGENTS.md\n\nMy notes\n{block}after\n"),
    )
    .unwrap();
    let status = user.ok(&app, &["status"]);
    assert!(
        status.contains(
            "CLAUDE.md imports AGENTS.md, which holds the context block, and has a block of its own"
        ),
        "{status}"
    );
    let (doctor, _) = run(&user, &app, &["doctor"], 1);
    assert!(
        doctor.contains("problem CLAUDE.md imports AGENTS.md"),
        "{doctor}"
    );
    let (_, notes) = run(&user, &app, &["recall"], 0);
    assert!(
        notes.contains("removed the context block from CLAUDE.md: it imports AGENTS.md"),
        "{notes}"
    );
    assert_eq!(
        read(&app.join("CLAUDE.md")),
        "@AGENTS.md\n\nMy notes\nafter\n"
    );
    assert_eq!(blocks_in(&app.join("AGENTS.md")), 1);
    assert!(user.ok(&app, &["status"]).contains("problems none\n"));
}

#[test]
fn agents_md_never_imports_and_setup_says_where_the_block_goes() {
    let user = User::new();
    // Codex reads AGENTS.md as it is: an `@CLAUDE.md` line there imports nothing.
    let both = folder_with(
        &user,
        "both",
        &[("AGENTS.md", "@CLAUDE.md\n"), ("CLAUDE.md", "# Claude\n")],
    );
    user.ok(&both, &["init"]);
    assert_eq!(blocks_in(&both.join("AGENTS.md")), 1);
    assert_eq!(blocks_in(&both.join("CLAUDE.md")), 1);

    // CLAUDE.md added by setup to a project that had AGENTS.md alone.
    let app = folder_with(&user, "app", &[("AGENTS.md", "# Agents\n")]);
    user.ok(&app, &["init"]);
    std::fs::write(app.join("CLAUDE.md"), "# Claude\n@./AGENTS.md\n").unwrap();
    let setup = user.ok(&app, &["setup", "claude"]);
    assert!(setup.contains(".mind/config.json: add CLAUDE.md to context_targets\n"));
    assert!(
        setup.contains(
            "note: CLAUDE.md imports AGENTS.md: the context block is written to AGENTS.md only\n"
        ),
        "{setup}"
    );
    assert_eq!(read(&app.join("CLAUDE.md")), "# Claude\n@./AGENTS.md\n");
    assert_eq!(blocks_in(&app.join("AGENTS.md")), 1);
}

#[test]
fn next_steps_logged_go_to_memory_md_and_continue_from_shows_the_newest() {
    let mut user = User::new();
    user.at("2026-01-05T09:00:00Z");
    let app = user.project("app", &["init", "-q"]);
    user.ok(&app, &["recall"]);
    let session = read(&app.join(".mind/SESSION.md"));
    let memory = app.join(".mind/MEMORY.md");

    let untyped = user.ok(&app, &["log", "Next: wire the replica into the ETL"]);
    assert!(
        untyped.starts_with("logged next to .mind/MEMORY.md:"),
        "{untyped}"
    );
    assert!(read(&memory).ends_with("\nNext: wire the replica into the ETL\n"));
    assert_eq!(read(&app.join(".mind/SESSION.md")), session);

    // Another type keeps its own label only: no `Next:` inside a fix.
    user.ok(&app, &["log", "--type", "progress", "Next: wire the ETL"]);
    assert!(read(&memory).ends_with("\nfixed: wire the ETL\n"));
    // `next` names the type before a single quoted message, like an alias ...
    user.ok(&app, &["log", "next", "check the backfill"]);
    assert!(read(&memory).ends_with("\nfixed: wire the ETL\nNext: check the backfill\n"));
    // ... and not in a sentence that starts with the word.
    let sentence = user.ok(&app, &["log", "next", "release", "drops", "py3.8"]);
    assert!(
        sentence.starts_with("logged experience to .mind/SESSION.md:"),
        "{sentence}"
    );
    let json: Value = serde_json::from_str(&user.ok(
        &app,
        &["log", "--json", "--type", "next", "decided: ship on Friday"],
    ))
    .unwrap();
    assert_eq!(json["type"], "next");
    assert_eq!(json["text"], "Next: ship on Friday");

    user.at("2026-01-05T12:00:00Z");
    let recall = user.ok(&app, &["recall"]);
    let from = &recall[recall.find("## Continue From").expect("Continue From")..];
    let section: Vec<&str> = from.lines().take(3).collect();
    assert_eq!(
        section,
        [
            "## Continue From",
            "Next: ship on Friday",
            "Last (progress): wire the ETL (2026-01-05)"
        ]
    );
    assert!(read(&app.join("CLAUDE.md")).contains("\nNext: ship on Friday\n"));
}

#[test]
fn a_vault_copy_grown_on_both_sides_is_merged_and_a_real_conflict_fails_with_a_way_out() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    let vault = user.folder("vault");
    user.ok(
        &app,
        &[
            "vault",
            "link",
            vault.to_str().unwrap(),
            "--copy",
            "--name",
            "c",
        ],
    );
    let copy = std::fs::canonicalize(&vault).unwrap().join("c");
    let ours = app.join(".mind/MEMORY.md");
    let theirs = copy.join("MEMORY.md");

    // The usual day: a `mind log` in the project, a line added in Obsidian.
    let mut obsidian = read(&theirs);
    obsidian.push_str("decided: keep the replica read-only\n");
    std::fs::write(&theirs, &obsidian).unwrap();
    user.ok(
        &app,
        &["log", "learning", "the replica lags a minute behind"],
    );
    let logged = read(&ours);
    let sync = user.ok(&app, &["vault", "sync"]);
    assert_eq!(
        sync,
        format!(
            "synced {}\n  merged     MEMORY.md: lines added on both sides, kept from both (.mind/'s first), written to both\n",
            copy.display()
        )
    );
    let merged = format!("{logged}decided: keep the replica read-only\n");
    assert_eq!(read(&ours), merged);
    assert_eq!(read(&theirs), merged);
    assert_eq!(
        user.ok(&app, &["vault", "sync"]),
        format!("unchanged {}\n", copy.display())
    );
    let search = user.ok(&app, &["search", "replica read-only"]);
    assert!(search.contains("keep the replica read-only"), "{search}");

    // A copy synced by an older version recorded no lengths: still merged.
    let manifest_path = copy.join(".mind-vault-sync.json");
    let mut manifest: Value = serde_json::from_str(&read(&manifest_path)).unwrap();
    manifest.as_object_mut().unwrap().remove("lengths");
    std::fs::write(&manifest_path, manifest.to_string()).unwrap();
    std::fs::write(
        &theirs,
        format!("{merged}## 2026-01-16\n\nlearned: from the vault\n"),
    )
    .unwrap();
    std::fs::write(
        &ours,
        format!("{merged}## 2026-01-16\n\nlearned: from the project\n"),
    )
    .unwrap();
    let sync = user.ok(&app, &["vault", "sync"]);
    assert!(sync.contains("merged     MEMORY.md"), "{sync}");
    let both = format!(
        "{merged}## 2026-01-16\n\nlearned: from the project\n## 2026-01-16\n\nlearned: from the vault\n"
    );
    assert_eq!(read(&ours), both);
    assert_eq!(read(&theirs), both);

    // A line changed in the vault while the project grew: a conflict, both sides left alone,
    // exit 1 with how to settle it, at every sync until it is settled.
    let edited = both.replacen(
        "learned: from the vault",
        "learned: from the vault, edited",
        1,
    );
    std::fs::write(&theirs, &edited).unwrap();
    user.ok(&app, &["log", "decision", "use logical replication"]);
    let project_side = read(&ours);
    for _ in 0..2 {
        let (out, err) = run(&user, &app, &["vault", "sync"], 1);
        assert!(
            out.contains("  conflict   MEMORY.md: changed in .mind/ and in the vault since the last sync, not only by lines added at the end; neither was touched\n"),
            "{out}"
        );
        assert!(
            err.contains(&format!(
                "mind: error: 1 file(s) changed in .mind/ and in the vault since the last sync: {}; neither side was touched\n",
                theirs.display()
            )),
            "{err}"
        );
        assert!(err.contains("hint: make the two copies the same"), "{err}");
        assert_eq!(read(&ours), project_side);
        assert_eq!(read(&theirs), edited);
    }
    let (out, _) = run(&user, &app, &["vault", "sync", "--json"], 1);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["copies"][0]["conflicts"], json!(["MEMORY.md"]));
    // Settled the way the hint says: the two made the same.
    std::fs::copy(&ours, &theirs).unwrap();
    assert_eq!(
        user.ok(&app, &["vault", "sync"]),
        format!("unchanged {}\n", copy.display())
    );
    assert_eq!(
        user.ok(&app, &["vault", "status"]),
        format!("copy  {}  in sync\n", copy.display())
    );
}

#[test]
fn status_counts_rejections_in_memory() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    user.ok(&app, &["log", "decision", "against redis for sessions"]);
    let status = user.ok(&app, &["status"]);
    let memory = status.lines().find(|l| l.starts_with("memory")).unwrap();
    assert!(
        memory.ends_with(
            " · 0 decisions · 0 problems (0 open) · 0 learnings · 0 progress · 0 gotchas · 1 rejected"
        ),
        "{memory}"
    );
}

#[test]
fn a_global_edge_title_taken_names_the_file_that_holds_it_with_a_hint() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    // The Python Mind's file: read, never written.
    let legacy = user.folder(".mind").join("global_edges.json");
    let python =
        r#"[{"title": "pip breaks on py3.12", "workaround": "use uv", "severity": "warning"}]"#;
    std::fs::write(&legacy, python).unwrap();
    let (_, err) = run(
        &user,
        &app,
        &[
            "edges",
            "add",
            "Pip breaks on py3.12",
            "--workaround",
            "x",
            "--global",
        ],
        1,
    );
    assert_eq!(
        err,
        format!(
            "mind: error: {}: an edge titled \"Pip breaks on py3.12\" already exists; nothing written\n\
             hint: give the new edge another title; that one is in the Python Mind's file, which mind reads but never writes (change it there by hand)\n",
            legacy.display()
        )
    );
    assert_eq!(read(&legacy), python);
    let own = user.home().join(".local/share/mind/global_edges.json");
    assert!(!own.exists());

    // One of its own: named there.
    user.ok(
        &app,
        &[
            "edges",
            "add",
            "Docker on arm64",
            "--workaround",
            "x",
            "--global",
        ],
    );
    let (_, err) = run(
        &user,
        &app,
        &[
            "edges",
            "add",
            "docker on ARM64",
            "--workaround",
            "y",
            "--global",
        ],
        1,
    );
    assert!(
        err.starts_with(&format!("mind: error: {}: an edge titled", own.display())),
        "{err}"
    );
    assert!(
        err.contains(
            "hint: give the new edge another title, or change the one there by editing that file\n"
        ),
        "{err}"
    );
}

#[test]
fn setup_claude_mcp_local_uses_claude_codes_local_scope_in_the_user_file() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    let root = std::fs::canonicalize(&app).unwrap();
    let key = root.to_str().unwrap();
    let user_file = user.home().join(".claude.json");
    let before = "{\n  \"numStartups\": 3,\n  \"projects\": {\n    \"/elsewhere\": {\n      \"allowedTools\": [],\n      \"mcpServers\": {}\n    }\n  },\n  \"userID\": \"u\"\n}\n";
    std::fs::write(&user_file, before).unwrap();

    let dry = user.ok(&app, &["setup", "claude", "--mcp", "--local", "--dry-run"]);
    assert!(
        dry.contains("--- only the entry named above would change in that file ---\n"),
        "{dry}"
    );
    assert!(!dry.contains("numStartups"), "{dry}");
    assert_eq!(read(&user_file), before);

    let out = user.ok(&app, &["setup", "claude", "--mcp", "--local"]);
    assert!(
        out.contains(&format!(
            "{}: add the mind MCP server (mind mcp) to projects[{key:?}] (Claude Code's local scope)\n",
            user_file.display()
        )),
        "{out}"
    );
    assert!(!app.join(".mcp.json").exists());
    let after: Value = serde_json::from_str(&read(&user_file)).unwrap();
    assert_eq!(
        after["projects"][key],
        json!({"mcpServers": {"mind": {"command": "mind", "args": ["mcp"]}}})
    );
    assert_eq!(after["projects"]["/elsewhere"]["allowedTools"], json!([]));
    assert_eq!(after["userID"], "u");
    // Twice: nothing more.
    let again = user.ok(&app, &["setup", "claude", "--mcp", "--local"]);
    assert_eq!(again, "Claude Code: nothing to add\n");

    user.ok(&app, &["setup", "claude", "--local", "--remove"]);
    assert_eq!(read(&user_file), before);
    assert!(!app.join(".claude").exists());
}

#[test]
fn mcp_values_outside_a_fields_choices_are_tool_errors() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    let lines = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "mind_search", "arguments": {"query": "x", "scope": "everything"}}}),
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
            "name": "mind_add_global_edge", "arguments": {"title": "t", "description": "d",
            "workaround": "w", "severity": "bogus"}}}),
    ];
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let out = user
        .mind(&app, &["mcp"])
        .write_stdin(input)
        .assert()
        .success();
    let replies: Vec<Value> = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let reply = |id: u64| {
        replies
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("no reply {id}: {replies:?}"))
    };
    for (id, says) in [
        (
            2,
            "unknown variant `everything`, expected `project` or `all`",
        ),
        (
            3,
            "unknown variant `bogus`, expected one of `info`, `warning`, `critical`",
        ),
    ] {
        let r = reply(id);
        assert!(r.get("error").is_none(), "{r}");
        assert_eq!(r["result"]["isError"], true, "{r}");
        let text = r["result"]["content"][0]["text"].as_str().unwrap();
        assert!(text.contains(says), "{text}");
    }
    assert!(
        !user
            .home()
            .join(".local/share/mind/global_edges.json")
            .exists()
    );
}

#[test]
fn onboard_write_without_mind_fails_before_printing() {
    let user = User::new();
    let dir = folder_with(
        &user,
        "app",
        &[("Cargo.toml", "[package]\nname = \"app\"\n")],
    );
    let (out, err) = run(&user, &dir, &["onboard", "--write"], 1);
    assert_eq!(out, "");
    assert!(err.contains("hint: run `mind init`"), "{err}");
    assert!(!dir.join(".mind").exists());
}
