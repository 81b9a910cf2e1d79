//! The captains' pairing process of one 40K team match, on the server
//! (issue 25, point 2): the engine's pure state machine
//! ([`arbiter_engine::wh40k_teams::captains`]) driven by the captains and the
//! staff, stored as an action log and replayed on every read.
//!
//! - **Views**: each caller sees [`State::view`] for who they are: team A's
//!   captain ([`Viewer::Captain`] A; team A is the match's player 1), team
//!   B's, the staff (organisers and judges: [`Viewer::Organiser`], both
//!   sealed choices, to run a team's side without a phone), anyone else
//!   [`Viewer::Public`]. A locked, unrevealed choice leaves the server only
//!   in the view of its captain and the staff: the stored events carry only
//!   the match and the step number ([`EventData::ProcessChanged`]).
//! - **Actions**: a captain locks their team's choice (the staff may lock
//!   for either team, naming it); the staff record the roll-off, override a
//!   step, decide at the step timer's expiry (what happens then is the TO's
//!   decision) and undo the last reveal. Each action runs under its match's
//!   own lock ([`Tx::lock_team_match`]: the steps of one match one after
//!   the other, of different matches at once): it is checked against the
//!   process replayed from its log; then, under the tournament's write lock
//!   for its writes and commit only ([`Change::within`]), appended to the
//!   log with who and when, recorded in the event log with the tournament's
//!   next sequence number (so the action log lists it with who and when,
//!   and the live frames stay in order with no gap) and published once
//!   durable. Sixteen locks of one step at once: one is taken, the others
//!   find it locked (409 `choice_locked`) without waiting for the
//!   tournament's lock.
//! - **The timer**: each step starts when the previous one is revealed; its
//!   deadline is the start plus the event's `step_seconds` (default 180, the
//!   issue's three minutes), in Unix ms of the server's clock, with the
//!   server's time in every view so a phone can show the time left. When it
//!   runs out with a team still to lock, the server tells the organisers
//!   once ([`super::timer`]); they decide with the expiry action.
//! - **The end**: when the last step is revealed the games are created and
//!   published ([`super::wh40k::create_games`]); undo is refused from then on
//!   (the games are public; a wrong game is corrected by the TO).

use super::wh40k;
use crate::bus::EventData;
use crate::domain::{
    now_millis, LoggedAction, Pairing, PairingId, Player, PlayerId, PlayerKind, TeamProcess, TeamRules, Tournament,
    TournamentId, User, UserId,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::views::{self, roster};
use crate::service::{load_tournament, require_judge, visible, Change, Ctx};
use crate::store::Tx;
use arbiter_engine::wh40k_teams::captains::{Action, Choice, Phase, Refusal, Side, State, View, Viewer};
use arbiter_web::views::PairingView;
use serde::{Deserialize, Serialize};

/// One team of the match, as a view names it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ProcessTeam {
    /// The team's row.
    pub id: PlayerId,
    /// The team's name.
    pub name: String,
    /// The captain's account; `null` when the TO keeps the team.
    pub captain_id: Option<UserId>,
    /// The players who play this match, in roster order.
    pub players: Vec<ProcessPlayer>,
}

/// A player of the match.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ProcessPlayer {
    /// The member's registration id (what choices name).
    pub id: PlayerId,
    /// The player's name.
    pub name: String,
    /// The player's faction.
    pub faction: String,
}

/// The captains' process of one match as one caller may see it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ProcessView {
    /// The team match (the pairing of the two team rows).
    pub match_id: PairingId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The tournament round.
    pub round: u32,
    /// The match's table number.
    pub table: u32,
    /// Team A: the match's player 1.
    pub team_a: ProcessTeam,
    /// Team B.
    pub team_b: ProcessTeam,
    /// Who the view is for: `captain_a`, `captain_b`, `organiser` (staff) or `public`.
    pub viewer: String,
    /// The engine's view of the process for this viewer: `phase`
    /// (`roll_off`, `defenders`, `attackers`, `choices`, `done`), `round`,
    /// `pool_a`/`pool_b`, the revealed `defender_a`/`defender_b` and
    /// `attackers_a`/`attackers_b`, `locked_a`/`locked_b`, the sealed choices
    /// `sealed_a`/`sealed_b` (only the own team's for a captain, both for the
    /// staff, none otherwise), `games`, `roll_off_winner`, `table_choice`.
    #[schema(value_type = Object)]
    pub state: View<PlayerId>,
    /// The choices the viewer's team may lock now (a captain who has not
    /// locked; empty otherwise). Each is `{"kind":"defender","player":ID}`,
    /// `{"kind":"attackers","first":ID,"second":ID}` or `{"kind":"keep","player":ID}`.
    #[schema(value_type = Vec<Object>)]
    pub options: Vec<Choice<PlayerId>>,
    /// The number of actions recorded so far.
    pub step: u32,
    /// When the current step started, Unix ms (server time).
    pub step_started_at: i64,
    /// When the current step's timer runs out, Unix ms (server time).
    pub deadline: i64,
    /// The server's time when the view was made, Unix ms.
    pub server_time: i64,
    /// The event's seconds per step.
    pub step_seconds: u32,
    /// Whether the staff can undo a step now.
    pub can_undo: bool,
    /// The match's games once the process is done (board 1 first).
    pub games: Vec<PairingView>,
}

