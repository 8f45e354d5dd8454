//! Cursor reads project rules from `.cursor/rules/*.mdc`: markdown after a YAML front
//! matter; `alwaysApply: true` puts the rule in every request.

/// The rule file that carries the context block.
pub const RULE_FILE: &str = ".cursor/rules/mind.mdc";

/// The front matter the rule starts with; the context block follows it.
pub const FRONT_MATTER: &str =
    "---\ndescription: Project memory kept by mind in .mind/\nglobs:\nalwaysApply: true\n---\n";

/// The rule file before its first block: the front matter alone.
pub fn initial_content() -> &'static str {
    FRONT_MATTER
}

/// Whether `bytes` start with a front matter that always applies.
pub fn always_applies(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    let mut lines = text.lines();
    if lines.next().map(str::trim_end) != Some("---") {
        return false;
    }
    lines
        .take_while(|l| l.trim_end() != "---")
        .any(|l| l.replace(' ', "") == "alwaysApply:true")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_front_matter_always_applies() {
        assert!(always_applies(FRONT_MATTER.as_bytes()));
        assert!(!always_applies(b"---\nalwaysApply: false\n---\n"));
        assert!(!always_applies(b"# rules\n"));
    }
}
