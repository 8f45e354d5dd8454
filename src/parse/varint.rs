//! LEB128 numbers, as the parse cache stores them: most of its numbers (line numbers,
//! lengths, differences between indexes) take one to three bytes.

/// Append `v` to `out`.
pub fn put(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The number at `*at` in `bytes`, moving `at` past it; `None` when the bytes end first or
/// it does not fit 64 bits.
pub fn get(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*at)?;
        *at += 1;
        v |= u64::from(b & 0x7f).checked_shl(shift)?;
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_back_as_written_and_a_cut_one_is_refused() {
        let values = [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX];
        let mut out = Vec::new();
        for v in values {
            put(&mut out, v);
        }
        let mut at = 0;
        for v in values {
            assert_eq!(get(&out, &mut at), Some(v));
        }
        assert_eq!(at, out.len());
        let mut at = 0;
        assert_eq!(get(&[0x80, 0x80], &mut at), None);
    }
}
