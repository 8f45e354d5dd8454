//! Which project a push belongs to, the same on every clone: the git remote's URL,
//! normalised, else the folder's name. Also the commit and author recorded with a push.

use std::path::Path;

use crate::store::Project;

/// What the repository tells about a push: the project's identity, HEAD and who pushes.
#[derive(Debug, Clone, PartialEq)]
pub struct Provenance {
    /// `github.com/acme/api` for any of `https://github.com/acme/api.git`,
    /// `git@github.com:acme/api.git`, `ssh://git@github.com/acme/api`; the folder name when
    /// there is no remote.
    pub identity: String,
    /// The short display name: the identity's last part.
    pub name: String,
    /// HEAD's commit, when there is one.
    pub commit: Option<String>,
    /// `user.name` from git config, when set.
    pub author: Option<String>,
}

/// The project's provenance. A folder outside git, or one whose repository cannot be read,
/// is known by its folder name with no commit or author.
pub fn of(project: &Project) -> Provenance {
    let folder = project.name();
    let Ok(repo) = gix::discover(&project.root) else {
        return Provenance {
            identity: folder.clone(),
            name: folder,
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
    let identity = remote.unwrap_or(folder);
    Provenance {
        name: short_name(&identity),
        identity,
        commit,
        author,
    }
}

/// A remote URL without scheme, user, password, port, `.git` and trailing slashes; the host
/// in lower case. `None` for a local path (`/srv/git/api.git`, `file://...`): a path is not
/// the same on two machines, so the folder name serves better.
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
    Some(format!("{host}/{path}"))
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
        ] {
            assert_eq!(
                normalise_remote(url).as_deref(),
                Some("github.com/acme/api"),
                "{url}"
            );
        }
    }

    #[test]
    fn local_paths_are_not_identities() {
        assert_eq!(normalise_remote("/srv/git/api.git"), None);
        assert_eq!(normalise_remote("file:///srv/git/api.git"), None);
        assert_eq!(normalise_remote("../api"), None);
    }
}
