//! Swiss pairing tests.
