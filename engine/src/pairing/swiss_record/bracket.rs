//! The pairing of a round: bye, score groups, then the seed's fold and swap
//! (with the search as its fallback) or the matching search alone, and the
//! tables (see the module docs of [`super`]).

use super::graph::{Met, Pool};
use super::{fold, Game, PairingWarning, RoundPairing, SwissError, SwissProcedure, Table};
use crate::standings::wh40k::{tally, Record};
use std::cmp::Reverse;
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

/// See [`super::pair_round`].
pub(super) fn pair_round<Id>(
    ranked: &[Id],
    given: Option<&[Record]>,
    history: &[Game<Id>],
    procedure: SwissProcedure,
) -> Result<RoundPairing<Id>, SwissError<Id>>
where
    Id: Copy + Eq + Hash + Ord + fmt::Debug,
{
    let n = ranked.len();
    if n < 2 {
        return Err(SwissError::TooFewPlayers { active: n });
    }
    let mut index = HashMap::with_capacity(n);
    for (i, &id) in ranked.iter().enumerate() {
        if index.insert(id, i).is_some() {
            return Err(SwissError::DuplicatePlayer(id));
        }
    }
    let tallies = tally(history)?;
    let mut records = vec![Record::default(); n];
    let mut bye_rounds = vec![Vec::new(); n];
    let mut meetings: HashMap<(usize, usize), Vec<u32>> = HashMap::new();
    for (i, id) in ranked.iter().enumerate() {
        let Some(t) = tallies.get(id) else { continue };
        records[i] = t.record;
        bye_rounds[i].clone_from(&t.bye_rounds);
        for &(round, opponent) in &t.opponents {
            match index.get(&opponent) {
                Some(&j) if i < j => meetings.entry((i, j)).or_default().push(round),
                _ => {}
            }
        }
    }
    // The caller's records (the standings', adjustments included) decide the
    // groups when given; else the records the games make.
    if let Some(given) = given {
        for (r, g) in records.iter_mut().zip(given) {
            *r = *g;
        }
    }
    let met = Met::new(n, meetings.keys().copied());

    let mut warnings = Vec::new();
    let bye = (n % 2 == 1).then(|| (0..n).rev().find(|&i| bye_rounds[i].is_empty()).unwrap_or(n - 1));
    if let Some(b) = bye.filter(|&b| !bye_rounds[b].is_empty()) {
        warnings.push(PairingWarning::RepeatBye { player: ranked[b], previous_rounds: bye_rounds[b].clone() });
    }

    let groups = score_groups((0..n).filter(|&i| Some(i) != bye), &records);
    let search = || Pairer::new(&met, &groups).run(&groups);
    let mut pairs = match procedure {
        SwissProcedure::Matching => search(),
        SwissProcedure::Fold => match fold::pair_groups(&groups, &met) {
            (pairs, 0) => pairs,
            (folded, rematches) => {
                let searched = search();
                if searched.iter().filter(|&&(a, b)| met.have_met(a, b)).count() < rematches {
                    warnings.push(PairingWarning::Searched { rematches: u32::try_from(rematches).unwrap_or(u32::MAX) });
                    searched
                } else {
                    folded
                }
            }
        },
    };
    for p in &mut pairs {
        *p = (p.0.min(p.1), p.0.max(p.1));
    }
    pairs.sort_unstable();

    let mut tables = Vec::with_capacity(pairs.len());
    for (number, &(a, b)) in (1..).zip(&pairs) {
        tables.push(Table { number, player1: ranked[a], player2: ranked[b] });
        if let Some(rounds) = meetings.get(&(a, b)) {
            warnings.push(PairingWarning::Rematch {
                player1: ranked[a],
                player2: ranked[b],
                previous_rounds: rounds.clone(),
            });
        }
    }
    Ok(RoundPairing { tables, bye: bye.map(|b| ranked[b]), warnings })
}

/// The players (rank indices, ascending) grouped by W-L-D record: most wins,
/// then most draws, then fewest losses first; each group in rank order.
fn score_groups(players: impl Iterator<Item = usize>, records: &[Record]) -> Vec<Vec<usize>> {
    let key = |i: usize| (Reverse(records[i].wins), Reverse(records[i].draws), records[i].losses);
    let mut order: Vec<usize> = players.collect();
    order.sort_by_key(|&i| (key(i), i));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in order {
        match groups.last_mut() {
            Some(group) if key(group[0]) == key(i) => group.push(i),
            _ => groups.push(vec![i]),
        }
    }
    groups
}

/// The state of one round's pairing: the unpaired field, the rematches it
/// still needs, and the pairs made.
struct Pairer<'a> {
    met: &'a Met,
    /// Every player not yet paired (floaters included).
    field: Pool<'a>,
    /// Rematches the rest of the field cannot avoid (0 unless the field is exhausted).
    rematches_left: usize,
    pairs: Vec<(usize, usize)>,
}

/// What a player does in its bracket.
enum Move {
    Pair(usize),
    Float,
}

