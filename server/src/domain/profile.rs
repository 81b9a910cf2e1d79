//! A player's profile in one event: the facts chess pairing (initial
//! order by rating and title), rating tie-breaks, TRF and prize eligibility
//! read. Every field is optional; an event uses what it needs.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

pub use arbiter_engine::model::TITLES;

/// The profile's private fields, as serialised: only organisers and the
/// player see them (SECURITY.md); they are left out of everything public,
/// the event stream included.
pub const PRIVATE_FIELDS: [&str; 3] = ["birth_date", "sex", "disability"];

/// `profile` (a serialised [`PlayerProfile`]) without its [`PRIVATE_FIELDS`].
pub fn drop_private(profile: &mut serde_json::Value) {
    if let Some(o) = profile.as_object_mut() {
        for private in PRIVATE_FIELDS {
            o.remove(private);
        }
    }
}

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
