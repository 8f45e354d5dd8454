//! A progress bar on stderr for long scans and walks: shown only when stderr is a
//! terminal, output is not `--quiet`, and the work has already taken a while, so quick runs
//! and pipes never see it.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Show nothing before this much time has passed.
const DELAY: Duration = Duration::from_millis(400);

pub struct Progress {
    bar: Option<Mutex<Option<ProgressBar>>>,
    /// Wanted (not `--quiet`) but stderr is not a terminal, so no bar can show.
    unseen: bool,
    started: Instant,
    what: &'static str,
}

impl Progress {
    /// `what` names the counted items ("files", "commits"); `enabled` is false for `--quiet`.
    pub fn new(what: &'static str, enabled: bool) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let bar = (enabled && terminal).then(|| Mutex::new(None));
        Progress {
            bar,
            unseen: enabled && !terminal,
            started: Instant::now(),
            what,
        }
    }

    /// Whether progress is wanted but no bar can show it (stderr is a pipe or a file, as
    /// for an agent): a caller about to do long work says so in a note instead.
    pub fn unseen(&self) -> bool {
        self.unseen
    }

    /// Report `count` items done (callable from any thread).
    pub fn update(&self, count: usize) {
        let Some(slot) = &self.bar else { return };
        if self.started.elapsed() < DELAY {
            return;
        }
        let Ok(mut slot) = slot.lock() else { return };
        let bar = slot.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {pos} {msg} ({elapsed})")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.set_message(self.what);
            bar
        });
        bar.set_position(count as u64);
    }

    /// Remove the bar, if one was shown.
    pub fn finish(&self) {
        if let Some(slot) = &self.bar
            && let Ok(mut slot) = slot.lock()
            && let Some(bar) = slot.take()
        {
            bar.finish_and_clear();
        }
    }
}
