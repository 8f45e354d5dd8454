//! Secrets kept out of everything mind writes: tokens, keys and passwords become
//! `[redacted]` before a memory, a session note or a harvested line reaches a file (MEMORY.md
//! is committed and copied into CLAUDE.md).
//!
//! The provider patterns are a subset of gitleaks' rules (<https://github.com/gitleaks/gitleaks>,
//! `config/gitleaks.toml`, MIT): aws-access-token, github-pat / -oauth / -app-token /
//! -refresh-token / -fine-grained-pat, gitlab-pat, slack tokens, stripe-access-token,
//! gcp-api-key, npm-access-token, openai/anthropic `sk-` keys, private-key, jwt,
//! curl-auth-user and curl-auth-header; plus `password=` style assignments, credentials in
//! URLs and credentials in command options (an HTTP client's `-u user:pass`, a MySQL client's
//! `-pPASS`, `--password PASS`, `--token T`, an `Authorization:` header), which agents'
//! commands carry and the post-tool hook records without anyone choosing to. A project can
//! turn redaction off with `"redact": {"secrets": false}` in `.mind/config.json`.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::{Captures, Regex};

/// A key name ending in `password`/`passwd`/`pwd` or holding one of the other secret words,
/// however it is spelt: `password`, `DB_PASSWORD`, `AWS_SECRET_ACCESS_KEY`, `api_token`,
/// `accessToken`, `"client_secret"`. Any letters, digits and `_` may come before the word
/// (environment variables put a prefix and `_` there, which a `\b` before the word misses);
/// after it only a plural `s`, a `_`/`-` continuation or a camel-case one (`passwordHash`),
/// so words that merely start with one (`tokenizer`, `secretary`) are not key names. The name
/// may be quoted (JSON, YAML) and the value too (`DB_PASSWORD="..."`).
const KEY_SUFFIX: &str = r"(?:s|[_-][A-Za-z0-9_-]*|(?-i:[A-Z])[A-Za-z0-9_]*)?";
const ASSIGN: &str = r#"["']?\s*[=:]\s*["']?"#;
const VALUE_CHAR: &str = r#"[^\s&'"\[]"#;

