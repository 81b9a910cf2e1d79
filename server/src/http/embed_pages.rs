//! The pages other sites and streams use: the stream overlay
//! (`/t/{id}/overlay?view=standings|board|pairing`, transparent, live) and
//! the event's schedule as an iCalendar feed (`/t/{id}/schedule.ics`).
//! Both show what the public sees.

use super::pages::{live, nav, render, Page};
use crate::app::AppState;
use crate::auth::session::MaybeUser;
use crate::domain::TournamentId;
use crate::error::{ApiError, Code};
use crate::live::view::{View, ViewParams};
use crate::service::records::schedule;
use crate::service::views::ViewState;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use arbiter_web::pages::embeds::OverlayPage;
use serde::Deserialize;

/// Registers the pages.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{id}/overlay", web::get().to(overlay_page))
        .route("/t/{id}/schedule.ics", web::get().to(schedule_ics));
}

/// The rows a standings overlay shows unless told (`?limit=`, 1 to 50).
const OVERLAY_ROWS: u32 = 8;

/// `?view=standings|board|pairing&table=N&limit=N`.
#[derive(Deserialize)]
struct OverlayQuery {
    view: Option<String>,
    table: Option<u32>,
    limit: Option<u32>,
}

async fn overlay_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<TournamentId>,
    q: web::Query<OverlayQuery>,
) -> Page {
    // As the public sees it: a streaming tool's browser source has no account.
    let kind = q.view.as_deref().unwrap_or("standings");
    let (view, params) = match kind {
        "standings" => {
            let limit = q.limit.unwrap_or(OVERLAY_ROWS).clamp(1, 50);
            (View::Standings { offset: 0, limit }, format!("offset=0&limit={limit}"))
        }
        "board" | "pairing" => {
            let board = ViewParams { view: Some("board".into()), ..ViewParams::default() };
            (board.view(None).map_err(|m| ApiError::bad_request(Code::BadView, m))?, String::new())
        }
        other => {
            return Err(ApiError::bad_request(
                Code::BadView,
                format!("An overlay shows `standings`, `board` or `pairing`, not {other:?}."),
            )
            .into())
        }
    };
    let (s, live) = live(&state, *id, None, view, params).await?;
    let tournament = match s {
        ViewState::Standings { tournament, .. } | ViewState::Board { tournament, .. } => tournament,
        _ => return Err(ApiError::internal("overlay view").into()),
    };
    let (nav, fresh) = nav(&req, None);
    let page = OverlayPage { nav, tournament, kind: kind.to_string(), table: q.table.unwrap_or(1), live };
    render(&req, &state, &page, fresh.as_deref())
}

async fn schedule_ics(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> Result<HttpResponse, super::pages::PageError> {
    let link = state.settings.public_url.as_ref().and_then(|u| u.join(&format!("/t/{}", *id)).ok());
    let text = schedule::calendar_of(&state.ctx, *id, user.0.as_ref(), link.as_ref().map(url::Url::as_str)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, format!("inline; filename=\"{}.ics\"", *id)))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(text))
}
