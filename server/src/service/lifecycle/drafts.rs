//! Draft pairings: a round fixed by hand before anyone sees it.
//!
//! The TO pairs a PENDING round as a draft ([`make`]): the engine's pairing
//! with its reasons ([`Paired::explanation`]: the Dutch explanation per
//! bracket, C.04.3; the pairing order and records of a record-based Swiss;
//! the Berger table's round), stored apart from the round's tables
//! (`round_drafts`), so boards, phones and the API's public reads still see
//! the round PENDING. Staff change the layout ([`edit`]: swap two players,
//! move a table, pair or unpair by hand — the whole layout is sent), each
//! version checked against the pairing rules ([`checks`]: a rematch, the
//! pairing-allocated bye twice (C.04.1 art. c), a colour three times in a
//! row or a colour difference beyond ±2 in chess (C.04.1 art. f, g)), and
//! then publish it ([`publish`]): the tables are written and announced
//! exactly as a round paired at once is ([`crate::service::lifecycle::rounds::publish_paired`]).

use crate::domain::{
    Game, MatchResult, Pairing, PairingSystem, Player, PlayerId, Round, RoundId, RoundStatus, Sheet, User, UserId,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::lifecycle::pairing::{Paired, PairedTable};
use crate::service::lifecycle::rounds::{compute, publish_paired, to_pairings, Published};
use crate::service::log::Subject;
use crate::service::round_not_found;
use crate::service::views::{self, roster, RoundView};
use crate::service::{load_tournament, require_to, Change, Ctx};
use arbiter_web::views::Seat;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// A draft as staff see it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct DraftView {
    /// The round (still PENDING) with the draft's tables as they will be
    /// published (their ids change with each version; players identify them).
    pub round: RoundView,
    /// What the tables break of the pairing rules, table by table.
    pub checks: Vec<CheckView>,
    /// Checked-in players in no table and with no bye.
    pub unpaired: Vec<Seat>,
    /// The engine's warnings when it paired.
    pub warnings: Vec<String>,
    /// Why the engine paired as it did, in the rules' terms (one line per item).
    pub explanation: Option<String>,
    /// Whether staff changed the engine's pairing.
    pub edited: bool,
    /// When it was last changed (Unix ms).
    pub updated_at: i64,
    /// Who changed it last.
    pub updated_by: UserId,
}

/// One rule a draft table breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CheckView {
    /// The table (0: the bye).
    pub table: u32,
    /// `avoid` (a pair to keep apart), `rematch`, `bye_again` or `colour`.
    pub kind: String,
    /// What it breaks, in words.
    pub message: String,
}

/// `PUT …/draft`: the draft's whole layout after a change by hand.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftInput {
    /// Every table; `player2: null` is the pairing-allocated bye (at most one).
    pub tables: Vec<DraftTableInput>,
    /// Make the change even though it breaks a pairing rule the draft did
    /// not break before (a rematch, a pair to keep apart, the bye twice, a
    /// colour rule); without it such a change is refused with what it breaks.
    #[serde(default)]
    pub confirm: bool,
}

/// One table of a draft.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftTableInput {
    /// Table number, from 1 (numbers unique; the bye's is ignored).
    pub table: u32,
    /// Player 1 (White in chess).
    pub player1: PlayerId,
    /// Player 2 (Black in chess); `null` for the bye.
    pub player2: Option<PlayerId>,
}

/// The stored layout: the pairing, and whether staff changed it.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Layout {
    paired: Paired,
    edited: bool,
}

fn no_draft(round: &Round) -> ApiError {
    ApiError::not_found(Code::NoDraft, format!("Round {} has no draft: pair it as a draft first.", round.number))
}

fn invalid(message: String) -> ApiError {
    ApiError::invalid(Code::InvalidDraft, message)
}

/// What a draft is read with: the round, and the sheet (the tournament,
/// every registration, the Swiss rounds and their tables).
struct Context {
    round: Round,
    sheet: Sheet,
}

