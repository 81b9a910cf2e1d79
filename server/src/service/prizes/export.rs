//! The CSV exports of a run: its prize list (one row per entry and player
//! named in it) and its payouts, cells safe from spreadsheet formulas.

use super::views::{listed, Names};
use crate::domain::{PlayerId, PrizeRun};
use crate::error::{ApiError, ApiResult};
use arbiter_engine::prizes::Cents;
use arbiter_web::views::prizes::{PrizeEntryView, PrizeLineView, WinnerRef};

/// Which table a CSV export holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CsvTable {
    /// The prize list: one row per entry and player named in it (what the
    /// entry pays them, the trophies and medals they take), one row for an
    /// entry that names nobody.
    #[default]
    Prizes,
    /// One row per player paid: the money under the split method.
    Payouts,
}

const PRIZE_COLUMNS: [&str; 15] = [
    "entry",
    "kind",
    "reason",
    "score",
    "prizes",
    "prize_cash",
    "player",
    "player_id",
    "rank",
    "rating",
    "share",
    "paid",
    "items",
    "tie_break",
    "manual",
];

/// The rows of one entry of the prize list (see [`CsvTable::Prizes`]).
fn entry_rows(number: usize, e: &PrizeEntryView) -> Vec<Vec<String>> {
    let prizes = e.prizes.iter().map(|p| p.label.as_str()).collect::<Vec<_>>();
    let prize_cash = Cents(e.prizes.iter().map(|p| p.cash_cents).sum());
    let one = |f: &dyn Fn(&PrizeLineView) -> String| match &e.prizes[..] {
        [p] => f(p),
        _ => String::new(),
    };
    let items = |id: PlayerId| {
        e.prizes
            .iter()
            .filter(|p| p.items_to.as_ref().is_some_and(|w| w.player_id == id))
            .flat_map(|p| {
                let at = &p.label;
                [p.trophy.then(|| format!("trophy ({at})")), p.medal.then(|| format!("medal ({at})"))]
            })
            .flatten()
            .collect::<Vec<_>>()
            .join("; ")
    };
    let row = |who: Option<&WinnerRef>, share: &str, paid: &str| {
        vec![
            number.to_string(),
            e.kind.to_string(),
            e.reason.map(|r| r.to_string()).unwrap_or_default(),
            e.score.clone().unwrap_or_default(),
            prizes.join("; "),
            prize_cash.to_string(),
            who.map(|w| w.name.clone()).unwrap_or_default(),
            who.map(|w| w.player_id.to_string()).unwrap_or_default(),
            who.map(|w| w.rank.to_string()).unwrap_or_default(),
            who.and_then(|w| w.rating).map(|r| r.to_string()).unwrap_or_default(),
            share.to_string(),
            paid.to_string(),
            who.map(|w| items(w.player_id)).unwrap_or_default(),
            one(&|p| p.tie_break.map(|t| t.to_string()).unwrap_or_default()),
            one(&|p| if p.manual { "yes" } else { "no" }.to_string()),
        ]
    };
    let mut rows: Vec<Vec<String>> = e.recipients.iter().map(|r| row(Some(&r.player), &r.share, &r.paid)).collect();
    let mut seen: Vec<PlayerId> = e.recipients.iter().map(|r| r.player.player_id).collect();
    for w in e.prizes.iter().filter_map(|p| p.items_to.as_ref()) {
        if !seen.contains(&w.player_id) {
            seen.push(w.player_id);
            rows.push(row(Some(w), "0.00", "0.00"));
        }
    }
    if rows.is_empty() {
        rows.push(row(None, "", ""));
    }
    rows
}

/// The run as CSV (header row first; money in currency units, `166.67`).
/// The `paid` column of the prize list, summed per player, is the payouts.
///
/// # Errors
/// 500 if writing fails.
pub fn csv(r: &PrizeRun, table: CsvTable) -> ApiResult<String> {
    let names = Names::new(&r.inputs);
    let (entries, payouts, _) = listed(r, &names);
    let rows: Vec<Vec<String>> = match table {
        CsvTable::Prizes => std::iter::once(PRIZE_COLUMNS.map(String::from).to_vec())
            .chain(entries.iter().enumerate().flat_map(|(i, e)| entry_rows(i + 1, e)))
            .collect(),
        CsvTable::Payouts => {
            std::iter::once(["player", "player_id", "rank", "score", "amount"].map(String::from).to_vec())
                .chain(
                    payouts
                        .into_iter()
                        .map(|p| vec![p.name, p.player_id.to_string(), p.rank.to_string(), p.score, p.amount]),
                )
                .collect()
        }
    };
    let mut w = ::csv::Writer::from_writer(Vec::new());
    rows.iter().try_for_each(|row| w.write_record(row.iter().map(|c| formula_safe(c)))).map_err(ApiError::internal)?;
    let bytes = w.into_inner().map_err(ApiError::internal)?;
    String::from_utf8(bytes).map_err(ApiError::internal)
}

/// A cell a spreadsheet will not run as a formula (OWASP, CSV injection):
/// text starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
/// leading `'`; a plain number (`-12.5`) is left as it is. Quoting is the
/// CSV writer's (RFC 4180).
pub(crate) fn formula_safe(cell: &str) -> String {
    let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && !cell.parse::<f64>().is_ok_and(f64::is_finite) {
        format!("'{cell}")
    } else {
        cell.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_that_a_spreadsheet_would_run_are_escaped() {
        for (cell, safe) in [
            ("=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"),
            ("+1+2", "'+1+2"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("-12.5", "-12.5"),
            ("-inf", "'-inf"),
            ("Alice", "Alice"),
            ("", ""),
        ] {
            assert_eq!(formula_safe(cell), safe, "{cell:?}");
        }
    }
}
