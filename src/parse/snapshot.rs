//! A [`Resumable`] parse as bytes and back, so a caller can keep the parse of a file's
//! unchanged beginning between runs (see `store::parse_cache`). Pure: bytes in, bytes out.
//! Decoding is bounds-checked and gives `None` for anything malformed; it never panics.
//!
//! The parse is kept beside the text it was made from (the caller has both), so an
//! entity's line is stored as where it stands in that text, and its title, reasoning,
//! alternatives, links and workaround, mostly pieces of the line, as where they stand in
//! the line: the bytes are a fraction of the text's size, and decoding copies each string
//! once without checking it again as UTF-8. A string that is not such a piece (a lossy
//! decoded line, a title rebuilt from parts) is stored whole.

use chrono::NaiveDate;

use super::document::{Heading, Resumable, Scanner};
use super::line::Field;
use super::loops::Subject;
use super::sections::SectionKind;
use super::{Document, Entity, EntryType, NextStep, ProblemStatus, ProjectState, SessionSummary};

/// The parse of `source` (the text read so far, as bytes) appended to `out`, with what
/// was worked out from it ([`Extras`]).
pub fn encode_into(out: &mut Vec<u8>, parse: &Resumable, source: &[u8], extras: &Extras) {
    out.reserve(parse.scanner.doc.entities.len() * 48 + 256);
    encode_chunked(out, parse, source, extras, &mut |_| {});
}

/// The [`Extras`] of `parse`: its problems resolved among its own entities, and the
/// entities `marked` picks.
pub fn extras_of(parse: &Resumable, marked: impl Fn(&Entity) -> bool) -> Extras {
    let doc = &parse.scanner.doc;
    let entities = &doc.entities;
    let mut resolutions = super::loops::resolutions(entities);
    resolutions.sort_unstable();
    let entity_dates = entities.iter().filter_map(|e| e.date).max();
    let summary_dates = doc.summaries.iter().map(|s| s.date).max();
    Extras {
        resolutions,
        marked: (0..entities.len())
            .filter(|&i| marked(&entities[i]))
            .collect(),
        provisional: (0..entities.len())
            .filter(|&i| {
                let e = &entities[i];
                e.kind == EntryType::Decision
                    && e.date.is_some()
                    && super::loops::is_provisional(&e.text)
            })
            .collect(),
        runs: super::loops::Recency::of(doc).runs(),
        last_date: entity_dates.max(summary_dates),
    }
}

/// What a caller worked out from the whole parse, kept with it so that a reader of the
/// cache need not work it out again from every entity (entities are counted from 0, in
/// the parse's order).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Extras {
    /// Problems that later progress entries of the same text resolve: (entity, the
    /// resolving entry's line), by entity ([`super::loops::resolutions`], sorted).
    pub resolutions: Vec<(usize, usize)>,
    /// Entities a caller wants found again without reading every other one (the context
    /// block's staleness check: dated entries naming a file), in order.
    pub marked: Vec<usize>,
    /// Dated decisions that say they are provisional ([`super::loops::is_provisional`]).
    pub provisional: Vec<usize>,
    /// The dated lines (entities, summaries, next steps) as [`super::loops::Recency`]
    /// keeps them: the last line of each run of one date, in order.
    pub runs: Vec<(usize, NaiveDate)>,
    /// The newest date of an entity or a summary.
    pub last_date: Option<NaiveDate>,
}

/// Bytes [`encode_chunked`] lets gather in its buffer before handing them on.
pub const CHUNK: usize = 64 * 1024;

/// [`encode_into`] for a caller that writes the bytes as they come: whenever `out` holds
/// [`CHUNK`] bytes or more, `flush` is given it (and is to empty it), so a large parse is
/// never held twice, once decoded and once encoded. What is left in `out` at the end is the
/// caller's to write.
pub fn encode_chunked(
    out: &mut Vec<u8>,
    parse: &Resumable,
    source: &[u8],
    extras: &Extras,
    flush: &mut dyn FnMut(&mut Vec<u8>),
) {
    let mut w = Writer {
        out,
        source,
        line: 1,
        line_start: 0,
        last_start: 0,
    };
    let doc = &parse.scanner.doc;
    w.front(parse, extras, doc.entities.len());
    for e in &doc.entities {
        w.entity(e);
        if w.out.len() >= CHUNK {
            flush(w.out);
        }
    }
    let mut streamed = super::loops::StreamedResolutions::default();
    for (i, e) in doc.entities.iter().enumerate() {
        let entry = super::loops::Resolvable::of(e);
        streamed.push(i, &entry, || std::borrow::Cow::Borrowed(e.title.as_str()));
    }
    put_waiting(&streamed, w.out, flush);
}

/// After the entities: problem resolution's state after them
/// ([`StreamedResolutions::suspend`](super::loops::StreamedResolutions::suspend): the
/// problems still waiting for a fix), then its length as 8 bytes, so that a reader finds it
/// from the end ([`Lazy::waiting`]) and lines after the cached ones are resolved against
/// those problems alone.
pub fn put_waiting(
    streamed: &super::loops::StreamedResolutions<'_>,
    out: &mut Vec<u8>,
    flush: &mut dyn FnMut(&mut Vec<u8>),
) {
    let len = streamed.suspend(out, flush);
    out.extend_from_slice(&(len as u64).to_le_bytes());
}

/// `bytes` (an encoded parse) split into what goes before the waiting problems and those
/// ([`put_waiting`]).
fn split_waiting(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    let body = bytes.len().checked_sub(8)?;
    let len = u64::from_le_bytes(bytes[body..].try_into().ok()?);
    let start = body.checked_sub(usize::try_from(len).ok()?)?;
    Some((&bytes[..start], &bytes[start..body]))
}

