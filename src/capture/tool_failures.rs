//! Shell commands an agent ran, as its harness reports them after the call: which failed,
//! under what stable key, with which first error line, and how SESSION.md records them.
//!
//! Claude Code sends `PostToolUse` after a call that succeeded and `PostToolUseFailure`
//! (with an `error` text) after one that failed; a `tool_response` that carries a non-zero
//! `exit_code` (or `exitCode`, `returncode`) counts as a failure too. Codex sends
//! `PostToolUse` for every Bash call, its `tool_response` the output as the model reads it
//! (text with an `Exit code: N` or `Process exited with code N` line; an object with an
//! exit code is read as Claude Code's). A Codex call whose exit code cannot be found is no
//! event: neither a failure nor the success that closes one. Every field may be missing:
//! what cannot be read is no event at all.
//!
//! A user's interrupt (`is_interrupt`, a response `interrupted`) says nothing about the
//! command, and a command started in the background (`run_in_background`, a
//! `backgroundTaskId` in the response) has no outcome yet: neither is an event.
//!
//! SESSION.md lines (Experience section), one per distinct failure, repeats counted:
//! - `command failed: `KEY` (PLACE): ERROR` (then `command failed 2 times: ...`);
//! - `fixed: `KEY` (PLACE) succeeded after N failed attempts` once it succeeds.
//!
//! PLACE ([`Place`]) tells agents working in one project at once apart: the folder the
//! command ran in (left out at the project's root) and a tag of the agent's session; with
//! neither, the line has no parentheses. ERROR is the command's output, text nobody chose to
//! keep (a test fixture, a fetched page, a dependency's message): it is stored made one
//! line (controls visible, `<!--` neutral), and the `fixed:` line leaves it out.
//!
//! Failure lines stay in the session; the `fixed:` line, without the agent's tag
//! ([`memory_line`]), is what a new session promotes.

use std::path::{Component, Path};
use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

/// At most this many distinct failures are recorded in one session.
pub const SESSION_CAP: usize = 20;
/// The label that starts a failure line.
pub const FAILED: &str = "command failed";
/// The label that starts a fixed line.
pub const FIXED: &str = "fixed:";

const MAX_TOKEN: usize = 32;
const MAX_TOKENS: usize = 8;
const MAX_ERROR: usize = 160;
const MAX_FOLDER: usize = 60;

/// What the harness reported about one shell command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellOutcome {
    /// The harness's event name, echoed in the reply.
    pub event: String,
    pub command: String,
    /// `None`: it succeeded; `Some(text)`: it failed with this output (may be empty).
    pub failure: Option<String>,
    /// The harness's session id, which tells one agent from another.
    pub session: Option<String>,
}

/// The input's `session_id`, when it has one.
fn session_id(v: &Value) -> Option<String> {
    v.get("session_id")
        .and_then(Value::as_str)
        .filter(|s| !s.trim().is_empty())
        .map(str::to_string)
}

/// Read a Claude Code post-tool input. `None` unless it is a Bash call with a command.
pub fn parse_claude(input: &str) -> Option<ShellOutcome> {
    let v: Value = serde_json::from_str(input).ok()?;
    let event = v.get("hook_event_name")?.as_str()?.to_string();
    if v.get("tool_name")?.as_str()? != "Bash" {
        return None;
    }
    let command = v.get("tool_input")?.get("command")?.as_str()?.to_string();
    if command.trim().is_empty() {
        return None;
    }
    let response = v.get("tool_response");
    let yes = |value: Option<&Value>| value.and_then(Value::as_bool) == Some(true);
    // The user stopped it: that says nothing about the command, whatever the harness
    // reports; no failure to count and no success to close one with.
    if yes(v.get("is_interrupt")) || yes(response.and_then(|r| r.get("interrupted"))) {
        return None;
    }
    // Started in the background: its outcome comes later, unseen by this hook.
    let background = yes(v.get("tool_input")?.get("run_in_background"))
        || response
            .and_then(|r| r.get("backgroundTaskId"))
            .is_some_and(|id| !id.is_null());
    let text = |key: &str| {
        response
            .and_then(|r| r.get(key))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let failure = match event.as_str() {
        "PostToolUseFailure" => Some(
            v.get("error")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| text("stderr")),
        ),
        "PostToolUse" => {
            let code = ["exit_code", "exitCode", "returncode", "returnCode"]
                .iter()
                .find_map(|k| response.and_then(|r| r.get(*k)).and_then(Value::as_i64));
            match code {
                Some(c) if c != 0 => {
                    let stderr = text("stderr");
                    Some(if stderr.trim().is_empty() {
                        text("stdout")
                    } else {
                        stderr
                    })
                }
                _ if background => return None,
                _ => None,
            }
        }
        _ => return None,
    };
    Some(ShellOutcome {
        event,
        command,
        failure,
        session: session_id(&v),
    })
}

