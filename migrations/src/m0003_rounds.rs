//! Rounds and their pairings (tables), with the result reporting state.

use crate::m0002_tournaments::{TournamentPlayers, Tournaments};
use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Rounds::Table)
                .col(string_len(Rounds::Id, 36).primary_key())
                .col(string_len(Rounds::TournamentId, 36))
                .col(integer(Rounds::RoundNumber))
                .col(string_len(Rounds::Status, 16))
                .col(string_len(Rounds::Mission, 120))
                .col(big_integer(Rounds::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Rounds::Table, Rounds::TournamentId)
                        .to(Tournaments::Table, Tournaments::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("rounds_number")
                .table(Rounds::Table)
                .col(Rounds::TournamentId)
                .col(Rounds::RoundNumber)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Pairings::Table)
                .col(string_len(Pairings::Id, 36).primary_key())
                .col(string_len(Pairings::RoundId, 36))
                .col(string_len(Pairings::TournamentId, 36))
                .col(integer(Pairings::TableNumber))
                .col(string_len(Pairings::Player1Id, 36))
                .col(string_len_null(Pairings::Player2Id, 36))
                .col(integer_null(Pairings::Player1Vp))
                .col(integer_null(Pairings::Player2Vp))
                .col(string_len_null(Pairings::Result, 8))
                .col(string_len(Pairings::State, 16))
                .col(string_len_null(Pairings::ReportedBy, 36))
                .col(big_integer_null(Pairings::ReportedAt))
                .col(integer_null(Pairings::DisputePlayer1Vp))
                .col(integer_null(Pairings::DisputePlayer2Vp))
                .col(string_len_null(Pairings::DisputeNote, 500))
                .col(boolean(Pairings::ToOverride))
                .col(string_len_null(Pairings::OverrideNote, 500))
                .col(boolean(Pairings::Rematch))
                .col(big_integer(Pairings::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Pairings::Table, Pairings::RoundId)
                        .to(Rounds::Table, Rounds::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Pairings::Table, Pairings::Player1Id)
                        .to(TournamentPlayers::Table, TournamentPlayers::Id),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(Pairings::Table, Pairings::Player2Id)
                        .to(TournamentPlayers::Table, TournamentPlayers::Id),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(Index::create().name("pairings_round").table(Pairings::Table).col(Pairings::RoundId).to_owned())
            .await?;
        m.create_index(
            Index::create().name("pairings_tournament").table(Pairings::Table).col(Pairings::TournamentId).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Pairings::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Rounds::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Rounds {
    Table,
    Id,
    TournamentId,
    RoundNumber,
    Status,
    Mission,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Pairings {
    Table,
    Id,
    RoundId,
    TournamentId,
    TableNumber,
    Player1Id,
    Player2Id,
    #[sea_orm(iden = "player1_vp")]
    Player1Vp,
    #[sea_orm(iden = "player2_vp")]
    Player2Vp,
    Result,
    State,
    ReportedBy,
    ReportedAt,
    #[sea_orm(iden = "dispute_player1_vp")]
    DisputePlayer1Vp,
    #[sea_orm(iden = "dispute_player2_vp")]
    DisputePlayer2Vp,
    DisputeNote,
    ToOverride,
    OverrideNote,
    Rematch,
    CreatedAt,
}
