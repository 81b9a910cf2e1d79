//! Packing criteria slots into integer edge weights, and solving the weighted
//! matching at the narrowest integer width that holds them.
//!
//! Large graphs are solved on a sparse subset of their edges first; the
//! optimal duals of that solution are then checked against every edge
//! (LP duality: if no edge has negative reduced cost the sparse optimum is an
//! optimum of the whole graph) and the violating edges are added until none is
//! left. Edge values are computed on the fly, so memory stays linear in the
//! number of edges kept.

use super::criteria::{Slot, Values};
use super::PairingError;
use crate::matching::{max_weight_matching_of_edges, Weight, Wide};

/// Fills the values of the edge between local vertices `i < j`, returning
/// whether the edge exists.
pub trait EdgeSource: Fn(usize, usize, &mut Values) -> bool {}
impl<F: Fn(usize, usize, &mut Values) -> bool> EdgeSource for F {}

/// An optimal matching of a problem, with what the duals say about it.
#[derive(Debug, Clone)]
pub struct Solved {
    /// `mate[v]`: the vertex matched to `v`.
    pub mate: Vec<Option<usize>>,
    /// Edges `(i, j)`, `i < j`, whose reduced cost is zero: exactly the edges
    /// that may belong to an optimal matching, among those the caller asked
    /// for (`keep_tight` of [`solve`]), one bit per pair (a round's first
    /// bracket has tens of millions of them at 10,000 players). Empty (no
    /// vertex) when blossoms remain.
    pub tight: PairSet,
    /// For each vertex, whether its dual is positive (every optimal matching
    /// then covers it).
    pub must_cover: Vec<bool>,
    /// Whether blossoms with a positive dual remain (then `tight` and
    /// `must_cover` do not describe all optimal matchings).
    pub has_blossoms: bool,
}

/// Bit offsets of the slots, lowest priority at offset 0.
struct Layout {
    /// Offset by slot key (`u32::MAX`: slot never used).
    offsets: Vec<u32>,
    bits: u32,
}

#[derive(Clone)]
struct SlotStats {
    max: u64,
    /// One bit per vertex: a bracket's tie-break slots number up to one per
    /// player, and a byte per vertex and slot came to 100 MiB at 10,000.
    touched: Vec<u64>,
    count: usize,
    star: Option<(usize, usize)>,
    is_star: bool,
}

impl Layout {
    /// Lays out every slot the edges use, each wide enough for its largest
    /// possible total over a matching of `k` vertices.
    fn new(k: usize, source: &impl EdgeSource) -> Layout {
        let mut index = vec![u32::MAX; Slot::KEYS as usize];
        let mut stats: Vec<(u32, SlotStats)> = Vec::new();
        let mut values = Values::new();
        for i in 0..k {
            for j in i + 1..k {
                values.clear();
                if !source(i, j, &mut values) {
                    continue;
                }
                for &(slot, value) in &values {
                    if value == 0 {
                        continue;
                    }
                    let key = slot.key() as usize;
                    if index[key] == u32::MAX {
                        index[key] = stats.len() as u32;
                        let fresh = SlotStats {
                            max: 0,
                            touched: vec![0; k.div_ceil(64)],
                            count: 0,
                            star: Some((i, j)),
                            is_star: true,
                        };
                        stats.push((key as u32, fresh));
                    }
                    let s = &mut stats[index[key] as usize].1;
                    s.max = s.max.max(value.unsigned_abs());
                    for v in [i, j] {
                        let (word, bit) = (v / 64, 1u64 << (v % 64));
                        if s.touched[word] & bit == 0 {
                            s.touched[word] |= bit;
                            s.count += 1;
                        }
                    }
                    if let Some((a, b)) = s.star {
                        s.star = match (a == i || a == j, b == i || b == j) {
                            (true, true) => Some((a, b)),
                            (true, false) => Some((a, a)),
                            (false, true) => Some((b, b)),
                            (false, false) => None,
                        };
                        s.is_star = s.star.is_some();
                    }
                }
            }
        }
        stats.sort_by_key(|(key, _)| std::cmp::Reverse(*key));
        let pairs = (k / 2) as u64;
        let mut offsets = vec![u32::MAX; Slot::KEYS as usize];
        let mut offset = 0u32;
        for (key, s) in stats {
            let count = if s.is_star { 1 } else { (s.count as u64).min(pairs) };
            let bound = count.saturating_mul(s.max);
            offsets[key as usize] = offset;
            offset += 64 - bound.leading_zeros();
        }
        Layout { offsets, bits: offset }
    }

    fn pack<W: Weight>(&self, values: &Values) -> W {
        self.pack_if::<W>(values, |_| true)
    }

