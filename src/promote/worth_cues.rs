//! The cue words and patterns promotion reads session items by: reasons, insight and tech
//! words, hedges, paths and identifiers, and the reuse signals of a problem (platforms,
//! libraries, error patterns, causes and fixes).
//!
//! Each test is written out by hand as the regular expression it stands for (quoted above
//! it). Compiling those fourteen case-insensitive alternations with the `regex` crate took
//! longer than everything else a new-session recall does with a 10,000-entry memory, and a
//! recall runs them on a handful of short lines. Measured (regex 1.13, release build, the
//! patterns of the tests below, five fresh processes): 29–56 ms to compile all fourteen,
//! plus 0.6 ms for their first matches on two lines, against a 30 ms budget for the whole
//! recall; each is needed for every item, so compiling lazily saves nothing. Compiling ahead
//! of time (a serialised `regex-automata` DFA) cannot keep them: a DFA gives up on a Unicode
//! word boundary `\b` at the first non-ASCII byte, and `regex-lite`'s `\b` and `\w` are
//! ASCII only.
//!
//! The semantics are the regexes' exactly —
//! Unicode word boundaries, `\s`, `\d` and `\w`, case-insensitive matching by simple case
//! folding (`K` KELVIN SIGN matches `k`, `ſ` LONG S matches `s`) and leftmost-first `find` —
//! and the tests check every function against its regex on real and generated lines.

use std::ops::Range;

use super::cue_match::{
    boundary, fold_eq, has_arrow, has_code_span, has_joined_word, has_long_quote, has_path,
    has_version, has_word, is_digit, is_space, is_upper_snake, literal_at, run_at, run_starts,
    word_at,
};

/// `(?i)\s[-–—]\s|\s--\s|\bbecause\b|\bsince\b|\bdue to\b|:\s|->|=>|→`: the item gives a
/// reason.
pub fn reason(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let dash = chars
        .windows(3)
        .any(|w| is_space(w[0]) && matches!(w[1], '-' | '–' | '—') && is_space(w[2]))
        || chars
            .windows(4)
            .any(|w| is_space(w[0]) && w[1] == '-' && w[2] == '-' && is_space(w[3]));
    let colon = chars.windows(2).any(|w| w[0] == ':' && is_space(w[1]));
    dash || colon || has_arrow(text) || has_word(text, "because|since|due to")
}

/// `(?i),.*\b(?:overkill|too slow|...|doesn't scale)\b`: after a comma, a verdict on what
/// was tried ("tried redis for sessions, overkill"): the reason a rejection gives without a
/// marker. A verdict word before any comma ("overkill redis") is not one.
pub fn verdict(text: &str) -> bool {
    text.split_once(',').is_some_and(|(_, after)| {
        has_word(
            after,
            concat!(
                "overkill|too slow|too heavy|too complex|too complicated|too expensive",
                "|too fragile|too flaky|too brittle|too risky|too much|not worth it|dead end",
                // A cost or a risk past what was acceptable: "XSS risk too high".
                "|too high|too costly|too large|too big",
                "|didn't work|did not work|doesn't work|does not work|won't work",
                "|didn't scale|doesn't scale|does not scale|won't scale",
                "|didn\u{2019}t work|doesn\u{2019}t work|won\u{2019}t work",
                "|didn\u{2019}t scale|doesn\u{2019}t scale|won\u{2019}t scale",
                // What a failed attempt reports without saying "work".
                "|didn't help|did not help|doesn't help|didn't fix|did not fix|doesn't fix",
                "|didn\u{2019}t help|doesn\u{2019}t help|didn\u{2019}t fix|doesn\u{2019}t fix",
                "|no luck|no effect|no difference|made no difference|same error|same result",
                "|still fails|still failing|still failed|still broken|still crashes|still hangs",
                "|still slow|still times out",
            ),
        )
    })
}

