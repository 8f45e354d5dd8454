//! What a heading says about the lines under it: `## Gotchas`, `## Known Gotchas and
//! Important Notes`, `## Key Decisions`, `### Decisions made that ...`, `## Learnings`,
//! `### Discoveries ...`, `## Known Issues`, `### Fixed` type the bullets that have no
//! label; `## Project State` holds the state fields; `## Next Milestones`, `## TODO`,
//! `## Reminders` hold plans, which are not memories. Containers (`## Decision Log`,
//! `## Session Log`) type nothing themselves: their entries say what they are.

use super::lex;
use crate::parse::EntryType;

/// The meaning of a heading for the lines below it (until a heading of the same or a
/// higher level).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectionKind {
    /// Says nothing: the lines inherit from the enclosing headings.
    Neutral,
    /// Bullets without a label take this type.
    Typed(EntryType),
    /// References, instructions, open questions: nothing below inherits a type from
    /// further out.
    Plans,
    /// Work to do (`## TODO`, `## Next Steps`, `## Roadmap`): like [`SectionKind::Plans`],
    /// and the items are plans, not memories, unless a type label says otherwise.
    Todo,
    /// `## Project State`: `- Goal:`, `- Stack:`, `- Blocked:`.
    ProjectState,
    /// A log of one type's entries (`## Decision Log`, `## Learnings Log`, `## Architecture
    /// Decision Records`): bullets right under it, or under one of its entries
    /// ([`SectionKind::Entry`]), take the type; under a titled part of it (`### Rationale`,
    /// `### Implementation Details`) they do not.
    LogOf(EntryType),
    /// A heading that is only a date or an entry's id (`### 2026-01-10`, `## DEC-004`): an
    /// entry of the log around it, otherwise neutral.
    Entry,
}

