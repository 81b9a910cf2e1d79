//! Team events: teams as entrants, their members, the games inside a team
//! match, and the captains' pairing process of a 40K team match.
//!
//! - `tournaments.teams`: JSON team rules (the kind of team event, team
//!   size, reserves, faction rule, scoring, the pairing-process timer),
//!   `NULL` for a singles event.
//! - `tournament_players.kind`: `single` (a singles entrant, the default),
//!   `team` (a team entrant: its row is the team; `user_id` is the team's
//!   placeholder account, `captain_id` the captain's account) or `member`
//!   (a team's player: `team_id` is the team's row, `seat` the roster
//!   position, 0 = board 1, and `reserve` whether registered as a reserve).
//!   A member row is a registration like any other (account or placeholder,
//!   claim code, list), so walk-ins and claim codes work for members.
//! - `pairings.match_id`, `pairings.board`: a game inside a team match (the
//!   team match is the pairing of the two team rows; its games pair members,
//!   `board` 1-based). `NULL` for a singles table or a team match itself.
//! - `team_processes`: the captains' pairing process of one team match: the
//!   rosters that play (JSON `[[member ids of A], [member ids of B]]`), the
//!   table-choice rule, the action log (JSON list of `{action, by, at}`:
//!   the engine's `captains::Action`, the account, Unix ms), when the
//!   current step started (the step timer), and when it last changed.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tournaments::Table).add_column(text_null(Tournaments::Teams)).to_owned())
            .await?;
        // One column per statement: SQLite's ALTER TABLE adds one at a time.
        let players = [
            ColumnDef::new(TournamentPlayers::Kind).string_len(8).not_null().default("single").to_owned(),
            ColumnDef::new(TournamentPlayers::TeamId).string_len(36).null().to_owned(),
            ColumnDef::new(TournamentPlayers::Seat).integer().null().to_owned(),
            ColumnDef::new(TournamentPlayers::Reserve).boolean().not_null().default(false).to_owned(),
            ColumnDef::new(TournamentPlayers::CaptainId).string_len(36).null().to_owned(),
        ];
        for mut col in players {
            m.alter_table(Table::alter().table(TournamentPlayers::Table).add_column(&mut col).to_owned()).await?;
        }
        m.create_index(
            Index::create()
                .name("tournament_players_team")
                .table(TournamentPlayers::Table)
                .col(TournamentPlayers::TeamId)
                .to_owned(),
        )
        .await?;
        let pairings = [
            ColumnDef::new(Pairings::MatchId).string_len(36).null().to_owned(),
            ColumnDef::new(Pairings::Board).integer().null().to_owned(),
        ];
        for mut col in pairings {
            m.alter_table(Table::alter().table(Pairings::Table).add_column(&mut col).to_owned()).await?;
        }
        m.create_index(Index::create().name("pairings_match").table(Pairings::Table).col(Pairings::MatchId).to_owned())
            .await?;
        m.create_table(
            Table::create()
                .table(TeamProcesses::Table)
                .col(string_len(TeamProcesses::MatchId, 36).primary_key())
                .col(string_len(TeamProcesses::TournamentId, 36))
                .col(text(TeamProcesses::Rosters))
                .col(string_len(TeamProcesses::TableChoice, 16))
                .col(text(TeamProcesses::Actions))
                .col(big_integer(TeamProcesses::StepStartedAt))
                .col(big_integer(TeamProcesses::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(TeamProcesses::Table, TeamProcesses::MatchId)
                        .to(Pairings::Table, Pairings::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("team_processes_tournament")
                .table(TeamProcesses::Table)
                .col(TeamProcesses::TournamentId)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(TeamProcesses::Table).to_owned()).await?;
        m.drop_index(Index::drop().name("pairings_match").table(Pairings::Table).to_owned()).await?;
        for col in [Pairings::MatchId, Pairings::Board] {
            m.alter_table(Table::alter().table(Pairings::Table).drop_column(col).to_owned()).await?;
        }
        m.drop_index(Index::drop().name("tournament_players_team").table(TournamentPlayers::Table).to_owned()).await?;
        for col in [
            TournamentPlayers::Kind,
            TournamentPlayers::TeamId,
            TournamentPlayers::Seat,
            TournamentPlayers::Reserve,
            TournamentPlayers::CaptainId,
        ] {
            m.alter_table(Table::alter().table(TournamentPlayers::Table).drop_column(col).to_owned()).await?;
        }
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::Teams).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    Teams,
}

#[derive(DeriveIden)]
enum TournamentPlayers {
    Table,
    Kind,
    TeamId,
    Seat,
    Reserve,
    CaptainId,
}

#[derive(DeriveIden)]
enum Pairings {
    Table,
    Id,
    MatchId,
    Board,
}

#[derive(DeriveIden)]
enum TeamProcesses {
    Table,
    MatchId,
    TournamentId,
    Rosters,
    TableChoice,
    Actions,
    StepStartedAt,
    UpdatedAt,
}
