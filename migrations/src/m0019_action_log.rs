//! The action log: who did what to a tournament, as what, and when.
//!
//! - `events.actor_id`, `events.actor_role`: the account whose request made
//!   the change and its part in the tournament at that moment (`OWNER`,
//!   `CO_ORGANISER`, `JUDGE`, or `PLAYER` for anyone else); `NULL` for events
//!   written before this migration. Kept with the event, so the log survives
//!   staff being removed later.
//! - `staff_actions`: the organisers' changes that are no public event
//!   (invitations, constraints, prize settings, drafts, claim codes): the
//!   same who and when, a kind, what it was about, and each field before and
//!   after (JSON), written in the change's transaction.

use crate::m0002_tournaments::Tournaments;
use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters one column at a time.
        m.alter_table(Table::alter().table(Events::Table).add_column(string_len_null(Events::ActorId, 36)).to_owned())
            .await?;
        m.alter_table(
            Table::alter().table(Events::Table).add_column(string_len_null(Events::ActorRole, 16)).to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(StaffActions::Table)
                .col(pk_auto(StaffActions::Id))
                .col(string_len(StaffActions::TournamentId, 36))
                .col(big_integer(StaffActions::At))
                .col(string_len(StaffActions::ActorId, 36))
                .col(string_len(StaffActions::ActorRole, 16))
                .col(string_len(StaffActions::Kind, 32))
                .col(text(StaffActions::Subject))
                .col(text(StaffActions::Changes))
                .foreign_key(
                    ForeignKey::create()
                        .from(StaffActions::Table, StaffActions::TournamentId)
                        .to(Tournaments::Table, Tournaments::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("staff_actions_by_tournament")
                .table(StaffActions::Table)
                .col(StaffActions::TournamentId)
                .col(StaffActions::Id)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(StaffActions::Table).to_owned()).await?;
        m.alter_table(Table::alter().table(Events::Table).drop_column(Events::ActorRole).to_owned()).await?;
        m.alter_table(Table::alter().table(Events::Table).drop_column(Events::ActorId).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Events {
    Table,
    ActorId,
    ActorRole,
}

#[derive(DeriveIden)]
enum StaffActions {
    Table,
    Id,
    TournamentId,
    At,
    ActorId,
    ActorRole,
    Kind,
    Subject,
    Changes,
}
