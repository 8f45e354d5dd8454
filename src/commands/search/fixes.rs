//! The problems of MEMORY.md and the commit store that later entries fixed, for the
//! `[fixed by FILE:LINE]` marks of `mind search`, as problem resolution finds them (the
//! context block's Open Loops, `mind status`). Worked out from the parse cache when a
//! problem is among the results, and kept in `.mind/cache/fixes.bin` (the lines of each
//! fixed problem and of its fix, with the two files' lengths and modification times), so
//! that searches of a memory that did not change read a few bytes; the file is safe to
//! delete at any time.

use std::collections::HashMap;
use std::path::Path;

use crate::parse::EntryType;
use crate::rank::corpus::Kind;
use crate::rank::index::Found;
use crate::rank::retrieve::is_commit_store;
use crate::store::{self, Project};

pub const CACHE_FILE: &str = "fixes.bin";
const MAGIC: &[u8; 8] = b"MINDFIX\0";
/// Raised whenever the layout changes (a parser change is covered by the binary
/// fingerprint).
const FORMAT: u32 = 1;

/// For each result that is a problem of MEMORY.md or the commit store, where the entry that
/// fixed it is (`.mind/MEMORY.md:27`), judged as the context block's Open Loops and `mind
/// status` judge it (a later progress entry on the same subject, over MEMORY.md and the
/// commit store); `None` for a problem still open and for any other result. A fix needs no
/// place among the results: a search for the problem alone (`--type problem`, `-n 1`) says
/// it all the same. Worked out only for the projects such a problem is in.
pub(super) fn fixed_by(found: &[Found<'_>], owners: &[&Project]) -> Vec<Option<String>> {
    let memory = memory_place();
    let problem = |f: &Found<'_>| {
        f.meta.kind == Kind::Problem && (f.source.file == memory || is_commit_store(f))
    };
    let mut out = vec![None; found.len()];
    let mut done: Vec<&std::path::Path> = Vec::new();
    for (i, f) in found.iter().enumerate() {
        let project = owners[i];
        if !problem(f) || done.contains(&project.root.as_path()) {
            continue;
        }
        done.push(&project.root);
        let Some(fixes) = Fixes::of(project) else {
            continue;
        };
        for (j, g) in found.iter().enumerate() {
            if owners[j].root == project.root && problem(g) {
                out[j] = fixes.of_line(is_commit_store(g), g.meta.line);
            }
        }
    }
    out
}

/// MEMORY.md as results name it.
fn memory_place() -> String {
    format!("{}/{}", store::MIND_DIR, store::MEMORY_FILE)
}

/// A project's problems that are fixed: (problem line, fixing line), in the lines of
/// MEMORY.md followed by the commit store's (numbered on after MEMORY.md's last line, as
/// problem resolution reads the two).
#[derive(Debug, Clone, PartialEq)]
struct Fixes {
    memory_lines: usize,
    fixed: HashMap<usize, usize>,
}

impl Fixes {
    /// The project's fixed problems: those kept in `.mind/cache/fixes.bin` while MEMORY.md
    /// and the commit store are the files they were worked out from, else worked out and
    /// kept there. Files with the lengths and modification times recorded, a second older
    /// than the record (git's racy rule: a change within the same clock tick keeps the
    /// time), are not read (two `stat` calls and a small read); other files are read and
    /// compared by their hashes, which costs a read and a hash, not the working out.
    fn of(project: &Project) -> Option<Fixes> {
        let cache = project.dir().join(store::CACHE_DIR).join(CACHE_FILE);
        // Taken before the files are read: a change after it shows next time.
        let stamps = Stamps::of(project);
        let kept = load(&cache);
        if let (Some((key, fixes)), Some(stamps)) = (&kept, stamps)
            && key.stamps == stamps
            && key.vouches()
        {
            return Some(fixes.clone());
        }
        let memory = crate::commands::read_memory_bytes(project).ok()?;
        let commits = crate::capture::derived::read(project).ok()?;
        let hashes = [
            crate::rank::cache::fast_hash(&memory),
            crate::rank::cache::fast_hash(&commits),
        ];
        let fixes = match kept {
            Some((key, fixes)) if key.hashes == hashes => fixes,
            _ => Fixes::worked_out(project, &memory, &commits)?,
        };
        if let Some(stamps) = stamps {
            save(&cache, &Key::new(stamps, hashes), &fixes);
        }
        Some(fixes)
    }

