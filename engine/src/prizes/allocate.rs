//! Prize allocation v1.1 with the v1.2 features (prize spec, "Core
//! Algorithm"): manual overrides first, then a greedy pass over the prize
//! queue giving each prize to the best-placed eligible player, then the
//! consistency audit.

use super::audit::{audit, ConsistencyWarning};
use super::event::{Checked, PrizeAt};
use super::log::{LogEntry, LogEvent, LogLevel, LogValue};
use super::queue::prize_queue;
use super::{
    eligibility, Allocation, Conflict, ConflictReason, EligibilityMode, ManualOverride, Metadata, PrizeError,
    PrizeEvent, PrizeId, TieBreak, Unfilled, UnfilledReason, Winner,
};
use crate::model::PlayerNo;

/// A prize's holder during a run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Holder {
    /// Index into the standings.
    pub player: usize,
    pub tie_break: TieBreak,
    pub manual: bool,
}

/// Allocates the event's prizes (prize spec v1.1, with v1.2's
/// `allow-multiple` mode and consistency audit).
///
/// 1. The queue: active prizes of active categories in the spec's order
///    ([`super::value_tier`]).
/// 2. Overrides, in the order given: an override naming an unknown or
///    inactive prize or an unknown player, an ineligible player, a prize
///    already given by an earlier override, or a player the rules exclude
///    becomes a [`Conflict`]; a valid one gives the prize at once.
/// 3. For each queued prize not yet given: the eligible players not
///    excluded by the mode, in standings order ([`super::Player::standings_cmp`]);
///    the first wins. The tie-break reason compares the winner with the next
///    such player; identical rank, rating and name is also a conflict.
/// 4. Prizes nobody could take are unfilled: `no_eligible_players` if nobody
///    is eligible for the category, else `all_won`.
/// 5. The audit ([`ConsistencyWarning`]).
///
/// Deterministic: the same event gives the same allocation whatever the
/// order of its players, categories and prizes.
///
/// The spec's error section answers an override with an unknown id with
/// `400 Invalid override`, while its step 2 makes every invalid override a
/// conflict. The engine follows step 2, so one bad override never hides the
/// rest of the run; a server may still refuse such a request up front.
///
/// # Errors
/// [`PrizeError`] for duplicate ids or an out-of-range cash amount.
pub fn allocate(event: &PrizeEvent) -> Result<Allocation, PrizeError> {
    let checked = Checked::new(event)?;
    let mut run = Run::new(&checked);
    let queue = prize_queue(&checked);
    run.info(LogEvent::Start, vec![("tId", event.tournament_id.as_deref().into())]);
    run.info(
        LogEvent::Rules,
        vec![
            ("players", event.players.len().into()),
            ("categories", event.categories.len().into()),
            ("overrides", event.overrides.len().into()),
            ("mode", event.rules.multiple_eligibility_mode.code().into()),
        ],
    );
    run.info(LogEvent::Queue, vec![("queue", queue.len().into())]);
    for o in &event.overrides {
        run.apply_override(o);
    }
    for &at in &queue {
        run.allocate_prize(at);
    }
    let mut winners = Vec::new();
    for &at in &queue {
        if let Some(h) = run.holder[at.category][at.prize] {
            let (cat, prize) = checked.prize(at);
            let p = checked.standings[h.player];
            winners.push(Winner {
                prize_id: prize.id.clone(),
                player_id: p.id,
                category_id: cat.id.clone(),
                rank: p.rank,
                rating: p.rated(),
                tie_break: h.tie_break,
                manual: h.manual,
            });
        }
    }
    let warnings = audit(&checked, &queue, &run.eligible, |at| run.holder[at.category][at.prize].map(|h| h.player));
    run.log.extend(warnings.iter().map(ConsistencyWarning::log_entry));
    let metadata = Metadata {
        allocated_count: winners.len(),
        conflict_count: run.conflicts.len(),
        unfilled_count: run.unfilled.len(),
        manual_override_count: run.manual,
        warning_count: warnings.len(),
    };
    run.info(
        LogEvent::Done,
        vec![
            ("allocated", metadata.allocated_count.into()),
            ("conflicts", metadata.conflict_count.into()),
            ("unfilled", metadata.unfilled_count.into()),
            ("warnings", metadata.warning_count.into()),
        ],
    );
    Ok(Allocation { winners, conflicts: run.conflicts, unfilled: run.unfilled, warnings, metadata, log: run.log })
}

