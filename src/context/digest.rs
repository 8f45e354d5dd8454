//! What the shared block reads of the memory ([`Digest`]): the entities each of its lists
//! may show, newest first as [`Recency`] orders them, with their keys, the newest date, the
//! project state, the newest session summaries and next step. Each list is a bounded pick
//! ([`Top`]) filled in one pass, so a digest never holds more than a few entities per list
//! (KEY items excepted: the block shows them all).
//!
//! Two sources give the same digest: a parsed [`Document`], and the parse cache read
//! without building its entities ([`Cached`]): its entities are borrowed views, problem
//! resolution and the entries that name files come from the cache, and only the entities
//! a list keeps are built. What follows the cached lines (MEMORY.md's lines logged since and
//! its unfinished last line, the commit store) is parsed as usual and picked from after
//! them; a progress entry among them is matched against the problems still waiting when
//! the cache was written (kept in the cache), as a whole parse would match it.

use std::borrow::Cow;

use chrono::NaiveDate;

use super::build::{
    Facts, pieces, plainly_chosen, rejection_needles, same_choice, undo_each_other, undoing_verb,
    undone_pieces,
};
use crate::capture::staleness::{self, EntryRef, Staleness};
use crate::parse::loops::{self, Recency, RecencyKey, Record, Resolvable, Subject, is_provisional};
use crate::parse::snapshot::{EntityView, Lazy};
use crate::parse::{
    Document, Entity, EntryType, NextStep, ProblemStatus, ProjectState, SessionSummary,
};

/// How many items each list of the block shows at most.
pub const MAX_DECISIONS: usize = 5;
pub const MAX_RULED_OUT: usize = 5;
pub const MAX_LOOPS: usize = 5;
pub const MAX_GOTCHAS: usize = 6;
pub const MAX_SUMMARIES: usize = 5;
/// The newest decisions, and the newest rejections, the digest keeps (this many of each):
/// each is judged against every later decision and rejection of the memory ([`Judge`]),
/// and the block's lists show the newest of them that no later one takes back. Older
/// ones count as in effect in the lists' `+N older` counts: judging every pair of a large
/// memory's choices would take seconds.
pub const MAX_CHOICES: usize = 16;

/// Age at which a provisional decision is asked about again (as `parse::loops`).
const STALE_DAYS: i64 = crate::parse::loops::STALE_DAYS;

/// An entity the block may show: its recency key and its place in the memory's order.
#[derive(Debug, Clone, PartialEq)]
pub struct Picked {
    pub key: RecencyKey,
    pub seq: usize,
    pub entity: Entity,
    /// A decision or rejection that a later one in the memory takes back ([`Judge`]).
    pub taken_back: bool,
}

/// What the shared block needs of the memory.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Digest {
    /// The newest date of any entity or session summary.
    pub last_date: Option<NaiveDate>,
    pub state: ProjectState,
    /// The entities any list may show, in the memory's order.
    pub entities: Vec<Picked>,
    /// The newest session summaries, newest first.
    pub summaries: Vec<SessionSummary>,
    /// The newest next step.
    pub next_step: Option<NextStep>,
    /// The last three problems not resolved or decisions (not superseded), in the memory's
    /// order: what the team recall asks about.
    pub latest: Vec<Entity>,
    /// How many entities each bounded list had to choose from.
    pub totals: Totals,
}

/// How many entities (not superseded, not KEY) each of the block's bounded lists had to
/// choose from, however few it keeps: the block says how many it leaves out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// KEY items (not superseded), however many a recall from the cache picks.
    pub keys: usize,
    pub decisions: usize,
    pub ruled_out: usize,
    pub gotchas: usize,
    /// Problems open or blocked.
    pub open_problems: usize,
    /// Dated decisions that say they are provisional (open loops once
    /// [`loops::STALE_DAYS`] old).
    pub provisional: usize,
    /// Session summaries.
    pub summaries: usize,
}

impl Digest {
    /// The digest of a whole parsed memory (problems resolved).
    pub fn of(doc: &Document) -> Digest {
        let recency = Recency::of(doc);
        let mut pick = Pick::default();
        for (seq, e) in doc.entities.iter().enumerate() {
            pick.offer(recency.entity(e), seq, e);
        }
        let totals = Totals {
            summaries: doc.summaries.len(),
            ..pick.totals
        };
        let (entities, latest) = pick.finish(last_date(doc), |e| Some((*e).clone()));
        Digest {
            last_date: last_date(doc),
            state: doc.state.clone(),
            entities: entities.unwrap_or_default(),
            summaries: newest_summaries(doc.summaries.iter()),
            next_step: doc
                .next_steps
                .iter()
                .max_by_key(|s| recency.key(s.date, s.line))
                .filter(|s| !finished(s, doc.entities.iter().map(Resolvable::of)))
                .cloned(),
            latest: latest.unwrap_or_default(),
            totals,
        }
    }

    /// Stale entries' titles end with the mark (as `capture::staleness::mark_document`).
    pub fn mark_stale(&mut self, staleness: &Staleness) {
        for picked in self.entities.iter_mut() {
            let entity = &mut picked.entity;
            if staleness.is_stale(entity.line) && !entity.title.ends_with(staleness::MARK) {
                entity.title.push(' ');
                entity.title.push_str(staleness::MARK);
            }
        }
    }

    /// A document with what the team recall reads: the project state and [`Digest::latest`].
    pub fn latest_document(&self) -> Document {
        Document {
            state: self.state.clone(),
            entities: self.latest.clone(),
            ..Document::default()
        }
    }
}

/// The memory a block is built from: parsed whole, or read from the parse cache.
pub enum Memory<'a> {
    Parsed(&'a Document),
    Cached(&'a Cached<'a>),
}

impl<'a> Memory<'a> {
    /// The memory's [`Digest`].
    pub fn digest(&self) -> Digest {
        match self {
            Memory::Parsed(doc) => Digest::of(doc),
            Memory::Cached(cached) => cached.digest.clone(),
        }
    }

    /// Every entity not superseded, as (title, line as written), in order.
    pub fn entries(&self) -> Box<dyn Iterator<Item = (&'a str, &'a str)> + 'a> {
        match *self {
            Memory::Parsed(doc) => Box::new(
                doc.entities
                    .iter()
                    .filter(|e| !e.superseded)
                    .map(|e| (e.title.as_str(), e.text.as_str())),
            ),
            Memory::Cached(cached) => Box::new(
                cached
                    .prefix
                    .entities()
                    .filter(|v| !v.superseded)
                    .map(|v| (v.title, v.text))
                    .chain(
                        cached
                            .rest
                            .entities
                            .iter()
                            .filter(|e| !e.superseded)
                            .map(|e| (e.title.as_str(), e.text.as_str())),
                    ),
            ),
        }
    }
}

