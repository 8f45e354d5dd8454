//! A choice declined is a rejection wherever it is written — `mind log`, a commit message,
//! a `MEMORY:` comment — shown under Ruled Out and never as a decision; commit lines led by
//! a gitmoji, a numbered marker or a task box are read like any bullet; what recall
//! promotes is reported with the type of the line it wrote.

use crate::common::{User, block_section};

#[test]
fn a_declined_choice_is_ruled_out_wherever_it_is_written() {
    let mut user = User::new();
    let project = user.project("work/api", &["init", "--hooks"]);
    user.at("2026-03-05T09:00:00Z");
    user.ok(
        &project,
        &["log", "decision", "use GraphQL for the public API"],
    );
    user.at("2026-03-06T09:00:00Z");
    let out = user.ok(
        &project,
        &["log", "decision", "not to use GraphQL for the public API"],
    );
    assert!(
        out.contains("decided against: GraphQL for the public API"),
        "{out}"
    );
    let out = user.ok(&project, &["log", "decided not to use Kafka"]);
    assert!(out.contains("logged rejected to .mind/MEMORY.md"), "{out}");
    let out = user.ok(
        &project,
        &["log", "decided: against Redis for sessions - too heavy"],
    );
    assert!(
        out.contains("  decided against: Redis for sessions - too heavy"),
        "{out}"
    );
    std::fs::write(
        project.join("db.py"),
        "# MEMORY: decided: against MongoDB because we need joins\n",
    )
    .unwrap();
    user.git(&project, &["add", "db.py"]);
    user.git(
        &project,
        &[
            "commit",
            "-q",
            "-m",
            "Event bus",
            "-m",
            "decided: we won't use NATS for the event bus",
        ],
    );
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    for line in [
        "decided: use GraphQL for the public API\n",
        "decided against: GraphQL for the public API\n",
        "decided against: Kafka\n",
        "decided against: Redis for sessions - too heavy\n",
    ] {
        assert!(memory.contains(line), "{line}: {memory}");
    }
    let store = std::fs::read_to_string(project.join(".mind/cache/commits.md")).unwrap();
    assert!(
        store.contains("\ndecided against: NATS for the event bus (commit "),
        "{store}"
    );
    let block = user.ok(&project, &["recall"]);
    let ruled_out = block_section(&block, "Ruled Out");
    let starts = [
        "- “MongoDB because we need joins” (db.py:1, commit ",
        "- “NATS for the event bus” (commit ",
        "- Redis for sessions - too heavy (2026-03-06)",
        "- Kafka (2026-03-06)",
        "- GraphQL for the public API (2026-03-06)",
    ];
    assert_eq!(ruled_out.len(), starts.len(), "{block}");
    for (line, start) in ruled_out.iter().zip(starts) {
        assert!(line.starts_with(start), "{line} / {start}");
    }
    // The decision the rejection takes back is no longer shown as current.
    assert!(
        block_section(&block, "Recent Decisions").is_empty(),
        "{block}"
    );
}

#[test]
fn commit_lines_led_by_a_gitmoji_a_number_or_a_task_box_are_kept() {
    let mut user = User::new();
    let project = user.project("upload", &["init", "--hooks"]);
    user.at("2026-03-02T09:00:00Z");
    user.git(
        &project,
        &[
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            "problem: upload fails for files over 2 GB",
        ],
    );
    let out = user
        .command("git", &project)
        .args([
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            "🐛 fixed: upload fails for files over 2 GB - use multipart",
            "-m",
            "1. learned: S3 multipart parts must be at least 5 MB",
            "-m",
            "- [x] decided: use multipart for everything over 100 MB",
            "-m",
            "tried: single PUT with a longer timeout - still fails",
            "-m",
            ":sparkles: decided: presigned URLs for the browser uploads",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("mind: kept 5 memories from commit"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let store = std::fs::read_to_string(project.join(".mind/cache/commits.md")).unwrap();
    let kept: Vec<&str> = store
        .lines()
        .filter(|l| l.contains("(commit "))
        .map(|l| l.split(" (commit ").next().unwrap())
        .collect();
    assert_eq!(
        kept,
        [
            "problem: upload fails for files over 2 GB",
            "fixed: upload fails for files over 2 GB - use multipart",
            "learned: S3 multipart parts must be at least 5 MB",
            "decided: use multipart for everything over 100 MB",
            "decided against: single PUT with a longer timeout - still fails",
            "decided: presigned URLs for the browser uploads",
        ]
    );
    // The fix closed the problem: nothing is left open.
    let block = user.ok(&project, &["recall"]);
    assert!(!block.contains("unresolved"), "{block}");
}

#[test]
fn recall_reports_each_promoted_line_with_its_own_type() {
    let mut user = User::new();
    let project = user.project("svc", &["init"]);
    user.at("2026-03-02T09:00:00Z");
    user.log_each(
        &project,
        "experience",
        &[
            "decided to use tokio for the workers",
            "fixed the flaky test by pinning the seed",
            "found that the prod cluster runs 12 nodes",
        ],
    );
    user.log_each(
        &project,
        "rejected",
        &["tried a global Redis counter for rate limiting - too much latency"],
    );
    user.at("2026-03-02T12:00:00Z");
    let v: serde_json::Value =
        serde_json::from_str(&user.ok(&project, &["recall", "--json"])).unwrap();
    let promoted: Vec<(String, String)> = v["promotion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["type"].as_str().unwrap().to_string(),
                p["line"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected = [
        (
            "rejected",
            "decided against: a global Redis counter for rate limiting - too much latency",
        ),
        ("decision", "decided: use tokio for the workers"),
        ("progress", "fixed: the flaky test by pinning the seed"),
        (
            "learning",
            "learned: found that the prod cluster runs 12 nodes",
        ),
    ];
    assert_eq!(
        promoted,
        expected
            .iter()
            .map(|(t, l)| (t.to_string(), l.to_string()))
            .collect::<Vec<_>>()
    );
    // What the context block shows is typed the same way.
    let block = v["context"].as_str().unwrap();
    assert_eq!(
        block_section(block, "Ruled Out"),
        ["- a global Redis counter for rate limiting - too much latency (2026-03-02)"]
    );
}

#[test]
fn words_that_decline_nothing_and_a_choice_put_off_stay_decisions() {
    let mut user = User::new();
    let project = user.project("svc", &["init"]);
    user.at("2026-03-02T09:00:00Z");
    for text in [
        "decided: against all odds the cache works without TTLs",
        "decided: not to be confused with the v1 API, the v2 client is separate",
        "decided to not only cache but also prefetch the catalog",
        "we won't use Redis for now",
    ] {
        user.ok(&project, &["log", text]);
    }
    let block = user.ok(&project, &["recall"]);
    assert!(block_section(&block, "Ruled Out").is_empty(), "{block}");
    assert_eq!(
        block_section(&block, "Recent Decisions").len(),
        4,
        "{block}"
    );
}
