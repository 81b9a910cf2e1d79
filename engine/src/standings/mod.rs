//! Standings and tie-breaks, computed from results.
//!
//! Every game system produces the same [`Standings`]: rows in order with the
//! primary score, one exact value per configured tie-break column (plus the
//! string pages show), shared ranks, and the status of every tie. A tie the
//! rules leave open is never broken silently: its players keep a neutral
//! order (ascending player number), share a rank, and are listed in
//! [`Standings::open_ties`] for the organiser, whose choice
//! [`resolve::apply_resolutions`] applies while the tie is unchanged.
//!
//! - [`config`]: the serialisable configuration ([`StandingsConfig`]): the
//!   game and its ordered tie-break list.
//! - [`fide`]: chess, FIDE C.07 (2024 and 2026 versions).
//! - [`crokinole`]: crokinole, head-to-head / mini-league / 20s.
//! - [`wh40k`]: Warhammer 40K standings (wins, VP margin, SOS, VP), and
//!   [`wh40k_table`]: the same values ranked by a configurable list.
//! - [`resolve`]: the organiser's confirm/swap on open ties.
//! - [`version`]: the C.07 version by start date.
//! - [`table`], [`value`]: the output types and exact values.

pub mod adjustment;
pub mod column;
pub mod config;
pub mod crokinole;
mod error;
pub mod fide;
mod rank;
pub mod resolve;
pub mod table;
pub mod value;
pub mod version;
pub mod wh40k;
pub mod wh40k_table;

pub use adjustment::{Adjustment, AdjustmentKind};
pub use column::{ColumnKey, ColumnModifier};
pub use config::{ChessConfig, ChessTiebreak, Modifier, StandingsConfig};
pub use crokinole::{compute_crokinole, mini_league, CrokinoleConfig, CrokinoleEvent};
pub use error::StandingsError;
pub use fide::{compute_chess, direct_encounter_table, ChessEvent, ChessPlayer, PairingKind};
pub use resolve::{apply_resolutions, DropReason, DroppedResolution, Lot, Resolution};
pub use table::{Column, MiniLeagueRow, OpenTie, OpenTieKind, StandingRow, Standings, TieInfo, TieReason, TieStatus};
pub use value::{Cell, Exact};
pub use version::{CalendarDate, RulesVersion};
pub use wh40k_table::{compute_wh40k, wh40k_table, BattlePoints, Wh40kConfig, Wh40kPrimary, Wh40kTiebreak};
