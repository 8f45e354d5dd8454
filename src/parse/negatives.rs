//! Hard negatives: lines that contain trigger words but record no memory — source code and
//! config, questions, placeholders, links, template prose, statements of plain work.
//!
//! A line with source-code syntax is not an entry even when the words inside would
//! qualify (LABELING: "Code"); a prose line is judged on its content wherever it came from.

use std::sync::LazyLock;

use regex::Regex;

/// Comment markers and code openers that make a whole line code (`// decided not to ...`).
pub fn is_comment_or_code_start(s: &str) -> bool {
    const STARTS: &[&str] = &[
        "//", "/*", "*/", "#:", "#!", "${", "{", "}", "=>", "$ ", ">>>", "-- ", "--- ", "<?", "%",
        "@@",
    ];
    STARTS.iter().any(|p| s.starts_with(p)) || (s.starts_with('<') && looks_like_tag(s))
}

fn looks_like_tag(s: &str) -> bool {
    let rest = s[1..].trim_start_matches('/');
    rest.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && rest.find(['>', ' ']).is_some_and(|i| {
            rest[..i]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

/// Source code, config or shell: keyword openers with code punctuation, call or assignment
/// openers, code line endings, YAML/JSON fields.
pub fn looks_like_code(s: &str) -> bool {
    let t = s.trim_end();
    if is_log_record(t) {
        return true;
    }
    // "it didn't work :(" ends with an emoticon, not an open call.
    let frown = [":(", ":-(", ";(", ":'("].iter().any(|f| t.ends_with(f));
    if t.ends_with('{')
        || (t.ends_with('(') && !frown)
        || t.ends_with("};")
        || (t.ends_with(");") && !has_prose_asides(t))
        || t.ends_with("=>")
        || t.ends_with(" \\")
    {
        return true;
    }
    let first_end = t.find([' ', '(', '<', ':']).unwrap_or(t.len());
    let first = &t[..first_end];
    // Keywords that only code starts a line with (in lower case).
    const CODE_KEYWORDS: &[&str] = &[
        "public",
        "private",
        "protected",
        "static",
        "async",
        "await",
        "function",
        "fn",
        "def",
        "const",
        "var",
        "impl",
        "pub",
        "struct",
        "enum",
        "interface",
        "func",
        "#include",
        "#define",
        "elif",
        "npm",
        "npx",
        "yarn",
        "pnpm",
        "pip",
        "cargo",
        "git",
        "docker",
        "kubectl",
        "sudo",
        "curl",
        "python",
        "python3",
        "node",
        "echo",
        "cd",
    ];
    // Keywords that are English words too: they need stronger code punctuation.
    const ENGLISH_KEYWORDS: &[&str] = &[
        "class", "let", "import", "export", "return", "if", "for", "while", "type", "use",
        "package", "module", "require", "else", "switch", "case", "try", "catch", "throw", "new",
        "make", "go",
    ];
    let b = t.as_bytes();
    let has = |needle: &[u8]| super::lex::find(b, needle).is_some();
    // "cargo subcommands must be invoked as binaries (e.g. cargo-dist) -- cargo can't find
    // them" is prose about the tool: its brackets are asides and its `--` a dash; a command
    // line's `--` opens a flag (`cargo build --release`).
    let long_flag = || {
        memchr::memmem::find_iter(b, b" --")
            .any(|i| b.get(i + 3).is_some_and(u8::is_ascii_alphabetic))
    };
    if CODE_KEYWORDS.contains(&first)
        && (t.contains(['{', '}', '=', ';', '[', ']', '<', '>'])
            || (t.contains(['(', ')']) && !has_prose_asides(t))
            || has(b"::")
            || long_flag())
    {
        return true;
    }
    if ENGLISH_KEYWORDS.contains(&first)
        && (t.contains(['{', '}', ';', '=']) || has(b"::") || has(b"()"))
    {
        return true;
    }
    // `name(` / `obj.method(` right at the start: a call.
    let ident_end = t
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '$')))
        .unwrap_or(t.len());
    if ident_end > 0 && t[ident_end..].starts_with('(') && (t.ends_with(')') || t.ends_with(';')) {
        return true;
    }
    // `name := ...`, `name = ...`, `name += ...`
    if ident_end > 0 {
        let after = t[ident_end..].trim_start();
        let ident = &t[..ident_end];
        let lower_ident = !ident.starts_with(|c: char| c.is_uppercase());
        // `MAX_RETRIES=3`, `DATABASE_URL = postgres://...`, `PATH=/usr/bin`: an environment
        // variable or a constant. A capitalised word before `=` is prose only with spaces
        // around it and no underscore ("Cost = time x rate").
        let screaming = ident.len() >= 2
            && ident
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
            && ident.bytes().any(|b| b.is_ascii_uppercase())
            && (ident.contains('_') || t[ident_end..].starts_with('='));
        let assignment =
            after.starts_with('=') && !after.starts_with("==") && (lower_ident || screaming);
        if after.starts_with(":=") || after.starts_with("+=") || assignment {
            return true;
        }
    }
    // A string literal of a program: `"- Watch out for ...",`, `"text" +`.
    if t.starts_with('"')
        && t.len() > 2
        && (t.ends_with("\",")
            || t.ends_with("\");")
            || t.ends_with("\" +")
            || t[1..].starts_with("- "))
    {
        return true;
    }
    if is_sql_with_comment(t) {
        return true;
    }
    // JSON field: `"key": value`
    if t.starts_with('"')
        && let Some(close) = t[1..].find('"')
        && t[1 + close + 1..].trim_start().starts_with(':')
    {
        return true;
    }
    false
}

/// Parentheses of prose, not calls: a sentence of four words or more whose every `(`
/// follows a space ("accepts only absolute or `~/` paths (no repo-relative);"). A call
/// glues `(` to its name (`init(config);`).
fn has_prose_asides(t: &str) -> bool {
    let b = t.as_bytes();
    let mut opens = memchr::memchr_iter(b'(', b).peekable();
    opens.peek().is_some()
        && opens.all(|i| i > 0 && b[i - 1] == b' ')
        && t.split_whitespace().count() >= 4
}

/// SQL with a trailing `--` comment: `SELECT *  -- turns out ...`, `t.created_by,  --
/// Fixed: ...`. A `--` in prose is a dash between words; after a column list's comma, an
/// operator, a statement's keyword in capitals, or a tab, it opens a comment.
fn is_sql_with_comment(t: &str) -> bool {
    // `memchr` for the dash, then a look at the next byte: `str::find("--")` sets up a
    // two-way search for every line.
    let bytes = t.as_bytes();
    let Some(at) = memchr::memchr_iter(b'-', bytes).find(|&i| bytes.get(i + 1) == Some(&b'-'))
    else {
        return false;
    };
    let before = &t[..at];
    if before.trim().is_empty() || !before.ends_with([' ', '\t']) {
        return false;
    }
    const STATEMENTS: &[&str] = &[
        "SELECT", "INSERT", "UPDATE", "DELETE", "FROM", "WHERE", "JOIN", "CREATE", "ALTER", "DROP",
        "AND", "OR", "ORDER", "GROUP", "LEFT", "INNER", "VALUES", "SET",
    ];
    let code = before.trim_end();
    let first = code.split_whitespace().next().unwrap_or("");
    // `SELECT * -- …`, but not the close of a bold run (`**known limitation** -- …`).
    let star = code.ends_with('*') && !code.ends_with("**");
    before.contains('\t')
        || code.ends_with([',', '(', ';', '='])
        || star
        || STATEMENTS.contains(&first)
        || sql_column(code)
}

/// A column definition: a name and an SQL type (`express_shipping     boolean`,
/// `created_at timestamptz`), before the comment. Prose does not put a type name second.
fn sql_column(code: &str) -> bool {
    let mut words = code.split_whitespace();
    let (Some(name), Some(kind), None) = (words.next(), words.next(), words.next()) else {
        return false;
    };
    // A column's name in code (`express_shipping`, `t.created_at`), or one laid out in
    // aligned columns or typed in capitals; "Fixed date -- the picker …" is prose.
    let code_name = name.contains(['_', '.'])
        || code.contains("  ")
        || kind.bytes().all(|b| !b.is_ascii_lowercase());
    let kind = kind.split('(').next().unwrap_or(kind).to_ascii_lowercase();
    code_name
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
        && [
            "boolean",
            "bool",
            "int",
            "integer",
            "bigint",
            "smallint",
            "serial",
            "bigserial",
            "text",
            "varchar",
            "char",
            "uuid",
            "date",
            "timestamp",
            "timestamptz",
            "json",
            "jsonb",
            "numeric",
            "decimal",
            "real",
            "float",
            "double",
            "bytea",
            "blob",
        ]
        .contains(&kind.as_str())
}

/// A line of a program's log pasted into notes: a date and a time of day, then a level
/// (`[2026-01-05 10:12:01] ERROR ...`, `2026-01-05T10:12:01.123Z WARN ...`,
/// `2026-01-05 10:12:01 [error] ...`). It is output, not something a person wrote down.
pub fn is_log_record(t: &str) -> bool {
    static RECORD: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?i)^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2}|\s?UTC)?\]?\s+\[?(?:error|err|warn|warning|info|debug|trace|fatal|critical|crit|notice)\]?[\s:]",
        )
        .expect("static pattern")
    });
    // Cheap check first: the parser runs this on every line.
    let b = t.as_bytes();
    let start = usize::from(b.first() == Some(&b'['));
    b.len() > start + 16 && b[start].is_ascii_digit() && b[start + 4] == b'-' && RECORD.is_match(t)
}

/// A YAML/config field: a lower-case identifier key with a scalar value (`key: compute`,
/// `timeout_ms: 300`). Only for labels that are not known memory labels.
pub fn is_config_field(label: &str, value: &str) -> bool {
    let key_ok = !label.is_empty()
        && label.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'-' | b'.')
        });
    // A trailing `# comment` is YAML too.
    let v = value.split(" #").next().unwrap_or_default().trim();
    let scalar = v.is_empty()
        || !v.contains(' ')
        || v.starts_with('"')
        || v.starts_with('\'')
        || v.starts_with('[')
        || v.starts_with('{');
    key_ok && (scalar || label.contains(['_', '.']))
}

/// A question: ends with `?` (a trailing hedge like ", I guess?" is not a question), with
/// the full-width `？`, or with the Chinese or Japanese question particle ("已解决吗",
/// "修正済みですか").
pub fn is_question(s: &str) -> bool {
    let t = s.trim_end_matches(['*', '_', ')', '"', '\'', ' ']);
    let cjk = t.trim_end_matches('。');
    if cjk.ends_with('？') || cjk.ends_with('吗') || cjk.ends_with("ですか") {
        return true;
    }
    if !t.ends_with('?') {
        let lower = t.to_ascii_lowercase();
        // Issue-title questions without a mark: "How to fix X", "Why does Y".
        return [
            "how to ",
            "how do ",
            "how can ",
            "why does ",
            "why do ",
            "why is ",
            "what is ",
        ]
        .iter()
        .any(|p| lower.starts_with(p));
    }
    strip_hedge(t).is_none()
}

/// A commit trailer: "Signed-off-by: Name <mail>", "Co-authored-by: ...", "Reviewed-by:
/// ...". Who signed, wrote or checked a change, never what it did ("signed off" is no
/// failure).
pub fn is_commit_trailer(s: &str) -> bool {
    // Asked of every unlabelled line: the key is short, so only its first bytes are
    // searched, and nothing is allocated.
    let bytes = s.as_bytes();
    let Some(colon) = memchr::memmem::find(&bytes[..bytes.len().min(40)], b": ") else {
        return false;
    };
    let key = &bytes[..colon];
    let ends = |word: &[u8], tail: &[u8]| {
        word.len() >= tail.len() && word[word.len() - tail.len()..].eq_ignore_ascii_case(tail)
    };
    // What was done to the change, as a participle: "signed-off", "co-authored", "acked".
    ends(key, b"-by")
        && key.len() > 6
        && {
            let done = &key[..key.len() - 3];
            ends(done, b"ed") || ends(done, b"-off")
        }
        && key.iter().all(|b| b.is_ascii_alphabetic() || *b == b'-')
}

/// Whether a line that ends by asking opens with a statement of its own: "The build fails
/// on Windows. Any ideas?", "I get a 500 error when saving. What am I doing wrong?". The
/// question asks for help with what the first sentence reports, so the line is read by its
/// cues, less those in the sentences that ask ([`asked_in_its_sentence`]). A line that
/// opens by asking ("Why does the build fail? It worked in 1.2") is a question still.
pub fn states_before_asking(s: &str) -> bool {
    let bytes = s.as_bytes();
    let Some(end) = memchr::memchr2_iter(b'.', b'!', bytes)
        .find(|&i| bytes.get(i + 1) == Some(&b' ') && !super::details::abbreviation(&bytes[..i]))
    else {
        return false;
    };
    let first = &s[..end];
    !first.contains('?') && !opens_with_wh_word(first) && !first.trim().is_empty()
}

