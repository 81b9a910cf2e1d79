//! Prizes: the TO sets up the prize list and rules (JSON or CSV), runs the
//! allocation from the current standings and player profiles (with manual
//! overrides), reviews conflicts and warnings, and publishes one run; the
//! public list, the player's page and the CSV export show the published run.
//!
//! Each run is stored whole (inputs, outputs, log) and never changed; its log
//! entries are also emitted as `tracing` events (target `arbiter::prizes`,
//! the spec's line as message). Rules: [`arbiter_engine::prizes`].

pub mod config;
pub mod export;
pub mod import;
mod inputs;
mod teams;
pub mod views;

use super::{load_tournament, require_to, Change};
use crate::bus::FieldChange;
use crate::bus::{EventData, PrizesNotice};
use crate::domain::{
    now_millis, PlayerId, PrizeConfig, PrizeRun, PrizeRunId, RunOutputs, StoredPrizeConfig, TournamentId,
    TournamentStatus, User,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::Ctx;
use crate::store::Tx;
use arbiter_engine::prizes::{allocate, split_cash, LogLevel, ManualOverride, PrizeId};
use arbiter_web::i18n::Lang;
use arbiter_web::views::prizes::{PrizeConfigView, PublishedPrizesView, RunSummaryView, RunView};
use serde::Deserialize;

pub use export::CsvTable;

/// The most overrides one run takes.
pub const MAX_OVERRIDES: usize = 500;

/// A manual override as the API takes it.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OverrideInput {
    /// The prize id.
    pub prize_id: String,
    /// The player who receives it.
    pub player_id: PlayerId,
}

/// `POST …/prizes/runs`.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RunRequest {
    /// Manual overrides, applied in this order before the automatic allocation.
    #[serde(default)]
    pub overrides: Vec<OverrideInput>,
}

fn config_view(c: &PrizeConfig, updated_at: Option<i64>) -> ApiResult<PrizeConfigView> {
    Ok(PrizeConfigView {
        categories: serde_json::to_value(&c.categories).map_err(ApiError::internal)?,
        rules: serde_json::to_value(c.rules).map_err(ApiError::internal)?,
        category_count: c.categories.len(),
        prize_count: c.prize_count(),
        updated_at,
    })
}

/// The prize configuration of `id` (empty when never set). The prize list
/// is public, like a brochure.
///
/// # Errors
/// 404 for an unknown (or unpublished) tournament.
pub async fn get_config(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<PrizeConfigView> {
    let tx = ctx.store.read().await?;
    super::visible(&tx, id, viewer).await?;
    match tx.prize_config(id).await? {
        Some(s) => config_view(&s.config, Some(s.updated_at)),
        None => config_view(&PrizeConfig::default(), None),
    }
}

async fn save(ctx: &Ctx, user: &User, id: TournamentId, config: PrizeConfig) -> ApiResult<PrizeConfigView> {
    let change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "set up prizes")?;
    let before = change.tx().prize_config(id).await?.map(|c| c.config).unwrap_or_default();
    let stored = StoredPrizeConfig { tournament_id: id, config, updated_by: user.id, updated_at: now_millis() };
    change.tx().save_prize_config(&stored).await?;
    let json = |c: &PrizeConfig| serde_json::to_value(c).map_err(ApiError::internal);
    let changes = super::log::compare(&json(&before)?, &json(&stored.config)?);
    change.note("prize_settings_saved", super::log::Subject::default(), &changes).await?;
    change.commit(ctx).await?;
    config_view(&stored.config, Some(stored.updated_at))
}

/// The TO replaces the prize configuration (`{"categories": [...], "rules": {...}}`).
///
/// # Errors
/// 403 for anyone but the TO; 422 `invalid_prizes` naming the bad field.
pub async fn set_config(
    ctx: &Ctx,
    user: &User,
    id: TournamentId,
    body: serde_json::Value,
) -> ApiResult<PrizeConfigView> {
    let config = config::from_json(body)?;
    save(ctx, user, id, config).await
}

