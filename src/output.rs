//! Output: the colour policy and the one place that writes to stdout.

use std::borrow::Cow;
use std::io::{IsTerminal, Write};

use owo_colors::OwoColorize;
use serde::Serialize;

use crate::cli::ColorWhen;
use crate::error::{Error, Result};
use crate::safety::controls;

/// Colours on or off, decided once per stream from `--color`, the environment and whether the
/// stream is a terminal.
#[derive(Debug, Clone, Copy)]
pub struct Paint {
    enabled: bool,
}

/// What the environment says about colour (<https://no-color.org>, <https://bixense.com/clicolors/>).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ColorEnv {
    /// `NO_COLOR` set and not empty.
    pub no_color: bool,
    /// `CLICOLOR_FORCE` set and not empty.
    pub clicolor_force: bool,
    /// `CLICOLOR` set: `Some(false)` for `0`.
    pub clicolor: Option<bool>,
    /// `TERM=dumb`: a terminal that shows escape codes as text.
    pub dumb_terminal: bool,
}

impl ColorEnv {
    pub fn from_process() -> Self {
        ColorEnv {
            no_color: anstyle_query::no_color(),
            clicolor_force: anstyle_query::clicolor_force(),
            clicolor: anstyle_query::clicolor(),
            dumb_terminal: std::env::var_os("TERM").is_some_and(|t| t == "dumb"),
        }
    }

    /// Colour for a stream under `--color WHEN`. The flag wins; then `NO_COLOR` (off),
    /// `CLICOLOR_FORCE` (on, even into a pipe), `CLICOLOR=0` (off), `TERM=dumb` (off);
    /// otherwise colour exactly when the stream is a terminal.
    pub fn colour(self, when: ColorWhen, terminal: bool) -> bool {
        match when {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto if self.no_color => false,
            ColorWhen::Auto if self.clicolor_force => true,
            ColorWhen::Auto if self.clicolor == Some(false) => false,
            ColorWhen::Auto if self.dumb_terminal => false,
            ColorWhen::Auto => terminal,
        }
    }
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
        Paint {
            enabled: ColorEnv::from_process().colour(when, terminal),
        }
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

/// How many columns `text` takes on a terminal: escape sequences (colour) take none, wide
/// characters (CJK, most emoji) two, combining marks none.
pub fn display_width(text: &str) -> usize {
    let mut width = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters... final byte in @..~ ; any other escape is two characters.
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            continue;
        }
        width += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
    }
    width
}

/// `text` (coloured or not) followed by spaces up to `width` columns, so columns line up
/// whatever the colour codes or wide characters in them (`format!("{:<10}")` counts bytes).
pub fn pad_end(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(display_width(text));
    let mut out = String::with_capacity(text.len() + fill);
    out.push_str(text);
    out.extend(std::iter::repeat_n(' ', fill));
    out
}

/// Stored text made safe to show: every terminal control (escape sequences, BEL, a lone
/// carriage return, bidi overrides) becomes a visible `\\uXXXX` (which is also how JSON
/// writes the same character, so a JSON document stays valid and means the same). Every
/// printer of text read from files uses it; [`print`] applies it to all of stdout as well,
/// keeping only colour codes.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    controls::escape(text, false)
}

/// Write text to stdout, terminal controls escaped ([`escape_controls`]) but for mind's own
/// colour codes. A closed pipe (`mind ... | head`) is not an error.
pub fn print(text: &str) -> Result<()> {
    write_stdout(&controls::escape(text, true))
}

/// [`print`] for output painted with `paint`: when it adds no colour, no colour code in the
/// text is mind's, so every one is shown as the visible `\u001b[…m` (memory text printed
/// into a pipe, where an agent reads it, or with `--color never`).
pub fn print_painted(text: &str, paint: &Paint) -> Result<()> {
    write_stdout(&controls::escape(text, paint.enabled))
}

fn write_stdout(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Error::Failed(format!("writing to stdout: {e}"))),
    }
}

/// The version of every JSON document `mind` prints (docs/json.md). It changes only when a
/// field is removed or changes meaning; new fields may appear in any version.
pub const JSON_SCHEMA_VERSION: u32 = 1;

/// A JSON object with `schema_version` first, then the fields of `value` (a struct or map).
#[derive(Serialize)]
struct Versioned<'a, T: Serialize> {
    schema_version: u32,
    #[serde(flatten)]
    value: &'a T,
}

fn versioned<T: Serialize>(value: &T) -> Versioned<'_, T> {
    Versioned {
        schema_version: JSON_SCHEMA_VERSION,
        value,
    }
}

/// A command's JSON reply as printed: pretty, `schema_version` first, a final newline.
pub fn json_text<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(&versioned(value)).expect("output types serialise");
    text.push('\n');
    text
}

