//! A small, curated table of software-domain synonyms and related terms.
//!
//! Memories are written in a hurry and searched for later in other words: "sign in" vs
//! "login", "crashes" vs "panics", "bump" vs "increase". A lexical ranker only finds the
//! other wording when it is told the two belong together. The table is deliberately
//! generic (no project or library names beyond household ones) and small: each group is a
//! set of words that a developer would use interchangeably. Two-word phrases ("log in")
//! are joined into one token by the tokenizer, then treated like any other word.
//!
//! Search expands a query term into the other members of its group at a reduced weight;
//! similarity maps every member of a group onto one canonical term.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::tokenize::stem_word;

/// The groups. The first member names the group.
const GROUPS: &[&[&str]] = &[
    // identity and access
    &[
        "login",
        "log in",
        "logon",
        "signin",
        "sign in",
        "authenticate",
        "authentication",
        "auth",
    ],
    &["logout", "log out", "signout", "sign out"],
    &["signup", "sign up", "register", "registration"],
    &["password", "passwd", "passphrase", "credential"],
    &["permission", "privilege", "access right"],
    &["forbidden", "403", "access denied", "permission denied"],
    &["unauthorized", "401", "unauthenticated"],
    &["token", "jwt", "bearer"],
    &["verify", "confirm", "validate"],
    &["user", "people", "customer", "account"],
    &["email", "e-mail", "mail"],
    // failure modes
    &["crash", "panic", "segfault", "abort", "crashloop"],
    &["hang", "freeze", "stall", "deadlock", "stuck"],
    &["timeout", "time out", "timed out", "deadline"],
    &["slow", "latency", "sluggish", "lag", "performance"],
    &["error", "exception", "failure", "fault"],
    &["fail", "break", "broken"],
    &["bug", "defect", "regression", "glitch"],
    &["leak", "oom", "out of memory"],
    &["race", "race condition", "data race"],
    &["missing", "absent", "not found", "404"],
    &["reject", "refuse", "deny", "disallow", "block"],
    &["flaky", "intermittent", "sporadic", "nondeterministic"],
    &["stale", "outdated", "obsolete", "old"],
    &["rate limit", "throttle", "429", "too many requests"],
    &["retry", "backoff", "retries"],
    &["warning", "warn", "lint"],
    // change and repair
    &["fix", "patch", "workaround", "repair", "resolve"],
    &["upgrade", "update", "bump", "migrate", "migration"],
    &["increase", "raise", "bump", "grow", "extend"],
    &["decrease", "lower", "reduce", "shrink"],
    &["remove", "delete", "drop", "strip"],
    &["add", "create", "insert", "introduce"],
    &["rename", "move", "relocate"],
    &["disable", "turn off", "switch off"],
    &["enable", "turn on", "switch on", "activate"],
    &["revert", "rollback", "roll back", "undo"],
    &["refactor", "restructure", "cleanup", "clean up", "simplify"],
    // building and shipping
    &["build", "compile", "compilation", "bundle"],
    &["deploy", "deployment", "release", "ship", "rollout"],
    &["production", "prod", "live"],
    &["staging", "preprod"],
    &["local", "localhost", "dev"],
    &["install", "setup", "set up", "provision"],
    &["dependency", "package", "library", "module", "crate", "dep"],
    &[
        "lockfile",
        "lock file",
        "package-lock",
        "package-lock.json",
        "yarn.lock",
        "pnpm-lock.yaml",
        "cargo.lock",
        "poetry.lock",
        "gemfile.lock",
        "go.sum",
    ],
    &["ci", "pipeline", "workflow", "github actions", "runner"],
    &[
        "test", "spec", "unittest", "jest", "pytest", "vitest", "mocha",
    ],
    &["container", "docker", "pod"],
    &["serverless", "lambda", "cloud function", "edge function"],
    &[
        "config",
        "configuration",
        "settings",
        "setting",
        "conf",
        "option",
    ],
    &["env var", "environment variable", "envvar", "env"],
    &["secret", "api key", "apikey"],
    // code and data
    &["function", "method", "func", "fn"],
    &["endpoint", "route", "handler", "api"],
    &["request", "call", "fetch"],
    &["response", "reply"],
    &[
        "database",
        "db",
        "sql",
        "postgres",
        "postgresql",
        "mysql",
        "sqlite",
    ],
    &["query", "queries", "lookup"],
    &["cache", "memoize", "cached", "caching"],
    &["queue", "job", "worker", "background task"],
    &["async", "await", "promise", "future", "concurrent"],
    &["thread", "goroutine", "coroutine"],
    &["connection", "connect", "socket"],
    &["pool", "pooling", "pooler"],
    &["import", "require", "include"],
    &["esm", "es module", "ecmascript module"],
    &["commonjs", "cjs"],
    &["schema", "model", "migration"],
    &["page", "screen", "view"],
    &["component", "widget"],
    &["click", "tap", "press"],
    &["keyboard", "key press", "keypress", "shortcut"],
    &["terminal", "tui", "console", "cli", "shell"],
    &["ui", "frontend", "front end", "interface"],
    &["backend", "back end", "server"],
    &["image", "picture", "img", "avatar", "photo"],
    &["url", "link", "href", "uri"],
    &["proxy", "reverse proxy", "nginx", "load balancer"],
    &["https", "tls", "ssl", "certificate"],
    &["cors", "cross origin", "origin"],
    &["file", "path"],
    &["directory", "folder", "dir"],
    &["log", "logging", "logger", "trace"],
    &["doc", "docs", "documentation", "readme"],
    // version control
    &["repo", "repository"],
    &["clone", "checkout", "check out"],
    &["commit", "changeset"],
    &["branch", "feature branch"],
    &["merge", "rebase"],
    &["line ending", "crlf", "eol", "newline", "autocrlf"],
    // platforms
    &["windows", "win32", "win"],
    &["macos", "mac", "osx", "darwin"],
    &["linux", "ubuntu", "debian"],
    &["memory", "ram", "heap"],
    &["cpu", "processor"],
    &["large", "big", "huge", "many", "hundreds", "thousands"],
    &["small", "tiny", "few"],
    &["fast", "quick", "speed"],
];

