//! The server's domain records: what the store loads and the services act on.
//! Plain values; no SeaORM types (those stay in `store`).
//!
//! - [`score`]: a table's score in each game and the result derived from it;
//! - [`rules`]: an event's pairing system, point values and standings
//!   configuration, with the organiser's tie decisions;
//! - [`prizes`]: the prize list and rules, and the allocation runs;
//! - [`clock`]: a round's clock and the organiser's actions on it;
//! - [`Playoff`]: the top cut's settings and seeds; [`Pools`]: the round-robin pools before it;
//! - [`TeamRules`], [`PlayerKind`], [`MatchBoard`]: team events (teams as entrants, members, games inside a match);
//! - [`Sheet`]: a whole tournament (entrants, rounds, tables, byes) as one value.

pub mod clock;
mod constraints;
pub mod eligibility;
mod payments;
mod playoffs;
mod prizes;
mod profile;
mod rules;
mod score;
mod sheet;
mod teams;
mod tokens;
mod venue;

pub use arbiter_web::ids::{
    ByeRequestId, EloEntryId, EventId, PairingId, ParseIdError, PlayerId, PrizeRunId, RoundId, TokenId, TournamentId,
    UserId,
};
/// The game a tournament is played in: one closed set, shared with the pages
/// (`arbiter_web::views::sets::Game`); each game's rules live in [`crate::game`].
pub use arbiter_web::views::sets::Game;
/// A tournament's stage and pairing system, a round's state, a table's place
/// in the report flow and its result: one closed set each, shared with the
/// views (`arbiter_web::views::sets`).
pub use arbiter_web::views::sets::{MatchResult, PairingState, PairingSystem, RoundStatus, TournamentStatus};
pub use constraints::{Constraints, FixedTable};
pub use eligibility::Eligibility;
pub use payments::{Fee, Payment, PaymentState};
pub use playoffs::{
    halves_text, ChessGame, ColourRule, CrokinoleGame, MatchFormat, MatchGame, Playoff, PlayoffSettings, PoolRule,
    Pools,
};
pub use prizes::{Entrant, PrizeConfig, PrizeRun, RunInputs, RunOutputs, StoredPrizeConfig};
pub use profile::{drop_private, PlayerProfile, TITLES};
pub use rules::{crokinole_format, ResolutionMeta, StandingsChange, TieNotice, TieResolution};
pub use score::{ChessResult, GameScore};
pub use sheet::Sheet;
pub use teams::{LoggedAction, MatchBoard, PlayerKind, TeamFormat, TeamProcess, TeamRules};
pub use tokens::{ApiToken, TokenScope};
pub use venue::VenueEvent;

use arbiter_engine::model::PointSystem;
use arbiter_engine::standings::StandingsConfig;
use serde::{Deserialize, Serialize};

/// A point in time as Unix milliseconds (UTC).
pub type Millis = i64;

/// The current time in Unix milliseconds.
#[must_use]
pub fn now_millis() -> Millis {
    chrono::Utc::now().timestamp_millis()
}

macro_rules! string_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name { $($(#[$vm])* #[serde(rename = $s)] $v),+ }
        impl $name {
            /// The stored and serialised name.
            #[must_use]
            pub const fn as_str(self) -> &'static str { match self { $($name::$v => $s),+ } }
            /// Parses the stored name.
            #[must_use]
            pub fn parse(s: &str) -> Option<Self> { match s { $($s => Some($name::$v),)+ _ => None } }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str(self.as_str()) }
        }
    };
}

string_enum! {
    /// A bye asked for a round not yet paired (FIDE C.04.1 art. 3: byes other
    /// than the pairing-allocated bye).
    ByeKind {
        /// Half a point (the event's draw value).
        Half = "HALF",
        /// No points: the player simply sits the round out.
        Zero = "ZERO",
        /// A full point; only the TO grants one.
        Full = "FULL",
    }
}

impl ByeKind {
    /// The result the player's bye row carries once the round is paired.
    #[must_use]
    pub const fn result(self) -> MatchResult {
        match self {
            ByeKind::Half => MatchResult::HalfPointBye,
            ByeKind::Zero => MatchResult::ZeroPointBye,
            ByeKind::Full => MatchResult::FullPointBye,
        }
    }
}

