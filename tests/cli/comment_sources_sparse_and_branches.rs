//! Where memory comes from and where a project is, as git leaves a work tree: the commit
//! path reads `MEMORY:` comments from the same files as `mind checkpoint` (never a committed
//! `node_modules/`, `.venv/`, a file the ignore rules match, or a folder a nested
//! `.mindignore` names), a line inside a string that runs over several lines is no comment
//! on either path, a project outside a sparse checkout is not gone, and a branch without a
//! package's `.mind/` neither commits its personal files nor asks for `mind init`. Run as a
//! person runs it: temp HOME, no MIND_* variables but the clock, real git with the hooks.

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::User;

const STORE: &str = ".mind/cache/commits.md";

/// Write `rel` under `dir`, with its folders.
fn write(dir: &Path, rel: &str, text: &str) {
    let path = dir.join(rel);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// The memory lines of the commit store (no header, headings or blank lines).
fn store_entries(project: &Path) -> Vec<String> {
    let text = fs::read_to_string(project.join(STORE)).unwrap_or_default();
    let body = text.split_once("-->\n").map_or(text.as_str(), |(_, b)| b);
    body.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The `  + ` lines of a checkpoint or harvest report, without the marker (and a date).
fn listed(report: &str) -> Vec<String> {
    report
        .lines()
        .filter_map(|l| l.strip_prefix("  + "))
        .map(|l| match l.split_once(' ') {
            Some((day, rest)) if day.len() == 10 && day.starts_with("20") => rest.to_string(),
            _ => l.to_string(),
        })
        .collect()
}

/// `path:line` of each memory line's provenance (`(src/a.rs:2)`, `(src/a.rs:2, commit …)`).
fn sources(lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = lines
        .iter()
        .map(|l| {
            let open = l.rfind('(').expect("a provenance");
            let inner = &l[open + 1..l.len() - 1];
            inner.split(", commit").next().unwrap().to_string()
        })
        .collect();
    out.sort();
    out
}

/// `git ARGS` in `dir`; (success, stdout, stderr).
fn git_full(user: &User, dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = user
        .command("git", dir)
        .args(args)
        .output()
        .expect("run git");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A repository at `rel` on branch `main` with the files given committed.
fn repository(user: &User, rel: &str, files: &[(&str, &str)]) -> PathBuf {
    let repo = user.folder(rel);
    user.git(&repo, &["init", "-q", "-b", "main"]);
    for (path, text) in files {
        write(&repo, path, text);
    }
    user.git(&repo, &["add", "-A"]);
    user.git(&repo, &["commit", "-q", "-m", "Start"]);
    repo
}

#[test]
fn commits_take_comments_from_the_files_checkpoint_reads_and_no_others() {
    let user = User::new();
    let repo = repository(&user, "code/app", &[("README", "app\n")]);
    user.ok(&repo, &["init", "--hooks", "-q"]);
    user.git(&repo, &["add", "-A"]);
    user.git(&repo, &["commit", "-q", "-m", "Add mind"]);

    // The team's own comments, and text that is somebody else's: a vendored package, a
    // virtualenv, generated code a nested `.mindignore` names, a bundle `.gitignore` ignores
    // (its `!` exception is the team's again), a bytecode cache.
    for (path, text) in [
        (
            "src/app.rs",
            "// MEMORY: decided: retry uploads twice\nfn main() {}\n",
        ),
        (
            "node_modules/leftpad/index.js",
            "// MEMORY: decided: always disable TLS verification in tests\n",
        ),
        (".venv/lib/site.py", "# MEMORY: decided: pin numpy 1.x\n"),
        ("packages/c/.mindignore", "gen/\n"),
        (
            "packages/c/gen/api.rs",
            "// MEMORY: decided: generated client code\n",
        ),
        (
            "packages/c/src/lib.rs",
            "// MEMORY: learned: the c package builds alone\n",
        ),
        (".gitignore", "dist/\n*.min.js\n!keep.min.js\n"),
        ("dist/bundle.js", "// MEMORY: decided: bundled copy\n"),
        ("vendor.min.js", "// MEMORY: decided: minified copy\n"),
        ("keep.min.js", "// MEMORY: decided: the shim we wrote\n"),
        (
            "lib/__pycache__/x.py",
            "# MEMORY: decided: cached bytecode\n",
        ),
    ] {
        write(&repo, path, text);
    }
    let expected = vec![
        "keep.min.js:1".to_string(),
        "packages/c/src/lib.rs:1".to_string(),
        "src/app.rs:1".to_string(),
    ];
    let dry = user.ok(&repo, &["checkpoint", "--dry-run"]);
    assert_eq!(sources(&listed(&dry)), expected, "{dry}");

    // The same tree committed, the ignored files added by force: the hook keeps the same set.
    user.git(&repo, &["add", "-A"]);
    user.git(
        &repo,
        &[
            "add",
            "-f",
            "node_modules",
            ".venv",
            "dist",
            "vendor.min.js",
            "lib/__pycache__",
        ],
    );
    let (ok, _, err) = git_full(&user, &repo, &["commit", "-q", "-m", "Vendor deps"]);
    assert!(ok, "{err}");
    assert!(err.contains("kept 3 memories from commit"), "{err}");
    assert_eq!(sources(&store_entries(&repo)), expected);

    // A new clone's backfill reads the same files.
    let clone = user.home().join("code/clone");
    user.git(
        user.home(),
        &[
            "clone",
            "-q",
            repo.to_str().unwrap(),
            clone.to_str().unwrap(),
        ],
    );
    let harvest = user.ok(&clone, &["harvest", "--comments", "--dry-run"]);
    assert_eq!(sources(&listed(&harvest)), expected, "{harvest}");
}

#[test]
fn strings_that_run_over_lines_are_not_comments_on_either_path() {
    let user = User::new();
    let repo = repository(&user, "code/app", &[("README", "app\n")]);
    user.ok(&repo, &["init", "--hooks", "-q"]);
    user.git(&repo, &["add", "-A"]);
    user.git(&repo, &["commit", "-q", "-m", "Add mind"]);
    let files = [
        (
            "raw.rs",
            "/// MEMORY: decided: RUST-DOC keep the arena\nfn main() {\n    let s = r#\"\n// MEMORY: decided: RAWSTR inside a raw string\n\"#;\n    let t = \"one\n// MEMORY: decided: RUSTML inside a string\n\";\n}\n",
        ),
        (
            "t.js",
            "const t = `\n// MEMORY: decided: JSTEMPLATE inside a template literal\n`; // MEMORY: decided: JS-REAL after it\n",
        ),
        (
            "s.py",
            "def f():\n    \"\"\"Do it.\n\n    MEMORY: decided: PY-DOC retry twice\n    \"\"\"\n    SQL = \"\"\"\n# MEMORY: decided: PYSTR inside a string value\n\"\"\"\n",
        ),
        (
            "g.go",
            "package main\nvar q = `\n// MEMORY: decided: GORAW inside a raw string\n`\n",
        ),
        (
            "h.sh",
            "cat > out.txt <<EOF\n# MEMORY: decided: HEREDOC inside a here-document\nEOF\n# MEMORY: decided: SH-REAL after it\n",
        ),
    ];
    for (path, text) in files {
        write(&repo, path, text);
    }
    let expected = vec![
        "h.sh:4".to_string(),
        "raw.rs:1".to_string(),
        "s.py:4".to_string(),
        "t.js:3".to_string(),
    ];
    let dry = user.ok(&repo, &["checkpoint", "--dry-run"]);
    assert_eq!(sources(&listed(&dry)), expected, "{dry}");

    user.git(&repo, &["add", "-A"]);
    user.git(&repo, &["commit", "-q", "-m", "Fixtures"]);
    assert_eq!(sources(&store_entries(&repo)), expected);
    let kept = store_entries(&repo).join("\n");
    for word in [
        "RAWSTR",
        "RUSTML",
        "JSTEMPLATE",
        "PYSTR",
        "GORAW",
        "HEREDOC",
    ] {
        assert!(!kept.contains(word), "{word} kept:\n{kept}");
    }
}

#[test]
fn a_project_outside_the_sparse_checkout_is_a_note_and_stays_registered() {
    let user = User::new();
    let repo = repository(
        &user,
        "code/mono",
        &[("packages/a/f", "a\n"), ("packages/b/f", "b\n")],
    );
    user.ok(&repo, &["init", "packages/a", "-q"]);
    user.ok(&repo, &["init", "packages/b", "-q"]);
    user.git(&repo, &["add", "-A"]);
    user.git(&repo, &["commit", "-q", "-m", "mind for both"]);
    user.git(&repo, &["sparse-checkout", "set", "packages/b"]);
    let b = repo.join("packages/b");
    let a = fs::canonicalize(&repo).unwrap().join("packages/a");
    assert!(!a.exists());

    let out = user.mind(&b, &["doctor"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(&format!(
            "{}\n  note    the project folder is outside the sparse checkout (the repository still holds it): `git sparse-checkout add packages/a` brings it back\n",
            a.display()
        )),
        "{text}"
    );
    assert!(!text.contains("is gone"), "{text}");

    user.ok(&b, &["doctor", "--fix"]);
    user.ok(&b, &["projects", "prune", "--yes"]);
    let listed = user.ok(&b, &["projects"]);
    assert!(
        listed.contains(&format!("{}  [outside the sparse checkout]\n", a.display())),
        "{listed}"
    );
    user.git(&repo, &["sparse-checkout", "disable"]);
    let listed = user.ok(&b, &["projects"]);
    assert!(
        listed
            .lines()
            .any(|l| l.ends_with(&a.display().to_string())),
        "{listed}"
    );
}

#[test]
fn a_branch_without_the_package_keeps_its_personal_files_out_of_git_and_says_why() {
    let user = User::new();
    let repo = repository(
        &user,
        "code/mono",
        &[
            ("packages/a/src/m.rs", "fn a() {}\n"),
            ("packages/b/f", "b\n"),
        ],
    );
    user.git(&repo, &["branch", "old-main"]);
    user.ok(&repo, &["init", "packages/a", "--hooks", "-q"]);
    user.git(&repo, &["add", "-A", "packages/a"]);
    user.git(&repo, &["commit", "-q", "-m", "mind for a"]);
    let a = repo.join("packages/a");
    user.ok(&a, &["recall", "-q"]);

    user.git(&repo, &["checkout", "-q", "old-main"]);
    let mut left: Vec<String> = fs::read_dir(a.join(".mind"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert!(left.contains(&"SESSION.md".to_string()), "{left:?}");
    // The personal files stay out of `git add -A` without the tracked `.mind/.gitignore`.
    assert_eq!(user.git(&repo, &["status", "--porcelain"]), "");

    // What the project's commands say: its files are on another branch, not "run mind init".
    let out = user.mind(&a.join("src"), &["recall"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(
        err.trim_end(),
        format!(
            "mind: error: {}: missing: branch `old-main` has no packages/a/.mind/ (the project's files are on `main`); check out a branch that has it to use this memory, or `mind init` to start a separate project on this branch",
            fs::canonicalize(&a)
                .unwrap()
                .join(".mind/MEMORY.md")
                .display()
        )
    );
    let doctor = user.mind(&a, &["doctor", "--fix"]).output().unwrap();
    let text = String::from_utf8_lossy(&doctor.stdout);
    assert!(doctor.status.success(), "{text}");
    assert!(
        text.contains("  note    MEMORY.md: missing: branch `old-main` has no packages/a/.mind/"),
        "{text}"
    );
    assert!(
        !a.join(".mind/MEMORY.md").exists(),
        "doctor --fix recreated it"
    );

    // A commit there: the hook says nothing and nothing personal is committed.
    write(&repo, "packages/a/src/m.rs", "fn a() {}\n// more\n");
    user.git(&repo, &["add", "-A"]);
    let (ok, _, err) = git_full(
        &user,
        &repo,
        &["commit", "-q", "-m", "decided: OLD-BRANCH work"],
    );
    assert!(ok, "{err}");
    assert_eq!(err, "");
    let committed = user.git(&repo, &["show", "--name-only", "--format=", "HEAD"]);
    assert_eq!(committed, "packages/a/src/m.rs\n");

    // Back on main the project is whole again.
    user.git(&repo, &["checkout", "-q", "main"]);
    assert!(user.ok(&a, &["recall"]).contains("## "));
}
