//! Standings shared between instances: computed once per change
//! cluster-wide, not once per instance with viewers of the tournament.
//!
//! With Redis, the standings a room computes are kept under
//! `arbiter:standings:{tournament}` (JSON: the sequence number they reflect,
//! the rows and the columns' meta; kept [`KEEP`]). A room that needs
//! standings reflecting at least the events it has passed on takes them from
//! there when they are recent enough; otherwise it claims the computation
//! (`SET arbiter:standings:{tournament}:computing TOKEN NX`, released — by
//! its holder only, compared by token — when the standings are stored or
//! their computation failed, expiring after [`CLAIM`]) and computes, or — when
//! another instance holds the claim — waits for that instance's standings
//! (polling every [`POLL`], at most [`WAIT`], then computes itself). Redis
//! unreachable or slow: each instance computes its own, as without Redis.
//! The standings are a function of the events up to their sequence number,
//! so standings computed anywhere at that number are the same; stored
//! standings are never replaced by older ones (the number they reflect is
//! kept beside them, `arbiter:standings:{tournament}:seq`, and compared in
//! the same script that stores them).

use super::standings::StandingsCache;
use crate::domain::TournamentId;
use crate::service::views::{StandingView, StandingsMeta};
use redis::aio::ConnectionManager;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long shared standings are kept after they were stored.
pub const KEEP: Duration = Duration::from_secs(600);
/// How long a claim to compute lasts if its instance never stores the
/// standings (it stopped meanwhile).
pub const CLAIM: Duration = Duration::from_secs(10);
/// How often an instance waiting for another's standings looks for them.
pub const POLL: Duration = Duration::from_millis(20);
/// How long an instance waits for another's standings before computing its own.
pub const WAIT: Duration = Duration::from_secs(5);
/// How long one Redis command may take before the instance goes on without it.
const COMMAND_TIMEOUT: Duration = Duration::from_millis(500);

/// Where computed standings are shared (cheap to clone). [`Default`]: not
/// shared (one instance, or no Redis).
#[derive(Clone, Default)]
pub struct SharedStandings {
    redis: Option<ConnectionManager>,
}

/// What [`SharedStandings::take`] found.
pub enum Found {
    /// Standings another instance (or this one) computed, recent enough.
    Shared(StandingsCache),
    /// None recent enough: compute them, then [`SharedStandings::put`] them
    /// (or, when the computation fails, [`SharedStandings::release`] the claim).
    Compute(Claim),
}

/// This instance's claim to compute a tournament's standings: the token it
/// set, so that only it releases the claim; `None` when it holds none (no
/// Redis, or Redis did not answer).
#[derive(Debug)]
pub struct Claim(Option<String>);

/// Stores standings unless newer ones are stored, then releases the claim
/// if it is still ours. KEYS: standings, their sequence number, the claim;
/// ARGV: the standings' JSON, their sequence number, how long to keep them
/// (ms), the claim's token (empty: none).
const PUT: &str = r"
local stored = tonumber(redis.call('GET', KEYS[2]) or '-1')
if stored <= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
end
if ARGV[4] ~= '' and redis.call('GET', KEYS[3]) == ARGV[4] then redis.call('DEL', KEYS[3]) end
return 1
";

/// Releases a claim if it is still ours. KEYS: the claim; ARGV: its token.
const RELEASE: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
";

/// The stored form, borrowed for writing.
#[derive(serde::Serialize)]
struct Stored<'a> {
    seq: i64,
    rows: &'a [StandingView],
    meta: &'a StandingsMeta,
}

/// The stored form, read back.
#[derive(serde::Deserialize)]
struct Loaded {
    seq: i64,
    rows: Vec<StandingView>,
    meta: StandingsMeta,
}

fn key(tournament: TournamentId) -> String {
    format!("arbiter:standings:{tournament}")
}

fn claim_key(tournament: TournamentId) -> String {
    format!("arbiter:standings:{tournament}:computing")
}

fn seq_key(tournament: TournamentId) -> String {
    format!("arbiter:standings:{tournament}:seq")
}

