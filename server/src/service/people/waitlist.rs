//! The registration cap and the waitlist.
//!
//! - A tournament may take at most `cap` entrants (registrations not
//!   withdrawn and not removed; `None`: no cap). Until round 1 is paired,
//!   every way an entry is made (a player's registration, the organiser's
//!   walk-in, a roster import) beyond the cap joins the waitlist, in the
//!   order the entries were made (the tournament's write lock orders
//!   registrations arriving at once: the count and the place are read and
//!   written under it, so no two registrations take the same place).
//! - A waiting registration has its place (1 first, no gaps), shown to the
//!   player on their page and in the API (`waitlist` of the player). It is
//!   not paired, not ranked and not checked in ([`crate::store::Tx::players`]
//!   leaves it out).
//! - When a place frees (an entrant withdraws or is removed, the organiser
//!   raises or lifts the cap), the first waiting registrations enter, one per
//!   free place, at once (`waitlist_promoted`, `automatic: true`). The
//!   organiser may also let a waiting player in by hand (over the cap, their
//!   decision: `automatic: false`) or reorder the waitlist.
//! - A waiting player who withdraws leaves the waitlist (their registration
//!   is deleted: it has no games); so does one the organiser removes.
//! - Once round 1 is paired the waitlist is closed: nobody is promoted (a
//!   player joining then is a late entry, added by the organiser, who is not
//!   held to the cap).
//!
//! Every change of the waitlist is announced with the whole list
//! (`waitlist_changed`), so each waiting player's page shows their new place.

use crate::bus::EventData;
use crate::domain::{Player, PlayerId, RoundStatus, Tournament, TournamentId, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::log::Subject;
use crate::service::views::{self, PlayerView};
use crate::service::{require_to, Change, Ctx};
use serde::{Deserialize, Serialize};

/// `GET /api/tournaments/{id}/waitlist`: the cap, the entrants counted
/// against it, and who waits, first first.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct WaitlistView {
    /// The most entrants the tournament takes; `null`: no cap.
    pub cap: Option<u32>,
    /// Entrants counted against the cap (not withdrawn, not removed).
    pub entered: usize,
    /// Whether players still move up from the waitlist (until round 1 is paired).
    pub open: bool,
    /// The waiting registrations, first on the waitlist first (each with its `waitlist` place).
    pub waitlist: Vec<PlayerView>,
}

/// `PUT /api/tournaments/{id}/waitlist`: the organiser's new order.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReorderWaitlist {
    /// Every waiting registration's id, once each, in the new order (first first).
    pub order: Vec<PlayerId>,
}

fn player_not_found() -> ApiError {
    ApiError::not_found(Code::PlayerNotFound, "There is no player with this id.")
}

/// The entrants counted against the cap: not withdrawn, not removed.
async fn entered(change: &Change, id: TournamentId) -> ApiResult<usize> {
    Ok(change.tx().players(id).await?.iter().filter(|p| !p.dropped && !p.removed).count())
}

/// Whether the waitlist still moves: no round of the tournament is paired yet.
async fn open(tx: &crate::store::Tx, id: TournamentId) -> ApiResult<bool> {
    Ok(tx.all_rounds(id).await?.iter().all(|r| r.status == RoundStatus::Pending))
}

/// The waitlist places `n` new entries take, in the order they are made
/// (`None`: the entry enters): inside `change` (under the tournament's
/// write lock), counting the entrants and those already waiting (a
/// newcomer never passes them).
///
/// # Errors
/// The database failed.
pub(in crate::service) async fn places_for(change: &Change, t: &Tournament, n: usize) -> ApiResult<Vec<Option<u32>>> {
    let Some(cap) = t.cap else { return Ok(vec![None; n]) };
    if !open(change.tx(), t.id).await? {
        return Ok(vec![None; n]);
    }
    let waiting = change.tx().waitlist(t.id).await?.len();
    let entered = entered(change, t.id).await?;
    let cap = usize::try_from(cap).unwrap_or(usize::MAX);
    Ok((0..n).map(|extra| places(cap, entered, waiting, extra)).collect())
}

/// The waitlist place one new entry takes, or `None` when it enters (see [`places_for`]).
///
/// # Errors
/// The database failed.
pub(in crate::service) async fn place(change: &Change, t: &Tournament) -> ApiResult<Option<u32>> {
    Ok(places_for(change, t, 1).await?.pop().flatten())
}

/// The place of the entry made after `extra` others, with `entered`
/// entrants and `waiting` registrations already waiting under `cap`.
fn places(cap: usize, entered: usize, waiting: usize, extra: usize) -> Option<u32> {
    let free = cap.saturating_sub(entered);
    if waiting == 0 && extra < free {
        None
    } else {
        // Those of the `extra` that entered took the free places; the rest wait.
        let ahead = waiting + extra.saturating_sub(if waiting == 0 { free } else { 0 });
        Some(u32::try_from(ahead + 1).unwrap_or(u32::MAX))
    }
}

