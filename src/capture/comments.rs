//! `MEMORY:` comments in source files: which lines of a file hold one, and a parallel walk
//! of a whole tree that finds them.
//!
//! A memory is a comment whose text starts with `MEMORY:` — `// MEMORY: ...`,
//! `# MEMORY: ...`, `-- MEMORY: ...`, `; MEMORY: ...`, `% MEMORY: ...`, a line of a
//! `/* ... */`, `<!-- ... -->`, `{- ... -}` block or of a Python docstring. Requiring
//! `MEMORY:` at the start of the comment (after markers such as `///` or `*`) and outside
//! string literals, also those running over several lines ([`super::lexer`]), keeps prose and
//! test strings that merely mention the syntax out.
//! One comment line is one memory, so its provenance (`path:line`) is exact.
//!
//! The walk honours `.gitignore`, `.ignore` and `.mindignore`, never enters `.git/`,
//! `.mind/`, `node_modules/` and the like ([`super::path_filter`], whose rules the commit
//! path follows too), a repository nested below the root (a submodule excepted) or a folder
//! holding a project of its own, and reads each file once: files without the bytes `MEMORY:`
//! cost one substring search (the same work `rg -l` does); only files with a hit are lexed.

use std::fs::File;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use ignore::{WalkBuilder, WalkState};
use memchr::memmem;

use super::{lexer, path_filter};
use crate::store::discovery::{Bounds, holds_project, is_repository_of_its_own};

/// The tag that marks a memory comment.
pub const TAG: &str = "MEMORY:";

/// One `MEMORY:` comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// Path relative to the scanned root, with `/` separators.
    pub path: String,
    /// 1-based line number.
    pub line: usize,
    /// The comment's text after `MEMORY:`, trimmed (block closers removed).
    pub text: String,
}

/// The `MEMORY:` comments in one file's bytes (1-based lines, in file order).
pub fn comments_in(path: &Path, bytes: &[u8]) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    if memmem::find(bytes, TAG.as_bytes()).is_none() {
        return found;
    }
    lexer::lex(bytes, lexer::syntax_for(path), |line, segment| {
        if let Some(text) = memory_text(segment) {
            found.push((line, text));
        }
    });
    found
}

/// The memory in a comment's text, if the comment starts with `MEMORY:`.
fn memory_text(segment: &[u8]) -> Option<String> {
    let start = segment.iter().position(|b| {
        !matches!(
            b,
            b' ' | b'\t' | b'/' | b'!' | b'*' | b'#' | b'-' | b';' | b'%'
        )
    })?;
    let rest = segment[start..].strip_prefix(TAG.as_bytes())?;
    let text = String::from_utf8_lossy(rest);
    let text = crate::store::text::one_line(&text);
    (!text.is_empty()).then_some(text)
}

/// Limits for a tree scan.
#[derive(Debug, Clone)]
pub struct ScanOptions {
    /// Files larger than this are skipped (generated code, data, bundles).
    pub max_file_bytes: u64,
    /// Worker threads; 0 picks the number of cores.
    pub threads: usize,
}

/// What a tree scan found.
#[derive(Debug, Default)]
pub struct ScanReport {
    /// Every `MEMORY:` comment, sorted by path then line.
    pub comments: Vec<Comment>,
    pub files_scanned: usize,
    pub skipped_large: usize,
    pub skipped_binary: usize,
    /// Paths that could not be read, with the reason.
    pub unreadable: Vec<String>,
}