/// `POST /api/matches/{id}/process/lock`.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LockInput {
    /// The choice: `{"kind":"defender","player":ID}`,
    /// `{"kind":"attackers","first":ID,"second":ID}` or `{"kind":"keep","player":ID}`.
    #[schema(value_type = Object)]
    pub choice: Choice<PlayerId>,
    /// The team (`a` or `b`): required from staff locking for a team; a
    /// captain's own team otherwise.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub side: Option<Side>,
}

/// `POST /api/matches/{id}/process/roll-off`.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RollOffInput {
    /// The team that won the roll-off: `a` or `b`.
    #[schema(value_type = String)]
    pub winner: Side,
}

/// `POST /api/matches/{id}/process/override`.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OverrideInput {
    /// Team A's choice for the current step.
    #[schema(value_type = Object)]
    pub a: Choice<PlayerId>,
    /// Team B's choice.
    #[schema(value_type = Object)]
    pub b: Choice<PlayerId>,
}

/// `POST /api/matches/{id}/process/expire`.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExpireInput {
    /// The TO's decision for team A, when A has not locked.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub a: Option<Choice<PlayerId>>,
    /// The TO's decision for team B, when B has not locked.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub b: Option<Choice<PlayerId>>,
}

/// Something done to a process through the API.
#[derive(Clone, Debug)]
pub enum Act {
    /// A captain's lock (or staff's, for `side`).
    Lock(LockInput),
    /// The roll-off winner (staff).
    RollOff(RollOffInput),
    /// Both choices of the step (staff).
    Override(OverrideInput),
    /// The timer ran out: the TO's decisions (staff).
    Expire(ExpireInput),
    /// Undo the last reveal (staff).
    Undo,
}

/// A process with all it is read with.
pub(super) struct Loaded {
    t: Tournament,
    rules: TeamRules,
    team_match: Pairing,
    process: TeamProcess,
    state: State<PlayerId>,
    teams: [Player; 2],
    members: Vec<Player>,
}

fn not_found() -> ApiError {
    ApiError::not_found(Code::ProcessNotFound, "This team match has no captains' pairing process.")
}

impl Loaded {
    /// Reads the process of `match_id` with its teams and members.
    pub(super) async fn read(tx: &Tx, t: Tournament, match_id: PairingId) -> ApiResult<Loaded> {
        let rules = crate::service::standings::teams::rules(&t).cloned().ok_or_else(not_found)?;
        let team_match = tx.pairing(match_id).await?.ok_or_else(not_found)?;
        let process = tx.team_process(match_id).await?.ok_or_else(not_found)?;
        let b = team_match.player2_id.ok_or_else(not_found)?;
        let rows = tx.players_in(&[team_match.player1_id, b]).await?;
        let find = |id: PlayerId| rows.iter().find(|p| p.id == id).cloned().ok_or_else(not_found);
        let teams = [find(team_match.player1_id)?, find(b)?];
        let ids: Vec<PlayerId> = process.rosters.iter().flatten().copied().collect();
        let members = tx.players_in(&ids).await?;
        let state = wh40k::replay(&rules, &process)?;
        Ok(Loaded { t, rules, team_match, process, state, teams, members })
    }

    /// Re-reads under the match's own lock ([`Tx::lock_team_match`]) what
    /// another action may have changed since [`Loaded::read`]: the tournament
    /// `t` (its staff and rules) and the process row, replayed; the members
    /// again only when the rosters moved (they are set when the process
    /// opens). The match and the team rows are read before any lock, and the
    /// tournament's lock is taken after this, for the writes and the commit
    /// only (docs/benchmarks.md, captains' process).
    async fn refresh(&mut self, tx: &Tx, t: Tournament) -> ApiResult<()> {
        let process = tx.team_process(self.team_match.id).await?.ok_or_else(not_found)?;
        if process.rosters != self.process.rosters {
            let ids: Vec<PlayerId> = process.rosters.iter().flatten().copied().collect();
            self.members = tx.players_in(&ids).await?;
        }
        self.process = process;
        self.rescan(t)
    }

