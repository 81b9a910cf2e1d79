//! Regression tests for the second security probe (issue 29), one or more per
//! finding: a judge deciding their own game, client integers at their
//! extremes, backup files, hostile restores, roster imports, sign-in limits,
//! code guessing, the QR code's address and the leftovers.

use super::undo::refused;
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use serde_json::json;

/// A player of `ev` (by index) who joins its staff as a judge.
async fn player_as_judge(ev: &mut Event, i: usize) -> anyhow::Result<()> {
    let r = ev.to.post(&format!("/api/tournaments/{}/staff/invites", ev.tid), &json!({ "role": "JUDGE" })).await?;
    let code = s(&r.ok()?, "code").to_string();
    ev.players[i].post_empty(&format!("/api/staff-invites/{code}")).await?.ok()?;
    Ok(())
}

/// Issue 29, point 2: a judge who also plays neither overrides their own
/// table (before or after a dispute) nor adjusts their own score: 403
/// `own_game`, nothing changed. The opponent still reports, an organiser
/// decides the dispute, and the judge still decides other tables.
async fn a_judge_does_not_decide_their_own_game(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let mut ev = Event::start(&app.base, "J", 4, 3).await?;
    player_as_judge(&mut ev, 0).await?;
    let (_, tables) = ev.pair_next().await?;
    let own = tables.iter().find(|t| t.p1 == 0 || t.p2 == 0).cloned().expect("the judge plays");
    let other = tables.iter().find(|t| t.p1 != 0 && t.p2 != 0).cloned().expect("another table");
    let opponent = if own.p1 == 0 { own.p2 } else { own.p1 };
    let judge_wins = if own.p1 == 0 {
        json!({ "player1_vp": 90, "player2_vp": 0 })
    } else {
        json!({ "player1_vp": 0, "player2_vp": 90 })
    };

    let before = app.fingerprint().await?;
    let r = ev.players[0].override_result(&own.id, &judge_wins).await?;
    refused(&app, &before, &r, 403, "own_game").await;
    assert!(s(&r.body, "message").contains("an organiser decides"), "{}", r.body);
    let mine = ev.registrations[0].clone();
    let bonus = json!({ "kind": "vp", "amount": 20, "reason": "Painting", "round": 1 });
    let r = ev.players[0].post(&format!("/api/players/{mine}/adjustments"), &bonus).await?;
    refused(&app, &before, &r, 403, "own_game").await;
    // The opponent reports; the judge, as a player, disputes; the judge still
    // cannot decide the dispute, an organiser does.
    let opponent_wins = if own.p1 == 0 {
        json!({ "player1_vp": 40, "player2_vp": 60 })
    } else {
        json!({ "player1_vp": 60, "player2_vp": 40 })
    };
    ev.players[opponent].report(&own.id, &opponent_wins).await?.ok()?;
    ev.players[0].dispute(&own.id, &json!({})).await?.ok()?;
    let before = app.fingerprint().await?;
    let r = ev.players[0].override_result(&own.id, &judge_wins).await?;
    refused(&app, &before, &r, 403, "own_game").await;
    let decided = ev.to.override_result(&own.id, &opponent_wins).await?.ok()?;
    assert_eq!(s(&decided["pairing"], "state"), "CONFIRMED", "{decided}");

    // Another table is the judge's to decide.
    let set = ev.players[0].override_result(&other.id, &json!({ "player1_vp": 55, "player2_vp": 45 })).await?.ok()?;
    assert_eq!(s(&set["pairing"], "state"), "CONFIRMED", "{set}");
    Ok(())
}

#[actix_web::test]
async fn a_judge_does_not_decide_their_own_game_sqlite() -> anyhow::Result<()> {
    a_judge_does_not_decide_their_own_game(Backend::Sqlite).await
}

#[actix_web::test]
async fn a_judge_does_not_decide_their_own_game_postgres() -> anyhow::Result<()> {
    a_judge_does_not_decide_their_own_game(Backend::Postgres).await
}
