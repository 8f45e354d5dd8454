//! Lines that speak about a memory file's entries instead of being one: what the file or a
//! section collects ("A living log of issues we've hit and how we solved them"), how its
//! entries are written ("Each lesson: what went wrong, why, and the fix"), captions of the
//! list that follows ("Known issues for this release.", "Two traps that block every
//! unattended run:"), and instructions to the one who writes them ("Keep entries short").
//! Their words name the kinds of entries (issues, lessons, decisions) without reporting,
//! deciding or learning anything, so a file's preamble reads as no entry.

use std::sync::LazyLock;

/// A line that says what a file or section collects, not an entry of it: "This guide
/// documents the problems we hit and their fixes", "A living log of issues we've hit and
/// how we solved them", "Things that broke before, non-obvious edge cases, and surprises".
pub fn describes_a_collection(body: &str) -> bool {
    let start = body.trim_start_matches(|c: char| !c.is_alphanumeric());
    // Cheap first: only "this", "a"/"an", "things", "here" and "below" open one; and a
    // description says what is collected, then stops: "A list of problems: the login fails"
    // is an entry.
    if !matches!(
        start.as_bytes().first(),
        Some(b't' | b'T' | b'a' | b'A' | b'h' | b'H' | b'b' | b'B')
    ) {
        return false;
    }
    // Only its first sentence: a link or a list can follow it ("… on the site. See the
    // [tracker](https://…)").
    let first_sentence =
        memchr::memmem::find(start.as_bytes(), b". ").map_or(start, |at| &start[..at]);
    if memchr::memchr2(b':', b';', first_sentence.as_bytes()).is_some() {
        return false;
    }
    // "Here is a list of known issues on the site", "Below are the lessons ...": the
    // collection pointed at.
    let start = ["here is ", "here are ", "below is ", "below are "]
        .iter()
        .find(|p| {
            start
                .get(..p.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(p))
        })
        .map_or(start, |p| &start[p.len()..]);
    let mut words = start.split_whitespace();
    let (Some(first), Some(second), Some(third)) = (words.next(), words.next(), words.next())
    else {
        return false;
    };
    let is = |word: &str, set: &[&str]| set.iter().any(|s| s.eq_ignore_ascii_case(word));
    // What such a file collects: "A log of issues", "A list of decisions and why": the kinds
    // of entries, or things in general.
    const CONTENTS: &[&str] = &["things", "notes", "changes", "questions", "ideas"];
    // "This file lists the wrong issues after the migration", "A list of issues from GitHub
    // fails to load": something said of the collection after its kinds. Asked only of a
    // line of the shape, which few are.
    let nothing_said = || says_nothing_after(words_of(first_sentence).get(3..).unwrap_or_default());
    if is(first, &["this"]) {
        // "This note records that we decided to drop 3.8" is the entry itself.
        is(second, HOLDERS)
            && is(third, GATHERS)
            && words.next().is_some_and(|w| !is(w, &["that"]))
            && nothing_said()
    } else if is(first, &["a", "an"]) {
        let (noun, of) = if is(second, MODIFIERS) {
            (third, words.next())
        } else {
            (second, Some(third))
        };
        is(noun, COLLECTIONS)
            && of.is_some_and(|w| is(w, &["of"]))
            && words
                .next()
                // "A list of known issues": the kind may come with what it is known as.
                .map(|w| {
                    if is(w, STANDINGS) {
                        words.next()
                    } else {
                        Some(w)
                    }
                })
                .is_some_and(|w| w.is_some_and(|w| is(w, CONTENTS) || is(w, ENTRY_KINDS)))
            // "A list of bugs is empty after a refresh" says something of the list.
            && words.next().is_none_or(|w| !is_finite(w))
            && nothing_said()
    } else {
        // "Things that broke before, edge cases, and surprises": a list of kinds, no verb
        // after it; "Things that used to work are broken" reports.
        is(first, &["things"])
            && is(second, &["that", "which"])
            && start.contains(',')
            && !start.split_whitespace().skip(3).any(|w| {
                is(w, &["is", "are", "was", "were"]) || super::lex::ends_with_nt(w.as_bytes())
            })
    }
}

