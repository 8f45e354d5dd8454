//! Leading labels: `decided:`, `**Problem:**`, `- **Bug**:`, `[BUG]`, `TIL:`, `fix(scope):`,
//! `KEY:`, `MEMORY: decided ...`, and field labels such as `**Why:**`.
//!
//! A label counts only at the start of an entry (after a list marker), and a type label
//! decides the type whatever the body says (LABELING rule 1). Field labels that describe
//! another entry (`Why:`, `Impact:`, `Current mitigation:`) make the line an attribute, not
//! an entry of its own.

use crate::parse::EntryType;

/// The labels a line is written with for memory (`decided:`, `fixed:`, `tried:` …): what
/// `mind log` and the session's notes write, and the only labels that make a commit-message
/// line a memory. The type each names is the parser's reading of the label (`ruled out`
/// stays a rejection, never a decision).
pub const MEMORY_LABELS: &[&str] = &[
    "decided",
    "decision",
    "decided against",
    "ruled out",
    "learned",
    "learnt",
    "til",
    "gotcha",
    "problem",
    "fixed",
    // An approach tried and ruled out (`tried: X - still fails`), as the session's notes
    // and the commit-message hook write it.
    "tried",
    "rejected",
];

/// What a leading label means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelKind {
    /// A type label (`decided:`, `**Bug**:`, `TIL:` ...).
    Type(EntryType),
    /// `KEY:`, `**KEY**`, `important:`: the entry is marked as never to forget.
    Key,
    /// `MEMORY:` (inline capture comments); a type word follows.
    Memory,
    /// A field that describes another entry (`Why:`, `Impact:`, `Stack:` ...).
    Attribute,
    /// `Next:`: where to continue from.
    Next,
    /// A conventional-commit type that is not a fix (`feat:`, `docs:` ...).
    CommitOther,
    /// Any other `Name:` label: a topic heading for the rest of the line.
    Topic,
}

/// A label found at the start of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label<'a> {
    pub kind: LabelKind,
    /// The label as written, without emphasis and colon.
    pub raw: &'a str,
    /// The text after the label, trimmed.
    pub rest: &'a str,
    /// Written in bold or as a `[TAG]`.
    pub emphatic: bool,
}

/// The label at the start of `s`, if any.
pub fn leading(s: &str) -> Option<Label<'_>> {
    let (raw, rest, emphatic, had_colon) = split_label(s)?;
    let mut kind = kind_of(raw);
    if raw.contains('(') || raw.ends_with('!') {
        // Conventional commit with a scope or breaking mark: `fix(parser): ...`.
        kind = commit_kind(raw)?;
    }
    // Without a colon only known labels count (`**Decided** X`, `[BUG] X`).
    if !had_colon && matches!(kind, LabelKind::Topic | LabelKind::Attribute) {
        return None;
    }
    // `raw` is a part of `s`: what follows it there says whether it was numbered.
    let numbered = (raw.as_ptr() as usize)
        .checked_sub(s.as_ptr() as usize)
        .and_then(|at| s.get(at + raw.len()..))
        .and_then(|after| after.trim_start_matches([' ', '-', '#']).chars().next())
        .is_some_and(|c| c.is_ascii_digit());
    if numbered && !numbered_kind_counts(kind) {
        return None;
    }
    // Chinese 问题 and Japanese 問題 also mean "question": before one (an FAQ, a quiz) they
    // head it, they do not report a problem.
    if matches!(raw, "问题" | "問題") && asks(rest) {
        kind = LabelKind::Topic;
    }
    Some(Label {
        kind,
        raw,
        rest: rest.trim(),
        emphatic,
    })
}

/// Split `s` into (label, rest, emphatic, had_colon).
fn split_label(s: &str) -> Option<(&str, &str, bool, bool)> {
    // `**Name:**`, `**Name**:`, `**Name**`, `__Name:__`
    for mark in ["**", "__"] {
        if let Some(inner) = s.strip_prefix(mark) {
            // A whole line in bold with its label inside, `**Decision: no host migration.**`:
            // the label before the colon, the rest inside the emphasis its text.
            if let Some(whole) = inner.strip_suffix(mark)
                && !whole.contains(mark)
                && let Some(colon) = label_colon(whole)
                && colon > 0
            {
                let wide = whole[colon..].starts_with(FULL_WIDTH_COLON);
                let after = &whole[colon + if wide { FULL_WIDTH_COLON.len_utf8() } else { 1 }..];
                if (wide || after.starts_with(' '))
                    && let Some(name) = valid_name(&whole[..colon])
                {
                    return Some((name, after, true, true));
                }
            }
            let close = inner.find(mark)?;
            // A bold run-in sentence with a type label inside, then the paragraph goes on:
            // `**Decision: the firmware advertises on both networks**, and the …`. Only a
            // type label: any other (`**Note: see below.** …`) titles a paragraph.
            if let Some(colon) = label_colon(&inner[..close])
                && colon > 0
                && inner[colon..].starts_with(": ")
                && let Some(name) = valid_name(&inner[..colon])
                && matches!(kind_of(name), LabelKind::Type(_))
            {
                return Some((name, &inner[colon + 1..], true, true));
            }
            if close == 0 || close > 40 {
                return None;
            }
            let name = &inner[..close];
            let after = &inner[close + mark.len()..];
            if let Some(name) = name.strip_suffix([':', FULL_WIDTH_COLON]) {
                return valid_name(name.trim()).map(|n| (n, after, true, true));
            }
            if let Some(after) = after.strip_prefix([':', FULL_WIDTH_COLON]) {
                return valid_name(name.trim()).map(|n| (n, after, true, true));
            }
            // A run-in head, `**Decision.** Ship the rule engine`: the period does the
            // colon's job for a known label. Any other (`**MIT licence.** Declared in ...`)
            // titles its paragraph, which is no record's field. Not an ellipsis (`**Wait...**`).
            if let Some(name) = name.strip_suffix('.')
                && !name.ends_with('.')
            {
                return valid_name(name.trim()).map(|n| (n, after, true, false));
            }
            return valid_name(name.trim()).map(|n| (n, after, true, false));
        }
    }
    // `[BUG] text`, `[FIX]: text`
    if let Some(inner) = s.strip_prefix('[') {
        let close = inner.find(']')?;
        let name = &inner[..close];
        let after = &inner[close + 1..];
        if close == 0
            || close > 20
            || after.starts_with('(')
            || !name
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b == b' ' || b == b'-')
        {
            return None;
        }
        let after = after.strip_prefix(':').unwrap_or(after);
        return Some((name, after, true, false));
    }
    // An italic label, `*Name:* text`, `*Lesson*: text`, `_Insight_: text`: the colon inside
    // the emphasis or right after it. Emphasis opens on a word, not a blank: `* item *x*: y`
    // is a list item.
    for mark in ['*', '_'] {
        if let Some(inner) = s.strip_prefix(mark)
            && !inner.starts_with([' ', '\t', mark])
            && let Some(close) = inner.find(mark)
            && close > 0
            && close <= 31
        {
            let (name, after) = (&inner[..close], &inner[close + 1..]);
            if let Some(name) = name.strip_suffix([':', FULL_WIDTH_COLON]) {
                return valid_name(name).map(|n| (n, after, false, true));
            }
            if let Some(after) = after.strip_prefix([':', FULL_WIDTH_COLON]) {
                return valid_name(name).map(|n| (n, after, false, true));
            }
        }
    }
    // A fix branch's name as a pull request's title, `Fix/caching issue`, `hotfix/empty
    // response`: the branch kind, as a conventional commit's `fix:` is.
    if let Some(slash) = s.get(..7).and_then(|head| head.find('/'))
        && matches!(
            s[..slash].to_ascii_lowercase().as_str(),
            "fix" | "hotfix" | "bugfix"
        )
        && s[slash + 1..].starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return Some((&s[..slash], &s[slash + 1..], false, true));
    }
    // `Name: text`, `fix(scope): text`, and `问题：text` with the full-width colon, which
    // Chinese and Japanese write with no space after it.
    let Some(colon) = label_colon(s) else {
        return dash_label(s);
    };
    if colon == 0 {
        return dash_label(s);
    }
    let full_width = s[colon..].starts_with(FULL_WIDTH_COLON);
    let after = &s[colon
        + if full_width {
            FULL_WIDTH_COLON.len_utf8()
        } else {
            1
        }..];
    if !(full_width || after.is_empty() || after.starts_with(' ') || after.starts_with('\t')) {
        // `https://`, `key:value`, `12:30`
        return None;
    }
    let name = &s[..colon];
    // `fix(scope):`, and `fix(scope)!:` for a breaking change.
    if let Some(open) = name.find('(')
        && name.trim_end_matches('!').ends_with(')')
        && is_word(&name[..open])
    {
        return Some((name, after, false, true));
    }
    if let Some(bare) = name.strip_suffix('!')
        && is_word(bare)
    {
        return Some((name, after, false, true));
    }
    match valid_name(name) {
        Some(n) => Some((n, after, false, true)),
        None => dash_label(s),
    }
}

