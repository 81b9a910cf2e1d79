//! FIDE titles and their order.

/// FIDE titles, strongest first, as they order players of equal rating in a
/// Swiss's initial ranking (FIDE C.04.2: rating, then title, then name).
pub const TITLES: [&str; 10] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", "AGM", "AIM"];

/// The place of `title` in [`TITLES`] (0 for GM), matched without regard to
/// case; an untitled player (or an unknown title) comes after every title.
#[must_use]
pub fn title_rank(title: Option<&str>) -> usize {
    title.and_then(|t| TITLES.iter().position(|x| x.eq_ignore_ascii_case(t.trim()))).unwrap_or(TITLES.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_rank_strongest_first_and_untitled_last() {
        assert_eq!(title_rank(Some("GM")), 0);
        assert_eq!(title_rank(Some("fm")), 3);
        assert!(title_rank(Some("WGM")) < title_rank(Some("FM")));
        assert_eq!(title_rank(None), TITLES.len());
        assert_eq!(title_rank(Some("XX")), TITLES.len());
    }
}
