//! `MEMORY:` comments in source files: which lines of a file hold one, and a parallel walk
//! of a whole tree that finds them.
//!
//! A memory is a comment whose text starts with `MEMORY:` — `// MEMORY: ...`,
//! `# MEMORY: ...`, `-- MEMORY: ...`, `; MEMORY: ...`, `% MEMORY: ...`, a line of a
//! `/* ... */`, `<!-- ... -->`, `{- ... -}` block or of a Python docstring. Requiring
//! `MEMORY:` at the start of the comment (after markers such as `///` or `*`) and outside
//! string literals keeps prose and test strings that merely mention the syntax out.
//! One comment line is one memory, so its provenance (`path:line`) is exact.
//!
//! The walk honours `.gitignore`, `.ignore` and `.mindignore`, never enters `.git/`,
//! `.mind/` or a repository nested below the root (a submodule excepted), and reads each
//! file once: files without the bytes `MEMORY:` cost one substring search (the same work
//! `rg -l` does); only files with a hit are lexed.

use std::fs::File;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use ignore::{WalkBuilder, WalkState};
use memchr::memmem;

use crate::store::discovery::{Bounds, is_repository_of_its_own};

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

/// How one language writes comments.
struct Syntax {
    /// Line comment markers.
    line: &'static [&'static str],
    /// Block comment (and docstring) openers and closers; tried before line markers.
    blocks: &'static [(&'static str, &'static str)],
    /// Bytes that delimit string literals (a marker inside a string is not a comment).
    quotes: &'static [u8],
    /// Markdown: lines inside ``` / ~~~ fences are examples, not comments.
    fences: bool,
}

const SLASH_BLOCK: (&str, &str) = ("/*", "*/");
const HTML_BLOCK: (&str, &str) = ("<!--", "-->");

const RUST: Syntax = Syntax {
    line: &["//"],
    blocks: &[SLASH_BLOCK],
    // Not `'`: lifetimes (`'a`) would open a string that never closes.
    quotes: b"\"",
    fences: false,
};
const C_LIKE: Syntax = Syntax {
    line: &["//"],
    blocks: &[SLASH_BLOCK],
    quotes: b"\"'",
    fences: false,
};
const JS_LIKE: Syntax = Syntax {
    line: &["//"],
    blocks: &[SLASH_BLOCK],
    quotes: b"\"'`",
    fences: false,
};
const CSS: Syntax = Syntax {
    line: &[],
    blocks: &[SLASH_BLOCK],
    quotes: b"\"'",
    fences: false,
};
const SCSS: Syntax = Syntax {
    line: &["//"],
    blocks: &[SLASH_BLOCK],
    quotes: b"\"'",
    fences: false,
};
const PYTHON: Syntax = Syntax {
    line: &["#"],
    blocks: &[("\"\"\"", "\"\"\""), ("'''", "'''")],
    quotes: b"\"'",
    fences: false,
};
const HASH: Syntax = Syntax {
    line: &["#"],
    blocks: &[],
    quotes: b"\"'",
    fences: false,
};
const SQL: Syntax = Syntax {
    line: &["--"],
    blocks: &[SLASH_BLOCK],
    quotes: b"\"'",
    fences: false,
};
const LUA: Syntax = Syntax {
    line: &["--"],
    blocks: &[("--[[", "]]")],
    quotes: b"\"'",
    fences: false,
};
const HASKELL: Syntax = Syntax {
    line: &["--"],
    blocks: &[("{-", "-}")],
    quotes: b"\"",
    fences: false,
};
const LISP: Syntax = Syntax {
    line: &[";"],
    blocks: &[],
    quotes: b"\"",
    fences: false,
};
const INI: Syntax = Syntax {
    line: &[";", "#"],
    blocks: &[],
    quotes: b"",
    fences: false,
};
const PERCENT: Syntax = Syntax {
    line: &["%"],
    blocks: &[],
    quotes: b"",
    fences: false,
};
const MARKUP: Syntax = Syntax {
    line: &[],
    blocks: &[HTML_BLOCK],
    // Apostrophes in text are not string delimiters.
    quotes: b"",
    fences: false,
};
const COMPONENT: Syntax = Syntax {
    line: &["//"],
    blocks: &[HTML_BLOCK, SLASH_BLOCK],
    quotes: b"",
    fences: false,
};
const MARKDOWN: Syntax = Syntax {
    line: &[],
    blocks: &[HTML_BLOCK],
    quotes: b"",
    fences: true,
};
const PHP: Syntax = Syntax {
    line: &["//", "#"],
    blocks: &[SLASH_BLOCK, HTML_BLOCK],
    quotes: b"\"'",
    fences: false,
};
/// Anything else: every common marker.
const GENERIC: Syntax = Syntax {
    line: &["//", "#", "--", ";", "%"],
    blocks: &[SLASH_BLOCK, HTML_BLOCK],
    quotes: b"\"",
    fences: false,
};

