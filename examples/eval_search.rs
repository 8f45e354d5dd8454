//! Ablation for `mind search`: ranks the dev queries against the dev corpus with ranking
//! features switched on and off, writing one predictions file per configuration.
//!
//! usage: cargo run --example eval_search -- CORPUS.md QUERIES.jsonl OUT_DIR
//! (scripts/eval-ablation.sh runs it and scores every file). With `EVAL_GROUPS=1` it writes
//! only the default ranking and one file per synonym group with that group's expansions
//! left out of the queries (`30-no-group-NN-first-member`), to see what each group buys.

use std::io::Write;

use chrono::NaiveDate;
use mind::rank::bm25::{Features, Filter, Query};
use mind::rank::index::Index;
use mind::rank::synonyms::{GROUPS, groups};
use mind::rank::tokenize::{Options, Tokenizer};

struct Config {
    name: &'static str,
    tokens: Options,
    features: Features,
    labels: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, corpus, queries, out_dir] = &args[..] else {
        eprintln!("usage: eval_search CORPUS.md QUERIES.jsonl OUT_DIR");
        std::process::exit(2);
    };
    let corpus = std::fs::read_to_string(corpus).expect("corpus");
    let queries: Vec<String> = std::fs::read_to_string(queries)
        .expect("queries")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("query JSON");
            v["query"].as_str().expect("query text").to_string()
        })
        .collect();
    let today = NaiveDate::from_ymd_opt(2026, 3, 15).unwrap();
    let plain_tokens = Options {
        stem: false,
        code_aware: false,
        phrases: false,
        stop_words: true,
    };
    let raw_tokens = Options {
        stop_words: false,
        ..plain_tokens
    };
    let full = Options::default();
    let d = Features::default();
    let p = Features::plain();
    let configs = [
        Config {
            name: "00a-bm25-whole-line",
            tokens: raw_tokens,
            features: p,
            labels: true,
        },
        Config {
            name: "00b-+stop-words",
            tokens: plain_tokens,
            features: p,
            labels: true,
        },
        Config {
            name: "00c-+no-type-labels",
            tokens: plain_tokens,
            features: p,
            labels: false,
        },
        Config {
            name: "01-+stemming",
            tokens: Options {
                stem: true,
                ..plain_tokens
            },
            features: p,
            labels: false,
        },
        Config {
            name: "02-+code-aware",
            tokens: Options {
                stem: true,
                code_aware: true,
                phrases: false,
                stop_words: true,
            },
            features: p,
            labels: false,
        },
        Config {
            name: "03-+heading-field",
            tokens: Options {
                stem: true,
                code_aware: true,
                phrases: false,
                stop_words: true,
            },
            features: Features {
                heading_weight: d.heading_weight,
                ..p
            },
            labels: false,
        },
        Config {
            name: "04-+synonyms",
            tokens: full,
            features: Features {
                heading_weight: d.heading_weight,
                synonym_weight: d.synonym_weight,
                superseded: d.superseded,
                ..p
            },
            labels: false,
        },
        Config {
            name: "05-+neighbours",
            tokens: full,
            features: Features { recency: 0.0, ..d },
            labels: false,
        },
        Config {
            name: "06-+recency=default",
            tokens: full,
            features: d,
            labels: false,
        },
        Config {
            name: "10-default-no-stemming",
            tokens: Options {
                stem: false,
                ..full
            },
            features: d,
            labels: false,
        },
        Config {
            name: "11-default-no-code-aware",
            tokens: Options {
                code_aware: false,
                ..full
            },
            features: d,
            labels: false,
        },
        Config {
            name: "12-default-no-heading",
            tokens: full,
            features: Features {
                heading_weight: 0.0,
                ..d
            },
            labels: false,
        },
        Config {
            name: "13-default-no-synonyms",
            tokens: Options {
                phrases: false,
                ..full
            },
            features: Features {
                synonym_weight: 0.0,
                ..d
            },
            labels: false,
        },
        Config {
            name: "14-default-no-neighbours",
            tokens: full,
            features: Features {
                neighbours: 0.0,
                ..d
            },
            labels: false,
        },
        Config {
            name: "15-default-no-recency",
            tokens: full,
            features: Features { recency: 0.0, ..d },
            labels: false,
        },
    ];
    let extra: Vec<(String, Features)> = std::env::var("EVAL_SWEEP")
        .ok()
        .map(|spec| sweep(&spec, d))
        .unwrap_or_default();
    let mut all: Vec<(String, Options, Features, bool)> = configs
        .iter()
        .map(|c| (c.name.to_string(), c.tokens, c.features, c.labels))
        .collect();
    all.extend(extra.into_iter().map(|(n, f)| (n, full, f, false)));
    std::fs::create_dir_all(out_dir).expect("out dir");
    if std::env::var("EVAL_GROUPS").is_ok_and(|v| v == "1") {
        let mut tokenizer = Tokenizer::new(full);
        let mut index = Index::default();
        index.add_text_with("eval", "MEMORY.md", corpus.clone(), &mut tokenizer, false);
        let mut run = |name: String, drop: Option<usize>| {
            let mut out = std::fs::File::create(format!("{out_dir}/{name}.jsonl")).expect("out");
            for q in &queries {
                let mut query = Query::parse(q, &mut tokenizer, &d);
                if let Some(g) = drop {
                    query = without_group(query, g);
                }
                let results: Vec<String> = index
                    .search(&query, &d, &Filter::default(), today, 5)
                    .iter()
                    .map(|f| f.text().to_string())
                    .collect();
                let line = serde_json::json!({"query": q, "results": results});
                writeln!(out, "{line}").expect("write");
            }
        };
        run("29-default".to_string(), None);
        for (g, members) in GROUPS.iter().enumerate() {
            let first = members[0].replace(' ', "_");
            run(format!("30-no-group-{g:03}-{first}"), Some(g));
        }
        return;
    }
    for (name, tokens, features, labels) in all {
        let mut tokenizer = Tokenizer::new(tokens);
        let mut index = Index::default();
        index.add_text_with("eval", "MEMORY.md", corpus.clone(), &mut tokenizer, labels);
        let mut out = std::fs::File::create(format!("{out_dir}/{name}.jsonl")).expect("out");
        for q in &queries {
            let query = Query::parse(q, &mut tokenizer, &features);
            let results: Vec<String> = index
                .search(&query, &features, &Filter::default(), today, 5)
                .iter()
                .map(|f| f.text().to_string())
                .collect();
            let line = serde_json::json!({"query": q, "results": results});
            writeln!(out, "{line}").expect("write");
        }
    }
}

