//! The usage ledger `.mind/cache/usage.tsv`: which memory lines mind has shown (search
//! results, recall's relevant memories, a blocker's past solutions, the pre-tool hook's
//! notes, the context block), when last and how often. The context block counts when it is
//! written: each write that changes an instruction file counts every memory the shared
//! block shows, once per write ([`entries_shown`]); a refresh that leaves the files as
//! they were counts nothing, so re-running `mind recall` does not inflate the counts. A curation aid for `mind status --unused`; git-ignored with the rest
//! of the cache, and disposable: losing it costs nothing, so no failure here fails a command.
//!
//! One line per record: `KEY\tYYYY-MM-DD\tCOUNT`, where KEY is a hash of the line's
//! comparison key ([`crate::capture::dedupe::key`]), so a reworded label or a provenance
//! suffix still counts as the same memory. Showing appends one line per memory (cheap on a
//! large ledger); reading folds the lines (latest date, summed counts). When the file holds
//! many more lines than memories, or lines that do not parse, it is rewritten folded.

use std::collections::HashMap;
use std::path::PathBuf;

use chrono::NaiveDate;

use crate::capture::dedupe;
use crate::store::{CACHE_DIR, Project, append, atomic, text};

pub const USAGE_FILE: &str = "usage.tsv";
/// Appended lines tolerated beyond one per memory before the ledger is folded.
const SLACK_LINES: usize = 256;

/// When a memory was last shown, and how many times in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Use {
    pub last: NaiveDate,
    pub count: u64,
}

/// The folded ledger, by key hash.
#[derive(Debug, Default)]
pub struct Ledger {
    uses: HashMap<String, Use>,
    /// Lines in the file, and how many of them did not parse.
    lines: usize,
    bad: usize,
}

impl Ledger {
    /// When `line` (a memory line, any form `dedupe::key` accepts) was shown; `None`: never.
    pub fn get(&self, line: &str) -> Option<Use> {
        self.uses.get(&hash_of(line)).copied()
    }

    pub fn len(&self) -> usize {
        self.uses.len()
    }

    pub fn is_empty(&self) -> bool {
        self.uses.is_empty()
    }

    fn add(&mut self, key: String, found: Use) {
        self.uses
            .entry(key)
            .and_modify(|u| {
                u.last = u.last.max(found.last);
                u.count = u.count.saturating_add(found.count);
            })
            .or_insert(found);
    }

    fn parse(content: &str) -> Ledger {
        let mut ledger = Ledger::default();
        for line in content.lines().filter(|l| !l.trim().is_empty()) {
            ledger.lines += 1;
            match parse_line(line) {
                Some((key, found)) => ledger.add(key, found),
                None => ledger.bad += 1,
            }
        }
        ledger
    }

    fn needs_folding(&self) -> bool {
        self.bad > 0 || self.lines > self.uses.len() * 2 + SLACK_LINES
    }

    fn render(&self) -> String {
        let mut keys: Vec<&String> = self.uses.keys().collect();
        keys.sort();
        keys.iter()
            .map(|k| record(k, self.uses[*k]))
            .collect::<String>()
    }
}

pub fn path(project: &Project) -> PathBuf {
    project.dir().join(CACHE_DIR).join(USAGE_FILE)
}

/// The ledger as it is on disk; an absent or unreadable one is empty, bad lines are skipped.
pub fn load(project: &Project) -> Ledger {
    match text::read_optional(&path(project)) {
        Ok(Some(bytes)) => Ledger::parse(&text::lossy(&bytes)),
        _ => Ledger::default(),
    }
}

/// Record that `lines` were shown on `today`. The caller holds the store lock. Best effort:
/// a failure is swallowed, since a lost record only makes a memory look less used.
pub fn record_shown(project: &Project, lines: &[&str], today: NaiveDate) {
    let _ = try_record(project, lines, today);
}

