//! Hand-computed standings. Every expected value below is worked out in the
//! comments from the rules in the module docs, not taken from the code.

#![allow(clippy::unwrap_used)]

use super::*;

fn game(round: u32, p1: char, vp1: u32, p2: char, vp2: u32) -> Game<char> {
    Game { round, player1: p1, player2: Some(p2), vp1, vp2 }
}

fn bye(round: u32, p: char) -> Game<char> {
    Game { round, player1: p, player2: None, vp1: 0, vp2: 0 }
}

fn ratio(num: i64, den: i64) -> Exact {
    Exact::new(num, den).unwrap()
}

fn line(table: &[Standing<char>], id: char) -> &Standing<char> {
    table.iter().find(|s| s.id == id).unwrap()
}

/// Six entrants A–F over three rounds; F drops after round 1, so rounds 2 and
/// 3 have five players and a bye (D in round 2, B in round 3).
///
/// ```text
/// R1: A 70–50 B   C 60–60 D (draw)   E 40–80 F
/// R2: A 55–45 C   B 65–30 E          D bye
/// R3: A 40–55 D   C 80–20 E          B bye
/// ```
///
/// | player | W-L-D (byes) | played | VP for | against | margin | win % (a bye is a win) |
/// |---|---|---|---|---|---|---|
/// | A | 2-1-0     | 3 | 70+55+40=165 | 50+45+55=150 | +15  | (2·2+0)/(2·3) = 2/3 |
/// | B | 2-1-0 (1) | 2 | 50+65=115    | 70+30=100    | +15  | (2·2+0)/(2·3) = 2/3 |
/// | C | 1-1-1     | 3 | 60+45+80=185 | 60+55+20=135 | +50  | (2·1+1)/(2·3) = 1/2 |
/// | D | 2-0-1 (1) | 2 | 60+55=115    | 60+40=100    | +15  | (2·2+1)/(2·3) = 5/6 |
/// | E | 0-3-0     | 3 | 40+30+20=90  | 80+65+80=225 | −135 | 0/6 = 0 |
/// | F | 1-0-0     | 1 | 80           | 40           | +40  | 2/2 = 1 |
///
/// SOS (seed: "average win percentage of all opponents faced"; a bye
/// "counts as WIN" in the win %, and is not an opponent):
/// - A: B, C, D → (2/3 + 1/2 + 5/6) / 3 = 2/3 (66.7%)
/// - B: A, E → (2/3 + 0) / 2 = 1/3 (33.3%)
/// - C: D, A, E → (5/6 + 2/3 + 0) / 3 = 1/2 (50.0%)
/// - D: C, A → (1/2 + 2/3) / 2 = 7/12 (58.3%)
/// - E: F, B, C → (1 + 2/3 + 1/2) / 3 = 13/18 (72.2%)
/// - F: E → 0
///
/// Ranking: two wins: A, B, D, all at +15 → SOS A (2/3), D (7/12), B (1/3).
/// One win: C (+50) before F (+40). Then E. So A, D, B, C, F, E.
#[test]
fn six_player_event_with_bye_draw_and_drop() {
    let games = [
        game(1, 'A', 70, 'B', 50),
        game(1, 'C', 60, 'D', 60),
        game(1, 'E', 40, 'F', 80),
        game(2, 'A', 55, 'C', 45),
        game(2, 'B', 65, 'E', 30),
        bye(2, 'D'),
        game(3, 'A', 40, 'D', 55),
        game(3, 'C', 80, 'E', 20),
        bye(3, 'B'),
    ];
    let table = standings(&['A', 'B', 'C', 'D', 'E', 'F'], &games).unwrap();
    let order: Vec<char> = table.iter().map(|s| s.id).collect();
    assert_eq!(order, ['A', 'D', 'B', 'C', 'F', 'E']);
    assert_eq!(table.iter().map(|s| s.rank).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);

    // (id, W, L, D, byes, played, for, against, margin, win %, SOS, opponents)
    let expected = [
        ('A', 2, 1, 0, 0, 3, 165, 150, 15, ratio(2, 3), ratio(2, 3), "BCD"),
        ('B', 2, 1, 0, 1, 2, 115, 100, 15, ratio(2, 3), ratio(1, 3), "AE"),
        ('C', 1, 1, 1, 0, 3, 185, 135, 50, ratio(1, 2), ratio(1, 2), "DAE"),
        ('D', 2, 0, 1, 1, 2, 115, 100, 15, ratio(5, 6), ratio(7, 12), "CA"),
        ('E', 0, 3, 0, 0, 3, 90, 225, -135, Exact::ZERO, ratio(13, 18), "FBC"),
        ('F', 1, 0, 0, 0, 1, 80, 40, 40, ratio(1, 1), Exact::ZERO, "E"),
    ];
    for (id, w, l, d, byes, played, vp_for, vp_against, margin, win_rate, sos, opponents) in expected {
        let s = line(&table, id);
        assert_eq!((s.wins, s.losses, s.draws, s.byes, s.played), (w, l, d, byes, played), "{id}");
        assert_eq!((s.vp_for, s.vp_against, s.margin), (vp_for, vp_against, margin), "{id}");
        assert_eq!((s.win_rate, s.sos), (win_rate, sos), "{id}");
        assert_eq!(s.opponents.iter().collect::<String>(), opponents, "{id}");
    }
    assert_eq!(line(&table, 'D').record().to_string(), "2-0-1");
    assert_eq!(line(&table, 'A').registration, 0);
    // Display values, one decimal: 2/3 = 66.66…%, 1/2 = 50%, 13/18 = 72.22…%.
    assert_eq!(line(&table, 'A').sos.as_percent_f64(), 66.7);
    assert_eq!(line(&table, 'C').sos.as_percent_f64(), 50.0);
    assert_eq!(line(&table, 'E').sos.as_percent_f64(), 72.2);
}

