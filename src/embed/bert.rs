//! A BERT encoder (the architecture of all-MiniLM-L6-v2), inference only, over weights read
//! in place from the memory-mapped model file ([`Weights`]).
//!
//! Only what sentence embedding needs: absolute position embeddings, one token type,
//! post-layer-norm encoder layers with exact (erf) GELU, no pooler and no dropout. Weight
//! names are those of Hugging Face's `BertModel` (`embeddings.word_embeddings.weight`,
//! `encoder.layer.N.attention.self.query.weight`, ...), with or without a `bert.` prefix.
//! Matrices are row-major; the linear layers' weights are read in half precision from
//! `weights-f16.bin` when it is there or can be made ([`HalfWeights`]), else as the file's
//! f32. A query's few rows go through the blocked kernels of `simd`, a batch's many through
//! `matrixmultiply`'s GEMM (half-precision weights widened to f32 first).

use serde::Deserialize;

use super::half::{HalfWeights, Wanted};
use super::simd::{Matrix, add_products, add_products_f16, widen_into};
use super::split::Helper;
use super::tuning::{LowRank, OwnNorm, TunedLayer, Tuning};

use super::weights::{TensorId, Weights};

/// The fields of `config.json` the encoder reads.
#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub vocab_size: usize,
    pub hidden_size: usize,
    pub num_hidden_layers: usize,
    pub num_attention_heads: usize,
    pub intermediate_size: usize,
    pub max_position_embeddings: usize,
    #[serde(default = "two")]
    pub type_vocab_size: usize,
    #[serde(default = "default_eps")]
    pub layer_norm_eps: f64,
    #[serde(default = "gelu")]
    pub hidden_act: String,
}

fn two() -> usize {
    2
}
fn default_eps() -> f64 {
    1e-12
}
fn gelu() -> String {
    "gelu".into()
}

/// A layer's linear maps by their names in the weights, in the order [`Layer::linears`] gives
/// them (the order of the half-precision file and of a tuning's changes).
pub(crate) const LINEARS: [&str; 6] = [
    "attention.self.query",
    "attention.self.key",
    "attention.self.value",
    "attention.output.dense",
    "intermediate.dense",
    "output.dense",
];

/// A linear map `y = x·Wᵀ + b` (`W` stored `out × in`, as PyTorch does).
#[derive(Clone, Copy)]
struct Linear {
    weight: TensorId,
    /// Its index in `Bert::half`, when the weights are read in half precision.
    half: Option<usize>,
    bias: TensorId,
    inputs: usize,
    outputs: usize,
}

#[derive(Clone, Copy)]
struct Norm {
    weight: TensorId,
    bias: TensorId,
}

struct Layer {
    query: Linear,
    key: Linear,
    value: Linear,
    attention_out: Linear,
    attention_norm: Norm,
    intermediate: Linear,
    output: Linear,
    output_norm: Norm,
}

pub struct Bert {
    weights: Weights,
    half: Option<HalfWeights>,
    words: TensorId,
    positions: TensorId,
    token_types: TensorId,
    embedding_norm: Norm,
    layers: Vec<Layer>,
    vocab: usize,
    max_positions: usize,
    hidden: usize,
    heads: usize,
    eps: f32,
}

/// One text's token ids (with `[CLS]` and `[SEP]`), as the tokenizer gave them.
pub type Ids = [u32];

