//! A 17-player, 5-round Warhammer 40K event driven over HTTP from sign-up to
//! final standings, watched by a WebSocket client.
//!
//! The expected pairings and final standings were derived independently of
//! Arbiter's engine, from the seed's rules (`wh40k-tournament-manager.md`,
//! "Swiss Pairing Algorithm" and "Standings Tiebreakers"): pair in the order
//! wins → VP margin → SOS → registration; the bye first, to the
//! lowest-ranked player without one; group by W-L-D; fold 1st v n/2+1th; an
//! odd group drops its bottom player to the top of the next; tables in
//! order of the higher seed. In this scenario every fold is rematch-free, so
//! the pairings are fully determined by those rules. The standings rank by
//! wins → VP margin → SOS → total VP → registration. SOS = mean over real
//! opponents of their (W + ½D) / rounds, a bye counted as a win ("counts as
//! WIN"). P5 drops after round 2, so rounds 3–5 have 16 players and no bye.
//!
//! Hand check of three lines of the final table:
//! - P17: opponents P14 (1-3-1 → 1.5/5 = .3), P4 (1-3-1 → .3), P1 (4-1-0 → .8),
//!   P16 (3-2-0 → .6): SOS = 2.0/4 = 1/2; VP 71+93+68+87 = 319, against 63+42+46+58 = 209.
//! - P5 (dropped): beat P13 93–91 and P7 92–65; P13 2-3-0 (.4), P7 2-2-1 (.5): SOS 9/20.
//! - P15 v P12 tie on 1 win and −86: P15's SOS 19/50 (P7 .5, P13 .4, P8 .5, P10 .3, P12
//!   1-4-0 with its bye .2) beats P12's 7/20 (P4 .3, P11 .6, P14 .3, P15 .2; the bye is no opponent).

use arbiter_server::client::ApiClient;
use arbiter_tests::{open_tournament, register, s, Api, TestApp};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

