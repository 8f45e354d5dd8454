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
    serde_saphyr::from_str_with_options::<FrontMatter>(yaml, options)
        .map_err(|e| format!("invalid front matter: {}", one_line(&e.to_string())))
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The file's text: the header, a blank line, the body (ending in a newline unless empty).
pub fn render(front: &FrontMatter, body: &str) -> String {
    let yaml = serde_saphyr::to_string(front).expect("front matter serialises");
    let mut out = String::with_capacity(yaml.len() + body.len() + 16);
    out.push_str("---\n");
    out.push_str(&yaml);
    if !yaml.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("---\n\n");
    out.push_str(body);
    if !body.is_empty() && !body.ends_with('\n') {
        out.push('\n');
    }
    out
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
}
