//! `/healthz` (the process answers), `/readyz` (database and bus reachable)
//! and `/metrics` (Prometheus text format).

use crate::app::AppState;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(healthz))
        .route("/readyz", web::get().to(readyz))
        .route("/metrics", web::get().to(metrics));
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

async fn metrics(state: web::Data<AppState>) -> HttpResponse {
    let mut text = String::new();
    match prometheus_client::encoding::text::encode(&mut text, &state.metrics) {
        Ok(()) => {
            HttpResponse::Ok().content_type("application/openmetrics-text; version=1.0.0; charset=utf-8").body(text)
        }
        Err(e) => actix_web::ResponseError::error_response(&crate::error::ApiError::internal(e)),
    }
}
