//! Stage C of a bracket without re-solving: S1 players take, in order, the
//! highest S2 player that still belongs to some best candidate.
//!
//! With S1 and S2 fixed the bracket is bipartite, so the optimal dual
//! solution of one weighted matching describes *all* best candidates: they
//! are the matchings on zero-slack ("tight") edges that cover every vertex with
//! a positive dual. Whether a pair `(a, b)` can be forced is then a question of
//! alternating paths in the tight subgraph (by the Mendelsohn-Dulmage theorem
//! the two sides can be repaired one after the other).

use super::layout::{Edge, Solved};
use super::PairingError;

struct Tight<'a> {
    adj: Vec<Vec<usize>>,
    must_cover: &'a [bool],
    is_a: Vec<bool>,
    fixed: Vec<bool>,
    mate: Vec<Option<usize>>,
}

impl Tight<'_> {
    /// Re-matches the S1 vertex `start` through an alternating path ending at
    /// a free S2 vertex. Returns whether it succeeded (the matching is then updated).
    fn cover_a(&mut self, start: usize) -> bool {
        let k = self.adj.len();
        let mut from = vec![usize::MAX; k];
        let mut queue = std::collections::VecDeque::from([start]);
        let mut seen = vec![false; k];
        seen[start] = true;
        while let Some(x) = queue.pop_front() {
            for &y in &self.adj[x] {
                if self.fixed[y] || seen[y] || self.mate[x] == Some(y) {
                    continue;
                }
                seen[y] = true;
                from[y] = x;
                match self.mate[y] {
                    None => {
                        // Flip the path ending at y.
                        let mut b = y;
                        loop {
                            let a = from[b];
                            let next = self.mate[a];
                            self.mate[a] = Some(b);
                            self.mate[b] = Some(a);
                            match next {
                                Some(nb) if a != start => b = nb,
                                _ => break,
                            }
                        }
                        return true;
                    }
                    Some(x2) if !seen[x2] => {
                        seen[x2] = true;
                        queue.push_back(x2);
                    }
                    Some(_) => {}
                }
            }
        }
        false
    }

    /// Covers the S2 vertex `start` through an alternating path ending at a free
    /// S1 vertex or at an S2 vertex that need not be covered.
    fn cover_b(&mut self, start: usize) -> bool {
        let k = self.adj.len();
        let mut from = vec![usize::MAX; k];
        let mut queue = std::collections::VecDeque::from([start]);
        let mut seen = vec![false; k];
        seen[start] = true;
        while let Some(y) = queue.pop_front() {
            for &x in &self.adj[y] {
                if self.fixed[x] || seen[x] || self.mate[y] == Some(x) {
                    continue;
                }
                seen[x] = true;
                from[x] = y;
                let end = match self.mate[x] {
                    None => true,
                    Some(y2) if !self.must_cover[y2] => {
                        self.mate[y2] = None;
                        true
                    }
                    Some(y2) => {
                        if !seen[y2] {
                            seen[y2] = true;
                            queue.push_back(y2);
                        }
                        false
                    }
                };
                if end {
                    let mut a = x;
                    loop {
                        let b = from[a];
                        let next = self.mate[b];
                        self.mate[a] = Some(b);
                        self.mate[b] = Some(a);
                        match next {
                            Some(na) if b != start => a = na,
                            _ => break,
                        }
                    }
                    return true;
                }
            }
        }
        false
    }

    /// Tries to force the pair `(a, b)` into the matching.
    fn force(&mut self, a: usize, b: usize) -> bool {
        if self.mate[a] == Some(b) {
            self.fixed[a] = true;
            self.fixed[b] = true;
            return true;
        }
        let saved = self.mate.clone();
        let q0 = self.mate[a];
        let p1 = self.mate[b];
        for v in [q0, p1].into_iter().flatten() {
            self.mate[v] = None;
        }
        self.mate[a] = Some(b);
        self.mate[b] = Some(a);
        self.fixed[a] = true;
        self.fixed[b] = true;
        let ok = p1.is_none_or(|p| !self.is_a[p] || self.cover_a(p))
            && q0.is_none_or(|q| self.mate[q].is_some() || !self.must_cover[q] || self.cover_b(q));
        if !ok {
            self.mate = saved;
            self.fixed[a] = false;
            self.fixed[b] = false;
        }
        ok
    }
}

/// Pairs every S1 player (`s1_role[v]`) of `vertices` (sorted indices) with
/// the first S2 player below it that keeps the matching optimal, given the
/// optimal `solved` of `edges` (local indices into `vertices`).
pub fn assign_by_tight_edges(
    vertices: &[usize],
    edges: &[Edge],
    solved: &Solved,
    s1_role: &[bool],
) -> Result<Vec<(usize, usize)>, PairingError> {
    let k = vertices.len();
    let mut adj = vec![Vec::new(); k];
    for (e, &tight) in edges.iter().zip(&solved.tight) {
        if tight {
            adj[e.a].push(e.b);
            adj[e.b].push(e.a);
        }
    }
    for list in &mut adj {
        list.sort_unstable();
    }
    let is_a: Vec<bool> = vertices.iter().map(|&v| s1_role[v]).collect();
    let mut t = Tight { adj, must_cover: &solved.must_cover, is_a, fixed: vec![false; k], mate: solved.mate.clone() };
    let mut pairs = Vec::new();
    for a in 0..k {
        if !t.is_a[a] {
            continue;
        }
        let candidates: Vec<usize> = t.adj[a].iter().copied().filter(|&b| b > a && !t.is_a[b]).collect();
        let chosen = candidates.into_iter().find(|&b| !t.fixed[b] && t.force(a, b));
        let b = chosen.ok_or(PairingError::NoLegalPairing)?;
        pairs.push((vertices[a], vertices[b]));
    }
    Ok(pairs)
}
