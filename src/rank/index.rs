//! A project's searchable memory: MEMORY.md, the commit store `.mind/cache/commits.md`
//! (memories taken from commits, typed and dated like MEMORY.md's), the named memories in
//! `.mind/memories/`, old memory moved to `.mind/archive/`, the current SESSION.md and the
//! finished sessions in `.mind/sessions/`, each as a [`Segment`] with the text it was built
//! from.
//!
//! MEMORY.md, the commit store, named memories and archives (of memory and of sessions) come
//! from the cache when their hash matches (see
//! [`super::cache`]); SESSION.md is small and changes with every log, so it is always
//! indexed on the spot.

use std::path::Path;
use std::sync::Arc;

use chrono::NaiveDate;

use super::blocks::Blocks;
use super::bm25::{self, Features, Filter, Hit, Query};
use super::cache::{self, Cache};
use super::corpus::{self, RawFile};
use super::segment::{DocMeta, Segment};
use super::stream;
use super::tokenize::{Options, Tokenizer};
use crate::capture::derived;
use crate::error::Result;
use crate::store::session_archive::SESSIONS_DIR;
use crate::store::{
    ARCHIVE_DIR, CACHE_DIR, MEMORIES_DIR, MEMORY_FILE, Project, SESSION_FILE, text,
};

/// Which files of a project to index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    /// MEMORY.md and the commit store.
    pub memory: bool,
    pub named: bool,
    /// `.mind/archive/*.md`: old years moved out of MEMORY.md, indexed like it.
    pub archive: bool,
    pub session: bool,
    /// `.mind/sessions/*.md`: finished sessions, indexed like SESSION.md, so nothing
    /// logged is ever out of `mind search`'s reach.
    pub past_sessions: bool,
}

impl Scope {
    /// Everything: memory, named memories, session.
    pub const ALL: Scope = Scope {
        memory: true,
        named: true,
        archive: true,
        session: true,
        past_sessions: true,
    };
    /// Long-term memory only (what promotion compares against).
    pub const MEMORY: Scope = Scope {
        memory: true,
        named: false,
        archive: false,
        session: false,
        past_sessions: false,
    };
    /// Long-term memory, named memories and archives (what retrieval surfaces).
    pub const KEPT: Scope = Scope {
        memory: true,
        named: true,
        archive: true,
        session: false,
        past_sessions: false,
    };
}

/// One indexed file.
pub struct Source {
    /// The project's display name.
    pub project: String,
    /// Path for display, relative to the project root (`.mind/MEMORY.md`).
    pub file: String,
    /// The text the segment was built from.
    text: Text,
    pub segment: Segment,
    /// A named memory's front matter as `--category` / `--tag` read it; `None` for other
    /// files and for a header that does not parse.
    pub header: Option<cache::Header>,
}

/// A source's text, as the segment's byte offsets refer to it.
enum Text {
    /// The file as read, known to be valid UTF-8 since its segment was built from it: only
    /// the lines shown are checked again, so a search over many large files does not
    /// validate every byte of them for the few lines it returns.
    Valid(Arc<Vec<u8>>),
    /// Text whose invalid UTF-8 was replaced (the segment was built from this).
    Decoded(String),
    /// A file the cache vouched for by its length and modification time, read only when a
    /// line of it is shown.
    Unread(Box<Unread>),
}

impl Source {
    /// A source whose text stays on disk until a line of it is shown, read then only if it
    /// is still what `entry`'s segment was built from.
    fn unread(
        project: String,
        key: &str,
        path: std::path::PathBuf,
        entry: &cache::Entry,
        segment: Segment,
        header: Option<cache::Header>,
    ) -> Source {
        Source {
            project,
            file: format!("{}/{key}", crate::store::MIND_DIR),
            text: Text::Unread(Box::new(Unread {
                path,
                len: entry.source_len,
                hash: entry.source_hash,
                valid_utf8: entry.valid_utf8,
                read: std::sync::OnceLock::new(),
                block_read: (0..entry.blocks.len())
                    .map(|_| std::sync::OnceLock::new())
                    .collect(),
                blocks: entry.blocks.clone(),
            })),
            segment,
            header,
        }
    }
}

