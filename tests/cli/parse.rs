//! `mind parse` through the binary, the context block built from entities, real-world
//! files, and property tests of the parser.

use crate::common;

use std::path::PathBuf;

use common::{Env, User};
use serde_json::{Value, json};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn jsonl(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The type `mind parse --lines --json` gives each line of `text`, run as a user runs it (a
/// temp HOME, no MIND_* variables) on a notes file outside any project.
fn types_of_lines(text: &str) -> Vec<String> {
    let user = User::new();
    let dir = user.folder("notes");
    std::fs::write(dir.join("NOTES.md"), text).unwrap();
    jsonl(&user.ok(&dir, &["parse", "--lines", "NOTES.md", "--json"]))
        .iter()
        .map(|r| r["type"].as_str().unwrap().to_string())
        .collect()
}

/// `[type, title]` of every entity `mind parse FILE --json` prints, run as `user` in `dir`.
fn typed_titles(user: &User, dir: &std::path::Path, file: &str) -> Vec<Value> {
    jsonl(&user.ok(dir, &["parse", file, "--json"]))
        .iter()
        .map(|e| json!([e["type"], e["title"]]))
        .collect()
}

/// (type, title) of every entity `mind parse FILE --json` prints.
fn entities(env: &Env, file: &str) -> Vec<(String, String)> {
    jsonl(&env.ok(&["parse", file, "--json"]))
        .into_iter()
        .map(|e| {
            (
                e["type"].as_str().unwrap().to_string(),
                e["title"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn lines_mode_prints_one_record_per_input_line() {
    let env = Env::new();
    env.write(
        "notes.md",
        "## Gotchas\n- bcrypt is slow on ARM\n\n## Log\ndecided: KEY: use JWT because stateless\n// decided not to retry\nShould we use Redis?\n",
    );
    let records = jsonl(&env.ok(&["parse", "--lines", "notes.md", "--json"]));
    let got: Vec<Value> = records
        .iter()
        .map(|r| json!([r["text"], r["type"], r["key"]]))
        .collect();
    assert_eq!(
        got,
        vec![
            json!(["## Gotchas", "none", false]),
            json!(["- bcrypt is slow on ARM", "gotcha", false]),
            json!(["", "none", false]),
            json!(["## Log", "none", false]),
            json!(["decided: KEY: use JWT because stateless", "decision", true]),
            json!(["// decided not to retry", "none", false]),
            json!(["Should we use Redis?", "none", false]),
        ]
    );
    assert_eq!(records[4]["confidence"], json!(0.9));
    assert_eq!(records[1]["confidence"], json!(0.55));
    assert_eq!(records[0]["confidence"], json!(0.0));
    assert_eq!(records[5]["reason"], "code");
    assert_eq!(records[6]["reason"], "question");
}

#[test]
fn lines_mode_explains_in_plain_text() {
    let env = Env::new();
    env.write(
        "notes.md",
        "Turns out the cache is per user\nShould we use Redis?\n",
    );
    let out = env.ok(&["parse", "--lines", "notes.md"]);
    assert_eq!(
        out,
        "L1 learning 0.60 Turns out the cache is per user (cue)\n\
         L2 none     0.00 Should we use Redis? (question)\n"
    );
}

/// Each family of cue phrases (negation, decision and rejection, learning, progress,
/// gotcha, problem) types its lines and turns down its look-alikes, as a user running
/// `mind parse --lines` on a notes file sees it.
#[test]
fn cue_families_type_lines_and_turn_down_look_alikes() {
    let user = User::new();
    let dir = user.folder("notes");
    let lines = [
        ("Docker cannot run shell scripts", "problem"),
        ("don't forget to bump the version", "gotcha"),
        ("Don't use on_key for mouse clicks", "none"),
        ("Tried Redis - overkill", "rejected"),
        ("We finally decided on Postgres", "decision"),
        ("Safari decided not to send the cookie", "none"),
        ("Turns out the job failed on CI", "learning"),
        ("the learned weights are saved", "none"),
        ("Fixed the crash where upload fails", "progress"),
        ("login is not fixed yet", "problem"),
        ("use a fixed width font", "none"),
        ("Watch out for floating-point arithmetic", "gotcha"),
        ("check for gotchas before the release", "none"),
        ("stuck on the OAuth callback", "problem"),
        ("see issue #12 for details", "none"),
    ];
    let want: Vec<(&str, &str, &str)> = lines
        .iter()
        .map(|(line, kind)| (*line, *kind, if *kind == "none" { "no cue" } else { "cue" }))
        .collect();
    assert_lines_read_as(&user, &dir, &want);
}

/// A gitmoji written as its shortcode (`:bug: Fix: ...`) leads a line as the emoji it stands
/// for does: the label after it types the line, as the commit harvester reads it; a field
/// such as `:param x:` or a memory label (`:fixed:`) is no shortcode.
#[test]
fn a_gitmoji_shortcode_leads_a_line_as_its_emoji_does() {
    let user = User::new();
    let dir = user.folder("notes");
    assert_lines_read_as(
        &user,
        &dir,
        &[
            (
                ":bug: Fix: Windows path separator",
                "progress",
                "type label",
            ),
            (
                "\u{1f41b} Fix: Windows path separator",
                "progress",
                "type label",
            ),
            (
                ":sparkles: :bug: Fixed: the upload retries",
                "progress",
                "type label",
            ),
            (":param path: the file to read", "none", "no cue"),
            // A memory label with a colon in front is no shortcode: its cue still reads.
            (":fixed: the crash on start", "progress", "cue"),
        ],
    );
}

/// A choice stated by its copula, support dropped in the passive, a cause found after the
/// fact, an outage with its length and lost data read as what they are, as a user running
/// `mind parse --lines` sees them; a failure someone is thanked for finding reports nothing.
#[test]
fn copular_choices_causes_found_outages_and_thanks_read_as_written() {
    let user = User::new();
    let dir = user.folder("notes");
    assert_lines_read_as(
        &user,
        &dir,
        &[
            ("The decision is to drop Python 2", "decision", "cue"),
            ("The consensus was to remove the flag", "decision", "cue"),
            ("Node 12 support is dropped.", "decision", "cue"),
            ("The plan is to be decided next week", "none", "no cue"),
            (
                "The trailing comma was causing watchman to ignore the config",
                "learning",
                "cue",
            ),
            (
                "The bug was because the offset differs in summer",
                "learning",
                "cue",
            ),
            ("Production was down for two hours", "problem", "cue"),
            ("Two hours of log data got lost", "problem", "cue"),
            ("The error rate went down after the fix", "none", "no cue"),
            ("I got lost in the docs", "none", "no cue"),
            ("Thanks for finding the bug!", "none", "no cue"),
            (
                "Thanks for the fix, but the crash still happens",
                "problem",
                "cue",
            ),
        ],
    );
}

/// Writes `lines` to a notes file in `dir`, runs `mind parse --lines` on it as `user`, and
/// asserts each line's type and the reason given for it.
fn assert_lines_read_as(user: &User, dir: &std::path::Path, lines: &[(&str, &str, &str)]) {
    let text: String = lines
        .iter()
        .map(|(line, _, _)| format!("{line}\n"))
        .collect();
    std::fs::write(dir.join("notes.md"), text).unwrap();
    let records = jsonl(&user.ok(dir, &["parse", "--lines", "notes.md", "--json"]));
    let got: Vec<Value> = records
        .iter()
        .map(|r| json!([r["text"], r["type"], r["reason"]]))
        .collect();
    let want: Vec<Value> = lines
        .iter()
        .map(|(line, kind, reason)| json!([line, kind, reason]))
        .collect();
    assert_eq!(got, want);
}

/// What a memory file says of its own entries (its description, the format of each entry, a
/// caption, an instruction to the writer, a prompt, a blank to fill in, an index of other
/// files), a defect noun in a guess and a time stamp under a label read as no entry, as a
/// user running `mind parse` on a learnings file sees them; the entries beside them, a
/// failure under a hedge among them, keep their types.
#[test]
fn a_files_talk_about_its_entries_guesses_and_stamps_are_no_entries() {
    let user = User::new();
    let dir = user.folder("notes");
    let about = "what a file or section collects";
    let lines = [
        (
            "A record of every bug hit and how it was resolved.",
            "none",
            about,
        ),
        (
            "Append-only log of non-obvious lessons learned while working on the importer.",
            "none",
            about,
        ),
        (
            "This file outlines the known bugs that are yet to be fixed",
            "none",
            about,
        ),
        (
            "Each lesson: what went wrong, why, and the fix. Keep it short.",
            "none",
            about,
        ),
        (
            "Two traps that silently block every unattended tool call:",
            "none",
            about,
        ),
        ("Things to watch out for in this codebase.", "none", about),
        // The prompts after the label are read first.
        (
            "Keep this short: what we decided, and why.",
            "none",
            "label with placeholder text",
        ),
        ("What was decided.", "none", about),
        ("**What I'm stuck on**", "none", about),
        (
            "- I'm stuck on ___ and the smallest unblock is ___.",
            "none",
            "format slot",
        ),
        (
            "- [Auth decision](auth.md) — JWT everywhere, decided 2026-05-14",
            "none",
            "index of another file",
        ),
        (
            "- Decided: 2026-10-10T01:20:31.303Z",
            "none",
            "label with placeholder text",
        ),
        ("--- Turns out this flag is pointless", "none", "code"),
        (
            "I think this is now mostly a documentation issue.",
            "none",
            "hedged mention",
        ),
        // Entries stay entries.
        ("I think the build fails on ARM", "problem", "cue"),
        ("A list of bugs is empty after a refresh", "problem", "cue"),
        (
            "Every request fails with 500 after the deploy",
            "problem",
            "cue",
        ),
        ("Keep it short: the login fails on Safari", "problem", "cue"),
        (
            "YAML chokes on tabs, so always indent with spaces",
            "gotcha",
            "behaviour with advice",
        ),
        (
            "Decided to use Postgres, see [ADR 4](adr/0004.md)",
            "decision",
            "cue",
        ),
        (
            "- [ADR 4](adr/0004.md) — decided to use Postgres over MySQL",
            "decision",
            "cue",
        ),
        (
            "- [login.md](login.md) - login fails on Safari since 2.3",
            "problem",
            "cue",
        ),
        (
            "I think I found a bug: the export drops the last row",
            "problem",
            "cue",
        ),
        ("There's probably a bug in the pagination", "problem", "cue"),
        (
            "Probably a bug, but the counter goes negative after a refund",
            "problem",
            "cue",
        ),
        ("Three bugs in the parser:", "problem", "cue"),
        ("**Why the build fails on ARM**", "problem", "cue"),
        (
            "Every item below was hit and resolved on a real build",
            "progress",
            "cue",
        ),
    ];
    assert_lines_read_as(&user, &dir, &lines);

    std::fs::write(
        dir.join("LEARNINGS.md"),
        "# Learnings\n\nAppend-only log of non-obvious lessons learned while working on the app. \
         Newest entries at the bottom.\n\nEach lesson: what went wrong, why, and the fix.\n\n\
         ## 2026-07-25\n\n- Turns out the CDN caches 404s for an hour.\n\
         - The export drops the last row when the file has no trailing newline.\n",
    )
    .unwrap();
    let got = typed_titles(&user, &dir, "LEARNINGS.md");
    assert_eq!(
        got,
        vec![
            json!(["learning", "Turns out the CDN caches 404s for an hour."]),
            // Under the file's heading, as a lesson.
            json!([
                "learning",
                "The export drops the last row when the file has no trailing newline."
            ]),
        ]
    );
}

/// Captions, allowed values, open choices and cut-off examples read as no entry; findings,
/// finished work, milestones, weighted lesson labels and Chinese fixes of an English "bug"
/// read as what they report, as a user running `mind parse --lines` sees them, beside
/// near-misses that keep their type.
#[test]
fn captions_open_choices_findings_and_milestones_read_as_written() {
    let user = User::new();
    let dir = user.folder("notes");
    let lines = [
        ("**🔧 Fixed Bugs**", "none", "bold heading"),
        ("🟣 **Fixed / 修复**", "none", "bold heading"),
        ("**Fixed login crash on resume**", "progress", "cue"),
        (
            "- Decision: keep | revise | rollback",
            "none",
            "label with placeholder text",
        ),
        (
            "- Decision: Keep or exclude? (Document in the analysis log)",
            "none",
            "label with a question",
        ),
        (
            "- Decision: Postgres, because we need JSONB",
            "decision",
            "type label",
        ),
        ("Shipped: login | signup | reset", "progress", "type label"),
        (
            "- Discovered that W doesn't work when...",
            "none",
            "template text",
        ),
        (
            "- Tried the cache first, it didn't help either...",
            "rejected",
            "cue",
        ),
        ("- going with", "none", "cue word alone"),
        ("- going with Redis for the queue", "decision", "cue"),
        (
            "- Still stuck on the setup? See [the guide](https://example.com/guide).",
            "none",
            "advice for a condition",
        ),
        (
            "express_shipping     boolean          -- Opted for express shipping",
            "none",
            "code",
        ),
        (
            "- Identified that the crash happens right after the fork.",
            "learning",
            "cue",
        ),
        (
            "- Identified CSS layout as the cause of the missing overlay.",
            "learning",
            "cue",
        ),
        (
            "The scanner identified the lockfile as the cause of the warning.",
            "none",
            "no cue",
        ),
        (
            "- Finally understood why the cache misses on every deploy",
            "learning",
            "cue",
        ),
        ("- finished writing the proof", "progress", "cue"),
        ("- Finished by Friday, hopefully", "none", "no cue"),
        (
            "Finished the upgrade but now every request returns 500",
            "problem",
            "cue",
        ),
        ("Finished reading? Leave a comment below.", "none", "no cue"),
        (
            "- **Critical Realization**: latency is the real limit",
            "learning",
            "type label",
        ),
        (
            "> **Accomplished:** Finished Gantt and continued with UML",
            "progress",
            "type label",
        ),
        (
            "Accomplished: nothing yet",
            "none",
            "label with placeholder text",
        ),
        ("修复了视频播放速度异常的 bug", "progress", "cue"),
        ("视频播放出现 bug", "problem", "cue"),
        ("这个 bug 没有修复", "problem", "cue"),
        // Review's near-misses: a question in brackets, a stack chosen, a question answered,
        // a bold report, prose before a dash, a trailing-off report.
        (
            "Decided to drop Node 16 (why? See [#88](https://example.com/88))",
            "decision",
            "cue",
        ),
        (
            "Broken again? See [CI run](https://example.com/run): the deploy step fails",
            "problem",
            "cue",
        ),
        (
            "Decision: React / Vite / Tailwind",
            "decision",
            "type label",
        ),
        (
            "Decision: Postgres or MySQL? Postgres, we need JSONB.",
            "decision",
            "type label",
        ),
        ("**Fixed!**", "progress", "cue"),
        ("Fixed timestamp -- now stored in UTC", "progress", "cue"),
        (
            "The app crashes on startup, but only when...",
            "problem",
            "cue",
        ),
    ];
    assert_lines_read_as(&user, &dir, &lines);
}

/// A template's prompts (how much to write, prompts in a row, in Chinese and European
/// languages, numbers and names still to fill in), a fix announced for a release to come, and
/// a team's standing preferences, a topic's order under a decisions heading and bullets under
/// a Russian "key decisions" heading, as a user running `mind parse --lines` sees them; and a
/// decision log with such topics, parsed as a file.
#[test]
fn prompts_promises_and_preferences_read_as_written() {
    let user = User::new();
    let dir = user.folder("notes");
    let lines = [
        (
            "**Key Insight:** One sentence explaining WHY this matters.",
            "none",
            "label with template text",
        ),
        (
            "- Gotcha: what broke, why, and how to avoid it",
            "none",
            "label with template text",
        ),
        (
            "**Problem:** what went wrong or what was learned",
            "none",
            "label with template text",
        ),
        (
            "- **Gotcha**: 遇到了什么、该怎么绕开",
            "none",
            "label with template text",
        ),
        (
            "**Decisión:** qué se decidió",
            "none",
            "label with template text",
        ),
        (
            "**Shipped:** mt#X (PR #N), ...",
            "none",
            "label with placeholder text",
        ),
        (
            "Why we chose X over Y, so it isn't re-litigated later.",
            "none",
            "template text",
        ),
        (
            "Thank you for reporting. This issue will be fixed in 1.18.0.",
            "none",
            "promise of work to come",
        ),
        (
            "We prefer Go for core business logic and CLI tools.",
            "decision",
            "cue",
        ),
        (
            "I'd rather stick with Stack Overflow for answers.",
            "decision",
            "cue",
        ),
        ("Users prefer dark mode.", "none", "no cue"),
        // Entries beside them keep their types.
        (
            "- Decision: One line of config instead of a plugin",
            "decision",
            "type label",
        ),
        (
            "Resizing on the X and Y axes breaks the layout",
            "problem",
            "cue",
        ),
        ("This issue was fixed in 1.18.0.", "progress", "cue"),
        (
            "Login still fails on Safari; upstream says it will be fixed in 2.3",
            "problem",
            "cue",
        ),
        (
            "We prefer PRs against the develop branch.",
            "none",
            "no cue",
        ),
        (
            "Fixed: comment parsing breaks on nested quotes",
            "progress",
            "type label",
        ),
        ("Fix this please!!!", "none", "request for work"),
        (
            "See `memory-bank/known_issues.md` for tracked issues.",
            "none",
            "index of another file",
        ),
        ("707 tests pass (0 failures)", "none", "no cue"),
    ];
    assert_lines_read_as(&user, &dir, &lines);

    std::fs::write(
        dir.join("DECISIONS.md"),
        "# Decision Log\n\n## Decision\n\n\
         **Documentation Structure**: Follow the directory layout CLAUDE.md gives\n\
         **Status**: Accepted\n\n\
         ## Ключевые решения (и почему)\n\n\
         - JSON-метаданные + PNG-блобы в `~/Library/Application Support/`.\n\n\
         ## Follow-up work\n\n- Fix channel read receipts\n",
    )
    .unwrap();
    let got = typed_titles(&user, &dir, "DECISIONS.md");
    assert_eq!(
        got,
        vec![
            json!([
                "decision",
                "Documentation Structure: Follow the directory layout CLAUDE.md gives"
            ]),
            json!([
                "decision",
                "JSON-метаданные + PNG-блобы в `~/Library/Application Support/`."
            ]),
        ]
    );
}

/// A maintainer's close with its reason, a title's "not -ing", a defect still present, a
/// request to fix, a kind of fix handed over, labels inside a run-in sentence or before an
/// error message in code, tallies and ticked boxes, as a user running `mind parse --lines`
/// on a notes file sees them; and a lessons log whose bullets sit under each lesson's title,
/// parsed as a file.
#[test]
fn closes_titles_run_in_labels_and_lessons_logs_read_as_written() {
    let user = User::new();
    let dir = user.folder("notes");
    let lines = [
        (
            "Gonna close this as we are not going this route.",
            "decision",
            "cue",
        ),
        ("Thanks. Closing the issue.", "none", "no cue"),
        ("Flag not overriding config file", "problem", "symptom"),
        ("Still present after 0.4.3", "problem", "cue"),
        ("Please fix", "none", "request for work"),
        ("Hasnt been fixed yet", "problem", "cue"),
        ("OK, I've released a bug fix for that.", "progress", "cue"),
        (
            "**Decision: the firmware advertises on both networks**, and the",
            "decision",
            "type label",
        ),
        (
            "**Error:** `Could not dynamically require \"build/kzg.node\"`",
            "problem",
            "type label",
        ),
        (
            "- Learnings: 11 documented",
            "none",
            "label with a count, a measure or code",
        ),
        ("- [ \u{2705}] Bug fix", "none", "task item"),
    ];
    assert_lines_read_as(&user, &dir, &lines);

    std::fs::write(
        dir.join("LESSONS.md"),
        "# Lessons Log\n## 2026-07-25\n### 19. Cutting a single-file app\n\
         - Cut only at top-level boundaries, never mid-function.\n\
         ### Rationale\n- Splitting mid-function broke the build twice.\n",
    )
    .unwrap();
    let got = typed_titles(&user, &dir, "LESSONS.md");
    assert_eq!(
        got,
        vec![
            json!([
                "learning",
                "Cut only at top-level boundaries, never mid-function."
            ]),
            json!(["learning", "Splitting mid-function broke the build twice."]),
        ]
    );
}

/// Labels inside a line in bold, a lesson introduced with "the", an alternative with its
/// verdict, a fix branch's title, captions and the reproduction steps of issue threads, as
/// a user running `mind parse --lines` on a notes file sees them.
#[test]
fn labels_verdicts_captions_and_reproductions_read_as_written() {
    let user = User::new();
    let dir = user.folder("notes");
    let lines = [
        ("**Decision: no host migration.**", "decision", "type label"),
        (
            "**The Learning**: retries need a budget",
            "learning",
            "type label",
        ),
        (
            "- **Alternative Considered**: Create React App - rejected due to its config",
            "rejected",
            "type label",
        ),
        (
            "**Alternatives Considered:** MongoDB, PostgreSQL",
            "none",
            "field of another entry",
        ),
        ("Fix/caching issue", "progress", "type label"),
        (
            "Known issues for this release.",
            "none",
            "what a file or section collects",
        ),
        (
            "Create an ADR as to why Directus was chosen",
            "none",
            "no cue",
        ),
        ("SQLite chosen for simplicity", "decision", "cue"),
        ("When I click save nothing happens", "problem", "cue"),
        ("Builds stalled again overnight", "problem", "cue"),
        ("Update keeps crashing after the upgrade", "problem", "cue"),
        ("Merge fix for the upload memory leak", "progress", "cue"),
    ];
    assert_lines_read_as(&user, &dir, &lines);
}

#[test]
fn pasted_log_records_are_output_not_memories() {
    let env = Env::new();
    env.write(
        "notes.md",
        "[2026-01-05 10:12:01] ERROR failed to connect to the database: timeout\n\
         2026-01-05T10:12:01.120Z WARN retrying after the upload failed\n\
         2026-01-05 10:12:01 [error] worker crashed\n\
         ERROR: the build failed with exit code 2\n\
         2026-01-05: fixed the flaky upload test\n",
    );
    let out = env.ok(&["parse", "--lines", "notes.md"]);
    assert_eq!(
        out,
        "L1 none     0.00 [2026-01-05 10:12:01] ERROR failed to connect to the database: timeout (code)\n\
         L2 none     0.00 2026-01-05T10:12:01.120Z WARN retrying after the upload failed (code)\n\
         L3 none     0.00 2026-01-05 10:12:01 [error] worker crashed (code)\n\
         L4 problem  0.90 ERROR: the build failed with exit code 2 (type label)\n\
         L5 progress 0.60 2026-01-05: fixed the flaky upload test (cue)\n"
    );
}

#[test]
fn entities_carry_reasoning_status_dates_and_links() {
    let env = Env::new();
    env.write(
        "MEMORY.md",
        "## Gotchas\n- bcrypt is slow on ARM -> use argon2\n\n\
         ## 2026-01-14\n\
         decided: use Postgres over MySQL because we need JSONB\n\
         problem: uploads fail on Safari\n\
         problem: the API returns 500 on large payloads\n\
         ## 2026-01-15 (continued)\n\
         fixed: large payloads now stream, the API 500 is gone\n\
         decided: use REST [superseded] see [[MEMORY#L5]]\n\
         problem: deploy blocked by the legal review\n",
    );
    let records = jsonl(&env.ok(&["parse", "MEMORY.md", "--json"]));
    assert_eq!(records.len(), 7);
    let gotcha = &records[0];
    assert_eq!(gotcha["type"], "gotcha");
    assert_eq!(gotcha["title"], "bcrypt is slow on ARM");
    assert_eq!(gotcha["workaround"], "use argon2");
    assert_eq!(gotcha["date"], Value::Null);
    assert_eq!(gotcha["line"], 2);

    let decision = &records[1];
    assert_eq!(
        decision["text"],
        "decided: use Postgres over MySQL because we need JSONB"
    );
    assert_eq!(
        decision["title"],
        "use Postgres over MySQL because we need JSONB"
    );
    assert_eq!(decision["reasoning"], "we need JSONB");
    assert_eq!(decision["alternatives"], json!(["MySQL"]));
    assert_eq!(decision["date"], "2026-01-14");
    assert_eq!(decision["confidence"], json!(0.9));
    assert_eq!(decision["key"], false);
    assert_eq!(decision["status"], Value::Null);

    assert_eq!(records[2]["status"], "open");
    assert_eq!(records[3]["status"], "resolved");
    assert_eq!(records[3]["resolved_by"], 9);
    assert_eq!(records[4]["type"], "progress");
    assert_eq!(records[4]["date"], "2026-01-15");
    assert_eq!(records[5]["superseded"], true);
    assert_eq!(records[5]["links"], json!(["MEMORY#L5"]));
    assert_eq!(records[6]["status"], "blocked");
}

#[test]
fn default_file_is_memory_md_and_reads_what_log_writes() {
    let env = Env::initialised();
    for (kind, message) in [
        ("decision", "use JWT because sessions need sticky routing"),
        ("problem", "Safari drops the session cookie"),
        ("learning", "cookies need SameSite=None with Secure"),
        ("progress", "Safari session cookie is sent again"),
        ("gotcha", "the CDN caches 301 redirects forever"),
        ("decision", "KEY: never store tokens in localStorage"),
    ] {
        env.ok(&["log", kind, message]);
    }
    let records = jsonl(&env.ok(&["parse", "--json"]));
    let got: Vec<(&str, &str, bool)> = records
        .iter()
        .map(|r| {
            (
                r["type"].as_str().unwrap(),
                r["title"].as_str().unwrap(),
                r["key"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "decision",
                "use JWT because sessions need sticky routing",
                false
            ),
            ("problem", "Safari drops the session cookie", false),
            ("learning", "cookies need SameSite=None with Secure", false),
            ("progress", "Safari session cookie is sent again", false),
            ("gotcha", "the CDN caches 301 redirects forever", false),
            ("decision", "never store tokens in localStorage", true),
        ]
    );
    assert!(records.iter().all(|r| r["date"] == "2026-01-15"));
    assert_eq!(records[0]["reasoning"], "sessions need sticky routing");
    // The later progress entry on the same subject closes the problem.
    assert_eq!(records[1]["status"], "resolved");
}

#[test]
fn human_output_lists_entities_with_notes() {
    let env = Env::new();
    env.write(
        "m.md",
        "## 2026-01-14\nproblem: uploads fail on Safari\ndecided: KEY: use JWT\n",
    );
    assert_eq!(
        env.ok(&["parse", "m.md"]),
        "L2 problem  0.90 uploads fail on Safari (2026-01-14, open)\n\
         L3 decision 0.90 KEY use JWT (2026-01-14)\n"
    );
}

#[test]
fn several_files_name_the_file_of_each_entity() {
    let env = Env::new();
    env.write("a.md", "decided: use rust\n");
    env.write("b.md", "learned: cargo caches builds\n");
    let records = jsonl(&env.ok(&["parse", "a.md", "b.md", "--json"]));
    assert_eq!(records.len(), 2);
    assert!(records[0]["file"].as_str().unwrap().ends_with("a.md"));
    assert!(records[1]["file"].as_str().unwrap().ends_with("b.md"));
}

#[test]
fn a_missing_file_fails_before_printing_anything() {
    let env = Env::new();
    env.write("a.md", "decided: use rust\n");
    let out = env
        .mind(&["parse", "a.md", "missing.md", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("missing.md: no such file"), "{stderr}");
}

#[test]
fn without_a_project_the_default_file_is_an_error() {
    let env = Env::new();
    let out = env.mind(&["parse"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

#[test]
fn invalid_utf8_is_read_lossily() {
    let env = Env::new();
    env.write("bad.md", b"decided: use caf\xe9 names\n".as_slice());
    let records = jsonl(&env.ok(&["parse", "bad.md", "--json"]));
    assert_eq!(records[0]["title"], "use caf\u{fffd} names");
}

#[test]
fn every_real_file_parses() {
    let env = Env::new();
    let dir = fixture("real");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let file = path.to_str().unwrap();
        for args in [
            vec!["parse", file, "--json"],
            vec!["parse", "--lines", file, "--json"],
            vec!["parse", file],
        ] {
            let out = env.ok(&args);
            if args.contains(&"--lines") {
                let lines = std::fs::read_to_string(&path).unwrap().lines().count();
                assert_eq!(out.lines().count(), lines, "{file}");
            }
        }
        count += 1;
    }
    assert_eq!(count, 15);
}

#[test]
fn inputs_the_fuzzer_found_parse() {
    let env = Env::new();
    for entry in std::fs::read_dir(fixture("fuzz")).unwrap() {
        let path = entry.unwrap().path();
        env.ok(&["parse", path.to_str().unwrap(), "--json"]);
        env.ok(&["parse", "--lines", path.to_str().unwrap()]);
    }
}

#[test]
fn real_mind_memory_file() {
    // A MEMORY.md from a project using the Python Mind, with hand-written sections.
    let env = Env::new();
    let file = fixture("real/vibeforge1111__vibeship-spawner-ui__MEMORY.md");
    let got = entities(&env, file.to_str().unwrap());
    let count = |t: &str| got.iter().filter(|(k, _)| k == t).count();
    // Three `**What:**` records under `## Decisions`, seven bullets under `## Learnings`,
    // and 28 logged lines whose label decides (8 decided, 4 learned, 16 fixed): every
    // logged line is an entity of its label's type, whatever its body says.
    assert_eq!(got.len(), 38);
    assert_eq!(
        (
            count("decision"),
            count("learning"),
            count("progress"),
            count("problem")
        ),
        (3 + 8, 7 + 4, 16, 0)
    );
    assert_eq!(
        got[0],
        (
            "decision".into(),
            "Created comprehensive interactive tutorial system for Spawner onboarding".into()
        )
    );
    assert_eq!(
        got[3],
        (
            "learning".into(),
            "Real MCP connections work via `@modelcontextprotocol/sdk`".into()
        )
    );
    // "decided: Fixed PRD analyzer ..." is a decision: the label wins.
    assert!(got.contains(&(
        "decision".into(),
        "Fixed PRD analyzer (prd-analyzer.ts) to generate dynamic workflows instead of hardcoded 12 features/13 tasks/12 connections. Key changes: (1) Made infrastructure tasks conditional (needsFrontend, needsBackend, needsAuth, needsDatabase, needsDeployment, needsTesting), (2) Removed slice(0,5) limit on feature tasks, (3) Improved extractFeatures() with 5 detection methods (bullets, headings, user stories, paragraph patterns, keyword detection), (4) Different PRDs now generate different workflows. Also fixed duplicate keys in h70-skill-matcher.ts (dashboard, pdf, pipeline). Documented all rules in CLAUDE.md to prevent regression.".into()
    )));
    // Field lines (`**Why:**`, `**Tab Order:**`, `**Stack:**`), the quoted philosophy and
    // the detail lists are not entities.
    let lines: Vec<u64> = jsonl(&env.ok(&["parse", file.to_str().unwrap(), "--json"]))
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    for field_line in [7, 12, 15, 21, 48] {
        assert!(!lines.contains(&field_line), "line {field_line}");
    }
}

#[test]
fn real_decision_log() {
    // A memory-bank decision log: `**Context:**` / `**Decision:**` / `**Alternatives
    // Considered:**` fields under dated headings.
    let env = Env::new();
    let file = fixture("real/AIgen-Solutions-s-r-l__fastapi-auth-service__decisionLog.md");
    let records = jsonl(&env.ok(&["parse", file.to_str().unwrap(), "--json"]));
    let got: Vec<(&str, &str, &str)> = records
        .iter()
        .map(|r| {
            (
                r["type"].as_str().unwrap(),
                r["date"].as_str().unwrap(),
                r["title"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "problem",
                "2025-03-06",
                "This creates a security issue as unverified users can access the system."
            ),
            (
                "decision",
                "2025-03-06",
                "Modify the login endpoint to check if a user's email is verified before issuing a JWT token."
            ),
            (
                "decision",
                "2025-03-06",
                "Return a 403 Forbidden response with a clear message if a user attempts to log in without verifying their email."
            ),
            (
                "decision",
                "2025-03-06",
                "Update tests to reflect this new behavior."
            ),
            (
                "problem",
                "2025-03-14",
                "The service experienced database connection issues that weren't properly handled or reported."
            ),
            (
                "problem",
                "2025-03-14",
                "User-facing errors don't provide appropriate status codes or recovery information."
            ),
            (
                "problem",
                "2025-03-14",
                "No retry mechanisms exist for transient database failures."
            ),
            (
                "decision",
                "2025-03-14",
                "Implement a comprehensive database error handling strategy with:"
            ),
        ]
    );
}

#[test]
fn real_gotchas_and_progress_files() {
    let env = Env::new();
    let gotchas = entities(
        &env,
        fixture("real/quantmind-br__repodocs-go__serena-gotchas.md")
            .to_str()
            .unwrap(),
    );
    // `# Known Gotchas and Important Notes` types every statement below it.
    assert!(gotchas.iter().all(|(k, _)| k == "gotcha"));
    assert!(gotchas.contains(&(
        "gotcha".into(),
        "Be aware of potential resource leaks".into()
    )));
    assert!(gotchas.contains(&(
        "gotcha".into(),
        "Builds use `CGO_ENABLED=0` for fully static binaries. This affects:".into()
    )));

    let progress = jsonl(
        &env.ok(&[
            "parse",
            fixture("real/0xmichalis__nftbk__progress.md")
                .to_str()
                .unwrap(),
            "--json",
        ]),
    );
    // Feature inventories (✅/⬜ lists) and milestones are not memories; the numbered
    // `## Known Issues` are problems, the struck-through one resolved by its ✅ Fixed line.
    let got: Vec<(&str, &str)> = progress
        .iter()
        .map(|r| {
            (
                r["type"].as_str().unwrap(),
                r["status"].as_str().unwrap_or("-"),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("problem", "open"),
            ("problem", "open"),
            ("problem", "open"),
            ("problem", "resolved"),
            ("progress", "-"),
        ]
    );
}

#[test]
fn recall_builds_the_block_from_entities() {
    let mut env = Env::initialised();
    env.at("2026-01-01T09:00:00Z");
    env.ok(&[
        "log",
        "decision",
        "use sqlite for now because there is no server",
    ]);
    env.ok(&["log", "problem", "uploads fail on Safari"]);
    env.at("2026-01-20T09:00:00Z");
    env.ok(&[
        "log",
        "decision",
        "use GraphQL over REST because mobile needs it",
    ]);
    env.ok(&["log", "learning", "KEY: tokens are scoped per workspace"]);
    env.ok(&["recall"]);
    let claude = env.read("CLAUDE.md");
    let block = claude
        .split("## Key (Never Forget)")
        .nth(1)
        .expect("key section")
        .split("<!-- MIND:END -->")
        .next()
        .unwrap();
    assert_eq!(
        block,
        "
- [learning] tokens are scoped per workspace

## Recent Decisions
- use GraphQL over REST because mobile needs it (2026-01-20)
- use sqlite for now because there is no server (2026-01-01)

## Open Loops
- [!] uploads fail on Safari (2026-01-01) - unresolved
- [?] use sqlite for now because there is no server (2026-01-01) - still valid?

## Continue From
Last (learning): tokens are scoped per workspace (2026-01-20)
"
    );
}

/// (text, type, reason) of every line `mind parse --lines FILE --json` prints.
fn line_types(env: &Env, file: &str) -> Vec<(String, String, String)> {
    jsonl(&env.ok(&["parse", "--lines", file, "--json"]))
        .into_iter()
        .map(|r| {
            (
                r["text"].as_str().unwrap().to_string(),
                r["type"].as_str().unwrap().to_string(),
                r["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn typed(text: &str, kind: &str, reason: &str) -> (String, String, String) {
    (text.to_string(), kind.to_string(), reason.to_string())
}

/// The recall block as written to CLAUDE.md.
fn recall_block(env: &Env) -> String {
    env.ok(&["recall"]);
    env.read("CLAUDE.md")
}

#[test]
fn issue_title_symptoms_are_problems_and_show_as_open_loops() {
    let mut env = Env::initialised();
    env.write(
        "titles.md",
        "Tooltip flickers on hover in Firefox\n\
         Cron job fires an hour late after DST\n\
         Settings not saved after restart\n\
         API returns null for deleted users\n\
         Prevent flicker when the tooltip opens\n\
         The CLI prints a warning when the config is missing\n",
    );
    assert_eq!(
        line_types(&env, "titles.md"),
        vec![
            typed("Tooltip flickers on hover in Firefox", "problem", "symptom"),
            typed(
                "Cron job fires an hour late after DST",
                "problem",
                "symptom"
            ),
            typed("Settings not saved after restart", "problem", "symptom"),
            typed("API returns null for deleted users", "problem", "symptom"),
            typed("Prevent flicker when the tooltip opens", "none", "no cue"),
            typed(
                "The CLI prints a warning when the config is missing",
                "none",
                "no cue"
            ),
        ]
    );
    // Logged without a type, the same words are typed by the same engine, written as a
    // problem and shown among the open loops.
    env.at("2026-02-01T09:00:00Z");
    env.ok(&["log", "Tooltip flickers on hover in Firefox"]);
    assert!(
        env.read(".mind/MEMORY.md")
            .contains("problem: Tooltip flickers on hover in Firefox\n")
    );
    assert!(
        recall_block(&env)
            .contains("- [!] Tooltip flickers on hover in Firefox (2026-02-01) - unresolved\n")
    );
}

#[test]
fn legends_templates_and_code_lines_are_not_entries() {
    let env = Env::initialised();
    let legend = "## Legend\n\
                  - gotcha: Something that surprised you\n\
                  - decided: What you chose and why\n\
                  - problem: A bug or blocker you hit\n\
                  - Problem: a reported defect that is still open\n\
                  learned: [lesson here]\n\
                  if (!decided) throw new Error(\"not decided\");\n";
    env.write("legend.md", legend);
    let got = line_types(&env, "legend.md");
    let kinds: Vec<&str> = got.iter().map(|(_, k, _)| k.as_str()).collect();
    assert_eq!(kinds, vec!["none"; 7]);
    assert_eq!(got[1].2, "label with template text");
    assert_eq!(got[5].2, "label with placeholder text");
    assert_eq!(got[6].2, "code");
    // In MEMORY.md the legend adds nothing to the context block.
    let memory = env.read(".mind/MEMORY.md");
    env.write(".mind/MEMORY.md", format!("{memory}\n{legend}"));
    assert_eq!(env.ok(&["parse", "--json"]), "");
    let block = recall_block(&env);
    assert!(!block.contains("surprised"), "{block}");
    assert!(!block.contains("defect"), "{block}");
}

#[test]
fn plans_rules_and_hypotheticals_are_not_entries() {
    let env = Env::new();
    env.write(
        "plan.md",
        "## TODO\n\
         - Fix lint warnings\n\
         - decided: keep the CLI flags stable\n\
         ## Day 2\n\
         **Objectives:**\n\
         - Fix configuration issues\n\
         we might decide later\n\
         - Stuck for more than an hour? Ask in the channel.\n\
         - Fix lint warnings\n",
    );
    assert_eq!(
        line_types(&env, "plan.md"),
        vec![
            typed("## TODO", "none", "heading"),
            typed("- Fix lint warnings", "none", "plan item"),
            // A type label still says what a line is, wherever it stands.
            typed(
                "- decided: keep the CLI flags stable",
                "decision",
                "type label"
            ),
            typed("## Day 2", "none", "heading"),
            typed("**Objectives:**", "none", "field of another entry"),
            typed("- Fix configuration issues", "none", "plan item"),
            // A paragraph ends the field's list.
            typed("we might decide later", "none", "no cue"),
            typed(
                "- Stuck for more than an hour? Ask in the channel.",
                "none",
                "advice for a condition"
            ),
            // Outside a plan, the same words report a fix (a changelog line).
            typed("- Fix lint warnings", "progress", "cue"),
        ]
    );
}

#[test]
fn pipes_and_semicolons_inside_sentences_are_prose() {
    let env = Env::new();
    env.write(
        "notes.md",
        "Piping the log through grep | sort | uniq silently drops lines with tabs\n\
         The upload fails when the file is over 2 GB;\n\
         2025-12-13 | fixed auth | mood: good\n\
         SELECT * FROM jobs WHERE state = 'failed';\n\
         - blocked by signed authority;\n",
    );
    assert_eq!(
        line_types(&env, "notes.md"),
        vec![
            typed(
                "Piping the log through grep | sort | uniq silently drops lines with tabs",
                "problem",
                "cue"
            ),
            typed(
                "The upload fails when the file is over 2 GB;",
                "problem",
                "cue"
            ),
            typed(
                "2025-12-13 | fixed auth | mood: good",
                "none",
                "table or summary line"
            ),
            typed(
                "SELECT * FROM jobs WHERE state = 'failed';",
                "none",
                "fragment or statement"
            ),
            typed(
                "- blocked by signed authority;",
                "none",
                "fragment or statement"
            ),
        ]
    );
}

#[test]
fn parent_headings_type_bullets_under_neutral_subheadings() {
    let env = Env::initialised();
    let notes = "## Things that bit us\n\
                 ### Frontend\n\
                 - The date picker uses the browser locale, not the app's\n\
                 ### Backend\n\
                 - Cron runs in UTC on the server\n\
                 ## A bit of history\n\
                 - The app started as a weekend project\n";
    env.write("notes.md", notes);
    let kinds: Vec<String> = line_types(&env, "notes.md")
        .into_iter()
        .map(|(_, k, _)| k)
        .collect();
    assert_eq!(
        kinds,
        vec!["none", "none", "gotcha", "none", "gotcha", "none", "none"]
    );
    let memory = env.read(".mind/MEMORY.md");
    env.write(".mind/MEMORY.md", format!("{memory}\n{notes}"));
    let block = recall_block(&env);
    let gotchas = block.split("## Gotchas").nth(1).expect("gotchas section");
    assert!(
        gotchas.contains("- Cron runs in UTC on the server"),
        "{block}"
    );
    assert!(
        gotchas.contains("- The date picker uses the browser locale, not the app's"),
        "{block}"
    );
    assert!(!block.contains("weekend project"), "{block}");
}

#[test]
fn a_long_heading_is_an_entrys_title_and_does_not_make_its_lines_plans() {
    // "flags" in a category heading ("## Flags for review") makes what follows open
    // questions; in an entry's title it is the topic, and the gotcha heading above still
    // types the line.
    let env = Env::initialised();
    env.write(
        "notes.md",
        "## Gotchas
         ### Rebase-only merges — don't trust the repo-settings API's flags
         - A ruleset enforcing rebase-only merges can make squash merges fail
         ## Flags for review
         - The ruleset may also block merge commits
",
    );
    let kinds: Vec<(String, String)> = line_types(&env, "notes.md")
        .into_iter()
        .map(|(_, k, reason)| (k, reason))
        .collect();
    assert_eq!(
        kinds[2],
        ("gotcha".to_string(), "gotcha heading".to_string())
    );
    assert_eq!(kinds[4].0, "none");
}

#[test]
fn a_user_logs_without_a_type_and_the_parser_decides() {
    // As a user runs it: a temp HOME, a real git repository, no MIND_* but the clock.
    let user = User::new();
    let project = user.project("shop", &["init"]);
    user.ok(
        &project,
        &["log", "we", "decided", "against", "Redis", "-", "overkill"],
    );
    user.ok(
        &project,
        &["log", "decision", "we decided against GraphQL for now"],
    );
    user.ok(
        &project,
        &[
            "log",
            "Search results show duplicate entries after pagination",
        ],
    );
    user.ok(&project, &["log", "assuming the API is stable"]);
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains("decided against: Redis - overkill\n"),
        "{memory}"
    );
    // A decision whose words rule something out is kept as the rejection it is.
    assert!(
        memory.contains("decided against: GraphQL for now\n"),
        "{memory}"
    );
    assert!(
        memory.contains("problem: Search results show duplicate entries after pagination\n"),
        "{memory}"
    );
    let session = std::fs::read_to_string(project.join(".mind/SESSION.md")).unwrap();
    let assumptions = session.split("## Assumptions").nth(1).expect("assumptions");
    assert!(
        assumptions.contains("- assuming the API is stable"),
        "{session}"
    );
}

#[test]
fn legends_tallies_code_and_promises_open_no_loop() {
    // As a user runs it: a temp HOME, a real git repository, no MIND_* but the clock. A
    // MEMORY.md carried over from another tool, with its entry legend, a review tally, a
    // pasted query and a reply that promises a fix.
    let user = User::new();
    let project = user.project("shop", &["init"]);
    let memory_path = project.join(".mind/MEMORY.md");
    let mut memory = std::fs::read_to_string(&memory_path).unwrap();
    memory.push_str(
        "\n## Entry format\n\
         - problem: Short summary\n\
         **Problem**: What went wrong\n\
         \n## 2026-01-14\n\
         - **Fixed:** 4 | **Open:** 2\n\
         - amount DECIMAL(10,2),  -- fixed: was FLOAT before\n\
         - Thanks for the crash report, I'll fix the importer tomorrow\n\
         - v1.4.2 is released\n\
         - Export button not clickable on mobile\n",
    );
    std::fs::write(&memory_path, memory).unwrap();
    let found: Vec<(String, String)> = jsonl(&user.ok(&project, &["parse", "--json"]))
        .iter()
        .map(|e| {
            (
                e["type"].as_str().unwrap().to_string(),
                e["title"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        vec![
            ("progress".to_string(), "v1.4.2 is released".to_string()),
            (
                "problem".to_string(),
                "Export button not clickable on mobile".to_string()
            ),
        ]
    );
    user.ok(&project, &["recall"]);
    let block = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    let open = block.split("## ").find(|s| s.starts_with("Open Loops"));
    let open = open.unwrap_or_else(|| panic!("open loops listed: {block}"));
    assert!(
        open.contains("Export button not clickable on mobile"),
        "{open}"
    );
    for legend in ["Short summary", "What went wrong", "importer", "DECIMAL"] {
        assert!(!block.contains(legend), "{legend} in the block: {block}");
    }
}

mod props {
    use mind::classify::{memory_line, reads_back_otherwise};
    use mind::parse::{EntryType, classify_line, parse_document};
    use proptest::prelude::*;

    fn kind() -> impl Strategy<Value = EntryType> {
        prop::sample::select(EntryType::ALL.to_vec())
    }

    /// A type and a message as `mind log` takes them, without the ones whose label's value the
    /// parser reads as no entry by design ("learned: why", "decided: {choice}", "learned: why
    /// X?": template text, a format slot, a question, a placeholder, a bare count): those are
    /// kept in MEMORY.md, read as nothing, and `mind log` warns so. Any other reason a logged
    /// line reads back otherwise is a failure of the properties below.
    fn logged() -> impl Strategy<Value = (EntryType, String)> {
        (kind(), message()).prop_filter("mind log warns its value is no entry", |(k, m)| {
            !matches!(
                reads_back_otherwise(*k, &memory_line(*k, m)),
                Some((None, reason)) if reason.starts_with("label with")
            )
        })
    }

    /// A message someone would log: words (with some punctuation). Those that say nothing
    /// ("tbd", "why") are left out by [`logged`], as the parser reads them.
    fn message() -> impl Strategy<Value = String> {
        let word = prop_oneof![
            "[a-z]{3,10}",
            "[A-Z][a-z]{2,8}",
            "[a-z]{1,6}[0-9]{0,3}",
            prop::sample::select(vec![
                "because",
                "over",
                "instead",
                "of",
                "not",
                "KEY:",
                "fixed",
                "decided",
                "problem",
                "turns",
                "out",
                "stuck",
                "on",
                "?",
                "-",
                "->",
                "`code`",
                "**bold**",
                "[[link]]",
                "TIL",
                "issue",
                "error",
                "would",
                "if",
                "Next:",
                "[superseded]",
                "todo",
                "none",
            ])
            .prop_map(str::to_string),
        ];
        (
            "[a-z]{3,10}",
            prop::collection::vec(word, 0..12),
            prop::sample::select(vec!["", ".", "!", "?", ";", ":"]),
        )
            .prop_map(|(first, rest, end)| {
                let mut m = first;
                for w in rest {
                    m.push(' ');
                    m.push_str(&w);
                }
                m.push_str(end);
                m
            })
    }

    // 256 cases each by default; `PROPTEST_CASES=100000 cargo test --release --test cli
    // parse::props` for a long run.
    proptest! {

        #[test]
        fn parsing_never_panics(text in "\\PC*", lines in prop::collection::vec("[ #>*_`~|<!\\-\\[\\]a-zA-Z0-9:→.?]{0,40}", 0..30)) {
            let doc = parse_document(&text);
            for e in &doc.entities {
                prop_assert!(e.line >= 1 && e.line <= text.lines().count());
                prop_assert!((0.0..=1.0).contains(&e.confidence));
            }
            let joined = lines.join("\n");
            let doc = parse_document(&joined);
            for e in &doc.entities {
                prop_assert_eq!(e.text.as_str(), joined.lines().nth(e.line - 1).unwrap().trim().split("<!--").next().unwrap().trim_end());
            }
            for line in text.lines().chain(joined.lines()) {
                let _ = classify_line(line, None);
                let _ = classify_line(line, Some(EntryType::Gotcha));
            }
        }

        #[test]
        fn logged_lines_read_back_as_their_type((kind, message) in logged()) {
            let line = memory_line(kind, &message);
            let found = classify_line(&line, None);
            prop_assert_eq!(found.map(|c| c.kind), Some(kind), "{}", line);
        }

        #[test]
        fn a_logged_memory_file_reads_back_in_order(entries in prop::collection::vec(logged(), 1..20)) {
            let mut memory = String::from("# project\n\n## Project State\n- Goal:\n- Blocked: None\n\n## 2026-01-15\n\n");
            for (kind, message) in &entries {
                memory.push_str(&memory_line(*kind, message));
                memory.push('\n');
            }
            let doc = parse_document(&memory);
            let got: Vec<EntryType> = doc.entities.iter().map(|e| e.kind).collect();
            let want: Vec<EntryType> = entries.iter().map(|(k, _)| *k).collect();
            prop_assert_eq!(got, want);
            prop_assert!(doc.entities.iter().all(|e| e.date.map(|d| d.to_string()) == Some("2026-01-15".into())));
        }
    }
}

#[test]
fn rejections_keep_their_polarity_in_every_phrasing() {
    let env = Env::new();
    env.write(
        "notes.md",
        "# Notes\n\n## 2026-01-14\n\
         decided: use Postgres over MySQL because we need jsonb columns\n\
         decided against: bumping the timeout to 60s - still fails under load\n\
         - Ruled out: Kafka - too heavy for three services\n\
         - **Rejected:** GraphQL subscriptions\n\
         We ruled out SQLite because of concurrent writes\n\
         tried raising the pool size, didn't work\n\
         We decided against Redis because the data fits in memory\n\n\
         ## Rejected approaches\n\
         - a second cache layer in front of the CDN\n\n\
         ## Log\n\
         the server rejected the request with a 413\n\
         tried the nightly build and it works\n",
    );
    let records = jsonl(&env.ok(&["parse", "notes.md", "--json"]));
    let got: Vec<(String, String, Value)> = records
        .iter()
        .map(|e| {
            (
                e["type"].as_str().unwrap().to_string(),
                e["title"].as_str().unwrap().to_string(),
                e["reasoning"].clone(),
            )
        })
        .collect();
    let rejected = |title: &str, why: Value| ("rejected".to_string(), title.to_string(), why);
    assert_eq!(
        got,
        vec![
            (
                "decision".to_string(),
                "use Postgres over MySQL because we need jsonb columns".to_string(),
                json!("we need jsonb columns")
            ),
            rejected(
                "bumping the timeout to 60s - still fails under load",
                json!("still fails under load")
            ),
            rejected(
                "Kafka - too heavy for three services",
                json!("too heavy for three services")
            ),
            rejected("GraphQL subscriptions", Value::Null),
            rejected(
                "SQLite because of concurrent writes",
                json!("of concurrent writes")
            ),
            rejected("raising the pool size, didn't work", Value::Null),
            rejected(
                "Redis because the data fits in memory",
                json!("the data fits in memory")
            ),
            rejected("a second cache layer in front of the CDN", Value::Null),
            (
                "problem".to_string(),
                "the server rejected the request with a 413".to_string(),
                Value::Null
            ),
            // An attempt that worked confirms a fix.
            (
                "progress".to_string(),
                "tried the nightly build and it works".to_string(),
                Value::Null
            ),
        ],
        "{records:#?}"
    );
    // Line by line, the same verdicts.
    let lines = jsonl(&env.ok(&["parse", "--lines", "notes.md", "--json"]));
    assert_eq!(lines[5]["type"], "rejected");
    assert_eq!(lines[5]["reason"], "type label");
    assert_eq!(lines[9]["type"], "rejected");
    assert_eq!(lines[9]["reason"], "cue");
}

mod one_engine {
    //! `mind log`, capture and the parser type text with one engine: on every line of the
    //! evaluation sets they agree.

    use std::path::PathBuf;

    use mind::capture::rules::{from_comment, from_message};
    use mind::classify::{LogKind, classify};
    use mind::parse::{EntryType, classify_line};
    use mind::store::session_file::Section;

    /// The evaluation sets in the repository, and the development set beside it when there.
    fn eval_lines() -> Vec<String> {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        // Every labelled set under `tests/eval/`, held-out and training alike.
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("tests/eval"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.extension().is_some_and(|e| e == "jsonl")
                    && p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with("parser-"))
            })
            .collect();
        files.sort();
        assert!(files.len() >= 20, "{files:?}");
        files.extend([
            root.join("tests/fixtures/parser-holdout.jsonl"),
            root.join("tests/fixtures/parser-holdout-2.jsonl"),
            root.join("tests/fixtures/parser-holdout-3.jsonl"),
        ]);
        let dev = root.join("../shared/eval/parser-dev.jsonl");
        if dev.exists() {
            files.push(dev);
        }
        let mut lines = Vec::new();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for record in text.lines().filter(|l| !l.trim().is_empty()) {
                let value: serde_json::Value = serde_json::from_str(record).unwrap();
                lines.push(value["text"].as_str().unwrap().trim().to_string());
            }
        }
        assert!(lines.len() > 500, "{} lines", lines.len());
        lines
    }

    /// The memory type a `mind log` destination stands for: a session blocker is a problem,
    /// a session rejection a rejection; experiences, assumptions and next steps are no memory.
    fn memory_type(kind: LogKind) -> Option<EntryType> {
        match kind {
            LogKind::Memory(kind) => Some(kind),
            LogKind::Session(Section::Rejected) => Some(EntryType::Rejected),
            LogKind::Session(Section::Blockers) => Some(EntryType::Problem),
            LogKind::Session(_) => None,
            // A `Next:` line is a next step, no entry.
            LogKind::Next => None,
        }
    }

    #[test]
    fn log_capture_and_parser_give_every_eval_line_the_same_type() {
        let mut disagreements = Vec::new();
        for line in eval_lines() {
            let classified = classify_line(&line, None);
            let parser = classified.as_ref().map(|c| c.kind);
            let log = memory_type(classify(&line).kind);
            // A `MEMORY:` comment the parser types keeps its type, except a problem it reads
            // without a label (a note in code states what holds there); anything else is a
            // plain learning, or nothing when even that would not read back as an entry.
            // The comment harvester reads a comment's text: an HTML comment line is judged by
            // what it says inside the markers, which the parser reads as none in a document.
            // A comment that goes on to the next line has only its opening marker here.
            let inside = line
                .strip_prefix("<!--")
                .map(|rest| rest.strip_suffix("-->").unwrap_or(rest).trim());
            let comment = from_comment(inside.unwrap_or(&line)).map(|h| h.kind);
            let said = match inside {
                Some(inside) => classify_line(inside, None),
                None => classified.clone(),
            };
            let labelled = said
                .as_ref()
                .is_some_and(|c| c.reason == mind::parse::TYPE_LABEL);
            let comment_ok = match said.as_ref().map(|c| c.kind) {
                Some(EntryType::Problem) if !labelled => {
                    matches!(comment, None | Some(EntryType::Learning))
                }
                Some(kind) => comment == Some(kind),
                None => matches!(comment, None | Some(EntryType::Learning)),
            };
            // A commit line is a memory only with a label; when it is one, its type is the
            // parser's.
            let commit: Vec<EntryType> = from_message(&line, true)
                .into_iter()
                .map(|h| h.kind)
                .collect();
            let commit_ok = commit.iter().all(|k| Some(*k) == parser);
            if log != parser || !comment_ok || !commit_ok {
                disagreements.push(format!(
                    "{line:?}: parser {parser:?}, log {log:?}, comment {comment:?}, commit {commit:?}"
                ));
            }
        }
        assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    }
}

/// A fix of another thing in words that otherwise match the problem (another character, OS,
/// component) closes nothing, whether logged or committed; a reworded fix of the same thing
/// still does. Run as a person runs it: temp HOME, real git, hooks installed.
#[test]
fn a_fix_of_another_thing_leaves_the_problem_open() {
    let user = common::User::new();
    let project = user.project("work/app", &["init", "--hooks"]);
    for text in [
        "search crashes on queries with emoji",
        "memory leak in the image resizer",
        "image upload fails on iOS Safari",
        "the upload endpoint crashes on files over 10MB",
    ] {
        user.ok(&project, &["log", "problem", text]);
    }
    user.ok(
        &project,
        &["log", "fixed", "search crashes on queries with quotes"],
    );
    user.ok(
        &project,
        &["log", "fixed", "memory leak in the thumbnail cache"],
    );
    user.ok(
        &project,
        &[
            "log",
            "fixed",
            "the upload endpoint no longer crashes on big files",
        ],
    );
    user.commit_file(
        &project,
        "upload.rs",
        "fn upload() {}\n",
        "Android upload\n\nfixed: image upload fails on Android Chrome",
    );
    let block = user.ok(&project, &["recall"]);
    let open = |title: &str| {
        block
            .lines()
            .any(|l| l.starts_with("- ") && l.contains(title) && l.contains("unresolved"))
    };
    assert!(open("queries with emoji"), "{block}");
    assert!(open("image resizer"), "{block}");
    assert!(open("iOS Safari"), "{block}");
    assert!(!block.contains("files over 10MB"), "{block}");
}

#[test]
fn standard_input_binary_files_folders_and_several_files_each_get_their_answer() {
    // As a user runs it: a temp HOME, no project.
    let user = User::new();
    let dir = user.folder("notes");
    std::fs::write(dir.join("a.md"), "decided: use JWT\nplain words\n").unwrap();
    std::fs::write(dir.join("b.md"), "Turns out the cache is per user\n").unwrap();
    let mut image = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    image.extend_from_slice(b"\ndecided: inside a binary file\n");
    std::fs::write(dir.join("logo.png"), &image).unwrap();

    // `-` is standard input, named `-` beside other files.
    user.mind(&dir, &["parse", "-"])
        .write_stdin("problem: uploads fail on Safari\n")
        .assert()
        .success()
        .stdout("L1 problem  0.90 uploads fail on Safari (open)\n");
    user.mind(&dir, &["parse", "--lines", "-", "b.md"])
        .write_stdin("decided: use JWT\n")
        .assert()
        .success()
        .stdout(
            "-:1 decision 0.90 decided: use JWT (type label)\n\
             b.md:1 learning 0.60 Turns out the cache is per user (cue)\n",
        );
    user.mind(&dir, &["parse", "-", "-"])
        .write_stdin("decided: use JWT\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "standard input (`-`) can be parsed only once",
        ));

    // `--lines --json` says where each line is: its number, and its file with several.
    let records = jsonl(&user.ok(&dir, &["parse", "--lines", "--json", "a.md", "b.md"]));
    let got: Vec<Value> = records
        .iter()
        .map(|r| json!([r["file"], r["line"], r["type"]]))
        .collect();
    assert_eq!(
        got,
        vec![
            json!(["a.md", 1, "decision"]),
            json!(["a.md", 2, "none"]),
            json!(["b.md", 1, "learning"]),
        ]
    );
    let one = jsonl(&user.ok(&dir, &["parse", "--lines", "--json", "b.md"]));
    assert_eq!(one[0].get("file"), None);
    assert_eq!(one[0]["line"], 1);

    // A binary file is skipped with a warning; the text files are parsed.
    user.mind(&dir, &["parse", "logo.png", "a.md"])
        .assert()
        .success()
        .stdout("a.md:1 decision 0.90 use JWT\n")
        .stderr(
            "mind: warning: skipped logo.png: a binary file (a NUL byte in its first 8000 bytes)\n",
        );
    // Exit 1, nothing printed, and the reason on stderr.
    let fails = |args: &[&str], reason: &str| {
        user.mind(&dir, args)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicates::str::contains(reason));
    };
    fails(
        &["parse", "--lines", "logo.png"],
        "no text to parse: every file is binary",
    );
    // A folder and a missing file are named, before anything is printed.
    fails(
        &["parse", "a.md", "."],
        "a folder; name the files in it (e.g. DIR/*.md)",
    );
    fails(&["parse", "a.md", "gone.md"], "gone.md: no such file");
}

/// `[line, type]` of each bullet of `file` in `dir`, as `mind parse --lines --json` types it.
fn bullet_types(user: &User, dir: &std::path::Path, file: &str) -> Vec<Value> {
    jsonl(&user.ok(dir, &["parse", "--lines", "--json", file]))
        .iter()
        .filter(|r| r["text"].as_str().unwrap().starts_with("- "))
        .map(|r| json!([r["line"], r["type"]]))
        .collect()
}

#[test]
fn a_log_named_by_a_type_types_its_dated_entries_but_not_its_titled_parts() {
    let user = User::new();
    let dir = user.folder("notes");
    std::fs::write(
        dir.join("decisions.md"),
        "# Decision log\n\n\
         ## 2026-01-10\n\n\
         - Use Django + HTMX for fast delivery.\n\n\
         ## DEC-002\n\n\
         - Local development uses venv + SQLite.\n\n\
         ## Rationale\n\n\
         - The team knows Python well.\n\n\
         # Session Log\n\n\
         ## 2026-01-11\n\n\
         - Paired on the importer.\n",
    )
    .unwrap();
    assert_eq!(
        bullet_types(&user, &dir, "decisions.md"),
        vec![
            json!([5, "decision"]),
            json!([9, "decision"]),
            json!([13, "none"]),
            json!([19, "none"]),
        ]
    );
    // The document mode finds the same two decisions.
    let out = user.ok(&dir, &["parse", "decisions.md"]);
    assert_eq!(
        out,
        "L5 decision 0.55 Use Django + HTMX for fast delivery. (2026-01-10)\n\
         L9 decision 0.55 Local development uses venv + SQLite. (2026-01-10)\n"
    );
}

#[test]
fn headings_in_other_languages_type_their_bullets_and_an_faq_heading_does_not() {
    let user = User::new();
    let dir = user.folder("notes");
    std::fs::write(
        dir.join("notes.md"),
        "## Entscheidungen\n\n- Postgres statt MySQL für das Event-Log.\n\n\
         ## 坑与环境怪癖\n\n- 云端会话的容器是临时的。\n\n\
         ## 常见问题\n\n- 如何安装？\n\n\
         ## Common Mistakes to Avoid\n\n- Editing an applied migration.\n",
    )
    .unwrap();
    assert_eq!(
        bullet_types(&user, &dir, "notes.md"),
        vec![
            json!([3, "decision"]),
            json!([7, "gotcha"]),
            json!([11, "none"]),
            json!([15, "gotcha"]),
        ]
    );
}

/// A bug's write-up as people keep them: the report's trigger before a comma, and the parts
/// of the write-up typed by their headings.
#[test]
fn a_write_up_types_its_trigger_solution_and_root_cause() {
    let user = User::new();
    let dir = user.folder("notes");
    std::fs::write(
        dir.join("bug.md"),
        "# Crash on close\n\
         When I close one of the windows, kitty throws a segmentation fault\n\
         If the build fails, check the cache first\n\
         ## Root Cause\n\
         - The window list is freed before the last redraw\n\
         ## Solution\n\
         - Restored the redraw guard in `window.c`\n\
         ## Possible solutions\n\
         - Keep the window list until the last frame\n\
         # Export\n\
         Export to PDF generates an empty PDF if the preview is hidden\n",
    )
    .unwrap();
    let records = jsonl(&user.ok(&dir, &["parse", "--lines", "bug.md", "--json"]));
    let got: Vec<(String, String)> = records
        .iter()
        .filter(|r| !r["text"].as_str().unwrap().starts_with('#'))
        .map(|r| {
            (
                r["text"].as_str().unwrap().to_string(),
                r["type"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want = [
        (
            "When I close one of the windows, kitty throws a segmentation fault",
            "problem",
        ),
        ("If the build fails, check the cache first", "none"),
        (
            "- The window list is freed before the last redraw",
            "learning",
        ),
        ("- Restored the redraw guard in `window.c`", "progress"),
        ("- Keep the window list until the last frame", "none"),
        (
            "Export to PDF generates an empty PDF if the preview is hidden",
            "problem",
        ),
    ]
    .map(|(t, k)| (t.to_string(), k.to_string()));
    assert_eq!(got, want);
}

/// Lines that speak of a file's entries, or of a fix still to come, record nothing; the
/// entries beside them still do.
#[test]
fn descriptions_of_entries_and_fixes_to_come_record_nothing() {
    let types = types_of_lines(
        "Intent: this file captures implementation learnings and regressions to avoid.\n\
         Log mistakes, surprises, and lessons learned here so future sessions don't repeat them.\n\
         Let me know if the new build fixes the problem!\n\
         Once this bug is fixed, please ping me\n\
         Learned that the upload retries hide the timeout\n\
         This fixes the crash on exit\n",
    );
    assert_eq!(
        types,
        ["none", "none", "none", "none", "learning", "progress"]
    );
}

/// Reports as issue threads write them: the auxiliary dropped, a frown at the end, labels in
/// Arabic, a pull request that fixes several defects, and an empty page shown.
#[test]
fn thread_reports_without_textbook_grammar_are_typed() {
    let types = types_of_lines(
        "\"Proxy setting\" not work on next release of webcat\n\
         it didnt end up working :(\n\
         The plugin may not work with Python 2\n\
         This pull request fixes a bunch of memory leaks across the project.\n\
         The app shows a blank page after login\n\
         Returns an empty list when nothing matches\n\
         - **المشكلة:** توليد السعر خاطئ\n\
         - **الدرس:** اختبر قبل التشخيص\n\
         Unreadable text in Windows Settings\n\
         Unreadable files are skipped with a warning\n",
    );
    assert_eq!(
        types,
        [
            "problem", "problem", "none", "progress", "problem", "none", "problem", "learning",
            "problem", "none"
        ]
    );
}

/// A confirmation that a fix works, as a thread gives it, and an error named with its module;
/// a maybe and what a thing is good for stay untyped.
#[test]
fn confirmations_and_module_errors_are_typed() {
    let types = types_of_lines(
        "Verified this bug on Release. Working fine.\n\
         I ran the new script and everything went ok. I think this can be closed ;)\n\
         SQLite would work fine too and might be more convenient to use.\n\
         This works well with version control systems.\n\
         _csv.Error: field larger than field limit (131072)\n\
         See docs/error.md for the codes\n",
    );
    assert_eq!(
        types,
        ["progress", "progress", "none", "none", "problem", "none"]
    );
}

/// A template's line: a label, known or not, holding only a slot to fill in.
#[test]
fn a_label_holding_only_a_slot_records_nothing() {
    let types = types_of_lines(
        "**Fix / lesson:** ...\n\
         Root cause & fix: TBD\n\
         Outcome: [what happened]\n\
         **Fix:** _to be filled_\n\
         **Decision:** *What was chosen and why*\n\
         **Mistake**: What went wrong\n\
         **Fix:** restart the worker after the _next_ deploy\n\
         **Decision:** *Use Postgres for sessions*\n\
         **Fix:** *Retry* on 503, then *back off*\n",
    );
    assert_eq!(
        types,
        [
            "none", "none", "none", "none", "none", "none", "progress", "decision", "progress"
        ]
    );
}

/// Reports and fixes written in Russian, German, French, Spanish, Portuguese or Italian are
/// typed by their failure and fix words; a condition, a remedy to make, "решено" (also "it
/// was decided") and a fix still to come are not reports.
#[test]
fn failures_and_fixes_in_european_languages_are_typed() {
    let types = types_of_lines(
        "После очередного обновления не запускается программа\n\
         Der Export funktioniert nicht mehr seit 2.3\n\
         L'application ne démarre pas après la mise à jour\n\
         El botón de guardar no funciona en Safari\n\
         Исправлена ошибка запуска в 5.0.1\n\
         El error de login está solucionado en la 2.4\n\
         Проблема до сих пор не исправлена\n\
         Si no funciona, reinicia el servidor\n\
         Решено использовать Postgres\n\
         После фикса приложение больше не вылетает\n\
         Не запускается? Проверьте, что порт 8080 свободен\n\
         Não consigo reproduzir no Linux\n",
    );
    assert_eq!(
        types,
        [
            "problem", "problem", "problem", "problem", "progress", "progress", "problem", "none",
            "none", "none", "none", "none"
        ]
    );
}

#[test]
fn a_remedy_that_failed_a_stalled_action_and_a_mistake_are_problems() {
    let types = types_of_lines(
        "Deleting the browser cache does not fix the issue.\n\
         Window is not closing\n\
         The app doesn't restart after an update\n\
         **Mistake**: used made-up fallback data when the API returned little\n\
         track_shards test is flaky\n\
         This PR does not fix #123, it only adds a test\n\
         We aren't using Redux\n\
         **Mistake**: What went wrong\n\
         Let me know if you hit any issues.\n",
    );
    assert_eq!(
        types,
        [
            "problem", "problem", "problem", "problem", "problem", "none", "none", "none", "none"
        ]
    );
}

#[test]
fn run_in_heads_and_passive_decisions_are_read() {
    let types = types_of_lines(
        "**Decision.** Ship the rule engine first\n\
         **Lesson.** Caches are per user\n\
         The decision has been made to use Serde.\n\
         Let's just switch back to CMake.\n\
         **Root cause.** Why it happened.\n\
         No decision has been made yet to use Serde.\n\
         **Note.** Run it twice.\n",
    );
    assert_eq!(
        types,
        [
            "decision", "learning", "decision", "decision", "none", "none", "none"
        ]
    );
}

#[test]
fn qualified_labels_and_looking_back_are_learnings() {
    let types = types_of_lines(
        "**Lesson (2026-01-02):** caches are per user\n\
         - **発見（Cloud Runログ）**: veo が referenceImages を拒否する\n\
         - 教訓: 公式 SDK ソースを優先する\n\
         In retrospect, SQLite was a good idea because it is simpler to run.\n\
         Lowered it to 0.003. Takeaway: thresholds need tuning per mic.\n\
         They are structural and predictable in hindsight.\n\
         feat(parser): read qualified labels\n",
    );
    assert_eq!(
        types,
        [
            "learning", "learning", "learning", "learning", "learning", "none", "none"
        ]
    );
}

#[test]
fn work_on_a_fix_a_fix_confirmed_and_support_dropped_are_read() {
    let types = types_of_lines(
        "Fixing the crash on startup\n\
         Fixing this requires a restart of the daemon\n\
         This PR addresses #123\n\
         Security warnings must be addressed promptly\n\
         That did it! Thank you!\n\
         it works by polling the queue every minute\n\
         Crash on startup fix\n\
         - Phase 2: done — SSE endpoint live\n\
         - Phase 5: not started\n\
         Status: done\n\
         We will drop support for Python 3.7 in the next release\n\
         Drop support for Node 14\n\
         修复无法启动的问题\n\
         微软商店更新后启动不了\n\
         **Problem / Problema:** what went wrong and why\n\
         The decision was made to [describe decision]\n\
         With hindsight, the queue should have been per tenant\n",
    );
    assert_eq!(
        types,
        [
            "progress", "none", "progress", "none", "progress", "none", "progress", "progress",
            "none", "none", "decision", "none", "progress", "problem", "none", "none", "learning"
        ]
    );
}
