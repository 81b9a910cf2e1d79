//! Accounts and sessions.

use super::entity::{session, user};
use super::{StoreResult, Tx};
use crate::domain::{User, UserId};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Set};
use std::collections::HashSet;

impl Tx {
    /// Inserts an account with its password hash (PHC string).
    pub async fn insert_user(&self, u: &User, password_hash: &str, at: i64) -> StoreResult<()> {
        user::ActiveModel {
            id: Set(u.id),
            email: Set(u.email.clone()),
            display_name: Set(u.display_name.clone()),
            password_hash: Set(password_hash.to_string()),
            created_at: Set(at),
        }
        .insert(self.conn())
        .await?;
        Ok(())
    }

    /// Inserts accounts that share one password hash (placeholders: `!`),
    /// a few hundred rows per statement.
    pub async fn insert_users(&self, users: &[User], password_hash: &str, at: i64) -> StoreResult<()> {
        for chunk in users.chunks(500) {
            let rows = chunk.iter().map(|u| user::ActiveModel {
                id: Set(u.id),
                email: Set(u.email.clone()),
                display_name: Set(u.display_name.clone()),
                password_hash: Set(password_hash.to_string()),
                created_at: Set(at),
            });
            user::Entity::insert_many(rows).exec_without_returning(self.conn()).await?;
        }
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
    pub async fn user(&self, id: UserId) -> StoreResult<Option<User>> {
        user::Entity::find_by_id(id).one(self.conn()).await?.map(from_model).transpose()
    }

    /// Records a session (by the SHA-256 hex of its token).
    pub async fn insert_session(&self, token_hash: &str, user: UserId, at: i64, expires_at: i64) -> StoreResult<()> {
        session::ActiveModel {
            token_hash: Set(token_hash.to_string()),
            user_id: Set(user),
            created_at: Set(at),
            expires_at: Set(expires_at),
        }
        .insert(self.conn())
        .await?;
        Ok(())
    }

    /// The account of a session that has not expired at `now`.
    pub async fn session_user(&self, token_hash: &str, now: i64) -> StoreResult<Option<User>> {
        Ok(self.session(token_hash, now).await?.map(|(u, _)| u))
    }

    /// The account of a session that has not expired at `now` (Unix
    /// milliseconds), and when the session expires (Unix milliseconds).
    pub async fn session(&self, token_hash: &str, now: i64) -> StoreResult<Option<(User, i64)>> {
        let Some(s) =
            session::Entity::find_by_id(token_hash).filter(session::Column::ExpiresAt.gt(now)).one(self.conn()).await?
        else {
            return Ok(None);
        };
        Ok(self.user(s.user_id).await?.map(|u| (u, s.expires_at)))
    }

    /// Which of these sessions (SHA-256 hex of their tokens) exist and have
    /// not expired at `now` (Unix milliseconds). Asks in batches of 500.
    pub async fn open_sessions(&self, token_hashes: &[String], now: i64) -> StoreResult<HashSet<String>> {
        let mut open = HashSet::new();
        for batch in token_hashes.chunks(500) {
            let found = session::Entity::find()
                .select_only()
                .column(session::Column::TokenHash)
                .filter(session::Column::TokenHash.is_in(batch.iter().cloned()))
                .filter(session::Column::ExpiresAt.gt(now))
                .into_tuple::<String>()
                .all(self.conn())
                .await?;
            open.extend(found);
        }
        Ok(open)
    }

    /// Ends a session; says whether there was one.
    pub async fn delete_session(&self, token_hash: &str) -> StoreResult<bool> {
        let done = session::Entity::delete_by_id(token_hash).exec(self.conn()).await?;
        Ok(done.rows_affected > 0)
    }
}

fn from_model(m: user::Model) -> StoreResult<User> {
    Ok(User { id: m.id, email: m.email, display_name: m.display_name })
}
