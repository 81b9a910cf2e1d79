//! The TRF16 team record `013` (FIDE C.04 Annex 2, TRF16; kept readable by
//! TRF-2026, which adds `310` and marks `013` "to be phased out"):
//!
//! | Cols | Field |
//! |---|---|
//! | 1-3 | `013` |
//! | 5-36 | team name |
//! | 37-40, 42-45, 47-50, ... | the members' starting ranks (the `001` numbers), 4 digits each, 5 columns apart |
//!
//! The members are listed in board order (regular players, then reserves).
//! The file keeps `013` lines in [`Line::Other`](super::Line::Other);
//! [`Trf::team_lines`](super::Trf::team_lines) reads them and [`TeamLine::render`]
//! writes one.

use super::error::TrfErrorKind;
use crate::model::PlayerNo;

/// A `013` team line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamLine {
    /// The team name, cols 5-36 (trimmed; longer names are cut to 32
    /// characters when written).
    pub name: String,
    /// The members' starting ranks, board order.
    pub members: Vec<PlayerNo>,
}

/// The column (1-based) of the first member.
const FIRST_MEMBER: usize = 37;
/// The distance between two members' columns.
const MEMBER_STEP: usize = 5;

impl TeamLine {
    /// Parses a `013` line.
    ///
    /// # Errors
    /// [`TrfErrorKind::BadValue`] when the line is not a `013` line or a
    /// member field is not a number from 1 to 9999.
    pub fn parse(text: &str) -> Result<TeamLine, TrfErrorKind> {
        let chars: Vec<char> = text.chars().collect();
        let tag: String = chars.iter().take(3).collect();
        if tag != "013" {
            return Err(TrfErrorKind::BadValue { field: "team record tag", value: tag });
        }
        let field = |from: usize, to: usize| -> String {
            chars.iter().skip(from - 1).take(to + 1 - from).collect::<String>().trim().to_string()
        };
        let name = field(5, FIRST_MEMBER - 1);
        let mut members = Vec::new();
        let mut col = FIRST_MEMBER;
        while col <= chars.len() {
            let value = field(col, col + 3);
            if !value.is_empty() {
                match value.parse::<u32>() {
                    Ok(n) if (1..=9999).contains(&n) => members.push(PlayerNo(n)),
                    _ => return Err(TrfErrorKind::BadValue { field: "team member", value }),
                }
            }
            col += MEMBER_STEP;
        }
        Ok(TeamLine { name, members })
    }

    /// Writes the line (without a line end): the name left-aligned in cols
    /// 5-36, each member right-aligned in its 4 columns.
    #[must_use]
    pub fn render(&self) -> String {
        let name: String = self.name.chars().take(FIRST_MEMBER - 5).collect();
        let mut out = format!("013 {name:<32}");
        for (i, m) in self.members.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{:>4}", m.0));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_start_at_column_37_five_columns_apart() {
        let line =
            TeamLine { name: "Chess Club Example".into(), members: vec![PlayerNo(1), PlayerNo(12), PlayerNo(103)] };
        let text = line.render();
        // cols 1-3 tag, col 4 blank, 5-36 name (32 wide), 37-40 first member.
        assert_eq!(&text[0..4], "013 ");
        assert_eq!(text[4..36].trim_end(), "Chess Club Example");
        assert_eq!(&text[36..40], "   1");
        assert_eq!(&text[41..45], "  12");
        assert_eq!(&text[46..50], " 103");
        assert_eq!(TeamLine::parse(&text), Ok(line));
    }

    #[test]
    fn long_names_are_cut_and_bad_members_refused() {
        let long = TeamLine { name: "x".repeat(40), members: vec![PlayerNo(7)] };
        assert_eq!(TeamLine::parse(&long.render()).map(|l| l.name.len()), Ok(32));
        let bad = format!("013 {:<32}   1  ab", "T");
        assert!(TeamLine::parse(&bad).is_err());
        assert!(TeamLine::parse("001    1").is_err());
    }
}
