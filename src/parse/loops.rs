//! Open loops: what memory says is unfinished. A problem is open until a later progress
//! entry on the same subject resolves it (same subject = enough shared content words; the
//! ranking module may refine this), or, in a record written up by hand, the fix field right
//! after its problem field ([`Record`]); a provisional decision ("for now", "temporary",
//! "quick fix", "mvp") older than [`STALE_DAYS`] is a question: is it still valid?

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use chrono::NaiveDate;

use super::details::{before_remedy, contrasts, subject_ids};
use crate::parse::{Document, Entity, EntryType, ProblemStatus};

/// Age at which a provisional decision is asked about again.
pub const STALE_DAYS: i64 = 14;

/// Content words considered per entity (titles can be long; the subject comes first).
const MAX_WORDS: usize = 5;
/// Candidates kept per word or word pair (the nearest later entries).
const MAX_CANDIDATES: usize = 3;

/// Mark problems that a later progress entry resolves (`status = Resolved`,
/// `resolved_by = Some(line)`).
///
/// Later: after the problem in the entries' order (MEMORY.md's lines, then the commit
/// store's) and not dated before it ([`not_before`]). Same subject: the entries share at
/// least half of the problem's content words (one to three of its first few). One backward
/// pass over the file keeps, for every content word and word pair, the nearest later
/// progress entries that contain it; a problem looks up its own words and pairs and takes
/// the nearest candidate that shares enough. Linear in the size of the file.
pub fn resolve_problems(entities: &mut [Entity]) {
    for (index, line) in resolutions(entities) {
        entities[index].status = Some(ProblemStatus::Resolved);
        entities[index].resolved_by = Some(line);
    }
}

/// What [`resolve_problems`] would change, without changing it: (index of the problem,
/// line of the progress entry that resolves it), last problem first. The parse cache keeps
/// this for the cached beginning of MEMORY.md, so a recall need not redo the pass.
pub fn resolutions(entities: &[Entity]) -> Vec<(usize, usize)> {
    resolutions_of(entities, Resolvable::of)
}

/// What problem resolution reads of an entry: enough to resolve the problems of a parse
/// cache's entries without building them.
#[derive(Debug, Clone, Copy)]
pub struct Resolvable<'a> {
    pub kind: EntryType,
    /// The title, for [`contrasts`] once the words match.
    pub title: &'a str,
    pub status: Option<ProblemStatus>,
    pub superseded: bool,
    pub subject: Subject,
    pub line: usize,
    /// The date heading it sits under: a fix dated before a problem never resolves it.
    pub date: Option<NaiveDate>,
    /// Which field of a written-up record the line is, if any ([`Record::of`]).
    pub record: Record,
}

impl<'a> Resolvable<'a> {
    pub fn of(e: &'a Entity) -> Resolvable<'a> {
        Resolvable {
            kind: e.kind,
            title: &e.title,
            status: e.status,
            superseded: e.superseded,
            subject: e.subject,
            line: e.line,
            date: e.date,
            record: Record::of(&e.text),
        }
    }

    /// The same, of an entity as a cached snapshot holds it.
    pub fn of_view(view: &crate::parse::snapshot::EntityView<'a>) -> Resolvable<'a> {
        Resolvable {
            kind: view.kind,
            title: view.title,
            status: view.status,
            superseded: view.superseded,
            subject: view.subject,
            line: view.line,
            date: view.date,
            record: Record::of(view.text),
        }
    }
}

/// A line that is a field of a record written up by hand: `**Problem**: X` and then, a
/// few lines on, `**Solution**: Y` (or `**Fix Applied**:`, `**Fixed:**`, `**Resolution**:`).
/// Such a fix answers that problem whatever its words: the record says so by its shape.
/// Only bold field labels count: the plain `problem:` and `fixed:` lines `mind log` appends
/// one after another may be about different things.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Record {
    #[default]
    None,
    /// `**Problem**:`, `**Bug**:`, `**Issue**:`, `**Symptom**:`, `**Error**:`.
    Problem,
    /// `**Solution**:`, `**Fix**:`, `**Fixed**:`, `**Fix Applied**:`, `**Resolution**:`.
    Fix,
}

/// How many lines after a record's problem field its fix field may come (the lines between
/// are the record's other fields: cause, log, analysis).
pub const RECORD_LINES: usize = 8;

impl Record {
    /// The record field `text` (a whole line as written) opens with.
    pub fn of(text: &str) -> Record {
        let (body, _) = super::lex::strip_list_marker(text.trim_start());
        let Some(rest) = body.strip_prefix("**") else {
            return Record::None;
        };
        let Some(close) = rest
            .get(..rest.len().min(40))
            .and_then(|head| head.find("**"))
        else {
            return Record::None;
        };
        let inner = rest[..close].trim();
        let after = &rest[close + 2..];
        let label = match inner.strip_suffix(':') {
            Some(label) => label.trim_end(),
            None if after.starts_with(':') => inner,
            None => return Record::None,
        };
        let label = label.to_ascii_lowercase();
        match label.as_str() {
            "problem" | "bug" | "issue" | "symptom" | "error" => Record::Problem,
            "solution" | "fix" | "fixed" | "fix applied" | "resolution" => Record::Fix,
            _ => Record::None,
        }
    }
}

/// Whether `fix` answers `problem` as the next entry of the same written-up record: an open
/// problem field, then a fix field within [`RECORD_LINES`] lines, not dated before it.
fn answers_in_record(problem: &Resolvable<'_>, fix: &Resolvable<'_>) -> bool {
    problem.record == Record::Problem
        && is_open(problem)
        && fix.record == Record::Fix
        && fix.kind == EntryType::Progress
        && !fix.superseded
        && fix.line > problem.line
        && fix.line - problem.line <= RECORD_LINES
        && not_before(fix.date, problem.date)
}

/// Whether a progress entry dated `fix`, coming after a problem dated `problem` in the
/// entries' order, is not earlier in time than it: a fix from an old commit (the commit
/// store comes after MEMORY.md whatever its dates) or from an older section of a file
/// whose dates are out of order is no fix of a problem written down after it. Of one date,
/// the order decides (the commit store's lines count as after MEMORY.md's: a problem is
/// usually written down, then fixed and committed), and so it does for an undated line.
pub fn not_before(fix: Option<NaiveDate>, problem: Option<NaiveDate>) -> bool {
    match (fix, problem) {
        (Some(fix), Some(problem)) => fix >= problem,
        _ => true,
    }
}

/// [`resolutions`] of any entries, each read as a [`Resolvable`].
pub fn resolutions_of<'a, T>(
    entries: &'a [T],
    read: impl Fn(&'a T) -> Resolvable<'a>,
) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    if !entries.iter().any(|e| is_open(&read(e)))
        || !entries.iter().any(|e| read(e).kind == EntryType::Progress)
    {
        return found;
    }
    // The subject words of the progress entries seen so far (later in the file), by index.
    let mut progress: Vec<(Subject, usize, &str, Option<NaiveDate>)> = Vec::new();
    // For each word and word pair: the nearest later progress entries (newest last).
    let mut singles: IdMap<Recent> = IdMap::default();
    let mut pairs: IdMap<Recent> = IdMap::default();
    let mut candidates: Vec<u32> = Vec::new();
    // The entry after this one in the file (the one read just before, going backwards).
    let mut next: Option<Resolvable<'a>> = None;
    for (index, e) in entries.iter().enumerate().rev() {
        let e = read(e);
        let after = next.replace(e);
        if after.is_some_and(|fix| answers_in_record(&e, &fix)) {
            found.push((index, after.map_or(0, |fix| fix.line)));
            continue;
        }
        if e.kind == EntryType::Progress && !e.superseded {
            let words = e.subject.ids();
            let slot = progress.len() as u32;
            for (a, wa) in words.iter().enumerate() {
                singles.entry(*wa).or_default().push(slot);
                for wb in &words[a + 1..] {
                    pairs.entry(pair(*wa, *wb)).or_default().push(slot);
                }
            }
            progress.push((e.subject, e.line, e.title, e.date));
            continue;
        }
        if !is_open(&e) {
            continue;
        }
        let words = e.subject.ids();
        if words.is_empty() {
            continue;
        }
        let need = words.len().div_ceil(2).clamp(1, 3);
        candidates.clear();
        if need == 1 {
            for w in words {
                if let Some(r) = singles.get(w) {
                    candidates.extend(r.iter());
                }
            }
        } else {
            for (a, wa) in words.iter().enumerate() {
                for wb in &words[a + 1..] {
                    if let Some(r) = pairs.get(&pair(*wa, *wb)) {
                        candidates.extend(r.iter());
                    }
                }
            }
        }
        // The nearest later entry has the highest index (it was pushed last).
        candidates.sort_unstable_by(|a, b| b.cmp(a));
        candidates.dedup();
        // Enough shared words, not dated before the problem, and no word of the fix standing
        // for another of the problem ("... with quotes" does not fix "... with emoji").
        let resolver = candidates.iter().copied().find(|&i| {
            let (subject, _, title, date) = progress[i as usize];
            let shared = (subject.ids().iter())
                .filter(|w| words.binary_search(w).is_ok())
                .count();
            shared >= need && not_before(date, e.date) && about(e.title, words, need, title)
        });
        if let Some(i) = resolver {
            found.push((index, progress[i as usize].1));
        }
    }
    found
}

