//! Ranking: tokenizer, BM25 search and TF-IDF similarity over memory lines. Pure; no I/O.

pub mod bm25;
pub mod cache;
pub mod corpus;
pub mod decay;
pub mod hybrid;
pub mod index;
pub mod loops;
pub mod retrieve;
pub mod sections;
pub mod segment;
pub mod signals;
pub mod similarity;
pub mod stopwords;
pub mod synonyms;
pub mod tokenize;
