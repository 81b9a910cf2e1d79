//! What an event leaves behind: exports (CSV, printouts) and the FIDE TRF.

pub mod exports;
pub mod trf;
