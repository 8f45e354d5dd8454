//! One line on its own → a verdict: its type (or none), confidence, KEY flag, the text
//! that carries the memory, and the reason for the verdict (`mind parse --lines` shows it,
//! so a user can see why a line was or was not picked up).
//!
//! Order of the checks, cheapest and most decisive first:
//! 1. structure that is never an entry: blank, headings, HTML comments, table rows, fences,
//!    rules, comment and code openers;
//! 2. list marker, task checkbox (todo items are reminders, not memories), status emoji,
//!    strike-through, template italics;
//! 3. leading labels: `KEY:`/`important:`, a type label (wins whatever the body says),
//!    field labels (`Why:`, `Impact:`) that describe another entry, `Next:`;
//! 4. hard negatives for unlabelled text: code, links, fragments, questions;
//! 5. the heading's type (gotcha headings type every bullet; other typed headings win over
//!    all but a strong cue of another type), then cue words.

use super::cues::{self, Strength};
use super::labels::{self, LabelKind};
use super::{about_entries, confidence as conf, details, lex, negatives, symptoms};
use crate::parse::EntryType;

/// What the surrounding document says about a line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LineContext {
    /// The type implied by the enclosing heading or field label.
    pub section: Option<EntryType>,
    /// The line is a detail of another entry (nested under a list item, or listed under a
    /// field such as `**Consequences:**`): headings do not type it and vague cue words do
    /// not count.
    pub detail: bool,
    /// The line is an item of a plan (under `## TODO`, `## Next Steps`, `**Objectives:**`):
    /// work to do, not a memory, unless a type label says otherwise ("- Fix lint warnings"
    /// in a to-do list reports no fix).
    pub plans: bool,
}

/// How a verdict was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    Label,
    Cue,
    Section,
    Key,
    None,
}

/// What a label-only line (`**Decision:**`, `**Context:**`) says about the lines below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// `**Decision:**`: the items are entries of that type.
    Typed(EntryType),
    /// `**Context:**`, `**Background:**`: the items are statements in their own right (a
    /// problem may be among them), but the heading does not type them.
    Context,
    /// `**Consequences:**`, `**Key Details:**`: the items describe another entry.
    Attribute,
    /// `**Objectives:**`, `**Next steps:**`, `**TODO:**`: the items are work to do.
    Plans,
}

/// The full verdict on one line.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis<'a> {
    pub kind: Option<EntryType>,
    pub confidence: f32,
    pub key: bool,
    /// The text after list markers and labels.
    pub body: &'a str,
    /// Struck through (`~~...~~`).
    pub struck: bool,
    pub basis: Basis,
    /// Why: "label decided:", "cue", "heading", "question", "code" ...
    pub reason: &'static str,
    /// A label-only line opens a field for the lines below.
    pub field: Option<Field>,
    /// The text of a `Next:` line.
    pub next: Option<&'a str>,
    pub hedged: bool,
    /// The cue phrase that typed the line (byte range in `body`), when a cue did.
    pub cue: Option<(usize, usize)>,
}

impl<'a> Analysis<'a> {
    fn none(body: &'a str, reason: &'static str) -> Self {
        Analysis {
            kind: None,
            confidence: 0.0,
            key: false,
            body,
            struck: false,
            basis: Basis::None,
            reason,
            field: None,
            next: None,
            hedged: false,
            cue: None,
        }
    }
}

fn is_rule(t: &str) -> bool {
    t.len() >= 3
        && t.bytes()
            .all(|b| matches!(b, b'-' | b'*' | b'_' | b'=' | b' '))
}

/// `// MEMORY: ...`, `# MEMORY: ...`, `<!-- MEMORY: ... -->`: an inline capture comment.
fn memory_comment(t: &str) -> Option<&str> {
    for open in ["//", "#", "--", "/*", "<!--", "*", ";", "%"] {
        if let Some(rest) = t.strip_prefix(open) {
            let rest = rest.trim_start_matches(['/', '#', '*', '!']).trim_start();
            if rest.starts_with("MEMORY:") {
                let rest = rest.trim_end();
                let rest = rest
                    .strip_suffix("-->")
                    .or_else(|| rest.strip_suffix("*/"))
                    .unwrap_or(rest);
                return Some(rest.trim_end());
            }
        }
    }
    None
}

