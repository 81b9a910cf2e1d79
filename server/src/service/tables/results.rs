//! Results: a player reports the score (VP, a chess result, crokinole points
//! and 20s: see [`crate::service::standings::scores`]), the opponent confirms or disputes, the TO
//! overrides. The result (win/loss/draw) is always derived from the score.

use crate::bus::{Cause, EventData, StandingsCause};
use crate::domain::{
    now_millis, Dispute, GameScore, MatchFormat, MatchGame, MatchResult, Pairing, PairingId, PairingState, Player,
    PlayerId, PlayoffSettings, Round, RoundStatus, Tournament, TournamentStatus, User, UserId,
};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::service::views::{self, roster, PairingView};
use crate::service::Change;
use crate::service::Ctx;
use arbiter_web::views::ratings::RatingsChangedView;

pub use crate::service::standings::scores::Score;

/// `result.dispute`: what the disputing player says the score was (every
/// field optional; see [`Score::counter`]).
pub type DisputeInput = Score;

fn note(s: Option<&str>) -> ApiResult<Option<String>> {
    match s.map(str::trim) {
        None | Some("") => Ok(None),
        Some(n) if n.chars().count() > 500 => Err(ApiError::invalid(Code::InvalidField, "").text(
            "refusal-field-too-long",
            [("field", crate::service::field_label("note")), ("max", Fill::from(&500))],
        )),
        Some(n) => Ok(Some(n.to_string())),
    }
}

/// What happens to a table's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Reported,
    Confirmed,
    Disputed,
    Overridden,
    Corrected,
    Withdrawn,
    DisputeWithdrawn,
}

impl Step {
    /// The event recording this step at `pairing`.
    fn event(self, pairing: PairingView) -> EventData {
        match self {
            Step::Reported => EventData::ResultReported { pairing },
            Step::Confirmed => EventData::ResultConfirmed { pairing },
            Step::Disputed => EventData::ResultDisputed { pairing },
            Step::Overridden => EventData::ResultOverridden { pairing },
            Step::Corrected => EventData::ReportCorrected { pairing },
            Step::Withdrawn => EventData::ReportWithdrawn { pairing },
            Step::DisputeWithdrawn => EventData::DisputeWithdrawn { pairing },
        }
    }

    /// Why the standings changed when this step made the result count.
    fn cause(self) -> Cause {
        if self == Step::Overridden {
            Cause::ResultOverridden
        } else {
            Cause::ResultConfirmed
        }
    }
}

/// A pairing inside a change, with its tournament and the players seated at it.
struct Table {
    change: Change,
    t: Tournament,
    pairing: Pairing,
    players: Vec<Player>,
    /// The table's round.
    round: Option<Round>,
    /// The playoff settings, when the table is a playoff game.
    playoff: Option<PlayoffSettings>,
    /// The games of a best-of-three match to store with the result (`None`: unchanged).
    games: Option<Vec<MatchGame>>,
    /// The accounts that act for each seat (1 or 2): the seated
    /// registration's own; when the seat is a team (crokinole doubles,
    /// issue 25) each of its players' still in the event; at a board of a
    /// team match, the captain of the player's team.
    acting: Vec<(u8, UserId)>,
}

impl Table {
    async fn open(ctx: &Ctx, user: &User, pairing_id: PairingId) -> ApiResult<Table> {
        let not_found = || ApiError::not_found(Code::PairingNotFound, "There is no pairing with this id.");
        let t_id = ctx.store.read().await?.pairing(pairing_id).await?.ok_or_else(not_found)?.tournament_id;
        let change = Change::begin(ctx, t_id, user).await?;
        let t = change.tournament().clone();
        let pairing = change.tx().pairing(pairing_id).await?.ok_or_else(not_found)?;
        // Only the players at this table: the write lock is held, keep it short.
        let seated: Vec<PlayerId> = std::iter::once(pairing.player1_id).chain(pairing.player2_id).collect();
        let players = change.tx().players_in(&seated).await?;
        let mut acting = Vec::new();
        for (seat, id) in [(1u8, Some(pairing.player1_id)), (2, pairing.player2_id)] {
            let Some(row) = players.iter().find(|p| Some(p.id) == id) else { continue };
            acting.push((seat, row.user_id));
            match row.kind {
                crate::domain::PlayerKind::Team { .. } => {
                    let members = change.tx().members_of_team(row.id).await?;
                    acting.extend(members.iter().filter(|m| !m.removed).map(|m| (seat, m.user_id)));
                }
                // A team's captain acts for their player at a board of a team match.
                crate::domain::PlayerKind::Member { team, .. } if pairing.in_match.is_some() => {
                    if let Some(crate::domain::PlayerKind::Team { captain: Some(c) }) =
                        change.tx().player(team).await?.map(|t| t.kind)
                    {
                        acting.push((seat, c));
                    }
                }
                _ => {}
            }
        }
        let round = change.tx().round(pairing.round_id).await?;
        // A game inside a playoff team match is scored as in the Swiss
        // rounds (a 40K game may be level, a board drawn): the bracket's
        // rules decide the team match, not each of its games.
        let playoff = match &round {
            Some(r) if r.playoff && pairing.in_match.is_none() => change.tx().playoff(t_id).await?.map(|p| p.settings),
            _ => None,
        };
        Ok(Table { change, t, pairing, players, round, playoff, games: None, acting })
    }

