//! A chess team Swiss over HTTP (FIDE Olympiad Pairing Rules 2022): six
//! teams of four boards, three rounds, every pairing, colour and standings
//! line checked against a hand-worked case.
//!
//! Everything goes through the API: the captains register and check in
//! their teams, the round is paired, each board is reported by its players
//! (board 1) or the captains (boards 2-4), then the standings, boards and TRF.
//!
//! # The case, worked by hand
//!
//! Ratings (members' boards 1-4 at base, base−10, base−20, base−30): team A
//! base 2400, B 2300, C 2200, D 2100, E 2000, F 1900. They register in the
//! order C, A, F, B, E, D, so registration order is not the ranking.
//!
//! **Initial ranking** (art. 3.1.1, average of the four ratings): A 2385, B
//! 2285, C 2185, D 2085, E 1985, F 1885: pairing numbers A1 B2 C3 D4 E5 F6.
//!
//! The colour lot (art. 7.2) is the server's: the expectations are written
//! for White drawn (team 1 has White on board 1 of round 1); with Black
//! drawn every colour is the other (the rules treat both colours alike), and
//! the test reads which was drawn from round 1's first match.
//!
//! **Round 1.** One group of six (all 0 MP). Art. 9.3: team 1 meets N/2+1 =
//! 4, then of {2,3,5,6} 2 meets the third, 5, and 3 meets 6: 1-4, 2-5, 3-6.
//! Colours (7.2): the higher-ranked team takes the lot's colour when its
//! number is odd: A White v D; B (even) Black, so E White v B; C White v F.
//! Order (11.1, all 0 MP): by the higher team's number: A–D, E–B, C–F.
//! Results (team with White on board 1 first): A–D 3–1 (A wins boards 1,
//! 2; 3, 4 drawn), E–B 1½–2½ (B wins 1 and 4, E wins 3, 2 drawn), C–F 1½–2½
//! (F wins 1 and 4, C wins 3, 2 drawn). MP: A 2, B 2, F 2, C 0, D 0, E 0.
//!
//! **Round 2.** Ranking (3.2: MP, then number): 1, 2, 6 | 3, 4, 5. The median
//! team is number n/2+1 = 4th, team 3, so the 0-MP group is the median group
//! and is paired last. Group {1, 2, 6} is odd: the lowest team, 6, floats
//! down (art. 8; it can meet 4 and 5 there), 1 meets the group's N/2+1 =
//! 2nd, team 2. Median group {6↓, 3, 4, 5}: the downfloater meets the
//! highest team it may: 3 is a rematch (6.1), so 4; then 3-5.
//! Colours (7.5): A (W) v B (B): equalisation gives B White. F (B) v D (B):
//! both want White; the higher-ranked, F (2 MP), alternates: F White. C (W)
//! v E (W): both want Black; the higher-ranked, C (no. 3), alternates: C
//! Black, E White. Order (11.1: higher team's MP, then the sum): B–A (2, 4),
//! F–D (2, 2), E–C (0). Results: B–A 2½–1½ (B wins 1 and 3, A wins 2, 4
//! drawn), F–D 2–2 (all drawn), E–C 3–1 (E wins 1-3, C wins 4).
//! MP: B 4, F 3, A 2, E 2, D 1, C 0.
//!
//! **Round 3.** Ranking: 2 (4), 6 (3), 1, 5 (2), 4 (1), 3 (0); the median
//! team is the 4th, team 5: group {1, 5} is the median group. Top down: 2
//! floats into {6}: 2-6 (not met). Bottom up: 3 floats up into {4}: 4-3 (not
//! met). Median group: 1-5 (not met).
//! Colours: B (B, W) v F (B, W): equal differences, both had White last and
//! want Black; the higher-ranked B alternates: B Black, F White. A (W, B) v
//! E (W, W): E may not have White a third time running (7.3): A White. D (B,
//! B) v C (W, B): D may not have Black a third time: D White. Order: F–B
//! (4), A–E (2, sum 4), D–C (1). Results: F–B 2½–1½ (F wins 1 and 4, B wins
//! 3, 2 drawn), A–E 2–2 (A wins 1, E wins 2, 3 and 4 drawn), D–C 3–1 (D
//! wins 1-3, C wins 4).
//!
//! **Final standings** (MP; then C.07 game points; EMGSB = Σ opponent's MP ×
//! game points scored against it; Buchholz = Σ opponents' MP):
//!
//! | # | Team | MP | GP | SB | BH |
//! |---|---|---|---|---|---|
//! | 1 | F | 5 | 2½+2+2½ = 7 | 0·2½ + 3·2 + 4·2½ = 16 | 0+3+4 = 7 |
//! | 2 | B | 4 | 2½+2½+1½ = 6½ | 3·2½ + 3·2½ + 5·1½ = 22½ | 3+3+5 = 11 |
//! | 3 | A | 3 | 3+1½+2 = 6½ | 3·3 + 4·1½ + 3·2 = 21 | 3+4+3 = 10 |
//! | 4 | E | 3 | 1½+3+2 = 6½ | 4·1½ + 0·3 + 3·2 = 12 | 4+0+3 = 7 |
//! | 5 | D | 3 | 1+2+3 = 6 | 3·1 + 5·2 + 0·3 = 13 | 3+5+0 = 8 |
//! | 6 | C | 0 | 1½+1+1 = 3½ | 5·1½ + 3·1 + 3·1 = 13½ | 5+3+3 = 11 |
//!
//! A and E are level on MP and GP; SB puts A first.
//!
//! **Boards.** Board 1: F's player won, drew, won: 2½ of 3, the best (A's
//! and B's 2, D's 1½); board 4: F's player 2½ (won, drew, won), C's 2. With
//! the default minimum (two thirds of 3 rounds = 2 games) the prizes go to
//! F's board-1 and board-4 players.

