//! Round-robin pools before the top cut (one row per event that has pools).
//!
//! - `pools.members`: the pools as a JSON list of lists of registration ids,
//!   pool A first, each pool in its seeding order (its Berger pairing numbers
//!   1, 2, …);
//! - `pools.rule`: how they were made (`serpentine` or `by_hand`).

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Pools::Table)
                .col(string_len(Pools::TournamentId, 36).primary_key())
                .col(text(Pools::Members))
                .col(string_len(Pools::Rule, 16))
                .col(big_integer(Pools::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Pools::Table, Pools::TournamentId)
                        .to(Alias::new("tournaments"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Pools::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Pools {
    Table,
    TournamentId,
    Members,
    Rule,
    UpdatedAt,
}
