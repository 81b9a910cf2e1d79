//! Who may enter a section (the rules: [`crate::domain::eligibility`]),
//! checked at every way of entering, inside the entry's transaction:
//!
//! - a player registering themselves: the rating band, the age rule and the
//!   invitation list (their account's e-mail);
//! - an organiser adding a player by hand (a walk-in, a late entry) and a
//!   roster import: the rating band and the age rule on the profile given;
//!   the organisers' own entry is their invitation. The organiser may let
//!   the player in anyway (`override_eligibility`); the refusal says so,
//!   and the override is kept in the action log;
//! - a claim code: the entry was the organisers' (checked, or let in by
//!   them), so only what the claiming account brings is checked: a band on
//!   the server's own rating reads the claimer's (the entry's placeholder
//!   account had none).
//!
//! A refusal is 403 `not_eligible`, naming the rule and the player's value
//! ("Ann is rated 1850 (FIDE): this section is open to players rated
//! 1600–1799 (FIDE)."), in every language.
//!
//! The invitation list is the organisers' (`GET`/`PUT
//! /api/tournaments/{id}/invitations`): e-mail addresses are private, so
//! the public settings show only whether entry is by invitation.

use crate::domain::eligibility::{Ineligible, RatingBand, RatingSource, MAX_INVITED};
use crate::domain::{Eligibility, PlayerProfile, Tournament, TournamentId, User, UserId};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::service::{require_to, Change, Ctx};
use crate::store::Tx;
use serde::{Deserialize, Serialize};

/// How a player comes in, for what is checked and how a refusal reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// The player registers themselves.
    Registration,
    /// An organiser adds the player (by hand, or a roster's row).
    Organiser,
    /// A player claims an entry the organisers made.
    Claim,
}

/// The rating a band reads for a player: the profile's, or the account's
/// own rating in the event's game (`None`: unrated).
///
/// # Errors
/// 503 when the database is down.
pub async fn rating_of(
    tx: &Tx,
    t: &Tournament,
    band: &RatingBand,
    profile: &PlayerProfile,
    account: UserId,
) -> ApiResult<Option<u32>> {
    Ok(match band.source {
        RatingSource::Fide | RatingSource::National => profile.rating,
        RatingSource::Arbiter => tx
            .player_elos(t.game.as_str(), &[account])
            .await?
            .get(&account)
            .filter(|r| r.games > 0)
            .and_then(|r| u32::try_from(r.rating).ok()),
    })
}

/// Checks `name` (with `profile`, the band's `rating`, the account's
/// `email`) against `t`'s rules for `way`; `Ok` when they may enter.
///
/// # Errors
/// 403 `not_eligible` naming the first rule broken and the player's value.
pub fn assess(
    t: &Tournament,
    name: &str,
    profile: &PlayerProfile,
    rating: Option<u32>,
    email: Option<&str>,
    way: Way,
) -> ApiResult<()> {
    let rules = &t.eligibility;
    if way == Way::Registration && rules.invitation_only && !email.is_some_and(|e| rules.invites(e)) {
        return Err(refusal(t, name, &Ineligible::NotInvited, way));
    }
    if let Some(band) = rules.rating.as_ref().filter(|b| way != Way::Claim || b.source == RatingSource::Arbiter) {
        band.admits(rating).map_err(|why| refusal(t, name, &why, way))?;
    }
    if way != Way::Claim {
        if let Some(age) = &rules.age {
            age.admits(profile.birth_date).map_err(|why| refusal(t, name, &why, way))?;
        }
    }
    Ok(())
}

/// Checks a player entering `t` (see the module), reading the rating the
/// band applies to.
///
/// # Errors
/// 403 `not_eligible`; 503 when the database is down.
pub async fn check(
    tx: &Tx,
    t: &Tournament,
    name: &str,
    profile: &PlayerProfile,
    account: &User,
    way: Way,
) -> ApiResult<()> {
    if t.eligibility.is_open() {
        return Ok(());
    }
    let rating = match &t.eligibility.rating {
        Some(band) => rating_of(tx, t, band, profile, account.id).await?,
        None => profile.rating,
    };
    assess(t, name, profile, rating, Some(&account.email), way)
}

