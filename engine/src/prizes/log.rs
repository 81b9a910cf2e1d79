//! The allocation log (prize spec, "Logging Specification") as data. The
//! engine does no I/O: the caller emits each entry (for example as a
//! `tracing` event named [`LogEvent::name`] with the entry's fields) and
//! stores the list with the run. The event's own id is the caller's to add
//! (for instance as a span field), since the engine never sees it.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How loud an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LogLevel {
    /// Normal progress.
    Info,
    /// Something the organiser should look at.
    Warn,
}

/// What an entry reports. Each has a stable name, its serialised form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LogEvent {
    /// `alloc.start`: allocation begins (spec `[alloc] tId=<tournament_id>
    /// allocating for tournament`).
    #[serde(rename = "alloc.start")]
    Start,
    /// `alloc.rules`: what the run reads (players, categories, overrides,
    /// eligibility mode), right after the start line.
    #[serde(rename = "alloc.rules")]
    Rules,
    /// `alloc.queue`: the queue is built (spec `[alloc] queue=<count> prizes in queue`).
    #[serde(rename = "alloc.queue")]
    Queue,
    /// `alloc.override`: a manual override was applied.
    #[serde(rename = "alloc.override")]
    Override,
    /// `alloc.win`: the automatic allocation gave a prize (spec `[alloc.win]`).
    #[serde(rename = "alloc.win")]
    Win,
    /// `alloc.conflict`: an invalid override or an unbreakable tie (spec `[alloc.conflict]`).
    #[serde(rename = "alloc.conflict")]
    Conflict,
    /// `alloc.unfilled`: a prize found no winner (spec `[alloc.unfilled]`).
    #[serde(rename = "alloc.unfilled")]
    Unfilled,
    /// `alloc.consistency`: the audit found a winner ranked below an eligible
    /// non-winner (spec, "Consistency Validation").
    #[serde(rename = "alloc.consistency")]
    Consistency,
    /// `alloc.done`: the run's counts (spec `[alloc] done: …`).
    #[serde(rename = "alloc.done")]
    Done,
}

impl LogEvent {
    /// The stable event name: `alloc.start`, `alloc.win`…
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LogEvent::Start => "alloc.start",
            LogEvent::Rules => "alloc.rules",
            LogEvent::Queue => "alloc.queue",
            LogEvent::Override => "alloc.override",
            LogEvent::Win => "alloc.win",
            LogEvent::Conflict => "alloc.conflict",
            LogEvent::Unfilled => "alloc.unfilled",
            LogEvent::Consistency => "alloc.consistency",
            LogEvent::Done => "alloc.done",
        }
    }

    /// The bracketed tag the spec's log lines start with.
    #[must_use]
    pub const fn tag(self) -> &'static str {
        match self {
            LogEvent::Start | LogEvent::Queue | LogEvent::Done => "alloc",
            other => other.name(),
        }
    }
}

/// A field's value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LogValue {
    /// No value (an unrated player's rating).
    Null,
    /// A number.
    Int(i64),
    /// Text: ids, codes.
    Text(String),
    /// A list (tied players).
    List(Vec<LogValue>),
}

/// One key/value field of an entry.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LogField {
    /// The key, as in the spec's lines: `prize`, `player`, `rank`, `tie_break`…
    pub key: String,
    /// The value.
    pub value: LogValue,
}

/// One log entry.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LogEntry {
    /// How loud.
    pub level: LogLevel,
    /// What it reports.
    pub event: LogEvent,
    /// Its fields, in the spec's order.
    pub fields: Vec<LogField>,
}

impl LogEntry {
    /// An entry with the given fields.
    pub(crate) fn new(level: LogLevel, event: LogEvent, fields: Vec<(&str, LogValue)>) -> LogEntry {
        let fields = fields.into_iter().map(|(key, value)| LogField { key: key.to_string(), value }).collect();
        LogEntry { level, event, fields }
    }

    /// The value of field `key`, if the entry has it.
    #[must_use]
    pub fn field(&self, key: &str) -> Option<&LogValue> {
        self.fields.iter().find(|f| f.key == key).map(|f| &f.value)
    }
}

impl From<u32> for LogValue {
    fn from(v: u32) -> LogValue {
        LogValue::Int(i64::from(v))
    }
}

impl From<usize> for LogValue {
    fn from(v: usize) -> LogValue {
        i64::try_from(v).map_or(LogValue::Null, LogValue::Int)
    }
}

impl From<Option<u32>> for LogValue {
    fn from(v: Option<u32>) -> LogValue {
        v.map_or(LogValue::Null, LogValue::from)
    }
}

impl From<Option<&str>> for LogValue {
    fn from(v: Option<&str>) -> LogValue {
        v.map_or(LogValue::Null, LogValue::from)
    }
}

impl From<&str> for LogValue {
    fn from(v: &str) -> LogValue {
        LogValue::Text(v.to_string())
    }
}

impl fmt::Display for LogValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogValue::Null => f.write_str("-"),
            LogValue::Int(i) => write!(f, "{i}"),
            LogValue::Text(s) => f.write_str(s),
            LogValue::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}

impl fmt::Display for LogEntry {
    /// The spec's line: `[alloc] tId=… allocating for tournament`,
    /// `[alloc.win] prize=p1 player=3 rank=1 …`, `[alloc] queue=3 prizes in
    /// queue`, `[alloc] done: allocated=3 …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.event.tag())?;
        if self.event == LogEvent::Done {
            f.write_str(" done:")?;
        }
        for field in &self.fields {
            write!(f, " {}={}", field.key, field.value)?;
        }
        match self.event {
            LogEvent::Start => f.write_str(" allocating for tournament"),
            LogEvent::Queue => f.write_str(" prizes in queue"),
            _ => Ok(()),
        }
    }
}