/// Whether a fix titled `fix`, which shares enough of the problem's subject words (`words`,
/// sorted; `need` of them), is about the problem: no word of it stands where the problem has
/// another next to a word both share ([`contrasts`]: "... with quotes" does not fix "...
/// with emoji"). A fix often says how it was done after its subject ("paper fills double
/// counted - dedupe by order id"): the words of that remedy stand next to shared words
/// where the problem goes on with its own, so when the whole title reads as another
/// subject, its subject alone ([`before_remedy`]) is judged by the same two tests.
fn about(problem: &str, words: &[u64], need: usize, fix: &str) -> bool {
    if !contrasts(problem, fix, true) {
        return true;
    }
    let subject = before_remedy(fix);
    if subject.len() == fix.len() {
        return false;
    }
    let shared = (subject_ids(subject, MAX_WORDS).iter())
        .filter(|w| words.binary_search(w).is_ok())
        .count();
    shared >= need && !contrasts(problem, subject, true)
}

/// [`resolutions`] worked out front to back, one entry at a time, for a reader that streams
/// a large memory and never holds its entries together: an open problem waits until a later
/// progress entry resolves it or none can any more, so what is kept is the problems still
/// waiting, not every progress entry. Gives exactly [`resolutions`]' pairs (sorted by
/// [`StreamedResolutions::finish`]).
///
/// The backward pass keeps, for each word (or pair), the [`MAX_CANDIDATES`] nearest later
/// progress entries that contain it; a problem takes the nearest of its candidates that
/// shares enough words. Forwards that reads: a progress entry is a candidate of a waiting
/// problem when, for a word or pair of the problem it contains, fewer than
/// [`MAX_CANDIDATES`] entries containing it came in between; the first candidate that
/// shares enough resolves it; a problem none of whose words or pairs can bring a candidate
/// any more is given up.
#[derive(Default)]
pub struct StreamedResolutions<'a> {
    /// Problems by the order they came in (`None` once resolved or given up: a slot is not
    /// taken again, so a key's list never names another problem than it was made for).
    /// Kept small: a large memory may hold hundreds of thousands that nothing resolves.
    waiting: Vec<Option<Waiting<'a>>>,
    /// The waiting problems that look up each word (those of one or two words) or word pair
    /// (longer ones), as the backward pass's two maps; problems that are gone or can get no
    /// more candidates from the key are dropped when the key is next met.
    singles: IdMap<Vec<u32>>,
    pairs: IdMap<Vec<u32>>,
    found: Vec<(usize, usize)>,
    /// Scratch: the keys one progress entry pushes, with how often.
    pushed: Vec<(u64, usize)>,
    /// Progress entries read so far.
    progress_seen: u32,
    /// The entry just read, when it is an open problem field of a record: the next entry
    /// may answer it ([`answers_in_record`]).
    last: Option<RecordProblem>,
}

/// An open problem field of a record, waiting for the very next entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RecordProblem {
    index: usize,
    line: usize,
    date: Option<NaiveDate>,
    /// Its place among the waiting problems, when it waits on its words too.
    slot: Option<u32>,
}

/// The most keys a problem looks up: the pairs of its words.
const MAX_KEYS: usize = MAX_WORDS * (MAX_WORDS - 1) / 2;

struct Waiting<'a> {
    index: usize,
    words: Subject,
    /// Its date heading ([`not_before`]).
    date: Option<NaiveDate>,
    /// Borrowed when the caller's entries outlive the pass (a parse cache's views).
    title: Cow<'a, str>,
    /// For each of its keys ([`keys`]), how many pushes of later progress entries it has
    /// had so far (a key that stands twice counts in both places).
    pushes: [u8; MAX_KEYS],
    /// How many of its keys can still bring a candidate: none left, it is given up.
    open: u8,
    /// The last progress entry it was checked against (one shares several keys with it).
    checked: u32,
}

