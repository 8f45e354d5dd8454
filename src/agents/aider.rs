//! Aider reads the files listed under `read:` in `.aider.conf.yml` as read-only context.
//! The list is edited line by line so every other byte of the YAML stays as it was:
//! a block list (`read:` then `  - FILE` lines) gets one more item line, a flow list
//! (`read: [A, B]`) one more element, a single value (`read: A`) becomes a flow list.

/// Aider's project configuration file.
pub const CONFIG_FILE: &str = ".aider.conf.yml";

/// How the file was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// The file already lists it.
    Present,
    /// The new bytes.
    Changed(Vec<u8>),
}

/// `existing` (None: no file yet) with `file` in its `read:` list. Refuses a `read:` it
/// cannot edit with certainty (e.g. a multi-line flow list).
pub fn add_read(existing: Option<&[u8]>, file: &str) -> Result<Edit, String> {
    let text = match existing {
        None => return Ok(Edit::Changed(format!("read:\n  - {file}\n").into_bytes())),
        Some(bytes) => std::str::from_utf8(bytes)
            .map_err(|_| format!("{CONFIG_FILE} is not UTF-8; left unchanged"))?,
    };
    let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let Some(key) = lines.iter().position(|l| is_read_key(l)) else {
        let mut out = text.to_string();
        if !out.is_empty() && !out.ends_with('\n') {
            out.push_str(eol);
        }
        out.push_str(&format!("read:{eol}  - {file}{eol}"));
        return Ok(Edit::Changed(out.into_bytes()));
    };
    let value = value_of(lines[key]);
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    if value.is_empty() {
        // A block list (or an empty key): items are the indented `- ` lines that follow.
        let items: Vec<usize> = (key + 1..lines.len())
            .take_while(|&i| is_item(lines[i]) || lines[i].trim().is_empty())
            .filter(|&i| is_item(lines[i]))
            .collect();
        if items.iter().any(|&i| unquote(item_value(lines[i])) == file) {
            return Ok(Edit::Present);
        }
        let (after, indent) = match items.last() {
            Some(&last) => (last, indent_of(lines[last]).to_string()),
            None => (key, "  ".to_string()),
        };
        if !out[after].ends_with('\n') {
            out[after].push_str(eol);
        }
        out.insert(after + 1, format!("{indent}- {file}{eol}"));
    } else if let Some(inner) = value.strip_prefix('[') {
        let Some(inner) = inner.strip_suffix(']') else {
            return Err(format!(
                "{CONFIG_FILE}: a `read:` list over several lines; add {file} to it by hand"
            ));
        };
        if inner.split(',').any(|v| unquote(v.trim()) == file) {
            return Ok(Edit::Present);
        }
        let list = if inner.trim().is_empty() {
            file.to_string()
        } else {
            format!("{}, {file}", inner.trim_end())
        };
        out[key] = replace_value(lines[key], &format!("[{list}]"));
    } else {
        if unquote(value) == file {
            return Ok(Edit::Present);
        }
        out[key] = replace_value(lines[key], &format!("[{value}, {file}]"));
    }
    Ok(Edit::Changed(out.concat().into_bytes()))
}

/// `bytes` without `file` in the `read:` list (the item line, or the flow element); a
/// `read:` left with nothing is removed when `key_added` (setup wrote the key).
pub fn remove_read(bytes: &[u8], file: &str, key_added: bool) -> Result<Edit, String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| format!("{CONFIG_FILE} is not UTF-8; left unchanged"))?;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let Some(key) = lines.iter().position(|l| is_read_key(l)) else {
        return Ok(Edit::Present);
    };
    let value = value_of(lines[key]);
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    if value.is_empty() {
        let items: Vec<usize> = (key + 1..lines.len())
            .take_while(|&i| is_item(lines[i]) || lines[i].trim().is_empty())
            .filter(|&i| is_item(lines[i]))
            .collect();
        let Some(&ours) = items
            .iter()
            .find(|&&i| unquote(item_value(lines[i])) == file)
        else {
            return Ok(Edit::Present);
        };
        out.remove(ours);
        if items.len() == 1 && key_added {
            out.remove(key);
        }
    } else if let Some(inner) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
        let kept: Vec<&str> = inner
            .split(',')
            .map(str::trim)
            .filter(|v| unquote(v) != file)
            .collect();
        if kept.len() == inner.split(',').count() {
            return Ok(Edit::Present);
        }
        out[key] = replace_value(lines[key], &format!("[{}]", kept.join(", ")));
    } else {
        return Ok(Edit::Present);
    }
    Ok(Edit::Changed(out.concat().into_bytes()))
}