/// A line that speaks of a file's entries to the one who writes or reads them, not one entry:
/// "Intent: this file captures implementation learnings and regressions to avoid" (a
/// collection's description after its label), "Loaded every session. Each entry is a lesson
/// learned from a project.", "Log mistakes, surprises and lessons learned here so future
/// sessions don't repeat them", "Things that have caused issues and how to resolve them".
pub fn speaks_of_its_entries(body: &str) -> bool {
    let start = body.trim_start_matches(|c: char| !c.is_alphanumeric());
    // Every untyped line is asked: each shape is looked for only where it can be (a label's
    // colon in the first bytes, "each"/"every" opening a sentence, the first word).
    let bytes = start.as_bytes();
    // A collection described after a label naming what the text is for.
    if let Some(colon) = memchr::memchr(b':', &bytes[..bytes.len().min(13)])
        && bytes.get(colon + 1) == Some(&b' ')
        && [
            "intent",
            "purpose",
            "scope",
            "about",
            "overview",
            "description",
        ]
        .iter()
        .any(|l| start[..colon].eq_ignore_ascii_case(l))
    {
        return describes_a_collection(&start[colon + 2..]);
    }
    let is = |word: &str, set: &[&str]| set.iter().any(|s| s.eq_ignore_ascii_case(word));
    // "Each entry is a lesson learned", "Every entry records one decision": what entries are,
    // as the first sentence or after one ("Loaded every session. Each entry is ...").
    let sentence_starts = std::iter::once(0).chain(
        memchr::memchr_iter(b'.', bytes)
            .filter(|&dot| bytes.get(dot + 1) == Some(&b' '))
            .map(|dot| dot + 2),
    );
    for at in sentence_starts {
        // Both ASCII, so `at` starts a character; only a sentence opening with "e" is asked.
        if !bytes.get(at).is_some_and(|b| matches!(b, b'e' | b'E')) {
            continue;
        }
        let mut words = start[at..].split_whitespace();
        if let (Some(first), Some(second), Some(third)) = (words.next(), words.next(), words.next())
            && is(first, &["each", "every"])
            && is(second, &["entry", "item", "record"])
            && is(
                third,
                &[
                    "is",
                    "records",
                    "describes",
                    "holds",
                    "captures",
                    "has",
                    "should",
                    "must",
                ],
            )
        {
            return true;
        }
    }
    let first_end = start
        .find(|c: char| !(c.is_alphanumeric() || c == '\''))
        .unwrap_or(start.len());
    let first = &start[..first_end];
    // "Log mistakes, surprises, and lessons learned here": an instruction to record kinds of
    // entries in this place. "Log the failing request here" names no kind.
    if is(
        first,
        &[
            "log", "record", "add", "write", "append", "capture", "list", "note", "document", "put",
        ],
    ) {
        let rest: Vec<&str> = start[first_end..]
            .split(|c: char| !(c.is_alphanumeric() || c == '\''))
            .filter(|w| !w.is_empty())
            .collect();
        let kinds = rest.iter().any(|w| is(w, ENTRY_KINDS));
        let here = rest.iter().any(|w| is(w, &["here", "below"]))
            || rest.windows(2).any(|p| {
                is(p[0], &["this", "these"])
                    && is(
                        p[1],
                        &["file", "section", "document", "page", "log", "list"],
                    )
            });
        return kinds && here;
    }
    // "Things that have caused issues and how to resolve them": the kinds a file holds and
    // what it says of them.
    is(first, &["things"])
        && start[first_end..]
            .split_whitespace()
            .next()
            .is_some_and(|w| is(w, &["that", "which"]))
        && (start.contains(" and how ") || start.trim_end_matches('.').ends_with(" and why"))
}

/// Words that say where a kind of entry stands, before its name: "known issues", "open
/// problems", "common pitfalls".
const STANDINGS: &[&str] = &[
    "known",
    "open",
    "common",
    "recent",
    "current",
    "outstanding",
    "remaining",
];

/// A caption of a list written as a line of prose, not a heading: a kind of entry and where
/// it stands, with what it belongs to ("Known issues for this release.", "Known issues with
/// webplatform.org", "Common pitfalls when deploying"). No verb follows; "Known issues in
/// 2.0 are fixed in 2.1" says something of them, and "Known issue: the login fails" is a
/// label before an entry. A kind that is no report (lessons, decisions, gotchas; not issues
/// or bugs, which "Issues with the cache after restart" reports) captions its list without a
/// standing word too, maybe with how its entries came ("Gotchas for agents working on the
/// importer.", "Lessons learned during the port to ARM", "Decisions made at the kickoff");
/// only its first sentence is read, as a description's is.
pub fn captions_a_list(body: &str) -> bool {
    let start = body.trim_start_matches(|c: char| !c.is_alphanumeric());
    let is = |word: &str, set: &[&str]| set.iter().any(|s| s.eq_ignore_ascii_case(word));
    // Cheap first: a line opens with a standing word or a kind.
    let opens = |set: &[&str]| {
        set.iter().any(|w| {
            start.as_bytes().get(..w.len()).is_some_and(|head| {
                head.eq_ignore_ascii_case(w.as_bytes())
                    && start
                        .as_bytes()
                        .get(w.len())
                        .is_none_or(|b| !b.is_ascii_alphanumeric())
            })
        })
    };
    // The first letters of the standing words and the kinds, before any word is compared.
    if !matches!(
        start.as_bytes().first().map(u8::to_ascii_lowercase),
        Some(
            b'k' | b'o'
                | b'c'
                | b'r'
                | b'd'
                | b'l'
                | b'g'
                | b'm'
                | b'p'
                | b'f'
                | b'i'
                | b't'
                | b's'
        )
    ) {
        return false;
    }
    let standing = opens(STANDINGS);
    if !standing && !opens(UNREPORTED_KINDS) {
        return false;
    }
    let text = if standing {
        start
    } else {
        memchr::memmem::find(start.as_bytes(), b". ").map_or(start, |at| &start[..at])
    };
    if memchr::memchr3(b':', b';', b'?', text.as_bytes()).is_some() {
        return false;
    }
    let mut words = text
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '.'))
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_end_matches('.'));
    if standing {
        let (Some(standing), Some(kind)) = (words.next(), words.next()) else {
            return false;
        };
        if !is(standing, STANDINGS) || !is(kind, ENTRY_KINDS) {
            return false;
        }
    } else if words.next().is_none() {
        return false;
    }
    let mut rest: Vec<&str> = words.collect();
    // How the entries came: "lessons learned", "decisions made".
    if !standing
        && rest
            .first()
            .is_some_and(|w| is(w, &["learned", "learnt", "made", "taken", "found"]))
    {
        rest.remove(0);
    }
    const VERBS: &[&str] = &[
        "is", "are", "was", "were", "be", "been", "has", "have", "had", "will", "can", "may",
        "must", "should", "cause", "causes", "caused", "remain", "remains", "include", "includes",
    ];
    rest.len() <= 8
        && rest.first().is_none_or(|w| {
            is(
                w,
                &[
                    "for", "with", "in", "on", "of", "since", "when", "as", "and", "at", "during",
                    "from", "while", "about", "after",
                ],
            )
        })
        && !rest.iter().any(|w| {
            is(w, VERBS)
                || super::lex::ends_with_nt(w.as_bytes())
                // "Lessons learned from the outage show that retries need jitter": a clause.
                || (!standing && is(w, &["that"]))
        })
}

