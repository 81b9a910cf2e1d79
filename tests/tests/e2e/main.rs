//! End-to-end tests: the real app over HTTP against real databases.

mod ratings;
