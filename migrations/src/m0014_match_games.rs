//! Playoff matches of several games (crokinole best of three): the games of
//! a playoff table, one row per table that has them.
//!
//! - `match_games.games`: the games as a JSON list of crokinole scores
//!   (`player1_points`, `player2_points`, `player1_twenties`,
//!   `player2_twenties`, and the TO's `winner` for a game level on both), in
//!   playing order. The table's own score holds the match's totals.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(MatchGames::Table)
                .col(string_len(MatchGames::PairingId, 36).primary_key())
                .col(text(MatchGames::Games))
                .col(big_integer(MatchGames::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(MatchGames::Table, MatchGames::PairingId)
                        .to(Alias::new("pairings"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(MatchGames::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum MatchGames {
    Table,
    PairingId,
    Games,
    UpdatedAt,
}
