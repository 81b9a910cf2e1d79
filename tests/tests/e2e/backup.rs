//! `arbiter backup` while results are being confirmed, `arbiter restore` into
//! a new place, and a server started on the restored database: every result
//! confirmed before the backup began is there, and the copy is consistent
//! (each confirmed table has its `result_confirmed` event, and no more).

use arbiter_server::client::ApiClient;
use arbiter_tests::process::{arbiter_binary, ServerProcess};
use arbiter_tests::{s, Api, Backend, Event};
use std::cell::{Cell, RefCell};
use std::process::Output;
use std::time::Instant;

/// Runs the `arbiter` binary with `args` (off the test's thread).
pub(crate) async fn arbiter(args: Vec<String>) -> Output {
    let bin = arbiter_binary().unwrap();
    actix_web::rt::task::spawn_blocking(move || std::process::Command::new(bin).args(args).output().unwrap())
        .await
        .unwrap()
}

pub(crate) fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// Player 1's VP at table `i` (player 2 always scores 30): every table's
/// score differs, so a restored table shows it is that table's own result.
fn vp1(i: usize) -> u32 {
    41 + u32::try_from(i).unwrap()
}

async fn backup_while_confirming_then_restore(backend: Backend) {
    const TABLES: usize = 16;
    let (url, _dir) = backend.fresh().await.unwrap();
    let server = ServerProcess::spawn(&url, None).await.unwrap();
    let mut ev = Event::build(&server.base).rounds(1).numbered("B", 2 * TABLES).start().await.unwrap();
    let (rid, tables) = ev.pair_next().await.unwrap();
    assert_eq!(tables.len(), TABLES);
    let backups = tempfile::tempdir().unwrap();
    let file = backups.path().join(if matches!(backend, Backend::Sqlite) { "friday.db" } else { "friday.dump" });

    // The stream: table after table reported and confirmed; when each
    // confirm was answered is noted. The backup starts once 4 are in.
    let confirmed_at: RefCell<Vec<Instant>> = RefCell::new(Vec::new());
    let done = Cell::new(0usize);
    let stream = async {
        for (i, t) in tables.iter().enumerate() {
            ev.play(t, vp1(i), 30).await.unwrap();
            confirmed_at.borrow_mut().push(Instant::now());
            done.set(i + 1);
        }
    };
    let backup = async {
        while done.get() < 4 {
            actix_web::rt::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        let started = Instant::now();
        let out =
            arbiter(vec!["backup".into(), file.display().to_string(), "--database-url".into(), url.clone()]).await;
        (started, Instant::now(), out)
    };
    let ((), (started, finished, out)) = futures_util::join!(stream, backup);
    assert!(out.status.success(), "backup failed: {}", text(&out));
    assert!(text(&out).contains("backed up to"), "{}", text(&out));
    let confirmed_at = confirmed_at.into_inner();
    let before: Vec<usize> = (0..TABLES).filter(|&i| confirmed_at[i] < started).collect();
    assert!(before.len() >= 4, "the backup started after 4 confirms");
    assert!(before.len() < TABLES, "confirms were still being written when the backup started");
    let after = confirmed_at.iter().filter(|&&at| at > finished).count();
    eprintln!("backup took {:?}; {} confirms before it, {after} after", finished - started, before.len());

    // Restore into a new, empty database and serve it.
    let (restored_url, _restored_dir) = backend.fresh().await.unwrap();
    let out =
        arbiter(vec!["restore".into(), file.display().to_string(), "--database-url".into(), restored_url.clone()])
            .await;
    assert!(out.status.success(), "restore failed: {}", text(&out));
    let restored = ServerProcess::spawn(&restored_url, None).await.unwrap();
    let mut viewer = ApiClient::new(&restored.base);
    let round = viewer.round(&rid).await.unwrap().ok().unwrap();
    let pairings = round["round"]["pairings"].as_array().unwrap().clone();
    let by_id = |id: &str| pairings.iter().find(|p| s(p, "id") == id).cloned();
    for &i in &before {
        let p = by_id(&tables[i].id).unwrap_or_else(|| panic!("table {i} missing from the restored round"));
        assert_eq!(p["state"], "CONFIRMED", "table {i} confirmed before the backup: {p}");
        assert_eq!((p["player1_vp"].as_u64(), p["player2_vp"].as_u64()), (Some(u64::from(vp1(i))), Some(30)));
    }
    // Consistent: the event log of the copy has exactly the confirms its tables have.
    let confirmed_tables = pairings.iter().filter(|p| p["state"] == "CONFIRMED").count();
    let log = viewer.events(&ev.tid, "?limit=5000").await.unwrap().ok().unwrap();
    let confirm_events = log["events"].as_array().unwrap().iter().filter(|e| e["kind"] == "result_confirmed").count();
    assert_eq!(confirm_events, confirmed_tables, "events and tables of the copy agree");
    assert!(confirmed_tables >= before.len() && confirmed_tables <= TABLES);

    // A second restore onto the database now in use is refused, and changes nothing.
    let standings_before = viewer.standings(&ev.tid).await.unwrap().ok().unwrap();
    let out = arbiter(vec!["restore".into(), file.display().to_string(), "--database-url".into(), restored_url]).await;
    assert!(!out.status.success(), "restore over a live database must be refused: {}", text(&out));
    assert!(text(&out).contains("--force") && text(&out).contains("nothing was changed"), "{}", text(&out));
    assert_eq!(viewer.standings(&ev.tid).await.unwrap().ok().unwrap(), standings_before);

    // The original event carries on to the end.
    ev.to.close_round(&rid).await.unwrap().ok().unwrap();
}

#[actix_web::test]
async fn sqlite_backup_while_confirming_restores_every_confirmed_result() {
    backup_while_confirming_then_restore(Backend::Sqlite).await;
}

#[actix_web::test]
async fn postgres_backup_while_confirming_restores_every_confirmed_result() {
    backup_while_confirming_then_restore(Backend::Postgres).await;
}

#[actix_web::test]
async fn backup_of_a_missing_database_and_restore_of_a_missing_file_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/nothing.db?mode=rwc", dir.path().display());
    let out = arbiter(vec![
        "backup".into(),
        dir.path().join("b.db").display().to_string(),
        "--database-url".into(),
        url.clone(),
    ])
    .await;
    assert!(!out.status.success());
    assert!(text(&out).contains("there is no database at"), "{}", text(&out));
    assert!(!dir.path().join("nothing.db").exists(), "no database was created by asking for a backup");
    let out =
        arbiter(vec!["restore".into(), dir.path().join("none.db").display().to_string(), "--database-url".into(), url])
            .await;
    assert!(!out.status.success());
    assert!(text(&out).contains("there is no backup at"), "{}", text(&out));
    // A file that is not a database is not restored.
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, b"not a database at all").unwrap();
    let target = dir.path().join("target.db");
    let out = arbiter(vec![
        "restore".into(),
        junk.display().to_string(),
        "--database-url".into(),
        format!("sqlite://{}?mode=rwc", target.display()),
    ])
    .await;
    assert!(!out.status.success());
    assert!(text(&out).contains("not a backup that can be restored"), "{}", text(&out));
    assert!(!target.exists(), "nothing is left where the database would go");
}

