//! Swiss chess by the FIDE (Dutch) System over HTTP: reference cases
//! (engine/tests/data/fide-dutch) imported as TRF and paired by the server
//! exactly as published; the TRF export pairs the same in the engine; byes
//! arranged ahead and withdrawals; the refusals, each leaving the database
//! unchanged.

use super::Event;
use arbiter_engine::pairing::dutch::{pair, pairing_text};
use arbiter_engine::trf::Trf;
use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::{s, Api, TestApp};
use awc::http::Method;
use serde_json::{json, Value};
use std::path::Path;

fn case(name: &str, ext: &str) -> anyhow::Result<String> {
    Ok(std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../engine/tests/data/fide-dutch/cases/{name}.{ext}")),
    )?)
}

/// The expected pairing file with `\n` line ends.
fn expected(name: &str) -> anyhow::Result<String> {
    Ok(case(name, "expected")?.lines().map(|l| format!("{}\n", l.trim_end())).collect())
}

async fn import(to: &mut ApiClient, id: &str, trf: &str) -> anyhow::Result<Reply> {
    to.import_trf(id, trf).await
}

/// A new FIDE Dutch event (registration open) and its TO.
async fn dutch_event(app: &TestApp) -> anyhow::Result<(ApiClient, String)> {
    let (mut to, _) = app.user("Arbiter").await?;
    let body = json!({ "name": "Dutch Open", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "dutch", "total_rounds": 5 });
    let t = to.create_tournament(&body).await?.ok()?;
    let id = s(&t["tournament"], "id").to_string();
    to.advance(&id).await?.ok()?;
    Ok((to, id))
}

/// Pairing numbers by registration id, from the players list.
async fn numbers(c: &mut ApiClient, id: &str) -> anyhow::Result<std::collections::HashMap<String, u64>> {
    let v = c.players(id).await?.ok()?;
    Ok(v["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| (s(p, "id").to_string(), p["pairing_no"].as_u64().unwrap_or(0)))
        .collect())
}

/// A published round as engine-format text: pairs, then `WHITE BLACK` by
/// pairing number in table order, the PAB as `ID 0`.
async fn as_text(c: &mut ApiClient, id: &str, published: &Value) -> anyhow::Result<String> {
    let no = numbers(c, id).await?;
    let seat = |p: &Value, k: &str| no.get(s(&p[k], "id")).copied().unwrap_or(0);
    let rows = published["round"]["pairings"].as_array().cloned().unwrap_or_default();
    let mut boards: Vec<&Value> = rows.iter().filter(|p| !p["player2"].is_null()).collect();
    boards.sort_by_key(|p| p["table"].as_u64());
    let pab: Vec<&Value> = rows.iter().filter(|p| p["player2"].is_null() && s(p, "result") == "BYE").collect();
    let mut out = format!("{}\n", boards.len() + pab.len());
    for b in boards {
        out.push_str(&format!("{} {}\n", seat(b, "player1"), seat(b, "player2")));
    }
    for b in pab {
        out.push_str(&format!("{} 0\n", seat(b, "player1")));
    }
    Ok(out)
}

async fn pair_next(to: &mut ApiClient, id: &str) -> anyhow::Result<Reply> {
    let r = to.new_round(id).await?.ok()?;
    to.pair_round(s(&r["round"], "id")).await
}

/// The engine's pairing of the next round of an exported TRF.
async fn pairing_of_export(c: &mut ApiClient, id: &str) -> anyhow::Result<String> {
    let reply = c.trf(id).await?;
    anyhow::ensure!(reply.status.is_success(), "export: {}", reply.status);
    let trf = Trf::parse(&reply.text)?;
    Ok(pairing_text(&pair(&trf.next_round_input()?)?))
}

#[actix_web::test]
async fn imported_reference_cases_are_paired_exactly_as_published_and_exported_back() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    // Forfeits, half- and zero-point byes, black1; 3-1-0 points; 150 players; no legal pairing.
    for name in ["d0005-r05", "d0011-r03", "L0001-r07", "x0021-r11"] {
        let (mut to, id) = dutch_event(&app).await?;
        let source = case(name, "trf")?;
        let imported = import(&mut to, &id, &source).await?.ok()?;
        let round: u64 = name[name.len() - 2..].parse()?;
        assert_eq!(imported["rounds"].as_u64(), Some(round - 1), "{name}");
        let published = pair_next(&mut to, &id).await?;
        if expected(name)?.trim() == "exit 1" {
            assert_eq!((published.status.as_u16(), published.code()), (409, "no_legal_pairing"), "{name}");
            continue;
        }
        let published = published.ok()?;
        assert_eq!(as_text(&mut to, &id, &published).await?, expected(name)?, "{name}: the server's pairing");
        // The export (closed rounds, and this round's byes) pairs the same in the engine…
        assert_eq!(pairing_of_export(&mut to, &id).await?, expected(name)?, "{name}: the exported TRF");
        // …and records every earlier round as the source did.
        let export = Trf::parse(&to.trf(&id).await?.text)?;
        let original = Trf::parse(&source)?;
        for p in original.players() {
            let (_, q) =
                export.player(p.number).ok_or_else(|| anyhow::anyhow!("{name}: player {} missing", p.number))?;
            let before = (round - 1) as usize;
            let played =
                |r: &[Option<arbiter_engine::model::RoundRecord>]| r.iter().take(before).copied().collect::<Vec<_>>();
            assert_eq!(
                (played(&q.rounds), q.points, &q.name),
                (played(&p.rounds), p.points, &p.name),
                "{name}: player {}",
                p.number
            );
        }
    }
    Ok(())
}

