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

use super::feasibility::{Compatibility, Problem};
use super::stages::run;
use super::state::Player;
use super::PairingError;
use crate::model::Points;

/// The round-wide data the brackets share.
pub struct Round<'a> {
    /// The players to pair, sorted (art. 1.2).
    pub players: &'a [Player],
    /// Who may meet whom.
    pub compat: &'a Compatibility,
    /// The PAB assignee's score ([C5]) when the number of players is odd.
    pub bye_score: Option<Points>,
    /// [C9]: rank of each player's played games among those with the PAB score.
    pub bye_games: Vec<i64>,
}

impl Round<'_> {
    /// Whether player `v` may receive the PAB ([C2], [C5]).
    pub fn bye_candidate(&self, v: usize) -> bool {
        let p = &self.players[v];
        p.bye_eligible && self.bye_score.is_some_and(|s| p.score <= s)
    }
}

/// The players of a bracket and those below it (sorted indices).
pub struct Bracket<'a> {
    /// Moved-down players, in order.
    pub mdps: &'a [usize],
    /// Resident players, in order.
    pub residents: &'a [usize],
    /// The next scoregroup.
    pub next: &'a [usize],
    /// The players below the next scoregroup.
    pub lower: &'a [usize],
    /// Whether [C9] applies (the bracket downfloats exactly the PAB assignee).
    pub bye_games: bool,
}

/// What the pairing of a bracket did, for the next bracket and explanations.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Pairs `(higher, lower)` made in the bracket.
    pub pairs: Vec<(usize, usize)>,
    /// Players left unpaired, moved down to the next bracket (art. 1.4.1).
    pub downfloaters: Vec<usize>,
    /// Whether [C9] applies to the next bracket.
    pub next_bye_games: bool,
    /// The moved-down players that were paired (S1 of the bracket, art. 3.2.2).
    pub paired_mdps: Vec<usize>,
    /// The remainder's S1 and S2 before exchanges (art. 3.2.1).
    pub s1: Vec<usize>,
    /// See `s1`.
    pub s2: Vec<usize>,
    /// Remainder players moved from S1 to S2 by the exchange (art. 4.3).
    pub exchanged_out: Vec<usize>,
    /// Remainder players moved from S2 to S1 by the exchange.
    pub exchanged_in: Vec<usize>,
    /// Whether the bracket had to be paired with the players below in the graph.
    pub full: bool,
}

/// Pairs one bracket.
pub fn pair_bracket(round: &Round, bracket: &Bracket) -> Result<Outcome, PairingError> {
    let t0 = std::time::Instant::now();
    let r = pair_bracket_inner(round, bracket);
    if std::env::var("DUTCH_TRACE").is_ok() {
        eprintln!("bracket m={} r={} next={} lower={} full={:?} {:.3}s", bracket.mdps.len(), bracket.residents.len(), bracket.next.len(), bracket.lower.len(), r.as_ref().map(|o| o.full), t0.elapsed().as_secs_f64());
    }
    r
}

fn pair_bracket_inner(round: &Round, bracket: &Bracket) -> Result<Outcome, PairingError> {
    let local = run(round, bracket, false)?;
    if let Some(complete) = verify(round, bracket, &local.outcome.downfloaters) {
        let mut out = local.outcome;
        out.next_bye_games = next_bye_games(round, bracket, &out.downfloaters, &complete);
        return Ok(out);
    }
    let full = run(round, bracket, true)?;
    let mut out = full.outcome;
    out.full = true;
    out.next_bye_games = next_bye_games(round, bracket, &out.downfloaters, &full.complete);
    Ok(out)
}

/// Checks that a local pairing of the bracket, leaving `downfloaters`, is also
/// best when the players below are considered: the following bracket can pair
/// every downfloater with at most one of its own players left over ([C8] at
/// its best), and the rest of the round can be completed ([C4], with the PAB
/// to a candidate of [C2]/[C5]). Returns a complete matching of the players
/// below the bracket when it is.
fn verify(round: &Round, bracket: &Bracket, downfloaters: &[usize]) -> Option<Vec<(usize, Option<usize>)>> {
    let n = round.players.len();
    let mut complete = Vec::new();
    let mut flag = vec![false; n];
    let leftover: Vec<usize> = if bracket.next.is_empty() {
        downfloaters.to_vec()
    } else {
        if downfloaters.len() > bracket.next.len() {
            return None;
        }
        for &d in downfloaters {
            flag[d] = true;
        }
        let mut vertices: Vec<usize> = downfloaters.iter().chain(bracket.next).copied().collect();
        vertices.sort_unstable();
        // A dummy vertex takes the one player of the next scoregroup left over.
        let dummy = (vertices.len() % 2 == 1).then(|| vertices.iter().map(|&v| !flag[v]).collect());
        let matched = Problem { compat: round.compat, vertices, bye: dummy, allowed: |a: usize, b: usize| !(flag[a] && flag[b]) }.perfect();
        if std::env::var("DUTCH_TRACE").is_ok() { eprintln!("  step1 d={} ok={}", downfloaters.len(), matched.is_some()); }
        let matched = matched?;
        let mut rest = Vec::new();
        for (v, partner) in matched {
            match partner {
                Some(w) if v < w => complete.push((v, Some(w))),
                Some(_) => {}
                None => rest.push(v),
            }
        }
        rest
    };
    let mut in_leftover = vec![false; n];
    for &v in &leftover {
        in_leftover[v] = true;
    }
    let mut vertices: Vec<usize> = leftover.iter().chain(bracket.lower).copied().collect();
    vertices.sort_unstable();
    let bye = round.bye_score.is_some().then(|| vertices.iter().map(|&v| round.bye_candidate(v)).collect());
    let allowed = |a: usize, b: usize| !(in_leftover[a] && in_leftover[b]);
    let matched = Problem { compat: round.compat, vertices, bye, allowed }.perfect();
    if std::env::var("DUTCH_TRACE").is_ok() { eprintln!("  step2 x={} ok={}", leftover.len(), matched.is_some()); }
    let matched = matched?;
    complete.extend(matched.into_iter().filter(|(v, w)| w.is_none_or(|w| *v < w)));
    Some(complete)
}

/// [C9] applies to the next bracket when it "downfloats exactly one player,
/// who will end up receiving the PAB": the number of players is odd and, in a
/// best completion of the round, every player of that bracket is paired inside
/// it but one.
fn next_bye_games(round: &Round, bracket: &Bracket, downfloaters: &[usize], complete: &[(usize, Option<usize>)]) -> bool {
    if round.bye_score.is_none() || bracket.next.is_empty() {
        return false;
    }
    let n = round.players.len();
    let mut inside = vec![false; n];
    for &v in downfloaters.iter().chain(bracket.next) {
        inside[v] = true;
    }
    let bye_inside = complete.iter().any(|&(a, b)| b.is_none() && inside[a]);
    bye_inside && complete.iter().all(|&(a, b)| b.is_none_or(|b| inside[a] == inside[b]))
}
