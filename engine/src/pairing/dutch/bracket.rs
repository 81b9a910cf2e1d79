//! Pairing one bracket (C.04.3 art. 3-4).
//!
//! The best candidate of a bracket is found as a maximum-weight matching whose
//! weights hold the criteria [C6]-[C21] ([`super::criteria`]); the candidate
//! that the generation order of art. 4 reaches first among the best ones is then
//! singled out in three stages, each a further tie-break on the same optimum:
//!
//! - A. the set of moved-down players paired (art. 4.4: smallest differing
//!   BSN first) and their opponents (art. 4.2: S1 players take the first
//!   possible S2 player in turn);
//! - B. the exchanges of the remainder (art. 4.3: fewest players exchanged,
//!   smallest difference of BSN sums, largest BSN moved from S1, smallest BSN
//!   moved from S2);
//! - C. the transposition of S2 (art. 4.2): each S1 player, in order, takes
//!   the first S2 player that still allows a best candidate.
//!
//! The matching first covers the bracket alone ("local"); the result is then
//! checked against the criteria that look below the bracket ([C4] completion
//! with [C2]/[C5], [C8] the following bracket). If the check fails, the bracket
//! is paired again with every player below in the graph ("full"), which is exact
//! by construction.

use super::assign::assign_by_tight_edges;
use super::criteria::{Context, EdgeKind, Slot, Values};
use super::feasibility::{Compatibility, Problem};
use super::layout::{solve, Edge, Solved};
use super::state::Player;
use super::PairingError;
use crate::model::Points;

/// The round-wide data the brackets share.
pub struct Round<'a> {
    /// The players to pair, sorted (art. 1.2).
    pub players: &'a [Player],
    /// Who may meet whom.
    pub compat: &'a Compatibility,
    /// The PAB assignee's score ([C5]) when the number of players is odd.
    pub bye_score: Option<Points>,
    /// [C9]: rank of each player's played games among those with the PAB score.
    pub bye_games: Vec<i64>,
}

impl Round<'_> {
    /// Whether player `v` may receive the PAB ([C2], [C5]).
    pub fn bye_candidate(&self, v: usize) -> bool {
        let p = &self.players[v];
        p.bye_eligible && self.bye_score.is_some_and(|s| p.score <= s)
    }
}

/// The players of a bracket and those below it (sorted indices).
pub struct Bracket<'a> {
    /// Moved-down players, in order.
    pub mdps: &'a [usize],
    /// Resident players, in order.
    pub residents: &'a [usize],
    /// The next scoregroup.
    pub next: &'a [usize],
    /// The players below the next scoregroup.
    pub lower: &'a [usize],
    /// Whether [C9] applies (the bracket downfloats exactly the PAB assignee).
    pub bye_games: bool,
}

/// What the pairing of a bracket did, for the next bracket and explanations.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Pairs `(higher, lower)` made in the bracket.
    pub pairs: Vec<(usize, usize)>,
    /// Players left unpaired, moved down to the next bracket (art. 1.4.1).
    pub downfloaters: Vec<usize>,
    /// Whether [C9] applies to the next bracket.
    pub next_bye_games: bool,
    /// The moved-down players that were paired (S1 of the bracket, art. 3.2.2).
    pub paired_mdps: Vec<usize>,
    /// The remainder's S1 and S2 before exchanges (art. 3.2.1).
    pub s1: Vec<usize>,
    /// See `s1`.
    pub s2: Vec<usize>,
    /// Remainder players moved from S1 to S2 by the exchange (art. 4.3).
    pub exchanged_out: Vec<usize>,
    /// Remainder players moved from S2 to S1 by the exchange.
    pub exchanged_in: Vec<usize>,
    /// Whether the bracket had to be paired with the players below in the graph.
    pub full: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Mdp,
    Resident,
    Next,
    Lower,
    Out,
}

struct Graph<'a> {
    round: &'a Round<'a>,
    role: Vec<Role>,
    criteria: Context<'a>,
    full: bool,
}

