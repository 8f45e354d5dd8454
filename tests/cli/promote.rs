//! Smart promotion at a new session: true duplicates skipped, near-duplicates that add
//! something linked, a contradicted line of the same kind superseded (never by a rejection,
//! never across kinds), novel items added, problems kept only when reusable; every skip,
//! link and supersede reported with the MEMORY.md line it concerns.

use crate::common;

use common::Env;
use serde_json::Value;

const MEMORY: &str = "# demo

## Session Log

## 2026-01-10

decided: keep the session cache in Redis
learned: Safari drops cookies on cross-site redirects
decided: deploy with a blue-green switch on Fridays
";

/// A project whose memory is `MEMORY` and whose session (started 09:00) holds `items`
/// (`(type, text)`), then a recall two hours later. Returns the recall's JSON.
fn promote(items: &[(&str, &str)]) -> (Env, Value) {
    let mut env = Env::initialised();
    env.write(".mind/MEMORY.md", MEMORY);
    for (kind, text) in items {
        env.ok(&["log", kind, text]);
    }
    env.at("2026-01-15T11:00:00Z");
    let v: Value = serde_json::from_str(&env.ok(&["--json", "recall"])).expect("JSON");
    assert_eq!(v["new_session"], true);
    (env, v)
}

fn actions(v: &Value) -> Vec<(String, String)> {
    v["promotion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["action"].as_str().unwrap().to_string(),
                p["line"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn duplicate_is_skipped_and_memory_unchanged() {
    let (env, v) = promote(&[("experience", "Safari drops cookies on cross-site redirects")]);
    assert_eq!(
        actions(&v),
        vec![(
            "skipped".into(),
            "learned: Safari drops cookies on cross-site redirects".into()
        )]
    );
    assert_eq!(v["promotion"][0]["similar_to"]["line"], 8);
    assert_eq!(v["promoted"].as_array().unwrap().len(), 0);
    assert_eq!(env.read(".mind/MEMORY.md"), MEMORY);
}

#[test]
fn a_rejection_never_supersedes_the_decision_it_resembles() {
    let (env, v) = promote(&[(
        "rejected",
        "keep the session cache in Redis - too heavy to run in CI",
    )]);
    let p = &v["promotion"][0];
    assert_eq!(p["type"], "rejected", "{v:#}");
    assert_eq!(p["action"], "linked", "{v:#}");
    assert_eq!(p["similar_to"]["line"], 7);
    assert_eq!(p["similar_to"]["type"], "decision");
    assert_eq!(p["reason"], "related decision");
    assert!(p["confidence"].as_f64().unwrap() >= 0.7);
    // The decision stays as it was; the rejection is added, linked to its date heading.
    let line = "decided against: keep the session cache in Redis - too heavy to run in CI (see also: [[MEMORY#2026-01-10]])";
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!("{MEMORY}\n## 2026-01-15\n\n{line}\n")
    );
}

#[test]
fn rejecting_mysql_keeps_the_postgres_decision_visible() {
    let mut env = Env::initialised();
    let memory = "# demo\n\n## 2026-01-10\n\ndecided: use Postgres over MySQL because we need jsonb columns\n";
    env.write(".mind/MEMORY.md", memory);
    env.ok(&[
        "log",
        "rejected",
        "MySQL - jsonb support is weaker than Postgres",
    ]);
    env.at("2026-01-15T11:00:00Z");
    let v: Value = serde_json::from_str(&env.ok(&["--json", "recall"])).unwrap();
    let p = &v["promotion"][0];
    assert_eq!(
        (p["action"].as_str(), p["similar_to"]["line"].as_u64()),
        (Some("linked"), Some(5)),
        "{v:#}"
    );
    let after = env.read(".mind/MEMORY.md");
    assert!(!after.contains("[superseded]"), "{after}");
    assert!(after.starts_with(memory));
    let block = v["context"].as_str().unwrap();
    assert!(
        block.contains(
            "## Recent Decisions\n- use Postgres over MySQL because we need jsonb columns (2026-01-10)\n"
        ),
        "{block}"
    );
    assert!(
        block.contains("## Ruled Out\n- MySQL - jsonb support is weaker than Postgres"),
        "{block}"
    );
}

#[test]
fn a_new_fact_about_safari_keeps_the_other_safari_fact() {
    let mut env = Env::initialised();
    let memory = "# demo\n\n## 2026-01-10\n\nlearned: Safari strips the Authorization header on cross-origin redirects\n";
    env.write(".mind/MEMORY.md", memory);
    env.ok(&[
        "log",
        "experience",
        "turns out Safari also drops cookies on cross-origin redirects",
    ]);
    env.at("2026-01-15T11:00:00Z");
    let v: Value = serde_json::from_str(&env.ok(&["--json", "recall"])).unwrap();
    let p = &v["promotion"][0];
    assert_eq!(p["action"], "linked", "{v:#}");
    assert_eq!(p["similar_to"]["line"], 5);
    assert_eq!(p["reason"], "adds: cookies");
    let after = env.read(".mind/MEMORY.md");
    assert!(!after.contains("[superseded]"), "{after}");
    let block = v["context"].as_str().unwrap();
    assert!(block.contains("Safari also drops cookies"), "{block}");
    // Both facts are still memory: the parser reads both as current learnings.
    let parsed = env.ok(&["parse", "--json"]);
    let live = parsed
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| e["type"] == "learning" && e["superseded"] == false)
        .count();
    assert_eq!(live, 2, "{parsed}");
}

#[test]
fn a_contradicting_fact_of_the_same_kind_supersedes_it() {
    let (env, v) = promote(&[(
        "experience",
        "turns out Safari no longer drops cookies on cross-site redirects since 17.2",
    )]);
    let p = &v["promotion"][0];
    assert_eq!(p["action"], "superseded", "{v:#}");
    assert_eq!(p["similar_to"]["line"], 8);
    assert_eq!(p["reason"], "replaces it: the opposite polarity");
    let memory = env.read(".mind/MEMORY.md");
    let expected = MEMORY.replace(
        "learned: Safari drops cookies on cross-site redirects\n",
        "[superseded] learned: Safari drops cookies on cross-site redirects\n",
    ) + "\n## 2026-01-15\n\nlearned: turns out Safari no longer drops cookies on cross-site redirects since 17.2\n";
    assert_eq!(memory, expected);
    // Only line 8 changed.
    let before: Vec<&str> = MEMORY.lines().collect();
    let after: Vec<&str> = memory.lines().collect();
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .map(|i| i + 1)
        .collect();
    assert_eq!(changed, vec![8]);
}

#[test]
fn a_near_duplicate_that_adds_a_case_is_linked_and_reported() {
    let mut env = Env::initialised();
    let old = "npm ci retries failed registry fetches 3 times with exponential backoff before failing the build";
    let memory = format!(
        "# demo\n\n## 2026-01-10\n\nlearned: {old}\nlearned: docker layers cache until the lockfile changes\n"
    );
    env.write(".mind/MEMORY.md", &memory);
    env.ok(&["log", "experience", &format!("{old}, except on Windows")]);
    env.at("2026-01-15T11:00:00Z");
    let out = env.mind(&["recall"]).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let line = format!("learned: {old}, except on Windows (see also: [[MEMORY#2026-01-10]])");
    assert!(
        stderr.contains(&format!(
            "  + {line}\n  > linked to MEMORY.md:5: learned: {old} (93% similar; adds: except, Windows)"
        )),
        "{stderr}"
    );
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!("{memory}\n## 2026-01-15\n\n{line}\n")
    );
}

