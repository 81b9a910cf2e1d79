//! Money in whole cents, and the one rounding rule every split uses.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

/// An amount of money in cents (hundredths of the event's currency unit):
/// `Cents(74_675)` is 746.75. Never negative, never a float.
///
/// Serialised as the integer number of cents. Every prize amount is at most
/// [`Cents::MAX_PRIZE`], so sums over any realistic prize list fit in a `u64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Cents(pub u64);

impl Cents {
    /// No money.
    pub const ZERO: Cents = Cents(0);
    /// The largest cash amount one prize may carry: 10¹² cents (ten billion
    /// currency units). Larger amounts are rejected as input errors.
    pub const MAX_PRIZE: Cents = Cents(1_000_000_000_000);

    /// `units` whole currency units (dollars, euros…) in cents, saturating
    /// at `u64::MAX` cents.
    #[must_use]
    pub const fn units(units: u64) -> Cents {
        Cents(units.saturating_mul(100))
    }

    /// The amount left after paying `paid` out of `self`, or zero if `paid`
    /// is more than `self`.
    #[must_use]
    pub const fn saturating_sub(self, paid: Cents) -> Cents {
        Cents(self.0.saturating_sub(paid.0))
    }
}

/// Divides `total` into `n` shares that differ by at most one cent and add up
/// to exactly `total`.
///
/// **Rounding rule** (used by every cash split in Arbiter): each share is
/// `total / n` rounded down to the cent, and the `total mod n` cents left over
/// go one each to the first recipients in tie-break order. No cent is created
/// or lost. The shares are returned in recipient order; `n == 0` gives none.
///
/// Example: 500.00 among three tied players in tie-break order gives
/// 166.67, 166.67, 166.66.
#[must_use]
pub fn split_evenly(total: Cents, n: usize) -> Vec<Cents> {
    let Ok(k) = u64::try_from(n) else {
        return Vec::new();
    };
    if k == 0 {
        return Vec::new();
    }
    let (base, extra) = (total.0 / k, total.0 % k);
    (0..k).map(|i| Cents(base + u64::from(i < extra))).collect()
}

impl fmt::Display for Cents {
    /// Two decimals, no currency sign and no grouping: `746.75`, `46.00`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = format!("{}.{:02}", self.0 / 100, self.0 % 100);
        f.pad(&s)
    }
}

impl Add for Cents {
    type Output = Cents;
    fn add(self, o: Cents) -> Cents {
        Cents(self.0 + o.0)
    }
}

impl AddAssign for Cents {
    fn add_assign(&mut self, o: Cents) {
        self.0 += o.0;
    }
}

impl Sum for Cents {
    fn sum<I: Iterator<Item = Cents>>(iter: I) -> Cents {
        Cents(iter.map(|c| c.0).sum())
    }
}

impl<'a> Sum<&'a Cents> for Cents {
    fn sum<I: Iterator<Item = &'a Cents>>(iter: I) -> Cents {
        Cents(iter.map(|c| c.0).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leftover_cents_go_first_in_tiebreak_order() {
        assert_eq!(split_evenly(Cents(50_000), 3), vec![Cents(16_667), Cents(16_667), Cents(16_666)]);
        assert_eq!(split_evenly(Cents(298_700), 4), vec![Cents(74_675); 4]);
        assert_eq!(split_evenly(Cents(2), 5), vec![Cents(1), Cents(1), Cents(0), Cents(0), Cents(0)]);
        assert!(split_evenly(Cents(100), 0).is_empty());
    }

    #[test]
    fn shows_two_decimals() {
        assert_eq!(Cents(74_675).to_string(), "746.75");
        assert_eq!(Cents::units(46).to_string(), "46.00");
        assert_eq!(Cents(5).to_string(), "0.05");
    }
}