struct Unread {
    path: std::path::PathBuf,
    len: u64,
    hash: u64,
    valid_utf8: bool,
    /// The text the segment was built from, once read: `None` when the file no longer
    /// begins with it.
    read: std::sync::OnceLock<Option<Text>>,
    /// The file's blocks as the cache recorded them, and each one's bytes once read: empty
    /// when the block is no longer what it was.
    blocks: Blocks,
    block_read: Box<[std::sync::OnceLock<Box<[u8]>>]>,
}

impl Unread {
    /// The text at `start..start + len` read from the block that holds it, when the file
    /// is valid UTF-8 (so the segment's offsets are the file's): only that block is read
    /// and checked against its recorded hash, so a search over a large memory reads a few
    /// blocks, not the whole file. `None` when no one block holds the range (the caller
    /// reads the file whole); `Some(None)` when the block's bytes are no longer the ones
    /// indexed.
    fn slice(&self, start: usize, len: usize) -> Option<Option<&str>> {
        if !self.valid_utf8 || self.read.get().is_some() {
            return None;
        }
        let (i, range) = self.blocks.holding(start as u64, len as u64)?;
        let block = self.block_read[i].get_or_init(|| self.read_block(i, range.clone()));
        let from = start - range.start as usize;
        Some(
            block
                .get(from..from + len)
                .and_then(|b| std::str::from_utf8(b).ok()),
        )
    }

    /// Block `i`'s bytes at `range`; empty when the block's hash is not the recorded one
    /// (it changed since the cache was written). The file's length is not compared: a file
    /// another process appended to since (`mind log` while a search runs) still holds the
    /// block's bytes where they were, and those are the bytes the segment was built from.
    fn read_block(&self, i: usize, range: std::ops::Range<u64>) -> Box<[u8]> {
        use std::io::{Read, Seek};
        let read = || -> std::io::Result<Vec<u8>> {
            let mut file = std::fs::File::open(&self.path)?;
            let mut buf = vec![0u8; (range.end - range.start) as usize];
            file.seek(std::io::SeekFrom::Start(range.start))?;
            file.read_exact(&mut buf)?;
            Ok(buf)
        };
        match read() {
            Ok(bytes) if cache::fast_hash(&bytes) == self.blocks.hashes[i] => bytes.into(),
            _ => Box::default(),
        }
    }

    /// The text the segment was built from: the file's first `len` bytes when they hash
    /// to the recorded hash (a file grown at the end since still begins with them);
    /// `None` when the file was rewritten in the moment since it was looked at.
    fn text(&self) -> Option<&Text> {
        self.read
            .get_or_init(|| {
                let mut bytes = std::fs::read(&self.path).ok()?;
                let len = usize::try_from(self.len).ok()?;
                let indexed = bytes.get(..len)?;
                if cache::fast_hash(indexed) != self.hash {
                    return None;
                }
                bytes.truncate(len);
                Some(if self.valid_utf8 {
                    Text::Valid(Arc::new(bytes))
                } else {
                    Text::Decoded(String::from_utf8_lossy(&bytes).into_owned())
                })
            })
            .as_ref()
    }
}

impl Source {
    /// The text, read now if it was not yet; `None` when it can no longer be read as the
    /// segment was built from it.
    fn loaded(&self) -> Option<&Text> {
        match &self.text {
            Text::Unread(unread) => unread.text(),
            text => Some(text),
        }
    }

