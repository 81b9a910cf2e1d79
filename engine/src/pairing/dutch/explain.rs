//! Why a round was paired as it was, in the terms of C.04.3: per bracket
//! (art. 1.9) the moved-down and resident players, S1 and S2 (art. 3.2), the
//! exchanges (art. 4.3) and transpositions (art. 4.2), the downfloaters and the
//! criterion of art. 2 that set the chosen candidate apart from the first
//! candidate of the generation order; per board the colour rule of art. 5.2;
//! the pairing-allocated bye ([C2], [C5], [C9]).
//!
//! Everything comes from what the pairing recorded ([`super::round::Paired`]);
//! the first candidate is judged with the same criteria code the matching
//! weights are made of ([`super::criteria`]).

use super::colour::ColourRule;
use super::criteria::{Context, EdgeKind, Slot, Values};
use super::input::RoundInput;
use super::round::{pair_round, Paired, PairedBracket};
use super::scope::Lookahead;
use super::state::{topscorer_rule, ColourState, Player};
use super::{Pairing, PairingError};
use crate::model::{Colour, PlayerNo, Points};
use std::collections::BTreeMap;
use std::fmt;

/// Pairs round `input.round` as [`super::pair`] does and explains the pairing.
///
/// # Errors
/// As [`super::pair`].
pub fn explain(input: &RoundInput) -> Result<(Pairing, Explanation), PairingError> {
    let paired = pair_round(input)?;
    let topscorer = topscorer_rule(input);
    let brackets =
        paired.brackets.iter().enumerate().map(|(i, b)| explain_bracket(&paired, b, i + 1, &topscorer)).collect();
    let players = &paired.players;
    let by_id = |id: PlayerNo| players.iter().find(|p| p.id == id);
    let boards = paired
        .pairing
        .boards
        .iter()
        .zip(&paired.colour_rules)
        .filter_map(|(board, rule)| {
            let (w, b) = (by_id(board.white)?, by_id(board.black)?);
            Some(BoardExplanation {
                white: entrant(w),
                black: entrant(b),
                white_preference: preference(&w.colour),
                black_preference: preference(&b.colour),
                rule: *rule,
            })
        })
        .collect();
    let bye = paired.pairing.bye.and_then(by_id).map(|p| ByeExplanation {
        player: entrant(p),
        lowest_score: paired.bye_score.unwrap_or(p.score),
        unplayed_games: paired
            .brackets
            .iter()
            .any(|b| b.c9)
            .then(|| input.round.saturating_sub(1).saturating_sub(p.played_games)),
    });
    let explanation =
        Explanation { round: input.round, players: players.len(), bye_score: paired.bye_score, brackets, boards, bye };
    Ok((paired.pairing, explanation))
}

/// The explanation of a round's pairing; [`fmt::Display`] gives it as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The round paired (1-based).
    pub round: u32,
    /// The number of players paired.
    pub players: usize,
    /// [C5]: the score of the PAB assignee, when the number of players is odd.
    pub bye_score: Option<Points>,
    /// The brackets from the top (art. 1.9.2).
    pub brackets: Vec<BracketExplanation>,
    /// The boards in board order (C.04.2 art. 3.6).
    pub boards: Vec<BoardExplanation>,
    /// The pairing-allocated bye.
    pub bye: Option<ByeExplanation>,
}

/// A player as the explanation names them: pairing number and pairing score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entrant {
    /// The pairing number.
    pub id: PlayerNo,
    /// The pairing score (with virtual points under acceleration, C.04.7).
    pub score: Points,
}

