//! WHEN phrases for `mind remind`: a time, the next session, or a context.
//!
//! Our own phrases are tried first because they need care that a general date parser
//! gets wrong (`Dec 20` rolls over to next year once passed; `tomorrow 9am` keeps its
//! time; `next month` is not a Monday); anything else goes to chrono-english, guarded by a
//! vocabulary check so that an unknown word is never half-read. A phrase nobody
//! understands is an error listing the accepted forms — never a silent "next session"
//! reminder, which is what the Python Mind does.

use std::sync::LazyLock;

use chrono::{
    DateTime, Datelike, Days, FixedOffset, Months, NaiveDate, NaiveDateTime, NaiveTime, Timelike,
};
use regex::Regex;

/// When a reminder fires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum When {
    /// On this day (due from its start).
    Date(NaiveDate),
    /// At this local time.
    Time(NaiveDateTime),
    /// At the next `mind recall`.
    NextSession,
    /// When one of these keywords (lower case, possibly several words) is mentioned.
    Context(Vec<String>),
}

/// The forms `mind remind` accepts (a macro so that the help can include it).
macro_rules! accepted_forms {
    () => {
        "accepted WHEN forms:
  tomorrow, tonight, tomorrow 9am, next session
  in 3 days, in 2 hours, in 2 weeks, in 1 month (also: in an hour, in a week)
  friday, next friday, next week (its Monday), next month, friday 8pm
  2026-12-01, 2026-12-01 15:30, Dec 20, 20 December, Dec 20 2027
  when I mention auth, when we work on the database, when deploy comes up,
  when I mention auth, login and oauth"
    };
}

/// The forms `mind remind` accepts, for error messages.
pub const ACCEPTED_FORMS: &str = accepted_forms!();

/// `mind remind --help`: examples, then the accepted forms.
pub const REMIND_HELP: &str = concat!(
    "Examples:
  mind remind \"check the audit log\" tomorrow
  mind remind call Bob in 2 days
  mind remind \"rotate the staging keys\" --when \"next session\"
  mind remind \"the token expiry is 15 min\" \"when I mention auth\"

",
    accepted_forms!()
);

static CONTEXT_FORMS: LazyLock<[Regex; 3]> = LazyLock::new(|| {
    [
        Regex::new(r"^when\s+(?:i|you|we|someone|anyone)\s+(?:mention|mentions|say|says|talk about|ask about)\s+(.+)$"),
        Regex::new(r"^when\s+(?:we|i|you)(?:'re|\s+are|\s+am)?\s+(?:work|working|touch|touching|discuss|discussing|change|changing|edit|editing|look at|looking at)\s+(?:on\s+)?(.+)$"),
        Regex::new(r"^when\s+(.+?)\s+(?:comes up|come up|is mentioned|are mentioned|gets mentioned)$"),
    ]
    .map(|r| r.expect("static pattern"))
});

static IN_AMOUNT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^in\s+(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(minute|min|hour|hr|day|week|month|year)s?$")
        .expect("static pattern")
});

static TIME_OF_DAY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:at\s+)?(?:(\d{1,2})(?::(\d{2}))?\s*(am|pm)|(\d{1,2}):(\d{2})|(noon|midday|midnight|morning|afternoon|evening|night))$")
        .expect("static pattern")
});

use crate::parse::dates::{MONTHS, WEEKDAYS};

/// Why a phrase was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhenError(pub String);

/// Parse a WHEN phrase relative to `now` (whose offset is the local time zone): [`read`],
/// refusing a moment already gone ([`is_past`]).
pub fn parse(phrase: &str, now: DateTime<FixedOffset>) -> Result<When, WhenError> {
    let when = read(phrase, now)?;
    if is_past(&when, now) {
        let text = phrase.split_whitespace().collect::<Vec<_>>().join(" ");
        return Err(WhenError(format!(
            "{text:?} is in the past ({})",
            describe_moment(&when)
        )));
    }
    Ok(when)
}

