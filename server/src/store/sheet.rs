//! A tournament's sheet in one call.

use super::{StoreResult, Tx};
use crate::domain::{RoundId, Sheet, Tournament};
use std::collections::HashSet;

impl Tx {
    /// The sheet of `t` (a tournament already read in this transaction, kept
    /// as given): its entrants ([`Tx::players`]: teams, not their players),
    /// every round, every table and bye (the games inside team matches left
    /// out) split between the Swiss stage and the top cut, and the bye
    /// requests. Four queries, whatever the size of the event.
    pub async fn sheet(&self, t: &Tournament) -> StoreResult<Sheet> {
        let entrants = self.players(t.id).await?;
        let (playoff_rounds, rounds) = self.all_rounds(t.id).await?.into_iter().partition::<Vec<_>, _>(|r| r.playoff);
        let playoff: HashSet<RoundId> = playoff_rounds.iter().map(|r| r.id).collect();
        let (mut playoff_pairings, pairings) = self
            .all_pairings_of_tournament(t.id)
            .await?
            .into_iter()
            .partition::<Vec<_>, _>(|p| playoff.contains(&p.round_id));
        playoff_pairings.sort_by_key(|p| (p.table_number == 0, p.table_number));
        let byes = self.bye_requests(t.id).await?;
        Ok(Sheet { tournament: t.clone(), entrants, rounds, pairings, playoff_rounds, playoff_pairings, byes })
    }
}
