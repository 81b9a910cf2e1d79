//! Running at a venue, with the real binary: `arbiter serve --lan` (every
//! interface, the addresses and a QR code printed, plain HTTP warned about),
//! backups written while serving (`--backup-every`, the newest kept), and
//! `arbiter demo` against a running server with the logins the README names.

use arbiter_server::client::ApiClient;
use arbiter_tests::process::{arbiter_binary, free_port, wait_port, ServerProcess};
use arbiter_tests::{Api, Backend, Event};
use std::io::BufRead as _;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[actix_web::test]
async fn serve_lan_listens_everywhere_and_prints_where_to_go() {
    let (url, _dir) = Backend::Sqlite.fresh().await.unwrap();
    let port = free_port().unwrap();
    let mut child = Command::new(arbiter_binary().unwrap())
        .args(["serve", "--lan", "--bind", &format!("127.0.0.1:{port}"), "--database-url", &url, "--log", "warn"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_port(port, Duration::from_secs(30)).await.unwrap();
    // Listening on every interface: this machine's own non-loopback
    // addresses answer too (where it has any).
    for ip in arbiter_server::lan::addresses() {
        let r = ApiClient::new(&format!("http://{ip}:{port}")).get("/healthz").await.unwrap();
        assert_eq!(r.status.as_u16(), 200, "{ip}");
    }
    let stdout = child.stdout.take().unwrap();
    let lines = actix_web::rt::task::spawn_blocking(move || {
        let mut seen = Vec::new();
        for line in std::io::BufReader::new(stdout).lines() {
            let line = line.unwrap();
            let end = line.starts_with("WARNING");
            seen.push(line);
            if end {
                break;
            }
        }
        seen
    })
    .await
    .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let text = lines.join("\n");
    assert!(text.contains(&format!("This machine: http://127.0.0.1:{port}/")), "{text}");
    for ip in arbiter_server::lan::addresses() {
        assert!(text.contains(&format!("http://{ip}:{port}/")), "{ip} listed: {text}");
    }
    assert!(text.contains("WARNING: this is plain HTTP"), "{text}");
    if !arbiter_server::lan::addresses().is_empty() {
        assert!(text.contains('█') || text.contains('▀'), "a QR code is drawn: {text}");
    }
}

#[actix_web::test]
async fn backups_are_written_while_serving_and_the_newest_kept() {
    let (url, _dir) = Backend::Sqlite.fresh().await.unwrap();
    let backups = tempfile::tempdir().unwrap();
    let dir = backups.path().display().to_string();
    let server = ServerProcess::spawn_bin(
        &arbiter_binary().unwrap(),
        &url,
        None,
        &["--backup-every", "1s", "--backup-keep", "2", "--backup-dir", &dir],
    )
    .await
    .unwrap();
    let mut ev = Event::build(&server.base).rounds(1).numbered("K", 2).start().await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 61, 39).await.unwrap();
    let listed = || {
        let mut names: Vec<String> = std::fs::read_dir(backups.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".db"))
            .collect();
        names.sort();
        names
    };
    // Wait for a backup written after the result was confirmed, and for a
    // few more, so some were deleted.
    let since = Instant::now();
    while since.elapsed() < Duration::from_secs(6) {
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    }
    let names = listed();
    assert_eq!(names.len(), 2, "the newest two kept: {names:?}");
    assert!(names.iter().all(|n| n.starts_with("arbiter-") && n.len() == "arbiter-20260517-143000.db".len()));
    // The newest restores into a server showing the confirmed result.
    let restored_dir = tempfile::tempdir().unwrap();
    let restored_url = format!("sqlite://{}/arbiter.db?mode=rwc", restored_dir.path().display());
    let out = Command::new(arbiter_binary().unwrap())
        .args(["restore", &backups.path().join(&names[1]).display().to_string(), "--database-url", &restored_url])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let restored = ServerProcess::spawn(&restored_url, None).await.unwrap();
    let st = ApiClient::new(&restored.base).standings(&ev.tid).await.unwrap().ok().unwrap();
    assert_eq!(
        (&st["players"][0]["wins"], &st["players"][0]["margin"]),
        (&serde_json::json!(1), &serde_json::json!(22))
    );
}

#[actix_web::test]
async fn the_demo_plays_against_a_running_server_with_the_logins_it_prints() {
    let (url, _dir) = Backend::Sqlite.fresh().await.unwrap();
    let server = ServerProcess::spawn(&url, None).await.unwrap();
    let demo = |base: String| {
        actix_web::rt::task::spawn_blocking(move || {
            Command::new(arbiter_binary().unwrap())
                .args(["demo", "--url", &base, "--players", "4", "--rounds", "1", "--pause-ms", "0", "--exit"])
                .output()
                .unwrap()
        })
    };
    // Twice: the second run signs the same accounts in again.
    for run in 1..=2 {
        let out = demo(server.base.clone()).await.unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "run {run}: {text}{}", String::from_utf8_lossy(&out.stderr));
        for login in ["to@demo.arbiter", "alice@demo.arbiter", "dave@demo.arbiter", "demo tournament day"] {
            assert!(text.contains(login), "run {run} prints {login}: {text}");
        }
    }
    // The printed logins work.
    let mut to = ApiClient::new(&server.base);
    to.sign_in("to@demo.arbiter", "demo tournament day").await.unwrap();
    let mine = to.get("/api/tournaments/mine").await.unwrap().ok().unwrap();
    assert_eq!(mine["tournaments"].as_array().unwrap().len(), 2, "one event per run: {mine}");
    let mut alice = ApiClient::new(&server.base);
    assert_eq!(
        alice.sign_in("alice@demo.arbiter", "demo tournament day").await.unwrap()["user"]["display_name"],
        "Alice"
    );
}