/// Whether a WHEN read at `now` has already gone by, compared at the precision it was
/// written with: a day before today, or a time of day before the current minute. So
/// `today` is due at once, while `today 8am` at 09:00 and `yesterday 23:00` are alike past.
pub fn is_past(when: &When, now: DateTime<FixedOffset>) -> bool {
    match when {
        When::Date(d) => *d < now.date_naive(),
        When::Time(t) => *t < trim_seconds(now.naive_local()),
        When::NextSession | When::Context(_) => false,
    }
}

/// A day or time as replies show it (`Fri 2026-01-30`, `Fri 2026-01-30 23:00`).
pub fn describe_moment(when: &When) -> String {
    match when {
        When::Date(d) => d.format("%a %Y-%m-%d").to_string(),
        When::Time(t) => t.format("%a %Y-%m-%d %H:%M").to_string(),
        When::NextSession => "next session".into(),
        When::Context(k) => k.join(", "),
    }
}

/// Read a WHEN phrase relative to `now` (whose offset is the local time zone), past or
/// not: an error only for a phrase that is no WHEN mind reads.
pub fn read(phrase: &str, now: DateTime<FixedOffset>) -> Result<When, WhenError> {
    let text = phrase.split_whitespace().collect::<Vec<_>>().join(" ");
    let lower = text.to_lowercase();
    if lower.is_empty() {
        return Err(WhenError("empty WHEN".into()));
    }
    // A control character (NUL, an escape sequence, a bidi override) is no part of a time
    // or a keyword anyone types: refused, so none reaches REMINDERS.md or a terminal.
    if let Some(c) = text
        .chars()
        .find(|c| crate::safety::controls::is_control(*c))
    {
        return Err(WhenError(format!(
            "{:?} holds the control character {}",
            crate::safety::controls::escape(&text, false),
            crate::safety::controls::visible(c)
        )));
    }
    if lower.starts_with("when ") {
        return context(&lower)
            .ok_or_else(|| WhenError(format!("{text:?} is not a context form I know")));
    }
    Ok(match own_phrase(&lower, now) {
        Some(Ok(when)) => when,
        // A day read, then words that are no time of day ("tomorrow 25:00", "today 13pm",
        // "tomorrow at 8"): refused, never handed on to chrono-english, which reads the day
        // and silently drops the rest, giving a reminder at the wrong time.
        Some(Err(time)) => {
            return Err(WhenError(format!(
                "cannot read {text:?} as a time ({time:?} is not a time of day)"
            )));
        }
        None => english(&lower, now)
            .ok_or_else(|| WhenError(format!("cannot read {text:?} as a time")))?,
    })
}

/// The keywords of a context form (`when I mention auth, login and oauth` →
/// `["auth", "login", "oauth"]`), or `None` when `phrase` is not one.
pub fn context_keywords(phrase: &str) -> Option<Vec<String>> {
    let lower = phrase
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    match context(&lower)? {
        When::Context(k) => Some(k),
        _ => None,
    }
}

fn context(lower: &str) -> Option<When> {
    let subject = CONTEXT_FORMS
        .iter()
        .find_map(|re| re.captures(lower).map(|c| c[1].to_string()))?;
    let keywords = keywords(&subject);
    (!keywords.is_empty()).then_some(When::Context(keywords))
}

/// Split a list of subjects on commas, `and`, `or`, `/` and `|`; drop leading articles.
///
/// Words are trimmed of punctuation before `and`/`or` are looked for, so a keyword never
/// holds either as a word: the keywords joined with commas (as REMINDERS.md stores them)
/// read back as the same keywords.
pub fn keywords(subject: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let lower = subject.to_lowercase().replace(['|', '/', ';'], ",");
    for piece in lower.split(',') {
        let words = piece
            .split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric() && c != '.' && c != '_' && c != '-')
            })
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>();
        for group in words.split(|w| matches!(*w, "and" | "or")) {
            let mut group = group;
            while let [first, rest @ ..] = group
                && !rest.is_empty()
                && matches!(
                    *first,
                    "the" | "a" | "an" | "our" | "my" | "your" | "their" | "its"
                )
            {
                group = rest;
            }
            if let [only] = group
                && matches!(*only, "the" | "a" | "an")
            {
                continue;
            }
            let keyword = group.join(" ");
            if !keyword.is_empty() && !out.contains(&keyword) {
                out.push(keyword);
            }
        }
    }
    out
}

