//! Swiss chess: byes arranged ahead (player and TO), and the event as a FIDE
//! Tournament Report File (export; import of players and played rounds).

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{PlayerId, TournamentId};
use crate::error::ApiResult;
use crate::service::{byes, trf};
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/tournaments/{id}/byes", web::get().to(list))
        .route("/api/tournaments/{id}/byes", web::post().to(request))
        .route("/api/tournaments/{id}/byes/{round}", web::delete().to(cancel))
        .route("/api/players/{id}/byes", web::post().to(grant))
        .route("/api/players/{id}/byes/{round}", web::delete().to(revoke))
        .route("/api/tournaments/{id}/trf", web::get().to(export))
        .route("/api/tournaments/{id}/trf", web::post().to(import));
}

async fn list(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "byes": byes::list(&state.ctx, user.0.as_ref(), *id).await? })))
}

async fn request(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<byes::ByeInput>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Created().json(json!({ "bye": byes::request(&state.ctx, &user, *id, body.into_inner()).await? })))
}

async fn cancel(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(TournamentId, u32)>,
) -> ApiResult<HttpResponse> {
    let (id, round) = path.into_inner();
    byes::cancel(&state.ctx, &user, id, round).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn grant(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<byes::ByeInput>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Created().json(json!({ "bye": byes::grant(&state.ctx, &user, *id, body.into_inner()).await? })))
}

async fn revoke(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(PlayerId, u32)>,
) -> ApiResult<HttpResponse> {
    let (id, round) = path.into_inner();
    byes::revoke(&state.ctx, &user, id, round).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn export(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    let (name, text) = trf::export(&state.ctx, user.0.as_ref(), *id).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{name}.trf\"")))
        .body(text))
}

async fn import(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: String,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(trf::import(&state.ctx, &user, *id, &body).await?))
}