impl Waiting<'_> {
    fn need(&self) -> usize {
        self.words.ids().len().div_ceil(2).clamp(1, 3)
    }
}

/// The keys a problem of `words` looks up, in order, with their places: its words when it
/// needs one shared word, else its word pairs (as the backward pass looks them up).
fn for_each_key(words: &[u64], mut f: impl FnMut(usize, u64)) {
    if words.len().div_ceil(2).clamp(1, 3) == 1 {
        for (i, w) in words.iter().enumerate() {
            f(i, *w);
        }
        return;
    }
    let mut i = 0;
    for (a, wa) in words.iter().enumerate() {
        for wb in &words[a + 1..] {
            f(i, pair(*wa, *wb));
            i += 1;
        }
    }
}

impl<'a> StreamedResolutions<'a> {
    /// Read the next entry (`index` counts entries from 0, in order); `title` gives its
    /// title to keep, asked only of an open problem.
    pub fn push(&mut self, index: usize, e: &Resolvable<'_>, title: impl FnOnce() -> Cow<'a, str>) {
        if let Some(problem) = self.last.take() {
            let read_as = Resolvable {
                kind: EntryType::Problem,
                title: "",
                status: Some(ProblemStatus::Open),
                superseded: false,
                subject: Subject::default(),
                line: problem.line,
                date: problem.date,
                record: Record::Problem,
            };
            if answers_in_record(&read_as, e) {
                self.found.push((problem.index, e.line));
                if let Some(slot) = problem.slot {
                    self.waiting[slot as usize] = None;
                }
            }
        }
        let record_problem = e.record == Record::Problem && is_open(e);
        if record_problem {
            self.last = Some(RecordProblem {
                index,
                line: e.line,
                date: e.date,
                slot: None,
            });
        }
        if e.kind == EntryType::Progress && !e.superseded {
            self.progress(e);
            return;
        }
        if !is_open(e) {
            return;
        }
        let words = e.subject.ids();
        if words.is_empty() {
            return;
        }
        let slot = self.waiting.len() as u32;
        if let Some(last) = self.last.as_mut().filter(|_| record_problem) {
            last.slot = Some(slot);
        }
        let map = if words.len().div_ceil(2).clamp(1, 3) == 1 {
            &mut self.singles
        } else {
            &mut self.pairs
        };
        let mut seen = [0u64; MAX_KEYS];
        let mut open = 0;
        for_each_key(words, |i, key| {
            if !seen[..i].contains(&key) {
                map.entry(key).or_default().push(slot);
            }
            seen[i] = key;
            open += 1;
        });
        self.waiting.push(Some(Waiting {
            index,
            words: e.subject,
            date: e.date,
            title: title(),
            pushes: [0; MAX_KEYS],
            open,
            checked: u32::MAX,
        }));
    }

    /// A progress entry: a candidate of the problems waiting on its words and pairs.
    fn progress(&mut self, e: &Resolvable<'_>) {
        let words = e.subject.ids();
        let seq = self.progress_seen;
        self.progress_seen = self.progress_seen.wrapping_add(1);
        for single in [true, false] {
            // The keys as the backward pass pushes them (a repeated word pushes twice).
            self.pushed.clear();
            for (a, wa) in words.iter().enumerate() {
                if single {
                    self.pushed.push((*wa, 1));
                } else {
                    for wb in &words[a + 1..] {
                        self.pushed.push((pair(*wa, *wb), 1));
                    }
                }
            }
            self.pushed.sort_unstable();
            self.pushed.dedup_by(|b, a| {
                let same = a.0 == b.0;
                if same {
                    a.1 += b.1;
                }
                same
            });
            let map = if single {
                &mut self.singles
            } else {
                &mut self.pairs
            };
            for &(key, times) in &self.pushed {
                let Some(slots) = map.get_mut(&key) else {
                    continue;
                };
                // In the order the problems came; each is resolved by the first candidate
                // that shares enough, whichever of its keys brought it.
                slots.retain(|&slot| {
                    let entry = &mut self.waiting[slot as usize];
                    let Some(w) = entry.as_mut() else {
                        return false;
                    };
                    let mut candidate = false;
                    let mut after = 0;
                    let (pushes, open) = (&mut w.pushes, &mut w.open);
                    for_each_key(w.words.ids(), |i, k| {
                        if k == key {
                            let before = usize::from(pushes[i]);
                            candidate |= before < MAX_CANDIDATES;
                            pushes[i] = pushes[i].saturating_add(times.min(255) as u8);
                            after = pushes[i];
                            if before < MAX_CANDIDATES && usize::from(after) >= MAX_CANDIDATES {
                                *open -= 1;
                            }
                        }
                    });
                    // The answer is the same whichever shared key brought the entry.
                    if candidate && w.checked != seq {
                        w.checked = seq;
                        let shared = (words.iter())
                            .filter(|x| w.words.ids().binary_search(x).is_ok())
                            .count();
                        if shared >= w.need()
                            && not_before(e.date, w.date)
                            && about(&w.title, w.words.ids(), w.need(), e.title)
                        {
                            self.found.push((w.index, e.line));
                            *entry = None;
                            return false;
                        }
                    }
                    if w.open == 0 {
                        *entry = None;
                        return false;
                    }
                    usize::from(after) < MAX_CANDIDATES
                });
                if slots.is_empty() {
                    map.remove(&key);
                }
            }
        }
    }

