//! The vector cache: `.mind/cache/vectors.bin`, one vector per memory line, keyed by a
//! hash of the line's text.
//!
//! A search embeds only lines whose text has no vector yet, so editing one line costs one
//! embedding and a memory that did not change costs none. Like the index cache it is only
//! an optimisation: the file carries a format version, the model's fingerprint and a
//! checksum, anything that does not match is ignored (and rebuilt), and the folder can be
//! deleted at any time. Vectors are kept as signed bytes with one scale per vector (a
//! quarter of the size of floats; cosines move by well under 0.01), on disk and in memory:
//! a search compares the query with every line straight from the bytes ([`Quantized`]).
//! Loading the cache is one read of the file: vectors stay where they are in the bytes read
//! (no copy), and the map from key to slot hashes nothing (keys are hashes already).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::Write;
use std::path::Path;

use crate::rank::cache::fast_hash;

const MAGIC: &[u8; 8] = b"MINDVEC\0";
const FORMAT: u32 = 2;
pub const VECTORS_FILE: &str = "vectors.bin";

/// The hash a line's vector is stored under.
pub fn line_key(text: &str) -> u64 {
    fast_hash(text.as_bytes())
}

/// Where the file's records start: magic, format, model, dim, count.
const HEADER: usize = 8 + 4 + 8 + 4 + 4;
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

/// Line vectors by key, all of one model.
#[derive(Debug, Default)]
pub struct VectorCache {
    dim: usize,
    model: u64,
    slots: HashMap<u64, usize, BuildHasherDefault<KeyHasher>>,
    /// The file as read: slots `0..loaded` are its records, used in place.
    file: Vec<u8>,
    loaded: usize,
    /// Slots added since loading: `dim` signed bytes each.
    data: Vec<i8>,
    /// One scale per added slot: a value is `byte · scale`.
    scales: Vec<f32>,
    /// Slots read or written since loading (the rest are dropped on save).
    used: Vec<bool>,
    changed: bool,
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

