//! A rating history as an inline SVG line chart, rendered on the server (no
//! script): rating after each rated game, from the rating before the first,
//! with a dashed line where a new event starts and a tooltip per game.

use std::fmt::Write as _;

/// One rated game on the chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartPoint {
    /// The rating after the game.
    pub rating: i32,
    /// The tooltip (plain text; escaped here).
    pub label: String,
    /// The event the game belongs to (a new value starts a new event band).
    pub event: String,
}

const WIDTH: i64 = 640;
const HEIGHT: i64 = 220;
const LEFT: i64 = 48;
const RIGHT: i64 = 12;
const TOP: i64 = 12;
const BOTTOM: i64 = 28;

/// The chart of a history starting at `start` (the rating before the first
/// game), one point per game in order. Ratings are whole numbers; the y axis
/// runs between multiples of its grid step (50 or 100 points) around them.
#[must_use]
pub fn rating_svg(start: i32, points: &[ChartPoint]) -> String {
    let all = std::iter::once(start).chain(points.iter().map(|p| p.rating));
    let (lo, hi) = all.fold((start, start), |(lo, hi), r| (lo.min(r), hi.max(r)));
    let step = if hi - lo > 400 { 100 } else { 50 };
    let lo = i64::from(lo).div_euclid(step) * step;
    let hi = (i64::from(hi).div_euclid(step) + 1) * step;
    let n = i64::try_from(points.len()).unwrap_or(i64::MAX).max(1);
    let x = |i: i64| LEFT + i * (WIDTH - LEFT - RIGHT) / n;
    let y = |r: i64| TOP + (hi - r) * (HEIGHT - TOP - BOTTOM) / (hi - lo);

    let mut svg = format!(
        r#"<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" aria-label="Rating after each rated game" xmlns="http://www.w3.org/2000/svg">"#
    );
    for r in (lo..=hi).step_by(usize::try_from(step).unwrap_or(50)) {
        let _ = write!(
            svg,
            r##"<line x1="{LEFT}" x2="{}" y1="{y}" y2="{y}" stroke="#1e293b"/><text x="{}" y="{}" text-anchor="end" font-size="11" fill="#94a3b8">{r}</text>"##,
            WIDTH - RIGHT,
            LEFT - 6,
            y(r) + 4,
            y = y(r),
        );
    }
    let mut previous: Option<&str> = None;
    for (i, p) in points.iter().enumerate() {
        if previous.is_some_and(|e| e != p.event) {
            let at = x(i64::try_from(i).unwrap_or(0)) + (x(1) - x(0)) / 2;
            let _ = write!(
                svg,
                r##"<line x1="{at}" x2="{at}" y1="{TOP}" y2="{}" stroke="#334155" stroke-dasharray="4 4"/>"##,
                HEIGHT - BOTTOM
            );
        }
        previous = Some(&p.event);
    }
    let coords: Vec<String> = std::iter::once(start)
        .chain(points.iter().map(|p| p.rating))
        .enumerate()
        .map(|(i, r)| format!("{},{}", x(i64::try_from(i).unwrap_or(0)), y(i64::from(r))))
        .collect();
    let _ = write!(svg, r##"<polyline fill="none" stroke="#fbbf24" stroke-width="2" points="{}"/>"##, coords.join(" "));
    for (i, p) in points.iter().enumerate() {
        let (cx, cy) = (x(i64::try_from(i).unwrap_or(0) + 1), y(i64::from(p.rating)));
        let _ = write!(
            svg,
            r##"<circle cx="{cx}" cy="{cy}" r="3.5" fill="#fbbf24"><title>{}</title></circle>"##,
            escape(&p.label)
        );
    }
    let _ = write!(
        svg,
        r##"<text x="{LEFT}" y="{}" font-size="11" fill="#94a3b8">start</text><text x="{}" y="{}" text-anchor="end" font-size="11" fill="#94a3b8">game {}</text></svg>"##,
        HEIGHT - 8,
        WIDTH - RIGHT,
        HEIGHT - 8,
        points.len()
    );
    svg
}

/// Escapes text for SVG (XML) content and attributes.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(rating: i32, event: &str) -> ChartPoint {
        ChartPoint { rating, label: format!("{event}: {rating}"), event: event.into() }
    }

    /// 1200 → 1216 → 1200 → 1231 over two events: the axis runs 1200..1250
    /// (multiples of 50 around the ratings), y = 12 + (1250 − r)·180/50 in
    /// whole pixels: 1200 → 192, 1216 → 12 + 6120/50 = 134, 1231 → 80; four x
    /// positions 48 + i·580/3 = 48, 241, 434, 628; one dashed line between
    /// the events.
    #[test]
    fn points_scale_to_the_grid() {
        let svg = rating_svg(1200, &[point(1216, "a"), point(1200, "a"), point(1231, "b")]);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains(r#"points="48,192 241,134 434,192 628,80""#), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 3);
        assert_eq!(svg.matches("stroke-dasharray").count(), 1);
        assert!(svg.contains(">1250</text>") && svg.contains(">1200</text>") && !svg.contains(">1300</text>"));
    }

    #[test]
    fn labels_are_escaped() {
        let p = ChartPoint { rating: 1184, label: r#"<script>"x" & 'y'"#.into(), event: "e".into() };
        let svg = rating_svg(1200, &[p]);
        assert!(svg.contains("<title>&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;</title>"));
        assert!(!svg.contains("<script>"));
    }

    #[test]
    fn a_wide_range_uses_a_step_of_100() {
        let svg = rating_svg(1200, &[point(1700, "a")]);
        assert!(svg.contains(">1200</text>") && svg.contains(">1800</text>") && !svg.contains(">1250</text>"));
    }
}
