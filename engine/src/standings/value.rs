//! Exact tie-break values: every value is a fraction of integers, so a
//! Sonneborn-Berger of 9.75 or an average of opponents' Buchholz of 13.375
//! compares exactly, and only the display string is rounded.

use crate::model::Points;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt::Write as _;

/// An exact value `num / den`, kept in lowest terms with `den > 0`.
///
/// Sums of scores are tenths (`Exact::from_points`), Sonneborn-Berger
/// products hundredths, averages arbitrary fractions. Serialised as
/// `{"num": 39, "den": 4}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Exact {
    num: i64,
    den: i64,
}

impl Exact {
    /// Zero.
    pub const ZERO: Exact = Exact { num: 0, den: 1 };

    /// The fraction `num / den` in lowest terms, or `None` when `den` is 0.
    #[must_use]
    pub fn new(num: i64, den: i64) -> Option<Exact> {
        if den == 0 {
            return None;
        }
        let sign = if den < 0 { -1 } else { 1 };
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1);
        // `g` divides both, so the quotients fit back in i64.
        let g = i64::try_from(g).unwrap_or(1);
        Some(Exact { num: sign * num / g, den: sign * den / g })
    }

    /// The whole number `n`.
    #[must_use]
    pub const fn integer(n: i64) -> Exact {
        Exact { num: n, den: 1 }
    }

    /// A score in points (tenths of a point exactly).
    #[must_use]
    pub fn from_points(p: Points) -> Exact {
        Exact::ratio(i64::from(p.tenths()), 10)
    }

    /// `num / den` for a denominator known to be positive (internal sums).
    pub(crate) fn ratio(num: i64, den: i64) -> Exact {
        Exact::new(num, den.max(1)).unwrap_or(Exact::ZERO)
    }

    /// The numerator (in lowest terms; carries the sign).
    #[must_use]
    pub const fn num(self) -> i64 {
        self.num
    }

    /// The denominator (in lowest terms; always positive).
    #[must_use]
    pub const fn den(self) -> i64 {
        self.den
    }

    /// The value negated (used to rank "lower is better" criteria).
    #[must_use]
    pub const fn neg(self) -> Exact {
        Exact { num: -self.num, den: self.den }
    }

    /// The nearest whole number, halves rounded up ("0.5 rounded up", C.07
    /// art. 10.1): `floor(x + 1/2)`.
    #[must_use]
    pub fn round_half_up(self) -> i64 {
        (2 * self.num + self.den).div_euclid(2 * self.den)
    }

    /// The value with exactly `decimals` decimals, the last rounded half up:
    /// `Exact::new(107, 8)` (13.375) with 2 decimals is `"13.38"`.
    #[must_use]
    pub fn to_fixed(self, decimals: u32) -> String {
        let scale = 10_i64.pow(decimals);
        let scaled = (2 * self.num * scale + self.den).div_euclid(2 * self.den);
        let mut s = String::new();
        if scaled < 0 {
            s.push('-');
        }
        let a = scaled.unsigned_abs();
        let scale = scale.unsigned_abs();
        let _ = write!(s, "{}", a / scale);
        if decimals > 0 {
            let _ = write!(s, ".{:0width$}", a % scale, width = decimals as usize);
        }
        s
    }

    /// The shortest fixed display among 1 and 2 decimals that is exact when
    /// the value has at most two decimals (`"1.5"`, `"0.75"`), else 2 decimals.
    #[must_use]
    pub fn to_short(self) -> String {
        if 10 % self.den == 0 {
            self.to_fixed(1)
        } else {
            self.to_fixed(2)
        }
    }
}

impl Ord for Exact {
    fn cmp(&self, other: &Exact) -> Ordering {
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        (i128::from(self.num) * i128::from(other.den)).cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Exact) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Default for Exact {
    fn default() -> Exact {
        Exact::ZERO
    }
}

impl std::ops::Add for Exact {
    type Output = Exact;
    fn add(self, o: Exact) -> Exact {
        if self.den == o.den {
            return Exact::ratio(self.num + o.num, self.den);
        }
        Exact::ratio(self.num * o.den + o.num * self.den, self.den * o.den)
    }
}

const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// One value of a standings table: the exact value (absent when the
/// tie-break does not apply to this player, e.g. an average rating with no
/// game played) and the string pages show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// The exact value, if any.
    pub value: Option<Exact>,
    /// The value as shown, e.g. `"12.5"`, `"9.75"`, `"1888"`, or `""` when absent.
    pub display: String,
}

impl Cell {
    /// A cell showing `value` with `decimals` decimals.
    #[must_use]
    pub fn fixed(value: Exact, decimals: u32) -> Cell {
        Cell { value: Some(value), display: value.to_fixed(decimals) }
    }

    /// A cell with no value.
    #[must_use]
    pub fn empty() -> Cell {
        Cell { value: None, display: String::new() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_kept_in_lowest_terms_and_compare_exactly() {
        assert_eq!(Exact::new(175, 100), Exact::new(7, 4));
        assert_eq!(Exact::new(3, -6), Exact::new(-1, 2));
        assert_eq!(Exact::new(1, 0), None);
        assert!(Exact::ratio(1, 3) < Exact::ratio(34, 100));
        assert!(Exact::ratio(-1, 2) < Exact::ZERO);
        assert_eq!(Exact::from_points(Points::from_tenths(35)), Exact::ratio(7, 2));
    }

    #[test]
    fn rounding_is_half_up() {
        assert_eq!(Exact::ratio(18875, 10).round_half_up(), 1888);
        assert_eq!(Exact::ratio(5, 2).round_half_up(), 3);
        assert_eq!(Exact::ratio(-5, 2).round_half_up(), -2);
        assert_eq!(Exact::ratio(107, 8).to_fixed(2), "13.38");
        assert_eq!(Exact::ratio(79, 6).to_fixed(2), "13.17");
        assert_eq!(Exact::integer(12).to_fixed(1), "12.0");
        assert_eq!(Exact::ratio(-1, 4).to_fixed(2), "-0.25");
        assert_eq!(Exact::ratio(3, 4).to_short(), "0.75");
        assert_eq!(Exact::ratio(3, 2).to_short(), "1.5");
        assert_eq!(Exact::integer(1888).to_fixed(0), "1888");
    }
}
