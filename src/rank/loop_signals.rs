//! Loop detection: is a rejected approach a repeat of one rejected earlier this session?
//!
//! The new rejection is compared with each earlier one through
//! [`similarity::Compared`], lexically: loop detection runs on `mind log` and the post-tool
//! hook, where no model is loaded and no vector is computed (calibrated TF-IDF over the
//! session's own vocabulary, with the lexical bands derived for it). The closest in the
//! related band or above gives a warning whose severity follows the bands (critical:
//! duplicate, high: update, moderate: related), with a short way out; from the third
//! similar attempt on, the warning also suggests handing the problem to a fresh agent
//! with `mind helper`.

use serde::Serialize;

use super::similarity::{
    self, Band, Compared, LEXICAL_SESSION_BANDS, Similarity, TextVocabulary, Vector,
};
use super::tokenize::Tokenizer;

/// How close the repeat is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Moderate,
    High,
    Critical,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Moderate => "moderate",
            Severity::High => "high",
            Severity::Critical => "critical",
        }
    }

    /// One line saying what the severity means.
    pub fn headline(self) -> &'static str {
        match self {
            Severity::Critical => "STOP: this repeats an approach that already failed",
            Severity::High => "this is very close to an approach that already failed",
            Severity::Moderate => "a similar approach was tried before",
        }
    }
}

/// The way out of a loop: zoom out before the next attempt.
pub const METHODOLOGY: [&str; 4] = [
    "question assumptions: which one would make every attempt fail? (`mind session` lists them)",
    "reframe: what are you actually trying to achieve, and is this the right problem?",
    "try the opposite of what keeps failing",
    "simplify: remove variables until something works, then add them back one by one",
];

/// A repeat found among the session's rejected items.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoopWarning {
    pub severity: Severity,
    /// Calibrated similarity with the closest earlier item, two decimals.
    pub similarity: f64,
    /// The closest earlier item, as written in SESSION.md.
    pub similar_to: String,
    /// This attempt's number among the similar ones (2 = one similar attempt before).
    pub attempt: usize,
    pub methodology: Vec<String>,
    /// From the third similar attempt: the command that briefs a fresh agent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub helper: Option<String>,
}

/// Compare `new` with the `earlier` rejections; `context` (every session item) gives the
/// vocabulary.
pub fn detect(earlier: &[String], context: &[String], new: &str) -> Option<LoopWarning> {
    if earlier.is_empty() {
        return None;
    }
    let mut tokenizer = Tokenizer::default();
    let texts = context
        .iter()
        .map(|s| similarity::content(s))
        .chain(std::iter::once(similarity::content(new)));
    let vocab = TextVocabulary::new(texts, &mut tokenizer);
    let lexical = |text: &str, tokenizer: &mut Tokenizer| Compared {
        lexical: Vector::of_text(text, tokenizer, &vocab),
        sentence: None,
    };
    let target = lexical(approach(new), &mut tokenizer);
    if target.lexical.is_empty() {
        return None;
    }
    let mut best: Option<(Similarity, &String)> = None;
    let mut similar = 0;
    for item in earlier {
        let s = lexical(approach(item), &mut tokenizer).similarity(&target);
        if s.band(&LEXICAL_SESSION_BANDS) >= Band::Similar {
            similar += 1;
        }
        // The latest of equally close items is the one to show.
        if best.is_none_or(|(b, _)| s.value >= b.value) {
            best = Some((s, item));
        }
    }
    let (score, item) = best?;
    let severity = match score.band(&LEXICAL_SESSION_BANDS) {
        Band::NearIdentical => Severity::Critical,
        Band::VerySimilar => Severity::High,
        Band::Similar => Severity::Moderate,
        Band::Unrelated => return None,
    };
    let attempt = similar + 1;
    Some(LoopWarning {
        severity,
        similarity: (f64::from(score.value) * 100.0).round() / 100.0,
        similar_to: item.clone(),
        attempt,
        methodology: METHODOLOGY.iter().map(|s| s.to_string()).collect(),
        helper: (attempt >= 3).then(|| helper_command(new)),
    })
}