/// `EVAL_SWEEP="heading_weight=0.1,0.2;synonym_weight=0.3"`: one config per value.
fn sweep(spec: &str, base: Features) -> Vec<(String, Features)> {
    let mut out = Vec::new();
    for part in spec.split(';').filter(|s| !s.is_empty()) {
        let (key, values) = part.split_once('=').expect("key=values");
        for v in values.split(',') {
            let x: f32 = v.parse().expect("number");
            let mut f = base;
            match key {
                "k1" => f.k1 = x,
                "b" => f.b = x,
                "heading_weight" => f.heading_weight = x,
                "synonym_weight" => f.synonym_weight = x,
                "part_weight" => f.part_weight = x,
                "neighbours" => f.neighbours = x,
                "recency" => f.recency = x,
                _ => panic!("unknown key {key}"),
            }
            out.push((format!("20-sweep-{key}-{v}"), f));
        }
    }
    out
}

/// `query` without the expansions that only group `g` gave it: a synonym stays when some
/// query word it was expanded from shares another group with it.
fn without_group(query: Query, g: usize) -> Query {
    let originals: Vec<String> = query.terms.iter().map(|t| t.term.clone()).collect();
    let keep: Vec<bool> = query
        .terms
        .iter()
        .map(|t| {
            t.original
                || t.from.iter().any(|&o| {
                    groups(&originals[o])
                        .iter()
                        .any(|h| *h != g && groups(&t.term).contains(h))
                })
        })
        .collect();
    // Originals come first and are always kept, so their indexes do not move.
    let terms = query
        .terms
        .into_iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(t, _)| t)
        .collect();
    Query { terms }
}
