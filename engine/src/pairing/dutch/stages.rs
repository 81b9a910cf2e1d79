//! The three stages that single out, among the best candidates of a bracket,
//! the one the generation order of C.04.3 art. 4 reaches first (see
//! [`super::bracket`]).

use super::assign::{assign_by_tight_edges, TightGraph};
use super::criteria::{Context, EdgeKind, Slot, Values};
use super::feasibility::Problem;
use super::layout::{solve, Solved};
use super::scope::{Bracket, Outcome, Round};
use super::PairingError;
use crate::model::Points;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Mdp,
    Resident,
    Next,
    Lower,
    Out,
}

/// The matching problem of one bracket: who is in the graph and in what role.
struct Graph<'a> {
    round: &'a Round<'a>,
    role: Vec<Role>,
    criteria: Context<'a>,
    full: bool,
}

/// A solved stage: the solution over `active`.
struct Stage {
    active: Vec<usize>,
    solved: Solved,
}

impl Stage {
    /// Mates by sorted index.
    fn mates(&self, n: usize) -> Vec<Option<usize>> {
        let mut out = vec![None; n];
        for (i, m) in self.solved.mate.iter().enumerate() {
            out[self.active[i]] = m.map(|j| self.active[j]);
        }
        out
    }
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
    /// criteria plus `extra` tie-break slots, on the edges `allow` keeps;
    /// the tight edges are listed for the pairs `tight` accepts.
    fn solve(
        &self,
        active: &[usize],
        allow: impl Fn(usize, usize) -> bool,
        extra: impl Fn(usize, usize, &mut Values),
        tight: impl Fn(usize, usize) -> bool,
    ) -> Result<Stage, PairingError> {
        let source = |i: usize, j: usize, values: &mut Values| {
            let (h, l) = (active[i], active[j]);
            let Some(kind) = self.kind(h, l) else { return false };
            if !self.round.compat.ok(h, l) || !allow(h, l) {
                return false;
            }
            self.criteria.edge(h, l, kind, values);
            extra(h, l, values);
            true
        };
        let solved = solve(active.len(), source, |i, j| tight(active[i], active[j]))?;
        Ok(Stage { active: active.to_vec(), solved })
    }
}

/// What the stages produced.
pub struct Run {
    /// The bracket's pairs and the trace for explanations.
    pub outcome: Outcome,
}

/// Pairs the bracket on the bracket alone (`full == false`) or with the
/// players below in the graph.
pub fn run(round: &Round, bracket: &Bracket, full: bool) -> Result<Run, PairingError> {
    let n = round.players.len();
    let mut role = vec![Role::Out; n];
    let mut levels: Vec<Points> = Vec::new();
    for (set, r) in [
        (bracket.mdps, Role::Mdp),
        (bracket.residents, Role::Resident),
        (bracket.next, Role::Next),
        (bracket.lower, Role::Lower),
    ] {
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
        bye_games: bracket.bye_games.then(|| round.bye_games.clone()),
    };
    let graph = Graph { round, role, criteria, full };
    let mut active: Vec<usize> = (0..n).filter(|&v| graph.role[v] != Role::Out).collect();
    let mut out = Outcome::default();

    // Stage A: which MDPs are paired (art. 4.4: smallest BSNs first), and with
    // whom (art. 4.2: each takes the first S2 player it can).
    let mut last: Option<Stage> = None;
    let (mut pairs, p) = if full || !bracket.mdps.is_empty() {
        let stage = stage_a(&graph, bracket, &active)?;
        let mate = stage.mates(n);
        let pairs: Vec<(usize, usize)> = bracket
            .mdps
            .iter()
            .filter_map(|&x| mate[x].filter(|&y| graph.role[y] == Role::Resident).map(|y| (x, y)))
            .collect();
        let p = bracket
            .residents
            .iter()
            .filter(|&&v| mate[v].is_some_and(|w| w > v && graph.role[w] == Role::Resident))
            .count();
        last = Some(stage);
        (pairs, p)
    } else {
        // [C6] alone decides how many pairs a homogeneous bracket makes.
        (Vec::new(), max_pairs(round, bracket.residents))
    };
    out.paired_mdps = pairs.iter().map(|&(x, _)| x).collect();
    let mut in_remainder = vec![false; n];
    let remainder: Vec<usize> =
        bracket.residents.iter().copied().filter(|&v| !pairs.iter().any(|&(_, y)| y == v)).collect();
    for &v in &remainder {
        in_remainder[v] = true;
    }
    active.retain(|&v| !pairs.iter().any(|&(a, b)| a == v || b == v));
    let (s1, s2) = remainder.split_at(p);
    out.s1 = s1.to_vec();
    out.s2 = s2.to_vec();

    // Stage B: the exchanges of the remainder (art. 4.3).
    let higher = |v: usize, mate: &[Option<usize>]| mate[v].is_some_and(|w| w > v && in_remainder[w]);
    let mut s1_role = vec![false; n];
    if p > 0 {
        let stage = stage_b(&graph, &active, &remainder, p, n)?;
        for &v in &remainder {
            s1_role[v] = higher(v, &stage.mates(n));
        }
        last = Some(stage);
    }
    out.exchanged_out = s1.iter().copied().filter(|&v| !s1_role[v]).collect();
    out.exchanged_in = s2.iter().copied().filter(|&v| s1_role[v]).collect();

    // Stage C: each S1 player, in order, takes the first S2 player it can (art. 4.2).
    let leaders: Vec<usize> = remainder.iter().copied().filter(|&v| s1_role[v]).collect();
    let bipartite = !full || active.iter().all(|&v| in_remainder[v]);
    if leaders.is_empty() {
    } else if bipartite {
        let tight = match last.as_ref().filter(|s| !s.solved.has_blossoms) {
            Some(stage) => TightGraph::from_stage(&stage.active, &stage.solved, &remainder, &s1_role, n),
            None => {
                let stage = graph.solve(&remainder, |h, l| s1_role[h] && !s1_role[l], |_, _, _| {}, |_, _| true)?;
                TightGraph::from_stage(&stage.active, &stage.solved, &remainder, &s1_role, n)
            }
        };
        let chosen = assign_by_tight_edges(tight)?;
        active.retain(|&v| !chosen.iter().any(|&(a, b)| a == v || b == v));
        pairs.extend(chosen);
    } else {
        let role_ok = |h: usize, l: usize| !(in_remainder[h] && in_remainder[l]) || (s1_role[h] && !s1_role[l]);
        for &x in &leaders {
            let candidates: Vec<usize> = remainder.iter().copied().filter(|&y| y > x && active.contains(&y)).collect();
            let stage = graph.solve(
                &active,
                role_ok,
                |h, l, v| {
                    if h == x {
                        if let Some(k) = candidates.iter().position(|&y| y == l) {
                            v.push((Slot::Order(0), (candidates.len() - k) as i64));
                        }
                    }
                },
                |_, _| false,
            )?;
            let y = stage.mates(n)[x].ok_or(PairingError::NoLegalPairing)?;
            pairs.push((x, y));
            active.retain(|&v| v != x && v != y);
        }
    }
    let paired = |v: usize| pairs.iter().any(|&(a, b)| a == v || b == v);
    out.downfloaters = bracket.mdps.iter().chain(bracket.residents).copied().filter(|&v| !paired(v)).collect();
    out.pairs = pairs;
    Ok(Run { outcome: out })
}