/// `(?i)\b(?:safari|chrome|...|jest)\b`: a technology the item names.
pub fn tech(text: &str) -> bool {
    has_word(
        text,
        concat!(
            "safari|chrome|firefox|windows|linux|macos|ios|android|npm|yarn|pnpm|pip|cargo|apt",
            "|brew|docker|kubernetes|k8s|react|vue|angular|svelte|node|python|rust|go|java",
            "|typescript|httponly|cookie|cookies|localstorage|jwt|oauth|cors|bcrypt|hash|ssl",
            "|tls|http|https|sql|postgres|sqlite|redis|git|api|webpack|vite|jest",
        ),
    )
}

/// `(?i)\b[0-9]+(?:ms|µs|...|fps|s)\b|\b[0-9]+(?:%|\s(?:(?:ms|...|fps)\b|req/s|ops/s))|\bp(?:50|90|95|99|999)\b`
/// (for a number with a decimal point, its last digits): a measured figure — a latency, a
/// size, a rate, a share, a percentile ("k6: p99 840ms at 200 rps", "bundle 40% smaller").
/// What was measured is a finding worth keeping whatever it names. Units of general software
/// vocabulary only; `s` counts glued to the number alone, and `3x` is no unit (a ratio as
/// often as "3x a week").
pub fn measurement(text: &str) -> bool {
    // The micro sign folds to the Greek mu, small and capital, as the regex's `µ` does.
    const UNITS: &str = "ms|µs|μs|Μs|us|ns|kb|mb|gb|tb|kib|mib|gib|rps|qps|fps";
    run_starts(text).any(|at| {
        if word_at(text, at, "p50|p90|p95|p99|p999").is_some() {
            return true;
        }
        let digits = text[at..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return false;
        }
        let end = at + digits;
        let rest = &text[end..];
        if word_at(text, end, UNITS).is_some() || word_at(text, end, "s").is_some() {
            return true;
        }
        if rest.starts_with('%') {
            return true;
        }
        match rest.chars().next() {
            Some(c) if is_space(c) => {
                let next = end + c.len_utf8();
                word_at(text, next, UNITS).is_some()
                    || literal_at(text, next, "req/s").is_some()
                    || literal_at(text, next, "ops/s").is_some()
            }
            _ => false,
        }
    })
}

/// `(?i)\b(?:nothing|unknown|none yet|tbd|no idea|not measured|not sure)\b`: the item says
/// nothing was found ("noticed nothing", "root cause unknown", "workaround: none yet").
pub fn nothing_found(text: &str) -> bool {
    has_word(
        text,
        "nothing|unknown|none yet|tbd|no idea|not measured|not sure",
    )
}

/// `(?i)\b(?:realized|...|because|found that|...|root cause)\b|->|=>|→`: the item states an
/// insight.
pub fn insight(text: &str) -> bool {
    has_arrow(text)
        || has_word(
            text,
            concat!(
                "realized|realised|learned|learnt|discovered|turns out|gotcha|important|key",
                "|critical|always|never|because",
                // What a finding is said with in any project, as `mind log`'s insight
                // markers say it (general vocabulary): "found that", "noticed", a
                // workaround, a root cause.
                "|found that|noticed|workaround|root cause",
            ),
        )
}

/// ``[/\\][\w.-]+\.\w+|`[^`]+` ``: a file path or a code span.
pub fn path_or_code(text: &str) -> bool {
    has_path(text) || has_code_span(text)
}

/// `(?i)\b(?:always|never|must|turns out|...|the fix)\b`: a definite finding.
pub fn definite(text: &str) -> bool {
    has_word(
        text,
        concat!(
            "always|never|must|turns out|turned out|realized|realised|discovered|confirmed",
            "|verified|root cause|fixed by|solution|the fix",
        ),
    )
}

/// `(?i)\b(?:maybe|might|...|may be)\b|\?`: hedging.
pub fn hedge(text: &str) -> bool {
    text.contains('?')
        || has_word(
            text,
            concat!(
                "maybe|might|probably|perhaps|possibly|not sure|unsure|i think|i guess|seems",
                "|could be|may be",
            ),
        )
}