/// One bracket as it was paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketExplanation {
    /// The bracket's number, 1 for the top one.
    pub number: usize,
    /// The score of its resident scoregroup; `None` for a last bracket made
    /// only of moved-down players.
    pub score: Option<Points>,
    /// Moved-down players (art. 1.4.1), in order.
    pub mdps: Vec<Entrant>,
    /// Resident players, in order.
    pub residents: Vec<Entrant>,
    /// The moved-down players that were paired: S1 of the MDP-pairing (art. 3.2.2).
    pub paired_mdps: Vec<Entrant>,
    /// S1 of the remainder (or of the homogeneous bracket) before exchanges (art. 3.2).
    pub s1: Vec<Entrant>,
    /// S2 of the remainder before exchanges.
    pub s2: Vec<Entrant>,
    /// Players moved from S1 to S2 by the exchange (art. 4.3).
    pub moved_to_s2: Vec<Entrant>,
    /// Players moved from S2 to S1 by the exchange.
    pub moved_to_s1: Vec<Entrant>,
    /// Whether S2 was transposed (art. 4.2): some S1 player is not paired with
    /// the S2 player in the same position.
    pub transposed: bool,
    /// The pairs, higher-ranked player first.
    pub pairs: Vec<(Entrant, Entrant)>,
    /// Players left unpaired, moved down to the next bracket.
    pub downfloaters: Vec<Entrant>,
    /// Why this candidate and not the first one of the generation order.
    pub decision: Decision,
    /// Why each downfloater floats rather than a player who was paired.
    pub floats: Vec<FloatReason>,
    /// Whether the criteria looking below the bracket ([C4], [C8]) made the
    /// pairing consider the players below, and which one.
    pub lookahead: Option<Lookahead>,
    /// Whether [C9] applied to the bracket.
    pub c9: bool,
}

/// Why the chosen candidate of a bracket is preferred to another candidate
/// (art. 3.8: the first candidate of the generation order that best meets
/// the criteria is chosen).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// The bracket makes no pair.
    NoPairs,
    /// The first candidate of the generation order was kept.
    FirstCandidate,
    /// The other candidate breaks absolute criteria in these pairs.
    Absolute(Vec<Conflict>),
    /// The other candidate meets the absolute criteria but the chosen one is
    /// better on this criterion (all earlier criteria being equal).
    Criterion {
        /// The criterion ("C12").
        criterion: &'static str,
        /// What its value counts.
        counts: &'static str,
        /// The chosen candidate's count.
        chosen: i64,
        /// The other candidate's count.
        first: i64,
    },
    /// The other candidate is as good on the bracket's own criteria, but the
    /// criteria looking below the bracket ([C4]/[C8]) rule it out.
    Below(Lookahead),
    /// Equal on every criterion: the generation order of art. 4 decides.
    Order,
}

/// Why a downfloater floats: for each paired player of the bracket, why the
/// candidate pairing the downfloater in that player's place (that player
/// floating instead) is worse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloatReason {
    /// The downfloater.
    pub player: Entrant,
    /// The players it could have replaced, in rank order, with the reason.
    pub instead: Vec<(Entrant, Decision)>,
}

/// A pair of a candidate that breaks an absolute criterion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Conflict {
    /// The S1 player.
    pub higher: PlayerNo,
    /// The S2 player.
    pub lower: PlayerNo,
    /// [C1] (they met, or may not meet) or [C3] (same absolute colour preference).
    pub criterion: &'static str,
}

/// A colour preference as art. 1.7 grades it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preference {
    /// The colour preferred, `None` before the first game.
    pub colour: Option<Colour>,
    /// "absolute", "strong" or "mild" (art. 1.7.1-1.7.3).
    pub strength: &'static str,
}

/// One board: the colours and the rule of art. 5.2 that gave them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardExplanation {
    /// The player with White.
    pub white: Entrant,
    /// The player with Black.
    pub black: Entrant,
    /// White's colour preference.
    pub white_preference: Preference,
    /// Black's colour preference.
    pub black_preference: Preference,
    /// The rule that allocated the colours.
    pub rule: ColourRule,
}

/// Who received the pairing-allocated bye and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByeExplanation {
    /// The PAB assignee.
    pub player: Entrant,
    /// [C5]: the lowest score with which the round can be completed ([C4])
    /// with the PAB going to a player who may receive it ([C2]).
    pub lowest_score: Points,
    /// [C9]: the assignee's unplayed games, when [C9] applied.
    pub unplayed_games: Option<u32>,
}

fn entrant(p: &Player) -> Entrant {
    Entrant { id: p.id, score: p.score }
}

fn preference(c: &ColourState) -> Preference {
    let strength = if c.absolute {
        "absolute"
    } else if c.strong {
        "strong"
    } else {
        "mild"
    };
    Preference { colour: c.preference, strength }
}