/// A question answered by an instruction: "Stuck for more than an hour? Ask in the
/// channel." It gives advice for a condition; it reports nothing.
pub fn is_question_then_advice(s: &str) -> bool {
    if is_time_limit_rule(s) {
        return true;
    }
    if memchr::memchr(b'?', s.as_bytes()).is_none() {
        return false;
    }
    s.split_once("? ").is_some_and(|(question, after)| {
        let after = after.trim_start();
        // "Still stuck on the app? See [Getting started](…)", "Still doesn't work? [Open an
        // issue](…)": the answer is a pointer to help, and nothing follows it. A question in
        // brackets is an aside ("Decided to drop Node 16 (why? See #88)"), and a pointer with
        // a report after it reports ("Broken again? See [CI run](…): the deploy step fails").
        let pointer = after.strip_prefix("See ").unwrap_or(after);
        starts_imperative(after)
            || (!question.contains('(')
                && is_link_only(pointer.trim_end().trim_end_matches(['.', '!'])))
    })
}

/// The text without a trailing hedge question tag (", I guess?", " right?"), if it has one.
pub fn strip_hedge(s: &str) -> Option<&str> {
    let t = s.trim_end();
    let body = t.strip_suffix('?')?;
    let lower = body.to_ascii_lowercase();
    for tag in [
        "i guess",
        "i think",
        "right",
        "maybe",
        "perhaps",
        "probably",
        "no",
        "ok",
        "okay",
        "i suppose",
        "i hope",
    ] {
        if let Some(head) = lower.strip_suffix(tag)
            && (head.ends_with(", ") || head.ends_with(" - ") || head.ends_with("... "))
        {
            return Some(body[..head.len()].trim_end_matches([',', ' ', '-', '.']));
        }
    }
    None
}

/// The text of a label in a legend or template rather than an entry: a description of what
/// would go there ("Something that surprised you", "What you chose and why", "A bug or
/// blocker you hit", "Any decision worth keeping", "e.g. use Postgres"). An entry states
/// a particular thing; a legend speaks of things in general, or to the reader.
pub fn is_template_description(body: &str) -> bool {
    if body
        .trim_start()
        .as_bytes()
        .first()
        .is_some_and(|b| *b >= 0xE3)
        && is_cjk_prompt(body)
    {
        return true;
    }
    // Cheap first: nearly every label is followed by a particular thing, whose first word
    // is none of the openers below.
    // Both are short (a generic description three words at most, a template of slots
    // eight): the lengths rule out nearly every body before its words are looked at.
    if (body.len() <= 40 && is_generic_description(body))
        || (body.len() <= 100 && asks_for_an_amount_of_text(body))
        || (body.len() <= 80
            && memchr::memchr(b'[', body.as_bytes()).is_some()
            && has_slots_side_by_side(body)
            && body.split_whitespace().nth(8).is_none())
    {
        return true;
    }
    if is_european_prompt(body) {
        return true;
    }
    let head = body
        .trim_start()
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    const OPENERS: &[&str] = &[
        "something",
        "anything",
        "whatever",
        "things",
        "stuff",
        "e",
        "eg",
        "what",
        "why",
        "how",
        "when",
        "where",
        "which",
        "a",
        "an",
        "any",
        "each",
        "every",
    ];
    if !OPENERS.iter().any(|o| head.eq_ignore_ascii_case(o)) {
        return false;
    }
    // "what went wrong / how it manifested": prompts offered side by side (looked for only
    // after an opener, as every label's value is asked).
    if let Some(at) = memchr::memmem::find(body.as_bytes(), b" / ") {
        return is_template_description(&body[..at]) && is_template_description(&body[at + 3..]);
    }
    // "what happened and how to avoid it", "what broke, why, and the fix": short prompts in
    // a row. Each part must be a prompt alone ("What broke the build was the cache key, and
    // how we fixed it" answers the first).
    if prompts_in_a_row(body) {
        return true;
    }
    let lower = body.trim().to_ascii_lowercase();
    let words: Vec<&str> = super::lex::words(&lower).collect();
    let Some(&first) = words.first() else {
        return false;
    };
    let second_person = words
        .iter()
        .any(|w| matches!(*w, "you" | "your" | "you're" | "you've"));
    match first {
        "e" | "eg" => true,
        // "Something that surprised you", "Anything worth keeping"; not a particular thing
        // ("something on this machine kills the build").
        "something" | "anything" | "whatever" | "things" | "stuff" => {
            second_person
                || (words.len() <= 6
                    && !words
                        .iter()
                        .any(|w| matches!(*w, "this" | "these" | "our" | "my" | "its")))
        }
        // "What you chose and why", "What was decided", "Why it matters", "What went
        // wrong": a wh-clause of a few plain words, with nothing particular in it. A clause
        // set off by a comma or holding a name, a number or code has a main clause or a
        // particular thing ("When the tab is hidden, timers throttle"), and a "when" or
        // "where" clause longer than a prompt ("When it happens") is a condition followed
        // by what happens under it.
        "what" | "why" | "how" | "when" | "where" | "which" => {
            let prompt_length = if matches!(first, "when" | "where") {
                4
            } else {
                8
            };
            // "What went wrong and why", "What happened", "What broke": the wh-word as the
            // subject of a verb of what happens, as a post-mortem template asks; five words
            // at most ("what broke the build was the cache key" answers it).
            let happens = words.get(1).is_some_and(|w| {
                matches!(
                    *w,
                    "went"
                        | "happened"
                        | "broke"
                        | "failed"
                        | "changed"
                        | "caused"
                        | "worked"
                        | "helped"
                )
            });
            plain_words(body)
                && (second_person
                    || words.get(1).is_some_and(|w| {
                        matches!(*w, "was" | "were" | "we" | "i" | "the" | "it" | "to" | "is")
                    }) && words.len() <= prompt_length
                    || happens && words.len() <= 5
                    || words.len() <= 3)
        }
        // "A bug or blocker you hit", "Any decision worth keeping", "Each lesson", and
        // definitions: "a reported defect that is still open". "Any"/"each"/"every" open a
        // legend only before a kind of memory: "any failure retries twice" is a rule.
        "a" | "an" | "any" | "each" | "every" => {
            second_person
                || (first != "a"
                    && first != "an"
                    && words.len() <= 6
                    && words.get(1).is_some_and(|w| names_a_kind(w)))
                || defines_type(&words)
        }
        _ => false,
    }
}

/// Whether a short body is wh-prompts joined by commas, "and" or "or" ("what happened and
/// how to avoid it", "what broke, why, and how to avoid it", "what went wrong or what was
/// learned"). A part may also be a part of a record ("the fix").
fn prompts_in_a_row(body: &str) -> bool {
    let text = body.trim().trim_end_matches(['.', '?']);
    if !(text.contains(", ") || text.contains(" and ") || text.contains(" or "))
        || text.split_whitespace().nth(12).is_some()
    {
        return false;
    }
    let parts: Vec<&str> = text
        .split(", ")
        .flat_map(|part| part.split(" and "))
        .flat_map(|part| part.split(" or "))
        .map(|part| {
            part.trim()
                .trim_start_matches("and ")
                .trim_start_matches("or ")
                .trim()
        })
        .filter(|part| !part.is_empty())
        .collect();
    parts.len() >= 2
        && parts.iter().all(|part| {
            let lower = part.to_ascii_lowercase();
            matches!(
                lower.as_str(),
                "the fix" | "the cause" | "the workaround" | "the solution" | "the lesson" | "why"
            ) || (lower
                .split_whitespace()
                .next()
                .is_some_and(|w| matches!(w, "what" | "why" | "how" | "when" | "where" | "which"))
                && is_template_description(part)
                // "what happened and why is still unclear": a part that says how things
                // stand is a statement.
                && !lower.split_whitespace().any(|w| {
                    matches!(w, "still" | "unclear" | "unknown" | "not" | "yet" | "now")
                }))
        })
}

/// A template's prompt in the European languages memory files are written in, as "What was
/// decided" is in English: "qué se decidió", "o que foi feito para corrigir", "ce qu'on a
/// fait (commit/PR si possible)", "was wurde entschieden". A short phrase opening with the
/// question word, of plain lower-case words (brackets may add a hint).
fn is_european_prompt(body: &str) -> bool {
    const OPENERS: &[&str] = &[
        "qué ",
        "o que ",
        "lo que ",
        "cómo ",
        "por qué ",
        "ce qu'",
        "ce qu\u{2019}",
        "ce que ",
        "pourquoi ",
        "quoi ",
        "cosa ",
        "perché ",
        "was wurde ",
        "warum ",
        "wie ",
        "dlaczego ",
        "wat ",
        "waarom ",
        "hoe ",
        "что ",
        "почему ",
        "как ",
        "vad ",
        "varför ",
        "hur ",
        "hva ",
        "hvad ",
        "hvorfor ",
        "hvordan ",
        // "Something that …", as a legend defines a kind of entry.
        "algo ",
        "etwas ",
        "qualcosa ",
        "quelque chose ",
    ];
    let t = body.trim();
    // Cheap first: every opener begins with one of these letters.
    if !t.chars().next().is_some_and(|c| {
        matches!(
            c.to_ascii_lowercase(),
            'q' | 'o'
                | 'l'
                | 'c'
                | 'p'
                | 'w'
                | 'j'
                | 'd'
                | 'h'
                | 'v'
                | 'a'
                | 'e'
                | 'ч'
                | 'Ч'
                | 'п'
                | 'П'
                | 'к'
                | 'К'
        )
    }) || t.len() > 120
    {
        return false;
    }
    let head: String = t.chars().take(12).collect::<String>().to_lowercase();
    let Some(opener) = OPENERS.iter().find(|o| head.starts_with(**o)) else {
        return false;
    };
    // A hint in brackets is part of the prompt ("(commit/PR si possible)").
    let main = t.split(['(', '[']).next().unwrap_or("");
    let words = main.split_whitespace().count();
    (2..=7).contains(&words)
        && main.len() > opener.len()
        && main
            .chars()
            .all(|c| c.is_alphabetic() || matches!(c, ' ' | '\'' | '\u{2019}' | '.' | '?'))
        && !main.chars().skip(1).any(char::is_uppercase)
}

/// A template's prompt in Chinese, Japanese or Korean: a short phrase that opens with a
/// question word, as the English "What went wrong" does ("어떤 에러가 발생", which error
/// occurred; "어떻게 해결", how it was solved; "什么问题", what problem; "何が起きたか").
fn is_cjk_prompt(body: &str) -> bool {
    const QUESTION_WORDS: &[&str] = &[
        "什么",
        "什麼",
        "如何",
        "为什么",
        "為什麼",
        "怎么",
        "怎麼",
        "哪个",
        "哪些",
        "何が",
        "何を",
        "どう",
        "なぜ",
        "どの",
        "어떤",
        "어떻게",
        "무엇",
        "무슨",
        "왜",
    ];
    // "什么都没发生" (nothing happened), "どうしても起動しない" (won't start whatever I do),
    // "어떤 설정에서도" (with any setting), "왜인지" (for some reason): the question word made
    // "whatever", in a report.
    const WHATEVER: &[&str] = &["都", "也", "でも", "しても", "도", "인지"];
    let t = body.trim();
    if t.chars().count() > 16 || WHATEVER.iter().any(|w| t.contains(w)) {
        return false;
    }
    if QUESTION_WORDS.iter().any(|q| t.starts_with(q)) {
        return true;
    }
    // "遇到了什么、该怎么绕开" (what was met, how to get round it): short clauses, each asking
    // with its question word after the verb.
    let clauses: Vec<&str> = t
        .split(['、', '，', ',', '/', '；'])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    // "搞清楚了为什么慢" (found out why it is slow): a clause marked finished reports; "遇到了什么"
    // (met what) asks what was met, the question word its object.
    let finished = t.match_indices('了').any(|(at, mark)| {
        let after = &t[at + mark.len()..];
        !["什么", "什麼", "哪些", "哪个"]
            .iter()
            .any(|q| after.starts_with(q))
    });
    clauses.len() >= 2
        && !finished
        && clauses
            .iter()
            .all(|c| QUESTION_WORDS.iter().any(|q| c.contains(q)))
}

