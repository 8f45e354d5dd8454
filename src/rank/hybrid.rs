//! Hybrid ranking: BM25F hits fused with sentence-embedding cosines.
//!
//! The default fusion (`Fusion::Rrf`) is a weighted reciprocal-rank fusion:
//!
//! ```text
//! score = 61 · ((1 - w) / (60 + rank_bm25) + w / (60 + rank_cosine)),   w = 0.3 · length
//! ```
//!
//! `length` is lower for one- or two-word queries (identifiers, names), where the words
//! themselves are the intent. With no lexical hit the cosine ranks alone, but a line must
//! reach [`SEMANTIC_FLOOR`] to be shown at all, so an unrelated query still finds nothing.
//!
//! Why ranks and a fixed weight: on the six search sets (technical memory, issue threads,
//! dialogue turns), every per-query weighting tried (by the best cosine, the cosine gap,
//! the best lexical hit's share of the query's words, the score ratio of the first two
//! hits) made some kind of text worse than BM25 alone; on dialogue the model ranks the turn
//! that restates a question above the turn that answers it, and it is sure of itself when
//! it does. This fusion lets the model reorder what the words found and lift a line the
//! words missed only when the lexical side has little to offer, and it is within one query
//! of BM25 alone on every set. The calibrated blend it replaced (`Fusion::Blend`, per-query
//! weight `sure_semantic · (1 - 0.6 · coverage_best) · length` over scores scaled to each
//! side's best) and plain RRF (`Fusion::PlainRrf`, equal weights) stay selectable with
//! `MIND_SEARCH_FUSION=blend|plain` for comparison.

use super::bm25::{Filter, Hit};
use super::segment::DocMeta;

/// The cosine a line needs to be a result without sharing a word with the query.
pub const SEMANTIC_FLOOR: f32 = 0.35;
/// How many of the closest lines the semantic side offers.
pub const SEMANTIC_CANDIDATES: usize = 50;
const RRF_K: f32 = 60.0;
/// The semantic side's share in [`Fusion::Rrf`] for a query of three words or more.
const RRF_SEMANTIC_WEIGHT: f32 = 0.3;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fusion {
    /// Weighted reciprocal-rank fusion (the default).
    Rrf,
    /// Reciprocal-rank fusion with equal weights.
    PlainRrf,
    /// The calibrated score blend with a per-query weight ([`semantic_weight`]).
    Blend,
}

/// How much a query's length lets the model speak: one or two words are an identifier or a
/// name, whose exact form is the intent.
fn length_factor(shape: QueryShape) -> f32 {
    match shape.words {
        0..=1 => 0.4,
        2 => 0.7,
        _ => 1.0,
    }
}

/// The semantic side's weight in the default fusion ([`Fusion::Rrf`]) for a query of this
/// many words; the team search weighs its two sides with it too.
pub fn rrf_semantic_weight(shape: QueryShape) -> f32 {
    RRF_SEMANTIC_WEIGHT * length_factor(shape)
}

/// One side's part of a rank-fused score: a line at 0-based `rank` on a side that carries
/// `weight`. Scaled so that a line first on both sides scores 1: a score users read
/// (`--json`, `--threshold`) stays between 0 and 1.
pub fn rrf_share(weight: f32, rank: usize) -> f32 {
    (RRF_K + 1.0) * weight / (RRF_K + rank as f32 + 1.0)
}

/// A line the semantic side offers, with its cosine to the query.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Near {
    pub seg: usize,
    pub doc: usize,
    pub cosine: f32,
}

/// Whether the semantic side may offer a line: the search's filter admits it and it is
/// not superseded.
pub fn admits(filter: &Filter, meta: &DocMeta) -> bool {
    if meta.superseded {
        return false;
    }
    if let Some(kinds) = &filter.kinds
        && !kinds.contains(&meta.kind)
    {
        return false;
    }
    match filter.since {
        Some(since) => meta.date.is_some_and(|d| d >= since),
        None => true,
    }
}

/// The `limit` lines with the highest cosine at or above `floor`, best first.
pub fn nearest(cosines: impl Iterator<Item = Near>, floor: f32, limit: usize) -> Vec<Near> {
    let mut near: Vec<Near> = cosines.filter(|n| n.cosine >= floor).collect();
    near.sort_by(|a, b| b.cosine.total_cmp(&a.cosine));
    near.truncate(limit);
    near
}

/// What the query says about how to weigh the sides.
#[derive(Debug, Clone, Copy)]
pub struct QueryShape {
    /// Words in the query (as typed).
    pub words: usize,
}

/// The weight of the semantic side for this query (0..=1).
pub fn semantic_weight(lexical: &[Hit], semantic: &[Near], shape: QueryShape) -> f32 {
    let Some(best_near) = semantic.first() else {
        return 0.0;
    };
    let Some(best_hit) = lexical.first() else {
        return 1.0;
    };
    let sure = ((best_near.cosine - 0.2) / 0.4).clamp(0.0, 1.0);
    let length = length_factor(shape);
    (sure * (1.0 - 0.6 * best_hit.coverage.clamp(0.0, 1.0)) * length).clamp(0.0, 0.9)
}

