//! Personal access tokens: keys an account makes for its scripts, bots and
//! stream overlays, sent as `Authorization: Bearer <token>` instead of the
//! session cookie. Each has a scope; the secret is shown once, when it is
//! made, and kept only as its SHA-256.

use super::{Millis, TokenId};
use serde::{Deserialize, Serialize};

/// What a token may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TokenScope {
    /// Reads only (`GET`, `HEAD`): whatever the account may see. Every
    /// other method is refused with 403 `token_read_only`.
    Read,
    /// Everything the account may do, writes included (an organiser's
    /// scripts: pairing, results, settings).
    Organiser,
}

impl TokenScope {
    /// The stored and wire name: `read` or `organiser`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            TokenScope::Read => "read",
            TokenScope::Organiser => "organiser",
        }
    }

    /// Parses the stored name.
    #[must_use]
    pub fn parse(s: &str) -> Option<TokenScope> {
        match s {
            "read" => Some(TokenScope::Read),
            "organiser" => Some(TokenScope::Organiser),
            _ => None,
        }
    }

    /// Whether a request of this method is within the scope: a `read` token
    /// only reads (the methods RFC 9110 §9.2.1 calls safe).
    #[must_use]
    pub fn allows(self, method: &str) -> bool {
        match self {
            TokenScope::Organiser => true,
            TokenScope::Read => matches!(method, "GET" | "HEAD" | "OPTIONS"),
        }
    }
}

/// One of an account's tokens, as its owner sees it (never the secret).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ApiToken {
    /// The token's id (revoke it with `DELETE /api/account/tokens/{id}`).
    pub id: TokenId,
    /// The name its owner gave it (what it is for).
    pub name: String,
    /// What it may do.
    pub scope: TokenScope,
    /// When it was made (Unix ms).
    pub created_at: Millis,
    /// When a request last used it (Unix ms, to the minute); `null`: never.
    pub last_used_at: Option<Millis>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_token_only_reads() {
        for m in ["GET", "HEAD", "OPTIONS"] {
            assert!(TokenScope::Read.allows(m));
        }
        for m in ["POST", "PUT", "PATCH", "DELETE"] {
            assert!(!TokenScope::Read.allows(m));
            assert!(TokenScope::Organiser.allows(m));
        }
        for s in [TokenScope::Read, TokenScope::Organiser] {
            assert_eq!(TokenScope::parse(s.as_str()), Some(s));
        }
    }
}
