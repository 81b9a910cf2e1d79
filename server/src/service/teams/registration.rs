//! Registering teams: a captain (or the organisers) registers a team with
//! its players in order and its reserves; each player is linked to an
//! existing account by e-mail, or is a walk-in placeholder claimed later
//! with a claim code (issued by the organisers or the team's captain).
//!
//! Rules checked (issue 25 point 1):
//! - exactly the event's `size` regular players, at most `reserves` reserves;
//! - a team's name is unique in the event; an account plays for one team
//!   and captains one team, and is not also a singles entrant;
//! - 40K: each player gives a faction, and with `unique_factions` (the
//!   default, the WTC and UKTC packs' rule) no faction appears twice in a
//!   team's roster (reserves included): the refusal names the faction;
//! - registration is open in REGISTRATION and CHECK_IN, as for singles (the
//!   organisers may also register while the event is a DRAFT).
//!
//! Every change runs under the tournament's write lock ([`Change`]), so
//! simultaneous registrations are taken one after the other: no two teams
//! get one name, one account or one registration number.

use super::{load_team, public_view, require_captain, rules_of, team_view, TeamView};
use crate::bus::EventData;
use crate::domain::{
    now_millis, Player, PlayerId, PlayerKind, PlayerProfile, TeamFormat, TeamRules, Tournament, TournamentId,
    TournamentStatus, User, UserId,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::people::entries::WALK_IN_DOMAIN;
use crate::service::{clean_text, views, Change, Ctx};
use serde::{Deserialize, Deserializer};
use std::collections::HashSet;

/// One player of a new team (`POST /api/tournaments/{id}/teams`).
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewMember {
    /// Name on the boards (1–64 characters).
    pub name: String,
    /// The e-mail of the player's existing account: the entry is theirs.
    /// Absent: a walk-in placeholder, claimed later with a claim code.
    #[serde(default)]
    pub email: Option<String>,
    /// Faction (required in a 40K team event; 1–64 characters).
    #[serde(default)]
    pub faction: Option<String>,
    /// Army list as pasted (40K; until lists are locked).
    #[serde(default)]
    pub list_text: Option<String>,
    /// Rating (chess: the initial ranking averages the top ratings), 0–3500.
    #[serde(default)]
    pub rating: Option<u32>,
    /// FIDE id.
    #[serde(default)]
    pub fide_id: Option<String>,
}

/// `POST /api/tournaments/{id}/teams`: a team to register.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTeam {
    /// The team's name (1–64 characters, unique in the event).
    pub name: String,
    /// The captain. Absent: the caller. The organisers may give the e-mail
    /// of another existing account, or `null` to keep the team themselves.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub captain: Option<Option<String>>,
    /// The regular players, in board order (exactly the event's team size).
    pub players: Vec<NewMember>,
    /// The reserves, in order (at most the event's `reserves`).
    #[serde(default)]
    pub reserves: Vec<NewMember>,
}

/// A field that may be absent (`None`), `null` (`Some(None)`) or a value.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// A member checked, ready to be written.
struct Checked {
    name: String,
    account: Option<User>,
    faction: String,
    list_text: Option<String>,
    profile: PlayerProfile,
    reserve: bool,
}

/// The 422 `invalid_team` with `message`.
fn invalid(message: String) -> ApiError {
    ApiError::invalid(Code::InvalidTeam, message)
}

