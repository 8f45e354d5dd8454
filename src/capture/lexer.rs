//! Which bytes of a source file are comment text, line by line, per language: the lexer
//! behind `MEMORY:` comments ([`super::comments`]).
//!
//! Text inside a string literal is never a comment, also when the string runs over several
//! lines: Rust strings (raw or not), JavaScript template literals, Go raw strings, triple-quoted
//! strings (Python, Kotlin, Swift, ...), C++ raw strings and here-documents (shell, Ruby, Perl,
//! PHP) carry their state from line to line as block comments do. The one string whose lines
//! count as comment text is a Python docstring: a triple-quoted string that is the first
//! statement of a module, a class or a function.

use std::path::Path;

use memchr::memmem;

/// How one language writes comments and strings.
pub(super) struct Syntax {
    /// Line comment markers.
    line: &'static [&'static str],
    /// Block comment openers and closers; tried before line markers.
    blocks: &'static [(&'static str, &'static str)],
    /// Bytes that delimit string literals ending with their line (a marker inside a string is
    /// not a comment); an unclosed one ends at the line's end.
    quotes: &'static [u8],
    /// String literals that run on over lines until their closer; tried before `quotes`.
    spanning: &'static [Spanning],
    /// Raw strings whose closer depends on their opener (`r#"…"#`, `R"x(…)x"`).
    raw: Raw,
    /// Rust: `'` starts a character literal (`'"'`) or is a lifetime (`'a`), never a string.
    char_literals: bool,
    /// Python: a triple-quoted string that is the first statement of a module, class or
    /// function is a docstring, whose lines are comment text.
    docstrings: bool,
    /// Here-documents: their lines are text, never comments.
    heredocs: Heredocs,
    /// Markdown: lines inside ``` / ~~~ fences are examples, not comments.
    fences: bool,
}