/// ``(`[^`]+`|[/\\][\w.-]+\.\w+|\b\w+[._]\w+\b|\bv?\d+\.\d+|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b``:
/// something specific (code, a path, an identifier, a version). The last alternative is
/// covered by the third (an underscore inside a word), so it needs no test of its own.
pub fn specific(text: &str) -> bool {
    has_code_span(text) || has_path(text) || has_joined_word(text) || has_version(text)
}

/// `(?i)\b(?:windows|win32|...|x86_64)\b`: a platform.
pub fn platform(text: &str) -> bool {
    has_word(
        text,
        concat!(
            "windows|win32|macos|darwin|linux|ubuntu|debian|alpine|wsl|ios|android|safari",
            "|chrome|firefox|docker|kubernetes|k8s|musl|arm64|x86_64",
        ),
    )
}

/// `(?i)\b(?:npm|yarn|...|next(?:\.js)?|...|supabase)\b`: a library or tool. (`next.js`
/// needs no entry of its own: `next` already matches before the dot.)
pub fn library(text: &str) -> bool {
    has_word(
        text,
        concat!(
            "npm|yarn|pnpm|pip|cargo|rustc|go|node|nodejs|python|java|gradle|maven|react|vue",
            "|angular|svelte|next|django|flask|fastapi|rails|express|jest|pytest|vitest|webpack",
            "|vite|babel|typescript|postgres|postgresql|mysql|sqlite|redis|mongo|mongodb",
            "|mongoose|kafka|nginx|git|github actions|terraform|openssl|tokio|serde|sqlalchemy",
            "|asyncio|celery|graphql|prisma|vercel|aws|lambda|supabase",
        ),
    )
}

/// An error pattern:
/// `(?i)\b(?:errors?|...|[45]\d\d|[Ee]\d{3,5})\b|(?-i:\bE[A-Z]{4,}\b)|"[^"]{8,}"|\b[A-Z][A-Z0-9]*_[A-Z0-9_]{3,}\b`
/// (an error word, an HTTP 4xx/5xx status, an `E123` or `EACCES` code, a long quoted message,
/// an `UPPER_SNAKE` constant; all case-insensitive). An error word counts in the forms a
/// report uses it in, as the noun's plural and the verb's tenses: "the build OOMs", "OOMKilled",
/// "tests hit timeouts", "segfaulted", "two errors".
pub fn error(text: &str) -> bool {
    const WORDS: &str = concat!(
        "error|errors|exception|exceptions|traceback|tracebacks|panic|panicked|panicking",
        "|panics|segfault|segfaults|segfaulted|segfaulting|core dump|core dumps|core dumped",
        "|timeout|timeouts|timed out|deadlock|deadlocks|deadlocked|race condition",
        "|race conditions|memory leak|memory leaks|oom|ooms|oomed|oomkilled|out of memory",
        "|out-of-memory|permission denied|access denied|not found|no such file|refused",
        "|forbidden|unauthorized",
    );
    has_long_quote(text)
        || run_starts(text).any(|at| {
            let run = run_at(text, at);
            word_at(text, at, WORDS).is_some() || is_code(run) || is_upper_snake(run, 3, true)
        })
}

/// One word run that is `[45]\d\d`, `E\d{3,5}` (either case) or `E[A-Z]{4,}` (capitals).
fn is_code(run: &str) -> bool {
    let chars: Vec<char> = run.chars().collect();
    let Some((&first, rest)) = chars.split_first() else {
        return false;
    };
    let status = matches!(first, '4' | '5') && rest.len() == 2 && rest.iter().all(|&c| is_digit(c));
    let e = fold_eq(first, b'e');
    let numbered = e && (3..=5).contains(&rest.len()) && rest.iter().all(|&c| is_digit(c));
    // A named code (`EACCES`, `ENOENT`) is written in capitals: read case-insensitively,
    // any word of five letters or more that starts with an "e" ("every", "exhausted",
    // "empty") would count as an error.
    let named = first == 'E' && rest.len() >= 4 && rest.iter().all(|c| c.is_ascii_uppercase());
    status || numbered || named
}

