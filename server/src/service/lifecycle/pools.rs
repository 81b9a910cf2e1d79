//! Round-robin pools then playoffs: the crokinole championship format.
//!
//! The TO splits a crokinole round-robin event into pools
//! (`PUT /api/tournaments/{id}/pools`) after check-in and before round 1 is
//! paired: by a number of pools (`count`), by a pool size (`size`: as many
//! pools of at most that many as the field needs), or by hand (`pools`: lists
//! of registration ids). Counted pools are dealt by the serpentine rule from
//! the seeding order: rating (highest first, unrated last), then
//! registration order ([`arbiter_engine::playoffs::pools`]).
//!
//! Each pool plays its own Berger round robin (FIDE C.05 Annex 1): a round
//! pairs every pool's round of that number at once, tables numbered across
//! the pools (pool A's first). Each pool has its own standings, by the
//! event's configured tie-breaks among the pool's games. A playoff with
//! `per_pool: K` takes the top K of each pool, cross-seeded
//! ([`arbiter_engine::playoffs::pools::cross_seed`]), once every pool round
//! is closed. Each pool's standings are [`crate::service::standings::pool_tables`].

use crate::bus::EventData;
use crate::domain::{
    now_millis, Game, Player, PlayerId, PoolRule, Pools, Tournament, TournamentId, TournamentStatus, User,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::views::roster;
use crate::service::{require_to, Change, Ctx};
use crate::store::Tx;
use arbiter_engine::playoffs::pools::{check_sizes, count_for_size, serpentine, PoolError};
use arbiter_engine::playoffs::{MAX_CUT, MIN_CUT};
use arbiter_web::views::playoffs::{PoolView, PoolsView, SeedView};
use serde::Deserialize;
use std::collections::HashSet;

/// `PUT /api/tournaments/{id}/pools`: exactly one of `count`, `size`, `pools`.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PoolsInput {
    /// The number of pools (at least 2), dealt by the serpentine rule.
    #[serde(default)]
    pub count: Option<u32>,
    /// The largest pool: as many pools as the field needs, dealt by the serpentine rule.
    #[serde(default)]
    pub size: Option<u32>,
    /// The pools by hand: each a list of registration ids in the pool's seeding order.
    #[serde(default)]
    pub pools: Option<Vec<Vec<PlayerId>>>,
}

/// 404 `no_pools`.
pub(crate) fn no_pools() -> ApiError {
    ApiError::not_found(Code::NoPools, "This event has no pools; the organiser can set them before round 1.")
}

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::invalid(Code::InvalidPools, message)
}

/// A pool error in words.
fn pool_error(e: &PoolError) -> ApiError {
    invalid(match e {
        PoolError::TooFewPools(n) => format!("Pools need at least 2 pools, not {n}."),
        PoolError::PoolTooSmall { players, max } => format!(
            "A pool needs at least 3 players: {players} checked-in players make at most {max} pool(s), and pools need 2 or more."
        ),
        PoolError::Uneven { smallest, largest } => {
            format!("Pool sizes may differ by one player at most, not {smallest} and {largest}.")
        }
        PoolError::PerPoolTooLarge { per_pool, smallest } => format!(
            "The playoff takes the top {per_pool} of each pool, but the smallest pool has {smallest} players."
        ),
        PoolError::Cut(c) => format!("The pools make a top cut outside {MIN_CUT}–{MAX_CUT} players: {c}."),
    })
}

/// Checks that `t` can have pools: a crokinole round robin.
fn offered(t: &Tournament) -> ApiResult<()> {
    if t.game == Game::Crokinole && t.pairing_system.is_round_robin() {
        return Ok(());
    }
    Err(ApiError::conflict(
        Code::PoolsNotOffered,
        format!(
            "Pools are for crokinole round-robin events; this event is {}, paired by {}.",
            crate::game::system(t.game).label(),
            t.pairing_system.label().to_lowercase()
        ),
    ))
}

/// Checks that the pools of `t` can still change: round 1 is not paired.
async fn not_drawn(tx: &Tx, t: &Tournament) -> ApiResult<()> {
    let players = tx.players(t.id).await?;
    let paired = tx.rounds(t.id).await?.iter().any(|r| r.status != crate::domain::RoundStatus::Pending);
    if paired || players.iter().any(|p| p.pairing_no.is_some()) {
        return Err(ApiError::conflict(
            Code::PoolsLocked,
            "Round 1 is paired: the pools are fixed for the rest of the round robin.",
        ));
    }
    Ok(())
}

/// The seeding order of the pools: rating (highest first, unrated last), then registration.
fn seeding_order(players: &[Player]) -> Vec<&Player> {
    let mut active: Vec<&Player> = players.iter().filter(|p| p.is_active()).collect();
    active.sort_by_key(|p| (std::cmp::Reverse(p.profile.rating.map_or(0, |r| i64::from(r) + 1)), p.registration_no));
    active
}

