//! The TRF export of a chess team event (FIDE C.04 Annex 2, TRF16): one
//! `001` player line per team member with their games of the closed rounds,
//! and one `013` team line per team listing its members' starting ranks in
//! board order (engine [`TeamLine`]).
//!
//! - Starting ranks: teams by pairing number (art. 3.1 of the Olympiad
//!   Pairing Rules 2022), each team's members in roster order (regular
//!   players by board, then reserves), numbered from 1.
//! - A member's round: the game on their board (colour, opponent, result;
//!   forfeits `+`/`-`); a board the other team left empty is written as a
//!   full-point bye (`0000 - F`); a member who did not play (not in the
//!   line-up, or the team had the bye) is absent (`0000 - -`): the team's
//!   bye counts in the team score, not in its players'.
//! - A member's points are their game points; ranks are left to the team
//!   standings (the `001` rank field is blank).

use super::chess_event::{seat, ChessTeams};
use crate::domain::{MatchResult, Pairing, Player, PlayerId, RoundStatus};
use arbiter_engine::model::{Colour, Outcome, PlayerNo, Points, RoundRecord, Unplayed};
use arbiter_engine::trf::TeamLine;
use arbiter_engine::trf::{Line, LineEnding, Trf};
use std::collections::HashMap;

/// The members in starting-rank order (rank = index + 1), and each team
/// with its members' ranks in board order, teams by pairing number.
#[must_use]
pub fn starting_ranks(ev: &ChessTeams) -> (Vec<&Player>, Vec<(&Player, Vec<PlayerNo>)>) {
    let mut teams: Vec<&Player> = ev.teams.iter().filter(|t| !t.removed).collect();
    teams.sort_by_key(|t| (t.pairing_no.unwrap_or(u32::MAX), t.registration_no));
    let (mut members, mut out) = (Vec::new(), Vec::new());
    for t in teams {
        let mut nos = Vec::new();
        let mut roster = ev.members_of(t.id);
        roster.sort_by_key(|m| seat(m));
        for m in roster.into_iter().filter(|m| !m.removed) {
            members.push(m);
            nos.push(PlayerNo(u32::try_from(members.len()).unwrap_or(u32::MAX)));
        }
        out.push((t, nos));
    }
    (members, out)
}

/// The file's text (lines end in CR); birth dates and sex only if `private`.
#[must_use]
pub fn render(ev: &ChessTeams, private: bool) -> String {
    let (members, teams) = starting_ranks(ev);
    let no: HashMap<PlayerId, PlayerNo> = members.iter().zip(1u32..).map(|(m, n)| (m.id, PlayerNo(n))).collect();
    let closed: Vec<_> = ev.rounds.iter().filter(|r| !r.playoff && r.status == RoundStatus::Complete).collect();
    let t = &ev.t;
    let mut lines = vec![Line::Other(format!("012 {}", t.name))];
    if let Some(location) = &t.location {
        lines.push(Line::Other(format!("022 {location}")));
    }
    lines.extend([
        Line::Other(format!("042 {}", t.event_date.format("%Y/%m/%d"))),
        Line::Other(format!("062 {}", members.len())),
        Line::Other(format!(
            "092 Team Swiss: FIDE Olympiad Pairing Rules 2022, {} boards",
            super::chess_event::boards_of(t)
        )),
        Line::TotalRounds { tag: arbiter_engine::trf::RoundsTag::Xxr, rounds: t.total_rounds },
        Line::Configuration { initial_colour: Some(t.initial_colour_drawn()), rank: false },
    ]);
    for (m, n) in members.iter().zip(1u32..) {
        let mut points = Points::ZERO;
        let rounds: Vec<Option<RoundRecord>> = closed
            .iter()
            .map(|r| {
                let game = ev
                    .games
                    .iter()
                    .find(|g| g.round_id == r.id && (g.player1_id == m.id || g.player2_id == Some(m.id)));
                let record = game.map_or(RoundRecord::Unpaired(Unplayed::Absent), |g| record(g, m.id, &no));
                points += record_points(&record);
                Some(record)
            })
            .collect();
        lines.push(Line::Player(m.trf_line(PlayerNo(n), points, None, rounds, private)));
    }
    for (team, nos) in teams {
        lines.push(Line::Other(TeamLine { name: team.display_name.clone(), members: nos }.render()));
    }
    Trf { lines }.to_text(LineEnding::Cr)
}

/// Member `me`'s record of game `g`.
fn record(g: &Pairing, me: PlayerId, no: &HashMap<PlayerId, PlayerNo>) -> RoundRecord {
    let white = g.player1_id == me;
    let Some(opp) = (if white { g.player2_id } else { Some(g.player1_id) }) else {
        return RoundRecord::Unpaired(Unplayed::FullPointBye);
    };
    let opponent = no.get(&opp).copied().unwrap_or(PlayerNo(0));
    let colour = if white { Colour::White } else { Colour::Black };
    let outcome = |white_wins: Option<bool>| match white_wins {
        Some(w) if w == white => Outcome::Win,
        Some(_) => Outcome::Loss,
        None => Outcome::Draw,
    };
    match g.result {
        Some(MatchResult::P1Win) => RoundRecord::Played { opponent, colour, outcome: outcome(Some(true)), rated: true },
        Some(MatchResult::P2Win) => {
            RoundRecord::Played { opponent, colour, outcome: outcome(Some(false)), rated: true }
        }
        Some(MatchResult::Draw) => RoundRecord::Played { opponent, colour, outcome: outcome(None), rated: true },
        Some(MatchResult::P1WinForfeit) => RoundRecord::Forfeit { opponent, colour: Some(colour), won: white },
        Some(MatchResult::P2WinForfeit) => RoundRecord::Forfeit { opponent, colour: Some(colour), won: !white },
        _ => RoundRecord::Forfeit { opponent, colour: Some(colour), won: false },
    }
}

/// A record's game points (1, ½, 0; a forfeit or a bye won is 1).
fn record_points(r: &RoundRecord) -> Points {
    match r {
        RoundRecord::Played { outcome: Outcome::Win, .. }
        | RoundRecord::Forfeit { won: true, .. }
        | RoundRecord::Unpaired(Unplayed::FullPointBye) => Points::ONE,
        RoundRecord::Played { outcome: Outcome::Draw, .. } => Points::HALF,
        _ => Points::ZERO,
    }
}
