//! The context every command runs in: where it was called, the clock, output settings.

use std::cell::RefCell;
use std::path::PathBuf;

use serde::Serialize;

use crate::capture::derived;
use crate::cli::GlobalArgs;
use crate::clock::Clock;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::output::{self, Paint};
use crate::store::{self, Project, home::GlobalFolder, state::State};

pub struct Ctx {
    pub cwd: PathBuf,
    pub json: bool,
    pub quiet: bool,
    pub project_override: Option<PathBuf>,
    pub clock: Clock,
    /// Colours for stdout.
    pub paint: Paint,
    /// Colours for stderr.
    pub err_paint: Paint,
    /// Where [`Ctx::reply`] puts a command's JSON reply instead of printing it: set for
    /// the MCP server, whose stdout carries only protocol messages.
    kept_reply: Option<RefCell<Option<serde_json::Value>>>,
    /// The warnings a tool call's command gave (see [`Ctx::warn`]), for its reply.
    kept_warnings: RefCell<Vec<String>>,
}

impl Ctx {
    pub fn from_args(global: &GlobalArgs) -> Result<Ctx> {
        let cwd = std::env::current_dir()
            .map_err(|e| Error::Failed(format!("cannot read the current folder: {e}")))?;
        Ok(Ctx {
            cwd,
            json: global.json,
            quiet: global.quiet,
            project_override: global.project.clone().filter(|p| !p.as_os_str().is_empty()),
            clock: Clock::from_env()?,
            paint: Paint::for_stdout(global.color),
            err_paint: Paint::for_stderr(global.color),
            kept_reply: None,
            kept_warnings: RefCell::new(Vec::new()),
        })
    }

    /// The context of one MCP tool call: JSON replies kept for the caller (see
    /// [`Ctx::take_reply`]), nothing printed, no colour; the project found from `cwd`, or
    /// `project` when given.
    pub fn for_tool(cwd: PathBuf, project: Option<PathBuf>) -> Result<Ctx> {
        Ok(Ctx {
            cwd,
            json: true,
            quiet: true,
            project_override: project,
            clock: Clock::from_env()?,
            paint: Paint::plain(),
            err_paint: Paint::plain(),
            kept_reply: Some(RefCell::new(None)),
            kept_warnings: RefCell::new(Vec::new()),
        })
    }

    /// The context of an agent's hook that has no command line of its own to read: quiet,
    /// plain, in `cwd`.
    pub fn for_hook(cwd: PathBuf) -> Result<Ctx> {
        Ok(Ctx {
            cwd,
            json: false,
            quiet: true,
            project_override: None,
            clock: Clock::from_env()?,
            paint: Paint::plain(),
            err_paint: Paint::plain(),
            kept_reply: None,
            kept_warnings: RefCell::new(Vec::new()),
        })
    }

    /// A command's JSON reply (`--json`): printed, or kept when the context is a tool call's.
    pub fn reply<T: Serialize>(&self, value: &T) -> Result<()> {
        match &self.kept_reply {
            Some(kept) => {
                let value = serde_json::to_value(value).expect("output types serialise");
                *kept.borrow_mut() = Some(value);
                Ok(())
            }
            None => output::print_json(value),
        }
    }

    /// The reply a command gave through [`Ctx::reply`] in a tool call's context.
    pub fn take_reply(&self) -> Option<serde_json::Value> {
        self.kept_reply.as_ref().and_then(|kept| kept.take())
    }

    /// The project this command works on (`--project`, `MIND_PROJECT`, or the nearest `.mind/`).
    pub fn project(&self) -> Result<Project> {
        store::discover(&self.cwd, self.project_override.as_deref())
    }

    /// The project's config; an unusable config.json falls back to defaults with a warning.
    pub fn config(&self, project: &Project) -> Result<Config> {
        let config = Config::load(&project.config())?;
        if let Some(problem) = &config.problem {
            self.warn(&format!("{}: {problem}", project.config().display()));
        }
        Ok(config)
    }

    /// A warning: on stderr unless `--quiet`; in a tool call's context kept for the reply
    /// (once each), since an MCP client shows the agent no stderr.
    pub fn warn(&self, text: &str) {
        if self.kept_reply.is_some() {
            let mut kept = self.kept_warnings.borrow_mut();
            if !kept.iter().any(|w| w == text) {
                kept.push(text.to_string());
            }
        } else if !self.quiet {
            output::warn(&self.err_paint, text);
        }
    }

    /// The warnings kept by [`Ctx::warn`] in a tool call's context.
    pub fn take_warnings(&self) -> Vec<String> {
        self.kept_warnings.take()
    }

    /// The global folder: `MIND_HOME`, else the platform data folder; plus the Python
    /// Mind's `~/.mind` to read from, when present (see [`GlobalFolder`]).
    pub fn home(&self) -> Result<GlobalFolder> {
        GlobalFolder::from_env(&self.cwd)
    }

    /// Print human output unless `--quiet`.
    pub fn out(&self, text: &str) -> Result<()> {
        if self.quiet {
            Ok(())
        } else {
            output::print_painted(text, &self.paint)
        }
    }