    /// The whole text (a file with invalid UTF-8 as decoded); empty when it can no longer
    /// be read as indexed.
    pub fn whole(&self) -> std::borrow::Cow<'_, str> {
        match self.loaded() {
            Some(Text::Valid(bytes)) => String::from_utf8_lossy(bytes),
            Some(Text::Decoded(text)) => std::borrow::Cow::Borrowed(text),
            Some(Text::Unread(_)) | None => std::borrow::Cow::Borrowed(""),
        }
    }

    /// The text at `start..start + len` (a line or a heading) as the segment was built
    /// from it: `None` when out of range, or when the file changed since it was indexed
    /// otherwise than by growing at the end (its bytes there are no longer the ones the
    /// segment describes, so no text of them is the line's).
    pub fn line(&self, start: usize, len: usize) -> Option<&str> {
        if let Text::Unread(unread) = &self.text
            && let Some(line) = unread.slice(start, len)
        {
            return line;
        }
        let range = start..start.saturating_add(len);
        match self.loaded()? {
            Text::Valid(bytes) => bytes.get(range).and_then(|b| std::str::from_utf8(b).ok()),
            Text::Decoded(text) => text.get(range),
            Text::Unread(_) => None,
        }
    }

    /// [`Source::line`], empty when it cannot be read.
    pub fn slice(&self, start: usize, len: usize) -> &str {
        self.line(start, len).unwrap_or("")
    }
}

/// The indexed files of one or more projects.
#[derive(Default)]
pub struct Index {
    pub sources: Vec<Source>,
}

/// A resolved search result.
#[derive(Debug, Clone, PartialEq)]
pub struct Found<'a> {
    pub source: &'a Source,
    /// The line's id within its source's segment.
    pub doc: usize,
    pub meta: DocMeta,
    pub score: f32,
    pub coverage: f32,
}

impl Found<'_> {
    /// The line as written, trimmed.
    pub fn text(&self) -> &str {
        self.source.slice(self.meta.start, self.meta.len)
    }
}

impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        self.project == other.project && self.file == other.file
    }
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Source({}:{})", self.project, self.file)
    }
}

fn into_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

impl Index {
    /// Index a project's files. `persist` writes rebuilt segments back to the cache.
    pub fn open(
        project: &Project,
        scope: Scope,
        tokenizer: &mut Tokenizer,
        persist: bool,
    ) -> Result<Index> {
        let mut index = Index::default();
        index.add_project(project, scope, tokenizer, persist)?;
        Ok(index)
    }

