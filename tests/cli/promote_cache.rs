//! Promotion over a large memory and the parse cache: a recall that promotes reads MEMORY.md
//! before its append and after it; whatever the cache holds (nothing, the memory before the
//! append, the memory after it, garbage), the files and the block are those of a full parse.

use crate::common;

use common::{Env, User};

const PARSE_CACHE: &str = ".mind/cache/memory.parse";
const PARSE_CACHE_PREVIOUS: &str = ".mind/cache/memory.parse.prev";

/// What the agent and the user read after a recall.
const READ: [&str; 3] = [".mind/MEMORY.md", ".mind/SESSION.md", "CLAUDE.md"];

/// A memory above the size the parse cache starts at, with lines the session's items are
/// about (a link, an update, a duplicate) and parser state that runs across lines.
fn large_memory() -> String {
    let mut memory = String::from(
        "# demo\n\n## Project State\n- Goal: ship the importer\n\n## Session Log\n\n## 2026-01-10\n\n",
    );
    for i in 0..700 {
        memory.push_str(&format!(
            "- note {i}: the importer reads rows in batches of a hundred\n"
        ));
    }
    memory.push_str(
        "\n## 2026-01-12\n\n\
         decided: keep the session cache in Redis\n\
         learned: Safari drops cookies on cross-site redirects\n\
         learned: the API rate limit is 100 requests per minute\n\
         problem: imports hang on big files\n\
         **Decision:**\n\
         - stream the CSV rows instead of loading them\n",
    );
    memory
}

/// The session's items, logged at the clock's time.
const ITEMS: [(&str, &str); 5] = [
    ("experience", "Safari drops cookies on cross-site redirects"),
    (
        "experience",
        "Safari also drops cookies on same-site redirects from a subdomain",
    ),
    (
        "experience",
        "turns out the importer needs a BOM check for CSV files from Excel",
    ),
    (
        "rejected",
        "Redis for the queue - overkill for three workers",
    ),
    (
        "blocker",
        "imports hang on big files because the reader buffers the whole file - fixed by streaming",
    ),
];

/// The recall's stdout and the files it leaves that anyone reads.
fn recall(env: &Env) -> Vec<String> {
    let mut seen = vec![env.ok(&["recall"])];
    seen.extend(READ.iter().map(|f| env.read(f)));
    seen
}

/// The length of MEMORY.md's beginning a parse cache file was made from (its header).
fn cached_len(cache: &[u8]) -> usize {
    u64::from_le_bytes(cache[20..28].try_into().unwrap()) as usize
}

fn clear_caches(env: &Env) {
    let _ = std::fs::remove_file(env.path(PARSE_CACHE));
    let _ = std::fs::remove_file(env.path(PARSE_CACHE_PREVIOUS));
}

