//! The reveal: both captains' pending choices applied to the state at once,
//! and the process moved to its next step (see the module docs of
//! [`super`] for the procedure).

use super::{Choice, GameKind, Pairing, Phase, Side, State};
use std::fmt;
use std::hash::Hash;

impl<P> State<P>
where
    P: Copy + Eq + Hash + fmt::Debug,
{
    /// Reveals the pending choices when both are locked (they were checked
    /// when locked); does nothing otherwise.
    pub(super) fn reveal(&mut self) {
        let (Some(choice_a), Some(choice_b)) = (self.pending(Side::A), self.pending(Side::B)) else { return };
        let mut snapshot = self.core.clone();
        snapshot.pending = [None, None];
        self.undo.push(snapshot);
        self.core.pending = [None, None];
        match (choice_a, choice_b) {
            (Choice::Defender { player: a }, Choice::Defender { player: b }) => self.reveal_defenders(a, b),
            (Choice::Attackers { first: a1, second: a2 }, Choice::Attackers { first: b1, second: b2 }) => {
                self.core.attackers = [Some((a1, a2)), Some((b1, b2))];
                self.core.phase = Phase::Choices;
            }
            (Choice::Keep { player: kept_by_a }, Choice::Keep { player: kept_by_b }) => {
                self.reveal_choices(kept_by_a, kept_by_b);
            }
            _ => {}
        }
    }

    fn reveal_defenders(&mut self, a: P, b: P) {
        for (pool, defender) in self.core.pool.iter_mut().zip([a, b]) {
            pool.retain(|&p| p != defender);
        }
        self.core.defender = [Some(a), Some(b)];
        // Three players left: the two beside the defender are the attackers.
        match (self.core.pool.first().map(Vec::as_slice), self.core.pool.get(1).map(Vec::as_slice)) {
            (Some(&[a1, a2]), Some(&[b1, b2])) => {
                self.core.attackers = [Some((a1, a2)), Some((b1, b2))];
                self.core.phase = Phase::Choices;
            }
            _ => self.core.phase = Phase::Attackers,
        }
    }

    /// `kept_by_a`: the attacker of B that A's defender plays; `kept_by_b`:
    /// the attacker of A that B's defender plays.
    fn reveal_choices(&mut self, kept_by_a: P, kept_by_b: P) {
        let round = self.core.round;
        let (Some(defender_a), Some(defender_b)) = (self.defender(Side::A), self.defender(Side::B)) else { return };
        self.core.games.push(Pairing {
            player_a: defender_a,
            player_b: kept_by_a,
            kind: GameKind::Defender { round, side: Side::A },
        });
        self.core.games.push(Pairing {
            player_a: kept_by_b,
            player_b: defender_b,
            kind: GameKind::Defender { round, side: Side::B },
        });
        let [pool_a, pool_b] = &mut self.core.pool;
        pool_a.retain(|&p| p != kept_by_b);
        pool_b.retain(|&p| p != kept_by_a);
        let refused = |offered: Option<(P, P)>, kept: P| offered.map(|(x, y)| if x == kept { y } else { x });
        let refused_a = refused(self.attackers(Side::A), kept_by_b);
        let refused_b = refused(self.attackers(Side::B), kept_by_a);
        match (self.core.pool.first().map(Vec::as_slice), self.core.pool.get(1).map(Vec::as_slice)) {
            // Five players: the two refused attackers play each other.
            (Some(&[a]), Some(&[b])) => {
                self.core.games.push(Pairing { player_a: a, player_b: b, kind: GameKind::Refused });
                self.finish();
            }
            // Eight players: each refused attacker plays the other team's champion.
            (Some(&[a1, a2]), Some(&[b1, b2])) => {
                let (Some(refused_a), Some(refused_b)) = (refused_a, refused_b) else { return };
                let champion_a = if a1 == refused_a { a2 } else { a1 };
                let champion_b = if b1 == refused_b { b2 } else { b1 };
                self.core.games.push(Pairing {
                    player_a: refused_a,
                    player_b: champion_b,
                    kind: GameKind::Champion { side: Side::A },
                });
                self.core.games.push(Pairing {
                    player_a: champion_a,
                    player_b: refused_b,
                    kind: GameKind::Champion { side: Side::B },
                });
                self.finish();
            }
            _ => {
                self.core.round += 1;
                self.core.defender = [None, None];
                self.core.attackers = [None, None];
                self.core.phase = Phase::Defenders;
            }
        }
    }

    fn finish(&mut self) {
        self.core.pool = [Vec::new(), Vec::new()];
        self.core.phase = Phase::Done;
    }
}