use arbiter_engine::trf::TeamLine;
use arbiter_server::client::ApiClient;
use arbiter_tests::{s, Api, Backend, TestApp};
use serde_json::json;
use std::collections::HashMap;

/// Teams in registration order, with their base rating.
const TEAMS: [(char, u32); 6] = [('C', 2200), ('A', 2400), ('F', 1900), ('B', 2300), ('E', 2000), ('D', 2100)];

/// Each round's matches as (team with White on board 1 when the lot is
/// White, the other), in the published order, and who won each board (a
/// team's letter, `=` for a draw).
const ROUNDS: [[(char, char, [char; 4]); 3]; 3] = [
    [('A', 'D', ['A', 'A', '=', '=']), ('E', 'B', ['B', '=', 'E', 'B']), ('C', 'F', ['F', '=', 'C', 'F'])],
    [('B', 'A', ['B', 'A', 'B', '=']), ('F', 'D', ['=', '=', '=', '=']), ('E', 'C', ['E', 'E', 'E', 'C'])],
    [('F', 'B', ['F', '=', 'B', 'F']), ('A', 'E', ['A', 'E', '=', '=']), ('D', 'C', ['D', 'D', 'D', 'C'])],
];

/// The final standings: team, MP, then GP, SB, BH as shown.
const STANDINGS: [(&str, &str, [&str; 3]); 6] = [
    ("Team F", "5", ["7", "16", "7"]),
    ("Team B", "4", ["6.5", "22.5", "11"]),
    ("Team A", "3", ["6.5", "21", "10"]),
    ("Team E", "3", ["6.5", "12", "7"]),
    ("Team D", "3", ["6", "13", "8"]),
    ("Team C", "0", ["3.5", "13.5", "11"]),
];

