//! Lines the eleventh round's rules read: a report followed by a request for help ("The
//! build fails on Windows. Any ideas?") is a report, typed by the sentence that states it,
//! where a line that opens by asking is a question still; a remedy found ("Replacing the app
//! solves this"), a fix told after its defect ("The fix was a one-character change"), a
//! failure that goes on ("This has been happening since the last update"), a defect named
//! by its part ("**Workflow Issue**: ..."), the defect words that name tickets, evidence or
//! where reports are kept, commit trailers ("Signed-off-by: ..."), and the thing chosen
//! named by a label under a decisions heading ("**ImageKit**: Selected for ...").

use std::path::PathBuf;

use crate::common::User;

/// A user at a fixed time with one initialised project.
fn user_with_project() -> (User, PathBuf) {
    User::with_project("2026-05-04T09:00:00Z")
}

#[test]
fn a_report_that_asks_for_help_is_logged_as_the_report() {
    let (user, project) = user_with_project();
    let out = user.ok(&project, &["log", "The build fails on Windows. Any ideas?"]);
    assert!(out.contains("logged problem to .mind/MEMORY.md"), "{out}");
    assert!(
        out.contains("problem: The build fails on Windows. Any ideas?"),
        "{out}"
    );
    // A question alone names no problem: it is an experience of the session.
    let out = user.ok(&project, &["log", "Why does the build fail on Windows?"]);
    assert!(
        out.contains("logged experience to .mind/SESSION.md"),
        "{out}"
    );
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(!memory.contains("Why does the build fail"), "{memory}");
}

#[test]
fn the_parser_types_the_statement_and_not_the_question() {
    let (user, project) = user_with_project();
    let types = user.types_of(
        &project,
        "- The build fails on Windows. Any ideas?\n\
         - I get a 500 error when saving. What am I doing wrong?\n\
         - The upload hangs at 99%. Can someone help?\n\
         - Does the build fail on Windows?\n\
         - Why does the build fail? It worked in 1.2.\n\
         - The tests pass locally. Any ideas?\n\
         - Is there a way to disable telemetry?\n",
    );
    assert_eq!(
        types,
        [
            "problem", "problem", "problem", "none", "none", "none", "none"
        ]
    );
}

#[test]
fn remedies_found_and_fixes_told_are_progress_unless_a_report_comes_first() {
    let (user, project) = user_with_project();
    let types = user.types_of(
        &project,
        "- Replacing the app with a fresh copy solves this.\n\
         - The app grows in memory over days. Terminating and reopening it solves this issue.\n\
         - After a while it solves itself.\n\
         - Rebooting only fixes it for a few hours.\n\
         - lottie: hotfix memory leaks\n\
         - Hotfix release 1.2.1\n\
         - Segfault on big region files. The fix was a one-character change.\n",
    );
    assert_eq!(
        types,
        [
            "progress", "problem", "none", "none", "progress", "none", "progress"
        ]
    );
    // A change's title after the issue or the commit it names first, or opening with
    // "Resolves".
    let types = user.types_of(
        &project,
        "- #193 Fix closable() not blocking the close callback\n\
         - 5b91f32 Fixes Advanced setting refresh\n\
         - Resolves Infinite Redirect behind Reverse Proxy\n\
         - Resolves to the IP of the host\n",
    );
    assert_eq!(types, ["progress", "progress", "progress", "none"]);
    let out = user.ok(
        &project,
        &["log", "Restarting the worker fixes it, every time"],
    );
    assert!(out.contains("logged progress to .mind/MEMORY.md"), "{out}");
}

#[test]
fn failures_that_go_on_and_defects_named_by_their_part_are_problems() {
    let (user, project) = user_with_project();
    let types = user.types_of(
        &project,
        "This has been happening since the last update, and nothing works.\n\
         If this keeps happening, restart the worker.\n\
         Segv in SSI_WakeUp\n\
         CI: tests flaking on ubuntu-latest\n\
         #667 Windows build fails since revision 3711\n\
         **Workflow Issue**: the workflow jumps from init straight to e2e\n\
         **Reproduce Issue**: try it on a fresh profile first\n",
    );
    assert_eq!(
        types,
        [
            "problem", "none", "problem", "problem", "problem", "problem", "none"
        ]
    );
    // A heading is still a heading, with the blank its marks need.
    let types = user.types_of(&project, "# Windows build fails\n");
    assert_eq!(types, ["none"]);
}

#[test]
fn defect_words_naming_tickets_evidence_or_a_tracker_are_no_reports() {
    let (user, project) = user_with_project();
    let types = user.types_of(
        &project,
        "title: Bug database\n\
         I recorded a GIF that demonstrates the issue clearly.\n\
         See the previous issues about this:\n\
         I can demonstrate the bug on a fresh install.\n",
    );
    assert_eq!(types, ["none", "none", "none", "problem"]);
}

#[test]
fn trailers_are_no_entries_and_a_chosen_thing_under_decisions_is_a_decision() {
    let (user, project) = user_with_project();
    let text = "# Decisions\n\n\
                ## CDN\n\n\
                **ImageKit**: Selected for real-time transformations and global delivery.\n\n\
                ## Rate limiting\n\n\
                **Upstash Redis**: Used for global rate limiting on sensitive endpoints.\n\n\
                **Tab Order**: Learnings then Decisions\n\n\
                ## Commits\n\n\
                Signed-off-by: Jane Doe <jane@example.com>\n";
    std::fs::write(project.join("decisions.md"), text).unwrap();
    let out = user.ok(&project, &["parse", "--json", "decisions.md"]);
    let found: Vec<(String, String)> = out
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                v["type"].as_str().unwrap().to_string(),
                v["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "decision".to_string(),
                "**ImageKit**: Selected for real-time transformations and global delivery."
                    .to_string()
            ),
            (
                "decision".to_string(),
                "**Upstash Redis**: Used for global rate limiting on sensitive endpoints."
                    .to_string()
            ),
        ]
    );
}

#[test]
fn a_russian_report_after_an_em_dash_is_read_without_a_crash() {
    let (user, project) = user_with_project();
    let out = user.ok(
        &project,
        &["log", "Проверили кейсы — приложение не запускается"],
    );
    assert!(out.contains("logged problem to .mind/MEMORY.md"), "{out}");
    let types = user.types_of(&project, "- Кейсы — не запускается\n");
    assert_eq!(types, ["problem"]);
}
