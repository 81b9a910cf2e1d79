//! FIDE (Dutch) System, FIDE Handbook C.04.3.