#[test]
fn tentative_near_duplicate_links_to_the_date_heading() {
    let (env, v) = promote(&[(
        "experience",
        "Safari drops our cookies on cross-site redirects to the login page",
    )]);
    let p = &v["promotion"][0];
    assert_eq!(p["action"], "linked", "{v:#}");
    assert!(p["confidence"].as_f64().unwrap() < 0.7);
    let line = "learned: Safari drops our cookies on cross-site redirects to the login page (see also: [[MEMORY#2026-01-10]])";
    assert_eq!(p["line"], line);
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!("{MEMORY}\n## 2026-01-15\n\n{line}\n")
    );
}

#[test]
fn novel_items_are_added_once_per_batch() {
    let (env, v) = promote(&[
        (
            "experience",
            "the cargo build cache lives in target/ and is 4 GB",
        ),
        (
            "experience",
            "The cargo build cache lives in target/ and is 4 GB!",
        ),
        ("rejected", "memcached - no persistence"),
        ("experience", "had lunch"),
        ("assumption", "the API is stable"),
    ]);
    assert_eq!(
        actions(&v),
        vec![
            (
                "added".into(),
                "decided against: memcached - no persistence".into()
            ),
            (
                "added".into(),
                "learned: the cargo build cache lives in target/ and is 4 GB".into()
            ),
            (
                "skipped".into(),
                "learned: The cargo build cache lives in target/ and is 4 GB!".into()
            ),
        ]
    );
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!(
            "{MEMORY}\n## 2026-01-15\n\ndecided against: memcached - no persistence\nlearned: the cargo build cache lives in target/ and is 4 GB\n"
        )
    );
}

