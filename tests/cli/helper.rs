//! `mind helper PROBLEM`: the brief for a fresh agent.

use crate::common;

use common::Env;
use predicates::prelude::*;
use serde_json::{Value, json};

/// A project with related memory, a gotcha, a global edge and an active session.
fn stuck_project() -> Env {
    let env = Env::initialised();
    env.write(
        "Cargo.toml",
        "[package]\nname = \"x\"\n\n[dependencies]\naxum = \"0.8\"\n",
    );
    let memory = env.read(".mind/MEMORY.md").replace(
        "<!-- Project-specific gotchas -->\n",
        "<!-- Project-specific gotchas -->\n- nginx buffers large uploads to disk -> set client_max_body_size\n",
    );
    env.write(".mind/MEMORY.md", memory);
    env.ok(&[
        "log",
        "decision",
        "uploads go straight to S3 with presigned URLs",
    ]);
    env.ok(&[
        "log",
        "learning",
        "the load balancer closes idle connections after 60 seconds",
    ]);
    env.ok(&["log", "decision", "use Redis for the session cache"]);
    env.ok(&[
        "log",
        "rejected",
        "raised the axum body limit - still times out",
    ]);
    env.ok(&["log", "rejected", "Switched to chunked uploads."]);
    env.ok(&[
        "log",
        "assumption",
        "the timeout comes from our server, not the proxy",
    ]);
    env.ok(&["log", "blocker", "large uploads time out after 60 seconds"]);
    std::fs::write(
        env.home().join("global_edges.json"),
        r#"[{"id": "0a0b0c0d", "title": "Proxies cut long uploads at their idle timeout", "description": "", "workaround": "raise the proxy timeout", "detection": {"intent": ["upload timeout"]}, "stack_tags": [], "severity": "warning", "created_at": "2025-12-01T10:00:00"}]"#,
    )
    .unwrap();
    env
}

const ARGS: &[&str] = &[
    "helper",
    "large uploads time out after 60 seconds",
    "--attempt",
    "switched to chunked uploads",
    "--attempt",
    "increased the client timeout",
    "--hypothesis",
    "the load balancer idle timeout cuts the upload",
];

#[test]
fn the_brief_has_everything_in_order_and_each_attempt_once() {
    let env = stuck_project();
    let memory = env.read_bytes(".mind/MEMORY.md");
    let session = env.read_bytes(".mind/SESSION.md");
    let brief = env.ok(ARGS);

    let headings: Vec<&str> = brief.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(
        headings,
        [
            "# Brief: large uploads time out after 60 seconds",
            "## Problem",
            "## Already tried (do not repeat)",
            "## Current hypothesis",
            "## Assumptions in play (question these first)",
            "## Blockers",
            "## Related memory",
            "## Known gotchas",
            "## Stack",
            "## How to work",
            "## Report back",
        ]
    );
    // Given attempts first, then the session's rejected ones; "Switched to chunked
    // uploads." is the same attempt as the given one and appears once.
    assert!(brief.contains(
        "## Already tried (do not repeat)\n1. switched to chunked uploads\n2. increased the client timeout\n3. raised the axum body limit - still times out (rejected this session)\n\n"
    ));
    assert!(
        brief.contains("## Current hypothesis\nthe load balancer idle timeout cuts the upload\n")
    );
    assert!(brief.contains("- the timeout comes from our server, not the proxy\n"));
    assert!(brief.contains("## Blockers\n- large uploads time out after 60 seconds\n"));
    let related = brief.split("## Related memory\n").nth(1).unwrap();
    let related = related.split("\n\n").next().unwrap();
    assert!(related.contains(
        "- [learning] the load balancer closes idle connections after 60 seconds (2026-01-15, .mind/MEMORY.md:"
    ));
    assert!(related.contains("- [decision] uploads go straight to S3 with presigned URLs"));
    assert!(!related.contains("Redis"), "{related}");
    assert!(brief.contains(
        "- Proxies cut long uploads at their idle timeout -> raise the proxy timeout (global)\n"
    ));
    assert!(
        brief.contains(
            "- nginx buffers large uploads to disk -> set client_max_body_size (project)\n"
        )
    );
    assert!(brief.contains("## Stack\nrust, axum\n"));
    assert!(brief.contains("## How to work\n1. Restate the problem"));

    // Deterministic, and nothing in .mind/ changed.
    assert_eq!(env.ok(ARGS), brief);
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
    assert_eq!(env.read_bytes(".mind/SESSION.md"), session);
}

#[test]
fn out_writes_the_same_brief_to_a_file() {
    let env = stuck_project();
    let printed = env.ok(ARGS);
    let mut args = ARGS.to_vec();
    args.extend(["--out", "brief.md"]);
    let out = env.ok(&args);
    assert!(out.starts_with("wrote the brief to "));
    assert!(out.contains("brief.md (3 attempt(s), "));
    assert_eq!(env.read("brief.md"), printed);
}

#[test]
fn json_carries_the_parts_and_the_markdown() {
    let env = stuck_project();
    let mut args = vec!["--json"];
    args.extend(ARGS);
    let reply: Value = serde_json::from_str(&env.ok(&args)).unwrap();
    assert_eq!(reply["problem"], "large uploads time out after 60 seconds");
    assert_eq!(
        reply["attempts"],
        json!([
            {"text": "switched to chunked uploads", "source": "given"},
            {"text": "increased the client timeout", "source": "given"},
            {"text": "raised the axum body limit - still times out", "source": "session"},
        ])
    );
    assert_eq!(reply["stack"], json!(["rust", "axum"]));
    assert_eq!(
        reply["assumptions"][0],
        "the timeout comes from our server, not the proxy"
    );
    assert_eq!(reply["gotchas"][0]["id"], "0a0b0c0d");
    assert!(reply["markdown"].as_str().unwrap().starts_with("# Brief: "));
}

#[test]
fn an_empty_session_and_no_attempts_still_make_a_brief() {
    let env = Env::initialised();
    let brief = env.ok(&["helper", "the build is slow"]);
    assert!(brief.contains("## Already tried (do not repeat)\n- (none recorded)\n"));
    assert!(brief.contains("## Stack\n(not detected)\n"));
    assert!(!brief.contains("## Blockers"));
    env.mind(&["helper", " "])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("empty PROBLEM"));
}

#[test]
fn a_promoted_rejection_is_shown_as_ruled_out_not_as_a_decision() {
    let mut env = Env::initialised();
    env.ok(&[
        "log",
        "rejected",
        "bumping the webhook timeout to 60s - still fails under load",
    ]);
    env.at("2026-01-15T11:00:00Z");
    env.ok(&["recall"]);
    let brief = env.ok(&["helper", "webhook requests time out under load"]);
    assert!(
        brief.contains(
            "## Related memory\n- [ruled out] bumping the webhook timeout to 60s - still fails under load (2026-01-15, .mind/MEMORY.md:"
        ),
        "{brief}"
    );
    assert!(!brief.contains("[decision]"), "{brief}");
    let v: Value = serde_json::from_str(&env.ok(&[
        "--json",
        "helper",
        "webhook requests time out under load",
    ]))
    .unwrap();
    assert_eq!(v["memories"][0]["type"], "rejected", "{v:#}");
    assert_eq!(
        v["memories"][0]["title"],
        "bumping the webhook timeout to 60s - still fails under load"
    );
}