impl Graph<'_> {
    fn kind(&self, h: usize, l: usize) -> Option<EdgeKind> {
        match (self.role[h], self.role[l]) {
            (Role::Out, _) | (_, Role::Out) => None,
            (Role::Mdp | Role::Resident, Role::Resident) => Some(EdgeKind::InBracket),
            _ if !self.full => None,
            (_, Role::Next) => Some(EdgeKind::Next),
            _ => Some(EdgeKind::Lower),
        }
    }

    /// Solves the matching over `active` (sorted indices) with the base
    /// criteria plus `extra` tie-break slots, on the edges `allow` keeps.
    fn solve(
        &self,
        active: &[usize],
        allow: impl Fn(usize, usize) -> bool,
        extra: impl Fn(usize, usize) -> Values,
    ) -> Result<(Solved, Vec<Edge>), PairingError> {
        let mut edges = Vec::new();
        for (i, &h) in active.iter().enumerate() {
            for (j, &l) in active.iter().enumerate().skip(i + 1) {
                let Some(kind) = self.kind(h, l) else { continue };
                if !self.round.compat.ok(h, l) || !allow(h, l) {
                    continue;
                }
                let mut values = self.criteria.edge(h, l, kind);
                values.extend(extra(h, l));
                edges.push(Edge { a: i, b: j, values });
            }
        }
        Ok((solve(active.len(), &edges)?, edges))
    }
}

/// Mates by sorted index: `mate[v]` for every `v` of `active`.
fn mates(active: &[usize], solved: &Solved, n: usize) -> Vec<Option<usize>> {
    let mut out = vec![None; n];
    for (i, m) in solved.mate.iter().enumerate() {
        out[active[i]] = m.map(|j| active[j]);
    }
    out
}

/// Pairs one bracket.
pub fn pair_bracket(round: &Round, bracket: &Bracket) -> Result<Outcome, PairingError> {
    if !bracket.bye_games {
        let local = run(round, bracket, false)?;
        if let Some(complete) = verify(round, bracket, &local.downfloaters) {
            let mut out = local.outcome;
            out.next_bye_games = next_bye_games(round, bracket, &out.downfloaters, &complete);
            return Ok(out);
        }
    }
    let full = run(round, bracket, true)?;
    let mut out = full.outcome;
    out.full = true;
    out.next_bye_games = next_bye_games(round, bracket, &out.downfloaters, &full.complete);
    Ok(out)
}

struct Run {
    outcome: Outcome,
    downfloaters: Vec<usize>,
    /// The final matching of every player in the graph (full mode only).
    complete: Vec<(usize, Option<usize>)>,
}