/// A top-level `read:` key (not indented, not a comment).
fn is_read_key(line: &str) -> bool {
    line.starts_with("read:")
}

/// The value after `read:`, without a trailing comment or line end.
fn value_of(line: &str) -> &str {
    let value = line["read:".len()..].trim();
    match value.find(" #") {
        Some(i) => value[..i].trim_end(),
        None if value.starts_with('#') => "",
        None => value,
    }
}

fn replace_value(line: &str, value: &str) -> String {
    let eol = &line[line.trim_end_matches(['\r', '\n']).len()..];
    let comment = line
        .trim_end_matches(['\r', '\n'])
        .find(" #")
        .map(|i| &line[i..line.len() - eol.len()])
        .unwrap_or("");
    format!("read: {value}{comment}{eol}")
}

fn is_item(line: &str) -> bool {
    let trimmed = line.trim_start();
    trimmed.len() < line.len() && (trimmed.starts_with("- ") || trimmed.trim_end() == "-")
}

fn item_value(line: &str) -> &str {
    line.trim_start()[1..].trim()
}

fn indent_of(line: &str) -> &str {
    &line[..line.len() - line.trim_start().len()]
}

fn unquote(value: &str) -> &str {
    let v = value.trim();
    for q in ['"', '\''] {
        if let Some(inner) = v.strip_prefix(q).and_then(|v| v.strip_suffix(q)) {
            return inner;
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn added(before: &str) -> String {
        match add_read(Some(before.as_bytes()), "AGENTS.md").unwrap() {
            Edit::Changed(b) => String::from_utf8(b).unwrap(),
            Edit::Present => before.to_string(),
        }
    }

    #[test]
    fn each_list_form_gets_the_file_once() {
        assert_eq!(added("model: x\n"), "model: x\nread:\n  - AGENTS.md\n");
        assert_eq!(
            added("read:\n    - CONVENTIONS.md\nmodel: x\n"),
            "read:\n    - CONVENTIONS.md\n    - AGENTS.md\nmodel: x\n"
        );
        assert_eq!(
            added("read: [CONVENTIONS.md] # docs\n"),
            "read: [CONVENTIONS.md, AGENTS.md] # docs\n"
        );
        assert_eq!(
            added("read: CONVENTIONS.md\n"),
            "read: [CONVENTIONS.md, AGENTS.md]\n"
        );
        assert_eq!(added("read: []\n"), "read: [AGENTS.md]\n");
        assert_eq!(
            added("read:\n  - \"AGENTS.md\"\n"),
            "read:\n  - \"AGENTS.md\"\n"
        );
        assert!(add_read(Some(b"read: [a,\n  b]\n"), "AGENTS.md").is_err());
    }

    #[test]
    fn removal_takes_out_the_item_alone() {
        for before in [
            "model: x\n",
            "read:\n  - C.md\nmodel: x\n",
            "read: [C.md]\n",
        ] {
            let after = added(before);
            let Edit::Changed(back) =
                remove_read(after.as_bytes(), "AGENTS.md", !before.contains("read")).unwrap()
            else {
                panic!("nothing removed from {after}");
            };
            assert_eq!(String::from_utf8(back).unwrap(), before);
        }
    }
}
