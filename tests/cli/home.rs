//! The global folder (default: the data folder), the Python Mind's `~/.mind`, project
//! discovery's boundaries, and bounded lock waits.
use crate::common;

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Stdio};

use common::{Env, NO_HANG, User};
use predicates::prelude::*;
use serde_json::{Value, json};

/// `$HOME/code/NAME`, created and made a git repository.
fn git_project(user: &User, name: &str) -> PathBuf {
    let dir = user.folder(&format!("code/{name}"));
    user.git(&dir, &["init", "-q"]);
    fs::canonicalize(dir).unwrap()
}

/// Every file under `dir` with its bytes, paths relative to `dir`.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = fs::read(&path).unwrap();
                out.push((path.strip_prefix(dir).unwrap().to_path_buf(), bytes));
            }
        }
    }
    out.sort();
    out
}

fn registered(projects_json: &Path) -> Vec<String> {
    let doc: Value = serde_json::from_str(&fs::read_to_string(projects_json).unwrap()).unwrap();
    let mut keys: Vec<String> = doc["projects"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    keys.sort();
    keys
}

/// Two git projects under `$HOME/code`, each initialised and logged to, the way a user does it.
fn two_projects_each_keep_their_own_memory(user: &User, data_folder: &Path) {
    let a = git_project(user, "a");
    let b = git_project(user, "b");
    user.ok(&a, &["init"]);
    user.ok(&b, &["init"]);
    user.ok(&a, &["log", "decision", "use Postgres for project a"]);
    user.ok(&b, &["log", "decision", "use SQLite for project b"]);

    let memory_a = fs::read_to_string(a.join(".mind/MEMORY.md")).unwrap();
    let memory_b = fs::read_to_string(b.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory_a.contains("use Postgres for project a"),
        "{memory_a}"
    );
    assert!(!memory_a.contains("project b"), "{memory_a}");
    assert!(memory_b.contains("use SQLite for project b"), "{memory_b}");
    assert!(!memory_b.contains("project a"), "{memory_b}");
    assert!(a.join("CLAUDE.md").is_file() && b.join("CLAUDE.md").is_file());

    let home = user.home();
    assert!(!home.join("CLAUDE.md").exists());
    assert!(!home.join(".mind").exists());
    let mut expected = vec![a.display().to_string(), b.display().to_string()];
    expected.sort();
    assert_eq!(registered(&data_folder.join("projects.json")), expected);
}

#[test]
fn projects_under_home_use_the_data_folder_and_never_each_other() {
    let user = User::new();
    let data = user.home().join(".local/share/mind");
    two_projects_each_keep_their_own_memory(&user, &data);
    assert_eq!(
        fs::read_dir(&data).unwrap().count(),
        2,
        "projects.json and its lock file only"
    );
    assert!(data.join("projects.lock").is_file());
}

#[test]
fn xdg_data_home_moves_the_global_folder() {
    let user = User::new();
    let xdg = user.home().join("xdg-data");
    let a = git_project(&user, "a");
    user.mind(&a, &["init"])
        .env("XDG_DATA_HOME", &xdg)
        .assert()
        .success();
    assert_eq!(
        registered(&xdg.join("mind/projects.json")),
        [a.display().to_string()]
    );
    assert!(!user.home().join(".local").exists());
    assert!(!user.home().join(".mind").exists());
}

const LEGACY_EDGES: &str = r#"[
  {
    "id": "1a2b3c4d",
    "title": "Safari ITP blocks cross-domain cookies",
    "description": "Safari drops third-party cookies set by the API domain",
    "workaround": "serve auth from the app's own domain",
    "detection": {
      "context": [],
      "intent": ["cross-domain cookie"],
      "code": []
    },
    "stack_tags": ["safari"],
    "severity": "critical",
    "created_at": "2025-11-02T10:00:00"
  }
]"#;

