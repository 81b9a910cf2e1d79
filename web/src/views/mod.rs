//! View models: the JSON shapes of tournaments, players, rounds, tables and
//! standings. The API answers with them, live events carry them, pages render
//! them (server-side in templates, client-side from the socket).

use crate::ids::{EventId, PairingId, PlayerId, RoundId, TournamentId, UserId};
use serde::{Deserialize, Serialize};

pub mod changes;
pub mod events;
pub mod playoffs;
pub mod prizes;
pub mod ratings;
pub mod sets;
pub mod standings;
pub mod teams;

pub use sets::{
    Acceleration, Game, MatchFormat, OpenTieKind, PairingSystem, RoundOnePairing, TieState, TiebreakKey,
    TiebreakModifier, TournamentStatus,
};

pub use changes::{ByeView, Imported, Published, TiebreaksChange};

pub use standings::{
    ColumnView, ConfigChangeView, MiniLeagueRowView, MiniLeagueView, NoticeView, OpenTieView, ResolutionView,
    StandingsMeta, TieView, TiebreakOption, TiebreaksView,
};

/// A tournament.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TournamentView {
    /// Id.
    pub id: TournamentId,
    /// Name.
    pub name: String,
    /// Game: `wh40k`, `chess` or `crokinole`.
    pub game: Game,
    /// The game whose page parts (result forms, seats, texts) the pages use
    /// for this one, when the game plays like another and has none of its
    /// own (the server's `GameSystem::pages_like`); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pages_like: Option<Game>,
    /// How rounds are paired: `swiss_record`, `round_robin`, `double_round_robin` or `dutch`.
    pub pairing_system: PairingSystem,
    /// Event day, `YYYY-MM-DD`.
    pub event_date: String,
    /// Venue.
    pub location: Option<String>,
    /// Format, e.g. "2000pts Matched Play".
    pub format: String,
    /// Rounds planned (a round robin's is set from its field when round 1 is paired).
    pub total_rounds: u32,
    /// Highest VP (40K) or game points (crokinole) a player can score in a game.
    pub max_vp: u32,
    /// What the standings are ranked by: the engine's configuration, e.g.
    /// `{"game":"chess","tiebreaks":[{"code":"DE"},{"code":"SB"}]}`.
    pub standings_config: serde_json::Value,
    /// Chess point values; `null` in other games.
    pub points: Option<PointsView>,
    /// Missions by round.
    pub missions: Vec<String>,
    /// The planned start of each round (index 0 = round 1): `HH:MM` or
    /// `YYYY-MM-DD HH:MM`, venue time.
    #[serde(default)]
    pub round_times: Vec<String>,
    /// Lifecycle stage: `DRAFT`, `REGISTRATION`, `CHECK_IN`, `IN_PROGRESS`, `COMPLETE`.
    pub status: TournamentStatus,
    /// Army lists locked.
    pub lists_locked: bool,
    /// The TO's account.
    pub owner_id: UserId,
    /// Registered players (removed ones excluded).
    pub player_count: usize,
    /// Accelerated pairings (Swiss chess, FIDE C.04.7): `none`, `baku`, or
    /// `given` (virtual points imported from a TRF).
    #[serde(default)]
    pub acceleration: Acceleration,
    /// How round 1 is paired (40K Swiss): `registration` (the default),
    /// `random` (a seeded draw) or `rating`.
    #[serde(default)]
    pub round_one_pairing: RoundOnePairing,
    /// The seed of round 1's random draw (with `random`).
    #[serde(default)]
    pub round_one_seed: Option<u32>,
    /// A team event's rules, `null` for a singles event: `format` (`wh40k`,
    /// `chess` or `doubles`), `size` (players per team in a match),
    /// `reserves` (the most a team registers), `unique_factions`,
    /// `step_seconds`, `table_choice`, `conversion`, `match_rule`,
    /// `ranking_boards`, as given when the event was created.
    #[serde(default)]
    pub teams: Option<serde_json::Value>,
    /// The most entrants the event takes (beyond it registrations join the
    /// waitlist); `null`: no cap.
    #[serde(default)]
    pub cap: Option<u32>,
    /// The entry fee; `null`: none.
    #[serde(default)]
    pub fee: Option<FeeView>,
    /// The event this tournament is a section of (`/api/events/{id}`);
    /// absent for a tournament on its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_id: Option<EventId>,
    /// Who may enter (rating band, age, invitation only); `null`: everyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eligibility: Option<EligibilityView>,
}

