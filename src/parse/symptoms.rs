//! Symptoms: lines that report a defect by describing what misbehaves, without a failure
//! verb or a problem noun. Issue titles are written this way: "Upload progress bar stuck
//! at 99%", "Tooltip flickers on hover in Firefox", "Cron job fires an hour late after
//! DST", "API returns null for deleted users", "Settings not saved on reload".
//!
//! The vocabulary is general software-defect vocabulary (how UIs, jobs, data and builds are
//! seen to misbehave), not phrases of any one project. A symptom word counts only in the
//! shape of a report: something (a subject) is said to misbehave. It does not count when
//! the line says what was done about it ("prevent flicker", "no longer duplicated"), gives
//! advice or a condition ("if the job runs late, ..."), or is a list item that opens with
//! an adjective ("- Missing tests for the parser" is a to-do; a bare title "Missing icon
//! in Safari" is a report).

use super::lex;

/// Words that describe misbehaviour wherever a subject precedes them.
const SYMPTOMS: &[&str] = &[
    "flicker",
    "flickers",
    "flickering",
    "flickery",
    "flashes",
    "flashing",
    "stuck",
    "jitters",
    "jittery",
    "jittering",
    "stutters",
    "stuttering",
    "lags",
    "lagging",
    "laggy",
    "janky",
    "glitches",
    "glitchy",
    "misaligned",
    "overlaps",
    "overlapping",
    "overflows",
    "truncated",
    "garbled",
    "corrupted",
    "corrupt",
    "mangled",
    "ignored",
    "ignores",
    "duplicated",
    "duplicate",
    "disappears",
    "disappear",
    "disappearing",
    "vanishes",
    "wrong",
    "incorrectly",
    "inaccurate",
    "missing",
    "unresponsive",
    "unusable",
    "unreadable",
    "illegible",
    "flaky",
    "intermittently",
    "inconsistent",
    "mismatch",
    "mismatched",
    "stale",
    "sluggish",
    "twice",
    // "Login spins forever", "the page loads forever".
    "forever",
    // How rendering goes wrong: text and images that lose their sharpness or shape
    // ("Fonts look blurry on HiDPI screens", "Icons pixelated after zoom").
    "blurry",
    "blurred",
    "blurrier",
    "fuzzy",
    "pixelated",
    "distorted",
    // How sound goes wrong ("Bluetooth audio has crackling", "choppy playback").
    "crackling",
    "crackles",
    "choppy",
    // Things out of place ("Tooltip misplaced under zoom").
    "misplaced",
    // A state that should have ended ("Old toast lingers after navigation").
    "lingers",
    "lingering",
    // Misbehaviour named by its verb ("The sync misbehaves after sleep").
    "misbehaves",
    // Input a program cannot take ("The parser chokes on a trailing newline").
    "chokes",
    "choked",
];

/// Misbehaviour named as such, a symptom only as what is said of a subject ("Password reset
/// is misbehaving", "Settings app is bugged"): before a noun they name a kind of thing
/// ("ban misbehaving peers", "mark quests as bugged").
const SAID_OF: &[&str] = &["misbehaving", "bugged", "malfunctioning"];

/// Verbs that say a state of their subject: "is misbehaving", "seems bugged".
const LINKING: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "being", "seems", "seem", "looks", "became",
    "becomes", "got", "gets",
];

/// The symptom words ([`SYMPTOMS`], [`OPENERS`]): what a fix changes, not what it is about.
pub const SYMPTOM_WORDS: [&[&str]; 2] = [SYMPTOMS, OPENERS];

/// Symptom words that open an issue title on their own: "Wrong timezone shown",
/// "Flickering on hover", "Slow startup on Windows".
const OPENERS: &[&str] = &[
    "wrong",
    "incorrect",
    "missing",
    "broken",
    "slow",
    "duplicate",
    "duplicated",
    "inconsistent",
    "stale",
    "corrupted",
    "garbled",
    "blank",
    "flaky",
    "flicker",
    "flickering",
    "laggy",
    "janky",
    "misaligned",
    "inaccurate",
    "unresponsive",
    "occasional",
    "intermittent",
    "blurry",
    "fuzzy",
    "pixelated",
    "distorted",
    "choppy",
    // A thing that cannot be used as it is: "Unreadable text in dark mode", "Unusable on
    // mobile after 2.0".
    "unreadable",
    "illegible",
    "unusable",
];

/// The openers of a thing that cannot be used ([`OPENERS`]): they open a report only as a
/// title, with no verb of being ("Unreadable files are skipped with a warning" says what is
/// done with such things).
const CANNOT_BE_USED: &[&str] = &["unreadable", "illegible", "unusable"];

/// A value that is a symptom after a verb of showing or returning: "shows NaN",
/// "returns null", "renders blank", "is undefined".
const BAD_VALUES: &[&str] = &[
    "null",
    "nan",
    "undefined",
    "empty",
    "blank",
    "zero",
    "nothing",
    "garbage",
    "stale",
    "old",
    // "Scroll position is lost on back", "Hover is offset under CSS zoom".
    "lost",
    "offset",
];

const SHOWING: &[&str] = &[
    "shows",
    "show",
    "showing",
    "shown",
    "displays",
    "displayed",
    "displaying",
    "returns",
    "returned",
    "returning",
    "renders",
    "rendered",
    "rendering",
    "prints",
    "gives",
    "reports",
    "is",
    "are",
    "becomes",
    "stays",
];

/// Verbs of making a file or a page, before "empty"/"blank": "creates empty file".
const PRODUCING: &[&str] = &[
    "creates",
    "created",
    "produces",
    "produced",
    "generates",
    "generated",
    "gives",
    "saves",
    "saved",
    "outputs",
    "writes",
    "downloads",
    "yields",
];

