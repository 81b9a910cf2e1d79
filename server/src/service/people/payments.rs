//! Entry fees and payments, as the desk records them (no payment processor).
//!
//! - The fee is a setting of the tournament (`fee`: an amount in the
//!   currency's minor units and its ISO 4217 code; `null`: none), carried by
//!   each tournament (a future section keeps its own).
//! - Each entrant's fee is `owed` until staff (the organisers or a judge)
//!   marks it `paid` (with the amount taken: the fee unless another amount
//!   is given), `owed` again, or `waived`. Who marked it and when is kept
//!   with it and in the action log (`payment_marked`). A player cannot mark
//!   their own fee.
//! - The treasurer's totals: entrants (not removed) paid, owed and waived,
//!   each counted and summed (paid: the amounts taken; owed and waived: the
//!   fee each), in the API and on the organisers' players page, with a
//!   filter by state; the same lines as a CSV or JSON export.

use crate::domain::{now_millis, Fee, Payment, PaymentState, Player, PlayerId, TournamentId, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::log::Subject;
use crate::service::people::players::{locate, player_not_found};
use crate::service::{require_judge, Change, Ctx};
use arbiter_web::views::FeeView;
use serde::{Deserialize, Serialize};

/// The largest fee or amount taken, in minor units (10,000,000.00).
pub const MAX_AMOUNT: u64 = 1_000_000_000;

/// `PUT /api/players/{id}/payment`: staff marks an entrant's fee.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkPayment {
    /// `paid`, `owed` or `waived`.
    pub state: PaymentState,
    /// With `paid`: the amount taken in minor units (default: the fee).
    #[serde(default)]
    pub amount: Option<u64>,
}

/// One entrant's line at the desk.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PaymentLine {
    /// The registration.
    pub player_id: PlayerId,
    /// The registration number.
    pub registration_no: u32,
    /// The name.
    pub display_name: String,
    /// `paid`, `owed` or `waived`.
    pub state: PaymentState,
    /// The amount taken, in minor units (0 unless paid).
    pub amount: u64,
    /// Who marked it (`null`: nobody yet).
    pub by: Option<String>,
    /// When (Unix ms; `null`: never marked).
    pub at: Option<i64>,
}

/// The count and sum of one state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Total {
    /// Entrants in this state.
    pub count: usize,
    /// Paid: the amounts taken; owed and waived: the fee each. Minor units.
    pub amount: u64,
}

/// The treasurer's totals over every entrant (not removed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Totals {
    /// Paid.
    pub paid: Total,
    /// Owed.
    pub owed: Total,
    /// Waived.
    pub waived: Total,
}

/// `GET /api/tournaments/{id}/payments`: the fee, the totals and the lines.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct PaymentsView {
    /// The entry fee; `null`: none set.
    pub fee: Option<FeeView>,
    /// Over every entrant, whatever the filter.
    pub totals: Totals,
    /// The entrants in the state asked for (all without a filter), in registration order.
    pub players: Vec<PaymentLine>,
}

/// The fee as set in the settings, checked.
///
/// # Errors
/// 422 `invalid_field` for an amount over [`MAX_AMOUNT`] or a currency
/// that is not three capital letters.
pub fn clean_fee(fee: Fee) -> ApiResult<Fee> {
    let currency = fee.currency.trim().to_string();
    if currency.len() != 3 || !currency.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(ApiError::invalid(
            Code::InvalidField,
            format!("fee.currency: \"{currency}\" is not an ISO 4217 code (three capital letters, e.g. EUR)."),
        ));
    }
    if fee.amount > MAX_AMOUNT {
        return Err(ApiError::invalid(Code::InvalidField, format!("fee.amount: at most {MAX_AMOUNT} (minor units).")));
    }
    Ok(Fee { amount: fee.amount, currency })
}

/// A player's fee state: as marked, owed when never marked.
fn state_of(p: &Player) -> PaymentState {
    p.payment.as_ref().map_or(PaymentState::Owed, |x| x.state)
}

fn line(p: &Player) -> PaymentLine {
    PaymentLine {
        player_id: p.id,
        registration_no: p.registration_no,
        display_name: p.display_name.clone(),
        state: state_of(p),
        amount: p.payment.as_ref().map_or(0, |x| x.amount),
        by: p.payment.as_ref().map(|x| x.by_name.clone()),
        at: p.payment.as_ref().map(|x| x.at),
    }
}

/// The totals over `players` with `fee` (owed and waived count the fee each).
#[must_use]
pub fn totals(players: &[Player], fee: Option<&Fee>) -> Totals {
    let each = fee.map_or(0, |f| f.amount);
    let mut t = Totals::default();
    for p in players {
        let (slot, amount) = match state_of(p) {
            PaymentState::Paid => (&mut t.paid, p.payment.as_ref().map_or(0, |x| x.amount)),
            PaymentState::Owed => (&mut t.owed, each),
            PaymentState::Waived => (&mut t.waived, each),
        };
        slot.count += 1;
        slot.amount = slot.amount.saturating_add(amount);
    }
    t
}

