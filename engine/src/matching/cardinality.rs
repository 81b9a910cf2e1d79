//! Maximum-cardinality matching in a general graph (Edmonds' blossom
//! algorithm with breadth-first search), used to decide whether a pairing can
//! still be completed.

/// "No partner" in a `mate` array.
pub(crate) const NONE: usize = usize::MAX;

/// A graph the cardinality matching can search: its vertices `0..order()`
/// and their neighbours.
pub trait Adjacency {
    /// The number of vertices.
    fn order(&self) -> usize;
    /// Replaces `out` with the neighbours of `v`.
    fn neighbours(&self, v: usize, out: &mut Vec<usize>);
    /// Extends `mate` greedily: each free vertex, in order, takes its first
    /// free neighbour.
    fn greedy(&self, mate: &mut [usize]) {
        let mut around = Vec::new();
        for v in 0..self.order() {
            if mate[v] == NONE {
                self.neighbours(v, &mut around);
                if let Some(&u) = around.iter().find(|&&u| mate[u] == NONE && u != v) {
                    mate[v] = u;
                    mate[u] = v;
                }
            }
        }
    }
}

impl Adjacency for [Vec<usize>] {
    fn order(&self) -> usize {
        self.len()
    }
    fn neighbours(&self, v: usize, out: &mut Vec<usize>) {
        out.clone_from(&self[v]);
    }
}

/// An undirected graph as a bit matrix: cheap to build and to search when
/// dense, as the compatibility graphs of a round are.
#[derive(Debug, Clone)]
pub struct BitGraph {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl BitGraph {
    /// A graph on `n` vertices without edges.
    #[must_use]
    pub fn new(n: usize) -> BitGraph {
        let words = n.div_ceil(64);
        BitGraph { n, words, bits: vec![0; n * words] }
    }

    /// Adds the edge `{a, b}` (`a != b`).
    pub fn add_edge(&mut self, a: usize, b: usize) {
        self.bits[a * self.words + b / 64] |= 1 << (b % 64);
        self.bits[b * self.words + a / 64] |= 1 << (a % 64);
    }

    /// Whether `{a, b}` is an edge.
    #[must_use]
    pub fn has_edge(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    fn row(&self, v: usize) -> &[u64] {
        &self.bits[v * self.words..(v + 1) * self.words]
    }

    /// The neighbours of `v`, in increasing order.
    pub fn neighbours_of(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.row(v).iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    64 * w + bit
                })
            })
        })
    }
}

impl Adjacency for BitGraph {
    fn order(&self) -> usize {
        self.n
    }
    fn neighbours(&self, v: usize, out: &mut Vec<usize>) {
        out.clear();
        for (w, &word) in self.row(v).iter().enumerate() {
            let mut word = word;
            while word != 0 {
                out.push(64 * w + word.trailing_zeros() as usize);
                word &= word - 1;
            }
        }
    }
    /// Word-parallel: the first free neighbour is the first bit of the row
    /// masked by the free vertices.
    fn greedy(&self, mate: &mut [usize]) {
        let mut free = vec![0u64; self.words];
        for (v, m) in mate.iter().enumerate() {
            if *m == NONE {
                free[v / 64] |= 1 << (v % 64);
            }
        }
        for v in 0..self.n {
            if mate[v] != NONE {
                continue;
            }
            free[v / 64] &= !(1 << (v % 64));
            let found = self.row(v).iter().zip(&free).enumerate().find_map(|(w, (r, f))| {
                let both = r & f;
                (both != 0).then(|| 64 * w + both.trailing_zeros() as usize)
            });
            if let Some(u) = found {
                free[u / 64] &= !(1 << (u % 64));
                mate[v] = u;
                mate[u] = v;
            }
        }
    }
}

/// A maximum-cardinality matching of the graph, grown from `start` (a valid
/// matching, e.g. a greedy one, or empty) after a greedy completion.
/// `mate[v]` is `v`'s partner. O(V·E) in the worst case; a good start makes
/// it close to linear.
#[must_use]
pub fn max_cardinality_matching<G: Adjacency + ?Sized>(graph: &G, start: Vec<Option<usize>>) -> Vec<Option<usize>> {
    let n = graph.order();
    let mut mate: Vec<usize> = start.into_iter().map(|m| m.unwrap_or(NONE)).collect();
    mate.resize(n, NONE);
    graph.greedy(&mut mate);
    let mut search = Search::new(n);
    for v in 0..n {
        if mate[v] == NONE {
            search.augment_from(v, graph, &mut mate);
        }
    }
    mate.into_iter().map(|m| if m == NONE { None } else { Some(m) }).collect()
}

/// Whether every vertex of the graph can be matched.
#[must_use]
pub fn has_perfect_matching<G: Adjacency + ?Sized>(graph: &G) -> bool {
    graph.order().is_multiple_of(2) && max_cardinality_matching(graph, Vec::new()).iter().all(Option::is_some)
}

/// Scratch space for augmenting-path searches on graphs of `n` vertices,
/// reusable from one search to the next.
pub(crate) struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: std::collections::VecDeque<usize>,
    around: Vec<usize>,
}

impl Search {
    /// Scratch space for graphs of `n` vertices.
    pub(crate) fn new(n: usize) -> Search {
        Search {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: std::collections::VecDeque::new(),
            around: Vec::new(),
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

    /// Looks for an augmenting path from the free vertex `root` (one search
    /// of Edmonds' algorithm, shrinking blossoms) and applies it to `mate`
    /// (`mate[v]` is `v`'s partner or [`NONE`]); whether one was found.
    pub(crate) fn augment_from<G: Adjacency + ?Sized>(&mut self, root: usize, graph: &G, mate: &mut [usize]) -> bool {
        let n = graph.order();
        let mut around = std::mem::take(&mut self.around);
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        let mut augmented = false;
        'search: while let Some(v) = self.queue.pop_front() {
            graph.neighbours(v, &mut around);
            for &to in &around {
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
                        augmented = true;
                        break 'search;
                    }
                    let m = mate[to];
                    self.used[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        self.around = around;
        augmented
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::max_weight_matching;
    use rand::Rng as _;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn agrees_with_the_weighted_matching_on_unit_weights() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..2000 {
            let n = rng.gen_range(1..=12);
            let p = rng.gen_range(0..100);
            let mut adj = vec![Vec::new(); n];
            let mut w = vec![vec![0u64; n]; n];
            for i in 0..n {
                for j in i + 1..n {
                    if rng.gen_range(0..100) < p {
                        adj[i].push(j);
                        adj[j].push(i);
                        w[i][j] = 1;
                        w[j][i] = 1;
                    }
                }
            }
            let m = max_cardinality_matching(adj.as_slice(), Vec::new());
            let size = m.iter().filter(|x| x.is_some()).count();
            let mut bits = BitGraph::new(n);
            for (v, list) in adj.iter().enumerate() {
                list.iter().for_each(|&u| bits.add_edge(v, u));
            }
            let by_bits = max_cardinality_matching(&bits, Vec::new());
            assert_eq!(by_bits.iter().filter(|x| x.is_some()).count(), size);
            assert!(by_bits
                .iter()
                .enumerate()
                .all(|(v, x)| x.is_none_or(|u| bits.has_edge(v, u) && by_bits[u] == Some(v))));
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
