//! The gotcha cues: "watch out for", "beware", "a classic pitfall", "keep in mind".

use super::Strength::{self, *};
use super::cue_context::{Around, any_of};
use crate::parse::EntryType::{self, *};

/// A gotcha, or `None` when the cue is not one or its context says otherwise.
pub(super) fn judge(around: &Around) -> Option<(EntryType, Strength)> {
    let at_start = around.at_start;
    let (cue, prev, next) = (around.cue(), around.prev(), around.next());
    match cue {
        // ---- gotchas
        b"watch out" | b"be aware" | b"beware" | b"be careful" | b"heads up" | b"heads-up" => {
            Some((Gotcha, Strong))
        }
        b"caveat" | b"caveats" | b"pitfall" | b"pitfalls" | b"gotcha" | b"gotchas" | b"footgun"
        | b"footguns" => {
            // The noun names a gotcha only when it introduces one ("a classic pitfall",
            // "the gotcha here is"), not when gotchas are talked about ("check for
            // gotchas", "lists the known pitfalls").
            let introduced = !cue.ends_with(b"s")
                && (at_start
                    || any_of(
                        prev,
                        &[
                            "a", "one", "another", "the", "classic", "common", "subtle", "nasty",
                            "big", "main", "major", "key", "real", "sneaky",
                        ],
                    ));
            introduced.then_some((Gotcha, Strong))
        }
        _ if cue.starts_with(b"careful ") => Some((Gotcha, Strong)),
        b"watch for" => at_start.then_some((Gotcha, Strong)),
        b"trap" | b"traps" => (any_of(
            prev,
            &["a", "the", "classic", "common", "nasty", "subtle", "real"],
        ) && !any_of(next, &["door"]))
        .then_some((Gotcha, Medium)),
        b"keep in mind" => Some((Gotcha, Medium)),
        b"make sure" => Some((Gotcha, Weak)),

        _ => None,
    }
}
