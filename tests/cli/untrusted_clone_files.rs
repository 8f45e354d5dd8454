//! A cloned repository's `.mind/` files are untrusted input: a memory file, the commit store
//! or a settings file that a committed link leads out of the project, to a device or to a
//! pipe, and a committed setup record naming files outside the project.
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::{self, User};

/// A repository `evil/` under the user's home, set up with `mind init`, whose `.mind/` files
/// named in `links` are committed as symbolic links to the given targets (forced past
/// `.mind/.gitignore`, as an attacker would), cloned as `victim/`.
fn clone_with_links(user: &User, links: &[(&str, &Path)]) -> PathBuf {
    let evil = user.project("evil", &["init"]);
    for (name, target) in links {
        let at = evil.join(".mind").join(name);
        fs::create_dir_all(at.parent().unwrap()).unwrap();
        let _ = fs::remove_file(&at);
        std::os::unix::fs::symlink(target, &at).unwrap();
        user.git(&evil, &["add", "-f", &format!(".mind/{name}")]);
    }
    user.git(&evil, &["add", "-A"]);
    user.git(&evil, &["commit", "-q", "-m", "init"]);
    let home = user.home().to_path_buf();
    user.git(&home, &["clone", "-q", "evil", "victim"]);
    home.join("victim")
}