    /// The state after the entries read so far, appended to `out` (handed to `flush`, which
    /// empties it, whenever it holds 64 KiB or more); the number of bytes it took. It is the
    /// problems still waiting, with how far each has got, so that
    /// [`StreamedResolutions::resume`] goes on from here without reading those entries
    /// again (a parse cache keeps it, and a recall whose new lines hold a fix resolves them
    /// against the waiting problems alone). The resolutions already found are not part of it.
    pub fn suspend(&self, out: &mut Vec<u8>, flush: &mut dyn FnMut(&mut Vec<u8>)) -> usize {
        const FLUSH_AT: usize = 64 * 1024;
        let start = out.len();
        super::varint::put(out, u64::from(self.progress_seen));
        let live = self.waiting.iter().flatten();
        super::varint::put(out, live.clone().count() as u64);
        let mut written = out.len() - start;
        for w in live {
            let before = out.len();
            super::varint::put(out, w.index as u64);
            let ids = w.words.ids();
            super::varint::put(out, ids.len() as u64);
            for id in ids {
                out.extend_from_slice(&id.to_le_bytes());
            }
            out.extend_from_slice(&w.pushes);
            out.push(w.open);
            // `u32::MAX` (never checked) as 0, every other place one up.
            super::varint::put(out, u64::from(w.checked.wrapping_add(1)));
            super::varint::put(out, date_code(w.date));
            super::varint::put(out, w.title.len() as u64);
            out.extend_from_slice(w.title.as_bytes());
            written += out.len() - before;
            if out.len() >= FLUSH_AT {
                flush(out);
            }
        }
        // The record problem the next entry may answer: 0 for none, else its index, line,
        // date and waiting slot, each one up (0 for no slot).
        let before = out.len();
        match self.last {
            None => super::varint::put(out, 0),
            Some(p) => {
                super::varint::put(out, p.index as u64 + 1);
                super::varint::put(out, p.line as u64);
                super::varint::put(out, date_code(p.date));
                let slot = p.slot.map_or(0, |slot| {
                    // Slots are renumbered on suspension: the live problems, in order.
                    let live_before = self.waiting[..slot as usize].iter().flatten().count();
                    live_before as u64 + 1
                });
                super::varint::put(out, slot);
            }
        }
        written + (out.len() - before)
    }

    /// Go on from a state [`StreamedResolutions::suspend`] wrote (`bytes`, borrowed for
    /// the waiting problems' titles) after reading `read` entries: the next entry pushed is
    /// entry `read`. `None` when the bytes are not such a state, whole: a problem's index
    /// past `read`, a count of open keys that its keys' counts do not give.
    pub fn resume(bytes: &'a [u8], read: usize) -> Option<StreamedResolutions<'a>> {
        let mut at = 0;
        let mut resumed = StreamedResolutions {
            progress_seen: u32::try_from(super::varint::get(bytes, &mut at)?).ok()?,
            ..Default::default()
        };
        let count = usize::try_from(super::varint::get(bytes, &mut at)?).ok()?;
        let mut last_index = None;
        for slot in 0..count.min(bytes.len()) {
            let index = usize::try_from(super::varint::get(bytes, &mut at)?).ok()?;
            if index >= read || last_index.is_some_and(|last| index <= last) {
                return None;
            }
            last_index = Some(index);
            let len = usize::try_from(super::varint::get(bytes, &mut at)?).ok()?;
            let mut ids = [0u64; MAX_WORDS];
            for id in ids.get_mut(..len)? {
                *id = u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?);
                at += 8;
            }
            let words = Subject::from_sorted(&ids[..len]).filter(|s| !s.ids().is_empty())?;
            let pushes: [u8; MAX_KEYS] = bytes.get(at..at + MAX_KEYS)?.try_into().ok()?;
            at += MAX_KEYS;
            let open = *bytes.get(at)?;
            at += 1;
            // As `push` and `progress` keep it: the places among its keys whose count has
            // not reached the candidates' bound, at least one (else it was given up).
            let mut places = 0;
            for_each_key(words.ids(), |i, _| {
                places += usize::from(usize::from(pushes[i]) < MAX_CANDIDATES);
            });
            if open == 0 || usize::from(open) != places {
                return None;
            }
            let checked = u32::try_from(super::varint::get(bytes, &mut at)?)
                .ok()?
                .wrapping_sub(1);
            let date = date_of_code(super::varint::get(bytes, &mut at)?)?;
            let title_len = usize::try_from(super::varint::get(bytes, &mut at)?).ok()?;
            let title = std::str::from_utf8(bytes.get(at..at.checked_add(title_len)?)?).ok()?;
            at += title_len;
            // Looked up by the keys it was looked up by when it came in (a key it can get no
            // more candidates from is dropped when next met, as then).
            let map = if words.ids().len().div_ceil(2).clamp(1, 3) == 1 {
                &mut resumed.singles
            } else {
                &mut resumed.pairs
            };
            let mut seen = [0u64; MAX_KEYS];
            for_each_key(words.ids(), |i, key| {
                if !seen[..i].contains(&key) {
                    map.entry(key).or_default().push(slot as u32);
                }
                seen[i] = key;
            });
            resumed.waiting.push(Some(Waiting {
                index,
                words,
                date,
                title: Cow::Borrowed(title),
                pushes,
                open,
                checked,
            }));
        }
        if resumed.waiting.len() != count {
            return None;
        }
        let last = usize::try_from(super::varint::get(bytes, &mut at)?).ok()?;
        if last > 0 {
            let index = last - 1;
            let line = usize::try_from(super::varint::get(bytes, &mut at)?).ok()?;
            let date = date_of_code(super::varint::get(bytes, &mut at)?)?;
            let slot = match super::varint::get(bytes, &mut at)? {
                0 => None,
                n => Some(u32::try_from(n - 1).ok()?),
            };
            // Its slot, if any, is a waiting problem of its own index.
            let slot_ok = slot.is_none_or(|slot| {
                resumed
                    .waiting
                    .get(slot as usize)
                    .and_then(Option::as_ref)
                    .is_some_and(|w| w.index == index)
            });
            if index >= read || !slot_ok {
                return None;
            }
            resumed.last = Some(RecordProblem {
                index,
                line,
                date,
                slot,
            });
        }
        (at == bytes.len()).then_some(resumed)
    }

    /// The resolutions found so far, by problem, taken out (the waiting problems stay).
    pub fn take_found(&mut self) -> Vec<(usize, usize)> {
        let mut found = std::mem::take(&mut self.found);
        found.sort_unstable();
        found
    }

    /// Every resolution found, by problem: (problem's index, the resolving entry's line).
    pub fn finish(self) -> Vec<(usize, usize)> {
        let mut found = self.found;
        found.sort_unstable();
        found
    }
}

/// A waiting problem's date as [`StreamedResolutions::suspend`] writes it: 0 for none, else
/// one more than its days since 1 January 1 CE, offset to be never negative.
fn date_code(date: Option<NaiveDate>) -> u64 {
    use chrono::Datelike;
    date.map_or(0, |d| {
        (i64::from(d.num_days_from_ce()) - i64::from(i32::MIN) + 1) as u64
    })
}

/// [`date_code`] read back: `None` for a code that is no date (a damaged state).
fn date_of_code(code: u64) -> Option<Option<NaiveDate>> {
    if code == 0 {
        return Some(None);
    }
    let days = i64::try_from(code).ok()? - 1 + i64::from(i32::MIN);
    let days = i32::try_from(days).ok()?;
    NaiveDate::from_num_days_from_ce_opt(days).map(Some)
}

