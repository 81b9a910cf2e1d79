//! Properties over random runs of the process: the sealed-view guarantee and
//! one game for every player.

use super::*;
use crate::wh40k_teams::TeamSize;
use proptest::prelude::*;
use std::collections::HashSet;

fn start(size: TeamSize, table_choice: TableChoice) -> State<u32> {
    let n = size.players() as u32;
    State::new(size, (1..=n).collect(), (101..=100 + n).collect(), table_choice).expect("valid rosters")
}

/// Every action valid in `state` (captains' locks, the TO's roll-off,
/// override, expiry and undo).
fn valid_actions(state: &State<u32>) -> Vec<Action<u32>> {
    let mut actions = Vec::new();
    if state.phase() == Phase::RollOff {
        actions.push(Action::RollOff { winner: Side::A });
        actions.push(Action::RollOff { winner: Side::B });
    }
    for side in [Side::A, Side::B] {
        actions.extend(state.options(side).into_iter().map(|choice| Action::Lock { side, choice }));
    }
    if matches!(state.phase(), Phase::Defenders | Phase::Attackers | Phase::Choices) {
        let first = |side: Side| {
            let mut fresh = state.clone();
            fresh.core.pending = [None, None];
            fresh.options(side).first().copied()
        };
        if let (Some(a), Some(b)) = (first(Side::A), first(Side::B)) {
            actions.push(Action::Override { a, b });
            let a = (!state.is_locked(Side::A)).then_some(a);
            let b = (!state.is_locked(Side::B)).then_some(b);
            actions.push(Action::Expire { a, b });
        }
    }
    if state.can_undo() {
        actions.push(Action::Undo);
    }
    actions
}

fn size_strategy() -> impl Strategy<Value = TeamSize> {
    prop_oneof![Just(TeamSize::Five), Just(TeamSize::Eight)]
}

fn table_choice_strategy() -> impl Strategy<Value = TableChoice> {
    prop_oneof![Just(TableChoice::Off), Just(TableChoice::RollOffWinner), Just(TableChoice::RollOffLoser)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// For any sequence of valid actions: whenever one captain locks while
    /// the other has not, the other captain's view and the public view are
    /// the same whatever the locking captain chose (they cannot hold the
    /// choice), and never carry the other's sealed choice.
    #[test]
    fn a_sealed_choice_never_reaches_the_other_captain(
        size in size_strategy(),
        table_choice in table_choice_strategy(),
        picks in prop::collection::vec(any::<u32>(), 1..60),
    ) {
        let mut state = start(size, table_choice);
        for pick in picks {
            for side in [Side::A, Side::B] {
                let other = Viewer::Captain(side.other());
                if state.is_locked(side) {
                    let view = state.view(other);
                    prop_assert!(view.sealed_a.is_none() || side == Side::B);
                    prop_assert!(view.sealed_b.is_none() || side == Side::A);
                    prop_assert!(state.view(Viewer::Public).sealed_a.is_none());
                    prop_assert!(state.view(Viewer::Public).sealed_b.is_none());
                }
                if !state.is_locked(side.other()) {
                    let views: HashSet<String> = state
                        .options(side)
                        .into_iter()
                        .filter_map(|choice| state.apply(Action::Lock { side, choice }).ok())
                        .flat_map(|next| [next.view(other), next.view(Viewer::Public)])
                        .map(|view| serde_json::to_string(&view).unwrap_or_default())
                        .collect();
                    prop_assert!(views.len() <= 2, "the other captain's view depends on the sealed choice");
                }
            }
            let actions = valid_actions(&state);
            if actions.is_empty() {
                break;
            }
            let action = actions[pick as usize % actions.len()];
            state = state.apply(action).map_err(|r| TestCaseError::fail(format!("{action:?}: {r}")))?;
        }
    }

    /// Any run carried to its end (undos, overrides and expiries included)
    /// gives every player of each team exactly one game, `size` games in all.
    #[test]
    fn every_player_plays_exactly_one_game(
        size in size_strategy(),
        table_choice in table_choice_strategy(),
        picks in prop::collection::vec(any::<u32>(), 1..200),
    ) {
        let mut state = start(size, table_choice);
        let mut picks = picks.into_iter().chain(std::iter::repeat(0));
        for _ in 0..1000 {
            if state.phase() == Phase::Done {
                break;
            }
            let mut actions = valid_actions(&state);
            let pick = picks.next().unwrap_or(0);
            if pick % 4 != 0 {
                actions.retain(|a| *a != Action::Undo);
            }
            let action = actions[pick as usize % actions.len()];
            state = state.apply(action).map_err(|r| TestCaseError::fail(format!("{action:?}: {r}")))?;
        }
        let outcome = state.outcome().ok_or_else(|| TestCaseError::fail("not finished"))?;
        let n = size.players();
        prop_assert_eq!(outcome.games.len(), n);
        let a: HashSet<u32> = outcome.games.iter().map(|g| g.player_a).collect();
        let b: HashSet<u32> = outcome.games.iter().map(|g| g.player_b).collect();
        prop_assert_eq!(a, (1..=n as u32).collect::<HashSet<_>>());
        prop_assert_eq!(b, (101..=100 + n as u32).collect::<HashSet<_>>());
        prop_assert_eq!(outcome.table_choice.is_some(), table_choice != TableChoice::Off);
    }
}
