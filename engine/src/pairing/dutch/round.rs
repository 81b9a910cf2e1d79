//! Pairing a whole round: bracket by bracket from the top scoregroup down
//! (C.04.3 art. 1.9.2), then colours (art. 5) and board order (C.04.2 art. 3.6).

use super::bracket::pair_bracket;
use super::colour::{allocate, ranks_above, ColourRule};
use super::feasibility::{bye_assignee_score, completable, Compatibility};
use super::input::RoundInput;
use super::scope::{Bracket, Outcome, Round};
use super::state::{players_to_pair, topscorer_rule, Player};
use super::{Board, Pairing, PairingError};
use crate::model::Colour;
use std::collections::HashSet;

/// A bracket as it was paired, for explanations.
#[derive(Debug, Clone)]
pub struct PairedBracket {
    /// The moved-down players (sorted indices).
    pub mdps: Vec<usize>,
    /// The resident players.
    pub residents: Vec<usize>,
    /// Whether [C9] applied to the bracket.
    pub c9: bool,
    /// Whether this is a last bracket of moved-down players left over, paired
    /// among themselves (their scores differ).
    pub collapsed: bool,
    /// What the pairing did.
    pub outcome: Outcome,
}

/// Everything the pairing of a round produced.
pub struct Paired {
    /// The players, sorted (art. 1.2).
    pub players: Vec<Player>,
    /// The pairing.
    pub pairing: Pairing,
    /// The rule of art. 5.2 used for each board, in board order.
    pub colour_rules: Vec<ColourRule>,
    /// The brackets, from the top.
    pub brackets: Vec<PairedBracket>,
    /// The PAB assignee's score ([C5]).
    pub bye_score: Option<crate::model::Points>,
    /// [C9]: each player's unplayed games when they have the PAB score, else 0.
    pub bye_games: Vec<i64>,
}

/// Pairs the round described by `input`.
pub fn pair_round(input: &RoundInput) -> Result<Paired, PairingError> {
    check_input(input)?;
    let players = players_to_pair(input);
    let n = players.len();
    let topscorer = topscorer_rule(input);
    let compat = Compatibility::new(&players, &topscorer);
    let all: Vec<usize> = (0..n).collect();
    if !completable(&compat, all.clone(), |v| players[v].bye_eligible) {
        return Err(PairingError::NoLegalPairing);
    }
    let bye_score = if n % 2 == 1 {
        Some(bye_assignee_score(&players, &compat).ok_or(PairingError::NoLegalPairing)?)
    } else {
        None
    };
    // [C9]: the fewer unplayed games, the better the PAB assignee; pairing a
    // player with many unplayed games is rewarded accordingly.
    let unplayed = |p: &Player| i64::from(input.round.saturating_sub(1)) - i64::from(p.played_games);
    let bye_games: Vec<i64> =
        players.iter().map(|p| if Some(p.score) == bye_score { unplayed(p) } else { 0 }).collect();
    let groups = score_groups(&players);
    let round = Round { players: &players, compat: &compat, bye_score, bye_games: bye_games.clone() };
    let mut flag = first_bracket_bye_games(&round, &groups);
    let mut carried: Vec<usize> = Vec::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut brackets = Vec::new();
    let mut g = 0;
    while g < groups.len() || carried.len() > 1 {
        // A last bracket of moved-down players only pairs them among themselves.
        let (mdps, residents) =
            if g < groups.len() { (carried.clone(), groups[g].clone()) } else { (Vec::new(), carried.clone()) };
        let next: &[usize] = groups.get(g + 1).map_or(&[], |v| v.as_slice());
        let lower: Vec<usize> = groups.iter().skip(g + 2).flatten().copied().collect();
        let bracket = Bracket {
            mdps: &mdps,
            residents: &residents,
            next: if g < groups.len() { next } else { &[] },
            lower: &lower,
            bye_games: flag,
        };
        let outcome = pair_bracket(&round, &bracket)?;
        if g >= groups.len() && outcome.pairs.is_empty() {
            return Err(PairingError::NoLegalPairing);
        }
        pairs.extend(&outcome.pairs);
        carried.clone_from(&outcome.downfloaters);
        flag = outcome.next_bye_games;
        brackets.push(PairedBracket { c9: bracket.bye_games, collapsed: g >= groups.len(), mdps, residents, outcome });
        g += 1;
    }
    let bye = match carried.as_slice() {
        [] => None,
        [v] if players[*v].bye_eligible => Some(*v),
        _ => return Err(PairingError::NoLegalPairing),
    };
    let (boards, colour_rules) = boards(&players, &pairs, input.initial_colour);
    let pairing = Pairing { round: input.round, boards, bye: bye.map(|v| players[v].id) };
    Ok(Paired { players, pairing, colour_rules, brackets, bye_score, bye_games })
}

/// Rejects inputs that do not describe a tournament.
fn check_input(input: &RoundInput) -> Result<(), PairingError> {
    let mut ids = HashSet::new();
    let invalid = |reason: String| Err(PairingError::InvalidInput { reason });
    if input.round == 0 {
        return invalid("rounds are numbered from 1".into());
    }
    for p in &input.players {
        if !ids.insert(p.id) {
            return invalid(format!("player {} appears twice", p.id));
        }
        if p.history.len() + 1 < input.round as usize {
            return invalid(format!(
                "player {} has {} rounds of history before round {}",
                p.id,
                p.history.len(),
                input.round
            ));
        }
    }
    Ok(())
}

/// Runs of players with equal pairing score, from the top.
fn score_groups(players: &[Player]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, p) in players.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if players[g[0]].score == p.score => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    groups
}

/// [C9] applies to the first bracket when the PAB can go to a player of the
/// top scoregroup with the rest of that scoregroup paired among itself.
fn first_bracket_bye_games(round: &Round, groups: &[Vec<usize>]) -> bool {
    let (Some(_), Some(top)) = (round.bye_score, groups.first()) else { return false };
    let rest: Vec<usize> = groups.iter().skip(1).flatten().copied().collect();
    let top_ok = completable(round.compat, top.clone(), |v| round.bye_candidate(v));
    top_ok && completable(round.compat, rest, |_| false)
}

/// Colours (art. 5.2) and board order (C.04.2 art. 3.6: the higher-ranked
/// player's score, then the other's, then the higher-ranked player's TPN; with
/// acceleration the pairing score counts, C.04.7 art. 1.5).
fn boards(players: &[Player], pairs: &[(usize, usize)], initial: Colour) -> (Vec<Board>, Vec<ColourRule>) {
    let mut ordered: Vec<(usize, usize)> =
        pairs.iter().map(|&(a, b)| if ranks_above(&players[a], &players[b]) { (a, b) } else { (b, a) }).collect();
    ordered.sort_by(|&(h1, l1), &(h2, l2)| {
        let (h1, l1, h2, l2) = (&players[h1], &players[l1], &players[h2], &players[l2]);
        h2.score.cmp(&h1.score).then(l2.score.cmp(&l1.score)).then(h1.tpn.cmp(&h2.tpn))
    });
    ordered
        .into_iter()
        .map(|(h, l)| {
            let (colour, rule) = allocate(&players[h], &players[l], initial);
            let (white, black) = if colour == Colour::White { (h, l) } else { (l, h) };
            (Board { white: players[white].id, black: players[black].id }, rule)
        })
        .unzip()
}