/// The kinds of entry that caption a list without a standing word: what is collected to keep
/// (lessons, choices, warnings), never a report of something wrong.
const UNREPORTED_KINDS: &[&str] = &[
    "decisions",
    "lessons",
    "learnings",
    "gotchas",
    "mistakes",
    "pitfalls",
    "discoveries",
    "findings",
    "insights",
    "traps",
    "surprises",
];

/// The kinds of entries a memory file collects, in the plural: what an instruction to the
/// writer or a description of the file names.
const ENTRY_KINDS: &[&str] = &[
    "issues",
    "problems",
    "decisions",
    "lessons",
    "learnings",
    "gotchas",
    "bugs",
    "mistakes",
    "pitfalls",
    "errors",
    "fixes",
    "surprises",
    "discoveries",
    "findings",
    "insights",
    "traps",
    "blockers",
];

/// Whether a line speaks about a file's entries rather than being one: any of the shapes
/// this module reads.
pub fn speaks_about_entries(body: &str) -> bool {
    describes_a_collection(body)
        || speaks_of_its_entries(body)
        || captions_a_list(body)
        || things_after_a_head(body)
        || (may_open_a_shape(body)
            && (names_its_collection(body)
                || describes_each_entry(body)
                || instructs_the_writer(body)
                || captions_what_follows(body)
                || is_a_prompt(body)))
}

/// Whether a line can hold one of the shapes read below at all: one opens a later sentence
/// ("… This guide covers …", "… Each entry: …"), ends in a caption's colon, or opens with one
/// of the words the shapes open with. Every untyped line is asked, and most open otherwise.
fn may_open_a_shape(body: &str) -> bool {
    let bytes = body.as_bytes();
    if body.trim_end_matches(['*', '_', ' ']).ends_with(':')
        || memchr::memchr_iter(b'.', bytes).any(|dot| bytes.get(dot + 1) == Some(&b' '))
    {
        return true;
    }
    let first = first_word(body);
    first.contains('-')
        || first.bytes().all(|b| b.is_ascii_digit())
        || [
            NAMING_OPENERS,
            EACH,
            FORMAT_LABELS,
            WRITER_VERBS,
            PROMPT_WORDS,
            &["things"],
        ]
        .iter()
        .any(|set| is(first, set))
        || is(first, MODIFIERS)
        || is(first, COLLECTIONS)
}

// The words the shapes below open with; `may_open_a_shape` asks them all, so a new opener
// goes here, not only into its reading.

/// A collection named or pointed at ("A log of …", "This file …", "Here is a list …").
const NAMING_OPENERS: &[&str] = &["a", "an", "this", "here"];
/// How each entry is written ("Each lesson: …").
const EACH: &[&str] = &["each", "every"];
/// Labels under which whatever is said of each entry is its format.
const FORMAT_LABELS: &[&str] = &["format", "convention"];
/// An instruction to the writer ("Keep entries general").
const WRITER_VERBS: &[&str] = &["keep", "include", "give", "state", "write"];
/// A template's prompt ("What was decided.").
const PROMPT_WORDS: &[&str] = &["what", "why", "how"];