/// Classify `line` in `ctx`.
pub fn analyse(line: &str, ctx: LineContext) -> Analysis<'_> {
    let t = line.trim();
    if t.is_empty() {
        return Analysis::none(t, "blank");
    }
    let captured = memory_comment(t);
    let t = captured.unwrap_or(t);
    if captured.is_none() {
        // "#667 Windows build fails since r3711": an issue number opening a line (a
        // changelog's, a tracker export's), not a heading (which needs a blank after its
        // marks) nor a comment.
        if t.starts_with('#') && !t[1..].starts_with(|c: char| c.is_ascii_digit()) {
            return Analysis::none(t, "heading or comment");
        }
        if t.starts_with("<!--") {
            return Analysis::none(t, "HTML comment");
        }
        if t.starts_with('|') {
            return Analysis::none(t, "table row");
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            return Analysis::none(t, "code fence");
        }
        if is_rule(t) {
            return Analysis::none(t, "rule");
        }
    }
    let t = lex::strip_blockquote(t);
    if captured.is_none() && negatives::is_comment_or_code_start(t) {
        return Analysis::none(t, "code");
    }
    let (t, marker) = lex::strip_list_marker(t);
    if lex::strip_checkbox(t).is_some() {
        return Analysis::none(t, "task item");
    }
    let t = lex::strip_symbols(t);
    let (t, struck) = lex::strip_strike(t);
    let t = lex::strip_log_stamp(t);
    if lex::is_italic_line(t) {
        return Analysis::none(t, "template text");
    }
    if t.starts_with("#[") || t.starts_with("#!") {
        return Analysis::none(t, "code");
    }

    // ---- leading labels
    let mut key = false;
    let mut kind: Option<EntryType> = None;
    let mut emphatic = false;
    let mut rest = t;
    let mut first = true;
    let mut topic: Option<&str> = None;
    // What follows a topic label (`**ImageKit**: Selected for ...` -> "Selected for ...").
    let mut topic_value = "";
    let mut type_label: Option<&str> = None;
    for _ in 0..4 {
        let Some(label) = labels::leading(rest) else {
            break;
        };
        match label.kind {
            LabelKind::Key => {
                key = true;
                rest = label.rest;
            }
            LabelKind::Memory if kind.is_none() => {
                rest = label.rest;
                if let Some((k, r)) = labels::memory_type(rest) {
                    kind = Some(k);
                    rest = r;
                }
            }
            LabelKind::Type(EntryType::Problem) | LabelKind::Attribute
                if kind.is_none()
                    && first
                    && !label.rest.is_empty()
                    && ctx.section == Some(EntryType::Gotcha)
                    && (labels::is_context_field(label.raw)
                        || labels::is_issue_label(label.raw)) =>
            {
                // `**Symptom:** …`, `**Cause:** …`, `**Issue:** …` in a gotchas section tell
                // how the gotcha shows and why, not of an open defect (`problem:` still wins
                // over the heading, as every type label does).
                kind = Some(EntryType::Gotcha);
                rest = label.rest;
            }
            LabelKind::Type(k) if kind.is_none() => {
                kind = Some(k);
                type_label = Some(label.raw);
                emphatic |= label.emphatic;
                rest = label.rest;
            }
            LabelKind::Attribute
                if kind.is_none()
                    && first
                    && labels::is_alternatives_field(label.raw)
                    && labels::states_a_rejection(label.rest) =>
            {
                // `**Alternative considered**: Create React App - rejected due to its
                // configuration`: an option weighed and turned down, as `rejected:` records.
                kind = Some(EntryType::Rejected);
                type_label = Some(label.raw);
                emphatic |= label.emphatic;
                rest = label.rest;
            }
            LabelKind::Attribute if first && !label.rest.is_empty() => {
                if labels::is_status_field(label.raw) {
                    // `**Status:** Blocked on …`, `Status: ✅ Fixed in this session`: a status
                    // that reports is typed by what it reports; "Status: done" stays a field,
                    // and so does a bare state ("**Status**: Fixed"): it says nothing of what.
                    let inner = analyse(label.rest, LineContext::default());
                    let words = label
                        .rest
                        .split_whitespace()
                        .filter(|w| w.chars().any(char::is_alphanumeric))
                        .count();
                    if words > 1
                        && matches!(inner.kind, Some(EntryType::Problem | EntryType::Progress))
                        && inner.basis == Basis::Cue
                        && inner.reason == "cue"
                        && inner.confidence >= conf::CUE_MEDIUM
                    {
                        return inner;
                    }
                }
                return Analysis::none(label.rest, "field of another entry");
            }
            LabelKind::Attribute if first => {
                let mut a = Analysis::none(label.rest, "field of another entry");
                if label.rest.is_empty() {
                    a.field = Some(if labels::is_context_field(label.raw) {
                        Field::Context
                    } else if labels::is_plans_field(label.raw) {
                        Field::Plans
                    } else {
                        Field::Attribute
                    });
                }
                return a;
            }
            LabelKind::Next if first => {
                let mut a = Analysis::none(label.rest, "next step");
                a.next = (!label.rest.is_empty()).then_some(label.rest);
                if label.rest.is_empty() {
                    a.field = Some(Field::Plans);
                }
                return a;
            }
            LabelKind::CommitOther if first => {
                // "ci: fix unset variables", "docs: fix a broken link": a commit of another
                // type whose subject reports a fix is read as that subject.
                // Under a changelog's `### Bug Fixes` every entry is a fix, whatever its
                // commit type (`* **perf:** disable streaming when the dialog is open`).
                let opener = label.rest.split_whitespace().next().unwrap_or("");
                if !["fix", "fixes", "fixed"]
                    .iter()
                    .any(|w| opener.eq_ignore_ascii_case(w))
                    && ctx.section != Some(EntryType::Progress)
                {
                    return Analysis::none(label.rest, "commit subject that is not a fix");
                }
                rest = label.rest;
                break;
            }
            LabelKind::Topic if first => {
                if negatives::is_config_field(label.raw, label.rest) {
                    return Analysis::none(label.rest, "config field");
                }
                if negatives::is_slot_or_date(label.rest)
                    || negatives::is_template_description(label.rest)
                {
                    // A field left to fill in or holding a date only: `**Conclusion**: [What
                    // we decided]`, `**Fix / lesson:** ...`, `**Discovered:** 2026-07-01`, or
                    // holding a template's prompt: `**Mistake**: What went wrong`.
                    return Analysis::none(label.rest, "label with placeholder text");
                }
                // A topic label is part of the statement ("Ruled out Kafka: too heavy"),
                // except a record's content field (`**What:** ...`).
                topic = Some(label.raw);
                topic_value = label.rest;
                if label.rest.is_empty() || labels::is_content_field(label.raw) {
                    rest = label.rest;
                }
                break;
            }
            _ => break,
        }
        first = false;
    }

    if let Some(mut kind) = kind {
        if negatives::nothing_so_far(rest) {
            // `Accomplished: nothing yet`, `Blockers: none so far`.
            return Analysis::none(rest, "label with placeholder text");
        }
        if rest.is_empty() {
            let mut a = Analysis::none(rest, "label without text");
            a.field = Some(Field::Typed(kind));
            return a;
        }
        // `Fixes: #4441`, `Closes: owner/repo#12`: the issue a fix closes, not a slot.
        let closes_an_issue = kind == EntryType::Progress && cues::names_an_issue(rest.as_bytes());
        if (negatives::is_placeholder(rest) && !closes_an_issue)
            || negatives::marked_as_example(rest.trim().trim_end_matches('.'))
            || negatives::weighs_stand_ins(rest)
            || negatives::trails_off_after_a_link_word(rest)
        {
            return Analysis::none(rest, "label with placeholder text");
        }
        // A choice is one of its alternatives: `Decision: keep | revise | rollback` lists the
        // values a template's field takes (`Shipped: login | signup | reset` shipped all
        // three), and `Decision: Keep or exclude? (Document in …)` is the choice still to make.
        if kind == EntryType::Decision && negatives::lists_allowed_values(rest) {
            return Analysis::none(rest, "label with placeholder text");
        }
        if kind == EntryType::Decision && negatives::asks_between_alternatives(rest) {
            return Analysis::none(rest, "label with a question");
        }
        if kind == EntryType::Gotcha
            && type_label.is_some_and(labels::is_critical_label)
            && !(negatives::is_warning(rest) || rest.contains("->") || rest.contains('\u{2192}'))
        {
            // `Critical: login fails for every user`: a severity, not a warning; the words
            // say what it is.
            return analyse(rest, LineContext::default());
        }
        if kind == EntryType::Rejected
            && type_label.is_some_and(labels::is_attempt_label)
            && attempt_worked(rest)
        {
            // `tried: restarting the server, it worked`: an attempt that succeeded is
            // progress, not an approach ruled out.
            kind = EntryType::Progress;
        }
        if kind == EntryType::Decision && super::details::declines(rest) {
            // `decided: against Redis - too heavy`, `Decision: not to use GraphQL`,
            // `decided: we won't use Kafka`: a choice declined is a rejection.
            kind = EntryType::Rejected;
        }
        if negatives::is_template_description(rest) {
            // A legend or template line: `- gotcha: Something that surprised you`.
            return Analysis::none(rest, "label with template text");
        }
        if negatives::has_format_slot(rest) {
            // A template a program fills in: `- **Decision**: {choice} because {reason}`.
            return Analysis::none(rest, "label with a format slot");
        }
        // A decision's value may be a measure or a name in code (`**Page size choice:**
        // 8KB`, `**Decision**: \`media3-exoplayer\``): what was chosen. A count alone is a
        // tally.
        // A problem's value in code with words in it is the error message it reports
        // (`**Error:** \`Could not dynamically require "…/kzg.node"\``); one name alone says
        // nothing.
        if negatives::records_nothing(rest)
            && (kind != EntryType::Decision || negatives::is_bare_count(rest))
            && !(kind == EntryType::Problem && negatives::is_message_in_code(rest))
        {
            return Analysis::none(rest, "label with a count, a measure or code");
        }
        if rest
            .trim_end_matches(['*', '_', ')', '"', '\'', ' '])
            .ends_with('?')
            && (negatives::is_hedged(&lex::lower(rest))
                || (kind != EntryType::Problem && negatives::opens_with_wh_word(rest)))
        {
            // A musing or a legend's prompt under a label: "note to self: thinking maybe
            // delta lake?", "Learned: What did we learn?". A problem may be asked about.
            return Analysis::none(rest, "label with a question");
        }
        return Analysis {
            kind: Some(kind),
            confidence: if emphatic {
                conf::EXPLICIT_EMPHATIC
            } else {
                conf::EXPLICIT
            },
            key,
            body: rest,
            struck,
            basis: Basis::Label,
            reason: super::TYPE_LABEL,
            field: None,
            next: None,
            hedged: false,
            cue: None,
        };
    }
    if key && negatives::is_placeholder(rest) {
        return Analysis::none(rest, "KEY with placeholder text");
    }
    if topic.is_some() && rest.is_empty() {
        return Analysis::none(rest, "label without text");
    }

    // ---- hard negatives for unlabelled text
    let body = rest;
    if ctx.plans {
        return Analysis::none(body, "plan item");
    }
    if negatives::is_placeholder(body) {
        return Analysis::none(body, "placeholder");
    }
    if negatives::looks_like_code(body) {
        return Analysis::none(body, "code");
    }
    if negatives::has_format_slot(body) {
        return Analysis::none(body, "format slot");
    }
    if negatives::is_link_only(body) {
        return Analysis::none(body, "link only");
    }
    if (negatives::is_index_line(body) && !index_line_reports(body)) || negatives::is_pointer(body)
    {
        return Analysis::none(body, "index of another file");
    }
    if negatives::is_commit_trailer(body) {
        return Analysis::none(body, "commit trailer");
    }
    if about_entries::speaks_about_entries(body) {
        return Analysis::none(body, "what a file or section collects");
    }
    if body.ends_with(';')
        && (body.starts_with(|c: char| c.is_lowercase())
            || body.contains(['=', '(', ')', '{', '}', '*', '<', '>', '[', ']']))
    {
        // One clause of a sentence that runs over several list items, or a statement of
        // code (`SELECT * FROM t WHERE x = 1;`). A sentence that ends with `;` is prose.
        return Analysis::none(body, "fragment or statement");
    }
    if negatives::is_tally(body) {
        return Analysis::none(body, "tally");
    }
    if topic.is_none() && negatives::is_table_like(body) {
        return Analysis::none(body, "table or summary line");
    }
    if negatives::weighs_stand_ins(body) || negatives::trails_off_after_a_link_word(body) {
        return Analysis::none(body, "template text");
    }
    let (body, mut hedged) = match negatives::strip_hedge(body) {
        Some(b) => (b, true),
        None => (body, false),
    };
    if negatives::is_question(body) && !negatives::states_before_asking(body) {
        return Analysis::none(body, "question");
    }
    if negatives::is_question_then_advice(body) {
        return Analysis::none(body, "advice for a condition");
    }

    let mut buf = lex::lower(body);
    lex::mask_spans(&mut buf);
    if negatives::asks_for_work(&buf) {
        return Analysis::none(body, "request for work");
    }
    hedged |= negatives::is_hedged(&buf);
    let found = cues::scan(&buf, body.as_bytes());
    let floor = if ctx.detail {
        Strength::Medium
    } else {
        Strength::Weak
    };
    let found: Vec<cues::Cue> = found
        .into_iter()
        .filter(|c| c.strength >= floor && !negatives::asked_in_its_sentence(&buf, c.start, c.end))
        .collect();
    let mut best = cues::best(&found);
    if best.is_some_and(|c| {
        c.kind == EntryType::Decision
            && buf[..c.start].trim_ascii().is_empty()
            && buf[c.end..]
                .trim_ascii()
                .iter()
                .all(|b| b.is_ascii_punctuation())
    }) {
        // "- going with", "Decided.": the cue alone, a keyword list's item; nothing chosen is
        // named. ("Found the root cause!" tells of a finding.)
        return Analysis::none(body, "cue word alone");
    }
    if negatives::starts_with_work_verb(&buf)
        && best.is_some_and(|c| {
            c.strength < Strength::Strong && !cues::stands_after_work_verb(&buf, &c)
        })
    {
        best = None;
    }
    if best.is_some_and(|c| matches!(c.kind, EntryType::Problem | EntryType::Progress))
        && (negatives::promises_work(&buf)
            || (best.is_some_and(|c| c.strength == Strength::Weak)
                && negatives::announces_fix(&buf)))
    {
        return Analysis::none(body, "promise of work to come");
    }
    if best.is_some_and(|c| {
        matches!(c.kind, EntryType::Decision | EntryType::Learning)
            && lex::has_any_word(
                &buf[..c.end],
                &[
                    "we'll",
                    "i'll",
                    "let's",
                    "will",
                    "shall",
                    "should",
                    "going",
                    "maybe",
                    "perhaps",
                    "eventually",
                    "someday",
                ],
            )
    }) && negatives::puts_off(body)
    {
        // "we will switch to httpx later": a choice put off to an open time, not made. The
        // plan must hold the cue: "Decided to use Redis, maybe we will revisit later" was
        // decided.
        return Analysis::none(body, "promise of work to come");
    }

    // A `**Field:** value` paragraph line is a field of a record, not an entry, unless the
    // field holds the record's content (`**What:**`), or, under a decisions heading, the
    // label names the thing chosen (`**ImageKit**: Selected for real-time transforms`).
    let field_line = topic.is_some_and(|t| {
        let chosen =
            ctx.section == Some(EntryType::Decision) && labels::names_a_choice(t, topic_value);
        !(marker || labels::is_content_field(t) || chosen)
    });
    let section = if (ctx.detail || field_line) && ctx.section != Some(EntryType::Gotcha) {
        None
    } else {
        ctx.section
    };
    // No cue and no heading: a report of misbehaviour in the words of an issue title.
    let symptom = best.is_none()
        && section.is_none()
        && !ctx.detail
        && !hedged
        // A line that asks anything ("Can you tell me what this fixes? What was going wrong
        // before?") reports no symptom in the words of a title; an aside in brackets
        // ("(wrong tracker?) Wiki logo not scaled") is not the line's question.
        && !negatives::asks_outside_brackets(&buf)
        && {
            // Read once: the sentence after a bold run-in head (`**Note.** Run it twice.`).
            let sentence = negatives::after_run_in_head(&buf);
            !negatives::starts_with_work_verb(sentence)
                && symptoms::reports_symptom_in(sentence, marker)
        }
        && !cues::lets_it_happen(&buf);
    let mut out = Analysis::none(body, "no cue");
    out.key = key;
    out.struck = struck;
    out.hedged = hedged;
    if section.is_none()
        && (best.is_some() || symptom)
        && (((best.is_none_or(|c| c.strength == Strength::Weak)
            // "**What I'm stuck on**": a template's prompt in bold, not "**Why the build fails
            // on ARM**", which names its subject.
            || about_entries::is_a_prompt(body.trim_start_matches(['-', ' '])))
            && negatives::is_bold_heading(body))
            // `**🔧 Fixed Bugs**`: a caption naming a kind of change, whatever its cue.
            || negatives::is_caption(body))
    {
        // `**Describe the bug**`, `**Known problems**`: a line in bold alone heads what
        // follows, as a heading does; a defect noun in it reports nothing.
        out.reason = "bold heading";
        return out;
    }

    let chosen: Option<(EntryType, f32, Basis, &'static str)> = match (section, best) {
        (Some(EntryType::Gotcha), cue) => {
            let agree = cue.is_some_and(|c| c.kind == EntryType::Gotcha);
            Some((
                EntryType::Gotcha,
                conf::SECTION + if agree { conf::AGREEMENT_BONUS } else { 0.0 },
                Basis::Section,
                "gotcha heading",
            ))
        }
        (Some(sec), Some(cue))
            if (cue.strength == Strength::Strong && cue.kind != sec)
                || (sec == EntryType::Problem && cue.kind == EntryType::Progress) =>
        {
            Some((cue.kind, cue_confidence(cue.strength), Basis::Cue, "cue"))
        }
        (Some(sec), cue) => {
            let agree = cue.is_some_and(|c| c.kind == sec);
            Some((
                sec,
                conf::SECTION + if agree { conf::AGREEMENT_BONUS } else { 0.0 },
                Basis::Section,
                "heading",
            ))
        }
        (None, Some(cue)) => Some((cue.kind, cue_confidence(cue.strength), Basis::Cue, "cue")),
        (None, None) if symptom => Some((
            EntryType::Problem,
            cue_confidence(Strength::Weak),
            Basis::Cue,
            "symptom",
        )),
        // "KEY: we should drop Python 3.8 in the future": a plan put off, even marked key.
        (None, None) if key && !negatives::puts_off(body) => {
            let kind = if negatives::is_warning(body) {
                EntryType::Gotcha
            } else {
                EntryType::Learning
            };
            Some((kind, conf::KEY_ONLY, Basis::Key, "KEY label"))
        }
        (None, None) => None,
    };
    let Some((mut kind, base, basis, mut reason)) = chosen else {
        return out;
    };
    if basis == Basis::Cue
        && hedged
        && reason == "cue"
        && best.is_some_and(|c| c.strength == Strength::Weak && !names_a_defect(&buf, c))
    {
        // "I think this is now mostly a documentation issue", "Not sure why the issue wasn't
        // on macOS": a defect noun in a guess is talk about a problem, not a report of one.
        // A failure verb under the hedge still reports ("I think the build fails on ARM").
        out.reason = "hedged mention";
        return out;
    }
    if kind == EntryType::Problem
        && basis == Basis::Cue
        && best.is_none_or(|c| c.strength < Strength::Strong)
        && negatives::advice_follows(body)
    {
        // A behaviour and what to do about it: a warning for future work.
        kind = EntryType::Gotcha;
        reason = "behaviour with advice";
    }
    if kind == EntryType::Problem
        && basis == Basis::Cue
        && best.is_none_or(|c| c.strength < Strength::Strong)
        && fixed_since(&buf, best, &found)
    {
        kind = EntryType::Progress;
        reason = "failure told in the past, then what holds now";
    }
    let mut confidence = base;
    let reasons = matches!(
        kind,
        EntryType::Decision | EntryType::Problem | EntryType::Learning
    ) && details::reasoning_in(body, &buf, false).is_some();
    let alternatives =
        kind == EntryType::Decision && !details::alternatives_in(body, &buf).is_empty();
    if reasons || alternatives {
        confidence += conf::REASONING_BONUS;
    }
    if hedged {
        confidence -= conf::HEDGE_PENALTY;
    }
    out.kind = Some(kind);
    if reason == "cue" {
        out.cue = best.map(|c| (c.start, c.end));
    }
    out.confidence = confidence.min(conf::LOOSE_CAP);
    out.basis = basis;
    out.reason = reason;
    out
}

