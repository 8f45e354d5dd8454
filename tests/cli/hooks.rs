//! The git hooks in real repositories: real `git commit`s with the shims installed.

use crate::common;
use crate::gitrun;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use gitrun::{Git, STORE, STORE_HEADER, porcelain, repo, short, store_lines};
use serde_json::Value;

fn json(out: &str) -> Value {
    serde_json::from_str(out).expect("json output")
}

/// Every file in a folder with its bytes and mode, for before/after comparisons.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>, u32)> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| {
                    let meta = fs::symlink_metadata(e.path()).unwrap();
                    (
                        e.file_name().to_string_lossy().into_owned(),
                        fs::read(e.path()).unwrap_or_default(),
                        meta.permissions().mode(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn a_real_commit_with_decided_keeps_the_memory_and_leaves_the_tree_clean() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let memory = env.read(".mind/MEMORY.md");
    env.write("src/auth.rs", "fn login() {}\n");
    let git = Git::new(&env);
    git.ok(&["add", "src/auth.rs"]);
    let out = git.output(&[
        "commit",
        "-q",
        "-m",
        "fixed: Safari cookie loss\n\ndecided: same-site cookie domain\nSigned-off-by: Test <test@example.com>",
    ]);
    assert!(out.status.success());
    let id = short(&env, "HEAD");
    // The memories go to the ignored commit store; no tracked file changes.
    assert_eq!(
        env.read(STORE),
        format!(
            "{STORE_HEADER}\n## 2026-01-15\n\nfixed: Safari cookie loss (commit {id})\ndecided: same-site cookie domain (commit {id})\n"
        )
    );
    assert_eq!(env.read(".mind/MEMORY.md"), memory);
    assert_eq!(porcelain(&env, &env.root()), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("mind: kept 2 memories from commit {id}\n")
    );
    // Search finds it, with the store's own file name.
    let found = json(&env.ok(&["search", "same-site cookie", "--json"]));
    assert_eq!(
        found["results"][0]["text"],
        format!("decided: same-site cookie domain (commit {id})")
    );
    assert_eq!(found["results"][0]["file"], ".mind/cache/commits.md");
    // The hook leaves CLAUDE.md alone; the next recall brings the decision into the block.
    assert!(!env.read("CLAUDE.md").contains("same-site cookie domain"));
    let block = env.ok(&["recall"]);
    assert!(
        block.contains(&format!(
            "- “same-site cookie domain” (commit {id}) (2026-01-15)\n"
        )),
        "{block}"
    );
    assert!(env.read("CLAUDE.md").contains(&format!(
        "- “same-site cookie domain” (commit {id}) (2026-01-15)\n"
    )));
    let status = json(&env.ok(&["status", "--json"]));
    assert_eq!(status["counts"]["decision"], 1);
    assert_eq!(status["counts"]["progress"], 1);
}

#[test]
fn a_message_given_with_m_is_byte_identical() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    // Things the prepare-commit-msg hook would remind about in an editor.
    env.ok(&[
        "log",
        "experience",
        "learned that Safari drops the cookie on redirect",
    ]);
    env.write("src/a.rs", "// MEMORY: decided: retry twice\n");
    let git = Git::new(&env);
    git.ok(&["add", "src/a.rs"]);
    let message = "update a\n\nbody line  with  spaces\n# not a comment for -m? it is kept verbatim by cleanup=verbatim\n";
    git.ok(&["commit", "-q", "--cleanup=verbatim", "-m", message]);
    let stored = git.ok(&["cat-file", "commit", "HEAD"]);
    let body = stored.split_once("\n\n").unwrap().1;
    assert_eq!(body, message);
}

#[test]
fn an_editor_commit_gets_commented_reminders_that_git_strips() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    env.ok(&[
        "log",
        "experience",
        "learned that Safari drops the cookie on redirect",
    ]);
    env.write("src/a.rs", "fn a() {}\n// MEMORY: decided: retry twice\n");
    let saw = env.dir.path().join("editor-saw.txt");
    let editor = format!(
        "cp \"$1\" '{}'; printf 'subject line\\n' >> \"$1\"; :",
        saw.display()
    );
    let git = Git::new(&env).env("GIT_EDITOR", &editor);
    git.ok(&["add", "src/a.rs"]);
    git.ok(&["commit", "-q"]);
    let shown = fs::read_to_string(&saw).unwrap();
    assert!(
        shown.contains("# mind: this session noted these"),
        "{shown}"
    );
    assert!(
        shown.contains("#   learned: Safari drops the cookie on redirect"),
        "{shown}"
    );
    assert!(
        shown.contains("#   decided: retry twice  (src/a.rs:2)"),
        "{shown}"
    );
    // The reminders come before git's own comments.
    assert!(shown.find("# mind:").unwrap() < shown.find("# Please enter").unwrap());
    assert_eq!(git.ok(&["log", "-1", "--format=%B"]), "subject line\n\n");
    // The comment the commit added is harvested with file, line and commit.
    let id = short(&env, "HEAD");
    assert_eq!(
        store_lines(&env, "retry twice"),
        vec![format!("decided: retry twice (src/a.rs:2, commit {id})")]
    );
}

