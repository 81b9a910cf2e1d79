//! Swiss chess. The initial colour of an event (`tournaments.initial_colour`:
//! `W` or `B` for pairing number 1 in round 1, C.04.3 art. 5.1; null = drawn
//! from the event id), set when an event is imported from a TRF.
//!
//! Byes players request (or the TO grants) for rounds not yet paired: a
//! half-point, zero-point or full-point bye (FIDE C.04.1 art. 3, C.07
//! "unplayed rounds"). When the round is paired each request becomes the
//! player's bye row in `pairings`; the request stays as its record.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Tournaments::Table)
                .add_column(string_len_null(Tournaments::InitialColour, 1))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(ByeRequests::Table)
                .col(string_len(ByeRequests::Id, 36).primary_key())
                .col(string_len(ByeRequests::TournamentId, 36))
                .col(string_len(ByeRequests::PlayerId, 36))
                // 1-based round number.
                .col(integer(ByeRequests::RoundNumber))
                // `HALF`, `ZERO` or `FULL`.
                .col(string_len(ByeRequests::Kind, 8))
                // The account that asked: the player, or the TO.
                .col(string_len(ByeRequests::RequestedBy, 36))
                .col(big_integer(ByeRequests::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(ByeRequests::Table, ByeRequests::TournamentId)
                        .to(Alias::new("tournaments"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(ByeRequests::Table, ByeRequests::PlayerId)
                        .to(Alias::new("tournament_players"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("bye_requests_player_round")
                .table(ByeRequests::Table)
                .col(ByeRequests::PlayerId)
                .col(ByeRequests::RoundNumber)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("bye_requests_tournament")
                .table(ByeRequests::Table)
                .col(ByeRequests::TournamentId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(ByeRequests::Table).to_owned()).await?;
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::InitialColour).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum ByeRequests {
    Table,
    Id,
    TournamentId,
    PlayerId,
    RoundNumber,
    Kind,
    RequestedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    InitialColour,
}
