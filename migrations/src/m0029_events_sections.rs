//! Events with sections: one venue, several tournaments. An event holds one
//! or more tournaments (its sections), each with its own game, format,
//! rounds and rules; a tournament outside any event works as before.
//!
//! - `venue_events`: the event (the table `events` is the tournaments' event
//!   log): its owner (the organiser who created it), name, first and last
//!   day (`YYYY-MM-DD`), venue, and `staff`, its co-organisers and judges as
//!   JSON in the shape of `tournaments.staff`. The event's owner and
//!   co-organisers have the organiser's rights on every section, its judges
//!   a judge's; a section may add staff of its own (`tournaments.staff`).
//! - `tournaments.event_id`: the event the tournament is a section of;
//!   `NULL` for a tournament on its own.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(VenueEvents::Table)
                .col(string_len(VenueEvents::Id, 36).primary_key())
                .col(string_len(VenueEvents::OwnerId, 36))
                .col(text(VenueEvents::Name))
                .col(string_len(VenueEvents::StartsOn, 10))
                .col(string_len(VenueEvents::EndsOn, 10))
                .col(text_null(VenueEvents::Location))
                .col(text_null(VenueEvents::Staff))
                .col(big_integer(VenueEvents::CreatedAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("venue_events_owner").table(VenueEvents::Table).col(VenueEvents::OwnerId).to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter().table(Tournaments::Table).add_column(string_len_null(Tournaments::EventId, 36)).to_owned(),
        )
        .await?;
        m.create_index(
            Index::create().name("tournaments_event").table(Tournaments::Table).col(Tournaments::EventId).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("tournaments_event").table(Tournaments::Table).to_owned()).await?;
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::EventId).to_owned()).await?;
        m.drop_table(Table::drop().table(VenueEvents::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum VenueEvents {
    Table,
    Id,
    OwnerId,
    Name,
    StartsOn,
    EndsOn,
    Location,
    Staff,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    EventId,
}
