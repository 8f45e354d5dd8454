//! `mind team push` when many clones and projects share one team database: what a push may
//! delete, the identity of a project without a remote, entries the project took back or
//! resolved, pushes that overlap, and the letter case of identities. Against the real
//! PostgreSQL the `team` module starts.
#![cfg(feature = "team")]

use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::common::Env;
use crate::team::{Db, memory_of, push, repo, run, search, team, texts};

/// (inserted, updated, deleted) of one project's push.
fn counts(pushed: &Value) -> (i64, i64, i64) {
    let n = |k: &str| pushed[k].as_i64().unwrap();
    (n("inserted"), n("updated"), n("deleted"))
}

/// Every row as `body=status`, by body.
fn statuses(db: &Db) -> String {
    db.sql("SELECT body || '=' || status FROM mind_entries ORDER BY body")
}

/// MEMORY.md of `dir` rewritten as `lines`.
fn rewrite(dir: &Path, lines: &[&str]) {
    fs::write(dir.join(".mind/MEMORY.md"), memory_of(lines)).unwrap();
}

const POOL: &str = "learned: pgbouncer transaction mode breaks prepared statements";
const BUCKET: &str = "decided: use token bucket for rate limiting";
const CDN: &str = "gotcha: the CDN caches 404 responses for an hour";

