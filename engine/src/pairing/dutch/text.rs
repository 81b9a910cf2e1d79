//! The pairing as text, in the format of the JaVaFo and bbpPairings engines.

use super::Pairing;
use std::fmt::Write as _;

/// The pairing in the engines' output format: the number of pairs on the first
/// line (the PAB counting as one), then one line per board `WHITE BLACK` by
/// pairing number in board order, and the PAB last as `ID 0`.
#[must_use]
pub fn pairing_text(pairing: &Pairing) -> String {
    let count = pairing.boards.len() + usize::from(pairing.bye.is_some());
    let mut out = format!("{count}\n");
    for b in &pairing.boards {
        let _ = writeln!(out, "{} {}", b.white, b.black);
    }
    if let Some(bye) = pairing.bye {
        let _ = writeln!(out, "{bye} 0");
    }
    out
}
