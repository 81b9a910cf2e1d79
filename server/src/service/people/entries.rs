//! Entries without accounts: the organiser adds a player by name (a walk-in
//! at the desk, a late entry), and the player later takes the entry over
//! with a one-time claim code.
//!
//! - An entry is a registration whose account is a placeholder that cannot
//!   sign in (its e-mail ends in [`WALK_IN_DOMAIN`]; a TRF import makes the
//!   same kind, in `import.invalid`). Until it is claimed the organiser
//!   enters that player's results (an override).
//! - A late entry joins a running Swiss after rounds were paired. The rounds
//!   missed count as the rules say: in chess a zero-point bye each (FIDE
//!   C.04.2, late entries), unless the organiser grants half-point byes; in
//!   40K and crokinole the organiser chooses, for the rounds missed, a loss
//!   each (0 VP or points, no opponent), the bye (a 40K win with 0 VP;
//!   crokinole's bye points) or nothing (the rounds are not played). A round robin's table is drawn at round 1: nobody
//!   joins it after.
//! - A claim code is eight letters and digits (no 0/O, 1/I), shown as
//!   `ABCD-EFGH`, stored only as its SHA-256; a new code replaces the old
//!   one, and claiming removes it. The claimer's account takes the entry
//!   (and its rated games: the game system is re-rated).

use crate::bus::{Cause, EventData, StandingsCause};
use crate::domain::{
    now_millis, ByeKind, Game, MatchResult, Pairing, PairingState, Player, PlayerId, PlayerKind, PlayerProfile, Round,
    RoundStatus, TournamentId, TournamentStatus, User, UserId,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::views::{self, PlayerView};
use crate::service::{clean_text, load_tournament, require_to, Change, Ctx};
use serde::{Deserialize, Serialize};

/// The e-mail domain of an entry's placeholder account (RFC 2606: never delivered).
pub const WALK_IN_DOMAIN: &str = "@walk-in.invalid";

/// How the rounds a late entry missed count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Missed {
    /// Chess: a zero-point bye each (the rule's default).
    Zero,
    /// Chess: a half-point bye each, granted by the organiser.
    Half,
    /// 40K and crokinole: the bye (a win with 0 VP; crokinole's bye points).
    Bye,
    /// 40K and crokinole: nothing; the rounds were not played.
    Absent,
    /// 40K and crokinole: a loss each (0 VP or points, no opponent), in the
    /// record; in 40K also in the player's win rate, and so in their
    /// opponents' SOS.
    Loss,
}

/// How a late entry's missed rounds count: one choice for all of them, or
/// one per round paired, in round order.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum MissedRounds {
    /// The same for every missed round.
    All(Missed),
    /// One per missed round, round 1 first.
    EachRound(Vec<Missed>),
}

/// `POST /api/tournaments/{id}/entries`: a player added by the organiser.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEntry {
    /// Name on the pairings board (1–64 characters).
    pub display_name: String,
    /// Faction (40K), or anything the event shows beside the name; optional.
    #[serde(default)]
    pub faction: Option<String>,
    /// Rating, title, federation, club, birth date… (as a registration's).
    #[serde(default)]
    pub profile: Option<PlayerProfile>,
    /// How the rounds already paired count (late entries only): one choice
    /// for all, or a list with one per round paired; chess defaults to
    /// `zero`, 40K and crokinole must say.
    #[serde(default)]
    pub missed: Option<MissedRounds>,
    /// Let the player in although the section's rules (rating band, age)
    /// keep them out; recorded in the action log.
    #[serde(default)]
    pub override_eligibility: bool,
}

/// An entry added: the registration, and the rounds it missed.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct AddedEntry {
    /// The registration (checked in when the event is at check-in or running).
    pub player: PlayerView,
    /// The rounds already paired when the entry was added, and how they count.
    pub missed_rounds: Vec<u32>,
    /// How the missed rounds count: one choice, or one per round when they
    /// differ (`null` when none were missed).
    pub missed: Option<MissedRounds>,
}