/// The kind of a heading, from its text (without the `#`s).
pub fn heading_kind(text: &str) -> SectionKind {
    use EntryType::*;
    let lower = text.to_lowercase();
    let words: Vec<&str> = lex::words(&lower).collect();
    // A singular category word inside a compound name ("Decision Engine", "Machine
    // Learning", "Service Discovery") names a thing, not the kind of entries below. Looked
    // for only in a heading that has such a word.
    let named_things = if words.iter().any(|w| SINGULAR_CATEGORIES.contains(w)) {
        compound_names(&lower)
    } else {
        Vec::new()
    };
    let has = |w: &str| words.contains(&w) && !named_things.contains(&w);
    let any = |ws: &[&str]| ws.iter().any(|w| has(w));
    if lower.trim() == "project state" {
        return SectionKind::ProjectState;
    }
    // "Aegis-PV learnings — continuous discovery log", "Team decisions: why things are as they
    // are": a title that names a kind of entry, then a subtitle that describes the file. The
    // title decides when it names lessons, warnings or choices; a title naming defects
    // ("Grid refresh bugs — orders go stale") may be one incident's write-up, so the whole
    // heading is read as before.
    if let Some(at) = [" — ", " – ", ": "]
        .iter()
        .filter_map(|sep| text.find(sep))
        .min()
        && let kind @ (SectionKind::Typed(Learning | Gotcha | Decision)
        | SectionKind::LogOf(Learning | Gotcha | Decision)) = heading_kind(&text[..at])
    {
        return kind;
    }
    // "### Log", "### Entries" under a log: the container of its entries, not a titled part.
    if !words.is_empty()
        && words
            .iter()
            .all(|w| matches!(*w, "log" | "entries" | "entry" | "items" | "records"))
    {
        return SectionKind::Entry;
    }
    // "Format: - YYYY-MM-DD: [what went wrong]": a heading that shows the shape of entries.
    if lower.trim_start().starts_with("format:") {
        return SectionKind::Plans;
    }
    if any(&[
        "log",
        "history",
        "record",
        "records",
        "template",
        "changelog",
    ]) {
        // A log named by a type ("Decision Log") types its entries; a session, change or
        // development log, a history or a template does not.
        let logged = words
            .iter()
            .filter(|w| !matches!(**w, "log" | "record" | "records"));
        let named = logged.cloned().collect::<Vec<_>>().join(" ");
        if any(&["log", "record", "records"])
            && !any(&["template", "history", "changelog"])
            && let SectionKind::Typed(kind) = heading_kind(&named)
        {
            return SectionKind::LogOf(kind);
        }
        return SectionKind::Neutral;
    }
    if is_entry_title(&lower) {
        return SectionKind::Entry;
    }
    // A category is named by a short heading, or by one of the first two words of a long one
    // ("Tasks for the next release of the sync engine", "Open TODOs for the sync engine
    // rewrite"); elsewhere in a long heading the word names an entry's topic ("Rebase-only
    // merges — don't trust the API's flags", "Grid MM Refresh Logic Bugs - Orders Go Stale":
    // an incident's write-up, whose lines are its analysis and plan as much as its problem).
    let category = words.len() <= 5;
    let names = |ws: &[&str]| any(ws) && (category || words.iter().take(2).any(|w| ws.contains(w)));
    if any(&[
        "gotcha",
        "gotchas",
        "pitfall",
        "pitfalls",
        "caveat",
        "caveats",
        "footgun",
        "footguns",
        "traps",
        "warnings",
        "bite",
        "bites",
        "landmines",
        "quirks",
        "surprises",
    ]) || any(GOTCHA_ABROAD)
        || GOTCHA_PHRASES_ABROAD.contains(&heading_core(&lower))
        || CJK_GOTCHA.iter().any(|w| lower.contains(w))
        || lower.contains("sharp edge")
        || lower.contains("watch out")
        // "Verification blind spots", "Learned the hard way": traps met in practice.
        || lower.contains("blind spot")
        || lower.contains("the hard way")
        // "Things that bit us", "What tripped me up", "Stuff that burned us" (general
        // phrasing for pitfalls met in practice).
        || (any(&["bit", "bitten", "burned", "burnt", "tripped"])
            && any(&["us", "me", "them", "you"]))
        // "Mistakes to avoid", "Errors not to repeat", "Erreurs connues à ne pas
        // reproduire", "Erreurs à éviter": what went wrong, kept so it is not done again.
        // ("Handling errors to avoid data loss" is how something is done.)
        || (any(&["mistakes", "errors", "erreurs", "things", "choses"])
            && (lower.contains("not to repeat")
                || lower.contains("never again")
                || lower.contains("ne pas reproduire")
                || lower.contains("ne pas refaire")
                || (any(&["mistakes", "erreurs", "things", "choses"])
                    && (lower.contains("to avoid") || lower.contains("à éviter")))))
    {
        return SectionKind::Typed(Gotcha);
    }
    // "### Root Cause", "Why this happens", "Root causes & fixes": the explanation of a
    // problem, which is what was learned from it (before the fixes a heading also names).
    if lower.contains("root cause")
        || lower.contains("why this happens")
        || lower.contains("why it happens")
    {
        return SectionKind::Typed(Learning);
    }
    if any(&[
        "fixed",
        "fixes",
        "resolved",
        "solved",
        "shipped",
        "completed",
        // "Corrected in 2.1", "Corrections": fixes by another name.
        "corrected",
        "corrections",
    ]) || lower.trim() == "done"
        // The part of a problem's write-up that says what was done about it ("### Solution",
        // "### The fix", "### Resolution"). Only as the whole heading: "Solutions we could
        // try" or "Solution ideas" lists options, not work done.
        || matches!(
            lower.trim().trim_end_matches(':'),
            "solution" | "the solution" | "fix" | "the fix" | "resolution"
        )
    {
        return SectionKind::Typed(Progress);
    }
    if names(&["issues", "bugs", "problems", "blockers"])
        || any(PROBLEMS_ABROAD)
        || CJK_PROBLEMS.iter().any(|w| lower.contains(w))
    {
        return SectionKind::Typed(Problem);
    }
    // Before decisions: "## Rejected decisions" lists what was not chosen.
    if any(&["rejected", "rejections"])
        || lower.contains("ruled out")
        || lower.contains("dead end")
        || lower.contains("didn't work")
        || lower.contains("did not work")
    {
        return SectionKind::Typed(Rejected);
    }
    if names(&["decisions", "decision", "adr", "adrs"])
        || any(DECISIONS_ABROAD)
        || DECISION_PHRASES_ABROAD.contains(&heading_core(&lower))
        || CJK_DECISIONS.iter().any(|w| lower.contains(w))
    {
        return SectionKind::Typed(Decision);
    }
    // The parts of a retrospective or postmortem ("What went well", "What went wrong",
    // "What we would do differently", "What worked"): what the team took from it.
    let retrospective = ["went well", "went wrong", "do differently", "what worked"]
        .iter()
        .any(|p| lower.contains(p))
        || lower.contains("didn't go well")
        || lower.contains("did not go well");
    if retrospective
        || names(&[
            "learnings",
            "learning",
            "lessons",
            "til",
            "discoveries",
            "discovery",
            "insights",
        ])
        || lower.contains("learned")
        || any(LEARNINGS_ABROAD)
        || LEARNING_PHRASES_ABROAD.contains(&heading_core(&lower))
        || CJK_LEARNINGS.iter().any(|w| lower.contains(w))
    {
        return SectionKind::Typed(Learning);
    }
    // "Common Mistakes to Avoid", "Anti-patterns": traps, unless lessons are named first
    // ("Lessons Learned - Common Mistakes & Patterns" holds lessons).
    if has("mistakes") || lower.contains("anti-pattern") || lower.contains("antipattern") {
        return SectionKind::Typed(Gotcha);
    }
    let assumptions = has("assumptions") || has("assumption");
    if assumptions && any(&["wrong", "invalid", "incorrect", "false", "broken"]) {
        return SectionKind::Typed(Learning);
    }
    // "Risks", "Risk Assessment": what might go wrong, not what did.
    if assumptions
        || names(&["flags", "review", "questions", "question", "risks"])
        || lower.contains("risk assessment")
    {
        return SectionKind::Plans;
    }
    if names(&[
        "todo",
        "todos",
        "roadmap",
        "backlog",
        "planned",
        "plan",
        "plans",
        "milestones",
        "objectives",
        "tasks",
        "future",
        "ideas",
        "wishlist",
    ]) || lower.contains("next step")
        // "What to do instead", "How to do a release": what to do, not work to do.
        || (lower.contains("to do") && !lower.contains("what to do") && !lower.contains("how to do"))
        || lower.contains("left to build")
        // "Follow-up work", "Follow-ups": what is left to do after a piece of work. Not
        // "Follow-up on the March outage" or "Follow up with the vendor", an account.
        || is_follow_up_list(&lower)
        || lower.contains("action items")
        // "Next", "Next up"; not "Next.js middleware naming" (a name).
        || (words.first() == Some(&"next") && !lower.trim_start().starts_with("next."))
    {
        return SectionKind::Todo;
    }
    if names(&[
        "reminders",
        "references",
        "links",
        "installation",
        "usage",
        "commands",
        "examples",
        "instructions",
        "purpose",
        "legend",
        "categories",
    ]) || lower.contains("what works")
        || lower.contains("when to ")
        || lower.contains("how to ")
        || lower.contains("getting help")
    {
        return SectionKind::Plans;
    }
    SectionKind::Neutral
}

