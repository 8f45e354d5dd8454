//! Obsidian wikilinks between memories: `[[NAME]]`, `[[NAME#Heading]]`, `[[NAME|shown text]]`,
//! and `[[MEMORY#2026-01-15]]` to a day's heading in MEMORY.md. Obsidian matches a link to
//! a note by file name, ignoring case, so these do too.

/// The notes a text links to, as written before any `#` or `|` (`memories/api` counts as
/// `api`), in order of first appearance, each once. Links inside code are links too: the
/// text is not parsed as markdown, which only ever adds a backlink.
pub fn targets(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("[[") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("]]") else { break };
        let inner = &after[..end];
        rest = &after[end + 2..];
        if inner.contains('\n') {
            continue;
        }
        let note = inner.split(['|', '#', '^']).next().unwrap_or("").trim();
        let note = note.rsplit('/').next().unwrap_or(note);
        let note = note.strip_suffix(".md").unwrap_or(note);
        if !note.is_empty() && !out.iter().any(|o| o.eq_ignore_ascii_case(note)) {
            out.push(note.to_string());
        }
    }
    out
}

/// Whether `text` links to the note `name`.
pub fn links_to(text: &str, name: &str) -> bool {
    targets(text).iter().any(|t| t.eq_ignore_ascii_case(name))
}

/// The wikilink to a day's heading in MEMORY.md (`## 2026-01-15`), the way Obsidian
/// resolves it: by the heading's text.
pub fn memory_day_link(day: chrono::NaiveDate) -> String {
    format!("[[MEMORY#{day}]]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn link_forms_obsidian_resolves_name_their_note() {
        let text = "See [[api-design]], [[API-design#Auth|auth]], [[memories/deploy.md]] and \
                    [[MEMORY#2026-01-15]]; not [[ ]] nor [[broken\nlink]].";
        assert_eq!(targets(text), vec!["api-design", "deploy", "MEMORY"]);
        assert!(links_to(text, "Deploy"));
        assert!(!links_to(text, "auth"));
    }
}
