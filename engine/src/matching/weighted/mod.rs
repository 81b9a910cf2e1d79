//! Maximum-weight matching in a general graph: Edmonds' primal-dual blossom
//! algorithm in the O(n³) form of Galil ("Efficient algorithms for finding
//! maximum matching in graphs", ACM Computing Surveys, 1986), with dense
//! weights. The matching is not required to be maximum in cardinality: callers
//! put the number of pairs in the highest bits of the weights when it matters.

use super::weight::Weight;

const NONE: usize = usize::MAX;

/// An optimal matching and the vertex duals that prove it.
#[derive(Debug, Clone)]
pub struct Solution<W> {
    /// `mate[v]` is the vertex matched to `v`, if any.
    pub mate: Vec<Option<usize>>,
    /// Vertex duals `u`, scaled so that an edge `{i, j}` of weight `w` has
    /// slack `u[i] + u[j] - 2w >= 0` (0 on every matched edge, and 0 for every
    /// unmatched vertex's dual). Only meaningful when no blossom remains, as in
    /// bipartite graphs.
    pub dual: Vec<W>,
    /// Whether blossoms with a positive dual remain (then `dual` alone does not
    /// characterise the optimal matchings).
    pub has_blossoms: bool,
    /// The blossom containing each vertex or blossom (indices `n..2n` are
    /// blossoms), `None` at the top.
    pub parent: Vec<Option<usize>>,
    /// Blossom duals by index (`n..2n`; zero for vertices and unused indices),
    /// scaled so that an edge's slack is `u[i] + u[j] - 2w` plus twice the
    /// duals of the blossoms containing both ends.
    pub blossom_dual: Vec<W>,
}

impl<W: Weight> Solution<W> {
    /// Prepares the reduced-cost (slack) test of edges against these duals.
    #[must_use]
    pub fn slacks(&self) -> Slacks<'_, W> {
        Slacks {
            solution: self,
            nesting: self.has_blossoms.then(|| Nesting::new(&self.parent, &self.blossom_dual, self.dual.len())),
        }
    }
}

/// The blossom forest of a solution, answering "the sum of the duals of the
/// blossoms containing both `i` and `j`" in constant time: that sum is the
/// prefix sum of duals down to their lowest common blossom, found by a range
/// minimum over an Euler tour of the forest (sparse table).
struct Nesting<W> {
    /// Sum of the blossom duals from the outermost blossom down to each node.
    acc: Vec<W>,
    /// The outermost blossom (or the vertex itself) of each node.
    root: Vec<usize>,
    /// First position of each node in the Euler tour.
    first: Vec<usize>,
    /// `table[k][p]`: the shallowest node of the tour in `p..p + 2^k`.
    table: Vec<Vec<u32>>,
    depth: Vec<u32>,
}

impl<W: Weight> Nesting<W> {
    fn new(parent: &[Option<usize>], blossom_dual: &[W], n: usize) -> Nesting<W> {
        let size = parent.len();
        let mut children = vec![Vec::new(); size];
        let mut roots = Vec::new();
        let mut seen = vec![false; size];
        for v in 0..n {
            let mut b = v;
            while !seen[b] {
                seen[b] = true;
                match parent[b] {
                    Some(p) => {
                        children[p].push(b);
                        b = p;
                    }
                    None => {
                        roots.push(b);
                        break;
                    }
                }
            }
        }
        let mut acc = vec![W::ZERO; size];
        let mut root = vec![usize::MAX; size];
        let mut first = vec![usize::MAX; size];
        let mut depth = vec![0u32; size];
        let mut tour: Vec<u32> = Vec::new();
        for &r in &roots {
            acc[r] = blossom_dual[r];
            root[r] = r;
            let mut stack = vec![(r, 0usize)];
            while let Some(&mut (b, ref mut next)) = stack.last_mut() {
                if *next == 0 {
                    first[b] = tour.len();
                }
                tour.push(b as u32);
                if let Some(&c) = children[b].get(*next) {
                    *next += 1;
                    acc[c] = acc[b] + blossom_dual[c];
                    root[c] = r;
                    depth[c] = depth[b] + 1;
                    stack.push((c, 0));
                } else {
                    stack.pop();
                }
            }
        }
        let mut table = vec![tour];
        let mut span = 1;
        while 2 * span <= table[0].len() {
            let prev = &table[table.len() - 1];
            let row: Vec<u32> = (0..prev.len() - span)
                .map(|p| {
                    let (a, b) = (prev[p], prev[p + span]);
                    if depth[a as usize] <= depth[b as usize] {
                        a
                    } else {
                        b
                    }
                })
                .collect();
            table.push(row);
            span *= 2;
        }
        Nesting { acc, root, first, table, depth }
    }