#[test]
fn reusable_problems_are_kept_as_problem_cause_fix() {
    let (env, v) = promote(&[
        (
            "blocker",
            "docker build fails on Windows: entrypoint.sh not found",
        ),
        (
            "experience",
            "entrypoint.sh not found because git converted it to CRLF",
        ),
        (
            "experience",
            "fixed entrypoint.sh not found with a .gitattributes eol=lf rule",
        ),
        ("blocker", "stuck on the settings page layout"),
    ]);
    let line = "problem: docker build fails on Windows: entrypoint.sh not found → cause: entrypoint.sh not found because git converted it to CRLF → fix: fixed entrypoint.sh not found with a .gitattributes eol=lf rule";
    assert_eq!(actions(&v), vec![("added".into(), line.into())]);
    assert!(env.read(".mind/MEMORY.md").ends_with(&format!("{line}\n")));
    // The context block's parser reads it as a problem.
    let found: Value = serde_json::from_str(&env.ok(&[
        "--json",
        "search",
        "entrypoint CRLF",
        "--type",
        "problem",
    ]))
    .unwrap();
    assert_eq!(found["results"][0]["text"], line);
    // It came with its fix: not an open loop of the next session, nor one to continue from.
    let block = v["context"].as_str().unwrap();
    assert!(!block.contains("unresolved"), "{block}");
    let parsed = env.ok(&["parse", "--json"]);
    let problem: Value = (parsed.lines())
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["text"] == line)
        .unwrap();
    assert_eq!(problem["status"], "resolved", "{problem:#}");
}

#[test]
fn recall_reports_what_promotion_did() {
    let mut env = Env::initialised();
    env.write(".mind/MEMORY.md", MEMORY);
    env.ok(&[
        "log",
        "experience",
        "Safari drops cookies on cross-site redirects",
    ]);
    env.ok(&[
        "log",
        "rejected",
        "keep the session cache in Redis - too heavy to run in CI",
    ]);
    env.at("2026-01-15T11:00:00Z");
    let out = env.mind(&["recall"]).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("promoted 1 item(s) to MEMORY.md\n  + decided against: keep the session cache in Redis - too heavy to run in CI (see also: [[MEMORY#2026-01-10]])\n  > linked to MEMORY.md:7: decided: keep the session cache in Redis (79% similar; related decision)\n  = already known (100% similar to MEMORY.md:8: learned: Safari drops cookies on cross-site redirects; nothing new): Safari drops cookies on cross-site redirects"),
        "{stderr}"
    );
}

#[test]
fn a_promoted_rejection_carries_its_label_once() {
    let (env, v) = promote(&[
        ("rejected", "ruled out SQLite: no concurrent writers"),
        ("rejected", "We gave up on nats - no persistence"),
        (
            "rejected",
            "decided against: zookeeper because of the ops cost",
        ),
    ]);
    let lines = [
        "decided against: SQLite: no concurrent writers",
        "decided against: nats - no persistence",
        "decided against: zookeeper because of the ops cost",
    ];
    assert_eq!(
        actions(&v),
        lines
            .iter()
            .map(|l| ("added".to_string(), l.to_string()))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!("{MEMORY}\n## 2026-01-15\n\n{}\n", lines.join("\n"))
    );
}

#[test]
fn a_rejection_with_a_verdict_after_a_comma_is_promoted_as_written() {
    let (env, v) = promote(&[
        ("rejected", "tried kafka for the job queue, overkill"),
        ("rejected", "tried sharding the queue, doesn't scale"),
        // No reason given: it stays in the session.
        ("rejected", "tried memcached"),
        ("rejected", "tried nginx, then caddy"),
    ]);
    let lines = [
        "decided against: kafka for the job queue, overkill",
        "decided against: sharding the queue, doesn't scale",
    ];
    assert_eq!(
        actions(&v),
        lines
            .iter()
            .map(|l| ("added".to_string(), l.to_string()))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!("{MEMORY}\n## 2026-01-15\n\n{}\n", lines.join("\n"))
    );
}

