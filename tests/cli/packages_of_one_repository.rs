//! Projects in subfolders of one git repository (the packages of a monorepo): each commit
//! goes to the project whose files it changes, by the hooks and by `mind harvest`, `mind
//! diff` and the revert bookkeeping alike, with or without a project at the top folder; a
//! package's comments are its own; and what the commands print names the package.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::Env;
use crate::gitrun::{Git, STORE, short};
use serde_json::Value;

/// `mind ARGS` in `dir` (a folder of the repository), run to completion.
fn mind_in(env: &Env, dir: &Path, args: &[&str]) -> Output {
    env.mind(args).current_dir(dir).output().expect("run mind")
}

/// `mind ARGS` in `dir`, asserting success; stdout.
fn ok_in(env: &Env, dir: &Path, args: &[&str]) -> String {
    let out = mind_in(env, dir, args);
    assert!(
        out.status.success(),
        "mind {args:?} in {}: {}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Write `files` (path, content) in the repository at `dir`, stage everything and commit with
/// `message`, the hooks running; what git (the hooks) printed on stderr.
fn commit(env: &Env, dir: &Path, files: &[(&str, &str)], message: &str) -> String {
    for (path, content) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, content).unwrap();
    }
    let git = Git::new(env).in_dir(dir);
    git.ok(&["add", "-A"]);
    let out = git.output(&["commit", "-q", "-m", message]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stderr).unwrap()
}

/// The entries of a project's commit store (its lines after the header), in order.
fn store_entries(project: &Path) -> Vec<String> {
    fs::read_to_string(project.join(STORE))
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains("(commit ") || l.contains(", commit "))
        .map(str::to_string)
        .collect()
}

/// A repository with `packages/a`, `packages/b` (each a project, `.mind/` committed as a
/// team does) and `packages/c` (none), the hooks installed from `packages/a`.
fn two_packages(env: &Env) -> (PathBuf, PathBuf) {
    let root = env.root();
    env.git(&["init", "-q", "-b", "main"]);
    for package in ["a", "b", "c"] {
        env.write(&format!("packages/{package}/f"), "1\n");
    }
    env.git(&["add", "-A"]);
    env.git(&["commit", "-q", "-m", "start"]);
    ok_in(env, &root, &["init", "packages/a", "--hooks", "-q"]);
    ok_in(env, &root, &["init", "packages/b", "-q"]);
    (root.join("packages/a"), root.join("packages/b"))
}

#[test]
fn harvest_in_a_package_rebuilds_the_store_its_hooks_built() {
    let env = Env::new();
    let root = env.root();
    let (a, b) = two_packages(&env);
    // Both packages' files: no memory in it, so nothing is lost and nothing is said.
    assert_eq!(commit(&env, &root, &[], "add mind to both packages"), "");
    commit(
        &env,
        &root,
        &[(
            "packages/a/src.rs",
            "// MEMORY: gotcha: the arena lives per request\nfn a() {}\n",
        )],
        "decided: package a keeps its data in sqlite",
    );
    let a1 = short(&env, "HEAD");
    commit(
        &env,
        &root,
        &[("packages/b/f", "2\n")],
        "decided: package b keeps its data in postgres",
    );
    let b1 = short(&env, "HEAD");
    commit(
        &env,
        &root,
        &[("packages/c/f", "2\n")],
        "decided: package c has no project",
    );
    let both = commit(
        &env,
        &root,
        &[("packages/a/f", "3\n"), ("packages/b/f", "3\n")],
        "decided: both packages lint with eslint",
    );
    assert_eq!(
        both,
        "mind: this commit changes files of several projects (packages/a, packages/b), so none \
         keeps its memory: `mind log` it in the project it belongs to\n"
    );
    // The same words said by a commit of b and by one of a, then a's reverted: the line
    // leaves a's store, and b's commit does not keep it there.
    commit(
        &env,
        &root,
        &[("packages/b/g", "1\n")],
        "learned: the session cache is shared",
    );
    let b2 = short(&env, "HEAD");
    commit(
        &env,
        &root,
        &[("packages/a/g", "1\n")],
        "learned: the session cache is shared",
    );
    let a2 = short(&env, "HEAD");
    Git::new(&env).ok(&["revert", "--no-edit", &a2]);

    let built = store_entries(&a);
    assert_eq!(
        built,
        vec![
            format!("decided: package a keeps its data in sqlite (commit {a1})"),
            format!("gotcha: the arena lives per request (src.rs:1, commit {a1})"),
        ]
    );
    // The hooks serve the whole repository: b's commits went to b.
    assert_eq!(
        store_entries(&b),
        vec![
            format!("decided: package b keeps its data in postgres (commit {b1})"),
            format!("learned: the session cache is shared (commit {b2})"),
        ]
    );

    // A new clone: the package's harvest keeps what the hooks kept, and says what it left.
    let clone = env.dir.path().join("clone");
    env.git(&[
        "clone",
        "-q",
        root.to_str().unwrap(),
        clone.to_str().unwrap(),
    ]);
    let clone_a = clone.join("packages/a");
    ok_in(&env, &clone, &["init", "packages/a", "-q"]);
    let dry = ok_in(&env, &clone_a, &["harvest", "--comments", "--dry-run"]);
    assert_eq!(
        dry.lines().next().unwrap(),
        "scanned 9 commit(s): 7 memories found, 2 would add, 0 already known, 1 undone by a \
         revert, 3 of other projects' commits, 1 of commits that change files of several \
         projects (kept by none: `mind log` what belongs here)"
    );
    let reply: Value =
        serde_json::from_str(&ok_in(&env, &clone_a, &["harvest", "--comments", "--json"])).unwrap();
    assert_eq!(
        (
            &reply["other_projects"],
            &reply["several_projects"],
            &reply["reverted"]
        ),
        (&Value::from(3), &Value::from(1), &Value::from(1))
    );
    assert_eq!(store_entries(&clone_a), built);
    // The other package and the top folder are left as they were.
    assert!(!clone.join("packages/b").join(STORE).exists());
    assert!(!clone.join(".mind").exists());
}

