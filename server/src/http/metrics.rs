//! HTTP metrics: requests by route pattern, method and status class, and
//! their latency, recorded by the [`RecordHttp`] middleware.
//!
//! Labels are bounded: the route is the pattern the request matched
//! (`/api/tournaments/{id}`), `unmatched` for every unknown path; methods
//! outside the usual ones count as `OTHER`; statuses by class (`2xx`…).

use actix_web::dev::{forward_ready, Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::http::Method;
use futures_util::future::{ready, LocalBoxFuture, Ready};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::sync::Arc;
use std::time::Instant;

/// A request's route, method and status class.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    /// The matched route pattern, or `unmatched`.
    pub route: String,
    /// `GET`, `POST`, … or `OTHER`.
    pub method: &'static str,
    /// `1xx` to `5xx`.
    pub status: &'static str,
}

/// A request's route and method (the latency histogram's labels).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    /// The matched route pattern, or `unmatched`.
    pub route: String,
    /// `GET`, `POST`, … or `OTHER`.
    pub method: &'static str,
}

fn latency_histogram() -> Histogram {
    Histogram::new([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0])
}

/// The HTTP metrics (Prometheus types: cheap to clone, shared with the registry).
#[derive(Debug)]
pub struct HttpStats {
    /// Requests answered, by route, method and status class.
    pub requests: Family<RequestLabels, Counter>,
    /// Seconds from a request's arrival to its response head, by route and method.
    pub latency: Family<RouteLabels, Histogram, fn() -> Histogram>,
}

impl Default for HttpStats {
    fn default() -> HttpStats {
        HttpStats {
            requests: Family::default(),
            latency: Family::new_with_constructor(latency_histogram as fn() -> Histogram),
        }
    }
}

impl HttpStats {
    /// Registers `arbiter_http_requests_total` and `arbiter_http_request_duration_seconds`.
    pub fn register(&self, r: &mut Registry) {
        r.register(
            "arbiter_http_requests",
            "HTTP requests answered, by route, method and status class",
            self.requests.clone(),
        );
        r.register(
            "arbiter_http_request_duration_seconds",
            "Seconds from an HTTP request's arrival to its response, by route and method",
            self.latency.clone(),
        );
    }

    fn record(&self, route: String, method: &'static str, status: u16, seconds: f64) {
        let status = match status {
            100..=199 => "1xx",
            200..=299 => "2xx",
            300..=399 => "3xx",
            400..=499 => "4xx",
            _ => "5xx",
        };
        self.requests.get_or_create(&RequestLabels { route: route.clone(), method, status }).inc();
        self.latency.get_or_create(&RouteLabels { route, method }).observe(seconds);
    }
}

fn method_label(m: &Method) -> &'static str {
    match *m {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

/// Middleware recording every request in [`HttpStats`] (wrap it outermost,
/// so refusals by other middleware and caught panics count too).
#[derive(Clone, Debug)]
pub struct RecordHttp(pub Arc<HttpStats>);

impl<S, B> Transform<S, ServiceRequest> for RecordHttp
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Transform = RecordHttpMiddleware<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(RecordHttpMiddleware { service, stats: self.0.clone() }))
    }
}

/// The service [`RecordHttp`] wraps.
pub struct RecordHttpMiddleware<S> {
    service: S,
    stats: Arc<HttpStats>,
}

impl<S, B> Service<ServiceRequest> for RecordHttpMiddleware<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self::Response, Self::Error>>;

    forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let start = Instant::now();
        let method = method_label(req.method());
        let route = req.match_pattern().unwrap_or_else(|| "unmatched".to_string());
        let stats = self.stats.clone();
        let fut = self.service.call(req);
        Box::pin(async move {
            let res = fut.await;
            let status = match &res {
                Ok(r) => r.status().as_u16(),
                Err(e) => e.as_response_error().status_code().as_u16(),
            };
            stats.record(route, method, status, start.elapsed().as_secs_f64());
            res
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::{test, web, App, HttpResponse};

    #[actix_web::test]
    async fn requests_are_counted_by_route_pattern_and_unknown_paths_share_one_label() {
        let stats = Arc::new(HttpStats::default());
        let app = test::init_service(
            App::new()
                .wrap(RecordHttp(stats.clone()))
                .route("/t/{id}", web::get().to(|| async { HttpResponse::Ok().finish() })),
        )
        .await;
        for path in ["/t/1", "/t/2", "/nope/3"] {
            test::call_service(&app, test::TestRequest::get().uri(path).to_request()).await;
        }
        let count = |route: &str, status| {
            stats.requests.get_or_create(&RequestLabels { route: route.into(), method: "GET", status }).get()
        };
        assert_eq!(count("/t/{id}", "2xx"), 2);
        assert_eq!(count("unmatched", "4xx"), 1);
    }
}
