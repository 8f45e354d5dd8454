//! Running git the way a person would, with the installed hooks in play: the built `mind`
//! on PATH (or deliberately not), the test's clock and global folder, fixed identities.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{BASE_PATH, Env, hermetic_git, path_with_mind};

/// How to run one git command.
pub struct Git<'a> {
    pub env: &'a Env,
    pub dir: PathBuf,
    pub with_mind: bool,
    pub date: String,
    pub extra: Vec<(String, String)>,
}

impl<'a> Git<'a> {
    pub fn new(env: &'a Env) -> Self {
        Git {
            env,
            dir: env.root(),
            with_mind: true,
            date: "2026-01-15T09:00:00Z".into(),
            extra: Vec::new(),
        }
    }

    pub fn in_dir(mut self, dir: &Path) -> Self {
        self.dir = dir.to_path_buf();
        self
    }

    pub fn without_mind(mut self) -> Self {
        self.with_mind = false;
        self
    }

    pub fn at(mut self, date: &str) -> Self {
        self.date = date.to_string();
        self
    }

    pub fn env(mut self, key: &str, value: &str) -> Self {
        self.extra.push((key.into(), value.into()));
        self
    }

    pub fn output(&self, args: &[&str]) -> Output {
        let path = if self.with_mind {
            path_with_mind()
        } else {
            BASE_PATH.to_string()
        };
        let mut cmd = Command::new("git");
        cmd.env_clear()
            .env("PATH", path)
            .env("HOME", self.env.dir.path())
            .env("MIND_HOME", self.env.home())
            .env("MIND_NOW", &self.env.now)
            .env("TZ", "UTC")
            .env("NO_COLOR", "1")
            .env("GIT_EDITOR", "true");
        hermetic_git(&mut cmd, &self.date)
            .current_dir(&self.dir)
            .args(args);
        for (k, v) in &self.extra {
            cmd.env(k, v);
        }
        cmd.output().expect("run git")
    }

    /// Run and assert success; returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.output(args);
        assert!(
            out.status.success(),
            "git {args:?} failed:\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

/// A git repository in `project/` with `mind init` done and everything committed.
pub fn repo() -> Env {
    let env = Env::new();
    env.git(&["init", "-q", "-b", "main"]);
    env.ok(&["init"]);
    env.git(&["add", "-A"]);
    env.git(&["commit", "-q", "-m", "start"]);
    env
}

/// The short id of a revision.
pub fn short(env: &Env, rev: &str) -> String {
    env.git(&["rev-parse", "--short=7", rev]).trim().to_string()
}

/// Lines of MEMORY.md that contain `needle`.
pub fn memory_lines(env: &Env, needle: &str) -> Vec<String> {
    env.read(".mind/MEMORY.md")
        .lines()
        .filter(|l| l.contains(needle))
        .map(str::to_string)
        .collect()
}

/// The commit store, where memories taken from commits are kept (ignored by git).
pub const STORE: &str = ".mind/cache/commits.md";

/// The commit store's header, as a new store starts.
pub const STORE_HEADER: &str = "<!-- mind: memories from commit messages and the MEMORY: comments commits add.
Derived from git history and not tracked by git: `mind harvest` rebuilds it in a new clone.
To keep an entry in the shared memory, copy it to MEMORY.md (`mind harvest --to-memory` moves them all). -->
";

/// Lines of the commit store that contain `needle` (none when there is no store).
pub fn store_lines(env: &Env, needle: &str) -> Vec<String> {
    std::fs::read_to_string(env.path(STORE))
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains(needle))
        .map(str::to_string)
        .collect()
}

/// `git status --porcelain` in `dir` (empty: a clean tree).
pub fn porcelain(env: &Env, dir: &Path) -> String {
    env.git_in(dir, &["status", "--porcelain", "--untracked-files=all"])
}
