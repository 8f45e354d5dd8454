//! What mind tells a user to run runs, and what it says on stderr never changes how it ends:
//! a suggested `mind helper` command with text starting with `-`; `mind team push` with no
//! database says only that; a reader of stderr that went away keeps every exit code; the
//! help lists what README lists (environment variables, the hooks' names and flags).

use crate::common;

use std::path::Path;
use std::process::{Output, Stdio};

use clap::CommandFactory;
use common::User;
use serde_json::{Value, json};

/// `mind ARGS` in `cwd` with stderr a pipe nobody reads: its read end is closed before
/// `mind` starts, so every write to stderr fails with EPIPE. Stdout is captured.
fn with_closed_stderr(user: &User, cwd: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let mut cmd = user.command(env!("CARGO_BIN_EXE_mind"), cwd);
    cmd.args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::from(writer))
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    let mut child = cmd.spawn().expect("start mind");
    if let Some(text) = stdin {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    child.wait_with_output().expect("wait for mind")
}

/// The suggested command, run by a shell the way an agent runs it.
fn run_in_shell(user: &User, cwd: &Path, line: &str) -> Output {
    user.command("sh", cwd)
        .arg("-c")
        .arg(line)
        .output()
        .expect("run sh")
}

// ---------------------------------------------------------------------------------------
// Suggested `mind helper` commands

#[test]
fn a_blockers_suggested_helper_command_runs_when_the_text_starts_with_a_dash() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    let out = user.ok(&app, &["blocker", "--", "-x flag breaks the build"]);
    let last = out.lines().last().unwrap();
    assert_eq!(
        last,
        "  - ask the user for direction, or brief a fresh agent: mind helper -- '-x flag breaks the build'"
    );
    let line = last.split_once("agent: ").unwrap().1;
    let ran = run_in_shell(&user, &app, line);
    assert_eq!(ran.status.code(), Some(0), "{ran:?}");
    let brief = String::from_utf8(ran.stdout).unwrap();
    assert!(brief.contains("-x flag breaks the build"), "{brief}");

    // Text without a leading dash is suggested as before, quotes and all.
    let out = user.ok(&app, &["blocker", "it's $HOME -x"]);
    assert_eq!(
        out.lines().last().unwrap(),
        r"  - ask the user for direction, or brief a fresh agent: mind helper 'it'\''s $HOME -x'"
    );
}

#[test]
fn the_loop_warning_of_log_rejected_suggests_a_helper_command_that_runs() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    for text in [
        "-j 16 for the build, out of memory",
        "switch the session store to redis",
        "-j 12 for the build, out of memory",
    ] {
        user.ok(&app, &["log", "rejected", "--", text]);
    }
    let third = user.ok(
        &app,
        &[
            "log",
            "rejected",
            "--json",
            "--",
            "-j 8 for the build, out of memory",
        ],
    );
    let reply: Value = serde_json::from_str(&third).unwrap();
    let helper = reply["loop_warning"]["helper"].as_str().unwrap();
    assert_eq!(helper, "mind helper -- '-j 8 for the build, out of memory'");
    let ran = run_in_shell(&user, &app, helper);
    assert_eq!(ran.status.code(), Some(0), "{ran:?}");

    // The text the human reads says the same.
    let fourth = user.ok(
        &app,
        &["log", "rejected", "--", "-j 4 for the build, out of memory"],
    );
    assert!(
        fourth.contains(
            "hand it to a fresh agent: mind helper -- '-j 4 for the build, out of memory'\n"
        ),
        "{fourth}"
    );
}

