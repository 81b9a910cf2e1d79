//! Reading TRF text into [`Line`]s.

use super::error::{TrfError, TrfErrorKind};
use super::record::{AccelerationRange, Line, PlayerLine, PointTag, RoundsTag};
use crate::model::{Colour, Outcome, PlayerNo, Points, RoundRecord, Unplayed};

/// Splits `text` into lines at LF, CRLF or CR, without the line ends.
pub(super) fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push(&text[start..i]);
                start = i + 1;
            }
            b'\r' => {
                lines.push(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < bytes.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// Parses one line (1-based `number` for errors).
pub(super) fn parse_line(text: &str, number: usize) -> Result<Line, TrfError> {
    let at = |kind| TrfError::at(number, kind);
    let tag = text.get(..3).unwrap_or("");
    let rest = text.get(3..).unwrap_or("");
    Ok(match tag {
        "001" => Line::Player(parse_player(text).map_err(at)?),
        "XXR" | "142" => {
            let field = if tag == "XXR" { "XXR" } else { "142 (number of rounds)" };
            let rounds = number_token(rest.trim(), field).map_err(at)?;
            let tag = if tag == "XXR" { RoundsTag::Xxr } else { RoundsTag::T142 };
            Line::TotalRounds { tag, rounds }
        }
        "XXC" => parse_configuration(rest).map_err(at)?,
        "152" => match rest.trim() {
            "W" | "w" => Line::InitialColour(Colour::White),
            "B" | "b" => Line::InitialColour(Colour::Black),
            other => return Err(at(bad_value("152 (initial colour)", other))),
        },
        "162" => Line::PointSystem(parse_point_system(rest).map_err(at)?),
        "XXS" => Line::Scoring(parse_scoring(rest).map_err(at)?),
        "XXA" => parse_acceleration(text).map_err(at)?,
        "250" => Line::AccelerationRange(parse_acceleration_range(rest).map_err(at)?),
        "XXP" => Line::Forbidden(player_tokens(rest, "XXP (forbidden pairs)").map_err(at)?),
        "260" => parse_forbidden_range(rest).map_err(at)?,
        "240" => parse_byes(rest).map_err(at)?,
        _ => match PointTag::from_tag(tag) {
            Some(tag) => Line::PointValue { tag, points: points_field(rest.trim(), tag.tag()).map_err(at)? },
            None => Line::Other(text.to_string()),
        },
    })
}

fn bad_value(field: &'static str, value: &str) -> TrfErrorKind {
    TrfErrorKind::BadValue { field, value: value.to_string() }
}

fn number_token(text: &str, field: &'static str) -> Result<u32, TrfErrorKind> {
    text.parse::<u32>().map_err(|_| TrfErrorKind::BadNumber { field, value: text.to_string() })
}

fn player_token(text: &str, field: &'static str) -> Result<PlayerNo, TrfErrorKind> {
    match number_token(text, field)? {
        0 => Err(TrfErrorKind::BadNumber { field, value: text.to_string() }),
        n => Ok(PlayerNo(n)),
    }
}

fn player_tokens(text: &str, field: &'static str) -> Result<Vec<PlayerNo>, TrfErrorKind> {
    text.split_whitespace().map(|t| player_token(t, field)).collect()
}

fn points_field(text: &str, field: &'static str) -> Result<Points, TrfErrorKind> {
    text.parse::<Points>().map_err(|_| TrfErrorKind::BadPoints { field, value: text.to_string() })
}

/// Characters `from..=to` (1-based columns) of `chars`, trimmed; empty when the
/// line is shorter.
fn columns(chars: &[char], from: usize, to: usize) -> String {
    let end = to.min(chars.len());
    if from > end {
        return String::new();
    }
    chars[from - 1..end].iter().collect::<String>().trim().to_string()
}

fn parse_player(text: &str) -> Result<PlayerLine, TrfErrorKind> {
    let chars: Vec<char> = text.chars().collect();
    let number_text = columns(&chars, 5, 8);
    if number_text.is_empty() {
        return Err(TrfErrorKind::TooShort { field: "starting rank (cols 5-8)" });
    }
    let number = player_token(&number_text, "starting rank (cols 5-8)")?;
    let rating_text = columns(&chars, 49, 52);
    let rating = if rating_text.is_empty() { None } else { Some(number_token(&rating_text, "rating (cols 49-52)")?) };
    let points_text = columns(&chars, 81, 84);
    if points_text.is_empty() {
        return Err(TrfErrorKind::TooShort { field: "points (cols 81-84)" });
    }
    let points = points_field(&points_text, "points (cols 81-84)")?;
    let rank_text = columns(&chars, 86, 89);
    let rank = if rank_text.is_empty() { None } else { Some(number_token(&rank_text, "rank (cols 86-89)")?) };
    if let Some(stray) = chars.get(89..91.min(chars.len())) {
        if stray.iter().any(|c| !c.is_whitespace()) {
            return Err(TrfErrorKind::TrailingText { round: 1, text: stray.iter().collect() });
        }
    }
    let mut rounds = Vec::new();
    let mut start = 91; // 0-based index of col 92
    let mut round = 1;
    while start < chars.len() {
        let end = (start + 8).min(chars.len());
        let mut entry: Vec<char> = chars[start..end].to_vec();
        entry.resize(8, ' ');
        let gap_end = (start + 10).min(chars.len());
        if chars[end..gap_end].iter().any(|c| !c.is_whitespace()) {
            let text: String = chars[start..].iter().collect();
            return Err(TrfErrorKind::TrailingText { round, text: text.trim().to_string() });
        }
        rounds.push(parse_round_entry(&entry, round, start + 1)?);
        start += 10;
        round += 1;
    }
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    Ok(PlayerLine {
        number,
        sex: columns(&chars, 10, 10),
        title: columns(&chars, 11, 13),
        name: columns(&chars, 15, 47),
        rating,
        federation: columns(&chars, 54, 56),
        fide_id: columns(&chars, 58, 68),
        birth_date: columns(&chars, 70, 79),
        points,
        rank,
        rounds,
    })
}

/// Parses one 8-character round entry `OOOO C R` starting at 1-based `column`.
fn parse_round_entry(entry: &[char], round: usize, column: usize) -> Result<Option<RoundRecord>, TrfErrorKind> {
    let text: String = entry.iter().collect();
    if text.trim().is_empty() {
        return Ok(None);
    }
    let bad = |why| TrfErrorKind::BadRoundEntry { round, entry: text.trim_end().to_string(), why };
    let opponent_text: String = entry[..4].iter().collect::<String>().trim().to_string();
    let opponent = match opponent_text.as_str() {
        "" | "0000" | "0" => None,
        t => Some(player_token(t, "opponent").map_err(|_| bad("the opponent is not a starting rank"))?),
    };
    if entry[4] != ' ' || entry[6] != ' ' {
        return Err(bad("fields must be separated by single spaces"));
    }
    let colour = match entry[5] {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        '-' | ' ' => None,
        other => return Err(TrfErrorKind::BadColour { round, column: column + 5, value: other }),
    };
    let result = entry[7].to_ascii_uppercase();
    let record = match (opponent, result) {
        (Some(opponent), '1' | '=' | '0' | 'W' | 'D' | 'L') => {
            let colour = colour.ok_or_else(|| bad("a game needs a colour, w or b"))?;
            let outcome = match result {
                '1' | 'W' => Outcome::Win,
                '=' | 'D' => Outcome::Draw,
                _ => Outcome::Loss,
            };
            RoundRecord::Played { opponent, colour, outcome, rated: matches!(result, '1' | '=' | '0') }
        }
        (Some(opponent), '+' | '-') => RoundRecord::Forfeit { opponent, colour, won: result == '+' },
        (Some(_), 'H' | 'F' | 'U' | 'Z' | ' ') => return Err(bad("a bye cannot have an opponent")),
        (None, _) if colour.is_some() => return Err(bad("a bye has no colour")),
        (None, 'U') => RoundRecord::Unpaired(Unplayed::PairingBye),
        (None, 'F') => RoundRecord::Unpaired(Unplayed::FullPointBye),
        // `=` without an opponent is the older way of writing a half-point bye.
        (None, 'H' | '=' | 'D') => RoundRecord::Unpaired(Unplayed::HalfPointBye),
        (None, 'Z' | ' ') => RoundRecord::Unpaired(Unplayed::ZeroPointBye),
        (None, '-') => RoundRecord::Unpaired(Unplayed::Absent),
        (None, '+' | '1' | '0' | 'W' | 'L') => return Err(bad("a game or forfeit needs an opponent")),
        (_, other) => return Err(TrfErrorKind::BadResult { round, column: column + 7, value: other }),
    };
    Ok(Some(record))
}

fn parse_configuration(rest: &str) -> Result<Line, TrfErrorKind> {
    let mut initial_colour = None;
    let mut rank = false;
    for token in rest.split_whitespace() {
        match token {
            "rank" => rank = true,
            "white1" => initial_colour = Some(Colour::White),
            "black1" => initial_colour = Some(Colour::Black),
            other => return Err(bad_value("XXC", other)),
        }
    }
    Ok(Line::Configuration { initial_colour, rank })
}

fn parse_point_system(rest: &str) -> Result<Vec<(char, Points)>, TrfErrorKind> {
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        let mut chars = token.chars();
        let code = chars.next().unwrap_or(' ');
        if !matches!(code, 'W' | 'D' | 'L' | 'A' | 'P' | 'X') {
            return Err(bad_value("162 (point system)", token));
        }
        let value = if token.len() > 1 {
            &token[1..]
        } else {
            i += 1;
            tokens.get(i).copied().unwrap_or("")
        };
        out.push((code, points_field(value, "162 (point system)")?));
        i += 1;
    }
    Ok(out)
}

fn parse_scoring(rest: &str) -> Result<Vec<(String, Points)>, TrfErrorKind> {
    rest.split_whitespace()
        .map(|token| {
            let (code, value) = token.split_once('=').ok_or_else(|| bad_value("XXS", token))?;
            let code = code.to_ascii_uppercase();
            if !matches!(
                code.as_str(),
                "WW" | "BW" | "WD" | "BD" | "WL" | "BL" | "ZPB" | "HPB" | "FPB" | "PAB" | "FW" | "FL" | "W" | "D"
            ) {
                return Err(bad_value("XXS", token));
            }
            Ok((code, points_field(value, "XXS")?))
        })
        .collect()
}

/// `XXA NNNN pppp pppp …`: player in cols 5-8, then one 4-column field per round
/// separated by a space (blank fields are 0).
fn parse_acceleration(text: &str) -> Result<Line, TrfErrorKind> {
    let chars: Vec<char> = text.chars().collect();
    let player = player_token(&columns(&chars, 5, 8), "XXA (player)")?;
    let mut rounds = Vec::new();
    let mut start = 10; // 1-based column of the first value
    while start <= chars.len() {
        let value = columns(&chars, start, start + 3);
        rounds.push(if value.is_empty() { Points::ZERO } else { points_field(&value, "XXA (points)")? });
        start += 5;
    }
    Ok(Line::Acceleration { player, rounds })
}

fn parse_acceleration_range(rest: &str) -> Result<AccelerationRange, TrfErrorKind> {
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    let (match_points, tokens) = match tokens.len() {
        6 => (Some(points_field(tokens[0], "250 (match points)")?), &tokens[1..]),
        5 => (None, &tokens[..]),
        _ => return Err(bad_value("250 (acceleration)", rest.trim())),
    };
    Ok(AccelerationRange {
        match_points,
        points: points_field(tokens[0], "250 (points)")?,
        first_round: number_token(tokens[1], "250 (first round)")?,
        last_round: number_token(tokens[2], "250 (last round)")?,
        first_player: player_token(tokens[3], "250 (first player)")?,
        last_player: player_token(tokens[4], "250 (last player)")?,
    })
}

fn parse_forbidden_range(rest: &str) -> Result<Line, TrfErrorKind> {
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    if tokens.len() < 4 {
        return Err(TrfErrorKind::TooShort { field: "260 (players)" });
    }
    Ok(Line::ForbiddenRange {
        first_round: number_token(tokens[0], "260 (first round)")?,
        last_round: number_token(tokens[1], "260 (last round)")?,
        players: tokens[2..].iter().map(|t| player_token(t, "260 (player)")).collect::<Result<_, _>>()?,
    })
}

fn parse_byes(rest: &str) -> Result<Line, TrfErrorKind> {
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    if tokens.len() < 3 {
        return Err(TrfErrorKind::TooShort { field: "240 (players)" });
    }
    let kind = match tokens[0] {
        "F" | "f" => 'F',
        "H" | "h" => 'H',
        "Z" | "z" => 'Z',
        other => return Err(bad_value("240 (type of bye)", other)),
    };
    Ok(Line::Byes {
        kind,
        round: number_token(tokens[1], "240 (round)")?,
        players: tokens[2..].iter().map(|t| player_token(t, "240 (player)")).collect::<Result<_, _>>()?,
    })
}
