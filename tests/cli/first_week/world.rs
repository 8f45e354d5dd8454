//! A user's machine for the first-week scenario: a temp `HOME` with no `MIND_*` variable but
//! the clock, no XDG variables, real git with the installed hooks, and a record of everything
//! the scenario checks at the end (command times, logged lines, every SESSION.md before a
//! new session).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

/// How long a single command may run before the scenario calls it hung.
const HANG: Duration = Duration::from_secs(120);

use crate::common::User;

pub struct World {
    /// Whose machine it is: every command runs in their environment.
    user: User,
    /// (project root, text) of every line logged with `mind log`/`blocker`.
    pub logged: Vec<(PathBuf, String)>,
    /// (project root, bytes) of every SESSION.md just before a recall started a new session.
    pub sessions: Vec<(PathBuf, Vec<u8>)>,
}

impl World {
    pub fn new() -> World {
        World {
            user: User::new(),
            logged: Vec::new(),
            sessions: Vec::new(),
        }
    }

    pub fn home(&self) -> PathBuf {
        self.user.home().to_path_buf()
    }

    /// The platform data folder `mind` uses by default on Linux.
    pub fn data_dir(&self) -> PathBuf {
        self.home().join(".local/share/mind")
    }

    pub fn at(&mut self, now: &str) {
        self.user.at(now);
    }

    /// Runs `cmd`; a command still running after two minutes has hung (the failure this
    /// scenario guards against: a lock or prompt that never returns). It is killed and the
    /// test fails naming it. This is a hang guard, not a speed check.
    fn timed(&mut self, label: String, cmd: Command) -> Output {
        let out = assert_cmd::Command::from_std(cmd)
            .timeout(HANG)
            .output()
            .expect("run command");
        assert!(
            out.status.code().is_some(),
            "{label} hung (killed after {HANG:?})"
        );
        out
    }

    /// `mind ARGS` in `dir`; the output whatever the exit code.
    pub fn mind_output(&mut self, dir: &Path, args: &[&str]) -> Output {
        let mut cmd = self.user.command(env!("CARGO_BIN_EXE_mind"), dir);
        cmd.args(args);
        self.timed(format!("mind {args:?} in {}", dir.display()), cmd)
    }

    /// `mind ARGS` in `dir`, asserting success; stdout.
    pub fn mind(&mut self, dir: &Path, args: &[&str]) -> String {
        let out = self.mind_output(dir, args);
        assert!(
            out.status.success(),
            "mind {args:?} in {} failed:\n{}\n{}",
            dir.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8 stdout")
    }

    /// `mind log TYPE TEXT`, remembered for the end-of-week search check.
    pub fn log(&mut self, dir: &Path, kind: &str, text: &str) -> String {
        let reply = self.mind(dir, &["log", kind, text]);
        self.logged.push((dir.to_path_buf(), text.to_string()));
        reply
    }

    /// `mind blocker TEXT`, remembered like a log.
    pub fn blocker(&mut self, dir: &Path, text: &str) -> String {
        let reply = self.mind(dir, &["blocker", text]);
        self.logged.push((dir.to_path_buf(), text.to_string()));
        reply
    }

    /// `mind recall`, keeping the SESSION.md it may archive; returns (stdout, stderr).
    pub fn recall(&mut self, dir: &Path) -> (String, String) {
        let session = dir.join(".mind/SESSION.md");
        let before = fs::read(&session).ok();
        let out = self.mind_output(dir, &["recall"]);
        assert!(
            out.status.success(),
            "recall failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stderr = String::from_utf8(out.stderr).unwrap();
        if stderr.contains("new session")
            && let Some(bytes) = before
        {
            self.sessions.push((dir.to_path_buf(), bytes));
        }
        (String::from_utf8(out.stdout).unwrap(), stderr)
    }

    /// git ARGS in `dir` with `mind` on PATH (the hooks run), asserting success.
    pub fn git(&mut self, dir: &Path, args: &[&str]) -> String {
        let mut cmd = self.user.command("git", dir);
        cmd.args(args);
        let out = self.timed(format!("git {args:?}"), cmd);
        assert!(
            out.status.success(),
            "git {args:?} in {} failed:\n{}\n{}",
            dir.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// `git status --porcelain` is empty: nothing `mind` did is left for the user to commit.
    pub fn assert_clean(&mut self, dir: &Path, after: &str) {
        let status = self.git(dir, &["status", "--porcelain", "--untracked-files=all"]);
        assert_eq!(status, "", "git status not clean after {after}");
    }

    /// Commit everything in `dir` with a message (the hooks run).
    pub fn commit_all(&mut self, dir: &Path, message: &str) {
        self.git(dir, &["add", "-A"]);
        self.git(dir, &["commit", "-q", "-m", message]);
    }

    /// Every file below `dir`, relative to it.
    pub fn files_below(dir: &Path) -> BTreeSet<PathBuf> {
        let mut out = BTreeSet::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            let Ok(rd) = fs::read_dir(&d) else { continue };
            for entry in rd.flatten() {
                let path = entry.path();
                let kind = entry.file_type().unwrap();
                if kind.is_dir() {
                    stack.push(path);
                } else {
                    out.insert(path.strip_prefix(dir).unwrap().to_path_buf());
                }
            }
        }
        out
    }
}

pub fn read(path: impl AsRef<Path>) -> String {
    let path = path.as_ref();
    fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

pub fn write(path: impl AsRef<Path>, text: impl AsRef<[u8]>) {
    let path = path.as_ref();
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// The lines of a file after its last `## YYYY-MM-DD` heading that are not blank.
pub fn lines_after_last_date(text: &str) -> Vec<String> {
    let start = text
        .lines()
        .collect::<Vec<_>>()
        .iter()
        .rposition(|l| {
            l.len() == 13
                && l.starts_with("## ")
                && l[3..].chars().all(|c| c.is_ascii_digit() || c == '-')
        })
        .map(|i| i + 1)
        .unwrap_or(0);
    text.lines()
        .skip(start)
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}
