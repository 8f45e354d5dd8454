//! The negative-capability cues: "doesn't load", "cannot run", "failed to connect". A
//! negation is a problem only before a verb of failure; "don't forget" is a gotcha, and a
//! line opening with "Don't" is advice.

use super::Strength::{self, *};
use super::cue_context::{Around, any_of, conditional, first_person};
use crate::parse::EntryType::{self, *};
use crate::parse::lex::{words_after, words_before};

/// A problem (or a gotcha), or `None` when the negation reports no failure.
pub(super) fn judge(around: &Around) -> Option<(EntryType, Strength)> {
    let (buf, start, at_start) = (around.buf, around.start, around.at_start);
    let cue = around.cue();
    // Six words, not the three every cue gets: the verb may come after a hedge ("don't seem
    // to be able to export").
    let after = &words_after(buf, around.end, 6);
    if cue.starts_with(b"don") && cue.ends_with(b"forget") {
        return Some((Gotcha, Medium));
    }
    // A condition governs the negation unless a comma closed it first: "When I open the
    // settings, the app doesn't respond" reports what happened after its trigger (as
    // `failure_conditional` reads the other failure cues), while "if it doesn't start, ..."
    // and advice after a condition ("When deploying, don't run migrations", "If you are on
    // Windows, you can't use symlinks") do not report.
    if conditional(buf, start)
        && (super::cue_context::failure_conditional(buf, start)
            || cue.starts_with(b"don")
            || cue == b"do not"
            || any_of(around.prev(), &["you"]))
    {
        return None;
    }
    if at_start && (cue.starts_with(b"don") || cue == b"do not") {
        // Imperative advice: "Don't use X for Y".
        return None;
    }
    let open_verb =
        cue.starts_with(b"unable") || cue.starts_with(b"not able") || cue.starts_with(b"fail");
    let at = after.iter().position(|w| !any_of(Some(w), NEG_SKIP));
    let verb = at.map(|i| after[i]);
    let future = cue.starts_with(b"won") || cue == b"will not";
    if future && any_of(verb.as_ref(), &["use", "adopt"]) && first_person(buf, start) {
        // "We won't use GraphQL": the writer ruling a choice out, not a thing that fails to
        // work ("the app won't use the GPU"). "Not yet", "until", "for now" put it off: a
        // decision about when, not a rejection.
        let clause = crate::parse::lex::clause_after(buf, around.end);
        let deferred = crate::parse::lex::has_any_word(clause, &["yet", "until"])
            || crate::parse::lex::has_word(clause, b"for now");
        return Some((if deferred { Decision } else { Rejected }, Strong));
    }
    if verb.is_some_and(|v| any_of(Some(&v), REMEDY_VERBS)) {
        // "The patch doesn't fix it", "restarting didn't help": the defect outlived a remedy.
        // Not "caching doesn't help here because ...", "this PR does not fix #123, it only
        // ...", "removing the cache won't help" (a prediction).
        // "... does not fix the issue", "didn't solve the problem": the object named a defect
        // (not a ticket, "does not fix #123").
        let object = at.and_then(|i| after.get(i + 1));
        // One word may qualify the noun: "doesn't fix the underlying issue".
        let defect_named = object.is_some_and(|o| any_of(Some(o), DEFECT_DETERMINERS))
            && at.is_some_and(|i| {
                after[i + 2..]
                    .iter()
                    .take(2)
                    .any(|n| any_of(Some(n), super::progress_cues::DEFECT_NOUNS))
            });
        return (!cue.starts_with(b"won")
            && (defect_named
                || object.is_none_or(|o| {
                    any_of(Some(o), &["it", "this", "anything", "either", "much"])
                })))
        .then_some((Problem, Medium));
    }
    let adverb = after
        .iter()
        .any(|w| any_of(Some(w), &["properly", "correctly", "reliably"]));
    let signs_in = || {
        // "cannot log in", "can't sign into the dashboard": "log" and "sign" fail only with
        // their particle ("we don't log passwords" is a policy).
        let particle = at.and_then(|i| after.get(i + 1));
        particle.is_some_and(|p| any_of(Some(p), &["in", "into", "on", "out", "up"]))
    };
    // "Window is not closing", "the jobs aren't running after the upgrade": a progressive
    // reports a failure when nothing is its object. Not a policy or a design: "we are not
    // accepting pull requests", "the crate is not parsing YAML", "the scheduler is not running
    // jobs in parallel by design".
    let progressive_failure = |v: &[u8]| {
        is_failure_progressive(v)
            && !first_person(buf, start)
            && !around
                .before
                .iter()
                .any(|w| any_of(Some(w), &["our", "my"]))
            && at
                .and_then(|i| after.get(i + 1))
                .is_none_or(|w| any_of(Some(w), PROGRESSIVE_TAILS))
            && !crate::parse::symptoms::meant_to_be(buf)
    };
    // "Unable to reproduce.", "I wasn't able to recreate the issue": the failure was looked
    // for and not seen, a note of triage, not a report.
    // Said by whoever looked ("I", "we", or no subject at all): "the build does not reproduce
    // byte for byte" is a defect of the build.
    let looked = at_start
        || first_person(buf, start)
        || super::cue_context::contains_any(
            &words_before(buf, start, 3),
            &["i", "we", "i'm", "we're", "im"],
        );
    if looked
        && any_of(
            verb.as_ref(),
            &[
                "reproduce",
                "repro",
                "recreate",
                "replicate",
                "reproduced",
                "recreated",
            ],
        )
        || looked
            && (any_of(verb.as_ref(), &["able"])
                && at.and_then(|i| after.get(i + 2)).is_some_and(|w| {
                    any_of(Some(w), &["reproduce", "repro", "recreate", "replicate"])
                }))
    {
        return None;
    }
    // "I don't want to use Redis": a wish, not a thing failing.
    if any_of(after.first(), &["want", "wants"])
        && super::cue_context::subject(buf, start).is_some_and(|w| {
            super::cue_context::FIRST_PERSON
                .iter()
                .any(|f| f.as_bytes() == w)
        })
    {
        return None;
    }
    // "will not start", "wont load anymore": a failure when the verb has no object; "will
    // not start a server unless ...", "the UI will NOT show that coin" say what a program
    // does by design.
    // "VM wouldn't start", "it wouldn't boot after the update": the past of "won't", a failure
    // on the same terms; "that wouldn't work because ..." weighs an option.
    if (cue == b"will not" || cue == b"wont" || cue.starts_with(b"wouldn"))
        && at.and_then(|i| after.get(i + 1)).is_some_and(|o| {
            !any_of(
                Some(o),
                &[
                    "anymore",
                    "after",
                    "since",
                    "on",
                    "when",
                    "at",
                    "in",
                    "with",
                    "again",
                    "properly",
                    "correctly",
                    "up",
                    "for",
                ],
            )
        })
    {
        return None;
    }
    // "Solr does not come up", "the dialog doesn't pop up": a thing that fails to appear or
    // start, said with the particle.
    // Not how often a thing is raised: "this doesn't come up often".
    let comes_up = || {
        at.is_some_and(|i| {
            any_of(after.get(i + 1), &["up"])
                && !any_of(
                    after.get(i + 2),
                    &[
                        "often",
                        "much",
                        "usually",
                        "frequently",
                        "very",
                        "a",
                        "that",
                        "as",
                    ],
                )
        })
    };
    (verb.is_some_and(|v| {
        open_verb
            || any_of(Some(&v), FAILURE_VERBS)
            || progressive_failure(v)
            || (any_of(Some(&v), SIGNING) && signs_in())
            || (any_of(Some(&v), &["come", "comes", "spin", "spins", "pop", "pops"]) && comes_up())
    }) || adverb)
        .then_some((Problem, Medium))
}

