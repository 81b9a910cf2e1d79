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

/// Issue 29, point 3: an adjustment's bound held by `abs()`, which wraps at
/// `i64::MIN` (201 in a release build). Every edge is refused: 422
/// `invalid_adjustment` naming the range, nothing changed.
async fn adjustments_at_the_integer_edges_are_refused(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let mut ev = Event::start(&app.base, "I", 4, 3).await?;
    ev.pair_next().await?;
    let player = ev.registrations[0].clone();
    let before = app.fingerprint().await?;
    for kind in ["vp", "wins"] {
        for amount in [json!(i64::MIN), json!(i64::MIN + 1), json!(i64::MAX), json!(-10_001), json!(31)] {
            if kind == "vp" && amount == json!(31) {
                continue;
            }
            let body = json!({ "kind": kind, "amount": amount, "reason": "Edge", "round": 1 });
            let r = ev.to.post(&format!("/api/players/{player}/adjustments"), &body).await?;
            refused(&app, &before, &r, 422, "invalid_adjustment").await;
            assert!(s(&r.body, "message").contains("non-zero amount within ±"), "{kind} {amount}: {}", r.body);
        }
        // u64::MAX is no i64: the body is refused as it is read.
        let body = json!({ "kind": kind, "amount": u64::MAX, "reason": "Edge" });
        let r = ev.to.post(&format!("/api/players/{player}/adjustments"), &body).await?;
        refused(&app, &before, &r, 400, "invalid_json").await;
    }
    // The bounds themselves still pass.
    let r = ev
        .to
        .post(
            &format!("/api/players/{player}/adjustments"),
            &json!({ "kind": "vp", "amount": -10_000, "reason": "Edge" }),
        )
        .await?;
    assert_eq!(r.status.as_u16(), 201, "{}", r.body);
    Ok(())
}

#[actix_web::test]
async fn adjustments_at_the_integer_edges_are_refused_sqlite() -> anyhow::Result<()> {
    adjustments_at_the_integer_edges_are_refused(Backend::Sqlite).await
}

#[actix_web::test]
async fn adjustments_at_the_integer_edges_are_refused_postgres() -> anyhow::Result<()> {
    adjustments_at_the_integer_edges_are_refused(Backend::Postgres).await
}

/// Issue 29, point 3: a pool count of `u32::MAX` made the server allocate
/// that many empty pools (about 100 GB) before checking them. It is refused
/// at once: 422 `invalid_pools`, nothing changed; so is a size at the edge.
#[actix_web::test]
async fn a_pool_count_at_the_integer_edge_is_refused_before_any_work() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let body = json!({ "name": "Crokinole", "event_date": "2026-05-17", "format": "Open", "game": "crokinole", "pairing_system": "round_robin" });
    let mut ev = Event::build(&app.base).tournament(body).numbered("C", 6).faction("Club").start().await?;
    let path = format!("/api/tournaments/{}/pools", ev.tid);
    let before = app.fingerprint().await?;
    for body in [json!({ "count": u32::MAX }), json!({ "count": 3 }), json!({ "size": u32::MAX }), json!({ "size": 1 })]
    {
        let started = std::time::Instant::now();
        let r = undo_put(&mut ev, &path, &body).await;
        refused(&app, &before, &r, 422, "invalid_pools").await;
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "{body}: {:?}", started.elapsed());
    }
    for body in [json!({ "count": u64::MAX }), json!({ "count": -1 })] {
        let r = undo_put(&mut ev, &path, &body).await;
        refused(&app, &before, &r, 400, "invalid_json").await;
    }
    undo_put(&mut ev, &path, &json!({ "count": 2 })).await.ok()?;
    Ok(())
}

async fn undo_put(ev: &mut Event, path: &str, body: &serde_json::Value) -> arbiter_server::client::Reply {
    super::undo::put(&mut ev.to, path, body).await
}

/// The permission bits of `path`.
fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path).map(|m| m.permissions().mode() & 0o777).unwrap_or_default()
}

