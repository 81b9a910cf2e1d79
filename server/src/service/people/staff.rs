//! An event's staff: the owner invites co-organisers (every organiser right
//! but managing the staff) and judges (results, disputes, overrides,
//! check-in; no settings, no pairing, no prizes) by a one-time link, lists
//! them, and removes them. Roles live with the event
//! ([`crate::domain::Tournament::staff`]), read on every request: a removal
//! takes effect at the member's next request.

use crate::bus::FieldChange;
use crate::domain::{now_millis, Staff, StaffRole, TournamentId, User, UserId};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::log::Subject;
use crate::service::{load_tournament, require_judge, require_owner, Change, Ctx};
use arbiter_web::views::sets::EventRole;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// One member, as the dashboard lists them.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct StaffView {
    /// The member's account.
    pub user_id: UserId,
    /// `OWNER`, `CO_ORGANISER` or `JUDGE`.
    pub role: EventRole,
    /// Their name.
    pub name: String,
    /// When they joined (Unix ms; the event's creation for the owner).
    pub added_at: i64,
}

/// `POST …/staff/invites`: the role the invitation gives.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InviteInput {
    /// `CO_ORGANISER` or `JUDGE`.
    #[schema(value_type = String)]
    pub role: StaffRole,
}

/// An invitation, as the owner hands it over.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct InviteView {
    /// The one-time code (`ABCD-EFGH`).
    pub code: String,
    /// The page that accepts it (`/staff/ABCD-EFGH`).
    pub path: String,
    /// The role it gives.
    pub role: EventRole,
}

/// What an invitation offers (the page shows it before the person accepts).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct InviteInfo {
    /// The event's id.
    pub tournament_id: TournamentId,
    /// The event's name.
    pub tournament_name: String,
    /// The role offered: `CO_ORGANISER` or `JUDGE`.
    pub role: EventRole,
}

/// `staff.invite`: the owner makes a one-time invitation for `role`.
///
/// # Errors
/// 403 `not_owner` for anyone but the owner.
pub async fn invite(ctx: &Ctx, user: &User, id: TournamentId, input: InviteInput) -> ApiResult<InviteView> {
    let change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_owner(&t, user, "invite staff")?;
    let code = crate::service::people::codes::fresh();
    change.tx().put_staff_invite(&crate::service::people::codes::hash(&code), id, input.role, user.id).await?;
    let role = FieldChange::changed([("role", Value::Null, json!(input.role.as_str()))]);
    change.note("staff_invited", Subject::default(), &role).await?;
    change.commit(ctx).await?;
    Ok(InviteView { path: format!("/staff/{code}"), code, role: input.role.into() })
}

/// Days a staff invitation stays valid: it can make someone a co-organiser.
pub const INVITE_DAYS: i64 = 7;

/// Invitations made at or after this moment (ms) are live.
fn invites_since() -> i64 {
    now_millis() - INVITE_DAYS * 86_400_000
}

/// What invitation `code` offers (made less than [`INVITE_DAYS`] ago, not used).
///
/// # Errors
/// 404 `invite_not_found` for an unknown, used or expired code.
pub async fn invite_info(ctx: &Ctx, code: &str) -> ApiResult<InviteInfo> {
    let tx = ctx.store.read().await?;
    let (id, role) = tx
        .staff_invite(&crate::service::people::codes::hash(code), invites_since())
        .await?
        .ok_or_else(invite_not_found)?;
    let t = load_tournament(&tx, id).await?;
    Ok(InviteInfo { tournament_id: t.id, tournament_name: t.name, role: role.into() })
}

fn invite_not_found() -> ApiError {
    ApiError::not_found(
        Code::InviteNotFound,
        "This invitation is unknown, already used or expired (after 7 days): ask the organiser for a new one.",
    )
}