/// Headings in the languages memory files are most often written in besides English (as
/// the type labels are; Polish, Dutch, Hebrew and Thai too): the same kinds of section,
/// translated. Words with a second meaning stay out: Russian "решения" (also "solutions")
/// and "уроки" (also "classes"), and Chinese "问题" alone, which heads FAQs ("常见问题") as
/// often as problems.
const GOTCHA_ABROAD: &[&str] = &[
    "stolperfallen",
    "stolperfalle",
    "fallstricke",
    "pièges",
    "piège",
    "trampas",
    "armadilhas",
    "insidie",
    "pułapki",
    "pułapka",
    "valkuilen",
    // Hebrew "traps".
    "מלכודות",
];
const PROBLEMS_ABROAD: &[&str] = &[
    "probleme",
    "problèmes",
    "problemas",
    "problemi",
    "проблемы",
    "problemy",
    "problemen",
    // Hebrew "problems".
    "בעיות",
];
const DECISIONS_ABROAD: &[&str] = &[
    "entscheidungen",
    "entscheidung",
    "décisions",
    "décision",
    "decisiones",
    "decisión",
    "decisões",
    "decisão",
    "decisioni",
    "decyzje",
    "beslissingen",
    // Hebrew "decisions".
    "החלטות",
];
const LEARNINGS_ABROAD: &[&str] = &[
    "erkenntnisse",
    "leçons",
    "apprentissages",
    "aprendizajes",
    "aprendizados",
    "lições",
    "wnioski",
    // Hebrew "lessons".
    "לקחים",
];
/// A heading without its bracketed asides and edge punctuation: "ключевые решения (и
/// почему)" → "ключевые решения".
fn heading_core(lower: &str) -> &str {
    lower
        .split(['(', '['])
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_alphanumeric())
}