#[test]
fn diff_in_a_package_shows_only_its_commits() {
    let env = Env::new();
    let root = env.root();
    let (a, _) = two_packages(&env);
    commit(&env, &root, &[], "add mind to both packages");
    Git::new(&env).ok(&["checkout", "-q", "-b", "feat"]);
    commit(
        &env,
        &root,
        &[("packages/a/f", "2\n")],
        "decided: package a keeps its data in sqlite",
    );
    let a1 = short(&env, "HEAD");
    commit(
        &env,
        &root,
        &[("packages/b/f", "2\n")],
        "decided: package b keeps its data in postgres",
    );
    assert_eq!(
        ok_in(&env, &a, &["diff"]),
        format!(
            "## What this branch taught\n\nSince `main` (merge base {}), 2 commits.\n\n\
             ### Decisions\n\n- package a keeps its data in sqlite (commit {a1})\n",
            short(&env, "main")
        )
    );
}

#[test]
fn a_package_below_a_top_project_keeps_its_own_commits_and_comments() {
    let env = Env::new();
    let root = env.root();
    env.git(&["init", "-q", "-b", "main"]);
    env.write("packages/a/m.rs", "fn a() {}\n");
    env.write("README", "top\n");
    ok_in(&env, &root, &["init", "-q"]);
    env.git(&["add", "-A"]);
    env.git(&["commit", "-q", "-m", "mind at the top"]);
    let out = mind_in(&env, &root, &["init", "packages/a", "--hooks"]);
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "mind: this project is in packages/a, below the repository's top folder (where git \
             runs hooks): the hooks keep a commit's memories here when the files it changes are \
             all in packages/a; the top folder's project keeps the other commits; `mind \
             harvest` here takes the same commits\n"
        ),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let a = root.join("packages/a");
    commit(&env, &root, &[], "add mind to packages/a");

    // Only the package's files: the package's commit.
    commit(
        &env,
        &root,
        &[(
            "packages/a/m.rs",
            "fn a() {}\n// MEMORY: decided: keep the arena per request\n",
        )],
        "decided: package a uses a bump allocator",
    );
    let a1 = short(&env, "HEAD");
    // The package's files and the top's: the top project holds them all, and takes the
    // message and the top's comment; the package's comment is the package's own.
    commit(
        &env,
        &root,
        &[
            ("packages/a/n.rs", "// MEMORY: learned: n is generated\n"),
            ("tools.sh", "# MEMORY: learned: tools run from the top\n"),
        ],
        "decided: the repository formats with one config",
    );
    let top1 = short(&env, "HEAD");
    let a_store = store_entries(&a);
    let top_store = store_entries(&root);
    assert_eq!(
        a_store,
        vec![
            format!("decided: package a uses a bump allocator (commit {a1})"),
            format!("decided: keep the arena per request (m.rs:2, commit {a1})"),
        ]
    );
    assert_eq!(
        top_store,
        vec![
            format!("decided: the repository formats with one config (commit {top1})"),
            format!("learned: tools run from the top (tools.sh:1, commit {top1})"),
        ]
    );

    // Checkpoint at the top leaves the package's folder to the package.
    env.write(
        "packages/a/o.rs",
        "// MEMORY: learned: o is the package's\n",
    );
    env.write("p.rs", "// MEMORY: learned: p is the top's\n");
    let dry = ok_in(&env, &root, &["checkpoint", "--dry-run"]);
    assert!(dry.contains("learned: p is the top's (p.rs:1)"), "{dry}");
    assert!(!dry.contains("o is the package's"), "{dry}");
    assert!(!dry.contains("n is generated"), "{dry}");
    let dry = ok_in(&env, &a, &["checkpoint", "--dry-run"]);
    assert!(
        dry.contains("learned: o is the package's (o.rs:1)"),
        "{dry}"
    );

    // Harvest rebuilds each store as the hooks built it.
    for project in [&root, &a] {
        fs::remove_file(project.join(STORE)).unwrap();
        ok_in(&env, project, &["harvest", "--comments"]);
    }
    assert_eq!(store_entries(&a), a_store);
    assert_eq!(store_entries(&root), top_store);
}

