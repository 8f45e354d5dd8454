//! `mind search` over a memory that grew since its index was cached: the cache keeps the
//! memory's beginning and indexes only what was appended, and every search answers as one
//! over an index built from scratch (the same lines, order, scores and line numbers).

use crate::common;

use common::{Env, User};

const INDEX: &str = ".mind/cache/index.bin";

/// A memory of a few hundred entries over dated sections, some headings with words of their
/// own, a gotcha section, a code fence and superseded lines.
fn memory(entries: usize) -> String {
    let words = [
        "auth", "upload", "cache", "token", "deploy", "timeout", "retry", "queue", "redis",
        "cookie",
    ];
    let mut text = String::from(
        "# demo\n\n## Project State\n- Goal: ship the API\n- Blocked: None\n\n\
         ## Gotchas\n- the CI runner has no Docker socket -> use the cache mount\n\n## Session Log\n",
    );
    for i in 0..entries {
        let w = |k: usize| words[(i * 7 + k * 3) % words.len()];
        if i % 6 == 0 {
            let day = 1 + (i / 6) % 28;
            let month = 1 + (i / 168) % 12;
            if i % 12 == 0 {
                text.push_str(&format!(
                    "\n## 2025-{month:02}-{day:02} | {} work\n\n",
                    w(0)
                ));
            } else {
                text.push_str(&format!("\n## 2025-{month:02}-{day:02}\n\n",));
            }
        }
        match i % 5 {
            0 => text.push_str(&format!(
                "decided: use {} for {} because {}\n",
                w(1),
                w(2),
                w(0)
            )),
            1 => text.push_str(&format!("problem: {} {} fails under load\n", w(3), w(0))),
            2 => text.push_str(&format!("learned: {} needs {} first\n", w(2), w(4))),
            3 => text.push_str(&format!("- {} {} [superseded]\n", w(1), w(3))),
            _ => text.push_str(&format!("fixed: {} {} no longer times out\n", w(4), w(1))),
        }
        if i % 97 == 0 {
            text.push_str("```\n## a heading in a code fence\ndecided: not a memory\n```\n");
        }
    }
    text
}

const QUERIES: [&[&str]; 9] = [
    &["auth"],
    &["upload", "timeout"],
    &["cache", "token", "work"],
    &["redis", "cookie", "queue"],
    &["deploy", "--type", "decision"],
    &["retry", "--since", "2025-03-01"],
    &["docker", "socket"],
    &["fails", "load", "--limit", "25"],
    &["jwt", "stateless"],
];

/// Every query's answer, JSON and human.
fn answers(env: &Env) -> Vec<String> {
    let mut out = Vec::new();
    for query in QUERIES {
        let mut args = vec!["search"];
        args.extend_from_slice(query);
        out.push(env.ok(&args));
        args.push("--json");
        out.push(env.ok(&args));
    }
    out
}

/// The answers with the cache as it is, then with no cache (which rebuilds it); the grown
/// cache is put back after, so the next round grows it further.
fn grown_and_rebuilt(env: &Env) -> (Vec<String>, Vec<String>) {
    let grown = answers(env);
    let kept = env.read_bytes(INDEX);
    std::fs::remove_file(env.path(INDEX)).unwrap();
    let rebuilt = answers(env);
    env.write(INDEX, kept);
    (grown, rebuilt)
}

#[test]
fn search_after_logs_answers_as_a_rebuilt_index() {
    let mut env = Env::initialised();
    env.write(".mind/MEMORY.md", memory(400));
    let first = answers(&env);
    assert!(env.exists(INDEX));
    assert!(first[0].contains("auth"), "{}", first[0]);
    let logs: [(&str, &[(&str, &str)]); 3] = [
        (
            "2026-01-15T10:00:00Z",
            &[
                ("decision", "use JWT because stateless auth scales"),
                ("learned", "redis cookie sessions expire with the token"),
            ],
        ),
        (
            "2026-01-15T15:00:00Z",
            &[("problem", "upload retry queue fails under load")],
        ),
        (
            "2026-01-16T09:00:00Z",
            &[
                ("fixed", "auth token upload no longer times out"),
                ("learned", "deploy needs the cache warmed first"),
                ("decision", "keep the retry queue in redis because jwt"),
            ],
        ),
    ];
    for (now, entries) in logs {
        env.at(now);
        for (kind, text) in entries {
            env.ok(&["log", kind, text]);
        }
        let (grown, rebuilt) = grown_and_rebuilt(&env);
        assert_eq!(grown, rebuilt, "after the logs at {now}");
    }
    // The lines logged last are found, at their line numbers in the file.
    let memory = env.read(".mind/MEMORY.md");
    let line = memory
        .lines()
        .position(|l| l.contains("keep the retry queue in redis"))
        .unwrap()
        + 1;
    let json = env.ok(&["search", "--json", "retry", "queue", "redis", "jwt"]);
    let hits = common::search_hits(&json);
    assert!(
        hits.iter()
            .any(|(text, at, _)| *at == line as u64 && text.contains("keep the retry queue")),
        "{json}"
    );
}

