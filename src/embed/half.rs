//! The linear layers' weights in half precision, derived once from `model.safetensors` into
//! `weights-f16.bin` beside it and then used in place from a memory map.
//!
//! A query's forward pass reads every linear layer's weights whole (~42.5 MB as f32 for
//! all-MiniLM-L6-v2): it is bound by that reading, and the mapped pages are most of a
//! search's resident memory. In half precision the same weights are half the bytes; the
//! products widen them to f32 in registers and accumulate in f32 (see `simd`), so a
//! sentence vector stays within a cosine of 0.9999 of the f32 one. Embedding tables, biases
//! and layer norms stay f32 in the safetensors map (a pass reads a few rows of the tables).
//!
//! The file records which `model.safetensors` it was made from (its length, modification
//! time and a hash of its header) and which tensors it holds, in which shapes; anything
//! that does not match (a re-installed model, another format, a damaged file) is derived
//! again and replaced atomically (temp file + rename). `mind model install` derives it
//! while it checks the model, so searches find it ready. Where it cannot be written the
//! pass uses the f32 weights, as before.
//!
//! The halves carry a hash too. Hashing 21 MB at every search would cost a few
//! milliseconds, so the file is given the modification time of the `model.safetensors` it
//! was made from: while it keeps that time it was not written since, and its halves are
//! used as they are; a file with any other time (written to in place, copied) has its
//! halves hashed, and is derived again when they do not match (or given its time back
//! when they do).
//!
//! Layout (little-endian): magic, format, source (length, mtime seconds, mtime nanoseconds,
//! header hash), tensor count, then per tensor its name (length + bytes), rows, columns and
//! the offset of its halves; then a hash of every byte after the header (the halves and
//! their padding) and a hash of everything before it. The halves follow, each tensor
//! starting on a 64-byte boundary.

use std::io::{Seek, Write};
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use memmap2::Mmap;

use super::simd::f32_to_f16;
use super::weights::{TensorId, Weights};
use crate::rank::cache::fast_hash;

const MAGIC: &[u8; 8] = b"MINDF16\0";
/// Raised whenever the layout changes: an older file is then derived again.
const FORMAT: u32 = 2;
pub const HALF_FILE: &str = "weights-f16.bin";
const ALIGN: usize = 64;

/// Which `model.safetensors` a derived file was made from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Source {
    len: u64,
    secs: u64,
    nanos: u32,
    header: u64,
}

impl Source {
    /// The source's modification time, which the derived file is given.
    fn modified(self) -> SystemTime {
        UNIX_EPOCH + Duration::new(self.secs, self.nanos)
    }

    fn of(path: &Path) -> Option<Source> {
        let meta = std::fs::metadata(path).ok()?;
        let modified = meta
            .modified()
            .ok()?
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?;
        // The safetensors header (tensor names, types, shapes, offsets): a few KB.
        let mut file = std::fs::File::open(path).ok()?;
        let mut len = [0u8; 8];
        std::io::Read::read_exact(&mut file, &mut len).ok()?;
        let n = usize::try_from(u64::from_le_bytes(len)).ok()?.min(1 << 24);
        let mut header = vec![0u8; n];
        std::io::Read::read_exact(&mut file, &mut header).ok()?;
        Some(Source {
            len: meta.len(),
            secs: modified.as_secs(),
            nanos: modified.subsec_nanos(),
            header: fast_hash(&header),
        })
    }
}

/// One tensor wanted in half precision: its name in the safetensors file and its shape.
pub struct Wanted<'a> {
    pub name: &'a str,
    pub id: TensorId,
    pub rows: usize,
    pub cols: usize,
}

/// The mapped file: the halves of each wanted tensor, in the order asked for.
pub struct HalfWeights {
    map: Mmap,
    ranges: Vec<std::ops::Range<usize>>,
}

