//! Languages: every page in English, French, German, Spanish, Italian and
//! Dutch (chosen by
//! `Accept-Language`, by the `?lang=` switch and its cookie) with no missing
//! message, the scripts' texts drawn in the page's language in Chromium, and
//! API errors and error pages in the language asked for.

use arbiter_tests::browser::Browser;
use arbiter_tests::{Event, TestApp};
use serde_json::{json, Value};
use std::time::Duration;

/// Each language, the name of its switch's `aria-label`, and a word of the
/// scripts' strings every page embeds.
const LANGS: [(&str, &str, &str); 6] = [
    ("en", "Language", "\"state-playing\":\"Playing\""),
    ("fr", "Langue", "\"state-playing\":\"En cours\""),
    ("de", "Sprache", "\"state-playing\":\"Läuft\""),
    ("es", "Idioma", "\"state-playing\":\"Jugando\""),
    ("it", "Lingua", "\"state-playing\":\"In gioco\""),
    ("nl", "Taal", "\"state-playing\":\"Bezig\""),
];

/// `GET path` with these headers: status, body, and the `Set-Cookie` headers.
async fn fetch(base: &str, path: &str, headers: &[(&str, String)]) -> (u16, String, Vec<String>) {
    let mut req = awc::Client::new().get(format!("{base}{path}"));
    for (k, v) in headers {
        req = req.insert_header((*k, v.clone()));
    }
    let mut res = req.send().await.unwrap();
    let cookies = res.headers().get_all("set-cookie").filter_map(|v| v.to_str().ok().map(String::from)).collect();
    let body = res.body().limit(16 * 1024 * 1024).await.unwrap_or_default();
    (res.status().as_u16(), String::from_utf8_lossy(&body).into_owned(), cookies)
}

fn session(c: &arbiter_server::client::ApiClient) -> String {
    format!("arbiter_session={}", c.session().unwrap_or_default())
}

/// Checks one page in one language; the problems found.
fn check(path: &str, who: &str, lang: (&str, &str, &str), status: u16, body: &str) -> Vec<String> {
    let (code, switch, js) = lang;
    let mut bad = Vec::new();
    let at = format!("{path} as {who} in {code}");
    if status != 200 {
        bad.push(format!("{at}: status {status}"));
    }
    if body.contains("⟦missing") {
        let i = body.find("⟦missing").unwrap_or(0);
        bad.push(format!("{at}: {}", body[i..].chars().take(60).collect::<String>()));
    }
    if !body.contains(&format!("<html lang=\"{code}\">")) {
        bad.push(format!("{at}: not <html lang=\"{code}\">"));
    }
    if !body.contains(&format!("aria-label=\"{switch}\"")) {
        bad.push(format!("{at}: no language switch named {switch}"));
    }
    if !body.contains(js) {
        bad.push(format!("{at}: the scripts' strings are not in {code}"));
    }
    for (other, _, _) in LANGS {
        if !body.contains(&format!("hreflang=\"{other}\"")) && other != code {
            bad.push(format!("{at}: no switch to {other}"));
        }
    }
    bad
}

