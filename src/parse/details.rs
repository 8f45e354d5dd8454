//! What an entity carries besides its type: a clean title, the reasoning and rejected
//! alternatives of a decision, a problem's status, `[[wikilinks]]`, and the
//! title/workaround split of a gotcha.

use std::sync::LazyLock;

use super::lex::{self, has_word};
use crate::parse::ProblemStatus;
use crate::rank::tokenize::cjk_pieces;

/// The title: the body without emphasis markers, `[superseded]`, and surplus blanks.
pub fn title(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(i) = find_ci(rest, "[superseded]") {
        push_clean(&mut out, &rest[..i]);
        rest = &rest[i + "[superseded]".len()..];
    }
    push_clean(&mut out, rest);
    // A link promotion appended ("X (see also: [[MEMORY#2026-03-02]])") is kept in `links`;
    // as part of the title it would be noise in every place the title is shown.
    if out.ends_with("]])")
        && let Some(i) = find_ci(&out, " (see also: [[")
    {
        out.truncate(i);
    }
    let end = out.trim_end_matches([' ', '-', '|']).len();
    out.truncate(end);
    out
}

/// Append `text` without `**`/`__` and with runs of blanks made single spaces.
fn push_clean(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    static DOUBLE_SPACE: LazyLock<memchr::memmem::Finder<'static>> =
        LazyLock::new(|| memchr::memmem::Finder::new(b"  "));
    let doubled = |c: u8| memchr::memchr_iter(c, bytes).any(|i| bytes.get(i + 1) == Some(&c));
    let plain = memchr::memchr3(b'\t', b'\r', b'\n', bytes).is_none()
        && !doubled(b'*')
        && !doubled(b'_')
        && DOUBLE_SPACE.find(bytes).is_none();
    if plain {
        let text = text.trim();
        if !text.is_empty() {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
            out.push_str(text);
        }
        return;
    }
    let mut pending_space = !out.is_empty() && !out.ends_with(' ');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if (c == '*' || c == '_') && chars.peek() == Some(&c) {
            chars.next();
            continue;
        }
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.push(c);
    }
}

/// Case-insensitive ASCII find.
pub fn find_ci(hay: &str, needle: &str) -> Option<usize> {
    let h = hay.as_bytes();
    let n = needle.as_bytes();
    let (&first, _) = n.split_first()?;
    let hits = memchr::memchr2_iter(first.to_ascii_lowercase(), first.to_ascii_uppercase(), h);
    for i in hits {
        if h.get(i..i + n.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(n))
        {
            return Some(i);
        }
    }
    None
}

/// `[[target]]` / `[[target|alias]]` links, as written (target only).
pub fn wikilinks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    if memchr::memchr(b'[', text.as_bytes()).is_none() {
        return out;
    }
    let mut rest = text;
    while let Some(open) = rest.find("[[") {
        let after = &rest[open + 2..];
        let Some(close) = after.find("]]") else { break };
        let inner = &after[..close];
        let target = inner.split('|').next().unwrap_or_default().trim();
        if !target.is_empty() && !target.contains('\n') {
            out.push(target.to_string());
        }
        rest = &after[close + 2..];
    }
    out
}

/// The reasoning given in `text`: the clause after "because", "since", "so that", "due to",
/// "reason:" (to the end of the sentence). For decisions, a short tail after a dash
/// ("chose X over Y - simpler") counts too.
#[cfg(test)]
pub fn reasoning(text: &str, dash_tail: bool) -> Option<String> {
    reasoning_in(text, &lex::lower(text), dash_tail)
}

/// A rejection's title: what was ruled out, without the words that say so ("We ruled out
/// Kafka: too heavy" → "Kafka: too heavy"); the entity's type carries the polarity.
pub fn rejected_title(title: &str) -> String {
    ruled_out(title).unwrap_or(title).to_string()
}

/// Words before a rejection phrase that say who ruled it out.
const REJECTING_SUBJECTS: [&str; 7] = [
    "we ",
    "i ",
    "we've ",
    "i've ",
    "we have ",
    "i have ",
    "we finally ",
];

/// Phrases that say a choice was declined, after a decision's label as much as on their
/// own: `decided: against Redis`, `Decision: not to use GraphQL`, `decided: we won't use
/// Kafka`, "We decided not to use Kafka". Longer phrases first, so the longest is taken.
const DECLINING: [&str; 17] = [
    "decided against",
    "decided not to use",
    "decided to not use",
    "decided not to",
    "decided to not",
    "ruled out",
    "gave up on",
    "given up on",
    // "We won't use GraphQL": a choice ruled out for the future.
    "won't use",
    "won\u{2019}t use",
    "will not use",
    "not to use",
    "to not use",
    "not to",
    "to not",
    "against",
    "not use",
];

/// Phrases that only an entry already known as a rejection is read with: "rejected X",
/// "abandoned X", "tried X" and "considered X" begin other things too ("abandoned carts are
/// emailed").
const RULING_OUT: [&str; 4] = ["rejected", "abandoned", "tried", "considered"];

/// The first of `phrases` that `lower[at..]` starts with as whole words (followed by a
/// blank or a colon) with text after it, and where it ends.
fn phrase_at<'p>(lower: &str, at: usize, phrases: &[&'p str]) -> Option<(&'p str, usize)> {
    phrases.iter().find_map(|phrase| {
        let end = at + phrase.len();
        (lower[at..].starts_with(phrase)
            && lower[end..].starts_with([' ', ':'])
            && !lower[end..].trim_start_matches([' ', ':']).is_empty())
        .then_some((*phrase, end))
    })
}

fn phrase_end(lower: &str, at: usize, phrases: &[&str]) -> Option<usize> {
    phrase_at(lower, at, phrases).map(|(_, end)| end)
}

/// Words after "not to", "to not": what keeps the phrase from declining anything ("not to
/// be confused with", "not only X but Y", "not to just use Redis, also Postgres").
pub const NOT_DECLINING: [&str; 5] = ["be", "only", "just", "merely", "simply"];

/// Where the words after an optional subject ("we", "I've", ...) start in `lower`.
fn after_subject(lower: &str) -> usize {
    let lead = lower.len() - lower.trim_start().len();
    REJECTING_SUBJECTS
        .iter()
        .find(|subject| lower[lead..].starts_with(*subject))
        .map_or(lead, |subject| lead + subject.len())
}

/// Whether a decision's text declines what it names: "against Redis - too heavy", "not to
/// use GraphQL", "we won't use Kafka", "decided not to use Kafka". Such a decision is a
/// rejection, shown under Ruled Out, never as a decision.
pub fn declines(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let Some((phrase, end)) = phrase_at(&lower, after_subject(&lower), &DECLINING) else {
        return false;
    };
    let rest = &lower[end..];
    let next: Vec<&str> = rest
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(2)
        .collect();
    if phrase.contains("not") && next.first().is_some_and(|w| NOT_DECLINING.contains(w)) {
        return false;
    }
    // "against all odds", "against the odds": an idiom, nothing declined.
    if phrase == "against" && matches!(next.as_slice(), ["all" | "the", "odds"]) {
        return false;
    }
    // "We won't use Redis for now", "... yet", "... until v2": put off, a decision about
    // when (as the cue reads it), not a rejection.
    let put_off = [" yet", " until ", " for now"]
        .iter()
        .any(|w| rest.contains(w) || rest.ends_with(w.trim_end()));
    !(phrase.ends_with("use") && put_off)
}