/// A string literal that may span lines.
pub(super) struct Spanning {
    open: &'static str,
    close: &'static str,
    /// A backslash escapes the byte after it (so `\`` does not end a template literal).
    escapes: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Raw {
    None,
    /// `r"…"`, `r#"…"#`, `br##"…"##`, `cr"…"`.
    Rust,
    /// `R"(…)"`, `R"delim(…)delim"`, with `u8`, `u`, `U` or `L` before the `R`.
    Cpp,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Heredocs {
    None,
    /// sh, bash, zsh, ksh, Dockerfile: `<<WORD`, `<<-WORD`, `<< 'WORD'`, `<<"WORD"`; `<<<` is
    /// a one-word here-string.
    Shell,
    /// Ruby and Perl: `<<WORD`, `<<~WORD`, `<<-WORD`, `<<"WORD"`, the word right after the
    /// `<<` (`list << item` appends).
    Tight,
    /// PHP: `<<<WORD`, `<<<"WORD"`, `<<<'WORD'`; the closing line may go on with `;`, `,` or `)`.
    Php,
}

const SLASH_BLOCK: (&str, &str) = ("/*", "*/");
const HTML_BLOCK: (&str, &str) = ("<!--", "-->");

const DOUBLE: Spanning = Spanning {
    open: "\"",
    close: "\"",
    escapes: true,
};
const BACKTICK_TEMPLATE: Spanning = Spanning {
    open: "`",
    close: "`",
    escapes: true,
};
const BACKTICK_RAW: Spanning = Spanning {
    open: "`",
    close: "`",
    escapes: false,
};
const TRIPLE_DOUBLE: Spanning = Spanning {
    open: "\"\"\"",
    close: "\"\"\"",
    escapes: true,
};
const TRIPLE_SINGLE: Spanning = Spanning {
    open: "'''",
    close: "'''",
    escapes: true,
};

/// A syntax with nothing but the given comment markers and quotes.
const fn plain(
    line: &'static [&'static str],
    blocks: &'static [(&'static str, &'static str)],
    quotes: &'static [u8],
) -> Syntax {
    Syntax {
        line,
        blocks,
        quotes,
        spanning: &[],
        raw: Raw::None,
        char_literals: false,
        docstrings: false,
        heredocs: Heredocs::None,
        fences: false,
    }
}

const RUST: Syntax = Syntax {
    // `"` runs on over lines in Rust; `'` is a character literal or a lifetime.
    spanning: &[DOUBLE],
    raw: Raw::Rust,
    char_literals: true,
    ..plain(&["//"], &[SLASH_BLOCK], b"")
};
const CPP: Syntax = Syntax {
    raw: Raw::Cpp,
    ..plain(&["//"], &[SLASH_BLOCK], b"\"'")
};
const C_LIKE: Syntax = plain(&["//"], &[SLASH_BLOCK], b"\"'");
/// Languages with triple-quoted text blocks: Java, Kotlin, Scala, Groovy, Swift, Dart, C#.
const TEXT_BLOCKS: Syntax = Syntax {
    spanning: &[TRIPLE_DOUBLE, TRIPLE_SINGLE],
    ..plain(&["//"], &[SLASH_BLOCK], b"\"'")
};
const GO: Syntax = Syntax {
    spanning: &[BACKTICK_RAW],
    ..plain(&["//"], &[SLASH_BLOCK], b"\"'")
};
const JS_LIKE: Syntax = Syntax {
    spanning: &[BACKTICK_TEMPLATE],
    ..plain(&["//"], &[SLASH_BLOCK], b"\"'")
};
const CSS: Syntax = plain(&[], &[SLASH_BLOCK], b"\"'");
const SCSS: Syntax = plain(&["//"], &[SLASH_BLOCK], b"\"'");
const PYTHON: Syntax = Syntax {
    spanning: &[TRIPLE_DOUBLE, TRIPLE_SINGLE],
    docstrings: true,
    ..plain(&["#"], &[], b"\"'")
};
/// Julia: a triple-quoted string is documentation (it stands before what it documents).
const JULIA: Syntax = plain(&["#"], &[("#=", "=#"), ("\"\"\"", "\"\"\"")], b"\"'");
const HASH: Syntax = plain(&["#"], &[], b"\"'");
const SHELL: Syntax = Syntax {
    heredocs: Heredocs::Shell,
    ..HASH
};
const RUBY_PERL: Syntax = Syntax {
    heredocs: Heredocs::Tight,
    ..HASH
};
const SQL: Syntax = plain(&["--"], &[SLASH_BLOCK], b"\"'");
const LUA: Syntax = plain(&["--"], &[("--[[", "]]")], b"\"'");
const HASKELL: Syntax = plain(&["--"], &[("{-", "-}")], b"\"");
const LISP: Syntax = plain(&[";"], &[], b"\"");
const INI: Syntax = plain(&[";", "#"], &[], b"");
const PERCENT: Syntax = plain(&["%"], &[], b"");
// Apostrophes in text are not string delimiters.
const MARKUP: Syntax = plain(&[], &[HTML_BLOCK], b"");
const COMPONENT: Syntax = plain(&["//"], &[HTML_BLOCK, SLASH_BLOCK], b"");
const MARKDOWN: Syntax = Syntax {
    fences: true,
    ..plain(&[], &[HTML_BLOCK], b"")
};
const PHP: Syntax = Syntax {
    heredocs: Heredocs::Php,
    ..plain(&["//", "#"], &[SLASH_BLOCK, HTML_BLOCK], b"\"'")
};
/// Anything else: every common marker.
const GENERIC: Syntax = plain(
    &["//", "#", "--", ";", "%"],
    &[SLASH_BLOCK, HTML_BLOCK],
    b"\"",
);

pub(super) fn syntax_for(path: &Path) -> &'static Syntax {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match name.as_str() {
        "makefile" | "gnumakefile" | "cmakelists.txt" | "justfile" | "procfile" => {
            return &HASH;
        }
        "dockerfile" | "containerfile" => return &SHELL,
        "gemfile" | "rakefile" | "vagrantfile" | "brewfile" => return &RUBY_PERL,
        _ => {}
    }
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    match ext {
        "rs" => &RUST,
        "c" | "h" | "cc" | "cpp" | "cxx" | "hpp" | "hh" | "hxx" | "m" | "mm" | "cu" | "ino" => &CPP,
        "java" | "kt" | "kts" | "scala" | "sc" | "groovy" | "gradle" | "swift" | "dart" | "cs" => {
            &TEXT_BLOCKS
        }
        "go" => &GO,
        "zig" | "proto" | "sol" | "v" | "d" | "fs" | "fsx" | "jsonc" | "json5" | "glsl"
        | "hlsl" | "wgsl" => &C_LIKE,
        "js" | "jsx" | "mjs" | "cjs" | "ts" | "tsx" | "mts" | "cts" => &JS_LIKE,
        "css" => &CSS,
        "scss" | "sass" | "less" | "styl" => &SCSS,
        "py" | "pyi" | "pyx" => &PYTHON,
        "jl" => &JULIA,
        "sh" | "bash" | "zsh" | "ksh" | "dockerfile" => &SHELL,
        "rb" | "rake" | "gemspec" | "pl" | "pm" => &RUBY_PERL,
        "fish" | "r" | "yaml" | "yml" | "toml" | "conf" | "cfg" | "mk" | "cmake" | "nix" | "ex"
        | "exs" | "tf" | "tfvars" | "hcl" | "ps1" | "psm1" | "coffee" | "cr" | "nim" | "awk"
        | "sed" | "properties" | "env" | "gitignore" | "mindignore" | "editorconfig" | "tcl"
        | "gd" | "bzl" | "star" | "bazel" | "cmake.in" => &HASH,
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

/// Where the lexer is at the start of a line.
enum Open {
    Code,
    /// Inside a block comment or docstring, until this closer.
    Comment(&'static str),
    /// Inside a string literal, until the closer kept in [`Lexer::closer`].
    Text {
        escapes: bool,
    },
}

/// A here-document waiting for its closing line.
struct Heredoc {
    word: Vec<u8>,
    /// PHP's closing line may go on after the word (`EOT;`).
    trailing: bool,
}

/// Python's statements, as far as docstrings need them.
#[derive(Default)]
struct Statements {
    /// The next statement would be a docstring if it is a string: at the module's start and
    /// after a `def` or `class` header.
    expect_docstring: bool,
    /// Open brackets: a statement goes on over the lines until they close.
    depth: usize,
    /// The last line ended with a backslash (a continued statement).
    continued: bool,
    /// The current statement starts with `def`, `async def` or `class`.
    header: bool,
}

/// Call `on_comment(line, text)` for each piece of comment text, line by line (1-based).
pub(super) fn lex(bytes: &[u8], syntax: &Syntax, on_comment: impl FnMut(usize, &[u8])) {
    let mut lexer = Lexer::new(syntax);
    lexer.run(bytes, on_comment);
}

struct Lexer<'s> {
    syntax: &'s Syntax,
    /// Bytes that can start an opener, a marker or a string: everything else is skipped
    /// with one table look-up instead of a comparison per token.
    interesting: [bool; 256],
    open: Open,
    closer: Vec<u8>,
    in_fence: bool,
    /// Here-documents whose bodies follow, in the order they were opened.
    heredocs: Vec<Heredoc>,
    python: Statements,
}

impl<'s> Lexer<'s> {
    fn new(syntax: &'s Syntax) -> Self {
        let mut interesting = [false; 256];
        let firsts = (syntax.blocks.iter().map(|(o, _)| *o))
            .chain(syntax.line.iter().copied())
            .chain(syntax.spanning.iter().map(|s| s.open));
        for token in firsts {
            interesting[usize::from(token.as_bytes()[0])] = true;
        }
        for &q in syntax.quotes {
            interesting[usize::from(q)] = true;
        }
        if syntax.raw != Raw::None {
            interesting[usize::from(b'"')] = true;
        }
        if syntax.char_literals {
            interesting[usize::from(b'\'')] = true;
        }
        if syntax.heredocs != Heredocs::None {
            interesting[usize::from(b'<')] = true;
        }
        if syntax.docstrings {
            for b in *b"()[]{}" {
                interesting[usize::from(b)] = true;
            }
        }
        Lexer {
            syntax,
            interesting,
            open: Open::Code,
            closer: Vec::new(),
            in_fence: false,
            heredocs: Vec::new(),
            python: Statements {
                expect_docstring: true,
                ..Statements::default()
            },
        }
    }

    fn run(&mut self, bytes: &[u8], mut on_comment: impl FnMut(usize, &[u8])) {
        let mut waiting: Vec<Heredoc> = Vec::new();
        for (index, line) in source_lines(bytes).enumerate() {
            let number = index + 1;
            if let Some(first) = waiting.first() {
                if closes_heredoc(line, first) {
                    waiting.remove(0);
                }
                continue;
            }
            if self.syntax.fences && matches!(self.open, Open::Code) {
                let trimmed = line.trim_ascii_start();
                if trimmed.starts_with(b"```") || trimmed.starts_with(b"~~~") {
                    self.in_fence = !self.in_fence;
                    continue;
                }
                if self.in_fence {
                    continue;
                }
            }
            self.line(line, number, &mut on_comment);
            waiting.append(&mut self.heredocs);
        }
    }

    /// One line: its comment text reported, the state carried to the next line.
    fn line(&mut self, line: &[u8], number: usize, on_comment: &mut impl FnMut(usize, &[u8])) {
        // Python: does a statement start on this line, and may it be a docstring?
        let first = line.iter().position(|b| !b.is_ascii_whitespace());
        let starts_statement = self.syntax.docstrings
            && matches!(self.open, Open::Code)
            && self.python.depth == 0
            && !self.python.continued
            && first.is_some_and(|f| line[f] != b'#');
        let mut docstring_at = None;
        if starts_statement {
            let f = first.unwrap_or(0);
            let code = &line[f..];
            self.python.header = [&b"def "[..], b"async def ", b"class "]
                .iter()
                .any(|kw| code.starts_with(kw));
            if self.python.expect_docstring {
                // `r"""` and `u"""` are docstrings too; `f"""` and `b"""` are not.
                let prefixed = matches!(code.first(), Some(b'r' | b'R' | b'u' | b'U'));
                docstring_at = Some(if prefixed { f + 1 } else { f });
            }
            self.python.expect_docstring = false;
        }
        let mut code_end = line.len();
        let mut pos = 0;
        'line: while pos <= line.len() {
            match self.open {
                Open::Code => {}
                Open::Comment(closer) => {
                    let rest = &line[pos..];
                    match memmem::find(rest, closer.as_bytes()) {
                        Some(k) => {
                            on_comment(number, &rest[..k]);
                            pos += k + closer.len();
                            self.open = Open::Code;
                            continue;
                        }
                        None => {
                            on_comment(number, rest);
                            break;
                        }
                    }
                }
                Open::Text { escapes } => match find_closer(&line[pos..], &self.closer, escapes) {
                    Some(k) => {
                        pos += k + self.closer.len();
                        self.open = Open::Code;
                        continue;
                    }
                    None => break,
                },
            }
            let mut j = pos;
            while j < line.len() {
                let b = line[j];
                if !self.interesting[usize::from(b)] {
                    j += 1;
                    continue;
                }
                let rest = &line[j..];
                if let Some((opener, closer)) =
                    (self.syntax.blocks.iter()).find(|(o, _)| rest.starts_with(o.as_bytes()))
                {
                    self.open = Open::Comment(closer);
                    pos = j + opener.len();
                    continue 'line;
                }
                if let Some(marker) =
                    (self.syntax.line.iter()).find(|m| rest.starts_with(m.as_bytes()))
                {
                    code_end = j;
                    on_comment(number, &rest[marker.len()..]);
                    break 'line;
                }
                if let Some(next) = self.heredoc(line, j) {
                    j = next;
                    continue;
                }
                if let Some((closer, escapes, opener_len)) = self.raw_string(line, j) {
                    self.closer = closer;
                    self.open = Open::Text { escapes };
                    pos = j + opener_len;
                    continue 'line;
                }
                if let Some(s) =
                    (self.syntax.spanning.iter()).find(|s| rest.starts_with(s.open.as_bytes()))
                {
                    if docstring_at == Some(j) && s.open.len() == 3 {
                        self.open = Open::Comment(s.close);
                    } else {
                        self.closer.clear();
                        self.closer.extend_from_slice(s.close.as_bytes());
                        self.open = Open::Text { escapes: s.escapes };
                    }
                    pos = j + s.open.len();
                    continue 'line;
                }
                if self.syntax.quotes.contains(&b) {
                    j = skip_string(line, j);
                } else if self.syntax.char_literals && b == b'\'' {
                    j = skip_char_literal(line, j);
                } else {
                    if self.syntax.docstrings {
                        match b {
                            b'(' | b'[' | b'{' => self.python.depth += 1,
                            b')' | b']' | b'}' => {
                                self.python.depth = self.python.depth.saturating_sub(1)
                            }
                            _ => {}
                        }
                    }
                    j += 1;
                }
            }
            break;
        }
        if self.syntax.docstrings {
            self.end_statement_line(line, code_end);
        }
    }

    /// Python, after a line: whether its statement goes on, and whether it was a header after
    /// which a docstring may come.
    fn end_statement_line(&mut self, line: &[u8], code_end: usize) {
        if !matches!(self.open, Open::Code) {
            // Inside a string or docstring: its statement goes on.
            return;
        }
        let last = line[..code_end].trim_ascii_end().last().copied();
        if last.is_none() && code_end == line.len() {
            // A blank line changes nothing (a comment-only line neither).
            return;
        }
        self.python.continued = last == Some(b'\\');
        if self.python.depth == 0 && !self.python.continued {
            if last.is_some() {
                self.python.expect_docstring = self.python.header && last == Some(b':');
            }
            self.python.header = false;
        }
    }

    /// A here-document opened at `j`: its word queued for the lines after this one, and the
    /// index to go on from.
    fn heredoc(&mut self, line: &[u8], j: usize) -> Option<usize> {
        let style = self.syntax.heredocs;
        if style == Heredocs::None || !line[j..].starts_with(b"<<") {
            return None;
        }
        let mut k = j + 2;
        match style {
            Heredocs::Php => {
                if line.get(k) != Some(&b'<') {
                    return None;
                }
                k += 1;
                while matches!(line.get(k), Some(b' ' | b'\t')) {
                    k += 1;
                }
            }
            Heredocs::Shell => {
                if line.get(k) == Some(&b'<') {
                    // `<<<`: a here-string, one word on this line.
                    return Some(k + 1);
                }
                if line.get(k) == Some(&b'-') {
                    k += 1;
                }
                while matches!(line.get(k), Some(b' ' | b'\t')) {
                    k += 1;
                }
            }
            Heredocs::Tight => {
                if matches!(line.get(k), Some(b'~' | b'-')) {
                    k += 1;
                }
            }
            Heredocs::None => return None,
        }
        let (word, end) = match line.get(k) {
            Some(&q @ (b'\'' | b'"')) => {
                let len = line[k + 1..].iter().position(|&b| b == q)?;
                (line[k + 1..k + 1 + len].to_vec(), k + 2 + len)
            }
            _ => {
                // Shell: `<<\EOF` quotes the word too.
                if style == Heredocs::Shell && line.get(k) == Some(&b'\\') {
                    k += 1;
                }
                // An unquoted word starts like a name: `1 << 2` and `$a << $b` shift.
                if !line
                    .get(k)
                    .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
                {
                    return None;
                }
                let len = line[k..]
                    .iter()
                    .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
                    .unwrap_or(line.len() - k);
                (line[k..k + len].to_vec(), k + len)
            }
        };
        if word.is_empty() {
            return None;
        }
        self.heredocs.push(Heredoc {
            word,
            trailing: style == Heredocs::Php,
        });
        Some(end)
    }

    /// A raw string opened at `j` (its quote), with the closer, whether `\` escapes (never)
    /// and how many bytes from `j` the body starts.
    fn raw_string(&self, line: &[u8], j: usize) -> Option<(Vec<u8>, bool, usize)> {
        if line[j] != b'"' {
            return None;
        }
        let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        match self.syntax.raw {
            Raw::None => None,
            Raw::Rust => {
                let hashes = line[..j].iter().rev().take_while(|&&b| b == b'#').count();
                let r = j.checked_sub(hashes + 1)?;
                if line[r] != b'r' {
                    return None;
                }
                let start = match r.checked_sub(1).map(|p| line[p]) {
                    Some(b'b' | b'c') => r - 1,
                    _ => r,
                };
                if start > 0 && ident(line[start - 1]) {
                    return None;
                }
                let mut closer = vec![b'"'];
                closer.extend(std::iter::repeat_n(b'#', hashes));
                Some((closer, false, 1))
            }
            Raw::Cpp => {
                let r = j.checked_sub(1)?;
                if line[r] != b'R' {
                    return None;
                }
                let before = &line[..r];
                let start = ["u8", "u", "U", "L", ""]
                    .iter()
                    .find(|p| before.ends_with(p.as_bytes()))
                    .map_or(r, |p| r - p.len());
                if start > 0 && ident(line[start - 1]) {
                    return None;
                }
                // The delimiter: up to 16 bytes before `(`, no space, backslash or paren.
                let after = &line[j + 1..];
                let paren = after.iter().take(17).position(|&b| b == b'(')?;
                let delimiter = &after[..paren];
                if (delimiter.iter()).any(|b| matches!(b, b' ' | b'\\' | b')' | b'\t')) {
                    return None;
                }
                let mut closer = vec![b')'];
                closer.extend_from_slice(delimiter);
                closer.push(b'"');
                Some((closer, false, paren + 2))
            }
        }
    }
}