/// MEMORY.md read from its parse cache: its cached lines (`prefix`, entities not built)
/// and what follows them (`rest`: the lines logged since the cache was written and the
/// unfinished last line, then the commit store's entries with lines numbered after
/// MEMORY.md's; problems resolved as the whole parse resolves them; the project state as
/// MEMORY.md leaves it).
pub struct Cached<'a> {
    pub prefix: Lazy<'a>,
    pub rest: Document,
    /// Worked out once, when the cached entities are first read (and checked).
    digest: Digest,
}

impl<'a> Cached<'a> {
    /// `None` when the cached entities cannot be read.
    ///
    /// A progress entry after the cached lines (logged since the cache was written, or a
    /// `fixed:` commit in the commit store) may resolve a cached problem: it is matched
    /// against the problems still waiting when the cache was written, exactly as the whole
    /// parse resolves them (see [`resolve_across`]).
    ///
    /// `budget`: the block's budget in characters. A block shows no more KEY lines than it
    /// has room for (each takes more than four characters), so no more are picked; every
    /// other list is bounded already.
    pub fn new(prefix: Lazy<'a>, mut rest: Document, budget: usize) -> Option<Cached<'a>> {
        let resolves = rest
            .entities
            .iter()
            .any(|e| e.kind == EntryType::Progress && !e.superseded);
        let resolutions = match resolves {
            true => Some(resolve_across(&prefix, &mut rest)?),
            false => None,
        };
        let digest = digest_of(&prefix, &rest, resolutions.as_deref(), budget / 4 + 2)?;
        Some(Cached {
            prefix,
            rest,
            digest,
        })
    }

    /// The entries the block's staleness check asks about, in order (those of the cached
    /// lines were picked when the cache was written).
    pub fn staleness_entries(&self) -> Vec<EntryRef<'_>> {
        let mut marked = self.prefix.extras.marked.iter().copied().peekable();
        let mut out: Vec<EntryRef<'_>> = Vec::new();
        if marked.peek().is_some() {
            for (i, view) in self.prefix.entities().enumerate() {
                match marked.peek() {
                    None => break,
                    Some(&m) if m == i => {
                        marked.next();
                        out.push(EntryRef {
                            line: view.line,
                            date: view.date,
                            text: view.text,
                        });
                    }
                    Some(_) => {}
                }
            }
        }
        out.extend(EntryRef::current(&self.rest.entities));
        out
    }
}

/// Problems resolved over the cached entities and those after them (`rest`) together, as
/// [`loops::resolutions`] resolves the whole parse: the problems of `rest` are marked, and
/// the cached ones' resolutions returned as (entity, resolving line), by entity (what the
/// cache's own [`Extras`](crate::parse::snapshot::Extras) hold when nothing follows).
pub(crate) fn resolve_across(
    prefix: &Lazy<'_>,
    rest: &mut Document,
) -> Option<Vec<(usize, usize)>> {
    // Front to back, keeping only the problems still waiting for a fix. The cache holds the
    // state after its entries (the problems still waiting then), so only the lines after
    // them are read; the resolutions found among the cached entries are the cache's own.
    // A cache without that state is read whole, its entries one at a time.
    let resumed = loops::StreamedResolutions::resume(prefix.waiting, prefix.len());
    let from_state = resumed.is_some();
    let mut streamed = match resumed {
        Some(resumed) => resumed,
        None => {
            let mut streamed = loops::StreamedResolutions::default();
            prefix.walk(|i, view| {
                let entry = Resolvable::of_view(&view);
                streamed.push(i, &entry, || Cow::Borrowed(view.title));
            })?;
            streamed
        }
    };
    for (i, e) in rest.entities.iter().enumerate() {
        streamed.push(prefix.len() + i, &Resolvable::of(e), || {
            Cow::Borrowed(e.title.as_str())
        });
    }
    let mut found = streamed.finish();
    found.sort_unstable();
    let cached = found.partition_point(|&(i, _)| i < prefix.len());
    for &(i, line) in &found[cached..] {
        let e = &mut rest.entities[i - prefix.len()];
        e.status = Some(ProblemStatus::Resolved);
        e.resolved_by = Some(line);
    }
    found.truncate(cached);
    if from_state {
        found.extend_from_slice(&prefix.extras.resolutions);
        found.sort_unstable();
    }
    Some(found)
}

/// The digest of the cached entities (one walk over them) and what follows them;
/// `resolutions` replaces the cache's own when problems were resolved again
/// ([`resolve_across`]).
fn digest_of<'a>(
    prefix: &Lazy<'a>,
    rest: &Document,
    resolutions: Option<&[(usize, usize)]>,
    key_cap: usize,
) -> Option<Digest> {
    let extras = &prefix.extras;
    // The dated lines: the cached ones as the cache keeps them, then those after them in
    // order (entities, summaries, next steps merged as `Recency::of` sorts them).
    let after = Recency::dated_lines(rest);
    let recency = Recency::from_sorted(extras.runs.iter().copied().chain(after));
    let rest_dates = rest.entities.iter().filter_map(|e| e.date).max();
    let rest_summaries = rest.summaries.iter().map(|s| s.date).max();
    let last = extras.last_date.max(rest_dates).max(rest_summaries);

    // The newest next step, and the progress entries after it that may have finished it.
    let step = (prefix.next_steps.iter())
        .chain(&rest.next_steps)
        .max_by_key(|s| recency.key(s.date, s.line));
    let mut after_step: Vec<Resolvable<'_>> = Vec::new();

    // The cached entities, resolved and marked as the cache says, picked; only the kept
    // ones are built.
    let resolutions = resolutions.unwrap_or(&extras.resolutions);
    let mut resolved = resolutions.iter().copied().peekable();
    let mut provisional = extras.provisional.iter().copied().peekable();
    let mut pick: Pick<Resolved<'_, 'a>> = Pick::with_key_cap(key_cap);
    prefix.walk(|seq, view| {
        while resolved.next_if(|&(i, _)| i < seq).is_some() {}
        while provisional.next_if(|&i| i < seq).is_some() {}
        let by = resolved.next_if(|&(i, _)| i == seq).map(|(_, line)| line);
        let marked = provisional.next_if(|&i| i == seq).is_some();
        if step.is_some_and(|s| view.line > s.line && view.kind == EntryType::Progress) {
            after_step.push(Resolvable::of_view(&view));
        }
        pick.offer(
            recency.key(view.date, view.line),
            seq,
            Resolved {
                view,
                by,
                provisional: marked,
                prefix,
            },
        );
    })?;
    let build = |r: &Resolved<'_, '_>| {
        let mut entity = prefix.entity(&r.view)?;
        if let Some(line) = r.by {
            entity.status = Some(ProblemStatus::Resolved);
            entity.resolved_by = Some(line);
        }
        Some(entity)
    };
    let cached_totals = pick.totals;
    let (kept, latest) = pick.finish(last, build);
    let (kept, latest) = (kept?, latest?);

    // Then what follows, picked together with what the cached lines gave; the totals are
    // the cached lines' and those of what follows (the kept ones are counted already).
    let mut pick: Pick<&Entity> = Pick::with_key_cap(key_cap);
    for p in &kept {
        // Judged against every later cached choice already; what follows judges it too.
        pick.offer_judged(p.key, p.seq, &p.entity, p.taken_back);
    }
    pick.totals = cached_totals;
    let mut tail = Pick::<&Entity>::default();
    for (i, e) in latest.iter().enumerate() {
        tail.latest_offer(i, e);
    }
    for (i, e) in rest.entities.iter().enumerate() {
        let seq = prefix.len() + i;
        pick.offer(recency.key(e.date, e.line), seq, e);
        tail.latest_offer(seq, e);
    }
    let totals = Totals {
        summaries: prefix.summaries.len() + rest.summaries.len(),
        ..pick.totals
    };
    let (entities, _) = pick.finish(last, |e| Some((*e).clone()));
    let latest = tail.latest.into_iter().map(|(_, e)| e.clone()).collect();
    let rest_progress = rest.entities.iter().map(Resolvable::of);
    Some(Digest {
        last_date: last,
        state: rest.state.clone(),
        entities: entities?,
        summaries: newest_summaries(prefix.summaries.iter().chain(&rest.summaries)),
        next_step: step
            .filter(|s| !finished(s, after_step.into_iter().chain(rest_progress)))
            .cloned(),
        latest,
        totals,
    })
}

