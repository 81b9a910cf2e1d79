//! Rounds: create, generate pairings (by the event's pairing system, see
//! [`crate::service::lifecycle::pairing`]), get, close.

use crate::bus::{Cause, EventData, StandingsCause};
use crate::domain::{
    now_millis, Game, GameScore, MatchResult, Pairing, PairingState, PlayerId, Round, RoundId, RoundStatus,
    TournamentId, TournamentStatus, User,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::lifecycle::pairing::Paired;
use crate::service::views::{self, roster, RoundView};
use crate::service::Ctx;
use crate::service::{load_tournament, require_to, round_not_found, Change};
use arbiter_engine::pairing::round_robin::Cycles;
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;

/// `round.create`.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateRound {
    /// The mission; defaults to the tournament's mission for this round.
    #[serde(default)]
    pub mission: Option<String>,
}

/// `round.create`: the TO opens the next round (PENDING, no pairings yet).
///
/// # Errors
/// 403 for anyone but the TO; 409 when the event is not in progress, the
/// previous round is still open, or every planned round exists.
pub async fn create(ctx: &Ctx, user: &User, id: TournamentId, input: CreateRound) -> ApiResult<RoundView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "create rounds")?;
    if t.status != TournamentStatus::InProgress {
        return Err(ApiError::conflict(
            Code::WrongStatus,
            format!("Rounds are created once the event has started; it is {}.", t.status),
        ));
    }
    let rounds = change.tx().rounds(id).await?;
    if let Some(open) = rounds.iter().find(|r| r.status != RoundStatus::Complete) {
        return Err(ApiError::conflict(
            Code::RoundOpen,
            format!("Round {} is still open; close it first.", open.number),
        ));
    }
    let number = u32::try_from(rounds.len()).unwrap_or(u32::MAX).saturating_add(1);
    // A round robin's length follows from its field, known when round 1 is paired.
    let undrawn_round_robin = t.pairing_system.is_round_robin() && number == 1;
    if number > t.total_rounds && !undrawn_round_robin {
        return Err(ApiError::conflict(
            Code::AllRoundsPlayed,
            format!("All {} rounds have been created; end the tournament instead.", t.total_rounds),
        ));
    }
    let mission = match input.mission.as_deref() {
        Some(m) if !m.trim().is_empty() => crate::service::clean_text("mission", m, 120)?,
        _ => t.mission_for(number),
    };
    let r = Round {
        id: RoundId::random(),
        tournament_id: id,
        number,
        status: RoundStatus::Pending,
        mission,
        created_at: now_millis(),
        playoff: false,
    };
    change.tx().insert_round(&r).await?;
    let v = views::round(&r, &[], &HashMap::new());
    change.emit(EventData::RoundCreated { round: v.clone() }).await?;
    change.commit(ctx).await?;
    Ok(v)
}

pub use arbiter_web::views::Published;

/// `round.generatePairings`: the TO pairs a PENDING round by the event's
/// pairing system and publishes it. Pairing is computed off the async
/// runtime from a snapshot, then written only if nothing changed meanwhile
/// (otherwise recomputed). (The dashboard pairs a draft first: see
/// [`crate::service::lifecycle::drafts`].)
///
/// # Errors
/// 403 for anyone but the TO; 409 when the round is not pending or fewer
/// than 2 players are active, or the engine cannot pair the field
/// (`cannot_pair`, `no_legal_pairing`).
pub async fn generate(ctx: &Ctx, user: &User, round_id: RoundId) -> ApiResult<Published> {
    // A chess team event pairs its teams by the Olympiad Pairing Rules.
    if let Some(published) = crate::service::teams::chess::generate(ctx, user, round_id).await? {
        return Ok(published);
    }
    for _ in 0..5 {
        let c = compute(ctx, user, round_id, false).await?;
        let mut change = Change::begin(ctx, c.t.id, user).await?;
        if change.tournament().last_seq != c.t.last_seq {
            continue;
        }
        let published = publish_paired(&mut change, c.t, c.round, c.players, &c.paired).await?;
        change.commit(ctx).await?;
        return Ok(published);
    }
    Err(ApiError::conflict(Code::Busy, "The tournament kept changing while pairing; try again."))
}

