//! The playoff decisions as the API answers them: codes and messages of the
//! engine's rules (`arbiter_engine::playoffs::matches`) through the one mapping.

use super::*;

fn settings(tiebreak: Option<&str>) -> PlayoffSettings {
    PlayoffSettings {
        cut: 8,
        reseed: false,
        third_place: false,
        tiebreak: tiebreak.map(String::from),
        per_pool: None,
        format: MatchFormat::Single,
        tiebreak_games: None,
        colours: ColourRule::Alternate,
    }
}

fn code(r: ApiResult<MatchResult>) -> String {
    r.err().map(|e| e.code().to_string()).unwrap_or_default()
}

fn croki(p1: u32, p2: u32, t1: u32, t2: u32) -> GameScore {
    GameScore::Crokinole { player1_points: p1, player2_points: p2, player1_twenties: t1, player2_twenties: t2 }
}

#[test]
fn a_best_of_three_goes_to_the_first_to_win_two_games() {
    let s = settings(None);
    let m = |games: &[(GameScore, Option<u8>)], by_to| decide_match(&s, games, by_to);
    let (score, result, games) = m(
        &[(croki(6, 2, 3, 1), None), (croki(2, 6, 0, 2), None), (croki(8, 0, 5, 0), None)],
        false,
    )
    .unwrap_or((croki(0, 0, 0, 0), MatchResult::Draw, Vec::new()));
    assert_eq!((score, result), (croki(16, 8, 8, 3), MatchResult::P1Win));
    assert_eq!(match_text(&games, None), "2–1 (6–2, 2–6, 8–0)");
    // 2–0 is over after two games; level points go to the 20s.
    let two = m(&[(croki(4, 4, 3, 1), None), (croki(6, 2, 0, 0), None)], false);
    assert_eq!(two.as_ref().ok().map(|r| r.1), Some(MatchResult::P1Win));
    assert_eq!(two.map(|r| match_text(&r.2, None)).ok().as_deref(), Some("2–0 (4–4 (20s 3–1), 6–2)"));
    let code = |r: ApiResult<(GameScore, MatchResult, Vec<MatchGame>)>| {
        r.err().map(|e| (e.code().to_string(), e.message().to_string())).unwrap_or_default()
    };
    let (c, msg) = code(m(&[(croki(6, 2, 0, 0), None), (croki(6, 2, 0, 0), None), (croki(2, 6, 0, 0), None)], false));
    assert_eq!(c, "invalid_match");
    assert!(msg.contains("won 2–0 after game 2: game 3 is not played"), "{msg}");
    let (c, msg) = code(m(&[(croki(6, 2, 0, 0), None), (croki(2, 6, 0, 0), None)], false));
    assert_eq!(c, "invalid_match");
    assert!(msg.contains("stands 1–1"), "{msg}");
    assert_eq!(code(m(&[], false)).0, "invalid_match");
    // A game level on points and 20s: a tiebreak round, whose winner the TO records.
    let (c, msg) = code(m(&[(croki(4, 4, 2, 2), None), (croki(2, 6, 0, 0), None)], false));
    assert_eq!(c, "winner_needed");
    assert!(msg.starts_with("Game 1: ") && msg.contains("tiebreak round"), "{msg}");
    assert_eq!(code(m(&[(croki(4, 4, 2, 2), Some(2)), (croki(2, 6, 0, 0), None)], false)).0, "invalid_winner");
    let to = m(&[(croki(4, 4, 2, 2), Some(2)), (croki(2, 6, 0, 0), None)], true);
    assert_eq!(to.as_ref().ok().map(|r| r.1), Some(MatchResult::P2Win));
    assert_eq!(
        to.map(|r| match_text(&r.2, None)).ok().as_deref(),
        Some("0–2 (4–4 (20s 2–2, tiebreak: player 2), 2–6)")
    );
}