/// The real model's folder, when the environment names one (`MIND_TEST_MODEL`); the tests
/// that need real meaning are skipped with a notice otherwise.
fn real_model() -> Option<std::path::PathBuf> {
    match std::env::var_os("MIND_TEST_MODEL") {
        Some(dir) if !dir.is_empty() => Some(std::path::PathBuf::from(dir)),
        _ => {
            eprintln!(
                "skipped: set MIND_TEST_MODEL to an all-MiniLM-L6-v2 folder to run this test"
            );
            None
        }
    }
}

/// The model installed in `data` (a data folder) by linking its folder in, as
/// `mind model install` would have copied it.
#[cfg(unix)]
fn link_model(model: &std::path::Path, data: &std::path::Path) {
    let models = data.join("models");
    std::fs::create_dir_all(&models).unwrap();
    std::os::unix::fs::symlink(model, models.join("all-MiniLM-L6-v2")).unwrap();
}

/// `memory` in MEMORY.md, `items` logged at 09:00, a recall at 11:00 with `model`
/// installed (or none); the recall's JSON.
#[cfg(unix)]
fn promote_with_model(
    model: Option<&std::path::Path>,
    memory: &str,
    items: &[(&str, &str)],
) -> (Env, Value) {
    let mut env = Env::initialised();
    if let Some(model) = model {
        link_model(model, &env.home());
    }
    env.write(".mind/MEMORY.md", memory);
    for (kind, text) in items {
        env.ok(&["log", kind, text]);
    }
    env.at("2026-01-15T11:00:00Z");
    let v: Value = serde_json::from_str(&env.ok(&["--json", "recall"])).expect("JSON");
    (env, v)
}

const API_MEMORY: &str = "# demo

## 2026-01-10

learned: the API rate limit is 100 requests per minute
learned: Vite only exposes variables prefixed with VITE_ to client code
decided: deploy with a blue-green switch on Fridays
";

/// Run the way a person does: a temp HOME, no MIND_* but the clock, a git repository, the
/// model in the default data folder.
#[cfg(unix)]
#[test]
fn with_the_real_model_a_paraphrased_duplicate_is_linked_to_the_line_it_repeats() {
    let Some(model) = real_model() else { return };
    let mut user = common::User::new();
    let project = user.project("code/app", &["init"]);
    link_model(&model, &user.home().join(".local/share/mind"));
    std::fs::write(project.join(".mind/MEMORY.md"), API_MEMORY).unwrap();
    let paraphrase =
        "turns out the frontend bundle only sees environment settings whose names begin with VITE_";
    user.ok(&project, &["log", "experience", paraphrase]);
    user.at("2026-01-15T11:00:00Z");
    let v: Value = serde_json::from_str(&user.ok(&project, &["--json", "recall"])).unwrap();
    let p = &v["promotion"][0];
    assert_eq!(p["similar_to"]["line"], 6, "{v:#}");
    assert_eq!(p["action"], "linked", "{v:#}");
    assert!(p["similarity"].is_null() && p["similar_to"]["similarity"].as_f64().unwrap() >= 0.6);
    // No second, unconnected copy: the line says which memory it repeats.
    let line = format!("learned: {paraphrase} (see also: [[MEMORY#2026-01-10]])");
    assert_eq!(
        std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap(),
        format!("{API_MEMORY}\n## 2026-01-15\n\n{line}\n")
    );
    // The vectors promotion computed are cached for retrieval.
    assert!(project.join(".mind/cache/vectors.bin").is_file());
}

#[cfg(unix)]
#[test]
fn with_the_real_model_an_unrelated_line_sharing_words_supersedes_nothing() {
    let Some(model) = real_model() else { return };
    let (env, v) = promote_with_model(
        Some(&model),
        API_MEMORY,
        &[(
            "experience",
            "the API docs page limit is now 1000 lines per minute of reading - definitely too long",
        )],
    );
    let p = &v["promotion"][0];
    assert_ne!(p["action"], "superseded", "{v:#}");
    let after = env.read(".mind/MEMORY.md");
    assert!(!after.contains("[superseded]"), "{after}");
    assert!(after.starts_with(API_MEMORY), "{after}");
}

