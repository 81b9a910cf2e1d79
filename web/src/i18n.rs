//! Languages: every text of the pages, of the scripts and of the API's
//! error messages comes from the Fluent resources in `web/locales/{lang}/`
//! (compiled into the binary), looked up in the request's [`Lang`].
//!
//! A page's language is the `?lang=` switch (remembered in a `lang`
//! cookie), else the browser's `Accept-Language`, else English. Texts the
//! scripts draw are the messages whose id starts with `js-`; a page embeds
//! those of its language as JSON ([`Lang::js_strings`]) for the scripts'
//! `t(key, args)`.

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{static_loader, LanguageIdentifier, Loader};
use std::borrow::Cow;
use std::collections::HashMap;

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Plain text: no Unicode isolation marks around placeables (the
        // pages set `lang` and `dir` themselves).
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// What a missing message renders as: `⟦missing: id⟧`, easy to spot on a
/// page and checked for by the tests.
pub const MISSING: &str = "⟦missing:";

/// The Fluent sources, per language, as compiled in (for the scripts'
/// strings and the tests that walk the resources).
pub const SOURCES: [(Lang, &[(&str, &str)]); 6] = [
    (
        Lang::En,
        &[
            ("main.ftl", include_str!("../locales/en/main.ftl")),
            ("js.ftl", include_str!("../locales/en/js.ftl")),
            ("errors.ftl", include_str!("../locales/en/errors.ftl")),
        ],
    ),
    (
        Lang::Fr,
        &[
            ("main.ftl", include_str!("../locales/fr/main.ftl")),
            ("js.ftl", include_str!("../locales/fr/js.ftl")),
            ("errors.ftl", include_str!("../locales/fr/errors.ftl")),
        ],
    ),
    (
        Lang::De,
        &[
            ("main.ftl", include_str!("../locales/de/main.ftl")),
            ("js.ftl", include_str!("../locales/de/js.ftl")),
            ("errors.ftl", include_str!("../locales/de/errors.ftl")),
        ],
    ),
    (
        Lang::Es,
        &[
            ("main.ftl", include_str!("../locales/es/main.ftl")),
            ("js.ftl", include_str!("../locales/es/js.ftl")),
            ("errors.ftl", include_str!("../locales/es/errors.ftl")),
        ],
    ),
    (
        Lang::It,
        &[
            ("main.ftl", include_str!("../locales/it/main.ftl")),
            ("js.ftl", include_str!("../locales/it/js.ftl")),
            ("errors.ftl", include_str!("../locales/it/errors.ftl")),
        ],
    ),
    (
        Lang::Nl,
        &[
            ("main.ftl", include_str!("../locales/nl/main.ftl")),
            ("js.ftl", include_str!("../locales/nl/js.ftl")),
            ("errors.ftl", include_str!("../locales/nl/errors.ftl")),
        ],
    ),
];

/// A language the pages and messages are translated into.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the fallback).
    #[default]
    En,
    /// French.
    Fr,
    /// German.
    De,
    /// Spanish.
    Es,
    /// Italian.
    It,
    /// Dutch.
    Nl,
}

/// A value given to a message: a number (plural rules apply) or text.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A number.
    Num(f64),
    /// Text, inserted as is.
    Text(String),
}

/// What can be given to a message as an argument.
pub trait ToArg {
    /// The argument.
    fn to_arg(&self) -> Arg;
}

macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl ToArg for $t {
            #[allow(clippy::cast_precision_loss, clippy::cast_lossless)]
            fn to_arg(&self) -> Arg {
                Arg::Num(*self as f64)
            }
        }
    )*};
}
num_arg!(i32, i64, u32, u64, usize, f64);

impl ToArg for str {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.to_string())
    }
}
impl ToArg for String {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.clone())
    }
}
impl<T: ToArg + ?Sized> ToArg for &T {
    fn to_arg(&self) -> Arg {
        (**self).to_arg()
    }
}

impl Lang {
    /// Every language, English first (the switch's order).
    pub const ALL: [Lang; 6] = [Lang::En, Lang::Fr, Lang::De, Lang::Es, Lang::It, Lang::Nl];