#[actix_web::test]
async fn every_page_renders_in_every_language_with_no_missing_message() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "L", 6, 3).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 70, 30).await.unwrap();
    let tid = ev.tid.clone();
    let listed = ev.to.get(&format!("/api/tournaments/{tid}/players")).await.unwrap().ok().unwrap();
    let user = listed["players"][0]["user_id"].as_str().unwrap_or_default().to_string();
    let visitor = [
        "/".to_string(),
        "/login".into(),
        "/signup".into(),
        format!("/t/{tid}"),
        format!("/t/{tid}/board"),
        format!("/t/{tid}/standings"),
        format!("/t/{tid}/bracket"),
        format!("/t/{tid}/results"),
        format!("/t/{tid}/prizes"),
        "/ratings/wh40k".into(),
        format!("/users/{user}"),
        "/api/docs".into(),
    ];
    let player_pages = [format!("/t/{tid}/me"), format!("/t/{tid}"), "/".into()];
    let to_pages = [format!("/t/{tid}/dashboard"), format!("/t/{tid}/prizes/manage"), "/tournaments/new".into()];
    let player = session(&ev.players[tables[1].p1]);
    let to = session(&ev.to);
    let mut bad = Vec::new();
    let mut pages = 0;
    for lang in LANGS {
        let accept = ("Accept-Language", format!("{};q=0.9, pt;q=0.95, *;q=0.1", lang.0));
        let sets: [(&str, &[String], Option<&String>); 3] = [
            ("visitor", &visitor, None),
            ("player", &player_pages, Some(&player)),
            ("organiser", &to_pages, Some(&to)),
        ];
        for (who, paths, cookie) in sets {
            for path in paths {
                let mut headers = vec![accept.clone()];
                if let Some(c) = cookie {
                    headers.push(("Cookie", c.clone()));
                }
                let (status, body, _) = fetch(&app.base, path, &headers).await;
                bad.extend(check(path, who, lang, status, &body));
                pages += 1;
            }
        }
    }
    // The same pages by the switch alone (no Accept-Language).
    for lang in LANGS {
        for path in &visitor {
            let sep = if path.contains('?') { '&' } else { '?' };
            let (status, body, _) = fetch(&app.base, &format!("{path}{sep}lang={}", lang.0), &[]).await;
            bad.extend(check(path, "visitor by ?lang", lang, status, &body));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert_eq!(pages, LANGS.len() * 18);

    // Known words, translated.
    let home = |lang: &'static str| {
        let base = app.base.clone();
        async move { fetch(&base, "/", &[("Accept-Language", lang.to_string())]).await.1 }
    };
    assert!(home("fr").await.contains("Inscriptions ouvertes"));
    assert!(home("de").await.contains("Anmeldung offen"));
    assert!(home("es").await.contains("Inscripción abierta"));
    assert!(home("it").await.contains("Iscrizioni aperte"));
    assert!(home("nl-BE").await.contains("Open voor inschrijving"));
    assert!(home("en-GB,en;q=0.9").await.contains("Open for registration"));
    let (_, event, _) = fetch(&app.base, &format!("/t/{tid}"), &[("Accept-Language", "fr".into())]).await;
    assert!(event.contains("Tableau des appariements") && event.contains("3 rondes") && event.contains("Joueurs (6)"));
    app.stop().await;
}

#[actix_web::test]
async fn the_switch_is_remembered_and_accept_language_is_read_by_q_value() {
    let app = TestApp::spawn().await.unwrap();
    // q-values: Spanish is preferred to English here, Portuguese is not offered.
    let (_, body, _) = fetch(&app.base, "/", &[("Accept-Language", "pt, en;q=0.5, es;q=0.8".into())]).await;
    assert!(body.contains("<html lang=\"es\">"));
    let (_, body, _) = fetch(&app.base, "/", &[("Accept-Language", "it-IT, nl;q=0.9".into())]).await;
    assert!(body.contains("<html lang=\"it\">") && body.contains("Accedi"), "Italian is offered");
    let (_, body, _) = fetch(&app.base, "/", &[("Accept-Language", "pt, nl;q=0.4, en;q=0.3".into())]).await;
    assert!(body.contains("<html lang=\"nl\">") && body.contains("Inloggen"), "Dutch is offered");
    let (_, body, _) = fetch(&app.base, "/", &[("Accept-Language", "pt, pl".into())]).await;
    assert!(body.contains("<html lang=\"en\">"), "nothing offered: English");
    // The switch sets a cookie, which then wins over Accept-Language.
    let (_, body, cookies) = fetch(&app.base, "/login?lang=de", &[("Accept-Language", "fr".into())]).await;
    assert!(body.contains("<html lang=\"de\">") && body.contains("Passwort"));
    let cookie = cookies.iter().find(|c| c.starts_with("lang=")).cloned().unwrap_or_default();
    assert!(cookie.starts_with("lang=de") && cookie.contains("Path=/"), "{cookies:?}");
    let (_, body, _) =
        fetch(&app.base, "/signup", &[("Accept-Language", "fr".into()), ("Cookie", "lang=de".into())]).await;
    assert!(body.contains("<html lang=\"de\">") && body.contains("Konto erstellen"));
    // The switch's links keep the page's other parameters.
    let (_, body, _) = fetch(&app.base, "/?q=Open&lang=es", &[]).await;
    assert!(body.contains("href=\"/?q=Open&#38;lang=fr\"") || body.contains("href=\"/?q=Open&amp;lang=fr\""), "{body}");
    app.stop().await;
}

