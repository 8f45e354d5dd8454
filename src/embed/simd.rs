//! The dot products every comparison and every query's forward pass runs on.
//!
//! With AVX2 and FMA (checked at run time, so the binary still runs on any x86-64) they are
//! eight lanes wide with fused multiply-adds, four accumulators deep; elsewhere they are
//! portable loops in eight independent lanes, which the compiler keeps in SIMD registers
//! (one running sum would wait on every addition). The two sum in different orders, so a
//! result differs by float rounding only.

/// Dot product of two float slices of the same length.
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    #[cfg(target_arch = "x86_64")]
    if fast() {
        // SAFETY: the CPU has AVX2 and FMA.
        return unsafe { fma::dot(a, b) };
    }
    portable_dot(a, b)
}

/// Dot product of floats with signed bytes (a query with a cached line vector).
pub fn dot_i8(a: &[f32], b: &[i8]) -> f32 {
    #[cfg(target_arch = "x86_64")]
    if fast() {
        // SAFETY: the CPU has AVX2 and FMA.
        return unsafe { fma::dot_i8(a, b) };
    }
    portable_dot_i8(a, b)
}

/// `y[r][j] += x[r] · w[j]` for every row `r` of `x` (`rows × inputs`) and every row `j` of
/// `w` (`outputs × inputs`): the product `x·Wᵀ` of a linear layer with few input rows (a
/// query's tokens). Four weight rows meet two input rows at a time, so each load feeds
/// several multiply-adds and each weight row is read from memory once.
#[cfg_attr(not(feature = "semantic"), allow(dead_code))]
pub fn add_products(x: &[f32], rows: usize, w: &[f32], inputs: usize, y: &mut [f32]) {
    debug_assert_eq!(x.len(), rows * inputs);
    debug_assert_eq!(y.len() * inputs, rows * w.len());
    #[cfg(target_arch = "x86_64")]
    if fast() {
        // SAFETY: the CPU has AVX2 and FMA; the lengths are checked inside.
        return unsafe { fma::add_products(x, rows, w, inputs, y) };
    }
    portable_add_products(x, rows, w, inputs, y)
}

/// A weight matrix as stored: f32, or IEEE half precision (raw `u16` bits) that the
/// products widen to f32 in registers and accumulate in f32.
#[cfg_attr(not(feature = "semantic"), allow(dead_code))]
#[derive(Clone, Copy)]
pub enum Matrix<'a> {
    F32(&'a [f32]),
    F16(&'a [u16]),
}

#[cfg_attr(not(feature = "semantic"), allow(dead_code))]
impl<'a> Matrix<'a> {
    pub fn split_at(&self, mid: usize) -> (Matrix<'a>, Matrix<'a>) {
        match self {
            Matrix::F32(w) => {
                let (a, b) = w.split_at(mid);
                (Matrix::F32(a), Matrix::F32(b))
            }
            Matrix::F16(w) => {
                let (a, b) = w.split_at(mid);
                (Matrix::F16(a), Matrix::F16(b))
            }
        }
    }
}

/// [`add_products`] over half-precision weights.
#[cfg_attr(not(feature = "semantic"), allow(dead_code))]
pub fn add_products_f16(x: &[f32], rows: usize, w: &[u16], inputs: usize, y: &mut [f32]) {
    debug_assert_eq!(x.len(), rows * inputs);
    debug_assert_eq!(y.len() * inputs, rows * w.len());
    #[cfg(target_arch = "x86_64")]
    if fast_f16() {
        // SAFETY: the CPU has AVX2, FMA and F16C; the lengths are checked inside.
        return unsafe { fma::add_products_f16(x, rows, w, inputs, y) };
    }
    portable_add_products_f16(x, rows, w, inputs, y)
}

#[cfg_attr(not(feature = "semantic"), allow(dead_code))]
fn portable_add_products_f16(x: &[f32], rows: usize, w: &[u16], inputs: usize, y: &mut [f32]) {
    let outputs = w.len() / inputs.max(1);
    let mut row = vec![0f32; inputs];
    for (j, w_row) in w.chunks_exact(inputs).enumerate() {
        widen_into(w_row, &mut row);
        for (r, x_row) in x.chunks_exact(inputs).take(rows).enumerate() {
            y[r * outputs + j] += portable_dot(x_row, &row);
        }
    }
}

/// Half-precision values widened to f32 (exactly: every half is a float).
#[cfg_attr(not(feature = "semantic"), allow(dead_code))]
pub fn widen_into(halves: &[u16], out: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if fast_f16() {
        // SAFETY: the CPU has F16C (and AVX2, FMA).
        return unsafe { fma::widen_into(halves, out) };
    }
    for (o, &h) in out.iter_mut().zip(halves) {
        *o = f16_to_f32(h);
    }
}

/// The f32 value of IEEE half-precision bits.
#[cfg_attr(not(feature = "semantic"), allow(dead_code))]
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    let bits = match (exp, man) {
        (0, 0) => sign,
        // Subnormal: man · 2^-24, exact in f32.
        (0, _) => {
            let v = man as f32 * f32::from_bits(0x3380_0000);
            return if sign != 0 { -v } else { v };
        }
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, _) => sign | 0x7fc0_0000 | (man << 13),
        _ => sign | ((exp + 112) << 23) | (man << 13),
    };
    f32::from_bits(bits)
}

