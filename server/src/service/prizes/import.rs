//! The prize list from a spreadsheet: CSV with a header row, one row per
//! prize (a row without `place` is a category without prizes yet). Rows
//! naming the same category build it together; its filters may be given on
//! any of its rows, but must not disagree.
//!
//! Columns (any order, case-insensitive; only `category` is required):
//! `category`, `order` (brochure order; default: order of first
//! appearance), `active`, `min_age`, `max_age`, `gender` (F/M),
//! `min_rating`, `max_rating`, `allow_unrated`, `disability` (yes),
//! `city`, `state`, `club`, `faction`, `federation`, `ranked_by` (`painting` or
//! `sportsmanship`: the category goes by that 40K score, not the
//! standings; in a team event `game_points`, `swiss_game_points` or
//! `board_percentage`: an individual award), `board` (a chess team event's board prize: only that
//! board's players, from 1), `min_games` (a board prize's minimum of games
//! over the board), `place`, `cash` (currency units: `500` or
//! `166.67`), `trophy`, `medal`, `main` (main-category prize),
//! `prize_active`. Yes/no columns take yes/no, y/n, true/false or 1/0.

use super::config::normalised_at;
use crate::domain::PrizeConfig;
use crate::error::{ApiError, ApiResult, Code, Fill};
use arbiter_engine::prizes::{Category, CategoryId, Cents, Prize, PrizeId, RankedBy, RuleConfig};
// The columns taken: the list the prize desk's label shows.
use arbiter_web::pages::prizes::PRIZE_CSV_COLUMNS as COLUMNS;
use std::collections::HashMap;
use uuid::Uuid;

const PRIZE_ACTIVE: &str = "prize_active";

fn invalid(message: String) -> ApiError {
    ApiError::invalid(Code::InvalidCsv, message)
}

/// A 422 `invalid_csv` in the words of `errors.ftl`'s message `id`.
fn refuse(id: &'static str, args: impl IntoIterator<Item = (&'static str, Fill)>) -> ApiError {
    ApiError::invalid(Code::InvalidCsv, "").text(id, args)
}

/// One cell's position, for messages.
struct At<'a> {
    row: u64,
    column: &'a str,
}

impl At<'_> {
    /// A 422 `invalid_csv`: "Row 3, column place: " and the message `id`
    /// of `errors.ftl`, given `$row` and `$column` besides `args`.
    fn err(&self, id: &'static str, args: impl IntoIterator<Item = (&'static str, Fill)>) -> ApiError {
        let at = [("row", Fill::from(&self.row.to_string())), ("column", Fill::from(self.column))];
        ApiError::invalid(Code::InvalidCsv, "").text(id, at.into_iter().chain(args))
    }

    /// [`At::err`] about the cell's value `v`.
    fn bad(&self, id: &'static str, v: &str) -> ApiError {
        self.err(id, [("value", Fill::from(v))])
    }
}

/// A category being built, with the row that first named it.
struct Building {
    category: Category,
    first_row: u64,
    order_given: bool,
}