#[actix_web::test]
async fn api_errors_and_error_pages_are_in_the_language_asked_for() {
    let app = TestApp::spawn().await.unwrap();
    let missing = "/api/tournaments/00000000-0000-4000-8000-000000000000";
    let (status, body, _) = fetch(&app.base, missing, &[("Accept-Language", "fr-FR,fr;q=0.9".into())]).await;
    let v: Value = serde_json::from_str(&body).unwrap_or_default();
    assert_eq!(status, 404);
    assert_eq!(v, json!({ "error": "tournament_not_found", "message": "Aucun tournoi ne porte cet identifiant." }));
    // English stays as the refusal wrote it.
    let (_, body, _) = fetch(&app.base, missing, &[("Accept-Language", "en".into())]).await;
    let v: Value = serde_json::from_str(&body).unwrap_or_default();
    assert_eq!(v["message"], "There is no tournament with this id.");
    let (_, body, _) = fetch(&app.base, missing, &[]).await;
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap_or_default()["message"],
        "There is no tournament with this id."
    );
    // The lang cookie counts for the API too, and a field's refusal is in
    // that language's own words (no English detail), the field in `details`.
    let (c, _) = app.user("Lang").await.unwrap();
    let create = |lang: &'static str, body: Value| {
        awc::Client::new()
            .post(format!("{}/api/tournaments", app.base))
            .insert_header(("Cookie", format!("{}; lang={lang}", session(&c))))
            .insert_header(("Origin", app.base.clone()))
            .send_json(&body)
    };
    let empty_name = json!({ "name": "", "event_date": "2026-05-17", "format": "F", "total_rounds": 3 });
    for (lang, said) in [
        ("de", "Der Name der Veranstaltung darf nicht leer sein."),
        ("fr", "Le nom de l'événement ne doit pas être vide."),
        ("it", "Il nome del torneo: campo obbligatorio."),
        ("nl", "De naam van het toernooi mag niet leeg zijn."),
        ("en", "The event's name must not be empty."),
    ] {
        let mut res = create(lang, empty_name.clone()).await.unwrap();
        let v: Value = res.json().await.unwrap_or_default();
        assert_eq!(res.status().as_u16(), 422, "{v}");
        assert_eq!(v, json!({ "error": "invalid_field", "message": said, "details": { "field": "name" } }));
    }
    let bad_date = json!({ "name": "N", "event_date": "17/05", "format": "F", "total_rounds": 3 });
    let mut res = create("fr", bad_date).await.unwrap();
    let v: Value = res.json().await.unwrap_or_default();
    let m = v["message"].as_str().unwrap_or_default();
    assert_eq!(m, "La date doit s'écrire comme 2026-05-17 (AAAA-MM-JJ).", "{v}");
    assert!(!m.contains("(en anglais") && !m.contains("must be"), "{m}");
    // Error pages.
    let (status, body, _) = fetch(&app.base, "/no/such/page?x=1", &[("Accept-Language", "es".into())]).await;
    assert_eq!(status, 404);
    let back = ["&#38;", "&amp;"].map(|amp| format!("href=\"/no/such/page?x=1{amp}lang=de\""));
    assert!(back.iter().any(|b| body.contains(b.as_str())), "the switch links back to the page: {body}");
    let res =
        awc::Client::new().get(format!("{}/login", app.base)).insert_header(("Accept-Language", "de")).send().await;
    let lang =
        res.ok().and_then(|r| r.headers().get("content-language").and_then(|v| v.to_str().ok()).map(String::from));
    assert_eq!(lang.as_deref(), Some("de"));
    assert!(
        body.contains("<html lang=\"es\">") && body.contains("No encontrado") && body.contains("Volver a los torneos")
    );
    let (status, body, _) =
        fetch(&app.base, "/t/00000000-0000-4000-8000-000000000000", &[("Accept-Language", "de".into())]).await;
    assert_eq!(status, 404);
    assert!(body.contains("Es gibt kein Turnier mit dieser Kennung.") && body.contains("Fehlercode:"), "{body}");
    app.stop().await;
}