    /// Takes `t` as the tournament (read again under its write lock: its
    /// staff and rules may have moved since [`Loaded::refresh`]) and replays
    /// the process under its rules, with no database read.
    fn rescan(&mut self, t: Tournament) -> ApiResult<()> {
        self.rules = crate::service::standings::teams::rules(&t).cloned().ok_or_else(not_found)?;
        self.t = t;
        self.state = wh40k::replay(&self.rules, &self.process)?;
        Ok(())
    }

    /// The team match.
    pub(super) fn match_id(&self) -> PairingId {
        self.team_match.id
    }

    /// The team match's round.
    pub(super) fn round_id(&self) -> crate::domain::RoundId {
        self.team_match.round_id
    }

    fn name(&self, id: PlayerId) -> String {
        self.members
            .iter()
            .chain(&self.teams)
            .find(|p| p.id == id)
            .map_or_else(|| id.to_string(), |p| p.display_name.clone())
    }

    fn team_name(&self, side: Side) -> String {
        self.teams[usize::from(side == Side::B)].display_name.clone()
    }

    fn captain(&self, side: Side) -> Option<UserId> {
        match self.teams[usize::from(side == Side::B)].kind {
            PlayerKind::Team { captain } => captain,
            _ => None,
        }
    }

    /// Who `user` is in this process.
    pub(super) fn viewer(&self, user: Option<&User>) -> Viewer {
        match user {
            Some(u) if self.t.staffed_by(u.id) => Viewer::Organiser,
            Some(u) if self.captain(Side::A) == Some(u.id) => Viewer::Captain(Side::A),
            Some(u) if self.captain(Side::B) == Some(u.id) => Viewer::Captain(Side::B),
            _ => Viewer::Public,
        }
    }

    /// A refusal of the engine in words, naming players and teams.
    fn refusal(&self, r: Refusal<PlayerId>) -> ApiError {
        let step = |phase: Phase| match phase {
            Phase::RollOff => "the organiser's record of the roll-off",
            Phase::Defenders => "each team's defender",
            Phase::Attackers => "each team's two attackers",
            Phase::Choices => "each team's choice of the attacker its defender plays",
            Phase::Done => "nothing: the process is finished",
        };
        match r {
            Refusal::NotYourTurn(phase) => ApiError::conflict(
                Code::ProcessStep,
                format!("The captains cannot choose yet: the process waits for {}.", step(phase)),
            ),
            Refusal::WrongStep { expected } => ApiError::invalid(
                Code::InvalidChoice,
                format!("This step takes {}; send that kind of choice.", step(expected)),
            ),
            Refusal::AlreadyLocked(side) => ApiError::conflict(
                Code::ChoiceLocked,
                format!(
                    "{} has already locked its choice for this step; it is revealed when both teams have locked.",
                    self.team_name(side)
                ),
            ),
            Refusal::NotInPool { side, player } => ApiError::invalid(
                Code::InvalidChoice,
                format!(
                    "{} is not in {}'s pool: already paired, the defender, or not one of its players this round.",
                    self.name(player),
                    self.team_name(side)
                ),
            ),
            Refusal::SameAttackerTwice(player) => ApiError::invalid(
                Code::InvalidChoice,
                format!("{} is offered twice: the two attackers must be two different players.", self.name(player)),
            ),
            Refusal::NotOffered { side, player } => ApiError::invalid(
                Code::InvalidChoice,
                format!(
                    "{} is not one of the two attackers offered to {}'s defender.",
                    self.name(player),
                    self.team_name(side)
                ),
            ),
            Refusal::NoRollOff => ApiError::conflict(
                Code::ProcessStep,
                "No roll-off is expected now: it is recorded once, before the first defenders, when the event gives a table choice.",
            ),
            Refusal::MissingDecision(side) => ApiError::invalid(
                Code::InvalidChoice,
                format!("{} has not locked: give the organiser's decision for it when the timer runs out.", self.team_name(side)),
            ),
            Refusal::NothingToUndo => {
                ApiError::conflict(Code::ProcessStep, "Nothing to undo: no step of this process has been revealed yet.")
            }
            Refusal::Finished => {
                ApiError::conflict(Code::ProcessStep, "The pairing process is finished: every game of the match is set.")
            }
        }
    }

