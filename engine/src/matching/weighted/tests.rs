// Weight matrices are filled by (i, j) index, as the tables in the literature are.
#![allow(clippy::needless_range_loop)]
use super::*;
use crate::matching::weight::Wide;
use rand::Rng as _;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The best total weight by trying every matching (small graphs only).
fn brute_force(n: usize, w: &[Vec<u64>]) -> u64 {
    fn go(v: usize, n: usize, used: &mut Vec<bool>, w: &[Vec<u64>]) -> u64 {
        if v == n {
            return 0;
        }
        if used[v] {
            return go(v + 1, n, used, w);
        }
        used[v] = true;
        let mut best = go(v + 1, n, used, w);
        for u in v + 1..n {
            if !used[u] && w[v][u] > 0 {
                used[u] = true;
                best = best.max(w[v][u] + go(v + 1, n, used, w));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }
    go(0, n, &mut vec![false; n], w)
}

fn total(sol: &Solution<u64>, w: &[Vec<u64>]) -> u64 {
    let mut t = 0;
    for (v, m) in sol.mate.iter().enumerate() {
        if let Some(u) = m {
            assert_eq!(sol.mate[*u], Some(v), "mate is symmetric");
            assert!(w[v][*u] > 0, "matched along an edge");
            if v < *u {
                t += w[v][*u];
            }
        }
    }
    t
}

#[test]
fn matches_brute_force_on_random_graphs() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for case in 0..3000 {
        let n = rng.gen_range(1..=10);
        let density = rng.gen_range(1..=4);
        let range = [3, 10, 1000][case % 3];
        let mut w = vec![vec![0u64; n]; n];
        for i in 0..n {
            for j in i + 1..n {
                if rng.gen_range(0..4) < density {
                    let x = rng.gen_range(1..=range);
                    w[i][j] = x;
                    w[j][i] = x;
                }
            }
        }
        let sol = max_weight_matching(n, |i, j| w[i][j]);
        assert_eq!(total(&sol, &w), brute_force(n, &w), "case {case}: {w:?}");
    }
}

#[test]
fn wide_weights_give_the_same_matching_weight() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..300 {
        let n = rng.gen_range(2..=10);
        let mut w = vec![vec![0u64; n]; n];
        for i in 0..n {
            for j in i + 1..n {
                let x = rng.gen_range(0..50);
                w[i][j] = x;
                w[j][i] = x;
            }
        }
        let narrow = max_weight_matching(n, |i, j| w[i][j]);
        // Same weights shifted into the second word.
        let wide = max_weight_matching(n, |i, j| Wide::<3>::from_field(w[i][j], 70));
        let t: u64 = (0..n).filter_map(|v| wide.mate[v].filter(|&u| u > v).map(|u| w[v][u])).sum();
        assert_eq!(t, total(&narrow, &w));
    }
}

#[test]
fn duals_certify_bipartite_optimum() {
    // Complete bipartite 3x3 with distinct weights: every matched edge is tight.
    let w = [[0, 0, 0, 5, 3, 1], [0, 0, 0, 2, 6, 4], [0, 0, 0, 7, 1, 2]];
    let weight = |i: usize, j: usize| {
        let (a, b) = if i < j { (i, j) } else { (j, i) };
        if a < 3 && b >= 3 {
            w[a][b] as u64
        } else {
            0
        }
    };
    let sol = max_weight_matching(6, weight);
    assert!(!sol.has_blossoms);
    for v in 0..6 {
        if let Some(u) = sol.mate[v] {
            assert_eq!(sol.dual[v] + sol.dual[u], 2 * weight(v, u));
        } else {
            assert_eq!(sol.dual[v], 0);
        }
        for u in 0..6 {
            if weight(v, u) > 0 {
                assert!(sol.dual[v] + sol.dual[u] >= 2 * weight(v, u));
            }
        }
    }
}