    /// The language's code (`en`, `fr`, `de`, `es`, `it`, `nl`), as in `<html lang>` and `?lang=`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::De => "de",
            Lang::Es => "es",
            Lang::It => "it",
            Lang::Nl => "nl",
        }
    }

    /// The language's name in itself, for the switch.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::De => "Deutsch",
            Lang::Es => "Español",
            Lang::It => "Italiano",
            Lang::Nl => "Nederlands",
        }
    }

    /// The language of a code or tag (`fr`, `fr-CA`, `DE_at`), if translated.
    #[must_use]
    pub fn from_code(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or_default();
        Lang::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The most preferred translated language of an `Accept-Language`
    /// header (RFC 9110 §12.5.4: by q-value, then by order; `q=0` refuses;
    /// `*` takes English), if any.
    #[must_use]
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut ranges: Vec<(u16, usize, &str)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut bits = part.split(';');
                let tag = bits.next()?.trim();
                let q = bits
                    .filter_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
                    .find_map(|v| v.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                // q-values have at most three decimals: compare them as thousandths.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let q = (q.clamp(0.0, 1.0) * 1000.0).round() as u16;
                (!tag.is_empty() && q > 0).then_some((q, i, tag))
            })
            .collect();
        ranges.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        ranges.into_iter().find_map(|(_, _, tag)| if tag == "*" { Some(Lang::En) } else { Lang::from_code(tag) })
    }

    fn id(self) -> LanguageIdentifier {
        match self {
            Lang::En => fluent_templates::langid!("en"),
            Lang::Fr => fluent_templates::langid!("fr"),
            Lang::De => fluent_templates::langid!("de"),
            Lang::Es => fluent_templates::langid!("es"),
            Lang::It => fluent_templates::langid!("it"),
            Lang::Nl => fluent_templates::langid!("nl"),
        }
    }

    /// The message `id` in this language (English where this language
    /// lacks it), or `⟦missing: id⟧`.
    #[must_use]
    pub fn t(self, id: &str) -> String {
        self.t_args(id, &[])
    }

    /// The message `id` with arguments.
    #[must_use]
    pub fn t_args(self, id: &str, args: &[(&str, Arg)]) -> String {
        let found = if args.is_empty() {
            LOCALES.try_lookup(&self.id(), id)
        } else {
            let map: HashMap<Cow<'static, str>, FluentValue> = args
                .iter()
                .map(|(k, v)| {
                    let value = match v {
                        Arg::Num(n) => FluentValue::from(*n),
                        Arg::Text(s) => FluentValue::from(s.clone()),
                    };
                    (Cow::Owned((*k).to_string()), value)
                })
                .collect();
            LOCALES.try_lookup_with_args(&self.id(), id, &map)
        };
        found.unwrap_or_else(|| format!("{MISSING} {id}⟧"))
    }

    /// Whether the message `id` exists in this language or in English.
    #[must_use]
    pub fn has(self, id: &str) -> bool {
        static IDS: std::sync::LazyLock<HashMap<Lang, std::collections::HashSet<String>>> =
            std::sync::LazyLock::new(|| {
                Lang::ALL
                    .into_iter()
                    .map(|l| {
                        let ids = sources(l).iter().flat_map(|(file, _)| message_ids(l, file).0).collect();
                        (l, ids)
                    })
                    .collect()
            });
        [self, Lang::En].iter().any(|l| IDS.get(l).is_some_and(|ids| ids.contains(id)))
    }

    /// The scripts' strings: every `js-` message of this language (without
    /// the prefix), its placeables written `{name}`, as script JSON.
    #[must_use]
    pub fn js_strings(self) -> String {
        // Built once per language: every page embeds it.
        static BUILT: std::sync::LazyLock<HashMap<Lang, String>> =
            std::sync::LazyLock::new(|| Lang::ALL.into_iter().map(|l| (l, l.build_js_strings())).collect());
        BUILT.get(&self).cloned().unwrap_or_else(|| self.build_js_strings())
    }

    fn build_js_strings(self) -> String {
        let mut map = std::collections::BTreeMap::new();
        for lang in [Lang::En, self] {
            for (file, src) in sources(lang) {
                if *file != "js.ftl" {
                    continue;
                }
                for (id, value) in simple_messages(src) {
                    if let Some(key) = id.strip_prefix("js-") {
                        map.insert(key.to_string(), value);
                    }
                }
            }
        }
        crate::script::script_json(&map)
    }

    /// A number as this language writes it: `2.5` → `2,5` in French,
    /// German, Spanish, Italian and Dutch (digits, signs and `½` are kept).
    #[must_use]
    pub fn number(self, text: &str) -> String {
        match self {
            Lang::En => text.to_string(),
            _ => text.replace('.', ","),
        }
    }

    /// An ISO date (`2026-05-17`) as this language writes it
    /// (`17 May 2026`, `17 mai 2026`, `17. Mai 2026`, `17 de mayo de 2026`,
    /// `17 maggio 2026`, `17 mei 2026`);
    /// anything else is returned as is.
    #[must_use]
    pub fn date(self, iso: &str) -> String {
        let mut parts = iso.splitn(3, '-');
        let (Some(y), Some(m), Some(d)) = (parts.next(), parts.next(), parts.next()) else {
            return iso.to_string();
        };
        let (Ok(year), Ok(month), Ok(day)) = (y.parse::<i64>(), m.parse::<u32>(), d.parse::<u32>()) else {
            return iso.to_string();
        };
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
            return iso.to_string();
        }
        let month_name = self.t(&format!("month-{month}"));
        self.t_args(
            "date-long",
            &[
                ("day", Arg::Num(f64::from(day))),
                ("month", Arg::Text(month_name)),
                ("year", Arg::Text(year.to_string())),
            ],
        )
    }
}

