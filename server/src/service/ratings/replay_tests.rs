//! Hand-computed tests of the server's rating decisions. Expected values are
//! worked out in the comments from the seed's formula
//! `round(R + K·(S − 1/(1 + 10^((R_opp − R)/400))))`.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::domain::{EloEntryId, GameScore, MatchResult, Pairing, PairingState};
use uuid::Uuid;

/// Id number `n` of whichever kind the test needs.
fn id<T: From<Uuid>>(n: u128) -> T {
    Uuid::from_u128(n).into()
}

fn period(round: u128, tournament: u128, closed_at: i64, games: &[(u128, u128, Outcome)]) -> Period {
    Period {
        round: RatedRound { round_id: id(round), tournament_id: id(tournament), game: "wh40k".into(), closed_at },
        games: games
            .iter()
            .enumerate()
            .map(|(i, &(a, b, score_a))| PeriodGame {
                pairing: id(round * 1000 + i as u128),
                game: RatedGame { a: id(a), b: id(b), score_a },
            })
            .collect(),
    }
}

fn rated(ratings: &HashMap<UserId, Rating>, player: u128) -> (i32, u32) {
    ratings.get(&id(player)).map_or((0, 0), |r| (r.rating, r.games))
}

fn table(n: u32, p1: u128, p2: Option<u128>, result: MatchResult, state: PairingState) -> Pairing {
    Pairing {
        id: id(9000 + u128::from(n)),
        round_id: id(1),
        tournament_id: id(2),
        table_number: n,
        player1_id: id(p1),
        player2_id: p2.map(id),
        score: Some(GameScore::Wh40k { player1_vp: 50, player2_vp: 40 }),
        result: Some(result),
        state,
        reported_by: None,
        reported_at: None,
        dispute: None,
        to_override: false,
        override_note: None,
        rematch: false,
        created_at: 0,
        in_match: None,
    }
}

/// Registrations 11..17 belong to accounts 111..117. A confirmed win, loss
/// and draw are rated (from player 1's side); the bye and a table still
/// waiting for confirmation are not.
#[test]
fn which_games_are_rated() {
    let user_of: HashMap<PlayerId, UserId> = (11..=17).map(|r| (id(r), id(r + 100))).collect();
    let tables = [
        table(1, 11, Some(12), MatchResult::P1Win, PairingState::Confirmed),
        table(2, 13, Some(14), MatchResult::P2Win, PairingState::Confirmed),
        table(3, 15, Some(16), MatchResult::Draw, PairingState::Confirmed),
        table(4, 17, Some(11), MatchResult::P1Win, PairingState::Reported),
        table(0, 17, None, MatchResult::Bye, PairingState::Confirmed),
    ];
    let games = rated_games(&tables, &user_of).unwrap();
    let seen: Vec<(UserId, UserId, Outcome)> = games.iter().map(|g| (g.game.a, g.game.b, g.game.score_a)).collect();
    assert_eq!(
        seen,
        vec![(id(111), id(112), Outcome::Win), (id(113), id(114), Outcome::Loss), (id(115), id(116), Outcome::Draw)]
    );
    assert_eq!(games[0].pairing, tables[0].id);

    let stranger = [table(1, 11, Some(99), MatchResult::P1Win, PairingState::Confirmed)];
    assert!(
        matches!(rated_games(&stranger, &user_of), Err(ReplayError::UnknownPlayer { player, .. }) if player == id(99))
    );
}

/// Player 1 draws 29 games in event 1 against new players, all at 1200:
/// E = ½ = S, so nothing moves: 1200 with 29 games. In event 2, game 30 still
/// has K 32: beating a new 1200 gives 1200 + 32·½ = 1216 (opponent 1184).
/// Game 31 has K 16 (30 games played): against a new 1200,
/// E = 1/(1 + 10^(−16/400)) = 1/(1 + 0.912011) = 0.523009, so
/// 1216 + 16·0.476991 = 1223.63 → 1224, while the new opponent (K 32) gets
/// 1200 − 32·0.476991 = 1184.74 → 1185.
#[test]
fn k_drops_to_16_after_30_games_across_events() {
    let mut periods: Vec<Period> =
        (0..29).map(|i| period(100 + i, 7, 1000 + i as i64, &[(1, 200 + i, Outcome::Draw)])).collect();
    periods.push(period(300, 8, 5000, &[(1, 400, Outcome::Win)]));
    periods.push(period(301, 8, 5001, &[(401, 1, Outcome::Loss)]));
    let out = replay(HashMap::new(), &periods).unwrap();
    assert_eq!(rated(&out.ratings, 1), (1224, 31));
    assert_eq!(rated(&out.ratings, 400), (1184, 1));
    assert_eq!(rated(&out.ratings, 401), (1185, 1));

    let mine: Vec<&EloEntry> = out.entries.iter().filter(|e| e.user_id == id(1)).collect();
    assert_eq!(mine.len(), 31);
    assert!(mine[..29]
        .iter()
        .all(|e| e.rating_before == 1200 && e.rating_after == 1200 && e.k == 32 && e.tournament_id == id(7)));
    let (g30, g31) = (mine[29], mine[30]);
    assert_eq!((g30.games_before, g30.k, g30.rating_before, g30.rating_after, g30.delta), (29, 32, 1200, 1216, 16));
    assert_eq!((g31.games_before, g31.k, g31.rating_before, g31.rating_after, g31.delta), (30, 16, 1216, 1224, 8));
    assert_eq!(
        (g31.outcome, g31.opponent_id, g31.tournament_id, g31.recorded_at),
        (Outcome::Win, id(401), id(8), 5001)
    );
}