/// A body that only names the kind of text that goes there: "Brief description", "Short
/// summary", "One-line explanation", "Details".
fn is_generic_description(body: &str) -> bool {
    if body.split_whitespace().nth(3).is_some() {
        return false;
    }
    let lower = body.trim().trim_end_matches('.').to_ascii_lowercase();
    let words: Vec<&str> = super::lex::words(&lower).collect();
    // "Description and resolution", "Cause or workaround": the parts of a record named, as a
    // legend lists its fields.
    const PARTS: &[&str] = &[
        "description",
        "summary",
        "details",
        "resolution",
        "solution",
        "workaround",
        "cause",
        "impact",
        "context",
        "rationale",
        "steps",
    ];
    if let [first, "and" | "or", second] = words[..]
        && PARTS.contains(&first)
        && PARTS.contains(&second)
    {
        return true;
    }
    const NOUNS: &[&str] = &[
        "description",
        "summary",
        "explanation",
        "details",
        "detail",
        "title",
        "text",
        "notes",
    ];
    const MODIFIERS: &[&str] = &[
        "brief",
        "short",
        "one",
        "line",
        "detailed",
        "longer",
        "a",
        "sentence",
        "paragraph",
        "two",
        "single",
        "quick",
    ];
    (1..=3).contains(&words.len())
        && words.last().is_some_and(|w| NOUNS.contains(w))
        && words[..words.len() - 1]
            .iter()
            .all(|w| MODIFIERS.contains(w))
}

/// "One sentence explaining WHY this matters", "A short description of the choice", "1-2
/// lines on what changed": how much to write and about what, a template's instruction. The
/// amount is a count or a size before a unit of text; what follows says what it covers, as
/// a prompt does ("One line of config" is an entry's particular thing).
fn asks_for_an_amount_of_text(body: &str) -> bool {
    // Cheap first: the amount opens the body.
    let first = body
        .trim_start()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("");
    if ![
        "one", "a", "an", "two", "three", "few", "single", "short", "brief", "quick", "1", "2", "3",
    ]
    .iter()
    .any(|w| first.eq_ignore_ascii_case(w))
    {
        return false;
    }
    let lower = body.trim().to_ascii_lowercase();
    let words: Vec<&str> = super::lex::words(&lower).collect();
    // A prompt stops after what it covers; a sentence goes on to say what the text does ("a
    // short summary of the changes goes at the top of every PR", "a single line about the
    // timeout saved us hours").
    if words.len() > 7
        || body.contains(',')
        || words.iter().any(|w| {
            matches!(
                *w,
                "is" | "are"
                    | "was"
                    | "were"
                    | "goes"
                    | "go"
                    | "saved"
                    | "saves"
                    | "prevents"
                    | "prevented"
                    | "required"
                    | "needs"
                    | "must"
                    | "helps"
                    | "helped"
                    | "makes"
                    | "made"
                    | "gets"
                    | "got"
            )
        })
    {
        return false;
    }
    let Some(unit) = words.iter().position(|w| {
        matches!(
            *w,
            "sentence"
                | "sentences"
                | "line"
                | "lines"
                | "paragraph"
                | "paragraphs"
                | "description"
                | "summary"
                | "explanation"
        )
    }) else {
        return false;
    };
    let amount = unit >= 1
        && words[..unit].iter().all(|w| {
            matches!(
                *w,
                "one"
                    | "a"
                    | "an"
                    | "two"
                    | "three"
                    | "few"
                    | "single"
                    | "short"
                    | "brief"
                    | "quick"
                    | "1"
                    | "2"
                    | "3"
            )
        });
    let covers = match words.get(unit + 1).copied() {
        Some(
            "explaining" | "describing" | "summarizing" | "summarising" | "stating" | "saying"
            | "covering" | "capturing" | "about" | "on",
        ) => true,
        Some("of") => words
            .get(unit + 2)
            .is_some_and(|w| matches!(*w, "the" | "what" | "why" | "how" | "this" | "your")),
        _ => false,
    };
    amount && covers
}

/// Whether a text chooses one stand-in letter over another: "Why we chose X over Y", "use X
/// instead of Y". `X` and `Y` hold a template's place for the names an entry would give; a
/// line that weighs them records no choice. The verb of choice must stand right before `X`,
/// `X` must appear once, and no axis, button or coordinate may be spoken of (where `X` and
/// `Y` are real names: "the sensor reports X instead of Y", "use X over Y, since X is the
/// horizontal axis").
pub fn weighs_stand_ins(body: &str) -> bool {
    let b = body.as_bytes();
    if memchr::memchr(b'X', b).is_none() {
        return false;
    }
    if memchr::memchr_iter(b'X', b).count() > 1 {
        return false;
    }
    let lower = body.to_ascii_lowercase();
    if [
        "axis",
        "axes",
        "button",
        "coordinat",
        "horizontal",
        "vertical",
        "joystick",
    ]
    .iter()
    .any(|w| lower.contains(w))
    {
        return false;
    }
    let letter_at = |at: usize, letter: u8| {
        b.get(at) == Some(&letter)
            && (at == 0 || !b[at - 1].is_ascii_alphanumeric())
            && b.get(at + 1)
                .is_none_or(|c| !c.is_ascii_alphanumeric() && *c != b'-')
    };
    memchr::memchr_iter(b'X', b).any(|at| {
        if !letter_at(at, b'X') {
            return false;
        }
        let chosen_by = lower[..at]
            .split(|c: char| !c.is_ascii_alphabetic())
            .rfind(|w| !w.is_empty())
            .unwrap_or("");
        if !matches!(
            chosen_by,
            "chose"
                | "choose"
                | "chosen"
                | "use"
                | "used"
                | "using"
                | "pick"
                | "picked"
                | "prefer"
                | "preferred"
                | "with"
                | "selected"
                | "select"
                | "adopt"
                | "adopted"
        ) {
            return false;
        }
        let rest = &body[at + 1..];
        [
            " over ",
            " instead of ",
            " rather than ",
            " vs ",
            " vs. ",
            " versus ",
            ", not ",
        ]
        .iter()
        .any(|joint| rest.starts_with(joint) && letter_at(at + 1 + joint.len(), b'Y'))
    })
}

/// Whether a text holds a number to fill in after `#`: `#N`, `#X`, `#NNN`, `#XX` (the
/// letter alone, repeated, before a non-letter or the end).
fn has_number_slot(t: &str) -> bool {
    memchr::memchr_iter(b'#', t.as_bytes()).any(|at| {
        let rest = &t.as_bytes()[at + 1..];
        let run = rest.iter().take_while(|b| matches!(b, b'N' | b'X')).count();
        run >= 1
            && rest[..run].iter().all(|b| *b == rest[0])
            && rest.get(run).is_none_or(|b| !b.is_ascii_alphanumeric())
    })
}

/// Whether a text has two `[slot]`s side by side: words in brackets that are not a link's
/// text, separated by nothing but spaces (`TIL: [title] [url] via
/// @someone`). A record with bracketed words apart ("use [Redis] for [cache]") or `mind`'s
/// own `[superseded]` mark has none.
fn has_slots_side_by_side(body: &str) -> bool {
    let mut previous_end: Option<usize> = None;
    for Bracketed {
        open,
        close,
        inner,
        link,
    } in bracketed(body)
    {
        let slot = !link
            && !inner.is_empty()
            && !inner.eq_ignore_ascii_case("superseded")
            && inner.chars().all(|c| c.is_alphabetic() || c == ' ');
        if slot {
            if previous_end.is_some_and(|end| body[end..open].trim().is_empty()) {
                return true;
            }
            previous_end = Some(close + 1);
        } else {
            previous_end = None;
        }
    }
    false
}

/// One `[...]` of a text: where it opens and closes, what it holds, and whether it is a
/// Markdown link's text (`[x](url)`).
struct Bracketed<'a> {
    open: usize,
    close: usize,
    inner: &'a str,
    link: bool,
}

/// The `[...]` of `body`, left to right (an unclosed `[` ends them).
fn bracketed(body: &str) -> impl Iterator<Item = Bracketed<'_>> {
    let mut from = 0;
    std::iter::from_fn(move || {
        let open = body[from..].find('[').map(|i| from + i)?;
        let close = body[open + 1..].find(']').map(|i| open + 1 + i)?;
        from = close + 1;
        Some(Bracketed {
            open,
            close,
            inner: &body[open + 1..close],
            link: body[close + 1..].starts_with('('),
        })
    })
}

/// Only lower-case words after the first (no names, numbers, code or symbols): text with
/// nothing particular in it.
fn plain_words(body: &str) -> bool {
    let t = body.trim().trim_end_matches(['.', '?']);
    // A slash joins two words ("what the user/developer saw").
    t.chars()
        .all(|c| c.is_ascii_alphabetic() || c == ' ' || c == '\'' || c == '/')
        && !t.contains("//")
        && !t
            .split_whitespace()
            .any(|w| w.starts_with('/') || w.ends_with('/'))
        && t.split_whitespace()
            .skip(1)
            .all(|w| w.chars().all(|c| !c.is_ascii_uppercase()))
}

/// A value after a label that records no memory: counts (`**Fixed:** 13 | **Deferred:**
/// 3`, a summary's tallies), a measure (`Lesson: 45 mins`), or one code span (`lesson:
/// \`courseId/moduleId\`;`, a field of a program).
pub fn records_nothing(body: &str) -> bool {
    let t = body.trim_start();
    let digits = t
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b'.')
        .count();
    if digits > 0 {
        let rest = t[digits..].trim_start();
        if rest.starts_with(['|', ',']) {
            return true;
        }
        const UNITS: &[&str] = &[
            "s", "ms", "sec", "secs", "seconds", "min", "mins", "minutes", "h", "hr", "hrs",
            "hours", "d", "days", "weeks", "%", "kb", "mb", "gb", "points", "pts",
        ];
        let rest = rest.trim_end_matches(['.', ')']).to_ascii_lowercase();
        // A count and one word is a tally (`Learnings: 11 documented`, `Bugs: 3 open`).
        let one_word = !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_alphabetic());
        if rest.is_empty() || UNITS.contains(&rest.as_str()) || one_word {
            return true;
        }
    }
    let code = t.trim_end().trim_end_matches([';', ',', '.']);
    code.len() > 2
        && code.starts_with('`')
        && code.ends_with('`')
        && !code[1..code.len() - 1].contains('`')
}

/// A value in code that reads as a message: words with spaces between them inside one code
/// span (`` `AttributeError: 'Session' object has no attribute 'ctx'` ``), not a single name
/// or path (`` `parse_args()` ``).
pub fn is_message_in_code(body: &str) -> bool {
    let code = body.trim().trim_end_matches([';', ',', '.']);
    let inner = code.trim_matches('`');
    inner
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphabetic))
        .count()
        >= 3
}

/// A value that is only a count: `3`, `12 | Deferred: 2`, `4, 5`.
pub fn is_bare_count(body: &str) -> bool {
    let t = body.trim();
    let digits = t.bytes().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && {
        let rest = t[digits..].trim_start();
        rest.is_empty() || rest.starts_with(['|', ',', '.'])
    }
}

/// A tally line: a short name, a colon, and a count or a single code value (`Still broken: 0
/// issues`, `Errors: 0`, `Solved by me: \`True\``): a status board's field, not a memory.
pub fn is_tally(body: &str) -> bool {
    // Every untyped line is asked: the name is short, so only its first bytes are searched.
    let head = &body.as_bytes()[..body.len().min(64)];
    let Some(colon) = memchr::memchr(b':', head) else {
        return false;
    };
    // The name's emphasis may close after its colon: "**Error Count:** 428".
    let after = body.as_bytes()[colon + 1..]
        .iter()
        .take_while(|b| matches!(b, b'*' | b'_'))
        .count();
    if body.as_bytes().get(colon + 1 + after) != Some(&b' ') {
        return false;
    }
    let (name, value) = (&body[..colon], &body[colon + 2 + after..]);
    let name = name.trim_matches(['*', '_', ' ']);
    if name.is_empty() || name.split_whitespace().count() > 4 || name.contains(['.', '`']) {
        return false;
    }
    // "Segmentation fault: 11", "Bus error: 10": how a crashed program's shell reports it
    // (the number is the signal), not a count of faults.
    if is_crash_printout(name) {
        return false;
    }
    let value = value.trim().trim_end_matches(['.', ';']);
    if records_nothing(value) || measures_a_field(name, value) {
        return true;
    }
    // A count and what it counts: "0 issues", "12 open".
    let mut parts = value.split_whitespace();
    let count = parts.next().unwrap_or_default();
    !count.is_empty()
        && count.bytes().all(|b| b.is_ascii_digit())
        && parts
            .next()
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_alphabetic()))
        && parts.next().is_none()
}

/// The words a shell prints for a program a signal killed ("Segmentation fault: 11" on
/// macOS, "Bus error", "Illegal instruction", "Abort trap").
fn is_crash_printout(name: &str) -> bool {
    [
        "segmentation fault",
        "bus error",
        "illegal instruction",
        "abort trap",
    ]
    .iter()
    .any(|printout| name.eq_ignore_ascii_case(printout))
}