#[actix_web::test]
async fn restore_with_force_replaces_a_database_and_keeps_the_old_one() {
    // The event to keep: one table won 61–39.
    let (url_a, _dir_a) = Backend::Sqlite.fresh().await.unwrap();
    let a = ServerProcess::spawn(&url_a, None).await.unwrap();
    let mut kept = Event::build(&a.base).name("Kept Open").rounds(1).numbered("K", 2).start().await.unwrap();
    let (_, tables) = kept.pair_next().await.unwrap();
    kept.play(&tables[0], 61, 39).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kept.db");
    let out = arbiter(vec!["backup".into(), file.display().to_string(), "--database-url".into(), url_a]).await;
    assert!(out.status.success(), "{}", text(&out));

    // Another laptop's database, with an event of its own, its server stopped.
    let (url_b, dir_b) = Backend::Sqlite.fresh().await.unwrap();
    let dir_b = dir_b.unwrap();
    let mut b = ServerProcess::spawn(&url_b, None).await.unwrap();
    let other = Event::build(&b.base).name("Other Open").rounds(1).numbered("O", 2).start().await.unwrap();
    assert!(b.terminate().unwrap().success());
    let restore = |force: bool| {
        let mut args = vec!["restore".into(), file.display().to_string(), "--database-url".into(), url_b.clone()];
        if force {
            args.push("--force".into());
        }
        arbiter(args)
    };
    let out = restore(false).await;
    assert!(!out.status.success(), "a database holding data is not replaced without --force");
    assert!(text(&out).contains("--force") && text(&out).contains("nothing was changed"), "{}", text(&out));
    let out = restore(true).await;
    assert!(out.status.success(), "{}", text(&out));
    let set_aside: Vec<String> = std::fs::read_dir(dir_b.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("arbiter.db.before-restore-"))
        .collect();
    assert_eq!(set_aside.len(), 1, "the replaced database is kept: {set_aside:?}");

    let restored = ServerProcess::spawn(&url_b, None).await.unwrap();
    let mut viewer = ApiClient::new(&restored.base);
    let st = viewer.standings(&kept.tid).await.unwrap().ok().unwrap();
    assert_eq!(
        (&st["players"][0]["wins"], &st["players"][0]["margin"]),
        (&serde_json::json!(1), &serde_json::json!(22))
    );
    let gone = viewer.tournament(&other.tid).await.unwrap();
    assert_eq!((gone.status.as_u16(), gone.code()), (404, "tournament_not_found"));
}
