//! Search of the team database: PostgreSQL full text (`websearch_to_tsquery`, ranked by
//! `ts_rank_cd`) fused with vector similarity when the query has a vector: pgvector's
//! nearest neighbours when the extension is installed, else the stored `real[]` vectors of
//! the full-text candidates re-ranked here. Only live rows are found.

use std::collections::HashSet;

use chrono::NaiveDate;
use postgres::Client;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::rank::hybrid;
use crate::safety::controls;
use crate::team::db::{self, db_error, has_pgvector};

/// What to look for.
pub struct TeamQuery<'a> {
    pub text: &'a str,
    /// A project's identity or short name.
    pub project: Option<&'a str>,
    pub kinds: Option<Vec<String>>,
    pub since: Option<NaiveDate>,
    pub limit: usize,
    /// The query's vector, when a model is installed here.
    pub vector: Option<Vec<f32>>,
}

/// Which ranking ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ranking {
    /// Full text only (no model installed, or no row has a vector).
    FullText,
    /// Full-text candidates re-ranked here by their `real[]` vectors.
    FullTextRealArray,
    /// Full-text candidates and pgvector's nearest neighbours, fused.
    FullTextPgvector,
}

impl Ranking {
    pub fn describe(self) -> &'static str {
        match self {
            Ranking::FullText => "full text (ts_rank_cd)",
            Ranking::FullTextRealArray => {
                "full text (ts_rank_cd) re-ranked by vectors stored as real[] (client side)"
            }
            Ranking::FullTextPgvector => "full text (ts_rank_cd) fused with pgvector neighbours",
        }
    }
}

/// One result.
#[derive(Debug, Clone, Serialize)]
pub struct TeamHit {
    pub project: String,
    pub file: String,
    pub line: i32,
    pub author: Option<String>,
    pub date: Option<NaiveDate>,
    #[serde(rename = "type")]
    pub kind: String,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    pub score: f32,
    #[serde(skip)]
    key: (String, String),
    #[serde(skip)]
    embedding: Option<Vec<f32>>,
}

impl TeamHit {
    /// Whether the row belongs to the project `identity` (as stored, not as shown).
    pub fn is_of(&self, identity: &str) -> bool {
        self.key.0 == identity
    }
}

const SELECT: &str = "SELECT p.identity, e.file, e.line, e.author, e.entry_date, e.kind, e.body,
        e.memory, e.section, e.hash, e.embedding";

/// How many full-text matches are ranked at most: every match of any but the broadest
/// queries (a query matching more is ranked among the first this many the index finds).
pub const CANDIDATES: usize = 1_000;

/// Live rows only; the project (`--from`) by identity or short name in any letter case.
const FILTERS: &str = "e.status = 'live'
        AND ($2::text IS NULL OR e.project_id IN
             (SELECT id FROM mind_projects WHERE lower(identity) = lower($2) OR lower(name) = lower($2)))
        AND ($3::text[] IS NULL OR e.kind = ANY($3))
        AND ($4::date IS NULL OR e.entry_date >= $4)";

/// Equal ranks: the newer entry first, then a stable order (the project's first push, file,
/// line).
const TIE_BREAK: &str = "entry_date DESC NULLS LAST, project_id, file, line";

