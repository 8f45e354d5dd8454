//! A decision reversed with its reason given: whatever words the reason takes ("now that",
//! "as", "so that", "after", a semicolon, a parenthesis), the reversal takes back what the
//! same reversal without a reason takes back, and nothing else.

use crate::common;

/// The Recent Decisions and Open Loops of the block after `old` was logged and, nineteen
/// days later, `new`, in a project of their own.
fn after_reversal(
    user: &mut common::User,
    n: usize,
    old: &str,
    new: &str,
) -> (Vec<String>, Vec<String>) {
    let dir = user.folder(&format!("p{n}"));
    user.git(&dir, &["init", "-q"]);
    user.at("2026-12-09T09:00:00Z");
    user.ok(&dir, &["init", "-q"]);
    user.ok(&dir, &["log", "decision", old]);
    user.at("2026-12-28T09:00:00Z");
    user.ok(&dir, &["log", "decision", new]);
    user.at("2026-12-28T09:05:00Z");
    let block = user.ok(&dir, &["context"]);
    (
        common::block_section(&block, "Recent Decisions"),
        common::block_section(&block, "Open Loops"),
    )
}

#[test]
fn a_reversal_that_gives_its_reason_takes_back_the_old_decision() {
    let mut user = common::User::new();
    let pairs = [
        // The forms that took back the old decision already.
        ("use Redis for caching", "stop using Redis for caching"),
        (
            "use Redis for caching",
            "stop using Redis for caching because memcached is in place",
        ),
        (
            "use bcrypt for password hashing",
            "use argon2 instead of bcrypt for password hashing",
        ),
        (
            "for now, disable the e2e suite on PRs",
            "re-enable the e2e suite on PRs",
        ),
        (
            "for now, disable the e2e suite on PRs",
            "re-enable the e2e suite on PRs since the runner is fixed",
        ),
        (
            "for now, disable the e2e suite on PRs",
            "re-enable the e2e suite on PRs - the runner is fixed",
        ),
        (
            "for now, disable the e2e suite on PRs",
            "re-enable the e2e suite on PRs again",
        ),
        // A reason after "now that", "as", "so that", "after", ";" or in parentheses.
        (
            "use Redis for caching",
            "stop using Redis for caching now that memcached is in place",
        ),
        (
            "use bcrypt for password hashing",
            "use argon2 instead of bcrypt for password hashing now that we have the CPU budget",
        ),
        (
            "use bcrypt for password hashing",
            "use argon2 instead of bcrypt now that we have the CPU budget",
        ),
        (
            "use bcrypt for password hashing",
            "use argon2 instead of bcrypt for password hashing (we have the CPU budget)",
        ),
        (
            "for now, disable the e2e suite on PRs",
            "re-enable the e2e suite on PRs now that the runner is fixed",
        ),
        (
            "for now, disable the e2e suite on PRs",
            "re-enable the e2e suite on PRs as the runner is fixed",
        ),
        (
            "for now, disable the e2e suite on PRs",
            "re-enable the e2e suite on PRs (the runner is fixed)",
        ),
        (
            "for now, disable the e2e suite on PRs",
            "re-enable the e2e suite on PRs; the runner is fixed",
        ),
        (
            "for now, disable the e2e suite on PRs",
            "re-enable the e2e suite on PRs so that regressions are caught",
        ),
        (
            "for now, disable the e2e suite on PRs",
            "re-enable the e2e suite on PRs after the runner fix",
        ),
        // The old decision giving its own reason.
        (
            "for now, disable the e2e suite on PRs as the runner is flaky",
            "re-enable the e2e suite on PRs now that the runner is fixed",
        ),
        (
            "disable the e2e suite on PRs until the runner is fixed",
            "re-enable the e2e suite on PRs",
        ),
    ];
    for (n, (old, new)) in pairs.into_iter().enumerate() {
        let (decisions, loops) = after_reversal(&mut user, n, old, new);
        assert_eq!(
            decisions,
            vec![format!("- {new} (2026-12-28)")],
            "{old:?} then {new:?}"
        );
        // Taken back, a "for now" decision asks no "still valid?" either.
        assert_eq!(loops, Vec::<String>::new(), "{old:?} then {new:?}");
    }
}

#[test]
fn a_reason_does_not_make_unrelated_decisions_take_each_other_back() {
    let mut user = common::User::new();
    let pairs = [
        // Another thing turned away from, another purpose, another object.
        (
            "use Redis for caching",
            "stop using Memcached for caching now that Redis is in place",
        ),
        (
            "use bcrypt for password hashing",
            "use argon2 instead of bcrypt for API tokens now that we have the CPU budget",
        ),
        (
            "use bcrypt for password hashing",
            "use argon2 instead of scrypt for password hashing as we have the CPU budget",
        ),
        (
            "disable the beta flag",
            "enable dark mode (users asked for it)",
        ),
        (
            "disable the e2e suite on PRs",
            "re-enable the lint step on PRs now that the runner is fixed",
        ),
        (
            "disable the e2e suite on PRs",
            "enable the e2e suite on nightly builds as the runner is fixed",
        ),
        // The reason cut off, the purpose stays: caching is not the session store.
        (
            "use Redis as the session store",
            "stop using Redis for caching as memcached is in place",
        ),
        // A condition is part of the choice, not its reason.
        (
            "enable the cache when offline",
            "disable the cache when online",
        ),
    ];
    for (n, (old, new)) in pairs.into_iter().enumerate() {
        let (decisions, _) = after_reversal(&mut user, n, old, new);
        assert_eq!(
            decisions,
            vec![
                format!("- {new} (2026-12-28)"),
                format!("- {old} (2026-12-09)")
            ],
            "{old:?} then {new:?}"
        );
    }
}
