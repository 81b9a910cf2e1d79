//! Prize allocation and prize-money splitting.
