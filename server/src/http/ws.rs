//! `GET /ws/tournaments/{id}?since=N&view=…`: the live socket (see `crate::live`).

use crate::app::AppState;
use crate::auth::session;
use crate::domain::now_millis;
use crate::error::ApiError;
use crate::live::session::{Watcher, MAX_FRAME};
use crate::live::view::{Me, ViewParams};
use crate::service::tournaments;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use uuid::Uuid;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/ws/tournaments/{id}", web::get().to(connect));
}

/// The query string (a flattened struct cannot parse numbers from a query, so the view's fields are listed).
#[derive(Deserialize)]
struct Params {
    since: Option<i64>,
    view: Option<String>,
    from: Option<u32>,
    to: Option<u32>,
    offset: Option<u32>,
    limit: Option<u32>,
}

async fn connect(
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    q: web::Query<Params>,
    req: HttpRequest,
    body: web::Payload,
) -> Result<HttpResponse, actix_web::Error> {
    if crate::auth::csrf::from_other_origin(&req, &state.settings) {
        return Err(ApiError::forbidden(
            "cross_site_request",
            "Live updates are only served to Arbiter's own pages; this connection came from another site.",
        )
        .into());
    }
    // The socket watches its sign-in session from before the session is read,
    // so a sign-out committed after the read still reaches it (see `live::signin`).
    let token = req.cookie(session::COOKIE).map(|c| c.value().to_string()).filter(|t| !t.is_empty());
    let mut sign_in = token.as_deref().map(|t| state.hub.watch_sign_in(session::token_hash(t)));
    let (user, me) = {
        let tx = state.store.read().await.map_err(ApiError::from)?;
        let user = match token.as_deref() {
            Some(t) => tx.session(&session::token_hash(t), now_millis()).await.map_err(ApiError::from)?,
            None => None,
        };
        let user = match (user, sign_in.as_mut()) {
            (Some((u, expires_at)), Some(watch)) => {
                watch.expires_at(expires_at);
                Some(u)
            }
            _ => {
                sign_in = None;
                None
            }
        };
        tournaments::visible(&tx, *id, user.as_ref()).await?;
        let me = match &user {
            Some(u) => tx
                .player_of_user(*id, u.id)
                .await
                .map_err(ApiError::from)?
                .filter(|p| !p.removed)
                .map(|p| Me { player: p.id, user: u.id }),
            None => None,
        };
        (user, me)
    };
    let q = q.into_inner();
    let params = ViewParams { view: q.view, from: q.from, to: q.to, offset: q.offset, limit: q.limit };
    let view = params.view(me).map_err(|m| ApiError::bad_request("bad_view", m))?;
    let place = state.limits.open_socket(super::peer::client_address(&req, &state.settings.trusted_proxies))?;
    let (res, ws_session, stream) = actix_ws::handle(&req, body)?;
    let stream = stream.max_frame_size(MAX_FRAME);
    let state = state.get_ref().clone();
    let watcher = Watcher { tournament: *id, user, me, view, since: q.since, sign_in };
    actix_web::rt::spawn(async move {
        crate::live::session::run(state, watcher, ws_session, stream).await;
        drop(place);
    });
    Ok(res)
}