/// The span of the first of `alternatives` (in text order; at one place, the first that
/// matches) with the whitespace around it: `(?i)\s*(?:alt|...)\s*`. Each alternative is a
/// literal and whether a word boundary must precede and follow it.
fn find_spaced(text: &str, alternatives: &[(&str, bool, bool)]) -> Option<Range<usize>> {
    let (at, end) = text.char_indices().find_map(|(at, _)| {
        alternatives
            .iter()
            .find_map(|&(lit, before, after)| {
                if before && !boundary(text, at) {
                    return None;
                }
                let end = literal_at(text, at, lit)?;
                (!after || boundary(text, end)).then_some(end)
            })
            .map(|end| (at, end))
    })?;
    let start = at
        - text[..at]
            .chars()
            .rev()
            .take_while(|&c| is_space(c))
            .map(char::len_utf8)
            .sum::<usize>();
    let end = end
        + text[end..]
            .chars()
            .take_while(|&c| is_space(c))
            .map(char::len_utf8)
            .sum::<usize>();
    Some(start..end)
}

/// `(?i)\s*(?:\bbecause\b|\broot cause(?: is|:)?|\bcaused by\b|\bdue to\b)\s*`: where a
/// stated cause begins.
pub fn find_cause(text: &str) -> Option<Range<usize>> {
    find_spaced(
        text,
        &[
            ("because", true, true),
            ("root cause is", true, false),
            ("root cause:", true, false),
            ("root cause", true, false),
            ("caused by", true, true),
            ("due to", true, true),
        ],
    )
}

/// `(?i)\s*(?:\bfixed by\b|\bfixed with\b|\bsolved by\b|\bsolution:|\bfix:|\bworkaround:|->|=>|→)\s*`:
/// where a stated fix begins.
pub fn find_fix(text: &str) -> Option<Range<usize>> {
    find_spaced(
        text,
        &[
            ("fixed by", true, true),
            ("fixed with", true, true),
            ("solved by", true, true),
            ("solution:", true, false),
            ("fix:", true, false),
            ("workaround:", true, false),
            ("->", false, false),
            ("=>", false, false),
            ("→", false, false),
        ],
    )
}

/// `(?i)\b(?:fixed|solved|resolved|works now|working now|workaround|the fix|solution)\b`:
/// the item reports a fix.
pub fn fix_item(text: &str) -> bool {
    has_word(
        text,
        "fixed|solved|resolved|works now|working now|workaround|the fix|solution",
    )
}

/// `(?i)\b(?:because|root cause|caused by|turns out|turned out|the reason)\b`: the item
/// reports a cause.
pub fn cause_item(text: &str) -> bool {
    has_word(
        text,
        "because|root cause|caused by|turns out|turned out|the reason",
    )
}

/// `(?i)\b(?:also|too|as well|...)\b`: the item adds to what is known rather than
/// correcting it ("Safari also drops cookies").
pub fn additive(text: &str) -> bool {
    has_word(
        text,
        "also|too|as well|additionally|in addition|another|besides|likewise|moreover",
    )
}

/// `(?i)\b(?:actually|no longer|...|now)\b`: the item corrects or replaces an earlier
/// statement ("the limit is actually 1000", "no longer needed", "now 60s").
pub fn correction(text: &str) -> bool {
    has_word(
        text,
        concat!(
            "actually|in fact|no longer|not anymore|anymore|was wrong|were wrong|is wrong",
            "|wrong about|correction|instead|rather than|contrary to|replaces|replaced",
            "|supersedes|now",
        ),
    )
}

