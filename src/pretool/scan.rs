//! A cheap line scan of MEMORY.md, the commit store (`.mind/cache/commits.md`, MEMORY.md's
//! format) and SESSION.md for what bears on one [`Action`]: gotchas (`## Gotchas` bullets,
//! `gotcha:` lines), rejected approaches (`decided against:` and the other rejection labels,
//! SESSION.md's `## Rejected` bullets) and memories whose provenance names the file
//! (`(src/a.rs:12)`, `(src/a.rs:12, commit 1a2b3c4)`). One pass, no parser, no allocation
//! for lines that cannot match: fast enough to run before every tool call. Only when a
//! rejection matches are the lines after it that share its words parsed, to leave out one a
//! later decision took back.

use std::path::Path;

use super::Action;
use crate::context::build::Choice;
use crate::parse::{Entity, EntryType};

/// What kind of memory matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Gotcha,
    Rejected,
    /// A memory whose provenance names the file (or a file the command names).
    About,
}

/// One matching memory line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub kind: Kind,
    /// The line without its bullet or label, marks taken out.
    pub text: String,
    /// Marked `[stale?]`: the file changed after the memory was written.
    pub stale: bool,
    /// A gotcha marked `[critical]` (or labelled `critical:`).
    pub critical: bool,
    /// A gotcha or rejection that names the action itself, not only a word it shares with
    /// it: the file's path or name, or the command it names, word for word in order
    /// ([`names_command`]). Only such a critical gotcha may refuse the call.
    pub names_action: bool,
}

/// Labels that make a line a rejected approach (the parser's rejection labels).
const REJECTION_LABELS: [&str; 8] = [
    "decided against:",
    "rejected:",
    "ruled out:",
    "rejected approach:",
    "dead end:",
    "didn't work:",
    "did not work:",
    "tried and failed:",
];

/// Words too common in commands and paths to say that a memory is about a command or a
/// file (function words are already out: they are stop words).
const COMMON: [&str; 14] = [
    "src", "lib", "main", "mod", "test", "tests", "index", "run", "new", "use", "using", "file",
    "files", "failed",
];

/// The lines of `memory`, the commit store (`commits`) and `session` that bear on `action`,
/// gotchas first. The store holds what commits taught (their messages, the `MEMORY:`
/// comments they added), which no other file holds until it is copied to MEMORY.md.
pub fn scan(memory: &str, commits: &str, session: &str, action: &Action) -> Vec<Found> {
    let mut found: Vec<Found> = scan_files(memory, commits, session, &[Probe::new(action)])
        .into_iter()
        .map(|(_, f)| f)
        .collect();
    found.sort_by_key(|f| f.kind);
    found
}

/// The lines that bear on any of `actions` (a patch may touch several files), each once,
/// gotchas first: each file is read once for all of them.
pub fn scan_all(memory: &str, commits: &str, session: &str, actions: &[Action]) -> Vec<Found> {
    let probes: Vec<Probe<'_>> = actions.iter().map(Probe::new).collect();
    let mut hits = scan_files(memory, commits, session, &probes);
    // In the order of the actions each line first bears on, each action's gotchas first;
    // a line whose text an earlier one has is left out.
    hits.sort_by_key(|(action, f)| (*action, f.kind));
    let mut found: Vec<Found> = Vec::new();
    for (_, f) in hits {
        if !found.iter().any(|g| g.text == f.text) {
            found.push(f);
        }
    }
    found.sort_by_key(|f| f.kind);
    found
}

