//! `GET /ws/tournaments/{id}?since=N&view=…`: the live socket (see `crate::live`).

use crate::app::AppState;
use crate::auth::session::MaybeUser;
use crate::error::ApiError;
use crate::live::session::Watcher;
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

/// Largest client frame accepted.
const MAX_FRAME: usize = 16 * 1024;

async fn connect(
    state: web::Data<AppState>,
    user: MaybeUser,
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
    let me = {
        let tx = state.store.read().await.map_err(ApiError::from)?;
        tournaments::visible(&tx, *id, user.0.as_ref()).await?;
        match &user.0 {
            Some(u) => tx
                .player_of_user(*id, u.id)
                .await
                .map_err(ApiError::from)?
                .filter(|p| !p.removed)
                .map(|p| Me { player: p.id, user: u.id }),
            None => None,
        }
    };
    let q = q.into_inner();
    let params = ViewParams { view: q.view, from: q.from, to: q.to, offset: q.offset, limit: q.limit };
    let view = params.view(me).map_err(|m| ApiError::bad_request("bad_view", m))?;
    let place = state.limits.open_socket(super::peer::client_address(&req, &state.settings.trusted_proxies))?;
    let (res, session, stream) = actix_ws::handle(&req, body)?;
    let stream = stream.max_frame_size(MAX_FRAME);
    let state = state.get_ref().clone();
    let watcher = Watcher { tournament: *id, user: user.0, me, view, since: q.since };
    actix_web::rt::spawn(async move {
        crate::live::session::run(state, watcher, session, stream).await;
        drop(place);
    });
    Ok(res)
}
