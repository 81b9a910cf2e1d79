//! Server-rendered pages (askama templates from `arbiter-web`), the sign-in,
//! sign-up, sign-out and new-event forms (CSRF-checked), and static assets.

use crate::app::AppState;
use crate::auth::{csrf, session, session::MaybeUser};
use crate::domain::{PlayerId, TournamentId, User};
use crate::error::{ApiError, Code};
use crate::live::snapshot;
use crate::live::view::{View, ViewParams};
use crate::service::field_label;
use crate::service::views::ViewState;
use crate::service::{lifecycle::tournaments, people::accounts, people::players, prizes, views};
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use arbiter_web::i18n::Lang;
use arbiter_web::pages::{self as tpl, script_json, Live, Nav};
use arbiter_web::views::sets::EventRole;
use askama::Template;
use serde::Deserialize;

/// Registers the page routes.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(home))
        .route("/login", web::get().to(login_page))
        .route("/login", web::post().to(login_form))
        .route("/signup", web::get().to(signup_page))
        .route("/signup", web::post().to(signup_form))
        .route("/logout", web::post().to(logout_form))
        .route("/tournaments/new", web::get().to(new_page))
        .route("/tournaments/new", web::post().to(new_form))
        .route("/t/{id}", web::get().to(tournament_page))
        .route("/t/{id}/board", web::get().to(board_page))
        .route("/t/{id}/standings", web::get().to(standings_page))
        .route("/t/{id}/bracket", web::get().to(bracket_page))
        .route("/t/{id}/results", web::get().to(results_page))
        .route("/t/{id}/dashboard", web::get().to(dashboard_page))
        .route("/t/{id}/me", web::get().to(player_page))
        .route("/t/{id}/teams/{team}", web::get().to(team_page))
        .route("/static/{name}", web::get().to(asset));
}

/// A rendered page, or an error shown as a page.
pub(super) type Page = Result<HttpResponse, PageError>;

/// A live page's starting state, for its script: `{"data": the view's
/// state, "seq": the number of the last event it includes}`; the socket
/// resumes from `seq`.
#[derive(serde::Serialize)]
pub struct LiveSeed<T> {
    /// The view's state.
    pub data: T,
    /// The last event included.
    pub seq: i64,
}

/// An [`ApiError`] shown as an HTML page with the same status.
#[derive(Debug)]
pub struct PageError(ApiError);

impl From<ApiError> for PageError {
    fn from(e: ApiError) -> PageError {
        PageError(e)
    }
}
impl From<crate::store::StoreError> for PageError {
    fn from(e: crate::store::StoreError) -> PageError {
        PageError(e.into())
    }
}
impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
impl actix_web::ResponseError for PageError {
    fn status_code(&self) -> actix_web::http::StatusCode {
        self.0.status_code()
    }
    fn error_response(&self) -> HttpResponse {
        self.response_in(Lang::En, "/")
    }
}

impl PageError {
    /// The error page in `lang`, its language switch linking to `path_and_query`.
    #[must_use]
    pub fn response_in(&self, lang: Lang, path_and_query: &str) -> HttpResponse {
        error_page(&self.0, lang, path_and_query)
    }
}

/// `e` shown as an HTML page in `lang` with `e`'s status, its language
/// switch linking to `path_and_query`.
#[must_use]
pub fn error_page(e: &ApiError, lang: Lang, path_and_query: &str) -> HttpResponse {
    let page = tpl::ErrorPage {
        nav: Nav {
            assets: arbiter_web::assets::version(),
            lang,
            switch: Nav::switch_for(path_and_query),
            ..Nav::default()
        },
        title: lang.t(title_for(e)),
        message: e.message_in(lang),
        code: e.code().into(),
    };
    HttpResponse::build(actix_web::ResponseError::status_code(e))
        .content_type("text/html; charset=utf-8")
        .body(page.render().unwrap_or_default())
}

fn title_for(e: &ApiError) -> &'static str {
    match actix_web::ResponseError::status_code(e).as_u16() {
        401 => "error-title-401",
        403 => "error-title-403",
        404 => "error-title-404",
        503 => "error-title-503",
        _ => "error-title-other",
    }
}

