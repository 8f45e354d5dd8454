//! The vector cache: `.mind/cache/vectors.bin`, one vector per memory line, keyed by a
//! hash of the line's text.
//!
//! A search embeds only lines whose text has no vector yet, so editing one line costs one
//! embedding and a memory that did not change costs none. Like the index cache it is only
//! an optimisation: the file carries a format version and the model's fingerprint, anything
//! that does not match is ignored (and rebuilt), and the folder can be deleted at any time.
//! Vectors are kept as signed bytes with one scale per vector (a quarter of the size of
//! floats; cosines move by well under 0.01), on disk and in memory: a search compares the
//! query with every line straight from the bytes ([`Quantized`]).
//!
//! The file grows by appending: new vectors go at its end as one block (a count, a
//! checksum of the block, the records) in one write, so a few new lines cost a few hundred
//! bytes, not a rewrite of every vector. A block that is cut short (a crash in the middle of
//! a write) or damaged ends the file as far as a reader is concerned: the blocks before it
//! are used, its lines and those after it are embedded again. The file is rewritten whole
//! (temp + rename) only to compact it, when the records no longer needed (lines gone,
//! vectors replaced) outnumber the live ones, or when its tail is unusable. It is never
//! truncated or changed in place, so a reader can map it: the bytes it mapped stay as they
//! were while another process appends or renames a new file over it. Writers hold the
//! project's lock.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::Write;
use std::path::Path;

use crate::rank::cache::fast_hash;

const MAGIC: &[u8; 8] = b"MINDVEC\0";
const FORMAT: u32 = 3;
pub const VECTORS_FILE: &str = "vectors.bin";
/// The line classifier's cache (`mind parse`): the same format, a file of its own, so that
/// search, which keeps only the memory's lines, does not drop the lines of other files.
pub const LINE_VECTORS_FILE: &str = "line-vectors.bin";

/// The hash a line's vector is stored under.
pub fn line_key(text: &str) -> u64 {
    fast_hash(text.as_bytes())
}

/// The file's header: magic, format, model, dim (compared whole with the expected one).
const HEADER: usize = 8 + 4 + 8 + 4;
/// A block's head: its record count and a checksum of its records (seeded with the count).
const BLOCK_HEAD: usize = 4 + 8;
/// A record: key, scale, then `dim` bytes.
const RECORD_HEAD: usize = 8 + 4;

/// Hashes a key that is already a hash: passes it through.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only u64 keys are hashed; anything else is folded in all the same.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The file's bytes as loaded: mapped where the platform lets a mapped file be replaced by
/// a rename (unix), else read.
#[derive(Debug, Default)]
enum Bytes {
    #[default]
    None,
    #[cfg(unix)]
    Mapped(memmap2::Mmap),
    #[allow(dead_code)]
    Read(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::None => &[],
            #[cfg(unix)]
            Bytes::Mapped(map) => map,
            Bytes::Read(bytes) => bytes,
        }
    }
}

/// Line vectors by key, all of one model.
#[derive(Debug, Default)]
pub struct VectorCache {
    dim: usize,
    model: u64,
    slots: HashMap<u64, usize, BuildHasherDefault<KeyHasher>>,
    /// The file as loaded; slots `0..records.len()` are its records, used in place.
    file: Bytes,
    /// Where each of the file's records starts.
    records: Vec<usize>,
    /// Slots added since loading: `dim` signed bytes each.
    data: Vec<i8>,
    /// One scale per added slot: a value is `byte · scale`.
    scales: Vec<f32>,
    /// Added slots already in the file (the others are pending).
    written: usize,
    /// Slots read or written since loading (the rest are no longer needed).
    used: Vec<bool>,
    /// Every vector counts as needed (a caller that looked at only some lines).
    keep_all: bool,
    /// Records the file holds, needed or not.
    on_disk: usize,
    /// The file as this process knows it: its length, if it can be appended to (it exists,
    /// its header matches and every block in it is whole).
    appendable: Option<u64>,
    /// A file was there (usable or not).
    existed: bool,
    /// The file's name in its folder ([`VECTORS_FILE`] when empty).
    name: &'static str,
}