#[test]
fn several_projects_are_named_only_when_memories_are_left_out() {
    let env = Env::new();
    let root = env.root();
    two_packages(&env);
    assert_eq!(commit(&env, &root, &[], "add mind to both packages"), "");
    assert_eq!(
        commit(
            &env,
            &root,
            &[("packages/a/f", "2\n"), ("packages/b/f", "2\n")],
            "bump shared dependency to 1.2.3",
        ),
        ""
    );
    assert_eq!(
        commit(
            &env,
            &root,
            &[
                ("packages/a/f", "3\n"),
                (
                    "packages/b/x.py",
                    "# MEMORY: gotcha: the pin is for b's tests\n"
                ),
            ],
            "decided: both packages pin the dependency",
        ),
        "mind: this commit changes files of several projects (packages/a, packages/b), so none \
         keeps its 2 memories: `mind log` each in the project it belongs to\n"
    );

    // A merge of such commits says so once, with how many memories.
    let git = Git::new(&env);
    git.ok(&["checkout", "-q", "-b", "feat"]);
    let quiet = Git::new(&env).without_mind();
    for (n, message) in ["chore: rename", "decided: one lint config for both"]
        .iter()
        .enumerate()
    {
        env.write("packages/a/f", format!("feat {n}\n"));
        env.write("packages/b/f", format!("feat {n}\n"));
        quiet.ok(&["add", "-A"]);
        quiet.ok(&["commit", "-q", "-m", message]);
    }
    git.ok(&["checkout", "-q", "main"]);
    let out = git.output(&["merge", "-q", "--ff-only", "feat"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "mind: 1 merged commit changes files of several projects, so none keeps 1 memory: \
         `mind log` each in the project it belongs to\n"
    );
}

#[test]
fn init_of_a_package_from_the_top_names_the_package_files() {
    let env = Env::new();
    let root = env.root();
    env.git(&["init", "-q", "-b", "main"]);
    env.write("CLAUDE.md", "# team notes\n");
    fs::create_dir_all(root.join("packages/a/src")).unwrap();
    let out = ok_in(&env, &root, &["init", "packages/a"]);
    assert_eq!(
        out.lines().take(7).collect::<Vec<_>>(),
        [
            "created packages/a/.mind/MEMORY.md",
            "created packages/a/.mind/SESSION.md",
            "created packages/a/.mind/REMINDERS.md",
            "created packages/a/.mind/config.json",
            "created packages/a/.mind/.gitignore",
            "created packages/a/.mind/.gitattributes",
            "created packages/a/CLAUDE.md (context block)",
        ]
    );
    assert_eq!(env.read("CLAUDE.md"), "# team notes\n");
    // From inside the package, the names are the package's own; from below it, they lead up.
    let again = ok_in(&env, &root.join("packages/a"), &["init"]);
    assert!(
        again.starts_with(&format!(
            "{} is already set up; nothing changed\n",
            root.join("packages/a").display()
        )),
        "{again}"
    );
    fs::remove_file(root.join("packages/a/.mind/REMINDERS.md")).unwrap();
    let below = ok_in(&env, &root.join("packages/a/src"), &["init"]);
    assert_eq!(
        below.lines().next(),
        Some("created ../.mind/REMINDERS.md"),
        "{below}"
    );
}

#[test]
fn a_reset_package_commit_is_not_kept_by_another_packages_words() {
    let env = Env::new();
    let root = env.root();
    let (a, b) = two_packages(&env);
    commit(&env, &root, &[], "add mind to both packages");
    commit(
        &env,
        &root,
        &[("packages/a/f", "2\n")],
        "decided: retries stop after three tries",
    );
    let dropped = short(&env, "HEAD");
    assert_eq!(
        store_entries(&a),
        vec![format!(
            "decided: retries stop after three tries (commit {dropped})"
        )]
    );
    // The package's commit thrown away; then package b says the same words.
    Git::new(&env).ok(&["reset", "-q", "--hard", "HEAD~1"]);
    commit(
        &env,
        &root,
        &[("packages/b/f", "2\n")],
        "decided: retries stop after three tries",
    );
    let b1 = short(&env, "HEAD");
    ok_in(&env, &a, &["recall", "-q"]);
    assert_eq!(store_entries(&a), Vec::<String>::new());
    assert_eq!(
        store_entries(&b),
        vec![format!(
            "decided: retries stop after three tries (commit {b1})"
        )]
    );
}
