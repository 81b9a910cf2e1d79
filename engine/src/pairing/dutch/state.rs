//! What the Dutch system knows about each player when pairing a round:
//! pairing score, colour preference (C.04.3 art. 1.6-1.7), floats (art. 1.4),
//! eligibility for the pairing-allocated bye (C.04.1 art. 4) and opponents met.

use super::input::{PlayerInput, RoundInput, RoundStatus};
use crate::model::{Colour, PlayerNo, PointSystem, Points, RoundRecord, Unplayed};
use std::collections::{HashMap, HashSet};

/// The float a player received in an earlier round (C.04.3 art. 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    /// A downfloat: paired with a lower-scored opponent, or scored more than a
    /// loss without playing, or received the PAB (art. 1.4.2-1.4.3).
    Down,
    /// An upfloat: paired with a higher-scored opponent (art. 1.4.2).
    Up,
    /// No float.
    None,
}

/// The colour data of a player (art. 1.6-1.7), from the games actually
/// played, unplayed rounds being ignored (C.04.2 art. 3.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourState {
    /// Games with White minus games with Black (the colour difference, art. 1.6).
    pub difference: i32,
    /// The colour preference, `None` before the first game (art. 1.7.4).
    pub preference: Option<Colour>,
    /// An absolute preference: |difference| > 1, or the same colour in the two
    /// latest games (art. 1.7.1).
    pub absolute: bool,
    /// A strong (not absolute) preference: |difference| = 1 (art. 1.7.2).
    pub strong: bool,
    /// The colour of the two latest games when they are equal.
    pub repeated: Option<Colour>,
    /// The colours of the games played, in order.
    pub sequence: Vec<Colour>,
}

impl ColourState {
    /// Computes the colour data from the colours of the games played.
    #[must_use]
    pub fn from_sequence(sequence: Vec<Colour>) -> ColourState {
        let whites = sequence.iter().filter(|c| **c == Colour::White).count() as i32;
        let difference = 2 * whites - sequence.len() as i32;
        let last = sequence.last().copied();
        let run = last.map_or(0, |c| sequence.iter().rev().take_while(|x| **x == c).count());
        let fewer = if difference > 0 { Colour::Black } else { Colour::White };
        let preference = if difference.abs() > 1 {
            Some(fewer)
        } else if run > 1 {
            last.map(Colour::opposite)
        } else if difference != 0 {
            Some(fewer)
        } else {
            last.map(Colour::opposite)
        };
        let repeated = if run > 1 { last } else { None };
        let absolute = difference.abs() > 1 || repeated.is_some();
        ColourState { difference, preference, absolute, strong: !absolute && difference != 0, repeated, sequence }
    }

    /// |colour difference|.
    #[must_use]
    pub fn imbalance(&self) -> i32 {
        self.difference.abs()
    }
}

/// A player to be paired, as the Dutch system sees them.
#[derive(Debug, Clone)]
pub struct Player {
    /// The pairing number.
    pub id: PlayerNo,
    /// Rank among the players of the tournament (0 = first), the TPN used for
    /// art. 5.2.5 and for breaking ties (art. 1.2.2).
    pub tpn: usize,
    /// The pairing score: points plus virtual points (C.04.7).
    pub score: Points,
    /// Colour data.
    pub colour: ColourState,
    /// Floats of the previous round and of two rounds before.
    pub floats: [Float; 2],
    /// Whether the player may receive the PAB (C.04.1 art. 4 / [C2]).
    pub bye_eligible: bool,
    /// Games played over the board so far ([C9]).
    pub played_games: u32,
    /// Players met over the board, plus forbidden opponents ([C1]).
    pub barred: HashSet<PlayerNo>,
}

