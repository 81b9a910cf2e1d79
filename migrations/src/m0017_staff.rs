//! An event's staff besides its owner: co-organisers (every organiser
//! right) and judges (results, disputes, overrides, check-in), who join by
//! an invitation link.
//!
//! - `tournaments.staff`: the members as JSON (account, role, name, when
//!   added), read with the event on every request, so a removal takes
//!   effect at the next request.
//! - `staff_invites`: one-time invitations, kept as the SHA-256 of their code.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tournaments::Table).add_column(text_null(Tournaments::Staff)).to_owned())
            .await?;
        m.create_table(
            Table::create()
                .table(StaffInvites::Table)
                .col(string_len(StaffInvites::CodeHash, 64).primary_key())
                .col(string_len(StaffInvites::TournamentId, 36))
                .col(string_len(StaffInvites::Role, 16))
                .col(big_integer(StaffInvites::CreatedAt))
                .col(string_len(StaffInvites::CreatedBy, 36))
                .foreign_key(
                    ForeignKey::create()
                        .from(StaffInvites::Table, StaffInvites::TournamentId)
                        .to(Tournaments::Table, Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(StaffInvites::Table).to_owned()).await?;
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::Staff).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    Staff,
}

#[derive(DeriveIden)]
enum StaffInvites {
    Table,
    CodeHash,
    TournamentId,
    Role,
    CreatedAt,
    CreatedBy,
}