#[actix_web::test]
async fn a_dutch_event_with_byes_and_a_withdrawal_is_paired_by_rating_and_exports_consistently() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"];
    let mut e = Event::start(&app, "chess", "dutch", &names, json!({ "total_rounds": 4 })).await?;
    // Ratings in reverse registration order: Ivy is pairing number 1, Ann number 9.
    for (k, name) in names.iter().enumerate() {
        let rating = 1500 + 100 * k as u32;
        e.to.send(
            Method::PUT,
            &format!("/api/players/{}/profile", e.id_of(name)),
            Some(&json!({ "profile": { "rating": rating } })),
        )
        .await?
        .ok()?;
    }
    // Cat asks for a half-point bye in round 2; the TO gives Dan a zero-point bye then.
    let cat = names.iter().position(|n| *n == "Cat").unwrap_or(0);
    let bye = e.players[cat].0.request_bye(&e.id, 2, "half").await?.ok()?;
    assert_eq!((s(&bye["bye"], "kind"), s(&bye["bye"], "requested_by")), ("half", "player"));
    e.to.arrange_bye(&e.id_of("Dan"), 2, "zero").await?.ok()?;
    let listed = e.to.byes(&e.id).await?.ok()?;
    assert_eq!(listed["byes"].as_array().map(Vec::len), Some(2));

    // Round 1 (C.04.3): S1 = 1-4 against S2 = 5-8 in order, the PAB to 9 (the lowest);
    // pairing number 1 has the initial colour (XXC of the export), alternating down the boards.
    let export = e.to.trf(&e.id).await?.text;
    let white1 = export.contains("XXC white1");
    let r1 = e.pair_next().await?;
    let want: String = [(1, 5), (2, 6), (3, 7), (4, 8)]
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| if (k % 2 == 0) == white1 { format!("{a} {b}\n") } else { format!("{b} {a}\n") })
        .collect();
    assert_eq!(as_text(&mut e.to, &e.id, &r1).await?, format!("5\n{want}9 0\n"));
    let no = numbers(&mut e.to, &e.id).await?;
    assert_eq!(no.get(&e.id_of("Ivy")), Some(&1));
    assert_eq!(no.get(&e.id_of("Ann")), Some(&9));

    // Higher numbers win on every board.
    for p in r1["round"]["pairings"].as_array().cloned().unwrap_or_default().iter().filter(|p| !p["player2"].is_null())
    {
        let white_higher = no.get(s(&p["player1"], "id")) < no.get(s(&p["player2"], "id"));
        e.report_and_confirm(p, &json!({ "result": if white_higher { "1-0" } else { "0-1" } })).await?;
    }
    e.close(&r1["round"]).await?;

    // Round 2: Cat and Dan are out with their byes; the server pairs as the engine pairs the export.
    let want = pairing_of_export(&mut e.to, &e.id).await?;
    let r2 = e.pair_next().await?;
    assert_eq!(as_text(&mut e.to, &e.id, &r2).await?, want);
    let rows = r2["round"]["pairings"].as_array().cloned().unwrap_or_default();
    let bye_of = |name: &str| {
        rows.iter()
            .find(|p| s(&p["player1"], "id") == e.id_of(name) && p["player2"].is_null())
            .map(|p| s(p, "result").to_string())
    };
    assert_eq!((bye_of("Cat"), bye_of("Dan")), (Some("HALF_BYE".into()), Some("ZERO_BYE".into())));
    let st = e.standings().await?;
    let score = |name: &str| {
        st["players"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|r| s(r, "display_name") == name)
            .map(|r| s(r, "score").to_string())
    };
    // Cat (number 7) lost round 1 to number 3 and has ½ for the bye; Dan (number 6) lost to 2, nothing for his.
    assert_eq!((score("Cat"), score("Dan")), (Some("0.5".into()), Some("0.0".into())));

    // A bye cannot be arranged or cancelled once its round is paired.
    let late = e.players[cat].0.send(Method::DELETE, &format!("/api/tournaments/{}/byes/2", e.id), None).await?;
    assert_eq!((late.status.as_u16(), late.code()), (409, "round_already_paired"));
    for p in rows.iter().filter(|p| !p["player2"].is_null()) {
        e.report_and_confirm(p, &json!({ "result": "½-½" })).await?;
    }
    e.close(&r2["round"]).await?;

    // Eve withdraws: she is not paired in round 3, and the export marks her out.
    let eve = names.iter().position(|n| *n == "Eve").unwrap_or(0);
    e.players[eve].0.drop_out(&e.id).await?.ok()?;
    let want = pairing_of_export(&mut e.to, &e.id).await?;
    let r3 = e.pair_next().await?;
    assert_eq!(as_text(&mut e.to, &e.id, &r3).await?, want);
    let eve_id = e.id_of("Eve");
    assert!(!r3["round"]["pairings"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|p| s(&p["player1"], "id") == eve_id || s(&p["player2"], "id") == eve_id));
    Ok(())
}