impl Bert {
    /// Check `weights` against `config` and keep handles to every tensor the pass reads.
    /// With `half` (the derived file's path and the safetensors file `weights` maps), the
    /// linear layers' weights are read in half precision from that file, derived first if
    /// need be; should that fail they are read as f32.
    pub fn load(
        weights: Weights,
        config: &Config,
        half: Option<(&std::path::Path, &std::path::Path)>,
    ) -> Result<Bert, String> {
        if config.hidden_act != "gelu" {
            return Err(format!("unsupported activation {:?}", config.hidden_act));
        }
        let h = config.hidden_size;
        if config.num_attention_heads == 0
            || h == 0
            || !h.is_multiple_of(config.num_attention_heads)
        {
            return Err("hidden size is not a multiple of the attention heads".into());
        }
        let prefix = if weights.contains("bert.embeddings.word_embeddings.weight") {
            "bert."
        } else {
            ""
        };
        let t = |name: &str, shape: &[usize]| weights.tensor(&format!("{prefix}{name}"), shape);
        let linear = |name: &str, inputs: usize, outputs: usize| -> Result<Linear, String> {
            Ok(Linear {
                weight: t(&format!("{name}.weight"), &[outputs, inputs])?,
                half: None,
                bias: t(&format!("{name}.bias"), &[outputs])?,
                inputs,
                outputs,
            })
        };
        let norm = |name: &str| -> Result<Norm, String> {
            Ok(Norm {
                weight: t(&format!("{name}.weight"), &[h])?,
                bias: t(&format!("{name}.bias"), &[h])?,
            })
        };
        let inner = config.intermediate_size;
        let mut layers = Vec::with_capacity(config.num_hidden_layers);
        for i in 0..config.num_hidden_layers {
            let l = format!("encoder.layer.{i}");
            layers.push(Layer {
                query: linear(&format!("{l}.attention.self.query"), h, h)?,
                key: linear(&format!("{l}.attention.self.key"), h, h)?,
                value: linear(&format!("{l}.attention.self.value"), h, h)?,
                attention_out: linear(&format!("{l}.attention.output.dense"), h, h)?,
                attention_norm: norm(&format!("{l}.attention.output.LayerNorm"))?,
                intermediate: linear(&format!("{l}.intermediate.dense"), h, inner)?,
                output: linear(&format!("{l}.output.dense"), inner, h)?,
                output_norm: norm(&format!("{l}.output.LayerNorm"))?,
            });
        }
        let names: Vec<String> = (0..layers.len())
            .flat_map(|i| LINEARS.map(|n| format!("{prefix}encoder.layer.{i}.{n}.weight")))
            .collect();
        let half = half.and_then(|(path, source)| {
            let wanted: Vec<Wanted> = layers
                .iter()
                .flat_map(Layer::linears)
                .zip(&names)
                .map(|(l, name)| Wanted {
                    name,
                    id: l.weight,
                    rows: l.outputs,
                    cols: l.inputs,
                })
                .collect();
            HalfWeights::open_or_derive(path, source, &weights, &wanted)
        });
        if half.is_some() {
            let mut i = 0;
            for layer in &mut layers {
                for l in layer.linears_mut() {
                    l.half = Some(i);
                    i += 1;
                }
            }
            // The halves are left to fault in as the pass reads them: populating them in
            // one call (on one thread) measured no faster for a query and slower for a
            // batch, whose two threads then fault in their halves of each product at once.
        }
        let in_half = half.is_some();
        // Every layer is read whole by any pass; of the embedding tables a pass reads only
        // a few rows, which are left to fault in. Weights read in half precision are not
        // read from this file at all.
        let whole: Vec<TensorId> = layers
            .iter()
            .flat_map(|l: &Layer| {
                l.linears()
                    .into_iter()
                    .flat_map(move |x| [(!in_half).then_some(x.weight), Some(x.bias)])
                    .flatten()
                    .chain(
                        [l.attention_norm, l.output_norm]
                            .into_iter()
                            .flat_map(|n| [n.weight, n.bias]),
                    )
            })
            .collect();
        weights.populate(&whole);
        Ok(Bert {
            words: t("embeddings.word_embeddings.weight", &[config.vocab_size, h])?,
            positions: t(
                "embeddings.position_embeddings.weight",
                &[config.max_position_embeddings, h],
            )?,
            token_types: t(
                "embeddings.token_type_embeddings.weight",
                &[config.type_vocab_size, h],
            )?,
            embedding_norm: norm("embeddings.LayerNorm")?,
            layers,
            vocab: config.vocab_size,
            max_positions: config.max_position_embeddings,
            hidden: h,
            heads: config.num_attention_heads,
            eps: config.layer_norm_eps as f32,
            weights,
            half,
        })
    }

    /// Whether the linear layers run on half-precision weights.
    pub fn half_precision(&self) -> bool {
        self.half.is_some()
    }

    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The number of encoder layers and the width of their intermediate layer.
    pub fn layers(&self) -> (usize, usize) {
        let inner = self.layers.first().map_or(0, |l| l.intermediate.outputs);
        (self.layers.len(), inner)
    }