#[cfg(unix)]
#[test]
fn with_the_real_model_a_real_update_supersedes_the_old_line() {
    let Some(model) = real_model() else { return };
    let update = "learned: the API rate limit is 1000 requests per minute since the plan upgrade";
    let (env, v) = promote_with_model(Some(&model), API_MEMORY, &[("experience", update)]);
    let p = &v["promotion"][0];
    assert_eq!(p["action"], "superseded", "{v:#}");
    assert_eq!(p["similar_to"]["line"], 5);
    assert_eq!(p["reason"], "replaces it: a changed number");
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        API_MEMORY.replace(
            "learned: the API rate limit",
            "[superseded] learned: the API rate limit"
        ) + &format!("\n## 2026-01-15\n\n{update}\n")
    );
    // Promotion cached the vectors it computed (there was no cache before): the next
    // search reuses them.
    let found: Value =
        serde_json::from_str(&env.ok(&["--json", "search", "how many requests per minute"]))
            .unwrap();
    let texts: Vec<&str> = found["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["text"].as_str())
        .collect();
    assert!(texts.contains(&update), "{found:#}");
    assert!(
        found["semantic"]["cached"].as_u64().unwrap() >= 1,
        "{found:#}"
    );
}

/// Learnings about another browser or another API, in words that otherwise match, are not
/// corrections of the ones in memory: both old learnings stay current and the new ones are
/// added beside them. Run as a person runs it: temp HOME, a git repository.
#[test]
fn a_fact_about_another_thing_in_the_same_words_supersedes_nothing() {
    let mut user = common::User::new();
    let project = user.project("work/web", &["init"]);
    user.ok(
        &project,
        &[
            "log",
            "learning",
            "Safari drops cookies on cross-site redirects",
        ],
    );
    user.ok(
        &project,
        &[
            "log",
            "learning",
            "the billing API allows 100 requests a minute",
        ],
    );
    user.at("2026-01-16T09:00:00Z");
    user.ok(&project, &["recall"]);
    for text in [
        "turns out Chrome doesn't drop cookies on cross-site redirects",
        "turns out the search API allows 20 requests a minute",
    ] {
        user.ok(&project, &["log", "experience", text]);
    }
    user.at("2026-01-17T09:00:00Z");
    let v: Value = serde_json::from_str(&user.ok(&project, &["--json", "recall"])).unwrap();
    let actions: Vec<&str> = (v["promotion"].as_array().unwrap().iter())
        .map(|p| p["action"].as_str().unwrap())
        .collect();
    assert!(!actions.contains(&"superseded"), "{v:#}");
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(!memory.contains("[superseded]"), "{memory}");
    // All four are current learnings.
    let parsed = user.ok(&project, &["parse", "--json"]);
    let live = parsed
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| e["type"] == "learning" && e["superseded"] == false)
        .count();
    assert_eq!(live, 4, "{parsed}");
}

/// Experiences that are not findings are not kept as learnings: a question, a plan, a record
/// of time spent. One that records a choice is kept as the decision it is.
#[test]
fn only_findings_become_learnings_and_a_choice_becomes_a_decision() {
    let (env, v) = promote(&[
        ("experience", "should we switch to Go for the worker?"),
        (
            "experience",
            "we will use Postgres again once the host supports it",
        ),
        (
            "experience",
            "spent an hour reading the auth middleware in src/auth.py",
        ),
        (
            "experience",
            "switching from Celery to Dramatiq because the broker setup is simpler",
        ),
        (
            "experience",
            "the Go toolchain needs CGO_ENABLED=0 for the static build",
        ),
    ]);
    assert_eq!(
        actions(&v),
        vec![
            (
                "added".into(),
                "decided: switching from Celery to Dramatiq because the broker setup is simpler"
                    .into()
            ),
            (
                "added".into(),
                "learned: the Go toolchain needs CGO_ENABLED=0 for the static build".into()
            ),
        ],
        "{v:#}"
    );
    let memory = env.read(".mind/MEMORY.md");
    assert!(!memory.contains("should we switch"), "{memory}");
    assert!(!memory.contains("we will use Postgres"), "{memory}");
    assert!(!memory.contains("spent an hour"), "{memory}");
}