/// The matching lines of the three files in order, each with the first of `probes` it bears
/// on (its index); a rejection a later decision took back is left out ([`drop_taken_back`]).
fn scan_files(
    memory: &str,
    commits: &str,
    session: &str,
    probes: &[Probe<'_>],
) -> Vec<(usize, Found)> {
    let mut hits = Vec::new();
    if probes.is_empty() {
        return Vec::new();
    }
    scan_text(memory, MEMORY, "gotchas", probes, &mut hits);
    scan_text(commits, COMMITS, "gotchas", probes, &mut hits);
    scan_text(session, SESSION, "rejected", probes, &mut hits);
    drop_taken_back([memory, commits], &mut hits);
    hits.into_iter().map(|h| (h.probe, h.found)).collect()
}

/// The scanned files, in the order their lines are read as written: the commit store's
/// lines come after MEMORY.md's (as the context block numbers them), SESSION.md's last.
const MEMORY: usize = 0;
const COMMITS: usize = 1;
const SESSION: usize = 2;

/// Where a line is: its file, its line in it, and the date heading it is under.
#[derive(Debug, Clone, Copy)]
struct Place<'t> {
    file: usize,
    line: usize,
    date: Option<&'t str>,
}

impl Place<'_> {
    /// Whether this line was written after `other`: a later date heading, or, with no two
    /// dates to tell them apart, a later place (the commit store after MEMORY.md).
    fn is_after(&self, other: &Place<'_>) -> bool {
        match (self.date, other.date) {
            (Some(a), Some(b)) if a != b => a > b,
            _ => (self.file, self.line) > (other.file, other.line),
        }
    }
}

/// One matching line, with the probe it bears on and where it is.
struct Hit<'t> {
    probe: usize,
    found: Found,
    place: Place<'t>,
    /// The line as written (trimmed).
    line: &'t str,
}

/// The lines of a memory file that can hold one: headings (a `## YYYY-MM-DD` heading dates
/// the lines under it), `---` rules, HTML comments, blank lines and `[superseded]` lines are
/// passed over. Each comes with its line index, whether it is under the `## ` heading
/// `section`, and its date heading.
struct Lines<'t> {
    lines: std::iter::Enumerate<std::str::Lines<'t>>,
    section: &'static str,
    inside: bool,
    in_comment: bool,
    date: Option<&'t str>,
}

impl<'t> Lines<'t> {
    fn new(text: &'t str, section: &'static str) -> Lines<'t> {
        Lines {
            lines: text.lines().enumerate(),
            section,
            inside: false,
            in_comment: false,
            date: None,
        }
    }
}

impl<'t> Iterator for Lines<'t> {
    type Item = (usize, &'t str, bool, Option<&'t str>);

    fn next(&mut self) -> Option<Self::Item> {
        for (i, raw) in self.lines.by_ref() {
            let line = raw.trim();
            if self.in_comment {
                self.in_comment = !line.contains("-->");
                continue;
            }
            if line.starts_with("<!--") {
                self.in_comment = !line.contains("-->");
                continue;
            }
            if let Some(heading) = line.strip_prefix('#') {
                let heading = heading.trim_start_matches('#').trim();
                self.inside = heading.eq_ignore_ascii_case(self.section);
                self.date = date_of(heading);
                continue;
            }
            if line.starts_with("---") {
                self.inside = false;
                continue;
            }
            if line.is_empty() || contains_ci(line, "[superseded]") {
                continue;
            }
            return Some((i, line, self.inside, self.date));
        }
        None
    }
}

/// The `YYYY-MM-DD` a heading starts with (`## 2026-01-10`, `## 2026-01-10 | summary`).
fn date_of(heading: &str) -> Option<&str> {
    let date = heading.get(..10)?;
    let shape = date.bytes().enumerate().all(|(i, b)| match i {
        4 | 7 => b == b'-',
        _ => b.is_ascii_digit(),
    });
    shape.then_some(date)
}