    /// One unit-length sentence vector per text: the mean of its last hidden states over
    /// its own tokens. The texts' tokens are stacked one after another with no padding
    /// (every product runs over real tokens only), and each text attends only to its own,
    /// so a text gets the same vector alone or in any batch. A `helper` takes half of each
    /// product (a query, or a batch small enough to be the only one).
    /// With `tunings`, the layers each tunes run with its change (see [`Tuning`]) and a text's
    /// vector is the tunings' vectors one after another: the layers below the first tuned one
    /// run once for all of them.
    pub fn embed_batch(
        &self,
        texts: &[&Ids],
        helper: Option<&Helper>,
        tunings: &[Tuning],
    ) -> Result<Vec<Vec<f32>>, String> {
        let longest = texts.iter().map(|t| t.len()).max().unwrap_or(0);
        if longest > self.max_positions {
            return Err(format!(
                "{longest} tokens, the model takes {}",
                self.max_positions
            ));
        }
        let spans = Spans::of(texts.iter().map(|t| t.len()));
        let mut x = self.embeddings(texts, &spans)?;
        let mut scratch = Scratch::default();
        let shared = (tunings.iter().map(Tuning::first).min()).unwrap_or(self.layers.len());
        for layer in &self.layers[..shared.min(self.layers.len())] {
            self.layer(layer, None, &mut x, &spans, &mut scratch, helper);
        }
        if tunings.is_empty() {
            return Ok(mean_pool_normalised(&x, &spans, self.hidden));
        }
        let mut out = vec![Vec::with_capacity(self.hidden * tunings.len()); texts.len()];
        for tuning in tunings {
            let mut y = x.clone();
            for (i, layer) in self.layers.iter().enumerate().skip(shared) {
                self.layer(layer, tuning.layer(i), &mut y, &spans, &mut scratch, helper);
            }
            for (v, part) in out
                .iter_mut()
                .zip(mean_pool_normalised(&y, &spans, self.hidden))
            {
                v.extend(part);
            }
        }
        Ok(out)
    }

    /// Word + position + token-type embeddings, normalised: `rows × hidden`.
    fn embeddings(&self, texts: &[&Ids], spans: &Spans) -> Result<Vec<f32>, String> {
        let h = self.hidden;
        let words = self.weights.floats(self.words);
        let positions = self.weights.floats(self.positions);
        let token_type = &self.weights.floats(self.token_types)[..h];
        let mut x = vec![0f32; spans.rows * h];
        for (ids, span) in texts.iter().zip(&spans.of) {
            for (p, &id) in ids.iter().enumerate() {
                let id = id as usize;
                if id >= self.vocab {
                    return Err(format!("token id {id} is outside the vocabulary"));
                }
                let at = span.start + p;
                let row = &mut x[at * h..(at + 1) * h];
                let word = &words[id * h..(id + 1) * h];
                let position = &positions[p * h..(p + 1) * h];
                for (((out, w), q), y) in row.iter_mut().zip(word).zip(position).zip(token_type) {
                    *out = w + q + y;
                }
            }
        }
        self.norm(self.embedding_norm, None, &mut x);
        Ok(x)
    }

    /// One encoder layer over `x`, in place; `tuned` changes its maps and norms.
    fn layer(
        &self,
        l: &Layer,
        tuned: Option<&TunedLayer>,
        x: &mut Vec<f32>,
        spans: &Spans,
        s: &mut Scratch,
        helper: Option<&Helper>,
    ) {
        let rows = spans.rows;
        let change = |i: usize| tuned.map(|t| &t.linears[i]);
        let own_norm = |i: usize| tuned.map(|t| &t.norms[i]);
        self.linear(l.query, change(0), x, rows, &mut s.q, helper);
        self.linear(l.key, change(1), x, rows, &mut s.k, helper);
        self.linear(l.value, change(2), x, rows, &mut s.v, helper);
        self.attention(spans, s);
        self.linear(
            l.attention_out,
            change(3),
            &s.context,
            rows,
            &mut s.attended,
            helper,
        );
        add_into(&mut s.attended, x);
        self.norm(l.attention_norm, own_norm(0), &mut s.attended);
        self.linear(
            l.intermediate,
            change(4),
            &s.attended,
            rows,
            &mut s.inner,
            helper,
        );
        s.inner.iter_mut().for_each(|v| *v = gelu_erf(*v));
        self.linear(l.output, change(5), &s.inner, rows, x, helper);
        add_into(x, &s.attended);
        self.norm(l.output_norm, own_norm(1), x);
    }

