//! The top cut: the TO adds a playoff stage (cut size, re-seeding,
//! third-place game, the rule that decides a level game), pairs each playoff
//! round from the bracket (the first one seeds the cut from the final Swiss
//! standings), and the event's final ranking puts the playoff's places above
//! the Swiss standings.
//!
//! Playoff rounds are ordinary rounds marked `playoff`: their results are
//! reported, confirmed, disputed and overridden like any table (and rated
//! when the round closes), but the Swiss standings and pairing leave them
//! out. The bracket itself is computed by the engine
//! ([`arbiter_engine::playoffs`]) from the seeds and the confirmed results.
//! In a team event the entrants are the team rows and each table a team
//! match ([`teams`]).

use crate::bus::EventData;
use crate::domain::{
    now_millis, ChessResult, ColourRule, GameScore, MatchFormat, MatchGame, MatchResult, Pairing, PairingId,
    PairingState, PlayerId, Playoff, PlayoffSettings, Pools, Round, RoundId, RoundStatus, Sheet, Tournament,
    TournamentId, TournamentStatus, User,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::views::{self, roster, Roster};
use crate::service::{require_to, Change, Ctx};
use crate::store::Tx;
use arbiter_engine::playoffs::matches::{self, Decision};
use arbiter_engine::playoffs::{Bracket, Slot, MAX_CUT, MIN_CUT};
use arbiter_web::views::playoffs::{
    BracketRoundView, BracketView, PlacementView, PlayoffSettingsView, RankingRowView, SeedView, SlotView,
};
use arbiter_web::views::Published;
use serde::Deserialize;
use std::collections::HashMap;

/// `PUT /api/tournaments/{id}/playoffs`: the TO's playoff settings.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayoffInput {
    /// How many players make the cut: 2 to 64. Left out with `per_pool`
    /// (the pools' count times it); given with it, it must be that number.
    #[serde(default)]
    pub cut: Option<u32>,
    /// With round-robin pools: the top `per_pool` of each pool make the cut, cross-seeded.
    #[serde(default)]
    pub per_pool: Option<u32>,
    /// How many games a playoff table plays: `single` (default), in crokinole
    /// `best_of_three`, in chess `tiebreak_games` (a game, then tie-break games).
    #[serde(default)]
    pub format: MatchFormat,
    /// Chess `tiebreak_games`: how many tie-break games follow a drawn game (1 to 10; default 2).
    #[serde(default)]
    pub tiebreak_games: Option<u32>,
    /// Chess `tiebreak_games`: `alternate` (default; the first tie-break game
    /// reverses the colours, then they alternate) or `reported` (each game names White).
    #[serde(default)]
    pub colours: ColourRule,
    /// Re-seed each round (highest remaining against lowest); default no.
    #[serde(default)]
    pub reseed: bool,
    /// Play a third-place game; default no.
    #[serde(default)]
    pub third_place: bool,
    /// What decides a level game, in the TO's words (at most 300 characters).
    #[serde(default)]
    pub tiebreak: Option<String>,
}

fn no_playoffs() -> ApiError {
    ApiError::not_found(Code::NoPlayoffs, "This event has no playoff stage; the organiser can add one.")
}

fn settings_view(s: &PlayoffSettings) -> PlayoffSettingsView {
    PlayoffSettingsView {
        cut: s.cut,
        reseed: s.reseed,
        third_place: s.third_place,
        tiebreak: s.tiebreak.clone(),
        per_pool: s.per_pool,
        format: s.format.into(),
        tiebreak_games: s.tiebreak_games,
        colours: (s.format == MatchFormat::TiebreakGames).then_some(match s.colours {
            ColourRule::Alternate => arbiter_web::views::sets::TiebreakColours::Alternate,
            ColourRule::Reported => arbiter_web::views::sets::TiebreakColours::Reported,
        }),
    }
}

