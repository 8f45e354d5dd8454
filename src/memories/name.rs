//! Which memory names are allowed. A name becomes a file name (`NAME.md`) on every clone,
//! Windows included, and an Obsidian wikilink target (`[[NAME]]`), so it may not leave the
//! folder, hide itself, outgrow a file name, or hold the characters a wikilink or Windows
//! gives meaning to.

use crate::error::{Error, Result};

/// The longest name, in characters: a name this long is already more than anyone types.
pub const MAX_CHARS: usize = 100;

/// The longest name in bytes (UTF-8): file systems hold 255 bytes for a file name, and
/// `NAME.md` adds 3. A name of wide characters (`名` is 3 bytes) meets this before
/// [`MAX_CHARS`].
pub const MAX_BYTES: usize = 255 - ".md".len();

/// Characters a name may not hold: path separators; what a wikilink reads as a heading
/// (`#`), a block (`^`), an alias (`|`) or the link's end (`[`, `]`); and what Windows
/// refuses in a file name (`:`, `?`, `*`, `<`, `>`, `"`), which would stop a clone there.
const FORBIDDEN: &[char] = &[
    '/', '\\', '#', '^', '|', '[', ']', ':', '?', '*', '<', '>', '"',
];

/// Windows' device names: `con.md` (or `nul.notes.md`) cannot be a file there, in any case.
const DEVICES: &[&str] = &[
    "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8",
    "COM9", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9",
];

/// The files beside `memories/` in `.mind/`: a memory of the same name would make
/// `[[MEMORY]]` point at two notes.
const RESERVED: &[&str] = &["MEMORY", "SESSION", "REMINDERS"];

/// The name as given, or a usage error saying what is wrong with it (nothing has been
/// written when it is refused).
pub fn validate(name: &str) -> Result<String> {
    if let Some(stem) = name.strip_suffix(".md")
        && !stem.is_empty()
    {
        // `notes.md` is the file of the memory `notes`; taking it as `notes` would rewrite
        // that memory unasked, and as `notes.md` would make a file `notes.md.md`.
        return Err(Error::usage_hint(
            format!("the memory name {name:?} ends in `.md`"),
            format!(
                "a memory's name is its file name without `.md`: use {stem:?} (the file is .mind/memories/{stem}.md)"
            ),
        ));
    }
    let device = name.split('.').next().unwrap_or(name).trim_end();
    let problem = if name.trim().is_empty() {
        Some("is empty".to_string())
    } else if name.chars().count() > MAX_CHARS {
        Some(format!(
            "is {} characters long; at most {MAX_CHARS} are allowed",
            name.chars().count()
        ))
    } else if name.len() > MAX_BYTES {
        Some(format!(
            "is {} bytes long (UTF-8); a file name holds at most {MAX_BYTES} bytes before `.md`",
            name.len()
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
    } else if DEVICES.iter().any(|d| d.eq_ignore_ascii_case(device)) {
        Some(format!(
            "is a device name on Windows (`{device}`), where the file could not exist"
        ))
    } else {
        None
    };
    match problem {
        None => Ok(name.to_string()),
        Some(problem) => Err(Error::usage_hint(
            format!("the memory name {name:?} {problem}"),
            "use letters, digits, spaces, `-` and `_` (like `api-design`)",
        )),
    }
}

/// The form two names are compared in: Unicode NFC, then lower case. Windows (NTFS) and
/// macOS (APFS, HFS+) take names that differ only in case as one file name, and macOS also
/// names that differ only in Unicode form (`café` typed, `café` from a macOS file name), so
/// two memories whose names fold alike could not both be checked out there.
pub fn fold(name: &str) -> String {
    let lower = crate::store::text::nfc(name).to_lowercase();
    // Lowering can leave a sequence NFC composes (`İ` lowers to `i` + a combining dot).
    crate::store::text::nfc(&lower).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_pass() {
        assert_eq!(validate("api-design").unwrap(), "api-design");
        assert_eq!(validate("Release notes 2").unwrap(), "Release notes 2");
        assert_eq!(validate("v1.2").unwrap(), "v1.2");
        assert_eq!(validate("console").unwrap(), "console");
        assert_eq!(validate("com10").unwrap(), "com10");
        assert_eq!(validate("名".repeat(84).as_str()).unwrap(), "名".repeat(84));
    }

    #[test]
    fn names_fold_case_and_unicode_form() {
        assert_eq!(fold("Deploy"), fold("deploy"));
        assert_eq!(fold("caf\u{e9}"), fold("cafe\u{301}"));
        assert_eq!(fold("CAFE\u{301}"), "caf\u{e9}");
        assert_ne!(fold("deploy"), fold("deploys"));
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
            "notes.md",
            "a:b",
            "a?b",
            "a*b",
            "a<b>",
            "say \"hi\"",
            "con",
            "NUL",
            "Com1",
            "lpt9.notes",
            "aux ",
        ] {
            assert!(validate(bad).is_err(), "{bad:?} passed");
        }
        assert!(validate(&"x".repeat(MAX_CHARS)).is_ok());
        assert!(validate(&"x".repeat(MAX_CHARS + 1)).is_err());
        // 85 wide characters are 255 bytes: `NAME.md` would not fit a file name.
        let wide = validate(&"名".repeat(85)).unwrap_err().to_string();
        assert!(wide.contains("is 255 bytes long (UTF-8)"), "{wide}");
    }
}
