//! The model's weights, used in place from a memory map of `model.safetensors`.
//!
//! A search embeds one short query, so starting the model must cost next to nothing: the
//! file is mapped, its header read, and each f32 tensor is a slice of the map (no copy, no
//! page touched until the forward pass reads it; a warm page cache serves the pages). A
//! tensor that cannot be viewed in place (not 4-byte aligned in the file, or a big-endian
//! machine) is copied once into memory of its own, so any valid file still loads.

use std::collections::HashMap;
use std::path::Path;

use memmap2::Mmap;
use safetensors::{Dtype, SafeTensors};

/// A tensor of the file: its shape and where its floats are.
struct Entry {
    shape: Vec<usize>,
    place: Place,
}

enum Place {
    /// Byte range of the map holding the floats, aligned for f32.
    Mapped(std::ops::Range<usize>),
    /// Index into `Weights::copies`.
    Copied(usize),
}

/// A handle to one tensor, checked at load time (see [`Weights::tensor`]).
#[derive(Debug, Clone, Copy)]
pub struct TensorId(usize);

/// The f32 tensors of a safetensors file.
pub struct Weights {
    map: Mmap,
    entries: Vec<Entry>,
    by_name: HashMap<String, usize>,
    copies: Vec<Vec<f32>>,
}

impl Weights {
    /// Map `path` and index its f32 tensors (tensors of other types, such as BERT's
    /// `position_ids`, are left out).
    pub fn open(path: &Path) -> Result<Weights, String> {
        let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
        // SAFETY: the map is only read. The file lives in mind's own model folder, which an
        // install replaces by renaming a new folder into place, so the mapped file itself is
        // never rewritten while a search runs.
        let map = unsafe { Mmap::map(&file) }.map_err(|e| e.to_string())?;
        let (header, metadata) = SafeTensors::read_metadata(&map).map_err(|e| e.to_string())?;
        let data_start = 8 + header;
        let mut weights = Weights {
            entries: Vec::new(),
            by_name: HashMap::new(),
            copies: Vec::new(),
            map,
        };
        for (name, info) in metadata.tensors() {
            if info.dtype != Dtype::F32 {
                continue;
            }
            let bytes = data_start + info.data_offsets.0..data_start + info.data_offsets.1;
            let place = if in_place(weights.map.as_ptr().wrapping_add(bytes.start)) {
                Place::Mapped(bytes)
            } else {
                let floats = weights.map[bytes]
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect();
                weights.copies.push(floats);
                Place::Copied(weights.copies.len() - 1)
            };
            weights.by_name.insert(name, weights.entries.len());
            weights.entries.push(Entry {
                shape: info.shape.clone(),
                place,
            });
        }
        Ok(weights)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The tensor `name`, which must have exactly `shape`.
    pub fn tensor(&self, name: &str, shape: &[usize]) -> Result<TensorId, String> {
        let &i = self
            .by_name
            .get(name)
            .ok_or_else(|| format!("no f32 tensor {name}"))?;
        if self.entries[i].shape != shape {
            return Err(format!(
                "{name} has shape {:?}, expected {shape:?}",
                self.entries[i].shape
            ));
        }
        Ok(TensorId(i))
    }

    /// Map every page of these tensors now, in one call per run of neighbouring tensors
    /// (`MADV_POPULATE_READ`), instead of one page fault per 4-64 KB as the pass first
    /// reads them: a query reads every layer's weights whole, and a fault costs more than
    /// the reading. Best effort (older kernels refuse the advice; the pass then faults).
    pub fn populate(&self, ids: &[TensorId]) {
        let mut ranges: Vec<std::ops::Range<usize>> = ids
            .iter()
            .filter_map(|id| match &self.entries[id.0].place {
                Place::Mapped(bytes) => Some(bytes.clone()),
                Place::Copied(_) => None,
            })
            .collect();
        ranges.sort_by_key(|r| r.start);
        let mut merged: Vec<std::ops::Range<usize>> = Vec::new();
        for r in ranges {
            match merged.last_mut() {
                // Small gaps (biases between matrices) are mapped along.
                Some(last) if r.start <= last.end + (64 << 10) => last.end = last.end.max(r.end),
                _ => merged.push(r),
            }
        }
        for r in merged {
            #[cfg(target_os = "linux")]
            let _ = self
                .map
                .advise_range(memmap2::Advice::PopulateRead, r.start, r.len());
            #[cfg(not(target_os = "linux"))]
            let _ = r;
        }
    }

    /// The floats of a tensor, row-major.
    pub fn floats(&self, id: TensorId) -> &[f32] {
        match &self.entries[id.0].place {
            Place::Mapped(bytes) => {
                let bytes = &self.map[bytes.clone()];
                // SAFETY: `in_place` checked the start is aligned for f32 on a
                // little-endian machine, the length is a whole number of floats (the
                // header's offsets were validated against the dtype) and every bit
                // pattern is a valid f32.
                unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<f32>(), bytes.len() / 4) }
            }
            Place::Copied(i) => &self.copies[*i],
        }
    }
}

/// Whether floats starting at `at` in the map can be read where they are.
fn in_place(at: *const u8) -> bool {
    cfg!(target_endian = "little") && (at as usize).is_multiple_of(std::mem::align_of::<f32>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::Embedder;

    /// The same file with its header one byte longer (a space, still valid JSON), so
    /// every tensor starts off a 4-byte boundary.
    fn misalign(path: &Path) {
        let bytes = std::fs::read(path).unwrap();
        let n = u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
        let mut out = ((n + 1) as u64).to_le_bytes().to_vec();
        out.extend_from_slice(&bytes[8..8 + n]);
        out.push(b' ');
        out.extend_from_slice(&bytes[8 + n..]);
        std::fs::write(path, out).unwrap();
    }

    #[test]
    fn tensors_are_views_of_the_map_when_aligned_and_copies_otherwise() {
        let dir = tempfile::tempdir().unwrap();
        crate::embed::tiny::write_tiny_model(dir.path());
        let path = dir.path().join("model.safetensors");
        let aligned = Weights::open(&path).unwrap();
        assert!(
            aligned.copies.is_empty(),
            "the tiny model is written aligned"
        );
        let id = aligned
            .tensor("embeddings.LayerNorm.weight", &[32])
            .unwrap();
        assert_eq!(aligned.floats(id), &[1.0; 32]);
        assert!(
            aligned
                .tensor("embeddings.LayerNorm.weight", &[16])
                .is_err()
        );
        let texts = ["the container scheduler", "jwt"];
        let before = Embedder::load(dir.path()).unwrap().embed(&texts).unwrap();

        misalign(&path);
        let moved = Weights::open(&path).unwrap();
        assert_eq!(
            moved.copies.len(),
            moved.entries.len(),
            "every tensor copied"
        );
        assert_eq!(
            moved.floats(moved.tensor("embeddings.LayerNorm.weight", &[32]).unwrap()),
            &[1.0; 32]
        );
        // Another file than the one recorded: recorded anew, as an install of it would.
        crate::embed::record::write(dir.path()).unwrap();
        let after = Embedder::load(dir.path()).unwrap().embed(&texts).unwrap();
        assert_eq!(before, after);
    }
}
