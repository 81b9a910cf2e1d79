//! The pairing of one round under the Olympiad Pairing Rules 2022.

use super::colours::{allocate, within_limits};
use super::ranking::compare_for_pairing;
use super::{OlympiadError, OlympiadPairing, PairedMatch, PairingRequest};
use crate::matching::{has_perfect_matching, max_weight_matching, BitGraph};
use crate::model::{Colour, Points};
use crate::teams::boards::{history, TeamRoundView};
use crate::teams::TeamNo;
use std::collections::HashSet;

/// One team as the pairing sees it.
struct State {
    no: TeamNo,
    match_points: Points,
    /// Board-1 colour per recorded round, `None` when not played (art. 7.7).
    colours: Vec<Option<Colour>>,
    /// Teams met in a played match (art. 6.1).
    met: HashSet<TeamNo>,
    /// Had the bye, won a match by default, or entered late (art. 4.2).
    no_bye: bool,
}

/// Where a group lies relative to the median group (art. 6.4).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// Above the median group: paired downward, floats down.
    Above,
    /// Below the median group: paired upward (mirrored), floats up.
    Below,
    /// The median group, paired last.
    Median,
}

/// The round being paired: teams in the order of art. 3.2 (index 0 is the
/// highest ranked), and which of them are still unpaired.
struct Round<'a> {
    teams: &'a [State],
    unpaired: Vec<bool>,
}

impl Round<'_> {
    fn may_meet(&self, a: usize, b: usize) -> bool {
        !self.teams[a].met.contains(&self.teams[b].no)
    }

    /// art. 7.3 as a condition on a pair: some colour allocation keeps both
    /// teams within the limits.
    fn within_limits(&self, a: usize, b: usize) -> bool {
        within_limits(&self.teams[a].colours, &self.teams[b].colours)
    }

    fn compatible(&self, a: usize, b: usize, limits: bool) -> bool {
        self.may_meet(a, b) && (!limits || self.within_limits(a, b))
    }

    fn unpaired_list(&self) -> Vec<usize> {
        (0..self.teams.len()).filter(|&i| self.unpaired[i]).collect()
    }

    /// The largest number of pairings inside `group` over all ways of
    /// pairing every unpaired team; `None` if the unpaired teams cannot all be
    /// paired. Pairs inside the group respect the colour limits when `limits`
    /// is set; every other pair only the rematch ban (its own group decides
    /// about the limits when it is paired, art. 7.4).
    fn kept(&self, group: &[bool], limits: bool) -> Option<usize> {
        let list = self.unpaired_list();
        let n = list.len();
        if n == 0 {
            return Some(0);
        }
        let big = n as u64 + 1;
        let solution = max_weight_matching(n, |x, y| {
            let (a, b) = (list[x], list[y]);
            let inside = group[a] && group[b];
            if !self.compatible(a, b, limits && inside) {
                0
            } else {
                big + u64::from(inside)
            }
        });
        let mut inside = 0;
        for (x, mate) in solution.mate.iter().enumerate() {
            let y = (*mate)?;
            if x < y && group[list[x]] && group[list[y]] {
                inside += 1;
            }
        }
        Some(inside)
    }

    /// Pairs `a` and `b` if, after it, the group can still keep `target - 1`
    /// pairings; otherwise leaves both unpaired.
    fn try_pair(&mut self, a: usize, b: usize, group: &mut [bool], limits: bool, target: usize) -> bool {
        if !self.compatible(a, b, limits) {
            return false;
        }
        self.unpaired[a] = false;
        self.unpaired[b] = false;
        let (ga, gb) = (group[a], group[b]);
        group[a] = false;
        group[b] = false;
        if self.kept(group, limits) == Some(target - 1) {
            return true;
        }
        self.unpaired[a] = true;
        self.unpaired[b] = true;
        group[a] = ga;
        group[b] = gb;
        false
    }
}

