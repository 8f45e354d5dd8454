//! Ranking: tokenizer, BM25 search and TF-IDF similarity over memory lines. Pure; no I/O.

pub mod blocks;
pub mod bm25;
pub mod cache;
pub mod corpus;
pub mod decay;
pub mod hybrid;
pub mod index;
pub mod loop_signals;
pub mod named_sections;
pub mod postings;
pub mod reply_signals;
pub mod retrieve;
pub mod segment;
mod segment_builder;
pub mod similarity;
pub mod stopwords;
pub mod stream;
pub mod synonyms;
pub mod tokenize;
