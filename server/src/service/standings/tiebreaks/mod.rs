//! How an event's standings are ranked: the TO reads and sets the
//! tie-break configuration and, in chess, the point values.
//!
//! Before round 1 is paired the TO changes them freely; afterwards a change
//! rewrites published standings, so it needs `"confirm": true`. Every change
//! is logged on the event (who, when, rounds already paired, what was set)
//! and announced (`standings_config_changed`), and the standings are
//! recomputed at once (which may drop TO tie orders, with notices).

use crate::bus::{Cause, EventData, StandingsCause};
use crate::domain::{
    crokinole_format, now_millis, Game, PairingSystem, ResolutionMeta, RoundStatus, StandingsChange, Tournament,
    TournamentId, TournamentStatus, User,
};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::service::views::{self, TournamentView};
use crate::service::Ctx;
use crate::service::{require_to, Change};
use arbiter_engine::model::{PointSystem, Points};
use arbiter_engine::standings::crokinole::CrokinoleScoring;
use arbiter_engine::standings::{
    ChessTiebreak, ColumnKey, ColumnModifier, Modifier, PairingKind, StandingsConfig, Wh40kPrimary, Wh40kTiebreak,
};
use arbiter_web::views::TiebreaksChange;
use arbiter_web::views::{ConfigChangeView, TiebreakOption, TiebreaksView};
use serde::Deserialize;
use serde_json::Number;

/// The longest tie-break list accepted.
pub const MAX_TIEBREAKS: usize = 12;

/// Chess point values as sent: numbers with at most one decimal.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsInput {
    /// A game won (and a forfeit won); default 1.
    #[schema(value_type = f64)]
    pub win: Number,
    /// A game drawn; default ½.
    #[schema(value_type = f64)]
    pub draw: Number,
    /// A game lost (and a forfeit lost); default 0.
    #[schema(value_type = f64)]
    pub loss: Number,
    /// The pairing-allocated bye; default a win in a Swiss, 0 in a round robin.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub bye: Option<Number>,
}

/// `PUT /api/tournaments/{id}/tiebreaks`.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetTiebreaks {
    /// The standings configuration: the engine's JSON, e.g.
    /// `{"game":"chess","tiebreaks":[{"code":"DE"},{"code":"SB"}]}`.
    #[serde(default)]
    pub config: Option<serde_json::Value>,
    /// Chess point values.
    #[serde(default)]
    pub points: Option<PointsInput>,
    /// Confirms a change once round 1 is paired.
    #[serde(default)]
    pub confirm: bool,
}

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::invalid(Code::InvalidStandings, message)
}

/// A 422 `invalid_standings` in the words of `errors.ftl`'s message `id`.
fn refuse(id: &'static str, args: impl IntoIterator<Item = (&'static str, Fill)>) -> ApiError {
    ApiError::invalid(Code::InvalidStandings, "").text(id, args)
}

/// Parses and checks a standings configuration for `t`'s game and pairing system.
///
/// # Errors
/// 422 `invalid_standings` saying what is wrong.
pub fn parse_config(t: &Tournament, value: serde_json::Value) -> ApiResult<StandingsConfig> {
    let config: StandingsConfig = serde_json::from_value(value)
        .map_err(|e| invalid(format!("The standings configuration is not valid: {e}.")))?;
    validate(t.game, t.pairing_system, t.max_vp, &config)?;
    Ok(config)
}