impl VectorCache {
    /// An empty cache for vectors of `dim` floats from the model `model` (a fingerprint).
    pub fn new(dim: usize, model: u64) -> VectorCache {
        VectorCache {
            dim,
            model,
            ..VectorCache::default()
        }
    }

    /// Read the cache in `dir`: the vectors of every whole block. A missing file, or one of
    /// another model, format or size, gives an empty cache.
    pub fn load(dir: &Path, dim: usize, model: u64) -> VectorCache {
        VectorCache::load_named(dir, VECTORS_FILE, dim, model)
    }

    /// [`VectorCache::load`] from the file `name` in `dir`, which later saves write.
    pub fn load_named(dir: &Path, name: &'static str, dim: usize, model: u64) -> VectorCache {
        let mut cache = VectorCache {
            name,
            ..VectorCache::new(dim, model)
        };
        let Ok(file) = std::fs::File::open(dir.join(name)) else {
            return cache;
        };
        cache.existed = true;
        let Some(bytes) = bytes_of(&file) else {
            return cache;
        };
        cache.file = bytes;
        cache.index_blocks();
        cache
    }

    /// Check the header and each block in turn; the records of whole blocks become slots.
    fn index_blocks(&mut self) {
        let bytes = &*self.file;
        let Some(head) = bytes.get(..HEADER) else {
            return;
        };
        if head != header(self.model, self.dim).as_slice() {
            return;
        }
        let record = RECORD_HEAD + self.dim;
        let mut at = HEADER;
        let mut records = Vec::new();
        let mut slots = HashMap::default();
        while let Some(block) = bytes.get(at..at + BLOCK_HEAD) {
            let count = u32::from_le_bytes(block[..4].try_into().unwrap());
            let sum = u64::from_le_bytes(block[4..].try_into().unwrap());
            let start = at + BLOCK_HEAD;
            let Some(body) = (count as usize)
                .checked_mul(record)
                .and_then(|len| bytes.get(start..start.checked_add(len)?))
            else {
                break;
            };
            let scale = |r: &[u8]| f32::from_le_bytes(r[8..12].try_into().unwrap());
            if block_sum(count, body) != sum
                || !body.chunks_exact(record).all(|r| scale(r).is_finite())
            {
                break;
            }
            for (i, r) in body.chunks_exact(record).enumerate() {
                let key = u64::from_le_bytes(r[..8].try_into().unwrap());
                // A later record of a key replaces an earlier one.
                slots.insert(key, records.len());
                records.push(start + i * record);
            }
            at = start + body.len();
        }
        let whole = at == bytes.len();
        self.on_disk = records.len();
        self.used = vec![false; records.len()];
        self.records = records;
        self.slots = slots;
        self.appendable = whole.then_some(at as u64);
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The vector stored for `key`, marking it as still in use.
    pub fn get(&mut self, key: u64) -> Option<Quantized<'_>> {
        let slot = self.slot(key)?;
        Some(self.at(slot))
    }

    /// Where the vector of `key` is, marking it as still in use.
    pub fn slot(&mut self, key: u64) -> Option<usize> {
        let slot = *self.slots.get(&key)?;
        self.used[slot] = true;
        Some(slot)
    }

