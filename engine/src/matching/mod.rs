//! Graph matching, the engine the pairing systems run on.
//!
//! - [`max_weight_matching`]: maximum-weight matching in a general graph
//!   (Edmonds' blossom algorithm, primal-dual, O(n³)), generic over the
//!   [`Weight`] type so that criteria can be packed into wide integers.
//! - [`Wide`]: fixed-width multi-word unsigned integers.

mod weight;
mod weighted;

pub use weight::{Weight, Wide};
pub use weighted::{max_weight_matching, Solution};