/// `PUT …/playoffs`: the TO adds the playoff stage or changes its settings,
/// before the event starts or at any time until the first playoff round is paired.
///
/// # Errors
/// 403 for anyone but the TO; 409 `wrong_status` for a complete event, 409
/// `playoffs_started` once the cut is seeded; 422 `invalid_cut` for a cut
/// outside 2–64 (or missing, or not the pools' count times `per_pool`),
/// `invalid_pools` for a `per_pool` without pools or larger than a pool,
/// `invalid_field` for a bad tie-break text.
pub async fn configure(ctx: &Ctx, user: &User, id: TournamentId, input: PlayoffInput) -> ApiResult<BracketView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "set up the playoffs")?;
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete; it can have no playoffs now."));
    }
    let cut = match (input.cut, input.per_pool) {
        (cut, Some(k)) => {
            let pools = change.tx().pools(id).await?.ok_or_else(|| {
                ApiError::invalid(
                    Code::InvalidPools,
                    "\"per_pool\" takes the top of each pool, but this event has no pools: set the pools first, or give a cut.",
                )
            })?;
            let by_pools = cut_of(&pools.members, k)?;
            if cut.is_some_and(|c| c != by_pools) {
                return Err(ApiError::invalid(
                    Code::InvalidCut,
                    format!(
                        "The top {k} of {} pools make a cut of {by_pools}, not {}; leave the cut out.",
                        pools.members.len(),
                        cut.unwrap_or_default()
                    ),
                ));
            }
            by_pools
        }
        (Some(cut), None) => cut,
        (None, None) => {
            return Err(ApiError::invalid(
                Code::InvalidCut,
                "Give the cut (2 to 64 players) or, in an event with pools, \"per_pool\" (the top of each pool).",
            ))
        }
    };
    if !(MIN_CUT..=MAX_CUT).contains(&cut) {
        return Err(ApiError::invalid(
            Code::InvalidCut,
            format!("A top cut has {MIN_CUT} to {MAX_CUT} players, not {cut}."),
        ));
    }
    let tiebreak = match input.tiebreak.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(s) => Some(crate::service::clean_text("tiebreak", s, 300)?),
    };
    if change.tx().playoff(id).await?.is_some_and(|p| p.seeds.is_some()) {
        return Err(ApiError::conflict(
            Code::PlayoffsStarted,
            "The playoffs have started: the cut is seeded and its settings can no longer change.",
        ));
    }
    let chess_only = input.tiebreak_games.is_some() || input.colours != ColourRule::Alternate;
    let tiebreaks = input.format == MatchFormat::TiebreakGames;
    let offered = crate::game::system(t.game).playoff_formats();
    if (tiebreaks && !offered.contains(&MatchFormat::TiebreakGames)) || (chess_only && !tiebreaks) {
        return Err(ApiError::invalid(
            Code::InvalidMatch,
            "Tie-break games (\"tiebreak_games\", \"colours\") follow a drawn chess playoff game: use them with \"format\": \"tiebreak_games\" in a chess event.",
        ));
    }
    if input.tiebreak_games.is_some_and(|n| !(1..=10).contains(&n)) {
        return Err(ApiError::invalid(
            Code::InvalidMatch,
            format!(
                "A drawn playoff game is followed by 1 to 10 tie-break games, not {}.",
                input.tiebreak_games.unwrap_or_default()
            ),
        ));
    }
    if input.format == MatchFormat::BestOfThree && !offered.contains(&MatchFormat::BestOfThree) {
        return Err(ApiError::invalid(
            Code::InvalidMatch,
            format!(
                "Best-of-three playoff matches are played in crokinole; a {} playoff game is a single game.",
                crate::game::system(t.game).label()
            ),
        ));
    }
    let settings = PlayoffSettings {
        cut,
        reseed: input.reseed,
        third_place: input.third_place,
        tiebreak,
        per_pool: input.per_pool,
        format: input.format,
        tiebreak_games: (input.format == MatchFormat::TiebreakGames).then(|| input.tiebreak_games.unwrap_or(2)),
        colours: input.colours,
    };
    let p = Playoff { tournament_id: id, settings, seeds: None, updated_at: now_millis() };
    change.tx().put_playoff(&p).await?;
    let view = bracket_view(change.tx(), &p).await?;
    change.emit(EventData::BracketChanged { bracket: Some(view.clone()) }).await?;
    change.commit(ctx).await?;
    Ok(view)
}

