//! A chess event as a FIDE Tournament Report File (C.04 Annex 2, with the
//! TRF(x) lines pairing programs exchange): export at any moment, import of
//! the players and played rounds into a new Swiss event.
//!
//! - **Export** holds the closed rounds (a round still being played is left
//!   out: its results are not final), each player's points and rank, `XXR`,
//!   `XXC` and the point values (`BB?`) when they are not FIDE's, and in the
//!   next round's column the byes arranged for it (`0000 - H|Z|F`) and the
//!   players who will not be paired (`0000 - -`): the file pairs the next
//!   round in any Dutch engine exactly as this server will (the points column
//!   counts such a bye already, as pairing programs write it).
//! - **Import** reads such a file into a FIDE Dutch event with no players and
//!   no rounds yet: one entry per `001` line (an account that cannot sign in,
//!   named as in the file; pairing number = starting rank), the played rounds
//!   as closed rounds with confirmed results, byes arranged for later rounds,
//!   the number of rounds, point values and initial colour; `XXP` forbidden
//!   pairs become the event's pairs to keep apart (its constraints, forbidden
//!   pairs of every later round, [C1]); accelerated pairings (C.04.7) become
//!   the event's acceleration: `XXA` and `250` virtual points as given, a
//!   `192` code ending in `_BAKU` the Baku method. Forbidden pairs of some
//!   rounds only (`260`) are refused: events here do not offer them.
//! - **Export** also writes the acceleration's virtual points as `XXA` lines.