/// Explains one bracket from its recorded outcome.
fn explain_bracket(
    paired: &Paired,
    bracket: &PairedBracket,
    number: usize,
    topscorer: &impl Fn(&Player) -> bool,
) -> BracketExplanation {
    let players = &paired.players;
    let out = &bracket.outcome;
    let names = |list: &[usize]| list.iter().map(|&v| entrant(&players[v])).collect::<Vec<_>>();
    let remainder_pairs: Vec<(usize, usize)> =
        out.pairs.iter().copied().filter(|(h, _)| !out.paired_mdps.contains(h)).collect();
    // S1 and S2 after the exchange: who leads a remainder pair.
    let mut s1_after: Vec<usize> = remainder_pairs.iter().map(|&(h, _)| h).collect();
    s1_after.sort_unstable();
    let mut s2_after: Vec<usize> = out.s1.iter().chain(&out.s2).copied().filter(|v| !s1_after.contains(v)).collect();
    s2_after.sort_unstable();
    let (decision, floats) = judge(paired, bracket, topscorer);
    let transposed = s1_after.iter().zip(&s2_after).any(|(h, l)| !remainder_pairs.contains(&(*h, *l)));
    BracketExplanation {
        number,
        score: bracket.residents.first().map(|&v| players[v].score).filter(|_| !bracket.collapsed),
        mdps: names(&bracket.mdps),
        residents: names(&bracket.residents),
        paired_mdps: names(&out.paired_mdps),
        s1: names(&out.s1),
        s2: names(&out.s2),
        moved_to_s2: names(&out.exchanged_out),
        moved_to_s1: names(&out.exchanged_in),
        transposed,
        pairs: out.pairs.iter().map(|&(h, l)| (entrant(&players[h]), entrant(&players[l]))).collect(),
        downfloaters: names(&out.downfloaters),
        decision,
        floats,
        lookahead: out.lookahead,
        c9: bracket.c9,
    }
}

/// What the explanation needs to judge candidates of one bracket.
struct Judge<'a, T: Fn(&Player) -> bool> {
    players: &'a [Player],
    context: Context<'a>,
    topscorer: &'a T,
    lookahead: Option<Lookahead>,
}

impl<T: Fn(&Player) -> bool> Judge<'_, T> {
    /// The absolute criterion the pair `(h, l)` breaks, if any.
    fn conflict(&self, h: usize, l: usize) -> Option<Conflict> {
        let (a, b) = (&self.players[h], &self.players[l]);
        let criterion = if a.barred.contains(&b.id) || b.barred.contains(&a.id) {
            "C1"
        } else if a.colour.absolute
            && b.colour.absolute
            && a.colour.preference == b.colour.preference
            && !(self.topscorer)(a)
            && !(self.topscorer)(b)
        {
            "C3"
        } else {
            return None;
        };
        Some(Conflict { higher: a.id, lower: b.id, criterion })
    }

    /// Why `chosen` is preferred to the candidate `other` (same bracket).
    fn compare(&self, chosen: &[(usize, usize)], other: &[(usize, usize)]) -> Decision {
        let conflicts: Vec<Conflict> = other.iter().filter_map(|&(h, l)| self.conflict(h, l)).collect();
        if !conflicts.is_empty() {
            return Decision::Absolute(conflicts);
        }
        let (mine, theirs) = (totals(&self.context, chosen), totals(&self.context, other));
        let mut slots: Vec<Slot> = mine.keys().chain(theirs.keys()).copied().collect();
        slots.sort_unstable();
        slots.dedup();
        for slot in slots {
            let (c, f) = (mine.get(&slot).copied().unwrap_or(0), theirs.get(&slot).copied().unwrap_or(0));
            if c == f {
                continue;
            }
            if c < f {
                break;
            }
            let (criterion, counts) = slot.criterion();
            // Penalties are stored negated: report them as counts.
            let (chosen, first) = if c <= 0 && f <= 0 { (-c, -f) } else { (c, f) };
            return Decision::Criterion { criterion, counts, chosen, first };
        }
        self.lookahead.map_or(Decision::Order, Decision::Below)
    }
}