/// Where the colon that ends a label is: the first `:` or full-width colon, within the 40
/// bytes a label name may take (only those are looked at: the lines are often long).
fn label_colon(s: &str) -> Option<usize> {
    const WIDE: &[u8] = "\u{ff1a}".as_bytes();
    let bytes = &s.as_bytes()[..s.len().min(40 + WIDE.len())];
    let ascii = memchr::memchr(b':', &bytes[..bytes.len().min(41)]);
    let wide = memchr::memchr_iter(WIDE[0], bytes).find(|&at| bytes[at..].starts_with(WIDE));
    match (ascii, wide) {
        (Some(a), Some(w)) => Some(a.min(w)),
        (a, w) => a.or(w),
    }
}

/// Whether CJK text asks a question: a question mark, or a closing question particle.
fn asks(text: &str) -> bool {
    let text = text.trim_end();
    text.contains(['?', '？'])
        || ["吗", "呢", "ですか", "ますか", "か"]
            .iter()
            .any(|p| text.ends_with(p))
}

/// The colon of Chinese and Japanese text (U+FF1A).
const FULL_WIDTH_COLON: char = '\u{ff1a}';

/// `Problem - text`, `Bug – text`: a type word followed by a dash (the Python Mind's form).
fn dash_label(s: &str) -> Option<(&str, &str, bool, bool)> {
    let space = s.find(' ')?;
    let word = &s[..space];
    let after = s[space..].trim_start();
    let rest = ["- ", "– ", "— "]
        .iter()
        .find_map(|d| after.strip_prefix(d))?;
    matches!(
        word.to_ascii_lowercase().as_str(),
        "problem" | "issue" | "bug" | "gotcha" | "pitfall" | "caveat"
    )
    .then_some((word, rest, false, true))
}

/// `name` without a parenthesised qualifier at its end: ` (...)` after a space, or
/// `（...）` in full-width parentheses, which CJK text writes without one. `fix(scope)` is a
/// commit's scope, not a qualifier, and stays.
fn strip_qualifier(name: &str) -> &str {
    let (open, close) = if name.ends_with(')') {
        (" (", ')')
    } else if name.ends_with('）') {
        ("（", '）')
    } else {
        return name;
    };
    match name.rfind(open) {
        Some(at) if at > 0 && !name[at + open.len()..name.len() - close.len_utf8()].is_empty() => {
            name[..at].trim_end()
        }
        _ => name,
    }
}

/// `name` without an item number at its end: `lesson-3`, `Lesson 12`, `Decision #4`.
/// Whether a numbered label counts is decided by its kind (`numbered_kind_counts`).
fn strip_numbering(name: &str) -> &str {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    if stem.len() == name.len() {
        return name;
    }
    let stem = stem
        .strip_suffix(" #")
        .or_else(|| stem.strip_suffix(['-', ' ', '#']))
        .unwrap_or(stem);
    if stem.is_empty() || stem.ends_with(|c: char| !c.is_alphabetic()) {
        return name;
    }
    stem
}

/// A numbered label (`lesson-3:`, `Decision 2:`) is an entry of a numbered list of lessons,
/// decisions or pitfalls. A numbered issue or bug (`Issue 2: Decision Process`, `Bug 14:`)
/// names a ticket or titles a part, so it is no type label.
fn numbered_kind_counts(kind: LabelKind) -> bool {
    matches!(
        kind,
        LabelKind::Type(
            EntryType::Learning | EntryType::Decision | EntryType::Gotcha | EntryType::Rejected
        )
    )
}

fn is_word(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphabetic())
}

