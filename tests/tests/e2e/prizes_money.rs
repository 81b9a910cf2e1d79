//! What the prize list says a player won is what they are paid: the
//! published examples, driven over HTTP as a TO would, under every cash
//! split method, with the page, the API and both CSV exports compared.
//!
//! - The prize spec's allocation ("Player can win only one prize (the first
//!   they qualify for in brochure order)"), paid as allocated without a split.
//! - The US Chess forum thread on rule 32B3: Steve Immitt's prize list, the
//!   32B3 table ("Each 4.0 wins $747 (one-quarter of $536+$306+$1379+$766)",
//!   "Each 3.5 wins $46 (one-fifth of $230)") and Bill Smythe's place-first
//!   table ("Each gets one-fifth of $804, or $161"), to the cent.
//! - Place-first when the class runs short: one under-2400 player on 3.5.

use super::games::Event;
use super::prize_list::{csv_list_and_payouts, entries, entry, list_and_payouts, payouts};
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, TestApp};
use serde_json::{json, Value};

const METHODS: [&str; 4] = ["none", "uscf_32b3", "place_first", "hort"];

/// Plays a chess round robin of `names` to the end, each game's result
/// from `results` (`(a, b, result for a as White)`), with no tie-breaks
/// (players level on points share a rank), and sets each player's rating.
async fn round_robin(
    app: &TestApp,
    names: &[&str],
    ratings: &[u32],
    results: &[(&str, &str, &str)],
) -> anyhow::Result<Event> {
    let mut e = Event::start(app, "chess", "round_robin", names, json!({})).await?;
    e.to.set_tiebreaks(&e.id, &json!({ "config": { "game": "chess", "tiebreaks": [] } })).await?.ok()?;
    for (name, rating) in names.iter().zip(ratings) {
        let pid = e.id_of(name);
        e.to.put_profile(&pid, &json!({ "profile": { "rating": rating } })).await?.ok()?;
    }
    let mut rounds = None;
    loop {
        let published = e.pair_next().await?;
        let total = rounds.get_or_insert_with(|| published["tournament"]["total_rounds"].clone()).clone();
        for p in published["round"]["pairings"].as_array().cloned().unwrap_or_default() {
            if p["player2"].is_null() {
                continue;
            }
            let (a, b) = (s(&p["player1"], "name"), s(&p["player2"], "name"));
            let result = results
                .iter()
                .find_map(|&(x, y, r)| match (x == a && y == b, x == b && y == a) {
                    (true, _) => Some(r),
                    (_, true) => Some(match r {
                        "1-0" => "0-1",
                        "0-1" => "1-0",
                        other => other,
                    }),
                    _ => None,
                })
                .ok_or_else(|| anyhow::anyhow!("{a} and {b} do not meet"))?;
            e.report_and_confirm(&p, &json!({ "result": result })).await?;
        }
        e.close(&published["round"]).await?;
        if published["round"]["number"] == total {
            return Ok(e);
        }
    }
}

/// Sets the prize list and the rules (`cash_split`, `class_excess`), runs
/// the allocation and returns the run.
async fn run(e: &mut Event, categories: &Value, rules: Value) -> anyhow::Result<Value> {
    let base = format!("/api/tournaments/{}/prizes", e.id);
    e.put(&format!("{base}/config"), &json!({ "categories": categories, "rules": rules })).await?.ok()?;
    Ok(e.to.post(&format!("{base}/runs"), &json!({})).await?.ok()?["run"].clone())
}

