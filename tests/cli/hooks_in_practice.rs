//! The git hooks where people really commit: comment strings and the scissors line, pulls
//! and merges, a project in a subfolder of its repository, a hooks folder other
//! repositories share, and a submodule added after the install.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::common;
use crate::gitrun::{Git, STORE, porcelain, repo, short, store_lines};
use serde_json::Value;

fn json(out: &[u8]) -> Value {
    serde_json::from_slice(out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(out)))
}

/// An editor that keeps what it was shown in `saw` and types `subject` above it, as a
/// person writing the message at the top does.
fn editor(saw: &Path) -> String {
    format!(
        "cp \"$1\" '{}'; printf 'subject\\n' > \"$1.new\"; cat \"$1\" >> \"$1.new\"; mv \"$1.new\" \"$1\"; :",
        saw.display()
    )
}

/// A session note the prepare-commit-msg hook reminds of when an editor opens.
const NOTE: &str = "bumping the timeout to 60s - still fails under load";

/// A repository with mind's hooks, a session note to be reminded of, and a staged file.
fn repo_with_a_note() -> common::Env {
    let env = repo();
    env.ok(&["hooks", "install"]);
    env.ok(&["log", "rejected", NOTE]);
    env
}

/// Stage a new file and commit it through the editor; returns what the editor was shown
/// and the commit's message.
fn commit_in_editor(env: &common::Env, file: &str, git_args: &[&str]) -> (String, String) {
    env.write(file, "x\n");
    let saw = env.dir.path().join(format!("{file}.saw"));
    let git = Git::new(env).env("GIT_EDITOR", &editor(&saw));
    git.ok(&["add", file]);
    let mut args = git_args.to_vec();
    args.extend(["commit", "-q"]);
    git.ok(&args);
    (
        fs::read_to_string(&saw).unwrap(),
        git.ok(&["log", "-1", "--format=%B"]),
    )
}

#[test]
fn reminders_use_core_comment_string_and_never_reach_the_commit() {
    let env = repo_with_a_note();
    env.git(&["config", "core.commentString", "//"]);
    let (shown, message) = commit_in_editor(&env, "a.txt", &[]);
    assert!(
        shown.contains(&format!("\n//   decided against: {NOTE}\n")),
        "{shown}"
    );
    assert!(!shown.contains("# mind"), "{shown}");
    // Before git's own comments, which start with the same string.
    assert!(shown.find("// mind:").unwrap() < shown.find("// Please enter").unwrap());
    assert_eq!(message, "subject\n\n");
}

#[test]
fn reminders_go_below_the_scissors_line_which_git_cuts_off() {
    let env = repo_with_a_note();
    let scissors = "# ------------------------ >8 ------------------------\n";
    for (file, how) in [("a.txt", "--cleanup=scissors"), ("b.txt", "-v")] {
        env.write(file, "x\n");
        let saw = env.dir.path().join("saw.txt");
        let git = Git::new(&env).env("GIT_EDITOR", &editor(&saw));
        git.ok(&["add", file]);
        git.ok(&["commit", "-q", how]);
        let shown = fs::read_to_string(&saw).unwrap();
        let cut = shown
            .find(scissors)
            .unwrap_or_else(|| panic!("{how}: {shown}"));
        let block = shown
            .find(&format!("#   decided against: {NOTE}\n"))
            .unwrap_or_else(|| panic!("{how}: {shown}"));
        assert!(cut < block, "{how}: {shown}");
        assert_eq!(
            git.ok(&["log", "-1", "--format=%B"]),
            "subject\n\n",
            "{how}"
        );
    }
}

#[test]
fn no_reminders_when_git_is_given_comment_settings_on_its_command_line() {
    let env = repo_with_a_note();
    // git hands `-c` settings to its hooks in the environment, not in a config file.
    let (shown, message) = commit_in_editor(&env, "a.txt", &["-c", "core.commentChar=;"]);
    assert!(!shown.contains("mind:"), "{shown}");
    assert_eq!(message, "subject\n\n");
    let (shown, message) = commit_in_editor(&env, "b.txt", &["-c", "commit.cleanup=whitespace"]);
    assert!(!shown.contains("mind:"), "{shown}");
    assert!(message.starts_with("subject\n"), "{message}");
    assert!(!message.contains("mind:"), "{message}");
}