/// A round paired from a snapshot, not yet written.
pub(crate) struct Computed {
    /// The tournament as read.
    pub t: crate::domain::Tournament,
    /// The round, PENDING.
    pub round: Round,
    /// Every registration as read.
    pub players: Vec<crate::domain::Player>,
    /// The pairing.
    pub paired: Paired,
}

/// Pairs PENDING round `round_id` from a snapshot, without holding the
/// write lock (the engine runs off the async runtime); `explain` asks for
/// the engine's reasons ([`Paired::explanation`]).
///
/// # Errors
/// As [`generate`].
pub(crate) async fn compute(ctx: &Ctx, user: &User, round_id: RoundId, explain: bool) -> ApiResult<Computed> {
    let tx = ctx.store.read().await?;
    let round = tx.round(round_id).await?.ok_or_else(round_not_found)?;
    let t = load_tournament(&tx, round.tournament_id).await?;
    let t_id = t.id;
    require_to(&t, user, "generate pairings")?;
    if round.status != RoundStatus::Pending {
        return Err(ApiError::conflict(Code::RoundNotPending, format!("Round {} is already paired.", round.number)));
    }
    if crate::service::teams::chess_event::is_chess_teams(&t) {
        return Err(ApiError::conflict(
            Code::CannotPair,
            "A chess team event's rounds are paired by the Olympiad Pairing Rules directly, without a draft.",
        ));
    }
    let sheet = tx.sheet(&t).await?;
    let players = sheet.entrants.clone();
    let pools = if t.pairing_system.is_round_robin() { tx.pools(t_id).await? } else { None };
    drop(tx);
    // A drawn round robin plays its table to the end (withdrawn players' games are forfeits).
    let drawn = t.pairing_system.is_round_robin() && players.iter().any(|p| p.pairing_no.is_some());
    let active: Vec<PlayerId> = players.iter().filter(|p| p.is_active()).map(|p| p.id).collect();
    if active.len() < 2 && !drawn {
        return Err(ApiError::conflict(
            Code::NotEnoughPlayers,
            format!("At least 2 checked-in players are needed to pair a round; {} are.", active.len()),
        ));
    }
    let number = round.number;
    // Each player's earlier tables (for "no table twice").
    let mut played: HashMap<PlayerId, Vec<u32>> = HashMap::new();
    for p in sheet.pairings.iter().filter(|p| p.table_number > 0) {
        for id in std::iter::once(p.player1_id).chain(p.player2_id) {
            played.entry(id).or_default().push(p.table_number);
        }
    }
    let mut paired = actix_web::web::block(move || match pools {
        Some(pools) => {
            let cycles = if sheet.tournament.pairing_system == crate::domain::PairingSystem::DoubleRoundRobin {
                Cycles::Double
            } else {
                Cycles::Single
            };
            crate::service::lifecycle::pairing::pools_round(&sheet, &pools.members, number, cycles)
        }
        None => match crate::service::standings::teams::rules(&sheet.tournament) {
            // A 40K team event pairs its team rows by the team Swiss.
            Some(rules) => crate::service::lifecycle::pairing::team_swiss::pair(&sheet, rules, number),
            None => crate::service::lifecycle::pairing::pair(&sheet, number, explain),
        },
    })
    .await
    .map_err(ApiError::internal)??;
    crate::service::lifecycle::pairing::number_tables(&mut paired, &t.constraints, &played, &roster(&players));
    Ok(Computed { t, round, players, paired })
}

