//! Which project a push belongs to, the same on every clone: `"team": {"identity": ...}` in
//! `.mind/config.json` when set, else the git remote's URL, normalised, else the folder's
//! name. Also the commit and author recorded with a push.

use std::path::Path;

use crate::store::Project;

/// What the repository tells about a push: the project's identity, HEAD and who pushes.
#[derive(Debug, Clone, PartialEq)]
pub struct Provenance {
    /// `github.com/acme/api` for any of `https://github.com/acme/api.git`,
    /// `git@github.com:acme/api.git`, `ssh://git@github.com/acme/api`; the folder name when
    /// there is no remote.
    pub identity: String,
    /// Where the identity came from.
    pub source: Source,
    /// The short display name: the identity's last part.
    pub name: String,
    /// HEAD's commit, when there is one.
    pub commit: Option<String>,
    /// `user.name` from git config, when set.
    pub author: Option<String>,
}

/// Where a project's identity came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// `"team": {"identity": ...}` in `.mind/config.json`.
    Configured,
    /// The `origin` remote's URL.
    Remote,
    /// The folder's name: no remote, or one that is a local path. Any other project in a
    /// folder of that name has the same identity.
    Folder,
}

/// Hosts whose repository paths ignore letter case: `github.com/Acme/API` and
/// `github.com/acme/api` are one repository there, so the whole identity is lower-cased.
/// Elsewhere (a self-hosted server may tell `API` from `api`) only the host is.
const CASE_INSENSITIVE_HOSTS: &[&str] = &["github.com", "gitlab.com", "bitbucket.org"];

/// The project's provenance; `configured` is the project's `team.identity`, which wins. A
/// folder outside git, or one whose repository cannot be read, is known by its configured
/// identity or its folder name, with no commit or author.
pub fn of(project: &Project, configured: Option<&str>) -> Provenance {
    let folder = project.name();
    let configured = configured.map(configured_identity);
    let (identity, source) = match &configured {
        Some(identity) => (identity.clone(), Source::Configured),
        None => (folder.clone(), Source::Folder),
    };
    let Ok(repo) = gix::discover(&project.root) else {
        return Provenance {
            name: short_name(&identity),
            identity,
            source,
            commit: None,
            author: None,
        };
    };
    let config = repo.config_snapshot();
    let remote = config
        .string("remote.origin.url")
        .map(|u| u.to_string())
        .and_then(|u| normalise_remote(&u));
    let author = config
        .string("user.name")
        .map(|n| n.to_string())
        .filter(|n| !n.trim().is_empty());
    let commit = repo
        .head_id()
        .ok()
        .map(|id| id.detach().to_hex().to_string());
    let (identity, source) = match (configured, remote) {
        (Some(identity), _) => (identity, Source::Configured),
        (None, Some(remote)) => (remote, Source::Remote),
        (None, None) => (folder, Source::Folder),
    };
    Provenance {
        name: short_name(&identity),
        identity,
        source,
        commit,
        author,
    }
}

/// A configured identity as pushed: a remote URL is normalised like `origin`'s
/// (`git@github.com:acme/shop.git` is `github.com/acme/shop`); any other text is taken as
/// written, trimmed, with the letter case of a known case-insensitive host folded.
fn configured_identity(text: &str) -> String {
    let text = text.trim();
    normalise_remote(text).unwrap_or_else(|| fold_case(text.trim_matches('/').to_string()))
}

/// A remote URL without scheme, user, password, port, `.git` and trailing slashes; the host
/// in lower case, and the path too on a host known to ignore case ([`CASE_INSENSITIVE_HOSTS`]).
/// `None` for a local path (`/srv/git/api.git`, `file://...`): a path is not the same on two
/// machines, so the folder name serves better.
pub fn normalise_remote(url: &str) -> Option<String> {
    let url = url.trim();
    let (host_and_path, scheme) = match url.split_once("://") {
        Some((scheme, rest)) => (rest, Some(scheme.to_ascii_lowercase())),
        None => (url, None),
    };
    if scheme.as_deref() == Some("file") || (scheme.is_none() && is_local_path(url)) {
        return None;
    }
    let (host, path) = match scheme {
        Some(_) => host_and_path.split_once('/')?,
        // scp-like `user@host:path`
        None => host_and_path.split_once(':')?,
    };
    // Credentials never become part of the identity.
    let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
    let host = strip_port(host).to_ascii_lowercase();
    let path = path.trim_matches('/');
    let path = path
        .strip_suffix(".git")
        .unwrap_or(path)
        .trim_end_matches('/');
    if host.is_empty() || path.is_empty() {
        return None;
    }
    Some(fold_case(format!("{host}/{path}")))
}

/// `identity` lower-cased whole when its first part is a host that ignores case.
fn fold_case(identity: String) -> String {
    let host = identity.split('/').next().unwrap_or_default();
    if CASE_INSENSITIVE_HOSTS
        .iter()
        .any(|h| h.eq_ignore_ascii_case(host))
    {
        identity.to_lowercase()
    } else {
        identity
    }
}

fn is_local_path(url: &str) -> bool {
    url.starts_with('/') || url.starts_with('.') || url.starts_with('~') || !url.contains(':')
}

fn strip_port(host: &str) -> &str {
    match host.rsplit_once(':') {
        Some((h, port)) if port.chars().all(|c| c.is_ascii_digit()) => h,
        _ => host,
    }
}

fn short_name(identity: &str) -> String {
    Path::new(identity)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| identity.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remotes_of_one_repository_normalise_alike() {
        for url in [
            "https://github.com/acme/api.git",
            "https://user:tok@GitHub.com/acme/api/",
            "git@github.com:acme/api.git",
            "ssh://git@github.com:22/acme/api",
            "git://github.com/acme/api.git",
            "https://github.com/Acme/API.git",
            "git@GITHUB.COM:ACME/Api.git",
        ] {
            assert_eq!(
                normalise_remote(url).as_deref(),
                Some("github.com/acme/api"),
                "{url}"
            );
        }
    }

    #[test]
    fn only_known_case_insensitive_hosts_fold_the_path() {
        assert_eq!(
            normalise_remote("https://GitLab.com/Group/Sub/Repo.git").as_deref(),
            Some("gitlab.com/group/sub/repo")
        );
        assert_eq!(
            normalise_remote("git@bitbucket.org:Team/Repo.git").as_deref(),
            Some("bitbucket.org/team/repo")
        );
        // A self-hosted server may tell the two apart: its path keeps its case.
        assert_eq!(
            normalise_remote("https://Git.Example.com/Acme/API.git").as_deref(),
            Some("git.example.com/Acme/API")
        );
    }

    #[test]
    fn a_configured_identity_is_normalised_like_a_remote_or_kept_as_written() {
        assert_eq!(
            configured_identity("git@github.com:Acme/Shop.git"),
            "github.com/acme/shop"
        );
        assert_eq!(configured_identity("  alice/shop "), "alice/shop");
        assert_eq!(
            configured_identity("GitHub.com/Acme/Shop/"),
            "github.com/acme/shop"
        );
    }

    #[test]
    fn local_paths_are_not_identities() {
        assert_eq!(normalise_remote("/srv/git/api.git"), None);
        assert_eq!(normalise_remote("file:///srv/git/api.git"), None);
        assert_eq!(normalise_remote("../api"), None);
    }
}
