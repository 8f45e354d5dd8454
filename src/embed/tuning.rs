//! Tuned top layers: the last encoder layers of the published model, changed by training for
//! one job (typing lines), kept as the change only.
//!
//! Each of a tuned layer's six matrices `W` becomes `W + B·A`, with `A` (`rank × inputs`)
//! and `B` (`outputs × rank`) of a small rank; its biases and its two layer norms are its
//! own. So the published weights stay as they are, in place from the model file (in half
//! precision where they are read so), and the change costs a few hundred kilobytes instead
//! of a copy of the layers: `y = x·Wᵀ + b'` as the published layer computes it, then
//! `y += (x·Aᵀ)·Bᵀ`, two small products. Vectors through the tuned layers mean something
//! only to what was trained with them (the line classifier, `parse::line_model`).
//!
//! The file is safetensors (f16 or f32), with the names of Hugging Face's `BertModel`:
//! `encoder.layer.N.attention.self.query.lora_a` / `.lora_b` / `.bias`, and
//! `encoder.layer.N.attention.output.LayerNorm.weight` / `.bias`, for N the last layers.

use safetensors::{Dtype, SafeTensors};

use super::bert::LINEARS;
use super::simd::{Matrix, add_products, f16_to_f32};

const NORMS: [&str; 2] = ["attention.output.LayerNorm", "output.LayerNorm"];

/// A linear map's change: its own bias and a rank-`rank` update of its weights.
pub(crate) struct LowRank {
    /// `rank × inputs`.
    a: Vec<f32>,
    /// `outputs × rank`.
    b: Vec<f32>,
    pub(crate) bias: Vec<f32>,
    rank: usize,
    inputs: usize,
}

impl LowRank {
    /// `y += (x·Aᵀ)·Bᵀ` for `rows` rows of `x`.
    pub(crate) fn add_update(&self, x: &[f32], rows: usize, y: &mut [f32]) {
        let mut t = vec![0f32; rows * self.rank];
        add_products(x, rows, &self.a, self.inputs, &mut t);
        super::bert::add_linear(&t, rows, Matrix::F32(&self.b), self.rank, y);
    }
}

/// A layer norm's own gain and bias.
pub(crate) struct OwnNorm {
    pub(crate) gain: Vec<f32>,
    pub(crate) bias: Vec<f32>,
}

/// One tuned layer.
pub(crate) struct TunedLayer {
    /// In [`LINEARS`] order: query, key, value, attention output, intermediate, output
    /// (the order `bert` runs them in).
    pub(crate) linears: [LowRank; 6],
    /// The attention's and the output's layer norm.
    pub(crate) norms: [OwnNorm; 2],
}

/// The tuned last layers of a model.
pub struct Tuning {
    /// The index of the first tuned layer; every layer from it to the last is tuned.
    first: usize,
    layers: Vec<TunedLayer>,
    /// A hash of the file, so vectors cached through other layers are never reused.
    fingerprint: u64,
}

impl Tuning {
    /// The tuning in `bytes`, for a model of `layers` layers, `hidden` wide, whose
    /// intermediate layer is `inner` wide; an error names what does not fit.
    pub fn from_bytes(
        bytes: &[u8],
        layers: usize,
        hidden: usize,
        inner: usize,
    ) -> Result<Tuning, String> {
        let file = SafeTensors::deserialize(bytes).map_err(|e| e.to_string())?;
        let tensor =
            |name: &str, shape: Option<&[usize]>| -> Result<(Vec<f32>, Vec<usize>), String> {
                let view = file.tensor(name).map_err(|_| format!("no tensor {name}"))?;
                if let Some(shape) = shape
                    && view.shape() != shape
                {
                    return Err(format!(
                        "{name} has shape {:?}, expected {shape:?}",
                        view.shape()
                    ));
                }
                let data = view.data();
                let floats = match view.dtype() {
                    Dtype::F16 => data
                        .chunks_exact(2)
                        .map(|b| f16_to_f32(u16::from_le_bytes([b[0], b[1]])))
                        .collect(),
                    Dtype::F32 => data
                        .chunks_exact(4)
                        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                        .collect(),
                    other => return Err(format!("{name} is {other:?}, not f16 or f32")),
                };
                Ok((floats, view.shape().to_vec()))
            };
        let tuned: Vec<usize> = (0..layers)
            .filter(|i| {
                file.names()
                    .iter()
                    .any(|n| n.starts_with(&format!("encoder.layer.{i}.")))
            })
            .collect();
        let Some(&first) = tuned.first() else {
            return Err("no tuned layer".into());
        };
        if tuned.len() != layers - first {
            return Err("the tuned layers are not the last ones".into());
        }
        let mut out = Vec::with_capacity(tuned.len());
        for i in tuned {
            let at = |name: &str| format!("encoder.layer.{i}.{name}");
            let mut linears = Vec::with_capacity(6);
            for name in LINEARS {
                let (inputs, outputs) = match name {
                    "intermediate.dense" => (hidden, inner),
                    "output.dense" => (inner, hidden),
                    _ => (hidden, hidden),
                };
                let (a, shape) = tensor(&at(&format!("{name}.lora_a")), None)?;
                let rank = shape.first().copied().unwrap_or(0);
                if rank == 0 || shape != [rank, inputs] {
                    return Err(format!("{name}.lora_a has shape {shape:?}"));
                }
                let (b, _) = tensor(&at(&format!("{name}.lora_b")), Some(&[outputs, rank]))?;
                let (bias, _) = tensor(&at(&format!("{name}.bias")), Some(&[outputs]))?;
                linears.push(LowRank {
                    a,
                    b,
                    bias,
                    rank,
                    inputs,
                });
            }
            let mut norms = Vec::with_capacity(2);
            for name in NORMS {
                let (gain, _) = tensor(&at(&format!("{name}.weight")), Some(&[hidden]))?;
                let (bias, _) = tensor(&at(&format!("{name}.bias")), Some(&[hidden]))?;
                norms.push(OwnNorm { gain, bias });
            }
            out.push(TunedLayer {
                linears: linears.try_into().map_err(|_| "six linear maps")?,
                norms: norms.try_into().map_err(|_| "two layer norms")?,
            });
        }
        Ok(Tuning {
            first,
            layers: out,
            fingerprint: crate::rank::cache::fast_hash(bytes),
        })
    }