#[test]
fn the_post_tool_loop_warning_suggests_a_helper_command_that_runs() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    let failed = json!({
        "session_id": "abc123",
        "cwd": app,
        "hook_event_name": "PostToolUseFailure",
        "tool_name": "Bash",
        "tool_input": {"command": "-x ./build.sh"},
        "error": "Exit code 127\nsh: 1: -x: not found",
    })
    .to_string();
    let mut replies = Vec::new();
    for _ in 0..3 {
        let out = user
            .mind(&app, &["hook", "post-tool", "--agent", "claude"])
            .write_stdin(failed.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        replies.push(String::from_utf8(out.stdout).unwrap());
    }
    let third: Value = serde_json::from_str(&replies[2]).unwrap();
    let context = third["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap();
    let helper = context
        .split_once("hand it to a fresh agent: ")
        .unwrap()
        .1
        .trim_end();
    assert_eq!(
        helper,
        "mind helper -- '-x ./build.sh: sh: 1: -x: not found'"
    );
    let ran = run_in_shell(&user, &app, helper);
    assert_eq!(ran.status.code(), Some(0), "{ran:?}");
}

// ---------------------------------------------------------------------------------------
// `mind team push` with no database

#[test]
fn team_push_without_a_database_says_only_that() {
    let user = User::new();
    // No origin remote: the project would be pushed under its folder name.
    let app = user.project("app", &["init", "-q"]);
    for args in [&["team", "push"][..], &["team", "push", "--all-projects"]] {
        let out = user.mind(&app, args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "mind: error: no team database is configured\nhint: set MIND_DATABASE_URL or {{\"team\": {{\"database_url\": \"postgresql://...\"}}}} in {}\n",
                user.home().join(".local/share/mind/config.json").display()
            )
        );
    }
}

#[test]
fn team_push_to_a_database_it_cannot_reach_never_says_pushed() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    user.ok(&app, &["log", "decision", "use JWT for the API"]);
    let nowhere = user.home().join("no-such-socket-folder");
    let out = user
        .mind(&app, &["team", "push"])
        .env(
            "MIND_DATABASE_URL",
            format!("host={} dbname=mind user=mind_writer", nowhere.display()),
        )
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("mind: error: "), "{stderr}");
    assert!(!stderr.contains("pushed"), "{stderr}");
}

// ---------------------------------------------------------------------------------------
// A closed stderr

#[test]
fn a_closed_stderr_keeps_the_exit_code_of_a_usage_error() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    let reminders = std::fs::read(app.join(".mind/REMINDERS.md")).ok();
    for args in [
        &["remind", "y", "tomorrow at 8"][..],
        &["remind", "y", "tomorrow at 8", "--json"],
        &["log", "decison", "use JWT"],
        &["serch", "x"],
    ] {
        let out = with_closed_stderr(&user, &app, args, None);
        assert_eq!(out.status.code(), Some(2), "mind {args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "mind {args:?}");
    }
    assert_eq!(
        std::fs::read(app.join(".mind/REMINDERS.md")).ok(),
        reminders
    );
}

#[test]
fn a_closed_stderr_keeps_the_exit_code_of_a_runtime_error() {
    let user = User::new();
    let elsewhere = user.folder("elsewhere");
    for args in [&["search", "x"][..], &["search", "x", "--json"]] {
        let out = with_closed_stderr(&user, &elsewhere, args, None);
        assert_eq!(out.status.code(), Some(1), "mind {args:?}");
    }
}

