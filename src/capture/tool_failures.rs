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
//! SESSION.md lines (Experience section), one per distinct failure, repeats counted:
//! - `command failed: `KEY`: ERROR` (then `command failed 2 times: ...`);
//! - `fixed: `KEY` after N failed attempts (last error: ERROR)` once it succeeds.
//!
//! Failure lines stay in the session; the `fixed:` line is what a new session promotes.

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

/// What the harness reported about one shell command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellOutcome {
    /// The harness's event name, echoed in the reply.
    pub event: String,
    pub command: String,
    /// `None`: it succeeded; `Some(text)`: it failed with this output (may be empty).
    pub failure: Option<String>,
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
                _ => None,
            }
        }
        _ => return None,
    };
    Some(ShellOutcome {
        event,
        command,
        failure,
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
/// cut and at most a few tokens kept — so reruns with another temp path are one kind.
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
    tokens.join(" ")
}

/// The first line of `output` that reads as an error (else its first non-empty line that
/// is not just an exit-code note), whitespace collapsed, redacted and shortened.
pub fn first_error_line(output: &str) -> String {
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
    cut(&redact(line), MAX_ERROR)
}

fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// A failure line as SESSION.md holds it (without the list marker).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailureLine {
    pub key: String,
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
        if self.error.is_empty() {
            format!("{FAILED}{times}: `{}`", self.key)
        } else {
            format!("{FAILED}{times}: `{}`: {}", self.key, self.error)
        }
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
        let error = rest.strip_prefix(": ").unwrap_or("").to_string();
        Some(FailureLine {
            key: key.to_string(),
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

/// The line recorded when a command that kept failing succeeds.
pub fn fixed_line(key: &str, attempts: usize, last_error: &str) -> String {
    let tries = if attempts == 1 { "attempt" } else { "attempts" };
    if last_error.is_empty() {
        format!("{FIXED} `{key}` after {attempts} failed {tries}")
    } else {
        format!("{FIXED} `{key}` after {attempts} failed {tries} (last error: {last_error})")
    }
}

/// The key of a fixed line written by [`fixed_line`].
pub fn fixed_key(item: &str) -> Option<&str> {
    let rest = item.strip_prefix(FIXED)?.trim_start().strip_prefix('`')?;
    rest.split_once('`').map(|(k, _)| k)
}

/// The failures still open in a session's experience items: those after the last
/// `fixed:` line for their key, with their index in `experience`.
pub fn open_failures(experience: &[String]) -> Vec<(usize, FailureLine)> {
    let mut open: Vec<(usize, FailureLine)> = Vec::new();
    for (i, item) in experience.iter().enumerate() {
        if let Some(f) = FailureLine::parse(item) {
            open.push((i, f));
        } else if let Some(key) = fixed_key(item) {
            open.retain(|(_, f)| f.key != key);
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
    }

    #[test]
    fn lines_round_trip() {
        let f = FailureLine {
            key: "cargo test".into(),
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
        let fixed = fixed_line("make", 2, "boom");
        assert_eq!(
            fixed,
            "fixed: `make` after 2 failed attempts (last error: boom)"
        );
        assert_eq!(fixed_key(&fixed), Some("make"));
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
    }
}