#[test]
fn trailers_are_opt_in() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let config = env.read(".mind/config.json");
    let config = config.replacen(
        '{',
        "{\n  \"capture\": {\"commit_prompt\": \"trailers\"},",
        1,
    );
    env.write(".mind/config.json", config);
    env.ok(&[
        "log",
        "experience",
        "learned that Safari drops the cookie on redirect",
    ]);
    env.write("x.txt", "x\n");
    let editor =
        "printf 'subject\\n' > \"$1.new\"; cat \"$1\" >> \"$1.new\"; mv \"$1.new\" \"$1\"; :";
    let git = Git::new(&env).env("GIT_EDITOR", editor);
    git.ok(&["add", "x.txt"]);
    git.ok(&["commit", "-q"]);
    let body = git.ok(&["log", "-1", "--format=%B"]);
    assert!(
        body.contains("Memory: learned: Safari drops the cookie on redirect"),
        "{body}"
    );
    // The trailer is then harvested like any other.
    assert_eq!(
        store_lines(&env, "Safari drops").len(),
        1,
        "{}",
        env.read(STORE)
    );
}

#[test]
fn an_existing_hook_keeps_running_and_uninstall_restores_it() {
    let env = repo();
    let hooks = env.path(".git/hooks");
    let marker = env.dir.path().join("old-hook-ran.txt");
    let original = format!(
        "#!/bin/sh\necho \"ran $*\" >> '{}'\nexec true\n",
        marker.display()
    );
    fs::write(hooks.join("post-commit"), &original).unwrap();
    fs::set_permissions(hooks.join("post-commit"), fs::Permissions::from_mode(0o750)).unwrap();
    let before = snapshot(&hooks);

    let status = json(&env.ok(&["hooks", "install", "--json"]));
    assert_eq!(status["hooks"][0]["status"], "chained");
    assert_eq!(status["hooks"][1]["status"], "installed");
    assert_eq!(
        fs::read_to_string(hooks.join("post-commit.pre-mind")).unwrap(),
        original
    );

    env.write("a.txt", "a\n");
    let git = Git::new(&env);
    git.ok(&["add", "a.txt"]);
    git.ok(&["commit", "-q", "-m", "learned: old hooks still run"]);
    assert_eq!(fs::read_to_string(&marker).unwrap(), "ran \n");
    assert_eq!(store_lines(&env, "old hooks still run").len(), 1);

    let status = json(&env.ok(&["hooks", "status", "--json"]));
    assert_eq!(status["hooks"][0]["status"], "chained");

    let out = json(&env.ok(&["hooks", "uninstall", "--json"]));
    assert_eq!(out["hooks"][0]["status"], "restored");
    assert_eq!(out["hooks"][1]["status"], "removed");
    assert_eq!(snapshot(&hooks), before);
}

#[test]
fn installing_twice_changes_nothing() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let hooks = env.path(".git/hooks");
    let once = snapshot(&hooks);
    let out = json(&env.ok(&["hooks", "install", "--json"]));
    assert_eq!(out["hooks"][0]["status"], "unchanged");
    assert_eq!(out["hooks"][1]["status"], "unchanged");
    assert_eq!(snapshot(&hooks), once);
    let shim = fs::read_to_string(hooks.join("post-commit")).unwrap();
    assert_eq!(shim, include_str!("../../hooks/post-commit"));
}

