//! `GET /t/{id}/qr.svg`: a QR code of the event's page, for the venue board
//! and the event page, so a phone opens the event from across the room.
//!
//! The address is `--public-url` when set; with `--lan`, the venue network
//! address `arbiter serve --lan` printed (the first, on the port the request
//! came to); otherwise (a server on this machine only) the one the request
//! came to, forwarded headers only from trusted proxies, and then not kept
//! by shared caches. A `Host` longer than any host name (255 bytes) is
//! refused with 400.

use crate::app::AppState;
use crate::auth::session::MaybeUser;
use crate::domain::TournamentId;
use crate::error::{ApiError, Code};
use actix_web::{web, HttpRequest, HttpResponse};
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{id}/qr.svg", web::get().to(event_qr));
}

/// The SVG of a QR code (error correction M, quiet zone included) encoding
/// `text`, black on white, scaling to whatever box the page gives it.
///
/// # Errors
/// Text too long for a QR code (over ~2,300 bytes at level M).
pub fn svg_of(text: &str) -> Result<String, qrcode::types::QrError> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)?;
    Ok(code.render::<svg::Color<'_>>().dark_color(svg::Color("#000")).light_color(svg::Color("#fff")).build())
}

/// The answer carrying a QR code of this server's page `path`: the address
/// is `--public-url` when set, else the one the request came to (see the
/// module); `cache` is its `Cache-Control`.
///
/// # Errors
/// 400 without a usable `Host`; 500 if the address cannot be encoded.
pub fn of_path(
    req: &HttpRequest,
    settings: &crate::config::Settings,
    path: &str,
    cache: &'static str,
) -> Result<HttpResponse, ApiError> {
    let (origin, cache) = origin_of(req, settings, cache)?;
    let url = format!("{}{path}", origin.ascii_serialization());
    let body = svg_of(&url).map_err(|e| ApiError::internal(format!("QR code of a {}-byte address: {e}", url.len())))?;
    Ok(HttpResponse::Ok().content_type("image/svg+xml").insert_header(("Cache-Control", cache)).body(body))
}

/// The longest `Host` (or `X-Forwarded-Host`) taken: a DNS name is at most
/// 253 bytes, then a port.
const MAX_HOST: usize = 255;

/// The origin a QR code encodes (see the module), and the `Cache-Control`
/// to answer with.
fn origin_of(
    req: &HttpRequest,
    settings: &crate::config::Settings,
    cache: &'static str,
) -> Result<(url::Origin, &'static str), ApiError> {
    if let Some(public) = &settings.public_url {
        return Ok((public.origin(), cache));
    }
    if settings.lan {
        let port = req.app_config().local_addr().port();
        if let Some(ip) = crate::lan::addresses().first() {
            if let Ok(u) = url::Url::parse(&format!("http://{}", std::net::SocketAddr::new(*ip, port))) {
                return Ok((u.origin(), cache));
            }
        }
    }
    let too_long =
        ["host", "x-forwarded-host"].iter().any(|h| req.headers().get(*h).is_some_and(|v| v.len() > MAX_HOST));
    if too_long {
        return Err(ApiError::bad_request(
            Code::BadRequest,
            format!("The Host header is longer than {MAX_HOST} bytes."),
        ));
    }
    let origin = crate::auth::csrf::server_origin(req, settings)
        .ok_or_else(|| ApiError::bad_request(Code::BadRequest, "The request has no usable Host header."))?;
    // From the request's own headers: for this client only, never a shared cache.
    Ok((origin, "private, no-store"))
}

async fn event_qr(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    {
        let tx = state.ctx.store.read().await?;
        crate::service::visible(&tx, *id, user.0.as_ref()).await?;
    }
    of_path(&req, &state.settings, &format!("/t/{}", *id), "public, max-age=3600")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_address_becomes_an_svg_qr_code() {
        let svg = svg_of("http://192.168.1.20:3005/t/5f0c8e9a-1b2c-4d3e-8f40-123456789abc").unwrap_or_default();
        assert!(svg.contains("<svg") && svg.contains("#000") && svg.contains("#fff"), "{svg}");
        assert!(svg_of(&"x".repeat(5000)).is_err());
    }
}