impl Context {
    /// Who sits where, for the action log: `{"table 3": "Ann – Bob", "bye": "Cy"}`.
    fn seating(&self, paired: &Paired) -> serde_json::Value {
        let name =
            |id: PlayerId| self.sheet.entrants.iter().find(|p| p.id == id).map_or("?", |p| p.display_name.as_str());
        let mut seats: serde_json::Map<String, serde_json::Value> = paired
            .tables
            .iter()
            .map(|t| (format!("table {}", t.number), format!("{} – {}", name(t.player1), name(t.player2)).into()))
            .collect();
        if let Some(b) = paired.bye {
            seats.insert("bye".into(), name(b).into());
        }
        seats.into()
    }

    async fn read(tx: &crate::store::Tx, user: &User, round_id: RoundId, action: &str) -> ApiResult<Context> {
        let round = tx.round(round_id).await?.ok_or_else(round_not_found)?;
        let t = load_tournament(tx, round.tournament_id).await?;
        require_to(&t, user, action)?;
        if round.status != RoundStatus::Pending {
            return Err(ApiError::conflict(
                Code::RoundNotPending,
                format!("Round {} is already published.", round.number),
            ));
        }
        let sheet = tx.sheet(&t).await?;
        Ok(Context { round, sheet })
    }

    /// What `paired` breaks of the pairing rules.
    fn checks(&self, paired: &Paired) -> Vec<CheckView> {
        checks(&self.sheet, paired, &roster(&self.sheet.entrants))
    }

    fn view(&self, layout: &Layout, updated_at: i64, updated_by: UserId) -> DraftView {
        let names = roster(&self.sheet.entrants);
        let rows = to_pairings(&self.round, &layout.paired, self.sheet.tournament.game);
        let seated: HashSet<PlayerId> =
            rows.iter().flat_map(|p| std::iter::once(p.player1_id).chain(p.player2_id)).collect();
        let unpaired = self
            .sheet
            .entrants
            .iter()
            .filter(|p| p.is_active() && !seated.contains(&p.id))
            .filter_map(|p| names.get(&p.id).cloned())
            .collect();
        DraftView {
            round: views::round(&self.round, &rows, &names),
            checks: self.checks(&layout.paired),
            unpaired,
            warnings: layout.paired.warnings.clone(),
            explanation: layout.paired.explanation.clone(),
            edited: layout.edited,
            updated_at,
            updated_by,
        }
    }
}

/// `round.draft`: the TO pairs PENDING round `round_id` as a draft (replacing
/// any draft it had); nobody else sees it until it is published.
///
/// # Errors
/// As [`crate::service::lifecycle::rounds::generate`].
pub async fn make(ctx: &Ctx, user: &User, round_id: RoundId) -> ApiResult<DraftView> {
    let computed = compute(ctx, user, round_id, true).await?;
    let change = Change::begin(ctx, computed.t.id, user).await?;
    let c = Context::read(change.tx(), user, round_id, "pair rounds").await?;
    let layout = Layout { paired: computed.paired, edited: false };
    let text = serde_json::to_string(&layout).map_err(ApiError::internal)?;
    change.tx().put_draft(round_id, c.sheet.tournament.id, text, user.id).await?;
    let stored = change.tx().draft(round_id).await?.ok_or_else(|| no_draft(&c.round))?;
    change.note("draft_made", Subject::round(c.round.number), &[]).await?;
    change.commit(ctx).await?;
    Ok(c.view(&layout, stored.updated_at, stored.updated_by))
}

/// `round.getDraft`: the round's draft, with its checks (TO only).
///
/// # Errors
/// 403 for anyone but the TO; 404 `no_draft`; 409 `round_not_pending` once published.
pub async fn get(ctx: &Ctx, user: &User, round_id: RoundId) -> ApiResult<DraftView> {
    let tx = ctx.store.read().await?;
    let c = Context::read(&tx, user, round_id, "see draft pairings").await?;
    let (layout, stored) = load(&tx, &c.round).await?;
    Ok(c.view(&layout, stored.updated_at, stored.updated_by))
}

async fn load(tx: &crate::store::Tx, round: &Round) -> ApiResult<(Layout, crate::store::StoredDraft)> {
    let stored = tx.draft(round.id).await?.ok_or_else(|| no_draft(round))?;
    let layout = serde_json::from_str(&stored.layout).map_err(ApiError::internal)?;
    Ok((layout, stored))
}