#[test]
fn an_edited_shim_is_not_overwritten_without_force() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let hook = env.path(".git/hooks/post-commit");
    let edited = format!("{}echo mine\n", fs::read_to_string(&hook).unwrap());
    fs::write(&hook, &edited).unwrap();
    let out = env.mind(&["hooks", "install"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(fs::read_to_string(&hook).unwrap(), edited);
    env.ok(&["hooks", "install", "--force"]);
    assert_eq!(
        fs::read_to_string(&hook).unwrap(),
        include_str!("../../hooks/post-commit")
    );
}

#[test]
fn core_hooks_path_is_honoured() {
    let env = repo();
    env.git(&["config", "core.hooksPath", ".githooks"]);
    let out = json(&env.ok(&["hooks", "install", "--json"]));
    let git_says = env.git(&["rev-parse", "--git-path", "hooks"]);
    let expected = fs::canonicalize(env.root().join(git_says.trim())).unwrap();
    assert_eq!(
        fs::canonicalize(out["location"]["hooks_dir"].as_str().unwrap()).unwrap(),
        expected
    );
    assert_eq!(out["location"]["from_config"], true);
    assert!(env.exists(".githooks/post-commit"));
    assert!(!env.exists(".git/hooks/post-commit"));
    env.write("a.txt", "a\n");
    let git = Git::new(&env);
    git.ok(&["add", "a.txt"]);
    git.ok(&[
        "commit",
        "-q",
        "-m",
        "gotcha: hooksPath is relative to the work tree",
    ]);
    assert_eq!(store_lines(&env, "hooksPath is relative").len(), 1);
}

#[test]
fn a_linked_worktree_uses_the_common_hooks_folder() {
    let env = repo();
    let linked = env.dir.path().join("linked");
    env.git(&[
        "worktree",
        "add",
        "-q",
        "-b",
        "side",
        linked.to_str().unwrap(),
    ]);
    let out = env
        .mind(&["hooks", "install", "--json"])
        .env("PATH", common::BASE_PATH)
        .current_dir(&linked)
        .assert()
        .success();
    let out = json(&String::from_utf8_lossy(&out.get_output().stdout));
    let git_says = env.git_in(&linked, &["rev-parse", "--git-path", "hooks"]);
    assert_eq!(
        fs::canonicalize(out["location"]["hooks_dir"].as_str().unwrap()).unwrap(),
        fs::canonicalize(linked.join(git_says.trim())).unwrap()
    );
    assert!(env.exists(".git/hooks/post-commit"));

    fs::write(linked.join("b.txt"), "b\n").unwrap();
    let git = Git::new(&env).in_dir(&linked);
    git.ok(&["add", "b.txt"]);
    git.ok(&["commit", "-q", "-m", "decided: worktrees share hooks"]);
    let store = fs::read_to_string(linked.join(STORE)).unwrap();
    assert!(
        store.contains("decided: worktrees share hooks (commit "),
        "{store}"
    );
    assert_eq!(porcelain(&env, &linked), "");
}

#[test]
fn a_commit_succeeds_without_mind_dir() {
    let env = common::Env::new();
    env.git(&["init", "-q", "-b", "main"]);
    let out = env.mind(&["hooks", "install"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no .mind/ here yet"));
    env.write("a.txt", "a\n");
    let git = Git::new(&env);
    git.ok(&["add", "a.txt"]);
    let out = git.output(&["commit", "-q", "-m", "decided: nothing to keep it in"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(!env.exists(".mind"));
}

#[test]
fn a_commit_succeeds_when_the_commit_store_cannot_be_written() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let memory = env.read(".mind/MEMORY.md");
    // A folder where the store should be: neither read nor written, whoever runs the test.
    fs::create_dir_all(env.path(STORE)).unwrap();
    env.write("a.txt", "a\n");
    let git = Git::new(&env);
    git.ok(&["add", "a.txt"]);
    let out = git.output(&["commit", "-q", "-m", "decided: cannot be written"]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("mind: post-commit hook skipped: "),
        "{stderr}"
    );
    assert_eq!(
        git.ok(&["log", "-1", "--format=%s"]),
        "decided: cannot be written\n"
    );
    assert_eq!(env.read(".mind/MEMORY.md"), memory);
}

#[test]
fn a_commit_succeeds_when_mind_is_not_on_path() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let before = env.read(".mind/MEMORY.md");
    env.write("a.txt", "a\n");
    let git = Git::new(&env).without_mind();
    git.ok(&["add", "a.txt"]);
    let out = git.output(&["commit", "-q", "-m", "decided: no mind here"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(env.read(".mind/MEMORY.md"), before);
    assert!(!env.exists(STORE));
}

#[test]
fn mind_hooks_0_skips_the_hooks() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let before = env.read(".mind/MEMORY.md");
    env.write("a.txt", "a\n");
    let git = Git::new(&env).env("MIND_HOOKS", "0");
    git.ok(&["add", "a.txt"]);
    git.ok(&["commit", "-q", "-m", "decided: skipped on purpose"]);
    assert_eq!(env.read(".mind/MEMORY.md"), before);
    assert!(!env.exists(STORE));
}

#[test]
fn amend_does_not_duplicate() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    env.write("a.txt", "a\n");
    let git = Git::new(&env);
    git.ok(&["add", "a.txt"]);
    git.ok(&["commit", "-q", "-m", "decided: amend keeps one copy"]);
    env.write("b.txt", "b\n");
    git.ok(&["add", "b.txt"]);
    git.ok(&["commit", "-q", "--amend", "--no-edit"]);
    git.ok(&[
        "commit",
        "-q",
        "--amend",
        "-m",
        "decided: amend keeps one copy",
    ]);
    assert_eq!(store_lines(&env, "amend keeps one copy").len(), 1);
    assert_eq!(porcelain(&env, &env.root()), "");
}

#[test]
fn a_moved_comment_in_a_later_commit_adds_nothing() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    env.write(
        "src/a.py",
        "x = 1\n# MEMORY: the API allows 100 requests a minute\n",
    );
    let git = Git::new(&env);
    git.ok(&["add", "src/a.py"]);
    git.ok(&["commit", "-q", "-m", "add a"]);
    let id = short(&env, "HEAD");
    assert_eq!(
        store_lines(&env, "100 requests"),
        vec![format!(
            "learned: the API allows 100 requests a minute (src/a.py:2, commit {id})"
        )]
    );
    env.write(
        "src/a.py",
        "import os\n\nx = 1\ny = 2\n# MEMORY: the API allows 100 requests a minute\n",
    );
    git.ok(&["commit", "-qam", "move it"]);
    env.write(
        "src/b.py",
        "# MEMORY: the API allows 100 requests a minute\n",
    );
    git.ok(&["add", "src/b.py"]);
    git.ok(&["commit", "-q", "-m", "copy it elsewhere"]);
    assert_eq!(store_lines(&env, "100 requests").len(), 1);
}

#[test]
fn conventional_subjects_are_not_memories_by_default() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let before = env.read(".mind/MEMORY.md");
    env.write("a.txt", "a\n");
    let git = Git::new(&env);
    git.ok(&["add", "a.txt"]);
    git.ok(&["commit", "-q", "-m", "fix(api): typo in the handler"]);
    assert_eq!(env.read(".mind/MEMORY.md"), before);
}

#[test]
fn the_hook_command_never_fails() {
    let env = repo();
    for args in [
        vec!["hook", "post-commit"],
        vec!["hook", "no-such-hook", "x"],
        vec!["hook", "prepare-commit-msg"],
    ] {
        let out = env
            .mind(&args)
            .env("MIND_NOW", "not a time")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).lines().count() <= 1);
    }
}