/// Checks each member's fields (not yet against the event's other teams).
fn clean_member(rules: &TeamRules, m: &NewMember, reserve: bool, n: usize) -> ApiResult<(Checked, Option<String>)> {
    let which = if reserve { format!("Reserve {n}") } else { format!("Player {n}") };
    let name = clean_text("display_name", &m.name, 64).map_err(|e| invalid(format!("{which}: {}", e.message())))?;
    let faction = match m.faction.as_deref().map(str::trim) {
        None | Some("") if rules.format == TeamFormat::Wh40k => {
            return Err(invalid(format!("{which} ({name}): a 40K team's players each give a faction.")));
        }
        None | Some("") => String::new(),
        Some(f) => clean_text("faction", f, 64).map_err(|e| invalid(format!("{which} ({name}): {}", e.message())))?,
    };
    let list_text = match m.list_text.as_deref() {
        None => None,
        Some(l) if l.trim().is_empty() => None,
        Some(l) if l.chars().count() > crate::service::people::players::MAX_LIST_CHARS => {
            return Err(invalid(format!(
                "{which} ({name}): a list is at most {} characters.",
                crate::service::people::players::MAX_LIST_CHARS
            )));
        }
        Some(l) => Some(l.replace("\r\n", "\n")),
    };
    let profile = crate::service::people::profile::clean(PlayerProfile {
        rating: m.rating,
        fide_id: m.fide_id.clone().filter(|f| !f.trim().is_empty()),
        ..PlayerProfile::default()
    })?;
    let email = m.email.as_deref().map(|e| e.trim().to_lowercase()).filter(|e| !e.is_empty());
    Ok((Checked { name, account: None, faction, list_text, profile, reserve }, email))
}

/// With `unique_factions`: the first faction two members of `members` play
/// (case and spaces ignored), refused naming it and them.
///
/// # Errors
/// 409 `faction_taken`.
pub fn check_factions<'a>(
    rules: &TeamRules,
    team: &str,
    members: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> ApiResult<()> {
    if !rules.unique_factions || rules.format != TeamFormat::Wh40k {
        return Ok(());
    }
    let mut seen: Vec<(String, &str, &str)> = Vec::new();
    for (name, faction) in members {
        let key = faction.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        if key.is_empty() {
            continue;
        }
        if let Some((_, first, f)) = seen.iter().find(|(k, _, _)| *k == key) {
            return Err(ApiError::conflict(
                Code::FactionTaken,
                format!(
                    "{f} appears twice in {team} ({first} and {name}): a faction is played at most once in a team."
                ),
            )
            .with_details(serde_json::json!({ "faction": f, "players": [first, name] })));
        }
        seen.push((key, name, faction));
    }
    Ok(())
}

/// The accounts that play for, or captain, a team of the event still in it,
/// and its singles entrants: who cannot join another team.
async fn taken_accounts(change: &Change, id: TournamentId) -> ApiResult<(HashSet<UserId>, HashSet<UserId>)> {
    let entrants = change.tx().players(id).await?;
    let live_teams: HashSet<PlayerId> =
        entrants.iter().filter(|p| !p.removed && matches!(p.kind, PlayerKind::Team { .. })).map(|p| p.id).collect();
    let mut playing: HashSet<UserId> =
        entrants.iter().filter(|p| !p.removed && p.kind == PlayerKind::Single).map(|p| p.user_id).collect();
    playing.extend(
        change
            .tx()
            .members(id)
            .await?
            .iter()
            .filter(|m| !m.removed && m.kind.team().is_some_and(|t| live_teams.contains(&t)))
            .map(|m| m.user_id),
    );
    let captains = entrants.iter().filter(|p| !p.removed).filter_map(|p| p.kind.captain()).collect();
    Ok((playing, captains))
}

/// `team.register`: registers a team (the caller its captain, unless the
/// organisers say otherwise), its players and reserves, in one change.
///
/// # Errors
/// 409 `not_team_event`, `registration_closed`, `lists_locked` (a list given
/// once lists are locked), `team_name_taken`, `already_registered` (a player
/// or the captain already in a team or entered as a single),
/// `faction_taken`; 403 `not_tournament_staff` for a captain named by
/// someone other than the organisers; 422 `invalid_team` (number of players
/// or reserves, a member's fields, an e-mail with no account), `invalid_field`.
pub async fn register(ctx: &Ctx, user: &User, id: TournamentId, input: NewTeam) -> ApiResult<TeamView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let (t, team) = register_in(&mut change, user, id, input).await?;
    let full = team_view(change.tx(), &t, &team, &change.tx().members_of_team(team.id).await?, Some(user)).await?;
    change.commit(ctx).await?;
    Ok(full)
}