    /// The result of `score` at this table: derived from the score, and in a
    /// playoff game a winner is required ([`crate::service::lifecycle::playoffs::decide`]).
    fn result_of(&self, score: &GameScore, winner: Option<u8>, by_to: bool) -> ApiResult<MatchResult> {
        match &self.playoff {
            Some(settings) => crate::service::lifecycle::playoffs::decide(settings, score, winner, by_to),
            None if winner.is_some() => Err(ApiError::invalid(
                Code::InvalidWinner,
                "A winner is recorded only for a playoff game; this table's result follows from its score.",
            )),
            None => Ok(score.result()),
        }
    }

    /// Whether this table is a playoff match of several games.
    fn best_of_three(&self) -> bool {
        self.playoff.as_ref().is_some_and(|s| s.format != MatchFormat::Single)
    }

    /// The score, result and (for a best-of-three match) games of a report or override.
    fn scored(&self, score: &Score, by_to: bool) -> ApiResult<(GameScore, MatchResult, Vec<MatchGame>)> {
        let Some(settings) = self.playoff.as_ref().filter(|_| self.best_of_three()) else {
            let single = score.parse(&self.t)?;
            return Ok((single, self.result_of(&single, score.winner, by_to)?, Vec::new()));
        };
        if settings.format == MatchFormat::TiebreakGames {
            let games = match &score.games {
                Some(games) if !score.has_score_fields() => games,
                _ => {
                    return Err(ApiError::invalid(
                        Code::InvalidMatch,
                        "This playoff is a game then tie-break games: report every game played under \"games\" \
                         ([{\"result\": \"½-½\"}, {\"result\": \"0-1\"}, …], White first), with only the \
                         organiser's \"winner\" of the decider outside it.",
                    ))
                }
            };
            let mut parsed = Vec::with_capacity(games.len());
            for (n, g) in (1u32..).zip(games) {
                let prefix = format!("Game {n}: ");
                if g.winner.is_some() || g.games.is_some() {
                    return Err(ApiError::invalid(
                        Code::InvalidMatch,
                        format!("{prefix}a game gives its \"result\" (and \"white\" when the organiser sets colours); the decider's \"winner\" goes outside \"games\"."),
                    ));
                }
                let GameScore::Chess { result } = g.parse(&self.t).map_err(|e| e.in_game(n))? else {
                    return Err(ApiError::invalid(Code::InvalidMatch, "Tie-break games are played in chess."));
                };
                parsed.push((result, g.white));
            }
            return crate::service::lifecycle::playoffs::decide_chess_match(settings, &parsed, score.winner, by_to);
        }
        let games = match &score.games {
            Some(games) if !score.has_single_score() => games,
            _ => {
                return Err(ApiError::invalid(
                    Code::InvalidMatch,
                    "This playoff is best of three: report each game played under \"games\" \
                     ([{\"player1_points\": 6, \"player2_points\": 2, \"player1_twenties\": 3, \"player2_twenties\": 1}, …]), \
                     with nothing outside it.",
                ))
            }
        };
        let mut parsed = Vec::with_capacity(games.len());
        for (n, g) in (1u32..).zip(games) {
            parsed.push((g.parse(&self.t).map_err(|e| e.in_game(n))?, g.winner));
        }
        crate::service::lifecycle::playoffs::decide_match(settings, &parsed, by_to)
    }

    /// The seat (1 or 2) `account` acts for: the seated registration's own
    /// account, or a player's of the team seated there (a doubles team's two
    /// players each report, confirm and dispute for it).
    fn seat_of_account(&self, account: UserId) -> Option<u8> {
        self.acting.iter().find(|(_, u)| *u == account).map(|(seat, _)| *seat)
    }

