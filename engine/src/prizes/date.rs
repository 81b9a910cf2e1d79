//! Calendar dates, for a player's age on the event's start date.
//!
//! A small date type of our own: the prize rules need only "which day" and
//! "how many whole years between two days", and a pure engine has no use for
//! clocks or time zones.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A day of the (proleptic) Gregorian calendar, years 1 to 9999.
///
/// Written and serialised as ISO 8601 `YYYY-MM-DD` (`2025-11-07`). Dates
/// order chronologically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Why a value is not a [`Date`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    /// The text is not `YYYY-MM-DD`.
    #[error("`{0}` is not a date: expected YYYY-MM-DD")]
    Format(String),
    /// The fields are in range for the format but the day does not exist.
    #[error("{year:04}-{month:02}-{day:02} is not a day of the calendar")]
    NoSuchDay {
        /// The year given.
        year: u16,
        /// The month given (1–12 expected).
        month: u8,
        /// The day of the month given.
        day: u8,
    },
}

impl Date {
    /// The date `year-month-day`.
    ///
    /// # Errors
    /// [`DateError::NoSuchDay`] unless `1 <= year <= 9999`, `1 <= month <= 12`
    /// and the day exists in that month (29 February only in leap years).
    pub fn new(year: u16, month: u8, day: u8) -> Result<Date, DateError> {
        let ok =
            (1..=9999).contains(&year) && (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month);
        if ok {
            Ok(Date { year, month, day })
        } else {
            Err(DateError::NoSuchDay { year, month, day })
        }
    }

    /// The year.
    #[must_use]
    pub const fn year(self) -> u16 {
        self.year
    }

    /// The month, 1–12.
    #[must_use]
    pub const fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, 1–31.
    #[must_use]
    pub const fn day(self) -> u8 {
        self.day
    }

    /// Completed years from `self` (a birth date) to `on`: the age in whole
    /// years on that day. A birthday falling on `on` counts as completed.
    /// Someone born on 29 February completes a year on 1 March in common years.
    /// Negative when `on` is before `self`.
    #[must_use]
    pub fn years_until(self, on: Date) -> i32 {
        let years = i32::from(on.year) - i32::from(self.year);
        if (on.month, on.day) < (self.month, self.day) {
            years - 1
        } else {
            years
        }
    }
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => 29,
        2 => 28,
        _ => 31,
    }
}

impl FromStr for Date {
    type Err = DateError;

    /// Parses exactly `YYYY-MM-DD`.
    fn from_str(s: &str) -> Result<Date, DateError> {
        let b = s.as_bytes();
        let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' || !digits(0..4) || !digits(5..7) || !digits(8..10) {
            return Err(DateError::Format(s.to_string()));
        }
        let year = b[..4].iter().fold(0u16, |n, d| n * 10 + u16::from(d - b'0'));
        let two = |i: usize| (b[i] - b'0') * 10 + (b[i + 1] - b'0');
        Date::new(year, two(5), two(8))
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Date, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        s.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn parses_iso_dates_and_rejects_others() {
        assert_eq!(d("2025-11-07").to_string(), "2025-11-07");
        assert_eq!(d("2024-02-29").day(), 29);
        for bad in ["2023-02-29", "2025-13-01", "2025-04-31", "0000-01-01", "2025-1-1", "20251107", "2025-11-07x"] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
    }

    #[test]
    fn age_counts_completed_years() {
        assert_eq!(d("2013-11-07").years_until(d("2025-11-07")), 12);
        assert_eq!(d("2013-11-08").years_until(d("2025-11-07")), 11);
        assert_eq!(d("2008-02-29").years_until(d("2025-02-28")), 16);
        assert_eq!(d("2008-02-29").years_until(d("2025-03-01")), 17);
        assert_eq!(d("2026-01-01").years_until(d("2025-11-07")), -1);
    }
}
