//! What an event leaves behind: exports (CSV, printouts), the FIDE TRF, and
//! its schedule as an iCalendar feed.

pub mod exports;
pub mod schedule;
pub mod trf;