/// A field that measures something, named in more than one word, with a number or a level
/// for its value: "**Error Count Before:** 428", "**Fix Priority**: HIGH - needed for the
/// dashboard", "Bug severity: P1". The type word names what is measured ("Error", "Fix"),
/// not an entry. ("Priority: HIGH - the login fails" names nothing measured of a kind.)
fn measures_a_field(name: &str, value: &str) -> bool {
    const MEASURES: &[&str] = &[
        "count",
        "counts",
        "rate",
        "priority",
        "severity",
        "level",
        "total",
        "score",
        "ratio",
        "percentage",
        "estimate",
    ];
    const LEVELS: &[&str] = &[
        "high", "low", "medium", "critical", "urgent", "minor", "major", "p0", "p1", "p2", "p3",
        "p4",
    ];
    let mut words = name.split_whitespace();
    if words.clone().count() < 2
        || !words.any(|w| MEASURES.iter().any(|m| w.eq_ignore_ascii_case(m)))
    {
        return false;
    }
    let first = value
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .trim_matches(|c: char| !c.is_alphanumeric());
    !first.is_empty()
        && (first.starts_with(|c: char| c.is_ascii_digit())
            || LEVELS.iter().any(|l| first.eq_ignore_ascii_case(l)))
}

/// Whether `word` names a kind of memory ("decision", "lessons"), as a legend speaks of it.
fn names_a_kind(word: &str) -> bool {
    TYPE_NOUNS.contains(&word)
        || word
            .strip_suffix('s')
            .is_some_and(|w| TYPE_NOUNS.contains(&w))
}

/// A definition of an entry type: an article, at most two modifiers, a noun that names a
/// kind of memory, then a relative clause ("a reported defect that is still open", "a
/// non-obvious pitfall future work should know", "a choice worth keeping").
fn defines_type(words: &[&str]) -> bool {
    const RELATIVE: &[&str] = &[
        "that", "which", "who", "where", "worth", "future", "you", "we", "to",
    ];
    words.iter().enumerate().skip(1).take(3).any(|(i, w)| {
        TYPE_NOUNS.contains(w) && words.get(i + 1).is_some_and(|next| RELATIVE.contains(next))
    })
}

/// Nouns that name a kind of memory in a legend or a definition of one.
const TYPE_NOUNS: &[&str] = &[
    "defect",
    "bug",
    "problem",
    "issue",
    "pitfall",
    "gotcha",
    "trap",
    "choice",
    "decision",
    "lesson",
    "insight",
    "fact",
    "discovery",
    "fix",
    "change",
    "warning",
    "note",
    "entry",
    "memory",
    "blocker",
    "obstacle",
];

/// A table row or a `DATE | summary | mood` line: two or more `|` outside code spans, in
/// cells that are not sentences. A sentence that contains a pipe (a shell pipeline, an
/// "A | B" alternative) is prose.
pub fn is_table_like(body: &str) -> bool {
    if memchr::memchr_iter(b'|', body.as_bytes()).nth(1).is_none() {
        return false;
    }
    let mut masked = super::lex::lower(body);
    super::lex::mask_spans(&mut masked);
    let pipes = masked.iter().filter(|b| **b == b'|').count();
    if pipes < 2 {
        return false;
    }
    let text = String::from_utf8_lossy(&masked);
    let t = text.trim();
    if t.starts_with('|') || t.ends_with('|') {
        return true;
    }
    let cells: Vec<&str> = t.split('|').map(str::trim).collect();
    let first = cells[0];
    let dated = first.starts_with(|c: char| c.is_ascii_digit());
    let field_cell = cells.iter().skip(1).any(|c| {
        c.split_once(':')
            .is_some_and(|(k, _)| !k.is_empty() && !k.contains(' '))
    });
    let short = cells.iter().all(|c| super::lex::words(c).count() <= 3);
    dated || field_cell || short
}

/// A body that says nothing: empty, a placeholder (`X`, `TBD`, `None`, `(describe ...)`),
/// or a bare file name (`til_notes_2025.md`).
pub fn is_placeholder(body: &str) -> bool {
    let t = body.trim().trim_end_matches('.');
    if t.len() < 2 || (t.len() <= 4 && t.chars().count() < 2) {
        return true;
    }
    if t.len() <= 8 && says_nothing(t) {
        return true;
    }
    if is_italic_slot(t) {
        return true;
    }
    // "尚未找到办法" ("no way found yet"), "还没有": a field not yet filled in.
    if ["尚未", "暂未", "还没"]
        .iter()
        .any(|not_yet| t.starts_with(not_yet))
    {
        return true;
    }
    if is_bracketed(t) || is_bracketed(t.trim_start_matches('#')) || only_slots(t) {
        // `(what went wrong)`, `<describe the bug>`, `[lesson here]`, `{what was chosen}`,
        // and an issue number to fill in (`Fixes: #<issue number>`).
        return true;
    }
    if marked_as_example(t) {
        return true;
    }
    if t.len() <= 60 && has_number_slot(t) && t.split_whitespace().nth(4).is_none() {
        // `mt#X (PR #N), ...`, `issue #NNN`: a number still to be filled in, in a body too
        // short to say anything else.
        return true;
    }
    if !t.chars().any(char::is_alphabetic) {
        // Only numbers and punctuation: a date, a count, a rule.
        return true;
    }
    if is_date_template(t) || is_timestamp(t) {
        return true;
    }
    is_file_name(t)
}

/// A field's value that records nothing but a slot to fill in or a date: `[What we
/// decided]`, `(describe)`, `TBD`, `YYYY-MM-DD`, `2026-07-01`. A version (`2.3.1`) or a number
/// is a value ("**Fixed in:** 2.3.1").
pub fn is_slot_or_date(value: &str) -> bool {
    let t = value.trim().trim_end_matches(['.', '…']);
    if t.is_empty() {
        // `...`, `…`: an ellipsis left where the text goes.
        return !value.trim().is_empty();
    }
    if is_bracketed(t) || is_italic_slot(t) {
        return true;
    }
    if t.len() > 10 {
        return false;
    }
    // `2026-07-01`, `01/07/2026`: digits in three groups.
    let date = t.split(['-', '/']).count() == 3
        && t.split(['-', '/'])
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    date || is_date_template(t) || (t.len() <= 8 && is_placeholder_word(&t.to_ascii_lowercase()))
}

/// A value in one italic span whose words are a slot's: `_to be filled_`, `*TBD*`,
/// `*What was chosen and why*`. Italics hold a template's prose, but also an entry's own
/// emphasis: `*Use Postgres*` and `*Retry* on 503, then *back off*` are entries.
fn is_italic_slot(t: &str) -> bool {
    if !crate::parse::lex::is_italic_line(t) {
        return false;
    }
    let mark = char::from(t.as_bytes()[0]);
    let inner = &t[1..t.len() - 1];
    !inner.contains(mark)
        && (inner.to_ascii_lowercase().starts_with("to be ")
            || is_placeholder(inner)
            || is_template_description(inner))
}

/// A text made of bracketed slots and punctuation only: `[approach] (why it failed)`,
/// `[what] - [why]`. A link (`[x](url)`) or a word outside the brackets is text.
fn only_slots(t: &str) -> bool {
    if !t.starts_with(['[', '(', '<']) || t.contains("](") {
        return false;
    }
    let mut depth = 0usize;
    let mut groups = 0;
    for c in t.chars() {
        match c {
            '[' | '(' | '<' | '{' => {
                if depth == 0 {
                    groups += 1;
                }
                depth += 1;
            }
            ']' | ')' | '>' | '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 && c.is_alphanumeric() => return false,
            _ => {}
        }
    }
    groups >= 2 && depth == 0
}

/// A text wholly in brackets, a slot to fill in (a Markdown link `[x](url)` aside).
fn is_bracketed(t: &str) -> bool {
    match (t.bytes().next(), t.bytes().last()) {
        (Some(b'('), Some(b')')) | (Some(b'<'), Some(b'>')) | (Some(b'{'), Some(b'}')) => {
            t.len() > 1
        }
        (Some(b'['), Some(b']')) => t.len() > 1 && !t.contains("]("),
        _ => false,
    }
}

/// A value its writer marks as a sample, in a closing parenthesis: `#123 (example)`,
/// `use Redis (example only)`, `42 (placeholder)`. A sentence that gives an example of
/// something ("(e.g. SQS)", "(for example the retry loop)", "(sample code in #12)") still
/// states it.
pub fn marked_as_example(t: &str) -> bool {
    let Some(open) = t.strip_suffix(')').and_then(|t| t.rfind('(')) else {
        return false;
    };
    let inner = t[open + 1..t.len() - 1].trim().to_ascii_lowercase();
    let first = inner.split_whitespace().next().unwrap_or("");
    let first = first.trim_end_matches([':', ',', '.', '…']);
    // One or two words: `(example)`, `(example only)`; more is a sentence about a sample
    // ("(sample code in #12)").
    inner.split_whitespace().nth(2).is_none()
        && matches!(first, "example" | "sample" | "placeholder" | "dummy")
}

/// A date to fill in: `YYYY-MM-DD`, `DD.MM.YYYY`.
fn is_date_template(t: &str) -> bool {
    (t.contains("YY") || t.contains("yy"))
        && t.chars()
            .all(|c| matches!(c, 'Y' | 'M' | 'D' | 'y' | 'm' | 'd' | '-' | '.' | '/'))
}
/// A blank to fill in, as forms print one: a word of three or more underscores among other
/// words ("I'm stuck on ___ and the smallest unblock is ___."). Underscores inside a word are
/// a name (`__init__`), and a line of them alone is a rule.
fn has_blank(body: &str) -> bool {
    // After these a single blank is where the choice, the obstacle or the reason goes
    // ("stuck on ___", "use ___"); "The form renders ___ instead of the name" shows one.
    const BEFORE_A_SLOT: &[&str] = &[
        "on", "use", "using", "because", "to", "is", "of", "for", "with", "by", "as", "chose",
        "picked", "decided", "learned", "that", "over", "instead",
    ];
    let mut words = 0;
    let mut blanks = 0;
    let mut slot_after_cue = false;
    let mut previous = "";
    for word in body.split_whitespace() {
        // A blank in quotes or a code span is text about one (`'___'`, `` `___` ``).
        let quoted = word.starts_with(['\'', '"', '`']) || word.ends_with(['\'', '"', '`']);
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '_');
        if bare.len() >= 3 && bare.bytes().all(|b| b == b'_') {
            if !quoted {
                blanks += 1;
                slot_after_cue |= BEFORE_A_SLOT
                    .iter()
                    .any(|w| w.eq_ignore_ascii_case(previous));
            }
        } else if bare.chars().any(char::is_alphanumeric) {
            words += 1;
        }
        previous = bare;
    }
    words > 0 && (blanks >= 2 || (blanks == 1 && slot_after_cue))
}

/// A date and time as a machine writes it: `2026-10-10`, `2026-10-10T01:20:31.303Z`,
/// `2026-10-10 01:20`, `2026-10-10T01:20:31+02:00`. A field holding one only records when.
pub fn is_timestamp(t: &str) -> bool {
    static TIMESTAMP: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$",
        )
        .expect("valid pattern")
    });
    // Cheap first: a time stamp is short and opens with a year.
    t.len() <= 35
        && t.len() >= 10
        && t.as_bytes()[..4].iter().all(u8::is_ascii_digit)
        && TIMESTAMP.is_match(t)
}

/// A line of an index of other files: a link to a file of the project, then what it holds
/// (`- [Auth decision](auth.md) — JWT, decided 2026-05-14`). The memory is in the file it
/// points to; the line only names it.
pub fn is_index_line(body: &str) -> bool {
    let Some(rest) = body.strip_prefix('[') else {
        return false;
    };
    let Some(close) = rest.find("](") else {
        return false;
    };
    let after = &rest[close + 2..];
    let Some(end) = after.find(')') else {
        return false;
    };
    let target = after[..end].split('#').next().unwrap_or("");
    let local_file = !target.contains("://")
        && !target.starts_with("mailto:")
        && [".md", ".mdx", ".markdown", ".txt"]
            .iter()
            .any(|ext| target.to_ascii_lowercase().ends_with(ext));
    let tail = after[end + 1..].trim_start();
    local_file
        && ["— ", "– ", "- ", ": "]
            .iter()
            .any(|sep| tail.starts_with(sep))
}

/// A pointer to where things are kept: "See `memory-bank/known_issues.md` for tracked
/// issues", "Refer to [the runbook](ops/runbook.md) for known problems". What it points to
/// holds the memory; the line only says where. The place must be a file or a link, and the
/// line must end after the place or go on with what is found there ("for …").
pub fn is_pointer(body: &str) -> bool {
    if !body
        .as_bytes()
        .first()
        .is_some_and(|b| matches!(b.to_ascii_lowercase(), b's' | b'r' | b'd' | b'm'))
    {
        return false;
    }
    let Some(opener) = ["see ", "refer to ", "details in ", "more in "]
        .iter()
        .find(|o| {
            body.get(..o.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(o))
        })
    else {
        return false;
    };
    let rest = &body[opener.len()..];
    let (place, after) = if let Some(code) = rest.strip_prefix('`') {
        match code.find('`') {
            Some(end) => (&code[..end], &code[end + 1..]),
            None => return false,
        }
    } else if rest.starts_with('[') {
        match rest
            .find("](")
            .and_then(|at| rest[at..].find(')').map(|end| at + end))
        {
            Some(end) => (&rest[..=end], &rest[end + 1..]),
            None => return false,
        }
    } else {
        return false;
    };
    let a_file = place.contains('/')
        || [".md", ".txt", ".rst", ".adoc"]
            .iter()
            .any(|ext| place.to_ascii_lowercase().contains(ext));
    let after = after.trim_start().trim_end_matches(['.', ' ']);
    a_file && (after.is_empty() || after.to_ascii_lowercase().starts_with("for "))
}