    /// A note on stderr unless `--quiet`.
    pub fn note(&self, text: &str) {
        if !self.quiet {
            output::note(&self.err_paint, text);
        }
    }

    /// Record activity now. The caller holds the store lock.
    pub fn touch(&self, project: &Project) -> Result<()> {
        self.touch_returning_previous(project).map(|_| ())
    }

    /// Record activity now for an agent's hook (a tool call, a successful command), when
    /// the recorded activity is a minute old or more: the agent at work is activity, so its
    /// session does not end at the next recall after `session_gap_minutes` of tool calls.
    /// Cheap and never in the way: one read of state.json on almost every call; a write at
    /// most once a minute, under the store lock taken only if it is free (a busy store is
    /// another writer, and the next call tries again), with the state read again under it,
    /// so no other writer's change is lost. Never fails; a state.json that does not parse is
    /// left for `mind doctor`, never rewritten here.
    pub fn touch_if_idle(&self, project: &Project) {
        const RESOLUTION_MS: i64 = 60_000;
        let now = self.clock.epoch_ms();
        let recent = |state: &State| {
            state.problem.is_some()
                || state
                    .last_activity()
                    .is_some_and(|last| now - last < RESOLUTION_MS)
        };
        if State::load(&project.state()).map_or(true, |s| recent(&s)) {
            return;
        }
        let lock_path = project.file(store::LOCK_FILE);
        if store::guard::check(&lock_path).is_err() {
            return;
        }
        let Ok(Some(_lock)) = store::lock::StoreLock::try_acquire(&lock_path) else {
            return;
        };
        let Ok(mut state) = State::load(&project.state()) else {
            return;
        };
        if recent(&state) {
            return;
        }
        self.record_activity(project, &mut state);
        let _ = state.save(&project.state());
    }

    /// Record activity now and return the state as it was before.
    pub fn touch_returning_previous(&self, project: &Project) -> Result<State> {
        let before = State::load(&project.state())?;
        let mut state = before.clone();
        self.record_activity(project, &mut state);
        state.save(&project.state())?;
        Ok(before)
    }

    /// Remember in `state` a break that a recall would have taken for a new session, when
    /// this command (not a recall) is the first after it: otherwise recording its activity
    /// hides the break, and the next recall carries the finished session's blockers and
    /// rejections on as this one's. What SESSION.md holds now is counted as the finished
    /// session's; a command that writes SESSION.md calls this before it writes. `gap_ms` is
    /// the project's [`crate::config::Config::session_gap_ms`] when the caller has loaded
    /// it; otherwise config.json is read, and only when a break is possible (the shortest
    /// gap allowed is a minute).
    pub fn note_break(&self, project: &Project, state: &mut State, gap_ms: Option<i64>) {
        let now = self.clock.epoch_ms();
        let Some(last) = state.last_activity() else {
            return;
        };
        if state.unrecalled_break().is_some() || now - last <= 60_000 {
            return;
        }
        let gap_ms = gap_ms.unwrap_or_else(|| {
            crate::config::Config::load(&project.config())
                .map_or(crate::config::DEFAULT_GAP_MINUTES as i64 * 60_000, |c| {
                    c.session_gap_ms()
                })
        });
        if now - last <= gap_ms {
            return;
        }
        let items = crate::store::text::read_optional(&project.session())
            .ok()
            .flatten()
            .map(|bytes| {
                crate::store::session_file::parse(&crate::store::text::lossy(&bytes)).counts()
            })
            .unwrap_or_default();
        state.set_unrecalled_break(last, now, items);
    }

    /// Record activity now in a loaded `state`; the caller (holding the store lock) saves
    /// it, once, with whatever else it changes.
    pub fn record_activity(&self, project: &Project, state: &mut State) {
        self.record_activity_with_gap(project, state, None);
    }

    /// [`Ctx::record_activity`] for a caller that has the project's config loaded: its
    /// session gap ([`crate::config::Config::session_gap_ms`]), so config.json is not read
    /// again.
    pub fn record_activity_with_gap(
        &self,
        project: &Project,
        state: &mut State,
        gap_ms: Option<i64>,
    ) {
        self.note_break(project, state, gap_ms);
        self.start_session_if_none(project, state);
        state.set_last_activity(self.clock.epoch_ms());
    }

    /// [`Ctx::note_break`], and the start of a session when none is recorded yet (no recall
    /// has started one), for a command about to append to MEMORY.md or the commit store: it
    /// calls this before it writes, so what it writes is this session's and is never offered
    /// back as "dealt with before". The caller saves `state`.
    pub fn begin_activity(&self, project: &Project, state: &mut State, gap_ms: Option<i64>) {
        self.note_break(project, state, gap_ms);
        self.start_session_if_none(project, state);
    }

    /// A session that began without a recall starts with its first activity: MEMORY.md's and
    /// the commit store's lengths now mark where its lines begin.
    fn start_session_if_none(&self, project: &Project, state: &mut State) {
        if state.session_started().is_none() {
            let len = |path: PathBuf| std::fs::metadata(path).map_or(0, |m| m.len());
            let now = self.clock.epoch_ms();
            state.start_session(now, len(project.memory()), len(derived::path(project)));
        }
    }
}