/// A label name: 1–4 words of letters (and `'`, `-`, `&`, `.` inside words), starting with a
/// letter (emoji in front are allowed: `✅ Fixed`), and maybe a qualifier in parentheses
/// after it (`Lesson (2026-01-02)`, `発見（Cloud Runログ）`), which is not part of the name.
fn valid_name(name: &str) -> Option<&str> {
    let name = strip_numbering(strip_qualifier(super::lex::strip_symbols(name.trim())));
    let first = name.chars().next()?;
    if !first.is_alphabetic() {
        return None;
    }
    let mut words = 0;
    // "Root cause & fix", "Fix / lesson": a label may join two names, with a slash of its
    // own only (`cmd/go: ...` is a package path).
    for word in name.split_whitespace().filter(|w| *w != "/") {
        words += 1;
        if !word
            .chars()
            .all(|c| c.is_alphabetic() || matches!(c, '\'' | '-' | '&' | '.'))
        {
            return None;
        }
    }
    (words <= 4).then_some(name)
}

fn commit_kind(raw: &str) -> Option<LabelKind> {
    let word = raw
        .split(['(', '!'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    Some(match word.as_str() {
        "fix" | "bugfix" | "hotfix" => LabelKind::Type(EntryType::Progress),
        "feat" | "docs" | "chore" | "refactor" | "test" | "tests" | "style" | "perf" | "ci"
        | "build" | "revert" => LabelKind::CommitOther,
        _ => return None,
    })
}

/// A learning's noun after a word of weight: "critical realization", "important lesson",
/// "main takeaway", "big insight" (general vocabulary of lessons written down).
fn weighted_learning_label(name: &str) -> bool {
    name.split_once(' ').is_some_and(|(weight, noun)| {
        matches!(
            weight,
            "key" | "critical" | "important" | "main" | "big" | "biggest" | "major" | "crucial"
        ) && matches!(
            noun,
            "realization"
                | "realisation"
                | "insight"
                | "insights"
                | "lesson"
                | "lessons"
                | "takeaway"
                | "takeaways"
                | "finding"
                | "findings"
                | "learning"
                | "learnings"
                | "discovery"
        )
    })
}

/// The meaning of a label name.
pub fn kind_of(raw: &str) -> LabelKind {
    use EntryType::*;
    // Case matters for two labels: `KEY` is a marker only in capitals (`key:` is a YAML
    // field, `Key:` a setup instruction) and `TIL` only as an acronym (`Til:` is Uzbek
    // for "language").
    if raw == "KEY" {
        return LabelKind::Key;
    }
    if raw.eq_ignore_ascii_case("til") {
        return if raw == "TIL" || raw == "til" {
            LabelKind::Type(Learning)
        } else {
            LabelKind::Topic
        };
    }
    let name = normalise(raw);
    if raw.bytes().all(|b| b.is_ascii_lowercase())
        && let Some(kind) = commit_kind(raw)
    {
        // Conventional commits: `fix: ...` is progress, `feat: ...` is plain work.
        return kind;
    }
    match name.as_ref() {
        "decided"
        | "decision"
        | "decisions"
        | "we decided"
        | "chose"
        // "Chosen: X" is "chose" as a field (decision records' "Chosen:" / "Rejected:" pairs).
        | "chosen"
        | "choice"
        | "key decision"
        | "design decision"
        | "final decision"
        | "architecture decision"
        | "adr"
        // The MADR template's fields ("Chosen option: \"Lunr\", because ...").
        | "chosen option"
        | "decision outcome" => LabelKind::Type(Decision),
        // A rejection is its own type: "decided against: X" must never read as "decided: X".
        "decided against"
        | "rejected"
        | "ruled out"
        | "rejected approach"
        | "rejected approaches"
        | "rejected option"
        | "rejected alternative"
        | "dead end"
        | "didn't work"
        | "did not work"
        // An attempt, as a session's rejected approaches are logged (`tried: X - too slow`):
        // an approach that did not pan out, unless its text says it worked (`line`).
        | "tried"
        | "what didn't work"
        // "Abandoned approach" in Chinese.
        | "放弃方案" => LabelKind::Type(Rejected),
        "problem" | "problems" | "issue" | "issues" | "bug" | "bugs" | "error" | "blocker"
        | "blocked" | "stuck" | "known issue" | "open issue" | "open problem" | "regression"
        | "failure" | "defect" | "broken" | "symptom"
        // A post-mortem's field for the failure itself ("**Mistake**: used made-up data").
        | "what went wrong" | "mistake" => LabelKind::Type(Problem),
        "learned" | "learnt" | "learning" | "learnings" | "lesson" | "lessons"
        | "lesson learned" | "lessons learned" | "insight" | "key insight" | "finding"
        | "key finding" | "key learning" | "discovery" | "takeaway" | "key takeaway"
        | "realization" | "realisation" | "today i learned" | "interesting" | "fun fact"
        | "note to self" | "aha" | "good to know" => LabelKind::Type(Learning),
        // "Critical Realization", "Important lesson", "Main takeaway": a learning's label
        // with a word of weight before it, as "key insight" is.
        n if weighted_learning_label(n) => LabelKind::Type(Learning),
        "fixed" | "fix" | "fixes" | "fix applied" | "resolved" | "solved" | "shipped" | "done"
        | "completed" | "complete" | "solution" | "bug fix" | "bugfix" | "hotfix"
        | "resolution"
        // A dev log's field for the day's finished work: "**Accomplished:** Finished Gantt".
        | "accomplished" => LabelKind::Type(Progress),
        // `critical:` marks a critical gotcha (the pre-tool hook's convention); a value
        // that warns of nothing is typed by its words instead (`line`).
        "critical" | "gotcha" | "gotchas" | "pitfall" | "pitfalls" | "caveat" | "caveats" | "warning"
        | "watch out" | "beware" | "footgun" | "trap" | "sharp edge" | "heads up" | "careful"
        | "caution"
        // "Anti-pattern: X": what not to do, as a heading of anti-patterns is read.
        | "anti-pattern" | "antipattern" | "anti pattern" => {
            LabelKind::Type(Gotcha)
        }
        "important" => LabelKind::Key,
        // The type labels in the languages memory files are most often written in besides
        // English (German, French, Spanish, Portuguese, Italian, Russian, Chinese, Japanese,
        // Korean, Arabic, Hebrew, Thai): the same five words, translated; words with a second
        // meaning stay out (Russian "решение" is both a decision and a solution).
        "entscheidung" | "décision" | "decisión" | "decisão" | "decisione" | "결정" | "决定"
        | "决策" | "決定" | "القرار"
        // Hebrew and Thai.
        | "החלטה" | "การตัดสินใจ" => LabelKind::Type(Decision),
        "problème" | "problema" | "проблема" | "문제" | "증상" | "问题" | "問題" | "症状" | "المشكلة"
        | "בעיה" | "ปัญหา" => {
            LabelKind::Type(Problem)
        }
        // Not the words for "lesson" that also name a class (Spanish "lección", Russian
        // "урок").
        // "Усвоенный урок" is "lesson learned" ("урок" alone also names a class).
        // French "leçon" names a lesson (a school class is "cours").
        "erkenntnis" | "erkenntnisse" | "leçon" | "leçons" | "教训" | "教訓" | "교훈" | "усвоенный урок" | "усвоенные уроки"
        // "Discovery" (Japanese, Chinese) and "the lesson" (Arabic).
        | "発見" | "发现" | "الدرس"
        // Hebrew and Thai "lesson".
        | "לקח" | "บทเรียน" => {
            LabelKind::Type(Learning)
        }
        "behoben" | "gelöst" | "corrigé" | "résolu" | "corregido" | "resuelto" | "corrigido"
        | "resolvido" | "risolto" | "исправлено" | "已修复" | "修复" | "修正" | "修復" | "已解决" | "해결"
        // Chinese "solved", the field of a pitfall's write-up that says what fixed it.
        | "解决"
        // "Solution", as the English label: the fix that was applied.
        | "lösung" | "solución" | "solução" | "soluzione" | "解决方案" | "解決策" | "해결책"
        | "الحل" => LabelKind::Type(Progress),
        // Chinese and Japanese 注意 and Korean 주의 ("caution"), as a label; and "warning" and
        // "caution" in German, French, Spanish, Portuguese, Italian and Russian,
        // as the English "warning" and "careful" are read ("Aviso", "avviso" also mean a
        // notice, and "attention" names a model's layer as often, "Attention: GQA with 8
        // heads", so they stay out).
        "stolperfalle" | "piège" | "trampa" | "armadilha" | "подвох" | "坑" | "注意" | "주의"
        | "achtung" | "vorsicht" | "warnung" | "avertissement" | "cuidado"
        | "advertencia" | "atención" | "atenção" | "attenzione" | "внимание" | "осторожно"
        | "предупреждение" => {
            LabelKind::Type(Gotcha)
        }
        "memory" if raw == "MEMORY" => LabelKind::Memory,
        "next" | "next step" | "next steps" | "next up" | "up next" | "continue from" => {
            LabelKind::Next
        }
        "why"
        | "reason"
        | "reasons"
        | "rationale"
        | "because"
        | "context"
        | "background"
        | "impact"
        | "consequence"
        | "consequences"
        | "alternative"
        | "alternatives"
        | "alternatives considered"
        | "alternative considered"
        | "options considered"
        | "option considered"
        | "options"
        | "option"
        | "pros"
        | "cons"
        | "tradeoff"
        | "tradeoffs"
        | "trade-offs"
        | "details"
        | "key details"
        | "implementation"
        | "implementation details"
        | "implementation plan"
        | "features"
        | "example"
        | "examples"
        | "pattern"
        | "patterns"
        | "checklist"
        | "command"
        | "commands"
        | "command sequence"
        | "file"
        | "files"
        | "path"
        | "location"
        | "stack"
        | "tech stack"
        | "purpose"
        | "goal"
        | "goals"
        | "status"
        | "result"
        | "results"
        | "rule"
        | "references"
        | "reference"
        | "links"
        | "see also"
        | "parameters"
        | "params"
        | "returns"
        | "return type"
        | "input"
        | "output"
        | "usage"
        | "owner"
        | "author"
        | "date"
        | "time"
        | "priority"
        | "severity"
        | "tags"
        | "category"
        | "type"
        | "version"
        | "philosophy"
        | "motto"
        | "quote"
        | "principle"
        | "mitigation"
        | "current mitigation"
        | "current behavior"
        | "current behaviour"
        | "current solution"
        | "future solution"
        | "future enhancement"
        | "root cause"
        | "cause"
        | "scope"
        | "public method"
        | "private method"
        | "method"
        | "test"
        | "tests"
        | "keywords"
        | "wikilinks"
        | "sync"
        | "mood"
        | "summary"
        | "last updated"
        | "updated"
        | "created"
        | "symptoms"
        | "observations"
        | "objective"
        | "objectives"
        | "tasks"
        | "todo"
        | "to do"
        | "action items"
        | "plan"
        | "roadmap"
        | "backlog"
        // When to look again at a decision: a condition, not an event.
        | "revisit if"
        | "revisit when"
        | "reconsider if"
        | "reconsider when" => LabelKind::Attribute,
        // "Database choice: Postgres", "**PureDB choice:** 8KB": the choice made for a part.
        other
            if other
                .strip_suffix(" choice")
                .is_some_and(|part| !part.is_empty() && part != "multiple") =>
        {
            LabelKind::Type(Decision)
        }
        // "Technical decision: ...", "CSS Architecture Decision: keep ...", "技术决策：...":
        // a decision named by its part or kind, as "design decision" is. Not one still to
        // be made ("Pending decision:", "待决策：").
        other if is_named_decision(other) => LabelKind::Type(Decision),
        // "Navigation Fix: corrected the target URL", "**Login fix:** ...": a fix named by
        // the part it is in. Not one only proposed ("Possible fix:", "Quick fix:" advice).
        other if is_named_fix(other) => LabelKind::Type(Progress),
        // "**Workflow Issue**: jumps from init to e2e", "Update Bug: restart impossible": a
        // defect named by the part it is in.
        other if is_named_problem(other) => LabelKind::Type(Problem),
        // "The lesson: …", "**The Learning**: …": a lesson introduced as one. Not "The
        // problem:" or "The fix:", which as often set up a story or propose one ("the fix:
        // fallbacks would make me more resilient").
        other
            if other
                .strip_prefix("the ")
                .is_some_and(|name| kind_of(name) == LabelKind::Type(Learning)) =>
        {
            LabelKind::Type(Learning)
        }
        _ => LabelKind::Topic,
    }
}

/// A label that names a decision by its part or kind: "technical decision", "css
/// architecture decision", "技术决策". Not one that is pending or open.
fn is_named_decision(label: &str) -> bool {
    const UNMADE: &[&str] = &[
        "pending",
        "open",
        "undecided",
        "next",
        "upcoming",
        "future",
        "outstanding",
        "required",
        "needed",
        "no",
        "a",
        "the",
        "your",
        "any",
    ];
    if names_by_part(label, " decision", UNMADE) {
        return true;
    }
    ["决策", "决定", "決定"].iter().any(|word| {
        label
            .strip_suffix(word)
            .is_some_and(|part| !part.is_empty() && !part.ends_with('待') && !part.ends_with('未'))
    })
}

/// A label that names a fix by its part: "navigation fix", "login fix". Not a
/// fix proposed, planned or offered as advice.
fn is_named_fix(label: &str) -> bool {
    const UNMADE: &[&str] = &[
        "possible",
        "proposed",
        "suggested",
        "potential",
        "planned",
        "needed",
        "required",
        "quick",
        "temporary",
        "a",
        "the",
        "no",
        "any",
        "your",
        "next",
        "pending",
        "todo",
        "recommended",
        "workaround",
    ];
    names_by_part(label, " fix", UNMADE)
}

/// A label that names a defect by its part: "workflow issue", "update bug", "sync
/// problem". Not a ticket ("tracking issue", "related issue"), a step ("reproduce issue"),
/// nor one only possible.
fn is_named_problem(label: &str) -> bool {
    const NOT_A_REPORT: &[&str] = &[
        "tracking",
        "github",
        "gitlab",
        "jira",
        "related",
        "linked",
        "parent",
        "original",
        "upstream",
        "duplicate",
        "closed",
        "resolved",
        "fixed",
        "reproduce",
        "report",
        "file",
        "open",
        "new",
        "possible",
        "potential",
        "common",
        "example",
        "sample",
        "a",
        "the",
        "no",
        "any",
        "your",
        "this",
        "next",
    ];
    [" issue", " bug", " problem"]
        .iter()
        .any(|head| names_by_part(label, head, NOT_A_REPORT))
}

/// Whether `label` is `<part> <head>` (`head` with its space: " fix"), the part one to three
/// plain words whose last is none of `unmade`: "navigation fix", "css architecture decision".
fn names_by_part(label: &str, head: &str, unmade: &[&str]) -> bool {
    label.strip_suffix(head).is_some_and(|part| {
        let last = part.rsplit(' ').next().unwrap_or(part);
        !part.is_empty()
            && !unmade.contains(&last)
            && part.split(' ').count() <= 3
            && part
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b' ' || b == b'-')
    })
}

/// Lower case, single spaces, no emphasis or trailing punctuation.
fn normalise(raw: &str) -> std::borrow::Cow<'_, str> {
    let simple = raw.bytes().all(|b| b.is_ascii_lowercase() || b == b' ')
        && !raw.starts_with(' ')
        && !raw.ends_with(' ')
        && !raw.contains("  ");
    if simple {
        return std::borrow::Cow::Borrowed(raw);
    }
    let trimmed = raw.trim_matches(|c: char| c == '*' || c == '_' || c.is_whitespace());
    let mut out = String::with_capacity(trimmed.len());
    for (i, word) in trimmed.split_whitespace().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&word.to_lowercase());
    }
    std::borrow::Cow::Owned(out)
}