/// Whether `line` closes the here-document: its word alone on the line (indented, as `<<-`,
/// `<<~` and PHP allow), or for PHP followed by what ends the expression.
fn closes_heredoc(line: &[u8], heredoc: &Heredoc) -> bool {
    let trimmed = line.trim_ascii();
    let Some(rest) = trimmed.strip_prefix(heredoc.word.as_slice()) else {
        return false;
    };
    rest.is_empty() || (heredoc.trailing && !rest[0].is_ascii_alphanumeric() && rest[0] != b'_')
}

/// Where `closer` starts in `text`, a backslash escaping the byte after it when `escapes`.
fn find_closer(text: &[u8], closer: &[u8], escapes: bool) -> Option<usize> {
    if !escapes {
        return memmem::find(text, closer);
    }
    let mut i = 0;
    while i < text.len() {
        let k = i + memchr::memchr2(b'\\', closer[0], &text[i..])?;
        if text[k] == b'\\' {
            i = k + 2;
        } else if text[k..].starts_with(closer) {
            return Some(k);
        } else {
            i = k + 1;
        }
    }
    None
}

/// A file's lines without their line ends, in order: a line ends at `\n`, `\r\n` or a lone
/// `\r` (a classic Mac line end). Editors show a lone `\r` as a line break and number the
/// lines after it so, and one comment line is one memory: `// MEMORY: a\r// MEMORY: b\rcode`
/// is two comments and a line of code, never one memory holding the rest.
fn source_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(bytes);
    std::iter::from_fn(move || {
        let text = rest?;
        let Some(end) = memchr::memchr2(b'\n', b'\r', text) else {
            rest = None;
            return Some(text);
        };
        let next = match text[end..] {
            [b'\r', b'\n', ..] => end + 2,
            _ => end + 1,
        };
        rest = Some(&text[next..]);
        Some(&text[..end])
    })
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