#[actix_web::test]
async fn bye_and_trf_refusals_say_why_and_change_nothing() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = Event::start(&app, "chess", "dutch", &["A", "B", "C"], json!({ "total_rounds": 3 })).await?;
    let mut rr = Event::start(&app, "chess", "round_robin", &["D", "E"], json!({})).await?;
    let (mut empty_to, empty) = dutch_event(&app).await?;
    let before = app.fingerprint().await?;
    let t = e.id.clone();
    let a = e.players[0].1.clone();
    let checks: Vec<(Reply, u16, &str)> = vec![
        (
            e.players[0].0.post(&format!("/api/tournaments/{t}/byes"), &json!({ "round": 2, "kind": "full" })).await?,
            403,
            "full_bye_by_organiser",
        ),
        (
            e.players[0]
                .0
                .post(&format!("/api/tournaments/{t}/byes"), &json!({ "round": 2, "kind": "quarter" }))
                .await?,
            422,
            "invalid_bye_kind",
        ),
        (
            e.players[0].0.post(&format!("/api/tournaments/{t}/byes"), &json!({ "round": 4, "kind": "half" })).await?,
            422,
            "invalid_round",
        ),
        (
            e.players[0].0.post(&format!("/api/tournaments/{t}/byes"), &json!({ "round": 2 })).await?,
            400,
            "invalid_json",
        ),
        (
            e.players[0].0.send(Method::DELETE, &format!("/api/tournaments/{t}/byes/2"), None).await?,
            404,
            "bye_not_found",
        ),
        (
            e.players[1].0.post(&format!("/api/players/{a}/byes"), &json!({ "round": 2, "kind": "half" })).await?,
            403,
            "not_tournament_organiser",
        ),
        (
            rr.players[0]
                .0
                .post(&format!("/api/tournaments/{}/byes", rr.id), &json!({ "round": 1, "kind": "half" }))
                .await?,
            409,
            "byes_not_offered",
        ),
        (import(&mut e.players[0].0, &empty, "XXR 5\n").await?, 403, "not_tournament_organiser"),
        (import(&mut e.to, &t, &case("d0005-r05", "trf")?).await?, 409, "trf_import_needs_empty_event"),
        (
            import(&mut empty_to, &empty, "012 Open\n001    1      Somebody                          abcd\n").await?,
            422,
            "invalid_trf",
        ),
        (
            import(&mut empty_to, &empty, &format!("{}260 002 003    4    5\n", case("d0005-r05", "trf")?)).await?,
            422,
            "trf_unsupported",
        ),
        (rr.to.trf("00000000-0000-0000-0000-000000000000").await?, 404, "tournament_not_found"),
    ];
    for (k, (reply, status, code)) in checks.iter().enumerate() {
        assert_eq!((reply.status.as_u16(), reply.code()), (*status, *code), "check {k}: {}", reply.body);
        assert!(!reply.body["message"].as_str().unwrap_or_default().is_empty(), "check {k}");
    }
    let bad = import(&mut empty_to, &empty, "012 Open\n001    1      Somebody                          abcd\n").await?;
    assert!(bad.body["message"].as_str().unwrap_or_default().contains("line 2"), "{}", bad.body);
    assert_eq!(app.fingerprint().await?, before);
    // XXP: the file's forbidden pairs are imported as pairs to keep apart.
    import(&mut empty_to, &empty, &format!("{}XXP    1    2    3\n", case("d0005-r05", "trf")?)).await?.ok()?;
    let kept = empty_to.get(&format!("/api/tournaments/{empty}/constraints")).await?.ok()?;
    assert_eq!(kept["avoid"].as_array().map(Vec::len), Some(3), "1–2, 1–3 and 2–3: {kept}");
    Ok(())
}