    /// Add a project's files to the index.
    pub fn add_project(
        &mut self,
        project: &Project,
        scope: Scope,
        tokenizer: &mut Tokenizer,
        persist: bool,
    ) -> Result<()> {
        let name = project.name();
        let use_cache = tokenizer.options() == Options::default();
        let cache_dir = project.dir().join(CACHE_DIR);
        let mut cache = if use_cache {
            Cache::load(&cache_dir)
        } else {
            Cache::default()
        };
        let mut dirty = false;
        // Each file with how its lines are read: memory-like files as markdown, finished
        // sessions like SESSION.md.
        type Lines = fn(&str) -> RawFile;
        let mut cached: Vec<(String, std::path::PathBuf, Lines)> = Vec::new();
        let markdown = |files: Vec<(String, std::path::PathBuf)>| {
            files
                .into_iter()
                .map(|(key, path)| (key, path, corpus::markdown as Lines))
        };
        if scope.memory {
            // Read through the parse cache below.
            cached.push((MEMORY_FILE.to_string(), project.memory(), corpus::markdown));
            cached.push((
                derived::RELATIVE.to_string(),
                project.dir().join(derived::RELATIVE),
                corpus::markdown,
            ));
        }
        if scope.named {
            cached.extend(markdown(markdown_files(project, MEMORIES_DIR)));
        }
        if scope.archive {
            cached.extend(markdown(markdown_files(project, ARCHIVE_DIR)));
        }
        if scope.past_sessions {
            cached.extend(
                markdown_files(project, SESSIONS_DIR)
                    .into_iter()
                    .map(|(key, path)| (key, path, corpus::session as Lines)),
            );
        }
        // A file of `.mind/` reached through a symbolic link leading out of the project is
        // never read: a cloned repository could point it at a private file (`~/.aws/...`)
        // and a search would put that into an agent's context. The folders' files were
        // checked as they were listed.
        if scope.memory {
            cached.retain(|(key, path, _)| {
                (key != MEMORY_FILE && key != derived::RELATIVE)
                    || crate::store::read_guard::kept_inside(project, path)
            });
        }
        for (key, path, lines) in cached {
            let meta = match std::fs::metadata(&path) {
                Ok(meta) => meta,
                Err(e) if crate::store::text::is_absent(&e) => continue,
                Err(e) => return Err(crate::error::Error::io(&path, e)),
            };
            // A named pipe would make the read below wait for ever, a device never end.
            crate::store::read_guard::regular_or_error(&path, &meta)
                .map_err(|e| crate::error::Error::io(&path, e))?;
            // Unchanged since the cache was written: its segment, the file read only if a
            // line of it is shown.
            if let Some(entry) = cache.unchanged(&key, &meta) {
                self.push_unread(&name, &key, path, entry);
                continue;
            }
            let mtime = cache::mtime_ns(&meta).unwrap_or(0);
            if streamed(&key) {
                let read = (path, mtime);
                if self.add_streamed(&name, &key, read, &mut cache, tokenizer, &cache_dir)? {
                    dirty = true;
                }
                continue;
            }
            let Some(bytes) = text::read_optional(&path)? else {
                continue;
            };
            let read = (Arc::new(bytes), mtime);
            dirty |= self.add_cached(&name, &key, read, &mut cache, tokenizer, lines);
        }
        if scope.session
            && project.leads_inside(&project.session())
            && let Some(bytes) = text::read_optional(&project.session())?
        {
            let text = into_text(bytes);
            let segment = Segment::build(&corpus::session(&text), tokenizer);
            self.sources.push(Source {
                project: name.clone(),
                file: format!("{}/{SESSION_FILE}", crate::store::MIND_DIR),
                text: Text::Decoded(text),
                segment,
                header: None,
            });
        }
        if dirty && persist && use_cache {
            // Keep only entries for files that still exist in this scope's view.
            cache.save(&cache_dir);
        }
        Ok(())
    }

    /// Add one file's segment from the cache when it matches `bytes`, else built (and put in
    /// `cache`); returns whether it was built.
    fn add_cached(
        &mut self,
        project: &str,
        key: &str,
        (bytes, mtime_ns): (Arc<Vec<u8>>, u64),
        cache: &mut Cache,
        tokenizer: &mut Tokenizer,
        lines: impl Fn(&str) -> RawFile,
    ) -> bool {
        let hash = cache::fast_hash(&bytes);
        let (segment, header, text, built) = match cache.get(key, &bytes, hash) {
            Some(entry) => {
                let text = if entry.valid_utf8 {
                    Text::Valid(bytes)
                } else {
                    Text::Decoded(String::from_utf8_lossy(&bytes).into_owned())
                };
                // Read because its modification time was not the recorded one, or because
                // it changed too close to the cache's writing to be trusted (racily clean):
                // record it again once that moment is past, so the next run need not read it.
                let restamped = mtime_ns != 0
                    && (entry.source_mtime_ns != mtime_ns || cache::settled(mtime_ns));
                if restamped && let Some(e) = cache.entries.get_mut(key) {
                    e.source_mtime_ns = mtime_ns;
                }
                (entry.segment, entry.header, text, restamped)
            }
            None => {
                let decoded = String::from_utf8_lossy(&bytes);
                let valid_utf8 = matches!(decoded, std::borrow::Cow::Borrowed(_));
                let seg = Segment::build(&lines(&decoded), tokenizer);
                let header = (key.strip_prefix(MEMORIES_DIR))
                    .is_some_and(|rest| rest.starts_with('/'))
                    .then(|| header_of(&decoded))
                    .flatten();
                let text = match decoded {
                    std::borrow::Cow::Borrowed(_) => None,
                    std::borrow::Cow::Owned(text) => Some(text),
                };
                cache.entries.insert(
                    key.to_string(),
                    cache::Entry {
                        source_len: bytes.len() as u64,
                        source_hash: hash,
                        source_mtime_ns: mtime_ns,
                        valid_utf8,
                        header: header.clone(),
                        blocks: Blocks::of(&bytes),
                        segment: seg.clone(),
                        base: None,
                    },
                );
                let text = match text {
                    Some(text) => Text::Decoded(text),
                    None => Text::Valid(bytes),
                };
                (seg, header, text, true)
            }
        };
        self.sources.push(Source {
            project: project.to_string(),
            file: format!("{}/{key}", crate::store::MIND_DIR),
            text,
            segment,
            header,
        });
        built
    }

