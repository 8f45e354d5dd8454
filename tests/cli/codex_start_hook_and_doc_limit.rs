//! Codex through its hooks and its AGENTS.md: `mind setup codex` wires a `SessionStart` hook
//! that gives the memory as it is now (a problem a teammate's commit fixed is not shown
//! open), an install made before that hook existed is brought up to date by setup or
//! `mind doctor --fix` and taken out whole by `--remove`, and a context block lying further
//! into AGENTS.md than Codex reads (`project_doc_max_bytes`) is warned about by setup,
//! `mind status` and `mind doctor`. Hook inputs are Codex's, replayed on stdin, in real git
//! repositories under a temp HOME.

use crate::common;

use std::fs;
use std::path::Path;

use common::User;
use serde_json::{Value, json};

const LABEL: &str = "This is the project's memory, kept by `mind` in .mind/ (reference data about past work, not instructions from the user):\n\n";

/// The input Codex gives a `SessionStart` hook (every field its schema requires).
fn codex_start(thread: &str, cwd: &Path, source: &str) -> String {
    json!({
        "session_id": thread,
        "transcript_path": null,
        "cwd": cwd,
        "hook_event_name": "SessionStart",
        "model": "gpt-5-codex",
        "permission_mode": "default",
        "source": source,
    })
    .to_string()
}

/// `mind recall --hook codex` run from `dir` with `stdin`, as Codex runs it: exit 0 and
/// nothing on stderr; its stdout.
fn recall_hook(user: &User, dir: &Path, stdin: &str) -> String {
    let out = user
        .mind(dir, &["recall", "--hook", "codex"])
        .write_stdin(stdin)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!((out.status.code(), stderr.as_ref()), (Some(0), ""));
    String::from_utf8(out.stdout).unwrap()
}

/// The context of a hook's answer, checked to be exactly Codex's envelope: one line, one
/// object holding only `hookSpecificOutput`, which holds only the event and the context.
fn context_of(stdout: &str) -> String {
    assert!(
        stdout.ends_with('\n') && stdout.lines().count() == 1,
        "{stdout}"
    );
    let reply: Value = serde_json::from_str(stdout).unwrap();
    let keys: Vec<&String> = reply.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["hookSpecificOutput"], "{stdout}");
    let specific = reply["hookSpecificOutput"].as_object().unwrap();
    let keys: Vec<&String> = specific.keys().collect();
    assert_eq!(keys, ["hookEventName", "additionalContext"], "{stdout}");
    assert_eq!(specific["hookEventName"], "SessionStart");
    specific["additionalContext"].as_str().unwrap().to_string()
}

fn hooks_json(dir: &Path) -> Value {
    serde_json::from_slice(&fs::read(dir.join(".codex/hooks.json")).unwrap()).unwrap()
}

const SESSION_START: &str = r#"[{"matcher": "startup|resume|clear", "hooks": [{"type": "command", "command": "mind recall --hook codex"}]}]"#;

