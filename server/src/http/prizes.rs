//! `/api/tournaments/{id}/prizes…`: the prize list and rules (JSON, CSV
//! import), allocation runs (run, list, read, publish), the published
//! prizes (JSON, CSV export); and the pages `/t/{id}/prizes` (public) and
//! `/t/{id}/prizes/manage` (the TO's), with their CSRF-checked forms.

use super::pages::{nav, render, Page, TokenForm};
use crate::app::AppState;
use crate::auth::csrf;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{PlayerId, PrizeRunId, TournamentId};
use crate::error::{ApiError, ApiResult, Code};
use crate::http::schemas::bodies::{sorted, PrizeConfigBody, PrizeRunBody, PrizeRunsBody, PrizesBody};
use crate::service::prizes::{self, CsvTable, OverrideInput, RunRequest};
use crate::service::{lifecycle::tournaments, people::players};
use actix_web::http::header;
use actix_web::{delete, get, post, put};
use actix_web::{web, HttpRequest, HttpResponse};
use arbiter_web::pages::prizes::{ManagePrizesPage, PrizesPage};
use arbiter_web::pages::script_json;
use serde::Deserialize;
use serde_json::{Map, Value};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(get_published)
        .service(unpublish)
        .service(export)
        .service(get_config)
        .service(set_config)
        .service(import)
        .service(start_run)
        .service(list_runs)
        .service(get_run)
        .service(publish)
        .route("/t/{id}/prizes", web::get().to(prizes_page))
        .route("/t/{id}/prizes/manage", web::get().to(manage_page))
        .route("/t/{id}/prizes/manage/import", web::post().to(import_form))
        .route("/t/{id}/prizes/manage/rules", web::post().to(rules_form))
        .route("/t/{id}/prizes/manage/run", web::post().to(run_form))
        .route("/t/{id}/prizes/manage/publish", web::post().to(publish_form))
        .route("/t/{id}/prizes/manage/unpublish", web::post().to(unpublish_form));
}

refusals!(get_published: [NotFound, PrizesNotPublished, TournamentNotFound]);
#[utoipa::path(
    operation_id = "prizes_get_published",
    tag = "prizes",
    summary = "The published prize list.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The prize list.", body = crate::http::schemas::bodies::PrizesBody))
)]
#[get("/api/tournaments/{id}/prizes")]
async fn get_published(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    let p = prizes::require_published(prizes::published(&state.ctx, user.0.as_ref(), *id).await?)?;
    Ok(HttpResponse::Ok().json(sorted(&PrizesBody { prizes: p })?))
}

/// `?run=ID&table=prizes|payouts` on the CSV export.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct ExportQuery {
    /// The run to export (the TO, any run); the published run when left out.
    run: Option<PrizeRunId>,
    /// `prizes` (default: one row per entry and player) or `payouts` (one row per player paid).
    #[serde(default)]
    table: CsvTable,
}

refusals!(export: [InvalidQuery, NotFound, NotSignedIn, NotTournamentOrganiser, PrizeRunNotFound, PrizesNotPublished, TournamentNotFound]);
#[utoipa::path(
    operation_id = "prizes_export",
    tag = "prizes",
    summary = "A prize run as CSV: the prize list or the payouts (unpublished runs: the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ExportQuery),
    responses((status = 200, description = "The CSV, as an attachment.", body = String, content_type = "text/csv"))
)]
#[get("/api/tournaments/{id}/prizes.csv")]
async fn export(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    q: web::Query<ExportQuery>,
) -> ApiResult<HttpResponse> {
    let text = prizes::export(&state.ctx, user.0.as_ref(), *id, q.run, q.table).await?;
    let name = match q.table {
        CsvTable::Prizes => "prizes.csv",
        CsvTable::Payouts => "prize-payouts.csv",
    };
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")))
        .body(text))
}

