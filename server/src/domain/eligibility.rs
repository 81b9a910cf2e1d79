//! Who may enter a section: a rating band on a named rating, an age range
//! at a cut-off date, and invitation only. Pure rules, values in and out;
//! the checks at every way of entering are `service::people::eligibility`'s.
//!
//! - Rating band: `min` and `max` inclusive (FIDE's rating-band sections,
//!   e.g. "U1800": `max` 1799), on the rating the event reads: the one the
//!   player's profile holds (FIDE or national, as the organiser says it is)
//!   or the server's own rating of the account in the event's game. An
//!   unrated player enters only where `unrated` says so.
//! - Age: the player's age in whole years on the cut-off date (FIDE
//!   Handbook, World Youth Championships: "under 16 on 1 January of the
//!   year of the championship"), `min` and `max` inclusive: U16 is `max` 15.
//! - Invitation only: the account's e-mail on the organisers' list; an entry
//!   the organisers add by hand (and its claim code) is their invitation.

use chrono::{Datelike as _, NaiveDate};
use serde::{Deserialize, Serialize};

/// The most e-mail addresses an invitation list holds.
pub const MAX_INVITED: usize = 5_000;

/// A section's entry rules; the default lets everyone in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Eligibility {
    /// The rating band; `null`: any rating.
    #[serde(default)]
    pub rating: Option<RatingBand>,
    /// The age range at a cut-off date; `null`: any age.
    #[serde(default)]
    pub age: Option<AgeRule>,
    /// Only invited players register themselves (`invited`).
    #[serde(default)]
    pub invitation_only: bool,
    /// The invited e-mail addresses (lower case), with invitation only.
    #[serde(default)]
    pub invited: Vec<String>,
}

impl Eligibility {
    /// Whether any rule limits who enters.
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.rating.is_none() && self.age.is_none() && !self.invitation_only
    }

    /// Whether `email` is on the invitation list (case ignored).
    #[must_use]
    pub fn invites(&self, email: &str) -> bool {
        let email = email.trim().to_lowercase();
        self.invited.contains(&email)
    }
}

/// Which rating a band applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RatingSource {
    /// The profile's rating, a FIDE rating.
    Fide,
    /// The profile's rating, a national federation's.
    National,
    /// The server's own rating of the account in the event's game (Elo,
    /// `service::ratings`); an account without rated games is unrated.
    Arbiter,
}

impl RatingSource {
    /// The wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            RatingSource::Fide => "fide",
            RatingSource::National => "national",
            RatingSource::Arbiter => "arbiter",
        }
    }
}

/// A rating band, both ends inclusive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingBand {
    /// The rating it applies to.
    pub source: RatingSource,
    /// The lowest rating let in; `null`: no floor.
    #[serde(default)]
    pub min: Option<u32>,
    /// The highest rating let in; `null`: no ceiling.
    #[serde(default)]
    pub max: Option<u32>,
    /// Whether unrated players enter.
    #[serde(default)]
    pub unrated: bool,
}

/// An age range on a cut-off date, both ends inclusive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AgeRule {
    /// The day ages are taken on (`YYYY-MM-DD`, often 1 January).
    #[schema(value_type = String)]
    pub cutoff: NaiveDate,
    /// The youngest age let in; `null`: no floor.
    #[serde(default)]
    pub min: Option<u32>,
    /// The oldest age let in (U16: 15); `null`: no ceiling.
    #[serde(default)]
    pub max: Option<u32>,
}

/// Why a player may not enter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ineligible {
    /// Rated outside the band.
    Rating {
        /// Their rating on the band's source.
        rating: u32,
    },
    /// Unrated, and the band takes rated players only.
    Unrated,
    /// Younger than `min` on the cut-off date.
    TooYoung {
        /// Their age then.
        age: u32,
    },
    /// Older than `max` on the cut-off date.
    TooOld {
        /// Their age then.
        age: u32,
    },
    /// No birth date, and the section has an age rule.
    NoBirthDate,
    /// Not on the invitation list.
    NotInvited,
}