static SECRETS: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    let password =
        format!(r"(?i)\b([A-Za-z0-9_]*(?:password|passwd|pwd){KEY_SUFFIX}{ASSIGN}){VALUE_CHAR}+");
    // A value with a digit and a letter, so "token: rotate them monthly" and
    // "max_tokens: 4096" (a count) stay as written.
    let keyword = format!(
        r"(?i)\b([A-Za-z0-9_]*(?:secret|token|api[_-]?key|access[_-]?key|private[_-]?key){KEY_SUFFIX}{ASSIGN})(?:{VALUE_CHAR}*[0-9]{VALUE_CHAR}*[A-Za-z]|{VALUE_CHAR}*[A-Za-z]{VALUE_CHAR}*[0-9]){VALUE_CHAR}*"
    );
    let patterns: Vec<(String, &'static str)> = vec![
        // private-key: the header, the key's body up to its END line across lines (a key
        // pasted into a memory spans many), or without an END line the rest of the header's
        // line and the lines after it that are key material (base64, the PEM headers).
        (
            r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:(?s:.*?)-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|[^\n]*(?:\n[ \t>]*(?:[A-Za-z0-9+/=]{16,}|(?:Proc-Type|DEK-Info|Comment): [^\n]*)[ \t]*\r?)*)".to_string(),
            "[redacted private key]",
        ),
        (
            r"\b(?:gh[pousr]_[A-Za-z0-9]{10,}|github_pat_[A-Za-z0-9_]{10,})".to_string(),
            "[redacted]",
        ),
        (r"\bglpat-[A-Za-z0-9_-]{20,}".to_string(), "[redacted]"),
        (r"\bsk-[A-Za-z0-9_-]{8,}".to_string(), "[redacted]"),
        (
            r"\b(?:[sr]k)_(?:test|live|prod)_[A-Za-z0-9]{10,99}".to_string(),
            "[redacted]",
        ),
        (
            r"\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b".to_string(),
            "[redacted]",
        ),
        (r"\bxox[abposr]-[A-Za-z0-9-]{8,}".to_string(), "[redacted]"),
        (r"\bAIza[A-Za-z0-9_-]{35}".to_string(), "[redacted]"),
        (r"(?i)\bnpm_[a-z0-9]{36}".to_string(), "[redacted]"),
        (
            r"\beyJ[A-Za-z0-9_-]{16,}\.eyJ[A-Za-z0-9_/-]{16,}\.[A-Za-z0-9_/-]{10,}={0,2}"
                .to_string(),
            "[redacted]",
        ),
        (
            r"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}".to_string(),
            "$1 [redacted]",
        ),
        (password, "$1[redacted]"),
        (keyword, "$1[redacted]"),
        (r"://[^/\s:@]+:[^/\s@]+@".to_string(), "://[redacted]@"),
        // An HTTP client's credentials, `user:password` (curl's -u/--user/-U/--proxy-user,
        // HTTPie's and xh's -a/--auth): the password goes, the user name stays. Only after
        // the program's name, so docker's `-u 1000:1000` (user and group) stays.
        (
            format!(
                r#"(?i)((?:^|[\s|;&(])(?:curl|http|https|xh|xhs)(?:\s[^\n|;&]*?)?\s(?:-u|--user|-U|--proxy-user|-a|--auth)(?:=|\s*)["']?[^\s:"'\[]+:["']?){VALUE_CHAR}+"#
            ),
            "$1[redacted]",
        ),
        // A MySQL or MariaDB client's `-pPASSWORD` (attached: `-p NAME` names a database and
        // asks for the password), sshpass's and a registry login's `-p PASSWORD`.
        (
            format!(
                r#"(?i)(\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlshow|mysqlpump|mysqlsh|mariadb|mariadb-dump|mariadb-admin)\b[^\n|;&]*?\s(?-i:-p)["']?){VALUE_CHAR}+"#
            ),
            "$1[redacted]",
        ),
        (
            format!(
                r#"(?i)(\b(?:sshpass\b|(?:docker|podman|nerdctl|buildah|skopeo|helm(?:\s+registry)?)\s+login\b)[^\n|;&]*?\s(?-i:-p)\s*["']?){VALUE_CHAR}+"#
            ),
            "$1[redacted]",
        ),
        // A token, secret or key given as an option's value (`--token T`, `--api-key K`,
        // `--client-secret S`): token-like values only, as for `token=`.
        (
            format!(
                r#"(?i)(\s--?[A-Za-z0-9_-]*(?:token|secret|api[_-]?key|access[_-]?key|secret[_-]?key)\s+["']?)(?:{VALUE_CHAR}*[0-9]{VALUE_CHAR}*[A-Za-z]|{VALUE_CHAR}*[A-Za-z]{VALUE_CHAR}*[0-9]){VALUE_CHAR}*"#
            ),
            "$1[redacted]",
        ),
        // An `Authorization:` header's credentials whatever the scheme (`Token ...`,
        // `Digest ...`, none); bearer and basic ones are redacted above.
        (
            format!(
                r#"(?i)(\b(?:proxy-)?authorization\s*:\s*(?:[A-Za-z][A-Za-z0-9_-]*\s+)?)(?:{VALUE_CHAR}*[0-9]{VALUE_CHAR}*[A-Za-z]|{VALUE_CHAR}*[A-Za-z]{VALUE_CHAR}*[0-9]){VALUE_CHAR}*"#
            ),
            "$1[redacted]",
        ),
    ];
    patterns
        .into_iter()
        .map(|(p, r)| (Regex::new(&p).expect("valid secret pattern"), r))
        .collect()
});

/// A password given as an option's value, after a space (`--password PASS`, `--db-pass PASS`,
/// keytool's `-storepass PASS`, openssl's `-passin pass:PASS`); `--password=PASS` is an
/// assignment, redacted above. Group 1 is kept, group 2 is the value (quoted whole).
static PASSWORD_OPTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r#"(?i)((?:^|\s)--?[A-Za-z0-9_-]*(?:password|passwd|pass|pwd|passin|passout)\s+)("[^"\n]*"|'[^'\n]*'|["']?{VALUE_CHAR}+)"#
    ))
    .expect("valid password option pattern")
});