#[test]
fn husky_scripts_get_a_marked_block() {
    let env = repo();
    env.git(&["config", "core.hooksPath", ".husky/_"]);
    env.write(".husky/_/h", "#!/bin/sh\n");
    env.write(".husky/prepare-commit-msg", "npx something \"$1\"\n");
    let out = json(&env.ok(&["hooks", "install", "--json"]));
    assert_eq!(out["location"]["manager"]["name"], "husky");
    let post = env.read(".husky/post-commit");
    assert!(
        post.starts_with("#!/bin/sh\n# >>> mind hooks >>>"),
        "{post}"
    );
    assert!(post.contains("mind hook post-commit \"$@\""));
    let prepare = env.read(".husky/prepare-commit-msg");
    assert!(
        prepare.starts_with("npx something \"$1\"\n# >>> mind hooks >>>"),
        "{prepare}"
    );
    assert!(!env.exists(".husky/_/post-commit"));
    // Twice: unchanged.
    let again = json(&env.ok(&["hooks", "install", "--json"]));
    assert_eq!(again["hooks"][0]["status"], "unchanged");
    env.ok(&["hooks", "uninstall"]);
    assert!(!env.exists(".husky/post-commit"));
    assert_eq!(
        env.read(".husky/prepare-commit-msg"),
        "npx something \"$1\"\n"
    );
}

#[test]
fn lefthook_gets_a_local_config_block() {
    let env = repo();
    env.write(
        "lefthook.yml",
        "pre-commit:\n  commands:\n    lint:\n      run: true\n",
    );
    let out = json(&env.ok(&["hooks", "install", "--json"]));
    assert_eq!(out["location"]["manager"]["name"], "lefthook");
    assert!(
        out["next_steps"][0]
            .as_str()
            .unwrap()
            .contains("lefthook install")
    );
    let local = env.read("lefthook-local.yml");
    assert!(
        local.contains("run: command -v mind >/dev/null 2>&1 && mind hook post-commit || true")
    );
    assert!(!env.exists(".git/hooks/post-commit"));
    assert_eq!(
        env.read("lefthook.yml"),
        "pre-commit:\n  commands:\n    lint:\n      run: true\n"
    );
    env.ok(&["hooks", "uninstall"]);
    assert!(!env.exists("lefthook-local.yml"));
}

#[test]
fn pre_commit_frameworks_legacy_hook_is_cleaned_up() {
    let env = repo();
    env.write(".pre-commit-config.yaml", "repos: []\n");
    let hooks = env.path(".git/hooks");
    let framework =
        "#!/usr/bin/env bash\n# File generated by pre-commit\nexec pre-commit hook-impl \"$@\"\n";
    fs::write(hooks.join("post-commit"), framework).unwrap();
    let out = json(&env.ok(&["hooks", "install", "--json"]));
    assert_eq!(out["location"]["manager"]["name"], "pre-commit");
    assert_eq!(out["hooks"][0]["status"], "chained");
    // `pre-commit install` later moves the shim aside and installs itself again.
    fs::rename(hooks.join("post-commit"), hooks.join("post-commit.legacy")).unwrap();
    fs::write(hooks.join("post-commit"), framework).unwrap();
    let status = json(&env.ok(&["hooks", "status", "--json"]));
    assert_eq!(status["hooks"][0]["status"], "chained");
    env.ok(&["hooks", "uninstall"]);
    assert_eq!(
        fs::read_to_string(hooks.join("post-commit")).unwrap(),
        framework
    );
    assert_eq!(
        fs::read_to_string(hooks.join("post-commit.legacy")).unwrap(),
        framework
    );
    assert!(!hooks.join("post-commit.pre-mind").exists());
}

#[test]
fn init_with_hooks_installs_them() {
    let env = common::Env::new();
    env.git(&["init", "-q", "-b", "main"]);
    let out = json(&env.ok(&["init", "--hooks", "--json"]));
    assert_eq!(out["hooks"]["hooks"][0]["status"], "installed");
    assert!(env.exists(".git/hooks/post-commit"));
    assert!(env.exists(".git/hooks/prepare-commit-msg"));
}

#[test]
fn a_submodule_gets_hooks_in_its_own_git_dir_and_feeds_the_project() {
    let env = repo();
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
    let sub = env.path("vendor/lib");
    let out = env
        .mind(&["hooks", "install", "--json"])
        .current_dir(&sub)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = json(&String::from_utf8(out.stdout).unwrap());
    let git_says = env.git_in(&sub, &["rev-parse", "--git-path", "hooks"]);
    let hooks_dir = fs::canonicalize(out["location"]["hooks_dir"].as_str().unwrap()).unwrap();
    assert_eq!(
        hooks_dir,
        fs::canonicalize(sub.join(git_says.trim())).unwrap()
    );
    assert!(
        hooks_dir.ends_with(".git/modules/vendor/lib/hooks"),
        "{}",
        hooks_dir.display()
    );
    assert!(!env.exists(".git/hooks/post-commit"));

    // A commit in the submodule feeds the project's memory, with project-relative paths.
    fs::write(
        sub.join("lib.rs"),
        "pub fn f() {}\n// MEMORY: gotcha: f is not reentrant\n",
    )
    .unwrap();
    let git = Git::new(&env).in_dir(&sub);
    git.ok(&["commit", "-qam", "note f"]);
    let id = git.ok(&["rev-parse", "--short=7", "HEAD"]);
    assert_eq!(
        store_lines(&env, "not reentrant"),
        vec![format!(
            "gotcha: f is not reentrant (vendor/lib/lib.rs:2, commit {})",
            id.trim()
        )]
    );
}