/// A claim code, as the organiser hands it to the player.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ClaimCodeView {
    /// The code, `ABCD-EFGH`.
    pub code: String,
    /// The page that claims it (`/claim/ABCD-EFGH`), to open on the player's phone.
    pub path: String,
    /// The entry it hands over.
    pub player: PlayerView,
}

/// What a claim code hands over (the claim page shows it before the player confirms).
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ClaimInfo {
    /// The entry.
    pub player: PlayerView,
    /// The event's id.
    pub tournament_id: TournamentId,
    /// The event's name.
    pub tournament_name: String,
}

/// Whether `email` is a placeholder account's (an entry not claimed yet).
#[must_use]
pub fn unclaimed(email: &str) -> bool {
    email.ends_with(WALK_IN_DOMAIN) || email.ends_with("@import.invalid")
}

/// `entry.add`: the organiser adds a player by name (DRAFT to IN_PROGRESS).
///
/// # Errors
/// 403 for anyone but the TO; 409 `wrong_status` once the event is complete;
/// 409 `late_entry_closed` in a round robin already drawn; 422 for a bad
/// name, profile, or a missed-round choice the game does not have (or none
/// given in 40K and crokinole when rounds were missed); 403 `not_eligible`
/// when the section's rules keep the player out and the organiser did not
/// override them.
pub async fn add(ctx: &Ctx, user: &User, id: TournamentId, input: NewEntry) -> ApiResult<AddedEntry> {
    let display_name = clean_text("display_name", &input.display_name, 64)?;
    let faction = match input.faction.as_deref().map(str::trim) {
        None | Some("") => String::new(),
        Some(f) => clean_text("faction", f, 64)?,
    };
    let profile = crate::service::people::profile::clean(input.profile.unwrap_or_default())?;
    let mut change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "add players")?;
    crate::service::require_singles(&t)?;
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    let paired: Vec<_> =
        change.tx().rounds(id).await?.into_iter().filter(|r| r.status != RoundStatus::Pending).collect();
    if !paired.is_empty() && t.pairing_system.is_round_robin() {
        return Err(ApiError::conflict(
            Code::LateEntryClosed,
            "A round robin's table is drawn when round 1 is paired: no entry can join it now.",
        ));
    }
    let choices = missed_choices(&paired, input.missed, t.game)?;
    let now = now_millis();
    let p = insert_entry(&mut change, &t, display_name, faction, profile, input.override_eligibility).await?;
    let rows: Vec<Pairing> = paired
        .iter()
        .zip(&choices)
        .filter_map(|(r, missed)| {
            let result = match missed {
                Missed::Zero | Missed::Loss => ByeKind::Zero.result(),
                Missed::Half => ByeKind::Half.result(),
                Missed::Bye => MatchResult::Bye,
                Missed::Absent => return None,
            };
            let mut row = Pairing::unreported(r, 0, p.id, None, now);
            if result == MatchResult::Bye && t.game == Game::Wh40k {
                row.score = Some(crate::domain::GameScore::Wh40k { player1_vp: 0, player2_vp: 0 });
            }
            row.result = Some(result);
            row.state = PairingState::Confirmed;
            row.reported_at = Some(now);
            row.override_note = Some("Late entry: a round missed.".into());
            Some(row)
        })
        .collect();
    if !rows.is_empty() {
        change.tx().insert_pairings(&rows).await?;
        let cause = StandingsCause::of(Cause::LateEntry);
        crate::service::standings::publish(&mut change, &mut t, cause).await?;
    }
    change.commit(ctx).await?;
    let missed = match choices.as_slice() {
        [] => None,
        [first, rest @ ..] if rest.iter().all(|m| m == first) => Some(MissedRounds::All(*first)),
        _ => Some(MissedRounds::EachRound(choices.clone())),
    };
    Ok(AddedEntry {
        player: views::player(&p, true, true),
        missed_rounds: paired.iter().map(|r| r.number).collect(),
        missed,
    })
}

