//! The step timer of the captains' pairing process: when the current step's
//! timer runs out, so the server tells the organisers once, without anyone
//! polling.
//!
//! - `team_processes.expires_at`: Unix ms, `NULL` when no announcement is
//!   due (the step waits for the roll-off, the process is finished, or the
//!   step's expiry was announced already), with an index for the server's
//!   scan of due timers.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(TeamProcesses::Table)
                .add_column(big_integer_null(TeamProcesses::ExpiresAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("team_processes_expires_at")
                .table(TeamProcesses::Table)
                .col(TeamProcesses::ExpiresAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("team_processes_expires_at").table(TeamProcesses::Table).to_owned()).await?;
        m.alter_table(Table::alter().table(TeamProcesses::Table).drop_column(TeamProcesses::ExpiresAt).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum TeamProcesses {
    Table,
    ExpiresAt,
}
