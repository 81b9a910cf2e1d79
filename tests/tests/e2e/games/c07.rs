//! The last FIDE C.07 pieces over HTTP, on events imported as TRF: Perfect
//! Tournament Performance (art. 10.3) and its opponents' average (10.5);
//! the pre-2023 "virtual opponent" rules, chosen by the file's date of
//! start (042) for an event before September 2023; drawing of lots for a
//! tie the list leaves (art. 4.2), recorded and reproducible.

use arbiter_engine::model::PlayerNo;
use arbiter_engine::standings::Lot;
use arbiter_server::client::ApiClient;
use arbiter_tests::{s, Api, Backend, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};

/// A TRF of `table` (number, rating, rounds as `"3w1"`, `"11b+"`, `U`, `H`,
/// `Z`) starting on `date` (`YYYY/MM/DD`), points from the results.
fn trf(date: &str, table: &[(u32, u16, &str)]) -> String {
    let rounds = table.first().map_or(0, |p| p.2.split_whitespace().count());
    let mut out = format!("012 Exercise\n042 {date}\nXXR {rounds}\n");
    for &(no, rating, games) in table {
        let mut tenths = 0;
        let mut cells = String::new();
        for token in games.split_whitespace() {
            let (opp, colour, result) = match token {
                "U" | "H" | "Z" | "F" => (0, '-', token.chars().next().unwrap_or('-')),
                _ => {
                    let at = token.find(['w', 'b']).unwrap_or(0);
                    let mut rest = token[at..].chars();
                    (token[..at].parse().unwrap_or(0), rest.next().unwrap_or('w'), rest.next().unwrap_or('0'))
                }
            };
            tenths += match result {
                '1' | '+' | 'U' | 'F' => 10,
                '=' | 'H' => 5,
                _ => 0,
            };
            cells.push_str(&format!("  {opp:>4} {colour} {result}"));
        }
        let name = format!("Player {no:02}");
        let points = format!("{}.{}", tenths / 10, tenths % 10);
        out.push_str(&format!(
            "001 {no:>4} m    {name:<33} {rating:>4} FID {:>11} 2000/01/01 {points:>4} {no:>4}{cells}\n",
            1000 + no
        ));
    }
    out
}

/// A FIDE Dutch event holding the imported `text`, its TO, and its id.
async fn imported(app: &TestApp, text: &str) -> anyhow::Result<(ApiClient, String)> {
    let (mut to, _) = app.user("Arbiter").await?;
    let body = json!({ "name": "Imported", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "dutch", "total_rounds": 9 });
    let t = to.create_tournament(&body).await?.ok()?;
    let id = s(&t["tournament"], "id").to_string();
    to.advance(&id).await?.ok()?;
    to.import_trf(&id, text).await?.ok()?;
    Ok((to, id))
}

/// Sets the tie-break list (confirmed: the rounds are played) and returns
/// the standings as `name → values`.
async fn ranked(to: &mut ApiClient, id: &str, tiebreaks: Value) -> anyhow::Result<Vec<(String, Vec<String>)>> {
    let body = json!({ "config": { "game": "chess", "tiebreaks": tiebreaks }, "confirm": true });
    to.set_tiebreaks(id, &body).await?.ok()?;
    let st = to.standings(id).await?.ok()?;
    Ok(st["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let values = r["values"].as_array().into_iter().flatten().filter_map(Value::as_str).map(String::from);
            (s(r, "display_name").to_string(), values.collect())
        })
        .collect())
}

fn values_of(rows: &[(String, Vec<String>)], no: u32) -> &[String] {
    let name = format!("Player {no:02}");
    rows.iter().find(|(n, _)| *n == name).map_or(&[], |(_, v)| v.as_slice())
}

/// A crosstable of the engine's test data (`engine/tests/data/c07/`):
/// (number, rating, rounds) per line.
fn crosstable(text: &'static str) -> Vec<(u32, u16, &'static str)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.splitn(3, ' ');
            Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?, parts.next()?))
        })
        .collect()
}