/// A Python Mind user's `$HOME/.mind/` (global files) and one project it registered.
fn python_mind_user(user: &User) -> (PathBuf, PathBuf) {
    let legacy = user.home().join(".mind");
    fs::create_dir_all(&legacy).unwrap();
    let old = user.home().join("code/old");
    fs::create_dir_all(old.join(".mind")).unwrap();
    fs::write(
        old.join(".mind/MEMORY.md"),
        "# old\n\n## Session Log\n\n## 2025-11-02\n\ndecided: invoices go through a DataLoader batch\n",
    )
    .unwrap();
    let old = fs::canonicalize(old).unwrap();
    let key = old.display().to_string();
    let projects = json!({"projects": {key.clone(): {
        "path": key, "name": "old", "stack": ["python"],
        "registered_at": "2025-11-02T10:00:00.123456", "last_activity": null
    }}});
    fs::write(
        legacy.join("projects.json"),
        serde_json::to_string_pretty(&projects).unwrap(),
    )
    .unwrap();
    fs::write(legacy.join("global_edges.json"), LEGACY_EDGES).unwrap();
    fs::write(
        legacy.join("SELF_IMPROVE.md"),
        "# Self-Improvement Patterns\n",
    )
    .unwrap();
    (legacy, old)
}

#[test]
fn a_python_mind_global_folder_is_read_and_never_written() {
    let user = User::new();
    let (legacy, old) = python_mind_user(&user);
    let before = tree(&legacy);

    let new = git_project(&user, "new");
    user.ok(&new, &["init"]);
    assert!(new.join(".mind/MEMORY.md").is_file());
    assert!(!user.home().join("CLAUDE.md").exists());

    // The old global edges apply.
    let out = user.ok(
        &new,
        &[
            "--json",
            "edges",
            "store the token in a cross-domain cookie",
        ],
    );
    let reply: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        reply["edges"][0]["title"],
        "Safari ITP blocks cross-domain cookies"
    );
    // A title the old file holds is refused; a new edge goes to the data folder.
    user.mind(
        &new,
        &[
            "edges",
            "add",
            "safari itp blocks cross-domain cookies",
            "--workaround",
            "w",
            "--global",
        ],
    )
    .assert()
    .code(1)
    .stderr(predicate::str::contains("already exists"));
    user.ok(
        &new,
        &[
            "edges",
            "add",
            "Node 18 fetch has no proxy support",
            "--workaround",
            "use undici",
            "--global",
        ],
    );
    let data = user.home().join(".local/share/mind");
    let edges: Value =
        serde_json::from_str(&fs::read_to_string(data.join("global_edges.json")).unwrap()).unwrap();
    assert_eq!(edges.as_array().unwrap().len(), 1);

    // The old registered projects are searched with --all-projects.
    let out = user.ok(&new, &["search", "--json", "DataLoader", "--all-projects"]);
    let reply: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(reply["results"][0]["project"], "old", "{reply}");
    assert_eq!(
        registered(&data.join("projects.json")),
        [new.display().to_string()]
    );
    assert!(old.join(".mind/MEMORY.md").is_file());

    // Running in the home folder itself never makes the old global folder a project.
    let home = user.home();
    user.mind(home, &["init"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("is a global folder"));
    user.mind(home, &["log", "decision", "x"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no .mind/ here or above"))
        .stderr(predicate::str::contains("a global folder, not a project"));

    assert_eq!(tree(&legacy), before, "no byte of ~/.mind changes");
    assert!(!home.join("CLAUDE.md").exists());
}

#[test]
fn a_home_mind_folder_written_by_an_earlier_version_is_not_a_project() {
    // An earlier `mind` kept projects.json in ~/.mind and could write MEMORY.md beside it.
    let user = User::new();
    let legacy = user.home().join(".mind");
    fs::create_dir_all(&legacy).unwrap();
    fs::write(legacy.join("projects.json"), "{\"projects\": {}}\n").unwrap();
    fs::write(legacy.join("MEMORY.md"), "# home\n").unwrap();
    let notes = user.home().join("notes");
    fs::create_dir_all(&notes).unwrap();
    user.mind(&notes, &["log", "decision", "x"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no .mind/ here or above"));
    user.ok(&notes, &["init"]);
    assert!(notes.join(".mind/MEMORY.md").is_file());
    assert_eq!(
        fs::read_to_string(legacy.join("MEMORY.md")).unwrap(),
        "# home\n"
    );
}

#[test]
fn outside_any_project_the_error_says_where_it_looked() {
    let user = User::new();
    let repo = git_project(&user, "repo");
    let deep = repo.join("src/app");
    fs::create_dir_all(&deep).unwrap();
    user.mind(&deep, &["log", "decision", "x"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "no .mind/ here or above: looked in {} and each folder up to {} (the git work-tree root; the search stops there)",
            deep.display(),
            repo.display()
        )))
        .stderr(predicate::str::contains("mind init"));

    // A plain folder stops at the home folder.
    let plain = user.home().join("plain");
    fs::create_dir_all(&plain).unwrap();
    let home = fs::canonicalize(user.home()).unwrap();
    user.mind(&plain, &["status"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "up to {} (your home folder; the search never goes above it)",
            home.display()
        )));
    assert!(!repo.join(".mind").exists() && !plain.join(".mind").exists());
}

#[test]
fn a_git_repository_inside_a_project_is_its_own_place() {
    let user = User::new();
    let outer = git_project(&user, "outer");
    user.ok(&outer, &["init"]);
    let outer_memory = fs::read(outer.join(".mind/MEMORY.md")).unwrap();
    let inner = outer.join("vendor/lib");
    fs::create_dir_all(&inner).unwrap();
    user.git(&inner, &["init", "-q"]);

    user.mind(&inner, &["log", "decision", "inner choice"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "looked in {} (the git work-tree root",
            inner.display()
        )));
    user.ok(&inner, &["init"]);
    user.ok(&inner, &["log", "decision", "inner choice"]);
    assert!(
        fs::read_to_string(inner.join(".mind/MEMORY.md"))
            .unwrap()
            .contains("inner choice")
    );
    assert_eq!(
        fs::read(outer.join(".mind/MEMORY.md")).unwrap(),
        outer_memory
    );
}

#[test]
fn a_submodule_belongs_to_the_enclosing_project() {
    let user = User::new();
    let outer = git_project(&user, "outer");
    user.ok(&outer, &["init"]);
    let sub = outer.join("vendor/sub");
    fs::create_dir_all(&sub).unwrap();
    user.git(&sub, &["init", "-q"]);
    fs::write(
        outer.join(".gitmodules"),
        "[submodule \"sub\"]\n\tpath = vendor/sub\n\turl = ../sub\n",
    )
    .unwrap();
    user.ok(&sub, &["log", "decision", "pin the submodule"]);
    assert!(
        fs::read_to_string(outer.join(".mind/MEMORY.md"))
            .unwrap()
            .contains("pin the submodule")
    );
    assert!(!sub.join(".mind").exists());
}

#[test]
fn a_plain_folder_inside_a_project_belongs_to_it() {
    let user = User::new();
    let project = git_project(&user, "project");
    user.ok(&project, &["init"]);
    let notes = project.join("docs/notes");
    fs::create_dir_all(&notes).unwrap();
    user.ok(&notes, &["log", "decision", "notes live in docs"]);
    assert!(
        fs::read_to_string(project.join(".mind/MEMORY.md"))
            .unwrap()
            .contains("notes live in docs")
    );
    // init from there finds the same project rather than starting a new one.
    user.ok(&notes, &["init"]);
    assert!(!notes.join(".mind").exists());

    // Without git, a plain folder walks up to an enclosing plain project too.
    let plain = user.home().join("writing");
    fs::create_dir_all(plain.join("drafts")).unwrap();
    user.ok(&plain, &["init"]);
    user.ok(
        &plain.join("drafts"),
        &["log", "decision", "drafts stay short"],
    );
    assert!(
        fs::read_to_string(plain.join(".mind/MEMORY.md"))
            .unwrap()
            .contains("drafts stay short")
    );
}

#[test]
fn a_held_project_lock_fails_the_write_after_the_timeout_naming_the_holder() {
    let env = Env::initialised();
    let before = tree(&env.path(".mind"));
    // This test process is the holder, as another `mind` would be: lock, then write the pid.
    let mut lock = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(env.path(".mind/.lock"))
        .unwrap();
    lock.lock().unwrap();
    writeln!(lock, "{}", std::process::id()).unwrap();
    let before = before
        .into_iter()
        .filter(|(p, _)| p != Path::new(".lock"))
        .collect::<Vec<_>>();

    env.mind(&["log", "decision", "use Postgres"])
        .env("MIND_LOCK_TIMEOUT_MS", "200")
        .timeout(NO_HANG)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            ".mind/.lock is locked by process {}; gave up after",
            std::process::id()
        )))
        .stderr(predicate::str::contains("MIND_LOCK_TIMEOUT_MS"));
    let after: Vec<_> = tree(&env.path(".mind"))
        .into_iter()
        .filter(|(p, _)| p != Path::new(".lock"))
        .collect();
    assert_eq!(after, before, "nothing written");

    lock.unlock().unwrap();
    env.ok(&["log", "decision", "use Postgres"]);
    assert_eq!(fs::read(env.path(".mind/.lock")).unwrap(), b"", "released");
}

