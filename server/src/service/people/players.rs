//! Registrations: register, edit list, check in, drop (player actions);
//! list players, check a player in, remove a player (TO actions).

use crate::bus::{EventData, FieldChange, SettingsChange};
use crate::domain::{
    now_millis, Player, PlayerId, PlayerProfile, RoundStatus, Tournament, TournamentId, TournamentStatus, User,
};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::service::views::{self, PlayerView};
use crate::service::Ctx;
use crate::service::{clean_text, load_tournament, require_to, Change};
use serde::Deserialize;

/// The longest army list accepted, in characters.
pub const MAX_LIST_CHARS: usize = 50_000;

/// `player.register`.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Register {
    /// Name on the pairings board (1–64 characters).
    pub display_name: String,
    /// Faction (1–64 characters).
    pub faction: String,
    /// Army list as pasted (optional until lists are locked).
    #[serde(default)]
    pub list_text: Option<String>,
    /// Rating, title, birth date, club… (chess pairing and prizes use them).
    #[serde(default)]
    pub profile: Option<PlayerProfile>,
}

/// The TO's edit of a player's profile (`PUT /api/players/{id}/profile`).
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateProfile {
    /// The whole new profile.
    pub profile: PlayerProfile,
}

fn clean_profile(p: PlayerProfile) -> ApiResult<PlayerProfile> {
    crate::service::people::profile::clean(p)
}

/// `player.updateList`.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateList {
    /// The new list (empty clears it).
    pub list_text: String,
}

fn clean_list(list: Option<&str>) -> ApiResult<Option<String>> {
    match list {
        None => Ok(None),
        Some(l) if l.trim().is_empty() => Ok(None),
        Some(l) if l.chars().count() > MAX_LIST_CHARS => Err(ApiError::invalid(Code::InvalidField, "").text(
            "refusal-field-too-long",
            [("field", crate::service::field_label("list_text")), ("max", Fill::from(&MAX_LIST_CHARS))],
        )),
        Some(l) => Ok(Some(l.replace("\r\n", "\n"))),
    }
}

/// Whether `viewer` may read `p`'s army list: the TO always, the player
/// always, everyone once lists are locked (seed: "Army Lists").
#[must_use]
pub fn may_read_list(t: &Tournament, p: &Player, viewer: Option<&User>) -> bool {
    t.lists_locked || viewer.is_some_and(|u| t.staffed_by(u.id) || u.id == p.user_id)
}

pub(in crate::service) async fn own_registration(change: &Change, t: &Tournament, user: &User) -> ApiResult<Player> {
    match change.tx().player_of_user(t.id, user.id).await? {
        Some(p) if !p.removed => Ok(p),
        Some(_) => Err(ApiError::forbidden(Code::PlayerRemoved, "The organiser removed you from this tournament.")),
        None => Err(ApiError::not_found(Code::NotRegistered, "You are not registered in this tournament.")),
    }
}

/// `player.register`: `user` joins the event (REGISTRATION or CHECK_IN),
/// or its waitlist when the cap is reached (the answer's `waitlist` is
/// their place; see [`crate::service::people::waitlist`]).
///
/// # Errors
/// 409 when registration is not open, or the user is already registered;
/// 403 `not_eligible` when the section's rules keep them out
/// ([`crate::service::people::eligibility`]); 422 for invalid fields.
pub async fn register(ctx: &Ctx, user: &User, id: TournamentId, input: Register) -> ApiResult<PlayerView> {
    let display_name = clean_text("display_name", &input.display_name, 64)?;
    let faction = clean_text("faction", &input.faction, 64)?;
    let list_text = clean_list(input.list_text.as_deref())?;
    let profile = clean_profile(input.profile.unwrap_or_default())?;
    let mut change = Change::begin(ctx, id, user).await?;
    let t = crate::service::visible(change.tx(), id, Some(user)).await?;
    crate::service::require_singles(&t)?;
    if !t.status.is_open() {
        return Err(ApiError::conflict(
            Code::RegistrationClosed,
            format!("Registration is not open: the tournament is {}.", t.status),
        ));
    }
    if t.lists_locked && list_text.is_some() {
        return Err(ApiError::conflict(
            Code::ListsLocked,
            "Army lists are locked; register without a list and ask the organiser.",
        ));
    }
    if let Some(p) = change.tx().player_of_user(id, user.id).await? {
        return Err(if p.removed {
            ApiError::forbidden(Code::PlayerRemoved, "The organiser removed you from this tournament.")
        } else {
            ApiError::conflict(Code::AlreadyRegistered, "You are already registered in this tournament.")
        });
    }
    let way = crate::service::people::eligibility::Way::Registration;
    crate::service::people::eligibility::check(change.tx(), &t, &display_name, &profile, user, way).await?;
    let waitlist = crate::service::people::waitlist::place(&change, &t).await?;
    let p = Player {
        id: PlayerId::random(),
        tournament_id: id,
        user_id: user.id,
        registration_no: change.tx().next_registration_no(id).await?,
        display_name,
        faction,
        list_text,
        checked_in: false,
        dropped: false,
        removed: false,
        registered_at: now_millis(),
        pairing_no: None,
        profile,
        adjustments: Vec::new(),
        kind: crate::domain::PlayerKind::Single,
        waitlist,
        payment: None,
    };
    change.tx().insert_player(&p).await?;
    crate::service::people::waitlist::announce(&mut change, &p).await?;
    change.commit(ctx).await?;
    Ok(views::player(&p, true, true))
}

