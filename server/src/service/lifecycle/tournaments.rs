//! Tournaments: create, read, list, advance through the lifecycle, delete,
//! lock army lists.

use crate::bus::EventData;
use crate::domain::{
    now_millis, Constraints, Game, PairingSystem, RoundOne, RoundStatus, Tournament, TournamentId, TournamentStatus,
    User, UserId,
};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::service::views::{self, TournamentView};
use crate::service::Ctx;
use crate::service::{clean_text, game_label, require_to, Change};
use crate::store::Tx;
use serde::Deserialize;

/// The most rounds an event may have.
pub const MAX_ROUNDS: u32 = 30;

/// A request to create a tournament.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    /// Name, 1–120 characters.
    pub name: String,
    /// Event day, `YYYY-MM-DD`.
    pub event_date: String,
    /// Venue or city.
    #[serde(default)]
    pub location: Option<String>,
    /// Format, e.g. "2000pts Matched Play".
    pub format: String,
    /// Number of rounds, 1–30; required for a Swiss, optional for a round
    /// robin (its number of rounds follows from the field when round 1 is paired).
    #[serde(default)]
    pub total_rounds: Option<u32>,
    /// Game: `wh40k` (default), `chess` or `crokinole`.
    #[serde(default)]
    pub game: Option<String>,
    /// Pairing system: `swiss_record` (40K, crokinole), `round_robin`,
    /// `double_round_robin` (chess, crokinole) or `dutch` (chess); default the
    /// game's first ([`crate::game::GameSystem::pairing_systems`]).
    #[serde(default)]
    pub pairing_system: Option<String>,
    /// The most VP (40K, default 100) or game points (crokinole, default 8)
    /// a player can score in a game.
    #[serde(default)]
    pub max_vp: Option<u32>,
    /// Chess point values (default 1 / ½ / 0).
    #[serde(default)]
    pub points: Option<crate::service::standings::tiebreaks::PointsInput>,
    /// The standings configuration (default: the game's, see
    /// [`crate::domain::default_standings`]).
    #[serde(default)]
    pub standings: Option<serde_json::Value>,
    /// Mission per round; rounds beyond the list reuse the last.
    #[serde(default)]
    pub missions: Option<Vec<String>>,
    /// The planned start of each round (index 0 = round 1): `"09:30"` or
    /// `"2026-05-17 09:30"`, venue time; at most one per round.
    #[serde(default)]
    pub round_times: Option<Vec<String>>,
    /// How a 40K event pairs round 1: `registration` (default: the seed's
    /// order, ties broken by registration), `random` (a seeded draw) or
    /// `rating` (highest first).
    #[serde(default)]
    pub round_one_pairing: Option<String>,
    /// The random draw's seed (0 to 2147483647); drawn by the server when
    /// absent. Only with `round_one_pairing: "random"`.
    #[serde(default)]
    pub round_one_seed: Option<u32>,
    /// A team event's rules (`null` or absent: a singles event):
    /// `{"format": "wh40k" | "chess" | "doubles", "size": 5, "reserves": 2,
    /// "unique_factions": true, …}`. `wh40k`: a 40K event, teams of 5 or 8;
    /// `chess`: a chess event, 2 to 10 boards (`ranking_boards` up to the
    /// size); `doubles`: a crokinole event, teams of 2 without reserves;
    /// reserves at most the size; `step_seconds` 10 to 3600.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub teams: Option<crate::domain::TeamRules>,
}

/// The round-1 order named `name` (`registration`, `random`, `rating`) for
/// an event of `game` paired by `system`; a random draw takes `seed`, or
/// `current`'s if it was random already, or a new one.
///
/// # Errors
/// 422 `invalid_field` for another name, a seed without a random draw or
/// out of range, or an event that is not a 40K record-based Swiss.
pub fn round_one(
    game: Game,
    system: PairingSystem,
    name: &str,
    seed: Option<u32>,
    current: RoundOne,
) -> ApiResult<RoundOne> {
    let bad = |m: String| ApiError::invalid(Code::InvalidField, m);
    let wanted = match name.trim() {
        "registration" => RoundOne::Registration,
        "rating" => RoundOne::Rating,
        "random" => RoundOne::Random { seed: seed.or(current.seed()).unwrap_or_else(crate::domain::random_seed) },
        other => return Err(bad(format!("round_one_pairing: \"{other}\" is not registration, random or rating."))),
    };
    if seed.is_some_and(|s| s > 0x7fff_ffff) {
        return Err(bad("round_one_seed: from 0 to 2147483647.".into()));
    }
    if seed.is_some() && wanted.seed().is_none() {
        return Err(bad("round_one_seed: a seed is for a random draw (round_one_pairing: \"random\").".into()));
    }
    if wanted != RoundOne::Registration && (game != Game::Wh40k || system != PairingSystem::SwissRecord) {
        return Err(bad(
            "round_one_pairing: only a 40K Swiss event chooses how round 1 is paired; other systems have their own rules."
                .into(),
        ));
    }
    Ok(wanted)
}

