//! Prizes end to end: a six-player chess round robin played to the end, its
//! prize list set by JSON and by CSV, allocations run (one with overrides),
//! conflicts and warnings, publishing, the public list, the CSV export, the
//! player's page and the TO's prize desk with its CSRF-checked forms.
//!
//! The expected winners and cash are worked out by hand from the prize spec
//! and US Chess rule 32B3 (below), not read from the engine.

use super::games::chess::{no, NAMES, RESULTS};
use super::games::Event;
use super::prize_list::{csv_list_and_payouts, entries, entry, list_and_payouts, payouts};
use arbiter_tests::{s, Api, Backend, TestApp, WsClient};
use awc::http::{header, Method};
use serde_json::{json, Value};
use std::time::Duration;

/// Profiles: (name, rating, sex, birth date, disability). The event starts
/// 2026-05-17: P3 is 11 that day, P4 13, P5 10.
const PROFILES: [(&str, Option<u32>, &str, &str, bool); 6] = [
    ("P1", Some(2200), "m", "1990-01-01", false),
    ("P2", Some(2300), "m", "1985-04-02", false),
    ("P3", Some(1750), "w", "2014-06-01", false),
    ("P4", Some(1790), "m", "2013-01-10", false),
    ("P5", None, "w", "2016-03-03", true),
    ("P6", Some(1500), "w", "1970-08-08", false),
];

/// The prize list: Open 500 + trophy / 300 / 100; Under 1800 (rating ≤
/// 1799) 100; Girls U12 (F, age ≤ 11) trophy, medal; Disability medal.
fn prize_list() -> Value {
    json!({
        "categories": [
            { "id": "open", "name": "Open", "brochure_order": 1, "prizes": [
                { "id": "open-1", "place": 1, "cash": 50000, "trophy": true },
                { "id": "open-2", "place": 2, "cash": 30000 },
                { "id": "open-3", "place": 3, "cash": 10000 }
            ] },
            { "id": "u1800", "name": "Under 1800", "brochure_order": 2, "max_rating": 1799, "prizes": [{ "id": "u1800-1", "place": 1, "cash": 10000 }] },
            { "id": "girls", "name": "Girls U12", "brochure_order": 3, "gender": "F", "max_age": 11, "prizes": [
                { "id": "girls-1", "place": 1, "trophy": true },
                { "id": "girls-2", "place": 2, "medal": true }
            ] },
            { "id": "dis", "name": "Disability", "brochure_order": 4, "disability": "yes", "prizes": [{ "id": "dis-1", "place": 1, "medal": true }] }
        ],
        "rules": { "cash_split": "uscf_32b3" }
    })
}