/// `player.updateList`: the player replaces their list, until the TO locks lists.
///
/// # Errors
/// 409 `lists_locked`; 404 when not registered.
pub async fn update_list(ctx: &Ctx, user: &User, id: TournamentId, input: UpdateList) -> ApiResult<PlayerView> {
    let list_text = clean_list(Some(&input.list_text))?;
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    let mut p = own_registration(&change, &t, user).await?;
    if t.lists_locked {
        return Err(ApiError::conflict(
            Code::ListsLocked,
            "Army lists are locked; ask the organiser if something is wrong.",
        ));
    }
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    p.list_text = list_text;
    change.tx().update_player(&p).await?;
    change.emit(EventData::ListUpdated { player: views::player(&p, false, false) }).await?;
    change.commit(ctx).await?;
    Ok(views::player(&p, true, true))
}

async fn set_checked_in(ctx: &Ctx, mut p: Player, t: &Tournament, mut change: Change) -> ApiResult<PlayerView> {
    if !matches!(t.status, TournamentStatus::CheckIn | TournamentStatus::InProgress) {
        return Err(ApiError::conflict(
            Code::CheckInClosed,
            format!("Check-in is not open: the tournament is {}.", t.status),
        ));
    }
    if p.dropped {
        return Err(ApiError::conflict(Code::PlayerDropped, "This player has dropped from the tournament."));
    }
    crate::service::people::waitlist::refuse_waiting(&p, "check in")?;
    if p.checked_in {
        return Err(ApiError::conflict(Code::AlreadyCheckedIn, format!("{} is already checked in.", p.display_name)));
    }
    p.checked_in = true;
    change.tx().update_player(&p).await?;
    change.emit(EventData::PlayerCheckedIn { player: views::player(&p, false, false) }).await?;
    change.commit(ctx).await?;
    Ok(views::player(&p, false, false))
}

