//! An event's settings changed after creation, where the rules allow, each
//! change recorded (`settings_changed`: who, when, every field before and
//! after; the log is [`log`]).
//!
//! - Name, format and venue: at any time (a typo found after the event).
//! - Date: at any time, but in chess only until round 1 is paired (the date
//!   chooses the FIDE C.07 version the standings follow).
//! - Number of rounds: until the event is complete, never below the rounds
//!   already created; a round robin's follows from its table once drawn.
//! - Missions and round times: until the event is complete.
//! - Accelerated pairings (Swiss chess: Baku, FIDE C.04.7): until round 1
//!   is paired.
//! - Round 1's order (40K Swiss: registration, a seeded random draw, or
//!   rating): until round 1 is paired.
//! - The registration cap (`cap`, `null`: none): until round 1 is paired;
//!   raising or lifting it lets the first on the waitlist in at once
//!   ([`crate::service::people::waitlist`]). Lowering it sends nobody away.
//! - The entry fee (`fee`, `null`: none): at any time (what the desk takes;
//!   [`crate::service::people::payments`]).
//! - Who may enter (`eligibility`: rating band, age at a cut-off date,
//!   invitation only; `null`: everyone): at any time; it applies to entries
//!   from then on and sends nobody away
//!   ([`crate::service::people::eligibility`]).
//! - Team rules (`teams`): see [`crate::service::teams::settings`].
//! - Tie-breaks and point values have their own route and log
//!   ([`crate::service::standings::tiebreaks`]).

use crate::bus::{EventData, FieldChange, SettingsChange};
use crate::domain::{now_millis, Acceleration, Game, PairingSystem, RoundStatus, TournamentId, TournamentStatus, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::lifecycle::tournaments::{schedule, view, MAX_ROUNDS};
use crate::service::views::TournamentView;
use crate::service::{clean_text, require_to, Change, Ctx};
use serde::Deserialize;

/// `PATCH /api/tournaments/{id}/settings`: the fields to change; absent ones stay.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SettingsInput {
    /// Name, 1–120 characters.
    #[serde(default)]
    pub name: Option<String>,
    /// Event day, `YYYY-MM-DD`.
    #[serde(default)]
    pub event_date: Option<String>,
    /// Venue or city; `""` clears it.
    #[serde(default)]
    pub location: Option<String>,
    /// Format, e.g. "2000pts Matched Play".
    #[serde(default)]
    pub format: Option<String>,
    /// Number of rounds, 1–30, at least the rounds already created.
    #[serde(default)]
    pub total_rounds: Option<u32>,
    /// Mission per round.
    #[serde(default)]
    pub missions: Option<Vec<String>>,
    /// Planned start of each round: `"09:30"` or `"2026-05-17 09:30"`.
    #[serde(default)]
    pub round_times: Option<Vec<String>>,
    /// Accelerated pairings of a Swiss chess event (FIDE C.04.7): `baku`
    /// (the Baku method) or `none`; fixed once round 1 is paired.
    #[serde(default)]
    pub acceleration: Option<String>,
    /// How a 40K event pairs round 1: `registration`, `random` or `rating`;
    /// fixed once round 1 is paired.
    #[serde(default)]
    pub round_one_pairing: Option<String>,
    /// The random draw's seed (with `random`; kept when absent).
    #[serde(default)]
    pub round_one_seed: Option<u32>,
    /// The most entrants the event takes (1–100,000); `null` lifts the cap.
    /// Beyond it registrations join the waitlist; fixed once round 1 is paired.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<u32>)]
    pub cap: Option<Option<u32>>,
    /// The entry fee: `{"amount": minor units, "currency": "EUR"}`; `null` removes it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<crate::domain::Fee>)]
    pub fee: Option<Option<crate::domain::Fee>>,
    /// Who may enter: `{"rating": {"source": "fide", "min": 1600, "max":
    /// 1799, "unrated": false}, "age": {"cutoff": "2027-01-01", "max": 15},
    /// "invitation_only": false}`; `null`: everyone. The invitation list has
    /// its own route (`/invitations`).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<crate::service::people::eligibility::EntryRules>)]
    pub eligibility: Option<Option<crate::service::people::eligibility::EntryRules>>,
    /// A team event's rules to change, with the names it was created with
    /// (absent ones stay; what may change when: `service::teams::settings`).
    #[serde(default)]
    pub teams: Option<crate::service::teams::settings::TeamRulesPatch>,
}

/// A field that may be absent (`None`), `null` (`Some(None)`) or a value.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// The largest cap accepted.
pub const MAX_CAP: u32 = 100_000;