/// (player1, player2, player1 VP, player2 VP) by round, tables in order; the bye.
type Round = (&'static [(u32, u32, u32, u32)], Option<u32>);
const ROUNDS: [Round; 5] = [
    (
        &[
            (1, 9, 80, 45),
            (2, 10, 95, 81),
            (3, 11, 69, 36),
            (4, 12, 84, 36),
            (5, 13, 93, 91),
            (6, 14, 90, 61),
            (7, 15, 83, 51),
            (8, 16, 35, 57),
        ],
        Some(17),
    ),
    (
        &[
            (4, 6, 87, 87),
            (1, 16, 84, 77),
            (3, 2, 93, 46),
            (7, 5, 65, 92),
            (17, 14, 71, 63),
            (13, 15, 37, 36),
            (10, 11, 55, 91),
            (8, 9, 67, 94),
        ],
        Some(12),
    ),
    (
        &[
            (3, 1, 49, 50),
            (17, 4, 93, 42),
            (6, 13, 61, 63),
            (16, 9, 87, 81),
            (7, 2, 35, 51),
            (11, 12, 78, 58),
            (15, 8, 62, 94),
            (14, 10, 87, 87),
        ],
        None,
    ),
    (
        &[
            (17, 1, 68, 46),
            (3, 16, 38, 44),
            (11, 13, 76, 41),
            (2, 6, 66, 94),
            (4, 9, 43, 60),
            (7, 8, 70, 70),
            (12, 14, 56, 69),
            (10, 15, 79, 53),
        ],
        None,
    ),
    (
        &[
            (17, 16, 87, 58),
            (11, 1, 56, 74),
            (3, 13, 83, 55),
            (6, 9, 51, 47),
            (2, 4, 66, 51),
            (7, 14, 81, 42),
            (8, 10, 44, 42),
            (12, 15, 39, 44),
        ],
        None,
    ),
];

/// One line of the final standings: player, W, L, D, VP for, VP against,
/// margin, SOS (exact), SOS % (one decimal).
type Line = (u32, u32, u32, u32, u64, u64, i64, &'static str, f64);

/// Final standings.
const FINAL: [Line; 17] = [
    (17, 5, 0, 0, 319, 209, 110, "1/2", 50.0),
    (1, 4, 1, 0, 334, 295, 39, "16/25", 64.0),
    (3, 3, 2, 0, 332, 231, 101, "3/5", 60.0),
    (6, 3, 1, 1, 383, 324, 59, "2/5", 40.0),
    (11, 3, 2, 0, 337, 297, 40, "23/50", 46.0),
    (16, 3, 2, 0, 323, 325, -2, "33/50", 66.0),
    (2, 3, 2, 0, 324, 354, -30, "12/25", 48.0),
    (5, 2, 0, 0, 185, 156, 29, "9/20", 45.0),
    (7, 2, 2, 1, 334, 306, 28, "13/25", 52.0),
    (9, 2, 3, 0, 327, 328, -1, "29/50", 58.0),
    (8, 2, 2, 1, 310, 325, -15, "2/5", 40.0),
    (13, 2, 3, 0, 287, 349, -62, "31/50", 62.0),
    (10, 1, 3, 1, 344, 370, -26, "11/25", 44.0),
    (4, 1, 3, 1, 307, 342, -35, "29/50", 58.0),
    (14, 1, 3, 1, 322, 385, -63, "27/50", 54.0),
    (15, 1, 4, 0, 246, 332, -86, "19/50", 38.0),
    (12, 1, 4, 0, 189, 275, -86, "7/20", 35.0),
];

const FACTIONS: [&str; 6] = ["Space Marines", "Necrons", "Orks", "Aeldari", "T'au Empire", "Tyranids"];

fn number(name: &str) -> u32 {
    name.trim_start_matches('P').parse().unwrap_or(0)
}

struct Event {
    to: ApiClient,
    players: Vec<ApiClient>,
    tid: String,
}

impl Event {
    fn player(&mut self, n: u32) -> &mut ApiClient {
        &mut self.players[(n - 1) as usize]
    }

    /// Creates and pairs round `n`, checks the tables against the expectation,
    /// and returns the pairing ids by (player1, player2) plus the round id.
    async fn pair(&mut self, n: usize) -> (String, Vec<(u32, u32, String)>) {
        let tid = self.tid.clone();
        let round = self.to.new_round(&tid).await.unwrap().ok().unwrap();
        assert_eq!(round["round"]["number"], n as u64 + 1);
        let rid = s(&round["round"], "id").to_string();
        let published = self.to.pair_round(&rid).await.unwrap().ok().unwrap();
        let pairings = published["round"]["pairings"].as_array().cloned().unwrap_or_default();
        let (tables, bye) = ROUNDS[n];
        let got: Vec<(u64, u32, u32)> = pairings
            .iter()
            .filter(|p| !p["player2"].is_null())
            .map(|p| {
                (p["table"].as_u64().unwrap_or(0), number(s(&p["player1"], "name")), number(s(&p["player2"], "name")))
            })
            .collect();
        let want: Vec<(u64, u32, u32)> = tables.iter().enumerate().map(|(i, t)| (i as u64 + 1, t.0, t.1)).collect();
        assert_eq!(got, want, "round {} pairings", n + 1);
        let got_bye = pairings.iter().find(|p| p["player2"].is_null()).map(|p| number(s(&p["player1"], "name")));
        assert_eq!(got_bye, bye, "round {} bye", n + 1);
        assert!(
            published["warnings"].as_array().is_some_and(Vec::is_empty),
            "no rematch warnings: {}",
            published["warnings"]
        );
        let ids = pairings
            .iter()
            .filter(|p| !p["player2"].is_null())
            .map(|p| (number(s(&p["player1"], "name")), number(s(&p["player2"], "name")), s(p, "id").to_string()))
            .collect();
        (rid, ids)
    }

    async fn report(&mut self, by: u32, pairing: &str, vp1: u32, vp2: u32) -> Value {
        self.player(by).report_vp(pairing, vp1, vp2).await.unwrap().ok().unwrap()
    }

    async fn confirm(&mut self, by: u32, pairing: &str) -> Value {
        self.player(by).confirm(pairing).await.unwrap().ok().unwrap()
    }
}

#[actix_web::test]
async fn seventeen_players_five_rounds_live() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Seventeen GT", 5).await.unwrap();
    // A live viewer from the very first event.
    let mut ws = app.ws(&tid, Some(0)).await.unwrap();

    let mut players = Vec::new();
    for n in 1..=17u32 {
        let (mut c, _) = app.user(&format!("P{n}")).await.unwrap();
        register(&mut c, &tid, &format!("P{n}"), FACTIONS[(n as usize) % FACTIONS.len()]).await.unwrap();
        players.push(c);
    }
    to.lock_lists(&tid).await.unwrap().ok().unwrap();
    to.advance(&tid).await.unwrap().ok().unwrap();
    for c in &mut players {
        c.check_in(&tid).await.unwrap().ok().unwrap();
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    let mut ev = Event { to, players, tid: tid.clone() };

    for (n, round) in ROUNDS.iter().enumerate() {
        let (rid, ids) = ev.pair(n).await;
        let vp: HashMap<(u32, u32), (u32, u32)> = round.0.iter().map(|t| ((t.0, t.1), (t.2, t.3))).collect();
        let last = ids.len() - 1;
        for (i, (p1, p2, pid)) in ids.iter().enumerate() {
            let (vp1, vp2) = vp[&(*p1, *p2)];
            if n == 2 && (*p1, *p2) == (17, 4) {
                // A dispute resolved by the TO.
                ev.report(17, pid, vp1, vp2).await;
                let d = ev
                    .player(4)
                    .dispute(pid, &json!({ "player1_vp": 83, "player2_vp": 42, "note": "Primary scored twice" }))
                    .await
                    .unwrap()
                    .ok()
                    .unwrap();
                assert_eq!(d["pairing"]["state"], "DISPUTED");
                let refused = ev.to.close_round(&rid).await.unwrap();
                assert_eq!((refused.status.as_u16(), refused.code()), (409, "round_incomplete"));
                let o = ev
                    .to
                    .override_result(
                        pid,
                        &json!({ "player1_vp": vp1, "player2_vp": vp2, "note": "Checked the score sheet" }),
                    )
                    .await
                    .unwrap()
                    .ok()
                    .unwrap();
                assert_eq!(
                    (o["pairing"]["state"].as_str(), o["pairing"]["to_override"].as_bool()),
                    (Some("CONFIRMED"), Some(true))
                );
                continue;
            }
            // Alternate who reports; the other player confirms.
            let (reporter, confirmer) = if i % 2 == 0 { (*p1, *p2) } else { (*p2, *p1) };
            let r = ev.report(reporter, pid, vp1, vp2).await;
            assert_eq!(r["pairing"]["state"], "REPORTED");
            if n == 0 && i == last {
                // Closing is refused while this result is unconfirmed, with what is missing.
                let refused = ev.to.close_round(&rid).await.unwrap();
                assert_eq!((refused.status.as_u16(), refused.code()), (409, "round_incomplete"));
                let missing = refused.body["details"].as_array().cloned().unwrap_or_default();
                assert_eq!(missing.len(), 1, "{}", refused.body);
                assert_eq!(missing[0]["table"], 8);
                assert_eq!(missing[0]["state"], "REPORTED");
            }
            let c = ev.confirm(confirmer, pid).await;
            assert_eq!(c["pairing"]["state"], "CONFIRMED");
        }
        ev.to.close_round(&rid).await.unwrap().ok().unwrap();
        if n == 1 {
            let d = ev.player(5).drop_out(&tid).await.unwrap().ok().unwrap();
            assert_eq!(d["player"]["dropped"], true);
        }
    }
    let done = ev.to.advance(&tid).await.unwrap().ok().unwrap();
    assert_eq!(done["tournament"]["status"], "COMPLETE");

    // Final standings, as computed by hand.
    let st = ev.to.standings(&tid).await.unwrap().ok().unwrap();
    let rows = st["players"].as_array().cloned().unwrap_or_default();
    assert_eq!(rows.len(), 17);
    for (i, (row, want)) in rows.iter().zip(FINAL.iter()).enumerate() {
        let (p, w, l, d, vp, against, margin, sos, pct) = *want;
        assert_eq!(row["rank"], i as u64 + 1);
        assert_eq!(s(row, "display_name"), format!("P{p}"), "rank {}", i + 1);
        let got = (
            row["wins"].as_u64(),
            row["losses"].as_u64(),
            row["draws"].as_u64(),
            row["vp_for"].as_u64(),
            row["vp_against"].as_u64(),
            row["margin"].as_i64(),
        );
        assert_eq!(
            got,
            (Some(w.into()), Some(l.into()), Some(d.into()), Some(vp), Some(against), Some(margin)),
            "P{p}"
        );
        assert_eq!(s(row, "sos_exact"), sos, "P{p} SOS");
        assert!((row["sos"].as_f64().unwrap_or(-1.0) - pct).abs() < 1e-9, "P{p} SOS %: {}", row["sos"]);
        assert_eq!(row["dropped"], p == 5);
    }

    // The live client saw every event, in order, with no gap: the same log the server kept.
    let log = ev.to.events(&tid, "?limit=5000").await.unwrap().ok().unwrap();
    let log = log["events"].as_array().cloned().unwrap_or_default();
    let last_seq = log.last().and_then(|e| e["seq"].as_i64()).unwrap_or(0);
    assert!(last_seq > 100, "a whole event is more than a hundred events ({last_seq})");
    let (frames, reached) = ws.until(Duration::from_secs(10), |f| f["seq"].as_i64() == Some(last_seq)).await;
    assert!(reached, "the socket did not reach seq {last_seq}");
    let events: Vec<&Value> = frames.iter().filter(|f| f["type"] == "event").collect();
    assert_eq!(events.len(), frames.len(), "only events after since=0, no snapshot");
    let seqs: Vec<i64> = events.iter().filter_map(|e| e["seq"].as_i64()).collect();
    assert_eq!(seqs, (1..=last_seq).collect::<Vec<_>>(), "every event once, in order");
    for (got, want) in events.iter().zip(&log) {
        assert_eq!((&got["kind"], &got["data"]), (&want["kind"], &want["data"]), "seq {}", got["seq"]);
    }
    let kinds: Vec<&str> = events.iter().filter_map(|e| e["kind"].as_str()).collect();
    for k in [
        "tournament_created",
        "status_advanced",
        "player_registered",
        "lists_locked",
        "player_checked_in",
        "round_created",
        "pairings_published",
        "result_reported",
        "result_confirmed",
        "result_disputed",
        "result_overridden",
        "round_closed",
        "standings_changed",
        "player_dropped",
    ] {
        assert!(kinds.contains(&k), "no {k} event");
    }
    app.stop().await;
}
