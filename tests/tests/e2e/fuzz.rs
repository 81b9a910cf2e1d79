//! JSON bodies fuzzed against the main write routes of one running app:
//! generated JSON values and mutated valid bodies (a field replaced, removed
//! or added, a number or escape serde finds hard, the text cut short). Every
//! answer must be a success or a 4xx with a JSON error body, never a 5xx and
//! never a body that is not JSON; the app must still answer afterwards.

use arbiter_server::client::ApiClient;
use arbiter_tests::{open_tournament, s, Event, TestApp};
use awc::http::Method;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{json, Map, Value};
use std::cell::RefCell;

/// Whose request it is.
#[derive(Clone, Copy, Debug)]
enum Who {
    Anonymous,
    Organiser,
    Player,
    Registrant,
}

/// A route and a body it accepts.
struct Target {
    method: Method,
    path: String,
    who: Who,
    valid: Value,
}

/// How a case's body is made.
#[derive(Clone, Debug)]
enum Mutation {
    /// Any JSON value instead of the body.
    Whole(Value),
    /// One field of the valid body replaced.
    Replace(Index, Value),
    /// One field of the valid body left out.
    Remove(Index),
    /// A field the route does not know added.
    Add(String, Value),
    /// One field's value written as raw JSON text (numbers and escapes at the edges).
    Raw(Index, &'static str),
    /// The valid body's text cut short (not JSON).
    Truncate(Index),
}

/// Values at the edges of what JSON and serde read.
const RAW: [&str; 13] = [
    "-9223372036854775808",
    "9223372036854775807",
    "18446744073709551615",
    "1e999",
    "-1e999",
    "18446744073709551616",
    "-9223372036854775809",
    "-0",
    "0.1e-400",
    r#""\ud800""#,
    r#""\u0000""#,
    r#""a\"b\\c""#,
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
];

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        prop_oneof![Just(json!(i64::MIN)), Just(json!(i64::MAX)), Just(json!(u64::MAX))],
        prop_oneof![Just(0.5f64), Just(-1.5), Just(1e300), Just(f64::MIN_POSITIVE), any::<f64>()]
            .prop_map(|f| json!(f)),
        "\\PC{0,40}".prop_map(Value::String),
        prop_oneof![
            Just(""),
            Just("2026-02-30"),
            Just("00000000-0000-0000-0000-000000000000"),
            Just("1-0"),
            Just("REGISTRATION")
        ]
        .prop_map(|s| Value::String(s.to_string())),
        (0usize..70_000).prop_map(|n| Value::String("x".repeat(n))),
    ];
    leaf.prop_recursive(3, 32, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{0,12}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        json_value().prop_map(Mutation::Whole),
        (any::<Index>(), json_value()).prop_map(|(i, v)| Mutation::Replace(i, v)),
        any::<Index>().prop_map(Mutation::Remove),
        ("[a-z_]{1,12}", json_value()).prop_map(|(k, v)| Mutation::Add(k, v)),
        (any::<Index>(), prop::sample::select(RAW.to_vec())).prop_map(|(i, r)| Mutation::Raw(i, r)),
        any::<Index>().prop_map(Mutation::Truncate),
    ]
}

