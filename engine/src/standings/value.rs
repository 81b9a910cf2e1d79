//! Exact values: every tie-break value is a fraction of integers, so a
//! Sonneborn-Berger of 9.75, an average of opponents' Buchholz of 13.375 or a
//! 40K strength of schedule of 13/18 compares exactly, and only the display
//! string is rounded.

use crate::model::Points;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;
use std::fmt::Write as _;
use std::ops::Rem;

/// An exact value `num / den`, kept in lowest terms with `den > 0`.
///
/// Because the parts are always reduced, equal values have equal parts:
/// equality, hashing and the (total) order agree. The order is exact
/// (cross-multiplication in `i128`), so two values that are mathematically
/// equal tie and the tie goes to the next criterion.
///
/// Sums of scores are tenths (`Exact::from_points`), Sonneborn-Berger
/// products hundredths, averages arbitrary fractions. Arithmetic is done in
/// 128 bits and reduced before it is stored, so it never overflows on the way;
/// only a result whose lowest terms do not fit in `i64` is out of reach
/// ([`Exact::checked_add`] says so, `+` saturates). Serialised as
/// `{"num": 39, "den": 4}`; deserialising reduces the parts and rejects
/// `den <= 0`. Floats are for display only ([`Exact::as_percent_f64`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ExactParts")]
pub struct Exact {
    num: i64,
    den: i64,
}

/// The raw serialised form of an [`Exact`], validated on the way in.
#[derive(Deserialize)]
struct ExactParts {
    num: i64,
    den: i64,
}

/// Why a serialised exact value was rejected: its denominator is zero or negative.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("an exact value needs a positive denominator, got {num}/{den}")]
pub struct ExactError {
    /// The numerator given.
    pub num: i64,
    /// The denominator given.
    pub den: i64,
}

impl TryFrom<ExactParts> for Exact {
    type Error = ExactError;

    fn try_from(parts: ExactParts) -> Result<Exact, ExactError> {
        let error = ExactError { num: parts.num, den: parts.den };
        if parts.den <= 0 {
            return Err(error);
        }
        Exact::new(parts.num, parts.den).ok_or(error)
    }
}

impl Exact {
    /// Zero (`0/1`).
    pub const ZERO: Exact = Exact { num: 0, den: 1 };