/// Issue 29, point 8: backups were world-readable (0644; they hold every
/// password and session hash) and a failed backup left a full `.partial`
/// copy. A backup is written 0600, and when
/// the last step fails (the destination is a directory, so the copy cannot
/// be moved there) the command fails and no `.partial` is left.
async fn backups_are_private_and_leave_nothing_when_they_fail(backend: Backend) -> anyhow::Result<()> {
    use super::backup::{arbiter, text};
    let app = TestApp::spawn_with(backend, None).await?;
    let url = app.database_url.clone();
    Event::start(&app.base, "K", 2, 1).await?;
    let dir = tempfile::tempdir()?;
    let ext = if matches!(backend, Backend::Sqlite) { "db" } else { "dump" };
    let file = dir.path().join(format!("friday.{ext}"));
    let out = arbiter(vec!["backup".into(), file.display().to_string(), "--database-url".into(), url.clone()]).await;
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(mode(&file), 0o600, "the backup is its owner's only: {:o}", mode(&file));

    // The destination is a directory: the copy is made, then cannot be moved.
    let blocked = dir.path().join(format!("blocked.{ext}"));
    std::fs::create_dir(&blocked)?;
    std::fs::write(blocked.join("keep"), b"x")?;
    let out = arbiter(vec!["backup".into(), blocked.display().to_string(), "--database-url".into(), url.clone()]).await;
    assert!(!out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("moving the backup to"), "{}", text(&out));
    let mut left: Vec<String> = std::fs::read_dir(dir.path())?
        .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect::<Result<_, _>>()?;
    left.sort();
    assert_eq!(left, [format!("blocked.{ext}"), format!("friday.{ext}")], "no .partial is left");
    app.stop().await;
    Ok(())
}

#[actix_web::test]
async fn backups_are_private_and_leave_nothing_when_they_fail_sqlite() -> anyhow::Result<()> {
    backups_are_private_and_leave_nothing_when_they_fail(Backend::Sqlite).await
}

#[actix_web::test]
async fn backups_are_private_and_leave_nothing_when_they_fail_postgres() -> anyhow::Result<()> {
    backups_are_private_and_leave_nothing_when_they_fail(Backend::Postgres).await
}

/// Runs `sql` (one statement) on the database at `url`.
async fn exec(url: &str, sql: &str) -> anyhow::Result<()> {
    use sea_orm::ConnectionTrait as _;
    let db = sea_orm::Database::connect(url).await?;
    db.execute_unprepared(sql).await?;
    db.close().await?;
    Ok(())
}

/// The names in `dir`, sorted.
fn names(dir: &std::path::Path) -> anyhow::Result<Vec<String>> {
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect::<Result<_, _>>()?;
    names.sort();
    Ok(names)
}

/// Issue 29, point 7: a backup with a planted `AFTER INSERT ON users`
/// trigger was restored (rc 0) and overwrote every password hash at the
/// next sign-up. `arbiter restore` now reads the file's schema before it
/// opens it as a database and refuses (nonzero exit, nothing restored, the
/// database in place unchanged even with `--force`): a trigger or view, a
/// file with no Arbiter tables, a migration history this version does not
/// have. The untouched backup still restores.
#[actix_web::test]
async fn restore_refuses_a_hostile_or_foreign_sqlite_file() -> anyhow::Result<()> {
    use super::backup::{arbiter, text};
    let app = TestApp::spawn_with(Backend::Sqlite, None).await?;
    Event::start(&app.base, "H", 2, 1).await?;
    let dir = tempfile::tempdir()?;
    let good = dir.path().join("good.db");
    let out =
        arbiter(vec!["backup".into(), good.display().to_string(), "--database-url".into(), app.database_url.clone()])
            .await;
    assert!(out.status.success(), "{}", text(&out));
    let sqlite = |p: &std::path::Path| format!("sqlite://{}?mode=rwc", p.display());

    let evil = dir.path().join("evil.db");
    std::fs::copy(&good, &evil)?;
    exec(&sqlite(&evil), "CREATE TRIGGER evil AFTER INSERT ON users BEGIN UPDATE users SET password_hash = 'x'; END")
        .await?;
    let foreign = dir.path().join("foreign.db");
    exec(&sqlite(&foreign), "CREATE TABLE notes (x TEXT)").await?;
    let newer = dir.path().join("newer.db");
    std::fs::copy(&good, &newer)?;
    exec(&sqlite(&newer), "INSERT INTO seaql_migrations (version, applied_at) VALUES ('m9999_future', 0)").await?;
    let viewed = dir.path().join("viewed.db");
    std::fs::copy(&good, &viewed)?;
    exec(&sqlite(&viewed), "CREATE VIEW users_view AS SELECT * FROM users").await?;

    let target_dir = tempfile::tempdir()?;
    let target = target_dir.path().join("restored.db");
    let live_before = app.fingerprint().await?;
    let live_dir = std::path::Path::new(&arbiter_server::store::sqlite_path(&app.database_url).unwrap_or_default())
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    let live_files = names(&live_dir)?;
    for (file, why) in [
        (&evil, "trigger evil"),
        (&foreign, "no Arbiter tables"),
        (&newer, "newer version of Arbiter (migration m9999_future"),
        (&viewed, "view users_view"),
    ] {
        // Into a new place: nothing is created there.
        let out =
            arbiter(vec!["restore".into(), file.display().to_string(), "--database-url".into(), sqlite(&target)]).await;
        assert!(!out.status.success(), "{}", text(&out));
        assert!(text(&out).contains("not a backup that can be restored") && text(&out).contains(why), "{}", text(&out));
        assert!(names(target_dir.path())?.is_empty(), "nothing restored: {:?}", names(target_dir.path())?);
        // Over the running database, even with --force: nothing changes.
        let args = vec![
            "restore".into(),
            file.display().to_string(),
            "--database-url".into(),
            app.database_url.clone(),
            "--force".into(),
        ];
        let out = arbiter(args).await;
        assert!(!out.status.success(), "{}", text(&out));
        assert!(text(&out).contains(why), "{}", text(&out));
        assert_eq!(app.fingerprint().await?, live_before, "{why}: the database in place is unchanged");
        assert_eq!(names(&live_dir)?, live_files, "{why}: no file left beside the database");
    }
    let out =
        arbiter(vec!["restore".into(), good.display().to_string(), "--database-url".into(), sqlite(&target)]).await;
    assert!(out.status.success(), "{}", text(&out));
    app.stop().await;
    Ok(())
}