/// `payment.list`: the fee, the totals and each entrant's line (staff only),
/// only those in `state` when given.
///
/// # Errors
/// 403 `not_tournament_staff` for anyone but the organisers and judges; 404
/// for an unknown tournament.
pub async fn list(ctx: &Ctx, user: &User, id: TournamentId, state: Option<PaymentState>) -> ApiResult<PaymentsView> {
    let tx = ctx.store.read().await?;
    let t = crate::service::load_tournament(&tx, id).await?;
    require_judge(&t, user, "see the payments")?;
    let entrants: Vec<Player> = tx.players(id).await?.into_iter().filter(|p| !p.removed).collect();
    let totals = totals(&entrants, t.fee.as_ref());
    let players = entrants.iter().filter(|p| state.is_none_or(|s| state_of(p) == s)).map(line).collect();
    let fee = t.fee.map(|f| FeeView { amount: f.amount, currency: f.currency });
    Ok(PaymentsView { fee, totals, players })
}

/// `payment.mark`: staff marks an entrant's fee paid (the amount taken: the
/// fee unless given), owed or waived; who and when are kept, and the change
/// is in the action log (`payment_marked`).
///
/// # Errors
/// 403 `not_tournament_staff` for anyone but the organisers and judges (a
/// player cannot mark their own fee); 404 for an unknown player; 422
/// `invalid_field` for an amount with another state than `paid`, or over
/// [`MAX_AMOUNT`].
pub async fn mark(ctx: &Ctx, user: &User, player: PlayerId, input: MarkPayment) -> ApiResult<PaymentLine> {
    let (t_id, _) = locate(ctx, player).await?;
    let change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_judge(&t, user, "mark entry fees")?;
    let mut p = change.tx().player(player).await?.filter(|p| !p.removed).ok_or_else(player_not_found)?;
    let amount = match (input.state, input.amount) {
        (PaymentState::Paid, Some(a)) if a > MAX_AMOUNT => {
            return Err(ApiError::invalid(Code::InvalidField, format!("amount: at most {MAX_AMOUNT} (minor units).")))
        }
        (PaymentState::Paid, Some(a)) => a,
        (PaymentState::Paid, None) => t.fee.as_ref().map_or(0, |f| f.amount),
        (_, None) => 0,
        (s, Some(_)) => {
            return Err(ApiError::invalid(
                Code::InvalidField,
                format!("amount: only a payment marked paid has an amount taken (this one is marked {}).", s.as_str()),
            ))
        }
    };
    let before = line(&p);
    p.payment =
        Some(Payment { state: input.state, amount, by: user.id, by_name: user.display_name.clone(), at: now_millis() });
    change.tx().update_player(&p).await?;
    let after = line(&p);
    let changes = crate::bus::FieldChange::changed([
        ("payment", serde_json::json!(before.state), serde_json::json!(after.state)),
        ("amount", serde_json::json!(before.amount), serde_json::json!(after.amount)),
    ]);
    change.note("payment_marked", Subject::named(&p.display_name), &changes).await?;
    change.commit(ctx).await?;
    Ok(after)
}

/// `export.payments`: every entrant's line as a table (staff only), for the treasurer's spreadsheet.
///
/// # Errors
/// As [`list`].
pub async fn lines(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<(Option<Fee>, Vec<PaymentLine>)> {
    let v = list(ctx, user, id, None).await?;
    Ok((v.fee.map(|f| Fee { amount: f.amount, currency: f.currency }), v.players))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::UserId;

    fn player(state: Option<(PaymentState, u64)>) -> Player {
        let mut p = crate::service::standings::scores::tests::player(1);
        p.payment =
            state.map(|(state, amount)| Payment { state, amount, by: UserId::random(), by_name: "Desk".into(), at: 1 });
        p
    }

    #[test]
    fn totals_count_and_sum_each_state() {
        let fee = Fee { amount: 2500, currency: "EUR".into() };
        let ps = [
            player(Some((PaymentState::Paid, 2500))),
            player(Some((PaymentState::Paid, 1000))),
            player(None),
            player(Some((PaymentState::Owed, 0))),
            player(Some((PaymentState::Waived, 0))),
        ];
        let t = totals(&ps, Some(&fee));
        assert_eq!(t.paid, Total { count: 2, amount: 3500 });
        assert_eq!(t.owed, Total { count: 2, amount: 5000 });
        assert_eq!(t.waived, Total { count: 1, amount: 2500 });
    }

    #[test]
    fn a_fee_needs_a_currency_code() {
        assert!(clean_fee(Fee { amount: 1, currency: "eur".into() }).is_err());
        assert!(clean_fee(Fee { amount: MAX_AMOUNT + 1, currency: "EUR".into() }).is_err());
        assert_eq!(clean_fee(Fee { amount: 1, currency: " GBP ".into() }).ok().map(|f| f.currency), Some("GBP".into()));
    }
}