/// `(?i)\b(?:not|no|never|...)\b`: the item states something in the negative.
pub fn negative(text: &str) -> bool {
    has_word(
        text,
        concat!(
            "not|no|never|none|cannot|without|can't|doesn't|don't|didn't|isn't|aren't",
            "|wasn't|weren't|won't|can\u{2019}t|doesn\u{2019}t|don\u{2019}t|didn\u{2019}t",
            "|isn\u{2019}t|aren\u{2019}t|wasn\u{2019}t|weren\u{2019}t|won\u{2019}t",
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::promote::cue_match::is_folded_letter;
    use crate::promote::cue_match::is_word;
    use regex::Regex;

    /// Every character, each followed by a NUL, with a test per character through `regex`.
    fn regex_agrees(pattern: &str, ours: impl Fn(char) -> bool) {
        let all: Vec<char> = (0..=0x10FFFFu32)
            .filter_map(char::from_u32)
            .filter(|&c| c != '\0')
            .collect();
        let text: String = all.iter().flat_map(|&c| [c, '\0']).collect();
        let re = Regex::new(pattern).unwrap();
        let theirs: std::collections::HashSet<usize> =
            re.find_iter(&text).map(|m| m.start()).collect();
        let mut at = 0;
        for &c in &all {
            assert_eq!(
                ours(c),
                theirs.contains(&at),
                "{pattern} on {c:?} (U+{:04X})",
                c as u32
            );
            at += c.len_utf8() + 1;
        }
    }

    #[test]
    fn measured_figures() {
        for text in [
            "k6 load test: p99 latency 840ms at 200 rps, fine at 100",
            "cold start is 1.5s on the small instance",
            "bundle is 40% smaller after tree shaking",
            "heap peaks at 512 MB during the import",
            "throughput 1200 req/s on one core",
            "P95 went up after the deploy",
            "index build takes 12GiB",
        ] {
            assert!(measurement(text), "{text}");
        }
        for text in [
            "ran the suite twice",
            "version 2 of the API",
            "port 8080 is taken",
            "2 x 3 grid of panels",
            "fixed in v1.2.3",
            "4xx errors from the proxy",
            "the p100 board",
            "talked to 3 users",
            "3x faster with the partial index",
            "we meet 3x a week",
            "msg queue is full",
        ] {
            assert!(!measurement(text), "{text}");
        }
    }

    #[test]
    fn verdicts_after_a_comma() {
        assert!(verdict("tried redis for sessions, overkill"));
        assert!(verdict("tried kafka, way too heavy for us"));
        assert!(verdict("tried localStorage tokens, XSS risk too high"));
        assert!(verdict("tried nginx caching, it didn\u{2019}t work"));
        assert!(verdict("Tried sharding, DOESN'T SCALE"));
        assert!(verdict("tried bumping gunicorn workers, didn't help"));
        assert!(verdict("raised the pool size, no luck"));
        assert!(verdict("tried clearing the cache, still fails on CI"));
        assert!(!verdict("tried redis"));
        assert!(!verdict("tried redis, then memcached"));
        assert!(!verdict("overkill redis setup"));
        assert!(!verdict("tried redis, too"));
        assert!(!verdict("tried redis, overkillish"));
    }

    #[test]
    fn error_words_in_the_forms_reports_use() {
        for text in [
            "cargo build --release OOMs on the CI runner",
            "webpack build OOMs on the CI runner",
            "the worker got OOMKilled",
            "the job OOMed twice",
            "the job is OOM-killed",
            "node runs out of memory on the CI runner",
            "node: out-of-memory in the bundler",
            "integration tests hit timeouts",
            "two errors in the linker",
            "the parser segfaulted on empty input",
            "the scheduler deadlocked",
            "open failed with EACCES",
            "e1234 in the type checker",
        ] {
            assert!(error(text), "{text}");
        }
        for text in [
            "the zoom button",
            "rooms are booked",
            "timeoutless",
            "a broom",
            // A word that starts with an "e" is no named error code.
            "db pool exhausted in integration tests",
            "every build is slow",
            "Empty cart page",
        ] {
            assert!(!error(text), "{text}");
        }
    }

    #[test]
    fn additions_corrections_and_negatives() {
        assert!(additive("Safari also drops cookies"));
        assert!(!additive("Safari drops cookies"));
        assert!(correction("the limit is actually 1000"));
        assert!(correction("no longer needed"));
        assert!(!correction("the limit is 1000"));
        assert!(negative("it doesn't work"));
        assert!(negative("it doesn\u{2019}t work"));
        assert!(negative("no cookies"));
        assert!(!negative("notes and nothing"));
    }

    #[test]
    fn character_classes_are_the_regex_ones() {
        regex_agrees(r"\w", is_word);
        regex_agrees(r"\d", is_digit);
        regex_agrees(r"\s", is_space);
        regex_agrees(r"(?i)[A-Z]", is_folded_letter);
        for l in b'a'..=b'z' {
            let pattern = format!("(?i){}", char::from(l));
            let re = Regex::new(&pattern).unwrap();
            for c in [
                'a', 'A', 'k', 'K', 's', 'S', '\u{212A}', '\u{17F}', 'é', 'ı', 'İ',
            ] {
                assert_eq!(
                    fold_eq(c, l),
                    re.is_match(&c.to_string()),
                    "{pattern} on {c:?}"
                );
            }
        }
    }

    /// The patterns these functions replace, as they were written.
    const PATTERNS: &[(&str, &str)] = &[
        (
            "reason",
            r"(?i)\s[-–—]\s|\s--\s|\bbecause\b|\bsince\b|\bdue to\b|:\s|->|=>|→",
        ),
        (
            "tech",
            r"(?i)\b(?:safari|chrome|firefox|windows|linux|macos|ios|android|npm|yarn|pnpm|pip|cargo|apt|brew|docker|kubernetes|k8s|react|vue|angular|svelte|node|python|rust|go|java|typescript|httponly|cookies?|localstorage|jwt|oauth|cors|bcrypt|hash|ssl|tls|https?|sql|postgres|sqlite|redis|git|api|webpack|vite|jest)\b",
        ),
        (
            "insight",
            r"(?i)\b(?:realized|realised|learned|learnt|discovered|turns out|gotcha|important|key|critical|always|never|because|found that|noticed|workaround|root cause)\b|->|=>|→",
        ),
        (
            "nothing_found",
            r"(?i)\b(?:nothing|unknown|none yet|tbd|no idea|not measured|not sure)\b",
        ),
        (
            "measurement",
            r"(?i)\b[0-9]+(?:ms|µs|us|ns|kb|mb|gb|tb|kib|mib|gib|rps|qps|fps|s)\b|\b[0-9]+(?:%|\s(?:(?:ms|µs|us|ns|kb|mb|gb|tb|kib|mib|gib|rps|qps|fps)\b|req/s|ops/s))|\bp(?:50|90|95|99|999)\b",
        ),
        ("path_or_code", r"[/\\][\w.-]+\.\w+|`[^`]+`"),
        (
            "definite",
            r"(?i)\b(?:always|never|must|turns out|turned out|realized|realised|discovered|confirmed|verified|root cause|fixed by|solution|the fix)\b",
        ),
        (
            "hedge",
            r"(?i)\b(?:maybe|might|probably|perhaps|possibly|not sure|unsure|i think|i guess|seems|could be|may be)\b|\?",
        ),
        (
            "specific",
            r"`[^`]+`|[/\\][\w.-]+\.\w+|\b\w+[._]\w+\b|\bv?\d+\.\d+|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b",
        ),
        (
            "platform",
            r"(?i)\b(?:windows|win32|macos|darwin|linux|ubuntu|debian|alpine|wsl|ios|android|safari|chrome|firefox|docker|kubernetes|k8s|musl|arm64|x86_64)\b",
        ),
        (
            "library",
            r"(?i)\b(?:npm|yarn|pnpm|pip|cargo|rustc|go|node|nodejs|python|java|gradle|maven|react|vue|angular|svelte|next(?:\.js)?|django|flask|fastapi|rails|express|jest|pytest|vitest|webpack|vite|babel|typescript|postgres(?:ql)?|mysql|sqlite|redis|mongo(?:db|ose)?|kafka|nginx|git|github actions|terraform|openssl|tokio|serde|sqlalchemy|asyncio|celery|graphql|prisma|vercel|aws|lambda|supabase)\b",
        ),
        (
            "error",
            r#"(?i)\b(?:errors?|exceptions?|tracebacks?|panic(?:ked|king|s)?|segfault(?:s|ed|ing)?|core dump(?:s|ed)?|timeouts?|timed out|deadlock(?:s|ed)?|race conditions?|memory leaks?|oom(?:s|ed|killed)?|out of memory|out-of-memory|permission denied|access denied|not found|no such file|refused|forbidden|unauthorized|[45]\d\d|[Ee]\d{3,5})\b|(?-i:\bE[A-Z]{4,}\b)|"[^"]{8,}"|\b[A-Z][A-Z0-9]*_[A-Z0-9_]{3,}\b"#,
        ),
        (
            "fix_item",
            r"(?i)\b(?:fixed|solved|resolved|works now|working now|workaround|the fix|solution)\b",
        ),
        (
            "cause_item",
            r"(?i)\b(?:because|root cause|caused by|turns out|turned out|the reason)\b",
        ),
    ];

    const CAUSE: &str =
        r"(?i)\s*(?:\bbecause\b|\broot cause(?: is|:)?|\bcaused by\b|\bdue to\b)\s*";
    const FIX: &str = r"(?i)\s*(?:\bfixed by\b|\bfixed with\b|\bsolved by\b|\bsolution:|\bfix:|\bworkaround:|->|=>|→)\s*";

    fn ours(name: &str) -> fn(&str) -> bool {
        match name {
            "reason" => reason,
            "tech" => tech,
            "insight" => insight,
            "measurement" => measurement,
            "nothing_found" => nothing_found,
            "path_or_code" => path_or_code,
            "definite" => definite,
            "hedge" => hedge,
            "specific" => specific,
            "platform" => platform,
            "library" => library,
            "error" => error,
            "fix_item" => fix_item,
            "cause_item" => cause_item,
            _ => unreachable!(),
        }
    }

    /// Lines to compare on: hand-written edge cases and many generated ones that mix the
    /// cue words, their near misses, identifiers, numbers, quotes and non-ASCII letters.
    fn lines() -> Vec<String> {
        let mut out: Vec<String> = [
            "redis - overkill",
            "redis -- overkill",
            "redis—overkill",
            "redis \u{2014} overkill",
            "a\u{a0}-\u{a0}b",
            "x: y",
            "x:y",
            "a -> b",
            "a => b",
            "a → b",
            "because",
            "Because!",
            "BECAUSE",
            "becauses",
            "_because",
            "because_",
            "due to",
            "due  to",
            "Due To",
            "\u{212A}ey",
            "\u{17F}afari",
            "ſince",
            "Ｋubernetes",
            "kubernetes.io",
            "k8s/pod",
            "next.js",
            "nextjs",
            "Next.JS",
            "postgresql",
            "postgres_ql",
            "mongoose",
            "mongodb",
            "github actions",
            "github  actions",
            "GitHub Actions!",
            "x86_64",
            "arm64e",
            "win32",
            "E1234",
            "e12",
            "E123456",
            "E١٢٣",
            "EACCES",
            "Eacces",
            "ECONN_RESET",
            "ERR_TIMEOUT",
            "err_x",
            "A_BC",
            "a_bcd",
            "Ab_c1_",
            "É_ABC",
            "500",
            "5000",
            "404!",
            "4٠٤",
            "\"short\"",
            "\"a longer quote\"",
            "\"\"",
            "\"12345678\"",
            "\"1234567\"",
            "`x`",
            "``",
            "` `",
            "a`b`c",
            "src/auth.rs",
            "/a.b",
            "/.b",
            "/a.",
            "\\x.y",
            "/-.x",
            "go.sum",
            "a.b",
            "a._",
            ".a",
            "a.",
            "_x",
            "x_",
            "__x",
            "v1.2.3",
            "v.1",
            "1.2",
            "V1.2",
            "x1.2",
            "٣.٤",
            "1.",
            "root cause is x",
            "root cause: x",
            "root causes",
            "root causeis",
            "caused by",
            "fixed by x",
            "fixed with x",
            "solved by",
            "solution:x",
            "fix: x",
            "fix :",
            "workaround: y",
            "  fix:  x  ",
            "a\tbecause\tb",
            "works now",
            "working now",
            "the fix",
            "the reason",
            "turns out",
            "turned out",
            "i think",
            "I guess",
            "may be",
            "maybe?",
            "not sure",
            "could be",
            "seems",
            "must",
            "confirmed",
            "verified",
            "always",
            "never",
            "key",
            "keys",
            "critical",
            "important",
            "gotcha",
            "learnt",
            "realised",
            "",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let mut tokens: Vec<String> = PATTERNS
            .iter()
            .flat_map(|(_, p)| p.split(|c: char| !(c.is_alphanumeric() || c == ' ' || c == '_')))
            .flat_map(|s| s.split(' '))
            .filter(|w| w.len() > 1)
            .map(str::to_string)
            .collect();
        tokens.extend(
            [
                "E", "e", "4", "5", "00", "12", "٣", "v", "V", "x", "é", "\u{212A}", "\u{17F}",
                "Ａ", "_", "__", "src", "rs", "A", "B", "C", "ECONN", "RESET", "ABC", "is", "out",
                "840", "1", "%", "req/s", "p99", "3x", "5ms", "0x", "µs", "\u{39c}s", "\u{3bc}S",
            ]
            .iter()
            .map(|s| s.to_string()),
        );
        let seps = [
            " ", " ", " ", "  ", "", ".", "_", "-", " - ", " -- ", " — ", "/", "\\", ":", ": ",
            "`", "\"", "?", "->", "=>", "→", "\t", "\u{a0}", "é", "!", ", ",
        ];
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for _ in 0..8_000 {
            let mut line = String::new();
            for _ in 0..1 + next(7) {
                line.push_str(seps[next(seps.len())]);
                let t = &tokens[next(tokens.len())];
                match next(4) {
                    0 => line.push_str(&t.to_uppercase()),
                    1 => {
                        let mut chars = t.chars();
                        line.extend(chars.next().into_iter().flat_map(char::to_uppercase));
                        line.push_str(chars.as_str());
                    }
                    _ => line.push_str(t),
                }
                if next(3) == 0 {
                    line.push_str(t);
                }
            }
            out.push(line);
        }
        out
    }

    #[test]
    fn every_cue_matches_where_its_regex_does() {
        let lines = lines();
        for (name, pattern) in PATTERNS {
            let re = Regex::new(pattern).unwrap();
            let f = ours(name);
            let mut hits = 0;
            for line in &lines {
                assert_eq!(f(line), re.is_match(line), "{name} on {line:?}");
                hits += usize::from(f(line));
            }
            // The lines exercise both outcomes of every cue.
            assert!(hits > 20 && hits + 20 < lines.len(), "{name}: {hits}");
        }
        for (pattern, f) in [(CAUSE, find_cause as fn(&str) -> _), (FIX, find_fix)] {
            let re = Regex::new(pattern).unwrap();
            let mut hits = 0;
            for line in &lines {
                assert_eq!(
                    f(line),
                    re.find(line).map(|m| m.range()),
                    "{pattern} on {line:?}"
                );
                hits += usize::from(f(line).is_some());
            }
            assert!(hits > 20 && hits + 20 < lines.len(), "{pattern}: {hits}");
        }
    }
}