    /// Add one large markdown file's segment from the cache when the file is what it was
    /// built from (same length and hash), else built as the file is read (see
    /// [`stream`]) and put in `cache`; the text is read again only if a line of it is
    /// shown. Returns whether the cache changed; a file gone in the meantime is skipped.
    fn add_streamed(
        &mut self,
        project: &str,
        key: &str,
        (path, mtime_ns): (std::path::PathBuf, u64),
        cache: &mut Cache,
        tokenizer: &mut Tokenizer,
        spill_dir: &Path,
    ) -> Result<bool> {
        let io = |e: std::io::Error| crate::error::Error::io(&path, e);
        let gone = crate::store::text::is_absent;
        // Only a file of the cached length can be the cached text: hashing it first costs
        // a read from the page cache, against a rebuild.
        let same_len = cache.entries.get(key).map(|e| e.source_len)
            == std::fs::metadata(&path).ok().map(|m| m.len());
        let reuse = match same_len.then(|| stream::hash(&path)) {
            Some(Ok((len, hash))) => cache
                .entries
                .get(key)
                .filter(|e| e.source_len == len && e.source_hash == hash)
                .cloned(),
            Some(Err(e)) if gone(&e) => return Ok(false),
            Some(Err(e)) => return Err(io(e)),
            None => None,
        };
        let (entry, changed) = match reuse {
            Some(mut entry) => {
                // Read because its modification time was not the recorded one, or because
                // it changed too close to the cache's writing to be trusted (racily clean):
                // record it again once that moment is past.
                let restamped = mtime_ns != 0
                    && (entry.source_mtime_ns != mtime_ns || cache::settled(mtime_ns));
                if restamped {
                    entry.source_mtime_ns = mtime_ns;
                    cache.entries.insert(key.to_string(), entry.clone());
                }
                (entry, restamped)
            }
            None => {
                // The tail after the cached beginning when the file grew at the end; else
                // split anew, or indexed whole.
                let previous = cache.entries.get(key).and_then(|e| e.base.as_ref());
                let input = stream::Input::File(&path);
                let built = match stream::in_two_parts(input, previous, tokenizer, Some(spill_dir))
                {
                    Ok(Some((tail, base))) => Ok((tail, Some(base))),
                    Ok(None) => stream::markdown(&path, tokenizer, spill_dir).map(|b| (b, None)),
                    Err(e) => Err(e),
                };
                let (built, base) = match built {
                    Ok(built) => built,
                    Err(e) if gone(&e) => return Ok(false),
                    Err(e) => return Err(io(e)),
                };
                let entry = cache::Entry {
                    source_len: built.len,
                    source_hash: built.hash,
                    source_mtime_ns: mtime_ns,
                    valid_utf8: built.valid_utf8,
                    header: None,
                    blocks: built.blocks,
                    segment: built.segment,
                    base,
                };
                cache.entries.insert(key.to_string(), entry.clone());
                (entry, true)
            }
        };
        self.push_unread(project, key, path, &entry);
        Ok(changed)
    }