    /// Layer `i`'s tuning, when it is tuned.
    pub(crate) fn layer(&self, i: usize) -> Option<&TunedLayer> {
        i.checked_sub(self.first).and_then(|k| self.layers.get(k))
    }

    /// The index of the first tuned layer: the layers below it run as published.
    pub(crate) fn first(&self) -> usize {
        self.first
    }

    /// A hash of the tuning's bytes.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::path::Path;

    use super::*;
    use crate::embed::Embedder;
    use crate::embed::tiny::{Tensor, write_safetensors, write_tiny_model};

    const TEXTS: [&str; 3] = [
        "the container scheduler",
        "Kubernetes runs pods",
        "jwt login timeout tests",
    ];

    fn tensors(path: &Path) -> HashMap<String, Tensor> {
        let bytes = std::fs::read(path).unwrap();
        let file = SafeTensors::deserialize(&bytes).unwrap();
        file.tensors()
            .into_iter()
            .map(|(name, view)| {
                let floats = view
                    .data()
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect();
                (name, (view.shape().to_vec(), floats))
            })
            .collect()
    }

    fn random(seed: &mut u64, n: usize, scale: f32) -> Vec<f32> {
        (0..n)
            .map(|_| {
                *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                ((*seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * scale
            })
            .collect()
    }

    /// A random rank-2 tuning of the tiny model's last layer, and the tiny model with that
    /// change folded into its weights.
    fn tuned_and_folded(dir: &Path) -> (Vec<u8>, std::path::PathBuf) {
        write_tiny_model(&dir.join("published"));
        let mut model = tensors(&dir.join("published/model.safetensors"));
        let mut tuning: HashMap<String, Tensor> = HashMap::new();
        let mut seed = 7u64;
        let rank = 2;
        for name in LINEARS {
            let at = format!("encoder.layer.1.{name}");
            let (shape, w) = model[&format!("{at}.weight")].clone();
            let (outputs, inputs) = (shape[0], shape[1]);
            let a = random(&mut seed, rank * inputs, 0.4);
            let b = random(&mut seed, outputs * rank, 0.4);
            let bias = random(&mut seed, outputs, 0.2);
            let mut folded = w;
            for o in 0..outputs {
                for i in 0..inputs {
                    folded[o * inputs + i] += (0..rank)
                        .map(|r| b[o * rank + r] * a[r * inputs + i])
                        .sum::<f32>();
                }
            }
            model.insert(format!("{at}.weight"), (shape, folded));
            model.insert(format!("{at}.bias"), (vec![outputs], bias.clone()));
            tuning.insert(format!("{at}.lora_a"), (vec![rank, inputs], a));
            tuning.insert(format!("{at}.lora_b"), (vec![outputs, rank], b));
            tuning.insert(format!("{at}.bias"), (vec![outputs], bias));
        }
        for name in NORMS {
            for part in ["weight", "bias"] {
                let key = format!("encoder.layer.1.{name}.{part}");
                let n = model[&key].1.len();
                let own: Vec<f32> = random(&mut seed, n, 0.3)
                    .into_iter()
                    .map(|v| if part == "weight" { 1.0 + v } else { v })
                    .collect();
                model.insert(key.clone(), (vec![n], own.clone()));
                tuning.insert(key, (vec![n], own));
            }
        }
        let folded = dir.join("folded");
        std::fs::create_dir_all(&folded).unwrap();
        for name in ["config.json", "tokenizer.json"] {
            std::fs::copy(dir.join("published").join(name), folded.join(name)).unwrap();
        }
        write_safetensors(&model, &folded.join("model.safetensors"));
        write_safetensors(&tuning, &dir.join("tuning.safetensors"));
        (
            std::fs::read(dir.join("tuning.safetensors")).unwrap(),
            folded,
        )
    }

    fn close(a: &[Vec<f32>], b: &[Vec<f32>]) -> bool {
        a.iter()
            .flatten()
            .zip(b.iter().flatten())
            .all(|(x, y)| (x - y).abs() < 1e-4)
    }

    /// The low-rank change, own biases and own norms, run beside the published weights,
    /// give the vectors of a model whose weights hold the change: for a few texts (the
    /// row-by-row kernels) and a batch of many (the GEMM kernel).
    #[test]
    fn tuned_layers_give_the_vectors_of_the_model_with_the_change_folded_in() {
        let dir = tempfile::tempdir().unwrap();
        let (bytes, folded) = tuned_and_folded(dir.path());
        let published = Embedder::load_f32(&dir.path().join("published")).unwrap();
        let plain = published.embed(&TEXTS).unwrap();
        let tuned = published.with_tunings(&[&bytes]).unwrap();
        assert_ne!(tuned.fingerprint(), 0);
        let expected = Embedder::load_f32(&folded).unwrap();
        let (got, want) = (
            tuned.embed(&TEXTS).unwrap(),
            expected.embed(&TEXTS).unwrap(),
        );
        assert!(close(&got, &want), "{got:?}\nvs\n{want:?}");
        assert!(!close(&got, &plain), "the tuning changes the vectors");
        let many: Vec<&str> = TEXTS.iter().cycle().take(40).copied().collect();
        let (got, want) = (tuned.embed(&many).unwrap(), expected.embed(&many).unwrap());
        assert!(close(&got, &want));
    }

    /// Through several tunings a text's vector is each tuning's vector one after another,
    /// the same as each gives alone, though the layers below them ran once.
    #[test]
    fn several_tunings_give_their_vectors_one_after_another() {
        let dir = tempfile::tempdir().unwrap();
        let (bytes, _) = tuned_and_folded(dir.path());
        let load = || Embedder::load_f32(&dir.path().join("published")).unwrap();
        let plain = load().embed(&TEXTS).unwrap();
        let tuned = load()
            .with_tunings(&[&bytes])
            .unwrap()
            .embed(&TEXTS)
            .unwrap();
        let both = load().with_tunings(&[&bytes, &bytes]).unwrap();
        assert_eq!(both.dim(), 2 * load().dim());
        assert_ne!(
            both.fingerprint(),
            load().with_tunings(&[&bytes]).unwrap().fingerprint()
        );
        let got = both.embed(&TEXTS).unwrap();
        let want: Vec<Vec<f32>> = tuned
            .iter()
            .map(|v| [v.clone(), v.clone()].concat())
            .collect();
        assert!(close(&got, &want), "{got:?}\nvs\n{want:?}");
        assert!(!close(&got, &plain));
        // None at all: the published model's own vectors.
        let none = load().with_tunings(&[]).unwrap();
        assert_eq!((none.dim(), none.fingerprint()), (load().dim(), 0));
        assert!(close(&none.embed(&TEXTS).unwrap(), &plain));
    }

    #[test]
    fn a_tuning_of_another_shape_is_refused_and_names_the_tensor() {
        let dir = tempfile::tempdir().unwrap();
        let (bytes, _) = tuned_and_folded(dir.path());
        // The tiny model is 32 wide; a model 48 wide cannot take its tuning.
        let err = Tuning::from_bytes(&bytes, 2, 48, 64).err().unwrap();
        assert!(err.contains("lora_a") || err.contains("shape"), "{err}");
        // Only the last layers may be tuned: for a model of three layers, layer 1 is not.
        let err = Tuning::from_bytes(&bytes, 3, 32, 64).err().unwrap();
        assert_eq!(err, "the tuned layers are not the last ones");
        let model = Embedder::load(&dir.path().join("published")).unwrap();
        let err = model.with_tunings(&[b"garbage"]).err().unwrap().to_string();
        assert!(err.starts_with("tuned layers: "), "{err}");
    }

    #[test]
    fn a_file_that_is_not_a_tuning_is_refused_with_a_reason() {
        assert!(Tuning::from_bytes(b"not safetensors", 6, 4, 8).is_err());
        let empty = safetensors::serialize(
            Vec::<(&str, safetensors::tensor::TensorView<'_>)>::new(),
            None,
        )
        .unwrap();
        assert_eq!(
            Tuning::from_bytes(&empty, 6, 4, 8).err().as_deref(),
            Some("no tuned layer")
        );
    }
}
