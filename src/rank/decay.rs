//! Temporal decay for `mind search` (`search.decay_half_life_days`): older lines lose a
//! little of their score, so that between lines that match about as well the newer wins.
//!
//! `score × (0.9 + 0.1 × 0.5^(age_days / half_life))`: a line of today keeps its score, one
//! a half-life old keeps 95% of it, a very old or undated one 90%. The multiplier never
//! takes more than a tenth, so a clearly better match still ranks first.

use chrono::NaiveDate;

use super::index::Found;

/// The share of a score that decays with age.
pub const WEIGHT: f32 = 0.1;

/// The multiplier for a line dated `date` (its date heading, or a named memory's update
/// time); an undated line counts as very old, a future date as today.
pub fn factor(date: Option<NaiveDate>, today: NaiveDate, half_life_days: f32) -> f32 {
    let fresh = date.map_or(0.0, |d| {
        let age = (today - d).num_days().max(0) as f32;
        0.5f32.powf(age / half_life_days)
    });
    1.0 - WEIGHT + WEIGHT * fresh
}

/// Results (best first) with decayed scores, sorted again; equal scores keep their order.
pub fn apply(mut found: Vec<Found<'_>>, today: NaiveDate, half_life_days: f32) -> Vec<Found<'_>> {
    for f in &mut found {
        f.score *= factor(f.meta.date, today, half_life_days);
    }
    found.sort_by(|a, b| b.score.total_cmp(&a.score));
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn today_keeps_the_score_a_half_life_takes_half_the_weight() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 15).unwrap();
        let ago = |days| Some(today - chrono::Duration::days(days));
        assert_eq!(factor(ago(0), today, 30.0), 1.0);
        assert!((factor(ago(30), today, 30.0) - 0.95).abs() < 1e-6);
        assert!((factor(None, today, 30.0) - 0.9).abs() < 1e-6);
        assert_eq!(factor(ago(-5), today, 30.0), 1.0);
    }
}