/// Reads a prize list from CSV `text`; the rules are `rules` (unchanged).
/// Category and prize ids are new UUIDs.
///
/// # Errors
/// 422 `invalid_csv` naming the row (the header is row 1) and column of the
/// first bad cell, or the row of a category whose values do not fit
/// together; 422 `invalid_prizes` for a list the checks of
/// [`super::config::normalised`] refuse.
pub fn from_csv(text: &str, rules: RuleConfig) -> ApiResult<PrizeConfig> {
    if text.len() > crate::service::MAX_CSV_BYTES {
        return Err(refuse(
            "refusal-csv-file-too-large",
            [("max", Fill::from(&crate::service::MAX_CSV_BYTES.to_string()))],
        ));
    }
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).flexible(false).from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| invalid(format!("Row 1 (the header) cannot be read: {e}.")))?
        .iter()
        .map(str::to_lowercase)
        .collect();
    for (i, h) in header.iter().enumerate() {
        if !COLUMNS.contains(&h.as_str()) {
            return Err(refuse(
                "refusal-csv-unknown-column",
                [
                    ("column", Fill::from(&(i + 1).to_string())),
                    ("value", Fill::from(h)),
                    ("columns", Fill::from(&COLUMNS.join(", "))),
                ],
            ));
        }
        if header[..i].contains(h) {
            return Err(refuse(
                "refusal-csv-column-twice",
                [("column", Fill::from(&(i + 1).to_string())), ("value", Fill::from(h))],
            ));
        }
    }
    if !header.iter().any(|h| h == "category") {
        return Err(refuse("refusal-csv-no-category-column", []));
    }
    let mut building: Vec<Building> = Vec::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    for record in reader.records() {
        let record = record.map_err(|e| match e.position() {
            Some(p) => invalid(format!("Row {}: {e}.", p.line())),
            None => invalid(format!("The CSV cannot be read: {e}.")),
        })?;
        let row = record.position().map_or(0, csv::Position::line);
        let cell =
            |name: &str| header.iter().position(|h| h == name).and_then(|i| record.get(i)).filter(|v| !v.is_empty());
        if record.iter().all(str::is_empty) {
            continue;
        }
        let name =
            cell("category").ok_or_else(|| At { row, column: "category" }.err("refusal-csv-category-empty", []))?;
        let k = match by_name.get(&name.to_lowercase()) {
            Some(&k) => k,
            None => {
                building.push(Building {
                    category: Category::unrestricted(
                        CategoryId(Uuid::new_v4().to_string()),
                        name.to_string(),
                        u32::try_from(building.len() + 1).unwrap_or(u32::MAX),
                    ),
                    first_row: row,
                    order_given: false,
                });
                by_name.insert(name.to_lowercase(), building.len() - 1);
                building.len() - 1
            }
        };
        let b = &mut building[k];
        let c = &mut b.category;
        if let Some(v) = cell("order") {
            let order = number(v, &At { row, column: "order" })?;
            if b.order_given && c.brochure_order != order {
                return Err(At { row, column: "order" }.err(
                    "refusal-csv-order-differs",
                    [
                        ("value", Fill::from(&order.to_string())),
                        ("old", Fill::from(&c.brochure_order.to_string())),
                        ("name", Fill::from(&c.name)),
                        ("first", Fill::from(&b.first_row.to_string())),
                    ],
                ));
            }
            c.brochure_order = order;
            b.order_given = true;
        }
        for (column, slot) in [
            ("min_age", &mut c.min_age),
            ("max_age", &mut c.max_age),
            ("min_rating", &mut c.min_rating),
            ("max_rating", &mut c.max_rating),
            ("board", &mut c.board),
            ("min_games", &mut c.min_games),
        ] {
            if let Some(v) = cell(column) {
                let at = At { row, column };
                set_once(slot, number(v, &at)?, &at, b.first_row)?;
            }
        }
        for (column, slot) in [
            ("gender", &mut c.gender),
            ("disability", &mut c.disability),
            ("city", &mut c.city),
            ("state", &mut c.state),
            ("club", &mut c.club),
            ("faction", &mut c.faction),
            ("federation", &mut c.federation),
        ] {
            if let Some(v) = cell(column) {
                let at = At { row, column };
                set_once(slot, v.to_string(), &at, b.first_row)?;
            }
        }
        if let Some(v) = cell("ranked_by") {
            let at = At { row, column: "ranked_by" };
            let by = match v.trim().to_lowercase().as_str() {
                "painting" => RankedBy::Painting,
                "sportsmanship" => RankedBy::Sportsmanship,
                "game_points" => RankedBy::GamePoints,
                "swiss_game_points" => RankedBy::SwissGamePoints,
                "board_percentage" => RankedBy::BoardPercentage,
                _ => return Err(at.bad("refusal-csv-not-ranked-by", v)),
            };
            set_once(&mut c.ranked_by, by, &at, b.first_row)?;
        }
        if let Some(v) = cell("allow_unrated") {
            let at = At { row, column: "allow_unrated" };
            set_once(&mut c.allow_unrated, yes_no(v, &at)?, &at, b.first_row)?;
        }
        if let Some(v) = cell("active") {
            c.active = c.active && yes_no(v, &At { row, column: "active" })?;
        }
        match cell("place") {
            Some(v) => {
                let place = number(v, &At { row, column: "place" })?;
                let flag =
                    |column: &str, default: bool| cell(column).map_or(Ok(default), |v| yes_no(v, &At { row, column }));
                c.prizes.push(Prize {
                    id: PrizeId(Uuid::new_v4().to_string()),
                    place,
                    cash: cell("cash").map_or(Ok(Cents::ZERO), |v| money(v, &At { row, column: "cash" }))?,
                    trophy: flag("trophy", false)?,
                    medal: flag("medal", false)?,
                    active: flag(PRIZE_ACTIVE, true)?,
                    main_category: flag("main", false)?,
                });
            }
            None => {
                for column in ["cash", "trophy", "medal", "main", PRIZE_ACTIVE] {
                    if cell(column).is_some() {
                        return Err(At { row, column }.err("refusal-csv-place-needed", []));
                    }
                }
            }
        }
    }
    let firsts: Vec<u64> = building.iter().map(|b| b.first_row).collect();
    let categories = building.into_iter().map(|b| b.category).collect();
    normalised_at(PrizeConfig { categories, rules }).map_err(|(category, e)| {
        match category.and_then(|i| firsts.get(i)) {
            Some(r) => invalid(format!("Row {r}: {}", e.message())),
            None => invalid(e.message().to_string()),
        }
    })
}

