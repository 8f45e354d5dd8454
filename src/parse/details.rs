//! What an entity carries besides its type: a clean title, the reasoning and rejected
//! alternatives of a decision, a problem's status, `[[wikilinks]]`, and the
//! title/workaround split of a gotcha.

use super::lex::{self, has_word};
use crate::parse::ProblemStatus;

/// The title: the body without emphasis markers, `[superseded]`, and surplus blanks.
pub fn title(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(i) = find_ci(rest, "[superseded]") {
        out.push_str(&rest[..i]);
        rest = &rest[i + "[superseded]".len()..];
    }
    out.push_str(rest);
    let out = out.replace("**", "").replace("__", "");
    let collapsed: Vec<&str> = out.split_whitespace().collect();
    collapsed
        .join(" ")
        .trim_end_matches([' ', '-', '|'])
        .to_string()
}

/// Case-insensitive ASCII find.
pub fn find_ci(hay: &str, needle: &str) -> Option<usize> {
    let h = hay.as_bytes();
    let n = needle.as_bytes();
    if n.len() > h.len() {
        return None;
    }
    (0..=h.len() - n.len()).find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// `[[target]]` / `[[target|alias]]` links, as written (target only).
pub fn wikilinks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("[[") {
        let after = &rest[open + 2..];
        let Some(close) = after.find("]]") else { break };
        let inner = &after[..close];
        let target = inner.split('|').next().unwrap_or_default().trim();
        if !target.is_empty() && !target.contains('\n') {
            out.push(target.to_string());
        }
        rest = &after[close + 2..];
    }
    out
}

const REASON_MARKERS: &[&str] = &[
    " because ",
    " since ",
    " so that ",
    " due to ",
    " given that ",
    " as it ",
    "reason: ",
];

/// The reasoning given in `text`: the clause after "because", "since", "so that", "due to",
/// "reason:" (to the end of the sentence). For decisions, a short tail after a dash
/// ("chose X over Y - simpler") counts too.
pub fn reasoning(text: &str, dash_tail: bool) -> Option<String> {
    let lower = lex::lower(text);
    let mut best: Option<(usize, usize)> = None;
    for marker in REASON_MARKERS {
        if let Some(i) = lex::find(&lower, marker.as_bytes()) {
            let start = i + marker.len();
            if *marker == " since " && since_is_time(&lower[start..]) {
                continue;
            }
            if best.is_none_or(|(b, _)| i < b) {
                best = Some((i, start));
            }
        }
    }
    if let Some((_, start)) = best {
        return sentence(&text[start..]);
    }
    // "Because of X, ..." at the start.
    if lower.starts_with(b"because ") {
        return sentence(&text["because ".len()..]);
    }
    if dash_tail {
        for dash in [" - ", " -- ", " — ", " – "] {
            if let Some(i) = text.rfind(dash) {
                let tail = text[i + dash.len()..].trim();
                let words = tail.split_whitespace().count();
                if (1..=5).contains(&words) && !tail.contains('`') {
                    return sentence(tail);
                }
            }
        }
    }
    None
}

fn since_is_time(after: &[u8]) -> bool {
    let first: Vec<&[u8]> = lex::words_after(after, 0, 1);
    first.first().is_none_or(|w| {
        w.first().is_some_and(u8::is_ascii_digit)
            || [
                &b"then"[..],
                b"last",
                b"yesterday",
                b"today",
                b"monday",
                b"v",
                b"version",
                b"the",
                b"early",
                b"january",
                b"february",
                b"march",
                b"april",
                b"may",
                b"june",
                b"july",
                b"august",
                b"september",
                b"october",
                b"november",
                b"december",
            ]
            .contains(w)
    })
}

/// Text up to the end of its sentence (`. ` or end), trimmed; `None` when empty.
fn sentence(text: &str) -> Option<String> {
    let end = text
        .match_indices(". ")
        .map(|(i, _)| i)
        .next()
        .unwrap_or(text.len());
    let s = text[..end]
        .trim()
        .trim_end_matches(['.', ')', ',', ';'])
        .trim();
    (!s.is_empty()).then(|| s.replace("**", ""))
}

/// Words after "over" that make it a preposition of time, amount or transport, not a choice.
const OVER_NOT_CHOICE: &[&str] = &[
    "the",
    "time",
    "http",
    "https",
    "ssh",
    "tcp",
    "udp",
    "websocket",
    "websockets",
    "a",
    "an",
    "all",
    "and",
    "again",
    "there",
    "here",
    "it",
    "them",
    "to",
    "budget",
    "night",
    "lunch",
];

