//! Who is asking: the client's address, for abuse limits and logs.
//!
//! The connection's peer is the client unless it is a configured trusted
//! proxy (`--trusted-proxy`); then the client is the right-most address of
//! `X-Forwarded-For` that is not itself a trusted proxy (each proxy appends
//! the address it saw, so addresses left of that could be made up by anyone).
//! A forwarded header from anyone else is ignored.

use actix_web::HttpRequest;
use std::net::{IpAddr, Ipv4Addr};

/// The client's address behind at most `trusted` proxies (unspecified when
/// the connection has no peer address, as in unit tests).
#[must_use]
pub fn client_address(req: &HttpRequest, trusted: &[IpAddr]) -> IpAddr {
    let peer = req.peer_addr().map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |a| a.ip());
    if !trusted.contains(&peer) {
        return peer;
    }
    let forwarded = req.headers().get_all("x-forwarded-for").filter_map(|v| v.to_str().ok()).collect::<Vec<_>>();
    forwarded
        .iter()
        .flat_map(|v| v.split(','))
        .rev()
        .map_while(|hop| hop.trim().parse::<IpAddr>().ok())
        .find(|ip| !trusted.contains(ip))
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn from(peer: &str, xff: Option<&str>) -> HttpRequest {
        let mut r =
            TestRequest::default().peer_addr(format!("{peer}:40000").parse().unwrap_or_else(|_| unreachable!()));
        if let Some(v) = xff {
            r = r.insert_header(("X-Forwarded-For", v));
        }
        r.to_http_request()
    }

    #[test]
    fn forwarded_for_is_believed_only_from_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.2".parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        let trusted = [proxy];
        // Anyone else's header is ignored.
        assert_eq!(client_address(&from("198.51.100.9", Some("1.2.3.4")), &trusted).to_string(), "198.51.100.9");
        // Through the proxy: the address the proxy saw, not what the client claimed before it.
        assert_eq!(
            client_address(&from("10.0.0.2", Some("6.6.6.6, 203.0.113.5")), &trusted).to_string(),
            "203.0.113.5"
        );
        // A chain of trusted proxies is walked past.
        let two = [proxy, "10.0.0.3".parse().unwrap_or(proxy)];
        assert_eq!(client_address(&from("10.0.0.2", Some("203.0.113.5, 10.0.0.3")), &two).to_string(), "203.0.113.5");
        // Garbage stops the walk: the proxy itself is the client.
        assert_eq!(client_address(&from("10.0.0.2", Some("not-an-ip")), &trusted).to_string(), "10.0.0.2");
        assert_eq!(client_address(&from("10.0.0.2", None), &trusted).to_string(), "10.0.0.2");
    }
}