/// Leave out the matched rejections of MEMORY.md and the commit store that a later decision
/// takes back, judged as the context block and `mind search` judge it
/// ([`Choice::taken_back_by`]): "decided against: Redis for sessions" is no longer ruled out
/// once "use Redis for sessions now that we run three servers" follows it, and the block
/// lists neither as ruled out. Only a later line holding every word of what the rejection
/// turned down can take it back, so a line is parsed only when it passes two cheap tests
/// first: a byte search for those words' stems ([`stem_pieces`]), then their subject words;
/// a note with no rejection costs nothing more. SESSION.md's rejections are this session's:
/// nothing later takes them back.
fn drop_taken_back(texts: [&str; 2], hits: &mut Vec<Hit<'_>>) {
    const WORDS: usize = 64;
    let choice_entity = |line: &str| {
        (crate::parse::parse_document(line)
            .entities
            .into_iter()
            .next())
        .filter(|e| matches!(e.kind, EntryType::Decision | EntryType::Rejected) && !e.key)
    };
    let entities: Vec<(usize, Entity)> = (hits.iter().enumerate())
        .filter(|(_, h)| h.found.kind == Kind::Rejected && h.place.file != SESSION)
        .filter_map(|(i, h)| Some((i, choice_entity(h.line)?)))
        .collect();
    if entities.is_empty() {
        return;
    }
    // Each rejection: its hit, its choice, the subject words and the stem pieces of what it
    // turned down (its title before its reason, as the choice reads it).
    let older: Vec<(usize, Choice<'_>, Vec<u64>, Vec<String>)> = (entities.iter())
        .map(|(i, e)| {
            let subject = crate::parse::before_reason(&e.title);
            let ids = crate::parse::subject_ids(subject, WORDS);
            (*i, Choice::of(e), ids, stem_pieces(subject))
        })
        .collect();
    let mut taken = vec![false; older.len()];
    let mut lower = String::new();
    for (file, text) in texts.into_iter().enumerate() {
        for (line, body, _, date) in Lines::new(text, "") {
            let place = Place { file, line, date };
            let open = |k: usize| !taken[k] && place.is_after(&hits[older[k].0].place);
            if !(0..older.len()).any(open) {
                continue;
            }
            lower.clear();
            lower.push_str(body);
            lower.make_ascii_lowercase();
            let holds = |k: usize| {
                let pieces = &older[k].3;
                pieces.is_empty() || pieces.iter().any(|p| lower.contains(p.as_str()))
            };
            if !(0..older.len()).any(|k| open(k) && holds(k)) {
                continue;
            }
            let ids = crate::parse::subject_ids(body, WORDS);
            let sharing: Vec<usize> = (0..older.len())
                .filter(|&k| open(k) && holds(k) && older[k].2.iter().any(|w| ids.contains(w)))
                .collect();
            if sharing.is_empty() {
                continue;
            }
            let Some(newer) = choice_entity(body) else {
                continue;
            };
            let newer = Choice::of(&newer);
            for k in sharing {
                taken[k] |= older[k].1.taken_back_by(&newer);
            }
        }
    }
    let gone: Vec<usize> = (older.iter().zip(&taken))
        .filter(|(_, taken)| **taken)
        .map(|(older, _)| older.0)
        .collect();
    let mut at = 0;
    hits.retain(|_| {
        at += 1;
        !gone.contains(&(at - 1))
    });
}

/// Lower-case pieces of `subject` that a line holding one of its words holds too: each
/// word's stem without its last character ("sessions" and "session" both hold "sessio",
/// "city" and "cities" "cit"), a short stem whole. Stop words are left out (they are no
/// subject's words); empty when nothing is left, and then every line may hold it.
fn stem_pieces(subject: &str) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    for word in crate::terms::words(subject) {
        if crate::rank::stopwords::is_stop_word(&word) {
            continue;
        }
        let stem = crate::terms::stem(&word);
        let chars = stem.chars().count();
        let piece: String = if chars >= 4 {
            stem.chars().take(chars - 1).collect()
        } else {
            stem
        };
        if !piece.is_empty() && !pieces.contains(&piece) {
            pieces.push(piece);
        }
    }
    pieces
}

/// What a line is checked against: the action's distinctive words and, for a file, its path.
struct Probe<'a> {
    words: Vec<String>,
    action: &'a Action,
}