    /// The project's fixed problems, worked out. A memory with a current parse cache is not
    /// parsed again: the cache holds the resolutions among its entries and the problems still
    /// waiting when it was written, so only the lines after it and the commit store are
    /// parsed, and matched against those (as a recall does); the cached entries are then
    /// read (not built) once, for the lines of the problems fixed. Without such a cache
    /// (a small memory) the memory is parsed whole.
    fn worked_out(project: &Project, memory: &[u8], commits: &[u8]) -> Option<Fixes> {
        let memory_lines = crate::commands::line_count(memory);
        let Some(current) = store::parse_cache::current(project, memory) else {
            let doc = crate::commands::memory_document(project, memory).ok()?;
            let fixed = (doc.entities.iter())
                .filter_map(|e| Some((e.line, e.resolved_by?)))
                .collect();
            return Some(Fixes {
                memory_lines,
                fixed,
            });
        };
        let mut prefix = current.lazy(memory)?;
        let mut parse = std::mem::take(&mut prefix.parse);
        parse.feed(&store::text::lossy(&memory[current.len()..]));
        let mut rest = parse.into_document();
        crate::commands::append_store(&mut rest, memory, &store::text::lossy(commits));
        // Resolved across the cache and the lines after it as the context block does: the
        // problems after it are marked, the cached ones' (entity, fixing line) returned.
        let found = if rest.entities.iter().any(|e| e.kind == EntryType::Progress) {
            crate::context::digest::resolve_across(&prefix, &mut rest)?
        } else {
            prefix.extras.resolutions.clone()
        };
        let mut fixed: HashMap<usize, usize> = (rest.entities.iter())
            .filter_map(|e| Some((e.line, e.resolved_by?)))
            .collect();
        let mut wanted = found.iter().peekable();
        for (i, view) in prefix.entities().enumerate() {
            let Some(&&(at, line)) = wanted.peek() else {
                break;
            };
            if at == i {
                fixed.insert(view.line, line);
                wanted.next();
            }
        }
        Some(Fixes {
            memory_lines,
            fixed,
        })
    }

    /// Where the fix of the problem at `line` (of MEMORY.md, or of the commit store when
    /// `in_store`) is, if it is fixed.
    fn of_line(&self, in_store: bool, line: usize) -> Option<String> {
        let line = if in_store {
            line + self.memory_lines
        } else {
            line
        };
        let fix = *self.fixed.get(&line)?;
        Some(match fix.checked_sub(self.memory_lines) {
            Some(store_line) if store_line > 0 => format!(
                "{}/{}:{store_line}",
                store::MIND_DIR,
                crate::capture::derived::RELATIVE
            ),
            _ => format!("{}:{fix}", memory_place()),
        })
    }
}

/// The length and modification time (ns) of MEMORY.md and of the commit store (0, 0 when
/// there is none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamps([u64; 4]);

impl Stamps {
    fn of(project: &Project) -> Option<Stamps> {
        let stamp = |path: &Path| -> Option<(u64, u64)> {
            match std::fs::metadata(path) {
                Ok(meta) => Some((meta.len(), crate::rank::cache::mtime_ns(&meta)?)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some((0, 0)),
                Err(_) => None,
            }
        };
        let (memory_len, memory_time) = stamp(&project.memory())?;
        let (store_len, store_time) = stamp(&crate::capture::derived::path(project))?;
        Some(Stamps([memory_len, memory_time, store_len, store_time]))
    }
}

/// What kept fixes were worked out from: the files' stamps and hashes (MEMORY.md's, the
/// commit store's), and when they were kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    stamps: Stamps,
    hashes: [u64; 2],
    written_ns: u64,
}