/// The 404 page for unknown paths, in the request's language.
#[must_use]
pub fn not_found_page(req: &HttpRequest) -> HttpResponse {
    let path = req.uri().path_and_query().map_or("/", |p| p.as_str());
    PageError(ApiError::not_found(Code::NotFound, "There is no page at this address."))
        .response_in(super::locale::lang_of(req), path)
}

/// A form that carries only its CSRF token (a confirmation button).
#[derive(Deserialize)]
pub(super) struct TokenForm {
    pub(super) csrf_token: String,
}

/// The visitor of a one-time code's form (a claim, a staff invitation at
/// `/{prefix}/{code}`), once its CSRF token is checked: `Err` holds the
/// answer for a signed-out visitor (sign in, then come back).
///
/// # Errors
/// 403 `csrf_token_invalid`.
pub(super) fn code_form_user(
    req: &HttpRequest,
    user: Option<User>,
    prefix: &str,
    code: &str,
    form: &TokenForm,
) -> Result<Result<User, HttpResponse>, ApiError> {
    csrf::check_form_token(req, &form.csrf_token)?;
    Ok(user.ok_or_else(|| redirect(&format!("/login?next=/{prefix}/{code}"))))
}

/// `page` shown again after `e` refused its form, with the refusal's status.
pub(super) fn refused_again(page: Page, e: &ApiError) -> Page {
    let mut res = page?;
    *res.status_mut() = actix_web::ResponseError::status_code(e);
    Ok(res)
}

/// `page`'s one-time code as the address may carry it (letters, digits, `-`).
pub(super) fn code_shown(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect()
}

/// Renders a page, setting the form-token cookie if the browser has none.
pub(super) fn render(req: &HttpRequest, state: &AppState, page: &impl Template, new_token: Option<&str>) -> Page {
    let body = page.render().map_err(ApiError::internal)?;
    let mut res = HttpResponse::Ok();
    res.content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::CONTENT_LANGUAGE, super::locale::lang_of(req).code()));
    if let Some(t) = new_token {
        res.cookie(csrf::token_cookie(t, state.settings.secure_cookies));
    }
    Ok(res.body(body))
}

pub(super) fn nav(req: &HttpRequest, user: Option<&User>) -> (Nav, Option<String>) {
    let (token, fresh) = csrf::form_token(req);
    let path = req.uri().path_and_query().map_or_else(|| req.path().to_string(), ToString::to_string);
    let nav = Nav {
        user: user.map(|u| u.display_name.clone()),
        csrf: token.clone(),
        assets: arbiter_web::assets::version(),
        lang: super::locale::lang_of(req),
        switch: Nav::switch_for(&path),
    };
    (nav, fresh.then_some(token))
}

pub(super) fn redirect(to: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, to)).finish()
}

/// Only same-site paths are followed after sign-in.
/// Where to go after signing in: a path on this site, else `/`. Browsers
/// drop tabs and newlines from URLs and read `\\` as `/`, so a path with any
/// of those (or `//`, another host) is refused rather than cleaned; what is
/// left must resolve to this host.
fn safe_next(next: Option<&str>) -> String {
    let Some(n) = next else { return "/".into() };
    let plain = n.starts_with('/')
        && !n.starts_with("//")
        && !n.chars().any(|c| c == '\\' || c.is_control() || c.is_whitespace());
    let base = url::Url::parse("http://this.host/").ok();
    let same_host = base.and_then(|b| b.join(n).ok()).is_some_and(|u| u.host_str() == Some("this.host"));
    if plain && same_host {
        n.to_string()
    } else {
        "/".to_string()
    }
}

/// `/?q=`: a search of finished events by name or venue.
#[derive(Deserialize)]
struct HomeQuery {
    q: Option<String>,
}