/// Whether a progress entry after the next step `step` finished it: read as an open
/// problem, the step is resolved by one of `entries` (any, in the memory's order) by the
/// rules that close problems ([`loops::resolutions_of`]: after it, not dated before it, on
/// the same subject, no word of the entry standing for another of the step's), and the
/// entry names every subject word of the step but, perhaps, the verb it opens with (an
/// entry puts it in another tense: "wire the replica into the ETL", "replica wired into
/// the ETL") when it names two others. A step says what is still to do: a later entry on
/// another subject, or one naming only part of it ("upload client timeout" after "add
/// retry to the upload client"), leaves it to continue from.
fn finished<'e>(step: &'e NextStep, entries: impl IntoIterator<Item = Resolvable<'e>>) -> bool {
    let subject = Subject::of(EntryType::Problem, &step.text);
    if subject.ids().is_empty() {
        return false;
    }
    // The subject words in the step's order; the first is its verb when the step opens
    // with it.
    let words = crate::parse::subject_ids(&step.text, subject.ids().len());
    let first_word = step.text.split_whitespace().next().unwrap_or("");
    let verb =
        (words.first().copied()).filter(|&w| crate::parse::subject_ids(first_word, 1) == [w]);
    let covers = |e: &Resolvable<'_>| {
        let named = |w: &u64| e.subject.ids().binary_search(w).is_ok();
        let others = words.iter().filter(|&&w| Some(w) != verb);
        others.clone().all(named) && (verb.is_none_or(|v| named(&v)) || others.count() >= 2)
    };
    let mut read = vec![Resolvable {
        kind: EntryType::Problem,
        title: &step.text,
        status: Some(ProblemStatus::Open),
        superseded: false,
        subject,
        line: step.line,
        date: step.date,
        record: Record::None,
    }];
    read.extend((entries.into_iter()).filter(|e| {
        e.kind == EntryType::Progress && !e.superseded && e.line > step.line && covers(e)
    }));
    read.len() > 1
        && loops::resolutions_of(&read, |r| *r)
            .iter()
            .any(|&(index, _)| index == 0)
}

/// A cached entity with the resolution the cache holds for it.
#[derive(Clone, Copy)]
struct Resolved<'p, 'a> {
    view: EntityView<'a>,
    /// The line of the progress entry that resolves it.
    by: Option<usize>,
    /// A dated decision that says it is provisional.
    provisional: bool,
    /// The cache it is read from (its entity is built from there when needed).
    prefix: &'p Lazy<'a>,
}

/// What picking reads of an entity.
trait Candidate: Copy {
    fn kind(&self) -> EntryType;
    fn is_key(&self) -> bool;
    fn superseded(&self) -> bool;
    fn date(&self) -> Option<NaiveDate>;
    fn status(&self) -> Option<ProblemStatus>;
    fn resolved(&self) -> bool;
    /// A dated decision that says it is provisional ([`is_provisional`]).
    fn provisional(&self) -> bool;
    fn title(&self) -> &str;
    /// A decision that names alternatives ("over X", "instead of X").
    fn names_alternatives(&self) -> bool;
    /// What a decision or rejection says ([`Facts`]); `None` when it cannot be read.
    fn facts(&self) -> Option<Facts>;
    /// The alternatives a decision names; `None` when it cannot be read.
    fn alternatives(&self) -> Option<Vec<String>>;
}

impl Candidate for &Entity {
    fn kind(&self) -> EntryType {
        self.kind
    }
    fn is_key(&self) -> bool {
        self.key
    }
    fn superseded(&self) -> bool {
        self.superseded
    }
    fn date(&self) -> Option<NaiveDate> {
        self.date
    }
    fn status(&self) -> Option<ProblemStatus> {
        self.status
    }
    fn resolved(&self) -> bool {
        self.resolved_by.is_some()
    }
    fn provisional(&self) -> bool {
        self.kind == EntryType::Decision && self.date.is_some() && is_provisional(&self.text)
    }
    fn title(&self) -> &str {
        &self.title
    }
    fn names_alternatives(&self) -> bool {
        !self.alternatives.is_empty()
    }
    fn facts(&self) -> Option<Facts> {
        Some(Facts::of(self))
    }
    fn alternatives(&self) -> Option<Vec<String>> {
        Some(self.alternatives.to_vec())
    }
}

impl Candidate for Resolved<'_, '_> {
    fn kind(&self) -> EntryType {
        self.view.kind
    }
    fn is_key(&self) -> bool {
        self.view.key
    }
    fn superseded(&self) -> bool {
        self.view.superseded
    }
    fn date(&self) -> Option<NaiveDate> {
        self.view.date
    }
    fn status(&self) -> Option<ProblemStatus> {
        match self.by {
            Some(_) => Some(ProblemStatus::Resolved),
            None => self.view.status,
        }
    }
    fn resolved(&self) -> bool {
        self.by.is_some() || self.view.resolved_by.is_some()
    }
    fn provisional(&self) -> bool {
        self.provisional
    }
    fn title(&self) -> &str {
        self.view.title
    }
    fn names_alternatives(&self) -> bool {
        self.view.alternatives > 0
    }
    fn facts(&self) -> Option<Facts> {
        Some(Facts::of(&self.prefix.entity(&self.view)?))
    }
    fn alternatives(&self) -> Option<Vec<String>> {
        Some(self.prefix.entity(&self.view)?.alternatives.into_vec())
    }
}

/// The `k` best entities offered: newest first by key, the earlier of equal keys first
/// (the order a stable sort of the memory by key gives). Offers gather until there are
/// twice `k`, then the best `k` are kept: constant work per offer, whatever `k`.
struct Top<C> {
    k: usize,
    items: Vec<(RecencyKey, usize, C)>,
}

