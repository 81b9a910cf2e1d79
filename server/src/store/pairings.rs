//! Pairing rows (tables and byes, with their results).

use super::entity::{pairing, round};
use super::{StoreError, StoreResult, Tx};
use crate::domain::{
    Dispute, GameScore, MatchBoard, MatchResult, Pairing, PairingId, PairingState, PlayerId, RoundId, TournamentId,
};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, ExprTrait as _, QueryFilter, QueryOrder, Set};

impl Tx {
    /// Inserts the pairings of a round.
    pub async fn insert_pairings(&self, ps: &[Pairing]) -> StoreResult<()> {
        if ps.is_empty() {
            return Ok(());
        }
        pairing::Entity::insert_many(ps.iter().map(to_active)).exec(self.conn()).await?;
        Ok(())
    }

    /// Saves a pairing's result fields.
    pub async fn update_pairing(&self, p: &Pairing) -> StoreResult<()> {
        to_active(p).update(self.conn()).await?;
        Ok(())
    }

    /// Loads a pairing.
    pub async fn pairing(&self, id: PairingId) -> StoreResult<Option<Pairing>> {
        pairing::Entity::find_by_id(id).one(self.conn()).await?.map(from_model).transpose()
    }

    /// A round's pairings by table number (the bye, table 0, last); in a
    /// team event, its team matches (their games: [`Tx::games_of_round`]).
    pub async fn pairings_of_round(&self, round: RoundId) -> StoreResult<Vec<Pairing>> {
        let mut v: Vec<Pairing> = pairing::Entity::find()
            .filter(pairing::Column::RoundId.eq(round))
            .filter(pairing::Column::MatchId.is_null())
            .order_by_asc(pairing::Column::TableNumber)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect::<StoreResult<_>>()?;
        v.sort_by_key(|p| (p.table_number == 0, p.table_number));
        Ok(v)
    }

    /// `player`'s pairing (table or bye) in `round`, if paired.
    pub async fn pairing_of_player(&self, round: RoundId, player: PlayerId) -> StoreResult<Option<Pairing>> {
        pairing::Entity::find()
            .filter(pairing::Column::RoundId.eq(round))
            .filter(pairing::Column::Player1Id.eq(player).or(pairing::Column::Player2Id.eq(player)))
            .one(self.conn())
            .await?
            .map(from_model)
            .transpose()
    }

    /// Every pairing of a tournament's Swiss (or round-robin) rounds: playoff
    /// games are left out (see [`Tx::all_pairings_of_tournament`]), and so
    /// are the games inside team matches.
    pub async fn pairings_of_tournament(&self, tournament: TournamentId) -> StoreResult<Vec<Pairing>> {
        let playoff: Vec<RoundId> = round::Entity::find()
            .filter(round::Column::TournamentId.eq(tournament))
            .filter(round::Column::Playoff.eq(true))
            .all(self.conn())
            .await?
            .into_iter()
            .map(|r| r.id)
            .collect();
        let mut q = pairing::Entity::find()
            .filter(pairing::Column::TournamentId.eq(tournament))
            .filter(pairing::Column::MatchId.is_null());
        if !playoff.is_empty() {
            q = q.filter(pairing::Column::RoundId.is_not_in(playoff));
        }
        q.all(self.conn()).await?.into_iter().map(from_model).collect()
    }