/// A template's prompt for what goes under it, as a short clause with no subject matter:
/// "What was decided.", "What we learned", "What went wrong", "How to reproduce". "Why the
/// build fails on ARM" names its subject and may head a report.
pub(super) fn is_a_prompt(body: &str) -> bool {
    if !is(first_word(body), PROMPT_WORDS) {
        return false;
    }
    let text = body
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .trim_end_matches(['.', ' ', '*', '_']);
    if text.contains([':', '?', ';']) || text.contains(". ") {
        return false;
    }
    let words = words_of(text);
    words.len() >= 2
        && words.len() <= 6
        && is(words[0], PROMPT_WORDS)
        && is(
            words[1],
            &[
                "was", "were", "we", "i", "i'm", "i've", "we're", "we've", "you", "went", "to",
            ],
        )
        // "What went wrong was the DNS" answers its own prompt.
        && !words[2..].iter().any(|w| is(w, &["is", "was", "were", "are"]))
}

/// "Hard-won notes — things that broke during v0.1 and how to keep them fixed": a head, then
/// what the file holds, as "Things that … and how …" says it alone.
fn things_after_a_head(body: &str) -> bool {
    static THINGS_THAT: LazyLock<memchr::memmem::Finder<'static>> =
        LazyLock::new(|| memchr::memmem::Finder::new(b"hings that"));
    if THINGS_THAT.find(body.as_bytes()).is_none() {
        return false;
    }
    [" — ", " - ", ": "].iter().any(|sep| {
        body.find(sep).is_some_and(|at| {
            let rest = &body[at + sep.len()..];
            rest.get(..11)
                .is_some_and(|h| h.eq_ignore_ascii_case("things that"))
                && speaks_of_its_entries(rest)
        })
    })
}

/// The singular names of the kinds of entries and of the parts of a file that hold one, as
/// "each" or "every" counts them ("each lesson", "every bug", "each entry", "each row").
const ENTRY_NOUNS: &[&str] = &[
    "entry",
    "item",
    "record",
    "row",
    "lesson",
    "learning",
    "decision",
    "gotcha",
    "pitfall",
    "bug",
    "error",
    "issue",
    "problem",
    "mistake",
    "fix",
    "finding",
    "insight",
    "trap",
    "blocker",
    "discovery",
    "surprise",
];

/// Finite verbs that make a line say something of the things it names ("A list of bugs is
/// empty", "Two bugs were fixed"): a statement, not a description or a caption.
const FINITE: &[&str] = &[
    "is", "are", "was", "were", "has", "have", "had", "will", "can", "does", "do", "did", "fails",
    "failed", "breaks", "broke", "crashes", "crashed", "throws", "threw", "shows", "showed",
    "block", "blocks", "blocked", "appear", "appears", "appeared", "come", "comes", "came",
    "points", "pointed", "traces", "traced", "returns", "returned", "got", "gets", "misses",
    "missed", "keeps", "kept", "pops", "causes", "caused", "lost", "loses",
];

/// Words that open a clause about the collected things inside a description ("bugs that
/// occurred", "how they were fixed"): a verb after one says something of the things, not of
/// the collection.
const CLAUSE_OPENERS: &[&str] = &[
    "that", "which", "who", "we", "we've", "i", "i've", "you", "they", "how", "when", "where",
    "while", "why",
];

/// Whether the rest of a sentence says nothing of the collection or its things: no "but"
/// clause, and no finite verb outside a clause that describes the things ("A list of known
/// issues isn't shown on the status page", "Knowledge base of bugs returns 404").
fn says_nothing_after(words: &[&str]) -> bool {
    let mut in_clause = false;
    for w in words {
        if is(w, &["but", "although", "though"]) {
            return false;
        }
        if is(w, CLAUSE_OPENERS) {
            in_clause = true;
        } else if !in_clause && is_finite(w) {
            return false;
        }
    }
    true
}

/// How collected things came, after their name: "every error encountered during validation",
/// "lessons learned", "bugs hit".
const PARTICIPLES: &[&str] = &[
    "encountered",
    "found",
    "hit",
    "met",
    "seen",
    "made",
    "learned",
    "learnt",
    "caught",
    "recorded",
    "logged",
    "listed",
    "noted",
    "collected",
];

fn is(word: &str, set: &[&str]) -> bool {
    set.iter().any(|s| s.eq_ignore_ascii_case(word))
}