/// "was missing the field that the parser set. now properly typed", "the export was
/// failing for big files; now it streams": a failure told in the past tense, then a
/// sentence of what holds now, reports that it was fixed. The failure must be past ("was",
/// "were", "had" just before the cue, or in it) and the "now" must open a later sentence,
/// so "it fails now" and "now it was failing again" stay reports.
/// Whether an attempt's text says it worked (`restarting the server, it worked`, `pinning
/// the seed fixed it`, `a clean build - that did the trick`) and nothing says it failed.
fn attempt_worked(text: &str) -> bool {
    let mut buf = lex::lower(text);
    lex::mask_spans(&mut buf);
    let found = cues::scan(&buf, text.as_bytes());
    if found.iter().any(|c| c.kind != EntryType::Progress) {
        return false;
    }
    found.iter().any(|c| c.kind == EntryType::Progress)
        || (lex::has_any_word(&buf, &["worked", "works", "helped", "succeeded"])
            && !lex::has_any_word(&buf, &["not", "didn't", "never", "no"]))
        || ["fixed it", "solved it", "did the trick", "that did it"]
            .iter()
            .any(|p| lex::has_word(&buf, p.as_bytes()))
}

fn fixed_since(buf: &[u8], cue: Option<cues::Cue>, found: &[cues::Cue]) -> bool {
    let past = |w: &[u8]| matches!(w, b"was" | b"were" | b"had");
    // The failure: the cue's span, or for a symptom without a cue the first sentence.
    let first_break = |from: usize| {
        buf[from..]
            .windows(2)
            .position(|w| matches!(w[0], b'.' | b';' | b'!') && w[1] == b' ')
            .map_or(buf.len(), |i| from + i)
    };
    let (start, end) = match cue {
        Some(c) => (c.start, c.end),
        None => (0, first_break(0)),
    };
    let told_past = match cue {
        Some(_) => {
            lex::words_before(buf, start, 2).iter().any(|w| past(w))
                || buf[start..end]
                    .split(|b| *b == b' ')
                    .next()
                    .is_some_and(past)
        }
        None => buf[..end].split(|b| !b.is_ascii_alphanumeric()).any(past),
    };
    if !told_past {
        return false;
    }
    let rest = &buf[end..];
    let Some(now) = rest.iter().enumerate().find_map(|(i, b)| {
        (matches!(b, b'.' | b';' | b'!')
            && rest[i + 1..].starts_with(b" ")
            && rest[i + 1..].trim_ascii_start().starts_with(b"now "))
        .then_some(end + i + 1)
    }) else {
        return false;
    };
    // "was slow. now it crashes on start" tells a new failure, not a fix.
    !found
        .iter()
        .any(|c| c.kind == EntryType::Problem && c.start >= now)
        && !symptoms::reports_symptom_in(&buf[now..], false)
}

