//! Redis pub/sub between instances: every instance publishes each committed
//! event on its tournament's channel ([`channel`]) and control messages, such
//! as a sign-out, on one channel every instance hears ([`CONTROL_CHANNEL`]).
//! An instance subscribes to the channels of the tournaments it has live
//! rooms for (SUBSCRIBE as a room opens, UNSUBSCRIBE as it closes), so what
//! Redis sends it grows with its own viewers' events, not with all events.
//! Delivery to this instance never waits for Redis.
//!
//! The channels are classic ones: on one Redis server sharded channels
//! (SSUBSCRIBE, Redis 7) would land on the same node anyway, and the client
//! library offers SSUBSCRIBE only on cluster connections. The channel names
//! hold the tournament's id alone, so a Redis Cluster's sharded pub/sub
//! could take them as they are.

use super::{Bus, BusMsg, Control, LiveEvent, LocalBus, Stamps};
use crate::domain::TournamentId;
use futures_util::StreamExt as _;
use redis::aio::ConnectionManager;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, Notify};
use uuid::Uuid;

/// The prefix of each tournament's event channel (see [`channel`]).
pub const CHANNEL_PREFIX: &str = "arbiter:t:";

/// The Redis channel of `tournament`'s events: `arbiter:t:` and its id
/// (`arbiter:t:5f0c…`).
#[must_use]
pub fn channel(tournament: TournamentId) -> String {
    format!("{CHANNEL_PREFIX}{tournament}")
}
/// The Redis channel all instances share for [`Control`] messages:
/// `origin|session_ended|SHA256HEX`.
pub const CONTROL_CHANNEL: &str = "arbiter:control";
/// How many messages may wait for the publisher before new ones are dropped
/// (other instances then catch up from the database).
const OUTBOX: usize = 65_536;
/// How often the subscriber checks that Redis still answers.
const PING_EVERY: Duration = Duration::from_secs(3);

/// Redis pub/sub plus in-process delivery.
#[derive(Clone)]
pub struct RedisBus {
    local: LocalBus,
    outbox: mpsc::Sender<Outgoing>,
    healthy: Arc<AtomicBool>,
    watched: Arc<Watched>,
    connection: ConnectionManager,
}

/// The tournaments this instance wants the events of, and a nudge for the
/// subscriber to bring its subscriptions in line.
#[derive(Default)]
struct Watched {
    tournaments: Mutex<HashSet<TournamentId>>,
    changed: Notify,
}

impl Watched {
    /// The channels wanted now.
    fn channels(&self) -> HashSet<String> {
        self.tournaments.lock().map(|t| t.iter().map(|t| channel(*t)).collect()).unwrap_or_default()
    }

    fn set(&self, tournament: TournamentId, on: bool) {
        if let Ok(mut t) = self.tournaments.lock() {
            let changed = if on { t.insert(tournament) } else { t.remove(&tournament) };
            if changed {
                self.changed.notify_one();
            }
        }
    }
}

/// What waits for the publisher.
enum Outgoing {
    Event(Arc<LiveEvent>),
    Control(Arc<Control>),
}

impl RedisBus {
    /// Connects to Redis at `url` (checked now, so a wrong URL fails at start)
    /// and starts the publisher and subscriber tasks, which reconnect on their own.
    ///
    /// # Errors
    /// The URL is invalid or Redis does not answer.
    pub async fn connect(url: &str) -> anyhow::Result<RedisBus> {
        use anyhow::Context as _;
        let client =
            redis::Client::open(url).with_context(|| format!("invalid Redis URL {}", crate::store::redact(url)))?;
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Duration::from_secs(2)))
            .set_response_timeout(Some(Duration::from_secs(2)))
            .set_number_of_retries(2)
            .set_max_delay(Duration::from_secs(1));
        let publisher = ConnectionManager::new_with_config(client.clone(), config)
            .await
            .with_context(|| format!("connecting to Redis at {}", crate::store::redact(url)))?;
        let origin = Uuid::new_v4().to_string();
        let local = LocalBus::default();
        let healthy = Arc::new(AtomicBool::new(true));
        let (outbox, rx) = mpsc::channel(OUTBOX);
        let connection = publisher.clone();
        tokio::spawn(publish_loop(publisher, rx, origin.clone(), healthy.clone()));
        let watched = Arc::new(Watched::default());
        tokio::spawn(subscribe_loop(client, origin, local.clone(), healthy.clone(), watched.clone()));
        Ok(RedisBus { local, outbox, healthy, watched, connection })
    }
}

impl RedisBus {
    /// A connection to the same Redis server (shared, reconnecting on its
    /// own), for what instances share besides events.
    #[must_use]
    pub fn connection(&self) -> ConnectionManager {
        self.connection.clone()
    }
}

