//! The closed sets the views carry: each a typed value serialised exactly
//! as the string it replaces (`"chess"`, `"IN_PROGRESS"`, `"buchholz"`), so
//! the JSON bodies and live frames are unchanged while the pages, the
//! server and the tests match on variants, not on text. The server builds
//! them from its own enums and the engine's (`From`), at the edge.

use arbiter_engine::standings::{ColumnKey, ColumnModifier};
use serde::{Deserialize, Serialize};

macro_rules! closed_set {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:tt),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        pub enum $name { $($(#[$vm])* #[serde(rename = $s)] $v),+ }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$v),+];

            /// The value as serialised.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $($name::$v => $s),+ }
            }

            /// The value serialised as `s`, if any.
            #[must_use]
            pub fn parse(s: &str) -> Option<$name> {
                match s { $($s => Some($name::$v),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
    };
}

closed_set! {
    /// The game a tournament is played in; it decides the result form, the
    /// pairing systems offered and the standings (the server's `game`
    /// module holds one home per game). The server's domain uses this type.
    Game {
        /// Warhammer 40,000: VP per game, record-based Swiss, W/L/D → margin → SOS.
        Wh40k = "wh40k",
        /// Chess: 1-0, ½-½, 0-1 and forfeits; round robin or FIDE Dutch; FIDE C.07 tie-breaks.
        Chess = "chess",
        /// Crokinole: game points and 20s per game; round robin or Swiss; head-to-head, mini-league, 20s.
        Crokinole = "crokinole",
    }
}

closed_set! {
    /// Where a tournament is in its lifecycle (the server's domain uses this type).
    TournamentStatus {
        /// Created, not visible to players.
        Draft = "DRAFT",
        /// Players can register.
        Registration = "REGISTRATION",
        /// Players mark themselves present.
        CheckIn = "CHECK_IN",
        /// Rounds are being played.
        InProgress = "IN_PROGRESS",
        /// Standings are final.
        Complete = "COMPLETE",
    }
}

closed_set! {
    /// How rounds are paired (the server's domain uses this type).
    PairingSystem {
        /// The 40K record-based Swiss.
        SwissRecord = "swiss_record",
        /// Every player meets every other once (FIDE C.05 Berger tables).
        RoundRobin = "round_robin",
        /// Every player meets every other twice.
        DoubleRoundRobin = "double_round_robin",
        /// The FIDE (Dutch) Swiss system, C.04.3.
        Dutch = "dutch",
    }
}

impl TournamentStatus {
    /// The next stage, if any; every transition is a TO action.
    #[must_use]
    pub const fn next(self) -> Option<TournamentStatus> {
        match self {
            TournamentStatus::Draft => Some(TournamentStatus::Registration),
            TournamentStatus::Registration => Some(TournamentStatus::CheckIn),
            TournamentStatus::CheckIn => Some(TournamentStatus::InProgress),
            TournamentStatus::InProgress => Some(TournamentStatus::Complete),
            TournamentStatus::Complete => None,
        }
    }

    /// Whether players can find and join the event (`listOpen`).
    #[must_use]
    pub const fn is_open(self) -> bool {
        matches!(self, TournamentStatus::Registration | TournamentStatus::CheckIn)
    }
}

impl PairingSystem {
    /// Whether the pairings are predetermined (a round robin).
    #[must_use]
    pub const fn is_round_robin(self) -> bool {
        matches!(self, PairingSystem::RoundRobin | PairingSystem::DoubleRoundRobin)
    }

    /// The name the server's refusals and the TRF header use, in English
    /// (pages translate `pairing-*` instead).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            PairingSystem::SwissRecord => "Swiss (by record)",
            PairingSystem::RoundRobin => "Round robin",
            PairingSystem::DoubleRoundRobin => "Double round robin",
            PairingSystem::Dutch => "Swiss (FIDE Dutch)",
        }
    }
}

closed_set! {
    /// Accelerated pairings of a Swiss chess event (FIDE C.04.7).
    #[derive(Default)]
    Acceleration {
        /// Not accelerated.
        #[default]
        None = "none",
        /// The Baku method (C.04.7 art. 1).
        Baku = "baku",
        /// Virtual points imported from a TRF file.
        Given = "given",
    }
}

closed_set! {
    /// How a 40K event orders its players for round 1.
    #[derive(Default)]
    RoundOnePairing {
        /// Registration order (the default).
        #[default]
        Registration = "registration",
        /// A seeded random draw.
        Random = "random",
        /// Rating, highest first.
        Rating = "rating",
    }
}

closed_set! {
    /// How many games make a playoff match.
    #[derive(Default)]
    MatchFormat {
        /// One game decides the table.
        #[default]
        Single = "single",
        /// Crokinole: the first to win two games.
        BestOfThree = "best_of_three",
        /// Chess: a game, then tie-break games after a draw.
        TiebreakGames = "tiebreak_games",
    }
}

closed_set! {
    /// What placed a tied player.
    TieState {
        /// Decided by a tie-break column.
        Decided = "decided",
        /// Placed by a column the TO is asked to confirm (crokinole total 20s).
        Provisional = "provisional",
        /// Every criterion equal: the rank is shared.
        Unresolved = "unresolved",
        /// Ordered by the TO.
        Manual = "manual",
    }
}

closed_set! {
    /// Why a tie is open to the TO.
    OpenTieKind {
        /// Every criterion equal.
        Unresolved = "unresolved",
        /// Ordered only provisionally.
        Provisional = "provisional",
    }
}

closed_set! {
    /// What recomputed ratings.
    RatingCause {
        /// A round was closed.
        RoundClosed = "round_closed",
        /// The TO overrode a result of a rated round.
        ResultOverridden = "result_overridden",
        /// A rated round was reopened: its ratings are taken back.
        RoundReopened = "round_reopened",
        /// An entry was claimed by an account: the game's ratings are computed again.
        EntryClaimed = "entry_claimed",
    }
}

closed_set! {
    /// A rated game's result for the account.
    RatedResult {
        /// Won.
        Win = "win",
        /// Drawn.
        Draw = "draw",
        /// Lost.
        Loss = "loss",
    }
}

closed_set! {
    /// A requested bye's worth (FIDE C.04.1; TRF `H`, `Z`, `F`).
    ByeKind {
        /// Half a point.
        Half = "half",
        /// No points.
        Zero = "zero",
        /// A full point (given by the TO).
        Full = "full",
    }
}

closed_set! {
    /// Who asked for a bye.
    ByeRequester {
        /// The player.
        Player = "player",
        /// The organiser, for the player.
        To = "to",
    }
}

closed_set! {
    /// One place of a bracket round.
    SlotKind {
        /// Both players known.
        Game = "game",
        /// The higher seed passes the round.
        Bye = "bye",
        /// Players not known yet.
        Open = "open",
    }
}

closed_set! {
    /// What placed a player in the final ranking.
    PlaceStage {
        /// The bracket.
        Playoff = "playoff",
        /// The standings before the cut.
        Swiss = "swiss",
    }
}

closed_set! {
    /// How round-robin pools were made.
    PoolRule {
        /// Snake order from the seeding list.
        Serpentine = "serpentine",
        /// By the TO.
        ByHand = "by_hand",
    }
}

closed_set! {
    /// Colours of chess playoff tie-break games.
    TiebreakColours {
        /// Swapped each game.
        Alternate = "alternate",
        /// Set by the TO with each game.
        Reported = "reported",
    }
}

closed_set! {
    /// How a prize list entry was decided.
    PrizeEntryKind {
        /// Paid whole to its winner after tie-breaks.
        Tiebreak = "tiebreak",
        /// Shared by a tie group (US Chess 32B3).
        Pooled = "pooled",
        /// A class prize taken alone (32B3).
        ClassAlone = "class_alone",
        /// Shared within a category (place-first).
        Category = "category",
        /// The Hort system.
        Hort = "hort",
        /// A manual override.
        Manual = "manual",
        /// Items only, no cash.
        Items = "items",
        /// Cash nobody receives.
        Unawarded = "unawarded",
        /// No cash, no winner.
        Unfilled = "unfilled",
    }
}

closed_set! {
    /// Why a prize entry went to nobody.
    PrizeEntryReason {
        /// Unawarded: no winner.
        NoWinner = "no_winner",
        /// Unawarded: no player of the class left.
        NoClassPlayerLeft = "no_class_player_left",
        /// Unawarded: the cap on a player's prizes.
        Capped = "capped",
        /// Unfilled: nobody eligible.
        NoEligiblePlayers = "no_eligible_players",
        /// Unfilled: everybody eligible already won.
        AllWon = "all_won",
    }
}

closed_set! {
    /// What a prize run asks the organiser to resolve: a conflict's reason, or a warning.
    PrizeIssueCode {
        /// An override names no prize of the list.
        UnknownPrize = "unknown_prize",
        /// An override names no player of the event.
        UnknownPlayer = "unknown_player",
        /// An override names a prize that is not active.
        InactivePrize = "inactive_prize",
        /// The player may not take the prize.
        Ineligible = "ineligible",
        /// The prize is already given.
        PrizeAlreadyAssigned = "prize_already_assigned",
        /// The player already won a prize.
        PlayerAlreadyWon = "player_already_won",
        /// Players equal on rank, rating and name: the TO decides.
        IdenticalRankRatingName = "identical_rank_rating_name",
        /// A consistency warning.
        Consistency = "consistency",
    }
}

closed_set! {
    /// How a run splits cash among tied players.
    SplitMethod {
        /// No split: each prize whole to its winner.
        None = "none",
        /// US Chess rule 32B3.
        Uscf32B3 = "uscf_32b3",
        /// The place-first method.
        PlaceFirst = "place_first",
        /// The Hort system.
        Hort = "hort",
    }
}

closed_set! {
    /// How a prize's winner was separated from the next candidate.
    PrizeTieBreak {
        /// Not tied.
        None = "none",
        /// By rating.
        Rating = "rating",
        /// By name.
        Name = "name",
        /// By pairing number.
        PairingNumber = "pairing_number",
    }
}

closed_set! {
    /// A round clock's state.
    ClockState {
        /// Counting down.
        Running = "running",
        /// Stopped by the TO.
        Paused = "paused",
        /// Time is up.
        Ended = "ended",
    }
}

closed_set! {
    /// What an adjustment moves (the engine's `AdjustmentKind`).
    AdjustmentKind {
        /// 40K: games won.
        Wins = "wins",
        /// 40K: VP scored.
        Vp = "vp",
        /// 40K: battle points.
        BattlePoints = "battle_points",
        /// Crokinole: the primary value.
        Points = "points",
        /// 40K: a painting score.
        Painting = "painting",
        /// 40K: a sportsmanship score.
        Sportsmanship = "sportsmanship",
        /// 40K: rounds lost without playing.
        Losses = "losses",
    }
}

closed_set! {
    /// Why a TO's tie decision was dropped (the engine's `DropReason`).
    NoticeReason {
        /// The players are no longer level.
        NotTied = "not_tied",
        /// Still tied, at other places.
        Moved = "moved",
        /// The tie-breaks now order them otherwise.
        Reordered = "reordered",
        /// The order was not one of the tied players.
        NotAPermutation = "not_a_permutation",
        /// Another decision already settled the tie.
        Duplicate = "duplicate",
    }
}

closed_set! {
    /// The table of a tied group.
    MiniLeagueKind {
        /// Crokinole's mini-league among the tied players.
        MiniLeague = "mini_league",
        /// Chess direct encounter (FIDE C.07).
        DirectEncounter = "direct_encounter",
    }
}

closed_set! {
    /// Who reported a table's result.
    ReportedBy {
        /// Player 1.
        Player1 = "player1",
        /// Player 2.
        Player2 = "player2",
        /// The organiser.
        To = "to",
    }
}

closed_set! {
    /// What placed a crokinole player among those level on points (the engine's `TieReason`).
    TieReason {
        /// The head-to-head result.
        HeadToHead = "head-to-head",
        /// The mini-league of 3+ tied players.
        MiniLeague = "mini-league",
        /// Total 20s.
        Twenties = "twenties",
        /// All criteria equal.
        Unresolved = "unresolved",
    }
}

closed_set! {
    /// A round's state (the server's domain uses this type).
    RoundStatus {
        /// Created; pairings not generated yet.
        Pending = "PENDING",
        /// Pairings published; games being played and reported.
        Active = "ACTIVE",
        /// Closed by the TO; every result confirmed.
        Complete = "COMPLETE",
    }
}

closed_set! {
    /// Where a table's result is in the report → confirm/dispute → override
    /// flow (the server's domain uses this type).
    PairingState {
        /// Nobody has reported yet.
        Unreported = "UNREPORTED",
        /// One player reported; the opponent must confirm or dispute.
        Reported = "REPORTED",
        /// The opponent disputed the report; the TO must resolve it.
        Disputed = "DISPUTED",
        /// Final: confirmed by the opponent, set by the TO, or a bye.
        Confirmed = "CONFIRMED",
    }
}

closed_set! {
    /// A table's result, always derived from its score, never chosen: from
    /// VP in 40K, from game points in crokinole, from the result in chess;
    /// player 1 first. The server's domain uses this type.
    MatchResult {
        /// Player 1 won (more VP or points; 1-0 in chess).
        P1Win = "P1_WIN",
        /// Player 2 won.
        P2Win = "P2_WIN",
        /// Level; ½-½ in chess.
        Draw = "DRAW",
        /// Player 1 had the pairing bye.
        Bye = "BYE",
        /// Chess 1F-0F: player 1 wins by forfeit.
        P1WinForfeit = "P1_WIN_F",
        /// Chess 0F-1F: player 2 wins by forfeit.
        P2WinForfeit = "P2_WIN_F",
        /// Chess 0F-0F: a forfeit loss for both.
        DoubleForfeit = "DOUBLE_F",
        /// A half-point bye player 1 asked for (FIDE C.04.1; TRF `H`).
        HalfPointBye = "HALF_BYE",
        /// A zero-point bye player 1 asked for (TRF `Z`).
        ZeroPointBye = "ZERO_BYE",
        /// A full-point bye the TO gave player 1 (TRF `F`).
        FullPointBye = "FULL_BYE",
    }
}

impl MatchResult {
    /// The result of a game with these VP or game points, player 1 first
    /// (the seed's `deriveResult`).
    #[must_use]
    pub const fn from_vp(p1: u32, p2: u32) -> MatchResult {
        if p1 > p2 {
            MatchResult::P1Win
        } else if p2 > p1 {
            MatchResult::P2Win
        } else {
            MatchResult::Draw
        }
    }
}

impl From<arbiter_engine::model::ChessResult> for MatchResult {
    /// The table's result of a chess game (player 1 is White).
    fn from(r: arbiter_engine::model::ChessResult) -> MatchResult {
        use arbiter_engine::model::ChessResult as C;
        match r {
            C::WhiteWins => MatchResult::P1Win,
            C::Draw => MatchResult::Draw,
            C::BlackWins => MatchResult::P2Win,
            C::WhiteWinsByForfeit => MatchResult::P1WinForfeit,
            C::BlackWinsByForfeit => MatchResult::P2WinForfeit,
            C::DoubleForfeit => MatchResult::DoubleForfeit,
        }
    }
}

impl From<arbiter_engine::playoffs::matches::Decision> for MatchResult {
    /// The table's result of a decided playoff match.
    fn from(d: arbiter_engine::playoffs::matches::Decision) -> MatchResult {
        use arbiter_engine::playoffs::matches::Decision as D;
        match d {
            D::P1Win => MatchResult::P1Win,
            D::P2Win => MatchResult::P2Win,
            D::P1WinForfeit => MatchResult::P1WinForfeit,
            D::P2WinForfeit => MatchResult::P2WinForfeit,
        }
    }
}

closed_set! {
    /// A team match's result from one team's side, as its team page shows it.
    #[derive(Default)]
    TeamMatchResult {
        /// Not decided yet (serialised as the empty string).
        #[default]
        Undecided = "",
        /// Won.
        Won = "W",
        /// Drawn.
        Drawn = "D",
        /// Lost.
        Lost = "L",
        /// The team had the bye.
        Bye = "BYE",
    }
}

impl TeamMatchResult {
    /// Whether the match is not decided yet (the page shows no result).
    #[must_use]
    pub const fn is_empty(self) -> bool {
        matches!(self, TeamMatchResult::Undecided)
    }
}

closed_set! {
    /// Where an entrant's entry fee stands, as staff last marked it.
    PaymentState {
        /// The desk took the fee (or part of it).
        Paid = "paid",
        /// Not paid yet.
        Owed = "owed",
        /// The organisers let the entrant off the fee.
        Waived = "waived",
    }
}

closed_set! {
    /// A FIDE title (FIDE Handbook B.01, the title regulations), strongest
    /// first as they order players of equal rating (C.04.2): the engine's
    /// `TITLES`, the only values a profile accepts.
    FideTitle {
        /// Grandmaster.
        Gm = "GM",
        /// International Master.
        Im = "IM",
        /// Woman Grandmaster.
        Wgm = "WGM",
        /// FIDE Master.
        Fm = "FM",
        /// Woman International Master.
        Wim = "WIM",
        /// Candidate Master.
        Cm = "CM",
        /// Woman FIDE Master.
        Wfm = "WFM",
        /// Woman Candidate Master.
        Wcm = "WCM",
        /// Arena Grandmaster.
        Agm = "AGM",
        /// Arena International Master.
        Aim = "AIM",
    }
}

closed_set! {
    /// A player's sex as TRF records it (TRF-16 field 10: `m` or `w`), for
    /// gender prize categories.
    Sex {
        /// Man.
        Man = "m",
        /// Woman.
        Woman = "w",
    }
}

closed_set! {
    /// A chess game's result, White first (the engine's `ChessResult`, in
    /// its canonical notation).
    ChessResult {
        /// White won.
        WhiteWins = "1-0",
        /// Drawn.
        Draw = "½-½",
        /// Black won.
        BlackWins = "0-1",
        /// Black did not play; White wins by forfeit.
        WhiteWinsByForfeit = "1F-0F",
        /// White did not play; Black wins by forfeit.
        BlackWinsByForfeit = "0F-1F",
        /// Neither played.
        DoubleForfeit = "0F-0F",
    }
}

closed_set! {
    /// Someone's part in running an event: the owner, or staff the owner
    /// invited (a judge's pages offer results, disputes, overrides and
    /// check-in only).
    EventRole {
        /// The event's owner.
        Owner = "OWNER",
        /// Every organiser right but managing the staff.
        CoOrganiser = "CO_ORGANISER",
        /// Results, disputes, overrides and check-in.
        Judge = "JUDGE",
    }
}

impl EventRole {
    /// Whether the role organises the event (owner or co-organiser), beyond a judge's rights.
    #[must_use]
    pub const fn organises(self) -> bool {
        matches!(self, EventRole::Owner | EventRole::CoOrganiser)
    }
}

macro_rules! from_engine {
    ($from:ty => $to:ident { $($v:ident),+ $(,)? }) => {
        impl From<$from> for $to {
            fn from(v: $from) -> $to {
                match v { $(<$from>::$v => $to::$v),+ }
            }
        }
    };
}

from_engine!(arbiter_engine::standings::AdjustmentKind => AdjustmentKind {
    Wins, Vp, BattlePoints, Points, Painting, Sportsmanship, Losses
});
from_engine!(arbiter_engine::standings::DropReason => NoticeReason {
    NotTied, Moved, Reordered, NotAPermutation, Duplicate
});
from_engine!(arbiter_engine::standings::TieReason => TieReason { HeadToHead, MiniLeague, Twenties, Unresolved });
from_engine!(arbiter_engine::prizes::SplitMethod => SplitMethod { None, Uscf32B3, PlaceFirst, Hort });
from_engine!(arbiter_engine::model::ChessResult => ChessResult {
    WhiteWins, Draw, BlackWins, WhiteWinsByForfeit, BlackWinsByForfeit, DoubleForfeit
});
from_engine!(arbiter_engine::prizes::TieBreak => PrizeTieBreak { None, Rating, Name, PairingNumber });

/// What a standings column holds, by key: pages translate it (the
/// scripts' `tbn-` messages), whatever its English name. Built from the
/// engine's [`ColumnKey`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TiebreakKey(pub ColumnKey);

impl TiebreakKey {
    /// Every key, in the engine's order.
    pub const ALL: &'static [TiebreakKey] = &{
        let mut all = [TiebreakKey(ColumnKey::Points); ColumnKey::ALL.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = TiebreakKey(ColumnKey::ALL[i]);
            i += 1;
        }
        all
    };

    /// The key as serialised, e.g. `"buchholz"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        self.0.as_str()
    }
}