/// The tournament `input` describes, owned by `owner`, in DRAFT (not saved).
///
/// # Errors
/// 422 for invalid fields.
pub fn validate(input: CreateTournament, owner: UserId) -> ApiResult<Tournament> {
    let name = clean_text("name", &input.name, 120)?;
    let format = clean_text("format", &input.format, 120)?;
    let location = match input.location.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(l) => Some(clean_text("location", l, 120)?),
    };
    let event_date = chrono::NaiveDate::parse_from_str(input.event_date.trim(), "%Y-%m-%d")
        .map_err(|_| ApiError::invalid(Code::InvalidField, "").text("refusal-date", []))?;
    let game = match input.game.as_deref() {
        None => Game::Wh40k,
        Some(g) => Game::parse(g).ok_or_else(|| {
            let games = Game::ALL.iter().map(|g| format!("{:?}", g.as_str())).collect::<Vec<_>>().join(", ");
            ApiError::invalid(Code::InvalidField, "")
                .text("refusal-game", [("game", Fill::from(&format!("{g:?}"))), ("games", Fill::from(&games))])
        })?,
    };
    let offered = crate::game::system(game).pairing_systems();
    let names = || offered.iter().map(|p| format!("{:?}", p.as_str())).collect::<Vec<_>>().join(", ");
    let pairing_system = match input.pairing_system.as_deref() {
        None => offered[0],
        Some(p) => PairingSystem::parse(p).filter(|p| offered.contains(p)).ok_or_else(|| {
            ApiError::invalid(Code::InvalidField, "").text(
                "refusal-pairing-system",
                [
                    ("game", game_label(game)),
                    ("systems", Fill::from(&names())),
                    ("value", Fill::from(&format!("{p:?}"))),
                ],
            )
        })?,
    };
    let total_rounds = match input.total_rounds {
        Some(n) if (1..=MAX_ROUNDS).contains(&n) => n,
        Some(_) => {
            return Err(ApiError::invalid(Code::InvalidField, "")
                .text("refusal-total-rounds", [("max", Fill::from(&MAX_ROUNDS))]))
        }
        None if pairing_system.is_round_robin() => 0,
        None => {
            return Err(ApiError::invalid(
                Code::RoundsRequired,
                format!(
                    "Say how many rounds the event has (total_rounds, 1 to {MAX_ROUNDS}); only a round robin's \
                     rounds follow from its players."
                ),
            ));
        }
    };
    let rules = crate::game::system(game);
    let max_vp = input.max_vp.unwrap_or(rules.default_max_score());
    if !(1..=10_000).contains(&max_vp) {
        return Err(ApiError::invalid(Code::InvalidField, "").text("refusal-max-vp", []));
    }
    let points = match &input.points {
        Some(p) => Some(crate::service::standings::tiebreaks::parse_points(game, pairing_system, p)?),
        None => rules.default_points(pairing_system),
    };
    let missions = match input.missions {
        Some(m) if !m.is_empty() => {
            if m.len() > MAX_ROUNDS as usize {
                return Err(ApiError::invalid(Code::InvalidField, "")
                    .text("refusal-missions-max", [("max", Fill::from(&MAX_ROUNDS))]));
            }
            m.iter().map(|x| clean_text("mission", x, 120)).collect::<ApiResult<Vec<_>>>()?
        }
        _ => rules.default_missions().iter().map(|s| (*s).to_string()).collect(),
    };
    let round_times = schedule(input.round_times.as_deref().unwrap_or_default())?;
    let mut t = Tournament {
        id: TournamentId::random(),
        owner_id: owner,
        name,
        game,
        pairing_system,
        event_date,
        location,
        format,
        total_rounds,
        max_vp,
        missions,
        round_times,
        status: TournamentStatus::Draft,
        lists_locked: false,
        standings: rules.default_standings(pairing_system),
        points,
        resolutions: Vec::new(),
        tie_notices: Vec::new(),
        staff: Vec::new(),
        constraints: Constraints::default(),
        acceleration: crate::domain::Acceleration::None,
        round_one: RoundOne::Registration,
        teams: None,
        standings_log: Vec::new(),
        initial_colour: None,
        cap: None,
        fee: None,
        eligibility: crate::domain::Eligibility::default(),
        event_id: None,
        event_staff: Vec::new(),
        last_seq: 0,
        created_at: now_millis(),
    };
    match (&input.round_one_pairing, input.round_one_seed) {
        (Some(name), seed) => t.round_one = round_one(game, pairing_system, name, seed, RoundOne::Registration)?,
        (None, Some(_)) => {
            return Err(ApiError::invalid(
                Code::InvalidField,
                "round_one_seed: a seed is for a random draw (round_one_pairing: \"random\").",
            ))
        }
        (None, None) => {}
    }
    if let Some(config) = input.standings {
        t.standings = crate::service::standings::tiebreaks::parse_config(&t, config)?;
    }
    t.teams = input.teams.map(|rules| crate::service::teams::check_rules(game, rules)).transpose()?;
    Ok(t)
}