    /// The sources of a file the cache vouches for, its text read only if a line of it is
    /// shown: its base's segment first when it has one (see [`cache::Entry::base`]).
    fn push_unread(
        &mut self,
        project: &str,
        key: &str,
        path: std::path::PathBuf,
        entry: &cache::Entry,
    ) {
        let header = entry.header.clone();
        if let Some(base) = &entry.base {
            let segment = base.segment.clone();
            self.sources.push(Source::unread(
                project.to_string(),
                key,
                path.clone(),
                entry,
                segment,
                header.clone(),
            ));
        }
        let segment = entry.segment.clone();
        self.sources.push(Source::unread(
            project.to_string(),
            key,
            path,
            entry,
            segment,
            header,
        ));
    }

    /// Index MEMORY.md as given (the caller read it under the lock), through the project's
    /// cache: whole when it matches, else its cached beginning and the bytes after it
    /// indexed now (see [`cache::Entry::base`]). With no beginning of it cached, it is
    /// indexed in two parts and the cache written (as a search writes it, without the lock),
    /// so the next search or recall finds it; a tail indexed after a cached beginning is not
    /// written (the next command to index the file as it then is writes it). The bytes are
    /// shared, not copied: the caller gets them back whole once the index is dropped.
    pub fn memory_bytes(
        project: &Project,
        bytes: Arc<Vec<u8>>,
        tokenizer: &mut Tokenizer,
    ) -> Index {
        let mut index = Index::default();
        let name = project.name();
        let whole = |index: &mut Index, cache: &mut Cache, tokenizer: &mut Tokenizer| {
            index.add_cached(
                &name,
                MEMORY_FILE,
                (bytes.clone(), 0),
                cache,
                tokenizer,
                |text: &str| memory_lines_of(project, text),
            );
        };
        if tokenizer.options() != Options::default() {
            whole(&mut index, &mut Cache::default(), tokenizer);
            return index;
        }
        let cache_dir = project.dir().join(CACHE_DIR);
        let mut cache = Cache::load(&cache_dir);
        let hash = cache::fast_hash(&bytes);
        if let Some(entry) = cache.get(MEMORY_FILE, &bytes, hash) {
            if entry.base.is_some() {
                index.push_read(&name, MEMORY_FILE, &entry, bytes);
            } else {
                whole(&mut index, &mut cache, tokenizer);
            }
            return index;
        }
        let previous = cache.entries.get(MEMORY_FILE).and_then(|e| e.base.clone());
        let input = stream::Input::Bytes(&bytes);
        let Ok(Some((tail, base))) =
            stream::in_two_parts(input, previous.as_ref(), tokenizer, Some(&cache_dir))
        else {
            whole(&mut index, &mut cache, tokenizer);
            return index;
        };
        let split_anew = previous.is_none_or(|previous| !Arc::ptr_eq(&previous, &base));
        let entry = cache::Entry {
            source_len: tail.len,
            source_hash: tail.hash,
            source_mtime_ns: 0,
            valid_utf8: tail.valid_utf8,
            header: None,
            blocks: tail.blocks,
            segment: tail.segment,
            base: Some(base),
        };
        index.push_read(&name, MEMORY_FILE, &entry, Arc::clone(&bytes));
        if split_anew {
            cache.entries.insert(MEMORY_FILE.to_string(), entry);
            cache.save(&cache_dir);
        }
        index
    }

    /// The sources of a file read whole (`bytes`) whose entry has a base: the base's segment,
    /// then the tail's.
    fn push_read(&mut self, project: &str, key: &str, entry: &cache::Entry, bytes: Arc<Vec<u8>>) {
        let text = || {
            if entry.valid_utf8 {
                Text::Valid(Arc::clone(&bytes))
            } else {
                Text::Decoded(String::from_utf8_lossy(&bytes).into_owned())
            }
        };
        let segments = entry
            .base
            .iter()
            .map(|b| &b.segment)
            .chain([&entry.segment]);
        for segment in segments {
            self.sources.push(Source {
                project: project.to_string(),
                file: format!("{}/{key}", crate::store::MIND_DIR),
                text: text(),
                segment: segment.clone(),
                header: None,
            });
        }
    }