async fn home(state: web::Data<AppState>, req: HttpRequest, user: MaybeUser, q: web::Query<HomeQuery>) -> Page {
    let search: String = q.q.as_deref().unwrap_or_default().trim().chars().take(100).collect();
    // A section is listed under its event, not on its own.
    let alone = |list: Vec<views::TournamentView>| -> Vec<views::TournamentView> {
        list.into_iter().filter(|t| t.event_id.is_none()).collect()
    };
    let running = alone(tournaments::list_running(&state.ctx).await?);
    let open = alone(tournaments::list_open(&state.ctx).await?);
    let finished = alone(tournaments::list_finished(&state.ctx, Some(&search)).await?);
    let events = crate::service::lifecycle::events::list(&state.ctx, user.0.as_ref())
        .await?
        .into_iter()
        .filter(|e| !e.sections.is_empty())
        .collect();
    let mine = match &user.0 {
        Some(u) => tournaments::list_mine(&state.ctx, u).await?,
        None => Vec::new(),
    };
    let (nav, fresh) = nav(&req, user.0.as_ref());
    render(&req, &state, &tpl::HomePage { nav, running, open, finished, search, mine, events }, fresh.as_deref())
}

#[derive(Deserialize)]
struct NextQuery {
    next: Option<String>,
}

fn account_page(
    req: &HttpRequest,
    state: &AppState,
    signup: bool,
    error: Option<String>,
    email: String,
    display_name: String,
    next: String,
) -> Page {
    let (nav, fresh) = nav(req, None);
    let page = tpl::AccountPage { nav, signup, error, email, display_name, next };
    let mut res = render(req, state, &page, fresh.as_deref())?;
    if page.error.is_some() {
        *res.status_mut() = actix_web::http::StatusCode::UNPROCESSABLE_ENTITY;
    }
    Ok(res)
}

async fn login_page(state: web::Data<AppState>, req: HttpRequest, q: web::Query<NextQuery>) -> Page {
    account_page(&req, &state, false, None, String::new(), String::new(), safe_next(q.next.as_deref()))
}

async fn signup_page(state: web::Data<AppState>, req: HttpRequest, q: web::Query<NextQuery>) -> Page {
    account_page(&req, &state, true, None, String::new(), String::new(), safe_next(q.next.as_deref()))
}

#[derive(Deserialize)]
struct AccountForm {
    csrf_token: String,
    email: String,
    password: String,
    #[serde(default)]
    display_name: String,
    #[serde(default)]
    next: Option<String>,
}

async fn login_form(state: web::Data<AppState>, req: HttpRequest, form: web::Form<AccountForm>) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    let f = form.into_inner();
    let next = safe_next(f.next.as_deref());
    let from = super::peer::client_address(&req, &state.settings.trusted_proxies);
    match accounts::sign_in(
        &state.ctx,
        &state.passwords,
        &state.limits,
        from,
        accounts::SignIn { email: f.email.clone(), password: f.password },
    )
    .await
    {
        Ok((_, token)) => Ok(HttpResponse::SeeOther()
            .cookie(session::cookie(&token, state.settings.secure_cookies))
            .insert_header((header::LOCATION, next))
            .finish()),
        Err(e) => account_page(
            &req,
            &state,
            false,
            Some(e.message_in(super::locale::lang_of(&req))),
            f.email,
            String::new(),
            next,
        ),
    }
}

async fn signup_form(state: web::Data<AppState>, req: HttpRequest, form: web::Form<AccountForm>) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    let f = form.into_inner();
    let next = safe_next(f.next.as_deref());
    let input = accounts::SignUp { email: f.email.clone(), password: f.password, display_name: f.display_name.clone() };
    let from = super::peer::client_address(&req, &state.settings.trusted_proxies);
    match accounts::sign_up(&state.ctx, &state.passwords, &state.limits, from, input).await {
        Ok((_, token)) => Ok(HttpResponse::SeeOther()
            .cookie(session::cookie(&token, state.settings.secure_cookies))
            .insert_header((header::LOCATION, next))
            .finish()),
        Err(e) => account_page(
            &req,
            &state,
            true,
            Some(e.message_in(super::locale::lang_of(&req))),
            f.email,
            f.display_name,
            next,
        ),
    }
}

async fn logout_form(state: web::Data<AppState>, req: HttpRequest, form: web::Form<TokenForm>) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    if let Some(c) = req.cookie(session::COOKIE) {
        accounts::sign_out(&state.ctx, c.value()).await?;
    }
    Ok(HttpResponse::SeeOther()
        .cookie(session::removal_cookie(state.settings.secure_cookies))
        .insert_header((header::LOCATION, "/"))
        .finish())
}

