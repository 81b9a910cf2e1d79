use super::pools::*;

#[test]
fn pools_are_dealt_by_the_serpentine_rule() {
    // 8 players, 2 pools: A = 1, 4, 5, 8; B = 2, 3, 6, 7 (0-based indices here).
    assert_eq!(serpentine(8, 2), Ok(vec![vec![0, 3, 4, 7], vec![1, 2, 5, 6]]));
    // 10 players, 3 pools: A 1, 6, 7; B 2, 5, 8; C 3, 4, 9, 10.
    assert_eq!(serpentine(10, 3), Ok(vec![vec![0, 5, 6], vec![1, 4, 7], vec![2, 3, 8, 9]]));
    assert_eq!(serpentine(8, 1), Err(PoolError::TooFewPools(1)));
    assert_eq!(serpentine(8, 3), Err(PoolError::PoolTooSmall { players: 8, max: 2 }));
    assert_eq!(count_for_size(10, 4), 3);
    assert_eq!(count_for_size(8, 4), 2);
    assert_eq!(count_for_size(8, 0), 0);
}

#[test]
fn pool_sizes_are_checked() {
    assert_eq!(check_sizes(&[4, 4]), Ok(()));
    assert_eq!(check_sizes(&[5, 4, 4]), Ok(()));
    assert_eq!(check_sizes(&[6, 4]), Err(PoolError::Uneven { smallest: 4, largest: 6 }));
    assert_eq!(check_sizes(&[2, 3]), Err(PoolError::PoolTooSmall { players: 5, max: 1 }));
    assert_eq!(check_sizes(&[9]), Err(PoolError::TooFewPools(1)));
}

#[test]
fn two_pools_top_two_make_the_championship_semifinals() {
    let pools = vec![vec!["A1", "A2", "A3", "A4"], vec!["B1", "B2", "B3", "B4"]];
    // Seeds 1..4 = A1, B1, A2, B2: the bracket's 1 v 4 and 2 v 3 are A1 v B2, B1 v A2.
    assert_eq!(cross_seed(&pools, 2), Ok(vec!["A1", "B1", "A2", "B2"]));
    assert_eq!(cross_seed(&pools, 4), Ok(vec!["A1", "B1", "A2", "B2", "A3", "B3", "A4", "B4"]));
    assert_eq!(cross_seed(&pools, 5), Err(PoolError::PerPoolTooLarge { per_pool: 5, smallest: 4 }));
    assert_eq!(cross_seed(&pools, 0), Err(PoolError::PerPoolTooLarge { per_pool: 0, smallest: 4 }));
    assert_eq!(cross_seed(&pools[..1], 1), Err(PoolError::TooFewPools(1)));
}

#[test]
fn four_pools_keep_pool_mates_apart_until_the_final() {
    let pools: Vec<Vec<String>> =
        ["A", "B", "C", "D"].iter().map(|p| (1..=3).map(|k| format!("{p}{k}")).collect()).collect();
    let pools: Vec<Vec<&str>> = pools.iter().map(|p| p.iter().map(String::as_str).collect()).collect();
    // Worked by hand on the bracket of 8 (1v8, 4v5, 2v7, 3v6): top half A1 C2 D1 B2, bottom B1 D2 C1 A2.
    assert_eq!(cross_seed(&pools, 2), Ok(vec!["A1", "B1", "C1", "D1", "B2", "A2", "D2", "C2"]));
}

#[test]
fn three_pools_of_two_give_byes_to_two_pool_winners() {
    let pools = vec![vec!['a', 'A'], vec!['b', 'B'], vec!['c', 'C']];
    // Cut 6: seeds 1, 2 (a, b) have byes; 4v5 = B v C, 3v6 = c v A. Top half a, B, C; bottom b, c, A.
    assert_eq!(cross_seed(&pools, 2), Ok(vec!['a', 'b', 'c', 'B', 'C', 'A']));
    // Thirty-three pools of two make a cut of 66: too many.
    let big: Vec<Vec<u32>> = (0..33).map(|i| vec![2 * i, 2 * i + 1]).collect();
    assert!(matches!(cross_seed(&big, 2), Err(PoolError::Cut(_))));
}