/// `staff.accept`: the signed-in person joins the staff with the
/// invitation's role (a member invited again takes the new role).
///
/// # Errors
/// 404 `invite_not_found`; 409 `already_staff` for the owner.
pub async fn accept(ctx: &Ctx, user: &User, code: &str) -> ApiResult<StaffView> {
    let info = invite_info(ctx, code).await?;
    let change = Change::begin(ctx, info.tournament_id, user).await?;
    let mut t = change.tournament().clone();
    let Some((_, role)) = change.tx().staff_invite(&crate::service::people::codes::hash(code), invites_since()).await?
    else {
        return Err(invite_not_found());
    };
    if t.owner_id == user.id {
        return Err(ApiError::conflict(Code::AlreadyStaff, "You own this event: you have every right already."));
    }
    change.tx().delete_staff_invite(&crate::service::people::codes::hash(code)).await?;
    let was = t.staff_role(user.id).map_or(Value::Null, |r| json!(r.as_str()));
    let roles = FieldChange::changed([("role", was, json!(role.as_str()))]);
    change.note("staff_joined", Subject::named(&user.display_name), &roles).await?;
    t.staff.retain(|s| s.user_id != user.id);
    let member = Staff { user_id: user.id, role, name: user.display_name.clone(), added_at: now_millis() };
    t.staff.push(member.clone());
    change.tx().update_tournament(&t).await?;
    change.commit(ctx).await?;
    tracing::info!(tournament = %t.id, user = %user.id, role = %role, "staff joined");
    Ok(view(&member))
}

fn view(s: &Staff) -> StaffView {
    StaffView { user_id: s.user_id, role: s.role.into(), name: s.name.clone(), added_at: s.added_at }
}

/// `staff.list`: the owner, then the members in the order they joined (any member may read it).
///
/// # Errors
/// 403 `not_tournament_staff` for anyone else.
pub async fn list(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<Vec<StaffView>> {
    let tx = ctx.store.read().await?;
    let t = load_tournament(&tx, id).await?;
    require_judge(&t, user, "see the staff")?;
    let owner = tx.user(t.owner_id).await?.map(|u| u.display_name).unwrap_or_default();
    let mut out = vec![StaffView { user_id: t.owner_id, role: EventRole::Owner, name: owner, added_at: 0 }];
    out.extend(t.staff.iter().map(view));
    Ok(out)
}

/// `staff.remove`: the owner removes a member; their rights end with their next request.
///
/// # Errors
/// 403 `not_owner`; 404 `staff_not_found` for an account not on the staff.
pub async fn remove(ctx: &Ctx, user: &User, id: TournamentId, member: UserId) -> ApiResult<()> {
    let change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_owner(&t, user, "remove staff")?;
    let Some(gone) = t.staff.iter().find(|s| s.user_id == member).cloned() else {
        return Err(ApiError::not_found(Code::StaffNotFound, "This account is not on the event's staff."));
    };
    t.staff.retain(|s| s.user_id != member);
    let roles = FieldChange::changed([("role", json!(gone.role.as_str()), Value::Null)]);
    change.note("staff_removed", Subject::named(&gone.name), &roles).await?;
    change.tx().update_tournament(&t).await?;
    change.commit(ctx).await?;
    Ok(())
}

/// `user`'s role in event `id`: `OWNER`, `CO_ORGANISER`, `JUDGE`, or `None`.
///
/// # Errors
/// 404 for an unknown tournament; 503 when the database is down.
pub async fn role_in(ctx: &Ctx, id: TournamentId, user: Option<&User>) -> ApiResult<Option<EventRole>> {
    let Some(u) = user else { return Ok(None) };
    let tx = ctx.store.read().await?;
    let t = load_tournament(&tx, id).await?;
    Ok(if t.owner_id == u.id { Some(EventRole::Owner) } else { t.staff_role(u.id).map(EventRole::from) })
}

impl From<StaffRole> for EventRole {
    fn from(r: StaffRole) -> EventRole {
        match r {
            StaffRole::CoOrganiser => EventRole::CoOrganiser,
            StaffRole::Judge => EventRole::Judge,
        }
    }
}