/// Writes `paired` as round `round`'s tables and publishes it (ACTIVE,
/// `pairings_published`; the byes' points count at once), without committing.
/// In a 40K team event each team match's captains' process opens with the
/// round, whether it was paired at once ([`generate`]) or published from a
/// draft ([`crate::service::lifecycle::drafts::publish`]).
///
/// # Errors
/// 409 `cannot_pair` when a team does not field its team size
/// ([`crate::service::teams::wh40k::open_processes`]); 503 when the database is down.
pub(crate) async fn publish_paired(
    change: &mut Change,
    mut t: crate::domain::Tournament,
    mut round: Round,
    mut players: Vec<crate::domain::Player>,
    paired: &Paired,
) -> ApiResult<Published> {
    let team_rules = crate::service::standings::teams::rules(&t).cloned();
    let rows = to_pairings(&round, paired, t.game);
    change.tx().insert_pairings(&rows).await?;
    round.status = RoundStatus::Active;
    change.tx().update_round(&round).await?;
    for p in &mut players {
        if let Some(&(_, n)) = paired.numbers.iter().find(|(id, _)| *id == p.id) {
            p.pairing_no = Some(n);
            change.tx().update_player(p).await?;
        }
    }
    let tournament = match paired.total_rounds {
        Some(total) => {
            t.total_rounds = total;
            change.tx().update_tournament(&t).await?;
            Some(views::tournament(&t, players.iter().filter(|p| !p.removed).count()))
        }
        None => None,
    };
    let names = roster(&players);
    let published =
        Published { round: views::round(&round, &rows, &names), warnings: paired.warnings.clone(), tournament };
    change.emit(EventData::PairingsPublished(published.clone())).await?;
    if rows.iter().any(|r| r.state == PairingState::Confirmed) {
        // A bye (or a forfeit a withdrawal left) counts at once.
        let cause = StandingsCause { round: Some(round.number), ..StandingsCause::of(Cause::PairingsPublished) };
        crate::service::standings::publish(change, &mut t, cause).await?;
    }
    if let Some(rules) = team_rules {
        crate::service::teams::wh40k::open_processes(change, &rules, round.id).await?;
    }
    Ok(published)
}

/// The rows `paired` writes for `round`: its tables, the pairing-allocated bye and
/// the byes arranged beforehand (those count at once).
pub(crate) fn to_pairings(round: &Round, paired: &Paired, game: Game) -> Vec<Pairing> {
    let now = now_millis();
    let blank = |table: u32, p1: PlayerId, p2: Option<PlayerId>| Pairing::unreported(round, table, p1, p2, now);
    let mut rows: Vec<Pairing> = paired
        .tables
        .iter()
        .map(|tb| {
            let mut p = blank(tb.number, tb.player1, Some(tb.player2));
            p.rematch = tb.rematch;
            if let Some(result) = tb.forfeit {
                // A withdrawn player's game: the forfeit counts at once.
                let score = GameScore::Chess { result };
                p.score = Some(score);
                p.result = Some(score.result());
                p.state = PairingState::Confirmed;
                p.reported_at = Some(now);
                p.override_note = Some("Withdrawn player: forfeit recorded when the round was paired.".into());
            }
            p
        })
        .collect();
    for &bye in paired.bye.iter().chain(&paired.pool_byes) {
        // The bye counts at once (40K: a win with 0 VP), nothing to report.
        let mut b = blank(0, bye, None);
        b.score = (game == Game::Wh40k).then_some(GameScore::Wh40k { player1_vp: 0, player2_vp: 0 });
        b.result = Some(MatchResult::Bye);
        b.state = PairingState::Confirmed;
        rows.push(b);
    }
    for &(player, kind) in &paired.byes {
        // A bye arranged before the round: its points count at once.
        let mut b = blank(0, player, None);
        b.result = Some(kind.result());
        b.state = PairingState::Confirmed;
        b.reported_at = Some(now);
        rows.push(b);
    }
    rows
}

/// `round.get`: a round with its tables; public once paired, the TO sees pending rounds too.
///
/// # Errors
/// 404 `round_not_found`.
pub async fn get(ctx: &Ctx, viewer: Option<&User>, round_id: RoundId) -> ApiResult<RoundView> {
    let tx = ctx.store.read().await?;
    let round = tx.round(round_id).await?.ok_or_else(round_not_found)?;
    let t = crate::service::visible(&tx, round.tournament_id, viewer).await?;
    let is_to = viewer.is_some_and(|u| t.staffed_by(u.id));
    if round.status == RoundStatus::Pending && !is_to {
        return Err(ApiError::not_found(
            Code::RoundNotPublished,
            format!("Round {} has not been paired yet.", round.number),
        ));
    }
    let names = roster(&tx.players(t.id).await?);
    Ok(views::round(&round, &tx.pairings_of_round(round.id).await?, &names))
}

/// A tournament's rounds, playoff rounds included (tables only for published rounds, or for the TO).
///
/// # Errors
/// 404 for an unknown tournament.
pub async fn list(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<Vec<RoundView>> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    let names = roster(&tx.players(id).await?);
    let mut out = Vec::new();
    for r in tx.all_rounds(id).await? {
        out.push(views::round(&r, &tx.pairings_of_round(r.id).await?, &names));
    }
    let _ = t;
    Ok(out)
}

