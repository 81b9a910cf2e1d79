//! Scores beside the games: penalties and bonuses (40K wins, VP, battle
//! points; crokinole points) and 40K painting and sportsmanship scores, with
//! their reason, who entered them and when.
//!
//! - `tournament_players.adjustments`: JSON list, `NULL` when there is none.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(TournamentPlayers::Table)
                .add_column(text_null(TournamentPlayers::Adjustments))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter().table(TournamentPlayers::Table).drop_column(TournamentPlayers::Adjustments).to_owned(),
        )
        .await
    }
}

#[derive(DeriveIden)]
enum TournamentPlayers {
    Table,
    Adjustments,
}
