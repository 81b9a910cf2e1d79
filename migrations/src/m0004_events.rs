//! The per-tournament event log (transactional outbox): one row per state
//! change, written in the change's transaction, numbered by `seq`.

use crate::m0002_tournaments::Tournaments;
use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Events::Table)
                .col(string_len(Events::TournamentId, 36))
                .col(big_integer(Events::Seq))
                .col(string_len(Events::Kind, 32))
                .col(text(Events::Payload))
                .col(big_integer(Events::CreatedAt))
                .primary_key(Index::create().col(Events::TournamentId).col(Events::Seq))
                .foreign_key(
                    ForeignKey::create()
                        .from(Events::Table, Events::TournamentId)
                        .to(Tournaments::Table, Tournaments::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Events::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Events {
    Table,
    TournamentId,
    Seq,
    Kind,
    Payload,
    CreatedAt,
}