/// `round.close`: the TO closes an ACTIVE round once every result is confirmed.
///
/// # Errors
/// 403 for anyone but the TO; 409 `round_incomplete` with the list of
/// tables still unreported, unconfirmed or disputed (`details`).
pub async fn close(ctx: &Ctx, user: &User, round_id: RoundId) -> ApiResult<RoundView> {
    let t_id = ctx.store.read().await?.round(round_id).await?.ok_or_else(round_not_found)?.tournament_id;
    let mut change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "close rounds")?;
    let mut round = change.tx().round(round_id).await?.ok_or_else(round_not_found)?;
    match round.status {
        RoundStatus::Pending => {
            return Err(ApiError::conflict(
                Code::RoundNotPaired,
                format!("Round {} has no pairings yet.", round.number),
            ))
        }
        RoundStatus::Complete => {
            return Err(ApiError::conflict(Code::RoundClosed, format!("Round {} is already closed.", round.number)))
        }
        RoundStatus::Active => {}
    }
    let pairings = change.tx().pairings_of_round(round_id).await?;
    let names = roster(&change.tx().players(t_id).await?);
    let missing: Vec<serde_json::Value> = pairings
        .iter()
        .filter(|p| p.state != PairingState::Confirmed)
        .map(|p| {
            let v = views::pairing(p, &names);
            json!({
                "pairing_id": p.id,
                "table": p.table_number,
                "player1": v.player1.name,
                "player2": v.player2.map(|s| s.name),
                "state": p.state,
                "missing": match p.state {
                    PairingState::Unreported => "result not reported",
                    PairingState::Reported => "result not confirmed by the opponent",
                    PairingState::Disputed => "result disputed: the organiser must override",
                    PairingState::Confirmed => "",
                },
            })
        })
        .collect();
    if !missing.is_empty() {
        let tables: Vec<String> = missing.iter().map(|m| m["table"].to_string()).collect();
        return Err(ApiError::conflict(
            Code::RoundIncomplete,
            format!(
                "Round {} cannot close: {} result(s) still missing, at table(s) {}.",
                round.number,
                missing.len(),
                tables.join(", ")
            ),
        )
        .with_details(serde_json::Value::Array(missing)));
    }
    round.status = RoundStatus::Complete;
    change.tx().update_round(&round).await?;
    let v = views::round(&round, &pairings, &names);
    change.emit(EventData::RoundClosed { round: v.clone() }).await?;
    crate::service::ratings::round_closed(&mut change, &t, &round).await?;
    change.commit(ctx).await?;
    Ok(v)
}

/// The round `round_id` under the tournament's write lock, checked for the
/// TO's undo actions: the tournament is in progress, the round is its latest
/// and not a playoff round. Returns the change, the tournament and the round.
async fn latest_for_undo(
    ctx: &Ctx,
    user: &User,
    round_id: RoundId,
    action: &str,
) -> ApiResult<(Change, crate::domain::Tournament, Round)> {
    let t_id = ctx.store.read().await?.round(round_id).await?.ok_or_else(round_not_found)?.tournament_id;
    let change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, action)?;
    let round = change.tx().round(round_id).await?.ok_or_else(round_not_found)?;
    if t.status != TournamentStatus::InProgress {
        return Err(ApiError::conflict(
            Code::WrongStatus,
            format!("Rounds are changed while the event is in progress; it is {}.", t.status),
        ));
    }
    if round.playoff {
        return Err(ApiError::conflict(
            Code::WrongStatus,
            "Playoff rounds follow the bracket: correct a playoff result with an override.",
        ));
    }
    if let Some(later) = change.tx().all_rounds(t_id).await?.iter().find(|r| r.number > round.number) {
        return Err(ApiError::conflict(
            Code::NotLatestRound,
            format!(
                "Round {} exists already: only the latest round can be changed (delete round {} first if it is not paired).",
                later.number, later.number
            ),
        ));
    }
    Ok((change, t, round))
}

