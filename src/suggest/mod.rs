//! "Did you mean": the first word of `mind log` that looks like a misspelt type name
//! (`decison`, `lerning`, `dnoe`). Pure; the caller turns a hit into a usage error.
//!
//! False alarms cost more than misses (a miss logs the text as written, a false alarm
//! refuses a good message), so a word is a typo only when it is close to a type word, starts
//! with the same letter, and is not itself an English word: `english.txt` lists every
//! dictionary word within two edits of a type word ("design", "process", "stack", "code",
//! "not", "dont"); `scripts/english_near_types.py` regenerates it.

use crate::classify::{LogKind, TYPE_WORDS, parse_type};

/// Dictionary words near a type word, one per line.
const ENGLISH_NEAR_TYPES: &str = include_str!("english.txt");

/// Type words shorter than this are not guessed at: `bug`, `fix`, `til`, `xp` have too many
/// real neighbours (`but`, `mix`, `tip`, `up`).
const MIN_TARGET_LEN: usize = 4;

/// The type word `word` is probably a misspelling of, if any.
pub fn misspelt_type(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    if word.len() < 3 || !word.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    if parse_type(&word).is_some() || ENGLISH_NEAR_TYPES.lines().any(|w| w == word) {
        return None;
    }
    let mut best: Option<(usize, &'static str)> = None;
    for (target, kind) in TYPE_WORDS {
        // `next` names its type only the way an alias does, and its neighbours (nest, neat,
        // newt) are words: never guessed at.
        if target.len() < MIN_TARGET_LEN
            || target.as_bytes()[0] != word.as_bytes()[0]
            || *kind == LogKind::Next
        {
            continue;
        }
        // Two edits for longer words, one for short ones.
        let allowed = if word.len() >= 5 && target.len() >= 5 {
            2
        } else {
            1
        };
        let distance = edit_distance(word.as_bytes(), target.as_bytes());
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, target));
        }
    }
    best.map(|(_, target)| target)
}

/// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
/// neighbouring letters each cost one edit (the usual typing slips).
fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_of_type_words() {
        assert_eq!(misspelt_type("decison"), Some("decision"));
        assert_eq!(misspelt_type("Desicion"), Some("decision"));
        assert_eq!(misspelt_type("lerning"), Some("learning"));
        assert_eq!(misspelt_type("porblem"), Some("problem"));
        assert_eq!(misspelt_type("progess"), Some("progress"));
        assert_eq!(misspelt_type("expereince"), Some("experience"));
        assert_eq!(misspelt_type("dnoe"), Some("done"));
        assert_eq!(misspelt_type("asumption"), Some("assumption"));
    }

    #[test]
    fn english_words_and_identifiers_are_not_typos() {
        for word in [
            "design",
            "bugs",
            "not",
            "dont",
            "code",
            "node",
            "stack",
            "process",
            "precision",
            "revision",
            "division",
            "blocks",
            "selected",
            "skipped",
            "earning",
            "probe",
            "issues",
            "mixed",
            "tired",
            "trie",
            "called",
            "decade",
            "resume",
            "notes",
            "the",
            "but",
            "up",
            "tip",
            "mix",
            "deno",
            "lerna",
            "src/main.rs",
            "v2",
            "decision",
        ] {
            assert_eq!(misspelt_type(word), None, "{word}");
        }
    }

    #[test]
    fn the_word_list_is_lower_case_and_sorted() {
        let words: Vec<&str> = ENGLISH_NEAR_TYPES.lines().collect();
        assert!(words.windows(2).all(|w| w[0] < w[1]));
        assert!(
            words
                .iter()
                .all(|w| w.bytes().all(|b| b.is_ascii_lowercase()))
        );
    }

    #[test]
    fn distance() {
        assert_eq!(edit_distance(b"decison", b"decision"), 1);
        assert_eq!(edit_distance(b"dnoe", b"done"), 1);
        assert_eq!(edit_distance(b"abc", b"abc"), 0);
        assert_eq!(edit_distance(b"", b"abc"), 3);
    }
}
