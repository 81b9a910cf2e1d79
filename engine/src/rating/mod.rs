//! Player ratings across events.