    /// Every pairing of a tournament, playoff games included (the games
    /// inside team matches left out).
    pub async fn all_pairings_of_tournament(&self, tournament: TournamentId) -> StoreResult<Vec<Pairing>> {
        pairing::Entity::find()
            .filter(pairing::Column::TournamentId.eq(tournament))
            .filter(pairing::Column::MatchId.is_null())
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// The games inside a round's team matches, by match then board.
    pub async fn games_of_round(&self, round: RoundId) -> StoreResult<Vec<Pairing>> {
        games(pairing::Entity::find().filter(pairing::Column::RoundId.eq(round)), self).await
    }

    /// The games of one team match by board.
    pub async fn games_of_match(&self, team_match: PairingId) -> StoreResult<Vec<Pairing>> {
        games(pairing::Entity::find().filter(pairing::Column::MatchId.eq(team_match)), self).await
    }

    /// Every game inside a tournament's team matches, by match then board.
    pub async fn games_of_tournament(&self, tournament: TournamentId) -> StoreResult<Vec<Pairing>> {
        games(pairing::Entity::find().filter(pairing::Column::TournamentId.eq(tournament)), self).await
    }
}

/// The games (rows inside a team match) that `q` selects, by match then board.
async fn games(q: sea_orm::Select<pairing::Entity>, tx: &Tx) -> StoreResult<Vec<Pairing>> {
    q.filter(pairing::Column::MatchId.is_not_null())
        .order_by_asc(pairing::Column::MatchId)
        .order_by_asc(pairing::Column::Board)
        .all(tx.conn())
        .await?
        .into_iter()
        .map(from_model)
        .collect()
}

fn vp(v: Option<u32>) -> Option<i32> {
    v.map(|x| i32::try_from(x).unwrap_or(i32::MAX))
}

/// A 40K score goes in the VP columns; other games' scores are JSON text.
fn split(score: Option<&GameScore>) -> (Option<(u32, u32)>, Option<String>) {
    match score {
        None => (None, None),
        Some(s) => match s.vp() {
            Some(vp) => (Some(vp), None),
            None => (None, serde_json::to_string(s).ok()),
        },
    }
}

fn to_active(p: &Pairing) -> pairing::ActiveModel {
    let d = p.dispute.as_ref();
    let (vps, score) = split(p.score.as_ref());
    let (_, dispute_score) = split(d.and_then(|d| d.score.as_ref()));
    pairing::ActiveModel {
        id: Set(p.id),
        round_id: Set(p.round_id),
        tournament_id: Set(p.tournament_id),
        table_number: Set(i32::try_from(p.table_number).unwrap_or(i32::MAX)),
        player1_id: Set(p.player1_id),
        player2_id: Set(p.player2_id),
        player1_vp: Set(vp(vps.map(|v| v.0))),
        player2_vp: Set(vp(vps.map(|v| v.1))),
        result: Set(p.result.map(|r| r.as_str().to_string())),
        state: Set(p.state.as_str().to_string()),
        reported_by: Set(p.reported_by),
        reported_at: Set(p.reported_at),
        dispute_player1_vp: Set(d.and_then(|d| vp(d.player1_vp))),
        dispute_player2_vp: Set(d.and_then(|d| vp(d.player2_vp))),
        dispute_note: Set(d.and_then(|d| d.note.clone())),
        to_override: Set(p.to_override),
        override_note: Set(p.override_note.clone()),
        rematch: Set(p.rematch),
        created_at: Set(p.created_at),
        score: Set(score),
        dispute_score: Set(dispute_score),
        match_id: Set(p.in_match.map(|m| m.match_id)),
        board: Set(p.in_match.map(|m| i32::try_from(m.board).unwrap_or(i32::MAX))),
    }
}

fn from_model(m: pairing::Model) -> StoreResult<Pairing> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("pairing {}: bad {what}", m.id));
    let uvp = |v: Option<i32>| v.map(|x| u32::try_from(x).map_err(|_| corrupt("vp"))).transpose();
    let json =
        |v: Option<&str>| v.map(|s| serde_json::from_str::<GameScore>(s).map_err(|_| corrupt("score"))).transpose();
    let score = match (json(m.score.as_deref())?, uvp(m.player1_vp)?, uvp(m.player2_vp)?) {
        (Some(s), _, _) => Some(s),
        (None, Some(player1_vp), Some(player2_vp)) => Some(GameScore::Wh40k { player1_vp, player2_vp }),
        _ => None,
    };
    let disputed = m.dispute_player1_vp.is_some()
        || m.dispute_player2_vp.is_some()
        || m.dispute_note.is_some()
        || m.dispute_score.is_some();
    Ok(Pairing {
        id: m.id,
        round_id: m.round_id,
        tournament_id: m.tournament_id,
        table_number: u32::try_from(m.table_number).map_err(|_| corrupt("table_number"))?,
        player1_id: m.player1_id,
        player2_id: m.player2_id,
        score,
        result: m.result.as_deref().map(|r| MatchResult::parse(r).ok_or_else(|| corrupt("result"))).transpose()?,
        state: PairingState::parse(&m.state).ok_or_else(|| corrupt("state"))?,
        reported_by: m.reported_by,
        reported_at: m.reported_at,
        dispute: if disputed {
            Some(Dispute {
                player1_vp: uvp(m.dispute_player1_vp)?,
                player2_vp: uvp(m.dispute_player2_vp)?,
                score: json(m.dispute_score.as_deref())?,
                note: m.dispute_note.clone(),
            })
        } else {
            None
        },
        to_override: m.to_override,
        override_note: m.override_note,
        rematch: m.rematch,
        created_at: m.created_at,
        in_match: match (m.match_id, m.board) {
            (None, None) => None,
            (Some(match_id), Some(board)) => {
                Some(MatchBoard { match_id, board: u32::try_from(board).map_err(|_| corrupt("board"))? })
            }
            _ => return Err(corrupt("match_id/board")),
        },
    })
}