/// Plays the round robin of `games::chess` (scores P2 4, P3 3½, P4 3½,
/// P1 3, P6 1, P5 0) with no tie-breaks, so P3 and P4 share rank 2, and
/// completes the event.
async fn played(app: &TestApp) -> anyhow::Result<Event> {
    let mut e = Event::start(app, "chess", "round_robin", &NAMES, json!({})).await?;
    e.to.set_tiebreaks(&e.id, &json!({ "config": { "game": "chess", "tiebreaks": [] } })).await?.ok()?;
    for (name, rating, sex, birth, disability) in PROFILES {
        let pid = e.id_of(name);
        let profile =
            json!({ "profile": { "rating": rating, "sex": sex, "birth_date": birth, "disability": disability } });
        e.to.put_profile(&pid, &profile).await?.ok()?;
    }
    for _ in 0..5 {
        let published = e.pair_next().await?;
        for p in published["round"]["pairings"].as_array().cloned().unwrap_or_default() {
            let key = (no(s(&p["player1"], "name")), no(s(&p["player2"], "name")));
            let result = RESULTS.iter().find(|(k, _)| *k == key).map_or("?", |(_, r)| *r);
            e.report_and_confirm(&p, &json!({ "result": result })).await?;
        }
        e.close(&published["round"]).await?;
    }
    let st = e.standings().await?;
    let ranks: Vec<(String, u64)> = st["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| (s(r, "display_name").to_string(), r["rank"].as_u64().unwrap_or(0)))
        .collect();
    let want = [("P2", 1), ("P3", 2), ("P4", 2), ("P1", 4), ("P6", 5), ("P5", 6)];
    assert_eq!(ranks, want.map(|(n, r)| (n.to_string(), r)), "P3 and P4 tied on 3.5 share rank 2");
    Ok(e)
}

/// Posts a form from the prize desk as `client`'s session, with the token
/// the page's forms carry (derived from the session: no form-token cookie);
/// returns the status and the `Location`.
async fn post_form(
    base: &str,
    session: &str,
    page: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> anyhow::Result<(u16, String, String)> {
    let cookie = format!("{}={session}", arbiter_server::auth::session::COOKIE);
    let mut res = awc::Client::new()
        .get(format!("{base}{page}"))
        .insert_header((header::COOKIE, cookie.clone()))
        .send()
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    assert_eq!(res.headers().get_all(header::SET_COOKIE).count(), 0, "a signed-in page sets no form-token cookie");
    let html = String::from_utf8_lossy(&res.body().await?).into_owned();
    let csrf = html
        .split(r#"name="csrf_token" value=""#)
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .ok_or_else(|| anyhow::anyhow!("no form token on {page}"))?
        .to_string();
    assert_eq!(csrf, arbiter_server::auth::csrf::session_form_token(session), "the session's token");
    let mut body: Vec<(&str, &str)> = vec![("csrf_token", &csrf)];
    body.extend_from_slice(fields);
    let mut res = awc::Client::builder()
        .disable_redirects()
        .finish()
        .post(format!("{base}{action}"))
        .insert_header((header::COOKIE, cookie))
        .send_form(&body)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let location = res.headers().get(header::LOCATION).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let text = String::from_utf8_lossy(&res.body().await?).into_owned();
    Ok((res.status().as_u16(), location, text))
}

#[actix_web::test]
async fn prizes_are_configured_allocated_reviewed_and_published_sqlite() -> anyhow::Result<()> {
    configured_allocated_reviewed_and_published(Backend::Sqlite).await
}

#[actix_web::test]
async fn prizes_are_configured_allocated_reviewed_and_published_postgres() -> anyhow::Result<()> {
    configured_allocated_reviewed_and_published(Backend::Postgres).await
}

async fn configured_allocated_reviewed_and_published(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let mut e = played(&app).await?;
    let tid = e.id.clone();
    let base = format!("/api/tournaments/{tid}/prizes");
    let (mut stranger, _) = app.user("Stranger").await?;

    // The prize list, by JSON; only the TO may set it; mistakes are named.
    let r = stranger.send(Method::PUT, &format!("{base}/config"), Some(&prize_list())).await?;
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_organiser"));
    let r = app.client().send(Method::PUT, &format!("{base}/config"), Some(&prize_list())).await?;
    assert_eq!((r.status.as_u16(), r.code()), (401, "not_signed_in"));
    let mut bad = prize_list();
    bad["categories"][1]["min_rating"] = json!(1900);
    let r = e.put(&format!("{base}/config"), &bad).await?;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_prizes"));
    assert!(
        r.body["message"].as_str().unwrap_or_default().contains("minimum rating 1900 is above the maximum 1799"),
        "{}",
        r.body
    );
    bad = prize_list();
    bad["categories"][0]["prizes"][1]["cash"] = json!(-300);
    let r = e.put(&format!("{base}/config"), &bad).await?;
    assert_eq!(r.body["message"], "categories[0].prizes[1].cash must not be negative.");
    let c = e.put(&format!("{base}/config"), &prize_list()).await?.ok()?;
    assert_eq!((c["config"]["category_count"].as_u64(), c["config"]["prize_count"].as_u64()), (Some(4), Some(7)));
    let c = stranger.get(&format!("{base}/config")).await?.ok()?;
    assert_eq!(c["config"]["rules"]["cash_split"], "uscf_32b3", "the prize list is public");

    // Nothing is published yet.
    let r = stranger.get(&base).await?;
    assert_eq!((r.status.as_u16(), r.code()), (404, "prizes_not_published"));

    // Run 1. The allocation by hand (first-win, queue in brochure order):
    // Open 1st → P2 (rank 1); Open 2nd → P4 (rank 2 like P3, higher rating:
    // tie_break rating); Open 3rd → P3; Under 1800 → P6 (P3, P4 have won;
    // P5 is unrated); Girls U12 1st → P5 (P3 has won); Girls 2nd: the only
    // other girl under 12 has won → all_won; Disability: P5 has won → all_won.
    // The cash, 32B3: P2 alone takes 500; P3 and P4 (3½) pool the two
    // largest open prizes, 300 + 100, 200 each (the Under 1800 prize alone
    // would pay them 100 at most); P1 (2200) is eligible for nothing left;
    // P6 takes the Under 1800 100. The list shows the split's result, and
    // the trophies and medals the allocation's winners take.
    let r = stranger.post(&format!("{base}/runs"), &json!({})).await?;
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_organiser"));
    let run1 = e.to.post(&format!("{base}/runs"), &json!({})).await?.ok()?["run"].clone();
    assert_eq!(
        entries(&run1),
        [
            entry("open-1", "pooled", "P2 500.00", "P2"),
            entry("open-2 open-3", "pooled", "P4 200.00, P3 200.00", ""),
            entry("u1800-1", "pooled", "P6 100.00", ""),
            entry("girls-1", "items", "P5 0.00", "P5"),
            entry("girls-2", "unfilled:all_won", "", ""),
            entry("dis-1", "unfilled:all_won", "", ""),
        ]
    );
    assert_eq!(run1["entries"][1]["prizes"][0]["tie_break"], "rating");
    // Fund 1,000.00, all paid. Payouts are the list summed, in standings
    // order (P4 before P3: same rank, higher rating).
    let cash = [("P2", "500.00"), ("P4", "200.00"), ("P3", "200.00"), ("P6", "100.00")]
        .map(|(n, a)| (n.to_string(), a.to_string()));
    assert_eq!(payouts(&run1), cash);
    let (listed, paid) = list_and_payouts(&run1);
    assert_eq!(listed, paid);
    assert_eq!((s(&run1, "fund"), s(&run1, "paid")), ("1000.00", "1000.00"));
    // The consistency audit: the Under 1800 and Girls U12 prizes went to
    // players ranked below eligible players who won elsewhere.
    assert_eq!(run1["counts"]["warnings"].as_u64(), Some(run1["warnings"].as_array().map_or(0, Vec::len) as u64));
    assert!(
        run1["warnings"].as_array().into_iter().flatten().any(|w| s(w, "prize_id") == "u1800-1"
            && s(w, "message").starts_with("Under 1800 1st went to P6 (rank 5) ahead of P")
            && s(w, "message").contains("(rank 2), who took Open ")),
        "{}",
        run1["warnings"]
    );
    assert!(
        run1["log_lines"].as_array().into_iter().flatten().any(|l| l
            .as_str()
            .is_some_and(|l| l.starts_with("[alloc.win] prize=open-2") && l.contains("tie_break=rating"))),
        "{}",
        run1["log_lines"]
    );
    assert_eq!(run1["inputs"]["event"]["start_date"], "2026-05-17");

    // Run 2 with overrides: Girls U12 1st to P3 (eligible), Girls 2nd to P1
    // (a man: a conflict, not applied). Then Open 2nd → P4 (now alone at
    // rank 2), Open 3rd → P1, Under 1800 → P6, Girls 2nd → P5, Disability
    // unfilled. The override gives a prize without cash: the cash is shared
    // by score as before.
    let overrides = json!({ "overrides": [{ "prize_id": "girls-1", "player_id": e.id_of("P3") }, { "prize_id": "girls-2", "player_id": e.id_of("P1") }] });
    let run2 = e.to.post(&format!("{base}/runs"), &overrides).await?.ok()?["run"].clone();
    assert_eq!(
        entries(&run2),
        [
            entry("open-1", "pooled", "P2 500.00", "P2"),
            entry("open-2 open-3", "pooled", "P4 200.00, P3 200.00", ""),
            entry("u1800-1", "pooled", "P6 100.00", ""),
            entry("girls-1", "items", "P3 0.00", "P3"),
            entry("girls-2", "items", "P5 0.00", "P5"),
            entry("dis-1", "unfilled:all_won", "", ""),
        ]
    );
    assert_eq!(run2["entries"][3]["prizes"][0]["manual"], true);
    let conflicts = run2["conflicts"].as_array().cloned().unwrap_or_default();
    assert_eq!(conflicts.len(), 1);
    assert_eq!((s(&conflicts[0], "code"), s(&conflicts[0], "prize_id")), ("ineligible", "girls-2"));
    assert!(s(&conflicts[0], "message").contains("gender mismatch"), "{}", conflicts[0]);
    assert_eq!((run2["counts"]["manual_overrides"].as_u64(), run2["counts"]["conflicts"].as_u64()), (Some(1), Some(1)));
    assert_eq!(payouts(&run2), cash);
    // Overrides naming no prize or a stranger are refused outright, as the
    // prize spec says: "Invalid `prize_id` or `player_id` in manual override
    // → `400 Invalid override`"; nothing is stored.
    let before = app.fingerprint().await?;
    let r = e
        .to
        .post(&format!("{base}/runs"), &json!({ "overrides": [{ "prize_id": "nope", "player_id": e.id_of("P1") }] }))
        .await?;
    assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_override"));
    assert_eq!(r.body["message"], "Invalid override: overrides[0]: there is no prize `nope` on the prize list.");
    let stranger_id = uuid::Uuid::new_v4();
    let r = e
        .to
        .post(&format!("{base}/runs"), &json!({ "overrides": [{ "prize_id": "open-1", "player_id": stranger_id }] }))
        .await?;
    assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_override"));
    assert!(s(&r.body, "message").starts_with("Invalid override: overrides[0]: player "), "{}", r.body);
    assert_eq!(app.fingerprint().await?, before, "a refused run stores nothing");
    // The log's first line carries the tournament id, as the spec shows:
    // "[alloc] tId=<tournament_id> allocating for tournament".
    assert_eq!(run2["log_lines"][0], format!("[alloc] tId={tid} allocating for tournament"));

    // Every run is stored and listable (TO only).
    let runs = e.to.get(&format!("{base}/runs")).await?.ok()?;
    let ids: Vec<&str> = runs["runs"].as_array().into_iter().flatten().map(|r| s(r, "id")).collect();
    assert_eq!(ids.len(), 2);
    let (id1, id2) = (s(&run1, "id").to_string(), s(&run2, "id").to_string());
    assert!(ids.contains(&id1.as_str()) && ids.contains(&id2.as_str()));
    let again = e.to.get(&format!("{base}/runs/{id1}")).await?.ok()?["run"].clone();
    assert_eq!((entries(&again), again["log"].clone()), (entries(&run1), run1["log"].clone()));
    let r = stranger.get(&format!("{base}/runs")).await?;
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_organiser"));
    let r = e.to.get(&format!("{base}/runs/{}", uuid::Uuid::new_v4())).await?;
    assert_eq!((r.status.as_u16(), r.code()), (404, "prize_run_not_found"));

    // Publishing needs the final standings; then it is announced.
    let r = e.to.post_empty(&format!("{base}/runs/{id2}/publish")).await?;
    assert_eq!((r.status.as_u16(), r.code()), (409, "tournament_not_complete"));
    e.to.advance(&tid).await?.ok()?;
    let r = stranger.post_empty(&format!("{base}/runs/{id2}/publish")).await?;
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_organiser"));
    // A player's phone and a standings screen are open when the TO publishes.
    let ws = |view: &str| format!("{}/ws/tournaments/{tid}?view={view}", app.base.replacen("http", "ws", 1));
    let p3 = e.players.iter().find(|p| p.2 == "P3").and_then(|p| p.0.session()).map(String::from);
    let mut phone = WsClient::connect_as(&ws("player"), p3.as_deref()).await?;
    let mut screen = WsClient::connect(&ws("standings")).await?;
    // A socket follows the room once its snapshot is sent: what happens
    // before that is in the snapshot, not in a frame.
    for client in [&mut phone, &mut screen] {
        let snap = client.next_json(Duration::from_secs(5)).await;
        assert_eq!(snap.as_ref().map(|f| f["type"].clone()), Some(json!("snapshot")), "{snap:?}");
    }
    let since = e.seq().await?;
    e.to.post_empty(&format!("{base}/runs/{id2}/publish")).await?.ok()?;
    for client in [&mut phone, &mut screen] {
        let (frames, seen) = client.until(Duration::from_secs(5), |f| f["kind"] == "prizes_published").await;
        assert!(seen, "open pages hear of the publication: {frames:?}");
    }
    let events = e.events(since).await?;
    assert_eq!(events.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["prizes_published"]);
    assert_eq!(events[0].1["prizes"]["run_id"], id2.as_str());

    // The public list and the CSV export show run 2.
    let public = app.client().get(&base).await?.ok()?["prizes"].clone();
    assert_eq!((entries(&public), payouts(&public)), (entries(&run2), payouts(&run2)));
    assert!(public.get("inputs").is_none(), "no private facts (birth dates) in public");
    assert!(s(&public, "split_rule").starts_with("US Chess rule 32B3: players tied on score"), "{public}");
    let (status, csv) = app.client().get_text(&format!("{base}.csv")).await?;
    assert_eq!(status.as_u16(), 200);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows[0],
        "entry,kind,reason,score,prizes,prize_cash,player,player_id,rank,rating,share,paid,items,tie_break,manual"
    );
    let id = |n: &str| e.id_of(n);
    assert_eq!(
        rows[1..],
        [
            format!("1,pooled,,,Open 1st,500.00,P2,{},1,2300,500.00,500.00,trophy (Open 1st),none,no", id("P2")),
            format!("2,pooled,,3.5,Open 2nd; Open 3rd,400.00,P4,{},2,1790,200.00,200.00,,,", id("P4")),
            format!("2,pooled,,3.5,Open 2nd; Open 3rd,400.00,P3,{},2,1750,200.00,200.00,,,", id("P3")),
            format!("3,pooled,,,Under 1800 1st,100.00,P6,{},5,1500,100.00,100.00,,none,no", id("P6")),
            format!("4,items,,,Girls U12 1st,0.00,P3,{},2,1750,0.00,0.00,trophy (Girls U12 1st),none,yes", id("P3")),
            format!("5,items,,,Girls U12 2nd,0.00,P5,{},6,,0.00,0.00,medal (Girls U12 2nd),none,no", id("P5")),
            "6,unfilled,all_won,,Disability 1st,0.00,,,,,,,,,no".to_string(),
        ]
    );
    let (_, paid) = app.client().get_text(&format!("{base}.csv?table=payouts")).await?;
    let (listed, by_payouts) = csv_list_and_payouts(&csv, &paid);
    assert_eq!(listed, by_payouts, "the prize list CSV pays each player what the payouts CSV says");
    assert_eq!(
        paid.lines().collect::<Vec<_>>()[1..],
        [
            format!("P2,{},1,4.0,500.00", e.id_of("P2")),
            format!("P4,{},2,3.5,200.00", e.id_of("P4")),
            format!("P3,{},2,3.5,200.00", e.id_of("P3")),
            format!("P6,{},5,1.0,100.00", e.id_of("P6")),
        ]
    );
    let (status, _) = stranger.get_text(&format!("{base}.csv?run={id1}")).await?;
    assert_eq!(status.as_u16(), 403, "only the TO exports an unpublished run");
    let (_, csv1) = e.to.get_text(&format!("{base}.csv?run={id1}")).await?;
    assert!(csv1.lines().nth(5).is_some_and(|l| l.starts_with("4,items,,,Girls U12 1st,0.00,P5,")), "{csv1}");

    // Pages: the public list, the winner's own page.
    let (status, html) = app.client().get_text(&format!("/t/{tid}/prizes")).await?;
    assert_eq!(status.as_u16(), 200);
    assert!(html.contains("Girls U12") && html.contains("500.00") && html.contains("US Chess rule 32B3"));
    let k = e.players.iter().position(|p| p.2 == "P3").unwrap_or(0);
    let (_, mine) = e.players[k].0.get_text(&format!("/t/{tid}/me")).await?;
    let section = mine.split("id=\"my-prizes\"").nth(1).unwrap_or_default();
    assert!(section.contains("Girls U12 1st · trophy") && section.contains("<strong>200.00</strong>"), "{section}");

    // Taken back (only by the TO): no public list until a run is published again.
    let before = app.fingerprint().await?;
    let r = stranger.send(Method::DELETE, &base, None).await?;
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_organiser"));
    assert_eq!(app.fingerprint().await?, before, "a refused take-back changes nothing");
    let since = e.seq().await?;
    let r = e.to.send(Method::DELETE, &base, None).await?;
    assert_eq!(r.status.as_u16(), 204, "{}", r.body);
    let events = e.events(since).await?;
    assert_eq!((events.len(), events[0].0.as_str()), (1, "prizes_unpublished"));
    assert_eq!(events[0].1["run_id"], id2.as_str());
    let r = app.client().get(&base).await?;
    assert_eq!((r.status.as_u16(), r.code()), (404, "prizes_not_published"));
    let before = app.fingerprint().await?;
    let r = e.to.send(Method::DELETE, &base, None).await?;
    assert_eq!((r.status.as_u16(), r.code()), (404, "prizes_not_published"));
    assert_eq!(app.fingerprint().await?, before);
    e.to.post_empty(&format!("{base}/runs/{id1}/publish")).await?.ok()?;
    let public = app.client().get(&base).await?.ok()?["prizes"].clone();
    assert_eq!(entries(&public), entries(&run1), "another run published after the take-back");
    app.stop().await;
    Ok(())
}

#[actix_web::test]
async fn the_prize_list_is_imported_from_csv_and_managed_from_the_prize_desk() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = played(&app).await?;
    let tid = e.id.clone();
    let base = format!("/api/tournaments/{tid}/prizes");
    let import = |csv: &str| (Method::POST, format!("{base}/import"), Some(("text/csv", csv.to_string())));

    // A bad cell is named by row and column; nothing is saved.
    let (m, p, b) = import("category,place,cash\nOpen,1,500\nOpen,2,abc\n");
    let r = e.to.send_raw(m, &p, b).await?;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_csv"));
    assert_eq!(r.body["message"], "Row 3, column cash: `abc` is not an amount (write 500 or 166.67).");
    let (m, p, b) = import("category,place,max_age,min_age\nU12,1,11,12\n");
    let r = e.to.send_raw(m, &p, b).await?;
    assert!(
        r.body["message"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Row 2: Category `U12`: the minimum age 12 is above the maximum 11"),
        "{}",
        r.body
    );
    assert_eq!(e.to.get(&format!("{base}/config")).await?.ok()?["config"]["category_count"], 0);
    let (mut stranger, _) = app.user("Stranger").await?;
    let (m, p, b) = import("category,place\nOpen,1\n");
    let r = stranger.send_raw(m, &p, b).await?;
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_organiser"));

    // The same list as the JSON test, as a spreadsheet; the split method stays as set.
    e.put(&format!("{base}/config"), &json!({ "rules": { "cash_split": "hort" } })).await?.ok()?;
    let sheet = "Category,Place,Cash,Trophy,Medal,Max_Rating,Gender,Max_Age,Disability\n\
                 Open,1,500,yes,,,,,\nOpen,2,300,,,,,,\nOpen,3,100,,,,,,\n\
                 Under 1800,1,100,,,1799,,,\n\
                 Girls U12,1,,yes,,,F,11,\nGirls U12,2,,,yes,,,,\n\
                 Disability,1,,,yes,,,,yes\n";
    let (m, p, b) = import(sheet);
    let c = e.to.send_raw(m, &p, b).await?.ok()?["config"].clone();
    assert_eq!(
        (c["category_count"].as_u64(), c["prize_count"].as_u64(), s(&c["rules"], "cash_split")),
        (Some(4), Some(7), "hort")
    );
    let names: Vec<&str> = c["categories"].as_array().into_iter().flatten().map(|c| s(c, "name")).collect();
    assert_eq!(names, ["Open", "Under 1800", "Girls U12", "Disability"]);

    // The prize desk: only for the TO; its forms carry the CSRF token.
    let (status, _) = stranger.get_text(&format!("/t/{tid}/prizes/manage")).await?;
    assert_eq!(status.as_u16(), 403);
    let session = e.to.session().unwrap_or_default().to_string();
    let page = format!("/t/{tid}/prizes/manage");
    let (status, _, _) = post_form(
        &app.base,
        &session,
        &page,
        &format!("{page}/rules"),
        &[("multiple_eligibility_mode", "first-win"), ("cash_split", "uscf_32b3")],
    )
    .await?;
    assert_eq!(status, 303);
    assert_eq!(e.to.get(&format!("{base}/config")).await?.ok()?["config"]["rules"]["cash_split"], "uscf_32b3");
    // A run with an override from the form: Girls U12 1st to P3.
    let girls1 = c["categories"][2]["prizes"][0]["id"].as_str().unwrap_or_default().to_string();
    let p3 = e.id_of("P3");
    let (status, location, _) = post_form(
        &app.base,
        &session,
        &page,
        &format!("{page}/run"),
        &[("override_prize", &girls1), ("override_player", &p3)],
    )
    .await?;
    assert_eq!(status, 303);
    let run_id = location.split("run=").nth(1).unwrap_or_default().to_string();
    let run = e.to.get(&format!("{base}/runs/{run_id}")).await?.ok()?["run"].clone();
    let items: Vec<String> = entries(&run).into_iter().map(|(_, _, _, items)| items).collect();
    assert_eq!(items, ["P2", "", "", "P3", "P5", ""], "as the JSON list's run with the same override");
    let (_, html) = e.to.get_text(&format!("{page}?run={run_id}")).await?;
    assert!(html.contains("Publish this run") && html.contains("Girls U12") && html.contains("override"));
    // A refused form shows the message on the page (422), the CSV kept.
    let (status, _, html) =
        post_form(&app.base, &session, &page, &format!("{page}/import"), &[("csv", "category,place\nOpen,x\n")])
            .await?;
    assert_eq!(status, 422);
    assert!(html.contains("Row 2, column place: `x` is not a whole number.") && html.contains("Open,x"));
    // A form without the token is refused.
    let r = awc::Client::new()
        .post(format!("{}{page}/publish", app.base))
        .insert_header((header::COOKIE, format!("{}={session}", arbiter_server::auth::session::COOKIE)))
        .send_form(&[("csrf_token", "forged"), ("run_id", run_id.as_str())])
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    assert_eq!(r.status().as_u16(), 403);
    // Publishing from the desk (the event is complete).
    e.to.advance(&tid).await?.ok()?;
    let (status, location, _) =
        post_form(&app.base, &session, &page, &format!("{page}/publish"), &[("run_id", &run_id)]).await?;
    assert_eq!((status, location.as_str()), (303, format!("/t/{tid}/prizes").as_str()));
    let public = app.client().get(&base).await?.ok()?["prizes"].clone();
    assert_eq!(s(&public, "run_id"), run_id);
    let runs = e.to.get(&format!("{base}/runs")).await?.ok()?;
    assert_eq!(runs["runs"].as_array().map(Vec::len), Some(1));
    assert_eq!(runs["runs"][0]["published"], true);
    app.stop().await;
    Ok(())
}

#[actix_web::test]
async fn allocation_waits_for_a_prize_list_and_for_results() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = Event::start(&app, "chess", "round_robin", &["A", "B"], json!({})).await?;
    let base = format!("/api/tournaments/{}/prizes", e.id);
    let r = e.to.post_empty(&format!("{base}/runs")).await?;
    assert_eq!((r.status.as_u16(), r.code()), (409, "no_prizes"));
    e.put(&format!("{base}/config"), &prize_list()).await?.ok()?;
    let before = app.fingerprint().await?;
    let r = e.to.post_empty(&format!("{base}/runs")).await?;
    assert_eq!((r.status.as_u16(), r.code()), (409, "no_results"));
    assert_eq!(app.fingerprint().await?, before, "a refused run stores nothing");
    let (status, html) = app.client().get_text(&format!("/t/{}/prizes", e.id)).await?;
    assert_eq!(status.as_u16(), 200);
    assert!(
        html.contains("id=\"prizes-not-published\"") && html.contains("1: 500.00 + trophy; 2: 300.00; 3: 100.00"),
        "the prize list shows until prizes are published"
    );
    app.stop().await;
    Ok(())
}

/// A 40K "Best Orks" category pays the best Orks player, though an Aeldari
/// player ranks above them (the category is restricted by faction).
#[actix_web::test]
async fn a_category_restricted_by_faction_pays_only_that_faction() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let (mut to, _) = app.user("TO").await?;
    let tid = arbiter_tests::open_tournament(&mut to, "Faction GT", 1).await?;
    let mut players = Vec::new();
    for (name, faction) in [("Ana", "Aeldari"), ("Bob", "Orks"), ("Cid", "Aeldari"), ("Dan", "Orks")] {
        let (mut c, _) = app.user(name).await?;
        arbiter_tests::register(&mut c, &tid, name, faction).await?;
        players.push((name, c));
    }
    to.advance(&tid).await?.ok()?;
    for (_, c) in &mut players {
        c.check_in(&tid).await?.ok()?;
    }
    to.advance(&tid).await?.ok()?;
    let r = s(&to.new_round(&tid).await?.ok()?["round"], "id").to_string();
    let round = to.pair_round(&r).await?.ok()?;
    // The Aeldari player of each table wins when there is one; otherwise player 1.
    for p in round["round"]["pairings"].as_array().into_iter().flatten() {
        let aeldari1 = s(&p["player1"], "faction") == "Aeldari";
        let score = if aeldari1 || s(&p["player2"], "faction") != "Aeldari" {
            json!({ "player1_vp": 80, "player2_vp": 20 })
        } else {
            json!({ "player1_vp": 20, "player2_vp": 80 })
        };
        to.override_result(s(p, "id"), &score).await?.ok()?;
    }
    to.close_round(&r).await?.ok()?;
    to.advance(&tid).await?.ok()?;
    let prizes = json!({ "categories": [
        { "id": "open", "name": "@Open", "brochure_order": 1, "prizes": [{ "id": "open-1", "place": 1, "cash": 10000 }] },
        { "id": "orks", "name": "Best Orks", "brochure_order": 2, "faction": "orks", "prizes": [{ "id": "orks-1", "place": 1, "cash": 5000 }] }
    ] });
    to.send(Method::PUT, &format!("/api/tournaments/{tid}/prizes/config"), Some(&prizes)).await?.ok()?;
    let run = to.post(&format!("/api/tournaments/{tid}/prizes/runs"), &json!({})).await?.ok()?["run"].clone();
    let standings = to.standings(&tid).await?.ok()?;
    let order: Vec<(String, String)> = standings["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| (s(p, "display_name").to_string(), s(p, "faction").to_string()))
        .collect();
    let best_ork = order.iter().find(|(_, f)| f == "Orks").map(|(n, _)| n.clone()).unwrap_or_default();
    assert_eq!(order[0].1, "Aeldari", "an Aeldari player tops the standings: {order:?}");
    let paid = payouts(&run);
    assert!(paid.contains(&(best_ork.clone(), "50.00".to_string())), "Best Orks pays {best_ork}: {paid:?}");
    assert!(paid.iter().all(|(n, a)| a != "50.00" || *n == best_ork), "{paid:?}");
    app.stop().await;
    Ok(())
}

/// A 40K "Best painted" category goes by the painting scores staff entered,
/// not the standings: the best-painted army that took no other prize wins
/// it (equal scores: the better-placed player); a player without a score
/// cannot. Its cash is paid whole, so a split method that shares cash by
/// standings score is refused with a reason.
#[actix_web::test]
async fn best_painted_goes_by_the_painting_scores() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut ev = arbiter_tests::Event::start(&app.base, "Paint", 4, 1).await?;
    let tid = ev.tid.clone();
    let (r, tables) = ev.pair_next().await?;
    ev.play(&tables[0], 70, 30).await?;
    ev.play(&tables[1], 55, 45).await?;
    // Painting: registration 1 → 18, 2 → 18, 3 → 9; registration 4 has none.
    for (k, score) in [(0, 18), (1, 18), (2, 9)] {
        let path = format!("/api/players/{}/adjustments", ev.registrations[k]);
        ev.to.post(&path, &json!({ "kind": "painting", "amount": score })).await?.ok()?;
    }
    ev.to.close_round(&r).await?.ok()?;
    ev.to.advance(&tid).await?.ok()?;
    let config = |split: &str| {
        json!({ "categories": [
            { "id": "open", "name": "@Open", "brochure_order": 1, "prizes": [{ "id": "open-1", "place": 1, "cash": 10000 }] },
            { "id": "paint", "name": "Best painted", "brochure_order": 2, "ranked_by": "painting", "prizes": [{ "id": "paint-1", "place": 1, "cash": 3000 }] }
        ], "rules": { "cash_split": split } })
    };
    let path = format!("/api/tournaments/{tid}/prizes/config");
    ev.to.send(Method::PUT, &path, Some(&config("none"))).await?.ok()?;
    let run = ev.to.post(&format!("/api/tournaments/{tid}/prizes/runs"), &json!({})).await?.ok()?["run"].clone();
    // Expected from the standings and the scores: the open prize to the
    // leader; Best painted to the highest score among the rest, the better
    // placed of equal scores.
    let standings = ev.to.standings(&tid).await?.ok()?;
    let order: Vec<String> =
        standings["players"].as_array().into_iter().flatten().map(|p| s(p, "display_name").to_string()).collect();
    let painting = |name: &str| match ev.names.iter().position(|n| n == name) {
        Some(0 | 1) => Some(18),
        Some(2) => Some(9),
        _ => None,
    };
    let painter = order[1..]
        .iter()
        .filter(|n| painting(n).is_some())
        .max_by_key(|n| (painting(n), std::cmp::Reverse(order.iter().position(|o| o == *n))))
        .cloned()
        .unwrap_or_default();
    let paid = payouts(&run);
    assert!(paid.contains(&(order[0].clone(), "100.00".to_string())), "{paid:?}");
    assert!(paid.contains(&(painter.clone(), "30.00".to_string())), "Best painted pays {painter}: {paid:?}");
    assert_eq!(paid.len(), 2, "{paid:?}");

    // Under a split that shares cash by standings score, the run is refused and says why.
    ev.to.send(Method::PUT, &path, Some(&config("hort"))).await?.ok()?;
    let before = app.fingerprint().await?;
    let r = ev.to.post(&format!("/api/tournaments/{tid}/prizes/runs"), &json!({})).await?;
    super::undo::refused(&app, &before, &r, 422, "invalid_prizes").await;
    assert!(s(&r.body, "message").contains("ranked by a score"), "{}", r.body);
    app.stop().await;
    Ok(())
}
