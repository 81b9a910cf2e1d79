//! Who won a playoff table: a playoff game must produce a winner, and a
//! playoff match of several games is decided game by game.
//!
//! - **One game** ([`decide`]): more VP (40K) or game points (crokinole)
//!   wins; in crokinole, level points are decided by the 20s (the World
//!   Crokinole Championship's order: points, then 20s, then a tiebreak
//!   round); chess as written (a forfeit wins). A score still level (40K VP,
//!   crokinole points and 20s, a chess draw or double forfeit) needs the
//!   organiser to record who won the tiebreaker.
//! - **Best of three** ([`decide_match`], crokinole): the first player to win
//!   two games wins the match (the World Crokinole Championship's
//!   semifinals and final), so a match is 2 games (2–0) or 3 (after 1–1).
//! - **A game, then tie-break games** ([`decide_chess_match`], chess): the
//!   knockout shape of the FIDE World Cup regulations with one game before
//!   the tie-breaks: a drawn game is followed by the organiser's number of
//!   tie-break games, stopping once one player cannot be caught; level
//!   after them all, a decider (e.g. Armageddon) whose winner the organiser
//!   records.
//!
//! Every refusal is a [`MatchRefusal`]; its text is what the API answers.

use crate::model::ChessResult;
use serde::{Deserialize, Serialize};

/// A playoff game's score, as the decision reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Warhammer 40K: each player's victory points.
    Vp {
        /// Player 1's VP.
        player1: u32,
        /// Player 2's VP.
        player2: u32,
    },
    /// Chess: the result, White (player 1) first.
    Chess(ChessResult),
    /// Crokinole: each player's game points and 20s.
    Crokinole {
        /// Player 1's game points.
        player1_points: u32,
        /// Player 2's game points.
        player2_points: u32,
        /// Player 1's 20s.
        player1_twenties: u32,
        /// Player 2's 20s.
        player2_twenties: u32,
    },
}

/// What the tiebreaker of a level game is, by the score's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tiebreaker {
    /// 40K: level VP; the organiser's tiebreaker decides.
    Vp,
    /// Crokinole: level points and 20s; a tiebreak round decides.
    TiebreakRound,
    /// Chess: a draw or a double forfeit; tie-break games decide.
    TiebreakGames,
}

impl Score {
    /// The tiebreaker a level score of this game goes to.
    #[must_use]
    pub const fn tiebreaker(&self) -> Tiebreaker {
        match self {
            Score::Vp { .. } => Tiebreaker::Vp,
            Score::Chess(_) => Tiebreaker::TiebreakGames,
            Score::Crokinole { .. } => Tiebreaker::TiebreakRound,
        }
    }

    /// The winner the score itself names, `None` when it is level: more VP
    /// or points; crokinole's level points by the 20s; chess as written
    /// (a draw and a double forfeit are level).
    #[must_use]
    pub const fn winner(&self) -> Option<Decision> {
        const fn more(a: u32, b: u32) -> Option<Decision> {
            if a > b {
                Some(Decision::P1Win)
            } else if b > a {
                Some(Decision::P2Win)
            } else {
                None
            }
        }

        match *self {
            Score::Vp { player1, player2 } => more(player1, player2),
            Score::Crokinole { player1_points, player2_points, player1_twenties, player2_twenties } => {
                if player1_points == player2_points {
                    more(player1_twenties, player2_twenties)
                } else {
                    more(player1_points, player2_points)
                }
            }
            Score::Chess(r) => match r {
                ChessResult::WhiteWins => Some(Decision::P1Win),
                ChessResult::BlackWins => Some(Decision::P2Win),
                ChessResult::WhiteWinsByForfeit => Some(Decision::P1WinForfeit),
                ChessResult::BlackWinsByForfeit => Some(Decision::P2WinForfeit),
                ChessResult::Draw | ChessResult::DoubleForfeit => None,
            },
        }
    }
}