/// Who may enter a section, as everyone reads it (the invitation list
/// itself is the organisers').
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EligibilityView {
    /// The rating band; `null`: any rating.
    #[serde(default)]
    pub rating: Option<RatingBandView>,
    /// The age range on a cut-off date; `null`: any age.
    #[serde(default)]
    pub age: Option<AgeRuleView>,
    /// Whether only invited players register themselves.
    #[serde(default)]
    pub invitation_only: bool,
}

/// A rating band, both ends inclusive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingBandView {
    /// The rating it reads: `fide`, `national` (the profile's) or
    /// `arbiter` (the server's own rating in the event's game).
    pub source: String,
    /// The lowest rating let in; `null`: no floor.
    pub min: Option<u32>,
    /// The highest rating let in; `null`: no ceiling.
    pub max: Option<u32>,
    /// Whether unrated players enter.
    pub unrated: bool,
}

/// An age range on a cut-off date, both ends inclusive (U16: `max` 15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AgeRuleView {
    /// The day ages are taken on, `YYYY-MM-DD`.
    pub cutoff: String,
    /// The youngest age let in; `null`: no floor.
    pub min: Option<u32>,
    /// The oldest age let in; `null`: no ceiling.
    pub max: Option<u32>,
}

/// An entry fee: an amount in the currency's minor units and its ISO 4217 code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FeeView {
    /// The amount in minor units (`2500` is 25.00).
    pub amount: u64,
    /// The ISO 4217 code (`EUR`).
    pub currency: String,
}

/// An entrant's payment of the entry fee, as staff last marked it (shown
/// to the organisers and to the player).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PaymentView {
    /// `paid`, `owed` or `waived`.
    pub state: sets::PaymentState,
    /// The amount taken, in minor units (0 unless paid).
    pub amount: u64,
    /// Who marked it (`null`: nobody yet, owed).
    pub by: Option<String>,
    /// When (Unix ms; `null`: never marked).
    pub at: Option<i64>,
}

/// Chess point values, in points (`0.5` is half a point).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PointsView {
    /// A game won (and a forfeit won).
    pub win: f64,
    /// A game drawn.
    pub draw: f64,
    /// A game lost (and a forfeit lost).
    pub loss: f64,
    /// The pairing-allocated bye (a round robin's round off).
    pub bye: f64,
}

/// A registration. `list_text` is present only for those allowed to read it
/// (the TO before the lock, everyone after, the player always).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerView {
    /// Registration id.
    pub id: PlayerId,
    /// The account.
    pub user_id: UserId,
    /// Registration order, from 1.
    pub registration_no: u32,
    /// Round-robin pairing number (Berger table), once round 1 is paired.
    pub pairing_no: Option<u32>,
    /// Name on the boards.
    pub display_name: String,
    /// Faction.
    pub faction: String,
    /// Whether a list was submitted.
    pub has_list: bool,
    /// The list, where visible.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_text: Option<String>,
    /// Present.
    pub checked_in: bool,
    /// Withdrawn.
    pub dropped: bool,
    /// Removed by the TO.
    pub removed: bool,
    /// Rating, title, club… (birth date, sex and disability only for the TO and the player).
    #[serde(default)]
    pub profile: ProfileView,
    /// Penalties, bonuses, painting and sportsmanship scores, oldest first
    /// (always sent, so a page that merges updates sees the last one go).
    #[serde(default)]
    pub adjustments: Vec<AdjustmentView>,
    /// A waiting registration's place on the waitlist (1 first); absent for
    /// an entrant. A waiting registration is not paired, ranked or checked in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waitlist: Option<u32>,
    /// The entry fee's payment: for the organisers and the player only
    /// (absent for everyone else, and in live events).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment: Option<PaymentView>,
}