/// Checks `config` suits the game and pairing system.
///
/// # Errors
/// 422 `invalid_standings`: another game's configuration; a duplicate or too
/// many tie-breaks; Buchholz-type tie-breaks in a round robin (FIDE C.07
/// art. 8); a crokinole format that is not the pairing system's; battle
/// points in 40K (not recorded); values out of range.
pub fn validate(game: Game, system: PairingSystem, max_points: u32, config: &StandingsConfig) -> ApiResult<()> {
    // The game's own kind of configuration: the kind its defaults are.
    let own = crate::game::system(game).default_standings(system);
    if std::mem::discriminant(&own) != std::mem::discriminant(config) {
        return Err(refuse(
            "refusal-standings-game",
            [("game", crate::service::game_label(game)), ("value", Fill::from(&format!("{:?}", game.as_str())))],
        ));
    }
    let codes: Vec<String> = match config {
        StandingsConfig::Chess(c) => {
            let kind = if system.is_round_robin() { PairingKind::RoundRobin } else { PairingKind::Swiss };
            c.validate(kind).map_err(|e| invalid(format!("{e}.")))?;
            for tb in &c.tiebreaks {
                match *tb {
                    ChessTiebreak::Koya { limit } if !(-10..=10).contains(&limit) => {
                        return Err(refuse("refusal-koya-limit", []));
                    }
                    ChessTiebreak::ProgressiveScore { cut } if cut > 10 => {
                        return Err(refuse("refusal-progressive-cut", []));
                    }
                    _ => {}
                }
            }
            if c.unrated_rating.is_some_and(|r| !(100..=3500).contains(&r)) {
                return Err(refuse("refusal-unrated-rating", []));
            }
            c.tiebreaks.iter().map(ChessTiebreak::code).collect()
        }
        StandingsConfig::Crokinole(c) => {
            if c.format != crokinole_format(system) {
                return Err(invalid(format!(
                    "A {} ranks by the {} tie-breaks: format must be {:?}.",
                    system.label().to_lowercase(),
                    if system.is_round_robin() { "mini-league" } else { "Swiss" },
                    serde_json::to_value(crokinole_format(system))
                        .ok()
                        .and_then(|v| v.as_str().map(String::from))
                        .unwrap_or_default()
                )));
            }
            let cap = if c.scoring == CrokinoleScoring::Wins { 2 } else { max_points };
            if c.bye_points.is_some_and(|b| b > cap) {
                return Err(refuse("refusal-bye-points", [("cap", Fill::from(&cap))]));
            }
            Vec::new()
        }
        StandingsConfig::Wh40k(c) => {
            if c.primary == Wh40kPrimary::BattlePoints || c.tiebreaks.contains(&Wh40kTiebreak::BattlePoints) {
                return Err(refuse("refusal-battle-points", []));
            }
            c.tiebreaks.iter().map(|t| format!("{t:?}")).collect()
        }
    };
    if codes.len() > MAX_TIEBREAKS {
        return Err(refuse("refusal-tiebreaks-max", [("max", Fill::from(&MAX_TIEBREAKS))]));
    }
    if let Some((k, c)) = codes.iter().enumerate().find(|(k, c)| codes[..*k].contains(c)) {
        return Err(refuse("refusal-tiebreak-twice", [("code", Fill::from(c)), ("position", Fill::from(&(k + 1)))]));
    }
    Ok(())
}

/// Chess point values from the request, checked.
///
/// # Errors
/// 422 `invalid_points` for values that are not points with at most one
/// decimal from 0 to 10, a loss worth more than a draw or a draw more than a
/// win, a win worth nothing, or a bye worth more than a win; 422
/// `invalid_field` outside chess.
pub fn parse_points(game: Game, system: PairingSystem, input: &PointsInput) -> ApiResult<PointSystem> {
    if crate::game::system(game).default_points(system).is_none() {
        return Err(ApiError::invalid(Code::InvalidField, "")
            .text("refusal-points-chess-only", [("game", crate::service::game_label(game))]));
    }
    let bad = |m: String| ApiError::invalid(Code::InvalidPoints, m);
    let value = |field: &str, n: &Number| -> ApiResult<Points> {
        n.to_string().parse::<Points>().ok().filter(|p| (Points::ZERO..=Points::whole(10)).contains(p)).ok_or_else(
            || {
                bad(format!(
                    "points.{field} must be from 0 to 10 with at most one decimal (0.5 is half a point); got {n}."
                ))
            },
        )
    };
    let (win, draw, loss) = (value("win", &input.win)?, value("draw", &input.draw)?, value("loss", &input.loss)?);
    if !(loss <= draw && draw <= win && loss < win) {
        return Err(bad(format!(
            "Points must rank a win above a loss, with a draw between them; got {win}, {draw}, {loss}."
        )));
    }
    let mut p = PointSystem::with_game_points(win, draw, loss);
    p.pairing_bye = match &input.bye {
        Some(b) => value("bye", b)?,
        None if system.is_round_robin() => Points::ZERO,
        None => win,
    };
    if p.pairing_bye > win {
        return Err(bad(format!("points.bye can be worth at most a win ({win}).")));
    }
    Ok(p)
}

