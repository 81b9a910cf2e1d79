//! A committed event as it travels: over the bus, through rooms, to sockets.

use crate::store::StoredEvent;
use bytestring::ByteString;
use uuid::Uuid;

/// A committed tournament event with its WebSocket frame, serialised once and
/// shared by every recipient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveEvent {
    /// The tournament.
    pub tournament_id: Uuid,
    /// Its per-tournament sequence number.
    pub seq: i64,
    /// The kind (e.g. `result_confirmed`).
    pub kind: String,
    /// When it was committed (Unix ms; written just before the commit).
    pub at: i64,
    /// The frame sent to clients:
    /// `{"v":1,"type":"event","tournament":…,"seq":…,"kind":…,"at":…,"data":{…}}`.
    pub frame: ByteString,
}

impl LiveEvent {
    /// The live form of a stored event (its payload is already JSON).
    #[must_use]
    pub fn from_stored(e: &StoredEvent) -> LiveEvent {
        let frame = format!(
            r#"{{"v":1,"type":"event","tournament":"{}","seq":{},"kind":"{}","at":{},"data":{}}}"#,
            e.tournament_id, e.seq, e.kind, e.created_at, e.payload
        );
        LiveEvent {
            tournament_id: e.tournament_id,
            seq: e.seq,
            kind: e.kind.clone(),
            at: e.created_at,
            frame: ByteString::from(frame),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_is_valid_json_with_the_payload_inline() {
        let e = StoredEvent {
            tournament_id: Uuid::nil(),
            seq: 7,
            kind: "result_confirmed".into(),
            payload: r#"{"pairing":{"table":3}}"#.into(),
            created_at: 1000,
        };
        let v: serde_json::Value = serde_json::from_str(&LiveEvent::from_stored(&e).frame).unwrap_or_default();
        assert_eq!(v["v"], 1);
        assert_eq!(v["seq"], 7);
        assert_eq!(v["kind"], "result_confirmed");
        assert_eq!(v["data"]["pairing"]["table"], 3);
    }
}
