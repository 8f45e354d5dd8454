//! The line classifier: with a sentence-embedding model installed, a softmax regression over
//! a line's vector and the rules' verdict on it (type, confidence, reason) decides the
//! line's type, where it is sure enough to overrule the rules.
//!
//! The rules ([`super::line`]) read cue words, labels and shapes; on text nobody wrote a
//! rule for they miss reports that use none of them ("Export to CSV drops the last row")
//! and take cue words used in another sense for entries. The vector says what a line is
//! about, the verdict what its words and shape say. Trained on labelled lines, some the
//! rules were written from and some they had never seen, the classifier types unseen lines
//! better than the rules alone. It changes a type past a threshold per kind of change (add,
//! drop, retype); the shipped thresholds are 0, so it decides every line it judges (README,
//! "The line classifier").
//! The weights are an ensemble: three starts of the same training, each with the model's
//! last four layers tuned for this job (`line_tuning.safetensors`,
//! `line_tuning.1.safetensors`, `line_tuning.2.safetensors`, see `embed::tuning`) and its own
//! softmax (`members` in `line_model.json`), whose probabilities are averaged. The encoder runs
//! the shared lower layers once and gives the members' vectors one after another
//! (`Embedder::with_tunings`). `scripts/line-finetune-experiment.py` (`--final`, `WRITE=1`,
//! `SEEDS=0,1,2`) trains them and writes every file; the weights (the thresholds, about 2,600
//! weights per member and each member's layers' SHA-256) hold the vector's scale, so a
//! decision is one product per type and member. One member at the top level of the JSON is
//! read as an ensemble of one.
//!
//! Pure: the caller embeds the lines (the installed model), asks [`LineModel::decide`] and
//! settles it against the rules with [`LineModel::apply`].

use std::sync::LazyLock;

use serde::Deserialize;

use super::EntryType;
use super::document::LineVerdict;

/// The reason a verdict carries when the classifier changed the rules' type.
pub const REASON: &str = "line classifier";

/// Reasons of verdicts the classifier never judges: lines that are structure, not text (a
/// heading, a fence, a comment, a blank, a field label that opens a list, a next step, a
/// commit trailer), source code (`-- Gotcha: regexp_matches() returns capture groups` is a
/// comment in SQL, whatever its words say: the rules read its syntax, the vector only its
/// words), and lines typed by their own label (`decided:`): the writer said what the line is.
const NOT_JUDGED: [&str; 12] = [
    "blank",
    "heading",
    "heading or comment",
    "HTML comment",
    "code fence",
    "code block",
    "project state",
    "next step",
    "label without text",
    "commit trailer",
    "code",
    super::TYPE_LABEL,
];

/// Reasons the rules may give that weights trained before them do not know, each with the
/// known reason it stands for: such weights read the new reason as the old one it refines,
/// not as a verdict without a reason they never saw. Weights that know it read it as itself.
const STAND_INS: [(&str, &str); 3] = [
    ("hedged mention", "no cue"),
    ("index of another file", "link only"),
    ("request for work", "task item"),
];

/// The reason the classifier was trained to read for `reason`.
fn stand_in(reason: &str) -> &str {
    STAND_INS
        .iter()
        .find(|(new, _)| *new == reason)
        .map_or(reason, |(_, old)| old)
}

#[derive(Deserialize)]
struct Weights {
    /// The model the vectors come from (its name; vectors of another model mean nothing).
    model: String,
    /// The output types, in the columns' order ("none" for no entry).
    types: Vec<String>,
    /// The reasons that have a feature of their own, in the features' order.
    reasons: Vec<String>,
    /// The vector's length (one member's).
    dim: usize,
    /// How sure the classifier must be to change the rules' type.
    sure: Sure,
    /// Whether the weights were trained on each line's headings before its text
    /// ("Known issues > Export: the last row is dropped", see [`LineModel::input`]).
    #[serde(default)]
    headings: bool,
    /// The starts of an ensemble, each trained alone; their probabilities are averaged.
    #[serde(default)]
    members: Vec<Member>,
    /// A classifier of one member may give its fields at the top level instead.
    #[serde(default)]
    tuned_layers: Option<String>,
    #[serde(default)]
    weights: Vec<Vec<f32>>,
    #[serde(default)]
    bias: Vec<f32>,
}