/// How each of the `paired` rounds counts for a late entry: the
/// organiser's choice (one for all, or one per round), chess's zero-point
/// byes by default (FIDE C.04.2).
///
/// # Errors
/// 422 `invalid_field`: no choice in 40K or crokinole, a list of the wrong
/// length, or a choice the game does not have.
fn missed_choices(paired: &[Round], given: Option<MissedRounds>, game: Game) -> ApiResult<Vec<Missed>> {
    let rounds = || paired.iter().map(|r| r.number.to_string()).collect::<Vec<_>>().join(", ");
    let choices = match given {
        _ if paired.is_empty() => return Ok(Vec::new()),
        None if crate::game::system(game).missed_rounds_are_byes() => vec![Missed::Zero; paired.len()],
        None => {
            return Err(ApiError::invalid(
                Code::InvalidField,
                format!(
                    "missed: round(s) {} are already paired; say how they count for this entry: \"loss\", \"bye\" or \"absent\" (one for all, or a list with one per round).",
                    rounds()
                ),
            ))
        }
        Some(MissedRounds::All(m)) => vec![m; paired.len()],
        Some(MissedRounds::EachRound(v)) if v.len() == paired.len() => v,
        Some(MissedRounds::EachRound(v)) => {
            return Err(ApiError::invalid(
                Code::InvalidField,
                format!(
                    "missed: {} choice(s) for {} round(s) paired ({}): give one per round, or one for all.",
                    v.len(),
                    paired.len(),
                    rounds()
                ),
            ))
        }
    };
    for m in &choices {
        let fits = if crate::game::system(game).missed_rounds_are_byes() {
            matches!(m, Missed::Zero | Missed::Half)
        } else {
            matches!(m, Missed::Bye | Missed::Absent | Missed::Loss)
        };
        if !fits {
            let allowed = if crate::game::system(game).missed_rounds_are_byes() {
                "\"zero\" or \"half\""
            } else {
                "\"loss\", \"bye\" or \"absent\""
            };
            return Err(ApiError::invalid(
                Code::InvalidField,
                format!("missed: {m:?} is not how missed rounds count in {}; use {allowed}.", game.as_str()),
            ));
        }
    }
    Ok(choices)
}

/// Registers an entry (a placeholder account that cannot sign in, and its
/// registration: checked in when the event is at check-in or running) and
/// announces it, inside `change`.
async fn insert_entry(
    change: &mut Change,
    t: &crate::domain::Tournament,
    display_name: String,
    faction: String,
    profile: PlayerProfile,
    override_eligibility: bool,
) -> ApiResult<Player> {
    let now = now_millis();
    let account = User {
        id: UserId::random(),
        email: format!("entry-{}{WALK_IN_DOMAIN}", uuid::Uuid::new_v4()),
        display_name: display_name.clone(),
    };
    let eligibility = crate::service::people::eligibility::check_organiser_entry;
    eligibility(change, t, &display_name, &profile, &account, override_eligibility).await?;
    let waitlist = crate::service::people::waitlist::place(change, t).await?;
    // "!" is no password hash: the account cannot sign in; the entry is claimed instead.
    change.tx().insert_user(&account, "!", now).await?;
    let p = Player {
        id: PlayerId::random(),
        tournament_id: t.id,
        user_id: account.id,
        registration_no: change.tx().next_registration_no(t.id).await?,
        display_name,
        faction,
        list_text: None,
        checked_in: waitlist.is_none() && matches!(t.status, TournamentStatus::CheckIn | TournamentStatus::InProgress),
        dropped: false,
        removed: false,
        registered_at: now,
        pairing_no: None,
        profile,
        adjustments: Vec::new(),
        kind: crate::domain::PlayerKind::Single,
        waitlist,
        payment: None,
    };
    change.tx().insert_player(&p).await?;
    crate::service::people::waitlist::announce(change, &p).await?;
    Ok(p)
}

/// The roster CSV's columns (any order, case-insensitive; `name` required).
pub const ROSTER_COLUMNS: [&str; 11] =
    ["name", "faction", "rating", "title", "federation", "fide_id", "club", "birth_date", "sex", "city", "state"];