pub(super) struct Setup {
    pub(super) to: ApiClient,
    pub(super) tid: String,
    /// Each team's captain, by letter.
    pub(super) captains: HashMap<char, ApiClient>,
    /// The board-1 players, who report themselves, by letter.
    pub(super) first_boards: HashMap<char, ApiClient>,
    /// Every member's (team letter, board 1-4), by registration id.
    pub(super) members: HashMap<String, (char, u32)>,
}

/// A signed-up account named `name`: its client and e-mail.
async fn account(app: &TestApp, name: &str) -> anyhow::Result<(ApiClient, String)> {
    let mut c = app.client();
    let email = format!(
        "{}-{}@test.arbiter",
        name.to_lowercase().replace(' ', "."),
        &uuid::Uuid::new_v4().simple().to_string()[..8]
    );
    c.sign_up(&email, "a long password", name).await?;
    Ok((c, email))
}

/// The event created, each team registered by its captain (board 1's
/// player by the e-mail of their account, boards 2-4 walk-ins, each with
/// their rating), checked in by the captain, and started.
async fn setup(app: &TestApp) -> anyhow::Result<Setup> {
    let (mut to, _) = app.user("Organiser").await?;
    let body = json!({ "name": "Team Swiss", "event_date": "2026-05-17", "format": "4 boards",
        "game": "chess", "pairing_system": "dutch", "total_rounds": 3,
        "teams": { "format": "chess", "size": 4 } });
    let t = to.create_tournament(&body).await?.ok()?;
    let tid = s(&t["tournament"], "id").to_string();
    to.advance(&tid).await?.ok()?;
    let (mut captains, mut first_boards, mut members, mut team_ids) =
        (HashMap::new(), HashMap::new(), HashMap::new(), HashMap::new());
    for (letter, base) in TEAMS {
        let (mut captain, _) = account(app, &format!("Captain {letter}")).await?;
        let (first, email) = account(app, &format!("{letter}1")).await?;
        first_boards.insert(letter, first);
        let players: Vec<_> = (1..=4u32)
            .map(|board| {
                let rating = base - 10 * (board - 1);
                let name = format!("{letter}{board}");
                if board == 1 {
                    json!({ "name": name, "email": email, "rating": rating })
                } else {
                    json!({ "name": name, "rating": rating })
                }
            })
            .collect();
        let r = captain
            .post(
                &format!("/api/tournaments/{tid}/teams"),
                &json!({ "name": format!("Team {letter}"), "players": players }),
            )
            .await?;
        let team = r.ok()?["team"].clone();
        team_ids.insert(letter, s(&team, "id").to_string());
        for m in team["members"].as_array().into_iter().flatten() {
            let board = m["seat"].as_u64().unwrap_or(99) as u32 + 1;
            members.insert(s(m, "player_id").to_string(), (letter, board));
        }
        captains.insert(letter, captain);
    }
    to.advance(&tid).await?.ok()?;
    for (letter, c) in &mut captains {
        c.post_empty(&format!("/api/teams/{}/check-in", team_ids[letter])).await?.ok()?;
    }
    to.advance(&tid).await?.ok()?;
    Ok(Setup { to, tid, captains, first_boards, members })
}

/// A chess result, White first, for a board won by `winner` (`=` a draw)
/// when White plays for `white_team`.
pub(super) fn result(winner: char, white_team: char) -> &'static str {
    match winner {
        '=' => "½-½",
        w if w == white_team => "1-0",
        _ => "0-1",
    }
}

