//! `/api/rounds/{id}/clock`: the round's clock (read by anyone who may see the
//! round; run by the TO).

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::RoundId;
use crate::error::ApiResult;
use crate::service::clock;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/rounds/{id}/clock", web::get().to(get)).route("/api/rounds/{id}/clock", web::post().to(act));
}

async fn get(state: web::Data<AppState>, user: MaybeUser, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    let clock = clock::get(&state.ctx, user.0.as_ref(), *id).await?;
    Ok(HttpResponse::Ok().json(json!({ "clock": clock, "now": crate::domain::now_millis() })))
}

async fn act(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<RoundId>,
    body: web::Json<clock::ClockInput>,
) -> ApiResult<HttpResponse> {
    let clock = clock::act(&state.ctx, &user, *id, &body).await?;
    Ok(HttpResponse::Ok().json(json!({ "clock": clock, "now": crate::domain::now_millis() })))
}
