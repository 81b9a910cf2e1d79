//! Who has met whom, and exact answers to "how many pairs can these players
//! still form without a rematch?" (the size of a maximum matching in the graph
//! whose edges join players who have not met).
//!
//! The common case is answered by Dirac's theorem (G. A. Dirac, 1952: a graph
//! on `m ≥ 3` vertices whose every vertex has degree `≥ m/2` has a Hamiltonian
//! cycle, hence a matching of `⌊m/2⌋` edges). A player's degree here is `m − 1`
//! minus the opponents already met who are still in the set, so the test is
//! "nobody has met `⌊m/2⌋` or more of the others", kept in `O(rounds)` per
//! update with a histogram. Otherwise Edmonds' blossom algorithm (J. Edmonds,
//! "Paths, trees, and flowers", 1965; the engine's [`crate::matching`]
//! search) finds a maximum matching, and keeps it up
//! to date incrementally as players leave the set: removing a matched player
//! frees its partner, and one augmenting-path search from each freed partner
//! restores maximality (an augmenting path must end at a newly freed vertex,
//! because the previous matching was maximum).

use crate::matching::{Adjacency, AugmentingSearch, UNMATCHED as NONE};

/// The previous meetings among the players to pair, by player index.
#[derive(Debug)]
pub(super) struct Met {
    /// For each player, the sorted, distinct indices of the players already met.
    opponents: Vec<Vec<usize>>,
}

impl Met {
    /// The meetings of `n` players from a list of `(a, b)` index pairs (repeats allowed).
    pub fn new(n: usize, pairs: impl IntoIterator<Item = (usize, usize)>) -> Met {
        let mut opponents = vec![Vec::new(); n];
        for (a, b) in pairs {
            opponents[a].push(b);
            opponents[b].push(a);
        }
        for list in &mut opponents {
            list.sort_unstable();
            list.dedup();
        }
        Met { opponents }
    }

    /// Whether `a` and `b` have met.
    pub fn have_met(&self, a: usize, b: usize) -> bool {
        self.opponents[a].binary_search(&b).is_ok()
    }

    /// The number of players.
    pub fn len(&self) -> usize {
        self.opponents.len()
    }
}

/// A set of players that shrinks as they are paired, with the size of a
/// maximum rematch-free matching among them.
pub(super) struct Pool<'a> {
    met: &'a Met,
    /// The players the pool started with (iteration order for the blossom search).
    members: Vec<usize>,
    alive: Vec<bool>,
    size: usize,
    /// For each alive player, how many alive players they have met.
    conflicts: Vec<usize>,
    /// `histogram[c]`: how many alive players have `c` conflicts.
    histogram: Vec<usize>,
    /// A maximum matching of the alive players (`mate[x]`, or `NONE`), when known.
    mate: Option<Vec<usize>>,
    search: AugmentingSearch,
}

