//! The arbiter binary.
fn main() {}
