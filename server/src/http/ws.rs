//! `GET /ws/tournaments/{id}?since=N&view=…`: the live socket (see `crate::live`).

use crate::app::AppState;
use crate::auth::session;
use crate::domain::{now_millis, TournamentId};
use crate::error::{ApiError, Code};
use crate::live::cut::Cut;
use crate::live::session::{Timing, Watcher, MAX_FRAME};
use crate::live::view::{Me, ViewParams};
use actix_web::get;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(connect);
}

/// `?since=N`: the last event the client has (the view's own parameters are
/// read as [`ViewParams`] from the same query string).
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct Since {
    /// The last event the client has: the socket replays what came after it (or sends a snapshot when it is too old).
    since: Option<i64>,
}

refusals!(connect: [BadRequest, BadView, CrossSiteRequest, InvalidQuery, NotFound, TooManyConnections, TournamentNotFound]);
#[utoipa::path(
    operation_id = "ws_connect",
    tag = "live",
    summary = "The live socket (WebSocket upgrade): a view's snapshot, then its frames.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), crate::live::view::ViewParams, Since),
    responses((status = 101, description = "Switching Protocols: the socket is open; see the description and `x-websocket`."))
)]
#[get("/ws/tournaments/{id}")]
async fn connect(
    state: web::Data<AppState>,
    id: web::Path<TournamentId>,
    params: web::Query<ViewParams>,
    since: web::Query<Since>,
    req: HttpRequest,
    body: web::Payload,
) -> Result<HttpResponse, actix_web::Error> {
    // Another site's page: refused, unless it is one of `--embed-origins`
    // asking for a public view, which it gets as nobody (no cookie, no token).
    let embedded = crate::auth::csrf::from_other_origin(&req, &state.settings);
    if embedded {
        let public = params.view.as_deref().is_some_and(|v| super::embed::PUBLIC_VIEWS.contains(&v));
        if !public || super::embed::listed_origin(&req, &state.settings).is_none() {
            return Err(ApiError::forbidden(
                Code::CrossSiteRequest,
                "Live updates are only served to Arbiter's own pages (and the public views to the sites this \
                 server lets embed them); this connection came from another site.",
            )
            .into());
        }
    }
    // The socket watches its sign-in session from before the session is read,
    // so a sign-out committed after the read still reaches it (see `live::signin`).
    // A client with a personal access token (a bot, an overlay) sends it as
    // `Authorization: Bearer`; the cookie is then not read. An unknown or
    // revoked token connects as nobody, as on every public route.
    let bearer = crate::auth::tokens::bearer(&req).map(str::to_string).filter(|_| !embedded);
    let token_user = match bearer.as_deref() {
        Some(secret) => crate::auth::tokens::lookup(&req, secret).await?.map(|(u, _)| u),
        None => None,
    };
    let token = match bearer {
        Some(_) => None,
        None if embedded => None,
        None => req.cookie(session::COOKIE).map(|c| c.value().to_string()).filter(|t| !t.is_empty()),
    };
    let mut sign_in = token.as_deref().map(|t| state.hub.watch_sign_in(session::token_hash(t)));
    let (user, me) = {
        let tx = state.ctx.store.read().await.map_err(ApiError::from)?;
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
                token_user
            }
        };
        crate::service::visible(&tx, *id, user.as_ref()).await?;
        let me = match &user {
            Some(u) => match crate::service::teams::screens::registration_of_user(&tx, *id, u.id).await? {
                Some(p) => Some(Me {
                    player: p.id,
                    user: u.id,
                    team: crate::service::teams::screens::team_followed(&p),
                    captain: crate::service::teams::screens::captains(&tx, &p, u.id).await?,
                }),
                None => None,
            },
            None => None,
        };
        (user, me)
    };
    let view = params.view(me).map_err(|m| ApiError::bad_request(Code::BadView, m))?;
    let view = crate::live::pairing_room::resolve(&state.ctx.store, *id, user.as_ref(), view).await?;
    let place = state.limits.open_socket(super::peer::client_address(&req, &state.settings.trusted_proxies))?;
    let (res, ws_session, stream) = actix_ws::handle(&req, body).map_err(|e| {
        ApiError::bad_request(Code::BadRequest, format!("This is the live socket: open it as a WebSocket ({e})."))
    })?;
    let stream = stream.max_frame_size(MAX_FRAME);
    let hub = state.hub.clone();
    let timing = Timing::from_secs(state.settings.ws_heartbeat_secs, state.settings.ws_timeout_secs);
    let watcher = Watcher { tournament: *id, user, me, view, since: since.since, sign_in };
    let cut = Cut::default();
    let res = res.map_body(|_, body| cut.wrap(body));
    actix_web::rt::spawn(async move {
        crate::live::session::run(hub, timing, watcher, (ws_session, cut), stream).await;
        drop(place);
    });
    Ok(res)
}