/// The pools asked for by `input` over the checked-in field.
fn make(players: &[Player], input: &PoolsInput) -> ApiResult<(Vec<Vec<PlayerId>>, PoolRule)> {
    let field = seeding_order(players);
    let given = [input.count.is_some(), input.size.is_some(), input.pools.is_some()].iter().filter(|b| **b).count();
    if given != 1 {
        return Err(invalid(
            "Give exactly one of \"count\" (the number of pools), \"size\" (the largest pool) or \"pools\" (the pools by hand).",
        ));
    }
    if let Some(hand) = &input.pools {
        let active: HashSet<PlayerId> = field.iter().map(|p| p.id).collect();
        let mut seen = HashSet::new();
        for id in hand.iter().flatten() {
            if !active.contains(id) {
                let who = players.iter().find(|p| p.id == *id).map_or_else(
                    || format!("{id} is not registered in this event"),
                    |p| format!("{} is not checked in (or has withdrawn)", p.display_name),
                );
                return Err(invalid(format!("The pools can hold checked-in players only: {who}.")));
            }
            if !seen.insert(*id) {
                let name = players.iter().find(|p| p.id == *id).map_or("a player", |p| p.display_name.as_str());
                return Err(invalid(format!("{name} is in more than one pool (or twice in one).")));
            }
        }
        if let Some(missing) = field.iter().find(|p| !seen.contains(&p.id)) {
            return Err(invalid(format!(
                "Every checked-in player plays in a pool: {} is in none.",
                missing.display_name
            )));
        }
        check_sizes(&hand.iter().map(Vec::len).collect::<Vec<_>>()).map_err(|e| pool_error(&e))?;
        return Ok((hand.clone(), PoolRule::ByHand));
    }
    let count = match (input.count, input.size) {
        (Some(c), _) => c as usize,
        (_, Some(0)) => return Err(invalid("A pool size is at least 3 players, not 0.")),
        (_, Some(size)) => count_for_size(field.len(), size as usize),
        _ => 0,
    };
    let dealt = serpentine(field.len(), count).map_err(|e| pool_error(&e))?;
    Ok((dealt.into_iter().map(|pool| pool.into_iter().map(|i| field[i].id).collect()).collect(), PoolRule::Serpentine))
}

/// `PUT …/pools`: the TO sets the pools (see the module).
///
/// # Errors
/// 403 for anyone but the TO; 409 `pools_not_offered` outside crokinole round
/// robins, `wrong_status` for a complete event, `pools_locked` once round 1
/// is paired; 422 `invalid_pools` for pools that cannot be made (or that
/// would leave the playoff's `per_pool` more than a pool holds).
pub async fn set(ctx: &Ctx, user: &User, id: TournamentId, input: PoolsInput) -> ApiResult<PoolsView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "set the pools")?;
    offered(&t)?;
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete; its pools cannot change."));
    }
    not_drawn(change.tx(), &t).await?;
    let players = change.tx().players(id).await?;
    let (members, rule) = make(&players, &input)?;
    let pools = Pools { tournament_id: id, members, rule, updated_at: now_millis() };
    if let Some(mut p) = change.tx().playoff(id).await? {
        if let Some(k) = p.settings.per_pool {
            p.settings.cut = crate::service::lifecycle::playoffs::cut_of(&pools.members, k)?;
            p.updated_at = now_millis();
            change.tx().put_playoff(&p).await?;
        }
    }
    change.tx().put_pools(&pools).await?;
    let t = change.tournament().clone();
    let view = view_of(change.tx(), &t, &pools).await?;
    if let Some(bracket) = crate::service::lifecycle::playoffs::bracket_of(change.tx(), &t).await? {
        change.emit(EventData::BracketChanged { bracket: Some(bracket) }).await?;
    }
    change.commit(ctx).await?;
    Ok(view)
}

/// `DELETE …/pools`: the TO removes the pools before round 1 is paired; a
/// playoff that took the top of each pool keeps its cut and seeds from the
/// event's standings.
///
/// # Errors
/// 403 for anyone but the TO; 404 `no_pools`; 409 `pools_locked` once round 1 is paired.
pub async fn remove(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<()> {
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "remove the pools")?;
    change.tx().pools(id).await?.ok_or_else(no_pools)?;
    not_drawn(change.tx(), &t).await?;
    change.tx().delete_pools(id).await?;
    if let Some(mut p) = change.tx().playoff(id).await?.filter(|p| p.settings.per_pool.is_some()) {
        p.settings.per_pool = None;
        p.updated_at = now_millis();
        change.tx().put_playoff(&p).await?;
        if let Some(bracket) = crate::service::lifecycle::playoffs::bracket_of(change.tx(), &t).await? {
            change.emit(EventData::BracketChanged { bracket: Some(bracket) }).await?;
        }
    }
    change.commit(ctx).await?;
    Ok(())
}