/// `player.checkIn`: the player marks themself present.
///
/// # Errors
/// 409 when check-in is not open, or already checked in.
pub async fn check_in(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<PlayerView> {
    let change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    let p = own_registration(&change, &t, user).await?;
    set_checked_in(ctx, p, &t, change).await
}

/// The TO checks a player in.
///
/// # Errors
/// 403 for anyone but the TO; 409 as [`check_in`].
pub async fn check_in_player(ctx: &Ctx, user: &User, player: PlayerId) -> ApiResult<PlayerView> {
    let (t_id, _) = locate(ctx, player).await?;
    let change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    crate::service::require_judge(&t, user, "check players in")?;
    let p = change.tx().player(player).await?.filter(|p| !p.removed).ok_or_else(player_not_found)?;
    set_checked_in(ctx, p, &t, change).await
}

/// `player.drop`: the player withdraws; they are not paired again, and
/// their place goes to the first on the waitlist. A waiting player leaves
/// the waitlist instead (their registration is deleted).
///
/// # Errors
/// 409 when already dropped or the event is complete.
pub async fn drop_out(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<PlayerView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    let mut p = own_registration(&change, &t, user).await?;
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    if p.waitlist.is_some() {
        crate::service::people::waitlist::leave(&mut change, &p).await?;
        change.commit(ctx).await?;
        p.dropped = true;
        return Ok(views::player(&p, true, true));
    }
    if p.dropped {
        return Err(ApiError::conflict(Code::AlreadyDropped, "You have already dropped from this tournament."));
    }
    p.dropped = true;
    change.tx().update_player(&p).await?;
    change.emit(EventData::PlayerDropped { player: views::player(&p, false, false) }).await?;
    crate::service::people::waitlist::fill(&mut change, &t).await?;
    change.commit(ctx).await?;
    Ok(views::player(&p, true, true))
}

/// `player.removePlayer`: the TO drops a player and removes them from the
/// event; their place goes to the first on the waitlist. A waiting player
/// is taken off the waitlist (their registration is deleted).
///
/// # Errors
/// 403 for anyone but the TO; 409 when already removed or the event is complete.
pub async fn remove(ctx: &Ctx, user: &User, player: PlayerId) -> ApiResult<PlayerView> {
    let (t_id, _) = locate(ctx, player).await?;
    let mut change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "remove players")?;
    let mut p = change.tx().player(player).await?.ok_or_else(player_not_found)?;
    let before = p.clone();
    if p.removed {
        return Err(ApiError::conflict(Code::AlreadyRemoved, format!("{} was already removed.", p.display_name)));
    }
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    p.dropped = true;
    p.removed = true;
    if p.waitlist.is_some() {
        crate::service::people::waitlist::leave(&mut change, &p).await?;
        change.commit(ctx).await?;
        return Ok(views::player(&p, false, false));
    }
    let was_entered = !before.dropped;
    change.tx().update_player(&p).await?;
    change.emit(EventData::PlayerRemoved { player: views::player(&p, false, false) }).await?;
    if was_entered {
        crate::service::people::waitlist::fill(&mut change, &t).await?;
    }
    change.commit(ctx).await?;
    Ok(views::player(&p, false, false))
}

/// `player.reinstate`: the TO undoes a drop or a removal, before the next
/// round is paired without the player: they are paired again from the next
/// round (the rounds they missed stay missed).
///
/// # Errors
/// 403 for anyone but the TO; 404 for an unknown player; 409 `not_dropped`
/// for a player still in; 409 `round_paired_since_drop` when the latest
/// paired round was paired without them; 409 `wrong_status` once the event
/// is complete.
pub async fn reinstate(ctx: &Ctx, user: &User, player: PlayerId) -> ApiResult<PlayerView> {
    let (t_id, _) = locate(ctx, player).await?;
    let mut change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "reinstate players")?;
    let mut p = change.tx().player(player).await?.ok_or_else(player_not_found)?;
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    if !p.dropped && !p.removed {
        return Err(ApiError::conflict(
            Code::NotDropped,
            format!("{} has not dropped: there is nothing to reinstate.", p.display_name),
        ));
    }
    // The drop is undone only if no round was paired since: a player who
    // dropped is in no later round, so the latest paired round tells.
    let paired = change
        .tx()
        .all_rounds(t_id)
        .await?
        .into_iter()
        .filter(|r| !r.playoff && r.status != RoundStatus::Pending)
        .max_by_key(|r| r.number);
    if let Some(r) = paired {
        let seated = change
            .tx()
            .pairings_of_round(r.id)
            .await?
            .iter()
            .any(|x| x.player1_id == p.id || x.player2_id == Some(p.id));
        if !seated {
            return Err(ApiError::conflict(
                Code::RoundPairedSinceDrop,
                format!(
                    "Round {} was paired after {} dropped; a player can be reinstated only before the next round is paired.",
                    r.number, p.display_name
                ),
            ));
        }
    }
    p.dropped = false;
    p.removed = false;
    change.tx().update_player(&p).await?;
    let v = views::player(&p, false, false);
    change.emit(EventData::PlayerReinstated { player: v.clone() }).await?;
    change.commit(ctx).await?;
    Ok(v)
}

/// `PATCH /api/players/{id}`: the details to correct; absent ones stay.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EditPlayer {
    /// Name on the pairings board (1–64 characters).
    #[serde(default)]
    pub display_name: Option<String>,
    /// Faction (`""` clears it).
    #[serde(default)]
    pub faction: Option<String>,
    /// The whole new profile.
    #[serde(default)]
    pub profile: Option<PlayerProfile>,
}

