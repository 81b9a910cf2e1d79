//! Can the round still be completed? The completion criterion [C4] with the
//! PAB rules [C2]/[C5], decided with maximum-cardinality matchings.

use super::state::Player;
use crate::matching::max_cardinality_matching;
use crate::model::Points;

/// Which players may meet ([C1], [C3] and forbidden pairs), as a bit matrix
/// over the sorted players.
pub struct Compatibility {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl Compatibility {
    /// Builds the matrix with `ok(a, b)` for every two players.
    pub fn new(players: &[Player], ok: impl Fn(&Player, &Player) -> bool) -> Compatibility {
        let n = players.len();
        let words = n.div_ceil(64);
        let mut bits = vec![0u64; n * words];
        for a in 0..n {
            for b in a + 1..n {
                if ok(&players[a], &players[b]) {
                    bits[a * words + b / 64] |= 1 << (b % 64);
                    bits[b * words + a / 64] |= 1 << (a % 64);
                }
            }
        }
        Compatibility { n, words, bits }
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
    /// A matching covering every vertex (the bye vertex included), as
    /// `(player, Some(partner) | None for the bye)`, if one exists.
    pub fn perfect(&self) -> Option<Vec<(usize, Option<usize>)>> {
        let k = self.vertices.len();
        let total = k + usize::from(self.bye.is_some());
        if total % 2 == 1 {
            return None;
        }
        let mut adj = vec![Vec::new(); total];
        for i in 0..k {
            for j in i + 1..k {
                let (a, b) = (self.vertices[i], self.vertices[j]);
                if self.compat.ok(a, b) && (self.allowed)(a, b) {
                    adj[i].push(j);
                    adj[j].push(i);
                }
            }
            if let Some(bye) = &self.bye {
                if bye[i] {
                    adj[i].push(k);
                    adj[k].push(i);
                }
            }
        }
        let mate = max_cardinality_matching(&adj, Vec::new());
        if mate.iter().any(Option::is_none) {
            return None;
        }
        Some(
            (0..k)
                .filter_map(|i| mate[i].map(|m| (self.vertices[i], (m < k).then(|| self.vertices[m]))))
                .collect(),
        )
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
    levels
        .into_iter()
        .find(|&s| completable(compat, all.clone(), |v| players[v].bye_eligible && players[v].score <= s))
}