/// The encoding of a parse made a piece of the text at a time, for a text too large to
/// hold its whole parse: each piece's entities are encoded as they are read and dropped
/// (the caller puts their bytes aside), and what [`Extras`] needs is worked out on the way
/// ([`loops::StreamedResolutions`] for the problems). [`Streamed::finish`] gives what comes
/// before the entities; that, then the entities' bytes in order, is exactly what
/// [`encode_into`] gives for the whole parse with [`extras_of`].
///
/// [`loops::StreamedResolutions`]: super::loops::StreamedResolutions
pub struct Streamed<'s> {
    source: &'s [u8],
    /// How much of `source` has been read.
    read: usize,
    parse: Resumable,
    /// The entity writer's place in `source` (see [`Writer`]).
    line: usize,
    line_start: usize,
    last_start: usize,
    count: usize,
    resolutions: super::loops::StreamedResolutions<'s>,
    marked: Vec<usize>,
    provisional: Vec<usize>,
    runs: Vec<(usize, NaiveDate)>,
    last_date: Option<NaiveDate>,
    /// Summaries and next steps already counted in `runs` and `last_date`.
    summaries: usize,
    next_steps: usize,
    /// Scratch: one piece's dated lines.
    dated: Vec<(usize, NaiveDate)>,
}

/// `title` as where it stands in the line of `source` starting at `line_start` (an
/// entity's title is mostly a piece of its line), else a copy: a problem waiting for its
/// fix through the rest of a large memory keeps no copy of its own.
fn title_in<'s>(source: &'s [u8], line_start: usize, title: &str) -> std::borrow::Cow<'s, str> {
    let rest = source.get(line_start..).unwrap_or_default();
    let line = &rest[..memchr::memchr(b'\n', rest).unwrap_or(rest.len())];
    memchr::memmem::find(line, title.as_bytes())
        .and_then(|at| std::str::from_utf8(&line[at..at + title.len()]).ok())
        .map_or_else(|| title.to_string().into(), std::borrow::Cow::Borrowed)
}

impl<'s> Streamed<'s> {
    /// A parse of `source` (the whole text, as bytes), nothing read yet.
    pub fn new(source: &'s [u8]) -> Self {
        Streamed {
            source,
            read: 0,
            parse: Resumable::default(),
            line: 1,
            line_start: 0,
            last_start: 0,
            count: 0,
            resolutions: Default::default(),
            marked: Vec::new(),
            provisional: Vec::new(),
            runs: Vec::new(),
            last_date: None,
            summaries: 0,
            next_steps: 0,
            dated: Vec::new(),
        }
    }

    /// Read `source` up to `to` (the start of a line, or its end) and append the encoding
    /// of the entities found there to `out`; `marked` picks [`Extras::marked`].
    pub fn read_to(&mut self, to: usize, out: &mut Vec<u8>, marked: &dyn Fn(&Entity) -> bool) {
        let to = to.clamp(self.read, self.source.len());
        self.parse
            .feed(&crate::store::text::lossy(&self.source[self.read..to]));
        self.read = to;
        let entities = self.parse.take_entities();
        let mut w = Writer {
            out,
            source: self.source,
            line: self.line,
            line_start: self.line_start,
            last_start: self.last_start,
        };
        self.dated.clear();
        for e in &entities {
            let index = self.count;
            self.count += 1;
            w.entity(e);
            let (source, line_start) = (self.source, w.line_start);
            self.resolutions
                .push(index, &super::loops::Resolvable::of(e), || {
                    title_in(source, line_start, &e.title)
                });
            if marked(e) {
                self.marked.push(index);
            }
            if e.kind == EntryType::Decision
                && e.date.is_some()
                && super::loops::is_provisional(&e.text)
            {
                self.provisional.push(index);
            }
            if let Some(date) = e.date {
                self.dated.push((e.line, date));
                self.last_date = self.last_date.max(Some(date));
            }
        }
        (self.line, self.line_start, self.last_start) = (w.line, w.line_start, w.last_start);
        // The piece's summaries and next steps, dated lines as `Recency::of` takes them:
        // all of this piece's lines come after the previous pieces', so sorting each
        // piece's and joining them is sorting the whole.
        let doc = &self.parse.scanner.doc;
        for s in &doc.summaries[self.summaries..] {
            self.dated.push((s.line, s.date));
            self.last_date = self.last_date.max(Some(s.date));
        }
        for n in &doc.next_steps[self.next_steps..] {
            if let Some(date) = n.date {
                self.dated.push((n.line, date));
            }
        }
        (self.summaries, self.next_steps) = (doc.summaries.len(), doc.next_steps.len());
        self.dated.sort_unstable();
        // The last line of each run of one date, as `Recency::runs` keeps them.
        for &(line, date) in &self.dated {
            match self.runs.last_mut() {
                Some(last) if last.1 == date => last.0 = line,
                _ => self.runs.push((line, date)),
            }
        }
    }

    /// How much of the source has been read.
    pub fn read(&self) -> usize {
        self.read
    }

    /// The encoding that goes before the entities (appended to `out`), all read; the
    /// problems still waiting, whose state goes after the entities ([`put_waiting`]).
    pub fn finish(mut self, out: &mut Vec<u8>) -> super::loops::StreamedResolutions<'s> {
        let extras = Extras {
            resolutions: self.resolutions.take_found(),
            marked: self.marked,
            provisional: self.provisional,
            runs: self.runs,
            last_date: self.last_date,
        };
        let mut w = Writer {
            out,
            source: self.source,
            line: 1,
            line_start: 0,
            last_start: 0,
        };
        w.front(&self.parse, &extras, self.count);
        self.resolutions
    }
}

/// The parse `bytes` hold, made from `source` (the same text given to [`encode_into`]),
/// or `None` when they are not a whole encoded parse of it.
pub fn decode(bytes: &[u8], source: &[u8]) -> Option<Resumable> {
    let (bytes, _) = split_waiting(bytes)?;
    let mut r = Reader::new(bytes, source);
    let mut parse = r.scanner()?;
    let (summaries, next_steps) = r.summaries_and_steps()?;
    r.extras()?;
    let count = r.count()?;
    let mut entities = Vec::with_capacity(count);
    for _ in 0..count {
        entities.push(r.entity()?);
    }
    if r.pos != bytes.len() {
        return None;
    }
    let doc = &mut parse.scanner.doc;
    doc.entities = entities;
    doc.summaries = summaries;
    doc.next_steps = next_steps;
    Some(parse)
}