/// One roster line as read.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RosterRow {
    /// Its row in the file (the header is row 1).
    pub row: u64,
    /// The name.
    pub display_name: String,
    /// The faction (may be empty).
    pub faction: String,
    /// Rating, title, federation…
    #[schema(value_type = Object)]
    pub profile: PlayerProfile,
    /// A team event's roster: the member's team (absent for singles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// A team event's roster: whether this member captains the team.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub captain: bool,
    /// A team event's roster: whether this member is a reserve.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub reserve: bool,
}

/// Refuses a roster with `problems`, naming the first (row, column, why)
/// and giving every one in `details`; nothing is added.
///
/// # Errors
/// 422 `invalid_csv` when `problems` is not empty.
pub fn refuse_problems(problems: &[RosterProblem]) -> ApiResult<()> {
    let Some(first) = problems.first() else { return Ok(()) };
    Err(ApiError::invalid(
        Code::InvalidCsv,
        format!(
            "Row {}, column {}: {} ({} problem(s) in all; nothing was added.)",
            first.row,
            first.column,
            first.message,
            problems.len()
        ),
    )
    .with_details(serde_json::to_value(problems).unwrap_or_default()))
}

/// A cell the roster cannot take.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RosterProblem {
    /// The row (the header is row 1).
    pub row: u64,
    /// The column.
    pub column: String,
    /// What is wrong, in words.
    pub message: String,
}

/// A roster read (a preview), or imported.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct RosterReport {
    /// Every line read, in file order.
    pub rows: Vec<RosterRow>,
    /// Every cell that cannot be taken; an import with any is refused whole.
    pub problems: Vec<RosterProblem>,
    /// The entries added (empty for a preview), in registration order.
    pub added: Vec<PlayerView>,
    /// With `order=shuffle`: the seed of the draw that gave the
    /// registration numbers (the same seed and file give the same numbers).
    pub shuffle_seed: Option<u32>,
    /// A team event's roster: the teams registered (empty for a preview
    /// and for singles), in the file's order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<arbiter_web::views::teams::TeamView>,
}

/// A roster file's header row, lower-cased.
///
/// # Errors
/// 422 `invalid_csv` when it cannot be read.
pub(crate) fn csv_header(reader: &mut csv::Reader<&[u8]>) -> ApiResult<Vec<String>> {
    Ok(reader
        .headers()
        .map_err(|e| ApiError::invalid(Code::InvalidCsv, format!("Row 1 (the header) cannot be read: {e}.")))?
        .iter()
        .map(str::to_lowercase)
        .collect())
}

