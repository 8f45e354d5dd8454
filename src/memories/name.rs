//! Which memory names are allowed. A name becomes a file name (`NAME.md`) and an Obsidian
//! wikilink target (`[[NAME]]`), so it may not leave the folder, hide itself, or hold the
//! characters a wikilink gives meaning to.

use crate::error::{Error, Result};

/// The longest name, in characters: file systems allow 255 bytes for `NAME.md`, and a name
/// this long is already more than anyone types.
pub const MAX_CHARS: usize = 100;

/// Characters a name may not hold: path separators, and what a wikilink reads as a heading
/// (`#`), a block (`^`), an alias (`|`) or the link's end (`[`, `]`).
const FORBIDDEN: &[char] = &['/', '\\', '#', '^', '|', '[', ']'];

/// The files beside `memories/` in `.mind/`: a memory of the same name would make
/// `[[MEMORY]]` point at two notes.
const RESERVED: &[&str] = &["MEMORY", "SESSION", "REMINDERS"];

/// The name as stored (a trailing `.md` is dropped: `notes.md` is the memory `notes`), or a
/// usage error saying what is wrong with it.
pub fn validate(raw: &str) -> Result<String> {
    let name = raw.strip_suffix(".md").unwrap_or(raw);
    let problem = if name.trim().is_empty() {
        Some("is empty".to_string())
    } else if name.chars().count() > MAX_CHARS {
        Some(format!(
            "is {} characters long; at most {MAX_CHARS} are allowed",
            name.chars().count()
        ))
    } else if name.starts_with('.') {
        Some("starts with a dot".to_string())
    } else if name.contains("..") {
        Some("contains `..`".to_string())
    } else if let Some(c) = name.chars().find(|c| FORBIDDEN.contains(c)) {
        Some(format!("contains `{c}`"))
    } else if name.chars().any(char::is_control) {
        Some("contains a control character".to_string())
    } else if name != name.trim() {
        Some("starts or ends with a space".to_string())
    } else if RESERVED.iter().any(|r| r.eq_ignore_ascii_case(name)) {
        Some(format!("is the name of `.mind/{name}.md`"))
    } else {
        None
    };
    match problem {
        None => Ok(name.to_string()),
        Some(problem) => Err(Error::usage_hint(
            format!("the memory name {raw:?} {problem}"),
            "use letters, digits, spaces, `-` and `_` (like `api-design`)",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_pass_and_a_trailing_md_is_dropped() {
        assert_eq!(validate("api-design").unwrap(), "api-design");
        assert_eq!(validate("Release notes 2").unwrap(), "Release notes 2");
        assert_eq!(validate("notes.md").unwrap(), "notes");
        assert_eq!(validate("v1.2").unwrap(), "v1.2");
    }

    #[test]
    fn names_that_leave_the_folder_or_hide_are_refused() {
        for bad in [
            "",
            " ",
            "../x",
            "a/b",
            "a\\b",
            ".hidden",
            "..",
            "x..y",
            "a#b",
            "[[x]]",
            "a|b",
            "tab\there",
            " lead",
            "MEMORY",
            "session",
            ".md",
        ] {
            assert!(validate(bad).is_err(), "{bad:?} passed");
        }
        assert!(validate(&"x".repeat(MAX_CHARS)).is_ok());
        assert!(validate(&"x".repeat(MAX_CHARS + 1)).is_err());
    }
}