/// Issue 29, point 7, PostgreSQL: a `pg_dump` archive holding a trigger is
/// refused before `pg_restore` runs (nonzero exit, the target unchanged).
#[actix_web::test]
async fn restore_refuses_a_postgres_archive_with_a_trigger() -> anyhow::Result<()> {
    use super::backup::{arbiter, text};
    let app = TestApp::spawn_with(Backend::Postgres, None).await?;
    Event::start(&app.base, "H", 2, 1).await?;
    let dir = tempfile::tempdir()?;
    let good = dir.path().join("good.dump");
    let out =
        arbiter(vec!["backup".into(), good.display().to_string(), "--database-url".into(), app.database_url.clone()])
            .await;
    assert!(out.status.success(), "{}", text(&out));
    exec(&app.database_url, "CREATE FUNCTION evil() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE users SET password_hash = 'x'; RETURN NEW; END $$").await?;
    exec(&app.database_url, "CREATE TRIGGER evil AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION evil()").await?;
    let evil = dir.path().join("evil.dump");
    let out =
        arbiter(vec!["backup".into(), evil.display().to_string(), "--database-url".into(), app.database_url.clone()])
            .await;
    assert!(out.status.success(), "{}", text(&out));
    app.stop().await;

    // Another database, holding an event of its own, its server stopped.
    let other = TestApp::spawn_with(Backend::Postgres, None).await?;
    Event::start(&other.base, "O", 2, 1).await?;
    other.stop().await;
    let target = other.database_url.clone();
    let before = arbiter_tests::fingerprint(&target).await?;
    let args =
        vec!["restore".into(), evil.display().to_string(), "--database-url".into(), target.clone(), "--force".into()];
    let out = arbiter(args).await;
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("not a backup that can be restored") && text(&out).contains("TRIGGER"),
        "{}",
        text(&out)
    );
    assert_eq!(arbiter_tests::fingerprint(&target).await?, before, "nothing restored");
    let args = vec!["restore".into(), good.display().to_string(), "--database-url".into(), target, "--force".into()];
    let out = arbiter(args).await;
    assert!(out.status.success(), "{}", text(&out));
    Ok(())
}

/// The `p`-th percentile of `ms` (sorted in place).
fn percentile(ms: &mut [f64], p: f64) -> f64 {
    ms.sort_by(f64::total_cmp);
    let i = ((ms.len() as f64 - 1.0) * p).round() as usize;
    ms.get(i).copied().unwrap_or_default()
}

