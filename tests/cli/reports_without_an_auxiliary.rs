//! Reports written the way issue titles and second-language reports are: the auxiliary
//! dropped before a verb of failure ("System not start"), the past of "won't" ("New VM
//! wouldn't start"), a participle opening the line ("Installed gulp doesn't work"). Typed as
//! problems wherever they are written; their look-alikes (a preference, a plan, a design, a
//! statement of work) are not.

use crate::common::User;

#[test]
fn a_report_without_its_auxiliary_is_a_problem_where_its_look_alikes_are_not() {
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    user.at("2026-04-02T09:00:00Z");
    for (line, logged) in [
        ("System not start after the update", "problem"),
        ("New VM wouldn't start", "problem"),
        (
            "Installed gulp doesn't work after switching to node 0.12",
            "problem",
        ),
    ] {
        let out = user.ok(&project, &["log", line]);
        assert!(
            out.contains(&format!("logged {logged} to .mind/MEMORY.md")),
            "{line}: {out}"
        );
    }
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains("System not start after the update"),
        "{memory}"
    );

    let notes = project.join("notes.md");
    std::fs::write(
        &notes,
        "Proxy redirection not always triggered\n\
         Backups not running since Tuesday\n\
         It wouldnt boot after the update\n\
         Tests may not start on Windows\n\
         We chose to not run the linter on CI\n\
         Integration tests not run on pull requests by design\n\
         That wouldn't work because the queue is shared\n\
         Added retries so the job doesn't fail\n\
         Removed the cache that didn't help\n",
    )
    .unwrap();
    let types = user.line_types(&project, "notes.md");
    assert_eq!(
        types,
        [
            "problem", "problem", "problem", "none", "decision", "none", "none", "none", "none"
        ],
        "{types:?}"
    );
}
