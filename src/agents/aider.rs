//! Aider reads the files listed under `read:` in `.aider.conf.yml` as read-only context.
//! The list is edited line by line so every other byte of the YAML stays as it was:
//! a block list (`read:` then `- FILE` lines, at any indent, none included) gets one more
//! item line at its items' indent, a flow list (`read: [A, B]`) one more element, a single
//! value (`read: A`) becomes a flow list. A removal gives back the bytes the file had when
//! nothing else in it changed since, and otherwise takes out the item alone.

/// Aider's project configuration file.
pub const CONFIG_FILE: &str = ".aider.conf.yml";

/// How the file was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// The file already lists it (or, for a removal, no longer does).
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
        let list = block_list(&lines, key, file)?;
        if list
            .items
            .iter()
            .any(|&i| unquote(item_value(lines[i])) == file)
        {
            return Ok(Edit::Present);
        }
        // YAML wants every item of one list at the same indent: the first item's, which
        // may be none at all (`read:` then `- A.md` is a valid list).
        let (after, indent) = match list.items.first() {
            Some(&first) => (list.end, indent_of(lines[first]).to_string()),
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
        if elements(value).contains(&file) {
            return Ok(Edit::Present);
        }
        let list = if inner.trim().is_empty() {
            file.to_string()
        } else {
            format!("{}, {file}", inner.trim_end())
        };
        out[key] = replace_value(lines[key], &format!("[{list}]"));
    } else {
        if elements(value).contains(&file) {
            return Ok(Edit::Present);
        }
        out[key] = replace_value(lines[key], &format!("[{value}, {file}]"));
    }
    Ok(Edit::Changed(out.concat().into_bytes()))
}