/// Announces a new registration: `player_registered` for an entrant,
/// `player_waitlisted` for one that waits.
///
/// # Errors
/// The database failed.
pub(in crate::service) async fn announce(change: &mut Change, p: &Player) -> ApiResult<()> {
    let player = views::player(p, false, false);
    let data = if p.waitlist.is_some() {
        EventData::PlayerWaitlisted { player }
    } else {
        EventData::PlayerRegistered { player }
    };
    change.emit(data).await
}

/// Fills the free places from the waitlist, first first, inside `change`
/// (after a withdrawal, a removal, a raised cap); each promotion is
/// announced (`waitlist_promoted`, automatic) and, when any moved, the new
/// waitlist. Returns the players promoted.
///
/// # Errors
/// The database failed.
pub(in crate::service) async fn fill(change: &mut Change, t: &Tournament) -> ApiResult<Vec<Player>> {
    if !open(change.tx(), t.id).await? {
        return Ok(Vec::new());
    }
    let waiting = change.tx().waitlist(t.id).await?;
    let free = match t.cap {
        Some(cap) => usize::try_from(cap).unwrap_or(usize::MAX).saturating_sub(entered(change, t.id).await?),
        None => waiting.len(),
    };
    let mut promoted = Vec::new();
    for mut p in waiting.into_iter().take(free) {
        p.waitlist = None;
        p.checked_in = false;
        change.tx().update_player(&p).await?;
        change.emit(EventData::WaitlistPromoted { player: views::player(&p, false, false), automatic: true }).await?;
        promoted.push(p);
    }
    if !promoted.is_empty() {
        renumber(change, t.id).await?;
    }
    Ok(promoted)
}

/// Announces the waitlist after entries joined it together (a roster's
/// rows beyond the cap): `waitlist_changed`, when anyone waits.
///
/// # Errors
/// The database failed.
pub(in crate::service) async fn announce_joined(change: &mut Change, id: TournamentId) -> ApiResult<()> {
    if !change.tx().waitlist(id).await?.is_empty() {
        renumber(change, id).await?;
    }
    Ok(())
}

/// Numbers the waitlist 1, 2, … in its order (closing the gaps a promotion
/// or a departure left), saves the places that moved and announces the
/// whole list (`waitlist_changed`).
async fn renumber(change: &mut Change, id: TournamentId) -> ApiResult<Vec<Player>> {
    let mut waiting = change.tx().waitlist(id).await?;
    for (i, p) in waiting.iter_mut().enumerate() {
        let place = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if p.waitlist != Some(place) {
            p.waitlist = Some(place);
            change.tx().update_player(p).await?;
        }
    }
    let list = waiting.iter().map(|p| views::player(p, false, false)).collect();
    change.emit(EventData::WaitlistChanged { waitlist: list }).await?;
    Ok(waiting)
}

/// A waiting registration leaves the waitlist (the player withdrew, or the
/// organiser removed them): it is deleted (it has no games) and the places
/// behind it move up.
///
/// # Errors
/// The database failed.
pub(in crate::service) async fn leave(change: &mut Change, p: &Player) -> ApiResult<()> {
    change.tx().delete_waiting_player(p.id).await?;
    renumber(change, p.tournament_id).await?;
    Ok(())
}

/// 409 `waitlisted` for a registration still on the waitlist, which cannot `what`.
///
/// # Errors
/// As said, when `p` waits.
pub(in crate::service) fn refuse_waiting(p: &Player, what: &str) -> ApiResult<()> {
    match p.waitlist {
        None => Ok(()),
        Some(place) => Err(ApiError::conflict(
            Code::Waitlisted,
            format!("{} is number {place} on the waitlist and cannot {what} until they have a place.", p.display_name),
        )),
    }
}

/// `waitlist.get`: the cap, the entrants and the waitlist (public, as the
/// player list is).
///
/// # Errors
/// 404 for an unknown (or unpublished) tournament.
pub async fn get(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<WaitlistView> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    let organiser = viewer.is_some_and(|u| t.organised_by(u.id));
    let entered = tx.players(id).await?.iter().filter(|p| !p.dropped && !p.removed).count();
    let waitlist = tx
        .waitlist(id)
        .await?
        .iter()
        .map(|p| views::player(p, false, organiser || viewer.is_some_and(|u| u.id == p.user_id)))
        .collect();
    Ok(WaitlistView { cap: t.cap, entered, open: open(&tx, id).await?, waitlist })
}

