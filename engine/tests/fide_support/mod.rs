//! Chess events for the tie-break tests, from the crosstables in
//! `tests/data/c07/` (one player a line: number, rating, then each round as
//! TRF writes it: opponent, colour, result `1 = 0 + -`, or a bye `U H Z F`,
//! or `-` absent).
#![allow(dead_code, clippy::unwrap_used)]

use arbiter_engine::model::{Colour, Outcome, PlayerNo, PointSystem, RoundRecord, Unplayed};
use arbiter_engine::standings::{ChessEvent, ChessPlayer, PairingKind};
use std::sync::LazyLock;

/// A crosstable: (number, rating, rounds).
pub type Table = Vec<(u32, u16, &'static str)>;

fn parse(text: &'static str) -> Table {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, ' ');
            let no = parts.next().unwrap().parse().unwrap();
            let rating = parts.next().unwrap().parse().unwrap();
            (no, rating, parts.next().unwrap_or(""))
        })
        .collect()
}

/// Held §2.1: 16 players, 5 rounds.
pub static SWISS_5: LazyLock<Table> = LazyLock::new(|| parse(include_str!("../data/c07/held_swiss_5.txt")));
/// Held §2.1 continued to 9 rounds.
pub static SWISS_9: LazyLock<Table> = LazyLock::new(|| parse(include_str!("../data/c07/held_swiss_9.txt")));
/// Held's 6-player round robin.
pub static ROUND_ROBIN: LazyLock<Table> = LazyLock::new(|| parse(include_str!("../data/c07/held_round_robin.txt")));
/// Research notes §1.6: seven players, four rounds, every kind of unplayed round.
pub static SEVEN: LazyLock<Table> = LazyLock::new(|| parse(include_str!("../data/c07/seven.txt")));

/// One round of a crosstable.
pub fn record(token: &str) -> RoundRecord {
    match token {
        "H" => RoundRecord::Unpaired(Unplayed::HalfPointBye),
        "Z" => RoundRecord::Unpaired(Unplayed::ZeroPointBye),
        "U" => RoundRecord::Unpaired(Unplayed::PairingBye),
        "F" => RoundRecord::Unpaired(Unplayed::FullPointBye),
        "-" => RoundRecord::Unpaired(Unplayed::Absent),
        _ => {
            let split = token.find(['w', 'b']).unwrap();
            let opponent = PlayerNo(token[..split].parse().unwrap());
            let colour = if &token[split..=split] == "w" { Colour::White } else { Colour::Black };
            let played = |outcome| RoundRecord::Played { opponent, colour, outcome, rated: true };
            match &token[split + 1..] {
                "1" => played(Outcome::Win),
                "=" => played(Outcome::Draw),
                "0" => played(Outcome::Loss),
                "+" => RoundRecord::Forfeit { opponent, colour: Some(colour), won: true },
                "-" => RoundRecord::Forfeit { opponent, colour: Some(colour), won: false },
                other => panic!("unknown result {other}"),
            }
        }
    }
}

/// The event of `table` paired by `pairing`, starting on `start` (`YYYY-MM-DD`).
pub fn event(table: &[(u32, u16, &str)], pairing: PairingKind, start: &str) -> ChessEvent {
    ChessEvent {
        players: table
            .iter()
            .map(|&(no, rating, rounds)| ChessPlayer {
                no: PlayerNo(no),
                rating: Some(rating),
                rounds: rounds.split_whitespace().map(record).collect(),
            })
            .collect(),
        points: PointSystem::default(),
        pairing,
        start_date: Some(start.parse().unwrap()),
        total_rounds: None,
    }
}