    /// Whether `user` reported this table's pending result, or plays on the
    /// same side as whoever did (a teammate).
    fn reporter_side(&self, user: &User) -> bool {
        self.pairing.reported_by.is_some_and(|r| {
            r == user.id || self.seat_of_account(r).is_some_and(|s| self.seat_of_account(user.id) == Some(s))
        })
    }

    /// The caller's seat: 1 or 2; 403 when not at this table, or when the TO
    /// removed the caller's registration (a removed player acts no more).
    fn seat_of(&self, user: &User) -> ApiResult<u8> {
        let seat = match self.seat_of_account(user.id) {
            Some(1) => Some((1, self.pairing.player1_id)),
            Some(_) => self.pairing.player2_id.map(|p| (2, p)),
            None => None,
        };
        if let Some((seat, player)) = seat {
            if self.players.iter().any(|p| p.id == player && p.removed) {
                return Err(ApiError::forbidden(
                    Code::PlayerRemoved,
                    "The organiser removed you from this tournament.",
                ));
            }
            return Ok(seat);
        }
        if self.t.staffed_by(user.id) {
            Err(ApiError::forbidden(
                Code::NotYourTable,
                "Only the players at this table report, confirm or dispute; as the organiser, use override.",
            ))
        } else {
            Err(ApiError::forbidden(Code::NotYourTable, "You are not playing at this table."))
        }
    }

    /// What a bye is worth, in words.
    fn bye_worth(&self) -> String {
        crate::game::system(self.t.game).bye_worth(&self.t)
    }
    /// A playoff game's winner cannot change once a later playoff round is
    /// paired: that round's tables follow from it.
    async fn moved_on(&self, result: MatchResult) -> ApiResult<()> {
        let (Some(round), Some(_)) = (&self.round, &self.playoff) else { return Ok(()) };
        let same = |r: Option<MatchResult>| r.map(|r| matches!(r, MatchResult::P1Win | MatchResult::P1WinForfeit));
        if self.pairing.state != PairingState::Confirmed || same(self.pairing.result) == same(Some(result)) {
            return Ok(());
        }
        let later = self.change.tx().all_rounds(self.t.id).await?.iter().any(|r| r.playoff && r.number > round.number);
        if later {
            return Err(ApiError::conflict(
                Code::BracketMovedOn,
                "The next playoff round is already paired from this game's winner; its winner can no longer change.",
            ));
        }
        Ok(())
    }

    async fn in_playable_round(&self) -> ApiResult<()> {
        if self.pairing.is_bye() {
            return Err(ApiError::conflict(
                Code::Bye,
                format!("A bye has no result to report: it counts as {}.", self.bye_worth()),
            ));
        }
        if self.round.as_ref().is_none_or(|r| r.status != RoundStatus::Active) {
            return Err(ApiError::conflict(
                Code::RoundClosed,
                "This round is closed; ask the organiser to correct a result.",
            ));
        }
        Ok(())
    }

    /// Checks the caller is the opponent of the reporter of a pending report.
    fn require_opponent_of_reporter(&self, user: &User, verb: &str) -> ApiResult<()> {
        self.seat_of(user)?;
        match self.pairing.state {
            PairingState::Unreported => {
                return Err(ApiError::conflict(
                    Code::NotReported,
                    format!("Nothing to {verb}: no result has been reported yet."),
                ))
            }
            PairingState::Confirmed => {
                return Err(ApiError::conflict(Code::AlreadyConfirmed, "This result is already final."));
            }
            PairingState::Disputed => {
                return Err(ApiError::conflict(
                    Code::ResultDisputed,
                    "This result is disputed; the organiser will resolve it.",
                ));
            }
            PairingState::Reported => {}
        }
        if self.reporter_side(user) {
            let who = if self.pairing.reported_by == Some(user.id) { "You" } else { "Your teammate" };
            return Err(ApiError::forbidden(
                Code::OwnReport,
                format!("{who} reported this result; your opponent must {verb} it."),
            ));
        }
        if let Some(reporter) = self.players.iter().find(|p| Some(p.user_id) == self.pairing.reported_by && p.removed) {
            return Err(ApiError::conflict(
                Code::PlayerRemoved,
                format!(
                    "The organiser removed {} from this tournament, so their report no longer stands; \
                     the organiser decides this table's result.",
                    reporter.display_name
                ),
            ));
        }
        Ok(())
    }