/// The view of a tournament, counting its registrations.
///
/// # Errors
/// 503 when the database is down.
pub async fn view(tx: &Tx, t: &Tournament) -> ApiResult<TournamentView> {
    Ok(views::tournament(t, tx.player_count(t.id).await?))
}

/// Creates a tournament in DRAFT, owned by `user` (its TO).
///
/// # Errors
/// 422 for invalid fields.
pub async fn create(ctx: &Ctx, user: &User, input: CreateTournament) -> ApiResult<TournamentView> {
    let t = validate(input, user.id)?;
    let tx = ctx.store.begin().await?;
    tx.insert_tournament(&t).await?;
    let v = views::tournament(&t, 0);
    let mut change = Change::on_new(tx, t, user);
    change.emit(EventData::TournamentCreated { tournament: v.clone() }).await?;
    change.commit(ctx).await?;
    Ok(v)
}

/// `tournament.get`.
///
/// # Errors
/// 404 `tournament_not_found`.
pub async fn get(ctx: &Ctx, id: TournamentId, viewer: Option<&User>) -> ApiResult<TournamentView> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    view(&tx, &t).await
}

/// `tournament.listOpen`: events in REGISTRATION or CHECK_IN.
///
/// # Errors
/// 503 when the database is down.
pub async fn list_open(ctx: &Ctx) -> ApiResult<Vec<TournamentView>> {
    let tx = ctx.store.read().await?;
    let mut out = Vec::new();
    for t in tx.tournaments_with_status(&[TournamentStatus::Registration, TournamentStatus::CheckIn]).await? {
        out.push(view(&tx, &t).await?);
    }
    Ok(out)
}

/// Events being played now (in progress), the soonest first.
///
/// # Errors
/// 503 when the database is down.
pub async fn list_running(ctx: &Ctx) -> ApiResult<Vec<TournamentView>> {
    let tx = ctx.store.read().await?;
    let mut out = Vec::new();
    for t in tx.tournaments_with_status(&[TournamentStatus::InProgress]).await? {
        out.push(view(&tx, &t).await?);
    }
    Ok(out)
}

/// The most finished events a listing shows.
pub const FINISHED_LISTED: u64 = 50;

/// Finished events, the latest first (at most [`FINISHED_LISTED`]); with
/// `search`, those whose name or venue contains it, in any case.
///
/// # Errors
/// 503 when the database is down.
pub async fn list_finished(ctx: &Ctx, search: Option<&str>) -> ApiResult<Vec<TournamentView>> {
    let tx = ctx.store.read().await?;
    let mut out = Vec::new();
    for t in tx.finished_tournaments(search, FINISHED_LISTED).await? {
        out.push(view(&tx, &t).await?);
    }
    Ok(out)
}

/// `tournament.listMine`: events `user` runs or plays in.
///
/// # Errors
/// 503 when the database is down.
pub async fn list_mine(ctx: &Ctx, user: &User) -> ApiResult<Vec<TournamentView>> {
    let tx = ctx.store.read().await?;
    let mut out = Vec::new();
    for t in tx.tournaments_of_user(user.id).await? {
        out.push(view(&tx, &t).await?);
    }
    Ok(out)
}