/// A request for work, not a report of it: an order opening the line with "please" in it
/// ("Fix this please!!!", "Please add dark mode", "pls fix the export").
pub fn asks_for_work(lower_body: &[u8]) -> bool {
    // Cheap first: the order opens the line, and "pl" is in every way of asking.
    let first = lower_body
        .split(|b| !b.is_ascii_alphabetic())
        .find(|w| !w.is_empty())
        .unwrap_or(b"");
    let order = matches!(
        first,
        b"please"
            | b"pls"
            | b"plz"
            | b"fix"
            | b"add"
            | b"update"
            | b"make"
            | b"remove"
            | b"support"
            | b"allow"
            | b"implement"
            | b"change"
    );
    order
        && memchr::memmem::find(lower_body, b"pl").is_some()
        && super::lex::has_any_word(lower_body, &["please", "pls", "plz"])
}

/// Whether a text is a template a program fills in: two or more format-string slots
/// standing as words (`Decided on {choice} because {reason}`), or one that is the whole value
/// after a label (`Stuck on steps: {stuck_count}`). A slot is an identifier in single braces
/// with nothing else inside. One slot in a sentence is text about it (`the {id} param must be
/// numeric`), and so is a slot in a code span, in a path or an expression (`/users/{id}`,
/// `x={y}`), braces with spaces (`{ data }`, a destructuring) or double braces (a template
/// language's syntax, `{{ name }}`). Angle brackets around lower-case words count too
/// (`- **<short title>** — <the trap>, <the fix>`), HTML tags and comparisons aside.
pub fn has_format_slot(body: &str) -> bool {
    let b = body.as_bytes();
    if memchr::memchr(b'[', b).is_some() && has_instruction_slot(body) {
        return true;
    }
    // A byte search, not `memmem::find` (which builds a searcher per call): asked of every line.
    if memchr::memchr_iter(b'_', b).any(|i| b[i..].starts_with(b"___")) && has_blank(body) {
        return true;
    }
    if memchr::memchr2(b'{', b'<', b).is_none() {
        return false;
    }
    let mut in_code = false;
    let mut slots = 0;
    let mut i = 0;
    while i < b.len() {
        let close = match b[i] {
            b'`' => {
                in_code = !in_code;
                i += 1;
                continue;
            }
            b'{' if !in_code
                && (i == 0 || b[i - 1] == b' ' || b[i - 1] == b'(')
                && b.get(i + 1) != Some(&b'{') =>
            {
                '}'
            }
            // `<short title> — <the trap>`: the angle-bracket slots of a template.
            b'<' if !in_code && (i == 0 || b" (*_".contains(&b[i - 1])) => '>',
            _ => {
                i += 1;
                continue;
            }
        };
        let Some(len) = body[i + 1..].find(close) else {
            break;
        };
        let inner = &body[i + 1..i + 1 + len];
        let end = i + 2 + len;
        let slot = if close == '}' {
            let ident = inner.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && inner
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.'));
            let stands_alone = b
                .get(end)
                .is_none_or(|c| c.is_ascii_whitespace() || b",.;:!?)".contains(c));
            ident && stands_alone
        } else {
            is_angle_slot(inner)
        };
        if slot {
            slots += 1;
            // `Label: {slot}` and nothing after it: the value is the slot. An angle slot
            // of one word that ends the line is the statement's object left to fill in
            // ("we decided for <option>", "so we chose design <y>,").
            let ends_line = body[end..]
                .trim()
                .trim_end_matches(['.', ',', ';'])
                .is_empty();
            let whole_value = body[..i].trim_end().ends_with(':') && ends_line;
            let one_word = !inner.contains(' ');
            if slots >= 2 || whole_value || (close == '>' && ends_line && one_word) {
                return true;
            }
        }
        i = end;
    }
    false
}

/// A slot in square brackets that tells the writer what to put there: `The decision was made
/// to [describe decision]`, `[insert the reason here]`, `[your name]`. Its first word asks for
/// text (the vocabulary of document templates); bracketed words that state something
/// (`[superseded]`, `[WIP]`, a checkbox, a link's text) are not one.
fn has_instruction_slot(body: &str) -> bool {
    const ASKS: &[&str] = &[
        "describe",
        "insert",
        "add",
        "enter",
        "explain",
        "summarize",
        "summarise",
        "specify",
        "fill",
        "your",
        "briefly",
    ];
    for Bracketed { inner, link, .. } in bracketed(body) {
        let mut words = inner.split_whitespace();
        let asks = words.next().is_some_and(|w| ASKS.contains(&w));
        if !link
            && asks
            && words.next().is_some()
            && inner
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || b" ,'/-".contains(&c))
        {
            return true;
        }
    }
    false
}

/// The inside of `<...>` as a template's slot: words in lower case ("short title",
/// "how to detect it", "task_name"), not an HTML tag (`<br>`, `<div class="x">`), an
/// address (`<https://…>`, `<a@b.c>`) or a comparison.
fn is_angle_slot(inner: &str) -> bool {
    const TAGS: &[&str] = &[
        "a",
        "b",
        "i",
        "p",
        "s",
        "u",
        "br",
        "hr",
        "em",
        "li",
        "ol",
        "ul",
        "td",
        "th",
        "tr",
        "dd",
        "dl",
        "dt",
        "div",
        "img",
        "pre",
        "sub",
        "sup",
        "kbd",
        "nav",
        "code",
        "span",
        "table",
        "small",
        "strong",
        "details",
        "summary",
        "section",
        "header",
        "footer",
        "main",
        "body",
        "head",
        "html",
        "title",
        "button",
        "input",
        "form",
        "label",
        "select",
        "option",
        "script",
        "style",
        "link",
        "meta",
        "video",
        "audio",
        "iframe",
        "svg",
        "path",
        "slot",
        "template",
        "thead",
        "tbody",
        "center",
        "font",
        "blockquote",
        "picture",
        "source",
    ];
    let words = inner;
    !words.is_empty()
        && !words.ends_with(' ')
        && words.len() <= 40
        && words.starts_with(|c: char| c.is_ascii_lowercase())
        && words.bytes().all(|c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b' ' | b'_' | b'-')
        })
        && !TAGS.contains(&words)
}

/// Whether a field's whole value is a word that says there is nothing in it ("None", "n/a",
/// "TBD", "-"), as a status field holds: narrower than [`is_placeholder`], which also takes
/// slots, bracketed notes and bare names.
pub fn says_nothing(value: &str) -> bool {
    is_placeholder_word(&value.trim().trim_end_matches('.').to_lowercase())
}

/// A value that says nothing is there yet: "nothing yet", "none so far", "Nothing for now"
/// (`Accomplished: nothing yet`, `Key findings: none so far`).
pub fn nothing_so_far(value: &str) -> bool {
    let value = value.trim();
    // Most values open with another letter: no words to compare.
    if !value.starts_with(['n', 'N']) {
        return false;
    }
    let mut words = value.trim_end_matches(['.', '!']).split_whitespace();
    words
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("nothing") || w.eq_ignore_ascii_case("none"))
        && words.all(|w| {
            [
                "yet", "so", "far", "for", "now", "at", "the", "moment", "today", "this", "week",
                "sprint",
            ]
            .iter()
            .any(|q| w.eq_ignore_ascii_case(q))
        })
}

fn is_placeholder_word(lower: &str) -> bool {
    matches!(
        lower,
        "tbd"
            | "todo"
            | "n/a"
            | "na"
            | "none"
            | "null"
            | "nil"
            | "..."
            | "…"
            | "-"
            | "--"
            | "x"
            | "xx"
            | "xxx"
            | "(none)"
            | "nothing"
            | "empty"
            | "?"
            | "tba"
            // "to be decided", "undecided" in Chinese and Japanese; "none yet", "unknown".
            | "待定"
            | "未定"
            | "暂无"
            | "未知"
    )
}

fn is_file_name(t: &str) -> bool {
    let t = t.trim_matches('`');
    if t.contains(char::is_whitespace) {
        return false;
    }
    let Some(dot) = t.rfind('.') else {
        return false;
    };
    let ext = &t[dot + 1..];
    (1..=5).contains(&ext.len())
        && ext.bytes().all(|b| b.is_ascii_alphanumeric())
        && t[..dot].contains(['_', '/', '\\'])
}

/// Only links (markdown links, bare URLs, wikilinks) and punctuation.
pub fn is_link_only(s: &str) -> bool {
    let b = s.as_bytes();
    let may_link = memchr::memchr(b'[', b).is_some()
        || super::lex::find(b, b"://").is_some()
        || super::lex::find(b, b"www.").is_some();
    if !may_link {
        return !s.chars().any(char::is_alphanumeric);
    }
    let mut rest = String::with_capacity(s.len());
    let mut i = 0;
    let b = s.as_bytes();
    while i < b.len() {
        // A link is `[text](target)`: the first `]` after the `[` must open the target, or
        // "`[jest-worker]` Stop passing env ([#12141](url))" would be one link.
        if b[i] == b'['
            && let Some(close) = s[i..].find(']')
            && s[i + close..].starts_with("](")
            && let Some(end) = s[i + close..].find(')')
        {
            i += close + end + 1;
            continue;
        }
        if b[i] == b'['
            && s[i..].starts_with("[[")
            && let Some(end) = s[i..].find("]]")
        {
            i += end + 2;
            continue;
        }
        if s[i..].starts_with("http://")
            || s[i..].starts_with("https://")
            || s[i..].starts_with("www.")
        {
            let end = s[i..].find(char::is_whitespace).unwrap_or(s.len() - i);
            i += end;
            continue;
        }
        let c = s[i..].chars().next().expect("in bounds");
        rest.push(c);
        i += c.len_utf8();
    }
    let words = rest
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .count();
    words == 0
        || (words <= 2
            && rest
                .trim()
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_ascii_lowercase()
                .starts_with("see"))
}

/// The text after a bold run-in head that names no label (`**Note.** Run it twice.`): the
/// head titles the sentence, so the sentence's shape (an instruction, a report) is read
/// from its own first word. Other text is returned whole.
pub fn after_run_in_head(lower_body: &[u8]) -> &[u8] {
    let Some(inner) = lower_body.strip_prefix(b"**") else {
        return lower_body;
    };
    match memchr::memmem::find(&inner[..inner.len().min(42)], b"**") {
        Some(close) if close > 1 && inner[close - 1] == b'.' && inner[close - 2] != b'.' => {
            inner[close + 2..].trim_ascii_start()
        }
        _ => lower_body,
    }
}

/// Plain statements of work ("Added X", "Created Y", "Implement Z"): not memories unless a
/// strong cue says otherwise (LABELING rule 5).
pub fn starts_with_work_verb(lower_body: &[u8]) -> bool {
    let end = lower_body
        .iter()
        .position(|b| !b.is_ascii_alphabetic())
        .unwrap_or(lower_body.len());
    if lower_body
        .get(end)
        .is_some_and(|b| *b == b'_' || b.is_ascii_digit())
    {
        // "track_shards test is flaky": an identifier, whatever word it begins with.
        return false;
    }
    const VERBS: &[&str] = &[
        "added",
        "add",
        "adds",
        "created",
        "create",
        "creates",
        "built",
        "implemented",
        "implement",
        "implements",
        "updated",
        "update",
        "updates",
        "refactored",
        "refactor",
        "wrote",
        "write",
        "moved",
        "renamed",
        "removed",
        "remove",
        "deleted",
        "bumped",
        "upgraded",
        "migrated",
        "configured",
        "enhanced",
        "improved",
        "improve",
        "simplified",
        "consolidated",
        "integrated",
        "introduced",
        "documented",
        "set",
        "setup",
        "support",
        "supports",
        "forbid",
        "allow",
        "allowed",
        "enabled",
        "enable",
        "disabled",
        "converted",
        "replaced",
        "extracted",
        "cleaned",
        "tested",
        "reviewed",
        "merged",
        "started",
        "continued",
        "worked",
        "ran",
        "installed",
        "generated",
        "designed",
        "drafted",
        "prepared",
        "track",
        "review",
        "check",
        "run",
        // Orders to look into something, as to-do lists and process documents give them:
        // "Investigate memory leaks on minimized window", "Find cause of #14", "Close backup
        // on failure". What they name is to be looked at, not reported. ("Open" is left out: "Open
        // bugs: 3" counts what is open.)
        "investigate",
        "resolve",
        "reproduce",
        "verify",
        "identify",
        "diagnose",
        "explore",
        "research",
        "evaluate",
        "audit",
        "consider",
        "find",
        "close",
    ];
    let first = &lower_body[..end];
    // Asked of every line, often more than once: the first byte rules out nearly every verb
    // before any bytes are compared.
    let Some(&initial) = first.first() else {
        return false;
    };
    VERBS
        .iter()
        .any(|v| v.len() == first.len() && v.as_bytes()[0] == initial && v.as_bytes() == first)
}