fn locked(message: String) -> ApiError {
    ApiError::conflict(Code::SettingLocked, message)
}

/// `tournament.settings`: the organiser changes what the rules allow (see
/// the module); the event's new state and what changed are returned, and
/// `settings_changed` is recorded unless nothing changed.
///
/// # Errors
/// 403 for anyone but the organisers; 422 `invalid_field` for a bad value;
/// 409 `setting_locked` for a field the rules no longer let change (with why).
pub async fn change(
    ctx: &Ctx,
    user: &User,
    id: TournamentId,
    input: SettingsInput,
) -> ApiResult<(TournamentView, Vec<FieldChange>)> {
    let mut change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "change the event's settings")?;
    let before = t.clone();
    let rounds = change.tx().all_rounds(id).await?;
    let paired = rounds.iter().any(|r| r.status != RoundStatus::Pending);
    let complete = t.status == TournamentStatus::Complete;
    if let Some(n) = &input.name {
        t.name = clean_text("name", n, 120)?;
    }
    if let Some(f) = &input.format {
        t.format = clean_text("format", f, 120)?;
    }
    if let Some(l) = &input.location {
        t.location = if l.trim().is_empty() { None } else { Some(clean_text("location", l, 120)?) };
    }
    if let Some(d) = &input.event_date {
        let date = chrono::NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d")
            .map_err(|_| ApiError::invalid(Code::InvalidField, "").text("refusal-date", []))?;
        if date != t.event_date && t.game == Game::Chess && paired {
            return Err(locked(
                "event_date: a chess event's date chooses the FIDE C.07 version its standings follow; it is fixed once round 1 is paired."
                    .into(),
            ));
        }
        t.event_date = date;
    }
    let ongoing = |field: &str| {
        if complete {
            Err(locked(format!("{field}: the event is complete.")))
        } else {
            Ok(())
        }
    };
    if let Some(n) = input.total_rounds {
        ongoing("total_rounds")?;
        if !(1..=MAX_ROUNDS).contains(&n) {
            return Err(ApiError::invalid(Code::InvalidField, format!("total_rounds: from 1 to {MAX_ROUNDS}.")));
        }
        if t.pairing_system.is_round_robin() && paired && n != t.total_rounds {
            return Err(locked(format!(
                "total_rounds: a round robin's rounds follow from its table, drawn at round 1 ({}).",
                t.total_rounds
            )));
        }
        let created = rounds.iter().filter(|r| !r.playoff).map(|r| r.number).max().unwrap_or(0);
        if n < created {
            return Err(locked(format!(
                "total_rounds: round {created} exists already; the event has at least {created}."
            )));
        }
        t.total_rounds = n;
    }
    if let Some(m) = &input.missions {
        ongoing("missions")?;
        if m.len() > MAX_ROUNDS as usize {
            return Err(ApiError::invalid(Code::InvalidField, format!("missions: at most {MAX_ROUNDS}.")));
        }
        t.missions = m.iter().map(|x| clean_text("mission", x, 120)).collect::<ApiResult<Vec<_>>>()?;
    }
    if let Some(times) = &input.round_times {
        ongoing("round_times")?;
        t.round_times = schedule(times)?;
    }
    if let Some(a) = &input.acceleration {
        let wanted = match a.trim() {
            "baku" => Acceleration::Baku,
            "none" => Acceleration::None,
            other => {
                return Err(ApiError::invalid(
                    Code::InvalidField,
                    format!("acceleration: \"{other}\" is not baku or none."),
                ))
            }
        };
        if t.pairing_system != PairingSystem::Dutch {
            return Err(ApiError::invalid(
                Code::InvalidField,
                "acceleration: only a Swiss chess event (FIDE Dutch) has accelerated pairings.",
            ));
        }
        if wanted.name() != t.acceleration.name() && paired {
            return Err(locked(
                "acceleration: FIDE C.04.7 accelerates the first rounds from round 1; it is fixed once round 1 is paired."
                    .into(),
            ));
        }
        if wanted.name() != t.acceleration.name() {
            t.acceleration = wanted;
        }
    }
    if input.round_one_pairing.is_some() || input.round_one_seed.is_some() {
        let name = input.round_one_pairing.as_deref().unwrap_or(t.round_one.name());
        let wanted = crate::service::lifecycle::tournaments::round_one(
            t.game,
            t.pairing_system,
            name,
            input.round_one_seed,
            t.round_one,
        )?;
        if wanted != t.round_one && paired {
            return Err(locked("round_one_pairing: round 1 is paired already.".into()));
        }
        t.round_one = wanted;
    }
    if let Some(cap) = input.cap {
        if cap.is_some_and(|c| !(1..=MAX_CAP).contains(&c)) {
            return Err(ApiError::invalid(Code::InvalidField, format!("cap: from 1 to {MAX_CAP}, or null for none.")));
        }
        if cap.is_some() && t.teams.is_some() {
            return Err(ApiError::invalid(Code::InvalidField, "cap: a team event has no registration cap."));
        }
        if cap != t.cap && paired {
            return Err(locked("cap: round 1 is paired; the waitlist is closed.".into()));
        }
        t.cap = cap;
    }
    if let Some(fee) = input.fee.clone() {
        t.fee = fee.map(crate::service::people::payments::clean_fee).transpose()?;
    }
    if let Some(rules) = input.eligibility.clone() {
        if rules.as_ref().is_some_and(|r| *r != Default::default()) && t.teams.is_some() {
            return Err(ApiError::invalid(Code::InvalidField, "eligibility: a team event has no entry rules."));
        }
        crate::service::people::eligibility::apply(&mut t.eligibility, rules)?;
    }
    if let Some(patch) = &input.teams {
        t.teams = Some(crate::service::teams::settings::patched(change.tx(), &t, patch, paired, complete).await?);
    }
    let changes = differences(&before, &t);
    let tournament = view(change.tx(), &t).await?;
    if !changes.is_empty() {
        change.tx().update_tournament(&t).await?;
        let record = SettingsChange { by: user.display_name.clone(), at: now_millis(), changes: changes.clone() };
        change.emit(EventData::SettingsChanged { tournament: tournament.clone(), change: record }).await?;
        if t.cap != before.cap && t.cap.is_none_or(|c| before.cap.is_some_and(|b| c > b)) {
            crate::service::people::waitlist::fill(&mut change, &t).await?;
        }
        change.commit(ctx).await?;
    }
    Ok((tournament, changes))
}