/// A player's profile as shown. Public: rating, FIDE id, title, federation,
/// club, city, state. Private (the TO and the player only): birth date, sex,
/// disability.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ProfileView {
    /// Rating; `null` for unrated.
    pub rating: Option<u32>,
    /// FIDE id.
    pub fide_id: Option<String>,
    /// FIDE title.
    pub title: Option<sets::FideTitle>,
    /// Federation (three letters).
    pub federation: Option<String>,
    /// Club.
    pub club: Option<String>,
    /// City.
    pub city: Option<String>,
    /// State or region.
    pub state: Option<String>,
    /// Date of birth, `YYYY-MM-DD` (private).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_date: Option<String>,
    /// `m` or `w` (private).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<sets::Sex>,
    /// Disability (private).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disability: Option<bool>,
}

/// A player as seen at a table.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Seat {
    /// Registration id.
    pub id: PlayerId,
    /// Account id (so a page knows which seat is "me").
    pub user_id: UserId,
    /// Name.
    pub name: String,
    /// Faction.
    pub faction: String,
}

/// A counter-report filed with a dispute.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DisputeView {
    /// Player 1's VP as the disputing player saw it (40K).
    pub player1_vp: Option<u32>,
    /// Player 2's VP as the disputing player saw it (40K).
    pub player2_vp: Option<u32>,
    /// The score the disputing player saw (chess, crokinole), as a result payload.
    pub score: Option<serde_json::Value>,
    /// That score in words, player 1 first.
    pub score_text: Option<String>,
    /// Free text.
    pub note: Option<String>,
}

/// A table (or the bye) with its result state.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PairingView {
    /// Pairing id.
    pub id: PairingId,
    /// Round id.
    pub round_id: RoundId,
    /// Table number; 0 for the bye.
    pub table: u32,
    /// Player 1: the higher seed in a Swiss, White (first to play) in a round robin.
    pub player1: Seat,
    /// Player 2; `null` for the bye.
    pub player2: Option<Seat>,
    /// Player 1's VP, once reported (40K).
    pub player1_vp: Option<u32>,
    /// Player 2's VP, once reported (40K).
    pub player2_vp: Option<u32>,
    /// The reported score as the game's result payload, e.g. `{"result":"1-0"}`
    /// or `{"player1_points":6,"player2_points":2,"player1_twenties":3,"player2_twenties":1}`.
    pub score: Option<serde_json::Value>,
    /// Player 1's part as a board shows it: `72`, `½`, `1F`, `6 (3)` (points, 20s).
    pub player1_score: Option<String>,
    /// Player 2's part.
    pub player2_score: Option<String>,
    /// The whole score in words: `72 – 45`, `1–0`, `6 – 2 (20s: 3 – 1)`.
    pub score_text: Option<String>,
    /// Derived result: `P1_WIN`, `P2_WIN`, `DRAW`, `BYE`, and in chess
    /// `P1_WIN_F`, `P2_WIN_F`, `DOUBLE_F` (forfeits).
    pub result: Option<sets::MatchResult>,
    /// `UNREPORTED`, `REPORTED`, `DISPUTED` or `CONFIRMED`.
    pub state: sets::PairingState,
    /// Which seat reported: `player1`, `player2`, `to`, or `null`.
    pub reported_by: Option<sets::ReportedBy>,
    /// The counter-report of a dispute.
    pub dispute: Option<DisputeView>,
    /// Set by the TO.
    pub to_override: bool,
    /// The TO's note.
    pub override_note: Option<String>,
    /// A rematch the pairing could not avoid.
    pub rematch: bool,
    /// A game inside a team match: the match's pairing id (absent for a
    /// singles table and for the team match itself).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_id: Option<PairingId>,
    /// A game inside a team match: its board in the match, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
}

impl PairingView {
    /// Whether this is the bye.
    #[must_use]
    pub fn is_bye(&self) -> bool {
        self.player2.is_none()
    }

