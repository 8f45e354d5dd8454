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

/// A harness hook's input: all of stdin, unless it is a terminal (nobody types a hook's
/// JSON). A read error gives what was read; a hook never fails its caller.
pub(crate) fn hook_stdin() -> Vec<u8> {
    use std::io::IsTerminal;
    let mut bytes = Vec::new();
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        let _ = stdin.lock().read_to_end(&mut bytes);
    }
    bytes
}
