//! Eligibility (prize spec, "Eligibility Evaluation"): each filter and its
//! reason code.

mod prizes_support;

use arbiter_engine::prizes::{eligibility, Category, Ineligible, Player, RuleConfig};
use prizes_support::*;

fn check(cat: &Category, p: &Player) -> Result<(), Ineligible> {
    eligibility(cat, p, date(START), &RuleConfig::default())
}

fn rated(rating: Option<u32>) -> Player {
    Player { rating, ..player(1, "P", 1) }
}

#[test]
fn rating_range_is_inclusive_and_unrated_needs_permission() {
    let mut c = category("u2000", 1, vec![]);
    c.min_rating = Some(1600);
    c.max_rating = Some(1999);
    assert_eq!(check(&c, &rated(Some(1600))), Ok(()));
    assert_eq!(check(&c, &rated(Some(1999))), Ok(()));
    assert_eq!(check(&c, &rated(Some(1599))), Err(Ineligible::BelowMinRating));
    assert_eq!(check(&c, &rated(Some(2000))), Err(Ineligible::AboveMaxRating));
    assert_eq!(check(&c, &rated(None)), Err(Ineligible::UnratedInRatingCategory));
    // A rating of 0 is unrated, as the spec's `!player.rating` reads it.
    assert_eq!(check(&c, &rated(Some(0))), Err(Ineligible::UnratedInRatingCategory));

    let allow = RuleConfig { allow_unrated_in_rating_category: true, ..RuleConfig::default() };
    assert_eq!(eligibility(&c, &rated(None), date(START), &allow), Ok(()));
    // The category's own setting wins over the event's.
    c.allow_unrated = Some(false);
    assert_eq!(eligibility(&c, &rated(None), date(START), &allow), Err(Ineligible::UnratedInRatingCategory));
    c.allow_unrated = Some(true);
    assert_eq!(check(&c, &rated(None)), Ok(()));
}

#[test]
fn zero_bounds_and_blank_filters_do_not_filter() {
    let mut c = category("all", 1, vec![]);
    c.min_rating = Some(0);
    c.max_age = Some(0);
    c.city = Some("  ".into());
    assert_eq!(check(&c, &rated(None)), Ok(()));
}

#[test]
fn age_is_completed_years_on_the_start_date() {
    let mut c = category("u12", 1, vec![]);
    c.min_age = Some(8);
    c.max_age = Some(12);
    let born = |d: &str| Player { date_of_birth: Some(date(d)), ..player(1, "P", 1) };
    // Turns 13 on the start date: too old. Turns 13 the day after: 12.
    assert_eq!(check(&c, &born("2012-11-07")), Err(Ineligible::AboveMaxAge));
    assert_eq!(check(&c, &born("2012-11-08")), Ok(()));
    assert_eq!(check(&c, &born("2017-11-07")), Ok(()));
    assert_eq!(check(&c, &born("2017-11-08")), Err(Ineligible::BelowMinAge));
    assert_eq!(check(&c, &player(1, "P", 1)), Err(Ineligible::MissingDateOfBirth));
}

#[test]
fn text_filters_ignore_case_and_surrounding_space() {
    let mut c = category("local", 1, vec![]);
    c.gender = Some("F".into());
    c.city = Some("Pune".into());
    c.state = Some("MH".into());
    c.club = Some("Deccan Gymkhana".into());
    c.disability = Some("VI".into());
    let mut p = Player {
        gender: Some("f".into()),
        city: Some(" pune ".into()),
        state: Some("mh".into()),
        club: Some("DECCAN GYMKHANA".into()),
        disability: Some("vi".into()),
        ..player(1, "P", 1)
    };
    assert_eq!(check(&c, &p), Ok(()));
    p.club = Some("Another Club".into());
    assert_eq!(check(&c, &p), Err(Ineligible::ClubMismatch));
    // A 40K "Best Orks" category: only Orks players, however the faction is typed.
    let mut orks = category("orks", 2, vec![]);
    orks.faction = Some("Orks".into());
    let ork = Player { faction: Some(" ORKS ".into()), ..player(2, "Ork", 2) };
    let aeldari = Player { faction: Some("Aeldari".into()), ..player(3, "Elf", 1) };
    assert_eq!((check(&orks, &ork), check(&orks, &aeldari)), (Ok(()), Err(Ineligible::FactionMismatch)));
    let mut national = category("fra", 3, vec![]);
    national.federation = Some("FRA".into());
    assert_eq!(
        check(&national, &Player { federation: Some("GER".into()), ..player(4, "G", 4) }),
        Err(Ineligible::FederationMismatch)
    );
    p.state = None;
    assert_eq!(check(&c, &p), Err(Ineligible::StateMismatch));
    p.city = Some("Mumbai".into());
    assert_eq!(check(&c, &p), Err(Ineligible::CityMismatch));
    p.disability = Some("HI".into());
    assert_eq!(check(&c, &p), Err(Ineligible::DisabilityMismatch));
    p.gender = Some("M".into());
    assert_eq!(check(&c, &p), Err(Ineligible::GenderMismatch));
}

#[test]
fn reason_codes_are_the_specs() {
    let json = serde_json::to_string(&Ineligible::UnratedInRatingCategory).unwrap_or_default();
    assert_eq!(json, "\"unrated_in_rating_category\"");
    assert_eq!(Ineligible::BelowMinAge.code(), "below_min_age");
}