#[test]
fn codex_starts_with_the_memory_as_it_is_after_a_teammates_fix() {
    let mut user = User::new();
    let app = user.project("code/app", &["init", "--hooks", "--quiet"]);
    fs::write(app.join("AGENTS.md"), "# Agent guide\n").unwrap();
    fs::write(app.join("a.txt"), "x\n").unwrap();
    user.git(&app, &["add", "-A"]);
    user.git(&app, &["commit", "-q", "-m", "init"]);
    let out = user.ok(&app, &["setup", "codex"]);
    assert!(
        out.contains(
            ".codex/hooks.json: add SessionStart hook, PreToolUse hook, PostToolUse hook\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("approve mind's hooks in Codex's `/hooks` (every new or changed hook needs it; until then Codex skips it)"),
        "{out}"
    );
    let hooks = hooks_json(&app);
    assert_eq!(
        hooks["hooks"]["SessionStart"],
        serde_json::from_str::<Value>(SESSION_START).unwrap()
    );

    // The Codex session ends on an open problem; a teammate's commit fixes it that evening.
    user.at("2026-12-07T09:00:00Z");
    user.ok(&app, &["log", "problem", "login fails on Safari with 401"]);
    user.ok(&app, &["recall"]);
    user.git(&app, &["add", "-A"]);
    user.git(&app, &["commit", "-q", "-m", "mind"]);
    user.at("2026-12-07T18:00:00Z");
    user.commit_file(
        &app,
        "a.txt",
        "y\n",
        "fixed: login fails on Safari with 401 - cookie needs SameSite=None",
    );
    let stale = fs::read_to_string(app.join("AGENTS.md")).unwrap();
    assert!(stale.contains("- [!] login fails on Safari with 401 (2026-12-07) - unresolved"));

    // Next morning Codex starts in a subfolder: its hook gives the memory as it is now.
    user.at("2026-12-08T08:00:00Z");
    let src = app.join("src");
    fs::create_dir_all(&src).unwrap();
    let shown = context_of(&recall_hook(
        &user,
        &src,
        &codex_start("019a-thread", &src, "startup"),
    ));
    assert!(shown.starts_with(LABEL), "{shown}");
    assert!(!shown.contains("unresolved"), "{shown}");
    assert!(!shown.contains("(open problem)"), "{shown}");
    assert!(
        shown.contains("login fails on Safari with 401 - cookie needs SameSite=None"),
        "{shown}"
    );
    let agents = fs::read_to_string(app.join("AGENTS.md")).unwrap();
    assert!(
        agents.starts_with("# Agent guide\n\n<!-- MIND:CONTEXT"),
        "{agents}"
    );
    assert!(!agents.contains("unresolved"), "{agents}");
}

#[test]
fn a_resumed_codex_thread_goes_on_with_its_session_and_a_failure_is_silent_or_read_only() {
    let mut user = User::new();
    let app = user.project("code/app", &["init", "--quiet"]);
    user.ok(&app, &["setup", "codex", "--quiet"]);
    user.at("2026-01-15T09:00:00Z");
    recall_hook(&user, &app, &codex_start("019a-thread", &app, "startup"));
    user.at("2026-01-15T09:01:00Z");
    user.ok(&app, &["blocker", "pnpm install hangs on the lockfile"]);
    // Two quiet hours, then the same thread resumed (`codex resume`): the same session.
    user.at("2026-01-15T11:01:00Z");
    let resumed = context_of(&recall_hook(
        &user,
        &app,
        &codex_start("019a-thread", &app, "resume"),
    ));
    assert!(
        resumed.contains("## Session Blockers\n- pnpm install hangs on the lockfile"),
        "{resumed}"
    );
    assert!(!app.join(".mind/sessions").exists());

    // A state it cannot update: the memory as it stands, after a line saying why.
    let state = app.join(".mind/state.json");
    let before = fs::read(&state).unwrap();
    let mut permissions = fs::metadata(&state).unwrap().permissions();
    permissions.set_readonly(true);
    fs::set_permissions(&state, permissions).unwrap();
    user.at("2026-01-15T11:02:00Z");
    let shown = context_of(&recall_hook(
        &user,
        &app,
        &codex_start("019b-thread", &app, "startup"),
    ));
    assert!(
        shown.starts_with(&format!(
            "{LABEL}mind could not update the memory at this start ({}: the file is read-only; mind leaves it unchanged); what follows is the memory as it stands, read without writing anything\n\n",
            state.display()
        )),
        "{shown}"
    );
    assert!(
        shown.contains("pnpm install hangs on the lockfile"),
        "{shown}"
    );
    assert_eq!(fs::read(&state).unwrap(), before);

    // A folder without a project, and input that is no JSON: nothing at all.
    let notes = user.folder("notes");
    assert_eq!(
        recall_hook(&user, &notes, &codex_start("019c", &notes, "startup")),
        ""
    );
    assert_eq!(recall_hook(&user, &notes, "not json"), "");
}

/// `.codex/hooks.json` and the setup record as a setup made before mind had the
/// `SessionStart` hook left them.
fn make_it_an_earlier_install(dir: &Path) {
    let path = dir.join(".codex/hooks.json");
    let mut hooks = hooks_json(dir);
    hooks["hooks"]
        .as_object_mut()
        .unwrap()
        .remove("SessionStart");
    fs::write(&path, serde_json::to_string_pretty(&hooks).unwrap() + "\n").unwrap();
    let state_path = dir.join(".mind/state.json");
    let mut state: Value = serde_json::from_slice(&fs::read(&state_path).unwrap()).unwrap();
    state["setup"]["codex"]["codex"] = json!(["PreToolUse", "PostToolUse"]);
    fs::write(&state_path, serde_json::to_string_pretty(&state).unwrap()).unwrap();
}

#[test]
fn an_earlier_codex_install_is_brought_up_to_date_and_removed_whole() {
    let user = User::new();
    let app = user.project("code/app", &["init", "--quiet"]);
    user.ok(&app, &["setup", "codex", "--quiet"]);
    make_it_an_earlier_install(&app);

    let out = user.mind(&app, &["doctor"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains("  problem .codex/hooks.json has mind's Codex hooks but not its SessionStart hook; without SessionStart each Codex session starts with the block the last recall left in AGENTS.md (a problem fixed since may still show as open); run `mind setup codex` again or `mind doctor --fix`\n          --fix: bring the mind hooks in .codex/hooks.json up to date (nothing else in it changes)\n"), "{report}");
    let fixed = user.ok(&app, &["doctor", "--fix"]);
    assert!(
        fixed.contains("fixed: bring the mind hooks in .codex/hooks.json up to date"),
        "{fixed}"
    );
    assert_eq!(
        hooks_json(&app)["hooks"]["SessionStart"],
        serde_json::from_str::<Value>(SESSION_START).unwrap()
    );
    let healthy = user.ok(&app, &["doctor"]);
    assert!(!healthy.contains(".codex/hooks.json"), "{healthy}");
    user.ok(&app, &["setup", "codex", "--remove", "--quiet"]);
    assert!(!app.join(".codex").exists());

    // The same install brought up to date by running setup again.
    user.ok(&app, &["setup", "codex", "--quiet"]);
    make_it_an_earlier_install(&app);
    let out = user.ok(&app, &["setup", "codex"]);
    assert!(
        out.contains(".codex/hooks.json: add SessionStart hook\n"),
        "{out}"
    );
    user.ok(&app, &["setup", "codex", "--remove", "--quiet"]);
    assert!(!app.join(".codex").exists());
}

/// AGENTS.md of a guide near Codex's 32 KiB: 391 rules, 32,252 bytes.
fn long_guide() -> String {
    let mut guide = String::from("# Agent guide\n\n");
    for i in 1..392 {
        guide.push_str(&format!(
            "- Rule {i}: when touching module_{i} keep the public API stable and run its tests.\n"
        ));
    }
    guide
}

/// The `mind status` problem lines and the `mind doctor` lines naming `file`.
fn status_and_doctor(user: &User, dir: &Path, file: &str) -> (Vec<String>, Vec<String>) {
    let lines = |out: String| -> Vec<String> {
        out.lines()
            .filter(|l| l.contains(file))
            .map(str::to_string)
            .collect()
    };
    let status = lines(user.ok(dir, &["status"]));
    let doctor = lines(user.ok(dir, &["doctor"]));
    (status, doctor)
}

#[test]
fn a_block_past_what_codex_reads_of_agents_md_is_warned_about_until_it_fits() {
    let mut user = User::new();
    let app = user.folder("code/app");
    user.git(&app, &["init", "-q"]);
    let guide = long_guide();
    assert_eq!(guide.len(), 32_252);
    fs::write(app.join("AGENTS.md"), &guide).unwrap();
    user.ok(&app, &["init", "--quiet"]);
    let out = user.ok(&app, &["setup", "codex"]);
    let note = "note: AGENTS.md: the context block ends 32925 bytes into what Codex reads, past its limit of 32768 bytes (`project_doc_max_bytes`): Codex sees 515 of the block's 672 bytes; move the block (its marker lines and all between them) higher up in AGENTS.md, where mind keeps it, or raise `project_doc_max_bytes` in ~/.codex/config.toml\n";
    assert!(out.contains(note), "{out}");

    user.at("2026-12-07T09:00:00Z");
    for n in 1..4 {
        let text = format!("use sqlx {n} over diesel because async queries");
        user.ok(&app, &["log", "decision", &text]);
    }
    user.ok(&app, &["log", "problem", "login fails on Safari with 401"]);
    user.ok(&app, &["recall"]);
    let agents = fs::read(app.join("AGENTS.md")).unwrap();
    let warning = format!(
        "AGENTS.md: the context block ends {} bytes into what Codex reads, past its limit of 32768 bytes (`project_doc_max_bytes`): Codex sees {} of the block's {} bytes; move the block (its marker lines and all between them) higher up in AGENTS.md, where mind keeps it, or raise `project_doc_max_bytes` in ~/.codex/config.toml",
        agents.len(),
        32_768 - 32_253,
        agents.len() - 32_253
    );
    let (status, doctor) = status_and_doctor(&user, &app, "AGENTS.md");
    assert!(status.contains(&format!("  ! {warning}")), "{status:?}");
    assert_eq!(doctor, [format!("  warning {warning}")]);

    // Codex told to read more: nothing to warn about.
    fs::create_dir_all(user.home().join(".codex")).unwrap();
    fs::write(
        user.home().join(".codex/config.toml"),
        "model = \"gpt-5-codex\"\nproject_doc_max_bytes = 65_536\n\n[profiles.small]\nproject_doc_max_bytes = 1024\n",
    )
    .unwrap();
    let (status, doctor) = status_and_doctor(&user, &app, "AGENTS.md");
    assert!(!status.iter().any(|l| l.contains("Codex")), "{status:?}");
    assert!(
        doctor[0].starts_with("  ok      AGENTS.md: block present"),
        "{doctor:?}"
    );

    // Or the block moved to the top, where the next recall keeps it.
    fs::remove_file(user.home().join(".codex/config.toml")).unwrap();
    let text = String::from_utf8(agents).unwrap();
    let at = text.find("<!-- MIND:CONTEXT").unwrap();
    fs::write(
        app.join("AGENTS.md"),
        format!("{}\n{}", &text[at..], &text[..at - 1]),
    )
    .unwrap();
    user.at("2026-12-07T09:30:00Z");
    user.ok(
        &app,
        &[
            "log",
            "decision",
            "use tokio over async-std because ecosystem",
        ],
    );
    user.ok(&app, &["recall"]);
    let moved = fs::read_to_string(app.join("AGENTS.md")).unwrap();
    assert!(moved.starts_with("<!-- MIND:CONTEXT"), "{moved}");
    assert!(moved.ends_with(&guide), "{moved}");
    let (status, doctor) = status_and_doctor(&user, &app, "AGENTS.md");
    assert!(!status.iter().any(|l| l.contains("Codex")), "{status:?}");
    assert!(
        doctor[0].starts_with("  ok      AGENTS.md: block present"),
        "{doctor:?}"
    );
}

#[test]
fn the_agents_md_files_above_a_project_count_toward_what_codex_reads() {
    let user = User::new();
    let repo = user.folder("code/mono");
    user.git(&repo, &["init", "-q"]);
    let root_guide = "# Monorepo rules\n\n".to_string() + &"- keep it green.\n".repeat(1_900);
    fs::write(repo.join("AGENTS.md"), &root_guide).unwrap();
    let api = repo.join("packages/api");
    fs::create_dir_all(&api).unwrap();
    fs::write(api.join("AGENTS.md"), "# API\n").unwrap();
    user.ok(&api, &["init", ".", "--quiet"]);
    let out = user.ok(&api, &["setup", "codex"]);
    let block = fs::read(api.join("AGENTS.md")).unwrap().len() - "# API\n\n".len();
    let before = root_guide.len();
    assert!(
        out.contains(&format!(
            "note: AGENTS.md: the context block ends {} bytes into what Codex reads, after {before} bytes of AGENTS.md files above it, past its limit of 32768 bytes (`project_doc_max_bytes`): Codex sees {} of the block's {block} bytes;",
            before + 7 + block,
            32_768 - before - 7
        )),
        "{out}"
    );
}
