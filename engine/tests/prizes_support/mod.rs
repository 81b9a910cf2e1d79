//! Builders for prize test events: a player, a category, a prize, an event.
#![allow(dead_code)]

use arbiter_engine::model::{PlayerNo, Points};
use arbiter_engine::prizes::{Category, CategoryId, Cents, Date, Player, Prize, PrizeEvent, PrizeId, RuleConfig};

/// The start date of every test event.
pub const START: &str = "2025-11-07";

/// Parses a `YYYY-MM-DD` date.
pub fn date(s: &str) -> Date {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A date of birth giving `age` completed years on [`START`].
pub fn aged(age: u16) -> Date {
    date(&format!("{:04}-01-01", 2025 - age))
}

/// An unrated player with pairing number `id` at `rank`, score 0.
pub fn player(id: u32, name: &str, rank: u32) -> Player {
    Player {
        id: PlayerNo(id),
        name: name.to_string(),
        rank,
        score: Points::ZERO,
        rating: None,
        gender: None,
        date_of_birth: None,
        disability: None,
        city: None,
        state: None,
        club: None,
        faction: None,
        federation: None,
        painting: None,
        sportsmanship: None,
        entrant: None,
        game_points: None,
        board: None,
        games: None,
        board_percentage: None,
        swiss_game_points: None,
    }
}

/// A rated player at `rank` with `score` in tenths of a point.
pub fn scored(id: u32, rank: u32, rating: u32, score_tenths: i32) -> Player {
    Player {
        rating: Some(rating),
        score: Points::from_tenths(score_tenths),
        ..player(id, &format!("Player {id:02}"), rank)
    }
}

/// A prize with nothing on it (no cash, trophy or medal).
pub fn prize(id: &str, place: u32) -> Prize {
    Prize {
        id: PrizeId(id.to_string()),
        place,
        cash: Cents::ZERO,
        trophy: false,
        medal: false,
        active: true,
        main_category: false,
    }
}

/// A cash prize of `units` whole currency units.
pub fn cash(id: &str, place: u32, units: u64) -> Prize {
    Prize { cash: Cents::units(units), ..prize(id, place) }
}

/// A prize with a trophy and no cash.
pub fn trophy(id: &str, place: u32) -> Prize {
    Prize { trophy: true, ..prize(id, place) }
}

/// An unrestricted category.
pub fn category(id: &str, brochure_order: u32, prizes: Vec<Prize>) -> Category {
    Category { prizes, ..Category::unrestricted(CategoryId(id.to_string()), id.to_string(), brochure_order) }
}

/// An event starting on [`START`] with default rules and no overrides.
pub fn event(players: Vec<Player>, categories: Vec<Category>) -> PrizeEvent {
    PrizeEvent {
        tournament_id: None,
        start_date: date(START),
        players,
        categories,
        rules: RuleConfig::default(),
        overrides: Vec::new(),
    }
}

/// A prize id.
pub fn pid(s: &str) -> PrizeId {
    PrizeId(s.to_string())
}

/// A category id.
pub fn cid(s: &str) -> CategoryId {
    CategoryId(s.to_string())
}