#[test]
fn a_killed_lock_holder_never_blocks() {
    let env = Env::initialised();
    let lock = env.path(".mind/.lock");
    let mut holder = StdCommand::new("python3")
        .args([
            "-c",
            "import fcntl, os, sys\n\
             f = open(sys.argv[1], 'r+')\n\
             fcntl.flock(f, fcntl.LOCK_EX)\n\
             f.write(str(os.getpid()) + '\\n'); f.flush()\n\
             print('ready', flush=True)\n\
             sys.stdin.read()\n",
        ])
        .arg(&lock)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 to hold the lock");
    let mut line = String::new();
    BufReader::new(holder.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert_eq!(line, "ready\n");
    env.mind(&["log", "decision", "while held"])
        .env("MIND_LOCK_TIMEOUT_MS", "0")
        .timeout(NO_HANG)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "locked by process {}",
            holder.id()
        )));

    holder.kill().unwrap();
    holder.wait().unwrap();
    // The dead holder's pid is still in the file; the lock itself is free at once.
    assert_eq!(
        fs::read_to_string(&lock).unwrap(),
        format!("{}\n", holder.id())
    );
    env.mind(&["log", "decision", "after the holder died"])
        .env("MIND_LOCK_TIMEOUT_MS", "0")
        .assert()
        .success();
    assert!(
        env.read(".mind/MEMORY.md")
            .contains("after the holder died")
    );
}

#[test]
fn the_registry_lock_is_not_the_project_lock() {
    // MIND_HOME may even be a project's own .mind/ folder: init must not wait on itself.
    let env = Env::new();
    env.mind(&["init"])
        .env("MIND_HOME", env.path(".mind"))
        .timeout(NO_HANG)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("is a global folder"));
    // A held registry lock costs the registration only, with a warning naming the holder.
    fs::create_dir_all(env.home()).unwrap();
    let registry_lock = fs::File::create(env.home().join("projects.lock")).unwrap();
    registry_lock.lock().unwrap();
    env.mind(&["init"])
        .env("MIND_LOCK_TIMEOUT_MS", "100")
        .timeout(NO_HANG)
        .assert()
        .success()
        .stderr(predicate::str::contains("project not registered"))
        .stderr(predicate::str::contains("projects.lock is locked by"));
    assert!(env.exists(".mind/MEMORY.md"));
    assert!(!env.home().join("projects.json").exists());
}

#[test]
fn a_bad_lock_timeout_is_a_usage_error() {
    let env = Env::initialised();
    env.mind(&["log", "decision", "x"])
        .env("MIND_LOCK_TIMEOUT_MS", "soon")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("MIND_LOCK_TIMEOUT_MS"));
}