/// Who won a playoff table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Player 1 won.
    P1Win,
    /// Player 2 won.
    P2Win,
    /// Player 1 won by forfeit (chess 1F-0F).
    P1WinForfeit,
    /// Player 2 won by forfeit (chess 0F-1F).
    P2WinForfeit,
}

impl Decision {
    /// Whether player 1 won (over the board or by forfeit).
    #[must_use]
    pub const fn player1_won(self) -> bool {
        matches!(self, Decision::P1Win | Decision::P1WinForfeit)
    }

    /// The decision of the seat the organiser named: 1 or 2.
    const fn of_seat(seat: u8) -> Result<Decision, MatchRefusal> {
        match seat {
            1 => Ok(Decision::P1Win),
            2 => Ok(Decision::P2Win),
            n => Err(MatchRefusal::NotASeat(n)),
        }
    }
}

/// Who has White in chess tie-break games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Colours {
    /// The first tie-break game reverses the playoff game's colours, and they alternate after.
    #[default]
    Alternate,
    /// The organiser sets them: each tie-break game names the seat with White.
    Reported,
}

/// The organiser's rules of a chess playoff match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessMatch<'a> {
    /// How many tie-break games follow a drawn game (2 unless set).
    pub tiebreak_games: Option<u32>,
    /// Who has White in them.
    pub colours: Colours,
    /// What decides a level match, in the organiser's words.
    pub rule: Option<&'a str>,
}

/// One game of a playoff match of several games, as reported (stored as JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MatchGame {
    /// A game of a crokinole best of three.
    Crokinole(CrokinoleGame),
    /// A chess game: the playoff game or one of its tie-break games.
    Chess(ChessGame),
}

/// A crokinole game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrokinoleGame {
    /// Player 1's game points.
    pub player1_points: u32,
    /// Player 2's game points.
    pub player2_points: u32,
    /// Player 1's 20s.
    pub player1_twenties: u32,
    /// Player 2's 20s.
    pub player2_twenties: u32,
    /// The seat (1 or 2) that won a game level on points and 20s, as the TO recorded it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<u8>,
}

impl CrokinoleGame {
    /// The game as people read it: `6–2`, with the TO's winner of a level game: `4–4 (20s 2–2, tiebreak: player 1)`.
    #[must_use]
    pub fn text(&self) -> String {
        let mut s = format!("{}–{}", self.player1_points, self.player2_points);
        if self.player1_points == self.player2_points {
            s.push_str(&format!(" (20s {}–{}", self.player1_twenties, self.player2_twenties));
            if let Some(w) = self.winner {
                s.push_str(&format!(", tiebreak: player {w}"));
            }
            s.push(')');
        }
        s
    }

    /// Whether player 1 won it (on points, then 20s, then the TO's tiebreak winner).
    #[must_use]
    pub fn player1_won(&self) -> bool {
        self.player1_points > self.player2_points
            || (self.player1_points == self.player2_points
                && (self.player1_twenties > self.player2_twenties
                    || (self.player1_twenties == self.player2_twenties && self.winner == Some(1))))
    }
}

/// A chess game of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChessGame {
    /// The seat (1 or 2) with White.
    pub white: u8,
    /// The result, White first (`1-0`, `½-½`, `0-1`, forfeits `1F-0F`…).
    pub result: String,
    /// Player 1's score in half-points (2 a win, 1 a draw).
    pub player1_halves: u32,
    /// Player 2's score in half-points.
    pub player2_halves: u32,
}

/// Half-points as people write them: `1½`, `½`, `0`.
#[must_use]
pub fn halves_text(h: u32) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".into(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// " The organiser's rule: …." after a refusal, or nothing.
fn rule_text(rule: Option<&str>) -> String {
    rule.map(|r| format!(" The organiser's rule: {r}.")).unwrap_or_default()
}