impl<C> Top<C> {
    fn new(k: usize) -> Self {
        Top {
            k,
            items: Vec::new(),
        }
    }

    fn offer(&mut self, key: RecencyKey, seq: usize, c: C) {
        self.items.push((key, seq, c));
        if self.items.len() >= self.k.saturating_mul(2).max(8) {
            self.keep_best();
        }
    }

    fn keep_best(&mut self) {
        let better = |a: &(RecencyKey, usize, C), b: &(RecencyKey, usize, C)| {
            b.0.cmp(&a.0).then(a.1.cmp(&b.1))
        };
        if self.items.len() > self.k {
            self.items.select_nth_unstable_by(self.k, better);
            self.items.truncate(self.k);
        }
        self.items.sort_unstable_by(better);
    }

    /// The best `k`, best first.
    fn into_items(mut self) -> Vec<(RecencyKey, usize, C)> {
        self.keep_best();
        self.items
    }
}

/// One pass's picks for every list of the block (the filters of `build::sections` and
/// `parse::loops::open_loops`).
struct Pick<C> {
    /// KEY items: every one for a document; for a recall from the cache, no more than a
    /// block's budget can show (see [`Cached::new`]).
    key: Top<C>,
    /// Decisions and rejections, [`MAX_CHOICES`] of each.
    decisions: Top<C>,
    ruled_out: Top<C>,
    gotchas: Top<C>,
    open: Top<C>,
    /// The newest entry to continue from (not a gotcha, not a rejection).
    last: Top<C>,
    /// Dated provisional decisions: every one that may not yet be stale, and the newest
    /// [`MAX_LOOPS`] of those that are, whatever day the block is built (never before the
    /// newest date seen).
    provisional: Vec<(RecencyKey, usize, C)>,
    newest: Option<NaiveDate>,
    latest: Vec<(usize, C)>,
    /// Every entity each list was offered, counted.
    totals: Totals,
    judge: Judge<C>,
}

impl<C> Default for Pick<C> {
    fn default() -> Self {
        Pick::with_key_cap(usize::MAX)
    }
}

impl<C> Pick<C> {
    fn with_key_cap(key_cap: usize) -> Self {
        Pick {
            key: Top::new(key_cap),
            decisions: Top::new(MAX_CHOICES),
            ruled_out: Top::new(MAX_CHOICES),
            gotchas: Top::new(MAX_GOTCHAS),
            open: Top::new(MAX_LOOPS),
            last: Top::new(1),
            provisional: Vec::new(),
            newest: None,
            latest: Vec::new(),
            totals: Totals::default(),
            judge: Judge::default(),
        }
    }
}

impl<C: Candidate> Pick<C> {
    fn offer(&mut self, key: RecencyKey, seq: usize, c: C) {
        self.offer_judged(key, seq, c, false);
    }

    /// [`Pick::offer`] of one already known to be taken back, or not yet.
    fn offer_judged(&mut self, key: RecencyKey, seq: usize, c: C, taken_back: bool) {
        if c.superseded() {
            return;
        }
        self.newest = self.newest.max(c.date());
        self.latest_offer(seq, c);
        if c.is_key() {
            self.totals.keys += 1;
            self.key.offer(key, seq, c);
        }
        if !matches!(c.kind(), EntryType::Gotcha | EntryType::Rejected) {
            self.last.offer(key, seq, c);
        }
        if c.is_key() {
            return;
        }
        match c.kind() {
            EntryType::Decision => {
                self.totals.decisions += 1;
                self.judge.offer(key, seq, c, taken_back);
                self.decisions.offer(key, seq, c);
                if c.provisional() {
                    self.totals.provisional += 1;
                    self.provisional.push((key, seq, c));
                    if self.provisional.len() > 256 {
                        prune_provisional(&mut self.provisional, self.newest);
                    }
                }
            }
            EntryType::Rejected => {
                self.totals.ruled_out += 1;
                self.judge.offer(key, seq, c, taken_back);
                self.ruled_out.offer(key, seq, c);
            }
            EntryType::Gotcha => {
                self.totals.gotchas += 1;
                self.gotchas.offer(key, seq, c);
            }
            EntryType::Problem
                if matches!(
                    c.status(),
                    Some(ProblemStatus::Open | ProblemStatus::Blocked)
                ) =>
            {
                self.totals.open_problems += 1;
                self.open.offer(key, seq, c);
            }
            _ => {}
        }
        if self.judge.len() >= self.judge.prune_at {
            self.prune_judged();
        }
    }

    /// The choices judged further are those a list still holds: one no list holds any more
    /// has newer ones ahead of it in each (or is no longer a provisional one a block may
    /// show) and never comes back.
    fn prune_judged(&mut self) {
        let mut held: Vec<usize> = (self.decisions.items.iter())
            .chain(&self.ruled_out.items)
            .chain(&self.last.items)
            .chain(&self.provisional)
            .map(|(_, seq, _)| *seq)
            .collect();
        held.sort_unstable();
        (self.judge).retain(|t| held.binary_search(&t.seq).is_ok());
        self.judge.prune_at = (self.judge.len() * 2).max(PRUNE_AT);
    }

    /// The team recall's last three (see [`Digest::latest`]); `c` is not superseded.
    fn latest_offer(&mut self, seq: usize, c: C) {
        let wanted = match c.kind() {
            EntryType::Problem => !c.resolved(),
            EntryType::Decision => true,
            _ => false,
        };
        if wanted && !c.superseded() {
            if self.latest.len() == 3 {
                self.latest.remove(0);
            }
            self.latest.push((seq, c));
        }
    }

    /// Every picked entity, built, in the memory's order, and the last three; `None` when
    /// one cannot be built. `last_date`: the memory's newest date.
    #[allow(clippy::type_complexity)]
    fn finish(
        mut self,
        last_date: Option<NaiveDate>,
        build: impl Fn(&C) -> Option<Entity>,
    ) -> (Option<Vec<Picked>>, Option<Vec<Entity>>) {
        prune_provisional(&mut self.provisional, last_date.max(self.newest));
        let mut all: Vec<(RecencyKey, usize, C)> = Vec::new();
        for top in [
            self.key,
            self.decisions,
            self.ruled_out,
            self.gotchas,
            self.open,
            self.last,
        ] {
            all.extend(top.into_items());
        }
        all.extend(self.provisional);
        all.sort_unstable_by_key(|(_, seq, _)| *seq);
        all.dedup_by_key(|(_, seq, _)| *seq);
        let mut judged: Vec<(usize, bool)> = (self.judge.tracked())
            .map(|t| (t.seq, t.taken_back))
            .collect();
        judged.sort_unstable();
        let taken_back = |seq: usize| match judged.binary_search_by_key(&seq, |(s, _)| *s) {
            Ok(i) => judged[i].1,
            Err(_) => false,
        };
        let picked = all
            .iter()
            .map(|(key, seq, c)| {
                Some(Picked {
                    key: *key,
                    seq: *seq,
                    entity: build(c)?,
                    taken_back: taken_back(*seq),
                })
            })
            .collect();
        let latest = self.latest.iter().map(|(_, c)| build(c)).collect();
        (picked, latest)
    }
}

