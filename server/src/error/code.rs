//! Every error code the API answers, in one place.
//!
//! A [`Code`] is the stable snake_case `error` of an error body (and the
//! `code` of a live socket's `error` frame). Clients and tests match on the
//! wire string, so a variant's string never changes; a new refusal gets a new
//! variant. Each variant's documentation says when it is answered, and
//! README's error table repeats it, one row per code, with its HTTP status
//! (`server/tests/codes.rs` checks that the two agree and that every code is
//! used).

use actix_web::http::StatusCode;
use serde::{Serialize, Serializer};

macro_rules! codes {
    ($($(#[doc = $doc:literal])+ $v:ident = $s:literal, $status:expr;)+) => {
        /// An API error code; see each variant for when it is answered.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $($(#[doc = $doc])+ $v),+
        }

        impl Code {
            /// Every code, in the order they are declared.
            pub const ALL: &'static [Code] = &[$(Code::$v),+];

            /// The snake_case string sent on the wire.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$v => $s),+ }
            }

            /// The HTTP status this code is always answered with; `None` when
            /// the place that refuses chooses it (see the variant), or for a
            /// code sent only in live `error` frames.
            #[must_use]
            pub const fn status(self) -> Option<StatusCode> {
                match self { $(Code::$v => $status),+ }
            }

            /// When the code is answered: the variant's documentation, as
            /// README's error table repeats it.
            #[must_use]
            pub const fn doc(self) -> &'static str {
                match self { $(Code::$v => concat!($($doc, "\n"),+)),+ }
            }
        }
    };
}

const fn always(status: StatusCode) -> Option<StatusCode> {
    Some(status)
}

const BAD_REQUEST: Option<StatusCode> = always(StatusCode::BAD_REQUEST);
const UNAUTHORIZED: Option<StatusCode> = always(StatusCode::UNAUTHORIZED);
const FORBIDDEN: Option<StatusCode> = always(StatusCode::FORBIDDEN);
const NOT_FOUND: Option<StatusCode> = always(StatusCode::NOT_FOUND);
const CONFLICT: Option<StatusCode> = always(StatusCode::CONFLICT);
const UNPROCESSABLE: Option<StatusCode> = always(StatusCode::UNPROCESSABLE_ENTITY);
const TOO_MANY: Option<StatusCode> = always(StatusCode::TOO_MANY_REQUESTS);
/// Chosen where the error is made, or not an HTTP answer at all.
const CHOSEN: Option<StatusCode> = None;

