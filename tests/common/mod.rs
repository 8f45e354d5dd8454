//! Shared test support: a hermetic environment per test — a temp folder holding the
//! project and the global folder, a fixed clock, no colour, no user git config.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command as StdCommand;

use assert_cmd::Command;
use tempfile::TempDir;

pub const T0: &str = "2026-01-15T09:00:00Z";

pub struct Env {
    pub dir: TempDir,
    pub now: String,
}

impl Env {
    /// A fresh environment with an empty project folder `project/` and global folder `home/`.
    pub fn new() -> Env {
        let dir = tempfile::tempdir().expect("temp dir");
        fs::create_dir_all(dir.path().join("project")).unwrap();
        fs::create_dir_all(dir.path().join("home")).unwrap();
        Env {
            dir,
            now: T0.to_string(),
        }
    }

    /// A fresh environment with `mind init` already run in `project/`.
    pub fn initialised() -> Env {
        let env = Env::new();
        env.mind(&["init"]).assert().success();
        env
    }

    pub fn root(&self) -> PathBuf {
        self.dir.path().join("project")
    }

    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    /// Set the clock for the following commands (RFC 3339).
    pub fn at(&mut self, now: &str) -> &mut Self {
        self.now = now.to_string();
        self
    }

    /// A `mind` command run in the project folder with a hermetic environment.
    pub fn mind(&self, args: &[&str]) -> Command {
        let mut cmd = Command::cargo_bin("mind").expect("mind binary");
        cmd.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.dir.path())
            .env("MIND_HOME", self.home())
            .env("MIND_NOW", &self.now)
            .env("TZ", "UTC")
            .env("NO_COLOR", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .current_dir(self.root())
            .args(args);
        cmd
    }

    /// A `mind` command run the way a user runs it, in `dir`: HOME is the temp folder, no
    /// MIND_HOME, no XDG_* variables (the global folder is the default data folder).
    pub fn mind_as_user(&self, dir: &Path, args: &[&str]) -> Command {
        let mut cmd = self.mind(args);
        cmd.env_remove("MIND_HOME").current_dir(dir);
        cmd
    }

    /// Run `mind` and return its stdout, asserting success.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.mind(args).output().expect("run mind");
        assert!(
            out.status.success(),
            "mind {args:?} failed: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8 stdout")
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.root().join(rel)
    }

    pub fn write(&self, rel: &str, content: impl AsRef<[u8]>) {
        let path = self.path(rel);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).unwrap();
        }
        fs::write(path, content).unwrap();
    }

    pub fn read(&self, rel: &str) -> String {
        fs::read_to_string(self.path(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
    }

    pub fn read_bytes(&self, rel: &str) -> Vec<u8> {
        fs::read(self.path(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
    }

    pub fn exists(&self, rel: &str) -> bool {
        self.path(rel).exists()
    }

    /// Run git in `dir` with fixed identity and dates; panics on failure.
    pub fn git_in(&self, dir: &Path, args: &[&str]) -> String {
        let out = StdCommand::new("git")
            .args(args)
            .current_dir(dir)
            .env("HOME", self.dir.path())
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_NAME", "Test")
            .env("GIT_AUTHOR_EMAIL", "test@example.com")
            .env("GIT_COMMITTER_NAME", "Test")
            .env("GIT_COMMITTER_EMAIL", "test@example.com")
            .env("GIT_AUTHOR_DATE", "2026-01-15T09:00:00Z")
            .env("GIT_COMMITTER_DATE", "2026-01-15T09:00:00Z")
            .output()
            .expect("run git");
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Run git in the project folder.
    pub fn git(&self, args: &[&str]) -> String {
        self.git_in(&self.root(), args)
    }
}