use crate::bus::{Cause, EventData, StandingsCause};
use crate::domain::{
    now_millis, Acceleration, ByeKind, ByeRequest, ByeRequestId, ChessResult, Game, GameScore, Pairing, PairingState,
    PairingSystem, Player, PlayerId, PlayerProfile, Round, RoundId, RoundStatus, Sheet, TournamentId, TournamentStatus,
    User, UserId,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::lifecycle::pairing::dutch_input;
use crate::service::Ctx;
use crate::service::{require_to, Change};
use arbiter_engine::model::{Outcome, PlayerNo, PointSystem, Points, RoundRecord, Unplayed};
use arbiter_engine::pairing::dutch::RoundStatus as Participation;
use arbiter_engine::trf::{Line, LineEnding, PlayerLine, PointTag, Trf};
use std::collections::HashMap;
use uuid::Uuid;

/// The TRF of chess event `id` and a file name for it. Birth dates and sex
/// are private (the JSON API shows them only to the TO and the player): they
/// are written for the event's TO only, and left blank for anyone else.
///
/// # Errors
/// 404 for an unknown or unpublished event; 409 `trf_chess_only` for 40K and crokinole.
pub async fn export(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<(String, String)> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    if t.game != Game::Chess {
        return Err(ApiError::conflict(
            Code::TrfChessOnly,
            "A Tournament Report File describes a chess event; this event is not chess.",
        ));
    }
    let private = viewer.is_some_and(|u| t.organised_by(u.id));
    let name: String = t.name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    if crate::service::teams::chess_event::is_chess_teams(&t) {
        // Members' player lines and `013` team lines.
        let ev = crate::service::teams::chess_event::ChessTeams::read(&tx, t).await?;
        return Ok((name, crate::service::teams::chess_trf::render(&ev, private)));
    }
    let sheet = tx.sheet(&t).await?;
    drop(tx);
    let (standings, _) = crate::service::standings::table(&sheet)?;
    let rank: HashMap<PlayerId, u32> = standings.iter().map(|s| (s.player_id, s.rank)).collect();
    let text = render(&sheet, &rank, private);
    Ok((name, text))
}

/// The file's text (lines end in CR, as TRF-2026 asks); birth dates and sex
/// only if `private`.
fn render(sheet: &Sheet, rank: &HashMap<PlayerId, u32>, private: bool) -> String {
    let t = &sheet.tournament;
    let closed: Vec<Round> = sheet.rounds.iter().filter(|r| r.status == RoundStatus::Complete).cloned().collect();
    let next = u32::try_from(closed.len()).unwrap_or(u32::MAX) + 1;
    // The field as it stands for the next round: the closed rounds only.
    let closed = Sheet { rounds: closed, ..sheet.clone() };
    let field = dutch_input(&closed, next);
    let points = t.points.unwrap_or_default();
    let mut lines = vec![
        Line::Other(format!("012 {}", t.name)),
        Line::Other(format!("042 {}", t.event_date.format("%Y/%m/%d"))),
        Line::Other(format!("062 {}", field.players.len())),
        Line::Other(format!("092 Individual: {}", t.pairing_system.label())),
        Line::TotalRounds { tag: arbiter_engine::trf::RoundsTag::Xxr, rounds: t.total_rounds },
        Line::Configuration { initial_colour: Some(t.initial_colour_drawn()), rank: false },
    ];
    if let Some(location) = &t.location {
        lines.insert(1, Line::Other(format!("022 {location}")));
    }
    lines.extend(point_lines(&points));
    // XXA: the acceleration's virtual points, player by player, so another
    // Dutch engine pairs the next round as this server does (C.04.7).
    lines.extend(
        field
            .input
            .players
            .iter()
            .filter(|pi| pi.virtual_points.iter().any(|v| *v != Points::ZERO))
            .map(|pi| Line::Acceleration { player: pi.id, rounds: pi.virtual_points.clone() }),
    );
    for (p, pi) in field.players.iter().zip(&field.input.players) {
        let mut entries: Vec<Option<RoundRecord>> = pi.history.iter().map(|r| Some(*r)).collect();
        let mut score = pi.score(&points);
        if next <= t.total_rounds {
            entries.push(match pi.status {
                Participation::Pair => None,
                Participation::Out(kind) => {
                    // As pairing programs write it: the points column counts the bye already known.
                    score += points.unplayed(kind);
                    Some(RoundRecord::Unpaired(kind))
                }
            });
        }
        while entries.last().is_some_and(Option::is_none) {
            entries.pop();
        }
        lines.push(Line::Player(p.trf_line(pi.id, score, rank.get(&p.id).copied(), entries, private)));
    }
    Trf { lines }.to_text(LineEnding::Cr)
}

/// `BB?` lines for the values that differ from FIDE's 1-½-0.
fn point_lines(points: &PointSystem) -> Vec<Line> {
    let fide = PointSystem::default();
    [
        (PointTag::Win, points.win, fide.win),
        (PointTag::Draw, points.draw, fide.draw),
        (PointTag::Loss, points.loss, fide.loss),
        (PointTag::ZeroPointBye, points.zero_point_bye, fide.zero_point_bye),
        (PointTag::ForfeitLoss, points.forfeit_loss, fide.forfeit_loss),
        (PointTag::PairingBye, points.pairing_bye, fide.pairing_bye),
    ]
    .into_iter()
    .filter(|&(_, value, default)| value != default)
    .map(|(tag, points, _)| Line::PointValue { tag, points })
    .collect()
}

pub use arbiter_web::views::Imported;

fn invalid(e: impl std::fmt::Display) -> ApiError {
    ApiError::invalid(Code::InvalidTrf, format!("{e}"))
}

/// Imports a TRF into FIDE Dutch event `id` (the TO only; no players, no rounds yet).
///
/// # Errors
/// 403 for anyone but the TO; 409 `trf_import_needs_empty_event` or
/// `wrong_status`; 422 `invalid_trf` naming the line and field, or
/// `trf_unsupported` for forbidden pairs of some rounds only (`260`).
pub async fn import(ctx: &Ctx, user: &User, id: TournamentId, text: &str) -> ApiResult<Imported> {
    let trf = Trf::parse(text).map_err(invalid)?;
    let mut change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "import a TRF")?;
    if t.game != Game::Chess || t.pairing_system != PairingSystem::Dutch {
        return Err(ApiError::conflict(
            Code::TrfImportNeedsEmptyEvent,
            "A TRF is imported into a Swiss chess event (FIDE Dutch).",
        ));
    }
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    if change.tx().players(id).await?.iter().any(|p| !p.removed) || !change.tx().rounds(id).await?.is_empty() {
        return Err(ApiError::conflict(
            Code::TrfImportNeedsEmptyEvent,
            "A TRF is imported into an event with no players and no rounds yet.",
        ));
    }
    let unsupported = trf.lines.iter().find_map(|l| match l {
        Line::ForbiddenRange { .. } => Some("refusal-trf-forbidden"),
        _ => None,
    });
    if let Some(what) = unsupported {
        return Err(ApiError::invalid(Code::TrfUnsupported, "").text(what, []));
    }
    let paired = trf.rounds_paired();
    let mut trf = trf;
    if trf.total_rounds().is_none() {
        trf.set_total_rounds(t.total_rounds.max(paired));
    }
    let total = trf.total_rounds().unwrap_or(t.total_rounds);
    // Validates every round's entries against each other and the points column.
    let check_round = if paired < total { paired + 1 } else { paired.max(1) };
    trf.round_input(check_round).map_err(invalid)?;
    t.total_rounds = total;
    // The file's date of start (042) is the event's date: it chooses the
    // C.07 version the standings are ranked under.
    if let Some(d) = trf.start_date() {
        if let Some(date) = chrono::NaiveDate::from_ymd_opt(i32::from(d.year), u32::from(d.month), u32::from(d.day)) {
            t.event_date = date;
        }
    }
    t.points = Some(trf.point_system().map_err(invalid)?);
    t.initial_colour = trf.initial_colour();
    if paired > 0 {
        t.status = TournamentStatus::InProgress;
    }

    let now = now_millis();
    let mut lines: Vec<&PlayerLine> = trf.players().collect();
    lines.sort_by_key(|p| p.number);
    let mut ids: HashMap<PlayerNo, PlayerId> = HashMap::new();
    for (line, reg) in lines.iter().zip(1..) {
        let account = User {
            id: UserId::random(),
            email: format!("trf-{}@import.invalid", Uuid::new_v4()),
            display_name: display_name(line),
        };
        // "!" is no password hash: the account cannot sign in until the organiser hands it over.
        change.tx().insert_user(&account, "!", now).await?;
        let p = Player {
            id: PlayerId::random(),
            tournament_id: id,
            user_id: account.id,
            registration_no: reg,
            pairing_no: Some(line.number.0),
            display_name: account.display_name.clone(),
            faction: String::new(),
            list_text: None,
            // `0000 - -` in the next round's column: not to be paired then.
            checked_in: !matches!(
                line.rounds.get(paired as usize),
                Some(Some(RoundRecord::Unpaired(Unplayed::Absent)))
            ),
            dropped: false,
            removed: false,
            registered_at: now,
            profile: profile(line)?,
            adjustments: Vec::new(),
            kind: crate::domain::PlayerKind::Single,
            waitlist: None,
            payment: None,
        };
        change.tx().insert_player(&p).await?;
        ids.insert(line.number, p.id);
    }
    for number in 1..=paired {
        let round = Round {
            id: RoundId::random(),
            tournament_id: id,
            number,
            status: RoundStatus::Complete,
            mission: String::new(),
            created_at: now,
            playoff: false,
        };
        change.tx().insert_round(&round).await?;
        change.tx().insert_pairings(&round_tables(&trf, &round, &ids, now)).await?;
    }
    // XXP: the file's forbidden pairs become the event's pairs to keep apart.
    t.constraints.avoid = trf
        .lines
        .iter()
        .filter_map(|l| match l {
            Line::Forbidden(group) => Some(group),
            _ => None,
        })
        .flat_map(|group| group.iter().enumerate().flat_map(move |(i, a)| group[i + 1..].iter().map(move |b| (*a, *b))))
        .filter_map(|(a, b)| Some((*ids.get(&a)?, *ids.get(&b)?)))
        .filter(|(a, b)| a != b)
        .collect();
    // XXA / 250: virtual points as given; a `192` code ending in `_BAKU`: the Baku method.
    let explicit = trf.lines.iter().any(|l| matches!(l, Line::Acceleration { .. } | Line::AccelerationRange(_)));
    let points = t.points.unwrap_or_default();
    t.acceleration = match trf.virtual_points(total, &points) {
        given if given.is_empty() => Acceleration::None,
        _ if !explicit => Acceleration::Baku,
        given => {
            let mut players: Vec<_> = given.into_iter().filter_map(|(no, v)| Some((*ids.get(&no)?, v))).collect();
            players.sort_by_key(|(p, _)| *p);
            Acceleration::Given { players }
        }
    };
    let mut arranged = 0;
    for line in &lines {
        for (i, entry) in line.rounds.iter().enumerate().skip(paired as usize) {
            let round = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let kind = match entry {
                Some(RoundRecord::Unpaired(Unplayed::HalfPointBye)) => ByeKind::Half,
                Some(RoundRecord::Unpaired(Unplayed::ZeroPointBye)) => ByeKind::Zero,
                Some(RoundRecord::Unpaired(Unplayed::FullPointBye)) => ByeKind::Full,
                _ => continue,
            };
            let player_id = ids[&line.number];
            change
                .tx()
                .put_bye_request(&ByeRequest {
                    id: ByeRequestId::random(),
                    tournament_id: id,
                    player_id,
                    round,
                    kind,
                    requested_by: user.id,
                    created_at: now,
                })
                .await?;
            arranged += 1;
        }
    }
    change.tx().update_tournament(&t).await?;
    let imported = Imported { players: lines.len(), rounds: paired, byes: arranged, total_rounds: total };
    let players = change.tx().players(id).await?;
    let view = crate::service::views::tournament(&t, players.len());
    change.emit(EventData::TrfImported { tournament: view, imported }).await?;
    if paired > 0 {
        crate::service::standings::publish(&mut change, &mut t, StandingsCause::of(Cause::TrfImported)).await?;
    }
    change.commit(ctx).await?;
    Ok(imported)
}

