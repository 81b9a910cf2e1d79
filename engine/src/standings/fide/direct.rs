//! Direct Encounter (C.07 art. 6), applied to the group still tied when it is
//! reached, and the separate standings ("mini-league") of a group.

use super::prepare::{Kind, Prepared};
use crate::model::Outcome;
use crate::standings::rank::Splitter;
use crate::standings::value::Exact;

/// A player's part in the separate standings of a group.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Line {
    /// Points from the encounters, each opponent's games averaged (6.1.2).
    pub points: Exact,
    /// Encounters counted.
    pub played: u32,
    /// Of which won, drawn, lost.
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// Members of the group never met.
    pub missing: u32,
}

/// The direct encounter criterion.
pub(crate) struct DirectEncounter<'a> {
    prep: &'a Prepared,
    /// Forfeits count as games: the event's regulations say so (6.1.1) or the
    /// pairings were predetermined (15.2).
    forfeits: bool,
    /// Each player's points in the separate standings of the group DE was
    /// first applied to, for display.
    pub values: Vec<Option<Exact>>,
}

impl<'a> DirectEncounter<'a> {
    /// DE over `prep`; `forfeits` as configured (art. 6.1.1).
    pub(crate) fn new(prep: &'a Prepared, forfeits: bool) -> DirectEncounter<'a> {
        DirectEncounter { prep, forfeits: forfeits || !prep.swiss, values: vec![None; prep.n] }
    }

    /// The separate standings of `members` (sorted player indices): for each,
    /// the games against the others, repeated meetings averaged per opponent
    /// (art. 6.1.2), forfeits only when they count (6.1.1, 15.2).
    pub(crate) fn lines(&self, members: &[usize]) -> Vec<Line> {
        let mut per_opp: Vec<(usize, i64, i64)> = Vec::with_capacity(self.prep.rounds);
        members
            .iter()
            .map(|&a| {
                per_opp.clear();
                let mut line = Line::default();
                for rec in self.prep.row(a) {
                    let counts = match rec.kind {
                        Kind::Game { .. } => true,
                        Kind::ForfeitWin | Kind::ForfeitLoss => self.forfeits,
                        Kind::Bye(_) => false,
                    };
                    let b = rec.opp as usize;
                    if !counts || members.binary_search(&b).is_err() {
                        continue;
                    }
                    line.played += 1;
                    match rec.kind {
                        Kind::Game { outcome: Outcome::Win, .. } | Kind::ForfeitWin => line.won += 1,
                        Kind::Game { outcome: Outcome::Draw, .. } => line.drawn += 1,
                        _ => line.lost += 1,
                    }
                    match per_opp.iter_mut().find(|(o, _, _)| *o == b) {
                        Some((_, pts, n)) => {
                            *pts += i64::from(rec.pts);
                            *n += 1;
                        }
                        None => per_opp.push((b, i64::from(rec.pts), 1)),
                    }
                }
                line.points = per_opp.iter().fold(Exact::ZERO, |acc, &(_, pts, n)| acc + Exact::ratio(pts, 10 * n));
                line.missing = u32::try_from(members.len() - 1 - per_opp.len()).unwrap_or(0);
                line
            })
            .collect()
    }

    /// Art. 6.2 and 6.3 on `members` (sorted): the ordered groups.
    fn resolve(&self, members: &[usize]) -> Vec<Vec<usize>> {
        let lines = self.lines(members);
        if lines.iter().all(|l| l.missing == 0) {
            // 6.2: the separate standings rank the group; Article 6 is
            // reapplied to every subset still tied.
            let mut idx: Vec<usize> = (0..members.len()).collect();
            idx.sort_by(|&x, &y| lines[y].points.cmp(&lines[x].points));
            let mut runs: Vec<Vec<usize>> = Vec::new();
            for k in idx {
                match runs.last_mut() {
                    Some(run) if lines[run[0]].points == lines[k].points => run.push(k),
                    _ => runs.push(vec![k]),
                }
            }
            if runs.len() == 1 {
                return vec![members.to_vec()];
            }
            return runs
                .into_iter()
                .flat_map(|run| {
                    let mut group: Vec<usize> = run.iter().map(|&k| members[k]).collect();
                    group.sort_unstable();
                    if group.len() > 1 {
                        self.resolve(&group)
                    } else {
                        vec![group]
                    }
                })
                .collect();
        }
        if !self.prep.swiss {
            return vec![members.to_vec()];
        }
        // 6.3: not everyone met. A participant alone at the top whatever the
        // missing games give (losing all of their own while every rival wins
        // all of theirs) is ranked first, then the same for the next rank;
        // Article 6 is then reapplied to the participants left.
        let worst =
            |k: usize| lines[k].points + Exact::ratio(i64::from(self.prep.loss) * i64::from(lines[k].missing), 10);
        let best =
            |k: usize| lines[k].points + Exact::ratio(i64::from(self.prep.win) * i64::from(lines[k].missing), 10);
        let mut remaining: Vec<usize> = (0..members.len()).collect();
        let mut out: Vec<Vec<usize>> = Vec::new();
        while remaining.len() > 1 {
            let alone = remaining.iter().position(|&c| remaining.iter().all(|&r| r == c || worst(c) > best(r)));
            match alone {
                Some(at) => out.push(vec![members[remaining.remove(at)]]),
                None => break,
            }
        }
        if out.is_empty() {
            return vec![members.to_vec()];
        }
        let rest: Vec<usize> = remaining.iter().map(|&k| members[k]).collect();
        if rest.len() > 1 {
            out.extend(self.resolve(&rest));
        } else if !rest.is_empty() {
            out.push(rest);
        }
        out
    }
}

impl Splitter for DirectEncounter<'_> {
    fn split(&mut self, members: &[usize]) -> Vec<Vec<usize>> {
        for (&m, line) in members.iter().zip(self.lines(members)) {
            if self.values[m].is_none() {
                self.values[m] = Some(line.points);
            }
        }
        self.resolve(members)
    }
}