/// The body text `m` makes of `valid`.
fn body(valid: &Value, m: &Mutation) -> String {
    let mut obj = valid.as_object().cloned().unwrap_or_default();
    let key = |i: &Index| obj.keys().nth(i.index(obj.len().max(1))).cloned();
    match m {
        Mutation::Whole(v) => v.to_string(),
        Mutation::Replace(i, v) => {
            if let Some(k) = key(i) {
                obj.insert(k, v.clone());
            }
            Value::Object(obj).to_string()
        }
        Mutation::Remove(i) => {
            if let Some(k) = key(i) {
                obj.remove(&k);
            }
            Value::Object(obj).to_string()
        }
        Mutation::Add(k, v) => {
            obj.insert(k.clone(), v.clone());
            Value::Object(obj).to_string()
        }
        Mutation::Raw(i, raw) => {
            let Some(k) = key(i) else { return (*raw).to_string() };
            obj.insert(k, Value::String("\u{1}RAW\u{1}".into()));
            Value::Object(obj).to_string().replace(r#""\u0001RAW\u0001""#, raw)
        }
        Mutation::Truncate(i) => {
            let text = valid.to_string();
            let cut = i.index(text.len().max(1));
            text.char_indices()
                .map(|(at, _)| at)
                .take_while(|at| *at <= cut)
                .last()
                .map_or(text.clone(), |at| text[..at].to_string())
        }
    }
}

/// The running app, its clients, and the routes under test.
struct Fixture {
    app: TestApp,
    clients: RefCell<Vec<ApiClient>>,
    targets: Vec<Target>,
    tid: String,
    /// Answers by status, for the log.
    seen: RefCell<std::collections::BTreeMap<u16, usize>>,
}

async fn fixture() -> anyhow::Result<Fixture> {
    let app = TestApp::spawn().await?;
    let mut ev = Event::start(&app.base, "Z", 4, 3).await?;
    let (round, tables) = ev.pair_next().await?;
    let table = tables.first().cloned().ok_or_else(|| anyhow::anyhow!("no table"))?;
    let tid = ev.tid.clone();
    let list = ev.to.get(&format!("/api/tournaments/{tid}/players")).await?.ok()?;
    let player = s(&list["players"][0], "id").to_string();
    let open = open_tournament(&mut ev.to, "Fuzz Open", 3).await?;
    let (registrant, _) = app.user("Registrant").await?;
    let pid = &table.id;
    let reporter = ev.players.swap_remove(table.p1);
    let t = |method: Method, path: String, who: Who, valid: Value| Target { method, path, who, valid };
    let targets = vec![
        t(
            Method::POST,
            "/api/auth/signup".into(),
            Who::Anonymous,
            json!({ "email": "fuzz@test.arbiter", "password": "a long fizzing password", "display_name": "Fuzz" }),
        ),
        t(
            Method::POST,
            "/api/auth/login".into(),
            Who::Anonymous,
            json!({ "email": "fuzz@test.arbiter", "password": "x" }),
        ),
        t(
            Method::POST,
            "/api/tournaments".into(),
            Who::Organiser,
            json!({ "name": "F", "event_date": "2026-05-17", "location": "Hall", "format": "Open", "total_rounds": 3, "game": "wh40k", "max_vp": 100, "missions": ["A"] }),
        ),
        t(
            Method::POST,
            format!("/api/tournaments/{open}/register"),
            Who::Registrant,
            json!({ "display_name": "R", "faction": "Orks", "list_text": "list", "profile": { "rating": 1500, "sex": "w", "birth_date": "1990-01-02" } }),
        ),
        t(Method::PUT, format!("/api/tournaments/{open}/list"), Who::Registrant, json!({ "list_text": "new list" })),
        t(
            Method::POST,
            format!("/api/pairings/{pid}/report"),
            Who::Player,
            json!({ "player1_vp": 60, "player2_vp": 40 }),
        ),
        t(
            Method::POST,
            format!("/api/pairings/{pid}/override"),
            Who::Organiser,
            json!({ "player1_vp": 55, "player2_vp": 45 }),
        ),
        t(
            Method::PUT,
            format!("/api/tournaments/{tid}/prizes/config"),
            Who::Organiser,
            json!({ "categories": [{ "id": "open", "name": "Open", "brochure_order": 1, "prizes": [{ "id": "o1", "place": 1, "cash": 1000 }] }], "rules": { "cash_split": "none" } }),
        ),
        t(Method::POST, format!("/api/tournaments/{tid}/prizes/runs"), Who::Organiser, json!({ "overrides": [] })),
        t(
            Method::PUT,
            format!("/api/tournaments/{tid}/tiebreaks"),
            Who::Organiser,
            json!({ "config": ["sos"], "points": { "win": 3, "draw": 1, "loss": 0 }, "confirm": true }),
        ),
        t(
            Method::POST,
            format!("/api/tournaments/{tid}/ties"),
            Who::Organiser,
            json!({ "action": "confirm", "player_id": player }),
        ),
        t(
            Method::POST,
            format!("/api/players/{player}/adjustments"),
            Who::Organiser,
            json!({ "kind": "vp", "amount": 5, "reason": "Fuzz", "round": 1 }),
        ),
        t(
            Method::POST,
            format!("/api/rounds/{round}/clock"),
            Who::Organiser,
            json!({ "action": "start", "minutes": 150 }),
        ),
        t(
            Method::PUT,
            format!("/api/players/{player}/profile"),
            Who::Organiser,
            json!({ "profile": { "club": "C", "rating": 1800 } }),
        ),
    ];
    let clients = vec![ApiClient::new(&app.base), ev.to, reporter, registrant];
    Ok(Fixture { app, clients: RefCell::new(clients), targets, tid, seen: RefCell::default() })
}

/// Sends one case and checks the answer. (Cases run one at a time, so the
/// clients' borrow across the request cannot meet another.)
#[allow(clippy::await_holding_refcell_ref)]
async fn case(f: &Fixture, target: usize, m: &Mutation) -> Result<(), TestCaseError> {
    let target = &f.targets[target % f.targets.len()];
    let text = body(&target.valid, m);
    let mut clients = f.clients.borrow_mut();
    let client = &mut clients[target.who as usize];
    let reply = client
        .send_raw(target.method.clone(), &target.path, Some(("application/json", text.clone())))
        .await
        .map_err(|e| TestCaseError::fail(format!("{} {}: {e}", target.method, target.path)))?;
    let status = reply.status.as_u16();
    *f.seen.borrow_mut().entry(status).or_default() += 1;
    let shown: String = text.chars().take(300).collect();
    prop_assert!(status < 500, "{} {} answered {status} to {shown}: {}", target.method, target.path, reply.text);
    if status == 204 {
        return Ok(());
    }
    let answer: Value = serde_json::from_str(&reply.text).map_err(|_| {
        TestCaseError::fail(format!(
            "{} {} answered {status} without JSON to {shown}: {}",
            target.method, target.path, reply.text
        ))
    })?;
    if status >= 400 {
        prop_assert!(
            answer["error"].as_str().is_some_and(|c| !c.is_empty()) && answer["message"].as_str().is_some(),
            "{} {} answered {status} to {shown} without an error code and message: {answer}",
            target.method,
            target.path
        );
    }
    Ok(())
}

/// About 200 generated and mutated bodies over the main POST/PUT routes.
#[test]
fn fuzzed_json_bodies_get_a_json_answer_and_never_a_server_error() -> anyhow::Result<()> {
    let system = actix_web::rt::System::new();
    let f = system.block_on(fixture())?;
    let started = std::time::Instant::now();
    let mut runner = TestRunner::new(Config { cases: 200, failure_persistence: None, ..Config::default() });
    let result = runner.run(&(0..f.targets.len(), mutation()), |(target, m)| system.block_on(case(&f, target, &m)));
    eprintln!("fuzzed requests in {:?}, answers by status: {:?}", started.elapsed(), f.seen.borrow());
    if let Err(e) = result {
        anyhow::bail!("{e}");
    }
    // One future at a time on this thread: the clients' borrow cannot meet another.
    #[allow(clippy::await_holding_refcell_ref)]
    system.block_on(async {
        let mut anon = f.app.client();
        assert_eq!(anon.get("/healthz").await?.status.as_u16(), 200);
        let t = anon.get(&format!("/api/tournaments/{}", f.tid)).await?.ok()?;
        assert_eq!(s(&t["tournament"], "id"), f.tid);
        let mut clients = f.clients.borrow_mut();
        let me = clients[Who::Organiser as usize].get("/api/auth/me").await?.ok()?;
        assert!(me["user"]["id"].is_string());
        f.app.stop().await;
        Ok(())
    })
}

/// The integers at the edges of what a client can send: `i64::MIN`,
/// `i64::MAX`, `u64::MAX` (issue 29: `i64::MIN` slipped past a bound that
/// took its `abs()`).
fn edges() -> [Value; 3] {
    [json!(i64::MIN), json!(i64::MAX), json!(u64::MAX)]
}

/// The JSON pointers of every number in `v`.
fn numbers(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::Number(_) => out.push(at.to_string()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                numbers(item, &format!("{at}/{i}"), out);
            }
        }
        Value::Object(fields) => {
            for (k, item) in fields {
                numbers(item, &format!("{at}/{k}"), out);
            }
        }
        _ => {}
    }
}

/// Every numeric field of every route under test, nested ones too, at each
/// edge: a success or a 4xx with a JSON error, never a 5xx.
#[test]
fn every_numeric_field_at_the_integer_edges_is_answered_without_a_server_error() -> anyhow::Result<()> {
    let system = actix_web::rt::System::new();
    let f = system.block_on(fixture())?;
    let mut sent = 0;
    for (i, target) in f.targets.iter().enumerate() {
        let mut at = Vec::new();
        numbers(&target.valid, "", &mut at);
        for pointer in at {
            for edge in edges() {
                let mut body = target.valid.clone();
                if let Some(slot) = body.pointer_mut(&pointer) {
                    slot.clone_from(&edge);
                }
                let m = Mutation::Whole(body);
                system.block_on(case(&f, i, &m)).map_err(|e| anyhow::anyhow!("{pointer} = {edge}: {e}"))?;
                sent += 1;
            }
        }
    }
    eprintln!("{sent} requests with an integer at its edge, answers by status: {:?}", f.seen.borrow());
    assert!(sent >= 30, "only {sent} numeric fields were tried");
    system.block_on(f.app.stop());
    Ok(())
}