/// A problem still open or blocked as written (the only ones a later entry can resolve).
fn is_open(e: &Resolvable) -> bool {
    e.kind == EntryType::Problem
        && matches!(e.status, Some(ProblemStatus::Open | ProblemStatus::Blocked))
}

/// The first content words of a problem's or progress entry's title ([`subject_ids`]: at
/// most [`MAX_WORDS`], as sorted ids); empty for every other kind of entry. Read once when
/// the line is parsed, so a block build that resolves thousands of problems does not split
/// their titles into words again.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Subject {
    ids: [u64; MAX_WORDS],
    len: u8,
}

impl Subject {
    /// The subject of an entry of this kind with this title.
    pub fn of(kind: EntryType, title: &str) -> Subject {
        if !matches!(kind, EntryType::Problem | EntryType::Progress) {
            return Subject::default();
        }
        let mut words = subject_ids(title, MAX_WORDS);
        words.sort_unstable();
        Subject::from_sorted(&words).unwrap_or_default()
    }

    /// From ids already sorted (as [`Subject::ids`] gives them); `None` when there are more
    /// than [`MAX_WORDS`] or they are out of order (a damaged parse cache).
    pub fn from_sorted(words: &[u64]) -> Option<Subject> {
        if words.len() > MAX_WORDS || !words.is_sorted() {
            return None;
        }
        let mut ids = [0; MAX_WORDS];
        ids[..words.len()].copy_from_slice(words);
        Some(Subject {
            ids,
            len: words.len() as u8,
        })
    }

    /// The word ids, sorted.
    pub fn ids(&self) -> &[u64] {
        &self.ids[..usize::from(self.len)]
    }
}

/// The last few progress entries containing a word (or pair): enough candidates to find a
/// match without keeping every occurrence.
#[derive(Default)]
struct Recent {
    slots: [u32; MAX_CANDIDATES],
    len: usize,
}

impl Recent {
    fn push(&mut self, index: u32) {
        if self.len < MAX_CANDIDATES {
            self.slots[self.len] = index;
            self.len += 1;
        } else {
            self.slots.rotate_left(1);
            self.slots[MAX_CANDIDATES - 1] = index;
        }
    }

    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.slots[..self.len].iter().copied()
    }
}

/// Keys are already hashes: use them as they are.
#[derive(Default)]
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(*b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type IdMap<V> = HashMap<u64, V, BuildHasherDefault<IdHasher>>;

/// One key for an (ordered) pair of word ids.
fn pair(a: u64, b: u64) -> u64 {
    a.rotate_left(17) ^ b.wrapping_mul(0x9e3779b97f4a7c15)
}

/// Why a loop is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopKind {
    /// A problem with no later fix.
    Problem,
    /// A problem waiting on something.
    Blocked,
    /// A provisional decision older than [`STALE_DAYS`].
    StaleDecision,
}

/// One open loop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpenLoop<'a> {
    pub kind: LoopKind,
    pub entity: &'a Entity,
    /// Days since the entity's date, when it has one.
    pub age_days: Option<i64>,
}

/// Words that mark a decision as provisional.
/// Phrases that make a decision provisional (whole words, any case).
const PROVISIONAL: [&str; 9] = [
    "for now",
    "temporary",
    "temporarily",
    "quick fix",
    "quick hack",
    "mvp",
    "stopgap",
    "for the time being",
    "interim",
];

pub fn is_provisional(text: &str) -> bool {
    // Every old decision is asked at each block build and most name none of the phrases:
    // one case-insensitive scan rules those out without lowercasing a copy. Only for ASCII
    // text, where a match after lowercasing is always a match here.
    static ANY: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> =
        std::sync::LazyLock::new(|| {
            aho_corasick::AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .build(PROVISIONAL)
                .ok()
        });
    if text.is_ascii()
        && let Some(any) = ANY.as_ref()
        && !any.is_match(text)
    {
        return false;
    }
    let lower = text.to_lowercase();
    PROVISIONAL
        .iter()
        .any(|p| super::lex::has_word(lower.as_bytes(), p.as_bytes()))
}

/// Open problems (newest first), then stale provisional decisions (newest first).
pub fn open_loops(doc: &Document, today: NaiveDate) -> Vec<OpenLoop<'_>> {
    let age = |e: &Entity| e.date.map(|d| (today - d).num_days());
    let mut problems: Vec<OpenLoop<'_>> = doc
        .entities
        .iter()
        .filter(|e| e.kind == EntryType::Problem && !e.superseded)
        .filter_map(|e| {
            let kind = match e.status {
                Some(ProblemStatus::Open) => LoopKind::Problem,
                Some(ProblemStatus::Blocked) => LoopKind::Blocked,
                _ => return None,
            };
            Some(OpenLoop {
                kind,
                entity: e,
                age_days: age(e),
            })
        })
        .collect();
    let recency = Recency::of(doc);
    problems.sort_by_key(|l| std::cmp::Reverse(recency.entity(l.entity)));
    let mut stale: Vec<OpenLoop<'_>> = doc
        .entities
        .iter()
        .filter(|e| e.kind == EntryType::Decision && !e.superseded)
        .filter(|e| age(e).is_some_and(|a| a >= STALE_DAYS) && is_provisional(&e.text))
        .map(|e| OpenLoop {
            kind: LoopKind::StaleDecision,
            entity: e,
            age_days: age(e),
        })
        .collect();
    stale.sort_by_key(|l| std::cmp::Reverse(recency.entity(l.entity)));
    problems.extend(stale);
    problems
}

/// How recent a line of memory is, for "newest first" orders.
///
/// A dated line is as recent as its date (later lines of one date are newer). An undated
/// line (the Python Mind wrote entries without date headings) keeps its place in the file:
/// it counts as just older than the first dated line after it, or, with no date after it,
/// as of the last date before it; in a file without any date, later lines are newer. So
/// undated entries never jump below everything dated, nor above what was written after them.
pub struct Recency {
    /// Dated lines, sorted by line.
    dated: Vec<(usize, NaiveDate)>,
}

/// Sorts in time order: compare with `Reverse` for newest first.
pub type RecencyKey = (Option<NaiveDate>, usize);

impl Recency {
    pub fn of(doc: &Document) -> Recency {
        Recency {
            dated: Recency::dated_lines(doc),
        }
    }

