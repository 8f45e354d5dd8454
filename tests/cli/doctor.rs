//! `mind doctor` and `mind context`.
use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use common::{Env, User};
use serde_json::Value;

fn json(out: &[u8]) -> Value {
    serde_json::from_slice(out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(out)))
}

/// The findings of one check that are problems: (message, fix).
fn problems(v: &Value, check: &str) -> Vec<(String, Option<String>)> {
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["check"] == check && f["severity"] == "problem")
        .map(|f| {
            (
                f["message"].as_str().unwrap().to_string(),
                f["fix"].as_str().map(str::to_string),
            )
        })
        .collect()
}

fn git_project() -> Env {
    let env = Env::new();
    env.git(&["init", "-q", "."]);
    env.mind(&["init", "--hooks"]).assert().success();
    env
}

#[test]
fn a_healthy_project_passes() {
    let env = git_project();
    let out = env.mind(&["doctor", "--json"]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let v = json(&out.stdout);
    assert_eq!(v["healthy"], true);
    let checks: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "ok")
        .map(|f| f["check"].as_str().unwrap())
        .collect();
    for check in ["global-folder", "file", "config", "block", "hooks"] {
        assert!(checks.contains(&check), "{check} in {checks:?}");
    }
    env.mind(&["doctor"])
        .assert()
        .success()
        .stdout(predicates::str::contains("healthy"));
}

/// A pid that belonged to a process that has exited.
fn dead_pid() -> u32 {
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[test]
fn each_broken_state_is_found_and_fix_repairs_exactly_that() {
    let env = git_project();
    // A second registered project whose folder is then deleted.
    let other = env.dir.path().join("other");
    fs::create_dir_all(&other).unwrap();
    env.mind(&["init", other.to_str().unwrap()])
        .assert()
        .success();
    fs::remove_dir_all(&other).unwrap();

    let session = env.read_bytes(".mind/SESSION.md");
    fs::remove_file(env.path(".mind/SESSION.md")).unwrap();
    env.write(".mind/config.json", "{\"context_budget_chars\": ");
    let claude = env.read("CLAUDE.md");
    let edited = format!(
        "My own notes.\n\n{}",
        claude.replace(
            "- Find past work with",
            "- Edited by hand: find past work with"
        )
    );
    env.write("CLAUDE.md", &edited);
    fs::remove_file(env.path(".git/hooks/post-commit")).unwrap();
    let pid = dead_pid();
    env.write(".mind/.lock", format!("{pid}\n"));
    let memory = env.read_bytes(".mind/MEMORY.md");

    let out = env.mind(&["doctor", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out.stdout);
    assert_eq!(v["healthy"], false);
    assert_eq!(
        problems(&v, "file"),
        vec![(
            ".mind/SESSION.md is missing".into(),
            Some("recreate .mind/SESSION.md from its template".into())
        )]
    );
    let config = problems(&v, "config");
    assert_eq!(config.len(), 1);
    assert!(
        config[0].0.starts_with("config.json: invalid JSON"),
        "{config:?}"
    );
    assert_eq!(config[0].1, None, "the user's config is never rewritten");
    let block = problems(&v, "block");
    assert_eq!(block.len(), 1, "{block:?}");
    assert!(
        block[0].0.contains("edited inside its markers"),
        "{block:?}"
    );
    let hooks = problems(&v, "hooks");
    assert_eq!(hooks.len(), 1, "{hooks:?}");
    assert!(hooks[0].0.starts_with("the post-commit hook is missing"));
    assert_eq!(
        problems(&v, "lock"),
        vec![(
            format!(".mind/.lock names process {pid}, which is not running"),
            Some("empty .mind/.lock (the process is gone)".into())
        )]
    );
    let gone = problems(&v, "project-folder");
    assert_eq!(gone.len(), 1);
    assert_eq!(
        gone[0].1.as_deref(),
        Some("remove the project from projects.json")
    );
    // Checking wrote nothing.
    assert!(!env.exists(".mind/SESSION.md"));
    assert_eq!(env.read("CLAUDE.md"), edited);

    let out = env.mind(&["doctor", "--fix"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "the config remains: {text}");
    assert!(text.contains("5 of 6 problem(s) fixed"), "{text}");
    assert_eq!(env.read_bytes(".mind/SESSION.md"), session);
    assert_eq!(
        env.read(".mind/config.json"),
        "{\"context_budget_chars\": ",
        "untouched"
    );
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
    let claude_now = env.read("CLAUDE.md");
    assert!(claude_now.starts_with("My own notes.\n\n"), "{claude_now}");
    assert!(
        claude_now.contains("\n- Find past work with"),
        "{claude_now}"
    );
    assert!(env.exists(".git/hooks/post-commit"));
    assert_eq!(env.read(".mind/.lock"), "");
    let registry = fs::read_to_string(env.home().join("projects.json")).unwrap();
    assert!(!registry.contains(other.to_str().unwrap()), "{registry}");
    assert!(registry.contains(env.root().to_str().unwrap()));

    // The config repaired by hand: healthy.
    env.write(".mind/config.json", "{}\n");
    env.mind(&["doctor"]).assert().success();
}

#[test]
fn a_damaged_block_is_repaired_only_when_mind_knows_where_it_ends() {
    let env = git_project();
    let claude = env.read("CLAUDE.md");
    // The end marker deleted: the last written block shows where it ended.
    env.write("CLAUDE.md", claude.replace("<!-- MIND:END -->\n", ""));
    let v = json(&env.mind(&["doctor", "--json"]).output().unwrap().stdout);
    let block = problems(&v, "block");
    assert!(block[0].0.contains("markers do not pair up"), "{block:?}");
    assert!(block[0].1.is_some());
    env.mind(&["doctor", "--fix"]).assert().success();
    assert_eq!(env.read("CLAUDE.md"), claude);

    // The end marker deleted and the block changed: no safe repair.
    env.write(
        "CLAUDE.md",
        claude
            .replace("<!-- MIND:END -->\n", "")
            .replace("- Find past work with", "- Mine: find past work with"),
    );
    let v = json(&env.mind(&["doctor", "--json"]).output().unwrap().stdout);
    let block = problems(&v, "block");
    assert_eq!(block[0].1, None, "{block:?}");
    env.mind(&["doctor", "--fix"]).assert().code(1);
    assert!(
        env.read("CLAUDE.md")
            .contains("- Mine: find past work with")
    );
}

/// Every file under `root` with its bytes and modification time.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, (Vec<u8>, SystemTime)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let meta = fs::metadata(&path).unwrap();
                out.insert(
                    path.clone(),
                    (fs::read(&path).unwrap(), meta.modified().unwrap()),
                );
            }
        }
    }
    out
}