/// Whether a label that is no field name, with `value` after it, states what was chosen
/// for a part: the label is a product's or a technique's own name ("ImageKit", "Signed URL
/// Uploads", "pg_cron + Edge Functions": a capital inside a word, a word in capitals, a
/// character of code), or the value says the thing was chosen ("**Upstash Redis**: Used for
/// global rate limiting", "Selected for ...", "Chosen over ..."). A field in title case
/// ("Tab Order: Learnings then Decisions") is neither.
pub fn names_a_choice(raw: &str, value: &str) -> bool {
    let name = raw.trim_matches(|c: char| c == '*' || c == '_' || c.is_whitespace());
    let own_name = name.starts_with(char::is_alphabetic)
        && name.split_whitespace().any(|word| {
            let mut chars = word.chars();
            let first = chars.next().unwrap_or(' ');
            let rest: Vec<char> = chars.collect();
            rest.iter()
                .any(|c| c.is_uppercase() || matches!(c, '_' | '/' | '+' | '.'))
                || (first.is_uppercase()
                    && !rest.is_empty()
                    && rest.iter().all(|c| c.is_uppercase()))
                || word == "+"
        });
    let chosen = value.split_whitespace().next().is_some_and(|w| {
        [
            "used",
            "selected",
            "chosen",
            "picked",
            "adopted",
            "preferred",
        ]
        .contains(&w.to_ascii_lowercase().as_str())
    });
    // "**Documentation Structure**: Follow the layout CLAUDE.md gives", "**Docker docs**:
    // Emphasize the automated setup rather than manual steps": a topic, then what to do about
    // it, in the words of an order: the choice made for that topic.
    let directed = !is_attribute_of_a_choice(name)
        && value.split_whitespace().next().is_some_and(|w| {
            CHOICE_ORDERS.contains(&w.trim_end_matches([',', ':']).to_ascii_lowercase().as_str())
        });
    !value.trim().is_empty() && (own_name || chosen || directed)
}