/// Decisions and rejections judged as the memory is read: each one a list may show, against
/// every later one ([`Facts::taken_back_by`]), so a rejection or a provisional decision
/// that a later choice took back never comes back into the block however many choices
/// follow. A choice is judged while a list holds it (see [`Pick::prune_judged`]): by every
/// choice offered after it (a later date, or the same date further down). What is offered
/// before it but dated later is judged among the entities a block is built from
/// (`build::sections`), as is everything else.
///
/// Cheap per choice, so the cost stays that of reading the memory: a pair is judged in full
/// only when it can be a take-back at all, which the kinds, a few flags and the text of the
/// titles say first. A decision takes back an older decision only by turning away from
/// what it chose (it names alternatives, and the older title holds every word of one) or by
/// undoing it (the two verbs of an undoing pair, the older title holding every word of the
/// object); a rejection and a decision take each other back only when the decision's title
/// holds every word the rejection chose. Those words are looked for as text first
/// ([`Needles`]). Most decisions are none of these, and are read no further than their
/// first two letters and, while rejections are held, the byte triples of their title.
struct Judge<C> {
    /// The tracked decisions, and rejections.
    decisions: Vec<Tracked<C>>,
    rejections: Vec<Tracked<C>>,
    /// The next prune when there are this many (twice as many as the last one left).
    prune_at: usize,
}

/// A choice a list may show, as judged so far; what it says is read once, when a choice
/// offered after it asks.
struct Tracked<C> {
    key: RecencyKey,
    seq: usize,
    choice: C,
    kind: EntryType,
    /// The verb of an undoing pair it starts with.
    verb: Option<&'static str>,
    /// The byte triples of its title, lower-cased (once a needle is looked for in it).
    triples: Option<Triples>,
    /// Its title, lower-cased (once a needle is looked for in it).
    lower: Option<Vec<u8>>,
    /// `Some(None)`: it could not be read.
    facts: Option<Option<Facts>>,
    /// The subject words of what it chose, once asked (`Some(None)`: it could not be read).
    chosen: Option<Option<Vec<u64>>>,
    /// What an older title holds when this one takes it back ([`Tracked::needles`]); empty
    /// inside: it takes nothing back.
    needles: Option<Vec<Needles>>,
    taken_back: bool,
}

/// Pieces of text ([`pieces`](super::build::pieces)) a title holds when it holds some words,
/// and their byte triples: a title that lacks one of those (a few instructions to tell)
/// lacks a piece, and so a word.
struct Needles {
    pieces: Vec<Vec<u8>>,
    triples: Triples,
}

impl Needles {
    fn new(pieces: Vec<Vec<u8>>) -> Needles {
        let triples = pieces.iter().fold([0; 4], |set, p| union(set, triples(p)));
        Needles { pieces, triples }
    }
}

/// A set of the byte triples of a text (lower-cased as they are read), hashed into 256 bits.
type Triples = [u64; 4];

fn triples(bytes: &[u8]) -> Triples {
    let mut set = [0u64; 4];
    let mut h = 0u32;
    for (i, b) in bytes.iter().enumerate() {
        h = (h << 8 | u32::from(b.to_ascii_lowercase())) & 0xFF_FFFF;
        if i >= 2 {
            let bit = (h.wrapping_mul(0x9E37_79B1) >> 24) as usize;
            set[bit / 64] |= 1 << (bit % 64);
        }
    }
    set
}