/// Operations whose product must hold something: an empty one is a defect.
const OUTPUTS: &[&str] = &[
    "export",
    "exports",
    "exporting",
    "exported",
    "download",
    "downloads",
    "downloading",
    "downloaded",
    "backup",
    "backups",
    "print",
    "printing",
    "printed",
];

/// "too slow", "too late", "too many requests".
const AFTER_TOO: &[&str] = &[
    "slow", "late", "early", "long", "big", "large", "small", "many", "much", "often",
];

/// Time units before "late"/"early"/"behind": "an hour late", "two days behind".
const TIME_UNITS: &[&str] = &[
    "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "ms", "week",
    "weeks", "month", "months", "year", "years",
];

/// Verbs of keeping a defect away: "prevent flicker", "to avoid stale data issues". What
/// follows them is averted, not reported (symptoms and problem nouns alike).
pub(crate) const AVERTING: &[&str] = &[
    "avoid",
    "avoids",
    "avoiding",
    "prevent",
    "prevents",
    "preventing",
];

/// Whether `w` turns the symptom after it into a remedy, a feature or a negation.
fn defuses(w: &str) -> bool {
    is_in(w, DEFUSERS) || is_in(w, AVERTING)
}

/// A word right before the symptom that turns it into a remedy, a feature or a negation:
/// "prevent flicker", "no longer duplicated", "without stale reads", "detect missing keys".
/// With [`AVERTING`], which the problem cues share.
const DEFUSERS: &[&str] = &[
    "no",
    "not",
    "never",
    "without",
    "reduce",
    "reduces",
    "reduced",
    "fix",
    "fixes",
    "fixed",
    "fixing",
    "handle",
    "handles",
    "handling",
    "detect",
    "detects",
    "detecting",
    "remove",
    "removes",
    "removed",
    "skip",
    "skips",
    "ignore",
    "longer",
    "less",
    "fewer",
    "for",
    "of",
    "if",
    "when",
];

/// First words of advice, conditions and instructions, which mention symptoms without
/// reporting one: "If the job runs late, ...", "Avoid stale caches", "Check for missing keys".
const ADVICE_OPENERS: &[&str] = &[
    "if", "when", "whenever", "unless", "once", "to", "how", "avoid", "prevent", "never", "always",
    "make", "ensure", "check", "use", "don't", "do", "please", "should", "must", "allow",
    "support", "supports", "handle", "detect", "warn", "report", "show", "display", "test",
    "tests", "add", "no",
    // Intent: "Going to fix the flaky test", "Need to handle stale caches".
    "going", "need", "needs", "have", "will", "plan", "want", "let's", "stop",
];

/// Verbs of doing something about a symptom, up to three words before it.
const REMEDIES: &[&str] = &[
    "fix",
    "fixes",
    "fixed",
    "fixing",
    "prevent",
    "prevents",
    "prevented",
    "avoid",
    "avoids",
    "avoided",
    "stop",
    "stops",
    "stopped",
    "debug",
    "debugging",
    "investigate",
    "investigating",
    "reproduce",
    "handle",
    "handles",
    "remove",
    "removes",
    "removed",
    "replace",
    "replaces",
    "replaced",
    "replacing",
];

/// Verbs of a state going on: a symptom when "even" follows ("Badges persist even after
/// they are read"), and for the verbs of something that should have gone, when a condition
/// follows at once ("Badge remains when the count is 0"). "Settings persist when the app
/// restarts" describes a feature, so "persist" needs "even".
const PERSISTS: &[&str] = &[
    "persists", "persist", "remains", "remain", "stays", "stay", "sticks",
];

/// Words before "loop" that make it a defect: a loop nobody meant to run.
const LOOPS: &[&str] = &[
    "redirect", "infinite", "endless", "boot", "reload", "crash", "refresh",
];

/// Words before "loop" that name a loop a program may run on purpose ("the login loop
/// retries three times"): a defect only in an issue title's shape, the line ending there or
/// going on with when it happens ("Login loop after upgrading to 14.0").
const LOOPS_IN_TITLES: &[&str] = &["login", "logout", "restart", "signin"];

/// Words after such a loop that say when it happens.
const WHEN_IT_HAPPENS: &[&str] = &["after", "when", "on", "since", "in", "with", "if"];

/// Verbs of showing or holding, before "duplicates": "Search page has duplicates", "the
/// dashboard lists duplicates". ("Remove duplicates", "rejects duplicates" do something
/// about them.)
const HOLDING: &[&str] = &[
    "has",
    "have",
    "had",
    "shows",
    "show",
    "showing",
    "lists",
    "listing",
    "returns",
    "returning",
    "contains",
    "containing",
    "creates",
    "creating",
    "produces",
    "producing",
    "gets",
    "getting",
];

/// What a program uses up: "High memory usage when idle", "CPU usage spikes on scroll".
const RESOURCES: &[&str] = &[
    "memory",
    "cpu",
    "ram",
    "disk",
    "battery",
    "gpu",
    "bandwidth",
    "heap",
];

/// How much, before a resource: "high memory usage", "excessive CPU consumption".
const TOO_MUCH: &[&str] = &[
    "high",
    "higher",
    "excessive",
    "huge",
    "massive",
    "increased",
    "increasing",
    "growing",
    "abnormal",
    "unusual",
    "heavy",
];

/// What the use of a resource does, after it: "memory usage increases over time".
const GROWS: &[&str] = &[
    "increases",
    "increasing",
    "grows",
    "growing",
    "spikes",
    "spiking",
    "climbs",
    "climbing",
    "explodes",
    "balloons",
];