impl<'a> Pairer<'a> {
    fn new(met: &'a Met, groups: &[Vec<usize>]) -> Pairer<'a> {
        let everyone: Vec<usize> = groups.iter().flatten().copied().collect();
        let mut field = Pool::new(met, &everyone);
        let rematches_left = field.len() / 2 - field.matching_size();
        Pairer { met, field, rematches_left, pairs: Vec::with_capacity(everyone.len() / 2) }
    }

    /// Pairs the groups top-down, each with the floaters of the one above.
    fn run(mut self, groups: &[Vec<usize>]) -> Vec<(usize, usize)> {
        let mut floaters = Vec::new();
        for (g, group) in groups.iter().enumerate() {
            let mut bracket = std::mem::take(&mut floaters);
            bracket.sort_unstable();
            bracket.extend_from_slice(group);
            floaters = self.pair_bracket(&bracket, g + 1 == groups.len());
        }
        self.pairs
    }

    /// Pairs one bracket (players in bracket order) and returns its floaters.
    /// The last bracket floats nobody: the whole field is even.
    fn pair_bracket(&mut self, bracket: &[usize], last: bool) -> Vec<usize> {
        let b = bracket.len();
        let half = b / 2;
        let mut pool = Pool::new(self.met, bracket);
        let mut floats_left = b - 2 * pool.matching_size();
        let mut done = vec![false; b];
        let mut next_s2 = half;
        let mut floaters = Vec::new();

        for i in 0..b {
            if done[i] {
                continue;
            }
            done[i] = true;
            while next_s2 < 2 * half && done[next_s2] {
                next_s2 += 1;
            }
            let p = bracket[i];
            // Rule 6 order: bottom half from the first free slot, the would-be
            // floater, then the top half below `p`, lowest first.
            let candidates = || {
                let (from, tail, top) =
                    if i < half { (next_s2, 2 * half..b, i + 1..half) } else { (i + 1, b..b, 0..0) };
                let bottom_end = if i < half { 2 * half } else { b };
                (from..bottom_end).chain(tail).chain(top.rev()).filter(|&j| !done[j]).map(|j| (j, bracket[j]))
            };
            let fresh = |q: &(usize, usize)| !self.met.have_met(p, q.1);

            let mut chosen = None;
            // 1. A partner that keeps both the field and the bracket on target.
            for (j, q) in candidates().filter(fresh) {
                if self.field_ok(p, q, false) && bracket_ok(&mut pool, &[p, q], floats_left) {
                    chosen = Some((Move::Pair(j), true));
                    break;
                }
            }
            // 2. `p` has met every unpaired player: floating cannot spare it a
            //    rematch, so it has the rematch here, in its own group.
            if chosen.is_none() && self.field.unmet(p) == 0 {
                chosen = self.rematch(p, candidates());
            }
            // 3. Float `p`, if the bracket's minimum number of floaters allows it.
            if chosen.is_none() && !last && floats_left > 0 && bracket_ok(&mut pool, &[p], floats_left - 1) {
                chosen = Some((Move::Float, true));
            }
            // 4. A partner the field check allows (the bracket floats more).
            if chosen.is_none() {
                chosen = candidates()
                    .filter(fresh)
                    .find(|&(_, q)| self.field_ok(p, q, false))
                    .map(|(j, _)| (Move::Pair(j), false));
            }
            // 5. Float `p` down, where it can still be paired.
            if chosen.is_none() && !last {
                chosen = Some((Move::Float, false));
            }
            // 6. In the last bracket: an unavoidable rematch.
            if chosen.is_none() {
                chosen = self.rematch(p, candidates());
            }
            // The checks above always succeed (the field is even and feasible);
            // this keeps every player paired whatever happens.
            let Some((step, on_target)) = chosen.or_else(|| candidates().next().map(|(j, _)| (Move::Pair(j), false)))
            else {
                continue;
            };

            match step {
                Move::Pair(j) => {
                    let q = bracket[j];
                    done[j] = true;
                    if self.met.have_met(p, q) {
                        self.rematches_left = self.rematches_left.saturating_sub(1);
                    }
                    self.field.remove(&[p, q]);
                    pool.remove(&[p, q]);
                    self.pairs.push((p.min(q), p.max(q)));
                }
                Move::Float => {
                    pool.remove(&[p]);
                    floaters.push(p);
                    floats_left = floats_left.saturating_sub(1);
                }
            }
            if !on_target {
                // Off the bracket's plan: re-aim at the best still reachable.
                floats_left = floats_left.max(pool.len() - 2 * pool.matching_size());
            }
        }
        floaters
    }

    /// The first candidate `p` has met whom it may play again without the
    /// field exceeding its unavoidable rematches.
    fn rematch(&mut self, p: usize, candidates: impl Iterator<Item = (usize, usize)>) -> Option<(Move, bool)> {
        if self.rematches_left == 0 {
            return None;
        }
        let met = self.met;
        candidates
            .filter(|&(_, q)| met.have_met(p, q))
            .find(|&(_, q)| self.field_ok(p, q, true))
            .map(|(j, _)| (Move::Pair(j), false))
    }

    /// Whether pairing `p` with `q` leaves a field that can be paired with at
    /// most the rematches still unavoidable (one fewer if this is a rematch).
    fn field_ok(&mut self, p: usize, q: usize, rematch: bool) -> bool {
        let Some(allowed) = self.rematches_left.checked_sub(usize::from(rematch)) else {
            return false;
        };
        let pairs_needed = (self.field.len() - 2) / 2;
        pairs_needed <= allowed || self.field.matching_size_without(&[p, q]) >= pairs_needed - allowed
    }
}

/// Whether the bracket, without `gone`, can still be paired within itself
/// leaving at most `floats` players to float.
fn bracket_ok(pool: &mut Pool<'_>, gone: &[usize], floats: usize) -> bool {
    let rest = pool.len() - gone.len();
    rest <= floats || pool.matching_size_without(gone) >= (rest - floats).div_ceil(2)
}