/// Read a Codex `PostToolUse` input (<https://developers.openai.com/codex/hooks>; schema
/// `codex-rs/hooks/schema/generated/post-tool-use.command.input.schema.json` in
/// openai/codex). `None` unless it is a Bash call with a command and a readable exit code.
pub fn parse_codex(input: &str) -> Option<ShellOutcome> {
    let v: Value = serde_json::from_str(input).ok()?;
    if v.get("hook_event_name")?.as_str()? != "PostToolUse"
        || v.get("tool_name")?.as_str()? != "Bash"
    {
        return None;
    }
    let command = v.get("tool_input")?.get("command")?.as_str()?.to_string();
    if command.trim().is_empty() {
        return None;
    }
    let failure = match v.get("tool_response")? {
        Value::String(text) => {
            let code = exit_code_in(text)?;
            (code != 0).then(|| output_after_header(text).to_string())
        }
        response @ Value::Object(_) => {
            let code = ["exit_code", "exitCode", "returncode", "returnCode"]
                .iter()
                .find_map(|k| response.get(*k).and_then(Value::as_i64))?;
            let text = |key: &str| response.get(key).and_then(Value::as_str).unwrap_or("");
            (code != 0).then(|| {
                let stderr = text("stderr");
                let out = if stderr.trim().is_empty() {
                    ["output", "stdout"]
                        .iter()
                        .map(|k| text(k))
                        .find(|t| !t.trim().is_empty())
                        .unwrap_or("")
                } else {
                    stderr
                };
                out.to_string()
            })
        }
        _ => return None,
    };
    Some(ShellOutcome {
        event: "PostToolUse".into(),
        command,
        failure,
        session: session_id(&v),
    })
}

/// A Codex shell output without its header (exit code, wall time): what follows its
/// `Output:` line, or all of it.
fn output_after_header(text: &str) -> &str {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        at += line.len();
        if line.trim() == "Output:" {
            return &text[at..];
        }
    }
    text
}

/// The exit code a Codex shell output states in its header lines.
fn exit_code_in(text: &str) -> Option<i64> {
    static CODE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?im)^\s*(?:exit code:?|process exited with code)\s*(-?\d+)\b")
            .expect("valid exit code pattern")
    });
    CODE.captures(text)?.get(1)?.as_str().parse().ok()
}

/// `text` with tokens, keys and passwords replaced by `[redacted]`.
pub fn redact(text: &str) -> String {
    crate::safety::secrets::redact(text).0.into_owned()
}