/// Whether the cue is a negation ("doesn't", "cannot", "failed to"): these are judged here,
/// before the other families.
pub(super) fn is_negation_phrase(cue: &[u8]) -> bool {
    // "done" starts like "don't" and is no negation.
    (cue != b"done" && NEGATION_STEMS.iter().any(|stem| cue.starts_with(stem)))
        || NEGATION_PHRASES.contains(&cue)
        || (cue.starts_with(b"fail") && cue.ends_with(b" to"))
}

/// What the cue pattern's negations begin with ("doesn't", "can't", "cannot", "does not").
const NEGATION_STEMS: &[&[u8]] = &[
    b"doesn",
    b"does not",
    b"don",
    b"didn",
    b"isn",
    b"aren",
    b"wasn",
    b"weren",
    b"won",
    b"would",
    b"can",
    b"couldn",
];

/// The cue pattern's other negations, matched whole.
const NEGATION_PHRASES: &[&[u8]] = &[
    b"will not",
    b"do not",
    b"did not",
    b"is not",
    b"are not",
    b"was not",
    b"were not",
    b"could not",
    b"unable to",
    b"not able to",
];

/// Words that may follow "doesn't"/"cannot" before the verb ("doesn't reliably fire").
const NEG_SKIP: &[&str] = &[
    "properly",
    "reliably",
    "correctly",
    "always",
    "even",
    "actually",
    "really",
    "seem",
    "seems",
    "be",
    "currently",
    "yet",
    "consistently",
    "fully",
    "immediately",
    "automatically",
    // "don't seem to be able to export", "isn't able to connect".
    "to",
    "able",
    // "didn't end up working".
    "end",
    "up",
    // "doesn't want to start": a thing that will not do what it should.
    "want",
    "wants",
];