/// Eight players, no round played, five rounds, as a TRF.
fn eight_players() -> String {
    use arbiter_engine::model::{Colour, PlayerNo, Points};
    use arbiter_engine::trf::{Line, LineEnding, PlayerLine, RoundsTag};
    let mut lines = vec![
        Line::TotalRounds { tag: RoundsTag::Xxr, rounds: 5 },
        Line::Configuration { initial_colour: Some(Colour::White), rank: false },
    ];
    for n in 1..=8_u32 {
        lines.push(Line::Player(PlayerLine {
            number: PlayerNo(n),
            sex: String::new(),
            title: String::new(),
            name: format!("Player {n}"),
            rating: Some(2400 - 50 * n),
            federation: String::new(),
            fide_id: String::new(),
            birth_date: String::new(),
            points: Points::ZERO,
            rank: None,
            rounds: Vec::new(),
        }));
    }
    Trf { lines }.to_text(LineEnding::Lf)
}

/// The boards of a published round as pairs of pairing numbers, each pair sorted.
async fn boards(c: &mut ApiClient, id: &str, published: &Value) -> anyhow::Result<Vec<(u64, u64)>> {
    let no = numbers(c, id).await?;
    let mut out: Vec<(u64, u64)> = published["round"]["pairings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| !p["player2"].is_null())
        .map(|p| {
            let (a, b) = (no[s(&p["player1"], "id")], no[s(&p["player2"], "id")]);
            (a.min(b), a.max(b))
        })
        .collect();
    out.sort_unstable();
    Ok(out)
}

/// Baku acceleration (FIDE C.04.7 art. 1) as an event setting, worked by
/// hand for 8 players and 5 rounds: group A is the first 2·⌈8/4⌉ = 4
/// pairing numbers; the first ⌈5/2⌉ = 3 rounds are accelerated, group A
/// holding 1 virtual point in rounds 1–2 and ½ in round 3. Round 1 then
/// pairs 1–4 among themselves (1–3, 2–4) and 5–8 (5–7, 6–8), not 1–5 … 4–8.
/// The virtual points never reach the standings; the setting is fixed once
/// round 1 is paired; the TRF export carries them as `XXA` lines, and an
/// event imported from that file pairs round 1 the same.
#[actix_web::test]
async fn baku_acceleration_pairs_the_top_half_together_first() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let (mut to, id) = dutch_event(&app).await?;
    import(&mut to, &id, &eight_players()).await?.ok()?;
    let settings = format!("/api/tournaments/{id}/settings");
    let set = to.send(Method::PATCH, &settings, Some(&json!({ "acceleration": "baku" }))).await?.ok()?;
    assert_eq!(s(&set["tournament"], "acceleration"), "baku");
    assert_eq!(s(&set["changes"][0], "field"), "acceleration");
    bad_requests_leave_nothing(&app, &mut to, &settings).await?;
    to.advance(&id).await?.ok()?;
    to.advance(&id).await?.ok()?;
    let round = s(&to.new_round(&id).await?.ok()?["round"], "id").to_string();
    let published = to.pair_round(&round).await?.ok()?;
    assert_eq!(boards(&mut to, &id, &published).await?, [(1, 3), (2, 4), (5, 7), (6, 8)]);

    // Fixed from now on; the standings show real points only.
    let before = app.fingerprint().await?;
    let r = to.send(Method::PATCH, &settings, Some(&json!({ "acceleration": "none" }))).await?;
    super::super::undo::refused(&app, &before, &r, 409, "setting_locked").await;
    assert!(s(&r.body, "message").contains("C.04.7"), "{}", r.body);
    let standings = to.standings(&id).await?.ok()?;
    assert!(standings["players"].as_array().into_iter().flatten().all(|p| s(p, "score") == "0.0"), "{standings}");

    // The export carries the virtual points; the engine pairs it the same,
    // and so does an event imported from it.
    let trf = to.trf(&id).await?.text;
    let xxa: Vec<&str> = trf.split(['\r', '\n']).filter(|l| l.starts_with("XXA")).collect();
    assert_eq!(xxa.len(), 4, "{trf}");
    assert!(xxa[0].split_whitespace().collect::<Vec<_>>() == ["XXA", "1", "1.0", "1.0", "0.5"], "{xxa:?}");
    let engine = pair(&Trf::parse(&trf)?.round_input(1)?)?;
    let mut by_engine: Vec<(u64, u64)> = pairing_text(&engine)
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut it = l.split_whitespace().map(|x| x.parse::<u64>().unwrap_or(0));
            let (a, b) = (it.next()?, it.next()?);
            (b != 0).then_some((a.min(b), a.max(b)))
        })
        .collect();
    by_engine.sort_unstable();
    assert_eq!(by_engine, [(1, 3), (2, 4), (5, 7), (6, 8)]);
    let (mut to2, id2) = dutch_event(&app).await?;
    import(&mut to2, &id2, &trf).await?.ok()?;
    let t2 = to2.tournament(&id2).await?.ok()?;
    assert_eq!(s(&t2["tournament"], "acceleration"), "given");
    to2.advance(&id2).await?.ok()?;
    to2.advance(&id2).await?.ok()?;
    let round2 = s(&to2.new_round(&id2).await?.ok()?["round"], "id").to_string();
    let again = to2.pair_round(&round2).await?.ok()?;
    assert_eq!(boards(&mut to2, &id2, &again).await?, [(1, 3), (2, 4), (5, 7), (6, 8)]);
    app.stop().await;
    Ok(())
}

