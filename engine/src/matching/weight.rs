//! Edge weights for the weighted matching: unsigned integers of fixed width,
//! wide enough to hold many lexicographic criteria side by side.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Sub};

/// An unsigned integer weight. Weights are compared as numbers; the matching
/// adds, subtracts, doubles and halves them, and never lets them go negative.
pub trait Weight: Copy + Ord + Add<Output = Self> + Sub<Output = Self> + fmt::Debug {
    /// Zero (also the weight of a missing edge).
    const ZERO: Self;
    /// The number of usable bits.
    const BITS: u32;
    /// `self / 2` (exact for even values).
    #[must_use]
    fn half(self) -> Self;
    /// `self * 2`.
    #[must_use]
    fn double(self) -> Self;
    /// The weight with bits `offset..offset + 64` set from `value`
    /// (bits past the width are dropped).
    #[must_use]
    fn from_field(value: u64, offset: u32) -> Self;
    /// Whether the value is odd.
    fn is_odd(self) -> bool;
}

impl Weight for u64 {
    const ZERO: u64 = 0;
    const BITS: u32 = 64;
    fn half(self) -> u64 {
        self >> 1
    }
    fn double(self) -> u64 {
        self << 1
    }
    fn from_field(value: u64, offset: u32) -> u64 {
        if offset >= 64 {
            0
        } else {
            value << offset
        }
    }
    fn is_odd(self) -> bool {
        self & 1 == 1
    }
}

impl Weight for u128 {
    const ZERO: u128 = 0;
    const BITS: u32 = 128;
    fn half(self) -> u128 {
        self >> 1
    }
    fn double(self) -> u128 {
        self << 1
    }
    fn from_field(value: u64, offset: u32) -> u128 {
        if offset >= 128 {
            0
        } else {
            u128::from(value) << offset
        }
    }
    fn is_odd(self) -> bool {
        self & 1 == 1
    }
}

/// An unsigned integer of `N` 64-bit words, least significant word first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> fmt::Debug for Wide<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        for w in self.0.iter().rev() {
            write!(f, "{w:016x}")?;
        }
        Ok(())
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *slot = s2;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            *slot = d2;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    const BITS: u32 = 64 * N as u32;
    // Each word takes a bit from its neighbour: indexes read clearer than zipped windows.
    #[allow(clippy::needless_range_loop)]
    fn half(self) -> Self {
        let mut out = [0u64; N];
        for i in 0..N {
            let high = if i + 1 < N { self.0[i + 1] << 63 } else { 0 };
            out[i] = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }
    #[allow(clippy::needless_range_loop)]
    fn double(self) -> Self {
        let mut out = [0u64; N];
        for i in 0..N {
            let low = if i > 0 { self.0[i - 1] >> 63 } else { 0 };
            out[i] = (self.0[i] << 1) | low;
        }
        Wide(out)
    }
    fn from_field(value: u64, offset: u32) -> Self {
        let mut out = [0u64; N];
        let word = (offset / 64) as usize;
        let bit = offset % 64;
        if word < N {
            out[word] = value << bit;
            if bit > 0 && word + 1 < N {
                out[word + 1] = value >> (64 - bit);
            }
        }
        Wide(out)
    }
    fn is_odd(self) -> bool {
        self.0[0] & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_arithmetic_carries_across_words() {
        let a = Wide::<2>([u64::MAX, 0]);
        let one = Wide::<2>([1, 0]);
        assert_eq!(a + one, Wide([0, 1]));
        assert_eq!(Wide([0, 1]) - one, a);
        assert_eq!(Wide::<2>([0, 1]).half(), Wide([1 << 63, 0]));
        assert_eq!(Wide::<2>([1 << 63, 0]).double(), Wide([0, 1]));
        assert!(Wide::<2>([0, 1]) > Wide([u64::MAX, 0]));
        assert_eq!(Wide::<2>::from_field(3, 63), Wide([1 << 63, 1]));
        assert_eq!(u128::from_field(5, 64), 5u128 << 64);
    }
}
