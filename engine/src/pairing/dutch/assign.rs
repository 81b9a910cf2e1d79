//! Stage C of a bracket without re-solving: S1 players take, in order, the
//! highest S2 player that still belongs to some best candidate.
//!
//! With S1 and S2 fixed the bracket is bipartite, so the optimal dual
//! solution of one weighted matching describes *all* best candidates: they
//! are the matchings on zero-slack ("tight") edges that cover every vertex with
//! a positive dual. Whether a pair `(a, b)` can be forced is then a question of
//! alternating paths in the tight subgraph (by the Mendelsohn-Dulmage theorem
//! the two sides can be repaired one after the other).

use super::layout::Solved;
use super::PairingError;
use crate::matching::BitGraph;

struct Tight<'a> {
    adj: BitGraph,
    must_cover: &'a [bool],
    is_a: Vec<bool>,
    fixed: Vec<bool>,
    mate: Vec<Option<usize>>,
}

impl Tight<'_> {
    /// Re-matches the S1 vertex `start` through an alternating path ending at
    /// a free S2 vertex. Returns whether it succeeded (the matching is then updated).
    fn cover_a(&mut self, start: usize) -> bool {
        let k = self.fixed.len();
        let mut from = vec![usize::MAX; k];
        let mut queue = std::collections::VecDeque::from([start]);
        let mut seen = vec![false; k];
        seen[start] = true;
        while let Some(x) = queue.pop_front() {
            for y in self.adj.neighbours_of(x) {
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
        let k = self.fixed.len();
        let mut from = vec![usize::MAX; k];
        let mut queue = std::collections::VecDeque::from([start]);
        let mut seen = vec![false; k];
        seen[start] = true;
        while let Some(y) = queue.pop_front() {
            for x in self.adj.neighbours_of(y) {
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

/// The tight subgraph of a solved stage restricted to a remainder's S1-S2
/// edges (a bit matrix over the remainder), with the stage's matching and
/// which vertices every best matching covers.
pub struct TightGraph {
    vertices: Vec<usize>,
    adj: BitGraph,
    is_a: Vec<bool>,
    mate: Vec<Option<usize>>,
    must_cover: Vec<bool>,
}

impl TightGraph {
    /// Builds the tight subgraph over `remainder` (sorted indices) from a
    /// solution over `active`: tight edges from an S1 player (`s1_role`) to
    /// a non-S1 player below it.
    pub fn from_stage(
        active: &[usize],
        solved: &Solved,
        remainder: &[usize],
        s1_role: &[bool],
        n: usize,
    ) -> TightGraph {
        let mut local = vec![usize::MAX; n];
        for (i, &v) in remainder.iter().enumerate() {
            local[v] = i;
        }
        let k = remainder.len();
        let mut adj = BitGraph::new(k);
        for (a, &h) in active.iter().enumerate() {
            if local[h] == usize::MAX || !s1_role[h] {
                continue;
            }
            for b in solved.tight.row(a) {
                let l = active[b];
                if local[l] != usize::MAX && !s1_role[l] {
                    adj.add_edge(local[h], local[l]);
                }
            }
        }
        let mut mate = vec![None; k];
        let mut must_cover = vec![false; k];
        for (i, &v) in active.iter().enumerate() {
            if local[v] == usize::MAX {
                continue;
            }
            mate[local[v]] = solved.mate[i].map(|j| local[active[j]]).filter(|&j| j != usize::MAX);
            must_cover[local[v]] = s1_role[v] || solved.must_cover[i];
        }
        let is_a = remainder.iter().map(|&v| s1_role[v]).collect();
        TightGraph { vertices: remainder.to_vec(), adj, is_a, mate, must_cover }
    }
}

/// Pairs every S1 player with the first S2 player below it that keeps the
/// matching optimal, in S1 order (sorted indices in the result).
pub fn assign_by_tight_edges(graph: TightGraph) -> Result<Vec<(usize, usize)>, PairingError> {
    let k = graph.vertices.len();
    let mut t = Tight {
        adj: graph.adj,
        must_cover: &graph.must_cover,
        is_a: graph.is_a,
        fixed: vec![false; k],
        mate: graph.mate,
    };
    let mut pairs = Vec::new();
    for a in 0..k {
        if !t.is_a[a] {
            continue;
        }
        let candidates: Vec<usize> = t.adj.neighbours_of(a).filter(|&b| b > a && !t.is_a[b]).collect();
        let chosen = candidates.into_iter().find(|&b| !t.fixed[b] && t.force(a, b));
        let b = chosen.ok_or(PairingError::NoLegalPairing)?;
        pairs.push((graph.vertices[a], graph.vertices[b]));
    }
    Ok(pairs)
}