/// One record of a JSON-lines stream (`mind parse --json`): compact, `schema_version` first,
/// a final newline.
pub fn json_line<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string(&versioned(value)).expect("output types serialise");
    text.push('\n');
    text
}

/// Print a command's JSON reply (every `--json` output but the JSON-lines of `mind parse`).
pub fn print_json<T: Serialize>(value: &T) -> Result<()> {
    print(&json_text(value))
}

#[derive(Serialize)]
struct ErrorReply<'a> {
    error: ErrorBody<'a>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'a str>,
    exit_code: u8,
}

/// An error under `--json`, as printed on stderr:
/// `{"schema_version": 1, "error": {"message", "hint"?, "exit_code"}}`.
pub fn json_error_text(message: &str, hint: Option<&str>, exit_code: u8) -> String {
    json_text(&ErrorReply {
        error: ErrorBody {
            message,
            hint,
            exit_code,
        },
    })
}

/// Text on stderr, as given: every error, hint, warning and note goes through here. A reader
/// of stderr that went away (`mind ... 2>&1 | head -1`) ends what is said there, never the
/// command: the write's failure is dropped, so the exit code stays the command's own
/// (`eprintln!` would panic on the closed pipe and exit 101 instead).
pub fn to_stderr(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

/// A note for humans on stderr (never mixed into data on stdout).
pub fn note(paint: &Paint, text: &str) {
    to_stderr(&format!(
        "{} {}\n",
        paint.dim("mind:"),
        controls::escape(text, true)
    ));
}

/// A warning on stderr.
pub fn warn(paint: &Paint, text: &str) {
    to_stderr(&format!(
        "{} {}\n",
        paint.warn("mind: warning:"),
        controls::escape(text, true)
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env() -> ColorEnv {
        ColorEnv::default()
    }

    #[test]
    fn the_flag_wins_over_every_variable() {
        let all_off = ColorEnv {
            no_color: true,
            clicolor: Some(false),
            dumb_terminal: true,
            ..env()
        };
        assert!(all_off.colour(ColorWhen::Always, false));
        let forced = ColorEnv {
            clicolor_force: true,
            ..env()
        };
        assert!(!forced.colour(ColorWhen::Never, true));
    }

    #[test]
    fn auto_follows_the_variables_in_order_then_the_terminal() {
        let auto = |e: ColorEnv, tty| e.colour(ColorWhen::Auto, tty);
        assert!(auto(env(), true));
        assert!(!auto(env(), false));
        // NO_COLOR beats CLICOLOR_FORCE.
        let both = ColorEnv {
            no_color: true,
            clicolor_force: true,
            ..env()
        };
        assert!(!auto(both, true));
        // CLICOLOR_FORCE colours a pipe and a dumb terminal, and beats CLICOLOR=0.
        let forced = ColorEnv {
            clicolor_force: true,
            clicolor: Some(false),
            dumb_terminal: true,
            ..env()
        };
        assert!(auto(forced, false));
        assert!(!auto(
            ColorEnv {
                clicolor: Some(false),
                ..env()
            },
            true
        ));
        // CLICOLOR=1 only says colour is supported: a pipe stays plain.
        assert!(!auto(
            ColorEnv {
                clicolor: Some(true),
                ..env()
            },
            false
        ));
        assert!(auto(
            ColorEnv {
                clicolor: Some(true),
                ..env()
            },
            true
        ));
        assert!(!auto(
            ColorEnv {
                dumb_terminal: true,
                ..env()
            },
            true
        ));
    }

    #[test]
    fn every_colour_mind_paints_is_kept_and_no_other() {
        let paint = Paint { enabled: true };
        let painted = [
            paint.error("e"),
            paint.warn("w"),
            paint.dim("d"),
            paint.heading("h"),
            paint.kind("k"),
            paint.good("g"),
            paint.highlight("x"),
        ];
        for text in painted {
            assert!(text.contains('\u{1b}'), "{text:?}");
            assert_eq!(controls::escape(&text, true), text);
        }
        assert_eq!(
            controls::escape(&paint.dim("d"), Paint::plain().enabled),
            "\\u001b[2md\\u001b[0m"
        );
    }

    #[test]
    fn width_ignores_colour_codes_and_counts_wide_characters_twice() {
        assert_eq!(display_width("decision"), 8);
        assert_eq!(display_width("\u{1b}[36mdecision\u{1b}[39m"), 8);
        assert_eq!(display_width("\u{1b}[1;33mdue\u{1b}[0m"), 3);
        assert_eq!(display_width("日本"), 4);
        assert_eq!(display_width("e\u{301}"), 1);
        assert_eq!(
            pad_end("\u{1b}[36mgotcha\u{1b}[39m", 10),
            "\u{1b}[36mgotcha\u{1b}[39m    "
        );
        assert_eq!(pad_end("日本", 6), "日本  ");
        assert_eq!(pad_end("much longer than ten", 10), "much longer than ten");
    }
}