    /// Checks the caller reported this table's pending result (to correct
    /// or withdraw it): only until the opponent confirms or disputes it.
    fn require_own_report(&self, user: &User) -> ApiResult<()> {
        self.seat_of(user)?;
        match self.pairing.state {
            PairingState::Unreported => {
                return Err(ApiError::conflict(Code::NotReported, "No result has been reported at this table yet."))
            }
            PairingState::Confirmed => {
                return Err(ApiError::conflict(
                    Code::AlreadyConfirmed,
                    "Your opponent confirmed this result: it is final; ask the organiser to correct it.",
                ))
            }
            PairingState::Disputed => {
                return Err(ApiError::conflict(
                    Code::ResultDisputed,
                    "Your opponent disputed this result; the organiser will decide it.",
                ))
            }
            PairingState::Reported => {}
        }
        if !self.reporter_side(user) {
            return Err(ApiError::forbidden(
                Code::NotYourReport,
                "Your opponent reported this result: confirm it, or dispute it with your score.",
            ));
        }
        Ok(())
    }

    async fn finish(mut self, ctx: &Ctx, step: Step) -> ApiResult<PairingView> {
        let view = self.record(step).await?;
        self.change.commit(ctx).await?;
        Ok(view)
    }

    /// Saves the pairing and emits `step` (and the standings once it counts), without committing.
    async fn record(&mut self, step: Step) -> ApiResult<PairingView> {
        self.change.tx().update_pairing(&self.pairing).await?;
        if self.pairing.state == PairingState::Confirmed {
            // A board game settles its team match once every board is final.
            crate::service::teams::chess_results::settle(&mut self.change, &self.pairing).await?;
        }
        if let Some(games) = &self.games {
            self.change.tx().put_match_games(self.pairing.id, games).await?;
        }
        let mut view = views::pairing(&self.pairing, &roster(&self.players));
        if self.best_of_three() {
            // A match's games, as its score reads: "2–1 (6–2, 2–6, 8–0)".
            let games = self.change.tx().match_games(&[self.pairing.id]).await?;
            if let Some(g) = games.get(&self.pairing.id).filter(|g| !g.is_empty()) {
                view.score_text = Some(crate::service::lifecycle::playoffs::match_text(g, self.pairing.result));
            }
        }
        self.change.emit(step.event(view.clone())).await?;
        if let Some(board) = self.pairing.in_match {
            // A team match's game: the match is scored again from its games.
            if self.pairing.state == PairingState::Confirmed {
                crate::service::teams::wh40k::game_counted(&mut self.change, &mut self.t, board.match_id).await?;
                if self.round.as_ref().is_some_and(|r| r.playoff) {
                    // A top-cut match's game moves the bracket.
                    crate::service::lifecycle::playoffs::publish(&mut self.change, &self.t).await?;
                }
            }
        } else if self.pairing.state == PairingState::Confirmed {
            if self.playoff.is_some() {
                // A playoff game moves the bracket, not the Swiss standings.
                crate::service::lifecycle::playoffs::publish(&mut self.change, &self.t).await?;
            } else {
                let round = self.round.as_ref().map_or(0, |r| r.number);
                let cause =
                    StandingsCause { cause: step.cause(), round: Some(round), pairing_id: Some(self.pairing.id) };
                crate::service::standings::publish(&mut self.change, &mut self.t, cause).await?;
                // The bracket's projected names follow the standings until the cut is seeded.
                crate::service::lifecycle::playoffs::publish_projection(&mut self.change, &self.t).await?;
            }
        }
        Ok(view)
    }

    fn set_score(&mut self, score: GameScore, result: MatchResult, by: &User) {
        // A player reports for their seat: a doubles team's player is
        // recorded as the team's seat (so the team's other player is "the
        // reporter's side", and the table shows which side reported); the
        // action log keeps the account that acted.
        let seat_account =
            |seat: Option<PlayerId>| seat.and_then(|id| self.players.iter().find(|p| p.id == id)).map(|p| p.user_id);
        let reporter = match self.seat_of_account(by.id) {
            Some(1) => seat_account(Some(self.pairing.player1_id)),
            Some(_) => seat_account(self.pairing.player2_id),
            None => None,
        };
        self.pairing.score = Some(score);
        self.pairing.result = Some(result);
        self.pairing.reported_by = Some(reporter.unwrap_or(by.id));
        self.pairing.reported_at = Some(now_millis());
    }
}