/// Rust, at a `'`: the index past a character literal (`'"'`, `'\''`, `'\u{22}'`), or past
/// the `'` of a lifetime or label (`'a`), which opens nothing.
fn skip_char_literal(line: &[u8], start: usize) -> usize {
    let body = &line[start + 1..];
    if body.first() == Some(&b'\\') {
        // An escape: its closing quote within the longest one, `'\u{10FFFF}'`.
        return match body.iter().skip(2).take(9).position(|&b| b == b'\'') {
            Some(k) => start + 1 + 2 + k + 1,
            None => start + 1,
        };
    }
    let width = match body.first() {
        Some(&b) if b < 0x80 => 1,
        Some(&b) if b >= 0xF0 => 4,
        Some(&b) if b >= 0xE0 => 3,
        Some(_) => 2,
        None => return start + 1,
    };
    if body.get(width) == Some(&b'\'') {
        start + 1 + width + 1
    } else {
        start + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (line, comment text) for each piece `lex` reports that holds `MEMORY:`.
    fn memories(name: &str, text: &str) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        lex(text.as_bytes(), syntax_for(Path::new(name)), |n, seg| {
            let seg = String::from_utf8_lossy(seg);
            if seg.contains("MEMORY:") {
                out.push((n, seg.trim().to_string()));
            }
        });
        out
    }

    fn lines(found: &[(usize, String)]) -> Vec<usize> {
        found.iter().map(|(n, _)| *n).collect()
    }

    #[test]
    fn rust_strings_over_lines_are_text() {
        let rs = concat!(
            "let a = \"one\n// MEMORY: in a string\n\";\n",
            "let b = r#\"\n// MEMORY: in a raw string \"quoted\"\n\"#;\n",
            "let c = br##\"x\"#\n// MEMORY: still raw\n\"##; // MEMORY: after\n",
            "let d = '\"'; // MEMORY: after a char\n",
            "fn f<'a>(x: &'a str) {} // MEMORY: after a lifetime\n",
            "let e = '\\''; let g = \"\\\"\n// MEMORY: escaped quote kept the string open\n\";\n",
            "// MEMORY: last\n",
        );
        assert_eq!(lines(&memories("a.rs", rs)), vec![9, 10, 11, 15]);
    }

    #[test]
    fn template_literals_go_raw_strings_and_text_blocks_are_text() {
        let js = "const t = `a ${x}\n// MEMORY: no\n\\` // MEMORY: escaped\n`; // MEMORY: yes\n";
        assert_eq!(lines(&memories("a.ts", js)), vec![4]);
        let go = "var q = `\n// MEMORY: no \\`\n// MEMORY: yes\n";
        assert_eq!(lines(&memories("a.go", go)), vec![3]);
        let kt = "val s = \"\"\"\n// MEMORY: no\n\"\"\" // MEMORY: yes\n";
        assert_eq!(lines(&memories("a.kt", kt)), vec![3]);
        let cpp = "auto s = R\"sql(\n// MEMORY: no )\"\n)sql\"; // MEMORY: yes\nchar q = '\"'; // MEMORY: too\n";
        assert_eq!(lines(&memories("a.cpp", cpp)), vec![3, 4]);
    }

    #[test]
    fn python_docstrings_only_where_a_docstring_can_be() {
        let py = concat!(
            "#!/usr/bin/env python\n",
            "\"\"\"Module.\n\nMEMORY: module doc\n\"\"\"\n",
            "SQL = \"\"\"\n# MEMORY: in a string value\n\"\"\"\n",
            "def f(\n    a,\n    b=(1, 2),\n) -> int:\n",
            "    # a comment between\n",
            "    r'''Doc.\n    MEMORY: function doc\n    '''\n",
            "    x = '''\n# MEMORY: not a docstring\n'''\n",
            "class A(B):\n    \"\"\"MEMORY: class doc\"\"\"\n",
            "    def g(self): return \"\"\"\n# MEMORY: no\n\"\"\"\n",
            "    \"\"\"MEMORY: not first in the class\"\"\"\n",
            "print(f\"\"\"\n# MEMORY: f-string\n\"\"\")  # MEMORY: real\n",
        );
        let found = memories("a.py", py);
        assert_eq!(
            found.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>(),
            vec![
                "MEMORY: module doc",
                "MEMORY: function doc",
                "MEMORY: class doc",
                "MEMORY: real"
            ],
            "{found:?}"
        );
    }

    #[test]
    fn here_documents_are_text() {
        let sh = concat!(
            "cat > out <<EOF # MEMORY: on the opening line\n",
            "# MEMORY: in the body\n",
            "EOF\n",
            "cat <<-'END' <<\"TWO\"\n\t# MEMORY: a\n\tEND\n# MEMORY: b\nTWO\n",
            "x=$((1 << 2)) # MEMORY: a shift\n",
            "read a <<< \"$b\" # MEMORY: a here-string\n",
        );
        assert_eq!(lines(&memories("a.sh", sh)), vec![1, 9, 10]);
        let rb =
            "list << item # MEMORY: append\nq = <<~SQL\n  # MEMORY: no\n  SQL\n# MEMORY: yes\n";
        assert_eq!(lines(&memories("a.rb", rb)), vec![1, 5]);
        let php = "$a = <<<EOT\n# MEMORY: no\nEOT;\n// MEMORY: yes\n";
        assert_eq!(lines(&memories("a.php", php)), vec![4]);
        let docker = "RUN <<EOF\n# MEMORY: no\nEOF\n# MEMORY: yes\n";
        assert_eq!(lines(&memories("Dockerfile", docker)), vec![4]);
    }

    #[test]
    fn one_line_quotes_still_end_with_their_line() {
        // An apostrophe in YAML or an unclosed quote in C loses only its own line.
        assert_eq!(
            lines(&memories("a.yml", "note: it's fine\n# MEMORY: kept\n")),
            vec![2]
        );
        assert_eq!(
            lines(&memories("a.c", "char *s = \"open\n// MEMORY: kept\n")),
            vec![2]
        );
    }
}