/// The nearest IEEE half-precision value of `v` (ties to even; too large becomes infinite).
#[cfg_attr(not(feature = "semantic"), allow(dead_code))]
pub fn f32_to_f16(v: f32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let man = bits & 0x007f_ffff;
    if exp == 0xff {
        // Infinity stays infinite, NaN stays NaN (quiet).
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        // Subnormal half (or zero): the implicit bit joins the mantissa, shifted further.
        if e < -10 {
            return sign;
        }
        let m = man | 0x0080_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rest = m & ((1 << shift) - 1);
        let midway = 1 << (shift - 1);
        let up = rest > midway || (rest == midway && half & 1 == 1);
        return sign | (half + u32::from(up)) as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    let up = rest > 0x1000 || (rest == 0x1000 && half & 1 == 1);
    // A carry out of the mantissa rounds up into the exponent, as it should (to infinity
    // past the largest half).
    sign | (half + u32::from(up)) as u16
}

#[cfg_attr(not(feature = "semantic"), allow(dead_code))]
fn portable_add_products(x: &[f32], rows: usize, w: &[f32], inputs: usize, y: &mut [f32]) {
    let outputs = w.len() / inputs.max(1);
    for (j, w_row) in w.chunks_exact(inputs).enumerate() {
        for (r, x_row) in x.chunks_exact(inputs).take(rows).enumerate() {
            y[r * outputs + j] += portable_dot(x_row, w_row);
        }
    }
}

/// Whether the AVX2 + FMA kernels can run (the standard library caches the answer).
#[cfg(target_arch = "x86_64")]
fn fast() -> bool {
    std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
}

/// Whether the half-precision kernels can run: AVX2 and FMA as above, and F16C for the
/// widening.
#[cfg(target_arch = "x86_64")]
fn fast_f16() -> bool {
    fast() && std::arch::is_x86_feature_detected!("f16c")
}

fn portable_dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    let (a8, a_rest) = a.as_chunks::<8>();
    let (b8, b_rest) = b.as_chunks::<8>();
    for (x, y) in a8.iter().zip(b8) {
        for i in 0..8 {
            lanes[i] += x[i] * y[i];
        }
    }
    let tail: f32 = a_rest.iter().zip(b_rest).map(|(x, y)| x * y).sum();
    lanes.iter().sum::<f32>() + tail
}

fn portable_dot_i8(a: &[f32], b: &[i8]) -> f32 {
    let mut lanes = [0f32; 8];
    let (a8, a_rest) = a.as_chunks::<8>();
    let (b8, b_rest) = b.as_chunks::<8>();
    for (x, y) in a8.iter().zip(b8) {
        for i in 0..8 {
            lanes[i] += x[i] * f32::from(y[i]);
        }
    }
    let tail: f32 = a_rest
        .iter()
        .zip(b_rest)
        .map(|(x, &y)| x * f32::from(y))
        .sum();
    lanes.iter().sum::<f32>() + tail
}

#[cfg(target_arch = "x86_64")]
mod fma {
    use std::arch::x86_64::*;

    /// The eight lanes of `v` added up.
    #[target_feature(enable = "avx2,fma")]
    fn sum(v: __m256) -> f32 {
        let half = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
        let pair = _mm_add_ps(half, _mm_movehl_ps(half, half));
        _mm_cvtss_f32(_mm_add_ss(pair, _mm_shuffle_ps(pair, pair, 1)))
    }

    /// Four lanes-of-eight sums `a[0..4]` reduced to one lane each: `[Σa0, Σa1, Σa2, Σa3]`.
    #[cfg_attr(not(feature = "semantic"), allow(dead_code))]
    #[target_feature(enable = "avx2,fma")]
    fn sum4(a: [__m256; 4]) -> __m128 {
        let h = _mm256_hadd_ps(_mm256_hadd_ps(a[0], a[1]), _mm256_hadd_ps(a[2], a[3]));
        _mm_add_ps(_mm256_castps256_ps128(h), _mm256_extractf128_ps(h, 1))
    }

