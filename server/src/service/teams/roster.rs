//! A team event's roster from a spreadsheet (issue 25, point 1: "claim
//! codes and the CSV roster work for team members as for singles"): the
//! singles roster's columns ([`ROSTER_COLUMNS`]) plus, per member line,
//! - `team` (required): the team's name; a team's lines need not be
//!   adjacent, the teams are registered in the order they first appear;
//! - `email` (optional): the member's existing account; without it the
//!   member is a placeholder claimed with a claim code, as a singles entry;
//! - `captain` (optional flag): this member captains the team (then the
//!   line needs an `email`: a captain signs in); a team without one is kept
//!   by the organisers;
//! - `reserve` (optional flag): a reserve, not a regular player; regular
//!   players take the seats in the file's order.
//!
//! Flags read `1`, `yes`, `y`, `true` or `x` for yes, and empty, `0`, `no`,
//! `n` or `false` for no. Each team is then registered exactly as
//! [`super::registration::register`] registers it (team size, reserves, a
//! faction per 40K player and none twice, unique names and accounts), all
//! in one change: the import is all or nothing, and a refusal names the
//! row and column (a team's refusal, its first row and the `team` column).

use super::registration::{register_in, NewMember, NewTeam};
use super::{rules_of, team_view};
use crate::domain::{TournamentId, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::people::entries::{read_roster, RosterProblem, RosterReport, ROSTER_COLUMNS};
use crate::service::{clean_text, views, Change, Ctx};

/// The columns a team event's roster adds to the singles roster's.
pub const TEAM_COLUMNS: [&str; 4] = ["team", "email", "captain", "reserve"];

/// A yes/no cell; `None` for anything else.
fn flag(v: &str) -> Option<bool> {
    match v.to_lowercase().as_str() {
        "" | "0" | "no" | "n" | "false" => Some(false),
        "1" | "yes" | "y" | "true" | "x" => Some(true),
        _ => None,
    }
}

/// The member columns of a team roster's line.
struct TeamCells {
    team: String,
    email: Option<String>,
    captain: bool,
    reserve: bool,
}

/// Splits the file into the singles roster (the columns [`read_roster`]
/// reads, rows in the same order) and each line's team cells.
fn split(text: &str) -> ApiResult<(String, Vec<TeamCells>, Vec<RosterProblem>)> {
    let csv_error = |m: String| ApiError::invalid(Code::InvalidCsv, m);
    if text.len() > crate::service::MAX_CSV_BYTES {
        // read_roster gives the size refusal in its words.
        return Ok((text.to_string(), Vec::new(), Vec::new()));
    }
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).flexible(false).from_reader(text.as_bytes());
    let header = crate::service::people::entries::csv_header(&mut reader)?;
    for (i, h) in header.iter().enumerate() {
        if !ROSTER_COLUMNS.contains(&h.as_str()) && !TEAM_COLUMNS.contains(&h.as_str()) {
            return Err(csv_error(format!(
                "Row 1, column {}: `{h}` is not a team roster column (use {}, {}).",
                i + 1,
                ROSTER_COLUMNS.join(", "),
                TEAM_COLUMNS.join(", ")
            )));
        }
    }
    if !header.iter().any(|h| h == "team") {
        return Err(csv_error("Row 1: a team event's roster needs a `team` column (each member's team).".into()));
    }
    let kept: Vec<usize> = (0..header.len()).filter(|&i| !TEAM_COLUMNS.contains(&header[i].as_str())).collect();
    let mut out = csv::Writer::from_writer(Vec::new());
    let internal = |e: csv::Error| ApiError::internal(e.to_string());
    out.write_record(kept.iter().map(|&i| header[i].as_str())).map_err(internal)?;
    let (mut cells, mut problems) = (Vec::new(), Vec::new());
    for (k, record) in reader.records().enumerate() {
        let row = u64::try_from(k).unwrap_or(0) + 2;
        let record = record.map_err(|e| csv_error(format!("Row {row} cannot be read: {e}.")))?;
        out.write_record(kept.iter().map(|&i| record.get(i).unwrap_or_default())).map_err(internal)?;
        let cell = |c: &str| header.iter().position(|h| h == c).and_then(|i| record.get(i)).unwrap_or_default();
        let mut problem = |column: &str, message: String| {
            problems.push(RosterProblem { row, column: column.into(), message });
        };
        let team = clean_text("team", cell("team"), 64).unwrap_or_else(|e| {
            problem("team", e.message().to_string());
            String::new()
        });
        let email = Some(cell("email").to_lowercase()).filter(|e| !e.is_empty());
        if email.as_deref().is_some_and(|e| !e.contains('@')) {
            problem("email", format!("`{}` is not an e-mail address.", cell("email")));
        }
        let mut read_flag = |column: &str| {
            flag(cell(column)).unwrap_or_else(|| {
                problem(column, format!("`{}` is not yes or no (1, yes, y, true, x; or 0, no, empty).", cell(column)));
                false
            })
        };
        let (captain, reserve) = (read_flag("captain"), read_flag("reserve"));
        if captain && email.is_none() {
            problem("captain", "a captain signs in: give their account's e-mail in the `email` column.".into());
        }
        cells.push(TeamCells { team, email, captain, reserve });
    }
    let singles = String::from_utf8(out.into_inner().map_err(|e| ApiError::internal(e.to_string()))?)
        .map_err(ApiError::internal)?;
    Ok((singles, cells, problems))
}

