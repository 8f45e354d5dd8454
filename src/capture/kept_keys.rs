//! The comparison keys ([`super::dedupe::key`]) of every MEMORY.md line, cached in
//! `.mind/cache/memory-keys.bin`, so that the post-commit hook checks what a commit offers
//! against memory without reading MEMORY.md: eight bytes per line with a key (the key's
//! hash, little-endian). state.json records the MEMORY.md they were taken of (length,
//! modification time and last bytes, as `store::tail` checks them) and how many there are.
//!
//! `mind log` extends the file when it appends to a MEMORY.md the file still describes. Any
//! other change to MEMORY.md (an edit, a recall that promotes, a checkpoint) leaves it stale,
//! and the next hook that needs it reads MEMORY.md once and writes it again. It is a cache:
//! deleting it costs one such read.

use std::io::Write;
use std::path::PathBuf;

use super::dedupe;
use crate::store::tail::{KeysStamp, LineCount};
use crate::store::{CACHE_DIR, Project, atomic, guard, text};

pub fn path(project: &Project) -> PathBuf {
    project.dir().join(CACHE_DIR).join("memory-keys.bin")
}

/// The key hashes of `text`'s lines that have a key, in order.
fn hashes_of(text: &str) -> Vec<u64> {
    text.lines()
        .filter_map(|line| {
            let key = dedupe::key(line);
            (!key.is_empty()).then(|| dedupe::key_hash(&key))
        })
        .collect()
}

fn to_bytes(hashes: &[u64]) -> Vec<u8> {
    hashes.iter().flat_map(|h| h.to_le_bytes()).collect()
}

/// The cached key hashes, when `stamp` (from state.json) still describes MEMORY.md as it is
/// now; `None` when they must be taken from MEMORY.md itself.
pub fn load(project: &Project, stamp: Option<KeysStamp>) -> Option<Vec<u64>> {
    let stamp = stamp?;
    if stamp.version != dedupe::KEY_VERSION || !stamp.of.describes_file(&project.memory()) {
        return None;
    }
    let bytes = crate::store::read_guard::read_file(&path(project)).ok()?;
    let want = usize::try_from(stamp.count).ok()?.checked_mul(8)?;
    let records = bytes.get(..want)?;
    Some(
        records
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8-byte record")))
            .collect(),
    )
}

/// Write the cache for `memory`, MEMORY.md's whole content as it is on disk now, and return
/// the stamp to record in state.json (`None` when the file changed meanwhile or the cache
/// cannot be written). The caller holds the store lock.
pub fn rebuild(project: &Project, memory: &[u8]) -> Option<KeysStamp> {
    let of = LineCount::of_file(&project.memory(), memory)?;
    let hashes = hashes_of(&text::lossy(memory));
    super::derived::create_cache_dir(project).ok()?;
    atomic::write_atomic(&path(project), &to_bytes(&hashes)).ok()?;
    Some(KeysStamp {
        of,
        count: hashes.len() as u64,
        version: dedupe::KEY_VERSION,
    })
}

/// After `appended` was added at the end of a MEMORY.md that `stamp` described (the caller
/// checked it before appending), add the new lines' hashes; `now` is MEMORY.md as it is
/// after the append. `None` when the cache cannot follow: it is rebuilt when next needed.
/// The caller holds the store lock.
pub fn extend(
    project: &Project,
    stamp: KeysStamp,
    appended: &[u8],
    now: LineCount,
) -> Option<KeysStamp> {
    if stamp.version != dedupe::KEY_VERSION {
        return None;
    }
    let file = path(project);
    guard::check(&file).ok()?;
    // Exactly the recorded records, or the new ones would follow bytes no stamp counts.
    if std::fs::metadata(&file).ok()?.len() != stamp.count.checked_mul(8)? {
        return None;
    }
    let hashes = hashes_of(&text::lossy(appended));
    // A cache: not flushed to disk (a record lost in a crash fails the length check above).
    std::fs::OpenOptions::new()
        .append(true)
        .open(&file)
        .and_then(|mut f| f.write_all(&to_bytes(&hashes)))
        .ok()?;
    Some(KeysStamp {
        of: now,
        count: stamp.count + hashes.len() as u64,
        version: dedupe::KEY_VERSION,
    })
}