/// A blocker fixed before its session ended, by `mind log fixed` or by a commit's `fixed:`
/// line in other words, is promoted at the next session with that fix and is no open loop
/// there; a blocker nothing fixed stays open. Run as a person runs it: temp HOME, a git
/// repository with the hooks, commits.
#[test]
fn a_blocker_fixed_in_its_session_is_promoted_resolved() {
    let mut user = common::User::new();
    user.at("2026-03-02T09:00:00Z");
    let project = user.project("work/api", &["init", "--hooks"]);
    user.ok(&project, &["recall"]);
    for blocker in [
        "the docker build fails on arm64",
        "cargo test on windows fails with a path error in the fixtures",
        "postgres migrations deadlock on CI",
    ] {
        user.ok(&project, &["log", "stuck", blocker]);
    }
    user.at("2026-03-02T09:10:00Z");
    user.ok(
        &project,
        &["log", "fixed", "the docker build fails on arm64"],
    );
    user.at("2026-03-02T09:20:00Z");
    user.commit_file(
        &project,
        "paths.rs",
        "fn main() {}\n",
        "Normalise fixture paths\n\nfixed: windows path error in the fixtures when running cargo test (use Path::join)",
    );
    user.at("2026-03-03T09:00:00Z");
    let block = user.ok(&project, &["recall"]);
    let loops = block
        .split("## Open Loops")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap_or_default();
    assert!(
        loops.contains("postgres migrations deadlock on CI"),
        "{block}"
    );
    assert!(!loops.contains("docker"), "{block}");
    assert!(!loops.contains("windows"), "{block}");
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains(
            "problem: the docker build fails on arm64 → fix: the docker build fails on arm64"
        ),
        "{memory}"
    );
    assert!(
        memory.contains(
            "problem: cargo test on windows fails with a path error in the fixtures → fix: windows path error in the fixtures when running cargo test (use Path::join)"
        ),
        "{memory}"
    );
    assert!(
        memory.contains("problem: postgres migrations deadlock on CI\n"),
        "{memory}"
    );
    let open: Vec<Value> = user
        .ok(&project, &["parse", "--json"])
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| e["type"] == "problem" && e["status"] == "open")
        .collect();
    assert_eq!(open.len(), 1, "{open:#?}");
    assert_eq!(open[0]["title"], "postgres migrations deadlock on CI");
}

#[test]
fn a_switch_taken_as_a_decision_takes_back_the_old_choice_and_wont_use_rules_one_out() {
    // Run the way a person does: a temp HOME, no MIND_* variable but the clock.
    let mut user = common::User::new();
    let dir = user.folder("jobs");
    user.git(&dir, &["init", "-q"]);
    user.ok(&dir, &["init"]);
    user.ok(&dir, &["recall"]);
    user.ok(
        &dir,
        &[
            "log",
            "decision",
            "use Postgres for the job queue because SKIP LOCKED is enough",
        ],
    );
    // A switch whose reason names a failure is the switch, not a problem.
    let out = user.ok(
        &dir,
        &[
            "log",
            "switching the job queue from Postgres to Redis because SKIP LOCKED deadlocks under load",
        ],
    );
    assert!(
        out.starts_with("logged decision to .mind/MEMORY.md:"),
        "{out}"
    );
    // "We won't use X" rules X out for good, not a problem.
    let out = user.ok(&dir, &["log", "we won't use GraphQL"]);
    assert!(
        out.starts_with("logged rejected to .mind/MEMORY.md:")
            && out.ends_with("\n  decided against: GraphQL\n"),
        "{out}"
    );
    user.at("2026-01-15T12:00:00Z");
    let block = user.ok(&dir, &["recall"]);
    assert_eq!(
        common::block_section(&block, "Recent Decisions"),
        vec![
            "- switching the job queue from Postgres to Redis because SKIP LOCKED deadlocks under load (2026-01-15)"
        ],
        "{block}"
    );
    assert!(
        block.contains("## Ruled Out\n- GraphQL (2026-01-15)\n"),
        "{block}"
    );
    assert!(!block.contains("Open Loops"), "{block}");
}

