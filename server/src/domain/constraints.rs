//! The organiser's pairing constraints: pairs kept apart, fixed tables.

use serde::{Deserialize, Serialize};

use super::{Player, PlayerId};

/// The organiser's pairing constraints: who should not meet, who sits
/// where.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Constraints {
    /// Pairs to keep apart (family, team mates): FIDE Dutch forbidden pairs
    /// (TRF `XXP`, [C1]); in a record-based Swiss treated as if they had met.
    #[schema(value_type = Vec<[String; 2]>)]
    pub avoid: Vec<(PlayerId, PlayerId)>,
    /// Keep apart every two players of the same club (the profile's `club`).
    pub avoid_same_club: bool,
    /// Players who always sit at the same table (a mobility need).
    pub fixed_tables: Vec<FixedTable>,
    /// 40K: a player is not given a table they have played at before, where
    /// the field allows (a preference).
    pub no_repeat_table: bool,
}

/// A player's fixed table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FixedTable {
    /// The registration.
    #[schema(value_type = String)]
    pub player: PlayerId,
    /// The table, from 1.
    pub table: u32,
}

impl Constraints {
    /// Every pair to keep apart among `players`: the pairs set, and every
    /// two players of one club when asked.
    #[must_use]
    pub fn pairs_to_avoid(&self, players: &[Player]) -> Vec<(PlayerId, PlayerId)> {
        let mut out = self.avoid.clone();
        if self.avoid_same_club {
            let club =
                |p: &Player| p.profile.club.as_deref().map(|c| c.trim().to_lowercase()).filter(|c| !c.is_empty());
            for (i, a) in players.iter().enumerate() {
                for b in &players[i + 1..] {
                    if club(a).is_some() && club(a) == club(b) {
                        out.push((a.id, b.id));
                    }
                }
            }
        }
        out
    }
}