/// `bytes` without `file` in the `read:` list. `original` is the file as it was before
/// setup added `file` (None: there was no file). When `bytes` are exactly what setup made
/// of `original`, nothing else changed since and `original` comes back whole (a file
/// setup created comes back empty). Otherwise the item line or the flow element goes
/// alone; a `read:` left with nothing goes when the original had none; a flow list left
/// with what the original's `read:` line held gets that line back (a single value stays
/// one); and when the original did not end with a line break, the one the addition put
/// before its lines at the end goes with them.
pub fn remove_read(bytes: &[u8], file: &str, original: Option<&[u8]>) -> Result<Edit, String> {
    if matches!(add_read(original, file), Ok(Edit::Changed(made)) if made == bytes) {
        return Ok(Edit::Changed(original.unwrap_or_default().to_vec()));
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|_| format!("{CONFIG_FILE} is not UTF-8; left unchanged"))?;
    let original = original.map(String::from_utf8_lossy);
    let original_key_line = original
        .as_deref()
        .and_then(|o| o.split_inclusive('\n').find(|l| is_read_key(l)));
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let Some(key) = lines.iter().position(|l| is_read_key(l)) else {
        return Ok(Edit::Present);
    };
    let value = value_of(lines[key]);
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let mut took_last_line = false;
    if value.is_empty() {
        let list = block_list(&lines, key, file)?;
        let Some(&ours) = list
            .items
            .iter()
            .find(|&&i| unquote(item_value(lines[i])) == file)
        else {
            return Ok(Edit::Present);
        };
        took_last_line = ours + 1 == lines.len();
        out.remove(ours);
        if list.items.len() == 1 && original_key_line.is_none() {
            took_last_line |= key + 1 == out.len();
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
        out[key] = match original_key_line {
            Some(line)
                if elements(value_of(line))
                    == kept.iter().map(|v| unquote(v)).collect::<Vec<_>>() =>
            {
                format!("{}{}", without_eol(line), eol_of(lines[key]))
            }
            _ => replace_value(lines[key], &format!("[{}]", kept.join(", "))),
        };
    } else {
        return Ok(Edit::Present);
    }
    let mut text = out.concat();
    if took_last_line
        && original
            .as_deref()
            .is_some_and(|o| !o.is_empty() && !o.ends_with('\n'))
        && let Some(body) = text
            .strip_suffix("\r\n")
            .or_else(|| text.strip_suffix('\n'))
    {
        text = body.to_string();
    }
    Ok(Edit::Changed(text.into_bytes()))
}

/// The lines of a block list under the `read:` key at `key`.
struct BlockList {
    /// The item lines (`- FILE`).
    items: Vec<usize>,
    /// The list's last line of content (the key itself when it has no item).
    end: usize,
}

/// The block list under `read:`: item lines at one indent (none included), the deeper
/// lines that continue an item, blank lines and comments, up to the next line of content
/// that is none of these. Refuses a `read:` whose value is something else (a mapping, a
/// scalar on the next line), which a new item line would make invalid.
fn block_list(lines: &[&str], key: usize, file: &str) -> Result<BlockList, String> {
    let mut list = BlockList {
        items: Vec::new(),
        end: key,
    };
    let mut item_indent: Option<usize> = None;
    for (i, line) in lines.iter().enumerate().skip(key + 1) {
        let trimmed = line.trim_start();
        if trimmed.trim().is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = line.len() - trimmed.len();
        match item_indent {
            None if is_item(line) => item_indent = Some(indent),
            None if indent > 0 => {
                return Err(format!(
                    "{CONFIG_FILE}: `read:` is not a list of files; add {file} to it by hand"
                ));
            }
            None => break,
            Some(at) if indent == at && is_item(line) => {}
            Some(at) if indent > at => {
                list.end = i;
                continue;
            }
            Some(_) => break,
        }
        list.items.push(i);
        list.end = i;
    }
    Ok(list)
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

/// The files a `read:` value names: a flow list's elements, or the single value.
fn elements(value: &str) -> Vec<&str> {
    match value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
        Some(inner) => inner
            .split(',')
            .map(unquote)
            .filter(|v| !v.is_empty())
            .collect(),
        None if value.is_empty() => Vec::new(),
        None => vec![unquote(value)],
    }
}

fn replace_value(line: &str, value: &str) -> String {
    let body = without_eol(line);
    let comment = body.find(" #").map_or("", |i| &body[i..]);
    format!("read: {value}{comment}{}", eol_of(line))
}

/// A line without its line break.
fn without_eol(line: &str) -> &str {
    line.trim_end_matches(['\r', '\n'])
}

/// A line's line break (none on a last line without one).
fn eol_of(line: &str) -> &str {
    &line[without_eol(line).len()..]
}

/// A sequence item line (`- A.md`, or a bare `-`), at any indent.
fn is_item(line: &str) -> bool {
    let trimmed = line.trim_start();
    trimmed.starts_with("- ") || trimmed.starts_with("-\t") || trimmed.trim_end() == "-"
}

/// An item's value, without a trailing comment.
fn item_value(line: &str) -> &str {
    let value = line.trim_start()[1..].trim();
    match value.find(" #") {
        Some(i) => value[..i].trim_end(),
        None => value,
    }
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

    fn removed(after: &str, original: &str) -> String {
        match remove_read(after.as_bytes(), "AGENTS.md", Some(original.as_bytes())).unwrap() {
            Edit::Changed(b) => String::from_utf8(b).unwrap(),
            Edit::Present => panic!("nothing removed from {after}"),
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
        assert_eq!(
            added("read:\n  - AGENTS.md # ctx\n"),
            "read:\n  - AGENTS.md # ctx\n"
        );
        assert!(add_read(Some(b"read: [a,\n  b]\n"), "AGENTS.md").is_err());
        assert!(add_read(Some(b"read:\n  a: b\n"), "AGENTS.md").is_err());
    }

    #[test]
    fn a_block_list_gets_its_own_items_indent_even_none() {
        assert_eq!(
            added("read:\n- A.md\n- B.md\nmodel: x\n"),
            "read:\n- A.md\n- B.md\n- AGENTS.md\nmodel: x\n"
        );
        // Comments and blank lines inside the list, and an item over two lines.
        assert_eq!(
            added("read:\n  - A.md\n\n  # more\n  - >-\n    B.md\n# next\nmodel: x\n"),
            "read:\n  - A.md\n\n  # more\n  - >-\n    B.md\n  - AGENTS.md\n# next\nmodel: x\n"
        );
        assert_eq!(added("read:\n- A.md"), "read:\n- A.md\n- AGENTS.md\n");
    }

    #[test]
    fn removal_gives_the_original_back_or_takes_out_the_item_alone() {
        for before in [
            "model: x\n",
            "read:\n  - C.md\nmodel: x\n",
            "read:\n- C.md\n- D.md\n",
            "read: [C.md]\n",
            "read: C.md\n",
            "read: [ C.md ]  # docs\n",
            "# read: commented\nmodel: x",
            "read:\n  - C.md",
            "",
        ] {
            assert_eq!(removed(&added(before), before), before);
        }
        // Something else changed since: the item alone goes, the rest stays.
        assert_eq!(
            removed("read: [C.md, AGENTS.md]\nmodel: y\n", "read: C.md\n"),
            "read: C.md\nmodel: y\n"
        );
        assert_eq!(
            removed("top: 1\nmodel: x\nread:\n  - AGENTS.md\n", "model: x"),
            "top: 1\nmodel: x"
        );
        assert_eq!(
            removed("read:\n- C.md\n- AGENTS.md\nmodel: y\n", "read:\n- C.md\n"),
            "read:\n- C.md\nmodel: y\n"
        );
        // A file setup created comes back empty (the caller deletes it).
        let created = add_read(None, "AGENTS.md").unwrap();
        let Edit::Changed(created) = created else {
            unreachable!()
        };
        assert_eq!(
            remove_read(&created, "AGENTS.md", None).unwrap(),
            Edit::Changed(Vec::new())
        );
    }
}