/// Refusals of the acceleration setting, each leaving the database unchanged.
async fn bad_requests_leave_nothing(app: &TestApp, to: &mut ApiClient, settings: &str) -> anyhow::Result<()> {
    let (mut other, _) = app.user("Stranger").await?;
    let before = app.fingerprint().await?;
    let r = to.send(Method::PATCH, settings, Some(&json!({ "acceleration": "fast" }))).await?;
    super::super::undo::refused(app, &before, &r, 422, "invalid_field").await;
    let r = other.send(Method::PATCH, settings, Some(&json!({ "acceleration": "none" }))).await?;
    super::super::undo::refused(app, &before, &r, 403, "not_tournament_organiser").await;
    let (mut to40k, _) = app.user("Forty").await?;
    let body = json!({ "name": "40K", "event_date": "2026-05-17", "format": "GT", "game": "wh40k", "pairing_system": "swiss_record", "total_rounds": 3 });
    let t = to40k.create_tournament(&body).await?.ok()?;
    let path = format!("/api/tournaments/{}/settings", s(&t["tournament"], "id"));
    let before = app.fingerprint().await?;
    let r = to40k.send(Method::PATCH, &path, Some(&json!({ "acceleration": "baku" }))).await?;
    super::super::undo::refused(app, &before, &r, 422, "invalid_field").await;
    Ok(())
}