/// The JSON stored for `cache`.
fn encode(cache: &StandingsCache) -> serde_json::Result<String> {
    serde_json::to_string(&Stored { seq: cache.seq, rows: &cache.rows, meta: &cache.meta })
}

/// `cache` as [`encode`] stored it; `None` if it is not that.
fn decode(text: &str) -> Option<StandingsCache> {
    let l: Loaded = serde_json::from_str(text).ok()?;
    Some(StandingsCache { seq: l.seq, rows: Arc::new(l.rows), meta: Arc::new(l.meta) })
}

impl SharedStandings {
    /// Standings shared through the Redis server `redis` is connected to.
    #[must_use]
    pub fn redis(redis: ConnectionManager) -> SharedStandings {
        SharedStandings { redis: Some(redis) }
    }

    /// Whether standings are shared at all.
    #[must_use]
    pub fn is_shared(&self) -> bool {
        self.redis.is_some()
    }

    /// `tournament`'s shared standings if they reflect at least the event
    /// `at_least`; if they do not, and no other instance is computing them,
    /// [`Found::Compute`] (this instance now holds the claim). Waits for an
    /// instance that holds the claim (at most [`WAIT`]).
    pub async fn take(&self, tournament: TournamentId, at_least: i64) -> Found {
        let Some(redis) = &self.redis else { return Found::Compute(Claim(None)) };
        let mut conn = redis.clone();
        let until = Instant::now() + WAIT;
        loop {
            let text: Option<Option<String>> =
                timed(redis::cmd("GET").arg(key(tournament)).query_async(&mut conn)).await;
            match text {
                None => return Found::Compute(Claim(None)),
                Some(Some(text)) => {
                    if let Some(cache) = decode(&text).filter(|c| c.seq >= at_least) {
                        return Found::Shared(cache);
                    }
                }
                Some(None) => {}
            }
            let token = uuid::Uuid::new_v4().to_string();
            let claimed: Option<Option<String>> = timed(
                redis::cmd("SET")
                    .arg(claim_key(tournament))
                    .arg(&token)
                    .arg("NX")
                    .arg("PX")
                    .arg(u64::try_from(CLAIM.as_millis()).unwrap_or(u64::MAX))
                    .query_async(&mut conn),
            )
            .await;
            match claimed {
                Some(Some(_)) => return Found::Compute(Claim(Some(token))),
                // Redis did not answer, or waited long enough: compute here.
                None => return Found::Compute(Claim(None)),
                Some(None) if Instant::now() >= until => return Found::Compute(Claim(None)),
                Some(None) => {}
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Stores standings this instance computed (unless newer ones are
    /// stored) and releases its claim if it still holds it.
    pub async fn put(&self, tournament: TournamentId, cache: &StandingsCache, claim: Claim) {
        let Some(redis) = &self.redis else { return };
        let text = match encode(cache) {
            Ok(text) => text,
            Err(e) => {
                tracing::error!(error = %e, "cannot serialise standings to share them");
                return;
            }
        };
        let mut conn = redis.clone();
        let script = redis::Script::new(PUT);
        let mut call = script.key(key(tournament));
        call.key(seq_key(tournament))
            .key(claim_key(tournament))
            .arg(text)
            .arg(cache.seq)
            .arg(u64::try_from(KEEP.as_millis()).unwrap_or(u64::MAX))
            .arg(claim.0.unwrap_or_default());
        let done: Option<i64> = timed(call.invoke_async(&mut conn)).await;
        if done.is_none() {
            tracing::debug!(tournament = %tournament, "standings not shared: Redis did not take them");
        }
    }

    /// Releases this instance's claim without storing standings (their
    /// computation failed), so the others compute at once instead of
    /// waiting for it.
    pub async fn release(&self, tournament: TournamentId, claim: Claim) {
        let (Some(redis), Some(token)) = (&self.redis, claim.0) else { return };
        let mut conn = redis.clone();
        let script = redis::Script::new(RELEASE);
        let mut call = script.key(claim_key(tournament));
        call.arg(token);
        let _: Option<i64> = timed(call.invoke_async(&mut conn)).await;
    }
}

/// A Redis command's answer, or `None` (logged at debug) when it failed or
/// took longer than [`COMMAND_TIMEOUT`].
async fn timed<T>(command: impl std::future::Future<Output = redis::RedisResult<T>>) -> Option<T> {
    match tokio::time::timeout(COMMAND_TIMEOUT, command).await {
        Ok(Ok(v)) => Some(v),
        Ok(Err(e)) => {
            tracing::debug!(error = %e, "shared standings: Redis command failed");
            None
        }
        Err(_) => {
            tracing::debug!("shared standings: Redis command timed out");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_standings_read_back_as_they_were() {
        let player = crate::domain::PlayerId::random();
        let row: StandingView = serde_json::from_value(serde_json::json!({
            "rank": 1, "position": 1, "player_id": player, "display_name": "Ann", "faction": "Orks",
            "wins": 2, "losses": 0, "draws": 1, "byes": 0, "vp_for": 180, "vp_against": 90, "margin": 90,
            "sos": 0.1 + 0.2, "sos_exact": "3/10", "dropped": false, "score": "2.5", "values": ["2.5", "7"],
            "tie": null, "tie_reason": null, "pool": "A", "pool_rank": 1
        }))
        .unwrap();
        let meta = StandingsMeta::default();
        let cache = StandingsCache { seq: 42, rows: Arc::new(vec![row]), meta: Arc::new(meta) };
        let back = decode(&encode(&cache).unwrap()).unwrap();
        assert_eq!((back.seq, &*back.rows, &*back.meta), (42, &*cache.rows, &*cache.meta));
        assert!(decode("{}").is_none() && decode("garbage").is_none());
    }

    fn cache(seq: i64) -> StandingsCache {
        StandingsCache { seq, rows: Arc::new(Vec::new()), meta: Arc::new(StandingsMeta::default()) }
    }

    /// The Redis the test command starts (`scripts/services`), or `REDIS_URL`.
    async fn shared() -> (SharedStandings, ConnectionManager) {
        let url = std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
        let conn = redis::Client::open(url).unwrap().get_connection_manager().await.unwrap();
        (SharedStandings::redis(conn.clone()), conn)
    }

    #[tokio::test]
    async fn older_standings_never_replace_newer_ones() {
        let (shared, _) = shared().await;
        let t = TournamentId::random();
        let Found::Compute(claim) = shared.take(t, 5).await else { panic!("nothing stored yet") };
        shared.put(t, &cache(5), claim).await;
        // A slower instance finishing an older computation afterwards.
        shared.put(t, &cache(3), Claim(None)).await;
        let Found::Shared(found) = shared.take(t, 0).await else { panic!("standings at 5 are stored") };
        assert_eq!(found.seq, 5);
        shared.put(t, &cache(6), Claim(None)).await;
        let Found::Shared(found) = shared.take(t, 6).await else { panic!("standings at 6 are stored") };
        assert_eq!(found.seq, 6);
    }

    #[tokio::test]
    async fn only_the_holder_of_a_claim_releases_it() {
        let (shared, mut conn) = shared().await;
        let t = TournamentId::random();
        let Found::Compute(first) = shared.take(t, 1).await else { panic!("nothing stored yet") };
        assert!(first.0.is_some(), "the first instance holds the claim");
        // The first claim expires (its instance was slow); a second instance claims.
        let _: () = redis::cmd("DEL").arg(claim_key(t)).query_async(&mut conn).await.unwrap();
        let Found::Compute(second) = shared.take(t, 1).await else { panic!("nothing stored yet") };
        let token = second.0.clone().unwrap();
        // The slow first instance finishes: its release and its store leave the second's claim.
        shared.release(t, Claim(first.0.clone())).await;
        shared.put(t, &cache(1), first).await;
        let held: Option<String> = redis::cmd("GET").arg(claim_key(t)).query_async(&mut conn).await.unwrap();
        assert_eq!(held.as_deref(), Some(token.as_str()));
        shared.release(t, second).await;
        let held: Option<String> = redis::cmd("GET").arg(claim_key(t)).query_async(&mut conn).await.unwrap();
        assert_eq!(held, None);
    }
}