/// Checks a playoff's `per_pool` against pools and returns the cut it makes.
///
/// # Errors
/// 422 `invalid_pools` when a pool is smaller than `per_pool` (or it is 0)
/// or the cut falls outside 2–64.
pub fn cut_of(members: &[Vec<PlayerId>], per_pool: u32) -> ApiResult<u32> {
    let smallest = members.iter().map(Vec::len).min().unwrap_or(0);
    if per_pool == 0 || per_pool as usize > smallest {
        return Err(ApiError::invalid(
            Code::InvalidPools,
            format!("The playoff takes the top {per_pool} of each pool, but the smallest pool has {smallest} players."),
        ));
    }
    let cut = u32::try_from(members.len()).unwrap_or(u32::MAX).saturating_mul(per_pool);
    if !(MIN_CUT..=MAX_CUT).contains(&cut) {
        return Err(ApiError::invalid(
            Code::InvalidPools,
            format!(
                "The top {per_pool} of {} pools make a cut of {cut}; a top cut has {MIN_CUT} to {MAX_CUT} players.",
                members.len()
            ),
        ));
    }
    Ok(cut)
}

/// `DELETE …/playoffs`: the TO removes the playoff stage before it starts.
///
/// # Errors
/// 403 for anyone but the TO; 404 `no_playoffs`; 409 `playoffs_started` once the cut is seeded.
pub async fn remove(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<()> {
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "remove the playoffs")?;
    let p = change.tx().playoff(id).await?.ok_or_else(no_playoffs)?;
    if p.seeds.is_some() {
        return Err(ApiError::conflict(
            Code::PlayoffsStarted,
            "The playoffs have started; they can no longer be removed.",
        ));
    }
    change.tx().delete_playoff(id).await?;
    change.emit(EventData::BracketChanged { bracket: None }).await?;
    change.commit(ctx).await?;
    Ok(())
}

/// `GET …/playoffs`: the bracket, public once the event is visible.
///
/// # Errors
/// 404 `tournament_not_found`, `no_playoffs`.
pub async fn get(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<BracketView> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    bracket_of(&tx, &t).await?.ok_or_else(no_playoffs)
}

/// The bracket of `t`, or `None` when it has no playoff stage (the live `bracket` view's snapshot).
///
/// # Errors
/// 503 when the database is down.
pub async fn bracket_of(tx: &Tx, t: &Tournament) -> ApiResult<Option<BracketView>> {
    match tx.playoff(t.id).await? {
        Some(p) => Ok(Some(bracket_view(tx, &p).await?)),
        None => Ok(None),
    }
}

/// The seat that won a table, once its result counts.
fn winner_of(p: &Pairing) -> Option<PlayerId> {
    if p.state != PairingState::Confirmed {
        return None;
    }
    match p.result? {
        MatchResult::P1Win | MatchResult::P1WinForfeit => Some(p.player1_id),
        MatchResult::P2Win | MatchResult::P2WinForfeit => p.player2_id,
        _ => None,
    }
}

/// The engine's bracket from the seeds and the confirmed playoff results.
fn build(settings: &PlayoffSettings, seeds: &[PlayerId], games: &[(Round, Vec<Pairing>)]) -> ApiResult<Bracket> {
    let seed_of: HashMap<PlayerId, u32> = (1u32..).zip(seeds.iter().copied()).map(|(n, p)| (p, n)).collect();
    let mut won: HashMap<(u32, u32), u32> = HashMap::new();
    for p in games.iter().flat_map(|(_, ps)| ps) {
        let (Some(&a), Some(&b)) = (seed_of.get(&p.player1_id), p.player2_id.and_then(|x| seed_of.get(&x))) else {
            continue;
        };
        if let Some(&w) = winner_of(p).and_then(|w| seed_of.get(&w)) {
            won.insert((a.min(b), a.max(b)), w);
        }
    }
    Bracket::build(settings.engine(), |h, l| won.get(&(h, l)).copied()).map_err(ApiError::internal)
}