    /// Read the cache in `dir`; a missing, damaged or other-model file gives an empty one.
    pub fn load(dir: &Path, dim: usize, model: u64) -> VectorCache {
        std::fs::read(dir.join(VECTORS_FILE))
            .ok()
            .and_then(|bytes| decode(bytes, dim, model))
            .unwrap_or_else(|| VectorCache::new(dim, model))
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
        if slot < self.loaded {
            let at = HEADER + slot * (RECORD_HEAD + self.dim);
            let scale = f32::from_le_bytes(self.file[at + 8..at + 12].try_into().unwrap());
            Quantized {
                scale,
                values: as_signed(&self.file[at + RECORD_HEAD..at + RECORD_HEAD + self.dim]),
            }
        } else {
            let added = slot - self.loaded;
            Quantized {
                scale: self.scales[added],
                values: &self.data[added * self.dim..(added + 1) * self.dim],
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
        self.changed = true;
        let scale = scale_of(vector);
        let bytes = vector.iter().map(|&x| quantize(x, scale));
        match self.slots.get(&key) {
            Some(&slot) if slot < self.loaded => {
                let at = HEADER + slot * (RECORD_HEAD + self.dim);
                self.file[at + 8..at + 12].copy_from_slice(&scale.to_le_bytes());
                let values = &mut self.file[at + RECORD_HEAD..at + RECORD_HEAD + self.dim];
                for (to, b) in values.iter_mut().zip(bytes) {
                    *to = b as u8;
                }
                self.used[slot] = true;
            }
            Some(&slot) => {
                let added = slot - self.loaded;
                for (to, b) in self.data[added * self.dim..(added + 1) * self.dim]
                    .iter_mut()
                    .zip(bytes)
                {
                    *to = b;
                }
                self.scales[added] = scale;
                self.used[slot] = true;
            }
            None => {
                self.slots.insert(key, self.used.len());
                self.data.extend(bytes);
                self.scales.push(scale);
                self.used.push(true);
            }
        }
    }

    /// Keep every stored vector on the next save, used or not (for a caller that looked at
    /// only some lines and must not drop the others).
    pub fn keep_unused(&mut self) {
        self.used.iter_mut().for_each(|u| *u = true);
    }

    /// Whether saving would write something new: vectors were added or some stored ones
    /// were not used (their lines are gone).
    pub fn needs_save(&self) -> bool {
        self.changed || self.used.iter().any(|u| !u)
    }

    /// Write the vectors in use (best effort: a cache that cannot be written is rebuilt
    /// next time).
    pub fn save(&self, dir: &Path) {
        let _ = self.try_save(dir);
    }

    fn try_save(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let mut keys: Vec<(u64, usize)> = self
            .slots
            .iter()
            .filter(|(_, s)| self.used[**s])
            .map(|(k, s)| (*k, *s))
            .collect();
        keys.sort_unstable();
        let mut out = Vec::with_capacity(32 + keys.len() * (12 + self.dim));
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT.to_le_bytes());
        out.extend_from_slice(&self.model.to_le_bytes());
        out.extend_from_slice(&(self.dim as u32).to_le_bytes());
        out.extend_from_slice(&(keys.len() as u32).to_le_bytes());
        for (key, slot) in keys {
            let v = self.at(slot);
            out.extend_from_slice(&key.to_le_bytes());
            out.extend_from_slice(&v.scale.to_le_bytes());
            out.extend(v.values.iter().map(|&b| b as u8));
        }
        let sum = fast_hash(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        let mut tmp = tempfile::Builder::new()
            .prefix(".mind-tmp-")
            .tempfile_in(dir)?;
        tmp.write_all(&out)?;
        tmp.persist(dir.join(VECTORS_FILE)).map_err(|e| e.error)?;
        Ok(())
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

fn decode(bytes: Vec<u8>, dim: usize, model: u64) -> Option<VectorCache> {
    let body_len = bytes.len().checked_sub(8)?;
    let (body, sum) = bytes.split_at(body_len);
    if fast_hash(body).to_le_bytes() != sum {
        return None;
    }
    let head = body.get(..HEADER)?;
    let u32_at = |at: usize| u32::from_le_bytes(head[at..at + 4].try_into().unwrap());
    if &head[..8] != MAGIC
        || u32_at(8) != FORMAT
        || u64::from_le_bytes(head[12..20].try_into().unwrap()) != model
        || u32_at(20) as usize != dim
    {
        return None;
    }
    let count = u32_at(24) as usize;
    let record = RECORD_HEAD + dim;
    let records = &body[HEADER..];
    if records.len() != count.checked_mul(record)? {
        return None;
    }
    let mut slots = HashMap::with_capacity_and_hasher(count, BuildHasherDefault::default());
    for (slot, r) in records.chunks_exact(record).enumerate() {
        let key = u64::from_le_bytes(r[..8].try_into().unwrap());
        let scale = f32::from_le_bytes(r[8..12].try_into().unwrap());
        if !scale.is_finite() {
            return None;
        }
        slots.insert(key, slot);
    }
    Some(VectorCache {
        dim,
        model,
        slots,
        file: bytes,
        loaded: count,
        used: vec![false; count],
        ..VectorCache::default()
    })
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

    #[test]
    fn round_trip_keeps_cosines_and_drops_unused() {
        let dir = tempfile::tempdir().unwrap();
        let mut cache = VectorCache::new(16, 42);
        cache.insert(1, &unit(1, 16));
        cache.insert(2, &unit(2, 16));
        cache.save(dir.path());
        let mut back = VectorCache::load(dir.path(), 16, 42);
        assert_eq!(back.len(), 2);
        let got = back.get(1).unwrap().to_vec();
        let dot: f32 = got.iter().zip(unit(1, 16)).map(|(a, b)| a * b).sum();
        assert!((dot - 1.0).abs() < 0.01, "{dot}");
        assert!(back.needs_save(), "key 2 was not used");
        back.save(dir.path());
        let again = VectorCache::load(dir.path(), 16, 42);
        assert_eq!(again.len(), 1);
        // Another model or size: nothing is trusted.
        assert!(VectorCache::load(dir.path(), 16, 43).is_empty());
        assert!(VectorCache::load(dir.path(), 8, 42).is_empty());
    }

    #[test]
    fn vectors_read_in_place_can_be_replaced_and_added_to() {
        let dir = tempfile::tempdir().unwrap();
        let mut cache = VectorCache::new(16, 7);
        cache.insert(1, &unit(1, 16));
        cache.insert(2, &unit(2, 16));
        cache.save(dir.path());
        let mut back = VectorCache::load(dir.path(), 16, 7);
        let before = back.get(2).unwrap().to_vec();
        back.insert(1, &unit(3, 16));
        back.insert(4, &unit(4, 16));
        assert_eq!(
            back.get(2).unwrap().to_vec(),
            before,
            "a neighbour is untouched"
        );
        back.save(dir.path());
        let mut again = VectorCache::load(dir.path(), 16, 7);
        assert_eq!(again.len(), 3);
        for (key, seed) in [(1, 3), (2, 2), (4, 4)] {
            let got = again.get(key).unwrap().to_vec();
            let dot: f32 = got.iter().zip(unit(seed, 16)).map(|(a, b)| a * b).sum();
            assert!((dot - 1.0).abs() < 0.01, "key {key}: {dot}");
        }
    }

    #[test]
    fn damage_gives_an_empty_cache() {
        let dir = tempfile::tempdir().unwrap();
        let mut cache = VectorCache::new(4, 1);
        cache.insert(9, &[0.5, 0.5, 0.5, 0.5]);
        cache.save(dir.path());
        let path = dir.path().join(VECTORS_FILE);
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(VectorCache::load(dir.path(), 4, 1).is_empty());
        std::fs::write(&path, b"junk").unwrap();
        assert!(VectorCache::load(dir.path(), 4, 1).is_empty());
    }
}
