//! A small, curated table of software-domain synonyms and related terms.
//!
//! Memories are written in a hurry and searched for later in other words: "sign in" vs
//! "login", "crashes" vs "panics", "bump" vs "increase". A lexical ranker only finds the
//! other wording when it is told the two belong together. The table is deliberately
//! generic (no project or library names beyond household ones) and small: each group is a
//! set of words that a developer would use interchangeably. Two-word phrases ("log in")
//! are joined into one token by the tokenizer, then treated like any other word.
//!
//! Search expands a query term into the other members of its group at a reduced weight;
//! similarity maps every member of a group onto one canonical term.
//!
//! The groups are in `synonym_groups.rs`. The build script stems their members into sorted
//! lookup tables (`build.rs`), so no command spends its start-up stemming a few hundred
//! words; a test checks the tables against the stemmer at run time.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::tokenize::FastHash;

include!("synonym_groups.rs");

// MEMBER_GROUPS: stemmed member term → its groups, sorted by term.
// GROUP_TERMS: each group's members as index terms, in order.
// PHRASES: (first word's stem, second word's stem, joined token), sorted.
include!(concat!(env!("OUT_DIR"), "/synonym_tables.rs"));

/// Whether a stem is the first word of some phrase.
pub fn starts_phrase(first: &str) -> bool {
    let i = PHRASES.partition_point(|(a, _, _)| *a < first);
    PHRASES.get(i).is_some_and(|(a, _, _)| *a == first)
}

/// The token a two-word phrase becomes, given the stems of its words.
pub fn phrase(first: &str, second: &str) -> Option<&'static str> {
    PHRASES
        .binary_search_by(|(a, b, _)| (*a, *b).cmp(&(first, second)))
        .ok()
        .map(|i| PHRASES[i].2)
}

/// The other terms related to an index term (stemmed), without the term itself.
pub fn related(term: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for &g in groups(term) {
        for &t in GROUP_TERMS[g] {
            if t != term && !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

/// The groups an index term belongs to (for similarity, where a group counts as one term).
pub fn groups(term: &str) -> &'static [usize] {
    // Similarity asks for every term of every text it compares: a hash lookup beats a
    // binary search of string comparisons once the map exists.
    static MAP: LazyLock<HashMap<&str, &[usize], FastHash>> =
        LazyLock::new(|| MEMBER_GROUPS.iter().copied().collect());
    MAP.get(term).copied().unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::rank::tokenize::stem_word;

    /// The key a phrase word is looked up by: its stem, unless that is shorter than two
    /// letters or the word is not plain letters (as the build script computes it).
    fn phrase_key(word: &str) -> String {
        if word.chars().all(|c| c.is_ascii_alphabetic()) {
            let s = stem_word(word);
            if s.chars().count() >= 2 {
                return s;
            }
        }
        word.to_string()
    }

    /// The index term a group member becomes: phrases are joined, single words stemmed.
    fn member_term(member: &str) -> String {
        let joined: String = member.split(' ').collect();
        let letters: String = joined.chars().filter(|&c| c != '-' && c != '_').collect();
        if letters.chars().all(|c| c.is_ascii_alphabetic()) {
            stem_word(&letters)
        } else {
            joined
        }
    }

    #[test]
    fn built_tables_match_the_stemmer() {
        let mut members: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        let mut phrases: BTreeMap<(String, String), String> = BTreeMap::new();
        for (index, group) in GROUPS.iter().enumerate() {
            for member in *group {
                let groups = members.entry(member_term(member)).or_default();
                if !groups.contains(&index) {
                    groups.push(index);
                }
                let mut words = member.split(' ');
                if let (Some(a), Some(b), None) = (words.next(), words.next(), words.next()) {
                    phrases.insert((phrase_key(a), phrase_key(b)), format!("{a}{b}"));
                }
            }
        }
        let built: Vec<(String, Vec<usize>)> = MEMBER_GROUPS
            .iter()
            .map(|(t, g)| (t.to_string(), g.to_vec()))
            .collect();
        assert_eq!(built, members.into_iter().collect::<Vec<_>>());
        let built: Vec<((String, String), String)> = PHRASES
            .iter()
            .map(|(a, b, j)| ((a.to_string(), b.to_string()), j.to_string()))
            .collect();
        assert_eq!(built, phrases.into_iter().collect::<Vec<_>>());
        let terms: Vec<Vec<String>> = GROUPS
            .iter()
            .map(|g| g.iter().map(|m| member_term(m)).collect())
            .collect();
        let built: Vec<Vec<String>> = GROUP_TERMS
            .iter()
            .map(|g| g.iter().map(|t| t.to_string()).collect())
            .collect();
        assert_eq!(built, terms);
        // Lookups agree with a map built the plain way.
        let map: HashMap<&str, &[usize]> = MEMBER_GROUPS.iter().copied().collect();
        for (term, groups_of) in &map {
            assert_eq!(groups(term), *groups_of);
        }
        assert!(groups("").is_empty() && groups("zzz").is_empty());
    }

    #[test]
    fn phrases_join_and_relate() {
        assert_eq!(phrase("sign", "in"), Some("signin"));
        assert!(starts_phrase("sign"));
        assert!(!starts_phrase("signin"));
        let related = related("signin");
        assert!(related.contains(&"login"), "{related:?}");
        assert!(related.contains(&"auth"), "{related:?}");
        assert!(!related.contains(&"signin"), "{related:?}");
    }

    #[test]
    fn stems_share_a_group() {
        let crashes = stem_word("crashes");
        let crash = groups(&crashes);
        assert!(!crash.is_empty());
        assert_eq!(crash, groups(&stem_word("panics")));
        assert!(groups("unrelatedword").is_empty());
    }
}