    /// Index a text that is not a project file (for tests and evaluation).
    pub fn add_text(&mut self, project: &str, file: &str, text: String, tokenizer: &mut Tokenizer) {
        self.add_text_with(project, file, text, tokenizer, false);
    }

    /// [`Index::add_text`], optionally indexing type labels too (to measure their effect).
    pub fn add_text_with(
        &mut self,
        project: &str,
        file: &str,
        text: String,
        tokenizer: &mut Tokenizer,
        keep_labels: bool,
    ) {
        let raw: RawFile = corpus::markdown_with(&text, keep_labels);
        let segment = Segment::build(&raw, tokenizer);
        self.sources.push(Source {
            project: project.to_string(),
            file: file.to_string(),
            text: Text::Decoded(text),
            segment,
            header: None,
        });
    }

    pub fn segments(&self) -> Vec<&Segment> {
        self.sources.iter().map(|s| &s.segment).collect()
    }

    pub fn doc_count(&self) -> usize {
        self.sources.iter().map(|s| s.segment.doc_count()).sum()
    }

    /// The best `limit` lines for `query`.
    pub fn search(
        &self,
        query: &Query,
        features: &Features,
        filter: &Filter,
        today: NaiveDate,
        limit: usize,
    ) -> Vec<Found<'_>> {
        let segments = self.segments();
        bm25::search(&segments, query, features, filter, today, limit)
            .into_iter()
            .filter_map(|h| self.readable(h))
            .collect()
    }

    pub fn resolve(&self, hit: Hit) -> Found<'_> {
        let source = &self.sources[hit.seg];
        Found {
            source,
            doc: hit.doc,
            meta: source.segment.doc(hit.doc),
            score: hit.score,
            coverage: hit.coverage,
        }
    }

    /// A hit resolved, with its line read now; `None` when the line cannot be read as it
    /// was indexed (its file rewritten in the moment since the index vouched for it). A
    /// result is a line's text: shown blank it would tell nothing and look like damage, so
    /// it is left out; the line read here is the one every later use of the result sees.
    pub fn readable(&self, hit: Hit) -> Option<Found<'_>> {
        let found = self.resolve(hit);
        found
            .source
            .line(found.meta.start, found.meta.len)
            .is_some()
            .then_some(found)
    }
}

/// Whether the file under cache key `key` is indexed as it is read (see [`stream`]): the
/// files that grow without bound (MEMORY.md, the commit store, archives); named memories
/// (whose front matter is read too) and sessions are small and read whole.
fn streamed(key: &str) -> bool {
    key == MEMORY_FILE || key == derived::RELATIVE || key.starts_with(&format!("{ARCHIVE_DIR}/"))
}

/// MEMORY.md's lines, its parse resumed from the parse cache (keyed by the text given).
fn memory_lines_of(project: &Project, text: &str) -> RawFile {
    let doc = crate::store::parse_cache::memory_unresolved(project, text.as_bytes());
    corpus::markdown_parsed(text, &doc, false)
}

/// A named memory's front matter fields that filters read; `None` when it does not parse.
fn header_of(text: &str) -> Option<cache::Header> {
    let split = crate::memories::front_matter::split(text).ok()?;
    let front = split.front.unwrap_or_default();
    Some(cache::Header {
        category: front.category,
        tags: front.tags,
    })
}

/// `.mind/archive/*.md` as the index reads them: sorted by name (the order in which they
/// were moved out of MEMORY.md), as (cache key `archive/NAME.md`, path).
pub fn archive_files(project: &Project) -> Vec<(String, std::path::PathBuf)> {
    markdown_files(project, ARCHIVE_DIR)
}

