//! config.json's numbers read the same however JSON writes them, its problems warned about on
//! every command that works in a project, and `mind diff`'s superseded entries shown bare.
use crate::common;

use common::Env;
use serde_json::Value;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The config warnings a run printed.
fn config_warnings(out: &std::process::Output) -> Vec<String> {
    stderr(out)
        .lines()
        .filter(|l| l.starts_with("mind: warning: ") && l.contains("config.json: "))
        .map(str::to_string)
        .collect()
}

/// A project with one logged decision at 09:00, `config` as its config.json, recalled ten
/// days later: whether that recall started a new session, and what it warned.
fn recall_ten_days_later(config: &str) -> (bool, Vec<String>) {
    let mut env = Env::initialised();
    env.ok(&["log", "decision", "use JWT for the API tokens"]);
    env.write(".mind/config.json", config);
    env.at("2026-01-25T09:00:00Z");
    let out = env.mind(&["recall", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let reply: Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        reply["new_session"].as_bool().unwrap(),
        config_warnings(&out),
    )
}

#[test]
fn a_session_gap_above_a_year_written_as_a_float_is_clamped_to_a_year() {
    for (written, shown) in [
        ("1.5e14", "150000000000000"),
        ("1e15", "1000000000000000"),
        ("600000.5", "600000.5"),
    ] {
        let (new_session, warnings) =
            recall_ten_days_later(&format!(r#"{{"session_gap_minutes": {written}}}"#));
        // Ten days is well within a year's gap: the session goes on.
        assert!(!new_session, "{written}");
        assert_eq!(warnings.len(), 1, "{written}: {warnings:?}");
        assert!(
            warnings[0].ends_with(&format!(
                ".mind/config.json: session_gap_minutes {shown} is more than a year; using 527040 (one year)"
            )),
            "{written}: {warnings:?}"
        );
    }
    // The integer form says the same.
    let (new_session, warnings) = recall_ten_days_later(r#"{"session_gap_minutes": 600000}"#);
    assert!(!new_session);
    assert!(
        warnings[0]
            .ends_with("session_gap_minutes 600000 is more than a year; using 527040 (one year)"),
        "{warnings:?}"
    );
}

#[test]
fn a_whole_number_written_as_a_float_is_that_number_and_a_fraction_is_refused() {
    // 14400.0 minutes (ten days and no more) and 1.44e4: a whole number, used as given.
    for written in ["14400.0", "1.44e4"] {
        let (new_session, warnings) =
            recall_ten_days_later(&format!(r#"{{"session_gap_minutes": {written}}}"#));
        assert!(!new_session, "{written}");
        assert!(warnings.is_empty(), "{written}: {warnings:?}");
    }
    let (new_session, warnings) = recall_ten_days_later(r#"{"session_gap_minutes": 14399.0}"#);
    assert!(
        new_session,
        "a gap one minute shorter than the pause ends the session"
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    // A fraction below the maximum is no whole number: the default 30 minutes, with a warning.
    let (new_session, warnings) = recall_ten_days_later(r#"{"session_gap_minutes": 1.5}"#);
    assert!(new_session);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].ends_with(
            "session_gap_minutes must be a whole number from 1 to 527040 (one year), not 1.5; using 30"
        ),
        "{warnings:?}"
    );
}

#[test]
fn a_budget_written_as_a_whole_float_is_used_and_one_out_of_range_is_not() {
    let env = Env::initialised();
    env.write(".mind/config.json", r#"{"context_budget_chars": 2e3}"#);
    let out = env.mind(&["context", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(config_warnings(&out).is_empty(), "{}", stderr(&out));
    let reply: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reply["budget"], 2000, "{reply}");
    for (written, shown) in [
        ("1e300", "1e+300"),
        ("20000000", "20000000"),
        ("250.5", "250.5"),
    ] {
        env.write(
            ".mind/config.json",
            format!(r#"{{"context_budget_chars": {written}}}"#),
        );
        let out = env.mind(&["context", "--json"]).output().unwrap();
        let reply: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(reply["budget"], 6000, "{written}: {reply}");
        assert_eq!(
            config_warnings(&out),
            [format!(
                "mind: warning: {}: context_budget_chars must be a whole number from 200 to 10000000, not {shown}; using 6000",
                env.path(".mind/config.json").display()
            )],
            "{written}"
        );
    }
}

#[test]
fn every_command_in_a_project_warns_once_about_a_bad_config() {
    let env = Env::new();
    env.git(&["init", "-q", "-b", "main"]);
    env.ok(&["init"]);
    env.ok(&["log", "decision", "use JWT for the API tokens"]);
    env.ok(&[
        "edges",
        "add",
        "JWT clock skew",
        "--workaround",
        "allow 30s leeway",
    ]);
    env.ok(&["memory", "write", "deploy", "--content", "blue-green"]);
    env.git(&["add", "-A"]);
    env.git(&["commit", "-qm", "start"]);
    env.git(&["checkout", "-qb", "feature"]);
    env.write(".mind/config.json", r#"{"session_gap_minutes": 600000}"#);
    let expected = format!(
        "mind: warning: {}: session_gap_minutes 600000 is more than a year; using 527040 (one year)",
        env.path(".mind/config.json").display()
    );
    for args in [
        &["session"][..],
        &["session", "--json"],
        &["reminders"],
        &["reminders", "--all"],
        &["edges", "jwt"],
        &["edges", "jwt", "--json"],
        &["helper", "the JWT is rejected"],
        &["diff"],
        &["diff", "--json"],
        &["status", "--stale"],
        &["memory", "list"],
        &["memory", "read", "deploy"],
        &["memory", "write", "notes", "--content", "x"],
        &["parse"],
        &["parse", "--json", ".mind/MEMORY.md"],
        &["status", "--unused"],
        &["onboard"],
        &["vault", "status"],
        // Those that warned already still do, once.
        &["search", "JWT"],
        &["log", "learned", "tokens expire after an hour"],
    ] {
        let out = env.mind(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(
            config_warnings(&out),
            std::slice::from_ref(&expected),
            "{args:?}"
        );
        // --quiet keeps stderr for errors alone.
        let mut quiet = args.to_vec();
        quiet.push("--quiet");
        let out = env.mind(&quiet).output().unwrap();
        assert!(
            config_warnings(&out).is_empty(),
            "{quiet:?}: {}",
            stderr(&out)
        );
    }
    // `mind status` lists it among its problems instead.
    let out = env.mind(&["status"]).output().unwrap();
    assert!(config_warnings(&out).is_empty(), "{}", stderr(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("config.json: session_gap_minutes 600000 is more than a year"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn a_session_goes_on_by_the_configured_gap_and_says_so() {
    let mut env = Env::initialised();
    env.ok(&["log", "experience", "the staging deploy is slow"]);
    env.write(".mind/config.json", r#"{"session_gap_minutes": 1e15}"#);
    env.at("2026-01-25T09:00:00Z");
    let out = env.mind(&["session", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(config_warnings(&out).len(), 1, "{}", stderr(&out));
    // Ten days later, within a year's gap, no break is noted: the next recall goes on with
    // the same session and keeps its item.
    let out = env.ok(&["recall", "--json"]);
    let reply: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(reply["new_session"], false, "{reply}");
    assert!(
        env.read(".mind/SESSION.md")
            .contains("the staging deploy is slow"),
        "{}",
        env.read(".mind/SESSION.md")
    );
}

#[test]
fn a_superseded_entry_is_shown_without_its_label() {
    let mut env = Env::new();
    env.git(&["init", "-q", "-b", "main"]);
    env.ok(&["init"]);
    env.ok(&["log", "decision", "use REST for the API"]);
    env.ok(&[
        "log",
        "learned",
        "Safari drops cookies on cross-site redirects",
    ]);
    env.git(&["add", "-A"]);
    env.git(&["commit", "-qm", "start"]);
    env.git(&["checkout", "-qb", "feature"]);
    env.ok(&["log", "decision", "use gRPC for the API"]);
    env.ok(&[
        "log",
        "experience",
        "turns out Safari no longer drops cookies on cross-site redirects since 17.2",
    ]);
    // The recall after the session promotes the experience, and the promotion marks the
    // line it replaces: `[superseded] learned: ...`.
    env.at("2026-01-15T12:00:00Z");
    env.ok(&["recall"]);
    let memory = env.read(".mind/MEMORY.md");
    assert!(
        memory.contains("\n[superseded] learned: Safari drops cookies on cross-site redirects\n"),
        "{memory}"
    );
    // And one marked by hand, in a list.
    let marked = memory.replace(
        "decided: use REST for the API",
        "- [superseded] decided: use REST for the API",
    );
    assert_ne!(marked, memory);
    env.write(".mind/MEMORY.md", &marked);
    let out = env.ok(&["diff"]);
    let superseded = out.split("### Superseded\n\n").nth(1).unwrap_or_default();
    assert_eq!(
        superseded, "- use REST for the API\n- Safari drops cookies on cross-site redirects\n",
        "{out}"
    );
    assert!(
        out.contains("### Decisions\n\n- use gRPC for the API\n"),
        "{out}"
    );
    let reply: Value = serde_json::from_str(&env.ok(&["diff", "--json"])).unwrap();
    let texts: Vec<&str> = reply["superseded"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        [
            "use REST for the API",
            "Safari drops cookies on cross-site redirects"
        ]
    );
}