/// What `text` rules out when it starts with words that say so: an optional subject ("we",
/// "I've", ...) and a rejection phrase ("decided against", "ruled out", "gave up on", "not
/// to use", "tried", ...), as whole words followed by a blank or a colon. `None` when it
/// does not start so, or nothing follows.
pub fn ruled_out(text: &str) -> Option<&str> {
    // ASCII lower-casing keeps byte offsets, so positions in `lower` index `text`.
    let lower = text.to_ascii_lowercase();
    let at = after_subject(&lower);
    let end = phrase_end(&lower, at, &DECLINING).or_else(|| phrase_end(&lower, at, &RULING_OUT))?;
    Some(text[end..].trim_start_matches([' ', ':']))
}

/// Words that introduce a reason.
static REASON_MARKERS: LazyLock<lex::PhraseSet> = LazyLock::new(|| {
    lex::PhraseSet::new(&[
        "because ",
        "since ",
        "so that ",
        "due to ",
        "given that ",
        "as it ",
        "reason: ",
    ])
});

/// Words that introduce a rejected alternative.
static ALTERNATIVE_MARKERS: LazyLock<lex::PhraseSet> = LazyLock::new(|| {
    let markers: Vec<&'static str> = std::iter::once("over ")
        .chain(AWAY_FROM.iter().copied())
        .collect();
    lex::PhraseSet::new(&markers)
});

/// The markers after which a decision names what it turns away from (the alternative ends
/// where `alternative_end` says: "switch from FastAPI to Litestar" gives "FastAPI"). "over
/// X" names an alternative too, but one weighed at the time, not turned away from.
const AWAY_FROM: &[&str] = &[
    "instead of ",
    "rather than ",
    "decided against ",
    "switch from ",
    "switched from ",
    "switching from ",
    "migrate from ",
    "migrated from ",
    "migrating from ",
    "move from ",
    "moved from ",
    "moving from ",
];

/// Verbs that may have their object between them and the "from" of what they turn away
/// from: "switch the local cache from SQLite to sled" (the object is what the choice is
/// for). General English, as the markers above.
const SWITCH_VERBS: &[&[u8]] = &[
    b"switch",
    b"switched",
    b"switching",
    b"migrate",
    b"migrated",
    b"migrating",
    b"move",
    b"moved",
    b"moving",
];

/// Verbs whose object is what they turn away from, the new choice after "with" or "by":
/// "replace SQLite with sled".
const REPLACE_VERBS: &[&[u8]] = &[b"replace", b"replaced", b"replacing"];

/// Words that turn away from what follows them, naming no new choice: "stop using Redis for
/// caching", "drop Redis", "no longer use Jest", "get rid of the ORM", "move off Heroku".
const STOP_PHRASES: &[&[u8]] = &[
    b"stop using",
    b"stopped using",
    b"no longer use",
    b"no longer using",
    b"drop",
    b"dropped",
    b"dropping",
    b"remove",
    b"removed",
    b"removing",
    b"get rid of",
    b"got rid of",
    b"move off",
    b"moved off",
    b"moving off",
    b"move away from",
    b"moved away from",
    b"moving away from",
];

/// The most words an object may have between a [`SWITCH_VERBS`] verb and its "from", or
/// the thing replaced between a [`REPLACE_VERBS`] verb and its "with".
const OBJECT_WORDS: usize = 6;

/// Where each word of `buf` starts (a word: a run of bytes between blanks).
fn word_starts(buf: &[u8]) -> impl Iterator<Item = usize> + '_ {
    (0..buf.len()).filter(|&i| buf[i] != b' ' && (i == 0 || buf[i - 1] == b' '))
}

/// The word of `buf` at `at` (up to the next blank).
fn word_at(buf: &[u8], at: usize) -> &[u8] {
    let rest = &buf[at..];
    &rest[..memchr::memchr(b' ', rest).unwrap_or(rest.len())]
}

/// Within the next [`OBJECT_WORDS`] words after `from` (before any punctuation that ends a
/// clause), where the word `target` starts.
fn word_ahead(buf: &[u8], from: usize, target: &[&[u8]]) -> Option<usize> {
    let mut at = from;
    for _ in 0..=OBJECT_WORDS {
        while buf.get(at) == Some(&b' ') {
            at += 1;
        }
        if at >= buf.len() {
            return None;
        }
        let word = word_at(buf, at);
        if target.contains(&word) {
            return Some(at);
        }
        if word.ends_with(b",") || word.ends_with(b";") || word.ends_with(b".") {
            return None;
        }
        at += word.len();
    }
    None
}

/// A stretch of a text, as byte offsets (start, end).
type Span = (usize, usize);

/// What a decision turns away from besides the [`AWAY_FROM`] markers, as spans of `buf`
/// (lower-cased, quotes masked), each with the span of what it says the choice is for:
/// "switch the local cache from SQLite to sled" (SQLite, for the local cache), "replace
/// SQLite with sled" (SQLite, for nothing named).
fn turned_away_by_verb(buf: &[u8]) -> Vec<(Span, Option<Span>)> {
    let mut out = Vec::new();
    for at in word_starts(buf) {
        let word = word_at(buf, at);
        let after = at + word.len();
        // First the phrases: "move away from X" is no switch of an object "away".
        if let Some(phrase) = STOP_PHRASES
            .iter()
            .find(|p| buf[at..].starts_with(p) && buf.get(at + p.len()) == Some(&b' '))
        {
            let start = at + phrase.len() + 1;
            let end = alternative_end(buf, start);
            if start < end {
                out.push(((start, end), None));
            }
        } else if SWITCH_VERBS.contains(&word) {
            // The object, then "from": with no object, "switch from" is a marker already.
            let Some(from) = word_ahead(buf, after, &[b"from"]) else {
                continue;
            };
            let object = (after + 1, from.saturating_sub(1));
            if object.0 < object.1 {
                let start = from + "from ".len();
                out.push(((start, alternative_end(buf, start)), Some(object)));
            }
        } else if REPLACE_VERBS.contains(&word) {
            let start = after + 1;
            let Some(with) = word_ahead(buf, start, &[b"with", b"by"]) else {
                continue;
            };
            if start < with.saturating_sub(1) && with <= alternative_end(buf, start) {
                out.push(((start, with - 1), None));
            }
        }
    }
    out
}

/// The span of a switch verb whose object stands between it and "from X to Y": "switching
/// the job queue from Postgres to Redis", "switched CI from Travis to GitHub Actions". (A
/// switch with no object, "switch from X to Y", is a cue of its own.) Only "switch": what
/// is moved or migrated from one place to another ("moved the files from tmp to data",
/// "migrated users from v1 to v2") is work done as often as a choice made.
pub(crate) fn switch_with_object(buf: &[u8]) -> Option<Span> {
    // Asked of every line no decision cue typed: most hold no "switch" at all.
    static SWITCH: LazyLock<memchr::memmem::Finder<'static>> =
        LazyLock::new(|| memchr::memmem::Finder::new(b"switch"));
    SWITCH.find(buf)?;
    for at in word_starts(buf) {
        let word = word_at(buf, at);
        if !matches!(word, b"switch" | b"switched" | b"switching") {
            continue;
        }
        let after = at + word.len();
        let Some(from) = word_ahead(buf, after, &[b"from"]) else {
            continue;
        };
        if after + 1 >= from.saturating_sub(1) {
            continue;
        }
        let alternative = from + "from ".len();
        if word_ahead(buf, alternative, &[b"to"]).is_some_and(|to| to > alternative) {
            return Some((at, after));
        }
    }
    None
}