    fn team(&self, side: Side) -> ProcessTeam {
        let row = &self.teams[usize::from(side == Side::B)];
        let roster = self.process.rosters.get(usize::from(side == Side::B)).cloned().unwrap_or_default();
        ProcessTeam {
            id: row.id,
            name: row.display_name.clone(),
            captain_id: self.captain(side),
            players: roster
                .iter()
                .map(|&id| ProcessPlayer {
                    id,
                    name: self.name(id),
                    faction: self.members.iter().find(|p| p.id == id).map(|p| p.faction.clone()).unwrap_or_default(),
                })
                .collect(),
        }
    }

    /// The view for `viewer`, with the match's games (`games`, once done).
    pub(super) fn view(&self, viewer: Viewer, round: u32, games: &[Pairing]) -> ProcessView {
        let names = roster(&self.members);
        let step_ms = i64::from(self.rules.step_seconds) * 1000;
        ProcessView {
            match_id: self.team_match.id,
            tournament_id: self.t.id,
            round,
            table: self.team_match.table_number,
            team_a: self.team(Side::A),
            team_b: self.team(Side::B),
            viewer: match viewer {
                Viewer::Captain(Side::A) => "captain_a",
                Viewer::Captain(Side::B) => "captain_b",
                Viewer::Organiser => "organiser",
                Viewer::Public => "public",
            }
            .into(),
            state: self.state.view(viewer),
            options: match viewer {
                Viewer::Captain(side) => self.state.options(side),
                _ => Vec::new(),
            },
            step: u32::try_from(self.process.actions.len()).unwrap_or(u32::MAX),
            step_started_at: self.process.step_started_at,
            deadline: self.process.step_started_at + step_ms,
            server_time: now_millis(),
            step_seconds: self.rules.step_seconds,
            can_undo: self.state.can_undo() && self.state.phase() != Phase::Done,
            games: games.iter().map(|g| views::pairing(g, &names)).collect(),
        }
    }
}

/// The tournament of team match `match_id`.
async fn tournament_of(tx: &Tx, match_id: PairingId) -> ApiResult<TournamentId> {
    Ok(tx.pairing(match_id).await?.ok_or_else(not_found)?.tournament_id)
}

/// `GET /api/matches/{id}/process`: the process as the caller may see it
/// (see the module docs).
///
/// # Errors
/// 404 `process_not_found` (or `tournament_not_found` for a draft the
/// caller does not organise).
pub async fn get(ctx: &Ctx, user: Option<&User>, match_id: PairingId) -> ApiResult<ProcessView> {
    let tx = ctx.store.read().await?;
    let t = visible(&tx, tournament_of(&tx, match_id).await?, user).await?;
    let loaded = Loaded::read(&tx, t, match_id).await?;
    let round = tx.round(loaded.team_match.round_id).await?.map_or(0, |r| r.number);
    let games = tx.games_of_match(match_id).await?;
    Ok(loaded.view(loaded.viewer(user), round, &games))
}