#[test]
fn a_push_marks_deleted_only_what_this_clone_held_and_removed() {
    let db = Db::new();
    let env = Env::new();
    // One repository, two clones: Alice's and Bob's, the remote spelled two ways.
    let alice = repo(
        &env,
        "alice",
        Some("git@github.com:acme/api.git"),
        "Alice Doe",
        &memory_of(&[POOL]),
    );
    env.git_in(&alice, &["add", "-A"]);
    env.git_in(&alice, &["commit", "-q", "-m", "mind"]);
    let bare = env.dir.path().join("api.git");
    env.git_in(
        env.dir.path(),
        &["init", "-q", "--bare", bare.to_str().unwrap()],
    );
    env.git_in(
        &alice,
        &["push", "-q", bare.to_str().unwrap(), "HEAD:refs/heads/main"],
    );
    env.git_in(
        env.dir.path(),
        &["clone", "-q", "-b", "main", bare.to_str().unwrap(), "bob"],
    );
    let bob = env.dir.path().join("bob");
    env.git_in(
        &bob,
        &["remote", "set-url", "origin", "https://github.com/acme/api"],
    );
    env.git_in(&bob, &["config", "user.name", "Bob Roe"]);

    // Each adds an entry and pushes before the other's commit reaches them.
    rewrite(&alice, &[POOL, BUCKET]);
    assert_eq!(counts(&push(&env, &db, &alice)), (2, 0, 0));
    rewrite(&bob, &[POOL, CDN]);
    let bobs = push(&env, &db, &bob);
    assert_eq!(bobs["project"], "github.com/acme/api");
    assert_eq!(counts(&bobs), (1, 0, 0), "Bob's push deleted Alice's entry");
    assert_eq!(
        statuses(&db),
        format!("{BUCKET}=live\n{CDN}=live\n{POOL}=live")
    );
    let found = search(&env, &db, &["token bucket"]);
    assert_eq!(texts(&found), [BUCKET]);
    // Alice pushes again without Bob's entry: she never held it, it stays.
    let again = push(&env, &db, &alice);
    assert_eq!(counts(&again), (0, 0, 0));

    // Alice removes an entry both held: her push marks it deleted.
    rewrite(&alice, &[BUCKET]);
    assert_eq!(counts(&push(&env, &db, &alice)), (0, 1, 1));
    // Bob, behind, still holds it: his push neither revives nor deletes anything.
    assert_eq!(counts(&push(&env, &db, &bob)), (0, 0, 0));
    assert_eq!(
        statuses(&db),
        format!("{BUCKET}=live\n{CDN}=live\n{POOL}=deleted")
    );
    // Once Bob has Alice's change, his push agrees.
    rewrite(&bob, &[BUCKET, CDN]);
    let synced = push(&env, &db, &bob);
    assert_eq!(synced["deleted"], 0);
    assert_eq!(
        statuses(&db),
        format!("{BUCKET}=live\n{CDN}=live\n{POOL}=deleted")
    );
    // Bob removes his own entry; Alice, who never held it, has no say about it.
    rewrite(&bob, &[BUCKET]);
    assert_eq!(push(&env, &db, &bob)["deleted"], 1);
    // An entry that comes back is live again.
    rewrite(&alice, &[BUCKET, POOL]);
    assert_eq!(counts(&push(&env, &db, &alice)), (0, 1, 0));
    assert_eq!(
        statuses(&db),
        format!("{BUCKET}=live\n{CDN}=deleted\n{POOL}=live")
    );

    // What a clone pushed is kept in its personal cache, which git ignores.
    let cache: Vec<String> = fs::read_dir(bob.join(".mind/cache"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("team-pushed-"))
        .collect();
    assert_eq!(cache.len(), 1, "{cache:?}");
    let status = env.git_in(&bob, &["status", "--porcelain", "--untracked-files=all"]);
    assert_eq!(status, " M .mind/MEMORY.md\n");
    // A clone whose record is gone deletes nothing.
    fs::remove_file(bob.join(".mind/cache").join(&cache[0])).unwrap();
    rewrite(&bob, &[CDN]);
    assert_eq!(counts(&push(&env, &db, &bob)), (0, 1, 0));
    assert_eq!(
        statuses(&db),
        format!("{BUCKET}=live\n{CDN}=live\n{POOL}=live")
    );
}

/// `.mind/config.json` of `dir` with `"team": {"identity": value}` added.
fn set_identity(dir: &Path, value: Value) {
    let path = dir.join(".mind/config.json");
    let mut config: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    config["team"] = serde_json::json!({ "identity": value });
    fs::write(&path, serde_json::to_string_pretty(&config).unwrap()).unwrap();
}

#[test]
fn a_project_known_by_its_folder_name_is_warned_about_and_can_be_named() {
    let db = Db::new();
    let env = Env::new();
    let shop = repo(
        &env,
        "alice/app",
        Some("/srv/git/alice-shop.git"),
        "Alice Doe",
        &memory_of(&["decided: payments go through Stripe checkout"]),
    );
    let game = repo(
        &env,
        "bob/app",
        None,
        "Bob Roe",
        &memory_of(&["decided: physics runs at a fixed 60 Hz tick"]),
    );
    for dir in [&shop, &game] {
        let (stdout, stderr, code) = run(&env, &db.writer(), dir, &["team", "push"]);
        assert_eq!(code, 0);
        assert_eq!(
            stdout,
            "app: 1 new, 0 updated, 0 marked deleted, 0 unchanged\n"
        );
        assert_eq!(
            stderr,
            "mind: warning: app: pushed under its folder name (no origin remote, or a local path); any other project in a folder of that name shares it: name this one with {\"team\": {\"identity\": \"...\"}} in .mind/config.json\n"
        );
    }
    // Sharing the name, neither deleted the other's entry.
    assert_eq!(
        db.sql("SELECT identity || ' ' || body || '=' || status FROM mind_entries JOIN mind_projects ON id = project_id ORDER BY body"),
        "app decided: payments go through Stripe checkout=live\napp decided: physics runs at a fixed 60 Hz tick=live"
    );

    // Named in config.json: a name as written, or a remote URL normalised as origin's is.
    set_identity(&shop, Value::from("alice/shop"));
    set_identity(&game, Value::from("git@github.com:Bob/Game.git"));
    for (dir, identity) in [(&shop, "alice/shop"), (&game, "github.com/bob/game")] {
        let (stdout, stderr, code) = run(&env, &db.writer(), dir, &["team", "push"]);
        assert_eq!(code, 0);
        assert_eq!(
            stdout,
            format!("{identity}: 1 new, 0 updated, 0 marked deleted, 0 unchanged\n")
        );
        assert_eq!(stderr, "");
    }
    let found = search(&env, &db, &["physics tick", "--from", "game"]);
    assert_eq!(found["results"][0]["project"], "github.com/bob/game");

    // A name that is not one is not pushed under at all.
    set_identity(&shop, Value::from(" "));
    let (_, stderr, code) = run(&env, &db.writer(), &shop, &["team", "push"]);
    assert_eq!(code, 0);
    assert!(
        stderr
            .contains("team.identity must be a non-empty name on one line, not \" \"; not pushing"),
        "{stderr}"
    );
    assert!(stderr.contains("app: not pushed"), "{stderr}");
    assert_eq!(
        db.sql("SELECT string_agg(identity, ',' ORDER BY identity) FROM mind_projects"),
        "alice/shop,app,github.com/bob/game"
    );
}

#[test]
fn a_decision_taken_back_or_a_problem_fixed_is_not_served_as_current() {
    let db = Db::new();
    let env = Env::new();
    let api = repo(
        &env,
        "api",
        Some("git@github.com:acme/api.git"),
        "Alice Doe",
        "# Project Memory\n\n## 2026-01-10\n\ndecided: use bcrypt for password hashing\nproblem: login times out behind the corporate proxy\n\n## 2026-01-12\n\ndecided: use argon2 instead of bcrypt for password hashing\nfixed: login times out behind the corporate proxy, raised the idle timeout to 120 s\n",
    );
    assert_eq!(counts(&push(&env, &db, &api)), (4, 0, 0));
    assert_eq!(
        db.sql("SELECT kind || ' ' || body || '=' || status FROM mind_entries ORDER BY line"),
        "decision decided: use bcrypt for password hashing=superseded\n\
         problem problem: login times out behind the corporate proxy=resolved\n\
         decision decided: use argon2 instead of bcrypt for password hashing=live\n\
         progress fixed: login times out behind the corporate proxy, raised the idle timeout to 120 s=live"
    );
    // Team search (and so another project's recall, and `mind search --team`) serves what holds.
    let hashing = search(&env, &db, &["password hashing"]);
    assert_eq!(
        texts(&hashing),
        ["decided: use argon2 instead of bcrypt for password hashing"]
    );
    let login = search(&env, &db, &["login proxy"]);
    assert_eq!(
        texts(&login),
        ["fixed: login times out behind the corporate proxy, raised the idle timeout to 120 s"]
    );
    let out = team(&env, &db.reader(), &["team", "status"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("github.com/acme/api: 2 live, 1 superseded, 1 resolved, 0 deleted;"),
        "{stdout}"
    );
    // The reversal removed again: the first decision holds once more.
    fs::write(
        api.join(".mind/MEMORY.md"),
        "# Project Memory\n\n## 2026-01-10\n\ndecided: use bcrypt for password hashing\nproblem: login times out behind the corporate proxy\n",
    )
    .unwrap();
    assert_eq!(counts(&push(&env, &db, &api)), (0, 2, 2));
    let hashing = search(&env, &db, &["password hashing"]);
    assert_eq!(
        texts(&hashing),
        ["decided: use bcrypt for password hashing"]
    );
    let login = search(&env, &db, &["login proxy"]);
    assert_eq!(
        texts(&login),
        ["problem: login times out behind the corporate proxy"]
    );
}

#[test]
fn pushes_of_one_project_that_overlap_all_succeed() {
    let db = Db::new();
    let env = Env::new();
    let api = repo(
        &env,
        "api",
        Some("git@github.com:acme/api.git"),
        "Alice Doe",
        &memory_of(&[POOL]),
    );
    let web = repo(
        &env,
        "web",
        Some("git@github.com:acme/web.git"),
        "Alice Doe",
        &memory_of(&[CDN]),
    );
    push(&env, &db, &api);
    let facts: Vec<String> = (1..=300)
        .map(|i| format!("learned: fact number {i} about caching"))
        .collect();
    let facts: Vec<&str> = facts.iter().map(String::as_str).collect();
    rewrite(&api, &facts);
    // Pushes that overlap for sure: while another session holds the entries table, each push
    // gets as far as its writes and waits there. Four of a known project with 300 new rows,
    // three of a project the database has never seen.
    let held = "mind_entries' AND l.mode = 'ShareRowExclusiveLock' AND l.granted";
    let outs: Vec<(&str, std::process::Output)> = std::thread::scope(|scope| {
        scope.spawn(|| {
            db.sql("BEGIN; LOCK TABLE mind_entries IN SHARE ROW EXCLUSIVE MODE; SELECT pg_sleep(3); COMMIT;")
        });
        while db.sql(&format!(
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = '{held}"
        )) != "1"
        {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let pushes: Vec<_> = [&api, &api, &api, &api, &web, &web, &web]
            .into_iter()
            .map(|dir| {
                let name = if dir == &api { "api" } else { "web" };
                let env = &env;
                let db = &db;
                scope.spawn(move || {
                    let out = team(
                        env,
                        &db.writer(),
                        &["--project", dir.to_str().unwrap(), "team", "push", "--json"],
                    )
                    .output()
                    .unwrap();
                    (name, out)
                })
            })
            .collect();
        pushes.into_iter().map(|p| p.join().unwrap()).collect()
    });
    let mut inserted: Vec<(&str, i64)> = Vec::new();
    for (name, out) in &outs {
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        let reply: Value = serde_json::from_slice(&out.stdout).unwrap();
        inserted.push((name, reply["pushed"][0]["inserted"].as_i64().unwrap()));
    }
    inserted.sort();
    // One push of each wrote the rows; each other found them there.
    assert_eq!(
        inserted,
        [
            ("api", 0),
            ("api", 0),
            ("api", 0),
            ("api", 300),
            ("web", 0),
            ("web", 0),
            ("web", 1)
        ]
    );
    assert_eq!(
        db.sql("SELECT string_agg(identity, ',' ORDER BY identity) FROM mind_projects"),
        "github.com/acme/api,github.com/acme/web"
    );
    assert_eq!(
        db.sql("SELECT count(*) FILTER (WHERE status = 'live') FROM mind_entries"),
        "301"
    );
}

#[test]
fn identities_on_case_insensitive_hosts_are_one_whatever_the_case_and_from_ignores_it() {
    let db = Db::new();
    let env = Env::new();
    // A database a mind of schema version 2 wrote: the same GitHub repository under two
    // spellings, and a self-hosted one.
    let v2 = format!(
        "SET ROLE mind_writer;
         CREATE TABLE mind_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
         {}
         {}
         INSERT INTO mind_schema (version) VALUES (1), (2);
         INSERT INTO mind_projects (identity, name, last_push) VALUES
             ('github.com/Acme/API', 'API', '2026-01-02'),
             ('github.com/ACME/api', 'api', '2026-01-01'),
             ('github.com/Acme/Web', 'Web', '2026-01-01'),
             ('github.com/acme/web', 'web', '2026-01-02');
         INSERT INTO mind_entries (project_id, hash, kind, body, file, line, status, author, first_pushed, changed_at)
             SELECT id, 'old-' || identity, 'gotcha', 'gotcha: jittered backoff needs a cap (' || identity || ')',
                    '.mind/MEMORY.md', 5, 'live', 'Alice Doe', now(), now()
               FROM mind_projects;",
        include_str!("../../src/team/migrations/001_entries.sql"),
        include_str!("../../src/team/migrations/002_search_plan.sql"),
    );
    db.sql(&v2);
    let a = repo(
        &env,
        "a/api",
        Some("https://github.com/Acme/API.git"),
        "Alice Doe",
        &memory_of(&["decided: retry with jittered backoff"]),
    );
    let b = repo(
        &env,
        "b/api",
        Some("git@github.com:acme/api.git"),
        "Bob Roe",
        &memory_of(&["gotcha: jittered backoff resets on deploy"]),
    );
    let c = repo(
        &env,
        "c/web",
        Some("https://git.example.com/Team/Web.git"),
        "Carol",
        &memory_of(&["learned: jittered backoff hides outages from the dashboard"]),
    );
    assert_eq!(push(&env, &db, &a)["project"], "github.com/acme/api");
    assert_eq!(push(&env, &db, &b)["project"], "github.com/acme/api");
    // A self-hosted server may tell the cases apart: its path keeps them.
    assert_eq!(push(&env, &db, &c)["project"], "git.example.com/Team/Web");
    // The older spelling pushed last took the folded name and kept its rows; a spelling whose
    // folded name was taken keeps its own.
    assert_eq!(
        db.sql("SELECT string_agg(identity || ':' || (SELECT count(*) FROM mind_entries WHERE project_id = id), ',' ORDER BY identity) FROM mind_projects"),
        "git.example.com/Team/Web:1,github.com/ACME/api:1,github.com/Acme/Web:1,github.com/acme/api:3,github.com/acme/web:1"
    );
    let projects = |from: &str| -> Vec<String> {
        let found = search(&env, &db, &["jittered backoff", "--from", from]);
        let mut projects: Vec<String> = found["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["project"].as_str().unwrap().to_string())
            .collect();
        projects.sort();
        projects
    };
    assert_eq!(
        projects("GitHub.com/ACME/Api"),
        [
            "github.com/ACME/api",
            "github.com/acme/api",
            "github.com/acme/api",
            "github.com/acme/api"
        ]
    );
    assert_eq!(
        projects("web"),
        [
            "git.example.com/Team/Web",
            "github.com/Acme/Web",
            "github.com/acme/web"
        ]
    );
    assert_eq!(
        projects("git.example.com/team/web"),
        ["git.example.com/Team/Web"]
    );
}

#[test]
fn a_named_memory_that_cannot_be_read_keeps_its_rows() {
    let db = Db::new();
    let env = Env::new();
    let api = repo(
        &env,
        "api",
        Some("git@github.com:acme/api.git"),
        "Alice Doe",
        &memory_of(&[POOL]),
    );
    // `mind memory ARGS` in the project.
    let memory = |args: &[&str]| {
        let mut all = vec!["--project", api.to_str().unwrap(), "memory"];
        all.extend_from_slice(args);
        env.mind(&all).assert().success();
    };
    let write = |name: &str, body: &str| memory(&["write", name, "--content", body]);
    write("deploy", "# Deploy\nblue-green through the load balancer");
    write("oncall", "# Oncall\npage the secondary after ten minutes");
    assert_eq!(counts(&push(&env, &db, &api)), (3, 0, 0));
    // A typo in one memory's header: it cannot be read, and its row stays live; the other
    // memory, deleted, is marked deleted.
    let file = api.join(".mind/memories/deploy.md");
    let good = fs::read_to_string(&file).unwrap();
    fs::write(
        &file,
        "---\ncategory: [unclosed\n---\n\n# Deploy\nblue-green through the load balancer\n",
    )
    .unwrap();
    memory(&["delete", "oncall"]);
    assert_eq!(counts(&push(&env, &db, &api)), (0, 0, 1));
    assert_eq!(
        db.sql("SELECT memory || '=' || status FROM mind_entries WHERE memory IS NOT NULL ORDER BY memory"),
        "deploy=live\noncall=deleted"
    );
    // Still unread at the next push: still kept. Mended: as it was.
    assert_eq!(counts(&push(&env, &db, &api)), (0, 0, 0));
    fs::write(&file, good).unwrap();
    assert_eq!(counts(&push(&env, &db, &api)), (0, 0, 0));
    // Deleted for real: marked deleted.
    memory(&["delete", "deploy"]);
    assert_eq!(counts(&push(&env, &db, &api)), (0, 0, 1));
}