/// Why a playoff result is refused. The text is the API's message; the
/// server maps each refusal to its error code in one place.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchRefusal {
    /// A player's report names the winner of a tiebreaker (only the organiser records it).
    #[error("Only the organiser records the winner of a tiebreaker; report the score.")]
    WinnerFromPlayer,
    /// A winner given for a score that has one.
    #[error("This score already has a winner; give a winner only for a level score.")]
    AlreadyDecided,
    /// A winner that is no seat.
    #[error("The winner is seat 1 or 2, not {0}.")]
    NotASeat(u8),
    /// A level game without the organiser's winner of its tiebreaker.
    #[error("The score is level: the organiser records the winner of the tiebreaker.{}", rule_text(.rule.as_deref()))]
    WinnerNeeded {
        /// What decides the level game.
        tiebreaker: Tiebreaker,
        /// The organiser's own words for it.
        rule: Option<String>,
    },
    /// A refusal about one game (1-based) of a match.
    #[error("Game {n}: {refusal}")]
    InGame {
        /// The game.
        n: u32,
        /// Its refusal.
        refusal: Box<MatchRefusal>,
    },
    /// A game reported after the best of three was won.
    #[error("The match was won {won}–{lost} after game {after}: game {n} is not played. Report the games played.")]
    MatchOver {
        /// The winner's games.
        won: u32,
        /// The loser's games.
        lost: u32,
        /// The game that won it.
        after: u32,
        /// The game reported past it.
        n: u32,
    },
    /// A best-of-three game that is not a crokinole score.
    #[error("A best-of-three match is played in crokinole.")]
    NotCrokinole,
    /// Games that leave a best of three undecided.
    #[error("A best-of-three match is won by the first player to win two games; after {games} game(s) it stands {won1}–{won2}: report every game, under \"games\".")]
    MatchUndecided {
        /// Games reported.
        games: usize,
        /// Games player 1 won.
        won1: u32,
        /// Games player 2 won.
        won2: u32,
    },
    /// A chess match without games.
    #[error("Report the playoff game, and any tie-break games, under \"games\": [{{\"result\": \"1-0\"}}, …].")]
    NoGames,
    /// A player's report names the winner of the decider.
    #[error("Only the organiser records the winner of the decider; report the games.")]
    DeciderFromPlayer,
    /// A tie-break game after a won game 1.
    #[error("Game 1 was won: the match is over and no tie-break games are played.")]
    GameOneWon,
    /// A tie-break game after the tie-breaks were decided.
    #[error("The tie-break games were decided after game {after} ({}–{}): tie-break game {k} is not played.", halves_text(*.player1), halves_text(*.player2))]
    TiebreaksDecided {
        /// The tie-break game that decided them.
        after: u32,
        /// Player 1's tie-break half-points.
        player1: u32,
        /// Player 2's tie-break half-points.
        player2: u32,
        /// The tie-break game reported past it.
        k: u32,
    },
    /// More tie-break games than the organiser set.
    #[error("The organiser set {planned} tie-break game(s); a match has no tie-break game {k}.")]
    NoSuchTiebreak {
        /// Tie-break games set.
        planned: u32,
        /// The one reported.
        k: u32,
    },
    /// Game 1 reported with other colours than paired.
    #[error("Game 1 is played with the colours as paired: player {0} has White.")]
    GameOneColours(u8),
    /// A tie-break game against the alternating colours.
    #[error("Tie-break game {k}: by the alternating colours player {white} has White.")]
    AlternatingColours {
        /// The tie-break game.
        k: u32,
        /// The seat with White by the rule.
        white: u8,
    },
    /// A tie-break game naming a White that is no seat.
    #[error("Tie-break game {k}: White is player 1 or 2, not {white}.")]
    WhiteNotASeat {
        /// The tie-break game.
        k: u32,
        /// The seat given.
        white: u8,
    },
    /// A tie-break game without White, when the organiser sets the colours.
    #[error("Tie-break game {0}: the organiser sets the colours; name the player with White (\"white\": 1 or 2).")]
    WhiteNeeded(u32),
    /// A winner given for a match the games decided.
    #[error("The games decided this match; give a winner only when the tie-break games are level.")]
    MatchDecided,
    /// A drawn game 1 without all its tie-break games.
    #[error("Game 1 was drawn: report the {planned} tie-break game(s) ({played} reported so far).")]
    TiebreaksMissing {
        /// Tie-break games set.
        planned: u32,
        /// Tie-break games reported.
        played: u32,
    },
    /// Level tie-breaks without the organiser's winner of the decider.
    #[error("The tie-break games are level {}–{}: the decider the organiser sets (e.g. Armageddon) decides, and the organiser records its winner (override with \"winner\": 1 or 2).{}", halves_text(*.player1), halves_text(*.player2), rule_text(.rule.as_deref()))]
    DeciderNeeded {
        /// Player 1's tie-break half-points.
        player1: u32,
        /// Player 2's tie-break half-points.
        player2: u32,
        /// The organiser's rule.
        rule: Option<String>,
    },
}