/// Verbs that open the choice made for a topic, as an order ("Use", "Keep", "Follow",
/// "Avoid"): general words for settling how something is done.
const CHOICE_ORDERS: &[&str] = &[
    "use",
    "keep",
    "follow",
    "adopt",
    "prefer",
    "avoid",
    "emphasize",
    "emphasise",
    "implement",
    "stick",
    "standardize",
    "standardise",
    "require",
    "replace",
    "rely",
    "limit",
    "treat",
    "pin",
    "defer",
    "skip",
    "centralize",
    "centralise",
    "reject",
    "choose",
    "pick",
];

/// Labels of a decision record's other parts, whose value may open with an order without
/// being the choice: "**Open question**: Keep the v1 API or not", "**Follow-up**: Move the
/// cron job", "**Trade-off**: …".
fn is_attribute_of_a_choice(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [
        "question",
        "follow",
        "trade",
        "timeline",
        "risk",
        "problem",
        "consequence",
        "impact",
        "status",
        "next",
        "todo",
        "action",
        "alternative",
        "option",
        "context",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Field labels whose list states facts in its own right (a problem may be among them).
pub fn is_context_field(raw: &str) -> bool {
    matches!(
        normalise(raw).as_ref(),
        "context" | "background" | "symptom" | "symptoms" | "root cause" | "cause" | "observations"
    )
}

/// Whether a label names the trouble an entry is about (`**Issue:**`, `Risk:`): a gotcha's
/// part under a gotchas heading, as a symptom is, where `problem:` still opens a problem.
pub fn is_issue_label(raw: &str) -> bool {
    matches!(normalise(raw).as_ref(), "issue" | "risk")
}

/// Whether a type label is the critical mark (`critical:`), a gotcha only when it warns.
pub fn is_critical_label(raw: &str) -> bool {
    normalise(raw) == "critical"
}

/// Whether a type label names an attempt (`tried:`), whose type depends on how it went.
pub fn is_attempt_label(raw: &str) -> bool {
    normalise(raw) == "tried"
}

/// `Alternatives considered:`: a field naming the options weighed beside a decision.
pub fn is_alternatives_field(raw: &str) -> bool {
    matches!(
        normalise(raw).as_ref(),
        "alternative"
            | "alternatives"
            | "alternative considered"
            | "alternatives considered"
            | "option considered"
            | "options considered"
    )
}

/// Whether an alternatives field's value gives its verdict, that the option was turned down
/// ("Create React App - rejected due to performance", "Adding a ToolNode. Rejected — too
/// complex"). A bare list of options ("MongoDB, PostgreSQL") records no choice.
pub fn states_a_rejection(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    ["rejected", "discarded", "ruled out"]
        .iter()
        .any(|verdict| {
            lower.match_indices(verdict).any(|(at, _)| {
                let before = lower[..at].trim_end();
                // The verdict set apart after the option ("X - rejected", "X. Rejected —",
                // "(ruled out: ...)") or said of it ("X was rejected"). Not a word that describes
                // a thing ("a retry queue for rejected payments") nor a denial ("not rejected").
                let set_apart = before.is_empty()
                    || before.ends_with(['-', ',', ';', ':', '.', '('])
                    || before.ends_with('\u{2014}')
                    || before.ends_with('\u{2013}');
                let said = ["was", "were", "is", "are", "been", "got"]
                    .iter()
                    .any(|w| before.ends_with(&format!(" {w}")) || before == *w);
                let bounded = lower[at + verdict.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_ascii_alphabetic());
                bounded && (set_apart || said)
            })
        })
}

/// `Status:`: a field whose value may report a problem or a fix.
pub fn is_status_field(raw: &str) -> bool {
    matches!(normalise(raw).as_ref(), "status" | "current status")
}

/// Field labels whose list is work to do (`**Objectives:**`, `**TODO:**`).
pub fn is_plans_field(raw: &str) -> bool {
    matches!(
        normalise(raw).as_ref(),
        "objective"
            | "objectives"
            | "goal"
            | "goals"
            | "tasks"
            | "todo"
            | "to do"
            | "action items"
            | "plan"
            | "roadmap"
            | "backlog"
    )
}

/// Field labels that hold the content of a record (`**What:**`), as opposed to its
/// attributes (`**Why:**`, `**Tab Order:**`).
pub fn is_content_field(raw: &str) -> bool {
    matches!(
        normalise(raw).as_ref(),
        "what"
            | "summary"
            | "description"
            | "change"
            | "changes"
            | "entry"
            | "note"
            | "notes"
            | "update"
            | "details"
            | "fix"
            | "solution"
            | "workaround"
            | "remedy"
            | "resolution"
            // A post-mortem's rule for next time: the entry's lesson, typed by its section
            // (a lessons file, a gotchas list).
            | "prevention"
            | "how to avoid"
            // A standard operating procedure: the same rule for next time.
            | "sop"
            // The story of the entry: under a lessons heading it is told for its lesson,
            // elsewhere its words say what it is.
            | "what happened"
    )
}

/// The type word right after `MEMORY:` (`MEMORY: decided use X`, `MEMORY: til ...`).
pub fn memory_type(rest: &str) -> Option<(EntryType, &str)> {
    let end = rest
        .find(|c: char| c.is_whitespace() || c == ':')
        .unwrap_or(rest.len());
    let word = rest[..end].to_ascii_lowercase();
    let kind = match word.as_str() {
        "decided" | "decision" | "decide" => EntryType::Decision,
        "problem" | "issue" | "bug" => EntryType::Problem,
        "learned" | "learning" | "til" | "lesson" => EntryType::Learning,
        "fixed" | "fix" | "resolved" | "progress" => EntryType::Progress,
        "gotcha" | "pitfall" | "caveat" => EntryType::Gotcha,
        _ => return None,
    };
    let after = rest[end..].trim_start();
    Some((kind, after.strip_prefix(':').unwrap_or(after).trim_start()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_topic_then_an_order_names_the_choice() {
        use super::names_a_choice;
        assert!(names_a_choice(
            "**Documentation Structure**",
            "Follow CLAUDE.md specified directory structure exactly"
        ));
        assert!(names_a_choice(
            "**Docker docs**",
            "Emphasize automated Redis setup rather than manual configuration"
        ));
        assert!(names_a_choice(
            "**ImageKit**",
            "Selected for real-time transforms"
        ));
        // A record's attributes: a status, a date, a measure, a consequence.
        for (label, value) in [
            ("**Status**", "Accepted"),
            ("**Tab Order**", "Learnings → Decisions → Issues"),
            ("**Impact**", "2 pages rejected in testing"),
            ("**Consequences**", "New skills must pick a category"),
            ("**Migrate when**", "1000+ users"),
            // Other parts of the record, whose value opens with an order.
            ("**Open question**", "Keep the v1 API alive or not"),
            (
                "**Follow-up**",
                "Move the cron job to the worker after launch",
            ),
            ("**Trade-off**", "Build times go up by about 30s per job"),
        ] {
            assert!(!names_a_choice(label, value), "{label} {value}");
        }
    }

    use super::*;

    fn kind(s: &str) -> Option<LabelKind> {
        leading(s).map(|l| l.kind)
    }

    #[test]
    fn type_label_forms() {
        use EntryType::*;
        for (text, want) in [
            ("decided: use JWT", Decision),
            ("decided against: redis", Rejected),
            ("Ruled out: Kafka - too heavy", Rejected),
            ("**Rejected:** Option B", Rejected),
            ("**Decided:** use JWT", Decision),
            ("Chosen option: \"Lunr\", because it is small", Decision),
            ("**Chosen:** FullCalendar v6", Decision),
            (
                "**What went wrong**: the app showed the wrong chain",
                Problem,
            ),
            ("**Mistake**: used made-up fallback data", Problem),
            ("**Decision.** Ship the rule engine first", Decision),
            ("**Lesson.** Caches are per user", Learning),
            ("**Lesson (2026-01-02):** caches are per user", Learning),
            ("Decision (ADR-3): keep Postgres", Decision),
            ("教訓: 公式 SDK ソースを優先する", Learning),
            ("**発見（Cloud Runログ）**: veo が拒否する", Learning),
            ("Good to know: positive y is down", Learning),
            ("**Leçon** : mieux vaut trois positions fortes", Learning),
            ("**Entscheidung:** Postgres", Decision),
            ("**Décision :** FastAPI", Decision),
            ("**결정**: Clerk 사용", Decision),
            ("**Problème :** le build échoue", Problem),
            ("**Erkenntnis:** Caches sind pro Nutzer", Learning),
            ("**Behoben:** Login-Schleife", Progress),
            ("问题：构建失败", Problem),
            ("决定：使用 Postgres", Decision),
            ("**已修复：** 登录循环", Progress),
            ("**解决**：去掉翻转。", Progress),
            ("**教训**：缓存按用户区分", Learning),
            ("**المشكلة:** فشل البناء", Problem),
            ("**الدرس:** اختبر قبل التشخيص", Learning),
            ("**الحل:** تغيير الموديل", Progress),
            ("**Solución**: usar un índice parcial", Progress),
            ("発見：キャッシュはユーザーごと", Learning),
            ("**Decision**: use JWT", Decision),
            ("Decision: use JWT", Decision),
            ("**Decided** use JWT", Decision),
            ("problem: login fails", Problem),
            ("**Problem:** x", Problem),
            ("**Bug**: x", Problem),
            ("Bug: x", Problem),
            ("[BUG] `npm ci` fails", Problem),
            ("**Workflow Issue**: jumps from init to e2e", Problem),
            ("Update Bug: restart impossible", Problem),
            ("**Sync problem:** two tabs overwrite drafts", Problem),
            ("Problem - the cache is stale", Problem),
            ("learned: x", Learning),
            ("**Learned:** x", Learning),
            ("**Learning**: x", Learning),
            ("TIL: x", Learning),
            ("til: x", Learning),
            ("Key insight: x", Learning),
            ("fixed: x", Progress),
            ("**Fixed:** x", Progress),
            ("✅ Fixed: x", Progress),
            ("**Shipped:** x", Progress),
            ("**Fix Applied**: x", Progress),
            ("fix: vercel timeout", Progress),
            ("fix(test): run go mod tidy", Progress),
            ("gotcha: x", Gotcha),
            ("Gotcha: x", Gotcha),
            ("Pitfall: x", Gotcha),
            ("**Caveat**: x", Gotcha),
        ] {
            assert_eq!(kind(text), Some(LabelKind::Type(want)), "{text}");
        }
    }

    #[test]
    fn markers_and_fields() {
        let label = leading("问题：构建失败").unwrap();
        assert_eq!((label.raw, label.rest), ("问题", "构建失败"));
        // A full-width colon after a number or inside a sentence's later part is no label.
        assert_eq!(kind("12：30 开会"), None);
        // A run-in head that names no kind titles its paragraph.
        assert_eq!(kind("**MIT licence.** Declared in LICENSE"), None);
        assert_eq!(kind("**Wait...** it works"), None);
        assert_eq!(
            kind("修复：登录循环"),
            Some(LabelKind::Type(EntryType::Progress))
        );
        // 问题 is also "question": an FAQ's or a quiz's question is no problem report.
        assert_eq!(kind("问题：如何配置代理？"), Some(LabelKind::Topic));
        assert_eq!(
            kind("**问题：** 为什么启动时报错？"),
            Some(LabelKind::Topic)
        );
        assert_eq!(
            kind("問題：次のコードの出力は何ですか"),
            Some(LabelKind::Topic)
        );
        assert_eq!(kind("KEY: x"), Some(LabelKind::Key));
        assert_eq!(kind("**KEY:** x"), Some(LabelKind::Key));
        assert_eq!(kind("**KEY** x"), Some(LabelKind::Key));
        assert_eq!(kind("IMPORTANT: x"), Some(LabelKind::Key));
        assert_eq!(kind("important: x"), Some(LabelKind::Key));
        assert_eq!(kind("key: compute"), Some(LabelKind::Topic));
        assert_eq!(kind("Key: `VITE_GAS_URL`"), Some(LabelKind::Topic));
        assert_eq!(kind("Til: o'zbek (uz)"), Some(LabelKind::Topic));
        assert_eq!(kind("MEMORY: decided x"), Some(LabelKind::Memory));
        assert_eq!(kind("**Why:** because"), Some(LabelKind::Attribute));
        assert_eq!(
            kind("Current mitigation: retry"),
            Some(LabelKind::Attribute)
        );
        assert_eq!(kind("Next: wire the API"), Some(LabelKind::Next));
        assert_eq!(kind("feat: add x"), Some(LabelKind::CommitOther));
        assert_eq!(kind("**Rate Limiting**: x"), Some(LabelKind::Topic));
    }

    #[test]
    fn not_labels() {
        assert_eq!(kind("https://example.com is down"), None);
        // Tickets and steps named like a defect: not a report.
        assert_ne!(
            kind("**Tracking issue**: #123"),
            Some(LabelKind::Type(EntryType::Problem))
        );
        assert_ne!(
            kind("**Reproduce Issue**: try to reproduce the problem first"),
            Some(LabelKind::Type(EntryType::Problem))
        );
        assert_eq!(kind("Jest giving error - SyntaxError: x"), None);
        assert_eq!(kind("cmd/go: 'go mod tidy' breaks"), None);
        assert_eq!(kind("**PUSH to remote**"), None);
        assert_eq!(kind("[x] done"), None);
        assert_eq!(kind("[link](http://x)"), None);
        assert_eq!(kind("12:30 meeting"), None);
        assert_eq!(kind("a very long sentence that goes on: x"), None);
    }

    #[test]
    fn an_italic_name_before_its_colon_is_a_label() {
        let l = leading("*Lesson*: mixing SSR and dynamic imports breaks the build").unwrap();
        assert_eq!(
            (l.kind, l.raw, l.rest),
            (
                LabelKind::Type(EntryType::Learning),
                "Lesson",
                "mixing SSR and dynamic imports breaks the build"
            )
        );
        let l = leading("_Decision_: use Postgres").unwrap();
        assert_eq!(
            (l.kind, l.rest),
            (LabelKind::Type(EntryType::Decision), "use Postgres")
        );
        // The colon inside the emphasis, as before.
        let l = leading("*Decided:* use JWT").unwrap();
        assert_eq!(
            (l.kind, l.raw, l.rest.trim()),
            (LabelKind::Type(EntryType::Decision), "Decided", "use JWT")
        );
        // A list item or a word in italics later in the line is no label.
        assert_eq!(leading("* item with *x*: y"), None);
        assert!(leading("*not* a label: here").is_none_or(|l| l.raw != "not"));
    }

    #[test]
    fn a_whole_line_in_bold_holds_its_label() {
        let l = leading("**Decision: no host migration.**").unwrap();
        assert_eq!(
            (l.kind, l.raw, l.rest, l.emphatic),
            (
                LabelKind::Type(EntryType::Decision),
                "Decision",
                "no host migration.",
                true
            )
        );
        let l = leading("**Lesson: pin the toolchain in CI, upstream breaks often**").unwrap();
        assert_eq!(l.kind, LabelKind::Type(EntryType::Learning));
        // Bold text with a colon but no label before it, or two bold runs, is no such line.
        assert_eq!(leading("**See https://example.com for details**"), None);
        assert!(
            leading("**Decision** and **Why: speed**").is_none_or(|l| l.raw == "Decision"),
            "only the first bold run can be a label"
        );
    }

    #[test]
    fn a_numbered_lesson_decision_or_pitfall_is_a_label() {
        let l = leading("lesson-5: **MCP tools fill the context** — use an allowlist").unwrap();
        assert_eq!(
            (l.kind, l.raw),
            (LabelKind::Type(EntryType::Learning), "lesson")
        );
        assert_eq!(
            leading("Decision #4: keep SQLite").map(|l| l.kind),
            Some(LabelKind::Type(EntryType::Decision))
        );
        assert_eq!(
            leading("**Pitfall 2:** the cache key ignores the locale").map(|l| l.kind),
            Some(LabelKind::Type(EntryType::Gotcha))
        );
        // A numbered issue or bug names a ticket or a part; a number alone is no name.
        assert_eq!(leading("Issue 2: Decision Process"), None);
        assert_eq!(leading("Bug 14: see the tracker"), None);
        assert!(leading("2026: a year of rewrites").is_none());
    }

    #[test]
    fn a_caution_or_warning_in_a_european_language_is_a_gotcha_label() {
        for line in [
            "Achtung: `npm ci` löscht den node_modules-Ordner",
            "**Vorsicht:** der Cache wird nie geleert",
            "Cuidado: el token expira a los 5 minutos",
            "Attenzione: il driver ignora il timeout",
            "Внимание: кэш не очищается",
            "Caution: the staging bucket is shared with prod",
        ] {
            assert_eq!(
                leading(line).map(|l| l.kind),
                Some(LabelKind::Type(EntryType::Gotcha)),
                "{line}"
            );
        }
        // A notice is not a warning, nor a model's attention layer.
        for other in [
            "Aviso: nueva versión disponible",
            "Attention: GQA with 8 KV heads",
        ] {
            assert_ne!(
                leading(other).map(|l| l.kind),
                Some(LabelKind::Type(EntryType::Gotcha)),
                "{other}"
            );
        }
    }

    #[test]
    fn a_caution_in_chinese_or_korean_is_a_gotcha_label() {
        assert_eq!(
            leading("注意：构造里不能再 `super(initial)`").map(|l| l.kind),
            Some(LabelKind::Type(EntryType::Gotcha))
        );
        assert_eq!(
            leading("주의: 캐시 키에 로케일이 빠져 있음").map(|l| l.kind),
            Some(LabelKind::Type(EntryType::Gotcha))
        );
    }

    #[test]
    fn a_fix_branch_name_is_a_fix_label() {
        let l = leading("Fix/caching issue").unwrap();
        assert_eq!(
            (l.kind, l.raw, l.rest),
            (LabelKind::Type(EntryType::Progress), "Fix", "caching issue")
        );
        assert_eq!(
            leading("hotfix/empty response").map(|l| l.kind),
            Some(LabelKind::Type(EntryType::Progress))
        );
        // A path or another branch kind is no fix label.
        assert!(leading("fixtures/data.json is stale").is_none());
        assert!(leading("feature/login page").is_none());
        assert!(leading("fix/").is_none());
    }

    #[test]
    fn a_lesson_introduced_as_one_is_a_learning_label() {
        for line in [
            "**The Learning**: AI can scaffold quickly, production is the gap.",
            "The lesson: retries need a budget",
            "The takeaway: measure before caching",
        ] {
            assert_eq!(
                leading(line).map(|l| l.kind),
                Some(LabelKind::Type(EntryType::Learning)),
                "{line}"
            );
        }
        // A problem or a fix after "the" sets up a story or proposes one: no type label.
        for line in [
            "**the fix:** provider fallbacks would make me more resilient",
            "The problem: nobody owns the cron job",
            "The plan: ship on Friday",
        ] {
            assert_eq!(
                leading(line).map(|l| l.kind),
                Some(LabelKind::Topic),
                "{line}"
            );
        }
    }

    #[test]
    fn an_alternatives_field_with_its_verdict_records_a_rejection() {
        assert!(is_alternatives_field("Alternative Considered"));
        assert!(is_alternatives_field("**Alternatives considered**"));
        assert!(!is_alternatives_field("Decision"));
        for value in [
            "Create React App - rejected due to performance and configuration limitations",
            "Adding a ToolNode. Rejected — too complex for the fan-out",
            "Redis (ruled out: one more service to run)",
            "a message queue, discarded as overkill",
        ] {
            assert!(states_a_rejection(value), "{value}");
        }
        for value in [
            "MongoDB, PostgreSQL",
            "(optional)",
            "Vitest was not rejected outright, only postponed",
            "a retry queue for rejected payments",
        ] {
            assert!(!states_a_rejection(value), "{value}");
        }
    }

    #[test]
    fn rest_and_memory() {
        let l = leading("**Decided:** use JWT").unwrap();
        assert_eq!((l.raw, l.rest, l.emphatic), ("Decided", "use JWT", true));
        assert_eq!(
            memory_type("decided use X"),
            Some((EntryType::Decision, "use X"))
        );
        assert_eq!(memory_type("til: y"), Some((EntryType::Learning, "y")));
        assert_eq!(memory_type("hello"), None);
    }
}
