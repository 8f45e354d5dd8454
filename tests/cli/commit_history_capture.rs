//! What commits say, as git history really goes: a revert (of a commit, of a merge, of a
//! revert) takes back what the undone commits said in `mind harvest` as in the hook, a
//! deleted commit store is rebuilt, code and quotes in a message are not memories, a line
//! too long to be one is not harvested (and costs the commit nothing), and a shallow clone
//! says where its history stops. Run as a person runs it: temp HOME, no MIND_* variables but
//! the clock, real git with the hooks installed.

use std::path::{Path, PathBuf};

use crate::common::User;

const STORE: &str = ".mind/cache/commits.md";

fn store(project: &Path) -> String {
    std::fs::read_to_string(project.join(STORE)).unwrap_or_default()
}

/// The store's memory lines (no header, headings or blank lines).
fn store_entries(project: &Path) -> Vec<String> {
    let text = store(project);
    let body = text.split_once("-->\n").map_or(text.as_str(), |(_, b)| b);
    body.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

fn short(user: &User, project: &Path, rev: &str) -> String {
    user.git(project, &["rev-parse", "--short=7", rev])
        .trim()
        .to_string()
}

/// `git commit --allow-empty -m MESSAGE` (the hooks run).
fn commit(user: &User, project: &Path, message: &str) {
    user.git(project, &["commit", "-q", "--allow-empty", "-m", message]);
}

/// The Open Loops section of the block recall prints.
fn open_loops(user: &User, project: &Path) -> String {
    let block = user.ok(project, &["recall"]);
    crate::common::block_section(&block, "Open Loops").join("\n")
}

/// A project with hooks, its first commit made, and an open problem logged and committed.
fn project_with_problem(user: &mut User, problem: &str) -> PathBuf {
    let project = user.project("code/app", &["init", "--hooks"]);
    user.git(&project, &["add", "-A"]);
    user.git(&project, &["commit", "-q", "-m", "Start"]);
    user.ok(&project, &["log", "problem", problem]);
    user.git(&project, &["add", "-A"]);
    user.git(&project, &["commit", "-q", "-m", "Log the problem"]);
    project
}

/// `mind harvest --json` in `dir`, as JSON.
fn harvest_json(user: &User, dir: &Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["harvest", "--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&user.ok(dir, &all)).expect("harvest --json gives JSON")
}

#[test]
fn harvest_does_not_bring_back_a_fix_that_a_revert_undid() {
    let mut user = User::new();
    let project = project_with_problem(&mut user, "upload fails over 10 MB");
    user.at("2026-01-15T09:01:00Z");
    user.commit_file(&project, "f1", "1\n", "fixed: upload fails over 10 MB");
    user.at("2026-01-15T09:02:00Z");
    user.git(&project, &["revert", "--no-edit", "HEAD"]);
    assert!(store_entries(&project).is_empty(), "{}", store(&project));

    // The same clone: nothing comes back, and the report says why.
    let out = user.ok(&project, &["harvest"]);
    assert!(
        out.starts_with(
            "scanned 4 commit(s): 1 memory found, 0 added, 0 already known, 1 undone by a revert\n"
        ),
        "{out}"
    );
    assert!(store_entries(&project).is_empty(), "{}", store(&project));
    assert!(
        open_loops(&user, &project).contains("upload fails over 10 MB"),
        "the problem is open again"
    );

    // A new clone builds the same store.
    let clone = user.home().join("code/clone");
    user.git(&project, &["clone", "-q", ".", clone.to_str().unwrap()]);
    let reply = harvest_json(&user, &clone, &[]);
    assert_eq!(reply["found"], 1, "{reply}");
    assert_eq!(reply["reverted"], 1, "{reply}");
    assert_eq!(reply["added"], serde_json::json!([]), "{reply}");
    assert!(store_entries(&clone).is_empty(), "{}", store(&clone));
    assert!(open_loops(&user, &clone).contains("upload fails over 10 MB"));
}

#[test]
fn harvest_takes_a_reverted_commits_lines_out_of_a_store_built_before_the_revert() {
    // The revert arrives without the hook seeing it (made with MIND_HOOKS=0, as a pull
    // would bring it): the next harvest takes back what the undone commit said.
    let mut user = User::new();
    let project = project_with_problem(&mut user, "login times out behind the proxy");
    user.at("2026-01-15T09:01:00Z");
    user.commit_file(
        &project,
        "proxy.rs",
        "honour\n",
        "Proxy\n\nfixed: login times out behind the proxy by honouring HTTPS_PROXY\ndecided: read the proxy from the environment only",
    );
    let fix = short(&user, &project, "HEAD");
    assert_eq!(store_entries(&project).len(), 2, "{}", store(&project));
    user.at("2026-01-15T09:02:00Z");
    let out = user
        .command("git", &project)
        .env("MIND_HOOKS", "0")
        .args(["revert", "--no-edit", "HEAD"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(store_entries(&project).len(), 2, "the hook did not run");

    let out = user.ok(&project, &["harvest"]);
    assert!(
        out.contains(
            "took out 2 memories of commits no longer on any branch (a rebase or a reset) or undone by a revert\n"
        ),
        "{out}"
    );
    assert!(store_entries(&project).is_empty(), "{}", store(&project));
    assert!(
        !std::fs::read_to_string(project.join(".mind/cache/harvested.tsv"))
            .unwrap()
            .contains(&fix)
    );
    assert!(open_loops(&user, &project).contains("login times out behind the proxy"));
}

#[test]
fn reverting_a_merge_takes_back_what_the_merged_commits_said() {
    let mut user = User::new();
    let project = project_with_problem(&mut user, "upload fails over 10 MB");
    let main = user.git(&project, &["branch", "--show-current"]);
    let main = main.trim().to_string();
    user.git(&project, &["switch", "-q", "-c", "fix-upload"]);
    user.at("2026-01-15T09:01:00Z");
    user.commit_file(&project, "f1", "1\n", "fixed: upload fails over 10 MB");
    user.at("2026-01-15T09:02:00Z");
    user.commit_file(
        &project,
        "f2",
        "2\n",
        "Chunks\n\ndecided: stream uploads in 1 MB chunks",
    );
    user.git(&project, &["switch", "-q", &main]);
    user.at("2026-01-15T09:03:00Z");
    user.commit_file(
        &project,
        "m1",
        "1\n",
        "Mainline\n\nlearned: the CDN strips ETag headers",
    );
    user.at("2026-01-15T09:04:00Z");
    user.git(
        &project,
        &["merge", "-q", "--no-ff", "--no-edit", "fix-upload"],
    );
    assert!(!open_loops(&user, &project).contains("upload fails"));

    user.at("2026-01-15T09:05:00Z");
    user.git(&project, &["revert", "--no-edit", "-m", "1", "HEAD"]);
    let message = user.git(&project, &["log", "-1", "--format=%B"]);
    assert!(message.contains(", reversing"), "{message}");
    assert_eq!(
        store_entries(&project),
        vec![format!(
            "learned: the CDN strips ETag headers (commit {})",
            short(&user, &project, "HEAD~2")
        )],
        "the hook takes back both merged commits' lines, and only those"
    );
    assert!(open_loops(&user, &project).contains("upload fails over 10 MB"));

    // A new clone's harvest agrees.
    let clone = user.home().join("code/clone");
    user.git(&project, &["clone", "-q", ".", clone.to_str().unwrap()]);
    let reply = harvest_json(&user, &clone, &[]);
    assert_eq!(reply["reverted"], 2, "{reply}");
    assert_eq!(store_entries(&clone), store_entries(&project));

    // Reverting the revert merges the branch again: its lines stand again.
    user.at("2026-01-15T09:06:00Z");
    user.git(&project, &["revert", "--no-edit", "HEAD"]);
    let entries = store_entries(&project).join("\n");
    assert!(
        entries.contains("fixed: upload fails over 10 MB"),
        "{entries}"
    );
    assert!(
        entries.contains("decided: stream uploads in 1 MB chunks"),
        "{entries}"
    );
    assert!(!open_loops(&user, &project).contains("upload fails"));
    let again = user.home().join("code/again");
    user.git(&project, &["clone", "-q", ".", again.to_str().unwrap()]);
    let reply = harvest_json(&user, &again, &[]);
    assert_eq!(reply["reverted"], 0, "{reply}");
    let mut rebuilt = store_entries(&again);
    let mut hooked = store_entries(&project);
    rebuilt.sort();
    hooked.sort();
    assert_eq!(rebuilt, hooked);
}

/// A problem, two commits that both say its fix, and a revert of the first: the project
/// and the second commit's short id.
fn same_fix_twice_then_first_reverted(user: &mut User) -> (PathBuf, String) {
    let project = project_with_problem(user, "upload fails over 10 MB");
    user.at("2026-01-15T09:01:00Z");
    user.commit_file(&project, "f1", "1\n", "fixed: upload fails over 10 MB");
    let first = short(user, &project, "HEAD");
    user.at("2026-01-15T09:02:00Z");
    user.commit_file(
        &project,
        "f2",
        "2\n",
        "Stream in chunks\n\nfixed: upload fails over 10 MB",
    );
    let second = short(user, &project, "HEAD");
    user.at("2026-01-15T09:03:00Z");
    user.git(&project, &["revert", "--no-edit", &first]);
    (project, second)
}

#[test]
fn reverting_one_of_two_commits_that_say_the_same_fix_keeps_it() {
    let mut user = User::new();
    let (project, second) = same_fix_twice_then_first_reverted(&mut user);

    assert_eq!(
        store_entries(&project),
        vec![format!("fixed: upload fails over 10 MB (commit {second})")]
    );
    assert!(!open_loops(&user, &project).contains("upload fails"));

    // Reverting the second one too opens the problem again.
    user.at("2026-01-15T09:04:00Z");
    user.git(&project, &["revert", "--no-edit", &second]);
    assert!(store_entries(&project).is_empty(), "{}", store(&project));
    assert!(open_loops(&user, &project).contains("upload fails over 10 MB"));
}

#[test]
fn harvest_keeps_a_fix_that_a_standing_commit_says_again() {
    let mut user = User::new();
    let (project, second) = same_fix_twice_then_first_reverted(&mut user);

    let clone = user.home().join("code/clone");
    user.git(&project, &["clone", "-q", ".", clone.to_str().unwrap()]);
    let out = user.ok(&clone, &["harvest"]);
    assert!(
        out.starts_with(
            "scanned 5 commit(s): 2 memories found, 1 added, 0 already known, 1 undone by a revert\n"
        ),
        "{out}"
    );
    assert_eq!(
        store_entries(&clone),
        vec![format!("fixed: upload fails over 10 MB (commit {second})")]
    );
}

#[test]
fn a_deleted_commit_store_is_rebuilt_by_harvest() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    user.git(&project, &["add", "-A"]);
    user.git(&project, &["commit", "-q", "-m", "Start"]);
    commit(&user, &project, "decided: keep me");
    commit(
        &user,
        &project,
        "Cache\n\nlearned: the cache needs a warm-up",
    );
    let built = store(&project);
    assert_eq!(store_entries(&project).len(), 2, "{built}");

    std::fs::remove_file(project.join(STORE)).unwrap();
    let out = user.ok(&project, &["harvest"]);
    assert!(
        out.starts_with("scanned 3 commit(s): 2 memories found, 2 added, 0 already known\n"),
        "{out}"
    );
    assert_eq!(store(&project), built);

    // Emptied to its header: the same.
    let header = built.split_inclusive("-->\n").next().unwrap().to_string();
    std::fs::write(project.join(STORE), &header).unwrap();
    let reply = harvest_json(&user, &project, &["--dry-run"]);
    assert_eq!(reply["added"].as_array().unwrap().len(), 2, "{reply}");
    assert_eq!(store(&project), header, "a dry run writes nothing");
    user.ok(&project, &["harvest"]);
    assert_eq!(store(&project), built);

    // Deleted, then a commit before the harvest: the harvest still brings the rest back.
    std::fs::remove_file(project.join(STORE)).unwrap();
    commit(&user, &project, "gotcha: the warm-up needs the VPN");
    assert_eq!(store_entries(&project).len(), 1);
    let reply = harvest_json(&user, &project, &[]);
    assert_eq!(reply["added"].as_array().unwrap().len(), 2, "{reply}");
    assert_eq!(reply["deleted_by_hand"], 0, "{reply}");
    assert_eq!(store_entries(&project).len(), 3);
}

#[test]
fn a_line_deleted_by_hand_stays_deleted_and_harvest_says_so() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    user.git(&project, &["add", "-A"]);
    user.git(&project, &["commit", "-q", "-m", "Start"]);
    commit(&user, &project, "decided: keep me");
    commit(&user, &project, "decided: drop me");
    let kept: String = store(&project)
        .lines()
        .filter(|l| !l.contains("drop me"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(project.join(STORE), &kept).unwrap();

    let out = user.ok(&project, &["harvest"]);
    assert_eq!(
        out,
        "scanned 3 commit(s): 2 memories found, 0 added, 1 already known, 1 deleted by hand earlier (remove .mind/cache/harvested.tsv to bring it back)\n"
    );
    assert_eq!(store(&project), kept);
    let reply = harvest_json(&user, &project, &[]);
    assert_eq!(reply["already_known"], 1, "{reply}");
    assert_eq!(reply["deleted_by_hand"], 1, "{reply}");

    // Moved into MEMORY.md, the store is left empty without being one to rebuild: a moved
    // line deleted from MEMORY.md stays deleted too.
    user.ok(&project, &["harvest", "--to-memory"]);
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(memory.contains("decided: keep me"), "{memory}");
    let without: String = memory
        .lines()
        .filter(|l| !l.contains("keep me"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(project.join(".mind/MEMORY.md"), without).unwrap();
    let reply = harvest_json(&user, &project, &[]);
    assert_eq!(reply["added"], serde_json::json!([]), "{reply}");
    assert_eq!(reply["deleted_by_hand"], 2, "{reply}");
    assert!(store_entries(&project).is_empty(), "{}", store(&project));
}

#[test]
fn code_and_quotes_in_a_commit_message_are_not_memories() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    user.git(&project, &["add", "-A"]);
    user.git(&project, &["commit", "-q", "-m", "Start"]);
    let message = "Refactor the upload path\n\nThis was reported by a user, who wrote:\n\n> fixed: upload fails over 10 MB\n> decided: use S3 multipart\n\nExample log from CI:\n\n```\nproblem: connection reset by peer\nfixed: nothing yet\n```\n\n~~~\nlearned: a tilde fence is code too\n~~~\n\n    decided: indented code block should not count\n\ndecided: stream uploads in 1 MB chunks\n- fixed: retry loop no longer spins\n\nSigned-off-by: Tester <t@example.com>\nDecided: keep nginx as the proxy\n";
    std::fs::write(project.join("f1"), "1\n").unwrap();
    std::fs::write(user.home().join("msg"), message).unwrap();
    user.git(&project, &["add", "f1"]);
    let file = user.home().join("msg");
    user.git(&project, &["commit", "-q", "-F", file.to_str().unwrap()]);
    let id = short(&user, &project, "HEAD");
    assert_eq!(
        store_entries(&project),
        vec![
            format!("decided: stream uploads in 1 MB chunks (commit {id})"),
            format!("fixed: retry loop no longer spins (commit {id})"),
            format!("decided: keep nginx as the proxy (commit {id})"),
        ]
    );
    // A harvest reads messages by the same rules.
    std::fs::remove_file(project.join(STORE)).unwrap();
    user.ok(&project, &["harvest"]);
    assert_eq!(store_entries(&project).len(), 3, "{}", store(&project));
}

#[test]
fn a_squash_merge_keeps_what_the_squashed_commits_said() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    user.git(&project, &["add", "-A"]);
    user.git(&project, &["commit", "-q", "-m", "Start"]);
    let main = user.git(&project, &["branch", "--show-current"]);
    let main = main.trim().to_string();
    user.git(&project, &["switch", "-q", "-c", "topic"]);
    // Made where the hooks did not run (another clone): only the squash brings it here.
    std::fs::write(project.join("a"), "a\n").unwrap();
    user.git(&project, &["add", "a"]);
    let out = user
        .command("git", &project)
        .env("MIND_HOOKS", "0")
        .args([
            "commit",
            "-q",
            "-m",
            "Cache\n\ndecided: cache sessions in Redis\n\n    learned: code in a message stays code",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    user.git(&project, &["switch", "-q", &main]);
    user.git(&project, &["merge", "-q", "--squash", "topic"]);
    // The editor keeps git's prepared message as it is.
    let out = user
        .command("git", &project)
        .env("GIT_EDITOR", "true")
        .args(["commit", "-q"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let message = user.git(&project, &["log", "-1", "--format=%B"]);
    assert!(
        message.contains("Squashed commit of the following:"),
        "{message}"
    );
    let id = short(&user, &project, "HEAD");
    assert_eq!(
        store_entries(&project),
        vec![format!("decided: cache sessions in Redis (commit {id})")]
    );
}

#[test]
fn a_line_too_long_to_be_a_memory_is_not_harvested_and_does_not_hold_up_the_commit() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    user.git(&project, &["add", "-A"]);
    user.git(&project, &["commit", "-q", "-m", "Start"]);
    // A pasted progress bar: one repetitive token of 300 KB.
    let message = format!(
        "Add fixture\n\nlearned: the progress bar prints {}\ndecided: keep the fixture small\n",
        "=".repeat(300_000)
    );
    let file = user.home().join("msg");
    std::fs::write(&file, &message).unwrap();
    // The timeout is a safety net: before, this commit took minutes.
    let mut git = assert_cmd::Command::from_std(user.command("git", &project));
    git.args([
        "commit",
        "-q",
        "--allow-empty",
        "-F",
        file.to_str().unwrap(),
    ])
    .timeout(crate::common::NO_HANG)
    .assert()
    .success();
    let id = short(&user, &project, "HEAD");
    assert_eq!(
        store_entries(&project),
        vec![format!("decided: keep the fixture small (commit {id})")]
    );
    std::fs::remove_file(project.join(STORE)).unwrap();
    let reply = harvest_json(&user, &project, &[]);
    assert_eq!(reply["found"], 1, "{reply}");

    // A line just within the bound is a memory, and costs the hook little too.
    let fits = format!("learned: the separator is {}", "=".repeat(4000));
    let mut git = assert_cmd::Command::from_std(user.command("git", &project));
    git.args(["commit", "-q", "--allow-empty", "-m", &fits])
        .timeout(crate::common::NO_HANG)
        .assert()
        .success();
    assert!(store(&project).contains(&"=".repeat(4000)));
}

#[test]
fn a_shallow_clone_says_its_history_stops_and_since_past_it_is_worded_plainly() {
    let user = User::new();
    let project = user.project("code/app", &["init", "--hooks"]);
    user.git(&project, &["add", "-A"]);
    user.git(&project, &["commit", "-q", "-m", "Start"]);
    for i in 1..=5 {
        commit(&user, &project, &format!("decided: choice {i}"));
    }
    let shallow = user.home().join("code/shallow");
    let url = format!("file://{}", project.display());
    user.git(
        user.home(),
        &[
            "clone",
            "-q",
            "--depth",
            "2",
            &url,
            shallow.to_str().unwrap(),
        ],
    );

    let out = user.ok(&shallow, &["harvest"]);
    assert_eq!(
        out,
        "scanned 2 commit(s): 2 memories found, 2 added, 0 already known\n  + 2026-01-15 decided: choice 4 (commit ".to_string()
            + &short(&user, &shallow, "HEAD~1")
            + ")\n  + 2026-01-15 decided: choice 5 (commit "
            + &short(&user, &shallow, "HEAD")
            + ")\nthis is a shallow clone: its history stops there, so older commits were not scanned (`git fetch --unshallow`, then `mind harvest` again, for the rest)\n"
    );
    let reply = harvest_json(&user, &shallow, &[]);
    assert_eq!(reply["shallow"], true, "{reply}");
    // Within the clone's history, the walk does not reach its edge.
    let reply = harvest_json(&user, &shallow, &["--since", "HEAD~1"]);
    assert_eq!(reply["shallow"], false, "{reply}");

    let out = user
        .mind(&shallow, &["harvest", "--since", "HEAD~3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(
            "mind: error: --since \"HEAD~3\" is beyond the history of this shallow clone\n"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("git fetch --unshallow"), "{stderr}");
    assert!(!stderr.contains("NthAncestor"), "{stderr}");

    // In a full clone, the same kind of revision says it goes past the first commit.
    let out = user
        .mind(&project, &["harvest", "--since", "HEAD~50"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(
            "mind: error: --since \"HEAD~50\" goes back further than the first commit\n"
        ),
        "{stderr}"
    );
    let reply = harvest_json(&user, &project, &[]);
    assert_eq!(reply["shallow"], false, "{reply}");
}

#[test]
fn the_hook_says_what_a_revert_took_back() {
    let mut user = User::new();
    let project = project_with_problem(&mut user, "upload fails over 10 MB");
    user.at("2026-01-15T09:01:00Z");
    user.commit_file(&project, "f1", "1\n", "fixed: upload fails over 10 MB");
    user.at("2026-01-15T09:02:00Z");
    let out = user
        .command("git", &project)
        .args(["revert", "--no-edit", "HEAD"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let said: Vec<&str> = stderr.lines().filter(|l| l.starts_with("mind:")).collect();
    assert_eq!(
        said,
        vec!["mind: took back 1 memory of amended or reverted commits"],
        "{stderr}"
    );
    assert!(store_entries(&project).is_empty(), "{}", store(&project));
}