/// `entry.roster` in a team event: see the module docs. `preview` reads the
/// file, checks every team as its registration would (then takes nothing
/// back: nothing is written) and reports the problems. `None` when the
/// event is no team event (its roster is [`crate::service::people::entries::roster`]'s).
///
/// # Errors
/// 403 for anyone but the organisers; 422 `invalid_csv` for an unreadable
/// file, a `shuffle` (teams are registered in the file's order), or
/// (importing) any problem (`details`: every problem, by row and column);
/// 409 `registration_closed` once registration is closed.
pub async fn import(
    ctx: &Ctx,
    user: &User,
    id: TournamentId,
    text: &str,
    preview: bool,
    shuffle: Option<u32>,
    max_players: u32,
) -> ApiResult<Option<RosterReport>> {
    if crate::service::load_tournament(&ctx.store.read().await?, id).await?.teams.is_none() {
        return Ok(None);
    }
    if shuffle.is_some() {
        return Err(ApiError::invalid(
            Code::InvalidCsv,
            "A team roster registers its teams in the file's order: leave out order=shuffle.",
        ));
    }
    let (singles, cells, mut problems) = split(text)?;
    let (mut rows, more) = read_roster(&singles)?;
    problems.extend(more);
    if rows.len() > max_players as usize {
        return Err(ApiError::invalid(
            Code::InvalidCsv,
            format!(
                "The roster has {} players; one import adds at most {max_players} (the server's --import-max-players). Nothing was added.",
                rows.len()
            ),
        ));
    }
    for (r, c) in rows.iter_mut().zip(&cells) {
        r.team = Some(c.team.clone()).filter(|t| !t.is_empty());
        r.captain = c.captain;
        r.reserve = c.reserve;
    }
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    crate::service::require_to(&t, user, "import a roster")?;
    rules_of(&t)?;
    if !(t.status.is_open() || t.status == crate::domain::TournamentStatus::Draft) {
        return Err(ApiError::conflict(
            Code::RegistrationClosed,
            format!(
                "Registration is not open: the tournament is {}; teams are registered until check-in ends.",
                t.status
            ),
        ));
    }
    // The teams, in the order they first appear, with their lines.
    let mut teams: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, c) in cells.iter().enumerate().filter(|(_, c)| !c.team.is_empty()) {
        match teams.iter_mut().find(|(name, _)| name.eq_ignore_ascii_case(&c.team)) {
            Some((_, lines)) => lines.push(i),
            None => teams.push((c.team.clone(), vec![i])),
        }
    }
    let mut registered = Vec::new();
    for (name, lines) in &teams {
        let captains: Vec<usize> = lines.iter().copied().filter(|&i| cells[i].captain).collect();
        if let Some(&second) = captains.get(1) {
            let message =
                format!("{name} has a captain already (row {}): a team has one captain.", rows[captains[0]].row);
            problems.push(RosterProblem { row: rows[second].row, column: "captain".into(), message });
            continue;
        }
        let member = |i: usize| NewMember {
            name: rows[i].display_name.clone(),
            email: cells[i].email.clone(),
            faction: Some(rows[i].faction.clone()).filter(|f| !f.is_empty()),
            list_text: None,
            rating: rows[i].profile.rating,
            fide_id: rows[i].profile.fide_id.clone(),
        };
        let input = NewTeam {
            name: name.clone(),
            captain: Some(captains.first().and_then(|&i| cells[i].email.clone())),
            players: lines.iter().copied().filter(|&i| !cells[i].reserve).map(member).collect(),
            reserves: lines.iter().copied().filter(|&i| cells[i].reserve).map(member).collect(),
        };
        if problems.iter().any(|p| lines.iter().any(|&i| rows[i].row == p.row)) {
            continue; // A line of this team is refused already.
        }
        match register_in(&mut change, user, id, input).await {
            Ok((_, team)) => registered.push((team, lines.clone())),
            Err(e) if actix_web::ResponseError::status_code(&e).is_client_error() => {
                let rows_of = lines.iter().map(|&i| rows[i].row.to_string()).collect::<Vec<_>>().join(", ");
                let message = format!("{name} (rows {rows_of}): {}", e.message());
                problems.push(RosterProblem { row: rows[lines[0]].row, column: "team".into(), message });
            }
            Err(e) => return Err(e),
        }
    }
    problems.sort_by_key(|p| p.row);
    if preview {
        // Nothing is written: the change is dropped, rolled back.
        return Ok(Some(RosterReport { rows, problems, added: Vec::new(), shuffle_seed: None, teams: Vec::new() }));
    }
    crate::service::people::entries::refuse_problems(&problems)?;
    let (mut added, mut team_views) = (Vec::new(), Vec::new());
    for (team, lines) in &registered {
        // The members take the rest of their line's profile (title, club, …).
        let members = change.tx().members_of_team(team.id).await?;
        let ordered = lines.iter().filter(|&&i| !cells[i].reserve).chain(lines.iter().filter(|&&i| cells[i].reserve));
        for (&i, mut m) in ordered.zip(members_in_seat_order(members)) {
            if m.profile != rows[i].profile {
                m.profile = rows[i].profile.clone();
                change.tx().update_player(&m).await?;
            }
            added.push(views::player(&m, true, true));
        }
        let members = change.tx().members_of_team(team.id).await?;
        team_views.push(team_view(change.tx(), &t, team, &members, Some(user)).await?);
    }
    change.commit(ctx).await?;
    Ok(Some(RosterReport { rows, problems, added, shuffle_seed: None, teams: team_views }))
}

