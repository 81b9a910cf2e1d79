//! JSON embedded in a page's `<script type="application/json">` elements
//! (the page's data and its language's messages), written so that it cannot
//! close the element. Read by the pages and by the languages' message
//! tables alike.

/// Serialises `value` for a `<script type="application/json">` element:
/// `<`, `>` and `&` are escaped so the text cannot close the element.
#[must_use]
pub fn script_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|_| "null".into())
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}
