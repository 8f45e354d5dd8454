//! Free-text arguments: the words as given, or stdin when the only word is `-`, so long or
//! multi-line text can be piped in (`git log -1 --format=%B | mind log -`) without shell quoting.

use std::io::Read;

use crate::error::{Error, Result};

/// True when the argument asks for stdin.
pub(crate) fn is_stdin<S: AsRef<str>>(words: &[S]) -> bool {
    matches!(words, [only] if only.as_ref() == "-")
}

/// The words joined by spaces, or all of stdin when they are just `-`.
pub(crate) fn words_or_stdin<S: AsRef<str>>(words: &[S]) -> Result<String> {
    if is_stdin(words) {
        read_stdin()
    } else {
        Ok(words
            .iter()
            .map(AsRef::as_ref)
            .collect::<Vec<&str>>()
            .join(" "))
    }
}

/// All of stdin as text; invalid UTF-8 is a usage error (nothing is written).
pub(crate) fn read_stdin() -> Result<String> {
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| Error::usage(format!("cannot read the text from stdin: {e}")))?;
    String::from_utf8(input).map_err(|_| Error::usage("the text on stdin is not valid UTF-8"))
}

/// The most a hook reads of its input. A harness's hook JSON is a few kilobytes (post-tool's
/// carries a command's output, cut by the harness); endless input (a stuck pipe, `/dev/zero`)
/// must neither fill memory nor keep the hook reading.
pub(crate) const HOOK_INPUT_LIMIT: u64 = 8 << 20;

/// A harness hook's input, the one reader of every hook (pre-tool, post-tool, the
/// SessionStart hook): all of stdin, or nothing when stdin is a terminal (nobody types a
/// hook's JSON), cannot be read, or holds more than [`HOOK_INPUT_LIMIT`] bytes. Reading
/// stops one byte past the limit; such input is unreadable, never read in part (a cut JSON
/// text is not the harness's input), so each hook does what it does with unreadable input.
/// A hook never fails its caller.
pub(crate) fn hook_stdin() -> Vec<u8> {
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        return Vec::new();
    }
    read_bounded(stdin.lock(), HOOK_INPUT_LIMIT).unwrap_or_default()
}

/// All of `input` when it holds at most `limit` bytes and reads without error.
fn read_bounded(input: impl Read, limit: u64) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    input
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .ok()?;
    (bytes.len() as u64 <= limit).then_some(bytes)
}

#[cfg(test)]
mod tests {
    use super::read_bounded;

    #[test]
    fn input_up_to_the_limit_is_read_whole_and_more_is_none() {
        assert_eq!(read_bounded(&b"abcd"[..], 4), Some(b"abcd".to_vec()));
        assert_eq!(read_bounded(&b""[..], 4), Some(Vec::new()));
        assert_eq!(read_bounded(&b"abcde"[..], 4), None);
        // Endless input stops one byte past the limit.
        assert_eq!(read_bounded(std::io::repeat(0), 1 << 10), None);
    }
}