/// Whether a decision's text turns away from its alternative `alt` ("instead of X", "switch
/// from X", "switch the cache from X", "replace X with Y") rather than weighing it at the
/// time ("Postgres over MySQL": a comparison, which takes back nothing decided about MySQL
/// elsewhere).
#[cfg(test)]
pub fn turns_away_from(text: &str, alt: &str) -> bool {
    let alt = alt.to_lowercase();
    turned_away(text).iter().any(|a| a.to_lowercase() == alt)
}

/// What a decision's text turns away from ("instead of X", "switch from X", "replace X
/// with Y", "stop using X"): its alternatives but those only weighed ("X over Y").
pub fn turned_away(text: &str) -> Vec<String> {
    turned_away_in(text, &lex::lower(text))
}

/// What the choice in `text` is for when a verb's object says it: "switch the local cache
/// from SQLite to sled" is for "the local cache".
pub fn switched_object(text: &str) -> Option<&str> {
    let lower = lex::lower(text);
    let mut buf = lower.to_vec();
    lex::mask_spans(&mut buf);
    let (_, object) = turned_away_by_verb(&buf)
        .into_iter()
        .find(|(_, o)| o.is_some())?;
    let (start, end) = object?;
    text.get(start..end).map(str::trim)
}

/// `text` up to where it starts to name what it turns away from ("for config files instead
/// of JSON" → "for config files"), trimmed; the whole text when it names nothing.
pub fn before_turning_away(text: &str) -> &str {
    // ASCII lower-casing keeps every byte where it was, so an offset in `lower` is one in
    // `text` (the markers are ASCII).
    let lower = text.to_ascii_lowercase();
    let end = AWAY_FROM
        .iter()
        .filter_map(|m| lower.find(m))
        .min()
        .unwrap_or(text.len());
    text[..end].trim_end()
}

/// What a decision or rejection chose, without the reason it gives: `title` up to where its
/// reason starts, trimmed ("re-enable the e2e suite on PRs now that the runner is fixed" →
/// "re-enable the e2e suite on PRs"); the whole title when it gives none. A reason starts
/// at a word that gives one ([`REASON_WORDS`]; "as" only before a clause, since "use Redis
/// as the cache" names a role, not a reason), at punctuation that sets a clause off (", ",
/// "; ", ": ", ". ", a dash between blanks), and a parenthesis that ends what is left is
/// an aside ("re-enable the e2e suite on PRs (the runner is fixed)"). Whatever words the
/// reason takes, the choice is the same one: a reversal that says why must take back what
/// the same words without a reason take back.
pub fn before_reason(title: &str) -> &str {
    // ASCII lower-casing keeps every byte where it was, so an offset in `lower` is one in
    // `title`; every separator starts with an ASCII byte, a char boundary.
    let lower = title.as_bytes().to_ascii_lowercase();
    let end = (1..lower.len())
        .find(|&i| reason_starts(&lower, i))
        .unwrap_or(title.len());
    let mut chosen = title[..end].trim_end();
    while let Some(open) = trailing_aside(chosen) {
        chosen = chosen[..open].trim_end();
    }
    chosen
}

/// What a fix is about: its title before how it was done or why, as [`before_reason`] ends
/// a choice ("paper fills double counted - dedupe by order id" → "paper fills double
/// counted"), or before "by" and a verb's -ing form, the means of a fix ("search crashes on
/// quotes, fixed by escaping them"). The words of a remedy name what was changed, not what
/// was broken: next to a word the problem shares they read as another subject.
pub fn before_remedy(title: &str) -> &str {
    let subject = before_reason(title);
    let lower = subject.as_bytes().to_ascii_lowercase();
    let means = memchr::memmem::find_iter(&lower, b" by ").find(|&i| {
        lex::words_after(&lower, i + 4, 1)
            .first()
            .is_some_and(|w| w.len() > 5 && w.ends_with(b"ing"))
    });
    // ASCII lower-casing keeps every byte where it was; a blank is a char boundary.
    means.map_or(subject, |i| subject[..i].trim_end())
}

/// Words after which a choice gives its reason (or, "after" and "until", the event that
/// brought it or ends it: "re-enable the e2e suite after the runner fix"), each between
/// blanks. Conditions ("when", "if", "unless", "once") are not among them: "enable the
/// cache when offline" and "disable the cache when online" are two choices, not one.
const REASON_WORDS: &[&[u8]] = &[
    b"because",
    b"since",
    b"due to",
    b"given that",
    b"now that",
    b"so that",
    b"in order to",
    b"thanks to",
    b"after",
    b"until",
    b"so",
    b"as",
];

/// Whether the reason of a choice starts at byte `i` of `lower` (see [`before_reason`]).
fn reason_starts(lower: &[u8], i: usize) -> bool {
    let rest = &lower[i..];
    match lower[i] {
        b',' | b';' | b':' => rest.get(1) == Some(&b' '),
        b'.' => rest.get(1) == Some(&b' ') && !abbreviation(&lower[..i]),
        b' ' => {
            let next = &rest[1..];
            if ["- ", "-- ", "\u{2014} ", "\u{2013} "]
                .iter()
                .any(|dash| next.starts_with(dash.as_bytes()))
            {
                return true;
            }
            REASON_WORDS.iter().any(|w| {
                next.starts_with(w)
                    && next.get(w.len()) == Some(&b' ')
                    && (*w != b"as" || clause_follows(&next[w.len()..]))
                    && (*w != b"so"
                        || !lex::words_after(next, w.len(), 1).first().is_some_and(|w| {
                            [&b"far"[..], b"much", b"many", b"long", b"called"].contains(w)
                        }))
            })
        }
        _ => false,
    }
}

/// Whether the text before a `. ` ends in an abbreviation ("e.g.", "vs.", "etc.", a single
/// letter) rather than a sentence.
pub(super) fn abbreviation(before: &[u8]) -> bool {
    let word = &before[before.iter().rposition(|&b| b == b' ').map_or(0, |i| i + 1)..];
    word.len() <= 1
        || [
            &b"e.g"[..],
            b"i.e",
            b"vs",
            b"etc",
            b"approx",
            b"incl",
            b"cf",
        ]
        .contains(&word)
}

/// Whether `after` (what follows "as ") is a clause, which gives a reason ("as the runner
/// is fixed", "as we have the budget"), rather than a noun phrase, which names a role ("as
/// the session store"): its first word is a subject pronoun, or an auxiliary verb comes
/// within its first few words.
fn clause_follows(after: &[u8]) -> bool {
    const SUBJECTS: &[&[u8]] = &[
        b"it", b"we", b"they", b"i", b"you", b"he", b"she", b"there", b"it's", b"we're", b"we've",
        b"they're", b"there's", b"that's",
    ];
    const AUXILIARIES: &[&[u8]] = &[
        b"is", b"are", b"was", b"were", b"has", b"have", b"had", b"does", b"do", b"did", b"will",
        b"would", b"can", b"could", b"should", b"may", b"might", b"must", b"got", b"gets",
    ];
    let words = lex::words_after(after, 0, 4);
    words.first().is_some_and(|w| SUBJECTS.contains(w))
        || words
            .iter()
            .any(|w| AUXILIARIES.contains(w) || lex::ends_with_nt(w))
}