/// Scan `root` in parallel. `progress` is called with the number of files seen so far
/// (from any thread, every few hundred files).
pub fn scan_tree(
    root: &Path,
    options: &ScanOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> ScanReport {
    let finder = memmem::Finder::new(TAG.as_bytes());
    let seen = AtomicUsize::new(0);
    let results: Mutex<Vec<PartialReport>> = Mutex::new(Vec::new());
    let bounds = Bounds::home_only();
    let project_bounds = Bounds::from_env(root);
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(false)
        .require_git(false)
        .add_custom_ignore_filename(path_filter::MINDIGNORE)
        .threads(options.threads)
        .filter_entry(move |entry| {
            if !entry.file_type().is_some_and(|t| t.is_dir()) {
                return true;
            }
            // The commit path leaves out the same files (`Scope::project_path`).
            if (entry.file_name().to_str()).is_some_and(path_filter::never_entered) {
                return false;
            }
            // A repository nested below the root (a vendored clone, a scratch repository)
            // is a place of its own, as the project search has it: its comments are not
            // this project's memory, and git does not track its files here either. A
            // submodule (listed in `.gitmodules`) is part of the work tree and is scanned.
            // So is a folder holding a project of its own (a package of a monorepo with its
            // own `.mind/`): its comments are its memory, as the commit hooks have it.
            entry.depth() == 0
                || !(is_repository_of_its_own(entry.path(), &bounds)
                    || holds_project(entry.path(), &project_bounds))
        });
    builder.build_parallel().run(|| {
        let mut worker = Worker {
            root,
            finder: &finder,
            options,
            buffer: Vec::with_capacity(64 * 1024),
            report: PartialReport::default(),
            results: &results,
            seen: &seen,
            progress,
        };
        Box::new(move |entry| {
            if let Ok(entry) = entry
                && entry.file_type().is_some_and(|t| t.is_file())
            {
                worker.visit(entry.path());
            }
            WalkState::Continue
        })
    });
    let mut report = ScanReport::default();
    for part in results.into_inner().unwrap_or_else(|e| e.into_inner()) {
        report.comments.extend(part.comments);
        report.files_scanned += part.files_scanned;
        report.skipped_large += part.skipped_large;
        report.skipped_binary += part.skipped_binary;
        report.unreadable.extend(part.unreadable);
    }
    report
        .comments
        .sort_by(|a, b| a.path.cmp(&b.path).then(a.line.cmp(&b.line)));
    report.unreadable.sort();
    report
}

#[derive(Default)]
struct PartialReport {
    comments: Vec<Comment>,
    files_scanned: usize,
    skipped_large: usize,
    skipped_binary: usize,
    unreadable: Vec<String>,
}

/// One walker thread's state; hands its findings over when the thread is done.
struct Worker<'a> {
    root: &'a Path,
    finder: &'a memmem::Finder<'a>,
    options: &'a ScanOptions,
    buffer: Vec<u8>,
    report: PartialReport,
    results: &'a Mutex<Vec<PartialReport>>,
    seen: &'a AtomicUsize,
    progress: &'a (dyn Fn(usize) + Sync),
}