/// An encoded parse read without building its entities: the scanner's state (to go on
/// reading the text after it), the session summaries, next steps and [`Extras`], and the
/// entities as borrowed [`EntityView`]s, read again on each [`Lazy::entities`] call. Only
/// the entities a caller keeps are built ([`Lazy::entity`]).
pub struct Lazy<'a> {
    bytes: &'a [u8],
    source: &'a [u8],
    source_text: Option<&'a str>,
    /// Where the entities start in `bytes`, and how many there are.
    entities_at: usize,
    count: usize,
    /// The scanner after the cached text; its document holds the project state only.
    pub parse: Resumable,
    pub summaries: Vec<SessionSummary>,
    pub next_steps: Vec<NextStep>,
    pub extras: Extras,
    /// Problem resolution's state after the entities ([`put_waiting`]), as
    /// [`StreamedResolutions::resume`](super::loops::StreamedResolutions::resume) reads it;
    /// borrowed, so only a recall with a fix after the cached lines reads it.
    pub waiting: &'a [u8],
    /// Told of the bytes each pass over the entities has read ([`Lazy::releasing`]).
    release: Option<&'a dyn Release>,
}

/// Where a [`Lazy`] parse's bytes come from, told of each stretch a pass over the entities
/// has read: a memory map can let go of those pages (read again from the file should they
/// be needed), so a pass over a large cache never holds all of it.
pub trait Release {
    /// `bytes` (a range of the bytes given to [`decode_lazy`]) were read.
    fn release(&self, bytes: std::ops::Range<usize>);
}

/// Bytes a pass over the entities reads between [`Release::release`] calls.
const RELEASE_EVERY: usize = 4 << 20;

/// After a pass read up to `pos`: the stretch since `released` handed to `release` once it
/// is long enough, or whatever is left when the pass is `done`.
fn release_read(release: Option<&dyn Release>, released: &mut usize, pos: usize, done: bool) {
    if let Some(release) = release
        && pos > *released
        && (done || pos - *released >= RELEASE_EVERY)
    {
        release.release(*released..pos);
        *released = pos;
    }
}

/// [`decode`] without reading the entities: [`Lazy::walk`] reads them (and checks them).
pub fn decode_lazy<'a>(bytes: &'a [u8], source: &'a [u8]) -> Option<Lazy<'a>> {
    let (bytes, waiting) = split_waiting(bytes)?;
    let mut r = Reader::new(bytes, source);
    let parse = r.scanner()?;
    let (summaries, next_steps) = r.summaries_and_steps()?;
    let extras = r.extras()?;
    let count = r.count()?;
    let entities_at = r.pos;
    Some(Lazy {
        waiting,
        bytes,
        source,
        source_text: r.source_text,
        entities_at,
        count,
        parse,
        summaries,
        next_steps,
        extras,
        release: None,
    })
}

impl<'a> Lazy<'a> {
    /// Tell `release` of the bytes each pass over the entities has read.
    pub fn releasing(mut self, release: &'a dyn Release) -> Self {
        self.release = Some(release);
        self
    }

    /// The number of entities.
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Each entity in order, borrowed from the encoded bytes and the text; `None` (after
    /// some calls of `f`) when the bytes do not hold them all, and nothing after them.
    pub fn walk(&self, mut f: impl FnMut(usize, EntityView<'a>)) -> Option<()> {
        let mut r = self.reader();
        r.pos = self.entities_at;
        let mut released = self.entities_at;
        for i in 0..self.count {
            f(i, r.entity_view()?);
            release_read(self.release, &mut released, r.pos, false);
        }
        release_read(self.release, &mut released, r.pos, true);
        (r.pos == self.bytes.len()).then_some(())
    }

    /// The entities in order, as [`Lazy::walk`] gives them (stopping at the first that
    /// cannot be read: call this once a walk succeeded).
    pub fn entities(&self) -> impl Iterator<Item = EntityView<'a>> + use<'a> {
        let mut r = self.reader();
        r.pos = self.entities_at;
        let mut released = self.entities_at;
        let (release, count) = (self.release, self.count);
        (0..count).map_while(move |i| {
            let view = r.entity_view();
            let done = view.is_none() || i + 1 == count;
            release_read(release, &mut released, r.pos, done);
            view
        })
    }

    /// The whole entity a view was read from.
    pub fn entity(&self, view: &EntityView<'_>) -> Option<Entity> {
        let mut r = self.reader();
        r.pos = view.at;
        r.last_start = view.last_start;
        r.entity()
    }

    fn reader(&self) -> Reader<'a> {
        Reader {
            b: self.bytes,
            pos: 0,
            date_memo: (0, None),
            source: self.source,
            source_text: self.source_text,
            last_start: 0,
        }
    }
}

/// An entity as the encoded bytes hold it: its strings borrowed, its lists left out.
#[derive(Debug, Clone, Copy)]
pub struct EntityView<'a> {
    pub kind: EntryType,
    pub text: &'a str,
    pub title: &'a str,
    pub key: bool,
    pub date: Option<NaiveDate>,
    pub line: usize,
    pub reasoning: Option<&'a str>,
    /// How many alternatives a decision names (the list itself is left out).
    pub alternatives: usize,
    pub status: Option<ProblemStatus>,
    pub superseded: bool,
    pub workaround: Option<&'a str>,
    pub resolved_by: Option<usize>,
    /// The words problem resolution compares ([`Subject`]).
    pub subject: Subject,
    /// Where it starts in the bytes, and the reader's place in the text there.
    at: usize,
    last_start: usize,
}

fn kind_code(kind: EntryType) -> u8 {
    EntryType::ALL.iter().position(|k| *k == kind).unwrap_or(0) as u8
}

fn kind_of(code: u8) -> Option<EntryType> {
    EntryType::ALL.get(usize::from(code)).copied()
}

/// Where a string comes from: stored whole, or a piece of the source text / of the line.
const WHOLE: u8 = 0;
const PIECE: u8 = 1;