/// [`record_shown`] for a caller that does not hold the store lock (a read-only command):
/// takes it only if it is free now, and otherwise records nothing rather than wait.
pub fn record_shown_if_free(project: &Project, lines: &[&str], today: NaiveDate) {
    if lines.is_empty() {
        return;
    }
    if let Ok(Some(_lock)) =
        crate::store::lock::StoreLock::try_acquire(&project.file(crate::store::LOCK_FILE))
    {
        record_shown(project, lines, today);
    }
}

/// The memories a context block `body` shows, from entries given as (title, line as
/// written), superseded ones left out by the caller (a recall reads them borrowed from the
/// parse cache): an entry counts when one of the block's lines (its instructions aside) holds
/// the start of its title as the block writes it (escaped; a long title is cut there). Their
/// full lines, for [`record_shown`].
pub fn entries_shown<'a>(
    entries: impl Iterator<Item = (&'a str, &'a str)>,
    body: &str,
) -> Vec<&'a str> {
    /// Shorter than the block's cut, so that a cut title still matches.
    const PROBE_CHARS: usize = 80;
    // Every line but headings and the block's own instructions (`## Memory (mind)...`).
    let mut instructions = false;
    let items: Vec<&str> = body
        .lines()
        .filter(|l| {
            if let Some(heading) = l.strip_prefix("## ") {
                instructions = heading.starts_with("Memory (mind)");
                return false;
            }
            !instructions
        })
        .collect();
    // One search of the lines joined per entry, not one per line and entry: a probe never
    // holds a newline (escaping replaces control characters), so a match in the joined
    // text lies within one line.
    let shown = items.join("\n");
    let starts = Starts::of(shown.as_bytes());
    // Most entries are not shown: some four bytes of their title appear nowhere in the
    // block, which a few lookups tell before any search.
    let finder = |probe: &str| {
        starts.may_hold(probe.as_bytes())
            && memchr::memmem::find(shown.as_bytes(), probe.as_bytes()).is_some()
    };
    entries
        .filter(|(title, _)| {
            let title = title.trim();
            if title.is_empty() {
                return false;
            }
            // Most titles escape to themselves: probed without a copy.
            if !needs_escape(title) {
                let end = title
                    .char_indices()
                    .nth(PROBE_CHARS)
                    .map_or(title.len(), |(i, _)| i);
                return finder(&title[..end]);
            }
            let title = crate::context::build::escape(title);
            let probe: String = title.chars().take(PROBE_CHARS).collect();
            finder(&probe)
        })
        .map(|(_, text)| text)
        .collect()
}

/// Every four bytes that occur together in a text, as bits of a table (hashed): a text
/// that holds a string holds each four bytes of it, so a clear bit rules the string out.
struct Starts {
    bits: Vec<u64>,
}

impl Starts {
    const BITS: usize = 1 << 16;

    fn of(text: &[u8]) -> Starts {
        let mut bits = vec![0u64; Self::BITS / 64];
        for w in text.windows(4) {
            let at = Self::slot(w);
            bits[at / 64] |= 1 << (at % 64);
        }
        Starts { bits }
    }

    fn slot(w: &[u8]) -> usize {
        let v = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
        (v.wrapping_mul(0x9E37_79B1) >> 16) as usize
    }

    /// False only when `probe` cannot occur in the text: some four bytes of it (every
    /// fourth place, and its end) occur nowhere in the text.
    fn may_hold(&self, probe: &[u8]) -> bool {
        if probe.len() < 4 {
            return true;
        }
        let set = |w: &[u8]| {
            let at = Self::slot(w);
            self.bits[at / 64] & (1 << (at % 64)) != 0
        };
        probe.chunks_exact(4).all(set) && set(&probe[probe.len() - 4..])
    }
}

/// Whether the block's escaping changes `text` (a comment marker or a control character).
fn needs_escape(text: &str) -> bool {
    let bytes = text.as_bytes();
    // Control characters are U+0000–U+001F and U+007F–U+009F (0xC2 0x80–0x9F in UTF-8):
    // one byte pass rules them out before a check by character.
    let maybe_control = bytes.iter().any(|&b| b < 0x20 || b == 0x7f || b == 0xc2);
    (maybe_control && text.chars().any(|c| c.is_control() && c != '\t'))
        || (memchr::memchr2(b'<', b'-', bytes).is_some()
            && (text.contains("<!--") || text.contains("-->")))
}