impl Worker<'_> {
    fn visit(&mut self, path: &Path) {
        let count = self.seen.fetch_add(1, Ordering::Relaxed) + 1;
        if count.is_multiple_of(512) {
            (self.progress)(count);
        }
        match self.read(path) {
            Ok(Loaded::TooLarge) => self.report.skipped_large += 1,
            Ok(Loaded::Bytes) => {
                self.report.files_scanned += 1;
                if self.finder.find(&self.buffer).is_none() {
                    return;
                }
                if memchr::memchr(0, &self.buffer).is_some() {
                    self.report.skipped_binary += 1;
                    return;
                }
                let relative = relative_path(self.root, path);
                for (line, text) in comments_in(path, &self.buffer) {
                    self.report.comments.push(Comment {
                        path: relative.clone(),
                        line,
                        text,
                    });
                }
            }
            Err(e) => self
                .report
                .unreadable
                .push(format!("{}: {e}", relative_path(self.root, path))),
        }
    }

    fn read(&mut self, path: &Path) -> std::io::Result<Loaded> {
        let mut file = File::open(path)?;
        let len = file.metadata()?.len();
        if len > self.options.max_file_bytes {
            return Ok(Loaded::TooLarge);
        }
        // Read the size fstat gave, without the extra read() that confirms end of file: one
        // syscall saved per file adds up over a large tree. A file that shrank meanwhile is
        // read as far as it goes.
        let len = len as usize;
        self.buffer.clear();
        self.buffer.resize(len, 0);
        let mut filled = 0;
        while filled < len {
            match file.read(&mut self.buffer[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        self.buffer.truncate(filled);
        Ok(Loaded::Bytes)
    }
}

enum Loaded {
    Bytes,
    TooLarge,
}

impl Drop for Worker<'_> {
    fn drop(&mut self) {
        let part = std::mem::take(&mut self.report);
        if let Ok(mut results) = self.results.lock() {
            results.push(part);
        }
    }
}

/// `path` relative to `root` with `/` separators (lossy for non-UTF-8 names).
pub fn relative_path(root: &Path, path: &Path) -> String {
    let relative: PathBuf = path.strip_prefix(root).unwrap_or(path).to_path_buf();
    relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(name: &str, text: &str) -> Vec<(usize, String)> {
        comments_in(Path::new(name), text.as_bytes())
    }

    #[test]
    fn line_comments_of_many_languages() {
        assert_eq!(
            found("a.rs", "fn x() {}\n// MEMORY: decided: cache tokens\n"),
            vec![(2, "decided: cache tokens".into())]
        );
        assert_eq!(
            found("a.py", "x = 1  # MEMORY: the API rate limits at 100/min\n"),
            vec![(1, "the API rate limits at 100/min".into())]
        );
        assert_eq!(
            found("a.sql", "-- MEMORY: keep ids\n"),
            vec![(1, "keep ids".into())]
        );
        assert_eq!(found("a.el", ";; MEMORY: lisp\n"), vec![(1, "lisp".into())]);
        assert_eq!(found("a.tex", "% MEMORY: tex\n"), vec![(1, "tex".into())]);
        assert_eq!(
            found("a.rs", "/// MEMORY: doc\n//! MEMORY: inner\n").len(),
            2
        );
    }

    #[test]
    fn block_comments_docstrings_and_markup() {
        let c = "/*\n * MEMORY: learned: mmap is slower here\n */\nint x; /* MEMORY: inline */\n";
        assert_eq!(
            found("a.c", c),
            vec![
                (2, "learned: mmap is slower here".into()),
                (4, "inline".into())
            ]
        );
        let py = "def f():\n    \"\"\"Do it.\n\n    MEMORY: decided: retry twice\n    \"\"\"\n";
        assert_eq!(found("a.py", py), vec![(4, "decided: retry twice".into())]);
        assert_eq!(
            found("a.html", "<p>x</p><!-- MEMORY: gotcha: IE11 --> <b>\n"),
            vec![(1, "gotcha: IE11".into())]
        );
        assert_eq!(
            found("a.hs", "{- MEMORY: pure -}\n"),
            vec![(1, "pure".into())]
        );
        assert_eq!(
            found("a.lua", "--[[ MEMORY: lua block ]]\n"),
            vec![(1, "lua block".into())]
        );
    }

    #[test]
    fn strings_prose_and_fences_are_not_comments() {
        assert!(found("a.rs", "let s = \"// MEMORY: not a comment\";\n").is_empty());
        assert!(found("a.py", "s = '# MEMORY: no'\n").is_empty());
        assert!(found("a.rs", "// see MEMORY: later\n").is_empty());
        assert!(found("a.md", "```rust\n// MEMORY: example\n```\nMEMORY: prose\n").is_empty());
        assert_eq!(
            found("a.md", "text\n<!-- MEMORY: decided: docs in md -->\n"),
            vec![(2, "decided: docs in md".into())]
        );
        assert!(found("a.rs", "// MEMORY:\n").is_empty());
    }

    #[test]
    fn strings_before_a_comment_are_skipped() {
        assert_eq!(
            found("a.js", "const u = 'http://x'; // MEMORY: keep the slash\n"),
            vec![(1, "keep the slash".into())]
        );
        assert_eq!(
            found("a.rs", "let s = \"a\\\"b\"; // MEMORY: escaped\n"),
            vec![(1, "escaped".into())]
        );
    }

    #[test]
    fn crlf_and_unknown_extensions() {
        assert_eq!(
            found("a.rs", "// MEMORY: crlf\r\n"),
            vec![(1, "crlf".into())]
        );
        // A lone `\r` ends a line: two comments, and the code after them is no memory.
        assert_eq!(
            found(
                "a.rs",
                "// MEMORY: decided: keep retries at 2\r// MEMORY: learned: limit 100\rfn main() {}\r"
            ),
            vec![
                (1, "decided: keep retries at 2".into()),
                (2, "learned: limit 100".into())
            ]
        );
        assert_eq!(
            found(
                "a.c",
                "/* MEMORY: a\r\r * MEMORY: b */\rint x;\r\n// MEMORY: c"
            ),
            vec![(1, "a".into()), (3, "b".into()), (5, "c".into())]
        );
        assert_eq!(
            found("notes.xyz", "# MEMORY: generic\n"),
            vec![(1, "generic".into())]
        );
        assert_eq!(
            found("Makefile", "# MEMORY: make\n"),
            vec![(1, "make".into())]
        );
    }
}