    /// The sum of the duals of the blossoms containing both vertices `i != j`.
    fn common(&self, i: usize, j: usize) -> W {
        if self.root[i] != self.root[j] {
            return W::ZERO;
        }
        let (l, r) = (self.first[i].min(self.first[j]), self.first[i].max(self.first[j]));
        let k = (usize::BITS - 1 - (r - l + 1).leading_zeros()) as usize;
        let (a, b) = (self.table[k][l], self.table[k][r + 1 - (1 << k)]);
        let top = if self.depth[a as usize] <= self.depth[b as usize] { a } else { b };
        self.acc[top as usize]
    }
}

/// Reduced costs of edges against an optimal dual solution.
pub struct Slacks<'a, W> {
    solution: &'a Solution<W>,
    /// The blossom forest, when blossoms remain.
    nesting: Option<Nesting<W>>,
}

impl<W: Weight> Slacks<'_, W> {
    /// The reduced cost of an edge `{i, j}` of weight `w`: zero for edges an
    /// optimal matching may use, never negative for the graph's edges;
    /// `Err(deficit)` when the duals do not cover the edge.
    pub fn slack(&self, i: usize, j: usize, w: W) -> Result<W, W> {
        let s = self.solution;
        let common = self.nesting.as_ref().map_or(W::ZERO, |nest| nest.common(i, j));
        let reach = s.dual[i] + s.dual[j] + common.double();
        let twice = w.double();
        if reach >= twice {
            Ok(reach - twice)
        } else {
            Err(twice - reach)
        }
    }
}

/// Finds a maximum-weight matching of the graph on `n` vertices whose edge
/// `{i, j}` has weight `weight(i, j)`; a weight of zero means no edge.
/// `weight` must be symmetric. Runs in O(n³).
#[must_use]
pub fn max_weight_matching<W: Weight>(n: usize, weight: impl Fn(usize, usize) -> W) -> Solution<W> {
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let w = weight(i, j);
            if w > W::ZERO {
                edges.push((i, j, w));
            }
        }
    }
    max_weight_matching_of_edges(n, &edges)
}

/// As [`max_weight_matching`], for a graph given by its edges `(i, j, weight)`
/// (weights positive, no edge twice). Runs in O(n·m) per augmentation at most.
#[must_use]
pub fn max_weight_matching_of_edges<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> Solution<W> {
    let wt = edges.iter().map(|e| e.2).collect();
    Matcher::new(n, edges.iter().map(|e| (e.0, e.1)).collect(), wt).solve()
}

