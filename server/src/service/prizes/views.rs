//! A stored run as people read it: prize lines with winners' names, payouts,
//! conflicts and warnings in words, the log as the spec's lines, and the
//! CSV export of the prizes or the payouts.

use crate::domain::{PrizeRun, RunInputs};
use crate::error::{ApiError, ApiResult};
use arbiter_engine::model::PlayerNo;
use arbiter_engine::prizes::{Conflict, ConflictReason, ConsistencyWarning, PrizeId, SplitMethod};
use arbiter_web::views::prizes::{
    IssueView, PayoutView, PrizeLineView, PublishedPrizesView, RunCounts, RunSummaryView, RunView, WinnerRef,
};
use std::collections::HashMap;

/// Names and lookups of one run's inputs.
struct Names<'a> {
    inputs: &'a RunInputs,
    players: HashMap<PlayerNo, usize>,
}

impl<'a> Names<'a> {
    fn new(inputs: &'a RunInputs) -> Names<'a> {
        Names { inputs, players: inputs.event.players.iter().enumerate().map(|(i, p)| (p.id, i)).collect() }
    }

    fn winner(&self, no: PlayerNo) -> WinnerRef {
        let p = self.players.get(&no).map(|&i| &self.inputs.event.players[i]);
        WinnerRef {
            player_id: self.player_id(no),
            name: p.map_or_else(|| format!("player {no}"), |p| p.name.clone()),
            rank: p.map_or(0, |p| p.rank),
            rating: p.and_then(|p| p.rated()),
        }
    }

    fn player_id(&self, no: PlayerNo) -> String {
        self.inputs.entrants.iter().find(|e| e.no == no).map(|e| e.player_id.to_string()).unwrap_or_default()
    }

    fn name(&self, no: PlayerNo) -> String {
        self.winner(no).name
    }

    /// "U1800 2nd" for a prize id, or the id itself if unknown.
    fn prize(&self, id: &PrizeId) -> String {
        self.inputs
            .event
            .categories
            .iter()
            .find_map(|c| c.prizes.iter().find(|p| p.id == *id).map(|p| format!("{} {}", c.name, ordinal(p.place))))
            .unwrap_or_else(|| format!("prize `{id}`"))
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`…
#[must_use]
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The split method's code, as the API writes it.
#[must_use]
pub fn method_code(m: SplitMethod) -> String {
    serde_json::to_value(m).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default()
}

/// The run's list line.
#[must_use]
pub fn summary(r: &PrizeRun) -> RunSummaryView {
    let m = r.outputs.allocation.metadata;
    RunSummaryView {
        id: r.id.to_string(),
        run_at: r.run_at,
        run_by: r.run_by.to_string(),
        standings_seq: r.standings_seq,
        published: r.published,
        published_at: r.published_at,
        counts: RunCounts {
            allocated: m.allocated_count,
            conflicts: m.conflict_count,
            unfilled: m.unfilled_count,
            manual_overrides: m.manual_override_count,
            warnings: m.warning_count,
        },
        split_method: method_code(r.outputs.cash.method),
    }
}

/// Every active prize of an active category, in brochure order then by
/// place, with its winner or why it is unfilled.
fn prize_lines(r: &PrizeRun, names: &Names<'_>) -> Vec<PrizeLineView> {
    let a = &r.outputs.allocation;
    let mut categories: Vec<_> = r.inputs.event.categories.iter().filter(|c| c.active).collect();
    categories.sort_by(|x, y| x.brochure_order.cmp(&y.brochure_order).then_with(|| x.id.cmp(&y.id)));
    let mut lines = Vec::new();
    for c in categories {
        let mut prizes: Vec<_> = c.prizes.iter().filter(|p| p.active).collect();
        prizes.sort_by_key(|p| p.place);
        for p in prizes {
            let won = a.winners.iter().find(|w| w.prize_id == p.id);
            lines.push(PrizeLineView {
                prize_id: p.id.to_string(),
                category_id: c.id.to_string(),
                category: c.name.clone(),
                place: p.place,
                cash: p.cash.to_string(),
                cash_cents: p.cash.0,
                trophy: p.trophy,
                medal: p.medal,
                winner: won.map(|w| names.winner(w.player_id)),
                tie_break: won.map(|w| w.tie_break.code().to_string()),
                manual: won.is_some_and(|w| w.manual),
                unfilled: a.unfilled.iter().find(|u| u.prize_id == p.id).map(|u| u.reason.code().to_string()),
            });
        }
    }
    lines
}

fn payouts(r: &PrizeRun, names: &Names<'_>) -> Vec<PayoutView> {
    r.outputs
        .cash
        .payouts
        .iter()
        .map(|p| {
            let w = names.winner(p.player_id);
            let score =
                r.inputs.entrants.iter().find(|e| e.no == p.player_id).map(|e| e.score.clone()).unwrap_or_default();
            PayoutView {
                player_id: w.player_id,
                name: w.name,
                rank: w.rank,
                score,
                amount: p.amount.to_string(),
                amount_cents: p.amount.0,
            }
        })
        .collect()
}

fn conflict(c: &Conflict, names: &Names<'_>) -> IssueView {
    let prize = names.prize(&c.prize_id);
    let who = names.name(c.player_id);
    let others = c.conflicted_with.iter().map(|n| names.name(*n)).collect::<Vec<_>>().join(", ");
    let message = match &c.reason {
        ConflictReason::UnknownPrize => format!("Override: there is no prize `{}`.", c.prize_id),
        ConflictReason::UnknownPlayer => format!("Override of {prize}: player {} is not in the standings.", c.player_id),
        ConflictReason::InactivePrize => format!("Override of {prize} to {who}: the prize or its category is inactive."),
        ConflictReason::Ineligible { because } => {
            format!("Override of {prize} to {who}: not eligible for the category ({}).", because.code().replace('_', " "))
        }
        ConflictReason::PrizeAlreadyAssigned => format!("Override of {prize} to {who}: an earlier override already gave it to {others}."),
        ConflictReason::PlayerAlreadyWon { prize_id } => {
            format!("Override of {prize} to {who}: {who} already holds {} from an earlier override.", names.prize(prize_id))
        }
        ConflictReason::IdenticalRankRatingName => format!(
            "{prize} went provisionally to {who}, who has the same rank, rating and name as {others}: decide with an override."
        ),
    };
    IssueView { code: c.reason.code().to_string(), prize_id: c.prize_id.to_string(), message }
}

fn warning(w: &ConsistencyWarning, names: &Names<'_>) -> IssueView {
    let elsewhere = w
        .bypassed_prize_id
        .as_ref()
        .map_or_else(|| " and won nothing".to_string(), |p| format!(", who took {}", names.prize(p)));
    IssueView {
        code: "consistency".into(),
        prize_id: w.prize_id.to_string(),
        message: format!(
            "{} went to {} (rank {}) ahead of {} (rank {}){elsewhere}.",
            names.prize(&w.prize_id),
            names.name(w.winner_id),
            w.winner_rank,
            names.name(w.bypassed_id),
            w.bypassed_rank
        ),
    }
}

fn json<T: serde::Serialize>(v: &T) -> ApiResult<serde_json::Value> {
    serde_json::to_value(v).map_err(ApiError::internal)
}

/// The whole run, for the TO.
///
/// # Errors
/// 500 if the stored run cannot be serialised.
pub fn run(r: &PrizeRun) -> ApiResult<RunView> {
    let names = Names::new(&r.inputs);
    let a = &r.outputs.allocation;
    Ok(RunView {
        summary: summary(r),
        prizes: prize_lines(r, &names),
        payouts: payouts(r, &names),
        fund: r.outputs.cash.fund.to_string(),
        paid: r.outputs.cash.paid.to_string(),
        conflicts: a.conflicts.iter().map(|c| conflict(c, &names)).collect(),
        warnings: a.warnings.iter().map(|w| warning(w, &names)).collect(),
        log_lines: r.log.iter().map(ToString::to_string).collect(),
        inputs: json(&r.inputs)?,
        allocation: json(a)?,
        cash_split: json(&r.outputs.cash)?,
        log: json(&r.log)?,
    })
}

/// The prizes as published: no private inputs, no log.
#[must_use]
pub fn published(r: &PrizeRun) -> PublishedPrizesView {
    let names = Names::new(&r.inputs);
    PublishedPrizesView {
        run_id: r.id.to_string(),
        published_at: r.published_at,
        split_method: method_code(r.outputs.cash.method),
        prizes: prize_lines(r, &names),
        payouts: payouts(r, &names),
        fund: r.outputs.cash.fund.to_string(),
        paid: r.outputs.cash.paid.to_string(),
    }
}

/// Which table a CSV export holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CsvTable {
    /// One row per prize: category, place, the prize, its winner.
    #[default]
    Prizes,
    /// One row per player paid: the money under the split method.
    Payouts,
}

/// The run as CSV (header row first; money in currency units, `166.67`).
///
/// # Errors
/// 500 if writing fails.
pub fn csv(r: &PrizeRun, table: CsvTable) -> ApiResult<String> {
    let names = Names::new(&r.inputs);
    let mut w = ::csv::Writer::from_writer(Vec::new());
    let yes = |b: bool| if b { "yes" } else { "no" };
    let result = match table {
        CsvTable::Prizes => {
            let mut rows = vec![vec![
                "category",
                "place",
                "cash",
                "trophy",
                "medal",
                "player",
                "player_id",
                "rank",
                "rating",
                "tie_break",
                "manual",
                "unfilled",
            ]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()];
            for l in prize_lines(r, &names) {
                let wr = l.winner.as_ref();
                rows.push(vec![
                    l.category,
                    l.place.to_string(),
                    l.cash,
                    yes(l.trophy).into(),
                    yes(l.medal).into(),
                    wr.map(|w| w.name.clone()).unwrap_or_default(),
                    wr.map(|w| w.player_id.clone()).unwrap_or_default(),
                    wr.map(|w| w.rank.to_string()).unwrap_or_default(),
                    wr.and_then(|w| w.rating).map(|r| r.to_string()).unwrap_or_default(),
                    l.tie_break.unwrap_or_default(),
                    yes(l.manual).into(),
                    l.unfilled.unwrap_or_default(),
                ]);
            }
            rows.into_iter().try_for_each(|row| w.write_record(row.iter().map(|c| formula_safe(c))))
        }
        CsvTable::Payouts => {
            let header = ["player", "player_id", "rank", "score", "amount"].map(String::from).to_vec();
            std::iter::once(header)
                .chain(
                    payouts(r, &names)
                        .into_iter()
                        .map(|p| vec![p.name, p.player_id, p.rank.to_string(), p.score, p.amount]),
                )
                .try_for_each(|row| w.write_record(row.iter().map(|c| formula_safe(c))))
        }
    };
    result.map_err(ApiError::internal)?;
    let bytes = w.into_inner().map_err(ApiError::internal)?;
    String::from_utf8(bytes).map_err(ApiError::internal)
}

/// A cell a spreadsheet will not run as a formula (OWASP, CSV injection):
/// text starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
/// leading `'`; a plain number (`-12.5`) is left as it is. Quoting is the
/// CSV writer's (RFC 4180).
fn formula_safe(cell: &str) -> String {
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

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].into_iter().map(ordinal).collect();
        assert_eq!(got, ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]);
    }
}
