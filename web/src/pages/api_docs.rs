//! `/api/docs`: the OpenAPI document as a page, rendered on the server (every
//! operation by tag with its parameters, body and responses; the error codes;
//! the live socket's protocol; the schemas), readable without script.

use super::Nav;
use askama::Template;

/// The page.
#[derive(Template)]
#[template(path = "api_docs.html")]
pub struct ApiDocsPage {
    /// Header.
    pub nav: Nav,
    /// The document's title and version, e.g. "Arbiter API 0.1.0".
    pub title: String,
    /// The document's description, in paragraphs.
    pub description: Vec<Text>,
    /// The OpenAPI version, e.g. "3.1.0".
    pub openapi: String,
    /// The operations, by tag, in the document's tag order.
    pub tags: Vec<TagView>,
    /// The live socket's protocol.
    pub websocket: Option<WebSocketView>,
    /// Every error code: `(code, HTTP status, when it is answered)`.
    pub codes: Vec<(String, String, Text)>,
    /// Every component schema, by name, as pretty JSON.
    pub schemas: Vec<SchemaView>,
}

/// Text with its `code` spans marked: `(is code, text)` pieces, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text(pub Vec<(bool, String)>);

impl Text {
    /// The text as HTML: escaped, each code span in `<code>`.
    #[must_use]
    pub fn html(&self) -> String {
        let mut out = String::new();
        for (code, piece) in &self.0 {
            let escaped = piece
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('"', "&quot;")
                .replace('\'', "&#39;");
            if *code {
                out.push_str("<code>");
                out.push_str(&escaped);
                out.push_str("</code>");
            } else {
                out.push_str(&escaped);
            }
        }
        out
    }
}

/// Splits text at backticks: the pieces between a pair are code.
#[must_use]
pub fn spans(text: &str) -> Text {
    Text(text.split('`').enumerate().filter(|(_, t)| !t.is_empty()).map(|(i, t)| (i % 2 == 1, t.to_string())).collect())
}

#[cfg(test)]
mod tests {
    use super::spans;

    #[test]
    fn code_spans_are_marked_and_everything_is_escaped() {
        assert_eq!(spans("a `b<c>` & d").html(), "a <code>b&lt;c&gt;</code> &amp; d");
        assert_eq!(spans("<script>").html(), "&lt;script&gt;");
    }
}

/// A tag and its operations.
#[derive(Clone, Debug)]
pub struct TagView {
    /// The tag, e.g. `tournaments`.
    pub name: String,
    /// What its operations are about.
    pub description: Text,
    /// Its operations, in path order.
    pub operations: Vec<OperationView>,
}

/// One operation (method and path).
#[derive(Clone, Debug)]
pub struct OperationView {
    /// The anchor, e.g. `tournaments_create`.
    pub id: String,
    /// `GET`, `POST`, `PUT` or `DELETE`.
    pub method: String,
    /// The path template, e.g. `/api/tournaments/{id}`.
    pub path: String,
    /// One line.
    pub summary: Text,
    /// More, in paragraphs (may be empty).
    pub description: Vec<Text>,
    /// Path and query parameters.
    pub parameters: Vec<ParameterView>,
    /// The request body, if it takes one.
    pub request: Option<BodyView>,
    /// The responses, by status.
    pub responses: Vec<ResponseView>,
}

/// A path or query parameter.
#[derive(Clone, Debug)]
pub struct ParameterView {
    /// Its name.
    pub name: String,
    /// `path` or `query`.
    pub location: String,
    /// Whether it must be given.
    pub required: bool,
    /// Its schema, in short (e.g. `string (uuid)`, `integer`).
    pub schema: String,
    /// What it means.
    pub description: Text,
}

/// A request or response body.
#[derive(Clone, Debug)]
pub struct BodyView {
    /// Its media type, e.g. `application/json`.
    pub content_type: String,
    /// The schema's name when it is a component (linked to the schemas section).
    pub schema_ref: Option<String>,
    /// The schema as compact JSON when it is not a component (else empty).
    pub schema_json: String,
    /// Whether the body must be sent (requests).
    pub required: bool,
}

/// One response.
#[derive(Clone, Debug)]
pub struct ResponseView {
    /// The HTTP status, e.g. `200`, `404`.
    pub status: String,
    /// What it means.
    pub description: Text,
    /// The error codes answered with this status (empty for successes).
    pub codes: Vec<String>,
    /// Its bodies (one per media type).
    pub bodies: Vec<BodyView>,
}

/// The live socket's protocol.
#[derive(Clone, Debug)]
pub struct WebSocketView {
    /// The path, `/ws/tournaments/{id}`.
    pub path: String,
    /// The protocol version (`v`).
    pub version: String,
    /// The views a client may ask for.
    pub views: Vec<String>,
    /// The protocol in words, in paragraphs.
    pub description: Vec<Text>,
    /// The frame schemas a client may send.
    pub client_frames: Vec<String>,
    /// The frame schemas the server sends.
    pub server_frames: Vec<String>,
    /// `(code, meaning)` of each close code.
    pub close_codes: Vec<(String, String)>,
}

/// A component schema.
#[derive(Clone, Debug)]
pub struct SchemaView {
    /// Its name (and anchor, `schema-{name}`).
    pub name: String,
    /// The schema as pretty JSON.
    pub json: String,
}
