//! `/account`: the signed-in account's page and its personal access tokens
//! as HTML forms (CSRF-checked): make one (the secret shown on the answer
//! page only, never in an address), revoke one.

use super::pages::{nav, redirect, render, Page, TokenForm};
use crate::app::AppState;
use crate::auth::{csrf, session::MaybeUser};
use crate::domain::{ApiToken, TokenId, TokenScope, User};
use crate::service::people::tokens;
use actix_web::{web, HttpRequest};
use arbiter_web::pages::account::{AccountTokensPage, TokenRow};
use serde::Deserialize;

/// Registers the pages.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/account", web::get().to(account_page))
        .route("/account/tokens", web::post().to(make_form))
        .route("/account/tokens/{id}/revoke", web::post().to(revoke_form));
}

/// Unix ms as `YYYY-MM-DD HH:MM` (UTC).
fn minute(at: i64) -> String {
    chrono::DateTime::from_timestamp_millis(at).map_or_else(String::new, |d| d.format("%Y-%m-%d %H:%M UTC").to_string())
}

fn row(t: ApiToken) -> TokenRow {
    TokenRow {
        id: t.id.to_string(),
        name: t.name,
        scope: t.scope.as_str().to_string(),
        created: minute(t.created_at),
        last_used: t.last_used_at.map(minute),
    }
}

async fn show(
    state: &AppState,
    req: &HttpRequest,
    user: &User,
    made: Option<(String, String)>,
    error: Option<String>,
) -> Page {
    let list = tokens::list(&state.ctx, user).await?;
    let (nav, fresh) = nav(req, Some(user));
    let page = AccountTokensPage {
        nav,
        email: user.email.clone(),
        display_name: user.display_name.clone(),
        tokens: list.into_iter().map(row).collect(),
        made,
        error,
    };
    let refused = page.error.is_some();
    let mut res = render(req, state, &page, fresh.as_deref())?;
    if refused {
        *res.status_mut() = actix_web::http::StatusCode::UNPROCESSABLE_ENTITY;
    }
    Ok(res)
}

async fn account_page(state: web::Data<AppState>, req: HttpRequest, user: MaybeUser) -> Page {
    let Some(u) = user.0 else { return Ok(redirect("/login?next=/account")) };
    show(&state, &req, &u, None, None).await
}

#[derive(Deserialize)]
struct MakeForm {
    csrf_token: String,
    name: String,
    scope: String,
}

async fn make_form(state: web::Data<AppState>, req: HttpRequest, user: MaybeUser, form: web::Form<MakeForm>) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    let Some(u) = user.0 else { return Ok(redirect("/login?next=/account")) };
    let f = form.into_inner();
    let scope = TokenScope::parse(&f.scope).unwrap_or(TokenScope::Read);
    match tokens::create(&state.ctx, &u, tokens::NewToken { name: f.name, scope }).await {
        Ok(made) => show(&state, &req, &u, Some((made.token.name, made.secret)), None).await,
        Err(e) => show(&state, &req, &u, None, Some(e.message_in(super::locale::lang_of(&req)))).await,
    }
}

async fn revoke_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TokenId>,
    form: web::Form<TokenForm>,
) -> Page {
    csrf::check_form_token(&req, &form.csrf_token)?;
    let Some(u) = user.0 else { return Ok(redirect("/login?next=/account")) };
    match tokens::revoke(&state.ctx, &u, *id).await {
        Ok(()) => Ok(redirect("/account#tokens")),
        Err(e) => show(&state, &req, &u, None, Some(e.message_in(super::locale::lang_of(&req)))).await,
    }
}