impl std::fmt::Display for TiebreakKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<ColumnKey> for TiebreakKey {
    fn from(k: ColumnKey) -> TiebreakKey {
        TiebreakKey(k)
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for TiebreakKey {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "What a standings column holds, by key: pages translate it (the\nscripts' `tbn-` messages), \
                 whatever its English name. Built from the\nengine's [`ColumnKey`].",
            ))
            .enum_values(Some(ColumnKey::ALL.iter().map(|k| k.as_str())))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for TiebreakKey {}

/// A column's C.07 art. 14 modifier, serialised as `cut1`, `cut2`,
/// `median1`, `median2` (a Progressive Score cut of n rounds: `cutn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TiebreakModifier {
    /// Cut-n: the n least significant values cut.
    Cut(u8),
    /// Median-n: the n least and the n most significant values cut.
    Median(u8),
}

impl TiebreakModifier {
    /// The modifier's kind, the scripts' `tbm-` message: `cut` or `median`.
    #[must_use]
    pub const fn kind(self) -> &'static str {
        match self {
            TiebreakModifier::Cut(_) => "cut",
            TiebreakModifier::Median(_) => "median",
        }
    }
}

impl std::fmt::Display for TiebreakModifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TiebreakModifier::Cut(n) | TiebreakModifier::Median(n) => write!(f, "{}{n}", self.kind()),
        }
    }
}