/// The same verbs after "to": "causes memory usage to climb".
const GROW: &[&str] = &["increase", "grow", "spike", "climb", "explode", "balloon"];

/// Counts before a noun: "shows two duplicates", "has some duplicates".
const DETERMINERS_OF_COUNT: &[&str] = &["two", "three", "many", "some", "several", "multiple"];

/// Adverbs between "not" and a participle that leave the report a report: "not properly
/// saved", "not correctly shown". ("Not always" hedges documentation more often than it
/// reports: "order is not always preserved", "not always available".)
const NOT_QUITE: &[&str] = &["properly", "correctly"];

/// Subjects whose check not being required is a hole, not a relief: "Authentication not
/// required on /admin", "CSRF token not required for POST /login".
const CHECKS: &[&str] = &[
    "authentication",
    "auth",
    "authorization",
    "password",
    "token",
    "csrf",
    "signature",
    "2fa",
    "mfa",
    "login",
    "verification",
];

/// Defects whose end "no more" reports: "No more crashes since 2.1" is progress.
const ENDED_DEFECTS: &[&str] = &[
    "crashes", "crash", "errors", "error", "failures", "ooms", "oom", "bugs", "issues", "problems",
    "timeouts", "flakes", "flaky", "hangs", "freezes", "leaks", "warnings",
];

/// Words that make what comes before them a rule of behaviour, not a report: "does nothing if
/// the cache is empty", "has no effect unless", "does nothing but print the plan".
const RULE_WORDS: &[&str] = &["if", "unless", "until", "but", "without", "except"];

/// Whether the line has a word of [`RULE_WORDS`]: what it says is a rule of behaviour.
fn states_a_rule(text: &str) -> bool {
    lex::words(text).any(|t| is_in(t, RULE_WORDS))
}

/// Verbs of ending, before "immediately": "exits immediately", "closes immediately".
const ENDS: &[&str] = &[
    "exit",
    "exits",
    "close",
    "closes",
    "quit",
    "quits",
    "die",
    "dies",
    "terminates",
    "crashes",
    "disappears",
    "vanishes",
    "stops",
    "collapses",
];

/// Words before "reproducible" that confirm a report: "also reproducible", "still
/// reproducible". ("The build is reproducible with Nix" is a property.)
const CONFIRMING: &[&str] = &[
    "also",
    "still",
    "consistently",
    "easily",
    "always",
    "reliably",
    "100",
    "definitely",
];

/// Words after a confirmation: "reproducible as well", "reproducible too".
const ALSO: &[&str] = &["as", "too", "here", "again"];

/// Whether the words before "reproduce" say the writer can: "I can", "I'm able to", "Can
/// reproduce" (no subject). Another subject ("you can reproduce it by ...") gives steps, and
/// a negation ("I'm not able to") says the opposite.
fn can_reproduce(recent: &[&str; 4]) -> bool {
    let writer = |w: &str| matches!(w, "" | "i" | "we" | "also" | "i'm" | "we're" | "am" | "are");
    let negation = |w: &str| matches!(w, "not" | "never" | "unable") || w.ends_with("n't");
    if recent.iter().any(|w| negation(w)) {
        return false;
    }
    match recent {
        [.., subject, "can" | "could"] => writer(subject),
        [
            subject,
            "was" | "were" | "am" | "are" | "i'm" | "we're",
            "able",
            "to",
        ] => writer(subject) || matches!(recent[1], "i'm" | "we're"),
        [_, subject, "able", "to"] => writer(subject),
        _ => false,
    }
}

/// Words that open a condition: a symptom after them is the case something handles.
const CONDITIONS: &[&str] = &["if", "when", "whenever", "unless", "until", "once"];

/// Words after "not" and a participle that say how a design keeps or does something ("not
/// stored separately", "not billed per seat"): how it is built, not a report that it failed.
const MANNER: &[&str] = &["separately", "individually", "independently", "per"];

/// Where `word`, a slice of `text` as [`lex::words`] gives them, starts in `text`.
fn offset_in(text: &str, word: &str) -> usize {
    word.as_ptr() as usize - text.as_ptr() as usize
}

/// Whether `word` (a slice of `text`) comes right after a comma that ends a clause saying
/// what is done instead: "derived from the keys, not stored", "kept in `.env`, not
/// hardcoded" set one way of doing a thing against another. ("Button visible in Chrome, not
/// shown in Safari" says where it fails: nothing is done before the comma.)
fn after_comma(text: &str, word: &str) -> bool {
    let Some(before) = text[..offset_in(text, word)].trim_end().strip_suffix(',') else {
        return false;
    };
    lex::words(before).any(|w| {
        participle(w, true)
            || matches!(
                w,
                "kept" | "held" | "made" | "done" | "given" | "taken" | "left" | "used"
            )
    })
}

/// Whether `text` opens with "for" and a short label of the case it covers before a colon
/// ("for dkls/schnorr vaults: ..."), with no clause break in the label.
fn names_a_case(text: &str) -> bool {
    let Some(rest) = text.trim_start().strip_prefix("for ") else {
        return false;
    };
    rest.find(':').is_some_and(|colon| {
        let label = &rest[..colon];
        !label.contains([',', '.', ';']) && lex::words(label).count() <= 5
    })
}

/// Whether `word` is one of `set`. Every word of an untyped line is looked up in these lists:
/// the length and first byte rule out nearly every entry before any bytes are compared.
fn is_in(word: &str, set: &[&str]) -> bool {
    let Some(&first) = word.as_bytes().first() else {
        return false;
    };
    set.iter()
        .any(|s| s.len() == word.len() && s.as_bytes()[0] == first && *s == word)
}

