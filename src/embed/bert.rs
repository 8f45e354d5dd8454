//! A BERT encoder (the architecture of all-MiniLM-L6-v2) on candle's tensors, inference only.
//!
//! Only what sentence embedding needs: absolute position embeddings, one token type,
//! post-layer-norm encoder layers with exact (erf) GELU, no pooler and no dropout. Weight
//! names are those of Hugging Face's `BertModel` (`embeddings.word_embeddings.weight`,
//! `encoder.layer.N.attention.self.query.weight`, ...), with or without a `bert.` prefix.

use candle_core::{DType, Device, Module, Result, Tensor};
use candle_nn::{Embedding, LayerNorm, Linear, VarBuilder};
use serde::Deserialize;

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

struct Embeddings {
    words: Embedding,
    positions: Embedding,
    token_types: Embedding,
    norm: LayerNorm,
}

struct Layer {
    query: Linear,
    key: Linear,
    value: Linear,
    attention_out: Linear,
    attention_norm: LayerNorm,
    intermediate: Linear,
    output: Linear,
    output_norm: LayerNorm,
}

pub struct Bert {
    embeddings: Embeddings,
    layers: Vec<Layer>,
    heads: usize,
    head_dim: usize,
}

impl Bert {
    pub fn load(vb: VarBuilder<'_>, config: &Config) -> Result<Bert> {
        if config.hidden_act != "gelu" {
            candle_core::bail!("unsupported activation {:?}", config.hidden_act);
        }
        if config.num_attention_heads == 0
            || !config
                .hidden_size
                .is_multiple_of(config.num_attention_heads)
        {
            candle_core::bail!("hidden size is not a multiple of the attention heads");
        }
        let vb = if vb.contains_tensor("bert.embeddings.word_embeddings.weight") {
            vb.pp("bert")
        } else {
            vb
        };
        let h = config.hidden_size;
        let eps = config.layer_norm_eps;
        let e = vb.pp("embeddings");
        let embeddings = Embeddings {
            words: candle_nn::embedding(config.vocab_size, h, e.pp("word_embeddings"))?,
            positions: candle_nn::embedding(
                config.max_position_embeddings,
                h,
                e.pp("position_embeddings"),
            )?,
            token_types: candle_nn::embedding(
                config.type_vocab_size,
                h,
                e.pp("token_type_embeddings"),
            )?,
            norm: candle_nn::layer_norm(h, eps, e.pp("LayerNorm"))?,
        };
        let mut layers = Vec::with_capacity(config.num_hidden_layers);
        for i in 0..config.num_hidden_layers {
            let l = vb.pp(format!("encoder.layer.{i}"));
            let a = l.pp("attention");
            layers.push(Layer {
                query: candle_nn::linear(h, h, a.pp("self.query"))?,
                key: candle_nn::linear(h, h, a.pp("self.key"))?,
                value: candle_nn::linear(h, h, a.pp("self.value"))?,
                attention_out: candle_nn::linear(h, h, a.pp("output.dense"))?,
                attention_norm: candle_nn::layer_norm(h, eps, a.pp("output.LayerNorm"))?,
                intermediate: candle_nn::linear(
                    h,
                    config.intermediate_size,
                    l.pp("intermediate.dense"),
                )?,
                output: candle_nn::linear(config.intermediate_size, h, l.pp("output.dense"))?,
                output_norm: candle_nn::layer_norm(h, eps, l.pp("output.LayerNorm"))?,
            });
        }
        Ok(Bert {
            embeddings,
            layers,
            heads: config.num_attention_heads,
            head_dim: h / config.num_attention_heads,
        })
    }

    /// Hidden states `(batch, len, hidden)` for token ids `(batch, len)` (u32) with their
    /// attention mask `(batch, len)` (1 for a token, 0 for padding; f32).
    pub fn forward(&self, ids: &Tensor, mask: &Tensor) -> Result<Tensor> {
        let (batch, len) = ids.dims2()?;
        let device = ids.device();
        let positions = Tensor::arange(0u32, len as u32, device)?;
        let types = Tensor::zeros((batch, len), DType::U32, device)?;
        let e = &self.embeddings;
        let x = e
            .words
            .forward(ids)?
            .broadcast_add(&e.positions.forward(&positions)?)?
            .add(&e.token_types.forward(&types)?)?;
        let mut x = e.norm.forward(&x)?;
        // Padding gets a large negative score before the softmax, so no token attends to it.
        let bias = ((mask.ones_like()? - mask)? * -1e4f64)?.reshape((batch, 1, 1, len))?;
        for layer in &self.layers {
            x = self.layer(layer, &x, &bias)?;
        }
        Ok(x)
    }

    fn layer(&self, l: &Layer, x: &Tensor, bias: &Tensor) -> Result<Tensor> {
        let (batch, len, hidden) = x.dims3()?;
        let split = |t: Tensor| -> Result<Tensor> {
            t.reshape((batch, len, self.heads, self.head_dim))?
                .transpose(1, 2)?
                .contiguous()
        };
        let q = split(l.query.forward(x)?)?;
        let k = split(l.key.forward(x)?)?;
        let v = split(l.value.forward(x)?)?;
        let scale = 1.0 / (self.head_dim as f64).sqrt();
        let scores = (q.matmul(&k.t()?.contiguous()?)? * scale)?.broadcast_add(bias)?;
        let probs = candle_nn::ops::softmax_last_dim(&scores)?;
        let context = probs
            .matmul(&v)?
            .transpose(1, 2)?
            .contiguous()?
            .reshape((batch, len, hidden))?;
        let attended = l
            .attention_norm
            .forward(&(l.attention_out.forward(&context)? + x)?)?;
        let inner = l.intermediate.forward(&attended)?.gelu_erf()?;
        l.output_norm
            .forward(&(l.output.forward(&inner)? + attended)?)
    }
}

/// Mean of the hidden states over the real tokens (the mask), each row scaled to unit length.
pub fn mean_pool_normalised(hidden: &Tensor, mask: &Tensor) -> Result<Tensor> {
    let mask = mask.to_dtype(hidden.dtype())?.unsqueeze(2)?;
    let summed = hidden.broadcast_mul(&mask)?.sum(1)?;
    let counts = mask.sum(1)?.clamp(1e-9, f64::MAX)?;
    let mean = summed.broadcast_div(&counts)?;
    let norm = mean.sqr()?.sum_keepdim(1)?.sqrt()?.clamp(1e-12, f64::MAX)?;
    mean.broadcast_div(&norm)
}

/// The model's weights on the CPU, from a memory map of the file: each tensor is copied once
/// out of the page cache instead of reading the whole 90 MB file into a buffer first (the
/// read was the largest single cost of a hybrid search).
pub fn weights(path: &std::path::Path) -> Result<VarBuilder<'static>> {
    let device = Device::Cpu;
    // SAFETY: the map is only read while the model is built (`Embedder::load`). The file
    // lives in mind's own model folder, which installs replace by renaming a new folder into
    // place, so a concurrent install never changes the mapped file's contents.
    unsafe { VarBuilder::from_mmaped_safetensors(&[path], DType::F32, &device) }
}
