//! Arbiter's end-to-end tests: the real application over HTTP and
//! WebSocket (see the `arbiter-tests` harness), one module per area.

mod games;