/// Compares the chosen candidate with the first candidate of the generation
/// order (the first paired MDPs against the first residents in order, art.
/// 3.2.2 and 4.2, then the remainder's S1 against its S2 in order, with as
/// many pairs as the chosen candidate), and each downfloater with the players
/// it could have replaced.
fn judge(
    paired: &Paired,
    bracket: &PairedBracket,
    topscorer: &impl Fn(&Player) -> bool,
) -> (Decision, Vec<FloatReason>) {
    let players = &paired.players;
    let out = &bracket.outcome;
    if out.pairs.is_empty() {
        return (Decision::NoPairs, Vec::new());
    }
    let mut levels: Vec<Points> = bracket.mdps.iter().chain(&bracket.residents).map(|&v| players[v].score).collect();
    levels.sort_by(|a, b| b.cmp(a));
    levels.dedup();
    let context = Context {
        players,
        levels,
        complete: false,
        bye_score: paired.bye_score,
        bye_games: bracket.c9.then(|| paired.bye_games.clone()),
    };
    let judge = Judge { players, context, topscorer, lookahead: out.lookahead };
    let m1 = out.paired_mdps.len();
    let p = out.pairs.len() - m1;
    let mut first: Vec<(usize, usize)> =
        bracket.mdps.iter().copied().take(m1).zip(bracket.residents.iter().copied()).collect();
    let rest: Vec<usize> = bracket.residents.iter().copied().skip(first.len()).collect();
    first.extend(rest.iter().copied().take(p).zip(rest.iter().copied().skip(p)));
    let decision =
        if norm(&first) == norm(&out.pairs) { Decision::FirstCandidate } else { judge.compare(&out.pairs, &first) };
    let floats = out
        .downfloaters
        .iter()
        .map(|&d| {
            let mut instead = Vec::new();
            for (k, &(a, b)) in out.pairs.iter().enumerate() {
                for (q, keep) in [(a, b), (b, a)] {
                    let mut other = out.pairs.clone();
                    other[k] = (keep.min(d), keep.max(d));
                    instead.push((entrant(&players[q]), judge.compare(&out.pairs, &other)));
                }
            }
            instead.sort_by_key(|(q, _)| players.iter().position(|p| p.id == q.id));
            FloatReason { player: entrant(&players[d]), instead }
        })
        .collect();
    (decision, floats)
}

fn norm(pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    v.sort_unstable();
    v
}

/// The criteria values of a candidate, slot by slot, each pair in the
/// bracket valued as the matching weights value it.
fn totals(context: &Context, pairs: &[(usize, usize)]) -> BTreeMap<Slot, i64> {
    let mut sums = BTreeMap::new();
    let mut values = Values::new();
    for &(a, b) in pairs {
        values.clear();
        context.edge(a.min(b), a.max(b), EdgeKind::InBracket, &mut values);
        for &(slot, value) in &values {
            *sums.entry(slot).or_insert(0) += value;
        }
    }
    sums
}

fn list(f: &mut fmt::Formatter<'_>, players: &[Entrant]) -> fmt::Result {
    if players.is_empty() {
        return f.write_str("none");
    }
    for (i, p) in players.iter().enumerate() {
        write!(f, "{}{}", if i > 0 { ", " } else { "" }, p)?;
    }
    Ok(())
}

impl fmt::Display for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.id, self.score)
    }
}

impl fmt::Display for Preference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.colour {
            None => f.write_str("no preference"),
            Some(Colour::White) => write!(f, "{} White", self.strength),
            Some(Colour::Black) => write!(f, "{} Black", self.strength),
        }
    }
}

impl fmt::Display for Lookahead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lookahead::Completion => {
                "[C4] the best pairing of the bracket alone leaves a round that cannot be completed"
            }
            Lookahead::NextBracket => {
                "[C8] the best pairing of the bracket alone leaves downfloaters the next bracket cannot pair"
            }
        })
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::NoPairs => f.write_str("no pair can be made"),
            Decision::FirstCandidate => f.write_str("it is the first candidate of the generation order (art. 4)"),
            Decision::Absolute(conflicts) => {
                for (i, c) in conflicts.iter().enumerate() {
                    let why = if c.criterion == "C1" {
                        "have met or may not meet"
                    } else {
                        "same absolute colour preference"
                    };
                    write!(f, "{}[{}] {}-{} {}", if i > 0 { "; " } else { "" }, c.criterion, c.higher, c.lower, why)?;
                }
                Ok(())
            }
            Decision::Criterion { criterion, counts, chosen, first } => {
                write!(f, "[{criterion}] {counts}: {chosen} against {first}")
            }
            Decision::Below(reason) => write!(f, "equal within the bracket, but {reason}"),
            Decision::Order => f.write_str("equal on every criterion, the generation order of art. 4 decides"),
        }
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Round {}: {} players to pair (C.04.3, FIDE Dutch System).", self.round, self.players)?;
        if let Some(score) = self.bye_score {
            writeln!(
                f,
                "Odd number of players: one gets the pairing-allocated bye. [C5] its score is {score}, the lowest with which the round can be completed [C4] with the PAB to a player eligible under [C2]."
            )?;
        }
        for b in &self.brackets {
            writeln!(f)?;
            write!(f, "{}", b)?;
        }
        writeln!(f)?;
        writeln!(f, "Colours (art. 5.2), in board order (C.04.2 art. 3.6):")?;
        for (i, b) in self.boards.iter().enumerate() {
            writeln!(
                f,
                "  Board {}: {} White ({}) - {} Black ({}): {}",
                i + 1,
                b.white,
                b.white_preference,
                b.black,
                b.black_preference,
                b.rule
            )?;
        }
        if let Some(bye) = &self.bye {
            write!(
                f,
                "PAB: {}, the player left unpaired by the last bracket; eligible under [C2], score {} as [C5] requires",
                bye.player, bye.lowest_score
            )?;
            if let Some(games) = bye.unplayed_games {
                write!(f, "; [C9] applied: {games} unplayed game(s), as few as the PAB candidates allowed")?;
            }
            writeln!(f, ".")?;
        }
        Ok(())
    }
}

