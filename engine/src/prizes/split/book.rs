//! What every split method reads (the [`Book`]) and writes (the [`Ledger`]).

use super::{Award, AwardKind, AwardShare, CashSplit, Payout, SplitMethod, Unawarded, UnawardedReason};
use crate::prizes::event::Checked;
use crate::prizes::{eligibility, Allocation, Category, Cents, Player, PrizeError, PrizeId};
use std::cmp::Reverse;
use std::collections::HashMap;

/// One cash prize.
pub(super) struct CashPrize<'a> {
    /// Index into [`Book::categories`].
    pub category: usize,
    pub id: &'a PrizeId,
    pub cash: Cents,
}

/// The players, tie groups, categories and cash prizes of a split.
pub(super) struct Book<'a> {
    /// Players in standings order; "player" below means an index into it.
    pub players: Vec<&'a Player>,
    /// Tie groups: runs of players on equal scores, best score first.
    pub groups: Vec<Vec<usize>>,
    /// Active categories with cash, most inclusive first (most eligible
    /// players, then brochure order, then id).
    pub categories: Vec<&'a Category>,
    /// `eligible[category][player]`.
    pub eligible: Vec<Vec<bool>>,
    /// Active cash prizes by category (in the order above), then place, then id.
    pub prizes: Vec<CashPrize<'a>>,
    /// The cash prizes the allocation gave each player automatically (not
    /// by override), in allocation order.
    pub held: Vec<Vec<usize>>,
    /// The cash prizes given by override, as (player, prize), in allocation order.
    manual: Vec<(usize, usize)>,
    /// Players holding a cash prize given by override: they take no part in
    /// any sharing.
    excluded: Vec<bool>,
}