struct Writer<'a> {
    out: &'a mut Vec<u8>,
    source: &'a [u8],
    /// A line of `source` and the offset it starts at: entities come in line order, so
    /// finding each one's line walks the text once.
    line: usize,
    line_start: usize,
    /// Where the previous entity line taken from `source` starts (stored as a difference).
    last_start: usize,
}

impl Writer<'_> {
    /// Everything but the entities: the scanner's state, the project state, summaries,
    /// next steps, `extras`, and the number of entities (`count`) that follow.
    fn front(&mut self, parse: &Resumable, extras: &Extras, count: usize) {
        let w = self;
        let s = &parse.scanner;
        w.u64(parse.lines as u64);
        match s.fence {
            Some((ch, len)) => {
                w.u8(1);
                w.u8(ch);
                w.u64(len as u64);
            }
            None => w.u8(0),
        }
        w.bool(s.in_comment);
        w.u64(s.headings.len() as u64);
        for h in &s.headings {
            w.u64(h.level as u64);
            w.section(h.kind);
            w.date(h.date);
        }
        w.date(s.running_date);
        w.field(s.field);
        let doc = &s.doc;
        w.opt_str(doc.state.goal.as_deref());
        w.strs(&doc.state.stack);
        w.opt_str(doc.state.blocked.as_deref());
        // The entities come last: a reader that wants only some of them finds everything
        // else first, and the encoded entities go out as they are made.
        w.u64(doc.summaries.len() as u64);
        for s in &doc.summaries {
            w.date(Some(s.date));
            w.str(&s.summary);
            w.opt_str(s.mood.as_deref());
            w.u64(s.line as u64);
        }
        w.u64(doc.next_steps.len() as u64);
        for n in &doc.next_steps {
            w.str(&n.text);
            w.date(n.date);
            w.u64(n.line as u64);
        }
        // Indexes and lines ascending, each stored as the difference from the one before.
        w.u64(extras.resolutions.len() as u64);
        let mut last = 0;
        for &(index, line) in &extras.resolutions {
            w.u64(index.saturating_sub(last) as u64);
            w.u64(line as u64);
            last = index;
        }
        for list in [&extras.marked, &extras.provisional] {
            w.u64(list.len() as u64);
            let mut last = 0;
            for &index in list {
                w.u64(index.saturating_sub(last) as u64);
                last = index;
            }
        }
        w.u64(extras.runs.len() as u64);
        let mut last = 0;
        for &(line, date) in &extras.runs {
            w.u64(line.saturating_sub(last) as u64);
            w.date(Some(date));
            last = line;
        }
        w.date(extras.last_date);
        w.u64(count as u64);
    }
    fn u8(&mut self, v: u8) {
        self.out.push(v);
    }
    fn bool(&mut self, v: bool) {
        self.out.push(u8::from(v));
    }
    /// LEB128: most numbers here (line numbers, lengths) take one to three bytes.
    fn u64(&mut self, v: u64) {
        super::varint::put(self.out, v);
    }
    fn str(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.out.extend_from_slice(s.as_bytes());
    }
    /// The bytes of 1-based line `line` of the source (without its newline); empty past
    /// the end.
    fn source_line(&mut self, line: usize) -> &[u8] {
        if line < self.line {
            self.line = 1;
            self.line_start = 0;
        }
        while self.line < line {
            match memchr::memchr(b'\n', &self.source[self.line_start..]) {
                Some(i) => {
                    self.line_start += i + 1;
                    self.line += 1;
                }
                None => return &[],
            }
        }
        let rest = &self.source[self.line_start..];
        &rest[..memchr::memchr(b'\n', rest).unwrap_or(rest.len())]
    }
    /// An entity's text, as where it stands in its line of the source when it is there.
    fn entity_text(&mut self, text: &str, line: usize) {
        let found = self.source_line(line);
        // The text is the line trimmed: looked for where the line's indentation ends first
        // (a search per entity would cost more than the rest of the encoding).
        let indent = found
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(found.len());
        let at = if found[indent..].starts_with(text.as_bytes()) {
            Some(indent)
        } else {
            memchr::memmem::find(found, text.as_bytes())
        };
        let start = at
            .map(|at| self.line_start + at)
            .filter(|&start| start >= self.last_start);
        match start {
            Some(start) => {
                self.u8(PIECE);
                self.u64((start - self.last_start) as u64);
                self.u64(text.len() as u64);
                self.last_start = start;
            }
            None => {
                self.u8(WHOLE);
                self.str(text);
            }
        }
    }
    /// A string of an entity, as where it stands in the entity's `text` when it is there.
    fn piece_of(&mut self, s: &str, text: &str) {
        // A title mostly ends the line (after its label): checked before searching.
        let at = if text.ends_with(s) {
            Some(text.len() - s.len())
        } else {
            text.find(s)
        };
        match at {
            Some(at) => {
                self.u8(PIECE);
                self.u64(at as u64);
                self.u64(s.len() as u64);
            }
            None => {
                self.u8(WHOLE);
                self.str(s);
            }
        }
    }
    fn opt_piece_of(&mut self, s: Option<&str>, text: &str) {
        match s {
            Some(s) => {
                self.u8(1);
                self.piece_of(s, text);
            }
            None => self.u8(0),
        }
    }
    fn pieces_of(&mut self, v: &[String], text: &str) {
        self.u64(v.len() as u64);
        for s in v {
            self.piece_of(s, text);
        }
    }
    fn opt_str(&mut self, s: Option<&str>) {
        match s {
            Some(s) => {
                self.u8(1);
                self.str(s);
            }
            None => self.u8(0),
        }
    }
    fn strs(&mut self, v: &[String]) {
        self.u64(v.len() as u64);
        for s in v {
            self.str(s);
        }
    }
    /// Days from the common era, zigzagged (so years BCE stay small), plus one; 0 for none.
    fn date(&mut self, d: Option<NaiveDate>) {
        use chrono::Datelike;
        let zigzag = |v: i32| ((v << 1) ^ (v >> 31)) as u32;
        self.u64(d.map_or(0, |d| u64::from(zigzag(d.num_days_from_ce())) + 1));
    }
    fn section(&mut self, kind: SectionKind) {
        match kind {
            SectionKind::Neutral => self.u8(0),
            SectionKind::Typed(k) => {
                self.u8(1);
                self.u8(kind_code(k));
            }
            SectionKind::Plans => self.u8(2),
            SectionKind::Todo => self.u8(3),
            SectionKind::ProjectState => self.u8(4),
            SectionKind::LogOf(k) => {
                self.u8(5);
                self.u8(kind_code(k));
            }
            SectionKind::Entry => self.u8(6),
        }
    }
    fn field(&mut self, field: Option<Field>) {
        match field {
            None => self.u8(0),
            Some(Field::Typed(k)) => {
                self.u8(1);
                self.u8(kind_code(k));
            }
            Some(Field::Context) => self.u8(2),
            Some(Field::Attribute) => self.u8(3),
            Some(Field::Plans) => self.u8(4),
        }
    }
    fn entity(&mut self, e: &Entity) {
        self.u8(kind_code(e.kind));
        self.entity_text(&e.text, e.line);
        self.piece_of(&e.title, &e.text);
        self.out
            .extend_from_slice(&e.confidence.to_bits().to_le_bytes());
        self.bool(e.key);
        self.date(e.date);
        self.u64(e.line as u64);
        self.opt_piece_of(e.reasoning.as_deref(), &e.text);
        self.pieces_of(&e.alternatives, &e.text);
        self.u8(match e.status {
            None => 0,
            Some(ProblemStatus::Open) => 1,
            Some(ProblemStatus::Resolved) => 2,
            Some(ProblemStatus::Blocked) => 3,
        });
        self.bool(e.superseded);
        self.pieces_of(&e.links, &e.text);
        self.opt_piece_of(e.workaround.as_deref(), &e.text);
        self.u64(e.resolved_by.map_or(0, |l| l as u64 + 1));
        let subject = e.subject.ids();
        self.u8(subject.len() as u8);
        for id in subject {
            self.out.extend_from_slice(&id.to_le_bytes());
        }
    }
}