    /// Packs only the slots `keep` accepts.
    fn pack_if<W: Weight>(&self, values: &Values, keep: impl Fn(Slot) -> bool) -> W {
        let mut plus = W::ZERO;
        let mut minus = W::ZERO;
        for &(slot, value) in values {
            if !keep(slot) {
                continue;
            }
            let offset = self.offsets[slot.key() as usize];
            if offset == u32::MAX {
                continue;
            }
            if value > 0 {
                plus = plus + W::from_field(value.unsigned_abs(), offset);
            } else if value < 0 {
                minus = minus + W::from_field(value.unsigned_abs(), offset);
            }
        }
        plus - minus
    }
}

/// Finds a maximum-weight matching of `k` vertices under the lexicographic
/// criteria that `source` gives each edge (an edge with no positive total is
/// absent), choosing the integer width from the criteria's layout. Only the
/// tight edges `(i, j)` for which `keep_tight(i, j)` holds are listed in
/// [`Solved::tight`]: with the players below a bracket in the graph, nearly
/// all of their edges are tight, and listing them would take memory
/// quadratic in the round's size for edges nobody reads.
pub fn solve(
    k: usize,
    source: impl EdgeSource,
    keep_tight: impl Fn(usize, usize) -> bool,
) -> Result<Solved, PairingError> {
    let layout = Layout::new(k, &source);
    let needed = layout.bits + 3;
    let keep = &keep_tight;
    match needed {
        0..=64 => Ok(run::<u64>(k, &source, &layout, keep)),
        65..=128 => Ok(run::<u128>(k, &source, &layout, keep)),
        129..=256 => Ok(run::<Wide<4>>(k, &source, &layout, keep)),
        257..=512 => Ok(run::<Wide<8>>(k, &source, &layout, keep)),
        513..=1024 => Ok(run::<Wide<16>>(k, &source, &layout, keep)),
        1025..=2048 => Ok(run::<Wide<32>>(k, &source, &layout, keep)),
        2049..=4096 => Ok(run::<Wide<64>>(k, &source, &layout, keep)),
        _ => Err(PairingError::TooLarge { bits: needed }),
    }
}

/// Graphs with at most this many vertices are solved on all their edges at once.
const DENSE: usize = 160;
/// Edges kept per vertex in the first sparse round: the heaviest ones (the
/// generation-order tie-breaks aside), preferring those near the vertex's
/// natural S1/S2 partner, and all edges within a band around that partner.
const HEAVIEST: usize = 12;
const BAND: usize = 4;
/// Violated edges added per vertex in each repair round; after
/// `REPAIR_ROUNDS` rounds every violated edge is added at once.
const REPAIR: usize = 8;
const REPAIR_ROUNDS: usize = 3;

fn run<W: Weight>(
    k: usize,
    source: &impl EdgeSource,
    layout: &Layout,
    keep_tight: &impl Fn(usize, usize) -> bool,
) -> Solved {
    let weight = |i: usize, j: usize, values: &mut Values| -> Option<W> {
        values.clear();
        if !source(i, j, values) {
            return None;
        }
        let w = layout.pack::<W>(values);
        (w > W::ZERO).then_some(w)
    };
    let mut values = Values::new();
    let mut edges: Vec<(usize, usize, W)> = if k <= DENSE {
        let mut all = Vec::new();
        for i in 0..k {
            for j in i + 1..k {
                if let Some(w) = weight(i, j, &mut values) {
                    all.push((i, j, w));
                }
            }
        }
        all
    } else {
        initial_sparse(k, source, layout)
    };
    let mut kept = PairSet::new(k);
    for &(i, j, _) in &edges {
        kept.insert(i, j);
    }
    let mut worst: Vec<Vec<(W, usize)>> = vec![Vec::new(); k];
    let mut round = 0;
    loop {
        round += 1;
        let sol = max_weight_matching_of_edges(k, &edges);
        // Dual feasibility on every edge left out.
        let mut tight = PairSet::new(k);
        let mut violations = 0usize;
        let slacks = sol.slacks();
        worst.iter_mut().for_each(Vec::clear);
        for i in 0..k {
            for j in i + 1..k {
                let Some(w) = weight(i, j, &mut values) else { continue };
                match slacks.slack(i, j, w) {
                    Err(gap) if !kept.contains(i, j) => {
                        violations += 1;
                        worst[i].push((gap, j));
                        worst[j].push((gap, i));
                    }
                    Ok(slack) if slack == W::ZERO && keep_tight(i, j) => {
                        tight.insert(i, j);
                    }
                    _ => {}
                }
            }
        }
        if violations == 0 {
            return Solved {
                mate: sol.mate,
                tight: if sol.has_blossoms { PairSet::new(0) } else { tight },
                must_cover: sol.dual.iter().map(|d| *d > W::ZERO).collect(),
                has_blossoms: sol.has_blossoms,
            };
        }
        for (v, list) in worst.iter_mut().enumerate() {
            if list.len() > REPAIR && round <= REPAIR_ROUNDS {
                list.select_nth_unstable_by(REPAIR, |a, b| b.0.cmp(&a.0));
                list.truncate(REPAIR);
            }
            for &(_, u) in list.iter() {
                let (i, j) = (v.min(u), v.max(u));
                if kept.insert(i, j) {
                    if let Some(w) = weight(i, j, &mut values) {
                        edges.push((i, j, w));
                    }
                }
            }
        }
    }
}