refusals!(get_config: [NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "prizes_get_config",
    tag = "prizes",
    summary = "The prize configuration (empty when never set).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The configuration.", body = crate::http::schemas::bodies::PrizeConfigBody))
)]
#[get("/api/tournaments/{id}/prizes/config")]
async fn get_config(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&PrizeConfigBody { config: prizes::get_config(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(set_config: [AlreadyRemoved, BodyTooLarge, CrossSiteRequest, InvalidJson, NotFound, NotSignedIn, NotTournamentOrganiser, PlayoffsStarted, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "prizes_set_config",
    tag = "prizes",
    summary = "Replace the prize configuration (the TO): `categories` with `prizes` (cash in cents) and `rules`.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body(content = Object, description = "The prize configuration: `categories` and `rules` (see the README's prizes section)."),
    responses((status = 200, description = "The configuration.", body = crate::http::schemas::bodies::PrizeConfigBody))
)]
#[put("/api/tournaments/{id}/prizes/config")]
async fn set_config(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<serde_json::Value>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&PrizeConfigBody {
        config: prizes::set_config(&state.ctx, &user, *id, body.into_inner()).await?,
    })?))
}

fn utf8(body: &[u8]) -> ApiResult<&str> {
    std::str::from_utf8(body).map_err(|_| ApiError::invalid(Code::InvalidCsv, "").text("refusal-csv-utf8", []))
}

refusals!(import: [BodyTooLarge, CrossSiteRequest, InvalidCsv, InvalidJson, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "prizes_import",
    tag = "prizes",
    summary = "Replace the prize configuration from CSV, one row per prize (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body(content = String, content_type = "text/csv"),
    responses((status = 200, description = "The configuration.", body = crate::http::schemas::bodies::PrizeConfigBody))
)]
#[post("/api/tournaments/{id}/prizes/import")]
async fn import(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&PrizeConfigBody { config: prizes::import_csv(&state.ctx, &user, *id, utf8(&body)?).await? })?))
}

refusals!(start_run: [BodyTooLarge, CrossSiteRequest, InvalidJson, InvalidOverride, InvalidPrizes, NoPrizes, NoResults, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "prizes_run",
    tag = "prizes",
    summary = "Allocate the prizes from the standings, with manual overrides (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body(content = Option<crate::service::prizes::RunRequest>, description = "Optional: an empty body is the same as `{}`."),
    responses((status = 201, description = "The run.", body = crate::http::schemas::bodies::PrizeRunBody))
)]
#[post("/api/tournaments/{id}/prizes/runs")]
async fn start_run(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let req: RunRequest = super::optional_json(&body)?;
    Ok(HttpResponse::Created().json(sorted(&PrizeRunBody { run: prizes::run(&state.ctx, &user, *id, req).await? })?))
}

refusals!(list_runs: [NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "prizes_runs",
    tag = "prizes",
    summary = "The prize runs (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The runs, newest first.", body = crate::http::schemas::bodies::PrizeRunsBody))
)]
#[get("/api/tournaments/{id}/prizes/runs")]
async fn list_runs(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&PrizeRunsBody { runs: prizes::runs(&state.ctx, &user, *id).await? })?))
}

refusals!(get_run: [NotFound, NotSignedIn, NotTournamentOrganiser, PrizeRunNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "prizes_get_run",
    tag = "prizes",
    summary = "One prize run (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ("run" = arbiter_web::ids::PrizeRunId, Path, description = "The prize run's id.")),
    responses((status = 200, description = "The run.", body = crate::http::schemas::bodies::PrizeRunBody))
)]
#[get("/api/tournaments/{id}/prizes/runs/{run}")]
async fn get_run(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(TournamentId, PrizeRunId)>,
) -> ApiResult<HttpResponse> {
    let (id, run) = path.into_inner();
    Ok(HttpResponse::Ok().json(sorted(&PrizeRunBody { run: prizes::get_run(&state.ctx, &user, id, run).await? })?))
}

refusals!(publish: [CrossSiteRequest, NotFound, NotSignedIn, NotTournamentOrganiser, PrizeRunNotFound, TournamentNotComplete, TournamentNotFound]);
#[utoipa::path(
    operation_id = "prizes_publish",
    tag = "prizes",
    summary = "Publish a prize run of a complete event (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ("run" = arbiter_web::ids::PrizeRunId, Path, description = "The prize run's id.")),
    responses((status = 200, description = "The published prize list.", body = crate::http::schemas::bodies::PrizesBody))
)]
#[post("/api/tournaments/{id}/prizes/runs/{run}/publish")]
async fn publish(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(TournamentId, PrizeRunId)>,
) -> ApiResult<HttpResponse> {
    let (id, run) = path.into_inner();
    Ok(HttpResponse::Ok().json(sorted(&PrizesBody { prizes: prizes::publish(&state.ctx, &user, id, run).await? })?))
}

