//! One-time codes (claim codes, staff invitations) are not for guessing:
//! on every route that looks a code up, a lookup that finds nothing (404)
//! counts against the client's address, and an address that misses too
//! often is answered 429 on those routes until its bucket refills
//! ([`crate::auth::limits::Limits::code_lookup`]). A person with a real code
//! never misses, so never meets the limit.

use crate::app::AppState;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web;

/// The routes that take a code, as registered.
const CODE_ROUTES: [&str; 5] =
    ["/api/claims/{code}", "/claim/{code}", "/claim/{code}/qr.svg", "/api/staff-invites/{code}", "/staff/{code}"];

/// Middleware (`actix_web::middleware::from_fn(limit)`), see the module doc.
///
/// # Errors
/// Only what the wrapped service returns; an address over its limit is answered 429.
pub async fn limit(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let takes_code = req.match_pattern().is_some_and(|p| CODE_ROUTES.contains(&p.as_str()));
    let Some(state) = req.app_data::<web::Data<AppState>>().filter(|_| takes_code).cloned() else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let from = super::peer::client_address(req.request(), &state.settings.trusted_proxies);
    if let Err(e) = state.limits.code_lookup(from) {
        return Ok(req.error_response(e).map_into_right_body());
    }
    let res = next.call(req).await?;
    if res.status() == actix_web::http::StatusCode::NOT_FOUND {
        state.limits.code_missed(from);
    }
    Ok(res.map_into_left_body())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_code_route_is_registered_as_named() {
        let sources = [include_str!("entries.rs"), include_str!("staff.rs")];
        for route in super::CODE_ROUTES {
            assert!(sources.iter().any(|s| s.contains(&format!("\"{route}\""))), "{route} is not a registered route");
        }
    }
}
