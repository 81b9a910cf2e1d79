//! Views: what a live client shows decides what it receives. A venue screen
//! follows a range of tables, a phone its own pairing and standings line, a
//! standings page a window of rows, the TO's dashboard the queue of results;
//! only API clients and tools follow the raw event stream. In a 5,000-player
//! event a result then reaches the two players, the screens showing that
//! table and the TO — not every phone.

use crate::bus::EventData;
use crate::domain::{PairingId, PlayerId, UserId};
use arbiter_engine::wh40k_teams::captains::Viewer;
use std::borrow::Cow;

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
    /// The top cut's bracket (a venue screen or a phone).
    Bracket,
    /// One 40K team match's captains' pairing process as its kind of viewer
    /// may see it (see [`super::pairing_room`]).
    Process {
        /// The team match.
        match_id: PairingId,
        /// Who is looking: a captain, the staff or the public (worked out
        /// from the socket's account by [`super::pairing_room::resolve`]).
        seat: Viewer,
    },
    /// Every captains' pairing process of the current round, as the public
    /// sees it (the venue screen, the TO's overview).
    Rooms,
    /// One player's pairing, registration, standings line and rating change.
    Player {
        /// The registration (a team event's player: their member row).
        player: PlayerId,
        /// The player's account.
        user: UserId,
        /// A team event's player: their team (the entrant paired and ranked).
        team: Option<PlayerId>,
        /// The team's captain: the view carries every game of a team match
        /// (their page keeps those of their team's), which they report and
        /// confirm for their players.
        captain: bool,
    },
}

/// A signed-in player's registration in the tournament (for the player view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Me {
    /// The registration (a team event's player: their member row).
    pub player: PlayerId,
    /// The account.
    pub user: UserId,
    /// A team event's player: their team.
    pub team: Option<PlayerId>,
    /// Whether they captain that team.
    pub captain: bool,
}

/// View parameters as they come from a query string or a `subscribe` frame.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ViewParams {
    /// `events` (default), `queue`, `board`, `standings`, `bracket`, `player`,
    /// `process` (with `match`) or `rooms`.
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
    /// Process: the team match's id.
    #[serde(default, rename = "match")]
    #[param(value_type = Option<String>)]
    pub match_id: Option<PairingId>,
}

