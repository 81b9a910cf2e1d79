//! Accounts, sessions and request protection.
//!
//! - [`password`]: argon2id hashing (PHC strings), off the async runtime,
//!   one hash per core at a time.
//! - [`limits`]: sign-in/sign-up attempts per account and per client address,
//!   live sockets per address.
//! - [`session`]: the `arbiter_session` cookie (HttpOnly, SameSite=Lax) and
//!   the [`session::Authed`] / [`session::MaybeUser`] extractors, for pages and
//!   API alike.
//! - [`csrf`]: cross-site request forgery protection: an Origin check on every
//!   unsafe request, and a double-submit token on HTML form posts.
//! - [`tokens`]: personal access tokens sent as `Authorization: Bearer`,
//!   which the same extractors accept in place of the cookie.

pub mod csrf;
pub mod limits;
pub mod password;
pub mod session;
pub mod tokens;
