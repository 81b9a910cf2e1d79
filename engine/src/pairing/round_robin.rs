//! Round robin by FIDE Berger tables, C.05 Annex 1.