#[test]
fn a_correction_in_so_many_words_supersedes_without_a_reason_and_a_hedged_one_links() {
    let memory = "# demo\n\n## Session Log\n\n## 2026-01-10\n\nlearned: the search API allows 20 requests a minute\n";
    // No "because", no finding word: "now" and the changed number say it corrects.
    let (env, v) = promote_with_model(
        None,
        memory,
        &[(
            "experience",
            "the search API now allows 60 requests a minute",
        )],
    );
    let p = &v["promotion"][0];
    assert_eq!(p["action"], "superseded", "{v:#}");
    assert_eq!(p["reason"], "replaces it: a correction", "{v:#}");
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        memory.replace("learned: the search", "[superseded] learned: the search")
            + "\n## 2026-01-15\n\nlearned: the search API now allows 60 requests a minute\n"
    );
    // The same said with a hedge only links: a guess never replaces a fact.
    let (env, v) = promote_with_model(
        None,
        memory,
        &[(
            "experience",
            "the search API maybe now allows 60 requests a minute",
        )],
    );
    assert_eq!(v["promotion"][0]["action"], "linked", "{v:#}");
    assert!(!env.read(".mind/MEMORY.md").contains("[superseded]"));
}

#[test]
fn a_blocker_its_session_fixed_is_kept_with_the_fix_though_it_names_no_tool() {
    // As a person runs it: temp HOME, no MIND_* variable but the clock, a git repository.
    let mut user = common::User::new();
    let dir = user.folder("web");
    user.git(&dir, &["init", "-q"]);
    user.ok(&dir, &["init"]);
    user.ok(&dir, &["recall"]);
    // No platform, library or error pattern: alone, a blocker like this stays in its session.
    user.ok(
        &dir,
        &["log", "blocker", "the login test fails across midnight"],
    );
    user.ok(
        &dir,
        &[
            "log",
            "fixed",
            "the login test no longer fails across midnight (clock injected)",
        ],
    );
    user.at("2026-01-15T12:00:00Z");
    let v: Value = serde_json::from_str(&user.ok(&dir, &["--json", "recall"])).unwrap();
    let problem = "problem: the login test fails across midnight → fix: the login test no longer fails across midnight (clock injected)";
    let promoted: Vec<&str> = v["promotion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["line"].as_str().unwrap())
        .collect();
    assert!(
        promoted.len() == 1 && promoted[0].starts_with(problem),
        "{v:#}"
    );
    let memory = std::fs::read_to_string(dir.join(".mind/MEMORY.md")).unwrap();
    assert!(memory.contains(&format!("\n{problem}")), "{memory}");
    // Read back as solved: no open loop.
    let block = std::fs::read_to_string(dir.join("CLAUDE.md")).unwrap();
    assert!(!block.contains("Open Loops"), "{block}");
    // A blocker nothing answered and that names nothing reusable still stays behind.
    user.ok(&dir, &["log", "blocker", "stuck on the settings page"]);
    user.at("2026-01-15T15:00:00Z");
    let v: Value = serde_json::from_str(&user.ok(&dir, &["--json", "recall"])).unwrap();
    assert_eq!(v["promotion"], serde_json::json!([]), "{v:#}");
}

#[test]
fn decisions_reversed_in_everyday_words_leave_the_block() {
    // As a person runs it: temp HOME, no MIND_* variable but the clock, a git repository.
    let mut user = common::User::new();
    let dir = user.folder("shop");
    user.git(&dir, &["init", "-q"]);
    user.ok(&dir, &["init"]);
    for decision in [
        "use Redis for caching",
        "use Jest for unit tests",
        "for now, disable the e2e suite on PRs",
        "use Redis for the rate limiter",
        "disable the beta flag",
    ] {
        user.ok(&dir, &["log", "decision", decision]);
    }
    for reversal in [
        "stop using Redis for caching - memory pressure",
        "no longer use Jest for unit tests, too slow",
        "re-enable the e2e suite on PRs because the flake is fixed",
        // Another object: takes back nothing.
        "enable dark mode",
    ] {
        user.ok(&dir, &["log", "decision", reversal]);
    }
    // Three weeks on: a provisional decision taken back is no "still valid?" question.
    user.at("2026-02-05T09:00:00Z");
    let block = user.ok(&dir, &["recall"]);
    assert_eq!(
        common::block_section(&block, "Recent Decisions"),
        vec![
            "- enable dark mode (2026-01-15)",
            "- re-enable the e2e suite on PRs because the flake is fixed (2026-01-15)",
            "- no longer use Jest for unit tests, too slow (2026-01-15)",
            "- stop using Redis for caching - memory pressure (2026-01-15)",
            "- disable the beta flag (2026-01-15)",
            "+1 older: `mind search --type decision \"...\"`",
        ],
        "{block}"
    );
    assert!(!block.contains("Open Loops"), "{block}");
}
