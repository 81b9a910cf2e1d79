//! The record-based Swiss procedure a 40K event is paired by, and the
//! pairing order it reads from the standings.

use super::Standing;
use serde::{Deserialize, Serialize};

/// How a record-based Swiss round is paired (see `pairing::swiss_record`).
/// Held with the 40K standings: an event's standings configuration stores
/// it, and the pairing order it gives is read from the standings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SwissProcedure {
    /// The seed's procedure: fold each W-L-D group, drop an odd group's
    /// bottom player, swap a rematch with the adjacent pair; a search only
    /// when that leaves a rematch.
    #[default]
    Fold,
    /// Rematch avoidance by exact matching inside each bracket, in the
    /// standings' own order (total VP before registration).
    Matching,
}

impl SwissProcedure {
    /// `fold` or `matching`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            SwissProcedure::Fold => "fold",
            SwissProcedure::Matching => "matching",
        }
    }

    /// The players of `standings` in this procedure's pairing order: for
    /// [`SwissProcedure::Fold`] the seed's sort, "wins DESC → margin DESC →
    /// SOS DESC → registration order"; for [`SwissProcedure::Matching`] the
    /// standings' own order (total VP before registration).
    #[must_use]
    pub fn order<Id: Copy>(self, standings: &[Standing<Id>]) -> Vec<Id> {
        let mut lines: Vec<&Standing<Id>> = standings.iter().collect();
        if self == SwissProcedure::Fold {
            lines.sort_by(|a, b| {
                (b.wins, b.margin, b.sos, a.registration).cmp(&(a.wins, a.margin, a.sos, b.registration))
            });
        }
        lines.into_iter().map(|s| s.id).collect()
    }
}
