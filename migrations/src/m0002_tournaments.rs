//! Tournaments and their registered players.

use crate::m0001_accounts::Users;
use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Tournaments::Table)
                .col(string_len(Tournaments::Id, 36).primary_key())
                .col(string_len(Tournaments::OwnerId, 36))
                .col(string_len(Tournaments::Name, 120))
                .col(string_len(Tournaments::Game, 16))
                .col(string_len(Tournaments::EventDate, 10))
                .col(string_len_null(Tournaments::Location, 120))
                .col(string_len(Tournaments::Format, 120))
                .col(integer(Tournaments::TotalRounds))
                .col(integer(Tournaments::MaxVp))
                .col(text(Tournaments::Missions))
                .col(string_len(Tournaments::Status, 16))
                .col(boolean(Tournaments::ListsLocked))
                // The last event sequence number: bumped by every state change,
                // in the transaction of the change (see the `events` table).
                .col(big_integer(Tournaments::LastSeq))
                .col(big_integer(Tournaments::CreatedAt))
                .foreign_key(
                    ForeignKey::create().from(Tournaments::Table, Tournaments::OwnerId).to(Users::Table, Users::Id),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("tournaments_owner").table(Tournaments::Table).col(Tournaments::OwnerId).to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("tournaments_status").table(Tournaments::Table).col(Tournaments::Status).to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(TournamentPlayers::Table)
                .col(string_len(TournamentPlayers::Id, 36).primary_key())
                .col(string_len(TournamentPlayers::TournamentId, 36))
                .col(string_len(TournamentPlayers::UserId, 36))
                .col(integer(TournamentPlayers::RegistrationNo))
                .col(string_len(TournamentPlayers::DisplayName, 64))
                .col(string_len(TournamentPlayers::Faction, 64))
                .col(text_null(TournamentPlayers::ListText))
                .col(boolean(TournamentPlayers::CheckedIn))
                .col(boolean(TournamentPlayers::Dropped))
                .col(boolean(TournamentPlayers::Removed))
                .col(big_integer(TournamentPlayers::RegisteredAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(TournamentPlayers::Table, TournamentPlayers::TournamentId)
                        .to(Tournaments::Table, Tournaments::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(TournamentPlayers::Table, TournamentPlayers::UserId)
                        .to(Users::Table, Users::Id),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("tournament_players_one_per_user")
                .table(TournamentPlayers::Table)
                .col(TournamentPlayers::TournamentId)
                .col(TournamentPlayers::UserId)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("tournament_players_user")
                .table(TournamentPlayers::Table)
                .col(TournamentPlayers::UserId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(TournamentPlayers::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(Tournaments::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
pub(crate) enum Tournaments {
    Table,
    Id,
    OwnerId,
    Name,
    Game,
    EventDate,
    Location,
    Format,
    TotalRounds,
    MaxVp,
    Missions,
    Status,
    ListsLocked,
    LastSeq,
    CreatedAt,
}

#[derive(DeriveIden)]
pub(crate) enum TournamentPlayers {
    Table,
    Id,
    TournamentId,
    UserId,
    RegistrationNo,
    DisplayName,
    Faction,
    ListText,
    CheckedIn,
    Dropped,
    Removed,
    RegisteredAt,
}