/// Baku acceleration with a late entry (FIDE C.04.7, late entries): "The
/// last GA-player shall be the same as in the previous round"; "After the
/// first round, GA may contain an odd number of players". 20 players rated
/// 2600, 2580, … 2220 (P01 … P20), 5 rounds: before round 1 GA is
/// 2·⌈20/4⌉ = 10 players, P01–P10, the last GA player P10; the accelerated
/// rounds are ⌈5/2⌉ = 3, with 1 virtual point in rounds 1–2 and ½ in round
/// 3. After round 1 a 2700 player enters late and takes pairing number 1
/// (C.04.2, by rating): GA is the late entry and P01–P10, pairing numbers
/// 1–11 of the new list, each with 1.0 1.0 0.5; P11 (number 12) stays in GB
/// although 2·⌈21/4⌉ = 12. Round 2 is paired as the engine pairs the
/// exported file.
#[actix_web::test]
async fn baku_group_a_stays_fixed_when_a_late_entry_joins() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let names: Vec<String> = (1..=20).map(|k| format!("P{k:02}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut e = super::Event::start(&app, "chess", "dutch", &refs, json!({ "total_rounds": 5 })).await?;
    for (k, name) in names.iter().enumerate() {
        let rating = 2600 - 20 * k as u32;
        let path = format!("/api/players/{}/profile", e.id_of(name));
        e.to.send(Method::PUT, &path, Some(&json!({ "profile": { "rating": rating } }))).await?.ok()?;
    }
    let settings = format!("/api/tournaments/{}/settings", e.id);
    e.to.send(Method::PATCH, &settings, Some(&json!({ "acceleration": "baku" }))).await?.ok()?;
    let r1 = e.pair_next().await?;
    // Round 1: GA (1–10) pairs among itself, 1–6 … 5–10, and GB 11–16 … 15–20.
    assert_eq!(
        boards(&mut e.to, &e.id, &r1).await?,
        [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10), (11, 16), (12, 17), (13, 18), (14, 19), (15, 20)]
    );
    let no = numbers(&mut e.to, &e.id).await?;
    for p in r1["round"]["pairings"].as_array().cloned().unwrap_or_default().iter().filter(|p| !p["player2"].is_null())
    {
        let white_higher = no.get(s(&p["player1"], "id")) < no.get(s(&p["player2"], "id"));
        e.report_and_confirm(p, &json!({ "result": if white_higher { "1-0" } else { "0-1" } })).await?;
    }
    e.close(&r1["round"]).await?;

    let late = json!({ "display_name": "Late", "profile": { "rating": 2700 } });
    let added = e.to.post(&format!("/api/tournaments/{}/entries", e.id), &late).await?.ok()?;
    assert_eq!(added["missed"], "zero");

    let trf = e.to.trf(&e.id).await?.text;
    let file = Trf::parse(&trf)?;
    let name_of = |n: u32| file.player(arbiter_engine::model::PlayerNo(n)).map(|(_, p)| p.name.clone());
    assert_eq!((name_of(1), name_of(11), name_of(12)), (Some("Late".into()), Some("P10".into()), Some("P11".into())));
    let xxa: Vec<Vec<&str>> =
        trf.split(['\r', '\n']).filter(|l| l.starts_with("XXA")).map(|l| l.split_whitespace().collect()).collect();
    let ga: Vec<&str> = xxa.iter().map(|l| l[1]).collect();
    let want: Vec<String> = (1..=11).map(|n| n.to_string()).collect();
    assert_eq!(ga, want, "{trf}");
    assert!(xxa.iter().all(|l| l[2..] == ["1.0", "1.0", "0.5"]), "{xxa:?}");

    let want = pairing_of_export(&mut e.to, &e.id).await?;
    let r2 = e.pair_next().await?;
    assert_eq!(as_text(&mut e.to, &e.id, &r2).await?, want);
    app.stop().await;
    Ok(())
}