struct Names<'a> {
    seeds: Option<&'a [PlayerId]>,
    roster: Roster,
}

impl Names<'_> {
    fn seed(&self, n: u32) -> SeedView {
        let player = self.seeds.and_then(|s| s.get(n as usize - 1)).copied();
        let name = player.and_then(|p| self.roster.get(&p)).map_or_else(|| format!("Seed {n}"), |s| s.name.clone());
        SeedView { seed: n, player_id: player, name }
    }
}

fn slot_view(
    s: &Slot,
    names: &Names<'_>,
    table: Option<&Pairing>,
    games: &HashMap<PairingId, Vec<MatchGame>>,
) -> SlotView {
    use arbiter_web::views::sets::SlotKind;
    let (kind, high, low, winner) = match *s {
        Slot::Game { high, low, winner } => (SlotKind::Game, Some(names.seed(high)), Some(names.seed(low)), winner),
        Slot::Bye { seed } => (SlotKind::Bye, Some(names.seed(seed)), None, None),
        Slot::Open { known } => (SlotKind::Open, known.map(|k| names.seed(k)), None, None),
    };
    SlotView {
        kind,
        high,
        low,
        winner,
        pairing_id: table.map(|p| p.id),
        table: table.map(|p| p.table_number),
        state: table.map(|p| p.state),
        score_text: table.and_then(|p| match games.get(&p.id).filter(|g| !g.is_empty()) {
            Some(g) => Some(match_text(g, p.result)),
            None => p.score.map(|s| s.text()),
        }),
    }
}

/// Before seeding, who would be seeded if the playoffs started now (the same
/// rules as [`pair_next`]: the standings, or the top of each pool); `None`
/// while no game counts yet or too few players remain.
async fn projection(tx: &Tx, sheet: &Sheet, p: &Playoff) -> ApiResult<Option<Vec<PlayerId>>> {
    if !sheet.started() {
        return Ok(None);
    }
    let projected = match (tx.pools(sheet.tournament.id).await?, p.settings.per_pool) {
        (Some(pools), Some(k)) => seed_pools(sheet, &pools, k).await,
        _ => seed(tx, sheet, p.settings.cut).await,
    };
    // Too few players for the cut (or pools) now: nothing to project.
    Ok(projected.ok())
}

/// Announces inside `change` the projected bracket of `t` after a result
/// changed the standings, when `t` has a playoff stage not yet seeded.
///
/// # Errors
/// 503 when the database is down.
pub async fn publish_projection(change: &mut Change, t: &Tournament) -> ApiResult<()> {
    if let Some(p) = change.tx().playoff(t.id).await?.filter(|p| p.seeds.is_none()) {
        let view = bracket_view(change.tx(), &p).await?;
        change.emit(EventData::BracketChanged { bracket: Some(view) }).await?;
    }
    Ok(())
}

