//! The decision and rejection cues: "decided to", "going with", "ruled out", "tried X - no luck".

use super::cue_context::has_phrase;

/// What follows "tried X" says it failed: "tried X, didn't work", "tried X - no luck".
pub(super) fn attempt_failed(tail: &[u8]) -> bool {
    const FAILED: &[&[u8]] = &[
        b"didn't work",
        b"didn\xE2\x80\x99t work",
        b"did not work",
        b"doesn't work",
        b"doesn\xE2\x80\x99t work",
        b"does not work",
        b"didn't help",
        b"didn\xE2\x80\x99t help",
        b"did not help",
        b"didn't fix",
        b"didn\xE2\x80\x99t fix",
        b"did not fix",
        b"no luck",
        b"no dice",
        b"no effect",
        b"no difference",
        b"made it worse",
        b"same error",
        b"still fails",
        b"still failing",
        b"still broken",
        b"dead end",
        // Verdicts on an attempt (general wording): "tried Redis - overkill".
        b"overkill",
        b"too slow",
        b"too heavy",
        b"too complex",
        b"no good",
        b"not worth",
        b"wasn't worth",
        b"gave up",
    ];
    FAILED.iter().any(|p| has_phrase(tail, p))
}