/// The stable key of a command: its first line, a leading `cd DIR &&` dropped, whitespace
/// collapsed, secrets redacted, absolute paths shortened to their last part, long tokens
/// cut and at most a few tokens kept — so reruns with another temp path are one kind. Stored
/// as a memory line is: controls visible, `<!--` neutral.
pub fn normalise(command: &str) -> String {
    let first = command.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut rest = first.trim();
    if let Some(after_cd) = rest.strip_prefix("cd ")
        && let Some((_, tail)) = after_cd.split_once("&&")
    {
        rest = tail.trim();
    }
    let redacted = redact(rest).replace('`', "'");
    let tokens: Vec<String> = redacted
        .split_whitespace()
        .take(MAX_TOKENS + 1)
        .enumerate()
        .map(|(i, token)| {
            if i == MAX_TOKENS {
                return "…".to_string();
            }
            let token = if token.starts_with('/') || token.starts_with("~/") {
                token
                    .trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or(token)
            } else {
                token
            };
            cut(token, MAX_TOKEN)
        })
        .collect();
    crate::store::text::one_line(&tokens.join(" "))
}

/// The first line of `output` that reads as an error (else its first non-empty line that
/// is not just an exit-code note), whitespace collapsed, colour codes dropped, redacted and
/// shortened; stored as a memory line is (controls visible, `<!--` neutral), because the
/// output is anyone's text.
pub fn first_error_line(output: &str) -> String {
    // Colour codes, which test runners print, are formatting, not text.
    static COLOUR: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\x1b\[[0-9;?]*[ -/]*[@-~]").expect("valid colour code pattern")
    });
    let output = COLOUR.replace_all(output, "");
    static ERROR: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(error|failed|failure|fatal|panicked|exception|traceback|denied|not found|no such|cannot|can't|unable|invalid|refused|E\d{3,})")
            .expect("valid error pattern")
    });
    static NOISE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^(exit code:? \d+|command (failed|exited) with (exit )?code \d+\.?)$")
            .expect("valid noise pattern")
    });
    let lines: Vec<String> = output
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty() && !NOISE.is_match(l))
        .collect();
    let line = lines
        .iter()
        .find(|l| ERROR.is_match(l))
        .or_else(|| lines.first())
        .map(String::as_str)
        .unwrap_or("");
    crate::store::text::one_line(&cut(&redact(line), MAX_ERROR))
}

fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// Where a command ran and for which agent: the folder relative to the project's root
/// (empty at the root) and a tag of the harness's session id (`None` when the input gave
/// none). Two agents at work in one project at once each have their own failures: one's
/// first attempt is no repeat of the other's, and one's success in its folder fixes nothing
/// the other still fails at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Place {
    pub folder: String,
    pub agent: Option<String>,
}

impl Place {
    /// The place of a command run in `folder` (relative to the project's root) in the
    /// harness session `session`.
    pub fn new(folder: &Path, session: Option<&str>) -> Place {
        let mut parts: Vec<String> = Vec::new();
        for part in folder.components() {
            match part {
                Component::Normal(name) => parts.push(name.to_string_lossy().into_owned()),
                Component::ParentDir => {
                    parts.pop();
                }
                _ => {}
            }
        }
        // What would end the parentheses, a part or the key when the line is read back is
        // written as `_`, so every folder reads back as the same one.
        let folder: String = crate::store::text::one_line(&parts.join("/"))
            .chars()
            .map(|c| {
                if matches!(c, '(' | ')' | ',' | '`') {
                    '_'
                } else {
                    c
                }
            })
            .collect();
        Place {
            folder: cut(&folder, MAX_FOLDER),
            agent: session.map(agent_tag),
        }
    }

