//! Ranking by a primary score and an ordered list of criteria (C.07 art. 4.2:
//! "starting from the first specified tie-break and moving to the next in the
//! list for each subgroup of participants still tied").
//!
//! Unlike C.07 art. 4.2, a tie left when the list is exhausted is not broken
//! by lot: its members keep a neutral order (ascending player index, which
//! the callers make ascending player number), share a rank, and are reported
//! as an open tie for the organiser.

use super::table::{Column, OpenTie, OpenTieKind, Skipped, StandingRow, Standings, TieInfo, TieReason, TieStatus};
use super::value::{Cell, Exact};
use crate::model::PlayerNo;
use std::ops::Range;

/// A tie-break as the ranking sees it.
pub(crate) enum Criterion<'a> {
    /// One value per player; higher ranks first. `provisional` marks a
    /// criterion whose decisions the organiser is asked to confirm.
    Key { keys: Vec<Exact>, provisional: bool },
    /// A criterion that looks at the tied group itself (direct encounter).
    Split(&'a mut dyn Splitter),
    /// A column shown but not applied.
    Skip,
}

/// A criterion evaluated on the group still tied when it is reached.
pub(crate) trait Splitter {
    /// Orders `members` (player indices, ascending) into groups, best first;
    /// the members of one returned group stay tied. Must return a partition
    /// of `members`.
    fn split(&mut self, members: &[usize]) -> Vec<Vec<usize>>;
}

/// The outcome of [`rank`], by player index.
pub(crate) struct Ranking {
    /// Player indices, first place first.
    pub order: Vec<usize>,
    /// For each player: the primary-score group (0-based start, size) and
    /// what placed them, when they were tied.
    pub ties: Vec<Option<(Range<usize>, TieStatus)>>,
    /// Ranges of `order` shared by an unresolved tie.
    pub shared: Vec<Range<usize>>,
    /// Ranges of `order` open to the organiser.
    pub open: Vec<(OpenTieKind, Range<usize>)>,
}

/// Ranks players by `primary` (higher first), then by `criteria` in order.
pub(crate) fn rank(primary: &[Exact], criteria: &mut [Criterion<'_>]) -> Ranking {
    let n = primary.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| primary[b].cmp(&primary[a]));
    let mut ties: Vec<Option<(Range<usize>, TieStatus)>> = vec![None; n];
    let mut segments: Vec<Range<usize>> =
        runs(&order, 0..n, |a, b| primary[a] == primary[b]).into_iter().filter(|r| r.len() > 1).collect();
    for seg in &segments {
        for &p in &order[seg.clone()] {
            ties[p] = Some((seg.clone(), TieStatus::Unresolved));
        }
    }
    let mut in_provisional = vec![false; n];
    let mut open = Vec::new();
    for (k, criterion) in criteria.iter_mut().enumerate() {
        let by = u32::try_from(k).unwrap_or(u32::MAX);
        let mut next = Vec::with_capacity(segments.len());
        for seg in segments {
            let (groups, provisional) = match criterion {
                Criterion::Key { keys, provisional } => {
                    order[seg.clone()].sort_by(|&a, &b| keys[b].cmp(&keys[a]));
                    (runs(&order, seg.clone(), |a, b| keys[a] == keys[b]), *provisional)
                }
                Criterion::Split(splitter) => (split_with(&mut **splitter, &mut order, seg.clone()), false),
                Criterion::Skip => (vec![seg.clone()], false),
            };
            if groups.len() < 2 {
                next.push(seg);
                continue;
            }
            if provisional && !in_provisional[order[seg.start]] {
                open.push((OpenTieKind::Provisional { by }, seg.clone()));
                for &p in &order[seg.clone()] {
                    in_provisional[p] = true;
                }
            }
            for g in groups {
                if g.len() == 1 {
                    let status = if provisional { TieStatus::Provisional { by } } else { TieStatus::Decided { by } };
                    if let Some((_, s)) = &mut ties[order[g.start]] {
                        *s = status;
                    }
                } else {
                    next.push(g);
                }
            }
        }
        segments = next;
    }
    for seg in &segments {
        if !in_provisional[order[seg.start]] {
            open.push((OpenTieKind::Unresolved, seg.clone()));
        }
    }
    open.sort_by_key(|(_, r)| r.start);
    Ranking { order, ties, shared: segments, open }
}

/// Applies a splitter to `order[seg]`, writing the new order back, and
/// returns the groups as ranges of `order`. A splitter that does not return
/// a partition of the segment leaves it tied.
fn split_with(splitter: &mut dyn Splitter, order: &mut [usize], seg: Range<usize>) -> Vec<Range<usize>> {
    let mut members = order[seg.clone()].to_vec();
    members.sort_unstable();
    let mut groups = splitter.split(&members);
    let mut flat: Vec<usize> = groups.iter().flatten().copied().collect();
    flat.sort_unstable();
    if flat != members {
        return vec![seg];
    }
    let mut at = seg.start;
    let mut out = Vec::with_capacity(groups.len());
    for g in &mut groups {
        g.sort_unstable();
        order[at..at + g.len()].copy_from_slice(g);
        out.push(at..at + g.len());
        at += g.len();
    }
    out
}

