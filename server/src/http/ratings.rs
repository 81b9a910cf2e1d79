//! Ratings: `GET /api/ratings/{game}` (leaderboard), `GET /api/users/{id}/ratings`
//! (an account's ratings and history), and their pages `/ratings`,
//! `/ratings/{game}` and `/users/{id}`.

use super::pages::{nav, render, Page};
use crate::app::AppState;
use crate::auth::session::MaybeUser;
use crate::domain::{Game, UserId};
use crate::error::ApiResult;
use crate::service::ratings;
use actix_web::get;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use arbiter_web::pages::ratings::{LeaderboardPage, UserPage};
use serde::Deserialize;

/// Leaderboard lines per page.
const PER_PAGE: u64 = 100;

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(leaderboard)
        .service(user_ratings)
        .route("/ratings", web::get().to(ratings_index))
        .route("/ratings/{game}", web::get().to(leaderboard_page))
        .route("/users/{id}", web::get().to(user_page));
}

/// `?offset=N&limit=M` on a leaderboard.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    /// The first row, from 0 (at most 10,000,000).
    #[serde(default)]
    offset: u64,
    /// How many rows: 1 to 500 (default 100).
    #[serde(default = "per_page")]
    limit: u64,
}

const fn per_page() -> u64 {
    PER_PAGE
}

refusals!(leaderboard: [InvalidQuery, NotFound, UnknownGame]);
#[utoipa::path(
    operation_id = "ratings_leaderboard",
    tag = "ratings",
    summary = "A game's rating leaderboard, one page.",
    params(("game" = String, Path, description = "The game: `wh40k`, `chess` or `crokinole`."), PageQuery),
    responses((status = 200, description = "The page.", body = arbiter_web::views::ratings::LeaderboardView))
)]
#[get("/api/ratings/{game}")]
async fn leaderboard(
    state: web::Data<AppState>,
    game: web::Path<String>,
    q: web::Query<PageQuery>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(ratings::leaderboard(&state.ctx, &game, q.offset, q.limit).await?))
}

refusals!(user_ratings: [NotFound, UserNotFound]);
#[utoipa::path(
    operation_id = "ratings_user_ratings",
    tag = "ratings",
    summary = "An account's ratings and rating history.",
    params(("id" = arbiter_web::ids::UserId, Path, description = "The account's id.")),
    responses((status = 200, description = "The ratings.", body = arbiter_web::views::ratings::UserRatingsView))
)]
#[get("/api/users/{id}/ratings")]
async fn user_ratings(state: web::Data<AppState>, id: web::Path<UserId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(ratings::user_ratings(&state.ctx, *id).await?))
}

/// `/ratings` shows the leaderboard of the first game system.
async fn ratings_index() -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, format!("/ratings/{}", Game::Wh40k.as_str()))).finish()
}

async fn leaderboard_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    game: web::Path<String>,
    q: web::Query<PageQuery>,
) -> Page {
    let board = ratings::leaderboard(&state.ctx, &game, q.offset, PER_PAGE).await?;
    let games = ratings::game_systems(&state.ctx).await?;
    let (nav, fresh) = nav(&req, user.0.as_ref());
    render(&req, &state, &LeaderboardPage::new(nav, board, games, PER_PAGE), fresh.as_deref())
}

async fn user_page(state: web::Data<AppState>, req: HttpRequest, user: MaybeUser, id: web::Path<UserId>) -> Page {
    let view = ratings::user_ratings(&state.ctx, *id).await?;
    let (nav, fresh) = nav(&req, user.0.as_ref());
    render(&req, &state, &UserPage::new(nav, view), fresh.as_deref())
}