impl HalfWeights {
    /// The halves of `wanted` (in that order) from the file at `path` when it was derived
    /// from `source` (the safetensors file `weights` maps) with exactly these tensors;
    /// else derived from `weights` now and written to `path`. `None` when the file can be
    /// neither read nor written (the caller then uses the f32 weights).
    pub fn open_or_derive(
        path: &Path,
        source: &Path,
        weights: &Weights,
        wanted: &[Wanted],
    ) -> Option<HalfWeights> {
        let from = Source::of(source)?;
        if let Some(half) = open(path, from, wanted) {
            return Some(half);
        }
        let folder = path.parent()?;
        // A derivation killed before its rename left a temp file here.
        crate::store::atomic::sweep_stale(folder);
        crate::store::atomic::refuse_read_only(path).ok()?;
        // The temp file first: in a folder that cannot be written nothing is converted,
        // so such a search pays no more than the f32 pass.
        let tmp = tempfile::Builder::new()
            .prefix(&crate::store::atomic::temp_prefix())
            .tempfile_in(folder)
            .ok()?;
        let mut out = std::io::BufWriter::with_capacity(1 << 16, tmp);
        let body = derive(from, weights, wanted, &mut out).ok()?;
        let mut tmp = out.into_inner().ok()?;
        // The header again, now with the halves' hash.
        tmp.rewind().ok()?;
        tmp.write_all(&header(from, wanted, body).0).ok()?;
        tmp.flush().ok()?;
        // The source's time: while the file keeps it, its halves need no hashing. (Where
        // times cannot be set, every open hashes them: slower, still right.)
        let _ = tmp.as_file().set_modified(from.modified());
        if crate::store::atomic::durable() {
            tmp.as_file().sync_all().ok()?;
        }
        tmp.persist(path).ok()?;
        crate::store::atomic::sync_dir(folder);
        open(path, from, wanted)
    }

    /// The halves of the `i`-th wanted tensor, row-major.
    pub fn halves(&self, i: usize) -> &[u16] {
        let bytes = &self.map[self.ranges[i].clone()];
        // SAFETY: `open` checked every range lies in the map, starts on a 64-byte offset
        // of a page-aligned map (so aligned for u16) and has an even length, on a
        // little-endian machine; every bit pattern is a valid u16.
        unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<u16>(), bytes.len() / 2) }
    }
}

/// The file's header for these tensors and halves whose hash is `body`, with the offsets
/// the halves go at.
fn header(from: Source, wanted: &[Wanted], body: u64) -> (Vec<u8>, Vec<std::ops::Range<usize>>) {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&from.len.to_le_bytes());
    out.extend_from_slice(&from.secs.to_le_bytes());
    out.extend_from_slice(&from.nanos.to_le_bytes());
    out.extend_from_slice(&from.header.to_le_bytes());
    out.extend_from_slice(&(wanted.len() as u32).to_le_bytes());
    // Offsets depend on the header's own length: names, shapes and offsets first.
    let fixed: usize = out.len()
        + wanted
            .iter()
            .map(|w| 4 + w.name.len() + 8 + 8 + 8)
            .sum::<usize>()
        + 8
        + 8;
    let mut at = fixed.next_multiple_of(ALIGN);
    let mut ranges = Vec::with_capacity(wanted.len());
    for w in wanted {
        let len = w.rows * w.cols * 2;
        out.extend_from_slice(&(w.name.len() as u32).to_le_bytes());
        out.extend_from_slice(w.name.as_bytes());
        out.extend_from_slice(&(w.rows as u64).to_le_bytes());
        out.extend_from_slice(&(w.cols as u64).to_le_bytes());
        out.extend_from_slice(&(at as u64).to_le_bytes());
        ranges.push(at..at + len);
        at = (at + len).next_multiple_of(ALIGN);
    }
    out.extend_from_slice(&body.to_le_bytes());
    let check = fast_hash(&out);
    out.extend_from_slice(&check.to_le_bytes());
    debug_assert_eq!(out.len(), fixed);
    (out, ranges)
}

