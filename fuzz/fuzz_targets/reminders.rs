//! Fuzz REMINDERS.md: any file reads without panicking; every reminder `mind` can read
//! survives being written back the way `mind` writes it (round trip); adding a reminder
//! keeps every other byte and every other reminder; completing and sweeping keep the set.
#![no_main]

use chrono::NaiveDate;
use libfuzzer_sys::fuzz_target;
use mind::remind::Trigger;
use mind::remind::file::{
    done_line, insert_pending, parse, pending_line, replace_lines, sweep_done,
};

fn messages(p: &mind::remind::Parsed) -> Vec<(String, bool)> {
    p.reminders
        .iter()
        .map(|r| (r.message.clone(), r.done))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let today = NaiveDate::from_ymd_opt(2026, 3, 14).expect("date");
    let text = String::from_utf8_lossy(data);
    let parsed = parse(&text);
    for (i, r) in parsed.reminders.iter().enumerate() {
        assert_eq!(r.number, i + 1);
        assert!(!r.message.is_empty());
        if matches!(r.trigger, Trigger::Context(ref k) if k.is_empty()) {
            panic!("context reminder without keywords");
        }
        // Round trip: a readable pending reminder written as `mind` writes it reads back
        // as the same reminder. (An unresolved seed phrase has no date to write.)
        if !matches!(r.trigger, Trigger::Unresolved(_)) {
            let line = pending_line(&r.trigger, &r.message, today);
            let back = parse(&line);
            assert_eq!(back.reminders.len(), 1, "{line:?} does not read back");
            let b = &back.reminders[0];
            assert_eq!(b.message, r.message, "message changed: {line:?}");
            assert_eq!(b.trigger, r.trigger, "trigger changed: {line:?}");
            assert!(!b.done);
        }
        let done = done_line(r, today);
        let back = parse(&done);
        assert_eq!(back.reminders.len(), 1, "{done:?} does not read back");
        assert!(back.reminders[0].done, "{done:?} is not done");
        assert_eq!(back.reminders[0].message, r.message, "{done:?}");
    }

    // Adding a reminder: only the new line is added.
    let new_line = pending_line(&Trigger::NextSession, "fuzz new reminder", today);
    let (added, at) = insert_pending(data, &new_line);
    let added_text = String::from_utf8_lossy(&added);
    let after = parse(&added_text);
    let found = after
        .reminders
        .iter()
        .find(|r| r.line == at)
        .expect("the added reminder reads back at its line");
    assert_eq!(found.message, "fuzz new reminder");
    // The original bytes are all there, in order (a line break may end the last line).
    let mut rest: &[u8] = &added;
    for b in data {
        let pos = rest.iter().position(|x| x == b).expect("a byte was lost");
        rest = &rest[pos + 1..];
    }
    let mut before = messages(&parsed);
    before.push(("fuzz new reminder".into(), false));
    let mut now = messages(&after);
    before.sort();
    now.sort();
    assert_eq!(now, before, "reminders changed on insert");

    // Completing the first pending reminder, then sweeping: same reminders, all kept.
    if let Some(first) = after.reminders.iter().find(|r| !r.done) {
        let replaced = replace_lines(&added, &[(first.line, done_line(first, today))]);
        let p2 = parse(&String::from_utf8_lossy(&replaced));
        assert_eq!(
            p2.reminders.len(),
            after.reminders.len(),
            "completing lost one"
        );
        if let Some(swept) = sweep_done(&replaced, &p2) {
            let p3 = parse(&String::from_utf8_lossy(&swept));
            let mut a = messages(&p2);
            let mut b = messages(&p3);
            a.sort();
            b.sort();
            assert_eq!(a, b, "sweep changed the reminders");
            assert!(
                p3.reminders
                    .iter()
                    .filter(|r| r.done)
                    .all(|r| r.in_done_section)
            );
        }
    }
});
