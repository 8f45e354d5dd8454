//! The YAML front matter of a named memory: `---`, YAML, `---`, then the markdown body.
//!
//! Read and written with `serde-saphyr`, a maintained pure-Rust YAML library (serde_yaml is
//! archived and its `serde_yml` fork is unsound); it reports errors with line and column and
//! never panics on bad input, which matters for files people edit by hand. Keys this module
//! does not know (Obsidian's `aliases`, say) are kept on rewrite.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What kind of knowledge a memory holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    Architecture,
    Decision,
    Pattern,
    Guide,
    Onboarding,
    #[default]
    Note,
    Progress,
}

impl Category {
    pub const ALL: [Category; 7] = [
        Category::Architecture,
        Category::Decision,
        Category::Pattern,
        Category::Guide,
        Category::Onboarding,
        Category::Note,
        Category::Progress,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Architecture => "architecture",
            Category::Decision => "decision",
            Category::Pattern => "pattern",
            Category::Guide => "guide",
            Category::Onboarding => "onboarding",
            Category::Note => "note",
            Category::Progress => "progress",
        }
    }

    pub fn parse(text: &str) -> Option<Category> {
        Category::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

/// The header's fields. Times are RFC 3339 strings as written (a hand-written date is
/// kept as it is, not reinterpreted).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FrontMatter {
    pub category: Category,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project: Option<String>,
    pub tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
    /// Keys written by someone else, kept in their order.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl FrontMatter {
    /// `readonly: true`: a copy kept up to date by something else (`mind team pull`), which
    /// `mind memory write` and `edit` refuse to change.
    pub fn is_read_only(&self) -> bool {
        self.extra.get("readonly") == Some(&Value::Bool(true))
    }
}

/// A memory file split into its header and body.
#[derive(Debug, Clone, PartialEq)]
pub struct Split {
    /// `None` when the file has no front matter (plain markdown counts as a note).
    pub front: Option<FrontMatter>,
    pub body: String,
}

/// Split a file's text. An opened header that never closes, YAML that does not parse, or a
/// field of the wrong kind is an error with the reason: such a file is reported, not rewritten.
pub fn split(text: &str) -> Result<Split, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some(rest) = strip_fence_line(text) else {
        return Ok(Split {
            front: None,
            body: text.to_string(),
        });
    };
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        if bare == "---" || bare == "..." {
            let yaml = &rest[..offset];
            let after = &rest[offset + line.len()..];
            // The blank line `render` puts after the header is not part of the body.
            let body = after
                .strip_prefix("\r\n")
                .or_else(|| after.strip_prefix('\n'))
                .unwrap_or(after);
            return Ok(Split {
                front: Some(parse_yaml(yaml)?),
                body: body.to_string(),
            });
        }
        offset += line.len();
    }
    Err("the front matter opened by `---` on the first line is never closed by a `---` line".into())
}

/// The text after a first line that is exactly `---`.
fn strip_fence_line(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("---")?;
    rest.strip_prefix("\r\n")
        .or_else(|| rest.strip_prefix('\n'))
}

fn parse_yaml(yaml: &str) -> Result<FrontMatter, String> {
    if yaml.trim().is_empty() {
        return Ok(FrontMatter::default());
    }
    // YAML 1.2 booleans only: a tag `y` or `no` stays the word it is.
    let mut options = serde_saphyr::Options::default();
    options.strict_booleans = true;
    options.with_snippet = false;
    // A header is a few `key: value` lines; a cloned repository's file is untrusted, and
    // the library's limits (250,000 nodes, 50,000 aliases) let an alias bomb cost every
    // command that reads named memories a few hundred milliseconds.
    let mut budget = serde_saphyr::Budget::default();
    budget.max_nodes = 2_000;
    budget.max_aliases = 64;
    budget.max_anchors = 64;
    budget.max_events = 20_000;
    budget.max_depth = 16;
    budget.max_total_scalar_bytes = 1 << 20;
    budget.max_merge_keys = 64;
    options.budget = Some(budget);
    serde_saphyr::from_str_with_options::<FrontMatter>(yaml, options.clone()).map_err(|e| {
        // Read as plain YAML first: a syntax error is said as such (the typed reading may
        // stop earlier, at a field's type), else the field of the wrong kind.
        let reason = match serde_saphyr::from_str_with_options::<Value>(yaml, options) {
            Err(syntax) => plain(&syntax.to_string()),
            Ok(value) => wrong_field(yaml, &value).unwrap_or_else(|| plain(&e.to_string())),
        };
        format!("invalid front matter: {reason}")
    })
}

