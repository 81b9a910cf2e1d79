//! End-to-end tests: one integration-test binary (one link step), a module per area.
// Test code may unwrap (as clippy.toml allows inside #[test] functions): a
// failed step is a failed test. Fixture helpers here are test code too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod a11y;
mod action_log;
mod adjustments;
mod backup;
mod bad_input;
mod board;
mod browser;
mod cli;
mod clock;
mod constraints;
mod crowd;
mod drafts;
mod entries;
mod event;
mod event_day;
mod exports;
mod fuzz;
mod games;
mod hardening;
mod history;
mod languages;
mod live;
mod openapi;
mod pools;
mod prize_list;
mod prizes;
mod prizes_money;
mod profiles;
mod ratings;
mod scale;
mod screens;
mod security;
mod security_web;
mod settings;
mod staff;
mod storage;
mod swiss40k;
mod teams;
mod topcut;
mod topcut_matches;
mod undo;
mod venue;
mod views;