/// The TO replaces the categories and prizes from CSV (see [`import`]);
/// the rules stay as they are.
///
/// # Errors
/// 403 for anyone but the TO; 422 `invalid_csv` naming the row and column.
pub async fn import_csv(ctx: &Ctx, user: &User, id: TournamentId, text: &str) -> ApiResult<PrizeConfigView> {
    let rules = {
        let tx = ctx.store.read().await?;
        let t = load_tournament(&tx, id).await?;
        require_to(&t, user, "set up prizes")?;
        tx.prize_config(id).await?.map(|c| c.config.rules).unwrap_or_default()
    };
    let config = import::from_csv(text, rules)?;
    save(ctx, user, id, config).await
}

/// Maps the API's overrides (registrations) to the engine's (player
/// numbers). Unknown prizes and players are refused here with 400 (prize
/// spec, "Error Handling": "Invalid `prize_id` or `player_id` in manual
/// override → `400 Invalid override`"); the engine reports the rest
/// (ineligible, already assigned…) as conflicts.
fn overrides(inputs: &crate::domain::RunInputs, list: Vec<OverrideInput>) -> ApiResult<Vec<ManualOverride>> {
    let invalid =
        |message: String| ApiError::bad_request(Code::InvalidOverride, format!("Invalid override: {message}"));
    if list.len() > MAX_OVERRIDES {
        return Err(invalid(format!("at most {MAX_OVERRIDES} overrides per run.")));
    }
    list.into_iter()
        .enumerate()
        .map(|(i, o)| {
            let prize_id = PrizeId(o.prize_id);
            if !inputs.event.categories.iter().any(|c| c.prizes.iter().any(|p| p.id == prize_id)) {
                return Err(invalid(format!("overrides[{i}]: there is no prize `{prize_id}` on the prize list.")));
            }
            let player = inputs.entrants.iter().find(|e| e.player_id == o.player_id).ok_or_else(|| {
                invalid(format!("overrides[{i}]: player {} is not in this event's standings.", o.player_id))
            })?;
            Ok(ManualOverride { prize_id, player_id: player.no })
        })
        .collect()
}

/// Emits a run's log as `tracing` events (prize spec, "Logging Specification").
fn trace(run: &PrizeRun) {
    for entry in &run.log {
        match entry.level {
            LogLevel::Info => {
                tracing::info!(target: "arbiter::prizes", tournament = %run.tournament_id, run = %run.id, event = entry.event.name(), "{entry}")
            }
            LogLevel::Warn => {
                tracing::warn!(target: "arbiter::prizes", tournament = %run.tournament_id, run = %run.id, event = entry.event.name(), "{entry}")
            }
        }
    }
}