#[test]
fn search_sees_an_edit_in_place_before_the_appended_lines() {
    let mut env = Env::initialised();
    env.write(".mind/MEMORY.md", memory(300));
    answers(&env);
    env.at("2026-01-15T10:00:00Z");
    env.ok(&["log", "decision", "use JWT because stateless"]);
    answers(&env);
    // An early line changed, the file's size the same: found as it now reads.
    let before = env.read(".mind/MEMORY.md");
    let old = "decided: use token for retry because auth";
    assert!(before.find(old).unwrap() < before.len() / 4);
    let edited = before.replacen(old, "decided: use zippo for retry because auth", 1);
    assert_eq!(edited.len(), before.len());
    env.write(".mind/MEMORY.md", &edited);
    let found = env.ok(&["search", "zippo"]);
    assert!(found.contains("use zippo for retry"), "{found}");
    let (grown, rebuilt) = grown_and_rebuilt(&env);
    assert_eq!(grown, rebuilt);
}

#[test]
fn a_damaged_or_cut_short_index_is_rebuilt() {
    let mut env = Env::initialised();
    env.write(".mind/MEMORY.md", memory(300));
    answers(&env);
    env.at("2026-01-15T10:00:00Z");
    env.ok(&["log", "learned", "redis drops idle cookie sessions"]);
    let (grown, rebuilt) = grown_and_rebuilt(&env);
    assert_eq!(grown, rebuilt);
    let whole = env.read_bytes(INDEX);
    // Cut short, one byte flipped in the middle, or a byte off its end: rebuilt, the same.
    let mut flipped = whole.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x20;
    for damaged in [
        whole[..whole.len() / 2].to_vec(),
        flipped,
        whole[..whole.len() - 1].to_vec(),
    ] {
        env.write(INDEX, damaged);
        assert_eq!(answers(&env), rebuilt);
        assert!(env.read_bytes(INDEX).len() > whole.len() / 2);
    }
}

#[test]
fn a_user_logs_and_searches_in_two_projects() {
    let mut user = User::new();
    let api = user.folder("code/api");
    let web = user.folder("code/web");
    for project in [&api, &web] {
        user.git(project, &["init", "-q"]);
        user.ok(project, &["init"]);
    }
    std::fs::write(api.join(".mind/MEMORY.md"), memory(200)).unwrap();
    let search = |user: &User, dir: &std::path::Path, words: &[&str]| {
        let mut args = vec!["search"];
        args.extend_from_slice(words);
        user.ok(dir, &args)
    };
    // Each search as the user gets it, then with every index cache deleted.
    let both_ways = |user: &User, dir: &std::path::Path, words: &[&str]| {
        let warm = search(user, dir, words);
        for project in [&api, &web] {
            let _ = std::fs::remove_file(project.join(INDEX));
        }
        assert_eq!(search(user, dir, words), warm, "{words:?}");
        warm
    };
    user.at("2026-01-15T10:00:00Z");
    user.ok(&api, &["log", "decision", "use JWT because stateless"]);
    user.ok(
        &web,
        &["log", "learned", "Safari drops cookies on redirects"],
    );
    let found = both_ways(&user, &api, &["jwt", "auth"]);
    assert!(found.contains("use JWT because stateless"), "{found}");
    user.at("2026-01-16T10:00:00Z");
    user.ok(
        &api,
        &["log", "problem", "JWT refresh fails behind the proxy"],
    );
    user.ok(
        &web,
        &["log", "decision", "keep cookies first-party for Safari"],
    );
    let found = both_ways(&user, &api, &["jwt", "--all-projects"]);
    assert!(found.contains("JWT refresh fails"), "{found}");
    let found = both_ways(&user, &web, &["safari", "cookies"]);
    assert!(found.contains("first-party"), "{found}");
    // Grown once more, the caches left as the last searches wrote them.
    user.ok(&api, &["log", "learned", "the proxy strips the JWT header"]);
    let found = both_ways(&user, &api, &["jwt", "header", "proxy"]);
    assert!(found.contains("strips the JWT header"), "{found}");
}