/// The bracket's view: the engine's bracket with names, tables and states;
/// before seeding, with the names projected from the current standings.
async fn bracket_view(tx: &Tx, p: &Playoff) -> ApiResult<BracketView> {
    let t = tx.tournament(p.tournament_id).await?.ok_or_else(|| ApiError::internal("a playoff stage of no event"))?;
    let sheet = tx.sheet(&t).await?;
    let players = &sheet.entrants;
    let games = sheet.playoff_games();
    let projected = match p.seeds {
        Some(_) => None,
        None => projection(tx, &sheet, p).await?,
    };
    let seeds = p.seeds.clone().or_else(|| projected.clone()).unwrap_or_default();
    let bracket = build(&p.settings, &seeds, &games)?;
    let names = Names { seeds: p.seeds.as_deref().or(projected.as_deref()), roster: roster(players) };
    let ids: Vec<PairingId> = games.iter().flat_map(|(_, ps)| ps.iter().map(|t| t.id)).collect();
    let match_games = tx.match_games(&ids).await?;
    // The table of a game: the pairing of these two players in a playoff round.
    let table_of = |s: &Slot| -> Option<&Pairing> {
        let Slot::Game { high, low, .. } = *s else { return None };
        let (a, b) = (seeds.get(high as usize - 1)?, seeds.get(low as usize - 1)?);
        games.iter().flat_map(|(_, ps)| ps).find(|t| t.has_player(*a) && t.has_player(*b))
    };
    let rounds = bracket
        .rounds
        .iter()
        .enumerate()
        .map(|(i, slots)| {
            let round = games.get(i).map(|(r, _)| r);
            BracketRoundView {
                name: bracket.round_name(i),
                of: bracket.round_of(i),
                round_id: round.map(|r| r.id),
                number: round.map(|r| r.number),
                slots: slots.iter().map(|s| slot_view(s, &names, table_of(s), &match_games)).collect(),
            }
        })
        .collect();
    let third_place = bracket.third_place.as_ref().map(|s| slot_view(s, &names, table_of(s), &match_games));
    let ranking = if p.seeds.is_some() {
        bracket.ranking().iter().map(|pl| PlacementView { seed: names.seed(pl.seed), place: pl.place }).collect()
    } else {
        Vec::new()
    };
    Ok(BracketView {
        settings: settings_view(&p.settings),
        seeded: p.seeds.is_some(),
        projected: projected.is_some(),
        rounds,
        third_place,
        champion: bracket.champion().filter(|_| p.seeds.is_some()).map(|c| names.seed(c)),
        finished: p.seeds.is_some() && bracket.is_finished(),
        ranking,
    })
}

/// The players in `t`'s cut with their playoff places, best first, once its
/// bracket is finished (what prizes are allocated by); `None` otherwise.
///
/// # Errors
/// 503 when the database is down.
pub async fn final_places(tx: &Tx, sheet: &Sheet) -> ApiResult<Option<Vec<(PlayerId, u32)>>> {
    let Some(p) = tx.playoff(sheet.tournament.id).await? else { return Ok(None) };
    let Some(seeds) = p.seeds.as_deref() else { return Ok(None) };
    let games = sheet.playoff_games();
    let bracket = build(&p.settings, seeds, &games)?;
    if !bracket.is_finished() {
        return Ok(None);
    }
    Ok(Some(bracket.ranking().iter().map(|pl| (seeds[pl.seed as usize - 1], pl.place.unwrap_or(1))).collect()))
}

/// Checks that `t`'s bracket, if it has one, is finished (before the event ends).
///
/// # Errors
/// 409 `playoffs_unfinished` while a playoff game is undecided or the playoffs have not started.
pub async fn require_finished(tx: &Tx, t: &Tournament) -> ApiResult<()> {
    match bracket_of(tx, t).await? {
        Some(b) if !b.seeded => Err(ApiError::conflict(
            Code::PlayoffsUnfinished,
            "The playoffs have not been played: pair the first playoff round, or remove the playoff stage.",
        )),
        Some(b) if !b.finished => Err(ApiError::conflict(
            Code::PlayoffsUnfinished,
            "The bracket is not finished: every playoff game needs its result first.",
        )),
        _ => Ok(()),
    }
}

/// Emits `bracket_changed` in `change` when `t` has a playoff stage (a playoff result now counts).
///
/// # Errors
/// 503 when the database is down.
pub async fn publish(change: &mut Change, t: &Tournament) -> ApiResult<()> {
    if let Some(view) = bracket_of(change.tx(), t).await? {
        change.emit(EventData::BracketChanged { bracket: Some(view) }).await?;
    }
    Ok(())
}