/// The TO runs the allocation and the cash split from the current
/// standings and profiles; the run is stored (unpublished) and returned.
///
/// # Errors
/// 403 for anyone but the TO; 409 `no_prizes` without a prize list, 409
/// `no_results` before any game counts; 400 `invalid_override` for an
/// override naming an unknown prize or player; 422 `invalid_prizes` when the engine refuses the data (e.g. scores out of
/// the standings order).
pub async fn run(ctx: &Ctx, user: &User, id: TournamentId, req: RunRequest) -> ApiResult<RunView> {
    let change = Change::begin(ctx, id, user).await?;
    let tx = change.tx();
    let t = load_tournament(tx, id).await?;
    require_to(&t, user, "allocate prizes")?;
    let config = tx.prize_config(id).await?.map(|c| c.config).unwrap_or_default();
    if config.prize_count() == 0 {
        return Err(ApiError::conflict(
            Code::NoPrizes,
            "There are no prizes to allocate: set up the prize list first.",
        ));
    }
    let sheet = tx.sheet(&t).await?;
    let playoff = super::lifecycle::playoffs::final_places(tx, &sheet).await?;
    // A team event's lines are its teams and their players (see [`teams`]).
    let mut inputs = match teams::prize_event(tx, &sheet, &config, Vec::new(), playoff.as_deref()).await? {
        Some(inputs) => inputs,
        None => inputs::prize_event(&sheet, &config, Vec::new(), playoff.as_deref())?,
    };
    inputs.event.overrides = overrides(&inputs, req.overrides)?;
    let refused = |e: arbiter_engine::prizes::PrizeError| {
        ApiError::invalid(Code::InvalidPrizes, format!("The prizes cannot be allocated: {e}."))
    };
    let mut allocation = allocate(&inputs.event).map_err(refused)?;
    let cash = split_cash(&inputs.event, &allocation).map_err(refused)?;
    let log = std::mem::take(&mut allocation.log);
    let run = PrizeRun {
        id: PrizeRunId::random(),
        tournament_id: id,
        run_by: user.id,
        run_at: now_millis(),
        standings_seq: t.last_seq,
        inputs,
        outputs: RunOutputs { allocation, cash },
        log,
        published: false,
        published_at: None,
    };
    tx.insert_prize_run(&run).await?;
    let made = FieldChange::changed([("run_id", serde_json::Value::Null, serde_json::json!(run.id))]);
    change.note("prizes_allocated", super::log::Subject::default(), &made).await?;
    change.commit(ctx).await?;
    trace(&run);
    views::run(&run)
}

async fn to_read(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<Tx> {
    let tx = ctx.store.read().await?;
    let t = load_tournament(&tx, id).await?;
    require_to(&t, user, "review prize runs")?;
    Ok(tx)
}

fn run_not_found() -> ApiError {
    ApiError::not_found(Code::PrizeRunNotFound, "This tournament has no prize run with this id.")
}

/// Every run of the tournament, newest first (TO only).
///
/// # Errors
/// 403 for anyone but the TO.
pub async fn runs(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<Vec<RunSummaryView>> {
    let tx = to_read(ctx, user, id).await?;
    let changed = results_changed(&tx, id).await?;
    Ok(tx
        .prize_runs(id)
        .await?
        .iter()
        .map(|r| RunSummaryView { stale: r.standings_seq < changed, ..views::summary(r) })
        .collect())
}

/// The sequence number of the latest event that changed the results a prize
/// run reads: a run whose standings are older is stale.
async fn results_changed(tx: &crate::store::Tx, id: TournamentId) -> ApiResult<i64> {
    Ok(tx.last_seq_of(id, &["standings_changed", "round_reopened", "player_removed", "player_reinstated"]).await?)
}

/// One run, whole (TO only).
///
/// # Errors
/// 403 for anyone but the TO; 404 `prize_run_not_found`.
pub async fn get_run(ctx: &Ctx, user: &User, id: TournamentId, run: PrizeRunId) -> ApiResult<RunView> {
    get_run_in(ctx, user, id, run, Lang::En).await
}

/// [`get_run`] with its words in `lang` (the prize desk).
///
/// # Errors
/// As [`get_run`].
pub async fn get_run_in(ctx: &Ctx, user: &User, id: TournamentId, run: PrizeRunId, lang: Lang) -> ApiResult<RunView> {
    let tx = to_read(ctx, user, id).await?;
    let r = tx.prize_run(id, run).await?.ok_or_else(run_not_found)?;
    let mut view = views::run_in(&r, lang)?;
    view.summary.stale = r.standings_seq < results_changed(&tx, id).await?;
    Ok(view)
}

/// The TO publishes a run of a complete event: it becomes the public prize
/// list (replacing any run published before) and `prizes_published` is
/// emitted so open pages refresh.
///
/// # Errors
/// 403 for anyone but the TO; 404 `prize_run_not_found`; 409
/// `tournament_not_complete` before the standings are final.
pub async fn publish(ctx: &Ctx, user: &User, id: TournamentId, run: PrizeRunId) -> ApiResult<PublishedPrizesView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "publish prizes")?;
    let mut r = change.tx().prize_run(id, run).await?.ok_or_else(run_not_found)?;
    if t.status != TournamentStatus::Complete {
        return Err(ApiError::conflict(
            Code::TournamentNotComplete,
            format!(
                "Prizes are published from the final standings: the tournament is {}; complete it first.",
                t.status
            ),
        ));
    }
    let at = now_millis();
    change.tx().publish_prize_run(id, run, at).await?;
    r.published = true;
    r.published_at = Some(at);
    let view = views::published(&r);
    change
        .emit(EventData::PrizesPublished {
            prizes: PrizesNotice { run_id: view.run_id, published_at: at, prize_count: view.prize_count() },
        })
        .await?;
    change.commit(ctx).await?;
    tracing::info!(target: "arbiter::prizes", tournament = %id, run = %run, "prizes published");
    Ok(view)
}

