//! Round-robin pools before the top cut: the crokinole championship format.
//!
//! The World Crokinole Championship's singles playoffs (as described by
//! CrokinoleCentre, "World Crokinole Seeking Player Input on Format
//! Changes", 25 December 2023) split the qualifiers into two pools that each
//! play a round robin, and send the top two of each pool to head-to-head
//! semifinals, with a game for third place. Arbiter generalises it:
//!
//! - **Pools** ([`serpentine`]): the field, in seeding order, is dealt into
//!   `count` pools by the serpentine (snake) rule used for seeded groups:
//!   seeds 1..count go to pools A, B, C…, the next `count` back from the
//!   last pool to A, and so on (2 pools of 4: A = 1, 4, 5, 8; B = 2, 3, 6, 7).
//!   Every pool's best seed is its pairing number 1, and so on down.
//! - **Sizes** ([`check_sizes`]): at least 2 pools of at least
//!   [`MIN_POOL`] players, sizes differing by at most one (a pool of 5 plays
//!   five rounds with a bye each, a pool of 4 three).
//! - **Each pool plays its own Berger round robin** (FIDE C.05 Annex 1, see
//!   [`crate::pairing::round_robin`]); the server pairs every pool's round at once.
//! - **Cross-seeding** ([`cross_seed`]): the top `k` of each pool make the
//!   cut of `pools × k`. Pool winners take seeds 1..P in pool order (A
//!   first), runners-up the next P, and so on; within each of those tiers,
//!   seed by seed, the seed goes to the pool whose players already seeded it
//!   would meet latest in the bracket (ties to the earlier pool). With 2
//!   pools and k = 2 this is the semifinals A1 v B2, B1 v A2; with 4 pools
//!   and k = 2 pool-mates can only meet in the final. The rule follows the
//!   fixed bracket: with re-seeding, pool-mates may meet sooner.

use super::{bracket_order, PlayoffConfig, PlayoffError};

/// The fewest players in a pool.
pub const MIN_POOL: usize = 3;

/// Why pools cannot be made as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    /// Fewer than two pools.
    #[error("pools need at least 2 pools, not {0}")]
    TooFewPools(usize),
    /// A pool would have fewer than [`MIN_POOL`] players.
    #[error("a pool needs at least {MIN_POOL} players; {players} players make at most {max} pools")]
    PoolTooSmall {
        /// The players to share out.
        players: usize,
        /// The most pools they fill.
        max: usize,
    },
    /// Pools whose sizes differ by more than one.
    #[error("pool sizes may differ by one at most, not {smallest} and {largest}")]
    Uneven {
        /// The smallest pool.
        smallest: usize,
        /// The largest.
        largest: usize,
    },
    /// More players taken from a pool than it has.
    #[error("the top {per_pool} of each pool cannot go on: the smallest pool has {smallest} players")]
    PerPoolTooLarge {
        /// The players taken from each pool.
        per_pool: usize,
        /// The smallest pool.
        smallest: usize,
    },
    /// The cut the pools make is not a bracket.
    #[error(transparent)]
    Cut(#[from] PlayoffError),
}

/// Checks pool sizes: at least 2 pools of at least [`MIN_POOL`], differing by one at most.
///
/// # Errors
/// [`PoolError::TooFewPools`], [`PoolError::PoolTooSmall`], [`PoolError::Uneven`].
pub fn check_sizes(sizes: &[usize]) -> Result<(), PoolError> {
    if sizes.len() < 2 {
        return Err(PoolError::TooFewPools(sizes.len()));
    }
    let players: usize = sizes.iter().sum();
    let smallest = sizes.iter().copied().min().unwrap_or(0);
    let largest = sizes.iter().copied().max().unwrap_or(0);
    if smallest < MIN_POOL {
        return Err(PoolError::PoolTooSmall { players, max: players / MIN_POOL });
    }
    if largest - smallest > 1 {
        return Err(PoolError::Uneven { smallest, largest });
    }
    Ok(())
}

