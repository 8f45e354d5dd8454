//! Lines of issue threads and commit titles that the rules of the tenth round read: a
//! failure told after the writer's own step ("Updated to the latest version, now the app
//! crashes"), a program that stops working or responding, a report whose trigger is the
//! writer's own step without a comma ("When I upgrade to 3.7 the script stops working"), a
//! choice given with the alternative it turns down ("Switch to SQLite instead of Postgres"),
//! the `Prevention:` rule of a lessons entry, and the look-alikes that are not reports:
//! triage notes ("Unable to reproduce") and a tracker's own tickets ("This issue was created
//! automatically").

use std::path::PathBuf;

use crate::common::User;

/// A user at a fixed time with one initialised project.
fn user_with_project() -> (User, PathBuf) {
    User::with_project("2026-04-02T09:00:00Z")
}

#[test]
fn failures_after_a_step_of_ones_own_are_problems_and_steps_alone_are_not() {
    let (user, project) = user_with_project();

    let out = user.ok(
        &project,
        &[
            "log",
            "Updated to the latest release, now the app crashes on open",
        ],
    );
    assert!(out.contains("logged problem to .mind/MEMORY.md"), "{out}");

    let reports = user.types_of(
        &project,
        "Ran the installer and I get the error Permission denied.\n\
         When I upgrade to version 3.7 the script stops working.\n\
         The UI stops responding after an hour\n",
    );
    assert_eq!(reports, ["problem"; 3], "every line reports a defect");

    let steps = user.types_of(
        &project,
        "Updated the error handling\n\
         Upgraded to v2, and the errors disappeared\n\
         Update the docs, the build fails otherwise\n\
         Added retries, if it fails we log it\n\
         If the worker stops responding, restart it\n\
         When the tab is hidden the timer fails\n",
    );
    assert_eq!(steps, ["none"; 6]);
}

#[test]
fn a_choice_with_its_rejected_alternative_is_a_decision() {
    let (user, project) = user_with_project();
    let titles = user.types_of(
        &project,
        "Switch to SQLite instead of Postgres\n\
         Refactored state management to use lifted state instead of React Context\n\
         Use SQLite in favour of Postgres for the config store\n\
         Switch to the docs tab\n\
         Switch to Vite for faster builds\n\
         Improve resolution speed by using shallow copies instead of deep copies\n",
    );
    assert_eq!(
        titles,
        ["decision", "decision", "decision", "none", "none", "none"]
    );
}

#[test]
fn triage_notes_and_tickets_are_not_problems() {
    let (user, project) = user_with_project();
    let out = user.ok(&project, &["log", "Unable to reproduce."]);
    assert!(!out.contains("logged problem"), "{out}");

    let thread = user.types_of(
        &project,
        "I am unable to reproduce this.\n\
         We couldn't reproduce it on Linux\n\
         This issue was created automatically with bugzilla2github\n\
         I found this issue: https://github.com/org/app/issues/115\n\
         Original issue reported on code.google.com on 25 Apr 2012\n\
         Closed due to silence at issue owner end.\n\
         The build is not reproducible\n\
         The issue reported by users is that login is slow\n",
    );
    assert_eq!(
        thread,
        [
            "none", "none", "none", "none", "none", "none", "problem", "problem"
        ]
    );
}

/// The `Prevention:` field of an entry in a lessons file is its lesson; under a gotchas
/// heading it is a gotcha, and with no typed heading above it nothing.
#[test]
fn a_prevention_rule_takes_its_sections_type() {
    let (user, project) = user_with_project();
    let lessons = user.types_of(
        &project,
        "# Lessons Learned\n\
         \n\
         ## 2026-01-12: Env vars not baked into the bundle\n\
         \n\
         **Prevention**: Check the env loader when adding new variables\n\
         \n\
         # Gotchas\n\
         \n\
         ## Cert paths\n\
         \n\
         **Prevention**: Use system-level cert paths on the VPS\n\
         \n\
         # Notes\n\
         \n\
         **Prevention**: Keep the cache small\n",
    );
    let types: Vec<String> = lessons.into_iter().filter(|t| t != "none").collect();
    assert_eq!(types, ["learning", "gotcha"]);
}

/// A fix said to be in a release, and a confirmation that a remedy worked, are progress; a
/// fix to come, a question, and how a thing behaves after a delay are not.
#[test]
fn a_fix_in_a_release_and_a_remedy_that_worked_are_progress() {
    let (user, project) = user_with_project();
    let thread = user.types_of(
        &project,
        "There is a fix for this in v3.8.0-rc-43.\n\
         This fix is included in 0.8.1\n\
         A fix has been implemented and you can download a test build\n\
         It worked fine after replacing the old constants.php\n\
         It works after a reboot\n\
         The fix will be included in 0.9\n\
         Is there a fix for this in v3?\n\
         It works after a delay of 5 seconds\n\
         It only works after restarting\n",
    );
    assert_eq!(
        thread,
        [
            "progress", "progress", "progress", "progress", "progress", "none", "none", "none",
            "none"
        ]
    );
}

/// A remedy the writer got done or thanked someone for is progress, and the cause of a
/// defect found is a learning; a fix still out of reach and a title that names a defect with
/// its cause stay problems.
#[test]
fn remedies_done_are_progress_and_causes_found_are_learnings() {
    let (user, project) = user_with_project();
    let out = user.ok(
        &project,
        &[
            "log",
            "This is caused by the session cookie having SameSite set to Strict",
        ],
    );
    assert!(out.contains("logged learning to .mind/MEMORY.md"), "{out}");

    let thread = user.types_of(
        &project,
        "Was able to resolve the problem by cleaning and reinstalling.\n\
         Corrected the race condition problems.\n\
         Thanks for fixing the crash\n\
         The problems in #207 are probably caused by not removing the stale session.\n\
         Looks like the bug was introduced in #10.\n\
         I wasn't able to fix it\n\
         Various errors caused by time zone issues.\n\
         I'm pretty sure this was due to a caching issue, which we've now addressed.\n\
         Flights were delayed due to weather\n",
    );
    assert_eq!(
        thread,
        [
            "progress", "progress", "progress", "learning", "learning", "problem", "problem",
            "progress", "none"
        ]
    );
}

/// A cue in a sentence that asks names nothing that happened, and "silently" that says how a
/// change is to be made is no failure.
#[test]
fn questions_inside_a_line_and_planned_silence_report_nothing() {
    let (user, project) = user_with_project();
    let thread = user.types_of(&project,
        "Thanks for contributing. Can you tell me what this fixes? Like what was going wrong before? Thanks!\n\
         Drop support for Python 3.7 (silently)\n\
         Python 3.7 is EOL. Therefore it should be dropped from support (silently).\n\
         The job silently drops rows\n\
         (wrong issue tracker?) Wiki logo not suitably scaled for location\n",
    );
    assert_eq!(thread, ["none", "none", "none", "problem", "problem"]);
}
