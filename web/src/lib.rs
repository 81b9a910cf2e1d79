//! # arbiter-web
//!
//! Arbiter's pages: askama templates rendered on the server, view models
//! shared with the API and the live protocol, and the static JS/CSS the pages
//! load (a little vanilla JS keeps boards and tables live over the socket).

pub mod assets;
pub mod chart;
pub mod i18n;
pub mod ids;
pub mod pages;
pub mod script;
pub mod views;