/// The TO takes the published prizes back (a mistake found after
/// publishing): the prize list is no longer public, the runs stay stored,
/// and `prizes_unpublished` is emitted so open pages refresh. Any run can be
/// published again.
///
/// # Errors
/// 403 for anyone but the TO; 404 `prizes_not_published` when no run is published.
pub async fn unpublish(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<()> {
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "take published prizes back")?;
    let run = change.tx().published_prize_run(id).await?.ok_or_else(|| {
        ApiError::not_found(Code::PrizesNotPublished, "No prizes are published: there is nothing to take back.")
    })?;
    change.tx().unpublish_prize_runs(id).await?;
    change.emit(EventData::PrizesUnpublished { run_id: run.id }).await?;
    change.commit(ctx).await?;
    tracing::info!(target: "arbiter::prizes", tournament = %id, run = %run.id, "prizes taken back");
    Ok(())
}

/// The published prizes of `id`, if any.
///
/// # Errors
/// 404 for an unknown (or unpublished) tournament.
pub async fn published(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<Option<PublishedPrizesView>> {
    published_in(ctx, viewer, id, Lang::En).await
}

/// [`published`] with its words in `lang` (the prize pages).
///
/// # Errors
/// As [`published`].
pub async fn published_in(
    ctx: &Ctx,
    viewer: Option<&User>,
    id: TournamentId,
    lang: Lang,
) -> ApiResult<Option<PublishedPrizesView>> {
    let tx = ctx.store.read().await?;
    super::visible(&tx, id, viewer).await?;
    Ok(tx.published_prize_run(id).await?.as_ref().map(|r| views::published_in(r, lang)))
}

/// Answers 404 `prizes_not_published` when there is nothing published.
///
/// # Errors
/// 404 `prizes_not_published`.
pub fn require_published(p: Option<PublishedPrizesView>) -> ApiResult<PublishedPrizesView> {
    p.ok_or_else(not_published)
}

fn not_published() -> ApiError {
    ApiError::not_found(Code::PrizesNotPublished, "The organiser has not published the prizes of this event yet.")
}

/// The CSV export: of the published run, or (for the TO) of run `run`.
///
/// # Errors
/// 404 `prizes_not_published` / `prize_run_not_found`; 403 when someone
/// but the TO names a run.
pub async fn export(
    ctx: &Ctx,
    viewer: Option<&User>,
    id: TournamentId,
    run: Option<PrizeRunId>,
    table: CsvTable,
) -> ApiResult<String> {
    let tx = ctx.store.read().await?;
    let t = super::visible(&tx, id, viewer).await?;
    let r = match run {
        Some(run) => {
            let user = viewer.ok_or_else(|| {
                ApiError::unauthorized(Code::NotSignedIn, "Sign in as the organiser to export an unpublished run.")
            })?;
            require_to(&t, user, "export prize runs")?;
            tx.prize_run(id, run).await?.ok_or_else(run_not_found)?
        }
        None => tx.published_prize_run(id).await?.ok_or_else(not_published)?,
    };
    export::csv(&r, table)
}
