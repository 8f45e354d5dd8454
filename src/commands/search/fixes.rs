//! The problems of MEMORY.md, the commit store and the archives that later entries fixed,
//! for the `[fixed by FILE:LINE]` marks of `mind search`, as problem resolution finds them
//! (the context block's Open Loops, `mind status`). Worked out from the parse cache when a
//! problem is among the results, and kept in `.mind/cache/fixes.bin` (the lines of each
//! fixed problem and of its fix, with the files' lengths and modification times), so that
//! searches of a memory that did not change read a few bytes; the file is safe to delete at
//! any time.
//!
//! The archives (`.mind/archive/*.md`) hold memory moved out of MEMORY.md, so they are read
//! before it, in name order, as taken-back marks read them
//! ([`crate::rank::retrieve::taken_back_by`]): an archived problem is fixed by a later entry
//! of its archive or of a later one, of MEMORY.md or of the commit store; a problem of
//! MEMORY.md or the commit store is never fixed by an archive's line.

use crate::rank::cache::fast_hash;
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::parse::EntryType;
use crate::parse::loops::{Resolvable, StreamedResolutions};
use crate::rank::corpus::Kind;
use crate::rank::index::Found;
use crate::rank::retrieve::{is_archive, is_commit_store};
use crate::store::{self, Project};

pub const CACHE_FILE: &str = "fixes.bin";
const MAGIC: &[u8; 8] = b"MINDFIX\0";
/// Raised whenever the layout changes (a parser change is covered by the binary
/// fingerprint).
const FORMAT: u32 = 2;

/// For each result that is a problem of MEMORY.md, the commit store or an archive, where the
/// entry that fixed it is (`.mind/MEMORY.md:27`), judged as the context block's Open Loops
/// and `mind status` judge it (a later progress entry on the same subject, in the order the
/// archives, MEMORY.md and the commit store are read); `None` for a problem still open and
/// for any other result. A fix needs no place among the results: a search for the problem
/// alone (`--type problem`, `-n 1`) says it all the same. Worked out only for the projects
/// such a problem is in.
pub(super) fn fixed_by(found: &[Found<'_>], owners: &[&Project]) -> Vec<Option<String>> {
    let problem = |f: &Found<'_>| f.meta.kind == Kind::Problem && place_of(f).is_some();
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
            if owners[j].root == project.root
                && problem(g)
                && let Some(at) = place_of(g)
            {
                out[j] = fixes.of_line(at, g.meta.line);
            }
        }
    }
    out
}

/// Which memory file a result is in: an archive (its cache key, `archive/2026-01.md`),
/// MEMORY.md or the commit store; `None` for any other file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At<'a> {
    Archive(&'a str),
    Memory,
    Commits,
}

fn place_of<'f>(f: &'f Found<'_>) -> Option<At<'f>> {
    if f.source.file == memory_place() {
        Some(At::Memory)
    } else if is_commit_store(f) {
        Some(At::Commits)
    } else if is_archive(f) {
        let key = f.source.file.strip_prefix(store::MIND_DIR)?;
        Some(At::Archive(key.strip_prefix('/')?))
    } else {
        None
    }
}

/// MEMORY.md as results name it.
fn memory_place() -> String {
    format!("{}/{}", store::MIND_DIR, store::MEMORY_FILE)
}

/// Lines left between two files in the one numbering problems are resolved in: more than a
/// written-up record's problem and fix fields may lie apart, so a record's problem at the end
/// of one file is never answered by the first line of the next.
const GAP: usize = crate::parse::loops::RECORD_LINES + 1;

/// A project's problems that are fixed: (problem line, fixing line), in one numbering of
/// the archives' lines (in name order, [`GAP`] apart), then MEMORY.md's, then the commit
/// store's (numbered on after MEMORY.md's last line, as problem resolution reads the two).
#[derive(Debug, Clone, PartialEq)]
struct Fixes {
    /// Each archive's cache key and line count, in name order.
    archives: Vec<(String, usize)>,
    memory_lines: usize,
    fixed: HashMap<usize, usize>,
}