impl Serialize for TiebreakModifier {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TiebreakModifier {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let parse = |rest: &str| rest.parse::<u8>().ok();
        let m = if let Some(n) = s.strip_prefix("cut").and_then(parse) {
            Some(TiebreakModifier::Cut(n))
        } else {
            s.strip_prefix("median").and_then(parse).map(TiebreakModifier::Median)
        };
        m.ok_or_else(|| serde::de::Error::custom(format!("unknown modifier `{s}`")))
    }
}

impl From<ColumnModifier> for TiebreakModifier {
    fn from(m: ColumnModifier) -> TiebreakModifier {
        match m {
            ColumnModifier::Cut(n) => TiebreakModifier::Cut(n),
            ColumnModifier::Median(n) => TiebreakModifier::Median(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_serialise_as_the_strings_they_replace() {
        assert_eq!(json(&Game::Wh40k), "\"wh40k\"");
        assert_eq!(json(&TournamentStatus::CheckIn), "\"CHECK_IN\"");
        assert_eq!(json(&PairingSystem::DoubleRoundRobin), "\"double_round_robin\"");
        assert_eq!(json(&MatchFormat::TiebreakGames), "\"tiebreak_games\"");
        assert_eq!(json(&TiebreakKey(ColumnKey::Buchholz)), "\"buchholz\"");
        assert_eq!(json(&TiebreakModifier::Cut(1)), "\"cut1\"");
        assert_eq!(json(&TiebreakModifier::Median(2)), "\"median2\"");
        assert_eq!(serde_json::from_str::<TiebreakModifier>("\"median2\"").ok(), Some(TiebreakModifier::Median(2)));
        assert!(serde_json::from_str::<TiebreakModifier>("\"cutx\"").is_err());
    }

    #[test]
    fn every_engine_key_keeps_its_name() {
        for &k in ColumnKey::ALL {
            assert_eq!(TiebreakKey::from(k).as_str(), k.as_str());
        }
    }

    #[test]
    fn engine_values_keep_their_wire_names() {
        use arbiter_engine::prizes::{SplitMethod as S, TieBreak as B};
        use arbiter_engine::standings::{AdjustmentKind as A, DropReason as D, TieReason as T};
        for &k in &A::ALL {
            assert_eq!(json(&AdjustmentKind::from(k)), json(&k));
        }
        for d in [D::NotTied, D::Moved, D::Reordered, D::NotAPermutation, D::Duplicate] {
            assert_eq!(json(&NoticeReason::from(d)), json(&d));
        }
        for t in [T::HeadToHead, T::MiniLeague, T::Twenties, T::Unresolved] {
            assert_eq!(json(&TieReason::from(t)), json(&t));
        }
        for m in [S::None, S::Uscf32B3, S::PlaceFirst, S::Hort] {
            assert_eq!(json(&SplitMethod::from(m)), json(&m));
        }
        for b in [B::None, B::Rating, B::Name, B::PairingNumber] {
            assert_eq!(PrizeTieBreak::from(b).as_str(), b.code());
        }
        // The strings the views carried before they were typed.
        assert_eq!(json(&TieReason::HeadToHead), "\"head-to-head\"");
        assert_eq!(json(&SplitMethod::Uscf32B3), "\"uscf_32b3\"");
        assert_eq!(json(&ByeKind::Half), "\"half\"");
        assert_eq!(json(&ReportedBy::Player2), "\"player2\"");
        assert_eq!(Game::parse("crokinole"), Some(Game::Crokinole));
        for r in arbiter_engine::model::ChessResult::ALL {
            assert_eq!(ChessResult::from(r).as_str(), r.as_str());
        }
        let titles: Vec<&str> = FideTitle::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(titles, arbiter_engine::model::TITLES);
        assert_eq!(json(&Sex::Woman), "\"w\"");
        assert_eq!(json(&EventRole::CoOrganiser), "\"CO_ORGANISER\"");
        assert_eq!(Game::parse("Crokinole"), None);
    }

    fn json<T: Serialize>(v: &T) -> String {
        serde_json::to_string(v).unwrap_or_default()
    }
}