/// Whether a line shaped as an index entry says something in its description ("- [login.md]
/// (login.md) - login fails on Safari since 2.3", "- [CHANGELOG.md](CHANGELOG.md) — fixed the
/// broken release link", "- [ADR 4](adr/0004.md) — decided to use Postgres over MySQL"): an
/// index names what a file holds; a report, a change list or a choice only starts with a link.
fn index_line_reports(body: &str) -> bool {
    let mut buf = lex::lower(body);
    lex::mask_spans(&mut buf);
    cues::scan(&buf, body.as_bytes()).iter().any(|c| {
        // "decided 2026-05-14" dates the file; "decided to use Postgres" says what it holds.
        let dated = lex::words_after(&buf, c.end, 1)
            .first()
            .is_some_and(|w| w.first().is_some_and(u8::is_ascii_digit));
        c.strength > Strength::Weak && !dated
    })
}

/// Whether a defect noun under a hedge still names a defect: one found or met ("I think I
/// found a bug", "there's probably a bug"), placed or described ("a bug in the retry
/// wrapper", "an issue where the sidebar flickers", "bug: clicking save twice …") or
/// diagnosed ("the issue is the connection pool", "the error comes from the handshake").
/// "I think this issue can be closed", "this is mostly a documentation issue" only talk
/// about one.
fn names_a_defect(buf: &[u8], cue: cues::Cue) -> bool {
    let met = |w: &[u8]| {
        matches!(
            w,
            b"found"
                | b"there"
                | b"there's"
                | b"hit"
                | b"getting"
                | b"seeing"
                | b"got"
                | b"surfaced"
                | b"introduced"
                | b"caused"
        )
    };
    // "I think I found a bug", "there's probably a bug": up to three words before it.
    if lex::words_before(buf, cue.start, 3).iter().any(|w| met(w)) {
        return true;
    }
    if buf[cue.end..].starts_with(b":") {
        return true;
    }
    // "Probably a bug, but the counter goes negative after a refund": the guess is set aside
    // and the report follows.
    if lex::find(buf, b", but ").is_some() {
        return true;
    }
    // Placed or diagnosed: the words the cue scanner reads after a defect noun as a report
    // ("a bug in …", "an issue where …", "the issue is …"), and how a cause is told ("the
    // error comes from the handshake").
    lex::words_after(buf, cue.end, 1).first().is_some_and(|w| {
        cues::reports_after_a_defect_noun(w)
            || matches!(
                *w,
                b"whereby" | b"comes" | b"came" | b"happens" | b"occurs" | b"seems" | b"shows"
            )
    })
}