/// Two-word phrases the tokenizer joins into one token, keyed by the stems of their words
/// ("times out" and "timed out" both become `timeout`), with the token they become.
/// First word's stem → second word's stem → joined token.
type PhraseTable = HashMap<Box<str>, HashMap<Box<str>, String>>;

static PHRASES: LazyLock<PhraseTable> = LazyLock::new(|| {
    let mut map = PhraseTable::new();
    for group in GROUPS {
        for member in *group {
            let mut words = member.split(' ');
            if let (Some(a), Some(b), None) = (words.next(), words.next(), words.next()) {
                map.entry(phrase_key(a))
                    .or_default()
                    .insert(phrase_key(b), format!("{a}{b}"));
            }
        }
    }
    map
});

/// Whether a stem is the first word of some phrase.
pub fn starts_phrase(first: &str) -> bool {
    PHRASES.contains_key(first)
}

/// The token a two-word phrase becomes, given the stems of its words.
pub fn phrase(first: &str, second: &str) -> Option<&'static str> {
    PHRASES.get(first)?.get(second).map(String::as_str)
}

fn phrase_key(word: &str) -> Box<str> {
    if word.chars().all(|c| c.is_ascii_alphabetic()) {
        let s = stem_word(word);
        if s.chars().count() >= 2 {
            return s.into();
        }
    }
    word.into()
}

/// Stemmed member → the indexes of its groups (a word may belong to more than one).
static MEMBERS: LazyLock<HashMap<String, Vec<usize>>> = LazyLock::new(|| {
    let mut map: HashMap<String, Vec<usize>> = HashMap::new();
    for (index, group) in GROUPS.iter().enumerate() {
        for member in *group {
            let term = member_term(member);
            let groups = map.entry(term).or_default();
            if !groups.contains(&index) {
                groups.push(index);
            }
        }
    }
    map
});

/// The index term a group member becomes: phrases are joined, single words stemmed.
fn member_term(member: &str) -> String {
    let joined: String = member.split(' ').collect();
    if joined.chars().all(|c| c.is_ascii_alphabetic()) {
        stem_word(&joined)
    } else {
        joined
    }
}

/// The other terms related to an index term (stemmed), without the term itself.
pub fn related(term: &str) -> Vec<String> {
    let Some(groups) = MEMBERS.get(term) else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for &g in groups {
        for member in GROUPS[g] {
            let t = member_term(member);
            if t != term && !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

/// The groups an index term belongs to (for similarity, where a group counts as one term).
pub fn groups(term: &str) -> &[usize] {
    MEMBERS.get(term).map_or(&[], Vec::as_slice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_join_and_relate() {
        assert_eq!(phrase("sign", "in"), Some("signin"));
        let related = related("signin");
        assert!(related.contains(&"login".to_string()), "{related:?}");
        assert!(related.contains(&"auth".to_string()), "{related:?}");
    }

    #[test]
    fn stems_share_a_group() {
        let crashes = stem_word("crashes");
        let crash = groups(&crashes);
        assert!(!crash.is_empty());
        assert_eq!(crash, groups(&stem_word("panics")));
        assert!(groups("unrelatedword").is_empty());
    }
}