/// One round, two tables, each rated from the ratings before the round (so
/// the order of the tables cannot matter and nobody moves twice). A (1300)
/// loses to B (1200): E_A = 1/(1 + 10^(−100/400)) = 0.640065, so A = 1300 −
/// 32·0.640065 = 1279.52 → 1280 and B = 1200 + 20.48 = 1220.48 → 1220. C and
/// D, both 1250, draw: no change.
#[test]
fn a_round_moves_each_rating_once_from_the_ratings_before_it() {
    let start = HashMap::from([
        (id(1), Rating { rating: 1300, games: 3 }),
        (id(2), Rating { rating: 1200, games: 3 }),
        (id(3), Rating { rating: 1250, games: 3 }),
        (id(4), Rating { rating: 1250, games: 3 }),
    ]);
    let out = replay(start, &[period(10, 7, 1, &[(1, 2, Outcome::Loss), (3, 4, Outcome::Draw)])]).unwrap();
    assert_eq!(rated(&out.ratings, 1), (1280, 4));
    assert_eq!(rated(&out.ratings, 2), (1220, 4));
    assert_eq!(rated(&out.ratings, 3), (1250, 4));
    assert_eq!(out.entries.len(), 4);
    assert!(out.entries.iter().all(|e| e.games_before == 3));
}

/// Round 1: A beats B (both new): A 1216, B 1184. Round 2: C (new) beats A:
/// E_A = 1/(1 + 10^(−16/400)) = 0.523009, A = 1216 − 32·0.523009 = 1199.26 →
/// 1199; C = 1200 + 32·0.523009 = 1216.74 → 1217.
/// The TO then makes round 1 a draw: A and B stay 1200 (1 game), and round 2
/// is re-rated from there: A 1200 − 16 = 1184, C 1216. Re-rating from the
/// stored rows replaces the old changes (A has 2 games, not 4; no row is
/// added), and matches a replay of the corrected history from scratch.
#[test]
fn an_override_rerates_from_the_stored_rows_and_replaces_them() {
    let (a, b, c) = (1, 2, 3);
    let before = [period(10, 7, 1, &[(a, b, Outcome::Win)]), period(11, 7, 2, &[(c, a, Outcome::Win)])];
    let first = replay(HashMap::new(), &before).unwrap();
    assert_eq!((rated(&first.ratings, a), rated(&first.ratings, c)), ((1199, 2), (1217, 1)));
    let stored: Vec<(EloEntryId, EloEntry)> =
        first.entries.iter().enumerate().map(|(i, e)| (id(5000 + i as u128), e.clone())).collect();

    let after = [period(10, 7, 1, &[(a, b, Outcome::Draw)]), period(11, 7, 2, &[(c, a, Outcome::Win)])];
    let order: HashMap<RoundId, usize> = [(id(10), 0), (id(11), 1)].into();
    let start = ratings_before(&stored, &order);
    assert_eq!(start.len(), 3);
    assert!(start.values().all(|r| *r == Rating::default()));
    let again = replay(start, &after).unwrap();
    assert_eq!(rated(&again.ratings, a), (1184, 2));
    assert_eq!(rated(&again.ratings, b), (1200, 1));
    assert_eq!(rated(&again.ratings, c), (1216, 1));
    assert_eq!(again, replay(HashMap::new(), &after).unwrap());

    let writes = diff(stored, again.entries);
    assert_eq!((writes.insert.len(), writes.update.len(), writes.delete.len()), (0, 4, 0));
}

/// Only round 11 is re-rated: players' ratings before it come from their
/// first row there (A: 1216 after one game); rows of other rounds are ignored.
#[test]
fn ratings_before_reads_each_players_first_rerated_row() {
    let out =
        replay(HashMap::new(), &[period(10, 7, 1, &[(1, 2, Outcome::Win)]), period(11, 7, 2, &[(3, 1, Outcome::Win)])])
            .unwrap();
    let stored: Vec<(EloEntryId, EloEntry)> = out.entries.into_iter().map(|e| (EloEntryId::random(), e)).collect();
    let start = ratings_before(&stored, &HashMap::from([(id(11), 0)]));
    assert_eq!(start, HashMap::from([(id(1), Rating { rating: 1216, games: 1 }), (id(3), Rating::default())]));
}

/// Equal rows are left alone, changed ones rewritten in place, missing ones
/// added, and rows no longer expected removed.
#[test]
fn diff_writes_only_what_differs() {
    let out = replay(HashMap::new(), &[period(10, 7, 1, &[(1, 2, Outcome::Win), (3, 4, Outcome::Win)])]).unwrap();
    let stored: Vec<(EloEntryId, EloEntry)> =
        out.entries.iter().enumerate().map(|(i, e)| (id(i as u128), e.clone())).collect();
    assert_eq!(diff(stored.clone(), out.entries.clone()), HistoryDiff::default());

    let mut expected = out.entries.clone();
    expected.retain(|e| e.user_id != id(4));
    expected[0].rating_after += 1;
    let extra = EloEntry { pairing_id: id(77), ..expected[1].clone() };
    expected.push(extra.clone());
    let writes = diff(stored, expected.clone());
    assert_eq!(writes.update, vec![(id(0), expected[0].clone())]);
    assert_eq!(writes.insert, vec![extra]);
    assert_eq!(writes.delete, vec![id(3)]);
    assert_eq!(writes.rows(), 3);
}
