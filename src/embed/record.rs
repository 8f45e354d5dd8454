//! `<model>/installed.json`: the files the encoder reads as `mind model install` left them —
//! each one's length, modification time and a hash of its bytes.
//!
//! A model file damaged after the install (a disk that filled up during a copy, a bad
//! sector, a hand edit) may still load: a safetensors file whose header is intact maps and
//! runs, and every vector it gives is wrong. Hashing the 91 MB of weights at every search
//! would cost more than the search, so the hash is taken once, by the install, and a load
//! compares only lengths and times (three `stat` calls): a file whose length or time is not
//! the recorded one is hashed, and loads only if its bytes are still the installed ones (its
//! new time is then recorded). A folder installed before the record existed gets one from
//! its files as they are, the first time it loads.
//!
//! The vector caches are tied to the same lengths and times (see `lines::model_fingerprint`),
//! so vectors made before a reinstall or a repair are never mixed with the model's new ones.

use std::io::Read;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::files::REQUIRED;

pub const RECORD_FILE: &str = "installed.json";
/// Raised whenever the record's meaning changes: an older record is then made again.
const FORMAT: u32 = 1;

/// One file as it was installed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Recorded {
    len: u64,
    /// Modification time, nanoseconds since the epoch (0 when the platform has none).
    modified_ns: u128,
    /// xxh3 of the file's bytes, in hex.
    #[serde(with = "hex_u64")]
    hash: u64,
}

#[derive(Debug, Serialize, Deserialize)]
struct Record {
    format: u32,
    files: Vec<(String, Recorded)>,
}

impl Record {
    fn get(&self, name: &str) -> Option<Recorded> {
        self.files.iter().find(|(n, _)| n == name).map(|(_, r)| *r)
    }
}

/// A file's length and modification time, if it can be read.
fn stamp(path: &Path) -> Option<(u64, u128)> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta.modified().map_or(0, nanos);
    Some((meta.len(), modified))
}

/// The xxh3 of a file's bytes, read a megabyte at a time.
fn hash_file(path: &Path) -> std::io::Result<u64> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            return Ok(hasher.digest());
        }
        hasher.update(&buf[..n]);
    }
}

/// The file as it is now.
fn recorded(path: &Path) -> std::io::Result<Recorded> {
    let (len, modified_ns) = stamp(path).ok_or_else(|| std::io::Error::other("cannot stat"))?;
    Ok(Recorded {
        len,
        modified_ns,
        hash: hash_file(path)?,
    })
}

/// Record the encoder's files in `dir` as they are now (what an install does once it has
/// copied them).
pub fn write(dir: &Path) -> std::io::Result<()> {
    let files = REQUIRED
        .iter()
        .map(|k| Ok((k.name.to_string(), recorded(&dir.join(k.name))?)))
        .collect::<std::io::Result<Vec<_>>>()?;
    save(
        dir,
        &Record {
            format: FORMAT,
            files,
        },
    )
}

/// Write the record atomically (temp file + rename), so a reader never sees half of one.
fn save(dir: &Path, record: &Record) -> std::io::Result<()> {
    let text = serde_json::to_vec_pretty(record).map_err(std::io::Error::other)?;
    crate::store::atomic::write_atomic(&dir.join(RECORD_FILE), &text).map_err(|e| match e {
        crate::error::Error::Io { source, .. } => source,
        other => std::io::Error::other(other),
    })
}

fn load(dir: &Path) -> Option<Record> {
    let bytes = std::fs::read(dir.join(RECORD_FILE)).ok()?;
    let record: Record = serde_json::from_slice(&bytes).ok()?;
    (record.format == FORMAT && REQUIRED.iter().all(|k| record.get(k.name).is_some()))
        .then_some(record)
}