fn try_record(project: &Project, lines: &[&str], today: NaiveDate) -> crate::error::Result<()> {
    let mut keys: Vec<String> = lines
        .iter()
        .filter(|l| !dedupe::key(l).is_empty())
        .map(|l| hash_of(l))
        .collect();
    keys.sort();
    keys.dedup();
    if keys.is_empty() {
        return Ok(());
    }
    let file = path(project);
    let Some(dir) = file.parent() else {
        return Ok(());
    };
    // The cache folder belongs to the project; one that leads elsewhere is not written to.
    if !project.leads_inside(dir) {
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(|e| crate::error::Error::io(dir, e))?;
    let mut ledger = load(project);
    let shown = Use {
        last: today,
        count: 1,
    };
    if ledger.lines > 0 && !ledger.needs_folding() {
        let bytes: String = keys.iter().map(|k| record(k, shown)).collect();
        return append::append_bytes(&file, bytes.as_bytes());
    }
    for key in keys {
        ledger.add(key, shown);
    }
    atomic::write_atomic(&file, ledger.render().as_bytes())
}

fn record(key: &str, used: Use) -> String {
    format!("{key}\t{}\t{}\n", used.last, used.count)
}

fn parse_line(line: &str) -> Option<(String, Use)> {
    let mut fields = line.split('\t');
    let key = fields.next()?;
    let last = NaiveDate::parse_from_str(fields.next()?, "%Y-%m-%d").ok()?;
    let count = fields.next()?.trim().parse::<u64>().ok()?;
    let well_formed = key.len() == 16 && key.bytes().all(|b| b.is_ascii_hexdigit());
    (well_formed && fields.next().is_none()).then(|| (key.to_string(), Use { last, count }))
}

/// A stable 64-bit FNV-1a hash of the line's comparison key, as 16 hex digits: stable across
/// builds and platforms (std's hasher is not), and short enough for a large ledger.
fn hash_of(line: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in dedupe::key(line).bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {

    #[test]
    fn escaping_is_needed_exactly_when_it_changes_the_text() {
        for text in [
            "plain title",
            "tab\tinside",
            "a <!-- b",
            "a --> b",
            "a - b < c",
            "bell\u{7}",
            "c1 \u{85} next line",
            "é ü ✓ \u{a0}",
            "del \u{7f}",
        ] {
            let changes = crate::context::build::escape(text) != text;
            assert_eq!(needs_escape(text), changes, "{text:?}");
        }
    }

    #[test]
    fn four_byte_starts_never_rule_out_a_string_the_text_holds() {
        let text = "## Recent Decisions\n- use JWT because stateless (2026-01-15)\n- ünï ✓ x";
        let starts = Starts::of(text.as_bytes());
        for from in 0..text.len() {
            for to in from..=text.len() {
                assert!(starts.may_hold(&text.as_bytes()[from..to]), "{from}..{to}");
            }
        }
        assert!(!starts.may_hold(b"zzzz never there"));
    }
    use super::*;

    #[test]
    fn folds_dates_and_counts_and_skips_bad_lines() {
        let a = hash_of("- use postgres");
        let text = format!("{a}\t2024-01-02\t1\ngarbage\n{a}\t2024-03-01\t2\n{a}\t2023-12-01\t1\n");
        let ledger = Ledger::parse(&text);
        let used = ledger.get("use postgres").unwrap();
        assert_eq!(used.count, 4);
        assert_eq!(used.last.to_string(), "2024-03-01");
        assert_eq!(ledger.bad, 1);
        assert!(ledger.needs_folding());
    }

    #[test]
    fn the_key_ignores_label_and_provenance() {
        assert_eq!(
            hash_of("- Decision: use postgres (src/db.rs:4)"),
            hash_of("use postgres")
        );
    }
}