refusals!(unpublish: [CrossSiteRequest, NotFound, NotSignedIn, NotTournamentOrganiser, PrizesNotPublished, TournamentNotFound]);
#[utoipa::path(
    operation_id = "prizes_unpublish",
    tag = "prizes",
    summary = "Take the published prizes back: the list is no longer public; any run can be published again (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 204, description = "Taken back."))
)]
#[delete("/api/tournaments/{id}/prizes")]
async fn unpublish(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    prizes::unpublish(&state.ctx, &user, *id).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn prizes_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> Page {
    let viewer = user.0.as_ref();
    let tournament = tournaments::get(&state.ctx, *id, viewer).await?;
    let published = prizes::published_in(&state.ctx, viewer, *id, super::locale::lang_of(&req)).await?;
    let config = prizes::get_config(&state.ctx, viewer, *id).await?;
    let is_to = crate::service::people::staff::role_in(&state.ctx, *id, viewer)
        .await?
        .is_some_and(arbiter_web::views::sets::EventRole::organises);
    let seq = state.ctx.store.read().await?.tournament(*id).await?.map_or(0, |t| t.last_seq);
    let live = script_json(&sorted(&super::pages::LiveSeed { data: serde_json::Map::new(), seq })?);
    let (nav, fresh) = nav(&req, viewer);
    render(&req, &state, &PrizesPage { nav, tournament, is_to, published, config, live }, fresh.as_deref())
}

/// `?run=ID` on the manage page: the run shown (default: the newest).
#[derive(Deserialize, Default)]
struct ManageQuery {
    run: Option<PrizeRunId>,
}

async fn manage(
    state: &AppState,
    req: &HttpRequest,
    user: &crate::domain::User,
    id: TournamentId,
    run: Option<PrizeRunId>,
    error: Option<String>,
    csv: String,
) -> Page {
    let tournament = tournaments::get(&state.ctx, id, Some(user)).await?;
    let runs = prizes::runs(&state.ctx, user, id).await?;
    let shown = match run.or_else(|| runs.first().map(|r| r.id)) {
        Some(r) => Some(prizes::get_run_in(&state.ctx, user, id, r, super::locale::lang_of(req)).await?),
        None => None,
    };
    let config = prizes::get_config(&state.ctx, Some(user), id).await?;
    let players = players::list(&state.ctx, Some(user), id).await?.into_iter().filter(|p| !p.removed).collect();
    let (nav, fresh) = nav(req, Some(user));
    let failed = error.is_some();
    let page = ManagePrizesPage::new(nav, tournament, config, runs, shown, players, error, csv);
    let mut res = render(req, state, &page, fresh.as_deref())?;
    if failed {
        *res.status_mut() = actix_web::http::StatusCode::UNPROCESSABLE_ENTITY;
    }
    Ok(res)
}

fn login(id: TournamentId) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, format!("/login?next=/t/{id}/prizes/manage"))).finish()
}

fn back(id: TournamentId, run: Option<PrizeRunId>) -> HttpResponse {
    let q = run.map(|r| format!("?run={r}")).unwrap_or_default();
    HttpResponse::SeeOther().insert_header((header::LOCATION, format!("/t/{id}/prizes/manage{q}"))).finish()
}

async fn manage_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    q: web::Query<ManageQuery>,
) -> Page {
    let Some(u) = user.0 else { return Ok(login(*id)) };
    manage(&state, &req, &u, *id, q.run, None, String::new()).await
}

/// Shows a refused form on the page again (422) with the message; other
/// failures (403, 404) as error pages.
async fn refused(
    state: &AppState,
    req: &HttpRequest,
    user: &crate::domain::User,
    id: TournamentId,
    e: ApiError,
    csv: String,
) -> Page {
    if actix_web::ResponseError::status_code(&e).as_u16() == 403
        || actix_web::ResponseError::status_code(&e).as_u16() == 404
    {
        return Err(e.into());
    }
    manage(state, req, user, id, None, Some(e.message_in(super::locale::lang_of(req))), csv).await
}