#[test]
fn a_drawn_chess_playoff_game_goes_to_tiebreak_games_then_a_decider() {
    use crate::domain::ChessResult::{BlackWins as B, Draw as D, WhiteWins as W};
    let mut s = settings(Some("two 10+5 rapid games, then Armageddon"));
    s.format = MatchFormat::TiebreakGames;
    s.tiebreak_games = Some(2);
    let m = |s: &PlayoffSettings, games: &[(ChessResult, Option<u8>)], winner, by_to| {
        decide_chess_match(s, games, winner, by_to)
    };
    let ok = |r: ApiResult<(GameScore, MatchResult, Vec<MatchGame>)>| {
        r.map(|(_, res, g)| (res, match_text(&g, Some(res)))).map_err(|e| e.message().to_string())
    };
    let err = |r: ApiResult<(GameScore, MatchResult, Vec<MatchGame>)>| {
        r.err().map(|e| (e.code().to_string(), e.message().to_string())).unwrap_or_default()
    };
    // A decisive game is the match.
    assert_eq!(ok(m(&s, &[(W, None)], None, false)), Ok((MatchResult::P1Win, "1–0".into())));
    assert_eq!(ok(m(&s, &[(B, None)], None, false)), Ok((MatchResult::P2Win, "0–1".into())));
    let (c, msg) = err(m(&s, &[(W, None), (D, None)], None, false));
    assert_eq!(c, "invalid_match");
    assert!(msg.contains("Game 1 was won"), "{msg}");
    let (c, msg) = err(m(&s, &[(D, None)], None, false));
    assert_eq!(c, "invalid_match");
    assert!(msg.contains("report the 2 tie-break game(s) (0 reported so far)"), "{msg}");
    // Alternating colours: tie-break game 1 has player 2 White, game 2 player 1.
    assert_eq!(
        ok(m(&s, &[(D, None), (W, None), (D, None)], None, false)),
        Ok((MatchResult::P2Win, "½–½; tie-breaks 0–1, ½–½ (½–1½)".into()))
    );
    let (c, msg) = err(m(&s, &[(D, None), (W, Some(1))], None, false));
    assert_eq!(c, "invalid_match");
    assert!(msg.contains("Tie-break game 1: by the alternating colours player 2 has White"), "{msg}");
    let (c, msg) = err(m(&s, &[(D, None), (W, None), (W, None), (D, None)], None, false));
    assert_eq!(c, "invalid_match");
    assert!(msg.contains("set 2 tie-break game(s); a match has no tie-break game 3"), "{msg}");
    // Level tie-breaks (each won with White): the decider, whose winner only the TO records.
    let (c, msg) = err(m(&s, &[(D, None), (W, None), (W, None)], None, false));
    assert_eq!(c, "winner_needed");
    assert!(msg.contains("level 1–1") && msg.contains("then Armageddon"), "{msg}");
    assert_eq!(err(m(&s, &[(D, None), (W, None), (W, None)], Some(1), false)).0, "invalid_winner");
    assert_eq!(
        ok(m(&s, &[(D, None), (W, None), (W, None)], Some(1), true)),
        Ok((MatchResult::P1Win, "½–½; tie-breaks 0–1, 1–0 (1–1); decider: player 1".into()))
    );
    assert_eq!(err(m(&s, &[(D, None), (W, None), (B, None)], Some(1), true)).0, "invalid_winner");
    // Four tie-break games stop once one player cannot be caught: 3–0 after three.
    s.tiebreak_games = Some(4);
    let (c, msg) = err(m(&s, &[(D, None), (B, None), (W, None), (B, None), (D, None)], None, false));
    assert_eq!(c, "invalid_match");
    assert!(msg.contains("decided after game 3 (3–0): tie-break game 4 is not played"), "{msg}");
    // Colours the TO sets: each tie-break game names White.
    s.colours = ColourRule::Reported;
    let (c, msg) = err(m(&s, &[(D, None), (W, None)], None, false));
    assert_eq!(c, "invalid_match");
    assert!(msg.contains("name the player with White"), "{msg}");
    s.tiebreak_games = Some(2);
    assert_eq!(
        ok(m(&s, &[(D, None), (W, Some(1)), (D, Some(1))], None, false)),
        Ok((MatchResult::P1Win, "½–½; tie-breaks 1–0, ½–½ (1½–½)".into()))
    );
}

#[test]
fn playoff_games_need_a_winner() {
    let s = settings(None);
    let vp = |a, b| GameScore::Wh40k { player1_vp: a, player2_vp: b };
    assert_eq!(decide(&s, &vp(60, 40), None, false).ok(), Some(MatchResult::P1Win));
    assert_eq!(code(decide(&s, &vp(50, 50), None, false)), "winner_needed");
    assert_eq!(decide(&s, &vp(50, 50), Some(2), true).ok(), Some(MatchResult::P2Win));
    assert_eq!(code(decide(&s, &vp(50, 50), Some(2), false)), "invalid_winner");
    assert_eq!(code(decide(&s, &vp(50, 50), Some(3), true)), "invalid_winner");
    assert_eq!(code(decide(&s, &vp(60, 40), Some(2), true)), "invalid_winner");
    // Crokinole: level points go to the 20s; level 20s need a tiebreak round.
    let c = |p1, p2, t1, t2| GameScore::Crokinole {
        player1_points: p1,
        player2_points: p2,
        player1_twenties: t1,
        player2_twenties: t2,
    };
    assert_eq!(decide(&s, &c(4, 4, 1, 3), None, false).ok(), Some(MatchResult::P2Win));
    assert_eq!(decide(&s, &c(2, 6, 5, 0), None, false).ok(), Some(MatchResult::P2Win));
    let level = decide(&s, &c(4, 4, 2, 2), None, false);
    assert!(level.as_ref().err().is_some_and(|e| e.message().contains("tiebreak round")));
    // Chess: a draw or a double forfeit is no winner; the TO's rule is quoted.
    let rule = settings(Some("two rapid games, then Armageddon"));
    let chess = |r| GameScore::Chess { result: r };
    let draw = decide(&rule, &chess(crate::domain::ChessResult::Draw), None, false);
    assert!(draw.as_ref().err().is_some_and(
        |e| e.message().contains("tie-break games") && e.message().contains("two rapid games, then Armageddon")
    ));
    let dff = decide(&rule, &chess(crate::domain::ChessResult::DoubleForfeit), None, false);
    assert_eq!(code(dff), "winner_needed");
    let forfeit = decide(&rule, &chess(crate::domain::ChessResult::BlackWinsByForfeit), None, false);
    assert_eq!(forfeit.ok(), Some(MatchResult::P2WinForfeit));
}
