//! FIDE Tournament Report File (TRF16, TRF-2026, TRF(x)) reading and writing.