/// The first word of a text, without allocating: the parser asks every untyped line, so each
/// reading looks at the word its shape opens with before it splits the line.
fn first_word(text: &str) -> &str {
    let text = text.trim_start_matches(|c: char| !c.is_alphanumeric());
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The words of a text: letters and digits, with their apostrophes and hyphens.
fn words_of(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-'))
        .filter(|w| !w.is_empty() && *w != "-")
        .collect()
}

/// A word that says a line states something: a finite verb or a negated one ("doesn't").
fn is_finite(word: &str) -> bool {
    is(word, FINITE) || super::lex::ends_with_nt(word.as_bytes())
}

/// The first sentences of a text (at most `n`), each up to its ". ".
fn sentences(text: &str, n: usize) -> impl Iterator<Item = &str> {
    // A byte search for the dot, not `split(". ")`: every untyped line is asked.
    let bytes = text.as_bytes();
    let ends = memchr::memchr_iter(b'.', bytes)
        .filter(|&dot| bytes.get(dot + 1) == Some(&b' '))
        .chain(std::iter::once(text.len()));
    let mut from = 0;
    ends.map(move |end| {
        let sentence = &text[from..end];
        from = (end + 2).min(text.len());
        sentence
    })
    .take(n)
}

/// "A record of every bug hit and how it was resolved", "Append-only log of non-obvious
/// lessons learned", "Knowledge base of bugs that occurred in this project", "This document
/// serves as a knowledge base for tracking bugs", "This file outlines the known bugs": a
/// collection named with the kinds it holds, or a file saying what it holds, in one of the
/// first sentences. The kinds come within a few words and nothing is said of them first: "A
/// list of bugs is empty after a refresh" reports.
pub fn names_its_collection(body: &str) -> bool {
    let start = body.trim_start_matches(|c: char| !c.is_alphanumeric());
    sentences(start, 3).enumerate().any(|(n, sentence)| {
        // Only "this …" opens a holder's sentence and only the first sentence names a
        // collection; a collection's name has "of" or "for" after it.
        let first = first_word(sentence);
        // A collection's name opens with "a", a modifier ("append-only", "running") or the
        // collection itself ("Knowledge base of …", "Log of …").
        let may_name = is(first, NAMING_OPENERS)
            || first.contains('-')
            || is(first, MODIFIERS)
            || is(first, COLLECTIONS);
        if !may_name
            || !(is(first, &["this"]) || n == 0)
            || sentence.contains(':')
            || (n == 0
                && !is(first, &["this"])
                && !sentence.contains(" of ")
                && !sentence.contains(" for "))
        {
            return false;
        }
        let words = words_of(sentence);
        // "This is a list of known issues with the application".
        let pointed = words.len() > 2
            && is(words[0], &["this", "here"])
            && is(words[1], &["is"])
            && collection_of_kinds(&words[2..]);
        (n == 0 && (collection_of_kinds(&words) || pointed)) || holder_says_what_it_holds(&words)
    })
}

/// What a file calls itself when it says what it holds ("This file …", "This guide …").
const HOLDERS: &[&str] = &[
    "file", "document", "doc", "guide", "section", "log", "readme", "journal", "wiki",
];

/// The verbs a file's description of itself opens with ("This log records …").
const GATHERS: &[&str] = &[
    "documents",
    "records",
    "lists",
    "tracks",
    "collects",
    "captures",
    "contains",
    "describes",
    "holds",
    "keeps",
    "logs",
    "gathers",
    "summarizes",
    "summarises",
];

/// The names of a collection of entries ("base" as "knowledge base").
const COLLECTIONS: &[&str] = &[
    "log",
    "list",
    "record",
    "collection",
    "registry",
    "catalog",
    "catalogue",
    "index",
    "journal",
    "summary",
    "base",
    "diary",
];

/// What may stand before a collection's name without an article.
const MODIFIERS: &[&str] = &[
    "living",
    "running",
    "short",
    "simple",
    "chronological",
    "curated",
    "growing",
    "brief",
    "knowledge",
    "permanent",
    "durable",
];

/// The words of "[a] [modifier] log|list|record|… of|for <up to six words with a kind>".
fn collection_of_kinds(words: &[&str]) -> bool {
    let mut i = usize::from(words.first().is_some_and(|w| is(w, &["a", "an"])));
    // Up to two modifiers: "running", "append-only", "knowledge" (of "knowledge base").
    let mut modifiers = 0;
    while modifiers < 2
        && words
            .get(i)
            .is_some_and(|w| !is(w, COLLECTIONS) && (w.contains('-') || is(w, MODIFIERS)))
    {
        i += 1;
        modifiers += 1;
    }
    // "base" only as "knowledge base"; "Base of the tree" is none of these.
    let Some(noun) = words.get(i) else {
        return false;
    };
    if !is(noun, COLLECTIONS) || (is(noun, &["base"]) && i == 0) {
        return false;
    }
    if is(noun, &["base"]) && !is(words[i - 1], &["knowledge"]) {
        return false;
    }
    if !words.get(i + 1).is_some_and(|w| is(w, &["of", "for"])) {
        return false;
    }
    kinds_ahead(&words[i + 2..])
}

/// Whether a kind of entry comes within the next six words, before any finite verb, and no
/// finite verb says something of it right after ("bugs is empty").
fn kinds_ahead(words: &[&str]) -> bool {
    for (j, w) in words.iter().take(6).enumerate() {
        if is_finite(w) {
            return false;
        }
        let counted = j > 0 && is(words[j - 1], &["every", "each", "any", "all"]);
        if is(w, ENTRY_KINDS) || (counted && is(w, ENTRY_NOUNS)) {
            return says_nothing_after(&words[j + 1..]);
        }
    }
    false
}

/// "This file outlines the known bugs", "This guide covers the most common errors", "This
/// document serves as a knowledge base for tracking bugs", "This log is a list of the
/// decisions …": a file saying what it holds, naming a kind of entry.
fn holder_says_what_it_holds(words: &[&str]) -> bool {
    // Besides the verbs a description opens with, how a guide says what it is about.
    const SAYS: &[&str] = &["outlines", "covers", "explains", "catalogs", "catalogues"];
    if words.len() < 4 || !is(words[0], &["this"]) || !is(words[1], HOLDERS) {
        return false;
    }
    let rest = &words[3..];
    if is(words[2], GATHERS) || is(words[2], SAYS) {
        return !is(rest[0], &["that"]) && kinds_ahead_anywhere(rest);
    }
    if is(words[2], &["serves", "is"]) {
        let rest = if is(words[2], &["serves"]) && is(rest[0], &["as"]) {
            &rest[1..]
        } else {
            rest
        };
        return collection_of_kinds(rest);
    }
    false
}

/// A kind of entry among the words, not said to be or do anything right after.
fn kinds_ahead_anywhere(words: &[&str]) -> bool {
    words
        .iter()
        .take(10)
        .position(|w| is(w, ENTRY_KINDS))
        .is_some_and(|j| says_nothing_after(&words[j + 1..]))
}

/// "Each lesson: what went wrong, why, and the fix", "Every item below was hit and resolved
/// on a real build", "Each table row is one pitfall", "Every error encountered during
/// validation, with the exact fix": how each entry of the file is written or where it came
/// from, in any of the first three sentences. "Every request fails" and "Each entry in the
/// cache is evicted" speak of something else.
pub fn describes_each_entry(body: &str) -> bool {
    let start = body.trim_start_matches(|c: char| !c.is_alphanumeric());
    // "Format: each lesson is a one-liner", "Convention: every entry …": under such a label
    // whatever is said of each entry is its format.
    let label = FORMAT_LABELS.iter().find(|l| {
        start
            .get(..l.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(l))
            && start[l.len()..].starts_with(": ")
    });
    let start = label.map_or(start, |l| &start[l.len() + 2..]);
    sentences(start, 3).any(|sentence| {
        if !is(first_word(sentence), EACH) {
            return false;
        }
        let words = words_of(sentence);
        if words.len() < 2 {
            return false;
        }
        let mut noun = 1;
        if is(words[1], &["table", "list"])
            && words
                .get(2)
                .is_some_and(|w| is(w, &["row", "item", "entry"]))
        {
            noun = 2;
        }
        if !is(words[noun], ENTRY_NOUNS) {
            return false;
        }
        if label.is_some() {
            return true;
        }
        // The noun's own ':' right after it: "Each lesson: …".
        let after_noun = sentence
            .find(words[noun])
            .map(|at| &sentence[at + words[noun].len()..]);
        if after_noun.is_some_and(|rest| rest.starts_with(':')) {
            return true;
        }
        let next = words.get(noun + 1).copied().unwrap_or("");
        // "Each table row is one pitfall": a part of the file is an entry.
        if noun == 2 && is(next, &["is"]) {
            return true;
        }
        // "Every item below, with its fix"; "Every bug below is now fixed" says something.
        (is(next, &["below", "here", "above", "listed"]) || is(next, PARTICIPLES))
            && !words[noun + 1..].iter().any(|w| is_finite(w))
    })
}

/// An instruction to the one who writes the entries: "Keep this short: what we decided, and
/// why", "Keep entries general", "Include enough context that the lesson is interpretable a
/// month from now". "Keep the cache small" and "Add a test for each entry point" are about
/// the work.
pub fn instructs_the_writer(body: &str) -> bool {
    let start = body.trim_start_matches(|c: char| !c.is_alphanumeric());
    if !is(first_word(start), WRITER_VERBS) {
        return false;
    }
    let words = words_of(start);
    let Some(first) = words.first() else {
        return false;
    };
    // "Keep it short: the login fails on Safari" says something after the instruction.
    if is(first, &["keep"])
        && !words_of(sentences(start, 1).next().unwrap_or(""))
            .iter()
            .any(|w| is_finite(w))
        && words
            .get(1)
            .is_some_and(|w| is(w, &["this", "it", "entries", "them", "each", "every"]))
        && words.iter().skip(2).take(3).any(|w| {
            is(
                w,
                &[
                    "short",
                    "brief",
                    "concise",
                    "general",
                    "terse",
                    "focused",
                    "small",
                    "scannable",
                ],
            )
        })
    {
        return true;
    }
    is(first, WRITER_VERBS)
        && words.windows(3).any(|w| {
            // "… that the lesson is interpretable", not "the lesson id" (a thing of the work).
            is(w[0], &["each", "every", "the", "an", "a", "this"])
                && is(w[1], &["entry", "lesson", "entries", "lessons"])
                && is(
                    w[2],
                    &[
                        "is", "are", "should", "must", "can", "will", "stays", "remains", "reads",
                        "makes", "has", "needs", "says",
                    ],
                )
        })
}

/// A line of prose that captions the list after it: "Two traps that silently block every
/// unattended tool call:", "Common traps and solutions for developer awareness:", "Things to
/// watch out for in this codebase." A count or standing word before a kind of entry, or
/// "things to …", with nothing said of them ("Two bugs were fixed:" says something).
pub fn captions_what_follows(body: &str) -> bool {
    let start = body.trim_start_matches(|c: char| !c.is_alphanumeric());
    let text = start.trim_end_matches(['*', '_', ' ']);
    // A caption ends with its colon, or is "Things to …".
    if !text.ends_with(':') && !is(first_word(text), &["things"]) {
        return false;
    }
    let words = words_of(text);
    // "Two traps that silently block every run:": a verb may describe the kind, not say
    // something of it ("Two bugs were fixed:").
    if words.len() > 14 || !says_nothing_after(&words) {
        return false;
    }
    // "Things to watch out for in this codebase.": one sentence, no label.
    if words.len() >= 3
        && is(words[0], &["things"])
        && is(words[1], &["to"])
        && !text.trim_end_matches(':').contains([':', ';'])
        && !text.trim_end_matches('.').contains(". ")
    {
        return true;
    }
    let Some(caption) = text.strip_suffix(':') else {
        return false;
    };
    if caption.contains([':', ';']) {
        return false;
    }
    const COUNTS: &[&str] = &[
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "some",
        "several",
        "few",
        "following",
        "many",
        "main",
        "typical",
        "frequent",
    ];
    let mut i = 0;
    if words.first().is_some_and(|w| is(w, &["the", "a", "these"])) {
        i = 1;
    }
    let Some(first) = words.get(i) else {
        return false;
    };
    // "Known issues:", "Open problems:": a standing word and a kind alone caption a list.
    if is(first, STANDINGS) && words.len() == i + 2 && is(words[i + 1], ENTRY_KINDS) {
        return true;
    }
    // "Two traps that block every run:", "Common pitfalls when deploying:": a count or a
    // standing word before a kind that reports nothing. "Three bugs in the parser:" and
    // "Several errors when running the migration:" head reports.
    let counted =
        is(first, COUNTS) || is(first, STANDINGS) || first.bytes().all(|b| b.is_ascii_digit());
    counted
        && words
            .iter()
            .skip(i + 1)
            .take(3)
            .any(|w| is(w, UNREPORTED_KINDS))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_of_a_collection() {
        for line in [
            "This guide documents actual problems we encountered and their solutions.",
            "A living log of issues we've hit and how we solved them.",
            "A list of decisions and why we made them",
            "Things that broke before, non-obvious edge cases, and surprises.",
            "Here is a list of known issues on the site. See the [tracker](https://example.com).",
            "Below is a list of pitfalls we keep hitting",
        ] {
            assert!(describes_a_collection(line), "{line}");
        }
        for line in [
            "This file is corrupted after the upgrade",
            "A log of the failing run is attached",
            "The guide documents nothing about ARM",
            "Things broke after the upgrade",
            "Log rotation fails on Windows",
            "Things that used to work, like login, are broken since 3.0",
            "A list of tags fails to render when empty",
            "This page lists duplicates after every sync",
            "This note records that we decided to drop Python 3.8",
            "A list of problems: the login fails on Safari",
            "Here is the stack trace of the crash",
            "Here is a list of known issues: the login fails on Safari",
        ] {
            assert!(!describes_a_collection(line), "{line}");
        }
    }

    #[test]
    fn captions_of_a_list_written_as_prose() {
        for line in [
            "Known issues for this release.",
            "Known issues with webplatform.org.",
            "Common pitfalls when deploying to Fly",
            "Open problems in the sync engine",
            "Known bugs",
            "Gotchas for humans and agents working on the importer. Cite file:line.",
            "Lessons learned during the port to ARM.",
            "Decisions made at the kickoff meeting",
            "Mistakes made and lessons learned. Append-only.",
            "Learnings from the first month of the beta",
        ] {
            assert!(captions_a_list(line), "{line}");
        }
        for line in [
            "Known issues in 2.0 are fixed in 2.1",
            "Known issue: the login fails on Safari",
            "Open issues block the release",
            "Common errors don't show up in the log",
            "Known issues with the cache were the cause of the outage last week",
            "Recently the build fails on ARM",
            "Open the issues tab",
            // A report, or something said of the kind.
            "Issues with some settings causing crashes",
            "Lessons learned from the outage show that retries need jitter",
            "Decisions made at the kickoff were reversed a week later",
            "Gotcha: the cache is per user",
            "Gotchasfor nothing",
        ] {
            assert!(!captions_a_list(line), "{line}");
        }
    }

    #[test]
    fn lines_that_speak_of_a_files_entries() {
        for line in [
            "Intent: this file captures implementation learnings and regressions to avoid.",
            "> Loaded every session. Each entry is a lesson learned from a project.",
            "Each entry records one decision and its reason.",
            "Log mistakes, surprises, and lessons learned here so future sessions don't repeat them.",
            "Add new decisions below, newest first.",
            "Things that have caused issues and how to resolve them.",
            "Things that broke in production and why",
        ] {
            assert!(speaks_of_its_entries(line), "{line}");
        }
        for line in [
            "Intent: the login fails on Safari",
            "Each entry in the cache is evicted after an hour, which fails the test",
            "Log the failing request here and retry",
            "Added retries to the uploader, which fixes the timeouts",
            "Things that used to work are broken since 3.0",
            "Note: decisions made in the sync rewrite hold for the mobile app",
            "Every entry point crashes on Windows",
        ] {
            assert!(!speaks_of_its_entries(line), "{line}");
        }
    }

    #[test]
    fn collections_named_with_their_kinds() {
        for line in [
            "A record of every bug hit and how it was resolved during setup of the stack.",
            "A running log of known limitations and deferred bugs across the app.",
            "Append-only log of non-obvious lessons learned while working on the importer.",
            "Knowledge base of bugs that occurred in this project and how they were fixed.",
            "This document serves as a knowledge base for tracking bugs encountered so far.",
            "This file outlines the known bugs that are yet to be fixed",
            "Learn from others' mistakes. This guide covers the most common errors people make.",
            "This is a list of known issues with the application, in particular",
        ] {
            assert!(names_its_collection(line), "{line}");
        }
        for line in [
            "A list of bugs is empty after a refresh",
            "A log of every crash we saw in March is attached",
            "This file is corrupted after the upgrade",
            "This log is huge since the retry loop",
            "Knowledge base search fails on Safari",
            "Base of the tree is missing",
            "This guide covers installation on Windows",
            "A list of problems: the login fails on Safari",
            "Knowledge base of bugs returns 404 after the wiki migration",
            "Append-only log of decisions got truncated by the formatter",
            "This guide covers the most common errors but the links are broken",
        ] {
            assert!(!names_its_collection(line), "{line}");
        }
    }

    #[test]
    fn how_each_entry_is_written() {
        for line in [
            "Each lesson: what went wrong, why, and the fix. Keep it short.",
            "Each entry: what went wrong → rule that prevents it from happening again.",
            "Each table row is one pitfall. Columns:",
            "Every error encountered during validation, with the exact fix.",
            "Format: each lesson is a one-liner with an id and a source.",
        ] {
            assert!(describes_each_entry(line), "{line}");
        }
        for line in [
            "Every request fails with 500 after the deploy",
            "Every error is logged twice",
            "Every bug found in the parser crashes the editor",
            "Each entry in the cache is evicted after an hour",
            "Each table has its own index",
            "Every bug below is now fixed",
            "Every item below was hit and resolved on a real build",
            "Each bug listed below was fixed in 1.4.2",
            "Every error here comes from the same null pointer",
            "Every error encountered during the migration came from the charset",
        ] {
            assert!(!describes_each_entry(line), "{line}");
        }
    }

    #[test]
    fn instructions_to_the_writer() {
        for line in [
            "Keep this short: what we decided, and why.",
            "Keep entries general. Do not turn this into a changelog.",
            "Include enough context that the lesson is interpretable a month from now.",
        ] {
            assert!(instructs_the_writer(line), "{line}");
        }
        for line in [
            "Keep the cache small",
            "Keep it short: the login fails on Safari",
            "Add a test for each entry point",
            "Include the lesson plan in the export",
            "Include the lesson id in the export — right now the export crashes without it",
            "Keeping entries short broke the importer",
        ] {
            assert!(!instructs_the_writer(line), "{line}");
        }
    }

    #[test]
    fn captions_of_what_follows() {
        for line in [
            "Two traps that silently block every unattended tool call:",
            "Common traps and solutions for developer awareness:",
            "Things to watch out for in this codebase.",
            "Things to keep in mind as the codebase grows.",
            "3 pitfalls of the new scheduler:",
            "Known issues:",
        ] {
            assert!(captions_what_follows(line), "{line}");
        }
        for line in [
            // A count before a kind of defect heads a report.
            "Three bugs in the parser:",
            "Several errors when running the migration on Postgres 16:",
            "The following issues remain:",
            "Two bugs were fixed in this release:",
            "Two traps that silently block every run",
            "Things to note: the cache is per user",
            "Common errors don't show up in the log:",
            "Several users hit the timeout:",
        ] {
            assert!(!captions_what_follows(line), "{line}");
        }
    }

    #[test]
    fn heads_and_prompts() {
        assert!(things_after_a_head(
            "Hard-won notes — things that broke during v0.1 development and how to keep them fixed."
        ));
        assert!(!things_after_a_head(
            "Release notes — things that broke are listed in the tracker"
        ));
        for line in [
            "What was decided.",
            "What we learned",
            "What went wrong",
            "How to reproduce",
        ] {
            assert!(is_a_prompt(line), "{line}");
        }
        for line in [
            "Why the build fails on ARM",
            "What was decided: Postgres over Mongo",
            "What went wrong? Nobody knows",
            "What went wrong was the DNS",
            "Why it crashes on startup",
            "What we learned from the outage is that retries need jitter and a budget",
        ] {
            assert!(!is_a_prompt(line), "{line}");
        }
    }
}