/// `.mind/<folder>/*.md` (named memories, archives), sorted by name, as (cache key, path).
/// Nothing reached through a symbolic link leading out of the project: neither a folder that
/// is one (`.mind/memories -> ~/notes`) nor a file (`archive/2024.md -> ~/.aws/credentials`).
fn markdown_files(project: &Project, folder: &str) -> Vec<(String, std::path::PathBuf)> {
    let dir = project.dir().join(folder);
    let Ok(read) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    if !project.leads_inside(&dir) {
        return Vec::new();
    }
    let mut out: Vec<(String, std::path::PathBuf)> = read
        .filter_map(|e| e.ok())
        // The directory entry's own type costs no system call; only a symlink is followed
        // (with a stat) to see whether it leads to a file inside the project. The caller
        // stats each file once.
        .filter(|e| match e.file_type() {
            Ok(t) if t.is_symlink() => e.path().is_file() && project.leads_inside(&e.path()),
            Ok(t) => t.is_file(),
            Err(_) => e.path().is_file() && project.leads_inside(&e.path()),
        })
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .filter_map(|p| {
            let file = p.file_name()?.to_str()?.to_string();
            Some((format!("{folder}/{file}"), p))
        })
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A project whose MEMORY.md is `text`, indexed (and its cache written) as a search
    /// indexes it.
    fn indexed(text: &[u8]) -> (tempfile::TempDir, Project, Index) {
        let dir = tempfile::tempdir().unwrap();
        let project = Project::new(dir.path());
        std::fs::create_dir_all(project.dir().join(CACHE_DIR)).unwrap();
        std::fs::write(project.memory(), text).unwrap();
        let index = Index::open(&project, Scope::MEMORY, &mut Tokenizer::default(), true).unwrap();
        (dir, project, index)
    }

    /// The text of each line a search for `words` finds.
    fn found(index: &Index, words: &str) -> Vec<String> {
        let mut tokenizer = Tokenizer::default();
        let features = Features::default();
        let query = Query::parse(words, &mut tokenizer, &features);
        let today = NaiveDate::from_ymd_opt(2026, 2, 1).unwrap();
        (index
            .search(&query, &features, &Filter::default(), today, 10)
            .iter())
        .map(|f| f.text().to_string())
        .collect()
    }

    fn append(project: &Project, text: &str) {
        use std::io::Write;
        let mut file = std::fs::File::options()
            .append(true)
            .open(project.memory())
            .unwrap();
        file.write_all(text.as_bytes()).unwrap();
    }

    const MEMORY: &str = "# demo\n\n## 2026-02-01\n\nlearned: the billing reconciler times out after 30s\nlearned: queue7 talks gRPC\n";

    #[test]
    fn a_line_of_a_file_appended_to_since_it_was_indexed_reads_as_indexed() {
        let (_dir, project, index) = indexed(MEMORY.as_bytes());
        append(&project, "learned: the billing reconciler retries twice\n");
        assert_eq!(
            found(&index, "billing reconciler"),
            ["learned: the billing reconciler times out after 30s"]
        );
    }

    #[test]
    fn a_file_read_whole_appended_to_since_it_was_indexed_reads_as_indexed() {
        // Invalid UTF-8 makes the line be read from the whole file, not its block.
        let mut text = MEMORY.as_bytes().to_vec();
        text.extend_from_slice(b"learned: latin-1 caf\xe9 menu\n");
        let (_dir, project, index) = indexed(&text);
        append(&project, "learned: the billing reconciler retries twice\n");
        assert_eq!(
            found(&index, "billing reconciler"),
            ["learned: the billing reconciler times out after 30s"]
        );
    }

    #[test]
    fn a_line_rewritten_since_it_was_indexed_is_no_result() {
        // Read from its block, then from the whole file (invalid UTF-8).
        for tail in [&b""[..], b"learned: latin-1 caf\xe9 menu\n"] {
            let (_dir, project, index) = indexed(&[MEMORY.as_bytes(), tail].concat());
            // The same length: only the bytes tell.
            let rewritten = MEMORY.replace("billing reconciler", "invoice exporterss");
            std::fs::write(project.memory(), [rewritten.as_bytes(), tail].concat()).unwrap();
            assert_eq!(found(&index, "billing reconciler"), Vec::<String>::new());
            assert_eq!(found(&index, "queue7"), Vec::<String>::new(), "{tail:?}");
        }
    }
}