    /// The dated lines of `doc` (entities, summaries, next steps) as (line, date), in the
    /// order [`Recency::of`] keeps them.
    pub fn dated_lines(doc: &Document) -> Vec<(usize, NaiveDate)> {
        let mut dated: Vec<(usize, NaiveDate)> = doc
            .entities
            .iter()
            .filter_map(|e| e.date.map(|d| (e.line, d)))
            .chain(doc.summaries.iter().map(|s| (s.line, s.date)))
            .chain(
                doc.next_steps
                    .iter()
                    .filter_map(|n| n.date.map(|d| (n.line, d))),
            )
            .collect();
        dated.sort_unstable();
        dated
    }

    /// From the memory's dated lines (entities, summaries, next steps) given in the order
    /// [`Recency::of`] sorts them, (line, date): a reader streaming a large memory keeps
    /// only the last line of each run of one date, which gives every line the same key
    /// (an undated line takes the date of the first dated line at or after it, and the
    /// last of a run is at or after it whenever any of the run is).
    pub fn from_sorted(dated: impl IntoIterator<Item = (usize, NaiveDate)>) -> Recency {
        let mut runs: Vec<(usize, NaiveDate)> = Vec::new();
        for (line, date) in dated {
            match runs.last_mut() {
                Some(last) if last.1 == date => last.0 = line,
                _ => runs.push((line, date)),
            }
        }
        Recency { dated: runs }
    }

    /// The dated lines kept, as [`Recency::from_sorted`] takes them (the last line of each
    /// run of one date).
    pub fn runs(&self) -> Vec<(usize, NaiveDate)> {
        Recency::from_sorted(self.dated.iter().copied()).dated
    }

    /// The key of a line with its own date, if any.
    pub fn key(&self, date: Option<NaiveDate>, line: usize) -> RecencyKey {
        if date.is_some() {
            return (date, line);
        }
        let after = self.dated.partition_point(|(l, _)| *l < line);
        let anchor = self
            .dated
            .get(after)
            .or_else(|| after.checked_sub(1).and_then(|i| self.dated.get(i)));
        (anchor.map(|(_, d)| *d), line)
    }