/// "isn't closing", "are not updating", "wasn't firing": the progressive of a verb of
/// failure, by the spelling rules (close → closing, run → running). Not "using": "we aren't
/// using Redux" states a design.
fn is_failure_progressive(word: &[u8]) -> bool {
    let Some(stem) = word.strip_suffix(b"ing") else {
        return false;
    };
    if stem.len() < 2 || stem == b"us" {
        return false;
    }
    let listed = |w: &[u8]| FAILURE_VERBS.iter().any(|v| v.as_bytes() == w);
    // close → closing: the verb's final "e" dropped.
    let e_dropped = FAILURE_VERBS
        .iter()
        .any(|v| v.as_bytes().strip_suffix(b"e") == Some(stem));
    let undoubled = match stem {
        [.., a, b] if a == b => Some(&stem[..stem.len() - 1]),
        _ => None,
    };
    listed(stem) || e_dropped || undoubled.is_some_and(listed)
}

/// Words that may follow a progressive of failure where an object would stand: when or how
/// it fails ("is not closing after the update", "aren't running anymore").
const PROGRESSIVE_TAILS: &[&str] = &[
    "after",
    "since",
    "during",
    "on",
    "up",
    "to",
    "anymore",
    "properly",
    "correctly",
    "reliably",
    "again",
    "at",
    "when",
    "until",
    "for",
    "either",
    "yet",
    "now",
    "today",
    "consistently",
    "fully",
];

/// What may stand before a defect noun as a remedy's object ("doesn't fix the issue"): words
/// that point at a defect already known, so not `cue_context::DETERMINERS`, whose "a"/"an"
/// would count "does not fix a bug, it adds a test" as a report.
const DEFECT_DETERMINERS: &[&str] = &[
    "the", "this", "that", "these", "those", "my", "our", "his", "her", "their",
];

/// Verbs of getting into an account, a failure when negated with their particle.
const SIGNING: &[&str] = &["log", "logs", "sign", "signs"];

/// Verbs of a remedy, whose negation reports a defect that outlived it.
const REMEDY_VERBS: &[&str] = &["fix", "fixes", "help", "helps", "solve", "solves"];

/// Verbs whose negation reports a failure ("doesn't load", "cannot connect").
const FAILURE_VERBS: &[&str] = &[
    "work",
    "works",
    "working",
    "load",
    "loads",
    "loading",
    "compile",
    "compiles",
    "build",
    "builds",
    "run",
    "runs",
    "start",
    "starts",
    "restart",
    "restarts",
    "connect",
    "connects",
    "render",
    "renders",
    "fire",
    "fires",
    "trigger",
    "triggers",
    "respond",
    "responds",
    "return",
    "returns",
    "save",
    "saves",
    "persist",
    "persists",
    "show",
    "shows",
    "display",
    "displays",
    "update",
    "updates",
    "sync",
    "syncs",
    "resolve",
    "resolves",
    "install",
    "installs",
    "handle",
    "handled",
    "handles",
    "find",
    "finds",
    "open",
    "opens",
    "close",
    "closes",
    "provide",
    "provides",
    "recognize",
    "recognise",
    "detect",
    "detects",
    "match",
    "matches",
    "pass",
    "passes",
    "boot",
    "boots",
    "launch",
    "launches",
    "parse",
    "parses",
    "send",
    "sends",
    "receive",
    "receives",
    "reach",
    "reaches",
    "bubble",
    "bubbles",
    "apply",
    "applies",
    "accept",
    "accepts",
    "register",
    "registers",
    "refresh",
    "refreshes",
    "reload",
    "reloads",
    "redirect",
    "redirects",
    "authenticate",
    "login",
    "deploy",
    "deploys",
    "scale",
    "scales",
    "propagate",
    "propagates",
    "read",
    "reads",
    "write",
    "writes",
    "execute",
    "executes",
    "import",
    "imports",
    "export",
    "exports",
    "access",
    "download",
    "downloads",
    "upload",
    "uploads",
    "use",
    "checked",
    "getting",
    "get",
    "validated",
    "closed",
    "released",
    "freed",
    "awaited",
    "found",
    "loaded",
    "saved",
    "sent",
    "received",
    "applied",
    "working",
    "supported",
    "recognized",
    "detected",
    "rendered",
    "triggered",
    "called",
    "cleaned",
    "reported",
    "shown",
    "displayed",
    "updated",
];
