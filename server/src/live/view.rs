//! Views: what a live client shows decides what it receives. A venue screen
//! follows a range of tables, a phone its own pairing and standings line, a
//! standings page a window of rows, the TO's dashboard the queue of results;
//! only API clients and tools follow the raw event stream. In a 5,000-player
//! event a result then reaches the two players, the screens showing that
//! table and the TO — not every phone.

use crate::service::views::RoundView;
use serde_json::{json, Value};
use uuid::Uuid;

/// The most standings rows one client may follow.
pub const MAX_WINDOW: u32 = 200;
/// The standings rows the TO's queue shows.
pub const QUEUE_STANDINGS: u32 = 100;

/// A client's view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum View {
    /// Every event, as stored (API clients, tests, tools).
    Events,
    /// The TO's queue: every change to players, rounds and results, and the
    /// top of the standings (recomputed, not the markers).
    Queue,
    /// Tables `from..=to` of the current round (a venue screen).
    Board {
        /// First table shown.
        from: u32,
        /// Last table shown.
        to: u32,
    },
    /// Standings rows `offset..offset+limit` (0-based).
    Standings {
        /// First row.
        offset: u32,
        /// Number of rows.
        limit: u32,
    },
    /// One player's pairing, registration, standings line and rating change.
    Player {
        /// The registration id.
        player: Uuid,
        /// The player's account.
        user: Uuid,
    },
}

/// A signed-in player's registration in the tournament (for the player view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Me {
    /// The registration id.
    pub player: Uuid,
    /// The account.
    pub user: Uuid,
}

/// View parameters as they come from a query string or a `subscribe` frame.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct ViewParams {
    /// `events` (default), `queue`, `board`, `standings` or `player`.
    #[serde(default)]
    pub view: Option<String>,
    /// Board: first table.
    #[serde(default)]
    pub from: Option<u32>,
    /// Board: last table.
    #[serde(default)]
    pub to: Option<u32>,
    /// Standings: first row (0-based).
    #[serde(default)]
    pub offset: Option<u32>,
    /// Standings: number of rows (at most 200).
    #[serde(default)]
    pub limit: Option<u32>,
}

impl ViewParams {
    /// The view these parameters name; `player` needs the caller's
    /// registration id (`me`).
    ///
    /// # Errors
    /// A message for an unknown view or bad parameters.
    pub fn view(&self, me: Option<Me>) -> Result<View, String> {
        match self.view.as_deref().unwrap_or("events") {
            "events" => Ok(View::Events),
            "queue" => Ok(View::Queue),
            "board" => {
                let (from, to) = (self.from.unwrap_or(1), self.to.unwrap_or(u32::MAX));
                if from == 0 || from > to {
                    return Err("board tables are numbered from 1, with from <= to".into());
                }
                Ok(View::Board { from, to })
            }
            "standings" => {
                let limit = self.limit.unwrap_or(50);
                if limit == 0 || limit > MAX_WINDOW {
                    return Err(format!("a standings window has 1 to {MAX_WINDOW} rows"));
                }
                Ok(View::Standings { offset: self.offset.unwrap_or(0), limit })
            }
            "player" => me
                .map(|m| View::Player { player: m.player, user: m.user })
                .ok_or_else(|| "the player view needs a signed-in player registered in this tournament".to_string()),
            other => Err(format!("unknown view {other:?}: use events, queue, board, standings or player")),
        }
    }
}

impl View {
    /// The view's wire name.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            View::Events => "events",
            View::Queue => "queue",
            View::Board { .. } => "board",
            View::Standings { .. } => "standings",
            View::Player { .. } => "player",
        }
    }

    /// Whether this view shows standings (so its room keeps them computed).
    #[must_use]
    pub const fn needs_standings(&self) -> bool {
        matches!(self, View::Queue | View::Standings { .. } | View::Player { .. })
    }

    /// The standings window this view shows, if it shows one.
    #[must_use]
    pub const fn window(&self) -> Option<(u32, u32)> {
        match self {
            View::Queue => Some((0, QUEUE_STANDINGS)),
            View::Standings { offset, limit } => Some((*offset, *limit)),
            _ => None,
        }
    }

    /// What of an event (`kind`, `data`) this view receives, if anything.
    /// [`View::Events`] receives the stored frame itself and is not asked.
    #[must_use]
    pub fn filter(&self, kind: &str, data: &Value) -> Option<Value> {
        let tournament_wide = data.get("tournament").is_some() || data.get("prizes").is_some();
        match self {
            View::Events => Some(data.clone()),
            View::Queue => (kind != "standings_changed").then(|| data.clone()),
            View::Board { from, to } => {
                if tournament_wide {
                    return Some(data.clone());
                }
                if let Some(round) = data.get("round") {
                    let round: RoundView = serde_json::from_value(round.clone()).ok()?;
                    return Some(json!({ "round": round.for_tables(*from, *to), "warnings": data.get("warnings") }));
                }
                let table = data.get("pairing")?.get("table")?.as_u64()?;
                (table >= u64::from(*from) && table <= u64::from(*to) && table > 0).then(|| data.clone())
            }
            View::Standings { .. } => tournament_wide.then(|| data.clone()),
            View::Player { player, user } => {
                let me = player.to_string();
                if tournament_wide {
                    return Some(data.clone());
                }
                if let Some(r) = data.get("ratings") {
                    // Only this player's line of a round's rating changes.
                    let account = user.to_string();
                    let mut mine = r.clone();
                    let changes = r
                        .get("changes")?
                        .as_array()?
                        .iter()
                        .filter(|c| c.get("user_id").and_then(Value::as_str) == Some(account.as_str()));
                    mine["changes"] = Value::Array(changes.cloned().collect());
                    return Some(json!({ "ratings": mine }));
                }
                if let Some(p) = data.get("player") {
                    return (p.get("id")?.as_str()? == me).then(|| data.clone());
                }
                if let Some(round) = data.get("round") {
                    let mine = round.get("pairings")?.as_array()?.iter().find(|p| seats(p).any(|s| s == me)).cloned();
                    let mut header = round.clone();
                    header["pairings"] = json!([]);
                    return Some(json!({ "round": header, "pairing": mine }));
                }
                let pairing = data.get("pairing")?;
                seats(pairing).any(|s| s == me).then(|| data.clone())
            }
        }
    }
}