/// The tie-breaks the TO may list for `t`.
fn available(t: &Tournament) -> Vec<TiebreakOption> {
    let option = |code: String, name: String, key: ColumnKey, modifier: Option<ColumnModifier>, value| TiebreakOption {
        code,
        name,
        key: key.into(),
        modifier: modifier.map(Into::into),
        value,
    };
    // The event's configuration is always its game's kind (see `validate`).
    match &t.standings {
        StandingsConfig::Chess(_) => {
            use ChessTiebreak as T;
            let mods = [Modifier::None, Modifier::Cut1, Modifier::Cut2, Modifier::Median1, Modifier::Median2];
            let mut all = vec![T::DirectEncounter { forfeits: false }, T::DirectEncounter { forfeits: true }];
            all.extend(mods.map(|modifier| T::SonnebornBerger { modifier }));
            all.extend([T::Wins, T::GamesWon, T::GamesWithBlack, T::GamesWonWithBlack, T::Koya { limit: 0 }]);
            all.extend([
                T::ProgressiveScore { cut: 0 },
                T::ProgressiveScore { cut: 1 },
                T::RoundsElectedToPlay,
                T::StandardPoints,
            ]);
            all.extend(mods.map(|modifier| T::Buchholz { modifier }));
            all.extend([T::ForeBuchholz { modifier: Modifier::None }, T::AverageOfOpponentsBuchholz { fore: false }]);
            all.extend([
                T::AverageRatingOfOpponents { modifier: Modifier::None },
                T::AverageRatingOfOpponents { modifier: Modifier::Cut1 },
            ]);
            all.extend([
                T::PerformanceRating,
                T::AveragePerformanceOfOpponents,
                T::PerfectPerformance,
                T::AveragePerfectPerformanceOfOpponents,
                T::Rating { reverse: false },
                T::PairingNumber { reverse: false },
            ]);
            all.into_iter()
                .filter(|tb| !(t.pairing_system.is_round_robin() && tb.is_buchholz_family()))
                .map(|tb| {
                    option(tb.code(), tb.name(), tb.key(), tb.modifier(), serde_json::to_value(tb).unwrap_or_default())
                })
                .collect()
        }
        StandingsConfig::Wh40k(_) => [
            (Wh40kTiebreak::Wins, "W", "Wins", ColumnKey::Wins),
            (Wh40kTiebreak::VpMargin, "+/-", "VP margin", ColumnKey::VpMargin),
            (Wh40kTiebreak::StrengthOfSchedule, "SOS", "Strength of schedule", ColumnKey::StrengthOfSchedule),
            (Wh40kTiebreak::TotalVp, "VP", "Total VP", ColumnKey::TotalVp),
            (Wh40kTiebreak::Painting, "PNT", "Painting", ColumnKey::Painting),
            (Wh40kTiebreak::Sportsmanship, "SPT", "Sportsmanship", ColumnKey::Sportsmanship),
        ]
        .into_iter()
        .map(|(tb, code, name, key)| {
            option(code.into(), name.into(), key, None, serde_json::to_value(tb).unwrap_or_default())
        })
        .collect(),
        StandingsConfig::Crokinole(_) => Vec::new(),
    }
}

