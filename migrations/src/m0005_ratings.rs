//! Elo ratings across events, one per account and game system: the current
//! rating (`player_elo`), one history row per player per rated game
//! (`elo_history`), the closed rounds in the order they were rated
//! (`rated_rounds`), and the single row every rating write locks first
//! (`rating_clock`).

use crate::m0001_accounts::Users;
use crate::m0002_tournaments::Tournaments;
use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // A rating per account and game system (`wh40k`, …): chess and 40K are separate lists.
        m.create_table(
            Table::create()
                .table(PlayerElo::Table)
                .col(string_len(PlayerElo::UserId, 36))
                .col(string_len(PlayerElo::Game, 16))
                .col(integer(PlayerElo::Rating))
                // Rated games played: decides K (32 below 30, then 16).
                .col(integer(PlayerElo::GamesPlayed))
                .col(big_integer(PlayerElo::UpdatedAt))
                .primary_key(Index::create().col(PlayerElo::UserId).col(PlayerElo::Game))
                .foreign_key(ForeignKey::create().from(PlayerElo::Table, PlayerElo::UserId).to(Users::Table, Users::Id))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("player_elo_leaderboard")
                .table(PlayerElo::Table)
                .col(PlayerElo::Game)
                .col(PlayerElo::Rating)
                .to_owned(),
        )
        .await?;

        // Rounds in the order their games were rated (the close order).
        m.create_table(
            Table::create()
                .table(RatedRounds::Table)
                .col(string_len(RatedRounds::RoundId, 36).primary_key())
                .col(string_len(RatedRounds::TournamentId, 36))
                .col(string_len(RatedRounds::Game, 16))
                // Unix ms, strictly increasing across closes (see `rating_clock`).
                .col(big_integer(RatedRounds::ClosedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(RatedRounds::Table, RatedRounds::RoundId)
                        .to(Alias::new("rounds"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(RatedRounds::Table, RatedRounds::TournamentId)
                        .to(Tournaments::Table, Tournaments::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("rated_rounds_order")
                .table(RatedRounds::Table)
                .col(RatedRounds::Game)
                .col(RatedRounds::ClosedAt)
                .to_owned(),
        )
        .await?;

        // One row per player per rated game.
        m.create_table(
            Table::create()
                .table(EloHistory::Table)
                .col(string_len(EloHistory::Id, 36).primary_key())
                .col(string_len(EloHistory::UserId, 36))
                .col(string_len(EloHistory::Game, 16))
                .col(string_len(EloHistory::TournamentId, 36))
                .col(string_len(EloHistory::RoundId, 36))
                .col(string_len(EloHistory::PairingId, 36))
                .col(string_len(EloHistory::OpponentId, 36))
                // `win`, `draw` or `loss`, from this player's side.
                .col(string_len(EloHistory::Result, 8))
                .col(integer(EloHistory::RatingBefore))
                .col(integer(EloHistory::RatingAfter))
                .col(integer(EloHistory::Delta))
                .col(integer(EloHistory::KFactor))
                .col(integer(EloHistory::GamesBefore))
                // The round's close time (`rated_rounds.closed_at`).
                .col(big_integer(EloHistory::RecordedAt))
                .foreign_key(
                    ForeignKey::create().from(EloHistory::Table, EloHistory::UserId).to(Users::Table, Users::Id),
                )
                .foreign_key(
                    ForeignKey::create().from(EloHistory::Table, EloHistory::OpponentId).to(Users::Table, Users::Id),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(EloHistory::Table, EloHistory::TournamentId)
                        .to(Tournaments::Table, Tournaments::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(EloHistory::Table, EloHistory::RoundId)
                        .to(Alias::new("rounds"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(EloHistory::Table, EloHistory::PairingId)
                        .to(Alias::new("pairings"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("elo_history_one_per_player_and_game")
                .table(EloHistory::Table)
                .col(EloHistory::PairingId)
                .col(EloHistory::UserId)
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("elo_history_user")
                .table(EloHistory::Table)
                .col(EloHistory::UserId)
                .col(EloHistory::Game)
                .col(EloHistory::RecordedAt)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("elo_history_order")
                .table(EloHistory::Table)
                .col(EloHistory::Game)
                .col(EloHistory::RecordedAt)
                .to_owned(),
        )
        .await?;

        // The row every rating write locks first (so ratings are written one
        // close at a time, across tournaments), holding the last close time.
        m.create_table(
            Table::create()
                .table(RatingClock::Table)
                .col(integer(RatingClock::Id).primary_key())
                .col(big_integer(RatingClock::LastClosedAt))
                .to_owned(),
        )
        .await?;
        let seed = Query::insert()
            .into_table(RatingClock::Table)
            .columns([RatingClock::Id, RatingClock::LastClosedAt])
            .values([1.into(), 0i64.into()])
            .map_err(|e| DbErr::Custom(e.to_string()))?
            .to_owned();
        m.exec_stmt(seed).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(RatingClock::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(EloHistory::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(RatedRounds::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(PlayerElo::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum PlayerElo {
    Table,
    UserId,
    Game,
    Rating,
    GamesPlayed,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum RatedRounds {
    Table,
    RoundId,
    TournamentId,
    Game,
    ClosedAt,
}

#[derive(DeriveIden)]
enum EloHistory {
    Table,
    Id,
    UserId,
    Game,
    TournamentId,
    RoundId,
    PairingId,
    OpponentId,
    Result,
    RatingBefore,
    RatingAfter,
    Delta,
    KFactor,
    GamesBefore,
    RecordedAt,
}

#[derive(DeriveIden)]
enum RatingClock {
    Table,
    Id,
    LastClosedAt,
}
