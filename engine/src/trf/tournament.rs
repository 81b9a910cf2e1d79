//! What a TRF file says about the tournament: rounds paired, point system,
//! initial colour, forbidden pairs, acceleration, and the pairing it records
//! for a round. The Dutch system builds its input from these
//! (`pairing::dutch`, which reads files; a file does not know the pairing).

use super::error::{TrfError, TrfErrorKind};
use super::record::{Line, PlayerLine, PointTag};
use super::Trf;
use crate::model::{baku_virtual_points, Colour, PlayerNo, PointSystem, Points, RoundRecord, Unplayed};
use std::collections::HashMap;

/// One board of a recorded round: who had White and Black, as far as the file
/// says (a forfeit may be written without colours).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordedBoard {
    /// The player with White (or the lower starting rank when colours are unknown).
    pub white: PlayerNo,
    /// The player with Black.
    pub black: PlayerNo,
    /// Whether the file gives the colours.
    pub colours_known: bool,
}

/// The pairing a TRF file records for one round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordedRound {
    /// The boards, ordered by the lower starting rank of the pair.
    pub boards: Vec<RecordedBoard>,
    /// The player given the pairing-allocated bye, if any.
    pub bye: Option<PlayerNo>,
}

impl Trf {
    /// The last round in which the file records a pairing (a game, a forfeit
    /// or a pairing-allocated bye); 0 before round 1 is paired.
    #[must_use]
    pub fn rounds_paired(&self) -> u32 {
        let paired = |r: &Option<RoundRecord>| {
            matches!(
                r,
                Some(
                    RoundRecord::Played { .. }
                        | RoundRecord::Forfeit { .. }
                        | RoundRecord::Unpaired(Unplayed::PairingBye)
                )
            )
        };
        self.players().filter_map(|p| p.rounds.iter().rposition(paired)).map(|i| i as u32 + 1).max().unwrap_or(0)
    }

    /// The point system given by `BB?`, `162` and `XXS` lines (FIDE 1-½-0 by
    /// default; the PAB is worth a win unless `BBU`/`162 P`/`XXS PAB` say otherwise).
    ///
    /// # Errors
    /// `XXS` values that differ by colour, which the pairing cannot represent.
    pub fn point_system(&self) -> Result<PointSystem, TrfError> {
        let mut s = PointSystem::default();
        let mut pab = None;
        let set_win = |s: &mut PointSystem, p| {
            s.win = p;
            s.forfeit_win = p;
            s.full_point_bye = p;
        };
        let set_draw = |s: &mut PointSystem, p| {
            s.draw = p;
            s.half_point_bye = p;
        };
        for (i, line) in self.lines.iter().enumerate() {
            match line {
                Line::PointValue { tag, points } => match tag {
                    PointTag::Win => set_win(&mut s, *points),
                    PointTag::Draw => set_draw(&mut s, *points),
                    PointTag::Loss => s.loss = *points,
                    PointTag::ZeroPointBye => {
                        s.zero_point_bye = *points;
                        s.absent = *points;
                    }
                    PointTag::ForfeitLoss => s.forfeit_loss = *points,
                    PointTag::PairingBye => pab = Some(*points),
                },
                Line::PointSystem(values) => {
                    for (code, points) in values {
                        match code {
                            'W' => set_win(&mut s, *points),
                            'D' => set_draw(&mut s, *points),
                            'L' => s.loss = *points,
                            'A' => {
                                s.zero_point_bye = *points;
                                s.forfeit_loss = *points;
                                s.absent = *points;
                            }
                            'P' => pab = Some(*points),
                            _ => {}
                        }
                    }
                }
                Line::Scoring(values) => apply_xxs(&mut s, &mut pab, values, i + 1)?,
                _ => {}
            }
        }
        s.pairing_bye = pab.unwrap_or(s.win);
        Ok(s)
    }

    /// The initial colour: declared (`XXC`, `152`), or else inferred as
    /// TRF-2026 does from the round-1 colour of the highest-ranked player who
    /// had one (its TPN parity telling whether it had the initial colour).
    #[must_use]
    pub fn initial_colour(&self) -> Option<Colour> {
        if let Some(c) = self.declared_initial_colour() {
            return Some(c);
        }
        let mut players: Vec<&PlayerLine> = self.players().collect();
        players.sort_by_key(|p| p.number);
        let first = players
            .iter()
            .filter_map(|p| p.rounds.iter().position(|r| r.as_ref().and_then(entry_colour).is_some()))
            .min()?;
        let mut tpn = 0usize;
        for p in players {
            let took_part = p.rounds.iter().take(first + 1).flatten().any(took_part_in_pairing);
            if !took_part {
                continue;
            }
            if let Some(c) = p.rounds.get(first).and_then(|r| r.as_ref()).and_then(entry_colour) {
                return Some(if tpn % 2 == 1 { c.opposite() } else { c });
            }
            tpn += 1;
        }
        None
    }