/// Reads a roster: a header row naming [`ROSTER_COLUMNS`], then one player
/// per row; each cell checked as a registration's field is.
///
/// # Errors
/// 422 `invalid_csv` for a file too large or not CSV, an unknown or
/// repeated column, or no `name` column.
pub(crate) fn read_roster(text: &str) -> ApiResult<(Vec<RosterRow>, Vec<RosterProblem>)> {
    let csv_error = |m: String| ApiError::invalid(Code::InvalidCsv, m);
    if text.len() > crate::service::MAX_CSV_BYTES {
        return Err(csv_error(format!("The roster is larger than {} KB.", crate::service::MAX_CSV_BYTES / 1024)));
    }
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).flexible(false).from_reader(text.as_bytes());
    let header = csv_header(&mut reader)?;
    for (i, h) in header.iter().enumerate() {
        if !ROSTER_COLUMNS.contains(&h.as_str()) {
            return Err(csv_error(format!(
                "Row 1, column {}: `{h}` is not a roster column (use {}).",
                i + 1,
                ROSTER_COLUMNS.join(", ")
            )));
        }
        if header[..i].contains(h) {
            return Err(csv_error(format!("Row 1, column {}: `{h}` is given twice.", i + 1)));
        }
    }
    if !header.iter().any(|h| h == "name") {
        return Err(csv_error("Row 1: the roster needs a `name` column.".into()));
    }
    let (mut rows, mut problems) = (Vec::new(), Vec::new());
    let mut names: Vec<String> = Vec::new();
    for (k, record) in reader.records().enumerate() {
        let row = u64::try_from(k).unwrap_or(0) + 2;
        let record = record.map_err(|e| csv_error(format!("Row {row} cannot be read: {e}.")))?;
        let cell = |c: &str| header.iter().position(|h| h == c).and_then(|i| record.get(i)).unwrap_or_default();
        let mut problem = |column: &str, e: ApiError| {
            problems.push(RosterProblem { row, column: column.into(), message: e.message().to_string() });
        };
        let display_name = match clean_text("display_name", cell("name"), 64) {
            Ok(n) => n,
            Err(e) => {
                problem("name", e);
                String::new()
            }
        };
        if !display_name.is_empty() && names.iter().any(|n| n.eq_ignore_ascii_case(&display_name)) {
            problem("name", ApiError::invalid(Code::InvalidCsv, format!("{display_name} is on the roster twice.")));
        }
        names.push(display_name.clone());
        let faction = if cell("faction").is_empty() {
            String::new()
        } else {
            clean_text("faction", cell("faction"), 64).unwrap_or_else(|e| {
                problem("faction", e);
                String::new()
            })
        };
        // Each profile cell is checked alone, so a problem names its column.
        let mut profile = PlayerProfile::default();
        for column in ["rating", "title", "federation", "fide_id", "club", "birth_date", "sex", "city", "state"] {
            let v = cell(column);
            if v.is_empty() {
                continue;
            }
            let mut one = PlayerProfile::default();
            let text = Some(v.to_string());
            let parsed = match column {
                "rating" => v
                    .parse()
                    .map(|r| one.rating = Some(r))
                    .map_err(|_| format!("`{v}` is not a rating (a whole number).")),
                "birth_date" => chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d")
                    .map(|d| one.birth_date = Some(d))
                    .map_err(|_| format!("`{v}` is not a date (YYYY-MM-DD).")),
                _ => {
                    match column {
                        "title" => one.title = text,
                        "federation" => one.federation = text,
                        "fide_id" => one.fide_id = text,
                        "club" => one.club = text,
                        "sex" => one.sex = text,
                        "city" => one.city = text,
                        _ => one.state = text,
                    }
                    Ok(())
                }
            };
            match parsed
                .map_err(|m| ApiError::invalid(Code::InvalidCsv, m))
                .and_then(|()| crate::service::people::profile::clean(one))
            {
                Ok(ok) => merge(&mut profile, ok),
                Err(e) => problem(column, e),
            }
        }
        rows.push(RosterRow { row, display_name, faction, profile, team: None, captain: false, reserve: false });
    }
    Ok((rows, problems))
}

/// `into` with every field `from` sets.
fn merge(into: &mut PlayerProfile, from: PlayerProfile) {
    into.rating = into.rating.or(from.rating);
    into.title = into.title.take().or(from.title);
    into.federation = into.federation.take().or(from.federation);
    into.fide_id = into.fide_id.take().or(from.fide_id);
    into.club = into.club.take().or(from.club);
    into.birth_date = into.birth_date.or(from.birth_date);
    into.sex = into.sex.take().or(from.sex);
    into.city = into.city.take().or(from.city);
    into.state = into.state.take().or(from.state);
}

/// How a roster is read ([`roster`]).
#[derive(Clone, Copy, Debug)]
pub struct RosterImport {
    /// Read and report only.
    pub preview: bool,
    /// Registration numbers by a draw with this seed (`None`: the file's order).
    pub shuffle: Option<u32>,
    /// The most rows one import takes (the server's `--import-max-players`).
    pub max_players: u32,
    /// Let in rows the section's rules keep out (each logged).
    pub override_eligibility: bool,
}