/// Publishes `run` and checks that the public list, the API's payouts, the
/// page and both CSV exports agree with it and with each other.
async fn published_agrees(app: &TestApp, e: &mut Event, run: &Value) -> anyhow::Result<()> {
    let base = format!("/api/tournaments/{}/prizes", e.id);
    e.to.post_empty(&format!("{base}/runs/{}/publish", s(run, "id"))).await?.ok()?;
    let public = app.client().get(&base).await?.ok()?["prizes"].clone();
    assert_eq!((entries(&public), payouts(&public)), (entries(run), payouts(run)));
    let (listed, paid) = list_and_payouts(&public);
    assert_eq!(listed, paid, "the list pays each player their payout");
    let (_, prizes_csv) = app.client().get_text(&format!("{base}.csv")).await?;
    let (_, payouts_csv) = app.client().get_text(&format!("{base}.csv?table=payouts")).await?;
    let (csv_listed, csv_paid) = csv_list_and_payouts(&prizes_csv, &payouts_csv);
    assert_eq!(csv_listed, csv_paid, "the prize list CSV and the payouts CSV agree");
    let api: std::collections::BTreeMap<String, String> = public["payouts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| (s(p, "player_id").to_string(), s(p, "amount").to_string()))
        .collect();
    assert_eq!(csv_paid, api, "the CSV pays what the API says");
    let (_, html) = app.client().get_text(&format!("/t/{}/prizes", e.id)).await?;
    let rule = s(&public, "split_rule").replace('&', "&amp;").replace('\'', "&#39;");
    assert!(html.contains(&rule), "the page states the method's rule: {rule}");
    for p in public["payouts"].as_array().into_iter().flatten() {
        let row = format!("<tr data-player=\"{}\"><td>{}</td>", s(p, "player_id"), s(p, "name"));
        assert!(html.contains(&row) && html.contains(s(p, "amount")), "{row}");
    }
    // In French: the rule and how each prize was decided are French, the amounts written 746,75.
    let mut res = awc::Client::new()
        .get(format!("{}/t/{}/prizes", app.base, e.id))
        .insert_header(("Accept-Language", "fr"))
        .send()
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let fr = String::from_utf8_lossy(&res.body().await?).into_owned();
    assert!(fr.contains("<html lang=\"fr\">") && fr.contains("Lauréats") && !fr.contains("⟦missing"));
    assert!(!fr.contains(&rule) && !fr.contains(" handed down") && !fr.contains("Paid whole"), "English left: {fr}");
    for p in public["payouts"].as_array().into_iter().flatten() {
        assert!(fr.contains(&s(p, "amount").replace('.', ",")), "{} in French", s(p, "amount"));
    }
    Ok(())
}

/// The prize spec's example as the issue states it: a round robin ranked
/// P1 > P2 > P3 > P4, rated 1700, 2100, 1650, 1500; Open 1st $100 (brochure
/// order 1), Under 1800 1st $500 (order 2).
#[actix_web::test]
async fn without_a_split_the_list_and_the_money_are_the_allocation() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let results = [
        ("P1", "P2", "1-0"),
        ("P1", "P3", "1-0"),
        ("P1", "P4", "1-0"),
        ("P2", "P3", "1-0"),
        ("P2", "P4", "1-0"),
        ("P3", "P4", "1-0"),
    ];
    let mut e = round_robin(&app, &["P1", "P2", "P3", "P4"], &[1700, 2100, 1650, 1500], &results).await?;
    let categories = json!([
        { "id": "open", "name": "Open", "brochure_order": 1, "prizes": [{ "id": "open-1", "place": 1, "cash": 10000 }] },
        { "id": "u1800", "name": "Under 1800", "brochure_order": 2, "max_rating": 1799, "prizes": [{ "id": "u1800-1", "place": 1, "cash": 50000 }] }
    ]);
    // "Player can win only one prize (the first they qualify for in
    // brochure order)": P1 wins the Open 1st; the Under 1800 1st goes to the
    // first under-1800 player without a prize, P3. Paid as won.
    let r = run(&mut e, &categories, json!({ "cash_split": "none" })).await?;
    assert_eq!(
        entries(&r),
        [entry("open-1", "tiebreak", "P1 100.00", ""), entry("u1800-1", "tiebreak", "P3 500.00", "")]
    );
    let want = [("P1", "100.00"), ("P3", "500.00")].map(|(n, a)| (n.to_string(), a.to_string()));
    assert_eq!(payouts(&r), want);
    // Under every method the list and the payouts are one.
    for method in METHODS {
        let r = run(&mut e, &categories, json!({ "cash_split": method })).await?;
        let (listed, paid) = list_and_payouts(&r);
        assert_eq!(listed, paid, "{method}");
    }
    // 32B3 pays each player alone on a score the largest prize open to
    // them (US Chess 32B1): P1 the Under 1800 $500, P2 the Open $100. The
    // list says so.
    let r = run(&mut e, &categories, json!({ "cash_split": "uscf_32b3" })).await?;
    assert_eq!(entries(&r), [entry("open-1", "pooled", "P2 100.00", ""), entry("u1800-1", "pooled", "P1 500.00", "")]);
    e.to.advance(&e.id).await?.ok()?;
    published_agrees(&app, &mut e, &r).await?;
    app.stop().await;
    Ok(())
}