/// A folder beside the projects holding another project's private notes.
fn sibling(user: &User) -> PathBuf {
    let sibling = user.folder("sibling");
    fs::write(
        sibling.join("MEMORY.md"),
        "# Secret notes\n\n## 2026-01-01\n\n- decided: SIBLING-SECRET password is hunter2\n",
    )
    .unwrap();
    fs::write(
        sibling.join("notes.md"),
        "- decided: STORE-SECRET private line\n",
    )
    .unwrap();
    fs::canonicalize(sibling).unwrap()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The warning a command gives once for a file a link leads out of the project.
fn not_read(victim: &Path, name: &str, to: &Path) -> String {
    format!(
        "mind: warning: {}: a symbolic link leads it outside the project (to {}); not read, as \
         if it were missing: replace the link with a copy of the file",
        victim.join(".mind").join(name).display(),
        to.display()
    )
}

/// A named pipe in the user's home: reading it waits until something writes.
fn fifo(user: &User) -> PathBuf {
    let fifo = user.home().join("fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    fifo
}

/// The SessionStart hook's answer: its exit code and what it printed.
fn session_start(user: &User, dir: &Path) -> (Option<i32>, String) {
    let out = user
        .mind(dir, &["recall", "--hook", "claude"])
        .write_stdin("{}")
        .output()
        .unwrap();
    (out.status.code(), stdout(&out))
}

#[test]
fn a_commit_store_linked_out_of_the_project_never_reaches_the_block_or_the_agent() {
    let user = User::new();
    let sibling = sibling(&user);
    let victim = fs::canonicalize(clone_with_links(
        &user,
        &[("cache/commits.md", Path::new("../../../sibling/notes.md"))],
    ))
    .unwrap();
    user.ok(&victim, &["log", "decision", "use sqlite for the cache"]);

    let out = user.mind(&victim, &["recall"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stdout(&out).contains("SECRET"), "{}", stdout(&out));
    assert!(stdout(&out).contains("use sqlite for the cache"));
    // Said once, naming the file and where it leads.
    let warning = not_read(&victim, "cache/commits.md", &sibling.join("notes.md"));
    assert_eq!(
        stderr(&out)
            .lines()
            .filter(|l| l.starts_with("mind: warning:"))
            .collect::<Vec<_>>(),
        [warning.as_str()],
        "{}",
        stderr(&out)
    );
    let claude = fs::read_to_string(victim.join("CLAUDE.md")).unwrap();
    assert!(!claude.contains("SECRET"), "{claude}");
    assert!(claude.contains("use sqlite for the cache"), "{claude}");

    let (code, context) = session_start(&user, &victim);
    assert_eq!(code, Some(0));
    assert!(context.contains("use sqlite for the cache"), "{context}");
    assert!(!context.contains("SECRET"), "{context}");

    // Status and search leave it out alike and say why.
    for args in [&["status"][..], &["search", "private line"]] {
        let out = user.mind(&victim, args).output().unwrap();
        assert!(!stdout(&out).contains("SECRET"), "{}", stdout(&out));
        assert!(
            stderr(&out).contains(&warning),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    // Nothing was written through the link.
    assert_eq!(
        fs::read_to_string(sibling.join("notes.md")).unwrap(),
        "- decided: STORE-SECRET private line\n"
    );
}

#[test]
fn a_memory_linked_out_of_the_project_is_never_read_and_every_command_says_so() {
    let user = User::new();
    let sibling = sibling(&user);
    let victim = fs::canonicalize(clone_with_links(
        &user,
        &[("MEMORY.md", Path::new("../../sibling/MEMORY.md"))],
    ))
    .unwrap();
    let committed = fs::read_to_string(victim.join("CLAUDE.md")).unwrap();

    // The recall refuses, naming where the link leads, and writes no block.
    let out = user.mind(&victim, &["recall"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!stdout(&out).contains("SECRET"), "{}", stdout(&out));
    assert_eq!(
        stderr(&out),
        format!(
            "mind: error: refused to write {}: a symbolic link leads it outside the project (to \
             {}); replace the link with a file, or point it inside the project\n",
            victim.join(".mind/MEMORY.md").display(),
            sibling.join("MEMORY.md").display()
        )
    );
    assert_eq!(
        fs::read_to_string(victim.join("CLAUDE.md")).unwrap(),
        committed
    );
    let (code, context) = session_start(&user, &victim);
    assert_eq!(code, Some(0));
    assert!(!context.contains("SECRET"), "{context}");
    // The agent is told that its memory could not be read, and where to look; the link's
    // target (a clone's text) is not in it.
    let answer: serde_json::Value = serde_json::from_str(&context).unwrap();
    let given = answer["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap();
    assert!(
        given.ends_with(
            ":\n\nmind could not read this project's memory at this start; run `mind doctor` \
             in the project to see why"
        ),
        "{given}"
    );
    assert!(!context.contains("sibling"), "{context}");

    // Readers leave it out as if it were missing, with one warning.
    let warning = not_read(&victim, "MEMORY.md", &sibling.join("MEMORY.md"));
    for args in [
        &["status"][..],
        &["search", "password"],
        &["helper", "fix the login"],
        &["edges", "deploy to prod"],
    ] {
        let out = user.mind(&victim, args).output().unwrap();
        assert!(
            !stdout(&out).contains("SECRET"),
            "{args:?}: {}",
            stdout(&out)
        );
        assert_eq!(
            stderr(&out).matches(&warning).count(),
            1,
            "{args:?}: {}",
            stderr(&out)
        );
    }
    assert!(
        fs::read_to_string(sibling.join("MEMORY.md"))
            .unwrap()
            .ends_with("hunter2\n")
    );
}

#[test]
fn session_reminders_and_config_linked_out_are_read_as_missing() {
    let user = User::new();
    let sibling = sibling(&user);
    fs::write(
        sibling.join("session.md"),
        "## Experiences\n- SESSION-SECRET\n",
    )
    .unwrap();
    fs::write(
        sibling.join("reminders.md"),
        "- [ ] 2026-01-01 | absolute | REMINDER-SECRET\n",
    )
    .unwrap();
    fs::write(
        sibling.join("config.json"),
        "{\"context_targets\": [\"SECRET.md\"]}\n",
    )
    .unwrap();
    let victim = fs::canonicalize(clone_with_links(
        &user,
        &[
            ("SESSION.md", Path::new("../../sibling/session.md")),
            ("REMINDERS.md", Path::new("../../sibling/reminders.md")),
            ("config.json", Path::new("../../sibling/config.json")),
        ],
    ))
    .unwrap();
    let out = user.mind(&victim, &["status"]).output().unwrap();
    assert!(!stdout(&out).contains("SECRET"), "{}", stdout(&out));
    for (name, to) in [
        ("SESSION.md", "session.md"),
        ("REMINDERS.md", "reminders.md"),
        ("config.json", "config.json"),
    ] {
        let warning = not_read(&victim, name, &sibling.join(to));
        assert_eq!(
            stderr(&out).matches(&warning).count(),
            1,
            "{}",
            stderr(&out)
        );
    }
    let out = user
        .mind(&victim, &["reminders", "--all"])
        .output()
        .unwrap();
    assert!(!stdout(&out).contains("SECRET"), "{}", stdout(&out));
    // The config's target was not taken from the outside file.
    assert!(!victim.join("SECRET.md").exists());
    // A write refuses, as before.
    let out = user
        .mind(&victim, &["log", "experience", "tried x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("refused to write"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        fs::read_to_string(sibling.join("session.md")).unwrap(),
        "## Experiences\n- SESSION-SECRET\n"
    );
}

/// `mind ARGS` in `dir` under a 4 GB address-space limit, so a read that never ends fails
/// here instead of taking the machine's memory.
fn mind_capped(user: &User, dir: &Path, args: &[&str]) -> std::process::Output {
    let mut cmd = user.command("sh", dir);
    cmd.arg("-c")
        .arg("ulimit -v 4000000; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_mind"))
        .args(args);
    assert_cmd::Command::from_std(cmd)
        .timeout(common::NO_HANG)
        .write_stdin("{}")
        .output()
        .unwrap()
}

#[test]
fn a_memory_file_linked_to_a_device_or_a_pipe_is_refused_at_once() {
    let user = User::new();
    let fifo = fs::canonicalize(fifo(&user)).unwrap();
    let victim = fs::canonicalize(clone_with_links(
        &user,
        &[
            ("MEMORY.md", Path::new("/dev/zero")),
            ("config.json", &fifo),
        ],
    ))
    .unwrap();
    let memory = format!(
        "{}: is a link to /dev/zero (a device), not a file; replace it with a file",
        victim.join(".mind/MEMORY.md").display()
    );
    let config = format!(
        "{}: is a link to {} (a named pipe), not a file; replace it with a file",
        victim.join(".mind/config.json").display(),
        fifo.display()
    );
    for args in [
        &["recall"][..],
        &["status"],
        &["log", "decision", "use x"],
        &["checkpoint"],
    ] {
        let started = Instant::now();
        let out = mind_capped(&user, &victim, args);
        assert!(started.elapsed() < Duration::from_secs(20), "{args:?}");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("mind: error: {memory}\n")),
            "{args:?}: {}",
            stderr(&out)
        );
        // The config is unusable, so its defaults apply; the warning says why.
        if args != ["status"] {
            assert!(stderr(&out).contains(&config), "{args:?}: {}", stderr(&out));
        }
    }
    // The agent's hooks answer at once and stay out of the way.
    for args in [
        &["recall", "--hook", "claude"][..],
        &["hook", "pre-tool", "--agent", "claude"],
        &["checkpoint", "--hook", "claude"],
    ] {
        let started = Instant::now();
        let out = mind_capped(&user, &victim, args);
        assert!(started.elapsed() < Duration::from_secs(20), "{args:?}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn state_and_reminders_linked_to_a_pipe_are_refused_without_waiting() {
    let user = User::new();
    let fifo = fifo(&user);
    let victim = fs::canonicalize(clone_with_links(
        &user,
        &[
            ("state.json", &fifo),
            ("REMINDERS.md", Path::new("/dev/stdin")),
        ],
    ))
    .unwrap();
    let out = mind_capped(&user, &victim, &["search", "anything"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!(
            "{}: is a link to {} (a named pipe), not a file",
            victim.join(".mind/state.json").display(),
            fs::canonicalize(&fifo).unwrap().display()
        )),
        "{}",
        stderr(&out)
    );
    fs::remove_file(victim.join(".mind/state.json")).unwrap();
    let out = mind_capped(&user, &victim, &["reminders"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!(
            "{}: is a link to /dev/stdin (",
            victim.join(".mind/REMINDERS.md").display()
        )),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_memory_file_over_64_mib_is_refused_before_it_is_read() {
    let user = User::new();
    let project = fs::canonicalize(user.project("app", &["init"])).unwrap();
    let memory = project.join(".mind/MEMORY.md");
    // Sparse: the size is there without the bytes.
    fs::File::options()
        .write(true)
        .open(&memory)
        .unwrap()
        .set_len(64 * 1024 * 1024 + 1)
        .unwrap();
    let out = mind_capped(&user, &project, &["recall"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "mind: error: {}: is 67108865 bytes, more than the 64 MiB mind reads of one file; \
             not read (move it away)\n",
            memory.display()
        )
    );
}

/// A clone whose committed `.mind/state.json` holds a setup record naming files outside the
/// project, in every field that names a file.
fn clone_with_setup_record(user: &User, outside: &Path) -> PathBuf {
    let evil = user.project("evil", &["init"]);
    let record = serde_json::json!({
        "setup": {
            "claude": {
                "excluded": {
                    "file": outside.join("authorized_keys"),
                    "text": "ssh-ed25519 AAAA victim@laptop\n"
                },
                "file_created": outside.join("CLAUDE.md"),
                "block_added": {"file": "../outside/AGENTS.md"},
                "mcp_file": "../outside/mcp.json",
                "mcp_original": "{}",
                "mcp_user": {"file": outside.join("claude.json"), "servers_added": true},
                "changed_file": "../outside/settings.json",
                "original": "{}"
            }
        }
    });
    fs::write(
        evil.join(".mind/state.json"),
        serde_json::to_string_pretty(&record).unwrap(),
    )
    .unwrap();
    user.git(&evil, &["add", "-A"]);
    user.git(&evil, &["add", "-f", ".mind/state.json"]);
    user.git(&evil, &["commit", "-q", "-m", "init"]);
    let home = user.home().to_path_buf();
    user.git(&home, &["clone", "-q", "evil", "victim"]);
    home.join("victim")
}

#[test]
fn a_cloned_setup_record_never_leads_remove_to_a_file_outside_the_project() {
    let user = User::new();
    let outside = fs::canonicalize(user.folder("outside")).unwrap();
    let block = "<!-- MIND:CONTEXT - Auto-generated by mind from .mind/; edits here are \
                 replaced. -->\nanother project's block\n<!-- MIND:END -->\n";
    let files = [
        (
            "authorized_keys",
            "line one\nssh-ed25519 AAAA victim@laptop\nline three\n".to_string(),
        ),
        ("CLAUDE.md", block.to_string()),
        ("AGENTS.md", format!("# rules\n\n{block}")),
        (
            "mcp.json",
            "{\"mcpServers\": {\"mind\": {\"command\": \"mind\", \"args\": [\"mcp\"]}}}\n"
                .to_string(),
        ),
        (
            "claude.json",
            "{\"projects\": {}, \"mcpServers\": {\"mind\": {\"command\": \"mind\", \"args\": [\"mcp\"]}}}\n"
                .to_string(),
        ),
        ("settings.json", "{\"hooks\": {}}\n".to_string()),
    ];
    for (name, text) in &files {
        fs::write(outside.join(name), text).unwrap();
    }
    let victim = clone_with_setup_record(&user, &outside);

    // The setup says what it leaves alone, and keeps none of it in its record.
    let out = user.ok(&victim, &["setup", "claude"]);
    let notes: Vec<&str> = out.lines().filter(|l| l.starts_with("note:")).collect();
    let named = |path: &str, what: &str| {
        format!(
            "note: .mind/state.json: the setup record names {path:?}, which is not {what}; left alone"
        )
    };
    let project_file = "a file of this project setup writes";
    let outside_path = |name: &str| outside.join(name).display().to_string();
    assert_eq!(
        notes,
        [
            named(&outside_path("CLAUDE.md"), project_file),
            named("../outside/AGENTS.md", project_file),
            named("../outside/mcp.json", project_file),
            named("../outside/settings.json", project_file),
            named(&outside_path("claude.json"), "Claude Code's ~/.claude.json"),
            named(
                &outside_path("authorized_keys"),
                "this repository's .git/info/exclude"
            ),
        ],
        "{out}"
    );
    let state = fs::read_to_string(victim.join(".mind/state.json")).unwrap();
    assert!(!state.contains("outside"), "{state}");

    // A personal setup's exclude line is this repository's own: taken out again.
    user.ok(&victim, &["setup", "claude", "--local"]);
    let exclude = victim.join(".git/info/exclude");
    assert!(
        fs::read_to_string(&exclude)
            .unwrap()
            .contains("/.claude/settings.local.json")
    );
    user.ok(&victim, &["setup", "claude", "--local", "--remove"]);
    assert!(
        !fs::read_to_string(&exclude)
            .unwrap()
            .contains("/.claude/settings.local.json")
    );

    let out = user.ok(&victim, &["setup", "claude", "--remove"]);
    assert!(!out.contains("outside"), "{out}");
    for (name, text) in &files {
        assert_eq!(
            fs::read_to_string(outside.join(name)).unwrap(),
            *text,
            "{name} outside the project changed"
        );
    }
}

#[test]
fn a_record_planted_for_remove_alone_is_refused_too() {
    // The record read by a removal with no setup run before it.
    let user = User::new();
    let outside = fs::canonicalize(user.folder("outside")).unwrap();
    let keys = "line one\nssh-ed25519 AAAA victim@laptop\nline three\n";
    fs::write(outside.join("authorized_keys"), keys).unwrap();
    fs::write(
        outside.join("CLAUDE.md"),
        "<!-- MIND:CONTEXT -->\nx\n<!-- MIND:END -->\n",
    )
    .unwrap();
    let victim = clone_with_setup_record(&user, &outside);
    let out = user.ok(&victim, &["setup", "claude", "--remove"]);
    assert!(
        out.contains(&format!(
            "note: .mind/state.json: the setup record names {:?}, which is not this repository's \
             .git/info/exclude; left alone",
            outside.join("authorized_keys").display().to_string()
        )),
        "{out}"
    );
    assert!(!out.contains("delete"), "{out}");
    assert_eq!(
        fs::read_to_string(outside.join("authorized_keys")).unwrap(),
        keys
    );
    assert!(outside.join("CLAUDE.md").exists());
}

#[test]
fn a_manifest_or_a_hook_linked_to_a_device_or_a_pipe_is_not_read() {
    let user = User::new();
    let fifo = fifo(&user);
    // A repository that is not a mind project yet, whose package.json and requirements.txt
    // lead to a device and a pipe.
    let evil = user.folder("evil");
    user.git(&evil, &["init", "-q"]);
    std::os::unix::fs::symlink("/dev/zero", evil.join("package.json")).unwrap();
    std::os::unix::fs::symlink(&fifo, evil.join("requirements.txt")).unwrap();
    fs::write(evil.join("Cargo.toml"), "[package]\nname = \"app\"\n").unwrap();
    user.git(&evil, &["add", "-A"]);
    user.git(&evil, &["commit", "-q", "-m", "init"]);
    let home = user.home().to_path_buf();
    user.git(&home, &["clone", "-q", "evil", "victim"]);
    let victim = home.join("victim");
    // The user's own hooks folder, whose post-commit leads to a pipe.
    fs::create_dir(victim.join("hooks")).unwrap();
    std::os::unix::fs::symlink(&fifo, victim.join("hooks/post-commit")).unwrap();
    user.git(&victim, &["config", "core.hooksPath", "hooks"]);

    for args in [&["init", "--hooks"][..], &["edges", "deploy to prod"]] {
        let started = Instant::now();
        let out = mind_capped(&user, &victim, args);
        assert!(started.elapsed() < Duration::from_secs(20), "{args:?}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    }
    // The stack came from the one manifest that is a file.
    let memory = fs::read_to_string(victim.join(".mind/MEMORY.md")).unwrap();
    assert!(memory.contains("- Stack: rust\n"), "{memory}");
    // The hook that leads to a pipe was set aside, not read and not written through.
    assert_eq!(
        fs::read_link(victim.join("hooks/post-commit.pre-mind")).unwrap(),
        fifo
    );
}

#[test]
fn a_context_target_linked_to_a_pipe_is_refused_without_waiting() {
    let user = User::new();
    let fifo = fifo(&user);
    let fifo = fs::canonicalize(fifo).unwrap();
    let evil = user.project("evil", &["init"]);
    fs::write(
        evil.join(".mind/config.json"),
        "{\"context_targets\": [\"CLAUDE.md\", \"AGENTS.md\"]}\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(&fifo, evil.join("AGENTS.md")).unwrap();
    user.git(&evil, &["add", "-A"]);
    user.git(&evil, &["commit", "-q", "-m", "init"]);
    let home = user.home().to_path_buf();
    user.git(&home, &["clone", "-q", "evil", "victim"]);
    let victim = fs::canonicalize(home.join("victim")).unwrap();
    for args in [&["status"][..], &["doctor"], &["setup", "codex"]] {
        let started = Instant::now();
        let out = mind_capped(&user, &victim, args);
        assert!(started.elapsed() < Duration::from_secs(20), "{args:?}");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!(
                "AGENTS.md: is a link to {} (a named pipe), not a file; replace it with a file",
                fifo.display()
            )),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// A named pipe where MEMORY.md should be: `mind search` says what it is, as every other
/// command does, instead of waiting for ever on the pipe.
#[test]
fn search_refuses_a_pipe_in_place_of_the_memory_file() {
    let user = User::new();
    let dir = user.project("app", &["init"]);
    user.ok(&dir, &["log", "decision", "use JWT because stateless"]);
    let memory = dir.join(".mind/MEMORY.md");
    fs::remove_file(&memory).unwrap();
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&memory)
            .status()
            .unwrap()
            .success()
    );
    let out = mind_capped(&user, &dir, &["search", "JWT"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        format!(
            "mind: error: {}: is a named pipe, not a file; move it away and run `mind doctor`\n",
            memory.display()
        )
    );
    assert_eq!(stdout(&out), "");
}

/// A named memory whose header is a YAML alias bomb (nine levels of nine aliases, a billion
/// nodes when expanded): reported as a broken header in plain words, the rest still read.
#[test]
fn a_named_memory_with_an_alias_bomb_header_is_reported_in_plain_words() {
    let user = User::new();
    let evil = user.project("evil", &["init"]);
    let mut header = vec![
        "---".to_string(),
        "a0: &a0 [x, x, x, x, x, x, x, x, x]".to_string(),
    ];
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        header.push(format!("a{i}: &a{i} [{refs}]"));
    }
    header.extend([
        "category: note".into(),
        "---".into(),
        "# Bomb".into(),
        "harmless body".into(),
    ]);
    fs::create_dir_all(evil.join(".mind/memories")).unwrap();
    fs::write(
        evil.join(".mind/memories/bomb.md"),
        header.join("\n") + "\n",
    )
    .unwrap();
    user.git(&evil, &["add", "-A"]);
    user.git(&evil, &["commit", "-q", "-m", "init"]);
    let home = user.home().to_path_buf();
    user.git(&home, &["clone", "-q", "evil", "victim"]);
    let victim = home.join("victim");

    let list = user.ok(&victim, &["memory", "list"]);
    assert_eq!(
        list,
        "bomb  broken: invalid front matter: the header is too large, too deeply nested or \
         repeats itself through too many YAML aliases; a named memory's header is a few \
         `key: value` lines\n"
    );
    let found = user.ok(&victim, &["search", "harmless"]);
    assert!(found.contains("harmless body"), "{found}");
}