impl<'a> Probe<'a> {
    fn new(action: &'a Action) -> Probe<'a> {
        let words = match action {
            Action::Command(command) => words(command),
            // A file's own name says what it is about; its folders rarely do.
            Action::File(path) => {
                let name = path.rsplit('/').next().unwrap_or(path);
                let stem = name.split('.').next().unwrap_or(name);
                words(stem)
            }
        };
        Probe { words, action }
    }

    /// Whether a gotcha or rejection's subject shares a distinctive word with the action
    /// or names its file.
    fn subject_matches(&self, subject: &str) -> bool {
        if let Action::File(path) = self.action
            && names_path(subject, path)
        {
            return true;
        }
        // Its marks are not its words: `[critical]` would match every command saying
        // "critical".
        let lower = clean(subject).to_lowercase();
        words(&lower).iter().any(|w| self.words.contains(w))
    }

    /// Whether a gotcha or rejection's subject names the action itself, not only a word of
    /// it: the file's path or name, or the command it names ([`names_command`]).
    fn names(&self, subject: &str) -> bool {
        match self.action {
            Action::File(path) => names_path(subject, path),
            Action::Command(command) => names_command(subject, command),
        }
    }

    /// Whether a line's provenance names the action's file (or a file the command names).
    /// A provenance written with `.` or `..` (`src/../src/a.rs`) names the file they fold to.
    fn provenance_matches(&self, line: &str) -> bool {
        provenance_paths(line).any(|p| match self.action {
            Action::File(path) => {
                p == path
                    || (p.split('/').any(|part| part == "." || part == "..")
                        && super::fold_dots(Path::new(p))
                            .is_some_and(|folded| folded == Path::new(path)))
            }
            Action::Command(command) => p.len() >= 3 && command.contains(p),
        })
    }
}

/// Scan one file (`file`: [`MEMORY`], [`COMMITS`] or [`SESSION`]). `section` is the `## `
/// heading whose bullets are all of one kind (Gotchas in MEMORY.md, Rejected in
/// SESSION.md). Each line found comes with the first of `probes` it bears on and how.
fn scan_text<'t>(
    text: &'t str,
    file: usize,
    section: &'static str,
    probes: &[Probe<'_>],
    found: &mut Vec<Hit<'t>>,
) {
    for (index, line, inside, date) in Lines::new(text, section) {
        let body = strip_bullet(line);
        let kind = if inside {
            Some(if section == "gotchas" {
                Kind::Gotcha
            } else {
                Kind::Rejected
            })
        } else if starts_with_ci(body, "gotcha:") || starts_with_ci(body, "critical:") {
            Some(Kind::Gotcha)
        } else if REJECTION_LABELS.iter().any(|l| starts_with_ci(body, l)) {
            Some(Kind::Rejected)
        } else {
            None
        };
        let matched = probes.iter().enumerate().find_map(|(i, probe)| {
            let kind = match kind {
                Some(kind) if probe.subject_matches(subject(body)) => kind,
                // Any memory can carry a provenance; `(` first keeps this cheap.
                _ if body.contains('(') && probe.provenance_matches(body) => Kind::About,
                _ => return None,
            };
            Some((i, kind))
        });
        if let Some((probe, kind)) = matched {
            let names_action = kind != Kind::About && probes.iter().any(|p| p.names(subject(body)));
            found.push(Hit {
                probe,
                found: Found {
                    kind,
                    text: clean(body),
                    stale: contains_ci(body, "[stale?]"),
                    critical: kind == Kind::Gotcha
                        && (contains_ci(body, "[critical]")
                            || starts_with_ci(body, "critical:")
                            || starts_with_ci(after_label(body, "gotcha:"), "critical:")),
                    names_action,
                },
                place: Place {
                    file,
                    line: index,
                    date,
                },
                line,
            });
        }
    }
}

/// The subject of a gotcha or rejection: before its workaround or reason. A separator
/// inside a `code span` is part of the code (`npm run db:reset`, `git push -- main`).
fn subject(body: &str) -> &str {
    const SEPARATORS: [&str; 7] = ["->", "→", " -- ", " - ", " — ", "because", ":"];
    let body = strip_label(body);
    let mut in_code = false;
    for (i, c) in body.char_indices() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code && SEPARATORS.iter().any(|sep| body[i..].starts_with(sep)) {
            return &body[..i];
        }
    }
    body
}

