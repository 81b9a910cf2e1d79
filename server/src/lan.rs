//! The venue network (`arbiter serve --lan`): the addresses phones and
//! screens on the same network open, and a QR code of the first, drawn in
//! the terminal.

use qrcode::render::unicode::Dense1x2;
use qrcode::QrCode;
use std::net::IpAddr;

/// This machine's addresses other devices can reach: every interface's
/// IPv4 address that is not loopback or link-local (`169.254.…`), private
/// ones (`192.168.…`, `10.…`, `172.16–31.…`: a venue's Wi-Fi) first.
#[must_use]
pub fn addresses() -> Vec<IpAddr> {
    let mut found: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|i| i.ip())
        .filter(|ip| match ip {
            IpAddr::V4(v4) => !v4.is_loopback() && !v4.is_link_local() && !v4.is_unspecified(),
            IpAddr::V6(_) => false,
        })
        .collect();
    found.sort_by_key(|ip| (!matches!(ip, IpAddr::V4(v4) if v4.is_private()), *ip));
    found.dedup();
    found
}

/// A QR code of `text` drawn with Unicode half blocks, dark on light with a
/// quiet zone, for a terminal (two rows of modules per line).
#[must_use]
pub fn qr_text(text: &str) -> String {
    match QrCode::new(text.as_bytes()) {
        Ok(code) => {
            code.render::<Dense1x2>().dark_color(Dense1x2::Light).light_color(Dense1x2::Dark).quiet_zone(true).build()
        }
        Err(_) => String::new(),
    }
}

/// What `arbiter serve --lan` prints at start: the addresses to open, a QR
/// code of the first, and a warning that plain HTTP can be read by anyone
/// on the network (unless `public_url` is `https`).
#[must_use]
pub fn banner(port: u16, addresses: &[IpAddr], public_url: Option<&url::Url>) -> String {
    let mut out = String::from("\nArbiter is listening on every network interface.\n");
    let urls: Vec<String> = addresses.iter().map(|ip| format!("http://{ip}:{port}/")).collect();
    match public_url {
        Some(u) => out.push_str(&format!("People open: {u}\n")),
        None if urls.is_empty() => {
            out.push_str("No network address found: is this machine on the venue's network?\n");
        }
        None => {
            out.push_str("Phones and screens on the same network open:\n");
            for u in &urls {
                out.push_str(&format!("  {u}\n"));
            }
        }
    }
    out.push_str(&format!("This machine: http://127.0.0.1:{port}/\n"));
    if let Some(first) = public_url.map(url::Url::to_string).or_else(|| urls.first().cloned()) {
        out.push('\n');
        out.push_str(&qr_text(&first));
        out.push('\n');
    }
    if public_url.is_none_or(|u| u.scheme() != "https") {
        out.push_str(
            "\nWARNING: this is plain HTTP. Anyone on the network can read what is sent, passwords \
             included. Use a network only your event uses, or put HTTPS in front (the venue guide \
             shows Caddy and nginx) and pass --public-url https://… --secure-cookies.\n",
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_banner_lists_every_address_and_warns_about_plain_http() {
        let ips: Vec<IpAddr> = vec!["192.168.1.20".parse().unwrap(), "10.0.0.5".parse().unwrap()];
        let b = banner(3005, &ips, None);
        assert!(b.contains("http://192.168.1.20:3005/") && b.contains("http://10.0.0.5:3005/"), "{b}");
        assert!(b.contains("WARNING: this is plain HTTP"), "{b}");
        // The QR code is drawn with half blocks.
        assert!(b.contains('▀') || b.contains('▄') || b.contains('█'), "{b}");
        let https: url::Url = "https://arbiter.example.org".parse().unwrap();
        let b = banner(3005, &ips, Some(&https));
        assert!(b.contains("People open: https://arbiter.example.org/") && !b.contains("WARNING"), "{b}");
    }

    #[test]
    fn no_loopback_address_is_offered() {
        assert!(addresses().iter().all(|ip| !ip.is_loopback()));
    }
}

/// Whether `host` (a `Host` header: name or address, with or without a
/// port) may reach a `--lan` server that has no `--public-url`: an IP
/// address or `localhost`. A DNS name could be an attacker's, rebound to
/// this machine's address (DNS rebinding) so that their page passes the
/// same-origin checks; a browser sends an address it was given as itself.
#[must_use]
pub fn host_allowed(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => host.rsplit_once(':').map_or(host, |(h, port)| if port.parse::<u16>().is_ok() { h } else { host }),
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok()
}

/// Middleware (`actix_web::middleware::from_fn(host_check)`): with `--lan`
/// and no `--public-url`, a request whose `Host` is not allowed
/// ([`host_allowed`]) is answered 400.
///
/// # Errors
/// Only what the wrapped service returns.
pub async fn host_check(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<
    actix_web::dev::ServiceResponse<actix_web::body::EitherBody<impl actix_web::body::MessageBody>>,
    actix_web::Error,
> {
    let open_lan = req
        .app_data::<actix_web::web::Data<crate::config::Settings>>()
        .is_some_and(|s| s.lan && s.public_url.is_none());
    let host = req.headers().get(actix_web::http::header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    if open_lan && !host_allowed(host) {
        let e = crate::error::ApiError::bad_request(
            crate::error::Code::BadRequest,
            "This venue server answers at its network address (the one `arbiter serve --lan` printed), not at a name; \
             set --public-url to serve a name.",
        );
        return Ok(req.error_response(e).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}

#[cfg(test)]
mod host_tests {
    use super::host_allowed;

    #[test]
    fn only_addresses_and_localhost_reach_an_open_lan_server() {
        for ok in [
            "192.168.1.20:3005",
            "192.168.1.20",
            "localhost:3005",
            "LOCALHOST",
            "[::1]:3005",
            "[fe80::1]",
            "10.0.0.5:80",
        ] {
            assert!(host_allowed(ok), "{ok}");
        }
        for bad in ["evil.example:3005", "evil.example", "192.168.1.20.nip.io:3005", "", "localhost.evil.example"] {
            assert!(!host_allowed(bad), "{bad}");
        }
    }
}