/// `round.editDraft`: staff send the draft's whole layout after changing it
/// by hand (swap two players, move a table, pair or unpair); it is stored
/// with what it breaks ([`DraftView::checks`]), for the TO to weigh before
/// publishing. Players left out stay unpaired (they are listed).
///
/// # Errors
/// 403 for anyone but the TO; 404 `no_draft`; 422 `invalid_draft` for a
/// player seated twice, a player not checked in (or unknown, dropped, or
/// with a bye arranged for the round), a table number used twice or 0, or
/// more than one bye.
pub async fn edit(ctx: &Ctx, user: &User, round_id: RoundId, input: DraftInput) -> ApiResult<DraftView> {
    let t_id = ctx.store.read().await?.round(round_id).await?.ok_or_else(round_not_found)?.tournament_id;
    let change = Change::begin(ctx, t_id, user).await?;
    let c = Context::read(change.tx(), user, round_id, "change draft pairings").await?;
    let (mut layout, _) = load(change.tx(), &c.round).await?;
    let before = c.seating(&layout.paired);
    let was: Vec<CheckView> = c.checks(&layout.paired);
    layout.paired = relaid(&c, &layout.paired, &input)?;
    let broken: Vec<CheckView> = c.checks(&layout.paired).into_iter().filter(|k| !was.contains(k)).collect();
    if !broken.is_empty() && !input.confirm {
        return Err(ApiError::conflict(
            Code::ConfirmationRequired,
            format!(
                "This change breaks the pairing rules: {} Send \"confirm\": true to make it anyway.",
                broken.iter().map(|k| k.message.as_str()).collect::<Vec<_>>().join(" ")
            ),
        )
        .with_details(serde_json::json!({ "checks": broken })));
    }
    let changes = crate::service::log::compare(&before, &c.seating(&layout.paired));
    change.note("draft_edited", Subject::round(c.round.number), &changes).await?;
    layout.edited = true;
    let text = serde_json::to_string(&layout).map_err(ApiError::internal)?;
    change.tx().put_draft(round_id, c.sheet.tournament.id, text, user.id).await?;
    let stored = change.tx().draft(round_id).await?.ok_or_else(|| no_draft(&c.round))?;
    change.commit(ctx).await?;
    Ok(c.view(&layout, stored.updated_at, stored.updated_by))
}

/// The draft's pairing with its tables and bye replaced by `input`'s
/// (checked); arranged byes, pairing numbers and the explanation are kept.
fn relaid(c: &Context, paired: &Paired, input: &DraftInput) -> ApiResult<Paired> {
    let by_id: HashMap<PlayerId, &Player> = c.sheet.entrants.iter().map(|p| (p.id, p)).collect();
    let arranged: HashSet<PlayerId> =
        paired.byes.iter().map(|(p, _)| *p).chain(paired.pool_byes.iter().copied()).collect();
    let mut seen: HashSet<PlayerId> = HashSet::new();
    let mut numbers: HashSet<u32> = HashSet::new();
    let mut tables = Vec::new();
    let mut bye = None;
    for (k, tb) in input.tables.iter().enumerate() {
        let at = format!("tables[{k}]");
        for id in std::iter::once(tb.player1).chain(tb.player2) {
            let p = by_id.get(&id).ok_or_else(|| invalid(format!("{at}: there is no player {id} in this event.")))?;
            if !p.is_active() {
                let why = if p.dropped || p.removed { "has withdrawn" } else { "is not checked in" };
                return Err(invalid(format!("{at}: {} {why}, so cannot be paired.", p.display_name)));
            }
            if arranged.contains(&id) {
                return Err(invalid(format!("{at}: {} has a bye arranged for this round.", p.display_name)));
            }
            if !seen.insert(id) {
                return Err(invalid(format!("{at}: {} is seated twice.", p.display_name)));
            }
        }
        match tb.player2 {
            None if bye.is_some() => {
                return Err(invalid(format!("{at}: only one player can have the pairing-allocated bye.")))
            }
            None => bye = Some(tb.player1),
            Some(p2) => {
                if tb.table == 0 || !numbers.insert(tb.table) {
                    return Err(invalid(format!(
                        "{at}: table {} is not a free table number (1 or more, once).",
                        tb.table
                    )));
                }
                // A table left as the engine paired it keeps what the engine knew of it.
                let kept = paired.tables.iter().find(|x| x.player1 == tb.player1 && x.player2 == p2);
                tables.push(PairedTable {
                    number: tb.table,
                    player1: tb.player1,
                    player2: p2,
                    rematch: met(&c.sheet.pairings, tb.player1, p2).is_some(),
                    forfeit: kept.and_then(|x| x.forfeit),
                });
            }
        }
    }
    tables.sort_by_key(|x| x.number);
    Ok(Paired { tables, bye, ..paired.clone() })
}

