//! Checking a player's profile (`PlayerProfile`) before it is stored:
//! from the profile routes and the TRF import.

use crate::domain::{PlayerProfile, TITLES};
use crate::error::{ApiError, Code, Fill};
use chrono::NaiveDate;

/// Trims text, drops empty strings and checks every value.
///
/// # Errors
/// 422 `invalid_profile`, in words naming the first bad field.
pub fn clean(mut p: PlayerProfile) -> Result<PlayerProfile, ApiError> {
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
    if p.rating.is_some_and(|r| r > 3500) {
        return Err(refuse("refusal-profile-rating", []));
    }
    p.rating = p.rating.filter(|r| *r > 0);
    p.fide_id = text("fide_id", p.fide_id, 12)?;
    if p.fide_id.as_deref().is_some_and(|id| !id.bytes().all(|b| b.is_ascii_digit())) {
        return Err(refuse("refusal-profile-fide-id", []));
    }
    p.title = text("title", p.title, 3)?.map(|t| t.to_uppercase());
    if let Some(t) = &p.title {
        if !TITLES.contains(&t.as_str()) {
            return Err(refuse("refusal-profile-title", [("titles", Fill::from(&TITLES.join(", ")))]));
        }
    }
    p.federation = text("federation", p.federation, 3)?.map(|f| f.to_uppercase());
    if p.federation.as_deref().is_some_and(|f| f.len() != 3 || !f.bytes().all(|b| b.is_ascii_alphabetic())) {
        return Err(refuse("refusal-profile-federation", []));
    }
    p.sex = text("sex", p.sex, 1)?.map(|s| s.to_lowercase());
    if p.sex.as_deref().is_some_and(|s| s != "m" && s != "w") {
        return Err(refuse("refusal-profile-sex", []));
    }
    if let Some(d) = p.birth_date {
        let today = chrono::Utc::now().date_naive();
        if d > today || d < NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or(d) {
            return Err(refuse("refusal-profile-birth-date", []));
        }
    }
    p.club = text("club", p.club, 64)?;
    p.city = text("city", p.city, 64)?;
    p.state = text("state", p.state, 64)?;
    Ok(p)
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
        let c = clean(p).unwrap_or_default();
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
            assert!(clean(bad).is_err());
        }
        assert_eq!(
            clean(PlayerProfile { rating: Some(0), ..PlayerProfile::default() }).ok().and_then(|p| p.rating),
            None
        );
    }
}
