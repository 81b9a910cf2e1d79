//! What a team event's live screens show beyond its team matches (issue 25,
//! point 5): each match's games on the venue board, the teams' players for
//! its names mode (and a doubles team's two names), and a player's own team,
//! team match and game on their phone.
//!
//! A team event's round pairs the team rows; the games inside a 40K or
//! chess team match are pairings of two members naming the match and their
//! board (see [`super::wh40k`] and [`super::chess`]). A doubles team plays
//! as one entrant: its pairing is the team's own, and it has no games.

use crate::domain::{Player, PlayerId, PlayerKind, TournamentId, UserId};
use crate::error::ApiResult;
use crate::service::views::{self, roster};
use crate::store::Tx;
use arbiter_web::views::sets::{MatchResult as R, PairingState, TeamMatchResult};
use arbiter_web::views::teams::{TeamGameLine, TeamLine, TeamLineMember, TeamRoundLine};
use arbiter_web::views::{PairingView, RoundView};
use std::collections::HashSet;

/// The line of `team` with its players among `members` (any order; other
/// teams' and removed players left out): regular players in board order,
/// then the reserves.
#[must_use]
pub fn team_line(team: &Player, members: &[Player]) -> TeamLine {
    let mut rows: Vec<(u32, &Player, bool)> = members
        .iter()
        .filter(|m| !m.removed)
        .filter_map(|m| match m.kind {
            PlayerKind::Member { team: of, seat, reserve } if of == team.id => Some((seat, m, reserve)),
            _ => None,
        })
        .collect();
    rows.sort_by_key(|(seat, _, _)| *seat);
    TeamLine {
        id: team.id,
        name: team.display_name.clone(),
        captain_id: team.kind.captain(),
        checked_in: team.checked_in,
        dropped: team.dropped,
        members: rows
            .into_iter()
            .map(|(_, m, reserve)| TeamLineMember {
                id: m.id,
                name: m.display_name.clone(),
                faction: m.faction.clone(),
                reserve,
            })
            .collect(),
    }
}

/// What a venue board of a team event shows beside `round` (the team
/// matches it shows): the games of those matches, by match table then
/// board (`Tx::games_of_round` cut to them), and the teams seated there
/// with their players.
///
/// # Errors
/// 503 when the database is down.
pub async fn board(
    tx: &Tx,
    tournament: TournamentId,
    round: &RoundView,
) -> ApiResult<(Vec<PairingView>, Vec<TeamLine>)> {
    let shown: HashSet<_> = round.pairings.iter().map(|p| p.id).collect();
    let seated: HashSet<PlayerId> = round.pairings.iter().flat_map(PairingView::seats).collect();
    let members = tx.members(tournament).await?;
    let names = roster(&members);
    let mut games: Vec<_> = tx
        .games_of_round(round.id)
        .await?
        .into_iter()
        .filter(|g| g.in_match.is_some_and(|m| shown.contains(&m.match_id)))
        .collect();
    games.sort_by_key(|g| g.table_number);
    let games = games.iter().map(|g| views::pairing(g, &names)).collect();
    let teams = tx
        .players(tournament)
        .await?
        .iter()
        .filter(|t| seated.contains(&t.id))
        .map(|t| team_line(t, &members))
        .collect();
    Ok((games, teams))
}

/// What a team event player's phone shows of `round` (the latest round):
/// their team, their team's match (`None` for `doubles`, whose pairing is
/// the team's own), and their own game once the match's games are paired
/// (doubles: the team's pairing; a captain who does not play, `member`
/// being the team's row: none); a team's captain (`user`) also every game of
/// the match.
///
/// # Errors
/// 503 when the database is down.
pub async fn phone(
    tx: &Tx,
    member: &Player,
    user: UserId,
    round: Option<&RoundView>,
    doubles: bool,
) -> ApiResult<Phone> {
    let mut phone = Phone::default();
    let Some(team_id) = team_followed(member) else { return Ok(phone) };
    let Some(team) = tx.player(team_id).await? else { return Ok(phone) };
    let members = tx.members_of_team(team_id).await?;
    phone.team = Some(team_line(&team, &members));
    let Some(team_match) = round.and_then(|r| r.pairings.iter().find(|p| p.seats().any(|s| s == team_id))) else {
        return Ok(phone);
    };
    if doubles {
        phone.mine = Some(team_match.clone());
        return Ok(phone);
    }
    phone.team_match = Some(team_match.clone());
    let games = tx.games_of_match(team_match.id).await?;
    let seated: Vec<PlayerId> = games.iter().flat_map(|g| std::iter::once(g.player1_id).chain(g.player2_id)).collect();
    let names = roster(&tx.players_in(&seated).await?);
    phone.mine = games
        .iter()
        .find(|g| g.player1_id == member.id || g.player2_id == Some(member.id))
        .map(|g| views::pairing(g, &names));
    if team.kind.captain() == Some(user) {
        phone.games = games.iter().map(|g| views::pairing(g, &names)).collect();
    }
    Ok(phone)
}