/// The state of one run.
struct Run<'c, 'a> {
    checked: &'c Checked<'a>,
    /// `eligible[category][player]`, players by standings index.
    eligible: Vec<Vec<bool>>,
    /// `holder[category][prize]`.
    holder: Vec<Vec<Option<Holder>>>,
    /// The prizes each player (by standings index) holds.
    won: Vec<Vec<PrizeAt>>,
    conflicts: Vec<Conflict>,
    unfilled: Vec<Unfilled>,
    manual: usize,
    log: Vec<LogEntry>,
}

impl<'c, 'a> Run<'c, 'a> {
    fn new(checked: &'c Checked<'a>) -> Run<'c, 'a> {
        let event = checked.event;
        let eligible = event
            .categories
            .iter()
            .map(|cat| {
                checked.standings.iter().map(|p| eligibility(cat, p, event.start_date, &event.rules).is_ok()).collect()
            })
            .collect();
        Run {
            checked,
            eligible,
            holder: event.categories.iter().map(|c| vec![None; c.prizes.len()]).collect(),
            won: vec![Vec::new(); checked.standings.len()],
            conflicts: Vec::new(),
            unfilled: Vec::new(),
            manual: 0,
            log: Vec::new(),
        }
    }

    fn info(&mut self, event: LogEvent, fields: Vec<(&str, LogValue)>) {
        self.log.push(LogEntry::new(LogLevel::Info, event, fields));
    }

    /// The prize `player` already holds that bars them from `category`.
    fn barred_by(&self, player: usize, category: usize) -> Option<PrizeAt> {
        let won = &self.won[player];
        match self.checked.event.rules.multiple_eligibility_mode {
            EligibilityMode::FirstWin => won.first().copied(),
            EligibilityMode::AllowMultiple => won.iter().find(|at| at.category == category).copied(),
        }
    }

    fn give(&mut self, at: PrizeAt, holder: Holder) {
        self.holder[at.category][at.prize] = Some(holder);
        self.won[holder.player].push(at);
    }

    fn conflict(&mut self, prize_id: PrizeId, player_id: PlayerNo, reason: ConflictReason, with: Vec<PlayerNo>) {
        let mut fields = vec![("prize", LogValue::Text(prize_id.0.clone()))];
        if reason == ConflictReason::IdenticalRankRatingName {
            let tied = std::iter::once(player_id).chain(with.iter().copied());
            fields.push(("tied_players", LogValue::List(tied.map(|p| p.0.into()).collect())));
        } else {
            fields.push(("player", player_id.0.into()));
        }
        fields.push(("reason", reason.code().into()));
        match &reason {
            ConflictReason::Ineligible { because } => fields.push(("because", because.code().into())),
            ConflictReason::PlayerAlreadyWon { prize_id } => fields.push(("held", prize_id.0.as_str().into())),
            ConflictReason::PrizeAlreadyAssigned => {
                fields.push(("holder", LogValue::List(with.iter().map(|p| p.0.into()).collect())));
            }
            _ => {}
        }
        self.log.push(LogEntry::new(LogLevel::Warn, LogEvent::Conflict, fields));
        self.conflicts.push(Conflict { prize_id, player_id, reason, conflicted_with: with });
    }

    /// Step 2: applies one override, or reports why it cannot be applied.
    fn apply_override(&mut self, o: &ManualOverride) {
        let checked = self.checked;
        let verdict = self.check_override(o);
        match verdict {
            Ok((at, player)) => {
                self.give(at, Holder { player, tie_break: TieBreak::None, manual: true });
                self.manual += 1;
                let p = checked.standings[player];
                let cat = checked.prize(at).0;
                self.info(
                    LogEvent::Override,
                    vec![
                        ("prize", o.prize_id.0.as_str().into()),
                        ("player", p.id.0.into()),
                        ("rank", p.rank.into()),
                        ("category", cat.id.0.as_str().into()),
                    ],
                );
            }
            Err((reason, with)) => self.conflict(o.prize_id.clone(), o.player_id, reason, with),
        }
    }