struct Reader<'a> {
    b: &'a [u8],
    pos: usize,
    /// The last date read, as stored and decoded: entities of one heading share it.
    date_memo: (u64, Option<NaiveDate>),
    source: &'a [u8],
    /// `source` when it is UTF-8 (then pieces of it are only checked for char boundaries).
    source_text: Option<&'a str>,
    /// Where the previous entity line taken from `source` starts.
    last_start: usize,
}

impl<'a> Reader<'a> {
    fn new(b: &'a [u8], source: &'a [u8]) -> Self {
        Reader {
            b,
            pos: 0,
            date_memo: (0, None),
            source,
            // One check of the whole text instead of one per string taken from it.
            source_text: std::str::from_utf8(source).ok(),
            last_start: 0,
        }
    }

    /// The scanner's state and the project state: what comes before the entities.
    fn scanner(&mut self) -> Option<Resumable> {
        let lines = self.usize()?;
        let fence = match self.u8()? {
            0 => None,
            1 => Some((self.u8()?, self.usize()?)),
            _ => return None,
        };
        let in_comment = self.bool()?;
        let count = self.count()?;
        let mut headings = Vec::with_capacity(count);
        for _ in 0..count {
            headings.push(Heading {
                level: self.usize()?,
                kind: self.section()?,
                date: self.date()?,
            });
        }
        let running_date = self.date()?;
        let field = self.field()?;
        let state = ProjectState {
            goal: self.opt_str()?,
            stack: self.strs()?,
            blocked: self.opt_str()?,
        };
        Some(Resumable {
            scanner: Scanner {
                doc: Document {
                    state,
                    entities: Vec::new(),
                    summaries: Vec::new(),
                    next_steps: Vec::new(),
                },
                fence,
                in_comment,
                headings,
                running_date,
                field,
                verdicts: None,
                replaced: Vec::new(),
                place: 0,
            },
            lines,
        })
    }

    fn summaries_and_steps(&mut self) -> Option<(Vec<SessionSummary>, Vec<NextStep>)> {
        let count = self.count()?;
        let mut summaries = Vec::with_capacity(count);
        for _ in 0..count {
            summaries.push(SessionSummary {
                date: self.date()??,
                summary: self.str()?,
                mood: self.opt_str()?,
                line: self.usize()?,
            });
        }
        let count = self.count()?;
        let mut next_steps = Vec::with_capacity(count);
        for _ in 0..count {
            next_steps.push(NextStep {
                text: self.str()?,
                date: self.date()?,
                line: self.usize()?,
            });
        }
        Some((summaries, next_steps))
    }

    fn extras(&mut self) -> Option<Extras> {
        let count = self.count()?;
        let mut resolutions = Vec::with_capacity(count);
        let mut last = 0usize;
        for _ in 0..count {
            let index = last.checked_add(self.usize()?)?;
            resolutions.push((index, self.usize()?));
            last = index;
        }
        let mut indexes = || -> Option<Vec<usize>> {
            let count = self.count()?;
            let mut list = Vec::with_capacity(count);
            let mut last = 0usize;
            for _ in 0..count {
                last = last.checked_add(self.usize()?)?;
                list.push(last);
            }
            Some(list)
        };
        let marked = indexes()?;
        let provisional = indexes()?;
        let count = self.count()?;
        let mut runs = Vec::with_capacity(count);
        let mut last = 0usize;
        for _ in 0..count {
            last = last.checked_add(self.usize()?)?;
            runs.push((last, self.date()??));
        }
        Some(Extras {
            resolutions,
            marked,
            provisional,
            runs,
            last_date: self.date()?,
        })
    }

