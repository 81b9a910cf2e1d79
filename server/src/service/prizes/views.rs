//! A stored run as people read it: the prize list (each prize once, with
//! who receives what — the engine's [`prize_list`], so the list and the
//! money paid are one thing), payouts summed from that list, conflicts and
//! warnings in words, and the log as the spec's lines (the CSV exports
//! are built from these views: [`super::export`]).

use crate::domain::{PlayerId, PrizeRun, RunInputs};
use crate::error::{ApiError, ApiResult};
use arbiter_engine::model::PlayerNo;
use arbiter_engine::prizes::{
    paid_by_list, prize_list, AwardKind, CategoryId, Cents, Conflict, ConflictReason, ConsistencyWarning, EntryKind,
    ListEntry, ListPrize, PrizeId, SplitMethod, UnawardedReason,
};
use arbiter_web::i18n::{Arg, Lang};
use arbiter_web::views::prizes::{
    IssueView, PayoutView, PrizeEntryView, PrizeLineView, PublishedPrizesView, RecipientView, RunCounts,
    RunSummaryView, RunView, WinnerRef,
};
use arbiter_web::views::sets::{PrizeEntryKind, PrizeEntryReason, PrizeIssueCode};
use std::collections::HashMap;

/// Names and lookups of one run's inputs.
pub(super) struct Names<'a> {
    inputs: &'a RunInputs,
    players: HashMap<PlayerNo, usize>,
    /// The language of the words (English for the API and the exports).
    lang: Lang,
}

