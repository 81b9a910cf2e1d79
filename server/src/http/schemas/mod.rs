//! Schemas the API document names that are not the handlers' own types: the
//! bodies handlers build in place, and the live socket's frames. Apart from
//! [`super::openapi`] so that handlers can name them without depending on
//! the module that lists the handlers.

pub mod bodies;
pub mod live;