/// [`register`] in an open change (a roster registers several teams in
/// one): checks, writes and announces the team; returns the tournament and
/// the team row, without committing.
///
/// # Errors
/// As [`register`].
pub(super) async fn register_in(
    change: &mut Change,
    user: &User,
    id: TournamentId,
    input: NewTeam,
) -> ApiResult<(Tournament, Player)> {
    let name = clean_text("name", &input.name, 64)?;
    let t = crate::service::visible(change.tx(), id, Some(user)).await?;
    let rules = rules_of(&t)?.clone();
    let staff = t.staffed_by(user.id);
    let open = t.status.is_open() || (staff && t.status == TournamentStatus::Draft);
    if !open {
        return Err(ApiError::conflict(
            Code::RegistrationClosed,
            format!("Registration is not open: the tournament is {}.", t.status),
        ));
    }
    let size = rules.size as usize;
    if input.players.len() != size {
        return Err(invalid(format!(
            "A team registers exactly {size} players (one per board or game), then its reserves; {} given.",
            input.players.len()
        )));
    }
    if input.reserves.len() > rules.reserves as usize {
        return Err(invalid(format!(
            "A team registers at most {} reserve(s) in this event; {} given.",
            rules.reserves,
            input.reserves.len()
        )));
    }
    let captain = match input.captain {
        None => Some(user.id),
        Some(None) if staff => None,
        Some(Some(email)) if staff => {
            let email = email.trim().to_lowercase();
            let (account, _) = change.tx().user_by_email(&email).await?.ok_or_else(|| {
                invalid(format!("captain: there is no account with the e-mail {email}; the captain signs up first."))
            })?;
            Some(account.id)
        }
        Some(Some(email)) if email.trim().eq_ignore_ascii_case(&user.email) => Some(user.id),
        Some(_) => {
            return Err(ApiError::forbidden(
                Code::NotTournamentStaff,
                "Only the event's organisers register a team for another captain; leave `captain` out to captain it yourself.",
            ))
        }
    };
    let mut members = Vec::with_capacity(input.players.len() + input.reserves.len());
    let rows = input.players.iter().map(|m| (m, false)).chain(input.reserves.iter().map(|m| (m, true)));
    let (mut regular_no, mut reserve_no) = (0, 0);
    for (m, reserve) in rows {
        let n = if reserve {
            reserve_no += 1;
            reserve_no
        } else {
            regular_no += 1;
            regular_no
        };
        let (mut checked, email) = clean_member(&rules, m, reserve, n)?;
        if let Some(email) = email {
            let (account, _) = change.tx().user_by_email(&email).await?.ok_or_else(|| {
                invalid(format!(
                    "{}: there is no account with the e-mail {email}; leave the e-mail out to register a walk-in, claimed later with a claim code.",
                    checked.name
                ))
            })?;
            checked.account = Some(account);
        }
        members.push(checked);
    }
    if t.lists_locked && members.iter().any(|m| m.list_text.is_some()) {
        return Err(ApiError::conflict(
            Code::ListsLocked,
            "Army lists are locked; register the team without lists and ask the organiser.",
        ));
    }
    check_factions(&rules, &name, members.iter().map(|m| (m.name.as_str(), m.faction.as_str())))?;
    let entrants = change.tx().players(id).await?;
    if let Some(other) = entrants
        .iter()
        .find(|p| !p.removed && matches!(p.kind, PlayerKind::Team { .. }) && p.display_name.eq_ignore_ascii_case(&name))
    {
        return Err(ApiError::conflict(
            Code::TeamNameTaken,
            format!("A team named {} is already registered in this event.", other.display_name),
        ));
    }
    let (playing, captains) = taken_accounts(change, id).await?;
    if let Some(c) = captain.filter(|c| captains.contains(c)) {
        let who = if c == user.id { "You already captain".to_string() } else { "This captain already captains".into() };
        return Err(ApiError::conflict(Code::AlreadyRegistered, format!("{who} a team in this event.")));
    }
    let mut seen = HashSet::new();
    for m in &members {
        let Some(a) = &m.account else { continue };
        if playing.contains(&a.id) {
            return Err(ApiError::conflict(
                Code::AlreadyRegistered,
                format!("{} ({}) already plays in this event.", m.name, a.email),
            ));
        }
        if !seen.insert(a.id) {
            return Err(invalid(format!("{} ({}) is named twice in the team.", m.name, a.email)));
        }
    }
    let team = insert(change, &t, name, captain, members).await?;
    let view = public_view(change.tx(), &t, &team).await?;
    change.emit(EventData::PlayerRegistered { player: views::player(&team, false, false) }).await?;
    change.emit(EventData::TeamChanged { team: view }).await?;
    Ok((t, team))
}

