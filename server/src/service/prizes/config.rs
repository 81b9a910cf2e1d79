//! Checking a prize list and its rules before they are saved: the JSON the
//! API receives (unknown fields, types, ids filled in) and the values
//! (names, ages, ratings, genders, cash, places). The engine takes any
//! well-formed list; these are the organiser's mistakes to catch first.

use crate::domain::PrizeConfig;
use crate::error::{ApiError, ApiResult, Code, Fill};
use arbiter_engine::prizes::{Category, Cents, Prize, RuleConfig};
use serde_json::{Map, Value};
use std::collections::HashSet;
use uuid::Uuid;

/// The most categories one event may have.
pub const MAX_CATEGORIES: usize = 200;
/// The most prizes one category may have.
pub const MAX_PRIZES_PER_CATEGORY: usize = 500;
/// The highest age bound accepted.
pub const MAX_AGE: u32 = 120;
/// The highest rating bound accepted (as for player profiles).
pub const MAX_RATING: u32 = 3500;

/// The code every refusal here carries.
const CODE: Code = Code::InvalidPrizes;

fn invalid(message: String) -> ApiError {
    ApiError::invalid(CODE, message)
}

/// A 422 `invalid_prizes` in the words of `errors.ftl`'s message `id`.
fn refuse(id: &'static str, args: impl IntoIterator<Item = (&'static str, Fill)>) -> ApiError {
    ApiError::invalid(CODE, "").text(id, args)
}

/// Reads a prize configuration from the JSON the API receives:
/// `{"categories": [...], "rules": {...}}`. Missing category and prize ids
/// get new UUIDs; a missing `brochure_order` is the category's position
/// (1-based). Then [`normalised`].
///
/// # Errors
/// 422 `invalid_prizes` naming the first bad field (`categories[1].prizes[0].cash`).
pub fn from_json(body: Value) -> ApiResult<PrizeConfig> {
    let Value::Object(mut top) = body else {
        return Err(refuse("refusal-prizes-object", []));
    };
    unknown(&top, &["categories", "rules"], "the configuration")?;
    let mut categories = Vec::new();
    match top.remove("categories") {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            for (i, c) in list.into_iter().enumerate() {
                categories.push(category(c, i)?);
            }
        }
        Some(_) => return Err(refuse("refusal-prizes-categories-list", [])),
    }
    let rules = match top.remove("rules") {
        None | Some(Value::Null) => RuleConfig::default(),
        Some(r) => rules(r)?,
    };
    normalised(PrizeConfig { categories, rules })
}

fn unknown(obj: &Map<String, Value>, known: &[&str], at: &str) -> ApiResult<()> {
    match obj.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => Err(refuse(
            "refusal-prizes-unknown-field",
            [("at", Fill::from(at)), ("field", Fill::from(k)), ("fields", Fill::from(&known.join(", ")))],
        )),
        None => Ok(()),
    }
}

const CATEGORY_FIELDS: [&str; 20] = [
    "id",
    "name",
    "brochure_order",
    "active",
    "min_age",
    "max_age",
    "gender",
    "min_rating",
    "max_rating",
    "allow_unrated",
    "disability",
    "city",
    "state",
    "club",
    "faction",
    "federation",
    "ranked_by",
    "board",
    "min_games",
    "prizes",
];
const PRIZE_FIELDS: [&str; 7] = ["id", "place", "cash", "trophy", "medal", "active", "main_category"];
const RULE_FIELDS: [&str; 6] = [
    "allow_unrated_in_rating_category",
    "multiple_eligibility_mode",
    "cash_split",
    "class_excess",
    "allowUnratedInRatingCategory",
    "multipleEligibilityMode",
];