    /// The prize and player (standings index) of a valid override, or the
    /// conflict it is: unknown prize, unknown player, inactive prize,
    /// ineligible player, prize already given, player already barred.
    fn check_override(&self, o: &ManualOverride) -> Result<(PrizeAt, usize), (ConflictReason, Vec<PlayerNo>)> {
        let checked = self.checked;
        let reject = |reason| (reason, Vec::new());
        let Some(&at) = checked.prize_at.get(&o.prize_id) else {
            return Err(reject(ConflictReason::UnknownPrize));
        };
        let Some(&player) = checked.player_at.get(&o.player_id) else {
            return Err(reject(ConflictReason::UnknownPlayer));
        };
        let (cat, prize) = checked.prize(at);
        if !(cat.active && prize.active) {
            return Err(reject(ConflictReason::InactivePrize));
        }
        let event = checked.event;
        eligibility(cat, checked.standings[player], event.start_date, &event.rules)
            .map_err(|because| reject(ConflictReason::Ineligible { because }))?;
        if let Some(h) = self.holder[at.category][at.prize] {
            let holder = checked.standings[h.player].id;
            return Err((ConflictReason::PrizeAlreadyAssigned, vec![holder]));
        }
        if let Some(held) = self.barred_by(player, at.category) {
            let prize_id = checked.prize(held).1.id.clone();
            return Err(reject(ConflictReason::PlayerAlreadyWon { prize_id }));
        }
        Ok((at, player))
    }

    /// Step 3 for one prize of the queue.
    fn allocate_prize(&mut self, at: PrizeAt) {
        if self.holder[at.category][at.prize].is_some() {
            return;
        }
        let checked = self.checked;
        let (cat, prize) = checked.prize(at);
        let eligible: Vec<usize> = (0..checked.standings.len()).filter(|&i| self.eligible[at.category][i]).collect();
        let mut available: Vec<usize> =
            eligible.iter().copied().filter(|&i| self.barred_by(i, at.category).is_none()).collect();
        // A category ranked by a score: highest score first, the standings
        // order (a stable sort) breaking equal scores.
        let score = |i: usize| cat.ranked_by.and_then(|by| checked.standings[i].score_for(by));
        if cat.ranked_by.is_some() {
            available.sort_by_key(|&i| std::cmp::Reverse(score(i)));
        }
        let Some(&first) = available.first() else {
            let reason = if eligible.is_empty() { UnfilledReason::NoEligiblePlayers } else { UnfilledReason::AllWon };
            self.log.push(LogEntry::new(
                LogLevel::Warn,
                LogEvent::Unfilled,
                vec![("prize", prize.id.0.as_str().into()), ("reason", reason.code().into())],
            ));
            self.unfilled.push(Unfilled { prize_id: prize.id.clone(), category_id: cat.id.clone(), reason });
            return;
        };
        let winner = checked.standings[first];
        let next = available.get(1).map(|&i| checked.standings[i]);
        let tie_break = match available.get(1) {
            Some(&n) if score(n) < score(first) => TieBreak::None,
            _ => TieBreak::between(winner, next),
        };
        self.give(at, Holder { player: first, tie_break, manual: false });
        self.info(
            LogEvent::Win,
            vec![
                ("prize", prize.id.0.as_str().into()),
                ("player", winner.id.0.into()),
                ("rank", winner.rank.into()),
                ("rating", winner.rated().into()),
                ("tie_break", tie_break.code().into()),
                ("category", cat.id.0.as_str().into()),
            ],
        );
        if tie_break == TieBreak::PairingNumber {
            let identical = available[1..]
                .iter()
                .map(|&i| checked.standings[i])
                .take_while(|p| TieBreak::between(winner, Some(p)) == TieBreak::PairingNumber)
                .map(|p| p.id)
                .collect();
            self.conflict(prize.id.clone(), winner.id, ConflictReason::IdenticalRankRatingName, identical);
        }
    }
}
