//! The initial ranking of a Swiss field, which gives the pairing numbers
//! (FIDE C.04.2 art. 2.2: "the players are ranked in order of, respectively,
//! a) strength (rating), b) FIDE title, c) alphabetically").

use crate::model::title_rank;

/// One entrant as the initial ranking reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entrant<'a> {
    /// The rating; unrated players rank as 0, after every rated player.
    pub rating: Option<u32>,
    /// The FIDE title, if any (see [`crate::model::TITLES`]).
    pub title: Option<&'a str>,
    /// The name, compared without regard to case.
    pub name: &'a str,
    /// The registration number: the last resort between otherwise equal entrants.
    pub registration: u32,
}

/// The initial ranking (FIDE C.04.2 art. 2.2): rating, highest first
/// (unrated last), then FIDE title (GM first, untitled last), then name,
/// then registration. Returns the indices of `field`, best first; the
/// first is pairing number 1.
#[must_use]
pub fn initial_ranking(field: &[Entrant<'_>]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..field.len()).collect();
    let names: Vec<String> = field.iter().map(|e| e.name.to_lowercase()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&field[a], &field[b]);
        y.rating
            .unwrap_or(0)
            .cmp(&x.rating.unwrap_or(0))
            .then(title_rank(x.title).cmp(&title_rank(y.title)))
            .then(names[a].cmp(&names[b]))
            .then(x.registration.cmp(&y.registration))
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(rating: Option<u32>, title: Option<&'static str>, name: &'static str, registration: u32) -> Entrant<'static> {
        Entrant { rating, title, name, registration }
    }

    #[test]
    fn rating_then_title_then_name_as_c04_2_art_2_2_orders_them() {
        let field = [
            e(None, Some("GM"), "Unrated", 1),
            e(Some(2400), None, "Adams", 2),
            e(Some(2400), Some("IM"), "Zeller", 3),
            e(Some(2400), Some("GM"), "Young", 4),
            e(Some(2500), None, "Bryant", 5),
            e(Some(2400), None, "adams", 6),
            e(Some(2400), None, "Baker", 7),
        ];
        // 2500 first; at 2400 the GM, then the IM, then the untitled by name
        // (case aside; equal names by registration); the unrated last, title or not.
        assert_eq!(initial_ranking(&field), vec![4, 3, 2, 1, 5, 6, 0]);
    }

    #[test]
    fn an_empty_field_has_no_ranking() {
        assert!(initial_ranking(&[]).is_empty());
    }
}