    /// The blocked products over weight rows of `$w`, each loaded eight at a time by `$load`
    /// and leftovers through `$dot`: one body for the f32 kernel and the half-precision one.
    macro_rules! blocked_products {
        ($(#[$doc:meta])* $name:ident, $w:ty, $features:literal, $load:ident, $dot:ident) => {
            $(#[$doc])*
            #[cfg_attr(not(feature = "semantic"), allow(dead_code))]
            #[target_feature(enable = $features)]
            pub unsafe fn $name(x: &[f32], rows: usize, w: &[$w], inputs: usize, y: &mut [f32]) {
                if inputs == 0 {
                    return;
                }
                let outputs = w.len() / inputs;
                assert!(x.len() >= rows * inputs && y.len() >= rows * outputs);
                let wide = inputs - inputs % 8;
                let (px, pw) = (x.as_ptr(), w.as_ptr());
                let blocks = if wide == inputs { outputs / 4 } else { 0 };
                for jb in 0..blocks {
                    let j = jb * 4;
                    let wr = [0, 1, 2, 3].map(|i| pw.wrapping_add((j + i) * inputs));
                    let mut r = 0;
                    while r + 2 <= rows {
                        let (x0, x1) = (
                            px.wrapping_add(r * inputs),
                            px.wrapping_add((r + 1) * inputs),
                        );
                        let mut a0 = [_mm256_setzero_ps(); 4];
                        let mut a1 = [_mm256_setzero_ps(); 4];
                        let mut k = 0;
                        while k < wide {
                            // SAFETY: `k + 8 ≤ inputs`; rows `r`, `r + 1` < rows and `j + 3` <
                            // outputs, so every load is inside `x` or `w`.
                            unsafe {
                                let u = _mm256_loadu_ps(x0.add(k));
                                let v = _mm256_loadu_ps(x1.add(k));
                                for i in 0..4 {
                                    let c = $load(wr[i].add(k));
                                    a0[i] = _mm256_fmadd_ps(u, c, a0[i]);
                                    a1[i] = _mm256_fmadd_ps(v, c, a1[i]);
                                }
                            }
                            k += 8;
                        }
                        for (row, acc) in [(r, a0), (r + 1, a1)] {
                            let out = &mut y[row * outputs + j..row * outputs + j + 4];
                            // SAFETY: `out` holds four floats.
                            unsafe {
                                let sum = _mm_add_ps(_mm_loadu_ps(out.as_ptr()), sum4(acc));
                                _mm_storeu_ps(out.as_mut_ptr(), sum);
                            }
                        }
                        r += 2;
                    }
                    if r < rows {
                        let x_row = &x[r * inputs..(r + 1) * inputs];
                        for i in 0..4 {
                            let w_row = &w[(j + i) * inputs..(j + i + 1) * inputs];
                            // SAFETY: the CPU has the features this function is compiled for.
                            y[r * outputs + j + i] += unsafe { $dot(x_row, w_row) };
                        }
                    }
                }
                for j in blocks * 4..outputs {
                    let w_row = &w[j * inputs..(j + 1) * inputs];
                    for r in 0..rows {
                        // SAFETY: as above.
                        let x_row = &x[r * inputs..(r + 1) * inputs];
                        y[r * outputs + j] += unsafe { $dot(x_row, w_row) };
                    }
                }
            }
        };
    }

    blocked_products!(
        /// See [`super::add_products`]. Blocks of 4 weight rows × 2 input rows keep eight
        /// accumulators in registers; leftover rows and a tail of `inputs` past a multiple of
        /// 8 go through [`dot`].
        add_products, f32, "avx2,fma", _mm256_loadu_ps, dot
    );

    /// Eight halves from `p` widened to floats.
    ///
    /// SAFETY (caller): `p..p + 8` is inside one slice.
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn load_f16(p: *const u16) -> __m256 {
        // SAFETY: the caller's contract; an unaligned 16-byte load.
        _mm256_cvtph_ps(unsafe { _mm_loadu_si128(p.cast::<__m128i>()) })
    }

    blocked_products!(
        /// [`add_products`] with half-precision weight rows, widened in registers as they are
        /// loaded (the same blocks: each widened weight vector feeds two rows' multiply-adds).
        add_products_f16, u16, "avx2,fma,f16c", load_f16, dot_f16
    );

    /// Dot product of floats with halves.
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn dot_f16(a: &[f32], b: &[u16]) -> f32 {
        let n = a.len().min(b.len());
        let wide = n - n % 16;
        let mut acc = [_mm256_setzero_ps(); 2];
        let (pa, pb) = (a.as_ptr(), b.as_ptr());
        let mut i = 0;
        while i < wide {
            for (k, s) in acc.iter_mut().enumerate() {
                // SAFETY: `i + k·8 + 8 ≤ wide ≤ n`: inside both slices.
                let (x, y) = unsafe {
                    (
                        _mm256_loadu_ps(pa.add(i + k * 8)),
                        load_f16(pb.add(i + k * 8)),
                    )
                };
                *s = _mm256_fmadd_ps(x, y, *s);
            }
            i += 16;
        }
        let tail: f32 = a[wide..n]
            .iter()
            .zip(&b[wide..n])
            .map(|(x, &y)| x * super::f16_to_f32(y))
            .sum();
        sum(_mm256_add_ps(acc[0], acc[1])) + tail
    }

    /// See [`super::widen_into`].
    #[cfg_attr(not(feature = "semantic"), allow(dead_code))]
    #[target_feature(enable = "avx2,fma,f16c")]
    pub unsafe fn widen_into(halves: &[u16], out: &mut [f32]) {
        let n = halves.len().min(out.len());
        let wide = n - n % 8;
        let mut i = 0;
        while i < wide {
            // SAFETY: `i + 8 ≤ n`: inside both slices.
            unsafe { _mm256_storeu_ps(out.as_mut_ptr().add(i), load_f16(halves.as_ptr().add(i))) };
            i += 8;
        }
        for k in wide..n {
            out[k] = super::f16_to_f32(halves[k]);
        }
    }

    #[target_feature(enable = "avx2,fma")]
    pub unsafe fn dot(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len().min(b.len());
        let wide = n - n % 32;
        let mut acc = [_mm256_setzero_ps(); 4];
        let (pa, pb) = (a.as_ptr(), b.as_ptr());
        let mut i = 0;
        while i < wide {
            for (k, s) in acc.iter_mut().enumerate() {
                // SAFETY: `i + k·8 + 8 ≤ wide ≤ n`: inside both slices.
                let (x, y) = unsafe {
                    (
                        _mm256_loadu_ps(pa.add(i + k * 8)),
                        _mm256_loadu_ps(pb.add(i + k * 8)),
                    )
                };
                *s = _mm256_fmadd_ps(x, y, *s);
            }
            i += 32;
        }
        let all = _mm256_add_ps(_mm256_add_ps(acc[0], acc[1]), _mm256_add_ps(acc[2], acc[3]));
        let tail: f32 = a[wide..n].iter().zip(&b[wide..n]).map(|(x, y)| x * y).sum();
        sum(all) + tail
    }

    #[target_feature(enable = "avx2,fma")]
    pub unsafe fn dot_i8(a: &[f32], b: &[i8]) -> f32 {
        let n = a.len().min(b.len());
        let wide = n - n % 16;
        let mut acc = [_mm256_setzero_ps(); 2];
        let (pa, pb) = (a.as_ptr(), b.as_ptr());
        let mut i = 0;
        while i < wide {
            for (k, s) in acc.iter_mut().enumerate() {
                let at = i + k * 8;
                // SAFETY: `at + 8 ≤ wide ≤ n`: 8 floats and 8 bytes inside the slices.
                let (x, bytes) = unsafe {
                    (
                        _mm256_loadu_ps(pa.add(at)),
                        _mm_loadl_epi64(pb.add(at).cast::<__m128i>()),
                    )
                };
                let y = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(bytes));
                *s = _mm256_fmadd_ps(x, y, *s);
            }
            i += 16;
        }
        let tail: f32 = a[wide..n]
            .iter()
            .zip(&b[wide..n])
            .map(|(x, &y)| x * f32::from(y))
            .sum();
        sum(_mm256_add_ps(acc[0], acc[1])) + tail
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Deterministic floats in [-1, 1) (also the inputs of split.rs's tests).
    pub(in crate::embed) fn floats(n: usize, seed: u32) -> Vec<f32> {
        (0..n)
            .map(|i| {
                ((i as u32).wrapping_mul(7919).wrapping_add(seed * 104_729) % 2000) as f32 / 1000.0
                    - 1.0
            })
            .collect()
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() <= 1e-4 * b.abs().max(1.0)
    }

    /// Lengths with and without a tail past the wide blocks, as the model's (384, 1536).
    #[test]
    fn the_fast_kernels_match_the_portable_ones() {
        for n in [0, 3, 16, 32, 37, 384, 1536] {
            let (a, b) = (floats(n, 1), floats(n, 2));
            assert!(close(dot(&a, &b), portable_dot(&a, &b)), "{n}");
            let bytes: Vec<i8> = b.iter().map(|x| (x * 127.0) as i8).collect();
            assert!(
                close(dot_i8(&a, &bytes), portable_dot_i8(&a, &bytes)),
                "{n}"
            );
        }
    }

    /// Every half converts to the float it denotes and back to itself (NaNs stay NaN);
    /// floats round to the nearest half, ties to even, and overflow to infinity.
    #[test]
    fn halves_convert_exactly_and_floats_round_to_nearest() {
        for h in 0..=u16::MAX {
            let v = f16_to_f32(h);
            if v.is_nan() {
                assert!(f16_to_f32(f32_to_f16(v)).is_nan(), "{h:#x}");
            } else {
                assert_eq!(f32_to_f16(v), h, "{h:#x} → {v}");
            }
        }
        for (v, h) in [
            (0.0f32, 0x0000u16),
            (-0.0, 0x8000),
            (1.0, 0x3c00),
            (-2.0, 0xc000),
            (65504.0, 0x7bff),
            (65520.0, 0x7c00),
            (1e9, 0x7c00),
            (5.960_464_5e-8, 0x0001),
            (2.9e-8, 0x0000),
            (3.0e-8, 0x0001),
            (1.0 + 1.0 / 2048.0, 0x3c00),
            (1.0 + 3.0 / 2048.0, 0x3c02),
            (0.333_333_34, 0x3555),
        ] {
            assert_eq!(f32_to_f16(v), h, "{v}");
        }
        // Rounding error of a normal value: at most half a unit in the last place.
        for v in floats(1000, 9) {
            let back = f16_to_f32(f32_to_f16(v));
            assert!(
                (back - v).abs() <= v.abs() * (1.0 / 2048.0) + 3e-8,
                "{v} → {back}"
            );
        }
    }

    /// The widened kernels (F16C where the CPU has it) give what widening first and then
    /// multiplying in f32 gives.
    #[test]
    fn the_half_precision_products_match_the_widened_ones() {
        for (rows, inputs, outputs) in [
            (1, 384, 8),
            (7, 384, 384),
            (2, 32, 6),
            (3, 37, 5),
            (5, 1536, 12),
        ] {
            let x = floats(rows * inputs, 3);
            let w: Vec<u16> = floats(outputs * inputs, 4)
                .into_iter()
                .map(f32_to_f16)
                .collect();
            let mut wide = vec![0f32; w.len()];
            widen_into(&w, &mut wide);
            let slow: Vec<f32> = w.iter().map(|&h| f16_to_f32(h)).collect();
            assert_eq!(wide, slow);
            let bias = floats(rows * outputs, 5);
            let mut half_y = bias.clone();
            add_products_f16(&x, rows, &w, inputs, &mut half_y);
            let mut f32_y = bias.clone();
            portable_add_products(&x, rows, &wide, inputs, &mut f32_y);
            let mut portable_y = bias;
            portable_add_products_f16(&x, rows, &w, inputs, &mut portable_y);
            for ((a, b), c) in half_y.iter().zip(&f32_y).zip(&portable_y) {
                assert!(close(*a, *b), "{rows}×{inputs}→{outputs}: {a} vs {b}");
                assert_eq!(b, c);
            }
        }
    }

    /// Every shape the blocked product meets: odd row counts (a leftover row), output
    /// counts off a multiple of 4 and inputs off a multiple of 8 (the row-by-row path).
    #[test]
    fn the_blocked_product_matches_the_portable_one() {
        for (rows, inputs, outputs) in [
            (1, 384, 8),
            (7, 384, 384),
            (2, 32, 6),
            (3, 37, 5),
            (5, 1536, 12),
        ] {
            let x = floats(rows * inputs, 3);
            let w = floats(outputs * inputs, 4);
            let bias = floats(rows * outputs, 5);
            let mut fast_y = bias.clone();
            add_products(&x, rows, &w, inputs, &mut fast_y);
            let mut slow_y = bias;
            portable_add_products(&x, rows, &w, inputs, &mut slow_y);
            for (a, b) in fast_y.iter().zip(&slow_y) {
                assert!(close(*a, *b), "{rows}×{inputs}→{outputs}: {a} vs {b}");
            }
        }
    }
}
