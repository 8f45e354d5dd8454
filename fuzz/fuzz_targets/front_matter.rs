//! Fuzz named-memory front matter: any file splits or is refused without panicking; a file
//! without a header is its body untouched; a header that reads is written back (render)
//! and reads again as the same header and body.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mind::memories::front_matter::{render, split};
use mind::memories::name::validate;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(s) = split(&text) {
        match &s.front {
            None => {
                let bare = text.strip_prefix('\u{feff}').unwrap_or(&text);
                assert_eq!(s.body, bare, "a file without a header changed");
            }
            Some(front) => {
                let written = render(front, &s.body);
                let back = split(&written).expect("what render writes reads back");
                assert_eq!(
                    back.front.as_ref(),
                    Some(front),
                    "header changed: {written:?}"
                );
                let mut body = s.body.clone();
                if !body.is_empty() && !body.ends_with('\n') {
                    body.push('\n');
                }
                assert_eq!(back.body, body, "body changed: {written:?}");
            }
        }
    }
    // Names come from the command line and from links inside files.
    if let Some(first) = text.lines().next()
        && let Ok(name) = validate(first)
    {
        assert!(!name.contains(['/', '\\', '\0']) && name != ".." && name != ".");
    }
});
