//! A panic while serving a request answers that request with a 500 JSON
//! error (`{"error":"internal","message":…}`) and one log line, instead of
//! taking the worker and its other connections down.

use crate::error::{ApiError, Code};
use actix_web::dev::{forward_ready, Service, ServiceRequest, ServiceResponse, Transform};
use futures_util::future::{ready, LocalBoxFuture, Ready};
use futures_util::FutureExt as _;
use std::any::Any;
use std::panic::AssertUnwindSafe;

/// Middleware catching a panic in the wrapped service (see the module docs).
pub struct CatchPanic;

impl<S, B> Transform<S, ServiceRequest> for CatchPanic
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Transform = CatchPanicMiddleware<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(CatchPanicMiddleware { service }))
    }
}

/// The service [`CatchPanic`] wraps.
pub struct CatchPanicMiddleware<S> {
    service: S,
}

impl<S, B> Service<ServiceRequest> for CatchPanicMiddleware<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<B>;
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self::Response, Self::Error>>;

    forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        // Not a clone of the request: routing needs the only reference to it.
        let (method, path) = (req.method().clone(), req.path().to_string());
        let called = std::panic::catch_unwind(AssertUnwindSafe(|| self.service.call(req)));
        Box::pin(async move {
            let panic = match called {
                Ok(fut) => match AssertUnwindSafe(fut).catch_unwind().await {
                    Ok(res) => return res,
                    Err(panic) => panic,
                },
                Err(panic) => panic,
            };
            tracing::error!(
                method = %method,
                path = %path,
                panic = panic_message(panic.as_ref()),
                "request panicked; answered 500"
            );
            // An error, not a response: the request it belonged to is gone;
            // the server answers it with the error's JSON body.
            Err(ApiError::new(
                actix_web::http::StatusCode::INTERNAL_SERVER_ERROR,
                Code::Internal,
                "Something went wrong on the server; it has been logged.",
            )
            .into())
        })
    }
}

/// The text a panic was raised with (`panic!("…")`, `unwrap` on `Err`, …).
fn panic_message(panic: &(dyn Any + Send)) -> &str {
    panic
        .downcast_ref::<&'static str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)")
}

/// Makes a panic's report one log line (`tracing`, with the place it was
/// raised), not the default multi-line report with its backtrace. The
/// request it interrupted is answered and logged by [`CatchPanic`].
pub fn log_panics_as_one_line() {
    std::panic::set_hook(Box::new(|info| {
        let place = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        let message = panic_message(info.payload()).replace('\n', " ");
        tracing::error!(at = %place, "panic: {message}");
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::{test, web, App, HttpResponse};

    async fn boom() -> HttpResponse {
        let v: Vec<u8> = Vec::new();
        HttpResponse::Ok().body(format!("{}", v[usize::from(v.is_empty())]))
    }

    #[actix_web::test]
    async fn a_panicking_handler_answers_500_json_and_the_app_keeps_serving() {
        let app = test::init_service(
            App::new()
                .wrap(CatchPanic)
                .route("/boom/{id}", web::get().to(boom))
                .route("/ok/{id}", web::get().to(|| async { HttpResponse::Ok().body("fine") })),
        )
        .await;
        for _ in 0..3 {
            let res = match test::try_call_service(&app, test::TestRequest::get().uri("/boom/1").to_request()).await {
                Ok(res) => res.into_parts().1,
                Err(e) => e.error_response(),
            };
            assert_eq!(res.status(), 500);
            let body = actix_web::body::to_bytes(res.into_body()).await.unwrap();
            let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
            assert_eq!(body["error"], "internal");
            assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
        let res = test::call_service(&app, test::TestRequest::get().uri("/ok/1").to_request()).await;
        assert_eq!(res.status(), 200);
        assert_eq!(test::read_body(res).await, "fine");
    }
}
