//! The confidence scheme: how sure the parser is that a line holds a memory of its type.
//!
//! | basis | example | confidence |
//! |---|---|---|
//! | explicit label, emphatic (bold or `[TAG]`) | `**Decided:** use JWT`, `[BUG] npm ci fails` | 0.95 |
//! | explicit label | `decided: use JWT`, `TIL: ...`, `fix(api): ...`, `MEMORY: decided ...` | 0.90 |
//! | strong cue (first-person verb phrase) | `Decided to ...`, `Turns out ...`, `stuck on ...` | 0.60 |
//! | bullet under a typed heading (`## Gotchas`, `## Decisions` ...) or field (`**Decision:**`) | `- bcrypt is slow on ARM` | 0.55 |
//! | medium cue (failure verb or state) | `X doesn't load`, `build fails on CI`, `broken` | 0.50 |
//! | weak cue (symptom noun) | `Memory leak with dataloader`, `security issue` | 0.40 |
//! | KEY/important line with no type word | `IMPORTANT: data MUST be preprocessed` | 0.60 |
//! | typed by the line classifier against the rules (model installed) | `Tooltip flickers on hover` | its probability, at most 0.60 |
//!
//! Adjustments for lines without a label: +0.10 when the line gives its reasoning
//! ("because", "since", "so that", "due to") or, for decisions, a rejected alternative
//! ("over", "instead of"); +0.10 when a heading and a cue agree; −0.10 when the line hedges
//! ("I guess", "probably", "maybe"). Loose lines never reach explicit confidence: they are
//! capped at 0.80. So: explicit high (≥ 0.9), keyword plus reasoning medium (0.6–0.8),
//! vague low (≤ 0.5).

/// A type label in bold or as a `[TAG]`.
pub const EXPLICIT_EMPHATIC: f32 = 0.95;
/// A plain type label (`decided:`), including what `mind log` writes.
pub const EXPLICIT: f32 = 0.90;
/// A first-person verb phrase naming the type.
pub const CUE_STRONG: f32 = 0.60;
/// A failure verb or state.
pub const CUE_MEDIUM: f32 = 0.50;
/// A symptom noun.
pub const CUE_WEAK: f32 = 0.40;
/// Typed by the enclosing heading or field label.
pub const SECTION: f32 = 0.55;
/// A KEY/important line with no other type word.
pub const KEY_ONLY: f32 = 0.60;
/// The ceiling for a type the line classifier gave where the rules gave another
/// (`line_model`): a learned guess, never above a strong cue.
pub const CLASSIFIED: f32 = 0.60;
/// Reasoning or a rejected alternative given.
pub const REASONING_BONUS: f32 = 0.10;
/// Heading and cue agree.
pub const AGREEMENT_BONUS: f32 = 0.10;
/// The line hedges.
pub const HEDGE_PENALTY: f32 = 0.10;
/// Ceiling for anything without a label.
pub const LOOSE_CAP: f32 = 0.80;

/// Round to two decimals so reports and JSON read cleanly (0.7, not 0.70000005).
pub fn tidy(value: f32) -> f32 {
    (value.clamp(0.0, 1.0) * 100.0).round() / 100.0
}