/// An adjective of a state something should keep, after "not": "not clickable", "not
/// visible" (by the ending -able or -ible, verbs such as "enable" aside), "not persistent",
/// "not responsive".
fn state_adjective(word: &str) -> bool {
    let by_ending = word.len() > 6
        && (word.ends_with("able") || word.ends_with("ible"))
        && !word.ends_with("nable");
    by_ending
        || matches!(
            word,
            "persistent" | "consistent" | "responsive" | "interactive" | "active" | "visible"
        )
}

/// A past participle after "not": "not recognized", "not saved", "not shown". Not the
/// participles of a need or a plan ("A restart is not required", "Migration not needed"):
/// they say what need not be done, not what failed, unless what is not required is a check
/// (`check`: "Password not required when ...").
fn participle(word: &str, check: bool) -> bool {
    (word.len() > 4
        && word.ends_with("ed")
        && (check
            || !matches!(
                word,
                "needed" | "required" | "recommended" | "intended" | "planned"
            )))
        || matches!(
            word,
            "shown" | "seen" | "sent" | "built" | "run" | "found" | "set" | "read" | "written"
        )
}

/// A verb's -ing form after "not" ("not overriding", "not appearing"), not a noun that ends
/// the same way ("not anything", "not during") nor a plan ("not going to").
fn present_participle(word: &str) -> bool {
    word.len() > 5
        && word.ends_with("ing")
        && !word.ends_with("thing")
        && !matches!(
            word,
            "during" | "string" | "strings" | "going" | "being" | "planning"
        )
}

/// Whether `lower_body` (lower-cased, code spans masked) reports a symptom. `listed`: the
/// line is a list item (an adjective-first item is a to-do, not a report).
pub fn reports_symptom_in(lower_body: &[u8], listed: bool) -> bool {
    let Ok(text) = std::str::from_utf8(lower_body) else {
        return false;
    };
    // "Search returns no results for stop words by design": behaviour meant to be. Asked
    // only of a line that reads as a report, not of every untyped line.
    symptom_shape(text, listed) && !meant_to_be(lower_body) && !work_not_started(text)
}

/// A piece of work whose state is "not started" (`- Phase 5: not started`): a plan's
/// status, not something that failed to start.
fn work_not_started(text: &str) -> bool {
    [": not started", ": not yet started", ": not begun"]
        .iter()
        .any(|s| text.trim_end().trim_end_matches('.').ends_with(s))
}

/// Whether the line says its behaviour is meant ("by design", "as intended", "by default"):
/// a statement of design, not a report, however it reads otherwise.
pub fn meant_to_be(lower_body: &[u8]) -> bool {
    [
        "by design",
        "as designed",
        "as intended",
        "is intended",
        "is expected",
        "by default",
        "on purpose",
    ]
    .iter()
    .any(|p| crate::parse::lex::find(lower_body, p.as_bytes()).is_some())
}

/// Verbs of showing or handing over before "instead", besides those of [`SHOWING`]: "shows X
/// instead", "returns X instead of Y", "redirects to http instead of https".
const GIVEN_IN_PLACE: &[&str] = &[
    "display",
    "return",
    "render",
    "showed",
    "printed",
    "offers",
    "offered",
    "opens",
    "opened",
    "loads",
    "loaded",
    "redirects",
    "redirected",
    "sends",
    "picks",
    "picked",
    "selects",
    "selected",
];

/// Whether the "instead" at word `count` follows, within the last four words, a verb of
/// showing ([`SHOWING`] but its linking verbs, [`GIVEN_IN_PLACE`]) said of a thing: not the line's first word (an order or a
/// changelog's "Return 404 instead of 500"), not after a person ("we render on the server
/// instead": a choice) or a word of change or intent ("now returns 404 instead of 500",
/// "should show X instead").
fn shown_in_place(text: &str, recent: &[&str; 4], count: usize) -> bool {
    let given = |w: &str| (is_in(w, SHOWING) && !is_in(w, LINKING)) || is_in(w, GIVEN_IN_PLACE);
    let Some(back) = recent.iter().rev().position(|r| given(r)) else {
        return false;
    };
    // The verb's place in the line, counted from 1.
    let at = count - 1 - back;
    at > 1
        && !lex::words(text).take(at - 1).any(|t| {
            matches!(
                t,
                "we" | "i"
                    | "you"
                    | "they"
                    | "let's"
                    | "now"
                    | "should"
                    | "will"
                    | "would"
                    | "must"
                    | "to"
                    | "can"
                    | "could"
            )
        })
}

/// "isn't", "aren't", "wasn't", "weren't" (straight or typographic apostrophe): a linking
/// verb and its "not". Other contractions ("doesn't", "won't") are cues of their own.
fn linking_contraction(word: &str) -> bool {
    lex::ends_with_nt(word.as_bytes())
        && ["isn", "aren", "wasn", "weren"]
            .iter()
            .any(|stem| word.starts_with(stem) && word.len() <= stem.len() + 4)
}

