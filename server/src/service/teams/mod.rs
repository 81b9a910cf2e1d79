//! Team events (issue 25): the event's team rules, teams as entrants, their
//! rosters and lineups.
//!
//! A team is a registration row of kind [`PlayerKind::Team`] (the entrant
//! that is paired, scored and ranked, as a singles entrant is); its players
//! are registration rows of kind [`PlayerKind::Member`], each with an
//! account (a member registered by the e-mail of an existing account) or a
//! placeholder the player claims with a claim code, as a walk-in entry.
//!
//! - [`check_rules`]: the rules an event is created with.
//! - [`registration`]: register, read, check in, withdraw and remove a team;
//!   a member's list and faction (with the no-faction-twice rule).
//! - [`roster`]: a whole team event's roster from a spreadsheet (CSV).
//! - [`lineup`]: who plays a round, in board order.
//! - [`settings`]: the team rules changed after creation, where allowed.
//! - [`wh40k`]: a 40K team event's rounds pair the team rows (round 1 drawn
//!   from a seed, later rounds by team record), open each match's captains'
//!   process, create the games when it ends, and score each match from its
//!   games.
//! - [`captains`]: the captains' process of one match: each viewer's view,
//!   the captains' locks and the staff's roll-off, override, expiry and undo.
//! - [`timer`]: a step's timer running out is announced to the organisers
//!   once, by the server.
//! - [`rooms`]: the pairing rooms' reads for the live layer: one process as
//!   one kind of viewer sees it, and every match of the round as the public does.
//! - [`screens`]: what the live board and a player's phone show of a team
//!   event (a match's games, the teams' players, a player's own game).
//!
//! Chess team Swiss (FIDE Olympiad Pairing Rules 2022):
//! - [`chess_event`]: the store's rows as the engine reads them (pairing
//!   numbers, recorded rounds, board results);
//! - [`chess`]: pairing a round, with each match's board games;
//! - [`chess_results`]: a match settled from its boards, team standings,
//!   board results and prizes ([`chess_views`] are their API shapes);
//! - [`chess_trf`]: the TRF export's team lines.
pub mod captains;
pub mod chess;
pub mod chess_event;
pub mod chess_results;
pub mod chess_trf;
pub mod chess_views;
pub mod lineup;
pub mod registration;
pub mod rooms;
pub mod roster;
pub mod screens;
pub mod settings;
pub mod timer;
pub mod wh40k;