/// `entry.roster`: the organiser's starting list from a spreadsheet (CSV,
/// header row, named columns): `preview` reads it and says, row by row and
/// column by column, what cannot be taken; otherwise every row becomes an
/// entry at once (all or nothing), before round 1 is paired (later players
/// are late entries, added one by one with their missed rounds).
/// Registration numbers follow the file's row order, or with `shuffle`
/// (a seed) a random draw of it, the seed reported and recorded. (A team
/// event's roster, which names each member's team, is `teams::roster`'s.)
///
/// # Errors
/// 403 for anyone but the organisers; 422 `invalid_csv` for an unreadable
/// file, or (importing) any problem (`details`: every problem); 409
/// `late_entry_closed` once a round is paired, `wrong_status` once complete.
pub async fn roster(
    ctx: &Ctx,
    user: &User,
    id: TournamentId,
    text: &str,
    how: RosterImport,
) -> ApiResult<RosterReport> {
    let RosterImport { preview, shuffle, max_players, override_eligibility } = how;
    let (rows, problems) = read_roster(text)?;
    // Refused before the write lock is taken: the import is one transaction.
    if rows.len() > max_players as usize {
        return Err(ApiError::invalid(
            Code::InvalidCsv,
            format!(
                "The roster has {} players; one import adds at most {max_players} (the server's --import-max-players). Nothing was added.",
                rows.len()
            ),
        ));
    }
    let mut change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "import a roster")?;
    crate::service::require_singles(&t)?;
    if preview {
        return Ok(RosterReport { rows, problems, added: Vec::new(), shuffle_seed: None, teams: Vec::new() });
    }
    refuse_problems(&problems)?;
    ineligible_rows(&change, &t, &rows, override_eligibility).await?;
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    if change.tx().rounds(id).await?.iter().any(|r| r.status != RoundStatus::Pending) {
        return Err(ApiError::conflict(
            Code::LateEntryClosed,
            "A roster is the starting list, imported before round 1 is paired; add late entries one by one.",
        ));
    }
    // One registration number read, then counted on; the rows written a few
    // hundred per statement; one event for the whole roster (2,000 rows: one
    // transaction of a few dozen statements, not 2,000 × 4).
    let first = change.tx().next_registration_no(id).await?;
    // The order registration numbers are given in: the file's, or its draw.
    let mut order: Vec<&RosterRow> = rows.iter().collect();
    if let Some(seed) = shuffle {
        crate::domain::seeded_shuffle(&mut order, seed);
    }
    let now = now_millis();
    let checked_in = matches!(t.status, TournamentStatus::CheckIn | TournamentStatus::InProgress);
    let accounts: Vec<User> = order
        .iter()
        .map(|r| User {
            id: UserId::random(),
            email: format!("entry-{}{WALK_IN_DOMAIN}", uuid::Uuid::new_v4()),
            display_name: r.display_name.clone(),
        })
        .collect();
    let places = crate::service::people::waitlist::places_for(&change, &t, order.len()).await?;
    let players: Vec<Player> = order
        .iter()
        .zip(&accounts)
        .zip(first..)
        .zip(places)
        .map(|(((r, account), registration_no), waitlist)| Player {
            id: PlayerId::random(),
            tournament_id: t.id,
            user_id: account.id,
            registration_no,
            display_name: r.display_name.clone(),
            faction: r.faction.clone(),
            list_text: None,
            checked_in: checked_in && waitlist.is_none(),
            dropped: false,
            removed: false,
            registered_at: now,
            pairing_no: None,
            profile: r.profile.clone(),
            adjustments: Vec::new(),
            kind: crate::domain::PlayerKind::Single,
            waitlist,
            payment: None,
        })
        .collect();
    // "!" is no password hash: the accounts cannot sign in; the entries are claimed instead.
    change.tx().insert_users(&accounts, "!", now).await?;
    change.tx().insert_players(&players).await?;
    let registered = change.tx().players(id).await?.iter().filter(|p| !p.removed).count();
    change
        .emit(EventData::RosterImported {
            tournament: views::tournament(&t, registered),
            imported: players.len(),
            shuffle_seed: shuffle,
        })
        .await?;
    crate::service::people::waitlist::announce_joined(&mut change, id).await?;
    change.commit(ctx).await?;
    let added = players.iter().map(|p| views::player(p, true, true)).collect();
    Ok(RosterReport { rows, problems, added, shuffle_seed: shuffle, teams: Vec::new() })
}