#[test]
fn context_shows_the_blocks_and_what_the_budget_left_out_writing_nothing() {
    let env = Env::initialised();
    for i in 1..=5 {
        env.ok(&[
            "log",
            "decision",
            &format!("use option number {i} because it is simpler than the other ones"),
        ]);
    }
    env.ok(&["log", "blocker", "CI is red"]);
    env.ok(&["recall"]);
    env.write(".mind/config.json", "{\"context_budget_chars\": 650}\n");
    env.ok(&[
        "log",
        "decision",
        "use option number 6 because it is the newest",
    ]);
    let before = snapshot(env.dir.path());

    let v = json(&env.mind(&["context", "--json"]).output().unwrap().stdout);
    let targets = v["targets"].as_array().unwrap();
    assert_eq!(targets.len(), 2);
    let shared = &targets[0];
    assert_eq!(shared["file"], "CLAUDE.md");
    assert_eq!(shared["personal"], false);
    assert_eq!(shared["change"], "update");
    let block = shared["block"].as_str().unwrap();
    assert!(block.contains("use option number 6"), "{block}");
    assert_eq!(shared["chars"], block.chars().count());
    assert!(block.chars().count() <= 650);
    assert_eq!(
        shared["tokens"].as_u64().unwrap(),
        (block.chars().count() as u64).div_ceil(4)
    );
    let dropped = shared["dropped"].as_array().unwrap();
    let decisions = dropped
        .iter()
        .find(|d| d["section"] == "Recent Decisions")
        .unwrap_or_else(|| panic!("{dropped:?}"));
    let lines: Vec<&str> = decisions["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(!lines.is_empty());
    for line in &lines {
        assert!(!block.contains(line), "{line} is both shown and dropped");
    }
    assert!(
        lines.contains(
            &"- use option number 2 because it is simpler than the other ones (2026-01-15)"
        ),
        "{lines:?}"
    );
    let personal = &targets[1];
    assert_eq!(personal["file"], "CLAUDE.local.md");
    assert_eq!(personal["personal"], true);
    assert!(personal["block"].as_str().unwrap().contains("- CI is red"));

    let text = env.ok(&["context", "--target", "CLAUDE.md"]);
    assert!(text.starts_with("CLAUDE.md (shared) · "), "{text}");
    assert!(
        text.contains("left out for the budget:\n  Recent Decisions ("),
        "{text}"
    );
    assert!(!text.contains("CLAUDE.local.md"), "{text}");

    env.mind(&["context", "--target", "README.md"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "README.md is not a context target; the targets are: CLAUDE.md, CLAUDE.local.md",
        ));
    assert_eq!(
        snapshot(env.dir.path()),
        before,
        "mind context changed a file"
    );
}

#[test]
fn a_user_without_mind_home_gets_a_checkup_and_a_gone_project_unregistered() {
    let user = User::new();
    let project = user.project("code/app", &["init"]);
    let gone = user.folder("code/old");
    user.ok(&gone, &["init"]);
    fs::remove_dir_all(&gone).unwrap();

    let out = user.mind(&project, &["doctor"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{text}");
    let global = user.home().join(".local/share/mind");
    assert!(
        text.contains(&format!("ok      {} (writable)", global.display())),
        "{text}"
    );
    assert!(text.contains("is the mind on PATH"), "{text}");
    assert!(text.contains(&format!("{}\n  problem the registered project folder is gone\n          --fix: remove the project from projects.json", gone.display())), "{text}");

    user.ok(&project, &["doctor", "--fix"]);
    let registry = fs::read_to_string(global.join("projects.json")).unwrap();
    assert!(!registry.contains("code/old"), "{registry}");
    assert!(user.ok(&project, &["doctor"]).ends_with("healthy\n"));
}

/// The cache findings of `mind doctor --json` in `dir`: (severity, message).
fn cache_findings(user: &User, dir: &Path) -> Vec<(String, String)> {
    let out = user.mind(dir, &["doctor", "--json"]).output().unwrap();
    json(&out.stdout)["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["check"] == "cache")
        .map(|f| {
            (
                f["severity"].as_str().unwrap().to_string(),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_cache_folder_that_cannot_be_written_is_named_and_a_working_one_is_not() {
    let user = User::new();
    let project = user.project("code/app", &["init"]);
    user.ok(&project, &["log", "decided: use JWT access tokens"]);
    user.ok(&project, &["search", "JWT"]);
    let cache = project.join(".mind/cache");
    assert!(cache.join("index.bin").is_file());
    assert_eq!(cache_findings(&user, &project), vec![]);
    // The doctor's look leaves nothing behind.
    let mut names: Vec<_> = fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(
        names.iter().all(|n| !n.starts_with(".write-check")),
        "{names:?}"
    );

    // A file where the folder should be: every cache is off, and the doctor says so
    // (a warning: mind still works, so the exit code stays 0).
    fs::remove_dir_all(&cache).unwrap();
    fs::write(&cache, "not a folder\n").unwrap();
    let out = user.ok(&project, &["search", "JWT"]);
    assert!(out.contains("use JWT access tokens"), "{out}");
    assert_eq!(
        cache_findings(&user, &project),
        vec![(
            "warning".to_string(),
            ".mind/cache is a file, not a folder: mind keeps no caches, so every search and \
             recall reads all of memory again, and harvested commits are not stored; remove it \
             (mind makes the folder again)"
                .to_string()
        )]
    );
    user.mind(&project, &["doctor"]).assert().success();
    // Removed as it says: the next search makes the folder and its cache again.
    fs::remove_file(&cache).unwrap();
    user.ok(&project, &["search", "JWT"]);
    assert!(cache.join("index.bin").is_file());
    assert_eq!(cache_findings(&user, &project), vec![]);
}