fn run(round: &Round, bracket: &Bracket, full: bool) -> Result<Run, PairingError> {
    let n = round.players.len();
    let mut role = vec![Role::Out; n];
    let mut levels: Vec<Points> = Vec::new();
    for (set, r) in [(bracket.mdps, Role::Mdp), (bracket.residents, Role::Resident), (bracket.next, Role::Next), (bracket.lower, Role::Lower)] {
        if !full && matches!(r, Role::Next | Role::Lower) {
            continue;
        }
        for &v in set {
            role[v] = r;
            if r != Role::Lower {
                levels.push(round.players[v].score);
            }
        }
    }
    levels.sort_by(|a, b| b.cmp(a));
    levels.dedup();
    let criteria = Context {
        players: round.players,
        levels,
        complete: full,
        bye_score: round.bye_score,
        bye_games: (full && bracket.bye_games).then(|| round.bye_games.clone()),
    };
    let graph = Graph { round, role, criteria, full };
    let mut active: Vec<usize> = (0..n).filter(|&v| graph.role[v] != Role::Out).collect();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut out = Outcome::default();

    // Stage A: which MDPs are paired (smallest BSNs first), and with whom.
    let mdp_pos = |v: usize| bracket.mdps.iter().position(|&m| m == v);
    let res_pos = |v: usize| bracket.residents.iter().position(|&r| r == v);
    let m = bracket.mdps.len();
    let r_len = bracket.residents.len() as i64;
    let any = |_: usize, _: usize| true;
    let (solved, _) = graph.solve(&active, any, |h, l| match (mdp_pos(h), res_pos(l)) {
        (Some(i), Some(j)) => vec![(Slot::Order(i), 1), (Slot::Order(m + i), r_len - j as i64)],
        _ => Vec::new(),
    })?;
    let mut mate = mates(&active, &solved, n);
    for &x in bracket.mdps {
        if let Some(y) = mate[x].filter(|&y| graph.role[y] == Role::Resident) {
            pairs.push((x, y));
            out.paired_mdps.push(x);
        }
    }
    let paired = |v: usize, pairs: &[(usize, usize)]| pairs.iter().any(|&(a, b)| a == v || b == v);
    let remainder: Vec<usize> = bracket.residents.iter().copied().filter(|&v| !paired(v, &pairs)).collect();
    let mut in_remainder = vec![false; n];
    for &v in &remainder {
        in_remainder[v] = true;
    }
    let higher_in_remainder = |v: usize, mate: &[Option<usize>]| mate[v].is_some_and(|w| w > v && in_remainder[w]);
    let p = remainder.iter().filter(|&&v| higher_in_remainder(v, &mate)).count();
    let (s1, s2) = remainder.split_at(p);
    out.s1 = s1.to_vec();
    out.s2 = s2.to_vec();
    active.retain(|&v| !paired(v, &pairs));

    // Stage B: the exchanges (art. 4.3).
    if p > 0 {
        let mut rpos = vec![usize::MAX; n];
        for (i, &v) in remainder.iter().enumerate() {
            rpos[v] = i;
        }
        let exchange_fields = |h: usize, l: usize| -> Values {
            if rpos[h] == usize::MAX || rpos[l] == usize::MAX {
                return Vec::new();
            }
            let i = rpos[h];
            vec![(Slot::Order(0), i64::from(i < p)), (Slot::Order(1), -(i as i64))]
        };
        let (solved, _) = graph.solve(&active, any, exchange_fields)?;
        mate = mates(&active, &solved, n);
        let exchanges = s1.iter().filter(|&&v| !higher_in_remainder(v, &mate)).count();
        if exchanges > 0 {
            let (solved, _) = graph.solve(&active, any, |h, l| {
                let mut v = exchange_fields(h, l);
                if !v.is_empty() {
                    let i = rpos[h];
                    v.push(if i < p { (Slot::Order(2 + (p - 1 - i)), -1) } else { (Slot::Order(2 + i), 1) });
                }
                v
            })?;
            mate = mates(&active, &solved, n);
        }
    }
    let mut s1_role = vec![false; n];
    for &v in &remainder {
        s1_role[v] = higher_in_remainder(v, &mate);
    }
    out.exchanged_out = s1.iter().copied().filter(|&v| !s1_role[v]).collect();
    out.exchanged_in = s2.iter().copied().filter(|&v| s1_role[v]).collect();

    // Stage C: S1 players take, in order, the first S2 player they can (art. 4.2).
    let role_ok = |h: usize, l: usize| !(in_remainder[h] && in_remainder[l]) || (s1_role[h] && !s1_role[l]);
    let leaders: Vec<usize> = remainder.iter().copied().filter(|&v| s1_role[v]).collect();
    if full {
        for &x in &leaders {
            let candidates: Vec<usize> = remainder.iter().copied().filter(|&y| y > x && active.contains(&y)).collect();
            let (solved, _) = graph.solve(&active, role_ok, |h, l| match candidates.iter().position(|&y| y == l) {
                Some(k) if h == x => vec![(Slot::Order(0), (candidates.len() - k) as i64)],
                _ => Vec::new(),
            })?;
            mate = mates(&active, &solved, n);
            let y = mate[x].ok_or(PairingError::NoLegalPairing)?;
            pairs.push((x, y));
            active.retain(|&v| v != x && v != y);
        }
    } else if !leaders.is_empty() {
        let (solved, edges) = graph.solve(&remainder, |h, l| s1_role[h] && !s1_role[l], |_, _| Vec::new())?;
        pairs.extend(assign_by_tight_edges(&remainder, &edges, &solved, &s1_role)?);
    }
    let downfloaters: Vec<usize> =
        bracket.mdps.iter().chain(bracket.residents).copied().filter(|&v| !paired(v, &pairs)).collect();
    out.pairs = pairs.clone();
    out.downfloaters = downfloaters.clone();
    let mut complete: Vec<(usize, Option<usize>)> = Vec::new();
    if full {
        // The last solution matches the players still active among themselves.
        let mut seen = vec![false; n];
        for &(a, b) in &pairs {
            complete.push((a, Some(b)));
            seen[a] = true;
            seen[b] = true;
        }
        for &v in &active {
            if !seen[v] {
                seen[v] = true;
                let partner = mate[v].filter(|&w| !paired(w, &pairs));
                if let Some(w) = partner {
                    seen[w] = true;
                }
                complete.push((v, partner));
            }
        }
    }
    Ok(Run { outcome: out, downfloaters, complete })
}

