//! Entries without accounts: the organiser adds a player by name (a walk-in,
//! a roster line); the player takes the entry over with a one-time claim
//! code (a link and a QR code).
//!
//! - `claim_codes`: at most one live code per entry, stored as its SHA-256
//!   (hex), never in clear; claiming or issuing a new code removes it.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(ClaimCodes::Table)
                .col(string_len(ClaimCodes::PlayerId, 36).primary_key())
                .col(string_len(ClaimCodes::TournamentId, 36))
                .col(string_len(ClaimCodes::CodeHash, 64).unique_key())
                .col(big_integer(ClaimCodes::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(ClaimCodes::Table, ClaimCodes::PlayerId)
                        .to(Alias::new("tournament_players"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ClaimCodes::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum ClaimCodes {
    Table,
    PlayerId,
    TournamentId,
    CodeHash,
    CreatedAt,
}