fn display_name(line: &PlayerLine) -> String {
    let name = line.name.trim();
    if name.is_empty() {
        format!("Player {}", line.number)
    } else {
        name.chars().take(64).collect()
    }
}

/// The player's profile from the `001` line's fields.
fn profile(line: &PlayerLine) -> ApiResult<PlayerProfile> {
    let text = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
    let birth_date = chrono::NaiveDate::parse_from_str(line.birth_date.trim(), "%Y/%m/%d").ok();
    crate::service::people::profile::clean(PlayerProfile {
        rating: line.rating.filter(|&r| r > 0),
        fide_id: text(&line.fide_id),
        title: text(&line.title),
        federation: text(&line.federation),
        birth_date,
        sex: text(&line.sex).map(|s| s.to_lowercase()),
        ..PlayerProfile::default()
    })
    .map_err(|e| {
        ApiError::invalid(Code::InvalidTrf, format!("player {} ({}): {}", line.number, line.name.trim(), e.message()))
    })
}

/// Round `round.number`'s tables as the file records them: games and
/// forfeits (White as player 1; colours unknown: the lower number), the PAB
/// and the byes, all confirmed.
fn round_tables(trf: &Trf, round: &Round, ids: &HashMap<PlayerNo, PlayerId>, now: i64) -> Vec<Pairing> {
    let index = round.number as usize - 1;
    let entry = |no: PlayerNo| trf.player(no).and_then(|(_, p)| p.rounds.get(index).copied().flatten());
    let row = |table: u32, p1: PlayerNo, p2: Option<PlayerNo>, score: Option<GameScore>, result| Pairing {
        score,
        result,
        state: PairingState::Confirmed,
        reported_at: Some(now),
        override_note: Some("Imported from a TRF.".into()),
        ..Pairing::unreported(round, table, ids[&p1], p2.map(|p| ids[&p]), now)
    };
    let mut rows = Vec::new();
    for (board, table) in trf.recorded_round(round.number).boards.iter().zip(1..) {
        let result = match entry(board.white) {
            Some(RoundRecord::Played { outcome: Outcome::Win, .. }) => ChessResult::WhiteWins,
            Some(RoundRecord::Played { outcome: Outcome::Draw, .. }) => ChessResult::Draw,
            Some(RoundRecord::Played { outcome: Outcome::Loss, .. }) => ChessResult::BlackWins,
            Some(RoundRecord::Forfeit { won: true, .. }) => ChessResult::WhiteWinsByForfeit,
            _ if matches!(entry(board.black), Some(RoundRecord::Forfeit { won: true, .. })) => {
                ChessResult::BlackWinsByForfeit
            }
            _ => ChessResult::DoubleForfeit,
        };
        let score = GameScore::Chess { result };
        rows.push(row(table, board.white, Some(board.black), Some(score), Some(score.result())));
    }
    for &no in ids.keys() {
        let result = match entry(no) {
            Some(RoundRecord::Unpaired(Unplayed::PairingBye)) => crate::domain::MatchResult::Bye,
            Some(RoundRecord::Unpaired(Unplayed::HalfPointBye)) => ByeKind::Half.result(),
            Some(RoundRecord::Unpaired(Unplayed::ZeroPointBye)) => ByeKind::Zero.result(),
            Some(RoundRecord::Unpaired(Unplayed::FullPointBye)) => ByeKind::Full.result(),
            _ => continue,
        };
        rows.push(row(0, no, None, None, Some(result)));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_lines_name_only_what_differs_from_fide() {
        assert!(point_lines(&PointSystem::default()).is_empty());
        let three = PointSystem::with_game_points(
            arbiter_engine::model::Points::from_tenths(30),
            arbiter_engine::model::Points::ONE,
            arbiter_engine::model::Points::ZERO,
        );
        let tags: Vec<&str> = point_lines(&three)
            .iter()
            .filter_map(|l| match l {
                Line::PointValue { tag, .. } => Some(tag.tag()),
                _ => None,
            })
            .collect();
        assert_eq!(tags, ["BBW", "BBD", "BBU"]);
    }
}
