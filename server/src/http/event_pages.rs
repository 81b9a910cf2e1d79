//! The pages of an event with sections: `/e/{id}` (every section, its
//! standings' leaders and links) and the venue screens across sections,
//! `/e/{id}/board` (by section, or `?view=names`: everyone A–Z with
//! section, table and opponent) and `/e/{id}/standings`, each choosing its
//! sections with `?sections=` (ids or names, comma-separated). The screens
//! follow each section's own live view (`event_screens.js`).

use super::pages::{nav, render, Page};
use crate::app::AppState;
use crate::auth::session::MaybeUser;
use crate::domain::{EventId, Tournament, User};
use crate::error::ApiError;
use crate::live::snapshot;
use crate::live::view::View;
use crate::service::lifecycle::events;
use crate::service::views::ViewState;
use actix_web::{web, HttpRequest};
use arbiter_web::pages::events::{EventPage, EventScreenPage, NameLine, ScreenSection, SectionSummary};
use serde::Deserialize;

/// Registers the pages.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/e/{id}", web::get().to(event_page))
        .route("/e/{id}/board", web::get().to(board_page))
        .route("/e/{id}/standings", web::get().to(standings_page));
}

/// The leaders shown for each section on the event page.
const LEADERS: usize = 5;

/// The standings rows each section shows on the standings screen.
const SCREEN_ROWS: u32 = 50;

async fn event_page(state: web::Data<AppState>, req: HttpRequest, user: MaybeUser, id: web::Path<EventId>) -> Page {
    let viewer = user.0.as_ref();
    let (e, list) = {
        let tx = state.ctx.store.read().await?;
        let e = events::load(&tx, *id).await?;
        let list = events::sections(&tx, &e, viewer).await?;
        (e, list)
    };
    let mut sections = Vec::new();
    for t in &list {
        let section = {
            let tx = state.ctx.store.read().await?;
            events::section_view(&tx, t).await?
        };
        let top = if section.round == 0 {
            Vec::new()
        } else {
            let (_, rows, _) = crate::service::standings_of(&state.ctx, t.id, viewer, None).await?;
            rows.into_iter().take(LEADERS).collect()
        };
        sections.push(SectionSummary { section, top });
    }
    let event = {
        let tx = state.ctx.store.read().await?;
        events::view(&tx, &e, viewer).await?
    };
    let is_to = viewer.is_some_and(|u| e.organised_by(u.id));
    let (nav, fresh) = nav(&req, viewer);
    render(&req, &state, &EventPage { nav, event, sections, is_to }, fresh.as_deref())
}

/// `?view=names` (the board) and `?sections=`.
#[derive(Deserialize, Default)]
struct ScreenQuery {
    view: Option<String>,
    sections: Option<String>,
}

/// The filter as kept in links: only the characters of ids and plain names.
fn clean_filter(raw: Option<&str>) -> String {
    raw.unwrap_or_default()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ',' | '-' | '_' | ' '))
        .take(400)
        .collect()
}

/// The sections `filter` names (by id or by name, any case), in the event's
/// order; every section when it names none.
fn chosen(list: Vec<Tournament>, filter: &str) -> Vec<Tournament> {
    let wanted: Vec<String> = filter.split(',').map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty()).collect();
    if wanted.is_empty() {
        return list;
    }
    list.into_iter().filter(|t| wanted.iter().any(|w| *w == t.id.to_string() || *w == t.name.to_lowercase())).collect()
}

async fn screen(
    state: &AppState,
    req: &HttpRequest,
    viewer: Option<&User>,
    id: EventId,
    q: &ScreenQuery,
    board: bool,
) -> Page {
    let filter = clean_filter(q.sections.as_deref());
    let (e, list) = {
        let tx = state.ctx.store.read().await?;
        let e = events::load(&tx, id).await?;
        let list = chosen(events::sections(&tx, &e, viewer).await?, &filter);
        (e, list)
    };
    let view =
        if board { View::Board { from: 1, to: u32::MAX } } else { View::Standings { offset: 0, limit: SCREEN_ROWS } };
    let mut sections = Vec::new();
    for t in &list {
        let section = {
            let tx = state.ctx.store.read().await?;
            events::section_view(&tx, t).await?
        };
        let (seq, s) = snapshot::for_view(&state.hub, t.id, viewer, &view).await?;
        let (round, standings) = match s {
            ViewState::Board { round, .. } => (round, Vec::new()),
            ViewState::Standings { standings, .. } => (None, standings.rows),
            _ => return Err(ApiError::internal("event screen view").into()),
        };
        let standings = if section.round == 0 { Vec::new() } else { standings };
        sections.push(ScreenSection { section, round, standings, seq });
    }
    let names_mode = board && q.view.as_deref() == Some("names");
    let names = if names_mode { names_of(&sections) } else { Vec::new() };
    let event = {
        let tx = state.ctx.store.read().await?;
        events::view(&tx, &e, viewer).await?
    };
    let (live_view, live_params) =
        if board { ("board", String::new()) } else { ("standings", format!("offset=0&limit={SCREEN_ROWS}")) };
    let (nav, fresh) = nav(req, viewer);
    let page = EventScreenPage {
        nav,
        event,
        screen: if board { "board" } else { "standings" }.to_string(),
        names_mode,
        sections,
        names,
        filter,
        live_view: live_view.to_string(),
        live_params,
    };
    render(req, state, &page, fresh.as_deref())
}

/// Everyone seated in the shown sections' current rounds, A–Z (by name in
/// any case, then section): "find your name" across sections.
fn names_of(sections: &[ScreenSection]) -> Vec<NameLine> {
    let mut out = Vec::new();
    for s in sections {
        let Some(r) = &s.round else { continue };
        for p in &r.pairings {
            let section = s.section.name.clone();
            match &p.player2 {
                Some(o) => {
                    out.push(NameLine {
                        name: p.player1.name.clone(),
                        section: section.clone(),
                        table: Some(p.table),
                        opponent: Some(o.name.clone()),
                    });
                    out.push(NameLine {
                        name: o.name.clone(),
                        section,
                        table: Some(p.table),
                        opponent: Some(p.player1.name.clone()),
                    });
                }
                None => out.push(NameLine { name: p.player1.name.clone(), section, table: None, opponent: None }),
            }
        }
    }
    out.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then_with(|| a.section.cmp(&b.section)));
    out
}

async fn board_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<EventId>,
    q: web::Query<ScreenQuery>,
) -> Page {
    screen(&state, &req, user.0.as_ref(), *id, &q, true).await
}

async fn standings_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<EventId>,
    q: web::Query<ScreenQuery>,
) -> Page {
    screen(&state, &req, user.0.as_ref(), *id, &q, false).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_keeps_only_plain_names_and_ids() {
        assert_eq!(clean_filter(Some("Open,U1800")), "Open,U1800");
        assert_eq!(clean_filter(Some("<script>\"x\"&y")), "scriptxy");
        assert_eq!(clean_filter(None), "");
    }
}