/// Where "over X" names a rejected alternative in `clause` (lower-case bytes).
pub fn alternative_over(clause: &[u8]) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(rel) = lex::find(&clause[from..], b" over ") {
        let start = from + rel + " over ".len();
        let next: Vec<&[u8]> = lex::words_after(clause, start, 1);
        let ok = next.first().is_some_and(|w| {
            !w.first().is_some_and(u8::is_ascii_digit)
                && !OVER_NOT_CHOICE.iter().any(|s| s.as_bytes() == *w)
        });
        if ok {
            return Some((start, alternative_end(clause, start)));
        }
        from = start;
    }
    None
}

fn alternative_end(buf: &[u8], start: usize) -> usize {
    let mut end = buf.len();
    for stop in [
        &b" because"[..],
        b" since",
        b" due to",
        b" so ",
        b",",
        b";",
        b". ",
        b" - ",
        b" -- ",
        b" (",
        b" for ",
        b" as ",
        b" to ",
        b" and ",
        " \u{2014} ".as_bytes(),
    ] {
        if let Some(i) = lex::find(&buf[start..], stop) {
            end = end.min(start + i);
        }
    }
    if buf[start..end].ends_with(b".") {
        end -= 1;
    }
    end
}

/// Rejected alternatives named in a decision: "over X", "instead of X", "rather than X",
/// "decided against X".
pub fn alternatives(text: &str) -> Vec<String> {
    let mut buf = lex::lower(text);
    lex::mask_spans(&mut buf);
    let mut spans = Vec::new();
    if let Some(span) = alternative_over(&buf) {
        spans.push(span);
    }
    for marker in [&b"instead of "[..], b"rather than ", b"decided against "] {
        if let Some(i) = lex::find(&buf, marker) {
            let start = i + marker.len();
            spans.push((start, alternative_end(&buf, start)));
        }
    }
    spans.sort();
    let mut out: Vec<String> = Vec::new();
    for (start, end) in spans {
        let alt = text[start..end]
            .trim()
            .trim_end_matches(['.', ')', ':'])
            .replace("**", "");
        let alt = alt.trim();
        if !alt.is_empty() && alt.len() <= 80 && !out.iter().any(|a| a == alt) {
            out.push(alt.to_string());
        }
    }
    out
}

/// The status a problem line gives itself: resolved when it says so (`fixed`, `resolved`,
/// `solved`, `[x]`, ✅, struck through), blocked when it waits on something, else open.
pub fn problem_status(text: &str, struck: bool) -> ProblemStatus {
    if struck || text.contains("[x]") || text.contains("✅") || text.contains("**Fixed**") {
        return ProblemStatus::Resolved;
    }
    let lower = lex::lower(text);
    let resolved = [&b"fixed"[..], b"resolved", b"solved"].iter().any(|w| {
        lex::find(&lower, w).is_some_and(|i| {
            has_word(&lower, w)
                && !lex::words_before(&lower, i, 2).iter().any(|p| {
                    [&b"not"[..], b"never", b"be", b"to", b"un"].contains(p) || p.ends_with(b"n't")
                })
        })
    });
    if resolved {
        return ProblemStatus::Resolved;
    }
    let blocked = [
        "blocked by",
        "blocked on",
        "waiting for",
        "waiting on",
        "blocked until",
    ]
    .iter()
    .any(|p| has_word(&lower, p.as_bytes()))
        || text.contains("BLOCKED");
    if blocked {
        ProblemStatus::Blocked
    } else {
        ProblemStatus::Open
    }
}

/// A gotcha's title and workaround, split at the first `->`, `→` or ` -- ` outside code.
pub fn split_gotcha(title: &str) -> (String, Option<String>) {
    let mut in_code = false;
    let bytes = title.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'`' {
            in_code = !in_code;
        } else if !in_code {
            let width = if title[i..].starts_with("->") {
                Some(2)
            } else if title[i..].starts_with('→') {
                Some('→'.len_utf8())
            } else if title[i..].starts_with(" -- ") {
                Some(4)
            } else {
                None
            };
            if let Some(w) = width {
                let head = title[..i].trim();
                let tail = title[i + w..].trim();
                if !head.is_empty() && !tail.is_empty() {
                    return (head.to_string(), Some(tail.to_string()));
                }
            }
        }
        i += 1;
    }
    (title.to_string(), None)
}

/// Words that name problem/fix states rather than a subject; they do not make two lines
/// about the same thing.
const STATE_WORDS: &[&str] = &[
    "fix", "fixed", "fixes", "fixing", "bug", "bugs", "issue", "issues", "problem", "problems",
    "error", "errors", "broken", "break", "breaks", "fail", "fails", "failed", "failing",
    "failure", "crash", "crashes", "crashed", "resolved", "resolve", "solved", "work", "works",
    "working", "now", "still", "again", "doesn't", "does", "not", "can't", "cannot", "won't",
    "isn't",
];