/// The result of a single playoff game: the score's winner ([`Score::winner`]),
/// or for a level score the seat the organiser names as the tiebreaker's
/// winner (`winner`: 1 or 2; `by_to` says the organiser gave it).
///
/// # Errors
/// [`MatchRefusal::WinnerFromPlayer`] for a winner a player gave;
/// [`MatchRefusal::AlreadyDecided`] for a winner of a decided score;
/// [`MatchRefusal::NotASeat`]; [`MatchRefusal::WinnerNeeded`] for a level
/// score without a winner (with `rule`, the organiser's tiebreaker in words).
pub fn decide(score: &Score, rule: Option<&str>, winner: Option<u8>, by_to: bool) -> Result<Decision, MatchRefusal> {
    if winner.is_some() && !by_to {
        return Err(MatchRefusal::WinnerFromPlayer);
    }
    match (score.winner(), winner) {
        (Some(decided), None) => Ok(decided),
        (Some(_), Some(_)) => Err(MatchRefusal::AlreadyDecided),
        (None, Some(seat)) => Decision::of_seat(seat),
        (None, None) => {
            Err(MatchRefusal::WinnerNeeded { tiebreaker: score.tiebreaker(), rule: rule.map(String::from) })
        }
    }
}

/// A decided playoff match: the table's score, its winner, and its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided {
    /// The table's score: a best of three's totals; a chess match's result
    /// (`1-0` when player 1 won it, `0-1` otherwise).
    pub score: Score,
    /// Who won.
    pub decision: Decision,
    /// The games, in playing order.
    pub games: Vec<MatchGame>,
}

/// A crokinole best-of-three match from its games in playing order, each
/// with the organiser's winner of a game level on points and 20s: every game
/// is decided as a single playoff game ([`decide`]); the first player to win
/// two games wins the match. The table's score is the match's totals.
///
/// # Errors
/// [`MatchRefusal::MatchOver`] for a game after the match was won,
/// [`MatchRefusal::NotCrokinole`], [`MatchRefusal::MatchUndecided`], and a
/// game's own refusal inside [`MatchRefusal::InGame`].
pub fn decide_match(games: &[(Score, Option<u8>)], rule: Option<&str>, by_to: bool) -> Result<Decided, MatchRefusal> {
    let (mut won1, mut won2) = (0u32, 0u32);
    let mut total = (0u32, 0u32, 0u32, 0u32);
    let mut out = Vec::with_capacity(games.len());
    for (n, (score, winner)) in (1u32..).zip(games) {
        if won1 == 2 || won2 == 2 {
            return Err(MatchRefusal::MatchOver { won: won1.max(won2), lost: won1.min(won2), after: n - 1, n });
        }
        let Score::Crokinole { player1_points, player2_points, player1_twenties, player2_twenties } = *score else {
            return Err(MatchRefusal::NotCrokinole);
        };
        let decided =
            decide(score, rule, *winner, by_to).map_err(|e| MatchRefusal::InGame { n, refusal: Box::new(e) })?;
        if decided.player1_won() {
            won1 += 1;
        } else {
            won2 += 1;
        }
        total = (
            total.0 + player1_points,
            total.1 + player2_points,
            total.2 + player1_twenties,
            total.3 + player2_twenties,
        );
        let level = player1_points == player2_points && player1_twenties == player2_twenties;
        out.push(MatchGame::Crokinole(CrokinoleGame {
            player1_points,
            player2_points,
            player1_twenties,
            player2_twenties,
            winner: winner.filter(|_| level),
        }));
    }
    if won1 < 2 && won2 < 2 {
        return Err(MatchRefusal::MatchUndecided { games: games.len(), won1, won2 });
    }
    let score = Score::Crokinole {
        player1_points: total.0,
        player2_points: total.1,
        player1_twenties: total.2,
        player2_twenties: total.3,
    };
    Ok(Decided { score, decision: if won1 == 2 { Decision::P1Win } else { Decision::P2Win }, games: out })
}