fn cue_confidence(strength: Strength) -> f32 {
    match strength {
        Strength::Strong => conf::CUE_STRONG,
        Strength::Medium => conf::CUE_MEDIUM,
        Strength::Weak => conf::CUE_WEAK,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use EntryType::*;

    fn kind(line: &str) -> Option<EntryType> {
        analyse(line, LineContext::default()).kind
    }

    fn under(section: EntryType, line: &str) -> Option<EntryType> {
        analyse(
            line,
            LineContext {
                section: Some(section),
                detail: false,
                plans: false,
            },
        )
        .kind
    }

    #[test]
    fn a_past_failure_then_what_holds_now_reports_the_fix() {
        for line in [
            "was missing project_state field that parser was setting. now properly typed.",
            "the export was failing for big files. now it streams.",
            "uploads were timing out on slow links; now they resume",
        ] {
            assert_eq!(kind(line), Some(Progress), "{line}");
        }
        for line in [
            "the export fails for big files. now it is worse",
            "the export was failing for big files",
            "the export is failing now for big files",
            "the app was slow. now it crashes on start",
            "the page was blank. now the button does nothing",
        ] {
            assert_eq!(kind(line), Some(Problem), "{line}");
        }
    }

    #[test]
    fn fields_to_fill_in_conditions_and_collection_descriptions_are_none() {
        assert_eq!(
            kind("**Conclusion**: [What we decided based on research]"),
            None
        );
        assert_eq!(kind("**Discovered:** 2026-07-01"), None);
        // A label joining two names, an ellipsis where the text goes.
        assert_eq!(kind("**Fix / lesson:** ..."), None);
        assert_eq!(kind("Root cause & fix: …"), None);
        assert_eq!(kind("**Learned:** YYYY-MM-DD"), None);
        assert_eq!(
            kind("Revisit if: the SDK fixes the shard processing bug"),
            None
        );
        assert_eq!(
            kind("A living log of issues we've hit and how we solved them."),
            None
        );
        assert_eq!(
            kind("This guide documents actual problems we encountered and their fixes."),
            None
        );
        assert_eq!(
            kind("Discovered that the cache is per user"),
            Some(Learning)
        );
        assert_eq!(kind("**Learned:** the cache is per user"), Some(Learning));
    }

    #[test]
    fn explicit_labels_win() {
        assert_eq!(
            kind("decided: Fixed PRD analyzer to be dynamic"),
            Some(Decision)
        );
        assert_eq!(kind("learned: BUG FIX: pipeline failed"), Some(Learning));
        assert_eq!(kind("fixed: Task 8 in progress"), Some(Progress));
        assert_eq!(kind("- ✅ Fixed: now detecting media type"), Some(Progress));
        assert_eq!(kind("- Problem: 轮询状态时仍返回"), Some(Problem));
        let a = analyse("**Decided:** use JWT", LineContext::default());
        assert_eq!((a.confidence, a.body), (conf::EXPLICIT_EMPHATIC, "use JWT"));
    }

    #[test]
    fn templates_counts_and_promises_are_not_entries() {
        // Legends: a generic description, a short wh-clause, a bracketed slot.
        for line in [
            "- problem: Short summary",
            "- **Decision**: One-line description",
            "**Problem**: What broke",
            "- gotcha: Something odd",
            // Tallies after a label.
            "**Fixed:** 4 | **Open:** 2",
            "- Resolved: 12, deferred: 3",
            // Code with a comment or a string literal.
            "amount DECIMAL(10,2),  -- fixed: was FLOAT before",
            "WHERE deleted_at IS NULL -- turns out soft deletes matter",
            "\"- Be careful with the cache here.\",",
            // Promises of work to come.
            "Thanks for the crash report, I'll fix it tomorrow",
            "we will look into the timeout errors next sprint",
        ] {
            assert_eq!(kind(line), None, "{line}");
        }
        // The same shapes that do record something.
        for (line, want) in [
            (
                "- gotcha: something on our CI runners kills jobs after 10 minutes",
                Gotcha,
            ),
            (
                "**Problem**: what looked like a DNS fault was the proxy dropping SNI",
                Problem,
            ),
            (
                "- Fixed: 3 flaky tests by awaiting the server start",
                Progress,
            ),
            (
                "We tried the retry -- it fixed the timeouts for good",
                Progress,
            ),
            (
                "I fixed it yesterday, it will be in the next release",
                Progress,
            ),
        ] {
            assert_eq!(kind(line), Some(want), "{line}");
        }
    }

    #[test]
    fn measures_slots_code_values_and_time_limit_rules_are_not_entries() {
        for line in [
            "- Lesson: 90 mins",
            "- fixed: 12%",
            "- gotcha: `retryCount`;",
            "- TIL: [topic] [link] via @someone",
            "- Stuck for more than an hour? Ask in the channel with what you tried",
            "- Blocked longer than 2 days: escalate to the lead",
            "we are going to release a patch that should fix this bug",
        ] {
            assert_eq!(kind(line), None, "{line}");
        }
        for (line, want) in [
            // A long record with tags in brackets is no template.
            (
                "fixed: [api][auth] tokens expired early because the clock skew check used ms",
                Progress,
            ),
            (
                "- fixed: 3 flaky tests by awaiting the server start",
                Progress,
            ),
            // Bracketed words apart, or mind's own mark, are no template's slots.
            ("decided: use [Redis] for [cache]", Decision),
            (
                "decided: keep the old API [superseded] [superseded]",
                Decision,
            ),
            // A participle after a determiner, where the clause ends or goes on.
            ("I consider this fixed.", Progress),
            ("I have it resolved on staging, deploying next", Progress),
        ] {
            assert_eq!(kind(line), Some(want), "{line}");
        }
        // A problem label's code value with words in it is the error message reported; one
        // name alone is no report.
        assert_eq!(
            kind("- Error: `AttributeError: 'AgentSession' object has no attribute 'chat_ctx'`"),
            Some(Problem)
        );
        assert_eq!(
            kind("**Error:** `Could not dynamically require \"build/kzg.node\"`"),
            Some(Problem)
        );
        assert_eq!(kind("- **Bug**: `parse_args()`"), None);
        // An adjective after a determiner is not a report.
        assert_eq!(kind("the fixed header covers the menu"), None);
        // A gotcha with an arrow is advice learned, not a rule for a time limit.
        assert_eq!(
            under(Gotcha, "- bcrypt is slow on ARM -> use argon2"),
            Some(Gotcha)
        );
    }

    #[test]
    fn releases_and_closing_keywords_report_progress() {
        assert_eq!(kind("v2.4.1 is released"), Some(Progress));
        assert_eq!(kind("v1.2 is released"), Some(Progress));
        assert_eq!(
            kind("Released 0.9.3 with the parser change"),
            Some(Progress)
        );
        assert_eq!(
            kind("handle empty config files gracefully. fixes #212"),
            Some(Progress)
        );
        // A release without a version, or one to come, is not a report.
        assert_eq!(kind("the lock is released when the handle drops"), None);
        assert_eq!(kind("2.0 will be released in May"), None);
    }

    #[test]
    fn a_problem_noun_before_what_failed_is_a_report_and_a_compound_is_not() {
        assert_eq!(kind("Problem displaying an emoji"), Some(Problem));
        assert_eq!(kind("Issue loading images behind a proxy"), Some(Problem));
        assert_eq!(kind("Problem solving skills matter more than syntax"), None);
        assert_eq!(kind("Issue tracking lives in Linear"), None);
        assert_eq!(kind("Problem framing matters more than tooling"), None);
        assert_eq!(kind("Issue numbering follows the Jira project key"), None);
    }

    #[test]
    fn issue_titles_with_a_lost_state_are_problems() {
        assert_eq!(kind("Sidebar width is not persistent"), Some(Problem));
        assert_eq!(kind("Export button not clickable on mobile"), Some(Problem));
        assert_eq!(
            kind("Checkout page loads forever on slow networks"),
            Some(Problem)
        );
        // "not" before a verb that merely ends like an adjective is no symptom.
        assert_eq!(kind("Please do not enable the beta flag"), None);
    }

    #[test]
    fn tallies_musings_endings_and_advice() {
        for line in [
            "- Still Broken: 0 issues",
            "- Errors: 0",
            // A field measuring something of a kind, not an entry of it.
            "**Error Count Before:** 428",
            "**Fix Priority**: HIGH - Required for dashboard integration",
            "\\- Solved by me: `True`",
            "- note to self: thinking maybe delta lake or hudi tables?",
            // A rule, not a report: no "this" or "it" that already happened.
            "A partial write should never happen",
            // A loss, not a defect that ended.
            "The old export file is gone",
            "The v1 endpoint is no longer supported",
            // An instruction to let a failure happen is a rule or a design, not a report.
            "Let the job time out rather than retrying forever",
            "Let it crash and restart under the supervisor",
            "Never let the worker crash silently",
            "Don't let the session time out during the upload",
            "Let me know if it still crashes",
            // A template's issue number, a value marked as a sample.
            "Fixes: #<issue number>",
            "- fixed: #123 (example)",
            // A field not filled in yet ("none yet", "no way found yet").
            "解决：暂无",
            "解决：尚未找到办法",
        ] {
            assert_eq!(kind(line), None, "{line}");
        }
        for (line, want) in [
            (
                "Currently scroll position is lost. This shouldn't happen!",
                Problem,
            ),
            ("After the driver upgrade the flicker went away", Progress),
            (
                "After increasing the buffer, this issue is now gone.",
                Progress,
            ),
            (
                "The upload endpoint no longer crashes on big files",
                Progress,
            ),
            (
                "`vitest --changed` silently runs the whole suite. Use `--related` instead.",
                Gotcha,
            ),
            // Advice after "so" or a semicolon makes the behaviour a warning too.
            ("YAML fails on tabs, so always indent with spaces", Gotcha),
            (
                "The parser chokes on tabs; always indent with spaces",
                Gotcha,
            ),
            ("The build fails on tabs, so the release is late", Problem),
            // A subject that lets a failure happen is a report; an instruction to let it is
            // not (below).
            ("The missing check lets the worker crash", Problem),
            (
                "- Fixed: 3 flaky tests by awaiting the server start",
                Progress,
            ),
            ("- Open bugs: 3 in the importer, all about dates", Problem),
            // How a shell reports a program a signal killed, not a count of faults.
            ("Segmentation fault: 11", Problem),
            ("Bus error: 10", Problem),
        ] {
            assert_eq!(kind(line), Some(want), "{line}");
        }
    }

    #[test]
    fn statuses_gotcha_fields_tracker_words_and_fixes_that_exist() {
        for (line, want) in [
            (
                "**Status:** Blocked on formula clarification.",
                Some(Problem),
            ),
            (
                "- **Status**: ✅ Fixed in this session (line 57)",
                Some(Progress),
            ),
            ("- **Status**: done", None),
            ("**Status**: Fixed", None),
            ("- **Status:** ✅ Resolved", None),
            ("- Status: in progress", None),
            (
                "should be fixed by https://github.com/o/r/commit/bb3be35",
                Some(Progress),
            ),
            ("should be fixed in latest stable!", Some(Progress)),
            ("this should be fixed in the next release", None),
            ("Thanks. Closing the issue.", None),
            ("Duplicate of #2510.", None),
            ("- **Learned**: What did we learn?", None),
            (
                "- **Problem**: why does the login fail on Safari?",
                Some(Problem),
            ),
        ] {
            assert_eq!(kind(line), want, "{line}");
        }
        assert_eq!(
            under(Gotcha, "- **Symptom:** Build fails with `E0433`"),
            Some(Gotcha)
        );
        assert_eq!(
            under(Gotcha, "**Cause:** service workers are ephemeral by design"),
            Some(Gotcha)
        );
        assert_eq!(
            under(Gotcha, "**Issue:** Redis returns strings, not objects"),
            Some(Gotcha)
        );
        assert_eq!(
            under(Gotcha, "problem: build fails on Windows"),
            Some(Problem)
        );
        assert_eq!(under(Problem, "**Issue:** Login fails"), Some(Problem));
        assert_eq!(under(Problem, "**Cause:** the pool is too small"), None);
        // A type label wins over the heading.
        assert_eq!(under(Gotcha, "problem: login fails"), Some(Problem));
    }

    #[test]
    fn key_marker() {
        let a = analyse("decided: KEY: never store tokens", LineContext::default());
        assert_eq!(
            (a.kind, a.key, a.body),
            (Some(Decision), true, "never store tokens")
        );
        let a = analyse("KEY: decided: x y", LineContext::default());
        assert_eq!((a.kind, a.key), (Some(Decision), true));
        let a = analyse(
            "- IMPORTANT: Reference data MUST be preprocessed before use!",
            LineContext::default(),
        );
        assert_eq!((a.kind, a.key), (Some(Gotcha), true));
        let a = analyse("**KEY** the API is rate limited", LineContext::default());
        assert_eq!((a.kind, a.key), (Some(Learning), true));
        assert!(!analyse("- key: compute", LineContext::default()).key);
        assert_eq!(kind("- Important: X"), None);
        assert_eq!(kind("- Key: `VITE_GAS_URL`"), None);
        assert!(!analyse("Key insight: caches lie", LineContext::default()).key);
    }

    #[test]
    fn structure_negatives() {
        for line in [
            "## Decisions",
            "<!-- pitfall: keyboard-nav-inline-only -->",
            "| decided | x |",
            "|---|---|",
            "```rust",
            "---",
            "// This is a classic JS trap - watch out for it",
            "#: resend a message we decided not to resend.",
            "/// - Important: The privacy guarantee",
            "- [x] fixed the login bug",
            "*Things that broke and how they were fixed.*",
            "- [MVCC](https://www.postgresql.org/docs/mvcc.html)",
            "- blocked by signed authority;",
            "- Blocked: None",
            "## 2025-12-13 | fixed auth | mood: good",
            "2025-12-13 | fixed auth | mood: good",
            "feat: nodeModulesTransformPattern",
            "- TIL: til_custom_session_services_20251023.md",
            "- Til: o'zbek (uz)",
            "**Decision:**",
            "- Philosophy: \"you suddenly realize you've learned everything\"",
            "should we decide on Postgres?",
        ] {
            assert_eq!(kind(line), None, "{line}");
        }
    }

    #[test]
    fn sections_type_plain_bullets() {
        assert_eq!(under(Gotcha, "- bcrypt is slow on ARM"), Some(Gotcha));
        assert_eq!(under(Gotcha, "- decided to pin node"), Some(Gotcha));
        assert_eq!(
            under(Learning, "- serde returns Result, caught a compile error"),
            Some(Learning)
        );
        assert_eq!(
            under(Decision, "**What:** Created a tutorial system"),
            Some(Decision)
        );
        assert_eq!(under(Problem, "- ✅ Fixed: now works"), Some(Progress));
        assert_eq!(under(Learning, "- Decided to drop IE11"), Some(Decision));
        assert_eq!(under(Decision, "**Why:** users need guidance"), None);
        let detail = LineContext {
            section: Some(Problem),
            detail: true,
            plans: false,
        };
        assert_eq!(analyse("  - Current mitigation: retry", detail).kind, None);
        assert_eq!(
            analyse("  - Detailed logging for all errors", detail).kind,
            None
        );
        assert_eq!(
            analyse("  - uploads fail on Safari", detail).kind,
            Some(Problem)
        );
        assert_eq!(
            under(Decision, "**Tab Order:** Learnings then Decisions"),
            None
        );
        // Under a decisions heading, a label that names the thing chosen states the choice.
        assert_eq!(
            under(
                Decision,
                "**ImageKit**: real-time transformations and global delivery"
            ),
            Some(Decision)
        );
        assert_eq!(
            under(Decision, "**Upstash Redis**: Used for global rate limiting"),
            Some(Decision)
        );
        assert_eq!(
            under(Decision, "**Glue config**: two workers of G.1X"),
            None
        );
        assert_eq!(
            analyse(
                "Signed-off-by: Jane Doe <jane@example.com>",
                LineContext::default()
            )
            .reason,
            "commit trailer"
        );
        assert_eq!(
            under(Problem, "1. **Rate Limiting**: bursts can cause failures"),
            Some(Problem)
        );
        assert_eq!(under(Learning, "- None."), None);
        assert_eq!(
            under(Gotcha, "(None yet - add to the Gotchas section)"),
            None
        );
        // The fix a lesson record reports is progress, as every label beats its heading.
        assert_eq!(
            under(Learning, "**Fix**: Use Click event's built-in shift flag"),
            Some(Progress)
        );
        assert_eq!(
            kind("**Fix**: resolved by pinning the version"),
            Some(Progress)
        );
        assert_eq!(kind("fix(test): run go mod tidy"), Some(Progress));
        // The choice made for a part is a decision, whatever its value; a count is a tally.
        assert_eq!(kind("**Page size choice:** 8KB"), Some(Decision));
        assert_eq!(kind("Database choice: Postgres"), Some(Decision));
        assert_eq!(kind("Multiple choice: a, b, c"), None);
        // A decision named by its part or kind, in any of the label languages; not one
        // still to be made.
        assert_eq!(
            kind("- **CSS Architecture Decision** (2025-12-07): Keep both files"),
            Some(Decision)
        );
        assert_eq!(
            kind("Technical decision: keep the monolith"),
            Some(Decision)
        );
        assert_eq!(kind("- 技术决策：部署前先做健康检查"), Some(Decision));
        assert_eq!(kind("Pending decision: which queue to use"), None);
        assert_eq!(
            kind("Navigation Fix: Corrected the target URL of the details button"),
            Some(Progress)
        );
        assert_eq!(kind("Possible fix: pin the version"), None);
        assert_eq!(kind("Quick fix: restart the daemon"), None);
        // Under a changelog's fixes heading every entry is a fix, whatever its commit type;
        // a tag in brackets before the text is no link.
        assert_eq!(
            under(
                Progress,
                "* **perf:** disable streaming when dialog is open"
            ),
            Some(Progress)
        );
        assert_eq!(
            kind("* **perf:** disable streaming when dialog is open"),
            None
        );
        assert_eq!(
            under(
                Progress,
                "- `[jest-worker]` Stop passing `process.env` ([#12141](https://x.org/12141))"
            ),
            Some(Progress)
        );
        assert_eq!(kind("待决策：选哪个队列"), None);
        assert_eq!(kind("- 放弃方案：直接改 Dockerfile"), Some(Rejected));
        assert_eq!(
            kind("- **Усвоенный урок:** главный поток занят AppKit"),
            Some(Learning)
        );
        // Fix and failure words of CJK text, where no label leads.
        assert_eq!(kind("3.1.8 已解决。"), Some(Progress));
        assert_eq!(kind("导出pdf卡住"), Some(Problem));
        // "Fix the crash on start": a fix's title, as "Fix crash on startup" is.
        assert_eq!(kind("修复启动崩溃"), Some(Progress));
        // A question reports nothing, in full-width marks and particles too.
        assert_eq!(kind("这个问题已解决吗？"), None);
        assert_eq!(kind("这个问题已解决吗"), None);
        assert_eq!(kind("この不具合は修正済みですか"), None);
        assert_eq!(kind("- **Decision**: `media3-exoplayer`."), Some(Decision));
        assert_eq!(kind("**Decision:** 3"), None);
        assert_eq!(kind("Lesson: 45 mins"), None);
        // A line in bold alone is a heading: a defect noun in it reports nothing.
        assert_eq!(kind("**Describe the bug**"), None);
        assert_eq!(kind("- **Known problems:**"), None);
        assert_eq!(
            kind("**The upload bug is back since 2.1**, see below"),
            Some(Problem)
        );
        assert_eq!(kind("**Decision:** use JWT"), Some(Decision));
        // "Fix X" after the tag of the part it is in, or as the subject of another commit type.
        assert_eq!(kind("Desktop: Fix empty PDF export"), Some(Progress));
        assert_eq!(kind("[CI] Fix nightly builds"), Some(Progress));
        assert_eq!(kind("ci: fix unset environment variables"), Some(Progress));
        assert_eq!(kind("docs: add the install guide"), None);
        assert_eq!(kind("Desktop: the fix is not obvious"), None);
    }

    #[test]
    fn field_labels_open_fields() {
        assert_eq!(
            analyse("**Decision:**", LineContext::default()).field,
            Some(Field::Typed(Decision))
        );
        assert_eq!(
            analyse("**Key Details:**", LineContext::default()).field,
            Some(Field::Attribute)
        );
    }

    #[test]
    fn confidence_tiers() {
        let c = |l: &str| analyse(l, LineContext::default()).confidence;
        assert_eq!(c("decided: use JWT"), conf::EXPLICIT);
        assert!((c("Decided to use JWT because stateless") - 0.7).abs() < 1e-6);
        assert!((c("Decided to use JWT") - 0.6).abs() < 1e-6);
        assert!((c("Memory leak with dataloader") - 0.5).abs() < 1e-6);
        assert!((c("This creates a security issue") - 0.4).abs() < 1e-6);
        assert!(c("Going with Postgres, I guess?") < 0.6);
        assert_eq!(kind("Going with Postgres, I guess?"), Some(Decision));
        assert_eq!(kind("We decided against Redis - overkill"), Some(Rejected));
        assert_eq!(kind("ruled out Kafka: too heavy"), Some(Rejected));
        assert_eq!(kind("tried bumping the pool, no luck"), Some(Rejected));
        assert_eq!(
            kind("Tried to pin the runner image as well, but no success"),
            Some(Rejected)
        );
        assert_eq!(
            kind("tried unsuccessfully to cache the wheels"),
            Some(Rejected)
        );
        assert_eq!(kind("tried to count unsuccessful logins per user"), None);
        assert_eq!(kind("we gave up on the GraphQL gateway"), Some(Rejected));
        // The attempt or the option weighed, then undone by its author.
        assert_eq!(
            kind("Tried rayon to parallelise parsing but dropped it: writes serialize"),
            Some(Rejected)
        );
        assert_eq!(
            kind("Considered switching to sccache, but rejected it because CI is warm"),
            Some(Rejected)
        );
        assert_eq!(kind("We considered Redis - overkill"), Some(Rejected));
        // Someone's view, a plan, or a question: nothing weighed and ruled out.
        assert_eq!(
            kind("The old API is considered stable by the maintainers"),
            None
        );
        assert_eq!(kind("Users considered it but rejected it"), None);
        assert_eq!(
            kind("We considered Redis and Memcached for the cache"),
            None
        );
        assert_eq!(kind("Safari decided against sending the cookie"), None);
        assert_eq!(
            kind("the rejected promise crashes the worker"),
            Some(Problem)
        );
        // An attempt that worked confirms a fix, as a thread's reply does.
        assert_eq!(kind("tried the nightly build and it works"), Some(Progress));
    }

    #[test]
    fn an_order_about_a_failure_reports_none() {
        assert_eq!(
            kind("Update this file if you encountered a tricky bug"),
            None
        );
        assert_eq!(
            kind("Make the Windows builder fail on compilation error"),
            None
        );
        assert_eq!(kind("Keep a running note of what broke and why"), None);
        // An issue title whose first word is a verb used as a noun, and an order whose
        // sentence goes on to report, still report.
        assert_eq!(kind("Update error at startup"), Some(Problem));
        assert_eq!(kind("Export creates empty file"), Some(Problem));
        assert_eq!(
            kind("Restart the worker - it crashes on start"),
            Some(Problem)
        );
        assert_eq!(
            kind("Upgrade the SDK \u{2014} the build fails on ARM"),
            Some(Problem)
        );
    }

    #[test]
    fn titles_requests_tallies_and_run_in_labels_read_as_meant() {
        for (line, want) in [
            // A title's subject, then "not" and what it fails to do.
            ("Flag not overriding config file", Some(Problem)),
            ("Wallet data not appearing in the portfolio", Some(Problem)),
            ("We are not using Redis for sessions", None),
            ("Closing as it's not occurring anymore", None),
            // Negations typed without their apostrophe.
            ("Hasnt been fixed yet", Some(Problem)),
            // A request to fix is no fix; a kind of fix handed over is one.
            ("Please fix", None),
            ("OK, I've released a bug fix for that.", Some(Progress)),
            // A count and one word under a label is a tally.
            ("- Learnings: 11 documented", None),
            // A bold run-in sentence with its type label inside.
            (
                "**Decision: the firmware advertises on both networks**, and the",
                Some(Decision),
            ),
            (
                "**Decision: compete on what is closed, not on price.** Being cheaper",
                Some(Decision),
            ),
            // A template's object left to fill in.
            ("so we chose design <y>,", None),
            // A defect that goes on, unless asked about.
            ("Still present after 0.4.3", Some(Problem)),
            (
                "is this still happening ? if not I think we can close this ticket",
                None,
            ),
            // A box ticked with a mark in a filled-in template.
            ("- [ \u{2705}] Bug fix", None),
            // A maintainer's close with its reason is a decision; one without a reason,
            // asked, for a fix that works or for a defect nobody could reproduce is not.
            (
                "Gonna close this as we are not going this route.",
                Some(Decision),
            ),
            ("Closing this in favour of #151", Some(Decision)),
            (
                "The approach in #12 is better, so I will close this one",
                Some(Decision),
            ),
            ("Thanks. Closing the issue.", None),
            ("Can we close this?", None),
            ("Feel free to close it as you see fit", None),
            ("Unable to reproduce the bug, so closing the issue.", None),
        ] {
            assert_eq!(kind(line), want, "{line}");
        }
    }

    #[test]
    fn a_failure_that_goes_on_after_a_process_name_reports() {
        assert_eq!(
            kind("Update keeps crashing previous version still stable"),
            Some(Problem)
        );
        assert_eq!(kind("Build kept failing on the ARM runner"), Some(Problem));
        // An order of work with "keep" is still no report.
        assert_eq!(kind("Update the docs to keep failing tests visible"), None);
    }

    #[test]
    fn a_line_that_opens_with_the_fix_brought_in_is_progress() {
        assert_eq!(
            kind("added fix to restart the service after we experienced some issues"),
            Some(Progress)
        );
        assert_eq!(
            kind("Merge fix for non-beta build memory leak"),
            Some(Progress)
        );
        assert_eq!(
            kind("Added a temporary fix for the upload timeout"),
            Some(Progress)
        );
        // A fix still to add, or asked about, is not one brought in.
        assert_ne!(kind("We should add a fix for the leak"), Some(Progress));
        assert_ne!(kind("Add a fix for the leak?"), Some(Progress));
    }

    #[test]
    fn a_verdict_in_an_alternatives_field_records_a_rejection() {
        assert_eq!(
            kind("- **Alternative Considered**: Create React App - rejected due to its config"),
            Some(Rejected)
        );
        assert_eq!(
            kind("**Alternatives Considered:** MongoDB, PostgreSQL"),
            None
        );
        assert_eq!(kind("Known issues for this release."), None);
        assert_eq!(kind("**Decision: no host migration.**"), Some(Decision));
    }

    #[test]
    fn capture_comments() {
        assert_eq!(kind("// MEMORY: decided use sqlite"), Some(Decision));
        assert_eq!(
            kind("# MEMORY: learned the API pages from 0"),
            Some(Learning)
        );
        assert_eq!(
            kind("<!-- MEMORY: gotcha: the CSS is global -->"),
            Some(Gotcha)
        );
        assert_eq!(
            kind("MEMORY: problem the cache never expires"),
            Some(Problem)
        );
    }
}
