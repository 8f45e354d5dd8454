//! A cheap line scan of MEMORY.md, the commit store (`.mind/cache/commits.md`, MEMORY.md's
//! format) and SESSION.md for what bears on one [`Action`]: gotchas (`## Gotchas` bullets,
//! `gotcha:` lines), rejected approaches (`decided against:` and the other rejection labels,
//! SESSION.md's `## Rejected` bullets) and memories whose provenance names the file
//! (`(src/a.rs:12)`, `(src/a.rs:12, commit 1a2b3c4)`). One pass, no parser, no allocation
//! for lines that cannot match: fast enough to run before every tool call.

use super::Action;

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
/// on (its index).
fn scan_files(
    memory: &str,
    commits: &str,
    session: &str,
    probes: &[Probe<'_>],
) -> Vec<(usize, Found)> {
    let mut found = Vec::new();
    if probes.is_empty() {
        return found;
    }
    scan_text(memory, "gotchas", probes, &mut found);
    scan_text(commits, "gotchas", probes, &mut found);
    scan_text(session, "rejected", probes, &mut found);
    found
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
        let lower = subject.to_lowercase();
        words(&lower).iter().any(|w| self.words.contains(w))
    }

    /// Whether a line's provenance names the action's file (or a file the command names).
    fn provenance_matches(&self, line: &str) -> bool {
        provenance_paths(line).any(|p| match self.action {
            Action::File(path) => p == path,
            Action::Command(command) => p.len() >= 3 && command.contains(p),
        })
    }
}

/// Scan one file. `section` is the `## ` heading whose bullets are all of one kind
/// (Gotchas in MEMORY.md, Rejected in SESSION.md). Each line found comes with the first of
/// `probes` it bears on and how.
fn scan_text(text: &str, section: &str, probes: &[Probe<'_>], found: &mut Vec<(usize, Found)>) {
    let mut inside = false;
    let mut in_comment = false;
    for raw in text.lines() {
        let line = raw.trim();
        if in_comment {
            in_comment = !line.contains("-->");
            continue;
        }
        if line.starts_with("<!--") {
            in_comment = !line.contains("-->");
            continue;
        }
        if let Some(heading) = line.strip_prefix('#') {
            inside = heading
                .trim_start_matches('#')
                .trim()
                .eq_ignore_ascii_case(section);
            continue;
        }
        if line.starts_with("---") {
            inside = false;
            continue;
        }
        if line.is_empty() || contains_ci(line, "[superseded]") {
            continue;
        }
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
            found.push((
                probe,
                Found {
                    kind,
                    text: clean(body),
                    stale: contains_ci(body, "[stale?]"),
                    critical: kind == Kind::Gotcha
                        && (contains_ci(body, "[critical]") || starts_with_ci(body, "critical:")),
                },
            ));
        }
    }
}

/// The subject of a gotcha or rejection: before its workaround or reason.
fn subject(body: &str) -> &str {
    let body = strip_label(body);
    let cut = ["->", "→", " -- ", " - ", " — ", "because", ":"]
        .iter()
        .filter_map(|sep| body.find(sep))
        .min()
        .unwrap_or(body.len());
    &body[..cut]
}

/// The body without a leading `label:` (a short run of words before the first colon).
fn strip_label(body: &str) -> &str {
    match body.find(':') {
        Some(i) if i <= 24 && !body[..i].contains(['(', '/', '`']) => body[i + 1..].trim(),
        _ => body,
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
/// `.` and no spaces.
fn provenance_paths(line: &str) -> impl Iterator<Item = &str> {
    line.split('(').skip(1).filter_map(|rest| {
        let inner = &rest[..rest.find(')')?];
        let path = inner.split(':').next().unwrap_or(inner).trim();
        let looks_like_path = !path.is_empty()
            && !path.contains(char::is_whitespace)
            && (path.contains('/') || path.contains('.'))
            && !path.starts_with("http");
        looks_like_path.then_some(path.trim_start_matches("./"))
    })
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
    fn provenance_paths_are_found() {
        let paths: Vec<&str> =
            provenance_paths("learned: x (src/a.rs:12) (commit abc1234) (see notes)").collect();
        assert_eq!(paths, ["src/a.rs"]);
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
