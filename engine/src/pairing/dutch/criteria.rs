//! The pairing criteria of C.04.3 art. 2 as edge weights.
//!
//! A candidate pairing of a bracket is judged criterion by criterion, the first
//! difference deciding (art. 3.8). Here every criterion is a *slot*: a
//! bit field of the edge weight holding, per pair, a reward (counted up) or a
//! penalty (counted down). Slots are laid out from the most important down, each
//! wide enough for its total over a whole matching, so a maximum-weight matching
//! is exactly the lexicographically best pairing.

use super::state::{Float, Player};
use crate::model::Points;

/// A criterion (or a tie-break of the generation order) as a bit field.
/// The declaration order is the priority order, highest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slot {
    /// [C4]/[C2]/[C5]: every player paired but one, who is a bye candidate
    /// (only when the players below the bracket are in the graph).
    Complete,
    /// [C6]: pairs in the bracket (minimises the downfloaters).
    Pairs,
    /// [C7]: moved-down players paired, by score level (highest first).
    MdpScore(usize),
    /// [C8]: pairs in the following bracket.
    NextPairs,
    /// [C8]: scores paired in the following bracket, by level.
    NextScore(usize),
    /// [C9]: played games of the players who could get the PAB.
    ByeGames,
    /// [C10]: topscorers (or opponents) whose colour difference would pass ±2.
    C10,
    /// [C11]: topscorers (or opponents) with the same colour three times in a row.
    C11,
    /// [C12]: players not getting their colour preference.
    C12,
    /// [C13]: players not getting their strong colour preference.
    C13,
    /// [C14]: resident downfloaters who downfloated the previous round.
    C14,
    /// [C15]: MDP opponents who upfloated the previous round.
    C15,
    /// [C16]: resident downfloaters who downfloated two rounds before.
    C16,
    /// [C17]: MDP opponents who upfloated two rounds before.
    C17,
    /// [C18]: score of downfloaters (and MDPs) who downfloated the previous round, by level.
    C18(usize),
    /// [C19]: score of MDPs facing an opponent who upfloated the previous round, by level.
    C19(usize),
    /// [C20]: as C18, two rounds before.
    C20(usize),
    /// [C21]: as C19, two rounds before.
    C21(usize),
    /// Art. 4 generation order tie-breaks used by one stage of the bracket.
    Order(usize),
}

impl Slot {
    /// Score levels are folded together from this one on.
    const LEVELS: u32 = 64;
    /// Tie-break indices are folded together from this one on.
    const ORDERS: u32 = 1 << 14;

    /// A dense key: smaller keys have higher priority, as the variants'
    /// declaration order.
    #[must_use]
    pub fn key(self) -> u32 {
        let level = |x: usize| (x as u32).min(Self::LEVELS - 1);
        let (variant, index) = match self {
            Slot::Complete => (0, 0),
            Slot::Pairs => (1, 0),
            Slot::MdpScore(l) => (2, level(l)),
            Slot::NextPairs => (3, 0),
            Slot::NextScore(l) => (4, level(l)),
            Slot::ByeGames => (5, 0),
            Slot::C10 => (6, 0),
            Slot::C11 => (7, 0),
            Slot::C12 => (8, 0),
            Slot::C13 => (9, 0),
            Slot::C14 => (10, 0),
            Slot::C15 => (11, 0),
            Slot::C16 => (12, 0),
            Slot::C17 => (13, 0),
            Slot::C18(l) => (14, level(l)),
            Slot::C19(l) => (15, level(l)),
            Slot::C20(l) => (16, level(l)),
            Slot::C21(l) => (17, level(l)),
            Slot::Order(k) => return 18 * Self::LEVELS + (k as u32).min(Self::ORDERS - 1),
        };
        variant * Self::LEVELS + index
    }

    /// The number of distinct keys.
    pub const KEYS: u32 = 18 * Self::LEVELS + Self::ORDERS;

    /// The criterion of C.04.3 art. 2 the slot stands for ("C6", ...), and
    /// what its value counts over a candidate (a reward when the criterion
    /// asks to maximise it, a penalty when it asks to minimise it).
    #[must_use]
    pub fn criterion(self) -> (&'static str, &'static str) {
        match self {
            Slot::Complete => ("C4", "players paired with the PAB to an eligible player"),
            Slot::Pairs => ("C6", "pairs made in the bracket"),
            Slot::MdpScore(_) => ("C7", "moved-down players paired, from the highest score"),
            Slot::NextPairs => ("C8", "pairs of the following bracket"),
            Slot::NextScore(_) => ("C8", "downfloaters paired in the following bracket, from the highest score"),
            Slot::ByeGames => ("C9", "unplayed games of the players paired among the PAB candidates"),
            Slot::C10 => ("C10", "topscorers or opponents whose colour difference goes beyond +-2"),
            Slot::C11 => ("C11", "topscorers or opponents getting the same colour three times in a row"),
            Slot::C12 => ("C12", "players not getting their colour preference"),
            Slot::C13 => ("C13", "players not getting their strong colour preference"),
            Slot::C14 => ("C14", "paired players who downfloated in the previous round"),
            Slot::C15 => ("C15", "MDP opponents who upfloated in the previous round"),
            Slot::C16 => ("C16", "paired players who downfloated two rounds before"),
            Slot::C17 => ("C17", "MDP opponents who upfloated two rounds before"),
            Slot::C18(_) => ("C18", "scores of paired players who downfloated in the previous round"),
            Slot::C19(_) => ("C19", "scores of MDPs facing an opponent who upfloated in the previous round"),
            Slot::C20(_) => ("C20", "scores of paired players who downfloated two rounds before"),
            Slot::C21(_) => ("C21", "scores of MDPs facing an opponent who upfloated two rounds before"),
            Slot::Order(_) => ("art. 4", "generation order"),
        }
    }
}