    /// The pairing the file records for round `round` (1-based).
    #[must_use]
    pub fn recorded_round(&self, round: u32) -> RecordedRound {
        let index = round as usize - 1;
        let mut out = RecordedRound::default();
        for p in self.players() {
            match p.rounds.get(index).copied().flatten() {
                Some(RoundRecord::Played { opponent, colour, .. }) if p.number < opponent => {
                    let (white, black) =
                        if colour == Colour::White { (p.number, opponent) } else { (opponent, p.number) };
                    out.boards.push(RecordedBoard { white, black, colours_known: true });
                }
                Some(RoundRecord::Forfeit { opponent, colour, .. }) if p.number < opponent => {
                    let board = match colour {
                        Some(Colour::White) => RecordedBoard { white: p.number, black: opponent, colours_known: true },
                        Some(Colour::Black) => RecordedBoard { white: opponent, black: p.number, colours_known: true },
                        None => RecordedBoard { white: p.number, black: opponent, colours_known: false },
                    };
                    out.boards.push(board);
                }
                Some(RoundRecord::Unpaired(Unplayed::PairingBye)) => out.bye = Some(p.number),
                _ => {}
            }
        }
        out.boards.sort_by_key(|b| b.white.min(b.black));
        out
    }

    /// Pairs of players who must not meet in `round`: every two players of an
    /// `XXP` line, and of a `260` line whose round range contains `round`.
    #[must_use]
    pub fn forbidden_pairs(&self, round: u32) -> Vec<(PlayerNo, PlayerNo)> {
        let mut out = Vec::new();
        for line in &self.lines {
            let group = match line {
                Line::Forbidden(players) => players,
                Line::ForbiddenRange { first_round, last_round, players }
                    if (*first_round..=*last_round).contains(&round) =>
                {
                    players
                }
                _ => continue,
            };
            for (i, a) in group.iter().enumerate() {
                out.extend(group[i + 1..].iter().filter(|b| *b != a).map(|b| (*a, *b)));
            }
        }
        out
    }

    /// Virtual points by player and round (round 1 first; FIDE C.04.7):
    /// `XXA` and `250` lines, or the Baku method when the `192` code ends in
    /// `_BAKU` and no explicit acceleration is given; empty when the file
    /// has no acceleration.
    #[must_use]
    pub fn virtual_points(&self, total_rounds: u32, points: &PointSystem) -> HashMap<PlayerNo, Vec<Points>> {
        let mut out: HashMap<PlayerNo, Vec<Points>> = HashMap::new();
        let mut explicit = false;
        for line in &self.lines {
            match line {
                Line::Acceleration { player, rounds } => {
                    explicit = true;
                    out.insert(*player, rounds.clone());
                }
                Line::AccelerationRange(range) => {
                    explicit = true;
                    for p in range.first_player.0..=range.last_player.0 {
                        let rounds = out.entry(PlayerNo(p)).or_default();
                        for r in range.first_round..=range.last_round {
                            let i = r as usize - 1;
                            if rounds.len() <= i {
                                rounds.resize(i + 1, Points::ZERO);
                            }
                            rounds[i] = range.points;
                        }
                    }
                }
                _ => {}
            }
        }
        let baku = self.tournament_type().is_some_and(|t| t.ends_with("_BAKU"));
        if !explicit && baku {
            let mut ids: Vec<PlayerNo> = self.players().map(|p| p.number).collect();
            ids.sort();
            out = baku_virtual_points(&ids, total_rounds, points);
        }
        out
    }

