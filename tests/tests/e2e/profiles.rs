//! Player profiles: given at registration, corrected by the TO, private
//! facts (birth date, sex, disability) shown only to the TO and the player.

use arbiter_tests::{open_tournament, s, Api, TestApp};
use serde_json::json;

#[actix_web::test]
async fn profiles_are_registered_corrected_and_kept_private() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Profile Open", 5).await.unwrap();
    let (mut ann, _) = app.user("Ann").await.unwrap();
    let profile = json!({ "rating": 2105, "title": "wfm", "federation": "eng", "birth_date": "2008-03-14", "sex": "w", "club": "Hastings", "disability": true });
    let me = ann
        .register_with(&tid, &json!({ "display_name": "Ann", "faction": "Hastings", "profile": profile }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let pid = s(&me["player"], "id").to_string();
    assert_eq!(me["player"]["profile"]["title"], "WFM");
    assert_eq!(me["player"]["profile"]["birth_date"], "2008-03-14", "the player sees her own private facts");

    let (mut bob, _) = app.user("Bob").await.unwrap();
    let public = bob.players(&tid).await.unwrap().ok().unwrap();
    let p = &public["players"][0]["profile"];
    assert_eq!((p["rating"].as_u64(), p["federation"].as_str()), (Some(2105), Some("ENG")));
    assert!(
        p["birth_date"].is_null() && p["sex"].is_null() && p["disability"].is_null(),
        "private facts are hidden: {p}"
    );
    let as_to = to.players(&tid).await.unwrap().ok().unwrap();
    assert_eq!(as_to["players"][0]["profile"]["sex"], "w");

    // The TO corrects the rating; a player may not.
    let fixed = json!({ "profile": { "rating": 2150, "title": "WFM", "birth_date": "2008-03-14", "sex": "w" } });
    let r = bob.put_profile(&pid, &fixed).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_organiser"));
    let r = to.put_profile(&pid, &fixed).await.unwrap().ok().unwrap();
    assert_eq!(r["player"]["profile"]["rating"], 2150);
    let bad = json!({ "profile": { "rating": 9000 } });
    let r = to.put_profile(&pid, &bad).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_profile"));
    let r = bob
        .register_with(&tid, &json!({ "display_name": "Bob", "faction": "x", "profile": { "sex": "q" } }))
        .await
        .unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_profile"));
    app.stop().await;
}
