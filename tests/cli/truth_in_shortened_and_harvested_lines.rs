//! What the context block shows of an entry is what the entry says: a long entry shortened
//! for the block keeps the clause that turns it around ("..., but never for 4xx
//! responses"). Run as a user runs `mind`: a temp HOME, a git project, the clock set per
//! step.
use crate::common;

use common::User;
use common::block_section as section;

#[test]
fn a_long_decision_keeps_its_exception_in_the_block() {
    let mut user = User::new();
    user.at("2026-03-02T09:00:00Z");
    let app = user.project("app", &["init", "-q"]);
    user.ok(
        &app,
        &[
            "log",
            "decision",
            "retry failed webhook deliveries up to five times with exponential backoff and \
             jitter, then park them in the dead letter queue for manual replay by the on-call \
             engineer, but never for 4xx responses",
        ],
    );
    user.ok(
        &app,
        &[
            "log",
            "decision",
            "run the database migrations automatically before every deploy of the API service \
             to staging and to production and to the preview environments unless the migration \
             drops a column",
        ],
    );
    let out = user.at("2026-03-02T11:00:00Z").ok(&app, &["recall"]);
    let decisions = section(&out, "Recent Decisions");
    assert_eq!(decisions.len(), 2, "{out}");
    assert!(
        decisions[0].contains("… unless the migration drops a column (2026-03-02)"),
        "{out}"
    );
    assert!(
        decisions[1].contains("… but never for 4xx responses (2026-03-02)"),
        "{out}"
    );
    // CLAUDE.md holds the same lines.
    let claude = std::fs::read_to_string(app.join("CLAUDE.md")).unwrap();
    assert!(claude.contains(&decisions[0]), "{claude}");
    assert!(claude.contains(&decisions[1]), "{claude}");
    // A shortened line still fits the width every entry gets.
    for line in &decisions {
        assert!(
            line.chars().count() <= 2 + 160 + " (2026-03-02)".len(),
            "{line}"
        );
    }
}
