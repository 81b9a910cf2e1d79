//! Playoff decisions against the rules they implement: the World Crokinole
//! Championship's best of three (points, then 20s, then a tiebreak round)
//! and the FIDE World Cup's knockout (tie-break games, then a decider).

use super::matches::*;
use crate::model::ChessResult::{self, BlackWins as B, Draw as D, WhiteWins as W};

fn croki(p1: u32, p2: u32, t1: u32, t2: u32) -> Score {
    Score::Crokinole { player1_points: p1, player2_points: p2, player1_twenties: t1, player2_twenties: t2 }
}

fn msg(r: Result<Decided, MatchRefusal>) -> String {
    r.err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn a_best_of_three_goes_to_the_first_to_win_two_games() {
    let m = |games: &[(Score, Option<u8>)], by_to| decide_match(games, None, by_to);
    let won = m(&[(croki(6, 2, 3, 1), None), (croki(2, 6, 0, 2), None), (croki(8, 0, 5, 0), None)], false);
    let Ok(won) = won else { panic!("{won:?}") };
    assert_eq!((won.score, won.decision), (croki(16, 8, 8, 3), Decision::P1Win));
    assert_eq!(match_text(&won.games, None), "2–1 (6–2, 2–6, 8–0)");
    // 2–0 is over after two games; level points go to the 20s.
    let two = m(&[(croki(4, 4, 3, 1), None), (croki(6, 2, 0, 0), None)], false);
    assert_eq!(two.as_ref().ok().map(|r| r.decision), Some(Decision::P1Win));
    assert_eq!(two.map(|r| match_text(&r.games, None)).ok().as_deref(), Some("2–0 (4–4 (20s 3–1), 6–2)"));
    let over = m(&[(croki(6, 2, 0, 0), None), (croki(6, 2, 0, 0), None), (croki(2, 6, 0, 0), None)], false);
    assert_eq!(over, Err(MatchRefusal::MatchOver { won: 2, lost: 0, after: 2, n: 3 }));
    assert!(msg(over).contains("won 2–0 after game 2: game 3 is not played"));
    let open = m(&[(croki(6, 2, 0, 0), None), (croki(2, 6, 0, 0), None)], false);
    assert!(msg(open).contains("stands 1–1"));
    assert_eq!(m(&[], false), Err(MatchRefusal::MatchUndecided { games: 0, won1: 0, won2: 0 }));
    assert_eq!(m(&[(Score::Vp { player1: 1, player2: 0 }, None)], false), Err(MatchRefusal::NotCrokinole));
    // A game level on points and 20s: a tiebreak round, whose winner the TO records.
    let level = m(&[(croki(4, 4, 2, 2), None), (croki(2, 6, 0, 0), None)], false);
    assert_eq!(
        level,
        Err(MatchRefusal::InGame {
            n: 1,
            refusal: Box::new(MatchRefusal::WinnerNeeded { tiebreaker: Tiebreaker::TiebreakRound, rule: None })
        })
    );
    assert!(msg(level).starts_with("Game 1: "));
    let from_player = m(&[(croki(4, 4, 2, 2), Some(2)), (croki(2, 6, 0, 0), None)], false);
    assert_eq!(from_player, Err(MatchRefusal::InGame { n: 1, refusal: Box::new(MatchRefusal::WinnerFromPlayer) }));
    let to = m(&[(croki(4, 4, 2, 2), Some(2)), (croki(2, 6, 0, 0), None)], true);
    assert_eq!(to.as_ref().ok().map(|r| r.decision), Some(Decision::P2Win));
    assert_eq!(
        to.map(|r| match_text(&r.games, None)).ok().as_deref(),
        Some("0–2 (4–4 (20s 2–2, tiebreak: player 2), 2–6)")
    );
}

#[test]
fn a_drawn_chess_playoff_game_goes_to_tiebreak_games_then_a_decider() {
    let mut rules = ChessMatch {
        tiebreak_games: Some(2),
        colours: Colours::Alternate,
        rule: Some("two 10+5 rapid games, then Armageddon"),
    };
    let m = |rules: &ChessMatch<'_>, games: &[(ChessResult, Option<u8>)], winner, by_to| {
        decide_chess_match(rules, games, winner, by_to)
    };
    let ok = |r: Result<Decided, MatchRefusal>| r.map(|d| (d.decision, match_text(&d.games, Some(d.decision))));
    // A decisive game is the match.
    assert_eq!(ok(m(&rules, &[(W, None)], None, false)), Ok((Decision::P1Win, "1–0".into())));
    assert_eq!(m(&rules, &[(B, None)], None, false).map(|d| d.score), Ok(Score::Chess(ChessResult::BlackWins)));
    assert_eq!(m(&rules, &[(W, None), (D, None)], None, false), Err(MatchRefusal::GameOneWon));
    let missing = m(&rules, &[(D, None)], None, false);
    assert!(msg(missing).contains("report the 2 tie-break game(s) (0 reported so far)"));
    assert_eq!(m(&rules, &[], None, true), Err(MatchRefusal::NoGames));
    assert_eq!(m(&rules, &[(D, None)], Some(1), false), Err(MatchRefusal::DeciderFromPlayer));
    // Alternating colours: tie-break game 1 has player 2 White, game 2 player 1.
    assert_eq!(
        ok(m(&rules, &[(D, None), (W, None), (D, None)], None, false)),
        Ok((Decision::P2Win, "½–½; tie-breaks 0–1, ½–½ (½–1½)".into()))
    );
    let colours = m(&rules, &[(D, None), (W, Some(1))], None, false);
    assert!(msg(colours).contains("Tie-break game 1: by the alternating colours player 2 has White"));
    assert_eq!(m(&rules, &[(D, Some(2))], None, false), Err(MatchRefusal::GameOneColours(1)));
    let extra = m(&rules, &[(D, None), (W, None), (W, None), (D, None)], None, false);
    assert!(msg(extra).contains("set 2 tie-break game(s); a match has no tie-break game 3"));
    // Level tie-breaks (each won with White): the decider, whose winner only the TO records.
    let level = m(&rules, &[(D, None), (W, None), (W, None)], None, false);
    let text = msg(level);
    assert!(
        text.contains("level 1–1") && text.ends_with("The organiser's rule: two 10+5 rapid games, then Armageddon.")
    );
    assert_eq!(m(&rules, &[(D, None), (W, None), (W, None)], Some(3), true), Err(MatchRefusal::NotASeat(3)));
    assert_eq!(
        ok(m(&rules, &[(D, None), (W, None), (W, None)], Some(1), true)),
        Ok((Decision::P1Win, "½–½; tie-breaks 0–1, 1–0 (1–1); decider: player 1".into()))
    );
    assert_eq!(m(&rules, &[(D, None), (W, None), (B, None)], Some(1), true), Err(MatchRefusal::MatchDecided));
    // Four tie-break games stop once one player cannot be caught: 3–0 after three.
    rules.tiebreak_games = Some(4);
    let stopped = m(&rules, &[(D, None), (B, None), (W, None), (B, None), (D, None)], None, false);
    assert!(msg(stopped).contains("decided after game 3 (3–0): tie-break game 4 is not played"));
    // Colours the TO sets: each tie-break game names White.
    rules.colours = Colours::Reported;
    assert_eq!(m(&rules, &[(D, None), (W, None)], None, false), Err(MatchRefusal::WhiteNeeded(1)));
    assert_eq!(m(&rules, &[(D, None), (W, Some(3))], None, false), Err(MatchRefusal::WhiteNotASeat { k: 1, white: 3 }));
    rules.tiebreak_games = Some(2);
    assert_eq!(
        ok(m(&rules, &[(D, None), (W, Some(1)), (D, Some(1))], None, false)),
        Ok((Decision::P1Win, "½–½; tie-breaks 1–0, ½–½ (1½–½)".into()))
    );
}