/// "Follow-ups", "Follow-up work", "Follow up items": the heading of what is left to do.
fn is_follow_up_list(lower: &str) -> bool {
    let core = heading_core(lower);
    // The plural alone lists them; the singular needs a word for the work ("Follow-up" alone
    // may head an account of what was done after an incident).
    if matches!(core, "follow-ups" | "followups" | "follow ups") {
        return true;
    }
    let rest = ["follow-up", "followup", "follow up"]
        .iter()
        .find_map(|head| core.strip_prefix(head));
    rest.is_some_and(|rest| {
        matches!(
            rest.trim(),
            "work" | "items" | "tasks" | "actions" | "todos" | "to-dos" | "needed"
        )
    })
}

/// Russian words for the kinds that are ambiguous alone ("решения" is also "solutions",
/// "уроки" also "classes", "камни" just "stones") but not in the set phrases memory files
/// head their sections with: "key / adopted / architectural decisions", "lessons learned",
/// "underwater stones" (pitfalls).
const DECISION_PHRASES_ABROAD: &[&str] = &[
    "ключевые решения",
    "принятые решения",
    "архитектурные решения",
    "технические решения",
];
const LEARNING_PHRASES_ABROAD: &[&str] =
    &["извлечённые уроки", "извлеченные уроки", "выученные уроки"];
const GOTCHA_PHRASES_ABROAD: &[&str] = &["подводные камни"];
/// Chinese, Japanese and Korean headings put no space between words: these are looked for
/// inside the heading.
const CJK_GOTCHA: &[&str] = &[
    "坑",
    "陷阱",
    "注意事项",
    "落とし穴",
    "ハマりどころ",
    "ハマったポイント",
    "함정",
    "주의사항",
    // Thai "things to watch out for", "trap" (Thai, too, writes no space between words).
    "ข้อควรระวัง",
    "กับดัก",
];
const CJK_PROBLEMS: &[&str] = &["已知问题", "既知の問題", "알려진 문제", "알려진 이슈"];
const CJK_DECISIONS: &[&str] = &["决策", "决定", "決定", "결정", "การตัดสินใจ"];
const CJK_LEARNINGS: &[&str] = &[
    "教训",
    "经验总结",
    "教訓",
    "学び",
    "교훈",
    "배운 점",
    "บทเรียน",
];

/// Singular category words that also make compound names of things in software headings.
const SINGULAR_CATEGORIES: &[&str] = &[
    "decision",
    "learning",
    "discovery",
    "insight",
    "gotcha",
    "pitfall",
    "caveat",
    "adr",
];
/// Words that may follow a category word and leave it the heading's category: containers
/// ("Decision Log", "Gotcha Registry", "Learning Notes", "Decision Outcome") and the words
/// that start a phrase about it ("Decision on caching", "Gotcha with Safari", "Learning from
/// the outage").
const AFTER_A_CATEGORY: &[&str] = &[
    "log",
    "logs",
    "notes",
    "note",
    "list",
    "registry",
    "register",
    "journal",
    "index",
    "catalog",
    "catalogue",
    "collection",
    "inventory",
    "tracker",
    "archive",
    "digest",
    "recap",
    "overview",
    "made",
    "taken",
    "learned",
    "summary",
    "record",
    "records",
    "points",
    "outcome",
    "outcomes",
    "and",
    "or",
    "from",
    "in",
    "of",
    "on",
    "for",
    "to",
    "about",
    "during",
    "with",
    "we",
    "i",
    "that",
    "this",
    "these",
    "the",
    "a",
    "an",
    "by",
    "after",
    "at",
    "since",
    "per",
    "vs",
    "so",
    "here",
    "is",
    "was",
    "are",
    "were",
];
/// Words before "learning" or "discovery" that make the name of a field or a mechanism,
/// not a lesson or a finding (general software vocabulary).
const FIELD_BEFORE: &[&str] = &[
    "machine",
    "deep",
    "reinforcement",
    "transfer",
    "federated",
    "supervised",
    "unsupervised",
    "continual",
    "online",
    "active",
    "meta",
    "e",
    "service",
    "peer",
    "node",
    "device",
    "network",
    "auto",
    "schema",
    "api",
    "endpoint",
    "plugin",
    "test",
    "dependency",
    "package",
    "module",
    "data",
];