    /// The same agent: the same tag, or one of them without (a line written before agents
    /// were told apart, or an input without a session id).
    pub fn same_agent(&self, other: &Place) -> bool {
        match (&self.agent, &other.agent) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        }
    }

    /// The same agent in the same folder: what a failure's key holds besides the command.
    pub fn same(&self, other: &Place) -> bool {
        self.folder == other.folder && self.same_agent(other)
    }

    /// The folder as a reader is told it (`web/`, `the project root`).
    pub fn folder_shown(&self) -> String {
        if self.folder.is_empty() {
            "the project root".to_string()
        } else {
            format!("{}/", self.folder)
        }
    }

    /// ` (in web/, agent 1a2b3c)` after a line's key; nothing for the root and no agent.
    fn render(&self) -> String {
        let mut parts = Vec::new();
        if !self.folder.is_empty() {
            parts.push(format!("in {}/", self.folder));
        }
        if let Some(agent) = &self.agent {
            parts.push(format!("agent {agent}"));
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!(" ({})", parts.join(", "))
        }
    }

    /// The place written by [`Place::render`] at the start of `rest` (the text after a
    /// line's key), and what follows it; no place, and `rest` whole, when there is none.
    fn parse(rest: &str) -> (Place, &str) {
        let none = (Place::default(), rest);
        let Some((inside, after)) = rest.strip_prefix(" (").and_then(|r| r.split_once(')')) else {
            return none;
        };
        let mut place = Place::default();
        for part in inside.split(", ") {
            if let Some(folder) = part.strip_prefix("in ").and_then(|f| f.strip_suffix('/')) {
                place.folder = folder.to_string();
            } else if let Some(agent) = part.strip_prefix("agent ") {
                place.agent = Some(agent.to_string());
            } else {
                return none;
            }
        }
        (place, after)
    }
}

/// A short tag of a session id: six hex digits of its hash (ids that share their start,
/// as time-ordered ones do, get different tags).
fn agent_tag(session: &str) -> String {
    format!(
        "{:06x}",
        xxhash_rust::xxh3::xxh3_64(session.as_bytes()) >> 40
    )
}

/// A failure line as SESSION.md holds it (without the list marker).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailureLine {
    pub key: String,
    pub place: Place,
    pub error: String,
    pub count: usize,
}

impl FailureLine {
    pub fn render(&self) -> String {
        let times = if self.count > 1 {
            format!(" {} times", self.count)
        } else {
            String::new()
        };
        let head = format!("{FAILED}{times}: `{}`{}", self.key, self.place.render());
        if self.error.is_empty() {
            head
        } else {
            format!("{head}: {}", self.error)
        }
    }

    /// The line as its own agent is shown it: without the agent's tag.
    pub fn shown(&self) -> String {
        FailureLine {
            place: Place {
                agent: None,
                ..self.place.clone()
            },
            ..self.clone()
        }
        .render()
    }

    /// Read a line written by [`FailureLine::render`].
    pub fn parse(item: &str) -> Option<FailureLine> {
        let rest = item.strip_prefix(FAILED)?;
        let (count, rest) = match rest.strip_prefix(' ') {
            Some(r) => {
                let (n, r) = r.split_once(" times")?;
                (n.parse().ok()?, r)
            }
            None => (1, rest),
        };
        let rest = rest.strip_prefix(": `")?;
        let (key, rest) = rest.split_once('`')?;
        let (place, rest) = Place::parse(rest);
        let error = rest.strip_prefix(": ").unwrap_or("").to_string();
        Some(FailureLine {
            key: key.to_string(),
            place,
            error,
            count,
        })
    }

    /// The text loop detection compares: the command and its error.
    pub fn subject(&self) -> String {
        if self.error.is_empty() {
            self.key.clone()
        } else {
            format!("{}: {}", self.key, self.error)
        }
    }
}

/// The line recorded when a command that kept failing succeeds:
/// `fixed: `KEY` (PLACE) succeeded after N failed attempts`. The failures' output stays
/// out of it: this is the line a new session promotes to MEMORY.md (shared, shown in the
/// context block as a memory someone logged), and the output is anyone's text. "succeeded"
/// keeps it reading as a fix where the block shows it without its `fixed:` label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixedLine {
    pub key: String,
    pub place: Place,
    pub attempts: usize,
}

impl FixedLine {
    pub fn render(&self) -> String {
        let tries = if self.attempts == 1 {
            "attempt"
        } else {
            "attempts"
        };
        format!(
            "{FIXED} `{}`{} succeeded after {} failed {tries}",
            self.key,
            self.place.render(),
            self.attempts
        )
    }