/// The forms mind reads itself: `None` when `lower` is none of them, `Some(Err(rest))` when
/// it starts with a day mind reads followed by `rest`, which is not a time of day.
fn own_phrase(lower: &str, now: DateTime<FixedOffset>) -> Option<Result<When, &str>> {
    let today = now.date_naive();
    let local = now.naive_local();
    if lower == "next session" || lower == "next time" || lower == "at the next session" {
        return Some(Ok(When::NextSession));
    }
    if lower == "tonight" {
        let eight = today.and_time(NaiveTime::from_hms_opt(20, 0, 0)?);
        return Some(Ok(When::Time(eight.max(trim_seconds(local)))));
    }
    if let Some(c) = IN_AMOUNT.captures(lower) {
        let n = amount(&c[1])?;
        return Some(Ok(match &c[2] {
            "minute" | "min" => {
                When::Time(trim_seconds(local) + chrono::Duration::minutes(n.into()))
            }
            "hour" | "hr" => When::Time(trim_seconds(local) + chrono::Duration::hours(n.into())),
            "day" => When::Date(today.checked_add_days(Days::new(n.into()))?),
            "week" => When::Date(today.checked_add_days(Days::new(7 * u64::from(n)))?),
            "month" => When::Date(today.checked_add_months(Months::new(n))?),
            _ => When::Date(today.checked_add_months(Months::new(12 * n))?),
        }));
    }
    match lower {
        "next week" => {
            let to_monday = 7 - today.weekday().num_days_from_monday();
            return Some(Ok(When::Date(today + Days::new(to_monday.into()))));
        }
        "next month" => return Some(Ok(When::Date(today.checked_add_months(Months::new(1))?))),
        "next year" => return Some(Ok(When::Date(today.checked_add_months(Months::new(12))?))),
        _ => {}
    }
    // A day, optionally followed by a time of day.
    let words: Vec<&str> = lower.split(' ').collect();
    for split in (1..=words.len()).rev() {
        let day_part = words[..split].join(" ");
        let Some(day) = own_day(&day_part, today) else {
            continue;
        };
        // What follows the day, as a slice of `lower` (words are split on single spaces).
        let time_part = lower[day_part.len()..].trim_start();
        if time_part.is_empty() {
            return Some(Ok(When::Date(day)));
        }
        return Some(match time_of_day(time_part) {
            Some(time) => Ok(When::Time(day.and_time(time))),
            None => Err(time_part),
        });
    }
    None
}

fn own_day(text: &str, today: NaiveDate) -> Option<NaiveDate> {
    match text {
        "today" => return Some(today),
        "tomorrow" => return today.succ_opt(),
        "day after tomorrow" | "the day after tomorrow" => {
            return today.checked_add_days(Days::new(2));
        }
        _ => {}
    }
    if let Ok(d) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Some(d);
    }
    let weekday = text
        .strip_prefix("next ")
        .or_else(|| text.strip_prefix("this "))
        .or_else(|| text.strip_prefix("on "))
        .unwrap_or(text);
    if let Some(index) = name_index(weekday, &WEEKDAYS) {
        // The first such weekday after today: on a Monday, "friday" and "next friday"
        // are both this week's Friday, and "next monday" is a week away.
        let ahead = (index as i64 - today.weekday().num_days_from_monday() as i64).rem_euclid(7);
        let ahead = if ahead == 0 { 7 } else { ahead };
        return today.checked_add_days(Days::new(ahead as u64));
    }
    month_day(text, today)
}