/// One softmax regression and the tuned layers its vectors come through.
#[derive(Deserialize)]
struct Member {
    /// When the vectors come through tuned last layers (`line_tuning*.safetensors`, see
    /// `embed::tuning`): the SHA-256 of that file, which the weights were trained with.
    #[serde(default)]
    #[cfg_attr(not(feature = "semantic"), allow(dead_code))]
    tuned_layers: Option<String>,
    /// One row per feature (vector, rules' type one-hot in `types` order, confidence,
    /// reasons), one column per type.
    weights: Vec<Vec<f32>>,
    bias: Vec<f32>,
}

/// The probability the classifier needs to type a line the rules left untyped (`add`), to
/// take an entry of the rules away (`drop`) and to give one another type (`retype`).
/// Chosen so that it gains over the rules both on text they were never written for and on
/// text they were written from (`scripts/line-classifier-experiment.py`).
#[derive(Debug, Clone, Copy, Deserialize)]
struct Sure {
    add: f32,
    drop: f32,
    retype: f32,
}

/// The shipped classifier.
pub struct LineModel {
    weights: Weights,
    members: Vec<Member>,
    kinds: Vec<Option<EntryType>>,
}

/// What the classifier makes of one line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decision {
    pub kind: Option<EntryType>,
    /// The classifier's probability for that type.
    pub probability: f32,
}

/// The tuned layers the shipped members were trained with, in the members' order (their
/// SHA-256 are in `line_model.json`; a test checks the two belong together). An ensemble of
/// k starts ships `line_tuning.safetensors` and `line_tuning.1.safetensors` …
/// `line_tuning.{k-1}.safetensors`, as `scripts/line-finetune-experiment.py` writes them.
#[cfg(feature = "semantic")]
static TUNINGS: &[&[u8]] = &[
    include_bytes!("line_tuning.safetensors"),
    include_bytes!("line_tuning.1.safetensors"),
    include_bytes!("line_tuning.2.safetensors"),
];

static SHIPPED: LazyLock<LineModel> = LazyLock::new(|| {
    LineModel::from_json(include_str!("line_model.json")).expect("the shipped weights are valid")
});

