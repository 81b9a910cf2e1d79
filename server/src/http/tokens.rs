//! `/api/account/tokens`: the signed-in account's personal access tokens.

use crate::app::AppState;
use crate::auth::session::Authed;
use crate::domain::TokenId;
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, NewTokenBody, TokensBody};
use crate::service::people::tokens::{self, NewToken};
use actix_web::{delete, get, post};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(create).service(list).service(revoke);
}

refusals!(create: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, NotSignedIn, TooManyTokens]);
#[utoipa::path(
    operation_id = "tokens_create",
    tag = "accounts",
    summary = "Make a personal access token (`read` or `organiser`); its secret is in this answer only.",
    request_body = crate::service::people::tokens::NewToken,
    responses((status = 201, description = "The token and its secret, to send as `Authorization: Bearer <secret>`.", body = crate::http::schemas::bodies::NewTokenBody))
)]
#[post("/api/account/tokens")]
async fn create(state: web::Data<AppState>, user: Authed, body: web::Json<NewToken>) -> ApiResult<HttpResponse> {
    let made = tokens::create(&state.ctx, &user.0, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(sorted(&NewTokenBody { secret: made.secret, token: made.token })?))
}

refusals!(list: [NotSignedIn]);
#[utoipa::path(
    operation_id = "tokens_list",
    tag = "accounts",
    summary = "The account's personal access tokens, oldest first (names, scopes, last use; never the secrets).",
    responses((status = 200, description = "The tokens.", body = crate::http::schemas::bodies::TokensBody))
)]
#[get("/api/account/tokens")]
async fn list(state: web::Data<AppState>, user: Authed) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&TokensBody { tokens: tokens::list(&state.ctx, &user.0).await? })?))
}

refusals!(revoke: [CrossSiteRequest, NotFound, NotSignedIn, TokenNotFound]);
#[utoipa::path(
    operation_id = "tokens_revoke",
    tag = "accounts",
    summary = "Revoke a personal access token: requests presenting it are refused from now on.",
    params(("id" = arbiter_web::ids::TokenId, Path, description = "The token's id.")),
    responses((status = 204, description = "Revoked."))
)]
#[delete("/api/account/tokens/{id}")]
async fn revoke(state: web::Data<AppState>, user: Authed, id: web::Path<TokenId>) -> ApiResult<HttpResponse> {
    tokens::revoke(&state.ctx, &user.0, *id).await?;
    Ok(HttpResponse::NoContent().finish())
}