#[test]
fn a_closed_stderr_loses_a_warning_or_a_note_and_nothing_else() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    user.ok(&app, &["log", "decision", "use JWT for the API"]);

    // A note (no results) and a warning (a config value clamped): the command's own output
    // and exit code are as with stderr open.
    let out = with_closed_stderr(&user, &app, &["search", "kubernetes"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    std::fs::write(
        app.join(".mind/config.json"),
        "{\"session_gap_minutes\": 600000}\n",
    )
    .unwrap();
    let open = user.mind(&app, &["search", "JWT"]).output().unwrap();
    assert!(
        String::from_utf8_lossy(&open.stderr).contains("mind: warning: "),
        "{open:?}"
    );
    let out = with_closed_stderr(&user, &app, &["search", "JWT"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, open.stdout);

    // A git hook's one line: the memory is kept, the hook exits 0.
    std::fs::remove_file(app.join(".mind/config.json")).unwrap();
    user.commit_file(&app, "a.txt", "a\n", "decided: ship on Fridays only");
    let out = with_closed_stderr(&user, &app, &["hook", "post-commit"], None);
    assert_eq!(out.status.code(), Some(0));
    let store = std::fs::read_to_string(app.join(".mind/cache/commits.md")).unwrap();
    assert!(
        store.contains("decided: ship on Fridays only (commit "),
        "{store}"
    );

    // An agent's checkpoint hook that cannot do its work says so on stderr: still 0.
    std::fs::remove_file(app.join(".mind/MEMORY.md")).unwrap();
    std::fs::create_dir(app.join(".mind/MEMORY.md")).unwrap();
    let hook = ["checkpoint", "--hook", "claude"];
    let open = user.mind(&app, &hook).write_stdin("{}").output().unwrap();
    assert!(
        String::from_utf8_lossy(&open.stderr).starts_with("mind: checkpoint hook skipped: "),
        "{open:?}"
    );
    let out = with_closed_stderr(&user, &app, &hook, Some("{}"));
    assert_eq!(out.status.code(), Some(0));
}

// ---------------------------------------------------------------------------------------
// Help and README

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

#[test]
fn mind_help_names_every_variable_of_the_readmes_environment_table() {
    let user = User::new();
    let help = user.ok(user.home(), &["--help"]);
    let environment = help.split_once("\nEnvironment:\n").unwrap().1;
    let readme = readme();
    let table = readme
        .split_once("\n## Environment\n")
        .unwrap()
        .1
        .split("\n## ")
        .next()
        .unwrap();
    let variables: Vec<&str> = table
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`'))
        .map(|(name, _)| name)
        .collect();
    for wanted in [
        "MIND_HOOKS",
        "MIND_FSYNC",
        "MIND_DATABASE_URL",
        "MIND_TEAM_TIMEOUT_MS",
        "XDG_DATA_HOME",
    ] {
        assert!(variables.contains(&wanted), "{variables:?}");
    }
    let missing: Vec<&&str> = variables
        .iter()
        .filter(|v| !environment.contains(**v))
        .collect();
    assert!(missing.is_empty(), "not in `mind --help`: {missing:?}");
}

#[test]
fn readme_documents_the_options_the_help_lists() {
    let readme = readme();
    let mut cli = mind::cli::Cli::command();
    cli.build();
    let global: Vec<&str> = cli.get_arguments().filter_map(|a| a.get_long()).collect();
    let mut missing = Vec::new();
    let mut commands: Vec<(String, &clap::Command)> = cli
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
        .map(|s| (s.get_name().to_string(), s))
        .collect();
    while let Some((path, command)) = commands.pop() {
        for arg in command.get_arguments() {
            let Some(long) = arg.get_long() else {
                continue;
            };
            if arg.is_hide_set() || long == "help" || global.contains(&long) {
                continue;
            }
            if !readme.contains(&format!("--{long}")) {
                missing.push(format!("mind {path} --{long}"));
            }
        }
        commands.extend(
            command
                .get_subcommands()
                .filter(|s| !s.is_hide_set())
                .map(|s| (format!("{path} {}", s.get_name()), s)),
        );
    }
    assert!(missing.is_empty(), "not in README: {missing:?}");
    for documented in [
        "`mind hooks install --force`",
        "`mind hooks uninstall --force`",
        "`-n`/`--limit N`",
        "`--description D`",
    ] {
        assert!(readme.contains(documented), "{documented}");
    }
}

#[test]
fn mind_hook_help_names_every_hook_and_every_hook_prints_it() {
    let user = User::new();
    let app = user.project("app", &["init", "-q"]);
    let help = user.ok(&app, &["hook", "--help"]);
    let name = help
        .lines()
        .find(|l| l.trim_start().starts_with("<NAME>"))
        .unwrap();
    let described: String = help
        .split_once(name)
        .unwrap()
        .1
        .lines()
        .take_while(|l| l.starts_with("    "))
        .collect();
    let described = format!("{name} {described}");
    for hook in [
        "post-commit",
        "prepare-commit-msg",
        "post-merge",
        "pre-tool",
        "post-tool",
    ] {
        assert!(described.contains(hook), "{hook}: {described}");
    }
    assert!(help.contains("\nExamples:\n"), "{help}");
    for args in [
        &["hook", "pre-tool", "--help"][..],
        &["hook", "pre-tool", "--agent", "claude", "--help"],
        &["hook", "pre-tool", "--agent", "codex", "-h"],
        &["hook", "post-tool", "--agent", "claude", "--help"],
        &["hook", "post-commit", "--help"],
        &["hook", "post-merge", "0", "--help"],
    ] {
        let out = user.mind(&app, args).write_stdin("{}").output().unwrap();
        assert_eq!(out.status.code(), Some(0), "mind {args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), help, "mind {args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "mind {args:?}");
    }
    // Asking for help records nothing.
    let session = std::fs::read_to_string(app.join(".mind/SESSION.md")).unwrap();
    assert!(!session.contains("command failed"), "{session}");
}