/// The refusal for `why`, in every language; from an organiser's entry it
/// says how to let the player in anyway.
#[must_use]
pub fn refusal(t: &Tournament, name: &str, why: &Ineligible, way: Way) -> ApiError {
    let hint =
        Fill::Messages(if way == Way::Organiser { vec!["refusal-eligibility-override".into()] } else { Vec::new() });
    let band = t.eligibility.rating.as_ref();
    let source = || Fill::Message(format!("eligibility-source-{}", band.map_or("fide", |b| b.source.as_str())));
    let band_text = || Fill::from(&band.map(RatingBand::text).unwrap_or_default());
    let age = t.eligibility.age.as_ref();
    let cutoff = || Fill::from(&age.map(|a| a.cutoff.to_string()).unwrap_or_default());
    let error = ApiError::forbidden(Code::NotEligible, "");
    let name = Fill::from(name);
    match why {
        Ineligible::Rating { rating } => error.text(
            "refusal-eligibility-rating",
            [
                ("name", name),
                ("rating", Fill::from(rating)),
                ("source", source()),
                ("band", band_text()),
                ("hint", hint),
            ],
        ),
        Ineligible::Unrated => error.text(
            "refusal-eligibility-unrated",
            [("name", name), ("source", source()), ("band", band_text()), ("hint", hint)],
        ),
        Ineligible::TooYoung { age: years } => error.text(
            "refusal-eligibility-too-young",
            [
                ("name", name),
                ("age", Fill::from(years)),
                ("cutoff", cutoff()),
                ("min", Fill::from(&age.and_then(|a| a.min).unwrap_or_default())),
                ("hint", hint),
            ],
        ),
        Ineligible::TooOld { age: years } => error.text(
            "refusal-eligibility-too-old",
            [
                ("name", name),
                ("age", Fill::from(years)),
                ("cutoff", cutoff()),
                ("under", Fill::from(&age.and_then(|a| a.max).map_or(0, |m| m + 1))),
                ("hint", hint),
            ],
        ),
        Ineligible::NoBirthDate => {
            error.text("refusal-eligibility-no-birth-date", [("name", name), ("cutoff", cutoff()), ("hint", hint)])
        }
        Ineligible::NotInvited => error.text("refusal-eligibility-not-invited", [("name", name)]),
    }
}

/// Records in the action log that an organiser let `name` in against the
/// rules (`eligibility_overridden`, with the refusal's words).
///
/// # Errors
/// 503 when the database is down.
pub async fn overridden(change: &Change, name: &str, refused: &ApiError) -> ApiResult<()> {
    let why = [("refusal", serde_json::Value::Null, refused.message().into())];
    change
        .note(
            "eligibility_overridden",
            crate::service::log::Subject::named(name),
            &crate::bus::FieldChange::changed(why),
        )
        .await
}

/// Checks an organiser's entry; with `override_eligibility` a refusal is
/// logged instead (see [`overridden`]).
///
/// # Errors
/// 403 `not_eligible` unless overridden; 503 when the database is down.
pub async fn check_organiser_entry(
    change: &Change,
    t: &Tournament,
    name: &str,
    profile: &PlayerProfile,
    account: &User,
    override_eligibility: bool,
) -> ApiResult<()> {
    match check(change.tx(), t, name, profile, account, Way::Organiser).await {
        Err(e) if override_eligibility && e.code() == Code::NotEligible.as_str() => overridden(change, name, &e).await,
        other => other,
    }
}

/// The rules as the settings take them: everything but the invitation list
/// (`null` in a settings change: everyone may enter).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntryRules {
    /// The rating band; `null`: any rating.
    #[serde(default)]
    pub rating: Option<RatingBand>,
    /// The age range at a cut-off date; `null`: any age.
    #[serde(default)]
    pub age: Option<crate::domain::eligibility::AgeRule>,
    /// Only the invited register themselves (the list: `/invitations`).
    #[serde(default)]
    pub invitation_only: bool,
}

impl EntryRules {
    /// `t`'s rules, without the invitation list.
    #[must_use]
    pub fn of(e: &Eligibility) -> EntryRules {
        EntryRules { rating: e.rating.clone(), age: e.age.clone(), invitation_only: e.invitation_only }
    }
}

