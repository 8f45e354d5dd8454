//! A tiny randomly initialised BERT written on the spot, so tests of loading, pooling and
//! installing run in milliseconds without the real model.

use std::collections::HashMap;
use std::path::Path;

const HIDDEN: usize = 32;
const LAYERS: usize = 2;
const INTERMEDIATE: usize = 64;
const POSITIONS: usize = 64;
const WORDS: [&str; 16] = [
    "[PAD]",
    "[UNK]",
    "[CLS]",
    "[SEP]",
    "the",
    "container",
    "scheduler",
    "kubernetes",
    "runs",
    "pods",
    "login",
    "timeout",
    "jwt",
    "##s",
    "cache",
    "tests",
];

/// Write config.json, tokenizer.json and model.safetensors of a tiny BERT into `dir`
/// (panics on failure: for tests only).
pub fn write_tiny_model(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let config = serde_json::json!({
        "architectures": ["BertModel"], "model_type": "bert", "hidden_act": "gelu",
        "hidden_size": HIDDEN, "num_hidden_layers": LAYERS, "num_attention_heads": 4,
        "intermediate_size": INTERMEDIATE, "max_position_embeddings": POSITIONS,
        "type_vocab_size": 2, "vocab_size": WORDS.len(), "layer_norm_eps": 1e-12,
    });
    std::fs::write(dir.join("config.json"), config.to_string()).unwrap();
    let vocab: serde_json::Map<String, serde_json::Value> = WORDS
        .iter()
        .enumerate()
        .map(|(i, w)| (w.to_string(), serde_json::json!(i)))
        .collect();
    let tokenizer = serde_json::json!({
        "version": "1.0", "truncation": null, "padding": null, "added_tokens": [],
        "normalizer": {"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true,
                       "strip_accents": null, "lowercase": true},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {"type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}},
                       {"Sequence": {"id": "A", "type_id": 0}},
                       {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
            "pair": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}},
                     {"Sequence": {"id": "A", "type_id": 0}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 0}},
                     {"Sequence": {"id": "B", "type_id": 1}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
            "special_tokens": {"[CLS]": {"id": "[CLS]", "ids": [2], "tokens": ["[CLS]"]},
                               "[SEP]": {"id": "[SEP]", "ids": [3], "tokens": ["[SEP]"]}}},
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": true},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": vocab},
    });
    std::fs::write(dir.join("tokenizer.json"), tokenizer.to_string()).unwrap();
    let mut seed = 1u64;
    let mut random = |shape: &[usize]| -> Tensor {
        let n: usize = shape.iter().product();
        let data: Vec<f32> = (0..n)
            .map(|_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                ((seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.2
            })
            .collect();
        (shape.to_vec(), data)
    };
    let ones = |n: usize| -> Tensor { (vec![n], vec![1.0; n]) };
    let zeros = |n: usize| -> Tensor { (vec![n], vec![0.0; n]) };
    let mut t: HashMap<String, Tensor> = HashMap::new();
    t.insert(
        "embeddings.word_embeddings.weight".into(),
        random(&[WORDS.len(), HIDDEN]),
    );
    t.insert(
        "embeddings.position_embeddings.weight".into(),
        random(&[POSITIONS, HIDDEN]),
    );
    t.insert(
        "embeddings.token_type_embeddings.weight".into(),
        random(&[2, HIDDEN]),
    );
    t.insert("embeddings.LayerNorm.weight".into(), ones(HIDDEN));
    t.insert("embeddings.LayerNorm.bias".into(), zeros(HIDDEN));
    for l in 0..LAYERS {
        let p = format!("encoder.layer.{l}");
        for name in ["query", "key", "value"] {
            t.insert(
                format!("{p}.attention.self.{name}.weight"),
                random(&[HIDDEN, HIDDEN]),
            );
            t.insert(format!("{p}.attention.self.{name}.bias"), random(&[HIDDEN]));
        }
        t.insert(
            format!("{p}.attention.output.dense.weight"),
            random(&[HIDDEN, HIDDEN]),
        );
        t.insert(
            format!("{p}.attention.output.dense.bias"),
            random(&[HIDDEN]),
        );
        t.insert(
            format!("{p}.attention.output.LayerNorm.weight"),
            ones(HIDDEN),
        );
        t.insert(
            format!("{p}.attention.output.LayerNorm.bias"),
            zeros(HIDDEN),
        );
        t.insert(
            format!("{p}.intermediate.dense.weight"),
            random(&[INTERMEDIATE, HIDDEN]),
        );
        t.insert(
            format!("{p}.intermediate.dense.bias"),
            random(&[INTERMEDIATE]),
        );
        t.insert(
            format!("{p}.output.dense.weight"),
            random(&[HIDDEN, INTERMEDIATE]),
        );
        t.insert(format!("{p}.output.dense.bias"), random(&[HIDDEN]));
        t.insert(format!("{p}.output.LayerNorm.weight"), ones(HIDDEN));
        t.insert(format!("{p}.output.LayerNorm.bias"), zeros(HIDDEN));
    }
    write_safetensors(&t, &dir.join("model.safetensors"));
}