/// A file with its bytes and mode, for each file of a folder (links as their target text).
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>, u32)> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| {
                    let meta = fs::symlink_metadata(e.path()).unwrap();
                    let bytes = if meta.is_file() {
                        fs::read(e.path()).unwrap()
                    } else {
                        Vec::new()
                    };
                    (
                        e.file_name().to_string_lossy().into_owned(),
                        bytes,
                        meta.permissions().mode(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// `~/.githooks` with a hook of the user's, named by `core.hooksPath` in a global config
/// file; returns (the folder, the config file, the file the user's hook writes to).
fn global_hooks_folder(env: &common::Env, value: Option<&str>) -> (PathBuf, PathBuf, PathBuf) {
    let shared = env.dir.path().join(".githooks");
    fs::create_dir_all(&shared).unwrap();
    let ran = env.dir.path().join("global-hook-ran.txt");
    let hook = shared.join("post-commit");
    fs::write(
        &hook,
        format!("#!/bin/sh\necho \"ran in $(pwd)\" >> '{}'\n", ran.display()),
    )
    .unwrap();
    fs::set_permissions(&hook, fs::Permissions::from_mode(0o755)).unwrap();
    let config = env.dir.path().join("gitconfig");
    let value = value.map_or_else(|| shared.display().to_string(), str::to_string);
    fs::write(&config, format!("[core]\n\thooksPath = {value}\n")).unwrap();
    (shared, config, ran)
}

#[test]
fn a_hooks_folder_from_the_global_config_is_written_only_when_asked() {
    let env = common::Env::new();
    env.git(&["init", "-q", "-b", "main"]);
    let (shared, config, ran) = global_hooks_folder(&env, None);
    let before = snapshot(&shared);
    let mind = |args: &[&str]| {
        env.mind(args)
            .env("GIT_CONFIG_GLOBAL", &config)
            .output()
            .unwrap()
    };

    // `mind init --hooks` sets up the memory, and says why the hooks are not installed.
    let out = mind(&["init", "--hooks"]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let why = format!(
        "core.hooksPath is set in {}: git runs the hooks in {} for every repository, not just this one",
        config.display(),
        shared.display()
    );
    assert!(stderr.contains(&why), "{stderr}");
    assert!(stderr.contains("--shared-folder"), "{stderr}");
    assert!(env.exists(".mind/MEMORY.md"));
    assert_eq!(snapshot(&shared), before);

    // `mind hooks install` refuses, writing nothing.
    let out = mind(&["hooks", "install"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&why), "{stderr}");
    assert!(stderr.contains("nothing written"), "{stderr}");
    assert!(
        stderr.contains("hint: `mind hooks install --shared-folder`"),
        "{stderr}"
    );
    assert_eq!(snapshot(&shared), before);

    // Status says whose folder it is.
    let status = json(&mind(&["hooks", "status", "--json"]).stdout);
    assert_eq!(status["location"]["shared"], why.as_str());
    assert_eq!(
        status["location"]["config_file"],
        config.display().to_string()
    );
    let human = String::from_utf8(mind(&["hooks", "status"]).stdout).unwrap();
    assert!(
        human.contains(&format!(
            "(git, core.hooksPath from {})\n  shared: {why}\n",
            config.display()
        )),
        "{human}"
    );

    // Asked: installed there, the user's hook chained; a commit here keeps its memory.
    let out = mind(&["hooks", "install", "--shared-folder", "--json"]);
    assert!(out.status.success());
    assert_eq!(json(&out.stdout)["hooks"][0]["status"], "chained");
    env.write("a.txt", "a\n");
    let git = Git::new(&env).env("GIT_CONFIG_GLOBAL", &config.display().to_string());
    git.ok(&["add", "-A"]);
    git.ok(&[
        "commit",
        "-q",
        "-m",
        "decided: shared hooks only when asked",
    ]);
    assert_eq!(store_lines(&env, "shared hooks only when asked").len(), 1);
    assert_eq!(fs::read_to_string(&ran).unwrap().lines().count(), 1);

    // Removing them from the shared folder needs the flag too.
    let installed = snapshot(&shared);
    let out = mind(&["hooks", "uninstall"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(snapshot(&shared), installed);
    assert!(
        mind(&["hooks", "uninstall", "--shared-folder"])
            .status
            .success()
    );
    assert_eq!(snapshot(&shared), before);
}

#[test]
fn a_hooks_folder_outside_the_repository_is_shared_a_relative_global_one_is_not() {
    let env = repo();
    // The repository's own config names a folder outside its work tree.
    env.git(&["config", "core.hooksPath", "../team-hooks"]);
    let out = env.mind(&["hooks", "install"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let outside = env.dir.path().join("team-hooks");
    assert!(
        stderr.contains(&format!(
            "core.hooksPath points outside this repository, to {}, a folder other repositories may use too",
            outside.display()
        )),
        "{stderr}"
    );
    assert!(!outside.exists());
    env.git(&["config", "--unset", "core.hooksPath"]);

    // A relative path in the global config is a folder inside each repository.
    let (shared, config, _) = global_hooks_folder(&env, Some(".githooks"));
    let before = snapshot(&shared);
    let out = env
        .mind(&["hooks", "install", "--json"])
        .env("GIT_CONFIG_GLOBAL", &config)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out.stdout);
    assert_eq!(v["location"]["shared"], Value::Null);
    assert!(env.exists(".githooks/post-commit"));
    assert!(env.exists(".githooks/post-merge"));
    assert_eq!(snapshot(&shared), before);
}

#[test]
fn a_project_in_a_subfolder_keeps_the_commits_that_change_its_files() {
    let env = common::Env::new();
    env.git(&["init", "-q", "-b", "main"]);
    env.write("README", "top\n");
    env.git(&["add", "-A"]);
    env.git(&["commit", "-q", "-m", "start"]);
    let app = env.path("packages/app");
    fs::create_dir_all(&app).unwrap();
    let out = env
        .mind(&["init", ".", "--hooks"])
        .current_dir(&app)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "this project is in packages/app, below the repository's top folder (where git runs hooks): \
             the hooks keep a commit's memories here when it changes files in packages/app and in no \
             other project, or files in no project when this is the only project in the \
             repository; `mind harvest` here takes the same commits"
        ),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let git = Git::new(&env);
    git.ok(&["add", "-A"]);
    git.ok(&["commit", "-q", "-m", "add mind"]);
    let app_store = |needle: &str| -> Vec<String> {
        fs::read_to_string(app.join(STORE))
            .unwrap_or_default()
            .lines()
            .filter(|l| l.contains(needle))
            .map(str::to_string)
            .collect()
    };

    // A commit of the package's files: kept in the package's project.
    env.write("packages/app/main.js", "vite()\n");
    git.ok(&["add", "-A"]);
    let out = git.output(&["commit", "-q", "-m", "decided: the app builds with vite"]);
    let id = short(&env, "HEAD");
    assert_eq!(
        app_store("vite"),
        vec![format!("decided: the app builds with vite (commit {id})")]
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("mind: kept 1 memory from commit {id}\n")
    );
    // A commit of files in no project: the repository's only project keeps it.
    env.write("README", "top, again\n");
    git.ok(&[
        "commit",
        "-qam",
        "learned: the top README is read by the docs site",
    ]);
    assert_eq!(app_store("docs site").len(), 1);

    // The editor's reminders come from the package's session too.
    env.mind(&["log", "rejected", NOTE])
        .current_dir(&app)
        .assert()
        .success();
    env.write("packages/app/other.js", "x\n");
    let saw = env.dir.path().join("saw.txt");
    let in_editor = Git::new(&env).env("GIT_EDITOR", &editor(&saw));
    in_editor.ok(&["add", "-A"]);
    in_editor.ok(&["commit", "-q"]);
    let shown = fs::read_to_string(&saw).unwrap();
    assert!(
        shown.contains(&format!("#   decided against: {NOTE}\n")),
        "{shown}"
    );

    // A second package with its own project: each commit goes where its files are.
    let lib = env.path("packages/lib");
    fs::create_dir_all(&lib).unwrap();
    env.mind(&["init", "."])
        .current_dir(&lib)
        .assert()
        .success();
    git.ok(&["add", "-A"]);
    git.ok(&["commit", "-q", "-m", "add mind to lib"]);
    env.write("packages/lib/index.js", "lib()\n");
    git.ok(&["add", "-A"]);
    git.ok(&["commit", "-q", "-m", "decided: the lib bundles with rollup"]);
    let lib_store = fs::read_to_string(lib.join(STORE)).unwrap();
    assert!(
        lib_store.contains("decided: the lib bundles with rollup (commit "),
        "{lib_store}"
    );
    assert!(app_store("rollup").is_empty());
    // One commit of both: neither is sure to be its project, and the hook says so.
    env.write("packages/lib/index.js", "lib(2)\n");
    env.write("packages/app/main.js", "vite(2)\n");
    git.ok(&["add", "-A"]);
    let out = git.output(&[
        "commit",
        "-q",
        "-m",
        "decided: both packages lint with eslint",
    ]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "mind: this commit changes files of several projects (packages/app, packages/lib), so \
         none keeps its memory: `mind log` it in the project it belongs to\n"
    );
    assert!(app_store("eslint").is_empty());
    assert!(
        !fs::read_to_string(lib.join(STORE))
            .unwrap()
            .contains("eslint")
    );
    assert_eq!(porcelain(&env, &env.root()), "");
}

#[test]
fn a_submodule_added_after_the_install_is_named_and_covered_by_installing_again() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let lib = env.dir.path().join("lib");
    fs::create_dir_all(&lib).unwrap();
    env.git_in(&lib, &["init", "-q", "-b", "main"]);
    fs::write(lib.join("lib.rs"), "pub fn f() {}\n").unwrap();
    env.git_in(&lib, &["add", "-A"]);
    env.git_in(&lib, &["commit", "-q", "-m", "lib"]);
    env.git(&[
        "-c",
        "protocol.file.allow=always",
        "submodule",
        "add",
        "-q",
        lib.to_str().unwrap(),
        "vendor/lib",
    ]);
    env.git(&["commit", "-q", "-m", "add lib"]);
    let sub_hooks = env.path(".git/modules/vendor/lib/hooks");

    // Status and doctor in the project name the submodule its commits would be lost in.
    let status = json(
        &env.mind(&["hooks", "status", "--json"])
            .output()
            .unwrap()
            .stdout,
    );
    assert_eq!(status["submodules"][0]["path"], "vendor/lib");
    let sub = &status["submodules"][0]["outcome"];
    assert_eq!(
        fs::canonicalize(sub["location"]["hooks_dir"].as_str().unwrap()).unwrap(),
        fs::canonicalize(&sub_hooks).unwrap()
    );
    let states: Vec<&str> = (0..3)
        .map(|i| sub["hooks"][i]["status"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["absent", "absent", "absent"]);
    let human = env.ok(&["hooks", "status"]);
    assert!(human.contains("submodule vendor/lib: hooks "), "{human}");
    let doctor = json(&env.mind(&["doctor", "--json"]).output().unwrap().stdout);
    let hooks: Vec<&Value> = doctor["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["check"] == "hooks")
        .collect();
    assert_eq!(hooks[0]["severity"], "problem", "{hooks:?}");
    assert!(
        hooks[0]["message"]
            .as_str()
            .unwrap()
            .ends_with("but not in the submodule vendor/lib: its commits are not kept"),
        "{hooks:?}"
    );

    // Installing again covers it; its commits feed the project.
    let out = json(
        &env.mind(&["hooks", "install", "--json"])
            .output()
            .unwrap()
            .stdout,
    );
    assert_eq!(out["hooks"][0]["status"], "unchanged");
    assert_eq!(
        out["submodules"][0]["outcome"]["hooks"][0]["status"],
        "installed"
    );
    assert!(sub_hooks.join("post-commit").exists());
    let sub_dir = env.path("vendor/lib");
    fs::write(sub_dir.join("lib.rs"), "pub fn f() {}\npub fn g() {}\n").unwrap();
    let git = Git::new(&env).in_dir(&sub_dir);
    git.ok(&[
        "commit",
        "-qam",
        "decided: the vendored lib keeps its own tests",
    ]);
    assert_eq!(store_lines(&env, "keeps its own tests").len(), 1);
    let doctor = json(&env.mind(&["doctor", "--json"]).output().unwrap().stdout);
    let hooks = doctor["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["check"] == "hooks")
        .unwrap()
        .clone();
    assert_eq!(hooks["severity"], "ok", "{hooks}");

    // Uninstall takes them out of both.
    env.ok(&["hooks", "uninstall"]);
    assert!(!sub_hooks.join("post-commit").exists());
    assert!(!env.exists(".git/hooks/post-commit"));
}

/// A clone of the project's repository beside it, as a teammate has it (no hooks).
fn teammate(env: &common::Env) -> PathBuf {
    let mate = env.dir.path().join("mate");
    env.git(&["clone", "-q", ".", mate.to_str().unwrap()]);
    mate
}

/// A commit of one changed file in `dir`, made without mind's hooks.
fn commit_there(env: &common::Env, dir: &Path, file: &str, message: &str) -> String {
    fs::write(dir.join(file), message).unwrap();
    env.git_in(dir, &["add", file]);
    env.git_in(dir, &["commit", "-q", "-m", message]);
    env.git_in(dir, &["rev-parse", "--short=7", "HEAD"])
        .trim()
        .to_string()
}

#[test]
fn a_pull_keeps_the_memories_of_the_commits_it_brought() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    env.ok(&["log", "problem", "upload fails over 10 MB"]);
    let git = Git::new(&env);
    git.ok(&["add", "-A"]);
    git.ok(&["commit", "-q", "-m", "log problem"]);

    let mate = teammate(&env);
    let fix = commit_there(&env, &mate, "upload.rs", "fixed: upload fails over 10 MB");
    let ie = commit_there(&env, &mate, "browsers.txt", "decided: drop IE11 support");
    commit_there(
        &env,
        &mate,
        "hack.rs",
        "decided: a temporary hack in the uploader",
    );
    env.git_in(&mate, &["revert", "--no-edit", "HEAD"]);

    // A fast-forward: git runs no post-commit, but post-merge.
    let out = git.output(&["pull", "-q", "--no-rebase", mate.to_str().unwrap(), "main"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        store_lines(&env, "(commit "),
        vec![
            format!("fixed: upload fails over 10 MB (commit {fix})"),
            format!("decided: drop IE11 support (commit {ie})"),
        ]
    );
    // One line for the whole pull, not one per commit.
    let stderr = String::from_utf8_lossy(&out.stderr);
    let said: Vec<&str> = stderr.lines().filter(|l| l.starts_with("mind:")).collect();
    assert_eq!(
        said,
        vec![
            "mind: kept 3 memories from 3 merged commits; took back 1 memory of amended or reverted commits"
        ],
        "{stderr}"
    );
    assert_eq!(porcelain(&env, &env.root()), "");
    // The problem the pulled commit fixed is no longer open.
    let block = env.ok(&["recall"]);
    assert!(!block.contains("upload fails over 10 MB"), "{block}");
    // A harvest afterwards finds nothing new.
    let again = json(&env.mind(&["harvest", "--json"]).output().unwrap().stdout);
    assert_eq!(again["added"], serde_json::json!([]));
}

#[test]
fn a_merge_keeps_the_branchs_memories_and_its_own_message() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let mate = teammate(&env);
    env.git_in(&mate, &["switch", "-q", "-c", "feat"]);
    let learned = commit_there(&env, &mate, "a.rs", "learned: the parser needs a BOM check");
    let git = Git::new(&env);
    env.write("main.rs", "main\n");
    git.ok(&["add", "-A"]);
    git.ok(&["commit", "-q", "-m", "decided: main keeps its own decision"]);
    git.ok(&["fetch", "-q", mate.to_str().unwrap(), "feat:feat"]);
    git.ok(&[
        "merge",
        "-q",
        "--no-ff",
        "-m",
        "Merge feat\n\ndecided: merges say what they settle",
        "feat",
    ]);
    let merge = short(&env, "HEAD");
    assert_eq!(
        store_lines(&env, "(commit "),
        vec![
            format!(
                "decided: main keeps its own decision (commit {})",
                short(&env, "HEAD^1")
            ),
            format!("learned: the parser needs a BOM check (commit {learned})"),
            format!("decided: merges say what they settle (commit {merge})"),
        ]
    );

    // `--squash` merges nothing yet: the commit that follows is harvested by post-commit.
    env.git_in(&mate, &["switch", "-q", "-c", "more"]);
    commit_there(
        &env,
        &mate,
        "b.rs",
        "gotcha: squashed branches lose their ids",
    );
    git.ok(&["fetch", "-q", mate.to_str().unwrap(), "more:more"]);
    let before = env.read(STORE);
    git.ok(&["merge", "-q", "--squash", "more"]);
    assert_eq!(env.read(STORE), before);
}

#[test]
fn a_merge_that_finds_the_store_busy_gives_up_at_once_and_says_so() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let mate = teammate(&env);
    let id = commit_there(&env, &mate, "a.rs", "decided: wait for nobody");
    // Another process holds the store's lock for longer than a hook waits.
    let mut holder = std::process::Command::new("flock")
        .arg(env.path(".mind/.lock"))
        .args(["sleep", "6"])
        .spawn()
        .expect("flock");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let started = std::time::Instant::now();
    let out = Git::new(&env).output(&["pull", "-q", "--no-rebase", mate.to_str().unwrap(), "main"]);
    let took = started.elapsed();
    let _ = holder.kill();
    let _ = holder.wait();
    assert!(out.status.success());
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "mind: post-merge hook skipped: commit {id} (1 of 1 merged): the memory store is busy"
        )),
        "{stderr}"
    );
    assert!(store_lines(&env, "wait for nobody").is_empty());
    // `mind harvest` picks it up later.
    env.ok(&["harvest"]);
    assert_eq!(store_lines(&env, "wait for nobody").len(), 1);
}

#[test]
fn a_merge_of_very_many_commits_is_left_to_mind_harvest() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let mate = teammate(&env);
    for i in 0..201 {
        env.git_in(
            &mate,
            &[
                "commit",
                "-q",
                "--allow-empty",
                "-m",
                &format!("decided: choice {i}"),
            ],
        );
    }
    let out = Git::new(&env).output(&["pull", "-q", "--no-rebase", mate.to_str().unwrap(), "main"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "mind: this merge brought more than 200 commits; run `mind harvest` to keep their memories\n"
    );
    assert!(store_lines(&env, "choice").is_empty());
}

#[test]
fn installing_again_adds_post_merge_to_an_install_of_two_hooks() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    // An install by a version that had two hooks.
    fs::remove_file(env.path(".git/hooks/post-merge")).unwrap();
    let status = json(
        &env.mind(&["hooks", "status", "--json"])
            .output()
            .unwrap()
            .stdout,
    );
    assert_eq!(status["hooks"][2]["hook"], "post-merge");
    assert_eq!(status["hooks"][2]["status"], "absent");
    let doctor = json(&env.mind(&["doctor", "--json"]).output().unwrap().stdout);
    let hooks = doctor["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["check"] == "hooks")
        .unwrap()
        .clone();
    assert_eq!(hooks["severity"], "problem", "{hooks}");
    assert!(
        hooks["message"]
            .as_str()
            .unwrap()
            .starts_with("the post-merge hook is missing from "),
        "{hooks}"
    );
    let out = json(
        &env.mind(&["hooks", "install", "--json"])
            .output()
            .unwrap()
            .stdout,
    );
    let states: Vec<&str> = (0..3)
        .map(|i| out["hooks"][i]["status"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["unchanged", "unchanged", "installed"]);
    assert_eq!(
        fs::read_to_string(env.path(".git/hooks/post-merge")).unwrap(),
        include_str!("../../hooks/post-merge")
    );

    // lefthook: the block an earlier version wrote is updated in place.
    let env = repo();
    env.write("lefthook.yml", "pre-commit:\n  commands: {}\n");
    let old_block =
        "# >>> mind hooks >>> (added by `mind hooks install`; `mind hooks uninstall` removes it)
post-commit:
  commands:
    mind:
      run: command -v mind >/dev/null 2>&1 && mind hook post-commit || true
prepare-commit-msg:
  commands:
    mind:
      run: command -v mind >/dev/null 2>&1 && mind hook prepare-commit-msg {1} {2} {3} || true
# <<< mind hooks <<<
";
    env.write("lefthook-local.yml", format!("# mine\n{old_block}"));
    let status = json(
        &env.mind(&["hooks", "status", "--json"])
            .output()
            .unwrap()
            .stdout,
    );
    let states: Vec<&str> = (0..3)
        .map(|i| status["hooks"][i]["status"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["installed", "installed", "absent"]);
    let out = json(
        &env.mind(&["hooks", "install", "--json"])
            .output()
            .unwrap()
            .stdout,
    );
    assert_eq!(out["hooks"][2]["status"], "updated");
    let local = env.read("lefthook-local.yml");
    assert!(local.starts_with("# mine\n# >>> mind hooks >>>"), "{local}");
    assert!(
        local.contains("post-merge:\n  commands:\n    mind:\n      run: command -v mind >/dev/null 2>&1 && mind hook post-merge {1} || true\n"),
        "{local}"
    );
}
