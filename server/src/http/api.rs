//! The route table and the API's description, written once: each JSON
//! handler carries its method and path (`#[get("/api/…")]`), its OpenAPI
//! operation (`#[utoipa::path(…)]`) and the error codes it can answer
//! ([`refusals!`]) on itself, and is registered with [`Api::service`], which
//! both mounts it and adds it to the document. HTML pages are mounted with
//! [`Api::route`] and are not described.

use crate::error::Code;
use actix_web::dev::HttpServiceFactory;
use actix_web::web;
use std::collections::BTreeMap;
use utoipa::openapi::path::Paths;
use utoipa::openapi::{RefOr, Schema};
use utoipa_actix_web::OpenApiFactory;

/// The error codes an operation can answer besides `internal` and
/// `database_unavailable` (which [`super::openapi::document`] adds to every
/// operation that reads the database), found by reading the handler and the
/// service functions it calls: a signed-in caller 401 `not_signed_in`, an id
/// in the path 404 `not_found`, a JSON body 400 `invalid_json` and 413
/// `body_too_large`, a query string 400 `invalid_query`, a changing method
/// from another site 403 `cross_site_request`. Declared beside each handler
/// with [`refusals!`].
pub trait Refusals {
    /// The codes, each once.
    const CODES: &'static [Code];
}

/// Declares the error codes a handler can answer ([`Refusals`]), beside it:
/// `refusals!(sign_in: [InvalidCredentials, TooManyAttempts]);`.
macro_rules! refusals {
    ($handler:ident: [$($code:ident),* $(,)?]) => {
        impl $crate::http::api::Refusals for $handler {
            const CODES: &'static [$crate::error::Code] = {
                #[allow(unused_imports, reason = "an empty list names no code")]
                use $crate::error::Code as Refusal;
                &[$(Refusal::$code),*]
            };
        }
    };
}

/// What the described routes add to the document: their paths, the schemas
/// they name, and each operation's error codes by `(METHOD, path)`.
#[derive(Default)]
pub struct Described {
    /// Every described operation, by path.
    pub paths: Paths,
    /// The schemas the operations name (request and response bodies).
    pub schemas: Vec<(String, RefOr<Schema>)>,
    /// Each operation's [`Refusals::CODES`], by upper-case method and path template.
    pub refusals: BTreeMap<(String, String), &'static [Code]>,
}

/// The route table being built: mounts handlers on actix's
/// [`web::ServiceConfig`] and collects their description.
pub struct Api<'c> {
    cfg: &'c mut web::ServiceConfig,
    described: Described,
}

impl<'c> Api<'c> {
    /// A table mounting on `cfg`.
    pub fn new(cfg: &'c mut web::ServiceConfig) -> Self {
        Self { cfg, described: Described::default() }
    }

    /// Mounts a described handler (one with an actix route attribute, a
    /// `#[utoipa::path]` and [`refusals!`]) and adds its operation.
    pub fn service<H>(&mut self, handler: H) -> &mut Self
    where
        H: HttpServiceFactory + OpenApiFactory + Refusals + 'static,
    {
        let paths = handler.paths();
        for (path, item) in &paths.paths {
            for method in operations(item) {
                self.described.refusals.insert((method.to_string(), path.clone()), H::CODES);
            }
        }
        // Merged, not replaced: one path may have several methods, from several handlers.
        self.described.paths.merge(paths);
        handler.schemas(&mut self.described.schemas);
        self.cfg.service(handler);
        self
    }

    /// Mounts a route that is not API (an HTML page or form), undescribed.
    pub fn route(&mut self, path: &str, route: actix_web::Route) -> &mut Self {
        // Called by path: the coverage test reads `.route("…", …)` calls with literal paths.
        web::ServiceConfig::route(self.cfg, path, route);
        self
    }

    /// Mounts routes registered on actix's own configuration (the pages).
    pub fn configure_pages(&mut self, f: impl FnOnce(&mut web::ServiceConfig)) -> &mut Self {
        f(self.cfg);
        self
    }

    /// Runs a resource's registration.
    pub fn configure(&mut self, f: impl FnOnce(&mut Self)) -> &mut Self {
        f(self);
        self
    }

    /// What was described.
    #[must_use]
    pub fn into_described(self) -> Described {
        self.described
    }
}

/// The upper-case methods an item has operations for.
fn operations(item: &utoipa::openapi::PathItem) -> Vec<&'static str> {
    [
        ("GET", item.get.is_some()),
        ("PUT", item.put.is_some()),
        ("POST", item.post.is_some()),
        ("DELETE", item.delete.is_some()),
        ("OPTIONS", item.options.is_some()),
        ("HEAD", item.head.is_some()),
        ("PATCH", item.patch.is_some()),
        ("TRACE", item.trace.is_some()),
    ]
    .into_iter()
    .filter_map(|(m, has)| has.then_some(m))
    .collect()
}

/// The description of every route `register` mounts, without a server:
/// the routes are mounted on a throwaway actix `App` that is never run.
pub fn describe(register: impl FnOnce(&mut Api<'_>)) -> Described {
    let mut out = Described::default();
    let _app = actix_web::App::new().configure(|cfg| {
        let mut api = Api::new(cfg);
        register(&mut api);
        out = api.into_described();
    });
    out
}
