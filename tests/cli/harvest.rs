//! `mind harvest` over real git history, and staleness of entries about files.

use crate::common;
use crate::gitrun;

use gitrun::{Git, STORE, STORE_HEADER, memory_lines, porcelain, repo, short, store_lines};
use std::path::Path;

use serde_json::Value;

fn json(out: &str) -> Value {
    serde_json::from_str(out).expect("json output")
}

/// Commit a change to `file` with `message` on `date`, hooks not involved.
fn commit(env: &common::Env, date: &str, file: &str, content: &str, message: &str) -> String {
    env.write(file, content);
    let git = Git::new(env).without_mind().at(date);
    git.ok(&["add", "-A", "--", file]);
    git.ok(&["commit", "-q", "-m", message]);
    short(env, "HEAD")
}

fn history(env: &common::Env) -> Vec<String> {
    vec![
        commit(
            env,
            "2026-01-10T10:00:00Z",
            "a.txt",
            "1\n",
            "decided: use sqlite over postgres\n\nbecause it is one file",
        ),
        commit(env, "2026-01-11T10:00:00Z", "a.txt", "2\n", "fix(db): typo"),
        commit(
            env,
            "2026-01-11T11:00:00Z",
            "b.txt",
            "1\n",
            "Add b\n\n- TIL: sqlite has no ALTER COLUMN\nLearned: WAL mode needs -shm files",
        ),
        commit(
            env,
            "2026-01-12T10:00:00Z",
            "c.txt",
            "1\n",
            "problem: the import hangs on big files",
        ),
    ]
}

#[test]
fn backfills_under_commit_dates_oldest_first() {
    let env = repo();
    let ids = history(&env);
    let memory = env.read(".mind/MEMORY.md");
    let out = json(&env.ok(&["harvest", "--json"]));
    assert_eq!(out["commits_scanned"], 5);
    assert_eq!(out["found"], 4);
    // Into the ignored commit store; the tracked MEMORY.md and the tree are untouched.
    assert_eq!(env.read(".mind/MEMORY.md"), memory);
    assert_eq!(porcelain(&env, &env.root()), "");
    assert_eq!(
        env.read(STORE),
        format!(
            "{STORE_HEADER}\n## 2026-01-10\n\ndecided: use sqlite over postgres (commit {})\n\n## 2026-01-11\n\nlearned: sqlite has no ALTER COLUMN (commit {})\nlearned: WAL mode needs -shm files (commit {})\n\n## 2026-01-12\n\nproblem: the import hangs on big files (commit {})\n",
            ids[0], ids[2], ids[2], ids[3]
        )
    );
    assert_eq!(out["added"][0]["date"], "2026-01-10");
    assert_eq!(out["added"][0]["type"], "decision");
}

#[test]
fn harvesting_twice_adds_nothing() {
    let env = repo();
    history(&env);
    env.ok(&["harvest"]);
    let memory = env.read_bytes(".mind/MEMORY.md");
    let store = env.read_bytes(STORE);
    let out = json(&env.ok(&["harvest", "--json"]));
    assert_eq!(out["added"].as_array().unwrap().len(), 0);
    assert_eq!(out["already_known"], 4);
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
    assert_eq!(env.read_bytes(STORE), store);
}

#[test]
fn a_commit_the_hook_harvested_is_not_harvested_again() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    env.write("a.txt", "a\n");
    let git = Git::new(&env);
    git.ok(&["add", "a.txt"]);
    git.ok(&["commit", "-q", "-m", "decided: the hook got this one"]);
    let memory = env.read_bytes(".mind/MEMORY.md");
    let store = env.read_bytes(STORE);
    let out = json(&env.ok(&["harvest", "--json"]));
    assert_eq!(out["already_known"], 1);
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
    assert_eq!(env.read_bytes(STORE), store);
}