fn union(a: Triples, b: Triples) -> Triples {
    [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
}

/// Whether `have` lacks a triple of `want`.
fn lacks(want: &Triples, have: &Triples) -> bool {
    (want[0] & !have[0]) | (want[1] & !have[1]) | (want[2] & !have[2]) | (want[3] & !have[3]) != 0
}

impl<C: Candidate> Tracked<C> {
    fn new(key: RecencyKey, seq: usize, choice: C, taken_back: bool) -> Tracked<C> {
        Tracked {
            key,
            seq,
            choice,
            kind: choice.kind(),
            verb: undoing_verb(choice.title()),
            triples: None,
            lower: None,
            facts: None,
            chosen: None,
            needles: None,
            taken_back,
        }
    }

    fn facts(&mut self) -> Option<&Facts> {
        let choice = self.choice;
        self.facts.get_or_insert_with(|| choice.facts()).as_ref()
    }

    /// What it chose ([`Facts`]): read from its title when it names no alternatives (a
    /// rejection never does), without building the entry.
    fn chosen(&mut self) -> Option<&[u64]> {
        if self.chosen.is_none() {
            let chosen = match self.choice.names_alternatives() {
                false => Some(plainly_chosen(self.choice.title())),
                true => self.facts().map(|f| f.chosen().to_vec()),
            };
            self.chosen = Some(chosen);
        }
        self.chosen.as_ref().and_then(|c| c.as_deref())
    }

    /// The byte triples of its title.
    fn triples(&mut self) -> Triples {
        let choice = self.choice;
        *(self.triples).get_or_insert_with(|| triples(choice.title().as_bytes()))
    }

    /// Whether its title holds every piece of `needles`: their byte triples first.
    fn holds(&mut self, needles: &Needles) -> bool {
        !lacks(&needles.triples, &self.triples()) && self.holds_pieces(needles)
    }

    /// Whether its title holds every piece of `needles`, looked for.
    fn holds_pieces(&mut self, needles: &Needles) -> bool {
        let choice = self.choice;
        let lower =
            (self.lower).get_or_insert_with(|| choice.title().as_bytes().to_ascii_lowercase());
        (needles.pieces.iter()).all(|p| memchr::memmem::find(lower, p).is_some())
    }

    /// What an older choice's title holds when this one takes it back (or, for a rejection,
    /// a decision's when either takes the other back): all of one of them. A rejection's
    /// chosen words (none when it chose nothing: it takes nothing back, nothing takes it
    /// back); the words of each alternative a decision names, and of the object it undoes.
    fn needles(&mut self) -> &[Needles] {
        let choice = self.choice;
        let (kind, verb) = (self.kind, self.verb);
        self.needles.get_or_insert_with(|| match kind {
            EntryType::Rejected => {
                let (chosen, pieces) = rejection_needles(choice.title());
                match chosen.is_empty() {
                    true => Vec::new(),
                    false => vec![Needles::new(pieces)],
                }
            }
            _ => {
                let alternatives = choice.alternatives().unwrap_or_default();
                let mut out: Vec<Needles> = (alternatives.iter())
                    .map(|alt| Needles::new(pieces(alt, 12).1))
                    .collect();
                if verb.is_some() {
                    out.push(Needles::new(undone_pieces(choice.title())));
                }
                out
            }
        })
    }
}

/// The fewest tracked choices a prune waits for.
const PRUNE_AT: usize = 64;

impl<C> Default for Judge<C> {
    fn default() -> Self {
        Judge {
            decisions: Vec::new(),
            rejections: Vec::new(),
            prune_at: PRUNE_AT,
        }
    }
}

impl<C: Candidate> Judge<C> {
    /// `c` (a decision or rejection, not KEY, not superseded) judges every tracked older
    /// choice, then is tracked itself.
    fn offer(&mut self, key: RecencyKey, seq: usize, c: C, taken_back: bool) {
        let mut newer = Tracked::new(key, seq, c, taken_back);
        let turns = newer.kind == EntryType::Decision && c.names_alternatives();
        // A decision that neither turns away nor undoes can only take back a rejection,
        // and only one whose words its title holds: the title's triples tell first.
        let judges_decisions = newer.kind == EntryType::Rejected || turns || newer.verb.is_some();
        let decisions = match judges_decisions {
            true => &mut self.decisions[..],
            false => &mut [],
        };
        for t in decisions {
            if t.taken_back || t.key >= key {
                continue;
            }
            t.taken_back = match newer.kind {
                // It turns away from one of the alternatives it names, or undoes the older
                // one's object with the other verb of a pair: the older title holds it.
                EntryType::Decision => {
                    let verb = newer.verb;
                    let undoes = (verb.zip(t.verb)).is_some_and(|(b, a)| undo_each_other(a, b));
                    let may = (turns || undoes) && {
                        // The alternatives' needles, then the object's when it undoes.
                        let needles = newer.needles();
                        let (turned, undone) = match verb {
                            Some(_) => needles.split_at(needles.len().saturating_sub(1)),
                            None => (needles, &[][..]),
                        };
                        (turns && turned.iter().any(|n| t.holds(n)))
                            || (undoes && undone.iter().any(|n| t.holds(n)))
                    };
                    may && (newer.facts().zip(t.facts()))
                        .is_some_and(|(newer, older)| older.taken_back_by(newer))
                }
                // What the rejection chose is what the decision chose, a word more or less.
                _ => {
                    (newer.needles().first()).is_some_and(|n| t.holds(n))
                        && (newer.chosen().zip(t.chosen()))
                            .is_some_and(|(rejected, decided)| same_choice(rejected, decided))
                }
            };
        }
        // The rejections a decision may take back: most lack a triple of the title at once.
        if newer.kind == EntryType::Decision && !self.rejections.is_empty() {
            let have = newer.triples();
            for t in self.rejections.iter_mut() {
                if t.taken_back || t.key >= key {
                    continue;
                }
                // Worked out as it was tracked.
                let Some(needles) = t.needles.as_ref().and_then(|n| n.first()) else {
                    continue;
                };
                if lacks(&needles.triples, &have) || !newer.holds_pieces(needles) {
                    continue;
                }
                t.taken_back = (t.chosen().zip(newer.chosen()))
                    .is_some_and(|(rejected, decided)| same_choice(rejected, decided));
            }
        }
        match newer.kind {
            EntryType::Rejected => {
                newer.needles();
                self.rejections.push(newer);
                // Only the newest rejections can be shown (the list keeps [`MAX_CHOICES`],
                // and one not among the newest so far never will be): judging stops at
                // those, so a memory of many rejections costs no more per decision.
                if self.rejections.len() > MAX_CHOICES + 8 {
                    let newest =
                        |a: &Tracked<C>, b: &Tracked<C>| b.key.cmp(&a.key).then(a.seq.cmp(&b.seq));
                    self.rejections.select_nth_unstable_by(MAX_CHOICES, newest);
                    self.rejections.truncate(MAX_CHOICES);
                }
            }
            _ => self.decisions.push(newer),
        }
    }

    fn len(&self) -> usize {
        self.decisions.len() + self.rejections.len()
    }

    /// Keep the tracked choices `keep` says.
    fn retain(&mut self, keep: impl Fn(&Tracked<C>) -> bool) {
        self.decisions.retain(&keep);
        self.rejections.retain(&keep);
    }

    /// Every tracked choice.
    fn tracked(&self) -> impl Iterator<Item = &Tracked<C>> {
        self.decisions.iter().chain(&self.rejections)
    }
}

/// Keep the provisional decisions that a block built on `newest` or later may show: those
/// not yet [`STALE_DAYS`] old on `newest`, and the newest [`MAX_LOOPS`] of the others.
fn prune_provisional<C>(list: &mut Vec<(RecencyKey, usize, C)>, newest: Option<NaiveDate>) {
    let Some(cutoff) =
        newest.and_then(|d| d.checked_sub_signed(chrono::Duration::days(STALE_DAYS)))
    else {
        return;
    };
    // Newest first, the earlier of equal keys first.
    list.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut stale = 0;
    list.retain(|(key, _, _)| {
        let recent = key.0.is_some_and(|d| d > cutoff);
        if recent {
            return true;
        }
        stale += 1;
        stale <= MAX_LOOPS
    });
}

/// The newest [`MAX_SUMMARIES`] summaries, newest first (by date, then line).
fn newest_summaries<'s>(
    summaries: impl Iterator<Item = &'s SessionSummary>,
) -> Vec<SessionSummary> {
    let mut top: Top<&SessionSummary> = Top::new(MAX_SUMMARIES);
    for s in summaries {
        // (date, line) orders them as the block's sort did.
        top.offer((Some(s.date), s.line), 0, s);
    }
    top.into_items()
        .into_iter()
        .map(|(_, _, s)| s.clone())
        .collect()
}