/// Where an edge lies relative to the bracket being paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeKind {
    /// Both players in the bracket (the lower one a resident).
    InBracket,
    /// The lower player in the next scoregroup.
    Next,
    /// The lower player further down.
    Lower,
}

/// A slot value of one edge (positive: reward; negative: penalty).
pub type Values = Vec<(Slot, i64)>;

/// What the criteria need to know about the bracket.
pub struct Context<'a> {
    /// All players to pair, sorted (art. 1.2).
    pub players: &'a [Player],
    /// Score levels of the bracket and the next scoregroup, highest first.
    pub levels: Vec<Points>,
    /// Whether the [C2]/[C4]/[C5] slot is used (players below are in the graph).
    pub complete: bool,
    /// Score of the PAB assignee ([C5]), when the number of players is odd.
    pub bye_score: Option<Points>,
    /// Whether [C9] applies to this bracket, with the rank of each player's
    /// number of played games among those who could get the PAB.
    pub bye_games: Option<Vec<i64>>,
}

impl Context<'_> {
    fn level(&self, score: Points) -> usize {
        self.levels.iter().position(|l| *l == score).unwrap_or(self.levels.len())
    }

    fn bye_candidate(&self, p: &Player) -> bool {
        p.bye_eligible && self.bye_score.is_some_and(|s| p.score <= s)
    }

    /// Appends to `v` the criteria values of the edge between `h` and `l`
    /// (indices into `players`, `h` ranked above `l`).
    pub fn edge(&self, h: usize, l: usize, kind: EdgeKind, v: &mut Values) {
        let (hp, lp) = (&self.players[h], &self.players[l]);
        if self.complete {
            v.push((Slot::Complete, 1 + i64::from(!self.bye_candidate(hp)) + i64::from(!self.bye_candidate(lp))));
        }
        let mdp = hp.score > lp.score;
        match kind {
            EdgeKind::InBracket => {
                v.push((Slot::Pairs, 1));
                if mdp {
                    v.push((Slot::MdpScore(self.level(hp.score)), 1));
                }
            }
            EdgeKind::Next => {
                v.push((Slot::NextPairs, 1));
                if hp.score > lp.score {
                    v.push((Slot::NextScore(self.level(hp.score)), 1));
                }
            }
            EdgeKind::Lower => {}
        }
        if let (Some(ranks), Some(bye)) = (&self.bye_games, self.bye_score) {
            let rank = |p: &Player, i: usize| if p.score == bye { ranks[i] } else { 0 };
            let r = rank(hp, h) + rank(lp, l);
            if r > 0 {
                v.push((Slot::ByeGames, r));
            }
        }
        if kind == EdgeKind::InBracket {
            colour_penalties(hp, lp, v);
            self.float_values(hp, lp, mdp, v);
        }
    }

    fn float_values(&self, hp: &Player, lp: &Player, mdp: bool, v: &mut Values) {
        for (back, (down, up, down_score, up_score)) in [
            (0, (Slot::C14, Slot::C15, Slot::C18 as fn(usize) -> Slot, Slot::C19 as fn(usize) -> Slot)),
            (1, (Slot::C16, Slot::C17, Slot::C20, Slot::C21)),
        ] {
            let (hf, lf) = (hp.floats[back], lp.floats[back]);
            let repeats = i64::from(lf == Float::Down) + i64::from(!mdp && hf == Float::Down);
            if repeats > 0 {
                v.push((down, repeats));
            }
            let upfloater = mdp && lf == Float::Up;
            if upfloater {
                v.push((up, -1));
                v.push((up_score(self.level(hp.score)), -1));
            }
            if lf == Float::Down {
                v.push((down_score(self.level(lp.score)), 1));
            }
            if hf == Float::Down {
                v.push((down_score(self.level(hp.score)), 1));
            }
        }
    }
}

/// [C10]-[C13] penalties of a pair in the bracket.
fn colour_penalties(hp: &Player, lp: &Player, v: &mut Values) {
    let (h, l) = (&hp.colour, &lp.colour);
    let same = h.preference.is_some() && h.preference == l.preference;
    if same && h.imbalance() > 1 && l.imbalance() > 1 {
        v.push((Slot::C10, -1));
    }
    if same && h.absolute && l.absolute {
        let loser_repeats = if h.imbalance() == l.imbalance() {
            l.repeated.is_some() && l.repeated == h.repeated
        } else {
            let loser = if l.imbalance() > h.imbalance() { h } else { l };
            loser.repeated == l.preference.map(crate::model::Colour::opposite)
        };
        if loser_repeats {
            v.push((Slot::C11, -1));
        }
    }
    if same {
        v.push((Slot::C12, -1));
        let strong = |c: &super::state::ColourState| c.strong || c.absolute;
        if strong(h) && strong(l) && !(h.absolute && l.absolute) {
            v.push((Slot::C13, -1));
        }
    }
}
