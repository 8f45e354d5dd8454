//! Build script: work done once at build time rather than at every start of `mind`.
//!
//! - Stems the synonym groups (`src/rank/synonym_groups.rs`) into the sorted lookup tables
//!   `src/rank/synonyms.rs` includes. The rules mirror the tokenizer's (a test in
//!   `synonyms.rs` checks the tables against the stemmer as `mind` runs it).
//! - Compiles the parser's cue pattern (`src/parse/cues/cue_pattern.rs`) into a forward and
//!   a reverse DFA that `src/parse/cues/mod.rs` reads in place: compiling the pattern cost
//!   every `mind log` about a millisecond (a test checks the DFA against the pattern).
//! - Links `mind` as a position-dependent executable on Linux with glibc
//!   ([`link_position_dependent`]): start-up is most of a `mind log` and of each git hook.

use std::collections::BTreeMap;
use std::fmt::Write;

use rust_stemmers::{Algorithm, Stemmer};

include!("src/rank/synonym_groups.rs");
include!("src/parse/cues/cue_pattern.rs");

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/rank/synonym_groups.rs");
    println!("cargo::rerun-if-changed=src/parse/cues/cue_pattern.rs");
    cue_automata();
    synonym_tables();
    link_position_dependent();
}

/// `-no-pie` for the `mind` binary on Linux/glibc, unless `MIND_PIE` is set at build time.
///
/// A position-independent `mind` applies about 45,000 relative relocations at every start
/// (vtables, tables of string slices, 5,900 panic locations), and each page of
/// `.data.rel.ro` they land in is copied on write: about 200 of the 460 page faults of a
/// `mind log`. Linked at a fixed address, the linker resolves them once and the pages stay
/// shared with the page cache: 260 page faults and 0.6 ms less per start on the benchmark
/// machine, which every `mind log` and both git hooks pay. The cost: the executable's own
/// code and data load at a fixed address (shared libraries, heap, stack and mappings are
/// still randomised). `MIND_PIE=1 cargo build --release` builds a PIE instead.
fn link_position_dependent() {
    println!("cargo::rerun-if-env-changed=MIND_PIE");
    let target = |key: &str| std::env::var(key).unwrap_or_default();
    let linux_gnu =
        target("CARGO_CFG_TARGET_OS") == "linux" && target("CARGO_CFG_TARGET_ENV") == "gnu";
    if linux_gnu && std::env::var_os("MIND_PIE").is_none() {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}

/// The cue pattern as two dense DFAs (forward: where a match ends; reverse: where it
/// starts), serialized in the target's byte order into `OUT_DIR/cues.fwd` and `cues.rev`.
/// The syntax is that of `regex::bytes::Regex` (UTF-8 not required), so the matches are
/// the ones that regex finds, leftmost-first.
fn cue_automata() {
    use regex_automata::dfa::{dense, regex::Regex};
    use regex_automata::{nfa::thompson, util::syntax};
    let regex = Regex::builder()
        .syntax(syntax::Config::new().utf8(false))
        .thompson(thompson::Config::new().utf8(false))
        .dense(dense::Config::new().minimize(true))
        .build(&cue_pattern())
        .expect("the cue pattern compiles to a DFA");
    let big_endian = std::env::var("CARGO_CFG_TARGET_ENDIAN").as_deref() == Ok("big");
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for (dfa, name) in [(regex.forward(), "cues.fwd"), (regex.reverse(), "cues.rev")] {
        let (bytes, padding) = if big_endian {
            dfa.to_bytes_big_endian()
        } else {
            dfa.to_bytes_little_endian()
        };
        std::fs::write(format!("{dir}/{name}"), &bytes[padding..]).expect("write the cue DFA");
    }
}

fn synonym_tables() {
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
