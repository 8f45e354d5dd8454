//! Lines the twelfth round's rules read: a list of known mistakes not to repeat ("Erreurs
//! connues à NE PAS reproduire", "Errors not to repeat") holds gotchas; Chinese 解决
//! ("solved") labels the fix of a pitfall's write-up; dropping support ordered with its
//! reason ("Hence, drop the support for Python 2") is a decision where a bare title is not;
//! "This resolves that issue by ..." after a report is the change; "More fixes to ..." is a
//! changelog's line; a failure a change replaced ("instead of causing a crash") is no report;
//! "Segmentation fault: 11" is a crash printout, not a tally; "Reproducible on Firefox 40"
//! reports where a defect shows.

use std::path::PathBuf;

use crate::common::User;

fn user_with_project() -> (User, PathBuf) {
    User::with_project("2026-06-01T09:00:00Z")
}

#[test]
fn known_mistakes_are_gotchas_and_a_pitfalls_solved_field_is_its_fix() {
    let (user, project) = user_with_project();
    let types = user.types_of(
        &project,
        "# LESSONS.md — leçons cross-projet\n\
         ## Erreurs connues à NE PAS reproduire\n\
         1. `table-layout:fixed` dans un conteneur scrollable ❌\n\
         2. Charger les données de démo inconditionnellement ❌\n\
         ## Errors not to repeat\n\
         - Editing several functions in one commit without checking each flow\n\
         ## 踩坑记录\n\
         - **解决**：移动鼠标后等 40ms 再发滚轮事件。\n",
    );
    assert_eq!(
        types,
        [
            "none", "none", "gotcha", "gotcha", "none", "gotcha", "none", "progress"
        ]
    );
}

#[test]
fn a_change_with_its_reason_the_fix_a_description_gives_and_failures_replaced() {
    let (user, project) = user_with_project();
    let types = user.types_of(
        &project,
        "Hence, drop the support for Python 2, and assume Python 3 instead.\n\
         Drop support for Python 3.7\n\
         Sockets leak after a client disconnects. This resolves that issue by removing references.\n\
         Let me know if this resolves the issue\n\
         More fixes to timezone problems\n\
         A null config is now replaced by the default, instead of causing a crash later on.\n\
         Segmentation fault: 11\n\
         Reproducible on Firefox 40\n\
         Reproducible builds with Nix\n",
    );
    assert_eq!(
        types,
        [
            "decision", "none", "progress", "none", "progress", "none", "problem", "problem",
            "none"
        ]
    );
}

#[test]
fn logged_lines_are_stored_as_what_they_say() {
    let (user, project) = user_with_project();
    let out = user.ok(
        &project,
        &[
            "log",
            "Sockets leak after a client disconnects. This resolves that issue by removing references.",
        ],
    );
    assert!(out.contains("logged progress to .mind/MEMORY.md"), "{out}");
    let out = user.ok(
        &project,
        &[
            "log",
            "A null config is now replaced by the default, instead of causing a crash later on.",
        ],
    );
    assert!(!out.contains("logged problem"), "{out}");
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains("This resolves that issue by removing references."),
        "{memory}"
    );
    assert!(
        !memory
            .lines()
            .any(|l| l.contains("instead of causing a crash") && l.contains("problem")),
        "{memory}"
    );
}
