//! Can the round still be completed? The completion criterion [C4] with the
//! PAB rules [C2]/[C5], decided with maximum-cardinality matchings.

use super::state::Player;
use crate::matching::{max_cardinality_matching, BitGraph};
use crate::model::{Colour, PlayerNo, Points};
use std::collections::HashMap;

/// Which players may meet ([C1], [C3] and forbidden pairs), as a bit matrix
/// over the sorted players.
pub struct Compatibility {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl Compatibility {
    /// Builds the matrix for the sorted `players`: two players may meet unless
    /// they met before or are a forbidden pair ([C1]), or both have the same
    /// absolute colour preference and neither is a topscorer ([C3], art. 1.8).
    /// Linear in the matrix size plus the number of barred opponents.
    pub fn new(players: &[Player], topscorer: impl Fn(&Player) -> bool) -> Compatibility {
        let n = players.len();
        let words = n.div_ceil(64);
        let mut bits = vec![0u64; n * words];
        for a in 0..n {
            let row = &mut bits[a * words..(a + 1) * words];
            for (w, word) in row.iter_mut().enumerate() {
                let live = (n - 64 * w).min(64);
                *word = if live == 64 { u64::MAX } else { (1u64 << live) - 1 };
            }
            row[a / 64] &= !(1u64 << (a % 64));
        }
        let mut compat = Compatibility { n, words, bits };
        let index: HashMap<PlayerNo, usize> = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        for (a, p) in players.iter().enumerate() {
            for b in p.barred.iter().filter_map(|id| index.get(id)) {
                compat.forbid(a, *b);
            }
        }
        for colour in [Colour::White, Colour::Black] {
            let same: Vec<usize> = (0..n)
                .filter(|&v| {
                    let c = &players[v].colour;
                    c.absolute && c.preference == Some(colour) && !topscorer(&players[v])
                })
                .collect();
            for (i, &a) in same.iter().enumerate() {
                for &b in &same[i + 1..] {
                    compat.forbid(a, b);
                }
            }
        }
        compat
    }

    fn forbid(&mut self, a: usize, b: usize) {
        self.bits[a * self.words + b / 64] &= !(1u64 << (b % 64));
        self.bits[b * self.words + a / 64] &= !(1u64 << (a % 64));
    }

    /// Whether players `a` and `b` (sorted indices) may meet.
    #[must_use]
    pub fn ok(&self, a: usize, b: usize) -> bool {
        a < self.n && b < self.n && self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }
}

/// A graph over some of the players plus, optionally, a bye vertex joined to
/// the players who may take the PAB. `allowed(a, b)` further restricts edges.
pub struct Problem<'a, F: Fn(usize, usize) -> bool> {
    /// The compatibility of all players.
    pub compat: &'a Compatibility,
    /// The players in the graph (sorted indices).
    pub vertices: Vec<usize>,
    /// The players joined to the bye vertex, if there is one.
    pub bye: Option<Vec<bool>>,
    /// An extra condition on edges between two players.
    pub allowed: F,
}

impl<F: Fn(usize, usize) -> bool> Problem<'_, F> {
    /// A maximum matching of the graph, as `mate` over local indices (the
    /// bye vertex, if any, is index `vertices.len()`).
    pub fn max_matching(&self) -> Vec<Option<usize>> {
        let k = self.vertices.len();
        let mut graph = BitGraph::new(k + usize::from(self.bye.is_some()));
        for i in 0..k {
            let a = self.vertices[i];
            for j in i + 1..k {
                let b = self.vertices[j];
                if self.compat.ok(a, b) && (self.allowed)(a, b) {
                    graph.add_edge(i, j);
                }
            }
            if self.bye.as_ref().is_some_and(|bye| bye[i]) {
                graph.add_edge(i, k);
            }
        }
        max_cardinality_matching(&graph, Vec::new())
    }

    /// A matching covering every vertex (the bye vertex included), as
    /// `(player, Some(partner) | None for the bye)`, if one exists.
    pub fn perfect(&self) -> Option<Vec<(usize, Option<usize>)>> {
        let k = self.vertices.len();
        if (k + usize::from(self.bye.is_some())) % 2 == 1 {
            return None;
        }
        let mate = self.max_matching();
        if mate.iter().any(Option::is_none) {
            return None;
        }
        Some((0..k).filter_map(|i| mate[i].map(|m| (self.vertices[i], (m < k).then(|| self.vertices[m])))).collect())
    }
}

/// Whether all `players` (sorted indices) can be paired, with the PAB going
/// to one for whom `may_get_bye` holds when their number is odd.
pub fn completable(compat: &Compatibility, vertices: Vec<usize>, may_get_bye: impl Fn(usize) -> bool) -> bool {
    let bye = (vertices.len() % 2 == 1).then(|| vertices.iter().map(|&v| may_get_bye(v)).collect());
    Problem { compat, vertices, bye, allowed: |_, _| true }.perfect().is_some()
}

/// [C5]: the lowest score with which a player can receive the PAB while the
/// round is completed ([C4]) and [C2] holds; `None` if the number of players
/// is even or no complete pairing exists.
pub fn bye_assignee_score(players: &[Player], compat: &Compatibility) -> Option<Points> {
    let mut levels: Vec<Points> = players.iter().filter(|p| p.bye_eligible).map(|p| p.score).collect();
    levels.sort();
    levels.dedup();
    let all: Vec<usize> = (0..players.len()).collect();
    levels.into_iter().find(|&s| completable(compat, all.clone(), |v| players[v].bye_eligible && players[v].score <= s))
}