impl LineModel {
    /// The weights shipped in the binary.
    pub fn shipped() -> &'static LineModel {
        &SHIPPED
    }

    /// Weights from their JSON form; an error names what is wrong.
    pub fn from_json(json: &str) -> Result<LineModel, String> {
        let mut weights: Weights = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let kinds = weights
            .types
            .iter()
            .map(|t| match t.as_str() {
                "none" => Ok(None),
                name => EntryType::ALL
                    .into_iter()
                    .find(|k| k.as_str() == name)
                    .map(Some)
                    .ok_or_else(|| format!("unknown type {name:?}")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut members = std::mem::take(&mut weights.members);
        let single = Member {
            tuned_layers: weights.tuned_layers.take(),
            weights: std::mem::take(&mut weights.weights),
            bias: std::mem::take(&mut weights.bias),
        };
        match (
            members.is_empty(),
            single.weights.is_empty() && single.bias.is_empty(),
        ) {
            (true, false) => members.push(single),
            (false, false) => {
                return Err("weights both at the top level and in members".into());
            }
            (true, true) => return Err("no weights".into()),
            (false, true) => {}
        }
        let features = weights.dim + kinds.len() + 1 + weights.reasons.len();
        for member in &members {
            if member.weights.len() != features
                || member.weights.iter().any(|row| row.len() != kinds.len())
                || member.bias.len() != kinds.len()
            {
                return Err(format!(
                    "expected {features} rows of {} weights and {} biases",
                    kinds.len(),
                    kinds.len()
                ));
            }
        }
        Ok(LineModel {
            weights,
            members,
            kinds,
        })
    }

    /// The model whose vectors the weights were trained on.
    pub fn model(&self) -> &str {
        &self.weights.model
    }

    /// The length of the vectors it reads.
    pub fn dim(&self) -> usize {
        self.weights.dim
    }

    /// The tuned last layers the vectors must come through (safetensors files for
    /// `Embedder::with_tunings`, one per member, in order), when the weights were trained
    /// with them; empty when they read the published model's vectors.
    pub fn tunings(&self) -> Vec<&'static [u8]> {
        #[cfg(feature = "semantic")]
        if self.members.iter().all(|m| m.tuned_layers.is_some()) {
            return TUNINGS.iter().take(self.members.len()).copied().collect();
        }
        // A build that runs no model never reads the vectors.
        Vec::new()
    }

    /// Whether the weights read a line's headings before its text ([`LineModel::input`]).
    pub fn reads_headings(&self) -> bool {
        self.weights.headings
    }

    /// The text the classifier reads for a line under `headings` (the titles of the headings
    /// above it, outermost first, as [`crate::parse::heading_paths`] gives them): with weights
    /// trained on headings, "outer > inner: line", the form they were trained on; the line
    /// alone for weights trained without them or a line under no heading. A heading says
    /// what the lines under it are ("Known issues", "Things that bit us"), which a line's
    /// own words often do not.
    pub fn input<'a>(&self, headings: &str, line: &'a str) -> std::borrow::Cow<'a, str> {
        if self.weights.headings && !headings.is_empty() {
            std::borrow::Cow::Owned(format!("{headings}: {line}"))
        } else {
            std::borrow::Cow::Borrowed(line)
        }
    }

    /// Whether the classifier judges a line the rules gave this verdict: text, not structure,
    /// and not typed by its own label.
    pub fn judges(verdict: &LineVerdict) -> bool {
        !NOT_JUDGED.contains(&verdict.reason)
    }

    /// The type of a line from its vector (the members' vectors one after another) and the
    /// rules' verdict on it: the members' probabilities averaged.
    pub fn decide(&self, vector: &[f32], verdict: &LineVerdict) -> Decision {
        let w = &self.weights;
        // The rules' type: a rejection is the decision column (the labels have no
        // rejected type; a classifier that agrees keeps it a rejection below).
        let rules_kind = verdict.kind.map(|k| match k {
            EntryType::Rejected => EntryType::Decision,
            k => k,
        });
        let rules_column = self.kinds.iter().position(|k| *k == rules_kind);
        let find = |reason: &str| w.reasons.iter().position(|r| r == reason);
        let reason = find(verdict.reason).or_else(|| find(stand_in(verdict.reason)));
        let after_types = w.dim + self.kinds.len();
        let mut mean = vec![0f32; self.kinds.len()];
        for (k, member) in self.members.iter().enumerate() {
            let mut scores = member.bias.clone();
            let mut add = |row: &[f32], x: f32| {
                for (s, wi) in scores.iter_mut().zip(row) {
                    *s += wi * x;
                }
            };
            let part = vector.iter().skip(k * w.dim).take(w.dim);
            for (row, &x) in member.weights.iter().zip(part) {
                add(row, x);
            }
            if let Some(column) = rules_column {
                add(&member.weights[w.dim + column], 1.0);
            }
            add(&member.weights[after_types], verdict.confidence);
            if let Some(i) = reason {
                add(&member.weights[after_types + 1 + i], 1.0);
            }
            let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let total: f32 = scores.iter().map(|s| (s - top).exp()).sum();
            for (m, s) in mean.iter_mut().zip(&scores) {
                *m += (s - top).exp() / total / self.members.len() as f32;
            }
        }
        let best = (0..mean.len())
            .max_by(|&a, &b| mean[a].total_cmp(&mean[b]))
            .unwrap_or(0);
        let kind = match (self.kinds[best], verdict.kind) {
            (Some(EntryType::Decision), Some(EntryType::Rejected)) => Some(EntryType::Rejected),
            (kind, _) => kind,
        };
        Decision {
            kind,
            probability: mean[best],
        }
    }
}