/// A set of vertex pairs `(i, j)`, `i < j`, of a `k`-vertex graph: one bit
/// per pair of the upper triangle (6 MiB at 10,000 vertices).
#[derive(Debug, Clone)]
pub struct PairSet {
    k: usize,
    words: Vec<u64>,
}

impl PairSet {
    /// The empty set of pairs of a `k`-vertex graph.
    #[must_use]
    pub fn new(k: usize) -> PairSet {
        PairSet { k, words: vec![0; (k * k.saturating_sub(1) / 2).div_ceil(64)] }
    }

    /// The bit of pair `i < j`: rows of the upper triangle, one after the other.
    fn bit(&self, i: usize, j: usize) -> usize {
        i * (2 * self.k - i - 1) / 2 + (j - i - 1)
    }

    /// Whether the pair `i < j` is in the set.
    #[must_use]
    pub fn contains(&self, i: usize, j: usize) -> bool {
        let b = self.bit(i, j);
        self.words[b / 64] & (1 << (b % 64)) != 0
    }

    /// The vertices `j > i` paired with `i` in the set, in increasing order.
    pub fn row(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let len = self.k.saturating_sub(i + 1);
        let start = if len == 0 { 0 } else { self.bit(i, i + 1) };
        let end = start + len;
        (start / 64..end.div_ceil(64)).flat_map(move |w| {
            let mut word = self.words[w];
            let low = start.saturating_sub(64 * w);
            if low > 0 {
                word &= u64::MAX << low;
            }
            let high = end - 64 * w;
            if high < 64 {
                word &= (1u64 << high) - 1;
            }
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = 64 * w + word.trailing_zeros() as usize;
                    word &= word - 1;
                    bit - start + i + 1
                })
            })
        })
    }

    /// Adds the pair; returns whether it was new.
    fn insert(&mut self, i: usize, j: usize) -> bool {
        let b = self.bit(i, j);
        let fresh = self.words[b / 64] & (1 << (b % 64)) == 0;
        self.words[b / 64] |= 1 << (b % 64);
        fresh
    }
}

/// The first sparse edge set: for each vertex its heaviest edges and the
/// edges around its mirror position half the graph away (where the natural
/// S1/S2 partner is).
fn initial_sparse<W: Weight>(k: usize, source: &impl EdgeSource, layout: &Layout) -> Vec<(usize, usize, W)> {
    let half = k / 2;
    let mut values = Values::new();
    let mut keep: Vec<(usize, usize)> = Vec::new();
    let mut row: Vec<(W, usize, usize)> = Vec::with_capacity(k);
    for i in 0..k {
        row.clear();
        for j in 0..k {
            if j == i {
                continue;
            }
            let (a, b) = if i < j { (i, j) } else { (j, i) };
            values.clear();
            if !source(a, b, &mut values) {
                continue;
            }
            let criteria = layout.pack_if::<W>(&values, |s| !matches!(s, Slot::Order(_)));
            let mirror = j.abs_diff(i + half).min(j.abs_diff(i.saturating_sub(half)));
            if mirror <= BAND || j.abs_diff(i) <= BAND {
                keep.push((a, b));
            }
            row.push((criteria, mirror, j));
        }
        if row.len() > HEAVIEST {
            row.select_nth_unstable_by(HEAVIEST, |x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        }
        keep.extend(row.iter().take(HEAVIEST).map(|&(_, _, j)| (i.min(j), i.max(j))));
    }
    keep.sort_unstable();
    keep.dedup();
    keep.into_iter()
        .filter_map(|(i, j)| {
            values.clear();
            if !source(i, j, &mut values) {
                return None;
            }
            let w = layout.pack::<W>(&values);
            (w > W::ZERO).then_some((i, j, w))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::PairSet;
    use rand::{Rng as _, SeedableRng as _};

    /// Each row lists exactly the pairs the set contains, in increasing order,
    /// whatever the rows' alignment on the set's words.
    #[test]
    fn pair_set_rows_list_the_pairs_in_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        for k in [0, 1, 2, 3, 63, 64, 65, 130, 200] {
            let mut set = PairSet::new(k);
            let mut expected: Vec<Vec<usize>> = vec![Vec::new(); k];
            for (i, row) in expected.iter_mut().enumerate() {
                for j in i + 1..k {
                    if rng.gen_range(0..3) == 0 {
                        assert!(set.insert(i, j));
                        row.push(j);
                    }
                }
            }
            for (i, row) in expected.iter().enumerate() {
                assert_eq!(&set.row(i).collect::<Vec<_>>(), row, "k = {k}, row {i}");
                for j in i + 1..k {
                    assert_eq!(set.contains(i, j), row.contains(&j));
                }
            }
        }
    }
}