/// `result.report`: a player at the table reports the score (both players'
/// VP, the chess result, or both players' crokinole points and 20s); the
/// opponent must then confirm or dispute.
///
/// # Errors
/// 403 when not at this table; 409 when already reported, or the round is
/// closed; 400/422 for a missing or bad score (see [`Score::parse`]).
pub async fn report(ctx: &Ctx, user: &User, pairing_id: PairingId, score: Score) -> ApiResult<PairingView> {
    let mut table = Table::open(ctx, user, pairing_id).await?;
    if !table.best_of_three() {
        score.parse(&table.t)?;
    }
    table.seat_of(user)?;
    table.in_playable_round().await?;
    match table.pairing.state {
        PairingState::Unreported => {}
        PairingState::Reported if table.reporter_side(user) => {
            return Err(ApiError::conflict(
                Code::AlreadyReported,
                "You already reported this result; your opponent must confirm it.",
            ));
        }
        PairingState::Reported => {
            return Err(ApiError::conflict(
                Code::AlreadyReported,
                format!(
                    "Your opponent already reported {}: confirm it, or dispute it with your score.",
                    match table.pairing.score {
                        Some(GameScore::Wh40k { player1_vp, player2_vp }) => format!("{player1_vp}–{player2_vp}"),
                        Some(s) => s.text(),
                        None => String::new(),
                    }
                ),
            ));
        }
        PairingState::Disputed => {
            return Err(ApiError::conflict(
                Code::ResultDisputed,
                "This result is disputed; the organiser will resolve it.",
            ));
        }
        PairingState::Confirmed => {
            return Err(ApiError::conflict(Code::AlreadyConfirmed, "This result is already final."))
        }
    }
    let (reported, result, games) = table.scored(&score, false)?;
    table.set_score(reported, result, user);
    table.games = Some(games);
    table.pairing.state = PairingState::Reported;
    table.finish(ctx, Step::Reported).await
}

/// `result.correct`: the reporter replaces their own report (a typo in the
/// VP, the wrong winner) while the opponent has not confirmed or disputed it.
///
/// # Errors
/// 403 `not_your_report` for the opponent (who confirms or disputes
/// instead), 403 for anyone not at the table; 409 when nothing is reported,
/// or the report is confirmed, disputed, or its round closed; 400/422 for a
/// bad score, as [`report`].
pub async fn correct(ctx: &Ctx, user: &User, pairing_id: PairingId, score: Score) -> ApiResult<PairingView> {
    let mut table = Table::open(ctx, user, pairing_id).await?;
    if !table.best_of_three() {
        score.parse(&table.t)?;
    }
    table.in_playable_round().await?;
    table.require_own_report(user)?;
    let (reported, result, games) = table.scored(&score, false)?;
    table.set_score(reported, result, user);
    table.games = Some(games);
    table.finish(ctx, Step::Corrected).await
}

/// `result.withdraw`: the reporter takes their report back while the
/// opponent has not confirmed or disputed it; the table is unreported again.
///
/// # Errors
/// As [`correct`] (without the score's).
pub async fn withdraw(ctx: &Ctx, user: &User, pairing_id: PairingId) -> ApiResult<PairingView> {
    let mut table = Table::open(ctx, user, pairing_id).await?;
    table.in_playable_round().await?;
    table.require_own_report(user)?;
    let p = &mut table.pairing;
    (p.score, p.result, p.reported_by, p.reported_at) = (None, None, None, None);
    p.state = PairingState::Unreported;
    table.games = Some(Vec::new());
    table.finish(ctx, Step::Withdrawn).await
}

/// `result.confirm`'s optional body: the score the confirming player saw
/// (the table's `score` as they were sent it). When given and the report has
/// changed since (the reporter corrected it), nothing is confirmed.
#[derive(Clone, Debug, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmInput {
    /// The `score` of the table as the player read it.
    #[serde(default)]
    pub score: Option<serde_json::Value>,
}

/// `result.confirm`: the reporter's opponent confirms; the result counts.
///
/// # Errors
/// 403 for the reporter or anyone not at the table; 409 when there is no
/// pending report; 409 `report_changed` when `seen.score` is not the report
/// as it now stands.
pub async fn confirm(ctx: &Ctx, user: &User, pairing_id: PairingId, seen: ConfirmInput) -> ApiResult<PairingView> {
    let mut table = Table::open(ctx, user, pairing_id).await?;
    table.in_playable_round().await?;
    table.require_opponent_of_reporter(user, "confirm")?;
    if let Some(seen) = seen.score {
        let now = views::pairing(&table.pairing, &roster(&table.players));
        if now.score.as_ref() != Some(&seen) {
            return Err(ApiError::conflict(
                Code::ReportChanged,
                format!(
                    "The report changed since you read it: it now reads {}. Check it, then confirm or dispute it.",
                    now.score_text.unwrap_or_default()
                ),
            ));
        }
    }
    table.pairing.state = PairingState::Confirmed;
    table.finish(ctx, Step::Confirmed).await
}