fn set_once<T: PartialEq + std::fmt::Display>(
    slot: &mut Option<T>,
    v: T,
    at: &At<'_>,
    first_row: u64,
) -> ApiResult<()> {
    match slot {
        Some(old) if *old != v => Err(at.err(
            "refusal-csv-differs",
            [
                ("value", Fill::from(&v.to_string())),
                ("old", Fill::from(&old.to_string())),
                ("first", Fill::from(&first_row.to_string())),
            ],
        )),
        _ => {
            *slot = Some(v);
            Ok(())
        }
    }
}

fn number(v: &str, at: &At<'_>) -> ApiResult<u32> {
    if v.starts_with('-') {
        return Err(at.bad("refusal-csv-negative", v));
    }
    v.parse().map_err(|_| at.bad("refusal-csv-not-whole", v))
}

fn yes_no(v: &str, at: &At<'_>) -> ApiResult<bool> {
    match v.to_lowercase().as_str() {
        "yes" | "y" | "true" | "1" | "x" => Ok(true),
        "no" | "n" | "false" | "0" => Ok(false),
        _ => Err(at.bad("refusal-csv-not-yes-no", v)),
    }
}

/// An amount in currency units with at most two decimals: `500`, `166.67`.
fn money(v: &str, at: &At<'_>) -> ApiResult<Cents> {
    if v.starts_with('-') {
        return Err(at.bad("refusal-csv-negative", v));
    }
    let (units, cents) = v.split_once('.').unwrap_or((v, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if units.is_empty() || !digits(units) || cents.len() > 2 || !digits(cents) {
        return Err(at.bad("refusal-csv-not-amount", v));
    }
    let units: u64 = units.parse().map_err(|_| at.bad("refusal-csv-too-large", v))?;
    let cents: u64 = if cents.is_empty() { 0 } else { format!("{cents:0<2}").parse().unwrap_or(0) };
    units
        .checked_mul(100)
        .and_then(|u| u.checked_add(cents))
        .map(Cents)
        .ok_or_else(|| at.bad("refusal-csv-too-large", v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        from_csv(text, RuleConfig::default()).err().map(|e| e.message().to_string()).unwrap_or_default()
    }

    #[test]
    fn builds_categories_from_prize_rows() {
        let text = "Category,Place,Cash,Trophy,max_rating\nOpen,1,500,yes,\nOpen,2,166.5,,\nU1800,1,100,,1799\nU1800,2,50.05,no,\n";
        let c = from_csv(text, RuleConfig::default()).unwrap_or_default();
        assert_eq!(c.categories.len(), 2);
        let open = &c.categories[0];
        assert_eq!((open.name.as_str(), open.brochure_order, open.prizes.len()), ("Open", 1, 2));
        assert_eq!(
            (open.prizes[0].cash, open.prizes[0].trophy, open.prizes[1].cash),
            (Cents(50_000), true, Cents(16_650))
        );
        assert_eq!((c.categories[1].max_rating, c.categories[1].prizes[1].cash), (Some(1799), Cents(5_005)));
    }

    #[test]
    fn a_faction_prize_keeps_its_faction_with_windows_line_ends() {
        let text = "category,place,cash,trophy,faction\r\nOpen,1,100,yes,\r\nBest Orks,1,30,,Orks\r\n";
        let c = from_csv(text, RuleConfig::default()).unwrap_or_default();
        assert_eq!(c.categories[1].faction.as_deref(), Some("Orks"));
        assert_eq!(c.categories[0].faction, None);
        assert!(err("category,place,factoin\nBest Orks,1,Orks\n").contains("unknown column `factoin`"));
    }

    #[test]
    fn a_board_prize_keeps_its_board_and_minimum_of_games() {
        let text = "category,ranked_by,board,min_games,place,cash\nBoard 1,board_percentage,1,4,1,50\nBoard 1,,,,2,20\nOpen,,,,1,100\n";
        let c = from_csv(text, RuleConfig::default()).unwrap_or_default();
        let b1 = &c.categories[0];
        assert_eq!((b1.board, b1.min_games, b1.ranked_by), (Some(1), Some(4), Some(RankedBy::BoardPercentage)));
        assert_eq!(b1.prizes.len(), 2);
        assert_eq!((c.categories[1].board, c.categories[1].min_games), (None, None));
        assert!(err("category,board\nBoard 1,1\nBoard 1,2\n").starts_with("Row 3, column board: `2` differs from `1`"));
        assert_eq!(err("category,min_games\nBoard 1,four\n"), "Row 2, column min_games: `four` is not a whole number.");
    }

    #[test]
    fn names_the_row_and_column() {
        assert_eq!(
            err("category,place,cash\nOpen,1,500\nOpen,2,-5\n"),
            "Row 3, column cash: `-5` must not be negative."
        );
        assert_eq!(err("category,place\nOpen,first\n"), "Row 2, column place: `first` is not a whole number.");
        assert!(err("category,place,colour\nOpen,1,red\n").starts_with("Row 1, column 3: unknown column `colour`"));
        assert!(err("category,max_rating\nU1800,1799\nU1800,1899\n")
            .starts_with("Row 3, column max_rating: `1899` differs from `1799`"));
        assert!(err("category,place\nOpen,1\nOpen,1\n")
            .starts_with("Row 2: Category `Open`: there are two prizes for place 1"));
        // The category's own first row, found by its place in the list, not by its name in the message.
        assert!(err("category,place,max_age\nOpen,1,\nJuniors,1,20\nJuniors,2,\nOpen,2,\nU8,1,200\n")
            .starts_with("Row 6: Category `U8`: age 200 is out of range"));
        assert!(
            err("category,place,cash\nOpen,1\n").starts_with("Row 2:"),
            "a short row is named: {}",
            err("category,place,cash\nOpen,1\n")
        );
        assert!(err("place\n1\n").contains("`category` column"));
        assert_eq!(err("category,cash\nOpen,5\n"), "Row 2, column cash: a prize needs its place (column place).");
        assert_eq!(
            err("category,place,cash\nOpen,1,12.345\n"),
            "Row 2, column cash: `12.345` is not an amount (write 500 or 166.67)."
        );
    }
}
