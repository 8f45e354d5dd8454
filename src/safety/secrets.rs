//! Secrets kept out of everything mind writes: tokens, keys and passwords become
//! `[redacted]` before a memory, a session note or a harvested line reaches a file (MEMORY.md
//! is committed and copied into CLAUDE.md).
//!
//! The provider patterns are a subset of gitleaks' rules (<https://github.com/gitleaks/gitleaks>,
//! `config/gitleaks.toml`, MIT): aws-access-token, github-pat / -oauth / -app-token /
//! -refresh-token / -fine-grained-pat, gitlab-pat, slack tokens, stripe-access-token,
//! gcp-api-key, npm-access-token, openai/anthropic `sk-` keys, private-key, jwt; plus
//! `password=` style assignments and credentials in URLs. A project can turn redaction off
//! with `"redact": {"secrets": false}` in `.mind/config.json`.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

static SECRETS: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    [
        // private-key: the header and whatever of the key follows on the line.
        (
            r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:.*?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|.*)",
            "[redacted private key]",
        ),
        (
            r"\b(?:gh[pousr]_[A-Za-z0-9]{10,}|github_pat_[A-Za-z0-9_]{10,})",
            "[redacted]",
        ),
        (r"\bglpat-[A-Za-z0-9_-]{20,}", "[redacted]"),
        (r"\bsk-[A-Za-z0-9_-]{8,}", "[redacted]"),
        (r"\b(?:[sr]k)_(?:test|live|prod)_[A-Za-z0-9]{10,99}", "[redacted]"),
        (r"\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b", "[redacted]"),
        (r"\bxox[abposr]-[A-Za-z0-9-]{8,}", "[redacted]"),
        (r"\bAIza[A-Za-z0-9_-]{35}", "[redacted]"),
        (r"(?i)\bnpm_[a-z0-9]{36}", "[redacted]"),
        (
            r"\beyJ[A-Za-z0-9_-]{16,}\.eyJ[A-Za-z0-9_/-]{16,}\.[A-Za-z0-9_/-]{10,}={0,2}",
            "[redacted]",
        ),
        (r"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}", "$1 [redacted]"),
        (
            r#"(?i)\b((?:password|passwd|pwd)[A-Za-z_]*\s*[=:]\s*)[^\s&'"\[]+"#,
            "$1[redacted]",
        ),
        // A value with a digit, so "token: rotate them monthly" stays as written.
        (
            r#"(?i)\b((?:secret|token|api[_-]?key|access[_-]?key|client[_-]?secret)[A-Za-z_]*\s*[=:]\s*)[^\s&'"\[]*[0-9][^\s&'"\[]*"#,
            "$1[redacted]",
        ),
        (r"://[^/\s:@]+:[^/\s@]+@", "://[redacted]@"),
    ]
    .into_iter()
    .map(|(p, r)| (Regex::new(p).expect("valid secret pattern"), r))
    .collect()
});

/// Words one of the patterns needs (lowercase): text without any of them holds no secret, and
/// `mind log` does not pay for compiling the patterns.
const TRIGGERS: &[&str] = &[
    "private key",
    "gh",
    "glpat-",
    "sk-",
    "k_",
    "akia",
    "asia",
    "abia",
    "acca",
    "a3t",
    "xox",
    "aiza",
    "npm_",
    "eyj",
    "bearer",
    "basic",
    "pass",
    "pwd",
    "secret",
    "token",
    "key",
    "://",
];

/// `text` with every secret replaced, and how many were.
pub fn redact(text: &str) -> (Cow<'_, str>, usize) {
    let lower = text.to_ascii_lowercase();
    if !TRIGGERS.iter().any(|t| lower.contains(t)) {
        return (Cow::Borrowed(text), 0);
    }
    let mut out = Cow::Borrowed(text);
    let mut count = 0;
    for (pattern, replacement) in SECRETS.iter() {
        let found = pattern.find_iter(&out).count();
        if found > 0 {
            count += found;
            out = Cow::Owned(pattern.replace_all(&out, *replacement).into_owned());
        }
    }
    (out, count)
}

/// [`redact`] when `on` (the project's `redact.secrets`), else `text` as it is.
pub fn redact_if(text: &str, on: bool) -> (String, usize) {
    if !on {
        return (text.to_string(), 0);
    }
    let (out, count) = redact(text);
    (out.into_owned(), count)
}

/// The report for `count` redactions ("redacted 1 secret").
pub fn report(count: usize) -> String {
    match count {
        1 => "redacted 1 secret".to_string(),
        n => format!("redacted {n} secrets"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provider_tokens_keys_and_passwords_are_redacted() {
        let (out, n) = redact(
            "deploy with AKIAIOSFODNN7EXAMPLE and ghp_abcdefghijklmnopqrstuvwxyz0123456789 password=hunter2",
        );
        assert_eq!(
            out,
            "deploy with [redacted] and [redacted] password=[redacted]"
        );
        assert_eq!(n, 3);
        let (out, n) = redact("key -----BEGIN RSA PRIVATE KEY----- MIIEow");
        assert_eq!((out.as_ref(), n), ("key [redacted private key]", 1));
        assert_eq!(redact("token: rotate them monthly").1, 0);
        assert_eq!(redact("plain words only").1, 0);
        let jwt = "eyJhbGciOiJIUzI1NiJ9abc.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
        assert_eq!(redact(jwt).1, 1);
        assert_eq!(redact("use the password field").1, 0);
    }
}