/// The whole file for `wanted`, converted from `weights`, written to `out` a row at a time
/// (the 21 MB are never held in memory at once); its header holds no hash of the halves
/// yet: returns that hash, for the caller to write the header again with it.
fn derive(
    from: Source,
    weights: &Weights,
    wanted: &[Wanted],
    out: &mut impl std::io::Write,
) -> std::io::Result<u64> {
    let (head, ranges) = header(from, wanted, 0);
    out.write_all(&head)?;
    let mut body = xxhash_rust::xxh3::Xxh3::new();
    let mut put = |bytes: &[u8]| {
        body.update(bytes);
        out.write_all(bytes)
    };
    let mut at = head.len();
    let mut row = Vec::new();
    for (w, range) in wanted.iter().zip(&ranges) {
        let floats = weights.floats(w.id);
        if floats.len() * 2 != range.len() || w.cols == 0 {
            return Err(std::io::Error::other("a tensor of another size"));
        }
        put(&vec![0u8; range.start - at])?;
        for chunk in floats.chunks(w.cols) {
            row.clear();
            row.extend(chunk.iter().flat_map(|&v| f32_to_f16(v).to_le_bytes()));
            put(&row)?;
        }
        at = range.end;
    }
    Ok(body.digest())
}

/// The file at `path` mapped, when it is whole, was made from `from` for `wanted`, and its
/// halves are the ones it was written with.
fn open(path: &Path, from: Source, wanted: &[Wanted]) -> Option<HalfWeights> {
    if !cfg!(target_endian = "little") {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    // SAFETY: the map is only read; mind only ever replaces the file by a rename, never
    // rewrites it in place, so the mapped bytes stay as they were.
    let map = unsafe { Mmap::map(&file) }.ok()?;
    let (unhashed, ranges) = header(from, wanted, 0);
    let head = unhashed.len();
    let end = ranges.last().map_or(head, |r| r.end);
    if map.len() != end {
        return None;
    }
    let body = u64::from_le_bytes(map.get(head - 16..head - 8)?.try_into().ok()?);
    if map.get(..head)? != header(from, wanted, body).0.as_slice() {
        return None;
    }
    // Not written since it was derived (it has the source's time): the halves are used as
    // they are. Any other time: they are hashed first.
    if file.metadata().and_then(|m| m.modified()).ok() != Some(from.modified()) {
        if fast_hash(&map[head..]) != body {
            return None;
        }
        // Intact, only touched: its time put back, so the next open need not hash it.
        let _ = std::fs::File::options()
            .write(true)
            .open(path)
            .and_then(|f| f.set_modified(from.modified()));
    }
    Some(HalfWeights { map, ranges })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::Embedder;

    /// The tiny model: a load writes the file, a second load maps it unchanged, and a
    /// changed model or a damaged file is derived again.
    #[test]
    fn the_file_is_derived_once_and_again_when_its_source_changes() {
        let dir = tempfile::tempdir().unwrap();
        crate::embed::tiny::write_tiny_model(dir.path());
        let half = dir.path().join(HALF_FILE);
        let texts = ["the container scheduler", "jwt"];
        let first = Embedder::load(dir.path()).unwrap().embed(&texts).unwrap();
        let written = std::fs::read(&half).expect("derived by the load");
        // Two layers of four 32×32 matrices and two 32×64 ones, two bytes each, after
        // a header.
        let halves = 2 * (4 * 32 * 32 + 2 * 32 * 64) * 2;
        assert!(written.len() > halves && written.len() < halves + 4096);
        let modified = std::fs::metadata(&half).unwrap().modified().unwrap();
        let again = Embedder::load(dir.path()).unwrap().embed(&texts).unwrap();
        assert_eq!(again, first);
        assert_eq!(
            std::fs::metadata(&half).unwrap().modified().unwrap(),
            modified,
            "read, not rewritten"
        );

        // Damaged (a flipped header byte, a flipped byte among the halves, a cut tail,
        // junk): derived again, same vectors.
        let mut flipped = written.clone();
        flipped[20] ^= 1;
        let mut halves_flipped = written.clone();
        halves_flipped[written.len() * 2 / 3] ^= 0x10;
        for damaged in [
            flipped,
            halves_flipped,
            written[..written.len() - 2].to_vec(),
            b"junk".to_vec(),
        ] {
            std::fs::write(&half, &damaged).unwrap();
            let v = Embedder::load(dir.path()).unwrap().embed(&texts).unwrap();
            assert_eq!(v, first);
            assert_eq!(std::fs::read(&half).unwrap(), written);
        }

        // Intact but touched (copied back, say): used as it is, and given its time back.
        let source = dir.path().join("model.safetensors");
        let source_time = std::fs::metadata(&source).unwrap().modified().unwrap();
        assert_eq!(
            modified, source_time,
            "the derived file has the source's time"
        );
        std::fs::File::options()
            .write(true)
            .open(&half)
            .unwrap()
            .set_modified(UNIX_EPOCH + Duration::from_secs(1_500_000_000))
            .unwrap();
        assert_eq!(
            Embedder::load(dir.path()).unwrap().embed(&texts).unwrap(),
            first
        );
        assert_eq!(std::fs::read(&half).unwrap(), written);
        let meta = std::fs::metadata(&half).unwrap();
        assert_eq!(meta.modified().unwrap(), source_time);

        // Another model in its place (a re-install, which records its files anew): its
        // own halves, not the old ones. Same length and header; only the time tells (set
        // apart from the first, which a quick rewrite might share at the clock's
        // resolution).
        std::fs::write(&source, scaled(&std::fs::read(&source).unwrap())).unwrap();
        std::fs::File::options()
            .write(true)
            .open(&source)
            .unwrap()
            .set_modified(UNIX_EPOCH + Duration::from_secs(1_000_000_000))
            .unwrap();
        crate::embed::record::write(dir.path()).unwrap();
        let other = Embedder::load(dir.path()).unwrap().embed(&texts).unwrap();
        assert_ne!(other, first);
        assert_ne!(std::fs::read(&half).unwrap(), written);
        let fresh = tempfile::tempdir().unwrap();
        for name in ["config.json", "tokenizer.json", "model.safetensors"] {
            std::fs::copy(dir.path().join(name), fresh.path().join(name)).unwrap();
        }
        let from_scratch = Embedder::load(fresh.path()).unwrap().embed(&texts).unwrap();
        assert_eq!(other, from_scratch);
    }

    /// The same safetensors file with every f32 of its data halved (exact in binary).
    fn scaled(bytes: &[u8]) -> Vec<u8> {
        let n = u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
        let mut out = bytes[..8 + n].to_vec();
        for b in bytes[8 + n..].chunks_exact(4) {
            let v = f32::from_le_bytes(b.try_into().unwrap()) * 0.5 + 0.01;
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Half-precision weights move the tiny model's vectors by rounding only.
    #[test]
    fn the_tiny_models_vectors_in_half_precision_are_those_of_f32() {
        let dir = tempfile::tempdir().unwrap();
        crate::embed::tiny::write_tiny_model(dir.path());
        let texts = [
            "the container scheduler",
            "jwt",
            "kubernetes runs pods",
            "login timeout tests cache",
        ];
        let half = Embedder::load(dir.path()).unwrap();
        let full = Embedder::load_f32(dir.path()).unwrap();
        assert!(half.half_precision() && !full.half_precision());
        let (h, f) = (half.embed(&texts).unwrap(), full.embed(&texts).unwrap());
        for ((a, b), text) in h.iter().zip(&f).zip(texts) {
            assert_ne!(a, b, "{text}: the halves are used");
            let cosine = crate::embed::cosine(a, b);
            assert!(cosine >= 0.9999, "{text}: {cosine}");
        }
    }
}
