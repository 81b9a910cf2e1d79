//! The document as the `/api/docs` page's view model.

use arbiter_web::pages::api_docs::{
    spans, ApiDocsPage, BodyView, OperationView, ParameterView, ResponseView, SchemaView, TagView, Text, WebSocketView,
};
use arbiter_web::pages::Nav;
use serde_json::Value;

/// Text of a JSON string field, or empty.
fn text(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_string()
}

/// A JSON string field's text with its code spans.
fn marked(v: &Value) -> Text {
    spans(v.as_str().unwrap_or_default())
}

/// Text split into paragraphs at blank lines, with code spans.
fn paragraphs(v: &Value) -> Vec<Text> {
    v.as_str().unwrap_or_default().split("\n\n").map(str::trim).filter(|p| !p.is_empty()).map(spans).collect()
}

/// The component a schema stands for: its `$ref`, the error body of an
/// error response (`allOf` [ApiError, …]), the body of an optional one
/// (`oneOf` [null, …]).
fn component(schema: &Value) -> Option<String> {
    let name = |r: &Value| r.get("$ref").and_then(Value::as_str).map(|r| r.rsplit('/').next().unwrap_or(r).to_string());
    name(schema)
        .or_else(|| schema.get("allOf").and_then(|a| a.get(0)).and_then(name))
        .or_else(|| schema.get("oneOf").and_then(Value::as_array).and_then(|v| v.iter().find_map(name)))
}

/// A schema in short: `string (uuid)`, `integer`, a component's name.
fn short(schema: &Value) -> String {
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        return r.rsplit('/').next().unwrap_or(r).to_string();
    }
    let ty = match schema.get("type") {
        Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" | "),
        Some(t) => text(t),
        None => "any".into(),
    };
    match schema.get("format").and_then(Value::as_str) {
        Some(f) => format!("{ty} ({f})"),
        None => ty,
    }
}

fn body(content_type: &str, media: &Value, required: bool) -> BodyView {
    let schema = &media["schema"];
    let schema_ref = component(schema);
    BodyView {
        content_type: content_type.to_string(),
        schema_json: if schema_ref.is_some() { String::new() } else { schema.to_string() },
        schema_ref,
        required,
    }
}

fn operation(method: &str, path: &str, op: &Value) -> OperationView {
    let parameters = op["parameters"]
        .as_array()
        .map(|ps| {
            ps.iter()
                .map(|p| ParameterView {
                    name: text(&p["name"]),
                    location: text(&p["in"]),
                    required: p["required"].as_bool().unwrap_or(false),
                    schema: short(&p["schema"]),
                    description: marked(&p["description"]),
                })
                .collect()
        })
        .unwrap_or_default();
    let request = op["requestBody"]["content"].as_object().and_then(|c| {
        c.iter().next().map(|(ct, media)| body(ct, media, op["requestBody"]["required"].as_bool().unwrap_or(false)))
    });
    let responses = op["responses"]
        .as_object()
        .map(|rs| {
            rs.iter()
                .map(|(status, r)| ResponseView {
                    status: status.clone(),
                    description: marked(&r["description"]),
                    codes: r["x-error-codes"].as_array().map(|cs| cs.iter().map(text).collect()).unwrap_or_default(),
                    bodies: r["content"]
                        .as_object()
                        .map(|c| c.iter().map(|(ct, media)| body(ct, media, true)).collect())
                        .unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default();
    OperationView {
        id: text(&op["operationId"]),
        method: method.to_ascii_uppercase(),
        path: path.to_string(),
        summary: marked(&op["summary"]),
        description: paragraphs(&op["description"]),
        parameters,
        request,
        responses,
    }
}

/// The page for `doc` (the document from [`super::document`]).
#[must_use]
pub fn of(doc: &Value, nav: Nav) -> ApiDocsPage {
    let mut tags: Vec<TagView> = doc["tags"]
        .as_array()
        .map(|ts| {
            ts.iter()
                .map(|t| TagView {
                    name: text(&t["name"]),
                    description: marked(&t["description"]),
                    operations: Vec::new(),
                })
                .collect()
        })
        .unwrap_or_default();
    let mut websocket = None;
    if let Some(paths) = doc["paths"].as_object() {
        for (path, item) in paths {
            let Some(item) = item.as_object() else { continue };
            for (method, op) in item {
                let tag = op["tags"][0].as_str().unwrap_or("other").to_string();
                let view = operation(method, path, op);
                match tags.iter_mut().find(|t| t.name == tag) {
                    Some(t) => t.operations.push(view),
                    None => tags.push(TagView { name: tag, description: Text::default(), operations: vec![view] }),
                }
                if let Some(ws) = op.get("x-websocket") {
                    let names = |key: &str| -> Vec<String> {
                        ws[key].as_array().map(|fs| fs.iter().map(short).collect()).unwrap_or_default()
                    };
                    websocket = Some(WebSocketView {
                        path: path.clone(),
                        version: ws["version"].to_string(),
                        views: ws["views"].as_array().map(|v| v.iter().map(text).collect()).unwrap_or_default(),
                        description: paragraphs(&op["description"]),
                        client_frames: names("client_frames"),
                        server_frames: names("server_frames"),
                        close_codes: ws["close_codes"]
                            .as_object()
                            .map(|m| m.iter().map(|(c, t)| (c.clone(), text(t))).collect())
                            .unwrap_or_default(),
                    });
                }
            }
        }
    }
    tags.retain(|t| !t.operations.is_empty());
    for t in &mut tags {
        t.operations.sort_by(|a, b| (&a.path, &a.method).cmp(&(&b.path, &b.method)));
    }
    let schemas = doc["components"]["schemas"]
        .as_object()
        .map(|s| {
            s.iter()
                .map(|(name, schema)| SchemaView {
                    name: name.clone(),
                    json: serde_json::to_string_pretty(schema).unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default();
    let codes = doc["components"]["schemas"]["ErrorCode"]["x-codes"]
        .as_object()
        .map(|m| m.iter().map(|(c, v)| (c.clone(), text(&v["status"]), marked(&v["description"]))).collect())
        .unwrap_or_default();
    ApiDocsPage {
        nav,
        codes,
        title: format!("{} {}", text(&doc["info"]["title"]), text(&doc["info"]["version"])),
        description: paragraphs(&doc["info"]["description"]),
        openapi: text(&doc["openapi"]),
        tags,
        websocket,
        schemas,
    }
}