/// A bye requested for a future round (half or zero point by the player, any
/// kind by the TO). Becomes a bye row when the round is paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeRequest {
    /// Request id.
    pub id: ByeRequestId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The registration it is for.
    pub player_id: PlayerId,
    /// The round, 1-based.
    pub round: u32,
    /// What kind of bye.
    pub kind: ByeKind,
    /// Who asked: the player's account or the TO's.
    pub requested_by: UserId,
    /// When (Unix ms).
    pub created_at: Millis,
}

/// An account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct User {
    /// Account id.
    pub id: UserId,
    /// Sign-in e-mail, lower-cased.
    pub email: String,
    /// Name shown to others.
    pub display_name: String,
}

string_enum! {
    /// A role on an event's staff besides its owner.
    StaffRole {
        /// Every organiser right but managing the staff.
        CoOrganiser = "CO_ORGANISER",
        /// Results, disputes, overrides and check-in; no settings, no pairing, no prizes.
        Judge = "JUDGE",
    }
}

string_enum! {
    /// The part someone played in a change of a tournament, when they made it
    /// (stored with each event: the action log).
    ActorRole {
        /// The tournament's owner.
        Owner = "OWNER",
        /// A co-organiser.
        CoOrganiser = "CO_ORGANISER",
        /// A judge.
        Judge = "JUDGE",
        /// Anyone else: a player registering, reporting, confirming, disputing.
        Player = "PLAYER",
    }
}

/// Who made a change, and as what (recorded with each of its events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Actor {
    /// Their account.
    pub user: UserId,
    /// Their part in the tournament when they made it.
    pub role: ActorRole,
}

/// One member of an event's staff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Staff {
    /// The member's account.
    pub user_id: UserId,
    /// What they may do.
    pub role: StaffRole,
    /// Their name when they joined.
    pub name: String,
    /// When they joined (Unix ms).
    pub added_at: Millis,
}

/// Accelerated pairings of a Swiss chess event (FIDE C.04.7): virtual
/// points added to some players' pairing score in the first rounds, so the
/// top seeds meet each other sooner. They count for pairing only, never in
/// the standings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Acceleration {
    /// Not accelerated.
    #[default]
    None,
    /// The Baku method (C.04.7 art. 1), computed from the pairing numbers
    /// when each round is paired.
    Baku,
    /// Virtual points given per player and round, round 1 first (TRF `XXA`,
    /// `250`, as imported).
    Given {
        /// Each player's virtual points by round.
        players: Vec<(PlayerId, Vec<arbiter_engine::model::Points>)>,
    },
}

impl Acceleration {
    /// `none`, `baku` or `given`.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Acceleration::None => "none",
            Acceleration::Baku => "baku",
            Acceleration::Given { .. } => "given",
        }
    }
}

/// How a 40K event orders its players for round 1, where every record is
/// equal (the fold then pairs 1st v (n/2+1)th, 2nd v (n/2+2)th…).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "order", rename_all = "snake_case")]
pub enum RoundOne {
    /// Registration order, the seed's procedure (the default).
    #[default]
    Registration,
    /// A random draw from `seed`: the same seed and field give the same draw.
    Random {
        /// The draw's seed, recorded so the draw can be repeated.
        seed: u32,
    },
    /// Rating, highest first; unrated players after the rated, in registration order.
    Rating,
}

impl RoundOne {
    /// `registration`, `random` or `rating`.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            RoundOne::Registration => "registration",
            RoundOne::Random { .. } => "random",
            RoundOne::Rating => "rating",
        }
    }

    /// The random draw's seed, if any.
    #[must_use]
    pub const fn seed(&self) -> Option<u32> {
        match self {
            RoundOne::Random { seed } => Some(*seed),
            _ => None,
        }
    }
}

/// A random 31-bit seed (fits any JSON number reader exactly).
#[must_use]
pub fn random_seed() -> u32 {
    (uuid::Uuid::new_v4().as_u128() as u32) & 0x7fff_ffff
}

