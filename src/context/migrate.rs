//! Moving a project off the Python Mind's instructions.
//!
//! The Python Mind wrote a `## Memory (Mind)` section into CLAUDE.md (and AGENTS.md) that
//! tells the agent to call its MCP tools (`mind_recall()`, `mind_log(...)`), ended by a
//! `---` line and sometimes preceded by `<!-- MIND:VERSION:2 -->`; repeated `init`s could
//! leave it twice, once with its arrows garbled (`â†’`, UTF-8 read as Windows-1252).
//! Those instructions contradict the block `mind` writes, so a section that is exactly the
//! Python Mind's text (line for line, whatever the line endings, trailing spaces or arrow
//! spelling) is removed. A `## Memory (Mind)` heading followed by anything else is user
//! text: it is kept and reported. Pure: bytes in, bytes out.

use crate::store::text::{eol_of, split_lines, strip_eol};

use super::splice::{self, BlockState, END_MARKER, START_MARKER};

const HEADING: &str = "## Memory (Mind)";
const VERSION_PREFIX: &str = "<!-- MIND:VERSION:";

/// The Python Mind's instruction text, arrows spelled `->`. Its last line (the helper
/// tool) appeared in later versions only.
const PYTHON_INSTRUCTIONS: &str = r#"## Memory (Mind)

This project uses Mind for persistent memory across sessions.

### Required Protocol

1. **Session Start**: ALWAYS call `mind_recall()` before responding to the first message. This loads context from previous sessions.

2. **During Work**: Use `mind_log(message, type)` to capture what happens:
   - `mind_log("chose X over Y - simpler", type="decision")` -> MEMORY.md
   - `mind_log("API returns 500 on large payloads", type="problem")` -> MEMORY.md
   - `mind_log("Safari needs vendor prefix for X", type="learning")` -> MEMORY.md
   - `mind_log("resolved by increasing timeout", type="progress")` -> MEMORY.md
   - `mind_log("working on auth flow", type="experience")` -> SESSION.md
   - `mind_log("build keeps failing", type="blocker")` -> SESSION.md
   - `mind_log("tried Redis - too complex", type="rejected")` -> SESSION.md
   - `mind_log("assuming user has stable internet", type="assumption")` -> SESSION.md

3. **Session End**: Summarize with `## DATE | what happened | mood: X`

### Two-Layer Memory

**MEMORY.md** (permanent, cross-session):
- Decisions, learnings, problems, progress
- Use types: `decision`, `learning`, `problem`, `progress`

**SESSION.md** (ephemeral, within-session):
- Raw experience, blockers, rejected approaches, assumptions
- Use types: `experience`, `blocker`, `rejected`, `assumption`
- Valuable items get promoted to MEMORY.md on session gap (>30 min)

### Tools Available

- `mind_recall()` - Load session context (CALL FIRST!)
- `mind_log(msg, type)` - Log to session or memory (routes by type)
- `mind_session()` - Get current session state
- `mind_blocker(description)` - Log blocker + auto-search memory for solutions
- `mind_search(query)` - Find specific memories
- `mind_remind(msg, when)` - Set time or context reminder
- `mind_checkpoint()` - Force process pending memories
- `mind_edges(intent)` - Check for gotchas before coding
- `mind_status()` - Check memory health
- `mind_spawn_helper(problem)` - Package problem for fresh agent investigation"#;

/// The optional last line of [`PYTHON_INSTRUCTIONS`].
const OPTIONAL_LAST: usize = 1;

/// The result of [`remove_python_instructions`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Migration {
    /// The file without the sections (the input when nothing was removed).
    pub bytes: Vec<u8>,
    /// How many sections were removed.
    pub removed: usize,
    /// Lines (1-based) of `## Memory (Mind)` headings kept because what follows is not
    /// exactly the Python Mind's text.
    pub kept_at: Vec<usize>,
}