/// `tournament.advanceStatus`: the TO moves the event to its next stage.
///
/// The next stage is computed from the status read under the tournament's
/// write lock, and the move happens only if the event is still at `from`
/// (the stage the TO saw): a repeated or concurrent request (a double click,
/// two tabs) then moves the event once, and the others get 409
/// `state_changed` instead of skipping a stage.
///
/// # Errors
/// 403 for anyone but the TO; 409 `state_changed` when the event is no
/// longer at `from`; 409 when the event cannot move on yet (fewer than 2
/// checked-in players to start, a round still open to finish) or is already
/// complete.
pub async fn advance(ctx: &Ctx, user: &User, id: TournamentId, from: TournamentStatus) -> ApiResult<TournamentView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "advance the tournament's status")?;
    if from != t.status {
        return Err(ApiError::conflict(
            Code::StateChanged,
            format!(
                "The tournament is no longer in {from}: it is in {} now. Reload to see its current stage.",
                t.status
            ),
        ));
    }
    let next = t.status.next().ok_or_else(|| {
        ApiError::conflict(Code::TournamentComplete, "The tournament is complete; there is no next stage.")
    })?;
    match next {
        TournamentStatus::InProgress => {
            let ready = change.tx().players(id).await?.iter().filter(|p| p.is_active()).count();
            if ready < 2 {
                return Err(ApiError::conflict(
                    Code::NotEnoughPlayers,
                    format!("At least 2 players must be checked in to start the event; {ready} are."),
                ));
            }
        }
        TournamentStatus::Complete => {
            let open: Vec<u32> = change
                .tx()
                .all_rounds(id)
                .await?
                .iter()
                .filter(|r| r.status != RoundStatus::Complete)
                .map(|r| r.number)
                .collect();
            if !open.is_empty() {
                return Err(ApiError::conflict(
                    Code::RoundOpen,
                    format!(
                        "Close round {} before ending the tournament.",
                        open.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
            crate::service::lifecycle::playoffs::require_finished(change.tx(), &t).await?;
        }
        _ => {}
    }
    t.status = next;
    change.tx().update_tournament(&t).await?;
    let v = view(change.tx(), &t).await?;
    change.emit(EventData::StatusAdvanced { tournament: v.clone() }).await?;
    change.commit(ctx).await?;
    Ok(v)
}

/// `tournament.delete`: the TO deletes an event still in DRAFT.
///
/// # Errors
/// 403 for anyone but the TO; 409 `not_draft` once published.
pub async fn delete(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<()> {
    let change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "delete the tournament")?;
    if t.status != TournamentStatus::Draft {
        return Err(ApiError::conflict(Code::NotDraft, "Only a tournament still in DRAFT can be deleted."));
    }
    change.tx().delete_tournament(id).await?;
    change.commit(ctx).await?;
    Ok(())
}

/// `player.lockLists`: the TO locks every army list; they become readable by all.
///
/// # Errors
/// 403 for anyone but the TO; 409 when already locked, or once the event is complete.
pub async fn lock_lists(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<TournamentView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "lock army lists")?;
    if t.lists_locked {
        return Err(ApiError::conflict(Code::ListsAlreadyLocked, "Army lists are already locked."));
    }
    if matches!(t.status, TournamentStatus::Draft | TournamentStatus::Complete) {
        return Err(ApiError::conflict(
            Code::WrongStatus,
            format!(
                "Lists can be locked once registration is open and before the event ends; the event is {}.",
                t.status
            ),
        ));
    }
    t.lists_locked = true;
    change.tx().update_tournament(&t).await?;
    let v = view(change.tx(), &t).await?;
    change.emit(EventData::ListsLocked { tournament: v.clone() }).await?;
    change.commit(ctx).await?;
    Ok(v)
}

/// `player.unlockLists`: the TO undoes a lock (locked too early, or a player
/// must fix a list): players can change their lists again, and only the TO
/// reads them until they are locked again.
///
/// # Errors
/// 403 for anyone but the TO; 409 `lists_not_locked` when they are not
/// locked; 409 `wrong_status` once the event is complete.
pub async fn unlock_lists(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<TournamentView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "unlock army lists")?;
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(
            Code::WrongStatus,
            "The tournament is complete: its lists stay as they were played.",
        ));
    }
    if !t.lists_locked {
        return Err(ApiError::conflict(Code::ListsNotLocked, "Army lists are not locked: there is nothing to unlock."));
    }
    t.lists_locked = false;
    change.tx().update_tournament(&t).await?;
    let v = view(change.tx(), &t).await?;
    change.emit(EventData::ListsUnlocked { tournament: v.clone() }).await?;
    change.commit(ctx).await?;
    Ok(v)
}

/// Checks a schedule: at most [`MAX_ROUNDS`] times, each `HH:MM` or
/// `YYYY-MM-DD HH:MM` (a real date and time); blanks are dropped from the end.
///
/// # Errors
/// 422 `invalid_field` naming the round whose time is not one.
pub fn schedule(times: &[String]) -> ApiResult<Vec<String>> {
    let mut out: Vec<String> = times.iter().map(|s| s.trim().to_string()).collect();
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    if out.len() > MAX_ROUNDS as usize {
        return Err(ApiError::invalid(Code::InvalidField, "")
            .text("refusal-round-times-max", [("max", Fill::from(&MAX_ROUNDS))]));
    }
    for (i, s) in out.iter().enumerate() {
        let time = chrono::NaiveTime::parse_from_str(s, "%H:%M").is_ok();
        let dated = chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").is_ok();
        if !(time || dated) {
            return Err(crate::service::invalid_field(
                "round_times",
                "refusal-round-time",
                [("round", Fill::from(&(i + 1))), ("value", Fill::from(&format!("{s:?}")))],
            ));
        }
    }
    Ok(out)
}