/// The best `query.limit` live rows, best first, and the ranking that ran.
pub fn search(client: &mut Client, query: &TeamQuery<'_>) -> Result<(Vec<TeamHit>, Ranking)> {
    let pool = if query.vector.is_some() {
        (query.limit * 4).max(50)
    } else {
        query.limit
    };
    let pool = i64::try_from(pool).unwrap_or(i64::MAX);
    // The GIN index finds the matches; each is ranked from its `tsvector` alone (normalisation
    // 2|32: divided by the entry's length, as BM25 prefers the shorter of two entries with the
    // same words, then mapped into [0, 1) as rank / (rank + 1)). Only the best `pool` are read
    // whole (text, vector, project) by their keys: a vector is fetched for a top candidate only.
    let sql = format!(
        "WITH ranked AS (
             SELECT e.project_id, e.hash, e.entry_date, e.file, e.line,
                    ts_rank_cd(e.tsv, q, 2|32) AS rank
               FROM mind_entries e, websearch_to_tsquery('english', $1) AS q
              WHERE e.tsv @@ q AND {FILTERS}
              LIMIT {CANDIDATES}
         ), best AS (
             SELECT * FROM ranked ORDER BY rank DESC, {TIE_BREAK} LIMIT $5
         )
         SELECT p.identity, e.file, e.line, e.author, e.entry_date, e.kind, e.body,
                e.memory, e.section, e.hash, e.embedding, b.rank
           FROM best b
           JOIN mind_entries e ON e.project_id = b.project_id AND e.hash = b.hash
           JOIN mind_projects p ON p.id = b.project_id
          ORDER BY b.rank DESC, b.entry_date DESC NULLS LAST, b.project_id, b.file, b.line"
    );
    let watch = db::watch("searching", db::query_timeout());
    let rows = client
        .query(
            &sql,
            &[
                &query.text,
                &query.project,
                &query.kinds,
                &query.since,
                &pool,
            ],
        )
        .map_err(db_error("searching"))?;
    drop(watch);
    if rows.is_empty()
        && let Some(wanted) = query.project
        && !project_known(client, wanted)?
    {
        // "No memories match" would hide a misspelt `--from`.
        return Err(Error::usage_hint(
            format!("the team database has no project {wanted:?}"),
            "`mind team status` lists the projects pushed",
        ));
    }
    let mut hits: Vec<TeamHit> = rows.iter().map(full_text_hit).collect();
    let matched = hits.len();
    let Some(vector) = &query.vector else {
        return Ok((hits, Ranking::FullText));
    };
    let mut ranking = Ranking::FullTextRealArray;
    if has_pgvector(client) {
        // Neighbours that share no word with the query, found by pgvector.
        let sql = format!(
            "{SELECT}
               FROM mind_entries e JOIN mind_projects p ON p.id = e.project_id
              WHERE e.embedding IS NOT NULL AND {FILTERS}
              ORDER BY e.embedding::vector <=> $1::real[]::vector
              LIMIT $5"
        );
        let _watch = db::watch("searching by vector", db::query_timeout());
        if let Ok(near) = client.query(
            &sql,
            &[vector, &query.project, &query.kinds, &query.since, &pool],
        ) {
            ranking = Ranking::FullTextPgvector;
            let known: HashSet<(String, String)> = hits.iter().map(|h| h.key.clone()).collect();
            hits.extend(
                near.iter()
                    .map(|r| hit(r, 0.0))
                    .filter(|h| !known.contains(&h.key)),
            );
        }
    }
    if hits.iter().all(|h| h.embedding.is_none()) {
        hits.truncate(query.limit);
        return Ok((hits, Ranking::FullText));
    }
    fuse(
        &mut hits,
        matched,
        vector,
        query.text.split_whitespace().count(),
    );
    hits.truncate(query.limit);
    Ok((hits, ranking))
}

/// The most characters shown of each field printed beside a row's text (a search's hits, a
/// pulled memory, `mind team status`).
pub const MAX_PROJECT: usize = 200;
pub const MAX_FILE: usize = 200;
pub const MAX_AUTHOR: usize = 80;
pub const MAX_KIND: usize = 20;
pub const MAX_MEMORY: usize = 100;
pub const MAX_SECTION: usize = 120;

/// A field of a row (project identity, file, author, type, memory, section) as it may be
/// shown: one line, clipped ([`controls::one_field`]). Whoever can push chooses these (a git
/// `user.name`, a remote URL, a heading) and, unlike the memory text, they are printed
/// outside its quotes.
pub fn shown_field(text: &str, max: usize) -> String {
    controls::one_field(text, max)
}

/// Whether `wanted` names a pushed project, as `--from` matches one.
fn project_known(client: &mut Client, wanted: &str) -> Result<bool> {
    let _watch = db::watch("finding the project", db::query_timeout());
    client
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM mind_projects
                             WHERE lower(identity) = lower($1) OR lower(name) = lower($1))",
            &[&wanted],
        )
        .map(|row| row.get(0))
        .map_err(db_error("finding the project"))
}

/// A row of the full-text query: the vector query's columns, then the rank.
fn full_text_hit(r: &postgres::Row) -> TeamHit {
    hit(r, r.get(11))
}