/// `result.dispute`: the reporter's opponent flags the report for the TO,
/// optionally with their own score and a note.
///
/// # Errors
/// As [`confirm`]; 422 for a counter-score out of range (see [`Score::counter`]).
pub async fn dispute(ctx: &Ctx, user: &User, pairing_id: PairingId, input: DisputeInput) -> ApiResult<PairingView> {
    let mut table = Table::open(ctx, user, pairing_id).await?;
    let (player1_vp, player2_vp, score) = input.counter(&table.t)?;
    let counter = Dispute { player1_vp, player2_vp, score, note: note(input.note.as_deref())? };
    table.in_playable_round().await?;
    table.require_opponent_of_reporter(user, "dispute")?;
    table.pairing.state = PairingState::Disputed;
    table.pairing.dispute = Some(counter);
    table.finish(ctx, Step::Disputed).await
}

/// `result.withdrawDispute`: the player who disputed takes the dispute back
/// before the organiser decides; the report stands again, waiting for their
/// confirmation (or a new dispute).
///
/// # Errors
/// 403 `not_your_dispute` for the reporter, 403 for anyone not at the
/// table; 409 `not_disputed` when the table is not disputed (the organiser
/// decided, or there was no dispute), 409 when the round is closed.
pub async fn withdraw_dispute(ctx: &Ctx, user: &User, pairing_id: PairingId) -> ApiResult<PairingView> {
    let mut table = Table::open(ctx, user, pairing_id).await?;
    table.in_playable_round().await?;
    table.seat_of(user)?;
    if table.pairing.state != PairingState::Disputed {
        return Err(ApiError::conflict(
            Code::NotDisputed,
            match table.pairing.state {
                PairingState::Confirmed => "This result is final: the organiser decided it, or it was confirmed.",
                _ => "This result is not disputed.",
            },
        ));
    }
    if table.reporter_side(user) {
        return Err(ApiError::forbidden(
            Code::NotYourDispute,
            "Your opponent disputed your report: only they can withdraw the dispute; otherwise the organiser decides.",
        ));
    }
    table.pairing.state = PairingState::Reported;
    table.pairing.dispute = None;
    table.finish(ctx, Step::DisputeWithdrawn).await
}

/// `result.override`'s answer: the table, and what it did to ratings
/// (`null` while the round is open: it is rated when it closes).
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Overridden {
    /// The table with its new result.
    pub pairing: PairingView,
    /// The re-rating of a closed round.
    pub ratings: Option<RatingsChangedView>,
}

/// `result.override`: the TO sets the result (any state, any round); it
/// counts at once, and in a closed round it re-rates that round and every
/// later one ([`crate::service::ratings::result_overridden`]).
///
/// # Errors
/// 403 for anyone but the TO, `own_game` for a judge seated at the table;
/// 409 for a bye or a complete event; 422 for a
/// bad score (see [`Score::parse`]).
pub async fn override_result(ctx: &Ctx, user: &User, pairing_id: PairingId, score: Score) -> ApiResult<Overridden> {
    let mut table = Table::open(ctx, user, pairing_id).await?;
    crate::service::require_judge(&table.t, user, "override results")?;
    let seated = table.seat_of_account(user.id).is_some();
    crate::service::require_not_own_game(&table.t, user, seated, "override its result")?;
    if !table.best_of_three() {
        score.parse(&table.t)?;
    }
    if table.pairing.is_bye() {
        return Err(ApiError::conflict(
            Code::Bye,
            format!("A bye has no result to override: it counts as {}.", table.bye_worth()),
        ));
    }
    if table.t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete; its results are final."));
    }
    let (set, result, games) = table.scored(&score, true)?;
    table.moved_on(result).await?;
    table.set_score(set, result, user);
    table.games = Some(games);
    table.pairing.state = PairingState::Confirmed;
    table.pairing.to_override = true;
    table.pairing.override_note = note(score.note.as_deref())?;
    let pairing = table.record(Step::Overridden).await?;
    let ratings = crate::service::ratings::result_overridden(&mut table.change, &table.t, &table.pairing).await?;
    table.change.commit(ctx).await?;
    Ok(Overridden { pairing, ratings })
}