fn syntax_for(path: &Path) -> &'static Syntax {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match name.as_str() {
        "makefile" | "gnumakefile" | "dockerfile" | "containerfile" | "gemfile" | "rakefile"
        | "cmakelists.txt" | "justfile" | "procfile" | "vagrantfile" | "brewfile" => {
            return &HASH;
        }
        _ => {}
    }
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    match ext {
        "rs" => &RUST,
        "c" | "h" | "cc" | "cpp" | "cxx" | "hpp" | "hh" | "hxx" | "m" | "mm" | "java" | "kt"
        | "kts" | "scala" | "sc" | "go" | "cs" | "swift" | "dart" | "zig" | "proto" | "sol"
        | "groovy" | "gradle" | "v" | "d" | "fs" | "fsx" | "jsonc" | "json5" | "glsl" | "hlsl"
        | "wgsl" | "cu" | "ino" => &C_LIKE,
        "js" | "jsx" | "mjs" | "cjs" | "ts" | "tsx" | "mts" | "cts" => &JS_LIKE,
        "css" => &CSS,
        "scss" | "sass" | "less" | "styl" => &SCSS,
        "py" | "pyi" | "pyx" | "jl" => &PYTHON,
        "sh" | "bash" | "zsh" | "fish" | "ksh" | "rb" | "rake" | "gemspec" | "pl" | "pm" | "r"
        | "yaml" | "yml" | "toml" | "conf" | "cfg" | "mk" | "cmake" | "nix" | "ex" | "exs"
        | "tf" | "tfvars" | "hcl" | "ps1" | "psm1" | "coffee" | "cr" | "nim" | "awk" | "sed"
        | "properties" | "env" | "dockerfile" | "gitignore" | "mindignore" | "editorconfig"
        | "tcl" | "gd" | "bzl" | "star" | "bazel" | "cmake.in" => &HASH,
        "sql" | "psql" | "pgsql" | "plsql" => &SQL,
        "lua" => &LUA,
        "hs" | "lhs" | "elm" | "purs" | "agda" | "idr" => &HASKELL,
        "lisp" | "lsp" | "el" | "clj" | "cljs" | "cljc" | "edn" | "scm" | "ss" | "rkt" | "asm"
        | "s" | "fnl" => &LISP,
        "ini" | "cnf" | "reg" => &INI,
        "tex" | "sty" | "cls" | "bib" | "erl" | "hrl" | "mat" | "pro" => &PERCENT,
        "html" | "htm" | "xhtml" | "xml" | "svg" | "xsl" | "xslt" | "plist" | "csproj"
        | "vbproj" | "props" | "targets" | "xaml" | "hbs" | "handlebars" | "mustache" | "njk"
        | "liquid" | "erb" | "ejs" | "jinja" | "j2" => &MARKUP,
        "vue" | "svelte" | "astro" => &COMPONENT,
        "md" | "markdown" | "mdx" | "mkd" | "rst" | "adoc" | "txt" => &MARKDOWN,
        "php" | "phtml" => &PHP,
        _ => &GENERIC,
    }
}

