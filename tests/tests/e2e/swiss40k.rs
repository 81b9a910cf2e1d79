//! Record-based Swiss for 40K over HTTP, as the seed writes it
//! (`wh40k-tournament-manager.md`, "Swiss Pairing Algorithm"): "Sort: wins
//! DESC → margin DESC → SOS DESC → registration order", fold each W-L-D
//! group, "if a proposed pair has already played, swap with the adjacent
//! pair", and the matching variant as the event's option.

use super::games::Event;
use arbiter_tests::{s, Api, TestApp};
use serde_json::{json, Value};

/// The tables of a pairing publication as "A–C" (player 1 first), and the bye.
fn tables(published: &Value) -> Vec<String> {
    published["round"]["pairings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| format!("{}–{}", s(&p["player1"], "name"), p["player2"]["name"].as_str().unwrap_or("BYE")))
        .collect()
}

/// Plays a round: each table's VP from `vp` by player 1's name.
async fn play(e: &mut Event, published: &Value, vp: &[(&str, u32, u32)]) -> anyhow::Result<()> {
    for p in published["round"]["pairings"].as_array().cloned().unwrap_or_default() {
        let (a, b) = vp.iter().find(|x| x.0 == s(&p["player1"], "name")).map_or((50, 50), |x| (x.1, x.2));
        e.report_and_confirm(&p, &json!({ "player1_vp": a, "player2_vp": b })).await?;
    }
    e.close(&published["round"]).await
}

const EIGHT: [&str; 8] = ["A", "B", "C", "D", "E", "F", "G", "H"];
/// Round 1 of the example: A 60–50, B 70–60, C 60–50, D 60–50.
const ROUND_ONE: [(&str, u32, u32); 4] = [("A", 60, 50), ("B", 70, 60), ("C", 60, 50), ("D", 60, 50)];

/// Eight players A–H registered in that order; round 1 folds A–E, B–F, C–G,
/// D–H. After A 60–50, B 70–60, C 60–50, D 60–50 the winners are level on
/// wins, margin (+10) and SOS (their opponents won nothing), so the seed's
/// registration order decides: A, B, C, D, and the fold pairs A–C and B–D
/// (and E–G, F–H among the losers, level the same way).
#[actix_web::test]
async fn the_seeds_example_pairs_a_c_and_b_d() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = Event::start(&app, "wh40k", "swiss_record", &EIGHT, json!({ "total_rounds": 3 })).await?;
    let r1 = e.pair_next().await?;
    assert_eq!(tables(&r1), ["A–E", "B–F", "C–G", "D–H"]);
    play(&mut e, &r1, &ROUND_ONE).await?;
    let r2 = e.pair_next().await?;
    assert_eq!(tables(&r2), ["A–C", "B–D", "E–G", "F–H"]);
    assert_eq!(r2["warnings"], json!([]));
    app.stop().await;
    Ok(())
}

/// The same event with the matching variant chosen: it pairs in the
/// standings' order, where total VP comes before registration (B's 70 VP
/// first; F's 60 first among the losers).
#[actix_web::test]
async fn the_matching_variant_pairs_in_standings_order() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let standings = json!({ "game": "wh40k", "tiebreaks": ["vp_margin", "strength_of_schedule", "total_vp"], "pairing": "matching" });
    let mut e =
        Event::start(&app, "wh40k", "swiss_record", &EIGHT, json!({ "total_rounds": 3, "standings": standings }))
            .await?;
    let r1 = e.pair_next().await?;
    play(&mut e, &r1, &ROUND_ONE).await?;
    let r2 = e.pair_next().await?;
    assert_eq!(tables(&r2), ["B–C", "A–D", "F–G", "E–H"]);
    let st = e.standings().await?;
    let order: Vec<&str> = st["players"].as_array().into_iter().flatten().map(|r| s(r, "display_name")).collect();
    assert_eq!(order, ["B", "A", "C", "D", "F", "E", "G", "H"], "the standings rank total VP before registration");
    app.stop().await;
    Ok(())
}