/// `Dec 20`, `December 20th`, `20 Dec`, `Dec 20 2027`, `December 20, 2027`. Without a
/// year: this year's date, or next year's once it has passed.
fn month_day(text: &str, today: NaiveDate) -> Option<NaiveDate> {
    let cleaned = text.replace(',', " ");
    let parts: Vec<&str> = cleaned.split_whitespace().collect();
    let (first, second, year) = match parts.as_slice() {
        [a, b] => (*a, *b, None),
        [a, b, y] => (*a, *b, Some(y.parse::<i32>().ok()?)),
        _ => return None,
    };
    let (month, day) = match (month_of(first), month_of(second)) {
        (Some(m), None) => (m, day_of(second)?),
        (None, Some(m)) => (m, day_of(first)?),
        _ => return None,
    };
    match year {
        Some(y) => NaiveDate::from_ymd_opt(y, month, day),
        None => match NaiveDate::from_ymd_opt(today.year(), month, day) {
            Some(d) if d >= today => Some(d),
            _ => NaiveDate::from_ymd_opt(today.year() + 1, month, day),
        },
    }
}

fn month_of(word: &str) -> Option<u32> {
    name_index(word.trim_end_matches('.'), &MONTHS).map(|i| i as u32 + 1)
}

fn day_of(word: &str) -> Option<u32> {
    let digits = word
        .trim_end_matches("st")
        .trim_end_matches("nd")
        .trim_end_matches("rd")
        .trim_end_matches("th");
    digits.parse::<u32>().ok().filter(|d| (1..=31).contains(d))
}

/// The index of `word` in `names`: the full name or a prefix of at least three letters
/// (`dec`, `sept`, `fri`, `thurs`).
fn name_index(word: &str, names: &[&str]) -> Option<usize> {
    (word.len() >= 3)
        .then(|| names.iter().position(|n| n.starts_with(word)))
        .flatten()
}

fn time_of_day(text: &str) -> Option<NaiveTime> {
    let c = TIME_OF_DAY.captures(text)?;
    if let Some(h) = c.get(1) {
        let mut hour: u32 = h.as_str().parse().ok()?;
        let minute: u32 = c.get(2).map_or(Some(0), |m| m.as_str().parse().ok())?;
        if !(1..=12).contains(&hour) {
            return None;
        }
        if hour == 12 {
            hour = 0;
        }
        if &c[3] == "pm" {
            hour += 12;
        }
        return NaiveTime::from_hms_opt(hour, minute, 0);
    }
    if let Some(h) = c.get(4) {
        return NaiveTime::from_hms_opt(h.as_str().parse().ok()?, c[5].parse().ok()?, 0);
    }
    let hour = match &c[6] {
        "midnight" => 0,
        "morning" => 9,
        "noon" | "midday" => 12,
        "afternoon" => 14,
        "evening" => 18,
        _ => 20,
    };
    NaiveTime::from_hms_opt(hour, 0, 0)
}

fn amount(word: &str) -> Option<u32> {
    const NUMBERS: [&str; 12] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    match word {
        "a" | "an" => Some(1),
        _ => word.parse().ok().or_else(|| {
            NUMBERS
                .iter()
                .position(|n| *n == word)
                .map(|i| i as u32 + 1)
        }),
    }
    .filter(|n| (1..=10_000).contains(n))
}

/// Words chrono-english may see: it reads only the first three letters of a name, so an
/// unknown word ("next monsoon") would otherwise turn into a weekday.
fn known_vocabulary(lower: &str) -> bool {
    const WORDS: &[&str] = &[
        "next", "last", "this", "at", "am", "pm", "today", "tomorrow", "now", "second", "seconds",
        "sec", "secs", "minute", "minutes", "min", "mins", "hour", "hours", "day", "days", "week",
        "weeks", "month", "months", "year", "years", "h", "d", "m", "y", "w", "s",
    ];
    lower
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .all(|w| {
            WORDS.contains(&w)
                || MONTHS
                    .iter()
                    .any(|m| *m == w || (w.len() == 3 && m.starts_with(w)))
                || WEEKDAYS
                    .iter()
                    .any(|d| *d == w || (w.len() == 3 && d.starts_with(w)))
        })
}