/// A tensor's shape and its floats, row-major.
pub(crate) type Tensor = (Vec<usize>, Vec<f32>);

/// Write `tensors` as a safetensors file of f32 tensors.
pub(crate) fn write_safetensors(tensors: &HashMap<String, Tensor>, path: &Path) {
    let bytes: Vec<(String, Vec<usize>, Vec<u8>)> = tensors
        .iter()
        .map(|(name, (shape, data))| {
            let raw = data.iter().flat_map(|v| v.to_le_bytes()).collect();
            (name.clone(), shape.clone(), raw)
        })
        .collect();
    let views = bytes.iter().map(|(name, shape, raw)| {
        let view =
            safetensors::tensor::TensorView::new(safetensors::Dtype::F32, shape.clone(), raw)
                .unwrap();
        (name.as_str(), view)
    });
    std::fs::write(path, safetensors::serialize(views, None).unwrap()).unwrap();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::Embedder;

    fn close(a: &[f32], b: &[f32]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-4)
    }

    #[test]
    fn a_tiny_bert_loads_and_embeds_unit_vectors() {
        let dir = tempfile::tempdir().unwrap();
        write_tiny_model(dir.path());
        let model = Embedder::load(dir.path()).unwrap();
        assert_eq!(model.dim(), HIDDEN);
        let v = model
            .embed(&["the container scheduler", "Kubernetes runs pods", "jwt"])
            .unwrap();
        assert_eq!(v.len(), 3);
        for x in &v {
            assert_eq!(x.len(), HIDDEN);
            let norm: f32 = x.iter().map(|a| a * a).sum::<f32>().sqrt();
            assert!((norm - 1.0).abs() < 1e-4, "{norm}");
        }
        assert!(!close(&v[0], &v[1]));
    }

    #[test]
    fn padding_in_a_batch_does_not_change_a_vector() {
        // Mean pooling must count only real tokens and attention must skip padding: a
        // short text embedded beside a long one gets the vector it gets alone.
        let dir = tempfile::tempdir().unwrap();
        write_tiny_model(dir.path());
        let model = Embedder::load(dir.path()).unwrap();
        let alone = model.embed(&["jwt"]).unwrap();
        let batch = model
            .embed(&[
                "jwt",
                "the container scheduler runs the kubernetes pods tests",
            ])
            .unwrap();
        assert!(
            close(&alone[0], &batch[0]),
            "{:?} vs {:?}",
            alone[0],
            batch[0]
        );
        assert_eq!(model.embed(&["jwt"]).unwrap(), alone, "deterministic");
    }

    #[test]
    fn mean_pooling_averages_each_texts_own_tokens_then_normalises() {
        // Two texts stacked: [3,4] and [1,0] are the first's tokens, [0,5] the second's.
        let hidden = [3f32, 4., 1., 0., 0., 5.];
        let spans = crate::embed::bert::Spans::of([2, 1].into_iter());
        let pooled = crate::embed::bert::mean_pool_normalised(&hidden, &spans, 2);
        // Mean (2, 2) scaled to unit length; (0, 5) scaled to (0, 1).
        let h = std::f32::consts::FRAC_1_SQRT_2;
        assert!(close(&pooled[0], &[h, h]), "{:?}", pooled[0]);
        assert!(close(&pooled[1], &[0., 1.]), "{:?}", pooled[1]);
    }
}