/// Shuffles `items` by `seed` (Fisher–Yates over SplitMix64): the same seed
/// and the same list always give the same order, on any machine.
pub fn seeded_shuffle<T>(items: &mut [T], seed: u32) {
    let mut state = u64::from(seed);
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..items.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// A tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// Tournament id.
    pub id: TournamentId,
    /// The TO: the account that created and owns the event.
    pub owner_id: UserId,
    /// E.g. "Warhammer World GT 2025".
    pub name: String,
    /// The game played.
    pub game: Game,
    /// How rounds are paired.
    pub pairing_system: PairingSystem,
    /// The event day, `YYYY-MM-DD`.
    pub event_date: chrono::NaiveDate,
    /// Venue or city.
    pub location: Option<String>,
    /// E.g. "2000pts Matched Play".
    pub format: String,
    /// Number of rounds planned (a round robin's follows from its field when round 1 is paired).
    pub total_rounds: u32,
    /// The most a player can score in one game: VP in 40K, game points in
    /// crokinole (a report above it is refused); unused in chess.
    pub max_vp: u32,
    /// Mission per round (index 0 = round 1); rounds beyond the list reuse the last one.
    pub missions: Vec<String>,
    /// The planned start of each round (index 0 = round 1): `HH:MM` or
    /// `YYYY-MM-DD HH:MM`, local time at the venue.
    pub round_times: Vec<String>,
    /// Lifecycle stage.
    pub status: TournamentStatus,
    /// Whether the TO has locked army lists.
    pub lists_locked: bool,
    /// What the standings are ranked by (the engine's configuration, stored as JSON).
    pub standings: StandingsConfig,
    /// Chess point values (win, draw, loss, bye); `None` in other games.
    pub points: Option<PointSystem>,
    /// Swiss chess: the colour of pairing number 1 in round 1 (C.04.3 art.
    /// 5.1), when given by an imported TRF; `None` = drawn by lot from the id.
    pub initial_colour: Option<arbiter_engine::model::Colour>,
    /// The TO's orders of open ties, applied while the tie is unchanged.
    pub resolutions: Vec<TieResolution>,
    /// TO decisions dropped because results changed their tie, newest last.
    pub tie_notices: Vec<TieNotice>,
    /// Every change of the standings configuration or point values, oldest first.
    pub standings_log: Vec<StandingsChange>,
    /// The event's staff besides its owner (co-organisers and judges).
    pub staff: Vec<Staff>,
    /// The organiser's pairing constraints.
    pub constraints: Constraints,
    /// Accelerated pairings (Swiss chess, FIDE C.04.7).
    pub acceleration: Acceleration,
    /// How a 40K event pairs round 1.
    pub round_one: RoundOne,
    /// Team rules; `None` for a singles event.
    pub teams: Option<TeamRules>,
    /// The most entrants (not withdrawn, not removed) the event takes; later
    /// registrations join the waitlist. `None`: no cap.
    pub cap: Option<u32>,
    /// The entry fee; `None`: the event has none.
    pub fee: Option<Fee>,
    /// Who may enter (rating band, age, invitation only); the default: everyone.
    pub eligibility: Eligibility,
    /// The event this tournament is a section of; `None`: a tournament on its own.
    pub event_id: Option<EventId>,
    /// The staff it inherits from its event, read with it (never saved with
    /// the tournament): the event's owner as a co-organiser, then the event's
    /// own staff ([`VenueEvent::section_staff`]); empty outside an event.
    pub event_staff: Vec<Staff>,
    /// The sequence number of the last event.
    pub last_seq: i64,
    /// Creation time.
    pub created_at: Millis,
}

impl Tournament {
    /// The initial colour (FIDE C.04.3 art. 5.1: drawn by lot before round
    /// 1): as an imported TRF gave it, else from the event's random id, so
    /// fixed for the event.
    #[must_use]
    pub fn initial_colour_drawn(&self) -> arbiter_engine::model::Colour {
        use arbiter_engine::model::Colour;
        self.initial_colour.unwrap_or(if self.id.uuid().as_u128() & 1 == 0 { Colour::White } else { Colour::Black })
    }

    /// The mission for round `number` (1-based).
    #[must_use]
    pub fn mission_for(&self, number: u32) -> String {
        let i = (number as usize).saturating_sub(1);
        self.missions.get(i).or(self.missions.last()).cloned().unwrap_or_default()
    }