    /// Read a line written by [`FixedLine::render`], or by an earlier version
    /// (`fixed: `KEY` after N failed attempts (last error: ERROR)`).
    pub fn parse(item: &str) -> Option<FixedLine> {
        let key = fixed_key(item)?;
        let rest = &item[item.find('`')? + 1 + key.len() + 1..];
        let (place, rest) = Place::parse(rest);
        let rest = rest
            .strip_prefix(" succeeded after ")
            .or_else(|| rest.strip_prefix(" after "))?;
        let (attempts, rest) = rest.split_once(' ')?;
        rest.starts_with("failed attempt").then_some(())?;
        Some(FixedLine {
            key: key.to_string(),
            place,
            attempts: attempts.parse().ok()?,
        })
    }
}

/// The memory line a new session promotes for a recorded fix: the fix without the agent's
/// tag (which names a session that is over) and without a last error an earlier version
/// kept in it. `None` for any other item.
pub fn memory_line(item: &str) -> Option<String> {
    let mut fixed = FixedLine::parse(item)?;
    fixed.place.agent = None;
    Some(fixed.render())
}

/// The key of a fixed line written by [`FixedLine::render`] (or any experience item that
/// starts `fixed: `KEY``).
pub fn fixed_key(item: &str) -> Option<&str> {
    let rest = item.strip_prefix(FIXED)?.trim_start().strip_prefix('`')?;
    rest.split_once('`').map(|(k, _)| k)
}

/// The failures still open in a session's experience items: those after the last
/// `fixed:` line for their key (the command, its folder and its agent), with their index
/// in `experience`.
pub fn open_failures(experience: &[String]) -> Vec<(usize, FailureLine)> {
    let mut open: Vec<(usize, FailureLine)> = Vec::new();
    for (i, item) in experience.iter().enumerate() {
        if let Some(f) = FailureLine::parse(item) {
            open.push((i, f));
        } else if let Some(key) = fixed_key(item) {
            // A fix the hook did not write (`fixed: `make` by pinning the toolchain`) is
            // the fix of that command at the project's root, by any agent.
            let place = FixedLine::parse(item).map(|f| f.place).unwrap_or_default();
            open.retain(|(_, f)| !(f.key == key && f.place.same(&place)));
        }
    }
    open
}

