//! Sign-up, sign-in and sign-out.

use crate::auth::limits::Limits;
use crate::auth::password::{self, Hasher};
use crate::auth::session;
use crate::bus::Control;
use crate::domain::{now_millis, User, UserId};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::Ctx;
use serde::Deserialize;
use std::net::IpAddr;

/// A sign-up request.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    /// E-mail address (the sign-in name; case-insensitive).
    pub email: String,
    /// Password, 8 to 256 characters.
    pub password: String,
    /// Name shown to others (1–64 characters).
    pub display_name: String,
}

/// A sign-in request.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    /// E-mail address.
    pub email: String,
    /// Password.
    pub password: String,
}

fn clean_email(email: &str) -> ApiResult<String> {
    let e = email.trim().to_lowercase();
    let valid = e.len() <= 254
        && e.split_once('@')
            .is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.') && !domain.starts_with('.'))
        && !e.chars().any(char::is_whitespace);
    if valid {
        Ok(e)
    } else {
        Err(ApiError::invalid(Code::InvalidEmail, "Enter an e-mail address like name@example.com."))
    }
}

async fn start_session(ctx: &Ctx, user: UserId) -> ApiResult<String> {
    let token = session::new_token();
    let now = now_millis();
    let tx = ctx.store.begin().await?;
    tx.insert_session(&session::token_hash(&token), user, now, now + session::LIFETIME_DAYS * 86_400_000).await?;
    tx.commit().await?;
    Ok(token)
}

/// Creates an account and signs it in. Returns the account and the session
/// token. `from` is the client's address (for the attempt `limits`);
/// the password is hashed by `passwords`.
///
/// # Errors
/// 422 for a bad e-mail or name, `weak_password` (too short, too long, or
/// easy to guess: [`password::weakness`]); 409 `email_taken`; 429
/// `too_many_attempts` (also after too many `email_taken` from one address:
/// [`Limits::sign_up_allowed`]).
pub async fn sign_up(
    ctx: &Ctx,
    passwords: &Hasher,
    limits: &Limits,
    from: IpAddr,
    input: SignUp,
) -> ApiResult<(User, String)> {
    let email = clean_email(&input.email)?;
    let display_name = crate::service::clean_text("display_name", &input.display_name, 64)?;
    if let Some(weak) = password::weakness(&input.password, &[&email, &display_name]) {
        return Err(weak);
    }
    limits.sign_up_allowed(from)?;
    limits.password_attempt(from, &email)?;
    limits.count_against_address(from);
    let phc = passwords.hash(input.password).await.map_err(ApiError::internal)?;
    let user = User { id: UserId::random(), email, display_name };
    let tx = ctx.store.begin().await?;
    if tx.user_by_email(&user.email).await?.is_some() {
        limits.email_taken(from);
        return Err(ApiError::conflict(
            Code::EmailTaken,
            "An account with this e-mail already exists; sign in instead.",
        ));
    }
    tx.insert_user(&user, &phc, now_millis()).await?;
    tx.commit().await?;
    let token = start_session(ctx, user.id).await?;
    Ok((user, token))
}

/// Signs in. Returns the account and the session token. `from` is the
/// client's address (for the attempt `limits`); `passwords` verifies.
///
/// # Errors
/// 401 `invalid_credentials` (the same for an unknown e-mail and a wrong
/// password); 429 `too_many_attempts`.
pub async fn sign_in(
    ctx: &Ctx,
    passwords: &Hasher,
    limits: &Limits,
    from: IpAddr,
    input: SignIn,
) -> ApiResult<(User, String)> {
    let email = input.email.trim().to_lowercase();
    let attempt = limits.password_attempt(from, &email)?;
    let found = ctx.store.read().await?.user_by_email(&email).await?;
    let refused = || {
        limits.count_against_address(from);
        ApiError::unauthorized(Code::InvalidCredentials, "That e-mail and password do not match an account.")
    };
    // Verify against a real hash even for unknown accounts, so timing does
    // not reveal them; but not from a venue address over its limit, where
    // the hashing work would be a flood's (only that address sees the difference).
    let (user, phc) = match found {
        Some((u, h)) => (Some(u), h),
        None if attempt.address_over_limit => return Err(refused()),
        None => (None, DUMMY_HASH.to_string()),
    };
    let ok = passwords.verify(input.password, phc).await.map_err(ApiError::internal)?;
    match user {
        Some(u) if ok => {
            let token = start_session(ctx, u.id).await?;
            Ok((u, token))
        }
        _ => Err(refused()),
    }
}

/// Ends the session with this token (if any), and after the commit tells
/// every instance, whose live sockets opened with it then close.
///
/// # Errors
/// 503 when the database is down.
pub async fn sign_out(ctx: &Ctx, token: &str) -> ApiResult<()> {
    let hash = session::token_hash(token);
    let tx = ctx.store.begin().await?;
    let ended = tx.delete_session(&hash).await?;
    tx.commit().await?;
    if ended {
        ctx.bus.control(Control::SessionEnded { session: hash });
    }
    Ok(())
}

/// An argon2id hash of a random password, verified against when the account does not exist.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Ew7pYrzhbQ7xKTA0cIydQ/uibPCKWt2aFd5UmdPq4nk";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(clean_email(" Alice@Example.COM ").ok().as_deref(), Some("alice@example.com"));
        for bad in ["", "alice", "@x.com", "a@b", "a b@c.com", "a@.com"] {
            assert!(clean_email(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn dummy_hash_is_a_valid_phc_string() {
        assert!(argon2::PasswordHash::new(DUMMY_HASH).is_ok());
        assert!(!password::verify("anything", DUMMY_HASH));
    }
}