impl Bus for RedisBus {
    fn publish(&self, events: Vec<Arc<LiveEvent>>) {
        for e in events {
            self.local.deliver(BusMsg::Event(e.clone()));
            if self.outbox.try_send(Outgoing::Event(e)).is_err() {
                tracing::warn!("redis outbox full; other instances will catch up from the database");
            }
        }
    }

    fn control(&self, msg: Control) {
        let msg = Arc::new(msg);
        self.local.deliver(BusMsg::Control(msg.clone()));
        if self.outbox.try_send(Outgoing::Control(msg)).is_err() {
            tracing::warn!("redis outbox full; other instances will catch up from the database");
        }
    }

    fn subscribe(&self) -> broadcast::Receiver<BusMsg> {
        self.local.subscribe()
    }

    fn watch(&self, tournament: TournamentId) {
        self.watched.set(tournament, true);
    }

    fn unwatch(&self, tournament: TournamentId) {
        self.watched.set(tournament, false);
    }

    fn is_healthy(&self) -> bool {
        self.healthy.load(Ordering::Relaxed)
    }

    fn name(&self) -> &'static str {
        "redis"
    }
}

/// `origin|tEMITTED.PUBLISHED|frame`: the event's frame carries everything
/// else (and may contain `|`); the stamps (microseconds, see [`Stamps`]) time
/// the live stages on the receiving instance.
fn encode(origin: &str, e: &LiveEvent) -> String {
    format!("{origin}|t{}.{}|{}", e.stamps.emitted_us, e.stamps.published_us, e.frame)
}

/// `origin|session_ended|SHA256HEX`.
fn encode_control(origin: &str, c: &Control) -> String {
    match c {
        Control::SessionEnded { session } => format!("{origin}|session_ended|{session}"),
    }
}

fn decode_control(msg: &str) -> Option<(&str, Control)> {
    let mut parts = msg.splitn(3, '|');
    let origin = parts.next()?;
    match (parts.next()?, parts.next()?) {
        ("session_ended", session)
            if session.len() == 64 && session.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) =>
        {
            Some((origin, Control::SessionEnded { session: session.to_string() }))
        }
        _ => None,
    }
}

/// Reads `origin|tEMITTED.PUBLISHED|frame`, or `origin|frame` (no stamps).
fn decode(msg: &str) -> Option<(&str, LiveEvent)> {
    let (origin, rest) = msg.split_once('|')?;
    let (stamps, frame) = match rest.strip_prefix('t').and_then(|r| r.split_once('|')) {
        Some((stamps, frame)) => {
            let (emitted, published) = stamps.split_once('.')?;
            (Stamps { emitted_us: emitted.parse().ok()?, published_us: published.parse().ok()? }, frame)
        }
        None => (Stamps::default(), rest),
    };
    let mut e = LiveEvent::from_frame(bytestring::ByteString::from(frame.to_string())).ok()?;
    e.stamps = stamps;
    Some((origin, e))
}

async fn publish_loop(
    mut conn: ConnectionManager,
    mut rx: mpsc::Receiver<Outgoing>,
    origin: String,
    healthy: Arc<AtomicBool>,
) {
    while let Some(out) = rx.recv().await {
        let (to, text) = match out {
            Outgoing::Event(e) => (channel(e.tournament_id), encode(&origin, &e)),
            Outgoing::Control(c) => (CONTROL_CHANNEL.to_string(), encode_control(&origin, &c)),
        };
        let res: redis::RedisResult<i64> = redis::cmd("PUBLISH").arg(to).arg(text).query_async(&mut conn).await;
        if let Err(err) = res {
            if healthy.swap(false, Ordering::Relaxed) {
                tracing::warn!(error = %err, "redis publish failed; events reach other instances through the database");
            }
        }
    }
}

async fn subscribe_loop(
    client: redis::Client,
    origin: String,
    local: LocalBus,
    healthy: Arc<AtomicBool>,
    watched: Arc<Watched>,
) {
    let mut first = true;
    let mut backoff = Duration::from_millis(200);
    loop {
        match subscribe_once(&client, &origin, &local, &healthy, &watched, first).await {
            Ok(()) => backoff = Duration::from_millis(200),
            Err(err) => {
                if healthy.swap(false, Ordering::Relaxed) {
                    tracing::warn!(error = %err, "redis subscription lost; reconnecting");
                }
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(2));
            }
        }
        first = false;
    }
}