fn category(v: Value, i: usize) -> ApiResult<Category> {
    let at = format!("categories[{i}]");
    let Value::Object(mut c) = v else { return Err(refuse("refusal-prizes-not-object", [("at", Fill::from(&at))])) };
    unknown(&c, &CATEGORY_FIELDS, &at)?;
    fill_id(&mut c, &at)?;
    if c.get("brochure_order").is_none_or(Value::is_null) {
        c.insert("brochure_order".into(), Value::from(i + 1));
    }
    let prizes = match c.remove("prizes") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list
            .into_iter()
            .enumerate()
            .map(|(j, p)| prize(p, &format!("{at}.prizes[{j}]")))
            .collect::<ApiResult<_>>()?,
        Some(_) => return Err(refuse("refusal-prizes-not-list", [("at", Fill::from(&format!("{at}.prizes")))])),
    };
    for key in ["min_age", "max_age", "min_rating", "max_rating", "brochure_order"] {
        whole(&c, key, &at)?;
    }
    let mut cat: Category = serde_json::from_value(Value::Object(c)).map_err(|e| invalid(format!("{at}: {e}.")))?;
    cat.prizes = prizes;
    Ok(cat)
}

fn prize(v: Value, at: &str) -> ApiResult<Prize> {
    let Value::Object(mut p) = v else { return Err(refuse("refusal-prizes-not-object", [("at", Fill::from(&at))])) };
    unknown(&p, &PRIZE_FIELDS, at)?;
    fill_id(&mut p, at)?;
    whole(&p, "place", at)?;
    if let Some(cash) = p.get("cash").filter(|c| !c.is_null()) {
        if cash.as_i64().is_some_and(|c| c < 0) || cash.as_f64().is_some_and(|c| c < 0.0) {
            return Err(refuse("refusal-prizes-negative", [("at", Fill::from(&format!("{at}.cash")))]));
        }
        if cash.as_u64().is_none() {
            return Err(refuse("refusal-prizes-cents", [("at", Fill::from(&format!("{at}.cash")))]));
        }
    }
    serde_json::from_value(Value::Object(p)).map_err(|e| invalid(format!("{at}: {e}.")))
}

fn rules(v: Value) -> ApiResult<RuleConfig> {
    let Value::Object(r) = &v else { return Err(refuse("refusal-prizes-rules-object", [])) };
    unknown(r, &RULE_FIELDS, "rules")?;
    serde_json::from_value(v).map_err(|e| {
        invalid(format!(
            "rules: {e}. multiple_eligibility_mode is first-win or allow-multiple; cash_split is none, uscf_32b3, place_first or hort; class_excess is capped or to_class."
        ))
    })
}

/// A whole number 0 or more, or absent / null.
fn whole(obj: &Map<String, Value>, key: &str, at: &str) -> ApiResult<()> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(()),
        Some(v) if v.as_u64().is_some_and(|n| n <= u64::from(u32::MAX)) => Ok(()),
        Some(v) if v.as_i64().is_some_and(|n| n < 0) => {
            Err(refuse("refusal-prizes-negative", [("at", Fill::from(&format!("{at}.{key}")))]))
        }
        Some(_) => Err(refuse("refusal-prizes-whole", [("at", Fill::from(&format!("{at}.{key}")))])),
    }
}

fn fill_id(obj: &mut Map<String, Value>, at: &str) -> ApiResult<()> {
    match obj.get("id") {
        None | Some(Value::Null) => {
            obj.insert("id".into(), Value::String(Uuid::new_v4().to_string()));
            Ok(())
        }
        Some(Value::String(s)) if !s.trim().is_empty() && s.len() <= 64 && !s.chars().any(char::is_control) => Ok(()),
        Some(_) => Err(refuse("refusal-prizes-id", [("at", Fill::from(&format!("{at}.id")))])),
    }
}

/// Checks a configuration's values and returns it normalised: gender (`w`/`f` → `F`,
/// `m` → `M`), disability `yes`, text trimmed, categories in brochure
/// order and prizes by place.
///
/// Rules: 1–64 character names; at most [`MAX_CATEGORIES`] categories and
/// [`MAX_PRIZES_PER_CATEGORY`] prizes each; unique category and prize ids
/// and unique places in a category; places from 1; ages up to [`MAX_AGE`]
/// and ratings up to [`MAX_RATING`], minimum not above maximum; cash up to
/// the engine's [`Cents::MAX_PRIZE`]; gender `F` or `M`; disability `yes`
/// (the player profile records only whether a player has a disability).
///
/// # Errors
/// 422 `invalid_prizes` naming the category (and prize) at fault.
pub fn normalised(config: PrizeConfig) -> ApiResult<PrizeConfig> {
    normalised_at(config).map_err(|(_, e)| e)
}