/// The `MEMORY:` comments in one file's bytes (1-based lines, in file order).
pub fn comments_in(path: &Path, bytes: &[u8]) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    if memmem::find(bytes, TAG.as_bytes()).is_none() {
        return found;
    }
    lex(bytes, syntax_for(path), |line, segment| {
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

/// Call `on_comment(line, text)` for each piece of comment text, line by line.
fn lex(bytes: &[u8], syntax: &Syntax, mut on_comment: impl FnMut(usize, &[u8])) {
    // Bytes that can start an opener, a marker or a string: everything else is skipped
    // with one table look-up instead of a comparison per token.
    let mut interesting = [false; 256];
    for token in syntax
        .blocks
        .iter()
        .map(|(o, _)| *o)
        .chain(syntax.line.iter().copied())
    {
        interesting[usize::from(token.as_bytes()[0])] = true;
    }
    for &q in syntax.quotes {
        interesting[usize::from(q)] = true;
    }
    let mut open: Option<&'static str> = None;
    let mut in_fence = false;
    for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        let number = index + 1;
        if syntax.fences && open.is_none() {
            let trimmed = line.trim_ascii_start();
            if trimmed.starts_with(b"```") || trimmed.starts_with(b"~~~") {
                in_fence = !in_fence;
                continue;
            }
            if in_fence {
                continue;
            }
        }
        let mut pos = 0;
        'line: while pos <= line.len() {
            if let Some(closer) = open {
                let rest = &line[pos..];
                match memmem::find(rest, closer.as_bytes()) {
                    Some(k) => {
                        on_comment(number, &rest[..k]);
                        pos += k + closer.len();
                        open = None;
                        continue;
                    }
                    None => {
                        on_comment(number, rest);
                        break;
                    }
                }
            }
            let mut j = pos;
            while j < line.len() {
                if !interesting[usize::from(line[j])] {
                    j += 1;
                    continue;
                }
                let rest = &line[j..];
                if let Some((opener, closer)) = syntax
                    .blocks
                    .iter()
                    .find(|(o, _)| rest.starts_with(o.as_bytes()))
                {
                    open = Some(closer);
                    pos = j + opener.len();
                    continue 'line;
                }
                if let Some(marker) = syntax.line.iter().find(|m| rest.starts_with(m.as_bytes())) {
                    on_comment(number, &rest[marker.len()..]);
                    break 'line;
                }
                if syntax.quotes.contains(&line[j]) {
                    j = skip_string(line, j);
                } else {
                    j += 1;
                }
            }
            break;
        }
    }
}

/// The index just past the string literal that starts at `start` (or the line's end).
fn skip_string(line: &[u8], start: usize) -> usize {
    let quote = line[start];
    let mut j = start + 1;
    while j < line.len() {
        match line[j] {
            b'\\' => j += 2,
            b if b == quote => return j + 1,
            _ => j += 1,
        }
    }
    line.len()
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

/// Folders never worth entering, whatever the ignore files say.
const NEVER_ENTER: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    ".jj",
    crate::store::MIND_DIR,
    "node_modules",
    "__pycache__",
    ".venv",
    "venv",
];

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
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(false)
        .require_git(false)
        .add_custom_ignore_filename(".mindignore")
        .threads(options.threads)
        .filter_entry(move |entry| {
            if !entry.file_type().is_some_and(|t| t.is_dir()) {
                return true;
            }
            if (entry.file_name().to_str()).is_some_and(|name| NEVER_ENTER.contains(&name)) {
                return false;
            }
            // A repository nested below the root (a vendored clone, a scratch repository)
            // is a place of its own, as the project search has it: its comments are not
            // this project's memory, and git does not track its files here either. A
            // submodule (listed in `.gitmodules`) is part of the work tree and is scanned.
            entry.depth() == 0 || !is_repository_of_its_own(entry.path(), &bounds)
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
