//! Posting lists: `(id, count)` pairs kept end to end while a segment is built, written as
//! LEB128 varints with ids as gaps from the previous id of the same list, and read back
//! in place (see the layout in `segment`).

/// `(id, count)` pairs read from varints, ids as gaps (see the layout).
pub struct Pairs<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) pos: usize,
    /// Pairs still to read (the bytes' end stops it too).
    pub(super) left: usize,
    pub(super) prev: usize,
}

impl Pairs<'_> {
    #[inline]
    fn varint(&mut self) -> Option<u64> {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let b = *self.bytes.get(self.pos)?;
            self.pos += 1;
            v |= u64::from(b & 0x7f).checked_shl(shift)?;
            if b & 0x80 == 0 {
                return Some(v);
            }
            shift += 7;
        }
    }
}

impl Iterator for Pairs<'_> {
    type Item = (usize, u32);

    #[inline]
    fn next(&mut self) -> Option<(usize, u32)> {
        if self.left == 0 {
            return None;
        }
        let pair = self
            .varint()
            .zip(self.varint())
            .and_then(|(gap, tf)| Some((self.prev.checked_add(usize::try_from(gap).ok()?)?, tf)));
        match pair {
            Some((id, tf)) => {
                self.left -= 1;
                self.prev = id;
                Some((id, tf as u32))
            }
            None => {
                self.left = 0;
                None
            }
        }
    }
}

/// Lists of `(id, count)` pairs (one per doc, section or term), stored end to end, so that
/// building a segment allocates a few large arrays instead of one per line and per term.
pub(super) struct Lists {
    /// Where each list ends in `pairs`.
    pub(super) ends: Vec<usize>,
    pub(super) pairs: Vec<(u32, u32)>,
}

