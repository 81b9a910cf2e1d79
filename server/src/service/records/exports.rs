//! Exports for spreadsheets and federations: an event's players, each
//! round's pairings and results, its standings after any round, and a game
//! system's ratings, as one [`Table`] each, written as CSV (cells safe from
//! spreadsheet formulas) or JSON (one object per row, keyed by column).
//!
//! Each export shows what the caller may see on the event's pages: private
//! profile fields (birth date, sex, disability) and army lists are left out.

use crate::domain::{TournamentId, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::{lifecycle::rounds, people::players, ratings, Ctx};
use serde_json::{json, Map, Value};

/// Rows with named columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The file name it is offered under, without extension (`players`, `round-3`).
    pub name: String,
    /// Column names.
    pub columns: Vec<String>,
    /// Rows, one value per column (strings, numbers, booleans or `null`).
    pub rows: Vec<Vec<Value>>,
}

impl Table {
    /// The table as CSV: a header line, then one line per row; `null` is an
    /// empty cell; text a spreadsheet would run as a formula gets a leading `'`.
    ///
    /// # Errors
    /// 500 if the CSV cannot be written (it always can).
    pub fn csv(&self) -> ApiResult<String> {
        let mut w = ::csv::Writer::from_writer(Vec::new());
        w.write_record(&self.columns).map_err(ApiError::internal)?;
        for row in &self.rows {
            w.write_record(row.iter().map(cell)).map_err(ApiError::internal)?;
        }
        String::from_utf8(w.into_inner().map_err(ApiError::internal)?).map_err(ApiError::internal)
    }

    /// The table as JSON: `[{column: value, …}, …]`.
    #[must_use]
    pub fn json(&self) -> Value {
        let rows = self.rows.iter().map(|row| {
            let obj: Map<String, Value> = self.columns.iter().cloned().zip(row.iter().cloned()).collect();
            Value::Object(obj)
        });
        Value::Array(rows.collect())
    }
}

fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => crate::service::prizes::export::formula_safe(s),
        other => other.to_string(),
    }
}

fn columns(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| (*s).to_string()).collect()
}