impl<'a> Pool<'a> {
    /// The pool of `members` (distinct player indices).
    pub fn new(met: &'a Met, members: &[usize]) -> Pool<'a> {
        let n = met.len();
        let mut alive = vec![false; n];
        for &x in members {
            alive[x] = true;
        }
        let mut conflicts = vec![0; n];
        let mut histogram = vec![0; 1];
        for &x in members {
            let c = met.opponents[x].iter().filter(|&&o| alive[o]).count();
            conflicts[x] = c;
            if histogram.len() <= c {
                histogram.resize(c + 1, 0);
            }
            histogram[c] += 1;
        }
        Pool {
            met,
            members: members.to_vec(),
            alive,
            size: members.len(),
            conflicts,
            histogram,
            mate: None,
            search: AugmentingSearch::new(n),
        }
    }

    /// The number of players still in the pool.
    pub fn len(&self) -> usize {
        self.size
    }

    /// How many other players in the pool `x` (a member) has not met.
    pub fn unmet(&self, x: usize) -> usize {
        self.size - 1 - self.conflicts[x]
    }

    /// The size of a maximum rematch-free matching of the pool.
    pub fn matching_size(&mut self) -> usize {
        self.matching_size_without(&[])
    }

    /// The size of a maximum rematch-free matching of the pool without the
    /// (distinct, present) players `gone`. The pool is left unchanged.
    pub fn matching_size_without(&mut self, gone: &[usize]) -> usize {
        for &x in gone {
            self.detach(x);
        }
        let size = if self.dirac() { self.size / 2 } else { self.exact_without(gone) };
        for &x in gone.iter().rev() {
            self.attach(x);
        }
        size
    }

    /// Removes the (distinct, present) players `gone` for good.
    pub fn remove(&mut self, gone: &[usize]) {
        for &x in gone {
            self.detach(x);
        }
        if self.dirac() {
            // Cheap again; drop the matching rather than maintain it.
            self.mate = None;
        } else if let Some(mut mate) = self.mate.take() {
            self.repair(&mut mate, gone);
            self.mate = Some(mate);
        }
    }

    /// Dirac's condition for the alive players: a matching of `⌊m/2⌋` exists.
    fn dirac(&self) -> bool {
        if self.size < 2 {
            return true;
        }
        let worst = self.histogram.iter().rposition(|&count| count > 0).unwrap_or(0);
        worst < self.size / 2
    }

    /// The exact maximum matching size of the alive players, `gone` having
    /// just been detached from a pool whose matching (if known) covers them.
    fn exact_without(&mut self, gone: &[usize]) -> usize {
        let mate = match self.mate.take() {
            Some(mate) => mate,
            None => {
                for &x in gone.iter().rev() {
                    self.attach(x);
                }
                let mate = self.maximum_matching();
                for &x in gone {
                    self.detach(x);
                }
                mate
            }
        };
        let mut trial = mate.clone();
        self.repair(&mut trial, gone);
        self.mate = Some(mate);
        trial.iter().filter(|&&m| m != NONE).count() / 2
    }

    /// Turns `mate`, a maximum matching of the alive players plus `gone`, into
    /// a maximum matching of the alive players.
    fn repair(&mut self, mate: &mut [usize], gone: &[usize]) {
        let mut freed = Vec::with_capacity(gone.len());
        for &x in gone {
            let partner = mate[x];
            if partner != NONE {
                mate[partner] = NONE;
                mate[x] = NONE;
                if self.alive[partner] {
                    freed.push(partner);
                }
            }
        }
        for root in freed {
            if mate[root] == NONE {
                self.augment(mate, root);
            }
        }
    }

    /// A maximum matching of the alive players: greedy, then augmenting paths.
    fn maximum_matching(&mut self) -> Vec<usize> {
        let mut mate = vec![NONE; self.alive.len()];
        let members = self.members.clone();
        for (i, &v) in members.iter().enumerate() {
            if !self.alive[v] || mate[v] != NONE {
                continue;
            }
            let free = members[i + 1..]
                .iter()
                .copied()
                .find(|&u| self.alive[u] && mate[u] == NONE && !self.met.have_met(v, u));
            if let Some(u) = free {
                mate[v] = u;
                mate[u] = v;
            }
        }
        for &v in &members {
            if self.alive[v] && mate[v] == NONE {
                self.augment(&mut mate, v);
            }
        }
        mate
    }

    /// Searches an augmenting path from the free vertex `root` (Edmonds'
    /// blossom algorithm, one search) and applies it. Returns whether one was found.
    fn augment(&mut self, mate: &mut [usize], root: usize) -> bool {
        let Pool { met, members, alive, search, .. } = self;
        search.augment_from(root, &Unmet { met, members, alive }, mate)
    }

    fn detach(&mut self, x: usize) {
        self.alive[x] = false;
        self.size -= 1;
        self.histogram[self.conflicts[x]] -= 1;
        for &o in &self.met.opponents[x] {
            if self.alive[o] {
                self.histogram[self.conflicts[o]] -= 1;
                self.conflicts[o] -= 1;
                self.histogram[self.conflicts[o]] += 1;
            }
        }
    }

    fn attach(&mut self, x: usize) {
        let mut own = 0;
        for &o in &self.met.opponents[x] {
            if self.alive[o] {
                own += 1;
                self.histogram[self.conflicts[o]] -= 1;
                self.conflicts[o] += 1;
                self.histogram[self.conflicts[o]] += 1;
            }
        }
        self.conflicts[x] = own;
        self.histogram[own] += 1;
        self.alive[x] = true;
        self.size += 1;
    }
}

/// The rematch-free graph of a pool's alive players: an edge joins two who
/// have not met.
struct Unmet<'p> {
    met: &'p Met,
    members: &'p [usize],
    alive: &'p [bool],
}

impl Adjacency for Unmet<'_> {
    fn order(&self) -> usize {
        self.alive.len()
    }

    fn neighbours(&self, v: usize, out: &mut Vec<usize>) {
        out.clear();
        if self.alive[v] {
            out.extend(self.members.iter().copied().filter(|&u| u != v && self.alive[u] && !self.met.have_met(v, u)));
        }
    }
}
