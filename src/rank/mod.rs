//! Ranking: tokenizer, BM25 search and TF-IDF similarity over memory lines. Pure; no I/O.
