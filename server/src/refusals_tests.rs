//! Refusals that have their own words in every language (`ApiError::text`),
//! built where they are made: across the service, auth and HTTP modules, so
//! this test sits at the crate's root rather than in `error` (which they all
//! depend on).

use crate::error::{message_key, Code};
use arbiter_web::i18n::{Arg, Lang, MISSING};

/// Refusals with their own words: English exactly as before, and the
/// other languages in their own words, with no English detail.
#[test]
fn refusals_have_their_own_words_in_every_language() {
    use crate::auth::password::weakness;
    use crate::domain::{Game, PairingSystem, PlayerProfile};
    use crate::game::default_standings;
    use crate::service::standings::tiebreaks::validate;
    use crate::service::{self, lifecycle::clock::ClockInput, lifecycle::tournaments};
    let field = |f, s: &str, max| service::clean_text(f, s, max).err();
    let clock = |action: &str, minutes| ClockInput { action: action.into(), minutes }.action().err();
    let cases = [
        (field("name", "  ", 120), "The event's name must not be empty."),
        (field("display_name", &"x".repeat(65), 64), "The name must be at most 64 characters."),
        (field("faction", "a\u{7}b", 64), "The faction must be a single line of text."),
        (field("tiebreak", " ", 300), "tiebreak must not be empty."),
        (
            tournaments::schedule(&["9h".into()]).err(),
            "The start time for round 1 must be a time like 09:30 or 2026-05-17 09:30; \"9h\" is not.",
        ),
        (tournaments::schedule(&vec!["09:00".into(); 31]).err(), "Give at most 30 round times."),
        (clock("start", None), "Give the minutes: the round's length, 1 to 600 minutes."),
        (clock("start", Some(601)), "Give the round's length, 1 to 600 minutes."),
        (clock("extend", None), "Give the minutes: the minutes to add, 1 to 120 (or −1 to −120 to take time back)."),
        (clock("extend", Some(0)), "Give the minutes to add, 1 to 120 (or −1 to −120 to take time back)."),
        (clock("explode", None), "The clock cannot \"explode\"; choose start, pause, resume, extend or end."),
        (weakness("short", &[]), "Choose a password of 8 to 256 characters."),
        (
            weakness("password", &[]),
            "This password is too easy to guess. This is a top-10 common password. Add another word or two. \
             Uncommon words are better. A few unrelated words make a strong password that is easy to remember.",
        ),
        (
            service::people::profile::clean(PlayerProfile { title: Some("XX".into()), ..PlayerProfile::default() })
                .err(),
            "title must be one of GM, IM, WGM, FM, WIM, CM, WFM, WCM, AGM, AIM.",
        ),
        (
            service::people::profile::clean(PlayerProfile { club: Some("c".repeat(65)), ..PlayerProfile::default() })
                .err(),
            "club must be one line of at most 64 characters.",
        ),
        (
            validate(Game::Chess, PairingSystem::Dutch, 0, &default_standings(Game::Wh40k, PairingSystem::SwissRecord))
                .err(),
            "This is a Chess event: the configuration's game must be \"chess\".",
        ),
        (
            Some(crate::http::body_limit::too_large(256 * 1024)),
            "The request is too large: this endpoint takes at most 256 KB of data.",
        ),
        (
            Some(crate::http::body_limit::too_large(4 * 1024 * 1024)),
            "The request is too large: this endpoint takes at most 4 MB of data.",
        ),
        (
            crate::service::prizes::config::from_json(serde_json::json!([])).err(),
            "The prize configuration must be a JSON object with `categories` and `rules`.",
        ),
        (
            crate::service::prizes::config::from_json(
                serde_json::json!({ "categories": [{ "name": "Open", "prizes": [{ "place": 0 }] }] }),
            )
            .err(),
            "Category `Open`: prize places start at 1.",
        ),
        (
            crate::service::prizes::import::from_csv(
                "category,place\nOpen,-1\n",
                arbiter_engine::prizes::RuleConfig::default(),
            )
            .err(),
            "Row 2, column place: `-1` must not be negative.",
        ),
        (
            crate::service::prizes::import::from_csv("place\n1\n", arbiter_engine::prizes::RuleConfig::default()).err(),
            "Row 1: the header must have a `category` column.",
        ),
    ];
    for (e, english) in cases {
        let Some(e) = e else { panic!("no refusal for {english:?}") };
        assert_eq!(e.message(), english);
        assert_eq!(e.message_in(Lang::En), english);
        for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
            let m = e.message_in(lang);
            assert!(!m.contains(english) && !m.contains(MISSING), "{}: {m}", lang.code());
            let none = || Arg::Text(String::new());
            let label = lang.t_args("err-with-detail", &[("message", none()), ("detail", none())]);
            assert!(!m.contains(label.trim()), "{}: {m}", lang.code());
            let code = Code::ALL.iter().find(|c| c.as_str() == e.code()).copied();
            assert_ne!(Some(m.clone()), code.map(|c| lang.t(&message_key(c))), "{}", lang.code());
        }
    }
    let e = service::clean_text("name", "", 120).err().map(|e| e.message_in(Lang::Fr));
    assert_eq!(e.as_deref(), Some("Le nom de l'événement ne doit pas être vide."));
    let e = service::clean_text("faction", &"x".repeat(65), 64).err().map(|e| e.message_in(Lang::De));
    assert_eq!(e.as_deref(), Some("Die Fraktion darf höchstens 64 Zeichen lang sein."));
    let e = service::clean_text("name", "", 120).err().map(|e| e.message_in(Lang::It));
    assert_eq!(e.as_deref(), Some("Il nome del torneo: campo obbligatorio."));
    let e = service::clean_text("faction", &"x".repeat(65), 64).err().map(|e| e.message_in(Lang::Nl));
    assert_eq!(e.as_deref(), Some("De factie mag hoogstens 64 tekens lang zijn."));
}