/// Mario Held, "Exercises in Tie-Breaking" §2.1 (16 players, 5 rounds).
fn swiss_5() -> Vec<(u32, u16, &'static str)> {
    crosstable(include_str!("../../../../engine/tests/data/c07/held_swiss_5.txt"))
}

/// Research notes §1.6: seven players, four rounds, with a PAB, a
/// half-point bye, a forfeit and a withdrawal.
fn seven() -> Vec<(u32, u16, &'static str)> {
    crosstable(include_str!("../../../../engine/tests/data/c07/seven.txt"))
}

#[actix_web::test]
async fn perfect_tournament_performance_and_its_average_are_tie_breaks() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let (mut to, id) = imported(&app, &trf("2024/08/01", &swiss_5())).await?;
    let rows = ranked(&mut to, &id, json!([{ "code": "PTP" }, { "code": "APPO" }])).await?;
    // Held, exercise 22: "PTP" of Peter (3) is 2112. APPO, worked by hand
    // from art. 10.5: his opponents' PTPs 1763, 1810, 1715, 2168, 2216 →
    // 1934.4, rounded 1934. Ina (9) scored nothing over the board: her PTP
    // is the lowest opponent's rating minus 800, 1750 − 800 = 950.
    assert_eq!(values_of(&rows, 3), ["2112", "1934"]);
    assert_eq!(values_of(&rows, 9)[0], "950");
    let tb = to.get(&format!("/api/tournaments/{id}/tiebreaks")).await?.ok()?;
    let codes: Vec<&str> =
        tb["tiebreaks"]["available"].as_array().into_iter().flatten().map(|o| s(o, "code")).collect();
    assert!(codes.contains(&"PTP") && codes.contains(&"APPO"), "{codes:?}");
    app.stop().await;
    Ok(())
}

#[actix_web::test]
async fn an_event_before_september_2023_is_ranked_by_the_virtual_opponent() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    // Pre-2023 rules: an opponent's unplayed games count as draws; one's own
    // unplayed round is a game against a virtual opponent with Svon = SPR +
    // (1 − SfPR) + 0.5·(n − R). Worked by hand from them: D (4) meets 1.5 for
    // the PAB of round 1 and 2.5 for the forfeit of round 3, BH 10.5.
    let (mut to, id) = imported(&app, &trf("2023/08/31", &seven())).await?;
    let t = to.tournament(&id).await?.ok()?;
    assert_eq!(s(&t["tournament"], "event_date"), "2023-08-31", "the file's date of start is the event's");
    let rows = ranked(&mut to, &id, json!([{ "code": "BH" }, { "code": "SB" }])).await?;
    let want = [
        (1, "8.0", "6.50"),
        (2, "9.5", "5.00"),
        (3, "7.5", "4.50"),
        (4, "10.5", "1.50"),
        (5, "8.0", "2.50"),
        (6, "6.5", "3.50"),
        (7, "8.0", "0.00"),
    ];
    for (no, bh, sb) in want {
        assert_eq!(values_of(&rows, no), [bh, sb], "player {no}");
    }
    // The same file dated 1 September 2023 is ranked by the 2023 rules:
    // dummies with the player's own score (A 8.5, B 10.5).
    let (mut to, id) = imported(&app, &trf("2023/09/01", &seven())).await?;
    let rows = ranked(&mut to, &id, json!([{ "code": "BH" }])).await?;
    assert_eq!((values_of(&rows, 1), values_of(&rows, 2)), (&["8.5".to_string()][..], &["10.5".to_string()][..]));
    app.stop().await;
    Ok(())
}

