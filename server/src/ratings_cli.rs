//! `arbiter ratings …`: rating maintenance from the command line.

use crate::service::ratings::{self, GameRebuild};
use crate::store::Store;
use clap::Subcommand;
use std::fmt::Write as _;

/// The `arbiter ratings` subcommands.
#[derive(Clone, Debug, Subcommand)]
pub enum RatingsCommand {
    /// Recompute every rating from the closed rounds, in close order, and
    /// print what changed ("no change" when the ratings were consistent).
    Rebuild {
        /// Database URL.
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/arbiter.db?mode=rwc")]
        database_url: String,
    },
}

/// Runs a subcommand, printing its report.
///
/// # Errors
/// The database cannot be reached, or holds corrupt rows.
pub async fn run(command: RatingsCommand) -> anyhow::Result<()> {
    match command {
        RatingsCommand::Rebuild { database_url } => {
            let store = Store::connect(&database_url).await?;
            let report =
                ratings::rebuild(&store).await.map_err(|e| anyhow::anyhow!("rebuilding ratings failed: {e}"))?;
            print!("{}", describe(&report));
            Ok(())
        }
    }
}

/// The rebuild report as text: one line per game system, then one line per changed rating.
#[must_use]
pub fn describe(report: &[GameRebuild]) -> String {
    if report.is_empty() {
        return "no rated rounds: no change\n".to_string();
    }
    let mut out = String::new();
    for g in report {
        let adopted =
            if g.adopted > 0 { format!(" ({} closed before ratings existed)", g.adopted) } else { String::new() };
        let _ = write!(out, "{}: {} rated{adopted}; ", g.game, count(g.rounds, "round"));
        if g.rows_changed == 0 && g.changes.is_empty() {
            out.push_str("no change\n");
            continue;
        }
        let _ = writeln!(
            out,
            "{} rewritten, {} changed",
            count(g.rows_changed, "history row"),
            count(g.changes.len(), "rating")
        );
        for c in &g.changes {
            let _ = writeln!(
                out,
                "  {} ({}): {} -> {} ({:+}), {}",
                c.name,
                c.user_id,
                c.rating_before,
                c.rating_after,
                c.delta,
                count(c.games_played as usize, "rated game")
            );
        }
    }
    out
}

/// `1 round`, `2 rounds`.
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_web::views::ratings::RatingDeltaView;

    #[test]
    fn report_lines() {
        assert_eq!(describe(&[]), "no rated rounds: no change\n");
        let same = GameRebuild { game: "wh40k".into(), rounds: 5, adopted: 0, rows_changed: 0, changes: vec![] };
        assert_eq!(describe(&[same]), "wh40k: 5 rounds rated; no change\n");
        let change = RatingDeltaView {
            user_id: crate::domain::UserId::from_uuid(uuid::Uuid::from_u128(1)),
            name: "Alice".into(),
            rating_before: 1216,
            rating_after: 1200,
            delta: -16,
            games_played: 1,
        };
        let moved = GameRebuild { game: "wh40k".into(), rounds: 1, adopted: 1, rows_changed: 2, changes: vec![change] };
        assert_eq!(
            describe(&[moved]),
            "wh40k: 1 round rated (1 closed before ratings existed); 2 history rows rewritten, 1 rating changed\n  Alice (00000000-0000-0000-0000-000000000001): 1216 -> 1200 (-16), 1 rated game\n"
        );
    }
}
