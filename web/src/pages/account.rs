//! `/account`: the signed-in account and its personal access tokens (make
//! one, its secret shown once; the list with each token's scope and last
//! use; revoke).

use super::Nav;
use askama::Template;

/// One token as the account page lists it.
#[derive(Clone, Debug)]
pub struct TokenRow {
    /// The token's id (the revoke form's address).
    pub id: String,
    /// Its name.
    pub name: String,
    /// `read` or `organiser`.
    pub scope: String,
    /// When it was made (UTC, `YYYY-MM-DD HH:MM`).
    pub created: String,
    /// When it was last used (UTC, to the minute); `None`: never.
    pub last_used: Option<String>,
}

/// `/account`.
#[derive(Template)]
#[template(path = "account_tokens.html")]
pub struct AccountTokensPage {
    /// Header.
    pub nav: Nav,
    /// The account's e-mail.
    pub email: String,
    /// The account's name.
    pub display_name: String,
    /// Its tokens, oldest first.
    pub tokens: Vec<TokenRow>,
    /// A token just made: its name and secret (shown this once).
    pub made: Option<(String, String)>,
    /// What went wrong with the last form.
    pub error: Option<String>,
}