#[test]
fn since_a_revision_a_date_and_a_limit() {
    let env = repo();
    let ids = history(&env);
    let out = json(&env.ok(&["harvest", "--dry-run", "--json", "--since", &ids[1]]));
    assert_eq!(out["commits_scanned"], 2);
    assert_eq!(out["found"], 3);
    let out = json(&env.ok(&["harvest", "--dry-run", "--json", "--since", "2026-01-12"]));
    assert_eq!(out["commits_scanned"], 1);
    assert_eq!(
        out["added"][0]["line"],
        format!("problem: the import hangs on big files (commit {})", ids[3])
    );
    // Days read as every --since reads them, relative to the clock (2026-01-15).
    for day in ["3d", "3 days ago", "monday", "Jan 12"] {
        let out = json(&env.ok(&["harvest", "--dry-run", "--json", "--since", day]));
        assert_eq!(out["commits_scanned"], 1, "--since {day}");
    }
    let every = json(&env.ok(&["harvest", "--dry-run", "--json"]));
    let out = json(&env.ok(&["harvest", "--dry-run", "--json", "--since", "1w"]));
    assert_eq!(out["commits_scanned"], every["commits_scanned"]);
    let out = json(&env.ok(&["harvest", "--dry-run", "--json", "--limit", "2"]));
    assert_eq!(out["commits_scanned"], 2);
    // Dry runs wrote nothing.
    assert!(memory_lines(&env, "(commit ").is_empty());
    assert!(!env.exists(STORE));
    let bad = env
        .mind(&["harvest", "--since", "no-such-rev"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_rejection_in_a_commit_message_is_kept_as_a_rejection() {
    let env = repo();
    let id = commit(
        &env,
        "2026-01-12T10:00:00Z",
        "a.txt",
        "1\n",
        "Keep REST\n\ndecided against: moving to gRPC - browsers need a proxy\n- Ruled out: GraphQL, the team does not know it",
    );
    env.ok(&["harvest"]);
    assert_eq!(
        store_lines(&env, "(commit "),
        vec![
            format!("decided against: moving to gRPC - browsers need a proxy (commit {id})"),
            format!("decided against: GraphQL, the team does not know it (commit {id})"),
        ]
    );
    // The agent reads them as ruled out, not as decisions.
    let recall = env.ok(&["recall"]);
    let ruled_out = recall
        .split("## Ruled Out\n")
        .nth(1)
        .expect("a ruled-out section");
    assert!(ruled_out.contains("- “moving to gRPC"), "{recall}");
    assert!(ruled_out.contains("- “GraphQL, the team"), "{recall}");
    assert!(!recall.contains("## Recent Decisions"), "{recall}");
}

#[test]
fn conventional_subjects_when_enabled() {
    let env = repo();
    let ids = history(&env);
    let config = env.read(".mind/config.json");
    env.write(
        ".mind/config.json",
        config.replacen(
            '{',
            "{\n  \"capture\": {\"conventional_subjects\": true},",
            1,
        ),
    );
    env.ok(&["harvest"]);
    assert_eq!(
        store_lines(&env, "typo"),
        vec![format!("fixed: typo (commit {})", ids[1])]
    );
}

#[test]
fn comments_added_in_history_with_the_flag() {
    let env = repo();
    let id = commit(
        &env,
        "2026-01-10T10:00:00Z",
        "src/x.rs",
        "fn x() {}\n// MEMORY: gotcha: x panics on empty input\n",
        "add x",
    );
    let out = json(&env.ok(&["harvest", "--json"]));
    assert_eq!(out["found"], 0);
    env.ok(&["harvest", "--comments"]);
    assert_eq!(
        store_lines(&env, "panics on empty"),
        vec![format!(
            "gotcha: x panics on empty input (src/x.rs:2, commit {id})"
        )]
    );
}

#[test]
fn an_entry_about_a_file_changed_later_is_stale_and_one_about_an_untouched_file_is_not() {
    let mut env = repo();
    commit(
        &env,
        "2026-01-10T10:00:00Z",
        "src/auth.rs",
        "// MEMORY: decided: tokens live 5 min\n",
        "auth",
    );
    commit(
        &env,
        "2026-01-10T10:00:00Z",
        "src/db.rs",
        "// MEMORY: decided: one pool per process\n",
        "db",
    );
    commit(
        &env,
        "2026-01-10T10:00:00Z",
        "src/gone.rs",
        "// MEMORY: decided: this file will go\n",
        "gone",
    );
    env.at("2026-01-11T09:00:00Z");
    env.ok(&["checkpoint"]);
    env.ok(&["log", "decision", "keep config.toml and README.md short"]);
    // Later: auth.rs changes, gone.rs is deleted, db.rs is untouched.
    commit(
        &env,
        "2026-01-13T10:00:00Z",
        "src/auth.rs",
        "fn refresh() {}\n",
        "refresh",
    );
    Git::new(&env)
        .without_mind()
        .at("2026-01-14T10:00:00Z")
        .ok(&["rm", "-q", "src/gone.rs"]);
    Git::new(&env)
        .without_mind()
        .at("2026-01-14T10:00:00Z")
        .ok(&["commit", "-q", "-m", "drop gone"]);
    env.write("config.toml", "x = 1\n");

    let out = json(&env.ok(&["status", "--stale", "--json"]));
    let stale: Vec<(String, String)> = out["stale"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["path"].as_str().unwrap().to_string(),
                e["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        stale,
        vec![
            (
                "src/auth.rs".to_string(),
                "decided: tokens live 5 min (src/auth.rs:1)".to_string()
            ),
            (
                "src/gone.rs".to_string(),
                "decided: this file will go (src/gone.rs:1)".to_string()
            ),
        ]
    );
    assert_eq!(out["stale"][0]["changed_on"], "2026-01-13");
    assert_eq!(out["stale"][0]["deleted"], false);
    assert_eq!(out["stale"][1]["deleted"], true);

    // The context block marks them; the untouched one is unmarked.
    env.ok(&["recall"]);
    let claude = env.read("CLAUDE.md");
    assert!(
        claude.contains("tokens live 5 min” (src/auth.rs:1) [stale?]"),
        "{claude}"
    );
    assert!(
        claude.contains("one pool per process” (src/db.rs:1) ("),
        "{claude}"
    );
    assert!(!claude.contains("one pool per process (src/db.rs:1) [stale?]"));

    // Search marks them too.
    let found = json(&env.ok(&["search", "tokens live", "--json"]));
    assert_eq!(found["results"][0]["stale"], true, "{found}");
    let found = json(&env.ok(&["search", "pool per process", "--json"]));
    assert!(
        found["results"][0]["text"]
            .as_str()
            .unwrap()
            .contains("one pool per process")
    );
    assert!(found["results"][0].get("stale").is_none(), "{found}");
    let human = env.ok(&["search", "tokens live"]);
    assert!(
        human
            .lines()
            .nth(1)
            .unwrap()
            .ends_with("(src/auth.rs:1) [stale?]"),
        "{human}"
    );

    // Cached by HEAD: the cache file answers the same question again.
    assert!(env.exists(".mind/cache/stale.json"));
    let again = json(&env.ok(&["status", "--stale", "--json"]));
    assert_eq!(again, out);

    // A new commit: only the new history is walked, and db.rs's change shows up.
    commit(
        &env,
        "2026-01-15T10:00:00Z",
        "src/db.rs",
        "// pools\n",
        "db again",
    );
    let later = json(&env.ok(&["status", "--stale", "--json"]));
    let paths: Vec<&str> = later["stale"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, vec!["src/auth.rs", "src/db.rs", "src/gone.rs"]);
    assert_eq!(later["stale"][0]["changed_on"], "2026-01-13");
    assert_eq!(later["stale"][1]["changed_on"], "2026-01-15");
}

#[test]
fn a_path_named_in_the_text_counts_too() {
    let mut env = repo();
    commit(
        &env,
        "2026-01-10T10:00:00Z",
        "docs/setup.md",
        "steps\n",
        "docs",
    );
    env.at("2026-01-11T09:00:00Z");
    env.ok(&["log", "learning", "docs/setup.md needs the proxy step"]);
    env.ok(&["log", "decision", "use Next.js for the site"]);
    let out = json(&env.ok(&["status", "--stale", "--json"]));
    assert_eq!(out["stale"].as_array().unwrap().len(), 0);
    commit(
        &env,
        "2026-01-12T10:00:00Z",
        "docs/setup.md",
        "steps\nproxy\n",
        "docs again",
    );
    let out = json(&env.ok(&["status", "--stale", "--json"]));
    assert_eq!(out["stale"].as_array().unwrap().len(), 1);
    assert_eq!(out["stale"][0]["path"], "docs/setup.md");
}

#[test]
fn a_fresh_clone_rebuilds_the_same_commit_store_and_a_second_harvest_adds_nothing() {
    // Run the way a person runs it: a temp HOME, no MIND_* variable but the clock, no XDG_*
    // variables, `mind` on PATH for the hooks, git without user config.
    let user = common::User::new();
    let home = user.home();
    let origin = user.folder("origin");
    let git = |dir: &Path, args: &[&str]| user.git(dir, args);
    let mind = |dir: &Path, args: &[&str]| user.ok(dir, args);

    git(&origin, &["init", "-q", "-b", "main"]);
    mind(&origin, &["init"]);
    // A decision already in the shared memory (a project migrated from the time commit
    // memories were written to MEMORY.md has such lines).
    mind(&origin, &["log", "decision", "keep the API versioned"]);
    git(&origin, &["add", "-A"]);
    git(&origin, &["commit", "-q", "-m", "start"]);
    mind(&origin, &["hooks", "install"]);
    let memory = std::fs::read_to_string(origin.join(".mind/MEMORY.md")).unwrap();
    let messages = [
        "add a\n\ndecided: use sqlite over postgres",
        "plain change",
        "add c\n\nlearned: WAL mode needs -shm files\nproblem: imports hang on big files",
        "version it\n\ndecided: keep the API versioned",
        "fixed: imports no longer hang on big files",
    ];
    let mut ids = Vec::new();
    for (i, message) in messages.iter().enumerate() {
        std::fs::write(origin.join(format!("f{i}.txt")), format!("{i}\n")).unwrap();
        git(&origin, &["add", "-A"]);
        git(&origin, &["commit", "-q", "-m", message]);
        ids.push(
            git(&origin, &["rev-parse", "--short=7", "HEAD"])
                .trim()
                .to_string(),
        );
        assert_eq!(
            git(&origin, &["status", "--porcelain"]),
            "",
            "after {message:?}"
        );
    }
    let expected = format!(
        "{STORE_HEADER}\n## 2026-01-15\n\ndecided: use sqlite over postgres (commit {})\nlearned: WAL mode needs -shm files (commit {})\nproblem: imports hang on big files (commit {})\nfixed: imports no longer hang on big files (commit {})\n",
        ids[0], ids[2], ids[2], ids[4]
    );
    assert_eq!(
        std::fs::read_to_string(origin.join(STORE)).unwrap(),
        expected
    );
    assert_eq!(
        std::fs::read_to_string(origin.join(".mind/MEMORY.md")).unwrap(),
        memory
    );
    // The global folder is the default one, the data folder under HOME.
    assert!(home.join(".local/share/mind/projects.json").exists());
    assert!(!home.join(".mind").exists());

    let clone = home.join("clone");
    git(
        home,
        &[
            "clone",
            "-q",
            origin.to_str().unwrap(),
            clone.to_str().unwrap(),
        ],
    );
    assert!(!clone.join(STORE).exists());
    let out = json(&mind(&clone, &["harvest", "--json"]));
    assert_eq!(out["added"].as_array().unwrap().len(), 4);
    // The line MEMORY.md holds is known there, not repeated in the store.
    assert_eq!(out["already_known"], 1);
    assert_eq!(
        std::fs::read_to_string(clone.join(STORE)).unwrap(),
        expected
    );
    assert_eq!(
        std::fs::read_to_string(clone.join(".mind/MEMORY.md")).unwrap(),
        memory
    );
    assert_eq!(git(&clone, &["status", "--porcelain"]), "");

    let again = json(&mind(&clone, &["harvest", "--json"]));
    assert_eq!(again["added"].as_array().unwrap().len(), 0);
    assert_eq!(again["already_known"], 5);
    assert_eq!(
        std::fs::read_to_string(clone.join(STORE)).unwrap(),
        expected
    );

    // The clone's block and search see the harvested entries; the fix resolves the problem.
    let block = mind(&clone, &["recall"]);
    assert!(
        block.contains(&format!(
            "- “use sqlite over postgres” (commit {}) (2026-01-15)\n",
            ids[0]
        )),
        "{block}"
    );
    assert!(
        !block.contains("imports hang on big files (commit"),
        "{block}"
    );
    let found = json(&mind(&clone, &["search", "WAL mode", "--json"]));
    assert_eq!(
        found["results"][0]["text"],
        format!("learned: WAL mode needs -shm files (commit {})", ids[2])
    );
}

#[test]
fn to_memory_moves_the_commit_memories_into_memory_md_once() {
    let env = repo();
    let ids = history(&env);
    let memory = env.read(".mind/MEMORY.md");
    let out = json(&env.ok(&["harvest", "--to-memory", "--json"]));
    assert_eq!(out["added"].as_array().unwrap().len(), 4);
    assert_eq!(out["moved_to_memory"].as_array().unwrap().len(), 4);
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!(
            "{memory}\n## 2026-01-10\n\ndecided: use sqlite over postgres (commit {})\n\n## 2026-01-11\n\nlearned: sqlite has no ALTER COLUMN (commit {})\nlearned: WAL mode needs -shm files (commit {})\n\n## 2026-01-12\n\nproblem: the import hangs on big files (commit {})\n",
            ids[0], ids[2], ids[2], ids[3]
        )
    );
    assert_eq!(env.read(STORE), STORE_HEADER);
    // Each entry is in one place: a second harvest, with or without the flag, adds nothing.
    let moved = env.read(".mind/MEMORY.md");
    let again = json(&env.ok(&["harvest", "--to-memory", "--json"]));
    assert_eq!(again["added"].as_array().unwrap().len(), 0);
    assert_eq!(again["moved_to_memory"].as_array().unwrap().len(), 0);
    env.ok(&["harvest"]);
    assert_eq!(env.read(".mind/MEMORY.md"), moved);
    assert_eq!(env.read(STORE), STORE_HEADER);
}

#[test]
fn a_label_whose_value_is_not_utf8_is_not_harvested() {
    // A memory line written for `TIL:` followed by bytes that are not UTF-8 would not be
    // read back as an entry; only the readable one is harvested.
    let env = repo();
    env.write("a.txt", "1\n");
    env.write(
        "message.txt",
        b"Add a\n\n- TIL:\xb7\xb7\xb7\nTIL: the CDN strips ETags\n".as_slice(),
    );
    let git = Git::new(&env).without_mind().at("2026-01-12T10:00:00Z");
    git.ok(&["add", "--", "a.txt"]);
    git.ok(&["commit", "-q", "-F", "message.txt"]);
    let id = short(&env, "HEAD");
    let out = json(&env.ok(&["harvest", "--json"]));
    assert_eq!(out["found"], 1, "{out}");
    assert_eq!(
        store_lines(&env, "(commit "),
        vec![format!("learned: the CDN strips ETags (commit {id})")]
    );
}

/// A commit amended away or reverted takes its memories with it: the store drops what the
/// amended commit said unless the new message says it again (then it names the new commit),
/// and a revert drops what the reverted commit said, so the problem its fix closed is open
/// again. Run as a person runs it: temp HOME, real git, hooks installed.
#[test]
fn amended_and_reverted_commits_take_their_memories_with_them() {
    let user = common::User::new();
    let project = user.project("work/app", &["init", "--hooks"]);
    let store = || std::fs::read_to_string(project.join(".mind/cache/commits.md")).unwrap();
    let commit = |file: &str, message: &str, amend: bool| {
        std::fs::write(project.join(file), format!("// {message}\n")).unwrap();
        user.git(&project, &["add", file]);
        let mut args = vec!["commit", "-q", "-m", message];
        if amend {
            args.push("--amend");
        }
        user.git(&project, &args);
        user.git(&project, &["rev-parse", "--short=7", "HEAD"])
            .trim()
            .to_string()
    };

    commit(
        "limit.rs",
        "Rate limit\n\ndecided: use Redis for rate limiting\nlearned: the API allows 100 requests a minute",
        false,
    );
    assert!(store().contains("decided: use Redis for rate limiting"));
    let id = commit(
        "limit.rs",
        "Rate limit\n\ndecided: use an in-memory token bucket for rate limiting, not Redis\nlearned: the API allows 100 requests a minute",
        true,
    );
    let now = store();
    assert!(!now.contains("use Redis for rate limiting"), "{now}");
    assert!(
        now.contains(&format!(
            "decided: use an in-memory token bucket for rate limiting, not Redis (commit {id})"
        )),
        "{now}"
    );
    // Said again by the amended commit: kept once, under the new id.
    assert_eq!(
        now.matches("the API allows 100 requests a minute").count(),
        1,
        "{now}"
    );
    assert!(
        now.contains(&format!(
            "the API allows 100 requests a minute (commit {id})"
        )),
        "{now}"
    );

    user.ok(
        &project,
        &["log", "problem", "websocket reconnect loops forever"],
    );
    commit(
        "ws.rs",
        "Reconnect\n\nfixed: websocket reconnect loops forever",
        false,
    );
    let block = user.ok(&project, &["recall"]);
    assert!(
        !block.contains("websocket reconnect loops forever (2026-01-15) - unresolved"),
        "{block}"
    );
    let fix = user
        .git(&project, &["rev-parse", "HEAD"])
        .trim()
        .to_string();
    user.git(&project, &["revert", "--no-edit", "HEAD"]);
    assert!(!store().contains("fixed: websocket"), "{}", store());
    let block = user.ok(&project, &["recall"]);
    assert!(
        block.contains("websocket reconnect loops forever (2026-01-15) - unresolved"),
        "{block}"
    );
    // The fix re-applied (the reverted commit cherry-picked back): its memory is harvested
    // again, under the new commit, and closes the problem again.
    user.git(&project, &["cherry-pick", &fix]);
    let again = user.git(&project, &["rev-parse", "--short=7", "HEAD"]);
    assert!(
        store().contains(&format!(
            "fixed: websocket reconnect loops forever (commit {})",
            again.trim()
        )),
        "{}",
        store()
    );
    let block = user.ok(&project, &["recall"]);
    assert!(
        !block.contains("websocket reconnect loops forever (2026-01-15) - unresolved"),
        "{block}"
    );
}

#[test]
fn a_dry_run_of_to_memory_shows_what_would_move_and_changes_nothing() {
    let user = common::User::new();
    let project = user.project("work/app", &["init"]);
    user.ok(&project, &["hooks", "install"]);
    user.commit_file(
        &project,
        "a.txt",
        "a\n",
        "decided: use sqlite for the cache",
    );
    let id = user.git(&project, &["rev-parse", "--short=7", "HEAD"]);
    let id = id.trim();
    let before = common::project_files(&project.join(".mind"));
    let out = user.ok(&project, &["harvest", "--to-memory", "--dry-run"]);
    assert!(
        out.ends_with(&format!(
            "would move 1 commit memory into MEMORY.md\n  > decided: use sqlite for the cache (commit {id})\n"
        )),
        "{out}"
    );
    assert_eq!(common::project_files(&project.join(".mind")), before);
    // The move itself takes the same line.
    let out = user.ok(&project, &["harvest", "--to-memory"]);
    assert!(
        out.ends_with("moved 1 commit memory into MEMORY.md\n"),
        "{out}"
    );
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains(&format!("decided: use sqlite for the cache (commit {id})")),
        "{memory}"
    );
}
