//! Hand-computed standings tests.
