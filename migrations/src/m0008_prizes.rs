//! Prizes: each tournament's prize configuration (categories with their
//! prizes, and the rules: eligibility mode, unrated players in rating
//! categories, cash-split method) as JSON text, and every allocation run the
//! TO makes, with its inputs, outputs and log (JSON text), who ran it, when,
//! and whether (and when) it was published.

use crate::m0001_accounts::Users;
use crate::m0002_tournaments::Tournaments;
use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One row per tournament that has a prize list.
        m.create_table(
            Table::create()
                .table(PrizeConfigs::Table)
                .col(string_len(PrizeConfigs::TournamentId, 36).primary_key())
                // `{"categories": [...], "rules": {...}}` (engine `Category`, `RuleConfig`).
                .col(text(PrizeConfigs::Config))
                .col(string_len(PrizeConfigs::UpdatedBy, 36))
                .col(big_integer(PrizeConfigs::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(PrizeConfigs::Table, PrizeConfigs::TournamentId)
                        .to(Tournaments::Table, Tournaments::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create().from(PrizeConfigs::Table, PrizeConfigs::UpdatedBy).to(Users::Table, Users::Id),
                )
                .to_owned(),
        )
        .await?;

        // Every allocation run, never overwritten.
        m.create_table(
            Table::create()
                .table(PrizeRuns::Table)
                .col(string_len(PrizeRuns::Id, 36).primary_key())
                .col(string_len(PrizeRuns::TournamentId, 36))
                .col(string_len(PrizeRuns::RunBy, 36))
                .col(big_integer(PrizeRuns::RunAt))
                // The tournament's event sequence number the standings were read at.
                .col(big_integer(PrizeRuns::StandingsSeq))
                // The engine's `PrizeEvent` plus the entrants' registration ids.
                .col(text(PrizeRuns::Inputs))
                // The allocation (winners, conflicts, unfilled, warnings, metadata) and the cash split.
                .col(text(PrizeRuns::Outputs))
                // The allocation log entries.
                .col(text(PrizeRuns::Log))
                // At most one run of a tournament is the published one.
                .col(boolean(PrizeRuns::Published))
                .col(big_integer_null(PrizeRuns::PublishedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(PrizeRuns::Table, PrizeRuns::TournamentId)
                        .to(Tournaments::Table, Tournaments::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(ForeignKey::create().from(PrizeRuns::Table, PrizeRuns::RunBy).to(Users::Table, Users::Id))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("prize_runs_by_tournament")
                .table(PrizeRuns::Table)
                .col(PrizeRuns::TournamentId)
                .col(PrizeRuns::RunAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(PrizeRuns::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(PrizeConfigs::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum PrizeConfigs {
    Table,
    TournamentId,
    Config,
    UpdatedBy,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum PrizeRuns {
    Table,
    Id,
    TournamentId,
    RunBy,
    RunAt,
    StandingsSeq,
    Inputs,
    Outputs,
    Log,
    Published,
    PublishedAt,
}