async fn subscribe_once(
    client: &redis::Client,
    origin: &str,
    local: &LocalBus,
    healthy: &AtomicBool,
    watched: &Watched,
    first: bool,
) -> redis::RedisResult<()> {
    let mut pubsub = tokio::time::timeout(Duration::from_secs(2), client.get_async_pubsub())
        .await
        .map_err(|_| redis::RedisError::from((redis::ErrorKind::Io, "connect timed out")))??;
    pubsub.subscribe(CONTROL_CHANNEL).await?;
    let (mut sink, mut stream) = pubsub.split();
    // The tournaments' channels this connection is subscribed to.
    let mut subscribed = HashSet::new();
    follow(&mut sink, &mut subscribed, watched.channels()).await?;
    if !healthy.swap(true, Ordering::Relaxed) || !first {
        tracing::info!("redis subscription (re)established");
        // Anything published while we were away is lost: rooms re-check the database.
        local.deliver(BusMsg::Resync);
    }
    let mut ping = tokio::time::interval(PING_EVERY);
    loop {
        tokio::select! {
            msg = stream.next() => {
                let Some(msg) = msg else {
                    return Err(redis::RedisError::from((redis::ErrorKind::Io, "subscription closed")));
                };
                let payload: String = msg.get_payload()?;
                if msg.get_channel_name() == CONTROL_CHANNEL {
                    match decode_control(&payload) {
                        Some((from, _)) if from == origin => {}
                        Some((_, c)) => local.deliver(BusMsg::Control(Arc::new(c))),
                        None => tracing::warn!("ignoring a malformed message on {CONTROL_CHANNEL}"),
                    }
                    continue;
                }
                match decode(&payload) {
                    Some((from, _)) if from == origin => {}
                    Some((_, e)) => local.deliver(BusMsg::Event(Arc::new(e))),
                    None => tracing::warn!("ignoring a malformed message on {}", msg.get_channel_name()),
                }
            }
            () = watched.changed.notified() => follow(&mut sink, &mut subscribed, watched.channels()).await?,
            _ = ping.tick() => {
                let pong: redis::RedisResult<redis::Value> = tokio::time::timeout(Duration::from_secs(2), sink.ping())
                    .await
                    .map_err(|_| redis::RedisError::from((redis::ErrorKind::Io, "ping timed out")))?;
                pong?;
            }
        }
    }
}

/// Channels subscribed to or unsubscribed from at once, at most.
const CHANNELS_PER_COMMAND: usize = 500;

/// Brings the connection's tournament subscriptions (`subscribed`) in line
/// with `wanted`: SUBSCRIBE to the new, UNSUBSCRIBE from the gone.
async fn follow(
    sink: &mut redis::aio::PubSubSink,
    subscribed: &mut HashSet<String>,
    wanted: HashSet<String>,
) -> redis::RedisResult<()> {
    let new: Vec<&String> = wanted.difference(subscribed).collect();
    for chunk in new.chunks(CHANNELS_PER_COMMAND) {
        sink.subscribe(chunk).await?;
    }
    let gone: Vec<&String> = subscribed.difference(&wanted).collect();
    for chunk in gone.chunks(CHANNELS_PER_COMMAND) {
        sink.unsubscribe(chunk).await?;
    }
    *subscribed = wanted;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TournamentId;

    #[test]
    fn messages_round_trip_with_pipes_in_the_frame() {
        let data = r#"{"count":2,"note":"x|y"}"#;
        let stored = crate::store::StoredEvent {
            tournament_id: TournamentId::random(),
            seq: 42,
            kind: "tie_notices_dismissed".into(),
            payload: data.into(),
            created_at: 1_700_000_000_000,
            actor: None,
        };
        let mut e = LiveEvent::from_stored(&stored);
        e.stamps = Stamps { emitted_us: 1_700_000_000_000_123, published_us: 1_700_000_000_004_567 };
        let s = encode("me", &e);
        let (origin, back) = decode(&s).unwrap();
        assert_eq!(origin, "me");
        assert_eq!((back.tournament_id, back.seq, back.at, back.kind()), (e.tournament_id, 42, e.at, e.kind()));
        assert_eq!((&back.frame, back.stamps), (&e.frame, e.stamps));
        // A message without stamps (an older instance) is read with none.
        let (_, old) = decode(&format!("me|{}", e.frame)).unwrap();
        assert_eq!((old.seq, old.stamps), (42, Stamps::default()));
        assert!(decode("garbage").is_none());
        assert!(decode("me|{}").is_none());
    }

    #[test]
    fn control_messages_round_trip_and_only_well_formed_ones_are_read() {
        let c = Control::SessionEnded { session: "ab12".repeat(16) };
        let s = encode_control("me", &c);
        assert_eq!(decode_control(&s), Some(("me", c)));
        for bad in [
            "me|session_ended|short",
            "me|session_ended|",
            "me|what|x",
            "garbage",
            &format!("me|session_ended|{}", "AB12".repeat(16)),
        ] {
            assert!(decode_control(bad).is_none(), "{bad}");
        }
    }
}
