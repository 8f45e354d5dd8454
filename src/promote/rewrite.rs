//! The one rewrite promotion makes to MEMORY.md: superseded lines marked in place.

use std::collections::BTreeSet;

use crate::rank::corpus::SUPERSEDED;
use crate::store::text::{self, strip_eol};

/// Mark lines `[superseded]` (after their list marker), leaving every other byte as it was.
pub fn mark_superseded(bytes: &[u8], lines: &BTreeSet<usize>) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + lines.len() * 16);
    // Copy the runs between marked lines whole; only a marked line is looked at.
    let mut copied = 0;
    let mut wanted = lines.iter().copied().filter(|&n| n > 0).peekable();
    let ends = memchr::memchr_iter(b'\n', bytes)
        .map(|i| i + 1)
        .chain((bytes.last() != Some(&b'\n') && !bytes.is_empty()).then_some(bytes.len()));
    let mut start = 0;
    for (i, end) in ends.enumerate() {
        let (line_start, number) = (start, i + 1);
        start = end;
        match wanted.peek() {
            None => break,
            Some(&n) if n > number => continue,
            Some(_) => {}
        }
        wanted.next();
        let raw = &bytes[line_start..end];
        if text::lossy(raw).contains(SUPERSEDED) {
            continue;
        }
        out.extend_from_slice(&bytes[copied..line_start]);
        copied = end;
        let body = strip_eol(raw);
        let indent = body.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let rest = &body[indent..];
        let marker = list_marker_len(rest);
        out.extend_from_slice(&body[..indent + marker]);
        out.extend_from_slice(SUPERSEDED.as_bytes());
        out.push(b' ');
        out.extend_from_slice(&rest[marker..]);
        out.extend_from_slice(&raw[body.len()..]);
    }
    out.extend_from_slice(&bytes[copied..]);
    out
}

/// Length of a leading `- `, `* `, `+ ` or `12. ` marker.
fn list_marker_len(line: &[u8]) -> usize {
    if line.len() >= 2 && matches!(line[0], b'-' | b'*' | b'+') && line[1] == b' ' {
        return 2;
    }
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0
        && digits < 4
        && line.len() > digits + 1
        && matches!(line[digits], b'.' | b')')
        && line[digits + 1] == b' '
    {
        return digits + 2;
    }
    0
}