/// Does `act` to the process of team match `match_id` as `user` (see the
/// module docs) and answers the process as `user` now sees it.
///
/// # Errors
/// 404 `process_not_found`; 403 `not_captain` for a lock by someone who is
/// neither a captain of the match nor staff, or a captain locking for the
/// other team; 403 `not_tournament_staff` for the staff's actions (roll-off,
/// override, expiry, undo) by anyone else, captains included; 409
/// `choice_locked` when the team has locked this step already; 409
/// `process_step` when the process does not take the action now (undo
/// included, once the games are set); 422 `invalid_choice` for a choice the
/// rules refuse, or staff locking without naming the team.
pub async fn act(ctx: &Ctx, user: &User, match_id: PairingId, act: Act) -> ApiResult<ProcessView> {
    // The match, the team rows, the members and the round are read before
    // any lock; the process is decided under the match's own lock; the
    // tournament's is taken only for the writes and the commit.
    let (mut loaded, round) = {
        let tx = ctx.store.read().await?;
        let t = load_tournament(&tx, tournament_of(&tx, match_id).await?).await?;
        let loaded = Loaded::read(&tx, t, match_id).await?;
        let round = tx.round(loaded.team_match.round_id).await?.map_or(0, |r| r.number);
        (loaded, round)
    };
    let mut tx = ctx.store.begin().await?;
    tx.lock_team_match(match_id).await?;
    let t = load_tournament(&tx, loaded.t.id).await?;
    loaded.refresh(&tx, t).await?;
    // Checked before the tournament's lock, so a refused step (fifteen of
    // sixteen simultaneous locks) never waits for it.
    decide(&loaded, user, &act)?;
    let mut change = Change::within(ctx, tx, loaded.t.id, Some(user)).await?;
    // Decided again under it, on the tournament as it is now (its staff and
    // rules); the process cannot have moved: its match's lock is held.
    loaded.rescan(change.tournament().clone())?;
    let (viewer, action, next) = decide(&loaded, user, &act)?;
    let now = now_millis();
    let moved = |s: &State<PlayerId>| {
        let v = s.view(Viewer::Public);
        (v.phase, v.round, v.games.len(), v.roll_off_winner, v.defender_a, v.attackers_a)
    };
    if moved(&next) != moved(&loaded.state) || matches!(action, Action::Undo) {
        // A new step: its timer starts, and its expiry is announced once when it runs out.
        loaded.process.step_started_at = now;
        wh40k::arm_timer(&mut loaded.process, &loaded.rules, next.phase());
    }
    loaded.process.actions.push(LoggedAction { action, by: user.id, at: now });
    loaded.process.updated_at = now;
    loaded.state = next;
    change.tx().put_team_process(&loaded.process).await?;
    let step = u32::try_from(loaded.process.actions.len()).unwrap_or(u32::MAX);
    change.emit(EventData::ProcessChanged { match_id, step }).await?;
    let games = match loaded.state.outcome() {
        Some(outcome) => {
            let rules = loaded.rules.clone();
            wh40k::create_games(&mut change, &rules, &loaded.team_match, &outcome.games).await?
        }
        None => Vec::new(),
    };
    change.commit(ctx).await?;
    Ok(loaded.view(viewer, round, &games))
}

/// What `act` by `user` does to the process as `loaded` has it: who they are
/// in it, the engine's action, and the process after it.
///
/// # Errors
/// As [`act`]'s refusals.
fn decide(loaded: &Loaded, user: &User, act: &Act) -> ApiResult<(Viewer, Action<PlayerId>, State<PlayerId>)> {
    let viewer = loaded.viewer(Some(user));
    let action = match act {
        Act::Lock(input) => {
            let side = match viewer {
                Viewer::Captain(own) if input.side.is_none_or(|s| s == own) => own,
                Viewer::Captain(own) => {
                    return Err(ApiError::forbidden(
                        Code::NotCaptain,
                        format!("You captain {}: you lock only its choices.", loaded.team_name(own)),
                    ))
                }
                Viewer::Organiser => input.side.ok_or_else(|| {
                    ApiError::invalid(
                        Code::InvalidChoice,
                        "As staff, name the team whose choice you lock: \"side\": \"a\" or \"b\".",
                    )
                })?,
                Viewer::Public => {
                    return Err(ApiError::forbidden(
                        Code::NotCaptain,
                        "Only the two captains of this match (or the organisers and judges) lock its choices.",
                    ))
                }
            };
            Action::Lock { side, choice: input.choice }
        }
        Act::RollOff(input) => {
            require_judge(&loaded.t, user, "record the captains' roll-off")?;
            Action::RollOff { winner: input.winner }
        }
        Act::Override(input) => {
            require_judge(&loaded.t, user, "override a step of the captains' pairing")?;
            Action::Override { a: input.a, b: input.b }
        }
        Act::Expire(input) => {
            require_judge(&loaded.t, user, "decide a step whose timer ran out")?;
            Action::Expire { a: input.a, b: input.b }
        }
        Act::Undo => {
            require_judge(&loaded.t, user, "undo a step of the captains' pairing")?;
            if loaded.state.phase() == Phase::Done {
                return Err(ApiError::conflict(
                    Code::ProcessStep,
                    "The pairing process is finished and its games are published: it can no longer be undone; \
                     correct a game with the result routes.",
                ));
            }
            Action::Undo
        }
    };
    let next = loaded.state.apply(action).map_err(|r| loaded.refusal(r))?;
    Ok((viewer, action, next))
}

/// The process of `match_id` as `user` (or an anonymous viewer) sees it, for
/// the live pairing room; `None` when there is none.
///
/// # Errors
/// 503 when the database is down.
pub async fn view_for(ctx: &Ctx, user: Option<&User>, match_id: PairingId) -> ApiResult<Option<ProcessView>> {
    match get(ctx, user, match_id).await {
        Ok(v) => Ok(Some(v)),
        Err(e) if [Code::ProcessNotFound, Code::TournamentNotFound].iter().any(|c| c.as_str() == e.code()) => Ok(None),
        Err(e) => Err(e),
    }
}
