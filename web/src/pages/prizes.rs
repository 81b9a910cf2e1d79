//! Prize pages: the public prize list (`/t/{id}/prizes`) and the TO's
//! prize desk (`/t/{id}/prizes/manage`): the list as configured, its CSV
//! import, the rules, running the allocation with an override, the review
//! of a run (winners, cash, conflicts, warnings, unfilled, log) and
//! publishing.

use super::Nav;
use crate::i18n::{Arg, Lang};
use crate::views::prizes::{PrizeConfigView, PublishedPrizesView, RunSummaryView, RunView};
use crate::views::{PlayerView, TournamentView};
use askama::Template;

/// The split method in words.
#[must_use]
pub fn split_label(lang: &crate::i18n::Lang, method: &crate::views::sets::SplitMethod) -> String {
    use crate::views::sets::SplitMethod;
    lang.t(match method {
        SplitMethod::None => "split-none",
        SplitMethod::Uscf32B3 => "split-uscf",
        SplitMethod::PlaceFirst => "split-place-first",
        SplitMethod::Hort => "split-hort",
    })
}

/// Unix milliseconds as `YYYY-MM-DD HH:MM UTC`.
#[must_use]
pub fn when(ms: &i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02} UTC", rem / 3600, rem % 3600 / 60)
}

/// [`when`] as `lang` writes dates (`17 mai 2026 06:40 UTC`); English as [`when`].
#[must_use]
pub fn when_in(lang: &Lang, ms: &i64) -> String {
    let en = when(ms);
    if *lang == Lang::En {
        return en;
    }
    match en.split_once(' ') {
        Some((date, time)) => format!("{} {time}", lang.date(date)),
        None => en,
    }
}

/// `/t/{id}/prizes`: the published prizes (or the prize list while none is published).
#[derive(Template)]
#[template(path = "prizes.html")]
pub struct PrizesPage {
    /// Header.
    pub nav: Nav,
    /// The event.
    pub tournament: TournamentView,
    /// Whether the viewer is the TO (a link to the prize desk).
    pub is_to: bool,
    /// The published run, if any.
    pub published: Option<PublishedPrizesView>,
    /// The prize list as configured.
    pub config: PrizeConfigView,
    /// `{"seq": N, "data": {}}`: where the page's event stream starts.
    pub live: String,
}

/// One prize of the configured list, flattened for the override form.
#[derive(Clone, Debug)]
pub struct PrizeOption {
    /// Prize id.
    pub id: String,
    /// "Open 1st (500.00)".
    pub label: String,
}

/// The columns the prize desk's CSV import takes, in the order the desk's
/// label lists them (the import reads any order, case-insensitive).
pub const PRIZE_CSV_COLUMNS: [&str; 24] = [
    "category",
    "order",
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
    "place",
    "cash",
    "trophy",
    "medal",
    "main",
    "prize_active",
];

/// `/t/{id}/prizes/manage`: the TO's prize desk.
#[derive(Template)]
#[template(path = "prizes_manage.html")]
pub struct ManagePrizesPage {
    /// Header.
    pub nav: Nav,
    /// The event.
    pub tournament: TournamentView,
    /// The prize list and rules.
    pub config: PrizeConfigView,
    /// The rules' current values: eligibility mode, split method, unrated in rating categories.
    pub mode: String,
    /// The split method code.
    pub split: String,
    /// Place-first's class excess rule: `capped` or `to_class`.
    pub class_excess: String,
    /// Whether unrated players may take rating-category prizes.
    pub allow_unrated: bool,
    /// The prizes, for the override form.
    pub prize_options: Vec<PrizeOption>,
    /// Every run, newest first.
    pub runs: Vec<RunSummaryView>,
    /// The run shown.
    pub run: Option<RunView>,
    /// The players, for the override form.
    pub players: Vec<PlayerView>,
    /// The message of a refused form.
    pub error: Option<String>,
    /// The CSV typed (kept after a refused import).
    pub csv: String,
}

impl ManagePrizesPage {
    /// The page.
    #[must_use]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        nav: Nav,
        tournament: TournamentView,
        config: PrizeConfigView,
        runs: Vec<RunSummaryView>,
        run: Option<RunView>,
        players: Vec<PlayerView>,
        error: Option<String>,
        csv: String,
    ) -> ManagePrizesPage {
        let text = |k: &str, default: &str| config.rules.get(k).and_then(|v| v.as_str()).unwrap_or(default).to_string();
        let mode = text("multiple_eligibility_mode", "first-win");
        let split = text("cash_split", "none");
        let class_excess = text("class_excess", "capped");
        let allow_unrated =
            config.rules.get("allow_unrated_in_rating_category").and_then(serde_json::Value::as_bool).unwrap_or(false);
        let prize_options = config
            .categories
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|c| {
                let name = c.get("name").and_then(|v| v.as_str()).unwrap_or_default().to_string();
                c.get("prizes").and_then(|p| p.as_array()).cloned().unwrap_or_default().into_iter().map(move |p| {
                    let place = p.get("place").and_then(serde_json::Value::as_u64).unwrap_or(0);
                    let cash = p.get("cash").and_then(serde_json::Value::as_u64).unwrap_or(0);
                    PrizeOption {
                        id: p.get("id").and_then(|v| v.as_str()).unwrap_or_default().to_string(),
                        label: format!("{name} {place} ({}.{:02})", cash / 100, cash % 100),
                    }
                })
            })
            .collect();
        ManagePrizesPage {
            nav,
            tournament,
            config,
            mode,
            split,
            class_excess,
            allow_unrated,
            prize_options,
            runs,
            run,
            players,
            error,
            csv,
        }
    }

    /// The configured categories as (name, filters in words, prizes in words).
    #[must_use]
    pub fn category_lines(&self) -> Vec<(String, String, String)> {
        category_lines(self.nav.lang, &self.config)
    }

    /// Every column the CSV import takes, for the desk's label.
    #[must_use]
    pub fn csv_columns(&self) -> String {
        PRIZE_CSV_COLUMNS.join(", ")
    }

    /// The split methods as (code, words, whether chosen).
    #[must_use]
    pub fn split_options(&self) -> Vec<(&'static str, String, bool)> {
        crate::views::sets::SplitMethod::ALL
            .iter()
            .map(|m| (m.as_str(), split_label(&self.nav.lang, m), self.split == m.as_str()))
            .collect()
    }
}