#[actix_web::test]
async fn the_scripts_draw_boards_and_standings_in_the_page_language() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "B", 4, 3).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 70, 30).await.unwrap();
    let tid = ev.tid.clone();
    let b = Browser::start().await.unwrap();
    let text = |sel: &str| format!("const e = document.querySelector('{sel}'); return e ? e.textContent : null;");
    let drawn = |sel: &str, words: &[&str]| {
        let checks: Vec<String> = words.iter().map(|w| format!("t.includes({})", json!(w))).collect();
        format!(
            "const e = document.querySelector('{sel}'); const t = e ? e.textContent : ''; return ({}) ? t : false;",
            checks.join(" && ")
        )
    };
    // French by the switch: the board's rows and headings.
    b.client.goto(&format!("{}/t/{tid}/board?lang=fr", app.base)).await.unwrap();
    let board = b
        .until(&drawn("#board-body", &["Joueur 1", "PV", "État", "Confirmé", "En cours"]), Duration::from_secs(10))
        .await;
    let body = b.client.execute(&text("#board-body"), vec![]).await.unwrap_or_default();
    assert!(board.is_some(), "the board is not in French: {body}");
    b.save_screenshot("board-fr.png").await;
    let round = b.client.execute(&text("[data-field=round]"), vec![]).await.unwrap_or_default();
    assert_eq!(round, json!("Ronde 1"));
    // The cookie keeps French: the standings table drawn by the script.
    b.client.goto(&format!("{}/t/{tid}/standings", app.base)).await.unwrap();
    let head = b.until(&drawn("#standings-head", &["Joueur", "Faction"]), Duration::from_secs(10)).await;
    assert!(head.is_some(), "the standings are not in French");
    b.save_screenshot("standings-fr.png").await;
    // The tie-break columns' names (the headers' titles) too.
    let titles = b
        .client
        .execute(
            "return [...document.querySelectorAll('#standings-head th[title]')].map(e => e.title).join('|');",
            vec![],
        )
        .await
        .unwrap_or_default();
    let titles = titles.as_str().unwrap_or_default();
    assert!(titles.contains("Écart de PV") && titles.contains("Force des adversaires (SOS)"), "{titles}");
    let lang = b.client.execute("return document.documentElement.lang;", vec![]).await.unwrap_or_default();
    assert_eq!(lang, json!("fr"));
    // German: the results page (the crosstable drawn from the API).
    b.client.goto(&format!("{}/t/{tid}/results?lang=de", app.base)).await.unwrap();
    let results = b.until(&drawn("#results", &["Spieler", "Jede Runde"]), Duration::from_secs(10)).await;
    assert!(results.is_some(), "the results are not in German");
    // Spanish: the player's page, signed in.
    let player = ev.players[tables[1].p1].session().unwrap_or_default().to_string();
    b.client.goto(&format!("{}/?lang=es", app.base)).await.unwrap();
    b.client
        .execute(&format!("document.cookie = 'arbiter_session={player}; path=/'; return true;"), vec![])
        .await
        .unwrap();
    b.client.goto(&format!("{}/t/{tid}/me", app.base)).await.unwrap();
    let me = b.until(&drawn("#my-pairing", &["Ronda 1", "Mesa", "contra"]), Duration::from_secs(10)).await;
    let body = b.client.execute(&text("#my-pairing"), vec![]).await.unwrap_or_default();
    assert!(me.is_some(), "the player's page is not in Spanish: {body}");
    b.save_screenshot("me-es.png").await;
    let missing =
        b.client.execute("return document.body.innerHTML.includes('⟦missing');", vec![]).await.unwrap_or_default();
    assert_eq!(missing, json!(false));
    // German: the organiser's dashboard (its buttons, queues and tie-break editor drawn by the scripts).
    let to = ev.to.session().unwrap_or_default().to_string();
    b.client.execute(&format!("document.cookie = 'arbiter_session={to}; path=/'; return true;"), vec![]).await.unwrap();
    b.client.goto(&format!("{}/t/{tid}/dashboard?lang=de", app.base)).await.unwrap();
    let words = ["Runde 1 abschließen", "Bestätigt", "Fehlende Ergebnisse", "Feinwertungen speichern"];
    let dash = b.until(&drawn("main", &words), Duration::from_secs(10)).await;
    b.save_screenshot("dashboard-de.png").await;
    let body = b.client.execute(&text("main"), vec![]).await.unwrap_or_default();
    assert!(dash.is_some(), "the dashboard is not in German: {body}");
    let missing =
        b.client.execute("return document.body.innerHTML.includes('⟦missing');", vec![]).await.unwrap_or_default();
    assert_eq!(missing, json!(false));
    b.close().await;
    app.stop().await;
}