/// The maximal runs of `order[range]` whose neighbours are `same`.
fn runs(order: &[usize], range: Range<usize>, same: impl Fn(usize, usize) -> bool) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = range.start;
    for i in range.start + 1..range.end {
        if !same(order[i - 1], order[i]) {
            out.push(start..i);
            start = i;
        }
    }
    if start < range.end {
        out.push(start..range.end);
    }
    out
}

/// Everything a game system hands over to build its [`Standings`].
pub(crate) struct Table {
    /// The player numbers, by player index.
    pub players: Vec<PlayerNo>,
    /// The primary score cells, by player index.
    pub scores: Vec<Cell>,
    /// The columns.
    pub columns: Vec<Column>,
    /// The cells, by column then player index.
    pub cells: Vec<Vec<Cell>>,
    /// Columns not applied.
    pub skipped: Vec<Skipped>,
}

/// Builds the [`Standings`] from a ranking; `reason` maps a tie status and
/// the size of the tied group to crokinole's `tie_reason` (other games
/// return `None`).
pub(crate) fn assemble(
    mut table: Table,
    ranking: &Ranking,
    reason: impl Fn(TieStatus, usize) -> Option<TieReason>,
) -> Standings {
    let n = ranking.order.len();
    let mut rank_of = vec![0_u32; n];
    for (pos, r) in rank_of.iter_mut().enumerate() {
        *r = position(pos);
    }
    for seg in &ranking.shared {
        for r in &mut rank_of[seg.clone()] {
            *r = position(seg.start);
        }
    }
    let mut rows = Vec::with_capacity(n);
    for (pos, &p) in ranking.order.iter().enumerate() {
        let values = table.cells.iter_mut().map(|col| std::mem::replace(&mut col[p], Cell::empty())).collect();
        let tie = ranking.ties[p].as_ref().map(|(group, status)| TieInfo {
            group: position(group.start),
            group_size: u32::try_from(group.len()).unwrap_or(u32::MAX),
            status: *status,
            reason: reason(*status, group.len()),
        });
        rows.push(StandingRow {
            player: table.players[p],
            position: position(pos),
            rank: rank_of[pos],
            score: std::mem::replace(&mut table.scores[p], Cell::empty()),
            values,
            tie,
        });
    }
    let open_ties = ranking
        .open
        .iter()
        .map(|(kind, seg)| OpenTie {
            kind: *kind,
            first_position: position(seg.start),
            members: ranking.order[seg.clone()].iter().map(|&p| table.players[p]).collect(),
        })
        .collect();
    Standings { columns: table.columns, rows, open_ties, skipped: table.skipped }
}

/// The 1-based position of a 0-based index.
fn position(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(v: &[i64]) -> Vec<Exact> {
        v.iter().map(|&x| Exact::integer(x)).collect()
    }

    struct ReverseIndex;
    impl Splitter for ReverseIndex {
        fn split(&mut self, members: &[usize]) -> Vec<Vec<usize>> {
            members.iter().rev().map(|&m| vec![m]).collect()
        }
    }

    #[test]
    fn criteria_only_split_players_still_tied() {
        let primary = keys(&[3, 5, 3, 3, 1]);
        let mut criteria = vec![
            Criterion::Key { keys: keys(&[9, 0, 1, 1, 9]), provisional: false },
            Criterion::Key { keys: keys(&[0, 0, 0, 0, 0]), provisional: false },
        ];
        let r = rank(&primary, &mut criteria);
        assert_eq!(r.order, vec![1, 0, 2, 3, 4]);
        assert_eq!(r.ties[1], None);
        assert_eq!(r.ties[0], Some((1..4, TieStatus::Decided { by: 0 })));
        assert_eq!(r.ties[2], Some((1..4, TieStatus::Unresolved)));
        assert_eq!(r.shared, vec![2..4]);
        assert_eq!(r.open, vec![(OpenTieKind::Unresolved, 2..4)]);
    }

    #[test]
    fn a_provisional_split_opens_the_whole_group_once() {
        let primary = keys(&[1, 1, 1]);
        let mut criteria = vec![Criterion::Key { keys: keys(&[5, 7, 5]), provisional: true }];
        let r = rank(&primary, &mut criteria);
        assert_eq!(r.order, vec![1, 0, 2]);
        assert_eq!(r.ties[1], Some((0..3, TieStatus::Provisional { by: 0 })));
        assert_eq!(r.ties[0], Some((0..3, TieStatus::Unresolved)));
        assert_eq!(r.open, vec![(OpenTieKind::Provisional { by: 0 }, 0..3)]);
    }

    #[test]
    fn splitters_reorder_and_a_skipped_column_does_nothing() {
        let primary = keys(&[0, 0, 0]);
        let mut s = ReverseIndex;
        let mut criteria = vec![Criterion::Skip, Criterion::Split(&mut s)];
        let r = rank(&primary, &mut criteria);
        assert_eq!(r.order, vec![2, 1, 0]);
        assert!(r.open.is_empty());
        assert_eq!(r.ties[2], Some((0..3, TieStatus::Decided { by: 1 })));
    }
}