    /// Multi-head self-attention of `s.q`, `s.k`, `s.v` into `s.context`, each text
    /// attending only to its own tokens.
    fn attention(&self, spans: &Spans, s: &mut Scratch) {
        let h = self.hidden;
        let head = h / self.heads;
        let scale = 1.0 / (head as f32).sqrt();
        s.context.clear();
        s.context.resize(spans.rows * h, 0.0);
        for span in &spans.of {
            let real = span.len;
            if real == 0 {
                continue;
            }
            s.scores.clear();
            s.scores.resize(real * real, 0.0);
            let base = span.start * h;
            for hd in 0..self.heads {
                let at = base + hd * head;
                // scores (real × real) = scale · Q·Kᵀ for this text and head.
                // SAFETY: every matrix lies inside its buffer: rows `start .. start+real`
                // of width `h`, columns `hd*head .. (hd+1)*head`; scores is `real × real`.
                unsafe {
                    matrixmultiply::sgemm(
                        real,
                        head,
                        real,
                        scale,
                        s.q.as_ptr().add(at),
                        h as isize,
                        1,
                        s.k.as_ptr().add(at),
                        1,
                        h as isize,
                        0.0,
                        s.scores.as_mut_ptr(),
                        real as isize,
                        1,
                    );
                }
                for row in s.scores.chunks_exact_mut(real) {
                    softmax(row);
                }
                // SAFETY: as above; the context is laid out like Q.
                unsafe {
                    matrixmultiply::sgemm(
                        real,
                        real,
                        head,
                        1.0,
                        s.scores.as_ptr(),
                        real as isize,
                        1,
                        s.v.as_ptr().add(at),
                        h as isize,
                        1,
                        0.0,
                        s.context.as_mut_ptr().add(at),
                        h as isize,
                        1,
                    );
                }
            }
        }
    }

    /// `y = x·Wᵀ + b` for `rows` rows of `x`; with a `change`, its bias and `W + B·A`.
    fn linear(
        &self,
        l: Linear,
        change: Option<&LowRank>,
        x: &[f32],
        rows: usize,
        y: &mut Vec<f32>,
        helper: Option<&Helper>,
    ) {
        let w = match (&self.half, l.half) {
            (Some(half), Some(i)) => Matrix::F16(half.halves(i)),
            _ => Matrix::F32(self.weights.floats(l.weight)),
        };
        let b = change.map_or_else(|| self.weights.floats(l.bias), |c| &c.bias[..]);
        debug_assert_eq!(x.len(), rows * l.inputs);
        if let Some(helper) = helper {
            helper.linear(x, rows, w, l.inputs, b, y);
        } else {
            y.clear();
            y.reserve(rows * l.outputs);
            for _ in 0..rows {
                y.extend_from_slice(b);
            }
            add_linear(x, rows, w, l.inputs, y);
        }
        if let Some(change) = change {
            change.add_update(x, rows, y);
        }
    }

    /// Layer normalisation of every row of `x`, in place, with the layer's own gain and
    /// bias when it has them.
    fn norm(&self, n: Norm, own: Option<&OwnNorm>, x: &mut [f32]) {
        let (gain, bias) = match own {
            Some(own) => (&own.gain[..], &own.bias[..]),
            None => (self.weights.floats(n.weight), self.weights.floats(n.bias)),
        };
        for row in x.chunks_exact_mut(self.hidden) {
            let count = row.len() as f32;
            let mean = row.iter().sum::<f32>() / count;
            let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / count;
            let inv = 1.0 / (var + self.eps).sqrt();
            for ((v, g), b) in row.iter_mut().zip(gain).zip(bias) {
                *v = (*v - mean) * inv * g + b;
            }
        }
    }
}

/// Up to this many rows (tokens in a batch) a product is computed by the blocked kernel
/// straight from the weights, without packing: a query, or a session's few items at
/// promotion (5 items, about 60 rows: recall with promotion 42 → 36 ms, measured against
/// 16 here). A first vector build's batches (32 lines, hundreds of rows) are faster
/// through the GEMM kernel's packing (1,000 lines: 4.1 s, against 5.0 s without it).
pub const FEW_ROWS: usize = 96;

/// `y += x·Wᵀ` for `rows` rows of `x` (`rows × inputs`; `W` is `outputs × inputs`, `y` is
/// `rows × outputs`): blocked over weight rows for a few rows (a query, a session's items),
/// where reading each weight row once straight from the map beats packing the whole
/// matrix, else the GEMM kernel (over
/// half-precision weights widened first: the widening is small beside a batch's products,
/// and a text then gets the vector it gets as a query).
pub fn add_linear(x: &[f32], rows: usize, w: Matrix, inputs: usize, y: &mut [f32]) {
    match w {
        Matrix::F32(w) if rows <= FEW_ROWS => add_products(x, rows, w, inputs, y),
        Matrix::F16(w) if rows <= FEW_ROWS => add_products_f16(x, rows, w, inputs, y),
        Matrix::F32(w) => gemm(x, rows, w, inputs, y),
        // Widened into one buffer per thread, reused by every product of the pass: a new
        // buffer each time would be fresh pages from the system for every product (one
        // page fault per 4 KiB, thousands per pass) where these stay resident.
        Matrix::F16(w) => WIDENED.with_borrow_mut(|wide| {
            wide.resize(w.len(), 0.0);
            widen_into(w, wide);
            gemm(x, rows, &wide[..w.len()], inputs, y);
        }),
    }
}

