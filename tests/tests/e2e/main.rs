//! End-to-end tests: one integration-test binary (one link step), a module per area.

mod bad_input;
mod browser;
mod cli;
mod crowd;
mod event;
mod fuzz;
mod games;
mod live;
mod prizes;
mod profiles;
mod ratings;
mod scale;
mod security;
mod security_web;
mod storage;
mod views;
