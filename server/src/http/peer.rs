//! Who is asking: the client's address, for abuse limits and logs.
//!
//! The connection's peer is the client unless it is a configured trusted
//! proxy (`--trusted-proxy`); then the client is the right-most address of
//! `X-Forwarded-For` that is not itself a trusted proxy (each proxy appends
//! the address it saw, so addresses left of that could be made up by anyone).
//! A forwarded header from anyone else is ignored.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{web, HttpMessage as _, HttpRequest};
use std::net::{IpAddr, Ipv4Addr};
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RootSpanBuilder};

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
        .map_while(|hop| hop_address(hop.trim()))
        .find(|ip| !trusted.contains(ip))
        .unwrap_or(peer)
}

/// One hop of `X-Forwarded-For`: an address, with or without a port
/// (`203.0.113.5`, `203.0.113.5:41234`, `2001:db8::1`, `[2001:db8::1]:41234`,
/// `[2001:db8::1]`), as proxies write them.
fn hop_address(hop: &str) -> Option<IpAddr> {
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<std::net::SocketAddr>().ok().map(|a| a.ip()))
        .or_else(|| hop.strip_prefix('[').and_then(|h| h.strip_suffix(']')).and_then(|h| h.parse().ok()))
}

/// The span each request is logged in (`HTTP request{…}`): method, route,
/// target, user agent, request id and status as `tracing-actix-web` has
/// them, but the client's address from [`client_address`], so a forwarded
/// address is logged only when a trusted proxy sent it (the library's own
/// span believes `X-Forwarded-For` and `Forwarded` from anyone).
pub struct ClientSpan;

impl RootSpanBuilder for ClientSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let trusted = request
            .app_data::<web::Data<crate::config::Settings>>()
            .map(|s| s.trusted_proxies.clone())
            .unwrap_or_default();
        let client = client_address(request.request(), &trusted);
        let route = request.match_pattern().unwrap_or_else(|| "default".into());
        let user_agent = request.headers().get("user-agent").and_then(|v| v.to_str().ok()).unwrap_or("");
        let request_id =
            request.extensions().get::<tracing_actix_web::RequestId>().map(ToString::to_string).unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route,
            http.client_ip = %client,
            http.user_agent = %user_agent,
            http.target = %request.uri().path_and_query().map_or("", |p| p.as_str()),
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            request_id = %request_id,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, actix_web::Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
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
        // A hop with a port (as some proxies write it) is that address.
        for hop in ["203.0.113.5:41234", "[2001:db8::1]:41234", "[2001:db8::1]", "2001:db8::1"] {
            let want = if hop.contains("db8") { "2001:db8::1" } else { "203.0.113.5" };
            assert_eq!(client_address(&from("10.0.0.2", Some(hop)), &trusted).to_string(), want, "{hop}");
        }
        // Garbage stops the walk: the proxy itself is the client.
        assert_eq!(client_address(&from("10.0.0.2", Some("not-an-ip")), &trusted).to_string(), "10.0.0.2");
        assert_eq!(client_address(&from("10.0.0.2", None), &trusted).to_string(), "10.0.0.2");
    }

    /// What a log line written inside the request's span says.
    fn logged(peer: &str, xff: &str, trusted: Vec<IpAddr>) -> String {
        #[derive(Clone, Default)]
        struct Buf(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
        impl std::io::Write for Buf {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buf = Buf::default();
        let out = buf.clone();
        let subscriber = tracing_subscriber::fmt().with_writer(move || out.clone()).with_ansi(false).finish();
        let mut settings = crate::config::Settings::new("127.0.0.1:0", "sqlite::memory:", None);
        settings.trusted_proxies = trusted;
        let req = TestRequest::default()
            .peer_addr(format!("{peer}:40000").parse().unwrap_or_else(|_| unreachable!()))
            .insert_header(("X-Forwarded-For", xff))
            .insert_header(("Forwarded", format!("for={xff}")))
            .app_data(web::Data::new(settings))
            .to_srv_request();
        tracing::subscriber::with_default(subscriber, || {
            let span = ClientSpan::on_request_start(&req);
            let _in = span.enter();
            tracing::info!("inside");
        });
        let text = buf.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        String::from_utf8_lossy(&text).into_owned()
    }

    #[test]
    fn logs_name_the_forwarded_client_only_behind_a_trusted_proxy() {
        let line = logged("198.51.100.9", "6.6.6.6", vec![]);
        assert!(line.contains("http.client_ip=198.51.100.9") && !line.contains("6.6.6.6"), "{line}");
        let proxy: IpAddr = "10.0.0.2".parse().unwrap_or_else(|_| unreachable!());
        let line = logged("10.0.0.2", "203.0.113.5", vec![proxy]);
        assert!(line.contains("http.client_ip=203.0.113.5"), "{line}");
    }
}