    /// The vector in `slot` (from [`VectorCache::slot`]).
    pub fn at(&self, slot: usize) -> Quantized<'_> {
        match self.records.get(slot) {
            Some(&at) => {
                let scale = f32::from_le_bytes(self.file[at + 8..at + 12].try_into().unwrap());
                Quantized {
                    scale,
                    values: as_signed(&self.file[at + RECORD_HEAD..at + RECORD_HEAD + self.dim]),
                }
            }
            None => {
                let added = slot - self.records.len();
                Quantized {
                    scale: self.scales[added],
                    values: &self.data[added * self.dim..(added + 1) * self.dim],
                }
            }
        }
    }

    pub fn contains(&self, key: u64) -> bool {
        self.slots.contains_key(&key)
    }

    /// Store `vector` (of `dim` floats) for `key`, as it will be saved (so a vector reads
    /// the same whether it was embedded now or loaded from the file).
    pub fn insert(&mut self, key: u64, vector: &[f32]) {
        debug_assert_eq!(vector.len(), self.dim);
        let scale = scale_of(vector);
        self.data.extend(vector.iter().map(|&x| quantize(x, scale)));
        self.scales.push(scale);
        self.slots.insert(key, self.used.len());
        self.used.push(true);
    }

    /// The file's name in its folder.
    fn file_name(&self) -> &'static str {
        if self.name.is_empty() {
            VECTORS_FILE
        } else {
            self.name
        }
    }

    /// Keep every stored vector on the next save, used or not (for a caller that looked at
    /// only some lines and must not drop the others).
    pub fn keep_unused(&mut self) {
        self.keep_all = true;
    }

    /// Vectors still needed: every key's current slot, if used (or all are kept).
    fn live(&self) -> usize {
        if self.keep_all {
            self.slots.len()
        } else {
            self.slots.values().filter(|&&s| self.used[s]).count()
        }
    }

    fn pending(&self) -> usize {
        self.scales.len() - self.written
    }

    /// Whether the file should be rewritten whole: it cannot be appended to, or the records
    /// no longer needed (lines gone, vectors replaced) outnumber the live ones.
    fn wants_rewrite(&self) -> bool {
        let live = self.live();
        let dead = (self.on_disk + self.pending()).saturating_sub(live);
        match self.appendable {
            None => self.existed || live > 0,
            Some(_) => dead > live,
        }
    }

    /// Whether saving would write something: new vectors, or a compaction.
    pub fn needs_save(&self) -> bool {
        self.pending() > 0 || self.wants_rewrite()
    }

    /// Write what is new: the pending vectors appended as one block, or the file rewritten
    /// with the live vectors only when that is due. The caller holds the project's lock.
    /// Best effort: a cache that cannot be written is rebuilt next time.
    pub fn save(&mut self, dir: &Path) {
        // A cloned repository's `.mind/cache` (or the file) may be a link out of the project:
        // then the cache is simply not kept.
        if self.needs_save() && crate::store::guard::check(&dir.join(self.file_name())).is_ok() {
            let _ = self.try_save(dir);
        }
    }

    fn try_save(&mut self, dir: &Path) -> std::io::Result<()> {
        if !self.wants_rewrite() && self.try_append(dir)? {
            return Ok(());
        }
        self.rewrite(dir)
    }

    /// Append the pending vectors; `false` when the file is not the one this loaded
    /// (another process appended or replaced it), which then has to be rewritten.
    fn try_append(&mut self, dir: &Path) -> std::io::Result<bool> {
        let Some(len) = self.appendable else {
            return Ok(false);
        };
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(dir.join(self.file_name()))?;
        if file.metadata()?.len() != len {
            return Ok(false);
        }
        let first = self.records.len() + self.written;
        let slots: Vec<(u64, usize)> = self
            .slots
            .iter()
            .filter(|(_, s)| **s >= first)
            .map(|(k, s)| (*k, *s))
            .collect();
        let block = self.block(&slots);
        // One write: a reader sees the block whole or (cut short) not at all.
        file.write_all(&block)?;
        self.appendable = Some(len + block.len() as u64);
        self.on_disk += slots.len();
        self.written = self.scales.len();
        Ok(true)
    }

    /// Replace the file with one holding the live vectors only (temp + rename).
    fn rewrite(&mut self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let mut live: Vec<(u64, usize)> = self
            .slots
            .iter()
            .filter(|(_, s)| self.keep_all || self.used[**s])
            .map(|(k, s)| (*k, *s))
            .collect();
        live.sort_unstable();
        let mut out = header(self.model, self.dim);
        out.extend(self.block(&live));
        let mut tmp = tempfile::Builder::new()
            .prefix(&crate::store::atomic::temp_prefix())
            .tempfile_in(dir)?;
        tmp.write_all(&out)?;
        tmp.persist(dir.join(self.file_name()))
            .map_err(|e| e.error)?;
        self.existed = true;
        self.appendable = Some(out.len() as u64);
        self.on_disk = live.len();
        self.written = self.scales.len();
        // The records not written are gone from the file: none of them is dead any more.
        if !self.keep_all {
            let keep: std::collections::HashSet<usize> = live.iter().map(|l| l.1).collect();
            self.slots.retain(|_, s| keep.contains(s));
        }
        Ok(())
    }

    /// A block of the vectors in `slots`: count, checksum, records.
    fn block(&self, slots: &[(u64, usize)]) -> Vec<u8> {
        let mut records = Vec::with_capacity(slots.len() * (RECORD_HEAD + self.dim));
        for &(key, slot) in slots {
            let v = self.at(slot);
            records.extend_from_slice(&key.to_le_bytes());
            records.extend_from_slice(&v.scale.to_le_bytes());
            records.extend(v.values.iter().map(|&b| b as u8));
        }
        let count = slots.len() as u32;
        let mut out = Vec::with_capacity(BLOCK_HEAD + records.len());
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&block_sum(count, &records).to_le_bytes());
        out.extend(records);
        out
    }
}

