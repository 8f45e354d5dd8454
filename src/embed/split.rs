//! A second core for a forward pass of one batch (a query, or a session's few items): each
//! linear layer's weight rows are split in two, a helper thread multiplies one half while
//! the calling thread multiplies the other.
//!
//! A query is a handful of tokens, so its products are bound by reading the weights
//! (~42 MB for all-MiniLM-L6-v2) rather than by arithmetic; two cores read them about
//! twice as fast. A few dozen tokens are bound by arithmetic, which two cores also halve. The helper lives for one pass (one thread start, not one per layer) and
//! takes its work over a channel. Results are bit-for-bit those of one thread: every
//! output is the same dot product, only computed elsewhere.

use std::sync::mpsc::{Receiver, Sender, channel};

use super::bert::add_linear;
use super::simd::Matrix;

/// The calling thread's side of a helper thread.
pub struct Helper {
    jobs: Sender<Job>,
    results: Receiver<Vec<f32>>,
}

/// One half of a product, as pointers: the calling thread waits for the result before it
/// touches or frees any of these buffers again (see [`Helper::linear`]).
struct Job {
    x: *const f32,
    x_len: usize,
    rows: usize,
    w: RawMatrix,
    inputs: usize,
    bias: *const f32,
    bias_len: usize,
}

/// A [`Matrix`] as a pointer and a length.
enum RawMatrix {
    F32(*const f32, usize),
    F16(*const u16, usize),
}

impl RawMatrix {
    fn of(w: Matrix) -> RawMatrix {
        match w {
            Matrix::F32(w) => RawMatrix::F32(w.as_ptr(), w.len()),
            Matrix::F16(w) => RawMatrix::F16(w.as_ptr(), w.len()),
        }
    }

    /// SAFETY (caller): the slice this was made of is still valid and unwritten.
    unsafe fn get<'a>(&self) -> Matrix<'a> {
        // SAFETY: the caller's contract.
        unsafe {
            match *self {
                RawMatrix::F32(p, n) => Matrix::F32(std::slice::from_raw_parts(p, n)),
                RawMatrix::F16(p, n) => Matrix::F16(std::slice::from_raw_parts(p, n)),
            }
        }
    }
}

// SAFETY: the pointers are only read, and only while the sender blocks in `Helper::linear`
// waiting for this job's result, so the buffers outlive every use and nobody writes them.
unsafe impl Send for Job {}

impl Job {
    fn run(&self) -> Vec<f32> {
        // SAFETY: see `unsafe impl Send for Job`: the slices were valid when sent and stay
        // valid and unwritten until the result is received.
        let (x, w, bias) = unsafe {
            (
                std::slice::from_raw_parts(self.x, self.x_len),
                self.w.get(),
                std::slice::from_raw_parts(self.bias, self.bias_len),
            )
        };
        product(x, self.rows, w, self.inputs, bias)
    }
}

/// `x·Wᵀ + b` for `rows` rows of `x`, on this thread: `rows × bias.len()`.
fn product(x: &[f32], rows: usize, w: Matrix, inputs: usize, bias: &[f32]) -> Vec<f32> {
    let mut y = Vec::with_capacity(rows * bias.len());
    for _ in 0..rows {
        y.extend_from_slice(bias);
    }
    add_linear(x, rows, w, inputs, &mut y);
    y
}

/// Run `body` with a helper thread when `cores` is more than one (`None` otherwise).
pub fn with_helper<T>(cores: usize, body: impl FnOnce(Option<&Helper>) -> T) -> T {
    if cores < 2 {
        return body(None);
    }
    std::thread::scope(|scope| {
        let (jobs, inbox) = channel::<Job>();
        let (outbox, results) = channel();
        scope.spawn(move || {
            for job in inbox {
                if outbox.send(job.run()).is_err() {
                    break;
                }
            }
        });
        let helper = Helper { jobs, results };
        let out = body(Some(&helper));
        // Closing the channel ends the helper's loop; the scope then joins it.
        drop(helper);
        out
    })
}

impl Helper {
    /// `y = x·Wᵀ + b` for `rows` rows of `x` (`W` is `bias.len() × inputs`), the later
    /// half of the weight rows on the helper. Should the helper be gone, this thread does
    /// its half too.
    pub fn linear(
        &self,
        x: &[f32],
        rows: usize,
        w: Matrix,
        inputs: usize,
        bias: &[f32],
        y: &mut Vec<f32>,
    ) {
        let outputs = bias.len();
        // A multiple of four keeps both halves on the blocked kernel.
        let split = (outputs / 2) & !3;
        let (w_mine, w_theirs) = w.split_at(split * inputs);
        let (b_mine, b_theirs) = bias.split_at(split);
        let job = Job {
            x: x.as_ptr(),
            x_len: x.len(),
            rows,
            w: RawMatrix::of(w_theirs),
            inputs,
            bias: b_theirs.as_ptr(),
            bias_len: b_theirs.len(),
        };
        let sent = self.jobs.send(job).is_ok();
        let mine = product(x, rows, w_mine, inputs, b_mine);
        // Once `recv` returns, the helper has finished the job or has ended: either way
        // it holds none of the pointers any more.
        let theirs = sent.then(|| self.results.recv().ok()).flatten();
        let theirs = theirs.unwrap_or_else(|| product(x, rows, w_theirs, inputs, b_theirs));
        y.clear();
        y.reserve(rows * outputs);
        let rest = outputs - split;
        for r in 0..rows {
            y.extend_from_slice(&mine[r * split..(r + 1) * split]);
            y.extend_from_slice(&theirs[r * rest..(r + 1) * rest]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::simd::tests::floats;

    /// Two cores give exactly the floats one gives, whatever the output count.
    #[test]
    fn a_split_product_equals_the_whole_one() {
        for (rows, inputs, outputs) in [
            (7, 384, 384),
            (3, 32, 6),
            (1, 40, 3),
            (9, 64, 1536),
            (40, 384, 1536),
            (20, 32, 6),
        ] {
            let x = floats(rows * inputs, 1);
            let w = floats(outputs * inputs, 2);
            let bias = floats(outputs, 3);
            let halves: Vec<u16> = w
                .iter()
                .map(|&v| crate::embed::simd::f32_to_f16(v))
                .collect();
            for w in [Matrix::F32(&w), Matrix::F16(&halves)] {
                let whole = product(&x, rows, w, inputs, &bias);
                let mut split = Vec::new();
                with_helper(2, |helper| {
                    helper
                        .unwrap()
                        .linear(&x, rows, w, inputs, &bias, &mut split)
                });
                assert_eq!(whole, split, "{rows}×{inputs}→{outputs}");
            }
        }
    }
}