/// The age in whole years on `on` of someone born on `born` (a birthday
/// on `on` counts; 29 February's is 1 March in other years).
#[must_use]
pub fn age_on(born: NaiveDate, on: NaiveDate) -> u32 {
    let mut years = on.year() - born.year();
    if (on.month(), on.day()) < (born.month(), born.day()) {
        years -= 1;
    }
    u32::try_from(years).unwrap_or(0)
}

impl RatingBand {
    /// Whether `rating` (`None`: unrated) is let in.
    ///
    /// # Errors
    /// Why not.
    pub fn admits(&self, rating: Option<u32>) -> Result<(), Ineligible> {
        match rating {
            None if self.unrated => Ok(()),
            None => Err(Ineligible::Unrated),
            Some(r) if self.min.is_some_and(|m| r < m) || self.max.is_some_and(|m| r > m) => {
                Err(Ineligible::Rating { rating: r })
            }
            Some(_) => Ok(()),
        }
    }

    /// The band as people write it: `1600–1799`, `1600+`, `–1799`.
    #[must_use]
    pub fn text(&self) -> String {
        match (self.min, self.max) {
            (Some(a), Some(b)) => format!("{a}–{b}"),
            (Some(a), None) => format!("{a}+"),
            (None, Some(b)) => format!("≤{b}"),
            (None, None) => "any".into(),
        }
    }
}

impl AgeRule {
    /// Whether someone born on `born` (`None`: not given) is let in.
    ///
    /// # Errors
    /// Why not.
    pub fn admits(&self, born: Option<NaiveDate>) -> Result<(), Ineligible> {
        let Some(born) = born else { return Err(Ineligible::NoBirthDate) };
        let age = age_on(born, self.cutoff);
        if self.min.is_some_and(|m| age < m) {
            return Err(Ineligible::TooYoung { age });
        }
        if self.max.is_some_and(|m| age > m) {
            return Err(Ineligible::TooOld { age });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn ages_are_whole_years_on_the_cutoff() {
        // Born 1 January 2011: 16 on 1 January 2027, so not under 16 then.
        assert_eq!(age_on(day(2011, 1, 1), day(2027, 1, 1)), 16);
        // Born 2 January 2011: still 15 on 1 January 2027.
        assert_eq!(age_on(day(2011, 1, 2), day(2027, 1, 1)), 15);
        assert_eq!(age_on(day(2008, 2, 29), day(2026, 2, 28)), 17);
        assert_eq!(age_on(day(2008, 2, 29), day(2026, 3, 1)), 18);
        let u16 = AgeRule { cutoff: day(2027, 1, 1), min: None, max: Some(15) };
        assert_eq!(u16.admits(Some(day(2011, 1, 2))), Ok(()));
        assert_eq!(u16.admits(Some(day(2011, 1, 1))), Err(Ineligible::TooOld { age: 16 }));
        assert_eq!(u16.admits(None), Err(Ineligible::NoBirthDate));
        let seniors = AgeRule { cutoff: day(2027, 1, 1), min: Some(65), max: None };
        assert_eq!(seniors.admits(Some(day(1962, 6, 1))), Err(Ineligible::TooYoung { age: 64 }));
    }

    #[test]
    fn bands_are_inclusive_and_unrated_players_need_leave() {
        let band = RatingBand { source: RatingSource::Fide, min: Some(1600), max: Some(1799), unrated: false };
        assert_eq!(band.admits(Some(1600)), Ok(()));
        assert_eq!(band.admits(Some(1799)), Ok(()));
        assert_eq!(band.admits(Some(1800)), Err(Ineligible::Rating { rating: 1800 }));
        assert_eq!(band.admits(Some(1599)), Err(Ineligible::Rating { rating: 1599 }));
        assert_eq!(band.admits(None), Err(Ineligible::Unrated));
        assert_eq!(RatingBand { unrated: true, ..band.clone() }.admits(None), Ok(()));
        assert_eq!(band.text(), "1600–1799");
        let e =
            Eligibility { invitation_only: true, invited: vec!["ann@example.org".into()], ..Eligibility::default() };
        assert!(e.invites(" Ann@Example.org"));
        assert!(!e.invites("bob@example.org"));
        assert!(!e.is_open());
        assert!(Eligibility::default().is_open());
    }
}
