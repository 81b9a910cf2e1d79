//! `/api/pairings/{id}/*`: report, confirm, dispute, override.

use crate::app::AppState;
use crate::auth::session::Authed;
use crate::domain::PairingId;
use crate::error::ApiResult;
use crate::service::results;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/pairings/{id}/report", web::post().to(report))
        .route("/api/pairings/{id}/confirm", web::post().to(confirm))
        .route("/api/pairings/{id}/dispute", web::post().to(dispute))
        .route("/api/pairings/{id}/override", web::post().to(override_result));
}

async fn report(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Json<results::Score>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "pairing": results::report(&state.ctx, &user, *id, body.into_inner()).await? })))
}

async fn confirm(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "pairing": results::confirm(&state.ctx, &user, *id).await? })))
}

async fn dispute(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let input: results::DisputeInput = super::optional_json(&body)?;
    Ok(HttpResponse::Ok().json(json!({ "pairing": results::dispute(&state.ctx, &user, *id, input).await? })))
}

async fn override_result(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Json<results::Score>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(results::override_result(&state.ctx, &user, *id, body.into_inner()).await?))
}