/// The games the new-event form offers, from the game registry.
fn game_choices() -> Vec<tpl::GameChoice> {
    crate::game::all()
        .map(|s| tpl::GameChoice {
            game: s.game(),
            format: s.suggested_format().to_owned(),
            pages: s.pages_like().unwrap_or_else(|| s.game()),
            pairing_systems: s.pairing_systems().to_vec(),
        })
        .collect()
}

async fn new_page(state: web::Data<AppState>, req: HttpRequest, user: MaybeUser) -> Page {
    let Some(u) = user.0 else { return Ok(redirect("/login?next=/tournaments/new")) };
    let (nav, fresh) = nav(&req, Some(&u));
    render(&req, &state, &tpl::NewTournamentPage { nav, error: None, games: game_choices() }, fresh.as_deref())
}

#[derive(Deserialize)]
struct NewForm {
    csrf_token: String,
    name: String,
    event_date: String,
    #[serde(default)]
    location: Option<String>,
    format: String,
    #[serde(default)]
    total_rounds: Option<String>,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    pairing_system: Option<String>,
    #[serde(default)]
    max_vp: Option<String>,
    #[serde(default)]
    missions: Option<String>,
    #[serde(default)]
    round_times: Option<String>,
    #[serde(default)]
    round_one_pairing: Option<String>,
    #[serde(default)]
    round_one_seed: Option<String>,
}

async fn new_form(state: web::Data<AppState>, req: HttpRequest, user: MaybeUser, form: web::Form<NewForm>) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    let Some(u) = user.0 else { return Ok(redirect("/login?next=/tournaments/new")) };
    let f = form.into_inner();
    let number = |s: &str, field: &str| {
        s.trim().parse::<u32>().map_err(|_| {
            ApiError::invalid(Code::InvalidField, "").text("refusal-whole-number", [("field", field_label(field))])
        })
    };
    let input = (|| {
        Ok::<_, ApiError>(tournaments::CreateTournament {
            name: f.name,
            event_date: f.event_date,
            location: f.location,
            format: f.format,
            total_rounds: match f.total_rounds.as_deref().map(str::trim) {
                None | Some("") => None,
                Some(v) => Some(number(v, "total_rounds")?),
            },
            game: f.game.filter(|g| !g.trim().is_empty()),
            pairing_system: f.pairing_system.filter(|p| !p.trim().is_empty()),
            points: None,
            standings: None,
            max_vp: match f.max_vp.as_deref().map(str::trim) {
                None | Some("") => None,
                Some(v) => Some(number(v, "max_vp")?),
            },
            missions: f
                .missions
                .map(|m| m.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect()),
            round_times: f.round_times.map(|s| s.lines().map(String::from).collect()),
            // Registration order is the default, whatever the game.
            round_one_pairing: f.round_one_pairing.filter(|p| !p.trim().is_empty() && p.trim() != "registration"),
            round_one_seed: match f.round_one_seed.as_deref().map(str::trim) {
                None | Some("") => None,
                Some(v) => Some(number(v, "round_one_seed")?),
            },
            // Team events are created through the API.
            teams: None,
        })
    })();
    let created = match input {
        Ok(input) => tournaments::create(&state.ctx, &u, input).await,
        Err(e) => Err(e),
    };
    match created {
        Ok(t) => Ok(redirect(&format!("/t/{}/dashboard", t.id))),
        Err(e) => {
            let (nav, fresh) = nav(&req, Some(&u));
            let mut res = render(
                &req,
                &state,
                &tpl::NewTournamentPage {
                    nav,
                    error: Some(e.message_in(super::locale::lang_of(&req))),
                    games: game_choices(),
                },
                fresh.as_deref(),
            )?;
            *res.status_mut() = actix_web::ResponseError::status_code(&e);
            Ok(res)
        }
    }
}

async fn tournament_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> Page {
    let viewer = user.0.as_ref();
    let t = tournaments::get(&state.ctx, *id, viewer).await?;
    let list = players::list(&state.ctx, viewer, *id).await?;
    let me = viewer.and_then(|u| list.iter().find(|p| p.user_id == u.id && !p.removed).cloned());
    let is_to = crate::service::people::staff::role_in(&state.ctx, *id, viewer).await?.is_some();
    let rooms = room_links(&state, *id, viewer).await;
    let (nav, fresh) = nav(&req, viewer);
    render(
        &req,
        &state,
        &tpl::TournamentPage { nav, t, is_to, signed_in: viewer.is_some(), me, players: list, rooms },
        fresh.as_deref(),
    )
}

