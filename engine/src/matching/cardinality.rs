//! Maximum-cardinality matching in a general graph (Edmonds' blossom
//! algorithm with breadth-first search), used to decide whether a pairing can
//! still be completed.

const NONE: usize = usize::MAX;

/// A maximum-cardinality matching of the graph given by adjacency lists,
/// grown from `start` (a valid matching, e.g. a greedy one, or empty).
/// `mate[v]` is `v`'s partner. O(V·E) in the worst case; a good start makes
/// it close to linear.
#[must_use]
pub fn max_cardinality_matching(adj: &[Vec<usize>], start: Vec<Option<usize>>) -> Vec<Option<usize>> {
    let n = adj.len();
    let mut mate: Vec<usize> = start.into_iter().map(|m| m.unwrap_or(NONE)).collect();
    mate.resize(n, NONE);
    // Greedy completion of the start.
    for v in 0..n {
        if mate[v] == NONE {
            if let Some(&u) = adj[v].iter().find(|&&u| mate[u] == NONE && u != v) {
                mate[v] = u;
                mate[u] = v;
            }
        }
    }
    let mut search = Search::new(n);
    for v in 0..n {
        if mate[v] == NONE {
            search.augment_from(v, adj, &mut mate);
        }
    }
    mate.into_iter().map(|m| if m == NONE { None } else { Some(m) }).collect()
}

/// Whether every vertex of the graph can be matched.
#[must_use]
pub fn has_perfect_matching(adj: &[Vec<usize>]) -> bool {
    adj.len() % 2 == 0 && max_cardinality_matching(adj, Vec::new()).iter().all(Option::is_some)
}

struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: std::collections::VecDeque<usize>,
}

impl Search {
    fn new(n: usize) -> Search {
        Search {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: std::collections::VecDeque::new(),
        }
    }

    fn lca(&self, mut a: usize, mut b: usize, mate: &[usize]) -> usize {
        let mut seen = vec![false; mate.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize, mate: &[usize]) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// Looks for an augmenting path from the free vertex `root` and applies it.
    fn augment_from(&mut self, root: usize, adj: &[Vec<usize>], mate: &mut [usize]) -> bool {
        let n = adj.len();
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for &to in &adj[v] {
                if self.base[v] == self.base[to] || mate[v] == to {
                    continue;
                }
                if to == root || (mate[to] != NONE && self.parent[mate[to]] != NONE) {
                    let current = self.lca(v, to, mate);
                    self.blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, current, to, mate);
                    self.mark_path(to, current, v, mate);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = current;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if mate[to] == NONE {
                        // Augment along the path ending at `to`.
                        let mut u = to;
                        while u != NONE {
                            let pv = self.parent[u];
                            let next = mate[pv];
                            mate[u] = pv;
                            mate[pv] = u;
                            u = next;
                        }
                        return true;
                    }
                    let m = mate[to];
                    self.used[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::max_weight_matching;

    #[test]
    fn agrees_with_the_weighted_matching_on_unit_weights() {
        let mut seed = 3u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed >> 33
        };
        for _ in 0..2000 {
            let n = 1 + (next() % 12) as usize;
            let p = next() % 100;
            let mut adj = vec![Vec::new(); n];
            let mut w = vec![vec![0u64; n]; n];
            for i in 0..n {
                for j in i + 1..n {
                    if next() % 100 < p {
                        adj[i].push(j);
                        adj[j].push(i);
                        w[i][j] = 1;
                        w[j][i] = 1;
                    }
                }
            }
            let m = max_cardinality_matching(&adj, Vec::new());
            let size = m.iter().filter(|x| x.is_some()).count();
            for (v, x) in m.iter().enumerate() {
                if let Some(u) = x {
                    assert_eq!(m[*u], Some(v));
                    assert!(adj[v].contains(u));
                }
            }
            let best = max_weight_matching(n, |i, j| w[i][j]).mate.iter().filter(|x| x.is_some()).count();
            assert_eq!(size, best);
        }
    }
}
