//! `/healthz` (the process answers), `/readyz` (the database answers; the
//! bus is reported, and a Redis outage is `degraded`, not unready: the
//! instance keeps serving its own clients and catches up from the database)
//! and `/metrics` (Prometheus text format; loopback and trusted proxies only
//! unless `--public-metrics`).

use crate::app::AppState;
use crate::error::{ApiError, Code};
use crate::http::schemas::bodies::{sorted, Health, Ready, ReadyBus, ReadyDatabase};
use actix_web::get;
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(healthz).service(readyz).service(metrics);
}

refusals!(healthz: []);
#[utoipa::path(
    operation_id = "health_healthz",
    tag = "operations",
    summary = "Liveness: the process answers.",
    responses((status = 200, description = "Always `{\"status\":\"ok\"}`.", body = crate::http::schemas::bodies::Health))
)]
#[get("/healthz")]
async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health { status: "ok".to_string() })
}

refusals!(readyz: []);
#[utoipa::path(
    operation_id = "health_readyz",
    tag = "operations",
    summary = "Readiness: the database and the bus are reachable.",
    responses((status = 200, description = "Ready (`ready`), or `degraded` when the bus is down but the database answers.", body = crate::http::schemas::bodies::Ready), (status = 503, description = "The database does not answer (`status`: `unavailable`).", body = crate::http::schemas::bodies::Ready))
)]
#[get("/readyz")]
async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let db = state.ctx.store.ping().await.is_ok();
    let bus = state.ctx.bus.is_healthy();
    let status = match (db, bus) {
        (true, true) => "ready",
        (true, false) => "degraded",
        (false, _) => "unavailable",
    };
    let body = Ready {
        status: status.to_string(),
        database: ReadyDatabase { backend: state.ctx.store.backend_name().to_string(), ok: db },
        bus: ReadyBus { kind: state.ctx.bus.name().to_string(), ok: bus },
    };
    let body = match sorted(&body) {
        Ok(body) => body,
        Err(e) => return e.error_response(),
    };
    if db {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}

/// Whether a client at `peer` may read `/metrics`: anyone with
/// `--public-metrics`, else this machine (loopback) and trusted proxies.
fn metrics_allowed(peer: Option<std::net::IpAddr>, settings: &crate::config::Settings) -> bool {
    settings.public_metrics || peer.is_some_and(|ip| ip.is_loopback() || settings.trusted_proxies.contains(&ip))
}

refusals!(metrics: [MetricsPrivate]);
#[utoipa::path(
    operation_id = "health_metrics",
    tag = "operations",
    summary = "Prometheus metrics (OpenMetrics text); this machine and trusted proxies only unless `--public-metrics`.",
    responses((status = 200, description = "The metrics.", body = String, content_type = "application/openmetrics-text"))
)]
#[get("/metrics")]
async fn metrics(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    if !metrics_allowed(req.peer_addr().map(|a| a.ip()), &state.settings) {
        return ApiError::forbidden(
            Code::MetricsPrivate,
            "Metrics are served to this machine only; start the server with --public-metrics to share them.",
        )
        .error_response();
    }
    let mut text = String::new();
    match prometheus_client::encoding::text::encode(&mut text, &state.metrics) {
        Ok(()) => {
            HttpResponse::Ok().content_type("application/openmetrics-text; version=1.0.0; charset=utf-8").body(text)
        }
        Err(e) => ApiError::internal(e).error_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::metrics_allowed;
    use crate::config::Settings;

    #[test]
    fn metrics_are_for_this_machine_and_trusted_proxies_unless_published() {
        let mut s = Settings::new("127.0.0.1:0", "sqlite::memory:", None);
        s.trusted_proxies = vec!["10.0.0.2".parse().unwrap()];
        assert!(metrics_allowed(Some("127.0.0.1".parse().unwrap()), &s));
        assert!(metrics_allowed(Some("::1".parse().unwrap()), &s));
        assert!(metrics_allowed(Some("10.0.0.2".parse().unwrap()), &s));
        assert!(!metrics_allowed(Some("203.0.113.9".parse().unwrap()), &s));
        assert!(!metrics_allowed(None, &s));
        s.public_metrics = true;
        assert!(metrics_allowed(Some("203.0.113.9".parse().unwrap()), &s));
    }
}