struct Matcher<W> {
    n: usize,
    edges: Vec<(usize, usize)>,
    /// Twice each edge's weight (the slack subtracts it as is).
    wt2: Vec<W>,
    /// `endpoint[p]`: vertex at endpoint `p`; edge `k` has endpoints `2k` and `2k+1`.
    endpoint: Vec<usize>,
    /// Endpoints `p` with `endpoint[p]` being a neighbour of `v`.
    neighbend: Vec<Vec<usize>>,
    /// `mate[v]`: the remote endpoint of the matched edge of `v`, or NONE.
    mate: Vec<usize>,
    /// Label of each top-level blossom / vertex: 0 none, 1 S, 2 T (bit 4 is a scan mark).
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    fn new(n: usize, edges: Vec<(usize, usize)>, wt: Vec<W>) -> Self {
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let maxweight = wt.iter().copied().max().unwrap_or(W::ZERO);
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(W::ZERO, n));
        let m = edges.len();
        let wt2 = wt.iter().map(|w| w.double()).collect();
        Matcher {
            n,
            edges,
            wt2,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![false; m],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> W {
        let (i, j) = self.edges[k];
        (self.dualvar[i] + self.dualvar[j]) - self.wt2[k]
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else {
            let base = self.blossombase[b];
            let m = self.mate[base];
            self.assign_label(self.endpoint[m], 1, m ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().unwrap_or(NONE);
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::ZERO;
        for leaf in self.leaves_of(b) {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &sub in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[sub].take() {
                Some(list) => vec![list],
                None => {
                    self.leaves_of(sub).iter().map(|&x| self.neighbend[x].iter().map(|p| p / 2).collect()).collect()
                }
            };
            for list in lists {
                for k2 in list {
                    let (mut i, mut j) = self.edges[k2];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k2) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k2;
                    }
                }
            }
            self.bestedge[sub] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k2| k2 != NONE).collect();
        self.bestedge[b] = NONE;
        for &k2 in &best {
            if self.bestedge[b] == NONE || self.slack(k2) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k2;
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let at = |j: isize| ((j % len + len) % len) as usize;
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = endps[at(j - endptrick as isize)];
                self.label[self.endpoint[q ^ endptrick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowedge[q / 2] = true;
                j += jstep;
                p = endps[at(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let ep = self.endpoint[p ^ 1];
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.labelend[ep] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let leaves = self.leaves_of(bv);
                if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[m]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let len = childs.len() as isize;
        let at = |j: isize| ((j % len + len) % len) as usize;
        let i = childs.iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t1 = childs[at(j)];
            let p = endps[at(j - endptrick as isize)] ^ endptrick;
            if t1 >= self.n {
                self.augment_blossom(t1, self.endpoint[p]);
            }
            j += jstep;
            let t2 = childs[at(j)];
            if t2 >= self.n {
                self.augment_blossom(t2, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        let mut rotated = childs[i..].to_vec();
        rotated.extend_from_slice(&childs[..i]);
        let mut rotated_endps = endps[i..].to_vec();
        rotated_endps.extend_from_slice(&endps[..i]);
        self.blossombase[b] = self.blossombase[rotated[0]];
        self.blossomchilds[b] = rotated;
        self.blossomendps[b] = rotated_endps;
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(mut self) -> Solution<W> {
        let n = self.n;
        for _stage in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    if augmented {
                        break;
                    }
                    // The blossom of `v` changes only when a blossom is added.
                    let mut bv = self.inblossom[v];
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if bv == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::ZERO;
                        if !self.allowedge[k] {
                            // The slack of edge `k`, whose ends are `v` and `w`.
                            kslack = (self.dualvar[v] + self.dualvar[w]) - self.wt2[k];
                            if kslack == W::ZERO {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                    bv = self.inblossom[v];
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = bv;
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // Dual adjustment.
                let mut deltatype = 1u8;
                let mut delta = self.dualvar[..n].iter().copied().min().unwrap_or(W::ZERO);
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                        let s = self.slack(self.bestedge[b]);
                        debug_assert!(!s.is_odd(), "odd slack between S-blossoms");
                        let d = s.half();
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v] - delta,
                        2 => self.dualvar[v] = self.dualvar[v] + delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b] + delta,
                            2 => self.dualvar[b] = self.dualvar[b] - delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 | 3 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        let has_blossoms = (n..2 * n).any(|b| self.blossombase[b] != NONE && self.dualvar[b] > W::ZERO);
        let parent = (0..2 * n)
            .map(|b| {
                let live = b < n || self.blossombase[b] != NONE;
                (live && self.blossomparent[b] != NONE).then_some(self.blossomparent[b])
            })
            .collect();
        let blossom_dual =
            (0..2 * n).map(|b| if b >= n && self.blossombase[b] != NONE { self.dualvar[b] } else { W::ZERO }).collect();
        Solution {
            mate: self.mate.iter().map(|&p| if p == NONE { None } else { Some(self.endpoint[p]) }).collect(),
            dual: self.dualvar[..n].to_vec(),
            has_blossoms,
            parent,
            blossom_dual,
        }
    }
}

#[cfg(test)]
mod tests;