/// The singular category words of a heading that stand in a compound name: followed, with
/// only a space between, by a word that does not continue a category ("Decision Engine",
/// "Learning Resources", "Discovery System"), or, for "learning" and "discovery", preceded
/// by a word that names a field or mechanism ("Machine Learning", "Service Discovery").
fn compound_names(lower: &str) -> Vec<&'static str> {
    // Each word with whether only blanks or one hyphen part it from the word before:
    // other punctuation ends a phrase ("Decisions — Tonary", "Decision: use X").
    let is_word = |c: char| c.is_alphanumeric() || c == '\'';
    let mut tokens: Vec<(&str, bool)> = Vec::new();
    let mut rest = lower;
    let mut first = true;
    while !rest.is_empty() {
        let start = rest.find(is_word).unwrap_or(rest.len());
        let sep = &rest[..start];
        rest = &rest[start..];
        let end = rest.find(|c: char| !is_word(c)).unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        let joined =
            !first && (sep == "-" || (!sep.is_empty() && sep.chars().all(char::is_whitespace)));
        tokens.push((&rest[..end], joined));
        rest = &rest[end..];
        first = false;
    }
    let mut found = Vec::new();
    for (i, &(word, _)) in tokens.iter().enumerate() {
        let Some(&category) = SINGULAR_CATEGORIES.iter().find(|c| **c == word) else {
            continue;
        };
        let next = tokens.get(i + 1).filter(|(_, joined)| *joined);
        let continues = next.is_some_and(|(w, _)| {
            !AFTER_A_CATEGORY.contains(w) && !w.bytes().all(|b| b.is_ascii_digit())
        });
        let field = matches!(category, "learning" | "discovery")
            && tokens[i].1
            && i > 0
            && FIELD_BEFORE.contains(&tokens[i - 1].0);
        if continues || field {
            found.push(category);
        }
    }
    found
}

