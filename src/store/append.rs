//! Appends: whole lines in one `write` to a file opened for append, then `fsync`.
//!
//! Whole-or-nothing: when the write fails part-way (a full disk, a file size limit) the
//! file is cut back to its length before the append, so no torn, unterminated line is
//! left to be read later as a truncated entry.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;

use crate::error::{Error, Result};
use crate::store::guard;

/// Append `bytes` (whole lines) in a single write and make them durable. The caller holds
/// the store lock.
pub fn append_bytes(path: &Path, bytes: &[u8]) -> Result<()> {
    guard::check(path)?;
    crate::store::atomic::refuse_read_only(path)?;
    // UTF-8 appended to UTF-16 text would leave a file in two encodings.
    crate::store::encoding::refuse_utf16(path)?;
    let mut file = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| Error::io(path, e))?;
    let before = file.metadata().map_err(|e| Error::io(path, e))?.len();
    let written = file.write_all(bytes).and_then(|()| {
        if crate::store::atomic::durable() {
            file.sync_data()
        } else {
            Ok(())
        }
    });
    if let Err(e) = written {
        // Put the file back as it was; if even that fails the error below still reports it.
        let _ = file.set_len(before).and_then(|()| file.sync_data());
        return Err(Error::io(path, e));
    }
    Ok(())
}