/// Writes the team row (with a placeholder account that cannot sign in)
/// and its members (their accounts, or placeholders).
async fn insert(
    change: &mut Change,
    t: &Tournament,
    name: String,
    captain: Option<UserId>,
    members: Vec<Checked>,
) -> ApiResult<Player> {
    let now = now_millis();
    let placeholder = |display_name: &str, what: &str| User {
        id: UserId::random(),
        email: format!("{what}-{}{WALK_IN_DOMAIN}", uuid::Uuid::new_v4()),
        display_name: display_name.to_string(),
    };
    let team_account = placeholder(&name, "team");
    let mut accounts = vec![team_account.clone()];
    let team = Player {
        id: PlayerId::random(),
        tournament_id: t.id,
        user_id: team_account.id,
        registration_no: change.tx().next_registration_no(t.id).await?,
        display_name: name,
        faction: String::new(),
        list_text: None,
        checked_in: false,
        dropped: false,
        removed: false,
        registered_at: now,
        pairing_no: None,
        profile: PlayerProfile::default(),
        adjustments: Vec::new(),
        kind: PlayerKind::Team { captain },
        waitlist: None,
        payment: None,
    };
    let first = change.tx().next_member_no(t.id).await?;
    let mut rows = vec![team.clone()];
    for ((seat, m), registration_no) in (0u32..).zip(members).zip(first..) {
        let user_id = match &m.account {
            Some(a) => a.id,
            None => {
                let a = placeholder(&m.name, "entry");
                accounts.push(a.clone());
                a.id
            }
        };
        rows.push(Player {
            id: PlayerId::random(),
            tournament_id: t.id,
            user_id,
            registration_no,
            display_name: m.name,
            faction: m.faction,
            list_text: m.list_text,
            checked_in: false,
            dropped: false,
            removed: false,
            registered_at: now,
            pairing_no: None,
            profile: m.profile,
            adjustments: Vec::new(),
            kind: PlayerKind::Member { team: team.id, seat, reserve: m.reserve },
            waitlist: None,
            payment: None,
        });
    }
    // "!" is no password hash: the placeholders cannot sign in; entries are claimed instead.
    change.tx().insert_users(&accounts, "!", now).await?;
    change.tx().insert_players(&rows).await?;
    Ok(team)
}

/// `team.list`: the event's teams in registration order (removed ones only
/// for the staff), with the lists the viewer may read.
///
/// # Errors
/// 404 for an unknown (or unpublished) tournament; 409 `not_team_event`.
pub async fn list(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<Vec<TeamView>> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    rules_of(&t)?;
    let staff = viewer.is_some_and(|u| t.staffed_by(u.id));
    let members = tx.members(id).await?;
    let mut out = Vec::new();
    for team in tx.players(id).await?.iter().filter(|p| matches!(p.kind, PlayerKind::Team { .. })) {
        if staff || !team.removed {
            out.push(team_view(&tx, &t, team, &members, viewer).await?);
        }
    }
    Ok(out)
}