/// Words that follow an option's name in prose ("use --password-stdin, not --password with
/// docker"): no password.
const PROSE_AFTER_OPTION: &[&str] = &[
    "a",
    "an",
    "and",
    "are",
    "as",
    "at",
    "but",
    "by",
    "flag",
    "for",
    "from",
    "if",
    "in",
    "is",
    "it",
    "not",
    "of",
    "on",
    "only",
    "option",
    "or",
    "so",
    "that",
    "the",
    "then",
    "to",
    "was",
    "when",
    "which",
    "with",
    "instead",
    "argument",
    "parameter",
    "prompts",
    "asks",
    "works",
];

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
    "curl",
    "http",
    "xh",
    "mysql",
    "mariadb",
    "login",
    "auth",
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
    if PASSWORD_OPTION.is_match(&out) {
        let mut found = 0;
        let replaced = PASSWORD_OPTION.replace_all(&out, |c: &Captures| {
            let value = &c[2];
            let word = value.trim_end_matches([',', '.', ';', ')']);
            if PROSE_AFTER_OPTION.contains(&word.to_ascii_lowercase().as_str()) {
                return c[0].to_string();
            }
            found += 1;
            // A quoted value keeps its quotes, so the command still reads as one.
            match value.chars().next().filter(|q| matches!(q, '"' | '\'')) {
                Some(q) => format!("{}{q}[redacted]{q}", &c[1]),
                None => format!("{}[redacted]", &c[1]),
            }
        });
        if found > 0 {
            count += found;
            out = Cow::Owned(replaced.into_owned());
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

    #[test]
    fn environment_variable_and_config_spellings_are_redacted() {
        for (text, want) in [
            (
                "staging needs DB_PASSWORD=hunter2staging in .env",
                "staging needs DB_PASSWORD=[redacted] in .env",
            ),
            (
                "ci uses AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                "ci uses AWS_SECRET_ACCESS_KEY=[redacted]",
            ),
            (
                "the api_token=abc123secret is fine",
                "the api_token=[redacted] is fine",
            ),
            (
                "GITHUB_TOKEN: 0a1b2c3d4e5f in the workflow",
                "GITHUB_TOKEN: [redacted] in the workflow",
            ),
            (
                r#"config {"client_secret": "s3cr3tvalue"} set"#,
                r#"config {"client_secret": "[redacted]"} set"#,
            ),
            (
                r#"export DB_PASSWORD="hunter2""#,
                r#"export DB_PASSWORD="[redacted]""#,
            ),
            ("accessToken=abc123def", "accessToken=[redacted]"),
            (
                "STRIPE_PRIVATE_KEY=rk9fj3kd0s",
                "STRIPE_PRIVATE_KEY=[redacted]",
            ),
        ] {
            let (out, n) = redact(text);
            assert_eq!((out.as_ref(), n), (want, 1), "{text}");
        }
    }

    #[test]
    fn ordinary_prose_about_tokens_passwords_and_secrets_is_kept() {
        for text in [
            "the token bucket refills every 10 ms",
            "password reset flow sends 2 emails",
            "secret santa on 12 December",
            "the tokenizer: v2 splits words",
            "secretary: room 101",
            "set max_tokens: 4096 for long replies",
            "token: rotate them monthly",
            "api_key rotation is every 90 days",
            "BEGIN and END of a private key block are lines 1 and 3",
        ] {
            assert_eq!(redact(text), (Cow::Borrowed(text), 0), "{text}");
        }
    }

    #[test]
    fn credentials_in_command_options_are_redacted() {
        for (text, want) in [
            (
                "curl -fsS -u deploy:Tr0ub4dor3xyz https://ci.example.com/api",
                "curl -fsS -u deploy:[redacted] https://ci.example.com/api",
            ),
            (
                "curl --user=deploy:'hunter2' -X POST x",
                "curl --user=deploy:'[redacted]' -X POST x",
            ),
            ("curl -udeploy:pw12 x", "curl -udeploy:[redacted] x"),
            ("http -a bob:s3cret GET x", "http -a bob:[redacted] GET x"),
            (
                "mysql -uroot -pS3cretPassw0rd app",
                "mysql -uroot -p[redacted] app",
            ),
            ("mysqldump -p'hunter2' db", "mysqldump -p'[redacted]' db"),
            (
                "psql --password \"two words\" x",
                "psql --password \"[redacted]\" x",
            ),
            (
                "sshpass -p hunter2 ssh host",
                "sshpass -p [redacted] ssh host",
            ),
            (
                "docker login -u bob -p hunter2 ghcr.io",
                "docker login -u bob -p [redacted] ghcr.io",
            ),
            (
                "psql --password hunter2 -h db",
                "psql --password [redacted] -h db",
            ),
            (
                "deploy --db-pass 'correct horse' now",
                "deploy --db-pass '[redacted]' now",
            ),
            (
                "keytool -list -storepass changeit",
                "keytool -list -storepass [redacted]",
            ),
            (
                "openssl pkcs12 -passin pass:s3cret -in a.p12",
                "openssl pkcs12 -passin [redacted] -in a.p12",
            ),
            (
                "gh release --token abc123def x",
                "gh release --token [redacted] x",
            ),
            (
                r#"curl -H "Authorization: Token 9f8e7d6c5b4a" x"#,
                r#"curl -H "Authorization: Token [redacted]" x"#,
            ),
            (
                "curl -H 'Proxy-Authorization: Zm9vOmJhcjEyMw==' x",
                "curl -H 'Proxy-Authorization: [redacted]' x",
            ),
        ] {
            let (out, n) = redact(text);
            assert_eq!((out.as_ref(), n), (want, 1), "{text}");
        }
    }

    #[test]
    fn options_that_hold_no_credential_are_kept() {
        for text in [
            "docker run -u 1000:1000 image",
            "mysql -u root -p app",
            "mysql -uroot -P3306 -p app",
            "cargo test -p api",
            "ssh -p 2222 host",
            "mkdir -p a/b",
            "use --password-stdin, not --password with docker login",
            "the --password flag prompts",
            "set --max-tokens 4096",
            "curl --user-agent 'Mozilla/5.0 (X11)' https://x",
            "the Authorization: header is missing",
            "wget -U agent https://x",
        ] {
            assert_eq!(redact(text), (Cow::Borrowed(text), 0), "{text}");
        }
    }

    #[test]
    fn a_private_key_is_redacted_whole_across_lines() {
        let key = "-----BEGIN OPENSSH PRIVATE KEY-----\n\
                   b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n\
                   QyNTUxOQAAACDsuperSECRETkeymaterialXYZ0123456789abcdefghijklmnopqrs\n\
                   -----END OPENSSH PRIVATE KEY-----";
        let memory = format!("The deploy key:\n```\n{key}\n```\nrotate it yearly");
        let (out, n) = redact(&memory);
        assert_eq!(
            (out.as_ref(), n),
            (
                "The deploy key:\n```\n[redacted private key]\n```\nrotate it yearly",
                1
            )
        );
        // Cut off before its END line: the key material after the header still goes, the
        // prose after it stays.
        let (out, n) = redact(
            "key:\n-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\
             MIIEowIBAAKCAQEAuperSECRETmaterial0123456789+/abc\n\
             ZmFrZSBrZXkgbWF0ZXJpYWwgZm9yIHRlc3Rz==\nask ops for the rest",
        );
        assert_eq!(
            (out.as_ref(), n),
            ("key:\n[redacted private key]\nask ops for the rest", 1)
        );
    }

    /// What `mind team push` sends: the rows collected from MEMORY.md and the named memories.
    #[cfg(feature = "team")]
    #[test]
    fn a_team_push_sends_neither_a_key_body_nor_an_environment_variable_secret() {
        let dir = tempfile::tempdir().unwrap();
        let mind = dir.path().join(".mind");
        std::fs::create_dir_all(mind.join("memories")).unwrap();
        std::fs::write(
            mind.join("MEMORY.md"),
            "# Project Memory\n\n## 2026-01-10\n\n\
             - gotcha: staging needs DB_PASSWORD=hunter2staging in .env\n\
             - learned: ci uses AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n\
             - learned: the api_token=abc123secret is fine\n\
             - decision: the token bucket limits the password reset flow\n",
        )
        .unwrap();
        std::fs::write(
            mind.join("memories/deploy-keys.md"),
            "# Deploy\nThe deploy key:\n```\n-----BEGIN OPENSSH PRIVATE KEY-----\n\
             b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n\
             QyNTUxOQAAACDsuperSECRETkeymaterialXYZ0123456789abcdefghijklmnopqrs\n\
             -----END OPENSSH PRIVATE KEY-----\n```\n",
        )
        .unwrap();
        let project = crate::store::Project::new(dir.path());
        let collected = crate::team::collect::collect(&project).unwrap();
        let mut texts: Vec<&str> = collected.rows.iter().map(|r| r.text.as_str()).collect();
        texts.sort_unstable();
        assert_eq!(
            texts,
            [
                "- decision: the token bucket limits the password reset flow",
                "- gotcha: staging needs DB_PASSWORD=[redacted] in .env",
                "- learned: ci uses AWS_SECRET_ACCESS_KEY=[redacted]",
                "- learned: the api_token=[redacted] is fine",
                "The deploy key:\n```\n[redacted private key]\n```",
            ]
        );
        assert_eq!(collected.redacted, 4);
    }
}
