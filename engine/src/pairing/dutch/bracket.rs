//! Pairing one bracket (C.04.3 art. 3-4).
//!
//! The best candidate of a bracket is found as a maximum-weight matching whose
//! weights hold the criteria [C6]-[C21] ([`super::criteria`]); the candidate
//! that the generation order of art. 4 reaches first among the best ones is then
//! singled out in three stages, each a further tie-break on the same optimum:
//!
//! - A. the set of moved-down players paired (art. 4.4: smallest differing
//!   BSN first) and their opponents (art. 4.2: S1 players take the first
//!   possible S2 player in turn);
//! - B. the exchanges of the remainder (art. 4.3: fewest players exchanged,
//!   smallest difference of BSN sums, largest BSN moved from S1, smallest BSN
//!   moved from S2);
//! - C. the transposition of S2 (art. 4.2): each S1 player, in order, takes
//!   the first S2 player that still allows a best candidate.
//!
//! The matching first covers the bracket alone ("local"); the result is then
//! checked against the criteria that look below the bracket ([C4] completion
//! with [C2]/[C5], [C8] the following bracket). If the check fails, the bracket
//! is paired again with every player below in the graph ("full"), which is exact
//! by construction.

use super::feasibility::{completable, Problem};
use super::scope::{Bracket, Lookahead, Outcome, Round};
use super::stages::run;
use super::PairingError;

/// Pairs one bracket.
pub fn pair_bracket(round: &Round, bracket: &Bracket) -> Result<Outcome, PairingError> {
    let local = run(round, bracket, false)?;
    let mut out = match verify(round, bracket, &local.outcome.downfloaters) {
        Ok(()) => local.outcome,
        Err(reason) => {
            let mut full = run(round, bracket, true)?.outcome;
            full.lookahead = Some(reason);
            full
        }
    };
    out.next_bye_games = next_bye_games(round, bracket, &out.downfloaters);
    Ok(out)
}

/// Checks that a local pairing of the bracket, leaving `downfloaters`, is also
/// best when the players below are considered: the rest of the round can be
/// completed ([C4], with the PAB to a candidate of [C2]/[C5]) and, when
/// there are downfloaters, the following bracket pairs all of them with at most
/// one of its own players left over ([C8] at its best; with no downfloater,
/// [C8] is the same for every best candidate of the bracket). Says which
/// failed otherwise.
fn verify(round: &Round, bracket: &Bracket, downfloaters: &[usize]) -> Result<(), Lookahead> {
    let n = round.players.len();
    let mut is_down = vec![false; n];
    for &d in downfloaters {
        is_down[d] = true;
    }
    let no_two_downfloaters = |a: usize, b: usize| !(is_down[a] && is_down[b]);
    let with_bye = |vertices: &[usize]| {
        round.bye_score.is_some().then(|| vertices.iter().map(|&v| round.bye_candidate(v)).collect())
    };
    let rest: Vec<usize> = if downfloaters.is_empty() || bracket.next.is_empty() {
        downfloaters.to_vec()
    } else {
        if downfloaters.len() > bracket.next.len() {
            return Err(Lookahead::NextBracket);
        }
        let mut vertices: Vec<usize> = downfloaters.iter().chain(bracket.next).copied().collect();
        vertices.sort_unstable();
        // A dummy vertex takes the one player of the next scoregroup left over.
        let dummy = (vertices.len() % 2 == 1).then(|| vertices.iter().map(|&v| !is_down[v]).collect());
        let Some(matched) =
            (Problem { compat: round.compat, vertices, bye: dummy, allowed: no_two_downfloaters }).perfect()
        else {
            return Err(Lookahead::NextBracket);
        };
        matched.into_iter().filter(|(_, partner)| partner.is_none()).map(|(v, _)| v).collect()
    };
    let below: &[usize] = if downfloaters.is_empty() || bracket.next.is_empty() { bracket.next } else { &[] };
    let mut vertices: Vec<usize> = rest.iter().chain(below).chain(bracket.lower).copied().collect();
    vertices.sort_unstable();
    let bye = with_bye(&vertices);
    let complete = Problem { compat: round.compat, vertices, bye, allowed: no_two_downfloaters }.perfect().is_some();
    if complete {
        Ok(())
    } else {
        Err(Lookahead::Completion)
    }
}

/// [C9] applies to the next bracket when it "downfloats exactly one player,
/// who will end up receiving the PAB": the number of players is odd, the
/// next bracket (the downfloaters and the next scoregroup) can be paired among
/// itself but for one PAB candidate, and everyone below among themselves.
fn next_bye_games(round: &Round, bracket: &Bracket, downfloaters: &[usize]) -> bool {
    if round.bye_score.is_none() || bracket.next.is_empty() {
        return false;
    }
    let n = round.players.len();
    let mut is_down = vec![false; n];
    for &d in downfloaters {
        is_down[d] = true;
    }
    let mut vertices: Vec<usize> = downfloaters.iter().chain(bracket.next).copied().collect();
    vertices.sort_unstable();
    let bye: Vec<bool> = vertices.iter().map(|&v| round.bye_candidate(v)).collect();
    if !bye.contains(&true) {
        return false;
    }
    let inside = Problem {
        compat: round.compat,
        vertices,
        bye: Some(bye),
        allowed: |a: usize, b: usize| !(is_down[a] && is_down[b]),
    };
    inside.perfect().is_some() && completable(round.compat, bracket.lower.to_vec(), |_| false)
}