/// A large memory with a session's items logged, two hours later (the next recall starts a
/// new session and promotes them), and the files as that recall finds them, to put back
/// before each run.
fn ready_to_promote() -> (Env, Vec<(&'static str, Vec<u8>)>) {
    let mut env = Env::initialised();
    env.write(".mind/MEMORY.md", large_memory());
    for (kind, text) in ITEMS {
        env.ok(&["log", kind, text]);
    }
    env.at("2026-01-15T11:00:00Z");
    let before = [".mind/MEMORY.md", ".mind/SESSION.md", ".mind/state.json"]
        .into_iter()
        .map(|f| (f, env.read_bytes(f)))
        .collect();
    (env, before)
}

#[test]
fn a_promoting_recall_writes_the_same_whatever_the_parse_cache_holds() {
    let (env, before) = ready_to_promote();
    let restore = || {
        for (f, bytes) in &before {
            env.write(f, bytes);
        }
    };

    // No cache at all: the full parse every other run must match.
    clear_caches(&env);
    let cold = recall(&env);
    assert!(cold[1].len() > large_memory().len(), "nothing was promoted");
    assert!(cold[1].contains("BOM check"), "{}", cold[1]);

    // Warm from the memory as it was before the recall (the usual case: the last recall
    // kept it, the session only appended).
    restore();
    clear_caches(&env);
    env.ok(&["status", "--json"]);
    assert!(env.exists(PARSE_CACHE));
    assert_eq!(recall(&env), cold);
    // The cache is left at the point before the append: the block's build parsed the
    // promoted lines on top of it.
    assert_eq!(cached_len(&env.read_bytes(PARSE_CACHE)), before[0].1.len());

    // The memory cut back to where it was before the append, the caches of the last run
    // left as they are: MEMORY.md resumes from the previous point.
    restore();
    assert_eq!(recall(&env), cold);
    restore();
    assert_eq!(recall(&env), cold);

    // Damaged caches, either or both: each time after a reader brought the cache up to
    // date past the append, keeping the point before it beside it.
    for (current, previous) in [(true, false), (false, true), (true, true)] {
        restore();
        recall(&env);
        env.ok(&["status", "--json"]);
        assert!(env.exists(PARSE_CACHE_PREVIOUS));
        restore();
        if current {
            env.write(PARSE_CACHE, b"not a cache at all");
        }
        if previous {
            let mut bytes = env.read_bytes(PARSE_CACHE_PREVIOUS);
            let middle = bytes.len() / 2;
            bytes[middle] ^= 0x40;
            env.write(PARSE_CACHE_PREVIOUS, bytes);
        }
        assert_eq!(recall(&env), cold, "damaged: {current} {previous}");
    }

    // Damaged after the append: the next reader parses again and sees the same memory.
    let parsed = env.ok(&["status", "--json"]);
    env.write(PARSE_CACHE, b"MINDPRS\0 damaged");
    assert_eq!(env.ok(&["status", "--json"]), parsed);
    clear_caches(&env);
    assert_eq!(env.ok(&["status", "--json"]), parsed);
}

const INDEX_CACHE: &str = ".mind/cache/index.bin";

#[test]
fn a_promoting_recall_writes_the_same_whatever_the_index_cache_holds() {
    let (env, before) = ready_to_promote();
    // What a search leaves beside its cache (the lines it showed) is put back too: it is
    // not the index's part of the answer.
    let usage = env.path(".mind/usage.tsv");
    let usage_before = std::fs::read(&usage).ok();
    let restore = || {
        for (f, bytes) in &before {
            env.write(f, bytes);
        }
        match &usage_before {
            Some(bytes) => std::fs::write(&usage, bytes).unwrap(),
            None => {
                let _ = std::fs::remove_file(&usage);
            }
        }
    };
    // No index cache: the memory indexed whole by the promotion.
    let _ = std::fs::remove_file(env.path(INDEX_CACHE));
    let cold = recall(&env);
    assert!(cold[1].contains("BOM check"), "{}", cold[1]);
    assert!(env.exists(INDEX_CACHE));

    // The cache of a search on the memory just as the recall finds it.
    restore();
    let _ = std::fs::remove_file(env.path(INDEX_CACHE));
    env.ok(&["search", "importer"]);
    restore();
    assert_eq!(recall(&env), cold);

    // The cache as the last recall left it: of the memory after its append, longer than
    // the file now; its beginning still is the file's.
    for _ in 0..2 {
        restore();
        assert_eq!(recall(&env), cold);
    }

    // A damaged cache, and one cut short.
    restore();
    let mut bytes = env.read_bytes(INDEX_CACHE);
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    env.write(INDEX_CACHE, &bytes);
    assert_eq!(recall(&env), cold);
    restore();
    let bytes = env.read_bytes(INDEX_CACHE);
    env.write(INDEX_CACHE, &bytes[..bytes.len() / 3]);
    assert_eq!(recall(&env), cold);
}

#[test]
fn a_user_recall_that_promotes_into_a_large_memory_reads_the_cache_it_left() {
    let mut user = User::new();
    let project = user.project("code/importer", &["init"]);
    std::fs::write(project.join(".mind/MEMORY.md"), large_memory()).unwrap();
    // A status reads the memory and keeps its parse; the session then only appends.
    user.ok(&project, &["status"]);
    assert!(project.join(PARSE_CACHE).is_file());
    for (kind, text) in ITEMS {
        user.ok(&project, &["log", kind, text]);
    }
    let before = std::fs::read(project.join(".mind/MEMORY.md")).unwrap();
    user.at("2026-01-15T11:00:00Z");
    let block = user.ok(&project, &["recall"]);
    assert!(block.contains("Redis for the queue - overkill"), "{block}");
    let after = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(after.len() > before.len() && after.as_bytes().starts_with(&before));
    assert!(after.contains("BOM check"), "{after}");
    // The recall parsed the promoted lines on top of the cache and left it as it was; the
    // status after it brings it up to date and keeps the point it grew from.
    let cache = std::fs::read(project.join(PARSE_CACHE)).unwrap();
    assert_eq!(cached_len(&cache), before.len());
    let warm = user.ok(&project, &["status", "--json"]);
    let cache = std::fs::read(project.join(PARSE_CACHE)).unwrap();
    assert_eq!(cached_len(&cache), after.len());
    assert!(project.join(PARSE_CACHE_PREVIOUS).is_file());
    // The cached views are those of a full parse.
    std::fs::remove_file(project.join(PARSE_CACHE)).unwrap();
    std::fs::remove_file(project.join(PARSE_CACHE_PREVIOUS)).unwrap();
    assert_eq!(user.ok(&project, &["status", "--json"]), warm);
}