impl LineModel {
    /// `verdict` with the classifier's decision applied where it is sure enough to change
    /// it; then the reason says so. A line that becomes an entry is never KEY unless the
    /// rules had typed it too.
    pub fn apply(&self, verdict: &LineVerdict, decision: Decision) -> LineVerdict {
        let sure = self.weights.sure;
        let need = match (verdict.kind, decision.kind) {
            (a, b) if a == b => return verdict.clone(),
            (None, Some(_)) => sure.add,
            (Some(_), None) => sure.drop,
            _ => sure.retype,
        };
        if decision.probability < need {
            return verdict.clone();
        }
        LineVerdict {
            kind: decision.kind,
            confidence: super::confidence::tidy(if decision.kind.is_some() {
                decision.probability.min(super::confidence::CLASSIFIED)
            } else {
                0.0
            }),
            key: verdict.key && decision.kind.is_some() && verdict.kind.is_some(),
            reason: REASON,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped weights were trained on vectors through the shipped tuned layers: the
    /// file's SHA-256 is the one the weights name, and the layers load into the published
    /// model's shape (6 layers, 384 wide, 1,536 inside).
    #[cfg(feature = "semantic")]
    #[test]
    fn the_shipped_tuned_layers_are_the_ones_the_weights_were_trained_with() {
        use sha2::{Digest, Sha256};
        let shipped = LineModel::shipped();
        assert_eq!(shipped.members.len(), TUNINGS.len());
        for (member, tuning) in shipped.members.iter().zip(TUNINGS) {
            let digest: String = Sha256::digest(tuning)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert_eq!(Some(digest), member.tuned_layers);
            crate::embed::check_tuning(tuning, 6, 384, 1536).unwrap();
        }
        assert_eq!(shipped.tunings(), TUNINGS.to_vec());
    }

    /// A two-dimensional model over none and problem: the vector's first component says
    /// "problem", the second "none"; the rules' verdict adds a little.
    fn toy() -> LineModel {
        LineModel::from_json(
            r#"{"model": "toy", "types": ["none", "problem"], "reasons": ["symptom"], "dim": 2,
                "sure": {"add": 0.6, "drop": 0.9, "retype": 0.8},
                "weights": [[0, 4], [4, 0], [0.5, 0], [0, 0.5], [0, 0], [0, 1]],
                "bias": [0, 0]}"#,
        )
        .unwrap()
    }

    fn verdict(kind: Option<EntryType>, reason: &'static str) -> LineVerdict {
        LineVerdict {
            kind,
            confidence: if kind.is_some() { 0.6 } else { 0.0 },
            key: false,
            reason,
        }
    }

    #[test]
    fn the_vector_and_the_verdict_together_decide() {
        let model = toy();
        let none = verdict(None, "no cue");
        let says_problem = model.decide(&[1.0, 0.0], &none);
        assert_eq!(says_problem.kind, Some(EntryType::Problem));
        assert!(says_problem.probability > 0.97, "{says_problem:?}");
        assert_eq!(model.decide(&[0.0, 1.0], &none).kind, None);
        // An even vector: the rules' verdict tips it.
        let symptom = verdict(Some(EntryType::Problem), "symptom");
        assert_eq!(
            model.decide(&[0.5, 0.5], &symptom).kind,
            Some(EntryType::Problem)
        );
        assert_eq!(model.decide(&[0.5, 0.5], &none).kind, None);
    }

    /// A reason newer than the weights is read as the known reason it stands for; weights
    /// trained with it read it as itself.
    #[test]
    fn a_new_reason_reads_as_its_stand_in_unless_the_weights_know_it() {
        // The "link only" feature pushes hard toward none; the vector says problem.
        let older = LineModel::from_json(
            r#"{"model": "toy", "types": ["none", "problem"], "reasons": ["link only"],
                "dim": 2, "sure": {"add": 0, "drop": 0, "retype": 0},
                "weights": [[0, 2], [2, 0], [0, 0], [0, 0], [0, 0], [6, 0]],
                "bias": [0, 0]}"#,
        )
        .unwrap();
        let index = verdict(None, "index of another file");
        assert_eq!(older.decide(&[1.0, 0.0], &index).kind, None);
        // Without the stand-in the vector alone would have typed it.
        assert_eq!(
            older.decide(&[1.0, 0.0], &verdict(None, "no cue")).kind,
            Some(EntryType::Problem)
        );
        // Weights that know the new reason (here: toward problem) read it as itself.
        let newer = LineModel::from_json(
            r#"{"model": "toy", "types": ["none", "problem"],
                "reasons": ["link only", "index of another file"],
                "dim": 2, "sure": {"add": 0, "drop": 0, "retype": 0},
                "weights": [[0, 2], [2, 0], [0, 0], [0, 0], [0, 0], [6, 0], [0, 1]],
                "bias": [0, 0]}"#,
        )
        .unwrap();
        assert_eq!(
            newer.decide(&[1.0, 0.0], &index).kind,
            Some(EntryType::Problem)
        );
    }

    /// Weights trained on headings read "headings: line"; others, and a line under no
    /// heading, the line alone.
    #[test]
    fn weights_trained_on_headings_read_them_before_the_line() {
        assert!(!toy().reads_headings());
        assert_eq!(
            toy().input("Known issues", "Export drops a row"),
            "Export drops a row"
        );
        let json = r#"{"model": "toy", "types": ["none", "problem"], "reasons": [], "dim": 2,
            "sure": {"add": 0, "drop": 0, "retype": 0}, "headings": true,
            "weights": [[0, 4], [4, 0], [0, 0], [0, 0], [0, 0]], "bias": [0, 0]}"#;
        let headed = LineModel::from_json(json).unwrap();
        assert!(headed.reads_headings());
        assert_eq!(
            headed.input("Notes > Known issues", "Export drops a row"),
            "Notes > Known issues: Export drops a row"
        );
        assert_eq!(headed.input("", "Export drops a row"), "Export drops a row");
    }

    #[test]
    fn a_decision_changes_the_rules_type_only_when_sure_enough() {
        let model = toy();
        let none = verdict(None, "no cue");
        // Sure it is a problem (0.98 against the 0.6 an added entry needs).
        let changed = model.apply(&none, model.decide(&[1.0, 0.0], &none));
        assert_eq!(changed.kind, Some(EntryType::Problem));
        assert_eq!(changed.reason, REASON);
        assert!(changed.confidence > 0.0 && changed.confidence <= 0.6);
        // Agreeing with the rules changes nothing.
        assert_eq!(model.apply(&none, model.decide(&[0.0, 1.0], &none)), none);
        // Taking an entry away needs 0.9: "none" at 0.8 leaves the rules' problem.
        let symptom = verdict(Some(EntryType::Problem), "symptom");
        let unsure = Decision {
            kind: None,
            probability: 0.8,
        };
        assert_eq!(model.apply(&symptom, unsure), symptom);
        let sure = Decision {
            kind: None,
            probability: 0.95,
        };
        let dropped = model.apply(&symptom, sure);
        assert_eq!((dropped.kind, dropped.confidence), (None, 0.0));
        assert_eq!(dropped.reason, REASON);
    }

    /// The members of an ensemble each read their own part of the vector, and their
    /// probabilities are averaged: one sure of a problem and one sure of none leave it even.
    #[test]
    fn the_members_of_an_ensemble_are_averaged() {
        let member = |problem: f32| {
            format!(r#"{{"weights": [[0, {problem}], [0, 0], [0, 0], [0, 0]], "bias": [0, 0]}}"#)
        };
        let model = LineModel::from_json(&format!(
            r#"{{"model": "toy", "types": ["none", "problem"], "reasons": [], "dim": 1,
                "sure": {{"add": 0.6, "drop": 0.6, "retype": 0.6}},
                "members": [{}, {}]}}"#,
            member(4.0),
            member(-4.0)
        ))
        .unwrap();
        let none = verdict(None, "no cue");
        // The first member reads 1 (problem, 0.98), the second 1 (none, 0.98): even.
        let even = model.decide(&[1.0, 1.0], &none);
        assert!((even.probability - 0.5).abs() < 1e-6, "{even:?}");
        assert_eq!(model.apply(&none, even), none);
        // The first reads 1, the second 0 (even): a problem at about 0.74.
        let leaning = model.decide(&[1.0, 0.0], &none);
        assert_eq!(leaning.kind, Some(EntryType::Problem));
        assert!((leaning.probability - 0.7410).abs() < 1e-3, "{leaning:?}");
        assert_eq!(model.apply(&none, leaning).kind, Some(EntryType::Problem));
        // Weights both at the top level and in members, or none at all, are refused.
        let err = LineModel::from_json(&format!(
            r#"{{"model": "toy", "types": ["none", "problem"], "reasons": [], "dim": 1,
                "sure": {{"add": 0.6, "drop": 0.6, "retype": 0.6}},
                "weights": [[0, 1], [0, 0], [0, 0], [0, 0]], "bias": [0, 0],
                "members": [{}]}}"#,
            member(4.0)
        ))
        .err()
        .unwrap();
        assert_eq!(err, "weights both at the top level and in members");
        let err = LineModel::from_json(
            r#"{"model": "m", "types": ["none"], "reasons": [], "dim": 0,
                "sure": {"add": 0, "drop": 0, "retype": 0}}"#,
        )
        .err()
        .unwrap();
        assert_eq!(err, "no weights");
    }

    #[test]
    fn a_rejection_the_classifier_reads_as_a_decision_stays_a_rejection() {
        let model = LineModel::from_json(
            r#"{"model": "toy", "types": ["none", "decision"], "reasons": [], "dim": 1,
                "sure": {"add": 0.5, "drop": 0.5, "retype": 0.5},
                "weights": [[0, 2], [0, 0], [0, 1], [0, 0]], "bias": [0, 0]}"#,
        )
        .unwrap();
        let rejected = LineVerdict {
            kind: Some(EntryType::Rejected),
            confidence: 0.6,
            key: false,
            reason: "cue",
        };
        let decision = model.decide(&[1.0], &rejected);
        assert_eq!(decision.kind, Some(EntryType::Rejected));
        assert_eq!(model.apply(&rejected, decision), rejected);
    }

    #[test]
    fn structure_and_labelled_lines_are_not_judged() {
        assert!(!LineModel::judges(&verdict(None, "heading")));
        assert!(!LineModel::judges(&verdict(None, "next step")));
        assert!(!LineModel::judges(&verdict(None, "label without text")));
        // Code is code whatever its words say (`-- Gotcha: …` is a SQL comment).
        assert!(!LineModel::judges(&verdict(None, "code")));
        assert!(!LineModel::judges(&verdict(
            Some(EntryType::Decision),
            super::super::TYPE_LABEL
        )));
        assert!(LineModel::judges(&verdict(None, "no cue")));
        assert!(LineModel::judges(&verdict(
            Some(EntryType::Problem),
            "symptom"
        )));
    }

    #[test]
    fn weights_of_the_wrong_shape_are_refused() {
        let err = LineModel::from_json(
            r#"{"model": "m", "types": ["none", "problem"], "reasons": [], "dim": 2,
                "sure": {"add": 0, "drop": 0, "retype": 0},
                "weights": [[0, 1]], "bias": [0, 0]}"#,
        )
        .err()
        .unwrap();
        assert!(err.contains("expected 5 rows"), "{err}");
        let err = LineModel::from_json(
            r#"{"model": "m", "types": ["none", "bug"], "reasons": [], "dim": 0,
                "sure": {"add": 0, "drop": 0, "retype": 0},
                "weights": [[0,0],[0,0],[0,0]], "bias": [0, 0]}"#,
        )
        .err()
        .unwrap();
        assert!(err.contains("unknown type"), "{err}");
    }

    #[test]
    fn the_shipped_weights_load_and_read_the_installed_models_vectors() {
        let model = LineModel::shipped();
        assert_eq!(model.model(), crate::embed::files::MODEL_NAME);
        assert_eq!(model.dim(), 384);
    }
}
