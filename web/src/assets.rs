//! Static files, compiled into the binary (one file to deploy).

/// A static asset: its bytes and content type.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// File contents.
    pub body: &'static str,
    /// `Content-Type` header value.
    pub content_type: &'static str,
}

const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// Every asset: name, contents, type. Pages load scripts only from here (the
/// Content-Security-Policy allows no inline script).
const ASSETS: [(&str, &str, &str); 19] = [
    ("app.css", include_str!("../static/app.css"), CSS),
    ("live.js", include_str!("../static/live.js"), JS),
    ("games.js", include_str!("../static/games.js"), JS),
    ("board.js", include_str!("../static/board.js"), JS),
    ("pages.js", include_str!("../static/pages.js"), JS),
    ("standings.js", include_str!("../static/standings.js"), JS),
    ("dashboard.js", include_str!("../static/dashboard.js"), JS),
    ("player.js", include_str!("../static/player.js"), JS),
    ("waitlist.js", include_str!("../static/waitlist.js"), JS),
    ("eligibility.js", include_str!("../static/eligibility.js"), JS),
    ("results.js", include_str!("../static/results.js"), JS),
    ("swiss.js", include_str!("../static/swiss.js"), JS),
    ("bracket.js", include_str!("../static/bracket.js"), JS),
    ("new_tournament.js", include_str!("../static/new_tournament.js"), JS),
    ("rooms.css", include_str!("../static/rooms.css"), CSS),
    ("pairing_room.js", include_str!("../static/pairing_room.js"), JS),
    ("rooms.js", include_str!("../static/rooms.js"), JS),
    ("overlay.js", include_str!("../static/overlay.js"), JS),
    ("event_screens.js", include_str!("../static/event_screens.js"), JS),
];

/// The asset served at `/static/{name}`, if any.
#[must_use]
pub fn get(name: &str) -> Option<Asset> {
    ASSETS.iter().find(|a| a.0 == name).map(|&(_, body, content_type)| Asset { body, content_type })
}

/// A short hash of every asset, appended to asset URLs so browsers refetch after an upgrade.
#[must_use]
pub fn version() -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (_, body, _) in ASSETS {
        for b in body.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{:08x}", h >> 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asset_is_served_with_a_type() {
        for (name, _, _) in ASSETS {
            let a = get(name);
            assert!(a.is_some_and(|a| !a.body.is_empty()), "{name}");
        }
        assert!(get("../Cargo.toml").is_none());
        assert_eq!(version().len(), 8);
    }
}
