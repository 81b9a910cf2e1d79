//! The event's schedule as an iCalendar feed (RFC 5545), for a player's or
//! a club's calendar: one event for the day, and one per round whose start
//! the organiser set (`round_times`: `HH:MM` on the event's date, or
//! `YYYY-MM-DD HH:MM`). Times are the venue's local time, written as
//! RFC 5545 §3.3.5 "floating" times (no zone): a calendar shows them as the
//! organiser typed them. A round ends when the next one of the same day
//! starts; the last round of a day has no end (an instant, §3.6.1).

use crate::domain::{Millis, Tournament, TournamentId, User};
use crate::error::ApiResult;
use crate::service::Ctx;
use chrono::{NaiveDate, NaiveDateTime, NaiveTime};

/// The feed of a tournament the viewer may see.
///
/// # Errors
/// 404 `tournament_not_found` (also a draft of someone else's).
pub async fn calendar_of(ctx: &Ctx, id: TournamentId, viewer: Option<&User>, link: Option<&str>) -> ApiResult<String> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    Ok(calendar(&t, crate::domain::now_millis(), link))
}

/// A round's planned start: `HH:MM` on `day`, or `YYYY-MM-DD HH:MM`.
#[must_use]
pub fn round_start(day: NaiveDate, text: &str) -> Option<NaiveDateTime> {
    let text = text.trim();
    if let Ok(at) = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M") {
        return Some(at);
    }
    NaiveTime::parse_from_str(text, "%H:%M").ok().map(|time| day.and_time(time))
}

/// The iCalendar text of `t`'s schedule, stamped `now`; `link` is the
/// event's page (absolute), if the server knows its address.
#[must_use]
pub fn calendar(t: &Tournament, now: Millis, link: Option<&str>) -> String {
    let stamp = chrono::DateTime::from_timestamp_millis(now)
        .map_or_else(String::new, |d| d.format("%Y%m%dT%H%M%SZ").to_string());
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_string(),
        "VERSION:2.0".to_string(),
        "PRODID:-//Arbiter//Event schedule//EN".to_string(),
        "CALSCALE:GREGORIAN".to_string(),
        "METHOD:PUBLISH".to_string(),
        format!("X-WR-CALNAME:{}", text(&t.name)),
    ];
    let common = |lines: &mut Vec<String>| {
        if let Some(place) = &t.location {
            lines.push(format!("LOCATION:{}", text(place)));
        }
        if let Some(url) = link {
            lines.push(format!("URL:{url}"));
        }
    };
    // The day itself, all day (DTEND is exclusive, §3.6.1).
    lines.push("BEGIN:VEVENT".into());
    lines.push(format!("UID:{}-day@arbiter", t.id));
    lines.push(format!("DTSTAMP:{stamp}"));
    lines.push(format!("DTSTART;VALUE=DATE:{}", t.event_date.format("%Y%m%d")));
    if let Some(next) = t.event_date.succ_opt() {
        lines.push(format!("DTEND;VALUE=DATE:{}", next.format("%Y%m%d")));
    }
    lines.push(format!("SUMMARY:{}", text(&t.name)));
    lines.push(format!("DESCRIPTION:{}", text(&t.format)));
    common(&mut lines);
    lines.push("END:VEVENT".into());
    let starts: Vec<Option<NaiveDateTime>> = t.round_times.iter().map(|s| round_start(t.event_date, s)).collect();
    for (i, start) in starts.iter().enumerate() {
        let Some(start) = start else { continue };
        let number = i + 1;
        lines.push("BEGIN:VEVENT".into());
        lines.push(format!("UID:{}-round-{number}@arbiter", t.id));
        lines.push(format!("DTSTAMP:{stamp}"));
        lines.push(format!("DTSTART:{}", start.format("%Y%m%dT%H%M%S")));
        let end = starts.get(i + 1).copied().flatten().filter(|e| e > start && e.date() == start.date());
        if let Some(end) = end {
            lines.push(format!("DTEND:{}", end.format("%Y%m%dT%H%M%S")));
        }
        lines.push(format!("SUMMARY:{}", text(&format!("{} – round {number}", t.name))));
        let mission = t.missions.get(i).or(t.missions.last()).filter(|m| !m.trim().is_empty());
        if let Some(m) = mission {
            lines.push(format!("DESCRIPTION:{}", text(m)));
        }
        common(&mut lines);
        lines.push("END:VEVENT".into());
    }
    lines.push("END:VCALENDAR".into());
    lines.iter().map(|l| fold(l)).collect::<Vec<_>>().join("")
}

/// A TEXT value escaped (RFC 5545 §3.3.11): backslash, `;`, `,` and line breaks.
fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// A content line folded at 75 octets (RFC 5545 §3.1: CRLF and a space,
/// never inside a UTF-8 character), ending in CRLF.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut width = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if width + n > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += n;
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_times_on_the_day_or_dated() {
        let day = NaiveDate::from_ymd_opt(2026, 5, 17).unwrap();
        assert_eq!(round_start(day, "09:30").unwrap().to_string(), "2026-05-17 09:30:00");
        assert_eq!(round_start(day, "2026-05-18 10:00").unwrap().to_string(), "2026-05-18 10:00:00");
        assert!(round_start(day, "half past nine").is_none());
    }

    #[test]
    fn text_is_escaped_and_long_lines_folded_at_75_octets() {
        assert_eq!(text("a,b;c\\d\ne"), "a\\,b\\;c\\\\d\\ne");
        let long = format!("SUMMARY:{}", "é".repeat(60));
        let folded = fold(&long);
        for l in folded.split("\r\n") {
            assert!(l.len() <= 75, "{l:?} is {} octets", l.len());
        }
        let unfolded = folded.replace("\r\n ", "");
        assert_eq!(unfolded.trim_end(), long);
    }
}