const FORUM: [&str; 11] = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K"];
/// The forum's ratings: 5.0 (2673), 4.5 (2699), four on 4.0 (2495, then
/// three under 2400: 2391, 2387, 2385), five under-2400 players on 3.5.
const FORUM_RATINGS: [u32; 11] = [2673, 2699, 2495, 2391, 2387, 2385, 2350, 2310, 2250, 2190, 2105];

/// An 11-player round robin whose score groups are the forum's top eleven:
/// A 9½, B 8½, C–F 5½, G–K 3 (the forum's 5.0, 4.5, 4.0 and 3.5 groups; a
/// round robin has more rounds, and only the groups decide the money).
const FORUM_RESULTS: [(&str, &str, &str); 55] = [
    ("A", "B", "1-0"),
    ("A", "C", "1-0"),
    ("A", "D", "1-0"),
    ("A", "E", "1-0"),
    ("A", "F", "1-0"),
    ("A", "G", "1-0"),
    ("A", "H", "1-0"),
    ("A", "I", "1-0"),
    ("A", "J", "1-0"),
    ("A", "K", "½-½"),
    ("B", "C", "1-0"),
    ("B", "D", "1-0"),
    ("B", "E", "½-½"),
    ("B", "F", "1-0"),
    ("B", "G", "1-0"),
    ("B", "H", "1-0"),
    ("B", "I", "1-0"),
    ("B", "J", "1-0"),
    ("B", "K", "1-0"),
    ("C", "D", "1-0"),
    ("C", "E", "1-0"),
    ("C", "F", "1-0"),
    ("C", "G", "1-0"),
    ("C", "H", "0-1"),
    ("C", "I", "1-0"),
    ("C", "J", "0-1"),
    ("C", "K", "½-½"),
    ("D", "E", "1-0"),
    ("D", "F", "½-½"),
    ("D", "G", "1-0"),
    ("D", "H", "0-1"),
    ("D", "I", "1-0"),
    ("D", "J", "1-0"),
    ("D", "K", "1-0"),
    ("E", "F", "1-0"),
    ("E", "G", "1-0"),
    ("E", "H", "0-1"),
    ("E", "I", "1-0"),
    ("E", "J", "1-0"),
    ("E", "K", "1-0"),
    ("F", "G", "1-0"),
    ("F", "H", "1-0"),
    ("F", "I", "1-0"),
    ("F", "J", "1-0"),
    ("F", "K", "1-0"),
    ("G", "H", "1-0"),
    ("G", "I", "1-0"),
    ("G", "J", "1-0"),
    ("G", "K", "0-1"),
    ("H", "I", "0-1"),
    ("H", "J", "0-1"),
    ("H", "K", "0-1"),
    ("I", "J", "1-0"),
    ("I", "K", "1-0"),
    ("J", "K", "1-0"),
];

/// Steve Immitt's prize list: overall 2375 / 1149 / 536 / 306 / 230; under
/// 2400 (2400 not eligible) 1379 / 766.
fn immitt() -> Value {
    let prizes = |id: &str, amounts: &[u64]| -> Value {
        amounts
            .iter()
            .zip(1..)
            .map(|(a, place)| json!({ "id": format!("{id}-{place}"), "place": place, "cash": a * 100 }))
            .collect()
    };
    json!([
        { "id": "open", "name": "Overall", "brochure_order": 1, "prizes": prizes("open", &[2375, 1149, 536, 306, 230]) },
        { "id": "u2400", "name": "Under 2400", "brochure_order": 2, "max_rating": 2399, "prizes": prizes("u2400", &[1379, 766]) }
    ])
}

/// (name, amount) of every player paid, in standings order.
fn paid(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(n, a)| (n.to_string(), a.to_string())).collect()
}

