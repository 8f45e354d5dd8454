//! A first week with `mind`, run the way a person runs it: a temp `HOME` with no `MIND_HOME`
//! and no XDG variables, four projects (two git repositories, one of them nested inside the
//! other, a plain folder, and a Python Mind project), real git with the hooks installed, and
//! a week of logs, blockers, rejections, reminders, gaps, recalls, commits, a rebase, a
//! checkout and a merge. Each step checks the files; the end checks what the agent would read.

#[path = "first_week/world.rs"]
mod world;

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::block_section as section;
use serde_json::Value;
use world::{World, lines_after_last_date, read, write};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/real");

/// The MEMORY.md entries (non-blank lines) after the template's closing `---`.
fn entries(project: &Path) -> Vec<String> {
    let text = read(project.join(".mind/MEMORY.md"));
    let start = text
        .lines()
        .collect::<Vec<_>>()
        .iter()
        .rposition(|l| *l == "---")
        .map(|i| i + 1)
        .expect("template rule");
    text.lines()
        .skip(start)
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

fn strings(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

/// The block between the markers of an instruction file.
fn block(path: impl AsRef<Path>) -> String {
    let text = read(path);
    let start = text.find("<!-- MIND:CONTEXT").expect("start marker");
    let end = text.find("<!-- MIND:END -->").expect("end marker");
    text[start..end].to_string()
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("JSON ({e}): {text}"))
}

fn session_items(world: &mut World, dir: &Path, section: &str) -> Vec<String> {
    let v = json(&world.mind(dir, &["session", "--json"]));
    v[section]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

fn commit_store(project: &Path) -> Vec<String> {
    lines_after_last_date(&read(project.join(".mind/cache/commits.md")))
}

fn registered(world: &World) -> Vec<String> {
    let v = json(&read(world.data_dir().join("projects.json")));
    v["projects"].as_object().unwrap().keys().cloned().collect()
}

#[test]
fn a_first_week() {
    let mut w = World::new();
    let home = w.home();
    let alpha = home.join("code/alpha");
    let beta = alpha.join("vendor/beta");
    let notes = home.join("notes");
    let legacy = home.join("code/legacy");

    // ---- Before the week: a Python Mind user with one project and its global folder. ----
    w.at("2026-03-01T18:00:00Z");
    write(home.join(".bashrc"), "export EDITOR=vi\n");
    write(
        home.join(".mind/projects.json"),
        format!(
            "{{\"projects\": {{\"{0}\": {{\"path\": \"{0}\", \"name\": \"legacy\", \"stack\": [], \"registered_at\": \"2025-12-21T10:00:00\", \"last_activity\": null}}}}}}\n",
            legacy.display()
        ),
    );
    write(
        home.join(".mind/global_edges.json"),
        "[{\"title\": \"Safari ITP blocks third-party cookies\", \"description\": \"cross-site cookies vanish\", \"workaround\": \"serve auth from the same site\", \"stack_tags\": [\"safari\"], \"detection\": {\"context\": [\"cookie\", \"safari\"], \"intent\": [\"auth\"], \"code\": []}}]\n",
    );
    fs::create_dir_all(&legacy).unwrap();
    w.git(&legacy, &["init", "-q", "-b", "main"]);
    let fixture = |name: &str| read(Path::new(FIXTURES).join(name));
    write(
        legacy.join(".mind/MEMORY.md"),
        fixture("vibeforge1111__vibeship-spawner-ui__MEMORY.md"),
    );
    let legacy_session = fixture("vultisig__vultisig-windows__SESSION.md");
    write(legacy.join(".mind/SESSION.md"), &legacy_session);
    write(
        legacy.join(".mind/REMINDERS.md"),
        fixture("vibeforge1111__vibeship-spawner-ui__REMINDERS.md"),
    );
    write(
        legacy.join(".mind/config.json"),
        "{\n  \"version\": 2,\n  \"mascot\": true,\n  \"logging\": {\"level\": \"balanced\"}\n}\n",
    );
    write(legacy.join(".mind/.gitignore"), "*\n");
    let legacy_claude = fixture("vibeforge1111__vibeship-plugin__CLAUDE.md");
    write(legacy.join("CLAUDE.md"), &legacy_claude);
    w.commit_all(&legacy, "the project as the Python Mind left it");
    let python_home: Vec<(PathBuf, Vec<u8>)> = World::files_below(&home.join(".mind"))
        .into_iter()
        .map(|p| {
            let bytes = fs::read(home.join(".mind").join(&p)).unwrap();
            (p, bytes)
        })
        .collect();

    // ---- Monday: three new projects. ----
    w.at("2026-03-02T09:00:00Z");
    fs::create_dir_all(alpha.join("src")).unwrap();
    w.git(&alpha, &["init", "-q", "-b", "main"]);
    write(alpha.join("src/main.rs"), "fn main() {}\n");
    write(alpha.join(".gitignore"), "/vendor/\n");
    w.commit_all(&alpha, "initial");
    let reply = w.mind(&alpha, &["init"]);
    assert!(reply.contains("created .mind/MEMORY.md"), "{reply}");
    assert!(alpha.join(".mind/MEMORY.md").is_file());
    assert!(alpha.join("CLAUDE.md").is_file());
    w.mind(&alpha, &["hooks", "install"]);
    w.commit_all(&alpha, "add mind");
    w.assert_clean(&alpha, "committing mind's files");

    fs::create_dir_all(&beta).unwrap();
    w.git(&beta, &["init", "-q", "-b", "main"]);
    write(beta.join("lib.rs"), "pub fn beta() {}\n");
    w.mind(&beta, &["init"]);
    assert!(
        beta.join(".mind/MEMORY.md").is_file(),
        "a repository nested inside a project is its own project"
    );
    w.commit_all(&beta, "beta with mind");

    fs::create_dir_all(notes.join("drafts")).unwrap();
    w.mind(&notes, &["init"]);
    assert!(notes.join(".mind/MEMORY.md").is_file());

    // Nothing landed in HOME itself; the registry is in the data folder, the Python one untouched.
    assert!(!home.join("CLAUDE.md").exists());
    assert!(!home.join(".mind/MEMORY.md").exists());
    let mut expected_registry = vec![
        alpha.display().to_string(),
        beta.display().to_string(),
        notes.display().to_string(),
    ];
    expected_registry.sort();
    let mut got = registered(&w);
    got.sort();
    assert_eq!(got, expected_registry);

    // Logs go to the project the folder belongs to.
    w.log(
        &notes.join("drafts"),
        "learning",
        "the garden beds need lime every autumn",
    );
    assert_eq!(
        entries(&notes),
        strings(&["learned: the garden beds need lime every autumn"])
    );
    w.log(
        &beta,
        "decision",
        "vendor the beta parser instead of publishing it",
    );
    assert_eq!(
        entries(&beta),
        strings(&["decided: vendor the beta parser instead of publishing it"])
    );
    assert_eq!(entries(&alpha), Vec::<String>::new());

    // ---- Monday, working in alpha. ----
    w.at("2026-03-02T09:30:00Z");
    w.log(&alpha, "learning", "the proxy body limit is 1 MB");
    w.log(
        &alpha,
        "decision",
        "use Postgres over MySQL because we need jsonb columns",
    );
    w.log(
        &alpha,
        "learning",
        "Safari drops the Authorization header on cross-origin redirects",
    );
    w.log(&alpha, "experience", "reading the upload code");
    w.log(
        &alpha,
        "rejected",
        "MySQL - jsonb support is weaker than Postgres",
    );
    w.log(
        &alpha,
        "rejected",
        "bumping the upload timeout to 60s - still fails under load",
    );
    w.log(&alpha, "assumption", "the upload API is idempotent");
    w.log(
        &alpha,
        "experience",
        "realized the proxy body limit is 2 MB now, no longer 1 MB",
    );
    assert_eq!(
        entries(&alpha),
        strings(&[
            "learned: the proxy body limit is 1 MB",
            "decided: use Postgres over MySQL because we need jsonb columns",
            "learned: Safari drops the Authorization header on cross-origin redirects",
        ])
    );
    assert_eq!(
        session_items(&mut w, &alpha, "rejected"),
        strings(&[
            "MySQL - jsonb support is weaker than Postgres",
            "bumping the upload timeout to 60s - still fails under load",
        ])
    );

    // A commit: its memories go to the ignored commit store; the tree stays clean.
    w.at("2026-03-02T10:00:00Z");
    write(alpha.join("src/upload.rs"), "pub fn upload() {}\n");
    w.commit_all(
        &alpha,
        "fixed: upload streams in 1 MB chunks\n\ndecided: chunk uploads so each request stays under the proxy limit",
    );
    w.assert_clean(&alpha, "a commit with memories");
    let head = w.git(&alpha, &["rev-parse", "--short=7", "HEAD"]);
    let head = head.trim();
    assert_eq!(
        commit_store(&alpha),
        vec![
            format!("fixed: upload streams in 1 MB chunks (commit {head})"),
            format!(
                "decided: chunk uploads so each request stays under the proxy limit (commit {head})"
            ),
        ]
    );

    // A blocker and a context reminder: personal, so the tracked CLAUDE.md does not change.
    let shared_before = read(alpha.join("CLAUDE.md"));
    w.at("2026-03-02T10:20:00Z");
    w.blocker(&alpha, "staging DB is read-only");
    w.mind(
        &alpha,
        &["remind", "rotate the deploy key", "when deploy comes up"],
    );
    w.mind(
        &alpha,
        &["remind", "check the staging DB again", "next session"],
    );
    let first = w.log(&alpha, "experience", "preparing the deploy script");
    assert!(first.contains("rotate the deploy key"), "{first}");
    let second = w.log(&alpha, "experience", "deploy script dry run passes");
    assert!(
        !second.contains("rotate the deploy key"),
        "a context reminder fires once per session: {second}"
    );
    assert_eq!(read(alpha.join("CLAUDE.md")), shared_before);
    w.assert_clean(&alpha, "a blocker, reminders and session logs");
    let personal = block(alpha.join("CLAUDE.local.md"));
    assert_eq!(
        section(&personal, "Session Blockers"),
        strings(&["- staging DB is read-only"])
    );

    // Words: a misspelt type writes nothing; flags after the text stay flags.
    let out = w.mind_output(&alpha, &["log", "decison", "use", "redis"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `decision`"));
    let v = json(&w.mind(
        &alpha,
        &["blocker", "the CI runner is out of disk", "--json"],
    ));
    assert_eq!(v["text"], "- the CI runner is out of disk");
    w.logged
        .push((alpha.clone(), "the CI runner is out of disk".into()));
    assert_eq!(
        session_items(&mut w, &alpha, "blockers"),
        strings(&["staging DB is read-only", "the CI runner is out of disk"])
    );

    // ---- Tuesday: a new session. ----
    w.at("2026-03-03T09:00:00Z");
    let (context, notes_out) = w.recall(&alpha);
    assert!(notes_out.contains("new session"), "{notes_out}");
    assert!(notes_out.contains(".mind/sessions/"), "{notes_out}");
    let memory = entries(&alpha);
    assert!(memory.contains(&"[superseded] learned: the proxy body limit is 1 MB".to_string()));
    assert!(
        memory.contains(
            &"decided: use Postgres over MySQL because we need jsonb columns".to_string()
        )
    );
    assert!(memory.iter().any(|l| l.starts_with(
        "decided against: bumping the upload timeout to 60s - still fails under load"
    )));
    assert!(
        memory.iter().any(
            |l| l.starts_with("decided against: MySQL - jsonb support is weaker than Postgres")
        )
    );
    let shared = block(alpha.join("CLAUDE.md"));
    let decisions = section(&shared, "Recent Decisions");
    assert!(
        decisions
            .iter()
            .any(|l| l.contains("use Postgres over MySQL")),
        "{shared}"
    );
    assert!(
        decisions
            .iter()
            .all(|l| !l.contains("timeout") && !l.starts_with("- MySQL"))
    );
    let ruled_out = section(&shared, "Ruled Out");
    assert!(
        ruled_out
            .iter()
            .any(|l| l.contains("bumping the upload timeout to 60s - still fails under load")),
        "{shared}"
    );
    assert!(context.contains("## Ruled Out"));
    let personal = block(alpha.join("CLAUDE.local.md"));
    assert!(
        section(&personal, "Reminders Due")
            .iter()
            .any(|l| l.contains("check the staging DB again")),
        "{personal}"
    );
    // Monday's blockers were logged near the end of its session and nothing fixed them: the
    // new session carries them over (once), marked with the session they come from.
    assert_eq!(
        section(&personal, "Session Blockers"),
        strings(&[
            "- the CI runner is out of disk (carried over from the session of 2026-03-02 09:30)",
            "- staging DB is read-only (carried over from the session of 2026-03-02 09:30)",
        ]),
        "{personal}\n{}",
        read(alpha.join(".mind/state.json"))
    );
    w.commit_all(&alpha, "memory of monday");
    w.assert_clean(&alpha, "committing memory");

    w.at("2026-03-03T09:20:00Z");
    w.log(
        &alpha,
        "learning",
        "turns out Safari also drops cookies on cross-site redirects",
    );
    let memory = entries(&alpha);
    assert!(memory.contains(
        &"learned: Safari drops the Authorization header on cross-origin redirects".to_string()
    ));

    // ---- Wednesday: a feature branch of 20 commits, rebased, checked out, merged. ----
    w.at("2026-03-04T09:00:00Z");
    w.recall(&alpha);
    w.commit_all(&alpha, "memory of tuesday");
    w.git(&alpha, &["checkout", "-q", "-b", "feature"]);
    for i in 0..20 {
        write(
            alpha.join(format!("src/step{i}.rs")),
            format!("// step {i}\n"),
        );
        let message = if i % 4 == 0 {
            format!("step {i}\n\nlearned: step {i} needs the feature flag on")
        } else {
            format!("step {i}")
        };
        w.commit_all(&alpha, &message);
        w.assert_clean(&alpha, "a commit on the feature branch");
    }
    w.git(&alpha, &["checkout", "-q", "main"]);
    w.assert_clean(&alpha, "checking out main");
    write(alpha.join("README.md"), "# alpha\n");
    w.commit_all(
        &alpha,
        "readme\n\ndecided: document the upload limits in the README",
    );
    w.git(&alpha, &["checkout", "-q", "feature"]);
    w.assert_clean(&alpha, "checking out the feature branch");
    w.git(&alpha, &["rebase", "-q", "main"]);
    w.assert_clean(&alpha, "a rebase of 20 commits");
    w.git(&alpha, &["checkout", "-q", "main"]);
    w.git(&alpha, &["checkout", "-q", "-"]);
    w.git(&alpha, &["checkout", "-q", "main"]);
    w.assert_clean(&alpha, "checking out another branch and back");
    w.git(
        &alpha,
        &[
            "merge",
            "-q",
            "--no-ff",
            "feature",
            "-m",
            "merge the feature",
        ],
    );
    w.assert_clean(&alpha, "a merge");
    let store = commit_store(&alpha).join("\n");
    for i in [0, 4, 8, 12, 16] {
        assert!(
            store.contains(&format!("learned: step {i} needs the feature flag on")),
            "{store}"
        );
    }

    // A MEMORY: comment harvested by a checkpoint; the person commits it.
    write(
        alpha.join("src/retry.rs"),
        "// MEMORY: decided: retry uploads twice before giving up\npub fn retry() {}\n",
    );
    w.mind(&alpha, &["checkpoint"]);
    assert_eq!(
        entries(&alpha),
        strings(&[
            "[superseded] learned: the proxy body limit is 1 MB",
            "decided: use Postgres over MySQL because we need jsonb columns",
            "learned: Safari drops the Authorization header on cross-origin redirects",
            "decided against: MySQL - jsonb support is weaker than Postgres (see also: [[MEMORY#2026-03-02]])",
            "decided against: bumping the upload timeout to 60s - still fails under load",
            "learned: realized the proxy body limit is 2 MB now, no longer 1 MB",
            "## 2026-03-03",
            "learned: turns out Safari also drops cookies on cross-site redirects",
            "## 2026-03-04",
            "decided: retry uploads twice before giving up (src/retry.rs:1)",
        ])
    );
    w.commit_all(&alpha, "retry uploads");
    w.assert_clean(&alpha, "committing a checkpoint");

    // ---- Thursday: the Python Mind project. ----
    w.at("2026-03-05T09:00:00Z");
    let (_, notes_out) = w.recall(&legacy);
    assert!(notes_out.contains("new session"), "{notes_out}");
    let claude = read(legacy.join("CLAUDE.md"));
    assert!(!claude.contains("mind_recall()"), "{claude}");
    assert_eq!(claude.matches("<!-- MIND:CONTEXT").count(), 1, "{claude}");
    assert!(
        notes_out.to_lowercase().contains("python mind"),
        "the replacement is reported: {notes_out}"
    );
    // Notes outside the four sections carry over; the whole file is in the archive.
    let session_now = read(legacy.join(".mind/SESSION.md"));
    assert!(session_now.contains("## Agent Code Review Findings"));
    let archived: Vec<_> = World::files_below(&legacy.join(".mind/sessions"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    assert_eq!(archived.len(), 1);
    assert_eq!(
        read(legacy.join(".mind/sessions").join(&archived[0])),
        legacy_session
    );
    // Undated entries are older than dated ones: the newest decision is the newest.
    w.log(
        &legacy,
        "decision",
        "keep the guide system behind a feature flag until the beta",
    );
    w.at("2026-03-05T11:00:00Z");
    w.recall(&legacy);
    let shared = block(legacy.join("CLAUDE.md"));
    let decisions = section(&shared, "Recent Decisions");
    assert!(
        decisions
            .first()
            .is_some_and(|l| l.contains("keep the guide system behind a feature flag")),
        "{shared}"
    );
    // The Python Mind's global edges are read, never written.
    let edges = w.mind(&alpha, &["edges", "auth cookies on safari"]);
    assert!(
        edges.contains("Safari ITP blocks third-party cookies"),
        "{edges}"
    );

    // Across projects: the legacy registry is read too.
    let v = json(&w.mind(
        &beta,
        &["search", "jsonb columns", "--all-projects", "--json"],
    ));
    assert!(
        v["results"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["project"] == "alpha"),
        "{v:#}"
    );

    // ---- Friday: going in circles, then the warning. ----
    w.at("2026-03-06T09:00:00Z");
    w.recall(&alpha);
    w.at("2026-03-06T09:10:00Z");
    for text in [
        "pinning the node version - same failure",
        "clearing the CI cache - same failure",
        "rerunning with more memory - same failure",
    ] {
        w.log(&alpha, "rejected", text);
    }
    w.blocker(&alpha, "the integration tests time out on CI");
    w.blocker(&alpha, "the CI logs are truncated");
    w.at("2026-03-06T09:20:00Z");
    let (_, notes_out) = w.recall(&alpha);
    assert!(notes_out.contains("mind helper"), "{notes_out}");

    // ---- Sunday: what the week left behind. ----
    w.at("2026-03-08T20:00:00Z");
    w.recall(&alpha);
    w.recall(&beta);
    w.recall(&notes);
    w.commit_all(&alpha, "memory of the week");
    w.assert_clean(&alpha, "the last commit");

    // No command hung: every command ran under the hang guard in `World`.

    // Nothing written in HOME outside the projects and the data folder; the Python Mind's
    // global folder is byte-identical.
    for path in World::files_below(&home) {
        let top = path
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .into_owned();
        assert!(
            ["code", "notes", ".local", ".mind", ".bashrc"].contains(&top.as_str()),
            "unexpected file in HOME: {}",
            path.display()
        );
        if top == ".local" {
            assert!(path.starts_with(".local/share/mind"), "{}", path.display());
        }
    }
    for (path, bytes) in &python_home {
        assert_eq!(&fs::read(home.join(".mind").join(path)).unwrap(), bytes);
    }
    assert_eq!(
        World::files_below(&home.join(".mind")).len(),
        python_home.len()
    );

    // Every logged line can be found again.
    for (dir, text) in w.logged.clone() {
        let v = json(&w.mind(&dir, &["search", &text, "--json", "-n", "10"]));
        let found = v["results"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["text"].as_str().unwrap().contains(&text));
        assert!(found, "{text:?} not found in {}: {v:#}", dir.display());
    }

    // No rejection anywhere appears as a decision.
    let rejected = [
        "MySQL - jsonb support is weaker than Postgres",
        "bumping the upload timeout to 60s",
        "pinning the node version",
        "clearing the CI cache",
        "rerunning with more memory",
    ];
    let parsed = w.mind(&alpha, &["parse", "--json"]);
    for line in parsed.lines() {
        let entity = json(line);
        if entity["type"] == "decision" {
            let text = entity["text"].as_str().unwrap();
            assert!(
                rejected.iter().all(|r| !text.contains(r)),
                "a rejection parsed as a decision: {text}"
            );
        }
    }
    let shared = block(alpha.join("CLAUDE.md"));
    for heading in ["Recent Decisions", "Continue From"] {
        for line in section(&shared, heading) {
            assert!(
                rejected.iter().all(|r| !line.contains(r)),
                "{heading} shows a rejection: {line}"
            );
        }
    }
    for r in rejected {
        let v = json(&w.mind(&alpha, &["search", r, "--json"]));
        for hit in v["results"].as_array().unwrap() {
            if hit["text"].as_str().unwrap().contains(r) {
                assert_ne!(hit["type"], "decision", "{hit}");
            }
        }
    }
    let brief = w.mind(&alpha, &["helper", "CI keeps failing", "--json"]);
    assert!(
        !brief.contains("\"decision\",\"text\":\"decided against"),
        "{brief}"
    );

    // Superseded only by the designed rule: the fact replaced by a newer contradicting fact.
    let superseded: Vec<String> = entries(&alpha)
        .into_iter()
        .filter(|l| l.starts_with("[superseded]"))
        .collect();
    assert_eq!(
        superseded,
        strings(&["[superseded] learned: the proxy body limit is 1 MB"])
    );

    // Every SESSION.md is recoverable: in an archive byte for byte, or, when the reset kept
    // every byte of it but the date (notes only, no items), still in SESSION.md itself
    // (beside the blockers a later session carried over).
    for (dir, bytes) in &w.sessions {
        let archive = dir.join(".mind/sessions");
        let kept = World::files_below(&archive)
            .into_iter()
            .any(|p| fs::read(archive.join(p)).unwrap() == *bytes);
        let text = String::from_utf8_lossy(bytes);
        let body: String = text.split_inclusive('\n').skip(1).collect();
        let now: String = read(dir.join(".mind/SESSION.md"))
            .split_inclusive('\n')
            .filter(|l| !l.contains(" (carried over from the session of "))
            .collect();
        let carried = now.contains(&body);
        assert!(
            kept || carried,
            "a SESSION.md of {} is not recoverable:\n{text}",
            dir.display(),
        );
    }
}