impl PrizesPage {
    /// The configured categories as (name, filters in words, prizes in words).
    #[must_use]
    pub fn category_lines(&self) -> Vec<(String, String, String)> {
        category_lines(self.nav.lang, &self.config)
    }
}

/// Each category of `config` as its name, its filters in words ("rating
/// ≤ 1799, F") and its prizes in words ("1: 500.00 + trophy; 2: 250.00").
#[must_use]
pub fn category_lines(lang: Lang, config: &PrizeConfigView) -> Vec<(String, String, String)> {
    let t = |id: &str, args: &[(&str, String)]| {
        let args: Vec<(&str, Arg)> = args.iter().map(|(k, v)| (*k, Arg::Text(v.clone()))).collect();
        lang.t_args(id, &args)
    };
    let s =
        |c: &serde_json::Value, k: &str| c.get(k).and_then(|v| v.as_str()).filter(|v| !v.is_empty()).map(String::from);
    let n = |c: &serde_json::Value, k: &str| c.get(k).and_then(serde_json::Value::as_u64).filter(|v| *v > 0);
    config
        .categories
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let mut filters = Vec::new();
            match (n(c, "min_age"), n(c, "max_age")) {
                (Some(a), Some(b)) => {
                    filters.push(t("prize-cat-age-range", &[("min", a.to_string()), ("max", b.to_string())]))
                }
                (Some(a), None) => filters.push(t("prize-cat-age-min", &[("min", a.to_string())])),
                (None, Some(b)) => filters.push(t("prize-cat-age-max", &[("max", b.to_string())])),
                (None, None) => {}
            }
            match (n(c, "min_rating"), n(c, "max_rating")) {
                (Some(a), Some(b)) => {
                    filters.push(t("prize-cat-rating-range", &[("min", a.to_string()), ("max", b.to_string())]))
                }
                (Some(a), None) => filters.push(t("prize-cat-rating-min", &[("min", a.to_string())])),
                (None, Some(b)) => filters.push(t("prize-cat-rating-max", &[("max", b.to_string())])),
                (None, None) => {}
            }
            if let Some(g) = s(c, "gender") {
                filters.push(if g == "F" {
                    t("prize-cat-women", &[])
                } else {
                    t("prize-cat-gender", &[("gender", g)])
                });
            }
            if s(c, "disability").is_some() {
                filters.push(t("prize-cat-disability", &[]));
            }
            for k in ["city", "state", "club", "faction", "federation"] {
                if let Some(v) = s(c, k) {
                    filters.push(t(&format!("prize-cat-{k}"), &[("value", v)]));
                }
            }
            for k in ["board", "min_games"] {
                if let Some(v) = n(c, k) {
                    filters.push(t(&format!("prize-cat-{}", k.replace('_', "-")), &[("value", v.to_string())]));
                }
            }
            if let Some(by) = s(c, "ranked_by") {
                filters.push(t("prize-cat-ranked-by", &[("by", lang.t(&format!("prize-ranked-{by}")))]));
            }
            if c.get("active").and_then(serde_json::Value::as_bool) == Some(false) {
                filters.push(t("prize-cat-inactive", &[]));
            }
            let prizes = c
                .get("prizes")
                .and_then(|p| p.as_array())
                .into_iter()
                .flatten()
                .map(|p| {
                    let cash = p.get("cash").and_then(serde_json::Value::as_u64).unwrap_or(0);
                    let mut parts = Vec::new();
                    if cash > 0 {
                        parts.push(lang.number(&format!("{}.{:02}", cash / 100, cash % 100)));
                    }
                    for k in ["trophy", "medal"] {
                        if p.get(k).and_then(serde_json::Value::as_bool) == Some(true) {
                            parts.push(lang.t(&format!("prize-{k}")));
                        }
                    }
                    let place = p.get("place").and_then(serde_json::Value::as_u64).unwrap_or(0);
                    format!("{place}: {}", if parts.is_empty() { "—".to_string() } else { parts.join(" + ") })
                })
                .collect::<Vec<_>>()
                .join("; ");
            (
                s(c, "name").unwrap_or_default(),
                if filters.is_empty() { t("prize-cat-everyone", &[]) } else { filters.join(", ") },
                prizes,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_categories_read_well() {
        assert_eq!(when(&0), "1970-01-01 00:00 UTC");
        assert_eq!(when(&1_779_000_000_000), "2026-05-17 06:40 UTC");
        let config = PrizeConfigView {
            categories: serde_json::json!([{ "name": "Girls U12", "max_age": 11, "gender": "F", "prizes": [{ "place": 1, "cash": 5000, "trophy": true }, { "place": 2 }] }]),
            rules: serde_json::json!({}),
            category_count: 1,
            prize_count: 2,
            updated_at: None,
        };
        assert_eq!(
            category_lines(Lang::En, &config),
            [("Girls U12".to_string(), "age ≤ 11, women and girls".to_string(), "1: 50.00 + trophy; 2: —".to_string())]
        );
    }
}