/// Where a parenthesis that ends `text` opens (at its blank), when something comes before
/// it: "re-enable the e2e suite on PRs (the runner is fixed)" → the offset of " (".
fn trailing_aside(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    if bytes.last() != Some(&b')') {
        return None;
    }
    let mut depth = 0usize;
    for i in (0..bytes.len()).rev() {
        match bytes[i] {
            b')' => depth += 1,
            b'(' => {
                depth -= 1;
                if depth == 0 {
                    return (i > 0 && bytes[i - 1] == b' ' && !text[..i].trim().is_empty())
                        .then(|| i - 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// [`reasoning`] with the lower-cased text already at hand.
pub fn reasoning_in(text: &str, lower: &[u8], dash_tail: bool) -> Option<String> {
    for (start, end) in REASON_MARKERS.matches(lower) {
        if &lower[start..end] == b"since " && since_is_time(&lower[end..]) {
            continue;
        }
        return sentence(&text[end..]);
    }
    if dash_tail {
        // The last dash that stands between blanks: "X over Y - simpler".
        let dash = text.char_indices().rev().find(|&(i, c)| {
            matches!(c, '-' | '\u{2014}' | '\u{2013}')
                && text[..i].ends_with(' ')
                && text[i + c.len_utf8()..].starts_with(' ')
        });
        if let Some((i, c)) = dash {
            let tail = text[i + c.len_utf8()..].trim();
            let words = tail.split_whitespace().count();
            if (1..=5).contains(&words) && !tail.contains('`') {
                return sentence(tail);
            }
        }
    }
    None
}

fn since_is_time(after: &[u8]) -> bool {
    let first = lex::words_after(after, 0, 1);
    first.first().is_none_or(|w| {
        w.first().is_some_and(u8::is_ascii_digit)
            || [
                &b"then"[..],
                b"last",
                b"yesterday",
                b"today",
                b"monday",
                b"v",
                b"version",
                b"the",
                b"early",
                b"january",
                b"february",
                b"march",
                b"april",
                b"may",
                b"june",
                b"july",
                b"august",
                b"september",
                b"october",
                b"november",
                b"december",
            ]
            .contains(w)
    })
}

/// Text up to the end of its sentence (`. ` or end), trimmed; `None` when empty.
fn sentence(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let end = memchr::memchr_iter(b'.', bytes)
        .find(|&i| bytes.get(i + 1) == Some(&b' '))
        .unwrap_or(text.len());
    let s = text[..end]
        .trim()
        .trim_end_matches(['.', ')', ',', ';'])
        .trim();
    (!s.is_empty()).then(|| s.replace("**", ""))
}

/// Words after "over" that make it a preposition of time, amount or transport, not a choice.
const OVER_NOT_CHOICE: &[&str] = &[
    "the",
    "time",
    "http",
    "https",
    "ssh",
    "tcp",
    "udp",
    "websocket",
    "websockets",
    "a",
    "an",
    "all",
    "and",
    "again",
    "there",
    "here",
    "it",
    "them",
    "to",
    "budget",
    "night",
    "lunch",
];

/// Where "over X" names a rejected alternative in `clause` (lower-case bytes).
pub fn alternative_over(clause: &[u8]) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(rel) = lex::find(&clause[from..], b" over ") {
        let start = from + rel + " over ".len();
        let next = lex::words_after(clause, start, 1);
        let ok = next.first().is_some_and(|w| {
            !w.first().is_some_and(u8::is_ascii_digit)
                && !OVER_NOT_CHOICE.iter().any(|s| s.as_bytes() == *w)
        });
        if ok {
            return Some((start, alternative_end(clause, start)));
        }
        from = start;
    }
    None
}

/// Words that end an alternative: a reason or a new clause starts (see [`alternative_end`]).
const WORD_STOPS: &[&[u8]] = &[
    b"because",
    b"since",
    b"due to",
    b"so ",
    b"- ",
    b"-- ",
    b"(",
    b"for ",
    b"as ",
    b"to ",
    b"and ",
    // The reason words of a choice (`REASON_WORDS`) the ones above leave out: "instead
    // of bcrypt now that we have the CPU budget" turns away from bcrypt alone.
    b"now that ",
    b"given that ",
    b"in order to ",
    b"after ",
    b"until ",
    "\u{2014} ".as_bytes(),
    "\u{2013} ".as_bytes(),
];

/// The bytes a [`WORD_STOPS`] word starts with, so that most blanks are passed over
/// without comparing any.
const STOP_STARTS: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < WORD_STOPS.len() {
        table[WORD_STOPS[i][0] as usize] = true;
        i += 1;
    }
    table
};

/// Where an alternative ends: at punctuation, a dash, or a word that starts a reason or
/// a new clause (one pass; the checks run only at blanks and punctuation).
fn alternative_end(buf: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < buf.len() {
        match buf[i] {
            b',' | b';' => return i,
            b'.' if buf.get(i + 1).is_none_or(|b| *b == b' ') => return i,
            b' ' if buf.get(i + 1).is_some_and(|&b| STOP_STARTS[usize::from(b)])
                && WORD_STOPS.iter().any(|w| buf[i + 1..].starts_with(w)) =>
            {
                return i;
            }
            _ => i += 1,
        }
    }
    buf.len()
}

/// Rejected alternatives named in a decision: "over X", "instead of X", "rather than X",
/// "decided against X", "switch (migrate, move) from X to Y".
#[cfg(test)]
pub fn alternatives(text: &str) -> Vec<String> {
    alternatives_in(text, &lex::lower(text))
}

/// [`alternatives`] with the lower-cased text already at hand.
pub fn alternatives_in(text: &str, lower: &[u8]) -> Vec<String> {
    alternatives_of(text, lower, true)
}

/// The alternatives a decision turns away from ([`alternatives_in`] without "over X").
fn turned_away_in(text: &str, lower: &[u8]) -> Vec<String> {
    alternatives_of(text, lower, false)
}

/// Every verb that may turn away from something ([`SWITCH_VERBS`], [`REPLACE_VERBS`],
/// [`STOP_PHRASES`]): a text with none of them, and no marker, names no alternative.
static VERB_MARKERS: LazyLock<lex::PhraseSet> = LazyLock::new(|| {
    lex::PhraseSet::new(&[
        "switch",
        "migrat",
        "mov",
        "replac",
        "stop",
        "no longer",
        "drop",
        "remov",
        "rid of",
    ])
});

fn alternatives_of(text: &str, lower: &[u8], weighed_too: bool) -> Vec<String> {
    let markers = ALTERNATIVE_MARKERS.any(lower);
    if !markers && !VERB_MARKERS.any(lower) {
        return Vec::new();
    }
    let mut buf = lower.to_vec();
    lex::mask_spans(&mut buf);
    let mut spans = Vec::new();
    if weighed_too && let Some(span) = alternative_over(&buf) {
        spans.push(span);
    }
    if markers {
        for marker in AWAY_FROM.iter().map(|m| m.as_bytes()) {
            if let Some(i) = lex::find(&buf, marker) {
                let start = i + marker.len();
                spans.push((start, alternative_end(&buf, start)));
            }
        }
    }
    spans.extend(turned_away_by_verb(&buf).into_iter().map(|(span, _)| span));
    spans.sort();
    let mut out: Vec<String> = Vec::new();
    for (start, end) in spans {
        // Masked quotations turn multi-byte characters into blanks: never cut inside one.
        let Some(alt) = text.get(start..end) else {
            continue;
        };
        let alt = alt
            .trim()
            .trim_end_matches(['.', ')', ':'])
            .replace("**", "");
        let alt = alt.trim();
        if !alt.is_empty() && alt.len() <= 80 && !out.iter().any(|a| a == alt) {
            out.push(alt.to_string());
        }
    }
    out
}

/// The status a problem line gives itself: resolved when it says so (`fixed`, `resolved`,
/// `solved`, `[x]`, ✅, struck through), blocked when it waits on something, else open.
pub fn problem_status(text: &str, struck: bool) -> ProblemStatus {
    let has = |needle: &str| lex::find(text.as_bytes(), needle.as_bytes()).is_some();
    // `→ fix: ...` is how promotion writes a blocker that came with its fix.
    if struck || has("[x]") || has("✅") || has("**Fixed**") || has("→ fix:") || has("-> fix:") {
        return ProblemStatus::Resolved;
    }
    let lower = lex::lower(text);
    let resolved = [&b"fixed"[..], b"resolved", b"solved"].iter().any(|w| {
        lex::find(&lower, w).is_some_and(|i| {
            has_word(&lower, w)
                && !lex::words_before(&lower, i, 2).iter().any(|p| {
                    [&b"not"[..], b"never", b"be", b"to", b"un"].contains(p) || p.ends_with(b"n't")
                })
        })
    });
    if resolved {
        return ProblemStatus::Resolved;
    }
    let blocked = [
        "blocked by",
        "blocked on",
        "waiting for",
        "waiting on",
        "blocked until",
    ]
    .iter()
    .any(|p| has_word(&lower, p.as_bytes()))
        || has("BLOCKED");
    if blocked {
        ProblemStatus::Blocked
    } else {
        ProblemStatus::Open
    }
}

/// A gotcha's title and workaround, split at the first `->`, `→` or ` -- ` outside code.
pub fn split_gotcha(title: &str) -> (String, Option<String>) {
    let b = title.as_bytes();
    // `->`, `--` and `→` (0xE2 0x86 0x92) all need a '-' or 0xE2 byte.
    if memchr::memchr2(b'-', 0xE2, b).is_none() {
        return (title.to_string(), None);
    }
    let mut in_code = false;
    let bytes = title.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'`' {
            in_code = !in_code;
        } else if !in_code {
            // Byte comparisons: `i` may sit inside a multi-byte character, and a match
            // starts with an ASCII byte or the first byte of `→`, both char boundaries.
            let rest = &bytes[i..];
            let width = if rest.starts_with(b"->") {
                Some(2)
            } else if rest.starts_with("→".as_bytes()) {
                Some('→'.len_utf8())
            } else if rest.starts_with(b" -- ") {
                Some(4)
            } else {
                None
            };
            if let Some(w) = width {
                let head = title[..i].trim();
                let tail = title[i + w..].trim();
                if !head.is_empty() && !tail.is_empty() {
                    return (head.to_string(), Some(tail.to_string()));
                }
            }
        }
        i += 1;
    }
    (title.to_string(), None)
}

/// Words that say nothing about the subject of a problem or a fix, beyond the stop list
/// every part of `mind` shares ([`crate::rank::stopwords`]): the words that name problem
/// and fix states ("fixed", "broken", "error") — two lines do not share a subject because
/// both say "fixed" — and a few generic ones ("use", "new", "since").
const STATE_WORDS: &[&str] = &[
    "onto", "since", "due", "less", "use", "using", "used", "decided", "learned", "problem",
    "problems", "gotcha", "fix", "fixed", "fixes", "fixing", "bug", "bugs", "issue", "issues",
    "error", "errors", "broken", "break", "breaks", "fail", "fails", "failed", "failing",
    "failure", "crash", "crashes", "crashed", "resolved", "resolve", "solved", "work", "works",
    "working", "new", "old", "gone", "longer", "anymore",
];

/// The ids of every subjectless word — the shared stop list and [`STATE_WORDS`] — sorted.
/// Every problem and progress title is split into words on every block build, so a word
/// costs one hash (the same one that becomes its id) and one binary search over integers,
/// not a search over strings.
static SUBJECTLESS: LazyLock<Vec<u64>> = LazyLock::new(|| {
    let words = crate::rank::stopwords::WORDS.iter().chain(STATE_WORDS);
    let mut ids: Vec<u64> = words.map(|w| word_id(w.as_bytes())).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
});

/// Whether a lower-case word, whose id is `id`, says nothing about a subject: a shared stop
/// word (compared without apostrophes, as the stop list is written) or a state word.
fn is_subjectless(lower: &str, id: u64) -> bool {
    // By id alone: a 64-bit hash shared by a content word and one of these few hundred
    // listed words is not a case worth a string comparison on every stop word.
    SUBJECTLESS.binary_search(&id).is_ok()
        || (lower.contains('\'') && crate::rank::stopwords::is_stop_word(&lower.replace('\'', "")))
}

/// Content words of a title for "same subject" checks, as hashes: lower case, stop and
/// state words dropped, plural/tense endings trimmed, first occurrence kept, at most `max`.
pub fn subject_ids(text: &str, max: usize) -> Vec<u64> {
    let mut out = Vec::with_capacity(max);
    subject_words(text, max, |id, _| out.push(id));
    out
}

/// Whether two titles that share their subject words name different things all the same: a
/// word of one stands where the other has a word of its own, next to a word both have
/// ("search crashes on queries with *emoji*" / "... with *quotes*", "*Safari* drops cookies"
/// / "*Chrome* drops cookies", "memory leak in the *image resizer*" / "... the *thumbnail
/// cache*"). Shared words alone call those one subject, so a fix of one would close the
/// other, or a learning about one replace the other.
///
/// A word that says how things are rather than what they are ("slow", "flaky", "fast",
/// "stable") standing for another is the change a fix or an update reports, not another
/// subject. With `numbers` false a changed number is not a contrast either (a learning whose
/// figure changed is an update of the same subject; a fix for Node 18 is not one for Node
/// 20, so resolution counts numbers).
pub fn contrasts(a: &str, b: &str, numbers: bool) -> bool {
    const MAX: usize = 10;
    let words = |text: &str| {
        let mut out: Vec<(u64, bool)> = Vec::with_capacity(MAX);
        subject_words(text, MAX, |id, word| {
            let exempt = STATE_CHANGE_IDS.binary_search(&id).is_ok();
            out.push((id, exempt || (!numbers && is_number(word))))
        });
        out
    };
    let (a, b) = (words(a), words(b));
    let lone = |w: u64, other: &[(u64, bool)]| !other.iter().any(|&(o, _)| o == w);
    for (i, &(wa, exempt_a)) in a.iter().enumerate() {
        if exempt_a || !lone(wa, &b) {
            continue;
        }
        for (j, &(wb, exempt_b)) in b.iter().enumerate() {
            if exempt_b || !lone(wb, &a) {
                continue;
            }
            let left = i > 0 && j > 0 && a[i - 1].0 == b[j - 1].0;
            let right = matches!((a.get(i + 1), b.get(j + 1)), (Some(x), Some(y)) if x.0 == y.0);
            if left || right {
                return true;
            }
        }
    }
    false
}

/// Whether `a` names a narrower subject than `b`: the word `b`'s subject opens with stands in
/// `a` after a word of `a`'s own ("the *API* worker retries 5 times" against "the worker
/// retries 3 times"). The two share every word that matters, yet `a` is about one worker and
/// `b` about all of them (or another one): an update of one is no correction of the other.
/// Words of state and numbers are not qualifiers, as in [`contrasts`].
pub fn narrows(a: &str, b: &str) -> bool {
    const MAX: usize = 10;
    let b = subject_ids(b, MAX);
    let Some(&head) = b.first() else {
        return false;
    };
    // `a` word by word as written, each with its subject id (none for a stop word), so that
    // only a word right before the head qualifies it: "actually the worker" says how, "the
    // API worker" which.
    let is_word = |c: char| c.is_alphanumeric() || c == '\'';
    let words: Vec<(Option<u64>, &str)> = a
        .split(|c: char| !is_word(c))
        .filter(|w| !w.is_empty())
        .map(|w| (subject_ids(w, 1).first().copied(), w))
        .collect();
    let Some(at) = words.iter().position(|&(id, _)| id == Some(head)) else {
        return false;
    };
    match at.checked_sub(1).map(|i| words[i]) {
        Some((Some(before), word)) => {
            !is_number(word)
                && !b.contains(&before)
                && STATE_CHANGE_IDS.binary_search(&before).is_err()
        }
        _ => false,
    }
}

/// Words that say how something behaves or performs, on either side of a fix: the symptoms
/// the parser knows ([`super::symptoms::SYMPTOM_WORDS`]), and their remedies. As the ids of
/// their trimmed forms (as [`subject_words`] gives them), sorted: every fix that shares
/// enough words with an open problem is checked, on every parse.
static STATE_CHANGE_IDS: LazyLock<Vec<u64>> = LazyLock::new(|| {
    const STATES: &[&str] = &[
        "slow",
        "slower",
        "fast",
        "faster",
        "quick",
        "quicker",
        "stable",
        "unstable",
        "flaky",
        "reliable",
        "reliably",
        "unreliable",
        "correct",
        "correctly",
        "incorrect",
        "right",
        "wrong",
        "fine",
        "okay",
        "consistent",
        "inconsistent",
        "responsive",
        "unresponsive",
        "smooth",
        "stuck",
        "missing",
        "present",
        "visible",
        "invisible",
        "blank",
        "empty",
        "high",
        "higher",
        "low",
        "lower",
        "late",
        "early",
        "intermittent",
        "intermittently",
        "occasional",
        "occasionally",
        "again",
        "properly",
        "sluggish",
        "laggy",
        "janky",
        "hangs",
        "hang",
        "hanging",
        "hung",
        "leaks",
        "leak",
        "leaking",
        "times",
        "timeout",
        "timeouts",
        "drops",
        "drop",
        "dropped",
        "dropping",
        "keeps",
        "kept",
        "succeeds",
        "success",
        "successful",
        "passes",
        "pass",
        "passing",
    ];
    let words = STATES
        .iter()
        .chain(super::symptoms::SYMPTOM_WORDS.iter().flat_map(|l| l.iter()));
    let mut ids: Vec<u64> = words.map(|w| word_id(stem(w).as_bytes())).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
});

fn is_number(word: &str) -> bool {
    word.bytes().any(|b| b.is_ascii_digit())
}

/// The subject words of `text` in order (see [`subject_ids`]): `f` gets each new one's id
/// and its lower-case form, at most `max` of them. A harvested line's provenance (`(commit
/// 1a2b3c4)`, `(src/a.rs:12)`) says where it came from, not what it is about: two lines on
/// one subject from two commits would otherwise differ in the commit's id.
pub fn subject_words(text: &str, max: usize, mut f: impl FnMut(u64, &str)) {
    let text = super::provenance::split_provenance(text).map_or(text, |(body, _)| body);
    let mut out: Vec<u64> = Vec::with_capacity(max);
    let mut lower = String::with_capacity(48);
    let bytes = text.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'\'' || b >= 0x80;
    let mut i = 0;
    while i < bytes.len() {
        if !is_word(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_word(bytes[i]) {
            i += 1;
        }
        // Runs end at ASCII bytes, so the slice is valid UTF-8.
        let run = &text[start..i];
        let full = if run.is_ascii() {
            add_subject_word(run, &mut lower, &mut out, max, &mut f)
        } else {
            // Outside ASCII, words end at any character that is not a letter or digit (an
            // em dash, a full-width colon or comma), and CJK text has no spaces: its runs
            // are taken as overlapping pairs, as search indexes them.
            let mut pieces = Vec::new();
            let mut full = false;
            for (s, e) in unicode_words(run) {
                pieces.clear();
                cjk_pieces(run, s, e, &mut pieces);
                for &(s, e) in &pieces {
                    full = add_subject_word(&run[s..e], &mut lower, &mut out, max, &mut f);
                    if full {
                        break;
                    }
                }
                if full {
                    break;
                }
            }
            full
        };
        if full {
            break;
        }
    }
}

/// The byte ranges of the runs of letters, digits and apostrophes of `run`.
fn unicode_words(run: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let is_word = |c: char| c.is_alphanumeric() || c == '\'';
    let mut chars = run.char_indices().peekable();
    std::iter::from_fn(move || {
        let (start, _) = chars.by_ref().find(|&(_, c)| is_word(c))?;
        let mut end = run.len();
        while let Some(&(i, c)) = chars.peek() {
            if !is_word(c) {
                end = i;
                break;
            }
            chars.next();
        }
        Some((start, end))
    })
}

/// One word of [`subject_words`]: its id given to `f` unless it is too short or long, says
/// nothing of a subject, or came before. Whether `out` is now full.
fn add_subject_word(
    word: &str,
    lower: &mut String,
    out: &mut Vec<u64>,
    max: usize,
    f: &mut impl FnMut(u64, &str),
) -> bool {
    let word = word.trim_matches('\'');
    let n = word.len();
    // A single CJK character is three bytes, and can be a word. Two letters in capitals or
    // with a digit are a name ("CI", "UI", "DB", "S3"): "CI fails on arm64" is about CI.
    // (Capitals that spell a stop word, "IS", "OR", are dropped with it below.)
    let name = n == 2
        && word.bytes().all(|b| b.is_ascii_alphanumeric())
        && word
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
    if n > 48 || (n < 3 && !name && !word.bytes().all(|b| b.is_ascii_digit())) {
        return false;
    }
    lower.clear();
    lower.push_str(word);
    lower.make_ascii_lowercase();
    let whole = word_id(lower.as_bytes());
    if is_subjectless(lower, whole) {
        return false;
    }
    let stemmed = stem(lower);
    let id = if stemmed.len() == lower.len() {
        whole
    } else {
        word_id(stemmed.as_bytes())
    };
    if !out.contains(&id) {
        out.push(id);
        f(id, lower);
    }
    out.len() == max
}

/// Word ids for set lookups (in memory only; the cache hash, XXH3).
fn word_id(bytes: &[u8]) -> u64 {
    crate::rank::cache::fast_hash(bytes)
}

/// Plural and tense endings trimmed. Subject ids are only compared with each other, never
/// with search terms, and they are computed for every problem and fix title on every parse
/// (inside recall's budget), so a trim without allocation serves here rather than the
/// Snowball stemmer that search uses. A silent final "e" goes too, so the forms of a verb
/// or noun in -e meet ("migrate" / "migrated", "update" / "updating", "cache" / "caches",
/// "issue" / "issues"): a fix told in another tense names the same subject.
fn stem(w: &str) -> &str {
    let base = ["ing", "ed", "es", "s"]
        .iter()
        .find_map(|suffix| w.strip_suffix(suffix).filter(|base| base.len() >= 3))
        .unwrap_or(w);
    match base.strip_suffix('e') {
        Some(trimmed) if trimmed.len() >= 3 => trimmed,
        _ => base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_a_word_in_e_has_one_stem() {
        for forms in [
            ["migrate", "migrated", "migrates", "migrating"],
            ["update", "updated", "updates", "updating"],
            ["cache", "cached", "caches", "caching"],
            ["wire", "wired", "wires", "wiring"],
        ] {
            let stems: Vec<&str> = forms.iter().map(|w| stem(w)).collect();
            assert!(stems.iter().all(|s| *s == stems[0]), "{forms:?}: {stems:?}");
        }
        assert_eq!(stem("issue"), stem("issues"));
        // Short words keep their letters: "use" is not "us".
        assert_eq!(stem("use"), "use");
        assert_eq!(stem("uses"), "use");
    }

    #[test]
    fn the_choice_ends_where_its_reason_starts() {
        let chosen = "re-enable the e2e suite on PRs";
        for reason in [
            " because the runner is fixed",
            " since the runner is fixed",
            " now that the runner is fixed",
            " as the runner is fixed",
            " as it is fixed",
            " so that regressions are caught",
            " so regressions are caught",
            " after the runner fix",
            " until the release",
            " given that the runner is fixed",
            " thanks to the new runner",
            " in order to catch regressions",
            "; the runner is fixed",
            ", the runner is fixed",
            ": the runner is fixed",
            ". The runner is fixed.",
            " - the runner is fixed",
            " \u{2014} the runner is fixed",
            " \u{2013} the runner is fixed",
            " (the runner is fixed)",
            " (runner fixed) because it (finally) passes",
            "",
        ] {
            assert_eq!(
                before_reason(&format!("{chosen}{reason}")),
                chosen,
                "{reason:?}"
            );
        }
        // "as" naming a role, "so" as a degree, a condition, an abbreviation, a parenthesis
        // inside: all part of what was chosen.
        for whole in [
            "use Redis as the session store",
            "use Redis as a cache for the API",
            "keep the queue so far",
            "enable the cache when offline",
            "use Postgres vs. MySQL",
            "use tokio (multi-thread) for the server",
            "(all of it)",
        ] {
            assert_eq!(before_reason(whole), whole);
        }
    }

    #[test]
    fn a_fix_is_about_its_title_before_how_it_was_done() {
        for (title, subject) in [
            (
                "paper fills double counted - dedupe by order id in apply_paper_fill",
                "paper fills double counted",
            ),
            (
                "Safari cookie loss \u{2014} same-site domain",
                "Safari cookie loss",
            ),
            (
                "search crashes on quotes, fixed by escaping them",
                "search crashes on quotes",
            ),
            (
                "search crashes on quotes by escaping them",
                "search crashes on quotes",
            ),
            (
                "build fails on arm64 (pinned the toolchain)",
                "build fails on arm64",
            ),
            // "by" before a noun is part of the subject.
            (
                "sign-in by email fails on Safari",
                "sign-in by email fails on Safari",
            ),
            ("export job times out", "export job times out"),
        ] {
            assert_eq!(before_remedy(title), subject, "{title}");
        }
    }

    #[test]
    fn an_alternative_ends_where_a_reason_starts() {
        assert_eq!(
            alternatives("use argon2 instead of bcrypt now that we have the CPU budget"),
            vec!["bcrypt"]
        );
        assert_eq!(
            alternatives("switch from Jenkins after the outage"),
            vec!["Jenkins"]
        );
    }

    #[test]
    fn before_turning_away_ends_at_the_first_marker() {
        assert_eq!(
            before_turning_away("config files instead of JSON"),
            "config files"
        );
        assert_eq!(
            before_turning_away("the API rather than gRPC, or switch from REST"),
            "the API"
        );
        assert_eq!(before_turning_away("password hashing"), "password hashing");
    }

    #[test]
    fn a_word_standing_for_another_is_a_contrast() {
        let pairs = [
            (
                "search crashes on queries with emoji",
                "search crashes on queries with quotes",
            ),
            (
                "the export job fails on Windows paths",
                "the export job fails on Linux paths with spaces",
            ),
            (
                "memory leak in the image resizer",
                "memory leak in the thumbnail cache",
            ),
            (
                "Safari drops cookies on cross-site redirects",
                "turns out Chrome doesn't drop cookies on cross-site redirects",
            ),
            (
                "the billing API allows 100 requests a minute",
                "the search API allows 20 requests a minute",
            ),
            (
                "image upload fails on iOS Safari",
                "image upload fails on Android Chrome",
            ),
        ];
        for (a, b) in pairs {
            assert!(contrasts(a, b, true), "{a} / {b}");
            assert!(contrasts(b, a, false), "{b} / {a}");
        }
        // The same subject said again, reworded, or with its state changed.
        let same = [
            (
                "the upload endpoint crashes on files over 10MB",
                "the upload endpoint no longer crashes on big files",
            ),
            ("login fails on Safari", "login works on Safari now"),
            ("CI is slow", "CI is fast now with caching"),
            ("tests are flaky on CI", "fixed flaky tests on CI"),
            ("imports hang on big files", "imports hang on big files"),
        ];
        for (a, b) in same {
            assert!(!contrasts(a, b, true), "{a} / {b}");
        }
        // A correction with a version number in it is an update of the same learning.
        assert!(!contrasts(
            "actually the ORM no longer truncates varchar fields since v2.1, it raises an error",
            "the ORM silently truncates varchar fields longer than 255",
            false
        ));
        // A changed number: another subject for a fix, an update for a learning.
        let (a, b) = ("the build fails on Node 18", "the build fails on Node 20");
        assert!(contrasts(a, b, true));
        assert!(!contrasts(a, b, false));
    }

    #[test]
    fn a_qualifier_before_the_subject_narrows_it() {
        let narrower = [
            (
                "learned: the API worker actually retries failed jobs 5 times",
                "learned: the worker retries failed jobs 3 times",
            ),
            (
                "the staging database is Postgres 15",
                "the database is Postgres 14",
            ),
        ];
        for (a, b) in narrower {
            assert!(narrows(a, b), "{a} / {b}");
            assert!(!narrows(b, a), "{b} / {a}");
        }
        // Said again with a correction, a changed state or figure, or a count: one subject.
        let same = [
            (
                "actually the worker retries failed jobs 5 times",
                "the worker retries failed jobs 3 times",
            ),
            (
                "learned: Safari no longer strips the Authorization header on redirects",
                "learned: Safari strips the Authorization header on redirects",
            ),
            ("now the worker is fast", "the worker is slow"),
            ("flaky tests on CI", "tests on CI"),
            ("the 2 workers share one queue", "workers share one queue"),
        ];
        for (a, b) in same {
            assert!(!narrows(a, b), "{a} / {b}");
        }
    }

    #[test]
    fn titles() {
        assert_eq!(title("**use JWT** [superseded]"), "use JWT");
        assert_eq!(title("a   b  -"), "a b");
        assert_eq!(
            title("MySQL - weaker jsonb (see also: [[MEMORY#2026-03-02]])"),
            "MySQL - weaker jsonb"
        );
        assert_eq!(title("see [[auth]]"), "see [[auth]]");
    }

    #[test]
    fn reasoning_forms() {
        assert_eq!(
            reasoning("use JWT because stateless", false).as_deref(),
            Some("stateless")
        );
        assert_eq!(
            reasoning(
                "use JWT since sessions need sticky routing. Later: x",
                false
            )
            .as_deref(),
            Some("sessions need sticky routing")
        );
        assert_eq!(
            reasoning("use JWT so that we scale", false).as_deref(),
            Some("we scale")
        );
        assert_eq!(
            reasoning("moved due to cost", false).as_deref(),
            Some("cost")
        );
        assert_eq!(reasoning("used it since 2020", false), None);
        assert_eq!(
            reasoning("chose X over Y - simpler", true).as_deref(),
            Some("simpler")
        );
        assert_eq!(reasoning("chose X over Y - simpler", false), None);
    }

    #[test]
    fn alternatives_forms() {
        assert_eq!(
            alternatives("chose Postgres over MySQL because x"),
            vec!["MySQL"]
        );
        assert_eq!(alternatives("use fetch instead of axios."), vec!["axios"]);
        assert_eq!(
            alternatives("REST rather than GraphQL, for now"),
            vec!["GraphQL"]
        );
        assert_eq!(
            alternatives("decided against Redis - overkill"),
            vec!["Redis"]
        );
        assert_eq!(
            alternatives("switch from FastAPI to Litestar because of typing"),
            vec!["FastAPI"]
        );
        assert_eq!(
            alternatives("migrated from Celery to Dramatiq, simpler"),
            vec!["Celery"]
        );
        assert!(alternatives("ran over the weekend").is_empty());
        assert!(alternatives("sent over HTTP").is_empty());
        // A verb's object between it and what it turns away from, or the thing replaced.
        assert_eq!(
            alternatives("switch the local cache from SQLite to sled"),
            vec!["SQLite"]
        );
        assert_eq!(
            switched_object("switch the local cache from SQLite to sled"),
            Some("the local cache")
        );
        assert_eq!(alternatives("replace SQLite with sled"), vec!["SQLite"]);
        // Words that turn away with no new choice named.
        for (text, alt) in [
            ("stop using Redis for caching - memory pressure", "Redis"),
            ("no longer use Jest, too slow", "Jest"),
            ("drop Redis because of memory pressure", "Redis"),
            ("get rid of the ORM", "the ORM"),
            ("move away from Heroku to Fly", "Heroku"),
            ("move off Heroku", "Heroku"),
        ] {
            assert_eq!(alternatives(text), vec![alt], "{text}");
        }
        // Not inside another word, and not a switch whose object is "away".
        assert!(alternatives("an airdrop of tokens").is_empty());
        assert_eq!(switched_object("move away from Heroku to Fly"), None);
        assert_eq!(
            alternatives("replaced the cron job by a systemd timer, fewer moving parts"),
            vec!["the cron job"]
        );
        assert!(turns_away_from(
            "Replace SQLite with sled for the cache",
            "sqlite"
        ));
        assert!(turns_away_from(
            "switch the cache from SQLite to sled",
            "SQLite"
        ));
        assert!(!turns_away_from("use Postgres over MySQL", "MySQL"));
        // Not a turning away: no "with" after the replaced thing, a "from" too far or
        // across a clause, a move of data from a place.
        assert!(alternatives("replace the flaky test").is_empty());
        assert!(alternatives("replace it, with care").is_empty());
        assert!(
            alternatives("move fast and keep every option open for the team from day one")
                .is_empty()
        );
        assert_eq!(switched_object("switch from FastAPI to Litestar"), None);
        // A quotation blanked for the search must not leave a cut inside a character.
        let _ = alternatives("use X over \u{201c}日本\u{201d}because of it");
        let _ = alternatives("use X over \"日本\"because of it");
    }

    #[test]
    fn statuses() {
        assert_eq!(problem_status("login fails", false), ProblemStatus::Open);
        assert_eq!(
            problem_status("login fails - fixed by x", false),
            ProblemStatus::Resolved
        );
        assert_eq!(
            problem_status("login not fixed yet", false),
            ProblemStatus::Open
        );
        assert_eq!(
            problem_status(
                "pip install fails on ARM → cause: no wheel → fix: use psycopg2-binary",
                false
            ),
            ProblemStatus::Resolved
        );
        assert_eq!(
            problem_status("pip install fails on ARM → cause: no wheel", false),
            ProblemStatus::Open
        );
        assert_eq!(
            problem_status("deploy blocked by legal", false),
            ProblemStatus::Blocked
        );
        assert_eq!(
            problem_status("waiting on API keys", false),
            ProblemStatus::Blocked
        );
        assert_eq!(problem_status("x", true), ProblemStatus::Resolved);
    }

    #[test]
    fn gotcha_splits() {
        assert_eq!(split_gotcha("a -> b"), ("a".into(), Some("b".into())));
        // Found by the fuzzer: a multi-byte character before the arrow.
        assert_eq!(
            split_gotcha("é\u{fffd} -> b"),
            ("é\u{fffd}".into(), Some("b".into()))
        );
        assert_eq!(split_gotcha("日本語 only"), ("日本語 only".into(), None));
        assert_eq!(split_gotcha("a → b"), ("a".into(), Some("b".into())));
        assert_eq!(split_gotcha("a -- b"), ("a".into(), Some("b".into())));
        assert_eq!(split_gotcha("a - b"), ("a - b".into(), None));
        assert_eq!(
            split_gotcha("use `--no-cache` flag"),
            ("use `--no-cache` flag".into(), None)
        );
        assert_eq!(
            split_gotcha("`a->b` deref -> check null"),
            ("`a->b` deref".into(), Some("check null".into()))
        );
    }

    #[test]
    fn links_and_subjects() {
        assert_eq!(
            wikilinks("see [[MEMORY#L12]] and [[auth|Auth notes]]"),
            vec!["MEMORY#L12", "auth"]
        );
        let ids = |words: &[&str]| {
            words
                .iter()
                .map(|w| word_id(w.as_bytes()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            subject_ids("API returns 500 on large payloads, fixed", 8),
            ids(&["api", "return", "500", "larg", "payload"])
        );
        assert_eq!(subject_ids("a b c d e f g h i j k l", 3).len(), 0);
        assert_eq!(
            subject_ids("alpha beta gamma delta", 2),
            ids(&["alpha", "beta"])
        );
        // Non-ASCII punctuation ends a word; CJK runs are taken as overlapping pairs.
        assert_eq!(
            subject_ids("überlauf—naïve cache", 8),
            ids(&["überlauf", "naïv", "cach"])
        );
        assert_eq!(
            subject_ids("构建失败，缓存过期", 8),
            ids(&["构建", "建失", "失败", "缓存", "存过", "过期"])
        );
        assert_eq!(subject_ids("表 slow", 8), ids(&["表", "slow"]));
        assert_eq!(
            subject_ids("修复构建失败已修复", 3),
            ids(&["修复", "复构", "构建"])
        );
    }
}