/// The file's header for `model` and `dim`.
fn header(model: u64, dim: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&model.to_le_bytes());
    out.extend_from_slice(&(dim as u32).to_le_bytes());
    out
}

/// A block's checksum: its records, seeded with their count.
fn block_sum(count: u32, records: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64_with_seed(records, u64::from(count))
}

/// The file's bytes: mapped (its pages read ahead in one call) on unix, else read.
fn bytes_of(file: &std::fs::File) -> Option<Bytes> {
    #[cfg(unix)]
    {
        if file.metadata().ok()?.len() == 0 {
            return Some(Bytes::None);
        }
        // SAFETY: the map is only read, and the file is never changed in place: writers
        // append past the end this mapped or rename a new file over it (module docs).
        let map = unsafe { memmap2::MmapOptions::new().populate().map(file) }.ok()?;
        Some(Bytes::Mapped(map))
    }
    #[cfg(not(unix))]
    {
        use std::io::Read;
        let mut bytes = Vec::new();
        let mut file = file;
        file.read_to_end(&mut bytes).ok()?;
        Some(Bytes::Read(bytes))
    }
}

/// A stored vector: `values[i] · scale` are its floats.
#[derive(Debug, Clone, Copy)]
pub struct Quantized<'a> {
    pub scale: f32,
    pub values: &'a [i8],
}

impl Quantized<'_> {
    /// Its floats.
    pub fn to_vec(&self) -> Vec<f32> {
        self.values
            .iter()
            .map(|&b| f32::from(b) * self.scale)
            .collect()
    }

    /// Dot product with a float vector (the cosine when both are unit length), read
    /// straight from the bytes.
    pub fn dot(&self, other: &[f32]) -> f32 {
        super::dot_i8(other, self.values) * self.scale
    }
}

/// `vector` as the cache stores it and gives it back (signed bytes and a scale): what a
/// caller that caches some vectors and not others uses for the rest, so a result never
/// depends on whether a vector came from the cache.
pub fn as_cached(vector: &[f32]) -> Vec<f32> {
    let scale = scale_of(vector);
    vector
        .iter()
        .map(|&x| f32::from(quantize(x, scale)) * scale)
        .collect()
}

/// Bytes read as the signed bytes they were written from.
fn as_signed(bytes: &[u8]) -> &[i8] {
    // SAFETY: i8 and u8 have the same size and alignment, and every bit pattern is valid.
    unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<i8>(), bytes.len()) }
}

/// The scale that maps a vector's largest magnitude to 127.
fn scale_of(vector: &[f32]) -> f32 {
    vector.iter().fold(0f32, |m, x| m.max(x.abs())) / 127.0
}