    /// Checks that opponents exist and agree with each other, and that each
    /// points column matches the results.
    pub(crate) fn validate(&self) -> Result<(), TrfError> {
        let by_id: HashMap<PlayerNo, &PlayerLine> = self.players().map(|p| (p.number, p)).collect();
        let points = self.point_system()?;
        let paired = self.rounds_paired() as usize;
        for (i, line) in self.lines.iter().enumerate() {
            let Line::Player(p) = line else { continue };
            let at = |kind| TrfError::at(i + 1, kind);
            for (r, entry) in p.rounds.iter().enumerate() {
                let Some(entry) = entry else { continue };
                let Some(opponent) = entry.opponent() else { continue };
                let other = by_id
                    .get(&opponent)
                    .ok_or_else(|| at(TrfErrorKind::UnknownOpponent { round: r + 1, opponent: opponent.0 }))?;
                let back = other.rounds.get(r).copied().flatten();
                if !entries_agree(entry, back.as_ref(), p.number) {
                    return Err(at(TrfErrorKind::InconsistentPairing {
                        round: r + 1,
                        player: p.number.0,
                        opponent: opponent.0,
                    }));
                }
            }
            let sum = |n: usize| -> Points {
                p.rounds.iter().take(n).map(|r| r.map_or(points.absent, |r| r.points(&points))).sum()
            };
            let base = sum(paired);
            let with_next = sum(paired + 1);
            let accel = self.virtual_points_total(p.number, paired as u32 + 1, &points);
            let ok = [base, with_next].iter().any(|s| p.points == *s || p.points == *s + accel);
            if !ok {
                return Err(at(TrfErrorKind::PointsMismatch {
                    found: p.points.to_string(),
                    computed: base.to_string(),
                }));
            }
        }
        Ok(())
    }

    fn virtual_points_total(&self, player: PlayerNo, round: u32, points: &PointSystem) -> Points {
        let total = self.total_rounds().unwrap_or(round);
        self.virtual_points(total, points)
            .get(&player)
            .and_then(|v| v.get(round as usize - 1))
            .copied()
            .unwrap_or(Points::ZERO)
    }
}

fn apply_xxs(
    s: &mut PointSystem,
    pab: &mut Option<Points>,
    values: &[(String, Points)],
    line: usize,
) -> Result<(), TrfError> {
    let get = |code: &str| values.iter().rev().find(|(c, _)| c == code).map(|(_, p)| *p);
    for (white, black) in [("WW", "BW"), ("WD", "BD"), ("WL", "BL")] {
        if let (Some(w), Some(b)) = (get(white), get(black)) {
            if w != b {
                return Err(TrfError::at(
                    line,
                    TrfErrorKind::UnsupportedPointSystem("XXS gives White and Black different points"),
                ));
            }
        }
    }
    if let Some(p) = get("W").or(get("WW")).or(get("BW")) {
        s.win = p;
        s.forfeit_win = p;
        s.full_point_bye = p;
    }
    if let Some(p) = get("D").or(get("WD")).or(get("BD")) {
        s.draw = p;
        s.half_point_bye = p;
    }
    if let Some(p) = get("WL").or(get("BL")) {
        s.loss = p;
    }
    if let Some(p) = get("ZPB") {
        s.zero_point_bye = p;
        s.absent = p;
    }
    if let Some(p) = get("HPB") {
        s.half_point_bye = p;
    }
    if let Some(p) = get("FPB") {
        s.full_point_bye = p;
    }
    if let Some(p) = get("FW") {
        s.forfeit_win = p;
    }
    if let Some(p) = get("FL") {
        s.forfeit_loss = p;
    }
    if let Some(p) = get("PAB") {
        *pab = Some(p);
    }
    Ok(())
}

/// The colour a round entry gives the player, if any (games and forfeits with a colour).
fn entry_colour(r: &RoundRecord) -> Option<Colour> {
    match *r {
        RoundRecord::Played { colour, .. } => Some(colour),
        RoundRecord::Forfeit { colour, .. } => colour,
        RoundRecord::Unpaired(_) => None,
    }
}

/// Whether the entry shows the player was paired (a game, a forfeit, or the PAB).
pub(crate) fn took_part_in_pairing(r: &RoundRecord) -> bool {
    !matches!(r, RoundRecord::Unpaired(kind) if *kind != Unplayed::PairingBye)
}

/// Whether the opponent's entry `back` mirrors `entry` of player `me`.
fn entries_agree(entry: &RoundRecord, back: Option<&RoundRecord>, me: PlayerNo) -> bool {
    match (entry, back) {
        (
            RoundRecord::Played { colour, outcome, .. },
            Some(RoundRecord::Played { opponent, colour: c2, outcome: o2, .. }),
        ) => *opponent == me && *c2 == colour.opposite() && *o2 == outcome.reversed(),
        (RoundRecord::Forfeit { .. }, Some(RoundRecord::Forfeit { opponent, .. })) => *opponent == me,
        _ => false,
    }
}