impl ViewParams {
    /// The view these parameters name; `player` needs the caller's
    /// registration (`me`); `process` is the public's until
    /// [`super::pairing_room::resolve`] works out who is looking.
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
            "bracket" => Ok(View::Bracket),
            "rooms" => Ok(View::Rooms),
            "process" => self
                .match_id
                .map(|match_id| View::Process { match_id, seat: Viewer::Public })
                .ok_or_else(|| "the process view needs the team match's id: match=ID".to_string()),
            "player" => me
                .map(|m| View::Player { player: m.player, user: m.user, team: m.team, captain: m.captain })
                .ok_or_else(|| "the player view needs a signed-in player registered in this tournament".to_string()),
            other => Err(format!(
                "unknown view {other:?}: use events, queue, board, standings, bracket, player, process or rooms"
            )),
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
            View::Bracket => "bracket",
            View::Player { .. } => "player",
            View::Process { .. } => "process",
            View::Rooms => "rooms",
        }
    }

    /// Whether this view shows standings (so its room keeps them computed).
    #[must_use]
    pub const fn needs_standings(&self) -> bool {
        matches!(self, View::Queue | View::Standings { .. } | View::Player { .. })
    }

    /// The entrant whose standings line a player view shows: a team
    /// event's player follows their team's line.
    #[must_use]
    pub const fn ranked(&self) -> Option<PlayerId> {
        match self {
            View::Player { player, team, .. } => match team {
                Some(t) => Some(*t),
                None => Some(*player),
            },
            _ => None,
        }
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

    /// What of an event this view receives, if anything: the event itself,
    /// or the event narrowed to what the view shows (a board's tables, a
    /// player's own table and rating change). [`View::Events`] receives the
    /// stored frame itself and is not asked.
    #[must_use]
    pub fn filter<'a>(&self, e: &'a EventData) -> Option<Cow<'a, EventData>> {
        use EventData as E;
        let whole = Some(Cow::Borrowed(e));
        match (self, e) {
            (View::Events, _) => whole,
            // Read from the process for each kind of viewer, never cut from an
            // event (see `super::pairing_room`).
            (View::Process { .. } | View::Rooms, _) => None,
            (View::Queue, E::StandingsChanged(_) | E::Unknown) => None,
            (View::Queue, _) => whole,
            // What the whole event shows, for everyone.
            (
                _,
                E::TournamentCreated { .. }
                | E::StatusAdvanced { .. }
                | E::ListsLocked { .. }
                | E::ListsUnlocked { .. }
                | E::PrizesUnpublished { .. }
                | E::RoundDeleted { .. }
                | E::StandingsConfigChanged { .. }
                | E::SettingsChanged { .. }
                | E::TrfImported { .. }
                | E::RosterImported { .. }
                | E::PrizesPublished { .. },
            ) => whole,
            // The waitlist: every waiting player's phone shows its place.
            (View::Player { .. }, E::WaitlistChanged { .. }) => whole,
            // The bracket goes to its page, and to the phones of the players in the cut.
            (View::Bracket, E::BracketChanged { .. }) => whole,
            (View::Bracket, _) => None,
            // A phone in the cut: its own part of the bracket (its games, its place).
            (View::Player { player, .. }, E::BracketChanged { bracket }) => bracket
                .as_ref()
                .and_then(|b| b.for_player(*player))
                .map(|b| Cow::Owned(E::BracketChanged { bracket: Some(b) })),
            (_, E::BracketChanged { .. }) => None,
            // A round's clock: screens and phones show it; a standings window does not.
            (View::Board { .. } | View::Player { .. }, E::ClockChanged { .. }) => whole,
            // Team events: a match's games reach every screen (their tables are
            // numbered per game, not per match: a screen keeps the games of the
            // matches it shows), a match's score the screens showing its table.
            (View::Board { .. }, E::MatchGamesPaired { .. }) => whole,
            (View::Board { from, to }, E::TeamMatchScored { pairing }) => {
                (*from..=*to).contains(&pairing.table).then_some(Cow::Borrowed(e))
            }
            (View::Board { .. }, _) if e.pairing().is_some_and(|p| p.match_id.is_some()) => whole,
            // A team event's player: their own game, and their team's match.
            (View::Player { captain: true, .. }, E::MatchGamesPaired { .. }) => whole,
            (View::Player { player, .. }, E::MatchGamesPaired { match_id, games }) => {
                let mine: Vec<_> = games.iter().filter(|g| g.seats().any(|s| s == *player)).cloned().collect();
                (!mine.is_empty()).then_some(Cow::Owned(E::MatchGamesPaired { match_id: *match_id, games: mine }))
            }
            (View::Player { team, .. }, E::TeamMatchScored { pairing }) => {
                team.filter(|t| pairing.seats().any(|s| s == *t)).map(|_| Cow::Borrowed(e))
            }
            (View::Board { from, to }, _) => match e.round() {
                Some(round) => Some(Cow::Owned(e.with_round(round.for_tables(*from, *to)))),
                None => {
                    e.pairing().filter(|p| p.table > 0 && (*from..=*to).contains(&p.table)).map(|_| Cow::Borrowed(e))
                }
            },
            // A round robin's pairing may change the number of rounds.
            (View::Standings { .. }, E::PairingsPublished(p)) if p.tournament.is_some() => {
                Some(Cow::Owned(e.with_round(p.round.header())))
            }
            (View::Standings { .. }, _) => None,
            (View::Player { player, user, team, captain }, _) => {
                let me = *player;
                // A team event's round pairs the teams: the player's is their team's match.
                if let (Some(team), Some(round)) = (team, e.round()) {
                    return Some(Cow::Owned(e.with_round(round.for_player(*team))));
                }
                if let E::RatingsChanged { ratings } = e {
                    let mut mine = ratings.clone();
                    mine.changes.retain(|c| c.user_id == *user);
                    return Some(Cow::Owned(E::RatingsChanged { ratings: mine }));
                }
                if let Some(round) = e.round() {
                    return Some(Cow::Owned(e.with_round(round.for_player(me))));
                }
                // Their own registration; a team's player also their team's
                // (checked in, withdrawn).
                if let Some(p) = e.player() {
                    return (p.id == me || Some(p.id) == *team).then_some(Cow::Borrowed(e));
                }
                // A team event's player: their own game, and their team's pairing
                // (a team match's result, or a doubles team's own table).
                // A captain: every game of a team match (their page keeps their team's).
                e.pairing()
                    .filter(|p| p.seats().any(|s| s == me || Some(s) == *team) || (*captain && p.match_id.is_some()))
                    .map(|_| Cow::Borrowed(e))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bus::{Cause, PrizesNotice, StandingsCause};
    use crate::domain::{PairingId, PrizeRunId, RoundId};
    use arbiter_web::views::ratings::{RatingDeltaView, RatingsChangedView};
    use arbiter_web::views::{PairingView, Published, RoundView, Seat};

    fn seat(id: PlayerId) -> Seat {
        Seat { id, user_id: UserId::random(), name: id.to_string(), faction: String::new() }
    }

    fn pairing(table: u32, p1: PlayerId, p2: Option<PlayerId>) -> PairingView {
        PairingView {
            id: PairingId::random(),
            round_id: RoundId::random(),
            table,
            player1: seat(p1),
            player2: p2.map(seat),
            player1_vp: None,
            player2_vp: None,
            score: None,
            player1_score: None,
            player2_score: None,
            score_text: None,
            result: None,
            state: arbiter_web::views::sets::PairingState::Unreported,
            reported_by: None,
            dispute: None,
            to_override: false,
            override_note: None,
            rematch: false,
            match_id: None,
            board: None,
        }
    }

    fn tables(e: &EventData) -> Vec<u32> {
        e.round().map(|r| r.pairings.iter().map(|p| p.table).collect()).unwrap_or_default()
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
        let me = PlayerId::random();
        let e = EventData::ResultConfirmed { pairing: pairing(7, me, Some(PlayerId::random())) };
        assert!(View::Board { from: 1, to: 10 }.filter(&e).is_some());
        assert!(View::Board { from: 11, to: 20 }.filter(&e).is_none());
        let user = UserId::random();
        assert!(View::Player { player: me, user, team: None, captain: false }.filter(&e).is_some());
        assert!(View::Player { player: PlayerId::random(), user, team: None, captain: false }.filter(&e).is_none());
        assert!(View::Standings { offset: 0, limit: 50 }.filter(&e).is_none());
        assert!(View::Queue.filter(&e).is_some());
        let standings = EventData::StandingsChanged(StandingsCause::of(Cause::TieResolved));
        assert!(View::Queue.filter(&standings).is_none());
        assert!(View::Events.filter(&standings).is_some());
    }

    #[test]
    fn a_player_sees_only_their_own_rating_change() {
        let (player, user) = (PlayerId::random(), UserId::random());
        let delta = |user_id: UserId, delta: i32| RatingDeltaView {
            user_id,
            name: String::new(),
            rating_before: 1200,
            rating_after: 1200 + delta,
            delta,
            games_played: 1,
        };
        let e = EventData::RatingsChanged {
            ratings: RatingsChangedView {
                game: arbiter_web::views::sets::Game::Wh40k,
                cause: arbiter_web::views::sets::RatingCause::RoundClosed,
                round_id: RoundId::random(),
                rounds_rated: 1,
                changes: vec![delta(user, 16), delta(UserId::random(), -16)],
            },
        };
        let got = View::Player { player, user, team: None, captain: false }.filter(&e);
        let Some(EventData::RatingsChanged { ratings }) = got.as_deref() else { panic!("{got:?}") };
        assert_eq!(ratings.changes.iter().map(|c| c.delta).collect::<Vec<_>>(), [16]);
        assert!(View::Board { from: 1, to: 9 }.filter(&e).is_none());
    }

    #[test]
    fn a_team_match_reaches_its_players_and_the_screens_showing_it() {
        let (me, team, other_team) = (PlayerId::random(), PlayerId::random(), PlayerId::random());
        let user = UserId::random();
        let phone = View::Player { player: me, user, team: Some(team), captain: false };
        let stranger =
            View::Player { player: PlayerId::random(), user, team: Some(PlayerId::random()), captain: false };
        let team_match = pairing(3, team, Some(other_team));
        let mut mine = pairing(11, me, Some(PlayerId::random()));
        (mine.match_id, mine.board) = (Some(team_match.id), Some(1));
        let mut theirs = pairing(12, PlayerId::random(), Some(PlayerId::random()));
        (theirs.match_id, theirs.board) = (Some(team_match.id), Some(2));
        let theirs_id = theirs.id;
        let paired = EventData::MatchGamesPaired { match_id: team_match.id, games: vec![mine.clone(), theirs.clone()] };
        let got = phone.filter(&paired).unwrap();
        let EventData::MatchGamesPaired { games, .. } = &*got else { panic!("{got:?}") };
        assert_eq!(games.iter().map(|g| g.id).collect::<Vec<_>>(), [mine.id], "the player's own game only");
        assert!(stranger.filter(&paired).is_none());
        assert!(View::Board { from: 9, to: 9 }.filter(&paired).is_some(), "a game's table is not its match's");
        let scored = EventData::TeamMatchScored { pairing: team_match.clone() };
        assert!(phone.filter(&scored).is_some(), "the team's match");
        assert!(stranger.filter(&scored).is_none());
        assert!(View::Board { from: 1, to: 3 }.filter(&scored).is_some());
        assert!(View::Board { from: 4, to: 9 }.filter(&scored).is_none());
        let decided = EventData::ResultConfirmed { pairing: team_match };
        assert!(phone.filter(&decided).is_some(), "a chess match decided reaches its teams' players");
        let game = EventData::ResultConfirmed { pairing: theirs };
        assert!(View::Board { from: 1, to: 1 }.filter(&game).is_some());
        assert!(phone.filter(&game).is_none(), "a teammate's game is theirs");
        assert_eq!(phone.ranked(), Some(team), "the team's standings line");
        // The team's captain (here a captain who does not play: their
        // registration is the team's row) is sent every game of a match.
        let captain = View::Player { player: team, user, team: Some(team), captain: true };
        let got = captain.filter(&paired).unwrap();
        let EventData::MatchGamesPaired { games, .. } = &*got else { panic!("{got:?}") };
        assert_eq!(games.iter().map(|g| g.id).collect::<Vec<_>>(), [mine.id, theirs_id], "every board");
        assert!(captain.filter(&game).is_some(), "a board the captain may report or confirm");
        assert!(captain.filter(&scored).is_some());
    }

    #[test]
    fn published_prizes_reach_every_view() {
        let e = EventData::PrizesPublished {
            prizes: PrizesNotice { run_id: PrizeRunId::random(), published_at: 1, prize_count: 3 },
        };
        let views = [
            View::Queue,
            View::Board { from: 1, to: 9 },
            View::Standings { offset: 0, limit: 50 },
            View::Player { player: PlayerId::random(), user: UserId::random(), team: None, captain: false },
        ];
        for v in views {
            assert!(matches!(v.filter(&e), Some(Cow::Borrowed(_))), "{v:?}");
        }
    }

    #[test]
    fn published_pairings_are_cut_to_what_the_view_shows() {
        let me = PlayerId::random();
        let round = RoundView {
            id: RoundId::random(),
            number: 2,
            status: arbiter_web::views::sets::RoundStatus::Active,
            mission: "m".into(),
            pairings: vec![
                pairing(1, PlayerId::random(), Some(PlayerId::random())),
                pairing(2, me, Some(PlayerId::random())),
                pairing(3, PlayerId::random(), Some(PlayerId::random())),
                pairing(0, PlayerId::random(), None),
            ],
            tables_total: 3,
            playoff: false,
            stage: None,
        };
        let e = EventData::PairingsPublished(Published { round, warnings: vec!["w".into()], tournament: None });
        let b = View::Board { from: 2, to: 3 }.filter(&e).unwrap();
        assert_eq!(tables(&b), [2, 3, 0], "tables 2-3 and the bye (the range ends at the last table)");
        assert!(matches!(&*b, EventData::PairingsPublished(p) if p.warnings == ["w"]));
        let first = View::Board { from: 1, to: 1 }.filter(&e).unwrap();
        assert_eq!(tables(&first), [1]);
        let mine = View::Player { player: me, user: UserId::random(), team: None, captain: false }.filter(&e).unwrap();
        assert_eq!(tables(&mine), [2], "only the player's own table");
        let other = View::Player { player: PlayerId::random(), user: UserId::random(), team: None, captain: false }
            .filter(&e)
            .unwrap();
        assert_eq!(tables(&other), Vec::<u32>::new(), "the round's header, no tables");
        assert!(View::Standings { offset: 0, limit: 50 }.filter(&e).is_none());
    }
}