impl<'a> Book<'a> {
    pub fn new(checked: &Checked<'a>, allocation: &Allocation) -> Result<Book<'a>, PrizeError> {
        let event = checked.event;
        let players = checked.standings.clone();
        check_scores(&players)?;
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, p) in players.iter().enumerate() {
            match groups.last_mut() {
                Some(g) if players[g[0]].score == p.score => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        let is_cash = |cat: &Category| cat.prizes.iter().any(|p| p.active && p.cash > Cents::ZERO);
        let mut categories: Vec<(&Category, Vec<bool>)> = event
            .categories
            .iter()
            .filter(|cat| cat.active && is_cash(cat))
            .map(|cat| {
                let eligible = players.iter().map(|p| eligibility(cat, p, event.start_date, &event.rules).is_ok());
                (cat, eligible.collect())
            })
            .collect();
        categories.sort_by_cached_key(|(cat, e): &(&Category, Vec<bool>)| {
            (Reverse(e.iter().filter(|&&x| x).count()), cat.brochure_order, &cat.id)
        });
        let mut prizes = Vec::new();
        for (c, (cat, _)) in categories.iter().enumerate() {
            let mut own: Vec<_> = cat.prizes.iter().filter(|p| p.active && p.cash > Cents::ZERO).collect();
            own.sort_by_key(|p| (p.place, &p.id));
            prizes.extend(own.into_iter().map(|p| CashPrize { category: c, id: &p.id, cash: p.cash }));
        }
        let (categories, eligible) = categories.into_iter().unzip();
        let index: HashMap<&PrizeId, usize> = prizes.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let mut held = vec![Vec::new(); players.len()];
        let mut manual = Vec::new();
        let mut excluded = vec![false; players.len()];
        for w in &allocation.winners {
            let (Some(&prize), Some(&player)) = (index.get(&w.prize_id), checked.player_at.get(&w.player_id)) else {
                continue;
            };
            if w.manual {
                manual.push((player, prize));
                excluded[player] = true;
            } else {
                held[player].push(prize);
            }
        }
        Ok(Book { players, groups, categories, eligible, prizes, held, manual, excluded })
    }

    /// The cash prizes given by override, as (player, prize).
    pub fn manual(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.manual.iter().copied()
    }

    /// The members of `group` who take part in sharing (not holding a cash
    /// prize given by override).
    pub fn sharing(&self, group: &[usize]) -> Vec<usize> {
        group.iter().copied().filter(|&m| !self.excluded[m]).collect()
    }

    /// Whether `player` may take `prize`.
    pub fn may_take(&self, player: usize, prize: usize) -> bool {
        self.eligible[self.prizes[prize].category][player]
    }

    /// `prizes` sorted largest first; equal amounts in book order (more
    /// inclusive category first, then lower place).
    pub fn by_value(&self, prizes: impl Iterator<Item = usize>) -> Vec<usize> {
        let mut v: Vec<usize> = prizes.collect();
        v.sort_by_key(|&p| (Reverse(self.prizes[p].cash), p));
        v
    }
}

/// One player's line of an award being recorded.
pub(super) struct Line {
    pub player: usize,
    /// The prize the player holds by tie-break order, if any.
    pub prize: Option<usize>,
    pub share: Cents,
    pub paid: Cents,
}

/// The awards recorded so far and what they imply.
pub(super) struct Ledger<'b, 'a> {
    book: &'b Book<'a>,
    awards: Vec<Award>,
    /// Money paid so far, by player.
    paid: Vec<Cents>,
    /// Whether each prize has been shared out.
    taken: Vec<bool>,
    /// Handed-down money nobody took.
    leftovers: Vec<Unawarded>,
}

impl<'b, 'a> Ledger<'b, 'a> {
    pub fn new(book: &'b Book<'a>) -> Ledger<'b, 'a> {
        Ledger {
            book,
            awards: Vec::new(),
            paid: vec![Cents::ZERO; book.players.len()],
            taken: vec![false; book.prizes.len()],
            leftovers: Vec::new(),
        }
    }

    /// What `player` has been paid so far.
    pub fn paid(&self, player: usize) -> Cents {
        self.paid[player]
    }

    /// The prizes not yet shared out, in book order.
    pub fn open(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.book.prizes.len()).filter(|&p| !self.taken[p])
    }

    /// Records an award of `prizes` (plus `carried_in`) to `lines`, marking
    /// the prizes taken and paying each line.
    pub fn record(&mut self, kind: AwardKind, prizes: &[usize], carried_in: Cents, lines: Vec<Line>) {
        let book = self.book;
        let total = prizes.iter().map(|&p| book.prizes[p].cash).sum::<Cents>() + carried_in;
        let shared: Cents = lines.iter().map(|l| l.share).sum();
        let paid: Cents = lines.iter().map(|l| l.paid).sum();
        debug_assert_eq!(shared, total, "an award's shares add up to its money");
        for &p in prizes {
            self.taken[p] = true;
        }
        for l in &lines {
            self.paid[l.player] += l.paid;
        }
        let score = lines.first().map(|l| book.players[l.player].score).unwrap_or_default();
        let shares = lines
            .iter()
            .map(|l| AwardShare {
                player_id: book.players[l.player].id,
                prize_id: l.prize.map(|p| book.prizes[p].id.clone()),
                share: l.share,
                paid: l.paid,
            })
            .collect();
        self.awards.push(Award {
            kind,
            score,
            prize_ids: prizes.iter().map(|&p| book.prizes[p].id.clone()).collect(),
            carried_in,
            total,
            carried_out: shared.saturating_sub(paid),
            shares,
        });
    }

    /// Records handed-down money of `category` that nobody took, and why.
    pub fn leftover(&mut self, category: usize, amount: Cents, reason: UnawardedReason) {
        if amount > Cents::ZERO {
            let category_id = self.book.categories[category].id.clone();
            self.leftovers.push(Unawarded { category_id, prize_id: None, amount, reason });
        }
    }

    /// The split's result.
    pub fn finish(self, method: SplitMethod) -> CashSplit {
        let book = self.book;
        let fund = book.prizes.iter().map(|p| p.cash).sum();
        let payouts: Vec<Payout> = (0..book.players.len())
            .filter(|&i| self.paid[i] > Cents::ZERO)
            .map(|i| Payout { player_id: book.players[i].id, amount: self.paid[i] })
            .collect();
        let mut unawarded: Vec<Unawarded> = (0..book.prizes.len())
            .filter(|&p| !self.taken[p])
            .map(|p| {
                let prize = &book.prizes[p];
                Unawarded {
                    category_id: book.categories[prize.category].id.clone(),
                    prize_id: Some(prize.id.clone()),
                    amount: prize.cash,
                    reason: UnawardedReason::NoWinner,
                }
            })
            .collect();
        unawarded.extend(self.leftovers);
        let paid = payouts.iter().map(|p| p.amount).sum();
        CashSplit { method, awards: self.awards, payouts, unawarded, fund, paid }
    }
}

/// Checks that `standings` never ranks a lower score ahead of a higher one.
fn check_scores(standings: &[&Player]) -> Result<(), PrizeError> {
    for w in standings.windows(2) {
        if w[0].score < w[1].score {
            return Err(PrizeError::ScoresOutOfOrder {
                ahead: w[0].id,
                ahead_score: w[0].score,
                behind: w[1].id,
                behind_score: w[1].score,
            });
        }
    }
    Ok(())
}
