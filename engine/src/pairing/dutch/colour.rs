//! Colour allocation for a pair, C.04.3 art. 5.2.

use super::state::Player;
use crate::model::Colour;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which rule of art. 5.2 decided a pair's colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourRule {
    /// 5.2.1: both colour preferences are granted.
    BothPreferences,
    /// 5.2.2: the stronger preference is granted (for two absolute
    /// preferences, the wider colour difference).
    StrongerPreference,
    /// 5.2.3: colours alternate from the most recent round in which the two
    /// players had different colours (C.04.2 art. 3.4: played games only).
    Alternation,
    /// 5.2.4: the higher-ranked player's preference is granted.
    HigherRankedPreference,
    /// 5.2.5: neither has a preference; the higher-ranked player gets the
    /// initial colour if their TPN is odd, the other colour if even.
    InitialColour,
}

impl fmt::Display for ColourRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColourRule::BothPreferences => "5.2.1 both preferences granted",
            ColourRule::StrongerPreference => "5.2.2 stronger preference granted",
            ColourRule::Alternation => "5.2.3 alternation from the last round with different colours",
            ColourRule::HigherRankedPreference => "5.2.4 higher-ranked player's preference granted",
            ColourRule::InitialColour => "5.2.5 initial colour by TPN parity",
        })
    }
}

/// Whether `a` ranks above `b` (art. 1.2: pairing score, then TPN).
#[must_use]
pub fn ranks_above(a: &Player, b: &Player) -> bool {
    (a.score, std::cmp::Reverse(a.tpn)) > (b.score, std::cmp::Reverse(b.tpn))
}

/// The colour `a` gets against `b`, and the rule that decided it (art. 5.2).
/// `initial` is the colour drawn for the first player (art. 5.1).
#[must_use]
pub fn allocate(a: &Player, b: &Player, initial: Colour) -> (Colour, ColourRule) {
    let (pa, pb) = (a.colour.preference, b.colour.preference);
    // 5.2.1: both preferences (or the only one) can be granted.
    if pa.is_none() || pb.is_none() || pa != pb {
        if let Some(c) = pa {
            return (c, ColourRule::BothPreferences);
        }
        if let Some(c) = pb {
            return (c.opposite(), ColourRule::BothPreferences);
        }
        // 5.2.5: no preferences at all.
        let higher = if ranks_above(a, b) { a } else { b };
        let colour = if higher.tpn % 2 == 0 { initial } else { initial.opposite() };
        return (if higher.id == a.id { colour } else { colour.opposite() }, ColourRule::InitialColour);
    }
    let (ca, cb) = (&a.colour, &b.colour);
    let Some(pref) = pa else { return (initial, ColourRule::InitialColour) };
    // 5.2.2: the stronger preference; between absolute ones, the wider difference.
    if ca.absolute && (ca.imbalance() > cb.imbalance() || !cb.absolute) {
        return (pref, ColourRule::StrongerPreference);
    }
    if cb.absolute && (cb.imbalance() > ca.imbalance() || !ca.absolute) {
        return (pref.opposite(), ColourRule::StrongerPreference);
    }
    if ca.strong && !cb.strong {
        return (pref, ColourRule::StrongerPreference);
    }
    if cb.strong && !ca.strong {
        return (pref.opposite(), ColourRule::StrongerPreference);
    }
    // 5.2.3: alternate from the most recent round where their colours differed.
    let mut xs = ca.sequence.iter().rev();
    let mut ys = cb.sequence.iter().rev();
    loop {
        match (xs.next(), ys.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(_), Some(y)) => return (*y, ColourRule::Alternation),
            _ => break,
        }
    }
    // 5.2.4: the higher-ranked player's preference.
    if ranks_above(a, b) {
        (pref, ColourRule::HigherRankedPreference)
    } else {
        (pref.opposite(), ColourRule::HigherRankedPreference)
    }
}
