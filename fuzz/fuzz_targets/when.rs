//! Fuzz WHEN phrases: any phrase is read or refused without panicking, relative to any
//! moment; what is read is never in the past, context keywords are lower case and never
//! empty, and the reminder written for it reads back with the same trigger.
#![no_main]

use chrono::{DateTime, FixedOffset, NaiveDate};
use libfuzzer_sys::fuzz_target;
use mind::remind::file::{parse as parse_file, pending_line};
use mind::remind::when::{context_keywords, keywords, parse, since};
use mind::remind::{When, trigger_of};

/// The first 6 bytes pick the moment (a day in 1990–2089 and an offset); the rest is the phrase.
fn moment(head: &[u8]) -> DateTime<FixedOffset> {
    let n = |i: usize| u32::from(*head.get(i).unwrap_or(&0));
    let secs = i64::from(n(0) | (n(1) << 8) | (n(2) << 16)) * 200 + 631_152_000;
    let offset = (i32::try_from(n(3)).unwrap_or(0) - 128) * 600;
    let offset = FixedOffset::east_opt(offset.clamp(-50_400, 50_400)).expect("offset");
    DateTime::from_timestamp(secs, 0)
        .expect("time")
        .with_timezone(&offset)
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let now = moment(&data[..4]);
    let phrase = String::from_utf8_lossy(&data[4..]);
    let today = now.date_naive();
    if let Ok(when) = parse(&phrase, now) {
        match &when {
            When::Date(d) => assert!(*d >= today, "{phrase:?} read as past {d}"),
            When::Time(t) => assert!(t.date() >= today, "{phrase:?} read as past {t}"),
            When::NextSession => {}
            When::Context(k) => {
                assert!(!k.is_empty());
                for w in k {
                    assert!(!w.is_empty() && *w == w.to_lowercase(), "{w:?}");
                }
            }
        }
        // What `mind remind` writes for it reads back with the same trigger.
        let trigger = trigger_of(when);
        let line = pending_line(&trigger, "message", today);
        let back = parse_file(&line);
        assert_eq!(back.reminders.len(), 1, "{phrase:?} wrote {line:?}");
        assert_eq!(
            back.reminders[0].trigger, trigger,
            "{phrase:?} wrote {line:?}"
        );
    }
    if let Some(k) = context_keywords(&phrase) {
        assert!(!k.is_empty());
    }
    // Keywords stored comma-joined (as REMINDERS.md holds them) read back the same.
    let k = keywords(&phrase);
    assert_eq!(keywords(&k.join(",")), k, "{phrase:?}");
    if let Ok(day) = since(&phrase, now) {
        assert!(day <= today, "{phrase:?} since {day} is after {today}");
        assert!(day >= NaiveDate::from_ymd_opt(1, 1, 1).expect("date"));
    }
});
