//! The captains' pairing rooms' pages (issue 25, point 5): one team match's
//! room (`/t/{id}/matches/{match}`: a captain's phone, the staff's
//! controls, or the revealed state for anyone else) and the venue screen of
//! every match of the round (`/t/{id}/rooms`), both live (see
//! [`crate::live::pairing_room`]).

use super::pages::{live, nav, render, Page};
use crate::app::AppState;
use crate::auth::session::MaybeUser;
use crate::domain::{PairingId, TournamentId};
use crate::error::{ApiError, Code};
use crate::live::pairing_room;
use crate::live::view::View;
use crate::service::views::ViewState;
use actix_web::{web, HttpRequest};
use arbiter_engine::wh40k_teams::captains::Viewer;
use arbiter_web::pages::rooms::{PairingRoomPage, RoomsPage};

/// Registers the pages.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{id}/matches/{match}", web::get().to(room_page)).route("/t/{id}/rooms", web::get().to(rooms_page));
}

async fn tournament_name(state: &AppState, id: TournamentId) -> Result<String, ApiError> {
    let tx = state.ctx.store.read().await?;
    Ok(tx.tournament(id).await?.map(|t| t.name).unwrap_or_default())
}

async fn room_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    path: web::Path<(TournamentId, PairingId)>,
) -> Page {
    let (id, match_id) = path.into_inner();
    let view = View::Process { match_id, seat: Viewer::Public };
    let view = pairing_room::resolve(&state.ctx.store, id, user.0.as_ref(), view)
        .await
        .map_err(|_| ApiError::not_found(Code::ProcessNotFound, "This team match has no captains' pairing process."))?;
    let (s, live) = live(&state, id, user.0.as_ref(), view, format!("match={match_id}")).await?;
    let title = match &s {
        ViewState::Prepared(v) => format!(
            "{} – {}",
            v["team_a"]["name"].as_str().unwrap_or_default(),
            v["team_b"]["name"].as_str().unwrap_or_default()
        ),
        _ => String::new(),
    };
    let tournament_name = tournament_name(&state, id).await?;
    let (nav, fresh) = nav(&req, user.0.as_ref());
    let page = PairingRoomPage { nav, tournament_id: id.to_string(), tournament_name, title, live };
    render(&req, &state, &page, fresh.as_deref())
}

async fn rooms_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> Page {
    let (_, live) = live(&state, *id, user.0.as_ref(), View::Rooms, String::new()).await?;
    let tournament_name = tournament_name(&state, *id).await?;
    let (nav, fresh) = nav(&req, user.0.as_ref());
    render(&req, &state, &RoomsPage { nav, tournament_id: id.to_string(), tournament_name, live }, fresh.as_deref())
}