/// `waitlist.promote`: the organiser lets a waiting player in by hand, over
/// the cap if it is full (`waitlist_promoted`, not automatic); the places
/// behind move up.
///
/// # Errors
/// 403 for anyone but the organisers; 404 for an unknown player; 409
/// `not_waitlisted` for an entrant; 409 `waitlist_closed` once round 1 is paired.
pub async fn promote(ctx: &Ctx, user: &User, player: PlayerId) -> ApiResult<PlayerView> {
    let t_id = ctx.store.read().await?.player(player).await?.ok_or_else(player_not_found)?.tournament_id;
    let mut change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "let players in from the waitlist")?;
    let mut p = change.tx().player(player).await?.ok_or_else(player_not_found)?;
    if p.waitlist.is_none() {
        return Err(ApiError::conflict(
            Code::NotWaitlisted,
            format!("{} is not on the waitlist: they have their place.", p.display_name),
        ));
    }
    refuse_closed(&change, &t).await?;
    p.waitlist = None;
    p.checked_in = false;
    change.tx().update_player(&p).await?;
    change.emit(EventData::WaitlistPromoted { player: views::player(&p, false, false), automatic: false }).await?;
    renumber(&mut change, t_id).await?;
    change.commit(ctx).await?;
    Ok(views::player(&p, true, true))
}

/// 409 `waitlist_closed` once round 1 is paired.
async fn refuse_closed(change: &Change, t: &Tournament) -> ApiResult<()> {
    if open(change.tx(), t.id).await? {
        Ok(())
    } else {
        Err(ApiError::conflict(
            Code::WaitlistClosed,
            "Round 1 is paired: the waitlist is closed. Add the player as a late entry instead.",
        ))
    }
}

/// `waitlist.reorder`: the organiser puts the waitlist in a new order
/// (`order`: every waiting registration once); announced (`waitlist_changed`)
/// and logged.
///
/// # Errors
/// 403 for anyone but the organisers; 422 `invalid_field` when `order` is
/// not the waitlist's registrations once each; 409 `waitlist_closed` once
/// round 1 is paired.
pub async fn reorder(ctx: &Ctx, user: &User, id: TournamentId, input: ReorderWaitlist) -> ApiResult<WaitlistView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "reorder the waitlist")?;
    refuse_closed(&change, &t).await?;
    let waiting = change.tx().waitlist(id).await?;
    let mut given = input.order.clone();
    given.sort_unstable();
    given.dedup();
    let mut current: Vec<PlayerId> = waiting.iter().map(|p| p.id).collect();
    current.sort_unstable();
    if given.len() != input.order.len() || given != current {
        return Err(ApiError::invalid(
            Code::InvalidField,
            format!(
                "order: give every waiting registration's id once ({} waiting, {} given).",
                waiting.len(),
                input.order.len()
            ),
        ));
    }
    let before: Vec<String> = waiting.iter().map(|p| p.display_name.clone()).collect();
    for (i, pid) in input.order.iter().enumerate() {
        if let Some(p) = waiting.iter().find(|p| p.id == *pid) {
            let place = u32::try_from(i + 1).unwrap_or(u32::MAX);
            if p.waitlist != Some(place) {
                let mut p = p.clone();
                p.waitlist = Some(place);
                change.tx().update_player(&p).await?;
            }
        }
    }
    let now = renumber(&mut change, id).await?;
    let after: Vec<String> = now.iter().map(|p| p.display_name.clone()).collect();
    let changes = crate::bus::FieldChange::changed([("waitlist", serde_json::json!(before), serde_json::json!(after))]);
    change.note("waitlist_reordered", Subject::named("waitlist"), &changes).await?;
    let entered = entered(&change, id).await?;
    change.commit(ctx).await?;
    let waitlist = now.iter().map(|p| views::player(p, false, true)).collect();
    Ok(WaitlistView { cap: t.cap, entered, open: true, waitlist })
}

#[cfg(test)]
mod tests {
    use super::places;

    #[test]
    fn entries_beyond_the_cap_wait_in_order() {
        // 18 of 20 places taken: two enter, the third waits first.
        assert_eq!(places(20, 18, 0, 0), None);
        assert_eq!(places(20, 18, 0, 1), None);
        assert_eq!(places(20, 18, 0, 2), Some(1));
        assert_eq!(places(20, 18, 0, 5), Some(4));
        // Full: behind those already waiting.
        assert_eq!(places(20, 20, 3, 0), Some(4));
        // A free place with people waiting is theirs, not the newcomer's.
        assert_eq!(places(20, 19, 2, 0), Some(3));
        assert_eq!(places(20, 19, 2, 1), Some(4));
    }
}