/// Whether the encoder's files in `dir` are the ones installed: `Err` names the first that
/// is not. Lengths and times that match the record cost three `stat` calls; a file whose
/// length or time moved is hashed. Without a usable record (a folder installed before there
/// was one, or a record damaged) the files are recorded as they are now, best effort.
pub fn check(dir: &Path) -> Result<(), String> {
    let Some(mut record) = load(dir) else {
        let _ = write(dir);
        return Ok(());
    };
    let mut moved = false;
    for known in &REQUIRED {
        let path = dir.join(known.name);
        let Some(was) = record.get(known.name) else {
            continue;
        };
        let Some((len, modified_ns)) = stamp(&path) else {
            return Err(format!("{}: cannot be read", known.name));
        };
        if (len, modified_ns) == (was.len, was.modified_ns) {
            continue;
        }
        let changed = |how: String| format!("{} changed since it was installed: {how}", known.name);
        if len != was.len {
            return Err(changed(format!("{} bytes then, {len} now", was.len)));
        }
        match hash_file(&path) {
            Ok(hash) if hash == was.hash => {
                // Touched (copied back with a new time, say), not changed: recorded anew
                // so the next load need not hash it again.
                for (name, r) in &mut record.files {
                    if name == known.name {
                        r.modified_ns = modified_ns;
                    }
                }
                moved = true;
            }
            Ok(_) => return Err(changed("the same length, other bytes".into())),
            Err(e) => return Err(format!("{}: {e}", known.name)),
        }
    }
    if moved {
        let _ = save(dir, &record);
    }
    Ok(())
}

/// A modification time as the record (and the vector caches' fingerprint) keeps it:
/// nanoseconds since the epoch.
pub fn nanos(time: SystemTime) -> u128 {
    time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos())
}

/// A u64 as 16 hex digits (JSON numbers lose precision above 2^53).
mod hex_u64 {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{v:016x}"))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        u64::from_str_radix(&text, 16).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for k in &REQUIRED {
            std::fs::write(dir.path().join(k.name), format!("{} bytes", k.name)).unwrap();
        }
        dir
    }

    fn set_time(path: &Path, secs: u64) {
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(UNIX_EPOCH + std::time::Duration::from_secs(secs))
            .unwrap();
    }

    #[test]
    fn a_folder_without_a_record_is_recorded_as_it_is() {
        let dir = folder();
        assert_eq!(check(dir.path()), Ok(()));
        assert!(load(dir.path()).is_some());
        assert_eq!(check(dir.path()), Ok(()));
    }

    #[test]
    fn a_file_changed_in_place_is_named_and_a_touched_one_is_recorded_anew() {
        let dir = folder();
        write(dir.path()).unwrap();
        let weights = dir.path().join("model.safetensors");
        // Touched: same bytes, another time. Loads, and the new time is kept.
        set_time(&weights, 1_000_000_000);
        assert_eq!(check(dir.path()), Ok(()));
        let record = load(dir.path()).unwrap();
        assert_eq!(
            record.get("model.safetensors").unwrap().modified_ns,
            nanos(UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000))
        );
        // The same length, other bytes.
        let len = std::fs::metadata(&weights).unwrap().len() as usize;
        std::fs::write(&weights, "x".repeat(len)).unwrap();
        let err = check(dir.path()).unwrap_err();
        assert!(
            err.starts_with("model.safetensors changed since it was installed"),
            "{err}"
        );
        // Cut short.
        std::fs::write(&weights, "x").unwrap();
        assert!(
            check(dir.path())
                .unwrap_err()
                .ends_with("bytes then, 1 now")
        );
        // Written again as installed (a reinstall writes its own record; the old bytes
        // back with the recorded time also pass).
        std::fs::write(&weights, "model.safetensors bytes").unwrap();
        set_time(&weights, 1_000_000_000);
        assert_eq!(check(dir.path()), Ok(()));
    }

    #[test]
    fn a_damaged_record_is_made_again() {
        let dir = folder();
        std::fs::write(dir.path().join(RECORD_FILE), "{not json").unwrap();
        assert_eq!(check(dir.path()), Ok(()));
        assert!(load(dir.path()).is_some());
    }
}
