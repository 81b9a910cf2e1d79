//! Writing [`Line`]s back as TRF text, in the fixed columns of TRF16/TRF-2026.

use super::record::{Line, PlayerLine, RoundsTag};
use crate::model::{Colour, Outcome, RoundRecord, Unplayed};
use std::fmt::Write as _;

/// Renders one line (without its line end).
pub(super) fn render_line(line: &Line) -> String {
    match line {
        Line::Player(player) => render_player(player),
        Line::TotalRounds { tag: RoundsTag::Xxr, rounds } => format!("XXR {rounds}"),
        Line::TotalRounds { tag: RoundsTag::T142, rounds } => format!("142 {rounds}"),
        Line::Configuration { initial_colour, rank } => {
            let mut s = String::from("XXC");
            if *rank {
                s.push_str(" rank");
            }
            match initial_colour {
                Some(Colour::White) => s.push_str(" white1"),
                Some(Colour::Black) => s.push_str(" black1"),
                None => {}
            }
            s
        }
        Line::InitialColour(colour) => format!("152 {}", if *colour == Colour::White { 'W' } else { 'B' }),
        Line::PointValue { tag, points } => format!("{} {points:>4}", tag.tag()),
        Line::PointSystem(values) => {
            let mut s = String::from("162  ");
            for (i, (code, points)) in values.iter().enumerate() {
                let pad = if i == 0 { 1 } else { 5 };
                let _ = write!(s, "{code:>pad$}{points:>4}");
            }
            s
        }
        Line::Scoring(values) => {
            let mut s = String::from("XXS");
            for (code, points) in values {
                let _ = write!(s, " {code}={points}");
            }
            s
        }
        Line::Acceleration { player, rounds } => {
            let mut s = format!("XXA {:>4}", player.0);
            for points in rounds {
                let _ = write!(s, " {points:>4}");
            }
            s
        }
        Line::AccelerationRange(range) => {
            let mp = range.match_points.map(|p| format!("{p:>4}")).unwrap_or_else(|| "    ".to_string());
            format!(
                "250 {mp} {:>4} {:03} {:03} {:>4} {:>4}",
                range.points, range.first_round, range.last_round, range.first_player.0, range.last_player.0
            )
        }
        Line::Forbidden(players) => {
            let mut s = String::from("XXP");
            for p in players {
                let _ = write!(s, " {}", p.0);
            }
            s
        }
        Line::ForbiddenRange { first_round, last_round, players } => {
            let mut s = format!("260 {first_round:03} {last_round:03}");
            for p in players {
                let _ = write!(s, " {:>4}", p.0);
            }
            s
        }
        Line::Byes { kind, round, players } => {
            let mut s = format!("240 {kind} {round:03}");
            for p in players {
                let _ = write!(s, " {:>4}", p.0);
            }
            s
        }
        Line::Other(text) => text.clone(),
    }
}

/// Pads `s` to `width` characters (left-aligned), cutting it if longer.
fn left(s: &str, width: usize) -> String {
    let cut: String = s.chars().take(width).collect();
    format!("{cut:<width$}")
}

fn render_player(p: &PlayerLine) -> String {
    let rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
    let rank = p.rank.map(|r| r.to_string()).unwrap_or_default();
    let mut s = format!(
        "001 {:>4} {}{:>3} {} {:>4} {} {} {} {:>4} {:>4}",
        p.number.0,
        left(&p.sex, 1),
        p.title.chars().take(3).collect::<String>(),
        left(&p.name, 33),
        rating,
        left(&p.federation, 3),
        left(&p.fide_id, 11),
        left(&p.birth_date, 10),
        p.points,
        rank,
    );
    for entry in &p.rounds {
        s.push_str("  ");
        s.push_str(&render_entry(entry.as_ref()));
    }
    s.trim_end().to_string()
}

/// The 8-column round entry `OOOO C R`.
pub(super) fn render_entry(entry: Option<&RoundRecord>) -> String {
    let colour_char = |c: Option<Colour>| c.map_or('-', Colour::trf_char);
    match entry {
        None => "        ".to_string(),
        Some(RoundRecord::Played { opponent, colour, outcome, rated }) => {
            let result = match (outcome, rated) {
                (Outcome::Win, true) => '1',
                (Outcome::Draw, true) => '=',
                (Outcome::Loss, true) => '0',
                (Outcome::Win, false) => 'W',
                (Outcome::Draw, false) => 'D',
                (Outcome::Loss, false) => 'L',
            };
            format!("{:>4} {} {result}", opponent.0, colour.trf_char())
        }
        Some(RoundRecord::Forfeit { opponent, colour, won }) => {
            format!("{:>4} {} {}", opponent.0, colour_char(*colour), if *won { '+' } else { '-' })
        }
        Some(RoundRecord::Unpaired(kind)) => {
            let code = match kind {
                Unplayed::PairingBye => 'U',
                Unplayed::FullPointBye => 'F',
                Unplayed::HalfPointBye => 'H',
                Unplayed::ZeroPointBye => 'Z',
                Unplayed::Absent => '-',
            };
            format!("0000 - {code}")
        }
    }
}