/// Six players, two rounds, entered in the order P, Q, X, Y, Z, W.
///
/// ```text
/// R1: P 30–20 X   Q 80–70 Y   Z 50–40 W
/// R2: P 20–30 Z   Q 70–80 W   X 10–10 Y (draw)
/// ```
/// Board win %: Z 2-0 → 1; W 1-1 → 1/2; P, Q 1-1 → 1/2; X, Y 0-1-1 → 1/4.
/// - Z: 2 wins, first.
/// - P, Q, W: one win each, margin 0 each (P +10−10, Q +10−10, W −10+10).
///   SOS: W = (Z 1 + Q 1/2)/2 = 3/4; P = (X 1/4 + Z 1)/2 = 5/8;
///   Q = (Y 1/4 + W 1/2)/2 = 3/8. So W, P, Q — P above Q although Q scored
///   150 VP against P's 50: SOS comes before total VP.
/// - X, Y: no win, margin −10 each (X 20−30, Y 80−90), SOS X = (P 1/2 + Y
///   1/4)/2 = 3/8, Y = (Q 1/2 + X 1/4)/2 = 3/8 → equal; total VP Y 80 > X 30,
///   so Y ranks above X although X registered first.
#[test]
fn tie_breaks_in_order_margin_sos_then_vp() {
    let games = [
        game(1, 'P', 30, 'X', 20),
        game(1, 'Q', 80, 'Y', 70),
        game(1, 'Z', 50, 'W', 40),
        game(2, 'P', 20, 'Z', 30),
        game(2, 'Q', 70, 'W', 80),
        game(2, 'X', 10, 'Y', 10),
    ];
    let table = standings(&['P', 'Q', 'X', 'Y', 'Z', 'W'], &games).unwrap();
    let order: String = table.iter().map(|s| s.id).collect();
    assert_eq!(order, "ZWPQYX");
    assert_eq!(line(&table, 'W').sos, ratio(3, 4));
    assert_eq!(line(&table, 'P').sos, ratio(5, 8));
    assert_eq!(line(&table, 'Q').sos, ratio(3, 8));
    assert_eq!(line(&table, 'X').sos, line(&table, 'Y').sos);
}