/// The newest date of any entity or session summary.
fn last_date(doc: &Document) -> Option<NaiveDate> {
    let entities = doc.entities.iter().filter_map(|e| e.date).max();
    let summaries = doc.summaries.iter().map(|s| s.date).max();
    entities.max(summaries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::snapshot::{decode_lazy, encode_into, extras_of};
    use crate::parse::{Resumable, parse_document};
    use crate::store::session_file::Session;

    /// The digest of `prefix` read from its encoded parse, with `rest` parsed after it.
    fn cached_digest(prefix: &str, rest: &str) -> Option<Digest> {
        cached_digest_within(prefix, rest, usize::MAX / 2)
    }

    fn cached_digest_within(prefix: &str, rest: &str, budget: usize) -> Option<Digest> {
        cached_digest_read(prefix, rest, budget, false)
    }
    /// With `without_state`, as a cache whose problem-resolution state cannot be read (the
    /// cached entries are then resolved again one by one).
    fn cached_digest_read(
        prefix: &str,
        rest: &str,
        budget: usize,
        without_state: bool,
    ) -> Option<Digest> {
        let mut parse = Resumable::default();
        parse.feed(prefix);
        let extras = extras_of(&parse, |_| false);
        let mut bytes = Vec::new();
        encode_into(&mut bytes, &parse, prefix.as_bytes(), &extras);
        let mut lazy = decode_lazy(&bytes, prefix.as_bytes()).expect("decodes");
        if without_state {
            lazy.waiting = &[];
        }
        let mut parse = std::mem::take(&mut lazy.parse);
        parse.feed(rest);
        let cached = Cached::new(lazy, parse.into_document(), budget)?;
        Some(cached.digest)
    }

    fn memory() -> String {
        let mut m = String::from(
            "# M\n\n## Project State\n- Goal: ship\n\n## Gotchas\n- KEY: undated key gotcha\n\
             - undated gotcha -> work around it\nproblem: undated problem on top\n\n",
        );
        for day in 1..=20u32 {
            m.push_str(&format!("## 2025-11-{day:02} | day {day} | mood: ok\n"));
            m.push_str(&format!("decided: use codec {day} because it streams\n"));
            m.push_str(&format!("decided: keep cache {day} for now\n"));
            m.push_str(&format!("problem: batch {day} hangs on big uploads\n"));
            if day % 3 == 0 {
                let fixed = day - 1;
                m.push_str(&format!("fixed: batch {fixed} hangs on big uploads\n"));
            }
            m.push_str(&format!("rejected: polling {day} - too slow\n"));
            m.push_str(&format!("decided: use queue {day} [superseded]\n"));
            m.push_str(&format!("gotcha: worker {day} leaks -> restart\n"));
            m.push_str(&format!("learned: KEY: schema {day} is append-only\n"));
            if day % 4 == 0 {
                m.push_str(&format!("Next: wire retry {day}\n"));
            }
            m.push_str("decided: an undated-looking line in a dated section\n");
        }
        m.push_str("## Notes\ndecided: undated after the last date\nNext: undated step\n");
        m
    }

    #[test]
    fn the_cached_digest_is_the_digest_of_the_whole_parse() {
        let whole = memory();
        let lines: Vec<usize> = whole.match_indices('\n').map(|(i, _)| i + 1).collect();
        for &cut in lines.iter().step_by(7).chain(lines.last()) {
            let (prefix, rest) = whole.split_at(cut);
            let expected = Digest::of(&parse_document(&whole));
            let digest = cached_digest(prefix, rest).expect("reads");
            assert_eq!(digest, expected, "cut at {cut}");
        }
        // Nothing after the cache, and an unfinished last line after it.
        let with_last = format!("{whole}## 2025-12-01\nKEY: decided: the last line");
        let cut = with_last.rfind('\n').unwrap() + 1;
        let (prefix, rest) = with_last.split_at(cut);
        let digest = cached_digest(prefix, rest).expect("reads");
        assert_eq!(digest, Digest::of(&parse_document(&with_last)));
    }

    #[test]
    fn a_next_step_a_later_fix_finished_is_left_out_whatever_the_cut() {
        // The newest step is finished by a later fix; an unrelated fix, one naming only
        // part of a step, or a fix before it, leaves a step to continue from.
        let finished = "# M\n\n## 2025-11-01 | s\nfixed: retry in the upload client\n\
             Next: add retry to the upload client\ndecided: use zstd\n\
             ## 2025-11-02 | t\nfixed: upload client timeout\nfixed: added retry to the upload client\n";
        let kept = "# M\n\n## 2025-11-01 | s\nfixed: retry in the upload client\n\
             Next: add retry to the upload client\ndecided: use zstd\n\
             ## 2025-11-02 | t\nfixed: upload client timeout\nfixed: retry for the download client\n";
        for (m, left) in [(finished, false), (kept, true)] {
            let whole = Digest::of(&parse_document(m));
            assert_eq!(whole.next_step.is_some(), left, "{m}");
            for (cut, _) in m.match_indices('\n') {
                let (prefix, rest) = m.split_at(cut + 1);
                for without_state in [false, true] {
                    let digest = cached_digest_read(prefix, rest, usize::MAX / 2, without_state);
                    assert_eq!(digest.expect("reads"), whole, "cut at {cut}");
                }
            }
        }
    }

    #[test]
    fn problems_resolved_before_and_after_the_cut_all_count() {
        // Fixes on both sides of every cut: the cached resolutions and those the lines after
        // the cache bring are one list, as the whole parse's.
        let mut m = String::from("# M\n\n## 2025-11-01 | s\n");
        for (n, thing) in ["upload", "login", "export", "search", "billing"]
            .iter()
            .enumerate()
        {
            m.push_str(&format!("problem: {thing} stalls at step {n}\n"));
            m.push_str(&format!("problem: {thing} cache drops entries\n"));
            if n > 0 {
                let before = ["upload", "login", "export", "search"][n - 1];
                m.push_str(&format!("fixed: {before} stalls at step {}\n", n - 1));
            }
        }
        m.push_str("fixed: billing cache no longer drops entries\n");
        let doc = parse_document(&m);
        let resolved = (doc.entities.iter())
            .filter(|e| e.status == Some(ProblemStatus::Resolved))
            .count();
        assert_eq!(resolved, 5);
        let whole = Digest::of(&doc);
        for (cut, _) in m.match_indices('\n') {
            let (prefix, rest) = m.split_at(cut + 1);
            for without_state in [false, true] {
                let digest = cached_digest_read(prefix, rest, usize::MAX / 2, without_state);
                assert_eq!(digest.expect("reads"), whole, "cut at {cut}");
            }
        }
    }

    #[test]
    fn progress_after_the_cache_resolves_as_the_whole_parse_does() {
        // A problem of five words needs three shared; nine cached progress entries share
        // two each and fill every word pair's candidates, so the later entry that shares
        // three is never looked at: the whole parse leaves the problem open, and so must
        // the cached reading, whatever the cut.
        let mut m = String::from("# M\n\n## 2025-11-01 | s\n");
        m.push_str("problem: alpha beta gamma delta epsilon crashes\n");
        m.push_str("problem: upload stalls at ninety percent\n");
        for pair in ["alpha beta", "alpha gamma", "beta gamma"] {
            for n in 0..3 {
                m.push_str(&format!("fixed: {pair} zeta{n}\n"));
            }
        }
        m.push_str("## 2025-11-02 | s\nfixed: alpha beta gamma together\n");
        m.push_str("fixed: upload stalls at ninety percent\nproblem: login loops twice\n");
        let doc = parse_document(&m);
        let status = |title: &str| {
            let e = doc.entities.iter().find(|e| e.title.starts_with(title));
            e.and_then(|e| e.status)
        };
        assert_eq!(status("alpha"), Some(ProblemStatus::Open));
        assert_eq!(status("upload"), Some(ProblemStatus::Resolved));
        assert_eq!(status("login"), Some(ProblemStatus::Open));
        let whole = Digest::of(&doc);
        let lines: Vec<usize> = m.match_indices('\n').map(|(i, _)| i + 1).collect();
        for &cut in &lines {
            let (prefix, rest) = m.split_at(cut);
            let digest = cached_digest(prefix, rest).expect("reads");
            assert_eq!(digest, whole, "cut at {cut}");
            let digest = cached_digest_read(prefix, rest, usize::MAX / 2, true).expect("reads");
            assert_eq!(digest, whole, "cut at {cut}, the state unread");
        }
    }

    #[test]
    fn a_choice_taken_back_stays_taken_back_however_many_choices_follow() {
        // A rejection and a provisional decision, both taken back the next day, then far
        // more decisions than the digest keeps: the lists may show the two (Ruled Out the
        // newest rejections, Open Loops the stale provisional decisions), so each is judged
        // against every later choice, whatever the cut of the cache.
        let mut m = String::from(
            "# M\n\n## 2026-03-02\n\
             decided against: Kafka for the order events - too heavy for our team\n\
             decided: for now, disable the e2e suite on PRs because the runner is flaky\n\
             decided against: GraphQL for the public API - no client needs it\n\
             ## 2026-03-03\n\
             decided: use Kafka for the order events because the volume grew 10x\n\
             decided: re-enable the e2e suite on PRs now that the runner is fixed\n\
             ## 2026-03-04\n",
        );
        for i in 1..=40 {
            m.push_str(&format!(
                "decided: use cursor pagination for module{i} lists\n"
            ));
        }
        let whole = Digest::of(&parse_document(&m));
        let judged = |title: &str| {
            let p = whole
                .entities
                .iter()
                .find(|p| p.entity.title.starts_with(title));
            p.map(|p| p.taken_back)
        };
        assert_eq!(judged("Kafka for the order events"), Some(true));
        assert_eq!(judged("for now, disable the e2e suite"), Some(true));
        assert_eq!(judged("GraphQL for the public API"), Some(false));
        assert_eq!(judged("use cursor pagination for module40"), Some(false));
        let lines: Vec<usize> = m.match_indices('\n').map(|(i, _)| i + 1).collect();
        for &cut in &lines {
            let (prefix, rest) = m.split_at(cut);
            assert_eq!(
                cached_digest(prefix, rest).expect("reads"),
                whole,
                "cut at {cut}"
            );
        }
        let session = Session {
            date: NaiveDate::from_ymd_opt(2026, 3, 28),
            ..Session::default()
        };
        let body = super::super::build::build(&super::super::build::Input {
            digest: &whole,
            session: Some(&session),
            extra: vec![],
            budget: 6000,
            split: true,
            named: vec![],
        })
        .shared
        .body;
        assert!(!body.contains("Kafka"), "{body}");
        assert!(!body.contains("e2e"), "{body}");
        assert!(
            body.contains("## Ruled Out\n- GraphQL for the public API"),
            "{body}"
        );
    }

    #[test]
    fn each_choice_kept_is_judged_as_every_later_choice_would_judge_it() {
        // Reversals of every kind among many overlapping choices: what the reader judged
        // as it went is what judging each kept choice against every later one gives.
        let things = [
            "Kafka",
            "Redis",
            "Postgres",
            "the e2e suite",
            "bcrypt",
            "argon2",
            "sled",
        ];
        let parts = [
            "the order events",
            "caching",
            "password hashing",
            "PRs",
            "the API",
        ];
        let mut seed = 7u32;
        let mut next = |n: usize| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) as usize % n
        };
        let mut m = String::from("# M\n\n");
        for day in 1..=28 {
            m.push_str(&format!("## 2026-02-{day:02}\n"));
            for _ in 0..12 {
                let (a, b, p) = (things[next(7)], things[next(7)], parts[next(5)]);
                let line = match next(9) {
                    0 => format!("decided against: {a} for {p} - too heavy"),
                    1 => format!("decided: use {a} instead of {b} for {p}"),
                    2 => format!("decided: switch from {a} to {b}"),
                    3 => format!("decided: for now, disable {a} on {p}"),
                    4 => format!("decided: re-enable {a} on {p} now that it works"),
                    5 => format!("decided: add {a} to {p}"),
                    6 => format!("decided: remove {a} from {p}"),
                    7 => format!("learned: {a} is slow for {p}"),
                    _ => format!("decided: use {a} for {p} because it is simple"),
                };
                m.push_str(&line);
                m.push('\n');
            }
        }
        let doc = parse_document(&m);
        let recency = Recency::of(&doc);
        let digest = Digest::of(&doc);
        let choices: Vec<&Entity> = (doc.entities.iter())
            .filter(|e| matches!(e.kind, EntryType::Decision | EntryType::Rejected) && !e.key)
            .collect();
        let mut judged = 0;
        for p in digest
            .entities
            .iter()
            .filter(|p| choices.iter().any(|c| c.line == p.entity.line))
        {
            let older = super::super::build::Choice::of(&p.entity);
            let expected = (choices.iter())
                .filter(|c| c.line > p.entity.line && recency.entity(c) > p.key)
                .any(|c| older.taken_back_by(&super::super::build::Choice::of(c)));
            assert_eq!(p.taken_back, expected, "{}", p.entity.text);
            judged += usize::from(expected);
        }
        assert!(judged > 5, "{judged}");
        let lines: Vec<usize> = m.match_indices('\n').map(|(i, _)| i + 1).collect();
        for &cut in lines.iter().step_by(17) {
            let (prefix, rest) = m.split_at(cut);
            assert_eq!(
                cached_digest(prefix, rest).expect("reads"),
                digest,
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn no_more_key_items_are_picked_than_a_block_can_show() {
        let mut m = String::from("# M\n\n## 2025-11-01\n");
        for i in 0..400 {
            m.push_str(&format!(
                "learned: KEY: rule {i}\ndecided: option {i} because why not\n"
            ));
        }
        for budget in [300, 1200, 6000] {
            let capped = cached_digest_within(&m, "", budget).expect("reads");
            let keys = capped.entities.iter().filter(|p| p.entity.key).count();
            assert_eq!(keys, (budget / 4 + 2).min(400));
            let block = |digest: &Digest| {
                super::super::build::build(&super::super::build::Input {
                    digest,
                    session: None,
                    extra: vec![],
                    budget,
                    split: true,
                    named: vec![],
                })
                .shared
                .body
            };
            let whole = Digest::of(&parse_document(&m));
            assert_eq!(block(&capped), block(&whole), "budget {budget}");
        }
    }

    #[test]
    fn lists_keep_what_the_block_shows() {
        let doc = parse_document(&memory());
        let digest = Digest::of(&doc);
        let count = |kind: EntryType| {
            digest
                .entities
                .iter()
                .filter(|p| p.entity.kind == kind && !p.entity.key)
                .count()
        };
        // The newest rejections, judged for the list (of 20).
        assert_eq!(count(EntryType::Rejected), MAX_CHOICES);
        assert_eq!(count(EntryType::Gotcha), MAX_GOTCHAS);
        assert_eq!(digest.summaries.len(), MAX_SUMMARIES);
        assert_eq!(digest.next_step.as_ref().unwrap().text, "undated step");
        assert!(digest.entities.iter().all(|p| !p.entity.superseded));
        assert_eq!(digest.latest.len(), 3);
    }
}