impl Lists {
    pub(super) fn with_capacity(lists: usize) -> Self {
        Lists {
            ends: Vec::with_capacity(lists),
            pairs: Vec::new(),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(super) fn start(&self, i: usize) -> usize {
        if i == 0 { 0 } else { self.ends[i - 1] }
    }

    pub(super) fn get(&self, i: usize) -> &[(u32, u32)] {
        &self.pairs[self.start(i)..self.ends[i]]
    }

    /// Append a list: the sorted `(id, count)` pairs of a list of ids.
    pub(super) fn push_counts(&mut self, ids: &mut [u32]) {
        ids.sort_unstable();
        let from = self.pairs.len();
        for &id in ids.iter() {
            match self.pairs[from..].last_mut() {
                Some((t, c)) if *t == id => *c += 1,
                _ => self.pairs.push((id, 1)),
            }
        }
        self.ends.push(self.pairs.len());
    }

    /// Rename every id through `remap`, keeping each list sorted by id.
    pub(super) fn remap(&mut self, remap: &[u32]) {
        for i in 0..self.len() {
            let (s, e) = (self.start(i), self.ends[i]);
            let list = &mut self.pairs[s..e];
            for (t, _) in list.iter_mut() {
                *t = remap[*t as usize];
            }
            list.sort_unstable();
        }
    }

    /// The inverted lists: for each of `n` ids, the `(list, count)` pairs of the lists that
    /// hold it, in list order.
    pub(super) fn invert(&self, n: usize) -> Lists {
        let mut ends = vec![0usize; n];
        for &(t, _) in &self.pairs {
            ends[t as usize] += 1;
        }
        let mut total = 0;
        for e in ends.iter_mut() {
            total += *e;
            *e = total;
        }
        let mut next: Vec<usize> = (0..n)
            .map(|t| if t == 0 { 0 } else { ends[t - 1] })
            .collect();
        let mut pairs = vec![(0u32, 0u32); total];
        for i in 0..self.len() {
            for &(t, c) in self.get(i) {
                let slot = &mut next[t as usize];
                pairs[*slot] = (i as u32, c);
                *slot += 1;
            }
        }
        Lists { ends, pairs }
    }
}

/// Lists of `(id, count)` pairs packed as varints, ids as gaps within a list (the layout's
/// postings), end to end: a segment's forward lists while it is built, at about a third of
/// the size of [`Lists`].
#[derive(Default)]
pub(super) struct Packed {
    pub(super) bytes: Vec<u8>,
    /// Where each list ends in `bytes`.
    ends: Vec<usize>,
}

impl Packed {
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Byte start of list `i`.
    pub(super) fn start(&self, i: usize) -> usize {
        if i == 0 { 0 } else { self.ends[i - 1] }
    }

    pub(super) fn get(&self, i: usize) -> Pairs<'_> {
        Pairs {
            bytes: &self.bytes[self.start(i)..self.ends[i]],
            pos: 0,
            left: usize::MAX,
            prev: 0,
        }
    }

    /// Append a list: the sorted `(id, count)` pairs of a list of ids; returns the sum of
    /// the counts (the number of ids).
    pub(super) fn push_counts(&mut self, ids: &mut [u32]) -> u32 {
        ids.sort_unstable();
        let mut prev = 0u32;
        let mut i = 0;
        while i < ids.len() {
            let id = ids[i];
            let run = ids[i..].iter().take_while(|&&x| x == id).count();
            varint(&mut self.bytes, id - prev);
            varint(&mut self.bytes, run as u32);
            prev = id;
            i += run;
        }
        self.ends.push(self.bytes.len());
        ids.len() as u32
    }

    /// The same lists with every id renamed through `remap`, each list sorted by id again
    /// (these are dropped as soon as the new ones are made).
    pub(super) fn remapped(self, remap: &[u32]) -> Packed {
        let mut out = Packed {
            bytes: Vec::with_capacity(self.bytes.len()),
            ends: Vec::with_capacity(self.len()),
        };
        let mut list: Vec<(u32, u32)> = Vec::new();
        for i in 0..self.len() {
            list.clear();
            list.extend(self.get(i).map(|(t, c)| (remap[t], c)));
            list.sort_unstable();
            let mut prev = 0u32;
            for &(id, c) in &list {
                varint(&mut out.bytes, id - prev);
                varint(&mut out.bytes, c);
                prev = id;
            }
            out.ends.push(out.bytes.len());
        }
        out
    }

    /// For each of `n` ids, how many lists hold it and how many bytes its inverted list
    /// (`(list, count)` pairs, lists as gaps) takes as varints.
    pub(super) fn inverted_sizes(&self, n: usize) -> (Vec<u32>, Vec<u32>) {
        let mut counts = vec![0u32; n];
        let mut bytes = vec![0u32; n];
        let mut last = vec![0u32; n];
        for i in 0..self.len() {
            for (t, c) in self.get(i) {
                counts[t] += 1;
                bytes[t] += (varint_len(i as u32 - last[t]) + varint_len(c)) as u32;
                last[t] = i as u32;
            }
        }
        (counts, bytes)
    }

    /// Write the inverted lists (for each id, the `(list, count)` pairs of the lists that
    /// hold it, in list order) into `region` (exactly their size) as varint pairs, each id's list at its place, written
    /// straight from these lists in one pass: the inverted pairs never exist as a second
    /// array. `bytes` is each id's encoded length (from [`Packed::inverted_sizes`]); returns
    /// each id's byte start in `region`.
    pub(super) fn encode_inverted(&self, bytes: &[u32], region: &mut [u8]) -> Vec<u32> {
        let mut starts = Vec::with_capacity(bytes.len());
        let mut total = 0u32;
        for &b in bytes {
            starts.push(total);
            total += b;
        }
        debug_assert_eq!(region.len(), total as usize);
        let mut cursor: Vec<u32> = starts.clone();
        let mut last = vec![0u32; bytes.len()];
        for i in 0..self.len() {
            for (t, c) in self.get(i) {
                let at = &mut cursor[t];
                put_varint(region, at, i as u32 - last[t]);
                put_varint(region, at, c);
                last[t] = i as u32;
            }
        }
        starts
    }
}

/// The bytes every list of `lists` takes as varint pairs (see [`encode_into`]).
pub(super) fn encoded_len(lists: &Lists) -> usize {
    (0..lists.len())
        .map(|i| {
            let mut prev = 0u32;
            lists
                .get(i)
                .iter()
                .map(|&(id, tf)| {
                    let n = varint_len(id - prev) + varint_len(tf);
                    prev = id;
                    n
                })
                .sum::<usize>()
        })
        .sum()
}

/// Write every list of `lists` into `region` (exactly [`encoded_len`] bytes) as varint
/// pairs (ids as gaps within the list), end to end; returns each list's byte start.
pub(super) fn encode_into(lists: &Lists, region: &mut [u8]) -> Vec<u32> {
    let mut starts = Vec::with_capacity(lists.len());
    let mut at = 0u32;
    for i in 0..lists.len() {
        starts.push(at);
        let mut prev = 0u32;
        for &(id, tf) in lists.get(i) {
            put_varint(region, &mut at, id - prev);
            put_varint(region, &mut at, tf);
            prev = id;
        }
    }
    debug_assert_eq!(at as usize, region.len());
    starts
}

fn varint_len(v: u32) -> usize {
    match v {
        0..0x80 => 1,
        0x80..0x4000 => 2,
        0x4000..0x20_0000 => 3,
        0x20_0000..0x1000_0000 => 4,
        _ => 5,
    }
}

fn put_varint(out: &mut [u8], at: &mut u32, mut v: u32) {
    while v >= 0x80 {
        out[*at as usize] = v as u8 | 0x80;
        *at += 1;
        v >>= 7;
    }
    out[*at as usize] = v as u8;
    *at += 1;
}

fn varint(out: &mut Vec<u8>, mut v: u32) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}