/// Whether a gotcha or rejection's `subject` names `command` itself: the command it names
/// is in one of the command line's simple commands (split at `&&`, `||`, `;`, `|`), word for
/// word and in order, other words allowed between ("git push --force" names `git push
/// --force origin main`, not `git status` or `git push --force-with-lease`). The command it
/// names is each of its `code spans`, or without one the words it starts with, after an
/// opener such as "never run", up to its first small word ("to", "on", "in", "when", ...)
/// or a word ending a clause: "git push --force to main rewrites shared history" names
/// `git push --force`. One such word is a topic ("git"), not a command, and names nothing.
/// Quoted words of the command line are one word each, so a commit message that mentions
/// the command does not run it.
fn names_command(subject: &str, command: &str) -> bool {
    let subject = clean(subject);
    let spans: Vec<&str> = (subject.split('`').skip(1).step_by(2))
        .filter(|s| !s.trim().is_empty())
        .collect();
    // A span the subject opens but never closes is not code.
    let closed = subject.matches('`').count().is_multiple_of(2);
    let named: Vec<Vec<String>> = if closed && !spans.is_empty() {
        spans.iter().map(|s| shell_words(s).concat()).collect()
    } else {
        let run = leading_command(&subject);
        if run.len() < 2 { Vec::new() } else { vec![run] }
    };
    if named.iter().all(Vec::is_empty) {
        return false;
    }
    let simple = shell_words(command);
    named.iter().filter(|n| !n.is_empty()).any(|named| {
        simple.iter().any(|words| {
            let mut words = words.iter();
            named
                .iter()
                .all(|n| words.any(|w| w == n || w.ends_with(&format!("/{n}"))))
        })
    })
}

/// The words a subject starts with that read as a command, lower case: an opener ("never
/// run", "don't use") left out, up to the first small word of prose or the end of a clause.
fn leading_command(subject: &str) -> Vec<String> {
    /// Words that open a warning before the command it is about.
    const OPENERS: [&str; 14] = [
        "never", "don't", "dont", "do", "not", "avoid", "no", "stop", "run", "running", "use",
        "using", "call", "calling",
    ];
    /// Small words of prose that no command line is made of: the command ends before one.
    const PROSE: [&str; 53] = [
        "a", "an", "the", "to", "on", "in", "into", "onto", "at", "for", "from", "of", "by",
        "with", "without", "is", "are", "was", "were", "be", "been", "will", "would", "can",
        "cannot", "can't", "could", "may", "might", "must", "should", "and", "or", "but", "when",
        "while", "if", "unless", "before", "after", "then", "that", "which", "it", "this", "these",
        "those", "never", "always", "only", "does", "doesn't", "not",
    ];
    /// Verbs that say what a command does to you, ending the command before them:
    /// "kubectl delete namespace prod wipes everything".
    const CONSEQUENCES: [&str; 16] = [
        "wipes",
        "deletes",
        "destroys",
        "breaks",
        "removes",
        "erases",
        "loses",
        "kills",
        "corrupts",
        "overwrites",
        "drops",
        "nukes",
        "resets",
        "rewrites",
        "hangs",
        "crashes",
    ];
    let mut run = Vec::new();
    let mut opening = true;
    for raw in subject.split_whitespace() {
        let word = raw.to_lowercase();
        if opening && OPENERS.contains(&word.as_str()) {
            continue;
        }
        opening = false;
        if PROSE.contains(&word.as_str())
            || CONSEQUENCES.contains(&word.as_str())
            || word.starts_with('(')
        {
            break;
        }
        let bare = word.trim_end_matches([',', ';', '.', '!', '?']);
        if !bare.is_empty() {
            run.push(bare.to_string());
        }
        if bare.len() != word.len() {
            break;
        }
    }
    run
}