/// [`normalised`], saying which category (its index in the list as given)
/// an error is about, if one: the CSV import names that category's row.
pub(super) fn normalised_at(mut config: PrizeConfig) -> Result<PrizeConfig, (Option<usize>, ApiError)> {
    if config.categories.len() > MAX_CATEGORIES {
        return Err((None, refuse("refusal-prizes-max-categories", [("max", Fill::from(&MAX_CATEGORIES))])));
    }
    let mut category_ids = HashSet::new();
    let mut prize_ids = HashSet::new();
    for (i, c) in config.categories.iter_mut().enumerate() {
        normalise_category(i, c, &mut category_ids, &mut prize_ids).map_err(|e| (Some(i), e))?;
    }
    config.categories.sort_by(|a, b| a.brochure_order.cmp(&b.brochure_order).then_with(|| a.id.cmp(&b.id)));
    Ok(config)
}

/// Checks and tidies category `i` of a prize list; ids must be new to the
/// sets of ids seen so far.
fn normalise_category(
    i: usize,
    c: &mut Category,
    category_ids: &mut HashSet<String>,
    prize_ids: &mut HashSet<String>,
) -> ApiResult<()> {
    let name = c.name.trim().to_string();
    let at = if name.is_empty() { (i + 1).to_string() } else { format!("`{name}`") };
    let refuse = |id, mut args: Vec<(&'static str, Fill)>| {
        args.push(("category", Fill::from(&at)));
        refuse(id, args)
    };
    if name.is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(refuse("refusal-category-name", vec![]));
    }
    c.name = name;
    if !category_ids.insert(c.id.0.clone()) {
        return Err(refuse("refusal-category-id-taken", vec![("id", Fill::from(&c.id.to_string()))]));
    }
    for (lo, hi, max, range, order) in [
        (c.min_age, c.max_age, MAX_AGE, "refusal-category-age-range", "refusal-category-age-order"),
        (c.min_rating, c.max_rating, MAX_RATING, "refusal-category-rating-range", "refusal-category-rating-order"),
    ] {
        if let Some(v) = [lo, hi].into_iter().flatten().find(|v| *v > max) {
            return Err(refuse(
                range,
                vec![("value", Fill::from(&v.to_string())), ("max", Fill::from(&max.to_string()))],
            ));
        }
        if let (Some(l), Some(h)) = (lo.filter(|v| *v > 0), hi.filter(|v| *v > 0)) {
            if l > h {
                return Err(refuse(
                    order,
                    vec![("min", Fill::from(&l.to_string())), ("max", Fill::from(&h.to_string()))],
                ));
            }
        }
    }
    c.gender = match c.gender.as_deref().map(str::trim).map(str::to_lowercase).as_deref() {
        None | Some("") => None,
        Some("f" | "w") => Some("F".into()),
        Some("m") => Some("M".into()),
        Some(other) => return Err(refuse("refusal-category-gender", vec![("value", Fill::from(other))])),
    };
    c.disability = match c.disability.as_deref().map(str::trim).map(str::to_lowercase).as_deref() {
        None | Some("") => None,
        Some("yes" | "y" | "true") => Some("yes".into()),
        Some(other) => return Err(refuse("refusal-category-disability", vec![("value", Fill::from(other))])),
    };
    for (field, v) in [
        ("city", &mut c.city),
        ("state", &mut c.state),
        ("club", &mut c.club),
        ("faction", &mut c.faction),
        ("federation", &mut c.federation),
    ] {
        *v = match v.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(t) if t.chars().count() > 64 || t.chars().any(char::is_control) => {
                return Err(refuse("refusal-category-text", vec![("field", Fill::from(field))]))
            }
            Some(t) => Some(t.to_string()),
        };
    }
    if c.prizes.len() > MAX_PRIZES_PER_CATEGORY {
        return Err(refuse("refusal-category-max-prizes", vec![("max", Fill::from(&MAX_PRIZES_PER_CATEGORY))]));
    }
    let mut places = HashSet::new();
    for p in &c.prizes {
        if p.place == 0 {
            return Err(refuse("refusal-category-place-zero", vec![]));
        }
        if !places.insert(p.place) {
            return Err(refuse("refusal-category-place-twice", vec![("place", Fill::from(&p.place.to_string()))]));
        }
        if !prize_ids.insert(p.id.0.clone()) {
            return Err(refuse("refusal-category-prize-id-twice", vec![("id", Fill::from(&p.id.to_string()))]));
        }
        if p.cash > Cents::MAX_PRIZE {
            return Err(refuse(
                "refusal-category-prize-cash",
                vec![
                    ("place", Fill::from(&p.place.to_string())),
                    ("cash", Fill::from(&p.cash.to_string())),
                    ("max", Fill::from(&Cents::MAX_PRIZE.to_string())),
                ],
            ));
        }
    }
    c.prizes.sort_by_key(|p| p.place);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn err(v: Value) -> String {
        from_json(v).err().map(|e| e.message().to_string()).unwrap_or_default()
    }

    #[test]
    fn fills_ids_and_orders_and_normalises() {
        let c = from_json(json!({
            "categories": [
                { "name": "Girls", "gender": "w", "prizes": [{ "place": 2 }, { "place": 1, "cash": 5000, "trophy": true }] },
                { "name": "Open", "brochure_order": 0, "disability": "Yes" }
            ],
            "rules": { "cash_split": "uscf_32b3", "multipleEligibilityMode": "allow-multiple" }
        }))
        .unwrap_or_default();
        assert_eq!(c.categories.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Open", "Girls"]);
        assert_eq!(
            (c.categories[1].gender.as_deref(), c.categories[0].disability.as_deref()),
            (Some("F"), Some("yes"))
        );
        assert_eq!(c.categories[1].prizes.iter().map(|p| p.place).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(c.categories[1].prizes[0].cash, Cents(5000));
        assert!(Uuid::parse_str(&c.categories[1].prizes[0].id.0).is_ok());
        assert_eq!(c.rules.cash_split, arbiter_engine::prizes::SplitMethod::Uscf32B3);
    }

    #[test]
    fn refuses_mistakes_with_their_place() {
        let cat = |extra: Value| {
            let mut c = json!({ "name": "U1800", "prizes": [{ "place": 1, "cash": 100 }] });
            if let (Some(o), Some(e)) = (c.as_object_mut(), extra.as_object()) {
                o.extend(e.clone());
            }
            json!({ "categories": [c] })
        };
        assert!(err(cat(json!({ "max_ratng": 1799 }))).contains("unknown field `max_ratng`"));
        assert!(err(cat(json!({ "min_age": 14, "max_age": 12 }))).contains("minimum age 14 is above the maximum 12"));
        assert!(err(cat(json!({ "min_age": -1 }))).contains("min_age must not be negative"));
        assert!(err(cat(json!({ "gender": "x" }))).contains("gender `x`"));
        assert!(err(cat(json!({ "max_rating": 9000 }))).contains("rating 9000 is out of range"));
        assert!(err(cat(json!({ "prizes": [{ "place": 1, "cash": -5 }] })))
            .contains("categories[0].prizes[0].cash must not be negative"));
        assert!(err(cat(json!({ "prizes": [{ "place": 1, "cash": 1.5 }] }))).contains("whole number of cents"));
        assert!(err(cat(json!({ "prizes": [{ "place": 1 }, { "place": 1 }] }))).contains("two prizes for place 1"));
        assert!(err(cat(json!({ "prizes": [{ "place": 0 }] }))).contains("places start at 1"));
        assert!(err(cat(json!({ "name": " " }))).contains("name must be"));
        assert!(err(json!({ "rules": { "cash_split": "halves" } })).contains("cash_split is none"));
        assert!(err(json!({ "categories": [{ "id": "a", "name": "A" }, { "id": "a", "name": "B" }] }))
            .contains("used by another category"));
    }
}
