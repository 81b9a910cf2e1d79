//! Graph matching, the engine the pairing systems run on.
//!
//! - [`max_weight_matching`]: maximum-weight matching in a general graph
//!   (Edmonds' blossom algorithm, primal-dual, O(n³)), generic over the
//!   [`Weight`] type so that criteria can be packed into wide integers.
//! - [`Wide`]: fixed-width multi-word unsigned integers.
//! - [`max_cardinality_matching`]: maximum-cardinality matching (Edmonds,
//!   breadth-first), for deciding whether a pairing can still be completed.

mod cardinality;
mod weight;
mod weighted;

pub use cardinality::{has_perfect_matching, max_cardinality_matching, Adjacency, BitGraph};
pub(crate) use cardinality::{Search as AugmentingSearch, NONE as UNMATCHED};
pub use weight::{Weight, Wide};
pub use weighted::{max_weight_matching, max_weight_matching_of_edges, Slacks, Solution};