/// The first field `mind` reads whose value is of the wrong kind, said in plain words with
/// the file's line (the library's words name Rust types: "externally tagged enum").
fn wrong_field(yaml: &str, value: &Value) -> Option<String> {
    let Value::Object(map) = value else {
        return Some(
            "the header must be `key: value` lines (`category: guide`, `tags: [a, b]`)".into(),
        );
    };
    let categories = Category::ALL.map(Category::as_str).join(", ");
    let at = |key: &str| match file_line(yaml, key) {
        Some(line) => format!(" (line {line})"),
        None => String::new(),
    };
    if let Some(v) = map.get("category")
        && !v
            .as_str()
            .is_some_and(|c| Category::ALL.iter().any(|k| k.as_str() == c))
    {
        return Some(format!(
            "`category` is {}; it must be one of {categories}{}",
            kind(v),
            at("category")
        ));
    }
    if let Some(v) = map.get("tags")
        && !(v.is_null() || v.as_array().is_some_and(|t| t.iter().all(Value::is_string)))
    {
        return Some(format!(
            "`tags` is {}; it must be a list of words (`tags: [deploy, ci]`){}",
            kind(v),
            at("tags")
        ));
    }
    for key in ["project", "createdAt", "updatedAt"] {
        if let Some(v) = map.get(key)
            && !(v.is_null() || v.is_string())
        {
            return Some(format!(
                "`{key}` is {}; it must be a single text{}",
                kind(v),
                at(key)
            ));
        }
    }
    None
}