/// A team's members by seat (regular players, then reserves, as registered).
fn members_in_seat_order(mut members: Vec<crate::domain::Player>) -> Vec<crate::domain::Player> {
    members.sort_by_key(|m| match m.kind {
        crate::domain::PlayerKind::Member { seat, .. } => seat,
        _ => u32::MAX,
    });
    members
}

#[cfg(test)]
mod tests {
    use super::{flag, split};

    #[test]
    fn team_cells_are_split_from_the_singles_columns_row_by_row() {
        let text =
            "team,name,faction,captain,reserve,email\nA,Ann,Orks,yes,,ann@x.org\nA,Bob,Necrons,,1,\nB,Cy,Tau,maybe,,\n";
        let (singles, cells, problems) = split(text).unwrap();
        assert_eq!(singles, "name,faction\nAnn,Orks\nBob,Necrons\nCy,Tau\n");
        let flags: Vec<(bool, bool)> = cells.iter().map(|c| (c.captain, c.reserve)).collect();
        assert_eq!(flags, [(true, false), (false, true), (false, false)]);
        assert_eq!(problems.len(), 1);
        assert_eq!((problems[0].row, problems[0].column.as_str()), (4, "captain"));
        assert_eq!(flag("X"), Some(true));
        assert_eq!(flag("perhaps"), None);
    }
}
