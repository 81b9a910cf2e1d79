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