thread_local! {
    /// The half-precision weights of the product at hand, widened (see [`add_linear`]).
    static WIDENED: std::cell::RefCell<Vec<f32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `y += x·Wᵀ` by the GEMM kernel (see [`add_linear`]).
fn gemm(x: &[f32], rows: usize, w: &[f32], inputs: usize, y: &mut [f32]) {
    let outputs = w.len() / inputs.max(1);
    assert!(x.len() >= rows * inputs && y.len() >= rows * outputs);
    // SAFETY: x is `rows × inputs`, W is `outputs × inputs` (read transposed through its
    // strides), y is `rows × outputs`; all row-major and fully allocated (checked above).
    unsafe {
        matrixmultiply::sgemm(
            rows,
            inputs,
            outputs,
            1.0,
            x.as_ptr(),
            inputs as isize,
            1,
            w.as_ptr(),
            1,
            inputs as isize,
            1.0,
            y.as_mut_ptr(),
            outputs as isize,
            1,
        );
    }
}

impl Layer {
    /// The linear maps, in the order their weights are kept in half precision.
    fn linears(&self) -> [Linear; 6] {
        [
            self.query,
            self.key,
            self.value,
            self.attention_out,
            self.intermediate,
            self.output,
        ]
    }

    fn linears_mut(&mut self) -> [&mut Linear; 6] {
        [
            &mut self.query,
            &mut self.key,
            &mut self.value,
            &mut self.attention_out,
            &mut self.intermediate,
            &mut self.output,
        ]
    }
}

/// Where each text's tokens are among the stacked rows of a batch.
pub(crate) struct Spans {
    of: Vec<Span>,
    rows: usize,
}

#[derive(Clone, Copy)]
struct Span {
    start: usize,
    len: usize,
}

impl Spans {
    /// The spans of texts of these token counts, stacked in order.
    pub(crate) fn of(lengths: impl Iterator<Item = usize>) -> Spans {
        let mut rows = 0;
        let of = lengths
            .map(|len| {
                let span = Span { start: rows, len };
                rows += len;
                span
            })
            .collect();
        Spans { of, rows }
    }
}

/// Buffers reused by every layer of one pass.
#[derive(Default)]
struct Scratch {
    q: Vec<f32>,
    k: Vec<f32>,
    v: Vec<f32>,
    scores: Vec<f32>,
    context: Vec<f32>,
    attended: Vec<f32>,
    inner: Vec<f32>,
}

fn add_into(to: &mut [f32], from: &[f32]) {
    for (a, b) in to.iter_mut().zip(from) {
        *a += b;
    }
}

fn softmax(row: &mut [f32]) {
    let max = row.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
    let mut sum = 0.0;
    for v in row.iter_mut() {
        *v = (*v - max).exp();
        sum += *v;
    }
    for v in row.iter_mut() {
        *v /= sum;
    }
}

/// GELU as BERT defines it, with the error function (not the tanh approximation).
fn gelu_erf(x: f32) -> f32 {
    0.5 * x * (1.0 + erf(x * std::f32::consts::FRAC_1_SQRT_2))
}

/// The error function to within 1.5e-7 (Abramowitz and Stegun 7.1.26), below f32's
/// resolution of GELU's output.
fn erf(x: f32) -> f32 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_6
            + t * (-0.284_496_74 + t * (1.421_413_7 + t * (-1.453_152 + t * 1.061_405_4))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

/// Mean of each text's hidden states over its tokens, scaled to unit length.
pub(crate) fn mean_pool_normalised(hidden: &[f32], spans: &Spans, dim: usize) -> Vec<Vec<f32>> {
    spans
        .of
        .iter()
        .map(|span| {
            let mut mean = vec![0f32; dim];
            for row in hidden[span.start * dim..].chunks_exact(dim).take(span.len) {
                add_into(&mut mean, row);
            }
            let count = span.len.max(1) as f32;
            mean.iter_mut().for_each(|v| *v /= count);
            let norm = mean.iter().map(|v| v * v).sum::<f32>().sqrt().max(1e-12);
            mean.iter_mut().for_each(|v| *v /= norm);
            mean
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_known_values() {
        for (x, want) in [
            (0.0f32, 0.0f32),
            (0.5, 0.520_499_9),
            (1.0, 0.842_700_8),
            (2.0, 0.995_322_3),
            (-1.0, -0.842_700_8),
            (4.0, 1.0),
        ] {
            assert!((erf(x) - want).abs() < 1e-6, "erf({x}) = {}", erf(x));
        }
    }
}
