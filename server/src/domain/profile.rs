//! A player's profile in one event: the facts chess pairing (initial
//! order by rating and title), rating tie-breaks, TRF and prize eligibility
//! read. Every field is optional; an event uses what it needs.

use crate::error::{ApiError, Code, Fill};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

pub use arbiter_engine::model::TITLES;

/// What a player is (beyond the name on the boards).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerProfile {
    /// The rating the event uses (FIDE or national), 0–3500; `None` = unrated.
    #[serde(default)]
    pub rating: Option<u32>,
    /// FIDE id.
    #[serde(default)]
    pub fide_id: Option<String>,
    /// FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, AGM, AIM).
    #[serde(default)]
    pub title: Option<String>,
    /// Federation, three letters (FIDE code).
    #[serde(default)]
    pub federation: Option<String>,
    /// Date of birth (age categories).
    #[serde(default)]
    pub birth_date: Option<NaiveDate>,
    /// `m` or `w` (TRF sex field; gender categories).
    #[serde(default)]
    pub sex: Option<String>,
    /// Club.
    #[serde(default)]
    pub club: Option<String>,
    /// City.
    #[serde(default)]
    pub city: Option<String>,
    /// State or region.
    #[serde(default)]
    pub state: Option<String>,
    /// Whether the player has a disability (prize categories).
    #[serde(default)]
    pub disability: bool,
}

impl PlayerProfile {
    /// Trims text, drops empty strings and checks every value.
    ///
    /// # Errors
    /// 422 `invalid_profile`, in words naming the first bad field.
    pub fn cleaned(mut self) -> Result<PlayerProfile, ApiError> {
        fn refuse(id: &'static str, args: impl IntoIterator<Item = (&'static str, Fill)>) -> ApiError {
            ApiError::invalid(Code::InvalidProfile, "").text(id, args)
        }
        fn text(field: &str, v: Option<String>, max: usize) -> Result<Option<String>, ApiError> {
            match v.as_deref().map(str::trim) {
                None | Some("") => Ok(None),
                Some(t) if t.chars().count() > max || t.chars().any(char::is_control) => {
                    Err(refuse("refusal-profile-text", [("field", Fill::from(field)), ("max", Fill::from(&max))]))
                }
                Some(t) => Ok(Some(t.to_string())),
            }
        }
        if self.rating.is_some_and(|r| r > 3500) {
            return Err(refuse("refusal-profile-rating", []));
        }
        self.rating = self.rating.filter(|r| *r > 0);
        self.fide_id = text("fide_id", self.fide_id, 12)?;
        if self.fide_id.as_deref().is_some_and(|id| !id.bytes().all(|b| b.is_ascii_digit())) {
            return Err(refuse("refusal-profile-fide-id", []));
        }
        self.title = text("title", self.title, 3)?.map(|t| t.to_uppercase());
        if let Some(t) = &self.title {
            if !TITLES.contains(&t.as_str()) {
                return Err(refuse("refusal-profile-title", [("titles", Fill::from(&TITLES.join(", ")))]));
            }
        }
        self.federation = text("federation", self.federation, 3)?.map(|f| f.to_uppercase());
        if self.federation.as_deref().is_some_and(|f| f.len() != 3 || !f.bytes().all(|b| b.is_ascii_alphabetic())) {
            return Err(refuse("refusal-profile-federation", []));
        }
        self.sex = text("sex", self.sex, 1)?.map(|s| s.to_lowercase());
        if self.sex.as_deref().is_some_and(|s| s != "m" && s != "w") {
            return Err(refuse("refusal-profile-sex", []));
        }
        if let Some(d) = self.birth_date {
            let today = chrono::Utc::now().date_naive();
            if d > today || d < NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or(d) {
                return Err(refuse("refusal-profile-birth-date", []));
            }
        }
        self.club = text("club", self.club, 64)?;
        self.city = text("city", self.city, 64)?;
        self.state = text("state", self.state, 64)?;
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_are_cleaned_and_checked() {
        let p = PlayerProfile {
            rating: Some(2150),
            title: Some(" fm ".into()),
            federation: Some("eng".into()),
            sex: Some("W".into()),
            club: Some("  ".into()),
            ..PlayerProfile::default()
        };
        let c = p.cleaned().unwrap_or_default();
        assert_eq!(
            (c.title.as_deref(), c.federation.as_deref(), c.sex.as_deref(), c.club.as_deref()),
            (Some("FM"), Some("ENG"), Some("w"), None)
        );
        for bad in [
            PlayerProfile { rating: Some(4000), ..PlayerProfile::default() },
            PlayerProfile { title: Some("XX".into()), ..PlayerProfile::default() },
            PlayerProfile { federation: Some("E1G".into()), ..PlayerProfile::default() },
            PlayerProfile { sex: Some("x".into()), ..PlayerProfile::default() },
            PlayerProfile { fide_id: Some("12a".into()), ..PlayerProfile::default() },
            PlayerProfile { birth_date: NaiveDate::from_ymd_opt(2999, 1, 1), ..PlayerProfile::default() },
        ] {
            assert!(bad.cleaned().is_err());
        }
        assert_eq!(
            PlayerProfile { rating: Some(0), ..PlayerProfile::default() }.cleaned().ok().and_then(|p| p.rating),
            None
        );
    }
}
