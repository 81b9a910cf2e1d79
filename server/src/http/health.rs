//! `/healthz` (the process answers) and `/readyz` (database and bus reachable).

use crate::app::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(healthz)).route("/readyz", web::get().to(readyz));
}

async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let db = state.store.ping().await.is_ok();
    let bus = state.bus.is_healthy();
    let body = json!({
        "status": if db && bus { "ready" } else { "unavailable" },
        "database": { "backend": state.store.backend_name(), "ok": db },
        "bus": { "kind": state.bus.name(), "ok": bus },
    });
    if db && bus {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}
