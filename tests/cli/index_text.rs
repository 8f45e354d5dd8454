//! The text of search results comes from the file as read: the same whether the index was
//! just built or read back from `.mind/cache/`, for valid UTF-8 (shown without decoding the
//! whole file) and for files with invalid bytes (shown as the lossy decoding the index was
//! built from).

use crate::common;

use common::Env;

fn results(env: &Env, query: &str) -> Vec<(String, u64)> {
    common::search_hits(&env.ok(&["search", "--json", query]))
        .into_iter()
        .map(|(text, line, _)| (text, line))
        .collect()
}

#[test]
fn valid_utf8_lines_are_the_same_built_and_cached() {
    let env = Env::initialised();
    env.write(
        ".mind/MEMORY.md",
        "# m\n\n## 2026-01-05 | über\n\nlearned: naïve café ☕ JWT rotation\ndecided: keep JWT expiry at 15 minutes\n",
    );
    let built = results(&env, "JWT");
    assert!(env.exists(".mind/cache/index.bin"));
    let cached = results(&env, "JWT");
    assert_eq!(built, cached);
    let mut by_line = built;
    by_line.sort_by_key(|(_, line)| *line);
    assert_eq!(
        by_line,
        vec![
            ("learned: naïve café ☕ JWT rotation".to_string(), 5),
            ("decided: keep JWT expiry at 15 minutes".to_string(), 6),
        ]
    );
}

#[test]
fn invalid_bytes_are_replaced_the_same_built_and_cached() {
    let env = Env::initialised();
    let mut memory = b"# m\n\n## 2026-01-05\n\n- \xff\xfe broken bytes here\n".to_vec();
    memory.extend_from_slice(b"decided: use JWT tokens caf\xc3\xa9 \xe2\x98\n");
    env.write(".mind/MEMORY.md", &memory);
    let built = (results(&env, "broken"), results(&env, "JWT"));
    let cached = (results(&env, "broken"), results(&env, "JWT"));
    assert_eq!(built, cached);
    assert_eq!(
        built.0,
        vec![("- \u{FFFD}\u{FFFD} broken bytes here".to_string(), 5)]
    );
    assert_eq!(
        built.1,
        vec![("decided: use JWT tokens café \u{FFFD}".to_string(), 6)]
    );
}