use super::views;
use crate::domain::{Game, Player, PlayerId, PlayerKind, TeamFormat, TeamRules, Tournament, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::store::Tx;
pub use arbiter_web::views::teams::{MemberView, TeamView};

/// The longest step timer of the 40K captains' process, in seconds (an hour).
pub const MAX_STEP_SECONDS: u32 = 3600;

/// Checks the team rules of a new event of `game`:
/// - `wh40k`: a 40K event, teams of 5 or 8 (the WTC's and the UKTC's
///   "8-man" formats), up to `size` reserves, a step timer of 10 s to an hour;
/// - `chess`: a chess event, 2 to 10 boards, up to `size` reserves,
///   `ranking_boards` (Olympiad Pairing Rules 2022 art. 3.1.1) from 1 to the
///   number of boards;
/// - `doubles`: a crokinole event, teams of exactly 2, no reserves.
///
/// # Errors
/// 422 `invalid_field` naming the field (`teams.format`, `teams.size`,
/// `teams.reserves`, `teams.step_seconds`, `teams.ranking_boards`) and what it accepts.
pub fn check_rules(game: Game, rules: TeamRules) -> ApiResult<TeamRules> {
    let bad = |field: &str, message: String| {
        Err(ApiError::invalid(Code::InvalidField, format!("{field}: {message}"))
            .with_details(serde_json::json!({ "field": field })))
    };
    let wanted = match rules.format {
        TeamFormat::Wh40k => Game::Wh40k,
        TeamFormat::Chess => Game::Chess,
        TeamFormat::Doubles => Game::Crokinole,
    };
    if game != wanted {
        let format = serde_json::to_value(rules.format).unwrap_or_default();
        return bad(
            "teams.format",
            format!("{format} teams are played in {}; this event's game is {}.", wanted.as_str(), game.as_str()),
        );
    }
    match rules.format {
        TeamFormat::Wh40k if ![5, 8].contains(&rules.size) => {
            return bad("teams.size", format!("a 40K team has 5 or 8 players; {} given.", rules.size));
        }
        TeamFormat::Chess if !(2..=10).contains(&rules.size) => {
            return bad("teams.size", format!("a chess team plays 2 to 10 boards; {} given.", rules.size));
        }
        TeamFormat::Doubles if rules.size != 2 => {
            return bad("teams.size", format!("a doubles team is 2 players; {} given.", rules.size));
        }
        _ => {}
    }
    if rules.format == TeamFormat::Doubles && rules.reserves > 0 {
        return bad("teams.reserves", "a doubles team has no reserves.".into());
    }
    if rules.reserves > rules.size {
        return bad(
            "teams.reserves",
            format!("at most {} reserves (the team size); {} given.", rules.size, rules.reserves),
        );
    }
    if !(10..=MAX_STEP_SECONDS).contains(&rules.step_seconds) {
        return bad(
            "teams.step_seconds",
            format!(
                "a step of the captains' process takes 10 to {MAX_STEP_SECONDS} seconds; {} given.",
                rules.step_seconds
            ),
        );
    }
    if let Some(n) = rules.ranking_boards {
        if rules.format != TeamFormat::Chess || !(1..=rules.size).contains(&n) {
            return bad(
                "teams.ranking_boards",
                format!("a chess team event ranks teams by the average of 1 to {} top ratings; {n} given.", rules.size),
            );
        }
    }
    Ok(rules)
}

/// The 404 for a team id that is not a team.
#[must_use]
pub fn team_not_found() -> ApiError {
    ApiError::not_found(Code::TeamNotFound, "There is no team with this id.")
}

/// The team row `id` (any state).
///
/// # Errors
/// 404 `team_not_found` for an id that is not a team's.
pub async fn load_team(tx: &Tx, id: PlayerId) -> ApiResult<Player> {
    tx.player(id).await?.filter(|p| matches!(p.kind, PlayerKind::Team { .. })).ok_or_else(team_not_found)
}

/// The event's team rules.
///
/// # Errors
/// 409 `not_team_event` for a singles event.
pub fn rules_of(t: &Tournament) -> ApiResult<&TeamRules> {
    t.teams.as_ref().ok_or_else(|| {
        ApiError::conflict(
            Code::NotTeamEvent,
            "This event is not a team event: teams are registered only in an event created with team rules.",
        )
    })
}

/// Checks `user` may act for `team`: its captain, or the event's
/// organisers (`judges_too`: any staff, as check-in allows).
///
/// # Errors
/// 403 `not_team_captain`.
pub fn require_captain(t: &Tournament, team: &Player, user: &User, judges_too: bool, action: &str) -> ApiResult<()> {
    let staff = if judges_too { t.staffed_by(user.id) } else { t.organised_by(user.id) };
    if staff || team.kind.captain() == Some(user.id) {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            Code::NotTeamCaptain,
            format!("Only {}'s captain or the event's organisers can {action}.", team.display_name),
        ))
    }
}

/// The view of `team` with its `members` (any order): lists shown where
/// `viewer` may read them (the organisers, the member, the captain, or
/// everyone once lists are locked).
///
/// # Errors
/// 503 when the database is down.
pub async fn team_view(
    tx: &Tx,
    t: &Tournament,
    team: &Player,
    members: &[Player],
    viewer: Option<&User>,
) -> ApiResult<TeamView> {
    let mut rows: Vec<&Player> = members.iter().filter(|m| m.kind.team() == Some(team.id)).collect();
    rows.sort_by_key(|m| match m.kind {
        PlayerKind::Member { seat, .. } => seat,
        _ => u32::MAX,
    });
    let captain = team.kind.captain();
    let mut out = Vec::with_capacity(rows.len());
    for m in rows {
        let PlayerKind::Member { seat, reserve, .. } = m.kind else { continue };
        let claimed = tx.user(m.user_id).await?.is_some_and(|a| !super::people::entries::unclaimed(&a.email));
        let reads =
            super::people::players::may_read_list(t, m, viewer) || viewer.is_some_and(|u| captain == Some(u.id));
        let v = views::player(m, reads, false);
        out.push(MemberView {
            player_id: m.id,
            name: m.display_name.clone(),
            seat,
            reserve,
            faction: m.faction.clone(),
            user_id: claimed.then_some(m.user_id),
            claimed,
            has_list: v.has_list,
            list_text: v.list_text,
            profile: v.profile,
            removed: m.removed,
        });
    }
    Ok(TeamView {
        id: team.id,
        tournament_id: team.tournament_id,
        name: team.display_name.clone(),
        registration_no: team.registration_no,
        captain_id: captain,
        checked_in: team.checked_in,
        dropped: team.dropped,
        removed: team.removed,
        members: out,
    })
}

/// The view a live event carries: no lists.
///
/// # Errors
/// 503 when the database is down.
pub async fn public_view(tx: &Tx, t: &Tournament, team: &Player) -> ApiResult<TeamView> {
    let members = tx.members_of_team(team.id).await?;
    let mut v = team_view(tx, t, team, &members, None).await?;
    for m in &mut v.members {
        m.list_text = None;
    }
    Ok(v)
}