/// The number of pools of at most `size` players that hold `players`.
#[must_use]
pub const fn count_for_size(players: usize, size: usize) -> usize {
    if size == 0 {
        0
    } else {
        players.div_ceil(size)
    }
}

/// Deals `players` (indices 0.. in seeding order) into `count` pools by the
/// serpentine rule; each pool lists its players in seeding order.
///
/// # Errors
/// As [`check_sizes`] for the pools it would make.
pub fn serpentine(players: usize, count: usize) -> Result<Vec<Vec<usize>>, PoolError> {
    if count < 2 {
        return Err(PoolError::TooFewPools(count));
    }
    // Checked before the pools are allocated: a count from a request may be
    // anything up to `u32::MAX` (tens of gigabytes of empty pools).
    if count.saturating_mul(MIN_POOL) > players {
        return Err(PoolError::PoolTooSmall { players, max: players / MIN_POOL });
    }
    let mut pools = vec![Vec::new(); count];
    for p in 0..players {
        let (row, col) = (p / count, p % count);
        let pool = if row % 2 == 0 { col } else { count - 1 - col };
        pools[pool].push(p);
    }
    check_sizes(&pools.iter().map(Vec::len).collect::<Vec<_>>())?;
    Ok(pools)
}

/// The round in which two bracket lines can first meet (1 = the first round).
const fn meeting_round(a: usize, b: usize) -> u32 {
    usize::BITS - (a ^ b).leading_zeros()
}

/// The cut from pools: `pools[i]` lists pool i's players best first; the
/// top `per_pool` of each are seeded by the cross-seeding rule (see the
/// module). Returns the players, seed 1 first.
///
/// # Errors
/// [`PoolError::TooFewPools`] for fewer than 2 pools; [`PoolError::PerPoolTooLarge`]
/// when a pool has fewer than `per_pool` players (or `per_pool` is 0);
/// [`PoolError::Cut`] when `pools × per_pool` is not a cut of 2–64.
pub fn cross_seed<T: Copy>(pools: &[Vec<T>], per_pool: usize) -> Result<Vec<T>, PoolError> {
    let count = pools.len();
    if count < 2 {
        return Err(PoolError::TooFewPools(count));
    }
    let smallest = pools.iter().map(Vec::len).min().unwrap_or(0);
    if per_pool == 0 || per_pool > smallest {
        return Err(PoolError::PerPoolTooLarge { per_pool, smallest });
    }
    let cut = u32::try_from(count * per_pool).unwrap_or(u32::MAX);
    let config = PlayoffConfig { cut, reseed: false, third_place: false };
    config.check()?;
    let order = bracket_order(config.size());
    // line[s] = the bracket line of seed s (1-based).
    let mut line = vec![0usize; order.len() + 1];
    for (i, &s) in order.iter().enumerate() {
        line[s as usize] = i;
    }
    // pool_of[s - 1] = the pool of seed s.
    let mut pool_of: Vec<usize> = (0..count).collect();
    for tier in 1..per_pool {
        let mut free: Vec<usize> = (0..count).collect();
        for seed in tier * count + 1..=(tier + 1) * count {
            let latest = |pool: usize| {
                (1..seed)
                    .filter(|&s| pool_of[s - 1] == pool)
                    .map(|s| meeting_round(line[s], line[seed]))
                    .min()
                    .unwrap_or(u32::MAX)
            };
            let mut best = 0;
            for (i, &pool) in free.iter().enumerate() {
                if latest(pool) > latest(free[best]) {
                    best = i;
                }
            }
            pool_of.push(free.remove(best));
        }
    }
    let mut taken = vec![0usize; count];
    Ok(pool_of
        .into_iter()
        .map(|pool| {
            let p = pools[pool][taken[pool]];
            taken[pool] += 1;
            p
        })
        .collect())
}