/// The general forms chrono-english knows (`friday 8pm`, `3 days`, `1 April 2027`, `20/12`).
fn english(lower: &str, now: DateTime<FixedOffset>) -> Option<When> {
    if !known_vocabulary(lower)
        || lower.contains("month") && !lower.chars().any(|c| c.is_ascii_digit())
    {
        return None;
    }
    // chrono-english multiplies a count by its unit in 32 bits (`9999999998y` overflows:
    // a panic, or a wrapped count): no count or year anyone writes has more than 4 digits.
    if lower
        .split(|c: char| !c.is_ascii_digit())
        .any(|run| run.len() > 4)
    {
        return None;
    }
    // chrono-english reads any bare number as a year (`12` as the year 12, `-5` as the
    // year 5): only a four-digit year is a plausible date on its own.
    let digits = lower.trim_start_matches(['+', '-', ' ']);
    if !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !(digits.len() == 4 && digits.len() == lower.len())
    {
        return None;
    }
    let at = chrono_english::parse_date_string(lower, now, chrono_english::Dialect::Uk).ok()?;
    let local = at.naive_local();
    // Days are written as `YYYY-MM-DD`; a year outside 1..=9999 could not be read back.
    if !(1..=9999).contains(&local.year()) {
        return None;
    }
    let has_time = lower.contains(':')
        || lower.contains("am")
        || lower.contains("pm")
        || lower.split(' ').any(|w| {
            w.trim_start_matches(|c: char| c.is_ascii_digit())
                .starts_with(['h', 'm', 's'])
                && w.starts_with(|c: char| c.is_ascii_digit())
        })
        || ["hour", "minute", "second"]
            .iter()
            .any(|u| lower.contains(u));
    Some(if has_time {
        When::Time(trim_seconds(local))
    } else {
        When::Date(local.date())
    })
}

/// The forms every `--since` accepts, for error messages and help.
pub const SINCE_FORMS: &str =
    "accepted --since forms (a day on or before today; the whole day counts):
  2026-01-10, Jan 10, 10 January, Jan 10 2025
  today, yesterday, monday (the last one), last week, last month, last year
  3 days ago, 2 weeks ago, a month ago, 3 days, 2w, 10d, 3m (months), 1y";

static SINCE_AMOUNT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*(d|day|w|wk|week|m|mo|month|y|yr|year)s?(?:\s+ago)?$")
        .expect("static pattern")
});

/// The first day a `--since` phrase covers, relative to `now`: a date, a day name, or an
/// amount back from today (`2w`, `3 days ago`). Every `--since` uses this one reading, so
/// `mind search --since yesterday` and `mind harvest --since 2w` mean the same days as
/// `--since 2026-01-10` does. A day after today is refused.
pub fn since(phrase: &str, now: DateTime<FixedOffset>) -> Result<NaiveDate, WhenError> {
    let text = phrase.split_whitespace().collect::<Vec<_>>().join(" ");
    let lower = text.to_lowercase();
    if lower.is_empty() {
        return Err(WhenError("empty date".into()));
    }
    let today = now.date_naive();
    let day = past_day(&lower, today)
        .or_else(|| match english(&lower, now)? {
            When::Date(d) => Some(d),
            When::Time(t) => Some(t.date()),
            _ => None,
        })
        .ok_or_else(|| WhenError(format!("cannot read {text:?} as a day")))?;
    if day > today {
        return Err(WhenError(format!("{text:?} is in the future ({day})")));
    }
    // Days are written and compared as `YYYY-MM-DD`: none before the year 1.
    if day.year() < 1 {
        return Err(WhenError(format!("{text:?} is before the year 1")));
    }
    Ok(day)
}