#[derive(Deserialize)]
struct ImportForm {
    csrf_token: String,
    csv: String,
}

async fn import_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    form: web::Form<ImportForm>,
) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    let Some(u) = user.0 else { return Ok(login(*id)) };
    match prizes::import_csv(&state.ctx, &u, *id, &form.csv).await {
        Ok(_) => Ok(back(*id, None)),
        Err(e) => refused(&state, &req, &u, *id, e, form.into_inner().csv).await,
    }
}

#[derive(Deserialize)]
struct RulesForm {
    csrf_token: String,
    multiple_eligibility_mode: String,
    cash_split: String,
    #[serde(default)]
    class_excess: Option<String>,
    #[serde(default)]
    allow_unrated_in_rating_category: Option<String>,
}

async fn rules_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    form: web::Form<RulesForm>,
) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    let Some(u) = user.0 else { return Ok(login(*id)) };
    let current = prizes::get_config(&state.ctx, Some(&u), *id).await?;
    let rules = Map::from_iter([
        ("multiple_eligibility_mode".to_string(), Value::from(form.multiple_eligibility_mode.as_str())),
        ("cash_split".to_string(), Value::from(form.cash_split.as_str())),
        ("class_excess".to_string(), Value::from(form.class_excess.as_deref().unwrap_or("capped"))),
        ("allow_unrated_in_rating_category".to_string(), Value::from(form.allow_unrated_in_rating_category.is_some())),
    ]);
    let categories = serde_json::to_value(&current.categories).map_err(ApiError::internal)?;
    let body = Value::Object(Map::from_iter([
        ("categories".to_string(), categories),
        ("rules".to_string(), Value::Object(rules)),
    ]));
    match prizes::set_config(&state.ctx, &u, *id, body).await {
        Ok(_) => Ok(back(*id, None)),
        Err(e) => refused(&state, &req, &u, *id, e, String::new()).await,
    }
}

#[derive(Deserialize)]
struct RunForm {
    csrf_token: String,
    #[serde(default)]
    override_prize: String,
    #[serde(default)]
    override_player: String,
}

async fn run_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    form: web::Form<RunForm>,
) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    let Some(u) = user.0 else { return Ok(login(*id)) };
    let mut overrides = Vec::new();
    match (form.override_prize.trim(), form.override_player.trim()) {
        ("", "") => {}
        (prize, player) => match player.parse::<PlayerId>() {
            Ok(player_id) if !prize.is_empty() => {
                overrides.push(OverrideInput { prize_id: prize.to_string(), player_id })
            }
            _ => {
                let e = ApiError::bad_request(
                    Code::InvalidOverride,
                    "Invalid override: choose both the prize and the player for an override.",
                );
                return refused(&state, &req, &u, *id, e, String::new()).await;
            }
        },
    }
    match prizes::run(&state.ctx, &u, *id, RunRequest { overrides }).await {
        Ok(r) => Ok(back(*id, Some(r.summary.id))),
        Err(e) => refused(&state, &req, &u, *id, e, String::new()).await,
    }
}

#[derive(Deserialize)]
struct PublishForm {
    csrf_token: String,
    run_id: PrizeRunId,
}

async fn publish_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    form: web::Form<PublishForm>,
) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    let Some(u) = user.0 else { return Ok(login(*id)) };
    match prizes::publish(&state.ctx, &u, *id, form.run_id).await {
        Ok(_) => Ok(HttpResponse::SeeOther().insert_header((header::LOCATION, format!("/t/{id}/prizes"))).finish()),
        Err(e) => refused(&state, &req, &u, *id, e, String::new()).await,
    }
}

async fn unpublish_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    form: web::Form<TokenForm>,
) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    let Some(u) = user.0 else { return Ok(login(*id)) };
    match prizes::unpublish(&state.ctx, &u, *id).await {
        Ok(()) => {
            Ok(HttpResponse::SeeOther().insert_header((header::LOCATION, format!("/t/{id}/prizes/manage"))).finish())
        }
        Err(e) => refused(&state, &req, &u, *id, e, String::new()).await,
    }
}