async fn rounds_paired(change_or_read: &crate::store::Tx, id: TournamentId) -> ApiResult<u32> {
    let n = change_or_read.rounds(id).await?.iter().filter(|r| r.status != RoundStatus::Pending).count();
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

fn view(t: &Tournament, rounds_paired: u32) -> TiebreaksView {
    TiebreaksView {
        game: t.game,
        pairing_system: t.pairing_system,
        config: serde_json::to_value(&t.standings).unwrap_or_default(),
        points: t.points.as_ref().map(views::points),
        default_config: serde_json::to_value(crate::game::system(t.game).default_standings(t.pairing_system))
            .unwrap_or_default(),
        available: available(t),
        rounds_paired,
        confirmation_required: rounds_paired > 0,
        log: t
            .standings_log
            .iter()
            .map(|c| ConfigChangeView {
                by: c.meta.by,
                by_name: c.meta.by_name.clone(),
                at: c.meta.at,
                rounds_paired: c.rounds_paired,
                config: serde_json::to_value(&c.config).unwrap_or_default(),
                points: c.points.as_ref().map(views::points),
            })
            .collect(),
    }
}

/// `GET /api/tournaments/{id}/tiebreaks`: the configuration, the options and the log.
///
/// # Errors
/// 404 for an unknown tournament (or a DRAFT not owned by `viewer`).
pub async fn get(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<TiebreaksView> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    Ok(view(&t, rounds_paired(&tx, id).await?))
}

/// `PUT /api/tournaments/{id}/tiebreaks`: the TO sets the configuration
/// and/or (chess) the point values.
///
/// # Errors
/// 403 for anyone but the TO; 409 `tournament_complete` once the event is
/// complete, 409 `confirmation_required` once round 1 is paired without
/// `"confirm": true`; 422 for an invalid configuration or point values, or
/// a request that sets nothing.
pub async fn set(ctx: &Ctx, user: &User, id: TournamentId, input: SetTiebreaks) -> ApiResult<TiebreaksView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "change the tie-breaks")?;
    if input.config.is_none() && input.points.is_none() {
        return Err(refuse("refusal-tiebreaks-nothing", []));
    }
    let config = input.config.map(|c| parse_config(&t, c)).transpose()?;
    let points = input.points.as_ref().map(|p| parse_points(t.game, t.pairing_system, p)).transpose()?;
    if t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict(
            Code::TournamentComplete,
            "The tournament is complete; its standings are final.",
        ));
    }
    let paired = rounds_paired(change.tx(), id).await?;
    if paired > 0 && !input.confirm {
        return Err(ApiError::conflict(
            Code::ConfirmationRequired,
            format!(
                "{paired} round(s) are already paired: changing how standings are ranked rewrites the published standings. \
                 Send \"confirm\": true to change them anyway; the change is logged."
            ),
        ));
    }
    if let Some(c) = config {
        t.standings = c;
    }
    if let Some(p) = points {
        t.points = Some(p);
    }
    let meta = ResolutionMeta { by: user.id, by_name: user.display_name.clone(), at: now_millis() };
    t.standings_log.push(StandingsChange {
        meta: meta.clone(),
        rounds_paired: paired,
        config: t.standings.clone(),
        points: t.points,
    });
    change.tx().update_tournament(&t).await?;
    let count = change.tx().players(id).await?.iter().filter(|p| !p.removed).count();
    let tv: TournamentView = views::tournament(&t, count);
    let change_view = TiebreaksChange {
        by: meta.by,
        by_name: meta.by_name,
        at: meta.at,
        rounds_paired: paired,
        confirmed: input.confirm,
    };
    change.emit(EventData::StandingsConfigChanged { tournament: tv, change: change_view }).await?;
    crate::service::standings::publish(&mut change, &mut t, StandingsCause::of(Cause::StandingsConfigChanged)).await?;
    change.commit(ctx).await?;
    Ok(view(&t, paired))
}

#[cfg(test)]
mod tests;
