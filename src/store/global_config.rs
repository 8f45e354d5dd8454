//! `<global folder>/config.json`: settings that belong to the person, not to a project.
//!
//! Keys: `team.database_url`, where `mind team` finds the shared database, and `team.recall`,
//! whether `mind recall` adds team memories (a project's own `team.recall` wins).
//! `MIND_DATABASE_URL` (set and not empty) wins over the file. The file is read only by the
//! commands that need it; a missing file means "nothing configured".

use serde_json::Value;

use crate::error::{Error, Result};
use crate::store::home::GlobalFolder;
use crate::store::text;

/// The file's name in the global folder.
pub const FILE: &str = "config.json";
/// The environment variable that wins over `team.database_url`.
pub const DATABASE_URL_ENV: &str = "MIND_DATABASE_URL";

/// Where the database URL came from (shown by `mind team status`, never the URL itself:
/// it may hold a password).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlSource {
    Env,
    File,
}

impl UrlSource {
    pub fn as_str(self) -> &'static str {
        match self {
            UrlSource::Env => DATABASE_URL_ENV,
            UrlSource::File => "team.database_url",
        }
    }
}

/// The team database's URL and where it came from; `None` when neither is set.
pub fn database_url(home: &GlobalFolder) -> Result<Option<(String, UrlSource)>> {
    if let Some(url) = std::env::var(DATABASE_URL_ENV)
        .ok()
        .filter(|u| !u.is_empty())
    {
        return Ok(Some((url, UrlSource::Env)));
    }
    let path = home.file(FILE);
    let Some(value) = read(&path)? else {
        return Ok(None);
    };
    match value.get("team").and_then(|t| t.get("database_url")) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(url)) if !url.is_empty() => Ok(Some((url.clone(), UrlSource::File))),
        Some(_) => Err(Error::BadFile {
            path,
            reason: "team.database_url must be a connection string".into(),
        }),
    }
}

/// `team.recall` in the global config: `None` when not set.
pub fn team_recall(home: &GlobalFolder) -> Result<Option<bool>> {
    let path = home.file(FILE);
    let Some(value) = read(&path)? else {
        return Ok(None);
    };
    match value.get("team").and_then(|t| t.get("recall")) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(on)) => Ok(Some(*on)),
        Some(_) => Err(Error::BadFile {
            path,
            reason: "team.recall must be true or false".into(),
        }),
    }
}

/// The file's JSON; `None` when there is no file.
fn read(path: &std::path::Path) -> Result<Option<Value>> {
    let Some(bytes) = text::read_optional(path)? else {
        return Ok(None);
    };
    text::parse_json(&bytes)
        .map(Some)
        .map_err(|e| Error::BadFile {
            path: path.to_path_buf(),
            reason: format!("invalid JSON ({e})"),
        })
}