/// The registration ids seated at a pairing view.
fn seats(pairing: &Value) -> impl Iterator<Item = &str> {
    ["player1", "player2"].into_iter().filter_map(move |k| pairing.get(k)?.get("id")?.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(table: u32, p1: &str, p2: Option<&str>) -> Value {
        let seat = |id: &str| json!({ "id": id, "user_id": "", "name": id, "faction": "" });
        json!({
            "id": format!("pair{table}"), "round_id": "r", "table": table, "player1": seat(p1), "player2": p2.map(seat),
            "player1_vp": null, "player2_vp": null, "result": null, "state": "UNREPORTED", "reported_by": null,
            "dispute": null, "to_override": false, "override_note": null, "rematch": false,
        })
    }

    #[test]
    fn parses_views_and_explains_bad_ones() {
        let p = |q: &str| serde_json::from_str::<ViewParams>(q).unwrap_or_default();
        assert_eq!(p("{}").view(None), Ok(View::Events));
        assert_eq!(p(r#"{"view":"board","from":3,"to":9}"#).view(None), Ok(View::Board { from: 3, to: 9 }));
        assert_eq!(p(r#"{"view":"standings"}"#).view(None), Ok(View::Standings { offset: 0, limit: 50 }));
        assert!(p(r#"{"view":"standings","limit":5000}"#).view(None).is_err());
        assert!(p(r#"{"view":"player"}"#).view(None).is_err());
        assert!(p(r#"{"view":"board","from":9,"to":3}"#).view(None).is_err());
        assert!(p(r#"{"view":"bored"}"#).view(None).is_err_and(|m| m.contains("unknown view")));
    }

    #[test]
    fn a_result_reaches_its_board_range_and_its_players_only() {
        let me = Uuid::new_v4();
        let data = json!({ "pairing": pairing(7, &me.to_string(), Some("other")) });
        assert!(View::Board { from: 1, to: 10 }.filter("result_confirmed", &data).is_some());
        assert!(View::Board { from: 11, to: 20 }.filter("result_confirmed", &data).is_none());
        let user = Uuid::new_v4();
        assert!(View::Player { player: me, user }.filter("result_confirmed", &data).is_some());
        assert!(View::Player { player: Uuid::new_v4(), user }.filter("result_confirmed", &data).is_none());
        assert!(View::Standings { offset: 0, limit: 50 }.filter("result_confirmed", &data).is_none());
        assert!(View::Queue.filter("result_confirmed", &data).is_some());
        assert!(View::Queue.filter("standings_changed", &json!({"cause": "bye"})).is_none());
    }

    #[test]
    fn a_player_sees_only_their_own_rating_change() {
        let (player, user) = (Uuid::new_v4(), Uuid::new_v4());
        let data = json!({ "ratings": { "game": "wh40k", "changes": [{ "user_id": user.to_string(), "delta": 16 }, { "user_id": "x", "delta": -16 }] } });
        let got = View::Player { player, user }.filter("ratings_changed", &data).unwrap_or_default();
        assert_eq!(got["ratings"]["changes"].as_array().map(Vec::len), Some(1));
        assert_eq!(got["ratings"]["changes"][0]["delta"], 16);
        assert!(View::Board { from: 1, to: 9 }.filter("ratings_changed", &data).is_none());
    }

    #[test]
    fn published_prizes_reach_every_view() {
        let data = json!({ "prizes": { "run_id": "r", "published_at": 1, "prize_count": 3 } });
        let views = [
            View::Queue,
            View::Board { from: 1, to: 9 },
            View::Standings { offset: 0, limit: 50 },
            View::Player { player: Uuid::new_v4(), user: Uuid::new_v4() },
        ];
        for v in views {
            assert_eq!(v.filter("prizes_published", &data), Some(data.clone()), "{v:?}");
        }
    }

    #[test]
    fn published_pairings_are_cut_to_what_the_view_shows() {
        let me = Uuid::new_v4().to_string();
        let round = json!({ "id": "r", "number": 2, "status": "ACTIVE", "mission": "m", "pairings": [pairing(1, "a", Some("b")), pairing(2, &me, Some("c")), pairing(3, "d", Some("e")), pairing(0, "f", None)] });
        let data = json!({ "round": round, "warnings": [] });
        let b = View::Board { from: 2, to: 3 }.filter("pairings_published", &data).unwrap_or_default();
        let tables: Vec<u64> =
            b["round"]["pairings"].as_array().into_iter().flatten().filter_map(|p| p["table"].as_u64()).collect();
        assert_eq!(tables, [2, 3, 0], "tables 2-3 and the bye (the range ends at the last table)");
        let first = View::Board { from: 1, to: 1 }.filter("pairings_published", &data).unwrap_or_default();
        assert_eq!(first["round"]["pairings"].as_array().map(Vec::len), Some(1));
        let mine = View::Player { player: Uuid::parse_str(&me).unwrap_or_default(), user: Uuid::new_v4() }
            .filter("pairings_published", &data)
            .unwrap_or_default();
        assert_eq!(mine["pairing"]["table"], 2);
        assert_eq!(mine["round"]["pairings"], json!([]));
    }
}