/// Issue 29, point 1: one roster CSV held the SQLite writer for minutes
/// (20,000 rows: 208 s; every row a placeholder account, a MAX(registration_no)
/// and an event) while every other event's writes waited. A roster is capped
/// (`--import-max-players`, 2,000): one row more is refused (422
/// `invalid_csv` naming the cap, nothing changed); 2,000 rows are written
/// in batches with one `roster_imported` event, while another event's
/// organiser keeps overriding results. Prints the import's time and the
/// overrides' p50/p99/max (issue: < 3 s and p99 < 500 ms on SQLite).
async fn a_roster_is_capped_and_imported_in_batches(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let mut busy = Event::start(&app.base, "B", 8, 3).await?;
    let (_, tables) = busy.pair_next().await?;
    let (mut to, _) = app.user("Roster TO").await?;
    let body = json!({ "name": "Big Open", "event_date": "2026-05-17", "format": "Open", "total_rounds": 5 });
    let tid = s(&to.create_tournament(&body).await?.ok()?["tournament"], "id").to_string();
    to.advance(&tid).await?.ok()?;
    let csv = |n: usize| {
        let mut text = String::from("name,faction,rating\n");
        for i in 1..=n {
            text.push_str(&format!("Player {i},Club {},{}\n", i % 40, 1000 + i % 1500));
        }
        text
    };
    let path = format!("/api/tournaments/{tid}/entries.csv");
    let before = app.fingerprint().await?;
    let r = to.send_raw(awc::http::Method::POST, &path, Some(("text/csv", csv(2001)))).await?;
    refused(&app, &before, &r, 422, "invalid_csv").await;
    assert!(s(&r.body, "message").contains("at most 2000"), "{}", r.body);

    // 2,000 rows while the other event's organiser overrides, one after another.
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let overrides = {
        let (done, mut c, table) = (done.clone(), busy.to.clone_to(&app.base), tables[0].id.clone());
        actix_web::rt::spawn(async move {
            let mut ms = Vec::new();
            let mut i = 0u32;
            while !done.load(std::sync::atomic::Ordering::SeqCst) || ms.len() < 5 {
                let started = std::time::Instant::now();
                let r = c.override_result(&table, &json!({ "player1_vp": 50 + i % 10, "player2_vp": 40 })).await;
                assert!(r.is_ok_and(|r| r.status.is_success()), "an override failed during the import");
                ms.push(started.elapsed().as_secs_f64() * 1000.0);
                i += 1;
            }
            ms
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let started = std::time::Instant::now();
    let r = to.send_raw(awc::http::Method::POST, &path, Some(("text/csv", csv(2000)))).await?;
    let took = started.elapsed();
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let mut ms = overrides.await?;
    let report = r.ok()?;
    assert_eq!(report["added"].as_array().map(Vec::len), Some(2000));
    eprintln!(
        "{backend:?}: 2,000 roster rows imported in {:.2} s; {} overrides of another event meanwhile: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        took.as_secs_f64(),
        ms.len(),
        percentile(&mut ms, 0.5),
        percentile(&mut ms, 0.99),
        percentile(&mut ms, 1.0)
    );

    // Registration numbers 1..=2000, each once; one event for the roster.
    let players = to.players(&tid).await?.ok()?;
    let mut numbers: Vec<u64> =
        players["players"].as_array().into_iter().flatten().filter_map(|p| p["registration_no"].as_u64()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=2000).collect::<Vec<u64>>());
    let events = to.events(&tid, "").await?.ok()?;
    let kinds: Vec<&str> =
        events["events"].as_array().into_iter().flatten().filter_map(|e| e["kind"].as_str()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "roster_imported").count(), 1, "{kinds:?}");
    assert_eq!(kinds.iter().filter(|k| **k == "player_registered").count(), 0, "{kinds:?}");
    Ok(())
}

#[actix_web::test]
async fn a_roster_is_capped_and_imported_in_batches_sqlite() -> anyhow::Result<()> {
    a_roster_is_capped_and_imported_in_batches(Backend::Sqlite).await
}

#[actix_web::test]
async fn a_roster_is_capped_and_imported_in_batches_postgres() -> anyhow::Result<()> {
    a_roster_is_capped_and_imported_in_batches(Backend::Postgres).await
}

/// Rosters imported into one event from several requests at once: every
/// row lands once, and registration numbers (read once per import) never
/// collide — imports of one event take its lock one after another.
async fn rosters_imported_at_once_get_distinct_numbers(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let (mut to, _) = app.user("Roster TO").await?;
    let body = json!({ "name": "Open", "event_date": "2026-05-17", "format": "Open", "total_rounds": 5 });
    let tid = s(&to.create_tournament(&body).await?.ok()?["tournament"], "id").to_string();
    to.advance(&tid).await?.ok()?;
    let path = format!("/api/tournaments/{tid}/entries.csv");
    let imports = (0..4).map(|k| {
        let (mut c, path) = (to.clone_to(&app.base), path.clone());
        let mut csv = String::from("name,faction,rating\n");
        for i in 1..=30 {
            csv.push_str(&format!("Player {k}-{i},Club {i},{}\n", 1200 + i));
        }
        async move { c.send_raw(awc::http::Method::POST, &path, Some(("text/csv", csv))).await }
    });
    for r in futures_util::future::join_all(imports).await {
        assert_eq!(r?.ok()?["added"].as_array().map(Vec::len), Some(30));
    }
    let players = to.players(&tid).await?.ok()?;
    let mut numbers: Vec<u64> =
        players["players"].as_array().into_iter().flatten().filter_map(|p| p["registration_no"].as_u64()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=120).collect::<Vec<u64>>());
    Ok(())
}