async fn results_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> Page {
    let t = tournaments::get(&state.ctx, *id, user.0.as_ref()).await?;
    let (nav, fresh) = nav(&req, user.0.as_ref());
    render(&req, &state, &tpl::ResultsPage { nav, t }, fresh.as_deref())
}

/// The pairing rooms' links for a page of `id` seen by `user` (none when
/// the database cannot say: the links are a convenience, the page is not).
async fn room_links(state: &AppState, id: TournamentId, user: Option<&User>) -> tpl::rooms::RoomLinks {
    match crate::service::teams::rooms::links(&state.ctx.store, id, user).await {
        Ok((any, mine)) => {
            tpl::rooms::RoomLinks { tournament_id: id.to_string(), mine: mine.map(|m| m.to_string()), any }
        }
        Err(_) => tpl::rooms::RoomLinks::default(),
    }
}

/// `?from=&to=` (a board's tables) and `?offset=` (a standings page).
#[derive(Deserialize, Default)]
struct ViewQuery {
    from: Option<u32>,
    to: Option<u32>,
    offset: Option<u32>,
}

/// The rows on one standings page.
const STANDINGS_PAGE: u32 = 50;

/// A live page's view state, and what its script needs to follow it.
pub(super) async fn live(
    state: &AppState,
    id: TournamentId,
    user: Option<&User>,
    view: View,
    params: String,
) -> Result<(ViewState, Live), PageError> {
    let (seq, s) = snapshot::for_view(&state.hub, id, user, &view).await?;
    let live = Live {
        view: view.name().to_string(),
        params,
        json: script_json(&crate::http::schemas::bodies::sorted(&LiveSeed { data: &s, seq })?),
    };
    Ok((s, live))
}

async fn board_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    q: web::Query<ViewQuery>,
) -> Page {
    let params = ViewParams { view: Some("board".into()), from: q.from, to: q.to, ..ViewParams::default() };
    let view = params.view(None).map_err(|m| ApiError::bad_request(Code::BadView, m))?;
    let query = match (q.from, q.to) {
        (None, None) => String::new(),
        (f, t) => format!("from={}&to={}", f.unwrap_or(1), t.unwrap_or(u32::MAX)),
    };
    let (s, live) = live(&state, *id, user.0.as_ref(), view, query).await?;
    let ViewState::Board { tournament, round, .. } = s else { return Err(ApiError::internal("board view").into()) };
    let (nav, fresh) = nav(&req, user.0.as_ref());
    render(&req, &state, &tpl::BoardPage { nav, tournament, round, live }, fresh.as_deref())
}

async fn standings_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    q: web::Query<ViewQuery>,
) -> Page {
    let offset = q.offset.unwrap_or(0);
    let view = View::Standings { offset, limit: STANDINGS_PAGE };
    let (s, live) = live(&state, *id, user.0.as_ref(), view, format!("offset={offset}&limit={STANDINGS_PAGE}")).await?;
    let ViewState::Standings { tournament, standings, .. } = s else {
        return Err(ApiError::internal("standings view").into());
    };
    let role = crate::service::people::staff::role_in(&state.ctx, *id, user.0.as_ref()).await?;
    let is_to = role.is_some_and(EventRole::organises);
    let (nav, fresh) = nav(&req, user.0.as_ref());
    render(&req, &state, &tpl::StandingsPage { nav, is_to, tournament, standings, live }, fresh.as_deref())
}

async fn bracket_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> Page {
    let (s, live) = live(&state, *id, user.0.as_ref(), View::Bracket, String::new()).await?;
    let ViewState::Bracket { tournament, .. } = s else { return Err(ApiError::internal("bracket view").into()) };
    let (nav, fresh) = nav(&req, user.0.as_ref());
    render(&req, &state, &tpl::BracketPage { nav, tournament, live }, fresh.as_deref())
}

