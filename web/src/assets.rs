//! Static files, compiled into the binary (one file to deploy).

/// A static asset: its bytes and content type.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// File contents.
    pub body: &'static str,
    /// `Content-Type` header value.
    pub content_type: &'static str,
}

/// The asset served at `/static/{name}`, if any.
#[must_use]
pub fn get(name: &str) -> Option<Asset> {
    let (body, content_type) = match name {
        "app.css" => (include_str!("../static/app.css"), "text/css; charset=utf-8"),
        "live.js" => (include_str!("../static/live.js"), "text/javascript; charset=utf-8"),
        "games.js" => (include_str!("../static/games.js"), "text/javascript; charset=utf-8"),
        "pages.js" => (include_str!("../static/pages.js"), "text/javascript; charset=utf-8"),
        "swiss.js" => (include_str!("../static/swiss.js"), "text/javascript; charset=utf-8"),
        _ => return None,
    };
    Some(Asset { body, content_type })
}

/// A short hash of every asset, appended to asset URLs so browsers refetch after an upgrade.
#[must_use]
pub fn version() -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for name in ["app.css", "live.js", "games.js", "pages.js", "swiss.js"] {
        for b in get(name).map(|a| a.body).unwrap_or_default().bytes() {
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
        for name in ["app.css", "live.js", "games.js", "pages.js", "swiss.js"] {
            let a = get(name);
            assert!(a.is_some_and(|a| !a.body.is_empty()), "{name}");
        }
        assert!(get("../Cargo.toml").is_none());
        assert_eq!(version().len(), 8);
    }
}
