//! Project gotchas in MEMORY.md: the bullets of `## Gotchas` (up to the next heading or
//! `---`, as the Python Mind reads them) and `gotcha:` lines anywhere else. A new gotcha is
//! a bullet inserted at the end of that section; every other byte stays as it was.

use super::{Edge, split_workaround};
use crate::parse::{Document, EntryType};
use crate::store::text::{self, eol_of, split_lines};

/// Every project gotcha, in file order. `doc` is `memory` parsed (callers have it already).
pub fn load(memory: &str, doc: &Document) -> Vec<Edge> {
    let mut edges: Vec<Edge> = section_bullets(memory)
        .into_iter()
        .map(|(line, text)| edge(line, &text))
        .collect();
    // Elsewhere only labelled lines (`gotcha: ...`) count, not prose that happens to sit
    // in a section the parser reads as gotchas.
    for entity in &doc.entities {
        if entity.kind == EntryType::Gotcha
            && !entity.superseded
            && entity.text.to_lowercase().contains("gotcha")
            && !edges.iter().any(|e| e.line == Some(entity.line))
        {
            // The parser already split the workaround off the title.
            let text = match &entity.workaround {
                Some(w) => format!("{} -> {w}", entity.title),
                None => entity.title.clone(),
            };
            edges.push(edge(entity.line, &text));
        }
    }
    edges.sort_by_key(|e| e.line);
    edges
}

fn edge(line: usize, text: &str) -> Edge {
    let (title, workaround) = split_workaround(text);
    Edge {
        id: String::new(),
        title,
        description: String::new(),
        workaround,
        severity: "info".into(),
        source: "project",
        line: Some(line),
        stack_tags: Vec::new(),
        intent_patterns: Vec::new(),
        code_patterns: Vec::new(),
    }
}

/// (1-based line, text without the bullet) of each bullet under `## Gotchas`.
fn section_bullets(memory: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut inside = false;
    let mut in_comment = false;
    for (i, raw) in memory.lines().enumerate() {
        let line = raw.trim();
        if in_comment {
            in_comment = !line.contains("-->");
            continue;
        }
        if line.starts_with('#') {
            inside = is_gotcha_heading(line);
            continue;
        }
        if !inside {
            continue;
        }
        if line.starts_with("---") {
            inside = false;
            continue;
        }
        if line.starts_with("<!--") {
            in_comment = !line.contains("-->");
            continue;
        }
        let body = ["- ", "* ", "+ "].iter().find_map(|p| line.strip_prefix(p));
        if let Some(body) = body.map(str::trim).filter(|b| !b.is_empty())
            && !body.contains("[superseded]")
        {
            out.push((i + 1, body.to_string()));
        }
    }
    out
}

fn is_gotcha_heading(line: &str) -> bool {
    line.strip_prefix("## ")
        .map(|h| h.trim().to_lowercase())
        .is_some_and(|h| h == "gotchas" || h == "gotcha")
}

/// Insert `bullet` as the last line of `## Gotchas`. Without that section, one is added
/// before `## Session Log` (or the first dated heading, or at the end). Returns the new
/// bytes and the bullet's 1-based line number.
pub fn insert(bytes: &[u8], bullet: &str) -> (Vec<u8>, usize) {
    let eol = eol_of(bytes);
    let mut lines: Vec<Vec<u8>> = split_lines(bytes).into_iter().map(<[u8]>::to_vec).collect();
    if let Some(last) = lines.last_mut()
        && !last.ends_with(b"\n")
    {
        last.extend_from_slice(eol.as_bytes());
    }
    let new_line = format!("{bullet}{eol}").into_bytes();
    let trimmed: Vec<String> = lines
        .iter()
        .map(|l| text::trimmed(l).into_owned())
        .collect();
    if let Some(start) = trimmed.iter().position(|l| is_gotcha_heading(l)) {
        let end = (start + 1..lines.len())
            .find(|&i| trimmed[i].starts_with('#') || trimmed[i].starts_with("---"))
            .unwrap_or(lines.len());
        let at = (start + 1..end)
            .rev()
            .find(|&i| !trimmed[i].is_empty())
            .map_or(start + 1, |i| i + 1);
        lines.insert(at, new_line);
        return (lines.concat(), at + 1);
    }
    let before = trimmed
        .iter()
        .position(|l| l.eq_ignore_ascii_case("## session log"))
        .or_else(|| {
            trimmed
                .iter()
                .position(|l| crate::parse::dates::heading_date(l).is_some())
        });
    let at = before.unwrap_or(lines.len());
    let mut block = Vec::new();
    if at > 0 && !trimmed[at - 1].is_empty() {
        block.push(eol.as_bytes().to_vec());
    }
    block.push(format!("## Gotchas{eol}").into_bytes());
    let line = at + block.len() + 1;
    block.push(new_line);
    if before.is_some() {
        block.push(eol.as_bytes().to_vec());
    }
    lines.splice(at..at, block);
    (lines.concat(), line)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MEMORY: &str = "# p

## Project State
- Stack: rust

## Gotchas
<!-- Project-specific gotchas -->
- Safari ITP blocks cross-domain cookies -> use a same-domain auth endpoint
* Windows paths → normalise with dunce

---

## Session Log

## 2026-01-14
gotcha: cargo test runs in parallel -- use serial_test
decided: use axum
";

    #[test]
    fn reads_section_bullets_and_gotcha_lines() {
        let edges = load(MEMORY, &crate::parse::parse_document(MEMORY));
        let got: Vec<(Option<usize>, &str, &str)> = edges
            .iter()
            .map(|e| (e.line, e.title.as_str(), e.workaround.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    Some(8),
                    "Safari ITP blocks cross-domain cookies",
                    "use a same-domain auth endpoint"
                ),
                (Some(9), "Windows paths", "normalise with dunce"),
                (Some(16), "cargo test runs in parallel", "use serial_test"),
            ]
        );
    }

    #[test]
    fn inserts_at_the_end_of_the_section() {
        let (out, line) = insert(MEMORY.as_bytes(), "- New one -> fix");
        let text = String::from_utf8(out).unwrap();
        assert_eq!(line, 10);
        assert_eq!(text.lines().nth(9), Some("- New one -> fix"));
        assert_eq!(text.replace("- New one -> fix\n", ""), MEMORY);
    }

    #[test]
    fn inserts_into_the_template_section() {
        let template = "## Gotchas\r\n<!-- Project-specific gotchas -->\r\n\r\n---\r\n";
        let (out, line) = insert(template.as_bytes(), "- a -> b");
        assert_eq!(
            out,
            b"## Gotchas\r\n<!-- Project-specific gotchas -->\r\n- a -> b\r\n\r\n---\r\n"
        );
        assert_eq!(line, 3);
    }

    #[test]
    fn adds_the_section_when_missing() {
        let (out, line) = insert(b"# p\n\n## Session Log\n\n## 2026-01-14\nx\n", "- a -> b");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "# p\n\n## Gotchas\n- a -> b\n\n## Session Log\n\n## 2026-01-14\nx\n"
        );
        assert_eq!(line, 4);
        let (out, line) = insert(b"notes", "- a -> b");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "notes\n\n## Gotchas\n- a -> b\n"
        );
        assert_eq!(line, 4);
    }
}