async fn dashboard_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> Page {
    let Some(u) = user.0 else { return Ok(redirect(&format!("/login?next=/t/{}/dashboard", id))) };
    let (s, live) = live(&state, *id, Some(&u), View::Queue, String::new()).await?;
    let ViewState::Queue { tournament, .. } = s else { return Err(ApiError::internal("queue view").into()) };
    let Some(role) = crate::service::people::staff::role_in(&state.ctx, *id, Some(&u)).await? else {
        return Err(ApiError::forbidden(
            Code::NotTournamentStaff,
            "Only the tournament's organisers and judges can open the dashboard.",
        )
        .into());
    };
    let list = players::list(&state.ctx, Some(&u), *id).await?;
    let playoffs = state.ctx.store.read().await?.playoff(*id).await?.is_some();
    let (nav, fresh) = nav(&req, Some(&u));
    render(
        &req,
        &state,
        &tpl::DashboardPage {
            nav,
            tournament,
            live,
            players_json: script_json(&list),
            role,
            playoffs,
            rooms: room_links(&state, *id, Some(&u)).await,
        },
        fresh.as_deref(),
    )
}

async fn player_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> Page {
    let Some(u) = user.0 else { return Ok(redirect(&format!("/login?next=/t/{}/me", id))) };
    let (me, captain) = {
        let tx = state.ctx.store.read().await?;
        match crate::service::teams::screens::registration_of_user(&tx, *id, u.id).await? {
            Some(me) => {
                let captain = crate::service::teams::screens::captains(&tx, &me, u.id).await?;
                (me, captain)
            }
            None => return Ok(redirect(&format!("/t/{id}"))),
        }
    };
    let team = crate::service::teams::screens::team_followed(&me);
    let view = View::Player { player: me.id, user: u.id, team, captain };
    let (s, live) = live(&state, *id, Some(&u), view, String::new()).await?;
    let ViewState::Player { tournament, .. } = s else { return Err(ApiError::internal("player view").into()) };
    let published = prizes::published_in(&state.ctx, Some(&u), *id, super::locale::lang_of(&req)).await?;
    let (my_prizes, my_payout) = published.as_ref().map(|p| p.of_player(me.id)).unwrap_or_default();
    let (nav, fresh) = nav(&req, Some(&u));
    let page = tpl::PlayerPage {
        nav,
        tournament,
        me: views::player(&me, true, true),
        live,
        prizes_published: published.is_some(),
        my_prizes,
        my_payout,
        rooms: room_links(&state, *id, Some(&u)).await,
    };
    render(&req, &state, &page, fresh.as_deref())
}

async fn team_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    path: web::Path<(TournamentId, PlayerId)>,
) -> Page {
    let (id, team) = path.into_inner();
    let t = tournaments::get(&state.ctx, id, user.0.as_ref()).await?;
    let (team, captain, rounds) =
        crate::service::teams::screens::team_page(&state.ctx, id, team, user.0.as_ref()).await?;
    // The venue board's view carries every change to the current round's
    // matches and games: the page follows it and re-reads its parts when
    // one of this team's changes.
    let (_, live) = live(&state, id, user.0.as_ref(), View::Board { from: 1, to: u32::MAX }, String::new()).await?;
    let (nav, fresh) = nav(&req, user.0.as_ref());
    render(&req, &state, &tpl::TeamPage { nav, tournament: t, team, captain, rounds, live }, fresh.as_deref())
}

async fn asset(req: HttpRequest, name: web::Path<String>) -> HttpResponse {
    match arbiter_web::assets::get(&name) {
        Some(a) => HttpResponse::Ok()
            .content_type(a.content_type)
            .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
            .body(a.body),
        None => not_found_page(&req),
    }
}

#[cfg(test)]
mod tests {
    use super::safe_next;

    #[test]
    fn next_stays_on_this_site() {
        for good in ["/", "/t/abc/me", "/t/abc/dashboard?x=1#top", "/%09/evil.example"] {
            assert_eq!(safe_next(Some(good)), good);
        }
        for bad in [
            "//evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "/\\evil.example",
            "\\\\evil.example",
            "https://evil.example/",
            "javascript:alert(1)",
            "evil.example",
            "/ /evil.example",
        ] {
            assert_eq!(safe_next(Some(bad)), "/", "{bad:?}");
        }
        assert_eq!(safe_next(None), "/");
    }
}
