//! A problem that comes back after its fix, promoted open again; and what the first
//! experience of a session is offered as "dealt with before": never a match made only of
//! synonyms, never the onboarding note's detected facts.

use std::path::Path;

use crate::common::{self, User};

/// `mind ARGS` in `cwd` at `now`: stdout and stderr, asserting success.
fn run(user: &mut User, cwd: &Path, now: &str, args: &[&str]) -> (String, String) {
    let out = user.at(now).mind(cwd, args).output().expect("run mind");
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(out.status.success(), "mind {args:?}:\n{stdout}\n{stderr}");
    (stdout, stderr)
}

fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
}

/// The lines of MEMORY.md that mention `word`, with their numbers.
fn memory_lines(dir: &Path, word: &str) -> Vec<String> {
    (read(dir, ".mind/MEMORY.md").lines().enumerate())
        .filter(|(_, l)| l.contains(word))
        .map(|(i, l)| format!("{}:{l}", i + 1))
        .collect()
}

const BLOCKER: &str = "npm ci fails on Node 20 with EBADENGINE";

#[test]
fn a_blocker_back_after_its_fix_is_promoted_as_an_open_problem_again() {
    let mut user = User::new();
    let app = user.at("2026-03-02T09:00:00Z").project("shop", &["init"]);
    run(&mut user, &app, "2026-03-02T09:00:00Z", &["recall"]);
    run(
        &mut user,
        &app,
        "2026-03-02T09:05:00Z",
        &["blocker", BLOCKER],
    );
    let fix = format!("{BLOCKER} - pinned engines to >=18");
    run(
        &mut user,
        &app,
        "2026-03-02T09:20:00Z",
        &["log", "fixed", &fix],
    );
    let (_, promoted) = run(&mut user, &app, "2026-03-03T09:00:00Z", &["recall"]);
    assert!(
        promoted.contains(&format!(
            "  + problem: {BLOCKER} → fix: {fix} (see also: [[MEMORY#2026-03-02]])\n"
        )),
        "{promoted}"
    );

    // Weeks later it is back, and the session ends without a fix.
    run(&mut user, &app, "2026-04-02T09:05:00Z", &["recall"]);
    run(
        &mut user,
        &app,
        "2026-04-02T09:10:00Z",
        &["blocker", BLOCKER],
    );
    let (_, promoted) = run(&mut user, &app, "2026-04-03T09:00:00Z", &["recall"]);
    assert!(
        promoted.contains(&format!(
            "promoted 1 item(s) to MEMORY.md\n  + problem: {BLOCKER} (see also: [[MEMORY#2026-03-02]])\n  > linked to MEMORY.md:27: problem: {BLOCKER} → fix: {fix} (see also: [[MEMORY#2026-03-02]]) (94% similar; back after its fix)\n"
        )),
        "{promoted}"
    );
    assert_eq!(
        memory_lines(&app, "EBADENGINE"),
        [
            format!("26:fixed: {fix}"),
            format!("27:problem: {BLOCKER} → fix: {fix} (see also: [[MEMORY#2026-03-02]])"),
            format!("31:problem: {BLOCKER} (see also: [[MEMORY#2026-03-02]])"),
        ]
    );
    let open = format!("- [!] {BLOCKER} (2026-04-02) - unresolved");
    assert_eq!(
        common::block_section(&read(&app, "CLAUDE.md"), "Open Loops"),
        std::slice::from_ref(&open)
    );

    // Back once more the next day: the open problem memory holds is its duplicate.
    run(
        &mut user,
        &app,
        "2026-04-03T09:10:00Z",
        &["blocker", BLOCKER],
    );
    let (_, promoted) = run(&mut user, &app, "2026-04-04T09:00:00Z", &["recall"]);
    assert!(
        promoted.contains(&format!(
            "promoted 0 item(s) to MEMORY.md\n  = already known (100% similar to MEMORY.md:31: problem: {BLOCKER} (see also: [[MEMORY#2026-03-02]]); nothing new): {BLOCKER}\n"
        )),
        "{promoted}"
    );
    assert_eq!(memory_lines(&app, "EBADENGINE").len(), 3);
    assert_eq!(
        common::block_section(&read(&app, "CLAUDE.md"), "Open Loops"),
        [open]
    );
}