/// `team.get`: one team with its roster.
///
/// # Errors
/// 404 `team_not_found` (a removed team, for anyone but the staff).
pub async fn get(ctx: &Ctx, viewer: Option<&User>, team: PlayerId) -> ApiResult<TeamView> {
    let tx = ctx.store.read().await?;
    let row = load_team(&tx, team).await?;
    let t = crate::service::visible(&tx, row.tournament_id, viewer).await.map_err(|_| super::team_not_found())?;
    if row.removed && !viewer.is_some_and(|u| t.staffed_by(u.id)) {
        return Err(super::team_not_found());
    }
    let members = tx.members_of_team(team).await?;
    team_view(&tx, &t, &row, &members, viewer).await
}

/// Opens a change on `team`'s event, with the team row read under its lock.
async fn open(ctx: &Ctx, user: &User, team: PlayerId) -> ApiResult<(Change, Tournament, Player)> {
    let t_id = load_team(&ctx.store.read().await?, team).await?.tournament_id;
    let change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    let row = load_team(change.tx(), team).await?;
    Ok((change, t, row))
}

/// Saves the team row and announces the team.
async fn save(
    ctx: &Ctx,
    user: &User,
    mut change: Change,
    t: &Tournament,
    row: &Player,
    data: EventData,
) -> ApiResult<TeamView> {
    change.tx().update_player(row).await?;
    change.emit(data).await?;
    let view = public_view(change.tx(), t, row).await?;
    change.emit(EventData::TeamChanged { team: view }).await?;
    let full = team_view(change.tx(), t, row, &change.tx().members_of_team(row.id).await?, Some(user)).await?;
    change.commit(ctx).await?;
    Ok(full)
}

/// `team.checkIn`: the captain (or the staff) checks the team in.
///
/// # Errors
/// 403 `not_team_captain`; 409 `check_in_closed`, `already_checked_in`,
/// `player_dropped`, `player_removed`.
pub async fn check_in(ctx: &Ctx, user: &User, team: PlayerId) -> ApiResult<TeamView> {
    let (change, t, mut row) = open(ctx, user, team).await?;
    require_captain(&t, &row, user, true, "check the team in")?;
    if !matches!(t.status, TournamentStatus::CheckIn | TournamentStatus::InProgress) {
        return Err(ApiError::conflict(
            Code::CheckInClosed,
            format!("Check-in is not open: the tournament is {}.", t.status),
        ));
    }
    if row.removed {
        return Err(ApiError::conflict(
            Code::PlayerRemoved,
            format!("{} was removed from the event.", row.display_name),
        ));
    }
    if row.dropped {
        return Err(ApiError::conflict(Code::PlayerDropped, format!("{} has withdrawn.", row.display_name)));
    }
    if row.checked_in {
        return Err(ApiError::conflict(Code::AlreadyCheckedIn, format!("{} is already checked in.", row.display_name)));
    }
    row.checked_in = true;
    let data = EventData::PlayerCheckedIn { player: views::player(&row, false, false) };
    save(ctx, user, change, &t, &row, data).await
}

/// `team.withdraw`: the captain (or the organisers) withdraws the team: it
/// is not paired again (its games so far stand).
///
/// # Errors
/// 403 `not_team_captain`; 409 `already_dropped`, `wrong_status` once the event is complete.
pub async fn withdraw(ctx: &Ctx, user: &User, team: PlayerId) -> ApiResult<TeamView> {
    let (change, t, mut row) = open(ctx, user, team).await?;
    require_captain(&t, &row, user, false, "withdraw the team")?;
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    if row.dropped {
        return Err(ApiError::conflict(Code::AlreadyDropped, format!("{} has already withdrawn.", row.display_name)));
    }
    row.dropped = true;
    let data = EventData::PlayerDropped { player: views::player(&row, false, false) };
    save(ctx, user, change, &t, &row, data).await
}

