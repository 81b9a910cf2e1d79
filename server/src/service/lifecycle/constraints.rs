//! The organiser's pairing constraints ([`Constraints`]): pairs to keep
//! apart (and every two players of one club), fixed tables, and 40K's "no
//! table twice". Pairing honours them: the FIDE Dutch system as forbidden
//! pairs ([C1], as TRF `XXP`), the record-based Swiss as if the pair had
//! met (a rematch it avoids where the field allows, else a warning), and
//! every system's table numbers ([`crate::service::lifecycle::pairing::number_tables`]). A round
//! robin's Berger table decides who meets whom; only its table numbers
//! follow the constraints. They are private to the staff (they can say who
//! is family).

use crate::domain::{Constraints, FixedTable, TournamentId, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::{load_tournament, require_judge, require_to, Change, Ctx};
use std::collections::HashSet;

fn invalid(message: String) -> ApiError {
    ApiError::invalid(Code::InvalidConstraints, message)
}

/// `constraints.get`: the event's constraints (staff only).
///
/// # Errors
/// 403 `not_tournament_staff`; 404 for an unknown tournament.
pub async fn get(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<Constraints> {
    let tx = ctx.store.read().await?;
    let t = load_tournament(&tx, id).await?;
    require_judge(&t, user, "see the pairing constraints")?;
    Ok(t.constraints)
}

/// `constraints.set`: the organisers replace the constraints; they apply
/// from the next round paired.
///
/// # Errors
/// 403 for anyone but the organisers; 422 `invalid_constraints` naming a
/// player not in the event, a player paired with themself, a table out of
/// 1–9999, or a table or player fixed twice.
pub async fn set(ctx: &Ctx, user: &User, id: TournamentId, input: Constraints) -> ApiResult<Constraints> {
    let change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "set pairing constraints")?;
    let players: HashSet<_> = change.tx().players(id).await?.iter().filter(|p| !p.removed).map(|p| p.id).collect();
    let known = |at: &str, p| {
        if players.contains(&p) {
            Ok(())
        } else {
            Err(invalid(format!("{at}: there is no player {p} in this event.")))
        }
    };
    let mut avoid = Vec::new();
    for (k, &(a, b)) in input.avoid.iter().enumerate() {
        let at = format!("avoid[{k}]");
        known(&at, a)?;
        known(&at, b)?;
        if a == b {
            return Err(invalid(format!("{at}: a player cannot be kept apart from themself.")));
        }
        if !avoid.iter().any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a)) {
            avoid.push((a, b));
        }
    }
    let (mut tables, mut seated) = (HashSet::new(), HashSet::new());
    for (k, f) in input.fixed_tables.iter().enumerate() {
        let at = format!("fixed_tables[{k}]");
        known(&at, f.player)?;
        if !(1..=9999).contains(&f.table) {
            return Err(invalid(format!("{at}: table {} is not a table number (1 to 9999).", f.table)));
        }
        if !tables.insert(f.table) {
            return Err(invalid(format!("{at}: table {} is fixed for another player already.", f.table)));
        }
        if !seated.insert(f.player) {
            return Err(invalid(format!("{at}: this player has a fixed table already.")));
        }
    }
    let before = serde_json::to_value(&t.constraints).map_err(ApiError::internal)?;
    t.constraints = Constraints {
        avoid,
        avoid_same_club: input.avoid_same_club,
        fixed_tables: input
            .fixed_tables
            .iter()
            .copied()
            .map(|f| FixedTable { player: f.player, table: f.table })
            .collect(),
        no_repeat_table: input.no_repeat_table,
    };
    let after = serde_json::to_value(&t.constraints).map_err(ApiError::internal)?;
    let changes = crate::service::log::compare(&before, &after);
    change.note("constraints_set", crate::service::log::Subject::default(), &changes).await?;
    change.tx().update_tournament(&t).await?;
    change.commit(ctx).await?;
    Ok(t.constraints)
}