/// A hit from a row of the project's identity, then the entry's columns (file, line, author,
/// date, type, text, memory, section, hash, vector).
fn hit(r: &postgres::Row, fulltext: f32) -> TeamHit {
    let first = 1;
    let project: String = r.get(0);
    let hash: String = r.get(first + 8);
    let field = |i: usize, max: usize| shown_field(r.get::<_, &str>(i), max);
    let optional = |i: usize, max: usize| r.get::<_, Option<&str>>(i).map(|v| shown_field(v, max));
    TeamHit {
        // The key keeps the identity as stored: it tells rows apart, it is never shown.
        project: shown_field(&project, MAX_PROJECT),
        key: (project, hash),
        file: field(first, MAX_FILE),
        line: r.get(first + 1),
        author: optional(first + 2, MAX_AUTHOR),
        date: r.get(first + 3),
        kind: field(first + 4, MAX_KIND),
        text: r.get(first + 5),
        memory: optional(first + 6, MAX_MEMORY),
        section: optional(first + 7, MAX_SECTION),
        score: fulltext,
        embedding: r.get(first + 9),
    }
}

/// Scores by the weighted reciprocal-rank fusion local search uses (`rank::hybrid`): each
/// full-text match (the first `matched` hits) by its place in the full-text order, each row
/// whose vector is close enough (`SEMANTIC_FLOOR`) by its place in the cosine order. A neighbour pgvector offered
/// that is not close enough is dropped, so an unrelated query still finds nothing beyond
/// its words. Sorted best first.
fn fuse(hits: &mut Vec<TeamHit>, matched: usize, query: &[f32], words: usize) {
    let w = hybrid::rrf_semantic_weight(hybrid::QueryShape { words });
    let mut near: Vec<(usize, f32)> = hits
        .iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let v = h.embedding.as_ref().filter(|v| v.len() == query.len())?;
            let cosine = crate::embed::cosine(query, v);
            (cosine >= hybrid::SEMANTIC_FLOOR).then_some((i, cosine))
        })
        .collect();
    near.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut score = vec![0.0_f32; hits.len()];
    // The first `matched` rows are the full-text matches, in the database's order (rank,
    // then the tie-break); pgvector's neighbours follow them.
    for (rank, s) in score.iter_mut().take(matched).enumerate() {
        *s += hybrid::rrf_share(1.0 - w, rank);
    }
    for (rank, &(i, _)) in near.iter().enumerate() {
        score[i] += hybrid::rrf_share(w, rank);
    }
    for (h, s) in hits.iter_mut().zip(score) {
        h.score = s;
    }
    hits.retain(|h| h.score > 0.0);
    hits.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then_with(|| b.date.cmp(&a.date))
            .then_with(|| a.project.cmp(&b.project))
            .then_with(|| a.file.cmp(&b.file))
            .then_with(|| a.line.cmp(&b.line))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, cosine: Option<f32>) -> TeamHit {
        TeamHit {
            project: "p".into(),
            file: "MEMORY.md".into(),
            line: 1,
            author: None,
            date: None,
            kind: "decision".into(),
            text: name.into(),
            memory: None,
            section: None,
            score: 0.0,
            key: ("p".into(), name.into()),
            embedding: cosine.map(|c| vec![c, (1.0 - c * c).sqrt()]),
        }
    }

    #[test]
    fn team_hits_fuse_by_rank_as_local_search_does_and_far_neighbours_are_dropped() {
        // A, B, C matched the words (in that order); D and E are pgvector's neighbours.
        let mut hits = vec![
            row("A", Some(0.4)),
            row("B", Some(0.9)),
            row("C", None),
            row("D", Some(0.8)),
            row("E", Some(0.1)),
        ];
        fuse(&mut hits, 3, &[1.0, 0.0], 4);
        let order: Vec<&str> = hits.iter().map(|h| h.text.as_str()).collect();
        assert_eq!(order, ["A", "B", "C", "D"]);
        // First in the words and third by meaning, A nearly reaches 1; D, found by
        // meaning alone, scores only the semantic side's share.
        assert!(hits[0].score > 0.98 && hits[0].score <= 1.0, "{hits:?}");
        assert!((hits[3].score - 0.3 * 61.0 / 62.0).abs() < 1e-5, "{hits:?}");
    }
}