/// The approach a rejection names, without the reason it gives: "disabling HTTP keepalive"
/// of "disabling HTTP keepalive - still fails with the same error". Two approaches that
/// failed for the same reason are not a loop; the same approach for another reason is.
/// The reason starts at a dash between spaces, ` because `, `: ` or, after a comma, a
/// verdict ("tried redis, overkill"); a text with none is all approach.
fn approach(text: &str) -> &str {
    let lower = text.to_ascii_lowercase();
    let mut cut = [" - ", " – ", " — ", " -- ", " because ", ": "]
        .iter()
        .filter_map(|marker| lower.find(marker))
        .min();
    if let Some(comma) = text.find(", ")
        && crate::promote::worth_cues::verdict(text)
    {
        cut = Some(cut.map_or(comma, |c| c.min(comma)));
    }
    match cut {
        Some(at) if !text[..at].trim().is_empty() => text[..at].trim(),
        _ => text,
    }
}

/// The command that briefs a fresh agent on `problem`, quoted for a shell. A problem that
/// starts with `-` goes after `--`: quoting alone does not stop the parser from reading it
/// as an option, and the command is meant to be run as given.
pub fn helper_command(problem: &str) -> String {
    let dashes = if problem.starts_with('-') { "-- " } else { "" };
    format!("mind helper {dashes}{}", shell_quote(problem))
}

/// Quote a message for a shell command line.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn identical_is_critical_paraphrase_is_flagged_unrelated_is_not() {
        let earlier = items(&["bump the timeout to 60s"]);
        let w = detect(&earlier, &earlier, "bump the timeout to 60s").unwrap();
        assert_eq!(
            (w.severity, w.similarity, w.attempt),
            (Severity::Critical, 1.0, 2)
        );
        assert!(w.helper.is_none());
        let p = detect(
            &earlier,
            &earlier,
            "tried increasing the timeout - still failing",
        )
        .unwrap();
        assert!(p.severity >= Severity::Moderate, "{p:?}");
        assert!(detect(&earlier, &earlier, "switch the session store to redis").is_none());
    }

    #[test]
    fn the_approaches_are_compared_not_the_reasons_they_share() {
        let earlier =
            items(&["increasing the connection pool size - still fails with the same error"]);
        assert!(
            detect(
                &earlier,
                &earlier,
                "disabling HTTP keepalive - still fails with the same error"
            )
            .is_none()
        );
        let same = detect(
            &earlier,
            &earlier,
            "increasing the connection pool size because the errors looked like exhaustion",
        )
        .unwrap();
        assert!(same.severity >= Severity::High, "{same:?}");
        assert_eq!(approach("tried redis, overkill"), "tried redis");
        assert_eq!(approach("- just a dash"), "- just a dash");
        assert_eq!(approach("plain text"), "plain text");
    }

    #[test]
    fn third_similar_attempt_suggests_a_helper() {
        let earlier = items(&[
            "raise the pool size to 20",
            "switch to redis",
            "raise pool size to 50",
        ]);
        let w = detect(&earlier, &earlier, "raise the pool size to 100").unwrap();
        assert_eq!(w.attempt, 3);
        assert_eq!(
            w.helper.as_deref(),
            Some("mind helper 'raise the pool size to 100'")
        );
        assert_eq!(w.similar_to, "raise pool size to 50");
    }

    #[test]
    fn helper_command_puts_a_leading_dash_after_double_dash() {
        assert_eq!(helper_command("-x breaks"), "mind helper -- '-x breaks'");
        assert_eq!(helper_command("x -y"), "mind helper 'x -y'");
        assert_eq!(helper_command("it's $HOME"), r"mind helper 'it'\''s $HOME'");
    }

    #[test]
    fn nothing_to_compare_with() {
        assert!(detect(&[], &[], "anything").is_none());
        assert!(detect(&items(&["x y"]), &[], "the a an").is_none());
    }

    #[test]
    fn quoting() {
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
    }
}