/// `player.edit`: the organisers correct a player's name, faction or
/// profile (a typo, a rating from the federation's list); each change is
/// recorded (`player_edited`: who, when, each field before and after) and
/// the boards and standings show the new details.
///
/// # Errors
/// 403 for anyone but the organisers; 404 for an unknown player; 422 for a bad value.
pub async fn edit(
    ctx: &Ctx,
    user: &User,
    player: PlayerId,
    input: EditPlayer,
) -> ApiResult<(PlayerView, Vec<FieldChange>)> {
    let (t_id, _) = locate(ctx, player).await?;
    let mut change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "correct players' details")?;
    let mut p = change.tx().player(player).await?.ok_or_else(player_not_found)?;
    let before = p.clone();
    if let Some(n) = &input.display_name {
        p.display_name = clean_text("display_name", n, 64)?;
    }
    if let Some(f) = &input.faction {
        p.faction = if f.trim().is_empty() { String::new() } else { clean_text("faction", f, 64)? };
    }
    if let Some(profile) = input.profile {
        p.profile = clean_profile(profile)?;
    }
    let fields = [
        ("display_name", serde_json::json!(before.display_name), serde_json::json!(p.display_name)),
        ("faction", serde_json::json!(before.faction), serde_json::json!(p.faction)),
        (
            "profile",
            serde_json::to_value(&before.profile).unwrap_or_default(),
            serde_json::to_value(&p.profile).unwrap_or_default(),
        ),
    ];
    let changes = FieldChange::changed(fields);
    if !changes.is_empty() {
        change.tx().update_player(&p).await?;
        let record = SettingsChange { by: user.display_name.clone(), at: now_millis(), changes: changes.clone() };
        change.emit(EventData::PlayerEdited { player: views::player(&p, false, false), change: record }).await?;
        change.commit(ctx).await?;
    }
    Ok((views::player(&p, true, true), changes))
}

/// `player.history`: every correction of a player's details, oldest first (staff only).
///
/// # Errors
/// 403 for anyone but the staff; 404 for an unknown player.
pub async fn history(ctx: &Ctx, user: &User, player: PlayerId) -> ApiResult<Vec<SettingsChange>> {
    let (t_id, _) = locate(ctx, player).await?;
    let tx = ctx.store.read().await?;
    let t = load_tournament(&tx, t_id).await?;
    crate::service::require_judge(&t, user, "see players' history")?;
    let organiser = t.organised_by(user.id);
    Ok(tx
        .events_of_kind(t_id, "player_edited")
        .await?
        .into_iter()
        .filter_map(|e| match EventData::from_json(&e.kind, &e.payload) {
            Ok(EventData::PlayerEdited { player: v, change }) if v.id == player => Some(change),
            _ => None,
        })
        .map(|change| if organiser { change } else { change.without_private() })
        .collect())
}

/// `player.list`: the registrations (removed ones only for the TO), with the
/// lists the viewer may read.
///
/// # Errors
/// 404 for an unknown (or unpublished) tournament.
pub async fn list(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<Vec<PlayerView>> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    let is_to = viewer.is_some_and(|u| t.staffed_by(u.id));
    // Birth date, sex and disability: the organisers and the player only,
    // not a judge (who needs names, registrations and check-in).
    let organiser = viewer.is_some_and(|u| t.organised_by(u.id));
    Ok(tx
        .players(id)
        .await?
        .iter()
        .filter(|p| is_to || !p.removed)
        .map(|p| views::player(p, may_read_list(&t, p, viewer), organiser || viewer.is_some_and(|u| u.id == p.user_id)))
        .collect())
}

pub(in crate::service) fn player_not_found() -> ApiError {
    ApiError::not_found(Code::PlayerNotFound, "There is no player with this id.")
}

/// The tournament a registration belongs to.
pub(in crate::service) async fn locate(ctx: &Ctx, player: PlayerId) -> ApiResult<(TournamentId, Player)> {
    let p = ctx.store.read().await?.player(player).await?.ok_or_else(player_not_found)?;
    Ok((p.tournament_id, p))
}

/// The TO sets a player's profile (a rating correction, a birth date for an
/// age prize…).
///
/// # Errors
/// 403 for anyone but the TO; 404 for an unknown player; 422 for bad values.
pub async fn update_profile(ctx: &Ctx, user: &User, player: PlayerId, input: UpdateProfile) -> ApiResult<PlayerView> {
    let profile = clean_profile(input.profile)?;
    let (t_id, _) = locate(ctx, player).await?;
    let mut change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "edit player profiles")?;
    let mut p = change.tx().player(player).await?.ok_or_else(player_not_found)?;
    p.profile = profile;
    change.tx().update_player(&p).await?;
    change.emit(EventData::PlayerUpdated { player: views::player(&p, false, false) }).await?;
    change.commit(ctx).await?;
    Ok(views::player(&p, true, true))
}
