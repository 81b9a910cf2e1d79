//! What each view shows of freshly recomputed standings, worked out beside
//! the room: which standings windows and players' lines changed, and their
//! `data` serialised once. A room asks for it with the views it has when a
//! recomputation starts, and gets it back ready to send; building it on the
//! room's worker held that worker for 5–25 ms a second (up to 48 ms with
//! 7,000 phones), and every frame queued there waited as long.

use super::protocol::Recomputed;
use super::view::View;
use crate::domain::PlayerId;
use crate::service::views::{StandingView, StandingsMeta, StandingsWindow};
use serde_json::value::RawValue;
use std::collections::HashMap;
use std::sync::Arc;

/// The standings as last computed, and the sequence number they reflect.
#[derive(Clone, Debug)]
pub struct StandingsCache {
    /// Consistent with every event up to this one.
    pub seq: i64,
    /// The table in rank order.
    pub rows: Arc<Vec<StandingView>>,
    /// The columns, open ties and the TO's decisions.
    pub meta: Arc<StandingsMeta>,
}

/// One view's new standings: its update's `kind` (`standings` or
/// `standing`) and `data`, as JSON.
#[derive(Debug)]
pub struct Changed {
    /// The view.
    pub view: View,
    /// The update's `kind`.
    pub kind: &'static str,
    /// The update's `data`.
    pub data: Box<RawValue>,
}

/// The views among `views` whose standings differ between `old` and `new`
/// (a window whose rows or columns changed; a player whose line changed),
/// with what each shows now. Views that show no standings are left out.
#[must_use]
pub fn changes(old: &StandingsCache, new: &StandingsCache, views: &[View]) -> Vec<Changed> {
    let meta_changed = old.meta != new.meta;
    let by_player = |rows: &[StandingView]| -> HashMap<PlayerId, usize> {
        rows.iter().enumerate().map(|(i, r)| (r.player_id, i)).collect()
    };
    let (old_index, new_index) = if views.iter().any(|v| matches!(v, View::Player { .. })) {
        (by_player(&old.rows), by_player(&new.rows))
    } else {
        (HashMap::new(), HashMap::new())
    };
    let changed = |view: &View, body: Recomputed<'_>| {
        let (kind, data) = match body {
            Recomputed::Standings { standings, standings_meta } => {
                ("standings", serde_json::value::to_raw_value(&WindowData { standings: &standings, standings_meta }))
            }
            Recomputed::Standing { row } => ("standing", serde_json::value::to_raw_value(&RowData { row })),
        };
        match data {
            Ok(data) => Some(Changed { view: view.clone(), kind, data }),
            Err(e) => {
                tracing::error!(error = %e, "cannot serialise standings for a live view");
                None
            }
        }
    };
    views
        .iter()
        .filter_map(|view| match (view, view.window()) {
            (_, Some((offset, limit))) => {
                let (a, b) =
                    (StandingsWindow::of(&old.rows, offset, limit), StandingsWindow::of(&new.rows, offset, limit));
                (a != b || meta_changed)
                    .then(|| changed(view, Recomputed::Standings { standings: b, standings_meta: &new.meta }))
                    .flatten()
            }
            (View::Player { .. }, None) => {
                let ranked = view.ranked()?;
                let row = new_index.get(&ranked).map(|&i| &new.rows[i]);
                (row != old_index.get(&ranked).map(|&i| &old.rows[i]))
                    .then(|| changed(view, Recomputed::Standing { row }))
                    .flatten()
            }
            _ => None,
        })
        .collect()
}

/// A `standings` update's data.
#[derive(serde::Serialize)]
struct WindowData<'a> {
    standings: &'a StandingsWindow,
    standings_meta: &'a StandingsMeta,
}

/// A `standing` update's data.
#[derive(serde::Serialize)]
struct RowData<'a> {
    row: Option<&'a StandingView>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::UserId;
    use crate::live::protocol::{ServerMsg, Update};

    fn row(player: PlayerId, rank: u32) -> StandingView {
        StandingView {
            rank,
            position: rank,
            player_id: player,
            display_name: format!("P{rank}"),
            faction: "Orks".into(),
            wins: 1,
            losses: 0,
            draws: 0,
            byes: 0,
            vp_for: 70,
            vp_against: 45,
            margin: 25,
            sos: 0.5,
            sos_exact: "1/2".into(),
            dropped: false,
            score: "1".into(),
            values: Vec::new(),
            tie: None,
            tie_reason: None,
            pool: None,
            pool_rank: None,
            adjustments: Vec::new(),
        }
    }

    fn cache(rows: Vec<StandingView>) -> StandingsCache {
        StandingsCache { seq: 1, rows: Arc::new(rows), meta: Arc::new(StandingsMeta::default()) }
    }

    #[test]
    fn only_changed_windows_and_lines_are_sent_and_their_frames_read_as_before() {
        let (a, b, c) = (PlayerId::random(), PlayerId::random(), PlayerId::random());
        let old = cache(vec![row(a, 1), row(b, 2), row(c, 3)]);
        // b and c swap places: the first row stays, the window of rows 2–3 changes.
        let new = cache(vec![row(a, 1), row(c, 2), row(b, 3)]);
        let player = |p| View::Player { player: p, user: UserId::random(), team: None, captain: false };
        let views = [
            View::Standings { offset: 0, limit: 1 },
            View::Standings { offset: 1, limit: 2 },
            player(a),
            player(b),
            View::Board { from: 1, to: 2 },
        ];
        let changed = changes(&old, &new, &views);
        let named: Vec<(&View, &str)> = changed.iter().map(|c| (&c.view, c.kind)).collect();
        assert_eq!(named, [(&views[1], "standings"), (&views[3], "standing")]);
        // The frame a room builds from it reads as the one it built whole before.
        let window = StandingsWindow::of(&new.rows, 1, 2);
        let whole = ServerMsg::Update {
            view: "standings",
            seq: 7,
            at: 9,
            body: Update::Standings(Recomputed::Standings { standings: window, standings_meta: &new.meta }),
        }
        .text();
        let prepared = ServerMsg::Update {
            view: "standings",
            seq: 7,
            at: 9,
            body: Update::Prepared { kind: changed[0].kind, data: &changed[0].data },
        }
        .text();
        assert_eq!(prepared, whole);
        let line = ServerMsg::Update {
            view: "player",
            seq: 7,
            at: 9,
            body: Update::Standings(Recomputed::Standing { row: Some(&new.rows[2]) }),
        }
        .text();
        let prepared = ServerMsg::Update {
            view: "player",
            seq: 7,
            at: 9,
            body: Update::Prepared { kind: changed[1].kind, data: &changed[1].data },
        }
        .text();
        assert_eq!(prepared, line);
    }
}
