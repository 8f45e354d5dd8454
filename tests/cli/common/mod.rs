//! Shared test support: a hermetic environment per test — a temp folder holding the
//! project and the global folder, a fixed clock, no colour, no user git config — and a
//! [`User`], who runs `mind` and git the way a person does.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command as StdCommand;
use std::time::Duration;

use assert_cmd::Command;
use tempfile::TempDir;

pub const T0: &str = "2026-01-15T09:00:00Z";

/// A PATH with git and a shell but no `mind`.
pub const BASE_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// A safety net only: a command that waits forever fails the test instead of hanging it.
pub const NO_HANG: Duration = Duration::from_secs(60);

/// (text, line, date) of each result in the output of `mind search --json`; the date is
/// empty for a line without one.
pub fn search_hits(json: &str) -> Vec<(String, u64, String)> {
    let out: serde_json::Value = serde_json::from_str(json).expect("search --json gives JSON");
    out["results"]
        .as_array()
        .expect("a results array")
        .iter()
        .map(|r| {
            (
                r["text"].as_str().unwrap().to_string(),
                r["line"].as_u64().unwrap(),
                r["date"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The lines of a context block's section `## NAME` after its heading, up to the blank line,
/// heading or marker that ends it; none when the block has no such section.
pub fn block_section(block: &str, name: &str) -> Vec<String> {
    let heading = format!("## {name}\n");
    let Some(start) = block.find(&heading) else {
        return Vec::new();
    };
    block[start + heading.len()..]
        .lines()
        .take_while(|l| !l.is_empty() && !l.starts_with("## ") && !l.starts_with("<!--"))
        .map(str::to_string)
        .collect()
}

/// [`BASE_PATH`] with the built `mind` in front, so the git hooks `mind` installs find it.
pub fn path_with_mind() -> String {
    let mind_dir = Path::new(env!("CARGO_BIN_EXE_mind"))
        .parent()
        .expect("binary folder");
    format!("{}:{BASE_PATH}", mind_dir.display())
}

/// Git reads neither the machine's nor the user's config and commits as a fixed identity
/// at `date` (as `-c user.name=...` would give it).
pub fn hermetic_git<'a>(cmd: &'a mut StdCommand, date: &str) -> &'a mut StdCommand {
    cmd.env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_AUTHOR_NAME", "Test")
        .env("GIT_AUTHOR_EMAIL", "test@example.com")
        .env("GIT_COMMITTER_NAME", "Test")
        .env("GIT_COMMITTER_EMAIL", "test@example.com")
        .env("GIT_AUTHOR_DATE", date)
        .env("GIT_COMMITTER_DATE", date)
}

/// Panics with both streams unless `out` is a success; stdout.
fn stdout_of_success(what: &str, out: std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 stdout")
}

/// MEMORY.md's part from the heading `## FROM` up to (not including) the heading `## TO`
/// moved into `.mind/archive/NAME`, the way a person moves old entries out.
pub fn archive(project: &Path, name: &str, from: &str, to: &str) {
    let memory = project.join(".mind/MEMORY.md");
    let text = fs::read_to_string(&memory).unwrap();
    let start = text
        .find(&format!("## {from}\n"))
        .expect("the first heading");
    let end = text.find(&format!("## {to}\n")).expect("the heading after");
    let dir = project.join(".mind/archive");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join(name), &text[start..end]).unwrap();
    fs::write(&memory, format!("{}{}", &text[..start], &text[end..])).unwrap();
}

/// Every file under `dir` (but .git, and .mind's state and caches, which commands keep
/// changing), with its bytes, sorted by path: a project's files to compare before and after.
pub fn project_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(dir).unwrap().display().to_string();
            if rel == ".git" || rel == ".mind/cache" || rel == ".mind/state.json" {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push((rel, fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// A person at their machine: a temp HOME, no MIND_HOME nor any other MIND_* variable but
/// the clock, no XDG_* variables, the built `mind` on PATH, git without user config. Their
/// projects are folders under HOME; the global folder is the default data folder there.
pub struct User {
    home: PathBuf,
    /// Keeps a temp HOME alive; `None` when the HOME belongs to an [`Env`].
    _tmp: Option<TempDir>,
    now: String,
}

impl User {
    /// A fresh user with an empty temp HOME, at [`T0`].
    pub fn new() -> User {
        let tmp = tempfile::tempdir().expect("temp dir");
        User {
            home: tmp.path().to_path_buf(),
            _tmp: Some(tmp),
            now: T0.to_string(),
        }
    }

    pub fn home(&self) -> &Path {
        &self.home
    }

    /// `$HOME/REL`, created.
    pub fn folder(&self, rel: &str) -> PathBuf {
        let dir = self.home.join(rel);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Set the clock (RFC 3339) for the following commands, `mind`'s and git's.
    pub fn at(&mut self, now: &str) -> &mut Self {
        self.now = now.to_string();
        self
    }

    /// `program` in `cwd` with the user's environment and nothing else.
    pub fn command(&self, program: &str, cwd: &Path) -> StdCommand {
        let mut cmd = StdCommand::new(program);
        cmd.env_clear()
            .env("PATH", path_with_mind())
            .env("HOME", &self.home)
            .env("MIND_NOW", &self.now)
            .env("TZ", "UTC")
            .env("NO_COLOR", "1")
            .current_dir(cwd);
        hermetic_git(&mut cmd, &self.now);
        cmd
    }

    /// `mind ARGS` in `cwd`, to run and assert on.
    pub fn mind(&self, cwd: &Path, args: &[&str]) -> Command {
        let mut cmd = Command::from_std(self.command(env!("CARGO_BIN_EXE_mind"), cwd));
        cmd.args(args).timeout(NO_HANG);
        cmd
    }

    /// `mind ARGS` in `cwd`, asserting success; stdout.
    pub fn ok(&self, cwd: &Path, args: &[&str]) -> String {
        let out = self.mind(cwd, args).output().expect("run mind");
        stdout_of_success(&format!("mind {args:?} in {}", cwd.display()), out)
    }

    /// The type `mind parse --lines --rules-only --json FILE` gives each line of `file`, in
    /// order (`none` for a line it keeps nothing from).
    pub fn line_types(&self, cwd: &Path, file: &str) -> Vec<String> {
        let out = self.ok(cwd, &["parse", "--lines", "--rules-only", "--json", file]);
        out.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["type"].as_str().unwrap().to_string()
            })
            .collect()
    }

    /// The type the parser gives each line of `text`, written to `lines.md` in `project`
    /// (see [`User::line_types`]).
    pub fn types_of(&self, project: &Path, text: &str) -> Vec<String> {
        fs::write(project.join("lines.md"), text).unwrap();
        self.line_types(project, "lines.md")
    }

    /// A git repository at `rel` under the user's home with `mind ARGS` run in it (`init`,
    /// `init --hooks`): the project a test works in.
    pub fn project(&self, rel: &str, args: &[&str]) -> PathBuf {
        let project = self.folder(rel);
        self.git(&project, &["init", "-q"]);
        self.ok(&project, args);
        project
    }

    /// A fresh user with one initialised project, `work/app`, and the clock set to `now`.
    pub fn with_project(now: &str) -> (User, PathBuf) {
        let mut user = User::new();
        let project = user.project("work/app", &["init"]);
        user.at(now);
        (user, project)
    }

    /// `mind log KIND TEXT` in `cwd` for each text, in order.
    pub fn log_each(&self, cwd: &Path, kind: &str, texts: &[&str]) {
        for text in texts {
            self.ok(cwd, &["log", kind, text]);
        }
    }

    /// Write `file` (relative to `cwd`) and commit it alone with `message` (the hooks run).
    pub fn commit_file(&self, cwd: &Path, file: &str, contents: &str, message: &str) {
        fs::write(cwd.join(file), contents).expect("write the file to commit");
        self.git(cwd, &["add", file]);
        self.git(cwd, &["commit", "-q", "-m", message]);
    }

    /// `git ARGS` in `cwd` (the hooks `mind` installed run), asserting success; stdout.
    pub fn git(&self, cwd: &Path, args: &[&str]) -> String {
        let out = self
            .command("git", cwd)
            .args(args)
            .output()
            .expect("run git");
        stdout_of_success(&format!("git {args:?} in {}", cwd.display()), out)
    }
}

pub struct Env {
    pub dir: TempDir,
    pub now: String,
}

impl Env {
    /// `context_targets` of the project's `.mind/config.json`.
    pub fn context_targets(&self) -> serde_json::Value {
        serde_json::from_str::<serde_json::Value>(&self.read(".mind/config.json"))
            .expect("config.json is JSON")["context_targets"]
            .clone()
    }

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

    /// A user whose HOME is this environment's temp folder, at its clock: `mind` run the
    /// way a person runs it, without MIND_HOME (the global folder is the default data folder).
    pub fn user(&self) -> User {
        User {
            home: self.dir.path().to_path_buf(),
            _tmp: None,
            now: self.now.clone(),
        }
    }

    /// Run `mind` and return its stdout, asserting success.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.mind(args).output().expect("run mind");
        stdout_of_success(&format!("mind {args:?}"), out)
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.root().join(rel)
    }

    /// Set a project file's modification time (to age it, or to keep it with new content).
    pub fn set_modified(&self, rel: &str, time: std::time::SystemTime) {
        std::fs::File::options()
            .write(true)
            .open(self.path(rel))
            .unwrap()
            .set_modified(time)
            .unwrap();
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
        let mut cmd = StdCommand::new("git");
        cmd.args(args).current_dir(dir).env("HOME", self.dir.path());
        let out = hermetic_git(&mut cmd, T0).output().expect("run git");
        stdout_of_success(&format!("git {args:?}"), out)
    }

    /// Run git in the project folder.
    pub fn git(&self, args: &[&str]) -> String {
        self.git_in(&self.root(), args)
    }
}