/// Refuses a roster with rows the section's rules keep out (each entry is
/// an unclaimed account, so a band on the server's own rating reads them
/// unrated), naming the first (its row in the name) and giving every one
/// in `details`; with `override_eligibility` they come in, each logged.
///
/// # Errors
/// 403 `not_eligible`; 503 when the database is down.
async fn ineligible_rows(
    change: &Change,
    t: &crate::domain::Tournament,
    rows: &[RosterRow],
    over: bool,
) -> ApiResult<()> {
    use crate::service::people::eligibility::{assess, overridden, Way};
    if t.eligibility.is_open() {
        return Ok(());
    }
    let arbiter =
        t.eligibility.rating.as_ref().is_some_and(|b| b.source == crate::domain::eligibility::RatingSource::Arbiter);
    let mut refused: Vec<(RosterProblem, ApiError)> = Vec::new();
    for r in rows {
        let rating = if arbiter { None } else { r.profile.rating };
        let named = format!("{} (row {})", r.display_name, r.row);
        if let Err(e) = assess(t, &named, &r.profile, rating, None, Way::Organiser) {
            let problem = RosterProblem { row: r.row, column: "eligibility".into(), message: e.message().to_string() };
            refused.push((problem, e));
        }
    }
    if over {
        for (problem, e) in &refused {
            let name = rows.iter().find(|r| r.row == problem.row).map_or("", |r| r.display_name.as_str());
            overridden(change, name, e).await?;
        }
        return Ok(());
    }
    let details = serde_json::to_value(refused.iter().map(|(p, _)| p).collect::<Vec<_>>()).unwrap_or_default();
    match refused.into_iter().next() {
        Some((_, first)) => Err(first.with_details(details)),
        None => Ok(()),
    }
}