/// Whether the cue at `start..end` of a line of several sentences sits in one that asks:
/// "Thanks for contributing. Can you tell me what this fixes? Like what was going wrong
/// before?" The question names no fix; the sentences around it may still report
/// ("The build fails on Windows. Any ideas?"). A line that is one question is read as a
/// question before cues are looked for.
pub fn asked_in_its_sentence(lower: &[u8], start: usize, end: usize) -> bool {
    // Asked of every cue: most lines hold no '?' after it, found by one fast scan.
    if memchr::memchr(b'?', &lower[end..]).is_none() {
        return false;
    }
    let sentence_end = lower[end..]
        .iter()
        .enumerate()
        .find(|(i, b)| {
            matches!(b, b'.' | b'!' | b'?') && lower.get(end + i + 1).is_none_or(|n| *n == b' ')
        })
        .map(|(i, _)| end + i);
    let Some(at) = sentence_end else {
        return false;
    };
    // Only a line of several sentences: the question must not be the line's last character
    // alone.
    let starts_after_sentence = lower[..start]
        .windows(2)
        .any(|w| matches!(w[0], b'.' | b'!' | b'?') && w[1] == b' ');
    lower[at] == b'?' && starts_after_sentence
}

/// Whether a '?' stands in `lower` outside round brackets.
pub fn asks_outside_brackets(lower: &[u8]) -> bool {
    if memchr::memchr(b'?', lower).is_none() {
        return false;
    }
    let mut depth = 0usize;
    for b in lower {
        match b {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b'?' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

/// Whether `text` opens with a question word ("What did we learn?", "Why it matters?").
pub fn opens_with_wh_word(text: &str) -> bool {
    let text = text.trim_start_matches(['*', '_', ' ']);
    let end = text
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(text.len());
    ["what", "why", "how", "which", "who", "when", "where"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(&text[..end]))
}

/// A sentence after the first that tells the reader what to do ("`vitest --changed` silently
/// runs the whole suite. Use `--related` for the fast loop."): the line warns about a
/// behaviour and how to live with it, which is a gotcha, not an open defect.
pub fn advice_follows(body: &str) -> bool {
    // "YAML chokes on tabs, so always indent with spaces": advice also follows a "so" or a
    // semicolon ("so we switched" is no instruction, so it stays a report).
    const SEPARATORS: &[&str] = &[". ", " — ", "; ", ", so "];
    let bytes = body.as_bytes();
    // One pass over the bytes a separator can start with ('.', ' ', ';', ',').
    memchr::memchr3_iter(b'.', b';', b',', bytes)
        .chain(
            memchr::memchr_iter(b' ', bytes)
                .filter(|&i| bytes[i + 1..].starts_with("— ".as_bytes())),
        )
        .any(|i| {
            SEPARATORS
                .iter()
                .find(|sep| body[i..].starts_with(**sep))
                .is_some_and(|sep| starts_imperative(&body[i + sep.len()..]))
        })
}

/// The text starts with an instruction: a base-form verb or "always"/"never"/"don't".
pub fn starts_imperative(text: &str) -> bool {
    let text = text.trim_start_matches(['*', '_', '`', ' ']);
    let end = text
        .find(|c: char| !(c.is_alphabetic() || c == '\''))
        .unwrap_or(text.len());
    if text[end..].starts_with(|c: char| c == '_' || c.is_ascii_digit()) {
        // "use_cache is read once": an identifier, not the verb it begins with.
        return false;
    }
    // The verbs are ASCII: a word with other letters is none of them, whatever its case.
    let first = &text[..end];
    const VERBS: &[&str] = &[
        "use",
        "run",
        "always",
        "never",
        "implement",
        "add",
        "call",
        "set",
        "check",
        "make",
        "avoid",
        "prefer",
        "don't",
        "do",
        "ensure",
        "remember",
        "keep",
        "move",
        "wrap",
        "pass",
        "switch",
        "increase",
        "reduce",
        "replace",
        "clear",
        "restart",
        "install",
        "upgrade",
        "downgrade",
        "pin",
        "update",
        "create",
        "write",
        "read",
        "verify",
        "try",
        "enable",
        "disable",
        "remove",
        "delete",
        "put",
        "store",
        "let",
        "access",
        "give",
        "return",
        "send",
        "handle",
        "catch",
        "convert",
        "split",
        "rename",
        "import",
        "export",
        "load",
        "reload",
        "configure",
        "apply",
        "compare",
        "resolve",
        "trim",
        "escape",
        "quote",
        "lock",
        "retry",
        "wait",
        "skip",
        "limit",
        "cache",
        "mark",
        "guard",
        "validate",
        "sanitize",
        "back",
        "backup",
        "test",
        "stop",
        "rebuild",
        "clean",
        "save",
        "commit",
        "push",
        "pull",
        "rotate",
        "renew",
        "drain",
        "notify",
        "tell",
        "ask",
        "double-check",
    ];
    VERBS.iter().any(|verb| verb.eq_ignore_ascii_case(first))
}

/// A hedge that lowers confidence ("I guess", "probably", "maybe").
pub fn is_hedged(lower_body: &[u8]) -> bool {
    static HEDGES: std::sync::LazyLock<super::lex::PhraseSet> = std::sync::LazyLock::new(|| {
        super::lex::PhraseSet::new(&[
            "probably",
            "maybe",
            "perhaps",
            "i guess",
            "i think",
            "not sure",
            "i believe",
            "i suppose",
            "presumably",
            "assuming",
            "i assume",
            "we assume",
            // A hope is no report ("Reported this issue, hopefully they fix it soon").
            "hopefully",
        ])
    });
    HEDGES.matches(lower_body).iter().any(|&(_, end)| {
        lower_body
            .get(end)
            .is_none_or(|b| !(b.is_ascii_alphanumeric() || *b == b'\''))
    })
}

/// Imperative warnings ("MUST", "never", "always", "before use"): what a KEY line without a
/// type says when it is a warning.
pub fn is_warning(body: &str) -> bool {
    if body.contains("MUST") || body.contains("NEVER") || body.contains("DO NOT") {
        return true;
    }
    let lower = super::lex::lower(body);
    starts_imperative(body)
        || [
            "must",
            "never",
            "always",
            "don't",
            "do not",
            "make sure",
            "be sure",
            "careful",
            "otherwise",
            "before",
        ]
        .iter()
        .any(|w| super::lex::has_word(&lower, w.as_bytes()))
}

/// A rule for what to do past a time limit: "Stuck for more than 30 minutes? Ask in the
/// channel", "Blocked longer than a day → escalate" (a process, not a blocker met).
fn is_time_limit_rule(s: &str) -> bool {
    // Nearly every line lacks "than": it is ruled out before anything is lower-cased.
    static THAN: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"than"));
    if THAN.find(s.as_bytes()).is_none() {
        return false;
    }
    let lower = s.to_ascii_lowercase();
    let Some(at) = lower
        .find("more than ")
        .or_else(|| lower.find("longer than "))
    else {
        return false;
    };
    let head = &lower[at..];
    let end = head
        .find(['?', ':', '\u{2192}'])
        .or_else(|| head.find("->"));
    let Some(end) = end else {
        return false;
    };
    const TIME: &[&str] = &[
        "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "attempts", "tries",
    ];
    at < 30 && super::lex::words(&head[..end]).any(|w| TIME.contains(&w))
}

/// The words without one of which no time is left open (below): the cheap test that rules
/// out nearly every line before its words are read into a list.
const OPEN_TIME_WORDS: &[&str] = &[
    "later",
    "eventually",
    "someday",
    "maybe",
    "perhaps",
    "day",
    "point",
    "future",
];

/// Whether `text` is the author's plan put off to some later time: their own move to come
/// ("we will", "we'll", "I'll", "let's", "we should", "we're going to") and when, or
/// whether, it is to happen left open ("later", "eventually", "someday", "at some point",
/// "one day", "in the future", "maybe", "perhaps"): "we will switch to httpx later",
/// "maybe we should cache tokens", "someday we'll drop Python 3.8". Not yet a decision, nor
/// a finding. A plan for no later time ("we'll keep retries at 2"), what the code does in
/// time ("the queue eventually drains"), and a version range ("we'll need 3.11 or later")
/// are none.
pub fn puts_off(text: &str) -> bool {
    let names_open_time = text
        .as_bytes()
        .split(|b| !super::lex::is_word_byte(*b))
        .any(|w| {
            OPEN_TIME_WORDS
                .iter()
                .any(|x| x.as_bytes().eq_ignore_ascii_case(w))
        });
    if !names_open_time {
        return false;
    }
    let lower = text.to_lowercase().replace('\u{2019}', "'");
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .collect();
    let at = |i: usize| words.get(i).copied().unwrap_or("");
    let own_move = (0..words.len()).any(|i| match at(i) {
        "we'll" | "i'll" | "let's" => true,
        "we" | "i" => {
            matches!(at(i + 1), "will" | "shall" | "should" | "could" | "might")
                || (matches!(at(i + 1), "are" | "am") && at(i + 2) == "going")
        }
        "we're" | "i'm" => at(i + 1) == "going",
        _ => false,
    });
    let open_time = (0..words.len()).any(|i| match at(i) {
        // "3.11 or later", "later than the first", "one later call": no time of its own.
        "later" => {
            !matches!(at(i.wrapping_sub(1)), "or" | "and" | "one")
                && !matches!(at(i + 1), "than" | "on")
        }
        "eventually" | "someday" | "maybe" | "perhaps" => true,
        "some" => at(i + 1) == "day" || (at(i + 1) == "point" && at(i.wrapping_sub(1)) == "at"),
        "one" => at(i + 1) == "day",
        "future" => at(i.wrapping_sub(1)) == "the" && at(i.wrapping_sub(2)) == "in",
        _ => false,
    });
    own_move && open_time
}

/// A promise of work to come: "I'll fix it asap", "ill do this within a few minutes", "we
/// will look into it", "this can be resolved after the merge". What is promised has not
/// happened; the line records neither a problem nor its fix.
pub fn promises_work(lower_body: &[u8]) -> bool {
    // Every promise has "ll " ("I'll", "ill", "will"), "can be" or "going to": a scan rules out
    // nearly every line before the phrases are looked for one by one.
    static GATES: std::sync::LazyLock<[memchr::memmem::Finder<'static>; 3]> =
        std::sync::LazyLock::new(|| {
            [b"ll ".as_slice(), b"can be", b"going to"].map(memchr::memmem::Finder::new)
        });
    if GATES.iter().all(|gate| gate.find(lower_body).is_none()) {
        return false;
    }
    static PROMISES: std::sync::LazyLock<super::lex::PhraseSet> = std::sync::LazyLock::new(|| {
        const WHAT: &[&str] = &[
            "fix",
            "do",
            "look",
            "resolve",
            "take a look",
            "handle",
            "work on",
            "release",
            "close",
            "push",
        ];
        let mut phrases = Vec::new();
        for who in [
            "i'll",
            "i\u{2019}ll",
            "ill",
            "i will",
            "we'll",
            "we\u{2019}ll",
            "we will",
        ] {
            for what in WHAT {
                phrases.push(format!("{who} {what}"));
            }
        }
        for what in WHAT {
            phrases.push(format!("going to {what}"));
        }
        for what in ["fixed", "resolved"] {
            for modal in ["will be", "can be"] {
                phrases.push(format!("{modal} {what} after"));
            }
        }
        built_phrase_set(phrases)
    });
    has_whole_phrase(&PROMISES, lower_body)
}

/// A set of phrases built at run time (from word lists crossed), kept for the process: the
/// set keeps its phrases for good.
fn built_phrase_set(phrases: Vec<String>) -> super::lex::PhraseSet {
    let refs: Vec<&'static str> = phrases
        .into_iter()
        .map(|p| &*Box::leak(p.into_boxed_str()))
        .collect();
    super::lex::PhraseSet::new(&refs)
}

/// Whether one of `set`'s phrases stands in `lower_body` as whole words (not inside a word,
/// nor before an apostrophe: "fix" is not "fix's").
fn has_whole_phrase(set: &super::lex::PhraseSet, lower_body: &[u8]) -> bool {
    set.matches(lower_body).iter().any(|&(start, end)| {
        (start == 0 || !lower_body[start - 1].is_ascii_alphanumeric())
            && lower_body
                .get(end)
                .is_none_or(|b| !(b.is_ascii_alphanumeric() || *b == b'\''))
    })
}

/// A fix announced for a release to come: "This issue will be fixed in 1.18.0", "... will be
/// resolved soon", "We will provide a patch". It stands for the line only where the line names
/// its defect by a bare noun ("issue", "bug"): a failure told beside it ("The export crashes
/// on big files. It will be fixed in 2.4.") is still a report. ("It can be fixed in the
/// config" is advice.)
pub fn announces_fix(lower_body: &[u8]) -> bool {
    static GATE: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"will "));
    if GATE.find(lower_body).is_none() {
        return false;
    }
    static ANNOUNCED: std::sync::LazyLock<super::lex::PhraseSet> = std::sync::LazyLock::new(|| {
        let mut phrases = Vec::new();
        for what in ["fixed", "resolved", "addressed"] {
            for when in ["in", "soon", "with", "by the next", "in the next"] {
                phrases.push(format!("will be {what} {when}"));
            }
        }
        for who in [
            "we will",
            "we'll",
            "we\u{2019}ll",
            "i will",
            "i'll",
            "i\u{2019}ll",
        ] {
            for what in [
                "provide a fix",
                "provide a patch",
                "ship a fix",
                "release a fix",
            ] {
                phrases.push(format!("{who} {what}"));
            }
        }
        built_phrase_set(phrases)
    });
    has_whole_phrase(&ANNOUNCED, lower_body)
}