/// `team.remove`: the organisers remove a team and its players from the
/// event (its name and its players' accounts are free again).
///
/// # Errors
/// 403 `not_tournament_organiser`; 409 `already_removed`, `wrong_status`.
pub async fn remove(ctx: &Ctx, user: &User, team: PlayerId) -> ApiResult<TeamView> {
    let (change, t, mut row) = open(ctx, user, team).await?;
    crate::service::require_to(&t, user, "remove teams")?;
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    if row.removed {
        return Err(ApiError::conflict(Code::AlreadyRemoved, format!("{} was already removed.", row.display_name)));
    }
    row.dropped = true;
    row.removed = true;
    for mut m in change.tx().members_of_team(row.id).await? {
        m.removed = true;
        change.tx().update_player(&m).await?;
    }
    let data = EventData::PlayerRemoved { player: views::player(&row, false, false) };
    save(ctx, user, change, &t, &row, data).await
}

/// `PUT /api/teams/{id}/members/{player}/list`: a member's list and faction.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MemberList {
    /// The new list (empty clears it).
    pub list_text: String,
    /// A new faction (absent: unchanged); checked against the team's others
    /// when the event has `unique_factions`.
    #[serde(default)]
    pub faction: Option<String>,
}

/// `team.memberList`: the member's own account, the team's captain or the
/// organisers replace a member's list (and faction), until lists are locked
/// (the organisers: until the event is complete).
///
/// # Errors
/// 404 `team_not_found`, `player_not_found` (not this team's member); 403
/// `not_team_captain`; 409 `lists_locked`, `faction_taken`, `wrong_status`;
/// 422 `invalid_field`.
pub async fn member_list(
    ctx: &Ctx,
    user: &User,
    team: PlayerId,
    member: PlayerId,
    input: MemberList,
) -> ApiResult<TeamView> {
    let (mut change, t, row) = open(ctx, user, team).await?;
    let rules = rules_of(&t)?.clone();
    let mut members = change.tx().members_of_team(row.id).await?;
    let Some(i) = members.iter().position(|m| m.id == member) else {
        return Err(crate::service::people::players::player_not_found());
    };
    if members[i].user_id != user.id {
        require_captain(&t, &row, user, false, "change a player's list")?;
    }
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    if t.lists_locked && !t.organised_by(user.id) {
        return Err(ApiError::conflict(Code::ListsLocked, "Army lists are locked; ask the organiser."));
    }
    let list = input.list_text.trim();
    if list.chars().count() > crate::service::people::players::MAX_LIST_CHARS {
        return Err(crate::service::invalid_field(
            "list_text",
            "refusal-field-too-long",
            [("max", crate::error::Fill::from(&crate::service::people::players::MAX_LIST_CHARS))],
        ));
    }
    members[i].list_text = (!list.is_empty()).then(|| input.list_text.replace("\r\n", "\n"));
    if let Some(f) = &input.faction {
        members[i].faction = if f.trim().is_empty() && rules.format != TeamFormat::Wh40k {
            String::new()
        } else {
            clean_text("faction", f, 64)?
        };
        let live = members.iter().filter(|m| !m.removed);
        check_factions(&rules, &row.display_name, live.map(|m| (m.display_name.as_str(), m.faction.as_str())))?;
    }
    change.tx().update_player(&members[i]).await?;
    change.emit(EventData::ListUpdated { player: views::player(&members[i], false, false) }).await?;
    let view = public_view(change.tx(), &t, &row).await?;
    change.emit(EventData::TeamChanged { team: view }).await?;
    let full = team_view(change.tx(), &t, &row, &members, Some(user)).await?;
    change.commit(ctx).await?;
    Ok(full)
}