impl<'a> Names<'a> {
    pub(super) fn new(inputs: &'a RunInputs) -> Names<'a> {
        Names::in_lang(inputs, Lang::En)
    }

    fn in_lang(inputs: &'a RunInputs, lang: Lang) -> Names<'a> {
        Names { inputs, players: inputs.event.players.iter().enumerate().map(|(i, p)| (p.id, i)).collect(), lang }
    }

    /// The message `id` in the run's language, with text arguments.
    fn t(&self, id: &str, args: &[(&str, String)]) -> String {
        let args: Vec<(&str, Arg)> = args.iter().map(|(k, v)| (*k, Arg::Text(v.clone()))).collect();
        self.lang.t_args(id, &args)
    }

    fn winner(&self, no: PlayerNo) -> WinnerRef {
        let p = self.players.get(&no).map(|&i| &self.inputs.event.players[i]);
        WinnerRef {
            player_id: self.player_id(no),
            name: p.map_or_else(|| format!("player {no}"), |p| p.name.clone()),
            rank: p.map_or(0, |p| p.rank),
            rating: p.and_then(|p| p.rated()),
        }
    }

    /// The registration behind `no` (every player of a run is an entrant;
    /// a hand-edited run without one shows the nil id).
    fn player_id(&self, no: PlayerNo) -> PlayerId {
        self.inputs.entrants.iter().find(|e| e.no == no).map_or(PlayerId::from_uuid(uuid::Uuid::nil()), |e| e.player_id)
    }

    fn score(&self, no: PlayerNo) -> String {
        self.inputs.entrants.iter().find(|e| e.no == no).map(|e| e.score.clone()).unwrap_or_default()
    }

    fn name(&self, no: PlayerNo) -> String {
        self.winner(no).name
    }

    /// "U1800 2nd" for a prize id, or the id itself if unknown.
    fn prize(&self, id: &PrizeId) -> String {
        self.inputs
            .event
            .categories
            .iter()
            .find_map(|c| {
                c.prizes.iter().find(|p| p.id == *id).map(|p| format!("{} {}", c.name, ordinal_in(self.lang, p.place)))
            })
            .unwrap_or_else(|| format!("prize `{id}`"))
    }

    /// A category's name, or its id if unknown.
    fn category(&self, id: &CategoryId) -> String {
        self.inputs.event.categories.iter().find(|c| c.id == *id).map_or_else(|| id.to_string(), |c| c.name.clone())
    }

    fn line(&self, p: &ListPrize) -> PrizeLineView {
        let found = self
            .inputs
            .event
            .categories
            .iter()
            .find_map(|c| c.prizes.iter().find(|x| x.id == p.prize_id).map(|x| (c, x)));
        let (category, place, cash, trophy, medal) = found
            .map_or((String::new(), 0, Cents::ZERO, false, false), |(c, x)| {
                (c.name.clone(), x.place, x.cash, x.trophy, x.medal)
            });
        PrizeLineView {
            prize_id: p.prize_id.to_string(),
            category_id: p.category_id.to_string(),
            label: format!("{category} {}", ordinal(place)),
            category,
            place,
            cash: cash.to_string(),
            cash_cents: cash.0,
            trophy,
            medal,
            items_to: p.items_to.map(|n| self.winner(n)),
            tie_break: p.tie_break.map(Into::into),
            manual: p.manual,
        }
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`…
#[must_use]
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// [`ordinal`] as `lang` writes it: `1er`/`2e`, `1.`, `1.º`, `1º`, `1e`
/// (a prize's place: masculine in French, Spanish and Italian).
#[must_use]
pub fn ordinal_in(lang: Lang, n: u32) -> String {
    match lang {
        Lang::En => ordinal(n),
        Lang::Fr if n == 1 => "1er".into(),
        Lang::Fr => format!("{n}e"),
        Lang::De => format!("{n}."),
        Lang::Es => format!("{n}.º"),
        Lang::It => format!("{n}º"),
        Lang::Nl => format!("{n}e"),
    }
}

/// The split method's rule in words, in `lang` (English: the engine's own text).
#[must_use]
pub fn rule_in(lang: Lang, m: SplitMethod) -> String {
    match lang {
        Lang::En => m.rule().to_string(),
        _ => lang.t(&format!("prize-rule-{}", method_code(m).replace('_', "-"))),
    }
}

/// The split method's code, as the API writes it.
#[must_use]
pub fn method_code(m: SplitMethod) -> String {
    serde_json::to_value(m).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default()
}

/// The run's list line.
#[must_use]
pub fn summary(r: &PrizeRun) -> RunSummaryView {
    let m = r.outputs.allocation.metadata;
    RunSummaryView {
        id: r.id,
        run_at: r.run_at,
        run_by: r.run_by,
        standings_seq: r.standings_seq,
        published: r.published,
        stale: false,
        published_at: r.published_at,
        counts: RunCounts {
            allocated: m.allocated_count,
            conflicts: m.conflict_count,
            unfilled: m.unfilled_count,
            manual_overrides: m.manual_override_count,
            warnings: m.warning_count,
        },
        split_method: r.outputs.cash.method.into(),
    }
}

/// The run's prize list (the engine's [`prize_list`] of its stored inputs
/// and outputs).
fn list(r: &PrizeRun) -> Vec<ListEntry> {
    prize_list(&r.inputs.event, &r.outputs.allocation, &r.outputs.cash)
}

/// `kind` and `reason` codes of an entry.
fn codes(kind: &EntryKind) -> (PrizeEntryKind, Option<PrizeEntryReason>) {
    let award = |k: &AwardKind| match k {
        AwardKind::Tiebreak => PrizeEntryKind::Tiebreak,
        AwardKind::Pooled => PrizeEntryKind::Pooled,
        AwardKind::ClassAlone { .. } => PrizeEntryKind::ClassAlone,
        AwardKind::Category { .. } => PrizeEntryKind::Category,
        AwardKind::Hort => PrizeEntryKind::Hort,
        AwardKind::Manual => PrizeEntryKind::Manual,
    };
    match kind {
        EntryKind::Paid(k) => (award(k), None),
        EntryKind::Items => (PrizeEntryKind::Items, None),
        EntryKind::Unawarded(r) => (
            PrizeEntryKind::Unawarded,
            Some(match r {
                UnawardedReason::NoWinner => PrizeEntryReason::NoWinner,
                UnawardedReason::NoClassPlayerLeft => PrizeEntryReason::NoClassPlayerLeft,
                UnawardedReason::Capped => PrizeEntryReason::Capped,
            }),
        ),
        EntryKind::Unfilled(r) => (
            PrizeEntryKind::Unfilled,
            Some(match r {
                arbiter_engine::prizes::UnfilledReason::NoEligiblePlayers => PrizeEntryReason::NoEligiblePlayers,
                arbiter_engine::prizes::UnfilledReason::AllWon => PrizeEntryReason::AllWon,
            }),
        ),
    }
}

/// A conflict's reason as the organiser's issue code.
const fn issue_code(r: &ConflictReason) -> PrizeIssueCode {
    match r {
        ConflictReason::UnknownPrize => PrizeIssueCode::UnknownPrize,
        ConflictReason::UnknownPlayer => PrizeIssueCode::UnknownPlayer,
        ConflictReason::InactivePrize => PrizeIssueCode::InactivePrize,
        ConflictReason::Ineligible { .. } => PrizeIssueCode::Ineligible,
        ConflictReason::PrizeAlreadyAssigned => PrizeIssueCode::PrizeAlreadyAssigned,
        ConflictReason::PlayerAlreadyWon { .. } => PrizeIssueCode::PlayerAlreadyWon,
        ConflictReason::IdenticalRankRatingName => PrizeIssueCode::IdenticalRankRatingName,
    }
}

/// How an entry was decided, in words.
fn how(e: &ListEntry, score: Option<&str>, names: &Names<'_>) -> String {
    let on =
        score.map_or_else(String::new, |s| format!("{} ", names.t("prize-how-tied-on", &[("score", s.to_string())])));
    let category = |id: &CategoryId| names.category(id);
    let with_on = |id: &str| names.t(id, &[("on", on.clone())]);
    let mut text = match &e.kind {
        EntryKind::Paid(AwardKind::Tiebreak) => names.t("prize-how-tiebreak", &[]),
        EntryKind::Paid(AwardKind::Manual) => names.t("prize-how-manual", &[]),
        EntryKind::Paid(AwardKind::Pooled) if e.shares.len() == 1 => names.t("prize-how-alone", &[]),
        EntryKind::Paid(AwardKind::Pooled) => with_on("prize-how-pooled"),
        EntryKind::Paid(AwardKind::ClassAlone { category_id }) => {
            names.t("prize-how-class-alone", &[("on", on.clone()), ("category", category(category_id))])
        }
        EntryKind::Paid(AwardKind::Category { category_id }) => {
            names.t("prize-how-category", &[("on", on.clone()), ("category", category(category_id))])
        }
        EntryKind::Paid(AwardKind::Hort) => with_on("prize-how-hort"),
        EntryKind::Items => names.t("prize-how-items", &[]),
        EntryKind::Unfilled(r) => {
            let reason = names.t(&format!("prize-unfilled-{}", r.code().replace('_', "-")), &[]);
            names.t("prize-how-unfilled", &[("reason", reason)])
        }
        EntryKind::Unawarded(UnawardedReason::NoWinner) => names.t("prize-how-no-winner", &[]),
        EntryKind::Unawarded(UnawardedReason::NoClassPlayerLeft) => names
            .t("prize-how-no-class-player", &[("category", e.category_id.as_ref().map(category).unwrap_or_default())]),
        EntryKind::Unawarded(UnawardedReason::Capped) => {
            names.t("prize-how-capped", &[("category", e.category_id.as_ref().map(category).unwrap_or_default())])
        }
    };
    if matches!(e.kind, EntryKind::Paid(_)) {
        if e.carried_in > Cents::ZERO {
            text.push(' ');
            text.push_str(
                &names.t("prize-how-carried-in", &[("amount", names.lang.number(&e.carried_in.to_string()))]),
            );
        }
        if e.carried_out > Cents::ZERO {
            text.push(' ');
            text.push_str(
                &names.t("prize-how-carried-out", &[("amount", names.lang.number(&e.carried_out.to_string()))]),
            );
        }
    }
    text
}

fn entry(e: &ListEntry, names: &Names<'_>) -> PrizeEntryView {
    let (kind, reason) = codes(&e.kind);
    let score = e.score.and(e.shares.first()).map(|s| names.score(s.player_id));
    PrizeEntryView {
        how: how(e, score.as_deref(), names),
        kind,
        reason,
        score,
        prizes: e.prizes.iter().map(|p| names.line(p)).collect(),
        total: e.total.to_string(),
        total_cents: e.total.0,
        carried_in: e.carried_in.to_string(),
        carried_out: e.carried_out.to_string(),
        recipients: e
            .shares
            .iter()
            .map(|s| RecipientView {
                player: names.winner(s.player_id),
                score: names.score(s.player_id),
                paid: s.paid.to_string(),
                paid_cents: s.paid.0,
                share: s.share.to_string(),
                share_cents: s.share.0,
            })
            .collect(),
    }
}

/// The payouts: what the list pays each player, in standings order.
fn payouts(list: &[ListEntry], names: &Names<'_>) -> Vec<PayoutView> {
    let mut paid: Vec<(PlayerNo, Cents)> = paid_by_list(list).into_iter().filter(|(_, c)| *c > Cents::ZERO).collect();
    let mut standings: Vec<_> = names.inputs.event.players.iter().collect();
    standings.sort_by(|a, b| a.standings_cmp(b));
    let order: HashMap<PlayerNo, usize> = standings.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    paid.sort_by_key(|(no, _)| (order.get(no).copied().unwrap_or(usize::MAX), no.0));
    paid.into_iter()
        .map(|(no, amount)| {
            let w = names.winner(no);
            PayoutView {
                player_id: w.player_id,
                name: w.name,
                rank: w.rank,
                score: names.score(no),
                amount: amount.to_string(),
                amount_cents: amount.0,
            }
        })
        .collect()
}

/// The list, its payouts and the money not paid, as views.
pub(super) fn listed(r: &PrizeRun, names: &Names<'_>) -> (Vec<PrizeEntryView>, Vec<PayoutView>, Cents) {
    let list = list(r);
    let unawarded = list.iter().filter(|e| matches!(e.kind, EntryKind::Unawarded(_))).map(|e| e.total).sum();
    (list.iter().map(|e| entry(e, names)).collect(), payouts(&list, names), unawarded)
}

fn conflict(c: &Conflict, names: &Names<'_>) -> IssueView {
    let prize = names.prize(&c.prize_id);
    let who = names.name(c.player_id);
    let others = c.conflicted_with.iter().map(|n| names.name(*n)).collect::<Vec<_>>().join(", ");
    let t = |id: &str, extra: &[(&str, String)]| {
        let mut args = vec![("prize", prize.clone()), ("who", who.clone()), ("others", others.clone())];
        args.extend(extra.iter().cloned());
        names.t(id, &args)
    };
    let message = match &c.reason {
        ConflictReason::UnknownPrize => t("prize-conflict-unknown-prize", &[("id", c.prize_id.to_string())]),
        ConflictReason::UnknownPlayer => t("prize-conflict-unknown-player", &[("id", c.player_id.to_string())]),
        ConflictReason::InactivePrize => t("prize-conflict-inactive", &[]),
        ConflictReason::Ineligible { because } => {
            let why = names.t(&format!("prize-ineligible-{}", because.code().replace('_', "-")), &[]);
            t("prize-conflict-ineligible", &[("why", why)])
        }
        ConflictReason::PrizeAlreadyAssigned => t("prize-conflict-already-assigned", &[]),
        ConflictReason::PlayerAlreadyWon { prize_id } => {
            t("prize-conflict-already-won", &[("held", names.prize(prize_id))])
        }
        ConflictReason::IdenticalRankRatingName => t("prize-conflict-identical", &[]),
    };
    IssueView { code: issue_code(&c.reason), prize_id: c.prize_id.to_string(), message }
}

fn warning(w: &ConsistencyWarning, names: &Names<'_>) -> IssueView {
    let args = |extra: Vec<(&'static str, String)>| {
        let mut a = vec![
            ("prize", names.prize(&w.prize_id)),
            ("winner", names.name(w.winner_id)),
            ("winner_rank", w.winner_rank.to_string()),
            ("bypassed", names.name(w.bypassed_id)),
            ("bypassed_rank", w.bypassed_rank.to_string()),
        ];
        a.extend(extra);
        a
    };
    let message = match w.bypassed_prize_id.as_ref() {
        None => names.t("prize-warning-won-nothing", &args(vec![])),
        Some(p) => names.t("prize-warning-took", &args(vec![("took", names.prize(p))])),
    };
    IssueView { code: PrizeIssueCode::Consistency, prize_id: w.prize_id.to_string(), message }
}

fn json<T: serde::Serialize>(v: &T) -> ApiResult<serde_json::Value> {
    serde_json::to_value(v).map_err(ApiError::internal)
}

/// The whole run, for the TO.
///
/// # Errors
/// 500 if the stored run cannot be serialised.
pub fn run(r: &PrizeRun) -> ApiResult<RunView> {
    run_in(r, Lang::En)
}

/// [`run`] with its words (how each prize was decided, the rule) in `lang`.
///
/// # Errors
/// 500 if the run cannot be written as JSON.
pub fn run_in(r: &PrizeRun, lang: Lang) -> ApiResult<RunView> {
    let names = Names::in_lang(&r.inputs, lang);
    let a = &r.outputs.allocation;
    let (entries, payouts, unawarded) = listed(r, &names);
    Ok(RunView {
        summary: summary(r),
        split_rule: rule_in(lang, r.outputs.cash.method),
        entries,
        payouts,
        fund: r.outputs.cash.fund.to_string(),
        paid: r.outputs.cash.paid.to_string(),
        unawarded: unawarded.to_string(),
        conflicts: a.conflicts.iter().map(|c| conflict(c, &names)).collect(),
        warnings: a.warnings.iter().map(|w| warning(w, &names)).collect(),
        log_lines: r.log.iter().map(ToString::to_string).collect(),
        inputs: json(&r.inputs)?,
        allocation: json(a)?,
        cash_split: json(&r.outputs.cash)?,
        log: json(&r.log)?,
    })
}

/// The prizes as published: no private inputs, no log.
#[must_use]
pub fn published(r: &PrizeRun) -> PublishedPrizesView {
    published_in(r, Lang::En)
}

/// [`published`] with its words in `lang`.
#[must_use]
pub fn published_in(r: &PrizeRun, lang: Lang) -> PublishedPrizesView {
    let names = Names::in_lang(&r.inputs, lang);
    let (entries, payouts, unawarded) = listed(r, &names);
    PublishedPrizesView {
        run_id: r.id,
        published_at: r.published_at,
        split_method: r.outputs.cash.method.into(),
        split_rule: rule_in(lang, r.outputs.cash.method),
        entries,
        payouts,
        fund: r.outputs.cash.fund.to_string(),
        paid: r.outputs.cash.paid.to_string(),
        unawarded: unawarded.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].into_iter().map(ordinal).collect();
        assert_eq!(got, ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]);
        let other: Vec<String> = [Lang::Fr, Lang::Fr, Lang::De, Lang::Es, Lang::It, Lang::Nl]
            .iter()
            .zip([1, 2, 3, 4, 5, 6])
            .map(|(l, n)| ordinal_in(*l, n))
            .collect();
        assert_eq!(other, ["1er", "2e", "3.", "4.º", "5º", "6e"]);
    }

    #[test]
    fn why_a_player_is_ineligible_reads_as_before_in_english_and_exists_in_every_language() {
        use arbiter_engine::prizes::Ineligible as I;
        let all = [
            I::GenderMismatch,
            I::BelowMinAge,
            I::AboveMaxAge,
            I::MissingDateOfBirth,
            I::UnratedInRatingCategory,
            I::BelowMinRating,
            I::AboveMaxRating,
            I::DisabilityMismatch,
            I::CityMismatch,
            I::StateMismatch,
            I::ClubMismatch,
            I::FactionMismatch,
            I::FederationMismatch,
            I::TeamCategory,
            I::IndividualAward,
            I::BoardMismatch,
            I::TooFewGames,
        ];
        for why in all {
            let key = format!("prize-ineligible-{}", why.code().replace('_', "-"));
            assert_eq!(Lang::En.t(&key), why.code().replace('_', " "));
            for lang in Lang::ALL {
                assert!(!lang.t(&key).contains(arbiter_web::i18n::MISSING), "{key} in {}", lang.code());
            }
        }
    }

    #[test]
    fn the_split_rules_are_written_in_every_language_and_english_keeps_the_engines_text() {
        for m in [SplitMethod::None, SplitMethod::Uscf32B3, SplitMethod::PlaceFirst, SplitMethod::Hort] {
            let key = format!("prize-rule-{}", method_code(m).replace('_', "-"));
            assert_eq!(Lang::En.t(&key), m.rule(), "en/main.ftl's {key} is not the engine's rule");
            for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
                let text = rule_in(lang, m);
                assert!(!text.contains(arbiter_web::i18n::MISSING) && text != m.rule(), "{key} in {}", lang.code());
            }
        }
    }
}
