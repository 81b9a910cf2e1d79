//! Accounts and sign-in sessions.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Users::Table)
                .col(string_len(Users::Id, 36).primary_key())
                .col(string_len_uniq(Users::Email, 254))
                .col(string_len(Users::DisplayName, 64))
                .col(string(Users::PasswordHash))
                .col(big_integer(Users::CreatedAt))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Sessions::Table)
                // SHA-256 of the cookie token, hex: the token itself is never stored.
                .col(string_len(Sessions::TokenHash, 64).primary_key())
                .col(string_len(Sessions::UserId, 36))
                .col(big_integer(Sessions::CreatedAt))
                .col(big_integer(Sessions::ExpiresAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Sessions::Table, Sessions::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(Index::create().name("sessions_user").table(Sessions::Table).col(Sessions::UserId).to_owned())
            .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Sessions::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Users::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
pub(crate) enum Users {
    Table,
    Id,
    Email,
    DisplayName,
    PasswordHash,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    TokenHash,
    UserId,
    CreatedAt,
    ExpiresAt,
}