/// The ids of the messages of one language's source `file` (`main.ftl`,
/// `js.ftl`, `errors.ftl`), in order, with the parser's errors if any.
#[must_use]
pub fn message_ids(lang: Lang, file: &str) -> (Vec<String>, Vec<String>) {
    let Some((_, src)) = sources(lang).iter().find(|(f, _)| *f == file) else {
        return (Vec::new(), vec![format!("{} has no {file}", lang.code())]);
    };
    let (resource, errors) = match fluent_syntax::parser::parse(*src) {
        Ok(r) => (r, Vec::new()),
        Err((r, errs)) => (r, errs.iter().map(|e| format!("{}/{file}: {e:?}", lang.code())).collect()),
    };
    let ids = resource
        .body
        .iter()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect();
    (ids, errors)
}

/// The Fluent sources of one language.
#[must_use]
pub fn sources(lang: Lang) -> &'static [(&'static str, &'static str)] {
    SOURCES.iter().find(|(l, _)| *l == lang).map_or(&[], |(_, s)| s)
}

/// The messages of a source written on one line (`id = text`), with their
/// placeables `{ $name }` written `{name}`.
fn simple_messages(src: &str) -> impl Iterator<Item = (&str, String)> {
    src.lines().filter_map(|line| {
        let (id, value) = line.split_once(" = ")?;
        if id.starts_with(|c: char| c.is_ascii_lowercase()) && !id.contains(' ') {
            Some((id, placeholders(value)))
        } else {
            None
        }
    })
}

/// `{ $name }` → `{name}`.
fn placeholders(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(start) = rest.find("{ $") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 3..];
        if let Some(end) = after.find(" }") {
            out.push('{');
            out.push_str(&after[..end]);
            out.push('}');
            rest = &after[end + 2..];
        } else {
            out.push_str(&rest[start..]);
            rest = "";
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_is_read_by_q_value() {
        assert_eq!(Lang::from_accept_language("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5"), Some(Lang::Fr));
        assert_eq!(Lang::from_accept_language("en;q=0.5, de"), Some(Lang::De));
        assert_eq!(Lang::from_accept_language("pt, es;q=0.3, fr;q=0.2"), Some(Lang::Es));
        assert_eq!(Lang::from_accept_language("it-CH, nl;q=0.9"), Some(Lang::It));
        assert_eq!(Lang::from_accept_language("pt, nl-BE;q=0.5, en;q=0.4"), Some(Lang::Nl));
        assert_eq!(Lang::from_accept_language("fr;q=0, de;q=0.1"), Some(Lang::De));
        assert_eq!(Lang::from_accept_language("pt, pl"), None);
        assert_eq!(Lang::from_accept_language("pt, *"), Some(Lang::En));
        assert_eq!(Lang::from_accept_language(""), None);
        assert_eq!(Lang::from_code("ES_mx"), Some(Lang::Es));
    }

    #[test]
    fn lookups_use_the_language_and_mark_missing_keys() {
        assert_eq!(Lang::En.t("nav-ratings"), "Ratings");
        assert_eq!(Lang::Fr.t("nav-ratings"), "Classements Elo");
        assert!(Lang::De.t("no-such-key").starts_with(MISSING));
        assert_eq!(Lang::Fr.t_args("home-rounds", &[("n", 1.to_arg())]), "1 ronde");
        assert_eq!(Lang::Fr.t_args("home-rounds", &[("n", 5.to_arg())]), "5 rondes");
        assert_eq!(Lang::It.t_args("home-rounds", &[("n", 1.to_arg())]), "1 turno");
        assert_eq!(Lang::It.t_args("home-rounds", &[("n", 9.to_arg())]), "9 turni");
        assert_eq!(Lang::Nl.t_args("home-rounds", &[("n", 1.to_arg())]), "1 ronde");
        assert_eq!(Lang::Nl.t_args("home-rounds", &[("n", 7.to_arg())]), "7 ronden");
    }

    #[test]
    fn dates_and_numbers_by_language() {
        assert_eq!(Lang::En.date("2026-05-17"), "17 May 2026");
        assert_eq!(Lang::Fr.date("2026-05-01"), "1 mai 2026");
        assert_eq!(Lang::De.date("2026-05-17"), "17. Mai 2026");
        assert_eq!(Lang::Es.date("2026-05-17"), "17 de mayo de 2026");
        assert_eq!(Lang::Es.date("soon"), "soon");
        assert_eq!(Lang::It.date("2026-05-17"), "17 maggio 2026");
        assert_eq!(Lang::Nl.date("2026-05-17"), "17 mei 2026");
        assert_eq!(Lang::It.number("2.5"), "2,5");
        assert_eq!(Lang::Nl.number("1.5"), "1,5");
        assert_eq!(Lang::De.number("2.5"), "2,5");
        assert_eq!(Lang::En.number("2.5"), "2.5");
    }

    #[test]
    fn script_strings_have_plain_placeholders() {
        assert_eq!(placeholders("Round { $n } of { $total }"), "Round {n} of {total}");
        let fr: serde_json::Value = serde_json::from_str(&Lang::Fr.js_strings()).unwrap_or_default();
        assert!(fr.get("round").and_then(|v| v.as_str()).is_some_and(|s| s.contains("{n}")));
    }
}