/// The highest rating a band names (profiles hold 0–3500).
const MAX_RATING: u32 = 3500;
/// The oldest age a rule names.
const MAX_AGE: u32 = 120;

/// `rules` checked, onto `e` (the invitation list kept).
///
/// # Errors
/// 422 `invalid_field`, naming the field and why.
pub fn apply(e: &mut Eligibility, rules: Option<EntryRules>) -> ApiResult<()> {
    let rules = rules.unwrap_or_default();
    let bad = |m: &str| Err(ApiError::invalid(Code::InvalidField, format!("eligibility.{m}")));
    if let Some(b) = &rules.rating {
        if b.min.is_none() && b.max.is_none() {
            return bad("rating: give min, max or both (or null for any rating).");
        }
        if b.min.into_iter().chain(b.max).any(|r| r > MAX_RATING) {
            return bad(&format!("rating: from 0 to {MAX_RATING}."));
        }
        if b.min.zip(b.max).is_some_and(|(lo, hi)| lo > hi) {
            return bad("rating: min is above max.");
        }
    }
    if let Some(a) = &rules.age {
        if a.min.is_none() && a.max.is_none() {
            return bad("age: give min, max or both (or null for any age).");
        }
        if a.min.into_iter().chain(a.max).any(|y| y > MAX_AGE) {
            return bad(&format!("age: from 0 to {MAX_AGE}."));
        }
        if a.min.zip(a.max).is_some_and(|(lo, hi)| lo > hi) {
            return bad("age: min is above max.");
        }
    }
    e.rating = rules.rating;
    e.age = rules.age;
    e.invitation_only = rules.invitation_only;
    Ok(())
}

/// The invitation list, as the organisers read and replace it.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Invitations {
    /// The invited e-mail addresses (lower case, each once, in the order given).
    pub invited: Vec<String>,
    /// Whether entry is by invitation only (a setting; read only here).
    #[serde(default)]
    pub invitation_only: bool,
}

/// `invitations.get`: the invitation list (the organisers).
///
/// # Errors
/// 403 for anyone but the organisers; 404 for an unknown tournament.
pub async fn invitations(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<Invitations> {
    let tx = ctx.store.read().await?;
    let t = crate::service::load_tournament(&tx, id).await?;
    require_to(&t, user, "see the invitation list")?;
    Ok(Invitations { invited: t.eligibility.invited.clone(), invitation_only: t.eligibility.invitation_only })
}

/// `invitations.put`: the organisers replace the invitation list (e-mail
/// addresses, case ignored, duplicates dropped); recorded in the action log
/// by count (the addresses are private).
///
/// # Errors
/// 403 for anyone but the organisers; 422 `invalid_field` for an address
/// that is not one or a list over [`MAX_INVITED`].
pub async fn set_invitations(ctx: &Ctx, user: &User, id: TournamentId, input: Invitations) -> ApiResult<Invitations> {
    if input.invited.len() > MAX_INVITED {
        return Err(ApiError::invalid(Code::InvalidField, format!("invited: at most {MAX_INVITED} addresses.")));
    }
    let mut invited: Vec<String> = Vec::with_capacity(input.invited.len());
    for raw in &input.invited {
        let email = raw.trim().to_lowercase();
        let (local, domain) = email.split_once('@').unwrap_or_default();
        if local.is_empty() || !domain.contains('.') || email.len() > 254 || email.chars().any(char::is_whitespace) {
            return Err(ApiError::invalid(Code::InvalidField, format!("invited: \"{raw}\" is not an e-mail address.")));
        }
        if !invited.contains(&email) {
            invited.push(email);
        }
    }
    let change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "manage the invitation list")?;
    if invited != t.eligibility.invited {
        let counts = [("invited", t.eligibility.invited.len().into(), invited.len().into())];
        t.eligibility.invited = invited;
        change.tx().update_tournament(&t).await?;
        let subject = crate::service::log::Subject::named(&t.name);
        change.note("invitations_changed", subject, &crate::bus::FieldChange::changed(counts)).await?;
        change.commit(ctx).await?;
    }
    Ok(Invitations { invited: t.eligibility.invited, invitation_only: t.eligibility.invitation_only })
}