/// A command line's simple commands (split at `&&`, `||`, `;`, `|`, `&`, newlines and
/// parentheses outside quotes), each as its words, lower case: quotes and backslashes taken
/// out the way a shell takes them out, a quoted string one word.
fn shell_words(command: &str) -> Vec<Vec<String>> {
    let mut commands: Vec<Vec<String>> = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut started = false;
    let mut quote: Option<char> = None;
    let mut chars = command.chars();
    let end_word = |word: &mut String, started: &mut bool, words: &mut Vec<String>| {
        if *started {
            words.push(std::mem::take(word).to_lowercase());
            *started = false;
        }
    };
    while let Some(c) = chars.next() {
        match quote {
            Some(q) if c == q => quote = None,
            Some('"') if c == '\\' => word.extend(chars.next()),
            Some(_) => word.push(c),
            None => match c {
                '\'' | '"' => {
                    quote = Some(c);
                    started = true;
                }
                '\\' => {
                    word.extend(chars.next());
                    started = true;
                }
                ';' | '|' | '&' | '\n' | '(' | ')' => {
                    end_word(&mut word, &mut started, &mut words);
                    if !words.is_empty() {
                        commands.push(std::mem::take(&mut words));
                    }
                }
                c if c.is_whitespace() => end_word(&mut word, &mut started, &mut words),
                c => {
                    word.push(c);
                    started = true;
                }
            },
        }
    }
    end_word(&mut word, &mut started, &mut words);
    if !words.is_empty() {
        commands.push(words);
    }
    commands
}

/// The body without a leading `label:` (a short run of words before the first colon).
fn strip_label(body: &str) -> &str {
    let rest = match body.find(':') {
        Some(i) if i <= 24 && !body[..i].contains(['(', '/', '`']) => body[i + 1..].trim(),
        _ => body,
    };
    // `gotcha: critical: kubectl delete namespace prod ...`, as `mind log gotcha
    // "critical: ..."` writes it: the mark is a second label, not the subject.
    if starts_with_ci(rest, "critical:") {
        return rest["critical:".len()..].trim();
    }
    rest
}

/// The text after `label` when `body` starts with it (case-insensitive), else `body`.
fn after_label<'b>(body: &'b str, label: &str) -> &'b str {
    if starts_with_ci(body, label) {
        body[label.len()..].trim_start()
    } else {
        body
    }
}

fn strip_bullet(line: &str) -> &str {
    ["- ", "* ", "+ "]
        .iter()
        .find_map(|p| line.strip_prefix(p))
        .unwrap_or(line)
        .trim()
}