    pub fn entity(&self, e: &Entity) -> RecencyKey {
        self.key(e.date, e.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_document;

    fn streamed(entities: &[Entity]) -> Vec<(usize, usize)> {
        let mut streamed = StreamedResolutions::default();
        for (i, e) in entities.iter().enumerate() {
            streamed.push(i, &Resolvable::of(e), || Cow::Borrowed(e.title.as_str()));
        }
        streamed.finish()
    }

    fn sorted_resolutions(entities: &[Entity]) -> Vec<(usize, usize)> {
        let mut found = resolutions(entities);
        found.sort_unstable();
        found
    }

    /// A memory of problems and fixes in few words, so that words and pairs are shared by
    /// many entries and the nearest-candidates windows fill up and roll over; some entries
    /// start a new date heading, its dates out of order (a fix dated before a problem).
    fn memory_of(picks: &[(u8, [u8; 4], u8)]) -> String {
        const WORDS: [&str; 7] = [
            "cache", "parser", "login", "redis", "upload", "queue", "cors",
        ];
        const VERBS: [&str; 3] = ["leaks memory in", "drops", "times out on"];
        let mut text = String::from("# Log\n\n## 2024-01-02\n\n");
        for (kind, words, len) in picks {
            let n = 1 + usize::from(*len % 4);
            let subject: Vec<&str> = words[..n]
                .iter()
                .map(|w| WORDS[usize::from(*w) % WORDS.len()])
                .collect();
            let verb = VERBS[usize::from(*len) % VERBS.len()];
            if *len >= 8 {
                text.push_str(&format!("## 2024-01-0{}\n", 1 + words[3] % 5));
            }
            // Records written up by hand: a problem field, and a fix field in other words.
            let line = match kind % 9 {
                0 | 1 => format!("problem: {} {verb} requests\n", subject.join(" ")),
                2 => format!("blocked: {} waits on {}\n", subject.join(" "), subject[0]),
                3 | 4 => format!("fixed: {} no longer {verb} requests\n", subject.join(" ")),
                5 => format!("decided: use {} for {}\n", subject[0], subject.join(" ")),
                6 => format!("- **Problem**: {} {verb} requests\n", subject.join(" ")),
                7 => format!("- **Solution**: restarted the {} worker\n", subject[0]),
                _ => format!("- **Cause**: {} was misconfigured\n", subject[0]),
            };
            text.push_str(&line);
        }
        text
    }

    #[test]
    fn a_fix_field_answers_the_problem_field_of_its_record() {
        let doc = crate::parse::parse_document_unresolved(
            "## 2025-07-23\n\
             - **Problem**: `BaseSettings` import error - moved to `pydantic-settings` in v2\n\
             - **Solution**: Updated imports in `src/config/settings.py`\n\
             - **Problem**: Extra `[default]` section causing validation errors\n\
             - **Root cause**: the old template\n\
             - **Fixed**: Configuration now loads without validation errors\n\
             - **Problem**: `command_api.url` was required but not in config\n\
             - **Container status**: Running stable\n\
             problem: uploads hang on slow links\n\
             fixed: the login redirect loop\n",
        );
        let found = sorted_resolutions(&doc.entities);
        let lines: Vec<(usize, usize)> = found
            .iter()
            .map(|&(i, line)| (doc.entities[i].line, line))
            .collect();
        // Each problem field by the fix field after it; the last record has none, and plain
        // `problem:` / `fixed:` lines one after another are not a record.
        assert_eq!(lines, [(2, 3), (4, 6)]);
        assert_eq!(streamed(&doc.entities), found);
        assert_eq!(Record::of("**Fix Applied**: set the size"), Record::Fix);
        assert_eq!(Record::of("- **Bug:** drops rows"), Record::Problem);
        assert_eq!(Record::of("fixed: x"), Record::None);
        assert_eq!(Record::of("**Problem solved** at last"), Record::None);
    }

    #[test]
    fn streamed_resolutions_are_the_backward_pass() {
        let doc = crate::parse::parse_document_unresolved(
            "## 2024-01-02\n\nproblem: login drops cookies in Safari\n\
             problem: upload times out on large files\n\
             fixed: login no longer drops cookies in Safari\n\
             fixed: upload no longer times out\n",
        );
        let found = streamed(&doc.entities);
        assert_eq!(found.len(), 2);
        assert_eq!(found, sorted_resolutions(&doc.entities));
    }

    proptest::proptest! {
        #[test]
        fn streamed_resolutions_equal_the_backward_pass_on_any_memory(
            picks in proptest::collection::vec(
                (0u8..9, proptest::array::uniform4(0u8..7), 0u8..12), 0..160)
        ) {
            let doc = crate::parse::parse_document_unresolved(&memory_of(&picks));
            proptest::prop_assert_eq!(streamed(&doc.entities), sorted_resolutions(&doc.entities));
        }

        /// Suspended after any entry and resumed from its bytes, the pass finds what it
        /// finds in one go (the parse cache keeps the state; a recall goes on from it).
        #[test]
        fn a_suspended_pass_resumed_finds_what_one_pass_finds(
            picks in proptest::collection::vec(
                (0u8..9, proptest::array::uniform4(0u8..7), 0u8..12), 0..160),
            cut in 0usize..200,
        ) {
            let doc = crate::parse::parse_document_unresolved(&memory_of(&picks));
            let entities = &doc.entities;
            let cut = cut.min(entities.len());
            let mut first = StreamedResolutions::default();
            for (i, e) in entities[..cut].iter().enumerate() {
                first.push(i, &Resolvable::of(e), || Cow::Borrowed(e.title.as_str()));
            }
            let mut state = Vec::new();
            let written = first.suspend(&mut state, &mut |_| {});
            proptest::prop_assert_eq!(written, state.len());
            let mut found = first.finish();
            let mut resumed = StreamedResolutions::resume(&state, cut).expect("resumed");
            // A state is only for the entries it was made after: a problem still waiting
            // makes it refused for fewer.
            if let Some(last) = resumed.waiting.iter().flatten().map(|w| w.index).max() {
                proptest::prop_assert!(StreamedResolutions::resume(&state, last).is_none());
            }
            for (i, e) in entities.iter().enumerate().skip(cut) {
                resumed.push(i, &Resolvable::of(e), || Cow::Borrowed(e.title.as_str()));
            }
            found.extend(resumed.finish());
            found.sort_unstable();
            proptest::prop_assert_eq!(found, sorted_resolutions(entities));
            // Any cut short or damaged state is refused, never read as another.
            for len in 0..state.len() {
                proptest::prop_assert!(StreamedResolutions::resume(&state[..len], cut).is_none());
            }
        }
    }

    #[test]
    fn a_damaged_state_is_refused_or_read_without_panicking() {
        // Checksummed in the cache, but read as untrusted: any byte changed either refuses
        // the state or gives one the pass can go on from (no count gone below zero).
        let doc = crate::parse::parse_document_unresolved(&memory_of(&[
            (0, [0, 1, 2, 3], 3),
            (1, [2, 3, 4, 5], 2),
            (3, [0, 1, 6, 6], 1),
            (0, [4, 5, 6, 0], 3),
        ]));
        let cut = doc.entities.len() - 1;
        let mut first = StreamedResolutions::default();
        for (i, e) in doc.entities[..cut].iter().enumerate() {
            first.push(i, &Resolvable::of(e), || Cow::Borrowed(e.title.as_str()));
        }
        let mut state = Vec::new();
        first.suspend(&mut state, &mut |_| {});
        assert!(StreamedResolutions::resume(&state, cut).is_some());
        let fixes = crate::parse::parse_document_unresolved(&memory_of(&[
            (3, [0, 1, 2, 3], 3),
            (4, [2, 3, 4, 5], 2),
            (3, [4, 5, 6, 0], 3),
            (3, [0, 1, 2, 3], 3),
            (4, [2, 3, 4, 5], 2),
        ]));
        for at in 0..state.len() {
            for value in [0u8, 1, 2, 3, 4, 0x7f, 0x80, 0xff] {
                let mut damaged = state.clone();
                damaged[at] = value;
                if let Some(mut resumed) = StreamedResolutions::resume(&damaged, cut) {
                    for (i, e) in fixes.entities.iter().enumerate() {
                        resumed.push(cut + i, &Resolvable::of(e), || {
                            Cow::Borrowed(e.title.as_str())
                        });
                    }
                    assert!(
                        resumed
                            .finish()
                            .iter()
                            .all(|&(i, _)| i < cut + fixes.entities.len())
                    );
                }
            }
        }
    }

    #[test]
    fn a_state_whose_counts_do_not_add_up_is_refused() {
        // One waiting problem of one word, "upload", two candidates in already: with its
        // count of open keys at 0 (none left, so it would have been given up), the next
        // entry with the word would take that count below zero.
        let word = Subject::of(EntryType::Progress, "upload").ids()[0];
        let state = |open: u8| {
            let mut b = vec![0, 1, 0, 1];
            b.extend_from_slice(&word.to_le_bytes());
            let mut pushes = [0u8; MAX_KEYS];
            pushes[0] = 2;
            b.extend_from_slice(&pushes);
            b.extend_from_slice(&[open, 0, 0, 12]);
            b.extend_from_slice(b"upload fails");
            // No record problem waits for the next entry.
            b.push(0);
            b
        };
        assert!(StreamedResolutions::resume(&state(0), 1).is_none());
        assert!(StreamedResolutions::resume(&state(2), 1).is_none());
        let whole = state(1);
        let mut resumed = StreamedResolutions::resume(&whole, 1).expect("counts add up");
        let fix = crate::parse::parse_document_unresolved("fixed: upload works again\n");
        resumed.push(1, &Resolvable::of(&fix.entities[0]), || Cow::Borrowed("x"));
        assert_eq!(resumed.finish(), [(0, 1)]);
        // Nor is a state for more entries than were read.
        assert!(StreamedResolutions::resume(&state(1), 0).is_none());
    }

    #[test]
    fn a_fix_of_another_thing_in_the_same_words_resolves_nothing() {
        let doc = crate::parse::parse_document(
            "## 2026-03-01\n\
             problem: search crashes on queries with emoji\n\
             problem: memory leak in the image resizer\n\
             problem: the upload endpoint crashes on files over 10MB\n\
             fixed: search crashes on queries with quotes\n\
             fixed: memory leak in the thumbnail cache\n\
             fixed: the upload endpoint no longer crashes on big files\n",
        );
        let status: Vec<_> = doc.entities[..3].iter().map(|e| e.status).collect();
        assert_eq!(
            status,
            [
                Some(ProblemStatus::Open),
                Some(ProblemStatus::Open),
                Some(ProblemStatus::Resolved)
            ]
        );
    }

    #[test]
    fn a_subject_is_read_once_at_parse_and_only_for_problems_and_progress() {
        let doc = parse_document(
            "## 2026-01-05\n\nproblem: Safari drops the session cookie on redirect\n\
             decided: use JWT because stateless\n",
        );
        let problem = &doc.entities[0];
        let mut expected = subject_ids(&problem.title, MAX_WORDS);
        expected.sort_unstable();
        assert_eq!(problem.subject.ids(), expected.as_slice());
        assert_eq!(problem.subject.ids().len(), MAX_WORDS);
        assert!(doc.entities[1].subject.ids().is_empty());
        // Ids out of order or too many can only come from a damaged cache: refused.
        assert!(Subject::from_sorted(&[2, 1]).is_none());
        assert!(Subject::from_sorted(&[1, 2, 3, 4, 5, 6]).is_none());
        assert_eq!(Subject::from_sorted(&[1, 2]).unwrap().ids(), &[1, 2]);
    }

    #[test]
    fn provisional_phrases_in_any_case_and_script() {
        for yes in [
            "decided: use SQLite FOR NOW",
            "decided: MVP. ship it",
            "a Stopgap until v2",
            "naïve cache, quick fix ✓",
        ] {
            assert!(is_provisional(yes), "{yes}");
        }
        for no in [
            "decided: use nowhere",
            "mvps are fine",
            "formal",
            "für später ✓",
            "",
        ] {
            assert!(!is_provisional(no), "{no}");
        }
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn later_fix_on_same_subject_resolves() {
        let doc = parse_document(
            "## 2026-01-10\nproblem: API returns 500 on large payloads\nproblem: Safari drops the session cookie\n\
             ## 2026-01-11\nfixed: large payloads now stream, API 500 gone\n",
        );
        let p = &doc.entities[0];
        assert_eq!(p.status, Some(ProblemStatus::Resolved));
        assert_eq!(p.resolved_by, Some(5));
        assert_eq!(doc.entities[1].status, Some(ProblemStatus::Open));
    }

    #[test]
    fn a_fix_dated_before_the_problem_does_not_resolve_it() {
        // The dates decide, not only the order: an older section further down (a file kept
        // newest first, or the commit store read after MEMORY.md) holds no fix of a problem
        // written down after it. Of one date, the order decides.
        let doc = parse_document(
            "## 2026-01-08\nproblem: uploads over 10 MB fail with 413\n\
             problem: login drops the session cookie\n\
             ## 2026-01-05\nfixed: upload fails over 10 MB\n\
             ## 2026-01-08\nfixed: login no longer drops the session cookie\n",
        );
        let status: Vec<_> = doc.entities[..2].iter().map(|e| e.status).collect();
        assert_eq!(
            status,
            [Some(ProblemStatus::Open), Some(ProblemStatus::Resolved)]
        );
        assert_eq!(streamed(&doc.entities), sorted_resolutions(&doc.entities));
        // The same fix dated the day of the problem resolves it.
        let same_day = parse_document(
            "## 2026-01-08\nproblem: uploads over 10 MB fail with 413\n\
             fixed: upload fails over 10 MB\n",
        );
        assert_eq!(same_day.entities[0].status, Some(ProblemStatus::Resolved));
        assert!(not_before(None, Some(d(2026, 1, 8))));
        assert!(not_before(Some(d(2026, 1, 8)), Some(d(2026, 1, 8))));
        assert!(!not_before(Some(d(2026, 1, 7)), Some(d(2026, 1, 8))));
    }

    #[test]
    fn a_waiting_problem_keeps_its_date_when_suspended() {
        let doc = crate::parse::parse_document_unresolved(
            "## 2026-01-08\nproblem: uploads over 10 MB fail with 413\n",
        );
        let mut first = StreamedResolutions::default();
        first.push(0, &Resolvable::of(&doc.entities[0]), || {
            Cow::Borrowed(doc.entities[0].title.as_str())
        });
        let mut state = Vec::new();
        first.suspend(&mut state, &mut |_| {});
        let fixes = crate::parse::parse_document_unresolved(
            "## 2026-01-05\nfixed: upload fails over 10 MB\n\
             ## 2026-01-09\nfixed: uploads over 10 MB work again\n",
        );
        let mut resumed = StreamedResolutions::resume(&state, 1).expect("resumed");
        for (i, e) in fixes.entities.iter().enumerate() {
            resumed.push(1 + i, &Resolvable::of(e), || {
                Cow::Borrowed(e.title.as_str())
            });
        }
        assert_eq!(resumed.finish(), [(0, fixes.entities[1].line)]);
        for date in [
            None,
            Some(d(1, 1, 1)),
            Some(d(2026, 1, 8)),
            Some(d(-400, 3, 1)),
        ] {
            assert_eq!(date_of_code(date_code(date)), Some(date));
        }
        assert_eq!(date_of_code(u64::MAX), None);
    }

    #[test]
    fn earlier_fix_or_unrelated_fix_does_not_resolve() {
        let doc = parse_document(
            "fixed: login redirect loop\nproblem: login redirect loop is back\nfixed: typo in README\n",
        );
        assert_eq!(doc.entities[1].status, Some(ProblemStatus::Open));
    }

    #[test]
    fn loops_newest_first_with_stale_decisions() {
        let doc = parse_document(
            "## 2026-01-01\ndecided: use sqlite for now\ndecided: use rust\nproblem: flaky upload test\n\
             ## 2026-01-20\nproblem: deploy blocked by legal review\ndecided: temporary cache in memory\n",
        );
        let loops = open_loops(&doc, d(2026, 1, 22));
        let got: Vec<(LoopKind, &str)> = loops
            .iter()
            .map(|l| (l.kind, l.entity.title.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (LoopKind::Blocked, "deploy blocked by legal review"),
                (LoopKind::Problem, "flaky upload test"),
                (LoopKind::StaleDecision, "use sqlite for now"),
            ]
        );
        assert_eq!(loops[2].age_days, Some(21));
    }

    #[test]
    fn undated_lines_keep_their_place_in_the_file() {
        let doc = parse_document(
            "decided: first undated\n## 2026-01-05\ndecided: dated\n## Notes\ndecided: undated after\n",
        );
        let r = Recency::of(&doc);
        let keys: Vec<RecencyKey> = doc.entities.iter().map(|e| r.entity(e)).collect();
        assert!(keys[0] < keys[1] && keys[1] < keys[2], "{keys:?}");
        let none =
            parse_document("decided: use sqlite for storage\ndecided: use rust for the cli\n");
        let r = Recency::of(&none);
        assert!(r.entity(&none.entities[0]) < r.entity(&none.entities[1]));
    }
}
