//! Accounts and sessions.

use super::entity::{session, user};
use super::{parse_uuid, StoreResult, Tx};
use crate::domain::User;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use uuid::Uuid;

impl Tx {
    /// Inserts an account with its password hash (PHC string).
    pub async fn insert_user(&self, u: &User, password_hash: &str, at: i64) -> StoreResult<()> {
        user::ActiveModel {
            id: Set(u.id.to_string()),
            email: Set(u.email.clone()),
            display_name: Set(u.display_name.clone()),
            password_hash: Set(password_hash.to_string()),
            created_at: Set(at),
        }
        .insert(self.conn())
        .await?;
        Ok(())
    }

    /// The account with this (lower-cased) e-mail and its password hash.
    pub async fn user_by_email(&self, email: &str) -> StoreResult<Option<(User, String)>> {
        let Some(m) = user::Entity::find().filter(user::Column::Email.eq(email)).one(self.conn()).await? else {
            return Ok(None);
        };
        let hash = m.password_hash.clone();
        Ok(Some((from_model(m)?, hash)))
    }

    /// Loads an account.
    pub async fn user(&self, id: Uuid) -> StoreResult<Option<User>> {
        user::Entity::find_by_id(id.to_string()).one(self.conn()).await?.map(from_model).transpose()
    }

    /// Records a session (by the SHA-256 hex of its token).
    pub async fn insert_session(&self, token_hash: &str, user: Uuid, at: i64, expires_at: i64) -> StoreResult<()> {
        session::ActiveModel {
            token_hash: Set(token_hash.to_string()),
            user_id: Set(user.to_string()),
            created_at: Set(at),
            expires_at: Set(expires_at),
        }
        .insert(self.conn())
        .await?;
        Ok(())
    }

    /// The account of a session that has not expired at `now`.
    pub async fn session_user(&self, token_hash: &str, now: i64) -> StoreResult<Option<User>> {
        let Some(s) = session::Entity::find_by_id(token_hash.to_string())
            .filter(session::Column::ExpiresAt.gt(now))
            .one(self.conn())
            .await?
        else {
            return Ok(None);
        };
        self.user(parse_uuid(&s.user_id)?).await
    }

    /// Ends a session.
    pub async fn delete_session(&self, token_hash: &str) -> StoreResult<()> {
        session::Entity::delete_by_id(token_hash.to_string()).exec(self.conn()).await?;
        Ok(())
    }
}

fn from_model(m: user::Model) -> StoreResult<User> {
    Ok(User { id: parse_uuid(&m.id)?, email: m.email, display_name: m.display_name })
}