/// The largest number of pairs among `players` ([C6] of a homogeneous bracket).
fn max_pairs(round: &Round, players: &[usize]) -> usize {
    let problem = Problem { compat: round.compat, vertices: players.to_vec(), bye: None, allowed: |_, _| true };
    problem.max_matching().iter().filter(|m| m.is_some()).count() / 2
}

fn stage_a(graph: &Graph, bracket: &Bracket, active: &[usize]) -> Result<Stage, PairingError> {
    let n = graph.role.len();
    let mut mdp_pos = vec![usize::MAX; n];
    let mut res_pos = vec![usize::MAX; n];
    for (i, &v) in bracket.mdps.iter().enumerate() {
        mdp_pos[v] = i;
    }
    for (j, &v) in bracket.residents.iter().enumerate() {
        res_pos[v] = j;
    }
    let m = bracket.mdps.len();
    let r_len = bracket.residents.len() as i64;
    graph.solve(
        active,
        |_, _| true,
        |h, l, v| {
            if mdp_pos[h] != usize::MAX && res_pos[l] != usize::MAX {
                let i = mdp_pos[h];
                v.push((Slot::Order(i), 1));
                v.push((Slot::Order(m + i), r_len - res_pos[l] as i64));
            }
        },
        // Stage C reads the tight edges of stage B only.
        |_, _| false,
    )
}

fn stage_b(graph: &Graph, active: &[usize], remainder: &[usize], p: usize, n: usize) -> Result<Stage, PairingError> {
    let mut rpos = vec![usize::MAX; n];
    for (i, &v) in remainder.iter().enumerate() {
        rpos[v] = i;
    }
    let exchange_fields = |h: usize, l: usize, v: &mut Values| -> bool {
        if rpos[h] == usize::MAX || rpos[l] == usize::MAX {
            return false;
        }
        let i = rpos[h];
        v.push((Slot::Order(0), i64::from(i < p)));
        v.push((Slot::Order(1), -(i as i64)));
        true
    };
    // Stage C reads the tight edges within the remainder only.
    let in_remainder = |h: usize, l: usize| rpos[h] != usize::MAX && rpos[l] != usize::MAX;
    let stage = graph.solve(
        active,
        |_, _| true,
        |h, l, v| {
            exchange_fields(h, l, v);
        },
        in_remainder,
    )?;
    let mate = stage.mates(n);
    let exchanged = remainder[..p].iter().any(|&v| !mate[v].is_some_and(|w| w > v && rpos[w] != usize::MAX));
    if !exchanged {
        return Ok(stage);
    }
    graph.solve(
        active,
        |_, _| true,
        |h, l, v| {
            if exchange_fields(h, l, v) {
                let i = rpos[h];
                v.push(if i < p { (Slot::Order(2 + (p - 1 - i)), -1) } else { (Slot::Order(2 + i), 1) });
            }
        },
        in_remainder,
    )
}
