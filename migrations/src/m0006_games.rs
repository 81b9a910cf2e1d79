//! Several games per server: an event's pairing system, standings
//! configuration (JSON), chess point values (JSON) and the TO's tie
//! decisions, notices and configuration log (JSON); round-robin pairing
//! numbers; chess and crokinole scores on tables (JSON).
//!
//! Existing rows are 40K events paired by record-based Swiss; their
//! standings configuration is the default (`NULL`).

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        let tournament_columns = [
            string_len(Tournaments::PairingSystem, 24).default("swiss_record").to_owned(),
            text_null(Tournaments::StandingsConfig).to_owned(),
            text_null(Tournaments::PointSystem).to_owned(),
            text_null(Tournaments::TieResolutions).to_owned(),
            text_null(Tournaments::TieNotices).to_owned(),
            text_null(Tournaments::StandingsLog).to_owned(),
        ];
        for c in tournament_columns {
            m.alter_table(Table::alter().table(Tournaments::Table).add_column(c).to_owned()).await?;
        }
        m.alter_table(
            Table::alter()
                .table(TournamentPlayers::Table)
                .add_column(integer_null(TournamentPlayers::PairingNo))
                .to_owned(),
        )
        .await?;
        for c in [text_null(Pairings::Score).to_owned(), text_null(Pairings::DisputeScore).to_owned()] {
            m.alter_table(Table::alter().table(Pairings::Table).add_column(c).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for c in [Pairings::DisputeScore, Pairings::Score] {
            m.alter_table(Table::alter().table(Pairings::Table).drop_column(c).to_owned()).await?;
        }
        m.alter_table(
            Table::alter().table(TournamentPlayers::Table).drop_column(TournamentPlayers::PairingNo).to_owned(),
        )
        .await?;
        for c in [
            Tournaments::StandingsLog,
            Tournaments::TieNotices,
            Tournaments::TieResolutions,
            Tournaments::PointSystem,
            Tournaments::StandingsConfig,
            Tournaments::PairingSystem,
        ] {
            m.alter_table(Table::alter().table(Tournaments::Table).drop_column(c).to_owned()).await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    PairingSystem,
    StandingsConfig,
    PointSystem,
    TieResolutions,
    TieNotices,
    StandingsLog,
}

#[derive(DeriveIden)]
enum TournamentPlayers {
    Table,
    PairingNo,
}

#[derive(DeriveIden)]
enum Pairings {
    Table,
    Score,
    DisputeScore,
}