/// The hand-worked Swiss above played through the API and checked, round
/// by round and in its final standings; returns the event and whether the
/// lot drew White.
pub(super) async fn played_swiss(app: &TestApp) -> (Setup, bool) {
    let mut su = setup(app).await.unwrap();
    let tid = su.tid.clone();
    let team_of = |name: &str| name.chars().last().unwrap_or('?');
    let mut lot_white = None;
    for (n, expected) in ROUNDS.iter().enumerate() {
        let r = su.to.new_round(&tid).await.unwrap().ok().unwrap();
        let rid = s(&r["round"], "id").to_string();
        su.to.pair_round(&rid).await.unwrap().ok().unwrap();
        let m = su.to.get(&format!("/api/rounds/{rid}/matches")).await.unwrap().ok().unwrap();
        let matches = m["matches"].as_array().unwrap().clone();
        assert_eq!(matches.len(), 3, "round {}: {m}", n + 1);
        if n == 0 {
            // The lot: A has White on board 1 of match 1 if White was drawn.
            lot_white = Some(team_of(s(&matches[0]["first"], "name")) == 'A');
        }
        let white = lot_white.unwrap();
        for (k, (m, &(a, b, winners))) in matches.iter().zip(expected).enumerate() {
            let (first, second) = if white { (a, b) } else { (b, a) };
            let got = (team_of(s(&m["first"], "name")), team_of(s(&m["second"], "name")));
            assert_eq!(got, (first, second), "round {} match {}: {m}", n + 1, k + 1);
            assert_eq!(m["number"], json!(k + 1));
            let boards = m["boards"].as_array().unwrap();
            assert_eq!(boards.len(), 4);
            for (i, bd) in boards.iter().enumerate() {
                let board = i as u32 + 1;
                // Colours by board: the first team has White on odd boards.
                let white_team = if board % 2 == 1 { first } else { second };
                let black_team = if board % 2 == 1 { second } else { first };
                let w = s(&bd["white"], "id");
                let bl = s(&bd["black"], "id");
                assert_eq!(su.members[w], (white_team, board), "round {} match {} board {board}", n + 1, k + 1);
                assert_eq!(su.members[bl], (black_team, board));
                let pid = s(bd, "pairing_id");
                let score = json!({ "result": result(winners[i], white_team) });
                if board == 1 {
                    // The board's players report and confirm.
                    su.first_boards.get_mut(&white_team).unwrap().report(pid, &score).await.unwrap().ok().unwrap();
                    su.first_boards.get_mut(&black_team).unwrap().confirm(pid).await.unwrap().ok().unwrap();
                } else {
                    // The captains act for their players: White's reports, Black's confirms.
                    su.captains.get_mut(&white_team).unwrap().report(pid, &score).await.unwrap().ok().unwrap();
                    if n == 0 && k == 0 && board == 2 {
                        // Neither the reporting side nor a captain of another match may confirm.
                        let own = su.captains.get_mut(&white_team).unwrap().confirm(pid).await.unwrap();
                        assert_eq!((own.status.as_u16(), own.code()), (403, "own_report"), "{:?}", own.body);
                        let outsider = su.captains.get_mut(&'C').unwrap().confirm(pid).await.unwrap();
                        assert_eq!((outsider.status.as_u16(), outsider.code()), (403, "not_your_table"));
                    }
                    su.captains.get_mut(&black_team).unwrap().confirm(pid).await.unwrap().ok().unwrap();
                }
            }
        }
        // Every board confirmed: each match shows its game and match points.
        let m = su.to.get(&format!("/api/rounds/{rid}/matches")).await.unwrap().ok().unwrap();
        for (m, &(_, _, winners)) in m["matches"].as_array().unwrap().iter().zip(expected) {
            let first = team_of(s(&m["first"], "name"));
            let gp: f64 = winners
                .iter()
                .map(|w| {
                    if *w == '=' {
                        0.5
                    } else if *w == first {
                        1.0
                    } else {
                        0.0
                    }
                })
                .sum();
            assert_eq!(s(m, "state"), "CONFIRMED");
            assert_eq!(s(m, "first_game_points").parse::<f64>().unwrap(), gp, "{m}");
            assert_eq!(s(m, "second_game_points").parse::<f64>().unwrap(), 4.0 - gp);
            let mp = if gp > 2.0 {
                "2"
            } else if gp < 2.0 {
                "0"
            } else {
                "1"
            };
            assert_eq!(s(m, "first_match_points"), mp, "{m}");
        }
        su.to.close_round(&rid).await.unwrap().ok().unwrap();
    }

    let st = su.to.standings(&tid).await.unwrap().ok().unwrap();
    let cols: Vec<&str> = st["columns"].as_array().unwrap().iter().map(|c| s(c, "code")).collect();
    assert_eq!(cols, ["GP", "SB", "BH"]);
    let rows = st["players"].as_array().unwrap();
    let got: Vec<(u64, &str, &str, Vec<&str>)> = rows
        .iter()
        .map(|r| {
            let values = r["values"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
            (r["rank"].as_u64().unwrap(), s(r, "display_name"), s(r, "score"), values)
        })
        .collect();
    let want: Vec<(u64, &str, &str, Vec<&str>)> =
        STANDINGS.iter().zip(1..).map(|(&(n, mp, v), rank)| (rank, n, mp, v.to_vec())).collect();
    assert_eq!(got, want);
    (su, lot_white.unwrap())
}

async fn chess_team_swiss_follows_the_olympiad_rules(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut su, lot_white) = played_swiss(&app).await;
    let tid = su.tid.clone();

    // Board prizes: F's board-1 and board-4 players, 2½ of 3.
    let b = su.to.get(&format!("/api/tournaments/{tid}/boards")).await.unwrap().ok().unwrap();
    assert_eq!(b["min_games"], json!(2));
    let boards = b["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 4);
    for (board, name) in [(0, "F1"), (3, "F4")] {
        let lines = boards[board]["lines"].as_array().unwrap();
        assert_eq!((s(&lines[0], "name"), s(&lines[0], "points")), (name, "2.5"), "{}", boards[board]);
        let prize: Vec<&str> = boards[board]["prize"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert_eq!(prize, [s(&lines[0], "player_id")]);
    }
    let b1: Vec<(&str, &str)> =
        boards[0]["lines"].as_array().unwrap().iter().map(|l| (s(l, "name"), s(l, "points"))).collect();
    assert_eq!(b1, [("F1", "2.5"), ("A1", "2"), ("B1", "2"), ("D1", "1.5"), ("E1", "1"), ("C1", "0")]);

    // TRF: a 001 line per member (24) and an 013 line per team, members in
    // board order numbered by team pairing number: A 1-4, B 5-8 … F 21-24.
    let trf = su.to.trf(&tid).await.unwrap();
    let text = trf.text.clone();
    let lines: Vec<&str> = text.split(['\r', '\n']).filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.iter().filter(|l| l.starts_with("001")).count(), 24, "{text}");
    let teams: Vec<TeamLine> =
        lines.iter().filter(|l| l.starts_with("013")).map(|l| TeamLine::parse(l).unwrap()).collect();
    let got: Vec<(String, Vec<u32>)> =
        teams.iter().map(|t| (t.name.clone(), t.members.iter().map(|m| m.0).collect())).collect();
    let want: Vec<(String, Vec<u32>)> =
        "ABCDEF".chars().zip(0u32..).map(|(c, k)| (format!("Team {c}"), (4 * k + 1..=4 * k + 4).collect())).collect();
    assert_eq!(got, want);
    // A1 (no. 1) met D1 (no. 13) in round 1 and won: with White if White was drawn.
    let a1 = lines.iter().find(|l| l.starts_with("001    1")).unwrap();
    let colour = if lot_white { "w" } else { "b" };
    assert!(a1.contains(&format!("  13 {colour} 1")), "{a1}");
    app.stop().await;
}

#[actix_web::test]
async fn chess_team_swiss_follows_the_olympiad_rules_on_sqlite() {
    chess_team_swiss_follows_the_olympiad_rules(Backend::Sqlite).await;
}

#[actix_web::test]
async fn chess_team_swiss_follows_the_olympiad_rules_on_postgres() {
    chess_team_swiss_follows_the_olympiad_rules(Backend::Postgres).await;
}
