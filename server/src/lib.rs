//! # arbiter-server
//!
//! The `arbiter` binary's library: an actix-web server running Swiss and
//! round-robin events with live boards. Layout:
//!
//! - [`config`]: settings (flags with environment fallbacks);
//! - [`startup`]: build and run the app (tests run the same code on port 0);
//! - [`http`]: thin handlers by resource, pages, the WebSocket endpoint;
//! - [`service`]: load → check → engine → save + event → publish;
//! - [`store`]: the database (the only place SeaORM appears);
//! - [`live`]: rooms, sessions and the live protocol;
//! - [`bus`]: in-process or Redis pub/sub between instances;
//! - [`auth`]: passwords, sessions, CSRF;
//! - [`demo`]: `arbiter demo` (singles, `--format teams`, `--format chess-teams`);
//! - [`backup`]: `arbiter backup`, `arbiter restore`, backups while serving;
//! - [`lan`]: the venue network (`--lan`): addresses and a QR code;
//! - [`ratings_cli`]: `arbiter ratings rebuild`.

pub mod app;
pub mod auth;
pub mod backup;
pub mod bus;
pub mod client;
pub mod config;
pub mod demo;
pub mod domain;
pub mod error;
pub mod game;
pub mod http;
pub mod lan;
pub mod live;
pub mod pairing_cli;
pub mod ratings_cli;
pub mod service;
pub mod startup;
pub mod store;

#[cfg(test)]
mod refusals_tests;