#[test]
fn a_logged_problem_a_commit_fixed_is_reopened_by_its_blocker() {
    // The problem is logged, a commit's `fixed:` closes it (the hooks keep it in the
    // commit store), and five weeks later it is a blocker again.
    let mut user = User::new();
    let app = user
        .at("2026-03-02T09:00:00Z")
        .project("shop", &["init", "--hooks"]);
    run(&mut user, &app, "2026-03-02T09:00:00Z", &["recall"]);
    run(
        &mut user,
        &app,
        "2026-03-02T09:05:00Z",
        &["log", "problem", BLOCKER],
    );
    user.at("2026-03-02T09:30:00Z").commit_file(
        &app,
        "package.json",
        "{\"engines\": {\"node\": \">=18\"}}\n",
        &format!("pin engines\n\nfixed: {BLOCKER} - pinned engines to >=18\n"),
    );
    run(&mut user, &app, "2026-03-03T09:00:00Z", &["recall"]);
    assert_eq!(
        common::block_section(&read(&app, "CLAUDE.md"), "Open Loops"),
        Vec::<String>::new()
    );

    run(&mut user, &app, "2026-04-06T09:00:00Z", &["recall"]);
    run(
        &mut user,
        &app,
        "2026-04-06T09:10:00Z",
        &["blocker", BLOCKER],
    );
    let (_, promoted) = run(&mut user, &app, "2026-04-07T09:00:00Z", &["recall"]);
    assert!(
        promoted.contains(&format!(
            "promoted 1 item(s) to MEMORY.md\n  + problem: {BLOCKER} (see also: [[MEMORY#2026-03-02]])\n  > linked to MEMORY.md:26: problem: {BLOCKER} (100% similar; back after its fix)\n"
        )),
        "{promoted}"
    );
    assert_eq!(
        memory_lines(&app, "EBADENGINE"),
        [
            format!("26:problem: {BLOCKER}"),
            format!("30:problem: {BLOCKER} (see also: [[MEMORY#2026-03-02]])"),
        ]
    );
    assert_eq!(
        common::block_section(&read(&app, "CLAUDE.md"), "Open Loops"),
        [format!("- [!] {BLOCKER} (2026-04-06) - unresolved")]
    );
}

/// A Python project with the onboarding note written on 2026-04-01, its memory holding
/// `learned` lines, and a new session begun on 2026-04-02.
fn onboarded(learned: &[&str]) -> (User, std::path::PathBuf) {
    let mut user = User::new();
    let app = user.folder("shop");
    user.git(&app, &["init", "-q"]);
    std::fs::write(
        app.join("pyproject.toml"),
        "[project]\nname = \"shop\"\ndependencies = [\"fastapi\"]\n",
    )
    .unwrap();
    run(&mut user, &app, "2026-04-01T09:00:00Z", &["init"]);
    let (written, _) = run(
        &mut user,
        &app,
        "2026-04-01T09:00:00Z",
        &["onboard", "--write"],
    );
    assert!(
        written.contains("**Package managers:** pip\n\n## Commands\n\nInstall:\n"),
        "{written}"
    );
    for line in learned {
        run(
            &mut user,
            &app,
            "2026-04-01T10:00:00Z",
            &["log", "learning", line],
        );
    }
    run(&mut user, &app, "2026-04-02T09:00:00Z", &["recall"]);
    (user, app)
}

#[test]
fn the_onboarding_notes_facts_are_not_offered_as_dealt_with_before() {
    // "module" and "package" share a synonym group; "install" is the word of the
    // note's `Install:` line. Neither is something dealt with before.
    for experience in [
        "looking at the module layout",
        "pip install hangs behind the proxy",
    ] {
        let (mut user, app) = onboarded(&[]);
        let (out, _) = run(
            &mut user,
            &app,
            "2026-04-02T09:05:00Z",
            &["log", "experience", experience],
        );
        assert_eq!(
            out,
            format!("logged experience to .mind/SESSION.md:5\n  - {experience}\n")
        );
        // `mind search` still finds the note.
        let (found, _) = run(&mut user, &app, "2026-04-02T09:06:00Z", &["search", "pip"]);
        assert!(
            found.contains(" 1. note       2026-04-01  memory onboarding § Onboarding: shop  ")
                && found.contains("**Package managers:** pip"),
            "{found}"
        );
    }
    // A memory of what happened is still offered.
    let (mut user, app) = onboarded(&["pip install needs HTTPS_PROXY set behind the office proxy"]);
    let (out, _) = run(
        &mut user,
        &app,
        "2026-04-02T09:05:00Z",
        &["log", "experience", "pip install hangs behind the proxy"],
    );
    assert!(
        out.starts_with(
            "logged experience to .mind/SESSION.md:5\n  - pip install hangs behind the proxy\n\
             you've dealt with this before:\n   1. learning   2026-04-01  .mind/MEMORY.md:26  "
        ) && out.ends_with(
            "\n      learned: pip install needs HTTPS_PROXY set behind the office proxy\n"
        ),
        "{out}"
    );
}

#[test]
fn a_match_made_only_of_synonyms_is_not_dealt_with_before() {
    let mut user = User::new();
    let app = user.at("2026-04-01T09:00:00Z").project("shop", &["init"]);
    user.log_each(
        &app,
        "learning",
        &[
            "packages are pinned",
            "the search module caches results per user",
        ],
    );
    run(&mut user, &app, "2026-04-02T09:00:00Z", &["recall"]);
    // "module" and "package" share a synonym group: the short line about packages shares no
    // word with the experience; the line about the search module does.
    let (out, _) = run(
        &mut user,
        &app,
        "2026-04-02T09:05:00Z",
        &["log", "experience", "looking at the search module layout"],
    );
    assert_eq!(
        out,
        "logged experience to .mind/SESSION.md:5\n  - looking at the search module layout\n\
         you've dealt with this before:\n   1. learning   2026-04-01  .mind/MEMORY.md:27  59% similar\n      \
         learned: the search module caches results per user\n"
    );
}