/// `GET /api/tournaments/{id}/export/players.{csv|json}`: every registration
/// in registration order, with its public profile and state.
///
/// # Errors
/// 404 for an unknown tournament (or a draft of another organiser).
pub async fn players(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<Table> {
    let mut list = players::list(ctx, viewer, id).await?;
    list.sort_by_key(|p| p.registration_no);
    let rows = list
        .into_iter()
        .map(|p| {
            let f = p.profile;
            vec![
                json!(p.registration_no),
                json!(p.id.to_string()),
                json!(p.display_name),
                json!(p.faction),
                json!(f.rating),
                json!(f.title),
                json!(f.fide_id),
                json!(f.federation),
                json!(f.club),
                json!(f.city),
                json!(f.state),
                json!(p.pairing_no),
                json!(p.checked_in),
                json!(p.dropped),
                json!(p.removed),
            ]
        })
        .collect();
    Ok(Table {
        name: "players".into(),
        columns: columns(&[
            "no",
            "player_id",
            "name",
            "faction",
            "rating",
            "title",
            "fide_id",
            "federation",
            "club",
            "city",
            "state",
            "pairing_no",
            "checked_in",
            "dropped",
            "removed",
        ]),
        rows,
    })
}

/// `GET /api/tournaments/{id}/export/payments.{csv|json}`: every entrant
/// (not removed) in registration order with their entry fee's payment:
/// state, amount taken (minor units), currency, who marked it and when (Unix
/// ms) — the treasurer's spreadsheet (staff only).
///
/// # Errors
/// 403 `not_tournament_staff` for anyone but the organisers and judges; 404
/// for an unknown tournament.
pub async fn payments(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<Table> {
    let (fee, lines) = crate::service::people::payments::lines(ctx, user, id).await?;
    let currency = fee.map(|f| f.currency);
    let rows = lines
        .into_iter()
        .map(|l| {
            vec![
                json!(l.registration_no),
                json!(l.player_id.to_string()),
                json!(l.display_name),
                json!(l.state.as_str()),
                json!(l.amount),
                json!(currency),
                json!(l.by),
                json!(l.at),
            ]
        })
        .collect();
    Ok(Table {
        name: "payments".into(),
        columns: columns(&["no", "player_id", "name", "payment", "amount_paid", "currency", "marked_by", "marked_at"]),
        rows,
    })
}

/// `GET /api/tournaments/{id}/export/rounds/{n}.{csv|json}`: round `n`'s
/// tables in table order, the bye last, each with its score and state.
///
/// # Errors
/// 404 for an unknown tournament, 404 `round_not_found` for a round the
/// event does not have (yet).
pub async fn round(ctx: &Ctx, viewer: Option<&User>, id: TournamentId, n: u32) -> ApiResult<Table> {
    let all = rounds::list(ctx, viewer, id).await?;
    let count = all.len();
    let Some(r) = all.into_iter().find(|r| r.number == n) else {
        let have = if count == 0 { "no rounds yet".to_string() } else { format!("rounds 1 to {count}") };
        return Err(ApiError::not_found(Code::RoundNotFound, format!("The event has no round {n}: it has {have}.")));
    };
    let mut tables = r.pairings;
    tables.sort_by_key(|p| if p.table == 0 { u32::MAX } else { p.table });
    let rows = tables
        .into_iter()
        .map(|p| {
            let (p2_id, p2_name, p2_faction) = match &p.player2 {
                Some(s) => (json!(s.id.to_string()), json!(s.name), json!(s.faction)),
                None => (Value::Null, Value::Null, Value::Null),
            };
            vec![
                json!(r.number),
                if p.table == 0 { json!("bye") } else { json!(p.table) },
                json!(p.player1.id.to_string()),
                json!(p.player1.name),
                json!(p.player1.faction),
                p2_id,
                p2_name,
                p2_faction,
                json!(p.player1_score),
                json!(p.player2_score),
                json!(p.result),
                json!(p.state),
                json!(p.to_override),
            ]
        })
        .collect();
    Ok(Table {
        name: format!("round-{n}"),
        columns: columns(&[
            "round",
            "table",
            "player1_id",
            "player1",
            "player1_faction",
            "player2_id",
            "player2",
            "player2_faction",
            "player1_score",
            "player2_score",
            "result",
            "state",
            "to_override",
        ]),
        rows,
    })
}

/// `GET /api/tournaments/{id}/export/standings.{csv|json}[?after_round=N]`:
/// the standings now or as they stood after round `N`, with the event's
/// tie-break columns by their short codes.
///
/// # Errors
/// 404 for an unknown tournament; 400 `invalid_query` for a round not yet paired.
pub async fn standings(
    ctx: &Ctx,
    viewer: Option<&User>,
    id: TournamentId,
    after_round: Option<u32>,
) -> ApiResult<Table> {
    let (played, rows, meta) = crate::service::standings_of(ctx, id, viewer, after_round).await?;
    let mut cols =
        columns(&["after_round", "rank", "player_id", "name", "faction", "score", "wins", "losses", "draws", "byes"]);
    cols.extend(meta.columns.iter().map(|c| c.code.clone()));
    cols.push("dropped".into());
    let rows = rows
        .into_iter()
        .map(|s| {
            let mut row = vec![
                json!(played),
                json!(s.rank),
                json!(s.player_id.to_string()),
                json!(s.display_name),
                json!(s.faction),
                json!(s.score),
                json!(s.wins),
                json!(s.losses),
                json!(s.draws),
                json!(s.byes),
            ];
            row.extend(
                meta.columns.iter().enumerate().map(|(i, _)| json!(s.values.get(i).cloned().unwrap_or_default())),
            );
            row.push(json!(s.dropped));
            row
        })
        .collect();
    let name = match after_round {
        Some(n) => format!("standings-after-round-{n}"),
        None => "standings".into(),
    };
    Ok(Table { name, columns: cols, rows })
}

/// `GET /api/ratings/{game}/export.{csv|json}`: the whole leaderboard of a
/// game system, best first.
///
/// # Errors
/// 404 `unknown_game`.
pub async fn ratings(ctx: &Ctx, game: &str) -> ApiResult<Table> {
    let mut rows = Vec::new();
    let mut offset = 0;
    loop {
        let page = ratings::leaderboard(ctx, game, offset, ratings::MAX_PAGE).await?;
        let got = page.players.len() as u64;
        rows.extend(page.players.into_iter().map(|e| {
            vec![
                json!(e.rank),
                json!(e.user_id.to_string()),
                json!(e.display_name),
                json!(e.rating),
                json!(e.games_played),
                json!(e.established),
            ]
        }));
        offset += got;
        if got == 0 || offset >= page.total || offset > ratings::MAX_OFFSET {
            break;
        }
    }
    Ok(Table {
        name: format!("ratings-{game}"),
        columns: columns(&["rank", "user_id", "name", "rating", "games", "established"]),
        rows,
    })
}

/// `GET /api/events/{id}/players.csv`: every registration of every section
/// of an event, section by section (in the order they were added), each in
/// pairing-number order (then registration order, the waitlist last): the section, pairing
/// number, name, rating, state (`entered`, `checked_in`, `waitlisted`,
/// `dropped`, `removed`) and entry-fee payment (`paid`, `owed`, `waived`;
/// empty for a section without a fee). The payments make it the staff's: an
/// organiser or judge of the event.
///
/// # Errors
/// 404 `event_not_found`; 403 `not_tournament_staff` for anyone else.
pub async fn event_players(ctx: &Ctx, user: &User, id: crate::domain::EventId) -> ApiResult<Table> {
    use crate::service::lifecycle::events;
    let sections = {
        let tx = ctx.store.read().await?;
        let e = events::load(&tx, id).await?;
        if !e.organised_by(user.id) && !e.staff.iter().any(|s| s.user_id == user.id) {
            return Err(ApiError::forbidden(
                Code::NotTournamentStaff,
                "Only the event's organisers and judges can read every section's players and payments.",
            ));
        }
        events::sections(&tx, &e, Some(user)).await?
    };
    let mut rows = Vec::new();
    for t in sections {
        let mut list = players::list(ctx, Some(user), t.id).await?;
        list.sort_by_key(|p| (p.pairing_no.unwrap_or(u32::MAX), p.registration_no));
        // The waiting registrations last, in their waitlist order.
        let waiting = crate::service::people::waitlist::get(ctx, Some(user), t.id).await?.waitlist;
        list.retain(|p| !waiting.iter().any(|w| w.id == p.id));
        list.extend(waiting);
        let (fee, lines) = crate::service::people::payments::lines(ctx, user, t.id).await?;
        for p in list {
            let state = if p.removed {
                "removed"
            } else if p.waitlist.is_some() {
                "waitlisted"
            } else if p.dropped {
                "dropped"
            } else if p.checked_in {
                "checked_in"
            } else {
                "entered"
            };
            let paid = fee.as_ref().and_then(|_| lines.iter().find(|l| l.player_id == p.id)).map(|l| l.state.as_str());
            rows.push(vec![
                json!(t.name),
                json!(p.pairing_no),
                json!(p.display_name),
                json!(p.profile.rating),
                json!(state),
                json!(paid),
                json!(p.id.to_string()),
            ]);
        }
    }
    Ok(Table {
        name: "event-players".into(),
        columns: columns(&["section", "pairing_no", "name", "rating", "status", "payment", "player_id"]),
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_written_as_csv_and_json_with_formulas_defused() {
        let t = Table {
            name: "t".into(),
            columns: columns(&["name", "rating", "club"]),
            rows: vec![
                vec![json!("=HYPERLINK(\"x\")"), json!(1850), Value::Null],
                vec![json!("Ann, B"), json!(-3), json!(true)],
            ],
        };
        assert_eq!(
            t.csv().unwrap(),
            "name,rating,club\n\"'=HYPERLINK(\"\"x\"\")\",1850,\nAnn B,-3,true\n".replace("Ann B", "\"Ann, B\"")
        );
        assert_eq!(t.json()[1], json!({"name": "Ann, B", "rating": -3, "club": true}));
    }
}
