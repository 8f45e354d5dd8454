//! `context_targets` in `.mind/config.json`, edited for setup: the file is rewritten only
//! when the list changes; every other key keeps its value and its place.

use serde_json::{Map, Value};

use crate::config::Config;
use crate::store::text;

/// The config with `target` added to (or removed from) its context targets; `None` when
/// nothing changes. A missing list stands for the default one. Refuses a config that is
/// not a JSON object, or one with a key twice (it would be rewritten wrongly), with the
/// reason (the caller names the file): the parser's (a syntax error, a nesting too deep,
/// UTF-16), or the key. A byte order mark is read past, as
/// [`crate::config::Config::load`] reads it, and kept in front of the rewritten file.
pub fn edit(existing: Option<&[u8]>, target: &str, add: bool) -> Result<Option<Vec<u8>>, String> {
    let (bom, json) = text::split_bom(existing.unwrap_or_default());
    let mut config: Map<String, Value> = match existing {
        None => Map::new(),
        Some(bytes) => match text::parse_json(bytes) {
            Ok(Value::Object(map)) => match super::json_keys::duplicate_key(json) {
                // Rewritten, the file would keep only the last of the two.
                Some(duplicate) => return Err(format!("{duplicate}; fix it first")),
                None => map,
            },
            Ok(_) => return Err("not a JSON object; fix it first".into()),
            Err(reason) => {
                return Err(format!("not valid JSON ({reason}); fix it first"));
            }
        },
    };
    let mut targets: Vec<String> = match config.get("context_targets") {
        None => Config::default().context_targets,
        Some(Value::Array(list)) => list
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<_>>()
            .ok_or("context_targets in config.json is not a list of file names")?,
        Some(_) => return Err("context_targets in config.json is not a list".into()),
    };
    let present = targets.iter().any(|t| t == target);
    match (add, present) {
        (true, false) => targets.push(target.to_string()),
        (false, true) => targets.retain(|t| t != target),
        _ => return Ok(None),
    }
    config.insert("context_targets".into(), Value::from(targets));
    let mut rendered = serde_json::to_string_pretty(&config).expect("JSON values serialise");
    rendered.push('\n');
    Ok(Some([bom, rendered.as_bytes()].concat()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_added_in_place_once() {
        let before = b"{\n  \"version\": 2,\n  \"context_targets\": [\n    \"CLAUDE.md\"\n  ],\n  \"z\": 1\n}\n";
        let after = edit(Some(before), "AGENTS.md", true).unwrap().unwrap();
        assert_eq!(
            String::from_utf8(after.clone()).unwrap(),
            "{\n  \"version\": 2,\n  \"context_targets\": [\n    \"CLAUDE.md\",\n    \"AGENTS.md\"\n  ],\n  \"z\": 1\n}\n"
        );
        assert_eq!(edit(Some(&after), "AGENTS.md", true).unwrap(), None);
        assert_eq!(
            edit(Some(&after), "AGENTS.md", false).unwrap().unwrap(),
            before
        );
    }

    #[test]
    fn a_byte_order_mark_is_read_past_and_kept() {
        let before = b"\xEF\xBB\xBF{\"context_targets\": [\"CLAUDE.md\"]}\n";
        let after = edit(Some(before), "AGENTS.md", true).unwrap().unwrap();
        assert_eq!(
            after,
            b"\xEF\xBB\xBF{\n  \"context_targets\": [\n    \"CLAUDE.md\",\n    \"AGENTS.md\"\n  ]\n}\n"
        );
        assert_eq!(edit(Some(&after), "AGENTS.md", true).unwrap(), None);
    }

    #[test]
    fn a_config_refused_says_why() {
        let deep = format!("{}{}", "{\"a\":".repeat(200), "}".repeat(200));
        let reason = edit(Some(deep.as_bytes()), "AGENTS.md", true).unwrap_err();
        assert!(
            reason.starts_with("not valid JSON (recursion limit exceeded at line 1"),
            "{reason}"
        );
        assert_eq!(
            edit(Some(b"[1]"), "AGENTS.md", true).unwrap_err(),
            "not a JSON object; fix it first"
        );
        let reason = edit(Some(b"{\"a\": 1, \"a\": 2}"), "AGENTS.md", true).unwrap_err();
        assert!(
            reason.starts_with("`a` appears twice at line 1"),
            "{reason}"
        );
    }
}