/// A line that is only bold text, a heading in all but name: `**Describe the bug**`,
/// `- **Known problems:**`, `__Screenshots__`. Short (at most twelve words), one bold span.
/// A label's value that lists the values it may take, as a template does: `Decision: keep |
/// revise | rollback`, `Status: open / fixed / wontfix`. Three or more alternatives of a word
/// or two each; nothing is said.
pub fn lists_allowed_values(body: &str) -> bool {
    let body = body.trim().trim_end_matches('.');
    // Bars between lower-case words, as a schema's values are written; "React / Vite /
    // Tailwind" and "Postgres | Redis | S3" name a stack chosen.
    if !body.contains(" | ") {
        return false;
    }
    let mut count = 0;
    body.split(" | ").all(|part| {
        count += 1;
        let words = part.split_whitespace().count();
        (1..=2).contains(&words)
            && part.starts_with(|c: char| c.is_ascii_lowercase())
            && !part.contains([',', '.', ':', ';'])
    }) && count >= 3
}

/// A choice still open, asked between alternatives: "Keep or exclude? (Document in …)",
/// "Postgres or MySQL?". The line's first sentence is a short question with "or" in it.
pub fn asks_between_alternatives(body: &str) -> bool {
    let Some(at) = body.find('?') else {
        return false;
    };
    let question = &body[..at];
    // Only a note in brackets may follow: "Postgres or MySQL? Postgres, we need JSONB." answers
    // its own question.
    let after = body[at + 1..].trim();
    (after.is_empty() || after.starts_with('('))
        && !question.contains(['.', '('])
        && question.split_whitespace().count() <= 8
        && question
            .split_whitespace()
            .any(|w| w.eq_ignore_ascii_case("or"))
}

/// A sentence cut off right after a word that needs the rest of it, ending in an ellipsis:
/// "Discovered that W doesn't work when...", "Chose library X over Y because…". A template's
/// example of an entry, not one.
pub fn trails_off_after_a_link_word(body: &str) -> bool {
    // An ellipsis's last byte ('.', or the last of U+2026), or what may close after it.
    if !body.ends_with(['.', '\u{2026}', '*', '_', ' ', ')']) {
        return false;
    }
    let t = body.trim_end_matches(['*', '_', ' ', ')']);
    let Some(rest) = t.strip_suffix("...").or_else(|| t.strip_suffix('\u{2026}')) else {
        return false;
    };
    let mut words = rest
        .rsplit(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty());
    let last = words.next().unwrap_or("");
    // "nobody knows since when...": a question word after a preposition, not a clause to come.
    let after_preposition = words.next().is_some_and(|w| {
        ["since", "until", "till", "from"]
            .iter()
            .any(|p| w.eq_ignore_ascii_case(p))
    });
    // A stand-in letter marks the example ("W doesn't work when...", "X over Y because..."); a
    // writer trailing off ("The app crashes on startup, but only when...") names real things.
    let stand_in = rest.split(|c: char| !c.is_alphanumeric()).any(|w| {
        w.len() == 1 && w.starts_with(|c: char| c.is_ascii_uppercase()) && w != "I" && w != "A"
    });
    stand_in
        && !after_preposition
        && ["because", "when", "if", "unless", "until", "whenever"]
            .iter()
            .any(|w| last.eq_ignore_ascii_case(w))
}

/// A caption in bold alone that names a kind of change, as a changelog's heading does:
/// `**🔧 Fixed Bugs**`, `🟣 **Fixed / 修复**`, `**Resolved Issues**`. A word, or a word and a
/// plural noun; "**Fixed login crash**" says what was fixed.
pub fn is_caption(text: &str) -> bool {
    // Bold needs its marks; most lines have none.
    if memchr::memchr2(b'*', b'_', text.as_bytes()).is_none() {
        return false;
    }
    let t = text
        .trim()
        .trim_start_matches(|c: char| !c.is_alphanumeric() && c != '*' && c != '_');
    if !is_bold_heading(t) {
        return false;
    }
    // The English side of a bilingual caption ("Fixed / 修复").
    let english = t.split(" / ").next().unwrap_or(t);
    let words: Vec<&str> = english
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    // Letters only, after any leading emoji: "**Fixed!**", "**Fixed #1423**" and "**Shipped
    // 🚀**" report.
    let letters_only = english
        .trim_matches(['*', '_', ' '])
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .chars()
        .all(|c| c.is_alphabetic() || c == ' ');
    let change = |w: &str| {
        [
            "fixed",
            "resolved",
            "solved",
            "closed",
            "known",
            "open",
            "shipped",
            "completed",
            "breaking",
            "bug",
            "security",
        ]
        .iter()
        .any(|c| w.eq_ignore_ascii_case(c))
    };
    let kinds = |w: &str| {
        [
            "bugs", "issues", "problems", "fixes", "changes", "items", "tickets", "defects",
        ]
        .iter()
        .any(|c| w.eq_ignore_ascii_case(c))
    };
    letters_only
        && match words.as_slice() {
            [one] => one.is_ascii() && one.starts_with(|c: char| c.is_uppercase()),
            [first, second] => change(first) && kinds(second),
            _ => false,
        }
}