/// Whether a heading is only a date (`2026-01-10`, `Jan 10, 2026`, `Friday 3/14`) or an
/// entry's id (`DEC-004`, `D12.`, `ADR 0003`).
fn is_entry_title(lower: &str) -> bool {
    let mut words = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .peekable();
    if words.peek().is_none() {
        return false;
    }
    let date_part = |w: &str| {
        let w = w.trim_end_matches([':', '.', ')']).trim_start_matches('(');
        (!w.is_empty()
            && w.bytes().any(|b| b.is_ascii_digit())
            && w.bytes().all(|b| b.is_ascii_digit() || b"-/.".contains(&b)))
            || super::dates::names_a_day_or_month(w.as_bytes())
    };
    let id = |w: &str| {
        let w = w.trim_end_matches([':', '.']);
        let letters = w.bytes().take_while(u8::is_ascii_alphabetic).count();
        let rest = w[letters..].trim_start_matches('-');
        (1..=4).contains(&letters) && !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())
    };
    let words: Vec<&str> = words.collect();
    // "2026-04-16 — `uv run pytest` needs the dev group": an entry dated first and titled.
    let full_date = |w: &str| {
        w.len() >= 8
            && w.bytes()
                .filter(|b| matches!(b, b'-' | b'/' | b'.'))
                .count()
                == 2
            && date_part(w)
    };
    if words.len() > 2 && full_date(words[0]) && matches!(words[1], "—" | "–" | "-" | "|" | ":")
    {
        return true;
    }
    words.iter().all(|w| date_part(w))
        || (words.len() == 1 && id(words[0]))
        || (words.len() == 2
            && ["adr", "dec", "decision"].contains(&words[0])
            && date_part(words[1]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use EntryType::*;
    use SectionKind::*;

    #[test]
    fn a_title_before_its_subtitle_names_the_kind() {
        assert_eq!(
            heading_kind("Aegis-PV learnings — continuous discovery log"),
            Typed(Learning)
        );
        assert_eq!(
            heading_kind("Team decisions: why things are the way they are"),
            Typed(Decision)
        );
        // A defect in the title may be one incident's write-up; a neutral title stays neutral.
        assert_eq!(
            heading_kind("Grid MM Refresh Logic Bugs — orders go stale after a reconnect"),
            Neutral
        );
        assert_eq!(
            heading_kind("Rebase-only merges — don't trust the API's flags"),
            Neutral
        );
    }

    #[test]
    fn typed_headings() {
        for (heading, want) in [
            ("Gotchas", Typed(Gotcha)),
            ("Known Gotchas and Important Notes", Typed(Gotcha)),
            ("Sharp Edges", Typed(Gotcha)),
            ("Pitfalls", Typed(Gotcha)),
            ("Decisions", Typed(Decision)),
            ("Key Decisions", Typed(Decision)),
            ("Rejected", Typed(Rejected)),
            ("Rejected approaches", Typed(Rejected)),
            ("What didn't work", Typed(Rejected)),
            ("Ruled out", Typed(Rejected)),
            (
                "Decisions made that future phases should know about",
                Typed(Decision),
            ),
            ("Learnings", Typed(Learning)),
            (
                "Lessons Learned - Common Mistakes & Patterns",
                Typed(Learning),
            ),
            (
                "Discoveries not covered by the reference documents",
                Typed(Learning),
            ),
            ("Known Issues", Typed(Problem)),
            ("CRITICAL Issues Found:", Typed(Problem)),
            ("Fixed", Typed(Progress)),
            ("Bug Fixes", Typed(Progress)),
            ("Corrected in alpha8", Typed(Progress)),
            ("**Root Cause**", Typed(Learning)),
            ("Root causes & fixes", Typed(Learning)),
            ("Why this happens", Typed(Learning)),
            ("Solution", Typed(Progress)),
            ("The fix:", Typed(Progress)),
            ("Resolution", Typed(Progress)),
            // Options to weigh, not work done.
            ("Solution ideas", Todo),
            ("Possible solutions", Neutral),
            ("Project State", ProjectState),
            ("Next Milestones", Todo),
            ("What's Left to Build", Todo),
            ("TODO", Todo),
            ("Reminders", Plans),
            ("Future Improvements", Todo),
            ("When to Use", Plans),
            ("Issue Categories", Plans),
            // A subject, not a list of rules: "API Naming Conventions" heads lessons.
            ("API Naming Conventions", Neutral),
            ("Decision Log", LogOf(Decision)),
            ("Architecture Decision Records", LogOf(Decision)),
            ("Learnings Log", LogOf(Learning)),
            ("Decision Log — Refactor Sprint", LogOf(Decision)),
            ("Change Log", Neutral),
            ("Development Log", Neutral),
            ("Decision log template", Neutral),
            ("2026-01-10", Entry),
            ("Friday, March 14", Entry),
            ("DEC-004", Entry),
            ("D12.", Entry),
            ("ADR 0003", Entry),
            ("2026-01-10: Auth refactor", Neutral),
            ("Session Log", Neutral),
            ("Error Handling", Neutral),
            ("Mind Tabs Reordering (2026-01-08)", Neutral),
            ("2026-01-15", Entry),
            ("Assumptions that proved wrong", Typed(Learning)),
            ("Phase 8 (pre-spike assumptions)", Plans),
            ("Flags for human review", Plans),
            ("Key Architectural Finding", Neutral),
            ("Things that bit us", Typed(Gotcha)),
            ("Common Mistakes to Avoid", Typed(Gotcha)),
            ("Erreurs connues à NE PAS reproduire", Typed(Gotcha)),
            ("Errors not to repeat", Typed(Gotcha)),
            ("Things to avoid", Typed(Gotcha)),
            ("Handling errors to avoid data loss", Neutral),
            ("Anti-patterns", Typed(Gotcha)),
            ("坑与环境怪癖", Typed(Gotcha)),
            ("Stolperfallen", Typed(Gotcha)),
            ("Pułapki", Typed(Gotcha)),
            ("ハマったポイント(時系列メモ)", Typed(Gotcha)),
            ("Decyzje techniczne", Typed(Decision)),
            ("Znane problemy", Typed(Problem)),
            ("Valkuilen", Typed(Gotcha)),
            ("Wnioski", Typed(Learning)),
            ("מלכודות שנלמדו בדם", Typed(Gotcha)),
            ("החלטות ארכיטקטורה", Typed(Decision)),
            ("לקחים", Typed(Learning)),
            ("การตัดสินใจทางเทคนิค", Typed(Decision)),
            ("บทเรียนที่ได้รับ", Typed(Learning)),
            ("ข้อควรระวัง", Typed(Gotcha)),
            ("Entscheidungen", Typed(Decision)),
            ("Risk Assessment", Plans),
            ("Risks", Plans),
            ("Ключевые решения (и почему)", Typed(Decision)),
            ("Подводные камни", Typed(Gotcha)),
            ("Извлечённые уроки", Typed(Learning)),
            // Alone, "решения" is as often "solutions", "камни" just "stones".
            ("Решения", Neutral),
            ("Камни", Neutral),
            ("Возможные технические решения", Neutral),
            ("Ключевые решения для клиентов", Neutral),
            ("Follow-ups", Todo),
            ("Follow-up on the March outage", Neutral),
            ("Follow up with the vendor", Neutral),
            ("技术决策日志", Typed(Decision)),
            ("Aprendizajes del stack", Typed(Learning)),
            ("已知问题", Typed(Problem)),
            ("常见问题", Neutral),
            ("Problèmes connus", Typed(Problem)),
            ("What tripped us up", Typed(Gotcha)),
            ("Verification blind spots", Typed(Gotcha)),
            ("Lessons learned the hard way", Typed(Gotcha)),
            ("A bit of history", Neutral),
            // The parts of a retrospective hold what was learned.
            ("What Went Well", Typed(Learning)),
            ("What went wrong", Typed(Learning)),
            ("What We Would Do Differently", Typed(Learning)),
            ("What worked", Typed(Learning)),
            ("What works", Plans),
            // A long heading is an entry's title: its words name a topic, not a category.
            (
                "Rebase-only merges — don't trust the repo-settings API's flags",
                Neutral,
            ),
            ("Why the review bot skips drafts on forks", Neutral),
            ("Tasks for the next release of the sync engine", Todo),
            ("Ideas we have not tried yet for search", Todo),
            ("Open TODOs for the sync engine rewrite", Todo),
            // A long heading is an incident's or an entry's title: a category word past its
            // first two words names the topic.
            (
                "Grid MM Refresh Logic Bugs - Orders Go Stale (2026-01-22)",
                Neutral,
            ),
            (
                "PDF Studio 3.2.0-alpha12 — Known Issues and Release Gates",
                Neutral,
            ),
            ("Known Issues - SenseQuant", Typed(Problem)),
            (
                "Lessons — Skill-Level Learnings from Real Runs",
                Typed(Learning),
            ),
            // A category word in the name of a thing types nothing.
            ("Phase 1: Discovery System", Neutral),
            ("Machine Learning Pipeline", Neutral),
            ("Machine Learning", Neutral),
            ("Service Discovery", Neutral),
            ("Auto-discovery of plugins", Neutral),
            ("Decision Engine", Neutral),
            ("Decision Drivers", Neutral),
            ("Learning Resources", Neutral),
            ("Decision Outcome", Typed(Decision)),
            ("Gotcha Registry", Typed(Gotcha)),
            ("Decision: Authentication Strategy", Typed(Decision)),
            ("Key Learning", Typed(Learning)),
            ("Learning from the outage", Typed(Learning)),
            ("Gotcha with Safari cookies", Typed(Gotcha)),
            ("Decision 2: CrewAI for Agent Framework", Typed(Decision)),
        ] {
            assert_eq!(heading_kind(heading), want, "{heading}");
        }
    }
}