#[actix_web::test]
async fn rosters_imported_at_once_get_distinct_numbers_sqlite() -> anyhow::Result<()> {
    rosters_imported_at_once_get_distinct_numbers(Backend::Sqlite).await
}

#[actix_web::test]
async fn rosters_imported_at_once_get_distinct_numbers_postgres() -> anyhow::Result<()> {
    rosters_imported_at_once_get_distinct_numbers(Backend::Postgres).await
}

/// Issue 29, point 6: judges saw players' birth dates, sex and disability,
/// which only the organisers and the player see. A judge's list of players
/// (the API, the dashboard's data, the exports) and the history of a
/// player's corrections leave them out; the organiser and the player still
/// see them.
async fn judges_do_not_see_private_profile_fields(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let mut ev = Event::start(&app.base, "P", 4, 3).await?;
    let (mut judge, _) = super::staff::member(&app, &mut ev, "Judge Judy", "JUDGE").await;
    let id = ev.registrations[1].clone();
    let private =
        json!({ "profile": { "club": "Chess Club", "birth_date": "1990-01-02", "sex": "w", "disability": true } });
    ev.to.send(awc::http::Method::PATCH, &format!("/api/players/{id}"), Some(&private)).await?.ok()?;
    let profile_of = |list: &serde_json::Value| {
        list["players"].as_array().into_iter().flatten().find(|p| p["id"] == id.as_str()).map(|p| p["profile"].clone())
    };
    let tid = ev.tid.clone();
    let seen = profile_of(&judge.players(&tid).await?.ok()?).unwrap_or_default();
    assert_eq!(seen["club"], "Chess Club", "{seen}");
    for field in ["birth_date", "sex", "disability"] {
        assert!(seen.get(field).is_none_or(serde_json::Value::is_null), "a judge sees {field}: {seen}");
    }
    let history = judge.get(&format!("/api/players/{id}/history")).await?.ok()?;
    let text = history.to_string();
    assert!(text.contains("Chess Club") && !text.contains("1990-01-02") && !text.contains("\"sex\""), "{text}");
    // The event stream is public: the correction is there, its private fields are not,
    // in the log read back and live on a socket replaying it.
    let events = app.client().get(&format!("/api/tournaments/{tid}/events")).await?.ok()?;
    let edited: Vec<&serde_json::Value> =
        events["events"].as_array().into_iter().flatten().filter(|e| e["kind"] == "player_edited").collect();
    assert_eq!(edited.len(), 1, "{events}");
    let text = edited[0].to_string();
    assert!(text.contains("Chess Club") && !text.contains("1990-01-02") && !text.contains("\"sex\""), "{text}");
    let mut live = app.ws(&tid, Some(0)).await?;
    let mut replayed = None;
    while let Some(frame) = live.next_json(std::time::Duration::from_secs(3)).await {
        if frame["kind"] == "player_edited" {
            replayed = Some(frame);
            break;
        }
    }
    let text = replayed.map(|f| f.to_string()).unwrap_or_default();
    assert!(text.contains("Chess Club") && !text.contains("1990-01-02") && !text.contains("disability"), "{text}");
    // The organiser and the player themselves see them.
    let by_to = profile_of(&ev.to.players(&tid).await?.ok()?).unwrap_or_default();
    assert_eq!(
        (&by_to["birth_date"], &by_to["sex"], &by_to["disability"]),
        (&json!("1990-01-02"), &json!("w"), &json!(true))
    );
    let by_self = profile_of(&ev.players[1].players(&tid).await?.ok()?).unwrap_or_default();
    assert_eq!(by_self["birth_date"], "1990-01-02");
    let history = ev.to.get(&format!("/api/players/{id}/history")).await?.ok()?;
    assert!(history.to_string().contains("1990-01-02"), "{history}");
    Ok(())
}

#[actix_web::test]
async fn judges_do_not_see_private_profile_fields_sqlite() -> anyhow::Result<()> {
    judges_do_not_see_private_profile_fields(Backend::Sqlite).await
}

#[actix_web::test]
async fn judges_do_not_see_private_profile_fields_postgres() -> anyhow::Result<()> {
    judges_do_not_see_private_profile_fields(Backend::Postgres).await
}

/// `GET path` on `base` with the `Host` header `host`: status, `Cache-Control`, body.
async fn get_with_host(base: &str, path: &str, host: &str) -> anyhow::Result<(u16, String, String)> {
    let mut res = awc::Client::new()
        .get(format!("{base}{path}"))
        .insert_header(("Host", host))
        .send()
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let cache = res.headers().get("cache-control").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let body = res.body().await.map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok((res.status().as_u16(), cache, String::from_utf8_lossy(&body).into_owned()))
}

