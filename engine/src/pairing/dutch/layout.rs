//! Packing criteria slots into integer edge weights, and solving the
//! weighted matching at the narrowest integer width that holds them.

use super::criteria::{Slot, Values};
use super::PairingError;
use crate::matching::{max_weight_matching, Weight, Wide};
use std::collections::{BTreeMap, HashSet};

/// An edge of a matching problem: two vertices and its criteria values.
pub struct Edge {
    /// First vertex.
    pub a: usize,
    /// Second vertex.
    pub b: usize,
    /// Criteria values.
    pub values: Values,
}

/// Bit offsets of the slots, lowest priority at offset 0.
struct Layout {
    fields: BTreeMap<Slot, u32>,
    bits: u32,
}

impl Layout {
    /// Lays out every slot used by `edges`, each wide enough for its largest
    /// possible total over a matching of `n` vertices.
    fn new(n: usize, edges: &[Edge]) -> Layout {
        let mut max_value: BTreeMap<Slot, u64> = BTreeMap::new();
        let mut touched: BTreeMap<Slot, HashSet<usize>> = BTreeMap::new();
        for e in edges {
            for &(slot, value) in &e.values {
                if value == 0 {
                    continue;
                }
                let m = max_value.entry(slot).or_insert(0);
                *m = (*m).max(value.unsigned_abs());
                let t = touched.entry(slot).or_default();
                t.insert(e.a);
                t.insert(e.b);
            }
        }
        let pairs = (n / 2) as u64;
        let mut fields = BTreeMap::new();
        let mut offset = 0u32;
        for (slot, max) in max_value.iter().rev() {
            let count = touched.get(slot).map_or(0, |t| t.len() as u64).min(pairs);
            let bound = count.saturating_mul(*max);
            fields.insert(*slot, offset);
            offset += 64 - bound.leading_zeros();
        }
        Layout { fields, bits: offset }
    }

    fn pack<W: Weight>(&self, values: &Values) -> W {
        let mut plus = W::ZERO;
        let mut minus = W::ZERO;
        for &(slot, value) in values {
            let Some(&offset) = self.fields.get(&slot) else { continue };
            if value > 0 {
                plus = plus + W::from_field(value.unsigned_abs(), offset);
            } else if value < 0 {
                minus = minus + W::from_field(value.unsigned_abs(), offset);
            }
        }
        plus - minus
    }
}

/// An optimal matching of a problem, with what the duals say about it.
pub struct Solved {
    /// `mate[v]`: the vertex matched to `v`.
    pub mate: Vec<Option<usize>>,
    /// For each edge (in the order given), whether its reduced cost is zero,
    /// i.e. whether it may belong to an optimal matching.
    pub tight: Vec<bool>,
    /// For each vertex, whether its dual is positive (every optimal matching
    /// then covers it).
    pub must_cover: Vec<bool>,
    /// Whether blossoms remain (then `tight`/`must_cover` are not a full
    /// description of the optimal matchings).
    pub has_blossoms: bool,
}

/// Finds a maximum-weight matching of the `n` vertices under the
/// lexicographic criteria of `edges` (an edge with no positive total is absent).
pub fn solve(n: usize, edges: &[Edge]) -> Result<Solved, PairingError> {
    let layout = Layout::new(n, edges);
    let needed = layout.bits + 3;
    match needed {
        0..=64 => Ok(run::<u64>(n, edges, &layout)),
        65..=128 => Ok(run::<u128>(n, edges, &layout)),
        129..=256 => Ok(run::<Wide<4>>(n, edges, &layout)),
        257..=512 => Ok(run::<Wide<8>>(n, edges, &layout)),
        513..=1024 => Ok(run::<Wide<16>>(n, edges, &layout)),
        1025..=2048 => Ok(run::<Wide<32>>(n, edges, &layout)),
        2049..=4096 => Ok(run::<Wide<64>>(n, edges, &layout)),
        _ => Err(PairingError::TooLarge { bits: needed }),
    }
}

fn run<W: Weight>(n: usize, edges: &[Edge], layout: &Layout) -> Solved {
    let mut matrix = vec![W::ZERO; n * n];
    let packed: Vec<W> = edges.iter().map(|e| layout.pack::<W>(&e.values)).collect();
    for (e, &w) in edges.iter().zip(&packed) {
        matrix[e.a * n + e.b] = w;
        matrix[e.b * n + e.a] = w;
    }
    let sol = max_weight_matching(n, |i, j| matrix[i * n + j]);
    let tight = edges
        .iter()
        .zip(&packed)
        .map(|(e, &w)| w > W::ZERO && sol.dual[e.a] + sol.dual[e.b] == w.double())
        .collect();
    Solved {
        mate: sol.mate,
        tight,
        must_cover: sol.dual.iter().map(|d| *d > W::ZERO).collect(),
        has_blossoms: sol.has_blossoms,
    }
}