fn perfect(teams: &[State], list: &[usize]) -> bool {
    let mut graph = BitGraph::new(list.len());
    for x in 0..list.len() {
        for y in x + 1..list.len() {
            if !teams[list[x]].met.contains(&teams[list[y]].no) {
                graph.add_edge(x, y);
            }
        }
    }
    has_perfect_matching(&graph)
}

fn build_states(req: &PairingRequest<'_>) -> Result<Vec<State>, OlympiadError> {
    let mut seen = HashSet::new();
    let mut states = Vec::with_capacity(req.teams.len());
    for &no in req.teams {
        if !seen.insert(no) {
            return Err(OlympiadError::DuplicateTeam(no));
        }
        let mut state = State {
            no,
            match_points: Points::ZERO,
            colours: Vec::new(),
            met: HashSet::new(),
            no_bye: req.late_entries.contains(&no),
        };
        for view in history(no, req.rounds, req.scoring) {
            match view {
                TeamRoundView::Match { opponent, colour, played, match_points, won_by_default, .. } => {
                    state.match_points += match_points;
                    state.colours.push(played.then_some(colour));
                    if played {
                        state.met.insert(opponent);
                    }
                    // art. 4.2.2: a team that won a match by default.
                    state.no_bye |= won_by_default;
                }
                TeamRoundView::Bye => {
                    state.match_points += req.scoring.bye_match_points;
                    state.colours.push(None);
                    // art. 4.2.1: a team that already received the bye.
                    state.no_bye = true;
                }
                TeamRoundView::Absent => state.colours.push(None),
            }
        }
        states.push(state);
    }
    // art. 3.2: match points, then the initial pairing number.
    states.sort_by(|a, b| compare_for_pairing((a.no, a.match_points), (b.no, b.match_points)));
    Ok(states)
}

/// Pairs one round under the FIDE Olympiad Pairing Rules 2022.
///
/// Steps, each in the article's words as far as the text goes:
/// 1. art. 3.2: the teams are ranked by match points, then initial pairing
///    number.
/// 2. art. 4.1, 4.2: with an odd number of teams, the bye goes to the
///    lowest-ranked eligible team (not one that already had the bye, won a
///    match by default, or entered after round 1) whose bye leaves the other
///    teams pairable.
/// 3. art. 6.3, 6.4: teams with equal match points form a group; groups are
///    paired from the top down to the median group, then from the bottom up
///    to it, and the median group last. The median group holds the median
///    team, the lower of the two middle teams of the ranking.
/// 4. art. 8: a group above the median floats its lowest-ranked teams down
///    (art. 8.3), a group below it its highest-ranked teams up (art. 8.2),
///    preferring a team that has an opponent in the next group (art. 8.2.3,
///    8.3.3), and only as many as it cannot pair (art. 9.4, 9.5, 8.4). A
///    downfloater plays the highest-ranked team of its new group it may meet,
///    an upfloater the lowest-ranked (art. 8.2.1, 8.3.1); one nobody there can
///    take floats on.
/// 5. art. 9.1-9.3: inside a group, the first team (the highest ranked; below
///    the median the lowest ranked, art. 9.2) plays the first team of the
///    bottom half it may meet, trying N/2 + 1, ..., N, then N/2, ..., 2 (the
///    order of art. 9.3's table), and the rest is paired the same way.
/// 6. art. 6.1 and 7.3, 7.4: no rematch ever; the colour limits only where
///    they cost the group no pairing.
/// 7. art. 7: board 1's colour by [`allocate`]; art. 11.1: matches published
///    by the higher-ranked team's match points, then both teams' sum, then the
///    higher-ranked team's pairing number (its initial rating order).
///
/// # Errors
/// [`OlympiadError::DuplicateTeam`], [`OlympiadError::TooFewTeams`], or
/// [`OlympiadError::NoPairing`] when no pairing avoids every rematch with the
/// bye on an eligible team.
pub fn pair_round(req: &PairingRequest<'_>) -> Result<OlympiadPairing, OlympiadError> {
    pair_states(build_states(req)?, req.initial_colour)
}