/// The settings fields that differ between `a` and `b`, as the API names them.
fn differences(a: &crate::domain::Tournament, b: &crate::domain::Tournament) -> Vec<FieldChange> {
    use serde_json::json;
    let rules = |t: &crate::domain::Tournament| {
        Some(crate::service::people::eligibility::EntryRules::of(&t.eligibility)).filter(|r| *r != Default::default())
    };
    let fields = [
        ("name", json!(a.name), json!(b.name)),
        ("event_date", json!(a.event_date.to_string()), json!(b.event_date.to_string())),
        ("location", json!(a.location), json!(b.location)),
        ("format", json!(a.format), json!(b.format)),
        ("total_rounds", json!(a.total_rounds), json!(b.total_rounds)),
        ("missions", json!(a.missions), json!(b.missions)),
        ("round_times", json!(a.round_times), json!(b.round_times)),
        ("acceleration", json!(a.acceleration.name()), json!(b.acceleration.name())),
        ("round_one_pairing", json!(a.round_one.name()), json!(b.round_one.name())),
        ("round_one_seed", json!(a.round_one.seed()), json!(b.round_one.seed())),
        ("cap", json!(a.cap), json!(b.cap)),
        ("fee", json!(a.fee), json!(b.fee)),
        ("eligibility", json!(rules(a)), json!(rules(b))),
    ];
    // A team event's rules, field by field (`teams.step_seconds`, …).
    let team = |t: &crate::domain::Tournament, field: &str| {
        t.teams.as_ref().and_then(|r| serde_json::to_value(r).ok()).and_then(|v| v.get(field).cloned())
    };
    let team_fields = [
        ("teams.reserves", "reserves"),
        ("teams.unique_factions", "unique_factions"),
        ("teams.step_seconds", "step_seconds"),
        ("teams.table_choice", "table_choice"),
        ("teams.conversion", "conversion"),
        ("teams.match_rule", "match_rule"),
        ("teams.ranking_boards", "ranking_boards"),
    ]
    .map(|(name, field)| (name, json!(team(a, field)), json!(team(b, field))));
    FieldChange::changed(fields.into_iter().chain(team_fields))
}

/// `tournament.settingsLog`: every change of settings, oldest first (public,
/// as the settings are).
///
/// # Errors
/// 404 for an unknown (or unpublished) tournament.
pub async fn log(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<Vec<SettingsChange>> {
    let tx = ctx.store.read().await?;
    crate::service::visible(&tx, id, viewer).await?;
    let events = tx.events_of_kind(id, "settings_changed").await?;
    Ok(events
        .into_iter()
        .filter_map(|e| match EventData::from_json(&e.kind, &e.payload) {
            Ok(EventData::SettingsChanged { change, .. }) => Some(change),
            _ => None,
        })
        .collect())
}
