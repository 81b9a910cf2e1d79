//! A 5-round event and a later event played over HTTP: ratings live after
//! every close, a dropped player keeps the games played before dropping, an
//! override in a closed round re-rates every later round of both events, and
//! the rebuild lands on the same numbers (also from empty rating tables).

use super::*;
use arbiter_tests::Api;

/// Event A: 7 players (a bye every round until Gus drops after round 2),
/// 5 rounds. Event B: 4 of them, 1 round, closed after A's round 5. Then the
/// TO reverses a result of A's round 2.
async fn rebuild_reproduces_live_ratings(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let (mut to, _) = organiser(&app).await?;
    let mut ps = players(&app, &["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]).await?;
    let users: Vec<String> = ps.iter().map(|p| p.user.clone()).collect();
    let gus = users[6].clone();

    let a = start_event(&mut to, "Spring GT", 5, &mut ps).await?;
    let mut closed: Vec<Value> = Vec::new();
    for number in 1..=5 {
        let id = play_round(&mut to, &mut ps, &a, number).await?;
        if number == 5 {
            // An override while the round is open moves no rating: the close rates it.
            let open = round(&mut to, &id).await?;
            let table = &open["pairings"][0];
            let same = json!({ "player1_vp": table["player1_vp"], "player2_vp": table["player2_vp"] });
            let path = format!("/api/pairings/{}/override", s(table, "id"));
            let reply = to.post(&path, &same).await?.ok()?;
            assert!(reply["ratings"].is_null() && reply["pairing"]["to_override"] == true, "{reply}");
        }
        to.close_round(&id).await?.ok()?;
        closed.push(round(&mut to, &id).await?);
        // Rated at the close: the ratings are live before the next round exists.
        assert_live_matches(&mut to, &users, &closed).await?;
        if number == 2 {
            client_of(&mut ps, &gus)?.drop_out(&a).await?.ok()?;
        }
    }
    let byes: Vec<(String, String)> = closed
        .iter()
        .flat_map(|r| {
            r["pairings"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["player2"].is_null())
                .map(|p| (s(r, "id").to_string(), s(&p["player1"], "user_id").to_string()))
        })
        .collect();
    assert_eq!(byes.len(), 2, "7 players give a bye in rounds 1 and 2");

    let mut four: Vec<Player> = ps.drain(..4).collect();
    let b = start_event(&mut to, "Summer RTT", 3, &mut four).await?;
    let b1 = play_round(&mut to, &mut four, &b, 1).await?;
    to.close_round(&b1).await?.ok()?;
    closed.push(round(&mut to, &b1).await?);
    assert_live_matches(&mut to, &users, &closed).await?;

    // The TO reverses a decided result of round 2 of event A.
    let target = closed[1]["pairings"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| s(p, "result") != "BYE" && s(p, "result") != "DRAW")
        .cloned();
    let target = target.ok_or_else(|| anyhow::anyhow!("round 2 has no decided game"))?;
    let (vp1, vp2) = (target["player2_vp"].as_u64().unwrap_or(0), target["player1_vp"].as_u64().unwrap_or(0));
    let reply = to
        .override_result(s(&target, "id"), &json!({ "player1_vp": vp1, "player2_vp": vp2, "note": "score sheet" }))
        .await?
        .ok()?;
    let rerated = &reply["ratings"];
    assert_eq!(
        (rerated["cause"].as_str(), rerated["rounds_rated"].as_u64()),
        (Some("result_overridden"), Some(5)),
        "{reply}"
    );
    let movers = rerated["changes"].as_array().cloned().unwrap_or_default();
    assert!(
        movers.iter().any(|c| c["user_id"] == target["player1"]["user_id"])
            && movers.iter().any(|c| c["user_id"] == target["player2"]["user_id"])
    );
    closed[1] = round(&mut to, s(&closed[1], "id")).await?;
    assert_live_matches(&mut to, &users, &closed).await?;
    let overridden = events(&mut to, &a, "ratings_changed").await?;
    assert_eq!(overridden.len(), 6, "five closes and the override");
    assert_eq!(overridden[5]["data"]["ratings"], *rerated);
    assert_eq!(events(&mut to, &b, "ratings_changed").await?.len(), 1);

    // Gus dropped after round 2: only his games of rounds 1 and 2 are rated.
    let gus_view = to.user_ratings(&gus).await?.ok()?;
    let gus_rounds: Vec<&str> =
        gus_view["ratings"][0]["history"].as_array().into_iter().flatten().map(|h| s(h, "round_id")).collect();
    assert!(
        !gus_rounds.is_empty() && gus_rounds.iter().all(|r| *r == s(&closed[0], "id") || *r == s(&closed[1], "id")),
        "{gus_rounds:?}"
    );
    // A bye is not a rated game.
    for (round_id, user) in &byes {
        let v = to.user_ratings(user).await?.ok()?;
        assert!(v["ratings"][0]["history"].as_array().into_iter().flatten().all(|h| s(h, "round_id") != round_id));
    }

    // The leaderboard lists all 7, best first, with shared places for equal ratings.
    let board = to.get("/api/ratings/wh40k").await?.ok()?;
    let lines = board["players"].as_array().cloned().unwrap_or_default();
    assert_eq!((board["total"].as_u64(), lines.len()), (Some(7), 7));
    for (i, line) in lines.iter().enumerate() {
        let tied = i > 0 && lines[i - 1]["rating"] == line["rating"];
        let rank = if tied { lines[i - 1]["rank"].as_u64() } else { Some(i as u64 + 1) };
        assert_eq!(line["rank"].as_u64(), rank);
        assert!(i == 0 || lines[i - 1]["rating"].as_i64() >= line["rating"].as_i64());
    }
    assert_eq!(to.get("/api/ratings/backgammon").await?.code(), "unknown_game");
    assert_eq!(to.user_ratings(&uuid::Uuid::new_v4().to_string()).await?.code(), "user_not_found");
    assert_eq!(to.get(&format!("/users/{}", users[0])).await?.status.as_u16(), 200);
    assert_eq!(to.get("/ratings/wh40k").await?.status.as_u16(), 200);

    // The rebuild, against the same database: nothing to change.
    let snapshot = live(&mut to, &users).await?;
    let report = rebuild_at(&app.database_url).await?;
    assert_eq!(describe(&report), "wh40k: 6 rounds rated; no change\n");
    assert_eq!(live(&mut to, &users).await?, snapshot);

    // From empty rating tables, it lands on the same ratings and history.
    let games = sql(
        &app.database_url,
        &["SELECT COUNT(*) AS n FROM elo_history", "DELETE FROM elo_history", "DELETE FROM player_elo"],
    )
    .await?[0];
    let report = rebuild_at(&app.database_url).await?;
    assert_eq!((report.len(), report[0].rows_changed as i64, report[0].changes.len()), (1, games, 7));
    assert_eq!(live(&mut to, &users).await?, snapshot);

    // And with no record of the rating periods either (rounds closed before
    // ratings existed): the closed rounds are found and rated in close order.
    sql(&app.database_url, &["DELETE FROM elo_history", "DELETE FROM player_elo", "DELETE FROM rated_rounds"]).await?;
    let report = rebuild_at(&app.database_url).await?;
    assert_eq!((report[0].adopted, report[0].rounds), (6, 6));
    assert_eq!(live(&mut to, &users).await?, snapshot);
    assert_eq!(describe(&rebuild_at(&app.database_url).await?), "wh40k: 6 rounds rated; no change\n");
    app.stop().await;
    Ok(())
}

#[actix_web::test]
async fn rebuild_reproduces_live_ratings_sqlite() -> anyhow::Result<()> {
    rebuild_reproduces_live_ratings(Backend::Sqlite).await
}

#[actix_web::test]
async fn rebuild_reproduces_live_ratings_postgres() -> anyhow::Result<()> {
    rebuild_reproduces_live_ratings(Backend::Postgres).await
}