impl Fixes {
    /// The project's fixed problems: those kept in `.mind/cache/fixes.bin` while MEMORY.md,
    /// the commit store and the archives are the files they were worked out from, else
    /// worked out and kept there. Files with the lengths and modification times recorded, a
    /// second older than the record (git's racy rule: a change within the same clock tick
    /// keeps the time), are not read (a `stat` each and a small read); other files are read
    /// and compared by their hashes, which costs a read and a hash, not the working out.
    fn of(project: &Project) -> Option<Fixes> {
        let cache = project.dir().join(store::CACHE_DIR).join(CACHE_FILE);
        let archives = crate::rank::index::archive_files(project);
        let names: Vec<&str> = archives.iter().map(|(key, _)| key.as_str()).collect();
        // Taken before the files are read: a change after it shows next time.
        let stamps = Stamps::of(project, &archives);
        let kept = load(&cache, &names);
        if let (Some((key, fixes)), Some(stamps)) = (&kept, &stamps)
            && key.stamps == *stamps
            && key.vouches()
        {
            return Some(fixes.clone());
        }
        let memory = crate::commands::read_memory_bytes(project).ok()?;
        let commits = crate::capture::derived::read(project).ok()?;
        let mut archived: Vec<(String, Vec<u8>)> = Vec::with_capacity(archives.len());
        for (key, path) in archives {
            // Read as every memory file is (never through a device or a pipe, nor past
            // the size bound); gone since it was listed: the memory it held is not there
            // to judge.
            match store::text::read_optional(&path) {
                Ok(Some(bytes)) => archived.push((key, bytes)),
                Ok(None) => {}
                Err(_) => return None,
            }
        }
        let hashes: Vec<u64> = [
            names_hash(&archived),
            fast_hash(&memory),
            fast_hash(&commits),
        ]
        .into_iter()
        .chain(archived.iter().map(|(_, bytes)| fast_hash(bytes)))
        .collect();
        let fixes = match kept {
            Some((key, fixes)) if key.hashes == hashes => fixes,
            _ => Fixes::worked_out(project, &memory, &commits, &archived)?,
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
    /// (a small memory) the memory is parsed whole. The archives' problems are matched
    /// against the entries after them ([`Archived`]).
    fn worked_out(
        project: &Project,
        memory: &[u8],
        commits: &[u8],
        archives: &[(String, Vec<u8>)],
    ) -> Option<Fixes> {
        let memory_lines = crate::commands::line_count(memory);
        let docs: Vec<crate::parse::Document> = (archives.iter())
            .map(|(_, bytes)| crate::parse::parse_document_unresolved(&store::text::lossy(bytes)))
            .collect();
        let mut fixes = Fixes {
            archives: (archives.iter())
                .map(|(key, bytes)| (key.clone(), crate::commands::line_count(bytes)))
                .collect(),
            memory_lines,
            fixed: HashMap::new(),
        };
        let offset = fixes.memory_start();
        let mut archived = Archived::of(&docs, &fixes);
        let mut fixed: HashMap<usize, usize> = HashMap::new();
        match store::parse_cache::current(project, memory) {
            None => {
                let doc = crate::commands::memory_document(project, memory).ok()?;
                fixed.extend((doc.entities.iter()).filter_map(|e| Some((e.line, e.resolved_by?))));
                if let Some(archived) = archived.as_mut() {
                    for e in &doc.entities {
                        archived.later(&Resolvable::of(e), offset);
                    }
                }
            }
            Some(current) => {
                let mut prefix = current.lazy(memory)?;
                let mut parse = std::mem::take(&mut prefix.parse);
                parse.feed(&store::text::lossy(&memory[current.len()..]));
                let mut rest = parse.into_document();
                crate::commands::append_store(&mut rest, memory, &store::text::lossy(commits));
                // Resolved across the cache and the lines after it as the context block
                // does: the problems after it are marked, the cached ones' (entity, fixing
                // line) returned.
                let found = if rest.entities.iter().any(|e| e.kind == EntryType::Progress) {
                    crate::context::digest::resolve_across(&prefix, &mut rest)?
                } else {
                    prefix.extras.resolutions.clone()
                };
                fixed.extend((rest.entities.iter()).filter_map(|e| Some((e.line, e.resolved_by?))));
                let mut wanted = found.iter().peekable();
                for (i, view) in prefix.entities().enumerate() {
                    if let Some(&&(at, line)) = wanted.peek()
                        && at == i
                    {
                        fixed.insert(view.line, line);
                        wanted.next();
                    }
                    match archived.as_mut() {
                        Some(archived) => archived.later(&Resolvable::of_view(&view), offset),
                        None if wanted.peek().is_none() => break,
                        None => {}
                    }
                }
                if let Some(archived) = archived.as_mut() {
                    for e in &rest.entities {
                        archived.later(&Resolvable::of(e), offset);
                    }
                }
            }
        }
        fixes.fixed = (fixed.into_iter())
            .map(|(problem, fix)| (problem + offset, fix + offset))
            .chain(archived.map(Archived::finish).unwrap_or_default())
            .collect();
        Some(fixes)
    }

    /// Where archive `i`'s lines start in the one numbering (its line `n` is `start + n`).
    fn archive_start(&self, i: usize) -> usize {
        (self.archives[..i].iter())
            .map(|(_, lines)| lines + GAP)
            .sum()
    }

    /// Where MEMORY.md's lines start in the one numbering.
    fn memory_start(&self) -> usize {
        self.archive_start(self.archives.len())
    }

    /// Where the fix of the problem at `line` of the file `at` is, if it is fixed.
    fn of_line(&self, at: At<'_>, line: usize) -> Option<String> {
        let line = match at {
            At::Archive(key) => {
                let i = self.archives.iter().position(|(k, _)| k == key)?;
                self.archive_start(i) + line
            }
            At::Memory => self.memory_start() + line,
            At::Commits => self.memory_start() + self.memory_lines + line,
        };
        Some(self.place(*self.fixed.get(&line)?))
    }

    /// `FILE:LINE` of `line` of the one numbering.
    fn place(&self, line: usize) -> String {
        let mut start = 0;
        for (key, lines) in &self.archives {
            if line <= start + lines {
                return format!("{}/{key}:{}", store::MIND_DIR, line - start);
            }
            start += lines + GAP;
        }
        let fix = line - start;
        match fix.checked_sub(self.memory_lines) {
            Some(store_line) if store_line > 0 => format!(
                "{}/{}:{store_line}",
                store::MIND_DIR,
                crate::capture::derived::RELATIVE
            ),
            _ => format!("{}:{fix}", memory_place()),
        }
    }
}

/// The archives' problems resolved front to back ([`StreamedResolutions`]): every entry of
/// the archives in name order, then the progress entries of MEMORY.md and the commit store
/// (only those can fix a problem, and MEMORY.md's own problems are resolved apart), all in
/// the one numbering of [`Fixes`].
struct Archived<'a> {
    streamed: StreamedResolutions<'a>,
    /// The line (in the one numbering) of each archive entry pushed, by its index.
    lines: Vec<usize>,
}

impl<'a> Archived<'a> {
    /// `None` when no archive holds a problem (nothing to resolve).
    fn of(docs: &'a [crate::parse::Document], fixes: &Fixes) -> Option<Archived<'a>> {
        let has_problem =
            (docs.iter().flat_map(|d| &d.entities)).any(|e| e.kind == EntryType::Problem);
        if !has_problem {
            return None;
        }
        let mut archived = Archived {
            streamed: StreamedResolutions::default(),
            lines: Vec::new(),
        };
        for (i, doc) in docs.iter().enumerate() {
            let start = fixes.archive_start(i);
            for e in &doc.entities {
                let entry = Resolvable {
                    line: e.line + start,
                    ..Resolvable::of(e)
                };
                archived.streamed.push(archived.lines.len(), &entry, || {
                    Cow::Borrowed(e.title.as_str())
                });
                archived.lines.push(entry.line);
            }
        }
        Some(archived)
    }

    /// An entry of MEMORY.md or the commit store (its line in their numbering; MEMORY.md's
    /// lines start at `offset` in the one numbering).
    fn later(&mut self, e: &Resolvable<'_>, offset: usize) {
        if e.kind != EntryType::Progress {
            return;
        }
        let entry = Resolvable {
            line: e.line + offset,
            ..*e
        };
        let index = self.lines.len();
        self.streamed.push(index, &entry, || Cow::Borrowed(""));
    }

    /// (problem line, fixing line) of the archives' problems fixed.
    fn finish(self) -> Vec<(usize, usize)> {
        let lines = self.lines;
        (self.streamed.finish().into_iter())
            .filter_map(|(index, fix)| Some((*lines.get(index)?, fix)))
            .collect()
    }
}

/// A hash of the archives' names in order: a renamed archive changes the order they are
/// read in.
fn names_hash<T>(archives: &[(String, T)]) -> u64 {
    let mut joined = Vec::new();
    for (key, _) in archives {
        joined.extend_from_slice(key.as_bytes());
        joined.push(0);
    }
    fast_hash(&joined)
}

/// The archives' names (hashed), then the length and modification time (ns) of MEMORY.md,
/// of the commit store (0, 0 when there is none) and of each archive.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamps {
    names: u64,
    files: Vec<(u64, u64)>,
}

impl Stamps {
    fn of(project: &Project, archives: &[(String, PathBuf)]) -> Option<Stamps> {
        let stamp = |path: &Path| -> Option<(u64, u64)> {
            match std::fs::metadata(path) {
                Ok(meta) => Some((meta.len(), crate::rank::cache::mtime_ns(&meta)?)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some((0, 0)),
                Err(_) => None,
            }
        };
        let paths = [project.memory(), crate::capture::derived::path(project)];
        let files = (paths.iter())
            .chain(archives.iter().map(|(_, path)| path))
            .map(|path| stamp(path))
            .collect::<Option<Vec<_>>>()?;
        Some(Stamps {
            names: names_hash(archives),
            files,
        })
    }
}

/// What kept fixes were worked out from: the files' stamps and hashes (the archives'
/// names, MEMORY.md's, the commit store's, each archive's), and when they were kept.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Key {
    stamps: Stamps,
    hashes: Vec<u64>,
    written_ns: u64,
}

impl Key {
    fn new(stamps: Stamps, hashes: Vec<u64>) -> Key {
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
        (self.stamps.files.iter())
            .all(|&(_, t)| crate::rank::cache::settled_before(t, self.written_ns))
    }
}

/// The cache's bytes: magic, format, binary fingerprint, the key (the archives' names hash,
/// the number of files and each one's stamps, the number of hashes and each, time of
/// writing), MEMORY.md's line count, the number of archives and each one's line count, the
/// number of pairs, each pair (problem line, fix line), then a hash of all before it.
fn encode(key: &Key, fixes: &Fixes) -> Vec<u8> {
    let mut pairs: Vec<(usize, usize)> = fixes.fixed.iter().map(|(&p, &f)| (p, f)).collect();
    pairs.sort_unstable();
    let mut words: Vec<u64> = vec![crate::rank::cache::binary_fingerprint()];
    words.push(key.stamps.names);
    words.push(key.stamps.files.len() as u64);
    words.extend(key.stamps.files.iter().flat_map(|&(len, time)| [len, time]));
    words.push(key.hashes.len() as u64);
    words.extend(&key.hashes);
    words.push(key.written_ns);
    words.push(fixes.memory_lines as u64);
    words.push(fixes.archives.len() as u64);
    words.extend(fixes.archives.iter().map(|&(_, lines)| lines as u64));
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

/// The fixes kept at `path` and what they were worked out from, when the file is whole,
/// this build wrote it and it counts as many archives as `archives` names (the names are
/// not kept: the key's hash of them tells whether they are these).
fn load(path: &Path, archives: &[&str]) -> Option<(Key, Fixes)> {
    let bytes = store::read_guard::read_file(path).ok()?;
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
    // A count no cache of a real memory reaches is damage, not a reason to allocate.
    let count = |n: u64| usize::try_from(n).ok().filter(|&n| n <= 1 << 24);
    if next()? != crate::rank::cache::binary_fingerprint() {
        return None;
    }
    let names = next()?;
    let files = (0..count(next()?)?)
        .map(|_| Some((next()?, next()?)))
        .collect::<Option<Vec<_>>>()?;
    let hashes = (0..count(next()?)?)
        .map(|_| next())
        .collect::<Option<Vec<_>>>()?;
    let key = Key {
        stamps: Stamps { names, files },
        hashes,
        written_ns: next()?,
    };
    let memory_lines = usize::try_from(next()?).ok()?;
    let lines = (0..count(next()?)?)
        .map(|_| usize::try_from(next()?).ok())
        .collect::<Option<Vec<_>>>()?;
    if lines.len() != archives.len() {
        return None;
    }
    let pairs = count(next()?)?;
    let mut fixed = HashMap::with_capacity(pairs.min(1 << 20));
    for _ in 0..pairs {
        let problem = usize::try_from(next()?).ok()?;
        fixed.insert(problem, usize::try_from(next()?).ok()?);
    }
    next().is_none().then(|| {
        let archives = (archives.iter().zip(lines))
            .map(|(name, lines)| (name.to_string(), lines))
            .collect();
        (
            key,
            Fixes {
                archives,
                memory_lines,
                fixed,
            },
        )
    })
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
            archives: vec![("archive/2025.md".to_string(), 40)],
            memory_lines: 120,
            fixed: HashMap::from([(3, 12), (26 + 49, 30 + 49), (40 + 49, 125 + 49)]),
        };
        let key = Key {
            stamps: Stamps {
                names: 9,
                files: vec![(5000, 1), (0, 0), (300, 1)],
            },
            hashes: vec![6, 7, 8, 9],
            written_ns: 2_000_000_000,
        };
        save(&path, &key, &fixes);
        assert_eq!(
            load(&path, &["archive/2025.md"]),
            Some((key.clone(), fixes))
        );
        assert!(key.vouches());
        // Not the archives it was worked out for.
        assert_eq!(load(&path, &[]), None);
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
        assert_eq!(load(&path, &["archive/2025.md"]), None);
        std::fs::write(&path, b"junk").unwrap();
        assert_eq!(load(&path, &[]), None);
    }

    #[test]
    fn places_are_read_back_from_the_one_numbering() {
        let fixes = Fixes {
            archives: vec![
                ("archive/2024.md".to_string(), 10),
                ("archive/2025.md".to_string(), 20),
            ],
            memory_lines: 30,
            fixed: HashMap::new(),
        };
        assert_eq!(fixes.memory_start(), 10 + GAP + 20 + GAP);
        assert_eq!(fixes.place(10), ".mind/archive/2024.md:10");
        assert_eq!(fixes.place(10 + GAP + 1), ".mind/archive/2025.md:1");
        let memory = fixes.memory_start();
        assert_eq!(fixes.place(memory + 30), ".mind/MEMORY.md:30");
        assert_eq!(fixes.place(memory + 31), ".mind/cache/commits.md:1");
    }
}