/// `GET …/pools`: the pools with their standings, public once the event is visible.
///
/// # Errors
/// 404 `tournament_not_found`, `no_pools`.
pub async fn get(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<PoolsView> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    let pools = tx.pools(id).await?.ok_or_else(no_pools)?;
    view_of(&tx, &t, &pools).await
}

async fn view_of(tx: &Tx, t: &Tournament, pools: &Pools) -> ApiResult<PoolsView> {
    let sheet = tx.sheet(t).await?;
    let per_pool = tx.playoff(t.id).await?.and_then(|p| p.settings.per_pool);
    let names = roster(&sheet.entrants);
    let pools2 = pools.clone();
    let tables = tokio::task::spawn_blocking(move || crate::service::standings::pool_tables(&sheet, &pools2))
        .await
        .map_err(ApiError::internal)??;
    Ok(PoolsView {
        rule: match pools.rule {
            crate::domain::PoolRule::Serpentine => arbiter_web::views::sets::PoolRule::Serpentine,
            crate::domain::PoolRule::ByHand => arbiter_web::views::sets::PoolRule::ByHand,
        },
        per_pool,
        pools: pools
            .members
            .iter()
            .zip(tables)
            .enumerate()
            .map(|(i, (members, standings))| PoolView {
                name: Pools::name(i),
                players: (1u32..)
                    .zip(members)
                    .map(|(n, id)| SeedView {
                        seed: n,
                        player_id: Some(*id),
                        name: names.get(id).map(|s| s.name.clone()).unwrap_or_default(),
                    })
                    .collect(),
                standings,
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::standings::scores::tests::player;

    fn rated(no: u32, rating: Option<u32>) -> Player {
        let mut p = player(no);
        p.profile.rating = rating;
        p
    }

    fn names(players: &[Player], pools: &[Vec<PlayerId>]) -> Vec<Vec<String>> {
        let name =
            |id: &PlayerId| players.iter().find(|p| p.id == *id).map(|p| p.display_name.clone()).unwrap_or_default();
        pools.iter().map(|pool| pool.iter().map(name).collect()).collect()
    }

    #[test]
    fn counted_pools_follow_rating_then_registration_by_the_serpentine() {
        // Seeding order: P3 (1900), P1 (1800), P6 (1800: registered later), P2 (1500), then unrated P4, P5, P7, P8.
        let ratings = [Some(1800), Some(1500), Some(1900), None, None, Some(1800), None, None];
        let mut players: Vec<Player> = (1..=8).zip(ratings).map(|(n, r)| rated(n, r)).collect();
        // A withdrawn player and one not checked in are in no pool.
        let mut gone = rated(9, Some(2500));
        gone.dropped = true;
        let mut absent = rated(10, Some(2400));
        absent.checked_in = false;
        players.extend([gone, absent]);
        let input = PoolsInput { count: Some(2), size: None, pools: None };
        let (pools, rule) = make(&players, &input).unwrap_or((Vec::new(), PoolRule::ByHand));
        assert_eq!(rule, PoolRule::Serpentine);
        // Serpentine over P3 P1 P6 P2 P4 P5 P7 P8: A = 1st, 4th, 5th, 8th; B = 2nd, 3rd, 6th, 7th.
        assert_eq!(names(&players, &pools), [["P3", "P2", "P4", "P8"], ["P1", "P6", "P5", "P7"]]);
        let by_size = make(&players, &PoolsInput { count: None, size: Some(3), pools: None });
        // Pools of at most 3 for 8 players: 3 pools (3, 3, 2): a pool of 2 is refused.
        assert_eq!(by_size.err().map(|e| e.code().to_string()), Some("invalid_pools".into()));
    }

    #[test]
    fn a_playoff_by_pool_takes_no_more_than_the_smallest_pool() {
        use crate::service::lifecycle::playoffs::cut_of;
        let ids = |n: u32| (1..=n).map(|k| player(k).id).collect::<Vec<_>>();
        let pools = vec![ids(4), ids(3)];
        assert_eq!(cut_of(&pools, 2).ok(), Some(4));
        assert_eq!(cut_of(&pools, 3).ok(), Some(6));
        assert!(cut_of(&pools, 4).err().is_some_and(|e| e.message().contains("smallest pool has 3 players")));
        assert_eq!(cut_of(&pools, 0).err().map(|e| e.code().to_string()), Some("invalid_pools".into()));
    }
}