#[test]
fn init_with_hooks_outside_git_sets_up_memory_and_warns() {
    let env = common::Env::new();
    let out = env.mind(&["init", "--hooks"]).output().unwrap();
    assert!(out.status.success());
    assert!(env.exists(".mind/MEMORY.md"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("hooks not installed: not in a git repository"),
        "{stderr}"
    );
}

#[test]
fn no_reminders_when_git_would_keep_comment_lines() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    env.git(&["config", "commit.cleanup", "whitespace"]);
    env.ok(&[
        "log",
        "experience",
        "learned that Safari drops the cookie on redirect",
    ]);
    env.write("a.txt", "a\n");
    let saw = env.dir.path().join("editor-saw.txt");
    let editor = format!(
        "cp \"$1\" '{}'; printf 'subject\\n' > \"$1\"; :",
        saw.display()
    );
    let git = Git::new(&env).env("GIT_EDITOR", &editor);
    git.ok(&["add", "a.txt"]);
    git.ok(&["commit", "-q"]);
    assert!(!fs::read_to_string(&saw).unwrap().contains("mind:"));
    assert_eq!(git.ok(&["log", "-1", "--format=%B"]), "subject\n\n");
}

/// The commit messages of a branch of 20 commits, several with memory lines.
fn twenty_messages() -> Vec<String> {
    (0..20)
        .map(|i| match i % 5 {
            0 => format!("change {i}\n\ndecided: choice number {i} stays"),
            3 => format!("learned: lesson number {i}"),
            _ => format!("change {i}"),
        })
        .collect()
}

/// Commit one file per message on the current branch; returns the short ids.
fn commit_each(env: &common::Env, git: &Git<'_>, prefix: &str, messages: &[String]) -> Vec<String> {
    let mut ids = Vec::new();
    for (i, message) in messages.iter().enumerate() {
        env.write(&format!("{prefix}{i}.txt"), format!("{i}\n"));
        git.ok(&["add", "-A"]);
        git.ok(&["commit", "-q", "-m", message]);
        ids.push(short(env, "HEAD"));
        assert_eq!(porcelain(env, &env.root()), "", "after {message:?}");
    }
    ids
}

/// The store's expected content: the header, then every memory line of `messages` (with
/// their commits' ids) under one date heading.
fn expected_store(messages: &[String], ids: &[String]) -> String {
    let mut out = format!("{STORE_HEADER}\n## 2026-01-15\n\n");
    for (message, id) in messages.iter().zip(ids) {
        for line in message
            .lines()
            .filter(|l| l.starts_with("decided:") || l.starts_with("learned:"))
        {
            out.push_str(&format!("{line} (commit {id})\n"));
        }
    }
    out
}