/// Fuse the two rankings into the best `limit` lines.
pub fn fuse(
    lexical: &[Hit],
    semantic: &[Near],
    shape: QueryShape,
    fusion: Fusion,
    limit: usize,
) -> Vec<Hit> {
    let mut merged: Vec<Hit> = Vec::with_capacity(lexical.len() + semantic.len());
    let find = |merged: &mut Vec<Hit>, seg: usize, doc: usize| -> usize {
        match merged.iter().position(|h| h.seg == seg && h.doc == doc) {
            Some(i) => i,
            None => {
                merged.push(Hit {
                    seg,
                    doc,
                    score: 0.0,
                    coverage: 0.0,
                });
                merged.len() - 1
            }
        }
    };
    match fusion {
        Fusion::Rrf | Fusion::PlainRrf => {
            let w = match fusion {
                Fusion::Rrf => rrf_semantic_weight(shape),
                _ => 0.5,
            };
            for (rank, h) in lexical.iter().enumerate() {
                let i = find(&mut merged, h.seg, h.doc);
                merged[i].coverage = h.coverage;
                merged[i].score += rrf_share(1.0 - w, rank);
            }
            for (rank, n) in semantic.iter().enumerate() {
                let i = find(&mut merged, n.seg, n.doc);
                merged[i].score += rrf_share(w, rank);
            }
        }
        Fusion::Blend => {
            let w = semantic_weight(lexical, semantic, shape);
            let best = lexical.first().map_or(1.0, |h| h.score.max(f32::EPSILON));
            for h in lexical {
                let i = find(&mut merged, h.seg, h.doc);
                merged[i].coverage = h.coverage;
                merged[i].score += (1.0 - w) * h.score / best;
            }
            if let (Some(top), Some(last)) = (semantic.first(), semantic.last()) {
                let floor = last.cosine.min(top.cosine - 0.05).max(SEMANTIC_FLOOR - 0.1);
                let span = (top.cosine - floor).max(f32::EPSILON);
                for n in semantic {
                    let i = find(&mut merged, n.seg, n.doc);
                    merged[i].score += w * ((n.cosine - floor) / span).clamp(0.0, 1.0);
                }
            }
        }
    }
    merged.sort_by(|a, b| b.score.total_cmp(&a.score));
    merged.truncate(limit);
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(doc: usize, score: f32, coverage: f32) -> Hit {
        Hit {
            seg: 0,
            doc,
            score,
            coverage,
        }
    }
    fn near(doc: usize, cosine: f32) -> Near {
        Near {
            seg: 0,
            doc,
            cosine,
        }
    }

    #[test]
    fn a_line_no_word_matches_is_found_by_meaning() {
        for fusion in [Fusion::Rrf, Fusion::Blend, Fusion::PlainRrf] {
            let fused = fuse(
                &[],
                &[near(7, 0.62), near(3, 0.4)],
                QueryShape { words: 3 },
                fusion,
                5,
            );
            let docs: Vec<usize> = fused.iter().map(|h| h.doc).collect();
            assert_eq!(docs, vec![7, 3], "{fusion:?}");
        }
    }

    #[test]
    fn lines_both_sides_found_rise_and_a_line_only_the_model_found_comes_after() {
        // Lines 1, 2 and 3 share the query's words about equally; the model finds 2 and 3
        // (and 9, which shares no word), not 1.
        let lexical = [hit(1, 9.0, 0.6), hit(2, 8.9, 0.6), hit(3, 8.0, 0.5)];
        let semantic = [near(2, 0.7), near(9, 0.69), near(3, 0.4)];
        let fused = fuse(&lexical, &semantic, QueryShape { words: 6 }, Fusion::Rrf, 5);
        let docs: Vec<usize> = fused.iter().map(|h| h.doc).collect();
        assert_eq!(docs, vec![2, 3, 1, 9]);
        // The blend, sure of the model, put line 9 second, above what the words found.
        let blend = fuse(
            &lexical,
            &semantic,
            QueryShape { words: 6 },
            Fusion::Blend,
            5,
        );
        let docs: Vec<usize> = blend.iter().map(|h| h.doc).collect();
        assert_eq!(docs, vec![2, 9, 1, 3]);
    }

    #[test]
    fn fused_rank_scores_run_from_0_to_1() {
        let lexical = [hit(1, 9.0, 1.0), hit(4, 3.0, 0.5)];
        let semantic = [near(1, 0.8), near(2, 0.5)];
        let fused = fuse(&lexical, &semantic, QueryShape { words: 4 }, Fusion::Rrf, 5);
        assert!((fused[0].score - 1.0).abs() < 1e-6, "{fused:?}");
        assert!(fused.iter().all(|h| h.score > 0.0 && h.score <= 1.0));
    }

    #[test]
    fn a_sure_exact_hit_stays_first() {
        // The query's words all in line 1; the model prefers line 2 a little.
        let lexical = [hit(1, 9.0, 1.0), hit(4, 3.0, 0.5)];
        let semantic = [near(2, 0.55), near(1, 0.52)];
        for fusion in [Fusion::Blend, Fusion::Rrf, Fusion::PlainRrf] {
            let fused = fuse(&lexical, &semantic, QueryShape { words: 2 }, fusion, 3);
            assert_eq!(fused[0].doc, 1, "{fusion:?}");
        }
    }

    #[test]
    fn weight_follows_certainty_and_length() {
        let semantic = [near(2, 0.7)];
        let sure_lexical = [hit(1, 9.0, 1.0)];
        let weak_lexical = [hit(1, 2.0, 0.3)];
        let short = QueryShape { words: 1 };
        let long = QueryShape { words: 6 };
        assert!(
            semantic_weight(&weak_lexical, &semantic, long)
                > semantic_weight(&sure_lexical, &semantic, long)
        );
        assert!(
            semantic_weight(&weak_lexical, &semantic, long)
                > semantic_weight(&weak_lexical, &semantic, short)
        );
        assert_eq!(semantic_weight(&sure_lexical, &[], long), 0.0);
        assert_eq!(semantic_weight(&[], &semantic, long), 1.0);
    }
}