/// The round in which `a` and `b` met, if they did.
fn met(history: &[Pairing], a: PlayerId, b: PlayerId) -> Option<RoundId> {
    history
        .iter()
        .find(|p| (p.player1_id == a && p.player2_id == Some(b)) || (p.player1_id == b && p.player2_id == Some(a)))
        .map(|p| p.round_id)
}

/// What the draft's tables break of the pairing rules: a pair the
/// organiser keeps apart ([`crate::domain::Constraints`]); a rematch; the
/// pairing-allocated bye to a player who had it (C.04.1 art. c; 40K and
/// crokinole: one bye each as well); in a Swiss chess event a colour a
/// third time in a row (C.04.1 art. g) or a colour difference beyond ±2
/// (art. f), player 1 being White.
#[must_use]
fn checks(sheet: &Sheet, paired: &Paired, names: &views::Roster) -> Vec<CheckView> {
    let Sheet { tournament: t, entrants: players, rounds, pairings: history, .. } = sheet;
    let name = |id: &PlayerId| names.get(id).map_or_else(|| id.to_string(), |s| s.name.clone());
    let number = |id: RoundId| rounds.iter().find(|r| r.id == id).map_or(0, |r| r.number);
    let mut out = Vec::new();
    let avoided = t.constraints.pairs_to_avoid(players);
    for tb in &paired.tables {
        if avoided.iter().any(|&(a, b)| (a, b) == (tb.player1, tb.player2) || (b, a) == (tb.player1, tb.player2)) {
            out.push(CheckView {
                table: tb.number,
                kind: "avoid".into(),
                message: format!("{} and {} are a pair to keep apart.", name(&tb.player1), name(&tb.player2)),
            });
        }
        if let Some(r) = met(history, tb.player1, tb.player2) {
            out.push(CheckView {
                table: tb.number,
                kind: "rematch".into(),
                message: format!(
                    "Rematch: {} and {} met in round {}.",
                    name(&tb.player1),
                    name(&tb.player2),
                    number(r)
                ),
            });
        }
    }
    if let Some(b) = paired.bye {
        let before =
            history.iter().find(|p| p.player1_id == b && p.player2_id.is_none() && p.result == Some(MatchResult::Bye));
        if let Some(p) = before {
            out.push(CheckView {
                table: 0,
                kind: "bye_again".into(),
                message: format!(
                    "{} had the pairing-allocated bye in round {}: a player receives it once (FIDE C.04.1 art. c).",
                    name(&b),
                    number(p.round_id)
                ),
            });
        }
    }
    if t.game == Game::Chess && t.pairing_system == PairingSystem::Dutch {
        for tb in &paired.tables {
            for (id, white) in [(tb.player1, true), (tb.player2, false)] {
                if let Some(broken) = colour_rule(&colours(history, rounds, id), white) {
                    out.push(CheckView {
                        table: tb.number,
                        kind: "colour".into(),
                        message: format!("{}: {broken}", name(&id)),
                    });
                }
            }
        }
    }
    out
}

/// `id`'s colours in the games played before, in round order (true: White).
fn colours(history: &[Pairing], rounds: &[Round], id: PlayerId) -> Vec<bool> {
    let number = |r: RoundId| rounds.iter().find(|x| x.id == r).map_or(0, |x| x.number);
    let mut games: Vec<(u32, bool)> = history
        .iter()
        .filter(|p| {
            p.player2_id.is_some()
                && !matches!(
                    p.result,
                    Some(MatchResult::P1WinForfeit | MatchResult::P2WinForfeit | MatchResult::DoubleForfeit)
                )
        })
        .filter_map(|p| {
            if p.player1_id == id {
                Some((number(p.round_id), true))
            } else if p.player2_id == Some(id) {
                Some((number(p.round_id), false))
            } else {
                None
            }
        })
        .collect();
    games.sort_by_key(|g| g.0);
    games.into_iter().map(|g| g.1).collect()
}