#[actix_web::test]
async fn a_tie_the_list_leaves_is_drawn_by_lot_once_and_can_be_redone() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let (mut to, id) = imported(&app, &trf("2024/08/01", &swiss_5())).await?;
    // No tie-breaks: the four players on 3.5 (1, 3, 4, 16) are left tied.
    ranked(&mut to, &id, json!([])).await?;
    let st = to.standings(&id).await?.ok()?;
    let tie = st["open_ties"][0].clone();
    assert_eq!((s(&tie, "kind"), tie["first_position"].as_u64()), ("unresolved", Some(2)));
    let members: Vec<String> =
        tie["players"].as_array().into_iter().flatten().filter_map(Value::as_str).map(String::from).collect();
    assert_eq!(members.len(), 4);

    // "When the tie-break list is exhausted, any remaining tie should be
    // broken by drawing of lots" (art. 4.2): the TO draws.
    let ties = format!("/api/tournaments/{id}/ties");
    let drawn = to.post(&ties, &json!({ "action": "draw_lots", "player_id": members[1] })).await?.ok()?;
    let resolution = &drawn["resolution"];
    let seed = u64::from_str_radix(s(resolution, "lot"), 16)?;
    // Reproducible: the recorded seed redoes the draw. Lot::order shuffles
    // by position, so drawing on positions 0..4 and mapping back gives the order.
    let positions: Vec<PlayerNo> = (0..4).map(PlayerNo).collect();
    let redone: Vec<&str> = Lot { seed }.order(&positions).iter().map(|p| members[p.0 as usize].as_str()).collect();
    let order: Vec<&str> = resolution["order"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    assert_eq!(order, redone);
    let st = to.standings(&id).await?.ok()?;
    let shown: Vec<&str> =
        st["players"].as_array().into_iter().flatten().skip(1).take(4).map(|r| s(r, "player_id")).collect();
    assert_eq!(shown, order, "the standings follow the draw");
    assert_eq!(st["resolutions"][0]["lot"], resolution["lot"]);

    // A draw stands: a second one is refused and changes nothing.
    let before = app.fingerprint().await?;
    let r = to.post(&ties, &json!({ "action": "draw_lots", "player_id": members[0] })).await?;
    assert_eq!((r.status.as_u16(), r.code()), (409, "already_drawn"));
    assert_eq!(app.fingerprint().await?, before);
    app.stop().await;
    Ok(())
}

/// Sixteen draws for the same tie at once, from the TO's session on several
/// connections: one is drawn, the others answer 409 `already_drawn`, and the
/// event log holds one drawing.
async fn lots_drawn_at_once(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let (mut to, id) = imported(&app, &trf("2024/08/01", &swiss_5())).await?;
    ranked(&mut to, &id, json!([])).await?;
    let st = to.standings(&id).await?.ok()?;
    let members: Vec<String> = st["open_ties"][0]["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(String::from)
        .collect();
    let since = to.snapshot(&id).await?.ok()?["seq"].as_i64().unwrap_or(0);
    let ties = format!("/api/tournaments/{id}/ties");
    let mut clients: Vec<ApiClient> = (0..16).map(|_| to.clone_to(&app.base)).collect();
    let replies = join_all(clients.iter_mut().enumerate().map(|(i, c)| {
        let body = json!({ "action": "draw_lots", "player_id": members[i % members.len()] });
        let path = ties.clone();
        async move { c.post(&path, &body).await }
    }))
    .await;
    let mut codes: Vec<(u16, String)> = Vec::new();
    for r in replies {
        let r = r?;
        codes.push((r.status.as_u16(), r.code().to_string()));
    }
    assert_eq!(codes.iter().filter(|(s, _)| *s == 200).count(), 1, "{codes:?}");
    assert!(codes.iter().all(|(s, c)| *s == 200 || (*s == 409 && c == "already_drawn")), "{codes:?}");
    let events = to.events(&id, &format!("?since={since}")).await?.ok()?;
    let drawn = events["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["kind"] == "tie_resolved" && e["data"]["action"] == "draw_lots")
        .count();
    assert_eq!(drawn, 1);
    app.stop().await;
    Ok(())
}

#[actix_web::test]
async fn lots_drawn_at_once_sqlite() -> anyhow::Result<()> {
    lots_drawn_at_once(Backend::Sqlite).await
}

#[actix_web::test]
async fn lots_drawn_at_once_postgres() -> anyhow::Result<()> {
    lots_drawn_at_once(Backend::Postgres).await
}