#[test]
fn playoff_games_need_a_winner() {
    let vp = |a, b| Score::Vp { player1: a, player2: b };
    assert_eq!(decide(&vp(60, 40), None, None, false), Ok(Decision::P1Win));
    assert_eq!(
        decide(&vp(50, 50), None, None, false),
        Err(MatchRefusal::WinnerNeeded { tiebreaker: Tiebreaker::Vp, rule: None })
    );
    assert_eq!(decide(&vp(50, 50), None, Some(2), true), Ok(Decision::P2Win));
    assert_eq!(decide(&vp(50, 50), None, Some(2), false), Err(MatchRefusal::WinnerFromPlayer));
    assert_eq!(decide(&vp(50, 50), None, Some(3), true), Err(MatchRefusal::NotASeat(3)));
    assert_eq!(decide(&vp(60, 40), None, Some(2), true), Err(MatchRefusal::AlreadyDecided));
    // Crokinole: level points go to the 20s; level 20s need a tiebreak round.
    assert_eq!(decide(&croki(4, 4, 1, 3), None, None, false), Ok(Decision::P2Win));
    assert_eq!(decide(&croki(2, 6, 5, 0), None, None, false), Ok(Decision::P2Win));
    assert_eq!(
        decide(&croki(4, 4, 2, 2), None, None, false),
        Err(MatchRefusal::WinnerNeeded { tiebreaker: Tiebreaker::TiebreakRound, rule: None })
    );
    // Chess: a draw or a double forfeit is no winner; the TO's rule is kept; a forfeit wins.
    let rule = Some("two rapid games, then Armageddon");
    let need = Err(MatchRefusal::WinnerNeeded { tiebreaker: Tiebreaker::TiebreakGames, rule: rule.map(String::from) });
    assert_eq!(decide(&Score::Chess(ChessResult::Draw), rule, None, false), need);
    assert_eq!(decide(&Score::Chess(ChessResult::DoubleForfeit), rule, None, false), need);
    assert_eq!(decide(&Score::Chess(ChessResult::BlackWinsByForfeit), rule, None, false), Ok(Decision::P2WinForfeit));
}

#[test]
fn half_points_read_as_people_write_them() {
    assert_eq!(halves_text(0), "0");
    assert_eq!(halves_text(1), "½");
    assert_eq!(halves_text(3), "1½");
    assert_eq!(halves_text(4), "2");
}