/// A value described for a person: `"wizardry"`, a list, a mapping, the number 3.
fn kind(value: &Value) -> String {
    match value {
        Value::String(s) => format!("{s:?}"),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "a mapping (`key: value` pairs)".into(),
        Value::Null => "empty".into(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("the number {n}"),
    }
}

/// The line of the file (the `---` line is 1) where `key:` starts in the header.
fn file_line(yaml: &str, key: &str) -> Option<usize> {
    yaml.lines()
        .position(|l| {
            l.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
        .map(|i| i + 2)
}

/// The YAML library's message on one line, its line counted in the file (the header starts
/// on line 2) and its advice to programmers dropped.
fn plain(message: &str) -> String {
    if message.contains("budget breached") {
        return "the header is too large, too deeply nested or repeats itself through too many \
                YAML aliases; a named memory's header is a few `key: value` lines"
            .into();
    }
    let mut text = one_line(message);
    for advice in [
        ", set DuplicateKeyPolicy in Options if acceptable",
        "; use Option<String>",
    ] {
        text = text.replace(advice, "");
    }
    text = text.replace("duplicate mapping key: ", "a key appears twice: ");
    if let Some(at) = text.rfind(" at line ")
        && let Some((line, rest)) = text[at + 9..].split_once(',')
        && let Ok(line) = line.trim().parse::<usize>()
    {
        text = format!(
            "{}{} (line {} of the file,{rest})",
            &text[..at],
            "",
            line + 1
        );
    }
    text
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The file's text: the header, a blank line, the body (ending in a newline unless empty).
pub fn render(front: &FrontMatter, body: &str) -> String {
    render_as(front, body, Layout::PLAIN)
}

/// [`render`] with the line ending and byte order mark of `layout`: the header's lines and
/// the body's missing last line break take the layout's ending; the body's own bytes are
/// written as given.
pub fn render_as(front: &FrontMatter, body: &str, layout: Layout) -> String {
    let yaml = serde_saphyr::to_string(front).expect("front matter serialises");
    let mut header = String::with_capacity(yaml.len() + 16);
    header.push_str("---\n");
    header.push_str(&yaml);
    if !yaml.ends_with('\n') {
        header.push('\n');
    }
    header.push_str("---\n\n");
    let mut out = String::with_capacity(header.len() * 2 + body.len() + 8);
    if layout.bom {
        out.push(BOM);
    }
    if layout.eol == "\n" {
        out.push_str(&header);
    } else {
        // A value spanning lines (a YAML block scalar) takes the ending too: YAML reads a
        // CRLF as one line break, so the value reads back the same.
        out.push_str(&header.replace('\n', layout.eol));
    }
    out.push_str(body);
    if !body.is_empty() && !body.ends_with('\n') {
        out.push_str(layout.eol);
    }
    out
}

/// The byte order mark as a character: what a Windows editor (Notepad) or PowerShell 5.1
/// puts before a file's text.
const BOM: char = '\u{feff}';

/// How a memory's file is laid out besides its text: its line ending and whether it starts
/// with a byte order mark. A rewrite keeps the file's own, as every other write of `mind`
/// does, so a file saved on Windows (CRLF, often with a mark) gets its header back in CRLF,
/// and `git diff` shows only the lines whose values changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// `"\n"` or `"\r\n"`.
    pub eol: &'static str,
    pub bom: bool,
}

impl Layout {
    /// LF, no mark: what `mind` writes when nothing says otherwise.
    pub const PLAIN: Layout = Layout {
        eol: "\n",
        bom: false,
    };

    /// The layout of a file as read: `text` whole, `body` its body (see [`split`]). The
    /// body's line ending when it has a line break, else the file's first line's: a header
    /// written in LF above a CRLF body (as versions before this one did) takes the body's.
    pub fn of_file(text: &str, body: &str) -> Layout {
        let eol = if body.contains('\n') {
            eol_of(body)
        } else {
            eol_of(text)
        };
        Layout {
            eol,
            bom: text.starts_with(BOM),
        }
    }

    /// The layout of a new file written from `body`, and the body to write: the body's line
    /// ending, and a mark the body starts with moved to the file's start (text piped from
    /// PowerShell may carry one).
    pub fn of_new(body: &str) -> (Layout, &str) {
        let (bom, body) = match body.strip_prefix(BOM) {
            Some(rest) => (true, rest),
            None => (false, body),
        };
        (
            Layout {
                eol: eol_of(body),
                bom,
            },
            body,
        )
    }

    /// `body` given for a file of this layout, with the layout's line ending: a new body
    /// written into a CRLF memory is CRLF (and into an LF one LF), so the file keeps one
    /// ending; a byte order mark at its start is dropped (the file has its own, or none).
    pub fn apply<'a>(&self, body: &'a str) -> std::borrow::Cow<'a, str> {
        use std::borrow::Cow;
        let body = body.strip_prefix(BOM).unwrap_or(body);
        if self.eol == "\n" {
            if body.contains("\r\n") {
                return Cow::Owned(body.replace("\r\n", "\n"));
            }
            return Cow::Borrowed(body);
        }
        let bare = body
            .match_indices('\n')
            .any(|(i, _)| !body[..i].ends_with('\r'));
        if !bare {
            return Cow::Borrowed(body);
        }
        let mut out = String::with_capacity(body.len() + body.len() / 16 + 2);
        let mut last = 0;
        for (i, _) in body.match_indices('\n') {
            out.push_str(&body[last..i]);
            if !body[..i].ends_with('\r') {
                out.push('\r');
            }
            out.push('\n');
            last = i + 1;
        }
        out.push_str(&body[last..]);
        Cow::Owned(out)
    }
}

/// The line ending of `text`: CRLF when its first line ends with one, else LF.
fn eol_of(text: &str) -> &'static str {
    crate::store::text::eol_of(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> FrontMatter {
        FrontMatter {
            category: Category::Decision,
            project: Some("app".into()),
            tags: vec!["api".into(), "yes".into(), "two words".into()],
            created_at: Some("2026-01-15T09:00:00Z".into()),
            updated_at: Some("2026-01-16T09:00:00+02:00".into()),
            extra: Map::new(),
        }
    }

    #[test]
    fn render_then_split_gives_the_same_memory() {
        let text = render(&sample(), "# Title\n\nBody.");
        assert!(
            text.starts_with("---\ncategory: decision\nproject: app\ntags:\n- api\n- \"yes\"\n")
        );
        let back = split(&text).unwrap();
        assert_eq!(back.front, Some(sample()));
        assert_eq!(back.body, "# Title\n\nBody.\n");
    }

    #[test]
    fn a_crlf_file_with_a_mark_is_rendered_back_in_its_layout() {
        let text = "\u{feff}---\r\ncategory: decision\r\n---\r\n\r\n# T\r\nBody.\r\n";
        let got = split(text).unwrap();
        let layout = Layout::of_file(text, &got.body);
        assert_eq!(
            layout,
            Layout {
                eol: "\r\n",
                bom: true
            }
        );
        let again = render_as(&got.front.unwrap(), &got.body, layout);
        assert!(again.starts_with("\u{feff}---\r\ncategory: decision\r\n"));
        assert!(!again.replace("\r\n", "").contains('\n'), "{again:?}");
        assert!(again.ends_with("---\r\n\r\n# T\r\nBody.\r\n"));
        // A header in LF above a CRLF body takes the body's ending.
        let mixed = "---\ncategory: note\n---\n\n# T\r\n";
        let body = split(mixed).unwrap().body;
        assert_eq!(Layout::of_file(mixed, &body).eol, "\r\n");
    }

    #[test]
    fn a_body_takes_the_layout_line_ending() {
        let crlf = Layout {
            eol: "\r\n",
            bom: false,
        };
        assert_eq!(crlf.apply("a\nb\r\nc"), "a\r\nb\r\nc");
        assert_eq!(crlf.apply("\u{feff}a\r\n"), "a\r\n");
        assert_eq!(Layout::PLAIN.apply("a\r\nb\n"), "a\nb\n");
        assert_eq!(Layout::PLAIN.apply("lone\rcr\n"), "lone\rcr\n");
        let (layout, body) = Layout::of_new("\u{feff}# T\r\nx\r\n");
        assert_eq!(
            (layout.eol, layout.bom, body),
            ("\r\n", true, "# T\r\nx\r\n")
        );
    }

    #[test]
    fn unknown_keys_survive_and_plain_markdown_has_no_header() {
        let text = "---\naliases: [x, y]\ncategory: guide\ntags:\n  - a\n---\nbody\n";
        let got = split(text).unwrap();
        let front = got.front.unwrap();
        assert_eq!(front.category, Category::Guide);
        assert_eq!(front.tags, vec!["a"]);
        assert_eq!(front.extra["aliases"], serde_json::json!(["x", "y"]));
        assert_eq!(got.body, "body\n");
        let again = render(&front, "body\n");
        assert_eq!(split(&again).unwrap().front.unwrap(), front);
        assert_eq!(split("# Just notes\n").unwrap().front, None);
    }

    #[test]
    fn broken_headers_are_errors() {
        for bad in [
            "---\ncategory: decision\nno end\n",
            "---\ncategory: [unclosed\n---\nbody\n",
            "---\ncategory: wizardry\n---\n",
            "---\ntags: {a: 1}\n---\n",
        ] {
            assert!(split(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_broken_header_is_said_in_plain_words_with_its_line() {
        let reason = |text: &str| split(text).unwrap_err();
        assert_eq!(
            reason("---\nproject: p\ncategory: [unclosed\n---\n"),
            "invalid front matter: unclosed bracket '[' (line 3 of the file, column 11)"
        );
        assert_eq!(
            reason("---\nproject: p\ncategory: [guide, note]\n---\n"),
            "invalid front matter: `category` is a list; it must be one of architecture, \
             decision, pattern, guide, onboarding, note, progress (line 3)"
        );
        assert_eq!(
            reason("---\ncategory: wizardry\n---\n"),
            "invalid front matter: `category` is \"wizardry\"; it must be one of \
             architecture, decision, pattern, guide, onboarding, note, progress (line 2)"
        );
        assert_eq!(
            reason("---\ntags: {a: 1}\n---\n"),
            "invalid front matter: `tags` is a mapping (`key: value` pairs); it must be a \
             list of words (`tags: [deploy, ci]`) (line 2)"
        );
        assert_eq!(
            reason("---\ncreatedAt: [1, 2]\n---\n"),
            "invalid front matter: `createdAt` is a list; it must be a single text (line 2)"
        );
        assert_eq!(
            reason("---\ncategory: \"guide\n---\n"),
            "invalid front matter: unclosed quote (line 2 of the file, column 11)"
        );
        let twice = reason("---\ncategory: guide\ncategory: note\n---\n");
        assert!(
            twice.starts_with("invalid front matter: a key appears twice: category"),
            "{twice}"
        );
        assert!(!twice.contains("Options"), "{twice}");
    }
}