fn quantize(x: f32, scale: f32) -> i8 {
    let q = if scale > 0.0 {
        (x / scale).round()
    } else {
        0.0
    };
    q.clamp(-127.0, 127.0) as i8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(seed: u32, dim: usize) -> Vec<f32> {
        let v: Vec<f32> = (0..dim)
            .map(|i| ((i as u32 * 7919 + seed * 104_729) % 1000) as f32 / 500.0 - 1.0)
            .collect();
        let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        v.into_iter().map(|x| x / n).collect()
    }

    /// The cosine of the stored vector of `key` with the unit vector of `seed`.
    fn cosine(cache: &mut VectorCache, key: u64, seed: u32) -> f32 {
        let got = cache.get(key).unwrap().to_vec();
        got.iter().zip(unit(seed, 16)).map(|(a, b)| a * b).sum()
    }

    /// A cache of `dim` 16 holding `keys` (each under the vector of its own seed), saved.
    fn saved(dir: &Path, keys: &[u64]) -> VectorCache {
        let mut cache = VectorCache::load(dir, 16, 42);
        for &k in keys {
            cache.insert(k, &unit(k as u32, 16));
        }
        cache.save(dir);
        cache
    }

    fn file(dir: &Path) -> Vec<u8> {
        std::fs::read(dir.join(VECTORS_FILE)).unwrap()
    }

    const RECORD: usize = RECORD_HEAD + 16;

    #[test]
    fn round_trip_keeps_cosines_and_trusts_only_its_own_model_and_size() {
        let dir = tempfile::tempdir().unwrap();
        saved(dir.path(), &[1, 2]);
        let mut back = VectorCache::load(dir.path(), 16, 42);
        assert_eq!(back.len(), 2);
        assert!((cosine(&mut back, 1, 1) - 1.0).abs() < 0.01);
        assert!(VectorCache::load(dir.path(), 16, 43).is_empty());
        assert!(VectorCache::load(dir.path(), 8, 42).is_empty());
    }

    #[test]
    fn new_vectors_are_appended_as_one_block_and_the_rest_stays_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        saved(dir.path(), &[1, 2]);
        let before = file(dir.path());
        assert_eq!(before.len(), HEADER + BLOCK_HEAD + 2 * RECORD);
        let mut cache = VectorCache::load(dir.path(), 16, 42);
        cache.slot(1);
        cache.slot(2);
        assert!(!cache.needs_save(), "nothing new, nothing dead");
        cache.insert(3, &unit(3, 16));
        cache.save(dir.path());
        let after = file(dir.path());
        assert_eq!(&after[..before.len()], &before[..]);
        assert_eq!(after.len(), before.len() + BLOCK_HEAD + RECORD);
        // The vectors added in this process stay readable after the save.
        assert!((cosine(&mut cache, 3, 3) - 1.0).abs() < 0.01);
        let mut back = VectorCache::load(dir.path(), 16, 42);
        assert_eq!(back.len(), 3);
        for key in [1, 2, 3] {
            assert!((cosine(&mut back, key, key as u32) - 1.0).abs() < 0.01);
        }
    }

    #[test]
    fn a_vector_stored_again_replaces_the_older_one() {
        let dir = tempfile::tempdir().unwrap();
        saved(dir.path(), &[1, 2, 3]);
        let mut cache = VectorCache::load(dir.path(), 16, 42);
        cache.keep_unused();
        cache.insert(2, &unit(9, 16));
        cache.save(dir.path());
        let mut back = VectorCache::load(dir.path(), 16, 42);
        assert_eq!(back.len(), 3);
        assert!((cosine(&mut back, 2, 9) - 1.0).abs() < 0.01);
    }

    #[test]
    fn the_file_is_compacted_once_dead_records_outnumber_live_ones() {
        let dir = tempfile::tempdir().unwrap();
        saved(dir.path(), &[1, 2, 3, 4]);
        // Half still needed: no rewrite for that.
        let mut cache = VectorCache::load(dir.path(), 16, 42);
        cache.slot(1);
        cache.slot(2);
        assert!(!cache.needs_save());
        // One of four: the file is rewritten with it alone.
        let mut cache = VectorCache::load(dir.path(), 16, 42);
        cache.slot(4);
        assert!(cache.needs_save());
        cache.save(dir.path());
        assert_eq!(file(dir.path()).len(), HEADER + BLOCK_HEAD + RECORD);
        // The loaded vectors stay readable after the rewrite; a new one is appended to it.
        assert!((cosine(&mut cache, 4, 4) - 1.0).abs() < 0.01);
        cache.insert(5, &unit(5, 16));
        cache.save(dir.path());
        let mut back = VectorCache::load(dir.path(), 16, 42);
        assert_eq!(back.len(), 2);
        assert!((cosine(&mut back, 5, 5) - 1.0).abs() < 0.01);
        assert!(back.get(1).is_none());
        // A caller that keeps what it did not look at never drops anything.
        let mut keeping = VectorCache::load(dir.path(), 16, 42);
        keeping.keep_unused();
        assert!(!keeping.needs_save());
    }

    #[test]
    fn a_torn_or_damaged_block_is_ignored_with_everything_after_it() {
        let dir = tempfile::tempdir().unwrap();
        saved(dir.path(), &[1, 2]);
        let first = file(dir.path()).len();
        let mut cache = VectorCache::load(dir.path(), 16, 42);
        cache.keep_unused();
        cache.insert(3, &unit(3, 16));
        cache.save(dir.path());
        let whole = file(dir.path());
        assert_eq!(whole.len(), first + BLOCK_HEAD + RECORD, "appended");
        // Cut inside the second block: the first is used, the file is rewritten on save.
        std::fs::write(dir.path().join(VECTORS_FILE), &whole[..whole.len() - 5]).unwrap();
        let mut torn = VectorCache::load(dir.path(), 16, 42);
        assert_eq!(torn.len(), 2);
        assert!(torn.get(3).is_none());
        assert!(
            torn.needs_save(),
            "nothing can be appended after a torn block"
        );
        torn.keep_unused();
        torn.insert(3, &unit(3, 16));
        torn.save(dir.path());
        assert_eq!(VectorCache::load(dir.path(), 16, 42).len(), 3);
        // A flipped byte in the first block: nothing from it or after it is trusted.
        let mut bytes = whole.clone();
        bytes[first - 3] ^= 1;
        std::fs::write(dir.path().join(VECTORS_FILE), &bytes).unwrap();
        assert!(VectorCache::load(dir.path(), 16, 42).is_empty());
        // In the second: the first block's vectors are kept.
        let mut bytes = whole.clone();
        bytes[whole.len() - 3] ^= 1;
        std::fs::write(dir.path().join(VECTORS_FILE), &bytes).unwrap();
        assert_eq!(VectorCache::load(dir.path(), 16, 42).len(), 2);
        std::fs::write(dir.path().join(VECTORS_FILE), b"junk").unwrap();
        assert!(VectorCache::load(dir.path(), 16, 42).is_empty());
    }

    #[test]
    fn a_file_another_process_changed_since_loading_is_rewritten_not_appended_to() {
        let dir = tempfile::tempdir().unwrap();
        saved(dir.path(), &[1]);
        let mut mine = VectorCache::load(dir.path(), 16, 42);
        mine.keep_unused();
        let mut theirs = VectorCache::load(dir.path(), 16, 42);
        theirs.keep_unused();
        theirs.insert(2, &unit(2, 16));
        theirs.save(dir.path());
        mine.insert(3, &unit(3, 16));
        mine.save(dir.path());
        let mut back = VectorCache::load(dir.path(), 16, 42);
        // Whole and readable: its own vectors and the ones it loaded.
        assert!(back.get(1).is_some() && back.get(3).is_some());
    }
}
