//! `/api/tournaments/{id}/tiebreaks`, `/ties` and `/standings/groups/*`:
//! how standings are ranked, the TO's hand on open ties, a tied group's
//! mini-league table.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::TournamentId;
use crate::error::ApiResult;
use crate::service::{tiebreaks, ties};
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/tournaments/{id}/tiebreaks", web::get().to(get_tiebreaks))
        .route("/api/tournaments/{id}/tiebreaks", web::put().to(set_tiebreaks))
        .route("/api/tournaments/{id}/ties", web::post().to(act))
        .route("/api/tournaments/{id}/ties/notices", web::delete().to(dismiss))
        .route("/api/tournaments/{id}/standings/groups/{group}", web::get().to(group));
}

async fn get_tiebreaks(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "tiebreaks": tiebreaks::get(&state.ctx, user.0.as_ref(), *id).await? })))
}

async fn set_tiebreaks(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<tiebreaks::SetTiebreaks>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(json!({ "tiebreaks": tiebreaks::set(&state.ctx, &user, *id, body.into_inner()).await? })))
}

async fn act(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<ties::TieAction>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "resolution": ties::act(&state.ctx, &user, *id, body.into_inner()).await? })))
}

async fn dismiss(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "dismissed": ties::dismiss_notices(&state.ctx, &user, *id).await? })))
}

async fn group(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<(TournamentId, u32)>,
) -> ApiResult<HttpResponse> {
    let (id, g) = path.into_inner();
    Ok(HttpResponse::Ok().json(json!({ "group": ties::group(&state.ctx, user.0.as_ref(), id, g).await? })))
}