#[actix_web::test]
async fn the_forum_example_to_the_cent_under_every_method() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = round_robin(&app, &FORUM, &FORUM_RATINGS, &FORUM_RESULTS).await?;
    let st = e.standings().await?;
    let scores: Vec<&str> = st["players"].as_array().into_iter().flatten().map(|r| s(r, "score")).collect();
    assert_eq!(scores, ["9.5", "8.5", "5.5", "5.5", "5.5", "5.5", "3.0", "3.0", "3.0", "3.0", "3.0"]);

    // Rule 32B3: "Each 4.0 wins $747 (one-quarter of $536+$306+$1379+$766)"
    // — $746.75 to the cent — and "Each 3.5 wins $46 (one-fifth of $230)".
    let r = run(&mut e, &immitt(), json!({ "cash_split": "uscf_32b3" })).await?;
    let (four, three) = ("746.75", "46.00");
    assert_eq!(
        payouts(&r),
        paid(&[
            ("A", "2375.00"),
            ("B", "1149.00"),
            ("C", four),
            ("D", four),
            ("E", four),
            ("F", four),
            ("G", three),
            ("H", three),
            ("I", three),
            ("J", three),
            ("K", three)
        ])
    );
    // The list shows that pool as one entry: the four prizes, four players.
    let pool = entries(&r).into_iter().find(|x| x.0.contains("u2400-1")).unwrap_or_default();
    assert_eq!(
        pool,
        entry("open-3 open-4 u2400-1 u2400-2", "pooled", &format!("C {four}, D {four}, E {four}, F {four}"), "")
    );

    // Place first: "5.0 2375, 4.5 1149, 4.0 268", the three under-2400
    // players on 4.0 "268 + 715 - 268", and "Each gets one-fifth of $804,
    // or $161" — $160.80 to the cent.
    let r = run(&mut e, &immitt(), json!({ "cash_split": "place_first" })).await?;
    let (class4, class35) = ("715.00", "160.80");
    assert_eq!(
        payouts(&r),
        paid(&[
            ("A", "2375.00"),
            ("B", "1149.00"),
            ("C", "268.00"),
            ("D", class4),
            ("E", class4),
            ("F", class4),
            ("G", class35),
            ("H", class35),
            ("I", class35),
            ("J", class35),
            ("K", class35)
        ])
    );
    // "100% of the under-2400 prize fund has gone to the players under 2400".
    assert_eq!((s(&r, "paid"), s(&r, "unawarded")), ("6741.00", "0.00"));

    // Without a split: paid as allocated, the Under 2400 1st to the best
    // under-2400 player without an overall prize (F), the 2nd to G.
    let r = run(&mut e, &immitt(), json!({ "cash_split": "none" })).await?;
    let list = entries(&r);
    assert!(list.contains(&entry("u2400-1", "tiebreak", "F 1379.00", "")), "{list:?}");
    assert!(list.contains(&entry("u2400-2", "tiebreak", "G 766.00", "")), "{list:?}");

    // Every method: the list pays each player their payout.
    for method in METHODS {
        let r = run(&mut e, &immitt(), json!({ "cash_split": method })).await?;
        let (listed, by_payouts) = list_and_payouts(&r);
        assert_eq!(listed, by_payouts, "{method}");
        assert_eq!(s(&r, "fund"), "6741.00");
    }
    let r = run(&mut e, &immitt(), json!({ "cash_split": "hort" })).await?;
    e.to.advance(&e.id).await?.ok()?;
    published_agrees(&app, &mut e, &r).await?;
    let r = run(&mut e, &immitt(), json!({ "cash_split": "uscf_32b3" })).await?;
    published_agrees(&app, &mut e, &r).await?;
    read_on_a_phone_and_a_screen(&app, &e.id).await?;
    app.stop().await;
    Ok(())
}