/// Remove every section that is exactly the Python Mind's instructions. When the file has
/// no block markers, the first removed section leaves an empty block in its place, so the
/// new block goes where the old instructions were (the top of the file).
pub fn remove_python_instructions(existing: &[u8]) -> Migration {
    let lines = split_lines(existing);
    let text: Vec<String> = lines
        .iter()
        .map(|l| String::from_utf8_lossy(strip_eol(l)).trim_end().to_string())
        .collect();
    let mut regions: Vec<(usize, usize)> = Vec::new();
    let mut kept_at = Vec::new();
    let mut fence: Option<&str> = None;
    let mut in_block = false;
    let mut i = 0;
    while i < text.len() {
        let t = text[i].trim_start();
        if let Some(open) = fence {
            if t.starts_with(open) {
                fence = None;
            }
        } else if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(&t[..3]);
        } else if t.starts_with("<!-- MIND:CONTEXT") {
            in_block = true;
        } else if t.starts_with("<!-- MIND:END") {
            in_block = false;
        } else if !in_block && text[i] == HEADING {
            match section_end(&text, i) {
                Some(end) => {
                    let start = if i > 0 && text[i - 1].starts_with(VERSION_PREFIX) {
                        i - 1
                    } else {
                        i
                    };
                    // The blank line the Python Mind put after `---` goes with it.
                    let end = if text.get(end + 1).is_some_and(|l| l.is_empty()) {
                        end + 1
                    } else {
                        end
                    };
                    regions.push((start, end));
                    i = end + 1;
                    continue;
                }
                None => kept_at.push(i + 1),
            }
        }
        i += 1;
    }
    if regions.is_empty() {
        return Migration {
            bytes: existing.to_vec(),
            removed: 0,
            kept_at,
        };
    }
    let placeholder = splice::block_state(existing) == BlockState::Missing;
    let eol = eol_of(existing);
    let mut out = Vec::with_capacity(existing.len());
    let mut next = 0;
    for (k, (start, end)) in regions.iter().enumerate() {
        for line in &lines[next..*start] {
            out.extend_from_slice(line);
        }
        if k == 0 && placeholder {
            if !out.is_empty() && !out.ends_with(b"\n") {
                out.extend_from_slice(eol.as_bytes());
            }
            for marker in [START_MARKER, END_MARKER] {
                out.extend_from_slice(marker.as_bytes());
                out.extend_from_slice(eol.as_bytes());
            }
            // Keep the blank line between the block and the text after it.
            if *end + 1 < lines.len() && text[*end].is_empty() {
                out.extend_from_slice(eol.as_bytes());
            }
        }
        next = end + 1;
    }
    for line in &lines[next..] {
        out.extend_from_slice(line);
    }
    Migration {
        bytes: out,
        removed: regions.len(),
        kept_at,
    }
}

/// The line of the `---` that ends the Python Mind's section starting at `start`, when the
/// lines between are exactly its text.
fn section_end(text: &[String], start: usize) -> Option<usize> {
    let end = start + text[start..].iter().position(|l| l.starts_with("---"))?;
    let mut body: Vec<String> = text[start..end].iter().map(|l| normalise(l)).collect();
    while body.last().is_some_and(|l| l.is_empty()) {
        body.pop();
    }
    let expected: Vec<&str> = PYTHON_INSTRUCTIONS.lines().collect();
    let shorter = &expected[..expected.len() - OPTIONAL_LAST];
    (body == expected || body == shorter).then_some(end)
}

/// Arrows as `->`, whether written `→` or garbled to `â†’` by a Windows-1252 round trip.
fn normalise(line: &str) -> String {
    line.replace("\u{e2}\u{2020}\u{2019}", "->")
        .replace('\u{2192}', "->")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(arrow: &str, helper: bool) -> String {
        let mut s = PYTHON_INSTRUCTIONS.replace("->", arrow);
        if !helper {
            s.truncate(s.rfind('\n').unwrap());
        }
        s.push_str("\n\n---\n\n");
        s
    }

    #[test]
    fn removes_exact_sections_twice_and_keeps_the_rest() {
        let file = format!(
            "{}<!-- MIND:CONTEXT - Auto-generated by Mind. Do not edit. -->\nold\n<!-- MIND:END -->\n\n{}# Mine\n",
            section("→", true),
            section("\u{e2}\u{2020}\u{2019}", false)
        );
        let m = remove_python_instructions(file.as_bytes());
        assert_eq!(m.removed, 2);
        assert_eq!(
            String::from_utf8(m.bytes).unwrap(),
            "<!-- MIND:CONTEXT - Auto-generated by Mind. Do not edit. -->\nold\n<!-- MIND:END -->\n\n# Mine\n"
        );
    }

    #[test]
    fn leaves_a_placeholder_where_there_was_no_block() {
        let file = format!("<!-- MIND:VERSION:2 -->\n{}# Mine\n", section("->", false));
        let m = remove_python_instructions(file.as_bytes());
        assert_eq!(m.removed, 1);
        assert_eq!(
            String::from_utf8(m.bytes).unwrap(),
            format!("{START_MARKER}\n{END_MARKER}\n\n# Mine\n")
        );
    }

    #[test]
    fn edited_sections_are_kept_and_reported() {
        let file = section("->", true).replace("CALL FIRST!", "call first");
        let file = format!("intro\n{file}");
        let m = remove_python_instructions(file.as_bytes());
        assert_eq!(m.removed, 0);
        assert_eq!(m.kept_at, vec![2]);
        assert_eq!(m.bytes, file.as_bytes());
    }

    #[test]
    fn crlf_sections_are_recognised() {
        let file = section("→", true).replace('\n', "\r\n") + "tail\r\n";
        let m = remove_python_instructions(file.as_bytes());
        assert_eq!(m.removed, 1);
        assert_eq!(
            String::from_utf8(m.bytes).unwrap(),
            format!("{START_MARKER}\r\n{END_MARKER}\r\n\r\ntail\r\n")
        );
    }
}