/// What a team event's phone shows ([`phone`]).
#[derive(Debug, Default)]
pub struct Phone {
    /// The team with its players.
    pub team: Option<TeamLine>,
    /// The team's match in the round (none for doubles).
    pub team_match: Option<PairingView>,
    /// The player's own game (doubles: the team's pairing).
    pub mine: Option<PairingView>,
    /// The captain's: every game of the match, board 1 first (empty for
    /// anyone else).
    pub games: Vec<PairingView>,
}

/// Whether `user` captains the team `p` plays for or is ([`team_followed`]).
///
/// # Errors
/// 503 when the database is down.
pub async fn captains(tx: &Tx, p: &Player, user: UserId) -> ApiResult<bool> {
    if p.kind.captain() == Some(user) {
        return Ok(true);
    }
    let Some(team) = p.kind.team() else { return Ok(false) };
    Ok(tx.player(team).await?.is_some_and(|t| t.kind.captain() == Some(user)))
}

/// The registration through which `user` takes part in `tournament`: their
/// entrant row (a singles player's), else their member row in a team (not
/// removed), else the team they captain without playing in it (issue 25: the
/// captain registers the team and runs its side of the captains' process
/// from their phone): its row, as [`as_captain`] shows it. `None` when they
/// take no part.
///
/// # Errors
/// 503 when the database is down.
pub async fn registration_of_user(tx: &Tx, tournament: TournamentId, user: UserId) -> ApiResult<Option<Player>> {
    if let Some(p) = tx.player_of_user(tournament, user).await?.filter(|p| !p.removed) {
        return Ok(Some(p));
    }
    if let Some(m) = tx.members(tournament).await?.into_iter().find(|m| m.user_id == user && !m.removed) {
        return Ok(Some(m));
    }
    let captained = tx.players(tournament).await?.into_iter().find(|p| !p.removed && p.kind.captain() == Some(user));
    Ok(captained.map(|team| as_captain(team, user)))
}

/// A team's row as its captain `user`'s own registration on their phone:
/// the account it names is the captain's, not the team's placeholder (so the
/// page knows them as the captain). Any other row is returned as it is.
#[must_use]
pub fn as_captain(mut row: Player, user: UserId) -> Player {
    if row.kind.captain() == Some(user) {
        row.user_id = user;
    }
    row
}

/// The team whose match a registration's phone follows: a member's team, or
/// the team itself for its row (a captain who does not play); `None` for a
/// singles entrant.
#[must_use]
pub fn team_followed(p: &Player) -> Option<PlayerId> {
    match p.kind {
        PlayerKind::Team { .. } => Some(p.id),
        _ => p.kind.team(),
    }
}

