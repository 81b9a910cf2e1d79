//! FIDE (Dutch) System, FIDE Handbook C.04.3.

mod input;

pub use input::{PlayerInput, RoundInput, RoundStatus};

/// Placeholder until the Baku method is written.
pub fn baku_virtual_points(
    _ids: &[crate::model::PlayerNo],
    _total_rounds: u32,
    _points: &crate::model::PointSystem,
) -> std::collections::HashMap<crate::model::PlayerNo, Vec<crate::model::Points>> {
    std::collections::HashMap::new()
}