    /// The registrations seated here (one for the bye).
    pub fn seats(&self) -> impl Iterator<Item = PlayerId> + '_ {
        std::iter::once(self.player1.id).chain(self.player2.as_ref().map(|s| s.id))
    }

    /// `72 – 45` (or the game's score) once reported, else an empty string.
    #[must_use]
    pub fn score(&self) -> String {
        if self.is_bye() {
            return String::new();
        }
        self.score_text.clone().unwrap_or_default()
    }
}

/// A round with its tables (bye last).
///
/// `tables_total` counts the round's tables when `pairings` holds only some
/// of them (a board showing a range).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RoundView {
    /// Round id.
    pub id: RoundId,
    /// Round number.
    pub number: u32,
    /// `PENDING`, `ACTIVE` or `COMPLETE`.
    pub status: sets::RoundStatus,
    /// Mission.
    pub mission: String,
    /// Tables, then the bye.
    pub pairings: Vec<PairingView>,
    /// How many tables the round has (the bye excluded).
    #[serde(default)]
    pub tables_total: u32,
    /// Whether it is a playoff round (its `mission` is then the bracket round's name: `Semifinals`…).
    #[serde(default)]
    pub playoff: bool,
    /// A playoff round's place in its bracket (left out for other rounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<playoffs::PlayoffStage>,
}

impl RoundView {
    /// This round with only tables `from..=to`, and the bye when the range
    /// reaches the last table (so a set of screens shows it once).
    #[must_use]
    pub fn for_tables(&self, from: u32, to: u32) -> RoundView {
        let last = self.pairings.iter().map(|p| p.table).max().unwrap_or(0);
        let shown = |p: &&PairingView| if p.table == 0 { to >= last } else { (from..=to).contains(&p.table) };
        RoundView {
            pairings: self.pairings.iter().filter(shown).cloned().collect(),
            tables_total: last,
            ..self.header()
        }
    }

    /// This round with only the table (or bye) of `player`: what a
    /// player's phone shows.
    #[must_use]
    pub fn for_player(&self, player: PlayerId) -> RoundView {
        RoundView {
            pairings: self.pairings.iter().filter(|p| p.seats().any(|s| s == player)).cloned().collect(),
            ..self.header()
        }
    }

    /// This round without its tables (a player's page shows only their own).
    #[must_use]
    pub fn header(&self) -> RoundView {
        RoundView {
            id: self.id,
            number: self.number,
            status: self.status,
            mission: self.mission.clone(),
            pairings: Vec::new(),
            tables_total: self.tables_total,
            playoff: self.playoff,
            stage: self.stage,
        }
    }
}

/// One line of the standings table. The 40K fields (`wins` … `sos_exact`)
/// are kept in every game: W/L/D and byes are filled for all games, VP,
/// margin and SOS only in 40K (0 elsewhere). The configured columns are in
/// `values`, matching [`StandingsMeta::columns`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandingView {
    /// Place, from 1: shared by players the rules leave tied (chess,
    /// crokinole); distinct in 40K, whose last criterion is registration order.
    pub rank: u32,
    /// Line number, from 1, distinct for every row.
    pub position: u32,
    /// Registration id.
    pub player_id: PlayerId,
    /// Name.
    pub display_name: String,
    /// Faction.
    pub faction: String,
    /// Wins (byes included).
    pub wins: u32,
    /// Losses.
    pub losses: u32,
    /// Draws.
    pub draws: u32,
    /// Byes.
    pub byes: u32,
    /// VP scored.
    pub vp_for: u64,
    /// VP conceded.
    pub vp_against: u64,
    /// VP margin (`vp_for - vp_against`).
    pub margin: i64,
    /// Strength of schedule as a percentage, one decimal (display value).
    pub sos: f64,
    /// Strength of schedule as an exact fraction `"num/den"`.
    pub sos_exact: String,
    /// Withdrawn.
    pub dropped: bool,
    /// The primary score as shown: `2.5` (chess points), `8` (crokinole), `3-1-0` (40K record).
    pub score: String,
    /// One display value per configured column ([`StandingsMeta::columns`]); empty where it does not apply.
    pub values: Vec<String>,
    /// How the player's place among those level on the primary score was settled.
    pub tie: Option<TieView>,
    /// Crokinole's tie reason: what placed the player among those level on
    /// points: `head-to-head`, `mini-league`, `twenties` or `unresolved`; `null` otherwise.
    pub tie_reason: Option<sets::TieReason>,
    /// In an event played in round-robin pools: the player's pool (`A`, `B`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    /// In an event played in pools: the player's place in the pool's own standings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool_rank: Option<u32>,
    /// The penalties, bonuses and painting or sportsmanship scores counted
    /// in this line, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjustments: Vec<AdjustmentView>,
}