/// Issue 29, point 11: a 7,000-byte `Host` made `/t/{id}/qr.svg` answer 500
/// (and log the 7 KB), and a foreign `Host` was encoded in the QR code.
/// With `--public-url` the code is the public URL whatever the `Host`; with
/// neither it nor `--lan` (a server on this machine only), an over-long
/// `Host` is refused (400 `bad_request`, JSON) and a code built from the
/// request is never kept by a shared cache.
#[actix_web::test]
async fn qr_codes_encode_the_public_url_and_an_over_long_host_is_refused() -> anyhow::Result<()> {
    use arbiter_server::http::svg_of;
    let (url, dir) = Backend::Sqlite.fresh().await?;
    let mut settings = arbiter_server::config::Settings::new("127.0.0.1:0", url, None);
    settings.public_url = Some("https://arbiter.example.org".parse()?);
    let public = TestApp::start_with(settings, dir).await?;
    let ev = Event::start(&public.base, "Q", 2, 1).await?;
    let path = format!("/t/{}/qr.svg", ev.tid);
    let want = svg_of(&format!("https://arbiter.example.org/t/{}", ev.tid))?;
    let long = format!("{}.example", "a".repeat(7000));
    for host in ["arbiter.example.org", "evil.example", long.as_str()] {
        let (status, _, body) = get_with_host(&public.base, &path, host).await?;
        assert_eq!(status, 200, "{}", &body[..body.len().min(300)]);
        assert!(body == want, "the code encodes the public URL, whatever the Host ({} bytes)", host.len());
    }

    let app = TestApp::spawn().await?;
    let ev = Event::start(&app.base, "Q", 2, 1).await?;
    let path = format!("/t/{}/qr.svg", ev.tid);
    let (status, _, body) = get_with_host(&app.base, &path, &long).await?;
    let answer: serde_json::Value = serde_json::from_str(&body)?;
    assert_eq!((status, s(&answer, "error")), (400, "bad_request"), "{answer}");
    assert!(s(&answer, "message").contains("longer than 255"), "{answer}");
    let (status, cache, _) = get_with_host(&app.base, &path, "evil.example").await?;
    assert_eq!((status, cache.as_str()), (200, "private, no-store"));
    Ok(())
}

/// Issue 29, point 12: `--lan` without `--public-url` answered any `Host`,
/// so a page at an attacker's name rebound to the venue laptop's address
/// (DNS rebinding) passed the same-origin checks. Such a server answers
/// only at an address or `localhost`: a name is refused (400, changing
/// nothing), pages and the API still answer at the address; with
/// `--public-url` the public name is served.
#[actix_web::test]
async fn a_lan_server_answers_only_at_an_address() -> anyhow::Result<()> {
    let (url, dir) = Backend::Sqlite.fresh().await?;
    let mut settings = arbiter_server::config::Settings::new("127.0.0.1:0", url, None);
    settings.lan = true;
    let app = TestApp::start_with(settings, dir).await?;
    let ev = Event::start(&app.base, "Lan", 2, 1).await?;
    let port = app.base.rsplit(':').next().unwrap_or_default().to_string();
    let page = format!("/t/{}", ev.tid);
    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}"), format!("192.168.1.20:{port}")] {
        assert_eq!(get_with_host(&app.base, &page, &host).await?.0, 200, "{host}");
    }
    let before = app.fingerprint().await?;
    for host in [format!("rebound.example:{port}"), "rebound.example".to_string()] {
        let (status, _, body) = get_with_host(&app.base, &page, &host).await?;
        assert_eq!(status, 400, "{host}: {body}");
        let answer: serde_json::Value = serde_json::from_str(&body)?;
        assert!(s(&answer, "message").contains("--public-url"), "{answer}");
        let write = awc::Client::new()
            .post(format!("{}/api/auth/signup", app.base))
            .insert_header(("Host", host.as_str()))
            .insert_header(("Origin", format!("http://{host}")))
            .send_json(&json!({ "email": "x@rebound.example", "password": "a long password", "display_name": "X" }))
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        assert_eq!(write.status().as_u16(), 400);
    }
    assert_eq!(app.fingerprint().await?, before, "nothing changed through a rebound name");
    app.stop().await;

    let (url, dir) = Backend::Sqlite.fresh().await?;
    let mut settings = arbiter_server::config::Settings::new("127.0.0.1:0", url, None);
    settings.lan = true;
    settings.public_url = Some("https://arbiter.example.org".parse()?);
    let named = TestApp::start_with(settings, dir).await?;
    let ev = Event::start(&named.base, "Named", 2, 1).await?;
    assert_eq!(get_with_host(&named.base, &format!("/t/{}", ev.tid), "arbiter.example.org").await?.0, 200);
    named.stop().await;
    Ok(())
}

