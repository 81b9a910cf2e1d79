//! The JSON bodies the handlers answer (`{"tournament": …}`), as types: the
//! handler builds one and the document names its schema, so what is
//! documented is what is sent. [`sorted`] sends it.

use crate::domain::{ApiToken, User};
use crate::error::ApiError;
use arbiter_web::views::events::EventView;
use arbiter_web::views::playoffs::{BracketView, RankingRowView};
use arbiter_web::views::prizes::{PrizeConfigView, PublishedPrizesView, RunSummaryView, RunView};
use arbiter_web::views::{
    ByeView, ClockView, MiniLeagueView, PairingView, PlayerView, ResolutionView, RoundView, StandingView,
    StandingsMeta, TiebreaksView, TournamentView,
};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// A body as the API sends it: through a JSON value, so each object's keys
/// come out in alphabetical order, nested ones included (serde_json's
/// `preserve_order` is off), as every answer has always had them, whatever
/// the order of the fields.
///
/// # Errors
/// 500 `internal` if the body cannot be serialised (a map with keys that are not strings).
pub fn sorted<T: Serialize>(body: &T) -> Result<Value, ApiError> {
    serde_json::to_value(body).map_err(|e| ApiError::internal(format!("the answer could not be written: {e}")))
}

macro_rules! bodies {
    ($($(#[doc = $doc:literal])+ $name:ident { $($(#[$fm:meta])* $field:ident: $ty:ty),+ $(,)? })+) => {$(
        $(#[doc = $doc])+
        #[derive(ToSchema, Serialize)]
        pub struct $name {
            $($(#[$fm])* pub $field: $ty),+
        }
    )+};
}

bodies! {
    /// `{"user": …}`: an account.
    UserBody {
        /// The account.
        user: User,
    }
    /// `{"tokens": […]}`: an account's personal access tokens.
    TokensBody {
        /// The tokens, oldest first.
        tokens: Vec<ApiToken>,
    }
    /// `{"secret", "token"}`: a token just made, with its secret (shown this once).
    NewTokenBody {
        /// Send it as `Authorization: Bearer <secret>`; it is not shown again.
        secret: String,
        /// The token as the list shows it.
        token: ApiToken,
    }
    /// `{"tournament": …}`: one event.
    TournamentBody {
        /// The event.
        tournament: TournamentView,
    }
    /// `{"tournaments": […]}`: events.
    TournamentsBody {
        /// The events.
        tournaments: Vec<TournamentView>,
    }
    /// `{"event": …}`: one event with its sections.
    EventWithSectionsBody {
        /// The event.
        event: EventView,
    }
    /// `{"events": […]}`: events with their sections.
    EventsWithSectionsBody {
        /// The events, the soonest first.
        events: Vec<EventView>,
    }
    /// The standings: the event's columns and settings (`StandingsMeta`'s
    /// fields, flattened), the round they are after and one row per player.
    StandingsBody {
        /// The columns, tie-breaks and settings.
        #[serde(flatten)]
        meta: StandingsMeta,
        /// The rounds counted (0 before round 1 closes).
        round: usize,
        /// One row per player, in standings order.
        players: Vec<StandingView>,
    }
    /// `{"player": …}`: one registration.
    PlayerBody {
        /// The registration.
        player: PlayerView,
    }
    /// `{"players": […]}`: registrations.
    PlayersBody {
        /// The registrations.
        players: Vec<PlayerView>,
    }
    /// `{"entries": […]}`: entries no player has claimed yet.
    EntriesBody {
        /// The registrations.
        entries: Vec<PlayerView>,
    }
    /// `{"staff": […]}`: the event's staff, the owner first.
    StaffBody {
        /// The members.
        staff: Vec<crate::service::people::staff::StaffView>,
    }
    /// `{"member": …}`: the caller, on the staff.
    StaffMemberBody {
        /// The member.
        member: crate::service::people::staff::StaffView,
    }
    /// `{"tournament": …, "changes": […]}`: the event after a change of settings.
    SettingsBody {
        /// The event.
        tournament: TournamentView,
        /// Each field changed, before and after (empty when nothing changed).
        changes: Vec<crate::bus::FieldChange>,
    }
    /// `{"player": …, "changes": […]}`: a registration after a correction.
    PlayerEditBody {
        /// The registration.
        player: PlayerView,
        /// Each field changed, before and after (empty when nothing changed).
        changes: Vec<crate::bus::FieldChange>,
    }
    /// `{"log": […]}`: every change of settings (or of a player's details), oldest first.
    SettingsLogBody {
        /// The changes.
        log: Vec<crate::bus::SettingsChange>,
    }
    /// `{"entries": […]}`: the action log, newest first.
    ActionLogBody {
        /// The actions.
        entries: Vec<crate::service::log::LogEntry>,
    }
    /// `{"byes": […]}`.
    ByesBody {
        /// The byes.
        byes: Vec<ByeView>,
    }
    /// `{"bye": …}`.
    ByeBody {
        /// The bye.
        bye: ByeView,
    }
    /// `{"round": …}`: one round.
    RoundBody {
        /// The round.
        round: RoundView,
    }
    /// `{"rounds": […]}`.
    RoundsBody {
        /// The rounds, in order.
        rounds: Vec<RoundView>,
    }
    /// `{"clock": …, "now": ms}`.
    ClockBody {
        /// The round's clock; `null` before it starts.
        clock: Option<ClockView>,
        /// The server's time when it answered, Unix ms.
        now: i64,
    }
    /// `{"pairing": …}`: one table.
    PairingBody {
        /// The table.
        pairing: PairingView,
    }
    /// `{"prizes": …}`: the published prize list.
    PrizesBody {
        /// The prize list.
        prizes: PublishedPrizesView,
    }
    /// `{"config": …}`: the prize configuration.
    PrizeConfigBody {
        /// The configuration.
        config: PrizeConfigView,
    }
    /// `{"run": …}`: one prize run.
    PrizeRunBody {
        /// The run.
        run: RunView,
    }
    /// `{"runs": […]}`: the prize runs.
    PrizeRunsBody {
        /// The runs.
        runs: Vec<RunSummaryView>,
    }
    /// `{"tiebreaks": …}`.
    TiebreaksBody {
        /// The standings configuration.
        tiebreaks: TiebreaksView,
    }
    /// `{"resolution": …}`.
    ResolutionBody {
        /// What the TO's action did to the tie.
        resolution: ResolutionView,
    }
    /// `{"dismissed": n}`.
    DismissedBody {
        /// How many notices were dismissed.
        dismissed: usize,
    }
    /// `{"group": …}`: a tied group's mini-league.
    GroupBody {
        /// The mini-league.
        group: MiniLeagueView,
    }
    /// `{"bracket": …}`.
    BracketBody {
        /// The bracket.
        bracket: BracketView,
    }
    /// `{"ranking": […]}`.
    RankingBody {
        /// Playoff places, then the Swiss standings.
        ranking: Vec<RankingRowView>,
    }
    /// `{"status": "ok"}`.
    Health {
        /// Always `ok`.
        status: String,
    }
    /// Readiness: `{"status", "database": {"backend", "ok"}, "bus": {"kind", "ok"}}`.
    Ready {
        /// `ready`, `degraded` (the bus is down) or `unavailable` (the database is).
        status: String,
        /// The database.
        database: ReadyDatabase,
        /// The event bus.
        bus: ReadyBus,
    }
    /// The database's part of readiness.
    ReadyDatabase {
        /// `sqlite` or `postgres`.
        backend: String,
        /// Whether it answered.
        ok: bool,
    }
    /// The bus's part of readiness.
    ReadyBus {
        /// `local` (one instance) or `redis`.
        kind: String,
        /// Whether it is healthy.
        ok: bool,
    }
}

// Not built: the handler writes the frames as the socket would; this names their schema.
/// `{"events": […]}`: `event` frames, exactly as the socket sends them.
#[derive(ToSchema)]
pub struct EventsBody {
    /// The frames, in `seq` order.
    pub events: Vec<super::live::EventFrame>,
}