/// The published 32B3 list of the forum example in Chromium, on a 390×844
/// phone and a 1920×1080 screen: the page never scrolls sideways (the list
/// scrolls in its own box on the phone), the pool reads as one entry of
/// four prizes paying C, D, E and F $746.75 each, amounts are at least
/// 14 px, and the method's rule is on the page.
async fn read_on_a_phone_and_a_screen(app: &TestApp, id: &str) -> anyhow::Result<()> {
    let b = Browser::start().await?;
    b.client.goto(&format!("{}/t/{id}/prizes", app.base)).await?;
    for (width, height) in [(390, 844), (1920, 1080)] {
        b.client.set_window_size(width, height).await?;
        let page = b
            .client
            .execute(
                "const pool = [...document.querySelectorAll('#prize-winners tr[data-kind=pooled]')]
                   .find(r => r.textContent.includes('Under 2400 1st'));
                 const paid = pool ? [...pool.querySelectorAll('li[data-player]')].map(li => li.textContent.trim()) : [];
                 const amount = pool && pool.querySelector('li[data-player] .num');
                 return {
                   overflow: document.documentElement.scrollWidth - window.innerWidth,
                   prizes: pool ? pool.querySelectorAll('li[data-prize]').length : 0,
                   paid: paid,
                   px: amount ? parseFloat(getComputedStyle(amount).fontSize) : 0,
                   rule: !!document.getElementById('split-rule') && document.getElementById('split-rule').offsetHeight > 0,
                 };",
                vec![],
            )
            .await?;
        assert!(page["overflow"].as_f64().unwrap_or(1.0) <= 0.0, "{width}px: the page scrolls sideways: {page}");
        assert_eq!(page["prizes"], 4, "{width}px: {page}");
        assert_eq!(page["paid"], json!(["C 746.75", "D 746.75", "E 746.75", "F 746.75"]), "{width}px");
        assert!(page["px"].as_f64().unwrap_or(0.0) >= 14.0, "{width}px: amounts too small: {page}");
        assert_eq!(page["rule"], true, "{width}px: the method's rule is not shown");
    }
    // Printed on A4: at most two pages (the list, then the cash paid), the pooled prize and who
    // shares it, without the site's navigation.
    let (pages, text) = b.print_pdf(fantoccini::wd::PrintSize::A4).await?;
    assert!((1..=2).contains(&pages), "{pages} pages: {text}");
    assert!(text.contains("Under 2400 1st") && text.matches("746.75").count() >= 4, "{text}");
    assert!(!text.contains("Sign out") && !text.contains("New event"), "navigation printed: {text}");
    b.close().await;
    Ok(())
}

/// The forum's method when the class runs short: only one under-2400
/// player on 3.5 (H–K rated 2400 or more). The post hands the $804 the
/// three under-2400 players on 4.0 did not need to the class's next
/// players; all of it to G would pay him, on 3.5, more than the $715 each
/// under-2400 player on 4.0 received. By default G is paid $715 and the
/// $89 held back is shown to the TO with its reason; the TO's other choice
/// (`class_excess: to_class`) pays G the whole $804, as the post does.
#[actix_web::test]
async fn place_first_shows_class_money_it_cannot_pay_and_the_choice() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut ratings = FORUM_RATINGS;
    ratings[7..].copy_from_slice(&[2410, 2420, 2405, 2450]);
    let mut e = round_robin(&app, &FORUM, &ratings, &FORUM_RESULTS).await?;
    let r = run(&mut e, &immitt(), json!({ "cash_split": "place_first" })).await?;
    let class4 = "715.00";
    let want = [("A", "2375.00"), ("B", "1149.00"), ("C", "268.00"), ("D", class4), ("E", class4), ("F", class4)];
    let mut expected = paid(&want);
    expected.push(("G".into(), "715.00".into()));
    assert_eq!(payouts(&r), expected);
    assert_eq!(s(&r, "unawarded"), "89.00");
    let held =
        r["entries"].as_array().into_iter().flatten().find(|x| x["kind"] == "unawarded").cloned().unwrap_or_default();
    assert_eq!((s(&held, "reason"), s(&held, "total")), ("capped", "89.00"));
    assert!(
        s(&held, "how").contains("would pay one Under 2400 player more than a better-scored Under 2400 player"),
        "{held}"
    );
    let (listed, by_payouts) = list_and_payouts(&r);
    assert_eq!(listed, by_payouts);
    // The TO's desk shows the amount not awarded and offers the choice.
    let (_, desk) = e.to.get_text(&format!("/t/{}/prizes/manage?run={}", e.id, s(&r, "id"))).await?;
    assert!(desk.contains("not awarded 89.00") && desk.contains("name=\"class_excess\""), "{desk}");

    let r = run(&mut e, &immitt(), json!({ "cash_split": "place_first", "class_excess": "to_class" })).await?;
    let mut expected = paid(&want);
    expected.push(("G".into(), "804.00".into()));
    assert_eq!(payouts(&r), expected);
    assert_eq!((s(&r, "paid"), s(&r, "unawarded")), ("6741.00", "0.00"));
    app.stop().await;
    Ok(())
}
