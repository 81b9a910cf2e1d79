//! The consistency audit (prize spec v1.2, "Consistency Validation"): a
//! non-blocking check that flags category winners ranked below an eligible
//! player who won nothing in that category.

use super::event::{Checked, PrizeAt};
use super::log::{LogEntry, LogEvent, LogLevel, LogValue};
use super::{CategoryId, PrizeId};
use crate::model::PlayerNo;
use serde::{Deserialize, Serialize};

/// A category prize went to a player ranked below an eligible player who won
/// no prize in that category. Usually the bypassed player took a prize
/// earlier in the queue (`bypassed_prize_id`); otherwise an override or the
/// queue order explains it. The allocation is not changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConsistencyWarning {
    /// The category.
    pub category_id: CategoryId,
    /// The prize the lower-ranked player won.
    pub prize_id: PrizeId,
    /// The winner.
    pub winner_id: PlayerNo,
    /// The winner's rank.
    pub winner_rank: u32,
    /// The better-ranked eligible player who won nothing in the category.
    pub bypassed_id: PlayerNo,
    /// Their rank.
    pub bypassed_rank: u32,
    /// The first prize (in queue order) the bypassed player won elsewhere.
    pub bypassed_prize_id: Option<PrizeId>,
}

impl ConsistencyWarning {
    /// The `alloc.consistency` log entry (a warning).
    #[must_use]
    pub fn log_entry(&self) -> LogEntry {
        LogEntry::new(
            LogLevel::Warn,
            LogEvent::Consistency,
            vec![
                ("category", self.category_id.0.as_str().into()),
                ("prize", self.prize_id.0.as_str().into()),
                ("winner", self.winner_id.0.into()),
                ("rank", self.winner_rank.into()),
                ("bypassed", self.bypassed_id.0.into()),
                ("bypassed_rank", self.bypassed_rank.into()),
                ("bypassed_prize", self.bypassed_prize_id.as_ref().map_or(LogValue::Null, |p| p.0.as_str().into())),
            ],
        )
    }
}

/// For every active category (brochure order, then id), every winner of its
/// prizes (queue order) and every eligible player without a prize in it
/// (standings order) who is ranked strictly better: one warning. `held`
/// gives the standings index of a prize's holder, if it has one.
pub(crate) fn audit(
    checked: &Checked<'_>,
    queue: &[PrizeAt],
    eligible: &[Vec<bool>],
    held: impl Fn(PrizeAt) -> Option<usize>,
) -> Vec<ConsistencyWarning> {
    let standings = &checked.standings;
    let mut first_prize: Vec<Option<PrizeAt>> = vec![None; standings.len()];
    for &at in queue {
        if let Some(h) = held(at) {
            first_prize[h].get_or_insert(at);
        }
    }
    let mut categories: Vec<usize> = (0..checked.event.categories.len()).collect();
    categories.sort_by_key(|&c| {
        let cat = &checked.event.categories[c];
        (cat.brochure_order, &cat.id)
    });
    let mut warnings = Vec::new();
    // A category ranked by a score passes better-ranked players by design.
    categories.retain(|&c| checked.event.categories[c].ranked_by.is_none());
    for c in categories {
        let winners: Vec<(PrizeAt, usize)> =
            queue.iter().filter(|at| at.category == c).filter_map(|&at| held(at).map(|h| (at, h))).collect();
        let bypassable: Vec<usize> =
            (0..standings.len()).filter(|&i| eligible[c][i] && !winners.iter().any(|&(_, w)| w == i)).collect();
        for &(at, w) in &winners {
            let winner = standings[w];
            for &b in &bypassable {
                let bypassed = standings[b];
                if bypassed.rank < winner.rank {
                    warnings.push(ConsistencyWarning {
                        category_id: checked.event.categories[c].id.clone(),
                        prize_id: checked.prize(at).1.id.clone(),
                        winner_id: winner.id,
                        winner_rank: winner.rank,
                        bypassed_id: bypassed.id,
                        bypassed_rank: bypassed.rank,
                        bypassed_prize_id: first_prize[b].map(|p| checked.prize(p).1.id.clone()),
                    });
                }
            }
        }
    }
    warnings
}