    /// `user`'s role on the staff, if they are on it (the owner is not): the
    /// higher of their role in the section's own staff and in its event's.
    #[must_use]
    pub fn staff_role(&self, user: UserId) -> Option<StaffRole> {
        let own = self.staff.iter().find(|s| s.user_id == user).map(|s| s.role);
        let inherited = self.event_staff.iter().find(|s| s.user_id == user).map(|s| s.role);
        match (own, inherited) {
            (Some(StaffRole::CoOrganiser), _) | (_, Some(StaffRole::CoOrganiser)) => Some(StaffRole::CoOrganiser),
            (own, inherited) => own.or(inherited),
        }
    }

    /// Whether `user` has the organiser's rights: the owner or a co-organiser.
    #[must_use]
    pub fn organised_by(&self, user: UserId) -> bool {
        self.owner_id == user || self.staff_role(user) == Some(StaffRole::CoOrganiser)
    }

    /// The part `user` plays in the event now (owner, co-organiser, judge,
    /// or anyone else).
    #[must_use]
    pub fn actor_role(&self, user: UserId) -> ActorRole {
        if self.owner_id == user {
            return ActorRole::Owner;
        }
        match self.staff_role(user) {
            Some(StaffRole::CoOrganiser) => ActorRole::CoOrganiser,
            Some(StaffRole::Judge) => ActorRole::Judge,
            None => ActorRole::Player,
        }
    }

    /// Whether `user` is on the event's staff at all (owner, co-organiser or judge).
    #[must_use]
    pub fn staffed_by(&self, user: UserId) -> bool {
        self.owner_id == user || self.staff_role(user).is_some()
    }
}

/// A player's registration in a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Registration id (the `playerId` of the API).
    pub id: PlayerId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The player's account.
    pub user_id: UserId,
    /// 1 for the first to register, and so on: the last 40K standings
    /// tie-break, and the player's number in chess and crokinole standings.
    pub registration_no: u32,
    /// The round-robin pairing number (Berger table), given when round 1 is paired.
    pub pairing_no: Option<u32>,
    /// Name on the boards.
    pub display_name: String,
    /// Faction (BSData faction key or name).
    pub faction: String,
    /// The army list as pasted.
    pub list_text: Option<String>,
    /// Present on the event day.
    pub checked_in: bool,
    /// Withdrew: not paired any more.
    pub dropped: bool,
    /// Removed by the TO: dropped and hidden from the player list.
    pub removed: bool,
    /// Registration time.
    pub registered_at: Millis,
    /// Rating, title, birth date, club… (chess pairing, tie-breaks, prizes).
    pub profile: PlayerProfile,
    /// Penalties, bonuses, painting and sportsmanship scores, oldest first.
    pub adjustments: Vec<PlayerAdjustment>,
    /// A singles entrant, a team, or a team's player.
    pub kind: PlayerKind,
    /// A waiting registration's place on the waitlist (1 first, no gaps);
    /// `None` for an entrant. A waiting registration is not paired, ranked
    /// or checked in, and is left out of [`crate::store::Tx::players`].
    pub waitlist: Option<u32>,
    /// The entry fee's payment as staff last marked it; `None`: owed, nothing marked.
    pub payment: Option<Payment>,
}

/// One score beside the games, as entered by staff: a penalty or bonus, or
/// a 40K painting or sportsmanship score ([`arbiter_engine::standings::adjustment`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerAdjustment {
    /// Its number among the player's adjustments (1, 2, …; never reused).
    pub no: u32,
    /// What it moves.
    pub kind: arbiter_engine::standings::AdjustmentKind,
    /// By how much (negative: a penalty).
    pub amount: i64,
    /// Why, in the staff's words (shown to the player and in the standings).
    pub reason: String,
    /// The round it concerns, if any.
    pub round: Option<u32>,
    /// Who entered it (their name).
    pub by: String,
    /// When (Unix ms).
    pub at: Millis,
}

impl Player {
    /// The player's TRF line (FIDE C.04 Annex 2, record `001`) as pairing
    /// number `number` with `points`, `rank` and `rounds`: title, name (33
    /// characters at most), rating, federation and FIDE id from the profile;
    /// sex and birth date only when `private` (the organisers' export).
    #[must_use]
    pub fn trf_line(
        &self,
        number: arbiter_engine::model::PlayerNo,
        points: arbiter_engine::model::Points,
        rank: Option<u32>,
        rounds: Vec<Option<arbiter_engine::model::RoundRecord>>,
        private: bool,
    ) -> arbiter_engine::trf::PlayerLine {
        let profile = &self.profile;
        arbiter_engine::trf::PlayerLine {
            number,
            sex: profile.sex.clone().filter(|_| private).unwrap_or_default(),
            title: profile.title.clone().unwrap_or_default(),
            name: self.display_name.chars().take(33).collect(),
            rating: profile.rating,
            federation: profile.federation.clone().unwrap_or_default(),
            fide_id: profile.fide_id.clone().unwrap_or_default(),
            birth_date: profile
                .birth_date
                .filter(|_| private)
                .map(|d| d.format("%Y/%m/%d").to_string())
                .unwrap_or_default(),
            points,
            rank,
            rounds,
        }
    }

