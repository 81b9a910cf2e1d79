//! Personal access tokens: an account's keys for scripts, bots and overlays,
//! sent as `Authorization: Bearer <token>`.
//!
//! - `api_tokens`: one row per token: its owner (deleted with the account),
//!   the name the owner gave it, its scope (`read` or `organiser`), the
//!   SHA-256 of the secret (hex; the secret itself is shown once and never
//!   stored), when it was made and when it was last used (`NULL`: never).
//!   A revoked token's row is deleted.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(ApiTokens::Table)
                .col(string_len(ApiTokens::Id, 36).primary_key())
                .col(string_len(ApiTokens::UserId, 36))
                .col(string_len(ApiTokens::Name, 64))
                .col(string_len(ApiTokens::Scope, 16))
                .col(string_len_uniq(ApiTokens::TokenHash, 64))
                .col(big_integer(ApiTokens::CreatedAt))
                .col(big_integer_null(ApiTokens::LastUsedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(ApiTokens::Table, ApiTokens::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("api_tokens_user").table(ApiTokens::Table).col(ApiTokens::UserId).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ApiTokens::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum ApiTokens {
    Table,
    Id,
    UserId,
    Name,
    Scope,
    TokenHash,
    CreatedAt,
    LastUsedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}