#[test]
fn a_rebase_of_twenty_commits_with_memories_completes_on_a_clean_tree() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let memory = env.read(".mind/MEMORY.md");
    let git = Git::new(&env);
    git.ok(&["checkout", "-q", "-b", "topic"]);
    let messages = twenty_messages();
    let ids = commit_each(&env, &git, "t", &messages);
    let store = expected_store(&messages, &ids);
    assert_eq!(env.read(STORE), store);
    // main moves on, so the rebase replays every commit (each pick runs post-commit).
    git.ok(&["checkout", "-q", "main"]);
    assert_eq!(porcelain(&env, &env.root()), "");
    commit_each(&env, &git, "m", &["on main".to_string()]);
    git.ok(&["checkout", "-q", "topic"]);
    let out = git.output(&["rebase", "main"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(porcelain(&env, &env.root()), "");
    assert_eq!(git.ok(&["rev-list", "--count", "main..topic"]), "20\n");
    // The same messages again: known, so the store is as it was.
    assert_eq!(env.read(STORE), store);
    assert_eq!(env.read(".mind/MEMORY.md"), memory);

    // Every pick again, with a command after each.
    let out = git.output(&["rebase", "--force-rebase", "--exec", "true", "main"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(porcelain(&env, &env.root()), "");

    git.ok(&["checkout", "-q", "main"]);
    git.ok(&["checkout", "-q", "-"]);
    assert_eq!(git.ok(&["rev-parse", "--abbrev-ref", "HEAD"]), "topic\n");
    assert_eq!(porcelain(&env, &env.root()), "");
}

#[test]
fn a_rebase_in_a_fresh_clone_without_a_ledger_completes() {
    let env = repo();
    let git = Git::new(&env);
    git.ok(&["checkout", "-q", "-b", "topic"]);
    let messages = twenty_messages();
    commit_each(&env, &git, "t", &messages);
    git.ok(&["checkout", "-q", "main"]);
    commit_each(&env, &git, "m", &["on main".to_string()]);

    let clone = env.dir.path().join("clone");
    env.git(&[
        "clone",
        "-q",
        "--branch",
        "topic",
        ".",
        clone.to_str().unwrap(),
    ]);
    let mind = env
        .mind(&["hooks", "install"])
        .current_dir(&clone)
        .output()
        .unwrap();
    assert!(mind.status.success());
    assert!(!clone.join(".mind/cache").exists());
    let git = Git::new(&env).in_dir(&clone);
    let out = git.output(&["rebase", "origin/main"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(porcelain(&env, &clone), "");
    assert_eq!(
        git.ok(&["rev-list", "--count", "origin/main..topic"]),
        "20\n"
    );
    // Each pick's memories went to the clone's store, with the new commits' ids.
    let ids: Vec<String> = git
        .ok(&[
            "rev-list",
            "--reverse",
            "--abbrev-commit",
            "--abbrev=7",
            "origin/main..topic",
        ])
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(
        fs::read_to_string(clone.join(STORE)).unwrap(),
        expected_store(&messages, &ids)
    );
}

#[test]
fn merges_cherry_picks_and_amends_leave_the_tree_clean() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    let memory = env.read(".mind/MEMORY.md");
    let git = Git::new(&env);
    git.ok(&["checkout", "-q", "-b", "topic"]);
    let topic = commit_each(
        &env,
        &git,
        "t",
        &["decided: topic keeps its own cache".to_string()],
    );
    let picked = commit_each(
        &env,
        &git,
        "p",
        &["learned: cherry-picks carry their message".to_string()],
    );
    git.ok(&["checkout", "-q", "main"]);
    commit_each(&env, &git, "m", &["on main".to_string()]);

    // A cherry-pick: same message, so nothing new; the tree stays clean.
    git.ok(&["cherry-pick", &picked[0]]);
    assert_eq!(porcelain(&env, &env.root()), "");
    // A merge commit with a memory in its message, and one made with the editor.
    git.ok(&[
        "merge",
        "-q",
        "--no-ff",
        "topic",
        "-m",
        "merge topic\n\nlearned: merges keep their memories",
    ]);
    let merge = short(&env, "HEAD");
    assert_eq!(porcelain(&env, &env.root()), "");
    git.ok(&["checkout", "-q", "-b", "side", "HEAD~1"]);
    commit_each(&env, &git, "s", &["side work".to_string()]);
    git.ok(&["checkout", "-q", "main"]);
    git.ok(&["merge", "-q", "--no-ff", "--edit", "side"]);
    assert_eq!(porcelain(&env, &env.root()), "");
    // An amend, with the editor and with a new message.
    git.ok(&["commit", "-q", "--amend"]);
    git.ok(&[
        "commit",
        "-q",
        "--amend",
        "-m",
        "decided: amended merges are fine",
    ]);
    let amended = short(&env, "HEAD");
    assert_eq!(porcelain(&env, &env.root()), "");

    // git runs no post-commit hook for a merge: post-merge keeps its memories, and a
    // harvest finds nothing more.
    let kept = format!(
        "{STORE_HEADER}\n## 2026-01-15\n\ndecided: topic keeps its own cache (commit {})\nlearned: cherry-picks carry their message (commit {})\nlearned: merges keep their memories (commit {merge})\ndecided: amended merges are fine (commit {amended})\n",
        topic[0], picked[0]
    );
    assert_eq!(env.read(STORE), kept);
    env.ok(&["harvest"]);
    assert_eq!(env.read(STORE), kept);
    assert_eq!(env.read(".mind/MEMORY.md"), memory);
    assert_eq!(porcelain(&env, &env.root()), "");
}

#[test]
fn a_decision_committed_this_session_is_not_a_past_solution() {
    let mut env = repo();
    env.ok(&["hooks", "install"]);
    // An earlier session commits a decision about the docker layer cache.
    env.write("Dockerfile", "FROM alpine@sha256:1\n");
    let git = Git::new(&env);
    git.ok(&["add", "Dockerfile"]);
    git.ok(&[
        "commit",
        "-q",
        "-m",
        "decided: pin the docker base image by digest so the layer cache survives CI rebuilds\n\ndecided: hash passwords with argon2\ndecided: API errors are JSON problem documents\nlearned: the staging database resets every Sunday",
    ]);
    let old = short(&env, "HEAD");
    // Three hours later a new session starts; ten minutes into it another decision is committed.
    env.at("2026-01-15T12:00:00Z");
    env.ok(&["recall"]);
    env.at("2026-01-15T12:05:00Z");
    env.write("ci.yml", "cache: nightly\n");
    let git = Git::new(&env).at("2026-01-15T12:05:00Z");
    git.ok(&["add", "ci.yml"]);
    git.ok(&[
        "commit",
        "-q",
        "-m",
        "decided: rebuild the docker layer cache nightly in CI",
    ]);
    let new = short(&env, "HEAD");
    assert_eq!(store_lines(&env, "docker").len(), 2);
    // A blocker on the subject: only the earlier session's decision is a past solution.
    env.at("2026-01-15T12:15:00Z");
    let v = json(&env.ok(&["blocker", "docker layer cache misses in CI", "--json"]));
    let texts: Vec<&str> = v["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        vec![format!(
            "decided: pin the docker base image by digest so the layer cache survives CI rebuilds (commit {old})"
        )],
        "{v:#}"
    );
    assert_eq!(v["solutions"][0]["file"], STORE);
    // In the next session both are past.
    env.at("2026-01-15T15:00:00Z");
    env.ok(&["recall"]);
    let v = json(&env.ok(&["blocker", "docker layer cache misses in CI", "--json"]));
    let all = v["solutions"].to_string();
    assert!(
        all.contains(&format!("nightly in CI (commit {new})")),
        "{v:#}"
    );
    assert!(all.contains(&format!("(commit {old})")), "{v:#}");
}

#[test]
fn a_chained_hook_runs_under_its_own_name() {
    let env = repo();
    let hooks = env.path(".git/hooks");
    let marker = env.dir.path().join("name.txt");
    // A hook that dispatches on the name it was run as, as multiplexers do.
    let original = format!(
        "#!/bin/sh\ncase \"${{0##*/}}\" in post-commit) echo \"dispatched ${{0##*/}}\" >> '{}';; esac\n",
        marker.display()
    );
    fs::write(hooks.join("post-commit"), &original).unwrap();
    fs::set_permissions(hooks.join("post-commit"), fs::Permissions::from_mode(0o755)).unwrap();
    env.ok(&["hooks", "install"]);
    env.write("a.txt", "a\n");
    let git = Git::new(&env);
    git.ok(&["add", "a.txt"]);
    git.ok(&["commit", "-q", "-m", "first"]);
    assert_eq!(
        fs::read_to_string(&marker).unwrap(),
        "dispatched post-commit\n"
    );
}

#[test]
fn an_install_or_uninstall_killed_half_way_is_completed_by_the_next_one() {
    let env = repo();
    let hooks = env.path(".git/hooks");
    let original = "#!/bin/sh\nexit 0\n";
    fs::write(hooks.join("post-commit"), original).unwrap();
    fs::set_permissions(hooks.join("post-commit"), fs::Permissions::from_mode(0o755)).unwrap();
    let before = snapshot(&hooks);
    // Killed between renaming the user's hook aside and writing the shim.
    fs::rename(
        hooks.join("post-commit"),
        hooks.join("post-commit.pre-mind"),
    )
    .unwrap();
    let out = json(&env.ok(&["hooks", "uninstall", "--json"]));
    assert_eq!(out["hooks"][0]["status"], "restored");
    assert_eq!(snapshot(&hooks), before);

    // The same state, then install: the shim is written and chains the user's hook.
    fs::rename(
        hooks.join("post-commit"),
        hooks.join("post-commit.pre-mind"),
    )
    .unwrap();
    let out = json(&env.ok(&["hooks", "install", "--json"]));
    assert_eq!(out["hooks"][0]["status"], "chained");
    assert!(
        fs::read_to_string(hooks.join("post-commit"))
            .unwrap()
            .contains("mind hooks install")
    );
    // Killed in uninstall after the shim was removed: the next uninstall restores.
    fs::remove_file(hooks.join("post-commit")).unwrap();
    let out = json(&env.ok(&["hooks", "uninstall", "--json"]));
    assert_eq!(out["hooks"][0]["status"], "restored");
    assert_eq!(snapshot(&hooks), before);
}

#[test]
fn a_message_that_is_not_utf8_is_left_byte_for_byte() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    env.ok(&[
        "log",
        "experience",
        "learned that Safari drops the cookie on redirect",
    ]);
    let template = env.dir.path().join("template.txt");
    // "Café" in latin-1.
    fs::write(&template, b"Caf\xe9 subject\n").unwrap();
    let saw = env.dir.path().join("editor-saw.txt");
    let editor = format!("cp \"$1\" '{}'; printf 'body\\n' >> \"$1\"", saw.display());
    env.write("a.txt", "a\n");
    let git = Git::new(&env).env("GIT_EDITOR", &editor);
    git.ok(&["add", "a.txt"]);
    git.ok(&["commit", "-q", "-t", template.to_str().unwrap()]);
    let shown = fs::read(&saw).unwrap();
    assert!(
        shown.starts_with(b"Caf\xe9 subject\n"),
        "{:?}",
        String::from_utf8_lossy(&shown)
    );
    assert!(!shown.windows(3).any(|w| w == "\u{fffd}".as_bytes()));
}

#[test]
fn installing_hooks_says_when_mind_is_not_on_path() {
    // Run as a person does (temp HOME, no MIND_HOME): the hooks call `mind` by name, so
    // hooks installed by a full path with no `mind` on PATH would never run.
    let user = common::User::new();
    let dir = user.folder("work/app");
    user.git(&dir, &["init", "-q", "-b", "main"]);
    user.ok(&dir, &["init", "--quiet"]);
    installs_saying_mind_is_not_on_path(&user, &dir, &["hooks", "install"]);
    // With `mind` on PATH there is nothing to say.
    let out = user.mind(&dir, &["hooks", "install"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn init_with_hooks_says_when_mind_is_not_on_path() {
    let user = common::User::new();
    let dir = user.folder("work/api");
    user.git(&dir, &["init", "-q", "-b", "main"]);
    installs_saying_mind_is_not_on_path(&user, &dir, &["init", "--hooks"]);
}

/// Run `args` with a PATH that holds no `mind`: it succeeds, installs the hooks and says
/// that they will not find `mind`.
fn installs_saying_mind_is_not_on_path(user: &common::User, dir: &std::path::Path, args: &[&str]) {
    let out = user
        .mind(dir, args)
        .env("PATH", common::BASE_PATH)
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("`mind` is not on PATH: the hooks run it by name"),
        "{stderr}"
    );
    assert!(dir.join(".git/hooks/post-commit").exists());
}

/// `.mind/cache/memory-keys.bin`'s record count as state.json records it, and the bytes it
/// has on disk.
fn cached_keys(root: &Path) -> (u64, u64, u64) {
    let state: Value =
        serde_json::from_str(&fs::read_to_string(root.join(".mind/state.json")).unwrap()).unwrap();
    let stamp = &state["memory_keys"];
    let file = fs::metadata(root.join(".mind/cache/memory-keys.bin")).map_or(0, |m| m.len());
    (
        stamp["count"].as_u64().unwrap_or(0),
        stamp["of"]["len"].as_u64().unwrap_or(0),
        file,
    )
}

#[test]
fn the_hook_checks_memory_through_cached_keys_that_mind_log_keeps_up() {
    let env = repo();
    env.ok(&["hooks", "install"]);
    env.ok(&["log", "decision", "use postgres for the job queue"]);
    let git = Git::new(&env);
    let commit = |file: &str, message: &str| {
        env.write(file, "x\n");
        git.ok(&["add", file]);
        git.ok(&["commit", "-q", "-m", message]);
    };
    // What MEMORY.md holds is not kept again, and its keys are cached for the next commit.
    commit("a.txt", "decided: use postgres for the job queue");
    assert!(store_lines(&env, "postgres").is_empty());
    let (count, of_len, file_len) = cached_keys(&env.root());
    assert!(count > 0);
    assert_eq!(file_len, count * 8);
    assert_eq!(of_len, env.read_bytes(".mind/MEMORY.md").len() as u64);

    // `mind log` adds the entry's key (one line under today's heading) to the cache.
    env.ok(&["log", "decision", "cache tokens for five minutes"]);
    let memory_len = env.read_bytes(".mind/MEMORY.md").len() as u64;
    assert_eq!(
        cached_keys(&env.root()),
        (count + 1, memory_len, (count + 1) * 8)
    );
    commit("b.txt", "decided: cache tokens for five minutes");
    assert!(store_lines(&env, "five minutes").is_empty());
    commit("c.txt", "decided: retry uploads twice on a 503");
    assert_eq!(store_lines(&env, "retry uploads").len(), 1);

    // A change made outside mind: the cache no longer describes MEMORY.md and is rebuilt
    // from it, so an entry added by hand is found and one deleted by hand is not.
    let memory = env.read(".mind/MEMORY.md");
    let edited = memory.replace("decided: use postgres for the job queue\n", "")
        + "decided: pin node to version 20\n";
    env.write(".mind/MEMORY.md", &edited);
    commit("d.txt", "decided: pin node to version 20");
    assert!(store_lines(&env, "pin node").is_empty());
    commit("e.txt", "decided: use postgres for the job queue");
    assert_eq!(store_lines(&env, "postgres").len(), 1);
    let (count, of_len, file_len) = cached_keys(&env.root());
    assert_eq!(file_len, count * 8);
    assert_eq!(of_len, edited.len() as u64);
}

#[test]
fn a_user_with_two_projects_and_hooks_keeps_each_memory_once() {
    let user = common::User::new();
    for (name, decision) in [
        ("api", "use JWT for sessions"),
        ("web", "use pnpm workspaces"),
    ] {
        let dir = user.folder(name);
        user.git(&dir, &["init", "-q", "-b", "main"]);
        user.ok(&dir, &["init", "--hooks"]);
        user.git(&dir, &["add", "-A"]);
        user.git(&dir, &["commit", "-q", "-m", "start"]);
        user.ok(&dir, &["log", "decision", decision]);
        for (file, message) in [
            ("a.txt", format!("decided: {decision}")),
            ("b.txt", format!("decided: {name} keeps its own memory")),
            ("c.txt", format!("decided: {decision}")),
        ] {
            fs::write(dir.join(file), "x\n").unwrap();
            user.git(&dir, &["add", file]);
            user.git(&dir, &["commit", "-q", "-m", &message]);
        }
        let store = fs::read_to_string(dir.join(STORE)).unwrap();
        let kept: Vec<&str> = store
            .lines()
            .filter(|l| l.starts_with("decided:"))
            .collect();
        assert_eq!(kept.len(), 1, "{store}");
        assert!(kept[0].starts_with(&format!("decided: {name} keeps its own memory (commit ")));
        let memory = fs::read_to_string(dir.join(".mind/MEMORY.md")).unwrap();
        assert_eq!(memory.matches(decision).count(), 1);
        let (count, of_len, file_len) = cached_keys(&dir);
        assert_eq!((of_len, file_len), (memory.len() as u64, count * 8));
    }
}

#[test]
fn memories_from_commits_and_comments_close_and_take_back_each_other() {
    // Run the way a person does: a temp HOME, no MIND_* variable, real git with the hooks.
    let user = common::User::new();
    let dir = user.folder("api");
    user.git(&dir, &["init", "-q", "-b", "main"]);
    user.ok(&dir, &["init", "--hooks"]);
    user.ok(&dir, &["recall"]);
    let commit = |message: &str| {
        user.git(&dir, &["commit", "-q", "--allow-empty", "-m", message]);
        user.git(&dir, &["rev-parse", "--short=7", "HEAD"])
            .trim()
            .to_string()
    };
    // Each line carries its own commit's id: the ids differ, the subjects do not.
    commit("decided: use Redis for rate limiting");
    let against = commit("decided against: Redis for rate limiting");
    commit("problem: cron job runs twice on DST change");
    let fixed = commit("fixed: cron job runs twice on DST change");
    commit("decided: use Litestar over FastAPI for the API layer");
    let switch = commit("decided: switch from Litestar to FastAPI for the API layer");
    // A problem a code comment reports, closed by a commit.
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("src/import.lua"),
        "-- MEMORY: problem: the importer drops rows with emoji\n",
    )
    .unwrap();
    user.ok(&dir, &["checkpoint"]);
    user.git(&dir, &["add", "src/import.lua"]);
    user.git(
        &dir,
        &[
            "commit",
            "-q",
            "-m",
            "fixed: the importer drops rows with emoji",
        ],
    );
    let emoji = user
        .git(&dir, &["rev-parse", "--short=7", "HEAD"])
        .trim()
        .to_string();

    let block = user.ok(&dir, &["recall"]);
    assert_eq!(
        common::block_section(&block, "Recent Decisions"),
        vec![format!(
            "- “switch from Litestar to FastAPI for the API layer” (commit {switch}) (2026-01-15)"
        )],
        "{block}"
    );
    assert_eq!(
        common::block_section(&block, "Ruled Out"),
        vec![format!(
            "- “Redis for rate limiting” (commit {against}) (2026-01-15)"
        )],
        "{block}"
    );
    // Nothing is open: both problems were fixed by later commits.
    assert_eq!(
        common::block_section(&block, "Open Loops"),
        Vec::<String>::new(),
        "{block}"
    );
    assert_eq!(
        common::block_section(&block, "Continue From"),
        vec![format!(
            "Last (progress): “the importer drops rows with emoji” (commit {emoji}) (2026-01-15)"
        )],
        "{block}"
    );
    let status = json(&user.ok(&dir, &["status", "--json"]));
    assert_eq!(status["counts"]["problem"], 2, "{status}");
    assert_eq!(status["open_problems"], 0, "{status}");
    assert!(!block.contains(&fixed), "{block}");
}