/// Four players, three rounds. R1 A–C, B–D (A and D win); R2 A–D, B–C (A
/// and C win). R3 order: A (2-0); C and D (1-1, margin 0, SOS ½: C
/// registered first); B (0-2). The fold drops A into [A, C, D], which drops
/// D into [D, B]: A–C and D–B, both played in round 1, and no adjacent pair
/// to swap with. The procedure cannot avoid the rematches, so the round is
/// paired by a search, which finds A–B and C–D, with a warning to the TO.
#[actix_web::test]
async fn a_rematch_the_fold_cannot_avoid_falls_back_to_a_search_with_a_warning() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e =
        Event::start(&app, "wh40k", "swiss_record", &["A", "B", "C", "D"], json!({ "total_rounds": 3 })).await?;
    let r1 = e.pair_next().await?;
    assert_eq!(tables(&r1), ["A–C", "B–D"]);
    play(&mut e, &r1, &[("A", 60, 40), ("B", 40, 60)]).await?;
    let r2 = e.pair_next().await?;
    assert_eq!(tables(&r2), ["A–D", "B–C"]);
    play(&mut e, &r2, &[("A", 60, 40), ("B", 40, 60)]).await?;
    let r3 = e.pair_next().await?;
    assert_eq!(tables(&r3), ["A–B", "C–D"]);
    let warnings: Vec<&str> = r3["warnings"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("would repeat 2 game(s)") && warnings[0].contains("avoids them all"), "{warnings:?}");
    app.stop().await;
    Ok(())
}

/// Issue 32, points 4 and 5: the pairing groups players by the records the
/// standings show. After round 1 (A 60–50 E, B 70–60 F, C 60–50 G, D 60–50
/// H) a penalty takes A's win away (A 0-0-0), and two late entries join: L
/// with its missed round counted as a loss (0-1) and M with it not counted
/// (0-0-0). Seed order, "wins DESC → margin DESC → SOS DESC → registration
/// order": B, C, D (1 win, +10); A (0 wins, +10); L, M (margin 0, SOS 0, L
/// registered first); E, F, G, H (−10, SOS 1). "Group players by W-L-D
/// record": 1-0 {B, C, D}, 0-0-0 {A, M}, 0-1 {L, E, F, G, H}; "If odd count
/// in group, drop bottom player to next group": B–C, D drops; [D, A, M]:
/// D–A, M drops; [M, L, E, F, G, H]: M–F, L–G, E–H. Tables by the higher
/// seed's rank: B–C, D–A, L–G, M–F, E–H. (By the games alone A would be
/// 1-0 and fold with the top group, B–D and C–A, and L and M, both without
/// a game, would play each other.)
#[actix_web::test]
async fn pairing_groups_by_the_records_the_standings_show() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = Event::start(&app, "wh40k", "swiss_record", &EIGHT, json!({ "total_rounds": 3 })).await?;
    let r1 = e.pair_next().await?;
    assert_eq!(tables(&r1), ["A–E", "B–F", "C–G", "D–H"]);
    play(&mut e, &r1, &ROUND_ONE).await?;
    let penalty = json!({ "kind": "wins", "amount": -1, "reason": "Slow play", "round": 1 });
    e.to.post(&format!("/api/players/{}/adjustments", e.id_of("A")), &penalty).await?.ok()?;
    let entries = format!("/api/tournaments/{}/entries", e.id);
    for (name, missed) in [("L", "loss"), ("M", "absent")] {
        e.to.post(&entries, &json!({ "display_name": name, "faction": "Orks", "missed": missed })).await?.ok()?;
    }
    let standings = e.to.standings(&e.id).await?.ok()?;
    let record = |name: &str| {
        standings["players"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|p| s(p, "display_name") == name)
            .map(|p| (p["wins"].as_u64(), p["losses"].as_u64()))
    };
    assert_eq!(
        (record("A"), record("L"), record("M")),
        (Some((Some(0), Some(0))), Some((Some(0), Some(1))), Some((Some(0), Some(0))))
    );
    let r2 = e.pair_next().await?;
    assert_eq!(tables(&r2), ["B–C", "D–A", "L–G", "M–F", "E–H"]);
    assert_eq!(r2["warnings"], json!([]));
    app.stop().await;
    Ok(())
}