/// The colour rule broken by giving White (`white`) or Black to a player
/// who played `played` (C.04.1 art. f, g), in words.
fn colour_rule(played: &[bool], white: bool) -> Option<String> {
    let colour = if white { "White" } else { "Black" };
    if played.len() >= 2 && played[played.len() - 2..].iter().all(|&c| c == white) {
        return Some(format!("{colour} a third time in a row (FIDE C.04.1 art. g)."));
    }
    let whites = i64::try_from(played.iter().filter(|&&c| c).count()).unwrap_or(0);
    let blacks = i64::try_from(played.len()).unwrap_or(0) - whites;
    let difference = if white { whites + 1 - blacks } else { whites - blacks - 1 };
    (difference.abs() > 2)
        .then(|| format!("{colour} makes a colour difference of {difference:+} (FIDE C.04.1 art. f: at most ±2)."))
}

/// `round.publishDraft`: the TO publishes the draft: its tables are written,
/// the round is ACTIVE, and boards and phones get it now
/// (`pairings_published`, exactly as [`crate::service::lifecycle::rounds::generate`] does).
///
/// # Errors
/// 403 for anyone but the TO; 404 `no_draft`; 409 `round_not_pending`; 409
/// `draft_stale` when a drafted player withdrew since (or is no longer
/// checked in): edit or re-pair the draft.
pub async fn publish(ctx: &Ctx, user: &User, round_id: RoundId) -> ApiResult<Published> {
    let t_id = ctx.store.read().await?.round(round_id).await?.ok_or_else(round_not_found)?.tournament_id;
    let mut change = Change::begin(ctx, t_id, user).await?;
    let c = Context::read(change.tx(), user, round_id, "publish pairings").await?;
    let (layout, _) = load(change.tx(), &c.round).await?;
    let drafted = layout.paired.tables.iter().flat_map(|tb| [tb.player1, tb.player2]).chain(layout.paired.bye);
    let gone: Vec<&str> = drafted
        .filter_map(|id| c.sheet.entrants.iter().find(|p| p.id == id))
        .filter(|p| !p.is_active())
        .map(|p| p.display_name.as_str())
        .collect();
    if !gone.is_empty() {
        return Err(ApiError::conflict(
            Code::DraftStale,
            format!(
                "{} withdrew or is no longer checked in since the draft was made: change the draft or pair it again.",
                gone.join(", ")
            ),
        ));
    }
    change.tx().delete_draft(round_id).await?;
    let published = publish_paired(&mut change, c.sheet.tournament, c.round, c.sheet.entrants, &layout.paired).await?;
    change.commit(ctx).await?;
    Ok(published)
}

/// `round.discardDraft`: the TO drops the draft; the round stays PENDING.
///
/// # Errors
/// 403 for anyone but the TO; 404 `no_draft`; 409 `round_not_pending`.
pub async fn discard(ctx: &Ctx, user: &User, round_id: RoundId) -> ApiResult<()> {
    let t_id = ctx.store.read().await?.round(round_id).await?.ok_or_else(round_not_found)?.tournament_id;
    let change = Change::begin(ctx, t_id, user).await?;
    let c = Context::read(change.tx(), user, round_id, "discard draft pairings").await?;
    if !change.tx().delete_draft(round_id).await? {
        return Err(no_draft(&c.round));
    }
    change.note("draft_discarded", Subject::round(c.round.number), &[]).await?;
    change.commit(ctx).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::colour_rule;

    // FIDE C.04.1 art. f and g, worked by hand.
    #[test]
    fn colour_rules_of_the_basic_swiss_rules() {
        assert_eq!(colour_rule(&[], true), None);
        assert_eq!(colour_rule(&[true], true), None);
        assert!(colour_rule(&[true, true], true).is_some_and(|m| m.contains("third time in a row")));
        assert_eq!(colour_rule(&[true, true], false), None);
        // W B W W: a third White would be a row of three.
        assert!(colour_rule(&[true, false, true, true], true).is_some_and(|m| m.contains("in a row")));
        // W W B W: difference +2 already; White again gives +3.
        assert!(colour_rule(&[true, true, false, true], true).is_some_and(|m| m.contains("+3")));
        assert_eq!(colour_rule(&[true, true, false, true], false), None);
        // B B W B: Black again: difference -3.
        assert!(colour_rule(&[false, false, true, false], false).is_some_and(|m| m.contains("-3")));
    }
}
