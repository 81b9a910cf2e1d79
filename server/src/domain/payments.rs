//! Entry fees and payments as the desk records them (no payment processor):
//! amounts in the currency's minor units (cents), currencies by ISO 4217 code.

use super::{Millis, UserId};
use serde::{Deserialize, Serialize};

/// An event's entry fee.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Fee {
    /// The amount in the currency's minor units (`2500` is 25.00).
    pub amount: u64,
    /// The ISO 4217 code, three capital letters (`EUR`).
    pub currency: String,
}

/// Where an entrant's fee stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentState {
    /// The desk took the fee (or part of it: the amount says).
    Paid,
    /// Not paid yet (every entrant until staff marks otherwise).
    Owed,
    /// The organisers let the entrant off the fee.
    Waived,
}

impl PaymentState {
    /// The wire name: `paid`, `owed` or `waived`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            PaymentState::Paid => "paid",
            PaymentState::Owed => "owed",
            PaymentState::Waived => "waived",
        }
    }
}

/// An entrant's payment as staff last marked it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payment {
    /// Paid, owed or waived.
    pub state: PaymentState,
    /// The amount taken, in minor units (0 unless paid).
    pub amount: u64,
    /// The staff member who marked it.
    pub by: UserId,
    /// Their name when they marked it.
    pub by_name: String,
    /// When (Unix ms).
    pub at: Millis,
}
