//! Fixed-point scores. Scores are never floats: ½ + ½ must equal 1 exactly, and
//! `3-1-0` events must add up without rounding.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};
use std::str::FromStr;

/// A score in tenths of a point: `Points::from_tenths(15)` is 1.5 points.
///
/// Tenths are exact for every point system in use (1-½-0, 3-1-0, 2-1-0, and the
/// one-decimal values TRF allows in its points column and `BB?` lines).
/// Serialised as the integer number of tenths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Points(i32);

/// Why a string is not a score (see [`Points::from_str`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a score: expected a number with at most one decimal, like 3 or 4.5")]
pub struct ParsePointsError(pub String);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(5);
    /// One point.
    pub const ONE: Points = Points(10);

    /// The score worth `tenths` tenths of a point.
    #[must_use]
    pub const fn from_tenths(tenths: i32) -> Points {
        Points(tenths)
    }

    /// The score worth `n` whole points.
    #[must_use]
    pub const fn whole(n: i32) -> Points {
        Points(n * 10)
    }

    /// This score in tenths of a point.
    #[must_use]
    pub const fn tenths(self) -> i32 {
        self.0
    }

    /// This score as a float, for display and ratios only (never for comparison).
    #[must_use]
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl FromStr for Points {
    type Err = ParsePointsError;

    /// Parses `4`, `4.5`, `4.0`, `-1`, `.5` or `4,5` (one decimal at most).
    fn from_str(s: &str) -> Result<Points, ParsePointsError> {
        let err = || ParsePointsError(s.to_string());
        let t = s.trim();
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (int, frac) = match t.find(['.', ',']) {
            Some(i) => (&t[..i], &t[i + 1..]),
            None => (t, ""),
        };
        if (int.is_empty() && frac.is_empty())
            || !int.bytes().all(|b| b.is_ascii_digit())
            || frac.len() > 1
            || !frac.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(err());
        }
        let whole: i32 = if int.is_empty() { 0 } else { int.parse().map_err(|_| err())? };
        let tenth: i32 = if frac.is_empty() { 0 } else { frac.parse().map_err(|_| err())? };
        let v = whole.checked_mul(10).and_then(|w| w.checked_add(tenth)).ok_or_else(err)?;
        Ok(Points(if neg { -v } else { v }))
    }
}

impl fmt::Display for Points {
    /// Always one decimal, as TRF writes scores: `4.5`, `3.0`, `-0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let s = format!("{sign}{}.{}", a / 10, a % 10);
        f.pad(&s)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}
impl AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}
impl Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}
impl SubAssign for Points {
    fn sub_assign(&mut self, o: Points) {
        self.0 -= o.0;
    }
}
impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(-self.0)
    }
}
impl Mul<i32> for Points {
    type Output = Points;
    fn mul(self, k: i32) -> Points {
        Points(self.0 * k)
    }
}
impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}
impl<'a> Sum<&'a Points> for Points {
    fn sum<I: Iterator<Item = &'a Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_one_decimal() {
        for (s, t) in [("4.5", 45), ("3", 30), ("0.0", 0), (".5", 5), ("-1.5", -15), ("2,5", 25), (" 10.0 ", 100)] {
            assert_eq!(s.parse::<Points>(), Ok(Points::from_tenths(t)), "{s}");
        }
        assert_eq!(Points::from_tenths(45).to_string(), "4.5");
        assert_eq!(Points::whole(3).to_string(), "3.0");
        assert_eq!(Points::from_tenths(-5).to_string(), "-0.5");
        assert_eq!(format!("{:>5}", Points::HALF), "  0.5");
    }

    #[test]
    fn rejects_what_is_not_a_score() {
        for s in ["", "-", "1.25", "a", "1.x", "1..0", "99999999999"] {
            assert!(s.parse::<Points>().is_err(), "{s}");
        }
    }

    #[test]
    fn halves_add_up_exactly() {
        let total: Points = std::iter::repeat_n(Points::HALF, 7).sum();
        assert_eq!(total, Points::from_tenths(35));
        assert_eq!(Points::ONE - Points::HALF, Points::HALF);
        assert_eq!(Points::HALF * 4, Points::whole(2));
    }
}