/// `round.unpair`: the TO withdraws a published round's pairings before any
/// result is reported (a wrong check-in list, a late arrival): the round is
/// PENDING again, boards and phones lose its tables, and it can be paired
/// again (or deleted). Byes it gave are taken back.
///
/// # Errors
/// 403 for anyone but the TO; 409 `round_not_paired` for a round without
/// pairings; 409 `round_has_results` once a result is reported at a table
/// (`details` lists them); 409 `not_latest_round`, or `wrong_status` for a
/// playoff round or an event not in progress.
pub async fn unpair(ctx: &Ctx, user: &User, round_id: RoundId) -> ApiResult<RoundView> {
    let (mut change, mut t, mut round) = latest_for_undo(ctx, user, round_id, "withdraw pairings").await?;
    if round.status == RoundStatus::Pending {
        return Err(ApiError::conflict(Code::RoundNotPaired, format!("Round {} has no pairings yet.", round.number)));
    }
    let pairings = change.tx().pairings_of_round(round_id).await?;
    let reported: Vec<u32> = pairings
        .iter()
        .filter(|p| !p.is_bye() && p.state != PairingState::Unreported)
        .map(|p| p.table_number)
        .collect();
    if !reported.is_empty() || round.status == RoundStatus::Complete {
        return Err(ApiError::conflict(
            Code::RoundHasResults,
            format!(
                "Round {} has results (table(s) {}): its pairings stay; correct results with an override.",
                round.number,
                reported.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            ),
        )
        .with_details(json!({ "tables": reported })));
    }
    change.tx().delete_pairings_of_round(round_id).await?;
    round.status = RoundStatus::Pending;
    change.tx().update_round(&round).await?;
    let v = views::round(&round, &[], &HashMap::new());
    change.emit(EventData::PairingsWithdrawn { round: v.clone() }).await?;
    if pairings.iter().any(Pairing::is_bye) {
        let cause = StandingsCause { cause: Cause::PairingsWithdrawn, round: Some(round.number), pairing_id: None };
        crate::service::standings::publish(&mut change, &mut t, cause).await?;
    }
    change.commit(ctx).await?;
    Ok(v)
}

/// `round.delete`: the TO deletes the latest round while it has no
/// pairings (created by mistake, or unpaired to end the event a round
/// early). Its number is used again by the next round created.
///
/// # Errors
/// 403 for anyone but the TO; 409 `round_not_pending` for a paired round
/// (withdraw its pairings first); 409 `not_latest_round`, or `wrong_status`
/// for a playoff round or an event not in progress.
pub async fn delete(ctx: &Ctx, user: &User, round_id: RoundId) -> ApiResult<RoundView> {
    let (mut change, _, round) = latest_for_undo(ctx, user, round_id, "delete rounds").await?;
    if round.status != RoundStatus::Pending {
        return Err(ApiError::conflict(
            Code::RoundNotPending,
            format!("Round {} is paired: withdraw its pairings first (only a round without results).", round.number),
        ));
    }
    change.tx().delete_draft(round_id).await?;
    change.tx().delete_round(round_id).await?;
    let v = views::round(&round, &[], &HashMap::new());
    change.emit(EventData::RoundDeleted { deleted: v.clone() }).await?;
    change.commit(ctx).await?;
    Ok(v)
}

/// `round.reopen`: the TO reopens the latest round after closing it (a
/// result must change and players are to report again, or it was closed by
/// mistake): it is ACTIVE again, its rating period is undone (the game
/// system's ratings are replayed without it, [`crate::service::ratings::round_reopened`])
/// and it is rated again when it closes. Prize runs made since are marked
/// stale (`stale` in the prize runs).
///
/// # Errors
/// 403 for anyone but the TO; 409 `round_not_closed` for a round not closed;
/// 409 `not_latest_round` when a later round exists (pending ones are
/// deleted first); `wrong_status` for a playoff round or an event not in progress.
pub async fn reopen(ctx: &Ctx, user: &User, round_id: RoundId) -> ApiResult<RoundView> {
    let (mut change, t, mut round) = latest_for_undo(ctx, user, round_id, "reopen rounds").await?;
    if round.status != RoundStatus::Complete {
        return Err(ApiError::conflict(Code::RoundNotClosed, format!("Round {} is not closed.", round.number)));
    }
    round.status = RoundStatus::Active;
    change.tx().update_round(&round).await?;
    let pairings = change.tx().pairings_of_round(round_id).await?;
    let names = roster(&change.tx().players(t.id).await?);
    let v = views::round(&round, &pairings, &names);
    change.emit(EventData::RoundReopened { round: v.clone() }).await?;
    crate::service::ratings::round_reopened(&mut change, &t, &round).await?;
    change.commit(ctx).await?;
    Ok(v)
}
