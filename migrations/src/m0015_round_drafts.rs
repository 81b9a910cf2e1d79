//! Draft pairings: a round paired as a draft that only the organiser sees,
//! changed by hand (swap, move, pair, unpair) and published when ready. The
//! round stays PENDING (no `pairings` rows) until it is published.
//!
//! - `round_drafts.layout`: the paired round as JSON (its tables, the
//!   pairing-allocated bye, byes arranged beforehand, warnings, the
//!   engine's explanation), as the server's pairing module writes it.
//! - `updated_by`: the account that last changed it.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(RoundDrafts::Table)
                .col(string_len(RoundDrafts::RoundId, 36).primary_key())
                .col(string_len(RoundDrafts::TournamentId, 36))
                .col(text(RoundDrafts::Layout))
                .col(big_integer(RoundDrafts::UpdatedAt))
                .col(string_len(RoundDrafts::UpdatedBy, 36))
                .foreign_key(
                    ForeignKey::create()
                        .from(RoundDrafts::Table, RoundDrafts::RoundId)
                        .to(Alias::new("rounds"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(RoundDrafts::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum RoundDrafts {
    Table,
    RoundId,
    TournamentId,
    Layout,
    UpdatedAt,
    UpdatedBy,
}
