//! An exact non-negative fraction, for tie-breaks that are averages of
//! percentages (SOS) and must be compared without float error.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// An exact fraction `num / den`, always reduced, with `den > 0`.
///
/// Equality and ordering are exact (cross-multiplication in `i128`), so two
/// strengths of schedule that are mathematically equal tie, and the tie goes to
/// the next criterion. Floats are for display only ([`Ratio::as_percent_f64`]).
/// Serialised as `{"num": .., "den": ..}`; deserialising rejects `den <= 0`.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(try_from = "RatioParts")]
pub struct Ratio {
    num: i64,
    den: i64,
}

/// The raw serialised form of a [`Ratio`], validated on the way in.
#[derive(Deserialize)]
struct RatioParts {
    num: i64,
    den: i64,
}

/// Why a serialised ratio was rejected: its denominator is zero or negative.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a ratio needs a positive denominator, got {num}/{den}")]
pub struct RatioError {
    /// The numerator given.
    pub num: i64,
    /// The denominator given.
    pub den: i64,
}

impl TryFrom<RatioParts> for Ratio {
    type Error = RatioError;

    fn try_from(parts: RatioParts) -> Result<Ratio, RatioError> {
        Ratio::new(parts.num, parts.den).ok_or(RatioError { num: parts.num, den: parts.den })
    }
}

impl Ratio {
    /// Zero (`0/1`).
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };

    /// The fraction `num / den`, reduced; `None` when `den <= 0`.
    #[must_use]
    pub fn new(num: i64, den: i64) -> Option<Ratio> {
        if den <= 0 {
            return None;
        }
        let g = gcd(num.unsigned_abs(), den.unsigned_abs());
        let g = i64::try_from(g).ok()?;
        Some(Ratio { num: num / g, den: den / g })
    }

    /// The fraction `num / den` from 128-bit parts, reduced; `None` when
    /// `den <= 0` or the reduced parts do not fit in `i64`.
    pub(crate) fn from_wide(num: i128, den: i128) -> Option<Ratio> {
        if den <= 0 {
            return None;
        }
        let g = gcd128(num.unsigned_abs(), den.unsigned_abs());
        let g = i128::try_from(g).ok()?;
        Some(Ratio { num: i64::try_from(num / g).ok()?, den: i64::try_from(den / g).ok()? })
    }

    /// The numerator (reduced).
    #[must_use]
    pub const fn num(self) -> i64 {
        self.num
    }

    /// The denominator (reduced, always positive).
    #[must_use]
    pub const fn den(self) -> i64 {
        self.den
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

impl Default for Ratio {
    fn default() -> Ratio {
        Ratio::ZERO
    }
}

impl PartialEq for Ratio {
    fn eq(&self, other: &Ratio) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ratio {}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Ratio) -> Ordering {
        (i128::from(self.num) * i128::from(other.den)).cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl std::hash::Hash for Ratio {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Always reduced, so equal values have equal parts.
        self.num.hash(state);
        self.den.hash(state);
    }
}

impl fmt::Display for Ratio {
    /// `num/den`, e.g. `5/8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

fn gcd128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn reduced_and_compared_exactly() {
        let a = Ratio::new(2, 4).unwrap();
        assert_eq!((a.num(), a.den()), (1, 2));
        assert_eq!(a, Ratio::new(3, 6).unwrap());
        // 1/3 < 0.33333333333333331 (the float nearest 1/3 is above it), exact here.
        assert!(Ratio::new(1, 3).unwrap() < Ratio::new(333_333_333_333_333_333, 999_999_999_999_999_998).unwrap());
        assert!(Ratio::new(5, 8).unwrap() > Ratio::new(7, 12).unwrap());
        assert_eq!(Ratio::new(1, 0), None);
        assert_eq!(Ratio::new(1, -2), None);
        assert_eq!(Ratio::default(), Ratio::ZERO);
    }

    #[test]
    fn percent_for_display() {
        assert_eq!(Ratio::new(5, 8).unwrap().as_percent_f64(), 62.5);
        assert_eq!(Ratio::new(7, 12).unwrap().as_percent_f64(), 58.3);
        assert_eq!(Ratio::new(2, 3).unwrap().as_percent_f64(), 66.7);
        // 1/1600 = 0.0625% → 0.1 (half away from zero).
        assert_eq!(Ratio::new(1, 1600).unwrap().as_percent_f64(), 0.1);
        assert_eq!(Ratio::ZERO.as_percent_f64(), 0.0);
        assert_eq!(Ratio::new(5, 8).unwrap().to_string(), "5/8");
    }

    #[test]
    fn deserialised_parts_are_validated_and_reduced() {
        assert!(Ratio::try_from(RatioParts { num: 1, den: 0 }).is_err());
        assert_eq!(Ratio::try_from(RatioParts { num: 2, den: 4 }).unwrap(), Ratio::new(1, 2).unwrap());
    }
}