/// Checks that a local pairing of the bracket, leaving `downfloaters`, is also
/// best when the players below are considered: the following bracket can pair
/// every downfloater with at most one of its own players left over ([C8] at
/// its best), and the rest of the round can be completed ([C4], with the PAB
/// to a candidate of [C2]/[C5]). Returns a complete matching of the players
/// below the bracket when it is.
fn verify(round: &Round, bracket: &Bracket, downfloaters: &[usize]) -> Option<Vec<(usize, Option<usize>)>> {
    let n = round.players.len();
    let mut complete = Vec::new();
    let mut flag = vec![false; n];
    let leftover: Vec<usize> = if bracket.next.is_empty() {
        downfloaters.to_vec()
    } else {
        if downfloaters.len() > bracket.next.len() {
            return None;
        }
        for &d in downfloaters {
            flag[d] = true;
        }
        let mut vertices: Vec<usize> = downfloaters.iter().chain(bracket.next).copied().collect();
        vertices.sort_unstable();
        // A dummy vertex takes the one player of the next scoregroup left over.
        let dummy = (vertices.len() % 2 == 1).then(|| vertices.iter().map(|&v| !flag[v]).collect());
        let matched = Problem { compat: round.compat, vertices, bye: dummy, allowed: |a: usize, b: usize| !(flag[a] && flag[b]) }.perfect()?;
        let mut rest = Vec::new();
        for (v, partner) in matched {
            match partner {
                Some(w) if v < w => complete.push((v, Some(w))),
                Some(_) => {}
                None => rest.push(v),
            }
        }
        rest
    };
    let mut in_leftover = vec![false; n];
    for &v in &leftover {
        in_leftover[v] = true;
    }
    let mut vertices: Vec<usize> = leftover.iter().chain(bracket.lower).copied().collect();
    vertices.sort_unstable();
    let bye = round.bye_score.is_some().then(|| vertices.iter().map(|&v| round.bye_candidate(v)).collect());
    let allowed = |a: usize, b: usize| !(in_leftover[a] && in_leftover[b]);
    let matched = Problem { compat: round.compat, vertices, bye, allowed }.perfect()?;
    complete.extend(matched.into_iter().filter(|(v, w)| w.is_none_or(|w| *v < w)));
    Some(complete)
}

/// [C9] applies to the next bracket when it "downfloats exactly one player,
/// who will end up receiving the PAB": the number of players is odd and, in a
/// best completion of the round, every player of that bracket is paired inside
/// it but one.
fn next_bye_games(round: &Round, bracket: &Bracket, downfloaters: &[usize], complete: &[(usize, Option<usize>)]) -> bool {
    if round.bye_score.is_none() || bracket.next.is_empty() {
        return false;
    }
    let n = round.players.len();
    let mut inside = vec![false; n];
    for &v in downfloaters.iter().chain(bracket.next) {
        inside[v] = true;
    }
    complete.iter().all(|&(a, b)| b.is_none_or(|b| inside[a] == inside[b]))
}