/// `entry.list`: the event's entries no player has claimed yet (walk-ins,
/// roster lines, TRF imports), in registration order (TO only).
///
/// # Errors
/// 403 for anyone but the TO; 404 for an unknown tournament.
pub async fn unclaimed_entries(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<Vec<PlayerView>> {
    let tx = ctx.store.read().await?;
    let t = load_tournament(&tx, id).await?;
    require_to(&t, user, "see the entries")?;
    let mut out = Vec::new();
    // A team's row has a placeholder account too, but is never claimed: its players are (with the members).
    let teams_players = tx.members(id).await?;
    let rows = tx.players(id).await?.into_iter().filter(|p| p.kind == PlayerKind::Single).chain(teams_players);
    for p in rows.filter(|p| !p.removed).collect::<Vec<_>>().iter() {
        if tx.user(p.user_id).await?.is_some_and(|a| unclaimed(&a.email)) {
            out.push(views::player(p, true, true));
        }
    }
    Ok(out)
}

/// `entry.claimCode`: the organiser issues a one-time code for an entry not
/// claimed yet (a new code replaces the last one); for a team's player, the
/// team's captain may issue it too. A team itself is not claimed.
///
/// # Errors
/// 403 for anyone but the TO (or the member's captain); 404 for an unknown
/// player; 409 `already_claimed` for a registration that has its player's
/// account; 422 `invalid_team` for a team's own row.
pub async fn claim_code(ctx: &Ctx, user: &User, player: PlayerId) -> ApiResult<ClaimCodeView> {
    let t_id = ctx
        .store
        .read()
        .await?
        .player(player)
        .await?
        .ok_or_else(crate::service::people::players::player_not_found)?
        .tournament_id;
    let change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    let p = change.tx().player(player).await?.ok_or_else(crate::service::people::players::player_not_found)?;
    let captain = match p.kind {
        PlayerKind::Member { team, .. } => change.tx().player(team).await?.and_then(|team| team.kind.captain()),
        PlayerKind::Team { .. } => {
            return Err(ApiError::invalid(
                Code::InvalidTeam,
                format!("{} is a team: its players are claimed one by one, not the team.", p.display_name),
            ))
        }
        PlayerKind::Single => None,
    };
    if captain != Some(user.id) {
        require_to(&t, user, "hand entries over")?;
    }
    let account = change.tx().user(p.user_id).await?;
    if !account.as_ref().is_some_and(|a| unclaimed(&a.email)) {
        return Err(ApiError::conflict(
            Code::AlreadyClaimed,
            format!("{} registered with their own account: there is nothing to claim.", p.display_name),
        ));
    }
    let code = crate::service::people::codes::fresh();
    change.tx().put_claim_code(p.id, t_id, &crate::service::people::codes::hash(&code)).await?;
    change.note("claim_code_issued", crate::service::log::Subject::named(&p.display_name), &[]).await?;
    change.commit(ctx).await?;
    Ok(ClaimCodeView { path: format!("/claim/{code}"), code, player: views::player(&p, false, false) })
}

/// Claim codes issued at or after this moment (ms) are live: `ctx.claim_code_days` ago.
fn claim_codes_since(ctx: &Ctx) -> i64 {
    now_millis() - i64::from(ctx.claim_code_days) * 86_400_000
}

/// What `code` hands over, if it is live (issued less than
/// `ctx.claim_code_days` ago, not used, not replaced).
///
/// # Errors
/// 404 `claim_not_found` for an unknown, used, expired or replaced code.
pub async fn info(ctx: &Ctx, code: &str) -> ApiResult<ClaimInfo> {
    let tx = ctx.store.read().await?;
    let not_found = || {
        ApiError::not_found(
            Code::ClaimNotFound,
            "This claim code is unknown, used, expired or replaced by a newer one: ask the organiser for a new one.",
        )
    };
    let id = tx
        .claimed_entry(&crate::service::people::codes::hash(code), claim_codes_since(ctx))
        .await?
        .ok_or_else(not_found)?;
    let p = tx.player(id).await?.ok_or_else(not_found)?;
    let t = load_tournament(&tx, p.tournament_id).await?;
    Ok(ClaimInfo { player: views::player(&p, false, false), tournament_id: t.id, tournament_name: t.name })
}

/// `entry.claim`: the signed-in player takes the entry over: from now on it
/// is theirs (their phone reports and confirms), and its rated games count
/// for their account (the game system is re-rated when any were rated).
///
/// # Errors
/// 404 `claim_not_found`; 409 `already_registered` when the account already
/// has a registration in the event; 403 `not_eligible` when the section's
/// band on the server's own rating keeps the claiming account out.
pub async fn claim(ctx: &Ctx, user: &User, code: &str) -> ApiResult<PlayerView> {
    let found = info(ctx, code).await?;
    let mut change = Change::begin(ctx, found.tournament_id, user).await?;
    let t = change.tournament().clone();
    let Some(id) =
        change.tx().claimed_entry(&crate::service::people::codes::hash(code), claim_codes_since(ctx)).await?
    else {
        return Err(ApiError::not_found(Code::ClaimNotFound, "This claim code was just used."));
    };
    let in_a_team = change.tx().member_of_user(t.id, user.id).await?.is_some_and(|m| !m.removed);
    if in_a_team || change.tx().player_of_user(t.id, user.id).await?.is_some() {
        return Err(ApiError::conflict(
            Code::AlreadyRegistered,
            "You already have a registration in this event: ask the organiser to remove one of the two.",
        ));
    }
    let mut p = change.tx().player(id).await?.ok_or_else(crate::service::people::players::player_not_found)?;
    let way = crate::service::people::eligibility::Way::Claim;
    crate::service::people::eligibility::check(change.tx(), &t, &p.display_name, &p.profile, user, way).await?;
    p.user_id = user.id;
    change.tx().update_player(&p).await?;
    change.tx().delete_claim_code(p.id).await?;
    change.emit(EventData::PlayerUpdated { player: views::player(&p, false, false) }).await?;
    crate::service::ratings::entry_claimed(&mut change, &t).await?;
    change.commit(ctx).await?;
    Ok(views::player(&p, true, true))
}
