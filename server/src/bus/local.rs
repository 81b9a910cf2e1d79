//! The in-process bus.

use super::{Bus, BusMsg, Control, LiveEvent, LOCAL_CAPACITY};
use std::sync::Arc;
use tokio::sync::broadcast;

/// A bus inside one process: a tokio broadcast channel.
#[derive(Clone, Debug)]
pub struct LocalBus {
    tx: broadcast::Sender<BusMsg>,
}

impl Default for LocalBus {
    fn default() -> LocalBus {
        LocalBus { tx: broadcast::channel(LOCAL_CAPACITY).0 }
    }
}

impl LocalBus {
    /// Delivers a message to this process's subscribers (none listening is fine).
    pub fn deliver(&self, msg: BusMsg) {
        let _ = self.tx.send(msg);
    }
}

impl Bus for LocalBus {
    fn publish(&self, events: Vec<Arc<LiveEvent>>) {
        for e in events {
            self.deliver(BusMsg::Event(e));
        }
    }

    fn control(&self, msg: Control) {
        self.deliver(BusMsg::Control(Arc::new(msg)));
    }

    fn subscribe(&self) -> broadcast::Receiver<BusMsg> {
        self.tx.subscribe()
    }

    fn is_healthy(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "local"
    }
}