/// Issue 29, point 12: a password equal to or containing the e-mail, its
/// local part or the name (twice) was accepted. Each is refused: 422
/// `weak_password` saying why, no account made.
#[actix_web::test]
async fn a_password_holding_the_email_or_the_name_is_refused() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let before = app.fingerprint().await?;
    let email = "marguerite.yourcenar@example.com";
    for password in [
        email.to_string(),
        format!("{email}{email}"),
        "marguerite.yourcenar-1903!".into(),
        "Marguerite YourcenarMarguerite Yourcenar".into(),
    ] {
        let mut c = app.client();
        let body = json!({ "email": email, "password": password, "display_name": "Marguerite Yourcenar" });
        let r = c.post("/api/auth/signup", &body).await?;
        refused(&app, &before, &r, 422, "weak_password").await;
        assert!(s(&r.body, "message").contains("does not contain your e-mail address or your name"), "{}", r.body);
    }
    let mut c = app.client();
    let body = json!({ "email": email, "password": "rook lift on the h-file", "display_name": "Marguerite Yourcenar" });
    assert_eq!(c.post("/api/auth/signup", &body).await?.status.as_u16(), 201);
    Ok(())
}

/// A `GET` of `path` forwarded for `address` by the trusted proxy
/// (127.0.0.1): its status and `Retry-After`.
async fn get_from(base: &str, address: &str, path: &str) -> (u16, Option<String>) {
    let r =
        awc::Client::default().get(format!("{base}{path}")).insert_header(("X-Forwarded-For", address)).send().await;
    r.map(|r| {
        let wait = r.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_string);
        (r.status().as_u16(), wait)
    })
    .unwrap_or((0, None))
}

/// Issue 29, point 10: claim codes and staff invitations cannot be guessed
/// at speed (the probe made 1,100 guesses without one 429): unknown codes
/// tried from one address are answered 429 with `Retry-After` after 21, on
/// every code route, JSON and page alike; someone else's real code still
/// works from another address. Codes expire: a staff invitation after 7
/// days, a claim code after `--claim-code-days`.
async fn codes_cannot_be_guessed_and_expire(backend: Backend) -> anyhow::Result<()> {
    let (database_url, dir) = backend.fresh().await?;
    let mut settings = arbiter_server::config::Settings::new("127.0.0.1:0", database_url.clone(), None);
    settings.trusted_proxies = vec![[127, 0, 0, 1].into()];
    settings.claim_code_days = 2;
    let app = TestApp::start_with(settings, dir).await?;
    let mut ev = Event::start(&app.base, "Codes", 4, 3).await?;
    let entries = format!("/api/tournaments/{}/entries", ev.tid);
    let added = ev.to.post(&entries, &json!({ "display_name": "Walker" })).await?.ok()?;
    let walker = s(&added["player"], "id").to_string();
    let claim = ev.to.post_empty(&format!("/api/players/{walker}/claim-code")).await?.ok()?;
    let claim = s(&claim, "code").to_string();
    let invite =
        ev.to.post(&format!("/api/tournaments/{}/staff/invites", ev.tid), &json!({ "role": "CO_ORGANISER" })).await?;
    let invite = s(&invite.ok()?, "code").to_string();

    let guesser = "198.51.100.9";
    let before = app.fingerprint().await?;
    let mut statuses = Vec::new();
    for i in 0..40 {
        let guess = format!("ZZZZ-{:04}", 2000 + i);
        let path = match i % 3 {
            0 => format!("/api/claims/{guess}"),
            1 => format!("/api/staff-invites/{guess}"),
            _ => format!("/claim/{guess}"),
        };
        statuses.push(get_from(&app.base, guesser, &path).await);
    }
    // 20 misses fit in the bucket; the 21st finds it empty and is the last answered.
    assert_eq!(statuses.iter().filter(|s| s.0 == 404).count(), 21, "{statuses:?}");
    assert!(statuses[21..].iter().all(|s| s.0 == 429 && s.1.is_some()), "{statuses:?}");
    // Over the limit, every code route refuses that address, a real code too
    // (a browser is shown it as a page).
    assert_eq!(get_from(&app.base, guesser, &format!("/staff/{invite}")).await.0, 429);
    let mut page = awc::Client::default()
        .get(format!("{}/claim/{claim}", app.base))
        .insert_header(("X-Forwarded-For", guesser))
        .insert_header(("Accept", "text/html"))
        .send()
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let body = String::from_utf8_lossy(&page.body().await?).to_string();
    assert_eq!(page.status().as_u16(), 429);
    assert!(body.contains("<html") && body.contains("Wait"), "{body}");
    let r = app.client().post_empty(&format!("/api/staff-invites/{invite}")).await?;
    assert_eq!(r.status.as_u16(), 401, "another address is not limited: {}", r.body);
    assert_eq!(get_from(&app.base, "203.0.113.7", &format!("/api/claims/{claim}")).await.0, 200);
    assert_eq!(app.fingerprint().await?, before, "guessing changed nothing");
    // Misses from elsewhere do not count against anyone else.
    assert_eq!(get_from(&app.base, "203.0.113.8", "/api/claims/ZZZZ-9999").await.0, 404);

    // Expiry: a staff invitation made 8 days ago, a claim code issued 3 days ago.
    let day = 86_400_000_i64;
    exec(&database_url, &format!("UPDATE staff_invites SET created_at = created_at - {}", 8 * day)).await?;
    exec(&database_url, &format!("UPDATE claim_codes SET created_at = created_at - {}", 3 * day)).await?;
    let (mut late, _) = app.user("Late Helper").await?;
    let before = app.fingerprint().await?;
    let r = late.post_empty(&format!("/api/staff-invites/{invite}")).await?;
    refused(&app, &before, &r, 404, "invite_not_found").await;
    assert!(s(&r.body, "message").contains("expired"), "{}", r.body);
    let r = late.post_empty(&format!("/api/claims/{claim}")).await?;
    refused(&app, &before, &r, 404, "claim_not_found").await;
    // A fresh claim code works again.
    let fresh = ev.to.post_empty(&format!("/api/players/{walker}/claim-code")).await?.ok()?;
    let r = late.post_empty(&format!("/api/claims/{}", s(&fresh, "code"))).await?;
    assert_eq!(r.status.as_u16(), 200, "{}", r.body);
    app.stop().await;
    Ok(())
}