impl Key {
    fn new(stamps: Stamps, hashes: [u64; 2]) -> Key {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        Key {
            stamps,
            hashes,
            written_ns: now.map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(0)),
        }
    }

    /// Whether files with these stamps need not be read: each was last changed a second or
    /// more before the record was written.
    fn vouches(&self) -> bool {
        [self.stamps.0[1], self.stamps.0[3]]
            .iter()
            .all(|&t| crate::rank::cache::settled_before(t, self.written_ns))
    }
}

/// The cache's bytes: magic, format, binary fingerprint, the key (stamps, hashes, time of
/// writing), MEMORY.md's line count, the number of pairs, each pair (problem line, fix
/// line), then a hash of all before it.
fn encode(key: &Key, fixes: &Fixes) -> Vec<u8> {
    let mut pairs: Vec<(usize, usize)> = fixes.fixed.iter().map(|(&p, &f)| (p, f)).collect();
    pairs.sort_unstable();
    let mut words: Vec<u64> = vec![crate::rank::cache::binary_fingerprint()];
    words.extend(key.stamps.0);
    words.extend(key.hashes);
    words.push(key.written_ns);
    words.push(fixes.memory_lines as u64);
    words.push(pairs.len() as u64);
    for (problem, fix) in pairs {
        words.extend([problem as u64, fix as u64]);
    }
    let mut out = Vec::with_capacity(12 + words.len() * 8 + 8);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
    let check = crate::rank::cache::fast_hash(&out);
    out.extend_from_slice(&check.to_le_bytes());
    out
}

/// The fixes kept at `path` and what they were worked out from, when the file is whole and
/// this build wrote it.
fn load(path: &Path) -> Option<(Key, Fixes)> {
    let bytes = std::fs::read(path).ok()?;
    let (body, check) = bytes.split_at(bytes.len().checked_sub(8)?);
    if crate::rank::cache::fast_hash(body).to_le_bytes() != check
        || body.get(..8)? != MAGIC
        || body.get(8..12)? != FORMAT.to_le_bytes()
        || body.len() % 8 != 4
    {
        return None;
    }
    let mut words = (body[12..].chunks_exact(8))
        .map(|w| u64::from_le_bytes(w.try_into().expect("eight bytes")));
    let mut next = || words.next();
    if next()? != crate::rank::cache::binary_fingerprint() {
        return None;
    }
    let key = Key {
        stamps: Stamps([next()?, next()?, next()?, next()?]),
        hashes: [next()?, next()?],
        written_ns: next()?,
    };
    let memory_lines = usize::try_from(next()?).ok()?;
    let count = usize::try_from(next()?).ok()?;
    let mut fixed = HashMap::with_capacity(count.min(1 << 20));
    for _ in 0..count {
        let problem = usize::try_from(next()?).ok()?;
        fixed.insert(problem, usize::try_from(next()?).ok()?);
    }
    next().is_none().then_some((
        key,
        Fixes {
            memory_lines,
            fixed,
        },
    ))
}

/// Keep the fixes at `path` (temp file + rename, not synced; best effort, without the lock:
/// a lost write costs working them out again). Never through a link leaving the project.
fn save(path: &Path, key: &Key, fixes: &Fixes) {
    let Some(dir) = path.parent() else { return };
    if store::guard::check(path).is_err() || std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let _ = store::atomic::write_atomic_unsynced(path, &encode(key, fixes));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_reads_back_what_was_kept_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(CACHE_FILE);
        let fixes = Fixes {
            memory_lines: 120,
            fixed: HashMap::from([(26, 30), (40, 125)]),
        };
        let key = Key {
            stamps: Stamps([5000, 1, 0, 0]),
            hashes: [7, 8],
            written_ns: 2_000_000_000,
        };
        save(&path, &key, &fixes);
        assert_eq!(load(&path), Some((key, fixes)));
        assert!(key.vouches());
        // Files changed less than a second before the record: read and hashed instead.
        let racy = Key {
            written_ns: 900_000_000,
            ..key
        };
        assert!(!racy.vouches());
        // A damaged cache: not used.
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(load(&path), None);
        std::fs::write(&path, b"junk").unwrap();
        assert_eq!(load(&path), None);
    }
}