codes! {
    /// The player has no adjustment with this number.
    AdjustmentNotFound = "adjustment_not_found", NOT_FOUND;
    /// A round is asked for, but every round of the event has been created or paired.
    AllRoundsPlayed = "all_rounds_played", CONFLICT;
    /// The player checking in is already checked in.
    AlreadyCheckedIn = "already_checked_in", CONFLICT;
    /// A claim code is issued only for an entry the organiser added (a player who registered has their account).
    AlreadyClaimed = "already_claimed", CONFLICT;
    /// The result is already confirmed (final); only the organiser can override it.
    AlreadyConfirmed = "already_confirmed", CONFLICT;
    /// Lots were already drawn for this tie; a draw stands.
    AlreadyDrawn = "already_drawn", CONFLICT;
    /// The player has already dropped from the tournament.
    AlreadyDropped = "already_dropped", CONFLICT;
    /// The account is already registered in the tournament.
    AlreadyRegistered = "already_registered", CONFLICT;
    /// The organiser already removed this player.
    AlreadyRemoved = "already_removed", CONFLICT;
    /// A result is already reported at this table: the opponent confirms or disputes it.
    AlreadyReported = "already_reported", CONFLICT;
    /// The event's owner accepts a staff invitation to their own event.
    AlreadyStaff = "already_staff", CONFLICT;
    /// A live socket's client sent a frame that is not a message the server reads
    /// (sent in a live `error` frame only; the socket stays open).
    BadMessage = "bad_message", CHOSEN;
    /// The framework could not read the request (a malformed header, body or
    /// encoding, or a request to the live socket that is not a WebSocket
    /// upgrade): 400, or the other 4xx status the framework chose.
    BadRequest = "bad_request", CHOSEN;
    /// The live view asked for (`view`, `from`/`to`, `offset`/`limit`) does not exist or
    /// is not the caller's (also sent in a live `error` frame on `subscribe`).
    BadView = "bad_view", BAD_REQUEST;
    /// The body is larger than the route takes; the message says the cap.
    BodyTooLarge = "body_too_large", always(StatusCode::PAYLOAD_TOO_LARGE);
    /// The bracket is finished: every playoff game is decided; there is no playoff round to pair.
    BracketFinished = "bracket_finished", CONFLICT;
    /// A later playoff round is already paired: this playoff game's winner can no longer change.
    BracketMovedOn = "bracket_moved_on", CONFLICT;
    /// The tournament kept changing while a round was paired; try again.
    Busy = "busy", CONFLICT;
    /// A bye has no result to report, confirm or override.
    Bye = "bye", CONFLICT;
    /// The player has no bye arranged for that round.
    ByeNotFound = "bye_not_found", NOT_FOUND;
    /// Byes on request are offered by Swiss chess events (FIDE Dutch) only.
    ByesNotOffered = "byes_not_offered", CONFLICT;
    /// The pairing rules cannot pair the round as it stands; the message says why.
    CannotPair = "cannot_pair", CONFLICT;
    /// Check-in is not open in the tournament's current stage.
    CheckInClosed = "check_in_closed", CONFLICT;
    /// The team has already locked its choice for this step of the captains' pairing process; both choices are revealed when the other team locks.
    ChoiceLocked = "choice_locked", CONFLICT;
    /// The claim code is unknown, used, or replaced by a newer one.
    ClaimNotFound = "claim_not_found", NOT_FOUND;
    /// The round clock cannot do that as it is (pause a clock that is not running,
    /// start one already started, extend or end one not started or ended).
    ClockState = "clock_state", CONFLICT;
    /// Changing the standings rules once a round is paired, or a draft change that breaks a pairing rule the draft kept (a rematch, a pair to keep apart, the bye twice, a colour rule; listed in `details.checks`), needs `confirm: true`.
    ConfirmationRequired = "confirmation_required", CONFLICT;
    /// An unsafe request or a live socket came from another site (its `Origin`).
    CrossSiteRequest = "cross_site_request", FORBIDDEN;
    /// An HTML form's CSRF token is missing, expired or from another session.
    CsrfTokenInvalid = "csrf_token_invalid", FORBIDDEN;
    /// Fewer players remain in the event than the playoff cut.
    CutTooLarge = "cut_too_large", CONFLICT;
    /// The database cannot be reached (or no write turn came); nothing was changed.
    DatabaseUnavailable = "database_unavailable", always(StatusCode::SERVICE_UNAVAILABLE);
    /// A player in the draft withdrew (or is no longer checked in) since it was made: change the draft or pair it again.
    DraftStale = "draft_stale", CONFLICT;
    /// An account with this e-mail already exists.
    EmailTaken = "email_taken", CONFLICT;
    /// There is no event (with sections) with this id.
    EventNotFound = "event_not_found", NOT_FOUND;
    /// A faction appears at most once in a team (the event's rule); the message names the faction and its players.
    FactionTaken = "faction_taken", CONFLICT;
    /// Only the organiser gives a full-point bye.
    FullByeByOrganiser = "full_bye_by_organiser", FORBIDDEN;
    /// No tied group starts at that place of the standings.
    GroupNotFound = "group_not_found", NOT_FOUND;
    /// Something failed on the server (or a handler panicked); the cause is logged, not sent.
    Internal = "internal", always(StatusCode::INTERNAL_SERVER_ERROR);
    /// An adjustment of a player's score is refused: a kind the game does not have (chess: none, FIDE standings count only games), an amount out of range, a penalty without a reason, or an unknown round.
    InvalidAdjustment = "invalid_adjustment", UNPROCESSABLE;
    /// A bye's `kind` is not `half`, `zero` or `full`.
    InvalidByeKind = "invalid_bye_kind", UNPROCESSABLE;
    /// Pairing constraints name a player not in the event, a player with themself, a table out of 1–9999, or a table or player fixed twice.
    InvalidConstraints = "invalid_constraints", UNPROCESSABLE;
    /// The choice is not allowed in the captains' pairing process (a player not in the team's pool, an attacker offered twice, an attacker not offered, a decision missing); the message says why.
    InvalidChoice = "invalid_choice", UNPROCESSABLE;
    /// The e-mail and password do not match an account.
    InvalidCredentials = "invalid_credentials", UNAUTHORIZED;
    /// A prize list CSV cannot be read; the message names the row and column.
    InvalidCsv = "invalid_csv", UNPROCESSABLE;
    /// The playoff cut is outside 2–64 players.
    InvalidCut = "invalid_cut", UNPROCESSABLE;
    /// A draft's layout seats a player twice, seats a player not checked in (or unknown, withdrawn, or with a bye arranged), uses a table number twice, or gives more than one bye.
    InvalidDraft = "invalid_draft", UNPROCESSABLE;
    /// The e-mail address is not one.
    InvalidEmail = "invalid_email", UNPROCESSABLE;
    /// A field's value is empty, too long or out of range; the message names it.
    InvalidField = "invalid_field", UNPROCESSABLE;
    /// An HTML form's body cannot be read.
    InvalidForm = "invalid_form", BAD_REQUEST;
    /// A team does not fit the event's team rules (number of players or reserves, a member, a lineup); the message says what.
    InvalidTeam = "invalid_team", UNPROCESSABLE;
    /// A tiebreaker's winner given where none belongs: not seat 1 or 2, by a player, or for a score that has a winner.
    InvalidWinner = "invalid_winner", UNPROCESSABLE;
    /// The body is not JSON, or a field is missing or of the wrong type.
    InvalidJson = "invalid_json", BAD_REQUEST;
    /// A playoff match of several games reported wrongly (not decided, games after it was won, one score where games are played), or a match format the game does not play.
    InvalidMatch = "invalid_match", UNPROCESSABLE;
    /// A prize run's override names no prize or player, or one the event does not have.
    InvalidOverride = "invalid_override", BAD_REQUEST;
    /// Crokinole game points are not a whole number within the event's maximum.
    InvalidPoints = "invalid_points", UNPROCESSABLE;
    /// Pools that cannot be made as asked (too few, too small, uneven, a player missing or twice) or a playoff taking more of each pool than it has.
    InvalidPools = "invalid_pools", UNPROCESSABLE;
    /// The prize list or its rules are invalid, or cannot be allocated; the message names the field.
    InvalidPrizes = "invalid_prizes", UNPROCESSABLE;
    /// A player profile field (rating, title, federation, birth date, …) is invalid.
    InvalidProfile = "invalid_profile", UNPROCESSABLE;
    /// The query string cannot be read, or a value is out of range.
    InvalidQuery = "invalid_query", BAD_REQUEST;
    /// A chess result is not one of those accepted (`1-0`, `½-½`, `0-1`, forfeits).
    InvalidResult = "invalid_result", UNPROCESSABLE;
    /// The round is not one of the event's rounds.
    InvalidRound = "invalid_round", UNPROCESSABLE;
    /// A result carries fields of another game than the event's.
    InvalidScore = "invalid_score", UNPROCESSABLE;
    /// The standings configuration (tie-breaks, point values, rules) is invalid.
    InvalidStandings = "invalid_standings", UNPROCESSABLE;
    /// A TRF file cannot be read, or a player line in it is invalid.
    InvalidTrf = "invalid_trf", UNPROCESSABLE;
    /// Crokinole 20s are not a whole number within the maximum.
    InvalidTwenties = "invalid_twenties", UNPROCESSABLE;
    /// 40K victory points are not a whole number within the event's maximum.
    InvalidVp = "invalid_vp", UNPROCESSABLE;
    /// The staff invitation is unknown or already used.
    InviteNotFound = "invite_not_found", NOT_FOUND;
    /// The tournament is already a section of an event; it is a section of one event at most.
    InOtherEvent = "in_other_event", CONFLICT;
    /// A round robin's table is drawn at round 1: no entry joins it after.
    LateEntryClosed = "late_entry_closed", CONFLICT;
    /// Army lists are locked already.
    ListsAlreadyLocked = "lists_already_locked", CONFLICT;
    /// Army lists are locked: a list cannot be sent or changed.
    ListsLocked = "lists_locked", CONFLICT;
    /// Army lists are not locked: there is nothing to unlock.
    ListsNotLocked = "lists_not_locked", CONFLICT;
    /// The endpoint does not take this HTTP method (`Allow` says which it takes).
    MethodNotAllowed = "method_not_allowed", always(StatusCode::METHOD_NOT_ALLOWED);
    /// `/metrics` is served to this machine and trusted proxies only (`--public-metrics` shares it).
    MetricsPrivate = "metrics_private", FORBIDDEN;
    /// The round has no draft pairings.
    NoDraft = "no_draft", NOT_FOUND;
    /// A tied group's mini-league is asked for in an event whose standings have none (40K).
    NoGroupTable = "no_group_table", CONFLICT;
    /// No pairing of the round meets the FIDE absolute criteria.
    NoLegalPairing = "no_legal_pairing", CONFLICT;
    /// The event has no playoff stage.
    NoPlayoffs = "no_playoffs", NOT_FOUND;
    /// The event has no round-robin pools.
    NoPools = "no_pools", NOT_FOUND;
    /// Prizes are allocated before any prize is set up.
    NoPrizes = "no_prizes", CONFLICT;
    /// Prizes are allocated before any game counts in the standings.
    NoResults = "no_results", CONFLICT;
    /// There is no API endpoint (or live route) at this path.
    NoSuchEndpoint = "no_such_endpoint", NOT_FOUND;
    /// A swap is asked for the last player of a tied group.
    NobodyBelow = "nobody_below", CONFLICT;
    /// Only the captains of the match's two teams (or the organisers and judges) act in its pairing process.
    NotCaptain = "not_captain", FORBIDDEN;
    /// A dispute is withdrawn only while the table is disputed (before the organiser decides).
    NotDisputed = "not_disputed", CONFLICT;
    /// Only a tournament in DRAFT can be deleted.
    NotDraft = "not_draft", CONFLICT;
    /// Only a player who dropped (or was removed) can be reinstated.
    NotDropped = "not_dropped", CONFLICT;
    /// The section's entry rules keep the player out (rating band, age on the cut-off date, invitation only); the
    /// message names the rule and the player's value, and, to an organiser, how to let them in anyway.
    NotEligible = "not_eligible", FORBIDDEN;
    /// Too few checked-in players to start the event or pair a round.
    NotEnoughPlayers = "not_enough_players", CONFLICT;
    /// Only the event's organisers (its owner or a co-organiser) change the event or add sections to it.
    NotEventOrganiser = "not_event_organiser", FORBIDDEN;
    /// A path segment is not a valid id, or there is no page at this address.
    NotFound = "not_found", NOT_FOUND;
    /// Only the latest round is unpaired, deleted or reopened; a later round exists.
    NotLatestRound = "not_latest_round", CONFLICT;
    /// Only the event's owner manages its staff.
    NotOwner = "not_owner", FORBIDDEN;
    /// The caller is not registered in the tournament.
    NotRegistered = "not_registered", NOT_FOUND;
    /// There is no reported result to confirm or dispute.
    NotReported = "not_reported", CONFLICT;
    /// The request needs a signed-in account.
    NotSignedIn = "not_signed_in", UNAUTHORIZED;
    /// Only the team's captain (or the event's organisers) may do this for a team.
    NotTeamCaptain = "not_team_captain", FORBIDDEN;
    /// The event is not a team event: teams are registered only in an event created with team rules.
    NotTeamEvent = "not_team_event", CONFLICT;
    /// The player is not in a tie left open to the organiser.
    NotTied = "not_tied", CONFLICT;
    /// Only the tournament's organiser may do this.
    NotTournamentOrganiser = "not_tournament_organiser", FORBIDDEN;
    /// Only the event's organisers and judges may do this (results, disputes, overrides, check-in).
    NotTournamentStaff = "not_tournament_staff", FORBIDDEN;
    /// Lots are drawn only for a tie every tie-break leaves open.
    NotUnresolved = "not_unresolved", CONFLICT;
    /// Only a registration on the waitlist is let in from it (this one has its place).
    NotWaitlisted = "not_waitlisted", CONFLICT;
    /// Only the player who disputed a result withdraws the dispute.
    NotYourDispute = "not_your_dispute", FORBIDDEN;
    /// Only the player who reported a result corrects or withdraws it (the opponent confirms or disputes).
    NotYourReport = "not_your_report", FORBIDDEN;
    /// The caller is not playing at this table (the organiser overrides instead).
    NotYourTable = "not_your_table", FORBIDDEN;
    /// A judge who also plays decides no result at their own table (override, dispute) and adjusts no score of their own; an organiser does.
    OwnGame = "own_game", FORBIDDEN;
    /// A player confirms or disputes their own report.
    OwnReport = "own_report", FORBIDDEN;
    /// The playoffs have started (the cut is seeded): their settings can no longer change.
    PlayoffsStarted = "playoffs_started", CONFLICT;
    /// The event cannot end while its bracket is unfinished.
    PlayoffsUnfinished = "playoffs_unfinished", CONFLICT;
    /// The pools are fixed once their round robin is drawn (round 1 paired).
    PoolsLocked = "pools_locked", CONFLICT;
    /// Pools are offered by crokinole round-robin events only.
    PoolsNotOffered = "pools_not_offered", CONFLICT;
    /// The pools no longer match the checked-in field (a player withdrew or checked in since); set them again.
    PoolsStale = "pools_stale", CONFLICT;
    /// The playoffs follow the pools, whose rounds are not all played and closed.
    PoolsUnfinished = "pools_unfinished", CONFLICT;
    /// There is no pairing with this id.
    PairingNotFound = "pairing_not_found", NOT_FOUND;
    /// The player has dropped from the tournament.
    PlayerDropped = "player_dropped", CONFLICT;
    /// There is no player with this id, or the player is not in the standings.
    PlayerNotFound = "player_not_found", NOT_FOUND;
    /// The organiser removed the player: 403 to the removed player acting, 409
    /// when a removed player's report would be confirmed.
    PlayerRemoved = "player_removed", CHOSEN;
    /// The player has withdrawn (dropped or removed) and is not paired again.
    PlayerWithdrawn = "player_withdrawn", CONFLICT;
    /// The team match has no captains' pairing process (not a 40K team match, or no such match).
    ProcessNotFound = "process_not_found", NOT_FOUND;
    /// The captains' pairing process does not take this now (it waits for another step, the roll-off, or it is finished; nothing to undo); the message says what it waits for.
    ProcessStep = "process_step", CONFLICT;
    /// The tournament has no prize run with this id.
    PrizeRunNotFound = "prize_run_not_found", NOT_FOUND;
    /// The organiser has not published the prizes yet.
    PrizesNotPublished = "prizes_not_published", NOT_FOUND;
    /// Registration is not open in the tournament's current stage.
    RegistrationClosed = "registration_closed", CONFLICT;
    /// The report changed since the confirming player read it (the reporter corrected it): nothing was confirmed.
    ReportChanged = "report_changed", CONFLICT;
    /// The result is disputed; the organiser resolves it.
    ResultDisputed = "result_disputed", CONFLICT;
    /// Byes are arranged before their round is paired.
    RoundAlreadyPaired = "round_already_paired", CONFLICT;
    /// The round is closed: results are corrected by the organiser's override.
    RoundClosed = "round_closed", CONFLICT;
    /// A round's pairings are withdrawn only before any result is reported.
    RoundHasResults = "round_has_results", CONFLICT;
    /// The round cannot close while results are missing (`details` lists the tables).
    RoundIncomplete = "round_incomplete", CONFLICT;
    /// Only a closed round is reopened.
    RoundNotClosed = "round_not_closed", CONFLICT;
    /// There is no round with this id.
    RoundNotFound = "round_not_found", NOT_FOUND;
    /// The round has no pairings yet.
    RoundNotPaired = "round_not_paired", CONFLICT;
    /// The round is already paired.
    RoundNotPending = "round_not_pending", CONFLICT;
    /// The round is not paired yet, so only the organiser sees it.
    RoundNotPublished = "round_not_published", NOT_FOUND;
    /// A round is still open: close it first.
    RoundOpen = "round_open", CONFLICT;
    /// A round was paired after the player dropped: a player is reinstated only before the next round is paired.
    RoundPairedSinceDrop = "round_paired_since_drop", CONFLICT;
    /// The event needs its number of rounds (`total_rounds`).
    RoundsRequired = "rounds_required", UNPROCESSABLE;
    /// A setting the rules no longer let change (the message says why): a chess event's date once round 1 is paired, rounds below those created, a drawn round robin's rounds, anything but names once the event is complete.
    SettingLocked = "setting_locked", CONFLICT;
    /// The account is not on the event's staff.
    StaffNotFound = "staff_not_found", NOT_FOUND;
    /// The tournament is no longer in the stage the organiser saw (`from`).
    StateChanged = "state_changed", CONFLICT;
    /// The playoffs follow the last Swiss round, which is not yet played or closed.
    SwissUnfinished = "swiss_unfinished", CONFLICT;
    /// Another team of the event already has this name.
    TeamNameTaken = "team_name_taken", CONFLICT;
    /// There is no team with this id.
    TeamNotFound = "team_not_found", NOT_FOUND;
    /// A team event's entrants are teams: a player joins with a team (`POST /api/tournaments/{id}/teams`), not alone.
    TeamsOnly = "teams_only", CONFLICT;
    /// The bearer token is unknown: revoked, mistyped, or never made.
    TokenInvalid = "token_invalid", UNAUTHORIZED;
    /// The account has no token with this id (revoked already, or another account's).
    TokenNotFound = "token_not_found", NOT_FOUND;
    /// A `read` token was sent with a request that changes something; it only reads.
    TokenReadOnly = "token_read_only", FORBIDDEN;
    /// Too many sign-in or sign-up attempts for the account or from the address (`Retry-After`).
    TooManyAttempts = "too_many_attempts", TOO_MANY;
    /// The address holds too many live sockets open (`Retry-After`).
    TooManyConnections = "too_many_connections", TOO_MANY;
    /// The account already has the most personal access tokens it may keep (50); revoke one first.
    TooManyTokens = "too_many_tokens", CONFLICT;
    /// The tournament is complete: its standings are final and it has no next stage.
    TournamentComplete = "tournament_complete", CONFLICT;
    /// Prizes are published from the final standings of a complete tournament.
    TournamentNotComplete = "tournament_not_complete", CONFLICT;
    /// There is no tournament with this id (or it is a draft of another organiser).
    TournamentNotFound = "tournament_not_found", NOT_FOUND;
    /// A TRF is exported from a chess event only.
    TrfChessOnly = "trf_chess_only", CONFLICT;
    /// A TRF is imported into a FIDE Dutch event with no players and no rounds yet.
    TrfImportNeedsEmptyEvent = "trf_import_needs_empty_event", CONFLICT;
    /// The TRF uses something events on this server do not offer.
    TrfUnsupported = "trf_unsupported", UNPROCESSABLE;
    /// There is no game system of that name.
    UnknownGame = "unknown_game", NOT_FOUND;
    /// The body is not sent as `application/json`.
    UnsupportedMediaType = "unsupported_media_type", always(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    /// There is no account with this id.
    UserNotFound = "user_not_found", NOT_FOUND;
    /// Round 1 is paired: nobody moves up from the waitlist any more (add a late entry instead).
    WaitlistClosed = "waitlist_closed", CONFLICT;
    /// The registration is on the waitlist: it is not checked in, paired or given a bye until it has a place.
    Waitlisted = "waitlisted", CONFLICT;
    /// The password is too easy to guess; the message says why.
    WeakPassword = "weak_password", UNPROCESSABLE;
    /// A playoff game needs a winner and the score is level; the message says what decides it.
    WinnerNeeded = "winner_needed", UNPROCESSABLE;
    /// Not possible in the tournament's current stage (e.g. it is complete).
    WrongStatus = "wrong_status", CONFLICT;
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn wire_strings_are_unique_and_snake_case() {
        let mut seen = HashSet::new();
        for code in Code::ALL {
            let s = code.as_str();
            assert!(seen.insert(s), "{s} is used by two variants");
            assert!(
                !s.is_empty()
                    && s.starts_with(|c: char| c.is_ascii_lowercase())
                    && !s.ends_with('_')
                    && !s.contains("__")
                    && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{s} is not snake_case"
            );
        }
    }

    #[test]
    fn every_variant_is_listed_once_and_documented() {
        let names: HashSet<String> = Code::ALL.iter().map(|c| format!("{c:?}")).collect();
        assert_eq!(names.len(), Code::ALL.len());
        for code in Code::ALL {
            // The wire string is the variant's name in snake_case.
            let snake = format!("{code:?}").chars().fold(String::new(), |mut s, c| {
                if c.is_ascii_uppercase() && !s.is_empty() {
                    s.push('_');
                }
                s.push(c.to_ascii_lowercase());
                s
            });
            assert_eq!(snake, code.as_str());
            assert!(code.doc().trim().len() > 10, "{code} needs a doc comment saying when it is answered");
        }
    }

    #[test]
    fn codes_serialise_as_their_wire_string() {
        assert_eq!(serde_json::to_value(Code::RoundIncomplete).ok(), Some(serde_json::json!("round_incomplete")));
        assert_eq!(Code::TournamentNotFound.to_string(), "tournament_not_found");
        assert_eq!(Code::InvalidVp.status(), Some(StatusCode::UNPROCESSABLE_ENTITY));
        assert_eq!(Code::PlayerRemoved.status(), None);
    }
}