pub fn is_bold_heading(text: &str) -> bool {
    let t = text.trim();
    // An emoji or a symbol before the bold run (`🟣 **Fixed**`) is decoration.
    let t = t.trim_start_matches(|c: char| {
        !c.is_alphanumeric() && !matches!(c, '*' | '_' | '-' | '[' | '(' | '`')
    });
    let t = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .unwrap_or(t)
        .trim_start();
    let t = t.strip_suffix(':').unwrap_or(t);
    let inner = ["**", "__"].iter().find_map(|m| {
        let inner = t.strip_prefix(m)?;
        let inner = inner.strip_suffix(':').unwrap_or(inner);
        let inner = inner.strip_suffix(m)?;
        (!inner.contains(m)).then_some(inner)
    });
    inner.is_some_and(|inner| {
        let inner = inner.trim().trim_end_matches(':');
        !inner.is_empty() && inner.split_whitespace().count() <= 12
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowed_values_open_choices_cut_off_examples_and_captions() {
        assert!(lists_allowed_values("keep | revise | rollback"));
        assert!(!lists_allowed_values("keep | revise"));
        // A stack chosen, not a schema's values.
        assert!(!lists_allowed_values("Postgres | Redis | S3"));
        assert!(!lists_allowed_values("react / vite / tailwind"));
        assert!(!lists_allowed_values(
            "use postgres | it has jsonb, and we know it | done"
        ));
        assert!(asks_between_alternatives(
            "Keep or exclude? (Document in the log)"
        ));
        assert!(asks_between_alternatives("Postgres or MySQL?"));
        assert!(!asks_between_alternatives("Why did the build fail?"));
        // Asked and answered.
        assert!(!asks_between_alternatives(
            "Postgres or MySQL? Postgres, we need JSONB."
        ));
        assert!(!asks_between_alternatives(
            "use cursor pagination (offset or keyset? keyset)."
        ));
        assert!(trails_off_after_a_link_word(
            "Discovered that W doesn't work when..."
        ));
        assert!(trails_off_after_a_link_word(
            "Chose library X over Y because\u{2026}"
        ));
        assert!(!trails_off_after_a_link_word(
            "Tried the cache, it didn't help..."
        ));
        assert!(!trails_off_after_a_link_word(
            "The app crashes on startup, but only when..."
        ));
        assert!(!trails_off_after_a_link_word(
            "Learned the hard way not to do that..."
        ));
        assert!(!trails_off_after_a_link_word(
            "X is broken and nobody knows since when..."
        ));
        assert!(is_caption("**\u{1F527} Fixed Bugs**"));
        assert!(is_caption("\u{1F7E3} **Fixed / \u{4FEE}\u{590D}**"));
        assert!(is_caption("**Resolved Issues**"));
        assert!(!is_caption("**Fixed login crash**"));
        assert!(!is_caption("**Fixed it**"));
        assert!(!is_caption("**Fixed!**"));
        assert!(!is_caption("**Fixed #1423**"));
        assert!(!is_caption("**Fixed Crashes**"));
        assert!(!is_caption("**CI Fails**"));
        assert!(!is_caption("Fixed Bugs"));
        assert!(sql_column("express_shipping     boolean"));
        assert!(sql_column("name VARCHAR(64)"));
        assert!(sql_column("t.created_at timestamptz"));
        assert!(!sql_column("Fixed date"));
        assert!(!sql_column("the build broke"));
        assert!(!sql_column("note"));
        assert!(nothing_so_far("nothing yet"));
        assert!(nothing_so_far("None so far."));
        assert!(!nothing_so_far("nothing works after the upgrade"));
    }

    #[test]
    fn legends_speak_of_kinds_of_memory_rules_do_not() {
        for legend in [
            "Any decision worth keeping",
            "Each lesson",
            "every gotcha you hit",
            "Something that surprised you",
            "a reported defect that is still open",
            "어떤 에러가 발생",
            "어떻게 해결",
            "什么问题",
            "何が起きたか",
            "What went wrong",
            "What we decided",
            "What you chose and why",
            "How it was fixed",
            "When it happens",
            "what went wrong and why",
            "What the user/developer saw",
            "What changed and why",
            "what went wrong / how it manifested",
            "Description and resolution",
            "cause or workaround",
            // Prompts in a row, with a part of a record among them.
            "what happened and how to avoid it",
            "what broke, why, and how to avoid it",
            "What went wrong, and the fix",
            // How much to write, and about what.
            "One sentence explaining WHY this matters.",
            "One sentence summary",
            "A short description of the choice",
            "1-2 sentences on what changed",
            // Clauses that each ask, the question word after the verb.
            "遇到了什么、该怎么绕开",
            "what went wrong or what was learned",
            // The same prompts in other languages.
            "qué se decidió",
            "o que foi feito para corrigir",
            "ce qu'on a fait (commit/PR si possible)",
            "was wurde entschieden",
            "почему это сломалось",
        ] {
            assert!(is_template_description(legend), "{legend}");
        }
        for entry in [
            "what broke the build was the cache key, and how we fixed it",
            "What we learned, in one line",
            "One line of config instead of a plugin",
            "A short summary page lists every tenant",
            "A single sentence of logging made the bug obvious",
            // A sentence that goes on to say what the text does.
            "a short summary of the changes goes at the top of every PR description",
            "one paragraph on motivation in each ADR, not more",
            // English words that open like a prompt elsewhere, a clause marked finished.
            "comment parsing breaks on nested quotes",
            "jak się okazuje cache nie jest czyszczony",
            "搞清楚了为什么慢、怎么优化",
            "what happened and why is still unclear",
            "遇到了内存泄漏、重启后恢复",
            // A particular thing after the question word, or a sentence that goes on.
            "que el login de Safari falla con cookies de terceros bloqueadas por defecto",
            "Comment fonctionne le cache Redis",
            "como se decidió usar Postgres",
        ] {
            assert!(!is_template_description(entry), "{entry}");
        }
        // A wh-clause followed by what happens, or holding a particular thing, is a
        // statement, not a prompt.
        for entry in [
            "When the tab is hidden, timers throttle",
            "When the tab is hidden timers throttle",
            "why it failed: the token expired",
            "When computing N digits of pi, you must compute with N+100 guard digits",
            "How the cache expires in Redis 7",
            "what broke the build was the cache key",
            "what changed in src/app was the retry loop",
            "what went wrong / the cache key was stale",
            "Postgres and Redis",
        ] {
            assert!(!is_template_description(entry), "{entry}");
        }
        // A report that names its subject is no prompt, in any script.
        for entry in [
            "导出PDF时多出一个空白页",
            "ビルドが失敗する",
            "什么都不显示，点击导出后页面空白没有任何反应",
            "什么都没发生",
            "どうしても起動しない",
            "왜인지 빌드가 실패함",
        ] {
            assert!(!is_template_description(entry), "{entry}");
        }
        for entry in [
            "any failure retries twice",
            "any",
            "each worker owns one queue",
            "every request carries a trace id",
        ] {
            assert!(!is_template_description(entry), "{entry}");
        }
    }

    #[test]
    fn code_lines() {
        for line in [
            "entry := map[string]any{",
            "public async startReshareWithRetry(keyshare: string | undefined): Promise<ReshareResult>",
            "type ReshareType = 'regular' | 'migrate' | 'plugin'",
            "trace( \"\\tERROR : the ui is null - going with the default!\" );",
            "x = compute()",
            "\"name\": \"mind\",",
            "if (err) {",
            "cargo test --release",
            "console.log(\"fixed\")",
            "init(config);",
            "  });",
            "DEEPSEEK_API_KEY=sk-xxx         # PRIMARY - use for everything",
            "MAX_RETRIES=3",
            "DATABASE_URL = postgres://localhost/app",
            "PATH=/usr/local/bin:$PATH",
        ] {
            assert!(looks_like_code(line), "{line}");
        }
        for line in [
            "use Redis over Memcached because it is simpler",
            "Going with Postgres",
            "Fix `is_dependency()` in `[confirm]` expressions",
            "Decided to do it with CSS. Easier.",
            "Operation `books.find()` buffering timed out after 10000ms",
            "The renderer package needs local Chromium",
            "`autoMemoryDirectory` accepts only absolute or `~/` paths (no repo-relative);",
            "Cost = time x rate",
            "API = the public surface, keep it small",
            "it didn't work :(",
            "still fails on arm64 :-(",
        ] {
            assert!(!looks_like_code(line), "{line}");
        }
        assert!(is_comment_or_code_start("// decided not to replay"));
        assert!(is_comment_or_code_start("#: resend a message"));
        assert!(is_comment_or_code_start("${x ? '- IMPORTANT: y' : ''}"));
        assert!(is_comment_or_code_start("<details>"));
        assert!(!is_comment_or_code_start("<3 this"));
    }

    #[test]
    fn config_fields() {
        assert!(is_config_field("key", "compute"));
        assert!(is_config_field("timeout_ms", "300"));
        assert!(!is_config_field("Key", "compute"));
        assert!(!is_config_field("note", "we chose the slow path"));
    }

    #[test]
    fn questions_and_hedges() {
        assert!(is_question("Should we use Postgres?"));
        assert!(is_question("stuck on X for two days? ask for help?"));
        assert!(is_question("How to fix CSRF in Django"));
        assert!(!is_question("Going with X, I guess?"));
        assert_eq!(strip_hedge("Going with X, I guess?"), Some("Going with X"));
        assert!(!is_question("Decided to use X."));
    }

    #[test]
    fn fields_that_measure_something() {
        assert!(measures_a_field("Error Count Before", "428"));
        assert!(measures_a_field(
            "Fix Priority",
            "HIGH - needed for the dashboard"
        ));
        assert!(measures_a_field("Bug severity", "P1"));
        // One word names no kind measured; a sentence is no measure.
        assert!(!measures_a_field("Priority", "HIGH"));
        assert!(!measures_a_field("Error rate", "doubled after the deploy"));
    }

    #[test]
    fn a_dash_in_prose_about_a_tool_is_no_code() {
        assert!(!looks_like_code(
            "cargo subcommands installed via mise (e.g., cargo-dist) must be invoked as \
             standalone binaries -- cargo can't find them."
        ));
        assert!(!looks_like_code(
            "SIGBUS from truncation is a **known, documented limitation** -- it cannot be prevented."
        ));
        assert!(looks_like_code("cargo build --release"));
        assert!(looks_like_code("cargo test -- --nocapture"));
        assert!(looks_like_code("SELECT * -- turns out the index is unused"));
        assert!(looks_like_code("git log --oneline | head"));
    }

    #[test]
    fn blanks_timestamps_and_index_lines() {
        assert!(has_format_slot(
            "- “I’m stuck on ___ and the smallest unblock is ___.”"
        ));
        assert!(has_format_slot("Decided to use ____ because ____"));
        assert!(!has_format_slot("Call __init__ before use"));
        assert!(!has_format_slot("___"));
        assert!(!has_format_slot("snake_case_names break the ___init hook"));
        // A blank quoted or shown is text about one; a single one needs a word that asks
        // for it.
        assert!(!has_format_slot("Error: expected '___' got 'abc'"));
        assert!(!has_format_slot(
            "The form renders ___ instead of the user's name"
        ));
        assert!(has_format_slot("- Stuck on ___"));
        for t in [
            "2026-10-10",
            "2026-10-10T01:20:31.303Z",
            "2026-10-10 01:20",
            "2026-10-10T01:20:31+02:00",
        ] {
            assert!(is_timestamp(t), "{t}");
            assert!(is_placeholder(t), "{t}");
        }
        for t in ["2026-10-10 the login fails", "v2026-10-10", "2026-1-10T"] {
            assert!(!is_timestamp(t), "{t}");
        }
        assert!(is_index_line(
            "[Decision: fix not rewrite](project_decision.md) — commitment for the beta"
        ));
        assert!(is_index_line(
            "[Vision](docs/vision.md#goals): north star, decided 2026-05-14"
        ));
        // A link to the web, or a link inside a sentence, is not an index of the project's files.
        assert!(!is_index_line(
            "[Decision](https://example.com/adr.md) — use Postgres"
        ));
        assert!(!is_index_line("[notes](notes.md)"));
        assert!(!is_index_line(
            "Decided to use Postgres, see [ADR 4](adr/0004.md) — it has transactions"
        ));
    }

    #[test]
    fn placeholders_links_work() {
        assert!(is_placeholder("X"));
        assert!(is_placeholder("YYYY-MM-DD"));
        assert!(is_slot_or_date("YYYY-MM-DD"));
        assert!(is_slot_or_date("2026-07-01"));
        assert!(is_slot_or_date("[What we decided]"));
        assert!(is_placeholder("[approach] (why it failed)"));
        assert!(is_placeholder("[what] - [why]"));
        assert!(!is_placeholder("[Redis] for the cache (too slow)"));
        assert!(!is_placeholder("[docs](https://x.y) (see setup)"));
        // Stand-in letters weighed against each other: a template's choice.
        assert!(weighs_stand_ins(
            "Why we chose X over Y, so it isn't re-litigated later."
        ));
        assert!(weighs_stand_ins("use X instead of Y"));
        // Without a verb of choice before them, the letters may be names.
        assert!(!weighs_stand_ins("X vs. Y for the cache"));
        assert!(!weighs_stand_ins(
            "Resizing on the X and Y axes breaks the layout"
        ));
        assert!(!weighs_stand_ins("Switched from X to Y coordinates"));
        assert!(!weighs_stand_ins("X11 over Wayland for the kiosk"));
        assert!(!weighs_stand_ins("Chose Xorg over Yggdrasil"));
        assert!(!weighs_stand_ins("the sensor reports X instead of Y"));
        assert!(!weighs_stand_ins(
            "use X over Y in the schema, since X is the horizontal axis"
        ));
        // A fix announced for a release to come; advice on how to fix is no promise.
        assert!(announces_fix(b"this issue will be fixed in 1.18.0."));
        assert!(announces_fix(b"we will provide a patch soon"));
        assert!(announces_fix(
            b"this will be resolved with the next release"
        ));
        assert!(!announces_fix(
            b"it can be fixed in the config by setting x"
        ));
        assert!(!announces_fix(b"this issue was fixed in 1.18.0."));
        // A number to fill in after `#`, in a short body.
        assert!(is_placeholder("mt#X (PR #N), ..."));
        assert!(is_placeholder("issue #NNN"));
        assert!(!is_placeholder("GitHub auto-links #N in commit messages"));
        assert!(!is_placeholder("issue #12 closed by the retry fix"));
        assert!(!is_placeholder("#Nav collapses on Safari"));
        assert!(!is_placeholder(
            "the #N placeholder in the PR template was never filled in by the bot"
        ));
        assert!(!is_slot_or_date("2.3.1"));
        assert!(!is_slot_or_date("14.2"));
        assert!(!is_slot_or_date(""));
        assert!(is_slot_or_date("..."));
        assert!(is_slot_or_date("…"));
        assert!(is_slot_or_date("TBD…"));
        assert!(is_slot_or_date("_to be filled_"));
        assert!(is_placeholder("*What was chosen and why*"));
        assert!(is_placeholder("*TBD*"));
        // An entry's own emphasis: a particular thing, or more than one span.
        assert!(!is_placeholder("*Use Postgres*"));
        assert!(!is_placeholder("*Retry* on 503, then *back off*"));
        assert!(!is_slot_or_date("_id_ fields hold an _ObjectId_"));
        // Emphasis inside a value, or a bold value, is no template's italics.
        assert!(!is_placeholder("use _Postgres_ for storage"));
        assert!(!is_placeholder("**use Postgres**"));
        assert!(!is_slot_or_date("**none of them**"));
        assert!(is_placeholder("2025-11-18"));
        assert!(!is_placeholder("yes"));
        assert!(is_placeholder("None"));
        assert!(is_placeholder("(describe your goal)"));
        assert!(is_placeholder("til_custom_session_services_20251023.md"));
        assert!(!is_placeholder("Next.js"));
        assert!(!is_placeholder("use JWT"));
        // An issue number to fill in, and a value marked as a sample.
        assert!(is_placeholder("#<issue number>"));
        assert!(is_placeholder("#123 (example)"));
        assert!(is_placeholder("use Redis (example only)"));
        assert!(is_placeholder("42 (placeholder)"));
        // Giving an example is not being one.
        assert!(!is_placeholder("use a managed queue (e.g. SQS)"));
        assert!(!is_placeholder(
            "retry with backoff (for example the upload loop)"
        ));
        assert!(!is_placeholder(
            "the sample rate drops to 8 kHz (sample code in #12)"
        ));
        assert!(is_placeholder("{what was chosen, in two lines}"));
        assert!(!is_placeholder("{x} and {y} both"));
        assert!(is_link_only("[MVCC](https://x.org/mvcc)"));
        assert!(is_link_only("https://example.com/a"));
        assert!(is_link_only("See [[MEMORY#L12]]"));
        assert!(!is_link_only("Going with [MVCC](https://x.org) for reads"));
        assert!(!is_link_only(
            "`[jest-worker]` Stop passing `process.env` ([#12141](https://x.org/12141))"
        ));
        assert!(!is_link_only("[wip] Retry uploads ([#7](https://x.org/7))"));
        assert!(starts_with_work_verb(b"added pagination"));
        assert!(!starts_with_work_verb(b"fixed pagination"));
        assert!(!starts_with_work_verb(b"track_shards test is flaky"));
        assert_eq!(
            after_run_in_head(b"**note.** run it twice."),
            b"run it twice."
        );
        assert_eq!(
            after_run_in_head(b"**wait...** it works"),
            b"**wait...** it works"
        );
        assert_eq!(after_run_in_head(b"**note:** run it"), b"**note:** run it");
        assert!(starts_imperative("Use the cache"));
        assert!(!starts_imperative("use_cache is read once at start-up"));
        assert!(is_warning(
            "Reference data MUST be preprocessed before use!"
        ));
        assert!(!is_warning("The API is rate limited"));
    }

    #[test]
    fn format_slots_are_templates_paths_and_code_spans_are_not() {
        for text in [
            "Stuck on steps: {stuck_count}",
            "Decided on {choice} because {reason}.",
            "Lesson ({topic}): keep {rule} short",
            "**<short title>** — <the trap>, <how to detect it>, <the fix>. (<date>)",
            "Problem: <what broke>",
            "The decision was made to [describe decision]",
            "We chose it because [explain the reason here], which matters",
            "Owner: [your name]",
        ] {
            assert!(has_format_slot(text), "{text}");
        }
        for text in [
            "Routes take ids as /users/{id} since v2",
            "Use `{name}` placeholders in the greeting",
            "The config map x={y} is built once",
            "An empty {} block compiles to nothing",
            "Closures {like this one} read their scope",
            "decided: keep plain JSON",
            "{id} in route templates must match the param name",
            "the {id} param must be numeric",
            "destructuring { data } from useQuery loses reactivity",
            "Handlebars {{ name }} escapes HTML, use triple braces for raw",
            "import { useState } from react needs the client directive",
            "Fixed {issue_id} in the last run",
            "Wrap the label in <strong> and the hint in <em>",
            "retries when a < b and c > d hold",
            "Vec<String> is moved, not copied, into <the worker>",
            "Mail <ops@example.com> when the disk fills",
            "- [x] add tests for the parser",
            "- [ ] add tests for the parser",
            "See [add a link](https://example.com/docs) for the setup",
            "Marked [superseded] after the move to Redis",
            "[Add] retry on 503 in the uploader",
        ] {
            assert!(!has_format_slot(text), "{text}");
        }
    }
}
