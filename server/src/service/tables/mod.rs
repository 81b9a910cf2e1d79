//! What happens at a table: results reported, confirmed, disputed and decided; byes.

pub mod byes;
pub mod results;