    /// The fraction `num / den` in lowest terms (the sign carried by the
    /// numerator), or `None` when `den` is 0.
    #[must_use]
    pub fn new(num: i64, den: i64) -> Option<Exact> {
        if den <= 0 {
            // Negating may not fit in i64 (`i64::MIN`): reduce in 128 bits.
            return Exact::from_wide(i128::from(num), i128::from(den));
        }
        // 1 <= g <= den, so g fits in i64 and neither quotient overflows.
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1) as i64;
        Some(Exact { num: num / g, den: den / g })
    }

    /// The fraction `num / den` from 128-bit parts, in lowest terms; `None`
    /// when `den` is 0 or the reduced parts do not fit in `i64`.
    fn from_wide(num: i128, den: i128) -> Option<Exact> {
        if den == 0 {
            return None;
        }
        let (num, den) = if den < 0 { (num.checked_neg()?, den.checked_neg()?) } else { (num, den) };
        // 1 <= g <= den, so g fits in i128.
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1) as i128;
        Some(Exact { num: i64::try_from(num / g).ok()?, den: i64::try_from(den / g).ok()? })
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

    /// `num / den` for a denominator known to be positive (internal sums);
    /// 0 if it is not.
    pub(crate) fn ratio(num: i64, den: i64) -> Exact {
        Exact::new(num, den.max(1)).unwrap_or(Exact::ZERO)
    }

    /// The exact mean of `values`: 0 for none, `None` when the reduced result
    /// does not fit in `i64` parts. The running sum is kept in 128 bits and
    /// reduced at every step, so only the result has to fit.
    pub(crate) fn mean(values: impl IntoIterator<Item = Exact>) -> Option<Exact> {
        let (mut num, mut den, mut count) = (0_i128, 1_i128, 0_i128);
        for v in values {
            let (n, d) = (i128::from(v.num), i128::from(v.den));
            // num/den + n/d over the least common denominator, then reduced.
            let g = gcd(den.unsigned_abs(), d.unsigned_abs()).max(1) as i128;
            num = num.checked_mul(d / g)?.checked_add(n.checked_mul(den / g)?)?;
            den = den.checked_mul(d / g)?;
            let r = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1) as i128;
            (num, den) = (num / r, den / r);
            count += 1;
        }
        if count == 0 {
            return Some(Exact::ZERO);
        }
        Exact::from_wide(num, den.checked_mul(count)?)
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

    /// The value negated (used to rank "lower is better" criteria);
    /// `-i64::MIN` saturates to `i64::MAX`.
    #[must_use]
    pub const fn neg(self) -> Exact {
        Exact { num: self.num.saturating_neg(), den: self.den }
    }

    /// `self + other` exactly, or `None` when the reduced sum does not fit in
    /// `i64` parts.
    #[must_use]
    pub fn checked_add(self, other: Exact) -> Option<Exact> {
        if self.den == other.den {
            if let Some(num) = self.num.checked_add(other.num) {
                return Exact::new(num, self.den);
            }
        } else if let (Some(a), Some(b), Some(den)) =
            (self.num.checked_mul(other.den), other.num.checked_mul(self.den), self.den.checked_mul(other.den))
        {
            if let Some(num) = a.checked_add(b) {
                return Exact::new(num, den);
            }
        }
        // Products of i64 parts fit in i128 with room for their sum.
        let (n1, d1, n2, d2) =
            (i128::from(self.num), i128::from(self.den), i128::from(other.num), i128::from(other.den));
        Exact::from_wide(n1 * d2 + n2 * d1, d1 * d2)
    }

    /// The nearest whole number, halves rounded up ("0.5 rounded up", C.07
    /// art. 10.1): `floor(x + 1/2)`.
    #[must_use]
    pub fn round_half_up(self) -> i64 {
        // floor(x + 1/2) lies between -|num| and |num|, so it fits.
        i64::try_from(self.scaled_half_up(1)).unwrap_or(i64::MAX)
    }

    /// The value with exactly `decimals` decimals (at most 18), the last
    /// rounded half up: `Exact::new(107, 8)` (13.375) with 2 decimals is `"13.38"`.
    #[must_use]
    pub fn to_fixed(self, decimals: u32) -> String {
        let decimals = decimals.min(18);
        let scale = 10_i64.pow(decimals);
        let scaled = self.scaled_half_up(scale);
        let mut s = String::new();
        if scaled < 0 {
            s.push('-');
        }
        let a = scaled.unsigned_abs();
        let scale = scale.unsigned_abs() as u128;
        let _ = write!(s, "{}", a / scale);
        if decimals > 0 {
            let _ = write!(s, ".{:0width$}", a % scale, width = decimals as usize);
        }
        s
    }

    /// `floor(x · scale + 1/2)`: in 64 bits when that fits, else in 128
    /// (`2 · i64::MAX · 10^18` fits in `i128`).
    fn scaled_half_up(self, scale: i64) -> i128 {
        let narrow = || -> Option<i64> {
            let top = self.num.checked_mul(scale)?.checked_mul(2)?.checked_add(self.den)?;
            Some(top.div_euclid(self.den.checked_mul(2)?))
        };
        match narrow() {
            Some(v) => i128::from(v),
            None => {
                let (num, den) = (i128::from(self.num), i128::from(self.den));
                (2 * num * i128::from(scale) + den).div_euclid(2 * den)
            }
        }
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

    /// The value as a float, for display only.
    #[must_use]
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The value as a percentage rounded to one decimal (half away from zero),
    /// for display only: `5/8` → `62.5`, `7/12` → `58.3`, `2/3` → `66.7`.
    /// The rounding is done in exact integer arithmetic before the conversion.
    #[must_use]
    pub fn as_percent_f64(self) -> f64 {
        let num = i128::from(self.num) * 1000;
        let den = i128::from(self.den);
        let tenths = (2 * num.abs() + den) / (2 * den);
        let tenths = if num < 0 { -tenths } else { tenths };
        tenths as f64 / 10.0
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

    /// The exact sum; a sum whose lowest terms do not fit in `i64` (out of
    /// reach of any tie-break: their denominators divide small products of
    /// 10, 100 and game counts) saturates to `±i64::MAX`.
    fn add(self, o: Exact) -> Exact {
        self.checked_add(o).unwrap_or_else(|| {
            let positive = (i128::from(self.num) * i128::from(o.den)) + (i128::from(o.num) * i128::from(self.den)) > 0;
            Exact::integer(if positive { i64::MAX } else { -i64::MAX })
        })
    }
}

impl fmt::Display for Exact {
    /// `num/den`, e.g. `5/8` (`3/1` for a whole number).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// The greatest common divisor of `a` and `b` (Euclid); `gcd(0, 0) = 0`.
/// The one used for every reduction, in 64 or 128 bits.
pub(crate) fn gcd<T: Copy + Eq + From<u8> + Rem<Output = T>>(mut a: T, mut b: T) -> T {
    let zero = T::from(0);
    while b != zero {
        (a, b) = (b, a % b);
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
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn exact(num: i64, den: i64) -> Exact {
        Exact::new(num, den).unwrap()
    }

    #[test]
    fn fractions_are_kept_in_lowest_terms_and_compare_exactly() {
        assert_eq!(Exact::new(175, 100), Exact::new(7, 4));
        assert_eq!(Exact::new(3, -6), Exact::new(-1, 2));
        assert_eq!(Exact::new(1, 0), None);
        assert!(Exact::ratio(1, 3) < Exact::ratio(34, 100));
        assert!(Exact::ratio(-1, 2) < Exact::ZERO);
        assert_eq!(Exact::from_points(Points::from_tenths(35)), Exact::ratio(7, 2));
        let a = exact(2, 4);
        assert_eq!((a.num(), a.den()), (1, 2));
        assert_eq!(a, exact(3, 6));
        // 1/3 < 0.33333333333333331 (the float nearest 1/3 is above it), exact here.
        assert!(exact(1, 3) < exact(333_333_333_333_333_333, 999_999_999_999_999_998));
        assert!(exact(5, 8) > exact(7, 12));
        assert_eq!(Exact::default(), Exact::ZERO);
    }

    #[test]
    fn extremes_do_not_overflow() {
        assert_eq!(Exact::new(i64::MIN, -1), None);
        assert_eq!(Exact::new(i64::MIN, -2), Some(Exact::integer(1 << 62)));
        assert_eq!(Exact::new(i64::MIN, 1).map(Exact::neg), Some(Exact::integer(i64::MAX)));
        // i64::MAX + 1 does not fit: checked says so, `+` saturates.
        assert_eq!(Exact::integer(i64::MAX).checked_add(Exact::integer(1)), None);
        assert_eq!(Exact::integer(i64::MAX) + Exact::integer(1), Exact::integer(i64::MAX));
        assert_eq!(Exact::integer(i64::MIN) + Exact::integer(-1), Exact::integer(-i64::MAX));
        // The cross products overflow i64, the reduced sum fits: MAX/2 - MAX/3 = MAX/6.
        assert_eq!(exact(i64::MAX, 2).checked_add(exact(-i64::MAX, 3)), Some(exact(i64::MAX, 6)));
        assert_eq!(exact(i64::MAX, 3).checked_add(exact(-i64::MAX, 3)), Some(Exact::ZERO));
        assert_eq!(exact(i64::MAX / 2, 6).checked_add(exact(1, 3)), Some(exact(i64::MAX / 2 + 2, 6)));
        assert_eq!(exact(1, 3) + exact(1, 6), exact(1, 2));
        assert_eq!(exact(i64::MAX, 1).round_half_up(), i64::MAX);
        assert_eq!(exact(i64::MAX, 2).to_fixed(2), "4611686018427387903.50");
        assert_eq!(exact(-1, 3).to_fixed(18), "-0.333333333333333333");
    }

    #[test]
    fn the_mean_is_exact_and_reduced() {
        assert_eq!(Exact::mean([]), Some(Exact::ZERO));
        // (1/2 + 5/6 + 5/6) / 3 = 13/18, the 40K reference case's SOS of E.
        assert_eq!(Exact::mean([exact(1, 2), exact(5, 6), exact(5, 6)]), Some(exact(13, 18)));
        assert_eq!(Exact::mean([exact(i64::MAX, 1), exact(i64::MAX, 1)]), Some(exact(i64::MAX, 1)));
    }

    #[test]
    fn one_gcd_in_both_widths() {
        assert_eq!(gcd(12_u64, 18), 6);
        assert_eq!(gcd(0_u64, 7), 7);
        assert_eq!(gcd(0_u64, 0), 0);
        assert_eq!(gcd(u128::from(u64::MAX) * 6, u128::from(u64::MAX) * 4), u128::from(u64::MAX) * 2);
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

    #[test]
    fn percent_for_display() {
        assert_eq!(exact(5, 8).as_percent_f64(), 62.5);
        assert_eq!(exact(7, 12).as_percent_f64(), 58.3);
        assert_eq!(exact(2, 3).as_percent_f64(), 66.7);
        // 1/1600 = 0.0625% → 0.1 (half away from zero).
        assert_eq!(exact(1, 1600).as_percent_f64(), 0.1);
        assert_eq!(Exact::ZERO.as_percent_f64(), 0.0);
        assert_eq!(exact(5, 8).to_string(), "5/8");
    }

    #[test]
    fn deserialised_parts_are_validated_and_reduced() {
        let parse = |s: &str| serde_json::from_str::<Exact>(s);
        assert!(parse(r#"{"num": 1, "den": 0}"#).is_err());
        assert!(parse(r#"{"num": 1, "den": -2}"#).is_err());
        assert_eq!(parse(r#"{"num": 2, "den": 4}"#).unwrap(), exact(1, 2));
        assert_eq!(serde_json::to_string(&exact(39, 4)).unwrap(), r#"{"num":39,"den":4}"#);
    }
}