fn past_day(lower: &str, today: NaiveDate) -> Option<NaiveDate> {
    match lower {
        "today" => return Some(today),
        "yesterday" => return today.pred_opt(),
        "day before yesterday" | "the day before yesterday" => {
            return today.checked_sub_days(Days::new(2));
        }
        "last week" => return today.checked_sub_days(Days::new(7)),
        "last month" => return today.checked_sub_months(Months::new(1)),
        "last year" => return today.checked_sub_months(Months::new(12)),
        _ => {}
    }
    if let Ok(d) = NaiveDate::parse_from_str(lower, "%Y-%m-%d") {
        return Some(d);
    }
    if let Some(c) = SINCE_AMOUNT.captures(lower) {
        let n = amount(&c[1])?;
        return match &c[2] {
            "d" | "day" => today.checked_sub_days(Days::new(n.into())),
            "w" | "wk" | "week" => today.checked_sub_days(Days::new(7 * u64::from(n))),
            "m" | "mo" | "month" => today.checked_sub_months(Months::new(n)),
            _ => today.checked_sub_months(Months::new(12 * n)),
        };
    }
    let weekday = lower
        .strip_prefix("last ")
        .or_else(|| lower.strip_prefix("on "))
        .unwrap_or(lower);
    if let Some(index) = name_index(weekday, &WEEKDAYS) {
        // The latest such weekday before today: on a Friday, "monday" is four days back
        // and "friday" a week back.
        let back = (today.weekday().num_days_from_monday() as i64 - index as i64).rem_euclid(7);
        let back = if back == 0 { 7 } else { back };
        return today.checked_sub_days(Days::new(back as u64));
    }
    // `Jan 10` without a year: this year's, or last year's while this year's is ahead
    // (month_day looks forward, so one year back either way).
    let day = month_day(lower, today)?;
    let has_year = lower.replace(',', " ").split_whitespace().count() == 3;
    if day > today && !has_year {
        return day.checked_sub_months(Months::new(12));
    }
    Some(day)
}