/// The line as shown: marks and emphasis out, one space between words.
fn clean(body: &str) -> String {
    let mut text = body.replace("**", "");
    for mark in ["[stale?]", "[critical]"] {
        while let Some(i) = find_ci(&text, mark) {
            text.replace_range(i..i + mark.len(), "");
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Paths in `(path:line)` or `(path)` provenance: a parenthesised token with a `/` or a
/// `.` and no spaces, and the line's own provenance as the capture writes it, whose path
/// may be quoted because it holds a space (`("docs/my notes.md":3)`).
fn provenance_paths(line: &str) -> impl Iterator<Item = &str> {
    let written = crate::parse::provenance::split_provenance(line)
        .and_then(|(_, provenance)| crate::parse::provenance::provenance_path(provenance))
        .map(|path| path.trim_start_matches("./"));
    written
        .into_iter()
        .chain(line.split('(').skip(1).filter_map(|rest| {
            let inner = &rest[..rest.find(')')?];
            let path = inner.split(':').next().unwrap_or(inner).trim();
            let looks_like_path = !path.is_empty()
                && !path.contains(char::is_whitespace)
                && (path.contains('/') || path.contains('.'))
                && !path.starts_with("http");
            looks_like_path.then_some(path.trim_start_matches("./"))
        }))
}

/// Whether `text` names `path` (whole, or its file name when that has an extension).
fn names_path(text: &str, path: &str) -> bool {
    if text.contains(path) {
        return true;
    }
    let name = path.rsplit('/').next().unwrap_or(path);
    name.contains('.')
        && text
            .split(|c: char| c.is_whitespace() || "()`'\",;".contains(c))
            .any(|token| token == name || token.ends_with(&format!("/{name}")))
}

/// The distinctive words of `text`: the shared tokenizer's words (`terms::words`) of three
/// characters or more, not numbers, stop words or words common in commands and paths.
fn words(text: &str) -> Vec<String> {
    crate::terms::words(text)
        .into_iter()
        .filter(|w| w.chars().count() >= 3 && !w.chars().all(|c| c.is_ascii_digit()))
        .filter(|w| !crate::rank::stopwords::is_stop_word(w) && !COMMON.contains(&w.as_str()))
        .collect()
}

fn starts_with_ci(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

fn contains_ci(text: &str, needle: &str) -> bool {
    find_ci(text, needle).is_some()
}

fn find_ci(text: &str, needle: &str) -> Option<usize> {
    let (hay, needle) = (text.as_bytes(), needle.as_bytes());
    hay.windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_stop_at_the_reason() {
        assert_eq!(
            subject("decided against: Redis for sessions - overkill"),
            "Redis for sessions"
        );
        assert_eq!(subject("Safari ITP -> same-site"), "Safari ITP ");
    }

    #[test]
    fn a_separator_inside_code_is_code() {
        assert_eq!(
            subject("gotcha: `npm run db:reset` wipes the db -> use db:migrate"),
            "`npm run db:reset` wipes the db "
        );
    }

    #[test]
    fn a_subject_names_a_command_word_for_word_in_order() {
        let push = "[critical] git push --force to main rewrites shared history";
        for named in [
            "git push --force origin main",
            "git push origin main --force",
            "cd app && git push --force",
            "/usr/bin/git push --force",
            "GIT_SSH_COMMAND=x git push --force",
        ] {
            assert!(names_command(push, named), "{named}");
        }
        for other in [
            "git status",
            "git push origin main",
            "git push --force-with-lease",
            "git commit -m 'git push --force'",
            "git push; echo --force",
            "echo shared history",
        ] {
            assert!(!names_command(push, other), "{other}");
        }
        // An opener is not the command; one word is a topic.
        assert!(names_command(
            "never run npm publish from a dirty tree",
            "npm publish --tag next"
        ));
        assert!(!names_command("git is slow on this mount", "git status"));
        // A code span is the command, however short.
        assert!(names_command(
            "don't `terraform destroy` in prod",
            "terraform destroy -auto-approve"
        ));
        assert!(!names_command(
            "don't `terraform destroy` in prod",
            "terraform plan"
        ));
    }

    #[test]
    fn only_a_critical_gotcha_naming_the_command_names_the_action() {
        let memory = "## Gotchas\n- [critical] git push --force to main rewrites history -> use --force-with-lease\n";
        let status = scan(memory, "", "", &Action::Command("git status".into()));
        assert_eq!(status.len(), 1);
        assert!(status[0].critical && !status[0].names_action);
        let push = scan(memory, "", "", &Action::Command("git push --force".into()));
        assert!(push[0].critical && push[0].names_action);
        // The mark is not a word of the subject.
        assert!(scan(memory, "", "", &Action::Command("grep critical log".into())).is_empty());
    }

    #[test]
    fn a_rejection_is_taken_back_only_by_a_later_decision() {
        let action = Action::Command("docker run -d redis:7".into());
        let rejection = "## 2026-11-01\n\ndecided against: Redis for sessions - overkill\n";
        let decision = "decided: use Redis for sessions now that we run three servers\n";
        assert_eq!(scan(rejection, "", "", &action).len(), 1);
        let later = format!("{rejection}\n## 2026-12-01\n\n{decision}");
        assert!(scan(&later, "", "", &action).is_empty());
        let earlier = format!("## 2026-10-01\n\n{decision}\n{rejection}");
        assert_eq!(scan(&earlier, "", "", &action).len(), 1);
        // The commit store's decision counts by its date, and its lines come after MEMORY.md's.
        let store = |date: &str| format!("## {date}\n\n{decision}");
        assert!(scan(rejection, &store("2026-12-01"), "", &action).is_empty());
        assert_eq!(scan(rejection, &store("2026-10-01"), "", &action).len(), 1);
        // A decision about something else that names Redis takes nothing back.
        let other = format!("{rejection}decided: use Redis for rate limiting\n");
        assert_eq!(scan(&other, "", "", &action).len(), 1);
        // This session's rejections stand.
        let session = "## Rejected\n- Redis for sessions - overkill\n";
        assert_eq!(scan(&later, "", session, &action).len(), 1);
    }

    #[test]
    fn provenance_paths_are_found() {
        let paths: Vec<&str> =
            provenance_paths("learned: x (src/a.rs:12) (commit abc1234) (see notes)").collect();
        assert_eq!(paths, ["src/a.rs"]);
        let quoted: Vec<&str> =
            provenance_paths("learned: keep the config (\"docs/my notes.md\":3)").collect();
        assert_eq!(quoted, ["docs/my notes.md"]);
    }

    #[test]
    fn a_rejection_matches_a_command_naming_its_subject() {
        let action = Action::Command("docker run -d redis:7".into());
        let found = scan(
            "## 2026-01-01\n\ndecided against: Redis for sessions - overkill\nlearned: Kafka is slow\n",
            "",
            "",
            &action,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].kind, Kind::Rejected);
    }

    #[test]
    fn several_actions_find_what_each_finds_each_line_once() {
        let memory = "## Gotchas\n- nginx caps bodies at 1 MB -> raise client_max_body_size\n\
                      - upload retries double the load (src/upload.rs:4)\n\n## 2026-01-02\n\
                      decided against: nginx for uploads - too many limits\n\
                      learned: uploads are streamed (src/upload.rs:2)\n\
                      learned: uploads are streamed (src/upload.rs:2)\n";
        let commits =
            "## 2026-01-03\n\ngotcha: cargo caches stale builds (src/build.rs:1, commit 1a2b3c4)\n";
        let session = "## Rejected\n- retrying uploads in a loop\n";
        let actions = [
            Action::File("src/upload.rs".into()),
            Action::Command("nginx -s reload".into()),
            Action::File("src/build.rs".into()),
            Action::Command("cargo build".into()),
        ];
        // Each action's lines in turn, gotchas first, a text already found left out.
        let mut want: Vec<Found> = Vec::new();
        for action in &actions {
            for f in scan(memory, commits, session, action) {
                if !want.iter().any(|g| g.text == f.text) {
                    want.push(f);
                }
            }
        }
        want.sort_by_key(|f| f.kind);
        assert_eq!(scan_all(memory, commits, session, &actions), want);
        assert!(want.len() >= 4, "{want:?}");
        assert!(scan_all(memory, commits, session, &[]).is_empty());
    }

    #[test]
    fn a_provenance_with_dots_names_the_file_they_fold_to() {
        let memory = "learned: ids rotate on login (./src/../src/auth.rs:7)\n";
        assert_eq!(
            scan(memory, "", "", &Action::File("src/auth.rs".into())).len(),
            1
        );
        assert!(scan(memory, "", "", &Action::File("auth.rs".into())).is_empty());
    }

    #[test]
    fn the_commit_store_is_scanned_like_memory() {
        let commits = "<!-- mind: memories from commit messages\n(commit 1a2b3c4) -->\n\n## 2026-01-02\n\nlearned: uploads are streamed in 1 MB chunks (src/upload.rs:2, commit 1a2b3c4)\ngotcha: nginx caps bodies at 1 MB -> raise client_max_body_size (commit 5d6e7f8)\n";
        let edit = scan("", commits, "", &Action::File("src/upload.rs".into()));
        assert_eq!(edit.len(), 1);
        assert_eq!(edit[0].kind, Kind::About);
        assert_eq!(
            edit[0].text,
            "learned: uploads are streamed in 1 MB chunks (src/upload.rs:2, commit 1a2b3c4)"
        );
        let run = scan("", commits, "", &Action::Command("nginx -s reload".into()));
        assert_eq!(run.len(), 1);
        assert_eq!(run[0].kind, Kind::Gotcha);
        assert!(scan("", commits, "", &Action::File("src/other.rs".into())).is_empty());
    }
}