    /// Whether the player is paired in the next round.
    #[must_use]
    pub const fn is_active(&self) -> bool {
        self.checked_in && !self.dropped && !self.removed
    }
}

/// A round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// Round id.
    pub id: RoundId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// 1-based.
    pub number: u32,
    /// State.
    pub status: RoundStatus,
    /// The mission played.
    pub mission: String,
    /// Creation time.
    pub created_at: Millis,
    /// Whether it is a round of the top cut (left out of the Swiss standings and pairing).
    pub playoff: bool,
}

/// A counter-report filed with a dispute.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dispute {
    /// What the disputing player says player 1 scored (40K; either may be given alone).
    pub player1_vp: Option<u32>,
    /// What the disputing player says player 2 scored (40K).
    pub player2_vp: Option<u32>,
    /// The score the disputing player saw (chess and crokinole).
    pub score: Option<GameScore>,
    /// Free text.
    pub note: Option<String>,
}

/// One table of a round, or the bye (`player2_id` = `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Pairing id.
    pub id: PairingId,
    /// The round.
    pub round_id: RoundId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// Table number; 0 for the bye.
    pub table_number: u32,
    /// The higher seed in a Swiss; White (first to play) in a round robin.
    pub player1_id: PlayerId,
    /// The opponent; `None` for the bye.
    pub player2_id: Option<PlayerId>,
    /// The score, once reported (a bye's is 0–0 VP in 40K, none elsewhere).
    pub score: Option<GameScore>,
    /// Derived from the score.
    pub result: Option<MatchResult>,
    /// Reporting state.
    pub state: PairingState,
    /// The account that reported.
    pub reported_by: Option<UserId>,
    /// When it was reported.
    pub reported_at: Option<Millis>,
    /// The opponent's counter-report, when disputed.
    pub dispute: Option<Dispute>,
    /// Whether the TO set this result.
    pub to_override: bool,
    /// The TO's note on an override.
    pub override_note: Option<String>,
    /// Whether these players had met before (an unavoidable rematch, flagged to the TO).
    pub rematch: bool,
    /// Creation time.
    pub created_at: Millis,
    /// The team match this game belongs to; `None` for a singles table or a
    /// team match itself.
    pub in_match: Option<MatchBoard>,
}

impl Pairing {
    /// A new table of `round` (table 0: a bye), created at `at`, with
    /// nothing reported yet.
    #[must_use]
    pub fn unreported(round: &Round, table: u32, player1: PlayerId, player2: Option<PlayerId>, at: Millis) -> Pairing {
        Pairing {
            id: PairingId::random(),
            round_id: round.id,
            tournament_id: round.tournament_id,
            table_number: table,
            player1_id: player1,
            player2_id: player2,
            score: None,
            result: None,
            state: PairingState::Unreported,
            reported_by: None,
            reported_at: None,
            dispute: None,
            to_override: false,
            override_note: None,
            rematch: false,
            created_at: at,
            in_match: None,
        }
    }

    /// Whether this is the bye.
    #[must_use]
    pub const fn is_bye(&self) -> bool {
        self.player2_id.is_none()
    }

    /// Whether this is a round the player missed, counted as lost (0 points):
    /// a chess zero-point bye, or a 40K or crokinole late entry's missed
    /// round under `missed: "loss"`. Never a pairing-allocated bye.
    #[must_use]
    pub fn is_missed_round(&self) -> bool {
        self.player2_id.is_none() && self.result == Some(MatchResult::ZeroPointBye)
    }

    /// Whether `player` sits at this table.
    #[must_use]
    pub fn has_player(&self, player: PlayerId) -> bool {
        self.player1_id == player || self.player2_id == Some(player)
    }
}