impl fmt::Display for BracketExplanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.score {
            Some(score) if !self.residents.is_empty() => write!(f, "Bracket {}: scoregroup {score}", self.number)?,
            _ => write!(f, "Bracket {}: the moved-down players left over", self.number)?,
        }
        let kind = if self.mdps.is_empty() { "homogeneous" } else { "heterogeneous" };
        writeln!(f, " ({kind}, art. 1.9.1)")?;
        f.write_str("  Moved-down players (MDPs): ")?;
        list(f, &self.mdps)?;
        f.write_str("\n  Resident players: ")?;
        list(f, &self.residents)?;
        writeln!(f)?;
        if !self.mdps.is_empty() {
            f.write_str("  MDP-pairing (art. 3.2.2): S1 = the paired MDPs: ")?;
            list(f, &self.paired_mdps)?;
            writeln!(f, "; S2 = the residents")?;
        }
        if !self.s1.is_empty() {
            f.write_str(if self.mdps.is_empty() { "  S1: " } else { "  Remainder S1: " })?;
            list(f, &self.s1)?;
            f.write_str("; S2: ")?;
            list(f, &self.s2)?;
            writeln!(f, " (art. 3.2)")?;
            if self.moved_to_s2.is_empty() {
                writeln!(f, "  No exchange (art. 4.3).")?;
            } else {
                f.write_str("  Exchange (art. 4.3): moved from S1 to S2: ")?;
                list(f, &self.moved_to_s2)?;
                f.write_str("; from S2 to S1: ")?;
                list(f, &self.moved_to_s1)?;
                writeln!(f)?;
            }
            writeln!(
                f,
                "  {}",
                if self.transposed { "S2 transposed (art. 4.2)." } else { "No transposition (art. 4.2)." }
            )?;
        }
        f.write_str("  Pairs: ")?;
        if self.pairs.is_empty() {
            f.write_str("none")?;
        }
        for (i, (h, l)) in self.pairs.iter().enumerate() {
            write!(f, "{}{} - {}", if i > 0 { ", " } else { "" }, h, l)?;
        }
        writeln!(f)?;
        let size = self.mdps.len() + self.residents.len();
        write!(f, "  Downfloaters: ")?;
        list(f, &self.downfloaters)?;
        if !self.downfloaters.is_empty() {
            write!(f, " ([C6] at most {} pairs among {} players)", self.pairs.len(), size)?;
        }
        writeln!(f)?;
        if self.c9 {
            writeln!(f, "  [C9] applies: the bracket downfloats the PAB assignee, who should have as few unplayed games as possible.")?;
        }
        if let Some(reason) = self.lookahead {
            writeln!(f, "  Paired with the players below in view: {reason}.")?;
        }
        match &self.decision {
            Decision::NoPairs | Decision::FirstCandidate => writeln!(f, "  Why: {}.", self.decision)?,
            other => writeln!(f, "  Why not the first candidate of the generation order (art. 4): {other}.")?,
        }
        for reason in &self.floats {
            writeln!(f, "  Why {} floats rather than:", reason.player)?;
            let mut groups: Vec<(Vec<Entrant>, &Decision)> = Vec::new();
            for (q, why) in &reason.instead {
                match groups.iter_mut().find(|(_, d)| *d == why) {
                    Some((players, _)) => players.push(*q),
                    None => groups.push((vec![*q], why)),
                }
            }
            for (players, why) in groups {
                f.write_str("    ")?;
                list(f, &players)?;
                writeln!(f, ": {why}")?;
            }
        }
        Ok(())
    }
}