/// A score beside the games, as a player and the standings show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AdjustmentView {
    /// Its number among the player's adjustments (to remove it).
    pub no: u32,
    /// `wins`, `vp`, `painting`, `sportsmanship` (40K); `points` (crokinole).
    pub kind: sets::AdjustmentKind,
    /// By how much (negative: a penalty).
    pub amount: i64,
    /// Why.
    pub reason: String,
    /// The round it concerns, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// Who entered it.
    pub by: String,
    /// When (Unix ms).
    pub at: i64,
}

impl AdjustmentView {
    /// The amount with its sign: `+2`, `-1`.
    #[must_use]
    pub fn amount_signed(&self) -> String {
        format!("{:+}", self.amount)
    }
}

impl StandingView {
    /// The margin with its sign: `+72`, `-5`, `0`.
    #[must_use]
    pub fn margin_signed(&self) -> String {
        if self.margin > 0 {
            format!("+{}", self.margin)
        } else {
            self.margin.to_string()
        }
    }
}

/// Everything the board, standings, dashboard and player pages show, as of one event.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Snapshot {
    /// The sequence number of the last event included.
    pub seq: i64,
    /// The tournament.
    pub tournament: TournamentView,
    /// Registrations (without list texts; removed players excluded).
    pub players: Vec<PlayerView>,
    /// The latest round, with its tables; `null` before round 1.
    pub round: Option<RoundView>,
    /// The standings table.
    pub standings: Vec<StandingView>,
    /// The standings columns, open ties and the TO's decisions.
    pub standings_meta: StandingsMeta,
}

/// A window of the standings: rows `offset..offset+limit` of `total`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandingsWindow {
    /// First row (0-based).
    pub offset: u32,
    /// Rows asked for.
    pub limit: u32,
    /// Rows in the whole table.
    pub total: usize,
    /// The rows.
    pub rows: Vec<StandingView>,
}

impl StandingsWindow {
    /// The window `offset..offset+limit` of `rows`.
    #[must_use]
    pub fn of(rows: &[StandingView], offset: u32, limit: u32) -> StandingsWindow {
        let start = (offset as usize).min(rows.len());
        let end = start.saturating_add(limit as usize).min(rows.len());
        StandingsWindow { offset, limit, total: rows.len(), rows: rows[start..end].to_vec() }
    }

    /// `1–50 of 312`, or empty when there are no rows.
    #[must_use]
    pub fn label(&self) -> String {
        if self.rows.is_empty() {
            return String::new();
        }
        format!("{}–{} of {}", self.offset as usize + 1, self.offset as usize + self.rows.len(), self.total)
    }

    /// [`label`](Self::label) in `lang`.
    #[must_use]
    pub fn label_in(&self, lang: &crate::i18n::Lang) -> String {
        use crate::i18n::ToArg;
        if self.rows.is_empty() {
            return String::new();
        }
        lang.t_args(
            "pager-window",
            &[
                ("from", (self.offset as usize + 1).to_arg()),
                ("to", (self.offset as usize + self.rows.len()).to_arg()),
                ("total", self.total.to_arg()),
            ],
        )
    }

    /// Whether rows follow this window.
    #[must_use]
    pub fn has_next(&self) -> bool {
        (self.offset as usize).saturating_add(self.limit as usize) < self.total
    }
}