/// White's and Black's half-points of a chess result.
const fn halves(r: ChessResult) -> (u32, u32) {
    match r {
        ChessResult::WhiteWins | ChessResult::WhiteWinsByForfeit => (2, 0),
        ChessResult::Draw => (1, 1),
        ChessResult::BlackWins | ChessResult::BlackWinsByForfeit => (0, 2),
        ChessResult::DoubleForfeit => (0, 0),
    }
}

/// A chess playoff match from its games in playing order, each a result
/// (White first) with the seat that had White: the playoff game (player 1
/// White, as paired) decides unless drawn; then the organiser's number of
/// tie-break games (2 unless set), colours by their rule ([`Colours`]:
/// alternating from reversed, or named in each game), stopping once one
/// player leads by more than the games left can make up; level after them
/// all, the decider the organiser sets decides, and they record its winner
/// (`winner`).
///
/// # Errors
/// [`MatchRefusal::NoGames`], `GameOneWon`, `TiebreaksDecided`,
/// `NoSuchTiebreak`, `GameOneColours`, `AlternatingColours`,
/// `WhiteNotASeat`, `WhiteNeeded`, `TiebreaksMissing` for a missing, extra
/// or wrongly coloured game; `DeciderNeeded` for level tie-breaks without a
/// winner; `DeciderFromPlayer`, `MatchDecided`, `NotASeat` for a winner from
/// a player, for a decided match, or not 1 or 2.
pub fn decide_chess_match(
    rules: &ChessMatch<'_>,
    games: &[(ChessResult, Option<u8>)],
    winner: Option<u8>,
    by_to: bool,
) -> Result<Decided, MatchRefusal> {
    let planned = rules.tiebreak_games.unwrap_or(2);
    if games.is_empty() {
        return Err(MatchRefusal::NoGames);
    }
    if winner.is_some() && !by_to {
        return Err(MatchRefusal::DeciderFromPlayer);
    }
    let (mut tb1, mut tb2) = (0u32, 0u32);
    let mut out = Vec::with_capacity(games.len());
    let mut decided: Option<Decision> = None;
    for (k, &(result, white)) in (0u32..).zip(games) {
        if decided.is_some() {
            return Err(if k == 1 {
                MatchRefusal::GameOneWon
            } else {
                MatchRefusal::TiebreaksDecided { after: k - 1, player1: tb1, player2: tb2, k }
            });
        }
        if k > planned {
            return Err(MatchRefusal::NoSuchTiebreak { planned, k });
        }
        let expected = match (k, rules.colours) {
            (0, _) => Some(1),
            (_, Colours::Alternate) => Some(if k % 2 == 1 { 2 } else { 1 }),
            (_, Colours::Reported) => None,
        };
        let white = match (expected, white) {
            (Some(e), None) => e,
            (Some(e), Some(w)) if w == e => e,
            (Some(e), Some(_)) if k == 0 => return Err(MatchRefusal::GameOneColours(e)),
            (Some(e), Some(_)) => return Err(MatchRefusal::AlternatingColours { k, white: e }),
            (None, Some(w @ (1 | 2))) => w,
            (None, Some(w)) => return Err(MatchRefusal::WhiteNotASeat { k, white: w }),
            (None, None) => return Err(MatchRefusal::WhiteNeeded(k)),
        };
        let (wh, bh) = halves(result);
        let (h1, h2) = if white == 1 { (wh, bh) } else { (bh, wh) };
        out.push(MatchGame::Chess(ChessGame {
            white,
            result: result.as_str().into(),
            player1_halves: h1,
            player2_halves: h2,
        }));
        if k == 0 {
            if h1 != h2 {
                decided = Some(if h1 > h2 { Decision::P1Win } else { Decision::P2Win });
            }
            continue;
        }
        tb1 += h1;
        tb2 += h2;
        if tb1.abs_diff(tb2) > 2 * (planned - k) {
            decided = Some(if tb1 > tb2 { Decision::P1Win } else { Decision::P2Win });
        }
    }
    let played = u32::try_from(games.len() - 1).unwrap_or(u32::MAX);
    let decision = match (decided, winner) {
        (Some(_), Some(_)) => return Err(MatchRefusal::MatchDecided),
        (Some(d), None) => d,
        (None, _) if played < planned => return Err(MatchRefusal::TiebreaksMissing { planned, played }),
        (None, Some(seat)) => Decision::of_seat(seat)?,
        (None, None) => {
            return Err(MatchRefusal::DeciderNeeded { player1: tb1, player2: tb2, rule: rules.rule.map(String::from) })
        }
    };
    let result = if decision == Decision::P1Win { ChessResult::WhiteWins } else { ChessResult::BlackWins };
    Ok(Decided { score: Score::Chess(result), decision, games: out })
}