const STOP_WORDS: &[&str] = &[
    "the", "and", "for", "with", "that", "this", "from", "into", "onto", "when", "then", "than",
    "was", "were", "are", "is", "be", "been", "has", "have", "had", "but", "not", "our", "its",
    "it's", "via", "after", "before", "because", "since", "due", "of", "on", "in", "at", "to",
    "by", "an", "a", "we", "i", "so", "too", "all", "any", "some", "more", "less", "very", "just",
    "also", "there", "their", "them", "they", "you", "your", "what", "which", "who", "how", "why",
    "will", "would", "should", "could", "can", "use", "using", "used", "decided", "learned",
    "problem", "gotcha",
];

/// Content words of a title for "same subject" checks: lower case, stop words and state
/// words dropped, plural/tense endings trimmed.
pub fn subject_words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in lex::words(text) {
        let w = word.to_lowercase();
        let w = w.trim_matches('\'');
        if (w.len() < 3 && !w.bytes().all(|b| b.is_ascii_digit()))
            || STOP_WORDS.contains(&w)
            || STATE_WORDS.contains(&w)
        {
            continue;
        }
        let stem = stem(w);
        if !out.contains(&stem) {
            out.push(stem);
        }
    }
    out
}

fn stem(w: &str) -> String {
    for suffix in ["ing", "ed", "es", "s"] {
        if let Some(base) = w.strip_suffix(suffix)
            && base.len() >= 3
        {
            return base.to_string();
        }
    }
    w.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles() {
        assert_eq!(title("**use JWT** [superseded]"), "use JWT");
        assert_eq!(title("a   b  -"), "a b");
    }

    #[test]
    fn reasoning_forms() {
        assert_eq!(
            reasoning("use JWT because stateless", false).as_deref(),
            Some("stateless")
        );
        assert_eq!(
            reasoning(
                "use JWT since sessions need sticky routing. Later: x",
                false
            )
            .as_deref(),
            Some("sessions need sticky routing")
        );
        assert_eq!(
            reasoning("use JWT so that we scale", false).as_deref(),
            Some("we scale")
        );
        assert_eq!(
            reasoning("moved due to cost", false).as_deref(),
            Some("cost")
        );
        assert_eq!(reasoning("used it since 2020", false), None);
        assert_eq!(
            reasoning("chose X over Y - simpler", true).as_deref(),
            Some("simpler")
        );
        assert_eq!(reasoning("chose X over Y - simpler", false), None);
    }

    #[test]
    fn alternatives_forms() {
        assert_eq!(
            alternatives("chose Postgres over MySQL because x"),
            vec!["MySQL"]
        );
        assert_eq!(alternatives("use fetch instead of axios."), vec!["axios"]);
        assert_eq!(
            alternatives("REST rather than GraphQL, for now"),
            vec!["GraphQL"]
        );
        assert_eq!(
            alternatives("decided against Redis - overkill"),
            vec!["Redis"]
        );
        assert!(alternatives("ran over the weekend").is_empty());
        assert!(alternatives("sent over HTTP").is_empty());
    }

    #[test]
    fn statuses() {
        assert_eq!(problem_status("login fails", false), ProblemStatus::Open);
        assert_eq!(
            problem_status("login fails - fixed by x", false),
            ProblemStatus::Resolved
        );
        assert_eq!(
            problem_status("login not fixed yet", false),
            ProblemStatus::Open
        );
        assert_eq!(
            problem_status("deploy blocked by legal", false),
            ProblemStatus::Blocked
        );
        assert_eq!(
            problem_status("waiting on API keys", false),
            ProblemStatus::Blocked
        );
        assert_eq!(problem_status("x", true), ProblemStatus::Resolved);
    }

    #[test]
    fn gotcha_splits() {
        assert_eq!(split_gotcha("a -> b"), ("a".into(), Some("b".into())));
        assert_eq!(split_gotcha("a → b"), ("a".into(), Some("b".into())));
        assert_eq!(split_gotcha("a -- b"), ("a".into(), Some("b".into())));
        assert_eq!(split_gotcha("a - b"), ("a - b".into(), None));
        assert_eq!(
            split_gotcha("use `--no-cache` flag"),
            ("use `--no-cache` flag".into(), None)
        );
        assert_eq!(
            split_gotcha("`a->b` deref -> check null"),
            ("`a->b` deref".into(), Some("check null".into()))
        );
    }

    #[test]
    fn links_and_subjects() {
        assert_eq!(
            wikilinks("see [[MEMORY#L12]] and [[auth|Auth notes]]"),
            vec!["MEMORY#L12", "auth"]
        );
        assert_eq!(
            subject_words("API returns 500 on large payloads"),
            vec!["api", "return", "500", "large", "payload"]
        );
    }
}