    fn u8(&mut self) -> Option<u8> {
        let v = *self.b.get(self.pos)?;
        self.pos += 1;
        Some(v)
    }
    fn bool(&mut self) -> Option<bool> {
        match self.u8()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
    fn u64(&mut self) -> Option<u64> {
        super::varint::get(self.b, &mut self.pos)
    }
    fn usize(&mut self) -> Option<usize> {
        usize::try_from(self.u64()?).ok()
    }
    /// A count of items still to come: never more than the bytes left (each item takes at
    /// least one), so a damaged count cannot ask for a huge allocation.
    fn count(&mut self) -> Option<usize> {
        let n = self.usize()?;
        (n <= self.b.len() - self.pos).then_some(n)
    }
    fn str(&mut self) -> Option<String> {
        let len = self.usize()?;
        let end = self.pos.checked_add(len)?;
        let s = std::str::from_utf8(self.b.get(self.pos..end)?).ok()?;
        self.pos = end;
        Some(s.to_string())
    }
    fn str_ref(&mut self) -> Option<&'a str> {
        let len = self.usize()?;
        let end = self.pos.checked_add(len)?;
        let s = std::str::from_utf8(self.b.get(self.pos..end)?).ok()?;
        self.pos = end;
        Some(s)
    }
    /// [`Reader::entity_text`], borrowed.
    fn entity_text_ref(&mut self) -> Option<&'a str> {
        match self.u8()? {
            WHOLE => self.str_ref(),
            PIECE => {
                let start = self.last_start.checked_add(self.usize()?)?;
                let end = start.checked_add(self.usize()?)?;
                self.last_start = start;
                match self.source_text {
                    Some(text) => text.get(start..end),
                    None => std::str::from_utf8(self.source.get(start..end)?).ok(),
                }
            }
            _ => None,
        }
    }
    /// [`Reader::piece_of`], borrowed.
    fn piece_ref(&mut self, text: &'a str) -> Option<&'a str> {
        match self.u8()? {
            WHOLE => self.str_ref(),
            PIECE => {
                let start = self.usize()?;
                let end = start.checked_add(self.usize()?)?;
                text.get(start..end)
            }
            _ => None,
        }
    }
    fn opt_piece_ref(&mut self, text: &'a str) -> Option<Option<&'a str>> {
        match self.u8()? {
            0 => Some(None),
            1 => Some(Some(self.piece_ref(text)?)),
            _ => None,
        }
    }
    /// How many pieces were skipped.
    fn skip_pieces(&mut self, text: &'a str) -> Option<usize> {
        let count = self.count()?;
        for _ in 0..count {
            self.piece_ref(text)?;
        }
        Some(count)
    }
    /// What [`Reader::entity`] reads, with the strings borrowed and the lists skipped.
    fn entity_view(&mut self) -> Option<EntityView<'a>> {
        let at = self.pos;
        let last_start = self.last_start;
        let kind = self.kind()?;
        let text = self.entity_text_ref()?;
        let title = self.piece_ref(text)?;
        self.pos = self.pos.checked_add(4).filter(|&end| end <= self.b.len())?;
        let key = self.bool()?;
        let date = self.date()?;
        let line = self.usize()?;
        let reasoning = self.opt_piece_ref(text)?;
        let alternatives = self.skip_pieces(text)?;
        let status = self.status()?;
        let superseded = self.bool()?;
        self.skip_pieces(text)?;
        let workaround = self.opt_piece_ref(text)?;
        let resolved_by = self.resolved_by()?;
        // Only problems and progress entries have words here (what resolution reads).
        let subject = self.subject()?;
        Some(EntityView {
            kind,
            text,
            title,
            key,
            date,
            line,
            reasoning,
            alternatives,
            status,
            superseded,
            workaround,
            resolved_by,
            subject,
            at,
            last_start,
        })
    }
    fn status(&mut self) -> Option<Option<ProblemStatus>> {
        Some(match self.u8()? {
            0 => None,
            1 => Some(ProblemStatus::Open),
            2 => Some(ProblemStatus::Resolved),
            3 => Some(ProblemStatus::Blocked),
            _ => return None,
        })
    }
    fn resolved_by(&mut self) -> Option<Option<usize>> {
        match self.u64()? {
            0 => Some(None),
            l => Some(Some(usize::try_from(l - 1).ok()?)),
        }
    }
    /// A piece of the source text: its start (after the previous piece's) and length.
    fn entity_text(&mut self) -> Option<String> {
        match self.u8()? {
            WHOLE => self.str(),
            PIECE => {
                let start = self.last_start.checked_add(self.usize()?)?;
                let end = start.checked_add(self.usize()?)?;
                self.last_start = start;
                let piece = match self.source_text {
                    Some(text) => text.get(start..end)?,
                    None => std::str::from_utf8(self.source.get(start..end)?).ok()?,
                };
                Some(piece.to_string())
            }
            _ => None,
        }
    }
    /// A string stored whole or as a piece of the entity's `text`.
    fn piece_of(&mut self, text: &str) -> Option<String> {
        match self.u8()? {
            WHOLE => self.str(),
            PIECE => {
                let start = self.usize()?;
                let end = start.checked_add(self.usize()?)?;
                Some(text.get(start..end)?.to_string())
            }
            _ => None,
        }
    }
    fn opt_piece_of(&mut self, text: &str) -> Option<Option<String>> {
        match self.u8()? {
            0 => Some(None),
            1 => Some(Some(self.piece_of(text)?)),
            _ => None,
        }
    }
    fn pieces_of(&mut self, text: &str) -> Option<Box<[String]>> {
        match self.count()? {
            // Most entities have none: no allocation, no collecting.
            0 => Some(Box::default()),
            n => (0..n).map(|_| self.piece_of(text)).collect(),
        }
    }
    fn opt_str(&mut self) -> Option<Option<String>> {
        match self.u8()? {
            0 => Some(None),
            1 => Some(Some(self.str()?)),
            _ => None,
        }
    }
    fn strs(&mut self) -> Option<Vec<String>> {
        let n = self.count()?;
        (0..n).map(|_| self.str()).collect()
    }
    fn date(&mut self) -> Option<Option<NaiveDate>> {
        match self.u64()? {
            0 => Some(None),
            stored if stored == self.date_memo.0 => Some(self.date_memo.1),
            stored => {
                let z = u32::try_from(stored - 1).ok()?;
                let days = ((z >> 1) as i32) ^ -((z & 1) as i32);
                let date = NaiveDate::from_num_days_from_ce_opt(days)?;
                self.date_memo = (stored, Some(date));
                Some(Some(date))
            }
        }
    }
    fn kind(&mut self) -> Option<EntryType> {
        kind_of(self.u8()?)
    }
    fn section(&mut self) -> Option<SectionKind> {
        Some(match self.u8()? {
            0 => SectionKind::Neutral,
            1 => SectionKind::Typed(self.kind()?),
            2 => SectionKind::Plans,
            3 => SectionKind::Todo,
            4 => SectionKind::ProjectState,
            5 => SectionKind::LogOf(self.kind()?),
            6 => SectionKind::Entry,
            _ => return None,
        })
    }
    fn field(&mut self) -> Option<Option<Field>> {
        Some(Some(match self.u8()? {
            0 => return Some(None),
            1 => Field::Typed(self.kind()?),
            2 => Field::Context,
            3 => Field::Attribute,
            4 => Field::Plans,
            _ => return None,
        }))
    }
    fn entity(&mut self) -> Option<Entity> {
        let kind = self.kind()?;
        let text = self.entity_text()?;
        let title = self.piece_of(&text)?;
        let bits = self.b.get(self.pos..self.pos.checked_add(4)?)?;
        let confidence = f32::from_bits(u32::from_le_bytes([bits[0], bits[1], bits[2], bits[3]]));
        self.pos += 4;
        Some(Entity {
            kind,
            title,
            confidence,
            key: self.bool()?,
            date: self.date()?,
            line: self.usize()?,
            reasoning: self.opt_piece_of(&text)?.map(String::into_boxed_str),
            alternatives: self.pieces_of(&text)?,
            status: self.status()?,
            superseded: self.bool()?,
            links: self.pieces_of(&text)?,
            workaround: self.opt_piece_of(&text)?,
            resolved_by: self.resolved_by()?,
            subject: self.subject()?,
            text,
        })
    }
    fn subject(&mut self) -> Option<Subject> {
        let len = usize::from(self.u8()?);
        let bytes = self
            .b
            .get(self.pos..self.pos.checked_add(len.checked_mul(8)?)?)?;
        self.pos += bytes.len();
        let mut ids = [0u64; 8];
        let ids = ids.get_mut(..len)?;
        for (id, b) in ids.iter_mut().zip(bytes.chunks_exact(8)) {
            *id = u64::from_le_bytes(b.try_into().ok()?);
        }
        Subject::from_sorted(ids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# Memory\n\n## Project State\n- Goal: ship v1\n- Stack: rust, sqlite\n\n\
        ## 2026-01-14 | wired the parser | mood: tired\n\ndecided: use REST because it is simple, \
        not gRPC [[api]]\n### Notes (2026-01-10)\n**Decision:**\n- keep the cache\n\
        ## Gotchas\n- bcrypt slow on ARM -> use argon2\nproblem: login fails\n```\nopen fence\n";

    fn encode(parse: &Resumable, source: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        encode_into(&mut out, parse, source, &extras_of(parse, |e| e.key));
        out
    }

    #[test]
    fn round_trip_then_resume_equals_whole_parse() {
        let tail = "fixed: login fails\n```\nNext: write docs\n<!-- open\n";
        let mut parse = Resumable::default();
        parse.feed(TEXT);
        let bytes = encode(&parse, TEXT.as_bytes());
        let mut back = decode(&bytes, TEXT.as_bytes()).expect("decodes");
        assert_eq!(encode(&back, TEXT.as_bytes()), bytes);
        back.feed(tail);
        assert_eq!(
            back.into_document(),
            super::super::parse_document_unresolved(&format!("{TEXT}{tail}"))
        );
    }

    #[test]
    fn lines_are_kept_as_places_in_the_text_and_read_back_from_it() {
        let mut parse = Resumable::default();
        parse.feed(TEXT);
        let bytes = encode(&parse, TEXT.as_bytes());
        assert!(!bytes.windows(8).any(|w| w == b"use REST"), "stored whole");
        // Another text of the same length gives other entities, or none at all.
        let other = TEXT.replace("REST", "SOAP");
        let back = decode(&bytes, other.as_bytes()).expect("decodes");
        let decision = back
            .scanner
            .doc
            .entities
            .iter()
            .find(|e| e.kind == EntryType::Decision);
        assert!(decision.expect("a decision").text.contains("use SOAP"));
        assert!(decode(&bytes, &TEXT.as_bytes()[..40]).is_none());
    }

    #[test]
    fn a_text_that_is_not_utf8_round_trips() {
        let raw = b"decided: use caf\xe9 for the lobby\nlearned: plain line here\n";
        let lossy = String::from_utf8_lossy(raw);
        let mut parse = Resumable::default();
        parse.feed(&lossy);
        let bytes = encode(&parse, raw);
        let back = decode(&bytes, raw).expect("decodes");
        assert_eq!(
            back.into_document(),
            super::super::parse_document_unresolved(&lossy)
        );
    }

    #[test]
    fn chunked_encoding_gives_the_same_bytes() {
        let text = TEXT.repeat(2000);
        let mut parse = Resumable::default();
        parse.feed(&text);
        let whole = encode(&parse, text.as_bytes());
        assert!(whole.len() > 2 * CHUNK);
        let mut written = Vec::new();
        let mut out = Vec::new();
        let extras = extras_of(&parse, |e| e.key);
        encode_chunked(&mut out, &parse, text.as_bytes(), &extras, &mut |buf| {
            assert!(buf.len() >= CHUNK);
            written.append(buf);
        });
        written.append(&mut out);
        assert_eq!(written, whole);
    }

    /// A text whose parse has every part the encoding keeps: problems resolved by later
    /// fixes, provisional decisions, entries naming files, summaries, next steps, headings
    /// of several dates, a fence and a comment left open at the end.
    fn varied_text() -> String {
        let mut text = String::from("# Memory\n\n## Project State\n- Goal: ship v1\n\n");
        for day in 1..=9 {
            text.push_str(&format!(
                "## 2026-01-0{day} | worked on the parser | mood: ok\n\n\
                 problem: login drops cookies on day {day}\n\
                 decided: use sqlite for now (#{day})\n\
                 learned: src/parse/line{day}.rs is slow on long lines\n\
                 Next: write the docs for {day}\n\
                 - caf\u{e9} note {day}\n\
                 fixed: login no longer drops cookies on day {}\n\n",
                day.max(2) - 1
            ));
            if day == 4 {
                text.push_str("```\nproblem: in a fence\n```\n<!-- a comment\nstill -->\n");
            }
        }
        text.push_str("## Gotchas\n- bcrypt slow on ARM -> use argon2\n<!-- open\n");
        text
    }

    #[test]
    fn streamed_encoding_cut_anywhere_is_the_whole_encoding() {
        let text = varied_text();
        let source = text.as_bytes();
        let marked = |e: &Entity| e.text.contains(".rs");
        let mut parse = Resumable::default();
        parse.feed(&text);
        let extras = extras_of(&parse, marked);
        assert!(!extras.resolutions.is_empty() && !extras.marked.is_empty());
        assert!(!extras.provisional.is_empty() && extras.runs.len() > 1);
        let mut whole = Vec::new();
        encode_into(&mut whole, &parse, source, &extras);
        let starts: Vec<usize> = std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', source).map(|i| i + 1))
            .collect();
        // Every cut at a line start into two pieces, and every line a piece of its own.
        let mut cuts: Vec<Vec<usize>> = starts.iter().map(|&at| vec![at]).collect();
        cuts.push(starts.clone());
        for cut in cuts {
            let mut streamed = Streamed::new(source);
            let mut entities = Vec::new();
            for &at in cut.iter().chain([&source.len()]) {
                streamed.read_to(at, &mut entities, &marked);
            }
            assert_eq!(streamed.read(), source.len());
            let mut bytes = Vec::new();
            let waiting = streamed.finish(&mut bytes);
            bytes.extend_from_slice(&entities);
            put_waiting(&waiting, &mut bytes, &mut |_| {});
            assert_eq!(bytes, whole, "cut at {cut:?}");
        }
    }

    /// Records the stretches a pass hands on.
    struct Recorded(std::cell::RefCell<Vec<std::ops::Range<usize>>>);

    impl Release for Recorded {
        fn release(&self, bytes: std::ops::Range<usize>) {
            self.0.borrow_mut().push(bytes);
        }
    }

    #[test]
    fn a_pass_over_the_entities_hands_on_each_stretch_it_read_once() {
        // More than one stretch of entities.
        let text = varied_text().repeat(4000);
        let mut parse = Resumable::default();
        parse.feed(&text);
        let mut bytes = Vec::new();
        encode_into(
            &mut bytes,
            &parse,
            text.as_bytes(),
            &extras_of(&parse, |_| false),
        );
        let recorded = Recorded(Default::default());
        let lazy = decode_lazy(&bytes, text.as_bytes())
            .expect("decodes")
            .releasing(&recorded);
        // The entities end where the problems still waiting start.
        assert!(lazy.bytes.len() + 8 + lazy.waiting.len() == bytes.len());
        assert!(lazy.bytes.len() - lazy.entities_at > RELEASE_EVERY);
        let whole = |recorded: &Recorded| {
            let ranges = recorded.0.take();
            assert!(ranges.len() >= 2);
            assert!(
                ranges.windows(2).all(|w| w[0].end == w[1].start),
                "{ranges:?}"
            );
            (ranges[0].start, ranges[ranges.len() - 1].end)
        };
        let mut seen = 0;
        lazy.walk(|_, _| seen += 1).expect("walks");
        assert_eq!(seen, lazy.len());
        let walked = whole(&recorded);
        assert_eq!(walked, (lazy.entities_at, lazy.bytes.len()));
        assert_eq!(lazy.entities().count(), lazy.len());
        assert_eq!(whole(&recorded), walked);
        // A pass that stops early hands on no more than it read.
        assert_eq!(lazy.entities().take(3).count(), 3);
        assert!(recorded.0.take().is_empty());
    }

    #[test]
    fn lazy_views_are_the_entities_and_extras_come_back() {
        let text = format!("{TEXT}```\nfixed: login fails\n");
        let mut parse = Resumable::default();
        parse.feed(&text);
        let extras = extras_of(&parse, |e| e.kind == EntryType::Decision);
        assert_eq!(extras.resolutions.len(), 1, "{extras:?}");
        let mut bytes = Vec::new();
        encode_into(&mut bytes, &parse, text.as_bytes(), &extras);
        let lazy = decode_lazy(&bytes, text.as_bytes()).expect("decodes");
        let whole = decode(&bytes, text.as_bytes()).expect("decodes");
        assert_eq!(lazy.extras, extras);
        assert_eq!(lazy.len(), whole.scanner.doc.entities.len());
        assert_eq!(lazy.summaries, whole.scanner.doc.summaries);
        assert_eq!(lazy.next_steps, whole.scanner.doc.next_steps);
        assert!(lazy.parse.scanner.doc.entities.is_empty());
        for (view, entity) in lazy.entities().zip(&whole.scanner.doc.entities) {
            assert_eq!(view.title, entity.title);
            assert_eq!(view.text, entity.text);
            assert_eq!(
                (view.line, view.date, view.kind),
                (entity.line, entity.date, entity.kind)
            );
            assert_eq!(lazy.entity(&view).as_ref(), Some(entity));
        }
        assert!(lazy.walk(|_, _| {}).is_some());
        for cut in 0..bytes.len() {
            let cut = decode_lazy(&bytes[..cut], text.as_bytes());
            assert!(cut.is_none_or(|lazy| lazy.walk(|_, _| {}).is_none()));
        }
    }

    #[test]
    fn damaged_bytes_decode_to_none_without_panicking() {
        let mut parse = Resumable::default();
        parse.feed(TEXT);
        let source = TEXT.as_bytes();
        let bytes = encode(&parse, source);
        for cut in 0..bytes.len() {
            assert!(decode(&bytes[..cut], source).is_none(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode(&longer, source).is_none());
        for i in 0..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[i] ^= 0xff;
            let _ = decode(&flipped, source);
            let _ = decode(&flipped, &source[..source.len() / 2]);
        }
    }
}