/// `POST …/playoffs/rounds`: the TO pairs the next playoff round from the
/// bracket. The first seeds the cut from the final Swiss standings (players
/// who withdrew are passed over) once every Swiss round is closed; each next
/// one follows once the previous playoff round is closed. The third-place
/// game is played beside the final.
///
/// # Errors
/// 403 for anyone but the TO; 404 `no_playoffs`; 409 `wrong_status` unless
/// the event is in progress, `swiss_unfinished` while a Swiss round is still
/// to be played or closed, `round_open` while a playoff round is open,
/// `cut_too_large` when fewer players than the cut remain, `bracket_finished`
/// when every playoff game is decided.
pub async fn pair_next(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<Published> {
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "pair playoff rounds")?;
    let mut p = change.tx().playoff(id).await?.ok_or_else(no_playoffs)?;
    if t.status != TournamentStatus::InProgress {
        return Err(ApiError::conflict(
            Code::WrongStatus,
            format!("Playoff rounds are paired while the event is in progress; it is {}.", t.status),
        ));
    }
    let sheet = change.tx().sheet(&t).await?;
    let mut all: Vec<&Round> = sheet.rounds.iter().chain(&sheet.playoff_rounds).collect();
    all.sort_by_key(|r| r.number);
    if let Some(open) = all.iter().find(|r| r.status != RoundStatus::Complete) {
        return Err(ApiError::conflict(
            Code::RoundOpen,
            format!("Round {} is still open; close it first.", open.number),
        ));
    }
    let swiss = all.iter().filter(|r| !r.playoff).count();
    let pools = change.tx().pools(id).await?;
    if pools.is_some() && (swiss == 0 || swiss < t.total_rounds as usize) {
        return Err(ApiError::conflict(
            Code::PoolsUnfinished,
            format!(
                "The playoffs follow the pools: {swiss} of {} pool rounds have been played and closed.",
                t.total_rounds.max(1)
            ),
        ));
    }
    if swiss < t.total_rounds as usize {
        return Err(ApiError::conflict(
            Code::SwissUnfinished,
            format!("The playoffs follow the last Swiss round: {swiss} of {} rounds have been played.", t.total_rounds),
        ));
    }
    if p.seeds.is_none() {
        p.seeds = Some(match (&pools, p.settings.per_pool) {
            (Some(pools), Some(k)) => seed_pools(&sheet, pools, k).await?,
            _ => seed(change.tx(), &sheet, p.settings.cut).await?,
        });
        p.updated_at = now_millis();
        change.tx().put_playoff(&p).await?;
    }
    let seeds = p.seeds.clone().unwrap_or_default();
    let games = sheet.playoff_games();
    let bracket = build(&p.settings, &seeds, &games)?;
    let index = games.len();
    if bracket.is_finished() || index >= bracket.rounds.len() {
        return Err(ApiError::conflict(
            Code::BracketFinished,
            "The bracket is finished: every playoff game has been decided. End the tournament to make the ranking final.",
        ));
    }
    let number = u32::try_from(all.len()).unwrap_or(u32::MAX).saturating_add(1);
    let mut round = Round {
        id: RoundId::random(),
        tournament_id: id,
        number,
        status: RoundStatus::Active,
        mission: bracket.round_name(index),
        created_at: now_millis(),
        playoff: true,
    };
    change.tx().insert_round(&round).await?;
    let mut rows = Vec::new();
    for (table, slot) in (1u32..).zip(bracket.games_of(index)) {
        let Slot::Game { high, low, .. } = slot else { continue };
        let (a, b) = (seeds[high as usize - 1], seeds[low as usize - 1]);
        rows.push(Pairing::unreported(&round, table, a, Some(b), round.created_at));
    }
    if let Some(Slot::Game { .. }) = bracket.third_place.filter(|_| index + 1 == bracket.rounds.len()) {
        // The third-place game is the final's round's last table (games_of lists it last).
        round.mission = arbiter_engine::playoffs::with_third_place(&bracket.round_name(index));
        change.tx().update_round(&round).await?;
    }
    change.tx().insert_pairings(&rows).await?;
    // A team event's bracket tables are team matches: open them as in a Swiss round.
    teams::open_matches(&mut change, &t, &round, &rows).await?;
    let names = roster(&sheet.entrants);
    let published = Published { round: views::round(&round, &rows, &names), warnings: Vec::new(), tournament: None };
    change.emit(EventData::PairingsPublished(published.clone())).await?;
    let view = bracket_view(change.tx(), &p).await?;
    change.emit(EventData::BracketChanged { bracket: Some(view) }).await?;
    change.commit(ctx).await?;
    Ok(published)
}