/// A round's clock as boards and phones show it. The time left is
/// `ends_at` minus the server's time (which clients learn from the live
/// protocol's `pong`), so every screen shows the same time whatever its own
/// clock says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClockView {
    /// The round.
    pub round_id: RoundId,
    /// The round's number.
    pub round: u32,
    /// `running`, `paused` or `ended`.
    pub state: sets::ClockState,
    /// The round's length as set at start plus every extension, ms.
    pub duration_ms: i64,
    /// When time is up, Unix ms on the server's clock (`running` only).
    pub ends_at: Option<i64>,
    /// Time left, ms (`paused` only).
    pub remaining_ms: Option<i64>,
}

/// What a live view starts from (the `data` of its `snapshot` frame).
// Built once per snapshot and serialised straight away: the size of the
// largest variant costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum ViewState {
    /// `events`: everything.
    Events(Snapshot),
    /// `queue`: the TO's view.
    Queue {
        /// The tournament.
        tournament: TournamentView,
        /// Registrations (removed ones excluded).
        players: Vec<PlayerView>,
        /// The latest round with all its tables.
        round: Option<RoundView>,
        /// The top of the standings (the TO orders open ties from here or the standings page).
        standings: StandingsWindow,
        /// The columns, open ties and the TO's decisions.
        standings_meta: StandingsMeta,
        /// The latest round's clock, once started.
        clock: Option<ClockView>,
    },
    /// `board`: a venue screen.
    Board {
        /// The tournament.
        tournament: TournamentView,
        /// The latest round, cut to the screen's tables (a team event's: its team matches).
        round: Option<RoundView>,
        /// The latest round's clock, once started.
        clock: Option<ClockView>,
        /// A team event: the games of the team matches shown, by match then
        /// board (each names its `match_id` and `board`); empty otherwise.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        games: Vec<PairingView>,
        /// A team event: the teams seated in the matches shown, with their
        /// players (the names mode lists them; doubles show both); empty otherwise.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        teams: Vec<teams::TeamLine>,
    },
    /// `standings`: a window of the table.
    Standings {
        /// The tournament.
        tournament: TournamentView,
        /// The rows shown.
        standings: StandingsWindow,
        /// The columns, open ties and the TO's decisions.
        standings_meta: StandingsMeta,
    },
    /// `player`: one player's phone.
    Player {
        /// The tournament.
        tournament: TournamentView,
        /// The registration, with its list.
        me: Option<PlayerView>,
        /// The latest round's header (no tables).
        round: Option<RoundView>,
        /// The player's table or bye in that round.
        pairing: Option<PairingView>,
        /// The player's standings line.
        standing: Option<StandingView>,
        /// The latest round's clock, once started.
        clock: Option<ClockView>,
        /// The player's part of the top cut (see [`playoffs::BracketView::for_player`]), when in it.
        #[serde(default)]
        bracket: Option<playoffs::BracketView>,
        /// A team event's player: their team with its players (their own
        /// game is `pairing`; the standings line is the team's).
        #[serde(skip_serializing_if = "Option::is_none")]
        team: Option<teams::TeamLine>,
        /// A team event's player: their team's match in the latest round
        /// (opponent team, table, score so far).
        #[serde(skip_serializing_if = "Option::is_none")]
        team_match: Option<PairingView>,
        /// A team's captain: every game of their team's match, board 1
        /// first, once paired; the captain reports and confirms any of them
        /// for their team's player (issue 25: "board results reported by
        /// each board's players or by the captain"). Empty for anyone else.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        team_games: Vec<PairingView>,
    },
    /// `process` (one team match's captains' pairing process as the viewer
    /// may see it, or `null`) and `rooms` (every match of the round, as the
    /// public sees it): prepared by the server's pairing rooms.
    Prepared(serde_json::Value),
    /// `bracket`: the top cut's bracket (a venue screen or a phone).
    Bracket {
        /// The tournament.
        tournament: TournamentView,
        /// The bracket; `None` when the event has no playoff stage.
        bracket: Option<playoffs::BracketView>,
    },
}