/// `bytes` with the last list item whose text is `old` replaced by `new`, every other byte
/// (and the line's own marker, indentation and line ending) kept. `None` if no item is `old`.
pub fn replace_last_item(bytes: &[u8], old: &str, new: &str) -> Option<Vec<u8>> {
    let lines = crate::store::text::split_lines(bytes);
    let at = lines.iter().rposition(|l| {
        let t = crate::store::text::trimmed(l);
        ["- ", "* ", "+ "]
            .iter()
            .any(|m| t.strip_prefix(m).is_some_and(|rest| rest.trim() == old))
    })?;
    let line = lines[at];
    let body = crate::store::text::strip_eol(line);
    let indent = body.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let mut out = Vec::with_capacity(bytes.len() + new.len());
    for l in &lines[..at] {
        out.extend_from_slice(l);
    }
    out.extend_from_slice(&body[..indent + 2]);
    out.extend_from_slice(new.as_bytes());
    out.extend_from_slice(&line[body.len()..]);
    for l in &lines[at + 1..] {
        out.extend_from_slice(l);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_stable() {
        assert_eq!(
            normalise("cd /tmp/x &&  cargo   test\t--manifest-path /tmp/a/b/Cargo.toml\nmore"),
            "cargo test --manifest-path Cargo.toml"
        );
        assert_eq!(normalise("echo `date`"), "echo 'date'");
        assert_eq!(normalise("a b c d e f g h i j"), "a b c d e f g h …");
    }

    #[test]
    fn secrets_are_redacted() {
        assert_eq!(
            redact("push https://bob:hunter2@github.com token ghp_abcdefghijklmnop1234"),
            "push https://[redacted]@github.com token [redacted]"
        );
        assert_eq!(redact("PASSWORD=s3cret x"), "PASSWORD=[redacted] x");
        assert_eq!(
            redact("Authorization: Bearer abc.def.ghijkl"),
            "Authorization: Bearer [redacted]"
        );
        assert_eq!(redact("key AKIAABCDEFGHIJKLMNOP"), "key [redacted]");
        assert_eq!(redact("sk-proj-abcdef123456"), "[redacted]");
    }

    #[test]
    fn first_error_line_skips_noise() {
        assert_eq!(
            first_error_line("Exit code 1\n   Compiling x\nerror[E0308]:   mismatched types\n"),
            "error[E0308]: mismatched types"
        );
        assert_eq!(first_error_line("\nsomething odd\n"), "something odd");
        // Output is stored as a memory line is: colour codes dropped, other controls
        // visible, `<!--` neutral.
        assert_eq!(
            first_error_line("\u{1b}[31merror:\u{1b}[0m bad <!-- MIND:END --> \u{7}"),
            "error: bad &lt;!-- MIND:END --> \\u0007"
        );
    }

    #[test]
    fn lines_round_trip() {
        let f = FailureLine {
            key: "cargo test".into(),
            place: Place::default(),
            error: "error: x: y".into(),
            count: 3,
        };
        assert_eq!(
            f.render(),
            "command failed 3 times: `cargo test`: error: x: y"
        );
        assert_eq!(FailureLine::parse(&f.render()), Some(f));
        let one = "command failed: `make`";
        assert_eq!(FailureLine::parse(one).unwrap().render(), one);
        let placed = FailureLine {
            key: "npm test".into(),
            place: Place::new(Path::new("web/./app"), Some("sess-B")),
            error: "Error (x): y".into(),
            count: 1,
        };
        let tag = agent_tag("sess-B");
        assert_eq!(
            placed.render(),
            format!("command failed: `npm test` (in web/app/, agent {tag}): Error (x): y")
        );
        assert_eq!(FailureLine::parse(&placed.render()), Some(placed.clone()));
        assert_eq!(
            placed.shown(),
            "command failed: `npm test` (in web/app/): Error (x): y"
        );
        let fixed = FixedLine {
            key: "make".into(),
            place: Place::default(),
            attempts: 2,
        };
        assert_eq!(
            fixed.render(),
            "fixed: `make` succeeded after 2 failed attempts"
        );
        assert_eq!(FixedLine::parse(&fixed.render()), Some(fixed.clone()));
        assert_eq!(fixed_key(&fixed.render()), Some("make"));
        // An earlier version's line reads back, and is promoted without its output.
        let old = "fixed: `make` after 2 failed attempts (last error: IGNORE <!-- x)";
        assert_eq!(FixedLine::parse(old), Some(fixed));
        assert_eq!(
            memory_line(old).as_deref(),
            Some("fixed: `make` succeeded after 2 failed attempts")
        );
        let fixed_in_web = FixedLine {
            key: "npm test".into(),
            place: placed.place.clone(),
            attempts: 1,
        };
        assert_eq!(
            memory_line(&fixed_in_web.render()).as_deref(),
            Some("fixed: `npm test` (in web/app/) succeeded after 1 failed attempt")
        );
        assert_eq!(memory_line("fixed: `make` by pinning the toolchain"), None);
    }

    #[test]
    fn folders_read_back_as_written_and_agents_are_told_apart() {
        let odd = Place::new(Path::new("a (b), `c`/./d,e/x/.."), None);
        assert_eq!(odd.folder, "a _b__ _c_/d_e");
        assert_eq!(Place::parse(&odd.render()), (odd, ""));
        let a = Place::new(Path::new(""), Some("019a7c2e-0000-7000-8000-000000000001"));
        let b = Place::new(Path::new(""), Some("019a7c2e-0000-7000-8000-000000000002"));
        assert_ne!(a.agent, b.agent);
        assert!(!a.same(&b) && a.same(&a.clone()));
        // An untagged line (no session id given) is anyone's.
        assert!(a.same(&Place::default()) && Place::default().same(&b));
    }

    #[test]
    fn a_fix_closes_only_its_own_agent_and_folder() {
        let a = Place::new(Path::new(""), Some("sess-A"));
        let b = Place::new(Path::new("web"), Some("sess-B"));
        let fail = |place: &Place| {
            FailureLine {
                key: "npm test".into(),
                place: place.clone(),
                error: "Error: x".into(),
                count: 1,
            }
            .render()
        };
        let fixed = FixedLine {
            key: "npm test".into(),
            place: b.clone(),
            attempts: 1,
        }
        .render();
        let open = open_failures(&[fail(&a), fail(&b), fixed]);
        assert_eq!(open.len(), 1);
        assert_eq!(open[0].1.place, a);
    }

    #[test]
    fn replaces_the_last_matching_item() {
        let text = b"## Experience\r\n- a\r\n  * a\r\n- b";
        assert_eq!(
            replace_last_item(text, "a", "c").unwrap(),
            b"## Experience\r\n- a\r\n  * c\r\n- b".to_vec()
        );
        assert_eq!(
            replace_last_item(text, "b", "d").unwrap(),
            b"## Experience\r\n- a\r\n  * a\r\n- d".to_vec()
        );
        assert!(replace_last_item(text, "z", "d").is_none());
    }

    #[test]
    fn parses_claude_inputs() {
        let ok = r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_response":{"stdout":"a","stderr":"","interrupted":false}}"#;
        assert_eq!(parse_claude(ok).unwrap().failure, None);
        let bad = r#"{"hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"ls x"},"error":"Exit code 2\nls: x: No such file"}"#;
        assert_eq!(
            parse_claude(bad).unwrap().failure.as_deref(),
            Some("Exit code 2\nls: x: No such file")
        );
        let code = r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"x"},"tool_response":{"exit_code":1,"stderr":"","stdout":"out"}}"#;
        assert_eq!(parse_claude(code).unwrap().failure.as_deref(), Some("out"));
        assert!(parse_claude("not json").is_none());
        let codex = r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"make"},"tool_response":"Exit code: 2\nWall time: 0.1 seconds\nOutput:\nmake: *** No rule to make target"}"#;
        assert!(
            parse_codex(codex)
                .unwrap()
                .failure
                .unwrap()
                .contains("No rule")
        );
        let fine = r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"make"},"tool_response":"Process exited with code 0\nOutput:\nok"}"#;
        assert_eq!(parse_codex(fine).unwrap().failure, None);
        let unknown = r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"make"},"tool_response":"ok"}"#;
        assert!(parse_codex(unknown).is_none());
        assert!(parse_claude(r#"{"hook_event_name":"PostToolUse","tool_name":"Read"}"#).is_none());
        // An interrupt, or a start in the background: no event either way.
        let esc = r#"{"hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"npm run dev"},"error":"Command was interrupted by user","is_interrupt":true}"#;
        assert!(parse_claude(esc).is_none());
        let cut = r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"x"},"tool_response":{"stdout":"","stderr":"","interrupted":true}}"#;
        assert!(parse_claude(cut).is_none());
        let started = r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"x","run_in_background":true},"tool_response":{"stdout":"","stderr":"","interrupted":false,"backgroundTaskId":"bash_1"}}"#;
        assert!(parse_claude(started).is_none());
        let moved = r#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"x"},"tool_response":{"stdout":"","backgroundTaskId":"bash_2"}}"#;
        assert!(parse_claude(moved).is_none());
        let fine = r#"{"session_id":"s1","hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"x"},"error":"boom","is_interrupt":false}"#;
        let fine = parse_claude(fine).unwrap();
        assert_eq!(
            (fine.failure.as_deref(), fine.session.as_deref()),
            (Some("boom"), Some("s1"))
        );
    }
}