/// What a team's page shows: the team (no lists), its captain's name, and
/// each round's match and games from the team's side, round 1 first.
///
/// # Errors
/// 404 `team_not_found` for an id that is not a team of `tournament` (or
/// a tournament `viewer` may not see); 503 when the database is down.
pub async fn team_page(
    ctx: &crate::service::Ctx,
    tournament: TournamentId,
    team: PlayerId,
    viewer: Option<&crate::domain::User>,
) -> ApiResult<(arbiter_web::views::teams::TeamView, Option<String>, Vec<TeamRoundLine>)> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, tournament, viewer).await?;
    let row = super::load_team(&tx, team).await?;
    if row.tournament_id != t.id {
        return Err(super::team_not_found());
    }
    let view = super::public_view(&tx, &t, &row).await?;
    let captain = match row.kind.captain() {
        Some(u) => tx.user(u).await?.map(|u| u.display_name),
        None => None,
    };
    let mut names = roster(&tx.members(t.id).await?);
    names.extend(roster(&tx.players(t.id).await?));
    let chess = t.teams.as_ref().is_some_and(|r| r.format == crate::domain::TeamFormat::Chess);
    let mine: HashSet<PlayerId> = view.members.iter().map(|m| m.player_id).collect();
    let mut rounds = Vec::new();
    for r in tx.rounds(t.id).await? {
        let Some(m) = tx.pairing_of_player(r.id, team).await? else { continue };
        let m = views::pairing(&m, &names);
        let first = m.player1.id == team;
        let (ours, theirs) =
            if first { (&m.player1_score, &m.player2_score) } else { (&m.player2_score, &m.player1_score) };
        let result = match (m.result, first) {
            (Some(R::Bye), _) => TeamMatchResult::Bye,
            (Some(R::Draw), _) => TeamMatchResult::Drawn,
            (Some(R::P1Win | R::P1WinForfeit), true) | (Some(R::P2Win | R::P2WinForfeit), false) => {
                TeamMatchResult::Won
            }
            (Some(R::P1Win | R::P1WinForfeit), false) | (Some(R::P2Win | R::P2WinForfeit), true) => {
                TeamMatchResult::Lost
            }
            _ => TeamMatchResult::Undecided,
        };
        let opponent = if first { m.player2.as_ref() } else { Some(&m.player1) };
        let mut games = Vec::new();
        // Chess: the match row holds no score until it is decided; its game points so far, in halves.
        let mut halves = (0u32, 0u32);
        for g in tx.games_of_match(m.id).await? {
            let g = views::pairing(&g, &names);
            let ours_first = mine.contains(&g.player1.id);
            let (me, them) = if ours_first {
                (Some(&g.player1), g.player2.as_ref())
            } else {
                (g.player2.as_ref(), Some(&g.player1))
            };
            let (a, b) =
                if ours_first { (&g.player1_score, &g.player2_score) } else { (&g.player2_score, &g.player1_score) };
            if g.state == PairingState::Confirmed {
                let (p1, p2) = match g.result {
                    Some(R::P1Win | R::P1WinForfeit) => (2, 0),
                    Some(R::P2Win | R::P2WinForfeit) => (0, 2),
                    Some(R::Draw) => (1, 1),
                    _ => (0, 0),
                };
                let (a, b) = if ours_first { (p1, p2) } else { (p2, p1) };
                halves = (halves.0 + a, halves.1 + b);
            }
            let colour = |white: bool| {
                if chess {
                    if white {
                        "○"
                    } else {
                        "●"
                    }
                } else {
                    ""
                }
            };
            games.push(TeamGameLine {
                board: g.board.unwrap_or_default(),
                table: g.table,
                player: me.map(|s| s.name.clone()).unwrap_or_default(),
                side: me.map(|s| format!("{}{}", colour(ours_first), s.faction)).unwrap_or_default(),
                opponent: them.map(|s| s.name.clone()).unwrap_or_default(),
                opponent_side: them.map(|s| format!("{}{}", colour(!ours_first), s.faction)).unwrap_or_default(),
                ours: a.clone().unwrap_or_default(),
                theirs: b.clone().unwrap_or_default(),
                state: g.state,
            });
        }
        games.sort_by_key(|g| g.board);
        let half = |h: u32| if h.is_multiple_of(2) { (h / 2).to_string() } else { format!("{}.5", h / 2) };
        let (ours, theirs) = match (ours, chess && !games.is_empty()) {
            (None, true) if halves != (0, 0) || games.iter().any(|g| g.state == PairingState::Confirmed) => {
                (Some(half(halves.0)), Some(half(halves.1)))
            }
            _ => (ours.clone(), theirs.clone()),
        };
        rounds.push(TeamRoundLine {
            number: r.number,
            table: m.table,
            opponent: opponent.filter(|_| m.player2.is_some()).map(|s| s.name.clone()).unwrap_or_default(),
            ours: ours.unwrap_or_default(),
            theirs: theirs.unwrap_or_default(),
            result,
            games,
        });
    }
    rounds.sort_by_key(|r| r.number);
    Ok((view, captain, rounds))
}

/// A chess team event's rows as its team standings read them (what the
/// live standings of such an event are computed from, as
/// `GET …/standings` computes them: [`super::chess_results::standings`]);
/// `None` for any other event.
///
/// # Errors
/// 404 for an unknown tournament; 503 when the database is down.
pub async fn chess_teams(
    store: &crate::store::Store,
    tournament: TournamentId,
) -> ApiResult<Option<super::chess_event::ChessTeams>> {
    let tx = store.read().await?;
    let t = crate::service::load_tournament(&tx, tournament).await?;
    if !super::chess_event::is_chess_teams(&t) {
        return Ok(None);
    }
    Ok(Some(super::chess_event::ChessTeams::read(&tx, t).await?))
}