#[actix_web::test]
async fn codes_cannot_be_guessed_and_expire_sqlite() -> anyhow::Result<()> {
    codes_cannot_be_guessed_and_expire(Backend::Sqlite).await
}

#[actix_web::test]
async fn codes_cannot_be_guessed_and_expire_postgres() -> anyhow::Result<()> {
    codes_cannot_be_guessed_and_expire(Backend::Postgres).await
}

/// A sign-up forwarded for `address` by the trusted proxy (127.0.0.1): status and error code.
async fn sign_up_from(base: &str, address: &str, email: &str) -> anyhow::Result<(u16, String)> {
    let mut r = awc::Client::new()
        .post(format!("{base}/api/auth/signup"))
        .insert_header(("X-Forwarded-For", address))
        .send_json(&json!({ "email": email, "password": "a long password", "display_name": "Checker" }))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let body: serde_json::Value = r.json().await.unwrap_or_default();
    Ok((r.status().as_u16(), s(&body, "error").to_string()))
}

/// Issue 29, point 12: sign-up tells whether an e-mail has an account (409
/// `email_taken`); until sign-ups are confirmed by mail that answer is
/// rationed per address: after 10 (the 11th finds the bucket empty), that
/// address's sign-ups are refused (429) and make no account, while another
/// address signs up as usual.
#[actix_web::test]
async fn checking_a_list_of_emails_by_signing_up_is_cut_short() -> anyhow::Result<()> {
    let (url, dir) = Backend::Sqlite.fresh().await?;
    let mut settings = arbiter_server::config::Settings::new("127.0.0.1:0", url, None);
    settings.trusted_proxies = vec![[127, 0, 0, 1].into()];
    let app = TestApp::start_with(settings, dir).await?;
    let known: Vec<String> = (0..14).map(|i| format!("member{i}@club.example")).collect();
    for e in &known {
        arbiter_server::client::ApiClient::new(&app.base).sign_up(e, "a long password", "Member").await?;
    }
    let checker = "198.51.100.23";
    let mut answers = Vec::new();
    for e in &known {
        answers.push(sign_up_from(&app.base, checker, e).await?);
    }
    let taken = answers.iter().filter(|a| a.1 == "email_taken").count();
    assert_eq!(taken, 11, "{answers:?}");
    assert!(answers[11..].iter().all(|a| *a == (429, "too_many_attempts".to_string())), "{answers:?}");
    let before = app.fingerprint().await?;
    assert_eq!(sign_up_from(&app.base, checker, "new.one@club.example").await?, (429, "too_many_attempts".into()));
    assert_eq!(app.fingerprint().await?, before, "no account made while refused");
    assert_eq!(sign_up_from(&app.base, "203.0.113.44", "new.one@club.example").await?.0, 201);
    app.stop().await;
    Ok(())
}
