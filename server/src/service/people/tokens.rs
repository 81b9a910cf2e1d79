//! An account's personal access tokens: made (the secret shown once),
//! listed, revoked. Requests present them as `Authorization: Bearer`
//! (`crate::auth::tokens`).

use crate::auth::tokens;
use crate::domain::{now_millis, ApiToken, TokenId, TokenScope, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::Ctx;
use serde::Deserialize;

/// The most tokens one account keeps (a bound on what a leaked session can
/// mint, and on the list the account page shows).
pub const MAX_PER_ACCOUNT: u64 = 50;

/// A request to make a token.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    /// What it is for (1–64 characters), as the list shows it: `Discord bot`.
    pub name: String,
    /// `read` (reads only) or `organiser` (everything the account may do).
    pub scope: TokenScope,
}

/// A token just made, with its secret: the only time the secret is shown.
#[derive(Clone, Debug)]
pub struct MadeToken {
    /// The token as the list shows it.
    pub token: ApiToken,
    /// The secret to send as `Authorization: Bearer <secret>`; not shown again.
    pub secret: String,
}

/// Makes a token for `user`.
///
/// # Errors
/// 422 `invalid_field` for a bad name; 409 `too_many_tokens` past
/// [`MAX_PER_ACCOUNT`].
pub async fn create(ctx: &Ctx, user: &User, input: NewToken) -> ApiResult<MadeToken> {
    let name = crate::service::clean_text("token_name", &input.name, 64)?;
    let secret = tokens::new_secret();
    let token =
        ApiToken { id: TokenId::random(), name, scope: input.scope, created_at: now_millis(), last_used_at: None };
    let tx = ctx.store.begin().await?;
    if tx.token_count(user.id).await? >= MAX_PER_ACCOUNT {
        return Err(ApiError::conflict(
            Code::TooManyTokens,
            format!("An account keeps at most {MAX_PER_ACCOUNT} tokens; revoke one you no longer use first."),
        ));
    }
    tx.insert_token(user.id, &token, &tokens::secret_hash(&secret)).await?;
    tx.commit().await?;
    Ok(MadeToken { token, secret })
}

/// `user`'s tokens, oldest first (never their secrets).
///
/// # Errors
/// The database could not be read.
pub async fn list(ctx: &Ctx, user: &User) -> ApiResult<Vec<ApiToken>> {
    Ok(ctx.store.read().await?.tokens_of(user.id).await?)
}

/// Revokes `user`'s token `id`: from the commit on, a request presenting it
/// is refused (401 `token_invalid`).
///
/// # Errors
/// 404 `token_not_found` when the account has no such token.
pub async fn revoke(ctx: &Ctx, user: &User, id: TokenId) -> ApiResult<()> {
    let tx = ctx.store.begin().await?;
    if !tx.delete_token(user.id, id).await? {
        return Err(ApiError::not_found(Code::TokenNotFound, "You have no token with this id (revoked already?)."));
    }
    tx.commit().await?;
    Ok(())
}