/// [`pair_round`] on teams already ranked by art. 3.2.
fn pair_states(states: Vec<State>, initial_colour: Colour) -> Result<OlympiadPairing, OlympiadError> {
    let n = states.len();
    if n < 2 {
        return Err(OlympiadError::TooFewTeams(n));
    }
    let mut active: Vec<usize> = (0..n).collect();
    let mut bye = None;
    if n % 2 == 1 {
        for i in (0..n).rev() {
            if states[i].no_bye {
                continue;
            }
            let rest: Vec<usize> = active.iter().copied().filter(|&x| x != i).collect();
            if perfect(&states, &rest) {
                bye = Some(i);
                active = rest;
                break;
            }
        }
        if bye.is_none() {
            return Err(OlympiadError::NoPairing(n));
        }
    } else if !perfect(&states, &active) {
        return Err(OlympiadError::NoPairing(n));
    }

    // art. 6.3: groups of equal match points, highest first.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &active {
        match groups.last_mut() {
            Some(g) if states[g[0]].match_points == states[i].match_points => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    // art. 6.4: the median team is the lower of the two middle teams.
    let median_team = active[active.len() / 2];
    let median = groups.iter().position(|g| g.contains(&median_team)).ok_or(OlympiadError::NoPairing(n))?;
    let order: Vec<usize> = (0..median).chain((median + 1..groups.len()).rev()).chain([median]).collect();

    let mut round = Round { teams: &states, unpaired: vec![false; n] };
    for &i in &active {
        round.unpaired[i] = true;
    }
    let mut downs: Vec<Vec<usize>> = vec![Vec::new(); groups.len()];
    let mut ups: Vec<Vec<usize>> = vec![Vec::new(); groups.len()];
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for g in order {
        let side = match g.cmp(&median) {
            std::cmp::Ordering::Less => Side::Above,
            std::cmp::Ordering::Greater => Side::Below,
            std::cmp::Ordering::Equal => Side::Median,
        };
        let next: &[usize] = match side {
            Side::Above => &groups[g + 1],
            Side::Below => &groups[g - 1],
            Side::Median => &[],
        };
        let mut incoming_down = std::mem::take(&mut downs[g]);
        incoming_down.sort_unstable();
        let mut incoming_up = std::mem::take(&mut ups[g]);
        incoming_up.sort_unstable_by(|a, b| b.cmp(a));
        let floats = pair_group(&mut round, side, &groups[g], &incoming_down, &incoming_up, next, &mut pairs)
            .ok_or(OlympiadError::NoPairing(n))?;
        match side {
            Side::Above => downs[g + 1].extend(floats),
            Side::Below => ups[g - 1].extend(floats),
            Side::Median if floats.is_empty() => {}
            Side::Median => return Err(OlympiadError::NoPairing(n)),
        }
    }

    let mut matches: Vec<(usize, usize, PairedMatch)> = pairs
        .into_iter()
        .map(|(a, b)| {
            let (h, l) = if a < b { (a, b) } else { (b, a) };
            let colour = allocate(&states[h].colours, &states[l].colours, states[h].no.0, initial_colour);
            let (first, second) =
                if colour == Colour::White { (states[h].no, states[l].no) } else { (states[l].no, states[h].no) };
            (h, l, PairedMatch { first, second })
        })
        .collect();
    // art. 11.1: the higher-ranked team's match points, then the sum of both
    // teams' match points, highest first; then the higher-ranked team's
    // initial pairing number (its place in the rating order of art. 3.1).
    matches.sort_by(|x, y| {
        let (hx, lx, hy, ly) = (&states[x.0], &states[x.1], &states[y.0], &states[y.1]);
        hy.match_points
            .cmp(&hx.match_points)
            .then_with(|| (hy.match_points + ly.match_points).cmp(&(hx.match_points + lx.match_points)))
            .then_with(|| hx.no.cmp(&hy.no))
    });
    Ok(OlympiadPairing { matches: matches.into_iter().map(|m| m.2).collect(), bye: bye.map(|i| states[i].no) })
}

/// Pairs one group: its incoming floaters first (art. 8.2.1, 8.3.1), then the
/// teams that must float on (art. 8.2, 8.3, 9.4), then the rest by art. 9.
/// Returns the teams that float on to the next group toward the median, or
/// `None` if the group cannot be completed (which the look-ahead rules out).
fn pair_group(
    round: &mut Round<'_>,
    side: Side,
    residents: &[usize],
    downs: &[usize],
    ups: &[usize],
    next: &[usize],
    pairs: &mut Vec<(usize, usize)>,
) -> Option<Vec<usize>> {
    let n = round.teams.len();
    let mut group = vec![false; n];
    for &i in residents.iter().chain(downs).chain(ups) {
        group[i] = true;
    }
    // art. 7.4: the limits of art. 7.3 are disregarded when keeping them
    // would cost the group a pairing.
    let loose = round.kept(&group, false)?;
    let limits = round.kept(&group, true) == Some(loose);
    let mut target = loose;
    let mut out = Vec::new();

    // art. 8.2.1 / 8.3.1: floaters first, downfloaters highest ranked first
    // taking the highest-ranked team they may meet, then upfloaters lowest
    // ranked first taking the lowest-ranked; residents before other floaters.
    let floaters: Vec<(usize, bool)> =
        downs.iter().map(|&f| (f, true)).chain(ups.iter().map(|&f| (f, false))).collect();
    for &(f, down) in &floaters {
        if !round.unpaired[f] {
            continue;
        }
        let mut residents_left: Vec<usize> = residents.iter().copied().filter(|&r| round.unpaired[r]).collect();
        let mut others: Vec<usize> =
            floaters.iter().map(|x| x.0).filter(|&x| x != f && round.unpaired[x] && group[x]).collect();
        residents_left.sort_unstable();
        others.sort_unstable();
        if !down {
            residents_left.reverse();
            others.reverse();
        }
        let mut paired = false;
        for c in residents_left.into_iter().chain(others) {
            if target > 0 && round.try_pair(f, c, &mut group, limits, target) {
                pairs.push((f, c));
                target -= 1;
                paired = true;
                break;
            }
        }
        if !paired {
            if side == Side::Median {
                return None;
            }
            group[f] = false;
            out.push(f);
        }
    }

    // art. 8.2, 8.3, 9.4, 9.5: float exactly the residents the group cannot
    // pair; above the median the lowest ranked first, below it the highest
    // ranked first, a team with an opponent in the next group preferred
    // (art. 8.2.3, 8.3.3).
    let mut left: Vec<usize> = residents.iter().copied().filter(|&r| round.unpaired[r]).collect();
    left.sort_unstable();
    while left.len() > 2 * target {
        let mut candidates = left.clone();
        if side == Side::Above {
            candidates.reverse();
        }
        let reaches = |t: usize| next.iter().any(|&o| round.unpaired[o] && round.may_meet(t, o));
        let (mut first, second): (Vec<usize>, Vec<usize>) = candidates.into_iter().partition(|&t| reaches(t));
        first.extend(second);
        let chosen = first.into_iter().find(|&t| {
            group[t] = false;
            let keeps = round.kept(&group, limits) == Some(target);
            group[t] = true;
            keeps
        })?;
        group[chosen] = false;
        left.retain(|&t| t != chosen);
        out.push(chosen);
    }

    // art. 9.1-9.3: the rest of the group, in the table order of art. 9.3,
    // mirrored below the median (art. 9.2).
    if side == Side::Below {
        left.reverse();
    }
    while !left.is_empty() {
        let m = left.len();
        let first = left[0];
        let tries: Vec<usize> = (m / 2..m).chain((1..m / 2).rev()).collect();
        let opponent =
            tries.into_iter().map(|p| left[p]).find(|&c| round.try_pair(first, c, &mut group, limits, target))?;
        pairs.push((first, opponent));
        target -= 1;
        left.retain(|&t| t != first && t != opponent);
    }
    Some(out)
}

#[cfg(test)]
#[path = "procedure_tests.rs"]
mod tests;
