//! Registration caps and the waitlist: an event may take at most `cap`
//! entrants; later registrations wait, in order, for a place.
//!
//! - `tournaments.cap`: the most entrants (not withdrawn, not removed) the
//!   event takes; `NULL` when there is no cap.
//! - `tournament_players.waitlist`: a waiting registration's place on the
//!   waitlist (1 first, no gaps); `NULL` for an entrant. A waiting
//!   registration is not paired, ranked or checked in.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table one column at a time.
        m.alter_table(Table::alter().table(Tournaments::Table).add_column(integer_null(Tournaments::Cap)).to_owned())
            .await?;
        m.alter_table(
            Table::alter()
                .table(TournamentPlayers::Table)
                .add_column(integer_null(TournamentPlayers::Waitlist))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter().table(TournamentPlayers::Table).drop_column(TournamentPlayers::Waitlist).to_owned(),
        )
        .await?;
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::Cap).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    Cap,
}

#[derive(DeriveIden)]
enum TournamentPlayers {
    Table,
    Waitlist,
}
