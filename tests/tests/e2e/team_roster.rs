//! A team event's roster from a spreadsheet (issue 25, point 1): the CSV
//! roster with a `team` column and captain/reserve flags registers every
//! team at once; members without accounts are claimed with claim codes as
//! singles entries are; each bad line is refused by row and column and
//! nothing is added.

use super::teams::{account, team_event};
use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::{s, Backend, TestApp};
use serde_json::{json, Value};

async fn send(to: &mut ApiClient, tid: &str, query: &str, csv: &str) -> Reply {
    let path = format!("/api/tournaments/{tid}/entries.csv{query}");
    to.send_raw(awc::http::Method::POST, &path, Some(("text/csv", csv.to_string()))).await.unwrap()
}

fn problems(body: &Value) -> Vec<(u64, String)> {
    body.as_array().unwrap().iter().map(|p| (p["row"].as_u64().unwrap(), s(p, "column").to_string())).collect()
}

async fn roster(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _, _) = account(&app, "Organiser").await;
    let (_, ann_id, ann) = account(&app, "Ann").await;
    let (_, bob_id, bob) = account(&app, "Bob").await;
    let tid =
        team_event(&mut to, "wh40k", "swiss_record", 3, json!({ "format": "wh40k", "size": 5, "reserves": 1 })).await;

    // Bad lines: each refused by row and column, nothing added.
    let bad = format!(
        "team,name,faction,captain,reserve,email\n\
         ,Nobody,Orks,,,\n\
         Reds,R1,Orks,maybe,,\n\
         Reds,R2,Necrons,yes,,\n\
         Reds,R3,Orks,,,\n\
         Reds,R4,Aeldari,,,\n\
         Reds,R5,Tau Empire,,,\n\
         Blues,B1,Orks,,,nobody@nowhere.test\n\
         Blues,B2,Necrons,,,{bob}\n\
         Blues,B3,Aeldari,,,\n\
         Blues,B4,Tau Empire,,,\n\
         Greens,G1,Orks,,,not-an-email\n"
    );
    let before = app.fingerprint().await.unwrap();
    let preview = send(&mut to, &tid, "?preview=true", &bad).await.ok().unwrap();
    assert_eq!(
        problems(&preview["problems"]),
        [(2, "team".into()), (3, "captain".into()), (4, "captain".into()), (8, "team".into()), (12, "email".into())],
        "{preview}"
    );
    let blues = preview["problems"].as_array().unwrap().iter().find(|p| p["row"] == 8).unwrap();
    assert!(s(blues, "message").contains("Blues (rows 8, 9, 10, 11)"), "{blues}");
    assert!(s(blues, "message").contains("exactly 5 players"), "{blues}");
    let refused = send(&mut to, &tid, "", &bad).await;
    assert_eq!((refused.status.as_u16(), refused.code()), (422, "invalid_csv"), "{}", refused.text);
    assert!(s(&refused.body, "message").starts_with("Row 2, column team:"), "{}", refused.body);
    assert_eq!(problems(&refused.body["details"]).len(), 5);
    assert_eq!(app.fingerprint().await.unwrap(), before, "a refused roster adds nothing");

    // A faction twice in a team, and an e-mail with no account: the team's refusal, on its first row.
    let twice = "team,name,faction\nReds,R1,Orks\nReds,R2,Orks\nReds,R3,Necrons\nReds,R4,Aeldari\nReds,R5,Tau Empire\n";
    let r = send(&mut to, &tid, "", twice).await;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_csv"));
    assert!(s(&r.body, "message").contains("Orks appears twice in Reds"), "{}", r.body);
    let no_team = send(&mut to, &tid, "", "name,faction\nR1,Orks\n").await;
    assert_eq!((no_team.status.as_u16(), no_team.code()), (422, "invalid_csv"));
    assert!(s(&no_team.body, "message").contains("`team` column"), "{}", no_team.body);

    // A good roster: Reds captained by Ann (playing board 1) with a reserve; Blues kept by the organiser.
    let good = format!(
        "name,team,faction,rating,club,email,captain,reserve\n\
         Ann,Reds,Orks,1500,Club A,{ann},yes,\n\
         Blue 1,Blues,Orks,,,,,\n\
         Red 2,Reds,Necrons,,,,,\n\
         Blue 2,Blues,Necrons,,,{bob},,\n\
         Red 3,Reds,Aeldari,,,,,\n\
         Red 4,Reds,Tau Empire,,,,,\n\
         Red 5,Reds,Space Marines,,,,,\n\
         Red 6,Reds,Grey Knights,,,,,x\n\
         Blue 3,Blues,Aeldari,,,,,\n\
         Blue 4,Blues,Tau Empire,,,,,\n\
         Blue 5,Blues,Space Marines,,,,,\n"
    );
    let preview = send(&mut to, &tid, "?preview=true", &good).await.ok().unwrap();
    assert_eq!(preview["problems"], json!([]), "{preview}");
    assert_eq!(preview["rows"][7]["reserve"], true);
    assert_eq!(app.fingerprint().await.unwrap(), before, "a preview adds nothing");
    let done = send(&mut to, &tid, "", &good).await.ok().unwrap();
    assert_eq!(done["added"].as_array().unwrap().len(), 11);
    let teams = to.get(&format!("/api/tournaments/{tid}/teams")).await.unwrap().ok().unwrap();
    let teams = teams["teams"].as_array().unwrap();
    let names: Vec<&str> = teams.iter().map(|t| s(t, "name")).collect();
    assert_eq!(names, ["Reds", "Blues"], "registered in the file's order");
    let (reds, blues) = (&teams[0], &teams[1]);
    assert_eq!(reds["captain_id"], json!(ann_id));
    assert!(blues["captain_id"].is_null(), "a team without a captain line is the organiser's");
    let seats = |t: &Value| -> Vec<(String, bool)> {
        t["members"].as_array().unwrap().iter().map(|m| (s(m, "name").to_string(), m["reserve"] == true)).collect()
    };
    let r = |n: &str, reserve: bool| (n.to_string(), reserve);
    assert_eq!(
        seats(reds),
        [r("Ann", false), r("Red 2", false), r("Red 3", false), r("Red 4", false), r("Red 5", false), r("Red 6", true)]
    );
    assert_eq!(reds["members"][0]["user_id"], json!(ann_id));
    assert_eq!(reds["members"][0]["profile"]["club"], "Club A", "{}", reds["members"][0]);
    assert_eq!(blues["members"][1]["user_id"], json!(bob_id));

    // A member without an account is claimed with a claim code, as a singles entry.
    let red2 = s(&reds["members"][1], "player_id").to_string();
    assert_eq!(reds["members"][1]["claimed"], false);
    let code = to.post_empty(&format!("/api/players/{red2}/claim-code")).await.unwrap().ok().unwrap();
    let (mut carl, carl_id, _) = account(&app, "Carl").await;
    carl.post_empty(&format!("/api/claims/{}", s(&code, "code"))).await.unwrap().ok().unwrap();
    let reds = to.get(&format!("/api/teams/{}", s(reds, "id"))).await.unwrap().ok().unwrap()["team"].clone();
    assert_eq!(
        (reds["members"][1]["claimed"].clone(), reds["members"][1]["user_id"].clone()),
        (json!(true), json!(carl_id))
    );

    // The same roster again: the names and accounts are taken.
    let again = send(&mut to, &tid, "", &good).await;
    assert_eq!((again.status.as_u16(), again.code()), (422, "invalid_csv"), "{}", again.text);
    app.stop().await;
}

#[actix_web::test]
async fn a_team_roster_is_imported_from_csv_sqlite() {
    roster(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_team_roster_is_imported_from_csv_postgres() {
    roster(Backend::Postgres).await;
}