/// The cut: the first `cut` players of the sheet's Swiss standings (a
/// team event's team standings) who have not withdrawn, in standings order
/// (seed 1 first).
async fn seed(tx: &Tx, sheet: &Sheet, cut: u32) -> ApiResult<Vec<PlayerId>> {
    let rows = standings_order(tx, sheet).await?;
    let players = &sheet.entrants;
    let eligible: Vec<PlayerId> = rows
        .into_iter()
        .filter(|id| players.iter().any(|p| p.id == *id && !p.dropped && !p.removed))
        .take(cut as usize)
        .collect();
    if eligible.len() < cut as usize {
        return Err(ApiError::conflict(
            Code::CutTooLarge,
            format!(
                "The cut is {cut} players but only {} are still in the event; lower the cut first.",
                eligible.len()
            ),
        ));
    }
    Ok(eligible)
}

/// The cut from the pools: each pool's top `per_pool` who have not
/// withdrawn, in the pool's standings order, cross-seeded (see
/// [`arbiter_engine::playoffs::pools::cross_seed`]).
async fn seed_pools(sheet: &Sheet, pools: &Pools, per_pool: u32) -> ApiResult<Vec<PlayerId>> {
    let (sheet2, pools2) = (sheet.clone(), pools.clone());
    let tables = tokio::task::spawn_blocking(move || crate::service::standings::pool_tables(&sheet2, &pools2))
        .await
        .map_err(ApiError::internal)??;
    let still_in = |id: PlayerId| sheet.entrants.iter().any(|p| p.id == id && !p.dropped && !p.removed);
    let mut ranked = Vec::with_capacity(tables.len());
    for (i, rows) in tables.iter().enumerate() {
        let top: Vec<PlayerId> =
            rows.iter().map(|r| r.player_id).filter(|&id| still_in(id)).take(per_pool as usize).collect();
        if top.len() < per_pool as usize {
            return Err(ApiError::conflict(
                Code::CutTooLarge,
                format!(
                    "The playoff takes the top {per_pool} of each pool but only {} of pool {} are still in the event; lower it first.",
                    top.len(),
                    Pools::name(i)
                ),
            ));
        }
        ranked.push(top);
    }
    arbiter_engine::playoffs::pools::cross_seed(&ranked, per_pool as usize).map_err(ApiError::internal)
}

/// The sheet's Swiss standings' order of registrations, best first (in a
/// team event, of the team rows by the team standings: [`teams::team_order`]).
async fn standings_order(tx: &Tx, sheet: &Sheet) -> ApiResult<Vec<PlayerId>> {
    if let Some(order) = teams::team_order(tx, sheet).await? {
        return Ok(order);
    }
    let (rows, _) = crate::service::standings::table_apart(sheet.clone(), None).await?;
    Ok(rows.into_iter().map(|r| r.player_id).collect())
}

/// `GET …/ranking`: the event's final ranking: the players in the cut by
/// their playoff place (shared places by seed), then everyone else by the
/// Swiss standings. Without a seeded playoff stage it is the standings.
///
/// # Errors
/// 404 `tournament_not_found`.
pub async fn ranking(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<Vec<RankingRowView>> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    let sheet = tx.sheet(&t).await?;
    let players = &sheet.entrants;
    let swiss = standings_order(&tx, &sheet).await?;
    let swiss_rank = |p: PlayerId| swiss.iter().position(|x| *x == p).and_then(|i| u32::try_from(i + 1).ok());
    let names = roster(players);
    let name = |p: PlayerId| names.get(&p).map(|s| s.name.clone()).unwrap_or_default();
    let mut out = Vec::with_capacity(swiss.len());
    let playoff = tx.playoff(id).await?;
    let seeds = playoff.as_ref().and_then(|p| p.seeds.clone()).unwrap_or_default();
    if let Some(p) = playoff.filter(|p| p.seeds.is_some()) {
        let games = sheet.playoff_games();
        let bracket = build(&p.settings, &seeds, &games)?;
        // Players still in the bracket (while it is played) share first place, by seed.
        for pl in bracket.ranking() {
            let player = seeds[pl.seed as usize - 1];
            out.push(RankingRowView {
                place: pl.place.unwrap_or(1),
                player_id: player,
                name: name(player),
                stage: arbiter_web::views::sets::PlaceStage::Playoff,
                seed: Some(pl.seed),
                swiss_rank: swiss_rank(player),
            });
        }
    }
    let shown = players.iter().filter(|p| !p.removed).map(|p| p.id).collect::<Vec<_>>();
    let cut = u32::try_from(seeds.len()).unwrap_or(u32::MAX);
    for (i, player) in swiss.iter().filter(|p| !seeds.contains(p) && shown.contains(p)).enumerate() {
        out.push(RankingRowView {
            place: cut.saturating_add(u32::try_from(i + 1).unwrap_or(u32::MAX)),
            player_id: *player,
            name: name(*player),
            stage: arbiter_web::views::sets::PlaceStage::Swiss,
            seed: None,
            swiss_rank: swiss_rank(*player),
        });
    }
    Ok(out)
}