fn trim_seconds(t: NaiveDateTime) -> NaiveDateTime {
    t.with_second(0)
        .and_then(|t| t.with_nanosecond(0))
        .unwrap_or(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now(s: &str) -> DateTime<FixedOffset> {
        DateTime::parse_from_rfc3339(s).unwrap()
    }

    fn date(y: i32, m: u32, d: u32) -> When {
        When::Date(NaiveDate::from_ymd_opt(y, m, d).unwrap())
    }

    fn time(y: i32, m: u32, d: u32, h: u32, min: u32) -> When {
        When::Time(
            NaiveDate::from_ymd_opt(y, m, d)
                .unwrap()
                .and_hms_opt(h, min, 0)
                .unwrap(),
        )
    }

    fn kw(words: &[&str]) -> When {
        When::Context(words.iter().map(|w| w.to_string()).collect())
    }

    #[test]
    fn accepted_forms() {
        // Thursday 15 January 2026, 09:30.
        let n = now("2026-01-15T09:30:00Z");
        let cases: &[(&str, When)] = &[
            ("tomorrow", date(2026, 1, 16)),
            ("Tomorrow", date(2026, 1, 16)),
            ("tomorrow 9am", time(2026, 1, 16, 9, 0)),
            ("tomorrow at 3:30pm", time(2026, 1, 16, 15, 30)),
            ("tomorrow morning", time(2026, 1, 16, 9, 0)),
            ("tonight", time(2026, 1, 15, 20, 0)),
            ("today", date(2026, 1, 15)),
            ("today 9:30am", time(2026, 1, 15, 9, 30)),
            ("in 3 days", date(2026, 1, 18)),
            ("in 2 hours", time(2026, 1, 15, 11, 30)),
            ("in an hour", time(2026, 1, 15, 10, 30)),
            ("in 2 weeks", date(2026, 1, 29)),
            ("in a week", date(2026, 1, 22)),
            ("in one month", date(2026, 2, 15)),
            ("next friday", date(2026, 1, 16)),
            ("friday", date(2026, 1, 16)),
            ("next thursday", date(2026, 1, 22)),
            ("next monday", date(2026, 1, 19)),
            ("next week", date(2026, 1, 19)),
            ("next month", date(2026, 2, 15)),
            ("2026-12-01", date(2026, 12, 1)),
            ("2026-12-01 15:30", time(2026, 12, 1, 15, 30)),
            ("Dec 20", date(2026, 12, 20)),
            ("December 20th", date(2026, 12, 20)),
            ("20 Dec", date(2026, 12, 20)),
            ("Jan 2", date(2027, 1, 2)),
            ("Jan 15", date(2026, 1, 15)),
            ("Dec 20 2027", date(2027, 12, 20)),
            ("December 20, 2027", date(2027, 12, 20)),
            ("friday 8pm", time(2026, 1, 16, 20, 0)),
            ("3 days", date(2026, 1, 18)),
            ("1 April 2027", date(2027, 4, 1)),
            ("next session", When::NextSession),
            ("when I mention auth", kw(&["auth"])),
            ("when we work on the database", kw(&["database"])),
            ("when deploy comes up", kw(&["deploy"])),
            (
                "when I mention auth, login and oauth",
                kw(&["auth", "login", "oauth"]),
            ),
            ("when we touch rate limits", kw(&["rate limits"])),
        ];
        for (phrase, expected) in cases {
            assert_eq!(parse(phrase, n).as_ref(), Ok(expected), "{phrase}");
        }
    }

    #[test]
    fn month_and_year_rollover() {
        let n = now("2026-12-31T22:00:00Z");
        assert_eq!(parse("tomorrow", n), Ok(date(2027, 1, 1)));
        assert_eq!(parse("in 3 hours", n), Ok(time(2027, 1, 1, 1, 0)));
        assert_eq!(parse("in 2 days", n), Ok(date(2027, 1, 2)));
        assert_eq!(parse("next week", n), Ok(date(2027, 1, 4)));
        assert_eq!(parse("Dec 20", n), Ok(date(2027, 12, 20)));
        assert_eq!(parse("tonight", n), Ok(time(2026, 12, 31, 22, 0)));
        let jan31 = now("2026-01-31T09:00:00Z");
        assert_eq!(parse("tomorrow", jan31), Ok(date(2026, 2, 1)));
        assert_eq!(parse("in 1 month", jan31), Ok(date(2026, 2, 28)));
    }

    #[test]
    fn refusals() {
        let n = now("2026-01-15T09:30:00Z");
        for phrase in [
            "",
            "sometime",
            "soon",
            "whenever",
            "next monsoon",
            "2026-13-45",
            "Feb 30 2026",
            "yesterday",
            "2025-01-01",
            // A time earlier today is as gone as an earlier day.
            "today 9am",
            "2026-01-15 09:29",
            "last friday",
            "when",
            "when pigs fly",
            "in 0 days",
            "tomorrow at teatime",
            // A day mind reads, then no time of day: never the day at some other time.
            "tomorrow 25:00",
            "tomorrow 13pm",
            "tomorrow 99:99",
            "tomorrow 19:300",
            "tomorrow 24:00",
            "tomorrow 00:60",
            "tomorrow 0am",
            "tomorrow at 8",
            "tomorrow 9.30",
            "today 25:00",
            "the day after tomorrow 25:00",
            "friday 25:00",
            "next friday 13pm",
            "this friday 99:99",
            "on friday at 8",
            "Dec 20 25:00",
            "20 December 13pm",
            "Dec 20 2027 99:99",
            "2026-12-24 29:30",
        ] {
            assert!(
                parse(phrase, n).is_err(),
                "{phrase:?} was accepted: {:?}",
                parse(phrase, n)
            );
        }
    }

    #[test]
    fn keywords_split_lists() {
        assert_eq!(
            keywords("auth, login and oauth"),
            vec!["auth", "login", "oauth"]
        );
        assert_eq!(keywords("the API or x|y"), vec!["api", "x", "y"]);
        assert_eq!(keywords("a, and"), Vec::<String>::new());
    }

    #[test]
    fn keywords_read_back_the_same_from_their_written_form() {
        // Found by fuzzing: `and` glued to punctuation (`+ \0{and`) stayed inside a keyword,
        // so the keywords REMINDERS.md stored split differently when read back.
        for subject in [
            "h,atulo\0\0onnnnnnn + \u{5} + \0{and oauah",
            "foo, x +and y",
            "the (or) api",
            "a and, b or- c",
        ] {
            let once = keywords(subject);
            assert_eq!(keywords(&once.join(",")), once, "{subject:?}");
        }
        assert_eq!(keywords("foo, x +and y"), vec!["foo", "x", "y"]);
    }

    #[test]
    fn a_when_holding_control_characters_is_refused() {
        let now = DateTime::parse_from_rfc3339("2026-01-15T09:00:00+00:00").unwrap();
        let phrase = "when I mention  h,atulo\0\0oNN\u{b}+ \u{5} \0{and oauAh";
        let err = parse(phrase, now).unwrap_err().0;
        assert!(err.contains("control character \\u0000"), "{err}");
        assert!(!err.contains('\0'), "{err}");
        assert!(parse("tomorrow\u{1b}[2J", now).is_err());
        assert!(parse("in\u{202e} 2 days", now).is_err());
        // Tabs and line breaks are blanks, as everywhere else.
        assert!(parse("in\t2\ndays", now).is_ok());
    }

    #[test]
    fn since_reads_dates_days_and_amounts_back_from_today() {
        // 2026-01-15 is a Thursday.
        let now = DateTime::parse_from_rfc3339("2026-01-15T09:00:00+00:00").unwrap();
        let day = |s: &str| since(s, now).map(|d| d.to_string());
        let ok = |s: &str| Ok::<String, WhenError>(s.to_string());
        assert_eq!(day("2026-01-10"), ok("2026-01-10"));
        assert_eq!(day("today"), ok("2026-01-15"));
        assert_eq!(day("Yesterday"), ok("2026-01-14"));
        assert_eq!(day("2w"), ok("2026-01-01"));
        assert_eq!(day("10d"), ok("2026-01-05"));
        assert_eq!(day("3 days ago"), ok("2026-01-12"));
        assert_eq!(day("a week ago"), ok("2026-01-08"));
        assert_eq!(day("2 weeks"), ok("2026-01-01"));
        assert_eq!(day("1m"), ok("2025-12-15"));
        assert_eq!(day("1y"), ok("2025-01-15"));
        assert_eq!(day("last week"), ok("2026-01-08"));
        assert_eq!(day("last month"), ok("2025-12-15"));
        assert_eq!(day("monday"), ok("2026-01-12"));
        assert_eq!(day("last thursday"), ok("2026-01-08"));
        assert_eq!(day("Jan 10"), ok("2026-01-10"));
        assert_eq!(day("Dec 20"), ok("2025-12-20"));
        assert_eq!(day("20 December 2024"), ok("2024-12-20"));
        assert!(day("tomorrow").unwrap_err().0.contains("in the future"));
        assert!(day("2026-02-01").unwrap_err().0.contains("in the future"));
        assert!(day("next monsoon").is_err());
        assert!(day("").is_err());
    }

    #[test]
    fn a_bare_number_is_a_day_only_as_a_four_digit_year() {
        // Found by fuzzing: `0` was read as the year 0, before any day that can be written.
        let now = DateTime::parse_from_rfc3339("2026-01-15T09:00:00+00:00").unwrap();
        let day = |s: &str| since(s, now).map(|d| d.to_string());
        assert_eq!(day("2025"), Ok("2025-01-01".to_string()));
        for phrase in ["0", "12", "99", "-5", "+ 7", "-2025", "10000"] {
            assert!(day(phrase).is_err(), "{phrase:?} read as {:?}", day(phrase));
            assert!(parse(phrase, now).is_err(), "{phrase:?}");
        }
    }

    #[test]
    fn a_count_too_large_for_any_calendar_is_refused_not_multiplied() {
        // Found by fuzzing: `9999999998y` made chrono-english multiply the count by twelve
        // months in 32 bits (a panic where overflow is checked, a wrapped count elsewhere).
        let now = DateTime::parse_from_rfc3339("2026-01-15T09:00:00+00:00").unwrap();
        for phrase in [
            "9999999998y",
            "in 99999999999 days",
            "123456789 weeks",
            "99999m",
        ] {
            assert!(parse(phrase, now).is_err(), "{phrase:?}");
        }
        assert!(parse("3 days", now).is_ok());
        assert!(parse("1 April 2027", now).is_ok());
        // Found by fuzzing: `9405y` back from 2026 is before the year 1.
        assert!(since("9405y", now).is_err());
        assert_eq!(
            since("2000y", now).map(|d| d.to_string()),
            Ok("0026-01-15".to_string())
        );
    }
}