/// A match's games as people read them, with the decider's winner (for a
/// chess match level after its tie-breaks): crokinole `2–1 (6–2, 2–6, 8–0)`;
/// chess, player 1's score first, `½–½; tie-breaks 1–0, ½–½ (1½–½)`,
/// `…(1–1); decider: player 2`.
#[must_use]
pub fn match_text(games: &[MatchGame], decision: Option<Decision>) -> String {
    let croki: Vec<&CrokinoleGame> =
        games.iter().filter_map(|g| if let MatchGame::Crokinole(c) = g { Some(c) } else { None }).collect();
    if croki.len() == games.len() {
        let won1 = croki.iter().filter(|g| g.player1_won()).count();
        let list: Vec<String> = croki.iter().map(|g| g.text()).collect();
        return format!("{won1}–{} ({})", croki.len() - won1, list.join(", "));
    }
    let chess: Vec<&ChessGame> =
        games.iter().filter_map(|g| if let MatchGame::Chess(c) = g { Some(c) } else { None }).collect();
    let score = |g: &ChessGame| format!("{}–{}", halves_text(g.player1_halves), halves_text(g.player2_halves));
    let Some((first, tiebreaks)) = chess.split_first() else { return String::new() };
    let mut s = score(first);
    if !tiebreaks.is_empty() {
        let (t1, t2) = tiebreaks.iter().fold((0, 0), |(a, b), g| (a + g.player1_halves, b + g.player2_halves));
        let list: Vec<String> = tiebreaks.iter().map(|g| score(g)).collect();
        s.push_str(&format!("; tie-breaks {} ({}–{})", list.join(", "), halves_text(t1), halves_text(t2)));
        if t1 == t2 {
            match decision {
                Some(Decision::P1Win) => s.push_str("; decider: player 1"),
                Some(Decision::P2Win) => s.push_str("; decider: player 2"),
                _ => {}
            }
        }
    }
    s
}
