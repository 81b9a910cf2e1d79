//! Personal access tokens: made, listed, looked up by the SHA-256 of their
//! secret, touched when used, deleted when revoked.

use super::entity::api_token;
use super::{StoreError, StoreResult, Tx};
use crate::domain::{ApiToken, Millis, TokenId, TokenScope, User, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set};

impl Tx {
    /// Records a token of `user` by the SHA-256 hex of its secret.
    pub async fn insert_token(&self, user: UserId, token: &ApiToken, secret_hash: &str) -> StoreResult<()> {
        api_token::ActiveModel {
            id: Set(token.id),
            user_id: Set(user),
            name: Set(token.name.clone()),
            scope: Set(token.scope.as_str().to_string()),
            token_hash: Set(secret_hash.to_string()),
            created_at: Set(token.created_at),
            last_used_at: Set(token.last_used_at),
        }
        .insert(self.conn())
        .await?;
        Ok(())
    }

    /// The tokens of an account, oldest first.
    pub async fn tokens_of(&self, user: UserId) -> StoreResult<Vec<ApiToken>> {
        api_token::Entity::find()
            .filter(api_token::Column::UserId.eq(user))
            .order_by_asc(api_token::Column::CreatedAt)
            .order_by_asc(api_token::Column::Id)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// The token whose secret has this SHA-256 hex, with its account.
    pub async fn token_by_hash(&self, secret_hash: &str) -> StoreResult<Option<(User, ApiToken)>> {
        let Some(m) =
            api_token::Entity::find().filter(api_token::Column::TokenHash.eq(secret_hash)).one(self.conn()).await?
        else {
            return Ok(None);
        };
        let user = m.user_id;
        let token = from_model(m)?;
        Ok(self.user(user).await?.map(|u| (u, token)))
    }

    /// How many tokens an account has.
    pub async fn token_count(&self, user: UserId) -> StoreResult<u64> {
        Ok(api_token::Entity::find().filter(api_token::Column::UserId.eq(user)).count(self.conn()).await?)
    }

    /// Records that a token was used at `at`, unless it was already marked
    /// as used since `since` (so a busy script writes once a minute, not on
    /// every request).
    pub async fn touch_token(&self, id: TokenId, at: Millis, since: Millis) -> StoreResult<()> {
        api_token::Entity::update_many()
            .col_expr(api_token::Column::LastUsedAt, Expr::value(at))
            .filter(api_token::Column::Id.eq(id))
            .filter(
                Condition::any()
                    .add(api_token::Column::LastUsedAt.is_null())
                    .add(api_token::Column::LastUsedAt.lt(since)),
            )
            .exec(self.conn())
            .await?;
        Ok(())
    }

    /// Deletes `user`'s token `id` (revokes it); says whether there was one.
    pub async fn delete_token(&self, user: UserId, id: TokenId) -> StoreResult<bool> {
        let done = api_token::Entity::delete_many()
            .filter(api_token::Column::Id.eq(id))
            .filter(api_token::Column::UserId.eq(user))
            .exec(self.conn())
            .await?;
        Ok(done.rows_affected > 0)
    }
}

fn from_model(m: api_token::Model) -> StoreResult<ApiToken> {
    let scope = TokenScope::parse(&m.scope).ok_or_else(|| StoreError::Corrupt(format!("token scope {:?}", m.scope)))?;
    Ok(ApiToken { id: m.id, name: m.name, scope, created_at: m.created_at, last_used_at: m.last_used_at })
}
