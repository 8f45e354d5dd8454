//! Output: the colour policy and the one place that writes to stdout.

use std::io::{IsTerminal, Write};

use owo_colors::OwoColorize;
use serde::Serialize;

use crate::cli::ColorWhen;
use crate::error::{Error, Result};

/// Colours on or off, decided once from `--color`, `NO_COLOR` and whether the stream is a terminal.
#[derive(Debug, Clone, Copy)]
pub struct Paint {
    enabled: bool,
}

impl Paint {
    pub fn plain() -> Self {
        Paint { enabled: false }
    }

    pub fn for_stdout(when: ColorWhen) -> Self {
        Self::decide(when, std::io::stdout().is_terminal())
    }

    pub fn for_stderr(when: ColorWhen) -> Self {
        Self::decide(when, std::io::stderr().is_terminal())
    }

    fn decide(when: ColorWhen, terminal: bool) -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let enabled = match when {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => terminal && !no_color,
        };
        Paint { enabled }
    }

    pub fn error(&self, s: &str) -> String {
        if self.enabled {
            s.red().bold().to_string()
        } else {
            s.to_string()
        }
    }

    pub fn warn(&self, s: &str) -> String {
        if self.enabled {
            s.yellow().bold().to_string()
        } else {
            s.to_string()
        }
    }

    pub fn dim(&self, s: &str) -> String {
        if self.enabled {
            s.dimmed().to_string()
        } else {
            s.to_string()
        }
    }

    pub fn heading(&self, s: &str) -> String {
        if self.enabled {
            s.bold().to_string()
        } else {
            s.to_string()
        }
    }

    pub fn kind(&self, s: &str) -> String {
        if self.enabled {
            s.cyan().to_string()
        } else {
            s.to_string()
        }
    }

    pub fn good(&self, s: &str) -> String {
        if self.enabled {
            s.green().to_string()
        } else {
            s.to_string()
        }
    }

    pub fn highlight(&self, s: &str) -> String {
        if self.enabled {
            s.yellow().bold().to_string()
        } else {
            s.to_string()
        }
    }
}

/// Write text to stdout. A closed pipe (`mind ... | head`) is not an error.
pub fn print(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Error::Failed(format!("writing to stdout: {e}"))),
    }
}

/// Print a value as pretty JSON followed by a newline.
pub fn print_json<T: Serialize>(value: &T) -> Result<()> {
    let mut text = serde_json::to_string_pretty(value).expect("output types serialise");
    text.push('\n');
    print(&text)
}

/// A note for humans on stderr (never mixed into data on stdout).
pub fn note(paint: &Paint, text: &str) {
    eprintln!("{} {text}", paint.dim("mind:"));
}

/// A warning on stderr.
pub fn warn(paint: &Paint, text: &str) {
    eprintln!("{} {text}", paint.warn("mind: warning:"));
}