/// The players to pair, sorted by art. 1.2 (score, then TPN).
#[must_use]
pub fn players_to_pair(input: &RoundInput) -> Vec<Player> {
    let system = &input.points;
    let by_id: HashMap<PlayerNo, &PlayerInput> = input.players.iter().map(|p| (p.id, p)).collect();
    // TPNs: the order of pairing numbers among players who have taken part in
    // a pairing or are to be paired now (C.04.2 art. 2.4: a late entry gets
    // its number when it arrives).
    let mut ranked: Vec<&PlayerInput> =
        input.players.iter().filter(|p| p.status == RoundStatus::Pair || p.history.iter().any(took_part)).collect();
    ranked.sort_by_key(|p| p.id);
    let tpn: HashMap<PlayerNo, usize> = ranked.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let mut forbidden: HashMap<PlayerNo, HashSet<PlayerNo>> = HashMap::new();
    for &(a, b) in &input.forbidden {
        forbidden.entry(a).or_default().insert(b);
        forbidden.entry(b).or_default().insert(a);
    }
    let played_rounds = input.round.saturating_sub(1) as usize;
    let mut players: Vec<Player> = input
        .players
        .iter()
        .filter(|p| p.status == RoundStatus::Pair)
        .map(|p| {
            let history = &p.history[..played_rounds.min(p.history.len())];
            let real_score: Points = history.iter().map(|r| r.points(system)).sum();
            let colours = history.iter().filter_map(RoundRecord::played_colour).collect();
            let floats = [1, 2].map(|back| float(p, back, input.round, &by_id, system));
            let mut barred: HashSet<PlayerNo> =
                history.iter().filter(|r| r.is_played()).filter_map(RoundRecord::opponent).collect();
            barred.extend(forbidden.get(&p.id).into_iter().flatten().copied());
            Player {
                id: p.id,
                tpn: tpn.get(&p.id).copied().unwrap_or(usize::MAX),
                score: real_score + p.virtual_points_in(input.round),
                colour: ColourState::from_sequence(colours),
                floats,
                bye_eligible: bye_eligible(history, system),
                played_games: history.iter().filter(|r| r.is_played()).count() as u32,
                barred,
            }
        })
        .collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.tpn.cmp(&b.tpn)));
    players
}

fn took_part(r: &RoundRecord) -> bool {
    !matches!(r, RoundRecord::Unpaired(kind) if *kind != Unplayed::PairingBye)
}

/// [C2] / C.04.1 art. 4: no PAB yet, and no round scored as a win without playing.
fn bye_eligible(history: &[RoundRecord], system: &PointSystem) -> bool {
    history.iter().all(|r| match r {
        RoundRecord::Unpaired(Unplayed::PairingBye) => false,
        RoundRecord::Played { .. } => true,
        other => other.points(system) < system.win,
    })
}

/// The pairing score of `p` when round `round` (1-based) was paired.
fn score_before(p: &PlayerInput, round: u32, system: &PointSystem) -> Points {
    let done = (round as usize).saturating_sub(1).min(p.history.len());
    p.history[..done].iter().map(|r| r.points(system)).sum::<Points>() + p.virtual_points_in(round)
}

/// The float `p` received `back` rounds before round `round` (art. 1.4).
fn float(
    p: &PlayerInput,
    back: u32,
    round: u32,
    by_id: &HashMap<PlayerNo, &PlayerInput>,
    system: &PointSystem,
) -> Float {
    let Some(earlier) = round.checked_sub(back).filter(|r| *r >= 1) else { return Float::None };
    let Some(record) = p.history.get(earlier as usize - 1) else { return Float::None };
    match record {
        RoundRecord::Unpaired(Unplayed::PairingBye) => return Float::Down,
        RoundRecord::Played { .. } => {}
        // Art. 1.4.3-1.4.4: without a game, only scoring more than a loss
        // floats (down); a forfeit loss or zero-point bye gives no float.
        RoundRecord::Forfeit { .. } | RoundRecord::Unpaired(_) => {
            return if record.points(system) > system.loss { Float::Down } else { Float::None };
        }
    }
    let Some(opponent) = record.opponent().and_then(|o| by_id.get(&o)) else { return Float::None };
    let mine = score_before(p, earlier, system);
    let theirs = score_before(opponent, earlier, system);
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}

/// Art. 1.8: when pairing the final round, a topscorer has more than half the
/// maximum possible score (pairing score against rounds played × points for a win).
pub fn topscorer_rule(input: &RoundInput) -> impl Fn(&Player) -> bool {
    let last_round = input.round >= input.total_rounds;
    let played = i32::try_from(input.round.saturating_sub(1)).unwrap_or(i32::MAX);
    let best = input.points.win.max(input.points.draw).tenths();
    move |p: &Player| last_round && 2 * p.score.tenths() > played.saturating_mul(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn colour_preferences_follow_article_1_7() {
        let none = ColourState::from_sequence(vec![]);
        assert_eq!((none.preference, none.absolute, none.strong), (None, false, false));
        let mild = ColourState::from_sequence(vec![W, B]);
        assert_eq!((mild.preference, mild.absolute, mild.strong), (Some(W), false, false));
        let strong = ColourState::from_sequence(vec![B, W, W]);
        assert_eq!((strong.preference, strong.absolute, strong.strong), (Some(B), true, false));
        let strong = ColourState::from_sequence(vec![W, B, W]);
        assert_eq!((strong.preference, strong.absolute, strong.strong), (Some(B), false, true));
        let twice = ColourState::from_sequence(vec![W, W, B, B]);
        assert_eq!((twice.preference, twice.absolute, twice.repeated), (Some(W), true, Some(B)));
        let diff = ColourState::from_sequence(vec![W, B, W, W, B, W]);
        assert_eq!((diff.difference, diff.preference, diff.absolute), (2, Some(B), true));
    }
}
