//! Text from outside made safe: terminal controls ([`controls`]) and secrets ([`secrets`]).
//! Input is cleaned before it is written (nothing mind stores carries a NUL, an escape
//! sequence or a token); output is escaped again before it is shown, for files written by
//! hand or by older versions.

pub mod controls;
pub mod secrets;

use crate::capture::Candidate;

/// Text a harvester found in a file or a commit, made fit to store: controls escaped,
/// secrets redacted (when `redact`), and a leading `KEY:` / `important:` marker fenced as
/// quoted data (`learned: "KEY: ..."`), because only a person (or an agent through `mind
/// log`) may make a memory one the context block puts under "Key (Never Forget)"; anyone
/// who can push a commit or a file could otherwise write instructions there.
/// Returns the candidates to write and how many secrets were redacted.
pub fn harvested(added: &[Candidate], redact: bool) -> (Vec<Candidate>, usize) {
    let mut redacted = 0;
    let cleaned = added
        .iter()
        .map(|c| {
            let mut text = controls::escape(&c.text, false).into_owned();
            if redact {
                let (clean, n) = secrets::redact(&text);
                redacted += n;
                text = clean.into_owned();
            }
            Candidate {
                text: unkeyed(&text, c.kind),
                provenance: controls::escape(&c.provenance, false).into_owned(),
                ..c.clone()
            }
        })
        .collect();
    (cleaned, redacted)
}

/// `line` as data when the parser would read it as a key memory.
fn unkeyed(line: &str, kind: crate::parse::EntryType) -> String {
    let is_key = |l: &str| crate::parse::classify_line(l, None).is_some_and(|c| c.key);
    if !is_key(line) {
        return line.to_string();
    }
    // The label stays outside the quotation: `gotcha: "KEY: ..."`, not `gotcha: "gotcha:
    // KEY: ..."` (a commit's `gotcha: KEY: ...` line comes labelled).
    let label = kind.label();
    let body = match line.get(..label.len()) {
        Some(head) if head.eq_ignore_ascii_case(label) => line[label.len()..].trim_start(),
        _ => line,
    };
    let quoted = format!("{label} \"{}\"", body.replace('"', "'"));
    if is_key(&quoted) {
        format!(
            "{label} \"{}\"",
            body.replace('"', "'").replacen(':', ";", 1)
        )
    } else {
        quoted
    }
}