/// Whether `text` has the shape of a report: a subject said to misbehave.
fn symptom_shape(text: &str, listed: bool) -> bool {
    // Words seen so far, newest last; a report is short, so a small window is enough and
    // the line is never collected.
    let mut recent: [&str; 4] = [""; 4];
    let mut words = lex::words(text).peekable();
    // A quoted or code-span subject was masked to blanks ("`cargo build` stuck at 99%",
    // "\"What's New\" unreadable in dark mode"): it counts as the line's first word.
    let mut count = usize::from(text.starts_with(' '));
    let mut found = false;
    while let Some(w) = words.next() {
        // "UI isn't responsive", "Settings weren't saved": a state verb with its "not"
        // contracted reads as the two words it stands for.
        let negation = w == "not" || linking_contraction(w);
        count += 1;
        if count > 18 {
            return false;
        }
        if count == 1 {
            // "No more notifications since the update": something that stopped, and when.
            // Not "No more crashes since 2.1" (a defect that ended) nor "no more manual
            // steps since we added the Makefile" (the writer's own change).
            if w == "no" && words.peek() == Some(&"more") {
                let rest: Vec<&str> = lex::words(text).skip(2).collect();
                return rest.iter().any(|t| matches!(*t, "since" | "after"))
                    && rest.first().is_some_and(|n| !is_in(n, ENDED_DEFECTS))
                    && !rest
                        .windows(2)
                        .any(|p| matches!(p[0], "since" | "after") && matches!(p[1], "we" | "i"));
            }
            // "Same here on macOS 14": a report confirmed in a thread, where and when. ("same
            // here" alone may agree with anything; "Same here, thanks for the fix!" thanks.)
            if w == "same" && words.peek() == Some(&"here") {
                return lex::words(text).nth(2).is_some_and(|n| {
                    is_in(n, WHEN_IT_HAPPENS)
                        || matches!(n, "using")
                        || n.starts_with(|c: char| c.is_ascii_digit())
                });
            }
            if is_in(w, ADVICE_OPENERS) {
                return false;
            }
            // "Reproducible in each version from 4.4 to 4.6.1", "Reproducible on Firefox
            // 40": a thread's report of where the defect shows. ("Reproducible builds with
            // Nix" is a property.)
            // Where: a version or a platform's release ("Reproducible on any machine" and
            // "Reproducible in seconds" are properties).
            if w == "reproducible" {
                return matches!(words.peek(), Some(&"in" | &"on"))
                    && (text.bytes().any(|b| b.is_ascii_digit())
                        || lex::words(text)
                            .any(|t| matches!(t, "version" | "versions" | "latest" | "nightly")))
                    && !lex::words(text).any(|t| matches!(t, "any" | "every" | "sense"));
            }
            // "For DKLS vaults: not stored by the reshare functions": a line that opens by
            // naming the case it covers states what holds in that case, as documentation
            // does ("For legacy vaults: stored in the vault").
            if w == "for" && names_a_case(text) {
                return false;
            }
            if is_in(w, CANNOT_BE_USED) && lex::words(text).any(|t| is_in(t, LINKING)) {
                return false;
            }
            if !listed && is_in(w, OPENERS) && words.peek().is_some() {
                // "Duplicate of #2510": a tracker's reference, not a report.
                return words.peek() != Some(&"of");
            }
        } else if !found {
            let before = recent[3];
            if is_in(before, CONDITIONS) {
                // "prints a warning when the config is missing": what follows is a condition.
                return false;
            }
            let next = words.peek().copied();
            found = if is_in(w, SAID_OF) {
                is_in(before, LINKING) && !recent[1..].iter().any(|b| is_in(b, REMEDIES))
            } else if is_in(w, SYMPTOMS) {
                // "fix the flaky test", "prevent the tooltip from flickering": a remedy.
                // "Closing as a duplicate of #44": a tracker's reference.
                let tracker_reference = w == "duplicate" && next == Some("of");
                !recent[1..].iter().any(|b| is_in(b, REMEDIES))
                    && !defuses(before)
                    && !tracker_reference
            } else if negation || w == "never" {
                // "Settings not saved on reload", "Webhook never fires", "Dark mode is not
                // persistent", "Button not clickable"; "Changes not properly saved" says it
                // fails in part.
                let hedged = negation && next.is_some_and(|n| is_in(n, NOT_QUITE));
                let next = if hedged {
                    words.next();
                    count += 1;
                    words.peek().copied()
                } else {
                    next
                };
                let check = is_in(before, CHECKS) || is_in(recent[2], CHECKS);
                // "Address derived from the public keys, not stored separately per chain":
                // what a design does, said against what it does not ("X, not Y"), or how it
                // keeps something ("not stored separately", "not cached per user"). A
                // report says that something failed, not how it is laid out.
                let design = negation
                    && (after_comma(text, w)
                        || next.is_some_and(|n| {
                            lex::words(&text[offset_in(text, n) + n.len()..])
                                .next()
                                .is_some_and(|m| is_in(m, MANNER))
                        }));
                // "Flag not overriding config file", "Wallet data not appearing": a title's
                // subject, then "not" and what it fails to do. Only right after the subject:
                // "we are not using Redis" and "it's not going to work" say something else.
                let failing_to = w == "not"
                    && !hedged
                    && !is_in(before, LINKING)
                    && !matches!(before, "i" | "we" | "you" | "they" | "am" | "do" | "does")
                    && !before.ends_with("'s")
                    && !before.ends_with("'re")
                    && next.is_some_and(present_participle);
                (failing_to
                    || next.is_some_and(|next| {
                        participle(next, check)
                            || (w == "never" && next.ends_with('s') && next.len() > 3)
                            || (negation && !hedged && state_adjective(next))
                    }))
                    && !defuses(before)
                    && !design
            } else if w == "late" || w == "early" || w == "behind" {
                is_in(before, TIME_UNITS) || before == "too"
            } else if w == "too" {
                next.is_some_and(|next| is_in(next, AFTER_TOO))
            } else if w == "off" {
                // "Totals off by one", "PDF cuts off after the first page".
                next == Some("by")
                    || (matches!(before, "cut" | "cuts")
                        && !matches!(recent[2], "we" | "i" | "they" | "you"))
            } else if is_in(w, PERSISTS) {
                next == Some("even")
                    || (next == Some("when") && !matches!(w, "persists" | "persist"))
            } else if w == "duplicates" {
                is_in(before, HOLDING)
                    || (is_in(before, DETERMINERS_OF_COUNT) && is_in(recent[2], HOLDING))
            } else if w == "usage" || w == "consumption" || w == "use" {
                // "recovers well from the high memory usage now": a remedy's object.
                let remedied = recent[..2].iter().any(|w| defuses(w) || *w == "from");
                // "High CPU usage is expected during indexing": a cost, not a defect. "Higher
                // memory usage than expected" (or "then", as it is often typed) says the
                // opposite.
                let beyond_expectation = ["than expect", "then expect"]
                    .iter()
                    .any(|p| text.contains(p));
                let expected =
                    (text.contains("expect") && !beyond_expectation) || text.contains("trade-off");
                // "causes memory usage to climb steadily".
                let grows_after_to = next.filter(|n| *n == "to").is_some_and(|to| {
                    lex::words(&text[offset_in(text, to) + to.len()..])
                        .next()
                        .is_some_and(|v| is_in(v, GROW))
                });
                is_in(before, RESOURCES)
                    && (is_in(recent[2], TOO_MUCH)
                        || next.is_some_and(|n| is_in(n, GROWS))
                        || grows_after_to)
                    && !remedied
                    && !expected
            } else if w == "loop" || w == "loops" {
                // "Redirect loop after resetting the password", "an infinite loop on save".
                is_in(before, LOOPS)
                    || (is_in(before, LOOPS_IN_TITLES)
                        && next.is_none_or(|n| is_in(n, WHEN_IT_HAPPENS)))
            } else if w == "nothing" {
                // "The button does nothing", "Clicking save did nothing"; not "does nothing if
                // the cache is empty" (documentation).
                matches!(before, "does" | "did") && !states_a_rule(text)
            } else if w == "effect" {
                // "Setting the env var has no effect"; not "has no effect unless ...", "This
                // option has no effect on Windows" (documentation: where it does nothing).
                before == "no"
                    && matches!(recent[2], "has" | "had" | "have")
                    && next.is_none_or(|n| matches!(n, "anymore" | "since" | "after" | "now"))
            } else if w == "happens" || w == "happened" {
                // "Nothing happens when I click export"; not "Nothing happens until you call
                // start()".
                before == "nothing" && !states_a_rule(text)
            } else if matches!(w, "work" | "works" | "helps" | "helped") {
                // "Nothing seems to work", "nothing works", "nothing helped"; not "Nothing works
                // without the .env file" (a requirement).
                (before == "nothing" || (before == "to" && recent[1..3] == ["nothing", "seems"]))
                    && !states_a_rule(text)
            } else if w == "every" {
                // "Happens every time I switch tabs", "It crashes every time"; not "Rotation
                // happens every time the log reaches 10 MB" (a subject of its own: a rule).
                matches!(before, "happens" | "happening" | "crashes" | "fails")
                    && matches!(recent[2], "" | "it" | "this" | "that" | "still" | "also")
            } else if w == "happening" {
                // "This started happening after the last update".
                matches!(before, "started" | "starts" | "began" | "keeps")
            } else if w == "killed" {
                // "The worker gets killed after an hour" (by something else, unasked); not
                // "Any process over the limit gets killed" (a rule).
                matches!(before, "gets" | "got" | "getting")
                    && !lex::words(text)
                        .next()
                        .is_some_and(|f| matches!(f, "any" | "every" | "each" | "all"))
            } else if w == "stopped" {
                // "Notifications stopped after updating to Android 14", "… since 2.1": since a
                // change to the software. Not "we stopped the deploy", "Development stopped after
                // the author left", "Recording stopped after 60 minutes" (a limit).
                next.is_some_and(|n| matches!(n, "after" | "since" | "with" | "on"))
                    && !matches!(before, "we" | "i" | "you" | "they" | "he" | "she")
                    && lex::words(text).any(|t| {
                        t.starts_with("updat")
                            || t.starts_with("upgrad")
                            || (t.starts_with('v')
                                && t[1..].starts_with(|c: char| c.is_ascii_digit()))
                            || (t.starts_with(|c: char| c.is_ascii_digit()) && t.contains('.'))
                    })
            } else if w == "results" || w == "result" {
                // "Search returns no results for accented words"; not "returns no results if
                // the index is empty".
                before == "no"
                    && (is_in(recent[2], SHOWING) || is_in(recent[2], HOLDING))
                    && !states_a_rule(text)
            } else if w == "immediately" {
                // "Containers exit immediately after docker-compose up", "Dropdown menus close
                // immediately on click": something that ends before it is used. Not when a
                // condition follows ("exits immediately if the port is taken": by design).
                // "`--version` prints the version and exits immediately" is how it works: only
                // with when it happens.
                is_in(before, ENDS)
                    && next.is_some_and(|n| matches!(n, "after" | "on" | "upon" | "when"))
            } else if w == "reproducible" {
                // "Also reproducible on Firefox 40", "Still reproducible with 2.1": a report
                // confirmed. ("reproducible builds" is a property; "not reproducible" none.)
                is_in(before, CONFIRMING)
                    && next.is_none_or(|n| is_in(n, WHEN_IT_HAPPENS) || is_in(n, ALSO))
            } else if w == "reproduce" {
                // "I can reproduce this as well", "I'm able to reproduce it on 3.2": the
                // writer saw the defect. Not "can't reproduce", "you can reproduce it by ...".
                // What: the defect at hand ("this", "it", "on 3.2", "as well"), not "the
                // baseline" or "any release" (a result or a build reproduced).
                can_reproduce(&recent)
                    && next.is_none_or(|n| {
                        matches!(
                            n,
                            "this"
                                | "it"
                                | "that"
                                | "on"
                                | "with"
                                | "here"
                                | "as"
                                | "too"
                                | "in"
                                | "consistently"
                                | "reliably"
                                | "again"
                                | "locally"
                                | "now"
                        )
                    })
            } else if w == "keeps" || w == "kept" {
                // A habit of misbehaving: "Badge keeps coming back", "The worker keeps
                // restarting". "keeps track", "kept the old API" name no habit.
                next.is_some_and(|n| n.len() > 5 && n.ends_with("ing")) && !defuses(before)
            } else if w == "instead" {
                // "Some dates show me UTC+2 instead", "Routing offers 'discuss' instead of
                // continuing": something shown or given in place of what was expected.
                shown_in_place(text, &recent, count)
            } else if is_in(w, BAD_VALUES) {
                // "Export creates empty file", "Export to CSV produces blank CSV": an export or
                // a download is made to hold something ("`init` creates an empty config" is
                // no output of that kind). An article may stand between the verb and the
                // value: "Export to PDF generates an empty PDF".
                let maker = if matches!(before, "a" | "an" | "the") {
                    recent[2]
                } else {
                    before
                };
                // "The app shows a blank page after login", "Search returns an empty list
                // for accented words": the article too, where no condition or rule makes it
                // documentation ("returns an empty list when nothing matches").
                let shown_with_article = matches!(before, "a" | "an")
                    && is_in(maker, SHOWING)
                    && !matches!(maker, "is" | "are")
                    && !states_a_rule(text)
                    && !lex::words(text).any(|t| is_in(t, CONDITIONS));
                is_in(before, SHOWING)
                    || shown_with_article
                    || (matches!(w, "empty" | "blank")
                        && (is_in(maker, PRODUCING) || is_in(before, OUTPUTS))
                        && lex::words(text).any(|t| is_in(t, OUTPUTS)))
            } else {
                false
            };
        }
        recent.rotate_left(1);
        recent[3] = w;
    }
    found && count >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As the parser asks: lower case, code spans and quotations masked.
    fn says(text: &str) -> bool {
        let mut buf = lex::lower(text);
        lex::mask_spans(&mut buf);
        reports_symptom_in(&buf, false)
    }

    #[test]
    fn issue_title_symptoms() {
        for line in [
            "Upload progress bar stuck at 99%",
            "The app shows a blank page after login",
            "Search returns an empty list for accented words",
            "Unreadable text in Windows Settings",
            "Unusable on mobile after 2.0",
            "Tooltip flickers on hover in Firefox",
            "Cron job fires an hour late after DST",
            "Search results show duplicate entries after pagination",
            "Sidebar overlaps the footer on small screens",
            "Dark mode toggle ignored on reload",
            "API returns null for deleted users",
            "Settings not saved after restart",
            "Webhook never fires for draft orders",
            "Wrong currency symbol on invoices",
            "Page load too slow on mobile",
            "Totals off by one cent after rounding",
            "Thumbnails look blurry on retina displays",
            "Blurry icons in the system tray",
            "Bluetooth audio has crackling when in use",
            "PDF cuts off after the first page",
            "Scroll position is lost on back navigation",
            "Hover is offset when using CSS zoom",
            "Notification badges persist even after they are read",
            "Badge remains when the count is 0",
            "Notification badge keeps coming back",
            "Redirect loop after resetting the password",
            "Login loop after upgrading to 14.0",
            "Search page has duplicates",
            "Dashboard lists duplicates and skips rows",
            "The client shows two duplicates",
            "High memory usage when the app is in the background",
            "Memory usage increases over time",
            "Leaving the dashboard open causes memory usage to climb steadily",
            "Higher memory usage than expected",
            "Excessive CPU consumption while idle",
            "Password reset is misbehaving",
            "Settings app is bugged",
            "The sync is malfunctioning since 2.0",
            "The sync misbehaves after the laptop sleeps",
            "Changes not properly saved on slow networks",
            "Authentication not required on the /admin endpoint",
            "Password not required when changing the account email",
            "CSRF token not required for POST /login",
            "\"What's New\" unreadable in dark mode",
            "Export creates empty file",
            "Export to PDF generates an empty PDF if the preview is hidden",
            "The backup job writes an empty archive",
            "Export empty file",
            "Export to CSV extension produces blank CSV on some exports",
            "`cargo build` stuck at 99%",
            "Containers exit immediately after docker-compose up",
            "Dropdown menus close immediately on click on touchscreens",
            "Also reproducible on Firefox Nightly 40.",
            "Still reproducible with 2.1",
            "Reproducible in each version from 4.4 to 4.6.1",
            "Reproducible on Firefox 40",
            "I can reproduce this as well",
            "I'm able to reproduce it on 3.2",
            "Can reproduce on macOS",
            "The parser chokes on a trailing newline",
            "The button does nothing",
            "Setting the env var has no effect",
            "Nothing happens when I click export",
            "Nothing seems to work",
            "Happens every time I switch tabs",
            "This started happening after the last update",
            "The worker gets killed after an hour",
            "Notifications stopped after updating to Android 14",
            "No more notifications since the update",
            "Same here on macOS 14",
            "Search returns no results for accented words",
            "Text is illegible in dark mode",
            "UI isn't responsive",
            "The delete button isn’t clickable on mobile",
            "Settings weren't persistent after the upgrade",
            "Some dates show me UTC+2 instead",
            "Post-discussion routing offers 'discuss this phase' instead of continuing",
            "new Date returns the 23rd instead of the 24th",
        ] {
            assert!(says(line), "{line}");
        }
    }

    #[test]
    fn words_near_symptoms_are_not_reports() {
        for line in [
            "Remove duplicates before export",
            "Return 404 instead of 500 for unknown users",
            "We now render the list on the server instead",
            "The endpoint now returns 404 instead of 500",
            "It should show the local time instead",
            "Ready for the next plan (replace duplicates in the seed data)",
            "We count cache misses per request",
            "Retries use exponential backoff with jitter to spread load",
            "Rails flash messages are stored in the session cookie",
            "Rust checks integer overflow in debug builds",
            "The unique index rejects duplicates by email",
            "Too many cooks: one owner per service",
            "Settings persist when the app restarts",
            "The service keeps track of open sessions",
            "We cut off the import at 10,000 rows",
            "The offset is stored per partition",
            "Lost updates are what optimistic locking prevents",
            "Duplicate of #2510",
            "The event loop runs one task at a time",
            "The unique index rejects duplicates by email",
            "Memory usage is reported per process",
            "We track CPU usage in the dashboard",
            "When we ship the tooltip, check for flickering first",
            "When I see high memory usage I restart the worker",
            "The unique index rejects rows with duplicates",
            "Memory usage keeps flat at 200 MB after the fix",
            "High CPU usage is expected during the initial index build",
            "The restart loop uses exponential backoff",
            "The login loop retries three times before giving up",
            "When the job runs late, rerun it by hand",
            "The system recovers well from the high memory usage now",
            "Invisible reCAPTCHA runs on every form",
            "Fields are not always required",
            "A restart is not required",
            "Migration not needed for this release",
            "Ban misbehaving peers after three strikes",
            "The SDK retries against misbehaving endpoints",
            "I bugged Sarah about the API keys again",
            "Players can mark quests as bugged",
            "The watchdog reports malfunctions over MQTT",
            "Unreadable files are skipped with a warning",
            "Returns an empty list when nothing matches",
            "The function returns an empty list if the key is missing",
            "Insertion order is not always preserved across restarts",
            "Scrollbars are not always visible on macOS",
            "The migration is not properly reversible",
            "Messages not reliably acknowledged are redelivered after 30 s",
            "Prevent the sync from misbehaving offline",
            "An invisible iframe keeps the session alive",
            // A feature as often as a fault, even said of a subject.
            "The field is invisible to non-admins",
            "The export skips empty rows",
            "Init creates an empty config file",
            "Exports an empty CSV when no rows match",
            "The server exits immediately if the port is taken",
            "Close the dialog immediately after saving",
            "We use reproducible builds",
            "Reproducible builds with Nix",
            "Reproducible on any machine, thanks to the pinned lockfile.",
            "Reproducible in seconds: `docker compose up` gives you the full stack.",
            "Steps to make the crash reproducible",
            "I can't reproduce this on 3.2",
            "This function does nothing if the cache is empty",
            "`--dry-run` does nothing but print the plan",
            "Setting `workers` has no effect unless threads is 1",
            "Nothing happens until you call start()",
            "`find()` returns no results if the index is empty",
            "Rotation happens every time the log reaches 10 MB",
            "Any process over the memory limit gets killed",
            "`--version` prints the version and exits immediately",
            "Same here, thanks for the quick fix!",
            "No more crashes since the 2.1 update",
            "No more manual steps since we added the Makefile",
            "The build is reproducible on any machine with Nix",
            "We can reproduce the baseline within 0.2 BLEU",
            "This option has no effect on Windows",
            "Nothing works without the .env file, copy .env.example first",
            "Development stopped after the author left in 2019",
            "Recording stopped after 60 minutes, which is the limit",
            "Search returns no results for stop words by design",
            "I'm not able to reproduce it",
            "You can reproduce it by running make test",
            "We stopped the deploy after the alert",
            "I stopped after step 3",
            "same here",
            "No more than three retries",
            "The flag has an effect only on Linux",
            "Nothing to report",
        ] {
            assert!(!says(line), "{line}");
        }
        assert!(!reports_symptom_in(b"blurry preview images", true));
    }

    #[test]
    fn how_a_design_keeps_things_is_no_report() {
        for text in [
            "Address derived from vault's public keys, not stored separately per chain",
            "API key kept in `.env`, not hardcoded",
            "Load state is reported, not inferred",
            "Images not cached separately per user",
            "Seats not billed per project",
            "For DKLS/Schnorr vaults: NOT stored/returned by reshare functions",
        ] {
            assert!(!says(text), "{text}");
        }
        // What failed, in the same words.
        for text in [
            "Settings not saved on reload",
            "Button visible in Chrome, not shown in Safari",
            "Address not stored after the reshare",
            "Export: last resource is not exported",
            "Address family not supported by protocol",
            "For loop body not executed on the last item",
        ] {
            assert!(says(text), "{text}");
        }
    }

    #[test]
    fn not_symptoms() {
        for line in [
            "Added a progress bar to uploads",
            "Prevent flicker when the tooltip opens",
            "If the cron job runs late, rerun it by hand",
            "Avoid stale caches by keying on the version",
            "Results are no longer duplicated",
            "The parser skips missing keys",
            "Use the late-binding resolver",
            "A bit of history about the project",
            "Check for missing translations before release",
            "The CLI prints a warning when the config is missing",
            "Going to fix the flaky test tomorrow",
            "Stop the tooltip from flickering on hover",
            // Not an export or a download: a file made empty on purpose.
            "`init` creates an empty config file",
            "Memory usage is expected to grow with the cache size",
        ] {
            assert!(!says(line), "{line}");
        }
        assert!(!reports_symptom_in(b"missing tests for the parser", true));
    }
}