/// The result of a playoff table's score: a playoff game must produce a
/// winner ([`arbiter_engine::playoffs::matches::decide`]: more VP or points,
/// crokinole's level points by the 20s, chess as written); a level score
/// needs the TO to record who won the tiebreaker (`winner`: the seat, 1 or 2).
///
/// # Errors
/// 422 `winner_needed` for a level score without the TO's `winner`;
/// 422 `invalid_winner` for a `winner` that is not 1 or 2, for a player's
/// report that names one, or for a score that already has a winner.
pub fn decide(
    settings: &PlayoffSettings,
    score: &GameScore,
    winner: Option<u8>,
    by_to: bool,
) -> ApiResult<MatchResult> {
    Ok(matches::decide(&(*score).into(), settings.tiebreak.as_deref(), winner, by_to)?.into())
}

/// A best-of-three match ([`MatchFormat::BestOfThree`],
/// [`arbiter_engine::playoffs::matches::decide_match`]) from its games in
/// playing order, each with the TO's winner of a game level on points and
/// 20s. The table's score is the match's totals.
///
/// # Errors
/// 422 `invalid_match` for a game after the match was won, or games that
/// leave it undecided; a game's own refusal (`winner_needed`,
/// `invalid_winner`) about its game (`ApiError::in_game`).
pub fn decide_match(
    settings: &PlayoffSettings,
    games: &[(GameScore, Option<u8>)],
    by_to: bool,
) -> ApiResult<(GameScore, MatchResult, Vec<MatchGame>)> {
    let games: Vec<_> = games.iter().map(|&(s, w)| (s.into(), w)).collect();
    let d = matches::decide_match(&games, settings.tiebreak.as_deref(), by_to)?;
    Ok((d.score.into(), d.decision.into(), d.games))
}

/// A chess playoff match ([`MatchFormat::TiebreakGames`],
/// [`arbiter_engine::playoffs::matches::decide_chess_match`]) from its games
/// in playing order, each a result (White first) with the seat that had
/// White. The table's score is the match's result: `1-0` when player 1 won
/// it, `0-1` otherwise.
///
/// # Errors
/// 422 `invalid_match` for a missing, extra or wrongly coloured game;
/// `winner_needed` for level tie-breaks without the TO's `winner`;
/// `invalid_winner` for a winner from a player, for a decided match, or not 1 or 2.
pub fn decide_chess_match(
    settings: &PlayoffSettings,
    games: &[(ChessResult, Option<u8>)],
    winner: Option<u8>,
    by_to: bool,
) -> ApiResult<(GameScore, MatchResult, Vec<MatchGame>)> {
    let d = matches::decide_chess_match(&settings.chess_match(), games, winner, by_to)?;
    Ok((d.score.into(), d.decision.into(), d.games))
}

/// A match's games as people read them, with the table's result (for a
/// chess decider); see [`arbiter_engine::playoffs::matches::match_text`].
#[must_use]
pub fn match_text(games: &[MatchGame], result: Option<MatchResult>) -> String {
    let decision = match result {
        Some(MatchResult::P1Win) => Some(Decision::P1Win),
        Some(MatchResult::P2Win) => Some(Decision::P2Win),
        _ => None,
    };
    matches::match_text(games, decision)
}

pub mod teams;
#[cfg(test)]
mod tests;
