//! Build script: stems the synonym groups (`src/rank/synonym_groups.rs`) into the sorted
//! lookup tables `src/rank/synonyms.rs` includes, so that `mind` does not stem the whole
//! table at every start. The rules mirror the tokenizer's (a test in `synonyms.rs` checks
//! the tables against the stemmer as `mind` runs it).

use std::collections::BTreeMap;
use std::fmt::Write;

use rust_stemmers::{Algorithm, Stemmer};

include!("src/rank/synonym_groups.rs");

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/rank/synonym_groups.rs");
    let stemmer = Stemmer::create(Algorithm::English);
    let stem = |w: &str| stemmer.stem(w).into_owned();
    // A phrase word is looked up by its stem (the tokenizer joins phrases on stems).
    let phrase_key = |w: &str| {
        if w.chars().all(|c| c.is_ascii_alphabetic()) {
            let s = stem(w);
            if s.chars().count() >= 2 {
                return s;
            }
        }
        w.to_string()
    };
    // A member's index term: phrases joined, plain words stemmed (as the tokenizer's
    // `whole_term` treats an identifier).
    let member_term = |m: &str| {
        let joined: String = m.split(' ').collect();
        // Like a whole identifier: `e-mail` and `package-lock` lose their joiners.
        let letters: String = joined.chars().filter(|&c| c != '-' && c != '_').collect();
        if letters.chars().all(|c| c.is_ascii_alphabetic()) {
            stem(&letters)
        } else {
            joined
        }
    };
    let mut members: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut phrases: BTreeMap<(String, String), String> = BTreeMap::new();
    let mut group_terms: Vec<Vec<String>> = Vec::new();
    for (index, group) in GROUPS.iter().enumerate() {
        let mut terms = Vec::new();
        for member in *group {
            let term = member_term(member);
            let groups = members.entry(term.clone()).or_default();
            if !groups.contains(&index) {
                groups.push(index);
            }
            terms.push(term);
            let mut words = member.split(' ');
            if let (Some(a), Some(b), None) = (words.next(), words.next(), words.next()) {
                phrases.insert((phrase_key(a), phrase_key(b)), format!("{a}{b}"));
            }
        }
        group_terms.push(terms);
    }
    let mut out = String::new();
    out.push_str("static MEMBER_GROUPS: &[(&str, &[usize])] = &[\n");
    for (term, groups) in &members {
        let _ = writeln!(out, "    ({term:?}, &{groups:?}),");
    }
    out.push_str("];\nstatic GROUP_TERMS: &[&[&str]] = &[\n");
    for terms in &group_terms {
        let _ = writeln!(out, "    &{terms:?},");
    }
    out.push_str("];\nstatic PHRASES: &[(&str, &str, &str)] = &[\n");
    for ((a, b), joined) in &phrases {
        let _ = writeln!(out, "    ({a:?}, {b:?}, {joined:?}),");
    }
    out.push_str("];\n");
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(format!("{dir}/synonym_tables.rs"), out).expect("write the synonym tables");
}