/// R1: A 50–50 B and C 50–50 D: everyone 0-0-1, margin 0, SOS (1/2), 50 VP.
/// Nothing separates them but registration: B, D, A, C as entered. E never
/// played: 0 wins and margin 0 like them, but SOS 0 < 1/2, so last.
#[test]
fn full_ties_fall_back_to_registration_order() {
    let games = [game(1, 'A', 50, 'B', 50), game(1, 'C', 50, 'D', 50)];
    let table = standings(&['B', 'D', 'A', 'C', 'E'], &games).unwrap();
    let order: String = table.iter().map(|s| s.id).collect();
    assert_eq!(order, "BDACE");
    assert_eq!(table[4].sos, Exact::ZERO);
    assert_eq!(table[4].win_rate, Exact::ZERO);
    assert_eq!(table[0].sos, ratio(1, 2));
}

/// A bye is a win with 0 VP either way, whatever VP the caller wrote on it;
/// it is not an opponent, and it counts as a win in the player's win % (the
/// seed: a bye "counts as WIN"), which is what the player's opponents' SOS
/// averages.
#[test]
fn a_bye_is_a_win_with_no_vp_and_no_opponent() {
    let games = [Game { round: 1, player1: 'A', player2: None, vp1: 99, vp2: 7 }, game(1, 'B', 40, 'C', 60)];
    let table = standings(&['A', 'B', 'C'], &games).unwrap();
    let a = line(&table, 'A');
    assert_eq!((a.wins, a.byes, a.played, a.vp_for, a.vp_against, a.margin), (1, 1, 0, 0, 0, 0));
    assert_eq!((a.sos, a.win_rate), (Exact::ZERO, ratio(1, 1)));
    assert!(a.opponents.is_empty());
    // C (1 win, +20) above A (1 win, 0).
    assert_eq!(table.iter().map(|s| s.id).collect::<String>(), "CAB");
    assert_eq!(games[0].result(), GameResult::Bye);
    assert_eq!(games[0].outcome_for('A'), Some(Outcome::Win));
}

#[test]
fn result_is_derived_from_vp() {
    assert_eq!(game(1, 'A', 72, 'B', 45).result(), GameResult::Player1Win);
    assert_eq!(game(1, 'A', 45, 'B', 72).result(), GameResult::Player2Win);
    assert_eq!(game(1, 'A', 60, 'B', 60).result(), GameResult::Draw);
    let g = game(1, 'A', 45, 'B', 72);
    assert_eq!(
        (g.outcome_for('A'), g.outcome_for('B'), g.outcome_for('C')),
        (Some(Outcome::Loss), Some(Outcome::Win), None)
    );
}

#[test]
fn inconsistent_input_is_rejected() {
    assert_eq!(standings(&['A', 'B', 'A'], &[]), Err(StandingsError::DuplicateEntrant('A')));
    assert_eq!(
        standings(&['A', 'B'], &[game(2, 'A', 1, 'Z', 0)]),
        Err(StandingsError::UnknownPlayer { round: 2, player: 'Z' })
    );
    assert_eq!(
        standings(&['A', 'B'], &[game(1, 'A', 1, 'A', 0)]),
        Err(StandingsError::SelfPairing { round: 1, player: 'A' })
    );
    assert_eq!(
        standings(&['A', 'B', 'C'], &[game(1, 'A', 1, 'B', 0), bye(1, 'B')]),
        Err(StandingsError::TwiceInRound { round: 1, player: 'B' })
    );
    assert!(standings::<char>(&[], &[]).unwrap().is_empty());
}
